package vec

import (
	"math"
	"math/rand/v2"
	"testing"
)

// triPoint returns the point of weights w on triangle a b c.
func triPoint(w [3]float64, a, b, c V3) V3 {
	return a.Scale(w[0]).Add(b.Scale(w[1])).Add(c.Scale(w[2]))
}

// bruteTri samples the triangle on a barycentric grid of n steps: the smallest squared
// distance to p found.
func bruteTri(p, a, b, c V3, n int) float64 {
	best := math.Inf(1)
	for i := 0; i <= n; i++ {
		for j := 0; i+j <= n; j++ {
			w := [3]float64{float64(i) / float64(n), float64(j) / float64(n), float64(n-i-j) / float64(n)}
			best = math.Min(best, p.Dist2(triPoint(w, a, b, c)))
		}
	}
	return best
}

// ClosestPointTri against a fine barycentric grid on 2,000 random triangles and points: the
// weights are valid, the distance is the weights' point's, never above the grid's best, and at
// most the grid's resolution below it. Corners, edges, face and a degenerate triangle too.
func TestClosestPointTri(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(p, a, b, c V3) {
		t.Helper()
		w, d2 := ClosestPointTri(p, a, b, c)
		if s := w[0] + w[1] + w[2]; math.Abs(s-1) > 1e-12 || w[0] < -1e-12 || w[1] < -1e-12 || w[2] < -1e-12 {
			t.Fatalf("p %v tri %v %v %v: weights %v", p, a, b, c, w)
		}
		if got := p.Dist2(triPoint(w, a, b, c)); math.Abs(got-d2) > 1e-12*(1+d2) {
			t.Fatalf("p %v: d2 %g but the weights' point is at %g", p, d2, got)
		}
		bf := bruteTri(p, a, b, c, 60)
		h := math.Max(a.Dist(b), math.Max(b.Dist(c), a.Dist(c))) / 60
		if d2 > bf+1e-12 || math.Sqrt(bf)-math.Sqrt(d2) > h {
			t.Fatalf("p %v tri %v %v %v: d2 %g, grid %g", p, a, b, c, d2, bf)
		}
	}
	for range 2000 {
		check(randV(r, 2), randV(r, 1), randV(r, 1), randV(r, 1))
	}
	a, b, c := V3{}, V3{X: 1}, V3{Y: 1}
	for _, p := range []V3{{X: -1, Y: -1, Z: 1}, {X: 2, Y: -0.5}, {X: -0.5, Y: 2, Z: -1}, {X: 0.5, Y: -1}, {X: 1, Y: 1, Z: 0.3}, {X: 0.2, Y: 0.2, Z: 0.5}} {
		check(p, a, b, c)
	}
	check(V3{X: 0.5, Y: 1, Z: 0}, V3{}, V3{X: 1}, V3{X: 2}) // degenerate: collinear corners
}

// ClosestSegTri against a fine sampling of the segment (each sample by ClosestPointTri) on
// 2,000 random segment–triangle pairs, and crossings give 0 at the crossing point.
func TestClosestSegTri(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cross := 0
	for range 2000 {
		p0, p1 := randV(r, 1.5), randV(r, 1.5)
		a, b, c := randV(r, 1), randV(r, 1), randV(r, 1)
		s, w, d2 := ClosestSegTri(p0, p1, a, b, c)
		if s < 0 || s > 1 || w[0] < -1e-12 || w[1] < -1e-12 || w[2] < -1e-12 || math.Abs(w[0]+w[1]+w[2]-1) > 1e-12 {
			t.Fatalf("s %g, weights %v", s, w)
		}
		if got := p0.Lerp(p1, s).Dist2(triPoint(w, a, b, c)); math.Abs(got-d2) > 1e-10*(1+d2) {
			t.Fatalf("d2 %g but the points are %g apart", d2, got)
		}
		const n = 2000
		best := math.Inf(1)
		for i := 0; i <= n; i++ {
			_, e := ClosestPointTri(p0.Lerp(p1, float64(i)/n), a, b, c)
			best = math.Min(best, e)
		}
		if d2 > best+1e-12 || math.Sqrt(best)-math.Sqrt(d2) > p0.Dist(p1)/n+1e-12 {
			t.Fatalf("seg %v %v tri %v %v %v: d2 %g, sampled %g", p0, p1, a, b, c, d2, best)
		}
		if d2 == 0 {
			cross++
		}
	}
	t.Logf("%d of 2000 random pairs cross", cross)
	if cross == 0 {
		t.Error("no crossing among the random pairs: the crossing branch is untested")
	}
	// A segment straight through the middle, and one parallel above the face.
	s, w, d2 := ClosestSegTri(V3{X: 0.25, Y: 0.25, Z: 1}, V3{X: 0.25, Y: 0.25, Z: -1}, V3{}, V3{X: 1}, V3{Y: 1})
	if d2 != 0 || math.Abs(s-0.5) > 1e-15 || math.Abs(w[1]-0.25) > 1e-15 || math.Abs(w[2]-0.25) > 1e-15 {
		t.Errorf("through the face: s %g w %v d2 %g", s, w, d2)
	}
	_, _, d2 = ClosestSegTri(V3{X: 0.1, Y: 0.1, Z: 0.3}, V3{X: 0.3, Y: 0.2, Z: 0.3}, V3{}, V3{X: 1}, V3{Y: 1})
	if math.Abs(d2-0.09) > 1e-15 {
		t.Errorf("parallel above the face: d2 %g, want 0.09", d2)
	}
}

func BenchmarkClosestSegTri(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	var q [64][5]V3
	for i := range q {
		for j := range q[i] {
			q[i][j] = randV(r, 1)
		}
	}
	var sink float64
	i := 0
	for b.Loop() {
		e := &q[i&63]
		_, _, d2 := ClosestSegTri(e[0], e[1], e[2], e[3], e[4])
		sink += d2
		i++
	}
	_ = sink
}
