package knotcheck

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// torusOpen returns the (p, q) torus knot cut open at its outermost point, with two short tails.
func torusOpen(p, q int, mirror bool) []vec.V3 {
	var pts []vec.V3
	m := 400
	for i := 0; i < m; i++ {
		u := 2 * math.Pi * float64(i) / float64(m)
		r := 2 + math.Cos(float64(q)*u)
		z := math.Sin(float64(q) * u)
		if mirror {
			z = -z
		}
		pts = append(pts, vec.V3{X: r * math.Cos(float64(p)*u), Y: r * math.Sin(float64(p)*u), Z: z})
	}
	return pts // the gap between the last and first point is the cut
}

func TestDeterminantOfKnownKnots(t *testing.T) {
	for _, tc := range []struct {
		name string
		pts  []vec.V3
		want int64
	}{
		{"unknot (circle, open)", torusOpen(1, 1, false), 1},
		{"trefoil T(2,3)", torusOpen(2, 3, false), 3},
		{"mirror trefoil", torusOpen(2, 3, true), 3},
		{"T(2,5) = 5_1", torusOpen(2, 5, false), 5},
		{"T(2,7) = 7_1", torusOpen(2, 7, false), 7},
		{"T(3,4) = 8_19", torusOpen(3, 4, false), 3},
		{"T(3,5) = 10_124", torusOpen(3, 5, false), 1},
	} {
		if got, _ := Robust(tc.pts); got != tc.want {
			t.Errorf("%s: determinant %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestFigureEight(t *testing.T) {
	var pts []vec.V3
	for i := 0; i < 400; i++ {
		u := 2 * math.Pi * float64(i) / 400
		pts = append(pts, vec.V3{X: (2 + math.Cos(2*u)) * math.Cos(3*u), Y: (2 + math.Cos(2*u)) * math.Sin(3*u), Z: math.Sin(4 * u)})
	}
	if got, _ := Robust(pts); got != 5 {
		t.Fatalf("figure-eight determinant %d, want 5", got)
	}
}
