package collide

import (
	"math"
	"sort"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// Continuous collision detection (seed 003, the thesis's §3.8): between two states of a step
// every point is assumed to move on a straight line, and a thread tunnels where the centre
// lines of two segments meet (§3.8.4) or a vertex crosses a triangle (§3.8.2) on the way. Both
// need the four moving points to be coplanar at that instant, the roots of a cubic in t
// (§3.8.1); the earliest root at which the centre lines really meet is the time of impact.
//
// The thesis leaves the cubic to a textbook solver (Press, Numerical Recipes §5.6). Here the
// roots in [0, 1] are isolated robustly instead: the cubic's critical points split [0, 1] into
// intervals where it is monotone, each sign change is bracketed and refined by bisection
// safeguarded Newton, and a critical point or an end where the cubic is zero to within its
// rounding is a (grazing) root too. Two cases the cubic cannot decide are handled apart:
// points that stay coplanar the whole step (the cubic vanishes: the meeting is then an end
// crossing the other segment's line in the common plane, a quadratic) and, within those,
// points that stay collinear (a linear event along the line).

// Sweep is a point's straight motion over a step: From at t = 0, To at t = 1, m.
type Sweep struct{ From, To vec.V3 }

// At returns the point at t ∈ [0, 1].
func (s Sweep) At(t float64) vec.V3 { return s.From.Lerp(s.To, t) }

// ccdRel is the relative tolerance of the time-of-impact tests: at a coplanar instant the
// centre lines count as meeting within ccdRel·L of each other, L the configuration's length
// scale (the longest segment or motion). The roots are refined to ccdRootTol of the step, so a
// true crossing is found at a distance far below this.
const (
	ccdRel     = 1e-9
	ccdRootTol = 1e-14
)

// SegSegTOI returns the earliest t ∈ [0, 1] at which the centre lines of segments a0–a1 and
// b0–b1, each end moving on its Sweep, meet, and whether they do. Segments that meet at t = 0
// report t = 0. Finite input gives a finite answer; a non-finite one reports no hit.
func SegSegTOI(a0, a1, b0, b1 Sweep) (t float64, hit bool) {
	L := scale4(a0, a1, b0, b1)
	if !(L > 0) || math.IsInf(L, 0) {
		return 0, false // all four points fixed at one spot, or not finite
	}
	eps := ccdRel * L
	meet := func(t float64) bool {
		_, _, d2 := vec.ClosestSegSeg(a0.At(t), a1.At(t), b0.At(t), b1.At(t))
		return d2 <= eps*eps
	}
	// Coplanar all step, the centre lines first meet at t = 0 or when an end crosses the
	// other segment in the common plane.
	return firstTouch(a0, a1, b0, b1, L, meet, func(ev *eventTimes, nrm vec.V3) {
		ends := [4]Sweep{a0, a1, b0, b1}
		for i := range 4 {
			q0, q1 := b0, b1
			if i >= 2 {
				q0, q1 = a0, a1
			}
			ev.lineEvents(ends[i], q0, q1, nrm, L)
		}
	})
}

// PointTriTOI returns the earliest t ∈ [0, 1] at which point p lies on triangle q0 q1 q2 (each
// vertex moving on its Sweep), and whether it does: the thread's vertex crossing a tissue
// triangle (the thesis's §3.8.2). A point on the triangle at t = 0 reports t = 0; a point that
// moves in the triangle's plane all step hits where it first enters the triangle.
func PointTriTOI(p, q0, q1, q2 Sweep) (t float64, hit bool) {
	L := scale4(p, q0, q1, q2)
	if !(L > 0) || math.IsInf(L, 0) {
		return 0, false
	}
	eps := ccdRel * L
	on := func(t float64) bool {
		return pointTriDist2(p.At(t), q0.At(t), q1.At(t), q2.At(t)) <= eps*eps
	}
	// The cubic of §3.8.1 with q4 = p: (q1−q0)×(q2−q0)·(p−q0); in the plane all step, p enters
	// the triangle across an edge.
	return firstTouch(q0, q1, q2, p, L, on, func(ev *eventTimes, nrm vec.V3) {
		tri := [3]Sweep{q0, q1, q2}
		for i := range 3 {
			ev.lineEvents(p, tri[i], tri[(i+1)%3], nrm, L)
		}
	})
}

// firstTouch returns the earliest time at which touch holds among the instants q0..q3 are
// coplanar (the roots of the cubic), or, when they stay coplanar all step, among t = 0 and
// the events planar adds (given the common plane's normal). L is their length scale.
func firstTouch(q0, q1, q2, q3 Sweep, L float64, touch func(float64) bool, planar func(*eventTimes, vec.V3)) (float64, bool) {
	var roots [3]float64
	n, flat := coplanarRoots(q0, q1, q2, q3, L, &roots)
	if !flat {
		for _, r := range roots[:n] {
			if touch(r) {
				return r, true
			}
		}
		return 0, false
	}
	var ev eventTimes
	ev.add(0)
	planar(&ev, planeNormal(q0, q1, q2, q3))
	return ev.first(touch)
}

// SweepShape returns the earliest t ∈ [0, 1] at which a point moving on p comes within r of
// obstacle s's surface (s.PointDist ≤ r), and whether it does: a vertex of radius r against a
// rigid obstacle.
//
// For a plane, sphere or capsule the distance is convex along the path, so Newton's steps from
// the start never pass its first touch and a path that begins to recede has missed. A torus is
// not convex: there it advances conservatively (the distance changes by at most |To − From| per
// unit t), and a path that grazes it so closely that 10,000 advances do not settle it reports
// the last safe t as a hit (never a missed touch).
//
// An obstacle moving rigidly is handled as the thesis's §3.8.3 does for the forceps: take p's
// From in the obstacle's frame at the step's end (the point carried along with the obstacle's
// motion) and sweep against the obstacle's final pose.
func SweepShape(s *shape.Shape, p Sweep, r float64) (t float64, hit bool) {
	v := p.To.Sub(p.From)
	move := v.Norm()
	_, _, d := s.PointDist(p.From)
	if !(d-r > 0) {
		return 0, !math.IsNaN(d) && !math.IsNaN(move)
	}
	if !(move > 0) || math.IsInf(move, 0) {
		return 0, false
	}
	eps := ccdRel * math.Max(move, r)
	convex := s.Kind == shape.Plane || s.Kind == shape.Sphere || s.Kind == shape.Capsule
	for range 10000 {
		_, n, d := s.PointDist(p.At(t))
		gap := d - r
		if gap <= eps {
			return t, true
		}
		step := gap / move
		if convex {
			slope := n.Dot(v) // d(distance)/dt
			if slope >= 0 {
				return 0, false // receding: a convex distance never falls again
			}
			step = math.Max(step, gap/-slope)
		}
		if t += step; t > 1 {
			return 0, false
		}
	}
	return t, true
}

// Crossing is a tunnelling found between two states: segments A and B's centre lines (A < B)
// meet at time T ∈ [0, 1] of the step.
type Crossing struct {
	A, B int32
	T    float64
}

// SweptSelf appends to dst every pair A < B of non-adjacent segments of st whose centre lines
// meet while the nodes move in a straight line from prev to st.Pos (one entry per pair, at the
// earliest time), sorted by (A, B), and returns the extended slice. prev must hold one position
// per node of st. It is the exact test of "no pass-through" between two published states: a
// pair is tested only where the boxes swept by the two segments overlap (O(n²) boxes, meant for
// tests and checks, not a solver's inner loop).
func SweptSelf(dst []Crossing, prev []vec.V3, st *rope.State) []Crossing {
	n := st.NumSegs()
	boxes := make([]vec.AABB, n)
	for s := range n {
		i := st.SegNode[s]
		boxes[s] = vec.AABB{Min: prev[i], Max: prev[i]}.Grow(prev[i+1]).Grow(st.Pos[i]).Grow(st.Pos[i+1])
	}
	for a := range n {
		ia := st.SegNode[a]
		for b := a + 1; b < n; b++ {
			if st.Adjacent(a, b) || !boxes[a].Overlaps(boxes[b]) {
				continue
			}
			ib := st.SegNode[b]
			if t, ok := SegSegTOI(Sweep{prev[ia], st.Pos[ia]}, Sweep{prev[ia+1], st.Pos[ia+1]},
				Sweep{prev[ib], st.Pos[ib]}, Sweep{prev[ib+1], st.Pos[ib+1]}); ok {
				dst = append(dst, Crossing{A: int32(a), B: int32(b), T: t})
			}
		}
	}
	return dst
}

// scale4 is the length scale of four moving points: the largest distance from the first
// point's start to any point at either end of the step, or any motion.
func scale4(a, b, c, d Sweep) float64 {
	L := 0.0
	for _, s := range [4]Sweep{a, b, c, d} {
		L = math.Max(L, math.Max(s.From.Dist(a.From), s.To.Dist(a.From)))
		L = math.Max(L, s.To.Dist(s.From))
	}
	return L
}

// coplanarRoots finds the times t ∈ [0, 1] at which q0..q3 are coplanar: the roots, ascending,
// of f(t) = (q1−q0)×(q2−q0)·(q3−q0) (six times the signed volume of their tetrahedron), into
// roots. planar reports f vanishing all step (its coefficients all within rounding of zero),
// when no root is returned. L is the points' length scale.
func coplanarRoots(q0, q1, q2, q3 Sweep, L float64, roots *[3]float64) (n int, planar bool) {
	// Relative to q0: e = q1−q0, g = q2−q0, d = q3−q0, each x + t·v.
	e, ve := q1.From.Sub(q0.From), q1.To.Sub(q1.From).Sub(q0.To.Sub(q0.From))
	g, vg := q2.From.Sub(q0.From), q2.To.Sub(q2.From).Sub(q0.To.Sub(q0.From))
	d, vd := q3.From.Sub(q0.From), q3.To.Sub(q3.From).Sub(q0.To.Sub(q0.From))
	// (e + t·ve)×(g + t·vg) = e×g + t(ve×g + e×vg) + t²(ve×vg)
	c0v, c1v, c2v := e.Cross(g), ve.Cross(g).Add(e.Cross(vg)), ve.Cross(vg)
	c := [4]float64{
		d.Dot(c0v),
		vd.Dot(c0v) + d.Dot(c1v),
		vd.Dot(c1v) + d.Dot(c2v),
		vd.Dot(c2v),
	}
	// Each term is a triple product of lengths ≤ 2L: its rounding is below 8L³ times a few ulps.
	zero := 64 * 0x1p-52 * L * L * L
	if math.Abs(c[0]) <= zero && math.Abs(c[1]) <= zero && math.Abs(c[2]) <= zero && math.Abs(c[3]) <= zero {
		return 0, true
	}
	return cubicRoots01(c, zero, roots), false
}

// cubicRoots01 isolates the roots in [0, 1] of c0 + c1·t + c2·t² + c3·t³ into roots, ascending,
// and returns how many. zero is the rounding of a value of the cubic: an end or a critical
// point where |f| ≤ zero is a root (a touch without a sign change).
func cubicRoots01(c [4]float64, zero float64, roots *[3]float64) int {
	f := func(t float64) float64 { return c[0] + t*(c[1]+t*(c[2]+t*c[3])) }
	df := func(t float64) float64 { return c[1] + t*(2*c[2]+t*3*c[3]) }
	// Break points: 0, the critical points in (0, 1), 1.
	var bp [4]float64
	nb := 0
	bp[nb] = 0
	nb++
	var crit [2]float64
	for _, x := range crit[:quadRoots(3*c[3], 2*c[2], c[1], &crit)] {
		if x > 0 && x < 1 && x > bp[nb-1] {
			bp[nb] = x
			nb++
		}
	}
	bp[nb] = 1
	nb++
	n := 0
	push := func(t float64) {
		if n > 0 && t-roots[n-1] <= 4*ccdRootTol {
			return
		}
		if n < len(roots) {
			roots[n] = t
			n++
		}
	}
	flo := f(bp[0])
	for k := 0; k+1 < nb; k++ {
		lo, hi := bp[k], bp[k+1]
		fhi := f(hi)
		switch {
		case math.Abs(flo) <= zero:
			push(lo)
		case math.Abs(fhi) <= zero:
			// the root at hi is pushed with the next interval (or below, at t = 1)
		case (flo < 0) != (fhi < 0):
			push(bracket(f, df, lo, hi, flo))
		}
		flo = fhi
	}
	if math.Abs(flo) <= zero {
		push(1)
	}
	return n
}

// bracket refines the root of f, monotone on [lo, hi] with a sign change (f(lo) = flo), by
// Newton steps kept inside the bracket and bisection where Newton leaves it or stalls.
func bracket(f, df func(float64) float64, lo, hi, flo float64) float64 {
	t := 0.5 * (lo + hi)
	for range 200 {
		ft := f(t)
		if ft == 0 {
			return t
		}
		if (ft < 0) == (flo < 0) {
			lo, flo = t, ft
		} else {
			hi = t
		}
		if hi-lo <= ccdRootTol {
			break
		}
		next := 0.5 * (lo + hi)
		if d := df(t); d != 0 {
			if nt := t - ft/d; nt > lo && nt < hi {
				next = nt
			}
		}
		if next == t {
			next = 0.5 * (lo + hi)
		}
		t = next
	}
	return 0.5 * (lo + hi)
}

// quadRoots puts the real roots of a·x² + b·x + c, ascending, into r and returns how many
// (a linear equation when a is zero to within b's rounding; none when it is constant).
func quadRoots(a, b, c float64, r *[2]float64) int {
	if math.Abs(a) <= 0x1p-50*math.Abs(b) || a == 0 {
		if b == 0 {
			return 0
		}
		r[0] = -c / b
		return 1
	}
	disc := b*b - 4*a*c
	if disc < 0 {
		return 0
	}
	// The stable pair (no cancellation): q = −(b + sign(b)·√disc)/2, roots q/a and c/q; q is
	// zero only for b = disc = 0, a double root at −b/(2a) = 0.
	q := -0.5 * (b + math.Copysign(math.Sqrt(disc), b))
	if q == 0 {
		r[0], r[1] = 0, 0
		return 2
	}
	x0, x1 := q/a, c/q
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	r[0], r[1] = x0, x1
	return 2
}

// planeNormal returns a unit normal of the plane four coplanar moving points share: the
// largest cross product of their spans at either end of the step, or zero when they stay on
// one line.
func planeNormal(q0, q1, q2, q3 Sweep) vec.V3 {
	var best vec.V3
	for _, t := range [2]float64{0, 1} {
		o := q0.At(t)
		sp := [3]vec.V3{q1.At(t).Sub(o), q2.At(t).Sub(o), q3.At(t).Sub(o)}
		for i := range 3 {
			for j := i + 1; j < 3; j++ {
				if c := sp[i].Cross(sp[j]); c.Norm2() > best.Norm2() {
					best = c
				}
			}
		}
	}
	if best.Norm2() == 0 {
		return vec.V3{}
	}
	return best.Unit()
}

// eventTimes collects candidate times of first contact for the coplanar cases.
type eventTimes struct {
	t [16]float64
	n int
}

func (ev *eventTimes) add(t float64) {
	if t >= 0 && t <= 1 && ev.n < len(ev.t) {
		ev.t[ev.n] = t
		ev.n++
	}
}

// lineEvents adds the times at which point p lies on the line through q0, q1 within the plane
// of normal nrm (the roots of nrm·(q0−p)×(q1−p), a quadratic), or, for points on one line
// (nrm zero), the times at which p passes q0 or q1 along it.
func (ev *eventTimes) lineEvents(p, q0, q1 Sweep, nrm vec.V3, L float64) {
	if nrm == (vec.V3{}) {
		u := q1.From.Sub(q0.From)
		if u.Norm2() == 0 {
			u = q1.To.Sub(q0.To)
		}
		if u.Norm2() == 0 {
			u = p.From.Sub(q0.From)
		}
		for _, q := range [2]Sweep{q0, q1} {
			// (p − q)·u = a + b·t
			a := p.From.Sub(q.From).Dot(u)
			b := p.To.Sub(q.To).Dot(u) - a
			if b != 0 {
				ev.add(-a / b)
			}
		}
		return
	}
	a0, va := q0.From.Sub(p.From), q0.To.Sub(p.To).Sub(q0.From.Sub(p.From))
	a1, vb := q1.From.Sub(p.From), q1.To.Sub(p.To).Sub(q1.From.Sub(p.From))
	c0 := nrm.Dot(a0.Cross(a1))
	c1 := nrm.Dot(va.Cross(a1).Add(a0.Cross(vb)))
	c2 := nrm.Dot(va.Cross(vb))
	zero := 64 * 0x1p-52 * L * L
	if math.Abs(c0) <= zero && math.Abs(c1) <= zero && math.Abs(c2) <= zero {
		// p stays on the line: it meets the segment when it passes an end.
		ev.lineEvents(p, q0, q1, vec.V3{}, L)
		return
	}
	var r [2]float64
	for _, x := range r[:quadRoots(c2, c1, c0, &r)] {
		ev.add(x)
	}
}

// first returns the earliest event time at which ok holds.
func (ev *eventTimes) first(ok func(float64) bool) (float64, bool) {
	ts := ev.t[:ev.n]
	sort.Float64s(ts)
	for _, t := range ts {
		if ok(t) {
			return t, true
		}
	}
	return 0, false
}

// pointTriDist2 is the squared distance from p to triangle a b c (vec.ClosestPointTri).
func pointTriDist2(p, a, b, c vec.V3) float64 {
	_, d2 := vec.ClosestPointTri(p, a, b, c)
	return d2
}

// Swept is continuous self-collision detection for any solver: the crossings of SweptSelf,
// found through a Detector's broad phase instead of all pairs. A pair whose centre lines meet
// at time t of the straight-line motion are, at the end of it, no farther apart than the
// motion of their closest points since t, at most the largest node displacement d on each
// side: so every crossing pair is among the end state's pairs within 2·d of the surfaces, and
// only those get the exact test (SegSegTOI). A Swept keeps its candidate buffer and allocates
// nothing per call once warm; it is not safe for concurrent use.
type Swept struct {
	cand []Contact
}

// Self appends to dst the crossings of the motion from prev to st.Pos, exactly as SweptSelf
// (one entry per pair, sorted by (A, B)), and returns the extended slice. It calls det.Update
// with st: after it, det.Self may be asked about st without another Update.
func (w *Swept) Self(dst []Crossing, prev []vec.V3, st *rope.State, det Detector) []Crossing {
	d2 := 0.0
	for i, p := range st.Pos {
		d2 = math.Max(d2, p.Sub(prev[i]).Norm2())
	}
	det.Update(st)
	// 2·d with a relative slack for the rounding of the distance test.
	w.cand = det.Self(w.cand[:0], st, 2*math.Sqrt(d2)*(1+1e-9))
	for _, c := range w.cand {
		ia, ib := st.SegNode[c.A], st.SegNode[c.B]
		if t, ok := SegSegTOI(Sweep{prev[ia], st.Pos[ia]}, Sweep{prev[ia+1], st.Pos[ia+1]},
			Sweep{prev[ib], st.Pos[ib]}, Sweep{prev[ib+1], st.Pos[ib+1]}); ok {
			dst = append(dst, Crossing{A: c.A, B: c.B, T: t})
		}
	}
	return dst
}
