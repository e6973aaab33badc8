package embed

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/table"
	"github.com/knotsim/knotsim/vec"
)

func TestTrefoilShape(t *testing.T) {
	c := pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}
	pts, err := PD(c, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 12 {
		t.Fatalf("%d points, want 12 (a midpoint and a crossing per edge)", len(pts))
	}
	for i, p := range pts {
		want := 0.0
		if i%2 == 1 {
			want = 0.01
		}
		if math.Abs(math.Abs(p.Z)-want) > 1e-15 || math.Hypot(p.X, p.Y) > 1+1e-12 {
			t.Errorf("point %d: %v", i, p)
		}
	}
}

// Every diagram of the table is drawn with exactly its crossings: in the xy-plane, two
// non-adjacent segments meet only at a crossing vertex, where one strand passes at +lift and the
// other at −lift, and no other pair of segments crosses.
func TestTableDrawnPlanar(t *testing.T) {
	for _, k := range table.All() {
		if k.Crossings == 0 {
			continue
		}
		pts, err := PD(k.PD, 0)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		n := len(pts)
		if n != 4*k.Crossings {
			t.Fatalf("%s: %d points, want %d", k.Name, n, 4*k.Crossings)
		}
		// Crossing vertices are the odd points; each 2-D position twice, at +lift and −lift.
		type key struct{ x, y float64 }
		heights := map[key][]float64{}
		for i := 1; i < n; i += 2 {
			heights[key{pts[i].X, pts[i].Y}] = append(heights[key{pts[i].X, pts[i].Y}], pts[i].Z)
		}
		if len(heights) != k.Crossings {
			t.Fatalf("%s: %d crossing positions, want %d", k.Name, len(heights), k.Crossings)
		}
		for p, h := range heights {
			if len(h) != 2 || h[0] != -h[1] || h[0] == 0 {
				t.Fatalf("%s: crossing at %v: heights %v", k.Name, p, h)
			}
		}
		// No other crossing of segments in the plane.
		for i := 0; i < n; i++ {
			for j := i + 2; j < n; j++ {
				if i == 0 && j == n-1 {
					continue
				}
				if properCross(pts[i], pts[(i+1)%n], pts[j], pts[(j+1)%n]) {
					t.Fatalf("%s: segments %d and %d cross in the plane", k.Name, i, j)
				}
			}
		}
	}
}

// properCross reports whether segments ab and cd of the xy-plane cross at a point interior to
// both (touching at an end point does not count).
func properCross(a, b, c, d vec.V3) bool {
	o := func(p, q, r vec.V3) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	d1, d2, d3, d4 := o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b)
	const eps = 1e-12
	return (d1 > eps && d2 < -eps || d1 < -eps && d2 > eps) && (d3 > eps && d4 < -eps || d3 < -eps && d4 > eps)
}

func TestErrors(t *testing.T) {
	tre := pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}
	for _, tc := range []struct {
		c    pd.Code
		want string
	}{
		{pd.Code{}, "0 crossings"},
		{pd.Code{X: []pd.X{{4, 1, 3, 2}, {2, 3, 1, 4}, {5, 5, 6, 6}}}, "more than one component"},
		{pd.Code{X: tre.X, Loops: 1}, "loops"},
		{pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 7}}}, "edge"},
		// The trefoil with a kink on its edge 6.
		{pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 8}, {5, 3, 6, 2}, {6, 7, 7, 8}}}, "kink"},
	} {
		_, err := PD(tc.c, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v; want an error with %q", tc.c, err, tc.want)
		}
	}
	big := pd.Code{X: make([]pd.X, MaxCrossings+1)}
	if _, err := PD(big, 0); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("%d crossings: %v", len(big.X), err)
	}
}
