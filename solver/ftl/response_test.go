package ftl

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// twoRopes returns a state with one-link ropes: a along x at height za, b along y at height zb
// (both centred on the z axis), R = 0.5.
func crossing(t *testing.T, za, zb float64, extra ...float64) *rope.State {
	t.Helper()
	st := &rope.State{}
	add := func(p ...vec.V3) {
		if _, err := st.Add(rope.Spec{Radius: 0.5, Link: 1, Pos: p}); err != nil {
			t.Fatal(err)
		}
	}
	add(vec.V3{X: -0.5, Z: za}, vec.V3{X: 0.5, Z: za})
	add(vec.V3{Y: -0.5, Z: zb}, vec.V3{Y: 0.5, Z: zb})
	for _, z := range extra {
		add(vec.V3{Y: -0.5, Z: z}, vec.V3{Y: 0.5, Z: z})
	}
	return st
}

// Brown et al. 2004 §5, Fig. 5(a): two segments at distance d < 2R are each shifted along the
// line of closest points by R − d/2 + ε/2.
func TestResponseFig5a(t *testing.T) {
	st := crossing(t, 0.3, -0.3) // d = 0.6 < 2R = 1
	p := DefaultParams(0.5, 1)
	p.Iterations = 1
	s := newSolver(t, p)
	var out solver.Stats
	if err := s.Step(st, &solver.Input{}, &out); err != nil {
		t.Fatal(err)
	}
	want := 0.5 - 0.6/2 + p.Epsilon/2
	if got := st.Pos[0].Z - 0.3; math.Abs(got-want) > 1e-12 {
		t.Errorf("upper segment moved %v, want R − d/2 + ε/2 = %v", got, want)
	}
	if got := -0.3 - st.Pos[2].Z; math.Abs(got-want) > 1e-12 {
		t.Errorf("lower segment moved %v, want %v", got, want)
	}
	if out.Contacts != 1 || out.SelfContacts != 1 {
		t.Errorf("contacts %d/%d, want 1/1", out.SelfContacts, out.Contacts)
	}
}

// Fig. 5(b): a segment squeezed between two others receives the average of its two
// displacements (here they cancel), the outer ones their own; the later passes then remove
// the remaining overlap.
func TestResponseFig5bAveragesThenResolves(t *testing.T) {
	st := crossing(t, 0, 0.8, -0.8) // middle segment at 0, others 0.8 above and below
	p := DefaultParams(0.5, 1)
	p.Iterations = 1
	s := newSolver(t, p)
	var out solver.Stats
	if err := s.Step(st, &solver.Input{}, &out); err != nil {
		t.Fatal(err)
	}
	if z := st.Pos[0].Z; math.Abs(z) > 1e-12 {
		t.Errorf("squeezed segment moved to z = %v, want 0 (average of +/−)", z)
	}
	want := 0.8 + 0.5 - 0.8/2 + p.Epsilon/2
	if z := st.Pos[2].Z; math.Abs(z-want) > 1e-12 {
		t.Errorf("upper segment at z = %v, want %v", z, want)
	}
	// With more passes nothing overlaps at the end of the cycle.
	st = crossing(t, 0, 0.8, -0.8)
	s = newSolver(t, DefaultParams(0.5, 1))
	if err := s.Step(st, &solver.Input{}, &out); err != nil {
		t.Fatal(err)
	}
	if d := st.MinSegmentDistance(); d < 1-0.05*0.5-1e-9 {
		t.Errorf("after all passes segments are %v apart, want ≥ 2R − tolerance", d)
	}
}

// §5: the end nodes of links in contact stay put during the next cycle's FTL, and only then.
func TestContactConstraintLastsOneCycle(t *testing.T) {
	st := straight(t, 20)
	// Fold: nodes 11..20 run back over 0..9 at distance 0.9 (in contact).
	for i := 11; i <= 20; i++ {
		st.Pos[i] = vec.V3{X: float64(20 - i), Y: 0.9}
	}
	p := DefaultParams(0.5, 1)
	p.Clusters = false
	s := newSolver(t, p)
	var out solver.Stats
	in := solver.Input{Grasps: []solver.Grasp{{Node: 0, Target: vec.V3{X: -5, Y: -3}}}}
	if err := s.Step(st, &in, &out); err != nil {
		t.Fatal(err)
	}
	if out.SelfContacts == 0 {
		t.Fatal("no contact in the folded rope")
	}
	// Next cycle's FTL phase alone: grasp moves, contact nodes must not.
	s.loadContactConstraints(st)
	clear(s.grasped)
	s.grasped[0] = true
	before := append([]vec.V3(nil), st.Pos...)
	st.Pos[0] = st.Pos[0].Add(vec.V3{X: -0.4})
	s.ftlStrand(st, 0)
	moved, pinned := 0, 0
	for i := range st.Pos {
		if s.fixed[i] && i != 0 {
			pinned++
			if st.Pos[i] != before[i] {
				t.Errorf("contact node %d moved in FTL", i)
			}
		} else if i != 0 && st.Pos[i] != before[i] {
			moved++
		}
	}
	if pinned == 0 || moved == 0 {
		t.Fatalf("pinned %d, moved %d: the test proves nothing", pinned, moved)
	}
	// Pull the fold apart so nothing touches; the constraints are gone the cycle after.
	for i := 11; i <= 20; i++ {
		st.Pos[i] = vec.V3{X: float64(20 - i), Y: 5}
	}
	if err := s.Step(st, &solver.Input{}, &out); err != nil {
		t.Fatal(err)
	}
	if err := s.Step(st, &solver.Input{}, &out); err != nil {
		t.Fatal(err)
	}
	for i, f := range s.fixed {
		if f {
			t.Fatalf("node %d still fixed two cycles after its contact ended", i)
		}
	}
}

// Horn's fit recovers a known rotation, and picks the identity for two points pulled apart
// along their own line (a knot pulled tight from both sides stays put).
func TestHornRotation(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 100; trial++ {
		axis := vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit()
		ang := rng.Float64() * 2
		q := [4]float64{math.Cos(ang / 2), axis.X * math.Sin(ang/2), axis.Y * math.Sin(ang/2), axis.Z * math.Sin(ang/2)}
		var S [9]float64
		var scale float64
		for i := 0; i < 5; i++ {
			x := vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}
			y := rotate(q, x)
			addOuter(&S, x, y)
			scale += 2 * x.Norm2()
		}
		got := hornRotation(&S, scale)
		p := vec.V3{X: 0.3, Y: -1, Z: 2}
		if d := rotate(got, p).Dist(rotate(q, p)); d > 1e-5 {
			t.Fatalf("trial %d: fitted rotation maps %v %v away from the true one", trial, p, d)
		}
	}
	// Two boundary points, x = ±u, targets ±1.2u: any twist about u fits equally; the
	// preference for the identity must pick no rotation.
	u := vec.V3{X: 1, Y: 2, Z: -0.5}.Unit()
	var S [9]float64
	for _, sgn := range []float64{-1, 1} {
		x, y := u.Scale(sgn), u.Scale(1.2*sgn)
		addOuter(&S, x, y)
	}
	q := hornRotation(&S, 4.88)
	if math.Abs(q[0]-1) > 1e-9 {
		t.Fatalf("two points pulled apart: rotation %v, want identity", q)
	}
}

// Random fast tool motion near obstacles (a pole, a ring, a floor): the rope never sinks into
// an obstacle deeper than 0.25 R (issue 2), and never through it.
func TestRandomMotionAroundObstacles(t *testing.T) {
	cycles := 3000
	if testing.Short() {
		cycles = 600
	}
	obs := []shape.Shape{
		{Kind: shape.Capsule, A: vec.V3{Z: -10}, B: vec.V3{Z: 10}, Radius: 1},
		{Kind: shape.Torus, Center: vec.V3{X: 4}, Axis: vec.V3{Y: 1}, Major: 3, Radius: 0.4},
		{Kind: shape.Plane, Center: vec.V3{Z: -4}, Axis: vec.V3{Z: 1}},
		{Kind: shape.Sphere, Center: vec.V3{X: -4, Y: 2}, Radius: 1.5},
	}
	st := &rope.State{}
	var pts []vec.V3
	for i := 0; i <= 60; i++ {
		a := float64(i) / 60 * 2 * math.Pi
		pts = append(pts, vec.V3{X: 2.5 * math.Cos(a), Y: 2.5 * math.Sin(a), Z: -2 + 0.4*float64(i)/60})
	}
	if _, err := st.Add(rope.Spec{Radius: 0.5, Link: 1, Pos: rope.Resample(pts, 16)}); err != nil {
		t.Fatal(err)
	}
	s := newSolver(t, DefaultParams(0.5, 1))
	rng := rand.New(rand.NewPCG(11, 12))
	target := st.Pos[0]
	var dir vec.V3
	in := solver.Input{Obstacles: obs, Grasps: []solver.Grasp{{Node: 0}}}
	var out solver.Stats
	worst, touches := 0.0, 0
	for c := 0; c < cycles; c++ {
		if c%15 == 0 {
			dir = vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit()
		}
		nt := target.Add(dir.Scale(0.45))
		if nt.Norm() > 7 {
			dir = nt.Scale(-1 / nt.Norm())
			nt = target.Add(dir.Scale(0.45))
		}
		target = nt
		in.Grasps[0].Target = target
		if err := s.Step(st, &in, &out); err != nil {
			t.Fatal(err)
		}
		if !math.IsInf(out.MinObsGap, 1) {
			worst = math.Max(worst, -out.MinObsGap)
		}
		touches += out.Contacts - out.SelfContacts
		for i, p := range st.Pos {
			// Never inside the pole's core or below the floor: a pass through would show.
			if q := math.Hypot(p.X, p.Y); q < 1-0.25*0.5-1e-9 && i != 0 {
				t.Fatalf("cycle %d: node %d inside the pole (axis distance %v)", c, i, q)
			}
			if p.Z < -4+0.5-0.25*0.5-1e-9 && i != 0 {
				t.Fatalf("cycle %d: node %d below the floor (z = %v)", c, i, p.Z)
			}
		}
	}
	t.Logf("worst obstacle overlap %.3f R, %d obstacle contacts in %d cycles", worst/0.5, touches, cycles)
	if touches < cycles/20 {
		t.Fatalf("only %d obstacle contacts: the walk does not exercise the obstacles", touches)
	}
	if worst > 0.25*0.5 {
		t.Fatalf("rope sank %.3f R into an obstacle (> 0.25 R)", worst/0.5)
	}
}
