package server

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// The overhand of the server's haptic test (120 links of 5 mm, R = 2.5 mm, E = 5 MPa,
// μs = 0.6) under dvi, its free end dragged 15 cm at 0.2 m/s by a stiff position tool and then
// held, jams at the tool's 50 N cap (issue 11). It used to end in an error 1.3 s in: a node
// flung at hundreds of m/s left the multiplier solve without a root even at a 2.6 µs substep,
// with the contacts in the solve or out of it. dvi now takes such a substep by projecting the
// links to length (projectChains, counted in Fallbacks) and keeps stepping; the knot stays
// a trefoil, and no segment's centre line meets another's between cycles that move no node a
// radius (collide.SweptSelf).
func TestDVIJammedOverhandKeepsStepping(t *testing.T) {
	if testing.Short() {
		t.Skip("3,000 cycles of a jammed knot (25 s)")
	}
	sc, err := scene.Parse([]byte(strings.Replace(hapticKnotScene, `"type": "pbd"`, `"type": "dvi"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	sim, err := scene.Build(sc, scene.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	const v, drag, R, l = 0.2, 0.15, 2.5e-3, 5e-3
	end := w.State.Pos[120]
	tl := w.AddTool(world.Tool{Name: "drag", Node: 120, Target: end, Active: true})
	var fmax float64
	prev := append([]vec.V3(nil), w.State.Pos...)
	var crossed []collide.Crossing
	fast := 0
	for c := 0; c < 3000; c++ {
		w.Tools[tl].Target = end.Add(vec.V3{X: v * min(float64(c)*1e-3, drag/v)})
		if err := sim.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
		// Where no node moved a radius, the straight way from the last state stands for the
		// solver's substeps and a meeting of centre lines on it is a pass-through. Once the knot
		// gives way under the capped tool (about 0.74 s in), nodes fly at 10–20 mm a cycle and
		// the straight way is no longer the path taken: those cycles are counted, and the knot
		// type is checked instead.
		var move float64
		for i := range prev {
			move = math.Max(move, prev[i].Dist(w.State.Pos[i]))
		}
		if move >= R {
			fast++
		} else if crossed = collide.SweptSelf(crossed[:0], prev, w.State); len(crossed) > 0 {
			t.Fatalf("cycle %d: segments %d and %d pass through each other at %.3f of the step", w.Cycle, crossed[0].A, crossed[0].B, crossed[0].T)
		}
		copy(prev, w.State.Pos)
		if c%100 == 99 {
			if r, err := knot.Identify(w.State.Pos, knot.Options{}); err != nil || r.Short != "3_1" && r.Short != "m3_1" {
				t.Fatalf("cycle %d: the knot is %v (%v), not the trefoil", w.Cycle, r.Short, err)
			}
		}
		if f, ok := w.Solver.GraspForce(120); ok {
			fmax = math.Max(fmax, f.Norm())
		}
	}
	var worstLink float64
	for j := 0; j < 120; j++ {
		p, q := w.State.Pos[j], w.State.Pos[j+1]
		if !p.IsFinite() || !q.IsFinite() {
			t.Fatalf("node %d not finite", j)
		}
		worstLink = math.Max(worstLink, math.Abs(p.Dist(q)/l-1))
	}
	fb := w.Solver.(interface{ Fallbacks() int }).Fallbacks()
	t.Logf("largest tool force %.1f N, %d substeps projected, worst overlap %.3f R, worst link %.3g %%, tool lag %.3f m; %d cycles moved a node a radius or more (not checked for crossings)",
		fmax, fb, w.Worst.SelfOverlap/R, 100*worstLink, w.Last.MaxLag, fast)
	if fmax < 49 {
		t.Errorf("the knot never jammed: the tool pulled at most %.1f N (cap 50 N)", fmax)
	}
	if w.Worst.SelfOverlap > 0.25*R {
		t.Errorf("worst overlap %.3f R", w.Worst.SelfOverlap/R)
	}
	if worstLink > 0.01 {
		t.Errorf("a link is %.3g %% off its length", 100*worstLink)
	}
}
