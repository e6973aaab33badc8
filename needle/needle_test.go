package needle

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

func TestDefaultValidates(t *testing.T) {
	s := Default()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.ArcRadius != 1.70e-3 || s.Diameter != 0.06e-3 || math.Abs(s.ArcAngle-135*math.Pi/180) > 1e-15 {
		t.Errorf("Default() = %+v, want R 1.70 mm, 135°, 0.06 mm (brief §7.1)", s)
	}
	// Brief §7.1: length 4.0 mm, chord 3.14 mm.
	if l := s.Length(); math.Abs(l-4.0e-3) > 0.01e-3 {
		t.Errorf("Length() = %v m, want ≈ 4.0 mm", l)
	}
	if c := s.ChordLength(); math.Abs(c-3.14e-3) > 0.005e-3 {
		t.Errorf("ChordLength() = %v m, want ≈ 3.14 mm", c)
	}
	half := Spec{ArcRadius: 2, ArcAngle: math.Pi, Diameter: 0.1}
	if l, c := half.Length(), half.ChordLength(); math.Abs(l-2*math.Pi) > 1e-15 || math.Abs(c-4) > 1e-15 {
		t.Errorf("half circle of radius 2: Length %v, ChordLength %v, want 2π, 4", l, c)
	}
}

func TestSpecValidateErrors(t *testing.T) {
	ok := Default()
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name  string
		mod   func(*Spec)
		field string
	}{
		{"radius 0", func(s *Spec) { s.ArcRadius = 0 }, "ArcRadius"},
		{"radius < 0", func(s *Spec) { s.ArcRadius = -1e-3 }, "ArcRadius"},
		{"radius NaN", func(s *Spec) { s.ArcRadius = nan }, "ArcRadius"},
		{"radius Inf", func(s *Spec) { s.ArcRadius = inf }, "ArcRadius"},
		{"radius absurd (1 m)", func(s *Spec) { s.ArcRadius = 1 }, "ArcRadius"},
		{"radius absurd (1 µm)", func(s *Spec) { s.ArcRadius = 1e-6; s.Diameter = 1e-7 }, "ArcRadius"},
		{"arc 0", func(s *Spec) { s.ArcAngle = 0 }, "ArcAngle"},
		{"arc < 0", func(s *Spec) { s.ArcAngle = -1 }, "ArcAngle"},
		{"arc 2π", func(s *Spec) { s.ArcAngle = 2 * math.Pi }, "ArcAngle"},
		{"arc 7", func(s *Spec) { s.ArcAngle = 7 }, "ArcAngle"},
		{"arc NaN", func(s *Spec) { s.ArcAngle = nan }, "ArcAngle"},
		{"diameter 0", func(s *Spec) { s.Diameter = 0 }, "Diameter"},
		{"diameter < 0", func(s *Spec) { s.Diameter = -1e-5 }, "Diameter"},
		{"diameter NaN", func(s *Spec) { s.Diameter = nan }, "Diameter"},
		{"diameter Inf", func(s *Spec) { s.Diameter = inf }, "Diameter"},
		{"diameter = radius", func(s *Spec) { s.Diameter = s.ArcRadius }, "Diameter"},
		{"diameter > radius", func(s *Spec) { s.Diameter = 2 * s.ArcRadius }, "Diameter"},
	}
	for _, c := range cases {
		s := ok
		c.mod(&s)
		err := s.Validate()
		switch {
		case err == nil:
			t.Errorf("%s: %+v validates", c.name, s)
		case !strings.HasPrefix(err.Error(), "needle: ") || !strings.Contains(err.Error(), "Spec."+c.field):
			t.Errorf("%s: error %q does not start with \"needle: \" and name Spec.%s", c.name, err, c.field)
		}
	}
}

// testPose is a pose in an oblique plane, so that no test leans on U, V being axes.
func testPose() Pose {
	u := vec.V3{X: 1, Y: 2, Z: 2}.Unit()
	v := u.AnyPerp()
	return Pose{Centre: vec.V3{X: 0.01, Y: -0.02, Z: 0.005}, U: u, V: v, Angle: 0.7}
}

func TestPoseValidateErrors(t *testing.T) {
	ok := testPose()
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	nan := math.NaN()
	cases := []struct {
		name  string
		mod   func(*Pose)
		field string
	}{
		{"centre NaN", func(p *Pose) { p.Centre.Y = nan }, "Pose.Centre"},
		{"centre Inf", func(p *Pose) { p.Centre.Z = math.Inf(-1) }, "Pose.Centre"},
		{"U NaN", func(p *Pose) { p.U.X = nan }, "Pose.U"},
		{"U zero", func(p *Pose) { p.U = vec.V3{} }, "Pose.U"},
		{"U not unit", func(p *Pose) { p.U = p.U.Scale(1.001) }, "Pose.U"},
		{"V Inf", func(p *Pose) { p.V.X = math.Inf(1) }, "Pose.V"},
		{"V not unit", func(p *Pose) { p.V = p.V.Scale(0.5) }, "Pose.V"},
		{"U·V ≠ 0", func(p *Pose) { p.V = p.U.Add(p.V).Unit() }, "Pose.U and Pose.V"},
		{"U = V", func(p *Pose) { p.V = p.U }, "Pose.U and Pose.V"},
		{"angle NaN", func(p *Pose) { p.Angle = nan }, "Pose.Angle"},
		{"angle Inf", func(p *Pose) { p.Angle = math.Inf(1) }, "Pose.Angle"},
	}
	for _, c := range cases {
		p := ok
		c.mod(&p)
		err := p.Validate()
		switch {
		case err == nil:
			t.Errorf("%s: %+v validates", c.name, p)
		case !strings.HasPrefix(err.Error(), "needle: ") || !strings.Contains(err.Error(), c.field):
			t.Errorf("%s: error %q does not start with \"needle: \" and name %s", c.name, err, c.field)
		}
	}
}

func TestPoseGeometry(t *testing.T) {
	s, p := Default(), testPose()
	R := s.ArcRadius
	tol := 1e-15
	if d := p.Point(s, 0).Dist(p.Swage(s)); d > tol {
		t.Errorf("Point(0) is %v m from Swage", d)
	}
	if d := p.Point(s, 1).Dist(p.Tip(s)); d > tol {
		t.Errorf("Point(1) is %v m from Tip", d)
	}
	// Clamped outside [0, 1].
	if p.Point(s, -3) != p.Point(s, 0) || p.Point(s, 5) != p.Point(s, 1) {
		t.Error("Point does not clamp s into [0, 1]")
	}
	n := p.Axis()
	if math.Abs(n.Norm()-1) > 1e-15 || math.Abs(n.Dot(p.U)) > 1e-15 || math.Abs(n.Dot(p.V)) > 1e-15 {
		t.Errorf("Axis() = %v is not the unit normal of U, V", n)
	}
	// Body: n+1 points, swage to tip, each on the circle and in the plane, evenly spaced by
	// the chord of ArcAngle/n.
	buf := make([]vec.V3, 0, 32)
	body := p.Body(s, 16, buf)
	if len(body) != 17 {
		t.Fatalf("Body(16) gave %d points, want 17", len(body))
	}
	if body[0].Dist(p.Swage(s)) > tol || body[16].Dist(p.Tip(s)) > tol {
		t.Error("Body does not run from the swage to the tip")
	}
	chord := 2 * R * math.Sin(s.ArcAngle/32)
	for i, q := range body {
		d := q.Sub(p.Centre)
		if math.Abs(d.Norm()-R) > 1e-15 || math.Abs(d.Dot(n)) > 1e-15 {
			t.Errorf("body point %d: |x − Centre| = %v m (want R = %v m), off-plane %v m", i, d.Norm(), R, d.Dot(n))
		}
		if i > 0 && math.Abs(q.Dist(body[i-1])-chord) > 1e-15 {
			t.Errorf("body points %d–%d are %v m apart, want %v m", i-1, i, q.Dist(body[i-1]), chord)
		}
	}
	// Arc length from swage to tip along the body polyline converges to Length.
	fine := p.Body(s, 4000, nil)
	l := 0.0
	for i := 1; i < len(fine); i++ {
		l += fine[i].Dist(fine[i-1])
	}
	if math.Abs(l-s.Length()) > 1e-7*s.Length() { // the polyline falls short by ≈ L·(θ/n)²/24
		t.Errorf("polyline length %v m, want Length() = %v m", l, s.Length())
	}
	if d := fine[0].Dist(fine[len(fine)-1]); math.Abs(d-s.ChordLength()) > 1e-15 {
		t.Errorf("swage–tip distance %v m, want ChordLength() = %v m", d, s.ChordLength())
	}
	if a := testing.AllocsPerRun(100, func() { buf = p.Body(s, 16, buf[:0]) }); a != 0 {
		t.Errorf("Body with capacity allocates %v times", a)
	}
	if got := p.Body(s, 0, buf[:0]); len(got) != 0 {
		t.Errorf("Body(0) appended %d points", len(got))
	}
}

func TestTipDirAndRotate(t *testing.T) {
	s, p := Default(), testPose()
	dir := p.TipDir(s)
	if math.Abs(dir.Norm()-1) > 1e-15 {
		t.Fatalf("|TipDir| = %v", dir.Norm())
	}
	// Central difference of the tip under Rotate, per unit arc length.
	h := 1e-5
	fd := p.Rotate(h).Tip(s).Sub(p.Rotate(-h).Tip(s)).Scale(1 / (2 * h * s.ArcRadius))
	if d := fd.Dist(dir); d > 1e-9 {
		t.Errorf("TipDir %v differs from the finite difference %v by %v", dir, fd, d)
	}
	// Forward for positive Rotate; the whole body stays on its circle and plane.
	q := p.Rotate(0.3)
	if q.Tip(s).Sub(p.Tip(s)).Dot(dir) <= 0 {
		t.Error("Rotate(+0.3) moves the tip backwards along TipDir")
	}
	if q.Centre != p.Centre || q.U != p.U || q.V != p.V || q.Angle != p.Angle+0.3 {
		t.Errorf("Rotate changed more than Angle: %+v → %+v", p, q)
	}
	for _, x := range q.Body(s, 8, nil) {
		d := x.Sub(p.Centre)
		if math.Abs(d.Norm()-s.ArcRadius) > 1e-15 || math.Abs(d.Dot(p.Axis())) > 1e-15 {
			t.Errorf("after Rotate a body point is off the arc's circle: %v", x)
		}
	}
	// The tip is tangent to the arc: TipDir ⟂ (Tip − Centre), and in the plane.
	r := p.Tip(s).Sub(p.Centre)
	if math.Abs(dir.Dot(r)) > 1e-15 || math.Abs(dir.Dot(p.Axis())) > 1e-15 {
		t.Error("TipDir is not the tangent of the arc")
	}
	// Swage leads the tip by ArcAngle: rotating by ArcAngle brings the swage to the old tip.
	if d := p.Rotate(s.ArcAngle).Swage(s).Dist(p.Tip(s)); d > 1e-15 {
		t.Errorf("Rotate(ArcAngle).Swage is %v m from the old tip", d)
	}
}

func TestNoPanicOnBadPose(t *testing.T) {
	s := Default()
	nan := math.NaN()
	for _, p := range []Pose{{}, {Angle: nan}, {U: vec.V3{X: nan}, V: vec.V3{Y: 1}}} {
		_ = p.Tip(s)
		_ = p.TipDir(s)
		_ = p.Point(s, nan)
		_ = p.Body(s, 4, nil)
		if _, err := Drive(s, p, 1, 10, nil, nil); err == nil {
			t.Errorf("Drive accepts pose %+v", p)
		}
	}
}
