package knot

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

func circle(c vec.V3, r float64, axis int, n int) []vec.V3 {
	pts := make([]vec.V3, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		u, v := r*math.Cos(a), r*math.Sin(a)
		switch axis {
		case 0:
			pts[i] = c.Add(vec.V3{Y: u, Z: v})
		case 1:
			pts[i] = c.Add(vec.V3{X: u, Z: v})
		default:
			pts[i] = c.Add(vec.V3{X: u, Y: v})
		}
	}
	return pts
}

func TestLinks(t *testing.T) {
	ring := circle(vec.V3{}, 1, 2, 64)
	through := circle(vec.V3{X: 1}, 1, 1, 64) // passes through the ring once
	apart := circle(vec.V3{X: 5}, 1, 1, 64)
	r, err := IdentifyLink([][]vec.V3{ring, through}, true)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Name, "Hopf") || abs(r.Pairs[0].Linking) != 1 {
		t.Errorf("Hopf: %+v", r)
	}
	r, err = IdentifyLink([][]vec.V3{ring, apart}, true)
	if err != nil || r.Name != "unlink" || r.Pairs[0].Linking != 0 {
		t.Errorf("unlink: %+v %v", r, err)
	}
	for k := 2; k <= 4; k++ {
		r, err = IdentifyLink(torusLink(k, false, true), true)
		if err != nil || abs(r.Pairs[0].Linking) != k {
			t.Errorf("T(2,%d): %+v %v", 2*k, r, err)
		}
	}
	// An open rope threaded once through a ring and led away: closed through infinity it is
	// a Hopf link with the ring.
	var rope []vec.V3
	for i := 0; i <= 100; i++ {
		z := -5 + 0.1*float64(i)
		rope = append(rope, vec.V3{X: 0.2, Y: 0.1, Z: z})
	}
	r, err = IdentifyMixed([][]vec.V3{rope, ring}, []bool{true, false})
	if err != nil || abs(r.Pairs[0].Linking) != 1 || !strings.HasPrefix(r.Name, "Hopf") {
		t.Errorf("rope through ring: %+v %v", r, err)
	}
	// Beside the ring: not linked.
	for i := range rope {
		rope[i].X += 3
	}
	r, err = IdentifyMixed([][]vec.V3{rope, ring}, []bool{true, false})
	if err != nil || r.Pairs[0].Linking != 0 || r.Name != "unlink" {
		t.Errorf("rope beside ring: %+v %v", r, err)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
