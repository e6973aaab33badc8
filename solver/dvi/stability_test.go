package dvi

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// A taut thread rings no more than it was laid out to: seed 004's 1 m, 10 g thread of 100
// links, laid as a sine of 1 mm across the line of two 1.2 N force tools that pull its ends
// apart, no damping, h = 1 ms. Its total energy (kinetic, bending, the tools' −F·x) is
// conserved, so the kinetic energy can never exceed what the sine stored: W0 = F·(L − the ends'
// distance) plus its bending energy. The substep count must see the tension's stiffness
// (ω² = 4·T/(m·l): ωh = 2.2 at one substep a millisecond) to keep it so.
func TestTautThreadSteady(t *testing.T) {
	const n, F = 100, 1.2
	pts := make([]vec.V3, n+1)
	for i := range pts {
		x := float64(i) / n * 0.99
		pts[i] = vec.V3{X: x, Y: 0.001 * math.Sin(3*math.Pi*x)}
	}
	w, s := ropeWorld(t, DefaultParams(), pts, 0.01, 1e-3, vec.V3{}, soft)
	w.AddTool(world.Tool{Name: "left", Node: 0, Mode: solver.HoldForce, Force: vec.V3{X: -F}, Active: true})
	w.AddTool(world.Tool{Name: "right", Node: n, Mode: solver.HoldForce, Force: vec.V3{X: F}, Active: true})
	var L float64
	for i := 1; i < len(pts); i++ {
		L += pts[i].Dist(pts[i-1])
	}
	energy := func() float64 {
		m := s.Measure(w.State, w.Gravity)
		return m.Kinetic + m.Elastic - F*(w.State.Pos[n].X-w.State.Pos[0].X)
	}
	W0 := F*(L-pts[n].Dist(pts[0])) + bendEnergy(pts, s.rest, s.sd[0].EI)
	E0 := energy()
	var keMax, drift float64
	sub := 0
	for k := 1; k <= 3000; k++ {
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		sub += s.LastSubsteps()
		keMax = math.Max(keMax, s.Measure(w.State, w.Gravity).Kinetic)
		drift = math.Max(drift, math.Abs(energy()-E0))
	}
	t.Logf("laid out with %.3g J: kinetic energy up to %.3g J, total energy within %.3g J; %.2f substeps a step", W0, keMax, drift, float64(sub)/3000)
	if keMax > W0 {
		t.Errorf("kinetic energy reached %.3g J, more than the %.3g J the thread was laid out with", keMax, W0)
	}
	if drift > 0.1*W0 {
		t.Errorf("total energy strayed by %.3g J (laid out with %.3g J)", drift, W0)
	}
}

// A tight knot comes to rest: the overhand of BenchmarkKnot100 (1 m, 10 g, 100 links, R = 1
// mm, damping 1/s) pulled by 0.5 N on each end for 2 s, then 6 s more: its mean kinetic energy
// over s 6–8 must be below a tenth of that over s 2–4 and, with friction, still falling.
// Without friction (the knot free to slide along the thread) it levels off at about 10 µJ
// (1.5e-5, 1.0e-5, 7.5e-6, 6.0e-6, 8.3e-6 J over s 6–16 in one run): not quite at rest, where it
// used to hold 12 mJ.
func TestKnotComesToRest(t *testing.T) {
	for _, c := range []struct {
		name     string
		mus, muk float64
		falling  bool
	}{{"friction", 0.3, 0.2, true}, {"frictionless", 0, 0, false}} {
		t.Run(c.name, func(t *testing.T) {
			const r = 1e-3
			m := soft
			m.Damping = 1
			m.Friction.Static, m.Friction.Kinetic = c.mus, c.muk
			w, s := overhand100(t, DefaultParams(), m)
			var ke [4]float64 // mean over each 2 s
			sub := 0
			for k := 0; k < 8000; k++ {
				if err := w.Step(); err != nil {
					t.Fatalf("step %d: %v", k, err)
				}
				ke[k/2000] += s.Measure(w.State, w.Gravity).Kinetic / 2000
				sub += s.LastSubsteps()
			}
			t.Logf("mean kinetic energy over each 2 s: %.3g J; %.2f substeps a step; worst overlap %.3f R", ke, float64(sub)/8000, w.Worst.SelfOverlap/r)
			if ke[3] > ke[1]/10 || (c.falling && ke[3] > ke[2]) {
				t.Errorf("kinetic energy %.3g J over s 6–8 (%.3g J over s 2–4): the knot does not come to rest", ke[3], ke[1])
			}
			if w.Worst.SelfOverlap > 0.25*r {
				t.Errorf("worst overlap %.3f R", w.Worst.SelfOverlap/r)
			}
		})
	}
}

// A thin suture pulled taut at a position tool's force cap keeps stepping: 60 links of 0.5 mm
// of 3-0 silk (the silk-3-0 preset, 0.2 mm), its right end's tool moving away 10 µm a step
// until it pulls with MaxGraspForce (50 N). The tension's stiffness then asks for about 2,700
// substeps a millisecond, more than MaxSubsteps: the step is taken at MaxSubsteps (what rings
// beyond is held by the motion guard) instead of refused, as the bending's count alone (89)
// had taken it.
func TestThinSutureAtGraspCap(t *testing.T) {
	const n, l, r = 60, 0.5e-3, 0.1e-3
	silk, err := material.Preset("silk-3-0")
	if err != nil {
		t.Fatal(err)
	}
	pts := make([]vec.V3, n+1)
	for i := range pts {
		pts[i] = vec.V3{X: float64(i) * l * 0.999}
	}
	w, s := ropeWorld(t, DefaultParams(), pts, silk.Density*math.Pi*r*r*n*l, r, vec.V3{}, silk)
	w.AddTool(world.Tool{Name: "left", Node: 0, Target: pts[0], Active: true})
	ri := w.AddTool(world.Tool{Name: "right", Node: n, Target: pts[n], Active: true})
	for k := 0; k < 100; k++ {
		w.Tools[ri].Target = pts[n].Add(vec.V3{X: 1e-5 * float64(k)})
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
	}
	f := w.Tools[ri].Applied.Norm()
	var strain float64
	for i := 0; i < n; i++ {
		p, q := w.State.Pos[i], w.State.Pos[i+1]
		if !p.IsFinite() || !q.IsFinite() {
			t.Fatalf("node %d not finite", i)
		}
		strain = math.Max(strain, math.Abs(p.Dist(q)/s.rest[i]-1))
	}
	t.Logf("%d substeps a step; the tool pulls %.4g N; links within %.2g of their length", s.LastSubsteps(), f, strain)
	if math.Abs(f-DefaultParams().MaxGraspForce) > 1e-6*f {
		t.Errorf("the tool pulls %.4g N, want its cap %g N", f, DefaultParams().MaxGraspForce)
	}
	if strain > 1e-6 {
		t.Errorf("a link is off its length by %.2g", strain)
	}
}
