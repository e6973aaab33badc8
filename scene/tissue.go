package scene

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Limits of a scene's tissues.
const (
	MaxTissues    = 8         // tissues per scene
	MaxTissueTets = 1_000_000 // tetrahedra of one tissue (6 a cell)
	MaxCells      = 1000      // cells along one direction of a tissue mesh
	MaxClamps     = 64        // clamp boxes per tissue
	MaxYoung      = 1e12      // Pa, largest tissue young
	MaxDensity    = 1e5       // kg/m³, largest tissue density
	MaxMassDamp   = 1e4       // 1/s, largest tissue mass_damping (Rayleigh's α)
	MaxStiffDamp  = 10        // s, largest tissue stiff_damping (Rayleigh's β)
)

// Tissue mesh types.
const (
	MeshSlab = "slab" // origin (low corner), size, cells
	MeshTube = "tube" // origin (centre of its first end), axis, inner, wall, length; around, through, along optional
)

// MeshTypes lists the tissue mesh types in the order error messages name them.
var MeshTypes = []string{MeshSlab, MeshTube}

// DefaultTissueFriction is the friction of a rope on a tissue that gives none: a placeholder,
// not a measurement (docs/tissue-brief.md: no source gives thread–tissue friction).
var DefaultTissueFriction = MaterialFriction{Static: 0.2, Kinetic: 0.1}

// Tissue is a deformable body (package tissue: co-rotated linear FEM with its own implicit
// substep), meshed by a generator, held by clamp boxes; the rope may not enter it and it feels
// the rope's contact forces. Only the "implicit" solver handles tissues. In a file:
//
//	"tissues": [{"name": "slab", "material": "skin",
//	             "mesh": {"type": "slab", "origin": [0, 0, 0], "size": [0.02, 0.01, 0.004], "cells": [10, 5, 2]},
//	             "clamp": [{"min": [-1, -1, -1], "max": [1, 1, 0]}],
//	             "friction": {"static": 0.2, "kinetic": 0.1}}]
type Tissue struct {
	Name string `json:"name,omitempty"` // optional, ≤ MaxNameLen bytes
	// Material names a preset of package tissue ("skin", "vessel"); young, poisson and
	// density override its values. Without a preset all three are required.
	Material string   `json:"material,omitempty"`
	Young    *float64 `json:"young,omitempty"`   // Pa, 0 < young ≤ MaxYoung
	Poisson  *float64 `json:"poisson,omitempty"` // Poisson's ratio, −1 < ν ≤ 0.499
	Density  *float64 `json:"density,omitempty"` // kg/m³, 0 < density ≤ MaxDensity
	// MassDamping and StiffDamping override the preset's Rayleigh damping (package tissue's
	// Material): α, 1/s, the force −α·m·v on every node, 0 ≤ α ≤ MaxMassDamp; and β, s, the
	// force −β·K·v, which damps strain rates, 0 ≤ β ≤ MaxStiffDamp. Without a preset they
	// default to 0. (Two free vessel ends stitched together ring at the vessel preset's β of
	// 1 ms and hold at 0.1 s: world's TestStitchTwoVessels, testdata/pbd/vessel_stitch.json.)
	MassDamping  *float64          `json:"mass_damping,omitempty"`
	StiffDamping *float64          `json:"stiff_damping,omitempty"`
	Mesh         TissueMesh        `json:"mesh"`               // required
	Clamp        []Box             `json:"clamp,omitempty"`    // 0..MaxClamps boxes: the nodes whose rest positions lie in one are held there
	Friction     *MaterialFriction `json:"friction,omitempty"` // rope on this tissue and in its stitches (a capstan: solver.Portal), 0 ≤ kinetic ≤ static ≤ 10; default DefaultTissueFriction
	// Sutures lists ropes (indices into ropes) laid through this tissue: each passage of such a
	// rope through it is a suture (world.World.AddSutures; the thread slides through it, the
	// nodes inside the wall are not simulated). Each must start and end outside the tissue and
	// keep fewer than solver.MaxPortalSpan nodes inside one passage.
	Sutures []int `json:"sutures,omitempty"`
}

// TissueMesh is a generated tetrahedral mesh (tissue.Slab, tissue.Tube), placed at Origin.
// Fields its type does not use must be absent.
type TissueMesh struct {
	Type   string  `json:"type"`             // one of MeshTypes
	Origin *Vec    `json:"origin,omitempty"` // m; slab: its low corner; tube: the centre of its first end; default [0, 0, 0]
	Axis   *Vec    `json:"axis,omitempty"`   // tube: the direction from its first end to its second, any length ≥ MinDirection; default [0, 0, 1]
	Size   *Vec    `json:"size,omitempty"`   // slab: edge lengths along x, y, z, m, each > 0, ≤ MaxLength
	Cells  []int   `json:"cells,omitempty"`  // slab: cells along x, y, z, each 1..MaxCells; 6·product ≤ MaxTissueTets
	Inner  float64 `json:"inner,omitempty"`  // tube: inner diameter, m, > 0
	Wall   float64 `json:"wall,omitempty"`   // tube: wall thickness, m, > 0
	Length float64 `json:"length,omitempty"` // tube: length along its axis, m, > 0
	// Tube cells round the circumference (≥ 3), across the wall and along the axis (≥ 1), each
	// ≤ MaxCells; 0 or absent: tissue.DefaultTube's (elements about cubic at mid-wall).
	Around  int `json:"around,omitempty"`
	Through int `json:"through,omitempty"`
	Along   int `json:"along,omitempty"`
}

// Box is an axis-aligned box, m: min ≤ max in each coordinate.
type Box struct {
	Min Vec `json:"min"`
	Max Vec `json:"max"`
	// Move, on a tissue's clamp, moves the nodes it holds: each by the offset By from its rest
	// position, piecewise linear in time between keys (times increasing), constant before
	// the first key and after the last (OffsetAt). Without it they stay where they are. A
	// node in two clamp boxes follows the later one.
	Move []ClampKey `json:"move,omitempty"`
}

// ClampKey is a key of a clamp's Move.
type ClampKey struct {
	T  float64 `json:"t"`  // s, scene time, 0 ≤ t ≤ MaxDuration
	By Vec     `json:"by"` // m, the clamped nodes' offset from their rest positions, |component| ≤ MaxCoord
}

// OffsetAt returns the clamp's offset at scene time t, m: zero without Move keys; piecewise
// linear between keys, constant before the first and after the last (the first key's for a
// NaN t). It does not allocate.
func (b *Box) OffsetAt(t float64) vec.V3 {
	keys := b.Move
	return interpolate(len(keys), t, func(i int) float64 { return keys[i].T }, func(i int) vec.V3 { return keys[i].By.V3() })
}

// contains reports whether p lies in b (boundary included).
func (b Box) contains(p vec.V3) bool {
	return p.X >= b.Min[0] && p.X <= b.Max[0] && p.Y >= b.Min[1] && p.Y <= b.Max[1] && p.Z >= b.Min[2] && p.Z <= b.Max[2]
}

// frame returns the tube's local axes: e1, e2 across it and a along it (right-handed; the
// generated tube's x, y and z). A slab's are the world's.
func (m *TissueMesh) frame() (e1, e2, a vec.V3) {
	if m.Type != MeshTube || m.Axis == nil {
		return vec.V3{X: 1}, vec.V3{Y: 1}, vec.V3{Z: 1}
	}
	a = m.Axis.V3().Unit()
	e1 = a.AnyPerp().Unit()
	return e1, a.Cross(e1), a
}

// origin returns the mesh's origin (default 0).
func (m *TissueMesh) origin() vec.V3 {
	if m.Origin == nil {
		return vec.V3{}
	}
	return m.Origin.V3()
}

// tubeSpec returns the tube's spec, the counts not given chosen by tissue.DefaultTube.
func (m *TissueMesh) tubeSpec() tissue.TubeSpec {
	s := tissue.DefaultTube(m.Inner, m.Wall, m.Length)
	if m.Around > 0 {
		s.Around = m.Around
	}
	if m.Through > 0 {
		s.Through = m.Through
	}
	if m.Along > 0 {
		s.Along = m.Along
	}
	return s
}

// inside reports whether p lies strictly inside the undeformed mesh's solid, more than margin
// from its boundary (m).
func (m *TissueMesh) inside(p vec.V3, margin float64) bool {
	e1, e2, a := m.frame()
	d := p.Sub(m.origin())
	q := vec.V3{X: d.Dot(e1), Y: d.Dot(e2), Z: d.Dot(a)}
	switch m.Type {
	case MeshSlab:
		s := m.Size.V3()
		return q.X > margin && q.Y > margin && q.Z > margin && q.X < s.X-margin && q.Y < s.Y-margin && q.Z < s.Z-margin
	case MeshTube:
		r := math.Hypot(q.X, q.Y)
		return q.Z > margin && q.Z < m.Length-margin && r > m.Inner/2+margin && r < m.Inner/2+m.Wall-margin
	}
	return false
}

// build returns the mesh, generated and moved to its origin.
func (m *TissueMesh) build() (*tissue.Mesh, error) {
	var mesh *tissue.Mesh
	var err error
	switch m.Type {
	case MeshSlab:
		mesh, err = tissue.Slab(tissue.SlabSpec{Size: m.Size.V3(), Cells: [3]int{m.Cells[0], m.Cells[1], m.Cells[2]}})
	case MeshTube:
		mesh, err = tissue.Tube(m.tubeSpec())
	default:
		return nil, fmt.Errorf("unknown mesh type %q", m.Type)
	}
	if err != nil {
		return nil, err
	}
	o := m.origin()
	e1, e2, a := m.frame()
	for i, q := range mesh.Nodes {
		mesh.Nodes[i] = o.Add(e1.Scale(q.X)).Add(e2.Scale(q.Y)).Add(a.Scale(q.Z))
	}
	return mesh, nil
}

// resolvedMaterial returns the tissue's material: its preset with the overrides applied.
func (t *Tissue) resolvedMaterial() (tissue.Material, error) {
	var m tissue.Material
	if t.Material != "" {
		p, err := tissue.Preset(t.Material)
		if err != nil {
			return m, err
		}
		m = p
	}
	if t.Young != nil {
		m.Young = *t.Young
	}
	if t.Poisson != nil {
		m.Poisson = *t.Poisson
	}
	if t.Density != nil {
		m.Density = *t.Density
	}
	if t.MassDamping != nil {
		m.MassDamping = *t.MassDamping
	}
	if t.StiffDamping != nil {
		m.StiffDamping = *t.StiffDamping
	}
	return m, m.Validate()
}

// tissuePresetNames lists package tissue's presets, sorted.
func tissuePresetNames() []string {
	names := make([]string, 0, len(tissue.Presets))
	for n := range tissue.Presets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func (c *checker) validateTissues(s *Scene) {
	ts := s.Tissues
	if len(ts) == 0 {
		return
	}
	if len(ts) > MaxTissues {
		c.add("tissues", "must hold at most %d tissues (got %d)", MaxTissues, len(ts))
		return
	}
	c.needsImplicit("tissues", s)
	for i := range ts {
		t := &ts[i]
		p := fmt.Sprintf("tissues[%d]", i)
		c.text(p+".name", t.Name, MaxNameLen)
		if t.Material != "" {
			if _, ok := tissue.Presets[t.Material]; !ok {
				c.add(p+".material", "unknown preset %q; valid presets are %s", t.Material, strings.Join(tissuePresetNames(), ", "))
			}
		} else {
			for _, f := range []struct {
				name string
				v    *float64
			}{{"young", t.Young}, {"poisson", t.Poisson}, {"density", t.Density}} {
				if f.v == nil {
					c.add(p+"."+f.name, "missing; without a material preset (%s) young, poisson and density are required", strings.Join(tissuePresetNames(), ", "))
				}
			}
		}
		if t.Young != nil {
			c.positive(p+".young", *t.Young, MaxYoung, " Pa")
		}
		if t.Poisson != nil && !(*t.Poisson > -1 && *t.Poisson <= 0.499) {
			c.add(p+".poisson", "must be in (−1, 0.499] (got %v; 0.5, incompressible, locks linear tetrahedra)", *t.Poisson)
		}
		if t.Density != nil {
			c.positive(p+".density", *t.Density, MaxDensity, " kg/m³")
		}
		if t.MassDamping != nil {
			c.num(p+".mass_damping", *t.MassDamping, 0, MaxMassDamp, " 1/s")
		}
		if t.StiffDamping != nil {
			c.num(p+".stiff_damping", *t.StiffDamping, 0, MaxStiffDamp, " s")
		}
		c.validateMesh(p+".mesh", &t.Mesh)
		if len(t.Clamp) > MaxClamps {
			c.add(p+".clamp", "must hold at most %d boxes (got %d)", MaxClamps, len(t.Clamp))
		} else {
			for k, b := range t.Clamp {
				bp := fmt.Sprintf("%s.clamp[%d]", p, k)
				if c.coords(func() string { return bp + ".min" }, b.Min) && c.coords(func() string { return bp + ".max" }, b.Max) {
					for d := range 3 {
						if b.Min[d] > b.Max[d] {
							c.add(fmt.Sprintf("%s.max[%d]", bp, d), "must be ≥ min[%d] = %v (got %v)", d, b.Min[d], b.Max[d])
						}
					}
				}
				c.keys(bp, "move", len(b.Move), func(k int) float64 { return b.Move[k].T }, func(kp string, k int) {
					c.coords(func() string { return kp + ".by" }, b.Move[k].By)
				})
			}
		}
		c.surfaceFriction(p+".friction", t.Friction)
		for k, r := range t.Sutures {
			switch {
			case r < 0 || r >= len(s.Ropes):
				c.add(fmt.Sprintf("%s.sutures[%d]", p, k), "must be a rope index in 0..%d (got %d)", len(s.Ropes)-1, r)
			case slices.Contains(t.Sutures[:k], r):
				c.add(fmt.Sprintf("%s.sutures[%d]", p, k), "rope %d is listed twice", r)
			}
		}
	}
}

// needsImplicit reports at path (tissues, meshes) that s's solver is not "implicit", the only
// one that handles triangle surfaces.
func (c *checker) needsImplicit(path string, s *Scene) {
	if s.Solver.Type != "implicit" {
		typ := s.Solver.Type
		if typ == "" {
			typ = "ftl"
		}
		if path == "meshes" {
			c.add(path, "need a physical solver: implicit, pbd or dvi (this scene's is %s)", typ)
			return
		}
		c.add(path, "need the implicit solver (this scene's is %s)", typ)
	}
}

// surfaceFriction checks a rope's friction on a tissue or mesh (nil: the default).
func (c *checker) surfaceFriction(path string, f *MaterialFriction) {
	if f != nil && c.num(path+".static", f.Static, 0, 10, "") && c.num(path+".kinetic", f.Kinetic, 0, 10, "") && f.Kinetic > f.Static {
		c.add(path+".kinetic", "must be ≤ static %v (got %v)", f.Static, f.Kinetic)
	}
}

func (c *checker) validateMesh(p string, m *TissueMesh) {
	if !c.oneOf(p+".type", m.Type, MeshTypes, true) {
		return
	}
	c.optCoords(p+".origin", m.Origin)
	slab := m.Type == MeshSlab
	c.unused(p+".axis", "mesh", m.Type, slab && m.Axis != nil)
	if !slab {
		c.direction(p+".axis", m.Axis)
	}
	c.unused(p+".size", "mesh", m.Type, !slab && m.Size != nil)
	c.unused(p+".cells", "mesh", m.Type, !slab && m.Cells != nil)
	for _, f := range []struct {
		name    string
		present bool
	}{{"inner", m.Inner != 0}, {"wall", m.Wall != 0}, {"length", m.Length != 0}, {"around", m.Around != 0}, {"through", m.Through != 0}, {"along", m.Along != 0}} {
		c.unused(p+"."+f.name, "mesh", m.Type, slab && f.present)
	}
	if slab {
		switch {
		case m.Size == nil:
			c.add(p+".size", "missing; a slab needs it")
		default:
			for d, v := range m.Size {
				c.positive(fmt.Sprintf("%s.size[%d]", p, d), v, MaxLength, " m")
			}
		}
		if len(m.Cells) != 3 {
			c.add(p+".cells", "must hold 3 counts (x, y, z) (got %d)", len(m.Cells))
			return
		}
		tets, ok := 6.0, true
		for d, n := range m.Cells {
			if n < 1 || n > MaxCells {
				c.add(fmt.Sprintf("%s.cells[%d]", p, d), "must be in 1..%d (got %d)", MaxCells, n)
				ok = false
			}
			tets *= float64(n)
		}
		if ok && tets > MaxTissueTets {
			c.add(p+".cells", "give %.0f tetrahedra; at most %d", tets, MaxTissueTets)
		}
		return
	}
	inner := c.positive(p+".inner", m.Inner, MaxLength, " m")
	wall := c.positive(p+".wall", m.Wall, MaxLength, " m")
	length := c.positive(p+".length", m.Length, MaxLength, " m")
	ok := true
	for _, f := range []struct {
		name string
		v    int
		lo   int
	}{{"around", m.Around, 3}, {"through", m.Through, 1}, {"along", m.Along, 1}} {
		if f.v != 0 && (f.v < f.lo || f.v > MaxCells) {
			c.add(p+"."+f.name, "must be in %d..%d, or absent for the default (got %d)", f.lo, MaxCells, f.v)
			ok = false
		}
	}
	if inner && wall && length && ok {
		s := m.tubeSpec()
		switch {
		case s.Around > MaxCells || s.Through > MaxCells || s.Along > MaxCells:
			c.add(p, "the default cells (around %d, through %d, along %d) exceed %d along one direction; give them", s.Around, s.Through, s.Along, MaxCells)
		case 6*float64(s.Around)*float64(s.Through)*float64(s.Along) > MaxTissueTets:
			c.add(p, "around %d × through %d × along %d cells give %.0f tetrahedra; at most %d", s.Around, s.Through, s.Along, 6*float64(s.Around)*float64(s.Through)*float64(s.Along), MaxTissueTets)
		}
	}
}

// addTissues builds the scene's tissues into w (the scene validated, defaults filled in):
// each mesh generated and placed, its clamped nodes held; a rope node that starts inside a
// tissue's solid (deeper than the rope's radius) is an error naming both.
func addTissues(s *Scene, st *rope.State, w *world.World) ([]clampMove, error) {
	var moves []clampMove
	for i := range s.Tissues {
		t := &s.Tissues[i]
		p := fmt.Sprintf("scene: tissues[%d]", i)
		for k, str := range st.Strands {
			if slices.Contains(t.Sutures, k) {
				continue // inside in its passages only (AddSutures checks)
			}
			for j := range str.Nodes {
				if t.Mesh.inside(st.Pos[str.First+j], st.SegRadius[str.FirstSeg]) {
					return nil, fmt.Errorf("scene: ropes[%d] node %d at %v starts inside tissues[%d] (a %s)", k, j, st.Pos[str.First+j], i, t.Mesh.Type)
				}
			}
		}
		mat, err := t.resolvedMaterial()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		mesh, err := t.Mesh.build()
		if err != nil {
			return nil, fmt.Errorf("%s.mesh: %w", p, err)
		}
		body, err := tissue.New(mesh, mat, tissue.Options{})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for k := range t.Clamp {
			b := &t.Clamp[k]
			var mv clampMove
			for n, x := range mesh.Nodes {
				if b.contains(x) {
					if err := body.Clamp(n, x.Add(b.OffsetAt(0))); err != nil {
						return nil, fmt.Errorf("%s.clamp[%d]: %w", p, k, err)
					}
					mv.nodes, mv.rest = append(mv.nodes, n), append(mv.rest, x)
				}
			}
			if len(b.Move) > 0 && len(mv.nodes) > 0 {
				mv.body, mv.box = body, b
				moves = append(moves, mv)
			}
		}
		ti, err := w.AddTissue(world.Tissue{Name: orName(t.Name, "tissue", i), Body: body, Friction: surfaceFrictionOf(t.Friction)})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for k, r := range t.Sutures {
			if _, err := w.AddSutures(r, w.Tissues[ti].Surf()); err != nil {
				return nil, fmt.Errorf("%s.sutures[%d]: %w", p, k, err)
			}
		}
	}
	return moves, nil
}

// clampMove is a clamp box with Move keys: the nodes it holds, their rest positions and the
// body (Sim.Step moves them).
type clampMove struct {
	body  *tissue.Body
	box   *Box
	nodes []int
	rest  []vec.V3
}

// moveClamps sets the targets of the moving clamps' nodes for scene time t.
func moveClamps(moves []clampMove, t float64) error {
	for _, m := range moves {
		off := m.box.OffsetAt(t)
		for k, n := range m.nodes {
			if err := m.body.Clamp(n, m.rest[k].Add(off)); err != nil {
				return fmt.Errorf("scene: a tissue's moving clamp: %w", err)
			}
		}
	}
	return nil
}

// orName returns name, or kind followed by the index i when it is empty.
func orName(name, kind string, i int) string {
	if name == "" {
		return fmt.Sprintf("%s%d", kind, i)
	}
	return name
}

// surfaceFrictionOf returns the rope's friction on a tissue or mesh: f, or DefaultTissueFriction.
func surfaceFrictionOf(f *MaterialFriction) material.Friction {
	if f == nil {
		f = &DefaultTissueFriction
	}
	return material.Friction{Static: f.Static, Kinetic: f.Kinetic}
}
