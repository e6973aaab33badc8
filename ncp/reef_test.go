package ncp

import (
	"compress/gzip"
	"encoding/binary"
	"io"
	"math"
	"os"
	"testing"
)

// loadReef reads testdata/reef-010.ncp.gz: a contact problem of the reef
// security scene (cmd/knotsim TestCaptureReefNCP, 150 vertices, r = 0.5 mm,
// μ = 0.95, 1 N, h = 1 ms; the 11th step after SecurityTighten + 0.12 s), the
// bottleneck of BenchmarkSecurityHold/reef-150. The file is gzipped
// little-endian: int64 M, then float64 W's upper triangle row by row (W is
// exactly symmetric), b (3M), mu (M) and the solver's warm start λ (3M).
func loadReef(t testing.TB) (problem, []float64) {
	t.Helper()
	f, err := os.Open("testdata/reef-010.ncp.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	m := int(binary.LittleEndian.Uint64(raw))
	n3 := 3 * m
	fl := make([]float64, (len(raw)-8)/8)
	for i := range fl {
		fl[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8+8*i:]))
	}
	if len(fl) != n3*(n3+1)/2+n3+m+n3 {
		t.Fatalf("reef: %d floats for M = %d", len(fl), m)
	}
	p := problem{W: make([]float64, n3*n3), m: m}
	k := 0
	for i := range n3 {
		for j := i; j < n3; j++ {
			p.W[i*n3+j], p.W[j*n3+i] = fl[k], fl[k]
			k++
		}
	}
	p.b = fl[k : k+n3]
	p.mu = fl[k+n3 : k+n3+m]
	return p, fl[k+n3+m:]
}

// TestReef: the captured reef problem is valid, and from its warm start both
// methods return forces in the cones; it records the slow convergence (the
// residual after 100 sweeps is still ~100× the implicit solver's Tol of
// 0.05 µm; see the package notes in study_test.go).
func TestReef(t *testing.T) {
	p, lam0 := loadReef(t)
	if err := Validate(p.W, p.b, p.mu, lam0); err != nil {
		t.Fatal(err)
	}
	_, _, _, r0 := Residuals(p.W, p.b, p.mu, lam0)
	for _, me := range methods {
		s := newSolver(t, Params{MaxIter: 100, Tol: 0.05e-6})
		l := append([]float64(nil), lam0...)
		r, err := me.run(s, p.W, p.b, p.mu, l)
		if err != nil {
			t.Fatal(err)
		}
		_, cone, _, mx := Residuals(p.W, p.b, p.mu, l)
		if cone != 0 && cone > 1e-12 {
			t.Errorf("%s: cone residual %g", me.name, cone)
		}
		if math.Abs(mx-r.Residual) > 1e-9*mx+1e-15 {
			t.Errorf("%s: reported residual %g, recomputed %g", me.name, r.Residual, mx)
		}
		if !(mx < r0) {
			t.Errorf("%s: residual %g not below the warm start's %g", me.name, mx, r0)
		}
		t.Logf("M = %d: %s from the warm start (%.3g µm): %.3g µm after %d sweeps", p.m, me.name, 1e6*r0, 1e6*r.Residual, r.Iterations)
	}
}
