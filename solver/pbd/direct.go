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

func (m *mat3) mulTVec(v vec.V3) vec.V3 {
	return vec.V3{X: m[0]*v.X + m[3]*v.Y + m[6]*v.Z, Y: m[1]*v.X + m[4]*v.Y + m[7]*v.Z, Z: m[2]*v.X + m[5]*v.Y + m[8]*v.Z}
}

// pivot returns 1/d for a pivot d of the LDLᵀ factorization; one that rounding made
// non-positive is replaced by a tiny positive one (the constraint is then as good as inactive
// for this solve).
func pivot(d float64) float64 {
	if !(d > 1e-300) {
		d = 1e-300
	}
	return 1 / d
}

// cosserat runs one XPBD iteration of the direct solve on strand k with substep h and
// returns the largest stretch violation |Cₛ| before it (relative to the link length).
//
// Link j's unknowns are ordered (λₛ, λ_b), so its diagonal block and the off-diagonal block
// O_j = S_{j,j+1} are
//
//	D_j = ⎡P  Kᵀ⎤   P = a·I + wq·(I − d3 d3ᵀ),  a = (w_j + w_{j+1})/l²,
//	      ⎣K  B ⎦   K = wq·G[d3]× (row r: −wq·d3 × G_r),  B = (wq+wq₁)·GGᵀ + α̃;
//	O_j = ⎡c·I 0⎤   c = −w_{j+1}/(l_j l_{j+1}),  E = −wq₁·G_j[d3_{j+1}]×,
//	      ⎣E   F⎦   F = −wq₁·G_j G_{j+1}ᵀ
//
// and the eliminated D_j is factored as L̂ΔL̂ᵀ, L̂ = [U1 0; N U2] unit lower triangular (3×3
// blocks) and Δ diagonal, stored inverted (e = Δ⁻¹): no square root on the chain of pivots
// that runs through the whole strand. Ŷ = L̂⁻¹O keeps O's zero block, Ŷ = [Ŷ11 0; Ŷ21 Ŷ22]
// with Ŷ11 = c·U1⁻¹, and Ỹ = Δ⁻¹Ŷ. One forward sweep builds each link's blocks, eliminates
// the previous link (D_j −= ŶᵀỸ, y_j −= Ŷᵀz̃_{j−1}) and factors it (L̂ẑ_j = y_j, z̃ = Δ⁻¹ẑ);
// the backward sweep gives Δλ_j = L̂_j⁻ᵀ(z̃_j − Ỹ_{j+1}Δλ_{j+1}). It is the block Cholesky
// elimination of the package comment, in another factorization (same result up to rounding:
// TestCosseratMatchesRef).
func (s *Solver) cosserat(st *rope.State, k int, h float64) float64 {
	return s.cosseratRange(st, k, 0, st.Strands[k].Links(), h)
}

// cosseratRange is cosserat on links j0..j1−1 of strand k alone (nodes j0..j1), the
// constraints outside it left as they are: one block of a block Gauss–Seidel sweep. The
// bend–twist joint between link j1−1 and j1 belongs to the outside (it moves link j1).
func (s *Solver) cosseratRange(st *rope.State, k, j0, j1 int, h float64) float64 {
	viol, ok := s.factorRange(st, k, j0, j1, h)
	if ok {
		s.applyRange(st, k, j0, j1)
	}
	return viol
}

// factorRange builds and factors the direct solve of links j0..j1−1 of strand k and solves it
// for the constraints' own right-hand side: Δλ is left in s.sz, the factor in s.sd, s.sx, the
// frames' d3 in s.d3 and the joints' Jacobians in s.sg (for applyRange, and solveFactored).
// It returns the largest stretch violation before the solve and whether the solve is finite.
func (s *Solver) factorRange(st *rope.State, k, j0, j1 int, h float64) (float64, bool) {
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg+j0, j1-j0, str.First+j0
	pos := st.Pos[n0:][: m+1 : m+1]
	w := s.w[n0:][: m+1 : m+1]
	rest := s.rest[f:][:m:m]
	q := s.q[f:][:m:m]
	wqs := s.wq[f:][:m:m]
	fixed := s.fixedQ[f:][:m:m]
	joint := s.joint[f:][:m:m]
	// A joint is solved only with both its links inside (the last link's, at the strand's
	// end, is none anyway).
	jlast := m - 1
	alphaB := s.alphaB[f:][:m:m]
	lamB := s.lamB[f:][:m:m]
	d3s := s.d3[f:][:m:m]
	sg := s.sg[f:][:m:m]
	sd := s.sd[f:][:m:m]
	sx := s.sx[f:][:m:m]
	sz := s.sz[f:][:m:m]
	ih2 := 1 / (h * h)
	var viol2 float64
	for j := 0; j < m; j++ {
		l := rest[j]
		qj := q[j]
		qw, qx, qy, qz := qj.W, qj.X, qj.Y, qj.Z
		d := vec.V3{X: 2 * (qx*qz + qw*qy), Y: 2 * (qy*qz - qw*qx), Z: 1 - 2*(qx*qx+qy*qy)}
		d3s[j] = d
		cs := pos[j+1].Sub(pos[j]).Scale(1 / l).Sub(d)
		viol2 = max(viol2, cs.Dot(cs))
		wq := wqs[j]
		if fixed[j] {
			wq = 0
		}
		// P, lower triangle.
		a := (w[j] + w[j+1]) / (l * l)
		aw := a + wq
		nd := d.Scale(-wq)
		p00 := nd.X*d.X + aw
		p10 := nd.Y * d.X
		p11 := nd.Y*d.Y + aw
		p20 := nd.Z * d.X
		p21 := nd.Z * d.Y
		p22 := nd.Z*d.Z + aw
		ys := vec.V3{X: -cs.X, Y: -cs.Y, Z: -cs.Z}
		// K (rows), B (lower) and the bend right-hand side; a link without a joint has
		// identity bend rows and a zero right-hand side there (Δλ_b = 0).
		var k0, k1, k2, yb vec.V3
		b00, b10, b11, b20, b21, b22 := 1.0, 0.0, 1.0, 0.0, 0.0, 1.0
		var g0, g1, g2 vec.V3
		if joint[j] && j < jlast {
			wq1 := wqs[j+1]
			if fixed[j+1] {
				wq1 = 0
			}
			r := qj.conj().mul(q[j+1])
			if r.W < 0 {
				r = r.neg()
			}
			lb := 0.5 * (l + rest[j+1])
			ilb := 1 / lb
			// G = (1/l̄)(r₀I − [r]×)Rᵀ: G_ic = A_i·R_c with A = r₀I − [r]×, R_c row c of R.
			R0 := vec.V3{X: 1 - 2*(qy*qy+qz*qz), Y: 2 * (qx*qy - qw*qz), Z: d.X}
			R1 := vec.V3{X: 2 * (qx*qy + qw*qz), Y: 1 - 2*(qx*qx+qz*qz), Z: d.Y}
			R2 := vec.V3{X: 2 * (qx*qz - qw*qy), Y: 2 * (qy*qz + qw*qx), Z: d.Z}
			A0 := vec.V3{X: r.W, Y: r.Z, Z: -r.Y}
			A1 := vec.V3{X: -r.Z, Y: r.W, Z: r.X}
			A2 := vec.V3{X: r.Y, Y: -r.X, Z: r.W}
			g0 = vec.V3{X: A0.Dot(R0) * ilb, Y: A0.Dot(R1) * ilb, Z: A0.Dot(R2) * ilb}
			g1 = vec.V3{X: A1.Dot(R0) * ilb, Y: A1.Dot(R1) * ilb, Z: A1.Dot(R2) * ilb}
			g2 = vec.V3{X: A2.Dot(R0) * ilb, Y: A2.Dot(R1) * ilb, Z: A2.Dot(R2) * ilb}
			G := &sg[j]
			G[0], G[1], G[2] = g0.X, g0.Y, g0.Z
			G[3], G[4], G[5] = g1.X, g1.Y, g1.Z
			G[6], G[7], G[8] = g2.X, g2.Y, g2.Z
			cb := r.vec().Scale(2 / lb)
			al := alphaB[j].Scale(ih2)
			lam := lamB[j]
			yb = vec.V3{X: -(cb.X + al.X*lam.X), Y: -(cb.Y + al.Y*lam.Y), Z: -(cb.Z + al.Z*lam.Z)}
			k0 = d.Cross(g0).Scale(-wq)
			k1 = d.Cross(g1).Scale(-wq)
			k2 = d.Cross(g2).Scale(-wq)
			ww := wq + wq1
			b00 = ww*g0.Dot(g0) + al.X
			b10 = ww * g1.Dot(g0)
			b11 = ww*g1.Dot(g1) + al.Y
			b20 = ww * g2.Dot(g0)
			b21 = ww * g2.Dot(g1)
			b22 = ww*g2.Dot(g2) + al.Z
		}
		if j > 0 {
			// Eliminate link j−1: O = O_{j−1}, Ŷ = L̂⁻¹O and Ỹ = Δ⁻¹Ŷ with L̂ΔL̂ᵀ the factor
			// of link j−1.
			L := &sd[j-1]
			e0, u10, e1, u20, u21, e2 := L[0], L[1], L[2], L[3], L[4], L[5]
			n0 := vec.V3{X: L[6], Y: L[7], Z: L[8]}
			n1 := vec.V3{X: L[9], Y: L[10], Z: L[11]}
			n2 := vec.V3{X: L[12], Y: L[13], Z: L[14]}
			e3, v10, e4, v20, v21, e5 := L[15], L[16], L[17], L[18], L[19], L[20]
			c := -w[j] / (rest[j-1] * l)
			var ex, ey, ez, fx, fy, fz vec.V3 // rows of E and F
			if joint[j-1] && j-1 < jlast {
				G := &sg[j-1]
				h0 := vec.V3{X: G[0], Y: G[1], Z: G[2]}
				h1 := vec.V3{X: G[3], Y: G[4], Z: G[5]}
				h2 := vec.V3{X: G[6], Y: G[7], Z: G[8]}
				ex = h0.Cross(d).Scale(-wq)
				ey = h1.Cross(d).Scale(-wq)
				ez = h2.Cross(d).Scale(-wq)
				if joint[j] && j < jlast {
					fx = vec.V3{X: h0.Dot(g0), Y: h0.Dot(g1), Z: h0.Dot(g2)}.Scale(-wq)
					fy = vec.V3{X: h1.Dot(g0), Y: h1.Dot(g1), Z: h1.Dot(g2)}.Scale(-wq)
					fz = vec.V3{X: h2.Dot(g0), Y: h2.Dot(g1), Z: h2.Dot(g2)}.Scale(-wq)
				}
			}
			// Ŷ11 = c·U1⁻¹ (unit lower: c on the diagonal), Ỹ11 its rows scaled by e.
			t10 := -c * u10
			t21 := -c * u21
			t20 := c * (u10*u21 - u20)
			s00, s10, s11, s20, s21, s22 := c*e0, t10*e1, c*e1, t20*e2, t21*e2, c*e2
			// Ŷ21 = U2⁻¹(E − N·Ŷ11), Ŷ22 = U2⁻¹F, by rows; Ỹ21, Ỹ22 scaled.
			y0 := ex.Sub(vec.V3{X: n0.X*c + n0.Y*t10 + n0.Z*t20, Y: n0.Y*c + n0.Z*t21, Z: n0.Z * c})
			y1 := ey.Sub(vec.V3{X: n1.X*c + n1.Y*t10 + n1.Z*t20, Y: n1.Y*c + n1.Z*t21, Z: n1.Z * c})
			y2 := ez.Sub(vec.V3{X: n2.X*c + n2.Y*t10 + n2.Z*t20, Y: n2.Y*c + n2.Z*t21, Z: n2.Z * c})
			y1 = y1.Sub(y0.Scale(v10))
			y2 = y2.Sub(y0.Scale(v20)).Sub(y1.Scale(v21))
			x0 := fx
			x1 := fy.Sub(x0.Scale(v10))
			x2 := fz.Sub(x0.Scale(v20)).Sub(x1.Scale(v21))
			ty0, ty1, ty2 := y0.Scale(e3), y1.Scale(e4), y2.Scale(e5)
			tx0, tx1, tx2 := x0.Scale(e3), x1.Scale(e4), x2.Scale(e5)
			// (Element by element: a composite literal goes through a zeroed temporary.)
			Y := &sx[j]
			Y[0], Y[1], Y[2], Y[3], Y[4], Y[5] = s00, s10, s11, s20, s21, s22
			Y[6], Y[7], Y[8] = ty0.X, ty0.Y, ty0.Z
			Y[9], Y[10], Y[11] = ty1.X, ty1.Y, ty1.Z
			Y[12], Y[13], Y[14] = ty2.X, ty2.Y, ty2.Z
			Y[15], Y[16], Y[17] = tx0.X, tx0.Y, tx0.Z
			Y[18], Y[19], Y[20] = tx1.X, tx1.Y, tx1.Z
			Y[21], Y[22], Y[23] = tx2.X, tx2.Y, tx2.Z
			// D_j −= ŶᵀỸ (lower triangle).
			p00 -= c*s00 + t10*s10 + t20*s20 + y0.X*ty0.X + y1.X*ty1.X + y2.X*ty2.X
			p10 -= c*s10 + t21*s20 + y0.Y*ty0.X + y1.Y*ty1.X + y2.Y*ty2.X
			p11 -= c*s11 + t21*s21 + y0.Y*ty0.Y + y1.Y*ty1.Y + y2.Y*ty2.Y
			p20 -= c*s20 + y0.Z*ty0.X + y1.Z*ty1.X + y2.Z*ty2.X
			p21 -= c*s21 + y0.Z*ty0.Y + y1.Z*ty1.Y + y2.Z*ty2.Y
			p22 -= c*s22 + y0.Z*ty0.Z + y1.Z*ty1.Z + y2.Z*ty2.Z
			k0 = k0.Sub(ty0.Scale(x0.X).Add(ty1.Scale(x1.X)).Add(ty2.Scale(x2.X)))
			k1 = k1.Sub(ty0.Scale(x0.Y).Add(ty1.Scale(x1.Y)).Add(ty2.Scale(x2.Y)))
			k2 = k2.Sub(ty0.Scale(x0.Z).Add(ty1.Scale(x1.Z)).Add(ty2.Scale(x2.Z)))
			b00 -= x0.X*tx0.X + x1.X*tx1.X + x2.X*tx2.X
			b10 -= x0.Y*tx0.X + x1.Y*tx1.X + x2.Y*tx2.X
			b11 -= x0.Y*tx0.Y + x1.Y*tx1.Y + x2.Y*tx2.Y
			b20 -= x0.Z*tx0.X + x1.Z*tx1.X + x2.Z*tx2.X
			b21 -= x0.Z*tx0.Y + x1.Z*tx1.Y + x2.Z*tx2.Y
			b22 -= x0.Z*tx0.Z + x1.Z*tx1.Z + x2.Z*tx2.Z
			// y_j −= Ŷᵀz̃_{j−1}.
			z := &sz[j-1]
			zs := vec.V3{X: z[0], Y: z[1], Z: z[2]}
			zb := vec.V3{X: z[3], Y: z[4], Z: z[5]}
			ys = ys.Sub(vec.V3{X: c*zs.X + t10*zs.Y + t20*zs.Z, Y: c*zs.Y + t21*zs.Z, Z: c * zs.Z})
			ys = ys.Sub(y0.Scale(zb.X).Add(y1.Scale(zb.Y)).Add(y2.Scale(zb.Z)))
			yb = yb.Sub(x0.Scale(zb.X).Add(x1.Scale(zb.Y)).Add(x2.Scale(zb.Z)))
		}
		// Factor D_j = L̂ΔL̂ᵀ, L̂ = [U1 0; N U2] unit lower, e = Δ⁻¹ (no square roots on the
		// chain from link to link), and solve L̂ẑ = y, z̃ = Δ⁻¹ẑ.
		e0 := pivot(p00)
		u10 := p10 * e0
		u20 := p20 * e0
		e1 := pivot(p11 - u10*p10)
		w21 := p21 - u20*p10
		u21 := w21 * e1
		e2 := pivot(p22 - u20*p20 - u21*w21)
		// N = K·(ΔU1ᵀ)⁻¹ by rows; nt = N·Δ1.
		nt0 := vec.V3{X: k0.X}
		nt0.Y = k0.Y - nt0.X*u10
		nt0.Z = k0.Z - nt0.X*u20 - nt0.Y*u21
		nt1 := vec.V3{X: k1.X}
		nt1.Y = k1.Y - nt1.X*u10
		nt1.Z = k1.Z - nt1.X*u20 - nt1.Y*u21
		nt2 := vec.V3{X: k2.X}
		nt2.Y = k2.Y - nt2.X*u10
		nt2.Z = k2.Z - nt2.X*u20 - nt2.Y*u21
		e := vec.V3{X: e0, Y: e1, Z: e2}
		n0 := vec.V3{X: nt0.X * e.X, Y: nt0.Y * e.Y, Z: nt0.Z * e.Z}
		n1 := vec.V3{X: nt1.X * e.X, Y: nt1.Y * e.Y, Z: nt1.Z * e.Z}
		n2 := vec.V3{X: nt2.X * e.X, Y: nt2.Y * e.Y, Z: nt2.Z * e.Z}
		// B −= NΔ1Nᵀ, then its factor.
		b00 -= n0.Dot(nt0)
		b10 -= n1.Dot(nt0)
		b11 -= n1.Dot(nt1)
		b20 -= n2.Dot(nt0)
		b21 -= n2.Dot(nt1)
		b22 -= n2.Dot(nt2)
		e3 := pivot(b00)
		v10 := b10 * e3
		v20 := b20 * e3
		e4 := pivot(b11 - v10*b10)
		w21b := b21 - v20*b10
		v21 := w21b * e4
		e5 := pivot(b22 - v20*b20 - v21*w21b)
		L := &sd[j]
		L[0], L[1], L[2], L[3], L[4], L[5] = e0, u10, e1, u20, u21, e2
		L[6], L[7], L[8] = n0.X, n0.Y, n0.Z
		L[9], L[10], L[11] = n1.X, n1.Y, n1.Z
		L[12], L[13], L[14] = n2.X, n2.Y, n2.Z
		L[15], L[16], L[17], L[18], L[19], L[20] = e3, v10, e4, v20, v21, e5
		blockSolve(L, ys, yb, &sz[j])
	}
	// A non-finite Δλ is a degenerate system (rounding): the solve is left out.
	return math.Sqrt(viol2), backSweep(sd, sx, sz, nil)
}

// blockSolve sets z = Δ⁻¹ẑ with L̂ẑ = (ys, yb), L̂Δ⁻¹ one link's factor as factorRange stores
// it: the forward sweep's last step at that link.
func blockSolve(L *mat6, ys, yb vec.V3, z *vec6) {
	u10, u20, u21 := L[1], L[3], L[4]
	n0 := vec.V3{X: L[6], Y: L[7], Z: L[8]}
	n1 := vec.V3{X: L[9], Y: L[10], Z: L[11]}
	n2 := vec.V3{X: L[12], Y: L[13], Z: L[14]}
	v10, v20, v21 := L[16], L[18], L[19]
	z0 := ys.X
	z1 := ys.Y - u10*z0
	z2 := ys.Z - u20*z0 - u21*z1
	zs := vec.V3{X: z0, Y: z1, Z: z2}
	w := yb.Sub(vec.V3{X: n0.Dot(zs), Y: n1.Dot(zs), Z: n2.Dot(zs)})
	z3 := w.X
	z4 := w.Y - v10*z3
	z5 := w.Z - v20*z3 - v21*z4
	z[0], z[1], z[2], z[3], z[4], z[5] = z0*L[0], z1*L[2], z2*L[5], z3*L[15], z4*L[17], z5*L[20]
}

// backSweep runs the backward sweep of a factor (factorRange) on links 0..len(x)−1 of slices
// aligned with x (sd[j] and sx[j] of link j; sx[len(x)] too when next is given): x holds z̃ on
// entry and Δλ on exit, Δλ_j = L̂_j⁻ᵀ(z̃_j − Ỹ_{j+1}Δλ_{j+1}), the Δλ after the last link being
// next (nil: none, the system ends there). It reports whether every Δλ is finite.
func backSweep(sd, sx []mat6, x []vec6, next *vec6) bool {
	var xs, xb vec.V3 // Δλ_{j+1}
	var nonFinite float64
	m, n := len(x), len(x) // n: links of sx used
	if next != nil {
		xs, xb = vec.V3{X: next[0], Y: next[1], Z: next[2]}, vec.V3{X: next[3], Y: next[4], Z: next[5]}
		n++
	}
	sd, sx = sd[:m:m], sx[:n:n]
	for j := m - 1; j >= 0; j-- {
		z := &x[j]
		us := vec.V3{X: z[0], Y: z[1], Z: z[2]}
		ub := vec.V3{X: z[3], Y: z[4], Z: z[5]}
		if j+1 < n {
			Y := &sx[j+1]
			us = us.Sub(vec.V3{X: Y[0] * xs.X, Y: Y[1]*xs.X + Y[2]*xs.Y, Z: Y[3]*xs.X + Y[4]*xs.Y + Y[5]*xs.Z})
			ub.X -= Y[6]*xs.X + Y[7]*xs.Y + Y[8]*xs.Z + Y[15]*xb.X + Y[16]*xb.Y + Y[17]*xb.Z
			ub.Y -= Y[9]*xs.X + Y[10]*xs.Y + Y[11]*xs.Z + Y[18]*xb.X + Y[19]*xb.Y + Y[20]*xb.Z
			ub.Z -= Y[12]*xs.X + Y[13]*xs.Y + Y[14]*xs.Z + Y[21]*xb.X + Y[22]*xb.Y + Y[23]*xb.Z
		}
		L := &sd[j]
		b2 := ub.Z
		b1 := ub.Y - L[19]*b2
		b0 := ub.X - L[16]*b1 - L[18]*b2
		us.X -= L[6]*b0 + L[9]*b1 + L[12]*b2
		us.Y -= L[7]*b0 + L[10]*b1 + L[13]*b2
		us.Z -= L[8]*b0 + L[11]*b1 + L[14]*b2
		s2 := us.Z
		s1 := us.Y - L[4]*s2
		s0 := us.X - L[1]*s1 - L[3]*s2
		xs, xb = vec.V3{X: s0, Y: s1, Z: s2}, vec.V3{X: b0, Y: b1, Z: b2}
		z[0], z[1], z[2], z[3], z[4], z[5] = s0, s1, s2, b0, b1, b2
		// x·0 is 0 for a finite x, NaN otherwise.
		nonFinite += s0*0 + s1*0 + s2*0 + b0*0 + b1*0 + b2*0
	}
	return nonFinite == 0
}

// applyRange applies the Δλ in s.sz of links j0..j1−1 of strand k (factorRange):
// Δx = W JᵀΔλ, Δθ = Wq JᵀΔλ, and adds it to the multipliers.
func (s *Solver) applyRange(st *rope.State, k, j0, j1 int) {
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg+j0, j1-j0, str.First+j0
	pos := st.Pos[n0:][: m+1 : m+1]
	w := s.w[n0:][: m+1 : m+1]
	rest := s.rest[f:][:m:m]
	q := s.q[f:][:m:m]
	wqs := s.wq[f:][:m:m]
	fixed := s.fixedQ[f:][:m:m]
	joint := s.joint[f:][:m:m]
	lamB := s.lamB[f:][:m:m]
	lamS := s.lamS[f:][:m:m]
	d3s := s.d3[f:][:m:m]
	sg := s.sg[f:][:m:m]
	sz := s.sz[f:][:m:m]
	jlast := m - 1
	var prevS, prevB vec.V3 // Δλ of the previous link's stretch–shear and bend–twist rows
	var prevIl float64      // 1/l of the previous link
	for j := 0; j < m; j++ {
		il := 1 / rest[j]
		dl := &sz[j]
		ds := vec.V3{X: dl[0], Y: dl[1], Z: dl[2]}
		db := vec.V3{X: dl[3], Y: dl[4], Z: dl[5]}
		lamS[j] = lamS[j].Add(ds)
		if joint[j] && j < jlast {
			lamB[j] = lamB[j].Add(db)
		} else {
			db = vec.V3{}
		}
		dx := ds.Scale(-il)
		if j > 0 {
			dx = dx.Add(prevS.Scale(prevIl))
		}
		pos[j] = pos[j].Add(dx.Scale(w[j]))
		if wq := wqs[j]; wq > 0 && !fixed[j] {
			th := ds.Cross(d3s[j])
			if joint[j] && j < jlast {
				th = th.Sub(sg[j].mulTVec(db))
			}
			if j > 0 && joint[j-1] && j-1 < jlast {
				th = th.Add(sg[j-1].mulTVec(prevB))
			}
			q[j] = q[j].addWorld(th.Scale(wq))
		}
		prevS, prevB, prevIl = ds, db, il
	}
	pos[m] = pos[m].Add(prevS.Scale(w[m] / rest[m-1]))
}
