package implicit

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/ncp"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// TestComponentsGroupStrands: contacts are grouped by the strands their contacts link — a
// self contact of strand 0, one between strands 1 and 2, one of strand 3 on an obstacle and
// one of strand 0 on an obstacle give the components {0} and {1, 2} and {3}, rows sorted by
// (component, key), byKey their key order.
func TestComponentsGroupStrands(t *testing.T) {
	st := &rope.State{}
	for k := range 4 {
		pts := []vec.V3{{Y: float64(k)}, {X: 1, Y: float64(k)}, {X: 2, Y: float64(k)}, {X: 3, Y: float64(k)}}
		if _, err := st.Add(rope.Spec{Radius: 0.1, Link: 1, Pos: pts, Material: suture}); err != nil {
			t.Fatal(err)
		}
	}
	s := &Solver{}
	seg := func(k, i int) int32 { return int32(3*k + i) } // 3 segments a strand
	s.rows = []crow{
		{key: selfKey(seg(0, 0), seg(0, 2))},
		{key: selfKey(seg(1, 1), seg(2, 0))},
		{key: obsKey(seg(0, 1), 1)},
		{key: obsKey(seg(3, 2), 0)},
	} // in key order, as contacts finds them
	s.components(st)
	if want := []int{0, 2, 3, 4}; len(s.comp) != 4 || s.comp[1] != 2 || s.comp[2] != 3 || s.comp[3] != 4 {
		t.Fatalf("components %v, want %v", s.comp, want)
	}
	wantKeys := []uint64{selfKey(seg(0, 0), seg(0, 2)), obsKey(seg(0, 1), 1), selfKey(seg(1, 1), seg(2, 0)), obsKey(seg(3, 2), 0)}
	for c, k := range wantKeys {
		if s.rows[c].key != k {
			t.Fatalf("row %d has key %#x, want %#x", c, s.rows[c].key, k)
		}
	}
	for i, c := range s.byKey {
		if i > 0 && s.rows[c].key <= s.rows[s.byKey[i-1]].key {
			t.Fatalf("byKey %v is not in key order", s.byKey)
		}
	}
}

// twoOverhands returns a world of two security threads (r = l0 = 0.5 mm, 150 vertices each),
// 50 mm apart, each tied in an overhand and pulled tight by 1 N force tools for 0.3 s.
func twoOverhands(t testing.TB) (*world.World, *Solver) {
	const links, link, r = 149, 0.5e-3, 0.5e-3
	pts, err := layout.Overhand(layout.Options{Links: links, Link: link, Radius: r})
	if err != nil {
		t.Fatal(err)
	}
	st := &rope.State{}
	for k := range 2 {
		p := make([]vec.V3, len(pts))
		for i := range p {
			p[i] = pts[i].Add(vec.V3{Y: 0.05 * float64(k)})
		}
		if _, err := st.Add(rope.Spec{Radius: r, Link: link, Pos: p, Material: suture}); err != nil {
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
	dir := pts[links].Sub(pts[0]).Unit()
	for k := range 2 {
		first := k * (links + 1)
		w.AddTool(world.Tool{Name: "a", Node: first, Mode: solver.HoldForce, Force: dir.Scale(-1), Active: true})
		w.AddTool(world.Tool{Name: "b", Node: first + links, Mode: solver.HoldForce, Force: dir, Active: true})
	}
	for range 300 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	return w, s
}

// TestSeparateKnotsSeparateComponents: two threads, each tied in an overhand pulled tight by
// 1 N, side by side without touching, form two contact components; the coupling between them,
// computed by full banded solves, is zero, each component's W equals J·A⁻¹·Jᵀ, and the forces
// solved component by component solve the joint problem (its NCP residual within tolerance).
func TestSeparateKnotsSeparateComponents(t *testing.T) {
	_, s := twoOverhands(t)
	if len(s.comp) != 3 || s.comp[1] < 5 || s.comp[2]-s.comp[1] < 5 {
		t.Fatalf("contact components %v, want two of at least 5 contacts each", s.comp)
	}
	M := len(s.rows)
	full := denseW(s) // the joint W
	worst, cross, size := 0.0, 0.0, 0.0
	for i := range 3 * M {
		for j := range 3 * M {
			v := full[i*3*M+j]
			size = math.Max(size, math.Abs(v))
			ki, kj := s.compOf(i/3), s.compOf(j/3)
			if ki != kj {
				cross = math.Max(cross, math.Abs(v))
				continue
			}
			r0 := s.comp[ki]
			mk := 3 * (s.comp[ki+1] - r0)
			got := s.w[s.woff[ki]+(i-3*r0)*mk+j-3*r0]
			worst = math.Max(worst, math.Abs(got-v))
		}
	}
	_, _, _, res := ncp.Residuals(full, s.b[:3*M], s.mu[:M], s.lam[:3*M])
	t.Logf("%d contacts in components %v: W off by %.3g, between components %.3g, of %.3g m/N; joint NCP residual %.3g m (tolerance %.3g m)",
		M, s.comp, worst, cross, size, res, s.P.Tol*s.rmin)
	if worst > 1e-10*size || cross > 1e-12*size {
		t.Errorf("W off by %.3g, coupling between the components %.3g (size %.3g)", worst, cross, size)
	}
	if res > s.P.Tol*s.rmin*1.0001 {
		t.Errorf("the forces of the components leave a joint NCP residual %.3g m above the tolerance %.3g m", res, s.P.Tol*s.rmin)
	}
}

// BenchmarkTwoKnots: two threads each holding a tight overhand (twoOverhands), solved as two
// contact components, beside one such thread (BenchmarkTightKnot150) in the same run.
func BenchmarkTwoKnots(b *testing.B) {
	w, s := twoOverhands(b)
	b.ReportAllocs()
	rows, comps := 0, 0
	for b.Loop() {
		if err := w.Step(); err != nil {
			b.Fatal(err)
		}
		rows += len(s.rows)
		comps += len(s.comp) - 1
	}
	b.ReportMetric(float64(rows)/float64(b.N), "contacts/step")
	b.ReportMetric(float64(comps)/float64(b.N), "components/step")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}
