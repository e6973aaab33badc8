package world_test

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// rotAbout turns p by angle a (rad) about the line through c along unit n (Rodrigues).
func rotAbout(p, c, n vec.V3, a float64) vec.V3 {
	d := p.Sub(c)
	cs, sn := math.Cos(a), math.Sin(a)
	r := d.Scale(cs).Add(n.Cross(d).Scale(sn)).Add(n.Scale(n.Dot(d) * (1 - cs)))
	return c.Add(r)
}

// turnForceps sets f's command to its pose turned by a about the line through c along n.
func turnForceps(f *world.Forceps, c, n vec.V3, a float64) {
	f.Tip = rotAbout(f.Tip, c, n, a)
	f.Axis = rotAbout(f.Axis, vec.V3{}, n, a)
	f.Open = rotAbout(f.Open, vec.V3{}, n, a)
}

// gripAt returns a forceps, open by 1 mm, whose jaws straddle the needle's body at arc angle
// phi (rad, in the needle's pose's frame: U at 0, V at 90°): its axis along axis and its jaws parting along open (units, orthogonal, open ⟂
// the needle there), the body 0.3 mm from the jaws' tip.
func gripAt(w *world.World, k int, phi float64, axis, open vec.V3) world.Forceps {
	nd := &w.Needles[k]
	c, R := nd.Pose.Centre, nd.Spec.ArcRadius
	at := c.Add(nd.Pose.U.Scale(R * math.Cos(phi))).Add(nd.Pose.V.Scale(R * math.Sin(phi)))
	return world.Forceps{Name: "holder", Tip: at.Sub(axis.Scale(0.3e-3)), Axis: axis, Open: open,
		Gap: 1e-3, Geometry: world.DefaultForceps()}
}

// closeOn closes forceps i over steps.
func closeOn(t *testing.T, w *world.World, i int) {
	t.Helper()
	w.Forceps[i].Gap = 0
	for range 20 {
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
}

// A forceps that closes with the needle's body between its jaws holds the needle, not the
// thread; moved, it carries the needle rigidly (the needle's points keep their places in the
// forceps' frame); opened, it leaves the needle where it is. The server and the haptics read
// the needle's pull on the thread as the forceps' force.
func TestForcepsHoldsNeedle(t *testing.T) {
	w, _, k := needleWorldAt(t, 3.8e-3)
	nd := &w.Needles[k]
	c, n := nd.Pose.Centre, nd.Pose.Axis()
	phi := 90 * math.Pi / 180
	i, err := w.AddForceps(gripAt(w, k, phi, vec.V3{Z: 1}, n))
	if err != nil {
		t.Fatal(err)
	}
	f := &w.Forceps[i]
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	if f.Needle != -1 || w.NeedleHolder(k) != -1 {
		t.Fatalf("open: holds needle %d", f.Needle)
	}
	closeOn(t, w, i)
	if f.Needle != k || len(f.Grabbed) != 0 || w.NeedleHolder(k) != i {
		t.Fatalf("closed on the needle's body: holds needle %d and nodes %v", f.Needle, f.Grabbed)
	}
	snap := w.Snapshot(nil)
	if snap.Forceps[i].Needle != k {
		t.Errorf("the snapshot says forceps %d holds needle %d", i, snap.Forceps[i].Needle)
	}
	tip0, swage0 := nd.Pose.Tip(nd.Spec), nd.Pose.Swage(nd.Spec)
	// Turn the forceps by 30° about the needle's arc centre, 0.2° a step (within the jaws'
	// speed limit), then move it 2 mm up: the needle turns and moves with it.
	const steps = 150
	da := 30 * math.Pi / 180 / steps
	for range steps {
		turnForceps(f, c, n, da)
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
	for range 40 {
		f.Tip = f.Tip.Add(vec.V3{Z: 0.05e-3})
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
	up := vec.V3{Z: 2e-3}
	wantTip := rotAbout(tip0, c, n, 30*math.Pi/180).Add(up)
	wantSwage := rotAbout(swage0, c, n, 30*math.Pi/180).Add(up)
	gotTip, gotSwage := nd.Pose.Tip(nd.Spec), nd.Pose.Swage(nd.Spec)
	t.Logf("tip %v (want %v), swage %v (want %v); forceps lag %.3g m; force %v N (needle %v N)", gotTip, wantTip, gotSwage, wantSwage, f.Lag, f.Applied, nd.Applied)
	if e := math.Max(gotTip.Dist(wantTip), gotSwage.Dist(wantSwage)); e > 1e-9 {
		t.Errorf("the needle is %.3g m from where the forceps carried it", e)
	}
	if f.Applied != nd.Applied || nd.Applied == (vec.V3{}) {
		t.Errorf("the forceps reports %v N, the needle %v N", f.Applied, nd.Applied)
	}
	// MoveNeedle on the held needle moves the forceps: the needle turned by 20° more about its
	// arc's centre and lifted 0.5 mm gets there, carried.
	goal := nd.Pose
	goal.Angle += 20 * math.Pi / 180
	goal.Centre = goal.Centre.Add(vec.V3{Z: 0.5e-3})
	if err := w.MoveNeedle(k, goal); err != nil {
		t.Fatal(err)
	}
	for range 200 { // the jaws' hinge, 12 mm from the arc's centre, moves 4 mm at 0.05 mm a step
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
	if f.Needle != k {
		t.Fatal("MoveNeedle: the forceps let go")
	}
	if e := math.Max(nd.Pose.Tip(nd.Spec).Dist(goal.Tip(nd.Spec)), nd.Pose.Swage(nd.Spec).Dist(goal.Swage(nd.Spec))); e > 1e-9 {
		t.Errorf("MoveNeedle: the held needle is %.3g m from the goal (forceps lag %.3g m)", e, f.Lag)
	}
	for _, c := range []struct {
		k    int
		p    needle.Pose
		want string
	}{{5, goal, "needle 5; the world has 1"}, {k, needle.Pose{Centre: goal.Centre, U: vec.V3{X: 1}, V: vec.V3{X: 1}}, "needle \"needle\""}} {
		before := *f
		if err := w.MoveNeedle(c.k, c.p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("MoveNeedle(%d, %+v): %v, want an error with %q", c.k, c.p, err, c.want)
		}
		if f.Tip != before.Tip || f.Axis != before.Axis || f.Open != before.Open {
			t.Errorf("a refused MoveNeedle moved the forceps")
		}
	}
	// Open, and move the forceps away: the needle stays.
	f.Gap = 1e-3
	for range 20 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if f.Needle != -1 || w.NeedleHolder(k) != -1 {
		t.Fatalf("opened: holds needle %d", f.Needle)
	}
	held := nd.Pose
	for range 40 {
		f.Tip = f.Tip.Add(vec.V3{X: 0.05e-3})
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if nd.Pose != held {
		t.Errorf("the released needle moved from %+v to %+v", held, nd.Pose)
	}
	goal.Centre = goal.Centre.Add(vec.V3{X: 1e-3})
	if err := w.MoveNeedle(k, goal); err != nil || nd.Pose != goal {
		t.Errorf("MoveNeedle on a needle nothing holds: %v, pose %+v, want %+v", err, nd.Pose, goal)
	}
}

// A forceps that closes on the thread, away from the needle, holds the thread as before.
func TestForcepsNearNeedleHoldsThread(t *testing.T) {
	w, _, k := needleWorldAt(t, 3.8e-3)
	top := w.State.Pos[len(w.State.Pos)-5]
	i, err := w.AddForceps(world.Forceps{Name: "f", Tip: top.Sub(vec.V3{X: 0.3e-3}), Axis: vec.V3{X: 1}, Open: vec.V3{Y: 1},
		Gap: 1e-3, Geometry: world.DefaultForceps()})
	if err != nil {
		t.Fatal(err)
	}
	closeOn(t, w, i)
	if f := &w.Forceps[i]; f.Needle != -1 || len(f.Grabbed) == 0 || w.NeedleHolder(k) != -1 {
		t.Fatalf("closed on the thread: holds needle %d and nodes %v", f.Needle, f.Grabbed)
	}
}

// The needle holder and a regrasp (issue 13): the forceps holds the needle as a surgeon's
// needle holder does, its jaws across the needle's body and its axis along the needle's
// (normal to the needle's plane), near the swage, and turns it about its arc's centre by 165°
// — the tip into the skin slab and out again —, lets go, takes the needle again by the part of
// its body that came out, near the tip, and turns it on by 180° (the needle stays in the
// tissue while nothing holds it), then pulls it up 4 mm. The swage follows the
// tip through the bite: one suture, its piercings at the arc's crossings of the face, the
// thread's length kept, no node outside the stitch inside the slab.
func TestNeedleHolderRegrasp(t *testing.T) {
	const zc = 3.2e-3 // the arc's centre: the bite spans 225°…315° of the arc (90° of the needle's 135°)
	w, body, k := needleWorldAt(t, zc)
	nd := &w.Needles[k]
	c, n, R := nd.Pose.Centre, nd.Pose.Axis(), nd.Spec.ArcRadius
	L0 := w.ThreadLength(0)
	check := func() {
		t.Helper()
		for i, p := range w.State.Pos {
			inside := false
			for _, su := range w.Sutures() {
				inside = inside || (i > su.A && i < su.B) || (i == su.A && su.Lead && i == 0)
			}
			if !inside && body.Contains(p, 0.01) {
				t.Fatalf("cycle %d: node %d at %v is inside the slab (sutures %+v)", w.Cycle, i, p, w.Sutures())
			}
		}
	}
	turn := func(f *world.Forceps, deg float64) {
		t.Helper()
		// 0.25° a step; at 0.5° the thread's node just past the exit was found 0.06 mm inside
		// the rim that the thread, drawn out at 45°, raises there.
		steps := int(math.Round(deg / 0.25))
		da := deg * math.Pi / 180 / float64(steps)
		for range steps {
			turnForceps(f, c, n, da)
			if err := w.Step(); err != nil {
				t.Fatalf("cycle %d: %v", w.Cycle, err)
			}
			check()
		}
	}
	radial := func(phi float64) vec.V3 { return vec.V3{X: math.Cos(phi), Z: math.Sin(phi)} }
	// Held near the swage (at 50°; the swage is at 25°, the thread rising from it clear of the
	// jaws), the holder's axis along the needle's.
	axis := vec.V3{Y: 1}
	i, err := w.AddForceps(gripAt(w, k, 50*math.Pi/180, axis, radial(50*math.Pi/180)))
	if err != nil {
		t.Fatal(err)
	}
	f := &w.Forceps[i]
	closeOn(t, w, i)
	if f.Needle != k {
		t.Fatalf("the holder does not hold the needle (holds %d, nodes %v)", f.Needle, f.Grabbed)
	}
	a0 := nd.Pose.Angle
	turn(f, 165)
	if d := nd.Pose.Angle - a0; math.Abs(d) > 1e-9 {
		t.Logf("angle moved by %v", d) // the pose's frame turns, its angle stays
	}
	tipOut := nd.Pose.Tip(nd.Spec)
	if tipOut.Z < 2e-3 || nd.Sutures != 0 {
		t.Fatalf("after the first drive the tip is at %v, %d sutures", tipOut, nd.Sutures)
	}
	// Let go and back off: the needle stays in the tissue.
	f.Gap = 1e-3
	for range 20 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		check()
	}
	if f.Needle != -1 {
		t.Fatal("opened, the forceps still holds the needle")
	}
	parked := nd.Pose
	// Take the needle again by its body 5° behind the tip (out of the slab, 0.15 mm of arc
	// from the tip).
	tipPhi := math.Atan2(tipOut.Z-c.Z, tipOut.X-c.X)
	at := c.Add(radial(tipPhi - 5*math.Pi/180).Scale(R))
	f.Tip, f.Axis, f.Open, f.Gap = at.Sub(axis.Scale(0.3e-3)), axis, radial(tipPhi-5*math.Pi/180), 1e-3
	for range 200 { // the jaws travel there at their speed limit
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if nd.Pose != parked {
		t.Fatalf("the needle moved while nothing held it: %+v → %+v", parked, nd.Pose)
	}
	closeOn(t, w, i)
	if f.Needle != k {
		t.Fatalf("the regrasp missed the needle (holds %d, nodes %v; lag %.3g m)", f.Needle, f.Grabbed, f.Lag)
	}
	turn(f, 180)
	su := w.Sutures()
	if nd.Sutures != 1 || len(su) != 1 {
		t.Fatalf("%d sutures made, %d in the world: %+v", nd.Sutures, len(su), su)
	}
	at3 := func(q int32, b [3]float64) vec.V3 {
		tr := body.Mesh.Surf[q]
		return body.X[tr[0]].Scale(b[0]).Add(body.X[tr[1]].Scale(b[1])).Add(body.X[tr[2]].Scale(b[2]))
	}
	in, out := at3(su[0].In.Tri, su[0].In.Bary), at3(su[0].Out.Tri, su[0].Out.Bary)
	phiIn := math.Asin((2e-3 - zc) / R)                            // the face z = 2 mm: 224.9° and 315.1°
	wantOut := vec.V3{X: c.X - R*math.Cos(phiIn), Y: c.Y, Z: 2e-3} // the entry, where the thread leaves
	wantIn := vec.V3{X: c.X + R*math.Cos(phiIn), Y: c.Y, Z: 2e-3}
	drift := math.Abs(w.ThreadLength(0)/L0 - 1)
	t.Logf("suture nodes %d…%d; piercings %v (want %v), %v (want %v); length drift %.3g %% (worst %.3g %%); holder's force %.3g N, peak %.3g N",
		su[0].A, su[0].B, in, wantIn, out, wantOut, 100*drift, 100*w.Worst.LengthDrift, f.Applied.Norm(), f.PeakForce)
	if d := math.Max(in.Dist(wantIn), out.Dist(wantOut)); d > 0.05e-3 {
		t.Errorf("the piercings are %.3f mm from the arc's crossings of the face", 1e3*d)
	}
	if w.Worst.LengthDrift > 0.005 {
		t.Errorf("worst length drift %.3g %%, more than the issue's 0.5 %%", 100*w.Worst.LengthDrift)
	}
	// Pull the needle up 4 mm by the holder: the thread is drawn on through the stitch.
	for range 80 {
		f.Tip = f.Tip.Add(vec.V3{Z: 0.05e-3})
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
		check()
	}
	su = w.Sutures()
	t.Logf("pulled 4 mm: suture nodes %d…%d, worst length drift %.3g %%, holder's peak force %.3g N", su[0].A, su[0].B, 100*w.Worst.LengthDrift, f.PeakForce)
	if su[0].A < 6 {
		t.Errorf("the suture is at nodes %d…%d: the pull should have drawn 4 mm (8 links) through", su[0].A, su[0].B)
	}
	if w.Worst.LengthDrift > 0.005 {
		t.Errorf("worst length drift %.3g %%, more than the issue's 0.5 %%", 100*w.Worst.LengthDrift)
	}
	if f.PeakForce == 0 || f.PeakForce > 0.05 {
		t.Errorf("the holder's peak force is %.3g N", f.PeakForce)
	}
}
