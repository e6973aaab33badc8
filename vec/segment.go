package vec

// ClosestSegSeg returns the closest points between segment p0–p1 and segment q0–q1 as the
// parameters s, t ∈ [0,1] (point p0+s(p1−p0) and q0+t(q1−q0)) and the squared distance.
//
// Special cases, each a test row:
//   - a degenerate segment (zero length) is treated as a point;
//   - parallel and nearly parallel segments (|d1×d2|² ≤ 1e-12·|d1|²|d2|²) pick s by projecting
//     onto the overlap, which gives the true minimum distance (the closest pair is not unique);
//   - the result is always finite for finite input.
//
// It follows the clamped two-parameter minimisation of Ericson, Real-Time Collision Detection
// (2005) §5.1.9, with the parallel threshold made relative to the segment lengths.
func ClosestSegSeg(p0, p1, q0, q1 V3) (s, t, d2 float64) {
	d1 := p1.Sub(p0)
	d2v := q1.Sub(q0)
	r := p0.Sub(q0)
	a := d1.Dot(d1)
	e := d2v.Dot(d2v)
	f := d2v.Dot(r)
	const tiny = 1e-300
	switch {
	case a <= tiny && e <= tiny:
		return 0, 0, r.Dot(r)
	case a <= tiny:
		s = 0
		t = clamp01(f / e)
	default:
		c := d1.Dot(r)
		if e <= tiny {
			t = 0
			s = clamp01(-c / a)
		} else {
			b := d1.Dot(d2v)
			denom := a*e - b*b
			if denom > 1e-12*a*e {
				s = clamp01((b*f - c*e) / denom)
			} else {
				// Parallel: take the middle of the overlap of q's projection on p, so the
				// answer is stable under tiny perturbations.
				s0 := clamp01(-c / a)
				s1 := clamp01((b - c) / a)
				s = 0.5 * (s0 + s1)
			}
			t = (b*s + f) / e
			if t < 0 {
				t = 0
				s = clamp01(-c / a)
			} else if t > 1 {
				t = 1
				s = clamp01((b - c) / a)
			}
		}
	}
	cp := p0.Add(d1.Scale(s))
	cq := q0.Add(d2v.Scale(t))
	return s, t, cp.Dist2(cq)
}

// ClosestPointSeg returns the parameter t ∈ [0,1] of the point of segment a–b closest to p and
// the squared distance. A degenerate segment returns t = 0.
func ClosestPointSeg(p, a, b V3) (t, d2 float64) {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 > 0 {
		t = clamp01(p.Sub(a).Dot(ab) / l2)
	}
	return t, p.Dist2(a.Add(ab.Scale(t)))
}

func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}
