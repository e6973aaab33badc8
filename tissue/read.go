package tissue

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/knotsim/knotsim/vec"
)

// Notes common to ReadTetGen and ReadGmsh (each one's doc comment repeats them):
// strict, line-numbered errors; header counts beyond MaxNodes/MaxTets refused before
// allocating, other buffers grown with the data actually read (initialCap); no panics;
// unused nodes dropped; the global orientation flip; Validate last (finish).

// maxLine is the longest line accepted, bytes.
const maxLine = 64 << 10

// maxAttrs bounds the per-line attribute counts of TetGen headers (sanity, not a format rule).
const maxAttrs = 1024

// lines reads a text file line by line, splitting each into whitespace-separated fields.
type lines struct {
	sc   *bufio.Scanner
	name string   // the file, for errors: "ReadTetGen: .node"
	hash bool     // '#' starts a comment that runs to the end of the line
	n    int      // the current line number, from 1
	f    []string // the fields of the current line
}

func newLines(r io.Reader, name string, hash bool) *lines {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, maxLine)
	return &lines{sc: sc, name: name, hash: hash}
}

// next moves to the next line with at least one field; io.EOF at the end of the file.
func (l *lines) next() error {
	for l.sc.Scan() {
		l.n++
		s := l.sc.Text()
		if l.hash {
			if i := strings.IndexByte(s, '#'); i >= 0 {
				s = s[:i]
			}
		}
		l.f = appendFields(l.f[:0], s)
		if len(l.f) > 0 {
			return nil
		}
	}
	if err := l.sc.Err(); err != nil {
		l.n++
		if errors.Is(err, bufio.ErrTooLong) {
			return l.errf("longer than %d bytes", maxLine)
		}
		return l.errf("%v", err)
	}
	return io.EOF
}

// need moves to the next line, which must exist and hold count fields (count < 0: any);
// what says what the line should hold (a function, so that the message is only formatted on
// error).
func (l *lines) need(count int, what func() string) error {
	if err := l.next(); err != nil {
		if err == io.EOF {
			return l.errf("unexpected end of file: expected %s", what())
		}
		return err
	}
	if count >= 0 && len(l.f) != count {
		return l.errf("expected %s (%d fields), found %d fields: %q", what(), count, len(l.f), l.text())
	}
	return nil
}

// text returns the current line's fields, shortened for an error message.
func (l *lines) text() string {
	s := strings.Join(l.f, " ")
	if len(s) > 60 {
		s = s[:60] + "…"
	}
	return s
}

func (l *lines) errf(format string, args ...any) error {
	return fmt.Errorf("tissue: %s line %d: %s", l.name, l.n, fmt.Sprintf(format, args...))
}

// integer returns field i as an integer in [lo, hi].
func (l *lines) integer(i int, what string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(l.f[i], 10, 64)
	if err != nil {
		return 0, l.errf("%s %q is not an integer", what, l.f[i])
	}
	if v < lo || v > hi {
		return 0, l.errf("%s = %d is out of range [%d, %d]", what, v, lo, hi)
	}
	return v, nil
}

// number returns field i as a finite number.
func (l *lines) number(i int, what string) (float64, error) {
	v, err := strconv.ParseFloat(l.f[i], 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, l.errf("%s %q is not a number", what, l.f[i])
	}
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, l.errf("%s %q is not finite", what, l.f[i])
	}
	return v, nil
}

// point returns fields i, i+1, i+2 as a point.
func (l *lines) point(i int) (vec.V3, error) {
	var p [3]float64
	for k := range 3 {
		v, err := l.number(i+k, string("xyz"[k])+" coordinate")
		if err != nil {
			return vec.V3{}, err
		}
		p[k] = v
	}
	return vec.V3{X: p[0], Y: p[1], Z: p[2]}, nil
}

// appendFields appends the fields of s separated by ASCII white space.
func appendFields(f []string, s string) []string {
	i := 0
	for i < len(s) {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			f = append(f, s[i:j])
		}
		i = j
	}
	return f
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// initialCap is the capacity buffers start with when a header announces n items: buffers grow
// with what is read, never with what a header claims.
func initialCap(n int64) int { return int(min(n, 4096)) }

// ReadTetGen reads a tetrahedral mesh from TetGen's .node and .ele files.
//
// .node: a header "<#points> <dimension = 3> <#attributes> <boundary markers 0|1>", then one
// line per point "<index> <x> <y> <z> [attributes…] [boundary marker]". Points are numbered
// consecutively from 0 or from 1, as the first one says (TetGen's -z). Coordinates in m.
//
// .ele: a header "<#tetrahedra> <nodes per tetrahedron = 4> <#attributes>", then one line per
// tetrahedron "<index> <n0> <n1> <n2> <n3> [attributes…]", numbered consecutively from 0 or 1;
// node numbers follow the .node file's numbering. Second-order (10-node, TetGen's -o2)
// tetrahedra are refused.
//
// In both, '#' starts a comment that runs to the end of the line, and blank lines are skipped.
// Attributes and boundary markers are checked and discarded. TetGen keeps unused input points
// unless run with -J: they are dropped, as below.
//
// After parsing, nodes that belong to no tetrahedron are dropped (the others keep their file
// order). Files may use either orientation convention, (x1 − x0)·((x2 − x0) × (x3 − x0)) > 0
// or < 0: if every tetrahedron is negatively oriented, nodes 2 and 3 of each are swapped (a
// global convention flip); if both signs occur the file is refused, naming the first
// tetrahedron of the smaller group (of the negative ones on a tie) and its line. Then the mesh
// is validated (Validate, which fills m.Surf); its errors count nodes and tetrahedra from 0 in
// file order. Every other error names the line and the problem. A count in a header beyond
// MaxNodes or MaxTets is refused before anything of that size is allocated. Coordinates are
// taken as metres: scale the nodes after reading (m.Nodes[i] = m.Nodes[i].Scale(1e-3)) if the
// file is in mm. Malformed input never panics.
func ReadTetGen(node, ele io.Reader) (*Mesh, error) {
	nodes, base, err := readTetGenNodes(node)
	if err != nil {
		return nil, err
	}
	l := newLines(ele, "ReadTetGen: .ele", true)
	if err := l.need(3, func() string { return "the header <#tetrahedra> <nodes per tetrahedron> <#attributes>" }); err != nil {
		return nil, err
	}
	nt, err := l.integer(0, "the number of tetrahedra", 0, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	if nt > MaxTets {
		return nil, l.errf("%d tetrahedra exceed MaxTets = %d", nt, MaxTets)
	}
	per, err := l.integer(1, "nodes per tetrahedron", 0, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	switch per {
	case 4:
	case 10:
		return nil, l.errf("10-node (second-order, TetGen -o2) tetrahedra are not supported: mesh without -o2")
	default:
		return nil, l.errf("%d nodes per tetrahedron: only 4 is supported", per)
	}
	nattr, err := l.integer(2, "the number of attributes", 0, maxAttrs)
	if err != nil {
		return nil, err
	}
	tets := make([][4]int32, 0, initialCap(nt))
	tetLine := make([]int32, 0, initialCap(nt))
	first := int64(0)
	for i := range nt {
		if err := l.need(5+int(nattr), func() string {
			return fmt.Sprintf("tetrahedron %d of %d: <index> <n0> <n1> <n2> <n3>%s", i+1, nt, attrs(nattr))
		}); err != nil {
			return nil, err
		}
		idx, err := l.integer(0, "the tetrahedron index", 0, math.MaxInt64)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			if idx > 1 {
				return nil, l.errf("the first tetrahedron index is %d: it must be 0 or 1", idx)
			}
			first = idx
		} else if idx != first+i {
			return nil, l.errf("tetrahedron index %d, expected %d: tetrahedra must be numbered consecutively", idx, first+i)
		}
		var t [4]int32
		for k := range 4 {
			v, err := l.integer(1+k, fmt.Sprintf("node n%d", k), math.MinInt64, math.MaxInt64)
			if err != nil {
				return nil, err
			}
			if v < base || v-base >= int64(len(nodes)) {
				return nil, l.errf("node n%d = %d is not a point of the .node file (%d…%d)", k, v, base, base+int64(len(nodes))-1)
			}
			t[k] = int32(v - base)
		}
		for k := range nattr {
			if _, err := l.number(5+int(k), fmt.Sprintf("attribute %d", k+1)); err != nil {
				return nil, err
			}
		}
		tets = append(tets, t)
		tetLine = append(tetLine, int32(min(l.n, math.MaxInt32)))
	}
	if err := l.next(); err != io.EOF {
		if err != nil {
			return nil, err
		}
		return nil, l.errf("extra line after the %d tetrahedra the header announced: %q", nt, l.text())
	}
	return finish("ReadTetGen", ".ele", nodes, tets, tetLine)
}

func attrs(n int64) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" and %d attributes", n)
}

// readTetGenNodes reads a .node file and returns its points and its first index (0 or 1).
func readTetGenNodes(r io.Reader) ([]vec.V3, int64, error) {
	l := newLines(r, "ReadTetGen: .node", true)
	if err := l.need(4, func() string { return "the header <#points> <dimension> <#attributes> <boundary markers>" }); err != nil {
		return nil, 0, err
	}
	n, err := l.integer(0, "the number of points", 0, math.MaxInt64)
	if err != nil {
		return nil, 0, err
	}
	if n > MaxNodes {
		return nil, 0, l.errf("%d points exceed MaxNodes = %d", n, MaxNodes)
	}
	if n == 0 {
		return nil, 0, l.errf("0 points (a .node file whose points are in a .poly file is not supported)")
	}
	if _, err := l.integer(1, "the dimension", 3, 3); err != nil {
		return nil, 0, err
	}
	nattr, err := l.integer(2, "the number of attributes", 0, maxAttrs)
	if err != nil {
		return nil, 0, err
	}
	marks, err := l.integer(3, "the boundary marker flag", 0, 1)
	if err != nil {
		return nil, 0, err
	}
	want := 4 + int(nattr) + int(marks)
	what := "<index> <x> <y> <z>" + attrs(nattr)
	if marks == 1 {
		what += " <boundary marker>"
	}
	nodes := make([]vec.V3, 0, initialCap(n))
	base := int64(0)
	for i := range n {
		if err := l.need(want, func() string { return fmt.Sprintf("point %d of %d: %s", i+1, n, what) }); err != nil {
			return nil, 0, err
		}
		idx, err := l.integer(0, "the point index", 0, math.MaxInt64)
		if err != nil {
			return nil, 0, err
		}
		if i == 0 {
			if idx > 1 {
				return nil, 0, l.errf("the first point index is %d: it must be 0 or 1", idx)
			}
			base = idx
		} else if idx != base+i {
			return nil, 0, l.errf("point index %d, expected %d: points must be numbered consecutively", idx, base+i)
		}
		p, err := l.point(1)
		if err != nil {
			return nil, 0, err
		}
		for k := range nattr {
			if _, err := l.number(4+int(k), fmt.Sprintf("attribute %d", k+1)); err != nil {
				return nil, 0, err
			}
		}
		if marks == 1 {
			if _, err := l.integer(want-1, "the boundary marker", math.MinInt64, math.MaxInt64); err != nil {
				return nil, 0, err
			}
		}
		nodes = append(nodes, p)
	}
	if err := l.next(); err != io.EOF {
		if err != nil {
			return nil, 0, err
		}
		return nil, 0, l.errf("extra line after the %d points the header announced: %q", n, l.text())
	}
	return nodes, base, nil
}

// elemType describes a Gmsh element type: its dimension, its number of nodes and its name.
type elemType struct {
	dim, nodes int
	name       string
}

// gmshTypes are the element types of the MSH format (Gmsh reference manual, "MSH file
// format"): only type 4 is kept, the 0-, 1- and 2-D ones are skipped, the other 3-D ones are
// refused.
var gmshTypes = map[int64]elemType{
	1: {1, 2, "2-node line"}, 2: {2, 3, "3-node triangle"}, 3: {2, 4, "4-node quadrangle"},
	4: {3, 4, "4-node tetrahedron"}, 5: {3, 8, "8-node hexahedron"}, 6: {3, 6, "6-node prism"},
	7: {3, 5, "5-node pyramid"}, 8: {1, 3, "3-node second-order line"},
	9: {2, 6, "6-node second-order triangle"}, 10: {2, 9, "9-node second-order quadrangle"},
	11: {3, 10, "10-node second-order tetrahedron"}, 12: {3, 27, "27-node second-order hexahedron"},
	13: {3, 18, "18-node second-order prism"}, 14: {3, 14, "14-node second-order pyramid"},
	15: {0, 1, "1-node point"}, 16: {2, 8, "8-node second-order quadrangle"},
	17: {3, 20, "20-node second-order hexahedron"}, 18: {3, 15, "15-node second-order prism"},
	19: {3, 13, "13-node second-order pyramid"}, 20: {2, 9, "9-node third-order incomplete triangle"},
	21: {2, 10, "10-node third-order triangle"}, 22: {2, 12, "12-node fourth-order incomplete triangle"},
	23: {2, 15, "15-node fourth-order triangle"}, 24: {2, 15, "15-node fifth-order incomplete triangle"},
	25: {2, 21, "21-node fifth-order triangle"}, 26: {1, 4, "4-node third-order line"},
	27: {1, 5, "5-node fourth-order line"}, 28: {1, 6, "6-node fifth-order line"},
	29: {3, 20, "20-node third-order tetrahedron"}, 30: {3, 35, "35-node fourth-order tetrahedron"},
	31: {3, 56, "56-node fifth-order tetrahedron"}, 92: {3, 64, "64-node third-order hexahedron"},
	93: {3, 125, "125-node fourth-order hexahedron"},
}

// gmshReader holds what ReadGmsh has read so far.
type gmshReader struct {
	*lines
	v4       bool // MSH 4.1 (else 2.2)
	nodes    []vec.V3
	nodeLine []int32
	tags     []int64
	index    []tagIdx // tags sorted, with their index in nodes
	tets     [][4]int32
	tetLine  []int32
}

type tagIdx struct {
	tag int64
	idx int32
}

// ReadGmsh reads a tetrahedral mesh from a Gmsh MSH file, ASCII, version 2.2 or 4.1.
//
// It reads $MeshFormat (which must come first), $Nodes and $Elements, and skips every other
// section ($PhysicalNames, $Entities, $Comments, $NodeData, …). Node tags may be any distinct
// positive integers, in any order and with gaps; nodes keep their file order. Elements of type
// 4 (4-node tetrahedron) make the mesh; points, lines, triangles and the other 0-, 1- and 2-D
// types (15, 1, 2, 3, 8, 9, …) are checked and skipped; other 3-D types (5 hexahedron, 11
// 10-node tetrahedron, …), unknown types and binary files are refused. Nodes used only by the
// skipped elements are dropped, as below.
//
// After parsing, nodes that belong to no tetrahedron are dropped (the others keep their file
// order). Files may use either orientation convention, (x1 − x0)·((x2 − x0) × (x3 − x0)) > 0
// or < 0: if every tetrahedron is negatively oriented, nodes 2 and 3 of each are swapped (a
// global convention flip); if both signs occur the file is refused, naming the first
// tetrahedron of the smaller group (of the negative ones on a tie) and its line. Then the mesh
// is validated (Validate, which fills m.Surf); its errors count nodes and tetrahedra from 0 in
// file order. Every other error names the line and the problem. A count in a header beyond
// MaxNodes or MaxTets is refused before anything of that size is allocated. Coordinates are
// taken as metres: scale the nodes after reading (m.Nodes[i] = m.Nodes[i].Scale(1e-3)) if the
// file is in mm. Malformed input never panics.
func ReadGmsh(r io.Reader) (*Mesh, error) {
	g := &gmshReader{lines: newLines(r, "ReadGmsh:", false)}
	var format, haveNodes, haveElems bool
	for {
		err := g.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(g.f) != 1 || !strings.HasPrefix(g.f[0], "$") || len(g.f[0]) < 2 {
			return nil, g.errf("expected a section such as $Nodes, found %q", g.text())
		}
		sec := g.f[0][1:]
		if !format && sec != "MeshFormat" {
			return nil, g.errf("expected $MeshFormat first, found $%s", sec)
		}
		switch sec {
		case "MeshFormat":
			if format {
				return nil, g.errf("a second $MeshFormat section")
			}
			if err := g.readFormat(); err != nil {
				return nil, err
			}
			format = true
		case "Nodes":
			if haveNodes {
				return nil, g.errf("a second $Nodes section (only one is supported)")
			}
			if err := g.readNodes(); err != nil {
				return nil, err
			}
			haveNodes = true
		case "Elements":
			if !haveNodes {
				return nil, g.errf("$Elements before $Nodes")
			}
			if haveElems {
				return nil, g.errf("a second $Elements section (only one is supported)")
			}
			if err := g.readElements(); err != nil {
				return nil, err
			}
			haveElems = true
		default:
			if strings.HasPrefix(sec, "End") {
				return nil, g.errf("$%s without its section", sec)
			}
			if err := g.skip(sec); err != nil {
				return nil, err
			}
		}
	}
	switch {
	case !format:
		return nil, g.errf("empty file: expected $MeshFormat")
	case !haveNodes:
		return nil, g.errf("no $Nodes section")
	case !haveElems:
		return nil, g.errf("no $Elements section")
	case len(g.tets) == 0:
		return nil, g.errf("no 4-node tetrahedra (element type 4) in $Elements")
	}
	return finish("ReadGmsh", "", g.nodes, g.tets, g.tetLine)
}

// end reads the line closing section sec.
func (g *gmshReader) end(sec string) error {
	if err := g.need(-1, func() string { return "$End" + sec }); err != nil {
		return err
	}
	if len(g.f) != 1 || g.f[0] != "$End"+sec {
		return g.errf("expected $End%s, found %q", sec, g.text())
	}
	return nil
}

// skip skips an unknown section up to its $End line.
func (g *gmshReader) skip(sec string) error {
	for {
		if err := g.need(-1, func() string { return "$End" + sec }); err != nil {
			return err
		}
		if len(g.f) == 1 && g.f[0] == "$End"+sec {
			return nil
		}
	}
}

func (g *gmshReader) readFormat() error {
	if err := g.need(3, func() string { return "<version> <file type> <data size>" }); err != nil {
		return err
	}
	switch g.f[0] {
	case "2.2":
	case "4.1":
		g.v4 = true
	default:
		return g.errf("MSH version %q is not supported: save as version 2.2 or 4.1 (gmsh -format msh22 or msh41)", g.f[0])
	}
	ft, err := g.integer(1, "the file type", 0, math.MaxInt64)
	if err != nil {
		return err
	}
	switch ft {
	case 0:
	case 1:
		return g.errf("binary MSH files are not supported: save as ASCII (gmsh option -bin 0, Mesh.Binary = 0)")
	default:
		return g.errf("file type %d: expected 0 (ASCII)", ft)
	}
	if _, err := g.integer(2, "the data size", 1, 64); err != nil {
		return err
	}
	return g.end("MeshFormat")
}

// addNode appends one node read from the current line.
func (g *gmshReader) addNode(tag int64, p vec.V3, line int) {
	g.nodes = append(g.nodes, p)
	g.tags = append(g.tags, tag)
	g.nodeLine = append(g.nodeLine, int32(min(line, math.MaxInt32)))
}

func (g *gmshReader) readNodes() error {
	if g.v4 {
		if err := g.readNodes4(); err != nil {
			return err
		}
	} else {
		if err := g.need(1, func() string { return "<number of nodes>" }); err != nil {
			return err
		}
		n, err := g.integer(0, "the number of nodes", 0, math.MaxInt64)
		if err != nil {
			return err
		}
		if n > MaxNodes {
			return g.errf("%d nodes exceed MaxNodes = %d", n, MaxNodes)
		}
		g.grow(n)
		for i := range n {
			if err := g.need(4, func() string { return fmt.Sprintf("node %d of %d: <tag> <x> <y> <z>", i+1, n) }); err != nil {
				return err
			}
			tag, err := g.integer(0, "the node tag", 1, math.MaxInt64)
			if err != nil {
				return err
			}
			p, err := g.point(1)
			if err != nil {
				return err
			}
			g.addNode(tag, p, g.n)
		}
	}
	if err := g.end("Nodes"); err != nil {
		return err
	}
	// Index the tags: sorted, each with its node.
	g.index = make([]tagIdx, len(g.tags))
	for i, t := range g.tags {
		g.index[i] = tagIdx{t, int32(i)}
	}
	slices.SortFunc(g.index, func(a, b tagIdx) int {
		switch {
		case a.tag < b.tag:
			return -1
		case a.tag > b.tag:
			return 1
		}
		return int(a.idx - b.idx)
	})
	for i := 1; i < len(g.index); i++ {
		if a, b := g.index[i-1], g.index[i]; a.tag == b.tag {
			return fmt.Errorf("tissue: ReadGmsh: line %d: node tag %d was already used on line %d", g.nodeLine[b.idx], b.tag, g.nodeLine[a.idx])
		}
	}
	return nil
}

func (g *gmshReader) grow(n int64) {
	c := initialCap(n)
	g.nodes = make([]vec.V3, 0, c)
	g.tags = make([]int64, 0, c)
	g.nodeLine = make([]int32, 0, c)
}

// blockHead reads the start of entity block b of nb in a 4.1 $Nodes or $Elements section
// ("<entity dim> <entity tag>" then the two fields rest names) and returns the dimension.
func (g *gmshReader) blockHead(b, nb int64, kind, rest string) (int64, error) {
	if err := g.need(4, func() string {
		return fmt.Sprintf("%s block %d of %d: <entity dim> <entity tag> %s", kind, b+1, nb, rest)
	}); err != nil {
		return 0, err
	}
	dim, err := g.integer(0, "the entity dimension", 0, 3)
	if err != nil {
		return 0, err
	}
	_, err = g.integer(1, "the entity tag", math.MinInt64, math.MaxInt64)
	return dim, err
}

// readNodes4 reads the body of a 4.1 $Nodes section: a header "<#blocks> <#nodes> <min tag>
// <max tag>", then per block "<entity dim> <entity tag> <parametric 0|1> <#nodes in block>",
// that many tags (one a line), that many "x y z [u [v [w]]]" lines.
func (g *gmshReader) readNodes4() error {
	if err := g.need(4, func() string { return "<#entity blocks> <#nodes> <min node tag> <max node tag>" }); err != nil {
		return err
	}
	head := g.n
	nb, err := g.integer(0, "the number of entity blocks", 0, math.MaxInt64)
	if err != nil {
		return err
	}
	n, err := g.integer(1, "the number of nodes", 0, math.MaxInt64)
	if err != nil {
		return err
	}
	if n > MaxNodes {
		return g.errf("%d nodes exceed MaxNodes = %d", n, MaxNodes)
	}
	for k := 2; k < 4; k++ {
		if _, err := g.integer(k, "a node tag bound", 0, math.MaxInt64); err != nil {
			return err
		}
	}
	g.grow(n)
	var total int64
	for b := range nb {
		dim, err := g.blockHead(b, nb, "node", "<parametric> <#nodes>")
		if err != nil {
			return err
		}
		param, err := g.integer(2, "the parametric flag", 0, 1)
		if err != nil {
			return err
		}
		cnt, err := g.integer(3, "the number of nodes in the block", 0, n-total)
		if err != nil {
			return err
		}
		total += cnt
		for i := range cnt {
			if err := g.need(1, func() string { return fmt.Sprintf("node tag %d of %d in block %d", i+1, cnt, b+1) }); err != nil {
				return err
			}
			tag, err := g.integer(0, "the node tag", 1, math.MaxInt64)
			if err != nil {
				return err
			}
			g.tags = append(g.tags, tag)
			g.nodeLine = append(g.nodeLine, int32(min(g.n, math.MaxInt32)))
		}
		want := 3 + int(param*dim)
		for i := range cnt {
			if err := g.need(want, func() string { return fmt.Sprintf("the coordinates of node %d of %d in block %d", i+1, cnt, b+1) }); err != nil {
				return err
			}
			p, err := g.point(0)
			if err != nil {
				return err
			}
			for k := 3; k < want; k++ {
				if _, err := g.number(k, "a parametric coordinate"); err != nil {
					return err
				}
			}
			g.nodes = append(g.nodes, p)
		}
	}
	if total != n {
		return g.errf("the blocks hold %d nodes, the header on line %d announced %d", total, head, n)
	}
	return nil
}

// node returns the index of the node with the given tag.
func (g *gmshReader) node(i int) (int32, error) {
	tag, err := g.integer(i, "a node tag", 1, math.MaxInt64)
	if err != nil {
		return 0, err
	}
	k, ok := slices.BinarySearchFunc(g.index, tag, func(e tagIdx, t int64) int {
		switch {
		case e.tag < t:
			return -1
		case e.tag > t:
			return 1
		}
		return 0
	})
	if !ok {
		return 0, g.errf("node tag %d is not in $Nodes", tag)
	}
	return g.index[k].idx, nil
}

// element checks the nodes of an element of type typ (fields from..from+nodes−1) and, for a
// tetrahedron, appends it.
func (g *gmshReader) element(typ int64, et elemType, from int) error {
	var t [4]int32
	for k := range et.nodes {
		idx, err := g.node(from + k)
		if err != nil {
			return err
		}
		if k < 4 {
			t[k] = idx
		}
	}
	if typ == 4 {
		if len(g.tets) >= MaxTets {
			return g.errf("more than MaxTets = %d tetrahedra", MaxTets)
		}
		g.tets = append(g.tets, t)
		g.tetLine = append(g.tetLine, int32(min(g.n, math.MaxInt32)))
	}
	return nil
}

// elemType returns the type of field i and refuses those ReadGmsh does not read.
func (g *gmshReader) elemType(i int) (int64, elemType, error) {
	typ, err := g.integer(i, "the element type", math.MinInt64, math.MaxInt64)
	if err != nil {
		return 0, elemType{}, err
	}
	et, ok := gmshTypes[typ]
	if !ok {
		return 0, elemType{}, g.errf("unknown element type %d", typ)
	}
	if et.dim == 3 && typ != 4 {
		return 0, elemType{}, g.errf("element type %d (%s) is not supported: only 4-node tetrahedra (type 4) are", typ, et.name)
	}
	return typ, et, nil
}

func (g *gmshReader) readElements() error {
	if g.v4 {
		if err := g.readElements4(); err != nil {
			return err
		}
	} else {
		if err := g.need(1, func() string { return "<number of elements>" }); err != nil {
			return err
		}
		n, err := g.integer(0, "the number of elements", 0, math.MaxInt64)
		if err != nil {
			return err
		}
		g.tets = make([][4]int32, 0, initialCap(n))
		g.tetLine = make([]int32, 0, initialCap(n))
		for i := range n {
			if err := g.need(-1, func() string { return fmt.Sprintf("element %d of %d", i+1, n) }); err != nil {
				return err
			}
			if len(g.f) < 3 {
				return g.errf("expected <tag> <type> <#tags> <tags…> <nodes…>, found %q", g.text())
			}
			if _, err := g.integer(0, "the element tag", 1, math.MaxInt64); err != nil {
				return err
			}
			typ, et, err := g.elemType(1)
			if err != nil {
				return err
			}
			ntags, err := g.integer(2, "the number of tags", 0, maxLine)
			if err != nil {
				return err
			}
			if want := 3 + int(ntags) + et.nodes; len(g.f) != want {
				return g.errf("a %s with %d tags needs %d fields, found %d", et.name, ntags, want, len(g.f))
			}
			for k := range int(ntags) {
				if _, err := g.integer(3+k, "a tag", math.MinInt64, math.MaxInt64); err != nil {
					return err
				}
			}
			if err := g.element(typ, et, 3+int(ntags)); err != nil {
				return err
			}
		}
	}
	return g.end("Elements")
}

// readElements4 reads the body of a 4.1 $Elements section: a header "<#blocks> <#elements>
// <min tag> <max tag>", then per block "<entity dim> <entity tag> <element type> <#elements>"
// and that many lines "<tag> <nodes…>".
func (g *gmshReader) readElements4() error {
	if err := g.need(4, func() string { return "<#entity blocks> <#elements> <min element tag> <max element tag>" }); err != nil {
		return err
	}
	head := g.n
	nb, err := g.integer(0, "the number of entity blocks", 0, math.MaxInt64)
	if err != nil {
		return err
	}
	n, err := g.integer(1, "the number of elements", 0, math.MaxInt64)
	if err != nil {
		return err
	}
	for k := 2; k < 4; k++ {
		if _, err := g.integer(k, "an element tag bound", 0, math.MaxInt64); err != nil {
			return err
		}
	}
	var total int64
	for b := range nb {
		dim, err := g.blockHead(b, nb, "element", "<element type> <#elements>")
		if err != nil {
			return err
		}
		typ, et, err := g.elemType(2)
		if err != nil {
			return err
		}
		if int64(et.dim) != dim {
			return g.errf("element type %d (%s) in a block of dimension %d", typ, et.name, dim)
		}
		cnt, err := g.integer(3, "the number of elements in the block", 0, n-total)
		if err != nil {
			return err
		}
		if typ == 4 && cnt > int64(MaxTets-len(g.tets)) {
			return g.errf("%d more tetrahedra exceed MaxTets = %d", cnt, MaxTets)
		}
		total += cnt
		if typ == 4 {
			g.tets = slices.Grow(g.tets, initialCap(cnt))
			g.tetLine = slices.Grow(g.tetLine, initialCap(cnt))
		}
		for i := range cnt {
			if err := g.need(1+et.nodes, func() string {
				return fmt.Sprintf("element %d of %d in block %d: <tag> and %d nodes", i+1, cnt, b+1, et.nodes)
			}); err != nil {
				return err
			}
			if _, err := g.integer(0, "the element tag", 1, math.MaxInt64); err != nil {
				return err
			}
			if err := g.element(typ, et, 1); err != nil {
				return err
			}
		}
	}
	if total != n {
		return g.errf("the blocks hold %d elements, the header on line %d announced %d", total, head, n)
	}
	return nil
}

// finish drops unused nodes, settles the orientation convention and validates.
// tetLine[i] is the line of tetrahedron i in file (for errors).
func finish(who, file string, nodes []vec.V3, tets [][4]int32, tetLine []int32) (*Mesh, error) {
	if len(tets) == 0 {
		return nil, fmt.Errorf("tissue: %s: no tetrahedra", who)
	}
	// Drop unused nodes.
	used := make([]int32, len(nodes)) // new index + 1, 0 for unused
	for _, t := range tets {
		for _, v := range t {
			used[v] = 1
		}
	}
	kept := int32(0)
	for i, u := range used {
		if u != 0 {
			kept++
			used[i] = kept
		}
	}
	if int(kept) < len(nodes) {
		compact := make([]vec.V3, 0, kept)
		for i, u := range used {
			if u != 0 {
				compact = append(compact, nodes[i])
			}
		}
		nodes = compact
		for i, t := range tets {
			tets[i] = [4]int32{used[t[0]] - 1, used[t[1]] - 1, used[t[2]] - 1, used[t[3]] - 1}
		}
	}
	// Orientation convention.
	var pos, neg int
	firstPos, firstNeg := -1, -1
	for i, t := range tets {
		d := det6(nodes[t[0]], nodes[t[1]], nodes[t[2]], nodes[t[3]])
		switch {
		case d > 0:
			pos++
			if firstPos < 0 {
				firstPos = i
			}
		case d < 0:
			neg++
			if firstNeg < 0 {
				firstNeg = i
			}
		}
	}
	if file != "" {
		file += " "
	}
	switch {
	case neg > 0 && pos == 0:
		for i, t := range tets {
			tets[i] = [4]int32{t[0], t[1], t[3], t[2]}
		}
	case neg > 0 && pos > 0:
		bad, sign, other := firstNeg, "negatively", pos
		if pos < neg {
			bad, sign, other = firstPos, "positively", neg
		}
		return nil, fmt.Errorf("tissue: %s: %sline %d: tetrahedron %d is inverted: it is %s oriented, unlike %d other tetrahedra (mixed orientations)",
			who, file, tetLine[bad], bad, sign, other)
	}
	m := &Mesh{Nodes: nodes, Tets: tets}
	if err := m.Validate(); err != nil {
		note := "nodes and tetrahedra counted from 0 in file order"
		if int(kept) < len(used) {
			note += ", unused nodes dropped"
		}
		return nil, wrap(who+": the mesh is invalid ("+note+")", err)
	}
	return m, nil
}

// WriteTetGen writes m as TetGen .node and .ele files, numbered from 1 (TetGen's default),
// with no attributes or boundary markers, coordinates in m printed exactly (shortest form that
// reads back to the same float64) and the tetrahedra in m's orientation. m must be valid
// (Validate's checks are run without changing m); the first error of a check or a write is
// returned.
func WriteTetGen(m *Mesh, node, ele io.Writer) error {
	if _, err := m.check(); err != nil {
		return wrap("WriteTetGen", err)
	}
	w := bufio.NewWriter(node)
	var b []byte
	b = fmt.Appendf(b, "# %d points, coordinates in m\n%d 3 0 0\n", len(m.Nodes), len(m.Nodes))
	for i, p := range m.Nodes {
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, ' ')
		b = append(appendPoint(b, p), '\n')
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("tissue: WriteTetGen: .node: %w", err)
		}
		b = b[:0]
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("tissue: WriteTetGen: .node: %w", err)
	}
	w = bufio.NewWriter(ele)
	b = fmt.Appendf(b, "%d 4 0\n", len(m.Tets))
	for i, t := range m.Tets {
		b = strconv.AppendInt(b, int64(i+1), 10)
		for _, v := range t {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(v)+1, 10)
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("tissue: WriteTetGen: .ele: %w", err)
		}
		b = b[:0]
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("tissue: WriteTetGen: .ele: %w", err)
	}
	return nil
}

// appendPoint appends "x y z" in the shortest form that reads back exactly.
func appendPoint(b []byte, p vec.V3) []byte {
	b = strconv.AppendFloat(b, p.X, 'g', -1, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, p.Y, 'g', -1, 64)
	b = append(b, ' ')
	return strconv.AppendFloat(b, p.Z, 'g', -1, 64)
}

// WriteGmsh writes m as a Gmsh MSH 4.1 ASCII file: one volume entity (tag 1) holding every node
// (tags 1…len(Nodes)) and every tetrahedron (element type 4, tags 1…len(Tets)), coordinates in
// m printed exactly (shortest form that reads back to the same float64), the tetrahedra in m's
// orientation (Gmsh's own). m must be valid (Validate's checks are run without changing m);
// the first error of a check or a write is returned.
func WriteGmsh(m *Mesh, w io.Writer) error {
	if _, err := m.check(); err != nil {
		return wrap("WriteGmsh", err)
	}
	bw := bufio.NewWriter(w)
	nn, nt := len(m.Nodes), len(m.Tets)
	lo, hi := m.Bounds()
	var b []byte
	b = append(b, "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Entities\n0 0 0 1\n1 "...)
	b = appendPoint(b, lo)
	b = append(b, ' ')
	b = appendPoint(b, hi)
	b = fmt.Appendf(b, " 0 0\n$EndEntities\n$Nodes\n1 %d 1 %d\n3 1 0 %d\n", nn, nn, nn)
	flush := func() error {
		_, err := bw.Write(b)
		b = b[:0]
		return err
	}
	for i := range nn {
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, '\n')
		if err := flush(); err != nil {
			return fmt.Errorf("tissue: WriteGmsh: %w", err)
		}
	}
	for _, p := range m.Nodes {
		b = append(appendPoint(b, p), '\n')
		if err := flush(); err != nil {
			return fmt.Errorf("tissue: WriteGmsh: %w", err)
		}
	}
	b = fmt.Appendf(b, "$EndNodes\n$Elements\n1 %d 1 %d\n3 1 4 %d\n", nt, nt, nt)
	for i, t := range m.Tets {
		b = strconv.AppendInt(b, int64(i+1), 10)
		for _, v := range t {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(v)+1, 10)
		}
		b = append(b, '\n')
		if err := flush(); err != nil {
			return fmt.Errorf("tissue: WriteGmsh: %w", err)
		}
	}
	b = append(b, "$EndElements\n"...)
	if err := flush(); err != nil {
		return fmt.Errorf("tissue: WriteGmsh: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("tissue: WriteGmsh: %w", err)
	}
	return nil
}
