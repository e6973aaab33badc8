package server

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/world"
)

// Limits of the hello's "meshes": all the rigid meshes of a world together send at most
// MaxHelloMeshTriangles triangles and MaxHelloMeshVertices vertices (about 8 MB of JSON). A
// mesh that would take the hello beyond either is announced with MeshInfo.Omitted and empty
// lists; the meshes after it are still sent when they fit.
const (
	MaxHelloMeshTriangles = 200_000
	MaxHelloMeshVertices  = 200_000
)

// MeshInfo describes a rigid triangle mesh of the world (world.Rigid) for the viewer: the
// hello and scene events' "meshes", one per world mesh in its order. Rigid meshes never move,
// so frames carry nothing of them.
type MeshInfo struct {
	Name string `json:"name"`
	// Vertices are the positions, x, y, z per vertex flattened, m (float32 precision).
	Vertices []float32 `json:"vertices"`
	// Triangles are three vertex indices each, flattened; wound so that (b − a) × (c − a)
	// points out of the mesh.
	Triangles []int32 `json:"triangles"`
	// Omitted, when set, says why Vertices and Triangles are empty (the mesh would take the
	// hello beyond MaxHelloMeshTriangles or MaxHelloMeshVertices, or it has a non-finite
	// coordinate or an index out of range).
	Omitted string `json:"omitted,omitempty"`

	enc []byte // the JSON encoding, made once per epoch (sent in every hello and scene event)
}

// MarshalJSON returns the encoding made by meshInfos, or encodes m.
func (m MeshInfo) MarshalJSON() ([]byte, error) {
	if m.enc != nil {
		return m.enc, nil
	}
	type plain MeshInfo // without the method
	return json.Marshal(plain(m))
}

// meshInfos describes w's rigid meshes (never nil), each encoded once.
func meshInfos(w *world.World) []MeshInfo {
	out := make([]MeshInfo, 0, len(w.Rigid))
	tris, verts := MaxHelloMeshTriangles, MaxHelloMeshVertices
	for k := range w.Rigid {
		r := &w.Rigid[k]
		info := MeshInfo{Name: r.Name, Vertices: []float32{}, Triangles: []int32{}}
		var nodes, nTris int
		if r.Surface != nil {
			nodes, nTris = len(r.Surface.Nodes), len(r.Surface.Tris)
		}
		switch {
		case nTris > tris:
			info.Omitted = fmt.Sprintf("its %d triangles would take the hello beyond %d mesh triangles", nTris, MaxHelloMeshTriangles)
		case nodes > verts:
			info.Omitted = fmt.Sprintf("its %d vertices would take the hello beyond %d mesh vertices", nodes, MaxHelloMeshVertices)
		default:
			info.Omitted = fillMesh(&info, r)
			if info.Omitted == "" {
				tris -= nTris
				verts -= nodes
			} else {
				info.Vertices, info.Triangles = []float32{}, []int32{}
			}
		}
		if b, err := json.Marshal(info); err == nil {
			info.enc = b
		}
		out = append(out, info)
	}
	return out
}

// fillMesh copies r's surface into info and returns why it cannot be sent, or "".
func fillMesh(info *MeshInfo, r *world.Rigid) string {
	if r.Surface == nil {
		return ""
	}
	s := r.Surface
	info.Vertices = make([]float32, 0, 3*len(s.Nodes))
	for i, p := range s.Nodes {
		for _, c := range [3]float64{p.X, p.Y, p.Z} {
			f := float32(c)
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				return fmt.Sprintf("vertex %d has a coordinate %g that is not a finite float32", i, c)
			}
			info.Vertices = append(info.Vertices, f)
		}
	}
	info.Triangles = make([]int32, 0, 3*len(s.Tris))
	for t, tr := range s.Tris {
		for _, i := range tr {
			if i < 0 || int(i) >= len(s.Nodes) {
				return fmt.Sprintf("triangle %d has vertex %d of %d", t, i, len(s.Nodes))
			}
		}
		info.Triangles = append(info.Triangles, tr[:]...)
	}
	return ""
}
