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
	return ObstaclesMeshes(dst, st, obs, margin, skip, nil)
}

// MeshRun is a run of obstacles that are the triangles of one rigid mesh (shape.Triangle, all
// of the same Radius), in the mesh's triangle order, with the mesh's box tree: obstacle
// First + i is triangle i of Index, refitted (SurfaceIndex.Update) to the mesh's nodes.
type MeshRun struct {
	First int32
	Count int32
	Index *SurfaceIndex
}

// ObstaclesMeshes is ObstaclesExcept where the runs of obstacles in meshes (sorted by First,
// not overlapping) are found through their meshes' box trees instead of one box test per
// segment and triangle: a rigid mesh of thousands of triangles costs a tree descent per
// segment. The contacts are the same, in the same order. Each run's Index must not be used
// concurrently.
func ObstaclesMeshes(dst []Contact, st *rope.State, obs []shape.Shape, margin float64, skip []Skip, meshes []MeshRun) []Contact {
	if len(obs) == 0 {
		return dst
	}
	k := 0 // skip's first entry at or after the segment
	// The obstacles' boxes, once (on the stack for up to boxCache of them), and the box of all
	// of them but planes: a segment far from every obstacle costs one test. A mesh run counts
	// as its tree's box, inflated by its triangles' depth.
	var cache [boxCache]vec.AABB
	all := vec.Empty()
	for o, m := 0, 0; o < len(obs); o++ {
		if m < len(meshes) && o == int(meshes[m].First) {
			if meshes[m].Count > 0 {
				all = all.Union(meshes[m].Index.Box().Inflate(obs[o].Radius))
			}
			o += int(meshes[m].Count) - 1
			m++
			continue
		}
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
		m := 0 // the next mesh run
	obstacles:
		for o := 0; o < len(obs); o++ {
			if m < len(meshes) && o == int(meshes[m].First) {
				dst = meshRun(dst, st, s, p0, p1, r, lim, box, obs, &meshes[m], skip[k:sk])
				o += int(meshes[m].Count) - 1
				m++
				continue
			}
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

// boxCache is how many obstacles' boxes Obstacles keeps on the stack (the rest are computed per
// segment): a scene's obstacles, open forceps' jaws and needles' bodies (16 capsules each).
const boxCache = 128

// meshRun appends segment s's contacts with the triangles of mesh run mr: the candidates of its
// tree within the segment's box (inflated by the triangles' depth, the solid behind each face),
// measured as the linear pass measures every obstacle.
func meshRun(dst []Contact, st *rope.State, s int, p0, p1 vec.V3, r, lim float64, box vec.AABB, obs []shape.Shape, mr *MeshRun, skip []Skip) []Contact {
	if mr.Count == 0 {
		return dst
	}
	first := mr.First
	mr.Index.cand = mr.Index.Overlapping(mr.Index.cand[:0], box.Inflate(obs[first].Radius))
cands:
	for _, ti := range mr.Index.cand {
		o := first + ti
		for _, q := range skip {
			if q.Obstacle == o {
				continue cands
			}
		}
		if obs[o].TriangleFar(p0, p1, lim) {
			continue
		}
		t, q, nrm, d := obs[o].SegDist(p0, p1)
		if d >= lim {
			continue
		}
		dst = append(dst, Contact{A: int32(s), B: -1, Obstacle: o, S: t, T: 0,
			PA: p0.Lerp(p1, t), PB: q, N: nrm, Dist: d, Depth: r - d})
	}
	return dst
}
