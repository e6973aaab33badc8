package shape

import (
	"math"

	"github.com/knotsim/knotsim/vec"
)

// up is the normal PointDist reports at the centre of a sphere, where every direction is a
// nearest one.
var up = vec.V3{Z: 1}

// PointDist returns the point q of the surface of s nearest to p, the outward unit normal n of
// the surface at q and the signed distance d from p to the surface (m; negative inside the
// solid), so that p = q + d·n.
//
// Where the nearest surface point is not unique the choice is fixed:
//   - Sphere, p at Center: n = +Z;
//   - Capsule, p on the axis A–B: n = (B−A).AnyPerp();
//   - Torus, p on the axis line: the ring point in direction Axis.AnyPerp() from Center is used;
//     p on the tube's centre circle: n points radially away from the axis.
//
// A Triangle reports d = +Inf, q = p and n = 0 where it does not answer for p (triangle.go). An
// unknown Kind reports d = +Inf, q = p and n = 0 (never touching). s must pass Validate.
func (s *Shape) PointDist(p vec.V3) (q, n vec.V3, d float64) {
	switch s.Kind {
	case Plane:
		d = p.Sub(s.Center).Dot(s.Axis)
		return p.Sub(s.Axis.Scale(d)), s.Axis, d
	case Sphere:
		q, n, d = ball(p.Sub(s.Center), s.Center, s.Radius)
		if n == (vec.V3{}) {
			n = up
			q = s.Center.Add(n.Scale(s.Radius))
		}
		return q, n, d
	case Capsule:
		ab := s.B.Sub(s.A)
		t, _ := vec.ClosestPointSeg(p, s.A, s.B)
		c := s.A.Add(ab.Scale(t))
		q, n, d = ball(capsuleOffset(p.Sub(c), ab, t), c, s.Radius)
		if n == (vec.V3{}) {
			n = ab.AnyPerp()
			q = c.Add(n.Scale(s.Radius))
		}
		return q, n, d
	case Torus:
		c, radial := s.ringPoint(p)
		q, n, d = ball(s.ringOffset(p.Sub(c), radial), c, s.Radius)
		if n == (vec.V3{}) {
			n = radial
			q = c.Add(n.Scale(s.Radius))
		}
		return q, n, d
	case Triangle:
		return s.triPoint(p, s.faceNormal())
	case Mesh:
		_, q, n, d = s.Mesh.segDist(p, p, math.Inf(1))
		return q, n, d
	}
	return p, vec.V3{}, math.Inf(1)
}

// SegDist returns, for the segment p0–p1 (a piece of the rope's axis), the parameter t ∈ [0,1] of
// the segment point p = p0 + t(p1−p0) with the smallest signed distance to the surface of s, the
// nearest surface point q to p, the outward unit normal n at q and that signed distance d (m;
// negative when p is inside the solid), so that p = q + d·n. d is the true minimum over the
// whole segment, not over samples; when several t attain it, any one of them is returned.
//
// Per kind:
//   - Plane: the signed distance is linear in t, so t is 0 or 1 (0 on a tie);
//   - Sphere: t is the point of the segment nearest to Center (vec.ClosestPointSeg);
//   - Capsule: t is from vec.ClosestSegSeg between the segment and A–B;
//   - Torus: exact minimisation of the distance to the ring, see doc.go;
//   - Triangle: the least of the signed distances at the segment's point nearest to the
//     triangle and at its ends (triangle.go); d = +Inf where the face does not answer for
//     the segment (behind its plane beyond an edge, or deeper than Radius);
//   - Mesh: the least over its faces (mesh.go), through its tree.
//
// Where the normal is not unique (p on the sphere's centre, on the capsule's axis, on the
// torus's centre circle) SegDist picks one perpendicular to the segment, so pushing the rope
// along n moves it sideways off the obstacle's core: Sphere: (p1−p0).AnyPerp(); Capsule:
// unit((p1−p0)×(B−A)), else (B−A).AnyPerp(); Torus: perpendicular to both the segment and the
// ring's tangent, else radially outward. A zero-length segment is the point p0 with t = 0 and
// PointDist's choices.
//
// SegDist does not allocate. An unknown Kind reports t = 0, q = p0, n = 0, d = +Inf.
func (s *Shape) SegDist(p0, p1 vec.V3) (t float64, q, n vec.V3, d float64) {
	w := p1.Sub(p0)
	switch s.Kind {
	case Plane:
		d0 := p0.Sub(s.Center).Dot(s.Axis)
		d1 := p1.Sub(s.Center).Dot(s.Axis)
		p, d := p0, d0
		if d1 < d0 {
			t, p, d = 1, p1, d1
		}
		return t, p.Sub(s.Axis.Scale(d)), s.Axis, d
	case Sphere:
		t, _ = vec.ClosestPointSeg(s.Center, p0, p1)
		q, n, d = ball(p0.Add(w.Scale(t)).Sub(s.Center), s.Center, s.Radius)
		if n == (vec.V3{}) {
			n = up
			if w != (vec.V3{}) {
				n = w.AnyPerp()
			}
			q = s.Center.Add(n.Scale(s.Radius))
		}
		return t, q, n, d
	case Capsule:
		ab := s.B.Sub(s.A)
		t, u, _ := vec.ClosestSegSeg(p0, p1, s.A, s.B)
		c := s.A.Add(ab.Scale(u))
		q, n, d = ball(capsuleOffset(p0.Add(w.Scale(t)).Sub(c), ab, u), c, s.Radius)
		if n == (vec.V3{}) {
			n = w.Cross(ab).Unit()
			if n == (vec.V3{}) {
				n = ab.AnyPerp()
			}
			q = c.Add(n.Scale(s.Radius))
		}
		return t, q, n, d
	case Torus:
		t = s.torusSegT(p0, w)
		p := p0.Add(w.Scale(t))
		c, radial := s.ringPoint(p)
		q, n, d = ball(s.ringOffset(p.Sub(c), radial), c, s.Radius)
		if n == (vec.V3{}) {
			n = s.Axis.Cross(radial).Cross(w).Unit() // ⟂ ring tangent and segment
			if n == (vec.V3{}) {
				n = radial
			}
			q = c.Add(n.Scale(s.Radius))
		}
		return t, q, n, d
	case Triangle:
		return s.triSeg(p0, p1)
	case Mesh:
		return s.Mesh.segDist(p0, p1, math.Inf(1))
	}
	return 0, p0, vec.V3{}, math.Inf(1)
}

// SegDistWithin is SegDist for a caller that needs only distances below lim (m): where d < lim
// it is SegDist's answer; elsewhere d ≥ lim (+Inf for a Mesh, which then skips every face
// farther than lim: a broad phase's query costs a descent to the faces within reach, not to
// the nearest face). It does not allocate.
func (s *Shape) SegDistWithin(p0, p1 vec.V3, lim float64) (t float64, q, n vec.V3, d float64) {
	if s.Kind == Mesh {
		return s.Mesh.segDist(p0, p1, lim)
	}
	return s.SegDist(p0, p1)
}

// ball measures the point c + v against the sphere of radius r around the core point c. It takes
// the offset v rather than the point so that a tiny offset, cleaned of rounding noise by the
// caller, is not rounded again. When v = 0 it returns n = 0 and the caller substitutes its own
// normal.
func ball(v, c vec.V3, r float64) (q, n vec.V3, d float64) {
	l := v.Norm()
	if l > 0 {
		n = v.Scale(1 / l)
	}
	return c.Add(n.Scale(r)), n, l - r
}

// capsuleOffset returns v = p − c, the offset of a point from its nearest axis point c at
// parameter u, with the component along the axis removed when c is interior (0 < u < 1), where it
// is zero in exact arithmetic. Near the axis, rounding would otherwise tilt the normal along the
// axis and put q off the surface.
func capsuleOffset(v, ab vec.V3, u float64) vec.V3 {
	if u > 0 && u < 1 {
		v = v.Sub(ab.Scale(v.Dot(ab) / ab.Dot(ab)))
	}
	return v
}

// ringOffset returns v = p − c, the offset of a point from its nearest ring point c, with the
// component along the ring's tangent Axis×radial removed (zero in exact arithmetic; see
// capsuleOffset).
func (s *Shape) ringOffset(v, radial vec.V3) vec.V3 {
	tg := s.Axis.Cross(radial)
	return v.Sub(tg.Scale(v.Dot(tg)))
}

// perp returns the part of v perpendicular to the unit vector u. It projects twice so that the
// result is perpendicular to working precision even when v is nearly parallel to u.
func perp(v, u vec.V3) vec.V3 {
	x := v.Sub(u.Scale(v.Dot(u)))
	return x.Sub(u.Scale(x.Dot(u)))
}

// ringPoint returns the point of the torus's centre circle nearest to p and the unit radial
// direction from Center to it. On the axis line, where all ring points are equally near, it
// takes the direction Axis.AnyPerp().
func (s *Shape) ringPoint(p vec.V3) (c, radial vec.V3) {
	x := perp(p.Sub(s.Center), s.Axis)
	if rho := x.Norm(); rho > 0 {
		radial = x.Scale(1 / rho)
	} else {
		radial = s.Axis.AnyPerp()
	}
	return s.Center.Add(radial.Scale(s.Major)), radial
}

// ringLine is the segment p0 + t·w seen from a torus: v(t) = p0 + t·w − Center splits into the
// axial height h(t) = h0 + t·hw and the in-plane part x(t) = x0 + t·xw, with ρ(t) = |x(t)|.
// The squared distance to the ring is g(t) = h² + (ρ − M)².
//
// When the segment is not parallel to the axis (α = |xw|² > 0), x(t) = x(tc) + (t−tc)·xw with
// x(tc) ⟂ xw, so ρ² = m² + α(t−tc)² and ρ′ = α(t−tc)/ρ: this form has the exact sign of ρ′ on
// either side of the axis, which the kink at ρ = 0 needs.
type ringLine struct {
	x0, xw vec.V3
	h0, hw float64
	alpha  float64 // |xw|², m²
	tc, m2 float64 // foot of the axis on the projected line and the squared distance there, m²
	useTc  bool    // alpha is large enough for tc and m2
	major  float64 // M, m
}

// rho returns ρ(t) and α(t−tc) = x(t)·xw.
func (l *ringLine) rho(t float64) (rho, xxw float64) {
	if l.useTc {
		dt := t - l.tc
		return math.Sqrt(l.m2 + l.alpha*dt*dt), l.alpha * dt
	}
	x := l.x0.Add(l.xw.Scale(t))
	return x.Norm(), x.Dot(l.xw)
}

// g returns the squared distance from the segment point at t to the ring.
func (l *ringLine) g(t float64) float64 {
	h := l.h0 + t*l.hw
	rho, _ := l.rho(t)
	e := rho - l.major
	return h*h + e*e
}

// dg returns g′(t)/2 and g″(t)/2. Where ρ = 0 (the kink of ρ on the axis) ρ′ is taken as
// side·√α, the one-sided derivative, and g″ as +Inf.
func (l *ringLine) dg(t, side float64) (d1, d2 float64) {
	h := l.h0 + t*l.hw
	rho, xxw := l.rho(t)
	if rho == 0 {
		return h*l.hw - l.major*side*math.Sqrt(l.alpha), math.Inf(1)
	}
	rp := xxw / rho                // ρ′
	rpp := (l.alpha - rp*rp) / rho // ρ″ = α·m²/ρ³ ≥ 0
	return h*l.hw + (rho-l.major)*rp, l.hw*l.hw + rp*rp + (rho-l.major)*rpp
}

// minConvex returns the minimiser of g on [a, b], where g is convex: an end point when g′ does
// not change sign, else the root of g′ by Newton's method safeguarded by bisection (rtsafe).
func (l *ringLine) minConvex(a, b float64) float64 {
	ga, _ := l.dg(a, 1)
	if ga >= 0 {
		return a
	}
	gb, _ := l.dg(b, -1)
	if gb <= 0 {
		return b
	}
	// Start from the secant (regula falsi) point, which is exact for a quadratic g.
	t := a - ga*(b-a)/(gb-ga)
	if !(t > a && t < b) {
		t = 0.5 * (a + b)
	}
	dxOld, dx := b-a, b-a
	for range 100 {
		f, fp := l.dg(t, 0)
		if f == 0 {
			return t
		}
		if f < 0 {
			a = t
		} else {
			b = t
		}
		step := f / fp
		if fp > 0 && math.Abs(step) <= 4e-15 {
			// Converged: a smaller step would be lost to rounding (t ≤ 1), and the error of
			// g at the minimum is second order in it.
			return min(max(t-step, a), b)
		}
		tn := t - step
		if !(tn > a && tn < b) || math.Abs(2*f) > math.Abs(dxOld*fp) {
			tn = 0.5 * (a + b) // Newton leaves the bracket or converges too slowly: bisect
		}
		dxOld, dx = dx, tn-t
		t = tn
		if b-a <= 1e-15 {
			return t
		}
	}
	return t
}

// torusSegT returns the t ∈ [0,1] minimising the distance from p0 + t·w to the ring of the
// torus s. See doc.go for why the split into convex pieces below is exact.
func (s *Shape) torusSegT(p0, w vec.V3) float64 {
	ww := w.Dot(w)
	if !(ww > 0) {
		return 0
	}
	u := s.Axis
	v0 := p0.Sub(s.Center)
	l := ringLine{
		x0: perp(v0, u), xw: perp(w, u),
		h0: v0.Dot(u), hw: w.Dot(u),
		major: s.Major,
	}
	l.alpha = l.xw.Dot(l.xw)

	// g″/2 = |w|² − M·α·m²/ρ³. g is concave exactly where ρ² < P* = (M·α·m²/|w|²)^(2/3): an
	// interval [c1, c2] around tc (a single point, the kink, when m = 0), and convex on either
	// side of it.
	c1, c2 := math.Inf(1), math.Inf(1) // no concave part by default
	if l.alpha > 1e-30*ww {
		l.useTc = true
		l.tc = -l.x0.Dot(l.xw) / l.alpha
		l.m2 = l.x0.Add(l.xw.Scale(l.tc)).Norm2()
		// m² ≤ P* ⇔ m ≤ M·α/|w|² (cube both sides); test that first to skip the Cbrt when the
		// line passes far from the axis, the common case.
		if k := l.major * l.alpha / ww; l.m2 <= k*k {
			ps := math.Cbrt(l.major * l.alpha * l.m2 / ww)
			ps *= ps
			half := math.Sqrt(max(ps-l.m2, 0) / l.alpha)
			c1, c2 = l.tc-half, l.tc+half
		}
	}
	// Candidates: the minimiser of each convex piece inside [0,1], and an end of [0,1] that
	// lies in the concave part (a concave function is least at an end of its interval).
	var cand [2]float64
	nc := 0
	switch {
	case c1 >= 1 || c2 <= 0:
		cand[0], nc = l.minConvex(0, 1), 1
	case c1 <= 0 && c2 >= 1:
		cand[0], cand[1], nc = 0, 1, 2
	default:
		cand[0], cand[1], nc = 0, 1, 2
		if c1 > 0 {
			cand[0] = l.minConvex(0, c1)
		}
		if c2 < 1 {
			cand[1] = l.minConvex(c2, 1)
		}
	}
	best := cand[0]
	if nc == 2 && l.g(cand[1]) < l.g(best) {
		best = cand[1]
	}
	return best
}
