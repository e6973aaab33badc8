package world_test

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// twoVessels is the anastomosis's stitch before the knot (issue 13): two cut ends of a 1 mm
// vessel (the vessel preset with Rayleigh's β = beta, s, or env KNOTSIM_TV_BETA's; 0.2 mm
// wall, 3 mm long, 16 × 1 × 6 cells) on one axis (z), 0.5 mm apart, each clamped 3 mm back
// from its cut end and free at it; a 0.2 mm silk suture (the thesis's thickness, 0.2 mm links) laid in through the lower end's
// wall 0.5 mm from its cut, 0.3 mm up its lumen, across the gap and up the other lumen, and out
// through the upper end's wall 0.5 mm from its cut: two stitches, the stitches' friction on
// (μ 0.2/0.1). Both tails (1.6 mm, radial) are pulled outward with f, N. Gravity off. With
// env KNOTSIM_TV_SEED = n > 0 the thread's nodes are first moved by at most 1 nm (seeded).
func twoVessels(t testing.TB, beta, f float64) (w *world.World, s interface{ LastSubsteps() int }, lo, hi *tissue.Body) {
	t.Helper()
	const gap, link, bite, xin = 0.5e-3, 0.2e-3, 0.5e-3, 0.2e-3
	if b := os.Getenv("KNOTSIM_TV_BETA"); b != "" {
		v, err := strconv.ParseFloat(b, 64)
		if err != nil || !(v >= 0) || math.IsInf(v, 0) {
			t.Fatalf("KNOTSIM_TV_BETA %q: want Rayleigh's β ≥ 0, s", b)
		}
		beta = v
	}
	lo, _ = vesselEnd(t, vec.V3{}, beta, true)
	hi, _ = vesselEnd(t, vec.V3{Z: 3e-3 + gap}, beta, false)
	zin := 3e-3 - bite
	nx := int(math.Round((2e-3 - xin) / link))
	nz := int(math.Round((gap + 2*bite) / link))
	var pts []vec.V3
	for i := nx; i >= 0; i-- {
		pts = append(pts, vec.V3{X: xin + float64(i)*link, Y: 0.01e-3, Z: zin})
	}
	for i := 1; i < nz; i++ {
		pts = append(pts, vec.V3{X: xin, Y: 0.01e-3, Z: zin + float64(i)*link})
	}
	for i := 0; i <= nx; i++ {
		pts = append(pts, vec.V3{X: xin + float64(i)*link, Y: 0.01e-3, Z: zin + float64(nz)*link})
	}
	if seed := os.Getenv("KNOTSIM_TV_SEED"); seed != "" && seed != "0" {
		v, err := strconv.Atoi(seed)
		if err != nil || v < 0 {
			t.Fatalf("KNOTSIM_TV_SEED %q: want a seed ≥ 0", seed)
		}
		rng := rand.New(rand.NewPCG(uint64(v), 1))
		for i := range pts {
			pts[i] = pts[i].Add(vec.V3{X: rng.Float64() - 0.5, Y: rng.Float64() - 0.5, Z: rng.Float64() - 0.5}.Scale(1e-9))
		}
	}
	silk, err := material.Preset("silk-3-0")
	if err != nil {
		t.Fatal(err)
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.1e-3, Link: link, Pos: pts, Material: silk}); err != nil {
		t.Fatal(err)
	}
	w, sol := implicitWorld(t, st)
	w.Gravity = vec.V3{}
	for _, b := range []*tissue.Body{lo, hi} {
		ti, err := w.AddTissue(world.Tissue{Name: "vessel", Body: b, Friction: material.Friction{Static: 0.2, Kinetic: 0.1}})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := w.AddSutures(0, w.Tissues[ti].Surf()); err != nil || n != 1 {
			t.Fatalf("AddSutures: %d, %v", n, err)
		}
	}
	n := len(pts)
	w.AddTool(world.Tool{Name: "lower tail", Node: 0, Active: true, Mode: solver.HoldForce, Force: vec.V3{X: f}})
	w.AddTool(world.Tool{Name: "upper tail", Node: n - 1, Active: true, Mode: solver.HoldForce, Force: vec.V3{X: f}})
	return w, sol, lo, hi
}

// A suture through the walls of two vessel ends, pulled at both tails with 0.02 N for 0.5 s
// (twoVessels; the anastomosis's stitch before its knot), with the vessels' Rayleigh β raised
// to 0.1 s: no step fails, the thread keeps its length within 0.25 % after the first 20 steps
// (measured 0.13 %; 0.10–0.18 % with the thread moved by ≤ 1 nm, seeds 1–8 of env
// KNOTSIM_TV_SEED; the first steps draw the tails' right-angled turns round), and no node of
// the thread outside the walls is ever inside a vessel (none in any seed). (Before the
// staggered coupling used the tissue's true give and change of load, at 1a7411d, it strayed
// by 0.62 % with 12 node-steps inside, and at β = 0.01 s the 43rd step needed more than 1,000
// substeps.)
//
// Not yet: at lower damping the stitch rings (env KNOTSIM_TV_BETA sets β, s). The free ends
// settle to a new load within a step, and the staggered coupling (the thread stepped against
// the vessels as they are, the vessels then with its reactions) over-corrects: the ends flip
// sideways from step to step and swing with a period of 8–10 steps. Over seeds 0–8 the length
// strays by up to 0.35–0.59 % at β = 0.03 s, 0.78–1.42 % at 0.01 s, and nodes enter a vessel
// (up to 5 and 7 node-steps); at the preset's 1 ms, 4.8 % with 113 (seed 0; with steps of
// 0.25 ms instead of 1 ms, 1.0 %). Tried and dropped (BENCHMARKS.md): each stitch's give from
// the whole vessel end's answer to its pull (one CG solve, 11 ms; better only when solved
// every step), the tissue's lateral give expected to change only with the load, its bound
// from above, and the stitches' give as the full 6×6 of the two piercings in series with the
// thread (more nodes inside the walls).
func TestStitchTwoVessels(t *testing.T) {
	if testing.Short() {
		t.Skip("0.5 s of two vessels: not in -short")
	}
	w, s, lo, hi := twoVessels(t, 0.1, 0.02)
	L0 := w.ThreadLength(0)
	worst, subs, inside := 0.0, 0, 0
	in := make([]bool, len(w.State.Pos))
	for step := 1; step <= 500; step++ {
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		subs += s.LastSubsteps()
		if step > 20 {
			worst = math.Max(worst, math.Abs(w.ThreadLength(0)/L0-1))
		}
		clear(in)
		for _, p := range w.Sutures() {
			for i := p.A + 1; i < p.B; i++ {
				in[i] = true // parked inside the wall by design
			}
		}
		for i, p := range w.State.Pos {
			if !in[i] && (lo.Contains(p, 1e-9) || hi.Contains(p, 1e-9)) {
				inside++
			}
		}
	}
	t.Logf("length within %.3f %% after step 20; %.1f substeps a step; thread nodes inside a vessel: %d", 100*worst, float64(subs)/500, inside)
	if worst > 0.0025 {
		t.Errorf("the thread's length strayed by %.3g %%; want ≤ 0.25 %%", 100*worst)
	}
	if inside > 0 {
		t.Errorf("%d times a node of the thread outside the walls was inside a vessel", inside)
	}
}
