package rope

import (
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// Adjacent: neighbours always; within the window only while the rope between them is no longer
// than WindowSpan·R (issue 15: a link stretched by a tool opened the window to another strand);
// never across strands.
func TestAdjacentMeasuresTheRope(t *testing.T) {
	pts := func(y float64) []vec.V3 {
		p := make([]vec.V3, 11)
		for i := range p {
			p[i] = vec.V3{X: float64(i), Y: y}
		}
		return p
	}
	var st State
	if _, err := st.Add(Spec{Radius: 0.5, Link: 1, Pos: pts(0)}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(Spec{Radius: 0.5, Link: 1, Pos: pts(5)}); err != nil {
		t.Fatal(err)
	}
	if w := st.Strands[0].Window; w != 2 {
		t.Fatalf("window %d, want 2 (link 1, R 0.5: 2.2R = 1.1)", w)
	}
	for _, c := range []struct {
		s, t int
		want bool
	}{{3, 3, true}, {3, 4, true}, {3, 5, true}, {5, 3, true}, {3, 6, false}, {9, 10, false}} {
		if got := st.Adjacent(c.s, c.t); got != c.want {
			t.Errorf("at rest: Adjacent(%d, %d) = %v, want %v", c.s, c.t, got, c.want)
		}
	}
	// stretch segment 4 (nodes 4 and 5) to 1.5: segments 3 and 5 have 1.5 > 1.1 of rope between
	for i := 5; i <= 10; i++ {
		st.Pos[i].X += 0.5
	}
	for _, c := range []struct {
		s, t int
		want bool
	}{{3, 4, true}, {4, 5, true}, {3, 5, false}, {5, 3, false}, {2, 4, true}, {4, 6, true}, {5, 7, true}} {
		if got := st.Adjacent(c.s, c.t); got != c.want {
			t.Errorf("link 4 stretched: Adjacent(%d, %d) = %v, want %v", c.s, c.t, got, c.want)
		}
	}
}
