package knot

import (
	"fmt"
	"slices"
	"time"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/vec"
)

// Practical names (issue 14). A knot-tier names what the rope's ends do, not only the closed
// knot type: the reef (square), granny, thief and grief knots and the surgeon's knot are bends,
// knots that tie two ends together — the two ends of one rope, making a loop (a stitch, a
// parcel), or the ends of two ropes (Bend). Closed through infinity (the tails led outward and
// joined far away, as Identify does) each gives its own knot type, so the type names the bend
// once the rope is known to be a loop tied at its ends:
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
// with a free loop of at least a sixth of the rope between them: for some t ≤ 5N/12 (N+1
// nodes), keeping only the stretches of t nodes at each end — the middle replaced by a path
// leading from one stretch far out toward the middle of the loop and back to the other, and
// the tails closed far away as Identify closes them — keeps the knot type, while each end
// stretch alone (a rope of its own, closed through infinity) is unknotted. A knot tied in the
// middle of a rope fails the first test, one tied near an end the second. The sixth is a
// heuristic between two measured cases. The loosely laid overhand scene keeps its trefoil with
// only its middle tenth cut out (its lobe spans the rope): with end stretches of 0.44 N or
// more it is named a grief knot (TestPracticalNames). The loosely laid bends of the security
// scenes need their middle 26–32 % cut out, and a bend pulled tight far less. The surgeon's
// knots of the anastomosis-surgeons scene, pulled tight on a vessel, need end stretches of 43
// and 44 of their 108 links (0.41 N). With a fifth (0.4 N) the lower one went unnamed
// (scene's TestAnastomosisSurgeons).
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
	if name, ends, ok := id.bend(pts, far, r); ok {
		r.Practical = name
		r.PracticalWhy = fmt.Sprintf("a bend tying the rope's two ends together: %d nodes at each end make the knot (each alone unknotted), the %d between them are a free loop", ends, len(pts)-2*ends)
	}
}

// bend reports whether the open rope pts, identified as r when closed through infinity by far,
// is a loop tied at its ends by one of the bends of bendNames: the bend's name and the number
// of nodes at each end that make the knot.
func (id *Identifier) bend(pts, far []vec.V3, r *Result) (string, int, bool) {
	name, ok := bendNames[r.Short]
	if !ok || !r.Unique || len(pts) < 12 {
		return "", 0, false
	}
	_, radius := diagram.Bound(pts)
	cut := func(t int) []vec.V3 { return loopCut(pts, far, radius, t) }
	n := len(pts) - 1
	top := 5 * n / 12
	// The largest cut first (one identification: most ropes end here); if the ends make the
	// knot with the middle sixth… cut out, they do with any smaller middle cut out.
	if q, err := id.closed(cut(top), 1); err != nil || q.Short != r.Short {
		return "", 0, false
	}
	// Each end stretch alone must be unknotted: the knot needs both ends.
	a, errA := id.closed(diagram.ThroughInfinity(pts[:top+1]), 1)
	b, errB := id.closed(diagram.ThroughInfinity(pts[n-top:]), 1)
	if errA != nil || errB != nil || a.Short != "0_1" || b.Short != "0_1" {
		return "", 0, false
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
	return name, hi + 1, true
}

// Bend names the bend that joins two ropes, a and b, if there is one of bendNames: each rope has
// a working end (its tail, in the knot) and a standing end, and the two standing parts, joined
// far from the knot, make one rope tied into a loop at its ends — which practical names. Every
// choice of which end of each rope is its working end is tried; the working ends are those for
// which the shortest end stretches make the knot (a knot-tier's tails are the short ends: with
// the standing ends taken for tails, the bend test can pass too, on end stretches that reach
// back along a standing part — 132 nodes against 53 in a granny). The result is the joined
// rope's identification (closed through infinity) with Practical and PracticalWhy set, or
// Practical "" when the ropes are not joined by a bend (or two choices tie with different
// names).
func (id *Identifier) Bend(a, b []vec.V3) (Result, error) {
	start := time.Now()
	if err := checkCurve(a, 2); err != nil {
		return Result{}, fmt.Errorf("rope a: %w", err)
	}
	if err := checkCurve(b, 2); err != nil {
		return Result{}, fmt.Errorf("rope b: %w", err)
	}
	var best Result
	found, ends, tie := false, 0, false
	for _, flipA := range []bool{false, true} {
		for _, flipB := range []bool{false, true} {
			pts := joinStanding(a, b, flipA, flipB)
			closed := diagram.ThroughInfinity(pts)
			r, err := id.closed(closed, 1)
			if err != nil {
				continue
			}
			r.Closure = Infinity
			name, e, ok := id.bend(pts, closed[len(pts):], &r)
			switch {
			case !ok:
			case !found || e < ends:
				best, ends, found, tie = r, e, true, false
				best.Practical = name
			case e == ends && name != best.Practical:
				tie = true
			}
		}
	}
	if !found {
		r, err := id.closed(diagram.ThroughInfinity(joinStanding(a, b, false, false)), 1)
		r.Closure = Infinity
		r.Elapsed = time.Since(start)
		return r, err
	}
	best.PracticalWhy = fmt.Sprintf("a bend joining two ropes: %d nodes of each from its working end make the knot (each alone unknotted); the standing parts, joined far away, are a free loop", ends)
	if tie {
		best.Practical, best.PracticalWhy = "", ""
	}
	best.Elapsed = time.Since(start)
	return best, nil
}

// joinStanding returns one rope: a from its working end to its standing end, a bridge from
// there out of the way and back to b's standing end, and b to its working end. a's working end
// is its first node, or its last if flipA; likewise b.
func joinStanding(a, b []vec.V3, flipA, flipB bool) []vec.V3 {
	out := make([]vec.V3, 0, len(a)+len(b)+2)
	out = append(out, a...)
	if flipA {
		slices.Reverse(out)
	}
	tailA, standA := out[0], out[len(out)-1]
	nb := len(out)
	out = append(out, vec.V3{}, vec.V3{}) // the bridge, set below
	out = append(out, b...)
	if !flipB {
		slices.Reverse(out[nb+2:]) // b from its standing end to its working end
	}
	standB, tailB := out[nb+2], out[len(out)-1]
	u := standA.Add(standB).Sub(tailA.Add(tailB)).Unit()
	if u == (vec.V3{}) {
		u = vec.V3{X: 1}
	}
	_, ra := diagram.Bound(a)
	_, rb := diagram.Bound(b)
	far := 2 * (ra + rb)
	out[nb], out[nb+1] = standA.Add(u.Scale(far)), standB.Add(u.Scale(far))
	return out
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
