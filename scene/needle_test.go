package scene

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/world"
)

// testdata/pbd/needle_slab.json: the needle takes a bite of the slab, stitches its thread
// through and draws it on through the stitch; no node outside the suture is ever inside the
// slab, and the thread keeps its length.
func TestNeedleScene(t *testing.T) {
	s := sample(t, "needle_slab.json")
	sim, err := Build(s, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	m := &s.Tissues[0].Mesh
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
		outsideSlab(t, w, m)
	}
	n := &w.Needles[0]
	su := w.Sutures()
	t.Logf("%d sutures, at nodes %d…%d; worst length drift %.3g %%; needle force at most %.3g N", n.Sutures, su[0].A, su[0].B, 100*w.Worst.LengthDrift, n.PeakForce)
	if n.Sutures != 1 || len(su) != 1 || su[0].A < 15 {
		t.Fatalf("%d sutures made: %+v; want one with the thread drawn through to node ≥ 15", n.Sutures, su)
	}
	if w.Worst.LengthDrift > 0.005 {
		t.Errorf("worst length drift %.3g %%", 100*w.Worst.LengthDrift)
	}
}

// testdata/pbd/needle_holder.json: a forceps drives the needle (its path has one key: where
// the needle lies until the forceps takes it), lets go of it in the slab, takes it again by
// its tip and draws the thread through: one suture, the thread drawn on through it, no node
// outside the suture ever inside the slab, the length kept, and the needle where the forceps
// put it, not where its path says.
func TestNeedleHolderScene(t *testing.T) {
	s := sample(t, "needle_holder.json")
	sim, err := Build(s, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	m := &s.Tissues[0].Mesh
	grasps, held := 0, false
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
		if h := w.Forceps[0].Needle == 0; h != held {
			held = h
			if h {
				grasps++
			}
		}
		outsideSlab(t, w, m)
	}
	n := &w.Needles[0]
	su := w.Sutures()
	t.Logf("%d grasps of the needle; %d sutures, at nodes %d…%d; worst length drift %.3g %%; holder's force at most %.3g N",
		grasps, n.Sutures, su[0].A, su[0].B, 100*w.Worst.LengthDrift, w.Forceps[0].PeakForce)
	if grasps != 2 || !held {
		t.Errorf("the forceps took the needle %d times (holds it at the end: %v); want 2 and yes", grasps, held)
	}
	if n.Sutures != 1 || len(su) != 1 || su[0].A < 8 {
		t.Fatalf("%d sutures made: %+v; want one with the thread drawn through to node ≥ 8", n.Sutures, su)
	}
	if w.Worst.LengthDrift > 0.005 {
		t.Errorf("worst length drift %.3g %%", 100*w.Worst.LengthDrift)
	}
	if p := s.Needles[0].PoseAt(w.Time); n.Pose.Swage(n.Spec).Dist(p.Swage(n.Spec)) < 1e-3 {
		t.Errorf("the needle's swage ends at %v, where its path holds it: the path drove the held needle", n.Pose.Swage(n.Spec))
	}
}

// outsideSlab fails the test if a node of w not in a suture's wall (nor a needle's node at
// its entry) is inside the slab m.
func outsideSlab(t *testing.T, w *world.World, m *TissueMesh) {
	t.Helper()
	for i, x := range w.State.Pos {
		in := false
		for _, su := range w.Sutures() {
			in = in || (i > su.A && i < su.B) || (i == su.A && su.Lead && i == 0)
		}
		if !in && m.inside(x, 1e-6) {
			t.Fatalf("cycle %d: node %d at %v is inside the slab (sutures %+v)", w.Cycle, i, x, w.Sutures())
		}
	}
}

func TestNeedleSceneErrors(t *testing.T) {
	base := func(needle string) string {
		return `{"dt": 0.001, "duration": 1, "solver": {"type": "implicit"},
		  "ropes": [{"links": 10, "link_length": 0.0005, "radius": 0.0001, "layout": {"type": "straight", "from": [0.0065407, 0.005, 0.0035185], "dir": [0, 0, 1]}}],
		  "needles": [` + needle + `]}`
	}
	key := func(u, v string, angle float64) string {
		return `{"t": 0, "centre": [0.005, 0.005, 0.0028], "u": ` + u + `, "v": ` + v + `, "angle": ` + fmtFloat(angle) + `}`
	}
	good := key("[1, 0, 0]", "[0, 0, 1]", 160*math.Pi/180)
	for _, c := range []struct{ js, want string }{
		{`{"rope": 0, "path": [` + good + `]}`, ""},
		{`{"rope": 1, "path": [` + good + `]}`, "needles[0].rope: index 1 out of range"},
		{`{"rope": 0, "path": []}`, "needles[0].path: needs at least 1 key"},
		{`{"rope": 0, "arc_angle": 7, "path": [` + good + `]}`, "needles[0].arc_angle"},
		{`{"rope": 0, "arc_radius": 0.001, "diameter": 0.002, "path": [` + good + `]}`, "Diameter"},
		{`{"rope": 0, "path": [` + key("[1, 0, 0]", "[2, 0, 0]", 1) + `]}`, "needles[0].path[0].v: must not lie along u"},
		{`{"rope": 0, "path": [` + key("[0, 0, 0]", "[0, 0, 1]", 1) + `]}`, "needles[0].path[0].u: must have length"},
		{`{"rope": 0, "path": [` + key("[1, 0, 0]", "[0, 0, 1]", 0.5) + `]}`, "within a link"},
		{`{"rope": 0, "path": [` + good + `]}, {"rope": 0, "path": [` + good + `]}`, "needles[1].rope: rope 0 already has needles[0]"},
		{`{"rope": 0, "path": [` + good + `], "extra": 1}`, "extra"},
		{`{"rope": 0, "path": [` + good + `, ` + good + `]}`, "needles[0].path[1].t: times must increase (0 after 0)"},
	} {
		s, err := Parse([]byte(base(c.js)))
		if err == nil {
			_, err = Build(s, BuildOptions{})
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.js, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.js, err, c.want)
		}
	}
	s, err := Parse([]byte(strings.Replace(base(`{"rope": 0, "path": [`+good+`]}`), `"implicit"`, `"pbd"`, 1)))
	if err == nil || !strings.Contains(err.Error(), "needles: need the implicit solver") {
		t.Errorf("under pbd: %v, %v", s, err)
	}
}

func fmtFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
