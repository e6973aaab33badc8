package collide

import (
	"math"

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
	return ObstaclesExcept(dst, st, obs, margin, nil)
}

// Skip is a segment and an obstacle that ObstaclesExcept leaves out: a forceps' jaws and the
// links of the nodes they hold, which lie between them.
type Skip struct {
	Seg, Obstacle int32
}

// ObstaclesExcept is Obstacles without the pairs in skip, which must be sorted by segment
// (then obstacle, though any order within a segment will do).
func ObstaclesExcept(dst []Contact, st *rope.State, obs []shape.Shape, margin float64, skip []Skip) []Contact {
	if len(obs) == 0 {
		return dst
	}
	k := 0 // skip's first entry at or after the segment
	// The obstacles' boxes, once (on the stack for up to boxCache of them), and the box of all
	// of them but planes: a segment far from every obstacle costs one test.
	var cache [boxCache]vec.AABB
	all := vec.Empty()
	for o := range obs {
		if obs[o].Kind == shape.Plane {
			all = vec.AABB{Min: vec.V3{X: math.Inf(-1), Y: math.Inf(-1), Z: math.Inf(-1)}, Max: vec.V3{X: math.Inf(1), Y: math.Inf(1), Z: math.Inf(1)}}
			continue
		}
		b := obs[o].Bounds()
		if o < boxCache {
			cache[o] = b
		}
		all = all.Union(b)
	}
	n := st.NumSegs()
	for s := 0; s < n; s++ {
		p0, p1 := st.Seg(s)
		r := st.SegRadius[s]
		lim := r + margin
		box := vec.SegBox(p0, p1, lim)
		if !box.Overlaps(all) {
			continue
		}
		for k < len(skip) && int(skip[k].Seg) < s {
			k++
		}
		sk := k
		for sk < len(skip) && int(skip[sk].Seg) == s {
			sk++
		}
	obstacles:
		for o := range obs {
			for _, q := range skip[k:sk] {
				if int(q.Obstacle) == o {
					continue obstacles
				}
			}
			sh := &obs[o]
			if sh.Kind != shape.Plane {
				b := cache[min(o, boxCache-1)]
				if o >= boxCache {
					b = sh.Bounds()
				}
				if !box.Overlaps(b) {
					continue
				}
			}
			t, q, nrm, d := sh.SegDistWithin(p0, p1, lim)
			if d >= lim {
				continue
			}
			dst = append(dst, Contact{A: int32(s), B: -1, Obstacle: int32(o), S: t, T: 0,
				PA: p0.Lerp(p1, t), PB: q, N: nrm, Dist: d, Depth: r - d})
		}
	}
	return dst
}

// boxCache is how many obstacles' boxes Obstacles keeps on the stack (the rest are computed per
// segment): a scene's obstacles, open forceps' jaws and needles' bodies (16 capsules each).
const boxCache = 128
