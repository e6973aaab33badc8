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
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// A rigid triangle mesh (the boundary of a 20 × 10 × 4 mm box, as an STL or OBJ file would
// give it) holds a thread pulled over its edges with 0.5 N a side — five times what the soft
// slab holds — for 300 ms: no node or link middle inside the box, every contact pushing,
// nothing lost (no error, no allocation).
func TestThreadPulledOverRigidMesh(t *testing.T) {
	const r, pull = 0.1e-3, 0.5
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 0.02, Y: 0.01, Z: 0.004}, Cells: [3]int{1, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	box := m.Surface()
	st := drapedThread(t)
	w, s := implicitWorld(t, st)
	if _, err := w.AddRigid(world.Rigid{Name: "box", Surface: box, Friction: material.Friction{Static: 0.2, Kinetic: 0.1}}); err != nil {
		t.Fatal(err)
	}
	n := len(st.Pos) - 1
	w.AddTool(world.Tool{Name: "left", Node: 0, Mode: solver.HoldForce, Active: true})
	w.AddTool(world.Tool{Name: "right", Node: n, Mode: solver.HoldForce, Active: true})
	inBox := func(p vec.V3) bool { return p.X > 0 && p.X < 0.02 && p.Y > 0 && p.Y < 0.01 && p.Z > 0 && p.Z < 0.004 }
	var cs []solver.Contact
	worst, maxFn := 0.0, 0.0
	for k := range 300 {
		f := math.Min(float64(k+1)/50, 1) * pull
		w.Tools[0].Force, w.Tools[1].Force = vec.V3{Z: -f}, vec.V3{Z: -f}
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		for i, p := range st.Pos {
			if inBox(p) || inBox(p.Add(st.Pos[max(i-1, 0)]).Scale(0.5)) {
				t.Fatalf("step %d: node %d (or its link's middle) is inside the box: %v", k, i, p)
			}
		}
		cs = s.AppendContacts(cs[:0])
		for _, c := range cs {
			if c.OnSurface {
				worst, maxFn = math.Min(worst, c.Gap), math.Max(maxFn, c.Fn)
				if c.Fn < 0 {
					t.Fatalf("step %d: a contact pulls with %g N", k, -c.Fn)
				}
			}
		}
	}
	t.Logf("deepest overlap at a substep's start %.3g R, largest contact force %.3g N, %d substeps in the last step", -worst/r, maxFn, s.LastSubsteps())
	if maxFn == 0 {
		t.Error("no contact with the box")
	}
	if a := testing.AllocsPerRun(5, func() { _ = w.Step() }); a != 0 {
		t.Errorf("%v allocations per step with a rigid mesh", a)
	}
}

// A rigid mesh needs a closed, outward-wound surface and sane friction; each refusal names the
// mesh and leaves the world unchanged (the solvers that meet meshes as obstacles:
// TestAddRigidObstaclesRefuses).
func TestAddRigidRefuses(t *testing.T) {
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 1, Y: 1, Z: 1}, Cells: [3]int{1, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.01, Link: 0.1, Pos: []vec.V3{{Z: 2}, {X: 0.1, Z: 2}}, Material: nylon}); err != nil {
		t.Fatal(err)
	}
	det, _ := collide.New("bvh")
	for _, c := range []struct {
		name  string
		solve func() solver.Solver
		surf  func() *tissue.Surface
		fr    material.Friction
		want  string
	}{
		{"open", func() solver.Solver { s, _ := implicit.New(implicit.DefaultParams(), det); return s },
			func() *tissue.Surface { s := m.Surface(); s.Tris = s.Tris[1:]; return s }, material.Friction{}, `rigid mesh "box": tissue:`},
		{"friction", func() solver.Solver { s, _ := implicit.New(implicit.DefaultParams(), det); return s }, m.Surface, material.Friction{Static: 0.1, Kinetic: 0.2}, "want 0 ≤ kinetic ≤ static"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := world.New(st, world.Config{Dt: 1e-3, Solver: c.solve()})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.AddRigid(world.Rigid{Name: "box", Surface: c.surf(), Friction: c.fr}); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			if len(w.Rigid) != 0 {
				t.Error("the world kept the refused mesh")
			}
		})
	}
}

// A tissue added after a rigid mesh has the second surface: its contacts and reactions are its
// own (the slab dents under the pulled thread; the far box gets no contact).
func TestTissueAfterRigid(t *testing.T) {
	w0, _, body := tissueWorld(t)
	w, s := implicitWorld(t, w0.State)
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 0.01, Y: 0.01, Z: 0.01}, Cells: [3]int{1, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	far := m.Surface()
	for i := range far.Nodes {
		far.Nodes[i] = far.Nodes[i].Add(vec.V3{Z: 1})
	}
	if _, err := w.AddRigid(world.Rigid{Name: "far", Surface: far}); err != nil {
		t.Fatal(err)
	}
	k, err := w.AddTissue(world.Tissue{Name: "slab", Body: body, Friction: material.Friction{Static: 0.2, Kinetic: 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Tissues[k].Surf(); got != 1 {
		t.Fatalf("the tissue's surface is %d, want 1 (after the rigid mesh)", got)
	}
	n := len(w.State.Pos) - 1
	w.AddTool(world.Tool{Name: "left", Node: 0, Mode: solver.HoldForce, Active: true, Force: vec.V3{Z: -0.05}})
	w.AddTool(world.Tool{Name: "right", Node: n, Mode: solver.HoldForce, Active: true, Force: vec.V3{Z: -0.05}})
	var cs []solver.Contact
	for range 100 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		cs = s.AppendContacts(cs[:0])
		for _, c := range cs {
			if c.OnSurface && c.Surface != 1 {
				t.Fatalf("a contact with surface %d (the far box)", c.Surface)
			}
		}
	}
	dent := 0.0
	for i, p := range body.Mesh.Nodes {
		dent = math.Max(dent, p.Z-body.X[i].Z)
	}
	if dent < 0.02e-3 {
		t.Errorf("the slab dented %.3g mm: its reactions went elsewhere", dent*1e3)
	}
}
