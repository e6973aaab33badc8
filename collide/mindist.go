package collide

import (
	"math"

	"github.com/knotsim/knotsim/rope"
)

// bruteMinSegs is the size up to which MinSelfDistance compares every pair (n² work, small).
const bruteMinSegs = 2048

// MinSelfDistance returns the smallest axis-to-axis distance between two non-adjacent segments
// of st (rope.State.MinSegmentDistance), m, +Inf when there is no such pair — through the
// sphere BVH: its self query with a margin that starts at the largest segment length and
// doubles until some pair is found (any closer pair is then found too), so that a report on a
// rope of a million links takes a second, not hours. Up to bruteMinSegs segments every pair is
// compared directly.
func MinSelfDistance(st *rope.State) float64 {
	n := st.NumSegs()
	if n <= bruteMinSegs {
		return st.MinSegmentDistance()
	}
	lo, hi := st.Pos[0], st.Pos[0]
	seg, rmax := 0.0, 0.0
	for s := 0; s < n; s++ {
		p0, p1 := st.Seg(s)
		seg = math.Max(seg, p0.Dist(p1))
		rmax = math.Max(rmax, st.SegRadius[s])
	}
	for _, p := range st.Pos {
		lo, hi = lo.Min(p), hi.Max(p)
	}
	diag := hi.Sub(lo).Norm()
	d := NewSphereBVH()
	d.Update(st)
	var buf []Contact
	for margin := math.Max(seg, 1e-9); ; margin *= 2 {
		buf = d.Self(buf[:0], st, margin)
		if len(buf) > 0 {
			best := math.Inf(1)
			for _, c := range buf {
				best = math.Min(best, c.Dist)
			}
			return best
		}
		if margin > diag+2*rmax {
			return math.Inf(1) // every pair is within that margin: there is none
		}
	}
}
