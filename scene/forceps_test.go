package scene

import (
	"math"
	"strings"
	"testing"
)

// testdata/pbd/forceps_lift.json: two forceps close on a suture on a table, lift it and hold it
// up, each carrying half its weight; then the right one opens and the suture hangs from the
// left, its right side falling.
func TestForcepsScene(t *testing.T) {
	s := sample(t, "forceps_lift.json")
	sim, err := Build(s, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	for w.Time < 1.5-1e-9 {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	l, r := &w.Forceps[0], &w.Forceps[1]
	if len(l.Grabbed) != 1 || len(r.Grabbed) != 1 || l.Grabbed[0] != 10 || r.Grabbed[0] != 50 {
		t.Fatalf("grabbed %v and %v, want [10] and [50]", l.Grabbed, r.Grabbed)
	}
	str := w.State.Strands[0]
	weight := str.Material.Density * math.Pi * str.Radius * str.Radius * 30e-3 * 9.81
	t.Logf("at 1.5 s: forces %.4g and %.4g N, weight %.4g N", l.Applied, r.Applied, weight)
	for _, f := range []float64{l.Applied.Z, r.Applied.Z} {
		if math.Abs(f-weight/2)/weight > 0.05 {
			t.Errorf("a forceps carries %.4g N, want half the weight %.4g N", f, weight/2)
		}
	}
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if len(r.Grabbed) != 0 || len(l.Grabbed) != 1 {
		t.Errorf("after the right opened: grabbed %v and %v, want [10] and []", l.Grabbed, r.Grabbed)
	}
	if z := w.State.Pos[60].Z; z > 12e-3 {
		t.Errorf("the right end is %.2f mm up 0.9 s after it was let go; it should have fallen", 1e3*z)
	}
	if w.Worst.LengthDrift > 0.01 {
		t.Errorf("length drift %.3g %%", 100*w.Worst.LengthDrift)
	}
}

// Under implicit, the right forceps of forceps_lift.json closes on a node resting 2.5 nm deep
// in the table: held there, the grasp and the table fought with 0.025 N (2,000 times the
// thread's weight) until the lift; held where the table lets it be, the forceps feels the
// thread's weight only.
func TestForcepsClosesOnTable(t *testing.T) {
	sim, err := Build(sample(t, "forceps_lift.json"), BuildOptions{Solver: "implicit"})
	if err != nil {
		t.Fatal(err)
	}
	w := sim.World
	str := w.State.Strands[0]
	weight := str.Material.Density * math.Pi * str.Radius * str.Radius * 30e-3 * 9.81
	for w.Time < 0.05-1e-9 { // closed at 0.041 s; the lift starts at 0.05 s
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
		for _, f := range w.Forceps {
			if n := f.Applied.Norm(); n > weight {
				t.Fatalf("cycle %d: forceps %s pulls with %.3g N closing on a thread at rest (weight %.3g N)", w.Cycle, f.Name, n, weight)
			}
		}
	}
	if len(w.Forceps[1].Grabbed) != 1 {
		t.Fatalf("the right forceps holds %v", w.Forceps[1].Grabbed)
	}
}

func TestForcepsSceneErrors(t *testing.T) {
	for _, c := range []struct{ edit, want string }{
		{`"axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0.001}`, ""},
		{`"axis": [0, 0, 0], "open": [0, 1, 0], "gap": 0.001}`, "forceps[0].path[0].axis: must have length"},
		{`"axis": [0, 0, 1], "open": [0, 0, 2], "gap": 0.001}`, "forceps[0].path[0].open: must not lie along axis"},
		{`"axis": [0, 0, 1], "open": [0, 1, 0], "gap": -0.001}`, "forceps[0].path[0].gap"},
		{`"axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0.001, "extra": 1}`, "extra"},
		{`"axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0.001}, {"t": 0, "tip": [0, 0, 0.01], "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0}`,
			"forceps[0].path[1].t: times must increase (0 after 0)"},
	} {
		js := `{"dt": 0.001, "duration": 1, "solver": {"type": "pbd"},
		  "ropes": [{"links": 10, "link_length": 0.001, "radius": 0.0001, "layout": {"type": "straight"}}],
		  "forceps": [{"radius": 0.0002, "path": [{"t": 0, "tip": [0, 0, 0.01], ` + c.edit + `]}]}`
		s, err := Parse([]byte(js))
		if err == nil {
			_, err = Build(s, BuildOptions{})
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.edit, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.edit, err, c.want)
		}
	}
	for _, c := range []struct{ js, want string }{
		{`"solver": {"type": "ftl"}`, "forceps: need a physical solver"},
		{`"solver": {"type": "pbd"}, "x": 0`, "x"},
	} {
		js := `{"dt": 0.001, "duration": 1, ` + c.js + `,
		  "ropes": [{"links": 10, "link_length": 0.001, "radius": 0.0001, "layout": {"type": "straight"}}],
		  "forceps": [{"radius": 0.02, "path": [{"t": 0, "tip": [0, 0, 0.01], "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0}]}]}`
		if _, err := Parse([]byte(js)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.js, err, c.want)
		}
	}
	for _, c := range []struct{ stiff, want string }{
		{"30", ""}, {"0", ""}, {"-1", "forceps[0].stiffness: must be ≥ 0 N/m"}, {"2e7", "forceps[0].stiffness: must be ≤ 1e+07 N/m"},
	} {
		js := `{"dt": 0.001, "duration": 1, "solver": {"type": "pbd"},
		  "ropes": [{"links": 10, "link_length": 0.001, "radius": 0.0001, "layout": {"type": "straight"}}],
		  "forceps": [{"stiffness": ` + c.stiff + `, "path": [{"t": 0, "tip": [0, 0, 0.01], "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0}]}]}`
		s, err := Parse([]byte(js))
		if err == nil {
			var sim *Sim
			if sim, err = Build(s, BuildOptions{}); err == nil && sim.World.Forceps[0].Stiffness != s.Forceps[0].Stiffness {
				t.Errorf("stiffness %s: the world's forceps has %v", c.stiff, sim.World.Forceps[0].Stiffness)
			}
		}
		switch {
		case c.want == "" && err != nil:
			t.Errorf("stiffness %s: %v", c.stiff, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("stiffness %s: error %v, want %q", c.stiff, err, c.want)
		}
	}
}
