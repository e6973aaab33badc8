package needle

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
)

const mm = 1e-3

// testSlab is the slab: 6 × 6 × 1 mm in 0.5 mm cells, bottom face at z = 0, top face at
// z = 1 mm.
func testSlab(t testing.TB) *tissue.Mesh {
	t.Helper()
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 6 * mm, Y: 6 * mm, Z: 1 * mm}, Cells: [3]int{12, 12, 2}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// onFace reports whether every node of triangle tri lies on the plane z = h.
func onFace(m *tissue.Mesh, tri int32, h float64) bool {
	for _, k := range m.Surf[tri] {
		if math.Abs(m.Nodes[k].Z-h) > 1e-15 {
			return false
		}
	}
	return true
}

// wantCrossing is an analytic crossing of the needle's arc with a plane z = h.
type wantCrossing struct {
	phi      float64 // needle angle at the crossing, rad
	h        float64 // the plane, m
	entering bool
}

// driveCase drives a Default needle in the vertical plane y = y0 (U = x̂, V = ẑ) about a centre
// (3 mm, y0, cz) from Angle a0 by dphi in steps, and checks the piercings against want: their
// number exactly, their order, direction, face, and points within the 0.05 mm (and the
// chord bound) of the analytic intersections of the circle with the planes. It returns the
// largest point error, m.
func driveCase(t *testing.T, m *tissue.Mesh, y0, cz, a0, dphi float64, steps int, want []wantCrossing) float64 {
	t.Helper()
	s := Default()
	R := s.ArcRadius
	p0 := Pose{Centre: vec.V3{X: 3 * mm, Y: y0, Z: cz}, U: vec.V3{X: 1}, V: vec.V3{Z: 1}, Angle: a0}
	got, err := Drive(s, p0, dphi, steps, m.Nodes, m.Surf)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("y0 = %v mm, cz = %v mm: %d piercings %+v, want exactly %d", y0/mm, cz/mm, len(got), got, len(want))
	}
	// The chord of one increment strays from the arc by the sagitta R(1 − cos(Δ/2)); its
	// crossing of a plane met at an angle α moves by ≲ sagitta/sin α. Allow 10× that.
	delta := dphi / float64(steps)
	sag := R * (1 - math.Cos(delta/2))
	worst := 0.0
	for i, w := range want {
		g := got[i]
		exact := vec.V3{X: 3*mm + R*math.Cos(w.phi), Y: y0, Z: cz + R*math.Sin(w.phi)}
		if math.Abs(exact.Z-w.h) > 1e-15 {
			t.Fatalf("test bug: analytic point %v is not on z = %v", exact, w.h)
		}
		e := g.Point.Dist(exact)
		worst = math.Max(worst, e)
		alpha := math.Abs(math.Cos(w.phi)) // sin of the angle between the arc's tangent and a horizontal plane
		phiErr := math.Abs(a0 + g.T*dphi - w.phi)
		t.Logf("y0 = %.3f mm, cz = %.2f mm, piercing %d (z = %.0f mm, entering %v): point error %.3g mm, angle error %.3g rad (sagitta %.3g mm)",
			y0/mm, cz/mm, i, w.h/mm, w.entering, e/mm, phiErr, sag/mm)
		if e > 0.05*mm || e > 10*sag/alpha+1e-12 {
			t.Errorf("piercing %d at %v m, %.3g mm from the analytic %v m (issue: ≤ 0.05 mm; chord bound %.3g mm)",
				i, g.Point, e/mm, exact, 10*sag/alpha/mm)
		}
		if phiErr > 10*sag/alpha/R+1e-12 {
			t.Errorf("piercing %d at angle %v, analytic %v", i, a0+g.T*dphi, w.phi)
		}
		if g.Entering != w.entering {
			t.Errorf("piercing %d: Entering = %v, want %v", i, g.Entering, w.entering)
		}
		if !onFace(m, g.Tri, w.h) {
			t.Errorf("piercing %d is on triangle %d %v, not on the face z = %v", i, g.Tri, m.Surf[g.Tri], w.h)
		}
		// The barycentrics reproduce the point.
		tri := m.Surf[g.Tri]
		var q vec.V3
		for k := range 3 {
			if g.Bary[k] < 0 || g.Bary[k] > 1 {
				t.Errorf("piercing %d: barycentric %v outside [0, 1]", i, g.Bary)
			}
			q = q.Add(m.Nodes[tri[k]].Scale(g.Bary[k]))
		}
		if d := q.Dist(g.Point); d > 1e-15 {
			t.Errorf("piercing %d: Bary gives %v, %v m from Point", i, q, d)
		}
		if i > 0 && !(g.T > got[i-1].T) {
			t.Errorf("piercings not in order of T: %v then %v", got[i-1].T, g.T)
		}
	}
	return worst
}

// The test: a Default needle driven about its arc centre enters and exits the slab.
func TestDriveThroughSlab(t *testing.T) {
	m := testSlab(t)
	R := Default().ArcRadius
	for _, y0 := range []float64{3.123 * mm, 3 * mm} { // off the grid, and on a grid line (through edges)
		// A stitch: the centre 1.7 − 0.6 mm above the top face, so that the arc dips 0.6 mm
		// into the slab and comes back out through the top.
		cz := 1*mm + R - 0.6*mm
		sTop := (1*mm - cz) / R
		in, out := -math.Pi-math.Asin(sTop), math.Asin(sTop)
		a0, a1 := in-0.3, out+0.3
		if Default().ArcAngle < a1-in {
			t.Fatal("test bug: the needle is too short to come out")
		}
		driveCase(t, m, y0, cz, a0, a1-a0, 233, []wantCrossing{{in, 1 * mm, true}, {out, 1 * mm, false}})

		// Through the whole thickness: the centre 1.5 mm up, the arc reaches z = −0.2 mm; stop
		// before the tip comes back up into the bottom face.
		cz = 1.5 * mm
		in = -math.Pi - math.Asin((1*mm-cz)/R)
		out = -math.Pi - math.Asin((0-cz)/R)
		back := math.Asin((0 - cz) / R)
		a0, a1 = in-0.2, out+0.5
		if a1 >= back {
			t.Fatal("test bug: the drive reaches the bottom face again")
		}
		driveCase(t, m, y0, cz, a0, a1-a0, 170, []wantCrossing{{in, 1 * mm, true}, {out, 0, false}})
	}
}

// A crossing that falls on the boundary of two increments is reported by both sweeps (T = 1 of
// one, T = 0 of the next) and merged by Drive.
func TestDriveCrossingAtStepBoundary(t *testing.T) {
	m := testSlab(t)
	s := Default()
	R := s.ArcRadius
	cz := 1*mm + R - 0.6*mm
	sTop := (1*mm - cz) / R
	in, out := -math.Pi-math.Asin(sTop), math.Asin(sTop)
	steps, k := 100, 10
	delta := (out + 0.3 - in) / float64(steps-k)
	a0 := in - float64(k)*delta
	dphi := delta * float64(steps)
	p0 := Pose{Centre: vec.V3{X: 3 * mm, Y: 2.9 * mm, Z: cz}, U: vec.V3{X: 1}, V: vec.V3{Z: 1}, Angle: a0}
	tip := func(j int) vec.V3 { return p0.Rotate(dphi * float64(j) / float64(steps)).Tip(s) }
	before := Pierce(tip(k-1), tip(k), m.Nodes, m.Surf, nil)
	after := Pierce(tip(k), tip(k+1), m.Nodes, m.Surf, nil)
	t.Logf("tip at the boundary is %.3g m from the top face; increment %d reports %d crossings (T %v), increment %d reports %d (T %v)",
		tip(k).Z-1*mm, k-1, len(before), ts(before), k, len(after), ts(after))
	if len(before)+len(after) < 2 {
		t.Fatal("precondition: the boundary crossing should be reported by both increments (collide.PointTriTOI counts both ends of a sweep)")
	}
	got, err := Drive(s, p0, dphi, steps, m.Nodes, m.Surf)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got[0].Entering || got[1].Entering {
		t.Fatalf("Drive gave %+v, want one entry and one exit", got)
	}
	if want := float64(k) / float64(steps); math.Abs(got[0].T-want) > 1e-9 {
		t.Errorf("entry at T = %v, want %v", got[0].T, want)
	}
}

func ts(h []Piercing) []float64 {
	var out []float64
	for _, x := range h {
		out = append(out, x.T)
	}
	return out
}

// Sweeps through an edge or a node of the top face's triangulation report exactly one piercing,
// though several triangles see it.
func TestPierceGrazesEdgeAndVertex(t *testing.T) {
	m := testSlab(t)
	// The top face is split by diagonals from (i, j) to (i+1, j+1) (the Kuhn split).
	cases := []struct {
		name    string
		x, y    float64 // where the tip crosses z = 1 mm
		minRaw  int     // how many triangles see the crossing before de-duplication
		through bool    // the sweep goes on through the bottom face (at the same x, y)
	}{
		{"cell edge (x grid line)", 1.0 * mm, 1.25 * mm, 2, false},
		{"cell edge (y grid line)", 2.25 * mm, 3.0 * mm, 2, false},
		{"diagonal edge", 1.25 * mm, 1.25 * mm, 2, false},
		{"interior node", 1.0 * mm, 1.5 * mm, 6, false},
		{"node, through to a bottom node", 4.5 * mm, 2.0 * mm, 6, true},
		{"edge, through to a bottom edge", 4.5 * mm, 2.25 * mm, 2, true},
		{"face interior (control)", 1.1 * mm, 1.3 * mm, 1, false},
	}
	for _, c := range cases {
		for _, slant := range []vec.V3{{}, {X: 0.3 * mm, Y: -0.2 * mm}} {
			// A straight line through (x, y, 1 mm) along (slant.X, slant.Y, −1 mm).
			dir := vec.V3{X: slant.X, Y: slant.Y, Z: -1 * mm}
			lo := 0.5
			if c.through {
				if slant != (vec.V3{}) {
					continue // the bottom crossing would not be on a node or edge
				}
				lo = 1.5
			}
			mid := vec.V3{X: c.x, Y: c.y, Z: 1 * mm}
			tip0, tip1 := mid.Sub(dir.Scale(0.5)), mid.Add(dir.Scale(lo))
			raw := crossings(tip0, tip1, m.Nodes, m.Nodes, false, m.Surf, nil)
			got := Pierce(tip0, tip1, m.Nodes, m.Surf, nil)
			want := 1
			if c.through {
				want = 2
			}
			name := fmt.Sprintf("%s, slant %v", c.name, slant)
			if len(raw) < c.minRaw {
				t.Errorf("%s: only %d triangles saw the crossing, want ≥ %d (the test does not test de-duplication)", name, len(raw), c.minRaw)
			}
			if len(got) != want {
				t.Errorf("%s: %d piercings %+v (from %d raw), want exactly %d", name, len(got), got, len(raw), want)
				continue
			}
			if !got[0].Entering || !onFace(m, got[0].Tri, 1*mm) || got[0].Point.Dist(mid) > 1e-15 {
				t.Errorf("%s: piercing %+v, want entering the top face at %v", name, got[0], mid)
			}
			if want == 2 {
				b := vec.V3{X: c.x, Y: c.y}
				if got[1].Entering || !onFace(m, got[1].Tri, 0) || got[1].Point.Dist(b) > 1e-15 {
					t.Errorf("%s: piercing %+v, want exiting the bottom face at %v", name, got[1], b)
				}
			}
		}
	}
}

// The tissue moves during the sweep: the piercing is where the tip meets the moved surface.
func TestPierceMovingTissue(t *testing.T) {
	m := testSlab(t)
	moved := func(d vec.V3) []vec.V3 {
		out := make([]vec.V3, len(m.Nodes))
		for i, p := range m.Nodes {
			out[i] = p.Add(d)
		}
		return out
	}
	check := func(name string, g Piercing, pos1 []vec.V3, wantT float64, wantP vec.V3, entering bool) {
		t.Helper()
		if math.Abs(g.T-wantT) > 1e-12 || g.Point.Dist(wantP) > 1e-15 || g.Entering != entering {
			t.Errorf("%s: piercing at T = %v, %v m, entering %v; want T = %v, %v m, entering %v",
				name, g.T, g.Point, g.Entering, wantT, wantP, entering)
		}
		// The barycentrics, applied to the triangle where it is at T, give the point.
		var q vec.V3
		for k, n := range m.Surf[g.Tri] {
			q = q.Add(m.Nodes[n].Lerp(pos1[n], g.T).Scale(g.Bary[k]))
		}
		if d := q.Dist(g.Point); d > 1e-15 {
			t.Errorf("%s: Bary on the moved triangle gives %v, %v m from Point", name, q, d)
		}
	}

	// The tip goes down from z = 2 mm to 0.5 mm while the slab moves by (0.5, 0.2, 0.3) mm:
	// the top face z = 1 + 0.3t mm meets the tip z = 2 − 1.5t mm at t = 1/1.8.
	d := vec.V3{X: 0.5 * mm, Y: 0.2 * mm, Z: 0.3 * mm}
	pos1 := moved(d)
	tip0, tip1 := vec.V3{X: 3.1 * mm, Y: 2.9 * mm, Z: 2 * mm}, vec.V3{X: 3.1 * mm, Y: 2.9 * mm, Z: 0.5 * mm}
	got := PierceMoving(tip0, tip1, m.Nodes, pos1, m.Surf, nil)
	wantT := 1 / 1.8
	if len(got) != 1 {
		t.Fatalf("translated slab: %d piercings %+v, want 1", len(got), got)
	}
	check("translated slab", got[0], pos1, wantT, tip0.Lerp(tip1, wantT), true)
	// The material point pierced is where the tip was, in the slab's rest frame.
	var rest vec.V3
	for k, n := range m.Surf[got[0].Tri] {
		rest = rest.Add(m.Nodes[n].Scale(got[0].Bary[k]))
	}
	if want := tip0.Lerp(tip1, wantT).Sub(d.Scale(wantT)); rest.Dist(want) > 1e-15 {
		t.Errorf("translated slab: material point %v, want %v", rest, want)
	}
	// The static answer differs (the tip would meet z = 1 mm at t = 2/3): the motion counts.
	if st := Pierce(tip0, tip1, m.Nodes, m.Surf, nil); len(st) != 1 || math.Abs(st[0].T-2.0/3) > 1e-12 {
		t.Errorf("static slab: %+v, want one piercing at T = 2/3", st)
	}

	// A still tip, the slab rising 2 mm past it: the top face reaches z = 1.2 mm at t = 0.1
	// (entering, by the relative motion), the bottom face at t = 0.6 (exiting).
	tip := vec.V3{X: 2.2 * mm, Y: 3.3 * mm, Z: 1.2 * mm}
	pos1 = moved(vec.V3{Z: 2 * mm})
	got = PierceMoving(tip, tip, m.Nodes, pos1, m.Surf, nil)
	if len(got) != 2 {
		t.Fatalf("rising slab: %d piercings %+v, want 2", len(got), got)
	}
	check("rising slab, top", got[0], pos1, 0.1, tip, true)
	check("rising slab, bottom", got[1], pos1, 0.6, tip, false)
}

// A deforming triangle can be crossed more than once in one sweep: a triangle hinged on the
// line x = 1, z = 0 whose apex swings over from x = 2 to x = 0, and a tip rising at x = 1.2.
// Coplanar when 0.2 = (0.1 + 2t)(1 − 2t): t = (1.8 ± √1.64)/8.
func TestPierceMovingTwice(t *testing.T) {
	pos0 := []vec.V3{{X: 1, Y: -1}, {X: 1, Y: 1}, {X: 2, Z: 1}}
	pos1 := []vec.V3{{X: 1, Y: -1}, {X: 1, Y: 1}, {X: 0, Z: 1}}
	tris := [][3]int32{{0, 1, 2}}
	tip0, tip1 := vec.V3{X: 1.2, Z: 0.1}, vec.V3{X: 1.2, Z: 2.1}
	got := PierceMoving(tip0, tip1, pos0, pos1, tris, nil)
	want := []float64{(1.8 - math.Sqrt(1.64)) / 8, (1.8 + math.Sqrt(1.64)) / 8}
	if len(got) != 2 {
		t.Fatalf("%d crossings %+v, want 2 at T = %v", len(got), got, want)
	}
	for i, g := range got {
		if math.Abs(g.T-want[i]) > 1e-12 || g.Point.Dist(tip0.Lerp(tip1, want[i])) > 1e-12 {
			t.Errorf("crossing %d at T = %v, %v; want T = %v, %v", i, g.T, g.Point, want[i], tip0.Lerp(tip1, want[i]))
		}
	}
	if !got[0].Entering || got[1].Entering {
		t.Errorf("crossings entering %v, %v; want true, false", got[0].Entering, got[1].Entering)
	}
}

// Tangential motion, bad indices and non-finite input give no crossing and no panic.
func TestPierceQuietCases(t *testing.T) {
	m := testSlab(t)
	nan := math.NaN()
	a, b := vec.V3{X: 1 * mm, Y: 1.1 * mm, Z: 2 * mm}, vec.V3{X: 1.2 * mm, Y: 1.3 * mm, Z: -1 * mm}
	if got := Pierce(a, b, m.Nodes, m.Surf, nil); len(got) != 2 {
		t.Fatalf("control: %d piercings, want 2", len(got))
	}
	// Sliding within the top face.
	if got := Pierce(vec.V3{X: 1.1 * mm, Y: 1.3 * mm, Z: 1 * mm}, vec.V3{X: 4.7 * mm, Y: 2.2 * mm, Z: 1 * mm}, m.Nodes, m.Surf, nil); len(got) != 0 {
		t.Errorf("a tip sliding on the surface pierces it: %+v", got)
	}
	// Missing the slab, or standing still.
	if got := Pierce(a.Add(vec.V3{X: 10 * mm}), b.Add(vec.V3{X: 10 * mm}), m.Nodes, m.Surf, nil); len(got) != 0 {
		t.Errorf("a sweep beside the slab pierces it: %+v", got)
	}
	if got := Pierce(a, a, m.Nodes, m.Surf, nil); len(got) != 0 {
		t.Errorf("a still tip pierces: %+v", got)
	}
	for _, c := range []struct {
		name       string
		tip0, tip1 vec.V3
		pos0, pos1 []vec.V3
		tris       [][3]int32
	}{
		{"NaN tip", vec.V3{X: nan}, b, m.Nodes, m.Nodes, m.Surf},
		{"Inf tip", a, vec.V3{Z: math.Inf(-1)}, m.Nodes, m.Nodes, m.Surf},
		{"nil pos", a, b, nil, nil, m.Surf},
		{"short pos1", a, b, m.Nodes, m.Nodes[:10], m.Surf},
		{"bad indices", a, b, m.Nodes, m.Nodes, [][3]int32{{-1, 0, 1}, {0, 1, 1 << 30}}},
		{"NaN node", a, b, []vec.V3{{X: nan}, {Y: 1}, {Z: 1}}, []vec.V3{{X: nan}, {Y: 1}, {Z: 1}}, [][3]int32{{0, 1, 2}}},
	} {
		if got := PierceMoving(c.tip0, c.tip1, c.pos0, c.pos1, c.tris, nil); len(got) != 0 {
			t.Errorf("%s: %+v, want nothing", c.name, got)
		}
	}
	// A degenerate (zero-area) triangle under the sweep.
	deg := []vec.V3{{X: 1 * mm, Y: 0, Z: 1 * mm}, {X: 1 * mm, Y: 3 * mm, Z: 1 * mm}, {X: 1 * mm, Y: 3 * mm, Z: 1 * mm}}
	if got := Pierce(vec.V3{X: 1 * mm, Y: 1 * mm, Z: 2 * mm}, vec.V3{X: 1 * mm, Y: 1 * mm}, deg, [][3]int32{{0, 1, 2}}, nil); len(got) != 0 {
		t.Errorf("degenerate triangle: %+v", got)
	}
}

func TestDriveErrors(t *testing.T) {
	m := testSlab(t)
	s := Default()
	p := Pose{Centre: vec.V3{X: 3 * mm, Y: 3 * mm, Z: 2 * mm}, U: vec.V3{X: 1}, V: vec.V3{Z: 1}, Angle: -3}
	if _, err := Drive(s, p, 1, 10, m.Nodes, m.Surf); err != nil {
		t.Fatal(err)
	}
	badPos := append([]vec.V3(nil), m.Nodes...)
	badPos[7].Y = math.NaN()
	cases := []struct {
		name  string
		err   func() error
		field string
	}{
		{"bad spec", func() error { q := s; q.Diameter = 0; _, err := Drive(q, p, 1, 10, m.Nodes, m.Surf); return err }, "Spec.Diameter"},
		{"bad pose", func() error { q := p; q.Angle = math.NaN(); _, err := Drive(s, q, 1, 10, m.Nodes, m.Surf); return err }, "Pose.Angle"},
		{"NaN dphi", func() error { _, err := Drive(s, p, math.NaN(), 10, m.Nodes, m.Surf); return err }, "dphi"},
		{"Inf dphi", func() error { _, err := Drive(s, p, math.Inf(1), 10, m.Nodes, m.Surf); return err }, "dphi"},
		{"dphi beyond 2π", func() error { _, err := Drive(s, p, -7, 10, m.Nodes, m.Surf); return err }, "dphi"},
		{"steps 0", func() error { _, err := Drive(s, p, 1, 0, m.Nodes, m.Surf); return err }, "steps"},
		{"steps huge", func() error { _, err := Drive(s, p, 1, MaxDriveSteps+1, m.Nodes, m.Surf); return err }, "steps"},
		{"NaN node", func() error { _, err := Drive(s, p, 1, 10, badPos, m.Surf); return err }, "pos[7]"},
		{"index out of range", func() error {
			_, err := Drive(s, p, 1, 10, m.Nodes, [][3]int32{{0, 1, int32(len(m.Nodes))}})
			return err
		}, "tris[0][2]"},
		{"negative index", func() error { _, err := Drive(s, p, 1, 10, m.Nodes, [][3]int32{{0, 1, 2}, {-4, 1, 2}}); return err }, "tris[1][0]"},
	}
	for _, c := range cases {
		err := c.err()
		switch {
		case err == nil:
			t.Errorf("%s: no error", c.name)
		case !strings.HasPrefix(err.Error(), "needle: ") || !strings.Contains(err.Error(), c.field):
			t.Errorf("%s: error %q does not start with \"needle: \" and name %s", c.name, err, c.field)
		}
	}
}

func TestPierceNoAlloc(t *testing.T) {
	m := testSlab(t)
	a, b := vec.V3{X: 1 * mm, Y: 1.5 * mm, Z: 2 * mm}, vec.V3{X: 1.2 * mm, Y: 1.5 * mm, Z: -1 * mm} // through a top edge
	pos1 := make([]vec.V3, len(m.Nodes))
	for i, p := range m.Nodes {
		pos1[i] = p.Add(vec.V3{X: 0.1 * mm, Z: 0.2 * mm})
	}
	dst := make([]Piercing, 0, 16)
	if n := len(Pierce(a, b, m.Nodes, m.Surf, dst)); n != 2 {
		t.Fatalf("%d piercings, want 2", n)
	}
	if a := testing.AllocsPerRun(100, func() { dst = Pierce(a, b, m.Nodes, m.Surf, dst[:0]) }); a != 0 {
		t.Errorf("Pierce allocates %v times per call with capacity in dst", a)
	}
	if a := testing.AllocsPerRun(100, func() { dst = PierceMoving(a, b, m.Nodes, pos1, m.Surf, dst[:0]) }); a != 0 {
		t.Errorf("PierceMoving allocates %v times per call with capacity in dst", a)
	}
}

// Pierce appends: crossings already in dst are kept, and the new ones sorted after them.
func TestPierceAppends(t *testing.T) {
	m := testSlab(t)
	a, b := vec.V3{X: 1 * mm, Y: 1.1 * mm, Z: 2 * mm}, vec.V3{X: 1.2 * mm, Y: 1.3 * mm, Z: -1 * mm}
	sentinel := Piercing{Tri: -7, T: 0.9}
	got := Pierce(a, b, m.Nodes, m.Surf, []Piercing{sentinel})
	if len(got) != 3 || got[0] != sentinel || got[1].T > got[2].T {
		t.Errorf("got %+v", got)
	}
}

func TestClosestBary(t *testing.T) {
	a, b, c := vec.V3{}, vec.V3{X: 1}, vec.V3{Y: 1}
	for _, x := range []struct {
		p    vec.V3
		want [3]float64
	}{
		{vec.V3{X: 0.2, Y: 0.3, Z: 5}, [3]float64{0.5, 0.2, 0.3}},
		{vec.V3{X: -1, Y: -1}, [3]float64{1, 0, 0}},
		{vec.V3{X: 2, Y: -1}, [3]float64{0, 1, 0}},
		{vec.V3{X: -1, Y: 2}, [3]float64{0, 0, 1}},
		{vec.V3{X: 0.5, Y: -1}, [3]float64{0.5, 0.5, 0}},
		{vec.V3{X: -1, Y: 0.25}, [3]float64{0.75, 0, 0.25}},
		{vec.V3{X: 1, Y: 1}, [3]float64{0, 0.5, 0.5}},
	} {
		got, _ := vec.ClosestPointTri(x.p, a, b, c)
		for k := range 3 {
			if math.Abs(got[k]-x.want[k]) > 1e-15 {
				t.Errorf("ClosestPointTri(%v) = %v, want %v", x.p, got, x.want)
				break
			}
		}
	}
	// Degenerate: the nearest edge.
	if got, _ := vec.ClosestPointTri(vec.V3{X: 0.5, Y: 1}, a, b, b); math.Abs(got[0]-0.5) > 1e-15 || math.Abs(got[1]+got[2]-0.5) > 1e-15 {
		t.Errorf("degenerate: %v", got)
	}
}

// Sanity of the test's geometry against collide directly: one top-face triangle seen from a
// sweep through its interior.
func TestPointTriTOIAgrees(t *testing.T) {
	m := testSlab(t)
	a, b := vec.V3{X: 1.1 * mm, Y: 1.3 * mm, Z: 2 * mm}, vec.V3{X: 1.1 * mm, Y: 1.3 * mm, Z: 0.5 * mm}
	got := Pierce(a, b, m.Nodes, m.Surf, nil)
	if len(got) != 1 {
		t.Fatalf("%d piercings", len(got))
	}
	tri := m.Surf[got[0].Tri]
	tt, hit := collide.PointTriTOI(collide.Sweep{From: a, To: b},
		collide.Sweep{From: m.Nodes[tri[0]], To: m.Nodes[tri[0]]},
		collide.Sweep{From: m.Nodes[tri[1]], To: m.Nodes[tri[1]]},
		collide.Sweep{From: m.Nodes[tri[2]], To: m.Nodes[tri[2]]})
	if !hit || tt != got[0].T || math.Abs(tt-2.0/3) > 1e-12 {
		t.Errorf("PointTriTOI: %v, %v; Pierce: %v", tt, hit, got[0].T)
	}
}

// BenchmarkPierce sweeps the tip through a 10 × 10 × 1 mm slab of 50 × 50 × 1 cells: 10,400
// surface triangles.
func BenchmarkPierce(b *testing.B) {
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 10 * mm, Y: 10 * mm, Z: 1 * mm}, Cells: [3]int{50, 50, 1}})
	if err != nil {
		b.Fatal(err)
	}
	if len(m.Surf) != 10400 {
		b.Fatalf("%d surface triangles", len(m.Surf))
	}
	pos1 := make([]vec.V3, len(m.Nodes))
	for i, p := range m.Nodes {
		pos1[i] = p.Add(vec.V3{Z: 0.05 * mm})
	}
	dst := make([]Piercing, 0, 16)
	for _, c := range []struct {
		name string
		a, b vec.V3
		want int
	}{
		{"step", vec.V3{X: 5.01 * mm, Y: 4.03 * mm, Z: 1.02 * mm}, vec.V3{X: 5.03 * mm, Y: 4.03 * mm, Z: 0.98 * mm}, 1}, // one increment of a Drive
		{"through", vec.V3{X: 5.01 * mm, Y: 4.03 * mm, Z: 2 * mm}, vec.V3{X: 5.5 * mm, Y: 4.03 * mm, Z: -1 * mm}, 2},
		{"miss", vec.V3{X: 5.01 * mm, Y: 4.03 * mm, Z: 2 * mm}, vec.V3{X: 5.5 * mm, Y: 4.03 * mm, Z: 1.5 * mm}, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			if n := len(Pierce(c.a, c.b, m.Nodes, m.Surf, dst[:0])); n != c.want {
				b.Fatalf("%d piercings, want %d", n, c.want)
			}
			b.ReportAllocs()
			for b.Loop() {
				dst = Pierce(c.a, c.b, m.Nodes, m.Surf, dst[:0])
			}
		})
	}
	b.Run("moving", func(b *testing.B) {
		a, c := vec.V3{X: 5.01 * mm, Y: 4.03 * mm, Z: 2 * mm}, vec.V3{X: 5.5 * mm, Y: 4.03 * mm, Z: -1 * mm}
		if n := len(PierceMoving(a, c, m.Nodes, pos1, m.Surf, dst[:0])); n != 2 {
			b.Fatalf("%d piercings, want 2", n)
		}
		b.ReportAllocs()
		for b.Loop() {
			dst = PierceMoving(a, c, m.Nodes, pos1, m.Surf, dst[:0])
		}
	})
}
