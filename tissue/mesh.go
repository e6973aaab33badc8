package tissue

import "github.com/knotsim/knotsim/vec"

// Limits on a mesh, checked before anything of that size is allocated (a file or a generator
// request beyond them is refused with an error naming the count and the limit).
const (
	MaxNodes = 2_000_000 // nodes of one mesh
	MaxTets  = 8_000_000 // tetrahedra of one mesh
)

// Mesh is a tetrahedral mesh at rest, in SI units. Build one with a generator (Slab, Tube) or
// a reader (ReadTetGen, ReadGmsh); Validate checks one built by hand.
type Mesh struct {
	// Nodes are the rest positions, m.
	Nodes []vec.V3
	// Tets are the tetrahedra, four node indices each, positively oriented:
	// (x1 − x0)·((x2 − x0) × (x3 − x0)) > 0.
	Tets [][4]int32
	// Surf are the boundary triangles (faces of exactly one tetrahedron), wound so that their
	// normal (b − a) × (c − a) points out of the tissue; filled by Validate (and by every
	// generator and reader, which validate what they return).
	Surf [][3]int32
}
