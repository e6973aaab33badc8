// Package needle is the surgical needle of the suturing simulation (docs/tissue-brief.md §7.3,
// "The needle"): a rigid circular arc carrying the thread at its tail (the swage), driven by the
// surgeon's wrist about the arc's centre so that the body follows its own track through the
// tissue, and the continuous collision of its tip with the tissue's boundary triangles, which
// creates the piercings a suture is made of (§3.5.2: "a suture is made of two piercings").
//
// Geometry. A needle is a Spec (arc radius, arc angle, body diameter) placed by a Pose (arc
// centre, the orthonormal pair U, V spanning the arc's plane, and the rotation Angle about the
// axis N = U × V). Its centreline is the arc Centre + R·(cos φ·U + sin φ·V), φ from Angle −
// ArcAngle (the swage) to Angle (the tip); a positive Rotate advances the tip along its own
// tangent TipDir.
//
// Piercing. Pierce and PierceMoving report every crossing of the tip's straight sweep with the
// tissue's surface triangles (tissue.Mesh.Surf, wound outward), sorted by time, each with the
// triangle, barycentrics, time, point and direction (entering or exiting); Drive turns the
// needle about its centre in steps and collects the piercings of the whole drive. Only the tip
// pierces: the body's contact with the channel it follows is the suture layer's business.
//
// Units are SI: metres, radians. Nothing here panics on bad input: Validate and Drive return
// errors prefixed "needle: " naming the offending field, and Pierce skips what it cannot test.
package needle

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Limits on a Spec, m: a needle outside them is refused by Validate as absurd (a unit error).
// The finest microsurgical needles have a body of ≈ 0.05 mm and arcs of a few millimetres;
// large general-surgery needles have radii of a few centimetres.
const (
	MinArcRadius = 1e-5 // 10 µm
	MaxArcRadius = 0.1  // 10 cm
)

// unitTol is the tolerance of Pose.Validate on |U| − 1, |V| − 1 and U·V.
const unitTol = 1e-9

// Spec is the shape of a needle: a circular arc of constant round section. The tip and the
// swage are its ends; the thread is attached at the swage.
type Spec struct {
	// ArcRadius is the radius of the arc the needle's centreline follows, m; in
	// [MinArcRadius, MaxArcRadius].
	ArcRadius float64
	// ArcAngle is the angle the needle subtends at its arc's centre, rad, in (0, 2π): 3π/4
	// (135°) for a 3/8-circle needle, π for a 1/2-circle one.
	ArcAngle float64
	// Diameter is the body diameter, m: > 0 and < ArcRadius.
	Diameter float64
}

// Default returns the microsurgical needle of the brief's §7.1 defaults:
//
//   - ArcAngle 3π/4 (135°, a 3/8 circle): the most common curvature of surgical needles
//     ("most common 3/8 circle", https://skin-disease-care.biocyclopedia.com/1352needles.php);
//     that microsurgical needles are 3/8 circle is unverified.
//   - Diameter 0.06 mm: Buncke's steel microvascular needles of 0.06 mm (0.003 in), "used
//     successfully" with a 6:1 needle-to-suture ratio (Buncke et al., Microsurgery:
//     Transplantation and Replantation, http://www.buncke.org/book/ch0/ch0_6.html).
//   - ArcRadius 1.70 mm: an UNSOURCED PLACEHOLDER (arc length 4.0 mm, chord 3.14 mm). No
//     catalogue source was found for the BV75-3 / BV100-4 class of needles (brief §6); replace
//     it from a catalogue.
func Default() Spec {
	return Spec{ArcRadius: 1.70e-3, ArcAngle: 3 * math.Pi / 4, Diameter: 0.06e-3}
}

// Validate reports whether s is a needle: ArcRadius finite in [MinArcRadius, MaxArcRadius],
// ArcAngle in (0, 2π), Diameter finite, > 0 and < ArcRadius. The error names the first
// offending field.
func (s Spec) Validate() error {
	r := s.ArcRadius
	switch {
	case !(r > 0) || math.IsInf(r, 0):
		return fmt.Errorf("needle: Spec.ArcRadius = %v m must be finite and > 0", r)
	case r < MinArcRadius:
		return fmt.Errorf("needle: Spec.ArcRadius = %v m is below MinArcRadius = %g m", r, float64(MinArcRadius))
	case r > MaxArcRadius:
		return fmt.Errorf("needle: Spec.ArcRadius = %v m is beyond MaxArcRadius = %g m", r, float64(MaxArcRadius))
	}
	if a := s.ArcAngle; !(a > 0 && a < 2*math.Pi) {
		return fmt.Errorf("needle: Spec.ArcAngle = %v rad must be in (0, 2π)", a)
	}
	d := s.Diameter
	switch {
	case !(d > 0) || math.IsInf(d, 0):
		return fmt.Errorf("needle: Spec.Diameter = %v m must be finite and > 0", d)
	case d >= r:
		return fmt.Errorf("needle: Spec.Diameter = %v m must be < Spec.ArcRadius = %v m", d, r)
	}
	return nil
}

// Length returns the length of the needle along its arc, R·θ, m.
func (s Spec) Length() float64 { return s.ArcRadius * s.ArcAngle }

// ChordLength returns the straight distance from swage to tip, 2R·sin(θ/2), m.
func (s Spec) ChordLength() float64 { return 2 * s.ArcRadius * math.Sin(s.ArcAngle/2) }

// Pose places a needle in the world.
type Pose struct {
	// Centre is the centre of the needle's arc, m.
	Centre vec.V3
	// U and V are orthonormal unit vectors (dimensionless) spanning the plane of the arc; the
	// needle's axis is N = U × V.
	U, V vec.V3
	// Angle is the rotation of the needle about its axis N, rad: the tip is at
	// Centre + R·(cos Angle·U + sin Angle·V), the swage at Angle − ArcAngle.
	Angle float64
}

// Validate reports whether p is a pose: Centre and Angle finite, U and V finite unit vectors
// (to 1e-9) and orthogonal (|U·V| ≤ 1e-9). The error names the first offending field.
func (p Pose) Validate() error {
	if !p.Centre.IsFinite() {
		return fmt.Errorf("needle: Pose.Centre = %v m is not finite", p.Centre)
	}
	for _, f := range [2]struct {
		name string
		v    vec.V3
	}{{"U", p.U}, {"V", p.V}} {
		if !f.v.IsFinite() {
			return fmt.Errorf("needle: Pose.%s = %v is not finite", f.name, f.v)
		}
		if n := f.v.Norm(); !(math.Abs(n-1) <= unitTol) {
			return fmt.Errorf("needle: Pose.%s = %v is not a unit vector (|%s| = %v)", f.name, f.v, f.name, n)
		}
	}
	if d := p.U.Dot(p.V); !(math.Abs(d) <= unitTol) {
		return fmt.Errorf("needle: Pose.U and Pose.V are not orthogonal (U·V = %v)", d)
	}
	if math.IsNaN(p.Angle) || math.IsInf(p.Angle, 0) {
		return fmt.Errorf("needle: Pose.Angle = %v rad is not finite", p.Angle)
	}
	return nil
}

// at returns the point of the arc of radius r at angle phi.
func (p Pose) at(r, phi float64) vec.V3 {
	sin, cos := math.Sincos(phi)
	return p.Centre.Add(p.U.Scale(r * cos)).Add(p.V.Scale(r * sin))
}

// Point returns the point of the needle's centreline at s ∈ [0, 1] along it from the swage
// (s = 0) to the tip (s = 1), m. s is clamped into [0, 1].
func (p Pose) Point(spec Spec, s float64) vec.V3 {
	s = math.Min(math.Max(s, 0), 1)
	if s == 1 { // exactly the tip, whatever the rounding of Angle − ArcAngle + ArcAngle
		return p.Tip(spec)
	}
	return p.at(spec.ArcRadius, p.Angle-spec.ArcAngle+s*spec.ArcAngle)
}

// Tip returns the needle's tip, m.
func (p Pose) Tip(spec Spec) vec.V3 { return p.at(spec.ArcRadius, p.Angle) }

// Swage returns the needle's tail, where the thread is attached, m.
func (p Pose) Swage(spec Spec) vec.V3 { return p.at(spec.ArcRadius, p.Angle-spec.ArcAngle) }

// TipDir returns the unit tangent of the arc at the tip, pointing forward (the way the tip moves
// under a positive Rotate): −sin(Angle)·U + cos(Angle)·V.
func (p Pose) TipDir(Spec) vec.V3 {
	sin, cos := math.Sincos(p.Angle)
	return p.U.Scale(-sin).Add(p.V.Scale(cos)).Unit()
}

// Axis returns the needle's axis N = U × V, the normal of its plane (unit for a valid pose).
// A positive Rotate turns the needle anticlockwise about N.
func (p Pose) Axis() vec.V3 { return p.U.Cross(p.V) }

// Body appends n+1 points of the needle's centreline to dst, evenly spaced along the arc from
// the swage (first) to the tip (last), and returns the extended slice; it allocates only when
// dst must grow. n < 1 appends nothing.
func (p Pose) Body(spec Spec, n int, dst []vec.V3) []vec.V3 {
	if n < 1 {
		return dst
	}
	for i := range n + 1 {
		dst = append(dst, p.Point(spec, float64(i)/float64(n)))
	}
	return dst
}

// Rotate returns p turned by dphi (rad) about the arc's centre and axis: the surgeon's wrist
// motion that makes the needle follow its own arc. A positive dphi advances the tip along
// TipDir; every point of the body stays on the same circle.
func (p Pose) Rotate(dphi float64) Pose {
	p.Angle += dphi
	return p
}
