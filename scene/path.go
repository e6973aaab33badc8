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
	n := len(keys)
	switch {
	case n == 0:
		return initial, active
	case math.IsNaN(time) || time <= keys[0].T:
		pos = keys[0].Pos.V3()
	case time >= keys[n-1].T:
		pos = keys[n-1].Pos.V3()
	default:
		// Invariant: keys[lo].T ≤ time < keys[hi].T.
		lo, hi := 0, n-1
		for hi-lo > 1 {
			mid := int(uint(lo+hi) >> 1)
			if keys[mid].T <= time {
				lo = mid
			} else {
				hi = mid
			}
		}
		a, b := keys[lo], keys[hi]
		u := (time - a.T) / (b.T - a.T)
		pos = a.Pos.V3().Lerp(b.Pos.V3(), u)
	}
	if t.Relative {
		pos = initial.Add(pos)
	}
	return pos, active
}
