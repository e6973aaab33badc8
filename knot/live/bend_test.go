package live

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/curve"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Issue 14: two ropes joined by a bend are named in the live report. The loop tied with a reef
// knot in the simulator (knot/testdata/tied/security-reef.xyz) is cut in the middle of its loop
// into two ropes; a third rope lies far away and is not joined to either.
func TestWorldIdentifierNamesBends(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "tied", "security-reef.xyz"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := curve.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	loop := c.Components[0]
	m := len(loop) / 2
	var pos []vec.V3
	var strands []rope.Strand
	add := func(p []vec.V3) {
		strands = append(strands, rope.Strand{First: len(pos), Nodes: len(p), Radius: 0.0005, Link: 0.0005})
		pos = append(pos, p...)
	}
	add(loop[:m-2])
	add(loop[m+3:])
	var far []vec.V3
	for i := range 40 {
		far = append(far, vec.V3{X: 1, Y: 0.0005 * float64(i)})
	}
	add(far)
	r := WorldIdentifier(nil)(&world.Snapshot{Pos: pos, Strands: strands})
	if len(r.Links) != 1 || !strings.HasPrefix(r.Links[0], "ropes 0 and 1: square (reef) knot, a bend joining them") {
		t.Fatalf("links %q, want ropes 0 and 1 joined by a square (reef) knot", r.Links)
	}
	if r.Ropes[0] != "0_1" || r.Ropes[1] != "0_1" || r.Ropes[2] != "0_1" {
		t.Errorf("ropes %q: each alone is unknotted", r.Ropes)
	}
}
