package implicit

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/knotsim/knotsim/ncp"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// straight returns n points link apart along x.
func straight(n int, link float64) []vec.V3 {
	p := make([]vec.V3, n)
	for i := range p {
		p[i] = vec.V3{X: float64(i) * link}
	}
	return p
}

// syntheticContacts replaces the solver's rows by m contacts between random non-adjacent
// segments of its (single, factored) strand: random points on both, random normals, gaps of
// −0.1…0 radius, μ = 0.3; the warm start is forgotten. It fills s.b as solveRows would for a
// zero free motion.
func syntheticContacts(s *Solver, st *rope.State, m int, seed uint64) {
	nseg := st.NumSegs()
	rng := rand.New(rand.NewPCG(seed, 1))
	s.rows, s.prevKey = s.rows[:0], s.prevKey[:0]
	seen := map[uint64]bool{}
	for len(s.rows) < m {
		a, b := int32(rng.IntN(nseg)), int32(rng.IntN(nseg))
		if a > b {
			a, b = b, a
		}
		if b-a < 2 || seen[selfKey(a, b)] {
			continue
		}
		seen[selfKey(a, b)] = true
		u, v := rng.Float64(), rng.Float64()
		n := vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit()
		s.rows = append(s.rows, crow{key: selfKey(a, b), node: [4]int32{a, a + 1, b, b + 1},
			wt: [4]float64{1 - u, u, -(1 - v), -v}, nn: 4, fr: frame(n), gap: -0.1 * s.rmin * rng.Float64(), mu: 0.3})
	}
	slices.SortFunc(s.rows, func(p, q crow) int { return cmp.Compare(p.key, q.key) })
	s.components(st)
}

// BenchmarkCoupling: seed 003 Figs. 4.8–4.14 — the contact solver's cost against the contact
// count M at N = 150 and 600 vertices (the security thread: r = l0 = 0.5 mm, its band factored
// by one real step): "build" is the coupling matrix W = J·A⁻¹·Jᵀ from the banded factor
// (couple), "nncg-10"/"nncg-100" the NCP solve of those M contacts at exactly that many
// iterations (tolerance out of reach), cold-started each time.
func BenchmarkCoupling(b *testing.B) {
	for _, n := range []int{150, 600} {
		w, s := build(b, DefaultParams(), 0.5e-3, 0.5e-3, straight(n, 0.5e-3))
		w.Gravity = vec.V3{}
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
		for _, m := range []int{10, 25, 50, 100, 200, 400} {
			syntheticContacts(s, w.State, m, uint64(m))
			// Built once here too: the NCP runs below need W when -bench skips the build.
			if err := s.couple(); err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("N=%d/M=%d/build", n, m), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if err := s.couple(); err != nil {
						b.Fatal(err)
					}
				}
			})
			m3 := 3 * m
			for c := range s.rows {
				r := &s.rows[c]
				for d := range 3 {
					s.b[3*c+d] = 0
				}
				s.b[3*c] = r.gap
			}
			lam := make([]float64, m3)
			for _, it := range []int{10, 100} {
				ns, err := ncp.New(ncp.Params{MaxIter: it, Tol: 1e-300})
				if err != nil {
					b.Fatal(err)
				}
				b.Run(fmt.Sprintf("N=%d/M=%d/nncg-%d", n, m, it), func(b *testing.B) {
					b.ReportAllocs()
					iters := 0
					for range b.N {
						clear(lam)
						res, err := ns.NNCG(s.w[:m3*m3], s.b[:m3], s.mu[:m], lam)
						if err != nil {
							b.Fatal(err)
						}
						iters += res.Iterations
					}
					b.ReportMetric(float64(iters)/float64(b.N), "iters")
				})
			}
		}
	}
}

// denseW returns J·A⁻¹·Jᵀ for the solver's rows, (3M)² row-major, from one full banded solve
// per column (band.Cholesky.Solve): the reference for the windowed coupling.
func denseW(s *Solver) []float64 {
	M := len(s.rows)
	full := make([]float64, 9*M*M)
	col := make([]float64, len(s.dx))
	for c := range s.rows {
		for e := range 3 {
			clear(col)
			r := &s.rows[c]
			for k := 0; k < r.nn; k++ {
				v := r.fr[e].Scale(r.wt[k])
				i := 3 * int(r.node[k])
				col[i] += v.X
				col[i+1] += v.Y
				col[i+2] += v.Z
			}
			s.chf.Solve(col)
			for c2 := range s.rows {
				for d := range 3 {
					full[(3*c2+d)*3*M+3*c+e] = s.rows[c2].dot(d, col)
				}
			}
		}
	}
	return full
}

// TestCouplingMatchesFullSolves: W built by couple (windowed solves, runs of rope between
// contacts crossed by maps) equals J·A⁻¹·Jᵀ from one full banded solve per column, for the
// synthetic contacts of BenchmarkCoupling (many runs between contacts) at N = 150 and 600,
// after another set of contacts was coupled.
func TestCouplingMatchesFullSolves(t *testing.T) {
	for _, n := range []int{150, 600} {
		w, s := build(t, DefaultParams(), 0.5e-3, 0.5e-3, straight(n, 0.5e-3))
		w.Gravity = vec.V3{}
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		// Another set first: what it leaves in the solver's buffers must not leak into the next.
		syntheticContacts(s, w.State, 60, 3)
		if err := s.couple(); err != nil {
			t.Fatal(err)
		}
		m := 40
		syntheticContacts(s, w.State, m, 7)
		if err := s.couple(); err != nil {
			t.Fatal(err)
		}
		m3 := 3 * m
		full := denseW(s)
		worst, size := 0.0, 0.0
		for i := range m3 * m3 {
			size = max(size, math.Abs(full[i]))
			worst = max(worst, math.Abs(s.w[i]-full[i]))
		}
		t.Logf("N=%d, %d contacts: W off by %.3g of %.3g m/N", n, m, worst, size)
		if worst > 1e-10*size {
			t.Errorf("N=%d: W differs from J·A⁻¹·Jᵀ by %.3g (size %.3g)", n, worst, size)
		}
	}
}
