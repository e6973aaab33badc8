package collide

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// Kubiak is the broad phase of Kubiak, Pietroni, Ganovelli & Fratarcangeli (2007) §4: a spatial
// hash of the segments (Teschner et al. 2003) plus a hierarchical test on the discrete
// curvature of the thread that discards, before any geometric test, the pairs of segments that
// lie in one piece of thread not bent enough to touch itself.
//
// # The curvature test, corrected
//
// The paper sums the 3D angles α_i between consecutive segments of a piece of thread and
// declares the piece free of self-intersection when Σ|α_i| ≤ 2π, applying the test to the whole
// thread and recursing into halves on failure. That bound is not sound, even for a thread of
// zero thickness: the open polyline (0,0) → (10,0) → (0,1) → (5,−1) turns by about 5.9 rad < 2π
// in all and its third segment crosses its first (TestKubiakPaperBoundUnsound). The sound bound
// for a zero-thickness polyline is Θ < π (a crossing closes a loop whose total curvature is at
// least 2π by Fenchel's theorem, of which the corner at the crossing contributes less than π).
// A rope has thickness, contacts count within 2R plus a margin, and segments within the
// collision window (rope.Strand.Window) are never tested, so the test used here is derived
// directly from a distance bound:
//
// Let a node be segments [s, e) of one strand, Θ its total turning (the sum of the angles
// between the directions of its consecutive non-degenerate segments; zero-length segments have
// no direction and add nothing to either sum), ℓ the shortest of its segments, W the strand's
// window and R its radius. The unit tangents of the node, joined in order by great-circle arcs,
// form a spherical path of length Θ; every point of it lies within Θ/2 of the path's midpoint u.
// So if Θ ≤ π every tangent t has t·u ≥ cos(Θ/2), and for points x before y on the polyline
// joined by an arc of length λ, |y − x| ≥ (y − x)·u ≥ λ cos(Θ/2). Two non-adjacent segments
// i < j of the node have j − i ≥ W+1, so at least W whole segments, of length ≥ Wℓ together,
// separate any point of one from any point of the other. Hence
//
//	W·ℓ·cos(Θ/2) ≥ 2R + margin
//
// proves that no pair of non-adjacent segments inside the node is closer than 2R + margin: the
// node's internal pairs are skipped. The bound is sharp: a polyline that runs straight, turns
// by Θ at one node and runs straight again has its points exactly W·ℓ apart along the arc at
// distance W·ℓ·cos(Θ/2) (TestKubiakBoundSharp). For Brown's rope (ℓ = 1, R = 0.5, W = 2) and a
// margin of R/5 it allows Θ ≤ 2·acos(0.55) ≈ 1.98 rad, i.e. the ~113° of a loose bend, far less
// than the paper's 2π; a hairpin (Θ ≈ π) never passes. Nodes of at most W+1 segments have no
// non-adjacent pair at all and always pass. In floating point Θ is padded by a relative 1e-9
// plus 1e-12 rad per segment and the left side shrunk by a relative 1e-9, far above the
// rounding of the angles (atan2 of cross and dot products of the raw differences) and of the
// node sums (summed up the tree), and the margin is widened by the package's slack (see
// relSlack), so the skipped pairs are exactly pairs the narrow phase would reject.
//
// # Hierarchy
//
// Each strand is split recursively into halves down to nodes of at most W+1 segments: a binary
// tree stored in pre-order (a node's left child follows it, its right child is recorded). The
// topology depends only on the strands' sizes and windows and is built once. Update computes Θ,
// ℓ and R of every node bottom-up in O(n) and from them the largest query margin the node
// tolerates. Self descends from each strand's root as the paper does, stopping at the first node
// that passes for its margin, and labels that node's segments with the node (the run): a pair
// of segments of one run is discarded without a geometric test.
//
// # Spatial hash
//
// Every segment is bounded by its box inflated by its radius (vec.SegBox) and hashed once, by
// the cell of the box's minimum corner, into a table of cubic cells of edge (E + m)(1 + 10⁻⁶),
// E the largest box extent along an axis (at most the longest segment plus 2R: the cell size
// comes from the segment length and radius, as in the paper, whose segments are equally sized)
// and m the query margin the table was filled for. The edge is raised to 2⁻²⁰ of the extent of
// the whole scene if that is larger, so cell coordinates never overflow. Two boxes that overlap
// when widened by m/2 each have minimum corners less than one cell edge apart on every axis, so
// their cells differ by at most one per axis: each segment's pairs are found in its own cell
// (with the segments after it) and in the 13 neighbouring cells on one side of it, each
// unordered pair exactly once, without a visited set. Cell (x, y, z) goes to bucket
// (73856093x ⊕ 19349663y ⊕ 83492791z) mod T (Teschner's hash), T the smallest power of two
// ≥ 2n (at least 64); buckets are compressed by a counting sort (no map, no list, no allocation
// once warm), which replaces Teschner's time stamps: the table is rebuilt, not cleared. Self
// refills first only if it is given a larger margin than the table was filled for.
//
// # Query
//
// For each candidate pair in a hashed neighbourhood Self discards, in this order, pairs of one
// run (the curvature test), adjacent pairs (rope.State.Adjacent) and pairs whose boxes, widened
// by the fill margin, do not overlap; the rest are sorted as keys and tested by the narrow phase
// in (A, B) order (see narrowSorted). Cost O(n + candidates).
//
// # Speed
//
// BenchmarkKubiak (Update+Self, margin 0.1, median of 3 on a 2-core machine shared with other
// jobs at load ~5, so ±30 %), µs:
//
//	                kubiak    bvh   aabb   grid
//	loose n=200        35      18     39     54
//	loose n=1000      161      53    111    171
//	loose n=5000     1255     242    603    889
//	tight n=200       211      99     99    249
//	tight n=1000     2513    2112   1977   3046
//	tight n=5000    16307   13403  13800  19779
//
// The curvature test discards most near pairs along a loose rope (runs of ~16 links on average)
// and the one-entry-per-segment hash is cheaper than the grid's on knotted ropes, but the 14
// bucket lookups per segment cost more than Brown's sphere tree, which stays the default.
type Kubiak struct {
	n      int
	topo   []kubiakStrand // strand layout the hierarchy was built for
	nodes  []kubiakNode   // per strand, the hierarchy in pre-order
	roots  []int32        // per strand: index of its root in nodes
	seg    []kubiakSeg    // per segment: box, cell, run
	turn   []float64      // per segment k: turning angle between k and the next segment
	start  []int32        // bucket h holds ent[start[h]:start[h+1]]
	ent    []int32        // segments, grouped by bucket, increasing within a bucket
	stack  []int32        // Self's descent, reused
	keys   []uint64       // candidate pairs (pairKey), reused
	mask   uint32         // T−1
	ext    float64        // largest box extent along an axis
	span   float64        // largest extent of all boxes together along an axis
	inv    float64        // 1 / cell edge
	origin vec.V3         // grid origin
	slack  float64        // rounding slack for the current positions
	fill   float64        // query margin the table was filled for
	last   float64        // margin of the last Self call
	runsM  float64        // query margin the runs were labelled for; NaN after Update
}

// kubiakStrand is what the hierarchy's topology depends on.
type kubiakStrand struct {
	FirstSeg, Segs, Window int
}

// kubiakNode is a run of segments [S, E) of one strand. Right is the index of the right child
// (the left child is the next node) or −1 for a leaf. Lim is the largest query margin for
// which the run cannot touch itself (see the Kubiak doc comment).
type kubiakNode struct {
	S, E  int32
	Right int32
	Theta float64 // total turning, rad
	Len   float64 // shortest segment, m
	Max   float64 // longest segment, m
	Rad   float64 // largest radius, m
	Lim   float64
}

// kubiakSeg is the per-segment data of a Kubiak.
type kubiakSeg struct {
	Box     vec.AABB
	X, Y, Z int32   // cell of Box.Min
	Run     int32   // first segment of the run holding the segment
	Len     float64 // length, m
}

// NewKubiak returns an empty Kubiak broad phase; its first Update builds the hierarchy.
func NewKubiak() *Kubiak { return &Kubiak{} }

// Name implements Detector.
func (*Kubiak) Name() string { return "kubiak" }

// sameTopology reports whether the hierarchy was built for the strands of st.
func (k *Kubiak) sameTopology(st *rope.State) bool {
	if len(k.topo) != len(st.Strands) || k.n != st.NumSegs() || k.roots == nil {
		return false
	}
	for i, s := range st.Strands {
		if k.topo[i] != (kubiakStrand{s.FirstSeg, s.Links(), s.Window}) {
			return false
		}
	}
	return true
}

// build lays out the hierarchy of every strand and sizes the per-segment slices.
func (k *Kubiak) build(st *rope.State) {
	n := st.NumSegs()
	k.n = n
	k.topo = k.topo[:0]
	k.nodes = k.nodes[:0]
	k.roots = k.roots[:0]
	for _, s := range st.Strands {
		k.topo = append(k.topo, kubiakStrand{s.FirstSeg, s.Links(), s.Window})
		k.roots = append(k.roots, int32(len(k.nodes)))
		k.split(int32(s.FirstSeg), int32(s.FirstSeg+s.Links()), int32(s.Window))
	}
	if cap(k.seg) < n {
		k.seg = make([]kubiakSeg, n)
		k.turn = make([]float64, n)
	}
	k.seg, k.turn = k.seg[:n], k.turn[:n]
	t := 64
	for t < 2*n {
		t *= 2
	}
	k.mask = uint32(t - 1)
	if cap(k.start) < t+1 {
		k.start = make([]int32, t+1)
	}
	k.start = k.start[:t+1]
	if cap(k.ent) < n {
		k.ent = make([]int32, n)
	}
	k.ent = k.ent[:n]
}

// split appends the subtree of run [s, e) in pre-order; runs of at most w+1 segments are
// leaves.
func (k *Kubiak) split(s, e, w int32) {
	i := len(k.nodes)
	k.nodes = append(k.nodes, kubiakNode{S: s, E: e, Right: -1})
	if e-s <= w+1 {
		return
	}
	mid := s + (e-s)/2
	k.split(s, mid, w)
	k.nodes[i].Right = int32(len(k.nodes))
	k.split(mid, e, w)
}

// cellOf returns the grid coordinate of x along an axis whose origin is o.
func (k *Kubiak) cellOf(x, o float64) int32 { return int32(math.Floor((x - o) * k.inv)) }

// hash returns the bucket of cell (x, y, z).
func (k *Kubiak) hash(x, y, z int32) uint32 {
	return (uint32(x)*73856093 ^ uint32(y)*19349663 ^ uint32(z)*83492791) & k.mask
}

// Update implements Detector: it recomputes the boxes, the curvature hierarchy and the hash
// table.
func (k *Kubiak) Update(st *rope.State) {
	if !k.sameTopology(st) {
		k.build(st)
	}
	n := k.n
	k.runsM = math.NaN()
	if n == 0 {
		return
	}
	var maxAbs, maxR, ext float64
	lo := vec.V3{X: math.Inf(1), Y: math.Inf(1), Z: math.Inf(1)}
	hi := lo.Neg()
	seg, turn := k.seg, k.turn
	for si, s := range st.Strands {
		var prev vec.V3 // direction (raw difference) of the last non-degenerate segment
		for i := s.FirstSeg; i < s.FirstSeg+s.Links(); i++ {
			j := st.SegNode[i]
			a, b := st.Pos[j], st.Pos[j+1]
			r := st.SegRadius[i]
			// vec.SegBox with the builtin min and max, which compile inline (math.Min and
			// math.Max are calls): the same box for finite coordinates.
			bx := vec.AABB{
				Min: vec.V3{X: min(a.X, b.X) - r, Y: min(a.Y, b.Y) - r, Z: min(a.Z, b.Z) - r},
				Max: vec.V3{X: max(a.X, b.X) + r, Y: max(a.Y, b.Y) + r, Z: max(a.Z, b.Z) + r},
			}
			seg[i].Box = bx
			lo = vec.V3{X: min(lo.X, bx.Min.X), Y: min(lo.Y, bx.Min.Y), Z: min(lo.Z, bx.Min.Z)}
			hi = vec.V3{X: max(hi.X, bx.Max.X), Y: max(hi.Y, bx.Max.Y), Z: max(hi.Z, bx.Max.Z)}
			ext = max(ext, bx.Max.X-bx.Min.X, bx.Max.Y-bx.Min.Y, bx.Max.Z-bx.Min.Z)
			maxAbs = max(maxAbs, math.Abs(a.X), math.Abs(a.Y), math.Abs(a.Z), math.Abs(b.X), math.Abs(b.Y), math.Abs(b.Z))
			maxR = max(maxR, r)
			// The turn at the joint before segment i, stored at i−1: the angle between the
			// last non-degenerate direction and this one (see the doc comment).
			dir := b.Sub(a)
			seg[i].Len = dir.Norm()
			if dir != (vec.V3{}) {
				if prev != (vec.V3{}) {
					turn[i-1] = math.Atan2(prev.Cross(dir).Norm(), prev.Dot(dir))
				} else if i > s.FirstSeg {
					turn[i-1] = 0
				}
				prev = dir
			} else if i > s.FirstSeg {
				turn[i-1] = 0
			}
		}
		turn[s.FirstSeg+s.Links()-1] = 0
		k.fitStrand(st, si)
	}
	k.ext = ext
	k.span = max(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z)
	k.slack = sceneSlack(maxAbs, maxR)
	k.origin = lo
	k.refill(queryMargin(k.last, k.slack))
}

// fitStrand computes Θ, ℓ, R and Lim of every node of strand si, children before parents.
func (k *Kubiak) fitStrand(st *rope.State, si int) {
	w := st.Strands[si].Window
	lo := int(k.roots[si])
	hi := len(k.nodes)
	if si+1 < len(k.roots) {
		hi = int(k.roots[si+1])
	}
	nodes, turn := k.nodes, k.turn
	for i := hi - 1; i >= lo; i-- {
		nd := &nodes[i]
		if nd.Right < 0 {
			th, l, lmax, r := 0.0, math.Inf(1), 0.0, 0.0
			for s := nd.S; s < nd.E; s++ {
				if s+1 < nd.E {
					th += turn[s]
				}
				l = min(l, k.seg[s].Len)
				lmax = max(lmax, k.seg[s].Len)
				r = max(r, st.SegRadius[s])
			}
			nd.Theta, nd.Len, nd.Max, nd.Rad = th, l, lmax, r
		} else {
			a, b := &nodes[i+1], &nodes[nd.Right]
			nd.Theta = a.Theta + b.Theta + turn[b.S-1]
			nd.Len = min(a.Len, b.Len)
			nd.Max = max(a.Max, b.Max)
			nd.Rad = max(a.Rad, b.Rad)
		}
		nd.Lim = kubiakLimit(nd.Theta, nd.Len, nd.Max, nd.Rad, int(nd.E-nd.S), w)
	}
}

// kubiakLimit returns the largest query margin for which a run of segs segments with total
// turning theta, shortest segment l, longest lmax and largest radius r, in a strand with window
// w, cannot touch itself: W·ℓ·cos(Θ/2) − 2R, made conservative for rounding; +Inf if the run
// has no non-adjacent pair, −Inf if the bound proves nothing (Θ ≥ π, or not finite). Where a
// link is stretched so that two segments within the window may be non-adjacent
// (rope.State.Adjacent: more than rope.WindowSpan·R of rope between them), such a pair is
// separated by at least that much rope, so the separation is min(W·ℓ, WindowSpan·R).
func kubiakLimit(theta, l, lmax, r float64, segs, w int) float64 {
	stretched := w > 1 && float64(w-1)*lmax > rope.WindowSpan*r*(1-1e-9)
	if segs <= w+1 && !stretched {
		return math.Inf(1)
	}
	half := 0.5*theta*(1+1e-9) + 1e-12*float64(segs)
	if !(half < 0.5*math.Pi) || !(l < math.Inf(1)) {
		return math.Inf(-1)
	}
	sep := float64(w) * l
	if stretched {
		sep = min(sep, rope.WindowSpan*r)
	}
	lim := sep*math.Cos(half)*(1-1e-9) - 2*r
	if !(lim >= 0) {
		return math.Inf(-1)
	}
	return lim
}

// refill sets the cell edge for query margin m and hashes every segment by the cell of its
// box's minimum corner.
func (k *Kubiak) refill(m float64) {
	k.fill = m
	// The edge is at least span/2²⁰, so cell coordinates stay far inside int32 and the
	// relative rounding of (x − origin)/edge (≤ 2²⁰ cells) stays far below the 10⁻⁶ pad.
	edge := max((k.ext+m)*(1+1e-6), k.span*0x1p-20)
	if !(edge > 0) || math.IsInf(edge, 0) {
		edge = 1
	}
	k.inv = 1 / edge
	// Origin one cell below the lowest corner keeps the cell coordinates small and positive.
	o := k.origin.Sub(vec.V3{X: edge, Y: edge, Z: edge})
	start, seg := k.start, k.seg
	clear(start)
	for i := range seg {
		s := &seg[i]
		s.X, s.Y, s.Z = k.cellOf(s.Box.Min.X, o.X), k.cellOf(s.Box.Min.Y, o.Y), k.cellOf(s.Box.Min.Z, o.Z)
		start[k.hash(s.X, s.Y, s.Z)+1]++
	}
	for h := 1; h < len(start); h++ {
		start[h] += start[h-1]
	}
	ent := k.ent
	for i := range seg {
		s := &seg[i]
		h := k.hash(s.X, s.Y, s.Z)
		ent[start[h]] = int32(i)
		start[h]++
	}
	copy(start[1:], start[:len(start)-1])
	start[0] = 0
}

// label marks every segment with the run (the highest node passing the curvature test for
// query margin m) that holds it.
func (k *Kubiak) label(m float64) {
	if k.runsM == m {
		return
	}
	k.runsM = m
	nodes, seg := k.nodes, k.seg
	stack := append(k.stack[:0], k.roots...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &nodes[i]
		if m <= nd.Lim {
			for s := nd.S; s < nd.E; s++ {
				seg[s].Run = nd.S
			}
			continue
		}
		if nd.Right < 0 {
			// a leaf (at most window+1 segments) with a stretched link: its pairs may be
			// non-adjacent (rope.State.Adjacent), so each segment is a run of its own
			for s := nd.S; s < nd.E; s++ {
				seg[s].Run = s
			}
			continue
		}
		stack = append(stack, nd.Right, i+1)
	}
	k.stack = stack
}

// kubiakFwd are the 13 neighbouring cell offsets lexicographically after (0, 0, 0).
var kubiakFwd = [13][3]int32{
	{0, 0, 1},
	{0, 1, -1}, {0, 1, 0}, {0, 1, 1},
	{1, -1, -1}, {1, -1, 0}, {1, -1, 1},
	{1, 0, -1}, {1, 0, 0}, {1, 0, 1},
	{1, 1, -1}, {1, 1, 0}, {1, 1, 1},
}

// Self implements Detector.
func (k *Kubiak) Self(dst []Contact, st *rope.State, margin float64) []Contact {
	k.last = margin
	if k.n < 2 {
		return dst
	}
	m := queryMargin(margin, k.slack)
	if m > k.fill {
		k.refill(m)
	}
	k.label(m)
	hm := 0.5 * k.fill
	start, ent, seg := k.start, k.ent, k.seg
	keys := k.keys[:0]
	for a := range seg {
		sa := &seg[a]
		ba := sa.Box.Inflate(hm)
		// Own cell: the segments after a (a bucket lists its segments in increasing order).
		h := k.hash(sa.X, sa.Y, sa.Z)
		for _, b := range ent[start[h]:start[h+1]] {
			sb := &seg[b]
			if int(b) <= a || sb.X != sa.X || sb.Y != sa.Y || sb.Z != sa.Z || sb.Run == sa.Run ||
				st.Adjacent(a, int(b)) || !ba.Overlaps(sb.Box.Inflate(hm)) {
				continue
			}
			keys = append(keys, pairKey(int32(a), b))
		}
		for _, off := range kubiakFwd {
			x, y, z := sa.X+off[0], sa.Y+off[1], sa.Z+off[2]
			h := k.hash(x, y, z)
			for _, b := range ent[start[h]:start[h+1]] {
				sb := &seg[b]
				if sb.X != x || sb.Y != y || sb.Z != z || sb.Run == sa.Run ||
					st.Adjacent(a, int(b)) || !ba.Overlaps(sb.Box.Inflate(hm)) {
					continue
				}
				keys = append(keys, pairKey(int32(a), b))
			}
		}
	}
	k.keys = keys
	return narrowSorted(dst, st, keys, margin)
}
