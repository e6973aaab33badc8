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

	// PrepareWindow's answer: y_{last+1+r} = Σ_q tail[r·K + q]·z_{last−q} for the forward
	// substitution's values z; last < 0 when not prepared since the last Factor.
	last int
	tail []float64
	buf  []float64
	inv  []float64 // 1/U[i,i]: the substitutions multiply (a division a row was their bottleneck)
}

// maxK is the largest scalar half-bandwidth New allows.
const maxK = (MaxWidth+1)*MaxBlock - 1

// Factor factors m (left unchanged). It returns an error naming the first non-finite entry, or
// saying that m is not positive definite (for an implicit step: a force Jacobian that is not
// negative semidefinite, or a time step too large for an unstabilised one); the factor is then
// unusable.
func (c *Cholesky) Factor(m *Sym) error {
	c.ok, c.last = false, -1
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
	if cap(c.inv) < t.N {
		c.inv = make([]float64, t.N)
	}
	c.inv = c.inv[:t.N]
	for i := range c.inv {
		c.inv[i] = 1 / t.Data[i*t.Stride]
	}
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
	forward(x[first:], d[first*s:], c.inv[first:], k, s)
	backward(x, d, c.inv, k, s, nil)
}

// forward overwrites x with the solution of Uᵀ·z = x, U's rows from x's first in d: row by
// row, each solved value subtracted from the K rows after it (U's row i is contiguous; a zero
// value, common before a sparse right-hand side's first entries, costs nothing).
func forward(x, d, inv []float64, k, s int) {
	n := len(x)
	inv = inv[:n]
	for i := range n {
		row := d[i*s : i*s+k+1]
		xi := x[i] * inv[i]
		x[i] = xi
		if xi == 0 {
			continue
		}
		next := x[i+1 : min(n, i+k+1)]
		row = row[1 : len(next)+1]
		for j := range next {
			next[j] -= row[j] * xi
		}
	}
}

// backward overwrites x with the solution of U·y = x, U's rows from x's first in d; the rows
// after x's last, if U reaches them, are after (len(after) ≥ K when U does).
func backward(x, d, inv []float64, k, s int, after []float64) {
	n := len(x)
	inv = inv[:n]
	for i := n - 1; i >= 0; i-- {
		row := d[i*s : i*s+k+1]
		in := x[i+1 : min(n, i+k+1)]
		r := row[1 : len(in)+1]
		// Two sums: one chain of dependent additions would wait on each.
		var v0, v1 float64
		j := 0
		for ; j+1 < len(in); j += 2 {
			v0 += r[j] * in[j]
			v1 += r[j+1] * in[j+1]
		}
		if j < len(in) {
			v0 += r[j] * in[j]
		}
		v := x[i] - v0 - v1
		if len(in) < k && after != nil {
			r = row[len(in)+1:]
			r = r[:min(len(r), len(after))]
			for j := range r {
				v -= r[j] * after[j]
			}
		}
		x[i] = v * inv[i]
	}
}

// PrepareWindow readies SolveWindow for right-hand sides that are zero after scalar row last.
// Beyond last, the forward substitution Uᵀ·z = x runs on its own from its last K values, and
// the backward one U·y = z hands rows last+1…last+K back to the rows before: a K×K matrix,
// solved here once in O((N − last)·K²). It panics without a successful Factor.
func (c *Cholesky) PrepareWindow(last int) {
	if !c.ok {
		panic("band: PrepareWindow without a successful Factor")
	}
	n, k, s := c.t.N, c.t.K, c.t.Stride
	if last < 0 || last >= n {
		panic(fmt.Sprintf("band: window end %d outside 0..%d", last, n-1))
	}
	d := c.t.Data
	c.last = last
	if cap(c.tail) < k*k {
		c.tail = make([]float64, k*k)
	}
	c.tail = c.tail[:k*k]
	clear(c.tail)
	// buf[j − base] holds z_j, then y_j, for rows j ≥ base = last − K + 1.
	base := last - k + 1
	if cap(c.buf) < n-base {
		c.buf = make([]float64, n-base)
	}
	w := c.buf[:n-base]
	rows := min(k, n-1-last)
	for q := 0; q < k && last-q >= 0; q++ {
		clear(w)
		w[last-q-base] = 1
		for i := last + 1; i < n; i++ {
			v := 0.0
			for j := max(0, i-k); j < i; j++ {
				v -= d[j*s+i-j] * w[j-base]
			}
			w[i-base] = v / d[i*s]
		}
		for i := n - 1; i > last; i-- {
			v := w[i-base]
			for j := 1; j <= k && i+j < n; j++ {
				v -= d[i*s+j] * w[i+j-base]
			}
			w[i-base] = v / d[i*s]
		}
		for r := range rows {
			c.tail[r*k+q] = w[last+1+r-base]
		}
	}
}

// SolveWindow solves M·y = x for a right-hand side that is zero outside rows first…last
// (last from PrepareWindow) and returns only those rows of y: on entry x[i − first] is row i
// of the right-hand side, on return row i of the solution. With the rows that matter to a
// set of contacts between first and last, this is what a coupling (Delassus) operator needs
// of A⁻¹·Jᵀ, in O((last − first)·K) a column instead of O(N·K): the rope's tails beyond the
// window cost nothing per column. It allocates nothing and may run concurrently with itself.
func (c *Cholesky) SolveWindow(x []float64, first int) {
	if !c.ok || c.last < 0 {
		panic("band: SolveWindow without PrepareWindow since the last Factor")
	}
	n, k, s, last := c.t.N, c.t.K, c.t.Stride, c.last
	if first < 0 || len(x) != last-first+1 {
		panic(fmt.Sprintf("band: a window of %d rows from row %d; it must end at row %d", len(x), first, last))
	}
	d, inv := c.t.Data[first*s:], c.inv[first:]
	forward(x, d, inv, k, s)
	var yt [maxK]float64
	rows := min(k, n-1-last)
	for r := range rows {
		v := 0.0
		for q := 0; q < k && last-q >= first; q++ {
			v += c.tail[r*k+q] * x[last-q-first]
		}
		yt[r] = v
	}
	if rows == 0 {
		backward(x, d, inv, k, s, nil)
		return
	}
	backward(x, d, inv, k, s, yt[:k])
}
