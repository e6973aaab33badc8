package pbd

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// The direct solve of a strand's Cosserat constraints (Deul, Kugelstadt, Weiler & Bender
// 2018, "Direct position-based solver for stiff rods", for a chain): every link j has a
// stretch–shear constraint, hard (the thread is inextensible and unsheared),
//
//	Cₛ = (x_{j+1} − x_j)/l_j − d3(q_j)                          3 rows
//
// and every joint between links j and j+1 a bend–twist constraint with XPBD compliance
// α = diag(1/(EI·l̄), 1/(EI·l̄), 1/(GJ·l̄)) in the material frame of j,
//
//	C_b = (2/l̄)·Im(q̄_j q_{j+1}) − Ω₀,   Ω₀ = 0 (straight rest shape)   3 rows.
//
// With small world rotations θ of the links (q ← q + ½(0,θ)q): ∂Cₛ/∂x_j = −I/l, ∂Cₛ/∂x_{j+1} =
// I/l, ∂Cₛ/∂θ_j = [d3]×; ∂C_b/∂θ_{j+1} = G_j = (1/l̄)(r₀I − [r]×)R_jᵀ with r = q̄_j q_{j+1}, and
// ∂C_b/∂θ_j = −G_j. Ordering the rows link by link (Cₛ_j, C_b_j), block j touches only
// x_j, x_{j+1}, θ_j and θ_{j+1}, so S = J W Jᵀ + α/h² is block tridiagonal with 6×6 blocks
// and one XPBD step, S·Δλ = −(C + α̃λ), is solved exactly in O(n) by block elimination
// (Cholesky of the 6×6 pivots). Because the whole chain is solved at once, bending is as
// stiff as EI and twist as GJ whatever the step (Gauss–Seidel passes are biased soft when a
// constraint is much stiffer than the inertia it moves in one substep), and twist applied at
// one end reaches the other in one solve.

type mat6 [36]float64
type vec6 [6]float64
type mat3 [9]float64

// m3 returns the rotation matrix of a unit quaternion (row major).
func (a quat) m3() mat3 {
	w, x, y, z := a.W, a.X, a.Y, a.Z
	return mat3{
		1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y),
		2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x),
		2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y),
	}
}

func (m *mat3) mulTVec(v vec.V3) vec.V3 {
	return vec.V3{X: m[0]*v.X + m[3]*v.Y + m[6]*v.Z, Y: m[1]*v.X + m[4]*v.Y + m[7]*v.Z, Z: m[2]*v.X + m[5]*v.Y + m[8]*v.Z}
}

// mul3 returns a·b.
func mul3(a, b *mat3) mat3 {
	var c mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[3*i+j] = a[3*i]*b[j] + a[3*i+1]*b[3+j] + a[3*i+2]*b[6+j]
		}
	}
	return c
}

// mul3T returns a·bᵀ.
func mul3T(a, b *mat3) mat3 {
	var c mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[3*i+j] = a[3*i]*b[3*j] + a[3*i+1]*b[3*j+1] + a[3*i+2]*b[3*j+2]
		}
	}
	return c
}

// cross3 returns [v]×, the matrix of v × ·.
func cross3(v vec.V3) mat3 {
	return mat3{0, -v.Z, v.Y, v.Z, 0, -v.X, -v.Y, v.X, 0}
}

// put writes the 3×3 block a·m at rows r, columns c of a 6×6 matrix.
func (M *mat6) put(r, c int, m *mat3, a float64) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			M[6*(r+i)+c+j] = a * m[3*i+j]
		}
	}
}

// putT writes a·mᵀ at rows r, columns c.
func (M *mat6) putT(r, c int, m *mat3, a float64) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			M[6*(r+i)+c+j] = a * m[3*j+i]
		}
	}
}

// chol6 factors the symmetric positive definite A in place into L (lower, Lᵀ above is
// ignored) with A = LLᵀ. A pivot that rounding made non-positive is replaced by a tiny
// positive one (the constraint is then as good as inactive for this solve).
func chol6(A *mat6) {
	for j := 0; j < 6; j++ {
		d := A[6*j+j]
		for k := 0; k < j; k++ {
			d -= A[6*j+k] * A[6*j+k]
		}
		if !(d > 1e-300) {
			d = 1e-300
		}
		d = math.Sqrt(d)
		A[6*j+j] = d
		inv := 1 / d
		for i := j + 1; i < 6; i++ {
			s := A[6*i+j]
			for k := 0; k < j; k++ {
				s -= A[6*i+k] * A[6*j+k]
			}
			A[6*i+j] = s * inv
		}
	}
}

// fwd6 solves L·x = b in place (b becomes x), L lower triangular from chol6.
func fwd6(L *mat6, b *vec6) {
	for i := 0; i < 6; i++ {
		s := b[i]
		for k := 0; k < i; k++ {
			s -= L[6*i+k] * b[k]
		}
		b[i] = s / L[6*i+i]
	}
}

// bwd6 solves Lᵀ·x = b in place.
func bwd6(L *mat6, b *vec6) {
	for i := 5; i >= 0; i-- {
		s := b[i]
		for k := i + 1; k < 6; k++ {
			s -= L[6*k+i] * b[k]
		}
		b[i] = s / L[6*i+i]
	}
}

// cosserat runs one XPBD iteration of the direct solve on strand k with substep h and
// returns the largest stretch violation |Cₛ| before it (relative to the link length).
func (s *Solver) cosserat(st *rope.State, k int, h float64) float64 {
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg, str.Links(), str.First
	pos := st.Pos
	ih2 := 1 / (h * h)
	var viol float64
	// Constraint values, Jacobian pieces and the blocks of S.
	for j := 0; j < m; j++ {
		g := f + j
		i := n0 + j
		l := s.rest[g]
		q := s.q[g]
		d3 := q.d3()
		s.d3[g] = d3
		cs := pos[i+1].Sub(pos[i]).Scale(1 / l).Sub(d3)
		viol = math.Max(viol, cs.Norm())
		wq := s.wq[g]
		if s.fixedQ[g] {
			wq = 0
		}
		w0, w1 := s.w[i], s.w[i+1]
		D := &s.sd[g]
		*D = mat6{}
		// ss = (w0+w1)/l²·I + wq·(I − d3d3ᵀ)
		a := (w0 + w1) / (l * l)
		dd := [3]float64{d3.X, d3.Y, d3.Z}
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				v := -wq * dd[r] * dd[c]
				if r == c {
					v += a + wq
				}
				D[6*r+c] = v
			}
		}
		rhs := &s.sr[g]
		rhs[0], rhs[1], rhs[2] = -cs.X, -cs.Y, -cs.Z
		if !s.joint[g] {
			D[21], D[28], D[35] = 1, 1, 1
			rhs[3], rhs[4], rhs[5] = 0, 0, 0
			continue
		}
		wq1 := s.wq[g+1]
		if s.fixedQ[g+1] {
			wq1 = 0
		}
		r := q.conj().mul(s.q[g+1])
		if r.W < 0 {
			r = r.neg()
		}
		lb := 0.5 * (l + s.rest[g+1])
		R := q.m3()
		// G = (1/l̄)(r₀I − [r]×)Rᵀ
		A := cross3(r.vec())
		for t := range A {
			A[t] = -A[t]
		}
		A[0] += r.W
		A[4] += r.W
		A[8] += r.W
		G := mul3T(&A, &R)
		for t := range G {
			G[t] /= lb
		}
		s.sg[g] = G
		cb := r.vec().Scale(2 / lb)
		al := s.alphaB[g].Scale(ih2)
		lam := s.lamB[g]
		rhs[3] = -(cb.X + al.X*lam.X)
		rhs[4] = -(cb.Y + al.Y*lam.Y)
		rhs[5] = -(cb.Z + al.Z*lam.Z)
		// sb = −wq·[d3]×Gᵀ; bs = sbᵀ
		X := cross3(d3)
		SB := mul3T(&X, &G)
		D.put(0, 3, &SB, -wq)
		D.putT(3, 0, &SB, -wq)
		// bb = (wq+wq1)·GGᵀ + α̃
		BB := mul3T(&G, &G)
		D.put(3, 3, &BB, wq+wq1)
		D[21] += al.X
		D[28] += al.Y
		D[35] += al.Z
	}
	// Off-diagonal blocks O_j = S_{j,j+1}.
	for j := 0; j+1 < m; j++ {
		g := f + j
		i := n0 + j
		O := &s.so[g]
		*O = mat6{}
		c := -s.w[i+1] / (s.rest[g] * s.rest[g+1])
		O[0], O[7], O[14] = c, c, c
		if !s.joint[g] {
			continue
		}
		wq1 := s.wq[g+1]
		if s.fixedQ[g+1] {
			wq1 = 0
		}
		G := &s.sg[g]
		// bs' = −wq1·G·[d3_{j+1}]×   (rows b_j, columns s_{j+1})
		X := cross3(s.d3[g+1])
		BS := mul3(G, &X)
		O.put(3, 0, &BS, -wq1)
		if s.joint[g+1] {
			// bb' = −wq1·G_j·G_{j+1}ᵀ
			BB := mul3T(G, &s.sg[g+1])
			O.put(3, 3, &BB, -wq1)
		}
	}
	// Block elimination with D_{j−1} = LLᵀ and Y_j = L⁻¹O_{j−1}: D_j ← D_j − Y_jᵀY_j,
	// z_j = L_j⁻¹(y_j − Y_jᵀz_{j−1}); back: Δλ_j = L_j⁻ᵀ(z_j − Y_{j+1}Δλ_{j+1}).
	for j := 0; j < m; j++ {
		g := f + j
		D := &s.sd[g]
		y := &s.sr[g]
		if j > 0 {
			O := &s.so[g-1]
			L := &s.sd[g-1]
			Y := &s.sx[g]
			for c := 0; c < 6; c++ {
				var col vec6
				for r := 0; r < 6; r++ {
					col[r] = O[6*r+c]
				}
				fwd6(L, &col)
				for r := 0; r < 6; r++ {
					Y[6*r+c] = col[r]
				}
			}
			for r := 0; r < 6; r++ {
				for c := 0; c <= r; c++ {
					var sum float64
					for t := 0; t < 6; t++ {
						sum += Y[6*t+r] * Y[6*t+c]
					}
					D[6*r+c] -= sum
				}
			}
			z := &s.sz[g-1]
			for r := 0; r < 6; r++ {
				var sum float64
				for t := 0; t < 6; t++ {
					sum += Y[6*t+r] * z[t]
				}
				y[r] -= sum
			}
		}
		chol6(D)
		s.sz[g] = *y
		fwd6(D, &s.sz[g])
	}
	for j := m - 1; j >= 0; j-- {
		g := f + j
		dl := &s.sz[g]
		if j+1 < m {
			Y := &s.sx[g+1]
			nx := &s.sz[g+1]
			for r := 0; r < 6; r++ {
				var sum float64
				for t := 0; t < 6; t++ {
					sum += Y[6*r+t] * nx[t]
				}
				dl[r] -= sum
			}
		}
		bwd6(&s.sd[g], dl)
	}
	for j := 0; j < m; j++ {
		for _, v := range s.sz[f+j] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return viol // a degenerate system (rounding): leave this solve out
			}
		}
	}
	// Apply Δx = W JᵀΔλ, Δθ = Wq JᵀΔλ.
	var prevS, prevB vec.V3 // Δλ of the previous link's stretch–shear and bend–twist rows
	for j := 0; j < m; j++ {
		g := f + j
		i := n0 + j
		l := s.rest[g]
		dl := &s.sz[g]
		ds := vec.V3{X: dl[0], Y: dl[1], Z: dl[2]}
		db := vec.V3{X: dl[3], Y: dl[4], Z: dl[5]}
		s.lamS[g] = s.lamS[g].Add(ds)
		if s.joint[g] {
			s.lamB[g] = s.lamB[g].Add(db)
		} else {
			db = vec.V3{}
		}
		dx := ds.Scale(-1 / l)
		if j > 0 {
			dx = dx.Add(prevS.Scale(1 / s.rest[g-1]))
		}
		pos[i] = pos[i].Add(dx.Scale(s.w[i]))
		if wq := s.wq[g]; wq > 0 && !s.fixedQ[g] {
			th := ds.Cross(s.d3[g])
			if s.joint[g] {
				th = th.Sub(s.sg[g].mulTVec(db))
			}
			if j > 0 && s.joint[g-1] {
				th = th.Add(s.sg[g-1].mulTVec(prevB))
			}
			s.q[g] = s.q[g].addWorld(th.Scale(wq))
		}
		prevS, prevB = ds, db
	}
	last := n0 + m
	pos[last] = pos[last].Add(prevS.Scale(s.w[last] / s.rest[f+m-1]))
	return viol
}
