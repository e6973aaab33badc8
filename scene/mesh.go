package scene

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Limits of a scene's rigid meshes.
const (
	MaxMeshes        = 16        // rigid meshes per scene
	MaxMeshVertices  = 1_000_000 // vertices of an inline mesh
	MaxMeshTriangles = 2_000_000 // triangles of an inline mesh
	MaxMeshFileSize  = 256 << 20 // bytes of a mesh file read
	MaxPathLen       = 4096      // bytes of a file name
)

// Mesh is a rigid triangle mesh the rope may not enter (the physical solvers: "implicit" takes
// it as a triangle surface; "pbd" and "dvi" meet it as an obstacle, with the rope's
// own friction, up to world.MaxObstacleTriangles triangles in all and with walls thicker than
// 2·world.MeshDepthRadii rope radii): a closed, outward-wound, manifold surface that does not
// cut itself, either read from an STL or OBJ file or given inline:
//
//	"meshes": [{"name": "jaw", "file": "jaw.stl", "scale": 0.001, "offset": [0, 0, 0.01]},
//	           {"name": "block", "vertices": [[0,0,0], [1,0,0], ...], "triangles": [[0,2,1], ...]}]
//
// Exactly one of file and vertices (with triangles) is given. A relative file name is read
// from the working directory; ResolvePaths makes them relative to the scene file's directory
// (`knotsim run` and `knotsim serve` do).
type Mesh struct {
	Name      string            `json:"name,omitempty"`      // optional, ≤ MaxNameLen bytes
	File      string            `json:"file,omitempty"`      // an .stl (binary or ASCII) or .obj file, ≤ MaxPathLen bytes
	Vertices  []Vec             `json:"vertices,omitempty"`  // inline: ≤ MaxMeshVertices positions, m (before scale and offset)
	Triangles [][3]int          `json:"triangles,omitempty"` // inline: ≤ MaxMeshTriangles, vertex indices from 0, (b − a) × (c − a) outward
	Scale     float64           `json:"scale,omitempty"`     // multiplies every coordinate (STL and OBJ have no units: 0.001 for a file in mm), 0 < scale ≤ 1e6; default 1
	Offset    *Vec              `json:"offset,omitempty"`    // m, added after scaling; default [0, 0, 0]
	Friction  *MaterialFriction `json:"friction,omitempty"`  // rope on this mesh, 0 ≤ kinetic ≤ static ≤ 10; default DefaultTissueFriction ("implicit" only: pbd and dvi take the rope's friction)
}

func (c *checker) validateMeshes(s *Scene) {
	ms := s.Meshes
	if len(ms) == 0 {
		return
	}
	if len(ms) > MaxMeshes {
		c.add("meshes", "must hold at most %d meshes (got %d)", MaxMeshes, len(ms))
		return
	}
	obstacles := s.Solver.Type == "pbd" || s.Solver.Type == "dvi"
	if !obstacles {
		c.needsImplicit("meshes", s)
	}
	var tris int
	for i := range ms {
		m := &ms[i]
		p := fmt.Sprintf("meshes[%d]", i)
		c.text(p+".name", m.Name, MaxNameLen)
		switch {
		case m.File != "" && (m.Vertices != nil || m.Triangles != nil):
			c.add(p+".file", "give either a file or vertices and triangles, not both")
		case m.File != "":
			c.text(p+".file", m.File, MaxPathLen)
			if ext := strings.ToLower(filepath.Ext(m.File)); ext != ".stl" && ext != ".obj" {
				c.add(p+".file", "%q: want an .stl or .obj file", m.File)
			}
		case len(m.Vertices) == 0 || len(m.Triangles) == 0:
			c.add(p, "needs a file, or vertices and triangles")
		case len(m.Vertices) > MaxMeshVertices:
			c.add(p+".vertices", "must hold at most %d vertices (got %d)", MaxMeshVertices, len(m.Vertices))
		case len(m.Triangles) > MaxMeshTriangles:
			c.add(p+".triangles", "must hold at most %d triangles (got %d)", MaxMeshTriangles, len(m.Triangles))
		default:
			for k, v := range m.Vertices {
				if !c.coords(func() string { return fmt.Sprintf("%s.vertices[%d]", p, k) }, v) {
					break
				}
			}
			n := len(m.Vertices)
			for k, t := range m.Triangles {
				if t[0] < 0 || t[1] < 0 || t[2] < 0 || t[0] >= n || t[1] >= n || t[2] >= n {
					c.add(fmt.Sprintf("%s.triangles[%d]", p, k), "vertex index out of range 0..%d (got %v)", n-1, t)
					break
				}
			}
		}
		if m.Scale != 0 {
			c.positive(p+".scale", m.Scale, 1e6, "")
		}
		c.optCoords(p+".offset", m.Offset)
		c.surfaceFriction(p+".friction", m.Friction)
		if obstacles && m.Friction != nil {
			c.add(p+".friction", "the %s solver meets meshes as obstacles, with the rope's own friction: leave it out (or use implicit)", s.Solver.Type)
		}
		tris += len(m.Triangles)
	}
	if obstacles && tris > world.MaxObstacleTriangles {
		c.add("meshes", "the %s solver meets meshes as obstacles, at most %d triangles in all (got %d inline; use implicit)", s.Solver.Type, world.MaxObstacleTriangles, tris)
	}
}

// ResolvePaths rewrites the relative mesh file names of s as paths under dir (the directory of
// the scene file they were written in).
func (s *Scene) ResolvePaths(dir string) {
	for i := range s.Meshes {
		if f := s.Meshes[i].File; f != "" && !filepath.IsAbs(f) {
			s.Meshes[i].File = filepath.Join(dir, f)
		}
	}
}

// surface returns the mesh's surface, read or copied, scaled and moved.
func (m *Mesh) surface() (*tissue.Surface, error) {
	var s *tissue.Surface
	if m.File != "" {
		name := m.File
		st, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if st.Size() > MaxMeshFileSize {
			return nil, fmt.Errorf("%s is %d bytes; at most %d are read", name, st.Size(), MaxMeshFileSize)
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if strings.EqualFold(filepath.Ext(name), ".stl") {
			s, err = tissue.ReadSTL(bytes.NewReader(data))
		} else {
			s, err = tissue.ReadOBJ(bytes.NewReader(data))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	} else {
		s = &tissue.Surface{Nodes: make([]vec.V3, len(m.Vertices)), Tris: make([][3]int32, len(m.Triangles))}
		for i, v := range m.Vertices {
			s.Nodes[i] = v.V3()
		}
		for i, t := range m.Triangles {
			s.Tris[i] = [3]int32{int32(t[0]), int32(t[1]), int32(t[2])}
		}
	}
	k := m.Scale
	if k == 0 {
		k = 1
	}
	var o vec.V3
	if m.Offset != nil {
		o = m.Offset.V3()
	}
	for i := range s.Nodes {
		s.Nodes[i] = s.Nodes[i].Scale(k).Add(o)
	}
	return s, nil
}

// addMeshes adds the scene's rigid meshes to w (the scene validated).
func addMeshes(s *Scene, w *world.World) error {
	for i := range s.Meshes {
		m := &s.Meshes[i]
		surf, err := m.surface()
		if err != nil {
			return fmt.Errorf("scene: meshes[%d]: %w", i, err)
		}
		if _, err := w.AddRigid(world.Rigid{Name: orName(m.Name, "mesh", i), Surface: surf, Friction: surfaceFrictionOf(m.Friction)}); err != nil {
			return fmt.Errorf("scene: meshes[%d]: %w", i, err)
		}
	}
	return nil
}
