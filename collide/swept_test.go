package collide

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSweptMatchesAllPairs: Swept.Self finds exactly SweptSelf's crossings (all pairs, swept
// boxes) through every detector's broad phase, on the generator's random ropes (walks, balls,
// touching lattices, zero-length segments, coincident strands) moved by random displacements
// from a tenth of a radius to several links, so that many pairs pass through each other.
func TestSweptMatchesAllPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var w Swept
	var got, want []Crossing
	crossings := 0
	for trial := range 120 {
		st := randomState(rng, trial)
		prev := slices.Clone(st.Pos)
		amp := []float64{0.05, 0.5, 3}[trial%3]
		jiggle(rng, st, amp)
		want = SweptSelf(want[:0], prev, st)
		crossings += len(want)
		for _, name := range Names() {
			det, err := New(name)
			if err != nil {
				t.Fatal(err)
			}
			got = w.Self(got[:0], prev, st, det)
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d (%s, %d segments, motion %.2g): Swept found %d crossings %v, all pairs %d %v",
					trial, name, st.NumSegs(), amp, len(got), head(got), len(want), head(want))
			}
		}
	}
	if crossings < 1000 {
		t.Fatalf("only %d crossings in all trials: the test does not exercise the exact test", crossings)
	}
	t.Logf("%d crossings matched", crossings)
}

func head(c []Crossing) string {
	if len(c) > 4 {
		return fmt.Sprint(c[:4]) + "…"
	}
	return fmt.Sprint(c)
}

// TestSweptNoAllocs: once warm, Swept.Self allocates nothing.
func TestSweptNoAllocs(t *testing.T) {
	frames := motion("tight", 600, 2)
	det := NewSphereBVH()
	var w Swept
	dst := w.Self(nil, frames[0].Pos, frames[1], det)
	if a := testing.AllocsPerRun(20, func() { dst = w.Self(dst[:0], frames[0].Pos, frames[1], det) }); a != 0 {
		t.Fatalf("%v allocations per call", a)
	}
}

// BenchmarkSwept: continuous self-detection between two consecutive states of a moving rope
// (motion's rotating, waving rope: 0.01 rad and a travelling wave a frame) — the broad phase's
// Update, its Self at the motion's margin and the exact test of the candidates — against
// SweptSelf's all-pairs swept boxes.
func BenchmarkSwept(b *testing.B) {
	for _, n := range []int{200, 600, 2000} {
		for _, shape := range []string{"loose", "tight"} {
			fr := motion(shape, n, 2)
			prev, st := fr[0].Pos, fr[1]
			b.Run(fmt.Sprintf("n=%d/%s/bvh", n, shape), func(b *testing.B) {
				det := NewSphereBVH()
				var w Swept
				var dst []Crossing
				b.ReportAllocs()
				for b.Loop() {
					dst = w.Self(dst[:0], prev, st, det)
				}
				b.ReportMetric(float64(len(w.cand)), "candidates")
			})
			b.Run(fmt.Sprintf("n=%d/%s/allpairs", n, shape), func(b *testing.B) {
				var dst []Crossing
				b.ReportAllocs()
				for b.Loop() {
					dst = SweptSelf(dst[:0], prev, st)
				}
			})
		}
	}
}
