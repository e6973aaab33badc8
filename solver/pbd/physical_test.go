package pbd

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// Seed 004 Figs. 8–9: a thread pinned at one end and pulled at the other by a constant 0.1 N
// carries 0.1 N in every link at rest. No gravity (the figure's analytic solution is the
// weightless one); the thread starts 30° off the force's line and swings into it.
func TestAxialForceSeed004Fig9(t *testing.T) {
	st := &rope.State{}
	d := vec.V3{X: math.Cos(math.Pi / 6), Y: math.Sin(math.Pi / 6)}
	addRope(t, st, 1e-4, 0.01, line(vec.V3{}, d, 100, 0.01), nylon(20))
	s := newPBD(t, DefaultParams())
	w := newWorld(t, st, s, vec.V3{}, 1e-3)
	p := pin(w, 0)
	f := pull(w, 100, vec.V3{X: 0.1})
	run(t, w, 3000)
	worst := 0.0
	for g := 0; g < 100; g++ {
		worst = math.Max(worst, relErr(s.Tension(g), 0.1))
	}
	fp := w.Tools[p].Applied
	ff := w.Tools[f].Applied
	t.Logf("tension: worst relative error %.2e over 100 links; tool forces: pull %v, pin %v; tip at %v", worst, ff, fp, st.Pos[100])
	if worst > 0.01 {
		t.Errorf("tension off by %.3g (> 1%%)", worst)
	}
	if relErr(ff.X, 0.1) > 0.01 || relErr(-fp.X, 0.1) > 0.01 {
		t.Errorf("tool forces %v and %v, want ±0.1 N along x", ff, fp)
	}
}

// Inextensibility: a 1 m USP 3-0-like nylon thread (100 links) pinned at one end and pulled
// with 10 N at the other, h = 1 ms, drifts less than 0.1 % in length at every step.
func TestInextensibleUnder10N(t *testing.T) {
	st := &rope.State{}
	d := vec.V3{X: math.Cos(math.Pi / 4), Y: math.Sin(math.Pi / 4)}
	addRope(t, st, 1e-4, 0.01, line(vec.V3{}, d, 100, 0.01), nylon(5))
	s := newPBD(t, DefaultParams())
	w := newWorld(t, st, s, vec.V3{Z: -9.81}, 1e-3)
	pin(w, 0)
	pull(w, 100, vec.V3{X: 10})
	steps := 2000
	if testing.Short() {
		steps = 300 // 256 substeps a step: slow under -race
	}
	run(t, w, steps)
	t.Logf("worst length drift %.3g %% over %d steps; substeps at the end %d; tension %.4f N", 100*w.Worst.LengthDrift, steps, w.Last.Iterations, s.Tension(50))
	if w.Worst.LengthDrift > 1e-3 {
		t.Errorf("length drift %.3g %% > 0.1 %%", 100*w.Worst.LengthDrift)
	}
}

// Catenary: a thread hanging between two fixed tools takes the shape
// y = c·cosh(x/c) − c·cosh(a/c), with L = 2c·sinh(a/c), once at rest.
func TestCatenary(t *testing.T) {
	const L, a, n = 1.0, 0.4, 100
	l := L / n
	h := math.Sqrt((L/2)*(L/2) - a*a)
	p := append(line(vec.V3{X: -a}, vec.V3{X: a, Z: -h}.Unit(), n/2, l), line(vec.V3{Z: -h}, vec.V3{X: a, Z: h}.Unit(), n/2, l)[1:]...)
	st := &rope.State{}
	addRope(t, st, 1e-4, l, p, nylon(10))
	s := newPBD(t, DefaultParams())
	w := newWorld(t, st, s, vec.V3{Z: -9.81}, 1e-3)
	pin(w, 0)
	pin(w, n)
	run(t, w, 4000)
	// c from L = 2c sinh(a/c) by bisection.
	lo, hi := 0.01, 100.0
	for range 200 {
		c := 0.5 * (lo + hi)
		if 2*c*math.Sinh(a/c) > L {
			lo = c
		} else {
			hi = c
		}
	}
	c := 0.5 * (lo + hi)
	curve := make([]vec.V3, 4001)
	for i := range curve {
		x := -a + 2*a*float64(i)/4000
		curve[i] = vec.V3{X: x, Z: c*math.Cosh(x/c) - c*math.Cosh(a/c)}
	}
	worst := 0.0
	for _, q := range st.Pos {
		best := math.Inf(1)
		for i := 0; i+1 < len(curve); i++ {
			_, d2 := vec.ClosestPointSeg(q, curve[i], curve[i+1])
			best = math.Min(best, d2)
		}
		worst = math.Max(worst, math.Sqrt(best))
	}
	t.Logf("catenary c = %.5f m, sag %.5f m; max deviation %.3g m = %.3g %% of the span; kinetic %.3g J", c, c*math.Cosh(a/c)-c, worst, 100*worst/(2*a), s.Measure(st, vec.V3{Z: -9.81}).Kinetic)
	if worst > 0.01*2*a {
		t.Errorf("max deviation %.3g m > 1 %% of the span", worst)
	}
}
