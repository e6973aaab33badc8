package collide

import (
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// Obstacles reports exactly the segments whose distance to an obstacle is below radius+margin
// (checked against shape.SegDist on every pair, no box culling), in segment then obstacle
// order, with consistent fields; ObstaclesExcept the same without the pairs it is told to skip.
func TestObstaclesMatchesExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	total := 0
	defer func() {
		if total < 300 {
			t.Errorf("only %d contacts in all trials: the test proves little", total)
		}
	}()
	for trial := 0; trial < 300; trial++ {
		st := randomState(rng, trial%4)
		obs := []shape.Shape{
			{Kind: shape.Plane, Center: vec.V3{Z: rng.Float64()*4 - 2}, Axis: vec.V3{Z: 1}},
			{Kind: shape.Sphere, Center: vec.V3{X: rng.Float64()*6 - 3, Y: rng.Float64()*6 - 3}, Radius: 0.5 + rng.Float64()*2},
			{Kind: shape.Capsule, A: vec.V3{X: -5, Y: rng.Float64()*4 - 2}, B: vec.V3{X: 5, Y: rng.Float64()*4 - 2}, Radius: 0.2 + rng.Float64()},
			{Kind: shape.Torus, Center: vec.V3{Y: rng.Float64()*4 - 2}, Axis: vec.V3{X: 1}, Major: 2 + rng.Float64()*2, Radius: 0.3 + rng.Float64()*0.5},
		}
		margin := rng.Float64() * 0.2
		// Every other trial leaves out random segment–obstacle pairs (ObstaclesExcept).
		var skip []Skip
		if trial%2 == 1 {
			for s := 0; s < st.NumSegs(); s++ {
				for o := range obs {
					if rng.IntN(3) == 0 {
						skip = append(skip, Skip{Seg: int32(s), Obstacle: int32(o)})
					}
				}
			}
		}
		skipped := func(s, o int) bool {
			for _, k := range skip {
				if int(k.Seg) == s && int(k.Obstacle) == o {
					return true
				}
			}
			return false
		}
		got := ObstaclesExcept(nil, st, obs, margin, skip)
		if skip == nil {
			got = Obstacles(nil, st, obs, margin)
		}
		var want []Contact
		for s := 0; s < st.NumSegs(); s++ {
			p0, p1 := st.Seg(s)
			r := st.SegRadius[s]
			for o := range obs {
				if skipped(s, o) {
					continue
				}
				tt, q, n, d := obs[o].SegDist(p0, p1)
				if d < r+margin {
					want = append(want, Contact{A: int32(s), B: -1, Obstacle: int32(o), S: tt, PA: p0.Lerp(p1, tt), PB: q, N: n, Dist: d, Depth: r - d})
				}
			}
		}
		total += len(got)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d obstacle contacts, exhaustive search finds %d", trial, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("trial %d contact %d: %+v, want %+v", trial, i, got[i], want[i])
			}
		}
	}
}

func TestObstaclesDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	st := randomState(rng, 2)
	obs := []shape.Shape{{Kind: shape.Sphere, Center: st.Pos[3], Radius: 1}}
	dst := make([]Contact, 0, st.NumSegs())
	if a := testing.AllocsPerRun(100, func() { dst = Obstacles(dst[:0], st, obs, 0.1) }); a != 0 {
		t.Fatalf("%v allocations", a)
	}
	if len(dst) == 0 {
		t.Fatal("no contacts: the test proves nothing")
	}
}
