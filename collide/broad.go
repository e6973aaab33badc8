package collide

import (
	"math"
	"slices"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// Conservative broad phase
//
// A broad phase must never prune a pair that the narrow phase (selfContact) would accept, or
// the detectors would disagree with Brute. Bounding volumes are computed in floating point and
// so contain their segments only up to rounding, and the narrow phase's own distance carries a
// rounding error of a few ulps of the coordinates. Every broad phase therefore widens its
// overlap tests by a slack of relSlack times the scale of the scene (largest coordinate
// magnitude plus largest radius), far above those rounding errors and far below any length
// that matters: the extra candidates it admits are rejected by the narrow phase, so the output
// is unchanged.
const relSlack = 1e-9

// queryMargin is the distance by which a broad phase widens its overlap tests for a call to
// Self with the given margin.
func queryMargin(margin, slack float64) float64 { return margin*(1+relSlack) + slack }

// sceneSlack returns the slack for a scene whose largest coordinate magnitude is maxAbs and
// largest radius maxR.
func sceneSlack(maxAbs, maxR float64) float64 { return relSlack * (maxAbs + maxR) }

// maxAbs3 returns the largest of m and the magnitudes of the components of p.
func maxAbs3(m float64, p vec.V3) float64 {
	return math.Max(m, math.Max(math.Abs(p.X), math.Max(math.Abs(p.Y), math.Abs(p.Z))))
}

// Output order
//
// Self must return contacts sorted by (A, B). Sorting the 120-byte Contact values costs more
// than the whole tree query on a tight rope, so the trees collect the candidate pairs that pass
// the broad phase as uint64 keys A<<32|B (pairKey), sort the keys (slices.Sort on integers: no
// comparator calls, no allocation) and only then run the narrow phase, in key order, appending
// contacts that are sorted by construction. The grid visits A in increasing order and sorts
// only each A's few B.

// pairKey returns the sort key of the unordered pair of distinct segments a, b.
func pairKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(a)<<32 | uint64(uint32(b))
}

// narrowSorted sorts the candidate keys and appends, in key order, the contact of each pair the
// narrow phase accepts.
func narrowSorted(dst []Contact, st *rope.State, keys []uint64, margin float64) []Contact {
	slices.Sort(keys)
	for _, k := range keys {
		if c, ok := selfContact(st, int(k>>32), int(uint32(k)), margin); ok {
			dst = append(dst, c)
		}
	}
	return dst
}
