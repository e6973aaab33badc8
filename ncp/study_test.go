package ncp

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// Studies of captured contact problems (issue 12: why the reef knot's NCP
// converges sublinearly). They run only with KNOTSIM_NCP_STUDY set to a
// directory of problems written by cmd/knotsim's TestCaptureReefNCP
// (KNOTSIM_NCP_GLOB selects files, e.g. 'reef-00[0-4].ncp'):
//
//	KNOTSIM_NCP_CAPTURE=/tmp/ncpcap KNOTSIM_NCP_SKIP=3000 KNOTSIM_NCP_STEPS=10 \
//		go test -run TestCaptureReefNCP ./cmd/knotsim
//	KNOTSIM_NCP_STUDY=/tmp/ncpcap KNOTSIM_NCP_GLOB='reef-*' go test -v -run 'TestStudy' ./ncp
//
// TestStudy: spectra of W, W_nn and of W on the active rows, correlated
// contacts, PGS/NNCG residual histories and the contacts' regimes;
// TestStudyCompare: residual and time of 100/1,000 sweeps;
// TestStudyIndeterminacy: force and displacement errors after 100 NNCG
// sweeps against a 20,000-sweep reference; TestStudyVariants: NNCG without
// the guard and/or the active list; TestStudyWarm: the warm start against the
// reference. study_lm_test.go: regime (active-set) Newton steps, Anderson
// acceleration of PGS, the worst contacts; study_newton_test.go: a
// semismooth (Alart–Curnier) Newton prototype. None of these beat NNCG
// robustly on the reef (see the report of issue 12's NCP study).

// loadCapture reads a problem written by cmd/knotsim's TestCaptureReefNCP.
func loadCapture(t testing.TB, path string) (p problem, lam0 []float64) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := int(binary.LittleEndian.Uint64(raw))
	f := make([]float64, (len(raw)-8)/8)
	for i := range f {
		f[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8+8*i:]))
	}
	n3 := 3 * m
	if len(f) != n3*n3+n3+m+n3 {
		t.Fatalf("%s: %d floats for M = %d", path, len(f), m)
	}
	p = problem{W: f[:n3*n3], b: f[n3*n3 : n3*n3+n3], mu: f[n3*n3+n3 : n3*n3+n3+m], m: m}
	return p, f[n3*n3+n3+m:]
}

func TestStudy(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		m, n3 := p.m, 3*p.m
		t.Logf("== %s M=%d", filepath.Base(fn), m)
		// spectrum of W and of W_nn
		S := mat.NewSymDense(n3, nil)
		for i := range n3 {
			for j := i; j < n3; j++ {
				S.SetSym(i, j, 0.5*(p.W[i*n3+j]+p.W[j*n3+i]))
			}
		}
		var es mat.EigenSym
		es.Factorize(S, false)
		ev := es.Values(nil)
		N := mat.NewSymDense(m, nil)
		for i := range m {
			for j := i; j < m; j++ {
				N.SetSym(i, j, p.W[3*i*n3+3*j])
			}
		}
		var en mat.EigenSym
		en.Factorize(N, false)
		evn := en.Values(nil)
		var dmin, dmax float64 = math.Inf(1), 0
		for r := range n3 {
			dmin = math.Min(dmin, p.W[r*n3+r])
			dmax = math.Max(dmax, p.W[r*n3+r])
		}
		t.Logf("W diag [%.3g, %.3g]; eig W: min %.3g, 2nd %.3g, 5th %.3g, max %.3g; #eig<1e-6·max: %d; eig Wnn min %.3g 2nd %.3g max %.3g",
			dmin, dmax, ev[0], ev[1], ev[4], ev[n3-1], count(ev, 1e-6*ev[n3-1]), evn[0], evn[1], evn[m-1])
		// Jacobi-scaled spectrum
		Ds := mat.NewSymDense(n3, nil)
		for i := range n3 {
			for j := i; j < n3; j++ {
				Ds.SetSym(i, j, S.At(i, j)/math.Sqrt(S.At(i, i)*S.At(j, j)))
			}
		}
		var ed mat.EigenSym
		ed.Factorize(Ds, false)
		evd := ed.Values(nil)
		t.Logf("D^-1/2 W D^-1/2 eig: min %.3g 2nd %.3g 10th %.3g max %.3g; below 1e-3: %d, below 1e-2: %d", evd[0], evd[1], evd[9], evd[n3-1], count(evd, 1e-3), count(evd, 1e-2))
		// most correlated normal pairs
		type pr struct {
			i, j int
			c    float64
		}
		var prs []pr
		for i := range m {
			for j := i + 1; j < m; j++ {
				c := p.W[3*i*n3+3*j] / math.Sqrt(p.W[3*i*n3+3*i]*p.W[3*j*n3+3*j])
				prs = append(prs, pr{i, j, c})
			}
		}
		sort.Slice(prs, func(a, b int) bool { return prs[a].c > prs[b].c })
		t.Logf("top normal correlations: %.6f %.6f %.6f %.6f %.6f; >0.99: %d, >0.999: %d",
			prs[0].c, prs[1].c, prs[2].c, prs[3].c, prs[4].c, countPr(prs, 0.99, func(x pr) float64 { return x.c }), countPr(prs, 0.999, func(x pr) float64 { return x.c }))
		// NNCG and PGS histories from the warm start
		for _, me := range methods {
			for _, it := range []int{100, 1000, 10000} {
				s := newSolver(t, Params{MaxIter: it, Tol: 0.05e-6})
				l := append([]float64(nil), lam0...)
				t0 := time.Now()
				r, _ := me.run(s, p.W, p.b, p.mu, l)
				el := time.Since(t0)
				if it == 10000 {
					h := s.History()
					t.Logf("%s: warm %.3g; 10: %.3g 30: %.3g 100: %.3g 300: %.3g 1000: %.3g 3000: %.3g 10000: %.3g (%v)", me.name, h[0], h[min(10, len(h)-1)], h[min(30, len(h)-1)], h[min(100, len(h)-1)], h[min(300, len(h)-1)], h[min(1000, len(h)-1)], h[min(3000, len(h)-1)], r.Residual, el)
					classify(t, p, l)
				} else {
					t.Logf("%s %d: res %.3g its %d in %v", me.name, it, r.Residual, r.Iterations, el)
				}
			}
		}
	}
}

func count(v []float64, th float64) int {
	n := 0
	for _, x := range v {
		if x < th {
			n++
		}
	}
	return n
}

func countPr[T any](v []T, th float64, f func(T) float64) int {
	n := 0
	for _, x := range v {
		if f(x) > th {
			n++
		}
	}
	return n
}

// classify reports the regimes of the contacts at l.
func classify(t *testing.T, p problem, l []float64) {
	u := displacement(p, l)
	var sep, stick, slide, near int
	worst, wi := 0.0, -1
	n3 := 3 * p.m
	for i := range p.m {
		c := 3 * i
		lt := math.Hypot(l[c+1], l[c+2])
		switch {
		case l[c] == 0:
			sep++
		case lt < (1-1e-9)*p.mu[i]*l[c]:
			stick++
			if lt > 0.99*p.mu[i]*l[c] {
				near++
			}
		default:
			slide++
		}
		sc := (p.W[c*n3+c] + p.W[(c+1)*n3+c+1] + p.W[(c+2)*n3+c+2]) / 3
		a, b, d := contactResiduals(sc, p.mu[i], l[c:c+3], u[c:c+3])
		if r := math.Max(a, math.Max(b, d)); r > worst {
			worst, wi = r, i
		}
	}
	// spectrum of W on the active rows (normal of pressed contacts, tangents of sticking ones)
	var rows []int
	for i := range p.m {
		c := 3 * i
		if l[c] > 0 {
			rows = append(rows, c)
			if math.Hypot(l[c+1], l[c+2]) < (1-1e-9)*p.mu[i]*l[c] {
				rows = append(rows, c+1, c+2)
			}
		}
	}
	if k := len(rows); k > 0 {
		A := mat.NewSymDense(k, nil)
		for a, r := range rows {
			for b, q := range rows {
				A.SetSym(a, b, p.W[r*n3+q]/math.Sqrt(p.W[r*n3+r]*p.W[q*n3+q]))
			}
		}
		var e mat.EigenSym
		e.Factorize(A, false)
		v := e.Values(nil)
		t.Logf("   active rows %d: Jacobi-scaled eig min %.3g 2nd %.3g 3rd %.3g max %.3g (cond %.3g)", k, v[0], v[1], v[2], v[k-1], v[k-1]/v[0])
	}
	var lnmax, lnsum float64
	for i := range p.m {
		lnmax = math.Max(lnmax, l[3*i])
		lnsum += l[3*i]
	}
	t.Logf("   regimes: separated %d, sticking %d (%d within 1%% of the cone), sliding %d; worst contact %d; λn max %.3g N sum %.3g N", sep, stick, near, slide, wi, lnmax, lnsum)
}

// TestStudyCompare: on every captured problem, NNCG with 100 sweeps against
// Subspace with the same Tol (time averaged over reps solves).
func TestStudyCompare(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	all := methods
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		line := filepath.Base(fn)
		for _, me := range all {
			for _, it := range []int{100, 1000} {
				s := newSolver(t, Params{MaxIter: it, Tol: 0.05e-6})
				l := make([]float64, len(lam0))
				var r Result
				const reps = 10
				t0 := time.Now()
				for range reps {
					copy(l, lam0)
					r, _ = me.run(s, p.W, p.b, p.mu, l)
				}
				el := time.Since(t0) / reps
				_, _, _, rr := Residuals(p.W, p.b, p.mu, l)
				line += fmt.Sprintf(" | %s/%d %.3gµm %dit %.0fµs", me.name, it, 1e6*rr, r.Iterations, float64(el.Microseconds()))
			}
		}
		t.Log(line)
	}
}

// TestStudyIndeterminacy: on each capture, the NNCG solution after 100
// sweeps against a reference (NNCG, 20,000 sweeps): the residuals split,
// the largest force and displacement errors on the active rows, the
// spectrum of W on the reference's active rows and how much of its stiffest
// direction (smallest eigenvalue) lies on tangential rows.
func TestStudyIndeterminacy(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		n3 := 3 * p.m
		ref := append([]float64(nil), lam0...)
		newSolver(t, Params{MaxIter: 20000, Tol: 1e-9}).NNCG(p.W, p.b, p.mu, ref)
		l := append([]float64(nil), lam0...)
		newSolver(t, Params{MaxIter: 100, Tol: 0.05e-6}).NNCG(p.W, p.b, p.mu, l)
		sg, cn, ds, mx := Residuals(p.W, p.b, p.mu, l)
		_, _, _, mref := Residuals(p.W, p.b, p.mu, ref)
		u, uref := displacement(p, l), displacement(p, ref)
		var dl, dlt, du float64
		for i := range p.m {
			c := 3 * i
			if ref[c] > 0 || l[c] > 0 {
				stick := math.Hypot(ref[c+1], ref[c+2]) < (1-1e-6)*p.mu[i]*ref[c]
				dl = math.Max(dl, math.Abs(l[c]-ref[c]))
				dlt = math.Max(dlt, math.Hypot(l[c+1]-ref[c+1], l[c+2]-ref[c+2]))
				for d := range 3 {
					if d == 0 || stick {
						du = math.Max(du, math.Abs(u[c+d]-uref[c+d]))
					}
				}
			}
		}
		// the stiffest direction of W on the reference's active rows (unscaled)
		var ar []int
		for i := range p.m {
			c := 3 * i
			if ref[c] > 0 {
				ar = append(ar, c)
				if math.Hypot(ref[c+1], ref[c+2]) < (1-1e-6)*p.mu[i]*ref[c] {
					ar = append(ar, c+1, c+2)
				}
			}
		}
		k := len(ar)
		A := mat.NewSymDense(k, nil)
		for a, r := range ar {
			for b, q := range ar {
				A.SetSym(a, b, p.W[r*n3+q])
			}
		}
		var e mat.EigenSym
		e.Factorize(A, true)
		var V mat.Dense
		e.VectorsTo(&V)
		ev := e.Values(nil)
		var tw float64
		for a, r := range ar {
			if r%3 != 0 {
				tw += V.At(a, 0) * V.At(a, 0)
			}
		}
		t.Logf("%s: NNCG-100 residual %.3g µm (Signorini %.3g, cone %.3g, dissipation %.3g; ref %.2g µm); max |Δλn| %.3g N, |Δλt| %.3g N, |Δu| on active rows %.3g µm; W on %d active rows: eig %.3g … %.3g m/N (cond %.2g), the stiffest direction %.0f%% tangential",
			filepath.Base(fn), 1e6*mx, 1e6*sg, 1e6*cn, 1e6*ds, 1e6*mref, dl, dlt, 1e6*du, k, ev[0], ev[k-1], ev[k-1]/ev[0], 100*tw)
	}
}

// TestStudyVariants: NNCG's residual after 100 and 300 sweeps with and
// without the thesis's guard and the active list.
func TestStudyVariants(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		line := filepath.Base(fn)
		for _, v := range []struct {
			name    string
			noGuard bool
			check   int
		}{{"nncg", false, 0}, {"noguard", true, 0}, {"nolist", false, 1}, {"noguard+nolist", true, 1}} {
			for _, it := range []int{100, 300} {
				s := newSolver(t, Params{MaxIter: it, Tol: 0.05e-6, CheckEvery: v.check})
				s.noGuard = v.noGuard
				l := append([]float64(nil), lam0...)
				r, _ := s.NNCG(p.W, p.b, p.mu, l)
				line += fmt.Sprintf(" | %s/%d %.3gµm", v.name, it, 1e6*r.Residual)
			}
		}
		t.Log(line)
	}
}

// TestStudyWarm: how good the warm start is: the contacts that carry a force
// in the reference solution but start from zero, and the largest force
// change from the warm start to the reference.
func TestStudyWarm(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_STUDY")
	if dir == "" {
		t.Skip("KNOTSIM_NCP_STUDY")
	}
	files, _ := filepath.Glob(filepath.Join(dir, os.Getenv("KNOTSIM_NCP_GLOB")))
	for _, fn := range files {
		p, lam0 := loadCapture(t, fn)
		ref := append([]float64(nil), lam0...)
		newSolver(t, Params{MaxIter: 20000, Tol: 1e-9}).NNCG(p.W, p.b, p.mu, ref)
		cold, coldF, pressed := 0, 0.0, 0
		var dmax, dsum float64
		for i := range p.m {
			c := 3 * i
			if ref[c] > 0 {
				pressed++
			}
			if lam0[c] == 0 && ref[c] > 1e-3 {
				cold++
				coldF = math.Max(coldF, ref[c])
			}
			d := math.Sqrt((ref[c]-lam0[c])*(ref[c]-lam0[c]) + (ref[c+1]-lam0[c+1])*(ref[c+1]-lam0[c+1]) + (ref[c+2]-lam0[c+2])*(ref[c+2]-lam0[c+2]))
			dmax = math.Max(dmax, d)
			dsum += d
		}
		_, _, _, r0 := Residuals(p.W, p.b, p.mu, lam0)
		t.Logf("%s: warm-start residual %.3g µm; %d pressed contacts, %d of them start from zero (largest reference λn %.3g N); |λ_ref − λ_warm| max %.3g N, sum %.3g N",
			filepath.Base(fn), 1e6*r0, pressed, cold, coldF, dmax, dsum)
	}
}
