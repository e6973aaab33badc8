package phys

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Coulomb at the position level: a tangential slip below μs·depth is cancelled, one above it
// is reduced by μk·depth, and the normal part of dp is never touched.
func TestFriction(t *testing.T) {
	n := vec.V3{Z: 1}
	for _, c := range []struct {
		dp   vec.V3
		want vec.V3
	}{
		{vec.V3{X: 0.02, Z: 0.5}, vec.V3{X: -0.02}},    // 0.02 < 0.3·0.1: stuck
		{vec.V3{X: 0.05, Y: 0}, vec.V3{X: -0.2 * 0.1}}, // 0.05 > 0.03: slides, reduced by μk·depth
		{vec.V3{X: 0.001, Y: 0.001}, vec.V3{X: -0.001, Y: -0.001}},
		{vec.V3{Z: 1}, vec.V3{}},
	} {
		got := Friction(c.dp, n, 0.1, 0.3, 0.2)
		if got.Sub(c.want).Norm() > 1e-15 {
			t.Errorf("Friction(%v) = %v, want %v", c.dp, got, c.want)
		}
	}
	if got := Friction(vec.V3{X: 1}, n, 0, 0.3, 0.2); got != (vec.V3{}) {
		t.Errorf("no normal push, no friction: got %v", got)
	}
	// Kinetic friction never reverses the motion.
	if got := Friction(vec.V3{X: 0.01}, n, 1, 0.001, 100); got.X < -0.01-1e-15 {
		t.Errorf("kinetic friction overshot: %v", got)
	}
}

func TestPairNormal(t *testing.T) {
	p0, p1 := vec.V3{X: -1}, vec.V3{X: 1}
	q0, q1 := vec.V3{Y: -1, Z: -0.5}, vec.V3{Y: 1, Z: -0.5}
	if n := PairNormal(p0, p1, q0, q1, vec.V3{}, vec.V3{Z: -0.5}, 0.5, 1); n != (vec.V3{Z: 1}) {
		t.Errorf("separated pair: normal %v, want +z", n)
	}
	// Axes that meet: the normal of both segments.
	n := PairNormal(p0, p1, q0.Add(vec.V3{Z: 0.5}), q1.Add(vec.V3{Z: 0.5}), vec.V3{}, vec.V3{}, 0, 1)
	if math.Abs(math.Abs(n.Z)-1) > 1e-15 {
		t.Errorf("meeting axes: normal %v, want ±z", n)
	}
	// Parallel and meeting: some unit perpendicular to p0p1.
	n = PairNormal(p0, p1, p0, p1, vec.V3{}, vec.V3{}, 0, 1)
	if math.Abs(n.Norm()-1) > 1e-12 || math.Abs(n.X) > 1e-12 {
		t.Errorf("coincident axes: normal %v", n)
	}
}

// Gaps counts the pairs within reach of touching and reports the smallest gaps.
func TestGaps(t *testing.T) {
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.01, Link: 0.1, Pos: []vec.V3{{X: -0.1}, {}, {X: 0.1}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Add(rope.Spec{Radius: 0.01, Link: 0.1, Pos: []vec.V3{{Y: -0.05, Z: 0.019}, {Y: 0.05, Z: 0.019}}}); err != nil {
		t.Fatal(err)
	}
	floor := []shape.Shape{{Kind: shape.Plane, Center: vec.V3{Z: -0.0105}, Axis: vec.V3{Z: 1}}}
	self := []collide.Contact{{A: 0, B: 2}, {A: 1, B: 2}}
	obs := []collide.Contact{{A: 0, B: -1, Obstacle: 0}, {A: 2, B: -1, Obstacle: 0}}
	out := solver.Stats{MinSelfGap: math.Inf(1), MinObsGap: math.Inf(1)}
	Gaps(st, floor, self, obs, 0.001, &out)
	if out.SelfContacts != 2 || out.Contacts != 3 {
		t.Errorf("self %d, all %d contacts; want 2 and 3", out.SelfContacts, out.Contacts)
	}
	if math.Abs(out.MinSelfGap+0.001) > 1e-12 || math.Abs(out.MinObsGap-0.0005) > 1e-12 {
		t.Errorf("gaps %v (self) and %v (obstacle); want −0.001 and 0.0005", out.MinSelfGap, out.MinObsGap)
	}
}

func TestNodeSeg(t *testing.T) {
	st := &rope.State{}
	for range 2 {
		if _, err := st.Add(rope.Spec{Radius: 0.01, Link: 0.1, Pos: []vec.V3{{}, {X: 0.1}, {X: 0.2}, {X: 0.3}}}); err != nil {
			t.Fatal(err)
		}
	}
	// Nodes 0..3 on segments 0..2, nodes 4..7 on segments 3..5; a last node takes its link.
	for i, want := range []int{0, 1, 2, 2, 3, 4, 5, 5} {
		if got := NodeSeg(st, i); got != want {
			t.Errorf("NodeSeg(%d) = %d, want %d", i, got, want)
		}
	}
}

func TestResize(t *testing.T) {
	b := []int{1, 2, 3}
	b = Resize(b, 5, 2) // grows: keeps 1, 2; zeroes the rest
	if len(b) != 5 || b[0] != 1 || b[1] != 2 || b[2] != 0 || b[4] != 0 {
		t.Errorf("grown: %v", b)
	}
	b[3] = 9
	c := Resize(b, 4, 1) // within capacity: same array, zeroed from 1
	if len(c) != 4 || c[0] != 1 || c[1] != 0 || c[3] != 0 || &c[0] != &b[0] {
		t.Errorf("reused: %v", c)
	}
}

func TestGrow(t *testing.T) {
	b := make([]float64, 3, 4)
	b[0] = 7
	c := Grow(b, 4) // within capacity: the same array, its contents kept (not zeroed)
	if len(c) != 4 || &c[0] != &b[0] || c[0] != 7 {
		t.Errorf("reused: len %d, same array %v, c[0] %v", len(c), &c[0] == &b[0], c[0])
	}
	d := Grow(c, 5) // beyond: a new array of at least twice the capacity
	if len(d) != 5 || cap(d) < 8 || &d[0] == &c[0] {
		t.Errorf("grown: len %d cap %d, same array %v", len(d), cap(d), &d[0] == &c[0])
	}
	if e := Grow([]int(nil), 0); len(e) != 0 {
		t.Errorf("empty: %v", e)
	}
}
