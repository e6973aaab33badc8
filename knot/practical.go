package knot

import (
	"fmt"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/vec"
)

// Practical names (issue 14). A knot-tier names what the rope's ends do, not only the closed
// knot type: the reef (square), granny, thief and grief knots and the surgeon's knot are bends,
// knots that tie two ends together — here the two ends of one rope, making a loop (a stitch, a
// parcel). Closed through infinity (the tails led outward and joined far away, as Identify does)
// each gives its own knot type, so the type names the bend once the rope is known to be a loop
// tied at its ends:
//
//	square (reef)  3_1 # m3_1      the two half knots of opposite hands; tails on one side
//	granny         3_1 # 3_1       half knots of the same hand (either hand)
//	thief          6_1             a reef whose tails leave on opposite sides
//	grief          3_1             a granny whose tails leave on opposite sides
//	surgeon's      5_1 # m3_1      a double first throw, then a single one of the other hand
//
// (types for one hand; the mirror image of each names the same bend). Measured on the five
// knot-security scenes, tied in the simulator.
//
// The rope is a loop tied at its ends when the knot is made by its two end stretches together,
// with a free loop of at least a fifth of the rope between them: for some t ≤ 0.4 N (N+1
// nodes), keeping only the stretches of t nodes at each end — the middle replaced by a path
// leading from one stretch far out toward the middle of the loop and back to the other, and
// the tails closed far away as Identify closes them — keeps the knot type, while each end
// stretch alone (a rope of its own, closed through infinity) is unknotted. A knot tied in the
// middle of a rope fails the first test, one tied near an end the second. The fifth is a
// heuristic: the loosely laid overhand scene keeps its trefoil with only its middle tenth cut
// out (its lobe spans the rope), while the loosely laid bends of the security scenes need
// their middle 26–32 % cut out, and a bend pulled tight far less.
var bendNames = map[string]string{
	"3_1 # m3_1":  "square (reef) knot",
	"3_1 # 3_1":   "granny knot",
	"m3_1 # m3_1": "granny knot",
	"6_1":         "thief knot",
	"m6_1":        "thief knot",
	"3_1":         "grief knot",
	"m3_1":        "grief knot",
	"m3_1 # 5_1":  "surgeon's knot",
	"3_1 # m5_1":  "surgeon's knot",
}

// practical sets r.Practical when the open rope pts, identified as r after closing it through
// infinity by the path far (diagram.ThroughInfinity without pts), is a loop tied at its ends by
// one of the bends of bendNames.
func (id *Identifier) practical(pts, far []vec.V3, r *Result) {
	name, ok := bendNames[r.Short]
	if !ok || !r.Unique || len(pts) < 12 {
		return
	}
	_, radius := diagram.Bound(pts)
	cut := func(t int) []vec.V3 { return loopCut(pts, far, radius, t) }
	n := len(pts) - 1
	top := 2 * n / 5
	// The largest cut first (one identification: most ropes end here); if the ends make the
	// knot with the middle fifth… cut out, they do with any smaller middle cut out.
	if q, err := id.closed(cut(top), 1); err != nil || q.Short != r.Short {
		return
	}
	// Each end stretch alone must be unknotted: the knot needs both ends.
	a, errA := id.closed(diagram.ThroughInfinity(pts[:top+1]), 1)
	b, errB := id.closed(diagram.ThroughInfinity(pts[n-top:]), 1)
	if errA != nil || errB != nil || a.Short != "0_1" || b.Short != "0_1" {
		return
	}
	// The shortest end stretches that make the knot (for the explanation), by bisection.
	lo, hi := 1, top // Q(lo) is taken not to match, Q(hi) matches
	for hi-lo > max(1, n/100) {
		m := (lo + hi) / 2
		if q, err := id.closed(cut(m), 1); err == nil && q.Short == r.Short {
			hi = m
		} else {
			lo = m
		}
	}
	r.Practical = name
	r.PracticalWhy = fmt.Sprintf("a bend tying the rope's two ends together: %d nodes at each end make the knot (each alone unknotted), the %d between them are a free loop", hi+1, n-2*hi-1)
}

// loopCut returns the closed polygon of the rope pts with its middle (nodes t+1 … n−t−1)
// replaced by a path that leaves node t outward by 2·radius (the rope's bounding radius), toward
// the middle's centroid and away from the end stretches, and comes back to node n−t; the tails
// are closed by far, the path that closes the whole rope through infinity.
func loopCut(pts, far []vec.V3, radius float64, t int) []vec.V3 {
	n := len(pts) - 1
	var mid, ends vec.V3
	for i := t + 1; i < n-t; i++ {
		mid = mid.Add(pts[i])
	}
	mid = mid.Scale(1 / float64(n-2*t-1))
	for i := 0; i <= t; i++ {
		ends = ends.Add(pts[i]).Add(pts[n-i])
	}
	ends = ends.Scale(1 / float64(2*t+2))
	u := mid.Sub(ends).Unit()
	if u == (vec.V3{}) {
		u = vec.V3{X: 1}
	}
	out := make([]vec.V3, 0, 2*t+4+len(far))
	out = append(out, pts[:t+1]...)
	out = append(out, pts[t].Add(u.Scale(2*radius)), pts[n-t].Add(u.Scale(2*radius)))
	out = append(out, pts[n-t:]...)
	return append(out, far...)
}
