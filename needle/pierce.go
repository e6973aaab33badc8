package needle

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/vec"
)

// Piercing is one crossing of the needle's tip through a surface triangle of the tissue.
type Piercing struct {
	// Tri is the index of the triangle in the surface triangle list passed in (tissue.Mesh.Surf).
	Tri int32
	// Bary holds the barycentric weights (dimensionless, ≥ 0, summing to 1) of the crossing
	// point on the triangle's nodes a, b, c, at time T: the point that moves with the tissue.
	Bary [3]float64
	// T is the time of the crossing as a fraction of the sweep, in [0, 1] (for Drive, of the
	// whole drive: the needle's angle then is the start pose's Angle + T·dphi).
	T float64
	// Point is the crossing point, m: Bary applied to the triangle's nodes at time T (it lies
	// within 1e-9 of the sweep's length scale of the tip at T).
	Point vec.V3
	// Entering reports that the tip moves into the tissue: its velocity relative to the
	// triangle's point has a negative component along the triangle's outward normal.
	// Otherwise it is exiting.
	Entering bool
}

// Tolerances of the crossing tests (dimensionless).
const (
	// DedupT is the de-duplication window of Pierce, as a fraction of the sweep: two crossings
	// within DedupT of each other, in the same direction, through triangles that share a node,
	// are one crossing (see Pierce).
	DedupT = 1e-7
	// tangentRel: a crossing whose relative velocity's normal component is at most tangentRel
	// times its length is a touch in the triangle's plane, not a crossing.
	tangentRel = 1e-9
	// boxRel is the broad phase's slack, relative to the two boxes' sizes: far above the exact
	// test's own tolerance (1e-9 of the length scale, collide.PointTriTOI).
	boxRel = 1e-8
	// researchGap: after a crossing at t on a moving triangle the sweep is searched again from
	// t + researchGap for a later one.
	researchGap = 1e-7
	// maxPerTri bounds the crossings of one moving triangle in one sweep (the coplanarity cubic
	// has at most three roots).
	maxPerTri = 3
)

// Limits of Drive.
const (
	MaxDriveSteps = 1_000_000 // steps of one Drive
	MaxDriveAngle = 2 * math.Pi
)

// Pierce appends to dst every crossing of the tip's straight sweep from tip0 to tip1 (m)
// through the static surface triangles tris (node indices into pos, m, wound outward as
// tissue.Mesh.Surf), sorted by T (then by triangle), and returns the extended slice. It is
// PierceMoving with pos0 = pos1 = pos.
func Pierce(tip0, tip1 vec.V3, pos []vec.V3, tris [][3]int32, dst []Piercing) []Piercing {
	return pierce(tip0, tip1, pos, pos, false, tris, dst)
}

// PierceMoving appends to dst every crossing of the tip's sweep through the surface triangles
// tris while the tissue moves too: over the sweep, t ∈ [0, 1], the tip moves on a straight line
// from tip0 to tip1 and each node i on a straight line from pos0[i] to pos1[i] (m). The
// crossings are sorted by T (then by triangle). It returns the extended slice and allocates only
// when dst must grow.
//
// Each crossing is found by collide.PointTriTOI, the exact continuous test (the cubic of the
// thesis's §3.8.1): the crossing times in [0, 1], both ends included, at which the tip lies on
// the moving triangle. A static or rigidly translated triangle is crossed at most once per
// sweep; a deforming or rotating one may be crossed up to three times, and each crossing is
// reported (the sweep is searched again from 1e-7 after each one; a second crossing of the
// same triangle within 2e-7 of the sweep is taken for the first). Entering is the sign of the
// tip's velocity relative to the triangle's crossing point along the triangle's outward normal
// at T, (tip1 − tip0 − Σ Bary_k·(pos1 − pos0)[node k])·n < 0.
//
// Not reported: touches in the triangle's plane (a tip sliding along the surface, or a relative
// velocity whose normal component is ≤ 1e-9 of its length), triangles of zero area at T, and
// triangles with a node index outside pos0 or pos1 (use CheckSurface to refuse those). A
// non-finite tip or node yields no crossing with the triangles it touches.
//
// De-duplication. A tip passing through an edge or a node of the triangulation lies on two or
// more triangles at once and every one of them reports it. The rule: a crossing is dropped
// when an earlier-kept one (in (T, Tri) order) is within DedupT of it in T, has the same
// Entering, and its triangle shares at least one node with this one (edge or node
// neighbours); of such a group the crossing whose barycentrics are farthest inside its triangle
// (largest smallest weight; the first on ties) is kept. Triangles that share no node are never
// merged, so two distinct sheets that touch (the faces of a cut) each report their crossing,
// and the same-direction condition keeps an entry and an exit through a grazed convex edge as
// two crossings (a touch: in and out at once). Crossings of separate calls are not merged: a
// tip ending exactly on the surface is reported at T = 1 of one sweep and again at T = 0 of the
// next (Drive merges those).
//
// Cost. A broad phase, then the exact test. The broad phase is O(len(tris)) box tests per
// call: each reads the triangle's three nodes (six when moving), takes the box they span (at
// both ends of the sweep) and compares it with the sweep's box, both inflated by 1e-8 of their
// sizes. That slack is conservative: collide.PointTriTOI accepts a point within 1e-9 of the
// configuration's length scale, which two boxes a gap g apart cannot reach unless
// g ≲ 1.8e-9·(sweep's + triangle's box size). The exact test (a cubic's roots in [0, 1]) runs
// only on the triangles whose boxes overlap the sweep's: a handful for a step of a needle. On a
// 10,400-triangle slab surface (BenchmarkPierce, one core of a 2-core Xeon VM) a call takes
// ≈ 70 µs static and ≈ 130 µs moving, ≈ 7 ns per triangle, against ≈ 2 ns for merely reading
// the nodes. A caller making many sweeps per step of a large mesh should put a BVH over the
// surface.
func PierceMoving(tip0, tip1 vec.V3, pos0, pos1 []vec.V3, tris [][3]int32, dst []Piercing) []Piercing {
	return pierce(tip0, tip1, pos0, pos1, true, tris, dst)
}

// pierce is PierceMoving; moving is false when pos0 and pos1 are the same positions.
func pierce(tip0, tip1 vec.V3, pos0, pos1 []vec.V3, moving bool, tris [][3]int32, dst []Piercing) []Piercing {
	start := len(dst)
	dst = crossings(tip0, tip1, pos0, pos1, moving, tris, dst)
	hits := dst[start:]
	slices.SortFunc(hits, byTimeTri)
	return dst[:start+dedupe(hits, tris, DedupT)]
}

// byTimeTri orders crossings by T, then by triangle.
func byTimeTri(a, b Piercing) int {
	if c := cmp.Compare(a.T, b.T); c != 0 {
		return c
	}
	return cmp.Compare(a.Tri, b.Tri)
}

// crossings appends the raw crossings (unsorted, not de-duplicated) to dst.
func crossings(tip0, tip1 vec.V3, pos0, pos1 []vec.V3, moving bool, tris [][3]int32, dst []Piercing) []Piercing {
	if !tip0.IsFinite() || !tip1.IsFinite() {
		return dst
	}
	// The sweep's box, lo..hi on each axis.
	slo := [3]float64{min(tip0.X, tip1.X), min(tip0.Y, tip1.Y), min(tip0.Z, tip1.Z)}
	shi := [3]float64{max(tip0.X, tip1.X), max(tip0.Y, tip1.Y), max(tip0.Z, tip1.Z)}
	sext := max(shi[0]-slo[0], shi[1]-slo[1], shi[2]-slo[2])
	tip := collide.Sweep{From: tip0, To: tip1}
	if len(pos0) > math.MaxInt32 || len(pos1) > math.MaxInt32 {
		return dst
	}
	n0, n1 := int32(len(pos0)), int32(len(pos1))
	for i, tri := range tris {
		a, b, c := tri[0], tri[1], tri[2]
		if a < 0 || b < 0 || c < 0 || a >= n0 || b >= n0 || c >= n0 || a >= n1 || b >= n1 || c >= n1 {
			continue
		}
		pa, pb, pc := &pos0[a], &pos0[b], &pos0[c]
		// The triangle's box (over both ends of the sweep when moving).
		var tlo, thi [3]float64
		tlo[0], thi[0] = span3(pa.X, pb.X, pc.X)
		tlo[1], thi[1] = span3(pa.Y, pb.Y, pc.Y)
		tlo[2], thi[2] = span3(pa.Z, pb.Z, pc.Z)
		if moving {
			qa, qb, qc := &pos1[a], &pos1[b], &pos1[c]
			tlo[0], thi[0] = widen3(tlo[0], thi[0], qa.X, qb.X, qc.X)
			tlo[1], thi[1] = widen3(tlo[1], thi[1], qa.Y, qb.Y, qc.Y)
			tlo[2], thi[2] = widen3(tlo[2], thi[2], qa.Z, qb.Z, qc.Z)
		}
		text := thi[0] - tlo[0]
		if d := thi[1] - tlo[1]; d > text {
			text = d
		}
		if d := thi[2] - tlo[2]; d > text {
			text = d
		}
		slack := boxRel * (sext + text)
		if tlo[0] > shi[0]+slack || thi[0] < slo[0]-slack ||
			tlo[1] > shi[1]+slack || thi[1] < slo[1]-slack ||
			tlo[2] > shi[2]+slack || thi[2] < slo[2]-slack {
			continue
		}
		q := [3]collide.Sweep{{From: *pa, To: pos1[a]}, {From: *pb, To: pos1[b]}, {From: *pc, To: pos1[c]}}
		from := 0.0
		for k := 0; k < maxPerTri; k++ {
			p, s := tip, q
			if from > 0 {
				p = collide.Sweep{From: tip.At(from), To: tip.To}
				for j := range s {
					s[j] = collide.Sweep{From: q[j].At(from), To: q[j].To}
				}
			}
			tau, hit := collide.PointTriTOI(p, s[0], s[1], s[2])
			if !hit {
				break
			}
			t := from + (1-from)*tau
			if k > 0 && t-from <= researchGap {
				break // the previous crossing again (a grazing root at the restart)
			}
			if h, ok := crossingAt(int32(i), t, tip, q); ok {
				dst = append(dst, h)
			}
			if !moving {
				break // a line crosses a fixed plane once
			}
			if from = t + researchGap; from >= 1 {
				break
			}
		}
	}
	return dst
}

// crossingAt builds the crossing of tip with triangle q (index tri) at time t, or reports false
// for a touch in the triangle's plane or a degenerate triangle.
func crossingAt(tri int32, t float64, tip collide.Sweep, q [3]collide.Sweep) (Piercing, bool) {
	a, b, c := q[0].At(t), q[1].At(t), q[2].At(t)
	bary, _ := vec.ClosestPointTri(tip.At(t), a, b, c)
	n := b.Sub(a).Cross(c.Sub(a))
	// The triangle's point's velocity and the tip's velocity relative to it.
	var vq vec.V3
	for k := range q {
		vq = vq.Add(q[k].To.Sub(q[k].From).Scale(bary[k]))
	}
	rel := tip.To.Sub(tip.From).Sub(vq)
	vn := rel.Dot(n)
	nn := n.Norm()
	if !(nn > 0) || !(math.Abs(vn) > tangentRel*rel.Norm()*nn) {
		return Piercing{}, false
	}
	return Piercing{
		Tri:      tri,
		Bary:     bary,
		T:        t,
		Point:    a.Scale(bary[0]).Add(b.Scale(bary[1])).Add(c.Scale(bary[2])),
		Entering: vn < 0,
	}, true
}

// dedupe merges, in place, the crossings of hits (sorted by byTimeTri) that are one crossing of
// an edge or node, by the rule documented at PierceMoving with window tol, and returns how many
// remain at the front of hits (still sorted).
func dedupe(hits []Piercing, tris [][3]int32, tol float64) int {
	w := 0
next:
	for _, h := range hits {
		for k := w - 1; k >= 0 && h.T-hits[k].T <= tol; k-- {
			if hits[k].Entering == h.Entering && shareNode(tris[hits[k].Tri], tris[h.Tri]) {
				if minBary(h.Bary) > minBary(hits[k].Bary) {
					hits[k] = h
				}
				continue next
			}
		}
		hits[w] = h
		w++
	}
	// A replacement may have moved a kept crossing by less than tol; restore the order.
	slices.SortFunc(hits[:w], byTimeTri)
	return w
}

func shareNode(a, b [3]int32) bool {
	for _, x := range a {
		if x == b[0] || x == b[1] || x == b[2] {
			return true
		}
	}
	return false
}

func minBary(b [3]float64) float64 { return math.Min(b[0], math.Min(b[1], b[2])) }

// span3 returns the smallest and largest of a, b, c (a NaN may be dropped: the exact test
// refuses a non-finite triangle anyway).
func span3(a, b, c float64) (lo, hi float64) {
	lo, hi = a, a
	if b < lo {
		lo = b
	}
	if b > hi {
		hi = b
	}
	if c < lo {
		lo = c
	}
	if c > hi {
		hi = c
	}
	return lo, hi
}

// widen3 returns lo..hi grown to contain a, b, c.
func widen3(lo, hi, a, b, c float64) (float64, float64) {
	l, h := span3(a, b, c)
	if l < lo {
		lo = l
	}
	if h > hi {
		hi = h
	}
	return lo, hi
}

// CheckSurface reports whether pos and tris describe a surface Pierce can test: every node
// position finite, every triangle's three node indices in [0, len(pos)). The error names the
// first offender.
func CheckSurface(pos []vec.V3, tris [][3]int32) error {
	if len(pos) > math.MaxInt32 {
		return fmt.Errorf("needle: %d nodes are beyond the int32 indices of a triangle", len(pos))
	}
	for i, p := range pos {
		if !p.IsFinite() {
			return fmt.Errorf("needle: pos[%d] = %v m is not finite", i, p)
		}
	}
	for i, t := range tris {
		for j, k := range t {
			if k < 0 || int(k) >= len(pos) {
				return fmt.Errorf("needle: tris[%d][%d] = %d is outside pos (%d nodes)", i, j, k, len(pos))
			}
		}
	}
	return nil
}

// Drive turns the needle from pose p0 about its arc's centre by dphi (rad; positive advances the
// tip) in steps equal increments Δ = dphi/steps, the tip moving on the chord of each increment
// through the static surface (pos, tris as for Pierce), and returns every piercing of the tip
// in order. T of each is the fraction of the whole drive at which it happens: the needle's
// Angle then is p0.Angle + T·dphi, to O(Δ³) (the tip crosses each chord at uniform speed).
// Crossings that are one (through an edge or node, or at the boundary of two increments and
// reported by both) are merged by Pierce's rule, with the window DedupT of one increment.
//
// The tip follows chords, not the arc: a crossing is found within the sagitta R·(1 − cos(Δ/2))
// ≈ R·Δ²/8 of the arc (Δ = dphi/steps), further along the surface by about the sagitta over
// the tangent of the angle between the tip's path and the surface. Choose steps for the
// accuracy needed (R = 1.7 mm, Δ = 0.01 rad: 0.02 µm).
//
// Errors: an invalid spec or pose; dphi not finite or beyond ±MaxDriveAngle; steps not in
// [1, MaxDriveSteps]; a surface CheckSurface refuses.
func Drive(spec Spec, p0 Pose, dphi float64, steps int, pos []vec.V3, tris [][3]int32) ([]Piercing, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if err := p0.Validate(); err != nil {
		return nil, err
	}
	switch {
	case math.IsNaN(dphi) || math.IsInf(dphi, 0):
		return nil, fmt.Errorf("needle: Drive: dphi = %v rad is not finite", dphi)
	case math.Abs(dphi) > MaxDriveAngle:
		return nil, fmt.Errorf("needle: Drive: dphi = %v rad is beyond ±MaxDriveAngle = 2π", dphi)
	case steps < 1 || steps > MaxDriveSteps:
		return nil, fmt.Errorf("needle: Drive: steps = %d must be in [1, %d]", steps, MaxDriveSteps)
	}
	if err := CheckSurface(pos, tris); err != nil {
		return nil, err
	}
	var out []Piercing
	prev := p0.Tip(spec)
	for k := range steps {
		next := p0.Rotate(dphi * float64(k+1) / float64(steps)).Tip(spec)
		n := len(out)
		out = Pierce(prev, next, pos, tris, out)
		for i := n; i < len(out); i++ {
			out[i].T = (float64(k) + out[i].T) / float64(steps)
		}
		prev = next
	}
	// Each increment's crossings are sorted and the increments follow one another, so out is
	// sorted by T up to rounding; sort anyway so that dedupe sees (T, Tri) order.
	slices.SortFunc(out, byTimeTri)
	return out[:dedupe(out, tris, DedupT/float64(steps))], nil
}
