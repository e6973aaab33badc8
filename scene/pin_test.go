package scene

import (
	"testing"

	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Issue 15 item 7, "a pin that really holds": in the free rope, a pin holds node 20 a little
// aside while a hand takes the far end and pulls it 1.5 m away, much further than the rope
// reaches. The pin keeps its node exactly where it was left, the hand's node lags instead, the
// rope is not stretched, and the outcome does not depend on which tool is listed first (the
// hand listed first used to drag the pinned node 0.6 m).
func TestPinHolds(t *testing.T) {
	run := func(handFirst bool) []vec.V3 {
		sim := buildBuiltin(t, "free")
		w := sim.World
		n := len(w.State.Pos) - 1
		pinAt := w.State.Pos[20].Add(vec.V3{X: -0.02})
		hand := world.Tool{Name: "hand", Node: n, Target: w.State.Pos[n]}
		pin := world.Tool{Name: "pin", Node: 20, Active: true, Target: pinAt}
		var h int
		if handFirst {
			h = w.AddTool(hand)
			w.AddTool(pin)
		} else {
			w.AddTool(pin)
			h = w.AddTool(hand)
		}
		for range 300 {
			if err := sim.Step(); err != nil {
				t.Fatal(err)
			}
		}
		w.Tools[h].Active = true
		start := w.Tools[h].Target
		worst := 0.0
		for i := 1; i <= 1000; i++ {
			if i <= 100 {
				w.Tools[h].Target = start.Add(vec.V3{X: 0.3, Y: 1.5}.Scale(float64(i) / 100))
			}
			if err := sim.Step(); err != nil {
				t.Fatal(err)
			}
			worst = max(worst, w.State.Pos[20].Dist(pinAt))
		}
		lag := w.State.Pos[n].Dist(w.Tools[h].Target)
		t.Logf("hand first %v: pinned node at most %.3g m from its pin; hand's node %.3f m short of its target; length drift %.2f%%",
			handFirst, worst, lag, 100*w.Worst.LengthDrift)
		if worst > 1e-9 {
			t.Errorf("hand first %v: the pinned node moved %.4f m from its pin", handFirst, worst)
		}
		if lag < 1 {
			t.Errorf("hand first %v: the hand's node is %.3f m from a target 1.5 m beyond the rope's reach", handFirst, lag)
		}
		if w.Worst.LengthDrift > 0.02 {
			t.Errorf("hand first %v: length drift %.2f%%", handFirst, 100*w.Worst.LengthDrift)
		}
		return w.State.Pos
	}
	a, b := run(true), run(false)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("node %d: %v with the hand listed first, %v with the pin first", i, a[i], b[i])
		}
	}
}
