package collide

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// uvSphere returns a closed triangulated sphere of radius r about c: nu around, nv from pole
// to pole (two pole nodes).
func uvSphere(r float64, c vec.V3, nu, nv int) ([]vec.V3, [][3]int32) {
	pos := []vec.V3{c.Add(vec.V3{Z: r}), c.Add(vec.V3{Z: -r})}
	for j := 1; j < nv; j++ {
		th := math.Pi * float64(j) / float64(nv)
		for i := range nu {
			ph := 2 * math.Pi * float64(i) / float64(nu)
			pos = append(pos, c.Add(vec.V3{X: r * math.Sin(th) * math.Cos(ph), Y: r * math.Sin(th) * math.Sin(ph), Z: r * math.Cos(th)}))
		}
	}
	at := func(j, i int) int32 { return int32(2 + (j-1)*nu + (i+nu)%nu) }
	var tris [][3]int32
	for i := range nu {
		tris = append(tris, [3]int32{0, at(1, i), at(1, i+1)})
		tris = append(tris, [3]int32{1, at(nv-1, i+1), at(nv-1, i)})
		for j := 1; j < nv-1; j++ {
			tris = append(tris, [3]int32{at(j, i), at(j+1, i), at(j+1, i+1)}, [3]int32{at(j, i), at(j+1, i+1), at(j, i+1)})
		}
	}
	return pos, tris
}

// bumpy returns an n×n height field of cell h with bumps of amplitude a.
func bumpy(n int, h, a float64) ([]vec.V3, [][3]int32) {
	var pos []vec.V3
	for j := 0; j <= n; j++ {
		for i := 0; i <= n; i++ {
			x, y := h*float64(i), h*float64(j)
			pos = append(pos, vec.V3{X: x, Y: y, Z: a * math.Sin(x/(3*h)) * math.Cos(y/(4*h))})
		}
	}
	var tris [][3]int32
	at := func(i, j int) int32 { return int32(j*(n+1) + i) }
	for j := range n {
		for i := range n {
			tris = append(tris, [3]int32{at(i, j), at(i+1, j), at(i+1, j+1)}, [3]int32{at(i, j), at(i+1, j+1), at(i, j+1)})
		}
	}
	return pos, tris
}

// ropeNear returns a rope of n links of length l (radius r) wandering in the shell between
// radii lo and hi about c.
func ropeNear(tb testing.TB, rng *rand.Rand, c vec.V3, lo, hi, l, r float64, n int) *rope.State {
	tb.Helper()
	p := c.Add(vec.V3{X: (lo + hi) / 2})
	pts := []vec.V3{p}
	for len(pts) <= n {
		q := p.Add(vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit().Scale(l))
		if d := q.Dist(c); d < lo || d > hi {
			continue
		}
		pts = append(pts, q)
		p = q
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: r, Link: l, Pos: pts}); err != nil {
		tb.Fatal(err)
	}
	return st
}

func bruteSurface(st *rope.State, pos []vec.V3, tris [][3]int32, margin float64) []SurfaceContact {
	var out []SurfaceContact
	for s := range st.SegNode {
		a := st.SegNode[s]
		reach := st.SegRadius[s] + margin
		for ti, t := range tris {
			u, w, d2 := vec.ClosestSegTri(st.Pos[a], st.Pos[a+1], pos[t[0]], pos[t[1]], pos[t[2]])
			if d2 < reach*reach {
				out = append(out, SurfaceContact{Seg: int32(s), Tri: int32(ti), S: u, W: w, Dist: math.Sqrt(d2)})
			}
		}
	}
	return out
}

// Query equals the all-pairs answer on a rope wandering round a sphere, before and after the
// sphere deforms (the tree refit, not rebuilt).
func TestSurfaceQueryMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const R = 0.01
	pos, tris := uvSphere(R, vec.V3{X: 0.1}, 40, 20)
	ix, err := NewSurfaceIndex(tris, len(pos))
	if err != nil {
		t.Fatal(err)
	}
	st := ropeNear(t, rng, vec.V3{X: 0.1}, 0.95*R, 1.15*R, 1e-3, 2e-4, 600)
	var got []SurfaceContact
	for _, deform := range []vec.V3{{X: 1, Y: 1, Z: 1}, {X: 1.05, Y: 0.97, Z: 1.02}} {
		for i := range pos {
			d := pos[i].Sub(vec.V3{X: 0.1})
			pos[i] = vec.V3{X: 0.1 + d.X*deform.X, Y: d.Y * deform.Y, Z: d.Z * deform.Z}
		}
		if err := ix.Update(pos); err != nil {
			t.Fatal(err)
		}
		got = ix.Query(got[:0], st, pos, 5e-4)
		want := bruteSurface(st, pos, tris, 5e-4)
		if len(got) != len(want) {
			t.Fatalf("deform %v: %d contacts, all pairs give %d", deform, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("deform %v: contact %d is %+v, all pairs give %+v", deform, i, got[i], want[i])
			}
		}
		t.Logf("deform %v: %d contacts, as all pairs", deform, len(got))
		if len(got) < 100 {
			t.Errorf("only %d contacts: the test exercises little", len(got))
		}
	}
}

// Nearest finds the closest triangle within reach as a test of every triangle does (the same
// distance, ties to the lower index), on a sphere and on a bumpy height field, for points
// inside and outside them, and reports none where every triangle is beyond reach.
func TestSurfaceNearestMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	sphere, stris := uvSphere(0.01, vec.V3{X: 0.1}, 40, 20)
	bump, btris := bumpy(30, 1e-3, 3e-3)
	for _, c := range []struct {
		name   string
		pos    []vec.V3
		tris   [][3]int32
		centre vec.V3
		size   float64
	}{{"sphere", sphere, stris, vec.V3{X: 0.1}, 0.012}, {"bumpy", bump, btris, vec.V3{X: 15e-3, Y: 15e-3}, 0.015}} {
		ix, err := NewSurfaceIndex(c.tris, len(c.pos))
		if err != nil {
			t.Fatal(err)
		}
		if err := ix.Update(c.pos); err != nil {
			t.Fatal(err)
		}
		found, missed := 0, 0
		for range 2000 {
			p := c.centre.Add(vec.V3{X: (2*rng.Float64() - 1) * c.size, Y: (2*rng.Float64() - 1) * c.size, Z: (2*rng.Float64() - 1) * c.size})
			reach := 3e-3 * rng.Float64()
			wantTri, wantD2 := int32(-1), reach*reach
			for ti, tr := range c.tris {
				if _, d2 := vec.ClosestPointTri(p, c.pos[tr[0]], c.pos[tr[1]], c.pos[tr[2]]); d2 < wantD2 {
					wantTri, wantD2 = int32(ti), d2
				}
			}
			tri, w, d, ok := ix.Nearest(p, c.pos, reach)
			if ok != (wantTri >= 0) {
				t.Fatalf("%s: point %v reach %g: ok %v, all triangles give %d", c.name, p, reach, ok, wantTri)
			}
			if !ok {
				missed++
				continue
			}
			found++
			tr := c.tris[tri]
			q := c.pos[tr[0]].Scale(w[0]).Add(c.pos[tr[1]].Scale(w[1])).Add(c.pos[tr[2]].Scale(w[2]))
			if math.Abs(d-math.Sqrt(wantD2)) > 1e-12 || math.Abs(q.Dist(p)-d) > 1e-12 {
				t.Fatalf("%s: point %v: triangle %d at %g m (its point %g m away), all triangles give %d at %g m", c.name, p, tri, d, q.Dist(p), wantTri, math.Sqrt(wantD2))
			}
		}
		t.Logf("%s: %d points found a triangle within reach, %d did not", c.name, found, missed)
		if found < 200 || missed < 200 {
			t.Errorf("%s: %d found, %d missed: the test exercises one side only", c.name, found, missed)
		}
	}
	var empty SurfaceIndex
	if _, _, _, ok := empty.Nearest(vec.V3{}, nil, 1); ok {
		t.Error("an index never updated found a triangle")
	}
}

// Behind tells a point inside a closed convex surface from one outside, as the planes of all
// its faces do, also where the nearest point is on an edge or a corner (a coarse sphere: most
// nearest points of points near it are), and on a concave surface (the same sphere turned
// inside out, its winding reversed: what was inside is outside); on a tetrahedron too, whose
// sharp edges a test of the nearest triangle's plane alone gets wrong.
func TestSurfaceBehind(t *testing.T) {
	for _, shape := range []string{"sphere", "tetrahedron"} {
		t.Run(shape, func(t *testing.T) { testBehind(t, shape) })
	}
}

func testBehind(t *testing.T, shape string) {
	rng := rand.New(rand.NewPCG(15, 16))
	const R = 0.01
	c := vec.V3{X: 0.1}
	pos, tris := uvSphere(R, c, 8, 5)
	lo, hi := 0.7, 1.3 // the sampled shell, R
	if shape == "tetrahedron" {
		lo, hi = 0.5, 2.5
		// Its edges turn by 109.5°: a point outside near one can be behind one of its faces.
		pos = []vec.V3{c.Add(vec.V3{X: R, Y: R, Z: R}), c.Add(vec.V3{X: R, Y: -R, Z: -R}), c.Add(vec.V3{X: -R, Y: R, Z: -R}), c.Add(vec.V3{X: -R, Y: -R, Z: R})}
		tris = [][3]int32{{0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}}
	}
	// Wound outward: the first triangle's normal points away from the centre.
	if t0 := tris[0]; pos[t0[1]].Sub(pos[t0[0]]).Cross(pos[t0[2]].Sub(pos[t0[0]])).Dot(pos[t0[0]].Sub(c)) < 0 {
		for i := range tris {
			tris[i][1], tris[i][2] = tris[i][2], tris[i][1]
		}
	}
	flipped := make([][3]int32, len(tris))
	for i, tr := range tris {
		flipped[i] = [3]int32{tr[0], tr[2], tr[1]}
	}
	inside := func(p vec.V3) bool { // behind every face's plane
		for _, tr := range tris {
			if p.Sub(pos[tr[0]]).Dot(pos[tr[1]].Sub(pos[tr[0]]).Cross(pos[tr[2]].Sub(pos[tr[0]]))) > 0 {
				return false
			}
		}
		return true
	}
	for _, outward := range []bool{true, false} {
		tt := tris
		if !outward {
			tt = flipped
		}
		ix, err := NewSurfaceIndex(tt, len(pos))
		if err != nil {
			t.Fatal(err)
		}
		if err := ix.Update(pos); err != nil {
			t.Fatal(err)
		}
		in, out, atEdge := 0, 0, 0
		for range 3000 {
			d := vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit()
			p := c.Add(d.Scale(R * (lo + (hi-lo)*rng.Float64())))
			tri, w, dist, ok := ix.Nearest(p, pos, R)
			if !ok || dist < 1e-12 {
				continue
			}
			if w[0] <= 1e-9 || w[1] <= 1e-9 || w[2] <= 1e-9 {
				atEdge++
			}
			want := inside(p) == outward
			if got := ix.Behind(p, tri, w, pos); got != want {
				t.Fatalf("outward %v: point %v (%.4g R from the centre), nearest on triangle %d at %v: Behind %v, the faces' planes say %v", outward, p, p.Dist(c)/R, tri, w, got, want)
			}
			if want {
				in++
			} else {
				out++
			}
		}
		t.Logf("outward %v: %d behind, %d in front, %d with the nearest point on an edge or corner", outward, in, out, atEdge)
		if in < 300 || out < 300 || atEdge < 300 {
			t.Errorf("outward %v: %d behind, %d in front, %d at edges: the test exercises too little", outward, in, out, atEdge)
		}
	}
}

// Walk on a sphere (convex: the local minimum is the global one) finds the closest triangle
// from any start for points just outside; on a bumpy height field it ends at a local minimum
// no farther than where it began.
func TestSurfaceWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	pos, tris := uvSphere(0.01, vec.V3{}, 40, 20)
	ix, err := NewSurfaceIndex(tris, len(pos))
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Update(pos); err != nil {
		t.Fatal(err)
	}
	far := 0
	for range 500 {
		p := vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Unit().Scale(0.01 * (1.02 + 0.1*rng.Float64()))
		start := int32(rng.IntN(len(tris)))
		tri, w, d2 := ix.Walk(p, start, pos)
		best := math.Inf(1)
		for _, tt := range tris {
			_, e := vec.ClosestPointTri(p, pos[tt[0]], pos[tt[1]], pos[tt[2]])
			best = math.Min(best, e)
		}
		tt := tris[tri]
		q := pos[tt[0]].Scale(w[0]).Add(pos[tt[1]].Scale(w[1])).Add(pos[tt[2]].Scale(w[2]))
		if math.Abs(d2-best) > 1e-12*best || math.Abs(p.Dist2(q)-d2) > 1e-12*d2 {
			t.Fatalf("walk from %d ended at %d with d2 %g; the closest is at %g", start, tri, d2, best)
		}
		if pos[tris[start][0]].Dist(p) > 0.01 {
			far++
		}
	}
	if far < 100 {
		t.Errorf("only %d walks started far away", far)
	}
	hp, ht := bumpy(30, 1e-3, 2e-3)
	hx, err := NewSurfaceIndex(ht, len(hp))
	if err != nil {
		t.Fatal(err)
	}
	_ = hx.Update(hp)
	for range 300 {
		p := vec.V3{X: 0.03 * rng.Float64(), Y: 0.03 * rng.Float64(), Z: 4e-3 * (rng.Float64() - 0.2)}
		start := int32(rng.IntN(len(ht)))
		st := ht[start]
		_, d0 := vec.ClosestPointTri(p, hp[st[0]], hp[st[1]], hp[st[2]])
		tri, _, d2 := hx.Walk(p, start, hp)
		if d2 > d0 {
			t.Fatalf("the walk went farther: %g → %g", d0, d2)
		}
		for _, v := range ht[tri] {
			for _, c := range hx.ring[hx.ringAt[v]:hx.ringAt[v+1]] {
				tc := ht[c]
				if _, e := vec.ClosestPointTri(p, hp[tc[0]], hp[tc[1]], hp[tc[2]]); e < d2 {
					t.Fatalf("walk ended at %d (d2 %g) but its neighbour %d is at %g", tri, d2, c, e)
				}
			}
		}
	}
}

func TestSurfaceBadInput(t *testing.T) {
	for _, c := range []struct {
		tris [][3]int32
		n    int
		want string
	}{
		{nil, 3, "no triangles"},
		{[][3]int32{{0, 1, 3}}, 3, "triangle 0 (nodes 0 1 3): node 3 out of range"},
		{[][3]int32{{0, 1, 2}, {1, 1, 2}}, 3, "triangle 1 (nodes 1 1 2) repeats a node"},
		{[][3]int32{{0, -1, 2}}, 3, "node -1 out of range"},
	} {
		if _, err := NewSurfaceIndex(c.tris, c.n); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewSurfaceIndex(%v, %d): %v, want %q", c.tris, c.n, err, c.want)
		}
	}
	ix, err := NewSurfaceIndex([][3]int32{{0, 1, 2}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Update([]vec.V3{{}, {X: 1}}); err == nil || !strings.Contains(err.Error(), "2 positions for 3 nodes") {
		t.Errorf("short positions: %v", err)
	}
	if err := ix.Update([]vec.V3{{}, {X: 1}, {Y: math.NaN()}}); err == nil || !strings.Contains(err.Error(), "node 2") {
		t.Errorf("NaN position: %v", err)
	}
	// A query before any good Update finds nothing rather than reading an unbuilt tree.
	st := &rope.State{}
	_, _ = st.Add(rope.Spec{Radius: 1, Link: 1, Pos: []vec.V3{{}, {X: 1}}})
	if got := ix.Query(nil, st, []vec.V3{{}, {X: 1}, {Y: 1}}, 1); len(got) != 0 {
		t.Errorf("query before Update: %v", got)
	}
}

func TestSurfaceNoAllocation(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	pos, tris := uvSphere(0.01, vec.V3{}, 40, 20)
	ix, _ := NewSurfaceIndex(tris, len(pos))
	st := ropeNear(t, rng, vec.V3{}, 0.0095, 0.0115, 1e-3, 2e-4, 200)
	_ = ix.Update(pos)
	buf := ix.Query(nil, st, pos, 5e-4)
	if a := testing.AllocsPerRun(20, func() {
		_ = ix.Update(pos)
		buf = ix.Query(buf[:0], st, pos, 5e-4)
		_, _, _ = ix.Walk(st.Pos[0], 0, pos)
	}); a != 0 {
		t.Errorf("%v allocations per Update + Query + Walk", a)
	}
}

// BenchmarkSurface: a 600-link rope (0.2 mm radius, 1 mm links) wandering just outside a
// sphere of 1 cm radius meshed with 9,800 triangles: refit, then every segment's contacts within
// 0.5 mm.
func BenchmarkSurface(b *testing.B) {
	rng := rand.New(rand.NewPCG(17, 18))
	pos, tris := uvSphere(0.01, vec.V3{}, 100, 50)
	ix, _ := NewSurfaceIndex(tris, len(pos))
	st := ropeNear(b, rng, vec.V3{}, 0.0098, 0.0108, 1e-3, 2e-4, 600)
	_ = ix.Update(pos)
	var buf []SurfaceContact
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		_ = ix.Update(pos)
		buf = ix.Query(buf[:0], st, pos, 5e-4)
		n += len(buf)
	}
	b.ReportMetric(float64(n)/float64(b.N), "contacts/op")
	b.ReportMetric(float64(len(tris)), "triangles")
}
