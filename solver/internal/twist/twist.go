// Package twist is the quasi-static twist of a thread (seed 004 Eq. 3 and App. C.1–C.5, after
// Bergou et al. 2008 §7; seed 003 §4.1.3 does the same in its implicit step): torsional waves
// are far faster than bending ones, so the twist is spread evenly between two ends whose
// material frames are driven, and only its forces on the centre line are computed. Shared by
// the solvers dvi and implicit; the tests of these functions are dvi's (elastic_test.go,
// against the exact parallel transport).
//
// Node x_0..x_n (n links), link j from x_j to x_{j+1}, t_j its unit tangent; interior joint i
// at x_i with κb_i = 2·t_{i−1}×t_i/(1 + t_{i−1}·t_i). None of these functions allocates.
package twist

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// HolonomyGrad writes into gpsi (len n+1, 1/m) the gradient ∇Ψ = Σ_i ∇ψ_i, with respect to
// every node of the strand x (m, len n+1), of the accumulated twist Ψ (rad) of the strand's
// space-parallel (Bishop) frame: the signed angle about t_{n−1}, from a reference frame carried
// by time-parallel transport at the last link to the first link's frame (itself carried by
// time-parallel transport) space-parallel-transported along the polyline to the last link.
// For a displacement dx, dΨ = ∇Ψ·dx to first order (TestTwistHolonomyGrad checks it against
// that exact transport). Per joint (Bergou et al. 2008 §7; seed 004 App. C.2 with its denominators
// corrected, see the file comment):
//
//	∇_{x_{i−1}}ψ_i = κb_i/(2|E_{i−1}|),  ∇_{x_{i+1}}ψ_i = −κb_i/(2|E_i|),
//	∇_{x_i}ψ_i = −(∇_{x_{i−1}}ψ_i + ∇_{x_{i+1}}ψ_i).
//
// Integrate Ψ^{k+1} = Ψ^k + ∇Ψ(x^{k+½})·(x^{k+1} − x^k) (seed 004 App. C.5 with the 1/l of C.4 restored,
// at the midpoint). The gradient sums to zero (Ψ is invariant under translation) but not its
// torque: a rigid rotation of a bent strand changes Ψ, and the clamps take that torque.
func HolonomyGrad(x []vec.V3, gpsi []vec.V3) {
	n := len(x) - 1
	if n < 0 {
		return
	}
	gpsi = gpsi[:n+1]
	for i := range gpsi {
		gpsi[i] = vec.V3{}
	}
	if n < 2 {
		return
	}
	ep := x[1].Sub(x[0])
	lp := ep.Norm()
	tp := ep.Scale(1 / lp)
	for i := 1; i < n; i++ {
		e := x[i+1].Sub(x[i])
		le := e.Norm()
		t := e.Scale(1 / le)
		kb := tp.Cross(t).Scale(2 / (1 + tp.Dot(t))) // κb_i
		p := kb.Scale(1 / (2 * lp))                  // ∇_{x_{i−1}}ψ_i
		q := kb.Scale(1 / (2 * le))                  // −∇_{x_{i+1}}ψ_i
		gpsi[i-1] = gpsi[i-1].Add(p)
		gpsi[i] = gpsi[i].Sub(p).Add(q)
		gpsi[i+1] = gpsi[i+1].Sub(q)
		tp, lp = t, le
	}
}

// Energy returns the twist energy E = GJ·Δθ²/(2·L̄) (J) of Eq. 3 and the twisting moment
// τ = ∂E/∂Δθ = GJ·Δθ/L̄ (N·m) carried uniformly along the strand (Fig. 12). dtheta is the
// total twist Δθ = θ_in − Ψ (rad, see AddForces), GJ the torsional stiffness (N·m²,
// the paper's k_t) and L̄ = ½·Σ_{i=1}^{n−1} l̄_i = Σ_j l_j − ½(l_0 + l_{n−1}) (m) from the rest
// lengths l (len n): the length between the midpoints of the end links, over which the
// quasi-static twist is spread (seed 004 Eq. 3; the paper uses current lengths, equal on the
// constraint manifold). A strand of one link has no joint and L̄ = 0: it returns 0, 0.
func Energy(dtheta, GJ float64, l []float64) (E, tau float64) {
	n := len(l)
	if n < 2 {
		return 0, 0
	}
	var sum float64
	for _, lj := range l {
		sum += lj
	}
	lbar := sum - 0.5*(l[0]+l[n-1])
	tau = GJ * dtheta / lbar
	return 0.5 * tau * dtheta, tau
}

// AddForces adds the twist force −∂E_t/∂x (N) to f (len n+1), where gpsi = ∇Ψ (1/m) from
// HolonomyGrad and tau = GJ·Δθ/L̄ (N·m) from Energy.
//
// Sign convention: Δθ = θ_in − Ψ, where θ_in (rad) is the clamp angle of the last end
// relative to the first (both measured against time-parallel-transported frames) and Ψ the
// accumulated holonomy of HolonomyGrad. Then E_t = GJ·(θ_in − Ψ)²/(2L̄) and
// −∂E_t/∂x = +GJ·(θ_in − Ψ)/L̄·∇Ψ = +τ·∇Ψ: f_i += τ·gpsi_i (seed 004 App. C.1–C.2; checked against finite
// differences of E_t with the exactly transported Ψ in TestTwistForcesAreEnergyGradient).
// The forces sum to zero.
func AddForces(gpsi []vec.V3, tau float64, f []vec.V3) {
	f = f[:len(gpsi)]
	for i, g := range gpsi {
		f[i] = f[i].Add(g.Scale(tau))
	}
}

// State is the twist of one strand: the angles its two end drives impose and the accumulated
// holonomy Ψ of its centre line. Twist acts only while both ends are driven.
type State struct {
	On     [2]bool    // the end's frame is driven (Set)
	Angle  [2]float64 // the end's rotation about its link, rad
	Psi    float64    // accumulated holonomy since both ends were driven, rad
	DTheta float64    // θ_in − Ψ at the last force evaluation, rad
	Tau    float64    // the twisting moment there, N·m
}

// Set prescribes end's (0: first link, 1: last) rotation about its link, rad, relative to its
// frame when the drive was set.
func (s *State) Set(end int, angle float64) error {
	if end < 0 || end > 1 {
		return fmt.Errorf("no end %d (0 or 1)", end)
	}
	if math.IsNaN(angle) || math.IsInf(angle, 0) {
		return fmt.Errorf("end rotation %v is not finite", angle)
	}
	s.On[end], s.Angle[end] = true, angle
	return nil
}

// Release lets end rotate freely: the twist relaxes at once (no torsional inertia) and Ψ
// restarts from zero when both ends are driven again.
func (s *State) Release(end int) {
	if end == 0 || end == 1 {
		s.On[end], s.Angle[end] = false, 0
		s.Psi, s.DTheta, s.Tau = 0, 0, 0
	}
}

// Active reports whether both ends are driven.
func (s *State) Active() bool { return s.On[0] && s.On[1] }

// Forces sets DTheta and Tau at x (m, the strand's nodes; l its rest lengths, m; GJ its
// torsional stiffness, N·m²), writes ∇Ψ(x) into gpsi and adds the twist forces to f (N). An
// inactive twist sets both to zero and adds nothing.
func (s *State) Forces(x []vec.V3, l []float64, GJ float64, gpsi, f []vec.V3) {
	s.DTheta, s.Tau = 0, 0
	if !s.Active() {
		return
	}
	HolonomyGrad(x, gpsi)
	s.DTheta = s.Angle[1] - s.Angle[0] - s.Psi
	_, s.Tau = Energy(s.DTheta, GJ, l)
	AddForces(gpsi, s.Tau, f)
}

// Accumulate adds to Ψ the holonomy of the motion from x0 to x1 (App. C.5, the gradient
// averaged at both ends: second order). gpsi holds ∇Ψ(x0) on entry (as Forces left it) and
// ∇Ψ(x1) on return. Inactive: nothing.
func (s *State) Accumulate(x0, x1, gpsi []vec.V3) {
	if !s.Active() {
		return
	}
	var d0, d1 float64
	for i := range x1 {
		d0 += gpsi[i].Dot(x1[i].Sub(x0[i]))
	}
	HolonomyGrad(x1, gpsi)
	for i := range x1 {
		d1 += gpsi[i].Dot(x1[i].Sub(x0[i]))
	}
	s.Psi += 0.5 * (d0 + d1)
}
