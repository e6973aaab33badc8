package vec

import "math"

// ClosestPointTri returns the point of triangle a b c closest to p as barycentric weights
// (w_a, w_b, w_c), each in [0, 1] and summing to 1, and the squared distance. It walks the
// Voronoi regions of the vertices, edges and face (Ericson, Real-Time Collision Detection,
// 2005, §5.1.5). Special case: a degenerate triangle (collinear corners) gives the nearest
// point of its three edges.
func ClosestPointTri(p, a, b, c V3) (w [3]float64, d2 float64) {
	ab, ac, ap := b.Sub(a), c.Sub(a), p.Sub(a)
	d1, d2a := ab.Dot(ap), ac.Dot(ap)
	if d1 <= 0 && d2a <= 0 {
		return [3]float64{1, 0, 0}, ap.Norm2()
	}
	bp := p.Sub(b)
	d3, d4 := ab.Dot(bp), ac.Dot(bp)
	if d3 >= 0 && d4 <= d3 {
		return [3]float64{0, 1, 0}, bp.Norm2()
	}
	vc := d1*d4 - d3*d2a
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		v := d1 / (d1 - d3)
		return [3]float64{1 - v, v, 0}, p.Dist2(a.Add(ab.Scale(v)))
	}
	cp := p.Sub(c)
	d5, d6 := ab.Dot(cp), ac.Dot(cp)
	if d6 >= 0 && d5 <= d6 {
		return [3]float64{0, 0, 1}, cp.Norm2()
	}
	vb := d5*d2a - d1*d6
	if vb <= 0 && d2a >= 0 && d6 <= 0 {
		u := d2a / (d2a - d6)
		return [3]float64{1 - u, 0, u}, p.Dist2(a.Add(ac.Scale(u)))
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		u := (d4 - d3) / ((d4 - d3) + (d5 - d6))
		return [3]float64{0, 1 - u, u}, p.Dist2(b.Add(c.Sub(b).Scale(u)))
	}
	den := va + vb + vc
	if den == 0 { // degenerate: the nearest of the edges
		tab, dab := ClosestPointSeg(p, a, b)
		tbc, dbc := ClosestPointSeg(p, b, c)
		tac, dac := ClosestPointSeg(p, a, c)
		switch {
		case dab <= dbc && dab <= dac:
			return [3]float64{1 - tab, tab, 0}, dab
		case dbc <= dac:
			return [3]float64{0, 1 - tbc, tbc}, dbc
		default:
			return [3]float64{1 - tac, 0, tac}, dac
		}
	}
	v, u := vb/den, vc/den
	return [3]float64{1 - v - u, v, u}, p.Dist2(a.Add(ab.Scale(v)).Add(ac.Scale(u)))
}

// ClosestSegTri returns the closest points of segment p0–p1 and triangle a b c: the segment's
// parameter s ∈ [0, 1], the triangle point's barycentric weights, and the squared distance.
// A segment that crosses the triangle gives distance 0 at the crossing. Otherwise the minimum
// is at an end of the segment against the triangle or between the segment and an edge, and
// all five are compared (ties: the first found, ends before edges).
func ClosestSegTri(p0, p1, a, b, c V3) (s float64, w [3]float64, d2 float64) {
	// A crossing of the triangle's plane inside the triangle.
	n := b.Sub(a).Cross(c.Sub(a))
	if n2 := n.Norm2(); n2 > 0 {
		h0, h1 := n.Dot(p0.Sub(a)), n.Dot(p1.Sub(a))
		if (h0 <= 0) != (h1 <= 0) || h0 == 0 || h1 == 0 {
			if den := h0 - h1; den != 0 {
				t := h0 / den
				q := p0.Lerp(p1, t)
				// Barycentrics of q by areas (signed, against n).
				wa := b.Sub(q).Cross(c.Sub(q)).Dot(n) / n2
				wb := c.Sub(q).Cross(a.Sub(q)).Dot(n) / n2
				if wa >= 0 && wb >= 0 && wa+wb <= 1 {
					return t, [3]float64{wa, wb, 1 - wa - wb}, 0
				}
			}
		}
	}
	s = 0
	w, d2 = ClosestPointTri(p0, a, b, c)
	if w1, e := ClosestPointTri(p1, a, b, c); e < d2 {
		s, w, d2 = 1, w1, e
	}
	edges := [3][2]V3{{a, b}, {b, c}, {c, a}}
	for k, ed := range edges {
		ss, tt, e := ClosestSegSeg(p0, p1, ed[0], ed[1])
		if e < d2 {
			s, d2 = ss, e
			w = [3]float64{}
			w[k] = 1 - tt
			w[(k+1)%3] = tt
		}
	}
	return s, w, math.Max(d2, 0)
}
