package vec

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// segScale is the size of a segment pair: the largest coordinate difference involved, so
// tolerances are relative to what the caller can resolve.
func segScale(p0, p1, q0, q1 V3) float64 {
	s := p1.Sub(p0).Norm() + q1.Sub(q0).Norm() + p0.Sub(q0).Norm()
	if s == 0 {
		return 1
	}
	return s
}

// checkSegSeg checks the invariants every answer of ClosestSegSeg must meet: s, t ∈ [0,1],
// finite, d2 ≥ 0 and d2 equal to the squared distance between the two returned points.
// It returns the distance.
func checkSegSeg(t *testing.T, what string, p0, p1, q0, q1 V3) (s, u, d float64) {
	t.Helper()
	s, u, d2 := ClosestSegSeg(p0, p1, q0, q1)
	if !(s >= 0 && s <= 1 && u >= 0 && u <= 1) {
		t.Fatalf("%s: ClosestSegSeg(%v,%v,%v,%v) s=%v t=%v outside [0,1]", what, p0, p1, q0, q1, s, u)
	}
	if math.IsNaN(d2) || math.IsInf(d2, 0) || d2 < 0 {
		t.Fatalf("%s: ClosestSegSeg(%v,%v,%v,%v) d2=%v", what, p0, p1, q0, q1, d2)
	}
	cp, cq := p0.Lerp(p1, s), q0.Lerp(q1, u)
	d = math.Sqrt(d2)
	if dd := cp.Dist(cq); !near(dd, d, 1e-12*segScale(p0, p1, q0, q1)) {
		t.Fatalf("%s: |P(s)−Q(t)| = %v but sqrt(d2) = %v", what, dd, d)
	}
	return s, u, d
}

// exactCandidates returns the smallest of the four endpoint-to-segment distances. The true
// minimum is never larger; it is smaller only when the closest pair is interior to both.
func exactCandidates(p0, p1, q0, q1 V3) float64 {
	m := math.Inf(1)
	for _, c := range [][3]V3{{p0, q0, q1}, {p1, q0, q1}, {q0, p0, p1}, {q1, p0, p1}} {
		_, d2 := ClosestPointSeg(c[0], c[1], c[2])
		m = math.Min(m, math.Sqrt(d2))
	}
	return m
}

// sampledMin returns the minimum distance over n+1 evenly spaced points of each segment, and
// the sampling error bound: every point of a segment is within half a step of a sample, so the
// true minimum is at least sampledMin − (|d1|+|d2|)/(2n).
func sampledMin(p0, p1, q0, q1 V3, n int) (m, slack float64) {
	m = math.Inf(1)
	for i := 0; i <= n; i++ {
		a := p0.Lerp(p1, float64(i)/float64(n))
		for j := 0; j <= n; j++ {
			m = math.Min(m, a.Dist(q0.Lerp(q1, float64(j)/float64(n))))
		}
	}
	return m, (p1.Dist(p0) + q1.Dist(q0)) / (2 * float64(n))
}

// semiExactMin samples segment p at n+1 points and measures each to segment q exactly with
// ClosestPointSeg, then the other way round. The result is within max(|d1|,|d2|)/(2n) of the
// true minimum and never below it (up to rounding).
func semiExactMin(p0, p1, q0, q1 V3, n int) (m, slack float64) {
	m = math.Inf(1)
	for i := 0; i <= n; i++ {
		f := float64(i) / float64(n)
		_, a := ClosestPointSeg(p0.Lerp(p1, f), q0, q1)
		_, b := ClosestPointSeg(q0.Lerp(q1, f), p0, p1)
		m = math.Min(m, math.Sqrt(math.Min(a, b)))
	}
	return m, math.Max(p1.Dist(p0), q1.Dist(q0)) / (2 * float64(n))
}

func TestClosestSegSegCases(t *testing.T) {
	type tc struct {
		name           string
		p0, p1, q0, q1 V3
		d              float64 // exact distance
		s, t           float64 // exact parameters, or −1 when the closest pair is not unique
	}
	tests := []tc{
		{"crossing", V3{-1, 0, 0}, V3{1, 0, 0}, V3{0, -1, 1}, V3{0, 1, 1}, 1, 0.5, 0.5},
		{"crossingTouch", V3{-1, 0, 0}, V3{1, 0, 0}, V3{0.5, -1, 0}, V3{0.5, 3, 0}, 0, 0.75, 0.25},
		{"skewOutside", V3{0, 0, 0}, V3{1, 0, 0}, V3{2, -1, 1}, V3{2, 1, 1}, math.Sqrt2, 1, 0.5},
		{"skewBothClamped", V3{0, 0, 0}, V3{1, 0, 0}, V3{2, 1, 0}, V3{2, 2, 0}, math.Sqrt2, 1, 0},
		{"endpointsTouch", V3{0, 0, 0}, V3{1, 0, 0}, V3{1, 0, 0}, V3{1, 5, 3}, 0, 1, 0},
		{"endpointsTouchCollinear", V3{0, 0, 0}, V3{1, 0, 0}, V3{1, 0, 0}, V3{2, 0, 0}, 0, 1, 0},
		{"endpointOnInterior", V3{0, 0, 0}, V3{2, 0, 0}, V3{1, 0, 0}, V3{1, 0, 4}, 0, 0.5, 0},
		{"tShape", V3{0, 0, 0}, V3{2, 0, 0}, V3{1, 1, 0}, V3{1, 3, 0}, 1, 0.5, 0},
		{"parallel", V3{0, 0, 0}, V3{2, 0, 0}, V3{1, 1, 0}, V3{3, 1, 0}, 1, -1, -1},
		{"parallelContained", V3{0, 0, 0}, V3{4, 0, 0}, V3{1, 0, 2}, V3{2, 0, 2}, 2, -1, -1},
		{"antiParallel", V3{0, 0, 0}, V3{2, 0, 0}, V3{3, 1, 0}, V3{1, 1, 0}, 1, -1, -1},
		{"parallelDisjoint", V3{0, 0, 0}, V3{1, 0, 0}, V3{4, 0, 4}, V3{5, 0, 4}, 5, 1, 0},
		{"antiParallelDisjoint", V3{0, 0, 0}, V3{1, 0, 0}, V3{5, 0, 4}, V3{4, 0, 4}, 5, 1, 1},
		{"collinearOverlap", V3{0, 0, 0}, V3{2, 0, 0}, V3{1, 0, 0}, V3{3, 0, 0}, 0, -1, -1},
		{"collinearOverlapAnti", V3{0, 0, 0}, V3{2, 0, 0}, V3{3, 0, 0}, V3{1, 0, 0}, 0, -1, -1},
		{"collinearSame", V3{1, 2, 3}, V3{4, 5, 6}, V3{1, 2, 3}, V3{4, 5, 6}, 0, -1, -1},
		{"collinearReversed", V3{1, 2, 3}, V3{4, 5, 6}, V3{4, 5, 6}, V3{1, 2, 3}, 0, -1, -1},
		{"collinearDisjoint", V3{0, 0, 0}, V3{1, 0, 0}, V3{3, 0, 0}, V3{5, 0, 0}, 2, 1, 0},
		{"collinearDisjointAnti", V3{0, 0, 0}, V3{1, 0, 0}, V3{5, 0, 0}, V3{3, 0, 0}, 2, 1, 1},
		{"collinearDisjointBehind", V3{3, 0, 0}, V3{5, 0, 0}, V3{0, 0, 0}, V3{1, 0, 0}, 2, 0, 1},
		{"firstDegenerate", V3{1, 1, 0}, V3{1, 1, 0}, V3{0, 0, 0}, V3{2, 0, 0}, 1, 0, 0.5},
		{"firstDegenerateClamped", V3{5, 1, 0}, V3{5, 1, 0}, V3{0, 0, 0}, V3{2, 0, 0}, math.Sqrt(10), 0, 1},
		{"secondDegenerate", V3{0, 0, 0}, V3{0, 0, 4}, V3{3, 0, 1}, V3{3, 0, 1}, 3, 0.25, 0},
		{"secondDegenerateClamped", V3{0, 0, 0}, V3{0, 0, 4}, V3{0, 4, -3}, V3{0, 4, -3}, 5, 0, 0},
		{"bothDegenerate", V3{1, 2, 3}, V3{1, 2, 3}, V3{4, 6, 3}, V3{4, 6, 3}, 5, 0, 0},
		{"bothDegenerateSame", V3{1, 2, 3}, V3{1, 2, 3}, V3{1, 2, 3}, V3{1, 2, 3}, 0, 0, 0},
		{"degenerateOnSegment", V3{1, 0, 0}, V3{1, 0, 0}, V3{0, 0, 0}, V3{4, 0, 0}, 0, 0, 0.25},
	}
	// Nearly parallel, crossing in their interiors at distance 1: the exact answer is 1 for
	// every angle, which a midpoint-of-overlap shortcut misses by ~L·angle.
	for _, ang := range []float64{1e-3, 1e-6, 1e-7, 1e-9, 1e-12, 1e-15, 0} {
		c, sn := math.Cos(ang), math.Sin(ang)
		tests = append(tests, tc{fmt.Sprintf("nearlyParallelCross%g", ang),
			V3{-1, 0, 0}, V3{3, 0, 0}, V3{-3 * c, -3 * sn, 1}, V3{c, sn, 1}, 1, -1, -1})
		tests = append(tests, tc{fmt.Sprintf("nearlyParallelTouch%g", ang),
			V3{-1, 0, 0}, V3{3, 0, 0}, V3{-3 * c, -3 * sn, 0}, V3{c, sn, 0}, 0, -1, -1})
	}
	// The same rows at huge and tiny scales, shifted away from the origin.
	base := len(tests)
	for _, k := range []float64{1e-60, 1e-30, 1e-8, 1e8, 1e30, 1e60} {
		off := V3{3, -2, 1}.Scale(k)
		for _, r := range tests[:base] {
			m := func(v V3) V3 { return v.Scale(k).Add(off) }
			tests = append(tests, tc{fmt.Sprintf("%s×%g", r.name, k), m(r.p0), m(r.p1), m(r.q0), m(r.q1), r.d * k, r.s, r.t})
		}
	}

	for _, c := range tests {
		s, u, d := checkSegSeg(t, c.name, c.p0, c.p1, c.q0, c.q1)
		scale := segScale(c.p0, c.p1, c.q0, c.q1)
		if !near(d, c.d, 1e-13*scale) {
			t.Errorf("%s: distance %v, want %v (error %.3g of scale)", c.name, d, c.d, math.Abs(d-c.d)/scale)
		}
		if c.s >= 0 && (!near(s, c.s, 1e-12) || !near(u, c.t, 1e-12)) {
			t.Errorf("%s: s, t = %v, %v, want %v, %v", c.name, s, u, c.s, c.t)
		}
		// Symmetry: swapping the segments swaps s and t and keeps the distance.
		_, _, d2b := ClosestSegSeg(c.q0, c.q1, c.p0, c.p1)
		if !near(math.Sqrt(d2b), c.d, 1e-13*scale) {
			t.Errorf("%s swapped: distance %v, want %v", c.name, math.Sqrt(d2b), c.d)
		}
	}
}

// TestClosestSegSegProperty compares ClosestSegSeg with brute force on random pairs of every
// flavour: general position, nearly parallel, collinear, degenerate, and at many scales.
func TestClosestSegSegProperty(t *testing.T) {
	seed := testSeed(t)
	r := newRand(seed)
	n := 5000
	if testing.Short() {
		n = 500
	}
	for i := range n {
		p0, p1, q0, q1, kind := randSegPair(r)
		what := fmt.Sprintf("seed=%d case %d (%s)", seed, i, kind)
		_, _, d := checkSegSeg(t, what, p0, p1, q0, q1)
		scale := segScale(p0, p1, q0, q1)

		// Never worse than any candidate that is a real pair of points.
		if ex := exactCandidates(p0, p1, q0, q1); d > ex+1e-9*scale {
			t.Fatalf("%s: d=%v above the endpoint candidate %v", what, d, ex)
		}
		m, slack := semiExactMin(p0, p1, q0, q1, 2000)
		if d > m+1e-9*scale {
			t.Fatalf("%s: d=%v above the sampled minimum %v by %.3g of scale", what, d, m, (d-m)/scale)
		}
		if d < m-slack-1e-9*scale {
			t.Fatalf("%s: d=%v below the sampled minimum %v minus the sampling slack %v", what, d, m, slack)
		}
		if i%10 == 0 { // the full 2-D sampling is slower; every tenth case
			m2, slack2 := sampledMin(p0, p1, q0, q1, 150)
			if d > m2+1e-9*scale || d < m2-slack2-1e-9*scale {
				t.Fatalf("%s: d=%v, 2-D sampled minimum %v (slack %v)", what, d, m2, slack2)
			}
		}
	}
}

// TestClosestSegSegNearlyParallelExact builds random nearly parallel pairs whose closest points
// are interior to both segments, so the exact distance is known by construction: segment P runs
// along e1 through O, segment Q along cos θ·e1 + sin θ·e2 through O + h·e3.
func TestClosestSegSegNearlyParallelExact(t *testing.T) {
	seed := testSeed(t)
	r := newRand(seed)
	for i := range 20000 {
		e1 := randUnit(r)
		e2 := e1.AnyPerp()
		e3 := e1.Cross(e2)
		scale := math.Pow(10, r.Float64()*6-3)
		o := randV(r, 10*scale)
		ang := math.Pow(10, -16*r.Float64())
		if r.IntN(2) == 0 {
			ang = math.Pi - ang // anti-parallel
		}
		h := scale * r.Float64()
		if r.IntN(4) == 0 {
			h = 0
		}
		k := e1.Scale(math.Cos(ang)).Add(e2.Scale(math.Sin(ang)))
		p0 := o.Add(e1.Scale(-scale * (0.05 + r.Float64())))
		p1 := o.Add(e1.Scale(scale * (0.05 + r.Float64())))
		base := o.Add(e3.Scale(h))
		q0 := base.Add(k.Scale(-scale * (0.05 + r.Float64())))
		q1 := base.Add(k.Scale(scale * (0.05 + r.Float64())))
		what := fmt.Sprintf("seed=%d case %d (angle %.3g, h %.3g)", seed, i, ang, h)
		_, _, d := checkSegSeg(t, what, p0, p1, q0, q1)
		sc := segScale(p0, p1, q0, q1) + o.Norm()
		if !near(d, h, 1e-12*sc) {
			t.Fatalf("%s: d=%v, want %v (error %.3g of scale)", what, d, h, math.Abs(d-h)/sc)
		}
	}
}

func randUnit(r *rand.Rand) V3 {
	for {
		v := randV(r, 1)
		if n := v.Norm(); n > 0.1 && n <= 1 {
			return v.Scale(1 / n)
		}
	}
}

// randSegPair draws a pair of segments of one of several flavours.
func randSegPair(r *rand.Rand) (p0, p1, q0, q1 V3, kind string) {
	scale := math.Pow(10, r.Float64()*12-6)
	c := randV(r, 100*scale)
	p0 = c.Add(randV(r, scale))
	p1 = c.Add(randV(r, scale))
	q0 = c.Add(randV(r, scale))
	q1 = c.Add(randV(r, scale))
	switch k := r.IntN(8); k {
	case 0:
		kind = "general"
	case 1: // nearly parallel, tiny random angle
		kind = "nearlyParallel"
		d := p1.Sub(p0)
		w := randV(r, d.Norm()*math.Pow(10, -15*r.Float64()))
		q1 = q0.Add(d.Scale(r.Float64()*2 - 1).Add(w))
	case 2: // exactly parallel or anti-parallel (up to rounding)
		kind = "parallel"
		q1 = q0.Add(p1.Sub(p0).Scale(4*r.Float64() - 2))
	case 3: // collinear
		kind = "collinear"
		d := p1.Sub(p0)
		q0 = p0.Add(d.Scale(4*r.Float64() - 1.5))
		q1 = p0.Add(d.Scale(4*r.Float64() - 1.5))
	case 4: // one or both degenerate
		kind = "degenerate"
		switch r.IntN(3) {
		case 0:
			p1 = p0
		case 1:
			q1 = q0
		default:
			p1, q1 = p0, q0
		}
	case 5: // shared endpoint
		kind = "touching"
		q0 = p1
	case 6: // crossing: Q passes through an interior point of P
		kind = "crossing"
		x := p0.Lerp(p1, r.Float64())
		q1 = x.Add(x.Sub(q0).Scale(r.Float64() * 3))
	default: // very unequal lengths
		kind = "unequal"
		q1 = q0.Add(randV(r, scale*math.Pow(10, -8*r.Float64())))
	}
	return p0, p1, q0, q1, kind
}

func TestClosestPointSeg(t *testing.T) {
	tests := []struct {
		name    string
		p, a, b V3
		t, d2   float64
	}{
		{"interior", V3{1, 1, 0}, V3{0, 0, 0}, V3{2, 0, 0}, 0.5, 1},
		{"beforeA", V3{-3, 4, 0}, V3{0, 0, 0}, V3{2, 0, 0}, 0, 25},
		{"afterB", V3{5, 0, 4}, V3{0, 0, 0}, V3{2, 0, 0}, 1, 25},
		{"onSegment", V3{0.5, 0, 0}, V3{0, 0, 0}, V3{2, 0, 0}, 0.25, 0},
		{"degenerate", V3{3, 4, 0}, V3{0, 0, 0}, V3{0, 0, 0}, 0, 25},
		{"atA", V3{0, 0, 0}, V3{0, 0, 0}, V3{2, 0, 0}, 0, 0},
	}
	for _, tc := range tests {
		u, d2 := ClosestPointSeg(tc.p, tc.a, tc.b)
		if !near(u, tc.t, 1e-15) || !near(d2, tc.d2, 1e-12) {
			t.Errorf("%s: ClosestPointSeg = %v, %v, want %v, %v", tc.name, u, d2, tc.t, tc.d2)
		}
	}
}

var sinkF float64

func BenchmarkClosestSegSeg(b *testing.B) {
	r := newRand(1)
	const n = 1024
	var segs [n][4]V3
	for i := range segs {
		p0, p1, q0, q1, _ := randSegPair(r)
		segs[i] = [4]V3{p0, p1, q0, q1}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := &segs[i&(n-1)]
		_, _, d2 := ClosestSegSeg(s[0], s[1], s[2], s[3])
		sinkF += d2
		i++
	}
}
