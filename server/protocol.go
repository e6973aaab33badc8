package server

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"

	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Protocol constants (see the package comment).
const (
	Version        = 3          // the "version" of the hello event
	SnapshotMagic  = 0x324E534B // "KSN2" read as little-endian bytes
	MaxMessage     = 4 << 10    // bytes of a client message accepted (larger: an error event)
	HardReadLimit  = 64 << 10   // bytes of a client message beyond which the connection is closed (1009)
	MaxCoord       = 1000.0     // m, largest |coordinate| of a move target
	UserTools      = 2          // tools 0 and 1 of the commands
	headerSize     = 36
	strandSize     = 12
	toolSize       = 32
	nodeSize       = 12
	tensionSize    = 4
	contactHead    = 8  // u32 nContacts, f32 residual
	contactSize    = 36 // f32×3 point, f32×3 normal force, f32×3 friction force
	tissueHead     = 4  // u32 nTissues
	tissueRecHead  = 4  // u32 nodes of one tissue
	tissueNodeSize = 16 // f32×3 position, f32 strain
	forcepsHead    = 4  // u32 nForceps
	forcepsSize    = 68 // f32×3 A, B of jaw 0, then of jaw 1; f32 radius; u8 closed, u8 held (≤ 255), 2 pad; f32×3 force
	needleHead     = 4  // u32 nNeedles
	needleSize     = 52 // f32×3 centre, U, V; f32 angle, arc radius, arc angle, diameter
	maxSolverName  = 16 // longest solver name a "solver" command may give
	maxU16         = math.MaxUint16
	commandTypeMax = 16 // longest command type name we accept
)

// Snapshot header flags (offset 32).
const (
	FlagTensions = 1 << 0 // the frame has nSegments f32 tensions after the tools
	FlagContacts = 1 << 1 // the frame has the contact section (nContacts, residual, contacts)
	FlagTissues  = 1 << 2 // the frame has the tissue section (nTissues, per tissue its nodes)
	FlagForceps  = 1 << 3 // the frame has the forceps section (nForceps, per forceps its jaws)
	FlagNeedles  = 1 << 4 // the frame ends with the needle section (nNeedles, per needle its pose and shape)
	knownFlags   = FlagTensions | FlagContacts | FlagTissues | FlagForceps | FlagNeedles
)

// MaxFrameForceps is the most forceps a frame carries (world.MaxForceps); a decoder refuses
// a frame that says it has more.
const MaxFrameForceps = world.MaxForceps

// MaxFrameNeedles is the most needles a frame carries; a decoder refuses a frame that says it
// has more.
const MaxFrameNeedles = 8

// MaxFrameContacts is the most contacts a snapshot frame carries (36 bytes each, 144 KiB at
// most): the first ones in the solver's order (world.Snapshot.Contacts) when it has more. A
// decoder refuses a frame that says it has more.
const MaxFrameContacts = 4096

// Limits of the tissue section of a snapshot frame: at most MaxFrameTissues tissue records and
// MaxFrameTissueNodes nodes in all (16 bytes each, 1 MiB at most). A tissue whose surface does
// not fit is announced with TissueInfo.Omitted and sent with 0 nodes; a decoder refuses a frame
// beyond either limit.
const (
	MaxFrameTissues     = 16
	MaxFrameTissueNodes = 1 << 16
)

// Command types a client sends.
const (
	CmdControl = "control"
	CmdGrasp   = "grasp"
	CmdMove    = "move"
	CmdRelease = "release"
	CmdPlay    = "play"
	CmdPause   = "pause"
	CmdStep    = "step"
	CmdReset   = "reset"
	CmdScene   = "scene"
	CmdParam   = "param"
	CmdSolver  = "solver"
	CmdForceps = "forceps"
	CmdNeedle  = "needle"
)

// Command is one client→server message, decoded and checked by DecodeCommand. Only the
// fields of its type are set.
type Command struct {
	Type    string      `json:"type"`
	Tool    *int        `json:"tool,omitempty"`    // grasp, move, release: 0 or 1
	Node    *int        `json:"node,omitempty"`    // grasp: global node index ≥ 0 (upper bound checked against the world)
	Target  *[3]float64 `json:"target,omitempty"`  // move: m, finite, |coordinate| ≤ MaxCoord
	Name    string      `json:"name,omitempty"`    // scene: a name from the hello's "scenes"; solver: one of its "solvers"
	Epsilon *float64    `json:"epsilon,omitempty"` // param: m
	Radius  *float64    `json:"radius,omitempty"`  // param: m
	Forceps *int        `json:"forceps,omitempty"` // forceps: its index ≥ 0 (upper bound checked against the world)
	Gap     *float64    `json:"gap,omitempty"`     // forceps: the gap between its jaws' tips, m, 0..1 (below the forceps' grab it closes)
	Needle  *int        `json:"needle,omitempty"`  // needle: its index ≥ 0 (upper bound checked against the world)
	Angle   *float64    `json:"angle,omitempty"`   // needle: its angle about its arc's centre, rad, finite, |angle| ≤ MaxNeedleAngle
}

var commandType = reflect.TypeFor[Command]()

// MaxNeedleAngle bounds a needle command's angle, rad (a thousand turns).
const MaxNeedleAngle = 2000 * math.Pi

// fields lists which optional fields each type requires (r) or allows (o).
var commandFields = map[string]struct{ tool, node, target, name, eps, radius, forceps, gap, needle, angle byte }{
	CmdControl: {},
	CmdGrasp:   {tool: 'r', node: 'r'},
	CmdMove:    {tool: 'r', target: 'r'},
	CmdRelease: {tool: 'r'},
	CmdPlay:    {},
	CmdPause:   {},
	CmdStep:    {},
	CmdReset:   {},
	CmdScene:   {name: 'r'},
	CmdParam:   {eps: 'o', radius: 'o'},
	CmdSolver:  {name: 'r'},
	CmdForceps: {forceps: 'r', target: 'o', gap: 'o'},
	CmdNeedle:  {needle: 'r', target: 'o', angle: 'o'},
}

// DecodeCommand parses and checks one client message: a single strict JSON object (as a scene
// file is: no unknown, case-mismatched, duplicate or misplaced fields, vectors of exactly
// three numbers, no trailing data; scene.CheckStrict) of a known type with every field it needs, a tool of
// 0 or 1, a node ≥ 0, a finite target within MaxCoord, finite parameters. It never panics.
func DecodeCommand(data []byte) (Command, error) {
	var c Command
	if len(data) > MaxMessage {
		return c, fmt.Errorf("message of %d bytes; at most %d are accepted", len(data), MaxMessage)
	}
	// The scene file's strict checker first: encoding/json alone takes "target": [5, 6] as
	// z = 0, the last of duplicate names, and "Tool" for "tool".
	if err := scene.CheckStrict(data, commandType, "a command"); err != nil {
		return Command{}, fmt.Errorf("bad command: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Command{}, fmt.Errorf("bad command: %v", err)
	}
	spec, ok := commandFields[c.Type]
	if !ok {
		t := c.Type
		if len(t) > commandTypeMax {
			t = t[:commandTypeMax] + "…"
		}
		return Command{}, fmt.Errorf("unknown command type %q", t)
	}
	check := func(name string, want byte, present bool) error {
		switch {
		case want == 'r' && !present:
			return fmt.Errorf("%s: missing %q", c.Type, name)
		case want == 0 && present:
			return fmt.Errorf("%s: unexpected field %q", c.Type, name)
		}
		return nil
	}
	for _, e := range []error{
		check("tool", spec.tool, c.Tool != nil),
		check("node", spec.node, c.Node != nil),
		check("target", spec.target, c.Target != nil),
		check("name", spec.name, c.Name != ""),
		check("epsilon", spec.eps, c.Epsilon != nil),
		check("radius", spec.radius, c.Radius != nil),
		check("forceps", spec.forceps, c.Forceps != nil),
		check("gap", spec.gap, c.Gap != nil),
		check("needle", spec.needle, c.Needle != nil),
		check("angle", spec.angle, c.Angle != nil),
	} {
		if e != nil {
			return Command{}, e
		}
	}
	if c.Tool != nil && (*c.Tool < 0 || *c.Tool >= UserTools) {
		return Command{}, fmt.Errorf("%s: tool %d; tools are 0 and 1", c.Type, *c.Tool)
	}
	if c.Forceps != nil && *c.Forceps < 0 {
		return Command{}, fmt.Errorf("forceps: index %d is negative", *c.Forceps)
	}
	if c.Type == CmdForceps && c.Target == nil && c.Gap == nil {
		return Command{}, errors.New(`forceps: give "target" (its tip, m) and/or "gap" (m)`)
	}
	if c.Needle != nil && *c.Needle < 0 {
		return Command{}, fmt.Errorf("needle: index %d is negative", *c.Needle)
	}
	if c.Type == CmdNeedle && c.Target == nil && c.Angle == nil {
		return Command{}, errors.New(`needle: give "target" (its arc's centre, m) and/or "angle" (rad)`)
	}
	if c.Angle != nil && !(math.Abs(*c.Angle) <= MaxNeedleAngle) {
		return Command{}, fmt.Errorf("needle: angle %g rad must be finite, within ±%g", *c.Angle, MaxNeedleAngle)
	}
	if c.Gap != nil && !(*c.Gap >= 0 && *c.Gap <= 1) {
		return Command{}, fmt.Errorf("forceps: gap %g m must be in [0, 1]", *c.Gap)
	}
	if c.Node != nil && *c.Node < 0 {
		return Command{}, fmt.Errorf("%s: node %d is negative", c.Type, *c.Node)
	}
	if c.Target != nil {
		for i, v := range c.Target {
			if math.IsNaN(v) || math.Abs(v) > MaxCoord {
				return Command{}, fmt.Errorf("%s: target[%d] = %g; coordinates must be finite and within ±%g m", c.Type, i, v, MaxCoord)
			}
		}
	}
	if c.Type == CmdParam {
		if c.Epsilon == nil && c.Radius == nil {
			return Command{}, errors.New(`param: give "epsilon" and/or "radius"`)
		}
		if c.Epsilon != nil && !(*c.Epsilon >= 0 && *c.Epsilon <= MaxCoord) {
			return Command{}, fmt.Errorf("param: epsilon %g m must be ≥ 0 and finite", *c.Epsilon)
		}
		if c.Radius != nil && !(*c.Radius > 0 && *c.Radius <= MaxCoord) {
			return Command{}, fmt.Errorf("param: radius %g m must be > 0 and finite", *c.Radius)
		}
		if c.Epsilon != nil && c.Radius != nil && *c.Epsilon >= *c.Radius {
			return Command{}, fmt.Errorf("param: epsilon %g m must be below radius %g m", *c.Epsilon, *c.Radius)
		}
	}
	if c.Type == CmdScene && len(c.Name) > 256 {
		return Command{}, errors.New("scene: name too long")
	}
	if c.Type == CmdSolver && len(c.Name) > maxSolverName {
		return Command{}, fmt.Errorf("solver: name of %d bytes; at most %d", len(c.Name), maxSolverName)
	}
	return c, nil
}

// Events (server→client text frames).

// ObstacleInfo describes an obstacle for the viewer (unit directions; m).
type ObstacleInfo struct {
	Kind   string      `json:"kind"`             // plane, sphere, pole, ring
	Center *[3]float64 `json:"center,omitempty"` // plane (a point on it), sphere, ring
	Axis   *[3]float64 `json:"axis,omitempty"`   // plane (outward normal), ring (axis)
	A      *[3]float64 `json:"a,omitempty"`      // pole: one end of its axis
	B      *[3]float64 `json:"b,omitempty"`      // pole: the other end
	Radius float64     `json:"radius,omitempty"` // sphere, pole; ring: tube radius
	Major  float64     `json:"major,omitempty"`  // ring: centre to tube centre line
}

// Params are the solver parameters the viewer shows and may change.
type Params struct {
	Epsilon float64 `json:"epsilon"` // m, FTL friction margin ε
	Radius  float64 `json:"radius"`  // m, smallest rope radius
	Delta   float64 `json:"delta"`   // m, FTL δ (largest motion of a grasped node per cycle)
}

// SceneEvent is the "hello" event (on connect) and the "scene" event (scene change, reset,
// param change, solver change).
type SceneEvent struct {
	Type       string         `json:"type"` // "hello" or "scene"
	Version    int            `json:"version"`
	Scenes     []string       `json:"scenes"`
	Scene      string         `json:"scene"`
	Solver     string         `json:"solver"`  // the current world's solver type ("ftl", "pbd", "dvi")
	Solvers    []string       `json:"solvers"` // the solver types a "solver" command may name
	Controller bool           `json:"controller"`
	Obstacles  []ObstacleInfo `json:"obstacles"`
	Meshes     []MeshInfo     `json:"meshes"`  // the world's rigid triangle meshes, in order (static)
	Tissues    []TissueInfo   `json:"tissues"` // the world's deformable bodies, in frame order
	Params     Params         `json:"params"`
	// Restarting (hello only, omitted when false): this client took control of a world nobody
	// has touched, which restarts for it (Config.RestartOnControl); a "scene" event follows.
	// Commands the client sends before it wait for the restarted world and then apply to it.
	Restarting bool `json:"restarting,omitempty"`
}

// KnotEvent is the "knot" event, sent when the identification changes.
type KnotEvent struct {
	Type    string   `json:"type"` // "knot"
	Cycle   int      `json:"cycle"`
	Ropes   []string `json:"ropes"`
	Details []string `json:"details"`
	Links   []string `json:"links"`
}

// StateEvent is the "state" event: pause state and whether the receiver is the controller.
type StateEvent struct {
	Type       string `json:"type"` // "state"
	Paused     bool   `json:"paused"`
	Controller bool   `json:"controller"`
}

// ErrorEvent is the "error" event, sent to the one client whose message failed.
type ErrorEvent struct {
	Type    string `json:"type"` // "error"
	Message string `json:"message"`
}

func obstacleInfo(s shape.Shape) ObstacleInfo {
	v := func(p [3]float64) *[3]float64 { return &p }
	c := [3]float64{s.Center.X, s.Center.Y, s.Center.Z}
	ax := [3]float64{s.Axis.X, s.Axis.Y, s.Axis.Z}
	switch s.Kind {
	case shape.Plane:
		return ObstacleInfo{Kind: "plane", Center: v(c), Axis: v(ax)}
	case shape.Sphere:
		return ObstacleInfo{Kind: "sphere", Center: v(c), Radius: s.Radius}
	case shape.Capsule:
		return ObstacleInfo{Kind: "pole", A: v([3]float64{s.A.X, s.A.Y, s.A.Z}), B: v([3]float64{s.B.X, s.B.Y, s.B.Z}), Radius: s.Radius}
	case shape.Torus:
		return ObstacleInfo{Kind: "ring", Center: v(c), Axis: v(ax), Radius: s.Radius, Major: s.Major}
	}
	return ObstacleInfo{Kind: "unknown"}
}

func knotEvent(k *world.KnotReport) KnotEvent {
	e := KnotEvent{Type: "knot", Cycle: k.Cycle, Ropes: k.Ropes, Details: k.Details, Links: k.Links}
	if e.Ropes == nil {
		e.Ropes = []string{}
	}
	if e.Details == nil {
		e.Details = []string{}
	}
	if e.Links == nil {
		e.Links = []string{}
	}
	return e
}

func sameKnot(a, b *world.KnotReport) bool {
	eq := func(x, y []string) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	return eq(a.Ropes, b.Ropes) && eq(a.Details, b.Details) && eq(a.Links, b.Links)
}

// EncodeSnapshot appends the binary snapshot frame of s without a tissue section to dst:
// EncodeFrame(dst, s, nil, userBase, cps).
func EncodeSnapshot(dst []byte, s *world.Snapshot, userBase int, cps float64) []byte {
	return EncodeFrame(dst, s, nil, userBase, cps)
}

// EncodeFrame appends the binary snapshot frame of s and tissues to dst (see the package comment).
// Tools with index ≥ userBase are the controller's (flag 1). cps is the measured physics rate.
// The tensions are written (header flag FlagTensions) when s.Tension has one value per
// segment of the frame's strands; the contact section (FlagContacts) when the solver reports
// contacts (s.HasContacts, or any in s.Contacts), at most MaxFrameContacts of them; the
// tissue section (FlagTissues) when tissues is not empty: the first MaxFrameTissues records,
// each with len(Strain) nodes (its Pos has 3 values a node), a record that would take the
// section beyond MaxFrameTissueNodes nodes written with 0 nodes.
func EncodeFrame(dst []byte, s *world.Snapshot, tissues []TissueFrame, userBase int, cps float64) []byte {
	le := binary.LittleEndian
	clamp16 := func(n int) uint16 { return uint16(min(max(n, 0), maxU16)) }
	f32 := func(dst []byte, v float64) []byte { return le.AppendUint32(dst, math.Float32bits(float32(v))) }
	strands := s.Strands[:min(len(s.Strands), maxU16)]
	nSegs := 0
	for _, st := range strands {
		nSegs += max(st.Nodes-1, 0)
	}
	var flags uint32
	if nSegs > 0 && len(s.Tension) == nSegs {
		flags |= FlagTensions
	}
	if s.HasContacts || len(s.Contacts) > 0 {
		flags |= FlagContacts
	}
	if len(tissues) > 0 {
		flags |= FlagTissues
	}
	if len(s.Forceps) > 0 {
		flags |= FlagForceps
	}
	if len(s.Needles) > 0 {
		flags |= FlagNeedles
	}
	dst = le.AppendUint32(dst, SnapshotMagic)
	dst = le.AppendUint32(dst, uint32(s.Cycle))
	dst = le.AppendUint64(dst, math.Float64bits(s.Time))
	dst = f32(dst, cps)
	dst = le.AppendUint16(dst, clamp16(s.Stats.Contacts))
	dst = le.AppendUint16(dst, clamp16(s.Stats.Clusters))
	dst = le.AppendUint16(dst, clamp16(len(s.Strands)))
	dst = le.AppendUint16(dst, clamp16(len(s.Tools)))
	dst = le.AppendUint32(dst, uint32(len(s.Pos)))
	dst = le.AppendUint32(dst, flags)
	for _, st := range strands {
		dst = le.AppendUint32(dst, uint32(st.First))
		dst = le.AppendUint32(dst, uint32(st.Nodes))
		dst = f32(dst, st.Radius)
	}
	for _, p := range s.Pos {
		dst = f32(f32(f32(dst, p.X), p.Y), p.Z)
	}
	for i, t := range s.Tools[:min(len(s.Tools), maxU16)] {
		node := int32(-1)
		if t.Active {
			node = int32(t.Node)
		}
		var active, owned, hasForce byte
		if t.Active {
			active = 1
		}
		if i >= userBase {
			owned = 1
		}
		var f vec.V3
		if t.Active && t.HasForce {
			hasForce, f = 1, t.Applied
		}
		dst = le.AppendUint32(dst, uint32(node))
		dst = append(dst, active, owned, hasForce, byte(t.Mode))
		dst = f32(f32(f32(dst, t.Target.X), t.Target.Y), t.Target.Z)
		dst = f32(f32(f32(dst, f.X), f.Y), f.Z)
	}
	if flags&FlagTensions != 0 {
		for _, v := range s.Tension {
			dst = f32(dst, v)
		}
	}
	if flags&FlagContacts != 0 {
		cs := s.Contacts[:min(len(s.Contacts), MaxFrameContacts)]
		dst = le.AppendUint32(dst, uint32(len(cs)))
		dst = f32(dst, s.Residual)
		for i := range cs {
			c := &cs[i]
			fn := c.Normal.Scale(c.Fn)
			dst = f32(f32(f32(dst, c.At.X), c.At.Y), c.At.Z)
			dst = f32(f32(f32(dst, fn.X), fn.Y), fn.Z)
			dst = f32(f32(f32(dst, c.Ft.X), c.Ft.Y), c.Ft.Z)
		}
	}
	if flags&FlagTissues != 0 {
		ts := tissues[:min(len(tissues), MaxFrameTissues)]
		dst = le.AppendUint32(dst, uint32(len(ts)))
		budget := MaxFrameTissueNodes
		for _, t := range ts {
			n := min(len(t.Strain), len(t.Pos)/3)
			if n > budget {
				n = 0
			}
			budget -= n
			dst = le.AppendUint32(dst, uint32(n))
			for _, v := range t.Pos[:3*n] {
				dst = le.AppendUint32(dst, math.Float32bits(v))
			}
			for _, v := range t.Strain[:n] {
				dst = le.AppendUint32(dst, math.Float32bits(v))
			}
		}
	}
	if flags&FlagForceps != 0 {
		fs := s.Forceps[:min(len(s.Forceps), MaxFrameForceps)]
		dst = le.AppendUint32(dst, uint32(len(fs)))
		for i := range fs {
			f := &fs[i]
			for _, j := range f.Jaws {
				dst = f32(f32(f32(dst, j.A.X), j.A.Y), j.A.Z)
				dst = f32(f32(f32(dst, j.B.X), j.B.Y), j.B.Z)
			}
			dst = f32(dst, f.Jaws[0].Radius)
			var closed byte
			if f.Closed {
				closed = 1
			}
			var needle byte // the needle it holds + 1; 0: none
			if f.Needle >= 0 && f.Needle < MaxFrameNeedles {
				needle = byte(f.Needle + 1)
			}
			dst = append(dst, closed, byte(min(f.Held, 255)), needle, 0)
			dst = f32(f32(f32(dst, f.Applied.X), f.Applied.Y), f.Applied.Z)
		}
	}
	if flags&FlagNeedles != 0 {
		ns := s.Needles[:min(len(s.Needles), MaxFrameNeedles)]
		dst = le.AppendUint32(dst, uint32(len(ns)))
		for i := range ns {
			p, sp := &ns[i].Pose, &ns[i].Spec
			for _, v := range [3]vec.V3{p.Centre, p.U, p.V} {
				dst = f32(f32(f32(dst, v.X), v.Y), v.Z)
			}
			dst = f32(f32(f32(f32(dst, p.Angle), sp.ArcRadius), sp.ArcAngle), sp.Diameter)
		}
	}
	return dst
}

// SnapshotSize is the length of the frame EncodeSnapshot writes for s (a capacity hint).
func SnapshotSize(s *world.Snapshot) int { return FrameSize(s, nil) }

// FrameSize is the length of the frame EncodeFrame writes for s and tissues (a capacity hint).
func FrameSize(s *world.Snapshot, tissues []TissueFrame) int {
	n := headerSize + len(s.Strands)*strandSize + len(s.Pos)*nodeSize + len(s.Tools)*toolSize + len(s.Tension)*tensionSize
	if s.HasContacts || len(s.Contacts) > 0 {
		n += contactHead + min(len(s.Contacts), MaxFrameContacts)*contactSize
	}
	if len(tissues) > 0 {
		n += tissueHead
		for _, t := range tissues[:min(len(tissues), MaxFrameTissues)] {
			n += tissueRecHead + min(len(t.Strain), MaxFrameTissueNodes)*tissueNodeSize
		}
	}
	if len(s.Forceps) > 0 {
		n += forcepsHead + min(len(s.Forceps), MaxFrameForceps)*forcepsSize
	}
	if len(s.Needles) > 0 {
		n += needleHead + min(len(s.Needles), MaxFrameNeedles)*needleSize
	}
	return n
}

// DecodedSnapshot is a parsed snapshot frame (tests, tools written in Go).
type DecodedSnapshot struct {
	Cycle            uint32
	Time             float64
	CyclesPerSecond  float32
	Contacts         uint16
	Clusters         uint16
	Flags            uint32
	Strands          []DecodedStrand
	Pos              [][3]float32
	Tools            []DecodedTool
	Tensions         []float32        // one per segment in global segment order; nil without FlagTensions
	Residual         float32          // the contact solve's residual, m (FlagContacts)
	ContactForces    []DecodedContact // the contact section's contacts; nil without FlagContacts
	Tissues          []TissueFrame    // the tissue section's records; nil without FlagTissues
	Forceps          []DecodedForceps // the forceps section's; nil without FlagForceps
	Needles          []DecodedNeedle  // the needle section's; nil without FlagNeedles
	NStrands, NTools uint16
}

// DecodedNeedle is one needle of a snapshot frame (needle.Pose and needle.Spec).
type DecodedNeedle struct {
	Centre, U, V                         [3]float32 // m; unit
	Angle, ArcRadius, ArcAngle, Diameter float32    // rad, m, rad, m
}

// DecodedForceps is one forceps of a snapshot frame.
type DecodedForceps struct {
	Jaws   [2][2][3]float32 // each jaw's capsule axis, from its tip (A) to the hinge (B), m
	Radius float32          // the jaws' radius, m
	Closed bool             // closed (grabbing)
	Held   uint8            // the nodes it holds (255: 255 or more)
	Needle int              // the needle it holds, or −1
	Force  [3]float32       // on the thread, N
}

// DecodedContact is one contact of a snapshot frame.
type DecodedContact struct {
	At       [3]float32 // contact point on segment A's axis, m
	Normal   [3]float32 // normal force on A, Fn·Normal, N
	Friction [3]float32 // tangential (friction) force on A, N
}

// DecodedStrand is one strand of a snapshot frame.
type DecodedStrand struct {
	First, Nodes uint32
	Radius       float32
}

// DecodedTool is one tool of a snapshot frame.
type DecodedTool struct {
	Node       int32 // −1: holds nothing
	Active     bool
	Controller bool
	HasForce   bool  // Force is known (a physical solver and an active tool)
	Mode       uint8 // solver.GraspMode: 0 holds a position, 1 pulls with a force
	Target     [3]float32
	Force      [3]float32 // on the rope, N
}

// DecodeSnapshot parses a snapshot frame, checking its magic, flags, strands, contact count,
// tissue counts (MaxFrameTissues, MaxFrameTissueNodes) and exact length.
func DecodeSnapshot(b []byte) (*DecodedSnapshot, error) {
	le := binary.LittleEndian
	if len(b) < headerSize {
		return nil, fmt.Errorf("snapshot: %d bytes, shorter than the header", len(b))
	}
	if le.Uint32(b) != SnapshotMagic {
		return nil, fmt.Errorf("snapshot: magic %#x", le.Uint32(b))
	}
	d := &DecodedSnapshot{
		Cycle: le.Uint32(b[4:]), Time: math.Float64frombits(le.Uint64(b[8:])),
		CyclesPerSecond: math.Float32frombits(le.Uint32(b[16:])),
		Contacts:        le.Uint16(b[20:]), Clusters: le.Uint16(b[22:]),
		NStrands: le.Uint16(b[24:]), NTools: le.Uint16(b[26:]),
		Flags: le.Uint32(b[32:]),
	}
	nNodes := int64(le.Uint32(b[28:]))
	if d.Flags&^knownFlags != 0 {
		return nil, fmt.Errorf("snapshot: unknown flags %#x", d.Flags&^knownFlags)
	}
	fixed := int64(headerSize) + int64(d.NStrands)*strandSize + nNodes*nodeSize + int64(d.NTools)*toolSize
	if int64(len(b)) < fixed {
		return nil, fmt.Errorf("snapshot: %d bytes; the header says at least %d", len(b), fixed)
	}
	f32 := func(o int) float32 { return math.Float32frombits(le.Uint32(b[o:])) }
	o := headerSize
	var nSegs int64
	for i := range d.NStrands {
		st := DecodedStrand{le.Uint32(b[o:]), le.Uint32(b[o+4:]), f32(o + 8)}
		if int64(st.First)+int64(st.Nodes) > nNodes {
			return nil, fmt.Errorf("snapshot: strand %d [%d, +%d) beyond %d nodes", i, st.First, st.Nodes, nNodes)
		}
		nSegs += max(int64(st.Nodes)-1, 0)
		d.Strands = append(d.Strands, st)
		o += strandSize
	}
	want := fixed
	if d.Flags&FlagTensions != 0 {
		want += nSegs * tensionSize
	}
	// counted reads a section of records, each size bytes, after a head whose first 4 bytes
	// count them (at most limit): the count, and the frame's length so far moves past it.
	counted := func(flag uint32, head, size, limit int64, what string) (int64, error) {
		if d.Flags&flag == 0 {
			return 0, nil
		}
		if int64(len(b)) < want+head {
			return 0, fmt.Errorf("snapshot: %d bytes; the header says at least %d", len(b), want+head)
		}
		n := int64(le.Uint32(b[want:]))
		if n > limit {
			return 0, fmt.Errorf("snapshot: %d %s; at most %d", n, what, limit)
		}
		want += head + n*size
		return n, nil
	}
	nContacts, err := counted(FlagContacts, contactHead, contactSize, MaxFrameContacts, "contacts")
	if err != nil {
		return nil, err
	}
	var tissueNodes []int64
	if d.Flags&FlagTissues != 0 {
		if int64(len(b)) < want+tissueHead {
			return nil, fmt.Errorf("snapshot: %d bytes; the header says at least %d", len(b), want+tissueHead)
		}
		nTissues := int64(le.Uint32(b[want:]))
		if nTissues > MaxFrameTissues {
			return nil, fmt.Errorf("snapshot: %d tissues; at most %d", nTissues, MaxFrameTissues)
		}
		want += tissueHead
		var total int64
		for k := range nTissues {
			if int64(len(b)) < want+tissueRecHead {
				return nil, fmt.Errorf("snapshot: %d bytes; tissue %d needs at least %d", len(b), k, want+tissueRecHead)
			}
			n := int64(le.Uint32(b[want:]))
			if total += n; total > MaxFrameTissueNodes {
				return nil, fmt.Errorf("snapshot: tissue %d takes the frame to %d tissue nodes; at most %d", k, total, MaxFrameTissueNodes)
			}
			tissueNodes = append(tissueNodes, n)
			want += tissueRecHead + n*tissueNodeSize
		}
	}
	nForceps, err := counted(FlagForceps, forcepsHead, forcepsSize, MaxFrameForceps, "forceps")
	if err != nil {
		return nil, err
	}
	nNeedles, err := counted(FlagNeedles, needleHead, needleSize, MaxFrameNeedles, "needles")
	if err != nil {
		return nil, err
	}
	if int64(len(b)) != want {
		return nil, fmt.Errorf("snapshot: %d bytes; the header says %d", len(b), want)
	}
	d.Pos = make([][3]float32, nNodes)
	for i := range d.Pos {
		d.Pos[i] = [3]float32{f32(o), f32(o + 4), f32(o + 8)}
		o += nodeSize
	}
	for range d.NTools {
		d.Tools = append(d.Tools, DecodedTool{Node: int32(le.Uint32(b[o:])), Active: b[o+4] != 0, Controller: b[o+5] != 0,
			HasForce: b[o+6] != 0, Mode: b[o+7],
			Target: [3]float32{f32(o + 8), f32(o + 12), f32(o + 16)},
			Force:  [3]float32{f32(o + 20), f32(o + 24), f32(o + 28)}})
		o += toolSize
	}
	if d.Flags&FlagTensions != 0 {
		d.Tensions = make([]float32, nSegs)
		for i := range d.Tensions {
			d.Tensions[i] = f32(o)
			o += tensionSize
		}
	}
	if d.Flags&FlagContacts != 0 {
		d.Residual = f32(o + 4)
		o += contactHead
		d.ContactForces = make([]DecodedContact, nContacts)
		v3 := func(o int) [3]float32 { return [3]float32{f32(o), f32(o + 4), f32(o + 8)} }
		for i := range d.ContactForces {
			d.ContactForces[i] = DecodedContact{At: v3(o), Normal: v3(o + 12), Friction: v3(o + 24)}
			o += contactSize
		}
	}
	if d.Flags&FlagTissues != 0 {
		o += tissueHead
		d.Tissues = make([]TissueFrame, len(tissueNodes))
		for k, n := range tissueNodes {
			o += tissueRecHead
			t := TissueFrame{Pos: make([]float32, 3*n), Strain: make([]float32, n)}
			for i := range t.Pos {
				t.Pos[i] = f32(o)
				o += 4
			}
			for i := range t.Strain {
				t.Strain[i] = f32(o)
				o += 4
			}
			d.Tissues[k] = t
		}
	}
	if d.Flags&FlagForceps != 0 {
		o += forcepsHead
		d.Forceps = make([]DecodedForceps, nForceps)
		v3 := func(o int) [3]float32 { return [3]float32{f32(o), f32(o + 4), f32(o + 8)} }
		for i := range d.Forceps {
			f := &d.Forceps[i]
			f.Jaws = [2][2][3]float32{{v3(o), v3(o + 12)}, {v3(o + 24), v3(o + 36)}}
			f.Radius, f.Closed, f.Held, f.Needle, f.Force = f32(o+48), b[o+52] != 0, b[o+53], int(b[o+54])-1, v3(o+56)
			o += forcepsSize
		}
	}
	if d.Flags&FlagNeedles != 0 {
		o += needleHead
		d.Needles = make([]DecodedNeedle, nNeedles)
		v3 := func(o int) [3]float32 { return [3]float32{f32(o), f32(o + 4), f32(o + 8)} }
		for i := range d.Needles {
			d.Needles[i] = DecodedNeedle{Centre: v3(o), U: v3(o + 12), V: v3(o + 24), Angle: f32(o + 36), ArcRadius: f32(o + 40), ArcAngle: f32(o + 44), Diameter: f32(o + 48)}
			o += needleSize
		}
	}
	return d, nil
}
