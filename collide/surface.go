package collide

import (
	"fmt"
	"math"
	"sort"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// Rope against a triangle surface: a deformable tissue's boundary (tissue.Mesh.Surf) or a
// rigid triangle mesh. A SurfaceIndex is made once for a surface's connectivity; Update refits
// its bounding-box tree to the nodes' current positions (the tree's shape is kept, so a
// deforming tissue costs a refit, not a rebuild); Query lists the rope segments within reach of
// a triangle; Walk is seed 003's closest-triangle walk (§3.5.1), which follows a remembered
// contact across the surface as either side moves.

// SurfaceContact is a rope segment near a surface triangle: their closest points and distance.
type SurfaceContact struct {
	Seg  int32      // global rope segment
	Tri  int32      // triangle (index into the surface's triangle list)
	S    float64    // parameter of the closest point on the segment's axis, [0, 1]
	W    [3]float64 // barycentric weights of the closest point on the triangle
	Dist float64    // distance between the axis and the triangle, m (the surface gap is Dist − R)
}

// surfLeaf is the most triangles a leaf of the tree holds.
const surfLeaf = 4

// maxWalk bounds the moves of Walk (each strictly decreases the distance, so it ends anyway;
// the bound keeps the cost of a long slide predictable).
const maxWalk = 64

type surfNode struct {
	box         vec.AABB
	left, right int32 // children; left < 0: a leaf of triangles order[start : start+count]
	start       int32
	count       int32
}

// SurfaceIndex is a bounding-box tree over a triangle surface and its corner adjacency. It
// allocates nothing per Update or Query once warm, and is not safe for concurrent use.
type SurfaceIndex struct {
	tris     [][3]int32
	nNodes   int
	nodes    []surfNode
	order    []int32
	built    bool
	ringAt   []int32 // per surface node + 1: where its triangles start in ring
	ring     []int32 // triangles at each node
	stack    []int32
	perSeg   []SurfaceContact // one segment's hits, sorted before they are appended
	centroid []vec.V3         // build scratch
}

// NewSurfaceIndex returns an index for the triangles tris over nNodes nodes. It checks that
// every index is in range and that no triangle repeats a node; the triangles are kept (not
// copied: the caller must not change them).
func NewSurfaceIndex(tris [][3]int32, nNodes int) (*SurfaceIndex, error) {
	if len(tris) == 0 {
		return nil, fmt.Errorf("collide: surface: no triangles")
	}
	if len(tris) > math.MaxInt32/2 || nNodes > math.MaxInt32 || nNodes < 3 {
		return nil, fmt.Errorf("collide: surface: %d triangles over %d nodes is out of range", len(tris), nNodes)
	}
	ix := &SurfaceIndex{tris: tris, nNodes: nNodes, ringAt: make([]int32, nNodes+1)}
	for i, t := range tris {
		for _, v := range t {
			if v < 0 || int(v) >= nNodes {
				return nil, fmt.Errorf("collide: surface: triangle %d (nodes %d %d %d): node %d out of range [0, %d)", i, t[0], t[1], t[2], v, nNodes)
			}
		}
		if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
			return nil, fmt.Errorf("collide: surface: triangle %d (nodes %d %d %d) repeats a node", i, t[0], t[1], t[2])
		}
		for _, v := range t {
			ix.ringAt[v+1]++
		}
	}
	for i := range nNodes {
		ix.ringAt[i+1] += ix.ringAt[i]
	}
	ix.ring = make([]int32, ix.ringAt[nNodes])
	fill := append([]int32(nil), ix.ringAt[:nNodes]...)
	for i, t := range tris {
		for _, v := range t {
			ix.ring[fill[v]] = int32(i)
			fill[v]++
		}
	}
	return ix, nil
}

// Nodes returns the number of surface nodes the index was made for.
func (ix *SurfaceIndex) Nodes() int { return ix.nNodes }

// Update refits the tree to the node positions pos (len nNodes, m), building it on the first
// call (median splits of the triangles' centroids along the longest axis).
func (ix *SurfaceIndex) Update(pos []vec.V3) error {
	if len(pos) != ix.nNodes {
		return fmt.Errorf("collide: surface: %d positions for %d nodes", len(pos), ix.nNodes)
	}
	for i, p := range pos {
		if !p.IsFinite() {
			return fmt.Errorf("collide: surface: node %d at %v is not finite", i, p)
		}
	}
	if !ix.built {
		ix.build(pos)
		ix.built = true
	}
	// Children come after their parent: refit from the back.
	for n := len(ix.nodes) - 1; n >= 0; n-- {
		nd := &ix.nodes[n]
		if nd.left < 0 {
			b := vec.Empty()
			for _, ti := range ix.order[nd.start : nd.start+nd.count] {
				t := ix.tris[ti]
				b = b.Grow(pos[t[0]]).Grow(pos[t[1]]).Grow(pos[t[2]])
			}
			nd.box = b
		} else {
			nd.box = ix.nodes[nd.left].box.Union(ix.nodes[nd.right].box)
		}
	}
	return nil
}

func (ix *SurfaceIndex) build(pos []vec.V3) {
	n := len(ix.tris)
	ix.order = make([]int32, n)
	ix.centroid = make([]vec.V3, n)
	for i, t := range ix.tris {
		ix.order[i] = int32(i)
		ix.centroid[i] = pos[t[0]].Add(pos[t[1]]).Add(pos[t[2]]).Scale(1.0 / 3)
	}
	ix.nodes = make([]surfNode, 0, 2*(n/surfLeaf+1))
	ix.split(0, int32(n))
	ix.centroid = nil
	ix.stack = make([]int32, 0, 64)
}

// split makes the node of order[lo:hi] and returns its index.
func (ix *SurfaceIndex) split(lo, hi int32) int32 {
	me := int32(len(ix.nodes))
	ix.nodes = append(ix.nodes, surfNode{left: -1, start: lo, count: hi - lo})
	if hi-lo <= surfLeaf {
		return me
	}
	b := vec.Empty()
	for _, ti := range ix.order[lo:hi] {
		b = b.Grow(ix.centroid[ti])
	}
	d := b.Max.Sub(b.Min)
	key := func(p vec.V3) float64 { return p.X }
	if d.Y > d.X && d.Y >= d.Z {
		key = func(p vec.V3) float64 { return p.Y }
	} else if d.Z > d.X && d.Z > d.Y {
		key = func(p vec.V3) float64 { return p.Z }
	}
	sub := ix.order[lo:hi]
	sort.Slice(sub, func(i, j int) bool {
		ki, kj := key(ix.centroid[sub[i]]), key(ix.centroid[sub[j]])
		return ki < kj || ki == kj && sub[i] < sub[j]
	})
	mid := lo + (hi-lo)/2
	l := ix.split(lo, mid)
	r := ix.split(mid, hi)
	ix.nodes[me].left, ix.nodes[me].right = l, r
	return me
}

// Query appends to dst every (segment, triangle) pair of st's rope and the surface at pos (as
// last given to Update) whose axis–triangle distance is below the segment's radius plus margin
// (m), sorted by (Seg, Tri), and returns the extended slice.
func (ix *SurfaceIndex) Query(dst []SurfaceContact, st *rope.State, pos []vec.V3, margin float64) []SurfaceContact {
	if !ix.built || len(ix.nodes) == 0 {
		return dst
	}
	for s := range st.SegNode {
		a := st.SegNode[s]
		p0, p1 := st.Pos[a], st.Pos[a+1]
		reach := st.SegRadius[s] + margin
		box := vec.SegBox(p0, p1, reach)
		ix.perSeg = ix.perSeg[:0]
		ix.stack = append(ix.stack[:0], 0)
		for len(ix.stack) > 0 {
			n := ix.stack[len(ix.stack)-1]
			ix.stack = ix.stack[:len(ix.stack)-1]
			nd := &ix.nodes[n]
			if !nd.box.Overlaps(box) {
				continue
			}
			if nd.left >= 0 {
				ix.stack = append(ix.stack, nd.left, nd.right)
				continue
			}
			for _, ti := range ix.order[nd.start : nd.start+nd.count] {
				t := ix.tris[ti]
				u, w, d2 := vec.ClosestSegTri(p0, p1, pos[t[0]], pos[t[1]], pos[t[2]])
				if d2 < reach*reach {
					ix.perSeg = append(ix.perSeg, SurfaceContact{Seg: int32(s), Tri: ti, S: u, W: w, Dist: math.Sqrt(d2)})
				}
			}
		}
		// Insertion sort by triangle: a segment touches a handful.
		h := ix.perSeg
		for i := 1; i < len(h); i++ {
			for j := i; j > 0 && h[j].Tri < h[j-1].Tri; j-- {
				h[j], h[j-1] = h[j-1], h[j]
			}
		}
		dst = append(dst, h...)
	}
	return dst
}

// Nearest returns the triangle of the surface at pos (as last given to Update) closest to the
// point p among those within reach of it (m), the barycentric weights of its closest point and
// the distance, m; ok is false when no triangle is within reach. Ties go to the lower
// triangle index. It allocates nothing once warm.
func (ix *SurfaceIndex) Nearest(p vec.V3, pos []vec.V3, reach float64) (tri int32, w [3]float64, dist float64, ok bool) {
	if !ix.built || len(ix.nodes) == 0 || !(reach >= 0) {
		return 0, w, 0, false
	}
	best := reach * reach
	tri = -1
	ix.stack = append(ix.stack[:0], 0)
	for len(ix.stack) > 0 {
		n := ix.stack[len(ix.stack)-1]
		ix.stack = ix.stack[:len(ix.stack)-1]
		nd := &ix.nodes[n]
		if !nd.box.Overlaps(vec.SegBox(p, p, math.Sqrt(best))) {
			continue
		}
		if nd.left >= 0 {
			ix.stack = append(ix.stack, nd.left, nd.right)
			continue
		}
		for _, ti := range ix.order[nd.start : nd.start+nd.count] {
			t := ix.tris[ti]
			bw, d2 := vec.ClosestPointTri(p, pos[t[0]], pos[t[1]], pos[t[2]])
			if d2 < best || (d2 == best && (tri < 0 || ti < tri)) {
				best, tri, w = d2, ti, bw
			}
		}
	}
	if tri < 0 {
		return 0, w, 0, false
	}
	return tri, w, math.Sqrt(best), true
}

// Behind reports whether the point p, whose nearest point q on the surface at pos is on
// triangle tri at barycentric weights w (Nearest, Walk), is behind the surface there (inside
// a closed surface wound outward): whether (p − q)·N < 0 for the angle-weighted pseudo-normal
// N at q (Bærentzen & Aanæs, "Signed distance computation using the angle weighted
// pseudonormal", IEEE TVCG 11(3), 2005): the face's normal inside a face, the sum of its two
// faces' unit normals on an edge, the sum of the faces' unit normals weighted by their angles
// at a corner. On a closed manifold surface it tells inside from outside also at edges and
// corners, convex or concave, where the nearest face's plane alone can be wrong (a weight at
// or below 10⁻⁹ counts as zero).
func (ix *SurfaceIndex) Behind(p vec.V3, tri int32, w [3]float64, pos []vec.V3) bool {
	t := ix.tris[tri]
	q := pos[t[0]].Scale(w[0]).Add(pos[t[1]].Scale(w[1])).Add(pos[t[2]].Scale(w[2]))
	unit := func(c int32) vec.V3 {
		tc := ix.tris[c]
		return pos[tc[1]].Sub(pos[tc[0]]).Cross(pos[tc[2]].Sub(pos[tc[0]])).Unit()
	}
	var on []int32 // the corners of tri the nearest point is not away from
	var buf [3]int32
	on = buf[:0]
	for e, v := range t {
		if w[e] > 1e-9 {
			on = append(on, v)
		}
	}
	var n vec.V3
	switch len(on) {
	case 3:
		n = unit(tri)
	case 2: // on the edge on[0]–on[1]: its two faces
		for _, c := range ix.ring[ix.ringAt[on[0]]:ix.ringAt[on[0]+1]] {
			tc := ix.tris[c]
			if tc[0] == on[1] || tc[1] == on[1] || tc[2] == on[1] {
				n = n.Add(unit(c))
			}
		}
	default: // at the corner on[0]: its faces by their angles there
		v := on[0]
		for _, c := range ix.ring[ix.ringAt[v]:ix.ringAt[v+1]] {
			tc := ix.tris[c]
			k := 0
			for tc[k] != v {
				k++
			}
			a, b := pos[tc[(k+1)%3]].Sub(pos[v]), pos[tc[(k+2)%3]].Sub(pos[v])
			ang := math.Atan2(a.Cross(b).Norm(), a.Dot(b))
			n = n.Add(unit(c).Scale(ang))
		}
	}
	return p.Sub(q).Dot(n) < 0
}

// Walk is the closest-triangle walk of seed 003 §3.5.1 with the two fixes of
// docs/tissue-brief.md §2: from triangle tri, move to whichever triangle sharing a corner with
// the current one (the current one included, and kept on ties) is closest to p, until none is
// closer. Each move strictly decreases the distance, so it ends; it stops after maxWalk moves
// regardless. It returns the triangle, the barycentric weights of its closest point and the
// squared distance (m²). It is a local search: on a surface that folds back near p (inside a
// tube, across a thin wall) it can stop at a local minimum, where Query is the fallback.
func (ix *SurfaceIndex) Walk(p vec.V3, tri int32, pos []vec.V3) (int32, [3]float64, float64) {
	t := ix.tris[tri]
	w, d2 := vec.ClosestPointTri(p, pos[t[0]], pos[t[1]], pos[t[2]])
	for range maxWalk {
		best := tri
		for _, v := range ix.tris[tri] {
			for _, c := range ix.ring[ix.ringAt[v]:ix.ringAt[v+1]] {
				if c == tri {
					continue
				}
				tc := ix.tris[c]
				wc, dc := vec.ClosestPointTri(p, pos[tc[0]], pos[tc[1]], pos[tc[2]])
				if dc < d2 {
					best, w, d2 = c, wc, dc
				}
			}
		}
		if best == tri {
			break
		}
		tri = best
	}
	return tri, w, d2
}
