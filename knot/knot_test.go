package knot

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/vec"
)

func torus(p, q int, mirror bool, n int) []vec.V3 {
	pts := make([]vec.V3, n)
	for i := range pts {
		t := 2 * math.Pi * float64(i) / float64(n)
		r := 2 + math.Cos(float64(q)*t)
		z := math.Sin(float64(q) * t)
		if mirror {
			z = -z
		}
		pts[i] = vec.V3{X: r * math.Cos(float64(p)*t), Y: r * math.Sin(float64(p)*t), Z: z}
	}
	return pts
}

func figureEight(n int, mirror bool) []vec.V3 {
	pts := make([]vec.V3, n)
	for i := range pts {
		t := 2 * math.Pi * float64(i) / float64(n)
		z := math.Sin(4 * t)
		if mirror {
			z = -z
		}
		pts[i] = vec.V3{X: (2 + math.Cos(2*t)) * math.Cos(3*t), Y: (2 + math.Cos(2*t)) * math.Sin(3*t), Z: z}
	}
	return pts
}

func randomRotation(rng *rand.Rand) func(vec.V3) vec.V3 {
	// Uniform random rotation from a random unit quaternion.
	w, x, y, z := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
	n := math.Sqrt(w*w + x*x + y*y + z*z)
	w, x, y, z = w/n, x/n, y/n, z/n
	return func(p vec.V3) vec.V3 {
		u := vec.V3{X: x, Y: y, Z: z}
		t := u.Cross(p).Scale(2)
		return p.Add(t.Scale(w)).Add(u.Cross(t))
	}
}

func rotateAll(pts []vec.V3, f func(vec.V3) vec.V3) []vec.V3 {
	out := make([]vec.V3, len(pts))
	for i, p := range pts {
		out[i] = f(p)
	}
	return out
}

// Issue 3: torus knots and the figure-eight, both mirror images, under 100 random rotations
// each: always the same, correct answer.
func TestParametricKnotsUnderRotations(t *testing.T) {
	cases := []struct {
		name string
		pts  []vec.V3
		want []string // the answer for the curve and its mirror (Short names)
	}{
		{"T(2,3)", torus(2, 3, false, 300), []string{"3_1", "m3_1"}},
		{"T(2,5)", torus(2, 5, false, 400), []string{"5_1", "m5_1"}},
		{"T(2,7)", torus(2, 7, false, 500), []string{"7_1", "m7_1"}},
		{"T(3,4)", torus(3, 4, false, 600), []string{"8_19", "m8_19"}},
		{"T(3,5)", torus(3, 5, false, 700), []string{"10_124", "m10_124"}},
		{"figure-eight", figureEight(400, false), []string{"4_1", "4_1"}},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	rotations := 100
	if testing.Short() {
		rotations = 10
	}
	for _, tc := range cases {
		for m, want := range tc.want {
			pts := tc.pts
			if m == 1 {
				pts = rotateAll(pts, func(p vec.V3) vec.V3 { return vec.V3{X: p.X, Y: p.Y, Z: -p.Z} })
			}
			got := map[string]int{}
			for k := 0; k < rotations; k++ {
				r, err := IdentifyClosed(rotateAll(pts, randomRotation(rng)), Options{})
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				got[r.Short]++
			}
			if len(got) != 1 {
				t.Errorf("%s (mirror %v): answers vary: %v", tc.name, m == 1, got)
				continue
			}
			for name := range got {
				// T(2,q) with this parametrisation is one chirality; only check that the mirror
				// flips it, then that it is the right knot.
				if strip(name) != strip(want) {
					t.Errorf("%s (mirror %v): %q, want %q", tc.name, m == 1, name, want)
				}
			}
		}
	}
}

func strip(s string) string {
	if len(s) > 0 && s[0] == 'm' {
		return s[1:]
	}
	return s
}

// A curve and its mirror image get mirror answers (for chiral knots).
func TestMirrorFlipsChirality(t *testing.T) {
	for _, pts := range [][]vec.V3{torus(2, 3, false, 300), torus(2, 5, false, 300), torus(2, 7, false, 400)} {
		a, err := IdentifyClosed(pts, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := IdentifyClosed(rotateAll(pts, func(p vec.V3) vec.V3 { return vec.V3{X: p.X, Y: p.Y, Z: -p.Z} }), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !a.Unique || !b.Unique || a.Short == b.Short || strip(a.Short) != strip(b.Short) {
			t.Errorf("curve %q (unique %v), mirror %q (unique %v)", a.Short, a.Unique, b.Short, b.Unique)
		}
	}
}

// Unknots with many crossings in projection are the unknot.
func TestUnknotsWithManyCrossings(t *testing.T) {
	// A flat spiral that winds in 8 times and back out above itself: many crossings, no knot.
	var pts []vec.V3
	for i := 0; i <= 800; i++ {
		a := 16 * math.Pi * float64(i) / 800
		r := 1 + 0.2*a
		pts = append(pts, vec.V3{X: r * math.Cos(a), Y: r * math.Sin(a), Z: 0})
	}
	for i := 800; i >= 0; i-- {
		a := 16*math.Pi*float64(i)/800 + 0.3
		r := 1.1 + 0.2*a
		pts = append(pts, vec.V3{X: r * math.Cos(a), Y: r * math.Sin(a), Z: 1 + 0.001*float64(i)})
	}
	r, err := IdentifyClosed(pts, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Short != "0_1" || r.RawCrossings < 10 {
		t.Fatalf("got %q with %d raw crossings", r.Short, r.RawCrossings)
	}
	// A random walk confined to a ball, closed: usually knotted, so use a known unknot: a
	// circle crumpled by random rotations of short arcs in the plane then lifted monotonically.
	open, err := layout.Straight(layout.Options{Links: 50, Link: 1, Radius: 0.3}, vec.V3{}, vec.V3{X: 1})
	if err != nil {
		t.Fatal(err)
	}
	r, err = Identify(open, Options{})
	if err != nil || r.Short != "0_1" {
		t.Fatalf("straight rope: %q %v", r.Short, err)
	}
}

// Square vs granny, built as ropes (knot/layout), must be told apart.
func TestSquareAndGrannyRopes(t *testing.T) {
	o := layout.Options{Links: 200, Link: 1, Radius: 0.5}
	sq, err := layout.Square(o)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := layout.Granny(o)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Identify(sq, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rg, err := Identify(gr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rs.Short != "3_1 # m3_1" {
		t.Errorf("square knot: %q (candidates %v)", rs.Short, rs.Candidates)
	}
	if rg.Short != "3_1 # 3_1" && rg.Short != "m3_1 # m3_1" {
		t.Errorf("granny knot: %q (candidates %v)", rg.Short, rg.Candidates)
	}
}

func TestStochasticClosure(t *testing.T) {
	p, err := layout.Overhand(layout.Options{Links: 120, Link: 1, Radius: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Identify(p, Options{Closure: Stochastic, Samples: 50, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if strip(r.Short) != "3_1" || r.Frequencies[0].Fraction < 0.9 {
		t.Fatalf("overhand with long tails: %q, frequencies %v", r.Short, r.Frequencies)
	}
	// The reported diagram is one of the closures' projections, before and after simplifying.
	if r.RawCrossings < r.Crossings || r.Crossings < 3 || r.Direction == (vec.V3{}) {
		t.Errorf("stochastic result: %d crossings from %d in the projection along %v", r.Crossings, r.RawCrossings, r.Direction)
	}
}
