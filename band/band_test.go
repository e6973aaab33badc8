package band

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randSPD fills m with random blocks in its band and a diagonal that makes it positive
// definite (row sums of the magnitudes plus a margin), and returns it as a dense matrix
// built from the blocks independently of the band storage.
func randSPD(rng *rand.Rand, m *Sym) *mat.SymDense {
	n, b, kb := m.Dims()
	N := n * b
	dense := mat.NewSymDense(N, nil)
	for i := range n {
		for j := i; j <= min(n-1, i+kb); j++ {
			blk := make([]float64, b*b)
			for r := range b {
				for c := range b {
					blk[r*b+c] = 2*rng.Float64() - 1
				}
			}
			if i == j { // symmetric
				for r := range b {
					for c := range r {
						blk[r*b+c] = blk[c*b+r]
					}
				}
			}
			// Half the off-diagonal blocks go in as the lower one (transposed), to test both.
			if i != j && rng.IntN(2) == 0 {
				t := make([]float64, b*b)
				for r := range b {
					for c := range b {
						t[c*b+r] = blk[r*b+c]
					}
				}
				m.AddBlock(j, i, t)
			} else {
				m.AddBlock(i, j, blk)
			}
			for r := range b {
				for c := range b {
					if i != j || c >= r {
						dense.SetSym(i*b+r, j*b+c, dense.At(i*b+r, j*b+c)+blk[r*b+c])
					}
				}
			}
		}
	}
	diag := make([]float64, N)
	for r := range N {
		var s float64
		for c := range N {
			if c != r {
				s += math.Abs(dense.At(r, c))
			}
		}
		diag[r] = s + 0.1 - dense.At(r, r) + math.Abs(dense.At(r, r))
		dense.SetSym(r, r, dense.At(r, r)+diag[r])
	}
	m.AddDiag(diag)
	return dense
}

// The banded Cholesky solve equals a dense gonum solve to 1e-10 (issue 12), over block sizes
// 1, 3 (positions) and 4 (positions and twist) and half-bandwidths 0–3.
func TestMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	var ch Cholesky
	for _, b := range []int{1, 3, 4} {
		for kb := range 4 {
			for _, n := range []int{1, 2, 7, 40} {
				m, err := New(n, b, kb)
				if err != nil {
					t.Fatal(err)
				}
				dense := randSPD(rng, m)
				N := n * b
				for r := range N {
					for c := range N {
						if m.At(r, c) != dense.At(r, c) {
							t.Fatalf("b %d kb %d n %d: entry (%d, %d) is %v, want %v", b, kb, n, r, c, m.At(r, c), dense.At(r, c))
						}
					}
				}
				x := make([]float64, N)
				for i := range x {
					x[i] = rng.NormFloat64()
				}
				got := make([]float64, N)
				m.MulVec(got, x)
				var want mat.VecDense
				want.MulVec(dense, mat.NewVecDense(N, x))
				for i := range got {
					if math.Abs(got[i]-want.AtVec(i)) > 1e-12*(1+math.Abs(want.AtVec(i))) {
						t.Fatalf("b %d kb %d n %d: M·x[%d] = %v, want %v", b, kb, n, i, got[i], want.AtVec(i))
					}
				}
				if err := ch.Factor(m); err != nil {
					t.Fatal(err)
				}
				sol := append([]float64(nil), x...)
				ch.Solve(sol)
				var ref mat.VecDense
				if err := ref.SolveVec(dense, mat.NewVecDense(N, x)); err != nil {
					t.Fatal(err)
				}
				for i := range sol {
					if math.Abs(sol[i]-ref.AtVec(i)) > 1e-10*(1+math.Abs(ref.AtVec(i))) {
						t.Fatalf("b %d kb %d n %d: x[%d] = %v, gonum's dense solve %v", b, kb, n, i, sol[i], ref.AtVec(i))
					}
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		n, b, kb int
		want     string
	}{
		{0, 3, 2, "block rows"},
		{10, 0, 2, "block size"},
		{10, 17, 2, "block size"},
		{10, 3, -1, "half-bandwidth"},
		{10, 3, 17, "half-bandwidth"},
		{1 << 30, 3, 2, "exceed"},
		{1 << 20, 16, 16, "need more than"},
	} {
		if _, err := New(c.n, c.b, c.kb); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%d, %d, %d): %v, want an error about %q", c.n, c.b, c.kb, err, c.want)
		}
	}
	m, err := New(4, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	var ch Cholesky
	// Not positive definite: a zero matrix, then a negative diagonal.
	if err := ch.Factor(m); err == nil || !strings.Contains(err.Error(), "not positive definite") {
		t.Errorf("zero matrix: %v", err)
	}
	m.AddDiag([]float64{1, 1, 1, 1, 1, 1, -1, 1, 1, 1, 1, 1})
	if err := ch.Factor(m); err == nil || !strings.Contains(err.Error(), "not positive definite") {
		t.Errorf("a negative pivot: %v", err)
	}
	m.AddBlock(1, 2, []float64{0, 0, 0, 0, 0, math.NaN(), 0, 0, 0})
	if err := ch.Factor(m); err == nil || !strings.Contains(err.Error(), "entry (4, 8) is NaN") {
		t.Errorf("a NaN: %v", err)
	}
	mustPanic(t, "Solve without a successful Factor", func() { ch.Solve(make([]float64, 12)) })
	mustPanic(t, "outside a 4-block matrix", func() { m.AddBlock(0, 2, make([]float64, 9)) })
	mustPanic(t, "outside a 4-block matrix", func() { m.AddBlock(3, 1, make([]float64, 9)) })
	mustPanic(t, "a block of 4 values", func() { m.AddBlock(0, 0, make([]float64, 4)) })
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(fmt.Sprint(r), want) {
			t.Errorf("panic %v, want one about %q", r, want)
		}
	}()
	f()
}

func TestFactorSolveDoNotAllocate(t *testing.T) {
	m, err := New(100, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	randSPD(rand.New(rand.NewPCG(1, 2)), m)
	x := make([]float64, m.Size())
	var ch Cholesky
	if err := ch.Factor(m); err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(50, func() {
		if err := ch.Factor(m); err != nil {
			t.Fatal(err)
		}
		ch.Solve(x)
	}); a != 0 {
		t.Errorf("%v allocations per factor and solve", a)
	}
}

// Seed 003, App. A: the implicit step of §3.2.2 with the semi-implicit Euler scheme never
// raises the energy of a harmonic oscillator, whatever its stiffness. The appendix proves it
// for one mass; here a chain of 30 masses in 3D, each tied to the origin, to its neighbours and
// to its second neighbours by springs of zero rest length (a block-pentadiagonal K, the
// bandwidth of bending), is integrated by (M + K)·w₁ = M·w₀ − K·x₀, x₁ = x₀ + w₁ (w = v·h,
// M = m/h²), the system solved by the banded Cholesky: the energy ½xᵀKx + ½M|w|² falls or
// stays at every step, for k/M from 1e-3 to 1e12.
func TestImplicitOscillatorNeverGainsEnergySeed003AppA(t *testing.T) {
	const n, b, kb = 30, 3, 2
	for e := -3; e <= 12; e++ {
		kM := math.Pow(10, float64(e))
		const M = 1.0
		k := kM * M
		K, err := New(n, b, kb)
		if err != nil {
			t.Fatal(err)
		}
		// Springs: to the origin (k), to the next mass (k/2), to the one after (k/4).
		spring := func(i, j int, s float64) {
			eye := []float64{s, 0, 0, 0, s, 0, 0, 0, s}
			neg := []float64{-s, 0, 0, 0, -s, 0, 0, 0, -s}
			K.AddBlock(i, i, eye)
			K.AddBlock(j, j, eye)
			K.AddBlock(i, j, neg)
		}
		for i := range n {
			K.AddBlock(i, i, []float64{k, 0, 0, 0, k, 0, 0, 0, k})
			if i+1 < n {
				spring(i, i+1, k/2)
			}
			if i+2 < n {
				spring(i, i+2, k/4)
			}
		}
		A, err := New(n, b, kb)
		if err != nil {
			t.Fatal(err)
		}
		copy(A.a.Data, K.a.Data)
		diag := make([]float64, n*b)
		for i := range diag {
			diag[i] = M
		}
		A.AddDiag(diag)
		var ch Cholesky
		if err := ch.Factor(A); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(e+10), 7))
		x, w := make([]float64, n*b), make([]float64, n*b)
		for i := range x {
			x[i], w[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		Kx, rhs := make([]float64, n*b), make([]float64, n*b)
		energy := func() float64 {
			K.MulVec(Kx, x)
			var E float64
			for i := range x {
				E += 0.5*x[i]*Kx[i] + 0.5*M*w[i]*w[i]
			}
			return E
		}
		E0 := energy()
		prev := E0
		for step := range 1000 {
			K.MulVec(Kx, x)
			for i := range rhs {
				rhs[i] = M*w[i] - Kx[i]
			}
			ch.Solve(rhs)
			copy(w, rhs)
			for i := range x {
				x[i] += w[i]
			}
			E := energy()
			if E > prev*(1+1e-12) {
				t.Fatalf("k/M = %g, step %d: the energy rose from %.17g to %.17g", kM, step, prev, E)
			}
			prev = E
		}
		t.Logf("k/M = %-6g energy %.4g → %.4g", kM, E0, prev)
		if kM >= 1 && !(prev < E0) {
			t.Errorf("k/M = %g: the energy %g never fell (the scheme's damping of stiff modes)", kM, prev)
		}
	}
}

// BenchmarkFactorSolve: one implicit step's solve for N vertices (3×3 blocks, two neighbours
// on either side): linear in N.
func BenchmarkFactorSolve(b *testing.B) {
	for _, n := range []int{100, 1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, err := New(n, 3, 2)
			if err != nil {
				b.Fatal(err)
			}
			if n <= 1000 {
				randSPD(rand.New(rand.NewPCG(3, 4)), m)
			} else { // a diagonally dominant band without the O(N²) dense reference
				for i := range n {
					for j := i; j <= min(n-1, i+2); j++ {
						v := -0.1
						if i == j {
							v = 2
						}
						m.AddBlock(i, j, []float64{v, 0, 0, 0, v, 0, 0, 0, v})
					}
				}
			}
			x := make([]float64, m.Size())
			var ch Cholesky
			b.ReportAllocs()
			for b.Loop() {
				if err := ch.Factor(m); err != nil {
					b.Fatal(err)
				}
				ch.Solve(x)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/vertex")
		})
	}
}

// SolveSparse equals Solve for right-hand sides zero before a row, over block sizes and
// bandwidths, to 1e-12 relative.
func TestSolveSparseEqualsSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sz := range [][3]int{{40, 3, 2}, {17, 1, 0}, {25, 4, 3}, {9, 3, 1}} {
		m, err := New(sz[0], sz[1], sz[2])
		if err != nil {
			t.Fatal(err)
		}
		randSPD(rng, m)
		var c Cholesky
		if err := c.Factor(m); err != nil {
			t.Fatal(err)
		}
		N := m.Size()
		for _, first := range []int{0, 1, N / 2, N - 1} {
			x := make([]float64, N)
			for i := first; i < N; i++ {
				if rng.IntN(3) == 0 {
					x[i] = 2*rng.Float64() - 1
				}
			}
			x[first] = 1
			y := append([]float64(nil), x...)
			c.Solve(x)
			c.SolveSparse(y, first)
			worst, size := 0.0, 0.0
			for i := range x {
				worst = math.Max(worst, math.Abs(x[i]-y[i]))
				size = math.Max(size, math.Abs(x[i]))
			}
			if worst > 1e-12*size {
				t.Errorf("%v, first %d: SolveSparse differs from Solve by %.3g (size %.3g)", sz, first, worst, size)
			}
		}
	}
}

func BenchmarkSolveVsSolveSparse(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	m, _ := New(150, 3, 2)
	randSPD(rng, m)
	var c Cholesky
	if err := c.Factor(m); err != nil {
		b.Fatal(err)
	}
	x := make([]float64, m.Size())
	b.Run("Solve", func(b *testing.B) {
		for range b.N {
			clear(x)
			x[225] = 1
			c.Solve(x)
		}
	})
	b.Run("SolveSparse", func(b *testing.B) {
		for range b.N {
			clear(x)
			x[225] = 1
			c.SolveSparse(x, 225)
		}
	})
}

// SolveWindow3 returns Solve's answer on the listed rows from first on, for three right-hand
// sides non-zero only on listed rows from first on, to 1e-12 relative: listed rows that are
// sparse (long gaps crossed by maps), dense, at the start and the end of the matrix, one row,
// all rows, with first at the lowest listed row and above it, over block sizes and bandwidths.
func TestSolveWindow3EqualsSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	crossed := 0
	for _, sz := range [][3]int{{40, 3, 2}, {17, 1, 0}, {25, 4, 3}, {9, 3, 1}, {3, 3, 2}, {150, 3, 2}, {300, 3, 2}} {
		m, err := New(sz[0], sz[1], sz[2])
		if err != nil {
			t.Fatal(err)
		}
		randSPD(rng, m)
		var c Cholesky
		if err := c.Factor(m); err != nil {
			t.Fatal(err)
		}
		N := m.Size()
		lists := [][]int{{0}, {N - 1}, {N / 2}, {0, N - 1}}
		all := make([]int, N)
		for i := range all {
			all[i] = i
		}
		lists = append(lists, all)
		for _, p := range []float64{0.5, 0.1, 0.02} {
			for range 3 {
				var l []int
				for i := range N {
					if rng.Float64() < p {
						l = append(l, i)
					}
				}
				if len(l) > 0 {
					lists = append(lists, l)
				}
			}
		}
		for _, listed := range lists {
			for _, fi := range []int{0, len(listed) / 3, len(listed) - 1} {
				first, last := listed[fi], listed[len(listed)-1]
				var x [3][]float64
				y := make([]float64, 3*(last-first+1))
				for col := range x {
					x[col] = make([]float64, N)
					for _, i := range listed[fi:] {
						if rng.IntN(3) != 0 {
							x[col][i] = 2*rng.Float64() - 1
						}
					}
					x[col][listed[fi+col%(len(listed)-fi)]] = 1
					for i := first; i <= last; i++ {
						y[3*(i-first)+col] = x[col][i]
					}
					c.Solve(x[col])
				}
				c.PrepareWindow(listed)
				// The inside of a crossed run is never read: poison it.
				inside := func(i int) bool {
					for _, gp := range c.gaps {
						if gp.g0 > first && i >= gp.g0+c.t.K && i <= gp.g1-c.t.K {
							return true
						}
					}
					return false
				}
				for i := first; i <= last; i++ {
					if inside(i) {
						y[3*(i-first)], y[3*(i-first)+1], y[3*(i-first)+2] = math.NaN(), math.NaN(), math.NaN()
					}
				}
				c.SolveWindow3(y, first)
				crossed += len(c.gaps)
				checkClear := func() {
					// ClearWindow3 zeroes every row the solve wrote and leaves the inside of the runs.
					c.ClearWindow3(y, first)
					for i := first; i <= last; i++ {
						for col := range 3 {
							if v := y[3*(i-first)+col]; inside(i) != math.IsNaN(v) || (!inside(i) && v != 0) {
								t.Fatalf("%v: after ClearWindow3 row %d column %d is %v (inside a run: %v)", sz, i, col, v, inside(i))
							}
						}
					}
				}
				for col := range x {
					worst, size := 0.0, 0.0
					for _, i := range listed[fi:] {
						worst = math.Max(worst, math.Abs(x[col][i]-y[3*(i-first)+col]))
						size = math.Max(size, math.Abs(x[col][i]))
					}
					if worst > 1e-12*size {
						t.Errorf("%v, %d listed rows %d…%d (%d gaps), from row %d, column %d: SolveWindow3 differs from Solve by %.3g (size %.3g)",
							sz, len(listed), listed[0], last, len(c.gaps), first, col, worst, size)
					}
				}
				checkClear()
			}
		}
	}
	if crossed < 100 {
		t.Errorf("%d gaps crossed by maps in all: the test does not exercise them", crossed)
	}
}

// SolveWindow3 and PrepareWindow panic when misused: before PrepareWindow, after a new
// Factor, with a window that does not end at the last listed row, with rows out of order.
func TestSolveWindow3Misuse(t *testing.T) {
	m, _ := New(10, 3, 2)
	randSPD(rand.New(rand.NewPCG(1, 1)), m)
	var c Cholesky
	if err := c.Factor(m); err != nil {
		t.Fatal(err)
	}
	panics := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	panics("unprepared", func() { c.SolveWindow3(make([]float64, 9), 27) })
	panics("row out of range", func() { c.PrepareWindow([]int{3, 30}) })
	panics("rows out of order", func() { c.PrepareWindow([]int{5, 3}) })
	panics("no rows", func() { c.PrepareWindow(nil) })
	c.PrepareWindow([]int{10, 20})
	panics("wrong length", func() { c.SolveWindow3(make([]float64, 11), 10) })
	c.SolveWindow3(make([]float64, 33), 10)
	if err := c.Factor(m); err != nil {
		t.Fatal(err)
	}
	panics("prepared for the last factor", func() { c.SolveWindow3(make([]float64, 33), 10) })
}

// A coupling operator's three columns of one contact of a bend knot tying the two ends of a
// 150-node loop (contacts on nodes 10…40 and 110…140): three sparse full solves against the
// window solve, whose gap between the ends is crossed by its maps.
func BenchmarkSolveWindow3(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	m, _ := New(150, 3, 2)
	randSPD(rng, m)
	var c Cholesky
	if err := c.Factor(m); err != nil {
		b.Fatal(err)
	}
	var listed []int
	for i := 30; i < 420; i++ {
		if i <= 120 || i >= 330 {
			listed = append(listed, i)
		}
	}
	first, last := 30, 419
	b.Run("SolveSparse×3", func(b *testing.B) {
		x := make([]float64, m.Size())
		for range b.N {
			for col := range 3 {
				clear(x)
				x[first+col] = 1
				c.SolveSparse(x, first)
			}
		}
	})
	b.Run("SolveWindow3", func(b *testing.B) {
		x := make([]float64, 3*(last-first+1))
		c.PrepareWindow(listed)
		b.ReportAllocs()
		for range b.N {
			clear(x)
			x[0], x[4], x[8] = 1, 1, 1
			c.SolveWindow3(x, first)
		}
	})
	b.Run("PrepareWindow", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			c.PrepareWindow(listed)
		}
	})
}
