package ncp

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// problem is a contact problem u = Wλ + b.
type problem struct {
	W, b, mu []float64
	m        int
}

// delassus returns W = J A⁻¹ Jᵀ for the SPD A (n×n) and J (3M×n).
func delassus(A *mat.SymDense, J *mat.Dense) []float64 {
	var ch mat.Cholesky
	if !ch.Factorize(A) {
		panic("A not positive definite")
	}
	r, _ := J.Dims()
	var X mat.Dense
	if err := ch.SolveTo(&X, J.T()); err != nil {
		panic(err)
	}
	W := mat.NewDense(r, r, nil)
	W.Mul(J, &X)
	out := make([]float64, r*r)
	for i := range r {
		for j := range r {
			// symmetrise exactly
			out[i*r+j] = 0.5 * (W.At(i, j) + W.At(j, i))
		}
	}
	return out
}

// randomProblem builds W = J A⁻¹ Jᵀ from a random SPD A (stiffness of order
// 1000 N/m) and a random J with 2·3M columns, free displacements of order
// 1 mm (about half the contacts pressed) and μ uniform in [0, muMax].
func randomProblem(seed uint64, m int, muMax float64) problem {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	n := 6 * m
	Q := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			Q.Set(i, j, rng.NormFloat64())
		}
	}
	A := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			var s float64
			for k := range n {
				s += Q.At(i, k) * Q.At(j, k)
			}
			v := 1000 * s / float64(n)
			if i == j {
				v += 100
			}
			A.SetSym(i, j, v)
		}
	}
	J := mat.NewDense(3*m, n, nil)
	for i := range 3 * m {
		for j := range n {
			J.Set(i, j, rng.NormFloat64()/math.Sqrt(float64(n)))
		}
	}
	p := problem{W: delassus(A, J), b: make([]float64, 3*m), mu: make([]float64, m), m: m}
	for i := range m {
		p.b[3*i] = 1e-3 * (rng.Float64()*2 - 1.2)
		p.b[3*i+1] = 1e-3 * rng.NormFloat64()
		p.b[3*i+2] = 1e-3 * rng.NormFloat64()
		p.mu[i] = muMax * rng.Float64()
	}
	return p
}

// chainProblem is a rope of m nodes wound round a pole (turns turns), each
// node pressed onto the pole (a contact per node with the normal pointing
// out of the pole, t1 along the rope, t2 along the pole's axis). The nodes'
// implicit-step matrix is A = a·I + k·L⊗I₃ (L the path Laplacian): with k/a
// large, forces spread along the whole rope and W = R A⁻¹ Rᵀ is badly
// conditioned, like a tight knot's.
func chainProblem(m int, kOverA, turns, mu float64) problem {
	a := 100.0 // N/m
	k := a * kOverA
	// A = (a I + k L) ⊗ I₃, so A⁻¹ = (a I + k L)⁻¹ ⊗ I₃ and the block (i, j)
	// of W is (a I + k L)⁻¹_ij R_i R_jᵀ.
	T := mat.NewSymDense(m, nil)
	for i := range m {
		deg := 0.0
		if i > 0 {
			deg++
		}
		if i < m-1 {
			deg++
		}
		T.SetSym(i, i, a+k*deg)
		if i+1 < m {
			T.SetSym(i, i+1, -k)
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(T) {
		panic("chain matrix not positive definite")
	}
	var Ti mat.SymDense
	if err := ch.InverseTo(&Ti); err != nil {
		panic(err)
	}
	n := 3 * m
	p := problem{W: make([]float64, n*n), b: make([]float64, n), mu: make([]float64, m), m: m}
	R := make([][3][3]float64, m)
	for i := range m {
		th := 2 * math.Pi * turns * float64(i) / float64(m)
		c, s := math.Cos(th), math.Sin(th)
		R[i] = [3][3]float64{{c, s, 0}, {-s, c, 0}, {0, 0, 1}}
		// pulled in by the rope's tension (more at the middle), slipping
		// along the rope towards the pulled end, a little along the pole
		f := float64(i) / float64(m-1)
		p.b[3*i] = -1e-3 * (0.5 + math.Sin(math.Pi*f))
		p.b[3*i+1] = 2e-4 * (1 + f)
		p.b[3*i+2] = 5e-5 * math.Cos(3*math.Pi*f)
		p.mu[i] = mu
	}
	for i := range m {
		for j := range m {
			g := Ti.At(i, j)
			for x := range 3 {
				for y := range 3 {
					rr := R[i][x][0]*R[j][y][0] + R[i][x][1]*R[j][y][1] + R[i][x][2]*R[j][y][2]
					p.W[(3*i+x)*n+3*j+y] = g * rr
				}
			}
		}
	}
	return p
}

func newSolver(t testing.TB, p Params) *Solver {
	t.Helper()
	s, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type method struct {
	name string
	run  func(s *Solver, W, b, mu, l []float64) (Result, error)
}

var methods = []method{
	{"pgs", (*Solver).PGS},
	{"nncg", (*Solver).NNCG},
}

// solveBoth runs a method from a cold start and fails the test unless it
// converges with an independent residual below tol.
func solveCold(t *testing.T, me method, p problem, prm Params) ([]float64, Result) {
	t.Helper()
	s := newSolver(t, prm)
	l := make([]float64, 3*p.m)
	r, err := me.run(s, p.W, p.b, p.mu, l)
	if err != nil {
		t.Fatalf("%s: %v", me.name, err)
	}
	return l, r
}

func displacement(p problem, l []float64) []float64 {
	n3 := 3 * p.m
	u := make([]float64, n3)
	for r := range n3 {
		u[r] = p.b[r]
		for c := range n3 {
			u[r] += p.W[r*n3+c] * l[c]
		}
	}
	return u
}

func TestSingleContact(t *testing.T) {
	iso := []float64{1e-3, 0, 0, 0, 2e-3, 0, 0, 0, 2e-3}                   // m/N
	coupled := []float64{1e-3, 2e-4, 0, 2e-4, 2e-3, 1e-4, 0, 1e-4, 1.5e-3} // normal–tangential coupling
	cases := []struct {
		name string
		W    []float64
		b    []float64
		mu   float64
		want []float64 // N; nil: check the residual and the regime only
	}{
		{"pressed", iso, []float64{-1e-3, 0, 0}, 0.5, []float64{1, 0, 0}},
		{"separating", iso, []float64{1e-3, 3e-4, -2e-4}, 0.5, []float64{0, 0, 0}},
		{"touching", iso, []float64{0, 3e-4, 0}, 0.5, []float64{0, 0, 0}},
		// stick: u_t = 0 needs λ_t = −(0.1, 0.05) N, inside the disc of 0.5 N
		{"sticking", iso, []float64{-1e-3, 2e-4, 1e-4}, 0.5, []float64{1, -0.1, -0.05}},
		// slide: sticking would need ‖λ_t‖ = 2.5 N > 0.5 N, so λ_t = −0.5 (3, 4)/5
		{"sliding", iso, []float64{-1e-3, 3e-3, 4e-3}, 0.5, []float64{1, -0.3, -0.4}},
		// exactly at the cone's edge: sticking force of norm μλ_n
		{"cone edge", iso, []float64{-1e-3, 6e-4, 8e-4}, 0.5, []float64{1, -0.3, -0.4}},
		{"mu zero", iso, []float64{-2e-3, 3e-3, 4e-3}, 0, []float64{2, 0, 0}},
		// coupled block, sticking: λ = −W⁻¹b (checked below to lie in the cone)
		{"coupled sticking", coupled, []float64{-1e-3, 1e-4, 1e-4}, 1, nil},
		{"coupled sliding", coupled, []float64{-1e-3, 3e-3, -2e-3}, 0.3, nil},
		{"anisotropic sliding", []float64{1e-3, 0, 0, 0, 4e-3, 1e-3, 0, 1e-3, 1e-3}, []float64{-1e-3, 3e-3, -2e-3}, 0.3, nil},
	}
	const tol = 1e-12
	for _, c := range cases {
		for _, me := range methods {
			p := problem{W: c.W, b: c.b, mu: []float64{c.mu}, m: 1}
			l, r := solveCold(t, me, p, Params{MaxIter: 50, Tol: tol})
			if !r.Converged {
				t.Errorf("%s %s: %+v", c.name, me.name, r)
			}
			sig, cone, diss, mx := Residuals(c.W, c.b, p.mu, l)
			if mx > tol || mx != max(sig, cone, diss) {
				t.Errorf("%s %s: residuals %g %g %g max %g", c.name, me.name, sig, cone, diss, mx)
			}
			if c.want != nil {
				for k := range 3 {
					if math.Abs(l[k]-c.want[k]) > 1e-9 {
						t.Errorf("%s %s: λ = %v, want %v", c.name, me.name, l, c.want)
						break
					}
				}
			}
			u := displacement(p, l)
			lt := math.Hypot(l[1], l[2])
			switch c.name {
			case "coupled sticking":
				// the linear solve: u = 0 and inside the cone
				if math.Abs(u[0])+math.Abs(u[1])+math.Abs(u[2]) > 1e-11 || lt >= c.mu*l[0] {
					t.Errorf("%s %s: u = %v, |λ_t| = %g, μλ_n = %g", c.name, me.name, u, lt, c.mu*l[0])
				}
			case "coupled sliding", "anisotropic sliding":
				// on the cone, opposite to the slip
				ut := math.Hypot(u[1], u[2])
				if math.Abs(lt-c.mu*l[0]) > 1e-9 || ut < 1e-6 ||
					math.Abs(l[1]+c.mu*l[0]*u[1]/ut) > 1e-8 || math.Abs(l[2]+c.mu*l[0]*u[2]/ut) > 1e-8 || math.Abs(u[0]) > 1e-11 {
					t.Errorf("%s %s: λ = %v, u = %v", c.name, me.name, l, u)
				}
			}
		}
	}
}

// TestResiduals checks the residuals on hand-made violations.
func TestResiduals(t *testing.T) {
	W := []float64{1e-3, 0, 0, 0, 1e-3, 0, 0, 0, 1e-3} // s = 1e-3 m/N
	mu := []float64{0.5}
	b := []float64{-1e-3, 6e-4, 8e-4}
	check := func(name string, l []float64, ws, wc, wd float64) {
		sig, cone, diss, _ := Residuals(W, b, mu, l)
		if math.Abs(sig-ws) > 1e-15 || math.Abs(cone-wc) > 1e-15 || math.Abs(diss-wd) > 1e-15 {
			t.Errorf("%s: %g %g %g, want %g %g %g", name, sig, cone, diss, ws, wc, wd)
		}
	}
	// the solution: λ_n = 1, sliding with λ_t = −0.5 (0.6, 0.8)
	check("solution", []float64{1, -0.3, -0.4}, 0, 0, 0)
	// λ_n 10% short (u_n = −1e-4 m), friction consistent with it
	check("short", []float64{0.9, -0.27, -0.36}, 1e-4, 0, 0)
	// tangential force twice the cone
	check("outside the cone", []float64{1, -0.6, -0.8}, 0, 0.5e-3, 0.5e-3)
	// half the sliding force: u_t = (0.45, 0.6)e-3 m with λ_t inside the disc
	check("sticking while sliding", []float64{1, -0.15, -0.2}, 0, 0, 0.25e-3)
	if sig, _, _, _ := Residuals(W, b[:2], mu, []float64{1, 0, 0}); !math.IsNaN(sig) {
		t.Errorf("mismatched lengths: %g, want NaN", sig)
	}
}

// TestRandom solves random problems W = J A⁻¹ Jᵀ (M from 1 to 60, μ in
// [0, 1] and μ = 0) with both methods: both converge, the residuals
// recomputed from scratch are below Tol, and the two agree on u_n (and, for
// the frictionless problems, whose W is positive definite so that λ is
// unique, on λ).
func TestRandom(t *testing.T) {
	const tol = 1e-10 // m, against displacements of 1 mm
	worstU, worstL := 0.0, 0.0
	for _, m := range []int{1, 2, 3, 5, 8, 13, 21, 34, 60} {
		for seed := uint64(1); seed <= 2; seed++ {
			for _, muMax := range []float64{0, 1} {
				p := randomProblem(seed*1000+uint64(m), m, muMax)
				var ls [2][]float64
				var iters [2]int
				for k, me := range methods {
					l, r := solveCold(t, me, p, Params{MaxIter: 2000, Tol: tol})
					_, _, _, mx := Residuals(p.W, p.b, p.mu, l)
					if !r.Converged || mx > tol || math.Abs(mx-r.Residual) > 1e-3*tol {
						t.Errorf("M=%d seed %d μ≤%g %s: %+v, residual from scratch %g", m, seed, muMax, me.name, r, mx)
					}
					ls[k], iters[k] = l, r.Iterations
				}
				u0, u1 := displacement(p, ls[0]), displacement(p, ls[1])
				for i := range m {
					d := math.Abs(u0[3*i] - u1[3*i])
					worstU = math.Max(worstU, d)
					if d > 1e3*tol {
						t.Errorf("M=%d seed %d μ≤%g: u_n of contact %d: %g (pgs) vs %g (nncg)", m, seed, muMax, i, u0[3*i], u1[3*i])
					}
					if muMax == 0 {
						// forces to within the tolerance over the scale of W
						sc := p.W[3*i*3*m+3*i]
						d := math.Abs(ls[0][3*i]-ls[1][3*i]) * sc
						worstL = math.Max(worstL, d)
						if d > 1e3*tol {
							t.Errorf("M=%d seed %d: λ_n of contact %d: %g (pgs) vs %g (nncg)", m, seed, i, ls[0][3*i], ls[1][3*i])
						}
					}
				}
				if m == 60 {
					t.Logf("M=%d seed %d μ≤%g: sweeps pgs %d, nncg %d", m, seed, muMax, iters[0], iters[1])
				}
			}
		}
	}
	t.Logf("largest disagreement: u_n %.2g m, s·λ_n (frictionless) %.2g m", worstU, worstL)
}

// TestChain compares NNCG with PGS on a rope of 60 contacts wound round a
// pole, stiff along its length (k/a = 10⁴: a force anywhere moves the whole
// rope, like a tight knot), with μ = 0.3. It logs the residual per sweep.
func TestChain(t *testing.T) {
	const tol = 1e-9
	p := chainProblem(60, 1e4, 1.5, 0.3)
	var hist [2][]float64
	var res [2]Result
	for k, me := range methods {
		s := newSolver(t, Params{MaxIter: 6000, Tol: tol})
		l := make([]float64, 3*p.m)
		r, err := me.run(s, p.W, p.b, p.mu, l)
		if err != nil || !r.Converged {
			t.Fatalf("%s: %+v %v", me.name, r, err)
		}
		if _, _, _, mx := Residuals(p.W, p.b, p.mu, l); mx > tol {
			t.Errorf("%s: residual from scratch %g", me.name, mx)
		}
		hist[k] = slices.Clone(s.History())
		res[k] = r
	}
	t.Logf("chain of 60 contacts, k/a = 1e4, μ = 0.3, Tol = %g m: sweeps PGS %d, NNCG %d", tol, res[0].Iterations, res[1].Iterations)
	if res[1].Iterations > res[0].Iterations {
		t.Errorf("NNCG needed %d sweeps, PGS %d", res[1].Iterations, res[0].Iterations)
	}
	t.Logf("NNCG against PGS residual per iteration (m):")
	t.Logf("%6s  %12s  %12s", "sweep", "PGS", "NNCG")
	at := func(h []float64, k int) string {
		if k < len(h) {
			return fmt.Sprintf("%12.4g", h[k])
		}
		return fmt.Sprintf("%12s", "(done)")
	}
	n := max(len(hist[0]), len(hist[1]))
	for k := 0; k < n; k++ {
		if k <= 10 || (k <= 100 && k%10 == 0) || k%250 == 0 || k == n-1 || k == len(hist[1])-1 {
			t.Logf("%6d  %s  %s", k, at(hist[0], k), at(hist[1], k))
		}
	}
}

// TestNNCGGuard: on a frictionless chain (k/a = 10³) NNCG without the
// thesis's step limit diverges, with it NNCG converges.
func TestNNCGGuard(t *testing.T) {
	const tol = 1e-9
	p := chainProblem(60, 1e3, 1.5, 0)
	var rs [2]Result
	for k, guard := range []bool{true, false} {
		s := newSolver(t, Params{MaxIter: 2000, Tol: tol})
		s.noGuard = !guard
		l := make([]float64, 3*p.m)
		r, err := s.NNCG(p.W, p.b, p.mu, l)
		if err != nil {
			t.Fatal(err)
		}
		rs[k] = r
	}
	pl, pr := solveCold(t, methods[0], p, Params{MaxIter: 2000, Tol: tol})
	_ = pl
	t.Logf("frictionless chain k/a = 1e3: PGS %+v, NNCG %+v, NNCG without the step limit %+v", pr, rs[0], rs[1])
	if !rs[0].Converged {
		t.Errorf("guarded NNCG: %+v", rs[0])
	}
	if rs[1].Converged || rs[1].Residual < 1e3*tol {
		t.Errorf("unguarded NNCG converged (%+v): the test no longer shows the guard's use", rs[1])
	}
}

// TestWarmStart: from the solution, both methods stop within 2 sweeps.
func TestWarmStart(t *testing.T) {
	probs := []problem{randomProblem(7, 30, 1), randomProblem(8, 60, 0.5), chainProblem(40, 1e4, 1, 0.3)}
	for pi, p := range probs {
		for _, me := range methods {
			s := newSolver(t, Params{MaxIter: 6000, Tol: 1e-9})
			l := make([]float64, 3*p.m)
			if r, err := me.run(s, p.W, p.b, p.mu, l); err != nil || !r.Converged {
				t.Fatalf("problem %d %s: %+v %v", pi, me.name, r, err)
			}
			// perturb the warm start a little (a slightly changed problem)
			for k := range l {
				l[k] *= 1 + 1e-9*float64(k%3)
			}
			r, err := me.run(s, p.W, p.b, p.mu, l)
			if err != nil || !r.Converged || r.Iterations > 2 {
				t.Errorf("problem %d %s warm: %+v %v", pi, me.name, r, err)
			}
		}
	}
}

// TestActiveList: contacts 0 and 1 are pressed and strongly coupled, so
// their forces build up slowly over hundreds of sweeps; contact 2, a gap of
// 1 mm away, is pulled in by contact 0's force. Its force is zero and its gap
// open for the first sweeps, so it leaves the active list; as contact 0's
// force grows it closes, a check sweep finds it violated and it rejoins.
// Ten more contacts far away stay separated and off the list. The result
// equals the solve without the list (CheckEvery 1: every sweep a full one).
func TestActiveList(t *testing.T) {
	const tol = 1e-9
	const sc = 1e-3 // m/N
	m := 13
	n3 := 3 * m
	p := problem{W: make([]float64, n3*n3), b: make([]float64, n3), mu: make([]float64, m), m: m}
	for r := range n3 {
		p.W[r*n3+r] = sc
	}
	set := func(i, j int, v float64) { p.W[3*i*n3+3*j], p.W[3*j*n3+3*i] = v*sc, v*sc }
	set(0, 1, -0.99)
	set(0, 2, -0.05)
	p.b[0], p.b[3] = -1e-3, -1e-3
	p.b[6] = 1e-3
	for i := 3; i < m; i++ {
		p.b[3*i] = 1e-3 * float64(i)
		set(i, 1, 0.01) // pushed further away by contact 1
		p.mu[i] = 0.3
	}
	ref := newSolver(t, Params{MaxIter: 10000, Tol: tol, CheckEvery: 1})
	lref := make([]float64, n3)
	rr, err := ref.PGS(p.W, p.b, p.mu, lref)
	if err != nil || !rr.Converged {
		t.Fatalf("without the list: %+v %v", rr, err)
	}
	if lref[6] <= 0 {
		t.Fatalf("contact 2 is not pressed in the end (λ_n = %g)", lref[6])
	}
	for _, me := range methods {
		s := newSolver(t, Params{MaxIter: 10000, Tol: tol})
		l := make([]float64, n3)
		r, err := me.run(s, p.W, p.b, p.mu, l)
		if err != nil || !r.Converged {
			t.Fatalf("%s: %+v %v", me.name, r, err)
		}
		t.Logf("%s: %+v (PGS without the list %d sweeps); %d contacts left the list, %d rejoined; λ_n of contact 2 %.4g N, of 0 %.4g N",
			me.name, r, rr.Iterations, s.deact, s.react, l[6], l[0])
		if s.deact < m-2 || s.react == 0 || len(s.active) != 3 {
			t.Errorf("%s: %d contacts left the list, %d rejoined, %d active at the end", me.name, s.deact, s.react, len(s.active))
		}
		if _, _, _, mx := Residuals(p.W, p.b, p.mu, l); mx > tol {
			t.Errorf("%s: residual from scratch %g", me.name, mx)
		}
		for i := range m {
			if d := math.Abs(l[3*i]-lref[3*i]) * sc; d > 100*tol {
				t.Errorf("%s: λ_n of contact %d: %g, without the list %g", me.name, i, l[3*i], lref[3*i])
			}
		}
	}
}

func TestBadParams(t *testing.T) {
	cases := []struct {
		p    Params
		want error
	}{
		{Params{MaxIter: 0, Tol: 1e-9}, ErrMaxIter},
		{Params{MaxIter: MaxIterLimit + 1, Tol: 1e-9}, ErrMaxIter},
		{Params{MaxIter: 10, Tol: 0}, ErrTol},
		{Params{MaxIter: 10, Tol: -1}, ErrTol},
		{Params{MaxIter: 10, Tol: math.NaN()}, ErrTol},
		{Params{MaxIter: 10, Tol: math.Inf(1)}, ErrTol},
		{Params{MaxIter: 10, Tol: 1e-9, CheckEvery: -1}, ErrActiveList},
		{Params{MaxIter: 10, Tol: 1e-9, IdleSweeps: -2}, ErrActiveList},
	}
	for _, c := range cases {
		if _, err := New(c.p); !errors.Is(err, c.want) {
			t.Errorf("New(%+v): %v, want %v", c.p, err, c.want)
		}
	}
	s := newSolver(t, Params{MaxIter: 10, Tol: 1e-9})
	if got := s.Params(); got.CheckEvery != DefaultCheckEvery || got.IdleSweeps != DefaultIdleSweeps {
		t.Errorf("defaults: %+v", got)
	}
}

func TestBadInputs(t *testing.T) {
	p := randomProblem(3, 5, 1)
	nan, inf := math.NaN(), math.Inf(-1)
	cases := []struct {
		name string
		edit func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64)
		want error
		text string
	}{
		{"b not 3M", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) { return W, b[:14], mu, l }, ErrLength, "len(b) = 14"},
		{"short mu", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) { return W, b, mu[:4], l }, ErrLength, "len(mu) = 4, want 5"},
		{"short lambda", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) { return W, b, mu, l[:12] }, ErrLength, "len(lambda) = 12"},
		{"short W", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) { return W[:200], b, mu, l }, ErrLength, "len(W) = 200"},
		{"NaN in W", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			W[(3*2+1)*15+3*4+2] = nan
			return W, b, mu, l
		}, ErrNotFinite, "W row of contact 2 (t1), column of contact 4 (t2) is NaN"},
		{"Inf in W", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			W[3*15+5] = inf
			return W, b, mu, l
		}, ErrNotFinite, "W row of contact 1 (n), column of contact 1 (t2) is -Inf"},
		{"NaN in b", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			b[3*3+2] = nan
			return W, b, mu, l
		}, ErrNotFinite, "b of contact 3 (t2) is NaN"},
		{"Inf in lambda", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			l[3*4] = inf
			return W, b, mu, l
		}, ErrNotFinite, "lambda of contact 4 (n) is -Inf"},
		{"NaN in mu", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			mu[1] = nan
			return W, b, mu, l
		}, ErrNotFinite, "mu of contact 1 is NaN"},
		{"negative mu", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			mu[2] = -0.1
			return W, b, mu, l
		}, ErrNegativeMu, "mu of contact 2 is -0.1"},
		{"zero diagonal", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			W[(3*3+2)*15+3*3+2] = 0
			return W, b, mu, l
		}, ErrDiagonal, "W of contact 3 (t2, t2) is 0"},
		{"negative diagonal", func(W, b, mu, l []float64) ([]float64, []float64, []float64, []float64) {
			W[0] = -1
			return W, b, mu, l
		}, ErrDiagonal, "W of contact 0 (n, n) is -1"},
	}
	for _, c := range cases {
		for _, me := range methods {
			W, b, mu := slices.Clone(p.W), slices.Clone(p.b), slices.Clone(p.mu)
			l := make([]float64, 15)
			for k := range l {
				l[k] = 0.25 * float64(k%3)
			}
			W, b, mu, l = c.edit(W, b, mu, l)
			l0 := slices.Clone(l)
			s := newSolver(t, Params{MaxIter: 10, Tol: 1e-9})
			_, err := me.run(s, W, b, mu, l)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
				t.Errorf("%s %s: %v, want %v with %q", c.name, me.name, err, c.want, c.text)
			}
			if !slices.EqualFunc(l, l0, func(x, y float64) bool { return x == y || (x != x && y != y) }) {
				t.Errorf("%s %s: lambda modified on error", c.name, me.name)
			}
		}
	}
	// zero contacts: nothing to do
	s := newSolver(t, Params{MaxIter: 10, Tol: 1e-9})
	if r, err := s.PGS(nil, nil, nil, nil); err != nil || !r.Converged || r.Iterations != 0 {
		t.Errorf("no contacts: %+v %v", r, err)
	}
}

// TestNoAlloc: once warm, a solve allocates nothing.
func TestNoAlloc(t *testing.T) {
	p := randomProblem(11, 20, 1)
	q := randomProblem(12, 10, 1) // a smaller problem after a larger one
	for _, me := range methods {
		s := newSolver(t, Params{MaxIter: 50, Tol: 1e-12, CheckEvery: 4})
		l := make([]float64, 3*p.m)
		lq := make([]float64, 3*q.m)
		me.run(s, p.W, p.b, p.mu, l)
		a := testing.AllocsPerRun(20, func() {
			clear(l)
			if _, err := me.run(s, p.W, p.b, p.mu, l); err != nil {
				t.Fatal(err)
			}
			clear(lq)
			if _, err := me.run(s, q.W, q.b, q.mu, lq); err != nil {
				t.Fatal(err)
			}
		})
		if a != 0 {
			t.Errorf("%s: %v allocations per solve", me.name, a)
		}
	}
}

// TestComponents: two independent random problems, their contacts
// interleaved, plus an isolated contact: Components finds the three, and
// solving each through Gather and Scatter solves the whole.
func TestComponents(t *testing.T) {
	pa, pb := randomProblem(21, 7, 1), randomProblem(22, 5, 1)
	m := pa.m + pb.m + 1
	n3 := 3 * m
	// contact k of the whole: a's contacts at even positions up to 13, b's at odd
	where := make([]int, 0, m) // whole index → (which, local index) encoded
	ia, ib := 0, 0
	for k := range m {
		switch {
		case k == 5:
			where = append(where, -1) // the isolated one
		case (k%2 == 0 && ia < pa.m) || ib >= pb.m:
			where = append(where, ia)
			ia++
		default:
			where = append(where, 100+ib)
			ib++
		}
	}
	W, b, mu := make([]float64, n3*n3), make([]float64, n3), make([]float64, m)
	src := func(k int) (problem, int) {
		if where[k] >= 100 {
			return pb, where[k] - 100
		}
		return pa, where[k]
	}
	for k := range m {
		if where[k] < 0 {
			for x := range 3 {
				W[(3*k+x)*n3+3*k+x] = 1e-3
			}
			b[3*k] = -1e-3
			mu[k] = 0.5
			continue
		}
		pk, lk := src(k)
		mu[k] = pk.mu[lk]
		for x := range 3 {
			b[3*k+x] = pk.b[3*lk+x]
		}
		for j := range m {
			if where[j] < 0 || (where[j] >= 100) != (where[k] >= 100) {
				continue
			}
			_, lj := src(j)
			for x := range 3 {
				for y := range 3 {
					W[(3*k+x)*n3+3*j+y] = pk.W[(3*lk+x)*3*pk.m+3*lj+y]
				}
			}
		}
	}
	label := make([]int, m)
	n, err := Components(W, label)
	if err != nil || n != 3 {
		t.Fatalf("Components: %d %v, labels %v", n, err, label)
	}
	for k := range m {
		want := 0
		if where[k] >= 100 {
			want = 1
		} else if where[k] < 0 {
			want = 2
		}
		if label[k] != want {
			t.Fatalf("labels %v (contact %d: %d, want %d)", label, k, label[k], want)
		}
	}
	s := newSolver(t, Params{MaxIter: 500, Tol: 1e-10})
	l := make([]float64, n3)
	idx := make([]int, 0, m)
	for c := range n {
		idx = idx[:0]
		for k := range m {
			if label[k] == c {
				idx = append(idx, k)
			}
		}
		k := len(idx)
		sw, sb, smu, sl := make([]float64, 9*k*k), make([]float64, 3*k), make([]float64, k), make([]float64, 3*k)
		if err := Gather(W, b, mu, l, idx, sw, sb, smu, sl); err != nil {
			t.Fatal(err)
		}
		if r, err := s.NNCG(sw, sb, smu, sl); err != nil || !r.Converged {
			t.Fatalf("component %d: %+v %v", c, r, err)
		}
		if err := Scatter(sl, idx, l); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, _, mx := Residuals(W, b, mu, l); mx > 1e-10 {
		t.Errorf("the whole problem's residual after solving its components: %g", mx)
	}
	if l[3*5] != 1 {
		t.Errorf("the isolated contact: λ = %v, want (1, 0, 0)", l[15:18])
	}
	// a chain is one component; a block-diagonal W has one per contact
	ch := chainProblem(10, 1e2, 1, 0.3)
	if n, _ := Components(ch.W, make([]int, 10)); n != 1 {
		t.Errorf("chain: %d components", n)
	}
	if n, _ := Components(W[:0], make([]int, 0)); n != 0 {
		t.Errorf("empty: %d components", n)
	}
	if _, err := Components(W, make([]int, 3)); !errors.Is(err, ErrLength) {
		t.Errorf("wrong length: %v", err)
	}
	if err := Gather(W, b, mu, l, []int{0, m}, make([]float64, 36), make([]float64, 6), make([]float64, 2), make([]float64, 6)); !errors.Is(err, ErrLength) {
		t.Errorf("Gather out of range: %v", err)
	}
	if err := Scatter(make([]float64, 3), []int{m}, l); !errors.Is(err, ErrLength) {
		t.Errorf("Scatter out of range: %v", err)
	}
}
