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

// The unit cube of unitCube (Slab's node order and Kuhn tetrahedra) with non-contiguous node
// tags 10 20 5 7 100 33 2 99 for Slab's nodes 0…7, an extra node 1000 used only by a point
// element, and a point, a line and a triangle besides the six tetrahedra.
const cube22 = `$MeshFormat
2.2 0 8
$EndMeshFormat
$PhysicalNames
1
3 1 "tissue"
$EndPhysicalNames
$Nodes
9
10 0 0 0
20 1 0 0
5 0 1 0
7 1 1 0
1000 0.5 0.5 2
100 0 0 1
33 1 0 1
2 0 1 1
99 1 1 1
$EndNodes
$Elements
9
1 15 2 0 1 1000
2 1 2 0 1 10 20
3 2 2 0 1 10 20 7
11 4 2 1 1 10 20 7 99
12 4 2 1 1 10 33 20 99
13 4 2 1 1 10 7 5 99
14 4 2 1 1 10 5 2 99
15 4 2 1 1 10 100 33 99
16 4 2 1 1 10 2 100 99
$EndElements
`

// cube41 is cube22 in MSH 4.1, its nodes in four blocks (one with parametric coordinates) and
// with sections to skip.
const cube41 = `$MeshFormat
4.1 0 8
$EndMeshFormat
$Comments
anything $Nodes here
$EndComments
$Entities
1 0 0 1
1 0.5 0.5 2 0
1 0 0 0 1 1 1 0 0
$EndEntities
$Nodes
4 9 2 1000
3 1 0 4
10
20
5
7
0 0 0
1 0 0
0 1 0
1 1 0
0 1 0 1
1000
0.5 0.5 2
2 1 1 2
100
33
0 0 1 0.1 0.2
1 0 1 0.3 0.4
3 1 0 2
2
99
0 1 1
1 1 1
$EndNodes
$Elements
4 9 1 16
0 1 15 1
1 1000
1 1 1 1
2 10 20
2 1 2 1
3 10 20 7
3 1 4 6
11 10 20 7 99
12 10 33 20 99
13 10 7 5 99
14 10 5 2 99
15 10 100 33 99
16 10 2 100 99
$EndElements
`

// The unit cube in TetGen's format, 0-based, with attributes, boundary markers, comments and
// blank lines.
const (
	cubeNode = `# unit cube
8 3 2 1

0  0 0 0  0.5 1  1 # first point
1  1 0 0  0.5 1  1
2  0 1 0  0.5 1  1
3  1 1 0  0.5 1  1
4  0 0 1  0.5 1  1
5  1 0 1  0.5 1  1
6  0 1 1  0.5 1  1
7  1 1 1  0.5 1  1
`
	cubeEle = `6 4 1
# tetrahedra with a region attribute
0 0 1 3 7 1
1 0 5 1 7 1
2 0 3 2 7 1
3 0 2 6 7 1
4 0 4 5 7 1
5 0 6 4 7 1
`
)

// tetgenText writes nodes and tets in TetGen's format numbered from base, without the checks
// of WriteTetGen (so that it can write what ReadTetGen must refuse or fix).
func tetgenText(nodes []vec.V3, tets [][4]int32, base int) (node, ele string) {
	var n, e strings.Builder
	fmt.Fprintf(&n, "%d 3 0 0\n", len(nodes))
	for i, p := range nodes {
		fmt.Fprintf(&n, "%d %v %v %v\n", i+base, p.X, p.Y, p.Z)
	}
	fmt.Fprintf(&e, "%d 4 0\n", len(tets))
	for i, t := range tets {
		fmt.Fprintf(&e, "%d %d %d %d %d\n", i+base, int(t[0])+base, int(t[1])+base, int(t[2])+base, int(t[3])+base)
	}
	return n.String(), e.String()
}

// msh22Text writes nodes and tets as MSH 2.2, node tags 1…, without checks.
func msh22Text(nodes []vec.V3, tets [][4]int32) string {
	var b strings.Builder
	fmt.Fprintf(&b, "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n%d\n", len(nodes))
	for i, p := range nodes {
		fmt.Fprintf(&b, "%d %v %v %v\n", i+1, p.X, p.Y, p.Z)
	}
	fmt.Fprintf(&b, "$EndNodes\n$Elements\n%d\n", len(tets))
	for i, t := range tets {
		fmt.Fprintf(&b, "%d 4 0 %d %d %d %d\n", i+1, t[0]+1, t[1]+1, t[2]+1, t[3]+1)
	}
	b.WriteString("$EndElements\n")
	return b.String()
}

func readTetGenString(node, ele string) (*Mesh, error) {
	return ReadTetGen(strings.NewReader(node), strings.NewReader(ele))
}

func readGmshString(s string) (*Mesh, error) { return ReadGmsh(strings.NewReader(s)) }

// roundTripMeshes are meshes whose coordinates need all 17 digits.
func roundTripMeshes(t *testing.T) map[string]*Mesh {
	tube, err := Tube(TubeSpec{Inner: 3e-3, Wall: 1e-3, Length: 7e-3, Around: 11, Through: 2, Along: 3})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Mesh{
		"cube":  unitCube(t),
		"slab":  genSlab(t, vec.V3{X: 1.0 / 3, Y: 0.1, Z: 7e-3}, [3]int{3, 2, 2}),
		"tube":  tube,
		"holed": hollowCube(t),
	}
}

func TestWriteReadTetGen(t *testing.T) {
	for name, m := range roundTripMeshes(t) {
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
		var node, ele bytes.Buffer
		if err := WriteTetGen(m, &node, &ele); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := ReadTetGen(&node, &ele)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !sameMesh(got, m) {
			t.Errorf("%s: the mesh read back differs from the one written", name)
		}
	}
}

func TestWriteReadGmsh(t *testing.T) {
	for name, m := range roundTripMeshes(t) {
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteGmsh(m, &b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := ReadGmsh(&b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !sameMesh(got, m) {
			t.Errorf("%s: the mesh read back differs from the one written", name)
		}
	}
}

func TestReadHandWritten(t *testing.T) {
	want := unitCube(t)
	for name, read := range map[string]func() (*Mesh, error){
		"MSH 2.2": func() (*Mesh, error) { return readGmshString(cube22) },
		"MSH 4.1": func() (*Mesh, error) { return readGmshString(cube41) },
		"MSH 4.1 CRLF": func() (*Mesh, error) {
			return readGmshString(strings.ReplaceAll(cube41, "\n", "\r\n"))
		},
		"TetGen 0-based with attributes": func() (*Mesh, error) { return readTetGenString(cubeNode, cubeEle) },
		"TetGen 1-based": func() (*Mesh, error) {
			n, e := tetgenText(want.Nodes, want.Tets, 1)
			return readTetGenString(n, e)
		},
	} {
		m, err := read()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !sameMesh(m, want) {
			t.Errorf("%s: read %v / %v, want %v / %v", name, m.Nodes, m.Tets, want.Nodes, want.Tets)
		}
	}
}

// TestReadOrientation: a file in the other convention is flipped; mixed orientations are
// refused, naming the first tetrahedron of the minority and its line.
func TestReadOrientation(t *testing.T) {
	m := genSlab(t, vec.V3{X: 1, Y: 2, Z: 3}, [3]int{2, 2, 2})
	flip := func(keep func(i int) bool) [][4]int32 {
		out := make([][4]int32, len(m.Tets))
		for i, tt := range m.Tets {
			if keep(i) {
				out[i] = tt
			} else {
				out[i] = [4]int32{tt[1], tt[0], tt[2], tt[3]} // another odd swap than the reader's
			}
		}
		return out
	}
	all := flip(func(int) bool { return false })
	n, e := tetgenText(m.Nodes, all, 1)
	got, err := readTetGenString(n, e)
	if err != nil {
		t.Fatalf("TetGen, all flipped: %v", err)
	}
	if v := got.Volume(); math.Abs(v-6) > 1e-12 || len(got.Tets) != len(m.Tets) {
		t.Errorf("TetGen, all flipped: volume %v, want 6", v)
	}
	for i, tt := range got.Tets {
		if tt != [4]int32{all[i][0], all[i][1], all[i][3], all[i][2]} {
			t.Fatalf("TetGen, all flipped: tetrahedron %d read as %v from %v: nodes 2 and 3 should be swapped", i, tt, all[i])
		}
	}
	got, err = readGmshString(msh22Text(m.Nodes, all))
	if err != nil || math.Abs(got.Volume()-6) > 1e-12 {
		t.Fatalf("MSH, all flipped: %v", err)
	}

	one := flip(func(i int) bool { return i != 3 })
	n, e = tetgenText(m.Nodes, one, 1)
	if _, err := readTetGenString(n, e); err == nil ||
		!strings.Contains(err.Error(), "tissue: ReadTetGen: .ele line 5: tetrahedron 3 is inverted: it is negatively oriented, unlike 47 other tetrahedra") {
		t.Errorf("TetGen, one flipped: error %v", err)
	}
	lines := 5 + len(m.Nodes) + 3 // format (3 lines), $Nodes, count, nodes, $EndNodes, $Elements, count
	if _, err := readGmshString(msh22Text(m.Nodes, one)); err == nil ||
		!strings.Contains(err.Error(), fmt.Sprintf("tissue: ReadGmsh: line %d: tetrahedron 3 is inverted", lines+4)) {
		t.Errorf("MSH, one flipped: error %v", err)
	}
	most := flip(func(i int) bool { return i == 5 || i == 9 })
	n, e = tetgenText(m.Nodes, most, 0)
	if _, err := readTetGenString(n, e); err == nil ||
		!strings.Contains(err.Error(), "tetrahedron 5 is inverted: it is positively oriented, unlike 46 other tetrahedra") {
		t.Errorf("TetGen, all but two flipped: error %v", err)
	}
}

// TestReadDropsUnusedNodes: TetGen keeps unused input points; they are dropped and the mesh
// read is the same as without them.
func TestReadDropsUnusedNodes(t *testing.T) {
	m := unitCube(t)
	nodes := append([]vec.V3{{X: 9}}, m.Nodes...)
	nodes = append(nodes[:4], append([]vec.V3{{Y: 9}}, nodes[4:]...)...)
	tets := make([][4]int32, len(m.Tets))
	for i, tt := range m.Tets {
		for k, v := range tt {
			v++ // the node before
			if v >= 4 {
				v++ // the node inserted at 4
			}
			tets[i][k] = v
		}
	}
	n, e := tetgenText(nodes, tets, 1)
	got, err := readTetGenString(n, e)
	if err != nil {
		t.Fatal(err)
	}
	if !sameMesh(got, m) {
		t.Errorf("read %v / %v, want %v / %v", got.Nodes, got.Tets, m.Nodes, m.Tets)
	}
}

// TestReadHugeHeaders: counts beyond the limits are refused from the header, without
// allocating; counts within them allocate only with the data read.
func TestReadHugeHeaders(t *testing.T) {
	node, ele := tetgenText(unitCube(t).Nodes, unitCube(t).Tets, 0)
	cases := []struct {
		name string
		read func() error
		want string
	}{
		{"TetGen 10⁹ points", func() error { _, err := readTetGenString("1000000000 3 0 0\n", ele); return err },
			"tissue: ReadTetGen: .node line 1: 1000000000 points exceed MaxNodes = 2000000"},
		{"TetGen 10⁹ tetrahedra", func() error { _, err := readTetGenString(node, "1000000000 4 0\n"); return err },
			"tissue: ReadTetGen: .ele line 1: 1000000000 tetrahedra exceed MaxTets = 8000000"},
		{"TetGen 2⁶³ points", func() error { _, err := readTetGenString("9223372036854775808 3 0 0\n", ele); return err },
			`the number of points "9223372036854775808" is not an integer`},
		{"TetGen MaxNodes points, then nothing", func() error { _, err := readTetGenString("2000000 3 0 0\n", ele); return err },
			"line 1: unexpected end of file: expected point 1 of 2000000"},
		{"MSH 2.2 10⁹ nodes", func() error {
			_, err := readGmshString("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1000000000\n")
			return err
		}, "tissue: ReadGmsh: line 5: 1000000000 nodes exceed MaxNodes = 2000000"},
		{"MSH 4.1 10⁹ nodes", func() error {
			_, err := readGmshString("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 1000000000 1 1000000000\n")
			return err
		}, "line 5: 1000000000 nodes exceed MaxNodes"},
		{"MSH 4.1 10⁹ tetrahedra", func() error {
			_, err := readGmshString("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n0 0 0 0\n$EndNodes\n$Elements\n1 1000000000 1 1000000000\n3 1 4 1000000000\n")
			return err
		}, "line 9: 1000000000 more tetrahedra exceed MaxTets = 8000000"},
		{"MSH 2.2 10¹⁸ elements, then nothing", func() error {
			_, err := readGmshString(strings.Replace(cube22, "$Elements\n9\n", "$Elements\n1000000000000000000\n", 1) + "x")
			return err
		}, "expected <tag> <type> <#tags>"},
		{"MSH 4.1 MaxNodes nodes, then nothing", func() error {
			_, err := readGmshString("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 2000000 1 2000000\n3 1 0 2000000\n1\n")
			return err
		}, "line 7: unexpected end of file: expected node tag 2 of 2000000 in block 1"},
	}
	for _, c := range cases {
		var err error
		n := allocated(func() { err = c.read() })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
		if n > 1<<18 {
			t.Errorf("%s: allocated %d bytes", c.name, n)
		}
	}
}

func TestReadTetGenErrors(t *testing.T) {
	cube := unitCube(t)
	node, ele := tetgenText(cube.Nodes, cube.Tets, 1)
	nodeLines := strings.SplitAfter(node, "\n")
	withNode := func(i int, s string) string { // node with line i (0-based) replaced
		l := append([]string(nil), nodeLines...)
		l[i] = s
		return strings.Join(l, "")
	}
	cases := []struct{ node, ele, want string }{
		{"", ele, "tissue: ReadTetGen: .node line 0: unexpected end of file: expected the header"},
		{"# nothing\n\n", ele, ".node line 2: unexpected end of file"},
		{"8 2 0 0\n", ele, ".node line 1: the dimension = 2 is out of range [3, 3]"},
		{"8 3 0 2\n", ele, ".node line 1: the boundary marker flag = 2 is out of range [0, 1]"},
		{"8 3 -1 0\n", ele, "the number of attributes = -1 is out of range"},
		{"8 3 0\n", ele, ".node line 1: expected the header <#points> <dimension> <#attributes> <boundary markers> (4 fields), found 3 fields"},
		{"0 3 0 0\n", ele, ".node line 1: 0 points"},
		{"x 3 0 0\n", ele, `the number of points "x" is not an integer`},
		{withNode(1, "2 0 0 0\n"), ele, ".node line 2: the first point index is 2: it must be 0 or 1"},
		{withNode(3, "4 1 0 0\n"), ele, ".node line 4: point index 4, expected 3: points must be numbered consecutively"},
		{withNode(2, "2 abc 0 0\n"), ele, `.node line 3: x coordinate "abc" is not a number`},
		{withNode(2, "2 0 1e999 0\n"), ele, `.node line 3: y coordinate "1e999" is not finite`},
		{withNode(2, "2 0 0 NaN\n"), ele, `.node line 3: z coordinate "NaN" is not finite`},
		{withNode(2, "2 0 0\n"), ele, ".node line 3: expected point 2 of 8: <index> <x> <y> <z> (4 fields), found 3 fields"},
		{node + "9 0 0 0\n", ele, ".node line 10: extra line after the 8 points the header announced"},
		{strings.Join(nodeLines[:5], ""), ele, ".node line 5: unexpected end of file: expected point 5 of 8"},
		{node, "6 10 0\n", ".ele line 1: 10-node (second-order, TetGen -o2) tetrahedra are not supported"},
		{node, "6 5 0\n", ".ele line 1: 5 nodes per tetrahedron: only 4 is supported"},
		{node, strings.Replace(ele, "1 1 2 4 8", "1 1 2 4 9", 1), ".ele line 2: node n3 = 9 is not a point of the .node file (1…8)"},
		{node, strings.Replace(ele, "1 1 2 4 8", "1 0 2 4 8", 1), ".ele line 2: node n0 = 0 is not a point"},
		{node, strings.Replace(ele, "1 1 2 4 8", "1 1 2 4 8 7", 1), ".ele line 2: expected tetrahedron 1 of 6: <index> <n0> <n1> <n2> <n3> (5 fields), found 6"},
		{node, strings.Replace(ele, "2 1 6 2 8", "3 1 6 2 8", 1), ".ele line 3: tetrahedron index 3, expected 2"},
		{node, ele + "7 1 2 3 4\n", ".ele line 8: extra line after the 6 tetrahedra"},
		{node, strings.Replace(ele, "1 1 2 4 8", "1 1 2 2 8", 1), "tissue: ReadTetGen: the mesh is invalid (nodes and tetrahedra counted from 0 in file order): tetrahedron 0 (nodes 0 1 1 7) repeats node 1"},
		{node, "1 4 0\n1 1 2 3 4\n", "the mesh is invalid (nodes and tetrahedra counted from 0 in file order, unused nodes dropped): tetrahedron 0 (nodes 0 1 2 3) is degenerate"},
		{strings.Repeat("#", maxLine+10) + "\n", ele, ".node line 1: longer than 65536 bytes"},
	}
	for _, c := range cases {
		_, err := readTetGenString(c.node, c.ele)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

func TestReadGmshErrors(t *testing.T) {
	head22 := "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n"
	cases := []struct{ in, want string }{
		{"", "tissue: ReadGmsh: line 0: empty file: expected $MeshFormat"},
		{"$Nodes\n", "line 1: expected $MeshFormat first, found $Nodes"},
		{"hello\n", `line 1: expected a section such as $Nodes, found "hello"`},
		{"$MeshFormat\n4.0 0 8\n$EndMeshFormat\n", `line 2: MSH version "4.0" is not supported: save as version 2.2 or 4.1`},
		{"$MeshFormat\n4.1 1 8\n\x01\x00\x00\x00\n$EndMeshFormat\n", "line 2: binary MSH files are not supported"},
		{"$MeshFormat\n2.2 1 8\n", "binary MSH files are not supported"},
		{"$MeshFormat\n2.2 0 8\n", "line 2: unexpected end of file: expected $EndMeshFormat"},
		{head22 + "$MeshFormat\n", "line 4: a second $MeshFormat section"},
		{head22 + "$EndNodes\n", "line 4: $EndNodes without its section"},
		{head22 + "$Elements\n0\n$EndElements\n", "line 4: $Elements before $Nodes"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n", "no $Elements section"},
		{head22 + "$Nodes\n1\n1 0 0 0\n", "line 6: unexpected end of file: expected $EndNodes"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndElements\n", `line 7: expected $EndNodes, found "$EndElements"`},
		{head22 + "$Nodes\n2\n1 0 0 0\n0 1 0 0\n", "line 7: the node tag = 0 is out of range"},
		{head22 + "$Nodes\n2\n7 0 0 0\n7 1 0 0\n$EndNodes\n", "line 7: node tag 7 was already used on line 6"},
		{head22 + "$Nodes\n1\n1 0 0 inf\n", `line 6: z coordinate "inf" is not finite`},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 11 0 1 1 1 1 1 1 1 1 1 1\n",
			"line 10: element type 11 (10-node second-order tetrahedron) is not supported: only 4-node tetrahedra (type 4) are"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 5 0 1 1 1 1 1 1 1 1\n", "element type 5 (8-node hexahedron) is not supported"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 99 0 1\n", "line 10: unknown element type 99"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 4 0 1 1 1\n", "line 10: a 4-node tetrahedron with 0 tags needs 7 fields, found 6"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 4 0 1 1 1 42\n", "line 10: node tag 42 is not in $Nodes"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 15 0 1\n$EndElements\n", "no 4-node tetrahedra (element type 4)"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 15 0 2\n$EndElements\n", "line 10: node tag 2 is not in $Nodes"},
		{head22 + "$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 15 -1 1\n", "the number of tags = -1 is out of range"},
		{head22 + "$Junk\nstuff\n", "line 5: unexpected end of file: expected $EndJunk"},
		{strings.Replace(cube41, "4 9 2 1000", "4 10 2 1000", 1), "line 35: the blocks hold 9 nodes, the header on line 13 announced 10"},
		{strings.Replace(cube41, "4 9 2 1000", "4 8 2 1000", 1), "the number of nodes in the block = 2 is out of range [0, 1]"},
		{strings.Replace(cube41, "3 1 4 6", "2 1 4 6", 1), "element type 4 (4-node tetrahedron) in a block of dimension 2"},
		{strings.Replace(cube41, "0 0 1 0.1 0.2", "0 0 1 0.1", 1), "expected the coordinates of node 1 of 2 in block 3 (5 fields), found 4"},
		{strings.Replace(cube41, "4 9 1 16", "4 10 1 16", 1), "the blocks hold 9 elements, the header on line 38 announced 10"},
		{strings.Replace(cube22, "16 4 2 1 1 10 2 100 99", "16 4 2 1 1 10 2 99 100", 1), "tissue: ReadGmsh: line 30: tetrahedron 5 is inverted: it is negatively oriented, unlike 5 other tetrahedra (mixed orientations)"},
		{strings.Replace(cube22, "16 4 2 1 1 10 2 100 99", "16 4 2 1 1 10 2 100 7", 1), "tissue: ReadGmsh: the mesh is invalid (nodes and tetrahedra counted from 0 in file order, unused nodes dropped):"},
	}
	for _, c := range cases {
		_, err := readGmshString(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// failWriter fails after n bytes.
type failWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errDiskFull
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteErrors(t *testing.T) {
	m := genSlab(t, vec.V3{X: 1, Y: 1, Z: 1}, [3]int{10, 10, 10})
	var a, b bytes.Buffer
	for _, n := range []int{0, 100, 5000} {
		if err := WriteGmsh(m, &failWriter{n}); !errors.Is(err, errDiskFull) {
			t.Errorf("WriteGmsh failing after %d bytes: %v", n, err)
		}
		if err := WriteTetGen(m, &failWriter{n}, &b); !errors.Is(err, errDiskFull) {
			t.Errorf("WriteTetGen .node failing after %d bytes: %v", n, err)
		}
		if err := WriteTetGen(m, &a, &failWriter{n}); !errors.Is(err, errDiskFull) {
			t.Errorf("WriteTetGen .ele failing after %d bytes: %v", n, err)
		}
	}
	bad := cloneMesh(m)
	bad.Nodes[5].X = math.NaN()
	a.Reset()
	if err := WriteGmsh(bad, &a); err == nil || !strings.Contains(err.Error(), "tissue: WriteGmsh: node 5 is not finite") || a.Len() != 0 {
		t.Errorf("WriteGmsh of an invalid mesh: %v, %d bytes written", err, a.Len())
	}
	if err := WriteTetGen(bad, &a, &b); err == nil || !strings.Contains(err.Error(), "tissue: WriteTetGen: node 5 is not finite") {
		t.Errorf("WriteTetGen of an invalid mesh: %v", err)
	}
	if !sameMesh(bad, func() *Mesh { c := cloneMesh(m); c.Nodes[5].X = math.NaN(); return c }()) {
		t.Error("a writer changed the mesh")
	}
}

// fuzzCheck checks what a fuzzed reader returned: an error with the package prefix, or a
// valid mesh that both writers write and both readers read back unchanged.
func fuzzCheck(t *testing.T, m *Mesh, err error) {
	if err != nil {
		if !strings.HasPrefix(err.Error(), "tissue: ") {
			t.Fatalf("error without the package prefix: %v", err)
		}
		return
	}
	before := cloneMesh(m)
	if err := m.Validate(); err != nil {
		t.Fatalf("read a mesh that does not validate: %v", err)
	}
	if !sameMesh(m, before) {
		t.Fatal("Validate changed the Surf the reader returned")
	}
	var node, ele, msh bytes.Buffer
	if err := WriteTetGen(m, &node, &ele); err != nil {
		t.Fatal(err)
	}
	if err := WriteGmsh(m, &msh); err != nil {
		t.Fatal(err)
	}
	if back, err := ReadTetGen(&node, &ele); err != nil || !sameMesh(back, m) {
		t.Fatalf("TetGen round trip: %v", err)
	}
	if back, err := ReadGmsh(&msh); err != nil || !sameMesh(back, m) {
		t.Fatalf("MSH round trip: %v", err)
	}
}

func FuzzReadTetGen(f *testing.F) {
	cube := unitCube(f)
	slab := genSlab(f, vec.V3{X: 1.0 / 3, Y: 0.2, Z: 0.1}, [3]int{2, 1, 1})
	var node, ele bytes.Buffer
	if err := WriteTetGen(slab, &node, &ele); err != nil {
		f.Fatal(err)
	}
	f.Add(node.Bytes(), ele.Bytes())
	f.Add([]byte(cubeNode), []byte(cubeEle))
	n, e := tetgenText(cube.Nodes, cube.Tets, 0)
	f.Add([]byte(n), []byte(e))
	f.Add([]byte(n), []byte("1 4 0\n0 0 1 2 7\n"))
	f.Add([]byte(n), []byte("6 10 0\n"))
	f.Add([]byte("1000000000 3 0 0\n"), []byte(e))
	f.Add([]byte("4 3 0 0\n1 0 0 0\n2 1e300 0 0\n3 0 1 0\n4 0 0 -1e-300\n"), []byte("1 4 0\n1 1 2 3 4\n"))
	f.Fuzz(func(t *testing.T, node, ele []byte) {
		m, err := ReadTetGen(bytes.NewReader(node), bytes.NewReader(ele))
		fuzzCheck(t, m, err)
	})
}

func FuzzReadGmsh(f *testing.F) {
	var msh bytes.Buffer
	if err := WriteGmsh(genSlab(f, vec.V3{X: 0.3, Y: 1.0 / 7, Z: 0.1}, [3]int{2, 1, 1}), &msh); err != nil {
		f.Fatal(err)
	}
	f.Add(msh.Bytes())
	f.Add([]byte(cube22))
	f.Add([]byte(cube41))
	f.Add([]byte(msh22Text(unitCube(f).Nodes, unitCube(f).Tets)))
	f.Add([]byte("$MeshFormat\n4.1 1 8\n\x01\x00\x00\x00\n$EndMeshFormat\n"))
	f.Add([]byte("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1000000000\n"))
	f.Add([]byte(strings.Replace(cube22, "11 4 2 1 1 10 20 7 99", "11 11 2 1 1 10 20 7 99 10 20 7 99 10 20", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadGmsh(bytes.NewReader(data))
		fuzzCheck(t, m, err)
	})
}

func BenchmarkReadGmsh(b *testing.B) {
	cells := slabCells(100_000)
	m := genSlab(b, vec.V3{X: 0.01, Y: 0.01, Z: 0.01}, cells)
	var msh bytes.Buffer
	if err := WriteGmsh(m, &msh); err != nil {
		b.Fatal(err)
	}
	b.Run(fmt.Sprintf("tets=%d", len(m.Tets)), func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(msh.Len()))
		for b.Loop() {
			if _, err := ReadGmsh(bytes.NewReader(msh.Bytes())); err != nil {
				b.Fatal(err)
			}
		}
	})
}
