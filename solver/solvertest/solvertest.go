// Package solvertest is the conformance suite every physical solver of knotsim passes (pbd,
// dvi, implicit): closed forms of statics (catenary, Euler–Bernoulli
// cantilever, axial force), conservation (momentum, energy that never grows without input),
// inextensibility, contact and Coulomb friction (on an incline, and summed round a pole: the
// capstan equation), reported contact forces that balance the loads at rest (floor, incline,
// pole, a thread draped on another), no pass-through under fast random tool
// motion with the knot type checked, robustness to absurd input, determinism and no
// allocation per step.
//
// A solver's own test calls Run with a Factory:
//
//	func TestConformance(t *testing.T) {
//		solvertest.Run(t, func(det collide.Detector) (solver.Physical, error) { return New(DefaultParams(), det) })
//	}
//
// Each check builds its world by hand (rope.State, world.World, tools) with a material
// literal, so the suite depends on no scene format, and names the closed form or the paper
// figure it reproduces.
package solvertest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Factory returns a fresh solver that uses det for self-contact detection.
type Factory func(det collide.Detector) (solver.Physical, error)

// G is standard gravity, m/s².
const G = 9.81

// Down is the gravity of the suite, m/s²: −z.
var Down = vec.V3{Z: -G}

// Suture is a USP 3-0 nylon-like monofilament (ρ = 1140 kg/m³, E = 2 GPa, ν = 0.4), the
// thread of most checks. Damping settles the statics quickly.
var Suture = material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8,
	Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 5}

// SutureRadius is the radius of a USP 3-0 suture, m.
const SutureRadius = 0.1e-3

// Cord is a 10 mm kernmantle rope (62–65 g/m, effective E from EN 892 elongation; the
// material package's climbing-rope-10mm preset), the rope of the knot checks at R = 5 mm.
var Cord = material.Material{Density: 802, Young: 117e6, Shear: 39e6,
	Friction: material.Friction{Static: 0.47, Kinetic: 0.4}, Damping: 0.5}

// Run runs every check of the suite as a subtest.
func Run(t *testing.T, f Factory) { RunExcept(t, f, nil) }

// RunExcept runs the suite like Run, except that the checks named in known (check name →
// why the solver does not pass it yet, with the issue that tracks it) are reported as skipped
// with that reason. A solver is not done while it has any.
func RunExcept(t *testing.T, f Factory, known map[string]string) {
	checks := []struct {
		name string
		fn   func(*testing.T, Factory)
	}{
		{"RefusesRopeWithoutMaterial", RefusesRopeWithoutMaterial},
		{"Catenary", Catenary},
		{"Cantilever", Cantilever},
		{"AxialForceSeed004Fig8", AxialForce},
		{"HangingWeightOnTool", HangingWeight},
		{"Inextensible10N", Inextensible},
		{"MomentumConserved", Momentum},
		{"EnergyNeverGrows", EnergyNeverGrows},
		{"RestsOnPlane", RestsOnPlane},
		{"StartsDeepInFloor", StartsDeepInFloor},
		{"CoulombFrictionOnIncline", FrictionIncline},
		{"CapstanRoundPole", Capstan},
		{"ContactForcesBalance", ContactForces},
		{"NoPassThroughFastTools", NoPassThrough},
		{"AbsurdInputStaysFinite", AbsurdInput},
		{"Deterministic", Deterministic},
		{"NoAllocationPerStep", NoAllocation},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if why, ok := known[c.name]; ok {
				t.Skipf("known failure: %s", why)
			}
			c.fn(t, f)
		})
	}
	for name := range known {
		if !slices.ContainsFunc(checks, func(c struct {
			name string
			fn   func(*testing.T, Factory)
		}) bool {
			return c.name == name
		}) {
			t.Errorf("known failure %q names no check of the suite", name)
		}
	}
}

// Build returns a world with one rope through pts (material m, radius r, link rest length
// link), the solver from f with the bvh detector, h = 1 ms, gravity g and obstacles obs.
func Build(t testing.TB, f Factory, m material.Material, r, link float64, pts []vec.V3, g vec.V3, obs ...shape.Shape) *world.World {
	t.Helper()
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: r, Link: link, Pos: pts, Material: m}); err != nil {
		t.Fatal(err)
	}
	return newWorld(t, f, st, g, obs...)
}

// newWorld returns a world of st with the solver from f (bvh detector), h = 1 ms, gravity g and
// obstacles obs.
func newWorld(t testing.TB, f Factory, st *rope.State, g vec.V3, obs ...shape.Shape) *world.World {
	t.Helper()
	det, err := collide.New("bvh")
	if err != nil {
		t.Fatal(err)
	}
	s, err := f(det)
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(st, world.Config{Dt: 1e-3, Solver: s, Gravity: g, Obstacles: obs})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// Line returns n+1 points from a, n equal links towards b.
func Line(a, b vec.V3, n int) []vec.V3 {
	p := make([]vec.V3, n+1)
	for i := range p {
		p[i] = a.Lerp(b, float64(i)/float64(n))
	}
	return p
}

// Pin adds a position tool holding node at its current position.
func Pin(w *world.World, node int) int {
	return w.AddTool(world.Tool{Name: "pin", Node: node, Target: w.State.Pos[node], Active: true})
}

// Steps steps w n times, failing on error.
func Steps(t testing.TB, w *world.World, n int) {
	t.Helper()
	for range n {
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
}

func physical(w *world.World) solver.Physical { return w.Solver.(solver.Physical) }

// maxSpeed is the largest node speed, m/s.
func maxSpeed(w *world.World) float64 {
	p := physical(w)
	v := 0.0
	for i := range w.State.Pos {
		v = math.Max(v, p.Velocity(i).Norm())
	}
	return v
}

// RefusesRopeWithoutMaterial: a physical solver needs masses; a rope without a material is
// an error at Reset, not a silent default.
func RefusesRopeWithoutMaterial(t *testing.T, f Factory) {
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.001, Link: 0.01, Pos: Line(vec.V3{}, vec.V3{X: 0.1}, 10)}); err != nil {
		t.Fatal(err)
	}
	s, err := f(collide.Brute{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Reset(st); err == nil {
		t.Error("Reset accepted a rope without a material")
	}
}

// Catenary: a chain hanging between two fixed tools takes the catenary of its length and end
// points, y = a·cosh(x/a) + c with L = 2a·sinh(D/2a); max deviation ≤ 1 % of the span once at
// rest. The thread is soft in bending (E = 10 MPa: the bending boundary layer √(EI/T) is a
// few mm) so the closed form of a perfectly flexible chain applies.
func Catenary(t *testing.T, f Factory) {
	const span, length, n = 1.0, 1.3, 65
	m := material.Material{Density: 1140, Young: 1e7, Shear: 1e7 / 2.8, Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 8}
	// Start on a V of the right length (the chain settles from there).
	h := math.Sqrt((length/2)*(length/2) - (span/2)*(span/2))
	var pts []vec.V3
	pts = append(pts, Line(vec.V3{X: -span / 2}, vec.V3{Z: -h}, n/2)...)
	pts = append(pts, Line(vec.V3{Z: -h}, vec.V3{X: span / 2}, n-n/2)[1:]...)
	link := length / n
	w := Build(t, f, m, 0.5e-3, link, pts, Down)
	Pin(w, 0)
	Pin(w, n)
	Steps(t, w, 6000)
	if v := maxSpeed(w); v > 1e-3 {
		t.Errorf("not at rest after 6 s: %.3g m/s", v)
	}
	// a from L = 2a·sinh(D/(2a)) by bisection.
	lo, hi := 0.01, 100.0
	for range 200 {
		a := (lo + hi) / 2
		if 2*a*math.Sinh(span/(2*a)) > length {
			lo = a
		} else {
			hi = a
		}
	}
	a := (lo + hi) / 2
	cat := func(x float64) float64 { return a*math.Cosh(x/a) - a*math.Cosh(span/(2*a)) }
	worst := 0.0
	for _, p := range w.State.Pos {
		worst = math.Max(worst, math.Abs(p.Z-cat(p.X)))
	}
	t.Logf("catenary a = %.4f m, sag %.4f m; worst deviation %.3g m = %.3f %% of the span", a, -cat(0), worst, 100*worst/span)
	if worst > 0.01*span {
		t.Errorf("deviation from the catenary %.3g m > 1 %% of the span", worst)
	}
}

// Cantilever: clamped by tools on its first two nodes, a thread under its own weight bends
// its tip down by δ = ρgAL⁴/(8EI) (Euler–Bernoulli, small deflection), within 3 %. L is the
// free length from the clamp (node 1) to the tip.
func Cantilever(t *testing.T, f Factory) {
	const n, link, r = 81, 0.0025, 1e-3
	m := material.Material{Density: 1000, Young: 1e9, Shear: 1e9 / 2.6, Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 20}
	w := Build(t, f, m, r, link, Line(vec.V3{}, vec.V3{X: n * link}, n), Down)
	Pin(w, 0)
	Pin(w, 1)
	Steps(t, w, 5000)
	if v := maxSpeed(w); v > 1e-4 {
		t.Errorf("not at rest after 5 s: %.3g m/s", v)
	}
	sec := m.Section(r)
	L := float64(n-1) * link
	want := sec.MassPerLen * G * math.Pow(L, 4) / (8 * sec.Bend)
	got := -w.State.Pos[n].Z
	t.Logf("tip deflection %.5g m, Euler–Bernoulli %.5g m (L = %.3g m, δ/L = %.3f): %+.2f %%", got, want, L, want/L, 100*(got/want-1))
	if math.Abs(got/want-1) > 0.03 {
		t.Errorf("tip deflection %.5g m differs from ρgAL⁴/8EI = %.5g m by more than 3 %%", got, want)
	}
}

// AxialForce reproduces seed 004 (Wang et al. 2017) Fig. 8–9: a thread pinned at its left end
// and pulled at its right end by a constant 0.1 N force tool, no gravity. Once at rest the
// tension of every link, and the force the pin reports, are 0.1 N within 1 %.
func AxialForce(t *testing.T, f Factory) {
	const n = 40
	w := Build(t, f, Suture, SutureRadius, 0.01, Line(vec.V3{}, vec.V3{X: 0.4}, n), vec.V3{})
	pin := Pin(w, 0)
	w.AddTool(world.Tool{Name: "pull", Node: n, Mode: solver.HoldForce, Force: vec.V3{X: 0.1}, Active: true})
	// Start bent a little so that the force has to straighten it.
	for i := range w.State.Pos {
		w.State.Pos[i].Y = 0.02 * math.Sin(math.Pi*float64(i)/n)
	}
	Steps(t, w, 4000)
	p := physical(w)
	worst := 0.0
	all := p.AppendTensions(nil)
	if len(all) != w.State.NumSegs() {
		t.Fatalf("AppendTensions gave %d values for %d segments", len(all), w.State.NumSegs())
	}
	for s := range w.State.NumSegs() {
		worst = math.Max(worst, math.Abs(p.Tension(s)-0.1))
		if all[s] != p.Tension(s) {
			t.Fatalf("segment %d: AppendTensions %v, Tension %v", s, all[s], p.Tension(s))
		}
	}
	fp := w.Tools[pin].Applied
	t.Logf("worst link tension error %.3g N; pin force %v", worst, fp)
	if worst > 0.001 {
		t.Errorf("a link's tension is off 0.1 N by %.3g N (> 1 %%)", worst)
	}
	if math.Abs(fp.Norm()-0.1) > 0.001 || fp.X > -0.099 {
		t.Errorf("the pin exerts %v N on the rope; want (−0.1, 0, 0) within 1 %%", fp)
	}
	if ff := w.Tools[pin+1].Applied; ff != (vec.V3{X: 0.1}) {
		t.Errorf("the force tool reports %v, want its force (0.1, 0, 0)", ff)
	}
}

// HangingWeight: a thread hanging from one position tool at rest; the tool carries its whole
// weight (force on the rope = +m·g up) within 1 %, and the top link's tension equals it.
func HangingWeight(t *testing.T, f Factory) {
	const n, link = 50, 0.01
	w := Build(t, f, Suture, SutureRadius, link, Line(vec.V3{}, vec.V3{Z: -n * link}, n), Down)
	pin := Pin(w, 0)
	Steps(t, w, 3000)
	weight := Suture.Section(SutureRadius).MassPerLen * n * link * G
	fz := w.Tools[pin].Applied.Z
	t.Logf("tool force %.5g N, weight %.5g N; top link tension %.5g N", fz, weight, physical(w).Tension(0))
	if math.Abs(fz/weight-1) > 0.01 {
		t.Errorf("the tool holds %.5g N, the thread weighs %.5g N", fz, weight)
	}
	// The top link carries the weight below its midpoint... within the lumped mass of a node.
	if tt := physical(w).Tension(0); math.Abs(tt/weight-1) > 0.03 {
		t.Errorf("top link tension %.5g N, weight %.5g N", tt, weight)
	}
}

// Inextensible: a 1 m suture of 100 links pinned at one end and pulled by 10 N at the other
// (suddenly, across its length), h = 1 ms, 0.5 s: its length never drifts by more than 0.1 %.
func Inextensible(t *testing.T, f Factory) {
	const n = 100
	w := Build(t, f, Suture, SutureRadius, 0.01, Line(vec.V3{}, vec.V3{X: 1}, n), Down)
	Pin(w, 0)
	w.AddTool(world.Tool{Name: "pull", Node: n, Mode: solver.HoldForce, Force: vec.V3{X: 7, Y: 7, Z: 1.4}, Active: true})
	worst := 0.0
	for range 500 {
		Steps(t, w, 1)
		worst = math.Max(worst, math.Abs(w.State.Length(0)/w.State.RestLength(0)-1))
	}
	t.Logf("worst length drift %.4f %% under a %.3g N pull", 100*worst, math.Sqrt(49+49+1.96))
	if worst > 0.001 {
		t.Errorf("length drift %.4f %% > 0.1 %%", 100*worst)
	}
}

// Momentum: no gravity, no tools, no damping, no contact: a bent thread springing back keeps
// its linear momentum (zero) to round-off.
func Momentum(t *testing.T, f Factory) {
	const n = 30
	m := Suture
	m.Damping = 0
	// A bent thread at rest length (equal links), so that only its bending moves it.
	curve := Line(vec.V3{}, vec.V3{X: 0.3}, 300)
	for i := range curve {
		curve[i].Y = 0.03 * math.Sin(2*math.Pi*float64(i)/300)
		curve[i].Z = 0.01 * math.Cos(3*math.Pi*float64(i)/300)
	}
	pts := rope.Resample(curve, n)
	var length float64
	for i := 1; i < len(pts); i++ {
		length += pts[i].Dist(pts[i-1])
	}
	w := Build(t, f, m, SutureRadius, length/n, pts, vec.V3{})
	p := physical(w)
	mass := m.Section(SutureRadius).MassPerLen * w.State.RestLength(0)
	worst, kin := 0.0, 0.0
	for range 2000 {
		Steps(t, w, 1)
		ms := p.Measure(w.State, w.Gravity)
		worst = math.Max(worst, ms.Momentum.Norm())
		kin = math.Max(kin, ms.Kinetic)
	}
	// Scale: the momentum of the mass moving at the speed its kinetic energy implies.
	scale := math.Sqrt(2 * kin * mass)
	t.Logf("largest |momentum| %.3g kg·m/s against a scale of %.3g kg·m/s", worst, scale)
	if kin == 0 {
		t.Fatal("the bent thread never moved; the check proves nothing")
	}
	if worst > 1e-9*scale+1e-15 {
		t.Errorf("momentum %.3g kg·m/s is not conserved (scale %.3g)", worst, scale)
	}
}

// EnergyNeverGrows: seed 004 (Wang et al. 2017) Fig. 4–5. A straight thread of 1 m and 10 g
// pinned at its top, its centre line at φ = 0.45π from the horizontal x axis (so it swings
// about 9° from the vertical), no damping, swings for 10 s. The energy it can trade is the
// drop of its centre of mass to the vertical, E_swing = m·g·(L/2)·(1 − sin φ). Total energy
// (kinetic + gravity + elastic) never rises above its start by more than 5 % of E_swing.
// Solvers may dissipate (pbd does); none may create energy.
func EnergyNeverGrows(t *testing.T, f Factory) {
	const n, L, mass = 20, 1.0, 0.01
	m := material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8, Friction: material.Friction{Static: 0.3, Kinetic: 0.2}}
	r := math.Sqrt(mass / (m.Density * math.Pi * L))
	phi := 0.45 * math.Pi
	end := vec.V3{X: L * math.Cos(phi), Z: -L * math.Sin(phi)}
	w := Build(t, f, m, r, L/n, Line(vec.V3{}, end, n), Down)
	Pin(w, 0)
	p := physical(w)
	e0 := total(p.Measure(w.State, w.Gravity))
	swing := mass * G * L / 2 * (1 - math.Sin(phi))
	worst, moved := math.Inf(-1), 0.0
	for range 10000 {
		Steps(t, w, 1)
		ms := p.Measure(w.State, w.Gravity)
		worst = math.Max(worst, total(ms)-e0)
		moved = math.Max(moved, ms.Kinetic)
	}
	t.Logf("E_swing %.3g J; largest energy gain %.3g J (%.2f %% of it); energy change over 10 s %.3g J; peak kinetic %.3g J",
		swing, worst, 100*worst/swing, total(p.Measure(w.State, w.Gravity))-e0, moved)
	if moved < 0.3*swing {
		t.Fatalf("the pendulum hardly swung: peak kinetic energy %.3g J of %.3g J available", moved, swing)
	}
	if worst > 0.05*swing {
		t.Errorf("energy grew by %.3g J > 5 %% of E_swing", worst)
	}
}

func total(m solver.Measures) float64 { return m.Kinetic + m.Gravity + m.Elastic }

// RestsOnPlane: a thread dropped from 2 cm onto a floor comes to rest on it, never deeper
// than 0.25 R into it.
func RestsOnPlane(t *testing.T, f Factory) {
	const n, r = 40, 1e-3
	floor := shape.Shape{Kind: shape.Plane, Center: vec.V3{}, Axis: vec.V3{Z: 1}}
	pts := Line(vec.V3{Z: 0.02}, vec.V3{X: 0.4, Z: 0.03}, n)
	w := Build(t, f, Suture, r, pts[0].Dist(pts[1]), pts, Down, floor)
	worst := 0.0
	for range 3000 {
		Steps(t, w, 1)
		if g := w.Last.MinObsGap; !math.IsInf(g, 1) {
			worst = math.Max(worst, -g)
		}
	}
	for i, p := range w.State.Pos {
		if d := p.Z - r; math.Abs(d) > 0.25*r {
			t.Errorf("node %d rests %.3g R off the floor", i, d/r)
			break
		}
	}
	t.Logf("deepest into the floor %.3f R; speed at the end %.3g m/s", worst/r, maxSpeed(w))
	if worst > 0.25*r {
		t.Errorf("the thread went %.3f R into the floor", worst/r)
	}
	if v := maxSpeed(w); v > 1e-3 {
		t.Errorf("not at rest on the floor: %.3g m/s", v)
	}
}

// StartsDeepInFloor: a straight thread (links 2.5 R) laid 0.8 R deep into the floor, no
// gravity (a scene may start so, or a tool may press it in), is pushed out without an error
// to within 0.05 R of touching after 100 ms, and is not thrown: no node more than 0.5 R off
// the floor, none faster than 0.02 m/s (pushed out within 1 ms and kept as velocity, the push
// alone would be 0.8 m/s).
func StartsDeepInFloor(t *testing.T, f Factory) {
	const n, r = 40, 1e-3
	floor := shape.Shape{Kind: shape.Plane, Center: vec.V3{}, Axis: vec.V3{Z: 1}}
	pts := Line(vec.V3{Z: 0.2 * r}, vec.V3{X: n * 2.5 * r, Z: 0.2 * r}, n)
	w := Build(t, f, Suture, r, 2.5*r, pts, vec.V3{}, floor)
	Steps(t, w, 100)
	low := math.Inf(1)
	for _, p := range w.State.Pos {
		low = math.Min(low, p.Z)
	}
	t.Logf("lowest node %.3g R above the floor after 100 ms; speed %.3g m/s", low/r, maxSpeed(w))
	high := 0.0
	for _, p := range w.State.Pos {
		high = math.Max(high, p.Z)
	}
	if low < 0.95*r {
		t.Errorf("a node is still %.3g R deep in the floor after 100 ms", (r-low)/r)
	}
	if v := maxSpeed(w); v > 0.02 || high > 1.5*r {
		t.Errorf("the push-out threw the thread: %.3g m/s, %.3g R off the floor", v, (high-r)/r)
	}
}

// FrictionIncline: Coulomb friction. A thread lying along the slope of a plane tilted by θ
// stays where it is when tan θ < μs and slides when tan θ > μs; sliding, it accelerates at
// g(sin θ − μk cos θ) within 10 %.
func FrictionIncline(t *testing.T, f Factory) {
	for _, c := range []struct {
		tanTheta float64
		slides   bool
	}{{0.2, false}, {0.4, true}} {
		th := math.Atan(c.tanTheta)
		nrm := vec.V3{X: -math.Sin(th), Z: math.Cos(th)} // the slope falls towards +x
		down := vec.V3{X: math.Cos(th), Z: math.Sin(th)}.Scale(-1)
		plane := shape.Shape{Kind: shape.Plane, Center: vec.V3{}, Axis: nrm}
		const n, r = 20, 1e-3
		m := Suture
		m.Damping = 0
		a := nrm.Scale(r)
		pts := Line(a, a.Add(down.Scale(-0.2)), n)
		w := Build(t, f, m, r, 0.01, pts, Down, plane)
		Steps(t, w, 200) // settle the contact
		x0 := w.State.Pos[n/2]
		v0 := physical(w).Velocity(n / 2).Dot(down)
		const steps = 300
		Steps(t, w, steps)
		moved := w.State.Pos[n/2].Sub(x0).Dot(down)
		tt := float64(steps) * w.Dt
		t.Logf("tan θ = %.2f (μs %.2f, μk %.2f): moved %.4g m down the slope in %.2f s", c.tanTheta, m.Friction.Static, m.Friction.Kinetic, moved, tt)
		if !c.slides {
			if math.Abs(moved) > 1e-4 {
				t.Errorf("tan θ = %.2f < μs: the thread slid %.3g m", c.tanTheta, moved)
			}
			continue
		}
		acc := G * (math.Sin(th) - m.Friction.Kinetic*math.Cos(th))
		want := v0*tt + acc*tt*tt/2
		if math.Abs(moved/want-1) > 0.1 {
			t.Errorf("tan θ = %.2f > μs: slid %.4g m, kinetic friction gives %.4g m", c.tanTheta, moved, want)
		}
	}
}

// Capstan: friction summed along a wrap, the Euler–Eytelwein (capstan) equation, the reason a
// hitch round a pole holds. A rope (R = 2 mm, 5 mm links, μs = 0.3, μk = 0.25) half round a
// fixed pole (θ = π), no gravity, both ends pulled down by 0.5 N force tools until it rests, then one
// end's force ramped to k·0.5 N over 0.2 s: it holds (its heavy end moves less than 0.2 mm in
// the next 0.2 s) at k = 2.2, below e^(μs·π) = 2.57, and slides (more than 5 cm) at k = 3.
func Capstan(t *testing.T, f Factory) {
	CapstanWith(t, func() (*world.World, int) { return PoleWrap(t, f) })
}

// CapstanWith is Capstan's check on the wraps build makes (PoleWrap's rope round another
// pole: PoleWrapAround).
func CapstanWith(t *testing.T, build func() (*world.World, int)) {
	const r = PoleWrapRadius
	for _, c := range []struct {
		k      float64
		slides bool
	}{{2.2, false}, {3, true}} {
		w, hv := build()
		n := w.Tools[hv].Node
		settle(t, w)
		for i := 1; i <= 200; i++ {
			w.Tools[hv].Force = vec.V3{Z: -PoleWrapPull * (1 + (c.k-1)*float64(i)/200)}
			Steps(t, w, 1)
		}
		z := w.State.Pos[n].Z
		Steps(t, w, 200)
		moved := z - w.State.Pos[n].Z
		t.Logf("T_high/T_low = %.1f (e^(μs·π) = %.2f): the heavy end moved %.3g m in 0.2 s; worst overlap with the pole %.2g R",
			c.k, math.Exp(0.3*math.Pi), moved, w.Worst.ObsOverlap/r)
		if !c.slides && math.Abs(moved) > 2e-4 {
			t.Errorf("k = %.1f < e^(μs·π): the rope slid %.3g m round the pole", c.k, moved)
		}
		if c.slides && !(moved > 0.05) {
			t.Errorf("k = %.1f > e^(μs·π): the rope held (moved %.3g m)", c.k, moved)
		}
		if w.Worst.ObsOverlap > 0.25*r {
			t.Errorf("k = %.1f: the rope went %.2g R into the pole", c.k, w.Worst.ObsOverlap/r)
		}
	}
}

// settle steps w for at least 0.1 s and on until its kinetic energy is below 1 µJ (at most
// 3 s): a ramp must start from rest. The laid-out wrap is not in equilibrium (its curvature
// jumps where the tails leave the pole), and an integrator that keeps energy (dvi) still rings
// with 0.26 mJ after 0.1 s; the ringing makes the normal forces swing by ±40 % and a contact
// that slips in a trough goes on at kinetic friction.
func settle(t testing.TB, w *world.World) {
	t.Helper()
	Steps(t, w, 100)
	for i := 0; i < 2900 && physical(w).Measure(w.State, w.Gravity).Kinetic > 1e-6; i++ {
		Steps(t, w, 1)
	}
	if ke := physical(w).Measure(w.State, w.Gravity).Kinetic; ke > 1e-6 {
		t.Fatalf("the wrap still moves after 3 s: kinetic energy %.3g J", ke)
	}
}

// PoleWrapRadius and PoleWrapPull are the rope radius, m, and the light end's pull, N, of
// PoleWrap.
const (
	PoleWrapRadius = 0.002
	PoleWrapPull   = 0.5
)

// PoleWrap returns the world of the capstan checks: a rope (R = 2 mm, 5 mm links, 15 cm
// hanging each side, μs = 0.3, μk = 0.25, damping 2/s) laid half round a fixed pole of radius
// 2 cm along x, no gravity, both ends pulled down by PoleWrapPull force tools; and the index
// of the tool on its last node (the one to load).
func PoleWrap(t testing.TB, f Factory) (*world.World, int) {
	t.Helper()
	pole := shape.Shape{Kind: shape.Capsule, A: vec.V3{X: -0.2}, B: vec.V3{X: 0.2}, Radius: PoleWrapPole}
	return PoleWrapAround(t, f, pole)
}

// PoleWrapPole is the radius of PoleWrap's pole, m: its axis is the x axis, from −0.2 to 0.2 m.
const PoleWrapPole = 0.02

// PoleWrapAround is PoleWrap's rope round the obstacles obs instead of the pole (none: the
// caller adds its own, a rigid mesh of the pole's shape).
func PoleWrapAround(t testing.TB, f Factory, obs ...shape.Shape) (*world.World, int) {
	t.Helper()
	const (
		rp, r, l = PoleWrapPole, PoleWrapRadius, 0.005 // pole radius, rope radius, link, m
		tail     = 0.15                                // hanging length each side, m
	)
	rho := rp + r
	var pts []vec.V3
	for i := 0; i <= 100; i++ { // left side, from the bottom up
		pts = append(pts, vec.V3{Y: -rho, Z: -tail + tail*float64(i)/100})
	}
	for i := 1; i < 200; i++ { // over the top
		a := math.Pi * float64(i) / 200
		pts = append(pts, vec.V3{Y: -rho * math.Cos(a), Z: rho * math.Sin(a)})
	}
	for i := 0; i <= 100; i++ { // right side, down
		pts = append(pts, vec.V3{Y: rho, Z: -tail * float64(i) / 100})
	}
	m := material.Material{Density: 1140, Young: 2e6, Shear: 1e6, Friction: material.Friction{Static: 0.3, Kinetic: 0.25}, Damping: 2}
	length := 2*tail + math.Pi*rho
	n := int(math.Round(length / l))
	w := Build(t, f, m, r, length/float64(n), rope.Resample(pts, n), vec.V3{}, obs...)
	w.AddTool(world.Tool{Name: "light", Node: 0, Mode: solver.HoldForce, Force: vec.V3{Z: -PoleWrapPull}, Active: true})
	hv := w.AddTool(world.Tool{Name: "heavy", Node: n, Mode: solver.HoldForce, Force: vec.V3{Z: -PoleWrapPull}, Active: true})
	return w, hv
}

// Writhe is the Gauss double integral of the polyline p, midpoint rule over non-adjacent
// links (the plectoneme checks).
func Writhe(p []vec.V3) float64 {
	var wr float64
	for i := 0; i+1 < len(p); i++ {
		ti := p[i+1].Sub(p[i])
		mi := p[i].Add(p[i+1]).Scale(0.5)
		for j := i + 2; j+1 < len(p); j++ {
			tj := p[j+1].Sub(p[j])
			d := mi.Sub(p[j].Add(p[j+1]).Scale(0.5))
			r := d.Norm()
			wr += 2 * ti.Cross(tj).Dot(d) / (r * r * r)
		}
	}
	return wr / (4 * math.Pi)
}

// NoPassThrough: the invariant of issue 2 for physical solvers. A loose overhand knot in a
// 200-link rope (R = 5 mm, a climbing-rope cord), driven by three position tools on random
// paths at up to 2 m/s for 3 s (0.5 s with -short): the middle of the rope within 15 cm of the
// knot's centre, each end in its own half-space at least 30 cm beyond it (so that an end never
// threads back through the knot, which would untie an open rope legitimately). The knot type is
// checked every 50 cycles (a pass-through changes it), no two segments' centre lines meet
// between consecutive published states (collide.SweptSelf), no published state has non-adjacent
// segments deeper than 0.25 R into each other, and nothing turns NaN.
func NoPassThrough(t *testing.T, f Factory) {
	const r, link, links = 0.005, 0.01, 200
	pts, err := layout.Overhand(layout.Options{Links: links, Link: link, Radius: r})
	if err != nil {
		t.Fatal(err)
	}
	w := Build(t, f, Cord, r, link, pts, Down)
	center := pts[0].Lerp(pts[links], 0.5)
	mid := 0
	for i, p := range pts {
		if p.Dist(center) < pts[mid].Dist(center) {
			mid = i
		}
	}
	nodes := []int{0, mid, links}
	axis := pts[links].Sub(pts[0]).Unit()
	inside := func(i int, p vec.V3) bool {
		switch i {
		case 0:
			return p.Sub(center).Dot(axis) < -0.3
		case 2:
			return p.Sub(center).Dot(axis) > 0.3
		}
		return p.Dist(center) < 0.15
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var vel [3]vec.V3
	for _, nd := range nodes {
		w.AddTool(world.Tool{Name: "hand", Node: nd, Target: w.State.Pos[nd], Active: true})
	}
	want := identify(t, w)
	if want != "3_1" && want != "m3_1" {
		t.Fatalf("the start is %q, not a trefoil", want)
	}
	cycles := 3000
	if testing.Short() {
		cycles = 500
	}
	worst, contacts := 0.0, 0
	prev := append([]vec.V3(nil), w.State.Pos...)
	var crossed []collide.Crossing
	var sw collide.Swept
	swDet := collide.NewSphereBVH()
	for c := range cycles {
		for i := range nodes {
			if c%100 == 0 {
				vel[i] = vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit().Scale(0.5 + 1.5*rng.Float64())
			}
			tg := w.Tools[i].Target.Add(vel[i].Scale(w.Dt))
			if !inside(i, tg) { // turn back towards the knot (ends: along the axis, outwards)
				back := center.Sub(tg).Unit()
				if i != 1 {
					back = axis.Scale(float64(i - 1))
				}
				vel[i] = back.Scale(vel[i].Norm())
				tg = w.Tools[i].Target.Add(vel[i].Scale(w.Dt))
			}
			w.Tools[i].Target = tg
		}
		Steps(t, w, 1)
		// The exact test (continuous detection, seed 003 §3.8): no two segments' centre lines
		// meet while the nodes move in a straight line from the last published state
		// (collide.Swept: SweptSelf's answer through a broad phase of its own).
		if crossed = sw.Self(crossed[:0], prev, w.State, swDet); len(crossed) > 0 {
			t.Fatalf("cycle %d: segments %d and %d pass through each other (their centre lines meet at %.3f of the step)", w.Cycle, crossed[0].A, crossed[0].B, crossed[0].T)
		}
		copy(prev, w.State.Pos)
		contacts += w.Last.SelfContacts
		if g := w.Last.MinSelfGap; !math.IsInf(g, 1) {
			worst = math.Max(worst, -g)
		}
		if c%50 == 49 {
			if got := identify(t, w); got != want {
				t.Fatalf("cycle %d: the knot changed from %s to %s (a pass-through)", w.Cycle, want, got)
			}
		}
	}
	t.Logf("%d cycles: worst overlap %.3f R, %d self contacts in all", cycles, worst/r, contacts)
	if contacts < cycles/10 {
		t.Errorf("only %d self contacts in %d cycles; the motion does not exercise collisions", contacts, cycles)
	}
	if worst > 0.25*r {
		t.Errorf("non-adjacent segments %.3f R deep into each other (bound 0.25 R)", worst/r)
	}
}

func identify(t testing.TB, w *world.World) string {
	t.Helper()
	res, err := knot.Identify(w.State.Pos, knot.Options{})
	if err != nil {
		t.Fatalf("cycle %d: identify: %v", w.Cycle, err)
	}
	return res.Short
}

// AbsurdInput: a 1 MN force tool, a tool target a kilometre away: the step fails with an
// error or stays finite; it never publishes NaN.
func AbsurdInput(t *testing.T, f Factory) {
	for _, c := range []world.Tool{
		{Name: "huge force", Node: 20, Mode: solver.HoldForce, Force: vec.V3{X: 1e6, Y: -3e5}, Active: true},
		{Name: "far target", Node: 20, Target: vec.V3{X: 1000, Z: -500}, Active: true},
	} {
		w := Build(t, f, Suture, SutureRadius, 0.01, Line(vec.V3{}, vec.V3{X: 0.2}, 20), Down)
		Pin(w, 0)
		w.AddTool(c)
		for range 200 {
			if err := w.Step(); err != nil {
				t.Logf("%s: refused: %v", c.Name, err)
				break
			}
		}
		for i, p := range w.State.Pos {
			if !p.IsFinite() && !w.Worst.NonFinite {
				t.Fatalf("%s: node %d is %v", c.Name, i, p)
			}
		}
		if w.Worst.NonFinite {
			t.Errorf("%s: the state turned non-finite (the world caught it, the solver should not produce it)", c.Name)
		}
	}
}

// Deterministic: the same world stepped twice gives the same bits.
func Deterministic(t *testing.T, f Factory) {
	run := func() []vec.V3 {
		pts, err := layout.Overhand(layout.Options{Links: 80, Link: 0.01, Radius: 0.004})
		if err != nil {
			t.Fatal(err)
		}
		w := Build(t, f, Suture, 0.004, 0.01, pts, Down)
		w.AddTool(world.Tool{Node: 0, Target: w.State.Pos[0].Add(vec.V3{X: -0.05}), Active: true})
		w.AddTool(world.Tool{Node: 80, Mode: solver.HoldForce, Force: vec.V3{X: 0.05}, Active: true})
		Steps(t, w, 300)
		return append([]vec.V3(nil), w.State.Pos...)
	}
	a, b := run(), run()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("node %d: %v then %v", i, a[i], b[i])
		}
	}
}

// NoAllocation: a warm step allocates nothing (tools, contacts and an obstacle included).
func NoAllocation(t *testing.T, f Factory) {
	pts, err := layout.Overhand(layout.Options{Links: 80, Link: 0.01, Radius: 0.004})
	if err != nil {
		t.Fatal(err)
	}
	floor := shape.Shape{Kind: shape.Plane, Center: vec.V3{Z: -0.05}, Axis: vec.V3{Z: 1}}
	w := Build(t, f, Suture, 0.004, 0.01, pts, Down, floor)
	w.AddTool(world.Tool{Node: 0, Target: w.State.Pos[0], Active: true})
	w.AddTool(world.Tool{Node: 80, Mode: solver.HoldForce, Force: vec.V3{X: 0.05}, Active: true})
	Steps(t, w, 100)
	if a := testing.AllocsPerRun(50, func() {
		w.Tools[0].Target = w.Tools[0].Target.Add(vec.V3{X: -1e-4})
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("%.1f allocations per step", a)
	}
}

// ContactForces: the solver reports its contacts with their forces (solver.ContactReporter,
// what a forceps' haptic force and the viewer's contact arrows read), and once at rest they
// balance the loads, averaged over 50 steps:
//   - a thread lying on a floor: the floor's contact forces sum to the thread's weight within
//     2 %, with no net friction (under 2 % of it);
//   - a thread lying along the slope of a plane tilted by θ: the normal forces sum to
//     mg·cos θ within 2 %; the friction to mg·sin θ within 5 % while it holds (tan θ = 0.2,
//     μs = 0.3), to μk times the normal force while it slides (tan θ = 0.4);
//   - the capstan wrap (PoleWrap, the heavy end at 2 × 0.5 N): the pole's contact forces and the
//     tools' sum to zero within 2 % of the tools' 1.5 N;
//   - a thread draped across another held taut by its ends: the self contacts' forces on the
//     draped thread (segment A's force, B's the opposite) sum to its weight within 3 %.
func ContactForces(t *testing.T, f Factory) {
	const avg = 50
	// on returns the average over avg steps of the contact forces on strand k (−1: all of
	// it, obstacle contacts only when obsOnly) of w.
	on := func(t *testing.T, w *world.World, k int, obsOnly bool) (sum, fric vec.V3) {
		t.Helper()
		cr, ok := w.Solver.(solver.ContactReporter)
		if !ok {
			t.Fatalf("%T does not report its contacts (solver.ContactReporter)", w.Solver)
		}
		in := func(seg int) bool {
			if k < 0 {
				return true
			}
			s := &w.State.Strands[k]
			return seg >= s.FirstSeg && seg < s.FirstSeg+s.Links()
		}
		var cs []solver.Contact
		for range avg {
			Steps(t, w, 1)
			cs = cr.AppendContacts(cs[:0])
			for _, c := range cs {
				if obsOnly && c.Obstacle < 0 {
					continue
				}
				if c.Fn < 0 || !c.Normal.IsFinite() || !c.Ft.IsFinite() || math.Abs(c.Ft.Dot(c.Normal)) > 1e-9*(c.Fn+c.Ft.Norm()) {
					t.Fatalf("cycle %d: contact %+v: a normal force below 0, or friction not in the tangent plane", w.Cycle, c)
				}
				F := c.Normal.Scale(c.Fn).Add(c.Ft)
				if in(c.A) {
					sum, fric = sum.Add(F.Scale(1.0/avg)), fric.Add(c.Ft.Scale(1.0/avg))
				}
				if c.B >= 0 && in(c.B) {
					sum, fric = sum.Sub(F.Scale(1.0/avg)), fric.Sub(c.Ft.Scale(1.0/avg))
				}
			}
		}
		return sum, fric
	}
	t.Run("floor", func(t *testing.T) {
		const n, r = 40, 1e-3
		floor := shape.Shape{Kind: shape.Plane, Center: vec.V3{}, Axis: vec.V3{Z: 1}}
		pts := Line(vec.V3{Z: r}, vec.V3{X: 0.2, Z: r}, n)
		w := Build(t, f, Suture, r, pts[0].Dist(pts[1]), pts, Down, floor)
		Steps(t, w, 200)
		sum, fric := on(t, w, -1, true)
		weight := Suture.Section(r).MassPerLen * 0.2 * G
		t.Logf("floor: %.5g N for a weight of %.5g N (friction %.3g N)", sum, weight, fric.Norm())
		if e := sum.Sub(vec.V3{Z: weight}).Norm(); e > 0.02*weight {
			t.Errorf("the floor pushes %v N on a thread of weight %.5g N", sum, weight)
		}
		if fric.Norm() > 0.02*weight {
			t.Errorf("a thread at rest on a level floor gets %.3g N of friction", fric.Norm())
		}
	})
	for _, c := range []struct {
		tanTheta float64
		slides   bool
	}{{0.2, false}, {0.4, true}} {
		t.Run(fmt.Sprintf("incline %.1f", c.tanTheta), func(t *testing.T) {
			th := math.Atan(c.tanTheta)
			nrm := vec.V3{X: -math.Sin(th), Z: math.Cos(th)}
			plane := shape.Shape{Kind: shape.Plane, Center: vec.V3{}, Axis: nrm}
			const n, r = 20, 1e-3
			m := Suture
			m.Damping = 0
			a := nrm.Scale(r)
			pts := Line(a, a.Add(vec.V3{X: math.Cos(th), Z: math.Sin(th)}.Scale(0.2)), n)
			w := Build(t, f, m, r, 0.01, pts, Down, plane)
			Steps(t, w, 200)
			sum, fric := on(t, w, -1, true)
			weight := m.Section(r).MassPerLen * 0.2 * G
			fn := sum.Dot(nrm)
			t.Logf("incline tan θ = %.1f: normal %.5g N (mg cos θ = %.5g), friction %.5g N (mg sin θ = %.5g, μk·N = %.5g)",
				c.tanTheta, fn, weight*math.Cos(th), fric.Norm(), weight*math.Sin(th), m.Friction.Kinetic*fn)
			if e := fn/(weight*math.Cos(th)) - 1; math.Abs(e) > 0.02 {
				t.Errorf("normal force %.5g N, want mg cos θ = %.5g N", fn, weight*math.Cos(th))
			}
			want := weight * math.Sin(th) // held: friction carries the slope's pull
			if c.slides {
				want = m.Friction.Kinetic * fn
			}
			if e := fric.Norm()/want - 1; math.Abs(e) > 0.05 {
				t.Errorf("friction %.5g N, want %.5g N", fric.Norm(), want)
			}
		})
	}
	t.Run("pole", func(t *testing.T) {
		w, hv := PoleWrap(t, f)
		w.Tools[hv].Force = vec.V3{Z: -2 * PoleWrapPull}
		settle(t, w)
		sum, _ := on(t, w, -1, true)
		tools := w.Tools[0].Force.Add(w.Tools[1].Force)
		t.Logf("pole: %.5g N against the tools' %.5g N", sum, tools)
		if e := sum.Add(tools).Norm(); e > 0.02*tools.Norm() {
			t.Errorf("the pole pushes %v N against the tools' %v N: %.3g N left over", sum, tools, e)
		}
	})
	t.Run("draped", func(t *testing.T) {
		const r, n = 1e-3, 30
		m := Suture
		m.Damping = 5
		m.Friction = material.Friction{Static: 0.5, Kinetic: 0.4}
		st := &rope.State{}
		// The held thread along x at z = 0; the draped one across it along y, on it.
		if _, err := st.Add(rope.Spec{Radius: r, Link: 0.1 / n, Pos: Line(vec.V3{X: -0.05}, vec.V3{X: 0.05}, n), Material: m}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Add(rope.Spec{Radius: r, Link: 0.1 / n, Pos: Line(vec.V3{Y: -0.05, Z: 2.2 * r}, vec.V3{Y: 0.05, Z: 2.2 * r}, n), Material: m}); err != nil {
			t.Fatal(err)
		}
		w := newWorld(t, f, st, Down)
		Pin(w, 0)
		Pin(w, n)
		settle(t, w)
		sum, _ := on(t, w, 1, false)
		weight := m.Section(r).MassPerLen * 0.1 * G
		t.Logf("draped: %.5g N for a weight of %.5g N", sum, weight)
		if e := sum.Sub(vec.V3{Z: weight}).Norm(); e > 0.03*weight {
			t.Errorf("the held thread pushes %v N on the draped one of weight %.5g N", sum, weight)
		}
	})
}
