package tissue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// asciiTet is tetSurface as an ASCII STL, indented, with a zero normal on one facet.
const asciiTet = `solid tetrahedron
  facet normal 0.577 0.577 0.577
    outer loop
      vertex 1 0 0
      vertex 0 1 0
      vertex 0 0 1
    endloop
  endfacet
  facet normal -1 0 0
    outer loop
      vertex 0 0 0
      vertex 0 0 1
      vertex 0 1 0
    endloop
  endfacet
  facet normal 0 -1 0
    outer loop
      vertex 0 0 0
      vertex 1 0 0
      vertex 0 0 1
    endloop
  endfacet
  facet normal 0 0 0
    outer loop
      vertex 0 0 0
      vertex 0 1 0
      vertex 1 0 0
    endloop
  endfacet
endsolid tetrahedron
`

// stlFacet is one facet of an ASCII STL.
func stlFacet(a, b, c vec.V3) string {
	return fmt.Sprintf("facet normal 0 0 0\nouter loop\nvertex %v %v %v\nvertex %v %v %v\nvertex %v %v %v\nendloop\nendfacet\n",
		a.X, a.Y, a.Z, b.X, b.Y, b.Z, c.X, c.Y, c.Z)
}

// asciiSTL writes s as an ASCII STL, without checks.
func asciiSTL(s *Surface) string {
	var b strings.Builder
	b.WriteString("solid test\n")
	for _, t := range s.Tris {
		b.WriteString(stlFacet(s.Nodes[t[0]], s.Nodes[t[1]], s.Nodes[t[2]]))
	}
	b.WriteString("endsolid test\n")
	return b.String()
}

// binarySTL writes a binary STL with the given header, count and facets, without checks.
func binarySTL(header string, count uint32, facets [][3]vec.V3) []byte {
	b := make([]byte, 84, 84+50*len(facets))
	copy(b, header)
	binary.LittleEndian.PutUint32(b[80:], count)
	for _, f := range facets {
		var rec [50]byte
		for k, p := range f {
			o := 12 + 12*k
			binary.LittleEndian.PutUint32(rec[o:], math.Float32bits(float32(p.X)))
			binary.LittleEndian.PutUint32(rec[o+4:], math.Float32bits(float32(p.Y)))
			binary.LittleEndian.PutUint32(rec[o+8:], math.Float32bits(float32(p.Z)))
		}
		b = append(b, rec[:]...)
	}
	return b
}

// facetsOf returns the corners of s's triangles.
func facetsOf(s *Surface) [][3]vec.V3 {
	f := make([][3]vec.V3, len(s.Tris))
	for i, t := range s.Tris {
		f[i] = [3]vec.V3{s.Nodes[t[0]], s.Nodes[t[1]], s.Nodes[t[2]]}
	}
	return f
}

// stream hides the size of a reader from ReadSTL.
type stream struct{ io.Reader }

// readSTLBoth reads data with its size known and as a stream of unknown size, and checks that
// both give the same result.
func readSTLBoth(t testing.TB, data []byte) (*Surface, error) {
	s, err := ReadSTL(bytes.NewReader(data))
	s2, err2 := ReadSTL(stream{bytes.NewReader(data)})
	switch {
	case (err == nil) != (err2 == nil):
		t.Fatalf("size known: %v; stream: %v", err, err2)
	case err == nil && !sameSurface(s, s2):
		t.Fatal("size known and stream read different surfaces")
	}
	return s, err
}

func TestReadSTLASCII(t *testing.T) {
	want := tetSurface()
	for name, text := range map[string]string{
		"LF":   asciiTet,
		"CRLF": strings.ReplaceAll(asciiTet, "\n", "\r\n"),
		"two solids and blank lines": strings.Replace(asciiTet, "  endfacet\n  facet normal 0 -1 0",
			"  endfacet\nendsolid a\n\n  solid b c\n\n  facet normal 0 -1 0", 1),
		"no name, tabs": strings.NewReplacer("solid tetrahedron", "solid", "  ", "\t").Replace(asciiTet),
	} {
		s, err := readSTLBoth(t, []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Nodes in order of first appearance: (1,0,0), (0,1,0), (0,0,1), (0,0,0).
		order := []int32{1, 2, 3, 0}
		for k, i := range order {
			if s.Nodes[k] != want.Nodes[i] {
				t.Fatalf("%s: node %d at %v, want %v", name, k, s.Nodes[k], want.Nodes[i])
			}
		}
		if !sameCorners(want, s, exact) {
			t.Errorf("%s: read %v %v, want the corners of %v %v", name, s.Nodes, s.Tris, want.Nodes, want.Tris)
		}
		if err := s.Validate(true); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if v := s.Volume(); math.Abs(v-1.0/6) > 1e-15 {
			t.Errorf("%s: volume %v, want 1/6", name, v)
		}
	}
}

// TestReadSTLWeld: vertices equal as float64 are welded (−0 with +0), others not.
func TestReadSTLWeld(t *testing.T) {
	z := math.Copysign(0, -1)
	text := "solid w\n" + stlFacet(vec.V3{}, vec.V3{X: 1}, vec.V3{Y: 1}) +
		stlFacet(vec.V3{X: 1}, vec.V3{X: 1, Y: 1}, vec.V3{X: z, Y: 1, Z: z}) +
		stlFacet(vec.V3{X: 1}, vec.V3{X: 2}, vec.V3{X: 1, Y: 1}) + "endsolid w\n"
	if !strings.Contains(text, "vertex -0 1 -0") {
		t.Fatal("−0 not written")
	}
	s, err := ReadSTL(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Nodes) != 5 {
		t.Fatalf("%d nodes, want 5: %v", len(s.Nodes), s.Nodes)
	}
	if want := [][3]int32{{0, 1, 2}, {1, 3, 2}, {1, 4, 3}}; fmt.Sprint(s.Tris) != fmt.Sprint(want) {
		t.Errorf("triangles %v, want %v", s.Tris, want)
	}
	if err := s.Validate(false); err != nil {
		t.Error(err)
	}
	// 1 ulp apart: two nodes.
	nearby := strings.Replace(text, "vertex -0 1 -0", "vertex 0 1.0000000000000002 0", 1)
	s, err = ReadSTL(strings.NewReader(nearby))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Nodes) != 6 || s.Nodes[4] != (vec.V3{Y: 1.0000000000000002}) {
		t.Errorf("vertices 1 ulp apart: nodes %v, want 6 with (0, 1+ε, 0) apart", s.Nodes)
	}
}

// stlSurfaces are closed surfaces to round-trip; the first two have float32 coordinates.
func stlSurfaces(t testing.TB) map[string]*Surface {
	tube, err := Tube(TubeSpec{Inner: 3e-3, Wall: 1e-3, Length: 7e-3, Around: 11, Through: 2, Along: 3})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Surface{
		"tetrahedron":       tetSurface(),
		"slab":              genSlab(t, vec.V3{X: 1, Y: 0.5, Z: 0.25}, [3]int{4, 2, 1}).Surface(),
		"tube":              tube.Surface(),
		"hollow cube":       hollowCube(t).Surface(),
		"slab 1/3 0.1 7e-3": genSlab(t, vec.V3{X: 1.0 / 3, Y: 0.1, Z: 7e-3}, [3]int{3, 2, 2}).Surface(),
	}
}

func TestSTLRoundTrip(t *testing.T) {
	for name, s := range stlSurfaces(t) {
		before := cloneSurface(s)
		var b bytes.Buffer
		if err := WriteSTL(s, &b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !sameSurface(s, before) {
			t.Fatalf("%s: WriteSTL changed the surface", name)
		}
		if b.Len() != 84+50*len(s.Tris) || bytes.HasPrefix(b.Bytes(), []byte("solid")) {
			t.Fatalf("%s: %d bytes, want 84 + 50·%d, header %q", name, b.Len(), len(s.Tris), b.Bytes()[:80])
		}
		got, err := readSTLBoth(t, b.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := got.Validate(true); err != nil {
			t.Errorf("%s: read back: %v", name, err)
		}
		if !sameCorners(s, got, toFloat32) {
			t.Errorf("%s: the surface read back differs from the one written (after rounding to float32)", name)
		}
		f32 := true
		for _, p := range s.Nodes {
			f32 = f32 && toFloat32(p.X) == p.X && toFloat32(p.Y) == p.Y && toFloat32(p.Z) == p.Z
		}
		if f32 && (!sameCorners(s, got, exact) || math.Abs(got.Volume()-s.Volume()) > 1e-15*s.Volume()) {
			t.Errorf("%s: float32 coordinates not read back exactly", name)
		}
		// Written again, read again: identical.
		var b2 bytes.Buffer
		if err := WriteSTL(got, &b2); err != nil {
			t.Fatal(err)
		}
		if again, err := ReadSTL(&b2); err != nil || !sameSurface(again, got) {
			t.Errorf("%s: a second round trip changed the surface: %v", name, err)
		}
	}
}

// TestReadSTLFile reads through an *os.File (an io.Seeker: size known) from its middle.
func TestReadSTLFile(t *testing.T) {
	s := stlSurfaces(t)["slab"]
	var b bytes.Buffer
	b.WriteString("junk")
	if err := WriteSTL(s, &b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "slab.stl")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Seek(4, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSTL(f)
	if err != nil {
		t.Fatal(err)
	}
	if !sameCorners(s, got, exact) {
		t.Error("read from the file differs")
	}
	// Cut short: refused from the size.
	if err := os.WriteFile(path, b.Bytes()[4:b.Len()-1], 0o600); err != nil {
		t.Fatal(err)
	}
	f2, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f2.Close()
	if _, err := ReadSTL(f2); err == nil || !strings.Contains(err.Error(), "truncated: the header announces 56 facets, which take 84 + 50·56 = 2884 bytes, but the file has 2883") {
		t.Errorf("truncated file: error %v", err)
	}
}

// TestReadSTLSolidHeader: a binary file whose header begins with "solid" is binary when its
// size matches its count, whatever the reader; otherwise it is read as ASCII and the error
// says why.
func TestReadSTLSolidHeader(t *testing.T) {
	s := tetSurface()
	data := binarySTL("solid tetrahedron (binary, as some writers do)", 4, facetsOf(s))
	got, err := readSTLBoth(t, data)
	if err != nil {
		t.Fatal(err)
	}
	if !sameCorners(s, got, exact) {
		t.Error("read wrong")
	}
	extra := append(data[:len(data):len(data)], 0)
	for name, r := range map[string]io.Reader{"size known": bytes.NewReader(extra), "stream": stream{bytes.NewReader(extra)}} {
		_, err := ReadSTL(r)
		if err == nil || !strings.Contains(err.Error(), "read as ASCII STL: the file begins with \"solid\", and its size does not match a binary STL of 4 facets (84 + 50·4 = 284 bytes)") {
			t.Errorf("%s: error %v", name, err)
		}
	}
	// A header "solidworks…" is not the word "solid": binary.
	data = binarySTL("solidworks", 4, facetsOf(s))
	if _, err := readSTLBoth(t, data); err != nil {
		t.Error(err)
	}
	if _, err := readSTLBoth(t, data[:100]); err == nil || !strings.Contains(err.Error(), "binary STL: truncated") {
		t.Errorf("solidworks header, truncated: error %v", err)
	}
}

func TestReadSTLErrors(t *testing.T) {
	tet := facetsOf(tetSurface())
	nan := append([][3]vec.V3(nil), tet...)
	nan[2][1].Y = math.NaN()
	lines := strings.SplitAfter(asciiTet, "\n")
	withLine := func(i int, s string) string { // asciiTet with line i (1-based) replaced
		l := append([]string(nil), lines...)
		l[i-1] = s
		return strings.Join(l, "")
	}
	// A fin: three facets on the edge (0,0,0)-(1,0,0).
	fin := "solid fin\n" + stlFacet(vec.V3{}, vec.V3{X: 1}, vec.V3{Y: 1, Z: 0.2}) + stlFacet(vec.V3{X: 1}, vec.V3{}, vec.V3{Y: -1, Z: 0.2}) +
		stlFacet(vec.V3{}, vec.V3{X: 1}, vec.V3{Z: 1}) + "endsolid\n"
	cross := "solid x\n" + stlFacet(vec.V3{}, vec.V3{X: 1}, vec.V3{Y: 1}) +
		stlFacet(vec.V3{X: 0.2, Y: 0.2, Z: -1}, vec.V3{X: 0.3, Y: 0.2, Z: 1}, vec.V3{X: 0.2, Y: 0.3, Z: 1}) + "endsolid\n"
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, "tissue: ReadSTL: empty file"},
		{"short binary", []byte("hello"), "tissue: ReadSTL: 5 bytes: too short for a binary STL"},
		{"binary, 0 facets", binarySTL("", 0, nil), "tissue: ReadSTL: binary STL: the header announces 0 facets"},
		{"binary, truncated", binarySTL("", 4, tet)[:84+50*3+20], "tissue: ReadSTL: binary STL: truncated"},
		{"binary, extra bytes", append(binarySTL("", 4, tet), 1, 2, 3), "binary STL: 3 bytes after the 4 facets the header announces"},
		{"binary, count beyond MaxSurfaceTris", binarySTL("", MaxSurfaceTris+1, tet), "tissue: ReadSTL: binary STL: the header announces 4000001 facets, beyond MaxSurfaceTris = 4000000"},
		{"binary, NaN vertex", binarySTL("", 4, nan), "tissue: ReadSTL: binary STL: facet 2: vertex 1 is not finite: (1, NaN, 0)"},
		{"binary, zero-area facet", binarySTL("", 1, [][3]vec.V3{{{}, {X: 1}, {X: 2}}}),
			"tissue: ReadSTL: binary STL: facet 0: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): triangle 0 (nodes 0 1 2) has zero area"},
		{"binary, repeated vertex", binarySTL("", 2, [][3]vec.V3{tet[0], {{}, {X: 1}, {}}}), "binary STL: facet 1: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): triangle 1 (nodes 3 0 3) repeats node 3: it has zero area"},
		{"binary, beyond MaxCoord", binarySTL("", 1, [][3]vec.V3{{{}, {X: 1}, {Y: 3e6}}}), "binary STL: facet 0: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): node 2 at (0, 3e+06, 0) m is beyond MaxCoord"},
		{"ASCII, no facets", []byte("solid empty\nendsolid empty\n"), "tissue: ReadSTL: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): the surface has no triangles"},
		{"ASCII, no endsolid", []byte(strings.Join(lines[:len(lines)-2], "")), "tissue: ReadSTL: line 29: unexpected end of file: expected \"facet normal <ni> <nj> <nk>\" or \"endsolid\""},
		{"ASCII, text after endsolid", []byte(asciiTet + "facet\n"), "line 31: expected another \"solid <name>\" or the end of the file after endsolid, found \"facet\""},
		{"ASCII, facet without normal", []byte(withLine(2, "facet 0 0 1\n")), "tissue: ReadSTL: line 2: expected \"facet normal <ni> <nj> <nk>\", found \"facet 0 0 1\""},
		{"ASCII, bad normal", []byte(withLine(2, "facet normal 0 x 1\n")), `line 2: normal component j "x" is not a number`},
		{"ASCII, no outer loop", []byte(withLine(3, "outer\n")), `line 3: expected "outer loop", found "outer"`},
		{"ASCII, vertex with 2 coordinates", []byte(withLine(5, "vertex 0 1\n")), `line 5: expected vertex 2 of the facet: "vertex <x> <y> <z>", found "vertex 0 1"`},
		{"ASCII, NaN vertex", []byte(withLine(6, "vertex 0 0 nan\n")), `tissue: ReadSTL: line 6: z coordinate "nan" is not finite`},
		{"ASCII, huge vertex", []byte(withLine(6, "vertex 0 0 1e999\n")), `line 6: z coordinate "1e999" is not finite`},
		{"ASCII, 4 vertices", []byte(withLine(7, "vertex 0 0 2\n")), `line 7: expected "endloop", found "vertex 0 0 2"`},
		{"ASCII, no endfacet", []byte(withLine(8, "endfacet x\n")), `line 8: expected "endfacet", found "endfacet x"`},
		{"ASCII, unexpected keyword", []byte(withLine(9, "facets normal 0 0 0\n")), `line 9: expected "facet normal <ni> <nj> <nk>" or "endsolid", found "facets normal 0 0 0"`},
		{"ASCII, upper case", []byte(strings.ToUpper(asciiTet[:6]) + asciiTet[6:]),
			"beyond MaxSurfaceTris = 4000000 (the file looks like text: an ASCII STL must begin with the word \"solid\", in lower case)"},
		{"ASCII, zero-area facet", []byte("solid z\n" + stlFacet(vec.V3{}, vec.V3{X: 1}, vec.V3{Y: 1}) + stlFacet(vec.V3{Y: 1}, vec.V3{X: 1}, vec.V3{X: 2, Y: -1}) + "endsolid\n"),
			"tissue: ReadSTL: line 9: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): triangle 1 (nodes 2 1 3) has zero area"},
		{"ASCII, non-manifold edge", []byte(fin), "tissue: ReadSTL: line 2: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): edge (0 1) is in 3 triangles (0, 1, 2): non-manifold"},
		{"ASCII, self-intersecting pair", []byte(cross), "line 2: the surface is invalid (triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance): the surface intersects itself: triangles 0 (nodes 0 1 2) and 1 (nodes 3 4 5) intersect"},
		{"ASCII, line too long", []byte("solid " + strings.Repeat("x", maxLine+10) + "\n"), "tissue: ReadSTL: line 1: longer than 65536 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readSTLBoth(t, c.in)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestReadSTLHugeCount: a count beyond the file's size is refused without allocating for it,
// from the size when it is known, at the end of the data otherwise; a count beyond the limit
// from the header.
func TestReadSTLHugeCount(t *testing.T) {
	data := binarySTL("", 3_000_000, facetsOf(tetSurface()))
	cases := []struct {
		name string
		r    func() io.Reader
		want string
	}{
		{"size known", func() io.Reader { return bytes.NewReader(data) },
			"tissue: ReadSTL: binary STL: truncated: the header announces 3000000 facets, which take 84 + 50·3000000 = 150000084 bytes, but the file has 284"},
		{"stream", func() io.Reader { return stream{bytes.NewReader(data)} },
			"tissue: ReadSTL: binary STL: truncated in facet 4 of 3000000: the header's count needs 84 + 50·3000000 = 150000084 bytes"},
		{"stream, solid header", func() io.Reader {
			d := append([]byte("solid x\n"), data[8:]...)
			return stream{bytes.NewReader(d)}
		}, `tissue: ReadSTL: line 2: expected "facet normal <ni> <nj> <nk>" or "endsolid"`},
		{"beyond MaxSurfaceTris", func() io.Reader { return stream{bytes.NewReader(binarySTL("", math.MaxUint32, nil))} },
			"the header announces 4294967295 facets, beyond MaxSurfaceTris"},
	}
	for _, c := range cases {
		r := c.r()
		var err error
		n := allocated(func() { _, err = ReadSTL(r) })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if n > 1<<18 {
			t.Errorf("%s: allocated %d bytes", c.name, n)
		}
	}
}

func TestWriteSTLErrors(t *testing.T) {
	s := genSlab(t, vec.V3{X: 1, Y: 1, Z: 1}, [3]int{10, 10, 10}).Surface()
	for _, n := range []int{0, 83, 100, 5000} {
		if err := WriteSTL(s, &failWriter{n}); !errors.Is(err, errDiskFull) || !strings.HasPrefix(err.Error(), "tissue: WriteSTL: ") {
			t.Errorf("failing after %d bytes: %v", n, err)
		}
	}
	bad := cloneSurface(s)
	bad.Tris[3][1] = bad.Tris[3][0]
	var b bytes.Buffer
	if err := WriteSTL(bad, &b); err == nil || !strings.HasPrefix(err.Error(), "tissue: WriteSTL: triangle 3 (nodes") || b.Len() != 0 {
		t.Errorf("invalid surface: %v, %d bytes written", err, b.Len())
	}
}

// fuzzSurface checks what a fuzzed reader returned: an error with the package prefix, or a
// surface that validates as open and that both writers write and both readers read back
// unchanged (binary STL exactly when its coordinates are float32 values, else up to
// rounding, when the rounded surface is still valid and no nodes merged).
func fuzzSurface(t *testing.T, s *Surface, err error) {
	if err != nil {
		if !strings.HasPrefix(err.Error(), "tissue: ") {
			t.Fatalf("error without the package prefix: %v", err)
		}
		return
	}
	before := cloneSurface(s)
	if err := s.Validate(false); err != nil {
		t.Fatalf("read a surface that does not validate: %v", err)
	}
	if !sameSurface(s, before) {
		t.Fatal("Validate changed the surface")
	}
	var obj, stl bytes.Buffer
	if err := WriteOBJ(s, &obj); err != nil {
		t.Fatal(err)
	}
	back, err := ReadOBJ(&obj)
	if err != nil {
		t.Fatalf("OBJ round trip: %v", err)
	}
	if !sameSurface(back, s) {
		t.Fatal("OBJ round trip changed the surface")
	}
	if err := WriteSTL(s, &stl); err != nil {
		t.Fatal(err)
	}
	f32 := true
	for _, p := range s.Nodes {
		f32 = f32 && toFloat32(p.X) == p.X && toFloat32(p.Y) == p.Y && toFloat32(p.Z) == p.Z
	}
	back, err = ReadSTL(&stl)
	switch {
	case f32 && err != nil:
		t.Fatalf("STL round trip: %v", err)
	case f32 && !sameCorners(s, back, exact):
		t.Fatal("STL round trip changed the surface")
	case err == nil && len(back.Nodes) == len(s.Nodes) && !sameCorners(s, back, toFloat32):
		t.Fatal("STL round trip changed the surface beyond rounding to float32")
	}
}

func FuzzReadSTL(f *testing.F) {
	f.Add([]byte(asciiTet))
	f.Add([]byte(strings.ReplaceAll(asciiTet, "\n", "\r\n")))
	f.Add([]byte(asciiSTL(genSlab(f, vec.V3{X: 1.0 / 3, Y: 0.2, Z: 0.1}, [3]int{2, 1, 1}).Surface())))
	var b bytes.Buffer
	if err := WriteSTL(genSlab(f, vec.V3{X: 1, Y: 0.5, Z: 0.25}, [3]int{2, 1, 1}).Surface(), &b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	tet := facetsOf(tetSurface())
	f.Add(binarySTL("solid binary", 4, tet))
	f.Add(binarySTL("solid binary", 5, tet))
	f.Add(binarySTL("", 3_000_000, tet))
	f.Add(binarySTL("", 1, [][3]vec.V3{{{}, {X: 1}, {X: 2}}}))
	f.Add([]byte("solid x\nendsolid x\nsolid y\nendsolid\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := readSTLBoth(t, data)
		fuzzSurface(t, s, err)
	})
}

// BenchmarkReadSTL reads a binary STL of the surface of a 160 × 160 × 1 cell slab: 103,680
// triangles, 51,842 nodes (reading, welding and Validate(false)).
func BenchmarkReadSTL(b *testing.B) {
	s := genSlab(b, vec.V3{X: 0.16, Y: 0.16, Z: 0.001}, [3]int{160, 160, 1}).Surface()
	var stl bytes.Buffer
	if err := WriteSTL(s, &stl); err != nil {
		b.Fatal(err)
	}
	b.Run(fmt.Sprintf("tris=%d", len(s.Tris)), func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(stl.Len()))
		for b.Loop() {
			if _, err := ReadSTL(bytes.NewReader(stl.Bytes())); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(s.Tris)), "ns/tri")
	})
}
