package dvi

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Two parallel threads laid 1 R into each other (their axes R apart where 2 R is touching), no
// gravity, are pushed apart within the first step as positions alone (depen.go): they touch
// after it, their links keep their lengths, and nothing moves. Pushed out within a substep and
// kept as velocity, the threads flew apart at 4.5 m/s.
func TestStartOverlapLeavesNoVelocity(t *testing.T) {
	const r, L, n = 1e-3, 0.05, 20
	st := &rope.State{}
	line := func(a, b vec.V3) []vec.V3 {
		p := make([]vec.V3, n+1)
		for i := range p {
			p[i] = a.Lerp(b, float64(i)/n)
		}
		return p
	}
	for _, pts := range [][]vec.V3{
		line(vec.V3{X: -L / 2}, vec.V3{X: L / 2}),
		line(vec.V3{X: -L / 2, Z: r}, vec.V3{X: L / 2, Z: r}),
	} {
		if _, err := st.Add(rope.Spec{Radius: r, Link: L / n, Pos: pts, Material: soft}); err != nil {
			t.Fatal(err)
		}
	}
	det, err := collide.New("bvh")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(DefaultParams(), det)
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.New(st, world.Config{Dt: 1e-3, Solver: s})
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 20; k++ {
		steps(t, w, 1)
		var vmax, lerr float64
		for i := range st.Pos {
			vmax = math.Max(vmax, s.Velocity(i).Norm())
		}
		for _, str := range st.Strands {
			for i := str.First; i < str.First+str.Nodes-1; i++ {
				lerr = math.Max(lerr, math.Abs(st.Pos[i+1].Dist(st.Pos[i])-L/n))
			}
		}
		var g solver.Stats
		g.MinSelfGap = math.Inf(1)
		s.finalGaps(st, nil, &g)
		if k == 1 || k == 20 {
			t.Logf("step %d: smallest gap %.3g R, fastest node %.3g m/s, worst link error %.3g m", k, g.MinSelfGap/r, vmax, lerr)
		}
		if g.SelfContacts == 0 || g.MinSelfGap < -1e-3*r || vmax > 1e-3 || lerr > 1e-9 {
			t.Fatalf("step %d: gap %.3g R, fastest node %.3g m/s, link error %.3g m: the overlap was not removed as positions alone", k, g.MinSelfGap/r, vmax, lerr)
		}
	}
}
