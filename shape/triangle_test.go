package shape

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// boxFaces returns the 12 outward-wound triangles of the box [-hx,hx]×[-hy,hy]×[-hz,hz], each
// with the given depth.
func boxFaces(hx, hy, hz, depth float64) []Shape {
	c := func(i int) vec.V3 { // corner i: bit 0 x, bit 1 y, bit 2 z
		return v3(hx*float64(2*(i&1)-1), hy*float64(2*(i>>1&1)-1), hz*float64(2*(i>>2&1)-1))
	}
	quads := [6][4]int{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}
	var out []Shape
	for _, q := range quads {
		for _, t := range [2][3]int{{q[0], q[1], q[2]}, {q[0], q[2], q[3]}} {
			s := Shape{Kind: Triangle, A: c(t[0]), B: c(t[1]), C: c(t[2]), Radius: depth}
			out = append(out, s)
		}
	}
	return out
}

// boxDist is the exact signed distance from p to the surface of the box.
func boxDist(p vec.V3, hx, hy, hz float64) float64 {
	q := v3(math.Abs(p.X)-hx, math.Abs(p.Y)-hy, math.Abs(p.Z)-hz)
	out := q.Max(vec.V3{}).Norm()
	in := math.Min(math.Max(q.X, math.Max(q.Y, q.Z)), 0)
	return out + in
}

// The faces of a closed box, each measured on its own, agree with the box: outside it the
// least distance over the faces is the exact distance to the box (to 1e-12), with p = q + d·n
// and n pointing out; every face is wound so that its normal points out. Just inside, the
// faces that answer are the ones over whose face the point lies within the depth, each with
// minus that depth; elsewhere they report +Inf.
func TestTriangleBoxPoints(t *testing.T) {
	const hx, hy, hz, depth = 0.03, 0.02, 0.01, 0.004
	faces := boxFaces(hx, hy, hz, depth)
	for i := range faces {
		if err := faces[i].Validate(); err != nil {
			t.Fatal(err)
		}
		if c := faces[i].A.Add(faces[i].B).Add(faces[i].C).Scale(1.0 / 3); faces[i].faceNormal().Dot(c) <= 0 {
			t.Fatalf("face %d is wound inward", i)
		}
	}
	r := newRand(testSeed(t))
	var outside, inside int
	for k := 0; k < 20000; k++ {
		p := v3(0.05*(2*r.Float64()-1), 0.04*(2*r.Float64()-1), 0.03*(2*r.Float64()-1))
		want := boxDist(p, hx, hy, hz)
		best := math.Inf(1)
		for i := range faces {
			q, n, d := faces[i].PointDist(p)
			if math.IsInf(d, 1) {
				continue
			}
			if e := q.Add(n.Scale(d)).Sub(p).Norm(); e > 1e-12 {
				t.Fatalf("p %v face %d: q + d·n is %g from p", p, i, e)
			}
			if math.Abs(n.Norm()-1) > 1e-12 {
				t.Fatalf("p %v face %d: |n| = %v", p, i, n.Norm())
			}
			best = math.Min(best, d)
			if want < 0 {
				// Inside: only faces whose own plane is within the depth answer, with its depth.
				h := p.Sub(faces[i].A).Dot(faces[i].faceNormal())
				if math.Abs(d-h) > 1e-12 || -h > depth {
					t.Fatalf("p %v inside (depth %v) face %d: d = %v, its plane's depth %v (limit %v)", p, -want, i, d, -h, depth)
				}
			}
		}
		switch {
		case want >= 0:
			outside++
			if math.Abs(best-want) > 1e-12 {
				t.Fatalf("p %v outside: least face distance %v, box distance %v", p, best, want)
			}
		case -want < depth:
			inside++
			// The nearest face answers (the deepest answering face may be deeper, at a corner).
			if !(best <= want+1e-12) {
				t.Fatalf("p %v at depth %v: least face distance %v", p, -want, best)
			}
		case -want > depth+1e-12:
			// Deeper than the depth below every face: none answers.
			if !math.IsInf(best, 1) {
				t.Fatalf("p %v at depth %v (beyond %v): a face answered %v", p, -want, depth, best)
			}
		}
	}
	if outside < 1000 || inside < 200 {
		t.Fatalf("too few samples: %d outside, %d within the depth", outside, inside)
	}
}

// Segments round the box: the least SegDist over the faces is the exact distance from the
// segment to the box when the segment stays outside, found against sampling of the segment;
// t and q report where, with p(t) = q + d·n. A segment dipping into the box over a face
// reports its deeper end's depth.
func TestTriangleBoxSegments(t *testing.T) {
	const hx, hy, hz, depth = 0.03, 0.02, 0.01, 0.004
	faces := boxFaces(hx, hy, hz, depth)
	r := newRand(testSeed(t))
	var n int
	for k := 0; k < 5000; k++ {
		p0 := v3(0.05*(2*r.Float64()-1), 0.04*(2*r.Float64()-1), 0.03*(2*r.Float64()-1))
		p1 := p0.Add(randV(r, 0.01))
		// Sampled distance along the segment (an upper bound on the least distance).
		sampled := math.Inf(1)
		const m = 2000
		for j := 0; j <= m; j++ {
			sampled = math.Min(sampled, boxDist(p0.Lerp(p1, float64(j)/m), hx, hy, hz))
		}
		if sampled <= 0 {
			continue // enters the box: the dip case below
		}
		n++
		best, bt := math.Inf(1), -1.0
		for i := range faces {
			tt, q, nn, d := faces[i].SegDist(p0, p1)
			if d < best {
				best, bt = d, tt
				if e := q.Add(nn.Scale(d)).Sub(p0.Lerp(p1, tt)).Norm(); e > 1e-12 {
					t.Fatalf("segment %v–%v face %d: q + d·n is %g from p(t)", p0, p1, i, e)
				}
			}
		}
		// Sampling misses the minimum by at most |p1−p0|/m along the segment.
		if best > sampled+1e-12 || best < sampled-p1.Sub(p0).Norm()/m-1e-12 {
			t.Fatalf("segment %v–%v: least face distance %v at t=%v, sampled %v", p0, p1, best, bt, sampled)
		}
		if got := boxDist(p0.Lerp(p1, bt), hx, hy, hz); math.Abs(got-best) > 1e-12 {
			t.Fatalf("segment %v–%v: the point at t=%v is %v from the box, SegDist said %v", p0, p1, bt, got, best)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d segments outside", n)
	}
	// A segment dipping under the top face (z = hz) from 1 mm above to 2 mm below, away from
	// its edges: the top's triangles report the deeper end, −2 mm, normal +z.
	p0, p1 := v3(-0.01, 0.002, hz+0.001), v3(0.01, -0.003, hz-0.002)
	best, bn, bt := math.Inf(1), vec.V3{}, -1.0
	for i := range faces {
		if tt, _, nn, d := faces[i].SegDist(p0, p1); d < best {
			best, bn, bt = d, nn, tt
		}
	}
	if math.Abs(best+0.002) > 1e-12 || bn != v3(0, 0, 1) || bt != 1 {
		t.Errorf("dipping segment: d = %v, n = %v, t = %v; want −0.002, +z, 1", best, bn, bt)
	}
	// Crossing the top face with the lower end deeper than the depth: touching at d = 0.
	p1 = v3(0.01, -0.003, hz-0.006)
	best, bn = math.Inf(1), vec.V3{}
	for i := range faces {
		if _, _, nn, d := faces[i].SegDist(p0, p1); d < best {
			best, bn = d, nn
		}
	}
	if best != 0 || bn != v3(0, 0, 1) {
		t.Errorf("segment through the top, end beyond the depth: d = %v, n = %v; want 0, +z", best, bn)
	}
}

// A single triangle: in front of its plane the distance to it; behind its plane, over the face
// within the depth, minus the depth; behind beyond an edge or deeper, no contact.
func TestTriangleCases(t *testing.T) {
	s := Shape{Kind: Triangle, A: v3(0, 0, 0), B: v3(1, 0, 0), C: v3(0, 1, 0), Radius: 0.1}
	for _, c := range []struct {
		p    vec.V3
		d    float64
		n, q vec.V3
	}{
		{v3(0.2, 0.2, 0.5), 0.5, v3(0, 0, 1), v3(0.2, 0.2, 0)},     // over the face
		{v3(-0.3, 0.5, 0.4), 0.5, v3(-0.6, 0, 0.8), v3(0, 0.5, 0)}, // beyond edge AC, in front
		{v3(0.2, 0.2, -0.05), -0.05, v3(0, 0, 1), v3(0.2, 0.2, 0)}, // behind, within the depth
		{v3(0.2, 0.2, 0), 0, v3(0, 0, 1), v3(0.2, 0.2, 0)},         // on the face
		{v3(0.2, 0.2, -0.2), math.Inf(1), vec.V3{}, v3(0.2, 0.2, -0.2)},
		{v3(-0.1, 0.5, -0.05), math.Inf(1), vec.V3{}, v3(-0.1, 0.5, -0.05)}, // behind, beyond edge AC
	} {
		q, n, d := s.PointDist(c.p)
		if math.Abs(d-c.d) > 1e-15 && d != c.d || n.Sub(c.n).Norm() > 1e-15 || q.Sub(c.q).Norm() > 1e-15 {
			t.Errorf("PointDist(%v) = q %v n %v d %v; want q %v n %v d %v", c.p, q, n, d, c.q, c.n, c.d)
		}
	}
	if b := s.Bounds(); b.Min != v3(-0.1, -0.1, -0.1) || b.Max != v3(1.1, 1.1, 0.1) {
		t.Errorf("Bounds = %v", b)
	}
	for _, bad := range []Shape{
		{Kind: Triangle, A: v3(0, 0, 0), B: v3(1, 0, 0), C: v3(2, 0, 0), Radius: 0.1},
		{Kind: Triangle, A: v3(0, 0, 0), B: v3(1, 0, 0), C: v3(0, 1, 0)},
		{Kind: Triangle, A: v3(0, 0, 0), B: v3(1, 0, 0), C: v3(0, math.NaN(), 0), Radius: 0.1},
	} {
		if err := bad.Validate(); err == nil {
			t.Errorf("Validate(%+v) = nil", bad)
		}
	}
	if Triangle.String() != "triangle" {
		t.Errorf("Triangle.String() = %q", Triangle.String())
	}
	if n := testing.AllocsPerRun(100, func() { s.SegDist(v3(0.1, 0.1, 0.3), v3(0.4, 0.1, -0.05)) }); n != 0 {
		t.Errorf("SegDist allocates %v times", n)
	}
}

func BenchmarkSegDistTriangle(b *testing.B) {
	faces := boxFaces(0.03, 0.02, 0.01, 0.004)
	r := newRand(7)
	const n = 256
	var segs [n][2]vec.V3
	for i := range segs {
		p0 := v3(0.05*(2*r.Float64()-1), 0.04*(2*r.Float64()-1), 0.03*(2*r.Float64()-1))
		segs[i] = [2]vec.V3{p0, p0.Add(randV(r, 0.005))}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sg := &segs[i&(n-1)]
		_, _, _, d := faces[i%len(faces)].SegDist(sg[0], sg[1])
		sinkF += d
		i++
	}
}

// A Mesh answers as the least of its faces, found through its tree: random segments and points
// round a box cut into 8 × 8 squares a face (768 faces) and a dipping segment, against a pass
// over every face, and the same within a bound (SegDistWithin); every query allocation-free.
// NewTriMesh refuses bad input by name.
func TestTriMeshMatchesFaces(t *testing.T) {
	const hx, hy, hz, depth = 0.03, 0.02, 0.01, 0.004
	m, faces, pos, tris := boxMesh(t)
	s := Shape{Kind: Mesh, Mesh: m}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	r := newRand(testSeed(t))
	var near int
	for k := 0; k < 3000; k++ {
		p0 := v3(0.05*(2*r.Float64()-1), 0.04*(2*r.Float64()-1), 0.03*(2*r.Float64()-1))
		p1 := p0.Add(randV(r, 0.005))
		if k%3 == 0 {
			p1 = p0
		}
		want := math.Inf(1)
		for i := range faces {
			_, _, _, d := faces[i].SegDist(p0, p1)
			want = math.Min(want, d)
		}
		tt, q, n, d := s.SegDist(p0, p1)
		// Several faces meeting at an edge or corner attain the least distance, each with its
		// own rounding: equal to an ulp.
		if d != want && math.Abs(d-want) > 1e-15 {
			t.Fatalf("segment %v–%v: mesh %v, least face %v", p0, p1, d, want)
		}
		if !math.IsInf(d, 1) {
			near++
			if e := q.Add(n.Scale(d)).Sub(p0.Lerp(p1, tt)).Norm(); e > 1e-12 {
				t.Fatalf("segment %v–%v: q + d·n is %g from p(t)", p0, p1, e)
			}
		}
		// Asked within a bound, it answers the same where the distance is below it, and at
		// least the bound elsewhere.
		for _, lim := range []float64{0.0005, 0.002, 0.01} {
			wt, wq, wn, wd := s.SegDistWithin(p0, p1, lim)
			if d < lim && (wd != d || wt != tt || wq != q || wn != n) || !(d < lim) && wd < lim {
				t.Fatalf("segment %v–%v within %g: (%v %v %v %v), SegDist (%v %v %v %v)", p0, p1, lim, wt, wq, wn, wd, tt, q, n, d)
			}
		}
		if _, _, pd := s.PointDist(p0); math.Abs(pd-func() float64 {
			w := math.Inf(1)
			for i := range faces {
				_, _, e := faces[i].PointDist(p0)
				w = math.Min(w, e)
			}
			return w
		}()) > 1e-15 {
			t.Fatalf("point %v: mesh PointDist %v differs from the least face's", p0, pd)
		}
	}
	if near < 1000 {
		t.Fatalf("only %d queries reached the mesh", near)
	}
	// The box of the faces and of their solids behind them: the box itself.
	if b := s.Bounds(); b.Min.Sub(v3(-hx, -hy, -hz)).Norm() > 1e-15 || b.Max.Sub(v3(hx, hy, hz)).Norm() > 1e-15 {
		t.Errorf("Bounds = %v", b)
	}
	if a := testing.AllocsPerRun(100, func() { s.SegDist(v3(0.01, 0.005, hz+0.001), v3(0.012, 0.004, hz-0.001)) }); a != 0 {
		t.Errorf("SegDist allocates %v times", a)
	}
	for _, c := range []struct {
		pos   []vec.V3
		tris  [][3]int32
		depth float64
		want  string
	}{
		{pos, nil, depth, "no triangles"},
		{pos, [][3]int32{{0, 1, int32(len(pos))}}, depth, "mesh triangle 0: node"},
		{pos, tris, 0, "depth 0 m must be > 0"},
		{[]vec.V3{{}, {X: 1}, {X: 2}}, [][3]int32{{0, 1, 2}}, depth, "mesh triangle 0: shape: triangle"},
	} {
		if _, err := NewTriMesh(c.pos, c.tris, c.depth); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewTriMesh: err = %v, want %q", err, c.want)
		}
	}
	if err := (&Shape{Kind: Mesh}).Validate(); err == nil {
		t.Error("a Mesh without a TriMesh is valid")
	}
}

// boxMesh is the box of boxFaces with each face cut into 8 × 8 × 2 pieces (768 faces), as a
// TriMesh and as its faces.
func boxMesh(t testing.TB) (*TriMesh, []Shape, []vec.V3, [][3]int32) {
	const hx, hy, hz, depth = 0.03, 0.02, 0.01, 0.004
	var pos []vec.V3
	var tris [][3]int32
	for _, f := range boxFaces(hx, hy, hz, depth) { // each face cut into 8 × 8 × 2 pieces
		for i := 0; i < 8; i++ {
			for j := 0; i+j < 8; j++ {
				at := func(a, b float64) vec.V3 {
					return f.A.Add(f.B.Sub(f.A).Scale(a / 8)).Add(f.C.Sub(f.A).Scale(b / 8))
				}
				k := int32(len(pos))
				pos = append(pos, at(float64(i), float64(j)), at(float64(i+1), float64(j)), at(float64(i), float64(j+1)))
				tris = append(tris, [3]int32{k, k + 1, k + 2})
				if i+j < 7 {
					pos = append(pos, at(float64(i+1), float64(j+1)))
					tris = append(tris, [3]int32{k + 1, k + 3, k + 2})
				}
			}
		}
	}
	m, err := NewTriMesh(pos, tris, depth)
	if err != nil {
		t.Fatal(err)
	}
	faces := make([]Shape, len(tris))
	for i, tr := range tris {
		faces[i] = Shape{Kind: Triangle, A: pos[tr[0]], B: pos[tr[1]], C: pos[tr[2]], Radius: depth}
	}
	return m, faces, pos, tris
}

// BenchmarkSegDistMesh queries a rope's segments (5 mm, starting within 5 mm of the surface)
// against a box as a mesh of 12 faces and of 768 (boxMesh): the nearest face, and only a face
// within 2 mm.
func BenchmarkSegDistMesh(b *testing.B) {
	const hx, hy, hz, depth = 0.03, 0.02, 0.01, 0.004
	faces := boxFaces(hx, hy, hz, depth)
	var pos []vec.V3
	var tris [][3]int32
	for _, f := range faces {
		k := int32(len(pos))
		pos = append(pos, f.A, f.B, f.C)
		tris = append(tris, [3]int32{k, k + 1, k + 2})
	}
	small, err := NewTriMesh(pos, tris, depth)
	if err != nil {
		b.Fatal(err)
	}
	large, _, _, _ := boxMesh(b)
	r := newRand(7)
	const n = 256
	var segs [n][2]vec.V3
	for i := range segs {
		for {
			p0 := v3((hx+0.005)*(2*r.Float64()-1), (hy+0.005)*(2*r.Float64()-1), (hz+0.005)*(2*r.Float64()-1))
			if d := boxDist(p0, hx, hy, hz); d > 0 && d < 0.005 {
				segs[i] = [2]vec.V3{p0, p0.Add(randV(r, 0.005))}
				break
			}
		}
	}
	for _, c := range []struct {
		name string
		m    *TriMesh
	}{{"faces=12", small}, {"faces=768", large}} {
		s := Shape{Kind: Mesh, Mesh: c.m}
		b.Run(c.name, func(b *testing.B) { loopSegDist(b, &s, segs[:], math.Inf(1)) })
		// As a broad phase asks: only within 2 mm (a 1 mm rope and its margin).
		b.Run(c.name+"/within=2mm", func(b *testing.B) { loopSegDist(b, &s, segs[:], 0.002) })
	}
}
