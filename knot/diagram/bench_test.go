package diagram

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// ropeWalk is a tangled closed rope of n segments: a smooth random walk (persistence) in a
// ball, closed by a straight segment — many crossings in any projection.
func ropeWalk(n int, seed uint64) []vec.V3 {
	rng := rand.New(rand.NewPCG(seed, 1))
	pts := make([]vec.V3, n)
	var p, v vec.V3
	v = vec.V3{X: 1}
	R := math.Cbrt(float64(n)) * 0.6
	for i := range pts {
		v = v.Add(vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Scale(0.4)).Unit()
		if p.Norm() > R { // turn back inside the ball
			v = v.Sub(p.Unit().Scale(0.5)).Unit()
		}
		p = p.Add(v.Scale(0.1 + 0.05*rng.Float64()))
		pts[i] = p
	}
	return pts
}

func benchDiagram(b *testing.B, comps [][]vec.V3) {
	var p Projector
	dir, _, err := p.FindDirection(comps, nil)
	if err != nil {
		b.Fatal(err)
	}
	d, _ := p.Diagram(comps, dir)
	nc := len(d.Crossings)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := p.Diagram(comps, dir); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(nc), "crossings")
}

func BenchmarkDiagram200(b *testing.B)      { benchDiagram(b, [][]vec.V3{ropeWalk(200, 1)}) }
func BenchmarkDiagramTorus200(b *testing.B) { benchDiagram(b, [][]vec.V3{torus(200, 3, 4, false)}) }
func BenchmarkDiagram5000(b *testing.B)     { benchDiagram(b, [][]vec.V3{ropeWalk(5000, 2)}) }

// The closure adds a few long segments far outside: the grid must not degrade.
func BenchmarkDiagram5000ThroughInfinity(b *testing.B) {
	benchDiagram(b, [][]vec.V3{ThroughInfinity(ropeWalk(5000, 2))})
}

// A reused Projector allocates nothing per call.
func TestNoAllocs(t *testing.T) {
	for _, n := range []int{200, 5000} {
		comps := [][]vec.V3{ThroughInfinity(ropeWalk(n, 3))}
		var p Projector
		dir, _, err := p.FindDirection(comps, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(20, func() { p.Diagram(comps, dir) }); a != 0 {
			t.Errorf("n=%d: %v allocations per call", n, a)
		}
	}
}
