package tissue

import (
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// relErr returns |got − want| / |want|.
func relErr(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }

// surfaceArea returns the total area of m.Surf, m².
func surfaceArea(m *Mesh) float64 {
	var a float64
	for _, f := range m.Surf {
		p, q, r := m.Nodes[f[0]], m.Nodes[f[1]], m.Nodes[f[2]]
		a += 0.5 * q.Sub(p).Cross(r.Sub(p)).Norm()
	}
	return a
}

// checkClosed checks m.Surf independently of Validate: every undirected edge in exactly two
// triangles, once each way (a map, not Validate's sort); the Euler characteristic V − E + F;
// the volume enclosed by the surface (divergence theorem, which needs the outward winding)
// against the tetrahedra's.
func checkClosed(t *testing.T, m *Mesh, euler int) {
	t.Helper()
	type edge struct{ u, v int32 }
	uses := map[edge]int{}
	nodes := map[int32]bool{}
	var enclosed float64
	for _, f := range m.Surf {
		for k := range 3 {
			uses[edge{f[k], f[(k+1)%3]}]++
			nodes[f[k]] = true
		}
		a, b, c := m.Nodes[f[0]], m.Nodes[f[1]], m.Nodes[f[2]]
		enclosed += a.Dot(b.Cross(c)) / 6
	}
	for e, n := range uses {
		if n != 1 || uses[edge{e.v, e.u}] != 1 {
			t.Fatalf("surface edge %d→%d used %d times, %d→%d %d times", e.u, e.v, n, e.v, e.u, uses[edge{e.v, e.u}])
		}
	}
	if chi := len(nodes) - len(uses)/2 + len(m.Surf); chi != euler {
		t.Errorf("Euler characteristic of the surface %d, want %d", chi, euler)
	}
	if v := m.Volume(); relErr(enclosed, v) > 1e-12 {
		t.Errorf("volume enclosed by the surface %v, tetrahedra %v: the surface is not wound outward", enclosed, v)
	}
}

func TestSlab(t *testing.T) {
	cases := []SlabSpec{
		{vec.V3{X: 1, Y: 1, Z: 1}, [3]int{1, 1, 1}},
		{vec.V3{X: 0.04, Y: 0.01, Z: 0.005}, [3]int{16, 4, 2}},
		{vec.V3{X: 1.0 / 3, Y: 0.7, Z: 1e-3}, [3]int{3, 7, 1}},
		{vec.V3{X: 2e-3, Y: 3e-3, Z: 5e-3}, [3]int{5, 6, 9}},
	}
	for _, s := range cases {
		m, err := Slab(s)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		nx, ny, nz := s.Cells[0], s.Cells[1], s.Cells[2]
		if len(m.Nodes) != (nx+1)*(ny+1)*(nz+1) || len(m.Tets) != 6*nx*ny*nz {
			t.Errorf("%+v: %d nodes, %d tetrahedra", s, len(m.Nodes), len(m.Tets))
		}
		if err := m.Validate(); err != nil {
			t.Errorf("%+v: Validate: %v", s, err)
		}
		X, Y, Z := s.Size.X, s.Size.Y, s.Size.Z
		if e := relErr(m.Volume(), X*Y*Z); e > 1e-12 {
			t.Errorf("%+v: volume %v, want %v (relative error %.2g)", s, m.Volume(), X*Y*Z, e)
		}
		if e := relErr(surfaceArea(m), 2*(X*Y+Y*Z+Z*X)); e > 1e-12 {
			t.Errorf("%+v: surface area %v, want %v", s, surfaceArea(m), 2*(X*Y+Y*Z+Z*X))
		}
		if want := 4 * (nx*ny + ny*nz + nz*nx); len(m.Surf) != want {
			t.Errorf("%+v: %d surface triangles, want %d", s, len(m.Surf), want)
		}
		lo, hi := m.Bounds()
		if lo != (vec.V3{}) || hi != s.Size {
			t.Errorf("%+v: bounds %v–%v", s, lo, hi)
		}
		checkClosed(t, m, 2)
	}
}

func TestTube(t *testing.T) {
	cases := []TubeSpec{
		{Inner: 3e-3, Wall: 1e-3, Length: 20e-3, Around: 24, Through: 2, Along: 10},
		{Inner: 2e-3, Wall: 1e-3, Length: 5e-3, Around: 3, Through: 1, Along: 1},
		{Inner: 2e-3, Wall: 1e-3, Length: 5e-3, Around: 4, Through: 3, Along: 2},
		{Inner: 1e-3, Wall: 5e-3, Length: 4e-3, Around: 7, Through: 4, Along: 3},
		{Inner: 30e-3, Wall: 0.5e-3, Length: 10e-3, Around: 96, Through: 2, Along: 5},
		DefaultTube(3e-3, 1e-3, 20e-3),
	}
	for _, s := range cases {
		m, err := Tube(s)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		n, nr, nz := s.Around, s.Through, s.Along
		if len(m.Nodes) != n*(nr+1)*(nz+1) || len(m.Tets) != 6*n*nr*nz {
			t.Errorf("%+v: %d nodes, %d tetrahedra", s, len(m.Nodes), len(m.Tets))
		}
		if err := m.Validate(); err != nil {
			t.Errorf("%+v: Validate: %v", s, err)
		}
		ri, ro, L := s.Inner/2, s.Inner/2+s.Wall, s.Length
		nf := float64(n)
		ring := nf / 2 * math.Sin(2*math.Pi/nf) * (ro*ro - ri*ri) // the polygonal annulus, m²
		want := math.Pi * (ro*ro - ri*ri) * L * (math.Sin(2*math.Pi/nf) * nf / (2 * math.Pi))
		if e := relErr(m.Volume(), want); e > 1e-9 {
			t.Errorf("%+v: volume %v, want %v (relative error %.2g)", s, m.Volume(), want, e)
		}
		chord := 2 * math.Sin(math.Pi/nf)
		area := 2*ring + nf*chord*(ri+ro)*L
		if e := relErr(surfaceArea(m), area); e > 1e-9 {
			t.Errorf("%+v: surface area %v, want %v", s, surfaceArea(m), area)
		}
		if want := 4*n*nz + 4*n*nr; len(m.Surf) != want {
			t.Errorf("%+v: %d surface triangles, want %d", s, len(m.Surf), want)
		}
		checkClosed(t, m, 0) // a torus
		// Every surface triangle lies on an end or on a wall; those facing the axis have all
		// their nodes at radius Inner/2, the others at the outer radius.
		inner := 0
		for _, f := range m.Surf {
			a, b, c := m.Nodes[f[0]], m.Nodes[f[1]], m.Nodes[f[2]]
			nrm := b.Sub(a).Cross(c.Sub(a)).Unit()
			mid := a.Add(b).Add(c).Scale(1.0 / 3)
			if math.Abs(nrm.Z) > 0.999 {
				for _, p := range [3]vec.V3{a, b, c} {
					if !(p.Z == 0 && nrm.Z < 0) && !(p.Z == L && nrm.Z > 0) {
						t.Fatalf("%+v: end triangle node at z = %v with normal %v", s, p.Z, nrm)
					}
				}
				continue
			}
			if math.Abs(nrm.Z) > 1e-12 {
				t.Fatalf("%+v: surface triangle %v with normal %v is neither on an end nor on a wall", s, f, nrm)
			}
			want := ro
			if nrm.Dot(vec.V3{X: mid.X, Y: mid.Y}) < 0 {
				want = ri
				inner++
			}
			for _, p := range [3]vec.V3{a, b, c} {
				if r := math.Hypot(p.X, p.Y); relErr(r, want) > 1e-12 {
					t.Fatalf("%+v: node %v of wall triangle %v (normal %v) at radius %v, want %v", s, p, f, nrm, r, want)
				}
			}
		}
		if inner != 2*n*nz {
			t.Errorf("%+v: %d triangles on the inner wall, want %d", s, inner, 2*n*nz)
		}
	}
}

func TestDefaultTube(t *testing.T) {
	for _, c := range []struct{ inner, wall, length float64 }{
		{3e-3, 1e-3, 20e-3}, {4e-3, 2e-3, 20e-3}, {25e-3, 3e-3, 50e-3}, {1e-3, 10e-3, 30e-3}, {10e-3, 0.3e-3, 5e-3},
	} {
		s := DefaultTube(c.inner, c.wall, c.length)
		if s.Inner != c.inner || s.Wall != c.wall || s.Length != c.length {
			t.Errorf("%+v: the lengths changed: %+v", c, s)
		}
		if s.Through < 2 || s.Around < 12 || s.Along < 1 {
			t.Errorf("%+v: counts %+v", c, s)
		}
		// Roughly cubic at mid-wall: the three cell edges within a factor 1.5 of each other.
		hr := c.wall / float64(s.Through)
		ht := math.Pi * (c.inner + c.wall) / float64(s.Around)
		hz := c.length / float64(s.Along)
		if lo, hi := min(hr, ht, hz), max(hr, ht, hz); hi > 1.5*lo {
			t.Errorf("%+v → %+v: cell edges %.3g (radial), %.3g (round), %.3g (axial) m are not roughly equal", c, s, hr, ht, hz)
		}
		m, err := Tube(s)
		if err != nil {
			t.Fatalf("%+v: %v", s, err)
		}
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	if s := DefaultTube(3e-3, 1e-3, 20e-3); s.Around != 25 || s.Through != 2 || s.Along != 40 {
		t.Errorf("the documented example gives %+v", s)
	}
	for _, bad := range []TubeSpec{DefaultTube(math.NaN(), 1e-3, 1e-2), DefaultTube(1e-3, 0, 1e-2), DefaultTube(1e-3, 1e-3, math.Inf(1))} {
		if bad.Around != 0 || bad.Through != 0 || bad.Along != 0 {
			t.Errorf("DefaultTube of a bad length gave counts: %+v", bad)
		}
		if _, err := Tube(bad); err == nil {
			t.Errorf("Tube(%+v) accepted a bad spec", bad)
		}
	}
	if s := DefaultTube(1, 1e-9, 1); s.Around <= MaxTets {
		t.Errorf("an absurd ratio should give counts beyond the limits: %+v", s)
	} else if _, err := Tube(s); err == nil || !strings.Contains(err.Error(), "beyond Max") {
		t.Errorf("Tube(%+v): %v", s, err)
	}
}

// allocated returns the bytes allocated by f.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

func TestGeneratorErrors(t *testing.T) {
	size := vec.V3{X: 1, Y: 1, Z: 1}
	slabs := []struct {
		s    SlabSpec
		want string
	}{
		{SlabSpec{vec.V3{X: math.NaN(), Y: 1, Z: 1}, [3]int{1, 1, 1}}, "tissue: Slab: Size.X = NaN m must be finite and > 0"},
		{SlabSpec{vec.V3{X: 1, Y: 0, Z: 1}, [3]int{1, 1, 1}}, "Size.Y = 0 m must be finite and > 0"},
		{SlabSpec{vec.V3{X: 1, Y: 1, Z: math.Inf(1)}, [3]int{1, 1, 1}}, "Size.Z = +Inf m"},
		{SlabSpec{vec.V3{X: -1, Y: 1, Z: 1}, [3]int{1, 1, 1}}, "Size.X = -1 m"},
		{SlabSpec{size, [3]int{1, 0, 1}}, "Cells[1] = 0 must be ≥ 1"},
		{SlabSpec{size, [3]int{1, 1, -5}}, "Cells[2] = -5 must be ≥ 1"},
		{SlabSpec{size, [3]int{1000, 1000, 1000}}, "1000×1000×1000 cells give 1003003001 nodes, beyond MaxNodes = 2000000"},
		{SlabSpec{size, [3]int{1 << 62, 1 << 62, 1 << 62}}, "beyond MaxNodes"},
		{SlabSpec{size, [3]int{200, 200, 40}}, "give 9600000 tetrahedra, beyond MaxTets = 8000000"},
		{SlabSpec{vec.V3{X: 1, Y: 1, Z: 1e-12}, [3]int{1, 1, 1}}, "tissue: Slab: the mesh is invalid (cells too elongated?): tetrahedron 0"},
		{SlabSpec{vec.V3{X: 1, Y: 1e7, Z: 1}, [3]int{1, 1, 1}}, "Size.Y = 1e+07 m is beyond MaxCoord = 1e+06 m"},
	}
	for _, c := range slabs {
		var err error
		if n := allocated(func() { _, err = Slab(c.s) }); n > 1<<16 && !strings.Contains(c.want, "invalid") {
			t.Errorf("Slab(%+v) allocated %d bytes before refusing", c.s, n)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Slab(%+v): error %v, want %q", c.s, err, c.want)
		}
	}
	tubes := []struct {
		s    TubeSpec
		want string
	}{
		{TubeSpec{Inner: 0, Wall: 1, Length: 1, Around: 3, Through: 1, Along: 1}, "tissue: Tube: Inner = 0 m must be finite and > 0"},
		{TubeSpec{Inner: 1, Wall: math.NaN(), Length: 1, Around: 3, Through: 1, Along: 1}, "Wall = NaN m"},
		{TubeSpec{Inner: 1, Wall: 1, Length: -2, Around: 3, Through: 1, Along: 1}, "Length = -2 m"},
		{TubeSpec{Inner: 1, Wall: 1, Length: 1, Around: 2, Through: 1, Along: 1}, "Around = 2 must be ≥ 3"},
		{TubeSpec{Inner: 1, Wall: 1, Length: 1, Around: 3, Through: 0, Along: 1}, "Through = 0 must be ≥ 1"},
		{TubeSpec{Inner: 1, Wall: 1, Length: 1, Around: 3, Through: 1, Along: 0}, "Along = 0 must be ≥ 1"},
		{TubeSpec{Inner: 1, Wall: 1, Length: 1, Around: 1000, Through: 10, Along: 1000}, "beyond MaxNodes"},
		{TubeSpec{Inner: 1, Wall: 1, Length: 1, Around: 1 << 40, Through: 1 << 40, Along: 1 << 40}, "beyond Max"},
		{TubeSpec{Inner: 1, Wall: 1e300, Length: 1, Around: 3, Through: 1, Along: 1}, "Inner/2 + Wall = 1e+300 m or Length = 1 m is beyond MaxCoord = 1e+06 m"},
		{TubeSpec{Inner: 1e308, Wall: 1e308, Length: 1, Around: 3, Through: 1, Along: 1}, "Inner/2 + Wall = 1.5e+308 m"},
		{TubeSpec{Inner: 1, Wall: 1, Length: 2e6, Around: 3, Through: 1, Along: 1}, "Length = 2e+06 m is beyond MaxCoord"},
		{TubeSpec{Inner: 1, Wall: 1e-12, Length: 1, Around: 3, Through: 1, Along: 1}, "tissue: Tube: the mesh is invalid (cells too distorted?): tetrahedron 0"},
	}
	for _, c := range tubes {
		var err error
		if n := allocated(func() { _, err = Tube(c.s) }); n > 1<<16 && !strings.Contains(c.want, "invalid") {
			t.Errorf("Tube(%+v) allocated %d bytes before refusing", c.s, n)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Tube(%+v): error %v, want %q", c.s, err, c.want)
		}
	}
}
