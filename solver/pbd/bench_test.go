package pbd

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// coilWorld is a 100-link, 3 mm cord wound as a helix whose turns touch (a loose coil lying
// on itself), one end pinned, gravity along the helix axis.
func coilWorld(tb testing.TB) *world.World {
	tb.Helper()
	const r, l, n = 0.003, 0.01, 100
	var pts []vec.V3
	for i := 0; i <= 4000; i++ {
		a := float64(i) / 4000 * float64(n) * l / 0.04
		pts = append(pts, vec.V3{X: 0.04 * math.Cos(a), Y: 0.04 * math.Sin(a), Z: 2 * r * a / (2 * math.Pi)})
	}
	st := &rope.State{}
	addRope(tb, st, r, l, rope.Resample(pts, n), softRope())
	w := newWorld(tb, st, newPBD(tb, DefaultParams()), vec.V3{Z: -9.81}, 1e-3)
	pin(w, 0)
	return w
}

// tightKnotWorld pulls an overhand knot of n links tight (tools on both ends moving apart at
// 1 m/s until they lag), then holds it.
func tightKnotWorld(tb testing.TB, n int) *world.World {
	tb.Helper()
	w, _ := knotWorld(tb, n)
	st := w.State
	dir := st.Pos[n].Sub(st.Pos[0]).Unit()
	for c := 0; c < 20000; c++ {
		w.Tools[0].Target = w.Tools[0].Target.Sub(dir.Scale(0.001))
		w.Tools[1].Target = w.Tools[1].Target.Add(dir.Scale(0.001))
		if err := w.Step(); err != nil {
			tb.Fatal(err)
		}
		if w.Last.MaxLag > 0.02 {
			break
		}
	}
	for i := range w.Tools {
		w.Tools[i].Target = st.Pos[w.Tools[i].Node]
	}
	return w
}

func TestStepDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	w := coilWorld(t)
	run(t, w, 200)
	if a := testing.AllocsPerRun(100, func() { _ = w.Step() }); a != 0 {
		t.Errorf("%v allocations per step", a)
	}
}

func BenchmarkCoil100(b *testing.B) {
	w := coilWorld(b)
	run(b, w, 500)
	benchSteps(b, w)
}

func BenchmarkTightKnot1000(b *testing.B) { benchSteps(b, tightKnotWorld(b, 1000)) }

// BenchmarkTightKnot1000Split is BenchmarkTightKnot1000 with the split passes (SplitContacts:
// the chain's windows alone, then the contact pass; the solver before the joint solve).
func BenchmarkTightKnot1000Split(b *testing.B) {
	w := tightKnotWorld(b, 1000)
	w.Solver.(*Solver).P.SplitContacts = true
	benchSteps(b, w)
}

// BenchmarkJammedKnot100 pulls a 100-link overhand knot at the tools' cap (jammedKnot), the
// joint solve and the split passes side by side; stretch/op is the worst link's relative
// error after the steps timed.
func BenchmarkJammedKnot100(b *testing.B) {
	for _, split := range []bool{false, true} {
		name := "joint"
		if split {
			name = "split"
		}
		b.Run(name, func(b *testing.B) {
			p := DefaultParams()
			p.SplitContacts = split
			w, s := jammedKnot(b, 1, p)
			run(b, w, 500)
			benchSteps(b, w)
			b.ReportMetric(s.maxStretch(w.State), "stretch")
		})
	}
}

// benchSteps times w.Step and reports substeps and contacts per step.
func benchSteps(b *testing.B, w *world.World) {
	b.ReportAllocs()
	sub, contacts := 0, 0
	for b.Loop() {
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
		sub += w.Last.Iterations
		contacts += w.Last.SelfContacts
	}
	b.ReportMetric(float64(sub)/float64(b.N), "substeps/op")
	b.ReportMetric(float64(contacts)/float64(b.N), "contacts/op")
}
