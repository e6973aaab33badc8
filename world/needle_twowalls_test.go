package world_test

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// needleTwoWalls is the anastomosis's stitch taken by the needle (issue 13): two vessel ends
// (the vessel preset with Rayleigh's β = beta, s; 1 mm inner diameter, 0.2 mm wall, 3 mm long,
// 16 × 1 × 6 cells) on the z axis, 0.5 mm apart, each clamped at its far end; their clamps
// then bring them together by 0.26 mm each over 0.1 s (an approximator clamp: 0.02 mm more
// than the gap, the tissues holding each other off). A curved needle of 0.8 mm arc radius
// (135°, 0.06 mm body), in the plane y = 0 with its arc's centre 1.15 mm off the axis at the
// junction, is swaged to a 5 mm silk thread (0.2 mm, 0.2 mm links) lying outward from the
// swage. No gravity. It returns the world, the needle and the two vessels.
func needleTwoWalls(t testing.TB, beta float64) (*world.World, *world.Needle, *tissue.Body, *tissue.Body) {
	t.Helper()
	const gap, approach = 0.5e-3, 0.26e-3
	lo, clo := vesselEnd(t, vec.V3{}, beta, true)
	hi, chi := vesselEnd(t, vec.V3{Z: 3e-3 + gap}, beta, false)
	spec := needle.Spec{ArcRadius: 0.8e-3, ArcAngle: 3 * math.Pi / 4, Diameter: 0.06e-3}
	pose := needle.Pose{Centre: vec.V3{X: 1.15e-3, Z: 3.25e-3}, U: vec.V3{X: 1}, V: vec.V3{Z: -1}, Angle: 105 * math.Pi / 180}
	sw := pose.Swage(spec)
	var pts []vec.V3
	for j := range 26 {
		pts = append(pts, sw.Add(vec.V3{X: float64(j) * 0.2e-3}))
	}
	silk, err := material.Preset("silk-3-0")
	if err != nil {
		t.Fatal(err)
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.1e-3, Link: 0.2e-3, Pos: pts, Material: silk}); err != nil {
		t.Fatal(err)
	}
	w, _ := implicitWorld(t, st)
	w.Gravity = vec.V3{}
	for _, b := range []*tissue.Body{lo, hi} {
		if _, err := w.AddTissue(world.Tissue{Name: "vessel", Body: b, Friction: material.Friction{Static: 0.2, Kinetic: 0.1}}); err != nil {
			t.Fatal(err)
		}
	}
	k, err := w.AddNeedle(world.Needle{Name: "needle", Spec: spec, Pose: pose, Strand: 0})
	if err != nil {
		t.Fatal(err)
	}
	rl, rh := append([]vec.V3(nil), lo.X...), append([]vec.V3(nil), hi.X...)
	for i := 1; i <= 120; i++ {
		m := approach * math.Min(float64(i)/100, 1)
		for _, j := range clo {
			if err := lo.Clamp(j, rl[j].Add(vec.V3{Z: m})); err != nil {
				t.Fatal(err)
			}
		}
		for _, j := range chi {
			if err := hi.Clamp(j, rh[j].Add(vec.V3{Z: -m})); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Step(); err != nil {
			t.Fatalf("approaching, step %d: %v", i, err)
		}
	}
	return w, &w.Needles[k], lo, hi
}

// The needle through both walls of an end-to-end anastomosis (issue 13: "the needle through
// both walls"): driven 290° about its arc's centre at 0.5° a step, its tip goes in through the
// lower vessel's outer wall, out into its lumen, across the junction, into the upper vessel's
// lumen wall and out through its outer wall; the swage follows, and the thread is drawn through
// both walls behind it. With the vessels' β at 0.1 s (the damping TestStitchTwoVessels needs):
// two sutures, the first through the lower vessel and the second through the upper; no node of
// the thread outside them is ever inside a vessel; the two ends never enter each other (they
// were brought 0.02 mm past touching) and end within 0.05 mm; the thread keeps its length
// within 1.5 % (measured 0.99 %); the needle pulls with at most 0.5 N (measured 0.030 N).
// (Before the tissue's complete-factor preconditioner: 1.00 %, from two transients of
// 0.7–1.0 % as the swage left the lower vessel's lumen wall and the upper's outer wall, and
// 0.42 N in one step, as the swage crossed the junction inside the lumen and the thread
// behind it met the joined rims; below 0.05 N in every other step.)
//
// Not yet (measured before the complete-factor preconditioner): at the preset's β (1 ms) the
// same drive makes both sutures but the length strays by 1.96 % and thread nodes enter the
// walls (17 node-steps): the staggered coupling's ringing (TestStitchTwoVessels; still 3.2–4.6 %
// with the preconditioner). (With the ends brought only to 0.04 mm apart: 1.6 % and none at 0.5°
// a step, 3.1 % and 29 at 0.25°.)
func TestNeedleThroughTwoWalls(t *testing.T) {
	w, n, lo, hi := needleTwoWalls(t, 0.1)
	if d := math.Min(w.TissueDistance(0, 1), w.TissueDistance(1, 0)); d < 0 || d > 0.05e-3 {
		t.Fatalf("approximated, the vessel ends are %.4f mm apart; want within 0.05 mm, not inside", d*1e3)
	}
	L0 := w.ThreadLength(0)
	a0 := n.Pose.Angle
	inside, worst := 0, 0.0
	for i := 1; i <= 580; i++ {
		n.Pose.Angle = a0 + float64(i)*0.5*math.Pi/180
		if err := w.Step(); err != nil {
			t.Fatalf("step %d (tip at %.1f°): %v", i, n.Pose.Angle*180/math.Pi, err)
		}
		su := w.Sutures()
		for j, p := range w.State.Pos {
			in := false
			for _, q := range su {
				in = in || (j > q.A && j < q.B) || (j == q.A && q.Lead && j == 0)
			}
			if !in && (lo.Contains(p, 0.01) || hi.Contains(p, 0.01)) {
				inside++
			}
		}
		worst = math.Max(worst, math.Abs(w.ThreadLength(0)/L0-1))
	}
	su := w.Sutures()
	gap := math.Min(w.TissueDistance(0, 1), w.TissueDistance(1, 0))
	t.Logf("%d sutures (%+v); worst length error %.3f %%; thread node-steps inside a vessel %d; the ends %.4f mm apart; needle's peak force %.3g N", n.Sutures, su, 100*worst, inside, gap*1e3, n.PeakForce)
	if n.Sutures != 2 || len(su) != 2 {
		t.Fatalf("%d sutures made, %d in the world; want 2", n.Sutures, len(su))
	}
	if su[0].Surface != w.Tissues[0].Surf() || su[1].Surface != w.Tissues[1].Surf() {
		t.Errorf("the sutures go through surfaces %d and %d; want the lower vessel's (%d), then the upper's (%d)", su[0].Surface, su[1].Surface, w.Tissues[0].Surf(), w.Tissues[1].Surf())
	}
	if inside > 0 {
		t.Errorf("%d node-steps of the thread outside the walls were inside a vessel", inside)
	}
	if gap < 0 || gap > 0.05e-3 {
		t.Errorf("the vessel ends end %.4f mm apart; want within 0.05 mm, not inside each other", gap*1e3)
	}
	if worst > 0.015 {
		t.Errorf("the thread's length strayed by %.3g %%; want ≤ 1.5 %%", 100*worst)
	}
	if n.PeakForce > 0.5 {
		t.Errorf("the needle pulled with up to %.3g N", n.PeakForce)
	}
}
