package tissue

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/vec"
)

// Limits on a Surface, checked by Validate and by the readers (ReadSTL, ReadOBJ) before
// anything of that size is allocated.
const (
	MaxSurfaceNodes = 2_000_000 // nodes of one surface
	MaxSurfaceTris  = 4_000_000 // triangles of one surface
)

// The edge keys of Surface.checkEdges pack two node indices (edgeNodeBits each) and a triangle
// index (edgeTriBits) into 64 bits; these constants fail to compile if a limit outgrows them.
const (
	edgeNodeBits = 21
	edgeTriBits  = 64 - 2*edgeNodeBits
	_            = uint(1<<edgeNodeBits - MaxSurfaceNodes)
	_            = uint(1<<edgeTriBits - MaxSurfaceTris)
)

// foldTol is the largest sine of the angle between two triangles that share an edge, lie on
// the same side of it and so fold onto each other, below which Validate reports them as
// overlapping (a fold of 1e-9 rad is an overlap for any contact test).
const foldTol = 1e-9

// Surface is a triangulated surface in SI units: a rigid obstacle (an instrument, a bone, a
// table top) read from an STL or OBJ file, or the boundary of a tetrahedral Mesh
// (Mesh.Surface), so that contact code handles both with one type. Build one with
// Mesh.Surface, ReadSTL or ReadOBJ (which validate what they return); Validate checks one
// built by hand.
type Surface struct {
	// Nodes are the vertex positions, m.
	Nodes []vec.V3
	// Tris are the triangles, three node indices each. On a closed surface they are wound so
	// that the normal (b − a) × (c − a) points out of the enclosed body.
	Tris [][3]int32
}

// surfaceError is an error of Surface.Validate about one triangle or one node (−1 when none),
// so that the readers can name the line or facet it came from.
type surfaceError struct {
	msg       string
	tri, node int
}

func (e *surfaceError) Error() string { return e.msg }

func triErr(i int, format string, args ...any) error {
	return &surfaceError{msg: "tissue: " + fmt.Sprintf(format, args...), tri: i, node: -1}
}

func nodeErr(i int, format string, args ...any) error {
	return &surfaceError{msg: "tissue: " + fmt.Sprintf(format, args...), tri: -1, node: i}
}

func triNodes(t [3]int32) string { return fmt.Sprintf("%d %d %d", t[0], t[1], t[2]) }

// Validate checks that s is a surface contact code can use, closed (the boundary of a solid:
// an instrument, a bone) or not (a sheet, a table top). It checks, in this order, and returns
// an error naming the first offending triangle or node and the reason:
//
//   - the counts: 1..MaxSurfaceTris triangles, at most MaxSurfaceNodes nodes;
//   - every node coordinate is finite, of magnitude ≤ MaxCoord;
//   - every triangle has three distinct node indices in range (a repeated node is a
//     zero-area triangle);
//   - every node belongs to a triangle;
//   - no two nodes are at the same point (the readers weld such vertices);
//   - no triangle has an area ≤ MinTriQuality·(longest edge)² (zero area);
//   - the surface is edge-manifold: every edge is in at most two triangles; two triangles on
//     one edge are not the same triangle twice and do not fold onto each other (coplanar, on
//     the same side of the edge). With closed set, every edge is in exactly two triangles,
//     traversed once each way (consistently wound);
//   - no two triangles that share no node intersect (touching counts as intersecting), by the
//     same grid and separating-axis test as Mesh.Validate. Triangles that share a node are
//     tested only for the fold above;
//   - with closed set: the enclosed volume (Volume) is > 0, else the triangles are wound
//     inward (the surface is inverted); and when the surface has several components (separate
//     bodies, a cavity), each bounds a region covered once, as Mesh.Validate checks for its
//     boundary (no inverted component, no body inside another).
//
// Vertex-manifoldness is not required: two fans that meet at a single node (two cones tip to
// tip) are accepted. An open surface need not be consistently wound. Validate does not
// change s.
//
// Cost: O(n log n) for n triangles (sorts of the edges and of the nodes, a uniform grid over
// the triangles, which takes most of the time), about 250 bytes of scratch per triangle
// (measured: 90 ms and 25 MB for 100,000 triangles; see BenchmarkSurfaceValidate).
func (s *Surface) Validate(closed bool) error {
	nn, nt := len(s.Nodes), len(s.Tris)
	switch {
	case nt == 0:
		return triErr(-1, "the surface has no triangles")
	case nn > MaxSurfaceNodes:
		return triErr(-1, "%d nodes exceed MaxSurfaceNodes = %d", nn, MaxSurfaceNodes)
	case nt > MaxSurfaceTris:
		return triErr(-1, "%d triangles exceed MaxSurfaceTris = %d", nt, MaxSurfaceTris)
	}
	for i, p := range s.Nodes {
		if !p.IsFinite() {
			return nodeErr(i, "node %d is not finite: (%v, %v, %v) m", i, p.X, p.Y, p.Z)
		}
		if !(math.Abs(p.X) <= MaxCoord && math.Abs(p.Y) <= MaxCoord && math.Abs(p.Z) <= MaxCoord) {
			return nodeErr(i, "node %d at (%v, %v, %v) m is beyond MaxCoord = %g m", i, p.X, p.Y, p.Z, float64(MaxCoord))
		}
	}
	used := make([]bool, nn)
	for i, t := range s.Tris {
		for j, v := range t {
			if v < 0 || int(v) >= nn {
				return triErr(i, "triangle %d (nodes %s) has node index %d out of range [0, %d)", i, triNodes(t), v, nn)
			}
			for k := range j {
				if t[k] == v {
					return triErr(i, "triangle %d (nodes %s) repeats node %d: it has zero area", i, triNodes(t), v)
				}
			}
			used[v] = true
		}
	}
	for i, u := range used {
		if !u {
			return nodeErr(i, "node %d belongs to no triangle", i)
		}
	}
	if err := s.checkCoincident(); err != nil {
		return err
	}
	for i, t := range s.Tris {
		a, b, c := s.Nodes[t[0]], s.Nodes[t[1]], s.Nodes[t[2]]
		area := 0.5 * b.Sub(a).Cross(c.Sub(a)).Norm()
		l2 := max(a.Dist2(b), b.Dist2(c), c.Dist2(a))
		if !(area > MinTriQuality*l2) {
			return triErr(i, "triangle %d (nodes %s) has zero area: %.3g m² ≤ %g·(longest edge %.3g m)²",
				i, triNodes(t), area, MinTriQuality, math.Sqrt(l2))
		}
	}
	if err := s.checkEdges(closed); err != nil {
		return err
	}
	if p := surfaceIntersections(s.Nodes, s.Tris, 1); len(p) > 0 {
		i, j := p[0][0], p[0][1]
		return triErr(int(i), "the surface intersects itself: triangles %d (nodes %s) and %d (nodes %s) intersect",
			i, triNodes(s.Tris[i]), j, triNodes(s.Tris[j]))
	}
	if !closed {
		return nil
	}
	if v := s.Volume(); !(v > 0) {
		return triErr(-1, "the closed surface encloses a volume of %.3g m³ ≤ 0: its triangles are wound inward (the surface is inverted); reverse the winding (swap two nodes of every triangle)", v)
	}
	if err := checkNesting(s.Nodes, s.Tris); err != nil {
		return wrap("the components of the closed surface are inverted or nested (each must bound its own region, covered once)", err)
	}
	return nil
}

// checkCoincident checks that no two nodes are at the same point (equal coordinates; −0 and
// +0 are equal), by a sort of the node indices by position.
func (s *Surface) checkCoincident() error {
	x := s.Nodes
	order := make([]int32, len(x))
	for i := range order {
		order[i] = int32(i)
	}
	byPos := func(i, j int32) int {
		p, q := x[i], x[j]
		if c := cmp.Compare(p.X, q.X); c != 0 {
			return c
		}
		if c := cmp.Compare(p.Y, q.Y); c != 0 {
			return c
		}
		if c := cmp.Compare(p.Z, q.Z); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	}
	slices.SortFunc(order, byPos)
	for k := 1; k < len(order); k++ {
		i, j := order[k-1], order[k]
		if x[i] == x[j] {
			p := x[i]
			return nodeErr(int(j), "nodes %d and %d are both at (%v, %v, %v) m: weld them (merge them into one node)", i, j, p.X, p.Y, p.Z)
		}
	}
	return nil
}

// checkEdges checks the edges of s (indices in range and distinct): each in at most two
// triangles, without duplicate or folded pairs; with closed, each in exactly two, traversed
// once each way. An edge use is a key (low node, high node, triangle) in 64 bits; sorting the
// keys puts the uses of one edge side by side, in triangle order.
func (s *Surface) checkEdges(closed bool) error {
	const (
		nodeMask = 1<<edgeNodeBits - 1
		triMask  = 1<<edgeTriBits - 1
	)
	keys := make([]uint64, 0, 3*len(s.Tris))
	for i, t := range s.Tris {
		for k := range 3 {
			u, v := t[k], t[(k+1)%3]
			if u > v {
				u, v = v, u
			}
			keys = append(keys, (uint64(u)<<edgeNodeBits|uint64(v))<<edgeTriBits|uint64(i))
		}
	}
	slices.Sort(keys)
	for i := 0; i < len(keys); {
		e := keys[i] >> edgeTriBits
		j := i + 1
		for j < len(keys) && keys[j]>>edgeTriBits == e {
			j++
		}
		u, v := int32(e>>edgeNodeBits), int32(e&nodeMask)
		t0 := int(keys[i] & triMask)
		switch j - i {
		case 1:
			if closed {
				return triErr(t0, "edge (%d %d) of triangle %d (nodes %s) is in no other triangle: the surface is not closed (a hole or a border)",
					u, v, t0, triNodes(s.Tris[t0]))
			}
		case 2:
			if err := s.checkPair(u, v, t0, int(keys[i+1]&triMask), closed); err != nil {
				return err
			}
		default:
			t1, t2 := int(keys[i+1]&triMask), int(keys[i+2]&triMask)
			more := ""
			if j-i > 3 {
				more = "…"
			}
			return triErr(t0, "edge (%d %d) is in %d triangles (%d, %d, %d%s): non-manifold", u, v, j-i, t0, t1, t2, more)
		}
		i = j
	}
	return nil
}

// checkPair checks the two triangles t0 < t1 on the edge (u, v), u < v.
func (s *Surface) checkPair(u, v int32, t0, t1 int, closed bool) error {
	f0, f1 := s.Tris[t0], s.Tris[t1]
	c, d := third(f0, u, v), third(f1, u, v)
	if c == d {
		return triErr(t1, "triangles %d (nodes %s) and %d (nodes %s) have the same nodes: a duplicate triangle",
			t0, triNodes(f0), t1, triNodes(f1))
	}
	if closed && forward(f0, u, v) == forward(f1, u, v) {
		return triErr(t1, "edge (%d %d) is traversed the same way by triangles %d (nodes %s) and %d (nodes %s): the triangles are not consistently wound",
			u, v, t0, triNodes(f0), t1, triNodes(f1))
	}
	x := s.Nodes
	e := x[v].Sub(x[u])
	m0, m1 := e.Cross(x[c].Sub(x[u])), e.Cross(x[d].Sub(x[u]))
	if m0.Dot(m1) > 0 && m0.Cross(m1).Norm() <= foldTol*m0.Norm()*m1.Norm() {
		return triErr(t1, "the surface intersects itself: triangles %d (nodes %s) and %d (nodes %s) fold onto each other across edge (%d %d) (coplanar, on the same side)",
			t0, triNodes(f0), t1, triNodes(f1), u, v)
	}
	return nil
}

// third returns the node of f that is neither u nor v.
func third(f [3]int32, u, v int32) int32 {
	for _, w := range f {
		if w != u && w != v {
			return w
		}
	}
	return -1 // not reached: f holds u, v and a third node
}

// forward reports whether f traverses its edge u → v (rather than v → u).
func forward(f [3]int32, u, v int32) bool {
	for k := range 3 {
		if f[k] == u {
			return f[(k+1)%3] == v
		}
	}
	return false
}

// Bounds returns the smallest axis-aligned box holding every node, m. Special case: a surface
// with no nodes returns two zero vectors.
func (s *Surface) Bounds() (lo, hi vec.V3) { return bounds(s.Nodes) }

// validateRead validates a surface a reader built as an open surface; a failure is wrapped as
// who's, located in the file by where (given the failing triangle or node, "" if unknown) and
// explained by numbering (how the error's triangle and node indices count).
func validateRead(s *Surface, who, numbering string, where func(se *surfaceError) string) (*Surface, error) {
	err := s.Validate(false)
	if err == nil {
		return s, nil
	}
	at := ""
	var se *surfaceError
	if errors.As(err, &se) {
		at = where(se)
	}
	return nil, wrap(who+at+": the surface is invalid ("+numbering+")", err)
}

// Area returns the total area of the triangles, m². Triangles with an index out of range are
// skipped.
func (s *Surface) Area() float64 {
	var a float64
	for _, t := range s.Tris {
		if !s.inRange(t) {
			continue
		}
		p, q, r := s.Nodes[t[0]], s.Nodes[t[1]], s.Nodes[t[2]]
		a += 0.5 * q.Sub(p).Cross(r.Sub(p)).Norm()
	}
	return a
}

// Volume returns the volume enclosed by a closed surface, m³, by the divergence theorem: the
// sum over the triangles of the signed volumes of the tetrahedra they make with a reference
// point (the first node, to keep the products small). It is positive for a closed surface
// wound outward, negative for one wound inward; for an open surface it is the signed volume
// of the cone from the first node, which depends on that node. Triangles with an index out of
// range are skipped.
func (s *Surface) Volume() float64 {
	if len(s.Nodes) == 0 {
		return 0
	}
	o := s.Nodes[0]
	var v float64
	for _, t := range s.Tris {
		if !s.inRange(t) {
			continue
		}
		a, b, c := s.Nodes[t[0]].Sub(o), s.Nodes[t[1]].Sub(o), s.Nodes[t[2]].Sub(o)
		v += a.Dot(b.Cross(c))
	}
	return v / 6
}

func (s *Surface) inRange(t [3]int32) bool {
	n := uint32(len(s.Nodes))
	return uint32(t[0]) < n && uint32(t[1]) < n && uint32(t[2]) < n
}

// Scale multiplies every node coordinate by f: Scale(1e-3) converts a surface read from a
// file in mm to m. f should be finite and > 0: a negative f mirrors the surface through the
// origin, which turns a closed surface inside out (Validate(true) then refuses it).
func (s *Surface) Scale(f float64) {
	for i, p := range s.Nodes {
		s.Nodes[i] = p.Scale(f)
	}
}

// Surface returns the boundary of m as a Surface: the triangles of m.Surf in their order and
// winding (outward), on the nodes they use only, renumbered in increasing order of their index
// in m.Nodes (SurfaceNodes gives that index for each). The result shares nothing with m: its
// positions are copies of the rest positions. m.Surf must be filled, with indices in range, as
// Validate (and every generator and reader) leaves it; then the result passes Validate(true),
// and its Area and Volume are those of the tissue. An empty m.Surf gives an empty Surface.
func (m *Mesh) Surface() *Surface {
	ids := m.SurfaceNodes()
	index := make([]int32, len(m.Nodes)) // new index + 1, 0 for a node not on the surface
	s := &Surface{Nodes: make([]vec.V3, len(ids)), Tris: make([][3]int32, len(m.Surf))}
	for k, i := range ids {
		index[i] = int32(k) + 1
		s.Nodes[k] = m.Nodes[i]
	}
	for k, f := range m.Surf {
		s.Tris[k] = [3]int32{index[f[0]] - 1, index[f[1]] - 1, index[f[2]] - 1}
	}
	return s
}

// SurfaceNodes returns, for each node of m.Surface(), its index in m.Nodes, in increasing
// order: the map from the surface back to the mesh that contact code needs to apply forces to
// the tissue or to move the surface with it. m.Surf must be filled, with indices in range.
func (m *Mesh) SurfaceNodes() []int32 {
	on := make([]bool, len(m.Nodes))
	n := 0
	for _, f := range m.Surf {
		for _, v := range f {
			if !on[v] {
				on[v] = true
				n++
			}
		}
	}
	ids := make([]int32, 0, n)
	for i, o := range on {
		if o {
			ids = append(ids, int32(i))
		}
	}
	return ids
}
