package implicit

import (
	"testing"

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
