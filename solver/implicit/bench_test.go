package implicit

import (
	"fmt"
	"slices"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// tightOverhand returns a world of the security thread (r = l0 = 0.5 mm, links
// links) tied in an overhand knot and pulled tight by 1 N force tools on its ends for 0.3 s.
func tightOverhand(b testing.TB, p Params, links int) (*world.World, *Solver) {
	const link, r = 0.5e-3, 0.5e-3
	pts, err := layout.Overhand(layout.Options{Links: links, Link: link, Radius: r})
	if err != nil {
		b.Fatal(err)
	}
	w, s := build(b, p, r, link, pts)
	w.Gravity = vec.V3{}
	dir := pts[links].Sub(pts[0]).Unit()
	w.AddTool(world.Tool{Name: "a", Node: 0, Mode: solver.HoldForce, Force: dir.Scale(-1), Active: true})
	w.AddTool(world.Tool{Name: "b", Node: links, Mode: solver.HoldForce, Force: dir, Active: true})
	for range 300 {
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
	}
	return w, s
}

// BenchmarkTightKnot150: the first speed target — 150 vertices holding a tight knot
// under 1 N (target ≥ 2,000 steps/s; the thesis: ≈ 86).
func BenchmarkTightKnot150(b *testing.B) {
	for _, c := range []string{NNCG, PGS} {
		b.Run(c, func(b *testing.B) {
			p := DefaultParams()
			p.Contact = c
			w, s := tightOverhand(b, p, 149)
			b.ReportAllocs()
			b.ResetTimer()
			rows, it, sub := 0, 0, 0
			for range b.N {
				if err := w.Step(); err != nil {
					b.Fatal(err)
				}
				rows += len(s.rows)
				it += s.iters
				sub += s.nsub
			}
			b.ReportMetric(float64(rows)/float64(b.N), "contacts/step")
			b.ReportMetric(float64(it)/float64(b.N), "ncp-iters/step")
			b.ReportMetric(float64(sub)/float64(b.N), "substeps/step")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// BenchmarkDetectCCD600: the detection target — 600 vertices holding a tight knot
// (the security thread in an overhand pulled by 1 N), one step's motion: "detect" is the
// broad phase's Update and Self at the solver's contact margin, "ccd" the continuous test of
// the step's motion (collide.Swept: Update, Self at the motion's margin, the exact cubic on
// the candidates), "ccd-allpairs" the same answer from every pair's swept boxes
// (collide.SweptSelf), "both" detect and ccd as a solver would run them (target ≤ 0.2 ms; the
// thesis: 5–9 ms a frame of self-detection).
func BenchmarkDetectCCD600(b *testing.B) {
	w, s := tightOverhand(b, DefaultParams(), 599)
	prev := slices.Clone(w.State.Pos)
	if err := w.Step(); err != nil {
		b.Fatal(err)
	}
	st := w.State
	margin := 2 * s.P.Margin * s.rmax
	det, err := collide.New("bvh")
	if err != nil {
		b.Fatal(err)
	}
	var sw collide.Swept
	var cs []collide.Contact
	var xs []collide.Crossing
	run := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f()
			}
			b.ReportMetric(float64(len(cs)), "contacts")
			b.ReportMetric(float64(len(xs)), "crossings")
		})
	}
	detect := func() { det.Update(st); cs = det.Self(cs[:0], st, margin) }
	ccd := func() { xs = sw.Self(xs[:0], prev, st, det) }
	run("detect", detect)
	run("ccd", ccd)
	run("ccd-allpairs", func() { xs = collide.SweptSelf(xs[:0], prev, st) })
	run("both", func() { ccd(); cs = det.Self(cs[:0], st, margin) })
}

// BenchmarkIntegration: the implicit step alone against the vertex count (the issue: linear
// from 100 to 100,000) — the security thread (r = l0 = 0.5 mm, nylon) straight, at rest and
// weightless, so that every step does the full work (the rod's forces and Hessians, the band's
// assembly, factor and solves, the broad phase finding nothing) in one substep. Reported per
// vertex and split by phase (solver.Stats): "solve" is the integration, "detect" the broad phase.
func BenchmarkIntegration(b *testing.B) {
	for _, n := range []int{100, 1000, 10000, 100000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			w, s := build(b, DefaultParams(), 0.5e-3, 0.5e-3, straight(n, 0.5e-3))
			w.Gravity = vec.V3{}
			if err := w.Step(); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var solve, detect int64
			for b.Loop() {
				if err := w.Step(); err != nil {
					b.Fatal(err)
				}
				solve += w.Last.NsSolve
				detect += w.Last.NsDetect
				if w.Last.Contacts != 0 || s.nsub != 1 {
					b.Fatalf("%d contacts, %d substeps in a straight rope at rest", w.Last.Contacts, s.nsub)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/vertex")
			b.ReportMetric(float64(solve)/float64(b.N*n), "solve-ns/vertex")
			b.ReportMetric(float64(detect)/float64(b.N*n), "detect-ns/vertex")
		})
	}
}
