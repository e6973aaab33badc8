// Package band holds the symmetric block-banded matrices of an implicit rod step and solves
// them in time linear in the rod's length.
//
// Seed 003 (the thesis, §3.2.2, Eq. 3.28–3.36) integrates a thread implicitly: with
// Δx = a + B·F(x + Δx) and the forces linearised, (1 − B·∂F/∂x)·Δx = a + B·F. A vertex's forces
// depend only on its neighbours and theirs, so ∂F/∂x is banded: B×B blocks (B = 3 for a
// position, 4 with a twist angle), each block row coupled to at most K blocks on either side
// (K = 2 for bending). The thesis solves the banded system by LU. Here it is solved in its
// symmetric form: with B diagonal and positive, B⁻¹ − ∂F/∂x is symmetric, and positive
// definite wherever the force Jacobian is negative semidefinite (which the thesis's
// stabilisations ensure), so Cholesky applies without pivoting — gonum's banded Cholesky
// (LAPACK's dpbtrf and dpbtrs), O(N·(K+1)²·B³).
package band

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// Limits of New: a request beyond them is an error, not an allocation of gigabytes.
const (
	MaxBlock = 16      // largest block size
	MaxWidth = 16      // largest block half-bandwidth
	MaxRows  = 1 << 24 // largest number of scalar rows (16.7 million)
	maxData  = 1 << 28 // largest storage, float64s (2 GiB)
)

// Sym is a symmetric matrix of n×n blocks of size b×b whose blocks (i, j) are zero for
// |i − j| > kb. Only the upper band is stored (LAPACK's band storage, row-major as blas64
// keeps it); the zero value is not usable: make one with New.
type Sym struct {
	n, b, kb int
	a        blas64.SymmetricBand
}

// New returns a zero Sym of n block rows of size b, coupled up to kb blocks away.
func New(n, b, kb int) (*Sym, error) {
	switch {
	case n < 1:
		return nil, fmt.Errorf("band: %d block rows; need at least 1", n)
	case b < 1 || b > MaxBlock:
		return nil, fmt.Errorf("band: block size %d must be in 1..%d", b, MaxBlock)
	case kb < 0 || kb > MaxWidth:
		return nil, fmt.Errorf("band: block half-bandwidth %d must be in 0..%d", kb, MaxWidth)
	case n > MaxRows/b:
		return nil, fmt.Errorf("band: %d block rows of size %d exceed %d rows", n, b, MaxRows)
	}
	N, k := n*b, (kb+1)*b-1
	if N > maxData/(k+1) {
		return nil, fmt.Errorf("band: %d rows with half-bandwidth %d need more than %d values", N, k, maxData)
	}
	return &Sym{n: n, b: b, kb: kb, a: blas64.SymmetricBand{Uplo: blas.Upper, N: N, K: k, Stride: k + 1, Data: make([]float64, N*(k+1))}}, nil
}

// Dims returns the number of block rows, the block size and the block half-bandwidth.
func (m *Sym) Dims() (n, b, kb int) { return m.n, m.b, m.kb }

// Size returns the number of scalar rows, n·b.
func (m *Sym) Size() int { return m.a.N }

// Zero sets every entry to zero, keeping the storage.
func (m *Sym) Zero() { clear(m.a.Data) }

// At returns entry (r, c) (scalar indices; zero outside the band).
func (m *Sym) At(r, c int) float64 {
	if r > c {
		r, c = c, r
	}
	if r < 0 || c >= m.a.N {
		panic(fmt.Sprintf("band: entry (%d, %d) outside a %d×%d matrix", r, c, m.a.N, m.a.N))
	}
	if c-r > m.a.K {
		return 0
	}
	return m.a.Data[r*m.a.Stride+c-r]
}

// AddBlock adds the b×b block blk (row-major) at block (i, j), and its transpose at (j, i).
// A diagonal block (i = j) must be symmetric: its upper triangle is used. It panics for
// |i − j| > kb or a block of the wrong size (a programming error, like gonum's shape checks).
func (m *Sym) AddBlock(i, j int, blk []float64) {
	b := m.b
	if len(blk) != b*b {
		panic(fmt.Sprintf("band: a block of %d values; want %d", len(blk), b*b))
	}
	if i > j {
		// Store the transpose in the upper band: (j, i) block = blkᵀ.
		m.check(j, i)
		for r := range b {
			row := (j*b+r)*m.a.Stride - (j*b + r)
			for c := range b {
				m.a.Data[row+i*b+c] += blk[c*b+r]
			}
		}
		return
	}
	m.check(i, j)
	for r := range b {
		R := i*b + r
		row := R*m.a.Stride - R
		c0 := 0
		if i == j {
			c0 = r
		}
		for c := c0; c < b; c++ {
			m.a.Data[row+j*b+c] += blk[r*b+c]
		}
	}
}

func (m *Sym) check(i, j int) {
	if i < 0 || j >= m.n || j-i > m.kb {
		panic(fmt.Sprintf("band: block (%d, %d) outside a %d-block matrix of half-bandwidth %d", i, j, m.n, m.kb))
	}
}

// AddDiag adds v[r] to each diagonal entry (r, r); len(v) must be Size().
func (m *Sym) AddDiag(v []float64) {
	if len(v) != m.a.N {
		panic(fmt.Sprintf("band: %d diagonal values for %d rows", len(v), m.a.N))
	}
	for r, x := range v {
		m.a.Data[r*m.a.Stride] += x
	}
}

// MulVec sets dst = M·x; len(dst) = len(x) = Size(), dst and x distinct.
func (m *Sym) MulVec(dst, x []float64) {
	N, K, s := m.a.N, m.a.K, m.a.Stride
	if len(dst) != N || len(x) != N {
		panic(fmt.Sprintf("band: vectors of %d and %d for %d rows", len(dst), len(x), N))
	}
	clear(dst)
	for r := range N {
		row := m.a.Data[r*s : r*s+K+1]
		dst[r] += row[0] * x[r]
		for d := 1; d <= K && r+d < N; d++ {
			dst[r] += row[d] * x[r+d]
			dst[r+d] += row[d] * x[r]
		}
	}
}

// Cholesky is the factor Uᵀ·U of a positive definite Sym. Its storage is reused from one
// Factor to the next of the same size: factoring allocates nothing once warm.
type Cholesky struct {
	t    blas64.TriangularBand
	data []float64
	ok   bool
}

// Factor factors m (left unchanged). It returns an error naming the first non-finite entry, or
// saying that m is not positive definite (for an implicit step: a force Jacobian that is not
// negative semidefinite, or a time step too large for an unstabilised one); the factor is then
// unusable.
func (c *Cholesky) Factor(m *Sym) error {
	c.ok = false
	for i, v := range m.a.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			r := i / m.a.Stride
			return fmt.Errorf("band: entry (%d, %d) is %v", r, r+i%m.a.Stride, v)
		}
	}
	if cap(c.data) < len(m.a.Data) {
		c.data = make([]float64, len(m.a.Data))
	}
	c.data = c.data[:len(m.a.Data)]
	copy(c.data, m.a.Data)
	a := m.a
	a.Data = c.data
	t, ok := lapack64.Pbtrf(a)
	if !ok {
		return fmt.Errorf("band: the %d×%d matrix is not positive definite", m.a.N, m.a.N)
	}
	c.t, c.ok = t, true
	return nil
}

// Solve overwrites x with the solution of M·y = x for the last matrix factored; len(x) =
// Size(). It panics without a successful Factor.
func (c *Cholesky) Solve(x []float64) {
	if !c.ok {
		panic("band: Solve without a successful Factor")
	}
	if len(x) != c.t.N {
		panic(fmt.Sprintf("band: a vector of %d for %d rows", len(x), c.t.N))
	}
	lapack64.Pbtrs(c.t, blas64.General{Rows: len(x), Cols: 1, Stride: 1, Data: x})
}

// SolveSparse overwrites x with the solution of M·y = x like Solve, for a right-hand side
// that is zero before scalar row first (a force on a few nodes): the forward substitution
// starts there. It is written for the band storage directly (no BLAS call per column), which
// is also faster than Solve for the narrow bands of a rod.
func (c *Cholesky) SolveSparse(x []float64, first int) {
	if !c.ok {
		panic("band: Solve without a successful Factor")
	}
	n, k, s := c.t.N, c.t.K, c.t.Stride
	if len(x) != n {
		panic(fmt.Sprintf("band: a vector of %d for %d rows", len(x), n))
	}
	d := c.t.Data
	first = max(0, min(first, n))
	// Uᵀ·y = x: y_i = (x_i − Σ_{j<i} U[j,i]·y_j)/U[i,i], U[j,i] = d[j·s + i − j].
	for i := first; i < n; i++ {
		v := x[i]
		for j := max(first, i-k); j < i; j++ {
			v -= d[j*s+i-j] * x[j]
		}
		x[i] = v / d[i*s]
	}
	// U·z = y: z_i = (y_i − Σ_{j>i} U[i,j]·z_j)/U[i,i].
	for i := n - 1; i >= 0; i-- {
		v := x[i]
		row := d[i*s : i*s+k+1]
		for j := 1; j <= k && i+j < n; j++ {
			v -= row[j] * x[i+j]
		}
		x[i] = v / row[0]
	}
}
