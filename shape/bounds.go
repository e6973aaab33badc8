package shape

import (
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Bounds returns the smallest axis-aligned box containing the solid s (m).
//
//   - Plane: the half-space is unbounded, so the box has ±Inf extents. When Axis is exactly a
//     coordinate axis (e.g. (0,0,1)) that one side is finite: the box of {z ≤ Center.Z} is
//     [−Inf, +Inf]×[−Inf, +Inf]×[−Inf, Center.Z]. Otherwise every extent is ±Inf. Such a box
//     works with vec.AABB.Overlaps and Union (comparisons with ±Inf are well defined) but its
//     Center is NaN on an unbounded axis.
//   - Sphere: Center ± Radius.
//   - Capsule: the box of A–B inflated by Radius.
//   - Torus: the exact box: Center ± (Major·√(1−Axis_i²) + Radius) on each axis i.
//   - Triangle: the box of its corners inflated by Radius (the solid behind it).
//   - Mesh: the box of its faces inflated by their depth.
//
// An unknown Kind gives vec.Empty().
func (s *Shape) Bounds() vec.AABB {
	switch s.Kind {
	case Plane:
		inf := math.Inf(1)
		b := vec.AABB{Min: vec.V3{X: -inf, Y: -inf, Z: -inf}, Max: vec.V3{X: inf, Y: inf, Z: inf}}
		a, c := s.Axis, s.Center
		switch {
		case a.Y == 0 && a.Z == 0 && a.X > 0:
			b.Max.X = c.X
		case a.Y == 0 && a.Z == 0 && a.X < 0:
			b.Min.X = c.X
		case a.X == 0 && a.Z == 0 && a.Y > 0:
			b.Max.Y = c.Y
		case a.X == 0 && a.Z == 0 && a.Y < 0:
			b.Min.Y = c.Y
		case a.X == 0 && a.Y == 0 && a.Z > 0:
			b.Max.Z = c.Z
		case a.X == 0 && a.Y == 0 && a.Z < 0:
			b.Min.Z = c.Z
		}
		return b
	case Sphere:
		return vec.AABB{Min: s.Center, Max: s.Center}.Inflate(s.Radius)
	case Capsule:
		return vec.SegBox(s.A, s.B, s.Radius)
	case Torus:
		// The ring's extent along axis i is Major·√(1−û_i²) = Major·√(û_j²+û_k²), û = Axis/|Axis|;
		// the second form has no cancellation when Axis is nearly a coordinate axis.
		u := s.Axis
		k := s.Major / u.Norm()
		e := vec.V3{
			X: k*math.Sqrt(u.Y*u.Y+u.Z*u.Z) + s.Radius,
			Y: k*math.Sqrt(u.X*u.X+u.Z*u.Z) + s.Radius,
			Z: k*math.Sqrt(u.X*u.X+u.Y*u.Y) + s.Radius,
		}
		return vec.AABB{Min: s.Center.Sub(e), Max: s.Center.Add(e)}
	case Triangle:
		return vec.AABB{Min: s.A.Min(s.B).Min(s.C), Max: s.A.Max(s.B).Max(s.C)}.Inflate(s.Radius)
	case Mesh:
		return s.Mesh.box
	}
	return vec.Empty()
}
