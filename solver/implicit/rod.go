package implicit

import (
	"math"

	"github.com/knotsim/knotsim/band"
	"github.com/knotsim/knotsim/vec"
)

// The rod's internal forces and their Jacobians (seed 003 §3.3), in SI at this package's
// boundary. The thesis's Table 4.1 normalises its stiffnesses by the thread's length
// (EA = k_S/l, EI = k_B·l); here EA and EI come from the material, E·πR² and E·πR⁴/4.
//
// Stretch (Eq. 3.21): E_S = Σ_i ½·EA·l_i·ε_i², ε_i = |s_i|/l_i − 1, s_i = p_{i+1} − p_i. Its
// Hessian per link is (EA/l_i)·(1 − u_i·(1 − t_i t_iᵀ)) with u_i = l_i/|s_i| (Eq. 3.38–3.41);
// the thesis's stabilisation u_i = min(l_i/|s_i|, 1) keeps it positive semidefinite. It is
// exact for a stretched or unstrained link and modified for a compressed one (whose exact
// Hessian is repulsive across the link, §3.3.3).
//
// Bend (Eq. 3.22): E_B = Σ_i EI·Θ_i²/(l_{i−1} + l_i) over the inner vertices, with the angle
// between the links taken as the chord of their unit tangents, Θ_i ≈ |t_i − t_{i−1}| (§3.3.5,
// Fig. 3.8) — 2·sin(θ/2), which converges at second order to the smooth rod's energy. The
// forces are its exact gradient. The Hessian is its Gauss–Newton part, with the links'
// lengths frozen over the step as in §3.3.3 ("Problems with 1/|s|"): c·JᵀJ with J = ∂(t_i −
// t_{i−1})/∂p, positive semidefinite by construction (the "no repulsive linearisation" of
// §3.3.3); it is exact where the rod is straight (Θ_i = 0) and drops the term in Θ_i
// elsewhere. The thesis further replaces (1 − t tᵀ)·(t_{i+1} − t_i) by t_{i+1} − t_i (Eq. 3.42);
// that approximation is not made here.

// m3 is a 3×3 matrix, row-major.
type m3 [9]float64

func outer(a, b vec.V3) m3 {
	return m3{a.X * b.X, a.X * b.Y, a.X * b.Z, a.Y * b.X, a.Y * b.Y, a.Y * b.Z, a.Z * b.X, a.Z * b.Y, a.Z * b.Z}
}

// proj returns (1 − t tᵀ)·s for unit t: the projection across t, scaled by s.
func proj(t vec.V3, s float64) m3 {
	p := outer(t, t)
	for i := range p {
		p[i] = -p[i] * s
	}
	p[0] += s
	p[4] += s
	p[8] += s
	return p
}

func (a m3) add(b m3) m3 {
	for i := range a {
		a[i] += b[i]
	}
	return a
}

func (a m3) transpose() m3 { return m3{a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]} }

func (a m3) scale(s float64) m3 {
	for i := range a {
		a[i] *= s
	}
	return a
}

func (a m3) vec(v vec.V3) vec.V3 {
	return vec.V3{X: a[0]*v.X + a[1]*v.Y + a[2]*v.Z, Y: a[3]*v.X + a[4]*v.Y + a[5]*v.Z, Z: a[6]*v.X + a[7]*v.Y + a[8]*v.Z}
}

// addStretch adds the stretch forces of a strand with nodes x and rest lengths l (len(x)−1),
// N, to f and returns its energy, J; with K non-nil it also adds the stabilised Hessian (the
// negated force Jacobian, positive semidefinite) to K, the strand's node i at block row
// off+i. EA is the axial stiffness, N. A link of zero length adds no force.
func addStretch(x []vec.V3, l []float64, EA float64, f []vec.V3, K *band.Sym, off int) float64 {
	var E float64
	for i := range l {
		s := x[i+1].Sub(x[i])
		n := s.Norm()
		if n == 0 {
			continue
		}
		t := s.Scale(1 / n)
		eps := n/l[i] - 1
		E += 0.5 * EA * l[i] * eps * eps
		g := t.Scale(EA * eps) // ∂E/∂p_{i+1}
		f[i+1] = f[i+1].Sub(g)
		f[i] = f[i].Add(g)
		if K == nil {
			continue
		}
		u := math.Min(l[i]/n, 1)
		// (EA/l)·(1 − u·(1 − t tᵀ)) = (EA/l)·((1 − u)·1 + u·t tᵀ)
		h := outer(t, t).scale(u).add(m3{1 - u, 0, 0, 0, 1 - u, 0, 0, 0, 1 - u}).scale(EA / l[i])
		K.AddBlock(off+i, off+i, h[:])
		K.AddBlock(off+i+1, off+i+1, h[:])
		neg := h.scale(-1)
		K.AddBlock(off+i, off+i+1, neg[:])
	}
	return E
}

// addBend adds the bending forces of a strand to f and returns its energy, J; with K non-nil
// it also adds the Gauss–Newton Hessian (positive semidefinite) to K as addStretch does. EI is
// the bending stiffness, N·m². A joint next to a link of zero length adds nothing.
func addBend(x []vec.V3, l []float64, EI float64, f []vec.V3, K *band.Sym, off int) float64 {
	var E float64
	for i := 1; i+1 < len(x); i++ {
		s0, s1 := x[i].Sub(x[i-1]), x[i+1].Sub(x[i])
		n0, n1 := s0.Norm(), s1.Norm()
		if n0 == 0 || n1 == 0 {
			continue
		}
		t0, t1 := s0.Scale(1/n0), s1.Scale(1/n1)
		d := t1.Sub(t0)
		c := 2 * EI / (l[i-1] + l[i]) // E_i = ½·c·|d|²
		E += 0.5 * c * d.Norm2()
		// J = ∂d/∂(p_{i−1}, p_i, p_{i+1}) = [A, −A−B, B], A = (1 − t0 t0ᵀ)/|s0|, B = (1 − t1 t1ᵀ)/|s1|.
		// ∂E/∂p_{i−1} = c·A·d, ∂E/∂p_{i+1} = c·B·d.
		ga := d.Sub(t0.Scale(t0.Dot(d))).Scale(c / n0)
		gb := d.Sub(t1.Scale(t1.Dot(d))).Scale(c / n1)
		f[i-1] = f[i-1].Sub(ga)
		f[i+1] = f[i+1].Sub(gb)
		f[i] = f[i].Add(ga).Add(gb)
		if K == nil {
			continue
		}
		// The blocks of c·JᵀJ. A and B are projections scaled (A² = A/|s0|, B² = B/|s1|), so
		// with aa = c·A², bb = c·B² and ab = c·A·B every block follows from these three:
		// c·A(A+B) = aa + ab, c·(A+B)B = ab + bb, c·(A+B)² = aa + bb + ab + abᵀ.
		// With P = 1 − t tᵀ: aa = (c/|s0|²)·P0, bb = (c/|s1|²)·P1, ab = (c/(|s0||s1|))·P0·P1,
		// P0·P1 = 1 − t0 t0ᵀ − t1 t1ᵀ + (t0·t1)·t0 t1ᵀ.
		ca, cb, cab := c/(n0*n0), c/(n1*n1), c/(n0*n1)
		u, v := [3]float64{t0.X, t0.Y, t0.Z}, [3]float64{t1.X, t1.Y, t1.Z}
		uv := t0.Dot(t1)
		var aa, bb, ab, mm, am, mb [9]float64
		for r := range 3 {
			for q := range 3 {
				k := 3*r + q
				p0, p1 := -u[r]*u[q], -v[r]*v[q]
				g := p0 + p1 + uv*u[r]*v[q]
				if r == q {
					p0++
					p1++
					g++
				}
				aa[k], bb[k], ab[k] = ca*p0, cb*p1, cab*g
			}
		}
		for r := range 3 {
			for q := range 3 {
				k := 3*r + q
				am[k] = -(aa[k] + ab[k])
				mb[k] = -(ab[k] + bb[k])
				mm[k] = aa[k] + bb[k] + ab[k] + ab[3*q+r]
			}
		}
		K.AddBlock(off+i-1, off+i-1, aa[:])
		K.AddBlock(off+i, off+i, mm[:])
		K.AddBlock(off+i+1, off+i+1, bb[:])
		K.AddBlock(off+i-1, off+i, am[:])
		K.AddBlock(off+i, off+i+1, mb[:])
		K.AddBlock(off+i-1, off+i+1, ab[:])
	}
	return E
}
