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

// pivot returns 1/√d for a Cholesky pivot d; one that rounding made non-positive is replaced
// by a tiny positive one (the constraint is then as good as inactive for this solve).
func pivot(d float64) float64 {
	if !(d > 1e-300) {
		d = 1e-300
	}
	return 1 / math.Sqrt(d)
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
// and the factor of the eliminated D_j is L = [L1 0; M L2] (3×3 blocks, L1, L2 lower with
// their diagonals stored inverted). Y = L⁻¹O keeps O's zero block: Y = [Y11 0; Y21 Y22],
// Y11 = c·L1⁻¹ lower triangular. One forward sweep builds each link's blocks, eliminates the
// previous link (D_j −= YᵀY, y_j −= Yᵀz_{j−1}) and factors; a backward sweep gives Δλ.
func (s *Solver) cosserat(st *rope.State, k int, h float64) float64 {
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg, str.Links(), str.First
	pos := st.Pos[n0:][: m+1 : m+1]
	w := s.w[n0:][: m+1 : m+1]
	rest := s.rest[f:][:m:m]
	q := s.q[f:][:m:m]
	wqs := s.wq[f:][:m:m]
	fixed := s.fixedQ[f:][:m:m]
	joint := s.joint[f:][:m:m]
	alphaB := s.alphaB[f:][:m:m]
	lamB := s.lamB[f:][:m:m]
	lamS := s.lamS[f:][:m:m]
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
		if joint[j] {
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
			sg[j] = mat3{g0.X, g0.Y, g0.Z, g1.X, g1.Y, g1.Z, g2.X, g2.Y, g2.Z}
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
			// Eliminate link j−1: O = O_{j−1}, Y = L⁻¹O with L the factor of link j−1.
			L := &sd[j-1]
			i00, l10, i11, l20, l21, i22 := L[0], L[1], L[2], L[3], L[4], L[5]
			m0 := vec.V3{X: L[6], Y: L[7], Z: L[8]}
			m1 := vec.V3{X: L[9], Y: L[10], Z: L[11]}
			m2 := vec.V3{X: L[12], Y: L[13], Z: L[14]}
			j00, n10, j11, n20, n21, j22 := L[15], L[16], L[17], L[18], L[19], L[20]
			c := -w[j] / (rest[j-1] * l)
			var e0, e1, e2, f0, f1, f2 vec.V3
			if joint[j-1] {
				G := &sg[j-1]
				h0 := vec.V3{X: G[0], Y: G[1], Z: G[2]}
				h1 := vec.V3{X: G[3], Y: G[4], Z: G[5]}
				h2 := vec.V3{X: G[6], Y: G[7], Z: G[8]}
				e0 = h0.Cross(d).Scale(-wq)
				e1 = h1.Cross(d).Scale(-wq)
				e2 = h2.Cross(d).Scale(-wq)
				if joint[j] {
					f0 = vec.V3{X: h0.Dot(g0), Y: h0.Dot(g1), Z: h0.Dot(g2)}.Scale(-wq)
					f1 = vec.V3{X: h1.Dot(g0), Y: h1.Dot(g1), Z: h1.Dot(g2)}.Scale(-wq)
					f2 = vec.V3{X: h2.Dot(g0), Y: h2.Dot(g1), Z: h2.Dot(g2)}.Scale(-wq)
				}
			}
			// Y11 = c·L1⁻¹.
			t00 := c * i00
			t11 := c * i11
			t22 := c * i22
			t10 := -l10 * t00 * i11
			t21 := -l21 * t11 * i22
			t20 := -(l20*t00 + l21*t10) * i22
			// Y21 = L2⁻¹(E − M·Y11), Y22 = L2⁻¹F, by rows.
			u0 := e0.Sub(vec.V3{X: m0.X*t00 + m0.Y*t10 + m0.Z*t20, Y: m0.Y*t11 + m0.Z*t21, Z: m0.Z * t22})
			u1 := e1.Sub(vec.V3{X: m1.X*t00 + m1.Y*t10 + m1.Z*t20, Y: m1.Y*t11 + m1.Z*t21, Z: m1.Z * t22})
			u2 := e2.Sub(vec.V3{X: m2.X*t00 + m2.Y*t10 + m2.Z*t20, Y: m2.Y*t11 + m2.Z*t21, Z: m2.Z * t22})
			y0 := u0.Scale(j00)
			y1 := u1.Sub(y0.Scale(n10)).Scale(j11)
			y2 := u2.Sub(y0.Scale(n20)).Sub(y1.Scale(n21)).Scale(j22)
			x0 := f0.Scale(j00)
			x1 := f1.Sub(x0.Scale(n10)).Scale(j11)
			x2 := f2.Sub(x0.Scale(n20)).Sub(x1.Scale(n21)).Scale(j22)
			sx[j] = mat6{t00, t10, t11, t20, t21, t22,
				y0.X, y0.Y, y0.Z, y1.X, y1.Y, y1.Z, y2.X, y2.Y, y2.Z,
				x0.X, x0.Y, x0.Z, x1.X, x1.Y, x1.Z, x2.X, x2.Y, x2.Z}
			// D_j −= YᵀY.
			p00 -= t00*t00 + t10*t10 + t20*t20 + y0.X*y0.X + y1.X*y1.X + y2.X*y2.X
			p10 -= t10*t11 + t20*t21 + y0.Y*y0.X + y1.Y*y1.X + y2.Y*y2.X
			p11 -= t11*t11 + t21*t21 + y0.Y*y0.Y + y1.Y*y1.Y + y2.Y*y2.Y
			p20 -= t20*t22 + y0.Z*y0.X + y1.Z*y1.X + y2.Z*y2.X
			p21 -= t21*t22 + y0.Z*y0.Y + y1.Z*y1.Y + y2.Z*y2.Y
			p22 -= t22*t22 + y0.Z*y0.Z + y1.Z*y1.Z + y2.Z*y2.Z
			k0 = k0.Sub(y0.Scale(x0.X).Add(y1.Scale(x1.X)).Add(y2.Scale(x2.X)))
			k1 = k1.Sub(y0.Scale(x0.Y).Add(y1.Scale(x1.Y)).Add(y2.Scale(x2.Y)))
			k2 = k2.Sub(y0.Scale(x0.Z).Add(y1.Scale(x1.Z)).Add(y2.Scale(x2.Z)))
			b00 -= x0.X*x0.X + x1.X*x1.X + x2.X*x2.X
			b10 -= x0.Y*x0.X + x1.Y*x1.X + x2.Y*x2.X
			b11 -= x0.Y*x0.Y + x1.Y*x1.Y + x2.Y*x2.Y
			b20 -= x0.Z*x0.X + x1.Z*x1.X + x2.Z*x2.X
			b21 -= x0.Z*x0.Y + x1.Z*x1.Y + x2.Z*x2.Y
			b22 -= x0.Z*x0.Z + x1.Z*x1.Z + x2.Z*x2.Z
			// y_j −= Yᵀz_{j−1}.
			z := &sz[j-1]
			zs := vec.V3{X: z[0], Y: z[1], Z: z[2]}
			zb := vec.V3{X: z[3], Y: z[4], Z: z[5]}
			ys = ys.Sub(vec.V3{X: t00*zs.X + t10*zs.Y + t20*zs.Z, Y: t11*zs.Y + t21*zs.Z, Z: t22 * zs.Z})
			ys = ys.Sub(y0.Scale(zb.X).Add(y1.Scale(zb.Y)).Add(y2.Scale(zb.Z)))
			yb = yb.Sub(x0.Scale(zb.X).Add(x1.Scale(zb.Y)).Add(x2.Scale(zb.Z)))
		}
		// Factor D_j = LLᵀ and solve Lz = y.
		i00 := pivot(p00)
		l10 := p10 * i00
		l20 := p20 * i00
		i11 := pivot(p11 - l10*l10)
		l21 := (p21 - l20*l10) * i11
		i22 := pivot(p22 - l20*l20 - l21*l21)
		// M = K·L1⁻ᵀ, by rows.
		m0 := vec.V3{X: k0.X * i00}
		m0.Y = (k0.Y - l10*m0.X) * i11
		m0.Z = (k0.Z - l20*m0.X - l21*m0.Y) * i22
		m1 := vec.V3{X: k1.X * i00}
		m1.Y = (k1.Y - l10*m1.X) * i11
		m1.Z = (k1.Z - l20*m1.X - l21*m1.Y) * i22
		m2 := vec.V3{X: k2.X * i00}
		m2.Y = (k2.Y - l10*m2.X) * i11
		m2.Z = (k2.Z - l20*m2.X - l21*m2.Y) * i22
		j00 := pivot(b00 - m0.Dot(m0))
		n10 := (b10 - m1.Dot(m0)) * j00
		n20 := (b20 - m2.Dot(m0)) * j00
		j11 := pivot(b11 - m1.Dot(m1) - n10*n10)
		n21 := (b21 - m2.Dot(m1) - n20*n10) * j11
		j22 := pivot(b22 - m2.Dot(m2) - n20*n20 - n21*n21)
		sd[j] = mat6{i00, l10, i11, l20, l21, i22,
			m0.X, m0.Y, m0.Z, m1.X, m1.Y, m1.Z, m2.X, m2.Y, m2.Z,
			j00, n10, j11, n20, n21, j22}
		z0 := ys.X * i00
		z1 := (ys.Y - l10*z0) * i11
		z2 := (ys.Z - l20*z0 - l21*z1) * i22
		zs := vec.V3{X: z0, Y: z1, Z: z2}
		v := yb.Sub(vec.V3{X: m0.Dot(zs), Y: m1.Dot(zs), Z: m2.Dot(zs)})
		z3 := v.X * j00
		z4 := (v.Y - n10*z3) * j11
		z5 := (v.Z - n20*z3 - n21*z4) * j22
		sz[j] = vec6{z0, z1, z2, z3, z4, z5}
	}
	// Back: Δλ_j = L_j⁻ᵀ(z_j − Y_{j+1}Δλ_{j+1}).
	var xs, xb vec.V3 // Δλ_{j+1}
	var nonFinite float64
	for j := m - 1; j >= 0; j-- {
		z := &sz[j]
		us := vec.V3{X: z[0], Y: z[1], Z: z[2]}
		ub := vec.V3{X: z[3], Y: z[4], Z: z[5]}
		if j+1 < m {
			Y := &sx[j+1]
			us = us.Sub(vec.V3{X: Y[0] * xs.X, Y: Y[1]*xs.X + Y[2]*xs.Y, Z: Y[3]*xs.X + Y[4]*xs.Y + Y[5]*xs.Z})
			ub.X -= Y[6]*xs.X + Y[7]*xs.Y + Y[8]*xs.Z + Y[15]*xb.X + Y[16]*xb.Y + Y[17]*xb.Z
			ub.Y -= Y[9]*xs.X + Y[10]*xs.Y + Y[11]*xs.Z + Y[18]*xb.X + Y[19]*xb.Y + Y[20]*xb.Z
			ub.Z -= Y[12]*xs.X + Y[13]*xs.Y + Y[14]*xs.Z + Y[21]*xb.X + Y[22]*xb.Y + Y[23]*xb.Z
		}
		L := &sd[j]
		b2 := ub.Z * L[20]
		b1 := (ub.Y - L[19]*b2) * L[17]
		b0 := (ub.X - L[16]*b1 - L[18]*b2) * L[15]
		us.X -= L[6]*b0 + L[9]*b1 + L[12]*b2
		us.Y -= L[7]*b0 + L[10]*b1 + L[13]*b2
		us.Z -= L[8]*b0 + L[11]*b1 + L[14]*b2
		s2 := us.Z * L[5]
		s1 := (us.Y - L[4]*s2) * L[2]
		s0 := (us.X - L[1]*s1 - L[3]*s2) * L[0]
		xs, xb = vec.V3{X: s0, Y: s1, Z: s2}, vec.V3{X: b0, Y: b1, Z: b2}
		*z = vec6{s0, s1, s2, b0, b1, b2}
		// x·0 is 0 for a finite x, NaN otherwise.
		nonFinite += s0*0 + s1*0 + s2*0 + b0*0 + b1*0 + b2*0
	}
	viol := math.Sqrt(viol2)
	if nonFinite != 0 {
		return viol // a degenerate system (rounding): leave this solve out
	}
	// Apply Δx = W JᵀΔλ, Δθ = Wq JᵀΔλ.
	var prevS, prevB vec.V3 // Δλ of the previous link's stretch–shear and bend–twist rows
	var prevIl float64      // 1/l of the previous link
	for j := 0; j < m; j++ {
		il := 1 / rest[j]
		dl := &sz[j]
		ds := vec.V3{X: dl[0], Y: dl[1], Z: dl[2]}
		db := vec.V3{X: dl[3], Y: dl[4], Z: dl[5]}
		lamS[j] = lamS[j].Add(ds)
		if joint[j] {
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
			if joint[j] {
				th = th.Sub(sg[j].mulTVec(db))
			}
			if j > 0 && joint[j-1] {
				th = th.Add(sg[j-1].mulTVec(prevB))
			}
			q[j] = q[j].addWorld(th.Scale(wq))
		}
		prevS, prevB, prevIl = ds, db, il
	}
	pos[m] = pos[m].Add(prevS.Scale(w[m] / rest[m-1]))
	return viol
}
