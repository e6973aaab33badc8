package collide

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// SphereBVH is the bounding-sphere hierarchy of Brown, Latombe & Montgomery (2004) §4.
//
// # Structure
//
// Leaf i (i < n, n = number of segments) is the minimal enclosing sphere of global segment i
// (centre at the midpoint, radius half its length) inflated by the segment's radius, so the
// leaves lie in rope order, strand after strand. Each next level bounds pairs of successive
// spheres of the level below by the smallest sphere enclosing both (vec.Sphere.Enclose); an odd
// node at the end of a level is carried up unchanged. The result is a balanced binary tree of
// depth ⌈log₂ n⌉ with n−1 internal nodes, stored in one slice: leaves first, then the internal
// nodes level by level, so every child comes before its parent.
//
// # What is kept between calls
//
// The topology (child indices) depends only on the number of segments. It is built once, the
// first time Update sees that number, and then kept. Update refits in O(n): each leaf from its
// segment, then each internal node from its two children in index order, so every sphere is
// computed exactly once, bottom-up. Nothing is allocated once the topology exists.
//
// # Query
//
// Self explores two copies of the tree from the top with an explicit stack of node pairs
// (a slice kept in the struct, reused). A pair (i, i) expands to its children's pairs (l, l),
// (r, r) and (l, r), so every unordered pair of leaves is reached exactly once and a leaf is
// never paired with itself. A pair of distinct nodes whose spheres, widened by the margin, do
// not overlap is pruned; otherwise the node with the larger sphere is split. At two leaves the
// segments are skipped if adjacent (rope.State.Adjacent, which also handles strand ends) and
// collected as candidates otherwise; the candidates are
// sorted and then tested by the narrow phase, which yields the contacts in (A, B) order. The margin is applied at query time, so the same tree
// serves any margin. Cost: O(n) to refit, and for a well-behaved rope (equal links, bounded
// density) Θ(n^{4/3}) in the worst case to query (Brown §4, after Guibas et al. 2002), close to
// O(n + contacts) for a loose rope.
//
// Multiple strands share one tree over all global segments; pairs across strands are never
// adjacent.
type SphereBVH struct {
	n     int          // number of segments the topology was built for
	sph   []vec.Sphere // node spheres: leaves [0, n), internal nodes [n, 2n−1)
	kids  []int32      // children of internal node n+k at kids[2k], kids[2k+1]
	root  int32        // index of the root; −1 when there are no segments
	slack float64      // rounding slack for the current positions (see relSlack)
	stack []int32      // node pairs still to visit, reused across calls
	keys  []uint64     // candidate pairs (pairKey), reused across calls
}

// NewSphereBVH returns an empty sphere hierarchy; its first Update builds the topology.
func NewSphereBVH() *SphereBVH { return &SphereBVH{root: -1} }

// Name implements Detector.
func (*SphereBVH) Name() string { return "bvh" }

// build lays out the topology for n leaves.
func (t *SphereBVH) build(n int) {
	t.n = n
	t.root = -1
	t.kids = t.kids[:0]
	if n == 0 {
		t.sph = t.sph[:0]
		return
	}
	if cap(t.sph) < 2*n-1 {
		t.sph = make([]vec.Sphere, 2*n-1)
	}
	t.sph = t.sph[:2*n-1]
	level := make([]int32, n)
	for i := range level {
		level[i] = int32(i)
	}
	next := int32(n)
	for len(level) > 1 {
		up := level[:0] // overwrite in place: up[k] is written after level[2k], level[2k+1] are read
		for i := 0; i < len(level); i += 2 {
			if i+1 == len(level) {
				up = append(up, level[i])
				break
			}
			t.kids = append(t.kids, level[i], level[i+1])
			up = append(up, next)
			next++
		}
		level = up
	}
	t.root = level[0]
}

// Update implements Detector: it refits every sphere bottom-up, building the topology first if
// the number of segments changed.
func (t *SphereBVH) Update(st *rope.State) {
	n := st.NumSegs()
	if n != t.n || (n > 0 && t.root < 0) {
		t.build(n)
	}
	if n == 0 {
		return
	}
	sph := t.sph
	var maxAbs, maxR float64
	for i := 0; i < n; i++ {
		k := st.SegNode[i]
		a, b := st.Pos[k], st.Pos[k+1]
		r := st.SegRadius[i]
		sph[i] = vec.Sphere{C: a.Add(b).Scale(0.5), R: 0.5*a.Dist(b) + r}
		maxAbs = maxAbs3(maxAbs3(maxAbs, a), b)
		maxR = max(maxR, r)
	}
	kids := t.kids
	for k := 0; 2*k+1 < len(kids); k++ {
		sph[n+k] = sph[kids[2*k]].Enclose(sph[kids[2*k+1]])
	}
	t.slack = sceneSlack(maxAbs, maxR)
}

// Self implements Detector.
func (t *SphereBVH) Self(dst []Contact, st *rope.State, margin float64) []Contact {
	if t.root < 0 || t.n < 2 {
		return dst
	}
	m := queryMargin(margin, t.slack)
	n := int32(t.n)
	keys := t.keys[:0]
	sph, kids := t.sph, t.kids
	stack := append(t.stack[:0], t.root, t.root)
	for len(stack) > 0 {
		i, j := stack[len(stack)-2], stack[len(stack)-1]
		stack = stack[:len(stack)-2]
		if i == j {
			if i < n {
				continue
			}
			l, r := kids[2*(i-n)], kids[2*(i-n)+1]
			stack = append(stack, l, r)
			if r >= n {
				stack = append(stack, r, r)
			}
			if l >= n {
				stack = append(stack, l, l)
			}
			continue
		}
		si, sj := sph[i], sph[j]
		rr := si.R + sj.R + m
		if si.C.Dist2(sj.C) > rr*rr {
			continue
		}
		switch {
		case i < n && j < n:
			if !st.Adjacent(int(i), int(j)) {
				keys = append(keys, pairKey(i, j))
			}
		case j < n || (i >= n && si.R >= sj.R):
			stack = append(stack, kids[2*(i-n)], j, kids[2*(i-n)+1], j)
		default:
			stack = append(stack, i, kids[2*(j-n)], i, kids[2*(j-n)+1])
		}
	}
	t.stack, t.keys = stack, keys
	return narrowSorted(dst, st, keys, margin)
}
