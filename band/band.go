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
// stabilisations ensure), so Cholesky applies without pivoting — LAPACK's banded Cholesky:
// the factor is dpbtf2 (what gonum's dpbtrf runs for narrow bands) written here without a BLAS
// call a row, the solves gonum's dpbtrs or this package's substitutions, O(N·(K+1)²·B³).
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
	if b == 3 && i <= j {
		// A rod's position blocks, unrolled (the assembly's most frequent call).
		m.check(i, j)
		s := m.a.Stride
		d := m.a.Data
		k := 3*i*(s-1) + 3*j // entry (3i, 3j)
		if i == j {
			d[k] += blk[0]
			d[k+1] += blk[1]
			d[k+2] += blk[2]
			k += s // row 3i+1 starts its stored band one column on
			d[k] += blk[4]
			d[k+1] += blk[5]
			k += s
			d[k] += blk[8]
			return
		}
		d[k] += blk[0]
		d[k+1] += blk[1]
		d[k+2] += blk[2]
		k += s - 1
		d[k] += blk[3]
		d[k+1] += blk[4]
		d[k+2] += blk[5]
		k += s - 1
		d[k] += blk[6]
		d[k+1] += blk[7]
		d[k+2] += blk[8]
		return
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

	// PrepareWindow's answer (last < 0 when not prepared since the last Factor).
	last int
	gaps []gap
	maps []float64 // the gaps' maps, then the tail's (bz of the rows after last)
	tail []float64
	buf  []float64
	scr  []float64 // SolveWindow3's: K values in, K out, K after last (3 columns each)
	inv  []float64 // 1/U[i,i]: the substitutions multiply (a division a row was their bottleneck)
}

// Factor factors m (left unchanged). It returns an error naming the first non-finite entry, or
// saying that m is not positive definite (for an implicit step: a force Jacobian that is not
// negative semidefinite, or a time step too large for an unstabilised one); the factor is then
// unusable.
func (c *Cholesky) Factor(m *Sym) error {
	c.ok, c.last = false, -1
	for i, v := range m.a.Data {
		if v-v != 0 { // NaN or ±Inf
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
	t, ok := pbtrf(a)
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

// pbtrf factors the upper band a in place as UᵀU, U upper triangular with a's bandwidth: the
// algorithm of LAPACK's unblocked dpbtf2 (which gonum's Pbtrf runs for bands narrower than its
// block size of 32), row by row, without a BLAS call per row (a rod's band is 9 wide, and the
// calls' overhead was a third of the factor's time). It reports false where a pivot is not
// positive.
func pbtrf(a blas64.SymmetricBand) (blas64.TriangularBand, bool) {
	n, k, s, d := a.N, a.K, a.Stride, a.Data
	t := blas64.TriangularBand{Uplo: blas.Upper, Diag: blas.NonUnit, N: n, K: k, Stride: s, Data: d}
	for j := range n {
		ajj := d[j*s]
		if !(ajj > 0) {
			return t, false
		}
		ajj = math.Sqrt(ajj)
		d[j*s] = ajj
		kn := min(k, n-1-j)
		row := d[j*s+1 : j*s+1+kn]
		inv := 1 / ajj
		for q := range row {
			row[q] *= inv
		}
		// The trailing block loses row·rowᵀ (its upper triangle): entry (j+p, j+q) is at
		// (j+p)·s + q − p.
		for p := 1; p <= kn; p++ {
			rp := row[p-1]
			if rp == 0 {
				continue
			}
			dst := d[(j+p)*s : (j+p)*s+kn-p+1]
			for q, v := range row[p-1 : kn] {
				dst[q] -= rp * v
			}
		}
	}
	return t, true
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
	backward(x, d, c.inv, k, s)
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

// backward overwrites x with the solution of U·y = x, U's rows from x's first in d.
func backward(x, d, inv []float64, k, s int) {
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
		x[i] = (x[i] - v0 - v1) * inv[i]
	}
}

// minGap is the length, in rows of half-bandwidths, from which a run of rows without a
// listed row is crossed by its maps instead of row by row.
const minGap = 3

// gap is a run of rows g0…g1 that no right-hand side touches and no answer is read from
// (between two of PrepareWindow's rows), crossed in a solve by three K×K maps at maps[m:]:
//   - tf: the forward substitution's last K values z_{g1−K+1…g1} from the K before the gap,
//     z_{g0−K…g0−1};
//   - bz, by: the backward substitution's first K values y_{g0…g0+K−1} from those same z
//     (bz) and from the K values after the gap, y_{g1+1…g1+K} (by).
type gap struct{ g0, g1, m int }

// PrepareWindow readies SolveWindow3 for right-hand sides that are non-zero only on rows
// (sorted, increasing) and answers read only there. Long runs of rows between them (at least
// 3·K) and the rows after the last are crossed by K×K maps, solved here once in O(N·K²): a
// solve then costs O(K) a listed row and O(K²) a run — the rows of a rope between the
// contacts of a knot (a loop tied with a bend has its two ends in one knot) and its tails cost
// nothing a column. It panics without a successful Factor or with rows out of order.
func (c *Cholesky) PrepareWindow(rows []int) {
	if !c.ok {
		panic("band: PrepareWindow without a successful Factor")
	}
	n, k := c.t.N, c.t.K
	for i, r := range rows {
		if r < 0 || r >= n || (i > 0 && r <= rows[i-1]) {
			panic(fmt.Sprintf("band: window row %d (%d of %d) outside 0..%d or out of order", r, i, len(rows), n-1))
		}
	}
	if len(rows) == 0 {
		panic("band: an empty window")
	}
	last := rows[len(rows)-1]
	c.last = last
	c.gaps = c.gaps[:0]
	kk := k * k
	for i := 1; i < len(rows); i++ {
		if g0, g1 := rows[i-1]+1, rows[i]-1; g1-g0+1 >= minGap*max(k, 1) {
			c.gaps = append(c.gaps, gap{g0, g1, 3 * kk * len(c.gaps)})
		}
	}
	need := 3*kk*len(c.gaps) + kk
	if cap(c.maps) < need {
		c.maps = make([]float64, need, need+need/4)
	}
	c.maps = c.maps[:need]
	for _, g := range c.gaps {
		m := c.maps[g.m : g.m+3*kk]
		c.gapMaps(g.g0, g.g1, m[:kk], m[kk:2*kk], m[2*kk:])
	}
	c.tail = c.maps[need-kk:]
	clear(c.tail)
	if last < n-1 {
		c.gapMaps(last+1, n-1, nil, c.tail, nil)
	}
	if cap(c.scr) < 9*k {
		c.scr = make([]float64, 9*k)
	}
}

// gapMaps solves the maps of the gap g0…g1 (tf and by may be nil: the rows after the last).
func (c *Cholesky) gapMaps(g0, g1 int, tf, bz, by []float64) {
	n, k, s, d, inv := c.t.N, c.t.K, c.t.Stride, c.t.Data, c.inv
	base := g0 - k // w[r − base] is row r, from g0 − K to g1 + K
	top := min(n-1, g1+k)
	if cap(c.buf) < top-base+1 {
		c.buf = make([]float64, top-base+1)
	}
	w := c.buf[:top-base+1]
	forward := func() {
		for i := g0; i <= g1; i++ {
			v := 0.0
			for j := max(0, i-k); j < i; j++ {
				v -= d[j*s+i-j] * w[j-base]
			}
			w[i-base] = v * inv[i]
		}
	}
	backward := func() {
		for i := g1; i >= g0; i-- {
			v := w[i-base]
			for j := i + 1; j <= min(top, i+k); j++ {
				v -= d[i*s+j-i] * w[j-base]
			}
			w[i-base] = v * inv[i]
		}
	}
	// out[p·K + q] = row g+p of w, or 0 beyond the gap.
	col := func(out []float64, q, g int) {
		for p := range k {
			out[p*k+q] = 0
			if r := g + p; r >= g0 && r <= g1 {
				out[p*k+q] = w[r-base]
			}
		}
	}
	for q := range k {
		clear(w)
		if base+q >= 0 {
			w[q] = 1
			forward()
		}
		if tf != nil {
			col(tf, q, g1-k+1)
		}
		backward()
		col(bz, q, g0)
	}
	for q := 0; by != nil && q < k; q++ {
		clear(w)
		if r := g1 + 1 + q; r <= top {
			w[r-base] = 1
			backward()
		}
		col(by, q, g0)
	}
}

// SolveWindow3 solves M·y = x for three right-hand sides at once that are zero outside
// PrepareWindow's rows and before row first (one of them), and returns the solution on those
// rows from first on: x holds rows first…last interleaved, x[3·(i − first) + c] is row i of
// column c, on entry of the right-hand side and on return of the solution (other rows of x are
// scratch). With the rows of a set of contacts, this is what a coupling (Delassus) operator
// needs of A⁻¹·Jᵀ — the three columns of one contact, its normal and two tangents — in O(K) a
// listed row and O(K²) a gap; the three columns' substitutions run side by side (each alone
// waits on its own chain of dependent operations). It allocates nothing.
func (c *Cholesky) SolveWindow3(x []float64, first int) {
	if !c.ok || c.last < 0 {
		panic("band: SolveWindow3 without PrepareWindow since the last Factor")
	}
	n, k, s, last := c.t.N, c.t.K, c.t.Stride, c.last
	if first < 0 || len(x) != 3*(last-first+1) {
		panic(fmt.Sprintf("band: a window of %d values from row %d; it must hold 3 columns to row %d", len(x), first, last))
	}
	d, inv, kk := c.t.Data, c.inv, k*k
	in, out := c.scr[:3*k], c.scr[3*k:6*k]
	// gather sets in[3q + col] to rows r0+q of x (zero outside first…last), tail to yt.
	gather := func(r0 int, yt []float64) {
		for q := range k {
			r := r0 + q
			v := in[3*q : 3*q+3]
			switch {
			case r >= first && r <= last:
				copy(v, x[3*(r-first):3*(r-first)+3])
			case r > last && 3*(r-last) <= len(yt):
				copy(v, yt[3*(r-last-1):3*(r-last)])
			default:
				v[0], v[1], v[2] = 0, 0, 0
			}
		}
	}
	// apply adds the map m (K×K) applied to in to out.
	apply := func(m []float64) {
		for p := range k {
			var v0, v1, v2 float64
			for q, a := range m[p*k : p*k+k] {
				v0 += a * in[3*q]
				v1 += a * in[3*q+1]
				v2 += a * in[3*q+2]
			}
			out[3*p] += v0
			out[3*p+1] += v1
			out[3*p+2] += v2
		}
	}
	// put writes out to rows r0… of x (those inside first…last).
	put := func(r0 int) {
		for p := range k {
			if r := r0 + p; r >= first && r <= last {
				copy(x[3*(r-first):3*(r-first)+3], out[3*p:3*p+3])
			}
		}
	}
	// Uᵀ·z = x, row by row (z_i subtracted from the K rows after it), a gap by its map.
	g := 0
	for g < len(c.gaps) && c.gaps[g].g0 <= first {
		g++
	}
	lowest := g // the gaps crossed by their maps: lowest…
	for i := first; i <= last; {
		if g < len(c.gaps) && i == c.gaps[g].g0 {
			gp := c.gaps[g]
			gather(gp.g0-k, nil)
			clear(out)
			apply(c.maps[gp.m : gp.m+kk])
			put(gp.g1 - k + 1)
			// The gap's last K values to the rows after it.
			for p := range k {
				r := gp.g1 - k + 1 + p
				z := out[3*p : 3*p+3]
				row := d[r*s : r*s+k+1]
				for j := gp.g1 + 1 - r; j <= k && r+j <= last; j++ {
					t := x[3*(r+j-first) : 3*(r+j-first)+3]
					t[0] -= row[j] * z[0]
					t[1] -= row[j] * z[1]
					t[2] -= row[j] * z[2]
				}
			}
			i, g = gp.g1+1, g+1
			continue
		}
		xi := x[3*(i-first) : 3*(i-first)+3]
		z0, z1, z2 := xi[0]*inv[i], xi[1]*inv[i], xi[2]*inv[i]
		xi[0], xi[1], xi[2] = z0, z1, z2
		i++
		if z0 == 0 && z1 == 0 && z2 == 0 {
			continue
		}
		m := min(k, last-i+1)
		next := x[3*(i-first) : 3*(i+m-first)]
		for j, u := range d[(i-1)*s+1 : (i-1)*s+1+m] {
			t := next[3*j : 3*j+3]
			t[0] -= u * z0
			t[1] -= u * z1
			t[2] -= u * z2
		}
	}
	// The rows after last: y_{last+1…} from the tail's map.
	yt := c.scr[6*k : 6*k+3*min(k, n-1-last)]
	gather(last-k+1, nil)
	clear(out)
	apply(c.tail)
	copy(yt, out)
	// U·y = z, row by row (y_i from the K after it), a gap by its maps.
	g = len(c.gaps) - 1
	for i := last; i >= first; {
		if g >= lowest && i == c.gaps[g].g1 {
			gp := c.gaps[g]
			m := c.maps[gp.m : gp.m+3*kk]
			clear(out)
			gather(gp.g0-k, yt)
			apply(m[kk : 2*kk])
			gather(gp.g1+1, yt)
			apply(m[2*kk:])
			put(gp.g0)
			i, g = gp.g0-1, g-1
			continue
		}
		row := d[i*s : i*s+k+1]
		xi := x[3*(i-first) : 3*(i-first)+3]
		v0, v1, v2 := xi[0], xi[1], xi[2]
		m := min(k, last-i)
		ys := x[3*(i+1-first) : 3*(i+1+m-first)]
		for j, u := range row[1 : m+1] {
			y := ys[3*j : 3*j+3]
			v0 -= u * y[0]
			v1 -= u * y[1]
			v2 -= u * y[2]
		}
		for j := m + 1; j <= k && i+j < n; j++ {
			y := yt[3*(i+j-last-1) : 3*(i+j-last)]
			v0 -= row[j] * y[0]
			v1 -= row[j] * y[1]
			v2 -= row[j] * y[2]
		}
		xi[0], xi[1], xi[2] = v0*inv[i], v1*inv[i], v2*inv[i]
		i--
	}
}

// ClearWindow3 zeroes what SolveWindow3(x, first) may have written to x: every row from first
// to the last listed row except the inside of the runs crossed by maps (their first and last K
// rows are written), in O(K) a listed row and O(K) a run. A caller that keeps x zero between
// solves this way sets a right-hand side on the listed rows only and never clears the rope
// between them.
func (c *Cholesky) ClearWindow3(x []float64, first int) {
	if !c.ok || c.last < 0 {
		panic("band: ClearWindow3 without PrepareWindow since the last Factor")
	}
	k, last := c.t.K, c.last
	if first < 0 || len(x) != 3*(last-first+1) {
		panic(fmt.Sprintf("band: a window of %d values from row %d; it must hold 3 columns to row %d", len(x), first, last))
	}
	i := first
	for _, gp := range c.gaps {
		if gp.g0 <= first {
			continue
		}
		clear(x[3*(i-first) : 3*(gp.g0+k-first)])
		i = gp.g1 - k + 1
	}
	clear(x[3*(i-first):])
}
