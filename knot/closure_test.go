package knot

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/vec"
)

// closureKnots are closed knot polygons (coarse and fine, both hands) with the knot each is.
func closureKnots() []struct {
	name string
	pts  []vec.V3
	want string
} {
	return []struct {
		name string
		pts  []vec.V3
		want string
	}{
		{"trefoil/24", torus(2, 3, false, 24), "m3_1"},
		{"trefoil-mirror/300", torus(2, 3, true, 300), "3_1"},
		{"figure-eight/40", figureEight(40, false), "4_1"},
		{"cinquefoil/60", torus(2, 5, false, 60), "m5_1"},
		{"cinquefoil-mirror/500", torus(2, 5, true, 500), "5_1"},
	}
}

// Issue 14 item 2: a rope whose ends meet gets an answer, the knot it closes: ends one segment
// apart (a closed polygon read as a rope), ends that coincide (its first point repeated), under
// random rotations. Through infinity both tails left along nearly one ray and every projection
// direction was refused.
func TestRopeEndsMeet(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for _, k := range closureKnots() {
		if r, err := IdentifyClosed(k.pts, Options{}); err != nil || r.Short != k.want {
			t.Fatalf("%s: closed polygon named %q (%v), want %s", k.name, r.Short, err, k.want)
		}
		for rot := range 10 {
			pts := k.pts
			if rot > 0 {
				pts = rotateAll(pts, randomRotation(rng))
			}
			for _, c := range []struct {
				how string
				pts []vec.V3
			}{
				{"ends a segment apart", pts},
				{"ends coincide", append(pts[:len(pts):len(pts)], pts[0])},
			} {
				r, err := Identify(c.pts, Options{})
				if err != nil {
					t.Fatalf("%s, rotation %d, %s: %v", k.name, rot, c.how, err)
				}
				if r.Short != k.want || r.Closure != Direct || !strings.Contains(r.Why, "joined directly") {
					t.Errorf("%s, rotation %d, %s: %q by closure %s (%s); want %s joined directly", k.name, rot, c.how, r.Short, r.Closure, r.Why, k.want)
				}
			}
		}
	}
}

// cutAtLargestX returns the closed polygon pts as a rope cut open at its point of largest x:
// it starts there and ends at the point before it.
func cutAtLargestX(pts []vec.V3) []vec.V3 {
	k := 0
	for i, p := range pts {
		if p.X > pts[k].X {
			k = i
		}
	}
	return append(append([]vec.V3(nil), pts[k:]...), pts[:k]...)
}

// withTails cuts the closed polygon pts open at its point of largest x and leads both ends out
// along +x, side by side (gap apart across the cut), one long tail and one longer: the ends
// are far apart but leave the knot the same way, along one line.
func withTails(pts []vec.V3, long, longer float64) []vec.V3 {
	ring := cutAtLargestX(pts)
	n := len(ring)
	step := ring[0].Dist(ring[1])
	tail := func(from vec.V3, length float64, out bool) []vec.V3 {
		var t []vec.V3
		for s := step; s <= length; s += step {
			t = append(t, from.Add(vec.V3{X: s}))
		}
		if !out { // walking in towards from
			for i, j := 0, len(t)-1; i < j; i, j = i+1, j-1 {
				t[i], t[j] = t[j], t[i]
			}
		}
		return t
	}
	rope := tail(ring[0], long, false)
	rope = append(rope, ring...)
	return append(rope, tail(ring[n-1], longer, true)...)
}

// Issue 14 item 2: ropes whose two ends leave the knot the same way, ends far apart: tails
// side by side along one line, or ends on one ray from the rope's centre (the closure's legs
// would run out and back along one line, through the outer end: no projection in general
// position). They are closed through infinity with the legs spread apart (MinLegAngle) and
// named right.
func TestEndsLeavingOneWay(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	for _, k := range closureKnots() {
		for _, c := range []struct {
			how  string
			rope []vec.V3
		}{
			{"tails side by side", withTails(k.pts, 2, 8)},
			{"ends on one ray", onOneRay(k.pts, 5, 10, 0.05)},
		} {
			if _, _, meet := diagram.EndsMeet(c.rope); meet {
				t.Fatalf("%s, %s: the ends meet; the test wants them apart", k.name, c.how)
			}
			for rot := range 5 {
				pts := c.rope
				if rot > 0 {
					pts = rotateAll(c.rope, randomRotation(rng))
				}
				r, err := Identify(pts, Options{})
				if err != nil {
					t.Fatalf("%s, %s, rotation %d: %v", k.name, c.how, rot, err)
				}
				if r.Short != k.want || r.Closure != Infinity {
					t.Errorf("%s, %s, rotation %d: %q by closure %s, want %s through infinity", k.name, c.how, rot, r.Short, r.Closure, k.want)
				}
			}
		}
	}
}

// A polygon that passes through itself (a figure ∞ flat on the plane: its crossing at equal
// heights in every projection) is perturbed until a projection is in general position, and
// the answer says so.
func TestSingularPolygonPerturbed(t *testing.T) {
	var pts []vec.V3
	for i := range 40 {
		a := 2 * math.Pi * float64(i) / 40
		pts = append(pts, vec.V3{X: math.Sin(a), Y: math.Sin(a) * math.Cos(a)})
	}
	r, err := IdentifyClosed(pts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Short != "0_1" || !strings.Contains(r.Why, "perturbed") {
		t.Errorf("named %q (%s); want the unknot, perturbed", r.Short, r.Why)
	}
}

// onOneRay cuts the closed polygon pts open at its point of largest x and leads its ends out
// by straight tails (points step apart) to two points on one ray from the rope's centroid,
// a and b from it: through infinity both legs would then run out along that ray.
func onOneRay(pts []vec.V3, a, b, step float64) []vec.V3 {
	ring := cutAtLargestX(pts)
	n := len(ring)
	u := vec.V3{X: 1, Y: 0.01, Z: 0.02}.Unit()
	line := func(from, to vec.V3) []vec.V3 { // from (excluded) to to (included)
		m := max(1, int(math.Ceil(from.Dist(to)/step)))
		l := make([]vec.V3, m)
		for i := range l {
			l[i] = from.Lerp(to, float64(i+1)/float64(m))
		}
		return l
	}
	// The ends are c + a·u and c + b·u for the centroid c of the whole rope: with the tails'
	// inner points fixed by c, iterate to the fixed point (a contraction: each end moves c by
	// 1/len).
	var rope []vec.V3
	c := vec.V3{}
	for range 200 {
		e1, e2 := c.Add(u.Scale(a)), c.Add(u.Scale(b))
		t1 := line(ring[0], e1)
		rope = rope[:0]
		for i := len(t1) - 1; i >= 0; i-- {
			rope = append(rope, t1[i])
		}
		rope = append(rope, ring...)
		rope = append(rope, line(ring[n-1], e2)...)
		var s vec.V3
		for _, p := range rope {
			s = s.Add(p)
		}
		c = s.Scale(1 / float64(len(rope)))
	}
	return rope
}

// Issue 14 item 1: a curve whose file does not say is read as a closed polygon when it is one
// (its first point not repeated, or repeated; coarse and fine, both hands, rotated) and named
// right; a rope laid by the simulator's layouts (tails out of the knot) is read as a rope.
func TestReadCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	for _, k := range closureKnots() {
		for rot := range 5 {
			pts := k.pts
			if rot > 0 {
				pts = rotateAll(pts, randomRotation(rng))
			}
			for _, c := range [][]vec.V3{pts, append(pts[:len(pts):len(pts)], pts[0])} {
				closed, why := ReadCurve(c)
				if !closed {
					t.Fatalf("%s (%d points), rotation %d: read as a rope (%s)", k.name, len(c), rot, why)
				}
				if r, err := IdentifyClosed(c, Options{}); err != nil || r.Short != k.want {
					t.Errorf("%s (%d points), rotation %d: %q (%v), want %s", k.name, len(c), rot, r.Short, err, k.want)
				}
			}
		}
	}
	o := layout.Options{Links: 200, Link: 1, Radius: 0.5}
	for _, l := range []struct {
		name string
		lay  func(layout.Options) ([]vec.V3, error)
		want []string
	}{
		{"overhand", layout.Overhand, []string{"3_1", "m3_1"}},
		{"figure-eight", layout.FigureEight, []string{"4_1"}},
		{"square", layout.Square, []string{"3_1 # m3_1"}},
	} {
		pts, err := l.lay(o)
		if err != nil {
			t.Fatal(err)
		}
		if closed, why := ReadCurve(pts); closed {
			t.Errorf("%s rope read as a closed polygon (%s)", l.name, why)
		}
		if r, err := Identify(pts, Options{}); err != nil || !slices.Contains(l.want, r.Short) {
			t.Errorf("%s rope: %q (%v), want one of %v", l.name, r.Short, err, l.want)
		}
	}
	if closed, why := ReadCurve([]vec.V3{{}, {X: 1}}); closed || why != "it has 2 points" {
		t.Errorf("two points: closed %v (%s)", closed, why)
	}
}
