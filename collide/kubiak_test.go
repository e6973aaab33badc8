package collide

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// rotateAbout returns v rotated by angle a about the unit axis u (Rodrigues).
func rotateAbout(v, u vec.V3, a float64) vec.V3 {
	c, s := math.Cos(a), math.Sin(a)
	return v.Scale(c).Add(u.Cross(v).Scale(s)).Add(u.Scale(u.Dot(v) * (1 - c)))
}

// polyline returns the nodes of a chain of unit links whose i-th link direction is dir(i).
func polyline(start vec.V3, links int, dir func(i int) vec.V3) []vec.V3 {
	pts := []vec.V3{start}
	for i := 0; i < links; i++ {
		start = start.Add(dir(i).Unit())
		pts = append(pts, start)
	}
	return pts
}

// sampleCurve lays links unit links along the parametric curve f on [0, 1] (closed or open),
// sampled finely and resampled to equal arc length, then rescaled to unit links.
func sampleCurve(f func(t float64) vec.V3, links int) []vec.V3 {
	fine := make([]vec.V3, 20*links+1)
	for i := range fine {
		fine[i] = f(float64(i) / float64(len(fine)-1))
	}
	pts := rope.Resample(fine, links)
	var l float64
	for i := 1; i < len(pts); i++ {
		l += pts[i].Dist(pts[i-1])
	}
	sc := float64(links) / l
	for i := range pts {
		pts[i] = pts[i].Scale(sc)
	}
	return pts
}

// adversarial returns a curve of the given family, a rope with curvature concentrated where
// the curvature test is most likely to be wrong: tight helices, hairpins, coils, single kinks at
// the bound, zigzags, tight knots and random walks with a prescribed turn per joint.
func adversarial(rng *rand.Rand, family int) (name string, pts []vec.V3) {
	links := 10 + rng.IntN(190)
	switch family % 9 {
	case 0: // helix: coil radius 0.3–3, pitch 0.8–2.6 (turns about one diameter apart)
		rho := 0.3 + 2.7*rng.Float64()
		pitch := 0.8 + 1.8*rng.Float64()
		turns := 1 + 6*rng.Float64()
		return fmt.Sprintf("helix(ρ=%.2f,pitch=%.2f)", rho, pitch), sampleCurve(func(t float64) vec.V3 {
			a := 2 * math.Pi * turns * t
			return vec.V3{X: rho * math.Cos(a), Y: rho * math.Sin(a), Z: pitch * turns * t}
		}, links)
	case 1: // hairpin: a straight leg, a half turn of radius ρ (legs 2ρ apart), back
		rho := 0.2 + 1.8*rng.Float64()
		leg := 3 + 10*rng.Float64()
		arc := math.Pi * rho
		tot := 2*leg + arc
		return fmt.Sprintf("hairpin(ρ=%.2f)", rho), sampleCurve(func(t float64) vec.V3 {
			s := t * tot
			switch {
			case s < leg:
				return vec.V3{X: s - leg, Y: rho}
			case s < leg+arc:
				a := (s - leg) / rho
				return vec.V3{X: rho * math.Sin(a), Y: rho * math.Cos(a)}
			default:
				return vec.V3{X: leg + arc - s, Y: -rho}
			}
		}, 20+rng.IntN(60))
	case 2: // planar or conical coil (Archimedean spiral), turns about one diameter apart
		gap := 0.8 + 0.6*rng.Float64()
		r0 := 0.5 + 2*rng.Float64()
		turns := 1 + 4*rng.Float64()
		lift := 0.3 * rng.Float64()
		return fmt.Sprintf("coil(gap=%.2f)", gap), sampleCurve(func(t float64) vec.V3 {
			a := 2 * math.Pi * turns * t
			r := r0 + gap*turns*t
			return vec.V3{X: r * math.Cos(a), Y: r * math.Sin(a), Z: lift * r}
		}, links)
	case 3: // one kink of angle near the bound 2·acos((2R+m)/(W·ℓ)), between straight runs
		th := 1.6 + 0.8*rng.Float64()
		k := links / 2
		return fmt.Sprintf("kink(θ=%.3f)", th), polyline(vec.V3{}, links, func(i int) vec.V3 {
			if i < k {
				return vec.V3{X: 1}
			}
			return vec.V3{X: math.Cos(th), Y: math.Sin(th)}
		})
	case 4: // planar arc of constant turn per joint (a polygonal circle, possibly overlapping)
		step := 0.05 + 0.7*rng.Float64()
		return fmt.Sprintf("arc(step=%.3f)", step), polyline(vec.V3{}, links, func(i int) vec.V3 {
			a := step * float64(i)
			return vec.V3{X: math.Cos(a), Y: math.Sin(a)}
		})
	case 5: // zigzag: alternating turns (large total turning, nearly straight)
		a := 0.3 + 1.2*rng.Float64()
		return fmt.Sprintf("zigzag(a=%.2f)", a), polyline(vec.V3{}, links, func(i int) vec.V3 {
			return vec.V3{X: math.Cos(a / 2), Y: float64(1-2*(i%2)) * math.Sin(a/2)}
		})
	case 6: // tight torus knot (trefoil, cinquefoil, (3,4), (2,7)) scaled to about touching
		pq := [][2]int{{2, 3}, {2, 5}, {3, 4}, {2, 7}}[rng.IntN(4)]
		p, q := float64(pq[0]), float64(pq[1])
		n := 60 + rng.IntN(240)
		return fmt.Sprintf("torus(%g,%g)", p, q), sampleCurve(func(t float64) vec.V3 {
			a := 2 * math.Pi * t
			r := 2 + math.Cos(q*a)
			return vec.V3{X: r * math.Cos(p*a), Y: r * math.Sin(p*a), Z: math.Sin(q * a)}
		}, n)
	case 7: // random walk turning by a fixed angle per joint about a random axis
		step := 0.2 + 0.9*rng.Float64()
		d := randUnit(rng)
		dirs := make([]vec.V3, links)
		for i := range dirs {
			dirs[i] = d
			ax := d.Cross(randUnit(rng)).Unit()
			if ax == (vec.V3{}) {
				ax = d.AnyPerp()
			}
			d = rotateAbout(d, ax, step).Unit()
		}
		return fmt.Sprintf("turnwalk(step=%.2f)", step), polyline(vec.V3{}, links, func(i int) vec.V3 { return dirs[i] })
	default: // smooth loose walk with short and zero-length links mixed in
		pts := walk(rng, vec.V3{}, links, 1, 0.9, 0)
		for i := 1; i < len(pts); i++ {
			switch rng.IntN(10) {
			case 0:
				pts[i] = pts[i-1]
			case 1:
				pts[i] = pts[i-1].Lerp(pts[i], 0.3)
			}
		}
		return "loose+short", pts
	}
}

// adversarialState returns 1–3 strands of adversarial curves, some sharing space.
func adversarialState(rng *rand.Rand, c int) (string, *rope.State) {
	st := &rope.State{}
	var names string
	for k := 0; k < 1+rng.IntN(3); k++ {
		fam := c
		if k > 0 {
			fam = rng.IntN(9)
		}
		name, pts := adversarial(rng, fam)
		off := vec.V3{X: 1.5 * rng.NormFloat64(), Y: 1.5 * rng.NormFloat64(), Z: 1.5 * rng.NormFloat64()}
		if k == 0 {
			off = vec.V3{}
		}
		for i := range pts {
			pts[i] = pts[i].Add(off)
		}
		r := []float64{0.5, 0.5, 0.3, 0.45, 0.55, 0.6}[rng.IntN(6)]
		addStrand(st, r, 1, pts)
		names += name + " "
	}
	return names, st
}

// checkRuns verifies the curvature test itself, beyond the output: every pair of non-adjacent
// segments that Kubiak put in one run (and so never tests) is at least 2R + margin apart. It
// returns the number of such pairs.
func checkRuns(t *testing.T, k *Kubiak, st *rope.State, margin float64, what string) int {
	t.Helper()
	pruned := 0
	n := st.NumSegs()
	for a := 0; a < n; a++ {
		for b := a + 1; b < n && k.seg[b].Run == k.seg[a].Run; b++ {
			if st.Adjacent(a, b) {
				continue
			}
			pruned++
			p0, p1 := st.Seg(a)
			q0, q1 := st.Seg(b)
			_, _, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
			lim := st.SegRadius[a] + st.SegRadius[b] + margin
			if d2 < lim*lim {
				t.Fatalf("%s: margin %g: segments %d and %d of run %d are %g apart, < %g",
					what, margin, a, b, k.seg[a].Run, math.Sqrt(d2), lim)
			}
		}
	}
	return pruned
}

// TestKubiakAdversarial is the soundness test on curves built to break a curvature test: on
// thousands of states Kubiak reports exactly Brute's contacts, and every pair it skipped by
// the curvature test is far enough apart.
func TestKubiakAdversarial(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 5))
	configs := 2000
	if testing.Short() {
		configs = 400
	}
	k := NewKubiak()
	var want, got []Contact
	contacts, pruned := 0, 0
	for c := 0; c < configs; c++ {
		name, st := adversarialState(rng, c)
		for step := 0; step < 3; step++ {
			if step > 0 {
				jiggle(rng, st, []float64{0.01, 0.1}[step-1])
			}
			k.Update(st)
			for _, margin := range []float64{0, 0.02, 0.1, 0.3 * rng.Float64(), 1} {
				want = Brute{}.Self(want[:0], st, margin)
				got = k.Self(got[:0], st, margin)
				what := fmt.Sprintf("seed %d config %d step %d %s", seed, c, step, name)
				if !slices.Equal(got, want) {
					t.Fatalf("%s margin %g: %s", what, margin, firstDiff(got, want))
				}
				contacts += len(want)
				pruned += checkRuns(t, k, st, margin, what)
			}
		}
	}
	if contacts == 0 || pruned == 0 {
		t.Fatalf("vacuous: %d contacts, %d pairs pruned by curvature", contacts, pruned)
	}
	t.Logf("seed %d: %d configurations, %d contacts, %d non-adjacent pairs pruned by the curvature test", seed, configs, contacts, pruned)
}

// TestKubiakRunsRandom checks the curvature test on TestMatchesBrute's random families and on
// the benchmark ropes.
func TestKubiakRunsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	k := NewKubiak()
	pruned := 0
	for c := 0; c < 600; c++ {
		st := randomState(rng, c)
		k.Update(st)
		for _, margin := range []float64{0, 0.1, 0.5} {
			k.Self(nil, st, margin)
			pruned += checkRuns(t, k, st, margin, fmt.Sprintf("config %d", c))
		}
	}
	for _, st := range []*rope.State{looseState(1, 1000), tightState(1, 1000)} {
		k.Update(st)
		k.Self(nil, st, benchMargin)
		pruned += checkRuns(t, k, st, benchMargin, "bench rope")
	}
	if pruned == 0 {
		t.Fatal("the curvature test pruned nothing")
	}
}

// TestKubiakPrunes checks that the curvature test does its job: a straight rope is one run,
// a loose rope is mostly long runs, a hairpin is split at its bend.
func TestKubiakPrunes(t *testing.T) {
	k := NewKubiak()
	st := &rope.State{}
	addStrand(st, 0.5, 1, polyline(vec.V3{}, 300, func(int) vec.V3 { return vec.V3{X: 1} }))
	k.Update(st)
	k.Self(nil, st, 0.1)
	for i := range k.seg {
		if k.seg[i].Run != 0 {
			t.Fatalf("straight rope: segment %d in run %d, want one run", i, k.seg[i].Run)
		}
	}
	st = looseState(3, 1000)
	k.Update(st)
	k.Self(nil, st, benchMargin)
	runs := 1
	for i := 1; i < len(k.seg); i++ {
		if k.seg[i].Run != k.seg[i-1].Run {
			runs++
		}
	}
	if mean := 1000 / float64(runs); mean < 8 {
		t.Errorf("loose rope: %d runs, mean length %.1f segments, want ≥ 8", runs, mean)
	} else {
		t.Logf("loose rope of 1000 links: %d runs, mean %.1f segments", runs, mean)
	}
}

// TestKubiakBoundSharp checks that W·ℓ·cos(Θ/2) ≥ 2R + margin is the exact limit: a straight
// rope with one kink of angle θ at its middle node is one run for θ just below the bound, and
// just above it the segments W+1 apart across the kink touch (Brute), so no larger turning
// could be allowed with this window and link length.
func TestKubiakBoundSharp(t *testing.T) {
	for _, tc := range []struct{ r, margin float64 }{{0.5, 0}, {0.5, 0.1}, {0.3, 0}, {0.6, 0.05}} {
		w := max(1, int(math.Floor(2.2*tc.r))+1) // rope.Strand.Window for link 1
		thStar := 2 * math.Acos((2*tc.r+tc.margin)/float64(w))
		for _, th := range []float64{thStar - 1e-6, thStar + 1e-6} {
			st := &rope.State{}
			// With an even W the kink is at the middle of the W links between the two
			// segments (their near ends W cos(θ/2) apart); an odd W has no middle node, so
			// this rope is only checked for agreement with Brute.
			const k0 = 10
			addStrand(st, tc.r, 1, polyline(vec.V3{}, 2*k0, func(i int) vec.V3 {
				if i < k0 {
					return vec.V3{X: 1}
				}
				return vec.V3{X: math.Cos(th), Y: math.Sin(th)}
			}))
			if st.Strands[0].Window != w {
				t.Fatalf("window %d, want %d", st.Strands[0].Window, w)
			}
			k := NewKubiak()
			k.Update(st)
			got := k.Self(nil, st, tc.margin)
			want := Brute{}.Self(nil, st, tc.margin)
			if !slices.Equal(got, want) {
				t.Fatalf("r %g θ %g: %s", tc.r, th, firstDiff(got, want))
			}
			oneRun := k.seg[0].Run == k.seg[len(k.seg)-1].Run
			if th < thStar && !oneRun {
				t.Errorf("r %g margin %g: θ = θ* − 1e-6 rad is not one run", tc.r, tc.margin)
			}
			if th > thStar && oneRun {
				t.Errorf("r %g margin %g: θ = θ* + 1e-6 rad passed the test", tc.r, tc.margin)
			}
			if w%2 == 0 && th > thStar && len(want) == 0 {
				t.Errorf("r %g margin %g: θ just above the bound and no contact", tc.r, tc.margin)
			}
		}
	}
}

// TestKubiakPaperBoundUnsound documents why the paper's Σ|α| ≤ 2π is not used: a planar
// polyline turning by less than 2π crosses itself, and a thick rope's hairpin turning by π
// touches itself.
func TestKubiakPaperBoundUnsound(t *testing.T) {
	st := &rope.State{}
	addStrand(st, 0.01, 1, []vec.V3{{}, {X: 10}, {Y: 1}, {X: 5, Y: -1}})
	k := NewKubiak()
	k.Update(st)
	root := k.nodes[k.roots[0]]
	if !(root.Theta < 2*math.Pi) {
		t.Fatalf("total turning %g, want < 2π", root.Theta)
	}
	p0, p1 := st.Seg(0)
	q0, q1 := st.Seg(2)
	if _, _, d2 := vec.ClosestSegSeg(p0, p1, q0, q1); d2 != 0 {
		t.Fatalf("segments 0 and 2 are %g apart, want crossing", math.Sqrt(d2))
	}
	// Window 1 here (R ≪ link), so segments 0 and 2 are tested: the crossing must be found.
	if got := k.Self(nil, st, 0); len(got) != 1 || got[0].A != 0 || got[0].B != 2 {
		t.Fatalf("contacts %+v, want the crossing (0,2)", got)
	}

	// Legs 10 long and 0.8 apart joined by a half circle, 21 links of about unit length;
	// thread diameter 1.
	st = &rope.State{}
	pts := sampleCurve(func(t float64) vec.V3 {
		switch {
		case t < 0.3:
			return vec.V3{X: -10 / 0.3 * (0.3 - t), Y: 0.4}
		case t > 0.7:
			return vec.V3{X: -10 / 0.3 * (t - 0.7), Y: -0.4}
		}
		a := math.Pi * (t - 0.3) / 0.4
		return vec.V3{X: 0.4 * math.Sin(a), Y: 0.4 * math.Cos(a)}
	}, 21)
	addStrand(st, 0.5, 1, pts)
	k.Update(st)
	if root := k.nodes[k.roots[0]]; !(root.Theta < 2*math.Pi) {
		t.Fatalf("hairpin: total turning %g, want < 2π", root.Theta)
	}
	want := Brute{}.Self(nil, st, 0)
	if len(want) == 0 {
		t.Fatal("hairpin: no contacts")
	}
	if got := k.Self(nil, st, 0); !slices.Equal(got, want) {
		t.Fatalf("hairpin: %s", firstDiff(got, want))
	}
}

// TestKubiakMargins checks that Self may change its margin between calls without an Update,
// larger (the table is refilled) or smaller, deterministically and without allocating.
func TestKubiakMargins(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, st := range []*rope.State{looseState(5, 400), tightState(5, 400)} {
		k1, k2 := NewKubiak(), NewKubiak()
		k1.Update(st)
		k2.Update(st)
		var got, again []Contact
		for i := 0; i < 30; i++ {
			margin := []float64{0, 0.05, 2, 0.1, 0.5 * rng.Float64()}[i%5]
			want := Brute{}.Self(nil, st, margin)
			got = k1.Self(got[:0], st, margin)
			again = k2.Self(again[:0], st, margin)
			if !slices.Equal(got, want) || !slices.Equal(again, want) {
				t.Fatalf("call %d margin %g: %s / %s", i, margin, firstDiff(got, want), firstDiff(again, want))
			}
		}
		dst := make([]Contact, 0, 1<<14)
		margins := []float64{0.1, 0.3, 0.05}
		i := 0
		allocs := testing.AllocsPerRun(30, func() {
			dst = k1.Self(dst[:0], st, margins[i%3])
			i++
		})
		if allocs != 0 {
			t.Errorf("%v allocs per Self with changing margins", allocs)
		}
	}
}

// BenchmarkKubiak compares Update+Self of kubiak with bvh, aabb and grid on the scenarios of
// BenchmarkSelf: a loose rope and a tight (knotted, compressed) one of 200, 1000 and 5000 links.
func BenchmarkKubiak(b *testing.B) {
	for _, shape := range []string{"loose", "tight"} {
		for _, n := range []int{200, 1000, 5000} {
			st := looseState(42, n)
			if shape == "tight" {
				st = tightState(42, n)
			}
			for _, name := range []string{"kubiak", "bvh", "aabb", "grid"} {
				b.Run(fmt.Sprintf("%s/n=%d/%s", shape, n, name), func(b *testing.B) {
					d, _ := New(name)
					d.Update(st)
					dst := d.Self(nil, st, benchMargin)
					b.ReportAllocs()
					for b.Loop() {
						d.Update(st)
						dst = d.Self(dst[:0], st, benchMargin)
					}
					b.ReportMetric(float64(len(dst)), "contacts")
				})
			}
		}
	}
}

// TestKubiakFarApart checks a scene far larger than its links (the cell edge is raised so cell
// coordinates do not overflow) and a rope of thick, short links (window > 2).
func TestKubiakFarApart(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, far := range []float64{1e3, 1e8, 1e12} {
		st := &rope.State{}
		addStrand(st, 0.5, 1, ball(rng, 200, 1, 5))
		addStrand(st, 0.5, 1, walk(rng, vec.V3{X: 1}, 100, 1, 0.5, 0))
		addStrand(st, 0.5, 1, walk(rng, vec.V3{X: far, Y: -far}, 100, 1, 0.3, 0))
		addStrand(st, 1.3, 0.5, walk(rng, vec.V3{X: far, Y: -far, Z: 2}, 100, 0.5, 0.6, 0))
		if st.Strands[3].Window < 5 {
			t.Fatalf("window %d", st.Strands[3].Window)
		}
		k := NewKubiak()
		k.Update(st)
		for _, margin := range []float64{0, 0.1} {
			want := Brute{}.Self(nil, st, margin)
			if got := k.Self(nil, st, margin); !slices.Equal(got, want) || len(want) == 0 {
				t.Fatalf("far %g margin %g: %d contacts: %s", far, margin, len(want), firstDiff(got, want))
			}
		}
	}
}
