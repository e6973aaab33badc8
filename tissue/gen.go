package tissue

import (
	"fmt"
	"math"
	"strings"

	"github.com/knotsim/knotsim/vec"
)

// kuhn lists the six tetrahedra of the Kuhn (Freudenthal) split of a lattice cell, by corner:
// corner c is the cell's node offset by (c&1, c>>1&1, c>>2&1) along the lattice axes (u, v, w).
// Each tetrahedron follows one monotone path from corner 0 to corner 7 (one permutation of the
// axes); all six share the diagonal 0–7, and every cell face is split by its diagonal from its
// low corner to its high corner, so neighbouring cells that use the same table conform. The
// tetrahedra of odd permutations have nodes 1 and 2 swapped, so that all six are positively
// oriented when (u, v, w) is a right-handed frame.
var kuhn = [6][4]int{
	{0, 1, 3, 7}, // u, v, w
	{0, 5, 1, 7}, // u, w, v (odd)
	{0, 3, 2, 7}, // v, u, w (odd)
	{0, 2, 6, 7}, // v, w, u
	{0, 4, 5, 7}, // w, u, v
	{0, 6, 4, 7}, // w, v, u (odd)
}

// appendKuhn appends the six tetrahedra of a cell whose eight corner nodes are c (indexed as
// in kuhn).
func appendKuhn(tets [][4]int32, c *[8]int32) [][4]int32 {
	for _, k := range kuhn {
		tets = append(tets, [4]int32{c[k[0]], c[k[1]], c[k[2]], c[k[3]]})
	}
	return tets
}

// SlabSpec describes a rectangular block of tissue.
type SlabSpec struct {
	// Size holds the edge lengths along x, y and z, m.
	Size vec.V3
	// Cells holds the number of cells along x, y and z; each cell gives 6 tetrahedra.
	Cells [3]int
}

// Slab returns the box [0, Size.X] × [0, Size.Y] × [0, Size.Z] cut into Cells[0] × Cells[1] ×
// Cells[2] equal cells, each split into 6 tetrahedra by the Kuhn (Freudenthal) split along the
// cell diagonal from its low corner to its high corner, the same in every cell so that the
// faces conform. It has (Cells[0]+1)(Cells[1]+1)(Cells[2]+1) nodes, node (i, j, k) at index
// (k·(Cells[1]+1) + j)·(Cells[0]+1) + i, and 6·Cells[0]·Cells[1]·Cells[2] tetrahedra, cell by
// cell in the same order. The mesh is validated (m.Surf is filled).
//
// Errors: a size that is not finite and > 0 or beyond MaxCoord, a count < 1, or a mesh beyond MaxNodes or MaxTets
// (refused before anything is allocated); a Validate error for cells so elongated that their
// tetrahedra fall below MinTetQuality.
func Slab(s SlabSpec) (*Mesh, error) {
	for i, v := range [3]float64{s.Size.X, s.Size.Y, s.Size.Z} {
		if !(v > 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("tissue: Slab: Size.%c = %v m must be finite and > 0", "XYZ"[i], v)
		}
		if v > MaxCoord {
			return nil, fmt.Errorf("tissue: Slab: Size.%c = %v m is beyond MaxCoord = %g m", "XYZ"[i], v, float64(MaxCoord))
		}
	}
	for i, c := range s.Cells {
		if c < 1 {
			return nil, fmt.Errorf("tissue: Slab: Cells[%d] = %d must be ≥ 1", i, c)
		}
	}
	nx, ny, nz := s.Cells[0], s.Cells[1], s.Cells[2]
	if err := checkCounts("Slab", float64(nx+1)*float64(ny+1)*float64(nz+1), 6*float64(nx)*float64(ny)*float64(nz),
		fmt.Sprintf("%d×%d×%d cells", nx, ny, nz)); err != nil {
		return nil, err
	}
	m := &Mesh{
		Nodes: make([]vec.V3, 0, (nx+1)*(ny+1)*(nz+1)),
		Tets:  make([][4]int32, 0, 6*nx*ny*nz),
	}
	for k := 0; k <= nz; k++ {
		z := float64(k) / float64(nz) * s.Size.Z
		for j := 0; j <= ny; j++ {
			y := float64(j) / float64(ny) * s.Size.Y
			for i := 0; i <= nx; i++ {
				m.Nodes = append(m.Nodes, vec.V3{X: float64(i) / float64(nx) * s.Size.X, Y: y, Z: z})
			}
		}
	}
	node := func(i, j, k int) int32 { return int32((k*(ny+1)+j)*(nx+1) + i) }
	var c [8]int32
	for k := range nz {
		for j := range ny {
			for i := range nx {
				for q := range 8 {
					c[q] = node(i+(q&1), j+((q>>1)&1), k+((q>>2)&1))
				}
				m.Tets = appendKuhn(m.Tets, &c)
			}
		}
	}
	if err := m.Validate(); err != nil {
		return nil, wrap("Slab: the mesh is invalid (cells too elongated?)", err)
	}
	return m, nil
}

// TubeSpec describes a straight circular tube of tissue (a vessel, a bowel segment) along the
// z axis.
type TubeSpec struct {
	// Inner is the inner diameter, m.
	Inner float64
	// Wall is the wall thickness, m; the outer diameter is Inner + 2·Wall.
	Wall float64
	// Length is the length along the axis, m.
	Length float64
	// Around is the number of cells round the circumference (≥ 3): the cross-section is a
	// regular Around-gon annulus. Through is the number across the wall (≥ 1), Along the number
	// along the axis (≥ 1). Each cell gives 6 tetrahedra. DefaultTube chooses them.
	Around, Through, Along int
}

// DefaultTube returns a TubeSpec whose elements are roughly cubic at mid-wall: the element size
// h is the smaller of Wall/2 (so at least 2 cells through the wall) and one twelfth of the
// mid-wall circumference π·(Inner + Wall) (so at least 12 cells round it), and Through, Around
// and Along are the wall thickness, the mid-wall circumference and the length over h, rounded
// (Through up). For example a vessel of 3 mm inner diameter with a 1 mm wall, 20 mm long, gets
// Around 25, Through 2, Along 40 (12,000 tetrahedra); a 4 mm bowel-like tube with a 2 mm wall
// gets Around 19. Lengths in m.
//
// Special case: when a length is not finite and > 0 the counts are left 0, so that Tube
// reports the bad parameter.
func DefaultTube(inner, wall, length float64) TubeSpec {
	s := TubeSpec{Inner: inner, Wall: wall, Length: length}
	for _, v := range [3]float64{inner, wall, length} {
		if !(v > 0) || math.IsInf(v, 0) {
			return s
		}
	}
	circ := math.Pi * (inner + wall)
	h := min(wall/2, circ/12)
	s.Through = countOf(math.Ceil(wall/h*(1-1e-12)), 2)
	s.Around = countOf(math.Round(circ/h), 12)
	s.Along = countOf(math.Round(length/h), 1)
	return s
}

// countOf returns v as an int, at least lo, at most MaxTets+1 (so that Tube refuses it).
func countOf(v float64, lo int) int {
	switch {
	case !(v >= float64(lo)): // also NaN
		return lo
	case v > MaxTets:
		return MaxTets + 1
	}
	return int(v)
}

// Tube returns the tube of s: the annulus between the regular Around-gons inscribed in the
// circles of diameter Inner and Inner + 2·Wall (a vertex of each at angle 0, on the x axis),
// swept along z from 0 to Length. The nodes form a lattice in (r, θ, z), node (j, i, k) (radius
// index j = 0 on the inner surface … Through on the outer, angle index i, axial index k) at
// index (k·(Through+1) + j)·Around + i, at radius Inner/2 + Wall·j/Through, angle 2π·i/Around
// and height Length·k/Along. Cells wrap round in θ (cell i = Around−1 joins angle index 0) and
// are split by the same Kuhn table as Slab on the (r, θ, z) index lattice, which is right-handed
// and so gives positively oriented tetrahedra; because every cell uses the same corner order,
// the faces across the seam conform too. The mesh has Around·(Through+1)·(Along+1) nodes and
// 6·Around·Through·Along tetrahedra, and is validated (m.Surf is filled). Its volume is that
// of the polygonal annulus, (Around/2)·sin(2π/Around)·(ro² − ri²)·Length.
//
// Errors: a length that is not finite and > 0, an outer radius or Length beyond MaxCoord,
// Around < 3, Through or Along < 1, or a mesh
// beyond MaxNodes or MaxTets (refused before anything is allocated); a Validate error for
// cells so distorted that their tetrahedra fall below MinTetQuality.
func Tube(s TubeSpec) (*Mesh, error) {
	for _, p := range []struct {
		name string
		v    float64
	}{{"Inner", s.Inner}, {"Wall", s.Wall}, {"Length", s.Length}} {
		if !(p.v > 0) || math.IsInf(p.v, 0) {
			return nil, fmt.Errorf("tissue: Tube: %s = %v m must be finite and > 0", p.name, p.v)
		}
	}
	switch {
	case s.Around < 3:
		return nil, fmt.Errorf("tissue: Tube: Around = %d must be ≥ 3", s.Around)
	case s.Through < 1:
		return nil, fmt.Errorf("tissue: Tube: Through = %d must be ≥ 1", s.Through)
	case s.Along < 1:
		return nil, fmt.Errorf("tissue: Tube: Along = %d must be ≥ 1", s.Along)
	}
	na, nr, nz := s.Around, s.Through, s.Along
	if err := checkCounts("Tube", float64(na)*float64(nr+1)*float64(nz+1), 6*float64(na)*float64(nr)*float64(nz),
		fmt.Sprintf("Around %d × Through %d × Along %d cells", na, nr, nz)); err != nil {
		return nil, err
	}
	ri := s.Inner / 2
	if ro := ri + s.Wall; ro > MaxCoord || s.Length > MaxCoord {
		return nil, fmt.Errorf("tissue: Tube: the outer radius Inner/2 + Wall = %v m or Length = %v m is beyond MaxCoord = %g m", ro, s.Length, float64(MaxCoord))
	}
	m := &Mesh{
		Nodes: make([]vec.V3, 0, na*(nr+1)*(nz+1)),
		Tets:  make([][4]int32, 0, 6*na*nr*nz),
	}
	cos, sin := make([]float64, na), make([]float64, na)
	for i := range na {
		sin[i], cos[i] = math.Sincos(2 * math.Pi * float64(i) / float64(na))
	}
	for k := 0; k <= nz; k++ {
		z := float64(k) / float64(nz) * s.Length
		for j := 0; j <= nr; j++ {
			r := ri + s.Wall*(float64(j)/float64(nr))
			for i := range na {
				m.Nodes = append(m.Nodes, vec.V3{X: r * cos[i], Y: r * sin[i], Z: z})
			}
		}
	}
	node := func(j, i, k int) int32 { return int32((k*(nr+1)+j)*na + i%na) }
	var c [8]int32
	for k := range nz {
		for j := range nr {
			for i := range na {
				for q := range 8 { // lattice axes (u, v, w) = (r, θ, z)
					c[q] = node(j+(q&1), i+((q>>1)&1), k+((q>>2)&1))
				}
				m.Tets = appendKuhn(m.Tets, &c)
			}
		}
	}
	if err := m.Validate(); err != nil {
		return nil, wrap("Tube: the mesh is invalid (cells too distorted?)", err)
	}
	return m, nil
}

// checkCounts refuses a mesh of nodes and tets (as float64: exact enough to compare, and free
// of integer overflow) beyond the limits.
func checkCounts(who string, nodes, tets float64, what string) error {
	switch {
	case nodes > MaxNodes:
		return fmt.Errorf("tissue: %s: %s give %.0f nodes, beyond MaxNodes = %d", who, what, nodes, MaxNodes)
	case tets > MaxTets:
		return fmt.Errorf("tissue: %s: %s give %.0f tetrahedra, beyond MaxTets = %d", who, what, tets, MaxTets)
	}
	return nil
}

// prefixedError adds context to an error of this package without repeating "tissue: ".
type prefixedError struct {
	msg string
	err error
}

func (e *prefixedError) Error() string { return e.msg }
func (e *prefixedError) Unwrap() error { return e.err }

func wrap(context string, err error) error {
	return &prefixedError{"tissue: " + context + ": " + strings.TrimPrefix(err.Error(), "tissue: "), err}
}
