package ncp

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// acF is the Alart–Curnier function F(λ) (3M) with ρ = 1/s per contact:
// F_n = λ_n − max(0, λ_n − ρu_n), F_t = λ_t − P_D(μ max(0, λ_n))(λ_t − ρu_t).
// With J non-nil it also fills the generalized Jacobian dF/dλ (3M×3M).
func acF(p problem, sc, l, u, F []float64, J *mat.Dense) {
	n3 := 3 * p.m
	for i := range p.m {
		c := 3 * i
		rho := 1 / sc[i]
		ln := l[c]
		// normal
		if ln-rho*u[c] > 0 {
			F[c] = rho * u[c]
			if J != nil {
				for q := range n3 {
					J.Set(c, q, rho*p.W[c*n3+q])
				}
			}
		} else {
			F[c] = ln
			if J != nil {
				for q := range n3 {
					J.Set(c, q, 0)
				}
				J.Set(c, c, 1)
			}
		}
		// tangential
		r := p.mu[i] * math.Max(ln, 0)
		y1, y2 := l[c+1]-rho*u[c+1], l[c+2]-rho*u[c+2]
		ny := math.Hypot(y1, y2)
		if ny <= r {
			F[c+1], F[c+2] = rho*u[c+1], rho*u[c+2]
			if J != nil {
				for d := 1; d < 3; d++ {
					for q := range n3 {
						J.Set(c+d, q, rho*p.W[(c+d)*n3+q])
					}
				}
			}
			continue
		}
		h1, h2 := y1/ny, y2/ny
		F[c+1], F[c+2] = l[c+1]-r*h1, l[c+2]-r*h2
		if J == nil {
			continue
		}
		// dP = (r/ny)(I − ĥĥᵀ) dy + ĥ μ dλn [λn > 0], dy = dλt − ρ W_t dλ
		f := r / ny
		P := [2][2]float64{{f * (1 - h1*h1), -f * h1 * h2}, {-f * h1 * h2, f * (1 - h2*h2)}}
		for q := range n3 {
			dy1 := -rho * p.W[(c+1)*n3+q]
			dy2 := -rho * p.W[(c+2)*n3+q]
			if q == c+1 {
				dy1++
			}
			if q == c+2 {
				dy2++
			}
			dp1 := P[0][0]*dy1 + P[0][1]*dy2
			dp2 := P[1][0]*dy1 + P[1][1]*dy2
			if q == c && ln > 0 {
				dp1 += h1 * p.mu[i]
				dp2 += h2 * p.mu[i]
			}
			e1, e2 := 0.0, 0.0
			if q == c+1 {
				e1 = 1
			}
			if q == c+2 {
				e2 = 1
			}
			J.Set(c+1, q, e1-dp1)
			J.Set(c+2, q, e2-dp2)
		}
	}
}

func projCones(p problem, l []float64) {
	for i := range p.m {
		c := 3 * i
		ln := math.Max(l[c], 0)
		l[c] = ln
		if lt := math.Hypot(l[c+1], l[c+2]); lt > p.mu[i]*ln {
			f := 0.0
			if lt > 0 {
				f = p.mu[i] * ln / lt
			}
			l[c+1] *= f
			l[c+2] *= f
		}
	}
}

// acNewton: semismooth Newton on F with an Armijo line search on ½‖F‖²
// (full Jacobian, dense LU: a prototype for measuring, not for speed).
func acNewton(p problem, l []float64, iters int, log func(string)) {
	n3 := 3 * p.m
	sc := make([]float64, p.m)
	for i := range p.m {
		c := 3 * i
		sc[i] = (p.W[c*n3+c] + p.W[(c+1)*n3+c+1] + p.W[(c+2)*n3+c+2]) / 3
	}
	F := make([]float64, n3)
	F2 := make([]float64, n3)
	lt := make([]float64, n3)
	J := mat.NewDense(n3, n3, nil)
	norm2 := func(v []float64) float64 {
		var s float64
		for _, x := range v {
			s += x * x
		}
		return s
	}
	for k := range iters {
		u := displacement(p, l)
		acF(p, sc, l, u, F, J)
		f0 := norm2(F)
		var lu mat.LU
		lu.Factorize(J)
		rhs := mat.NewVecDense(n3, nil)
		for q := range n3 {
			rhs.SetVec(q, -F[q])
		}
		var d mat.VecDense
		if err := lu.SolveVecTo(&d, false, rhs); err != nil {
			log(fmt.Sprintf("  newton %d: singular (%v)", k, err))
			return
		}
		t := 1.0
		var f1 float64
		for ls := 0; ls < 30; ls++ {
			for q := range n3 {
				lt[q] = l[q] + t*d.AtVec(q)
			}
			ut := displacement(p, lt)
			acF(p, sc, lt, ut, F2, nil)
			f1 = norm2(F2)
			if f1 <= (1-1e-4*t)*f0 {
				break
			}
			t *= 0.5
		}
		copy(l, lt)
		pl := append([]float64(nil), l...)
		projCones(p, pl)
		_, _, _, r := Residuals(p.W, p.b, p.mu, pl)
		log(fmt.Sprintf("  newton %d: ‖F‖ %.3g → %.3g, step %.3g, residual (projected) %.3g µm", k, math.Sqrt(f0), math.Sqrt(f1), t, 1e6*r))
	}
	projCones(p, l)
}

func TestStudyNewton(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		for _, pre := range []int{0, 20} {
			l := append([]float64(nil), lam0...)
			if pre > 0 {
				newSolver(t, Params{MaxIter: pre, Tol: 1e-12}).NNCG(p.W, p.b, p.mu, l)
			}
			_, _, _, r0 := Residuals(p.W, p.b, p.mu, l)
			t.Logf("%s: NNCG %d sweeps: %.3g µm", filepath.Base(fn), pre, 1e6*r0)
			t0 := time.Now()
			acNewton(p, l, 15, func(s string) { t.Log(s) })
			_, _, _, r := Residuals(p.W, p.b, p.mu, l)
			t.Logf("  → %.3g µm in %v (prototype, full LU)", 1e6*r, time.Since(t0))
		}
	}
}

func TestStudyNewtonFD(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	p, l := loadCapture(t, filepath.Join(dir, "reef-000.ncp"))
	newSolver(t, Params{MaxIter: 20, Tol: 1e-12}).NNCG(p.W, p.b, p.mu, l)
	n3 := 3 * p.m
	sc := make([]float64, p.m)
	for i := range p.m {
		c := 3 * i
		sc[i] = (p.W[c*n3+c] + p.W[(c+1)*n3+c+1] + p.W[(c+2)*n3+c+2]) / 3
	}
	F0, F1 := make([]float64, n3), make([]float64, n3)
	J := mat.NewDense(n3, n3, nil)
	acF(p, sc, l, displacement(p, l), F0, J)
	d := make([]float64, n3)
	for q := range d {
		d[q] = math.Sin(float64(q)*1.7) * 1e-3
	}
	for _, eps := range []float64{1e-2, 1e-4, 1e-6} {
		lp := make([]float64, n3)
		for q := range lp {
			lp[q] = l[q] + eps*d[q]
		}
		acF(p, sc, lp, displacement(p, lp), F1, nil)
		var worst float64
		wq := 0
		for r := range n3 {
			var jd float64
			for q := range n3 {
				jd += J.At(r, q) * d[q]
			}
			fd := (F1[r] - F0[r]) / eps
			if e := math.Abs(fd - jd); e > worst {
				worst, wq = e, r
			}
		}
		t.Logf("eps %g: worst |FD − J·d| %.3g at row %d", eps, worst, wq)
	}
}
