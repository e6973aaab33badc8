package diagram

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// line returns the points from a (excluded) to b (included) spaced about h apart.
func line(a, b vec.V3, h float64) []vec.V3 {
	n := max(1, int(math.Ceil(a.Dist(b)/h)))
	out := make([]vec.V3, n)
	for i := range out {
		out[i] = a.Lerp(b, float64(i+1)/float64(n))
	}
	return out
}

// path is the polyline through the corners, sampled about h apart.
func path(h float64, corners ...vec.V3) []vec.V3 {
	out := []vec.V3{corners[0]}
	for i := 1; i < len(corners); i++ {
		out = append(out, line(corners[i-1], corners[i], h)...)
	}
	return out
}

func reversed(p []vec.V3) []vec.V3 {
	out := make([]vec.V3, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}

// openTrefoil is the T(2,3) curve cut open at its outer rim (t = 0), with tails: both going
// out along +x side by side (sameSide), or one along +x and one climbing over the knot and
// coming back down far along −x, so that the straight segment joining the ends runs along
// the x axis right through the knot.
func openTrefoil(sameSide bool) []vec.V3 {
	const n, delta, L = 300, 0.05, 15.0
	var knot []vec.V3
	for i := 0; i <= n; i++ {
		t := delta + (2*math.Pi-2*delta)*float64(i)/n
		r := 2 + math.Cos(3*t)
		knot = append(knot, vec.V3{X: r * math.Cos(2*t), Y: r * math.Sin(2*t), Z: math.Sin(3 * t)})
	}
	s, e := knot[0], knot[len(knot)-1]
	head := path(0.1, s, vec.V3{X: 3.5, Y: s.Y, Z: s.Z}, vec.V3{X: L, Y: 0.1, Z: 0.3})
	var tail []vec.V3
	if sameSide {
		tail = path(0.1, e, vec.V3{X: 3.5, Y: e.Y, Z: e.Z}, vec.V3{X: L, Y: -0.4, Z: 0.3})
	} else {
		tail = path(0.1, e, vec.V3{X: 3.5, Y: e.Y, Z: e.Z}, vec.V3{X: 3.5, Y: e.Y, Z: 5},
			vec.V3{X: -L, Y: e.Y, Z: 5}, vec.V3{X: -L, Y: -0.3, Z: 0.3})
	}
	pts := reversed(head[1:])
	pts = append(pts, knot...)
	return append(pts, tail[1:]...)
}

// knotOf identifies a closed polygon as far as these tests need: Jones polynomial when the
// simplified diagram is small, else the determinant (prefixed "det").
func knotOf(t *testing.T, p *Projector, poly []vec.V3, rng *rand.Rand) string {
	t.Helper()
	_, d, err := p.FindDirection([][]vec.V3{poly}, rng)
	if err != nil {
		t.Fatal(err)
	}
	s := pd.Simplify(d.Code)
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(s.X) <= 14 {
		return jones(t, s)
	}
	return "det " + strconv.FormatInt(determinant(s), 10)
}

func TestClosures(t *testing.T) {
	tre := tableKnot(t, "3_1").jones
	isTrefoil := func(j string) bool { return j == tre || j == mirrorJones(tre) || j == "det 3" }
	rng := rand.New(rand.NewPCG(7, 7))
	var p Projector
	for _, sameSide := range []bool{true, false} {
		rope := openTrefoil(sameSide)
		var first string
		for trial := range 40 {
			pts := rotate(rope, randRotation(rng))
			ti := ThroughInfinity(pts)
			if len(ti) <= len(pts) || ti[0] != pts[0] {
				t.Fatalf("ThroughInfinity: %d points from %d", len(ti), len(pts))
			}
			j := knotOf(t, &p, ti, rng)
			if !isTrefoil(j) {
				t.Fatalf("sameSide=%v trial %d: ThroughInfinity gives %s, want the trefoil %s", sameSide, trial, j, tre)
			}
			if first == "" {
				first = j
			} else if j != first {
				t.Fatalf("trial %d: chirality changed: %s, then %s", trial, first, j)
			}
			dj := knotOf(t, &p, Direct(pts), rng)
			if sameSide && !isTrefoil(dj) {
				t.Fatalf("trial %d: ends side by side, Direct gives %s", trial, dj)
			}
			if !sameSide && isTrefoil(dj) {
				t.Fatalf("trial %d: closing segment through the knot, Direct still gives the trefoil", trial)
			}
			if trial == 0 {
				t.Logf("sameSide=%v: ThroughInfinity %s, Direct %s", sameSide, j, dj)
			}
		}
		// Stochastic: nearly all closures find the trefoil.
		far := StochasticFar(rope, 100, 42)
		hits := 0
		for _, q := range far {
			if isTrefoil(knotOf(t, &p, append(rope[:len(rope):len(rope)], q), nil)) {
				hits++
			}
		}
		if hits < 80 {
			t.Errorf("sameSide=%v: Stochastic found the trefoil in %d of 100 closures", sameSide, hits)
		}
		t.Logf("sameSide=%v: Stochastic trefoil frequency %d%%", sameSide, hits)
		// Deterministic for a seed.
		again := StochasticFar(rope, 100, 42)
		for i := range again {
			if again[i] != far[i] {
				t.Fatal("Stochastic not deterministic")
			}
		}
	}
	// Ends buried inside the knot: the trefoil curve cut open without tails is ambiguous; the
	// closures still give valid diagrams.
	open := torus(200, 2, 3, false)[:190]
	for _, c := range [][]vec.V3{ThroughInfinity(open), Direct(open)} {
		knotOf(t, &p, c, nil)
	}
}
