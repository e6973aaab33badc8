package tissue

import (
	"math"
	"slices"

	"github.com/knotsim/knotsim/vec"
)

// ic0 is an incomplete Cholesky factor, with no fill-in beyond the mesh's node adjacency (or
// the complete factor, in the envelope of the node order: newIC0), of
// the rest-shape step matrix A₀ = cm·M + ck·K₀ (K₀ the linear stiffness at the rest shape,
// clamped nodes' rows and columns replaced by the identity), in 3×3 node blocks: A₀ ≈ L·Lᵀ.
// The conjugate gradients of a substep use it as their preconditioner: the step's matrix
// differs from A₀ by the elements' rotations and the geometric stiffness, and A₀'s inverse
// already captures the long-range coupling that Jacobi scaling leaves to the iterations (soft
// millimetre elements at 2.5 ms are quasi-static: M/h² ≪ K).
//
// Row i of L holds its blocks at the columns col[off[i]:off[i+1]] (ascending, ending with i
// itself), each a row-major 3×3 block in blk.
type ic0 struct {
	off []int32
	col []int32
	blk [][9]float64
	// The matrix the factor is of: rebuilt when any differs.
	cm, ck  float64
	clamped []bool
	// sup is each node's block of the support springs' stiffness (Body.AddSupport, h²·k·n·nᵀ)
	// the factor holds, nil when none; want is the running solve's (Body.cg).
	sup, want [][9]float64
	// dn is each node's squared Frobenius norm of its diagonal block of A₀ without the springs
	// (the scale a spring's change is measured against: current).
	dn []float64
	y  []vec.V3 // solve scratch
	// factors counts the factorisations (tests).
	factors int
	shift   float64 // the diagonal shift the factorisation needed (relative), 0 if none
}

// envelopeBlocks returns the number of 3×3 blocks in the envelope of m's lower triangle:
// row i from its lowest adjacent node to i.
func envelopeBlocks(m *Mesh) int {
	lo := make([]int32, len(m.Nodes))
	for i := range lo {
		lo[i] = int32(i)
	}
	for _, t := range m.Tets {
		for _, i := range t {
			for _, j := range t {
				lo[i] = min(lo[i], j)
			}
		}
	}
	n := 0
	for i, l := range lo {
		n += i - int(l) + 1
	}
	return n
}

// newIC0 returns the block pattern of the lower triangle of b's node adjacency (not
// factored), or with envelope, of every block from a row's lowest adjacent node to the
// diagonal: Cholesky makes no fill outside the envelope, so factor then computes the
// complete factor, A₀ = L·Lᵀ exactly, and the shift is never needed.
func newIC0(b *Body, envelope bool) *ic0 {
	n := len(b.X)
	nb := make([][]int32, n)
	for _, t := range b.Mesh.Tets {
		for _, i := range t {
			for _, j := range t {
				if j <= i {
					nb[i] = append(nb[i], j)
				}
			}
		}
	}
	p := &ic0{off: make([]int32, n+1), clamped: make([]bool, n), dn: make([]float64, n), y: make([]vec.V3, n)}
	for i := range nb {
		slices.Sort(nb[i])
		nb[i] = slices.Compact(nb[i])
		if envelope && len(nb[i]) > 0 {
			lo := nb[i][0]
			nb[i] = nb[i][:0]
			for j := lo; j <= int32(i); j++ {
				nb[i] = append(nb[i], j)
			}
		}
		if len(nb[i]) == 0 || nb[i][len(nb[i])-1] != int32(i) {
			nb[i] = append(nb[i], int32(i)) // a node of no tetrahedron
		}
		p.col = append(p.col, nb[i]...)
		p.off[i+1] = int32(len(p.col))
	}
	p.blk = make([][9]float64, len(p.col))
	return p
}

// current reports whether the factor is of cm, ck and b's clamps, and whether the springs'
// blocks it holds (p.sup) differ from the running solve's (p.want; nil: none) at every node by
// at most a quarter of the node's diagonal block of A₀ (Frobenius norms): a preconditioner need
// not be exact, and the springs change every step. (Measured against the springs themselves,
// as before, the two vessel ends of the anastomosis, whose contact springs come and go at
// the rim, refactored every step, 28 % of the scene's time, for springs of about 4 % of the
// diagonal: computed from h²·4k against (h·β + h²)·k, β = 0.1 s, h = 1 ms.)
func (p *ic0) current(b *Body, cm, ck float64) bool {
	if p.cm != cm || p.ck != ck || !slices.Equal(p.clamped, b.clamped) {
		return false
	}
	if p.want == nil && p.sup == nil {
		return true
	}
	for i := range p.dn {
		var d float64
		for k := range 9 {
			var w, s float64
			if p.want != nil {
				w = p.want[i][k]
			}
			if p.sup != nil {
				s = p.sup[i][k]
			}
			d += (w - s) * (w - s)
		}
		if d > 0.0625*p.dn[i] {
			return false
		}
	}
	return true
}

// factor assembles A₀ for cm, ck and b's clamps into p's pattern and factors it. Where a
// pivot block is not positive definite (incomplete factorisations may break down) it starts
// again with the diagonal blocks scaled by 1 + shift, shift = 1e-3, 1e-2, … (Manteuffel's shift).
func (p *ic0) factor(b *Body, cm, ck float64) {
	p.factors++
	p.cm, p.ck = cm, ck
	copy(p.clamped, b.clamped)
	if p.want == nil {
		p.sup = nil
	} else {
		if p.sup == nil {
			p.sup = make([][9]float64, len(p.want))
		}
		copy(p.sup, p.want)
	}
	for shift := 0.0; ; shift = math.Max(1e-3, 10*shift) {
		p.assemble(b, cm, ck, shift)
		if p.factorInPlace() {
			p.shift = shift
			return
		}
	}
}

// at returns the index in blk of block (i, j), j ≤ i, or −1 outside the pattern.
func (p *ic0) at(i, j int32) int {
	cols := p.col[p.off[i]:p.off[i+1]]
	k, ok := slices.BinarySearch(cols, j)
	if !ok {
		return -1
	}
	return int(p.off[i]) + k
}

// assemble writes A₀'s lower blocks, its diagonal blocks scaled by 1 + shift.
func (p *ic0) assemble(b *Body, cm, ck, shift float64) {
	clear(p.blk)
	mu, la := b.mu, b.lambda
	for e, t := range b.Mesh.Tets {
		g := b.grad[4*e : 4*e+4]
		v := ck * b.vol[e]
		for a := range 4 {
			for c := range 4 {
				i, j := t[a], t[c]
				if j > i || b.clamped[i] || b.clamped[j] {
					continue
				}
				// K_ij = V·[μ·(g_i·g_j)·I + μ·g_j·g_iᵀ + λ·g_i·g_jᵀ]
				gi, gj := g[a], g[c]
				d := mu * gi.Dot(gj)
				x := &p.blk[p.at(i, j)]
				gia, gja := [3]float64{gi.X, gi.Y, gi.Z}, [3]float64{gj.X, gj.Y, gj.Z}
				for r := range 3 {
					for s := range 3 {
						k := mu*gja[r]*gia[s] + la*gia[r]*gja[s]
						if r == s {
							k += d
						}
						x[3*r+s] += v * k
					}
				}
			}
		}
	}
	for i := range p.clamped {
		x := &p.blk[p.off[i+1]-1]
		if p.clamped[i] {
			*x = [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}
			p.dn[i] = math.Inf(1) // a spring on a clamped node does nothing
			continue
		}
		m := cm * b.Mass[i]
		for r := range 3 {
			x[4*r] += m
		}
		var dn float64
		for _, v := range x {
			dn += v * v
		}
		p.dn[i] = dn
		if p.sup != nil {
			for k := range x {
				x[k] += p.sup[i][k]
			}
		}
		for k := range x {
			x[k] *= 1 + shift
		}
	}
}

// factorInPlace overwrites the assembled lower blocks with L (row by row: L_ij =
// (A_ij − Σ_k L_ik·L_jkᵀ)·L_jj⁻ᵀ over the columns k < j both rows hold, then L_ii =
// chol(A_ii − Σ_k L_ik·L_ikᵀ)); false when a pivot block is not positive definite.
func (p *ic0) factorInPlace() bool {
	n := len(p.off) - 1
	for i := range n {
		lo, hi := p.off[i], p.off[i+1]-1 // hi: the diagonal block
		for q := lo; q < hi; q++ {
			j := p.col[q]
			a := p.blk[q]
			// Σ over the common columns k < j of rows i and j.
			ri, rj := lo, p.off[j]
			ej := p.off[j+1] - 1
			for ri < q && rj < ej {
				switch ci, cj := p.col[ri], p.col[rj]; {
				case ci < cj:
					ri++
				case cj < ci:
					rj++
				default:
					subMulT(&a, &p.blk[ri], &p.blk[rj])
					ri++
					rj++
				}
			}
			p.blk[q] = solveLT(&a, &p.blk[ej])
		}
		d := p.blk[hi]
		for q := lo; q < hi; q++ {
			subMulT(&d, &p.blk[q], &p.blk[q])
		}
		l, ok := chol3(&d)
		if !ok {
			return false
		}
		p.blk[hi] = l
	}
	return true
}

// subMulT sets a −= x·yᵀ (3×3 row-major).
func subMulT(a, x, y *[9]float64) {
	for r := range 3 {
		for c := range 3 {
			a[3*r+c] -= x[3*r]*y[3*c] + x[3*r+1]*y[3*c+1] + x[3*r+2]*y[3*c+2]
		}
	}
}

// solveLT returns a·L⁻ᵀ for a lower-triangular L: X with X·Lᵀ = a, row by row.
func solveLT(a, l *[9]float64) (x [9]float64) {
	for r := range 3 {
		x0 := a[3*r] / l[0]
		x1 := (a[3*r+1] - x0*l[3]) / l[4]
		x2 := (a[3*r+2] - x0*l[6] - x1*l[7]) / l[8]
		x[3*r], x[3*r+1], x[3*r+2] = x0, x1, x2
	}
	return x
}

// chol3 returns the lower Cholesky factor of the symmetric 3×3 block a (its lower triangle
// read), and false when a is not positive definite.
func chol3(a *[9]float64) (l [9]float64, ok bool) {
	d0 := a[0]
	if !(d0 > 0) {
		return l, false
	}
	l[0] = math.Sqrt(d0)
	l[3] = a[3] / l[0]
	l[6] = a[6] / l[0]
	d1 := a[4] - l[3]*l[3]
	if !(d1 > 0) {
		return l, false
	}
	l[4] = math.Sqrt(d1)
	l[7] = (a[7] - l[6]*l[3]) / l[4]
	d2 := a[8] - l[6]*l[6] - l[7]*l[7]
	if !(d2 > 0) {
		return l, false
	}
	l[8] = math.Sqrt(d2)
	return l, true
}

// solve sets z = (L·Lᵀ)⁻¹·r (clamped nodes: z = r; their r is 0 in CG).
func (p *ic0) solve(r, z []vec.V3) {
	n := len(p.off) - 1
	y := p.y
	// L·y = r, rows in order.
	for i := range n {
		lo, hi := p.off[i], p.off[i+1]-1
		s := r[i]
		for q := lo; q < hi; q++ {
			s = s.Sub(mulB(&p.blk[q], y[p.col[q]]))
		}
		y[i] = lowerSolve(&p.blk[hi], s)
	}
	// Lᵀ·z = y, rows in reverse: z_i = L_iiᵀ⁻¹·(y_i − Σ_{j>i} L_jiᵀ·z_j), the sums scattered
	// from each row j as it is finished.
	copy(z, y)
	for i := n - 1; i >= 0; i-- {
		lo, hi := p.off[i], p.off[i+1]-1
		zi := upperSolve(&p.blk[hi], z[i])
		z[i] = zi
		for q := lo; q < hi; q++ {
			j := p.col[q]
			z[j] = z[j].Sub(mulBT(&p.blk[q], zi))
		}
	}
}

// mulB returns x·v, mulBT xᵀ·v (3×3 row-major x).
func mulB(x *[9]float64, v vec.V3) vec.V3 {
	return vec.V3{X: x[0]*v.X + x[1]*v.Y + x[2]*v.Z, Y: x[3]*v.X + x[4]*v.Y + x[5]*v.Z, Z: x[6]*v.X + x[7]*v.Y + x[8]*v.Z}
}

func mulBT(x *[9]float64, v vec.V3) vec.V3 {
	return vec.V3{X: x[0]*v.X + x[3]*v.Y + x[6]*v.Z, Y: x[1]*v.X + x[4]*v.Y + x[7]*v.Z, Z: x[2]*v.X + x[5]*v.Y + x[8]*v.Z}
}

// lowerSolve returns l⁻¹·v, upperSolve l⁻ᵀ·v, for a lower-triangular 3×3 l.
func lowerSolve(l *[9]float64, v vec.V3) vec.V3 {
	x := v.X / l[0]
	y := (v.Y - l[3]*x) / l[4]
	return vec.V3{X: x, Y: y, Z: (v.Z - l[6]*x - l[7]*y) / l[8]}
}

func upperSolve(l *[9]float64, v vec.V3) vec.V3 {
	z := v.Z / l[8]
	y := (v.Y - l[7]*z) / l[4]
	return vec.V3{X: (v.X - l[3]*y - l[6]*z) / l[0], Y: y, Z: z}
}
