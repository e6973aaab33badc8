package tissue

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// objCube is the unit cube with quadrilateral faces wound outward, in every vertex reference
// form, with negative indices, statements to skip and comments.
const objCube = `# unit cube
mtllib cube.mtl
o cube
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
vt 0 0
vt 1 0
vt 1 1
vt 0 1
vn 0 0 -1
vn 0 0 1
vn 0 -1 0
vn 0 1 0
vn -1 0 0
vn 1 0 0
g bottom
usemtl red
s off
f 1/1/1 4/4/1 3/3/1 2/2/1
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1 1.0   # w
f -4/1/2 -3/2/2 -2/3/2 -1/4/2
f 1//3 2//3 6//3 5//3
f 4/1 8/2 7/3 3/4

f 1 5 8 4
	f	2 3 7 6
`

// objCubeTris are the triangles of objCube: each quad (a, b, c, d) as (a, b, c), (a, c, d).
var objCubeTris = [][3]int32{
	{0, 3, 2}, {0, 2, 1}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
	{3, 7, 6}, {3, 6, 2}, {0, 4, 7}, {0, 7, 3}, {1, 2, 6}, {1, 6, 5},
}

func readOBJString(s string) (*Surface, error) { return ReadOBJ(strings.NewReader(s)) }

func TestReadOBJCube(t *testing.T) {
	for name, text := range map[string]string{
		"LF":   objCube,
		"CRLF": strings.ReplaceAll(objCube, "\n", "\r\n"),
	} {
		s, err := readOBJString(text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := []vec.V3{{}, {X: 1}, {X: 1, Y: 1}, {Y: 1}, {Z: 1}, {X: 1, Z: 1}, {X: 1, Y: 1, Z: 1}, {Y: 1, Z: 1}}
		if fmt.Sprint(s.Nodes) != fmt.Sprint(want) {
			t.Errorf("%s: nodes %v, want %v", name, s.Nodes, want)
		}
		if fmt.Sprint(s.Tris) != fmt.Sprint(objCubeTris) {
			t.Errorf("%s: triangles %v, want %v", name, s.Tris, objCubeTris)
		}
		if err := s.Validate(true); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if v, a := s.Volume(), s.Area(); math.Abs(v-1) > 1e-15 || math.Abs(a-6) > 1e-15 {
			t.Errorf("%s: volume %v, area %v, want 1 and 6", name, v, a)
		}
	}
}

// TestReadOBJTetrahedron: the shortest file, triangles only.
func TestReadOBJTetrahedron(t *testing.T) {
	s, err := readOBJString("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 2 3 4\nf 1 4 3\nf 1 2 4\nf 1 3 2\n")
	if err != nil {
		t.Fatal(err)
	}
	if !sameSurface(s, tetSurface()) {
		t.Errorf("read %v %v, want %v", s.Nodes, s.Tris, tetSurface())
	}
}

// TestReadOBJWeldAndDrop: unused vertices are dropped, coincident ones welded (−0 with +0,
// which is kept), nodes stay in file order; a polygon is fanned from its first vertex.
func TestReadOBJWeldAndDrop(t *testing.T) {
	text := `v 9 9 9
v 0 0 0
v 1 0 0
v 1 1 0
v 5 5 5
v -0 1 0
v 1 0 0
v 0 1 -0
v 2 0.5 0
v -1 0.5 0
f 2 3 4 6
f 7 9 4
f 2 8 10
`
	s, err := readOBJString(text)
	if err != nil {
		t.Fatal(err)
	}
	wantNodes := []vec.V3{{}, {X: 1}, {X: 1, Y: 1}, {Y: 1}, {X: 2, Y: 0.5}, {X: -1, Y: 0.5}}
	if fmt.Sprint(s.Nodes) != fmt.Sprint(wantNodes) || math.Signbit(s.Nodes[3].X) || math.Signbit(s.Nodes[3].Z) {
		t.Errorf("nodes %v, want %v (+0 kept)", s.Nodes, wantNodes)
	}
	if want := [][3]int32{{0, 1, 2}, {0, 2, 3}, {1, 4, 2}, {0, 3, 5}}; fmt.Sprint(s.Tris) != fmt.Sprint(want) {
		t.Errorf("triangles %v, want %v", s.Tris, want)
	}
}

func TestOBJRoundTrip(t *testing.T) {
	for name, s := range stlSurfaces(t) {
		before := cloneSurface(s)
		var b bytes.Buffer
		if err := WriteOBJ(s, &b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !sameSurface(s, before) {
			t.Fatalf("%s: WriteOBJ changed the surface", name)
		}
		got, err := ReadOBJ(&b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !sameSurface(got, s) {
			t.Errorf("%s: the surface read back differs from the one written", name)
		}
	}
}

func TestReadOBJErrors(t *testing.T) {
	head := "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvn 0 0 1\n" // lines 1–6
	cases := []struct{ in, want string }{
		{"", "tissue: ReadOBJ: line 0: no faces"},
		{head, "tissue: ReadOBJ: line 6: no faces"},
		{head + "f 1 2 5\n", "tissue: ReadOBJ: line 7: vertex reference \"5\": vertex index 5 is out of range: 4 vertices defined so far"},
		{head + "f 1 2 -5\n", "line 7: vertex reference \"-5\": vertex index -5 is out of range: 4 vertices defined so far"},
		{head + "f 0 1 2\n", "tissue: ReadOBJ: line 7: vertex reference \"0\": vertex index 0: OBJ indices count from 1 (or back from -1, the last one)"},
		{"f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n", "line 1: vertex reference \"1\": vertex index 1 is out of range: 0 vertices defined so far"},
		{head + "f 1/2 2/1 3/1\n", "line 7: vertex reference \"1/2\": texture vertex index 2 is out of range: 1 texture vertices defined so far"},
		{head + "f 1//1 2//0 3//1\n", "vertex reference \"2//0\": normal vertex index 0: OBJ indices count from 1"},
		{head + "f 1/1/1/1 2 3\n", "line 7: vertex reference \"1/1/1/1\": expected v, v/vt, v/vt/vn or v//vn"},
		{head + "f 1/ 2 3\n", "vertex reference \"1/\": expected v, v/vt, v/vt/vn or v//vn"},
		{head + "f /1 2 3\n", "vertex reference \"/1\": expected"},
		{head + "f 1/1/ 2 3\n", "vertex reference \"1/1/\": expected"},
		{head + "f a 2 3\n", "line 7: vertex reference \"a\": vertex index \"a\" is not an integer"},
		{head + "f 1 2 99999999999999999999\n", "vertex index \"99999999999999999999\" is not an integer"},
		{head + "f 1 2\n", "tissue: ReadOBJ: line 7: a face needs at least 3 vertices, found 2: \"f 1 2\""},
		{head + "l 1 2\n", "tissue: ReadOBJ: line 7: \"l\" is a line element: only faces (f) are supported"},
		{head + "p 1\n", "line 7: \"p\" is a point element"},
		{head + "cstype bspline\ndeg 3\ncurv 0 1 1 2 3 4\n", "line 7: \"cstype\" is a free-form curve or surface type"},
		{head + "curv 0 1 1 2 3 4\n", "line 7: \"curv\" is a free-form curve"},
		{head + "surf 0 1 0 1 1 2 3 4\n", "\"surf\" is a free-form surface"},
		{head + "frobnicate 1\n", "tissue: ReadOBJ: line 7: unknown statement \"frobnicate\""},
		{head + "f 1 2 \\\n3\n", "line 7: line continuations ('\\' at the end of a line) are not supported"},
		{"v 0 1\n", "tissue: ReadOBJ: line 1: expected \"v <x> <y> <z> [<w>]\" (or \"v <x> <y> <z> <r> <g> <b>\"), found 3 fields: \"v 0 1\""},
		{"v 0 1 2 3 4\n", "found 6 fields"},
		{"v 0 nan 0\n", "tissue: ReadOBJ: line 1: y coordinate \"nan\" is not finite"},
		{"v 0 0 0 inf\n", "line 1: the weight w \"inf\" is not finite"},
		{"v 0 0 0 1 x 0\n", "line 1: colour component g \"x\" is not a number"},
		{"v 0 0 1e400\n", "z coordinate \"1e400\" is not finite"},
		{"v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n", "tissue: ReadOBJ: line 4: the surface is invalid (triangles counted from 0 in file order after splitting polygons, nodes the used and welded vertices counted from 0 in file order): triangle 0 (nodes 0 1 2) has zero area"},
		{"v 0 0 0\nv 1 0 0\nv 0 0 0\nf 1 2 3\n", "line 4: the surface is invalid (triangles counted from 0 in file order after splitting polygons, nodes the used and welded vertices counted from 0 in file order): triangle 0 (nodes 0 1 0) repeats node 0: it has zero area"},
		{head + "v 0 -1 0\nf 1 2 3\nf 2 1 5\nf 1 2 4\n", "tissue: ReadOBJ: line 8: the surface is invalid (triangles counted from 0 in file order after splitting polygons, nodes the used and welded vertices counted from 0 in file order): edge (0 1) is in 3 triangles (0, 1, 2): non-manifold"},
		{head + "v 0.2 0.2 -1\nv 0.3 0.2 1\nv 0.2 0.3 1\nf 1 2 3\nf 5 6 7\n", "line 10: the surface is invalid (triangles counted from 0 in file order after splitting polygons, nodes the used and welded vertices counted from 0 in file order): the surface intersects itself: triangles 0 (nodes 0 1 2) and 1 (nodes 3 4 5) intersect"},
		{"v 0 0 0\nv 1 0 0\nv 0 3e6 0\nf 1 2 3\n", "tissue: ReadOBJ: line 3: the surface is invalid (triangles counted from 0 in file order after splitting polygons, nodes the used and welded vertices counted from 0 in file order): node 2 at (0, 3e+06, 0) m is beyond MaxCoord"},
		{strings.Repeat("#", maxLine+10) + "\n", "tissue: ReadOBJ: line 1: longer than 65536 bytes"},
	}
	for _, c := range cases {
		_, err := readOBJString(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestWriteOBJErrors(t *testing.T) {
	s := genSlab(t, vec.V3{X: 1, Y: 1, Z: 1}, [3]int{10, 10, 10}).Surface()
	for _, n := range []int{0, 10, 100, 5000} {
		if err := WriteOBJ(s, &failWriter{n}); !errors.Is(err, errDiskFull) || !strings.HasPrefix(err.Error(), "tissue: WriteOBJ: ") {
			t.Errorf("failing after %d bytes: %v", n, err)
		}
	}
	bad := cloneSurface(s)
	bad.Nodes[5].Z = math.NaN()
	var b bytes.Buffer
	if err := WriteOBJ(bad, &b); err == nil || !strings.HasPrefix(err.Error(), "tissue: WriteOBJ: node 5 is not finite") || b.Len() != 0 {
		t.Errorf("invalid surface: %v, %d bytes written", err, b.Len())
	}
}

func FuzzReadOBJ(f *testing.F) {
	f.Add([]byte(objCube))
	f.Add([]byte(strings.ReplaceAll(objCube, "\n", "\r\n")))
	var b bytes.Buffer
	if err := WriteOBJ(genSlab(f, vec.V3{X: 1.0 / 3, Y: 0.2, Z: 0.1}, [3]int{2, 1, 1}).Surface(), &b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 2 3 4\nf 1 4 3\nf 1 2 4\nf 1 3 2\n"))
	f.Add([]byte("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nf -4/1 -3/1 -2/1 -1/1\n"))
	f.Add([]byte("v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n"))
	f.Add([]byte("v 0 0 0\nl 1 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadOBJ(bytes.NewReader(data))
		fuzzSurface(t, s, err)
	})
}
