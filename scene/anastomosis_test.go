package scene

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// stitchGap returns the gap between the two vessel ends at a stitch, m: the least distance
// from a node of the left end's cut face within 45° of the stitch's side (side +1: above,
// −1: below) to the right end's surface.
func stitchGap(w *world.World, side float64) float64 {
	l, r := w.Tissues[0].Body, w.Tissues[1].Body
	cut := math.Inf(-1) // the left end's cut face: its nodes' largest x at rest
	for _, p := range l.Mesh.Nodes {
		cut = math.Max(cut, p.X)
	}
	gap := math.Inf(1)
	for i, p := range l.Mesh.Nodes {
		if math.Abs(p.X-cut) > 1e-9 || side*p.Z < math.Cos(math.Pi/4)*math.Hypot(p.Y, p.Z) {
			continue
		}
		gap = math.Min(gap, surfaceDist(r, l.X[i]))
	}
	return gap
}

// The built-in anastomosis (issue 13; seed 003 §4.2.4, Fig. 4.7): two vessel ends 0.2 mm
// apart, two interrupted stitches 180° apart, each tied with a square knot by two forceps.
// The issue asks: "the vessel ends touch at each stitch after tying (gap ≤ 0.05 mm), each knot
// is identified by name, no thread vertex is ever inside tissue, nothing tunnels". Checked:
//   - every 25 cycles, each thread's knot is the square knot (3_1 # m3_1): a pass-through
//     would change it;
//   - every cycle (1 ms), no thread node outside its stitches' wall spans is inside either end;
//   - every cycle, no NaN and no two segments overlapping by more than 0.25 R (measured
//     0.12 R; before the implicit solver kept the contacts at a stitch's entry node, the
//     knot sank into the thread there: 0.26 R by cycle 181, 0.38 R with one stitch);
//   - the thread's length within 0.5 % (measured 0.15 %);
//   - at the start the ends are over 0.15 mm apart at both stitches; when the forceps have
//     pulled, and 0.3 s after they let go, both gaps are ≤ 0.05 mm (measured 0.025–0.031 mm;
//     the tissue contact acts from 0.04 mm, a tenth of the mean surface edge), the forceps hold nothing at the
//     end, and the knots are still square knots.
//
// Not in -short runs (the race detector's: the scene steps on one goroutine; 34 s without it).
func TestAnastomosis(t *testing.T) {
	if testing.Short() {
		t.Skip("34 s of one goroutine's stepping; run without -short")
	}
	checkAnastomosis(t, "anastomosis", AnaThesis, 0.005)
}

// The built-in anastomosis-10-0: the same with a true-size suture, 10-0 nylon of 0.025 mm
// (the issue: "Again with a true-size suture (diameter ≤ 0.03 mm)"), stepped overdamped at
// 0.25 ms (AnaTrueSize says why). The same checks, at the same times (every 100 and 4 cycles,
// and every cycle), but
// one:
//   - the thread's length within 1 % (measured 0.83 %: the stitches' route through the walls,
//     which the free vessel ends' give draws out).
//
// No node outside its walls is inside tissue at any cycle. Before the world held the tissue's
// step off the thread (world.ThreadHold), in the first 35 ms, while the laid knots relax and the
// stitches first pull, the tissue's step moved the tented wall round a stitch's exit over the
// node next to it, up to 1.33 R deep (16.7 µm), and the rope's next step took it out.
//
// Not in -short runs (about 150 s of one goroutine's stepping; parallel with
// TestAnastomosisSurgeonsTrueSize, so that the package's two longest tests share the cores).
func TestAnastomosisTrueSize(t *testing.T) {
	if testing.Short() {
		t.Skip("about 150 s of one goroutine's stepping; run without -short")
	}
	t.Parallel()
	checkAnastomosis(t, "anastomosis-10-0", AnaTrueSize, 0.01)
}

// The built-in anastomosis-surgeons-10-0: the true-size anastomosis tied with surgeon's knots
// (threads of 144 links, AnaSurgeonsTrueSize). The checks of TestAnastomosisTrueSize, the knots
// named as in TestAnastomosisSurgeons, and "surgeon's knot" at the end. Measured when it was
// added: gaps 0.034–0.035 mm when pulled and 0.032 mm after the let-go, segments overlapping
// by 0.108 R at most, the length within 0.69 %, 4 of the 4,800 tissue steps taken again.
//
// Not in -short runs (205 s of one goroutine's stepping on a shared 2-core machine; parallel
// with TestAnastomosisTrueSize).
func TestAnastomosisSurgeonsTrueSize(t *testing.T) {
	if testing.Short() {
		t.Skip("about 200 s of one goroutine's stepping; run without -short")
	}
	t.Parallel()
	sim := buildBuiltin(t, "anastomosis-surgeons-10-0")
	checkAnastomosisSim(t, sim, AnaSurgeonsTrueSize, 0.01, 2, "3_1 # m5_1", "m3_1 # 5_1")
	checkPracticalName(t, sim.World, "surgeon's knot")
}

// The built-in anastomosis-surgeons: the thesis's anastomosis tied with surgeon's knots (the
// issue: "each tied with a surgeon's or square knot"), a reef whose first throw has two turns,
// on threads of 108 links (AnaSurgeons). The same checks as TestAnastomosis, the knots named
// 3_1 # m5_1 above and its mirror image below (the lower stitch is the upper mirrored). Measured
// when it was added: gaps 0.032–0.034 mm when pulled and after the let-go, segments overlapping
// by 0.07 R at most, the length within 0.043 %.
//
// Not in -short runs (one goroutine's stepping, about 15 s).
func TestAnastomosisSurgeons(t *testing.T) {
	if testing.Short() {
		t.Skip("about 15 s of one goroutine's stepping; run without -short")
	}
	sim := buildBuiltin(t, "anastomosis-surgeons")
	checkAnastomosisSim(t, sim, AnaSurgeons, 0.005, 2, "3_1 # m5_1", "m3_1 # 5_1")
	// Both stitches get the practical name at the end. The lower one's knot (the upper's
	// mirror image) needs end stretches of 44 of its 108 links: knot's bend test allows
	// 5/12 of the rope (45) since this was checked, 2/5 (43) before, which named the upper
	// stitch only.
	checkPracticalName(t, sim.World, "surgeon's knot")
}

// checkPracticalName checks that each thread of w is a knot of that practical name.
func checkPracticalName(t *testing.T, w *world.World, want string) {
	t.Helper()
	for k, str := range w.State.Strands {
		r, err := knot.Identify(w.State.Pos[str.First:str.First+str.Nodes], knot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("stitch %d: %s, practical name %q (%s)", k, r.Short, r.Practical, r.PracticalWhy)
		if r.Practical != want {
			t.Errorf("stitch %d (%s) is named %q, want %q", k, r.Short, r.Practical, want)
		}
	}
}

// checkAnastomosis runs the built-in anastomosis name, sewn with th, to its end and checks
// what TestAnastomosis says, the thread's length within drift.
func checkAnastomosis(t *testing.T, name string, th AnaThread, drift float64) {
	checkAnastomosisSim(t, buildBuiltin(t, name), th, drift, 2, "3_1 # m3_1")
}

// checkAnastomosisSim runs sim, an anastomosis of stitches stitches sewn with th, each tied
// with a knot whose closure is one of want (a chiral knot: it and its mirror image, the lower
// stitch being the upper's mirrored), as checkAnastomosis.
func checkAnastomosisSim(t *testing.T, sim *Sim, th AnaThread, drift float64, stitches int, want ...string) {
	w := sim.World
	r := th.Radius
	every := func(n int) bool { return w.Cycle%int(math.Round(float64(n)*sutureKnotDt/th.Dt)) == 0 }
	identify := live.WorldIdentifier(w.Obstacles)
	var snap world.Snapshot
	checkKnots := func(when string) {
		t.Helper()
		for k, name := range identify(w.Snapshot(&snap)).Ropes {
			if !slices.Contains(want, name) {
				t.Fatalf("%s: stitch %d's knot is %s, want %s", when, k, name, strings.Join(want, " or "))
			}
		}
	}
	checkKnots("as laid")
	if n := len(w.Sutures()); n != 2*stitches {
		t.Fatalf("%d sutures, want %d (each thread through both ends' walls)", n, 2*stitches)
	}
	sides := []float64{1, -1}[:stitches]
	gaps := func() (g []float64) {
		for _, sd := range sides {
			g = append(g, stitchGap(w, sd))
		}
		return g
	}
	for k, g := range gaps() {
		if g < 0.15e-3 {
			t.Fatalf("the ends start %.3g mm apart at stitch %d; want > 0.15 mm", g*1e3, k)
		}
	}
	closed := func(when string) {
		t.Helper()
		g := gaps()
		var mm, fs []string
		for _, x := range g {
			mm = append(mm, fmt.Sprintf("%.4f", x*1e3))
		}
		for _, f := range w.Forceps {
			fs = append(fs, fmt.Sprintf("%.3g", f.Applied.Norm()))
		}
		t.Logf("%s: gaps at the stitches %s mm; forceps forces %s N", when, strings.Join(mm, " and "), strings.Join(fs, " "))
		for k := range g {
			if !(g[k] <= 0.05e-3) {
				t.Errorf("%s: the ends are %.4f mm apart at stitch %d; want ≤ 0.05 mm (touching)", when, g[k]*1e3, k)
			}
		}
	}
	worst := 0.0
	pulled := false
	retaken := 0 // steps whose tissue step was taken again (world.ThreadHold)
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
		if w.Retakes > 0 {
			retaken++
		}
		s := &w.Last
		if w.Worst.NonFinite {
			t.Fatalf("cycle %d: non-finite state", w.Cycle)
		}
		if !math.IsInf(s.MinSelfGap, 1) {
			worst = math.Max(worst, -s.MinSelfGap)
			if -s.MinSelfGap > 0.25*r {
				t.Fatalf("cycle %d: segments overlap by %.3f R", w.Cycle, -s.MinSelfGap/r)
			}
		}
		if every(1) {
			sut := w.Sutures()
			for i, q := range w.State.Pos {
				inWall := false
				for _, p := range sut {
					inWall = inWall || (i >= p.A && i <= p.B) // global nodes: in the wall or at its holes
				}
				for ti := range w.Tissues {
					if !inWall && w.Tissues[ti].Body.Contains(q, 1e-6) {
						d := surfaceDist(w.Tissues[ti].Body, q)
						t.Fatalf("cycle %d: node %d at %v is %.3g R inside %s (sutures %v)", w.Cycle, i, q, d/r, w.Tissues[ti].Name, sut)
					}
				}
			}
		}
		if every(25) {
			checkKnots(fmt.Sprint("cycle ", w.Cycle))
		}
		if !pulled && w.Time >= sutureKnotGrip+anaPullT-1e-9 {
			pulled = true
			closed("pulled")
		}
	}
	for _, f := range w.Forceps {
		if len(f.Grabbed) != 0 {
			t.Fatalf("forceps %s still holds %v at the end", f.Name, f.Grabbed)
		}
	}
	closed("let go")
	checkKnots("at the end")
	t.Logf("segments overlapped by %.3g R at most; length drift %.3g %% at most; %d of %d steps took the tissue step again", worst/r, 100*w.Worst.LengthDrift, retaken, w.Cycle)
	if w.Worst.LengthDrift > drift {
		t.Errorf("length drift %.3g %%, want ≤ %.3g %%", 100*w.Worst.LengthDrift, 100*drift)
	}
}

func TestAnastomosisSceneErrors(t *testing.T) {
	for _, c := range []struct {
		knot     string
		stitches int
	}{{"surgeons", 2}, {"granny", 2}, {"bowline", 2}, {"", 2}, {"reef", 0}, {"reef", 3}, {"reef", -1}} {
		if _, err := AnastomosisScene(c.knot, c.stitches); err == nil {
			t.Errorf("%q, %d stitches: no error", c.knot, c.stitches)
		}
	}
	if s, err := AnastomosisScene("reef", 1); err != nil || len(s.Ropes) != 1 || len(s.Forceps) != 2 {
		t.Errorf("one stitch: %v", err)
	}
	// A bad thread is refused, naming what is wrong.
	for _, c := range []struct {
		name string
		edit func(*AnaThread)
		want string
	}{
		{"no step", func(th *AnaThread) { th.Dt = 0 }, "dt"},
		{"NaN radius", func(th *AnaThread) { th.Radius = math.NaN() }, "radius"},
		{"too few links", func(th *AnaThread) { th.Links = 20 }, "too few"},
		{"unknown preset", func(th *AnaThread) { th.Preset = "hemp" }, "unknown preset"},
		{"negative hand", func(th *AnaThread) { th.Grip = -1 }, "stiffness"},
		{"negative viscosity", func(th *AnaThread) { th.Viscosity = -1 }, "viscosity"},
		{"NaN pull", func(th *AnaThread) { th.Pull = math.NaN() }, "tip"},
	} {
		th := AnaTrueSize
		c.edit(&th)
		_, err := AnastomosisSceneWith("reef", 2, th)
		t.Logf("%s: %v", c.name, err)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %q", c.name, err, c.want)
		}
	}
	if s, err := AnastomosisSceneWith("reef", 2, AnaTrueSize); err != nil || s.Name != "anastomosis-10-0" || s.Solver.Scheme != "overdamped" || s.Forceps[0].Stiffness != 30 {
		t.Errorf("the true-size scene: %v", err)
	}
}

// surfaceDist returns the distance from p to b's surface as it is now, m.
func surfaceDist(b *tissue.Body, p vec.V3) float64 {
	d := math.Inf(1)
	for _, f := range b.Mesh.Surf {
		_, d2 := vec.ClosestPointTri(p, b.X[f[0]], b.X[f[1]], b.X[f[2]])
		d = math.Min(d, math.Sqrt(d2))
	}
	return d
}

// BenchmarkAnastomosis: one cycle of the built-in anastomosis (two vessel ends of 576 nodes
// together, two threads of 84 links, four forceps tying two square knots), run from the start
// again whenever it ends.
func BenchmarkAnastomosis(b *testing.B) {
	b.ReportAllocs()
	benchBuiltinCycles(b, "anastomosis", nil)
}

// BenchmarkAnastomosisTrueSize: the same with the true-size suture (anastomosis-10-0: two
// threads of 120 links of 0.025 mm, stepped overdamped; a cycle is 0.25 ms).
func BenchmarkAnastomosisTrueSize(b *testing.B) {
	b.ReportAllocs()
	benchBuiltinCycles(b, "anastomosis-10-0", nil)
}

// benchBuiltinCycles times one cycle of the built-in scene name (changed by edit first, when
// not nil), building it again, untimed, whenever it ends.
func benchBuiltinCycles(b *testing.B, name string, edit func(*Scene)) {
	build := func() *Sim {
		s, err := Builtin(name)
		if err != nil {
			b.Fatal(err)
		}
		if edit != nil {
			edit(s)
		}
		sim, err := Build(s, BuildOptions{})
		if err != nil {
			b.Fatal(err)
		}
		return sim
	}
	sim := build()
	b.ResetTimer()
	for b.Loop() {
		if sim.Done() {
			b.StopTimer()
			sim = build()
			b.StartTimer()
		}
		if err := sim.Step(); err != nil {
			b.Fatal(err)
		}
	}
}
