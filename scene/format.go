// Package scene reads, checks and writes knotsim scene files, and evaluates scripted tool
// trajectories.
//
// # File format
//
// A scene file is one JSON object (UTF-8, at most MaxFileSize bytes) in SI units: lengths and
// positions in m, times in s. JSON names are snake_case; every name is listed in the field
// comments of Scene and the types it holds. A minimal file:
//
//	{
//	  "dt": 0.001,
//	  "duration": 2,
//	  "ropes": [
//	    {"links": 100, "link_length": 0.01, "radius": 0.004,
//	     "layout": {"type": "straight", "from": [0, 0, 0.1], "dir": [1, 0, 0]}}
//	  ],
//	  "tools": [
//	    {"rope": 0, "node": -1, "grasp": 0,
//	     "path": [{"t": 0, "pos": [1, 0, 0.1]}, {"t": 1, "pos": [1, 0, 0.5]}]}
//	  ]
//	}
//
// # Solvers
//
// "solver": {"type": "ftl", ...} (the default) is the geometric Follow-The-Leader solver: no
// mass, no forces; it ignores gravity and materials. "solver": {"type": "pbd", ...} is the
// physical position-based solver: gravity, materials, force tools; "solver": {"type": "dvi",
// ...} the physical discrete variational Kirchhoff thread (seed 004), the same physics
// layer. Each type has its own fields (see Solver); a field of another type is an error
// naming it and the solver:
//
//	scene: solver.epsilon: a field of the ftl solver; this scene's solver is pbd
//
// # Gravity
//
// "gravity": [x, y, z], m/s², finite, |g| ≤ MaxGravity; optional, default [0, 0, -9.81]
// (DefaultGravity). The FTL solver ignores it.
//
// # Materials
//
// A rope's "material" is either the name of a preset (see package material: USP polypropylene,
// nylon and silk sutures, cotton string, a 10 mm climbing rope), or an object of values:
//
//	"material": "nylon-3-0"
//	"material": {"density": 1140, "young": 2.5e9, "shear": 9e8,
//	             "friction": {"static": 0.47, "kinetic": 0.4}, "damping": 2.5}
//
// (kg/m³, Pa, Pa, dimensionless, 1/s; Poisson's ratio young/(2·shear) − 1 must lie in
// (−1, 0.5]). Optional "bend" and "twist", Pa, are effective moduli for the bending and twist
// stiffness of braided or twisted ropes (EI = bend·πR⁴/4, GJ = twist·πR⁴/2), at most young
// and shear; absent or 0, the rope bends and twists as a solid rod (young, shear). With a
// preset, "radius" may be omitted: it defaults to half the preset's diameter; otherwise
// "radius" is required. Materials describe the rope, not the solver: the
// FTL solver accepts and ignores them. Under a physical solver a rope without a material gets
// DefaultMaterial (WithDefaults), so every scene also runs under "pbd" and "dvi".
//
// # Tools
//
// A tool holds its node either on a path of positions ("path", optionally "relative") or with
// a force ("force", N; physical solvers only):
//
//	{"rope": 0, "node": -1, "grasp": 0, "force": [{"t": 0, "f": [0, 0, 0]}, {"t": 1, "f": [0.1, 0, 0]}]}
//
// Both kinds of keys are interpolated linearly in time and held constant before the first key
// and after the last (TargetAt, ForceAt). A tool has exactly one of "path" and "force".
//
// # Tissues
//
// "tissues" (implicit solver only) are deformable bodies the rope lies on, is pulled against
// and may not enter (see Tissue; package tissue): a generated mesh ("slab": origin, size,
// cells; "tube": origin, inner diameter, wall, length along +z, cell counts optional), a
// material preset ("skin", "vessel", with sources in package tissue) whose young, poisson,
// density and Rayleigh damping (mass_damping, stiff_damping) a tissue may override, clamp
// boxes holding the nodes whose rest positions lie in them (a box's "move" keys move those
// nodes by an offset, piecewise linear in time), and the rope's friction on it:
//
//	"tissues": [{"name": "slab", "material": "skin",
//	             "mesh": {"type": "slab", "size": [0.02, 0.01, 0.004], "cells": [10, 5, 2]},
//	             "clamp": [{"min": [-1, -1, -1], "max": [1, 1, 0],
//	                        "move": [{"t": 0, "by": [0, 0, 0]}, {"t": 0.2, "by": [0.001, 0, 0]}]}]}]
//
// Tissues meet each other: their surfaces are held apart by a small gap (world's
// tissueContacts); testdata/pbd/vessel_ends_meet.json drives two vessel ends together by
// their clamps.
//
// A rope that starts inside a tissue's solid is refused, naming the rope, node and tissue,
// unless the tissue lists it in "sutures": each passage of that rope through the tissue is
// then a suture the thread slides through (testdata/pbd/suture_slab.json).
// testdata/pbd/thread_on_slab.json is a whole example.
//
// "meshes" (implicit solver only) are rigid triangle meshes, read from STL or OBJ files or
// given inline, scaled and moved (see Mesh); testdata/pbd/thread_on_block.json is an example.
//
// # Strictness
//
// Parse is stricter than encoding/json. It rejects unknown field names, names that match a
// field only up to case ("Radius" for "radius"), duplicate names, null for a field that is
// not optional, vectors that do not hold exactly three numbers, numbers that overflow
// float64 (1e400) or that are not integers where an integer is expected, trailing data after
// the object, and input larger than MaxFileSize. Every error names the path of the offending
// value, as in
//
//	scene: ropes[0].radius: must be > 0 (got -0.001)
//	scene: unknown field "radus" in ropes[0] (did you mean "radius"?)
//
// # Defaults
//
// Parse keeps the scene as written: a zero or absent optional field stays zero or nil, so
// Parse(Marshal(s)) equals s. WithDefaults returns a copy with every default filled in; the
// builder of a world should start from it. Each field comment states its default.
//
// # Errors
//
// Validate reports every rule a scene breaks (up to maxErrors of them), joined with
// errors.Join in field order, one per line; errors.As finds the first *Error.
package scene

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Limits of the format. Lengths in m, times in s.
const (
	MaxFileSize         = 16 << 20         // bytes of JSON Parse accepts
	MaxCoord            = 1e6              // m, bound on |coordinate| of every position, offset and direction
	MinLength           = 1e-6             // m, smallest link length and radius (1 µm)
	MaxLength           = 1e6              // m, largest radius, major radius and rope length (links·link_length)
	MaxDt               = 1.0              // s, largest time step
	MaxDuration         = 1e6              // s, largest simulated time; also the bound on every time
	MaxCycles           = 1e8              // largest duration/dt
	MaxRopes            = 64               // ropes per scene
	MaxLinks            = 1_000_000        // links per rope
	MaxTotalLinks       = 1_000_000        // links of all ropes together (one world's node slice)
	MaxObstacles        = 1024             // obstacles per scene
	MaxTools            = 64               // tools per scene
	MaxIterations       = 64               // solver.iterations
	MaxLengthPasses     = 100              // solver.length_passes
	MaxStretchCap       = 10.0             // largest solver.max_stretch
	MaxPBDIterations    = 100              // solver.iterations under "pbd"
	MaxDVIIterations    = 1000             // solver.iterations under "dvi" (multiplier iterations)
	MaxImplicitIters    = 10000            // solver.iterations under "implicit" (contact solver iterations)
	MaxSubsteps         = 1000             // solver.substeps
	MaxForce            = 1e4              // N, bound on |f| of a force key and on solver.max_grasp_force
	MaxGravity          = world.MaxGravity // m/s², bound on |gravity|
	MaxNameLen          = 256              // bytes of any name
	MaxDescription      = 64 << 10         // bytes of the description
	MinDirection        = 1e-9             // m, shortest direction vector (normal, axis, dir)
	MinTorusPQ          = 2                // smallest p and q of a torus knot
	MaxTorusPQ          = 20               // largest p and q of a torus knot
	maxErrors           = 20               // Validate reports at most this many errors
	defaultDelta        = 0.9              // solver.delta default, × smallest rope radius
	defaultEpsilon      = 0.3              // solver.epsilon default, × smallest rope radius
	defaultIter         = 8                // solver.iterations default
	defaultLengthPasses = 2                // solver.length_passes default
	defaultStretch      = 1.0              // solver.max_stretch default
)

// StandardGravity is the default gravity's magnitude, m/s² (DefaultGravity points along −z).
const StandardGravity = 9.81

// DefaultGravity is the gravity of a scene that gives none, m/s².
var DefaultGravity = Vec{0, 0, -StandardGravity}

// DefaultMaterial is the material preset WithDefaults gives a rope without a material when the
// solver is physical ("pbd"), so that scenes written for FTL (the built-in ones among them)
// run under a physical solver unchanged. The built-in scenes' ropes are 10 mm thick (R = 5 mm),
// so the default is the 10 mm climbing rope; a rope keeps its own radius either way.
const DefaultMaterial = "climbing-rope-10mm"

// Vec is a point, offset or direction in a file, written as a JSON array of exactly three
// numbers [x, y, z], m. It converts to vec.V3 with V3.
type Vec [3]float64

// V3 returns v as a vec.V3.
func (v Vec) V3() vec.V3 { return vec.V3{X: v[0], Y: v[1], Z: v[2]} }

// VecOf returns p as a Vec.
func VecOf(p vec.V3) Vec { return Vec{p.X, p.Y, p.Z} }

// Scene is a whole scene file.
type Scene struct {
	Name        string     `json:"name,omitempty"`        // optional, ≤ MaxNameLen bytes
	Description string     `json:"description,omitempty"` // optional free text, ≤ MaxDescription bytes
	Seed        uint64     `json:"seed,omitempty"`        // seed of any randomness in the run; default 0
	Dt          float64    `json:"dt"`                    // s per simulation cycle, 0 < dt ≤ MaxDt
	Duration    float64    `json:"duration"`              // s simulated, 0 < duration ≤ MaxDuration, duration/dt ≤ MaxCycles
	Gravity     *Vec       `json:"gravity,omitempty"`     // m/s², finite, |g| ≤ MaxGravity; default DefaultGravity [0, 0, -9.81]; FTL ignores it
	Solver      Solver     `json:"solver,omitzero"`       // optional; every field has a default
	Ropes       []Rope     `json:"ropes"`                 // 1..MaxRopes ropes
	Obstacles   []Obstacle `json:"obstacles,omitempty"`   // 0..MaxObstacles rigid obstacles
	Tools       []Tool     `json:"tools,omitempty"`       // 0..MaxTools scripted grasping tools
	Forceps     []Forceps  `json:"forceps,omitempty"`     // 0..world.MaxForceps scripted forceps (physical solvers only; see Forceps)
	Needles     []Needle   `json:"needles,omitempty"`     // 0..MaxNeedles scripted needles swaged to ropes (implicit solver only; see Needle)
	Tissues     []Tissue   `json:"tissues,omitempty"`     // 0..MaxTissues deformable bodies (implicit solver only; see Tissue)
	Meshes      []Mesh     `json:"meshes,omitempty"`      // 0..MaxMeshes rigid triangle meshes (implicit solver only; see Mesh)
}

// Solver types and broad phases a scene may name.
var (
	SolverTypes = []string{"ftl", "pbd", "dvi", "implicit"}
	// PhysicalSolverTypes are the solver types with mass, forces and materials.
	PhysicalSolverTypes = []string{"pbd", "dvi", "implicit"}
	Broadphases         = []string{"bvh", "aabb", "grid", "kubiak", "brute"}
)

// Solver chooses and tunes the rope solver. A zero field means its default (see WithDefaults).
// The lengths are bounded by the smallest radius r of all ropes.
//
// Each solver type has its own fields; a field of another solver type is an error
// ("solver.epsilon: a field of the ftl solver; this scene's solver is pbd"). "type" and
// "broadphase" are shared; "iterations" is shared by name but means something else to each.
type Solver struct {
	Type string `json:"type,omitempty"` // one of SolverTypes; default "ftl"

	// "ftl": the geometric Follow-The-Leader solver (Brown et al. 2004).
	Delta        float64  `json:"delta,omitempty"`         // m, largest motion of a grasped node per cycle (FTL δ), 0 < δ < r; default 0.9·r
	Epsilon      *float64 `json:"epsilon,omitempty"`       // m, friction margin (FTL ε), 0 ≤ ε < r; default 0.3·r (Brown et al. §6: 0.1–0.2 of the link at R = link/2)
	LengthPasses *int     `json:"length_passes,omitempty"` // link-length relaxation sweeps after each response pass, 0..MaxLengthPasses; default 2; 0 is Brown et al.'s behaviour
	Clusters     *bool    `json:"clusters,omitempty"`      // move colliding links as rigid clusters (FTL §5); default true
	StretchGuard *bool    `json:"stretch_guard,omitempty"` // stop a grasped node that would stretch the rope beyond max_stretch; default true
	MaxStretch   float64  `json:"max_stretch,omitempty"`   // largest ratio of a link's length to its rest length, 1..MaxStretchCap; default 1

	// Both. "ftl": collision response passes per cycle, 1..MaxIterations, default 8.
	// "pbd": constraint iterations per substep, 1..MaxPBDIterations, or 0 (the default) to
	// leave the choice to the solver. "dvi": the most multiplier iterations per substep,
	// 1..MaxDVIIterations, or 0 (the default, 30). "implicit": the most contact-solver (NNCG or
	// PGS) iterations per substep, 1..MaxImplicitIters, or 0 (the default, 100).
	Iterations int `json:"iterations,omitempty"`

	// "pbd" and "dvi": the physical solvers (gravity, materials, forces).
	Substeps      int      `json:"substeps,omitempty"`        // substeps per cycle, 1..MaxSubsteps; 0 (the default) = chosen by the solver (pbd: from the motion; dvi: also from its stability limits)
	MaxGraspForce *float64 `json:"max_grasp_force,omitempty"` // N, 0 < f ≤ MaxForce: the most a position tool pulls with; beyond it the tool lags; default: the solver's (50 N)

	// "dvi": the discrete variational Kirchhoff thread (seed 004).
	Multipliers      string   `json:"multipliers,omitempty"`       // "newton" (the default; Eq. 13) or "contraction" (Eq. 10)
	Contact          string   `json:"contact,omitempty"`           // "constraint" (the default: contacts and friction solved with the tensions) or "penalty" (the paper's Eq. 14, friction after the solve)
	AirDrag          *float64 `json:"air_drag,omitempty"`          // drag coefficient C_d of the thread (Eq. 4; 1.2 for a cylinder), 0..100; default 0 (none)
	BendDamping      *float64 `json:"bend_damping,omitempty"`      // k_d, N·m·s, ≥ 0 (Eq. 5–6); default 0
	ContactStiffness *float64 `json:"contact_stiffness,omitempty"` // k_s, N/m, > 0 (Eq. 14); default: chosen by the solver
	Extensible       *bool    `json:"extensible,omitempty"`        // links stretch by T/EA (the paper's footnote 4); default false

	// "implicit": the Kirchhoff thread with a banded implicit step and all contacts solved
	// together (seed 003).
	Scheme           string   `json:"scheme,omitempty"`            // "inertial" (the default: implicit Euler with mass) or "overdamped" (the thesis's low-mass scheme, §4.1.2)
	Viscosity        *float64 `json:"viscosity,omitempty"`         // N·s/m², > 0: the overdamped scheme's drag per length (mobility h/(η·ℓ)); default 1
	ContactSolver    string   `json:"contact_solver,omitempty"`    // "nncg" (the default) or "pgs"
	StretchStiffness *float64 `json:"stretch_stiffness,omitempty"` // EA, N, > 0; default: inextensible (max(E·A, 5e5 N))

	Broadphase string `json:"broadphase,omitempty"` // both: one of Broadphases; default "bvh"
}

// Physical reports whether the solver type is physical (one of PhysicalSolverTypes).
func (sv *Solver) Physical() bool {
	for _, t := range PhysicalSolverTypes {
		if sv.Type == t {
			return true
		}
	}
	return false
}

// Rope is one rope (strand): Links links of rest length LinkLength, laid out by Layout.
type Rope struct {
	Name       string  `json:"name,omitempty"` // optional, unique among ropes, ≤ MaxNameLen bytes
	Links      int     `json:"links"`          // number of links, 1..MaxLinks (nodes = links+1)
	LinkLength float64 `json:"link_length"`    // m, rest length of every link, ≥ MinLength; links·link_length ≤ MaxLength
	// Radius R, m, MinLength ≤ R ≤ 2·link_length. Required, except when Material names a
	// preset: then it defaults to half the preset's diameter.
	Radius   float64   `json:"radius,omitempty"`
	Material *Material `json:"material,omitempty"` // what the rope is made of; optional (FTL ignores it); default DefaultMaterial under a physical solver
	Layout   Layout    `json:"layout"`             // initial shape
	// SetFriction, optional, gives the rope other friction at the start (FTL ignores it).
	SetFriction *SetFriction `json:"set_friction,omitempty"`
}

// SetFriction lets a knot be set before it holds: until Until the rope has Friction instead of
// its material's, from the cycle that reaches Until on its material's. A knot pulled tight with
// friction jams wherever it first grips (the knot-security scenes set theirs without friction,
// then hold them at the material's μ).
type SetFriction struct {
	Until    float64          `json:"until"`    // s, 0 < until ≤ duration
	Friction MaterialFriction `json:"friction"` // 0 ≤ μk ≤ μs ≤ material.MaxFriction
}

// ResolvedMaterial returns the rope's material: the preset it names or its custom values;
// the zero material.Material when it has none or the material is invalid.
func (r *Rope) ResolvedMaterial() material.Material {
	m, err := r.Material.Resolve()
	if err != nil {
		return material.Material{}
	}
	return m
}

// radius returns the rope's radius: Radius, or half its preset's diameter when Radius is 0.
func (r *Rope) radius() float64 {
	if r.Radius == 0 && r.Material != nil && r.Material.Custom == nil {
		if m, err := material.Preset(r.Material.Preset); err == nil && m.Diameter > 0 {
			return m.Diameter / 2
		}
	}
	return r.Radius
}

// Material is a rope's material, written either as a preset name (a JSON string, one of
// material.PresetNames(), e.g. "nylon-3-0") or as an object of custom values (CustomMaterial).
// It remembers which form was used, so Marshal writes it back the same way. Exactly one of
// Preset and Custom is set.
type Material struct {
	Preset string          // the string form: a preset's name
	Custom *CustomMaterial // the object form
}

// CustomMaterial is a material given by its values, SI units; see material.Material for their
// meaning and bounds. density, young and shear are required; bend and twist default to 0
// (young and shear: a solid rod); friction and damping default to 0.
type CustomMaterial struct {
	Density  float64          `json:"density"`         // kg/m³, > 0
	Young    float64          `json:"young"`           // Pa, > 0
	Shear    float64          `json:"shear"`           // Pa, > 0; Poisson's ratio young/(2·shear) − 1 in (−1, 0.5]
	Bend     float64          `json:"bend,omitempty"`  // Pa, optional effective bending modulus (braided, twisted ropes), 0 ≤ bend ≤ young; 0 or absent means young
	Twist    float64          `json:"twist,omitempty"` // Pa, optional effective twist (shear) modulus, 0 ≤ twist ≤ shear; 0 or absent means shear
	Friction MaterialFriction `json:"friction"`        // rope on rope and on obstacles
	Damping  float64          `json:"damping"`         // 1/s, ≥ 0: the rate at which a free node's velocity decays
}

// MaterialFriction holds Coulomb friction coefficients (dimensionless).
type MaterialFriction struct {
	Static  float64 `json:"static"`  // μs ≥ 0
	Kinetic float64 `json:"kinetic"` // 0 ≤ μk ≤ μs
}

// Resolve returns the material m describes: the preset it names (material.Preset), or its
// custom values (Name and Diameter empty). A nil m gives the zero material and no error. It
// does not Validate custom values.
func (m *Material) Resolve() (material.Material, error) {
	switch {
	case m == nil:
		return material.Material{}, nil
	case m.Custom != nil && m.Preset != "":
		return material.Material{}, errors.New("holds both a preset name and custom values")
	case m.Custom != nil:
		c := m.Custom
		return material.Material{Density: c.Density, Young: c.Young, Shear: c.Shear, Bend: c.Bend, Twist: c.Twist,
			Friction: material.Friction{Static: c.Friction.Static, Kinetic: c.Friction.Kinetic}, Damping: c.Damping}, nil
	case m.Preset == "":
		return material.Material{}, fmt.Errorf("empty; name a preset (%s) or give an object", strings.Join(material.PresetNames(), ", "))
	}
	mat, err := material.Preset(m.Preset)
	if err != nil {
		return material.Material{}, fmt.Errorf("unknown preset %q; valid presets are %s", m.Preset, strings.Join(material.PresetNames(), ", "))
	}
	return mat, nil
}

// MarshalJSON writes the preset name as a string, or the custom values as an object.
func (m Material) MarshalJSON() ([]byte, error) {
	if m.Custom != nil {
		return json.Marshal(m.Custom)
	}
	return json.Marshal(m.Preset)
}

// UnmarshalJSON reads a string (a preset name) or an object (custom values; unknown fields
// are errors). Parse checks the text with paths in its errors before this runs.
func (m *Material) UnmarshalJSON(b []byte) error {
	*m = Material{}
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &m.Preset)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var c CustomMaterial
	if err := dec.Decode(&c); err != nil {
		return err
	}
	m.Custom = &c
	return nil
}

func (m *Material) clone() *Material {
	if m == nil {
		return nil
	}
	c := *m
	if c.Custom != nil {
		c.Custom = ptr(*c.Custom)
	}
	return &c
}

// Layout types.
const (
	LayoutStraight     = "straight"         // from, dir
	LayoutPoints       = "points"           // points
	LayoutOverhand     = "overhand"         // center
	LayoutFigure8      = "figure8"          // center
	LayoutOverhandFig8 = "overhand+figure8" // center
	LayoutClove        = "clove"            // obstacle (a pole)
	LayoutCow          = "cow"              // obstacle (a pole): a cow (girth) hitch
	LayoutMunter       = "munter"           // obstacle (a ring)
	LayoutTorusKnot    = "torus-knot"       // p, q, center
	LayoutFigure8Curve = "figure8-curve"    // center
	LayoutClosedCurve  = "closed-curve"     // points
	LayoutGranny       = "granny"           // center
	LayoutSquare       = "square"           // center
)

// LayoutTypes lists the layout types in the order error messages name them.
var LayoutTypes = []string{LayoutStraight, LayoutPoints, LayoutOverhand, LayoutFigure8,
	LayoutOverhandFig8, LayoutClove, LayoutCow, LayoutMunter, LayoutTorusKnot, LayoutFigure8Curve, LayoutClosedCurve, LayoutGranny, LayoutSquare}

// Layout is the initial shape of a rope. Which fields a type uses is listed with each field;
// a field the type does not use must be absent.
type Layout struct {
	Type string `json:"type"` // one of LayoutTypes

	// "straight": the rope starts at From and runs along Dir for links·link_length.
	From *Vec `json:"from,omitempty"` // m, first node; default origin
	Dir  *Vec `json:"dir,omitempty"`  // direction, any length ≥ MinDirection; default +x

	// "points": a polyline of ≥ 2 points, consecutive points distinct, resampled to Links
	// links of equal length (the rope's rest length need not equal the polyline's length).
	// "closed-curve": a closed polygon of ≥ 3 points (the last joins the first), e.g. a knot
	// from KnotPlot or a parametric curve; it is cut open at its point of largest x, scaled to
	// the rope (loosely, keeping clear of itself) and given two tails, so that pulling the ends
	// ties a tight knot of the curve's type.
	Points []Vec `json:"points,omitempty"` // m

	// "torus-knot": the (P, Q) torus knot, P and Q coprime in MinTorusPQ..MaxTorusPQ.
	P int `json:"p,omitempty"`
	Q int `json:"q,omitempty"`

	// "clove" and "munter": index into Scene.Obstacles of the pole ("clove") or ring
	// ("munter") the hitch is tied around; required. The hitch sits on its obstacle.
	Obstacle *int `json:"obstacle,omitempty"`

	// "overhand", "figure8", "overhand+figure8", "granny", "square", "torus-knot",
	// "figure8-curve": where the knot sits, m; default origin.
	Center *Vec `json:"center,omitempty"`
}

// Obstacle types.
const (
	ObstaclePlane  = "plane"  // point, normal
	ObstacleSphere = "sphere" // center, radius
	ObstaclePole   = "pole"   // a, b, radius
	ObstacleRing   = "ring"   // center, axis, major, radius
)

// ObstacleTypes lists the obstacle types in the order error messages name them.
var ObstacleTypes = []string{ObstaclePlane, ObstacleSphere, ObstaclePole, ObstacleRing}

// Obstacle is a rigid obstacle (see package shape). Fields the type does not use must be absent;
// the fields it uses are required.
type Obstacle struct {
	Type   string  `json:"type"`             // one of ObstacleTypes
	Point  *Vec    `json:"point,omitempty"`  // plane: a point on the plane, m
	Normal *Vec    `json:"normal,omitempty"` // plane: outward normal (solid below), any length ≥ MinDirection
	Center *Vec    `json:"center,omitempty"` // sphere, ring: centre, m
	Axis   *Vec    `json:"axis,omitempty"`   // ring: axis ⟂ the ring's plane, any length ≥ MinDirection
	A      *Vec    `json:"a,omitempty"`      // pole: one end of the axis, m
	B      *Vec    `json:"b,omitempty"`      // pole: other end of the axis, m, ≠ a
	Radius float64 `json:"radius,omitempty"` // sphere, pole: radius; ring: tube radius (< major); m, MinLength..MaxLength
	Major  float64 `json:"major,omitempty"`  // ring: distance from centre to the tube's centre line, m, ≤ MaxLength
}

// Tool is a scripted grasping tool: from Grasp until Release it holds node Node of rope Rope
// and either drags it toward the position its Path gives (see TargetAt) or pulls it with the
// force its Force keys give (see ForceAt; physical solvers only). A tool has exactly one of
// Path and Force. Two tools never hold the same node at overlapping times.
type Tool struct {
	Name     string     `json:"name,omitempty"`     // optional, unique among tools, ≤ MaxNameLen bytes
	Rope     int        `json:"rope"`               // index into Scene.Ropes
	Node     int        `json:"node"`               // node index 0..links of that rope, or -1 for the last node
	Grasp    float64    `json:"grasp"`              // s, scene time the tool closes, 0 ≤ grasp < duration
	Release  *float64   `json:"release,omitempty"`  // s, scene time it opens, > grasp, ≤ MaxDuration; nil = never
	Relative bool       `json:"relative,omitempty"` // path positions are offsets from the node's position at grasp time (path tools only)
	Path     []Key      `json:"path,omitempty"`     // position tool: ≥ 1 keys, strictly increasing t
	Force    []ForceKey `json:"force,omitempty"`    // force tool: ≥ 1 keys, strictly increasing t; not under "ftl"
}

// IsForce reports whether the tool pulls with a force (has Force keys) rather than following
// a path.
func (t *Tool) IsForce() bool { return len(t.Force) > 0 }

// ForceKey is one key of a force tool: the force it pulls its node with at time T. Between
// keys the force is interpolated linearly; before the first and after the last it is constant.
type ForceKey struct {
	T float64 `json:"t"` // s, scene time, 0 ≤ t ≤ MaxDuration
	F Vec     `json:"f"` // N, finite, |f| ≤ MaxForce
}

// Key is one key of a tool path.
type Key struct {
	T   float64 `json:"t"`   // s, scene time (not time since grasp), 0 ≤ t ≤ MaxDuration
	Pos Vec     `json:"pos"` // m, position (or offset when the tool is relative)
}

// Error is one problem found in a scene, at a JSON path such as "ropes[0].radius".
type Error struct {
	Path string // "" for the whole file
	Msg  string
}

func (e *Error) Error() string {
	if e.Path == "" {
		return "scene: " + e.Msg
	}
	return "scene: " + e.Path + ": " + e.Msg
}

// Parse reads a scene file, checks it strictly against the format (see the package comment),
// then runs Validate. It does not fill in defaults (see WithDefaults). Empty obstacles, tools
// and points arrays are stored as nil.
func Parse(data []byte) (*Scene, error) {
	if len(data) > MaxFileSize {
		return nil, &Error{Msg: fmt.Sprintf("file is %d bytes; at most %d (16 MiB) are accepted", len(data), MaxFileSize)}
	}
	if err := precheck(data); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Scene
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("scene: %w", err) // unreachable after precheck; kept as a guard
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &Error{Msg: fmt.Sprintf("trailing data after the scene object at byte %d", dec.InputOffset())}
	}
	// Empty lists are stored as nil, as Marshal (omitempty) leaves them out: Parse(Marshal(s))
	// equals s.
	s.Obstacles, s.Tools, s.Forceps, s.Needles = nilIfEmpty(s.Obstacles), nilIfEmpty(s.Tools), nilIfEmpty(s.Forceps), nilIfEmpty(s.Needles)
	s.Tissues, s.Meshes = nilIfEmpty(s.Tissues), nilIfEmpty(s.Meshes)
	for i := range s.Meshes {
		s.Meshes[i].Vertices, s.Meshes[i].Triangles = nilIfEmpty(s.Meshes[i].Vertices), nilIfEmpty(s.Meshes[i].Triangles)
	}
	for i := range s.Tissues {
		s.Tissues[i].Clamp, s.Tissues[i].Sutures = nilIfEmpty(s.Tissues[i].Clamp), nilIfEmpty(s.Tissues[i].Sutures)
	}
	for i := range s.Ropes {
		s.Ropes[i].Layout.Points = nilIfEmpty(s.Ropes[i].Layout.Points)
	}
	for i := range s.Tools {
		s.Tools[i].Path, s.Tools[i].Force = nilIfEmpty(s.Tools[i].Path), nilIfEmpty(s.Tools[i].Force)
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// nilIfEmpty returns v, or nil when it is empty.
func nilIfEmpty[T any](v []T) []T {
	if len(v) == 0 {
		return nil
	}
	return v
}

// Marshal writes s as an indented scene file that Parse reads back equal to s. It refuses a
// scene that does not pass Validate.
func Marshal(s *Scene) ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, fmt.Errorf("scene: %w", err)
	}
	return buf.Bytes(), nil
}

// MinRadius returns the smallest radius of s's ropes, m (+Inf when there is no rope); a rope
// without a radius counts with its preset's (half the preset's diameter).
func (s *Scene) MinRadius() float64 {
	r := math.Inf(1)
	for i := range s.Ropes {
		r = math.Min(r, s.Ropes[i].radius())
	}
	return r
}

// WithDefaults returns a deep copy of s with every default filled in: gravity
// (DefaultGravity); the solver's type ("ftl") and broad phase ("bvh"); under "ftl",
// δ = 0.9·r and ε = 0.3·r (r the smallest rope radius), 8 iterations, 2 length passes,
// clusters and stretch guard on, max_stretch 1 (under "pbd", iterations and substeps stay 0:
// the solver chooses); a rope's radius from its preset when omitted, and under a physical
// solver a rope's material (DefaultMaterial) when it has none; a straight layout's from
// (origin) and dir (+x); a knot layout's center (origin); and a tool's node -1 resolved to the
// rope's last node. Call it on a valid scene; s is not changed.
func (s *Scene) WithDefaults() Scene {
	c := *s
	r := s.MinRadius()
	if s.Gravity == nil {
		c.Gravity = ptr(DefaultGravity)
	} else {
		c.Gravity = ptr(*s.Gravity)
	}
	sv := &c.Solver
	if sv.Type == "" {
		sv.Type = "ftl"
	}
	if sv.Epsilon != nil {
		sv.Epsilon = ptr(*sv.Epsilon)
	}
	if sv.LengthPasses != nil {
		sv.LengthPasses = ptr(*sv.LengthPasses)
	}
	if sv.Clusters != nil {
		sv.Clusters = ptr(*sv.Clusters)
	}
	if sv.StretchGuard != nil {
		sv.StretchGuard = ptr(*sv.StretchGuard)
	}
	if sv.MaxGraspForce != nil {
		sv.MaxGraspForce = ptr(*sv.MaxGraspForce)
	}
	for _, p := range []**float64{&sv.AirDrag, &sv.BendDamping, &sv.ContactStiffness} {
		if *p != nil {
			*p = ptr(**p)
		}
	}
	if sv.Extensible != nil {
		sv.Extensible = ptr(*sv.Extensible)
	}
	if sv.Type == "ftl" {
		if sv.Delta == 0 {
			sv.Delta = defaultDelta * r
		}
		if sv.Epsilon == nil {
			sv.Epsilon = ptr(defaultEpsilon * r)
		}
		if sv.Iterations == 0 {
			sv.Iterations = defaultIter
		}
		if sv.LengthPasses == nil {
			sv.LengthPasses = ptr(defaultLengthPasses)
		}
		sv.Clusters = ptr(sv.Clusters == nil || *sv.Clusters)
		sv.StretchGuard = ptr(sv.StretchGuard == nil || *sv.StretchGuard)
		if sv.MaxStretch == 0 {
			sv.MaxStretch = defaultStretch
		}
	}
	if sv.Broadphase == "" {
		sv.Broadphase = "bvh"
	}
	physical := sv.Physical()

	c.Ropes = make([]Rope, len(s.Ropes))
	for i, rp := range s.Ropes {
		l := &rp.Layout
		l.From, l.Dir, l.Center = cloneVec(l.From), cloneVec(l.Dir), cloneVec(l.Center)
		l.Points = append([]Vec(nil), l.Points...)
		if l.Obstacle != nil {
			l.Obstacle = ptr(*l.Obstacle)
		}
		rp.Radius = rp.radius()
		rp.Material = rp.Material.clone()
		if rp.SetFriction != nil {
			rp.SetFriction = ptr(*rp.SetFriction)
		}
		if physical && rp.Material == nil {
			rp.Material = &Material{Preset: DefaultMaterial}
		}
		switch l.Type {
		case LayoutStraight:
			if l.From == nil {
				l.From = &Vec{}
			}
			if l.Dir == nil {
				l.Dir = &Vec{1, 0, 0}
			}
		case LayoutOverhand, LayoutFigure8, LayoutOverhandFig8, LayoutTorusKnot, LayoutFigure8Curve, LayoutGranny, LayoutSquare:
			if l.Center == nil {
				l.Center = &Vec{}
			}
		}
		c.Ropes[i] = rp
	}
	if s.Obstacles != nil {
		c.Obstacles = make([]Obstacle, len(s.Obstacles))
		for i, o := range s.Obstacles {
			o.Point, o.Normal, o.Center = cloneVec(o.Point), cloneVec(o.Normal), cloneVec(o.Center)
			o.Axis, o.A, o.B = cloneVec(o.Axis), cloneVec(o.A), cloneVec(o.B)
			c.Obstacles[i] = o
		}
	}
	if s.Tools != nil {
		c.Tools = make([]Tool, len(s.Tools))
		for i, t := range s.Tools {
			if t.Release != nil {
				t.Release = ptr(*t.Release)
			}
			t.Path = append([]Key(nil), t.Path...)
			t.Force = append([]ForceKey(nil), t.Force...)
			if t.Node == -1 && t.Rope >= 0 && t.Rope < len(s.Ropes) {
				t.Node = s.Ropes[t.Rope].Links
			}
			c.Tools[i] = t
		}
	}
	if s.Needles != nil {
		c.Needles = make([]Needle, len(s.Needles))
		for i, n := range s.Needles {
			sp := n.Spec()
			n.ArcRadius, n.ArcAngle, n.Diameter = sp.ArcRadius, sp.ArcAngle, sp.Diameter
			n.Path = append([]NeedleKey(nil), n.Path...)
			c.Needles[i] = n
		}
	}
	if s.Forceps != nil {
		c.Forceps = make([]Forceps, len(s.Forceps))
		for i, f := range s.Forceps {
			g := f.Geometry()
			f.Length, f.Radius, f.Grab, f.Depth = g.Length, g.Radius, g.Grab, g.Depth
			f.Path = append([]ForcepsKey(nil), f.Path...)
			c.Forceps[i] = f
		}
	}
	return c
}

func ptr[T any](v T) *T { return &v }

func cloneVec(v *Vec) *Vec {
	if v == nil {
		return nil
	}
	return ptr(*v)
}

// ---------------------------------------------------------------------------------------------
// Validation

type checker struct {
	errs []error
	more int
}

func (c *checker) add(path, format string, args ...any) {
	if len(c.errs) >= maxErrors {
		c.more++
		return
	}
	c.errs = append(c.errs, &Error{Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (c *checker) err() error {
	if c.more > 0 {
		c.errs = append(c.errs, &Error{Msg: fmt.Sprintf("%d more errors not shown", c.more)})
	}
	return errors.Join(c.errs...)
}

// num checks lo ≤ v ≤ hi (NaN fails).
func (c *checker) num(path string, v, lo, hi float64, unit string) bool {
	if v >= lo && v <= hi {
		return true
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		c.add(path, "must be finite (got %v)", v)
	case v < lo:
		c.add(path, "must be ≥ %v%s (got %v)", lo, unit, v)
	default:
		c.add(path, "must be ≤ %v%s (got %v)", hi, unit, v)
	}
	return false
}

// positive checks 0 < v ≤ hi.
func (c *checker) positive(path string, v, hi float64, unit string) bool {
	if v > 0 && v <= hi {
		return true
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		c.add(path, "must be finite (got %v)", v)
	case v <= 0:
		c.add(path, "must be > 0 (got %v)", v)
	default:
		c.add(path, "must be ≤ %v%s (got %v)", hi, unit, v)
	}
	return false
}

// coords checks that every component of v is within ±MaxCoord.
func (c *checker) coords(path func() string, v Vec) bool {
	for k, x := range v {
		if !(math.Abs(x) <= MaxCoord) {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				c.add(fmt.Sprintf("%s[%d]", path(), k), "must be finite (got %v)", x)
			} else {
				c.add(fmt.Sprintf("%s[%d]", path(), k), "|coordinate| must be ≤ %v m (got %v)", MaxCoord, x)
			}
			return false
		}
	}
	return true
}

func (c *checker) optCoords(path string, v *Vec) bool {
	return v == nil || c.coords(func() string { return path }, *v)
}

func (c *checker) direction(path string, v *Vec) {
	if v == nil || !c.coords(func() string { return path }, *v) {
		return
	}
	if n := v.V3().Norm(); !(n >= MinDirection) {
		c.add(path, "must have length ≥ %v (got %v)", MinDirection, n)
	}
}

func (c *checker) text(path, s string, max int) {
	if len(s) > max {
		c.add(path, "is %d bytes long; at most %d", len(s), max)
	}
	if !utf8.ValidString(s) {
		c.add(path, "is not valid UTF-8")
	}
}

func (c *checker) oneOf(path, v string, allowed []string, required bool) bool {
	if v == "" && !required {
		return true
	}
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	if v == "" {
		c.add(path, "missing; must be one of %s", strings.Join(allowed, ", "))
	} else {
		c.add(path, "%q is not one of %s", v, strings.Join(allowed, ", "))
	}
	return false
}

// unused reports a field the type does not use.
func (c *checker) unused(path, kind, typ string, present bool) {
	if present {
		c.add(path, "not used by %s %q; remove it", kind, typ)
	}
}

// Validate checks every rule of the format, including cross-references, and returns all
// broken rules joined (at most maxErrors, then a count), or nil. It never panics, whatever s
// holds.
func (s *Scene) Validate() error {
	var c checker
	c.text("name", s.Name, MaxNameLen)
	c.text("description", s.Description, MaxDescription)
	dtOK := c.positive("dt", s.Dt, MaxDt, " s")
	durOK := c.positive("duration", s.Duration, MaxDuration, " s")
	if dtOK && durOK && s.Duration/s.Dt > MaxCycles {
		c.add("duration", "%v s at dt %v s is %.4g cycles; at most %g", s.Duration, s.Dt, s.Duration/s.Dt, float64(MaxCycles))
	}
	if s.Gravity != nil {
		c.bounded("gravity", *s.Gravity, MaxGravity, "m/s²")
	}

	c.validateRopes(s)
	c.validateSolver(&s.Solver, s.MinRadius(), len(s.Ropes) > 0)
	c.validateObstacles(s.Obstacles)
	for i := range s.Ropes {
		c.validateLayout(fmt.Sprintf("ropes[%d].layout", i), &s.Ropes[i].Layout, s.Obstacles)
	}
	c.validateTools(s, durOK)
	c.validateForceps(s)
	c.validateNeedles(s)
	c.validateTissues(s)
	c.validateMeshes(s)
	return c.err()
}

func (c *checker) validateSolver(sv *Solver, r float64, haveRadius bool) {
	if !c.oneOf("solver.type", sv.Type, SolverTypes, false) {
		c.oneOf("solver.broadphase", sv.Broadphase, Broadphases, false)
		return
	}
	typ := sv.Type
	if typ == "" {
		typ = "ftl"
	}
	// other reports whether a field is present, and adds an error if it is a field of other
	// solvers than typ (owner: one name, or several joined by " and ").
	other := func(name, owner string, present bool) bool {
		if owners := strings.Split(owner, " and "); present && !slices.Contains(owners, typ) {
			what := "the " + owner + " solver"
			if k := len(owners); k > 1 {
				what = "the " + strings.Join(owners[:k-1], ", ") + " and " + owners[k-1] + " solvers"
			}
			c.add("solver."+name, "a field of %s; this scene's solver is %s", what, typ)
			return false
		}
		return present
	}
	// The bounds that depend on r are only checked when every radius is valid (r > 0).
	rOK := haveRadius && r >= MinLength && r <= MaxLength
	if other("delta", "ftl", sv.Delta != 0) {
		if c.positive("solver.delta", sv.Delta, MaxLength, " m") && rOK && !(sv.Delta < r) {
			c.add("solver.delta", "must be < the smallest rope radius %v m (got %v)", r, sv.Delta)
		}
	}
	if other("epsilon", "ftl", sv.Epsilon != nil) {
		if c.num("solver.epsilon", *sv.Epsilon, 0, MaxLength, " m") && rOK && !(*sv.Epsilon < r) {
			c.add("solver.epsilon", "must be < the smallest rope radius %v m (got %v)", r, *sv.Epsilon)
		}
	}
	if other("length_passes", "ftl", sv.LengthPasses != nil) && (*sv.LengthPasses < 0 || *sv.LengthPasses > MaxLengthPasses) {
		c.add("solver.length_passes", "must be in 0..%d (got %d)", MaxLengthPasses, *sv.LengthPasses)
	}
	other("clusters", "ftl", sv.Clusters != nil)
	other("stretch_guard", "ftl", sv.StretchGuard != nil)
	if other("max_stretch", "ftl", sv.MaxStretch != 0) {
		c.num("solver.max_stretch", sv.MaxStretch, 1, MaxStretchCap, "")
	}
	switch typ {
	case "ftl":
		if sv.Iterations != 0 && (sv.Iterations < 1 || sv.Iterations > MaxIterations) {
			c.add("solver.iterations", "must be in 1..%d (got %d)", MaxIterations, sv.Iterations)
		}
	case "pbd":
		if sv.Iterations < 0 || sv.Iterations > MaxPBDIterations {
			c.add("solver.iterations", "must be in 1..%d, or 0 for the solver's default (got %d)", MaxPBDIterations, sv.Iterations)
		}
	case "dvi":
		if sv.Iterations < 0 || sv.Iterations > MaxDVIIterations {
			c.add("solver.iterations", "must be in 1..%d, or 0 for the solver's default (got %d)", MaxDVIIterations, sv.Iterations)
		}
	case "implicit":
		if sv.Iterations < 0 || sv.Iterations > MaxImplicitIters {
			c.add("solver.iterations", "must be in 1..%d, or 0 for the solver's default (got %d)", MaxImplicitIters, sv.Iterations)
		}
	}
	if other("substeps", "pbd and dvi and implicit", sv.Substeps != 0) && (sv.Substeps < 1 || sv.Substeps > MaxSubsteps) {
		c.add("solver.substeps", "must be in 1..%d, or 0 to let the solver choose (got %d)", MaxSubsteps, sv.Substeps)
	}
	if other("max_grasp_force", "pbd and dvi and implicit", sv.MaxGraspForce != nil) {
		c.positive("solver.max_grasp_force", *sv.MaxGraspForce, MaxForce, " N")
	}
	if other("multipliers", "dvi", sv.Multipliers != "") {
		c.oneOf("solver.multipliers", sv.Multipliers, []string{"contraction", "newton"}, false)
	}
	if other("contact", "dvi", sv.Contact != "") {
		c.oneOf("solver.contact", sv.Contact, []string{"constraint", "penalty"}, false)
	}
	if other("air_drag", "dvi", sv.AirDrag != nil) {
		c.num("solver.air_drag", *sv.AirDrag, 0, 100, "")
	}
	if other("bend_damping", "dvi", sv.BendDamping != nil) {
		c.num("solver.bend_damping", *sv.BendDamping, 0, 1e6, " N·m·s")
	}
	if other("contact_stiffness", "dvi", sv.ContactStiffness != nil) {
		if sv.Contact != "penalty" {
			c.add("solver.contact_stiffness", "is the penalty's stiffness: it needs \"contact\": \"penalty\"")
		}
		c.positive("solver.contact_stiffness", *sv.ContactStiffness, 1e12, " N/m")
	}
	other("extensible", "dvi", sv.Extensible != nil)
	if other("scheme", "implicit", sv.Scheme != "") {
		c.oneOf("solver.scheme", sv.Scheme, []string{"inertial", "overdamped"}, false)
	}
	if other("viscosity", "implicit", sv.Viscosity != nil) {
		c.positive("solver.viscosity", *sv.Viscosity, 1e9, " N·s/m²")
	}
	if other("contact_solver", "implicit", sv.ContactSolver != "") {
		c.oneOf("solver.contact_solver", sv.ContactSolver, []string{"nncg", "pgs"}, false)
	}
	if other("stretch_stiffness", "implicit", sv.StretchStiffness != nil) {
		c.positive("solver.stretch_stiffness", *sv.StretchStiffness, 1e12, " N")
	}
	c.oneOf("solver.broadphase", sv.Broadphase, Broadphases, false)
}

// bounded checks that every component of v is finite and |v| ≤ max.
func (c *checker) bounded(path string, v Vec, max float64, unit string) bool {
	for k, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			c.add(fmt.Sprintf("%s[%d]", path, k), "must be finite (got %v)", x)
			return false
		}
	}
	if n := v.V3().Norm(); !(n <= max) {
		c.add(path, "magnitude %.6g %s must be ≤ %g %s", n, unit, max, unit)
		return false
	}
	return true
}

// material checks a rope's material; every error names the field.
func (c *checker) material(path string, m *Material) {
	mat, err := m.Resolve()
	if err != nil {
		c.add(path, "%s", err.Error())
		return
	}
	if m.Custom == nil {
		return // presets are valid (material's tests)
	}
	err = mat.Validate()
	if err == nil {
		return
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		field, msg, ok := strings.Cut(e.Error(), ": ")
		if !ok {
			c.add(path, "%s", e.Error())
			continue
		}
		c.add(path+"."+field, "%s", msg)
	}
}

func (c *checker) validateRopes(s *Scene) {
	if len(s.Ropes) < 1 || len(s.Ropes) > MaxRopes {
		c.add("ropes", "must hold 1..%d ropes (got %d)", MaxRopes, len(s.Ropes))
		if len(s.Ropes) > MaxRopes {
			return
		}
	}
	names := make(map[string]int)
	total := 0
	for i := range s.Ropes {
		r := &s.Ropes[i]
		p := fmt.Sprintf("ropes[%d]", i)
		c.text(p+".name", r.Name, MaxNameLen)
		if r.Name != "" {
			if j, dup := names[r.Name]; dup {
				c.add(p+".name", "%q is also the name of ropes[%d]", r.Name, j)
			} else {
				names[r.Name] = i
			}
		}
		linksOK := r.Links >= 1 && r.Links <= MaxLinks
		if !linksOK {
			c.add(p+".links", "must be in 1..%d (got %d)", MaxLinks, r.Links)
		} else {
			total += r.Links
		}
		lenOK := false
		if r.LinkLength > 0 && r.LinkLength < MinLength {
			c.add(p+".link_length", "must be ≥ %v m (got %v)", MinLength, r.LinkLength)
		} else if c.positive(p+".link_length", r.LinkLength, MaxLength, " m") {
			lenOK = true
			if linksOK && float64(r.Links)*r.LinkLength > MaxLength {
				c.add(p+".link_length", "rope length %d·%v m = %v m exceeds %v m", r.Links, r.LinkLength, float64(r.Links)*r.LinkLength, MaxLength)
			}
		}
		if r.Material != nil {
			c.material(p+".material", r.Material)
		}
		if sf := r.SetFriction; sf != nil {
			if c.positive(p+".set_friction.until", sf.Until, MaxDuration, " s") && s.Duration > 0 && sf.Until > s.Duration {
				c.add(p+".set_friction.until", "must be ≤ duration %v s (got %v)", s.Duration, sf.Until)
			}
			f := sf.Friction
			switch {
			case !(f.Static >= 0) || f.Static > material.MaxFriction:
				c.add(p+".set_friction.friction.static", "must be in 0..%g (got %v)", material.MaxFriction, f.Static)
			case !(f.Kinetic >= 0) || f.Kinetic > f.Static:
				c.add(p+".set_friction.friction.kinetic", "must be in 0..static = %v (got %v)", f.Static, f.Kinetic)
			}
		}
		if rad := r.radius(); r.Radius == 0 && rad > 0 {
			if lenOK && rad > 2*r.LinkLength {
				c.add(p+".radius", "omitted, so half the diameter of preset %q, %v m; it must be ≤ 2·link_length = %v m (give a radius or longer links)", r.Material.Preset, rad, 2*r.LinkLength)
			}
		} else if r.Radius > 0 && r.Radius < MinLength {
			c.add(p+".radius", "must be ≥ %v m (got %v)", MinLength, r.Radius)
		} else if c.positive(p+".radius", r.Radius, MaxLength, " m") && lenOK && r.Radius > 2*r.LinkLength {
			c.add(p+".radius", "must be ≤ 2·link_length = %v m (got %v)", 2*r.LinkLength, r.Radius)
		}
	}
	if total > MaxTotalLinks {
		c.add("ropes", "%d links in all; at most %d", total, MaxTotalLinks)
	}
}

func (c *checker) validateLayout(p string, l *Layout, obs []Obstacle) {
	if !c.oneOf(p+".type", l.Type, LayoutTypes, true) {
		return
	}
	kind := "layout"
	straight := l.Type == LayoutStraight
	closed := l.Type == LayoutClosedCurve
	points := l.Type == LayoutPoints || closed
	torus := l.Type == LayoutTorusKnot
	hitch := l.Type == LayoutClove || l.Type == LayoutCow || l.Type == LayoutMunter
	centred := !straight && !points && !hitch
	c.unused(p+".from", kind, l.Type, !straight && l.From != nil)
	c.unused(p+".dir", kind, l.Type, !straight && l.Dir != nil)
	c.unused(p+".points", kind, l.Type, !points && l.Points != nil)
	c.unused(p+".p", kind, l.Type, !torus && l.P != 0)
	c.unused(p+".q", kind, l.Type, !torus && l.Q != 0)
	c.unused(p+".obstacle", kind, l.Type, !hitch && l.Obstacle != nil)
	c.unused(p+".center", kind, l.Type, !centred && l.Center != nil)
	c.optCoords(p+".from", l.From)
	c.optCoords(p+".center", l.Center)
	c.direction(p+".dir", l.Dir)
	switch {
	case points:
		if min := map[bool]int{false: 2, true: 3}[closed]; len(l.Points) < min {
			c.add(p+".points", "needs at least %d points (got %d)", min, len(l.Points))
		}
		for j := range l.Points {
			if !c.coords(func() string { return fmt.Sprintf("%s.points[%d]", p, j) }, l.Points[j]) {
				continue
			}
			if j > 0 && l.Points[j] == l.Points[j-1] {
				c.add(fmt.Sprintf("%s.points[%d]", p, j), "repeats the previous point %v", l.Points[j])
			}
		}
	case torus:
		pOK := c.pq(p+".p", l.P)
		qOK := c.pq(p+".q", l.Q)
		if pOK && qOK && gcd(l.P, l.Q) != 1 {
			c.add(p, "p = %d and q = %d must be coprime (gcd %d)", l.P, l.Q, gcd(l.P, l.Q))
		}
	case hitch:
		want, what := ObstaclePole, "a pole"
		if l.Type == LayoutMunter {
			want, what = ObstacleRing, "a ring"
		}
		switch {
		case l.Obstacle == nil:
			c.add(p+".obstacle", "missing; a %s hitch needs the index of %s in obstacles", l.Type, what)
		case *l.Obstacle < 0 || *l.Obstacle >= len(obs):
			c.add(p+".obstacle", "index %d out of range (%d obstacles)", *l.Obstacle, len(obs))
		case obs[*l.Obstacle].Type != want:
			c.add(p+".obstacle", "obstacles[%d] is a %q; a %s hitch needs %s", *l.Obstacle, obs[*l.Obstacle].Type, l.Type, what)
		}
	}
}

func (c *checker) pq(path string, v int) bool {
	if v < MinTorusPQ || v > MaxTorusPQ {
		c.add(path, "must be in %d..%d (got %d)", MinTorusPQ, MaxTorusPQ, v)
		return false
	}
	return true
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func (c *checker) validateObstacles(obs []Obstacle) {
	if len(obs) > MaxObstacles {
		c.add("obstacles", "must hold at most %d obstacles (got %d)", MaxObstacles, len(obs))
		return
	}
	for i := range obs {
		o := &obs[i]
		p := fmt.Sprintf("obstacles[%d]", i)
		if !c.oneOf(p+".type", o.Type, ObstacleTypes, true) {
			continue
		}
		plane, sphere, pole, ring := o.Type == ObstaclePlane, o.Type == ObstacleSphere, o.Type == ObstaclePole, o.Type == ObstacleRing
		fields := []struct {
			name    string
			v       *Vec
			used    bool
			isDir   bool
			present bool
		}{
			{"point", o.Point, plane, false, o.Point != nil},
			{"normal", o.Normal, plane, true, o.Normal != nil},
			{"center", o.Center, sphere || ring, false, o.Center != nil},
			{"axis", o.Axis, ring, true, o.Axis != nil},
			{"a", o.A, pole, false, o.A != nil},
			{"b", o.B, pole, false, o.B != nil},
		}
		for _, f := range fields {
			fp := p + "." + f.name
			switch {
			case !f.used:
				c.unused(fp, "obstacle", o.Type, f.present)
			case !f.present:
				c.add(fp, "missing; a %s needs it", o.Type)
			case f.isDir:
				c.direction(fp, f.v)
			default:
				c.optCoords(fp, f.v)
			}
		}
		if pole && o.A != nil && o.B != nil && *o.A == *o.B {
			c.add(p+".b", "must differ from a (both %v)", *o.A)
		}
		c.unused(p+".major", "obstacle", o.Type, !ring && o.Major != 0)
		radiusOK := false
		if plane {
			c.unused(p+".radius", "obstacle", o.Type, o.Radius != 0)
		} else if o.Radius > 0 && o.Radius < MinLength {
			c.add(p+".radius", "must be ≥ %v m (got %v)", MinLength, o.Radius)
		} else {
			radiusOK = c.positive(p+".radius", o.Radius, MaxLength, " m")
		}
		if ring && c.positive(p+".major", o.Major, MaxLength, " m") && radiusOK && !(o.Radius < o.Major) {
			c.add(p+".radius", "tube radius must be < major %v m (got %v)", o.Major, o.Radius)
		}
	}
}

func (c *checker) validateTools(s *Scene, durOK bool) {
	if len(s.Tools) > MaxTools {
		c.add("tools", "must hold at most %d tools (got %d)", MaxTools, len(s.Tools))
		return
	}
	names := make(map[string]int)
	type hold struct {
		rope, node int
		from, to   float64
	}
	holds := make([]hold, len(s.Tools))
	for i := range s.Tools {
		t := &s.Tools[i]
		p := fmt.Sprintf("tools[%d]", i)
		holds[i] = hold{rope: -1}
		c.text(p+".name", t.Name, MaxNameLen)
		if t.Name != "" {
			if j, dup := names[t.Name]; dup {
				c.add(p+".name", "%q is also the name of tools[%d]", t.Name, j)
			} else {
				names[t.Name] = i
			}
		}
		node := -2
		if t.Rope < 0 || t.Rope >= len(s.Ropes) {
			c.add(p+".rope", "index %d out of range (%d ropes)", t.Rope, len(s.Ropes))
		} else if links := s.Ropes[t.Rope].Links; links >= 1 && links <= MaxLinks {
			switch {
			case t.Node == -1:
				node = links
			case t.Node < -1 || t.Node > links:
				c.add(p+".node", "must be in 0..%d (rope %d has %d links) or -1 for the last node (got %d)", links, t.Rope, links, t.Node)
			default:
				node = t.Node
			}
		}
		graspOK := c.num(p+".grasp", t.Grasp, 0, MaxDuration, " s")
		if graspOK && durOK && !(t.Grasp < s.Duration) {
			c.add(p+".grasp", "must be < duration %v s (got %v)", s.Duration, t.Grasp)
			graspOK = false
		}
		to := math.Inf(1)
		if t.Release != nil {
			if c.num(p+".release", *t.Release, 0, MaxDuration, " s") && graspOK && !(*t.Release > t.Grasp) {
				c.add(p+".release", "must be > grasp %v s (got %v)", t.Grasp, *t.Release)
				graspOK = false
			}
			to = *t.Release
		}
		if node >= 0 && graspOK {
			holds[i] = hold{t.Rope, node, t.Grasp, to}
		}
		switch {
		case len(t.Path) > 0 && len(t.Force) > 0:
			c.add(p+".force", "a tool has either a path or a force, not both")
		case len(t.Force) > 0:
			if t.Relative {
				c.add(p+".relative", "a force tool has no path to offset; remove it")
			}
			if !s.Solver.Physical() && (s.Solver.Type == "" || s.Solver.Type == "ftl") {
				c.add(p+".force", "the ftl solver is geometric and cannot apply forces; use \"solver\": {\"type\": \"pbd\"}")
			}
		case len(t.Path) == 0:
			c.add(p+".path", "needs at least 1 key (or give the tool a force)")
		}
		c.keys(p, "force", len(t.Force), func(k int) float64 { return t.Force[k].T }, func(kp string, k int) {
			c.bounded(kp+".f", t.Force[k].F, MaxForce, "N")
		})
		c.keys(p, "path", len(t.Path), func(k int) float64 { return t.Path[k].T }, func(kp string, k int) {
			c.coords(func() string { return kp + ".pos" }, t.Path[k].Pos)
		})
	}
	for i := range holds {
		for j := range i {
			a, b := holds[i], holds[j]
			if a.rope >= 0 && a.rope == b.rope && a.node == b.node && a.from < b.to && b.from < a.to {
				c.add(fmt.Sprintf("tools[%d]", i), "holds node %d of rope %d during [%v, %v) s while tools[%d] holds it during [%v, %v) s",
					a.node, a.rope, a.from, a.to, j, b.from, b.to)
			}
		}
	}
}

// ---------------------------------------------------------------------------------------------
// Strict pre-check of the JSON text against the Go types, with paths in the errors.

// pathElem is one step of a JSON path, kept on the stack; the string is built only on error.
type pathElem struct {
	parent *pathElem
	key    string // field name, or "" for an array index
	index  int
}

func (p *pathElem) String() string {
	if p == nil {
		return ""
	}
	var parts []*pathElem
	for q := p; q != nil; q = q.parent {
		parts = append(parts, q)
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		q := parts[i]
		if q.key == "" {
			fmt.Fprintf(&b, "[%d]", q.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(q.key)
	}
	return b.String()
}

type prechecker struct {
	data []byte
	dec  *json.Decoder
}

func precheck(data []byte) error {
	return precheckAs(data, reflect.TypeFor[Scene](), "a scene file", "scene")
}

// CheckStrict checks data, one JSON object, against the JSON form of the struct type t as
// strictly as Parse checks a scene file (see the package comment: unknown names, names that
// match only up to case, duplicates, arrays of the wrong length, numbers out of range,
// trailing data); what names the object in messages ("a command"). The error names the path
// of the offending value, without Parse's "scene:" prefix. t's fields may be structs, slices,
// arrays, pointers to them, float64, int, uint64, bool and string.
func CheckStrict(data []byte, t reflect.Type, what string) error {
	err := precheckAs(data, t, what, strings.TrimPrefix(strings.TrimPrefix(what, "a "), "an "))
	var e *Error
	if errors.As(err, &e) {
		if e.Path == "" {
			return errors.New(e.Msg)
		}
		return errors.New(e.Path + ": " + e.Msg)
	}
	return err
}

// precheckAs is precheck for the struct type t: what names the input ("a scene file") and
// noun the object ("scene") in messages.
func precheckAs(data []byte, t reflect.Type, what, noun string) error {
	pc := &prechecker{data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	pc.dec.UseNumber()
	tok, err := pc.dec.Token()
	if err == io.EOF {
		return &Error{Msg: fmt.Sprintf("empty input; %s holds one JSON object", what)}
	}
	if err != nil {
		return pc.syntax(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return &Error{Msg: fmt.Sprintf("%s holds one JSON object (got %s)", what, describe(tok))}
	}
	if err := pc.value(t, tok, nil); err != nil {
		return err
	}
	off := pc.dec.InputOffset()
	if _, err := pc.dec.Token(); err != io.EOF {
		return &Error{Msg: fmt.Sprintf("trailing data after the %s object at %s", noun, pc.where(off))}
	}
	return nil
}

// where describes byte offset off as "line L, column C".
func (pc *prechecker) where(off int64) string {
	if off > int64(len(pc.data)) {
		off = int64(len(pc.data))
	}
	before := pc.data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := int(off) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

func (pc *prechecker) syntax(err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &Error{Msg: fmt.Sprintf("invalid JSON at %s: %s", pc.where(se.Offset), se.Error())}
	}
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		return &Error{Msg: "invalid JSON: unexpected end of input"}
	}
	return &Error{Msg: "invalid JSON: " + err.Error()}
}

func (pc *prechecker) next() (json.Token, error) {
	tok, err := pc.dec.Token()
	if err != nil {
		return nil, pc.syntax(err)
	}
	return tok, nil
}

func describe(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case string:
		return "a string"
	case json.Number:
		return "the number " + string(v)
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	}
	return fmt.Sprintf("%v", tok)
}

func typeErr(p *pathElem, want string, tok json.Token) error {
	return &Error{Path: p.String(), Msg: fmt.Sprintf("must be %s (got %s)", want, describe(tok))}
}

// fieldSet lists the JSON names of a struct type and their types, by field order.
type fieldSet struct {
	names []string
	types []reflect.Type
	index map[string]int
}

var fieldSets sync.Map // reflect.Type → *fieldSet

func fieldsOf(t reflect.Type) *fieldSet {
	if fs, ok := fieldSets.Load(t); ok {
		return fs.(*fieldSet)
	}
	fs := &fieldSet{index: make(map[string]int)}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs.index[name] = len(fs.names)
		fs.names = append(fs.names, name)
		fs.types = append(fs.types, f.Type)
	}
	if len(fs.names) > 64 {
		panic("scene: a struct has more than 64 fields; widen the seen mask in object")
	}
	fieldSets.Store(t, fs)
	return fs
}

var (
	materialType       = reflect.TypeFor[Material]()
	customMaterialType = reflect.TypeFor[CustomMaterial]()
)

// value checks the value that starts with tok against type t.
func (pc *prechecker) value(t reflect.Type, tok json.Token, p *pathElem) error {
	if t.Kind() == reflect.Pointer {
		if tok == nil {
			return nil
		}
		t = t.Elem()
	}
	if t == materialType {
		switch v := tok.(type) {
		case string:
			return nil
		case json.Delim:
			if v == '{' {
				return pc.object(customMaterialType, p)
			}
		}
		return typeErr(p, "a preset name (a string) or an object", tok)
	}
	switch t.Kind() {
	case reflect.Struct:
		if d, ok := tok.(json.Delim); !ok || d != '{' {
			return typeErr(p, "an object", tok)
		}
		return pc.object(t, p)
	case reflect.Slice, reflect.Array:
		if d, ok := tok.(json.Delim); !ok || d != '[' {
			if t.Kind() == reflect.Array && t.Elem().Kind() == reflect.Float64 {
				return typeErr(p, fmt.Sprintf("an array of %d numbers", t.Len()), tok)
			}
			return typeErr(p, "an array", tok)
		}
		n := 0
		for pc.dec.More() {
			if t.Kind() == reflect.Array && n >= t.Len() {
				return &Error{Path: p.String(), Msg: fmt.Sprintf("must hold exactly %d numbers (got more)", t.Len())}
			}
			el, err := pc.next()
			if err != nil {
				return err
			}
			if err := pc.value(t.Elem(), el, &pathElem{parent: p, index: n}); err != nil {
				return err
			}
			n++
		}
		if t.Kind() == reflect.Array && n != t.Len() {
			return &Error{Path: p.String(), Msg: fmt.Sprintf("must hold exactly %d numbers (got %d)", t.Len(), n)}
		}
		_, err := pc.next() // ']'
		return err
	case reflect.Float64:
		num, ok := tok.(json.Number)
		if !ok {
			return typeErr(p, "a number", tok)
		}
		if _, err := strconv.ParseFloat(string(num), 64); err != nil {
			return &Error{Path: p.String(), Msg: fmt.Sprintf("number %s is out of range", num)}
		}
	case reflect.Int:
		num, ok := tok.(json.Number)
		if !ok {
			return typeErr(p, "an integer", tok)
		}
		if _, err := strconv.ParseInt(string(num), 10, strconv.IntSize); err != nil {
			return &Error{Path: p.String(), Msg: fmt.Sprintf("must be an integer in int range (got %s)", num)}
		}
	case reflect.Uint64:
		num, ok := tok.(json.Number)
		if !ok {
			return typeErr(p, "an integer", tok)
		}
		if _, err := strconv.ParseUint(string(num), 10, 64); err != nil {
			return &Error{Path: p.String(), Msg: fmt.Sprintf("must be an integer in 0..%d (got %s)", uint64(math.MaxUint64), num)}
		}
	case reflect.Bool:
		if _, ok := tok.(bool); !ok {
			return typeErr(p, "true or false", tok)
		}
	case reflect.String:
		if _, ok := tok.(string); !ok {
			return typeErr(p, "a string", tok)
		}
	default:
		panic("scene: precheck does not handle " + t.String()) // programmer error: a new field type
	}
	return nil
}

func (pc *prechecker) object(t reflect.Type, p *pathElem) error {
	fs := fieldsOf(t)
	var seen uint64 // bit i: field i appeared
	for pc.dec.More() {
		tok, err := pc.next()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // the decoder guarantees object keys are strings
		i, ok := fs.index[key]
		if !ok {
			where := "at the top level"
			if p != nil {
				where = "in " + p.String()
			}
			msg := fmt.Sprintf("unknown field %q %s", key, where)
			if s := suggest(key, fs.names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return &Error{Msg: msg}
		}
		child := &pathElem{parent: p, key: key}
		if seen&(1<<i) != 0 {
			return &Error{Path: child.String(), Msg: "appears twice"}
		}
		seen |= 1 << i
		vt, err := pc.next()
		if err != nil {
			return err
		}
		if err := pc.value(fs.types[i], vt, child); err != nil {
			return err
		}
	}
	_, err := pc.next() // '}'
	return err
}

// suggest returns the name in names closest to key (same up to case, or within edit distance
// 2), or "".
func suggest(key string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if strings.EqualFold(n, key) {
			return n
		}
		if d := editDistance(strings.ToLower(key), n, bestD); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance returns the Levenshtein distance between a and b in bytes, or limit if it is
// at least limit.
func editDistance(a, b string, limit int) int {
	if len(a) > 64 || len(b) > 64 || abs(len(a)-len(b)) >= limit {
		return limit
	}
	var rowBuf [2][65]int
	prev, cur := rowBuf[0][:len(b)+1], rowBuf[1][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
