package world_test

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/implicit"
	"github.com/knotsim/knotsim/solver/pbd"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

var nylon = material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8,
	Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 5}

// limp is a braided thread: nylon's stretch, bending and twist 200× softer (a 0.2 mm monofilament
// kinked 90° over a slab's edge springs off it at tens of m/s).
var limp = material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8, Bend: 1e7, Twist: 1e7 / 2.8,
	Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 5}

// surfDist is the distance from p to the deformed surface, m.
func surfDist(p vec.V3, m *tissue.Mesh, x []vec.V3) float64 {
	d := math.Inf(1)
	for _, t := range m.Surf {
		_, e := vec.ClosestPointTri(p, x[t[0]], x[t[1]], x[t[2]])
		d = math.Min(d, e)
	}
	return math.Sqrt(d)
}

// drapedThread is a 26.3 mm limp thread (r = 0.1 mm, 52 links of 0.505 mm) draped over the
// top of a 20 mm long block whose top is at z = 4 mm (x from 0 to 20 mm, at y = 5 mm): 40 links
// across, touching it, and 6 down each end (3 mm), R clear of the end faces.
func drapedThread(t testing.TB) *rope.State {
	t.Helper()
	const r, l = 0.1e-3, 0.0202 / 40
	var pts []vec.V3
	for i := 6; i > 0; i-- {
		pts = append(pts, vec.V3{X: -r, Y: 0.005, Z: 0.004 + r - float64(i)*l})
	}
	for i := 0; i <= 40; i++ {
		pts = append(pts, vec.V3{X: -r + float64(i)*l, Y: 0.005, Z: 0.004 + r})
	}
	for i := 1; i <= 6; i++ {
		pts = append(pts, vec.V3{X: 0.02 + r, Y: 0.005, Z: 0.004 + r - float64(i)*l})
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: r, Link: l, Pos: pts, Material: limp}); err != nil {
		t.Fatal(err)
	}
	return st
}

// implicitWorld is st in a world of the implicit solver (bvh), 1 ms steps, gravity.
func implicitWorld(t testing.TB, st *rope.State) (*world.World, *implicit.Solver) {
	t.Helper()
	det, err := collide.New("bvh")
	if err != nil {
		t.Fatal(err)
	}
	s, err := implicit.New(implicit.DefaultParams(), det)
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(st, world.Config{Dt: 1e-3, Solver: s, Gravity: vec.V3{Z: -9.81}})
	if err != nil {
		t.Fatal(err)
	}
	return w, s
}

// tissueWorld is drapedThread over a soft slab (skin preset, 20 × 10 × 4 mm in 2 mm cells,
// clamped at its base), its ends hanging 3 mm down the slab's ends.
func tissueWorld(t testing.TB) (*world.World, *implicit.Solver, *tissue.Body) {
	t.Helper()
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 0.02, Y: 0.01, Z: 0.004}, Cells: [3]int{10, 5, 2}})
	if err != nil {
		t.Fatal(err)
	}
	skin, err := tissue.Preset("skin")
	if err != nil {
		t.Fatal(err)
	}
	body, err := tissue.New(m, skin, tissue.Options{Tol: 1e-8, MaxIter: 1000, Newton: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range m.Nodes {
		if p.Z == 0 {
			if err := body.Clamp(i, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	w, s := implicitWorld(t, drapedThread(t))
	if _, err := w.AddTissue(world.Tissue{Name: "slab", Body: body, Friction: material.Friction{Static: 0.2, Kinetic: 0.1}}); err != nil {
		t.Fatal(err)
	}
	return w, s, body
}

// Issue 13 (seed 003 Fig. 3.17): a thread pulled against a soft slab (0.1 N down on both ends,
// reached over 50 ms, held 250 ms) never enters it — no node and no link middle inside a
// tetrahedron in any step (measured: none; the deepest overlap of the thread's surface at a
// substep's start 0.027 R, the tissue having moved into it since the last step — 0.022 R while
// the bending Hessian's blocks were 3×3 products; 0.34 R while the contact solve expected the
// tissue to give to the whole of the force, not to its change since the last step, and 1.3 R
// with the tissue's true give so) — while the slab dents under
// it (0.25 mm at its edge); the forces the slab receives are equal and opposite to the surface
// contact forces on the thread, every step; and no contact pulls.
//
// Not yet: at 0.2, 0.3 and 0.5 N the thread's velocity grows at the slab's edge until a step
// asks for more than MaxSubsteps (after 164, 66 and 42 steps; at 0.3 N 32 while the slab also
// got the forces that push its overlaps out, 98 before the tissue's CG stopped earlier and was
// preconditioned: the failure is chaotic). The edge's node is driven up to 1.8 mm (its cell is
// 2 mm) and the elements there are crushed to 0.4–0.6 of their volume. The coupling is
// staggered (the rope against the tissue as it is, the tissue then stepped with the
// reactions); with the tissue's true give at the touched nodes (tissue.Body.Give) in the
// contact solve, 0.2 and 0.5 N still fail so (after 134 and 47 steps).
//
// How 0.2 N fails (traced on 2026-12-07): once the pull is held, the thread creeps sideways
// along the slab's crushed edge, 0.9 mm in 20 steps, onto the mesh's node line (y = 6 mm).
// There the edge's corner node, pressed down, rises between two thread nodes. At step 70 it is
// 2 R from a segment's axis, at step 71 0.5 R: the slab has closed round the thread. The thread
// then moves at metres a second, and the slab node at 0.3 m/s.
//
// Two fixes were tried and reverted:
//   - Holding the surface's nodes off the thread's segments in the retaken tissue step, as
//     the thread's nodes are held (threadHolds): the step failed at 96 instead of 151 (both
//     measured with the second change below in place).
//   - Finding contacts before the motion limit asks for more substeps (implicit): under
//     0.5 N step 29 took 2 substeps instead of 163, but 0.2 and 0.3 N still failed (at steps
//     151 and 67). In TestStitchThinWallEnd
//     this took 1 substep where 42 had kept the thread's length, and the length strayed by
//     0.43 % against 0.17 %.
func TestThreadPulledIntoSlab(t *testing.T) {
	const pull = 0.1
	w, s, body := tissueWorld(t)
	n := len(w.State.Pos) - 1
	w.AddTool(world.Tool{Name: "left", Node: 0, Mode: solver.HoldForce, Active: true})
	w.AddTool(world.Tool{Name: "right", Node: n, Mode: solver.HoldForce, Active: true})
	const r = 0.1e-3
	var contacts []solver.Contact
	react := make([]vec.V3, len(body.X))
	maxDent, maxFn, worstGap := 0.0, 0.0, math.Inf(1)
	inside, deepest := 0, 0.0
	for k := range 300 {
		// 0 → pull down over 50 ms, then held.
		f := math.Min(float64(k+1)/50, 1) * pull
		w.Tools[0].Force, w.Tools[1].Force = vec.V3{Z: -f}, vec.V3{Z: -f}
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		// Equal and opposite: the reactions the slab got vs the forces on the thread.
		clear(react)
		s.AddSurfaceForces(0, react)
		var onSlab, onThread vec.V3
		for _, f := range react {
			onSlab = onSlab.Add(f)
		}
		contacts = s.AppendContacts(contacts[:0])
		for _, c := range contacts {
			if !c.OnSurface {
				continue
			}
			onThread = onThread.Add(c.Normal.Scale(c.Fn)).Add(c.Ft)
			maxFn = math.Max(maxFn, c.Fn)
			worstGap = math.Min(worstGap, c.Gap)
			if c.Fn < 0 {
				t.Fatalf("step %d: a contact pulls the thread with %g N (glue)", k, -c.Fn)
			}
		}
		// One substep a step here, so the step's average is the last substep's force.
		if s.LastSubsteps() == 1 && onSlab.Add(onThread).Norm() > 1e-9*(1+onThread.Norm()) {
			t.Fatalf("step %d: the slab received %v N, the thread %v N", k, onSlab, onThread)
		}
		for i, p := range w.State.Pos {
			for _, q := range []vec.V3{p, p.Add(w.State.Pos[max(i-1, 0)]).Scale(0.5)} {
				if body.Contains(q, 1e-9) {
					inside++
					deepest = math.Max(deepest, surfDist(q, body.Mesh, body.X))
				}
			}
		}
		for i, p := range body.Mesh.Nodes {
			maxDent = math.Max(maxDent, p.Z-body.X[i].Z)
		}
	}
	t.Logf("thread axis points inside the slab: %d (deepest %.3g R); deepest dent %.3g mm; largest contact force %.3g N; deepest overlap at a substep's start %.3g R", inside, deepest/r, maxDent*1e3, maxFn, -worstGap/r)
	if inside > 0 {
		t.Errorf("%d thread axis points (nodes, link middles) were inside the slab, the deepest %.3g R", inside, deepest/r)
	}
	if maxDent < 0.05e-3 {
		t.Errorf("the slab dented only %g m: the thread's force did not reach it", maxDent)
	}
	if maxFn == 0 {
		t.Error("no surface contact force")
	}
	if worstGap < -0.1*r {
		t.Errorf("a contact overlapped the surface by %.3g R", -worstGap/r)
	}
	if a := testing.AllocsPerRun(5, func() { _ = w.Step() }); a != 0 {
		t.Errorf("%v allocations per step with a tissue", a)
	}
}

// A tissue needs a solver that handles surfaces; the others refuse it (and refuse surfaces
// passed to them directly).
func TestTissueNeedsASurfaceSolver(t *testing.T) {
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 1e-3, Link: 1e-2, Pos: []vec.V3{{}, {X: 0.01}, {X: 0.02}}, Material: nylon}); err != nil {
		t.Fatal(err)
	}
	det, _ := collide.New("bvh")
	p, err := pbd.New(pbd.DefaultParams(), det)
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(st, world.Config{Dt: 1e-3, Solver: p})
	if err != nil {
		t.Fatal(err)
	}
	m, _ := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 0.01, Y: 0.01, Z: 0.01}, Cells: [3]int{1, 1, 1}})
	body, err := tissue.New(m, tissue.Material{Young: 1e5, Poisson: 0.4, Density: 1000}, tissue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.AddTissue(world.Tissue{Name: "pad", Body: body}); err == nil || !strings.Contains(err.Error(), "pbd solver does not handle triangle surfaces") {
		t.Errorf("AddTissue under pbd: %v", err)
	}
	ix, _ := collide.NewSurfaceIndex(m.Surf, len(m.Nodes))
	in := solver.Input{Dt: 1e-3, Surfaces: []solver.Surface{{Pos: m.Nodes, Tris: m.Surf, Index: ix}}}
	var out solver.Stats
	if err := p.Step(st, &in, &out); err == nil || !strings.Contains(err.Error(), "not supported") {
		t.Errorf("pbd stepped with a surface: %v", err)
	}
	w2, _, _ := tissueWorld(t)
	if _, err := w2.AddTissue(world.Tissue{Name: "bad", Body: body, Friction: material.Friction{Static: 0.1, Kinetic: 0.3}}); err == nil || !strings.Contains(err.Error(), "friction") {
		t.Errorf("kinetic above static: %v", err)
	}
	if _, err := w2.AddTissue(world.Tissue{Name: "none"}); err == nil || !strings.Contains(err.Error(), "no body") {
		t.Errorf("no body: %v", err)
	}
}

// BenchmarkThreadOnSlab: one world step of tissueWorld's thread pressed into the slab by 0.1 N
// on each end (implicit rope, 600-tetrahedron slab at the interactive defaults), once it has
// settled (100 steps).
func BenchmarkThreadOnSlab(b *testing.B) {
	w, s, _ := tissueWorld(b)
	n := len(w.State.Pos) - 1
	w.AddTool(world.Tool{Name: "left", Node: 0, Mode: solver.HoldForce, Active: true})
	w.AddTool(world.Tool{Name: "right", Node: n, Mode: solver.HoldForce, Active: true})
	for k := range 100 {
		f := math.Min(float64(k+1)/50, 1) * 0.1
		w.Tools[0].Force, w.Tools[1].Force = vec.V3{Z: -f}, vec.V3{Z: -f}
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	sub := 0
	for b.Loop() {
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
		sub += s.LastSubsteps()
	}
	b.ReportMetric(float64(sub)/float64(b.N), "substeps/op")
}

// The tissue's step may not carry its surface over the thread (world.ThreadHold): the draped
// thread of tissueWorld lies on the slab, and the slab's clamped base is moved up by 3 R in one
// step, which would carry the top face 2 R past the thread's axis. The step is taken again with
// the top face held off the thread: no node ends inside the slab or nearer its surface than
// ThreadHoldTrigger·R, and the slab is dented under the thread instead. (With the retakes off,
// ThreadHoldRetakes = 0, 16 nodes ended inside, measured; with them none, the top face dented
// by 1.57 R.)
func TestTissueStepHeldOffThread(t *testing.T) {
	w, _, body := tissueWorld(t)
	const r = 0.1e-3
	for i, p := range body.Mesh.Nodes {
		if body.Clamped(i) {
			if err := body.Clamp(i, p.Add(vec.V3{Z: 3 * r})); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	inside, nearest := 0, math.Inf(1)
	for _, p := range w.State.Pos {
		if body.Contains(p, 1e-9) {
			inside++
			continue
		}
		nearest = math.Min(nearest, surfDist(p, body.Mesh, body.X))
	}
	dent := 0.0
	for i, p := range body.Mesh.Nodes {
		if p.Z == 0.004 {
			dent = math.Max(dent, p.Z+3*r-body.X[i].Z)
		}
	}
	t.Logf("retakes %d; nodes inside %d; nearest node outside %.3g R from the surface; the top face dented by up to %.3g R", w.Retakes, inside, nearest/r, dent/r)
	if w.Retakes == 0 {
		t.Error("the tissue step was not taken again")
	}
	if inside > 0 || nearest < world.ThreadHoldTrigger*r {
		t.Errorf("%d nodes inside the slab; the nearest outside %.3g R from its surface (want none inside, ≥ %g R)", inside, nearest/r, world.ThreadHoldTrigger)
	}
	if dent < r {
		t.Errorf("the top face dented by %.3g R at most; the thread should have held it back by about 2 R", dent/r)
	}
	// The next steps go on from there (the rope's contact takes over).
	for range 20 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	for i, p := range w.State.Pos {
		if body.Contains(p, 1e-9) {
			t.Errorf("after 20 more steps node %d is inside the slab", i)
		}
	}
}
