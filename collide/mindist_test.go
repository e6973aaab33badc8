package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// MinSelfDistance equals the brute-force minimum on ropes above the brute-force size: loose
// and tight, one strand or several, and a straight rope (whose closest non-adjacent pair is
// just past the adjacency window).
func TestMinSelfDistanceMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	states := []*rope.State{looseState(3, 3000), tightState(4, 3000), looseState(5, 2500)}
	multi := &rope.State{}
	for k := 0; k < 3; k++ {
		addStrand(multi, 0.5, 1, walk(rng, vec.V3{X: 30 * float64(k)}, 1000, 1, 0.9, 0))
	}
	states = append(states, multi)
	straight := make([]vec.V3, 3001)
	for i := range straight {
		straight[i] = vec.V3{X: float64(i)}
	}
	st := &rope.State{}
	addStrand(st, 0.5, 1, straight)
	states = append(states, st)
	for i, st := range states {
		if st.NumSegs() <= bruteMinSegs {
			t.Fatalf("state %d: %d segments, not above the brute-force size", i, st.NumSegs())
		}
		got, want := MinSelfDistance(st), st.MinSegmentDistance()
		if math.Abs(got-want) > 1e-12*math.Max(1, want) {
			t.Errorf("state %d (%d segments): %v, brute force %v", i, st.NumSegs(), got, want)
		}
	}
}

// Issue 15 item 2: the run report's minimum distance on a rope of a million links (a
// straight one and a random walk).
func BenchmarkMinSelfDistanceMillion(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	straight := make([]vec.V3, 1_000_001)
	for i := range straight {
		straight[i] = vec.V3{X: float64(i)}
	}
	for _, tc := range []struct {
		name string
		pts  []vec.V3
	}{{"straight", straight}, {"walk", walk(rng, vec.V3{}, 1_000_000, 1, 0.9, 0)}} {
		st := &rope.State{}
		addStrand(st, 0.5, 1, tc.pts)
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if d := MinSelfDistance(st); math.IsInf(d, 0) {
					b.Fatal("no pair")
				}
			}
		})
	}
}
