package dvi

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// projectChains, the last resort of a substep without a multiplier root, brings a prediction
// stretched by 10 % (and bent) back to the links' lengths, or with EA to the stretch its
// tension gives (l = L·(1 + T/EA)), with tensions that pull; every number finite.
func TestProjectChainsRestoresLengths(t *testing.T) {
	for _, ext := range []bool{false, true} {
		p := DefaultParams()
		p.Extensible = ext
		const n, L = 20, 0.5
		w, s := thread(t, p, n, vec.V3{}, vec.V3{X: L}, 0.01, 1e-3, vec.V3{}, soft)
		steps(t, w, 1)
		st := w.State
		for i := range s.xbar {
			x := 1.1 * L * float64(i) / n
			s.xbar[i] = vec.V3{X: x, Y: 0.05 * math.Sin(8*x)}
			s.w[i] = 1 / s.m[i]
		}
		const h = 1e-4
		s.projectChains(st, h)
		var worst, tmin float64
		tmin = math.Inf(1)
		for j := 0; j < n; j++ {
			want := s.rest[j]
			if ext {
				want *= 1 + s.T[j]/s.ea[j]
			}
			worst = math.Max(worst, math.Abs(st.Pos[j+1].Dist(st.Pos[j])/want-1))
			tmin = math.Min(tmin, s.T[j])
			if !st.Pos[j].IsFinite() || math.IsNaN(s.T[j]) {
				t.Fatalf("extensible %v: node %d or link %d not finite", ext, j, j)
			}
		}
		t.Logf("extensible %v: worst link %.3g relative, least tension %.4g N", ext, worst, tmin)
		if worst > 1e-6 {
			t.Errorf("extensible %v: a link is %.3g off its length", ext, worst)
		}
		if tmin <= 0 {
			t.Errorf("extensible %v: a stretched link has tension %.4g N", ext, tmin)
		}
	}
}
