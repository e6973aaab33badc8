// Package world ties ropes, obstacles, tools and a solver into a simulation that advances in
// fixed steps and publishes snapshots.
//
// # Ownership
//
// A World is owned by one goroutine (the physics loop): Step, the tool setters and Snapshot
// must not be called concurrently. Readers on other goroutines (knot identification, the
// viewer, the haptic loop) receive copies through a Publisher and never touch the live state;
// the only field others may write is Knot (atomically).
package world

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Tool is a grasping tool (a mouse cursor, forceps, a haptic stylus, a script).
type Tool struct {
	Name   string
	Node   int              // global node index it holds while Active
	Mode   solver.GraspMode // hold the node at Target (default) or pull it with Force
	Target vec.V3           // HoldPosition: where the tool is, m
	Force  vec.V3           // HoldForce: the force it pulls with, N
	// Stiffness, N/m: a HoldPosition tool that is a spring to its node (0: stiff; see
	// solver.Grasp.Stiffness).
	Stiffness float64
	Active    bool // holding the rope

	// Set by Step from the solver (physical solvers only; zero otherwise):
	Applied   vec.V3  // the force the tool exerted on the rope in the last step, N
	HasForce  bool    // Applied is known (the solver has a force model and the tool is active)
	PeakForce float64 // the largest |Applied| since the world started, N
}

// Config builds a World.
type Config struct {
	Dt        float64 // step, s, > 0
	Obstacles []shape.Shape
	Solver    solver.Solver
	Gravity   vec.V3 // m/s² (geometric solvers ignore it)
}

// World is a rope simulation.
type World struct {
	State     *rope.State
	Obstacles []shape.Shape
	Tools     []Tool
	Solver    solver.Solver
	Dt        float64 // s
	Gravity   vec.V3  // m/s²
	Time      float64 // simulated time, s
	Cycle     int     // steps taken

	Last  solver.Stats // the latest step's statistics
	Worst Worst        // extremes since the start

	// Knot is the latest knot identification, set by an identifier goroutine (knot/live);
	// nil until the first one. Safe to read and write from any goroutine.
	Knot atomic.Pointer[KnotReport]

	// Tissues are the deformable bodies (AddTissue), stepped after the rope each Step.
	Tissues []Tissue
	// Rigid are the rigid triangle meshes (AddRigid): fixed obstacles the rope may not enter.
	Rigid []Rigid
	// Forceps grab the thread by closing (AddForceps); the caller moves them between steps.
	Forceps []Forceps
	// Needles are swaged to threads and stitch them through the tissues (AddNeedle); the
	// caller moves them between steps.
	Needles []Needle
	// Retakes is how often the latest step took the tissues' step again to hold their
	// surfaces off the thread (ThreadHold).
	Retakes int
	hits    []needle.Piercing // the needles' piercings of a sweep (scratch)

	obsBuf  []shape.Shape    // the fixed obstacles, the forceps' jaws and the needles' bodies, when there are forceps or needles
	meshObs []shape.Shape    // the rigid meshes met as obstacles (addRigidObstacles: shape.Mesh), in order
	fixBuf  []shape.Shape    // Obstacles, then meshObs (fixedObstacles)
	tboxes  []vec.AABB       // the tissues' boxes (tissueContacts)
	holds   []threadHold     // springs holding the tissues off the thread in a retaken step (threadHolds)
	cbuf    []solver.Contact // the solver's contacts (forcepsForces)

	in solver.Input
}

// Worst collects the extreme values seen over all steps so far.
type Worst struct {
	SelfOverlap   float64 // deepest overlap between non-adjacent segments after a step, m (≥ 0)
	ObsOverlap    float64 // deepest overlap of a segment into an obstacle after a step, m (≥ 0)
	LengthDrift   float64 // largest |length/rest − 1| of any strand after a step
	Lag           float64 // largest distance from a tool to the node it holds after a step, m
	Contacts      int     // most contacts in a step
	Clusters      int     // most clusters in a step
	Rollbacks     int     // steps the solver undid and ran again with the tools held (FTL), in all
	NonFinite     bool    // a position became NaN or Inf (the step then fails)
	SelfOverlapAt int     // cycle of the deepest self overlap
}

// New returns a world over st. st is owned by the world from now on.
func New(st *rope.State, cfg Config) (*World, error) {
	if st == nil || len(st.Strands) == 0 {
		return nil, errors.New("world: no rope")
	}
	if !(cfg.Dt > 0) || math.IsInf(cfg.Dt, 0) {
		return nil, fmt.Errorf("world: dt %v must be positive and finite", cfg.Dt)
	}
	if cfg.Solver == nil {
		return nil, errors.New("world: no solver")
	}
	if !cfg.Gravity.IsFinite() || cfg.Gravity.Norm() > MaxGravity {
		return nil, fmt.Errorf("world: gravity %v must be finite and at most %g m/s²", cfg.Gravity, MaxGravity)
	}
	if err := cfg.Solver.Reset(st); err != nil {
		return nil, err
	}
	w := &World{State: st, Obstacles: cfg.Obstacles, Solver: cfg.Solver, Dt: cfg.Dt, Gravity: cfg.Gravity}
	w.in.Grasps = make([]solver.Grasp, 0, 8)
	return w, nil
}

// MaxGravity bounds |Config.Gravity|, m/s² (a thousand g).
const MaxGravity = 1e4

// AddTool adds a tool and returns its index.
func (w *World) AddTool(t Tool) int {
	w.Tools = append(w.Tools, t)
	return len(w.Tools) - 1
}

// Step advances the world by Dt. On error (a non-finite position, a bad grasp) the world
// keeps the state of the failed step for inspection and should not be stepped again.
func (w *World) Step() error {
	w.in.Dt = w.Dt
	w.in.Obstacles, w.in.Moving = w.fixedObstacles(), 0
	w.in.ObstacleSkip = w.in.ObstacleSkip[:0]
	w.in.Gravity = w.Gravity
	w.in.Grasps = w.in.Grasps[:0]
	for i := range w.Tools {
		t := &w.Tools[i]
		if !t.Active {
			continue
		}
		if t.Node < 0 || t.Node >= len(w.State.Pos) {
			return fmt.Errorf("world: tool %q holds node %d; the ropes have %d nodes", t.Name, t.Node, len(w.State.Pos))
		}
		for _, g := range w.in.Grasps {
			if g.Node == t.Node {
				return fmt.Errorf("world: tool %q grasps node %d, which another tool holds", t.Name, t.Node)
			}
		}
		if t.Mode == solver.HoldForce && !t.Force.IsFinite() {
			return fmt.Errorf("world: tool %q force %v is not finite", t.Name, t.Force)
		}
		if t.Mode == solver.HoldPosition && !t.Target.IsFinite() {
			return fmt.Errorf("world: tool %q target %v is not finite", t.Name, t.Target)
		}
		if !(t.Stiffness >= 0) || math.IsInf(t.Stiffness, 0) {
			return fmt.Errorf("world: tool %q stiffness %v N/m must be ≥ 0 and finite", t.Name, t.Stiffness)
		}
		w.in.Grasps = append(w.in.Grasps, solver.Grasp{Node: t.Node, Mode: t.Mode, Target: t.Target, Force: t.Force, Stiffness: t.Stiffness})
	}
	if len(w.Forceps) > 0 || len(w.Needles) > 0 {
		w.obsBuf = append(w.obsBuf[:0], w.in.Obstacles...)
		w.in.Obstacles = w.obsBuf
		if err := w.moveForceps(); err != nil {
			return err
		}
	}
	if err := w.refitTissues(); err != nil {
		return err
	}
	if err := w.needleGrasps(); err != nil {
		return err
	}
	if len(w.Forceps) > 0 || len(w.Needles) > 0 {
		w.needleObstacles()
		w.obsBuf = w.in.Obstacles
	}
	if err := w.Solver.Step(w.State, &w.in, &w.Last); err != nil {
		return err
	}
	if err := w.stepTissues(); err != nil {
		return err
	}
	for i := range w.Tools {
		t := &w.Tools[i]
		t.Applied, t.HasForce = vec.V3{}, false
		if t.Active {
			t.Applied, t.HasForce = w.Solver.GraspForce(t.Node)
			if t.HasForce {
				t.PeakForce = math.Max(t.PeakForce, t.Applied.Norm())
			}
		}
	}
	w.needleForces() // first: a forceps that holds a needle reports the needle's force
	w.forcepsForces()
	w.Cycle++
	w.Time = float64(w.Cycle) * w.Dt
	for i, p := range w.State.Pos {
		if !p.IsFinite() {
			w.Worst.NonFinite = true
			return fmt.Errorf("world: node %d position is not finite after cycle %d", i, w.Cycle)
		}
	}
	w.track()
	return nil
}

func (w *World) track() {
	s := &w.Last
	wr := &w.Worst
	if !math.IsInf(s.MinSelfGap, 1) && -s.MinSelfGap > wr.SelfOverlap {
		wr.SelfOverlap = -s.MinSelfGap
		wr.SelfOverlapAt = w.Cycle
	}
	if !math.IsInf(s.MinObsGap, 1) && -s.MinObsGap > wr.ObsOverlap {
		wr.ObsOverlap = -s.MinObsGap
	}
	for k := range w.State.Strands {
		d := math.Abs(w.ThreadLength(k)/w.State.RestLength(k) - 1)
		wr.LengthDrift = math.Max(wr.LengthDrift, d)
	}
	wr.Lag = math.Max(wr.Lag, s.MaxLag)
	wr.Contacts = max(wr.Contacts, s.Contacts)
	wr.Clusters = max(wr.Clusters, s.Clusters)
	wr.Rollbacks += s.Rollbacks
}

// Snapshot is an immutable copy of the world's state for readers on other goroutines.
type Snapshot struct {
	Cycle   int
	Time    float64 // s
	Pos     []vec.V3
	Strands []rope.Strand
	Tools   []Tool
	Stats   solver.Stats
	Knot    *KnotReport // the latest identification when the snapshot was taken (immutable), or nil
	// Tension is the axial force of every segment, N (positive: stretched), when the solver
	// is physical (solver.Physical); empty otherwise. Tools carry their forces (Tool.Applied).
	Tension []float64
	// Contacts are the contacts of the solver's last substep with their normal and friction
	// forces, and Residual the residual of its contact solve (m), when the solver resolves
	// contacts as forces (solver.ContactReporter: pbd, dvi, implicit; HasContacts is then true,
	// also while nothing touches); empty and 0 otherwise.
	Contacts    []solver.Contact
	Residual    float64
	HasContacts bool
	// Forceps are the world's forceps as they are (World.Forceps, in order).
	Forceps []ForcepsState
	// Needles are the world's needles as they are (World.Needles, in order).
	Needles []NeedleState
}

// NeedleState is a needle as a Snapshot carries it.
type NeedleState struct {
	Spec    needle.Spec
	Pose    needle.Pose
	Applied vec.V3 // its force on the thread in the last step, N
}

// ForcepsState is a forceps as a Snapshot carries it.
type ForcepsState struct {
	Jaws    [2]shape.Shape // the two jaws, capsules (World.Jaws)
	Closed  bool           // its gap is below its Geometry.Grab
	Held    int            // the nodes it holds
	Needle  int            // the needle it holds (index into Needles), or −1
	Applied vec.V3         // its force on the thread in the last step, N
}

// Snapshot copies the current state into dst, reusing its buffers, and returns it.
func (w *World) Snapshot(dst *Snapshot) *Snapshot {
	if dst == nil {
		dst = &Snapshot{}
	}
	dst.Cycle, dst.Time, dst.Stats = w.Cycle, w.Time, w.Last
	dst.Pos = append(dst.Pos[:0], w.State.Pos...)
	dst.Strands = append(dst.Strands[:0], w.State.Strands...)
	dst.Tools = append(dst.Tools[:0], w.Tools...)
	dst.Knot = w.Knot.Load()
	dst.Tension = dst.Tension[:0]
	if p, ok := w.Solver.(solver.Physical); ok {
		dst.Tension = p.AppendTensions(dst.Tension)
	}
	dst.Forceps = dst.Forceps[:0]
	for k := range w.Forceps {
		f := &w.Forceps[k]
		dst.Forceps = append(dst.Forceps, ForcepsState{Jaws: w.Jaws(k), Closed: f.closed, Held: len(f.Grabbed), Needle: f.Needle, Applied: f.Applied})
	}
	dst.Needles = dst.Needles[:0]
	for _, n := range w.Needles {
		dst.Needles = append(dst.Needles, NeedleState{Spec: n.Spec, Pose: n.Pose, Applied: n.Applied})
	}
	dst.Contacts, dst.Residual = dst.Contacts[:0], 0
	c, ok := w.Solver.(solver.ContactReporter)
	if dst.HasContacts = ok; ok {
		dst.Contacts = w.AppendContacts(dst.Contacts)
		dst.Residual = c.Residual()
	}
	return dst
}
