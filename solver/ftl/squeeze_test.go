package ftl

import (
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Issue 15 item 3: twenty ropes stacked 0.1 R apart, each grasped at its middle node (and, in
// the second case, at both ends too), all driven to one point. No response can part twenty
// ropes meeting at a point, so the tools must give way: the step is undone and run again with
// them held (Rollbacks). Published overlaps stay within 0.25 R (before: 0.28 R and 0.39 R), and
// no two centre lines cross between cycles.
func TestSqueezeStackedRopes(t *testing.T) {
	for _, tc := range []struct {
		name string
		ends bool
	}{{"middles", false}, {"middles and ends", true}} {
		t.Run(tc.name, func(t *testing.T) {
			const ropes, links, r = 20, 20, 0.5
			st := &rope.State{}
			for k := range ropes {
				p := make([]vec.V3, links+1)
				for i := range p {
					p[i] = vec.V3{X: float64(i), Z: 2.2 * r * float64(k)}
				}
				if _, err := st.Add(rope.Spec{Radius: r, Link: 1, Pos: p}); err != nil {
					t.Fatal(err)
				}
			}
			det, err := collide.New("bvh")
			if err != nil {
				t.Fatal(err)
			}
			s, err := New(DefaultParams(r, 1), det)
			if err != nil {
				t.Fatal(err)
			}
			var in solver.Input
			point := vec.V3{X: links / 2, Z: 10}
			for k := range ropes {
				f := st.Strands[k].First
				in.Grasps = append(in.Grasps, solver.Grasp{Node: f + links/2, Target: point})
				if tc.ends {
					in.Grasps = append(in.Grasps,
						solver.Grasp{Node: f, Target: point.Add(vec.V3{X: -8})},
						solver.Grasp{Node: f + links, Target: point.Add(vec.V3{X: 8})})
				}
			}
			var out solver.Stats
			prev := make([]vec.V3, len(st.Pos))
			var cross []collide.Crossing
			worst, rollbacks := 0.0, 0
			cycles := 400
			if testing.Short() {
				cycles = 150
			}
			for c := range cycles {
				copy(prev, st.Pos)
				if err := s.Step(st, &in, &out); err != nil {
					t.Fatal(err)
				}
				rollbacks += out.Rollbacks
				if o := 2*r - st.MinSegmentDistance(); o > worst {
					worst = o
				}
				if worst > 0.25*r {
					t.Fatalf("cycle %d: overlap %.3f R exceeds 0.25 R", c, worst/r)
				}
				if cross = collide.SweptSelf(cross[:0], prev, st); len(cross) > 0 {
					t.Fatalf("cycle %d: centre lines crossed: %+v", c, cross[0])
				}
			}
			if rollbacks == 0 {
				t.Fatal("no step was undone: the squeeze does not test the rollback")
			}
			t.Logf("worst overlap %.3f R; %d steps undone in %d cycles; tools %.1f R from the point at the end", worst/r, rollbacks, cycles, out.MaxLag/r)
		})
	}
}
