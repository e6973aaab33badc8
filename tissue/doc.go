// Package tissue simulates deformable soft tissue (a vessel wall, a skin pad) for suturing:
// tetrahedral meshes (generated slabs and tubes, or read from TetGen and Gmsh files), validated
// strictly (orientation, quality, a closed manifold surface that does not intersect itself),
// and a Body of co-rotated linear finite elements with lumped masses, integrated by implicit
// Euler with its own substep (fem.go), clamped nodes, external forces and pressure loads.
//
// Rigid obstacles made of triangles (an instrument, a bone, a table top) are a Surface, read
// from STL (binary or ASCII) or Wavefront OBJ and validated the same way (manifold edges, no
// zero-area triangle, no self-intersection; closed and outward-wound when asked);
// Mesh.Surface gives a tissue's boundary as one. (The world puts tissue boundaries in front of
// the rope today, through collide.SurfaceIndex; rigid Surfaces are to take the same path.)
//
// Units are SI: positions in m, forces in N, moduli in Pa, densities in kg/m³, times in s.
// Mesh.Surf holds the boundary triangles wound outward ((b − a) × (c − a) points out of the
// tissue): the surface that thread, needle and tools touch.
//
// What the seed (seed 003 §3.5, a mass–spring tissue stepped explicitly every 2.5 ms) could not
// have done with real moduli, this does: a 1 mm vessel wall of E = 0.6 MPa has an explicit
// stability limit near a microsecond (docs/tissue-brief.md §1), so the step is implicit, and the
// solve's matrix carries the geometric stiffness of stressed elements (see Body.substep).
// Linear tetrahedra are stiff in bending (TestCantileverEnergy measures how much): mesh thin
// walls with at least two elements through the thickness, more where bending matters.
package tissue
