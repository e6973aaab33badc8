package scene

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/solver/implicit"
	"github.com/knotsim/knotsim/world"
)

// Built-in scenes under the pbd solver (issue 10): every built-in scene, run to the end with
// -solver pbd, keeps its knot (and the Münter hitch its link with the ring) checked every 50
// cycles and at the end, every published frame within the invariants of issue 2
// (checkPublished: the overlap bound, segments i and i+2 apart, the length within 2 % of
// rest, no NaN), as under FTL.
func TestBuiltinScenesUnderPBD(t *testing.T) { builtinScenesUnder(t, "pbd") }

// Built-in scenes under the dvi solver (issue 11): the same checks as under pbd.
func TestBuiltinScenesUnderDVI(t *testing.T) { builtinScenesUnder(t, "dvi") }

// Built-in scenes under the implicit solver (issue 12): the same checks.
func TestBuiltinScenesUnderImplicit(t *testing.T) { builtinScenesUnder(t, "implicit") }

func builtinScenesUnder(t *testing.T, solverName string) {
	if testing.Short() {
		t.Skip("runs every built-in scene with the physical solver")
	}
	for _, name := range BuiltinNames() {
		if IsSecurityBuiltin(name) || IsSurgicalBuiltin(name) {
			continue // TestSecurityBuiltins, TestSutureSlab
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sc, err := Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			sim, err := Build(sc, BuildOptions{Solver: solverName})
			if err != nil {
				t.Fatal(err)
			}
			w := sim.World
			if w.Solver.Name() != solverName {
				t.Fatalf("solver %s", w.Solver.Name())
			}
			r := w.State.Strands[0].Radius
			want := builtinKnot[name]
			identify := live.WorldIdentifier(w.Obstacles)
			var snap world.Snapshot
			knotOf := func() world.KnotReport { return identify(w.Snapshot(&snap)) }
			if k := knotOf(); k.Ropes[0] != want {
				t.Fatalf("initial layout is %v, want %s", k.Ropes, want)
			}
			var drift float64
			for !sim.Done() {
				if err := sim.Step(); err != nil {
					t.Fatalf("cycle %d: %v", w.Cycle, err)
				}
				drift = math.Max(drift, checkPublished(t, w))
				if w.Cycle%50 == 0 {
					if k := knotOf(); k.Ropes[0] != want {
						t.Fatalf("cycle %d (t = %.3f s): the rope is %v (%v), want %s", w.Cycle, w.Time, k.Ropes, k.Details, want)
					}
				}
			}
			final := knotOf()
			if final.Ropes[0] != want {
				t.Fatalf("final knot %v, want %s", final.Ropes, want)
			}
			if wl := builtinLinks[name]; wl != "" && (len(final.Links) != 1 || final.Links[0] != wl) {
				t.Errorf("links %v, want %q", final.Links, wl)
			}
			peak := 0.0
			for _, tl := range w.Tools {
				peak = math.Max(peak, tl.PeakForce)
			}
			t.Logf("worst overlap %.3f R, obstacles %.3f R, length drift ≤ %.2f %%, worst link %.1f %%, peak tool force %.1f N",
				w.Worst.SelfOverlap/r, w.Worst.ObsOverlap/r, 100*drift, 100*w.Worst.LengthDrift, peak)
			// implicit caps a position tool's pull (Params.MaxGraspForce, 50 N): exactly, not
			// by a redo's spring beyond it (50.2 N was seen).
			if m, ok := w.Solver.(*implicit.Solver); ok && peak > m.P.MaxGraspForce*(1+1e-9) {
				t.Errorf("a tool pulled %.6g N, beyond the cap %g N", peak, m.P.MaxGraspForce)
			}
		})
	}
}
