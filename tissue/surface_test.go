package tissue

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// cloneSurface returns a deep copy of s.
func cloneSurface(s *Surface) *Surface {
	return &Surface{Nodes: slices.Clone(s.Nodes), Tris: slices.Clone(s.Tris)}
}

// sameSurface reports whether a and b are identical, coordinates compared bit for bit.
func sameSurface(a, b *Surface) bool {
	return sameBits(a.Nodes, b.Nodes) && slices.Equal(a.Tris, b.Tris)
}

func sameBits(a, b []vec.V3) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !samePoint(a[i], b[i]) {
			return false
		}
	}
	return true
}

func samePoint(p, q vec.V3) bool {
	return math.Float64bits(p.X) == math.Float64bits(q.X) && math.Float64bits(p.Y) == math.Float64bits(q.Y) &&
		math.Float64bits(p.Z) == math.Float64bits(q.Z)
}

// sameCorners reports whether a and b have as many nodes and the same triangles, in the same
// order and winding, with corners at the same points (bit for bit) after rounding a's
// coordinates by round: the same surface up to a renumbering of the nodes.
func sameCorners(a, b *Surface, round func(float64) float64) bool {
	if len(a.Nodes) != len(b.Nodes) || len(a.Tris) != len(b.Tris) {
		return false
	}
	r := func(p vec.V3) vec.V3 { return vec.V3{X: round(p.X), Y: round(p.Y), Z: round(p.Z)} }
	for i, t := range a.Tris {
		u := b.Tris[i]
		for k := range 3 {
			if !samePoint(r(a.Nodes[t[k]]), b.Nodes[u[k]]) {
				return false
			}
		}
	}
	return true
}

func exact(x float64) float64     { return x }
func toFloat32(x float64) float64 { return float64(float32(x)) }

// tetSurface is the boundary of the tetrahedron (0,0,0), (1,0,0), (0,1,0), (0,0,1), wound
// outward: volume 1/6.
func tetSurface() *Surface {
	return &Surface{
		Nodes: []vec.V3{{}, {X: 1}, {Y: 1}, {Z: 1}},
		Tris:  [][3]int32{{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}},
	}
}

// flipped returns s with every triangle's winding reversed (from triangle from on).
func flipped(s *Surface, from int) *Surface {
	c := cloneSurface(s)
	for i := from; i < len(c.Tris); i++ {
		c.Tris[i][1], c.Tris[i][2] = c.Tris[i][2], c.Tris[i][1]
	}
	return c
}

// joinSurfaces returns the union of the surfaces, each moved by its offset, nodes not merged.
func joinSurfaces(parts []*Surface, offsets []vec.V3) *Surface {
	out := &Surface{}
	for i, p := range parts {
		base := int32(len(out.Nodes))
		for _, x := range p.Nodes {
			out.Nodes = append(out.Nodes, x.Add(offsets[i]))
		}
		for _, t := range p.Tris {
			out.Tris = append(out.Tris, [3]int32{t[0] + base, t[1] + base, t[2] + base})
		}
	}
	return out
}

func TestMeshSurface(t *testing.T) {
	for _, c := range []SlabSpec{
		{vec.V3{X: 1, Y: 0.5, Z: 0.25}, [3]int{4, 2, 1}},
		{vec.V3{X: 0.04, Y: 0.01, Z: 0.005}, [3]int{16, 4, 2}},
		{vec.V3{X: 1.0 / 3, Y: 0.7, Z: 1e-3}, [3]int{3, 7, 1}},
	} {
		m := genSlab(t, c.Size, c.Cells)
		s := m.Surface()
		if err := s.Validate(true); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		x, y, z := c.Size.X, c.Size.Y, c.Size.Z
		if a, want := s.Area(), 2*(x*y+y*z+z*x); relErr(a, want) > 1e-12 {
			t.Errorf("%v: area %v, want %v", c, a, want)
		}
		if v, want := s.Volume(), x*y*z; relErr(v, want) > 1e-12 {
			t.Errorf("%v: volume %v, want %v", c, v, want)
		}
		if lo, hi := s.Bounds(); lo != (vec.V3{}) || hi != c.Size {
			t.Errorf("%v: bounds %v %v", c, lo, hi)
		}
		nx, ny, nz := c.Cells[0], c.Cells[1], c.Cells[2]
		if want := (nx+1)*(ny+1)*(nz+1) - (nx-1)*(ny-1)*(nz-1); len(s.Nodes) != want {
			t.Errorf("%v: %d surface nodes, want %d", c, len(s.Nodes), want)
		}
		// The map back to the mesh.
		ids := m.SurfaceNodes()
		if len(ids) != len(s.Nodes) || !slices.IsSorted(ids) {
			t.Fatalf("%v: SurfaceNodes %d, not sorted or not %d", c, len(ids), len(s.Nodes))
		}
		for k, i := range ids {
			if s.Nodes[k] != m.Nodes[i] {
				t.Fatalf("%v: surface node %d at %v, mesh node %d at %v", c, k, s.Nodes[k], i, m.Nodes[i])
			}
		}
		for k, f := range s.Tris {
			if g := m.Surf[k]; [3]int32{ids[f[0]], ids[f[1]], ids[f[2]]} != g {
				t.Fatalf("%v: surface triangle %d %v maps to %v, mesh surface %v", c, k, f, [3]int32{ids[f[0]], ids[f[1]], ids[f[2]]}, g)
			}
		}
		// Nothing shared.
		before := cloneMesh(m)
		s.Nodes[0].X = 42
		s.Tris[0][0] = 1
		if !sameMesh(m, before) {
			t.Errorf("%v: changing the surface changed the mesh", c)
		}
	}

	tube, err := Tube(DefaultTube(3e-3, 1e-3, 5e-3))
	if err != nil {
		t.Fatal(err)
	}
	hollow := hollowCube(t)
	if err := hollow.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*Mesh{"tube": tube, "hollow cube": hollow} {
		s := m.Surface()
		if err := s.Validate(true); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if v, want := s.Volume(), m.Volume(); relErr(v, want) > 1e-12 {
			t.Errorf("%s: volume %v, want %v", name, v, want)
		}
		if a, want := s.Area(), surfaceArea(m); relErr(a, want) > 1e-12 {
			t.Errorf("%s: area %v, want %v", name, a, want)
		}
	}
	if s := (&Mesh{}).Surface(); len(s.Nodes) != 0 || len(s.Tris) != 0 {
		t.Errorf("surface of an empty mesh: %v", s)
	}
}

func TestSurfaceMeasures(t *testing.T) {
	s := tetSurface()
	if v := s.Volume(); math.Abs(v-1.0/6) > 1e-15 {
		t.Errorf("volume %v, want 1/6", v)
	}
	if a, want := s.Area(), 1.5+math.Sqrt(3)/2; math.Abs(a-want) > 1e-15 {
		t.Errorf("area %v, want %v", a, want)
	}
	if v := flipped(s, 0).Volume(); math.Abs(v+1.0/6) > 1e-15 {
		t.Errorf("inverted: volume %v, want -1/6", v)
	}
	s.Scale(1e-3)
	if lo, hi := s.Bounds(); lo != (vec.V3{}) || hi != (vec.V3{X: 1e-3, Y: 1e-3, Z: 1e-3}) {
		t.Errorf("scaled bounds %v %v", lo, hi)
	}
	if v := s.Volume(); relErr(v, 1e-9/6) > 1e-12 {
		t.Errorf("scaled volume %v, want 1e-9/6", v)
	}
	if err := s.Validate(true); err != nil {
		t.Errorf("scaled: %v", err)
	}
	s.Scale(-1)
	if err := s.Validate(true); err == nil || !strings.Contains(err.Error(), "inverted") {
		t.Errorf("mirrored: error %v, want an inverted surface", err)
	}
	bad := &Surface{Nodes: []vec.V3{{}, {X: 1}}, Tris: [][3]int32{{0, 1, 2}, {0, 1, 0}}}
	if a, v := bad.Area(), bad.Volume(); a != 0 || v != 0 {
		t.Errorf("out of range triangles: area %v, volume %v, want 0", a, v)
	}
	if lo, hi := (&Surface{}).Bounds(); lo != (vec.V3{}) || hi != (vec.V3{}) || (&Surface{}).Volume() != 0 {
		t.Errorf("empty surface: bounds %v %v", lo, hi)
	}
}

// TestSurfaceValidateAccepts: open surfaces, with or without consistent winding, and closed
// ones with several components or two fans meeting at a node.
func TestSurfaceValidateAccepts(t *testing.T) {
	square := &Surface{Nodes: []vec.V3{{}, {X: 1}, {X: 1, Y: 1}, {Y: 1}}, Tris: [][3]int32{{0, 1, 2}, {0, 2, 3}}}
	cube := unitCube(t).Surface()
	cases := []struct {
		name   string
		s      *Surface
		closed bool
	}{
		{"one triangle", &Surface{Nodes: []vec.V3{{}, {X: 1}, {Y: 1}}, Tris: [][3]int32{{0, 1, 2}}}, false},
		{"square", square, false},
		{"square, one triangle flipped", flipped(square, 1), false},
		{"cube as open", cube, false},
		{"cube with a face flipped, as open", flipped(cube, 11), false},
		{"cube without a triangle, as open", &Surface{Nodes: cube.Nodes, Tris: cube.Tris[1:]}, false},
		{"tetrahedron", tetSurface(), true},
		{"two cubes apart", joinSurfaces([]*Surface{cube, cube}, []vec.V3{{}, {X: 2}}), true},
		{"hollow cube", hollowCube(t).Surface(), true},
		{"two tetrahedra tip to tip (the second mirrored through the shared node 0)", &Surface{
			Nodes: []vec.V3{{}, {X: 1}, {Y: 1}, {Z: 1}, {X: -1}, {Y: -1}, {Z: -1}},
			Tris:  [][3]int32{{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}, {4, 6, 5}, {0, 5, 6}, {0, 6, 4}, {0, 4, 5}},
		}, true},
	}
	for _, c := range cases {
		before := cloneSurface(c.s)
		if err := c.s.Validate(c.closed); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !sameSurface(c.s, before) {
			t.Errorf("%s: Validate changed the surface", c.name)
		}
	}
}

// TestSurfaceValidateErrors builds each defect by hand and checks Validate's error.
func TestSurfaceValidateErrors(t *testing.T) {
	tri := []vec.V3{{}, {X: 1}, {Y: 1}}
	cube := unitCube(t).Surface()
	open := tetSurface()
	open.Tris = open.Tris[:3]
	cases := []struct {
		name   string
		s      *Surface
		closed bool
		want   []string
	}{
		{"no triangles", &Surface{Nodes: tri}, false, []string{"tissue: the surface has no triangles"}},
		{"too many nodes", &Surface{Nodes: make([]vec.V3, MaxSurfaceNodes+1), Tris: [][3]int32{{0, 1, 2}}}, false,
			[]string{"tissue: 2000001 nodes exceed MaxSurfaceNodes = 2000000"}},
		{"too many triangles", &Surface{Nodes: tri, Tris: make([][3]int32, MaxSurfaceTris+1)}, false,
			[]string{"tissue: 4000001 triangles exceed MaxSurfaceTris = 4000000"}},
		{"NaN node", &Surface{Nodes: []vec.V3{{}, {X: 1}, {Y: math.NaN()}}, Tris: [][3]int32{{0, 1, 2}}}, false,
			[]string{"tissue: node 2 is not finite: (0, NaN, 0) m"}},
		{"infinite node", &Surface{Nodes: []vec.V3{{}, {X: math.Inf(1)}, {Y: 1}}, Tris: [][3]int32{{0, 1, 2}}}, false,
			[]string{"tissue: node 1 is not finite"}},
		{"node beyond MaxCoord", &Surface{Nodes: []vec.V3{{}, {X: 2e6}, {Y: 1}}, Tris: [][3]int32{{0, 1, 2}}}, false,
			[]string{"tissue: node 1 at (2e+06, 0, 0) m is beyond MaxCoord = 1e+06 m"}},
		{"index out of range", &Surface{Nodes: tri, Tris: [][3]int32{{0, 1, 3}}}, false,
			[]string{"tissue: triangle 0 (nodes 0 1 3) has node index 3 out of range [0, 3)"}},
		{"negative index", &Surface{Nodes: tri, Tris: [][3]int32{{0, 1, 2}, {-1, 1, 2}}}, false,
			[]string{"triangle 1 (nodes -1 1 2) has node index -1 out of range"}},
		{"repeated node", &Surface{Nodes: tri, Tris: [][3]int32{{0, 1, 2}, {1, 2, 1}}}, false,
			[]string{"tissue: triangle 1 (nodes 1 2 1) repeats node 1: it has zero area"}},
		{"unused node", &Surface{Nodes: append(slices.Clone(tri), vec.V3{Z: 1}), Tris: [][3]int32{{0, 1, 2}}}, false,
			[]string{"tissue: node 3 belongs to no triangle"}},
		{"coincident nodes", &Surface{Nodes: append(slices.Clone(tri), vec.V3{X: 1}, vec.V3{X: 1, Y: 1}), Tris: [][3]int32{{0, 1, 2}, {3, 4, 2}}}, false,
			[]string{"tissue: nodes 1 and 3 are both at (1, 0, 0) m: weld them"}},
		{"coincident nodes, −0 and +0", &Surface{Nodes: []vec.V3{{}, {X: 1}, {Y: 1}, {X: math.Copysign(0, -1)}, {X: -1}}, Tris: [][3]int32{{0, 1, 2}, {3, 2, 4}}}, false,
			[]string{"nodes 0 and 3 are both at"}},
		{"zero-area triangle", &Surface{Nodes: []vec.V3{{}, {X: 1}, {X: 2}}, Tris: [][3]int32{{0, 1, 2}}}, false,
			[]string{"tissue: triangle 0 (nodes 0 1 2) has zero area: 0 m² ≤ 1e-12·(longest edge 2 m)²"}},
		{"non-manifold edge (3 triangles)", &Surface{
			Nodes: []vec.V3{{}, {X: 1}, {Y: 1, Z: 0.2}, {Y: -1, Z: 0.2}, {Z: 1}},
			Tris:  [][3]int32{{0, 1, 2}, {1, 0, 3}, {0, 1, 4}},
		}, false, []string{"tissue: edge (0 1) is in 3 triangles (0, 1, 2): non-manifold"}},
		{"duplicate triangle", &Surface{Nodes: tri, Tris: [][3]int32{{0, 1, 2}, {1, 2, 0}}}, false,
			[]string{"tissue: triangles 0 (nodes 0 1 2) and 1 (nodes 1 2 0) have the same nodes: a duplicate triangle"}},
		{"folded pair", &Surface{Nodes: append(slices.Clone(tri), vec.V3{X: 0.5, Y: 0.25}), Tris: [][3]int32{{0, 1, 2}, {1, 0, 3}}}, false,
			[]string{"tissue: the surface intersects itself: triangles 0 (nodes 0 1 2) and 1 (nodes 1 0 3) fold onto each other across edge (0 1)"}},
		{"self-intersecting pair", &Surface{
			Nodes: append(slices.Clone(tri), vec.V3{X: 0.2, Y: 0.2, Z: -1}, vec.V3{X: 0.3, Y: 0.2, Z: 1}, vec.V3{X: 0.2, Y: 0.3, Z: 1}),
			Tris:  [][3]int32{{0, 1, 2}, {3, 4, 5}},
		}, false, []string{"tissue: the surface intersects itself: triangles 0 (nodes 0 1 2) and 1 (nodes 3 4 5) intersect"}},
		{"interpenetrating cubes", joinSurfaces([]*Surface{cube, cube}, []vec.V3{{}, {X: 0.5, Y: 0.3, Z: 0.7}}), false,
			[]string{"the surface intersects itself"}},
		{"open surface as closed", open, true,
			[]string{"tissue: edge (0 1) of triangle 2 (nodes 0 1 3) is in no other triangle: the surface is not closed"}},
		{"inconsistent winding", flipped(cube, 11), true,
			[]string{"is traversed the same way by triangles", "and 11 (nodes", "the triangles are not consistently wound"}},
		{"inverted", flipped(cube, 0), true,
			[]string{"tissue: the closed surface encloses a volume of -1 m³ ≤ 0: its triangles are wound inward (the surface is inverted)"}},
		{"one component inverted", joinSurfaces([]*Surface{cube, flipped(tetSurface(), 0)}, []vec.V3{{}, {X: 2}}), true,
			[]string{"tissue: the components of the closed surface are inverted or nested", "the surface through node 9 bounds a region covered 0 times"}},
		{"cube inside a cube", func() *Surface {
			small := genSlab(t, vec.V3{X: 0.2, Y: 0.2, Z: 0.2}, [3]int{1, 1, 1}).Surface()
			return joinSurfaces([]*Surface{cube, small}, []vec.V3{{}, {X: 0.4, Y: 0.4, Z: 0.4}})
		}(), true, []string{"tissue: the components of the closed surface are inverted or nested", "covered 2 times"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := cloneSurface(c.s)
			err := c.s.Validate(c.closed)
			if err == nil {
				t.Fatal("Validate accepted the surface")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			if !strings.HasPrefix(err.Error(), "tissue: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
			if !sameSurface(c.s, before) {
				t.Error("Validate changed the surface")
			}
		})
	}
}

// BenchmarkSurfaceValidate validates, as closed, the surface of a 160 × 160 × 1 cell slab
// (103,680 triangles) and of a tube of 100 × 1 × 250 cells (100,400 triangles).
func BenchmarkSurfaceValidate(b *testing.B) {
	tube, err := Tube(TubeSpec{Inner: 0.03, Wall: 0.001, Length: 0.25, Around: 100, Through: 1, Along: 250})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range []*Mesh{genSlab(b, vec.V3{X: 0.16, Y: 0.16, Z: 0.001}, [3]int{160, 160, 1}), tube} {
		s := m.Surface()
		b.Run(fmt.Sprintf("tris=%d", len(s.Tris)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := s.Validate(true); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s.Tris)), "ns/tri")
		})
	}
}
