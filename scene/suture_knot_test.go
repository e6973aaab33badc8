package scene

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// The built-in suture-slab (issue 13): two forceps tie one interrupted stitch through a
// clamped skin slab with a square knot. Throughout: the knot stays a square knot (3_1 # m3_1,
// named every 25 cycles, so a pass-through would be seen), no thread outside the stitch's
// wall spans is ever inside the slab, no NaN, the thread's segments never overlap by more
// than 0.25 R (a segment and the next but one: never closer than 1.25 R; measured 1.66 R)
// and its length stays within 0.5 % (the thread in the wall counted). When the
// forceps have pulled: the knot rests on the skin (its lowest point within 1.5 R of touching
// the slab's top face), the loop is drawn up against the underside (within 1.5 R) and pulls
// with over 1 mN (measured 3.1 mN). After they let go, friction holds the knot: 0.3 s on,
// all three are still so (3.2 mN). Measured: the length within 0.047 %.
func TestSutureSlab(t *testing.T) { runSutureSlab(t, 0) }

// TestSutureSlabPerturbed runs TestSutureSlab's scene and checks again with every rope node
// moved along x by up to ±1 nm (seeded), once per seed in KNOTSIM_SUTURE_SEEDS ("1-10" or
// "3,7"); without it, it is skipped. It shows how far the scene's outcome rests on rounding.
// At 1a7411d, 5 of seeds 1–10 failed: in four, the loop pulled 0.27–0.68 mN once let go,
// under the 1 mN asked; in seed 10, the thread read 1.88 % long for a step, where the slab
// moved 0.1 mm at the first stitch's piercings as the pull ended. Since the tissue's true give
// (tissue.Body.Give), the stitch and contacts expecting it to give to a change of load only,
// and the forceps' fading grip, all ten pass (TestSutureSlabSeeds keeps two of them).
func TestSutureSlabPerturbed(t *testing.T) {
	spec := os.Getenv("KNOTSIM_SUTURE_SEEDS")
	if spec == "" {
		t.Skip("set KNOTSIM_SUTURE_SEEDS (e.g. 1-10) to run")
	}
	seeds, err := parseSeeds(spec)
	if err != nil {
		t.Fatal(err)
	}
	for _, sd := range seeds {
		t.Run(fmt.Sprint("seed", sd), func(t *testing.T) { runSutureSlab(t, sd) })
	}
}

// TestSutureSlabSeeds is TestSutureSlab for seeds 6 and 10 of TestSutureSlabPerturbed. Seed
// 10 failed at 1a7411d: the staggered tissue coupling rang, and the thread read 1.88 % long.
// Seed 6 failed with the tissue's true give while the forceps let go at once: a contact
// overlapped by 1.2 R in that step. Not in -short runs (7 s each).
func TestSutureSlabSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("two more runs of suture-slab; run without -short")
	}
	for _, sd := range []uint64{6, 10} {
		t.Run(fmt.Sprint("seed", sd), func(t *testing.T) { runSutureSlab(t, sd) })
	}
}

// parseSeeds reads "a-b" or "a,b,c" (positive integers).
func parseSeeds(spec string) ([]uint64, error) {
	var out []uint64
	for _, part := range strings.Split(spec, ",") {
		lo, hi, ok := strings.Cut(part, "-")
		if !ok {
			hi = lo
		}
		a, err1 := strconv.ParseUint(strings.TrimSpace(lo), 10, 32)
		b, err2 := strconv.ParseUint(strings.TrimSpace(hi), 10, 32)
		if err1 != nil || err2 != nil || a == 0 || b < a || b-a > 1000 {
			return nil, fmt.Errorf("seeds %q: want a-b or a,b,c with 0 < a ≤ b, at most 1000", spec)
		}
		for x := a; x <= b; x++ {
			out = append(out, x)
		}
	}
	return out, nil
}

// runSutureSlab is TestSutureSlab with the rope's nodes moved along x by up to ±1 nm first,
// drawn from seed (0: as built).
func runSutureSlab(t *testing.T, seed uint64) {
	sim := buildBuiltin(t, "suture-slab")
	w := sim.World
	if seed != 0 {
		rg := rand.New(rand.NewPCG(seed, 1))
		for i := range w.State.Pos {
			w.State.Pos[i].X += (rg.Float64() - 0.5) * 2e-9
		}
	}
	sc := sim.Scene
	r := w.State.Strands[0].Radius
	want := "3_1 # m3_1"
	identify := live.WorldIdentifier(w.Obstacles)
	var snap world.Snapshot
	knotOf := func() string { return identify(w.Snapshot(&snap)).Ropes[0] }
	if k := knotOf(); k != want {
		t.Fatalf("laid as %s, want %s", k, want)
	}
	if n := len(w.Sutures()); n != 2 {
		t.Fatalf("%d sutures, want 2 (down through the slab and up again)", n)
	}
	body := w.Tissues[0].Body
	m := sc.Tissues[0].Mesh
	bottom, top := m.Origin[2], m.Origin[2]+m.Size[2]
	// heights returns how far the knot's lowest point is above touching the top face, and the
	// loop's lowest point below touching the bottom face, m. The loop is the thread between
	// the two stitches' walls, the knot all outside them (which nodes they are changes as the
	// thread slides through).
	heights := func() (knot, loop float64) {
		sut := w.Sutures()
		lowKnot, lowLoop := math.Inf(1), math.Inf(1)
		for i, p := range w.State.Pos {
			switch {
			case i >= sut[0].B && i <= sut[1].A:
				lowLoop = math.Min(lowLoop, p.Z)
			case i <= sut[0].A || i >= sut[1].B:
				lowKnot = math.Min(lowKnot, p.Z)
			}
		}
		return lowKnot - r - top, bottom - r - lowLoop
	}
	// The knot holds the loop drawn tight: its tension stays above 1 mN, 90 times the
	// thread's weight (11 µN).
	const minTension = 1e-3 // N
	// The loop's tension under the slab, as the second stitch reads it where the loop enters
	// it (its A side), the last 21 cycles (the median). (The links next to a stitch are no
	// gauge: implicit holds the thread nearly inextensible, EA ≥ 5e5 N, and reads a link's
	// tension from its strain, so a strain of 2e-6 there read as 1 N.)
	var loopHist [21]float64
	ph := w.Solver.(interface{ Tension(seg int) float64 })
	pullEnd := sutureKnotGrip + sutureKnotPullT // s: the forceps have pulled
	checked := false
	fold, foldAt := math.Inf(1), 0 // the closest a segment and the next but one came, and when
	check := func(when string) {
		knot, loop := heights()
		loopT := median(loopHist[:])
		t.Logf("%s: the loop's tension %.3g N", when, loopT)
		if loopT < minTension {
			t.Errorf("%s: the loop pulls %.3g N; want ≥ %g N (held drawn tight)", when, loopT, minTension)
		}
		t.Logf("%s: the knot %.3f R above the skin, the loop %.3f R below the underside; forceps forces %.3g and %.3g N; %d self-contacts",
			when, knot/r, loop/r, w.Forceps[0].Applied.Norm(), w.Forceps[1].Applied.Norm(), w.Last.SelfContacts)
		if knot > 1.5*r {
			t.Errorf("%s: the knot is %.2f R above the skin; want it resting on it (≤ 1.5 R)", when, knot/r)
		}
		if loop > 1.5*r {
			t.Errorf("%s: the loop hangs %.2f R below the slab; want it drawn up against it (≤ 1.5 R)", when, loop/r)
		}
	}
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
		loopHist[w.Cycle%len(loopHist)] = ph.Tension(w.Sutures()[1].A)
		if s := &w.Last; w.Worst.NonFinite || (!math.IsInf(s.MinSelfGap, 1) && -s.MinSelfGap > 0.25*r) {
			t.Fatalf("cycle %d: non-finite %v, segments overlap by %.3f R", w.Cycle, w.Worst.NonFinite, -s.MinSelfGap/r)
		}
		p := w.State.Pos
		for i := 0; i+3 < len(p); i++ {
			if _, _, d2 := vec.ClosestSegSeg(p[i], p[i+1], p[i+2], p[i+3]); d2 < fold*fold {
				fold, foldAt = math.Sqrt(d2), w.Cycle
			}
		}
		if w.Cycle%25 == 0 {
			if k := knotOf(); k != want {
				t.Fatalf("cycle %d: the knot is %s, want %s", w.Cycle, k, want)
			}
			sut := w.Sutures()
			for i, q := range w.State.Pos {
				inWall := false
				for _, p := range sut {
					inWall = inWall || (i >= p.A && i <= p.B) // in the wall or at its holes (A, B)
				}
				if !inWall && body.Contains(q, 1e-6) {
					t.Fatalf("cycle %d: node %d at %v is inside the slab (sutures %v)", w.Cycle, i, q, sut)
				}
			}
		}
		if !checked && w.Time >= pullEnd-1e-9 {
			checked = true
			if len(w.Forceps[0].Grabbed) == 0 || len(w.Forceps[1].Grabbed) == 0 {
				t.Fatalf("the forceps hold %v and %v at the end of the pull", w.Forceps[0].Grabbed, w.Forceps[1].Grabbed)
			}
			check("pulled")
		}
	}
	if len(w.Forceps[0].Grabbed)+len(w.Forceps[1].Grabbed) != 0 {
		t.Fatalf("the forceps still hold %v and %v at the end", w.Forceps[0].Grabbed, w.Forceps[1].Grabbed)
	}
	check("let go")
	if k := knotOf(); k != want {
		t.Errorf("at the end the knot is %s, want %s", k, want)
	}
	t.Logf("segments one apart came within %.3g R (cycle %d)", fold/r, foldAt)
	if fold < 1.25*r {
		t.Errorf("a segment and the next but one came within %.3g R (cycle %d): the thread folded on itself", fold/r, foldAt)
	}
	t.Logf("length drift %.3g %% at most", 100*w.Worst.LengthDrift)
	if w.Worst.LengthDrift > 0.005 {
		t.Errorf("length drift %.3g %%, want ≤ 0.5 %%", 100*w.Worst.LengthDrift)
	}
}

func TestSutureKnotSceneErrors(t *testing.T) {
	for _, k := range []string{"surgeons", "granny", "bowline", ""} {
		if _, err := SutureKnotScene(k); err == nil {
			t.Errorf("%q: no error", k)
		}
	}
}

// median returns the median of v (which it sorts).
func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}

// BenchmarkSutureSlab: one cycle of the built-in suture-slab (130 links, 360 tetrahedra, two
// forceps tying a square knot), run from the start again whenever it ends; as built, and with
// the slab's friction off (no friction in the stitches or on the skin).
func BenchmarkSutureSlab(b *testing.B) {
	for _, frictionless := range []bool{false, true} {
		name := "as-built"
		if frictionless {
			name = "frictionless"
		}
		b.Run(name, func(b *testing.B) {
			benchBuiltinCycles(b, "suture-slab", func(s *Scene) {
				if frictionless {
					s.Tissues[0].Friction = &MaterialFriction{}
				}
			})
		})
	}
}
