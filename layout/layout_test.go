package layout

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// Rope settings the tests run with: Brown's units (link 1, R 0.5, so Link < Gap and the
// local-skip clearance applies), a thinner rope (Link > Gap: the simulator's own
// non-adjacent clearance applies) and a finely discretised rope.
var testOpts = []Options{
	{Links: 220, Link: 1, Radius: 0.5},
	{Links: 220, Link: 1, Radius: 0.35},
	{Links: 500, Link: 0.5, Radius: 0.5},
}

// checkLayout checks the generic properties of a layout and returns its points.
func checkLayout(t *testing.T, name string, o Options, pts []vec.V3, err error) []vec.V3 {
	t.Helper()
	if err != nil {
		t.Fatalf("%s %+v: %v", name, o, err)
	}
	if len(pts) != o.Links+1 {
		t.Fatalf("%s %+v: %d points, want %d", name, o, len(pts), o.Links+1)
	}
	for i, p := range pts {
		if !p.IsFinite() {
			t.Fatalf("%s: point %d = %v not finite", name, i, p)
		}
	}
	for i := 0; i+1 < len(pts); i++ {
		if l := pts[i].Dist(pts[i+1]); math.Abs(l-o.Link) > 0.01*o.Link {
			t.Fatalf("%s %+v: link %d has length %v, want %v ± 1%%", name, o, i, l, o.Link)
		}
	}
	if i, j, d, need := bruteClearance(pts, o); i >= 0 {
		t.Errorf("%s %+v: segments %d and %d are %.4g apart (axis to axis), below %.4g", name, o, i, j, d, need)
	}
	want := 2 * o.Radius * 1.25
	if o.Link >= o.Gap() {
		if c := Clearance(pts); c < want {
			t.Errorf("%s %+v: non-adjacent clearance %.4f < %.4f", name, o, c, want)
		}
	}
	// Tails: the first and last MinTail links are straight.
	m := o.MinTail()
	for _, r := range [][2]int{{0, 1}, {len(pts) - 1, -1}} {
		a, d := r[0], r[1]
		dir := pts[a+d].Sub(pts[a]).Unit()
		for k := 1; k < m; k++ {
			if e := pts[a+d*(k+1)].Sub(pts[a+d*k]).Unit(); e.Dot(dir) < 1-1e-9 {
				t.Errorf("%s %+v: tail at %d is not straight at link %d", name, o, a, k)
				break
			}
		}
	}
	return pts
}

// tailsFar checks that both ends are at least k links from every point of the set.
func tailsFar(t *testing.T, name string, o Options, pts []vec.V3, knot []vec.V3, k float64) {
	t.Helper()
	for _, e := range []vec.V3{pts[0], pts[len(pts)-1]} {
		for _, p := range knot {
			if d := e.Dist(p); d < k*o.Link {
				t.Errorf("%s %+v: end %v only %.2f links from the knot at %v", name, o, e, d/o.Link, p)
				return
			}
		}
	}
}

// --- knot diagrams -------------------------------------------------------------------------

type event struct {
	pos   float64 // position along the polyline: segment index + parameter
	cross int
	over  bool
}

type diagram struct {
	n      int      // crossings
	code   []event  // Gauss code: crossings in the order met along the rope
	sign   []int    // crossing signs
	points []vec.V3 // crossing locations on the rope
}

// project rotates p slightly (general position) and returns (x, y, height).
func project(p vec.V3, a, b float64) vec.V3 {
	// Rotation about x by a, then about y by b.
	y := p.Y*math.Cos(a) - p.Z*math.Sin(a)
	z := p.Y*math.Sin(a) + p.Z*math.Cos(a)
	x := p.X*math.Cos(b) + z*math.Sin(b)
	z = -p.X*math.Sin(b) + z*math.Cos(b)
	return vec.V3{X: x, Y: y, Z: z}
}

// knotDiagram projects the open polyline (whose ends lie on the outside of the diagram, so
// that closing it far away adds no crossing) on a plane in general position near xy, and
// returns its crossings.
func knotDiagram(t *testing.T, pts []vec.V3) diagram {
	t.Helper()
	for try := 0; try < 6; try++ {
		a, b := 0.0123+0.017*float64(try), 0.0211-0.013*float64(try)
		q := make([]vec.V3, len(pts))
		for i, p := range pts {
			q[i] = project(p, a, b)
		}
		d, ok := crossings(q)
		if ok {
			for k, p := range d.points { // back to the rope's own coordinates
				i := int(p.X)
				d.points[k] = pts[i].Lerp(pts[i+1], p.X-float64(i))
			}
			return d
		}
	}
	t.Fatal("no projection in general position")
	return diagram{}
}

func crossings(q []vec.V3) (diagram, bool) {
	var d diagram
	const eps = 1e-9
	for i := 0; i+1 < len(q); i++ {
		p0, p1 := q[i], q[i+1]
		r := vec.V3{X: p1.X - p0.X, Y: p1.Y - p0.Y}
		for j := i + 2; j+1 < len(q); j++ {
			s0, s1 := q[j], q[j+1]
			if math.Max(p0.X, p1.X) < math.Min(s0.X, s1.X) || math.Max(s0.X, s1.X) < math.Min(p0.X, p1.X) ||
				math.Max(p0.Y, p1.Y) < math.Min(s0.Y, s1.Y) || math.Max(s0.Y, s1.Y) < math.Min(p0.Y, p1.Y) {
				continue
			}
			sv := vec.V3{X: s1.X - s0.X, Y: s1.Y - s0.Y}
			den := r.X*sv.Y - r.Y*sv.X
			if math.Abs(den) < 1e-14 {
				continue
			}
			w := vec.V3{X: s0.X - p0.X, Y: s0.Y - p0.Y}
			u := (w.X*sv.Y - w.Y*sv.X) / den
			v := (w.X*r.Y - w.Y*r.X) / den
			if u < -eps || u > 1+eps || v < -eps || v > 1+eps {
				continue
			}
			if u < eps || u > 1-eps || v < eps || v > 1-eps {
				return d, false // through a vertex: not general position
			}
			zi := p0.Z + u*(p1.Z-p0.Z)
			zj := s0.Z + v*(s1.Z-s0.Z)
			if math.Abs(zi-zj) < 1e-9 {
				return d, false
			}
			c := d.n
			d.n++
			d.code = append(d.code, event{float64(i) + u, c, zi > zj}, event{float64(j) + v, c, zj > zi})
			// Sign: (over direction × under direction)·ẑ.
			do, du := r, sv
			if zj > zi {
				do, du = sv, r
			}
			s := 1
			if do.X*du.Y-do.Y*du.X < 0 {
				s = -1
			}
			d.sign = append(d.sign, s)
			d.points = append(d.points, vec.V3{X: float64(i) + u})
		}
	}
	sort.Slice(d.code, func(a, b int) bool { return d.code[a].pos < d.code[b].pos })
	return d, true
}

func (d diagram) alternating() bool {
	for k := 1; k < len(d.code); k++ {
		if d.code[k].over == d.code[k-1].over {
			return false
		}
	}
	return true
}

func (d diagram) writhe() int {
	w := 0
	for _, s := range d.sign {
		w += s
	}
	return w
}

func (d diagram) gauss() string {
	var b strings.Builder
	for _, e := range d.code {
		if e.over {
			b.WriteByte('O')
		} else {
			b.WriteByte('U')
		}
	}
	return b.String()
}

// determinant returns |Δ(−1)|: the absolute value of any (n−1)-minor of the n×n colouring
// matrix of the diagram (row per crossing: 2·over arc − the two under arcs).
func (d diagram) determinant() int {
	n := d.n
	if n == 0 {
		return 1
	}
	over := make([]int, n)
	in := make([]int, n)
	out := make([]int, n)
	arc := 0
	for _, e := range d.code {
		if e.over {
			over[e.cross] = arc
		} else {
			in[e.cross] = arc
			arc++
			out[e.cross] = arc
		}
	}
	m := make([][]float64, n)
	for c := range m {
		m[c] = make([]float64, n)
		m[c][over[c]%n] += 2
		m[c][in[c]%n]--
		m[c][out[c]%n]--
	}
	// Determinant of the minor without the last row and column.
	k := n - 1
	a := make([][]float64, k)
	for i := range a {
		a[i] = append([]float64(nil), m[i][:k]...)
	}
	det := 1.0
	for col := 0; col < k; col++ {
		p := col
		for r := col + 1; r < k; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if a[p][col] == 0 {
			return 0
		}
		if p != col {
			a[p], a[col] = a[col], a[p]
			det = -det
		}
		det *= a[col][col]
		for r := col + 1; r < k; r++ {
			f := a[r][col] / a[col][col]
			for c := col; c < k; c++ {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	return int(math.Round(math.Abs(det)))
}

type knotWant struct {
	crossings   int // −1: any
	alternating bool
	det         int
	writhe      int // checked when ≥ 0, as |writhe|
}

func checkKnot(t *testing.T, name string, o Options, pts []vec.V3, w knotWant) diagram {
	t.Helper()
	d := knotDiagram(t, pts)
	if w.crossings >= 0 && d.n != w.crossings {
		t.Errorf("%s %+v: %d crossings, want %d (Gauss %s)", name, o, d.n, w.crossings, d.gauss())
	}
	if w.alternating && !d.alternating() {
		t.Errorf("%s %+v: diagram not alternating: %s", name, o, d.gauss())
	}
	if got := d.determinant(); got != w.det {
		t.Errorf("%s %+v: determinant %d, want %d (Gauss %s)", name, o, got, w.det, d.gauss())
	}
	if w.writhe >= 0 {
		if wr := d.writhe(); wr != w.writhe && wr != -w.writhe {
			t.Errorf("%s %+v: writhe %d, want ±%d", name, o, wr, w.writhe)
		}
	}
	return d
}

// --- tests ---------------------------------------------------------------------------------

func TestDiagramHelperCanFail(t *testing.T) {
	o := testOpts[0]
	pts, err := Straight(o, vec.V3{}, vec.V3{X: 1})
	checkLayout(t, "straight", o, pts, err)
	if d := knotDiagram(t, pts); d.n != 0 || d.determinant() != 1 {
		t.Errorf("straight rope: %d crossings, determinant %d", d.n, d.determinant())
	}
	// One kink: a crossing but no knot.
	pts, err = Braid(o, 2, []int{1})
	checkLayout(t, "kink", o, pts, err)
	if d := knotDiagram(t, pts); d.n != 1 || d.determinant() != 1 {
		t.Errorf("kink: %d crossings, determinant %d", d.n, d.determinant())
	}
	// σ1σ2σ1⁻¹σ2⁻¹... a non-alternating diagram of the unknot: (σ1σ2⁻¹σ1⁻¹σ2)
	pts, err = Braid(o, 3, []int{1, 2, -1, -2})
	checkLayout(t, "unknot4", o, pts, err)
	d := knotDiagram(t, pts)
	if d.n != 4 || d.alternating() {
		t.Errorf("unknot4: %d crossings, alternating %v (%s)", d.n, d.alternating(), d.gauss())
	}
	t.Logf("unknot4 determinant %d", d.determinant())
	// Closing to two components is an error.
	if _, err := Braid(o, 2, []int{1, 1}); err == nil {
		t.Error("σ1² closes to a link; want an error")
	}
}

func TestBraidKnots(t *testing.T) {
	cases := []struct {
		name string
		f    func(Options) ([]vec.V3, error)
		want knotWant
	}{
		{"overhand", Overhand, knotWant{3, true, 3, 3}},
		{"figure-eight", FigureEight, knotWant{4, true, 5, 0}},
		{"overhand+figure-eight", OverhandThenFigureEight, knotWant{7, false, 15, 3}},
		{"granny", Granny, knotWant{6, true, 9, 6}},
		{"square", Square, knotWant{6, false, 9, 0}},
		{"T(3,4)", func(o Options) ([]vec.V3, error) { return Braid(o, 3, []int{1, 2, 1, 2, 1, 2, 1, 2}) }, knotWant{8, false, 3, 8}},
		{"T(2,5)", func(o Options) ([]vec.V3, error) { return Braid(o, 2, []int{1, 1, 1, 1, 1}) }, knotWant{5, true, 5, 5}},
	}
	for _, c := range cases {
		for _, o := range testOpts {
			pts, err := c.f(o)
			checkLayout(t, c.name, o, pts, err)
			if t.Failed() {
				return
			}
			d := checkKnot(t, c.name, o, pts, c.want)
			tailsFar(t, c.name, o, pts, d.points, 6)
			// Tails along −x and +x.
			if pts[0].X > pts[1].X || pts[len(pts)-1].X < pts[len(pts)-2].X ||
				math.Abs(pts[0].Y) > 1e-9 || math.Abs(pts[len(pts)-1].Y) > 1e-9 {
				t.Errorf("%s: tails not along ∓x on y = 0: %v … %v", c.name, pts[0], pts[len(pts)-1])
			}
		}
	}
}

func TestClosedKnotOpen(t *testing.T) {
	cases := []struct {
		name  string
		curve func(float64) vec.V3
		want  knotWant
	}{
		{"T(2,3)", TorusKnot(2, 3, 2, 1), knotWant{3, true, 3, 3}},
		{"T(2,5)", TorusKnot(2, 5, 2, 1), knotWant{5, true, 5, 5}},
		{"T(2,7)", TorusKnot(2, 7, 2, 1), knotWant{7, true, 7, 7}},
		{"T(3,4)", TorusKnot(3, 4, 2, 1), knotWant{8, false, 3, 8}},
		{"figure-eight curve", FigureEightCurve(1), knotWant{-1, false, 5, 0}},
	}
	for _, c := range cases {
		for _, o := range testOpts {
			o.Links *= 2
			pts, err := ClosedKnotOpen(c.curve, o, 0)
			checkLayout(t, c.name, o, pts, err)
			if t.Failed() {
				return
			}
			d := checkKnot(t, c.name, o, pts, c.want)
			tailsFar(t, c.name, o, pts, d.points, 6)
			if o == testOpts[0] {
				t.Logf("%s: %d crossings %s", c.name, d.n, d.gauss())
			}
		}
	}
}

func TestClosedKnotOpenScale(t *testing.T) {
	o := Options{Links: 400, Link: 1, Radius: 0.5}
	if _, err := ClosedKnotOpen(TorusKnot(2, 3, 2, 1), o, 0.2); err == nil {
		t.Error("scale 0.2 is far too small; want an error")
	}
	pts, err := ClosedKnotOpen(TorusKnot(2, 3, 2, 1), o, 3)
	checkLayout(t, "T(2,3) scale 3", o, pts, err)
	checkKnot(t, "T(2,3) scale 3", o, pts, knotWant{3, true, 3, 3})
}

func TestTooFewLinks(t *testing.T) {
	o := Options{Links: 20, Link: 1, Radius: 0.5}
	_, err := Overhand(o)
	if err == nil || !strings.Contains(err.Error(), "at least") {
		t.Fatalf("20 links: err = %v, want too few links", err)
	}
	// The minimum reported works, one less does not.
	var min int
	for _, f := range strings.Fields(err.Error()) {
		var v int
		if _, e := fmt.Sscan(f, &v); e == nil {
			min = v
		}
	}
	o.Links = min
	pts, err := Overhand(o)
	checkLayout(t, "overhand at minimum", o, pts, err)
	o.Links = min - 1
	if _, err := Overhand(o); err == nil {
		t.Errorf("%d links accepted; minimum said %d", min-1, min)
	}
	t.Logf("overhand needs %d links", min)
	if _, err := Overhand(Options{Links: 100, Link: 0, Radius: 0.5}); err == nil {
		t.Error("zero link length accepted")
	}
}

func TestCloveHitch(t *testing.T) {
	axis := vec.V3{X: 0.3, Y: -0.2, Z: 1}
	for _, o := range testOpts {
		for _, pr := range []float64{0.5, 2} {
			pts, err := CloveHitch(o, axis, pr)
			checkLayout(t, "clove", o, pts, err)
			checkAroundPole(t, "clove", o, pts, axis, pr)
			// Two turns around the pole, counted over the rope within 3 pole radii + slack.
			turns := winding(pts, func(p vec.V3) (float64, float64) { return p.X - axis.X, p.Y - axis.Y })
			if turns < 2.2 || turns > 2.6 {
				t.Errorf("clove %+v: %.2f turns about the pole, want 2 (+ the tails' ≤ ½)", o, turns)
			}
			if pts[0].X > -6*o.Link || pts[len(pts)-1].X < 6*o.Link {
				t.Errorf("clove: tails not along −x and +x: %v … %v", pts[0], pts[len(pts)-1])
			}
		}
	}
}

// checkAroundPole checks a hitch laid around the vertical pole through axis of radius pr: the
// rope keeps 1.25 R from the pole, and its tails end far from the part near the pole.
func checkAroundPole(t *testing.T, name string, o Options, pts []vec.V3, axis vec.V3, pr float64) {
	t.Helper()
	if c := PoleClearance(pts, axis, pr); c < o.Radius*1.25 {
		t.Errorf("%s %+v pole %v: pole clearance %.3f < %.3f", name, o, pr, c, o.Radius*1.25)
	}
	near := []vec.V3{}
	for _, p := range pts {
		if math.Hypot(p.X-axis.X, p.Y-axis.Y) < pr+3*o.Radius {
			near = append(near, p)
		}
	}
	tailsFar(t, name, o, pts, near, 6)
}

func TestCowHitch(t *testing.T) {
	axis := vec.V3{X: 0.3, Y: -0.2, Z: 1}
	for _, o := range testOpts {
		for _, pr := range []float64{0.5, 2} {
			pts, err := CowHitch(o, axis, pr)
			checkLayout(t, "cow", o, pts, err)
			checkAroundPole(t, "cow", o, pts, axis, pr)
			// A turn each way: no net winding about the pole, but two turns swept.
			xy := func(p vec.V3) (float64, float64) { return p.X - axis.X, p.Y - axis.Y }
			if turns := winding(pts, xy); math.Abs(turns) > 0.1 {
				t.Errorf("cow %+v: %.2f turns about the pole, want 0", o, turns)
			}
			var sweep float64
			for i := 1; i < len(pts); i++ {
				x0, y0 := xy(pts[i-1])
				x1, y1 := xy(pts[i])
				sweep += math.Abs(math.Atan2(x0*y1-y0*x1, x0*x1+y0*y1))
			}
			if sweep /= 2 * math.Pi; sweep < 2 || sweep > 2.7 {
				t.Errorf("cow %+v: %.2f turns swept, want two turns (+ the tails' ≤ ½)", o, sweep)
			}
			if pts[0].X > -6*o.Link || pts[len(pts)-1].X > -6*o.Link || pts[0].Z <= pts[len(pts)-1].Z {
				t.Errorf("cow: tails not both along −x, the first above: %v … %v", pts[0], pts[len(pts)-1])
			}
		}
	}
}

func TestMunterHitch(t *testing.T) {
	center := vec.V3{X: 1, Y: 2, Z: 3}
	for _, o := range testOpts {
		for _, ring := range []struct {
			axis        vec.V3
			major, tube float64
		}{
			{vec.V3{Z: 1}, 6, 0.6},
			{vec.V3{X: 1, Y: 1}, 10, 1},
		} {
			pts, err := MunterHitch(o, center, ring.axis, ring.major, ring.tube)
			checkLayout(t, "münter", o, pts, err)
			if c := RingClearance(pts, center, ring.axis, ring.major, ring.tube); c < o.Radius*1.25 {
				t.Errorf("münter %+v: ring clearance %.3f < %.3f", o, c, o.Radius*1.25)
			}
			// Around the tube: one turn each way, net zero.
			ax := ring.axis.Unit()
			tube := func(p vec.V3) (float64, float64) {
				p = p.Sub(center)
				h := p.Dot(ax)
				return p.Sub(ax.Scale(h)).Norm() - ring.major, h
			}
			net := winding(pts, tube)
			// Through the ring's hole once each way: the rope crosses the ring's plane inside
			// the ring twice, with opposite directions, and twice outside.
			var in, out []int
			for i := 0; i+1 < len(pts); i++ {
				a0, h0 := tube(pts[i])
				a1, h1 := tube(pts[i+1])
				if (h0 < 0) == (h1 < 0) {
					continue
				}
				s := 1
				if h1 < h0 {
					s = -1
				}
				if a0+a1 < 0 {
					in = append(in, s)
				} else {
					out = append(out, s)
				}
			}
			if math.Abs(net) > 0.3 || len(in) != 2 || len(out) != 2 || in[0] != -in[1] {
				t.Errorf("münter %+v: net %.2f turns about the tube, ring plane crossed %v inside, %v outside; want 0, two opposite, two", o, net, in, out)
			}
			near := []vec.V3{}
			for _, p := range pts {
				a, b := tube(p)
				if math.Hypot(a, b) < ring.tube+4*o.Radius {
					near = append(near, p)
				}
			}
			tailsFar(t, "münter", o, pts, near, 6)
		}
	}
}

func TestStraight(t *testing.T) {
	o := testOpts[0]
	pts, err := Straight(o, vec.V3{X: 1}, vec.V3{Y: 2})
	checkLayout(t, "straight", o, pts, err)
	if pts[len(pts)-1].Dist(vec.V3{X: 1, Y: float64(o.Links)}) > 1e-9 {
		t.Errorf("straight ends at %v", pts[len(pts)-1])
	}
	if _, err := Straight(o, vec.V3{}, vec.V3{}); err == nil {
		t.Error("zero direction accepted")
	}
}

func TestClearanceHelpers(t *testing.T) {
	// Two parallel lines 0.7 apart joined by a U.
	pts := []vec.V3{{X: 0}, {X: 1}, {X: 2}, {X: 2, Y: 0.7}, {X: 1, Y: 0.7}, {X: 0, Y: 0.7}}
	if c := Clearance(pts); math.Abs(c-0.7) > 1e-12 {
		t.Errorf("Clearance = %v, want 0.7", c)
	}
	if c := ClearanceFar(pts, 4); math.Abs(c-0.7) > 1e-12 {
		t.Errorf("ClearanceFar(4) = %v, want 0.7", c)
	}
	if c := ClearanceFar(pts, 5); !math.IsInf(c, 1) {
		t.Errorf("ClearanceFar(5) = %v, want +Inf", c)
	}
	if k := (Options{Link: 1, Radius: 0.5}).LocalSkip(); k != 3 {
		t.Errorf("LocalSkip = %d, want 3", k)
	}
	if k := (Options{Link: 1, Radius: 0.35}).LocalSkip(); k != 2 {
		t.Errorf("LocalSkip = %d, want 2", k)
	}
}

// winding returns the signed number of turns of the rope about the origin of the plane
// coordinates f(p).
func winding(pts []vec.V3, f func(vec.V3) (float64, float64)) float64 {
	var sum float64
	prev := math.NaN()
	for _, p := range pts {
		a, b := f(p)
		th := math.Atan2(b, a)
		if !math.IsNaN(prev) {
			sum += wrap(th - prev)
		}
		prev = th
	}
	return math.Abs(sum) / (2 * math.Pi)
}

func wrap(a float64) float64 {
	for a > math.Pi {
		a -= 2 * math.Pi
	}
	for a < -math.Pi {
		a += 2 * math.Pi
	}
	return a
}

// bruteClearance checks the documented clearances of a layout pair by pair (the reference
// for KeepsClearance): it returns the first pair closer than it should be, or i = −1.
func bruteClearance(pts []vec.V3, o Options) (i, j int, d, need float64) {
	skip := o.LocalSkip()
	for i := 0; i+1 < len(pts); i++ {
		for j := i + skip; j+1 < len(pts); j++ {
			need := o.Gap()
			if float64(j-i-1)*o.Link < o.NearArc() {
				need = o.NearGap()
			}
			_, _, d2 := vec.ClosestSegSeg(pts[i], pts[i+1], pts[j], pts[j+1])
			if d := math.Sqrt(d2); d < need*(1-1e-9) {
				return i, j, d, need
			}
		}
	}
	return -1, -1, 0, 0
}

// TestKeepsClearanceMatchesBruteForce: the grid test of KeepsClearance agrees with the pair by
// pair check on random walks (crumpled, so many pairs are near the limits).
func TestKeepsClearanceMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	agree := [2]int{}
	for trial := range 400 {
		o := Options{Links: 20 + rng.IntN(60), Link: 0.01, Radius: 0.002 + 0.006*rng.Float64()}
		pts := []vec.V3{{}}
		dir := vec.V3{X: 1}
		for range o.Links {
			turn := vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Scale(0.6 * rng.Float64())
			dir = dir.Add(turn).Unit()
			pts = append(pts, pts[len(pts)-1].Add(dir.Scale(o.Link)))
		}
		i, _, _, _ := bruteClearance(pts, o)
		want := i < 0
		if got := KeepsClearance(pts, o); got != want {
			t.Fatalf("trial %d %+v: KeepsClearance = %v, brute force %v", trial, o, got, want)
		}
		if want {
			agree[1]++
		} else {
			agree[0]++
		}
	}
	if agree[0] < 20 || agree[1] < 20 {
		t.Fatalf("the random walks did not exercise both answers: %d refused, %d kept", agree[0], agree[1])
	}
}

// TestLayoutBoundedForThickRopes reproduces the server freeze of issue 15: a radius of 0.015 m
// on the overhand scene's 200 links of 0.01 m made the size search grow the knot to half a
// million points (the chord across a bend never reached the full gap). Now a thick rope is
// laid when its rope is long enough and refused with the real reason when it is not, and a
// search can be abandoned.
func TestLayoutBoundedForThickRopes(t *testing.T) {
	for _, r := range []float64{0.012, 0.015} {
		o := Options{Links: 200, Link: 0.01, Radius: r}
		pts, err := Overhand(o)
		checkLayout(t, fmt.Sprintf("overhand R = %v", r), o, pts, err)
	}
	for _, f := range []struct {
		name string
		lay  func(Options) ([]vec.V3, error)
	}{{"overhand", Overhand}, {"figure8", FigureEight}, {"granny", Granny}, {"square", Square}} {
		_, err := f.lay(Options{Links: 200, Link: 0.01, Radius: 0.05})
		if err == nil || !strings.Contains(err.Error(), "at least") {
			t.Errorf("%s with R = 0.05 m on 2 m of rope: err = %v, want 'needs at least'", f.name, err)
		}
		_, err = f.lay(Options{Links: 100, Link: 0.01, Radius: 0.5})
		if err == nil || !strings.Contains(err.Error(), "far too short") {
			t.Errorf("%s with R = 0.5 m on 1 m of rope: err = %v, want 'far too short'", f.name, err)
		}
	}
	_, err := ClosedKnotOpen(TorusKnot(2, 7, 2, 1), Options{Links: 200, Link: 0.01, Radius: 0.5}, 0)
	if err == nil || !strings.Contains(err.Error(), "far too short") {
		t.Errorf("7_1 with R = 0.5 m: err = %v, want 'far too short'", err)
	}
	done := make(chan struct{})
	close(done)
	if _, err := Overhand(Options{Links: 200, Link: 0.01, Radius: 0.005, Done: done}); !errors.Is(err, ErrCancelled) {
		t.Errorf("cancelled search: err = %v, want ErrCancelled", err)
	}
}

// Issue 15 item 2: a hitch around a huge pole or ring tube is refused at once with the reason,
// instead of sampling a curve of millions of points (radius 100 m hung, 1e5 m ran out of
// memory).
func TestHitchAroundHugeObstacle(t *testing.T) {
	short := Options{Links: 200, Link: 0.01, Radius: 0.005}
	long := Options{Links: 1_000_000, Link: 0.01, Radius: 0.005}
	for _, tc := range []struct {
		what string
		err  func() error
		want string
	}{
		{"clove r=1e5", func() error { _, err := CloveHitch(short, vec.V3{}, 1e5); return err }, "cannot go twice around a pole of radius 100000 m"},
		{"clove r=100", func() error { _, err := CloveHitch(short, vec.V3{}, 100); return err }, "cannot go twice around a pole of radius 100 m"},
		{"cow r=1e5", func() error { _, err := CowHitch(short, vec.V3{}, 1e5); return err }, "cow hitch: a rope of"},
		{"cow r=100, a 10 km rope", func() error { _, err := CowHitch(long, vec.V3{}, 100); return err }, "the curve is too long for the rope's scale"},
		{"clove r=100, a 10 km rope", func() error { _, err := CloveHitch(long, vec.V3{}, 100); return err }, "the curve is too long for the rope's scale"},
		{"münter tube 1e5", func() error {
			_, err := MunterHitch(short, vec.V3{}, vec.V3{Z: 1}, 2e5, 1e5)
			return err
		}, "cannot go twice around a ring's tube of radius 100000 m"},
		{"münter tube 100, a 10 km rope", func() error {
			_, err := MunterHitch(long, vec.V3{}, vec.V3{Z: 1}, 1000, 100)
			return err
		}, "the curve is too long for the rope's scale"},
	} {
		err := tc.err()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want an error with %q", tc.what, err, tc.want)
		}
	}
	// A pole of 10 m with a long enough rope and a coarse enough one still lays.
	if _, err := CloveHitch(Options{Links: 20000, Link: 0.01, Radius: 0.05}, vec.V3{}, 10); err != nil {
		t.Errorf("clove around a 10 m pole: %v", err)
	}
}
