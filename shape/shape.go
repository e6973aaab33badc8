package shape

import "github.com/knotsim/knotsim/vec"

// Kind is the type of a Shape.
type Kind uint8

// The kinds of obstacle.
const (
	Plane   Kind = iota + 1 // half-space {x : (x−Center)·Axis ≤ 0} is solid; Axis is the outward unit normal
	Sphere                  // ball of Radius around Center
	Capsule                 // pole: all points within Radius of segment A–B
	Torus                   // ring: circle of radius Major around Center in the plane ⟂ Axis, thickened by Radius
	// Triangle is one face of a closed triangle mesh: corners A, B, C wound outward
	// ((B−A)×(C−A) points out of the solid), the solid behind it to depth Radius.
	Triangle
	// Mesh is a closed rigid triangle mesh as one obstacle: Mesh (NewTriMesh) holds its faces.
	Mesh
)

// Shape is a rigid obstacle. Fields not used by its Kind are zero. Lengths in m.
type Shape struct {
	Kind   Kind
	Center vec.V3   // Plane: a point on the plane; Sphere, Torus: centre, m
	Axis   vec.V3   // Plane: outward unit normal; Torus: unit axis of the ring
	A, B   vec.V3   // Capsule: end points of the axis; Triangle: two of its corners, m
	C      vec.V3   // Triangle: its third corner, m
	Radius float64  // Sphere, Capsule: radius; Torus: tube (minor) radius; Triangle: depth of the solid behind it, m
	Major  float64  // Torus: distance from Center to the tube's centre line, m
	Mesh   *TriMesh // Mesh: its faces and their tree (shared, immutable)
}
