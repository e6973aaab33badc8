package tissue

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/knotsim/knotsim/vec"
)

// Binary STL layout: an 80-byte header, a little-endian uint32 facet count, then per facet a
// 50-byte record: the normal and the three vertices as little-endian float32 triples, and a
// 16-bit attribute.
const (
	stlHeader = 80
	stlHead   = stlHeader + 4
	stlRecord = 50
)

// ReadSTL reads a triangulated surface from an STL file, binary or ASCII.
//
// Binary: an 80-byte header (ignored), a little-endian uint32 facet count, then per facet 50
// bytes: the normal and three vertices as float32 triples and a 16-bit attribute (ignored).
// The file must hold exactly 84 + 50·count bytes. A count beyond MaxSurfaceTris is refused
// from the header; when the size of r is known (a *bytes.Reader, *strings.Reader,
// *bytes.Buffer, or an io.Seeker such as an *os.File) a count that does not match it is
// refused before anything is allocated; otherwise facets are read as they come, buffers grow
// with the data actually read, and a short file is refused at its end.
//
// ASCII: "solid [name]", then facets
//
//	facet normal <ni> <nj> <nk>
//	  outer loop
//	    vertex <x> <y> <z>
//	    vertex <x> <y> <z>
//	    vertex <x> <y> <z>
//	  endloop
//	endfacet
//
// and "endsolid [name]"; several solids in a row are read as one surface. Keywords are lower
// case, one statement a line, numbers finite; anything else is refused with its line number.
//
// Which: a file is ASCII when it begins (after white space) with the word "solid", unless its
// size is exactly that of a binary STL with the count in bytes 80–83 (some binary writers
// begin their header with "solid"); such a file is binary. When the size of r is not known
// and the count is within MaxSurfaceTris, deciding this reads up to 84 + 50·count bytes into
// memory first (a text file never has such a count: its byte 83 is printable).
//
// Normals are ignored: the order of the vertices gives the orientation, (b − a) × (c − a)
// pointing out of a closed body (STL's counter-clockwise rule). STL has no units: coordinates
// are read as metres; call Scale(1e-3) on the result for a file in mm.
//
// STL repeats every vertex in each facet that uses it; vertices with equal coordinates (as
// float64, −0 equal to +0) are welded into one node, through a map from the coordinates to
// the node, so that the result is an indexed mesh. Nodes are numbered in order of first
// appearance, triangles are the facets in file order. The result is validated as an open
// surface (Validate(false): edge-manifold, no zero-area triangle, no self-intersection); call
// Validate(true) on it when a closed, outward-wound surface is needed. Errors name the line
// (ASCII) or the facet (binary, counted from 0) and the problem; validation errors count
// triangles and nodes from 0 as above. More than MaxSurfaceNodes distinct vertices are
// refused as they are read. Malformed input never panics.
func ReadSTL(r io.Reader) (*Surface, error) {
	size, known, err := remaining(r)
	if err != nil {
		return nil, fmt.Errorf("tissue: ReadSTL: %w", err)
	}
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(stlHead)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("tissue: ReadSTL: %w", err)
	}
	text := beginsSolid(head)
	if len(head) < stlHead {
		if text {
			return readASCIISTL(br, "")
		}
		if len(head) == 0 {
			return nil, errors.New("tissue: ReadSTL: empty file")
		}
		return nil, fmt.Errorf("tissue: ReadSTL: %d bytes: too short for a binary STL (an 80-byte header and a 4-byte facet count) and not an ASCII STL (which begins with \"solid\")", len(head))
	}
	n := int64(binary.LittleEndian.Uint32(head[stlHeader:]))
	want := stlHead + stlRecord*n
	if text {
		hint := fmt.Sprintf("read as ASCII STL: the file begins with \"solid\", and its size does not match a binary STL of %d facets (84 + 50·%d = %d bytes)", n, n, want)
		switch {
		case n > MaxSurfaceTris:
			return readASCIISTL(br, "")
		case known:
			if size == want {
				return readBinarySTL(br, n, true)
			}
			return readASCIISTL(br, hint)
		}
		data, err := io.ReadAll(io.LimitReader(br, want+1))
		if err != nil {
			return nil, fmt.Errorf("tissue: ReadSTL: %w", err)
		}
		if int64(len(data)) == want {
			return readBinarySTL(bufio.NewReader(bytes.NewReader(data)), n, true)
		}
		return readASCIISTL(io.MultiReader(bytes.NewReader(data), br), hint)
	}
	switch {
	case n > MaxSurfaceTris:
		note := ""
		if isText(head) {
			note = " (the file looks like text: an ASCII STL must begin with the word \"solid\", in lower case)"
		}
		return nil, fmt.Errorf("tissue: ReadSTL: binary STL: the header announces %d facets, beyond MaxSurfaceTris = %d%s", n, MaxSurfaceTris, note)
	case known && size < want:
		return nil, fmt.Errorf("tissue: ReadSTL: binary STL: truncated: the header announces %d facets, which take 84 + 50·%d = %d bytes, but the file has %d", n, n, want, size)
	case known && size > want:
		return nil, fmt.Errorf("tissue: ReadSTL: binary STL: %d bytes after the %d facets the header announces (84 + 50·%d = %d bytes expected, the file has %d)", size-want, n, n, want, size)
	}
	return readBinarySTL(br, n, known)
}

// beginsSolid reports whether b begins, after ASCII white space, with the word "solid".
func beginsSolid(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n\v\f")
	return bytes.HasPrefix(b, []byte("solid")) && (len(b) == 5 || isSpace(b[5]) || b[5] == '\n')
}

// isText reports whether b holds only printable ASCII and white space.
func isText(b []byte) bool {
	for _, c := range b {
		if (c < ' ' || c > '~') && !isSpace(c) && c != '\n' {
			return false
		}
	}
	return true
}

// remaining returns the number of bytes left in r when r says it cheaply: the unread length
// of an in-memory reader, or the distance to the end of an io.Seeker (which is left where it
// was).
func remaining(r io.Reader) (int64, bool, error) {
	switch v := r.(type) {
	case *bytes.Reader:
		return int64(v.Len()), true, nil
	case *strings.Reader:
		return int64(v.Len()), true, nil
	case *bytes.Buffer:
		return int64(v.Len()), true, nil
	case io.Seeker:
		cur, err := v.Seek(0, io.SeekCurrent)
		if err != nil {
			return 0, false, nil // not seekable after all (a pipe): read it as a stream
		}
		end, err := v.Seek(0, io.SeekEnd)
		if err != nil {
			return 0, false, nil
		}
		if _, err := v.Seek(cur, io.SeekStart); err != nil {
			return 0, false, err
		}
		return end - cur, true, nil
	}
	return 0, false, nil
}

// welder numbers points, giving equal points (−0 equal to +0) the same node.
type welder struct {
	at    map[[3]uint64]int32
	nodes []vec.V3
}

func newWelder(hint int) *welder {
	return &welder{at: make(map[[3]uint64]int32, hint), nodes: make([]vec.V3, 0, hint)}
}

// node returns the node at p (finite), adding it if it is new; false when that would exceed
// MaxSurfaceNodes.
func (w *welder) node(p vec.V3) (int32, bool) {
	// −0 and +0 are the same point: key and keep +0.
	if p.X == 0 {
		p.X = 0
	}
	if p.Y == 0 {
		p.Y = 0
	}
	if p.Z == 0 {
		p.Z = 0
	}
	k := [3]uint64{math.Float64bits(p.X), math.Float64bits(p.Y), math.Float64bits(p.Z)}
	if i, ok := w.at[k]; ok {
		return i, true
	}
	if len(w.nodes) >= MaxSurfaceNodes {
		return 0, false
	}
	i := int32(len(w.nodes))
	w.at[k] = i
	w.nodes = append(w.nodes, p)
	return i, true
}

// readBinarySTL reads n facets after the 84 header bytes still in br, and checks that the file
// ends there (known: its size was checked already).
func readBinarySTL(br *bufio.Reader, n int64, known bool) (*Surface, error) {
	if n == 0 {
		return nil, errors.New("tissue: ReadSTL: binary STL: the header announces 0 facets")
	}
	if _, err := br.Discard(stlHead); err != nil {
		return nil, fmt.Errorf("tissue: ReadSTL: binary STL: %w", err)
	}
	// Buffers start small and grow with the facets actually read.
	w := newWelder(int(min(n, 1024)))
	tris := make([][3]int32, 0, min(n, 1024))
	var rec [stlRecord]byte
	for i := range n {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return nil, fmt.Errorf("tissue: ReadSTL: binary STL: truncated in facet %d of %d: the header's count needs 84 + 50·%d = %d bytes",
					i, n, n, stlHead+stlRecord*n)
			}
			return nil, fmt.Errorf("tissue: ReadSTL: binary STL: facet %d: %w", i, err)
		}
		var t [3]int32
		for k := range 3 {
			o := 12 + 12*k
			x := math.Float32frombits(binary.LittleEndian.Uint32(rec[o:]))
			y := math.Float32frombits(binary.LittleEndian.Uint32(rec[o+4:]))
			z := math.Float32frombits(binary.LittleEndian.Uint32(rec[o+8:]))
			p := vec.V3{X: float64(x), Y: float64(y), Z: float64(z)}
			if !p.IsFinite() {
				return nil, fmt.Errorf("tissue: ReadSTL: binary STL: facet %d: vertex %d is not finite: (%v, %v, %v)", i, k, p.X, p.Y, p.Z)
			}
			v, ok := w.node(p)
			if !ok {
				return nil, fmt.Errorf("tissue: ReadSTL: binary STL: facet %d: more than MaxSurfaceNodes = %d distinct vertices", i, MaxSurfaceNodes)
			}
			t[k] = v
		}
		tris = append(tris, t)
	}
	if !known {
		if _, err := br.ReadByte(); err != io.EOF {
			if err != nil {
				return nil, fmt.Errorf("tissue: ReadSTL: binary STL: %w", err)
			}
			return nil, fmt.Errorf("tissue: ReadSTL: binary STL: bytes after the %d facets the header announces (84 + 50·%d = %d bytes expected)", n, n, stlHead+stlRecord*n)
		}
	}
	return validateRead(&Surface{Nodes: w.nodes, Tris: tris}, "ReadSTL: binary STL", stlNumbering,
		func(se *surfaceError) string {
			i := se.tri
			if i < 0 {
				i = firstUse(tris, se.node)
			}
			if i < 0 {
				return ""
			}
			return fmt.Sprintf(": facet %d", i)
		})
}

// stlNumbering says how a reader's validation errors count triangles and nodes.
const stlNumbering = "triangles are the facets counted from 0, nodes the distinct vertices counted from 0 in order of first appearance"

// firstUse returns the first triangle that uses node v, −1 if none.
func firstUse(tris [][3]int32, v int) int {
	for i, t := range tris {
		if int(t[0]) == v || int(t[1]) == v || int(t[2]) == v {
			return i
		}
	}
	return -1
}

// readASCIISTL reads an ASCII STL; hint, when set, is added to parse errors (why the file was
// not read as binary).
func readASCIISTL(r io.Reader, hint string) (*Surface, error) {
	l := newLines(r, "ReadSTL:", false)
	s, err := parseASCIISTL(l)
	if err != nil && hint != "" {
		var se *surfaceError
		if !errors.As(err, &se) {
			return nil, fmt.Errorf("%w (%s)", err, hint)
		}
	}
	return s, err
}

func parseASCIISTL(l *lines) (*Surface, error) {
	if err := l.need(-1, func() string { return "solid <name>" }); err != nil {
		return nil, err
	}
	if l.f[0] != "solid" {
		return nil, l.errf("expected \"solid <name>\", found %q", l.text())
	}
	w := newWelder(256)
	var tris [][3]int32
	var facetLine []int32
	for {
		if err := l.need(-1, func() string { return "\"facet normal <ni> <nj> <nk>\" or \"endsolid\"" }); err != nil {
			return nil, err
		}
		switch l.f[0] {
		case "endsolid":
			err := l.next()
			if err == io.EOF {
				return finishSTL(w.nodes, tris, facetLine)
			}
			if err != nil {
				return nil, err
			}
			if l.f[0] != "solid" {
				return nil, l.errf("expected another \"solid <name>\" or the end of the file after endsolid, found %q", l.text())
			}
			continue
		case "facet":
		default:
			return nil, l.errf("expected \"facet normal <ni> <nj> <nk>\" or \"endsolid\", found %q", l.text())
		}
		if len(l.f) != 5 || l.f[1] != "normal" {
			return nil, l.errf("expected \"facet normal <ni> <nj> <nk>\", found %q", l.text())
		}
		for k := range 3 {
			if _, err := l.number(2+k, "normal component "+string("ijk"[k])); err != nil {
				return nil, err
			}
		}
		if len(tris) >= MaxSurfaceTris {
			return nil, l.errf("more than MaxSurfaceTris = %d facets", MaxSurfaceTris)
		}
		line := int32(min(l.n, math.MaxInt32))
		if err := l.keyword("outer loop"); err != nil {
			return nil, err
		}
		var t [3]int32
		for k := range 3 {
			if err := l.need(-1, func() string { return fmt.Sprintf("vertex %d of the facet: \"vertex <x> <y> <z>\"", k+1) }); err != nil {
				return nil, err
			}
			if len(l.f) != 4 || l.f[0] != "vertex" {
				return nil, l.errf("expected vertex %d of the facet: \"vertex <x> <y> <z>\", found %q", k+1, l.text())
			}
			p, err := l.point(1)
			if err != nil {
				return nil, err
			}
			v, ok := w.node(p)
			if !ok {
				return nil, l.errf("more than MaxSurfaceNodes = %d distinct vertices", MaxSurfaceNodes)
			}
			t[k] = v
		}
		if err := l.keyword("endloop"); err != nil {
			return nil, err
		}
		if err := l.keyword("endfacet"); err != nil {
			return nil, err
		}
		tris = append(tris, t)
		facetLine = append(facetLine, line)
	}
}

// keyword moves to the next line, which must be exactly the words of kw.
func (l *lines) keyword(kw string) error {
	if err := l.need(-1, func() string { return fmt.Sprintf("%q", kw) }); err != nil {
		return err
	}
	if strings.Join(l.f, " ") != kw {
		return l.errf("expected %q, found %q", kw, l.text())
	}
	return nil
}

// finishSTL validates what an ASCII STL held; facetLine[i] is the line of facet i.
func finishSTL(nodes []vec.V3, tris [][3]int32, facetLine []int32) (*Surface, error) {
	return validateRead(&Surface{Nodes: nodes, Tris: tris}, "ReadSTL", stlNumbering,
		func(se *surfaceError) string {
			i := se.tri
			if i < 0 {
				i = firstUse(tris, se.node)
			}
			if i < 0 {
				return ""
			}
			return fmt.Sprintf(": line %d", facetLine[i])
		})
}

// WriteSTL writes s as a binary STL: an 80-byte header that does not begin with "solid" (so
// that no reader takes it for ASCII), the facet count, then per triangle in order its unit
// normal (b − a) × (c − a) and its three vertices, as float32, and a zero attribute.
// Coordinates are in m (STL has no unit) and rounded to float32, about 7 significant digits:
// an error up to 6e-8·|x|, exact for coordinates that are float32 values (every surface
// ReadSTL read from a binary file). Rounding may merge nodes closer than that or flatten
// tiny triangles, which ReadSTL then reports. s must be a valid open surface (Validate(false)
// is run; s is not changed); the first error of the check or of a write is returned.
func WriteSTL(s *Surface, w io.Writer) error {
	if err := s.Validate(false); err != nil {
		return wrap("WriteSTL", err)
	}
	bw := bufio.NewWriter(w)
	var head [stlHead]byte
	copy(head[:], "binary STL written by knotsim: coordinates in m")
	for i := len("binary STL written by knotsim: coordinates in m"); i < stlHeader; i++ {
		head[i] = ' '
	}
	binary.LittleEndian.PutUint32(head[stlHeader:], uint32(len(s.Tris)))
	if _, err := bw.Write(head[:]); err != nil {
		return fmt.Errorf("tissue: WriteSTL: %w", err)
	}
	var rec [stlRecord]byte
	put := func(o int, p vec.V3) {
		binary.LittleEndian.PutUint32(rec[o:], math.Float32bits(float32(p.X)))
		binary.LittleEndian.PutUint32(rec[o+4:], math.Float32bits(float32(p.Y)))
		binary.LittleEndian.PutUint32(rec[o+8:], math.Float32bits(float32(p.Z)))
	}
	for _, t := range s.Tris {
		a, b, c := s.Nodes[t[0]], s.Nodes[t[1]], s.Nodes[t[2]]
		put(0, b.Sub(a).Cross(c.Sub(a)).Unit())
		put(12, a)
		put(24, b)
		put(36, c)
		if _, err := bw.Write(rec[:]); err != nil {
			return fmt.Errorf("tissue: WriteSTL: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("tissue: WriteSTL: %w", err)
	}
	return nil
}
