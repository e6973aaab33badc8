package tissue

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/knotsim/knotsim/vec"
)

// Quality floors of Validate, relative so that they do not depend on the mesh's unit or size.
const (
	// MinTetQuality is the smallest accepted signed volume of a tetrahedron over the cube of its
	// longest edge. A regular tetrahedron has 1/(6√2) ≈ 0.118, a Kuhn tetrahedron of a cube
	// 0.032; 1e-6 refuses only slivers whose stiffness matrix would be numerically singular.
	MinTetQuality = 1e-6
	// MinTriQuality is the smallest accepted area of a surface triangle over the square of its
	// longest edge (an equilateral triangle has √3/4 ≈ 0.43). Every face of a tetrahedron that
	// passes MinTetQuality has at least 3·MinTetQuality, so on a Mesh this check only guards
	// the surface builder itself.
	MinTriQuality = 1e-12
)

// MaxCoord bounds the magnitude of a node coordinate, m: far beyond any tissue (so a mesh in
// the wrong unit still passes) and small enough that no volume or area computed from
// coordinates overflows.
const MaxCoord = 1e6

// faceOut[j] is the face opposite local node j of a positively oriented tetrahedron, wound so
// that its normal (b − a) × (c − a) points away from node j (out of the tetrahedron).
var faceOut = [4][3]int{{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}}

// Validate checks that m is a tetrahedral mesh a simulation can use and, when it is, fills
// m.Surf with its boundary triangles. It checks, in this order, and returns an error naming the
// first offending element and the reason:
//
//   - the counts: 1..MaxTets tetrahedra, at most MaxNodes nodes;
//   - every node coordinate is finite, of magnitude ≤ MaxCoord;
//   - every tetrahedron has four distinct node indices in range;
//   - every node belongs to a tetrahedron;
//   - every tetrahedron is positively oriented, (x1 − x0)·((x2 − x0) × (x3 − x0)) > 0: a
//     negative signed volume is "inverted"; a signed volume in [0, MinTetQuality·ℓ³], with ℓ
//     its longest edge (m), is "degenerate";
//   - every triangular face belongs to at most two tetrahedra, and when to two, they lie on
//     opposite sides of it (otherwise they overlap);
//   - the boundary (faces of exactly one tetrahedron, wound outward) is a closed 2-manifold:
//     every surface edge is in exactly two surface triangles, traversed once each way, and the
//     surface triangles round every surface node form a single fan (the tissue does not touch
//     itself at a node);
//   - no surface triangle has an area ≤ MinTriQuality·(longest edge)²;
//   - no two surface triangles that share no node intersect (touching counts as intersecting).
//     Triangles sharing a node are not tested against each other;
//   - no region is covered twice by nested surfaces (a volume meshed twice, one copy inside
//     the other, which passes every check above): see checkNesting.
//
// On success m.Surf holds the boundary triangles in a deterministic order (by their node
// indices sorted: smallest, then middle, then largest), each wound so that (b − a) × (c − a) points out of the tissue. On error m is
// left unchanged, m.Surf included.
//
// Cost: O(n) time for n tetrahedra (a counting sort of the faces by their smallest node and a
// uniform grid over the surface) and about 50 bytes of scratch per tetrahedron, 12 per face
// (measured: 0.13 s and 66 MB for a million; see BenchmarkValidate). Meshes whose surface
// has several components (cavities, separate bodies) also pay the nesting test: a solid-angle
// sum over each component whose bounding box holds a node of another.
func (m *Mesh) Validate() error {
	surf, err := m.check()
	if err != nil {
		return err
	}
	m.Surf = surf
	return nil
}

// Volume returns the sum of the signed volumes of the tetrahedra, m³ (the tissue's volume when
// m is valid). Indices out of range are skipped.
func (m *Mesh) Volume() float64 {
	var v float64
	n := int32(len(m.Nodes))
	for _, t := range m.Tets {
		if uint32(t[0]) >= uint32(n) || uint32(t[1]) >= uint32(n) || uint32(t[2]) >= uint32(n) || uint32(t[3]) >= uint32(n) {
			continue
		}
		v += det6(m.Nodes[t[0]], m.Nodes[t[1]], m.Nodes[t[2]], m.Nodes[t[3]])
	}
	return v / 6
}

// Bounds returns the smallest axis-aligned box holding every node, m. Special case: a mesh with
// no nodes returns two zero vectors.
func (m *Mesh) Bounds() (lo, hi vec.V3) { return bounds(m.Nodes) }

// bounds is the box of points (two zero vectors for none), m.
func bounds(pts []vec.V3) (lo, hi vec.V3) {
	if len(pts) == 0 {
		return vec.V3{}, vec.V3{}
	}
	lo, hi = pts[0], pts[0]
	for _, p := range pts[1:] {
		lo, hi = lo.Min(p), hi.Max(p)
	}
	return lo, hi
}

// det6 returns six times the signed volume of the tetrahedron (a, b, c, d):
// (b − a)·((c − a) × (d − a)).
func det6(a, b, c, d vec.V3) float64 {
	return b.Sub(a).Dot(c.Sub(a).Cross(d.Sub(a)))
}

// check runs every check of Validate and returns the surface it built.
func (m *Mesh) check() ([][3]int32, error) {
	nn, nt := len(m.Nodes), len(m.Tets)
	switch {
	case nn > MaxNodes:
		return nil, fmt.Errorf("tissue: %d nodes exceed MaxNodes = %d", nn, MaxNodes)
	case nt > MaxTets:
		return nil, fmt.Errorf("tissue: %d tetrahedra exceed MaxTets = %d", nt, MaxTets)
	case nt == 0:
		return nil, fmt.Errorf("tissue: the mesh has no tetrahedra")
	}
	for i, p := range m.Nodes {
		if !p.IsFinite() {
			return nil, fmt.Errorf("tissue: node %d is not finite: (%v, %v, %v) m", i, p.X, p.Y, p.Z)
		}
		if !(math.Abs(p.X) <= MaxCoord && math.Abs(p.Y) <= MaxCoord && math.Abs(p.Z) <= MaxCoord) {
			return nil, fmt.Errorf("tissue: node %d at (%v, %v, %v) m is beyond MaxCoord = %g m", i, p.X, p.Y, p.Z, float64(MaxCoord))
		}
	}
	used := make([]bool, nn)
	for i, t := range m.Tets {
		for j, v := range t {
			if v < 0 || int(v) >= nn {
				return nil, fmt.Errorf("tissue: tetrahedron %d (nodes %s) has node index %d out of range [0, %d)", i, tetNodes(t), v, nn)
			}
			for k := range j {
				if t[k] == v {
					return nil, fmt.Errorf("tissue: tetrahedron %d (nodes %s) repeats node %d", i, tetNodes(t), v)
				}
			}
			used[v] = true
		}
	}
	for i, u := range used {
		if !u {
			return nil, fmt.Errorf("tissue: node %d belongs to no tetrahedron", i)
		}
	}
	for i, t := range m.Tets {
		if err := checkTet(i, t, m.Nodes); err != nil {
			return nil, err
		}
	}
	surf, err := boundary(nn, m.Tets)
	if err != nil {
		return nil, err
	}
	if err := checkSurface(m.Nodes, surf); err != nil {
		return nil, err
	}
	return surf, nil
}

// checkTet checks the orientation and quality of tetrahedron i, whose indices are in range.
func checkTet(i int, t [4]int32, x []vec.V3) error {
	p0, p1, p2, p3 := x[t[0]], x[t[1]], x[t[2]], x[t[3]]
	vol := det6(p0, p1, p2, p3) / 6
	l2 := max(p0.Dist2(p1), p0.Dist2(p2), p0.Dist2(p3), p1.Dist2(p2), p1.Dist2(p3), p2.Dist2(p3))
	l := math.Sqrt(l2)
	floor := MinTetQuality * l2 * l
	if vol < 0 {
		return fmt.Errorf("tissue: tetrahedron %d (nodes %s) is inverted: signed volume %.3g m³", i, tetNodes(t), vol)
	}
	if !(vol > floor) {
		return fmt.Errorf("tissue: tetrahedron %d (nodes %s) is degenerate: signed volume %.3g m³ ≤ %g·(longest edge %.3g m)³",
			i, tetNodes(t), vol, MinTetQuality, l)
	}
	return nil
}

func tetNodes(t [4]int32) string { return fmt.Sprintf("%d %d %d %d", t[0], t[1], t[2], t[3]) }

// Face keys pack three sorted node indices, each < 2²¹ (MaxNodes < 2²¹), into 63 bits.
const keyBits = 21

func faceKey(a, b, c int32) uint64 {
	return uint64(a)<<(2*keyBits) | uint64(b)<<keyBits | uint64(c)
}

func unpackFace(k uint64) (a, b, c int32) {
	const mask = 1<<keyBits - 1
	return int32(k >> (2 * keyBits)), int32(k >> keyBits & mask), int32(k & mask)
}

// boundary matches the faces of the tetrahedra (indices in range, distinct, positively
// oriented) and returns the faces of exactly one tetrahedron, wound outward.
//
// The 4·len(tets) faces are sorted by their packed key in two steps: a counting sort on the
// smallest node (one pass to count, one to scatter, straight from the tetrahedra), then a sort
// of each bucket, which holds the faces whose smallest node is that node (about 24 for a Kuhn
// lattice). No map, no comparison sort of the whole list.
func boundary(nn int, tets [][4]int32) ([][3]int32, error) {
	start := make([]int32, nn+1)
	for _, t := range tets {
		s0, s1, _, _ := sort4(t)
		start[s0+1] += 3 // the three faces holding s0
		start[s1+1]++    // the face opposite s0
	}
	for i := 1; i <= nn; i++ {
		start[i] += start[i-1]
	}
	nf := 4 * len(tets)
	keys := make([]uint64, nf)
	refs := make([]int32, nf)
	next := start[:nn] // next[a] is where the next face of bucket a goes; ends at start[a+1]
	put := func(a, b, c int32, ti int) {
		p := next[a]
		keys[p] = faceKey(a, b, c)
		refs[p] = int32(ti)
		next[a]++
	}
	for ti, t := range tets {
		s0, s1, s2, s3 := sort4(t)
		put(s1, s2, s3, ti)
		put(s0, s2, s3, ti)
		put(s0, s1, s3, ti)
		put(s0, s1, s2, ti)
	}
	// Now next[a] = the end of bucket a (= the start of bucket a+1).
	lo := int32(0)
	for a := range nn {
		hi := next[a]
		sortFaces(keys[lo:hi], refs[lo:hi])
		lo = hi
	}
	surf := make([][3]int32, 0, nf/8+16)
	for i := 0; i < nf; {
		j := i + 1
		for j < nf && keys[j] == keys[i] {
			j++
		}
		a, b, c := unpackFace(keys[i])
		switch j - i {
		case 1:
			surf = append(surf, outward(tets[refs[i]], a, b, c))
		case 2:
			// Two positively oriented tetrahedra on the same side of their common face overlap.
			// Outward windings of a face seen from opposite sides are of opposite parity.
			if parity(outward(tets[refs[i]], a, b, c)) == parity(outward(tets[refs[i+1]], a, b, c)) {
				return nil, fmt.Errorf("tissue: face (%d %d %d) has tetrahedra %d and %d on the same side: they overlap",
					a, b, c, refs[i], refs[i+1])
			}
		default:
			return nil, fmt.Errorf("tissue: face (%d %d %d) is shared by %d tetrahedra (%d, %d, %d…): non-manifold",
				a, b, c, j-i, refs[i], refs[i+1], refs[i+2])
		}
		i = j
	}
	return slices.Clip(surf), nil
}

// sort4 returns the four indices of t in increasing order (a sorting network).
func sort4(t [4]int32) (a, b, c, d int32) {
	a, b, c, d = t[0], t[1], t[2], t[3]
	if a > b {
		a, b = b, a
	}
	if c > d {
		c, d = d, c
	}
	if a > c {
		a, c = c, a
	}
	if b > d {
		b, d = d, b
	}
	if b > c {
		b, c = c, b
	}
	return a, b, c, d
}

// sortFaces sorts keys and, along with them, refs: insertion sort for the small buckets of a
// usual mesh, sort.Sort for a node at the tip of a large fan.
func sortFaces(keys []uint64, refs []int32) {
	if len(keys) > 32 {
		sort.Sort(faceSorter{keys, refs})
		return
	}
	for i := 1; i < len(keys); i++ {
		k, r := keys[i], refs[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], refs[j] = keys[j-1], refs[j-1]
		}
		keys[j], refs[j] = k, r
	}
}

type faceSorter struct {
	keys []uint64
	refs []int32
}

func (s faceSorter) Len() int           { return len(s.keys) }
func (s faceSorter) Less(i, j int) bool { return s.keys[i] < s.keys[j] }
func (s faceSorter) Swap(i, j int) {
	s.keys[i], s.keys[j] = s.keys[j], s.keys[i]
	s.refs[i], s.refs[j] = s.refs[j], s.refs[i]
}

// outward returns the face {a, b, c} of the positively oriented tetrahedron t wound so that its
// normal points out of t (away from t's fourth node).
func outward(t [4]int32, a, b, c int32) [3]int32 {
	j := 0
	for j < 3 && (t[j] == a || t[j] == b || t[j] == c) {
		j++
	}
	f := faceOut[j]
	return [3]int32{t[f[0]], t[f[1]], t[f[2]]}
}

// parity returns the parity (0 or 1) of the permutation that sorts f.
func parity(f [3]int32) int {
	p := 0
	if f[0] > f[1] {
		p++
	}
	if f[0] > f[2] {
		p++
	}
	if f[1] > f[2] {
		p++
	}
	return p & 1
}

// checkSurface checks that surf is a closed, consistently wound 2-manifold without pinched
// nodes, zero-area triangles or self-intersections. Indices must be in range of x.
func checkSurface(x []vec.V3, surf [][3]int32) error {
	if len(surf) == 0 {
		return fmt.Errorf("tissue: the surface is empty")
	}
	if err := checkEdges(surf); err != nil {
		return err
	}
	if err := checkFans(len(x), surf); err != nil {
		return err
	}
	for _, f := range surf {
		a, b, c := x[f[0]], x[f[1]], x[f[2]]
		area := 0.5 * b.Sub(a).Cross(c.Sub(a)).Norm()
		l2 := max(a.Dist2(b), b.Dist2(c), c.Dist2(a))
		if !(area > MinTriQuality*l2) {
			return fmt.Errorf("tissue: surface triangle (%d %d %d) has zero area: %.3g m² ≤ %g·(longest edge %.3g m)²",
				f[0], f[1], f[2], area, MinTriQuality, math.Sqrt(l2))
		}
	}
	if p := surfaceIntersections(x, surf, 1); len(p) > 0 {
		s, t := surf[p[0][0]], surf[p[0][1]]
		return fmt.Errorf("tissue: the surface intersects itself: surface triangles (%d %d %d) and (%d %d %d) intersect",
			s[0], s[1], s[2], t[0], t[1], t[2])
	}
	return checkNesting(x, surf)
}

// checkEdges checks that every edge of surf is in exactly two triangles, once each way.
// An edge key is (low node, high node, direction bit) packed into 43 bits; sorting them puts
// the uses of one edge side by side.
func checkEdges(surf [][3]int32) error {
	keys := make([]uint64, 0, 3*len(surf))
	for _, f := range surf {
		for k := range 3 {
			u, v := f[k], f[(k+1)%3]
			var dir uint64
			if u > v {
				u, v, dir = v, u, 1
			}
			keys = append(keys, (uint64(u)<<keyBits|uint64(v))<<1|dir)
		}
	}
	slices.Sort(keys)
	for i := 0; i < len(keys); {
		j := i + 1
		for j < len(keys) && keys[j]>>1 == keys[i]>>1 {
			j++
		}
		e := keys[i] >> 1
		u, v := int32(e>>keyBits), int32(e&(1<<keyBits-1))
		switch {
		case j-i == 1:
			return fmt.Errorf("tissue: surface edge (%d %d) is in 1 surface triangle: the surface is not closed", u, v)
		case j-i > 2:
			return fmt.Errorf("tissue: surface edge (%d %d) is in %d surface triangles: non-manifold", u, v, j-i)
		case keys[i]&1 == keys[i+1]&1:
			return fmt.Errorf("tissue: surface edge (%d %d) is traversed twice the same way: the surface triangles are not consistently wound", u, v)
		}
		i = j
	}
	return nil
}

// checkFans checks that the surface triangles round every surface node form one fan: the
// edges opposite the node (its link), each p → q for a triangle (node, p, q), form one cycle.
// checkEdges has passed, so every link node has one edge in and one out.
func checkFans(nn int, surf [][3]int32) error {
	start := make([]int32, nn+1)
	for _, f := range surf {
		start[f[0]+1]++
		start[f[1]+1]++
		start[f[2]+1]++
	}
	for i := 1; i <= nn; i++ {
		start[i] += start[i-1]
	}
	link := make([][2]int32, 3*len(surf))
	next := slices.Clone(start[:nn])
	for _, f := range surf {
		for k := range 3 {
			v := f[k]
			link[next[v]] = [2]int32{f[(k+1)%3], f[(k+2)%3]}
			next[v]++
		}
	}
	for v := range nn {
		l := link[start[v]:start[v+1]]
		if len(l) == 0 {
			continue
		}
		big := len(l) > 16
		if big {
			slices.SortFunc(l, func(a, b [2]int32) int { return int(a[0]) - int(b[0]) })
		}
		first, cur, steps := l[0][0], l[0][1], 1
		for cur != first && steps <= len(l) {
			i := 0
			if big {
				i, _ = slices.BinarySearchFunc(l, cur, func(e [2]int32, t int32) int { return int(e[0]) - int(t) })
			} else {
				for i < len(l) && l[i][0] != cur {
					i++
				}
			}
			if i == len(l) || l[i][0] != cur {
				break // cannot happen after checkEdges
			}
			cur = l[i][1]
			steps++
		}
		if cur != first || steps != len(l) {
			return fmt.Errorf("tissue: the surface is pinched at node %d: its %d surface triangles do not form one fan (the tissue touches itself there)", v, len(l))
		}
	}
	return nil
}

// grid is a uniform grid over a set of boxes with cells about the size of the mean box, at
// most gridMax cells along an axis and at most entryBudget(n) (box, cell) entries for n boxes
// (the cells grow until it fits). An entry packs its cell (36 bits) above its box (25 bits; a
// surface of a mesh within MaxTets has < 2²⁵ triangles).
type grid struct {
	lo         vec.V3
	nx, ny, nz int
	sx, sy, sz float64  // cells per metre along each axis
	entries    []uint64 // sorted
}

type box struct{ lo, hi vec.V3 }

const (
	gridBits = 12
	gridMax  = 1 << gridBits
	boxBits  = 25
	boxMask  = 1<<boxBits - 1
)

func entryBudget(n int) int { return 8*n + 1<<16 }

// newGrid builds the grid of boxes (len(boxes) < 2²⁵, every coordinate finite).
func newGrid(boxes []box) *grid {
	n := len(boxes)
	g := &grid{lo: boxes[0].lo}
	hi := boxes[0].hi
	var mean float64
	for _, b := range boxes {
		g.lo, hi = g.lo.Min(b.lo), hi.Max(b.hi)
		d := b.hi.Sub(b.lo)
		mean += max(d.X, d.Y, d.Z)
	}
	mean /= float64(n)
	ext := hi.Sub(g.lo)
	h := mean
	for {
		g.nx, g.ny, g.nz = gridDim(ext.X, h), gridDim(ext.Y, h), gridDim(ext.Z, h)
		g.sx, g.sy, g.sz = gridScale(g.nx, ext.X), gridScale(g.ny, ext.Y), gridScale(g.nz, ext.Z)
		total := 0
		for _, b := range boxes {
			x0, y0, z0 := g.cell(b.lo)
			x1, y1, z1 := g.cell(b.hi)
			total += (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1)
			if total > entryBudget(n) {
				break
			}
		}
		if total <= entryBudget(n) || (g.nx == 1 && g.ny == 1 && g.nz == 1) {
			break
		}
		if !(h > 0) || math.IsInf(h, 0) {
			h = max(ext.X, ext.Y, ext.Z)
		}
		h *= 2 // ends: once h is +Inf every dimension is 1
	}
	g.entries = make([]uint64, 0, 2*n)
	for i, b := range boxes {
		x0, y0, z0 := g.cell(b.lo)
		x1, y1, z1 := g.cell(b.hi)
		for ix := x0; ix <= x1; ix++ {
			for iy := y0; iy <= y1; iy++ {
				for iz := z0; iz <= z1; iz++ {
					g.entries = append(g.entries, g.id(ix, iy, iz)<<boxBits|uint64(i))
				}
			}
		}
	}
	slices.Sort(g.entries)
	return g
}

// cell returns the cell holding p (clamped to the grid).
func (g *grid) cell(p vec.V3) (int, int, int) {
	return clampCell((p.X-g.lo.X)*g.sx, g.nx), clampCell((p.Y-g.lo.Y)*g.sy, g.ny), clampCell((p.Z-g.lo.Z)*g.sz, g.nz)
}

func (g *grid) id(ix, iy, iz int) uint64 {
	return (uint64(ix)*uint64(g.ny)+uint64(iy))*uint64(g.nz) + uint64(iz)
}

// at returns the entries of the cell holding p.
func (g *grid) at(p vec.V3) []uint64 {
	id := g.id(g.cell(p))
	i, _ := slices.BinarySearch(g.entries, id<<boxBits)
	j := i
	for j < len(g.entries) && g.entries[j]>>boxBits == id {
		j++
	}
	return g.entries[i:j]
}

func gridDim(e, h float64) int {
	if !(e > 0) || !(h > 0) {
		return 1
	}
	d := math.Ceil(e / h)
	if !(d < gridMax) { // also NaN
		return gridMax
	}
	return max(int(d), 1)
}

func gridScale(n int, e float64) float64 {
	switch {
	case math.IsInf(e, 0):
		return 0 // everything in cell 0 along this axis
	case !(e > 0):
		return 1
	}
	return float64(n) / e
}

// clampCell returns ⌊f⌋ clamped to [0, n−1]; NaN maps to 0.
func clampCell(f float64, n int) int {
	if !(f >= 0) {
		return 0
	}
	if f >= float64(n-1) {
		return n - 1
	}
	return int(f)
}

func triBox(x []vec.V3, f [3]int32) box {
	a, b, c := x[f[0]], x[f[1]], x[f[2]]
	return box{a.Min(b).Min(c), a.Max(b).Max(c)}
}

func (b box) overlaps(c box) bool {
	return b.lo.X <= c.hi.X && c.lo.X <= b.hi.X && b.lo.Y <= c.hi.Y && c.lo.Y <= b.hi.Y && b.lo.Z <= c.hi.Z && c.lo.Z <= b.hi.Z
}

// surfaceIntersections returns up to limit pairs (i, j), i < j, of triangles of surf that share
// no node and intersect, in the grid's deterministic order. limit ≤ 0 means all.
func surfaceIntersections(x []vec.V3, surf [][3]int32, limit int) [][2]int32 {
	n := len(surf)
	if n < 2 || n > boxMask {
		return nil
	}
	boxes := make([]box, n)
	for i, f := range surf {
		boxes[i] = triBox(x, f)
	}
	g := newGrid(boxes)
	var found [][2]int32
	for s := 0; s < len(g.entries); {
		id := g.entries[s] >> boxBits
		e := s + 1
		for e < len(g.entries) && g.entries[e]>>boxBits == id {
			e++
		}
		for p := s; p < e; p++ {
			i := int32(g.entries[p] & boxMask)
			bi, fi := boxes[i], surf[i]
			for q := p + 1; q < e; q++ {
				j := int32(g.entries[q] & boxMask)
				bj, fj := boxes[j], surf[j]
				if !bi.overlaps(bj) || shareNode(fi, fj) {
					continue
				}
				// Test the pair once: in the cell holding the low corner of the boxes' overlap.
				if g.id(g.cell(bi.lo.Max(bj.lo))) != id {
					continue
				}
				if triTri(x[fi[0]], x[fi[1]], x[fi[2]], x[fj[0]], x[fj[1]], x[fj[2]]) {
					found = append(found, [2]int32{min(i, j), max(i, j)})
					if limit > 0 && len(found) >= limit {
						return found
					}
				}
			}
		}
		s = e
	}
	return found
}

// checkNesting checks that no region is covered twice by surface components nested one in the
// other (a volume meshed twice, one copy inside the other: every face matched, no surface
// crossing, yet overlapping tetrahedra). The surface is closed, manifold and free of
// intersections, so its components (node-connected) are disjoint closed surfaces, and the
// winding number of the whole surface at a point is the number of tetrahedra covering it. It
// must be 1 just behind every component (inside the tissue): with W the winding number of the
// other components at a node of component C (an integer, since C crosses none of them) and
// b = 1 if C encloses positive volume (an outer boundary), 0 if negative (a cavity), W + b
// must be 1. W is summed from the solid angles of the triangles of the components whose
// bounding box holds that node (found through a grid of the components' boxes); a mesh with
// one component costs only the union–find.
func checkNesting(x []vec.V3, surf [][3]int32) error {
	parent := make([]int32, len(x))
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(v int32) int32 {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	for _, f := range surf {
		a, b, c := find(f[0]), find(f[1]), find(f[2])
		parent[b] = a
		parent[find(c)] = a
	}
	// Number the components in order of their first triangle.
	comp := make([]int32, len(surf))
	id := make([]int32, len(x)) // component number of a root node, −1 before it is seen
	for i := range id {
		id[i] = -1
	}
	nc := 0
	for i, f := range surf {
		r := find(f[0])
		if id[r] < 0 {
			id[r] = int32(nc)
			nc++
		}
		comp[i] = id[r]
	}
	if nc == 1 || nc > boxMask {
		return nil
	}
	// Triangles by component (CSR), boxes, volumes.
	start := make([]int32, nc+1)
	for _, k := range comp {
		start[k+1]++
	}
	for k := range nc {
		start[k+1] += start[k]
	}
	order := make([]int32, len(surf))
	next := slices.Clone(start[:nc])
	for i, k := range comp {
		order[next[k]] = int32(i)
		next[k]++
	}
	boxes := make([]box, nc)
	vol := make([]float64, nc)
	for k := range nc {
		tris := order[start[k]:start[k+1]]
		o := x[surf[tris[0]][0]]
		bx := triBox(x, surf[tris[0]])
		for _, i := range tris {
			f := surf[i]
			a, b, c := x[f[0]].Sub(o), x[f[1]].Sub(o), x[f[2]].Sub(o)
			vol[k] += a.Dot(b.Cross(c))
			t := triBox(x, f)
			bx = box{bx.lo.Min(t.lo), bx.hi.Max(t.hi)}
		}
		boxes[k] = bx
	}
	g := newGrid(boxes)
	for k := range nc {
		f0 := surf[order[start[k]]]
		p := x[f0[0]]
		w := 0
		outer := -1
		for _, e := range g.at(p) {
			d := int(e & boxMask)
			bd := boxes[d]
			if d == k || !bd.overlaps(box{p, p}) {
				continue
			}
			var omega float64
			for _, i := range order[start[d]:start[d+1]] {
				f := surf[i]
				omega += solidAngle(p, x[f[0]], x[f[1]], x[f[2]])
			}
			wd := int(math.Round(omega / (4 * math.Pi)))
			if wd > 0 && outer < 0 {
				outer = d
			}
			w += wd
		}
		b := 0
		if vol[k] > 0 {
			b = 1
		}
		if w+b != 1 && outer >= 0 {
			fo := surf[order[start[outer]]]
			return fmt.Errorf("tissue: the tetrahedra overlap: the surface through node %d lies inside the tissue bounded by the surface through node %d, so the region behind it is covered %d times (a volume meshed twice?)",
				f0[0], fo[0], w+b)
		}
		if w+b != 1 {
			return fmt.Errorf("tissue: the surface through node %d bounds a region covered %d times", f0[0], w+b)
		}
	}
	return nil
}

// solidAngle returns the signed solid angle of triangle (a, b, c) seen from p (Van Oosterom and
// Strackee 1983): positive when the triangle's normal (b − a) × (c − a) points away from p.
func solidAngle(p, a, b, c vec.V3) float64 {
	a, b, c = a.Sub(p), b.Sub(p), c.Sub(p)
	la, lb, lc := a.Norm(), b.Norm(), c.Norm()
	num := a.Dot(b.Cross(c))
	den := la*lb*lc + a.Dot(b)*lc + a.Dot(c)*lb + b.Dot(c)*la
	return 2 * math.Atan2(num, den)
}

func shareNode(a, b [3]int32) bool {
	for _, u := range a {
		if u == b[0] || u == b[1] || u == b[2] {
			return true
		}
	}
	return false
}

// triTri reports whether the closed triangles (a0, a1, a2) and (b0, b1, b2) intersect, by the
// separating axis theorem: two convex polytopes are disjoint iff their projections on some axis
// are; for two triangles the candidates are the two normals, the nine cross products of an edge
// of each, and, for coplanar triangles, the six in-plane edge normals n × e. Touching
// (projections that meet at a point) counts as intersecting. Coordinates are taken relative to
// a0 to keep the products small. A zero axis (parallel edges) never separates, as it should.
func triTri(a0, a1, a2, b0, b1, b2 vec.V3) bool {
	o := a0
	a := [3]vec.V3{{}, a1.Sub(o), a2.Sub(o)}
	b := [3]vec.V3{b0.Sub(o), b1.Sub(o), b2.Sub(o)}
	ea := [3]vec.V3{a[1].Sub(a[0]), a[2].Sub(a[1]), a[0].Sub(a[2])}
	eb := [3]vec.V3{b[1].Sub(b[0]), b[2].Sub(b[1]), b[0].Sub(b[2])}
	na := ea[0].Cross(ea[1])
	nb := eb[0].Cross(eb[1])
	sep := func(ax vec.V3) bool {
		p0, p1, p2 := ax.Dot(a[0]), ax.Dot(a[1]), ax.Dot(a[2])
		q0, q1, q2 := ax.Dot(b[0]), ax.Dot(b[1]), ax.Dot(b[2])
		return max(p0, p1, p2) < min(q0, q1, q2) || max(q0, q1, q2) < min(p0, p1, p2)
	}
	if sep(na) || sep(nb) {
		return false
	}
	// The in-plane edge normals first: they settle the common case of neighbouring coplanar
	// triangles of a flat surface whose boxes touch.
	for i := range 3 {
		if sep(na.Cross(ea[i])) || sep(nb.Cross(eb[i])) {
			return false
		}
	}
	for i := range 3 {
		for j := range 3 {
			if sep(ea[i].Cross(eb[j])) {
				return false
			}
		}
	}
	return true
}
