package knot_test

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/knot/table"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
)

var (
	tightOnce sync.Once
	tight     map[string][]vec.V3
)

// tightRopes runs built-in scenes to their end: ropes of 200–320 links holding tight knots
// (7_1 as in issue 3's speed target), pulled by FTL.
func tightRopes(tb testing.TB) map[string][]vec.V3 {
	tb.Helper()
	tightOnce.Do(func() {
		tight = map[string][]vec.V3{}
		for _, name := range []string{"overhand", "7_1", "square", "overhand+figure8"} {
			sc, err := scene.Builtin(name)
			if err != nil {
				panic(err)
			}
			sim, err := scene.Build(sc, scene.BuildOptions{})
			if err != nil {
				panic(err)
			}
			for sim.World.Time < 3.4 { // pulled tight and held, before the tools let go
				if err := sim.Step(); err != nil {
					panic(err)
				}
			}
			tight[name] = append([]vec.V3(nil), sim.World.State.Pos...)
		}
	})
	return tight
}

// Issue 3 target: identify a 200-link rope holding a tight 7_1 in ≤ 1 ms.
func BenchmarkIdentifyTightRope(b *testing.B) {
	for _, name := range []string{"overhand", "7_1", "square", "overhand+figure8"} {
		pts := tightRopes(b)[name]
		b.Run(fmt.Sprintf("%s/links=%d", name, len(pts)-1), func(b *testing.B) {
			var id knot.Identifier
			r, err := id.Open(pts, knot.Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := id.Open(pts, knot.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(r.Crossings), "crossings")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/identify")
		})
	}
}

// Issue 3 target: stochastic closure with 100 directions ≤ 20 ms.
func BenchmarkStochastic100(b *testing.B) {
	pts := tightRopes(b)["7_1"]
	var id knot.Identifier
	for b.Loop() {
		r, err := id.Open(pts, knot.Options{Closure: knot.Stochastic, Samples: 100, Seed: 1})
		if err != nil || r.Short != "7_1" {
			b.Fatalf("%q %v", r.Short, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/identify")
}

// Time against crossing number: the (2,q) torus knot as a closed curve of 40 points per
// crossing, end to end (six projections, simplification, invariants, lookup; beyond 11
// crossings the answer is "not in the table").
func BenchmarkIdentifyByCrossings(b *testing.B) {
	for _, q := range []int{3, 5, 7, 9, 11, 15, 21, 31, 41} {
		n := 40 * q
		pts := make([]vec.V3, n)
		for i := range pts {
			t := 2 * math.Pi * float64(i) / float64(n)
			r := 2 + math.Cos(float64(q)*t)
			pts[i] = vec.V3{X: r * math.Cos(2*t), Y: r * math.Sin(2*t), Z: math.Sin(float64(q) * t)}
		}
		b.Run(fmt.Sprintf("T(2,%d)", q), func(b *testing.B) {
			var id knot.Identifier
			for b.Loop() {
				if _, err := id.Closed(pts, knot.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The invariants and lookup alone, for every knot of the table by crossing number (FromPD).
func BenchmarkFromPDByCrossings(b *testing.B) {
	by := map[int][]table.Knot{}
	for _, k := range table.All() {
		by[k.Crossings] = append(by[k.Crossings], k)
	}
	for c := 3; c <= 12; c++ {
		ks := by[c]
		b.Run(fmt.Sprintf("crossings=%d", c), func(b *testing.B) {
			i := 0
			for b.Loop() {
				knot.FromPD(ks[i%len(ks)].PD)
				i++
			}
		})
	}
}

// FromPD on the table knots that the polynomials and the signature leave with other candidates
// (issue 14 item 3): cover counts decide. "warm": the candidates' counts are cached (the first
// identification of each computes them); the diagram's own counts are computed every time.
func BenchmarkFromPDLookAlikes(b *testing.B) {
	var ks []table.Knot
	for _, k := range table.All() {
		sig := k.Signature
		if len(table.Identify(table.Invariants{Alexander: k.Alexander, Jones: k.Jones, Signature: &sig}, k.Crossings)) > 1 {
			ks = append(ks, k)
		}
	}
	for _, k := range ks {
		knot.FromPD(k.PD) // fill the candidates' cache
	}
	b.Run(fmt.Sprintf("warm/%d-knots", len(ks)), func(b *testing.B) {
		i := 0
		for b.Loop() {
			knot.FromPD(ks[i%len(ks)].PD)
			i++
		}
	})
}

// The tight ropes of the scenes are what the scenes say they are.
func TestTightRopesIdentified(t *testing.T) {
	want := map[string]string{"overhand": "3_1", "7_1": "7_1", "square": "3_1 # m3_1", "overhand+figure8": "3_1 # 4_1"}
	for name, pts := range tightRopes(t) {
		r, err := knot.Identify(pts, knot.Options{})
		if err != nil || r.Short != want[name] || !r.Unique {
			t.Errorf("%s: %q unique %v (%v)", name, r.Short, r.Unique, err)
		}
	}
}

// BenchmarkBend: two ropes joined by a reef knot (the tied security loop cut in two, standing
// parts led on 100 links), named by Identifier.Bend (four joinings tried), against one
// identification of the loop itself.
func BenchmarkBend(b *testing.B) {
	loop := tiedRope(b, "security-reef")
	x, y := cutLoop(loop, 100)
	var id knot.Identifier
	b.Run("loop", func(b *testing.B) {
		for b.Loop() {
			if r, err := id.Open(loop, knot.Options{}); err != nil || r.Practical == "" {
				b.Fatal(r.Practical, err)
			}
		}
	})
	b.Run("two-ropes", func(b *testing.B) {
		for b.Loop() {
			if r, err := id.Bend(x, y); err != nil || r.Practical == "" {
				b.Fatal(r.Practical, err)
			}
		}
	})
}

// BenchmarkHitch: the clove hitch pulled tight by the clove scene (testdata/tied/clove.xyz:
// `knotsim run -curve F clove`, solver ftl, 200 links) named by Hitch around its pole, against
// one identification of the rope's knot type.
func BenchmarkHitch(b *testing.B) {
	rope := tiedRope(b, "clove")
	b.Run("hitch", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if h, err := knot.Hitch(rope, vec.V3{Z: -0.15}, vec.V3{Z: 0.15}, 0.02, 0.005); err != nil || h.Name != "clove hitch" {
				b.Fatal(h, err)
			}
		}
	})
	var id knot.Identifier
	b.Run("type", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := id.Open(rope, knot.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
