package scene

import (
	"context"
	"errors"
	"fmt"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/dvi"
	"github.com/knotsim/knotsim/solver/ftl"
	"github.com/knotsim/knotsim/solver/implicit"
	"github.com/knotsim/knotsim/solver/pbd"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Sim is a scene turned into a running world with its scripted tools.
type Sim struct {
	Scene  Scene        // the scene with every default filled in
	World  *world.World // world tool i is scene tool i
	Cycles int          // cycles the scene lasts: duration/dt rounded

	nodes   []int    // global node of each tool
	initial []vec.V3 // node position at grasp time (relative paths)
	grabbed []bool
	// Per rope under a physical solver: the time its set_friction ends (0: none, or over) and
	// the material friction it then takes.
	until    []float64
	friction []material.Friction
	// taken[i]: a forceps has held needle i; its path no longer drives it.
	taken []bool
	// The tissues' clamps with Move keys.
	clamps []clampMove
}

// BuildOptions override a scene's settings for one run.
type BuildOptions struct {
	Broadphase string // "" keeps the scene's
	Solver     string // "" keeps the scene's; else the scene runs this solver (Scene.WithSolver)
	// Context, if set, abandons the build when it is done (layout searches stop; Build returns
	// an error wrapping the context's error).
	Context context.Context
}

// Build validates sc and builds its world: ropes laid out, obstacles, solver, tools.
func Build(sc *Scene, o BuildOptions) (*Sim, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	s := sc.WithDefaults()
	if o.Solver != "" && o.Solver != s.Solver.Type {
		sw, err := sc.WithSolver(o.Solver)
		if err != nil {
			return nil, err
		}
		s = sw.WithDefaults()
	}
	if o.Broadphase != "" {
		s.Solver.Broadphase = o.Broadphase
	}
	obs := make([]shape.Shape, len(s.Obstacles))
	for i, ob := range s.Obstacles {
		obs[i] = ob.Shape()
		if err := obs[i].Validate(); err != nil {
			return nil, fmt.Errorf("scene: obstacles[%d]: %w", i, err)
		}
	}
	var done <-chan struct{}
	if o.Context != nil {
		done = o.Context.Done()
	}
	st := &rope.State{}
	physical := s.Solver.Physical()
	var until []float64
	var friction []material.Friction
	for i, r := range s.Ropes {
		pts, err := r.Layout.points(r, obs, done)
		if errors.Is(err, layout.ErrCancelled) {
			return nil, fmt.Errorf("scene: ropes[%d].layout: %w", i, context.Cause(o.Context))
		}
		if err != nil {
			return nil, fmt.Errorf("scene: ropes[%d].layout: %w", i, err)
		}
		mat := r.ResolvedMaterial()
		until, friction = append(until, 0), append(friction, mat.Friction)
		if sf := r.SetFriction; sf != nil && physical {
			until[i] = sf.Until
			mat.Friction = material.Friction{Static: sf.Friction.Static, Kinetic: sf.Friction.Kinetic}
		}
		if _, err := st.Add(rope.Spec{Radius: r.Radius, Link: r.LinkLength, Pos: pts, Material: mat}); err != nil {
			return nil, fmt.Errorf("scene: ropes[%d]: %w", i, err)
		}
	}
	det, err := collide.New(s.Solver.Broadphase)
	if err != nil {
		return nil, fmt.Errorf("scene: solver.broadphase: %w", err)
	}
	if err := checkStart(st, obs, det, s.Obstacles); err != nil {
		return nil, err
	}
	sol, err := newSolver(&s, det)
	if err != nil {
		return nil, fmt.Errorf("scene: solver: %w", err)
	}
	w, err := world.New(st, world.Config{Dt: s.Dt, Obstacles: obs, Solver: sol, Gravity: s.Gravity.V3()})
	if err != nil {
		return nil, fmt.Errorf("scene: %w", err)
	}
	clamps, err := addTissues(&s, st, w)
	if err != nil {
		return nil, err
	}
	if err := addMeshes(&s, w); err != nil {
		return nil, err
	}
	if err := addForceps(&s, w); err != nil {
		return nil, err
	}
	if err := addNeedles(&s, w); err != nil {
		return nil, err
	}
	sim := &Sim{Scene: s, World: w, Cycles: int(s.Duration/s.Dt + 0.5), until: until, friction: friction, clamps: clamps}
	for i, t := range s.Tools {
		str := st.Strands[t.Rope]
		n := t.Node
		if n < 0 {
			n = str.Nodes - 1
		}
		node := str.First + n
		sim.nodes = append(sim.nodes, node)
		sim.initial = append(sim.initial, st.Pos[node])
		sim.grabbed = append(sim.grabbed, false)
		name := t.Name
		if name == "" {
			name = fmt.Sprintf("tool%d", i)
		}
		tool := world.Tool{Name: name, Node: node, Target: st.Pos[node]}
		if t.IsForce() {
			tool.Mode = solver.HoldForce
		}
		w.AddTool(tool)
	}
	return sim, nil
}

// newSolver makes the solver of a scene with defaults filled in.
func newSolver(s *Scene, det collide.Detector) (solver.Solver, error) {
	switch s.Solver.Type {
	case "pbd":
		p := pbd.DefaultParams()
		if s.Solver.Iterations > 0 {
			p.Iterations = s.Solver.Iterations
		}
		p.Substeps = s.Solver.Substeps
		if s.Solver.MaxGraspForce != nil {
			p.MaxGraspForce = *s.Solver.MaxGraspForce
		}
		return pbd.New(p, det)
	case "dvi":
		p := dvi.DefaultParams()
		if s.Solver.Iterations > 0 {
			p.MaxIter = s.Solver.Iterations
		}
		p.Substeps = s.Solver.Substeps
		if s.Solver.MaxGraspForce != nil {
			p.MaxGraspForce = *s.Solver.MaxGraspForce
		}
		if s.Solver.Multipliers != "" {
			p.Multipliers = s.Solver.Multipliers
		}
		if s.Solver.Contact != "" {
			p.Contact = s.Solver.Contact
		}
		if s.Solver.AirDrag != nil {
			p.AirDrag = *s.Solver.AirDrag
		}
		if s.Solver.BendDamping != nil {
			p.BendDamping = *s.Solver.BendDamping
		}
		if s.Solver.ContactStiffness != nil {
			p.ContactStiffness = *s.Solver.ContactStiffness
		}
		if s.Solver.Extensible != nil {
			p.Extensible = *s.Solver.Extensible
		}
		return dvi.New(p, det)
	case "implicit":
		p := implicit.DefaultParams()
		if s.Solver.Iterations > 0 {
			p.MaxIter = s.Solver.Iterations
		}
		p.Substeps = s.Solver.Substeps
		if s.Solver.MaxGraspForce != nil {
			p.MaxGraspForce = *s.Solver.MaxGraspForce
		}
		if s.Solver.Scheme != "" {
			p.Scheme = s.Solver.Scheme
		}
		if s.Solver.Viscosity != nil {
			p.Viscosity = *s.Solver.Viscosity
		}
		if s.Solver.ContactSolver != "" {
			p.Contact = s.Solver.ContactSolver
		}
		if s.Solver.StretchStiffness != nil {
			p.StretchStiffness = *s.Solver.StretchStiffness
		}
		return implicit.New(p, det)
	case "ftl", "":
		return ftl.New(ftl.Params{
			Delta:        s.Solver.Delta,
			Epsilon:      *s.Solver.Epsilon,
			Iterations:   s.Solver.Iterations,
			Clusters:     *s.Solver.Clusters,
			StretchGuard: *s.Solver.StretchGuard,
			MaxStretch:   s.Solver.MaxStretch,
			LengthPasses: *s.Solver.LengthPasses,
		}, det)
	}
	return nil, fmt.Errorf("type %q: not one of %v", s.Solver.Type, SolverTypes)
}

// Step sets every scripted tool for the time of the coming cycle and steps the world.
func (s *Sim) Step() error {
	w := s.World
	t := w.Time + w.Dt
	for i := range s.Scene.Tools {
		tool := &s.Scene.Tools[i]
		active := t >= tool.Grasp && (tool.Release == nil || t < *tool.Release)
		if active && !s.grabbed[i] {
			s.initial[i] = w.State.Pos[s.nodes[i]]
			s.grabbed[i] = true
		}
		pos, act := tool.TargetAt(t, s.initial[i])
		w.Tools[i].Target = pos
		w.Tools[i].Active = act
		if tool.IsForce() {
			w.Tools[i].Force = tool.ForceAt(t)
		}
	}
	for i := range s.Scene.Forceps {
		s.Scene.Forceps[i].PoseAt(t, &w.Forceps[i])
	}
	if err := moveClamps(s.clamps, t); err != nil {
		return err
	}
	for i := range s.Scene.Needles {
		if s.taken == nil {
			s.taken = make([]bool, len(s.Scene.Needles))
		}
		if s.taken[i] = s.taken[i] || w.NeedleHolder(i) >= 0; !s.taken[i] {
			w.Needles[i].Pose = s.Scene.Needles[i].PoseAt(t)
		}
	}
	// A rope's set_friction ends: its material's friction from this cycle on (the solver reads
	// friction when it is reset; positions and velocities are kept).
	reset := false
	for i, u := range s.until {
		if u > 0 && t >= u {
			w.State.Strands[i].Material.Friction = s.friction[i]
			s.until[i], reset = 0, true
		}
	}
	if reset {
		if err := w.Solver.Reset(w.State); err != nil {
			return fmt.Errorf("scene: the end of set_friction: %w", err)
		}
	}
	return w.Step()
}

// Done reports whether the scene's duration has been simulated.
func (s *Sim) Done() bool { return s.World.Cycle >= s.Cycles }

// Shape converts a validated obstacle to a shape.Shape (directions made unit).
func (o Obstacle) Shape() shape.Shape {
	v := func(p *Vec) vec.V3 {
		if p == nil {
			return vec.V3{}
		}
		return p.V3()
	}
	switch o.Type {
	case ObstaclePlane:
		return shape.Shape{Kind: shape.Plane, Center: v(o.Point), Axis: v(o.Normal).Unit()}
	case ObstacleSphere:
		return shape.Shape{Kind: shape.Sphere, Center: v(o.Center), Radius: o.Radius}
	case ObstaclePole:
		return shape.Shape{Kind: shape.Capsule, A: v(o.A), B: v(o.B), Radius: o.Radius}
	case ObstacleRing:
		return shape.Shape{Kind: shape.Torus, Center: v(o.Center), Axis: v(o.Axis).Unit(), Major: o.Major, Radius: o.Radius}
	}
	return shape.Shape{}
}

// checkStart rejects a scene whose ropes start deeper inside each other or inside an obstacle
// than the engine ever allows (0.25 R): the solver would push them apart along arbitrary
// directions, perhaps through each other, and the run would mean nothing.
func checkStart(st *rope.State, obs []shape.Shape, det collide.Detector, sobs []Obstacle) error {
	det.Update(st)
	for _, c := range det.Self(nil, st, 0) {
		if r := st.SegRadius[c.A]; c.Depth > 0.25*r {
			ka, kb := st.SegStrand[c.A], st.SegStrand[c.B]
			return fmt.Errorf("scene: ropes[%d] link %d and ropes[%d] link %d start %.3g m apart (axis to axis), overlapping by %.2f R; lay the ropes at least 2R apart",
				ka, int(c.A)-st.Strands[ka].FirstSeg, kb, int(c.B)-st.Strands[kb].FirstSeg, c.Dist, c.Depth/r)
		}
	}
	for _, c := range collide.Obstacles(nil, st, obs, 0) {
		if r := st.SegRadius[c.A]; c.Depth > 0.25*r {
			k := st.SegStrand[c.A]
			return fmt.Errorf("scene: ropes[%d] link %d starts inside obstacles[%d] (a %s), overlapping it by %.3g m = %.2f R; move the rope or the obstacle",
				k, int(c.A)-st.Strands[k].FirstSeg, c.Obstacle, sobs[c.Obstacle].Type, c.Depth, c.Depth/r)
		}
	}
	return nil
}
