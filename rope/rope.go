// Package rope holds the state of one or more ropes: node positions in one contiguous slice,
// the strands that partition it, and per-strand material (radius, link rest length).
//
// # Layout
//
// All ropes of a world share one node slice Pos. Strand k owns nodes
// [Strands[k].First, Strands[k].First+Strands[k].Nodes). Segments (links) are numbered globally
// the same way: segment s of strand k joins node First+s' and First+s'+1 and has global index
// Strands[k].FirstSeg+s'. SegNode[s] gives the first node of global segment s and SegStrand[s]
// its strand, so a per-segment loop never needs to look at strands.
//
// A solver may keep further per-node or per-segment slices of its own (velocities,
// orientations, multipliers); they are indexed the same way.
package rope

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/vec"
)

// Strand describes one rope inside a State.
type Strand struct {
	First    int     // index of the first node in State.Pos
	Nodes    int     // number of nodes (links+1), ≥ 2
	FirstSeg int     // global index of the first segment
	Radius   float64 // rope radius R, m
	Link     float64 // rest length of every link, m
	// Window is the number of neighbouring segments on each side that never collide with a
	// segment (≥ 1): segments s and t of one strand are "adjacent" when |s−t| ≤ Window. It is
	// the smallest W with W·Link > 2.2·Radius, so two segments that are never in contact while
	// the rope is straight and at rest are always tested. Excluding only the direct neighbours
	// would make Brown's own rope (Link = 1, R = 0.5) report segments i and i+2 of a straight
	// rope as touching; a crossing between segments so close along the rope is a Reidemeister-I
	// kink and cannot change the knot type.
	Window int
	// Material is what the rope is made of (zero: none given; geometric solvers need none).
	Material material.Material
}

// Links returns the number of links (segments) of the strand.
func (s Strand) Links() int { return s.Nodes - 1 }

// State is the geometric state of all ropes of a world.
type State struct {
	Pos       []vec.V3 // node positions, m
	Strands   []Strand
	SegNode   []int32   // per segment: its first node (the second is SegNode+1)
	SegStrand []int32   // per segment: its strand
	SegRadius []float64 // per segment: radius, m (copied from its strand)
}

// Spec describes a rope to add to a State.
type Spec struct {
	Radius float64  // m, > 0
	Link   float64  // link rest length, m, > 0
	Pos    []vec.V3 // initial node positions, m, at least 2
	// Material of the rope; the zero value means none (physical solvers then refuse it).
	Material material.Material
}

// Add appends a strand with the given initial node positions. The positions are copied; they
// need not be at rest length (a solver restores lengths), but must be finite.
func (st *State) Add(sp Spec) (int, error) {
	if !(sp.Radius > 0) || math.IsInf(sp.Radius, 0) {
		return 0, fmt.Errorf("rope: radius %v must be positive and finite", sp.Radius)
	}
	if !(sp.Link > 0) || math.IsInf(sp.Link, 0) {
		return 0, fmt.Errorf("rope: link length %v must be positive and finite", sp.Link)
	}
	if len(sp.Pos) < 2 {
		return 0, fmt.Errorf("rope: %d nodes; a rope needs at least 2", len(sp.Pos))
	}
	for i, p := range sp.Pos {
		if !p.IsFinite() {
			return 0, fmt.Errorf("rope: node %d position %v is not finite", i, p)
		}
	}
	k := len(st.Strands)
	s := Strand{First: len(st.Pos), Nodes: len(sp.Pos), FirstSeg: len(st.SegNode), Radius: sp.Radius, Link: sp.Link, Material: sp.Material}
	if !sp.Material.IsZero() {
		if err := sp.Material.Validate(); err != nil {
			return 0, fmt.Errorf("rope: material: %w", err)
		}
	}
	s.Window = max(1, int(math.Floor(WindowSpan*sp.Radius/sp.Link))+1)
	if s.Window > 1_000_000 {
		return 0, fmt.Errorf("rope: radius %g is too large for link length %g", sp.Radius, sp.Link)
	}
	st.Strands = append(st.Strands, s)
	st.Pos = append(st.Pos, sp.Pos...)
	for i := 0; i < s.Links(); i++ {
		st.SegNode = append(st.SegNode, int32(s.First+i))
		st.SegStrand = append(st.SegStrand, int32(k))
		st.SegRadius = append(st.SegRadius, sp.Radius)
	}
	return k, nil
}

// NumSegs returns the number of segments of all strands.
func (st *State) NumSegs() int { return len(st.SegNode) }

// Seg returns the end points of global segment s.
func (st *State) Seg(s int) (a, b vec.V3) {
	n := st.SegNode[s]
	return st.Pos[n], st.Pos[n+1]
}

// WindowSpan is, in rope radii, the length of rope between two segments within which they
// never collide: Strand.Window is sized from it at rest length, and Adjacent measures it on
// the rope as it is.
const WindowSpan = 2.2

// Adjacent reports whether segments s and t are the same segment, neighbours, or lie within
// Window of each other on one strand with at most WindowSpan·Radius of rope between them. Such
// pairs are never tested for collision. The window is sized at rest length; links stretched
// beyond it (a tool pulling with the stretch guard off stretched a link 4.6×) leave room between
// two segments of the window for another strand to pass, so they are tested then (issue 15: the
// rope passed through itself there).
func (st *State) Adjacent(s, t int) bool {
	k := st.SegStrand[s]
	if k != st.SegStrand[t] {
		return false
	}
	lo, d := min(s, t), s-t
	if d < 0 {
		d = -d
	}
	if d <= 1 {
		return true
	}
	str := &st.Strands[k]
	if d > str.Window {
		return false
	}
	span := WindowSpan * str.Radius
	if d == 2 { // one link between them (the common case): no square root
		n := st.SegNode[lo+1]
		return st.Pos[n].Sub(st.Pos[n+1]).Norm2() <= span*span
	}
	var l float64
	for u := lo + 1; u < lo+d; u++ {
		n := st.SegNode[u]
		if l += st.Pos[n].Dist(st.Pos[n+1]); l > span {
			return false
		}
	}
	return true
}

// Length returns the current polyline length of strand k, m.
func (st *State) Length(k int) float64 {
	s := st.Strands[k]
	var l float64
	for i := s.First; i < s.First+s.Nodes-1; i++ {
		l += st.Pos[i].Dist(st.Pos[i+1])
	}
	return l
}

// RestLength returns the rest length of strand k, m.
func (st *State) RestLength(k int) float64 {
	s := st.Strands[k]
	return float64(s.Links()) * s.Link
}

// Clone returns a deep copy.
func (st *State) Clone() *State {
	c := &State{
		Pos:       append([]vec.V3(nil), st.Pos...),
		Strands:   append([]Strand(nil), st.Strands...),
		SegNode:   append([]int32(nil), st.SegNode...),
		SegStrand: append([]int32(nil), st.SegStrand...),
		SegRadius: append([]float64(nil), st.SegRadius...),
	}
	return c
}

// Resample returns n+1 points along the polyline pts with equal arc length between successive
// points (the polyline's own length divided by n). It is how a rope is laid along any curve.
func Resample(pts []vec.V3, n int) []vec.V3 {
	if n < 1 || len(pts) < 2 {
		return nil
	}
	cum := make([]float64, len(pts))
	for i := 1; i < len(pts); i++ {
		cum[i] = cum[i-1] + pts[i].Dist(pts[i-1])
	}
	total := cum[len(cum)-1]
	out := make([]vec.V3, n+1)
	j := 0
	for i := 0; i <= n; i++ {
		target := total * float64(i) / float64(n)
		for j < len(pts)-2 && cum[j+1] < target {
			j++
		}
		seg := cum[j+1] - cum[j]
		t := 0.0
		if seg > 0 {
			t = (target - cum[j]) / seg
		}
		if t > 1 {
			t = 1
		}
		out[i] = pts[j].Lerp(pts[j+1], t)
	}
	out[n] = pts[len(pts)-1]
	return out
}

// MinSegmentDistance returns the smallest axis-to-axis distance between two non-adjacent
// segments (see Adjacent), m, by brute force; +Inf when there is no such pair. It is meant for
// reports and tests, not for the per-cycle loop.
func (st *State) MinSegmentDistance() float64 {
	best := math.Inf(1)
	n := st.NumSegs()
	for a := 0; a < n; a++ {
		p0, p1 := st.Seg(a)
		for b := a + 1; b < n; b++ {
			if st.Adjacent(a, b) {
				continue
			}
			q0, q1 := st.Seg(b)
			if _, _, d2 := vec.ClosestSegSeg(p0, p1, q0, q1); d2 < best*best {
				best = math.Sqrt(d2)
			}
		}
	}
	return best
}
