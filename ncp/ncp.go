package ncp

import (
	"errors"
	"fmt"
	"math"
)

// MaxIterLimit bounds Params.MaxIter (the per-iteration history is
// allocated by New).
const MaxIterLimit = 100000

// Defaults for the active list.
const (
	DefaultCheckEvery = 8
	DefaultIdleSweeps = 3
)

// Errors. Every error returned by this package wraps one of these.
var (
	ErrMaxIter    = errors.New("ncp: MaxIter must be in 1..100000")
	ErrTol        = errors.New("ncp: Tol must be a finite length > 0 m")
	ErrActiveList = errors.New("ncp: CheckEvery and IdleSweeps must be ≥ 0")
	ErrLength     = errors.New("ncp: mismatched lengths")
	ErrNotFinite  = errors.New("ncp: not finite")
	ErrNegativeMu = errors.New("ncp: negative friction coefficient")
	ErrDiagonal   = errors.New("ncp: non-positive diagonal entry of W")
)

// Params configures a Solver.
type Params struct {
	// MaxIter is the largest number of sweeps of a solve (1..MaxIterLimit).
	MaxIter int
	// Tol is the residual tolerance, in m: a solve stops once all three
	// residuals of Residuals are at most Tol.
	Tol float64
	// CheckEvery is the number of sweeps between full check sweeps of the
	// active list (every contact visited, u recomputed for all); 0 means
	// DefaultCheckEvery, 1 disables the active list.
	CheckEvery int
	// IdleSweeps is the number of consecutive sweeps a contact's force must
	// be zero with u_n > Tol before the contact leaves the active list; 0
	// means DefaultIdleSweeps.
	IdleSweeps int
}

// Result reports a solve.
type Result struct {
	// Iterations is the number of sweeps done (0 if the warm start already
	// met Tol).
	Iterations int
	// Residual is the largest of the three residuals of Residuals over all
	// contacts at the returned λ, in m.
	Residual float64
	// Converged reports Residual ≤ Tol.
	Converged bool
}

// Solver holds the parameters and the scratch of solves. The zero value is
// not usable; call New.
type Solver struct {
	p Params

	// problem of the running solve (nil between solves)
	w, b, mu, lam []float64
	m, n3         int

	u, uPrev, lamPrev []float64 // 3M: u = Wλ + b (rows of active contacts), copies at a sweep's start
	pdir, wdir        []float64 // 3M: NNCG direction p and W·p
	scale             []float64 // M: s = trace of the diagonal block / 3, m/N
	idle              []int32   // M: consecutive idle sweeps
	active            []int     // active contacts, ascending
	isActive          []bool    // M
	nz                []int     // contacts with a non-zero force (for recomputing u)
	hist              []float64 // residual after each sweep of the last solve
	nhist             int

	noGuard      bool // tests: NNCG without the thesis's step limit
	deact, react int  // tests: contacts that left / rejoined the active list in the last solve
}

// New returns a Solver for p.
func New(p Params) (*Solver, error) {
	if p.MaxIter < 1 || p.MaxIter > MaxIterLimit {
		return nil, fmt.Errorf("%w (got %d)", ErrMaxIter, p.MaxIter)
	}
	if !(p.Tol > 0) || math.IsInf(p.Tol, 0) {
		return nil, fmt.Errorf("%w (got %v)", ErrTol, p.Tol)
	}
	if p.CheckEvery < 0 || p.IdleSweeps < 0 {
		return nil, fmt.Errorf("%w (got CheckEvery %d, IdleSweeps %d)", ErrActiveList, p.CheckEvery, p.IdleSweeps)
	}
	if p.CheckEvery == 0 {
		p.CheckEvery = DefaultCheckEvery
	}
	if p.IdleSweeps == 0 {
		p.IdleSweeps = DefaultIdleSweeps
	}
	return &Solver{p: p, hist: make([]float64, p.MaxIter+1)}, nil
}

// Params returns the parameters with defaults filled in.
func (s *Solver) Params() Params { return s.p }

// History returns the residual (m) after each sweep of the last solve:
// element 0 is the warm start's, element k the one after sweep k. It is the
// residual over the contacts active during that sweep (over all contacts
// when none was inactive, and always at the last element). The slice is
// owned by the Solver and overwritten by the next solve.
func (s *Solver) History() []float64 { return s.hist[:s.nhist] }

// PGS runs projected Gauss–Seidel sweeps from the warm start in lambda
// (3M, N), modified in place. W (3M×3M, m/N, row-major, symmetric), b (3M, m)
// and mu (M) are not modified. On error nothing is modified.
func (s *Solver) PGS(W, b, mu, lambda []float64) (Result, error) {
	return s.solve(W, b, mu, lambda, false)
}

// NNCG runs the nonsmooth nonlinear conjugate gradient method from the warm
// start in lambda (3M, N), modified in place; the arguments are those of
// PGS.
func (s *Solver) NNCG(W, b, mu, lambda []float64) (Result, error) {
	return s.solve(W, b, mu, lambda, true)
}

var fieldName = [3]string{"n", "t1", "t2"}

// Validate checks the shapes and values of a problem and returns the error
// a solve would return, naming the contact and field at fault.
func Validate(W, b, mu, lambda []float64) error {
	if len(b)%3 != 0 {
		return fmt.Errorf("%w: len(b) = %d is not a multiple of 3", ErrLength, len(b))
	}
	m := len(b) / 3
	n3 := 3 * m
	if len(mu) != m {
		return fmt.Errorf("%w: len(mu) = %d, want %d (len(b)/3)", ErrLength, len(mu), m)
	}
	if len(lambda) != n3 {
		return fmt.Errorf("%w: len(lambda) = %d, want %d", ErrLength, len(lambda), n3)
	}
	if len(W) != n3*n3 {
		return fmt.Errorf("%w: len(W) = %d, want %d (%d×%d)", ErrLength, len(W), n3*n3, n3, n3)
	}
	for i, v := range mu {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: mu of contact %d is %v", ErrNotFinite, i, v)
		}
		if v < 0 {
			return fmt.Errorf("%w: mu of contact %d is %v", ErrNegativeMu, i, v)
		}
	}
	for r := range n3 {
		if v := b[r]; math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: b of contact %d (%s) is %v", ErrNotFinite, r/3, fieldName[r%3], v)
		}
		if v := lambda[r]; math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: lambda of contact %d (%s) is %v", ErrNotFinite, r/3, fieldName[r%3], v)
		}
	}
	// A NaN or Inf anywhere makes the sum non-finite; a finite sum can only
	// come from finite entries. Search entry by entry only then.
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+4 <= len(W); k += 4 {
		s0 += W[k]
		s1 += W[k+1]
		s2 += W[k+2]
		s3 += W[k+3]
	}
	for ; k < len(W); k++ {
		s0 += W[k]
	}
	if sum := (s0 + s1) + (s2 + s3); math.IsNaN(sum) || math.IsInf(sum, 0) {
		for k, v := range W {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				r, c := k/n3, k%n3
				return fmt.Errorf("%w: W row of contact %d (%s), column of contact %d (%s) is %v",
					ErrNotFinite, r/3, fieldName[r%3], c/3, fieldName[c%3], v)
			}
		}
	}
	for r := range n3 {
		if v := W[r*n3+r]; !(v > 0) {
			return fmt.Errorf("%w: W of contact %d (%s, %s) is %v", ErrDiagonal, r/3, fieldName[r%3], fieldName[r%3], v)
		}
	}
	return nil
}

// grow sizes the scratch for m contacts.
func (s *Solver) grow(m int) {
	n3 := 3 * m
	if cap(s.u) < n3 {
		s.u = make([]float64, n3)
		s.uPrev = make([]float64, n3)
		s.lamPrev = make([]float64, n3)
		s.pdir = make([]float64, n3)
		s.wdir = make([]float64, n3)
		s.scale = make([]float64, m)
		s.idle = make([]int32, m)
		s.active = make([]int, 0, m)
		s.isActive = make([]bool, m)
		s.nz = make([]int, 0, m)
	}
	s.u = s.u[:n3]
	s.uPrev = s.uPrev[:n3]
	s.lamPrev = s.lamPrev[:n3]
	s.pdir = s.pdir[:n3]
	s.wdir = s.wdir[:n3]
	s.scale = s.scale[:m]
	s.idle = s.idle[:m]
	s.isActive = s.isActive[:m]
}

func (s *Solver) solve(W, b, mu, lambda []float64, nncg bool) (Result, error) {
	if err := Validate(W, b, mu, lambda); err != nil {
		return Result{}, err
	}
	m := len(mu)
	s.nhist = 0
	if m == 0 {
		s.hist[0] = 0
		s.nhist = 1
		return Result{Converged: true}, nil
	}
	s.grow(m)
	s.w, s.b, s.mu, s.lam, s.m, s.n3 = W, b, mu, lambda, m, 3*m
	defer func() { s.w, s.b, s.mu, s.lam = nil, nil, nil, nil }()

	n3 := s.n3
	for i := range m {
		r := 3 * i
		s.scale[i] = (W[r*n3+r] + W[(r+1)*n3+r+1] + W[(r+2)*n3+r+2]) / 3
		s.idle[i] = 0
		s.isActive[i] = true
	}
	s.active = s.active[:0]
	for i := range m {
		s.active = append(s.active, i)
	}
	s.deact, s.react = 0, 0

	tol := s.p.Tol
	s.refresh()
	res := s.residual(true)
	s.push(res)
	if res <= tol {
		return Result{Iterations: 0, Residual: res, Converged: true}, nil
	}

	var gPrev float64 // ‖∇f‖² of the previous sweep; 0: no direction yet
	for k := range s.pdir {
		s.pdir[k] = 0
		s.wdir[k] = 0
	}
	forceFull := false
	it := 0
	for it < s.p.MaxIter {
		it++
		full := forceFull || (it-1)%s.p.CheckEvery == 0
		forceFull = false
		if full && it > 1 {
			s.refresh() // stale rows of inactive contacts, and drift
		}
		if nncg {
			copy(s.lamPrev, lambda)
			copy(s.uPrev, s.u)
		}
		changed := s.sweep(full)
		all := full || len(s.active) == m
		res = s.residual(all)
		if res <= tol {
			// Verify over all contacts from a fresh u.
			s.refresh()
			res = s.residual(true)
			if res <= tol {
				s.push(res)
				return Result{Iterations: it, Residual: res, Converged: true}, nil
			}
			forceFull = true
		}
		s.push(res)
		if !nncg || it == s.p.MaxIter {
			continue
		}
		if changed {
			// The active list changed: restart the direction.
			for k := range s.pdir {
				s.pdir[k] = 0
				s.wdir[k] = 0
			}
			gPrev = 0
			continue
		}
		s.momentum(&gPrev)
	}
	s.refresh()
	res = s.residual(true)
	s.hist[s.nhist-1] = res
	return Result{Iterations: it, Residual: res, Converged: res <= tol}, nil
}

func (s *Solver) push(r float64) {
	if s.nhist < len(s.hist) {
		s.hist[s.nhist] = r
		s.nhist++
	}
}

// momentum does the NNCG update after a PGS sweep (Silcowitz-Hansen et al.
// 2010, Algorithm "NNCG"): with the gradient ∇f = −(λ_pgs − λ_prev) and
// β = ‖∇f‖²/‖∇f_prev‖² (Fletcher–Reeves), restart when β > 1, otherwise
// λ ← λ_pgs + tβp and p ← tβp − ∇f. The factor t ∈ [0, 1] is the thesis's
// step limit (seed 003 §3.7.2, "Contact resolution": "the step size is limited
// so that it does not step out of the area where (3.84) is fulfilled", which
// avoids the cases where "the error increases drastically"): t is the
// largest value for which no active contact's u_n drops more than Tol below
// min(u_n, 0), i.e. a contact where Eq. 3.84 holds to the tolerance keeps it,
// and one already penetrating may not penetrate deeper by more than Tol.
// Without it NNCG diverges on a frictionless chain (TestNNCGGuard). W·p is
// carried along (w), built from the
// changes of u during the sweeps, so the limit costs O(M).
func (s *Solver) momentum(gPrev *float64) {
	lam, p, w, tol := s.lam, s.pdir, s.wdir, s.p.Tol
	var g float64
	for k, v := range lam {
		d := v - s.lamPrev[k]
		g += d * d
	}
	beta := 0.0
	if *gPrev > 0 {
		beta = g / *gPrev
	}
	*gPrev = g
	if beta > 1 {
		for k := range p {
			p[k] = 0
			w[k] = 0
		}
		return
	}
	t := 1.0
	if beta > 0 && !s.noGuard {
		for _, i := range s.active {
			un, dn := s.u[3*i], beta*w[3*i]
			if dn < 0 {
				if lim := (math.Max(un, 0) + tol) / -dn; lim < t {
					t = lim
				}
			}
		}
	}
	tb := t * beta
	u, up, lp := s.u, s.uPrev, s.lamPrev
	for k := range p {
		p[k] = tb*p[k] + (lam[k] - lp[k])
		w[k] = tb*w[k] + (u[k] - up[k])
		lam[k] = lp[k] + p[k]
		u[k] = up[k] + w[k]
	}
}

// refresh recomputes u = Wλ + b for all contacts, by rows of W and over the
// contacts with a non-zero force only.
func (s *Solver) refresh() {
	lam, W, n3 := s.lam, s.w, s.n3
	s.nz = s.nz[:0]
	for j := range s.m {
		if lam[3*j] != 0 || lam[3*j+1] != 0 || lam[3*j+2] != 0 {
			s.nz = append(s.nz, j)
		}
	}
	nz := s.nz
	for r := range n3 {
		row := W[r*n3 : (r+1)*n3]
		acc := s.b[r]
		if len(nz) == s.m {
			for c, v := range row {
				acc += v * lam[c]
			}
		} else {
			for _, j := range nz {
				c := 3 * j
				acc += row[c]*lam[c] + row[c+1]*lam[c+1] + row[c+2]*lam[c+2]
			}
		}
		s.u[r] = acc
	}
}

// residual returns the largest of the three residuals over all contacts
// (all) or the active ones, from the current u.
func (s *Solver) residual(all bool) float64 {
	var r float64
	if all {
		for i := range s.m {
			r = math.Max(r, s.contactResidual(i))
		}
		return r
	}
	for _, i := range s.active {
		r = math.Max(r, s.contactResidual(i))
	}
	return r
}

func (s *Solver) contactResidual(i int) float64 {
	c := 3 * i
	sig, cone, diss := contactResiduals(s.scale[i], s.mu[i], s.lam[c:c+3:c+3], s.u[c:c+3:c+3])
	return math.Max(sig, math.Max(cone, diss))
}

// contactResiduals returns the three residuals (m) of one contact with scale
// sc (m/N), friction coefficient mu, force l and relative displacement u.
func contactResiduals(sc, mu float64, l, u []float64) (sig, cone, diss float64) {
	sig = math.Abs(math.Min(sc*l[0], u[0]))
	lt := math.Hypot(l[1], l[2])
	cone = sc * math.Max(0, lt-mu*l[0])
	rho := sc * math.Max(0, mu*l[0])
	y1, y2 := sc*l[1]-u[1], sc*l[2]-u[2]
	if ny := math.Hypot(y1, y2); ny > rho {
		f := rho / ny
		y1 *= f
		y2 *= f
	}
	diss = math.Hypot(sc*l[1]-y1, sc*l[2]-y2)
	return sig, cone, diss
}

// sweep visits the contacts in order (all of them if full, else the active
// ones), solving each with the others fixed and updating u; it returns
// whether the active list changed.
func (s *Solver) sweep(full bool) bool {
	W, lam, mu, u, n3 := s.w, s.lam, s.mu, s.u, s.n3
	tol := s.p.Tol
	idleMax := int32(s.p.IdleSweeps)
	allRows := full || len(s.active) == s.m
	visit := func(i int) {
		c := 3 * i
		r0 := W[c*n3 : (c+1)*n3 : (c+1)*n3]
		r1 := W[(c+1)*n3 : (c+2)*n3 : (c+2)*n3]
		r2 := W[(c+2)*n3 : (c+3)*n3 : (c+3)*n3]
		var blk [9]float64
		blk[0], blk[1], blk[2] = r0[c], r0[c+1], r0[c+2]
		blk[3], blk[4], blk[5] = r1[c], r1[c+1], r1[c+2]
		blk[6], blk[7], blk[8] = r2[c], r2[c+1], r2[c+2]
		l := [3]float64{lam[c], lam[c+1], lam[c+2]}
		ul := [3]float64{u[c], u[c+1], u[c+2]}
		nl := solveContact(&blk, mu[i], &l, &ul, tol)
		d0, d1, d2 := nl[0]-l[0], nl[1]-l[1], nl[2]-l[2]
		lam[c], lam[c+1], lam[c+2] = nl[0], nl[1], nl[2]
		if d0 != 0 || d1 != 0 || d2 != 0 {
			// u += W[:, contact i]·Δλ, the columns read as rows (W symmetric).
			if allRows {
				uu := u[:n3]
				r0, r1, r2 = r0[:n3], r1[:n3], r2[:n3]
				for k := range uu {
					uu[k] += d0*r0[k] + d1*r1[k] + d2*r2[k]
				}
			} else {
				for _, j := range s.active {
					k := 3 * j
					u[k] += d0*r0[k] + d1*r1[k] + d2*r2[k]
					u[k+1] += d0*r0[k+1] + d1*r1[k+1] + d2*r2[k+1]
					u[k+2] += d0*r0[k+2] + d1*r1[k+2] + d2*r2[k+2]
				}
			}
		}
		if nl[0] == 0 && nl[1] == 0 && nl[2] == 0 && u[c] > tol {
			if s.idle[i] < idleMax {
				s.idle[i]++
			}
		} else {
			s.idle[i] = 0
		}
	}
	if full {
		for i := range s.m {
			visit(i)
		}
	} else {
		for _, i := range s.active {
			visit(i)
		}
	}
	// Update the active list.
	changed := false
	if full {
		s.active = s.active[:0]
		for i := range s.m {
			a := s.idle[i] < idleMax
			if a != s.isActive[i] {
				changed = true
				if a {
					s.react++
				} else {
					s.deact++
				}
			}
			s.isActive[i] = a
			if a {
				s.active = append(s.active, i)
			}
		}
		return changed
	}
	n := 0
	for _, i := range s.active {
		if s.idle[i] >= idleMax {
			s.isActive[i] = false
			changed = true
			s.deact++
			continue
		}
		s.active[n] = i
		n++
	}
	s.active = s.active[:n]
	return changed
}

// solveContact is the single-contact step (seed 003 §3.7.2, Algorithm 2's
// solveContact): with the diagonal block A (row-major 3×3), the force l and
// the relative displacement u = A·l + (the rest), it returns the new force:
// the normal force first, λ_n ← max(0, λ_n − u_n/A_nn), then the tangential
// force minimising the tangential quadratic over the disc of radius μλ_n
// (exactly, see discMin). When A couples normal and tangential directions
// the two steps alternate up to three times, until the tangential step moves
// u_n by less than tol/1000.
func solveContact(A *[9]float64, mu float64, l, u *[3]float64, tol float64) [3]float64 {
	ln, l1, l2 := l[0], l[1], l[2]
	un, u1, u2 := u[0], u[1], u[2]
	coupled := A[1] != 0 || A[2] != 0
	for pass := 0; pass < 3; pass++ {
		nn := math.Max(0, ln-un/A[0])
		if dn := nn - ln; dn != 0 {
			un += A[0] * dn
			u1 += A[3] * dn
			u2 += A[6] * dn
			ln = nn
		}
		g1 := A[4]*l1 + A[5]*l2 - u1
		g2 := A[7]*l1 + A[8]*l2 - u2
		x1, x2 := discMin(A[4], 0.5*(A[5]+A[7]), A[8], g1, g2, mu*ln)
		d1, d2 := x1-l1, x2-l2
		l1, l2 = x1, x2
		dun := A[1]*d1 + A[2]*d2
		un += dun
		u1 += A[4]*d1 + A[5]*d2
		u2 += A[7]*d1 + A[8]*d2
		if !coupled || math.Abs(dun) <= 1e-3*tol {
			break
		}
	}
	return [3]float64{ln, l1, l2}
}

// discMin returns the x minimising ½xᵀAx − gᵀx over the disc ‖x‖ ≤ rho, for
// the symmetric positive semidefinite A = [[a, c], [c, d]] with a, d > 0: the
// unconstrained minimiser if it lies in the disc, otherwise the point
// x(σ) = (A + σI)⁻¹g on the circle, σ > 0 found by Newton's method on the
// secular equation 1/‖x(σ)‖ = 1/rho (concave in σ, so Newton from a lower
// bound increases monotonically to the root; Moré and Sorensen 1983).
func discMin(a, c, d, g1, g2, rho float64) (float64, float64) {
	if !(rho > 0) {
		return 0, 0
	}
	gg := g1*g1 + g2*g2
	if gg == 0 {
		return 0, 0
	}
	det := a*d - c*c
	if det > 1e-12*a*d {
		x1 := (d*g1 - c*g2) / det
		x2 := (a*g2 - c*g1) / det
		if x1*x1+x2*x2 <= rho*rho {
			return x1, x2
		}
	}
	// Eigen-decomposition A = e1 v vᵀ + e2 v⊥ v⊥ᵀ, e1 ≥ e2 ≥ 0.
	h := math.Hypot(0.5*(a-d), c)
	mid := 0.5 * (a + d)
	e1 := mid + h
	e2 := math.Max(mid-h, 0)
	var v1, v2 float64
	if h <= 1e-15*mid {
		v1, v2 = 1, 0
	} else if a >= d {
		v1, v2 = e1-d, c
	} else {
		v1, v2 = c, e1-a
	}
	nv := math.Hypot(v1, v2)
	v1 /= nv
	v2 /= nv
	p := v1*g1 + v2*g2  // along v
	q := -v2*g1 + v1*g2 // along v⊥
	gn := math.Sqrt(gg)
	if e2 <= 1e-13*e1 {
		e2 = 0
		if math.Abs(q) <= 1e-13*gn {
			q = 0
			// Singular with g in the range: the minimiser of least norm.
			if math.Abs(p) <= rho*e1 {
				return p / e1 * v1, p / e1 * v2
			}
		}
	}
	// Newton on φ(σ) = 1/‖x(σ)‖ − 1/rho from the lower bound of the root.
	sig := math.Max(0, math.Max(math.Abs(p)/rho-e1, math.Abs(q)/rho-e2))
	for range 60 {
		a1, a2 := e1+sig, e2+sig
		y1, y2 := p/a1, q/a2
		n2 := y1*y1 + y2*y2
		nrm := math.Sqrt(n2)
		phi := 1/nrm - 1/rho
		if math.Abs(phi) <= 1e-14/rho {
			break
		}
		// dφ/dσ = (Σ y_k²/(e_k+σ)) / ‖x‖³
		dphi := (y1*y1/a1 + y2*y2/a2) / (n2 * nrm)
		if !(dphi > 0) {
			break
		}
		next := sig - phi/dphi
		if !(next > sig) {
			break
		}
		sig = next
	}
	y1, y2 := p/(e1+sig), q/(e2+sig)
	if n := math.Hypot(y1, y2); n > rho {
		y1 *= rho / n
		y2 *= rho / n
	}
	return y1*v1 - y2*v2, y1*v2 + y2*v1
}

// Residuals returns the three residuals of lambda (Signorini, cone, maximal
// dissipation), each the largest over the contacts and a length in m (forces
// scaled by the mean diagonal entry of their contact's block of W; see the
// package documentation), and the largest of the three. It computes
// u = Wλ + b by rows of W. Mismatched lengths give NaN.
func Residuals(W, b, mu, lambda []float64) (sig, cone, diss, max float64) {
	m := len(mu)
	n3 := 3 * m
	if len(b) != n3 || len(lambda) != n3 || len(W) != n3*n3 {
		nan := math.NaN()
		return nan, nan, nan, nan
	}
	for i := range m {
		var u [3]float64
		for a := range 3 {
			r := 3*i + a
			row := W[r*n3 : (r+1)*n3]
			acc := b[r]
			for c, v := range row {
				acc += v * lambda[c]
			}
			u[a] = acc
		}
		r := 3 * i
		sc := (W[r*n3+r] + W[(r+1)*n3+r+1] + W[(r+2)*n3+r+2]) / 3
		s1, c1, d1 := contactResiduals(sc, mu[i], lambda[r:r+3], u[:])
		sig = math.Max(sig, s1)
		cone = math.Max(cone, c1)
		diss = math.Max(diss, d1)
	}
	return sig, cone, diss, math.Max(sig, math.Max(cone, diss))
}

// Components labels the connected components of the M = len(label)
// contacts of W (3M×3M): contacts i and j are connected when W's 3×3 block
// (i, j) or (j, i) has a non-zero entry. label[i] receives the component of
// contact i; components are numbered 0, 1, … in the order of their first
// contact. It returns the number of components.
func Components(W []float64, label []int) (int, error) {
	m := len(label)
	n3 := 3 * m
	if len(W) != n3*n3 {
		return 0, fmt.Errorf("%w: len(W) = %d, want %d for %d contacts", ErrLength, len(W), n3*n3, m)
	}
	for i := range label {
		label[i] = i // parent pointers; a parent never exceeds its child
	}
	find := func(i int) int {
		for label[i] != i {
			label[i] = label[label[i]]
			i = label[i]
		}
		return i
	}
	for i := range m {
		for j := i + 1; j < m; j++ {
			if !blockZero(W, n3, i, j) || !blockZero(W, n3, j, i) {
				ri, rj := find(i), find(j)
				if ri < rj {
					label[rj] = ri
				} else if rj < ri {
					label[ri] = rj
				}
			}
		}
	}
	for i := range m {
		label[i] = label[label[i]] // the parent is compressed already: now the root
	}
	n := 0
	for i := range m {
		if label[i] == i {
			label[i] = -(n + 1)
			n++
		} else {
			label[i] = label[label[i]]
		}
	}
	for i := range m {
		label[i] = -label[i] - 1
	}
	return n, nil
}

func blockZero(W []float64, n3, i, j int) bool {
	for a := range 3 {
		row := W[(3*i+a)*n3+3*j : (3*i+a)*n3+3*j+3]
		if row[0] != 0 || row[1] != 0 || row[2] != 0 {
			return false
		}
	}
	return true
}

// Gather copies the subproblem of the contacts idx (in that order) out of
// (W, b, mu, lambda) into the caller's subW (9k², k = len(idx)), subB (3k),
// subMu (k) and subLambda (3k).
func Gather(W, b, mu, lambda []float64, idx []int, subW, subB, subMu, subLambda []float64) error {
	m := len(mu)
	n3 := 3 * m
	k := len(idx)
	k3 := 3 * k
	if len(b) != n3 || len(lambda) != n3 || len(W) != n3*n3 {
		return fmt.Errorf("%w: the problem has len(W) %d, len(b) %d, len(mu) %d, len(lambda) %d",
			ErrLength, len(W), len(b), len(mu), len(lambda))
	}
	if len(subW) != k3*k3 || len(subB) != k3 || len(subMu) != k || len(subLambda) != k3 {
		return fmt.Errorf("%w: the subproblem of %d contacts has len(W) %d, len(b) %d, len(mu) %d, len(lambda) %d",
			ErrLength, k, len(subW), len(subB), len(subMu), len(subLambda))
	}
	for a, i := range idx {
		if i < 0 || i >= m {
			return fmt.Errorf("%w: index %d of contact %d outside 0..%d", ErrLength, a, i, m-1)
		}
	}
	for a, i := range idx {
		subMu[a] = mu[i]
		for x := range 3 {
			subB[3*a+x] = b[3*i+x]
			subLambda[3*a+x] = lambda[3*i+x]
			row := W[(3*i+x)*n3:]
			dst := subW[(3*a+x)*k3:]
			for bb, j := range idx {
				copy(dst[3*bb:3*bb+3], row[3*j:3*j+3])
			}
		}
	}
	return nil
}

// Scatter writes the forces of a subproblem (subLambda, 3·len(idx)) back into
// lambda at the contacts idx.
func Scatter(subLambda []float64, idx []int, lambda []float64) error {
	if len(subLambda) != 3*len(idx) {
		return fmt.Errorf("%w: len(subLambda) = %d for %d contacts", ErrLength, len(subLambda), len(idx))
	}
	for a, i := range idx {
		if i < 0 || 3*i+3 > len(lambda) {
			return fmt.Errorf("%w: index %d of contact %d outside 0..%d", ErrLength, a, i, len(lambda)/3-1)
		}
	}
	for a, i := range idx {
		copy(lambda[3*i:3*i+3], subLambda[3*a:3*a+3])
	}
	return nil
}
