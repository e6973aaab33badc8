package knot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/knot/curve"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
)

// Issue 14: practical names of bends tied in the simulator. The five knot-security scenes tie
// a loop of thread with a reef, granny, thief, grief or surgeon's knot. Their ropes as laid out
// (scene.Build, before any step) and as the simulator left them at the end of the scene
// (testdata/tied/security-*.xyz: `knotsim run -curve F security-NAME`, solver implicit, 2.5 s
// simulated), and the mirror image of each, are named by the bend; the knots tied in the
// middle of a rope (the overhand, square, 7_1 and overhand+figure-eight scenes pulled tight)
// get no practical name — their type is the name.
func TestPracticalNames(t *testing.T) {
	want := map[string]string{
		"reef": "square (reef) knot", "granny": "granny knot", "thief": "thief knot",
		"grief": "grief knot", "surgeons": "surgeon's knot",
	}
	for name, practical := range want {
		sc, err := scene.Builtin("security-" + name)
		if err != nil {
			t.Fatal(err)
		}
		sim, err := scene.Build(sc, scene.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		laid := append([]vec.V3(nil), sim.World.State.Pos...)
		data, err := os.ReadFile(filepath.Join("testdata", "tied", "security-"+name+".xyz"))
		if err != nil {
			t.Fatal(err)
		}
		c, err := curve.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		tied := c.Components[0]
		for _, tc := range []struct {
			what string
			pts  []vec.V3
		}{
			{"laid", laid}, {"tied", tied}, {"laid, mirrored", mirrored(laid)}, {"tied, mirrored", mirrored(tied)},
		} {
			r, err := knot.Identify(tc.pts, knot.Options{})
			if err != nil || r.Practical != practical || !strings.Contains(r.PracticalWhy, "two ends together") {
				t.Errorf("security-%s %s: %q (%s; type %s, %v)", name, tc.what, r.Practical, r.PracticalWhy, r.Short, err)
			}
		}
	}
	// Laid loosely: knots in the middle of a rope, hitches and a straight rope.
	for _, name := range []string{"overhand", "figure8", "overhand+figure8", "granny", "square", "7_1", "clove", "munter", "drag"} {
		sc, err := scene.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		sim, err := scene.Build(sc, scene.BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, pts := range [][]vec.V3{sim.World.State.Pos, mirrored(sim.World.State.Pos)} {
			if r, err := knot.Identify(pts, knot.Options{}); err != nil || r.Practical != "" {
				t.Errorf("%s laid: practical name %q (%s), want none", name, r.Practical, r.PracticalWhy)
			}
		}
	}
	for name, pts := range tightRopes(t) {
		if r, err := knot.Identify(pts, knot.Options{}); err != nil || r.Practical != "" {
			t.Errorf("%s: practical name %q (%s), want none: the knot is in the middle of the rope", name, r.Practical, r.PracticalWhy)
		}
	}
}

func mirrored(pts []vec.V3) []vec.V3 {
	out := make([]vec.V3, len(pts))
	for i, p := range pts {
		out[i] = vec.V3{X: p.X, Y: p.Y, Z: -p.Z}
	}
	return out
}
