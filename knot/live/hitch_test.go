package live

import (
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Issue 14: hitches around poles are named in the live report. Two poles 1 m apart, a clove
// hitch laid around the first and a cow hitch around the second; a sphere is no pole.
func TestWorldIdentifierNamesHitches(t *testing.T) {
	const r, pr = 0.005, 0.02
	o := layout.Options{Links: 200, Link: 0.01, Radius: r}
	clove, err := layout.CloveHitch(o, vec.V3{}, pr)
	if err != nil {
		t.Fatal(err)
	}
	cow, err := layout.CowHitch(o, vec.V3{X: 1}, pr)
	if err != nil {
		t.Fatal(err)
	}
	obstacles := []shape.Shape{
		{Kind: shape.Sphere, Center: vec.V3{Y: 5}, Radius: 0.1},
		{Kind: shape.Capsule, A: vec.V3{Z: -0.2}, B: vec.V3{Z: 0.2}, Radius: pr},
		{Kind: shape.Capsule, A: vec.V3{X: 1, Z: -0.2}, B: vec.V3{X: 1, Z: 0.2}, Radius: pr},
	}
	pos := slices.Concat(clove, cow)
	strands := []rope.Strand{
		{First: 0, Nodes: len(clove), Radius: r, Link: 0.01},
		{First: len(clove), Nodes: len(cow), Radius: r, Link: 0.01},
	}
	rep := WorldIdentifier(obstacles)(&world.Snapshot{Pos: pos, Strands: strands})
	var hitches []string
	for _, l := range rep.Links {
		if i := strings.Index(l, ";"); i > 0 {
			hitches = append(hitches, l[:i])
		}
	}
	want := []string{"rope 0 and pole 0: clove hitch", "rope 1 and pole 1: cow hitch"}
	if !slices.Equal(hitches, want) {
		t.Fatalf("links %q, want the hitches %q", rep.Links, want)
	}
}
