package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// Seed 003 §3.8 (continuous collision detection): the cases of the coplanarity cubic, one row
// each, with the time of impact worked out by hand.
func TestSegSegTOICases(t *testing.T) {
	v := func(x, y, z float64) vec.V3 { return vec.V3{X: x, Y: y, Z: z} }
	still := func(p vec.V3) Sweep { return Sweep{p, p} }
	move := func(p, d vec.V3) Sweep { return Sweep{p, p.Add(d)} }
	down := v(0, 0, -2)
	for _, c := range []struct {
		name           string
		a0, a1, b0, b1 Sweep
		hit            bool
		t              float64
	}{
		{"b drops through a", still(v(-1, 0, 0)), still(v(1, 0, 0)), move(v(0, -1, 1), down), move(v(0, 1, 1), down), true, 0.5},
		{"b drops beside a's end", still(v(-1, 0, 0)), still(v(1, 0, 0)), move(v(1.001, -1, 1), down), move(v(1.001, 1, 1), down), false, 0},
		{"b drops just inside a's end", still(v(-1, 0, 0)), still(v(1, 0, 0)), move(v(0.999, -1, 1), down), move(v(0.999, 1, 1), down), true, 0.5},
		{"b drops and stops short", still(v(-1, 0, 0)), still(v(1, 0, 0)), move(v(0, -1, 1), v(0, 0, -0.999)), move(v(0, 1, 1), v(0, 0, -0.999)), false, 0},
		{"both move, crossing at 0.25", move(v(-1, 0, 0.5), v(0, 0, -2)), move(v(1, 0, 0.5), v(0, 0, -2)), move(v(0, -1, -0.5), v(0, 0, 2)), move(v(0, 1, -0.5), v(0, 0, 2)), true, 0.25},
		{"a tilts through b (one end moves)", Sweep{v(0, -1, 1), v(0, -1, -1)}, still(v(0, 1, 0.5)), still(v(-1, 0, 0)), still(v(1, 0, 0)), true, 0.75},
		{"already touching", still(v(-1, 0, 0)), still(v(1, 0, 0)), still(v(0, -1, 0)), still(v(0, 1, 0)), true, 0},
		{"in one plane: b's end slides onto a", still(v(-1, 0, 0)), still(v(1, 0, 0)), move(v(0, 1, 0), v(0, -2, 0)), move(v(0, 2, 0), v(0, -2, 0)), true, 0.5},
		{"in one plane: b slides past a's end", still(v(-1, 0, 0)), still(v(1, 0, 0)), move(v(2, 1, 0), v(0, -2, 0)), move(v(2, 2, 0), v(0, -2, 0)), false, 0},
		{"on one line: b slides onto a", still(v(0, 0, 0)), still(v(1, 0, 0)), move(v(2, 0, 0), v(-1.5, 0, 0)), move(v(3, 0, 0), v(-1.5, 0, 0)), true, 2.0 / 3},
		{"parallel, apart", still(v(0, 0, 0)), still(v(1, 0, 0)), move(v(0, 1, 1), v(0, 1, 0)), move(v(1, 1, 1), v(0, 1, 0)), false, 0},
		{"everything still, apart", still(v(0, 0, 0)), still(v(1, 0, 0)), still(v(0, 1, 1)), still(v(1, 1, 1)), false, 0},
		{"not finite", still(v(math.NaN(), 0, 0)), still(v(1, 0, 0)), move(v(0, -1, 1), down), move(v(0, 1, 1), down), false, 0},
		{"infinite", still(v(math.Inf(1), 0, 0)), still(v(1, 0, 0)), move(v(0, -1, 1), down), move(v(0, 1, 1), down), false, 0},
	} {
		got, hit := SegSegTOI(c.a0, c.a1, c.b0, c.b1)
		if hit != c.hit || (hit && math.Abs(got-c.t) > 1e-12) {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", c.name, got, hit, c.t, c.hit)
		}
		// The test is symmetric in the two segments and in each segment's ends.
		if got2, hit2 := SegSegTOI(c.b1, c.b0, c.a1, c.a0); hit2 != hit || (hit && math.Abs(got2-got) > 1e-12) {
			t.Errorf("%s: swapped, got (%v, %v), want (%v, %v)", c.name, got2, hit2, got, hit)
		}
	}
}

// segSegOracle finds the first meeting of two moving segments without the cubic's
// coefficients: the signed volume is evaluated from the positions on a grid of 4096 times,
// each sign change is bisected on the positions, and the centre lines meet there if the
// closest distance is below 1e-7 of the scale. amb reports a root whose distance lies between
// 1e-11 and 1e-5 of the scale (a near-graze the two methods may judge differently).
func segSegOracle(a0, a1, b0, b1 Sweep) (t float64, hit, amb bool) {
	vol := func(t float64) float64 {
		o := a0.At(t)
		return a1.At(t).Sub(o).Cross(b0.At(t).Sub(o)).Dot(b1.At(t).Sub(o))
	}
	L := scale4(a0, a1, b0, b1)
	const n = 4096
	prev := vol(0)
	for k := 1; k <= n; k++ {
		lo, hi := float64(k-1)/n, float64(k)/n
		cur := vol(hi)
		if (prev < 0) != (cur < 0) {
			flo := prev
			for range 80 {
				mid := 0.5 * (lo + hi)
				if fm := vol(mid); (fm < 0) == (flo < 0) {
					lo, flo = mid, fm
				} else {
					hi = mid
				}
			}
			r := 0.5 * (lo + hi)
			_, _, d2 := vec.ClosestSegSeg(a0.At(r), a1.At(r), b0.At(r), b1.At(r))
			d := math.Sqrt(d2)
			if d > 1e-11*L && d < 1e-5*L {
				return r, false, true
			}
			if d <= 1e-11*L {
				return r, true, false
			}
		}
		prev = cur
	}
	return 0, false, false
}

func randSweep(rng *rand.Rand, p vec.V3, speed float64) Sweep {
	return Sweep{p, p.Add(randUnit(rng).Scale(speed * rng.Float64()))}
}

// Random moving pairs, half of them built to cross at a chosen time (the segments placed
// through one point at t0): the cubic's answer agrees with the oracle on the positions in
// every case that is not a near-graze, to 1e-9 of the step.
func TestSegSegTOIMatchesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	hits, misses, amb, closePairs := 0, 0, 0, 0
	for i := range 20000 {
		var a0, a1, b0, b1 Sweep
		if i%2 == 0 {
			// Through X at t0: each segment's ends at t0 are X ± u·(its length), its ends' motions
			// random; the positions at t = 0 and 1 follow.
			x, t0 := randUnit(rng).Scale(rng.Float64()), rng.Float64()
			mk := func() (Sweep, Sweep) {
				u := randUnit(rng)
				s := rng.Float64()
				p, q := x.Sub(u.Scale(s)), x.Add(u.Scale(1-s))
				vp, vq := randUnit(rng).Scale(2*rng.Float64()), randUnit(rng).Scale(2*rng.Float64())
				return Sweep{p.Sub(vp.Scale(t0)), p.Add(vp.Scale(1 - t0))}, Sweep{q.Sub(vq.Scale(t0)), q.Add(vq.Scale(1 - t0))}
			}
			a0, a1 = mk()
			b0, b1 = mk()
		} else {
			a0 = randSweep(rng, randUnit(rng), 2)
			a1 = randSweep(rng, a0.From.Add(randUnit(rng)), 2)
			b0 = randSweep(rng, randUnit(rng), 2)
			b1 = randSweep(rng, b0.From.Add(randUnit(rng)), 2)
		}
		want, wantHit, ambiguous := segSegOracle(a0, a1, b0, b1)
		if ambiguous {
			amb++
			continue
		}
		got, hit := SegSegTOI(a0, a1, b0, b1)
		if hit && !wantHit {
			// Two roots within one grid cell (a near-tangent crossing) escape the oracle's
			// sign changes: the hit is checked on the positions instead, and it must come
			// before any root the oracle has.
			_, _, d2 := vec.ClosestSegSeg(a0.At(got), a1.At(got), b0.At(got), b1.At(got))
			if L := scale4(a0, a1, b0, b1); d2 > 1e-18*L*L {
				t.Fatalf("case %d: a hit at %v with the centre lines %g apart", i, got, math.Sqrt(d2))
			}
			closePairs++
			continue
		}
		if hit != wantHit || (hit && math.Abs(got-want) > 1e-9) {
			t.Fatalf("case %d: got (%v, %v), oracle (%v, %v)\n%v %v %v %v", i, got, hit, want, wantHit, a0, a1, b0, b1)
		}
		if hit {
			hits++
		} else {
			misses++
		}
	}
	t.Logf("%d hits, %d misses agree; %d near-grazes skipped; %d hits on root pairs closer than the oracle's grid", hits, misses, amb, closePairs)
	if hits < 9000 || misses < 5000 {
		t.Errorf("%d hits, %d misses: the cases do not exercise both answers", hits, misses)
	}
}

func TestPointTriTOI(t *testing.T) {
	v := func(x, y, z float64) vec.V3 { return vec.V3{X: x, Y: y, Z: z} }
	still := func(p vec.V3) Sweep { return Sweep{p, p} }
	q0, q1, q2 := still(v(0, 0, 0)), still(v(1, 0, 0)), still(v(0, 1, 0))
	for _, c := range []struct {
		name string
		p    Sweep
		tri  [3]Sweep
		hit  bool
		t    float64
	}{
		{"through the face", Sweep{v(0.2, 0.2, 1), v(0.2, 0.2, -1)}, [3]Sweep{q0, q1, q2}, true, 0.5},
		{"past the hypotenuse", Sweep{v(0.6, 0.6, 1), v(0.6, 0.6, -1)}, [3]Sweep{q0, q1, q2}, false, 0},
		{"stops short", Sweep{v(0.2, 0.2, 1), v(0.2, 0.2, 0.001)}, [3]Sweep{q0, q1, q2}, false, 0},
		{"the triangle rises onto it", still(v(0.2, 0.2, 1)), [3]Sweep{{v(0, 0, 0), v(0, 0, 4)}, {v(1, 0, 0), v(1, 0, 4)}, {v(0, 1, 0), v(0, 1, 4)}}, true, 0.25},
		{"in the plane, sliding in over an edge", Sweep{v(0.2, -1, 0), v(0.2, 1, 0)}, [3]Sweep{q0, q1, q2}, true, 0.5},
		{"in the plane, sliding beside", Sweep{v(-0.2, -1, 0), v(-0.2, 1, 0)}, [3]Sweep{q0, q1, q2}, false, 0},
		{"on it at the start", still(v(0.1, 0.1, 0)), [3]Sweep{q0, q1, q2}, true, 0},
	} {
		got, hit := PointTriTOI(c.p, c.tri[0], c.tri[1], c.tri[2])
		if hit != c.hit || (hit && math.Abs(got-c.t) > 1e-12) {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", c.name, got, hit, c.t, c.hit)
		}
	}
	// Random triangles and paths: a hit lies on the triangle; a path whose signed distance to
	// the plane changes sign through the interior (sampled) is a hit no later than the sample.
	rng := rand.New(rand.NewPCG(41, 42))
	hits, crossings := 0, 0
	for i := range 5000 {
		tri := [3]Sweep{randSweep(rng, randUnit(rng), 1), randSweep(rng, randUnit(rng), 1), randSweep(rng, randUnit(rng), 1)}
		p := randSweep(rng, randUnit(rng).Scale(0.5), 3)
		got, hit := PointTriTOI(p, tri[0], tri[1], tri[2])
		if hit {
			hits++
			if d := math.Sqrt(pointTriDist2(p.At(got), tri[0].At(got), tri[1].At(got), tri[2].At(got))); d > 1e-8 {
				t.Fatalf("case %d: a hit at %v with the point %g from the triangle", i, got, d)
			}
		}
		side := func(t float64) float64 {
			o := tri[0].At(t)
			return tri[1].At(t).Sub(o).Cross(tri[2].At(t).Sub(o)).Dot(p.At(t).Sub(o))
		}
		const n = 512
		for k := 1; k <= n; k++ {
			lo, hi := float64(k-1)/n, float64(k)/n
			if (side(lo) < 0) == (side(hi) < 0) {
				continue
			}
			slo := side(lo)
			for range 80 {
				m := 0.5 * (lo + hi)
				if sm := side(m); (sm < 0) == (slo < 0) {
					lo, slo = m, sm
				} else {
					hi = m
				}
			}
			if pointTriDist2(p.At(hi), tri[0].At(hi), tri[1].At(hi), tri[2].At(hi)) < 1e-20 {
				if !hit || got > hi+1e-12 {
					t.Fatalf("case %d: the point crosses the face at %v but the test says (%v, %v)", i, hi, got, hit)
				}
				crossings++
				break
			}
		}
	}
	t.Logf("%d hits in 5000 cases, %d of them crossings the sampled sign check found", hits, crossings)
	if hits < 200 || crossings < 100 {
		t.Errorf("only %d hits and %d sampled crossings in 5000 cases", hits, crossings)
	}
}

func TestSweepShape(t *testing.T) {
	v := func(x, y, z float64) vec.V3 { return vec.V3{X: x, Y: y, Z: z} }
	ball := shape.Shape{Kind: shape.Sphere, Center: v(0, 0, 0), Radius: 1}
	pole := shape.Shape{Kind: shape.Capsule, A: v(0, 0, -1), B: v(0, 0, 1), Radius: 0.1}
	floor := shape.Shape{Kind: shape.Plane, Center: v(0, 0, 0), Axis: v(0, 0, 1)}
	for _, c := range []struct {
		name string
		s    *shape.Shape
		p    Sweep
		r    float64
		hit  bool
		t    float64
	}{
		{"into the ball", &ball, Sweep{v(3, 0, 0), v(-3, 0, 0)}, 0.5, true, 0.25},
		{"past the ball", &ball, Sweep{v(3, 1.6, 0), v(-3, 1.6, 0)}, 0.5, false, 0},
		{"through the pole at speed", &pole, Sweep{v(-100, 0, 0), v(100, 0, 0)}, 0.01, true, (100 - 0.11) / 200},
		{"onto the floor", &floor, Sweep{v(0, 0, 1), v(5, 0, -1)}, 0.2, true, 0.4},
		{"inside at the start", &ball, Sweep{v(0.5, 0, 0), v(3, 0, 0)}, 0, true, 0},
		{"standing still, apart", &ball, Sweep{v(3, 0, 0), v(3, 0, 0)}, 0.1, false, 0},
		{"not finite", &ball, Sweep{v(math.NaN(), 0, 0), v(3, 0, 0)}, 0.1, false, 0},
	} {
		got, hit := SweepShape(c.s, c.p, c.r)
		if hit != c.hit || (hit && math.Abs(got-c.t) > 1e-8) {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", c.name, got, hit, c.t, c.hit)
		}
	}
	// Random paths past a ball and a torus: no sampled touch comes before the reported time.
	ring := shape.Shape{Kind: shape.Torus, Center: v(0, 0, 0), Axis: v(0, 0, 1), Major: 1, Radius: 0.1}
	rng := rand.New(rand.NewPCG(51, 52))
	for i := range 4000 {
		s := &ball
		if i%2 == 1 {
			s = &ring
		}
		p := Sweep{randUnit(rng).Scale(3), randUnit(rng).Scale(3)}
		got, hit := SweepShape(s, p, 0.05)
		const n = 2000
		for k := 0; k <= n; k++ {
			tk := float64(k) / n
			if _, _, d := s.PointDist(p.At(tk)); d <= 0.05 {
				if !hit || got > tk+1e-12 {
					t.Fatalf("case %d: touches at %v but the sweep says (%v, %v)", i, tk, got, hit)
				}
				break
			}
		}
		if hit {
			if _, _, d := s.PointDist(p.At(got)); d > 0.05+1e-6 {
				t.Fatalf("case %d: a hit at %v with the point %g from the surface", i, got, d-0.05)
			}
		}
	}
}

// SweptSelf finds the one pass-through of a segment dragged across another strand's and none
// between a state and itself.
func TestSweptSelf(t *testing.T) {
	var st rope.State
	line := func(a, b vec.V3, n int) []vec.V3 {
		p := make([]vec.V3, n+1)
		for i := range p {
			p[i] = a.Lerp(b, float64(i)/float64(n))
		}
		return p
	}
	if _, err := st.Add(rope.Spec{Radius: 0.001, Link: 0.01, Pos: line(vec.V3{X: -0.05}, vec.V3{X: 0.05}, 10)}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(rope.Spec{Radius: 0.001, Link: 0.01, Pos: line(vec.V3{X: 0.002, Y: -0.055, Z: 0.004}, vec.V3{X: 0.002, Y: 0.045, Z: 0.004}, 10)}); err != nil {
		t.Fatal(err)
	}
	prev := append([]vec.V3(nil), st.Pos...)
	if got := SweptSelf(nil, prev, &st); len(got) != 0 {
		t.Fatalf("unchanged state: %v", got)
	}
	for i := 11; i < 22; i++ {
		st.Pos[i].Z -= 0.008 // the second strand drops through the first, meeting it at t = 0.5
	}
	got := SweptSelf(nil, prev, &st)
	if len(got) != 1 || got[0].A != 5 || got[0].B != 15 || math.Abs(got[0].T-0.5) > 1e-12 {
		t.Fatalf("got %v, want one crossing of segments 5 and 15 at t = 0.5", got)
	}
}

func BenchmarkSegSegTOI(b *testing.B) {
	v := func(x, y, z float64) vec.V3 { return vec.V3{X: x, Y: y, Z: z} }
	cases := []struct {
		name           string
		a0, a1, b0, b1 Sweep
	}{
		{"hit", Sweep{v(-1, 0, 0), v(-1, 0, 0.1)}, Sweep{v(1, 0, 0), v(1, 0.1, 0)}, Sweep{v(0, -1, 1), v(0, -1, -1)}, Sweep{v(0, 1, 1), v(0.1, 1, -1)}},
		{"miss", Sweep{v(-1, 0, 0), v(-1, 0, 0.1)}, Sweep{v(1, 0, 0), v(1, 0.1, 0)}, Sweep{v(3, -1, 1), v(3, -1, -1)}, Sweep{v(3, 1, 1), v(3.1, 1, -1)}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				SegSegTOI(c.a0, c.a1, c.b0, c.b1)
			}
		})
	}
}
