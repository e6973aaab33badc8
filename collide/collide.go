// Package collide finds where rope segments touch each other or obstacles.
//
// Every broad phase (sphere BVH after Brown et al. 2004 §4, AABB tree after Zheng et al.,
// uniform hash grid, brute force) sits behind the Detector interface and reports exactly the
// same contacts, in the same order (sorted by A then B), so a solver's result never depends on
// which one is used. Narrow phase: vec.ClosestSegSeg.
package collide

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// Contact is a pair of segments, or a segment and an obstacle, closer than their radii allow.
//
// For a self contact B ≥ 0 is the other segment and Obstacle = −1; for an obstacle contact
// B = −1 and Obstacle is the obstacle's index. S and T are the parameters in [0,1] of the closest
// points PA (on A) and PB (on B or on the obstacle's surface side: the closest point of the
// obstacle's core geometry). N is the unit normal pointing from B (or the obstacle) towards A.
// Dist is the distance between the core geometries (axes; for obstacles, the axis of A to the
// obstacle's surface), m. Depth = radii − Dist > 0, m.
type Contact struct {
	A, B     int32
	Obstacle int32
	S, T     float64
	PA, PB   vec.V3
	N        vec.V3
	Dist     float64
	Depth    float64
}

// Detector finds all self contacts of a rope state. Implementations keep internal buffers and
// are not safe for concurrent use; a Detector allocates nothing per call once warm.
type Detector interface {
	// Name is a short identifier ("bvh", "aabb", "grid", "brute").
	Name() string
	// Update refits or rebuilds the structure for the current positions of st. It is timed
	// apart from Self ("refit" against "detection" in the benchmarks).
	Update(st *rope.State)
	// Self appends to dst every pair A < B of non-adjacent segments (rope.State.Adjacent) whose
	// axes are closer than SegRadius[A]+SegRadius[B]+margin, sorted by (A, B), and returns the
	// extended slice. margin ≥ 0, m. Self must follow an Update with the same positions; the margin
	// passed to Self may differ per call (structures inflate by it at query time).
	Self(dst []Contact, st *rope.State, margin float64) []Contact
}

// selfContact builds the contact between segments a and b if they are closer than
// ra+rb+margin, using the narrow phase. ok is false otherwise.
func selfContact(st *rope.State, a, b int, margin float64) (Contact, bool) {
	p0, p1 := st.Seg(a)
	q0, q1 := st.Seg(b)
	r := st.SegRadius[a] + st.SegRadius[b]
	lim := r + margin
	s, t, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
	if d2 >= lim*lim {
		return Contact{}, false
	}
	pa := p0.Lerp(p1, s)
	pb := q0.Lerp(q1, t)
	d := pa.Sub(pb)
	dist := d.Norm()
	var n vec.V3
	if dist > 1e-12 {
		n = d.Scale(1 / dist)
	} else {
		// Axes intersect: push perpendicular to both axes.
		n = p1.Sub(p0).Cross(q1.Sub(q0)).Unit()
		if n == (vec.V3{}) {
			n = p1.Sub(p0).AnyPerp()
		}
	}
	return Contact{A: int32(a), B: int32(b), Obstacle: -1, S: s, T: t, PA: pa, PB: pb, N: n, Dist: dist, Depth: r - dist}, true
}
