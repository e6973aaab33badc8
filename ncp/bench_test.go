package ncp

import (
	"fmt"
	"testing"
)

// BenchmarkSolve: cold solves of a rope of M contacts wound round a pole
// (k/a = 10³, μ = 0.3) with a fixed number of sweeps (Tol too small to stop
// early), both methods.
func BenchmarkSolve(b *testing.B) {
	for _, m := range []int{10, 50, 100, 400} {
		p := chainProblem(m, 1e3, 1.5, 0.3)
		for _, iters := range []int{10, 100} {
			for _, me := range methods {
				b.Run(fmt.Sprintf("M=%d/iter=%d/%s", m, iters, me.name), func(b *testing.B) {
					s := newSolver(b, Params{MaxIter: iters, Tol: 1e-300})
					l := make([]float64, 3*m)
					if _, err := me.run(s, p.W, p.b, p.mu, l); err != nil { // warm the scratch
						b.Fatal(err)
					}
					b.ReportAllocs()
					for b.Loop() {
						clear(l)
						if _, err := me.run(s, p.W, p.b, p.mu, l); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkReef: 100 sweeps (the implicit solver's MaxIter) from the warm
// start on the captured reef problem (testdata/reef-010.ncp.gz, M = 99), the
// bottleneck of cmd/knotsim's BenchmarkSecurityHold/reef-150; the residual
// reached is reported in µm.
func BenchmarkReef(b *testing.B) {
	p, lam0 := loadReef(b)
	for _, me := range methods {
		b.Run(me.name, func(b *testing.B) {
			s := newSolver(b, Params{MaxIter: 100, Tol: 0.05e-6})
			l := make([]float64, len(lam0))
			copy(l, lam0)
			r, err := me.run(s, p.W, p.b, p.mu, l) // warm the scratch
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				copy(l, lam0)
				if r, err = me.run(s, p.W, p.b, p.mu, l); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(1e6*r.Residual, "µm")
		})
	}
}
