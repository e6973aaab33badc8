package ncp

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// lmStep: from l (regimes from its forces), one regularised Newton step on
// the regime's equations: (K + eps·diag K)·δ = −r, then projection.
func lmStep(p problem, l []float64, eps float64) []float64 {
	n3 := 3 * p.m
	u := displacement(p, l)
	type v struct {
		row    int
		slide  bool
		d1, d2 float64
		mu     float64
	}
	var vs []v
	for i := range p.m {
		c := 3 * i
		if l[c] <= 0 {
			if u[c] < 0 { // penetrating free contact: stick
				vs = append(vs, v{row: c}, v{row: c + 1}, v{row: c + 2})
			}
			continue
		}
		lt := math.Hypot(l[c+1], l[c+2])
		if lt < (1-1e-6)*p.mu[i]*l[c] {
			vs = append(vs, v{row: c}, v{row: c + 1}, v{row: c + 2})
		} else {
			vs = append(vs, v{row: c, slide: true, d1: l[c+1] / lt, d2: l[c+2] / lt, mu: p.mu[i]})
		}
	}
	k := len(vs)
	K := make([]float64, k*k)
	x := make([]float64, k)
	for a, va := range vs {
		row := p.W[va.row*n3 : (va.row+1)*n3]
		for b, vb := range vs {
			w := row[vb.row]
			if vb.slide {
				w += vb.mu * (vb.d1*row[vb.row+1] + vb.d2*row[vb.row+2])
			}
			K[a*k+b] = w
		}
		K[a*k+a] *= 1 + eps
		x[a] = -u[va.row]
	}
	if !luSolveStudy(K, k, x) {
		return nil
	}
	out := append([]float64(nil), l...)
	for a, va := range vs {
		out[va.row] += x[a]
		if va.slide {
			out[va.row+1] += va.mu * x[a] * va.d1
			out[va.row+2] += va.mu * x[a] * va.d2
		}
	}
	for i := range p.m {
		c := 3 * i
		ln := math.Max(out[c], 0)
		out[c] = ln
		if lt := math.Hypot(out[c+1], out[c+2]); lt > p.mu[i]*ln {
			f := 0.0
			if lt > 0 {
				f = p.mu[i] * ln / lt
			}
			out[c+1] *= f
			out[c+2] *= f
		}
	}
	return out
}

func luSolveStudy(K []float64, k int, x []float64) bool {
	for j := range k {
		p, pv := j, math.Abs(K[j*k+j])
		for i := j + 1; i < k; i++ {
			if v := math.Abs(K[i*k+j]); v > pv {
				p, pv = i, v
			}
		}
		if pv == 0 {
			return false
		}
		if p != j {
			for c := range k {
				K[j*k+c], K[p*k+c] = K[p*k+c], K[j*k+c]
			}
			x[j], x[p] = x[p], x[j]
		}
		for i := j + 1; i < k; i++ {
			f := K[i*k+j] / K[j*k+j]
			for c := j; c < k; c++ {
				K[i*k+c] -= f * K[j*k+c]
			}
			x[i] -= f * x[j]
		}
	}
	for j := k - 1; j >= 0; j-- {
		v := x[j]
		for c := j + 1; c < k; c++ {
			v -= K[j*k+c] * x[c]
		}
		x[j] = v / K[j*k+j]
	}
	return true
}

func TestStudyLM(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		line := filepath.Base(fn)
		for _, pre := range []int{0, 10, 30} {
			l := append([]float64(nil), lam0...)
			if pre > 0 {
				newSolver(t, Params{MaxIter: pre, Tol: 1e-12}).PGS(p.W, p.b, p.mu, l)
			}
			_, _, _, r0 := Residuals(p.W, p.b, p.mu, l)
			line += fmt.Sprintf("\n  pgs%d %.3gµm:", pre, 1e6*r0)
			for _, eps := range []float64{1, 1e-1, 1e-2, 1e-3, 1e-4} {
				l2 := lmStep(p, l, eps)
				if l2 == nil {
					line += " sing"
					continue
				}
				_, _, _, r1 := Residuals(p.W, p.b, p.mu, l2)
				// then 10 PGS sweeps
				newSolver(t, Params{MaxIter: 10, Tol: 1e-12}).PGS(p.W, p.b, p.mu, l2)
				_, _, _, r2 := Residuals(p.W, p.b, p.mu, l2)
				line += fmt.Sprintf(" eps%.0e→%.3g(+10pgs %.3g)", eps, 1e6*r1, 1e6*r2)
			}
		}
		t.Log(line)
	}
}

// aaPGS: Anderson acceleration (type II, window mw) of the PGS sweep map.
func aaPGS(t *testing.T, p problem, lam0 []float64, iters, mw int) []float64 {
	l, _ := aaPGSHist(t, p, lam0, iters, mw)
	return l
}

// aaPGSHist is aaPGS that also returns the residual of each (projected) iterate.
func aaPGSHist(t *testing.T, p problem, lam0 []float64, iters, mw int) ([]float64, []float64) {
	n := len(lam0)
	s := newSolver(t, Params{MaxIter: 1, Tol: 1e-300, CheckEvery: 1})
	x := append([]float64(nil), lam0...)
	var G, F [][]float64 // histories of g(x_k) and f_k = g(x_k) − x_k
	hist := []float64{}
	proj := func(l []float64) {
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
	for k := 0; k < iters; k++ {
		g := append([]float64(nil), x...)
		s.PGS(p.W, p.b, p.mu, g)
		f := make([]float64, n)
		for j := range f {
			f[j] = g[j] - x[j]
		}
		G = append(G, g)
		F = append(F, f)
		if len(G) > mw+1 {
			G, F = G[1:], F[1:]
		}
		mk := len(F) - 1
		if mk == 0 {
			copy(x, g)
			continue
		}
		// min ‖f_k − ΔF γ‖: normal equations with Tikhonov
		dF := make([][]float64, mk)
		for a := range mk {
			dF[a] = make([]float64, n)
			for j := range n {
				dF[a][j] = F[a+1][j] - F[a][j]
			}
		}
		A := make([]float64, mk*mk)
		rhs := make([]float64, mk)
		var tr float64
		for a := range mk {
			for b := range mk {
				var v float64
				for j := range n {
					v += dF[a][j] * dF[b][j]
				}
				A[a*mk+b] = v
			}
			tr += A[a*mk+a]
			var v float64
			for j := range n {
				v += dF[a][j] * f[j]
			}
			rhs[a] = v
		}
		for a := range mk {
			A[a*mk+a] += 1e-10 * tr
		}
		if !luSolveStudy(A, mk, rhs) {
			copy(x, g)
			continue
		}
		for j := range n {
			v := g[j]
			for a := range mk {
				v -= rhs[a] * (G[a+1][j] - G[a][j])
			}
			x[j] = v
		}
		proj(x)
		_, _, _, r := Residuals(p.W, p.b, p.mu, x)
		hist = append(hist, r)
	}
	// the last PGS image (in the cones)
	s.PGS(p.W, p.b, p.mu, x)
	return x, hist
}

func TestStudyAAReach(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		l := append([]float64(nil), lam0...)
		r, _ := newSolver(t, Params{MaxIter: 100, Tol: 0.05e-6}).NNCG(p.W, p.b, p.mu, l)
		line := fmt.Sprintf("%s: NNCG-100 %.3gµm", filepath.Base(fn), 1e6*r.Residual)
		for _, mw := range []int{3, 5, 8} {
			_, h := aaPGSHist(t, p, lam0, 100, mw)
			reach := -1
			for k, v := range h {
				if v <= r.Residual {
					reach = k + 2
					break
				}
			}
			line += fmt.Sprintf(" | AA(%d): reaches it at %d, 30: %.3g, 100: %.3g", mw, reach, 1e6*h[28], 1e6*h[98])
		}
		t.Log(line)
	}
}

func TestStudyAA(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		line := filepath.Base(fn)
		for _, mw := range []int{0, 3, 5, 10, 20} {
			line += fmt.Sprintf("\n  AA(%d):", mw)
			for _, it := range []int{30, 100, 300} {
				l := aaPGS(t, p, lam0, it-1, mw)
				_, _, _, r := Residuals(p.W, p.b, p.mu, l)
				line += fmt.Sprintf(" %d:%.3g", it, 1e6*r)
			}
		}
		t.Log(line)
	}
}

func TestStudyWorst(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		n3 := 3 * p.m
		l := append([]float64(nil), lam0...)
		newSolver(t, Params{MaxIter: 100, Tol: 0.05e-6}).NNCG(p.W, p.b, p.mu, l)
		u := displacement(p, l)
		type cr struct {
			i    int
			r    float64
			corr float64
			j    int
		}
		var cs []cr
		nAbove := 0
		for i := range p.m {
			c := 3 * i
			sc := (p.W[c*n3+c] + p.W[(c+1)*n3+c+1] + p.W[(c+2)*n3+c+2]) / 3
			a, b, d := contactResiduals(sc, p.mu[i], l[c:c+3], u[c:c+3])
			r := math.Max(a, math.Max(b, d))
			if r > 1e-6 {
				nAbove++
			}
			best, bj := 0.0, -1
			for j := range p.m {
				if j == i {
					continue
				}
				q := 3 * j
				cc := p.W[c*n3+q] / math.Sqrt(p.W[c*n3+c]*p.W[q*n3+q])
				if cc > best {
					best, bj = cc, j
				}
			}
			cs = append(cs, cr{i, r, best, bj})
		}
		for a := range cs {
			for b := a + 1; b < len(cs); b++ {
				if cs[b].r > cs[a].r {
					cs[a], cs[b] = cs[b], cs[a]
				}
			}
		}
		line := fmt.Sprintf("%s: %d contacts above 1 µm;", filepath.Base(fn), nAbove)
		for _, c := range cs[:5] {
			line += fmt.Sprintf(" [%d %.2gµm λn=%.2g, corr %.4f with %d]", c.i, 1e6*c.r, l[3*c.i], c.corr, c.j)
		}
		t.Log(line)
	}
}
