package scene

import (
	"math"

	"github.com/knotsim/knotsim/vec"
)

// TargetAt returns where tool t wants its node at scene time time, m, and whether the tool
// holds the node then (Grasp ≤ time < Release; Release nil means never released).
//
// The path is piecewise linear in time between keys: before the first key it holds the first
// key's position, after the last key the last one's, and at a key's time it returns that key's
// position exactly. With Relative, key positions are offsets added to initial, the node's
// position when the tool closed; otherwise initial is ignored.
//
// Special cases: a NaN time gives the first key's position and active = false; a tool with no
// keys (which Validate rejects) gives initial. TargetAt does not allocate (binary search over
// the keys), and it reads t only, so concurrent calls are safe.
func (t *Tool) TargetAt(time float64, initial vec.V3) (pos vec.V3, active bool) {
	active = t.Grasp <= time && (t.Release == nil || time < *t.Release)
	keys := t.Path
	if len(keys) == 0 {
		return initial, active
	}
	pos = interpolate(len(keys), time, func(i int) float64 { return keys[i].T }, func(i int) vec.V3 { return keys[i].Pos.V3() })
	if t.Relative {
		pos = initial.Add(pos)
	}
	return pos, active
}

// ForceAt returns the force, N, a force tool (one with Force keys) pulls its node with at
// scene time time. Like TargetAt it is piecewise linear between keys, constant before the
// first key and after the last, exact at a key's time, and gives the first key's force for a
// NaN time; a tool without force keys gives zero. It does not look at Grasp and Release: the
// force acts only while the tool holds the node (TargetAt's active). It does not allocate.
func (t *Tool) ForceAt(time float64) vec.V3 {
	keys := t.Force
	return interpolate(len(keys), time, func(i int) float64 { return keys[i].T }, func(i int) vec.V3 { return keys[i].F.V3() })
}

// interpolate is the piecewise-linear value at time of n keys with strictly increasing times
// at(i) and values val(i): zero for n = 0, the first key's before it (and for a NaN time), the
// last key's after it, exact at a key's time. Tool paths and forces and a tissue clamp's move
// share it.
func interpolate(n int, time float64, at func(int) float64, val func(int) vec.V3) vec.V3 {
	switch {
	case n == 0:
		return vec.V3{}
	case math.IsNaN(time) || time <= at(0):
		return val(0)
	case time >= at(n-1):
		return val(n - 1)
	}
	lo, hi, u := bracket(n, time, at)
	return val(lo).Lerp(val(hi), u)
}

// bracket finds, by binary search over n ≥ 2 keys with strictly increasing times at(i), the
// keys lo, hi = lo+1 with at(lo) ≤ time < at(hi), and the fraction u of the way from lo to hi.
// The caller has handled time ≤ at(0) and time ≥ at(n−1).
func bracket(n int, time float64, at func(int) float64) (lo, hi int, u float64) {
	// Invariant: at(lo) ≤ time < at(hi).
	lo, hi = 0, n-1
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if at(mid) <= time {
			lo = mid
		} else {
			hi = mid
		}
	}
	a, b := at(lo), at(hi)
	return lo, hi, (time - a) / (b - a)
}
