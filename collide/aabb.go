package collide

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// aabbLeafSize is the largest number of segments in a leaf of an AABBTree. Small leaves prune
// better; a few segments per leaf amortise the per-node cost of the traversal and halve the
// node count against one segment per leaf.
const aabbLeafSize = 4

// DefaultAABBRebuildEvery is the default AABBTree.RebuildEvery, chosen with
// BenchmarkAABBPolicy (see the AABBTree doc comment).
const DefaultAABBRebuildEvery = 8

// aabbNode is a node of an AABBTree. An inner node has Left ≥ 0 (its right child is Right);
// a leaf has Left = −1 and owns perm[First : First+Count].
type aabbNode struct {
	Box          vec.AABB
	Left, Right  int32
	First, Count int32
}

// AABBTree is the top-down axis-aligned bounding-box tree of Zheng et al. §II.C.
//
// # Structure
//
// Every segment is bounded by its box inflated by its radius (vec.SegBox). The root holds all
// segments; a node with more than aabbLeafSize segments computes the tight box of its own
// segments, picks the longest axis of that box and splits its segments at the median of their
// box centres along that axis (quickselect in place on a permutation slice), and recurses on
// both halves. Nodes live in one slice in pre-order, so every child comes after its parent.
// The build uses an explicit stack and the median split keeps the tree balanced: depth
// ⌈log₂(n/aabbLeafSize)⌉+1. Build cost O(n log n).
//
// # Rebuild or refit
//
// Update rebuilds the whole tree (topology and boxes) every RebuildEvery calls and on the first
// call after the number of segments changes; the other calls only refit: recompute each
// segment box and then each node box from its children in reverse pre-order (O(n), each box
// once). A refitted tree is always correct, only its boxes grow looser as the rope moves away
// from the configuration the split was chosen for. BenchmarkAABBPolicy drives a rope through
// 256 frames that rotate by 0.01 rad per frame under a travelling wave and times Update+Self
// per frame (2-core machine shared with other jobs, so ±20 %):
//
//	                    K=1     K=4     K=8     K=32    never
//	loose n=1000 (µs)   306     157     146     121      98
//	loose n=5000 (µs)  2093     942     746     591     542
//	tight n=1000 (ms)   2.27    2.55    2.85    3.69    3.28
//	tight n=5000 (ms)  27.6    17.9    14.8    20.7    16.7
//
// On a loose rope the query is cheap and the O(n log n) rebuild dominates, so rarely
// rebuilding wins; on a tight rope the query dominates and a stale tree costs more than the
// rebuild saves. RebuildEvery = 8 (DefaultAABBRebuildEvery) is within 1.5× of the best
// policy in every row, while K=1 loses 2–3× on loose ropes and refit-only loses on tight ones
// and would degrade without bound as a rope is dragged far from its initial shape. Both paths
// reuse their slices, so Update allocates nothing once warm.
//
// # Query
//
// Self is a dual traversal of the tree against itself from the root with an explicit stack of
// node pairs: (i, i) expands to (l, l), (r, r), (l, r); a pair of distinct nodes whose boxes,
// one of them widened by the margin, do not overlap is pruned; otherwise the node with more
// segments is split. At two leaves (or one leaf against itself) every pair of their segments
// whose boxes overlap, skipping adjacent segments, becomes a candidate; the candidates
// are sorted and then tested by the narrow phase, which yields the contacts in (A, B) order.
type AABBTree struct {
	// RebuildEvery is how many Updates share one topology: 1 rebuilds on every Update, k > 1
	// rebuilds on every k-th and refits on the others. Values < 1 count as 1.
	RebuildEvery int

	n       int        // number of segments the tree was built for
	age     int        // Updates since the last rebuild
	box     []vec.AABB // per segment: inflated box
	perm    []int32    // segment indices; each leaf owns a contiguous range
	nodes   []aabbNode // pre-order
	slack   float64    // rounding slack for the current positions
	stack   []int32    // node pairs (Self) or node indices (build), reused
	scratch []float64  // median keys during the build, indexed like perm
	keys    []uint64   // candidate pairs (pairKey), reused
}

// NewAABBTree returns an empty AABB tree with RebuildEvery = DefaultAABBRebuildEvery.
func NewAABBTree() *AABBTree { return &AABBTree{RebuildEvery: DefaultAABBRebuildEvery} }

// Name implements Detector.
func (*AABBTree) Name() string { return "aabb" }

// Update implements Detector: it recomputes the segment boxes and then rebuilds or refits (see
// the type comment).
func (t *AABBTree) Update(st *rope.State) {
	n := st.NumSegs()
	if cap(t.box) < n {
		t.box = make([]vec.AABB, n)
		t.perm = make([]int32, n)
		t.scratch = make([]float64, n)
		t.nodes = make([]aabbNode, 0, 2*n)
	}
	t.box, t.perm, t.scratch = t.box[:n], t.perm[:n], t.scratch[:n]
	var maxAbs, maxR float64
	for i := 0; i < n; i++ {
		k := st.SegNode[i]
		a, b := st.Pos[k], st.Pos[k+1]
		r := st.SegRadius[i]
		t.box[i] = vec.SegBox(a, b, r)
		maxAbs = maxAbs3(maxAbs3(maxAbs, a), b)
		maxR = max(maxR, r)
	}
	t.slack = sceneSlack(maxAbs, maxR)
	k := max(t.RebuildEvery, 1)
	if n != t.n || len(t.nodes) == 0 || t.age+1 >= k {
		t.rebuild(n)
		return
	}
	t.age++
	t.refit()
}

// refit recomputes every node box from the segment boxes, children before parents.
func (t *AABBTree) refit() {
	nodes, box, perm := t.nodes, t.box, t.perm
	for i := len(nodes) - 1; i >= 0; i-- {
		nd := &nodes[i]
		if nd.Left >= 0 {
			nd.Box = nodes[nd.Left].Box.Union(nodes[nd.Right].Box)
			continue
		}
		b := box[perm[nd.First]]
		for _, s := range perm[nd.First+1 : nd.First+nd.Count] {
			b = b.Union(box[s])
		}
		nd.Box = b
	}
}

// rebuild builds the tree top-down over n segments whose boxes are in t.box.
func (t *AABBTree) rebuild(n int) {
	t.n, t.age = n, 0
	t.nodes = t.nodes[:0]
	if n == 0 {
		return
	}
	for i := range t.perm {
		t.perm[i] = int32(i)
	}
	t.nodes = append(t.nodes, aabbNode{Left: -1, Right: -1, First: 0, Count: int32(n)})
	stack := append(t.stack[:0], 0)
	box, perm, key := t.box, t.perm, t.scratch
	for len(stack) > 0 {
		ni := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := t.nodes[ni]
		seg := perm[nd.First : nd.First+nd.Count]
		b := box[seg[0]]
		for _, s := range seg[1:] {
			b = b.Union(box[s])
		}
		t.nodes[ni].Box = b
		if len(seg) <= aabbLeafSize {
			continue
		}
		d := b.Max.Sub(b.Min)
		keys := key[nd.First : nd.First+nd.Count]
		switch {
		case d.X >= d.Y && d.X >= d.Z:
			for i, s := range seg {
				keys[i] = box[s].Min.X + box[s].Max.X
			}
		case d.Y >= d.Z:
			for i, s := range seg {
				keys[i] = box[s].Min.Y + box[s].Max.Y
			}
		default:
			for i, s := range seg {
				keys[i] = box[s].Min.Z + box[s].Max.Z
			}
		}
		mid := len(seg) / 2
		selectNth(keys, seg, mid)
		l := int32(len(t.nodes))
		t.nodes = append(t.nodes,
			aabbNode{Left: -1, Right: -1, First: nd.First, Count: int32(mid)},
			aabbNode{Left: -1, Right: -1, First: nd.First + int32(mid), Count: nd.Count - int32(mid)})
		t.nodes[ni].Left, t.nodes[ni].Right = l, l+1
		stack = append(stack, l, l+1)
	}
	t.stack = stack
}

// selectNth reorders keys (and idx with it) so that keys[k] is the value it would have if
// sorted, no key before k is larger and no key after k is smaller (Hoare's quickselect with a
// median-of-three pivot; equal keys split evenly, so duplicates cost no more than distinct keys).
func selectNth(keys []float64, idx []int32, k int) {
	lo, hi := 0, len(keys)-1
	swap := func(i, j int) {
		keys[i], keys[j] = keys[j], keys[i]
		idx[i], idx[j] = idx[j], idx[i]
	}
	for hi > lo {
		mid := lo + (hi-lo)/2
		if keys[mid] < keys[lo] {
			swap(mid, lo)
		}
		if keys[hi] < keys[lo] {
			swap(hi, lo)
		}
		if keys[hi] < keys[mid] {
			swap(hi, mid)
		}
		p := keys[mid]
		i, j := lo, hi
		for i <= j {
			for keys[i] < p {
				i++
			}
			for keys[j] > p {
				j--
			}
			if i <= j {
				swap(i, j)
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// overlapsWithin reports whether b and c come within m of each other (per axis).
func overlapsWithin(b, c vec.AABB, m float64) bool {
	return b.Min.X-m <= c.Max.X && c.Min.X <= b.Max.X+m &&
		b.Min.Y-m <= c.Max.Y && c.Min.Y <= b.Max.Y+m &&
		b.Min.Z-m <= c.Max.Z && c.Min.Z <= b.Max.Z+m
}

// Self implements Detector.
func (t *AABBTree) Self(dst []Contact, st *rope.State, margin float64) []Contact {
	if len(t.nodes) == 0 {
		return dst
	}
	m := queryMargin(margin, t.slack)
	nodes, box, perm := t.nodes, t.box, t.perm
	keys := t.keys[:0]
	stack := append(t.stack[:0], 0, 0)
	for len(stack) > 0 {
		i, j := stack[len(stack)-2], stack[len(stack)-1]
		stack = stack[:len(stack)-2]
		ni, nj := &nodes[i], &nodes[j]
		if i == j {
			if ni.Left >= 0 {
				stack = append(stack, ni.Left, ni.Right, ni.Right, ni.Right, ni.Left, ni.Left)
				continue
			}
			seg := perm[ni.First : ni.First+ni.Count]
			for x, a := range seg {
				for _, b := range seg[x+1:] {
					if overlapsWithin(box[a], box[b], m) && !st.Adjacent(int(a), int(b)) {
						keys = append(keys, pairKey(a, b))
					}
				}
			}
			continue
		}
		if !overlapsWithin(ni.Box, nj.Box, m) {
			continue
		}
		switch {
		case ni.Left < 0 && nj.Left < 0:
			for _, a := range perm[ni.First : ni.First+ni.Count] {
				ba := box[a]
				if !overlapsWithin(ba, nj.Box, m) {
					continue
				}
				for _, b := range perm[nj.First : nj.First+nj.Count] {
					if overlapsWithin(ba, box[b], m) && !st.Adjacent(int(a), int(b)) {
						keys = append(keys, pairKey(a, b))
					}
				}
			}
		case nj.Left < 0 || (ni.Left >= 0 && ni.Count >= nj.Count):
			stack = append(stack, ni.Left, j, ni.Right, j)
		default:
			stack = append(stack, i, nj.Left, i, nj.Right)
		}
	}
	t.stack, t.keys = stack, keys
	return narrowSorted(dst, st, keys, margin)
}
