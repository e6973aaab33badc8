package ftl

import (
	"fmt"
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// tightKnot lays n unit links (R = 0.5, Brown et al. 2004 §6) along the (2,7) torus knot cut
// open and pulls the ends apart until the knot is tight: Brown's hardest case, "a 7-crossing
// knot" (§6: 50 cycles/s for 200 links on a 450 MHz Sun). For n < 150 it ties a trefoil, and
// for n < 66 (too short for a loose trefoil of R = 0.5) with R = 0.3.
func tightKnot(tb testing.TB, n int, det string) (*rope.State, *Solver, []solver.Grasp) {
	tb.Helper()
	r := 0.5
	if n < 66 {
		r = 0.3
	}
	o := layout.Options{Links: n, Link: 1, Radius: r}
	var p []vec.V3
	var err error
	if n >= 150 {
		p, err = layout.ClosedKnotOpen(layout.TorusKnot(2, 7, 2, 1), o, 0)
	} else {
		p, err = layout.Overhand(o)
	}
	if err != nil {
		tb.Fatal(err)
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: r, Link: 1, Pos: p}); err != nil {
		tb.Fatal(err)
	}
	d, err := collide.New(det)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := New(DefaultParams(r, 1), d)
	if err != nil {
		tb.Fatal(err)
	}
	g := []solver.Grasp{{Node: 0, Target: p[0].Add(p[0].Sub(p[n]).Scale(10))}, {Node: n, Target: p[n].Add(p[n].Sub(p[0]).Scale(10))}}
	in := solver.Input{Grasps: g}
	var out solver.Stats
	prev := 0.0
	for c := 0; c < 40000; c++ {
		if err := s.Step(st, &in, &out); err != nil {
			tb.Fatal(err)
		}
		if c%500 == 499 {
			span := st.Pos[0].Dist(st.Pos[n])
			if span-prev < 0.1 {
				break
			}
			prev = span
		}
	}
	// Hold: the tools stay 5 links beyond the ends and keep the knot under tension.
	for i := range g {
		o := st.Pos[g[i].Node]
		g[i].Target = o.Add(o.Sub(st.Pos[g[1-i].Node]).Unit().Scale(5))
	}
	return st, s, g
}

// A step allocates nothing once warm (issue 2: "no allocation per cycle once warm").
func TestStepDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates; run without -race")
	}
	dets := collide.Names()
	if testing.Short() {
		dets = []string{"bvh"}
	}
	for _, det := range dets {
		st, s, g := tightKnot(t, 200, det)
		in := solver.Input{Grasps: g}
		var out solver.Stats
		allocs := testing.AllocsPerRun(200, func() {
			if err := s.Step(st, &in, &out); err != nil {
				t.Fatal(err)
			}
		})
		if out.Contacts == 0 {
			t.Fatalf("%s: the held knot has no contacts; the test proves nothing", det)
		}
		if allocs != 0 {
			t.Errorf("%s: %v allocations per step, want 0", det, allocs)
		}
	}
}

// BenchmarkStep reports cycles/s for loose and tight ropes of 50, 200, 1000 and 5000 links
// with each broad phase (issue 2's speed table; BENCHMARKS.md). Target: ≥ 5000 cycles/s for 200
// links with a tight 7_1.
func BenchmarkStep(b *testing.B) {
	for _, n := range []int{50, 200, 1000, 5000} {
		for _, kind := range []string{"loose", "knotted"} {
			for _, det := range []string{"bvh", "aabb", "grid"} {
				b.Run(fmt.Sprintf("n=%d/%s/%s", n, kind, det), func(b *testing.B) {
					var st *rope.State
					var s *Solver
					var g []solver.Grasp
					if kind == "knotted" {
						st, s, g = tightKnot(b, n, det)
					} else {
						st = &rope.State{}
						p := make([]vec.V3, n+1)
						for i := range p {
							x := float64(i) * 0.8
							p[i] = vec.V3{X: x, Y: 3 * math.Sin(x/5)}
						}
						if _, err := st.Add(rope.Spec{Radius: 0.5, Link: 1, Pos: rope.Resample(p, n)}); err != nil {
							b.Fatal(err)
						}
						d, _ := collide.New(det)
						s, _ = New(DefaultParams(0.5, 1), d)
						g = []solver.Grasp{{Node: 0, Target: st.Pos[0]}, {Node: n, Target: st.Pos[n]}}
					}
					base := []vec.V3{g[0].Target, g[1].Target}
					in := solver.Input{Grasps: g}
					var out solver.Stats
					var contacts, c int
					b.ReportAllocs()
					for b.Loop() {
						a := 2 * math.Pi * float64(c) / 500
						off := vec.V3{Y: math.Sin(a), Z: 1 - math.Cos(a)}
						g[0].Target = base[0].Add(off)
						g[1].Target = base[1].Sub(off)
						if err := s.Step(st, &in, &out); err != nil {
							b.Fatal(err)
						}
						contacts += out.Contacts
						c++
					}
					b.ReportMetric(float64(c)/b.Elapsed().Seconds(), "cycles/s")
					b.ReportMetric(float64(contacts)/float64(c), "contacts/cycle")
				})
			}
		}
	}
}
