package world_test

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// A 0.2 mm suture (3-0 silk) through the 0.2 mm wall of a 1 mm vessel (the anastomosis's
// stitch; the vessel preset, clamped at both ends), pulled out with 0.02 N against 0.005 N on
// its end in the lumen, runs out until its end node sits at the wall, held there as by a
// knot, the stitch's friction on. Over 0.5 s no step fails, the thread keeps its length within
// 0.25 % after the first step (measured 0.16 %; 3.2 % in the first, as the end runs 0.4 mm to
// the wall; 0.38 % while the stitch expected the vessel to give to its whole pull, not to the
// pull's change since the last step, standing longer than the thread by that give), the vessel
// gives by at most 0.3 mm (0.19) and the end stays at its piercing (0.01 mm from it). (While the stitch's turn was told from nodes a twentieth of a link off,
// the end node sitting 0.2 R beside its piercing read a turn of 2.7 rad and the step failed at
// the sixth; while the stitch gripped the thread with its end at the wall, it flipped between
// holding and sliding, and the length strayed by 6.8 %.)
func TestStitchThinWallEnd(t *testing.T) {
	m, err := tissue.Tube(tissue.TubeSpec{Inner: 1e-3, Wall: 0.2e-3, Length: 3e-3, Around: 16, Through: 1, Along: 6})
	if err != nil {
		t.Fatal(err)
	}
	mat, err := tissue.Preset("vessel")
	if err != nil {
		t.Fatal(err)
	}
	body, err := tissue.New(m, mat, tissue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range m.Nodes {
		if p.Z < 1e-9 || p.Z > 3e-3-1e-9 {
			if err := body.Clamp(i, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	var pts []vec.V3
	for j := 0; j <= 30; j++ {
		pts = append(pts, vec.V3{X: 0.11e-3 + float64(j)*0.2e-3, Y: 0.01e-3, Z: 1.55e-3})
	}
	st := &rope.State{}
	silk, err := material.Preset("silk-3-0")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(rope.Spec{Radius: 0.1e-3, Link: 0.2e-3, Pos: pts, Material: silk}); err != nil {
		t.Fatal(err)
	}
	w, _ := implicitWorld(t, st)
	w.Gravity = vec.V3{}
	ti, err := w.AddTissue(world.Tissue{Name: "vessel", Body: body, Friction: material.Friction{Static: 0.2, Kinetic: 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := w.AddSutures(0, w.Tissues[ti].Surf()); err != nil || n != 1 {
		t.Fatalf("AddSutures: %d, %v", n, err)
	}
	w.AddTool(world.Tool{Name: "in", Node: 0, Active: true, Mode: solver.HoldForce, Force: vec.V3{X: -0.005}})
	w.AddTool(world.Tool{Name: "out", Node: 30, Active: true, Mode: solver.HoldForce, Force: vec.V3{X: 0.02}})
	L0 := w.ThreadLength(0)
	worst, give := 0.0, 0.0
	for step := 1; step <= 500; step++ {
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if step > 1 {
			worst = math.Max(worst, math.Abs(w.ThreadLength(0)/L0-1))
		}
		for i := range body.X {
			give = math.Max(give, body.X[i].Dist(m.Nodes[i]))
		}
	}
	end := w.State.Pos[0]
	su := w.Sutures()[0]
	tr := body.Mesh.Surf[su.In.Tri]
	in := body.X[tr[0]].Scale(su.In.Bary[0]).Add(body.X[tr[1]].Scale(su.In.Bary[1])).Add(body.X[tr[2]].Scale(su.In.Bary[2]))
	t.Logf("length within %.3g %% after the first step; the vessel gave %.3g mm; the end %.3f mm from its piercing, %.3f mm from the axis; stitch nodes %d…%d",
		100*worst, 1e3*give, 1e3*end.Dist(in), 1e3*math.Hypot(end.X, end.Y), su.A, su.B)
	if worst > 0.0025 {
		t.Errorf("the thread's length strayed %.3g %%; want ≤ 0.25 %%", 100*worst)
	}
	if give > 0.3e-3 {
		t.Errorf("the vessel gave %.3g mm; want ≤ 0.3 mm", 1e3*give)
	}
	if su.A != 0 || end.Dist(in) > 0.2e-3 || math.Hypot(end.X, end.Y) > math.Hypot(in.X, in.Y)+0.025e-3 {
		t.Errorf("the end (stitch nodes %d…%d) is %.3f mm from its piercing; want it held at the wall, within 2 R, not through it by more than R/4", su.A, su.B, 1e3*end.Dist(in))
	}
}
