package knot_test

import (
	"os"
	"path/filepath"
	"slices"
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
		for _, tc := range securityLoops(t, name) {
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

// Issue 14: a bend joining two ropes. The security scenes' loops (laid and tied in the
// simulator, and their mirror images) are cut in the middle of the loop, four nodes taken out,
// and each cut end is left there or led on straight for 100 links, away from the knot: two
// ropes, each with a working end in the knot and a standing part. Bend names them as the one-rope loop was
// named, whichever way each rope runs. Two ropes that are not joined get no name: the knot
// scenes cut in two the same way (a knot in one rope, the other rope free) and two straight
// ropes crossed at right angles.
func TestBendJoiningTwoRopes(t *testing.T) {
	want := map[string]string{
		"reef": "square (reef) knot", "granny": "granny knot", "thief": "thief knot",
		"grief": "grief knot", "surgeons": "surgeon's knot",
	}
	reversed := func(p []vec.V3) []vec.V3 {
		out := slices.Clone(p)
		slices.Reverse(out)
		return out
	}
	var id knot.Identifier
	for name, practical := range want {
		for _, tc := range securityLoops(t, name) {
			for _, extend := range []int{0, 100} {
				a, b := cutLoop(tc.pts, extend)
				for i, pair := range [][2][]vec.V3{{a, b}, {reversed(a), b}, {b, reversed(a)}, {reversed(b), reversed(a)}} {
					r, err := id.Bend(pair[0], pair[1])
					if err != nil || r.Practical != practical || !strings.Contains(r.PracticalWhy, "joining two ropes") {
						t.Errorf("security-%s %s, standing parts led on %d links, order %d: %q (%s; type %s, %v)", name, tc.what, extend, i, r.Practical, r.PracticalWhy, r.Short, err)
					}
				}
			}
		}
	}
	for name, pts := range tightRopes(t) {
		if r, err := id.Bend(cutLoop(pts, 100)); err != nil || r.Practical != "" {
			t.Errorf("%s cut in two: practical name %q (%s), want none", name, r.Practical, r.PracticalWhy)
		}
	}
	var x, y []vec.V3
	for i := range 41 {
		x = append(x, vec.V3{X: float64(i-20) / 10})
		y = append(y, vec.V3{Y: float64(i-20) / 10, Z: 0.05})
	}
	if r, err := id.Bend(x, y); err != nil || r.Practical != "" {
		t.Errorf("two crossed straight ropes: practical name %q (%s), want none", r.Practical, r.PracticalWhy)
	}
	if _, err := id.Bend(x[:1], y); err == nil {
		t.Error("a rope of one point: no error")
	}
}

// securityLoops returns the rope of the knot-security scene security-name as laid out
// (scene.Build, before any step) and as the simulator left it (testdata/tied), and the mirror
// image of each.
func securityLoops(tb testing.TB, name string) []struct {
	what string
	pts  []vec.V3
} {
	tb.Helper()
	sc, err := scene.Builtin("security-" + name)
	if err != nil {
		tb.Fatal(err)
	}
	sim, err := scene.Build(sc, scene.BuildOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	laid := append([]vec.V3(nil), sim.World.State.Pos...)
	tied := tiedRope(tb, "security-"+name)
	return []struct {
		what string
		pts  []vec.V3
	}{{"laid", laid}, {"tied", tied}, {"laid, mirrored", mirrored(laid)}, {"tied, mirrored", mirrored(tied)}}
}

// tiedRope reads testdata/tied/NAME.xyz, a rope as the simulator left it.
func tiedRope(tb testing.TB, name string) []vec.V3 {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "tied", name+".xyz"))
	if err != nil {
		tb.Fatal(err)
	}
	c, err := curve.Parse(data)
	if err != nil {
		tb.Fatal(err)
	}
	return c.Components[0]
}

// cutLoop cuts the rope pts in two at its middle node, four nodes taken out, and leads each cut
// end on for extend links (of the rope's first link length) straight away from the rope's
// centroid: two ropes, the first from pts[0] and the second ending at pts[n].
func cutLoop(pts []vec.V3, extend int) (a, b []vec.V3) {
	m := len(pts) / 2
	var c vec.V3
	for _, p := range pts {
		c = c.Add(p)
	}
	c = c.Scale(1 / float64(len(pts)))
	u := pts[m].Sub(c).Unit()
	l := pts[1].Dist(pts[0])
	a = slices.Clone(pts[:m-2])
	b = slices.Clone(pts[m+2:])
	for i := 1; i <= extend; i++ {
		a = append(a, a[m-3].Add(u.Scale(float64(i)*l)))
	}
	var lead []vec.V3
	for i := extend; i >= 1; i-- {
		lead = append(lead, b[0].Add(u.Scale(float64(i)*l)))
	}
	return a, append(lead, b...)
}
