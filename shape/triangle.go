package shape

import (
	"math"

	"github.com/knotsim/knotsim/vec"
)

// A Triangle is one face of a closed, outward-wound triangle mesh (a rigid mesh read from STL
// or OBJ), measured on its own: its solid is the prism of depth Radius behind the face. Where
// a point lies in front of the face's plane, d is its distance to the triangle (face, edge or
// corner) and n points from the nearest point to it; where it lies behind the plane, within
// Radius and over the face, d is minus its depth and n the face's normal. Anywhere else (behind
// the plane beyond an edge, or deeper than Radius) the triangle reports d = +Inf: the
// neighbouring face, whose side the point is on, answers for it. So the faces of a closed mesh
// whose walls are thicker than 2·Radius never disagree in sign, and min over the faces of d
// is the mesh's signed distance wherever the point is outside or less than Radius inside.

// faceNormal returns the triangle's outward unit normal (B−A)×(C−A)/|…|.
func (s *Shape) faceNormal() vec.V3 {
	return s.B.Sub(s.A).Cross(s.C.Sub(s.A)).Unit()
}

// bary returns the point of the triangle with barycentric weights w.
func (s *Shape) bary(w [3]float64) vec.V3 {
	return s.A.Scale(w[0]).Add(s.B.Scale(w[1])).Add(s.C.Scale(w[2]))
}

// triPoint measures the point p against the triangle: the nearest surface point q, the normal
// n and the signed distance d as described above (d = +Inf: not touching this face).
func (s *Shape) triPoint(p, nf vec.V3) (q, n vec.V3, d float64) {
	h := p.Sub(s.A).Dot(nf)
	w, _ := vec.ClosestPointTri(p, s.A, s.B, s.C)
	face := w[0] > 0 && w[1] > 0 && w[2] > 0 // nearest to the face, not to an edge or corner
	if face && h > -s.Radius {
		// Over the face: the distance to its plane (exact, also a hair from it).
		return p.Sub(nf.Scale(h)), nf, h
	}
	if h > 0 {
		q = s.bary(w)
		pq := p.Sub(q)
		dist := pq.Norm()
		n = pq.Scale(1 / dist)
		if !(dist > 0) || !n.IsFinite() {
			n = nf
		}
		return q, n, dist
	}
	return p, vec.V3{}, math.Inf(1)
}

// triSeg is SegDist for a Triangle: the least of the signed distances at the segment's point
// nearest to the triangle and at its two ends (where the deepest point of a segment behind the
// face lies unless the segment leaves the prism over the face in between; a shallow segment,
// as a rope's is next to an obstacle, is measured exactly). A segment that crosses the face
// with neither end measurable behind it touches it at d = 0, normal the face's.
func (s *Shape) triSeg(p0, p1 vec.V3) (t float64, q, n vec.V3, d float64) {
	return s.triSegN(p0, p1, s.faceNormal())
}

// triSegN is triSeg with the face's outward unit normal nf given (a mesh keeps its faces').
func (s *Shape) triSegN(p0, p1, nf vec.V3) (t float64, q, n vec.V3, d float64) {
	h0, h1 := p0.Sub(s.A).Dot(nf), p1.Sub(s.A).Dot(nf)
	if h0 > 0 && h1 > 0 {
		// In front of the plane: the signed distance is the distance. Both ends over the
		// face (a rope lying on it): the lower end's height.
		if s.overFace(p0) && s.overFace(p1) {
			p, h := p0, h0
			if h1 < h0 {
				t, p, h = 1, p1, h1
			}
			return t, p.Sub(nf.Scale(h)), nf, h
		}
		st, _, _ := vec.ClosestSegTri(p0, p1, s.A, s.B, s.C)
		q, n, d = s.triPoint(p0.Lerp(p1, st), nf)
		return st, q, n, d
	}
	st, w, d2 := vec.ClosestSegTri(p0, p1, s.A, s.B, s.C)
	p := p0.Lerp(p1, st)
	t, q, n, d = 0, p0, vec.V3{}, math.Inf(1)
	if d2 == 0 {
		t, q, n, d = st, s.bary(w), nf, 0
	} else if q1, n1, d1 := s.triPoint(p, nf); d1 < d {
		t, q, n, d = st, q1, n1, d1
	}
	if q1, n1, d1 := s.triPoint(p0, nf); d1 < d {
		t, q, n, d = 0, q1, n1, d1
	}
	if q1, n1, d1 := s.triPoint(p1, nf); d1 < d {
		t, q, n, d = 1, q1, n1, d1
	}
	return t, q, n, d
}

// overFace reports whether p's projection onto the triangle's plane lies strictly inside it.
func (s *Shape) overFace(p vec.V3) bool {
	e0, e1, v := s.B.Sub(s.A), s.C.Sub(s.A), p.Sub(s.A)
	d00, d01, d11 := e0.Dot(e0), e0.Dot(e1), e1.Dot(e1)
	d20, d21 := v.Dot(e0), v.Dot(e1)
	den := d00*d11 - d01*d01
	b := d11*d20 - d01*d21
	c := d00*d21 - d01*d20
	return b > 0 && c > 0 && b+c < den
}
