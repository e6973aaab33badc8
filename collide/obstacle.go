package collide

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// Obstacles appends to dst a contact for every segment whose axis comes closer to an obstacle
// than its radius + margin, in segment order then obstacle order, and returns the extended
// slice. B is −1 and Obstacle the obstacle's index; PB is the nearest point of the obstacle's
// surface, N its outward normal, Dist the signed axis-to-surface distance and
// Depth = radius − Dist.
//
// Cost: one box test per segment and obstacle, the exact distance (shape.Shape.SegDist) only
// for boxes that overlap; obstacles are few, so no tree is kept for them. It allocates nothing
// once dst has room.
func Obstacles(dst []Contact, st *rope.State, obs []shape.Shape, margin float64) []Contact {
	if len(obs) == 0 {
		return dst
	}
	n := st.NumSegs()
	for s := 0; s < n; s++ {
		p0, p1 := st.Seg(s)
		r := st.SegRadius[s]
		lim := r + margin
		for o := range obs {
			sh := &obs[o]
			if sh.Kind != shape.Plane && !vec.SegBox(p0, p1, lim).Overlaps(sh.Bounds()) {
				continue
			}
			t, q, nrm, d := sh.SegDist(p0, p1)
			if d >= lim {
				continue
			}
			dst = append(dst, Contact{A: int32(s), B: -1, Obstacle: int32(o), S: t, T: 0,
				PA: p0.Lerp(p1, t), PB: q, N: nrm, Dist: d, Depth: r - d})
		}
	}
	return dst
}
