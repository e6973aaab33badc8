package vec

import "math"

// AABB is an axis-aligned box [Min, Max] (m). The zero value is the degenerate box at the
// origin; use Empty for a box that contains nothing.
type AABB struct{ Min, Max V3 }

// Empty returns the box that contains nothing; Grow of it with a point is that point.
func Empty() AABB {
	inf := math.Inf(1)
	return AABB{V3{inf, inf, inf}, V3{-inf, -inf, -inf}}
}

// Grow returns the smallest box containing b and p.
func (b AABB) Grow(p V3) AABB { return AABB{b.Min.Min(p), b.Max.Max(p)} }

// Union returns the smallest box containing b and c.
func (b AABB) Union(c AABB) AABB { return AABB{b.Min.Min(c.Min), b.Max.Max(c.Max)} }

// Inflate returns b grown by r on every side.
func (b AABB) Inflate(r float64) AABB {
	d := V3{r, r, r}
	return AABB{b.Min.Sub(d), b.Max.Add(d)}
}

// Overlaps reports whether b and c intersect (touching counts).
func (b AABB) Overlaps(c AABB) bool {
	return b.Min.X <= c.Max.X && c.Min.X <= b.Max.X &&
		b.Min.Y <= c.Max.Y && c.Min.Y <= b.Max.Y &&
		b.Min.Z <= c.Max.Z && c.Min.Z <= b.Max.Z
}

// Center returns the middle of b.
func (b AABB) Center() V3 { return b.Min.Add(b.Max).Scale(0.5) }

// SegBox returns the box of segment a–b inflated by r.
func SegBox(a, b V3, r float64) AABB { return AABB{a.Min(b), a.Max(b)}.Inflate(r) }

// Sphere is a ball with centre C (m) and radius R (m).
type Sphere struct {
	C V3
	R float64
}

// Overlaps reports whether s and o intersect (touching counts).
func (s Sphere) Overlaps(o Sphere) bool {
	r := s.R + o.R
	return s.C.Dist2(o.C) <= r*r
}

// Enclose returns the smallest sphere containing both s and o.
func (s Sphere) Enclose(o Sphere) Sphere {
	d := o.C.Sub(s.C)
	dist := d.Norm()
	if dist+o.R <= s.R {
		return s
	}
	if dist+s.R <= o.R {
		return o
	}
	r := 0.5 * (dist + s.R + o.R)
	c := s.C
	if dist > 0 {
		c = s.C.Add(d.Scale((r - s.R) / dist))
	}
	return Sphere{c, r}
}
