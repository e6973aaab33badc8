package implicit

import (
	"testing"

	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// A node between two segments lying on a rigid block's top face is held, whichever end each
// segment's own closest point falls on. With the middle node of three 10⁻⁶ R above the others,
// both segments are nearest the face at their far ends; when each segment had one row, at
// that closest point, nothing held the middle node: pressed at 50 N its axis sank to 0.876 R
// above the face in the first step, and under a tool at the 50 N cap in
// world.TestCordDrivenIntoRigidMesh a node fell 5.8 mm through the block in one substep. Now
// that step leaves every node and link middle at R (measured 1.00000 R; want ≥ 0.99 R).
//
// Left open: pressed on for more steps, the three nodes rock and sink to 0.90 R by the fifth;
// and a plane obstacle keeps one row per segment, so the same node sinks to 0.876 R on a
// plane (a row at every node on a table buckled the thread two forceps compress between
// them, world.TestTwoForceps, off the table).
func TestNodeBetweenFlatSegmentsHeld(t *testing.T) {
	const r, l = 1e-3, 2.5e-3
	w, _ := build(t, DefaultParams(), r, l, []vec.V3{{X: -l, Z: r}, {Z: r * (1 + 1e-6)}, {X: l, Z: r}})
	box, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 0.1, Y: 0.1, Z: 0.05}, Cells: [3]int{1, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	block := box.Surface() // its top face at z = 0
	for i := range block.Nodes {
		block.Nodes[i] = block.Nodes[i].Sub(vec.V3{X: 0.05, Y: 0.05, Z: 0.05})
	}
	if _, err := w.AddRigid(world.Rigid{Name: "block", Surface: block}); err != nil {
		t.Fatal(err)
	}
	w.AddTool(world.Tool{Name: "press", Node: 1, Mode: solver.HoldForce, Force: vec.V3{Z: -50}, Active: true})
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	p := w.State.Pos
	lowest := 2.0
	for i := range p {
		lowest = min(lowest, p[i].Z/r, p[max(i, 1)-1].Add(p[i]).Scale(0.5).Z/r)
	}
	t.Logf("lowest point of the axis: %.5f R", lowest)
	if lowest < 0.99 {
		t.Errorf("after one step pressed at 50 N the axis is %.4g R above the face, inside it (want ≥ 0.99 R)", lowest)
	}
}
