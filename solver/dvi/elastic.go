package dvi

// Elastic forces of one strand: bending (Eq. 3 / App. C.1), bending dissipation (Eq. 5–6,
// App. A, App. B) and the quasi-static twist (Eq. 3, App. C.1–C.5 after Bergou et al. 2008 §7).
//
// Indexing (docs/dvi-brief.md): nodes x_0..x_n (n ≥ 1 links), link j from x_j to x_{j+1},
// E_j = x_{j+1} − x_j, t_j = E_j/|E_j|, rest length l_j (m); interior joint i = 1..n−1 sits
// at x_i with c_i = t_{i−1}·t_i (dimensionless), κb_i = 2·t_{i−1}×t_i/(1 + c_i) (|κb_i| =
// 2·tan(φ_i/2), dimensionless) and Voronoi length l̄_i = l_{i−1} + l_i (m, twice the Voronoi
// length, as the paper writes it). Paper node p is Go node p−1, paper edge e_p is link p−1,
// paper joint i (2..N_L) is Go joint i−1.
//
// Bending uses the unit-vector form of the energy, so its gradient is exact for any link
// lengths and the force a joint puts on the two nodes of a link is perpendicular to that link:
// a bent thread at rest carries no spurious tension, and the multipliers of Eq. 9 are the pure
// link tensions.
//
// Typos of the paper corrected here (docs/dvi-brief.md §1):
//   - Eq. 3 writes the bend term without a length although k_b is quoted in N·m²; C.1 divides
//     by l_i. We use E_b = Σ_i (4·EI/l̄_i)(1 − c_i)/(1 + c_i), which is C.1 with k_b = 2·EI and
//     tends to ∫ ½·EI·κ² ds.
//   - C.1's printed gradient is −½·∂E/∂x (a factor −2 is missing) of the fixed-length form
//     E_{i−1}·E_i/(l_{i−1}·l_i); we differentiate the unit-vector form exactly instead.
//   - Eq. 6 has the sign wrong (+∂P/∂ẋ would pump energy): F_b = −∂P_d/∂ẋ. In A.1, S^O has
//     x_{i+2} where x_{i+1} is meant, and S^E lacks its minus sign.
//   - C.2's denominators |e_{i−1}|, |e_i|, |e_i|, |e_{i+1}| make its middle pair cancel; the
//     correct ones are |E_{i−1}|, |E_{i−1}|, |E_i|, |E_i| (they agree only for equal links).
//     App. C also writes N_t (App. B's step count) where N_L is meant.
//   - C.4 equates an angle with h·velocity (a 1/l is missing); C.4's "−" and C.5's "+" are
//     consistent only with Δθ = θ_in − Ψ, the convention used here (see addTwistForces).
//
// None of these functions allocates. They panic (index out of range) if a slice is shorter
// than stated. A fully folded joint (c_i = −1) has infinite bending energy: the functions
// then return ±Inf or NaN and the caller must treat the step as failed.

import "github.com/knotsim/knotsim/vec"

// bendEnergy returns the bending energy of one strand (J),
//
//	E_b = Σ_{i=1}^{n−1} (4·EI/l̄_i)·(1 − c_i)/(1 + c_i) = Σ_i EI·|κb_i|²/l̄_i,
//
// the paper's App. C.1 with k_b = 2·EI (Eq. 3 lacks the 1/l̄, see the file comment); it tends
// to ∫ ½·EI·κ² ds. x are the node positions (m, len n+1), l the rest lengths (m, len n) and EI
// the bending stiffness (N·m²). It is evaluated as 4·EI·|t_{i−1}×t_i|²/(l̄_i·(1 + c_i)²), which
// equals the above and has no cancellation for nearly straight joints. Fewer than two links:
// 0.
func bendEnergy(x []vec.V3, l []float64, EI float64) float64 {
	n := len(x) - 1
	if n < 2 {
		return 0
	}
	var e float64
	tp := x[1].Sub(x[0]).Unit()
	for i := 1; i < n; i++ {
		t := x[i+1].Sub(x[i]).Unit()
		d := 1 + tp.Dot(t)
		e += 4 * EI * tp.Cross(t).Norm2() / ((l[i-1] + l[i]) * d * d)
		tp = t
	}
	return e
}

// cosines writes c[i] = c_i = t_{i−1}·t_i (dimensionless) for the joints i = 1..n−1 of the
// strand x (m, len n+1), and c[0] = c[n] = 1 (len(c) ≥ n+1). These are the β_i of Eq. 5.
func cosines(x []vec.V3, c []float64) {
	n := len(x) - 1
	if n < 0 {
		return
	}
	c[0], c[n] = 1, 1
	if n < 2 {
		return
	}
	tp := x[1].Sub(x[0]).Unit()
	for i := 1; i < n; i++ {
		t := x[i+1].Sub(x[i]).Unit()
		c[i] = tp.Dot(t)
		tp = t
	}
}

// addBendForces adds the bending force −∇E_b (N) of bendEnergy to f (len n+1) and returns
// gmax = max_i |g_i| (J, i.e. N·m per unit of cosine; 0 without joints), where
// g_i = ∂E_b/∂c_i = −8·EI/(l̄_i·(1 + c_i)²). For a straight chain of equal links gmax = EI/l,
// and the stiffness of a joint grows in proportion to |g_i|, so
// bendOmega2(EI, m, l)·gmax·l/EI estimates the largest squared bending frequency of a bent
// strand (an estimate, not a bound: up to 9 % low, see bendOmega2). Callers may ignore it.
//
// c is output: c[i] = c_i for i = 1..n−1 and c[0] = c[n] = 1 (len n+1), the cosines at x,
// ready to be kept as the next step's cPrev of addBendDamping.
//
// The force is the exact derivative of the unit-vector form (the brief's stencil; C.1 as
// printed is wrong, see the file comment): with a_i = (t_i − c_i·t_{i−1})/|E_{i−1}| and
// b_i = (t_{i−1} − c_i·t_i)/|E_i| (1/m), ∇_{x_{i−1}}c_i = −a_i, ∇_{x_i}c_i = a_i − b_i,
// ∇_{x_{i+1}}c_i = b_i, so
//
//	F_{i−1} += g_i·a_i,  F_i −= g_i·(a_i − b_i),  F_{i+1} −= g_i·b_i.
//
// The pair ±g_i·a_i on link i−1's nodes is perpendicular to t_{i−1}, and ±g_i·b_i on link
// i's nodes is perpendicular to t_i: bending puts no tension into the links. The forces sum
// to zero and have zero total torque about any point (E_b is invariant under rigid motion).
func addBendForces(x []vec.V3, l []float64, EI float64, c []float64, f []vec.V3) (gmax float64) {
	n := len(x) - 1
	if n < 0 {
		return 0
	}
	c[0], c[n] = 1, 1
	if n < 2 {
		return 0
	}
	_ = f[n]
	ep := x[1].Sub(x[0])
	lp := ep.Norm()
	tp := ep.Scale(1 / lp)
	for i := 1; i < n; i++ {
		e := x[i+1].Sub(x[i])
		le := e.Norm()
		t := e.Scale(1 / le)
		ci := tp.Dot(t)
		c[i] = ci
		d := 1 + ci
		g := -8 * EI / ((l[i-1] + l[i]) * d * d)
		if -g > gmax {
			gmax = -g
		}
		ga := t.Sub(tp.Scale(ci)).Scale(g / lp) // g_i·a_i
		gb := tp.Sub(t.Scale(ci)).Scale(g / le) // g_i·b_i
		f[i-1] = f[i-1].Add(ga)
		f[i] = f[i].Sub(ga).Add(gb)
		f[i+1] = f[i+1].Sub(gb)
		tp, lp = t, le
	}
	return gmax
}

// addBendDamping adds the bending dissipation force (N) of Eq. 5–6 and App. A to f (len n+1):
//
//	F_b = −∂P_d/∂ẋ = −k_d·Σ_i β̇_i·∇c_i,  β̇_i = (c_i − cPrev_i)/h  (App. B),
//
// with P_d = Σ_i ½·k_d·β̇_i² (W) and β_i = c_i. Eq. 6 prints +∂P_d/∂ẋ, which would pump
// energy; A.1 has x_{i+2} for x_{i+1} in S^O and drops the minus sign of S^E (corrected here;
// A.2's assembly is right). It is the stencil of addBendForces with k_d·β̇_i in place of g_i.
// x are the positions at step k (m), c the cosines at x (as written by cosines or
// addBendForces), cPrev those of step k−1, h the step (s) and kd the damping coefficient
// (N·m·s). Power: F_b·v = −k_d·Σ_i β̇_i·(∇c_i·v), which is −k_d·Σ_i β̇_i² ≤ 0 when β̇_i is the
// instantaneous rate ∇c_i·v, and differs from it by O(h) with the backward difference of
// App. B. Note β̇ = −sin φ·φ̇: small vibrations about straight are undamped to first order.
// The forces sum to zero with zero total torque.
func addBendDamping(x []vec.V3, c, cPrev []float64, h, kd float64, f []vec.V3) {
	n := len(x) - 1
	if n < 2 || kd == 0 {
		return
	}
	_ = f[n]
	s := kd / h
	ep := x[1].Sub(x[0])
	lp := ep.Norm()
	tp := ep.Scale(1 / lp)
	for i := 1; i < n; i++ {
		e := x[i+1].Sub(x[i])
		le := e.Norm()
		t := e.Scale(1 / le)
		ci := tp.Dot(t)
		k := s * (c[i] - cPrev[i]) // k_d·β̇_i (N·m)
		ka := t.Sub(tp.Scale(ci)).Scale(k / lp)
		kb := tp.Sub(t.Scale(ci)).Scale(k / le)
		f[i-1] = f[i-1].Add(ka)
		f[i] = f[i].Sub(ka).Add(kb)
		f[i+1] = f[i+1].Sub(kb)
		tp, lp = t, le
	}
}

// bendOmega2 returns the largest squared angular frequency (1/s²) of the discrete bending
// modes of a straight strand with node mass m (kg), link length l (m) and bending stiffness EI
// (N·m²): 16·EI/(m·l³). About straight, E_b = EI/(2l³)·Σ_i |x_{i+1} − 2x_i + x_{i−1}|²_⊥, whose
// stiffness EI/l³·D₂ᵀD₂ has the largest eigenvalue 16·EI/l³ in the zig-zag mode as n → ∞
// (TestBendOmega2 measures 15.97·EI/(m·l³) for n = 50 and 15.27 for n = 10, and lumped masses
// with half-mass ends give 15.97 and 15.32: still below 16). An explicit integrator is stable
// for h < 2/ω. Bent joints are stiffer, by about (2/(1 + c))²: scale by addBendForces'
// gmax·l/EI (TestBendOmega2Bent: the scaled value is 0.99–1.09 of the measured one for turns
// up to 1.5 rad per joint and overestimates by 1/0.69 at 2.2 rad).
func bendOmega2(EI, m, l float64) float64 {
	return 16 * EI / (m * l * l * l)
}
