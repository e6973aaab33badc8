package shape

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/vec"
)

// TriMesh is a closed, outward-wound rigid triangle mesh as one obstacle (Kind Mesh,
// Shape.Mesh): its faces are Triangles of one depth, kept in a bounding-box tree so that a
// query descends to the faces near it. Its signed distance is the least of its faces' (see
// Triangle): the distance to the mesh outside it, minus the depth of the nearest-plane face
// just inside. A rope touching a mesh is then one contact per segment, as with a pole, whatever
// the number of faces under it. A TriMesh is immutable once made: Shapes sharing it may be
// queried concurrently.
type TriMesh struct {
	faces []Shape  // Triangle, Radius = depth
	norm  []vec.V3 // the faces' outward unit normals
	tree  []meshNode
	box   vec.AABB // of the faces, inflated by the depth
}

// meshLeaf is the most faces a leaf of the tree holds; maxMeshDepth bounds the tree's depth
// (median splits of at most MaxMeshFaces faces stay far below it), so a query's stack is an
// array.
const (
	meshLeaf     = 4
	maxMeshDepth = 64
	// MaxMeshFaces bounds the faces of one TriMesh.
	MaxMeshFaces = 1 << 24
)

type meshNode struct {
	box         vec.AABB // of its faces
	solid       vec.AABB // of its faces swept back along their normals by the depth
	left, right int32    // children; left < 0: a leaf of faces[start : start+count]
	start       int32
	count       int32
}

// NewTriMesh makes a mesh obstacle of the triangles tris over the nodes pos (m), each
// (pos[a], pos[b], pos[c]) wound outward, its solid depth m deep behind each face. It checks
// indices, finiteness, that every triangle has an area and depth > 0; that the surface is
// closed and does not cut itself is the caller's to check (tissue.Surface.Validate).
func NewTriMesh(pos []vec.V3, tris [][3]int32, depth float64) (*TriMesh, error) {
	switch {
	case len(tris) == 0:
		return nil, errors.New("shape: mesh has no triangles")
	case len(tris) > MaxMeshFaces:
		return nil, fmt.Errorf("shape: mesh has %d triangles; at most %d", len(tris), MaxMeshFaces)
	case !(depth > 0) || math.IsInf(depth, 0):
		return nil, fmt.Errorf("shape: mesh depth %v m must be > 0 and finite", depth)
	}
	m := &TriMesh{faces: make([]Shape, len(tris))}
	for i, t := range tris {
		for _, v := range t {
			if v < 0 || int(v) >= len(pos) {
				return nil, fmt.Errorf("shape: mesh triangle %d: node %d out of range [0, %d)", i, v, len(pos))
			}
		}
		f := Shape{Kind: Triangle, A: pos[t[0]], B: pos[t[1]], C: pos[t[2]], Radius: depth}
		if err := f.Validate(); err != nil {
			return nil, fmt.Errorf("shape: mesh triangle %d: %w", i, err)
		}
		m.faces[i] = f
	}
	m.tree = make([]meshNode, 0, 2*len(tris)/meshLeaf+1)
	m.build(0, int32(len(tris)), 0)
	m.norm = make([]vec.V3, len(m.faces))
	for i := range m.faces {
		m.norm[i] = m.faces[i].faceNormal()
	}
	m.box = m.tree[0].solid
	return m, nil
}

// build makes the node over faces[lo:hi] (median split along the longest axis of the
// centroids' box) and returns its index; children come after their parent.
func (m *TriMesh) build(lo, hi int32, level int) int32 {
	n := int32(len(m.tree))
	m.tree = append(m.tree, meshNode{left: -1, start: lo, count: hi - lo})
	b, sb, cb := vec.Empty(), vec.Empty(), vec.Empty()
	for i := lo; i < hi; i++ {
		f := &m.faces[i]
		b = b.Grow(f.A).Grow(f.B).Grow(f.C)
		back := f.faceNormal().Scale(-f.Radius)
		sb = sb.Grow(f.A.Add(back)).Grow(f.B.Add(back)).Grow(f.C.Add(back))
		cb = cb.Grow(f.centroid())
	}
	m.tree[n].box, m.tree[n].solid = b, sb.Union(b)
	if hi-lo <= meshLeaf || level >= maxMeshDepth-2 {
		return n
	}
	ext := cb.Max.Sub(cb.Min)
	axis := func(v vec.V3) float64 { return v.X }
	switch {
	case ext.Y >= ext.X && ext.Y >= ext.Z:
		axis = func(v vec.V3) float64 { return v.Y }
	case ext.Z >= ext.X && ext.Z >= ext.Y:
		axis = func(v vec.V3) float64 { return v.Z }
	}
	part := m.faces[lo:hi]
	slices.SortStableFunc(part, func(a, b Shape) int {
		ca, cb := axis(a.centroid()), axis(b.centroid())
		switch {
		case ca < cb:
			return -1
		case ca > cb:
			return 1
		}
		return 0
	})
	mid := lo + (hi-lo)/2
	l := m.build(lo, mid, level+1)
	r := m.build(mid, hi, level+1)
	m.tree[n].left, m.tree[n].right = l, r
	return n
}

func (s *Shape) centroid() vec.V3 { return s.A.Add(s.B).Add(s.C).Scale(1.0 / 3) }

// Faces returns the number of the mesh's triangles.
func (m *TriMesh) Faces() int { return len(m.faces) }

// lowerBound bounds from below the SegDist of a node's faces for a segment in the box sb: a
// face's distance is at least its distance to the faces' box, unless the segment may lie
// behind it within the depth, in the box the faces swept back span; then minus infinity.
func lowerBound(sb vec.AABB, nd *meshNode) float64 {
	if sb.Overlaps(nd.solid) {
		return math.Inf(-1)
	}
	return math.Sqrt(boxDist2(sb, nd.box))
}

// faceBound is lowerBound for face i alone: the distance from the segment's box sb to the
// face's box, or minus infinity where sb meets the box the face swept back by the depth spans.
func (m *TriMesh) faceBound(sb vec.AABB, i int32) float64 {
	f := &m.faces[i]
	b := vec.Empty().Grow(f.A).Grow(f.B).Grow(f.C)
	back := m.norm[i].Scale(-f.Radius)
	if sb.Overlaps(b.Union(vec.AABB{Min: b.Min.Add(back), Max: b.Max.Add(back)})) {
		return math.Inf(-1)
	}
	return math.Sqrt(boxDist2(sb, b))
}

// boxDist2 is the squared distance between two boxes (0 when they overlap).
func boxDist2(a, b vec.AABB) float64 {
	var d2 float64
	for _, g := range [3]float64{
		math.Max(0, math.Max(a.Min.X-b.Max.X, b.Min.X-a.Max.X)),
		math.Max(0, math.Max(a.Min.Y-b.Max.Y, b.Min.Y-a.Max.Y)),
		math.Max(0, math.Max(a.Min.Z-b.Max.Z, b.Min.Z-a.Max.Z)),
	} {
		d2 += g * g
	}
	return d2
}

// segDist is SegDist for a mesh: the least of its faces' SegDist below lim (m; +Inf: any),
// found by descending the tree, the nearer child first, and skipping every node that cannot
// beat the best distance so far, or lim (lowerBound). Ties: the face met first. With no face
// below lim it reports t = 0, q = p0, n = 0 and d = +Inf.
func (m *TriMesh) segDist(p0, p1 vec.V3, lim float64) (t float64, q, n vec.V3, d float64) {
	t, q, n, d = 0, p0, vec.V3{}, lim
	sb := vec.SegBox(p0, p1, 0)
	var stack [maxMeshDepth + 1]int32
	top := 1
	for top > 0 {
		top--
		nd := &m.tree[stack[top]]
		if lowerBound(sb, nd) >= d {
			continue
		}
		if nd.left >= 0 {
			l, r := nd.left, nd.right
			if lowerBound(sb, &m.tree[l]) < lowerBound(sb, &m.tree[r]) {
				l, r = r, l
			}
			stack[top], stack[top+1] = l, r // the nearer popped first
			top += 2
			continue
		}
		for i := nd.start; i < nd.start+nd.count; i++ {
			if m.faceBound(sb, i) >= d {
				continue
			}
			if ft, fq, fn, fd := m.faces[i].triSegN(p0, p1, m.norm[i]); fd < d {
				t, q, n, d = ft, fq, fn, fd
			}
		}
	}
	if !(d < lim) {
		return 0, p0, vec.V3{}, math.Inf(1)
	}
	return t, q, n, d
}
