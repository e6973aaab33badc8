package scene

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// TieStep is one step of tying an overhand knot in the "free" rope with the viewer's two
// tools, as a user does it with the mouse (issue 15 item 7): the drag tool moves on a level
// plane and the wheel raises or lowers it a rope diameter a notch; the pin holds a node where
// it is. The browser test (web/test/browser.test.mjs) plays the same steps with the mouse.
//
//	pin n      Ctrl-click node n: the pin takes it where it is (and lets go of the node it held)
//	grab n     press on node n: the drag tool takes it
//	xy x y     move the drag tool on its level plane to (x, y), m
//	up k       k wheel notches: the drag tool rises k rope diameters (down when k < 0)
//	drop       release the drag tool
//	pincross   pin the node of the strand last dragged that lies over the standing part
//	           (x = 0), nearest the dragged node: the loop is held while the end is tucked
type tieStep struct {
	op   string
	n    int
	x, y float64
}

// overhandSteps: pin the rope 30 links from its tail; drag node 95 right, up a little and
// round to cross over the standing part, making a loop; pin the crossing; take the end round to
// the left, under the loop's near side and out over its far side.
var overhandSteps = []tieStep{
	{op: "pin", n: 30}, {op: "grab", n: 95},
	{op: "xy", x: 0.12, y: -0.05}, {op: "up", n: 3}, {op: "xy", x: 0.12, y: -0.4}, {op: "xy", x: -0.1, y: -0.4},
	{op: "drop"}, {op: "pincross"}, {op: "grab", n: 120},
	{op: "up", n: 3}, {op: "xy", x: -0.15, y: -0.42}, {op: "xy", x: -0.15, y: -0.32}, {op: "up", n: -9},
	{op: "xy", x: 0.045, y: -0.32}, {op: "up", n: 9}, {op: "xy", x: 0.3, y: -0.32}, {op: "drop"},
}

// crossingNode is the node the "pincross" step pins: from the dragged node back towards the
// pin, the first within one radius of x = 0 that lies more than 3R above the table (z = 0).
func crossingNode(pos []vec.V3, from int, r float64) int {
	for i := from; i > 0; i-- {
		if math.Abs(pos[i].X) < 2*r && pos[i].Z > 3*r {
			return i
		}
	}
	return -1
}

// A scripted user ties an overhand knot in the free rope with the drag tool and the pin,
// moving the mouse 5 mm every 20 cycles (0.25 m/s): the rope ends as a trefoil, never passes
// through itself on the way (checked every cycle), and keeps its length.
func TestTieOverhandByHand(t *testing.T) {
	sim := buildBuiltin(t, "free")
	w := sim.World
	r := w.State.Strands[0].Radius
	hand := w.AddTool(world.Tool{Name: "drag"})
	pin := w.AddTool(world.Tool{Name: "pin"})
	identify := live.WorldIdentifier(w.Obstacles)
	var snap world.Snapshot
	worstBend := math.Inf(1) // closest approach of segments two apart, m
	step := func(n int) {
		for range n {
			if err := sim.Step(); err != nil {
				t.Fatal(err)
			}
			checkPublishedGaps(t, w)
			p := w.State.Pos
			for i := 0; i+3 < len(p); i++ {
				_, _, d2 := vec.ClosestSegSeg(p[i], p[i+1], p[i+2], p[i+3])
				worstBend = math.Min(worstBend, math.Sqrt(d2))
			}
		}
	}
	moveTo := func(p vec.V3) {
		a := w.Tools[hand].Target
		n := max(1, int(math.Ceil(p.Dist(a)/0.005)))
		for j := 1; j <= n; j++ {
			w.Tools[hand].Target = a.Add(p.Sub(a).Scale(float64(j) / float64(n)))
			step(20)
		}
	}
	grabbed := -1
	for _, s := range overhandSteps {
		switch s.op {
		case "pin", "pincross":
			n := s.n
			if s.op == "pincross" {
				if n = crossingNode(w.State.Pos, grabbed, r); n < 0 {
					t.Fatal("no node of the dragged strand lies over the standing part: no loop")
				}
			}
			w.Tools[pin] = world.Tool{Name: "pin", Node: n, Active: true, Target: w.State.Pos[n]}
		case "grab":
			grabbed = s.n
			w.Tools[hand] = world.Tool{Name: "drag", Node: s.n, Active: true, Target: w.State.Pos[s.n]}
		case "drop":
			w.Tools[hand].Active = false
		case "xy":
			moveTo(vec.V3{X: s.x, Y: s.y, Z: w.Tools[hand].Target.Z})
		case "up":
			moveTo(w.Tools[hand].Target.Add(vec.V3{Z: float64(s.n) * 2 * r}))
		}
		step(50)
	}
	got := identify(w.Snapshot(&snap))
	t.Logf("knot %v after %d cycles (%.1f s); worst overlap %.3f R, length drift %.2f%%; segments two apart at least %.2f R apart",
		got.Ropes, w.Cycle, w.Time, w.Worst.SelfOverlap/r, 100*w.Worst.LengthDrift, worstBend/r)
	if got.Ropes[0] != "3_1" && got.Ropes[0] != "m3_1" {
		t.Fatalf("the rope is %v, want an overhand knot (3_1)", got.Ropes)
	}
}
