package tissue

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/knotsim/knotsim/vec"
)

// objIgnored are the OBJ statements ReadOBJ skips: texture and normal vertices (counted, so
// that face references to them can be checked), free-form parameter vertices, grouping,
// smoothing, materials and display attributes.
var objIgnored = map[string]bool{
	"vt": true, "vn": true, "vp": true, "g": true, "o": true, "s": true, "mg": true,
	"usemtl": true, "mtllib": true, "usemap": true, "maplib": true, "lod": true, "bevel": true,
	"c_interp": true, "d_interp": true, "shadow_obj": true, "trace_obj": true,
}

// objRefused are the OBJ statements ReadOBJ refuses, with what they are.
var objRefused = map[string]string{
	"l": "a line element", "p": "a point element",
	"curv": "a free-form curve", "curv2": "a free-form 2D curve", "surf": "a free-form surface",
	"cstype": "a free-form curve or surface type", "deg": "a free-form degree",
	"bmat": "a free-form basis matrix", "step": "a free-form step size", "parm": "a free-form parameter",
	"trim": "a free-form trimming loop", "hole": "a free-form hole", "scrv": "a free-form special curve",
	"sp": "a free-form special point", "end": "the end of a free-form body", "con": "a free-form connectivity",
	"ctech": "a free-form curve approximation", "stech": "a free-form surface approximation",
}

// ReadOBJ reads a triangulated surface from a Wavefront OBJ file.
//
// It reads vertices "v <x> <y> <z> [<w>]" (w, a rational weight, is checked and ignored, as
// are the colours of the common extension "v <x> <y> <z> <r> <g> <b>") and faces "f <v1> <v2>
// <v3> …", each vertex reference of the form v, v/vt, v/vt/vn or v//vn. References count from
// 1 in the order the statements appear, or back from the last one read when negative (−1 is
// the last vertex defined before the face); 0 and references to vertices (or texture or
// normal vertices) not yet defined are refused. A face of k > 3 vertices is split into the
// fan of k − 2 triangles (v1, vi, vi+1): right for a convex planar polygon, and anything else
// (a non-planar or non-convex polygon) gives triangles that Validate then refuses or that
// approximate it. vt, vn, vp, g, o, s, mg, usemtl, mtllib and the display attributes are
// skipped; '#' starts a comment that runs to the end of the line; blank lines are skipped. Line
// elements (l), points (p) and free-form curves and surfaces (curv, surf, cstype, …) are
// refused, naming the line; so are line continuations ('\' at the end of a line) and any
// other statement.
//
// Vertices used by no face are dropped, and vertices with equal coordinates (as float64, −0
// equal to +0) are welded into one node; nodes are the remaining vertices in file order,
// triangles the faces' in file order. Coordinates are read as metres (OBJ has no unit): call
// Scale(1e-3) on the result for a file in mm. The result is validated as an open surface
// (Validate(false)); call Validate(true) on it when a closed, outward-wound surface is needed
// (OBJ faces are counter-clockwise seen from outside). More than MaxSurfaceNodes vertices or
// MaxSurfaceTris triangles are refused as they are read. Errors name the line and the problem
// (a validation error the line of the face or vertex concerned). Malformed input never panics.
func ReadOBJ(r io.Reader) (*Surface, error) {
	l := newLines(r, "ReadOBJ:", true)
	var (
		verts    []vec.V3
		vertLine []int32
		tris     [][3]int32
		triLine  []int32
		nvt, nvn int64
		face     []int32
	)
	for {
		err := l.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if last := l.f[len(l.f)-1]; strings.HasSuffix(last, "\\") {
			return nil, l.errf("line continuations ('\\' at the end of a line) are not supported: join the lines")
		}
		kw := l.f[0]
		switch {
		case kw == "v":
			if n := len(l.f); n != 4 && n != 5 && n != 7 {
				return nil, l.errf("expected \"v <x> <y> <z> [<w>]\" (or \"v <x> <y> <z> <r> <g> <b>\"), found %d fields: %q", n, l.text())
			}
			if len(verts) >= MaxSurfaceNodes {
				return nil, l.errf("more than MaxSurfaceNodes = %d vertices", MaxSurfaceNodes)
			}
			p, err := l.point(1)
			if err != nil {
				return nil, err
			}
			for k := 4; k < len(l.f); k++ {
				what := "the weight w"
				if len(l.f) == 7 {
					what = "colour component " + string("rgb"[k-4])
				}
				if _, err := l.number(k, what); err != nil {
					return nil, err
				}
			}
			verts = append(verts, p)
			vertLine = append(vertLine, int32(min(l.n, math.MaxInt32)))
		case kw == "vt":
			nvt++
		case kw == "vn":
			nvn++
		case kw == "f":
			if len(l.f) < 4 {
				return nil, l.errf("a face needs at least 3 vertices, found %d: %q", len(l.f)-1, l.text())
			}
			face = face[:0]
			for k := 1; k < len(l.f); k++ {
				v, err := l.objRef(l.f[k], int64(len(verts)), nvt, nvn)
				if err != nil {
					return nil, err
				}
				face = append(face, v)
			}
			if n := len(face) - 2; n > MaxSurfaceTris-len(tris) {
				return nil, l.errf("more than MaxSurfaceTris = %d triangles", MaxSurfaceTris)
			}
			line := int32(min(l.n, math.MaxInt32))
			for k := 1; k+1 < len(face); k++ {
				tris = append(tris, [3]int32{face[0], face[k], face[k+1]})
				triLine = append(triLine, line)
			}
		case objIgnored[kw]:
		case objRefused[kw] != "":
			return nil, l.errf("%q is %s: only faces (f) are supported", kw, objRefused[kw])
		default:
			return nil, l.errf("unknown statement %q", kw)
		}
	}
	if len(tris) == 0 {
		return nil, l.errf("no faces")
	}
	// Weld the used vertices in file order.
	node := make([]int32, len(verts)) // new index + 1, 0 for unused
	for _, t := range tris {
		for _, v := range t {
			node[v] = 1
		}
	}
	w := newWelder(min(len(verts), 4096))
	nodeLine := make([]int32, 0, min(len(verts), 4096))
	for i, u := range node {
		if u == 0 {
			continue
		}
		k, _ := w.node(verts[i]) // never more nodes than vertices
		node[i] = k + 1
		if int(k) == len(nodeLine) {
			nodeLine = append(nodeLine, vertLine[i])
		}
	}
	for i, t := range tris {
		tris[i] = [3]int32{node[t[0]] - 1, node[t[1]] - 1, node[t[2]] - 1}
	}
	return validateRead(&Surface{Nodes: w.nodes, Tris: tris}, "ReadOBJ",
		"triangles counted from 0 in file order after splitting polygons, nodes the used and welded vertices counted from 0 in file order",
		func(se *surfaceError) string {
			switch {
			case se.tri >= 0:
				return fmt.Sprintf(": line %d", triLine[se.tri])
			case se.node >= 0:
				return fmt.Sprintf(": line %d", nodeLine[se.node])
			}
			return ""
		})
}

// objRef parses a face's vertex reference s (v, v/vt, v/vt/vn or v//vn) and returns the index
// of its vertex among the nv read so far; nvt and nvn texture and normal vertices have been
// read.
func (l *lines) objRef(s string, nv, nvt, nvn int64) (int32, error) {
	parts := strings.Split(s, "/")
	if len(parts) > 3 || parts[0] == "" || (len(parts) == 2 && parts[1] == "") || (len(parts) == 3 && parts[2] == "") {
		return 0, l.errf("vertex reference %q: expected v, v/vt, v/vt/vn or v//vn", s)
	}
	v, err := l.objIndex(s, parts[0], "vertex", nv)
	if err != nil {
		return 0, err
	}
	if len(parts) > 1 && parts[1] != "" {
		if _, err := l.objIndex(s, parts[1], "texture vertex", nvt); err != nil {
			return 0, err
		}
	}
	if len(parts) > 2 {
		if _, err := l.objIndex(s, parts[2], "normal vertex", nvn); err != nil {
			return 0, err
		}
	}
	return int32(v), nil
}

// objIndex resolves the OBJ index f (from 1, or back from the last when negative) of a kind
// of which n have been read.
func (l *lines) objIndex(ref, f, kind string, n int64) (int64, error) {
	i, err := strconv.ParseInt(f, 10, 64)
	switch {
	case err != nil:
		return 0, l.errf("vertex reference %q: %s index %q is not an integer", ref, kind, f)
	case i == 0:
		return 0, l.errf("vertex reference %q: %s index 0: OBJ indices count from 1 (or back from -1, the last one)", ref, kind)
	case i > 0 && i <= n:
		return i - 1, nil
	case i < 0 && i >= -n:
		return n + i, nil
	}
	return 0, l.errf("vertex reference %q: %s index %d is out of range: %d %s defined so far", ref, kind, i, n, strings.TrimSuffix(kind, "vertex")+"vertices")
}

// WriteOBJ writes s as a Wavefront OBJ file: a comment, one "v <x> <y> <z>" line per node
// (coordinates in m, printed exactly: the shortest form that reads back to the same float64),
// then one "f <a> <b> <c>" line per triangle (nodes counted from 1, the triangles' winding
// kept). ReadOBJ reads it back unchanged. s must be a valid open surface (Validate(false) is
// run; s is not changed); the first error of the check or of a write is returned.
func WriteOBJ(s *Surface, w io.Writer) error {
	if err := s.Validate(false); err != nil {
		return wrap("WriteOBJ", err)
	}
	bw := bufio.NewWriter(w)
	var b []byte
	b = fmt.Appendf(b, "# knotsim surface: %d vertices, %d triangles, coordinates in m\n", len(s.Nodes), len(s.Tris))
	flush := func() error {
		_, err := bw.Write(b)
		b = b[:0]
		return err
	}
	for _, p := range s.Nodes {
		b = append(b, "v "...)
		b = append(appendPoint(b, p), '\n')
		if err := flush(); err != nil {
			return fmt.Errorf("tissue: WriteOBJ: %w", err)
		}
	}
	for _, t := range s.Tris {
		b = append(b, 'f')
		for _, v := range t {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(v)+1, 10)
		}
		b = append(b, '\n')
		if err := flush(); err != nil {
			return fmt.Errorf("tissue: WriteOBJ: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("tissue: WriteOBJ: %w", err)
	}
	return nil
}
