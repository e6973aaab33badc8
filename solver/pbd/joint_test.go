package pbd

import (
	"testing"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// jammedKnot lays a loose overhand knot of 100 links (1 cm, R = 3 mm, soft rope with
// friction coefficients scaled by mu) and pulls both ends apart with tools far beyond them,
// at the 50 N cap: the knot jams and the tools keep pulling.
func jammedKnot(t testing.TB, mu float64, p Params) (*world.World, *Solver) {
	t.Helper()
	const n = 100
	pts, err := layout.Overhand(layout.Options{Links: n, Link: 0.01, Radius: 0.003})
	if err != nil {
		t.Fatal(err)
	}
	st := &rope.State{}
	m := softRope()
	m.Friction.Static *= mu
	m.Friction.Kinetic *= mu
	addRope(t, st, 0.003, 0.01, pts, m)
	s := newPBD(t, p)
	w := newWorld(t, st, s, vec.V3{}, 1e-3)
	pin(w, 0)
	pin(w, n)
	dir := st.Pos[n].Sub(st.Pos[0]).Unit()
	w.Tools[0].Target = st.Pos[0].Sub(dir.Scale(1))
	w.Tools[1].Target = st.Pos[n].Add(dir.Scale(1))
	return w, s
}

// A knot jammed by tools pulling at their cap: the contacts push along the chain, and only
// solving them together (the joint solve) keeps the links at their length. Every published
// frame of 1.5 s keeps every link within 1 % of its rest length (measured: 0.5 %, the
// StretchTolerance, but 0.61 % in one frame with friction, whose last substep ran out of
// passes) and the knot stays an overhand, with and without friction. The split
// passes (SplitContacts, the solver before) are logged beside: links 19 % long with
// friction, and without friction the knot pulled through itself (a straight rope).
func TestJammedKnotKeepsLength(t *testing.T) {
	cycles := 1500
	if testing.Short() {
		cycles = 400
	}
	for _, mu := range []float64{1, 0} {
		for _, split := range []bool{false, true} {
			if split && testing.Short() {
				continue
			}
			p := DefaultParams()
			p.SplitContacts = split
			w, s := jammedKnot(t, mu, p)
			var worst float64
			for c := 0; c < cycles; c++ {
				run(t, w, 1)
				if c >= 100 {
					worst = max(worst, s.maxStretch(w.State))
				}
			}
			res, err := knot.Identify(w.State.Pos, knot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("μ × %g, split %v: worst link %.2f %% off its length, knot %s, worst overlap %.3f R",
				mu, split, 100*worst, res.Name, w.Worst.SelfOverlap/0.003)
			if split {
				continue
			}
			if worst > 0.01 {
				t.Errorf("μ × %g: a link %.2f %% off its length; want ≤ 1 %%", mu, 100*worst)
			}
			if res.Name != "3_1" {
				t.Errorf("μ × %g: the knot is %s, want 3_1", mu, res.Name)
			}
		}
	}
}

// The joint solve allocates nothing per step once its buffers have grown.
func TestJointStepDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	w, _ := jammedKnot(t, 1, DefaultParams())
	run(t, w, 300)
	if a := testing.AllocsPerRun(50, func() { _ = w.Step() }); a != 0 {
		t.Errorf("%v allocations per step", a)
	}
}
