// Package vec holds the small geometric kernel of knotsim: 3-vectors, axis-aligned boxes,
// spheres and robust closest points between segments.
//
// V3 is a value type with value methods (see ../shared/guide/style.md §1): it is layout-identical
// to gonum's r3.Vec, so r3.Vec(v) and V3(r) are free conversions at the edges.
//
// Units follow use: a V3 is a position in m, a velocity in m/s or a force in N as its field says.
package vec

import "math"

// V3 is a vector in ℝ³.
type V3 struct{ X, Y, Z float64 }

// Add returns a+b.
func (a V3) Add(b V3) V3 { return V3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }

// Sub returns a−b.
func (a V3) Sub(b V3) V3 { return V3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }

// Scale returns s·a.
func (a V3) Scale(s float64) V3 { return V3{s * a.X, s * a.Y, s * a.Z} }

// Neg returns −a.
func (a V3) Neg() V3 { return V3{-a.X, -a.Y, -a.Z} }

// Dot returns a·b.
func (a V3) Dot(b V3) float64 { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }

// Cross returns a×b.
func (a V3) Cross(b V3) V3 {
	return V3{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X}
}

// Norm2 returns |a|².
func (a V3) Norm2() float64 { return a.Dot(a) }

// Norm returns |a| (Sqrt of Dot, not Hypot: 2.6× faster, see style.md §1).
func (a V3) Norm() float64 { return math.Sqrt(a.Dot(a)) }

// Dist returns |a−b|.
func (a V3) Dist(b V3) float64 { return a.Sub(b).Norm() }

// Dist2 returns |a−b|².
func (a V3) Dist2(b V3) float64 { return a.Sub(b).Norm2() }

// Lerp returns a + t(b−a).
func (a V3) Lerp(b V3, t float64) V3 { return a.Add(b.Sub(a).Scale(t)) }

// Unit returns a/|a|. Special case: Unit of the zero vector is the zero vector
// (not NaN), so callers choose their own fallback direction by testing the result.
func (a V3) Unit() V3 {
	n := a.Norm()
	if n == 0 {
		return V3{}
	}
	return a.Scale(1 / n)
}

// IsFinite reports whether every component is neither NaN nor ±Inf.
func (a V3) IsFinite() bool {
	return !math.IsNaN(a.X) && !math.IsNaN(a.Y) && !math.IsNaN(a.Z) &&
		!math.IsInf(a.X, 0) && !math.IsInf(a.Y, 0) && !math.IsInf(a.Z, 0)
}

// Min returns the componentwise minimum.
func (a V3) Min(b V3) V3 { return V3{math.Min(a.X, b.X), math.Min(a.Y, b.Y), math.Min(a.Z, b.Z)} }

// Max returns the componentwise maximum.
func (a V3) Max(b V3) V3 { return V3{math.Max(a.X, b.X), math.Max(a.Y, b.Y), math.Max(a.Z, b.Z)} }

// AnyPerp returns a unit vector perpendicular to a (a need not be unit). For the zero vector it
// returns X.
func (a V3) AnyPerp() V3 {
	ax, ay, az := math.Abs(a.X), math.Abs(a.Y), math.Abs(a.Z)
	var p V3
	switch {
	case ax <= ay && ax <= az:
		p = a.Cross(V3{1, 0, 0})
	case ay <= az:
		p = a.Cross(V3{0, 1, 0})
	default:
		p = a.Cross(V3{0, 0, 1})
	}
	if u := p.Unit(); u != (V3{}) {
		return u
	}
	return V3{1, 0, 0}
}
