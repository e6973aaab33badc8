package scene

import (
	"testing"

	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Issue 15 item 3: the clove and Münter hitches, pulled tight by their scripts, are then
// yanked: a tool takes the rope next to one end (or one next to each end) and its target jumps
// 10 m away, in each of six directions. With the stretch guard on, length drift stays within
// 2 % of rest length and overlaps within 0.25 R. (It reached 10.2 % in the clove hitch and
// 11.1 % in the Münter hitch: a rope marked tight still let its tools move sideways around the
// knot, winding the rope tighter round the pole or ring, where the response then stretched the
// links between contact nodes up to 2.7×; now a tight rope's tools may only feed rope back
// into the knot.)
func TestHitchYankKeepsLength(t *testing.T) {
	dirs := []vec.V3{{X: 10}, {X: -10}, {Y: 10}, {Y: -10}, {Z: 10}, {Z: -10}}
	if testing.Short() {
		dirs = dirs[5:]
	}
	for _, name := range []string{"clove", "munter"} {
		for _, dir := range dirs {
			for _, both := range []bool{false, true} {
				sim := buildBuiltin(t, name)
				w := sim.World
				for !sim.Done() {
					if err := sim.Step(); err != nil {
						t.Fatal(err)
					}
				}
				n := len(w.State.Pos) - 1
				w.AddTool(world.Tool{Name: "yank", Node: 1, Active: true, Target: w.State.Pos[1].Add(dir)})
				if both {
					w.AddTool(world.Tool{Name: "yank 2", Node: n - 1, Active: true, Target: w.State.Pos[n-1].Sub(dir)})
				}
				for range 1500 {
					if err := sim.Step(); err != nil {
						t.Fatal(err)
					}
				}
				r := w.State.Strands[0].Radius
				t.Logf("%s yanked %v, both ends %v: length drift %.2f%% at most, overlap %.3f R, tool lag %.2f m", name, dir, both, 100*w.Worst.LengthDrift, w.Worst.SelfOverlap/r, w.Last.MaxLag)
				if w.Worst.LengthDrift > 0.02 {
					t.Errorf("%s yanked %v, both ends %v: length drift %.2f%% exceeds 2%%", name, dir, both, 100*w.Worst.LengthDrift)
				}
				if w.Worst.SelfOverlap > 0.25*r {
					t.Errorf("%s yanked %v, both ends %v: overlap %.3f R exceeds 0.25 R", name, dir, both, w.Worst.SelfOverlap/r)
				}
				if w.Last.MaxLag < 5 {
					t.Errorf("%s yanked %v, both ends %v: the tool is only %.2f m from its target: the yank was not resisted", name, dir, both, w.Last.MaxLag)
				}
			}
		}
	}
}
