package dvi

// The multiplier solve of one strand: the link tensions that keep every link at its length
// after the step (Eq. 9–13 and App. D of Wang, Fratarcangeli, Ruimi & Srinivasa 2017).
//
// Unknowns. The paper solves for λ_j; we solve for the link tension T_j (N, positive when the
// link is stretched), which is better scaled. With t_j the unit direction of link j at x^k,
// Eq. 9 (= D.2) becomes
//
//	x_i = x̄_i + h²·w_i·(T_i·t_i − T_{i−1}·t_{i−1}),   T_{−1} = T_m = 0,
//
// which is D.2 with λ_j = −h·T_j/(2·l_j) once D.2's unnormalised edge e_j = x_{j+1} − x_j is
// written as l_j·t_j. Because λ is a fixed diagonal rescaling of T, the Newton iterates (Eq. 13)
// and the contraction iterates (Eq. 10) are the same as the paper's, expressed in T.
//
// Link j after the step is then
//
//	e⁺_j = x_{j+1} − x_j = ē_j + Σ_k T_k·c_jk,    ē_j = x̄_{j+1} − x̄_j,
//	c_{j,j−1} = h²·w_j·t_{j−1},   c_{jj} = −h²·(w_j + w_{j+1})·t_j,   c_{j,j+1} = h²·w_{j+1}·t_{j+1},
//
// and the constraint (Eq. 1, D.6) is g_j(T) = |e⁺_j|² − L_j² = 0, quadratic in T.
//
// Typo fixes relied on (App. D as printed is not used; everything is derived from x_i above):
//   - App. D writes e for unnormalised edges, contradicting §4.1's unit e; we use unit t_j
//     taken at x^k (the constraint gradient directions, fixed during the solve).
//   - D.3's α_i = −2hλ_i/m_i uses one node's mass for both links of a node; that is exact only
//     for equal masses and wrong at the half-mass ends and at grasped or pinned nodes. The
//     coefficients c_jk above carry each node's own inverse mass w.
//   - D.7 lacks α in its first term, and the printed matrix A lacks D.7's factor 2. Here
//     A_jk = 2·ē_j·c_jk and B_jk(T) = d_j(T)·c_jk with d_j = Σ_k T_k·c_jk, so that
//     A·T + B(T)·T = 2·ē_j·d_j + |d_j|² = |e⁺_j|² − |ē_j|² exactly.
//   - §5.2 writes the contraction as [A + B(λ_n)]λ_{n−1} = R; λ_{n+1} is meant.
//
// Both iterations are run in increment form, K(T⁽ⁿ⁾)·ΔT = g(T⁽ⁿ⁾), T⁽ⁿ⁺¹⁾ = T⁽ⁿ⁾ + ΔT:
//   - Newton (Eq. 12–13): K = −∂g/∂T = −(A + 2B(T⁽ⁿ⁾)), row j built from 2·e⁺_j.
//   - Contraction (Eq. 10): K = −(A + B(T⁽ⁿ⁾)), row j built from ē_j + e⁺_j = 2ē_j + d_j. Since
//     R − [A + B(T⁽ⁿ⁾)]·T⁽ⁿ⁾ = −g(T⁽ⁿ⁾), this gives exactly the iterate of
//     [A + B(T⁽ⁿ⁾)]·T⁽ⁿ⁺¹⁾ = R, with less round-off near convergence.
//
// The sign flip K = −J makes the pivots positive for a sane step (the diagonal is
// h²(w_j + w_{j+1})·s·t_j with s ≈ 2l_j·t_j). The matrix is tridiagonal and non-symmetric and is
// solved by the Thomas algorithm without pivoting. It is diagonally dominant while e⁺_j is within
// about 60° of t_j; a non-positive, tiny or non-finite pivot means the step is too large and is
// reported as an error (the caller halves the step, §3).
//
// Both methods need g(T⁽ⁿ⁾) at every iterate for the stopping test, so in this form one
// iteration costs the same for both; Newton's only extra work in the paper (re-evaluating
// Eq. 13's right-hand side) is shared here. Newton converges quadratically, the contraction
// linearly with a rate of order |d_j|/|ē_j| (the relative size of the correction).
//
// Extensible links (the paper's footnote 4, in the compliant form of the brief): when
// ea[j] > 0 the target length is L_j = l_j·(1 + T_j/EA_j), implicit in the stretch, and
// g_j = |e⁺_j|² − l_j²·(1 + T_j/EA_j)², still quadratic in T and of the same scale as the
// inextensible residual (g_j/(2l_j²) ≈ relative length error). Newton adds
// −∂(−L_j²)/∂T_j = 2l_j²(1 + T_j/EA_j)/EA_j to K_jj. The contraction splits −L_j² like the
// paper splits |e⁺|²: its T-independent part l_j² stays in R, its linear part −2l_j²T_j/EA_j
// joins A and its quadratic part −l_j²T_j²/EA_j² joins B(T) (frozen at T⁽ⁿ⁾), so K_jj gains
// l_j²(2 + T_j⁽ⁿ⁾/EA_j)/EA_j and the fixed point is again g = 0.
//
// Links whose both nodes are pinned (w_j = w_{j+1} = 0) of an inextensible strand cannot be
// moved by any tension and their T_j acts on nothing: such a row is replaced by ΔT_j = 0 (T_j
// keeps its warm start) and is left out of the stopping test, so a pinned pair held at the
// wrong distance does not make the solve fail forever.

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Errors of the multiplier solve. The caller treats each as "the step is too large" (§3).
var (
	errTensionPivot      = errors.New("dvi: tension solve: vanishing or non-finite pivot")
	errTensionNonFinite  = errors.New("dvi: tension solve: non-finite value")
	errTensionNoConverge = errors.New("dvi: tension solve: no convergence")
)

// tensionPivotTol is the smallest accepted Thomas pivot relative to the sum of the absolute
// values of its original row (dimensionless).
const tensionPivotTol = 1e-10

// tensionSolver is the scratch of the multiplier solve of one strand, reused across steps
// (no allocation once sized).
type tensionSolver struct {
	eb  []vec.V3  // ē_j = x̄_{j+1} − x̄_j, the unconstrained link (m); len m
	ep  []vec.V3  // e⁺_j(T), the link after the step at the current iterate (m); len m
	lo  []float64 // sub-diagonal of K, K_{j,j−1} (m²/N); len m, lo[0] unused
	di  []float64 // diagonal of K, then the Thomas pivots (m²/N); len m
	up  []float64 // super-diagonal of K, K_{j,j+1} (m²/N); len m, up[m−1] unused
	rhs []float64 // g_j(T) (m²), then the increment ΔT_j (N); len m
	t0  []float64 // the warm start, restored on failure (N); len m
	tb  []float64 // the iterate before the current increment (N); len m
	dt  []float64 // the current increment ΔT (N); len m

	// trace, when non-nil, is called at every iterate with the iteration number (0 = the warm
	// start) and the residual max_j |g_j|/(2 l_j²) (dimensionless). For tests and debugging.
	trace func(it int, res float64)
}

// size makes the scratch hold m links, allocating only when it grows.
func (ts *tensionSolver) size(m int) {
	if cap(ts.rhs) < m {
		ts.eb = make([]vec.V3, m)
		ts.ep = make([]vec.V3, m)
		ts.lo = make([]float64, m)
		ts.di = make([]float64, m)
		ts.up = make([]float64, m)
		ts.rhs = make([]float64, m)
		ts.t0 = make([]float64, m)
		ts.tb = make([]float64, m)
		ts.dt = make([]float64, m)
	}
	ts.eb, ts.ep = ts.eb[:m], ts.ep[:m]
	ts.lo, ts.di, ts.up = ts.lo[:m], ts.di[:m], ts.up[:m]
	ts.rhs, ts.t0 = ts.rhs[:m], ts.t0[:m]
	ts.tb, ts.dt = ts.tb[:m], ts.dt[:m]
}

// solve finds the link tensions T (N, positive when the link is stretched; len m = number of
// links; len(xbar) = len(w) = m+1; len(t) = len(l) = m) such that the positions
//
//	x_i = xbar_i + h²·w_i·(T_i·t_i − T_{i−1}·t_{i−1})      (T_{−1} = T_m = 0)
//
// satisfy, for every link j, |x_{j+1} − x_j| = L_j, where L_j = l_j (inextensible), or, when
// ea != nil and ea[j] > 0, L_j = l_j·(1 + T_j/ea[j]) (extensible: ea is the axial stiffness EA,
// N; the compliant form of the paper's footnote 4, implicit in the stretch).
//
// xbar: the unconstrained prediction (m); t: unit directions of the links at x^k (fixed during
// the solve); w: inverse masses (1/kg; 0 = pinned; including any implicit tool spring); l: rest
// lengths (m); h: time step (s). T holds the warm start on entry and the solution on exit.
// newton selects Newton–Raphson (Eq. 13) instead of the paper's contraction mapping (Eq. 10,
// App. D). It stops when max_j |g_j|/(2 l_j²) ≤ tol (dimensionless), g_j = |e⁺_j|² − L_j² (m²),
// and returns the number of linear solves taken (0 if the warm start already satisfies tol).
// It returns an error when a pivot vanishes or is non-finite, a value turns non-finite, or tol
// is not met after maxIter iterations; T then holds the warm start again (non-finite warm-start
// entries are zeroed), never NaN. It does not allocate once ts has been used with the same m
// (its errors are sentinel values: errors.Is tells them apart).
func (ts *tensionSolver) solve(xbar, t []vec.V3, w, l, ea []float64, h float64, T []float64, newton bool, tol float64, maxIter int) (int, error) {
	m := len(t)
	if len(xbar) != m+1 || len(w) != m+1 || len(l) != m || len(T) != m || (ea != nil && len(ea) != m) {
		return 0, fmt.Errorf("dvi: tension solve: inconsistent lengths: %d links, %d positions, %d inverse masses, %d rest lengths, %d tensions, %d stiffnesses",
			m, len(xbar), len(w), len(l), len(T), len(ea))
	}
	if m == 0 {
		return 0, nil
	}
	ts.size(m)
	copy(ts.t0, T)
	for j := range ts.eb {
		ts.eb[j] = xbar[j+1].Sub(xbar[j])
	}
	h2 := h * h
	res, ok := ts.residuals(t, w, l, ea, h2, T)
	for it := 0; ; it++ {
		if ts.trace != nil {
			ts.trace(it, res)
		}
		if !ok {
			ts.restore(T)
			return it, errTensionNonFinite
		}
		if res <= tol {
			return it, nil
		}
		if it >= maxIter {
			ts.restore(T)
			return it, errTensionNoConverge
		}
		ts.assemble(t, w, l, ea, h2, T, newton)
		if _, ok := ts.thomas(); !ok {
			// A pivot gave way (the iterate left the region where the matrix is diagonally
			// dominant): one step with the diagonal raised to dominance instead, a damped
			// quasi-Newton step that always exists while the diagonal is positive.
			ts.residuals(t, w, l, ea, h2, T)
			ts.assemble(t, w, l, ea, h2, T, newton)
			for k := range ts.di {
				if ts.di[k] > 0 {
					ts.di[k] = math.Max(ts.di[k], 1.01*(math.Abs(ts.lo[k])+math.Abs(ts.up[k])))
				}
			}
			if _, ok := ts.thomas(); !ok {
				ts.restore(T)
				return it, errTensionPivot
			}
		}
		copy(ts.tb, T)
		copy(ts.dt, ts.rhs)
		// Backtracking: an increment that raises the residual is halved (up to 8 times; a
		// full Newton step from far away overshoots where the links turn).
		alpha := 1.0
		for try := 0; ; try++ {
			for j, d := range ts.dt {
				T[j] = ts.tb[j] + alpha*d
			}
			var r float64
			r, ok = ts.residuals(t, w, l, ea, h2, T)
			if (ok && r < res) || try >= 8 {
				res = r
				break
			}
			alpha *= 0.5
		}
		for j := range T {
			if math.IsNaN(T[j]) || math.IsInf(T[j], 0) {
				ts.restore(T)
				return it, errTensionNonFinite
			}
		}
	}
}

// restore puts the warm start back into T, zeroing any non-finite entry, so that T is finite
// after a failed solve.
func (ts *tensionSolver) restore(T []float64) {
	copy(T, ts.t0)
	for j, v := range T {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			T[j] = 0
		}
	}
}

// decoupled reports whether link j of an inextensible strand joins two pinned nodes, so that
// no tension can move it.
func decoupled(j int, w, ea []float64) bool {
	return w[j] == 0 && w[j+1] == 0 && (ea == nil || !(ea[j] > 0))
}

// residuals evaluates, at the tensions T (N), the links after the step e⁺_j (m) into ts.ep and
// g_j = |e⁺_j|² − L_j² (m²) into ts.rhs, and returns max_j |g_j|/(2 l_j²) over the links that
// can move (dimensionless). ok is false when a value is non-finite. h2 is h² (s²); ts.eb must
// hold ē.
func (ts *tensionSolver) residuals(t []vec.V3, w, l, ea []float64, h2 float64, T []float64) (float64, bool) {
	return ts.residualsFrom(nil, t, w, l, ea, h2, T)
}

// residualsFrom is residuals with ē taken from the nodes x (ē_j = x_{j+1} − x_j, stored in
// ts.eb in the same pass) when x is not nil.
func (ts *tensionSolver) residualsFrom(x, t []vec.V3, w, l, ea []float64, h2 float64, T []float64) (float64, bool) {
	m := len(t)
	eb, ep, g := ts.eb, ts.ep, ts.rhs
	if x != nil {
		x = x[:m+1]
	}
	// The largest |g_j|/(2 l_j²) is tracked as the pair (gb, lb2) = (|g_j|, l_j²), compared by
	// cross-multiplication: one division in all, not one a link (a division a link was a
	// third of this loop's time in the tight knot of BenchmarkKnot100).
	gb, lb2 := 0.0, 1.0
	for j := 0; j < m; j++ {
		if x != nil {
			eb[j] = x[j+1].Sub(x[j])
		}
		// d_j/h² = w_j T_{j−1} t_{j−1} − (w_j + w_{j+1}) T_j t_j + w_{j+1} T_{j+1} t_{j+1}
		d := t[j].Scale(-(w[j] + w[j+1]) * T[j])
		if j > 0 {
			d = d.Add(t[j-1].Scale(w[j] * T[j-1]))
		}
		if j+1 < m {
			d = d.Add(t[j+1].Scale(w[j+1] * T[j+1]))
		}
		e := eb[j].Add(d.Scale(h2))
		ep[j] = e
		L := l[j]
		if ea != nil && ea[j] > 0 {
			L *= 1 + T[j]/ea[j]
		}
		gj := e.Norm2() - L*L
		g[j] = gj
		a, l2 := math.Abs(gj), l[j]*l[j]
		if !(a <= math.MaxFloat64) {
			return math.Inf(1), false
		}
		if a*lb2 > gb*l2 && !decoupled(j, w, ea) {
			gb, lb2 = a, l2
		}
	}
	return gb / (2 * lb2), true
}

// assemble fills the tridiagonal K (m²/N) of K·ΔT = g at the tensions T (N): K = −(A + 2B(T))
// = −∂g/∂T for Newton (Eq. 13), K = −(A + B(T)) for the contraction (Eq. 10), with the
// extensible terms described at the top of this file. ts.ep and ts.rhs must hold e⁺(T) and
// g(T) from residuals; h2 is h² (s²).
func (ts *tensionSolver) assemble(t []vec.V3, w, l, ea []float64, h2 float64, T []float64, newton bool) {
	for j := range t {
		ts.assembleRow(j, t, w, l, ea, h2, T, newton)
	}
}

// assembleRow sets row j of assemble's system (lo, di, up; and the right-hand side of a
// decoupled link).
func (ts *tensionSolver) assembleRow(j int, t []vec.V3, w, l, ea []float64, h2 float64, T []float64, newton bool) {
	m := len(t)
	lo, di, up, g := ts.lo, ts.di, ts.up, ts.rhs
	// Row j of A + 2B is 2e⁺_j·c_jk, row j of A + B is (ē_j + e⁺_j)·c_jk.
	var s vec.V3
	if newton {
		s = ts.ep[j].Scale(2)
	} else {
		s = ts.eb[j].Add(ts.ep[j])
	}
	lo[j], up[j] = 0, 0
	if j > 0 {
		lo[j] = -h2 * w[j] * s.Dot(t[j-1])
	}
	if j+1 < m {
		up[j] = -h2 * w[j+1] * s.Dot(t[j+1])
	}
	d := h2 * (w[j] + w[j+1]) * s.Dot(t[j])
	if ea != nil && ea[j] > 0 {
		l2 := l[j] * l[j]
		if newton {
			d += 2 * l2 * (1 + T[j]/ea[j]) / ea[j]
		} else {
			d += l2 * (2 + T[j]/ea[j]) / ea[j]
		}
	} else if w[j] == 0 && w[j+1] == 0 {
		d, g[j] = 1, 0 // decoupled: ΔT_j = 0 (its lo and up are already 0)
	}
	di[j] = d
}

// thomas solves the tridiagonal system held in ts.lo, ts.di, ts.up with right-hand side ts.rhs
// by the Thomas algorithm (no pivoting, O(m)), leaving the solution ΔT (N) in ts.rhs. It
// returns ok = false and the link index when a pivot is not positive, is below
// tensionPivotTol times its original row's size, or is not finite.
func (ts *tensionSolver) thomas() (int, bool) {
	lo, di, up, r := ts.lo, ts.di, ts.up, ts.rhs
	m := len(di)
	p := di[0]
	if sc := math.Abs(p) + math.Abs(up[0]); !(p > tensionPivotTol*sc) || math.IsInf(p, 0) {
		return 0, false
	}
	for j := 1; j < m; j++ {
		sc := math.Abs(lo[j]) + math.Abs(di[j]) + math.Abs(up[j])
		f := lo[j] / p
		p = di[j] - f*up[j-1]
		if !(p > tensionPivotTol*sc) || math.IsInf(p, 0) {
			return j, false
		}
		di[j] = p
		r[j] -= f * r[j-1]
	}
	r[m-1] /= di[m-1]
	for j := m - 2; j >= 0; j-- {
		r[j] = (r[j] - up[j]*r[j+1]) / di[j]
	}
	return 0, true
}

// apply writes x_i = xbar_i + h²·w_i·(T_i·t_i − T_{i−1}·t_{i−1}) (m) for every node into x
// (len m+1; x may alias xbar): Eq. 9 (= D.2) with the tensions T (N), link directions t,
// inverse masses w (1/kg) and time step h (s).
func apply(xbar, t []vec.V3, w, T []float64, h float64, x []vec.V3) {
	h2 := h * h
	m := len(t)
	for i := range xbar {
		var f vec.V3
		if i < m {
			f = t[i].Scale(T[i])
		}
		if i > 0 {
			f = f.Sub(t[i-1].Scale(T[i-1]))
		}
		x[i] = xbar[i].Add(f.Scale(h2 * w[i]))
	}
}

// applyNode returns apply's x_i alone, computed as apply computes it, for node i (global
// index into xbar and w) at position li on its strand, whose links are g0..g0+m−1 of t and T
// (h2 = h²).
func applyNode(xbar, t []vec.V3, w, T []float64, h2 float64, i, li, g0, m int) vec.V3 {
	var f vec.V3
	if li < m {
		f = t[g0+li].Scale(T[g0+li])
	}
	if li > 0 {
		f = f.Sub(t[g0+li-1].Scale(T[g0+li-1]))
	}
	return xbar[i].Add(f.Scale(h2 * w[i]))
}
