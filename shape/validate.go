package shape

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// ErrInvalid is wrapped by every error Validate returns, so callers can test with errors.Is.
var ErrInvalid = errors.New("invalid shape")

// UnitTol is how far |Axis|² may stray from 1 for Validate to accept Axis as a unit vector.
// vec.V3.Unit of any representable non-zero vector is well within it.
const UnitTol = 1e-9

// String returns the kind's name ("plane", "sphere", "capsule", "torus", "triangle") or "Kind(n)".
func (k Kind) String() string {
	switch k {
	case Plane:
		return "plane"
	case Sphere:
		return "sphere"
	case Capsule:
		return "capsule"
	case Torus:
		return "torus"
	case Triangle:
		return "triangle"
	case Mesh:
		return "mesh"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Validate reports the first problem that makes s unusable, naming the field and the reason, or
// nil. It only checks; it changes nothing (see Normalized). It checks:
//   - Kind is one of Plane, Sphere, Capsule, Torus, Triangle, Mesh;
//   - Mesh: it has a TriMesh (NewTriMesh checked its faces; its other fields are not used);
//   - every field, used or not, is finite (no NaN or ±Inf);
//   - Plane, Torus: Axis is a unit vector (||Axis|² − 1| ≤ UnitTol), in particular not zero;
//   - Sphere, Capsule, Torus, Triangle: Radius > 0;
//   - Triangle: its corners span a non-zero area (|(B−A)×(C−A)| > 0);
//   - Capsule: A ≠ B (use a Sphere for a ball);
//   - Torus: Major > Radius (a ring torus: a horn or spindle torus has no hole and its
//     distance field is not the one SegDist assumes).
//
// Fields a kind does not use are not required to be zero.
func (s *Shape) Validate() error {
	if s == nil {
		return fmt.Errorf("shape: nil *Shape: %w", ErrInvalid)
	}
	k := s.Kind
	switch k {
	case Plane, Sphere, Capsule, Torus, Triangle:
	case Mesh:
		if s.Mesh == nil || len(s.Mesh.faces) == 0 {
			return fmt.Errorf("shape: mesh has no TriMesh (make one with NewTriMesh): %w", ErrInvalid)
		}
		return nil
	default:
		return fmt.Errorf("shape: Kind = %d is unknown (want Plane, Sphere, Capsule, Torus, Triangle or Mesh): %w", uint8(k), ErrInvalid)
	}
	for _, f := range [...]struct {
		name string
		v    vec.V3
	}{{"Center", s.Center}, {"Axis", s.Axis}, {"A", s.A}, {"B", s.B}, {"C", s.C}} {
		if !f.v.IsFinite() {
			return fmt.Errorf("shape: %v %s = %v is not finite: %w", k, f.name, f.v, ErrInvalid)
		}
	}
	for _, f := range [...]struct {
		name string
		v    float64
	}{{"Radius", s.Radius}, {"Major", s.Major}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("shape: %v %s = %v is not finite: %w", k, f.name, f.v, ErrInvalid)
		}
	}
	if k == Plane || k == Torus {
		n2 := s.Axis.Norm2()
		if n2 == 0 {
			return fmt.Errorf("shape: %v Axis is the zero vector; it must be a unit vector: %w", k, ErrInvalid)
		}
		if math.Abs(n2-1) > UnitTol {
			return fmt.Errorf("shape: %v Axis = %v has length %v; it must be a unit vector (see Normalized): %w",
				k, s.Axis, math.Sqrt(n2), ErrInvalid)
		}
	}
	if k != Plane && !(s.Radius > 0) {
		return fmt.Errorf("shape: %v Radius = %v m; it must be > 0: %w", k, s.Radius, ErrInvalid)
	}
	if k == Capsule && s.A == s.B {
		return fmt.Errorf("shape: capsule A = B = %v; the axis must have non-zero length (use a sphere): %w", s.A, ErrInvalid)
	}
	if k == Triangle {
		if n := s.B.Sub(s.A).Cross(s.C.Sub(s.A)); !(n.Norm2() > 0) || n.Unit() == (vec.V3{}) {
			return fmt.Errorf("shape: triangle A = %v, B = %v, C = %v has no area (its normal is undefined): %w", s.A, s.B, s.C, ErrInvalid)
		}
	}
	if k == Torus && !(s.Major > s.Radius) {
		return fmt.Errorf("shape: torus Major = %v m must exceed Radius = %v m (only ring tori have a hole): %w",
			s.Major, s.Radius, ErrInvalid)
	}
	return nil
}

// Normalized returns a copy of s whose Axis is scaled to unit length for the kinds that use it
// (Plane, Torus). A zero or non-finite Axis is left as it is, so Validate still reports it.
func Normalized(s Shape) Shape {
	if (s.Kind == Plane || s.Kind == Torus) && s.Axis.IsFinite() {
		// Rescale first so that tiny or huge axes neither underflow nor overflow in |Axis|².
		a := s.Axis
		m := math.Max(math.Abs(a.X), math.Max(math.Abs(a.Y), math.Abs(a.Z)))
		if m > 0 {
			s.Axis = a.Scale(1 / m).Unit()
		}
	}
	return s
}
