package implicit

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/ncp"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
	"gonum.org/v1/gonum/mat"
)

var suture = material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8,
	Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 5}

func TestParamsNameTheField(t *testing.T) {
	for _, c := range []struct {
		field string
		edit  func(*Params)
	}{
		{"Scheme", func(p *Params) { p.Scheme = "euler" }},
		{"Viscosity", func(p *Params) { p.Scheme, p.Viscosity = Overdamped, 0 }},
		{"StretchStiffness", func(p *Params) { p.StretchStiffness = -1 }},
		{"InextensibleEA", func(p *Params) { p.InextensibleEA = math.NaN() }},
		{"Contact", func(p *Params) { p.Contact = "lcp" }},
		{"MaxIter", func(p *Params) { p.MaxIter = 0 }},
		{"Tol", func(p *Params) { p.Tol = 0 }},
		{"MaxContacts", func(p *Params) { p.MaxContacts = MaxContactsCap + 1 }},
		{"Margin", func(p *Params) { p.Margin = -0.1 }},
		{"Substeps", func(p *Params) { p.Substeps = -1 }},
		{"MaxSubsteps", func(p *Params) { p.MaxSubsteps = 0 }},
		{"MoveFraction", func(p *Params) { p.MoveFraction = 2 }},
		{"StrainLimit", func(p *Params) { p.StrainLimit = 0 }},
		{"GraspStiffness", func(p *Params) { p.GraspStiffness = 0 }},
		{"MaxGraspForce", func(p *Params) { p.MaxGraspForce = math.Inf(1) }},
	} {
		p := DefaultParams()
		c.edit(&p)
		_, err := New(p, collide.Brute{})
		if err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: got %v, want an error naming it", c.field, err)
		}
	}
	if _, err := New(DefaultParams(), nil); err == nil {
		t.Error("nil detector accepted")
	}
}

// build returns a world of one suture through pts (h = 1 ms, gravity) under the implicit solver.
func build(t testing.TB, p Params, r, link float64, pts []vec.V3) (*world.World, *Solver) {
	t.Helper()
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: r, Link: link, Pos: pts, Material: suture}); err != nil {
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
	w, err := world.New(st, world.Config{Dt: 1e-3, Solver: s, Gravity: vec.V3{Z: -9.81}})
	if err != nil {
		t.Fatal(err)
	}
	return w, s
}

func arc(n int, link float64) []vec.V3 {
	p := make([]vec.V3, n+1)
	for i := range p {
		a := float64(i) * link / 0.05
		p[i] = vec.V3{X: 0.05 * math.Sin(a), Y: 0.05 * (1 - math.Cos(a)), Z: 0.001 * float64(i%3)}
	}
	return p
}

// TestGreensFunction: seed 003 definition 3.63 — δ_{n,i}(E) = Δp_i(E) − Δp_i(0), the motion of
// vertex i when a force E is added at vertex n and the step is integrated again. The column
// of A⁻¹ the contact solve uses (Y = A⁻¹·Jᵀ, one banded solve) must equal it: integrate the
// step of a bent, moving, pinned thread (r = l0 = 0.5 mm) with and without 1 N at vertex 17 (assembled and
// factored anew each time) and compare with the column, to 1e-9 of its size.
func TestGreensFunction(t *testing.T) {
	const n, link, node = 40, 0.5e-3, 17
	p := DefaultParams()
	p.Substeps = 1
	w, s := build(t, p, 0.5e-3, link, arc(n, link)) // the thesis's thread: r = l0 = 0.5 mm
	w.AddTool(world.Tool{Name: "pin", Node: 0, Target: w.State.Pos[0], Active: true})
	for range 20 { // moving, bent, with tension
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	free := func(e vec.V3) []float64 {
		in := &solver.Input{Dt: 1e-3, Gravity: vec.V3{Z: -9.81}, Grasps: []solver.Grasp{{Node: 0, Target: w.State.Pos[0]}}}
		if e != (vec.V3{}) {
			in.Grasps = append(in.Grasps, solver.Grasp{Node: node, Mode: solver.HoldForce, Force: e})
		}
		if err := s.setGrasps(w.State, in); err != nil {
			t.Fatal(err)
		}
		for i := range s.grasps {
			s.grasps[i].tip = s.grasps[i].target
		}
		if err := s.assemble(w.State, in, 1e-3); err != nil {
			t.Fatal(err)
		}
		if err := s.chf.Factor(s.K); err != nil {
			t.Fatal(err)
		}
		dx := append([]float64(nil), s.rhs...)
		s.chf.Solve(dx)
		return dx
	}
	for d, e := range []vec.V3{{X: 1}, {Y: 1}, {Z: 1}} {
		d0, d1 := free(vec.V3{}), free(e)
		col := make([]float64, len(d0))
		col[3*node+d] = 1
		s.chf.Solve(col)
		worst, size := 0.0, 0.0
		for i := range col {
			worst = math.Max(worst, math.Abs(d1[i]-d0[i]-col[i]))
			size = math.Max(size, math.Abs(col[i]))
		}
		t.Logf("G_{%d→i} along %v: largest %.4g m/N, largest difference from re-integration %.3g m/N", node, e, size, worst)
		if size == 0 || worst > 1e-9*size {
			t.Errorf("the banded column differs from re-integration by %.3g m/N (size %.3g)", worst, size)
		}
	}
}

// TestDelassusMatchesDense: the contact operator W = J·A⁻¹·Jᵀ built from the banded factor
// equals the one from gonum's dense inverse of the same matrix, to 1e-9 relative, in a tight
// overhand knot; and the NCP residual of the solve is within the tolerance.
func TestDelassusMatchesDense(t *testing.T) {
	const links, link, r = 90, 0.5e-3, 0.25e-3
	pts, err := layout.Overhand(layout.Options{Links: links, Link: link, Radius: r})
	if err != nil {
		t.Fatal(err)
	}
	w, s := build(t, DefaultParams(), r, link, pts)
	a := w.AddTool(world.Tool{Name: "a", Node: 0, Mode: solver.HoldForce, Force: vec.V3{X: -0.5}, Active: true})
	b := w.AddTool(world.Tool{Name: "b", Node: links, Mode: solver.HoldForce, Force: vec.V3{X: 0.5}, Active: true})
	_, _ = a, b
	maxM := 0
	for range 300 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		maxM = max(maxM, len(s.rows))
		if len(s.rows) >= 6 {
			break
		}
	}
	M := len(s.rows)
	if M < 2 {
		t.Fatalf("only %d contacts formed (most %d)", M, maxM)
	}
	N := s.K.Size()
	A := mat.NewDense(N, N, nil)
	for i := range N {
		for j := range N {
			A.Set(i, j, s.K.At(i, j))
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(A); err != nil {
		t.Fatal(err)
	}
	J := mat.NewDense(3*M, N, nil)
	for c := range s.rows {
		rw := &s.rows[c]
		for d := range 3 {
			for k := 0; k < rw.nn; k++ {
				v := rw.fr[d].Scale(rw.wt[k])
				i := 3 * int(rw.node[k])
				J.Set(3*c+d, i, J.At(3*c+d, i)+v.X)
				J.Set(3*c+d, i+1, J.At(3*c+d, i+1)+v.Y)
				J.Set(3*c+d, i+2, J.At(3*c+d, i+2)+v.Z)
			}
		}
	}
	var tmp, W mat.Dense
	tmp.Mul(J, &inv)
	W.Mul(&tmp, J.T())
	worst, size := 0.0, 0.0
	for i := range 3 * M {
		for j := range 3 * M {
			size = math.Max(size, math.Abs(W.At(i, j)))
			worst = math.Max(worst, math.Abs(W.At(i, j)-s.w[i*3*M+j]))
		}
	}
	_, _, _, res := ncp.Residuals(s.w[:9*M*M], s.b[:3*M], s.mu[:M], s.lam[:3*M])
	t.Logf("%d contacts: W from the banded factor vs dense inverse: %.3g of %.3g m/N; NCP residual %.3g m (tolerance %.3g m), %d iterations", M, worst, size, res, s.P.Tol*s.rmin, s.res.Iterations)
	if worst > 1e-9*size {
		t.Errorf("W differs from J·A⁻¹·Jᵀ by %.3g (size %.3g)", worst, size)
	}
	if res > s.P.Tol*s.rmin*1.0001 {
		t.Errorf("NCP residual %.3g m above the tolerance %.3g m", res, s.P.Tol*s.rmin)
	}
}

// A position tool leading a free thread at speed, from rest and at an angle to it, pulls it
// with a small force and takes one substep a step: it starts each step with its spring, not
// capped, unless it ended the last one capped. Capped whenever its tip lagged the node by
// more than the cap's stretch (5 µm), it pulled 50 N on 2 µg of thread and each step took
// 503 substeps, and the first step from rest at an angle asked for 1,210 (more than
// MaxSubsteps: an error). A tool running away from a held thread still pulls exactly
// MaxGraspForce.
func TestToolLeadsFreeThreadInOneSubstep(t *testing.T) {
	var pts []vec.V3
	for j := 0; j <= 55; j++ {
		pts = append(pts, vec.V3{Z: -float64(j) * 1e-3})
	}
	w, s := build(t, DefaultParams(), 0.1e-3, 1e-3, pts)
	w.Gravity = vec.V3{}
	tool := w.AddTool(world.Tool{Name: "lead", Node: 55, Active: true, Target: pts[55]})
	for step := 1; step <= 200; step++ {
		w.Tools[tool].Target = pts[55].Add(vec.V3{X: -0.6, Z: -0.8}.Scale(30e-6 * float64(step))) // 30 mm/s
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if f := w.Tools[tool].Applied.Norm(); s.LastSubsteps() > 1 || f > 1e-3 {
			t.Fatalf("step %d: %d substeps, tool force %.3g N; want 1 and a force of micronewtons", step, s.LastSubsteps(), f)
		}
	}
	// It stops: the thread goes on at 30 mm/s; the tool brakes it.
	for step := 201; step <= 300; step++ {
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	if v := s.Velocity(30).Norm(); v > 1e-3 {
		t.Errorf("after the tool stopped for 0.1 s the thread still moves at %.3g m/s", v)
	}
	// A thread held at one end, the tool running away from it: it pulls exactly the cap once
	// the thread is taut.
	w, s = build(t, DefaultParams(), 0.1e-3, 1e-3, pts)
	w.Gravity = vec.V3{}
	w.AddTool(world.Tool{Name: "hold", Node: 0, Active: true, Target: pts[0]})
	tool = w.AddTool(world.Tool{Name: "run", Node: 55, Active: true, Target: pts[55]})
	for step := 1; step <= 100; step++ {
		w.Tools[tool].Target = pts[55].Add(vec.V3{Z: -30e-6 * float64(step)})
		if err := w.Step(); err != nil {
			t.Fatalf("taut, step %d: %v", step, err)
		}
		if f := w.Tools[tool].Applied.Norm(); f > s.P.MaxGraspForce*(1+1e-12) {
			t.Fatalf("taut, step %d: the tool pulls %.6g N, beyond MaxGraspForce %g", step, f, s.P.MaxGraspForce)
		}
	}
	if f := w.Tools[tool].Applied.Norm(); math.Abs(f-s.P.MaxGraspForce) > 1e-9 {
		t.Errorf("the running tool pulls %.6g N; want the cap %g", f, s.P.MaxGraspForce)
	}
}
