package tissue

import (
	"math"

	"github.com/knotsim/knotsim/vec"
)

// m3 is a 3×3 matrix stored by columns.
type m3 [3]vec.V3

// mulV returns A·v.
func (a *m3) mulV(v vec.V3) vec.V3 {
	return a[0].Scale(v.X).Add(a[1].Scale(v.Y)).Add(a[2].Scale(v.Z))
}

// mulTV returns Aᵀ·v.
func (a *m3) mulTV(v vec.V3) vec.V3 { return vec.V3{X: a[0].Dot(v), Y: a[1].Dot(v), Z: a[2].Dot(v)} }

// quat is a unit quaternion w + x·i + y·j + z·k.
type quat struct{ W, X, Y, Z float64 }

// matrix returns the rotation of q (unit) as a column matrix.
func (q quat) matrix() m3 {
	w, x, y, z := q.W, q.X, q.Y, q.Z
	return m3{
		{X: 1 - 2*(y*y+z*z), Y: 2 * (x*y + w*z), Z: 2 * (x*z - w*y)},
		{X: 2 * (x*y - w*z), Y: 1 - 2*(x*x+z*z), Z: 2 * (y*z + w*x)},
		{X: 2 * (x*z + w*y), Y: 2 * (y*z - w*x), Z: 1 - 2*(x*x+y*y)},
	}
}

// mul returns p·q.
func (p quat) mul(q quat) quat {
	return quat{
		W: p.W*q.W - p.X*q.X - p.Y*q.Y - p.Z*q.Z,
		X: p.W*q.X + p.X*q.W + p.Y*q.Z - p.Z*q.Y,
		Y: p.W*q.Y - p.X*q.Z + p.Y*q.W + p.Z*q.X,
		Z: p.W*q.Z + p.X*q.Y - p.Y*q.X + p.Z*q.W,
	}
}

// rotIters bounds the iterations of extractRotation; warm-started from the last substep's
// rotation it converges in 1–3.
const rotIters = 20

// extractRotation returns the rotation R closest to the deformation gradient a (columns) by
// the iteration of Müller, Bender, Chentanez & Macklin, "A robust method to extract the
// rotational part of deformations" (MIG 2016), warm-started from q: ω = Σ r_i × a_i / |Σ r_i·a_i|,
// q ← exp(ω)·q. Unlike a polar decomposition by SVD it never returns a reflection, so an
// inverted tetrahedron is pushed back rather than mirrored.
func extractRotation(a *m3, q quat) quat {
	for range rotIters {
		r := q.matrix()
		om := r[0].Cross(a[0]).Add(r[1].Cross(a[1])).Add(r[2].Cross(a[2]))
		om = om.Scale(1 / (math.Abs(r[0].Dot(a[0])+r[1].Dot(a[1])+r[2].Dot(a[2])) + 1e-9))
		// Converged once the update turns by less than 1e-9 rad (a strain of 1e-9: at 1e-12
		// the iterations after that were half of a lightly loaded body's step).
		w := om.Norm()
		if w < 1e-9 {
			break
		}
		// exp(ω): sin(w/2)/w and cos(w/2), by their series below 1e-3 rad (error w⁴/3840 <
		// 3e-16; the trigonometric functions were a tenth of a tissue step).
		var s, c float64
		if w2 := w * w; w < 1e-3 {
			s, c = 0.5-w2/48, 1-w2/8
		} else {
			s, c = math.Sin(0.5*w)/w, math.Cos(0.5*w)
		}
		q = quat{W: c, X: om.X * s, Y: om.Y * s, Z: om.Z * s}.mul(q)
		n := 1 / math.Sqrt(q.W*q.W+q.X*q.X+q.Y*q.Y+q.Z*q.Z)
		q = quat{W: q.W * n, X: q.X * n, Y: q.Y * n, Z: q.Z * n}
	}
	return q
}

// sym3 is a symmetric 3×3 matrix: xx, yy, zz, xy, xz, yz.
type sym3 [6]float64

// mul returns A·v.
func (a *sym3) mul(v vec.V3) vec.V3 {
	return vec.V3{
		X: a[0]*v.X + a[3]*v.Y + a[4]*v.Z,
		Y: a[3]*v.X + a[1]*v.Y + a[5]*v.Z,
		Z: a[4]*v.X + a[5]*v.Y + a[2]*v.Z,
	}
}

// eigSym returns the eigenvalues of a and its eigenvectors as the columns of q, by cyclic
// Jacobi rotations (at most 10 sweeps; a 3×3 converges in 3–5).
func eigSym(a sym3) (ev [3]float64, q m3) {
	m := [3][3]float64{{a[0], a[3], a[4]}, {a[3], a[1], a[5]}, {a[4], a[5], a[2]}}
	v := [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for range 10 {
		off := m[0][1]*m[0][1] + m[0][2]*m[0][2] + m[1][2]*m[1][2]
		if off <= 1e-30*(m[0][0]*m[0][0]+m[1][1]*m[1][1]+m[2][2]*m[2][2]) || off == 0 {
			break
		}
		for _, pq := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
			p, r := pq[0], pq[1]
			if m[p][r] == 0 {
				continue
			}
			th := (m[r][r] - m[p][p]) / (2 * m[p][r])
			t := 1 / (math.Abs(th) + math.Sqrt(th*th+1))
			if th < 0 {
				t = -t
			}
			c := 1 / math.Sqrt(t*t+1)
			s := t * c
			for k := range 3 {
				mkp, mkr := m[k][p], m[k][r]
				m[k][p], m[k][r] = c*mkp-s*mkr, s*mkp+c*mkr
			}
			for k := range 3 {
				mpk, mrk := m[p][k], m[r][k]
				m[p][k], m[r][k] = c*mpk-s*mrk, s*mpk+c*mrk
			}
			for k := range 3 {
				vkp, vkr := v[k][p], v[k][r]
				v[k][p], v[k][r] = c*vkp-s*vkr, s*vkp+c*vkr
			}
		}
	}
	for j := range 3 {
		ev[j] = m[j][j]
		q[j] = vec.V3{X: v[0][j], Y: v[1][j], Z: v[2][j]}
	}
	return ev, q
}
