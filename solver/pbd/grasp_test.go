package pbd

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// A position tool never pulls harder than MaxGraspForce (issue 10): a slack 10 mm rope (it
// hangs in a loop between a pin and a tool 20 cm apart) snaps taut when the tool pulls away at
// 2 m/s; from then on the tool holds at exactly its cap and lags behind its target, and no
// published force — not even the step in which the rope went taut — exceeds the cap. (Before
// the cap was solved into the substep, the pin read 72 N in the first step, as the V dropped.)
func TestGraspForceNeverAboveCap(t *testing.T) {
	const r, l, n = 0.005, 0.01, 40
	st := &rope.State{}
	// A V hanging from the pin at node 0 and the tool at node n, 20 cm apart (rope 40 cm).
	var pts []vec.V3
	for i := 0; i <= n; i++ {
		x := float64(i) / n * 0.2
		pts = append(pts, vec.V3{X: x, Z: -0.17 * (1 - math.Abs(2*float64(i)/n-1))})
	}
	addRope(t, st, r, l, rope.Resample(pts, n), softRope())
	p := DefaultParams()
	p.MaxGraspForce = 20
	s := newPBD(t, p)
	w := newWorld(t, st, s, vec.V3{Z: -9.81}, 1e-3)
	pin(w, 0)
	tool := pin(w, n)
	var peak, lag float64
	for c := 0; c < 400; c++ {
		w.Tools[tool].Target = w.Tools[tool].Target.Add(vec.V3{X: 0.002})
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		for i := range w.Tools {
			f := w.Tools[i].Applied.Norm()
			peak = math.Max(peak, f)
			if f > p.MaxGraspForce*(1+1e-9) {
				t.Fatalf("cycle %d: tool %d pulls with %.6g N (cap %g N)", c, i, f, p.MaxGraspForce)
			}
		}
		lag = w.Last.MaxLag
	}
	t.Logf("peak tool force %.6g N (cap %g N), final lag %.3g m", peak, p.MaxGraspForce, lag)
	if peak < 0.99*p.MaxGraspForce {
		t.Errorf("the taut rope never brought the tools to their cap (peak %.3g N)", peak)
	}
	if lag < 0.3 {
		t.Errorf("the tool did not give way: lag %.3g m after pulling 0.8 m on a 0.4 m rope", lag)
	}
	if d := math.Abs(st.Length(0)/st.RestLength(0) - 1); d > 0.001 {
		t.Errorf("length drift %.3g %% at the cap", 100*d)
	}
}
