package collide

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// DefaultGridCellScale is the default HashGrid.CellScale, chosen with BenchmarkGridCell (see
// the HashGrid doc comment).
const DefaultGridCellScale = 1.0

// gridEntry records that segment Seg's box overlaps cell (X, Y, Z). The cell is stored because
// distinct cells share a bucket when their hashes collide.
type gridEntry struct {
	Seg     int32
	X, Y, Z int32
}

// HashGrid is a uniform grid of cubic cells hashed into a fixed-size table, the spatial hashing
// of Teschner et al. (2003) applied to rope segments (Brown §4 calls it the grid method).
//
// # Cell size
//
// The cell edge is CellScale × (L + 2R), L the longest segment and R the largest radius at the
// last Update. L + 2R is the largest extent of any segment's inflated box along any axis, so
// with CellScale = 1 each box (widened by half the margin) overlaps at most 2–3 cells per axis,
// usually 1–4 cells in all. The cost grows like (margin/edge)³ for margins far larger than a
// link, which is not the intended use. Smaller cells put each box in more cells
// (more insertion work, more duplicate candidates); larger cells put more non-touching segments
// in each cell (more pair tests). BenchmarkGridCell (Update+Self, 2-core machine shared with
// other jobs, so ±20 %) measured:
//
//	                  scale=0.5  scale=1  scale=2
//	loose n=1000 (µs)    823       405      220
//	loose n=5000 (ms)    4.16      2.08     1.56
//	tight n=1000 (ms)    6.87      7.06     5.82
//	tight n=5000 (ms)   43.6      23.8     29.1
//
// Scale 0.5 is never best. Scale 2 wins on loose ropes, where cells are nearly empty anyway,
// but the tight case is the one that bounds a real-time step, and there scale 1 wins at the
// larger size: DefaultGridCellScale = 1, so a box spans at most two cells per axis.
//
// # Table
//
// Cell (x, y, z) goes to bucket (73856093x ⊕ 19349663y ⊕ 83492791z) mod T, with T the smallest
// power of two ≥ 4n (n segments, at least 64): fixed while n is unchanged. Buckets are stored in
// compressed form, an offset slice of T+1 entries into one entry slice, filled by a counting
// sort in two passes, so there is no map, no linked list and no allocation once warm.
//
// # What is kept between calls
//
// Update recomputes the segment boxes (inflated by the radius), the cell size and the grid
// origin (below the minimum corner of all boxes, so cell coordinates stay small) and refills the
// table from scratch: O(n), what the grid method costs every cycle (Brown §4). The table is
// filled with every box widened by half the margin of the last Self call (0 before the first),
// so that two segments within the margin of each other share a cell; Self refills first only if
// it is given a larger margin than the table was filled for. Only the slices are kept.
//
// # Query
//
// Self scans each bucket once and tests the pairs of entries that belong to the same cell (not
// just the same bucket), are not adjacent, and whose widened boxes overlap. A pair overlaps in
// several cells, so it is kept only in the cell that contains the minimum corner of the
// intersection of the two widened boxes: that cell is among both boxes' cells (the cell
// function is monotone) and it is unique, so each pair is found once without a visited set.
// The candidates are sorted as keys and tested by the narrow phase in (A, B) order (see
// narrowSorted). Cost O(n + candidates), Θ(n) for a well-behaved rope.
type HashGrid struct {
	// CellScale multiplies the cell edge L + 2R; values ≤ 0 count as DefaultGridCellScale.
	CellScale float64

	n      int
	box    []vec.AABB  // per segment: inflated box
	start  []int32     // bucket h holds ent[start[h]:start[h+1]]
	ent    []gridEntry // entries, grouped by bucket
	mask   uint32      // T−1
	inv    float64     // 1 / cell edge
	origin vec.V3      // grid origin
	slack  float64     // rounding slack for the current positions
	fill   float64     // query margin the table was filled for (boxes widened by fill/2)
	last   float64     // margin of the last Self call
	keys   []uint64    // candidate pairs (pairKey), reused
}

// NewHashGrid returns an empty hash grid with CellScale = DefaultGridCellScale.
func NewHashGrid() *HashGrid { return &HashGrid{CellScale: DefaultGridCellScale} }

// Name implements Detector.
func (*HashGrid) Name() string { return "grid" }

// cell returns the grid coordinate of x along an axis whose origin is o. It is monotone in x, so
// the cell of the corner of an intersection lies in the cell range of both boxes.
func (g *HashGrid) cell(x, o float64) int32 { return int32(math.Floor((x - o) * g.inv)) }

// cellRange returns the cell coordinates of b's corners.
func (g *HashGrid) cellRange(b vec.AABB) (x0, y0, z0, x1, y1, z1 int32) {
	o := g.origin
	return g.cell(b.Min.X, o.X), g.cell(b.Min.Y, o.Y), g.cell(b.Min.Z, o.Z),
		g.cell(b.Max.X, o.X), g.cell(b.Max.Y, o.Y), g.cell(b.Max.Z, o.Z)
}

// hash returns the bucket of cell (x, y, z).
func (g *HashGrid) hash(x, y, z int32) uint32 {
	return (uint32(x)*73856093 ^ uint32(y)*19349663 ^ uint32(z)*83492791) & g.mask
}

// Update implements Detector: it recomputes the boxes and refills the table.
func (g *HashGrid) Update(st *rope.State) {
	n := st.NumSegs()
	if n != g.n || g.start == nil {
		g.n = n
		t := 64
		for t < 4*n {
			t *= 2
		}
		g.mask = uint32(t - 1)
		if cap(g.start) < t+1 {
			g.start = make([]int32, t+1)
		}
		g.start = g.start[:t+1]
		if cap(g.box) < n {
			g.box = make([]vec.AABB, n)
		}
		g.box = g.box[:n]
	}
	if n == 0 {
		return
	}
	var maxAbs, maxR, maxL2 float64
	lo := vec.V3{X: math.Inf(1), Y: math.Inf(1), Z: math.Inf(1)}
	for i := 0; i < n; i++ {
		k := st.SegNode[i]
		a, b := st.Pos[k], st.Pos[k+1]
		r := st.SegRadius[i]
		bx := vec.SegBox(a, b, r)
		g.box[i] = bx
		lo = lo.Min(bx.Min)
		maxAbs = maxAbs3(maxAbs3(maxAbs, a), b)
		maxR = max(maxR, r)
		maxL2 = max(maxL2, a.Dist2(b))
	}
	g.slack = sceneSlack(maxAbs, maxR)
	scale := g.CellScale
	if !(scale > 0) {
		scale = DefaultGridCellScale
	}
	edge := scale * (math.Sqrt(maxL2) + 2*maxR)
	if !(edge > 0) || math.IsInf(edge, 0) {
		edge = 1
	}
	g.inv = 1 / edge
	g.origin = lo.Sub(vec.V3{X: edge, Y: edge, Z: edge})
	g.refill(queryMargin(g.last, g.slack))
}

// refill inserts every box widened by m/2 into the table.
func (g *HashGrid) refill(m float64) {
	g.fill = m
	hm := 0.5 * m
	n := g.n
	// Counting sort of (segment, cell) entries by bucket: count into start[h+1], prefix-sum,
	// fill using start[h] as a cursor (which leaves start[h] at the old start[h+1]), shift back.
	start := g.start
	clear(start)
	total := 0
	for i := 0; i < n; i++ {
		x0, y0, z0, x1, y1, z1 := g.cellRange(g.box[i].Inflate(hm))
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				for z := z0; z <= z1; z++ {
					start[g.hash(x, y, z)+1]++
					total++
				}
			}
		}
	}
	for h := 1; h < len(start); h++ {
		start[h] += start[h-1]
	}
	if cap(g.ent) < total {
		g.ent = make([]gridEntry, total, total+total/4)
	}
	g.ent = g.ent[:total]
	ent := g.ent
	for i := 0; i < n; i++ {
		x0, y0, z0, x1, y1, z1 := g.cellRange(g.box[i].Inflate(hm))
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				for z := z0; z <= z1; z++ {
					h := g.hash(x, y, z)
					ent[start[h]] = gridEntry{Seg: int32(i), X: x, Y: y, Z: z}
					start[h]++
				}
			}
		}
	}
	copy(start[1:], start[:len(start)-1])
	start[0] = 0
}

// Self implements Detector.
func (g *HashGrid) Self(dst []Contact, st *rope.State, margin float64) []Contact {
	g.last = margin
	if g.n < 2 {
		return dst
	}
	if m := queryMargin(margin, g.slack); m > g.fill {
		g.refill(m)
	}
	hm := 0.5 * g.fill
	o := g.origin
	start, ent, box := g.start, g.ent, g.box
	keys := g.keys[:0]
	for h := 0; h+1 < len(start); h++ {
		bucket := ent[start[h]:start[h+1]]
		for x, e := range bucket {
			// Entries of a bucket are in increasing segment order (the fill visits segments in
			// order), so f.Seg ≥ e.Seg below.
			var ea vec.AABB
			loaded := false
			for _, f := range bucket[x+1:] {
				if f.Seg == e.Seg || f.X != e.X || f.Y != e.Y || f.Z != e.Z ||
					st.Adjacent(int(e.Seg), int(f.Seg)) {
					continue
				}
				if !loaded {
					ea, loaded = box[e.Seg].Inflate(hm), true
				}
				fb := box[f.Seg].Inflate(hm)
				if !ea.Overlaps(fb) {
					continue
				}
				// Test the pair only in the cell holding the minimum corner of the
				// intersection of the two (widened) boxes.
				if g.cell(max(ea.Min.X, fb.Min.X), o.X) != e.X ||
					g.cell(max(ea.Min.Y, fb.Min.Y), o.Y) != e.Y ||
					g.cell(max(ea.Min.Z, fb.Min.Z), o.Z) != e.Z {
					continue
				}
				keys = append(keys, pairKey(e.Seg, f.Seg))
			}
		}
	}
	g.keys = keys
	return narrowSorted(dst, st, keys, margin)
}
