package dvi

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// thread returns a world with one straight thread of n links from a to b, total mass M (kg),
// radius r, the dvi solver with params p, gravity g and h = 1 ms.
func thread(t testing.TB, p Params, n int, a, b vec.V3, M, r float64, g vec.V3, m material.Material) (*world.World, *Solver) {
	t.Helper()
	pts := make([]vec.V3, n+1)
	for i := range pts {
		pts[i] = a.Lerp(b, float64(i)/float64(n))
	}
	return ropeWorld(t, p, pts, M, r, g, m)
}

// ropeWorld returns a world with one rope through pts (links of the mean spacing), total mass
// M (kg, which sets m's density), radius r, the dvi solver with params p and the bvh detector,
// gravity g and h = 1 ms.
func ropeWorld(t testing.TB, p Params, pts []vec.V3, M, r float64, g vec.V3, m material.Material) (*world.World, *Solver) {
	t.Helper()
	var L float64
	for i := 1; i < len(pts); i++ {
		L += pts[i].Dist(pts[i-1])
	}
	m.Density = M / (math.Pi * r * r * L)
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: r, Link: L / float64(len(pts)-1), Pos: pts, Material: m}); err != nil {
		t.Fatal(err)
	}
	det, err := collide.New("bvh")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(p, det)
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(st, world.Config{Dt: 1e-3, Solver: s, Gravity: g})
	if err != nil {
		t.Fatal(err)
	}
	return w, s
}

// soft is a limp thread's material: bending negligible next to gravity at 1 m.
var soft = material.Material{Density: 1000, Young: 1e6, Shear: 1e6 / 2.8, Friction: material.Friction{Static: 0.3, Kinetic: 0.2}}

func steps(t testing.TB, w *world.World, n int) {
	t.Helper()
	for range n {
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
}

func energy(m solver.Measures) float64 { return m.Kinetic + m.Gravity + m.Elastic }

// Seed 004 (Wang et al. 2017) Fig. 4–5: a 1 m, 10 g thread pinned at its top, straight at
// φ = 0.45π below the horizontal, no drag or dissipation, swings; its total energy stays
// bounded and does not drift (the variational integrator's hallmark). The paper runs 1000 s;
// here 100 s (10 s with -short), 20 links, h = 1 ms, at the substep count the solver picks
// (it changes as the swing speeds up). E_swing = m·g·(L/2)·(1 − sin φ) =
// 6.04e-4 J is the energy the pendulum trades. Asserted: |E − E₀| ≤ 1 % of E_swing at every
// step, and the least-squares drift of E over the run below 0.1 % of E_swing.
func TestEnergyPendulumSeed004Fig4(t *testing.T) {
	const L, M, n = 1.0, 0.01, 20
	phi := 0.45 * math.Pi
	end := vec.V3{X: L * math.Cos(phi), Z: -L * math.Sin(phi)}
	p := DefaultParams()
	w, s := thread(t, p, n, vec.V3{}, end, M, 1e-3, vec.V3{Z: -9.81}, soft)
	w.AddTool(world.Tool{Name: "pin", Node: 0, Target: vec.V3{}, Active: true})
	swing := M * 9.81 * L / 2 * (1 - math.Sin(phi))
	e0 := energy(s.Measure(w.State, w.Gravity))
	secs := 100
	if testing.Short() {
		secs = 10
	}
	var worst, peakK float64
	var sx, sy, sxx, sxy, cnt float64
	for k := 0; k < secs*1000; k++ {
		steps(t, w, 1)
		ms := s.Measure(w.State, w.Gravity)
		e := energy(ms) - e0
		worst = math.Max(worst, math.Abs(e))
		peakK = math.Max(peakK, ms.Kinetic)
		x := float64(k) * 1e-3
		sx, sy, sxx, sxy, cnt = sx+x, sy+e, sxx+x*x, sxy+x*e, cnt+1
	}
	slope := (cnt*sxy - sx*sy) / (cnt*sxx - sx*sx) // J/s
	drift := slope * float64(secs)
	t.Logf("%d s: E_swing %.3g J, peak kinetic %.3g J, largest |E − E₀| %.3g J (%.3f %% of E_swing), least-squares drift %.3g J (%.4f %%)",
		secs, swing, peakK, worst, 100*worst/swing, drift, 100*drift/swing)
	if peakK < 0.5*swing {
		t.Fatalf("the pendulum hardly swung (peak kinetic %.3g J of %.3g J)", peakK, swing)
	}
	if worst > 0.01*swing {
		t.Errorf("|E − E₀| reached %.3g J, more than 1 %% of E_swing", worst)
	}
	if math.Abs(drift) > 1e-3*swing {
		t.Errorf("energy drifts %.3g J over %d s, more than 0.1 %% of E_swing", drift, secs)
	}
}

// Seed 004 Fig. 6–7: no gravity, drag or dissipation; a straight 1 m, 10 g thread whose ends
// are launched at ±0.05 m/s (a rigid spin of 0.1 rad/s about its centre, every node on the
// linear profile) keeps its linear momentum (zero) and its angular momentum to round-off
// (SHAKE conserves both exactly), and its tension is the centripetal one,
// T(r) = μ·ω²·(L²/4 − r²)/2 (1.25e-5 N at the centre). 100 s (10 s with -short).
func TestMomentumSeed004Fig6(t *testing.T) {
	const L, M, n, om = 1.0, 0.01, 20, 0.1
	w, s := thread(t, DefaultParams(), n, vec.V3{X: -L / 2}, vec.V3{X: L / 2}, M, 1e-3, vec.V3{}, soft)
	for i := 0; i <= n; i++ {
		x := w.State.Pos[i].X
		if err := s.SetVelocity(i, vec.V3{Y: om * x}); err != nil {
			t.Fatal(err)
		}
	}
	angular := func() vec.V3 {
		var l vec.V3
		for i, p := range w.State.Pos {
			l = l.Add(p.Cross(s.v[i].Scale(s.m[i])))
		}
		return l
	}
	secs := 100
	if testing.Short() {
		secs = 10
	}
	steps(t, w, 1)
	L0 := angular()
	var worstP, worstL float64
	for range secs * 100 {
		steps(t, w, 10)
		worstP = math.Max(worstP, s.Measure(w.State, w.Gravity).Momentum.Norm())
		worstL = math.Max(worstL, angular().Sub(L0).Norm()/L0.Norm())
	}
	mu := M / L
	want := mu * om * om * L * L / 8
	mid := s.Tension(n / 2)
	t.Logf("%d s: largest |p| %.3g kg·m/s, largest relative change of angular momentum %.3g; tension at the centre %.4g N (rigid spin: %.4g N)",
		secs, worstP, worstL, mid, want)
	if worstP > 1e-12 {
		t.Errorf("linear momentum %.3g kg·m/s is not conserved", worstP)
	}
	if worstL > 1e-9 {
		t.Errorf("angular momentum changed by %.3g of itself", worstL)
	}
	// The links' tension at the centre is that of the discrete chain: within 2 %.
	if math.Abs(mid/want-1) > 0.02 {
		t.Errorf("tension at the centre %.4g N, the spin's %.4g N", mid, want)
	}
}

// Seed 004 Fig. 8–9 with gravity: the left end pinned, a constant 0.1 N force tool at the
// right end along +x, a 1 m, 10 g thread: at rest the tension of the link at s (its middle,
// measured from the wall) carries the force and the weight of the thread beyond it,
// T(s) = √(F² + (μ·g·(L − s))²) — 0.140 N at the wall, 0.100 N at the end. Asserted within 1 %
// for every link after 20 s (damping settles it), and the tool reports exactly 0.1 N.
func TestAxialForceWithGravitySeed004Fig8(t *testing.T) {
	const L, M, n, F = 1.0, 0.01, 20, 0.1
	m := soft
	m.Damping = 2
	w, s := thread(t, DefaultParams(), n, vec.V3{}, vec.V3{X: L}, M, 1e-3, vec.V3{Z: -9.81}, m)
	w.AddTool(world.Tool{Name: "wall", Node: 0, Target: vec.V3{}, Active: true})
	w.AddTool(world.Tool{Name: "pull", Node: n, Mode: solver.HoldForce, Force: vec.V3{X: F}, Active: true})
	steps(t, w, 20000)
	mu := M / L
	var worst float64
	for j := 0; j < n; j++ {
		sMid := (float64(j) + 0.5) * L / n
		// The weight beyond the link's middle: the nodes after it (lumped masses).
		want := math.Hypot(F, mu*9.81*(L-sMid))
		worst = math.Max(worst, math.Abs(s.Tension(j)/want-1))
	}
	f, _ := s.GraspForce(n)
	t.Logf("tension at the wall %.4g N (closed form %.4g N), at the end %.4g N; worst link off by %.3f %%; tool %v N",
		s.Tension(0), math.Hypot(F, mu*9.81*(L-0.5*L/n)), s.Tension(n-1), 100*worst, f)
	if worst > 0.01 {
		t.Errorf("a link's tension is %.2f %% off the closed form", 100*worst)
	}
	if f != (vec.V3{X: F}) {
		t.Errorf("the force tool reports %v N, want exactly (0.1, 0, 0)", f)
	}
}

// A time step the integrator cannot hold is sub-stepped or an error naming the limit, never
// NaN: a stiff thread at h = 1 ms takes as many substeps as its bending needs; with
// MaxSubsteps below that the step is an error that names the bending stiffness.
func TestStepBeyondStabilityLimit(t *testing.T) {
	stiff := material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8, Friction: material.Friction{Static: 0.3, Kinetic: 0.2}}
	p := DefaultParams()
	w, s := thread(t, p, 40, vec.V3{}, vec.V3{X: 0.1}, 1e-4, 0.5e-3, vec.V3{Z: -9.81}, stiff)
	w.AddTool(world.Tool{Name: "pin", Node: 0, Target: vec.V3{}, Active: true})
	w.AddTool(world.Tool{Name: "pin1", Node: 1, Target: w.State.Pos[1], Active: true})
	steps(t, w, 200)
	t.Logf("substeps chosen: %d (bending ω² %.3g 1/s²)", s.LastSubsteps(), bendOmega2(s.sd[0].EI, s.sd[0].mass, 0.1/40))
	for _, p := range w.State.Pos {
		if !p.IsFinite() {
			t.Fatal("a position is not finite")
		}
	}
	p.MaxSubsteps = 2
	w2, _ := thread(t, p, 40, vec.V3{}, vec.V3{X: 0.1}, 1e-4, 0.5e-3, vec.V3{Z: -9.81}, stiff)
	err := w2.Step()
	t.Logf("with MaxSubsteps 2: %v", err)
	if err == nil {
		t.Fatal("a step beyond the bending stability limit with MaxSubsteps 2 was taken")
	}
}
