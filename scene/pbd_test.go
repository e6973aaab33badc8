package scene

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/knot"
)

// Built-in scenes under the pbd solver (issue 10): every published frame within the overlap
// bound, no failed step; the knots that pbd keeps today are asserted. Known gap, logged and
// not asserted: figure8, 7_1 and overhand+figure8 lose crossings while pulled tight at the
// 50 N tool cap (contact pushes stretch the links of a tight knot between two direct solves),
// and a released knot may slide off its free end in the drag phase.
func TestBuiltinScenesUnderPBD(t *testing.T) {
	if testing.Short() {
		t.Skip("runs built-in scenes with the physical solver")
	}
	want := map[string]string{"overhand": "3_1", "granny": "3_1 # 3_1", "square": "3_1 # m3_1"}
	for _, name := range []string{"overhand", "granny", "square", "figure8"} {
		t.Run(name, func(t *testing.T) {
			sc, err := Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			sim, err := Build(sc, BuildOptions{Solver: "pbd"})
			if err != nil {
				t.Fatal(err)
			}
			if sim.World.Solver.Name() != "pbd" {
				t.Fatalf("solver %s", sim.World.Solver.Name())
			}
			start, err := knot.Identify(sim.World.State.Pos, knot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			lost := ""
			for !sim.Done() {
				if err := sim.Step(); err != nil {
					t.Fatal(err)
				}
				if w := sim.World; w.Cycle%100 == 0 && lost == "" {
					res, err := knot.Identify(w.State.Pos, knot.Options{})
					if err == nil && res.Short != start.Short {
						lost = res.Short
						if _, ok := want[name]; ok {
							t.Fatalf("cycle %d: %s became %s", w.Cycle, start.Short, res.Short)
						}
						t.Logf("known gap: %s became %s at t = %.2f s", start.Short, res.Short, w.Time)
					}
				}
			}
			w := sim.World
			r := w.State.Strands[0].Radius
			t.Logf("%s: worst overlap %.3f R, length drift %.2f %% at most, peak tool forces %.1f / %.1f N",
				name, w.Worst.SelfOverlap/r, 100*w.Worst.LengthDrift, w.Tools[0].PeakForce, w.Tools[1].PeakForce)
			if w.Worst.SelfOverlap > 0.25*r || w.Worst.NonFinite || math.IsNaN(w.Worst.SelfOverlap) {
				t.Errorf("worst overlap %.3f R (bound 0.25 R)", w.Worst.SelfOverlap/r)
			}
			if k, ok := want[name]; ok && start.Short != k {
				t.Errorf("the layout is %s, not %s", start.Short, k)
			}
		})
	}
}
