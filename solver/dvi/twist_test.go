package dvi

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// A bent rod (a half sine of 10 cm on a 1 m chord, seed 004's 1 m, 20 g, 20 links, EI =
// 0.01, GJ = 0.02 N·m²) clamped at both ends (two nodes pinned each, both end frames driven),
// its end turned by 3 rad, no gravity, no damping, swings for 3 s: the torque starts at
// GJ·θ/L̄, and the total energy — kinetic, bending and the quasi-static twist energy of the
// accumulated holonomy (App. C) — stays within 1e-6 J (the twist force is the gradient of the
// twist energy along the holonomy it accumulates, so it neither pumps nor drains). Measured:
// 1.8e-7 J.
func TestTwistedRodKeepsEnergy(t *testing.T) {
	const L, M, n, R, th = 1.0, 0.02, 20, 0.0075, 3.0
	I := math.Pi * R * R * R * R / 4
	m := material.Material{Young: 0.01 / I, Shear: 0.02 / (2 * I), Friction: material.Friction{Static: 0.2, Kinetic: 0.1}}
	var curve []vec.V3
	for i := 0; i <= 2000; i++ {
		x := float64(i) / 2000
		curve = append(curve, vec.V3{X: x * L, Y: 0.1 * math.Sin(math.Pi*x)})
	}
	pts := rope.Resample(curve, n)
	w, s := ropeWorld(t, DefaultParams(), pts, M, R, vec.V3{}, m)
	st := w.State
	for _, i := range []int{0, 1, n - 1, n} {
		w.AddTool(world.Tool{Name: "clamp", Node: i, Target: st.Pos[i], Active: true})
	}
	if err := s.SetEndRotation(0, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEndRotation(0, 1, th); err != nil {
		t.Fatal(err)
	}
	steps(t, w, 1)
	_, tau0 := s.Twist(0)
	e := func() float64 { ms := s.Measure(st, vec.V3{}); return ms.Kinetic + ms.Elastic }
	e0 := e()
	var worst, peakK float64
	for range 3000 {
		steps(t, w, 1)
		worst = math.Max(worst, math.Abs(e()-e0))
		peakK = math.Max(peakK, s.Measure(st, vec.V3{}).Kinetic)
	}
	length := st.Strands[0].Link * n
	lbar := length * float64(n-1) / float64(n)
	t.Logf("torque %.5g N·m (GJ·θ/L̄ = %.5g), largest |E − E₀| %.3g J, peak kinetic %.3g J", tau0, 0.02*th/lbar, worst, peakK)
	if math.Abs(tau0/(0.02*th/lbar)-1) > 0.01 {
		t.Errorf("torque %.5g N·m, want GJ·θ/L̄ = %.5g", tau0, 0.02*th/lbar)
	}
	if peakK < 1e-6 {
		t.Fatalf("the twisted rod hardly moved (peak kinetic %.3g J)", peakK)
	}
	if worst > 1e-6 {
		t.Errorf("energy changed by %.3g J", worst)
	}
}
