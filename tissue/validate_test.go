package tissue

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// genSlab returns Slab(size, cells) or fails the test.
func genSlab(tb testing.TB, size vec.V3, cells [3]int) *Mesh {
	tb.Helper()
	m, err := Slab(SlabSpec{Size: size, Cells: cells})
	if err != nil {
		tb.Fatalf("Slab(%v, %v): %v", size, cells, err)
	}
	return m
}

// unitCube is the unit cube as one Kuhn cell: 8 nodes, 6 tetrahedra.
func unitCube(tb testing.TB) *Mesh { return genSlab(tb, vec.V3{X: 1, Y: 1, Z: 1}, [3]int{1, 1, 1}) }

// cloneMesh returns a deep copy of m.
func cloneMesh(m *Mesh) *Mesh {
	return &Mesh{Nodes: slices.Clone(m.Nodes), Tets: slices.Clone(m.Tets), Surf: slices.Clone(m.Surf)}
}

// sameMesh reports whether a and b are identical, node coordinates compared bit for bit (so
// that NaN equals itself and −0 differs from 0), nil and empty slices equal.
func sameMesh(a, b *Mesh) bool {
	if len(a.Nodes) != len(b.Nodes) {
		return false
	}
	for i := range a.Nodes {
		p, q := a.Nodes[i], b.Nodes[i]
		if math.Float64bits(p.X) != math.Float64bits(q.X) || math.Float64bits(p.Y) != math.Float64bits(q.Y) ||
			math.Float64bits(p.Z) != math.Float64bits(q.Z) {
			return false
		}
	}
	return slices.Equal(a.Tets, b.Tets) && slices.Equal(a.Surf, b.Surf)
}

// joinMeshes returns the union of the meshes, each moved by its offset, with nodes at
// identical coordinates merged when merge is set. Surf is left empty.
func joinMeshes(merge bool, parts []*Mesh, offsets []vec.V3) *Mesh {
	out := &Mesh{}
	at := map[vec.V3]int32{}
	for k, m := range parts {
		idx := make([]int32, len(m.Nodes))
		for i, p := range m.Nodes {
			p = p.Add(offsets[k])
			if j, ok := at[p]; ok && merge {
				idx[i] = j
				continue
			}
			idx[i] = int32(len(out.Nodes))
			at[p] = idx[i]
			out.Nodes = append(out.Nodes, p)
		}
		for _, t := range m.Tets {
			out.Tets = append(out.Tets, [4]int32{idx[t[0]], idx[t[1]], idx[t[2]], idx[t[3]]})
		}
	}
	return out
}

// nodeAt returns the index of the node at p, or −1.
func nodeAt(m *Mesh, p vec.V3) int32 {
	for i, q := range m.Nodes {
		if q == p {
			return int32(i)
		}
	}
	return -1
}

func TestValidateCube(t *testing.T) {
	m := unitCube(t)
	m.Surf = nil
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(m.Surf) != 12 {
		t.Fatalf("the cube has %d surface triangles, want 12", len(m.Surf))
	}
	c := vec.V3{X: 0.5, Y: 0.5, Z: 0.5}
	for _, f := range m.Surf {
		a, b, d := m.Nodes[f[0]], m.Nodes[f[1]], m.Nodes[f[2]]
		n := b.Sub(a).Cross(d.Sub(a))
		if n.Dot(a.Add(b).Add(d).Scale(1.0/3).Sub(c)) <= 0 {
			t.Errorf("surface triangle %v is wound inward", f)
		}
	}
	if v := m.Volume(); math.Abs(v-1) > 1e-15 {
		t.Errorf("volume %v, want 1", v)
	}
	lo, hi := m.Bounds()
	if lo != (vec.V3{}) || hi != (vec.V3{X: 1, Y: 1, Z: 1}) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	if lo, hi := (&Mesh{}).Bounds(); lo != (vec.V3{}) || hi != (vec.V3{}) {
		t.Errorf("bounds of an empty mesh %v %v, want zeros", lo, hi)
	}
}

// TestValidateErrors builds each defect by hand and checks Validate's error and that the mesh,
// Surf included, is left unchanged.
func TestValidateErrors(t *testing.T) {
	// A tetrahedron (0,0,0), (1,0,0), (0,1,0) and a fourth node d; positive for d.Z > 0.
	tri := []vec.V3{{}, {X: 1}, {Y: 1}}
	cases := []struct {
		name  string
		build func() *Mesh
		want  []string
	}{
		{"no tetrahedra", func() *Mesh { return &Mesh{Nodes: tri} }, []string{"tissue: the mesh has no tetrahedra"}},
		{"too many nodes", func() *Mesh {
			m := unitCube(t)
			m.Nodes = make([]vec.V3, MaxNodes+1)
			return m
		}, []string{"2000001 nodes exceed MaxNodes = 2000000"}},
		{"inverted", func() *Mesh {
			m := unitCube(t)
			m.Tets[2][1], m.Tets[2][2] = m.Tets[2][2], m.Tets[2][1]
			return m
		}, []string{"tissue: tetrahedron 2 (nodes 0 2 3 7) is inverted: signed volume -0.167 m³"}},
		{"degenerate sliver", func() *Mesh {
			return &Mesh{Nodes: append(slices.Clone(tri), vec.V3{X: 0.2, Y: 0.2, Z: 1e-7}), Tets: [][4]int32{{0, 1, 2, 3}}}
		}, []string{"tetrahedron 0 (nodes 0 1 2 3) is degenerate: signed volume 1.67e-08 m³ ≤ 1e-06·(longest edge 1.41 m)³"}},
		{"flat", func() *Mesh {
			return &Mesh{Nodes: append(slices.Clone(tri), vec.V3{X: 1, Y: 1}), Tets: [][4]int32{{0, 1, 2, 3}}}
		}, []string{"tetrahedron 0", "degenerate: signed volume 0 m³"}},
		{"index out of range", func() *Mesh {
			m := unitCube(t)
			m.Tets[3][0] = 8
			return m
		}, []string{"tetrahedron 3 (nodes 8 ", "node index 8 out of range [0, 8)"}},
		{"negative index", func() *Mesh {
			m := unitCube(t)
			m.Tets[5][3] = -1
			return m
		}, []string{"tetrahedron 5", "node index -1 out of range"}},
		{"repeated node", func() *Mesh {
			m := unitCube(t)
			m.Tets[1][2] = m.Tets[1][0]
			return m
		}, []string{"tetrahedron 1 (nodes 0 5 0 7) repeats node 0"}},
		{"NaN coordinate", func() *Mesh {
			m := unitCube(t)
			m.Nodes[5].Y = math.NaN()
			return m
		}, []string{"node 5 is not finite: (1, NaN, 1) m"}},
		{"infinite coordinate", func() *Mesh {
			m := unitCube(t)
			m.Nodes[7].Z = math.Inf(-1)
			return m
		}, []string{"node 7 is not finite"}},
		{"orphan node", func() *Mesh {
			m := unitCube(t)
			m.Nodes = append(m.Nodes, vec.V3{X: 3})
			return m
		}, []string{"tissue: node 8 belongs to no tetrahedron"}},
		{"face shared by 3 tetrahedra", func() *Mesh {
			return &Mesh{
				Nodes: append(slices.Clone(tri), vec.V3{X: 0.3, Y: 0.3, Z: 1}, vec.V3{X: 0.2, Y: 0.2, Z: 2}, vec.V3{X: 0.3, Y: 0.3, Z: -1}),
				Tets:  [][4]int32{{0, 1, 2, 3}, {0, 1, 2, 4}, {0, 2, 1, 5}},
			}
		}, []string{"tissue: face (0 1 2) is shared by 3 tetrahedra", "non-manifold"}},
		{"two tetrahedra on the same side", func() *Mesh {
			return &Mesh{
				Nodes: append(slices.Clone(tri), vec.V3{X: 0.3, Y: 0.3, Z: 1}, vec.V3{X: 0.2, Y: 0.2, Z: 2}),
				Tets:  [][4]int32{{0, 1, 2, 3}, {0, 1, 2, 4}},
			}
		}, []string{"face (0 1 2) has tetrahedra 0 and 1 on the same side: they overlap"}},
		{"cubes touching along an edge", func() *Mesh {
			return joinMeshes(true, []*Mesh{unitCube(t), unitCube(t)}, []vec.V3{{}, {X: 1, Y: 1}})
		}, []string{"surface edge (3 7) is in 4 surface triangles: non-manifold"}},
		{"cubes touching at a corner", func() *Mesh {
			return joinMeshes(true, []*Mesh{unitCube(t), unitCube(t)}, []vec.V3{{}, {X: 1, Y: 1, Z: 1}})
		}, []string{"the surface is pinched at node 7"}},
		{"interpenetrating cubes", func() *Mesh {
			return joinMeshes(false, []*Mesh{unitCube(t), unitCube(t)}, []vec.V3{{}, {X: 0.5, Y: 0.3, Z: 0.7}})
		}, []string{"tissue: the surface intersects itself: surface triangles (", ") and (", ") intersect"}},
		{"cubes touching face to face with separate nodes", func() *Mesh {
			return joinMeshes(false, []*Mesh{unitCube(t), unitCube(t)}, []vec.V3{{}, {X: 1}})
		}, []string{"the surface intersects itself"}},
		{"cube inside a cube", func() *Mesh {
			small := genSlab(t, vec.V3{X: 0.2, Y: 0.2, Z: 0.2}, [3]int{1, 1, 1})
			return joinMeshes(false, []*Mesh{genSlab(t, vec.V3{X: 1, Y: 1, Z: 1}, [3]int{2, 2, 2}), small}, []vec.V3{{}, {X: 0.1, Y: 0.1, Z: 0.1}})
		}, []string{"tissue: the tetrahedra overlap: the surface through node 27 lies inside the tissue bounded by the surface through node 0, so the region behind it is covered 2 times"}},
		{"cube inside the cavity's wall", func() *Mesh {
			return joinMeshes(false, []*Mesh{hollowCube(t), genSlab(t, vec.V3{X: 0.5, Y: 0.5, Z: 0.5}, [3]int{1, 1, 1})}, []vec.V3{{}, {X: 0.25, Y: 1.25, Z: 1.25}})
		}, []string{"the tetrahedra overlap", "covered 2 times"}},
		{"interior node pushed through a face", func() *Mesh {
			m := genSlab(t, vec.V3{X: 1, Y: 1, Z: 1}, [3]int{2, 2, 2})
			m.Nodes[13] = vec.V3{X: 0.5, Y: 0.5, Z: 1.2} // the centre node, out through the top
			return m
		}, []string{"is inverted"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := c.build()
			sentinel := [][3]int32{{7, 7, 7}}
			m.Surf = sentinel
			before := cloneMesh(m)
			err := m.Validate()
			if err == nil {
				t.Fatal("Validate accepted the mesh")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if !strings.HasPrefix(err.Error(), "tissue: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
			if !sameMesh(m, before) {
				t.Error("Validate changed the mesh it refused")
			}
		})
	}
}

// hollowCube is the cube [0, 3]³ of 3×3×3 unit cells without its centre cell: a cavity.
func hollowCube(tb testing.TB) *Mesh {
	m := genSlab(tb, vec.V3{X: 3, Y: 3, Z: 3}, [3]int{3, 3, 3})
	centre := (1*3+1)*3 + 1 // cell (1, 1, 1)
	m.Tets = slices.Delete(m.Tets, 6*centre, 6*centre+6)
	return m
}

// TestValidateNested: a cavity, and an island inside it, are valid; they are what the nesting
// check must not refuse.
func TestValidateNested(t *testing.T) {
	m := hollowCube(t)
	if err := m.Validate(); err != nil {
		t.Fatalf("hollow cube: %v", err)
	}
	if v := m.Volume(); math.Abs(v-26) > 1e-12 {
		t.Errorf("hollow cube: volume %v, want 26", v)
	}
	island := joinMeshes(false, []*Mesh{m, genSlab(t, vec.V3{X: 0.5, Y: 0.5, Z: 0.5}, [3]int{1, 1, 1})},
		[]vec.V3{{}, {X: 1.25, Y: 1.25, Z: 1.25}})
	if err := island.Validate(); err != nil {
		t.Fatalf("island in the cavity: %v", err)
	}
	apart := joinMeshes(false, []*Mesh{unitCube(t), unitCube(t)}, []vec.V3{{}, {X: 1.5}})
	if err := apart.Validate(); err != nil {
		t.Fatalf("two separate cubes: %v", err)
	}
}

// TestValidateEdgeNamed checks that the non-manifold edge named is the shared one.
func TestValidateEdgeNamed(t *testing.T) {
	m := joinMeshes(true, []*Mesh{unitCube(t), unitCube(t)}, []vec.V3{{}, {X: 1, Y: 1}})
	a, b := nodeAt(m, vec.V3{X: 1, Y: 1}), nodeAt(m, vec.V3{X: 1, Y: 1, Z: 1})
	err := m.Validate()
	if want := fmt.Sprintf("surface edge (%d %d)", min(a, b), max(a, b)); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want one naming %s", err, want)
	}
}

// TestCheckSurfaceZeroArea: no tetrahedron that passes the quality floor has a zero-area face,
// so the zero-area check of the surface is tested on a hand-made closed surface: the boundary
// of a flat tetrahedron with three collinear nodes.
func TestCheckSurfaceZeroArea(t *testing.T) {
	x := []vec.V3{{}, {X: 1}, {X: 2}, {Y: 1}}
	surf := [][3]int32{{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}}
	err := checkSurface(x, surf)
	if err == nil || !strings.Contains(err.Error(), "surface triangle (0 2 1) has zero area: 0 m² ≤ 1e-12·(longest edge 2 m)²") {
		t.Fatalf("error %v, want the zero-area triangle (0 2 1)", err)
	}
	// An open surface and an inconsistently wound one.
	if err := checkSurface(x, surf[:3]); err == nil || !strings.Contains(err.Error(), "in 1 surface triangle: the surface is not closed") {
		t.Errorf("open surface: error %v", err)
	}
	bad := slices.Clone(surf)
	bad[0] = [3]int32{0, 1, 2}
	if err := checkSurface(x, bad); err == nil || !strings.Contains(err.Error(), "not consistently wound") {
		t.Errorf("flipped triangle: error %v", err)
	}
}

func TestTriTri(t *testing.T) {
	tri := [3]vec.V3{{}, {X: 1}, {Y: 1}}
	cases := []struct {
		name string
		b    [3]vec.V3
		want bool
	}{
		{"piercing", [3]vec.V3{{X: 0.2, Y: 0.2, Z: -1}, {X: 0.3, Y: 0.2, Z: 1}, {X: 0.2, Y: 0.3, Z: 1}}, true},
		{"above", [3]vec.V3{{X: 0.2, Y: 0.2, Z: 0.1}, {X: 0.3, Y: 0.2, Z: 1}, {X: 0.2, Y: 0.3, Z: 1}}, false},
		{"touching at a point", [3]vec.V3{{X: 0.2, Y: 0.2}, {X: 0.3, Y: 0.2, Z: 1}, {X: 0.2, Y: 0.3, Z: 1}}, true},
		{"coplanar overlapping", [3]vec.V3{{X: 0.4, Y: 0.4}, {X: 2, Y: 0.4}, {X: 0.4, Y: 2}}, true},
		{"coplanar disjoint across the hypotenuse", [3]vec.V3{{X: 0.6, Y: 0.6}, {X: 2, Y: 0.6}, {X: 0.6, Y: 2}}, false},
		{"coplanar inside", [3]vec.V3{{X: 0.1, Y: 0.1}, {X: 0.2, Y: 0.1}, {X: 0.1, Y: 0.2}}, true},
		{"parallel planes", [3]vec.V3{{Z: 1e-9}, {X: 1, Z: 1e-9}, {Y: 1, Z: 1e-9}}, false},
		{"edge through edge", [3]vec.V3{{X: 0.5, Y: -0.5, Z: -0.5}, {X: 0.5, Y: 0.5, Z: 0.5}, {X: 0.5, Y: -0.5, Z: 0.5}}, true},
		{"crossing beside", [3]vec.V3{{X: 0.8, Y: 0.8, Z: -1}, {X: 0.9, Y: 0.8, Z: 1}, {X: 0.8, Y: 0.9, Z: 1}}, false},
		{"skew edges passing", [3]vec.V3{{X: 0.6, Y: 0.6, Z: -0.1}, {X: 0.6, Y: 0.6, Z: 1}, {X: 2, Y: 2, Z: 0.5}}, false},
	}
	for _, c := range cases {
		for swap := range 2 {
			a, b := tri, c.b
			if swap == 1 {
				a, b = b, a
			}
			if got := triTri(a[0], a[1], a[2], b[0], b[1], b[2]); got != c.want {
				t.Errorf("%s (swapped %d): triTri = %v, want %v", c.name, swap, got, c.want)
			}
		}
	}
}

// TestSurfaceIntersectionsBrute checks the grid broad phase against all pairs on random
// triangle soups of mixed sizes (seeded).
func TestSurfaceIntersectionsBrute(t *testing.T) {
	for seed := range uint64(5) {
		rng := rand.New(rand.NewPCG(seed, 7))
		var x []vec.V3
		var surf [][3]int32
		for i := range 400 {
			c := vec.V3{X: rng.Float64(), Y: rng.Float64(), Z: rng.Float64() * 0.3}
			s := 0.05
			if i%50 == 0 {
				s = 0.4 // a few large triangles
			}
			base := int32(len(x))
			for range 3 {
				x = append(x, c.Add(vec.V3{X: s * (rng.Float64() - 0.5), Y: s * (rng.Float64() - 0.5), Z: s * (rng.Float64() - 0.5)}))
			}
			f := [3]int32{base, base + 1, base + 2}
			if i%7 == 3 && i > 0 { // share a node with the previous triangle
				f[0] = base - 1
			}
			surf = append(surf, f)
		}
		var want [][2]int32
		for i := range surf {
			for j := i + 1; j < len(surf); j++ {
				a, b := surf[i], surf[j]
				if shareNode(a, b) {
					continue
				}
				if triTri(x[a[0]], x[a[1]], x[a[2]], x[b[0]], x[b[1]], x[b[2]]) {
					want = append(want, [2]int32{int32(i), int32(j)})
				}
			}
		}
		got := surfaceIntersections(x, surf, 0)
		slices.SortFunc(got, func(a, b [2]int32) int {
			if a[0] != b[0] {
				return int(a[0] - b[0])
			}
			return int(a[1] - b[1])
		})
		if !slices.Equal(got, want) {
			t.Errorf("seed %d: the grid found %d intersecting pairs, all pairs %d", seed, len(got), len(want))
		}
		if len(want) < 10 {
			t.Errorf("seed %d: only %d intersecting pairs: the test is too weak", seed, len(want))
		}
	}
}

// TestBoundaryByMap checks the face matching against a map of sorted faces, and the winding
// against the geometry, on a tube (whose seam makes the matching non-trivial).
func TestBoundaryByMap(t *testing.T) {
	m, err := Tube(TubeSpec{Inner: 2e-3, Wall: 1e-3, Length: 5e-3, Around: 7, Through: 2, Along: 3})
	if err != nil {
		t.Fatal(err)
	}
	type owner struct{ tet, count int }
	faces := map[[3]int32]owner{}
	for ti, tt := range m.Tets {
		for j := range 4 {
			var f [3]int32
			k := 0
			for q := range 4 {
				if q != j {
					f[k] = tt[q]
					k++
				}
			}
			slices.Sort(f[:])
			o := faces[f]
			faces[f] = owner{ti, o.count + 1}
		}
	}
	want := 0
	for _, o := range faces {
		if o.count == 1 {
			want++
		}
	}
	if len(m.Surf) != want {
		t.Fatalf("%d surface triangles, the map finds %d", len(m.Surf), want)
	}
	for _, f := range m.Surf {
		s := f
		slices.Sort(s[:])
		o, ok := faces[s]
		if !ok || o.count != 1 {
			t.Fatalf("surface triangle %v is not a face of exactly one tetrahedron", f)
		}
		var fourth int32
		for _, v := range m.Tets[o.tet] {
			if v != s[0] && v != s[1] && v != s[2] {
				fourth = v
			}
		}
		a, b, c := m.Nodes[f[0]], m.Nodes[f[1]], m.Nodes[f[2]]
		if b.Sub(a).Cross(c.Sub(a)).Dot(m.Nodes[fourth].Sub(a)) >= 0 {
			t.Errorf("surface triangle %v points into its tetrahedron %d", f, o.tet)
		}
	}
}

// slabCells returns cells of a near-cubic slab with about n tetrahedra.
func slabCells(n int) [3]int {
	c := math.Cbrt(float64(n) / 6)
	a := int(math.Round(c))
	b := max(1, int(math.Round(float64(n)/6/float64(a*a))))
	return [3]int{a, a, b}
}

func BenchmarkValidate(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		cells := slabCells(n)
		m := genSlab(b, vec.V3{X: 0.01 * float64(cells[0]), Y: 0.01 * float64(cells[1]), Z: 0.01 * float64(cells[2])}, cells)
		b.Run(fmt.Sprintf("tets=%d", len(m.Tets)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := m.Validate(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.Tets)), "ns/tet")
		})
	}
}
