package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Engine is a scene being simulated interactively: the scene's world with its scripted tools,
// plus UserTools tools driven by commands (world tools UserBase and UserBase+1). It is owned by
// one goroutine. The server's physics goroutine and `knotsim run -replay` both drive an Engine,
// so a recorded session replays bit for bit.
type Engine struct {
	Sim      *scene.Sim
	Scene    *scene.Scene // the current scene as given (no defaults), with param changes applied
	UserBase int          // index of user tool 0 among the world's tools

	initial  *scene.Scene // the scene the engine started with (resolves its own name)
	takeover bool         // the user grasped: scripted tools are off until a rebuild
	failed   error        // the last step failed; only a rebuild clears it
}

// SceneName is how a scene is named in the protocol: its name, or "custom" when it has none.
func SceneName(sc *scene.Scene) string {
	if sc.Name == "" {
		return "custom"
	}
	return sc.Name
}

// NewEngine builds sc (which the engine keeps and never modifies).
func NewEngine(sc *scene.Scene) (*Engine, error) {
	if sc == nil {
		return nil, errors.New("server: no scene")
	}
	e := &Engine{initial: sc}
	if err := e.build(sc); err != nil {
		return nil, err
	}
	return e, nil
}

// SceneNames lists the scenes a "scene" command may name: the built-ins and the initial scene.
func (e *Engine) SceneNames() []string {
	names := scene.BuiltinNames()
	if n := SceneName(e.initial); !slices.Contains(names, n) {
		names = append([]string{n}, names...)
	}
	return names
}

// Resolve returns a fresh copy of the scene called name: the initial scene if it bears that
// name, else a built-in.
func (e *Engine) Resolve(name string) (*scene.Scene, error) {
	if name == SceneName(e.initial) {
		return e.initial.Clone()
	}
	sc, err := scene.Builtin(name)
	if err != nil {
		return nil, fmt.Errorf("unknown scene %q", name)
	}
	return sc, nil
}

func (e *Engine) build(sc *scene.Scene) error {
	sim, err := BuildSim(context.Background(), sc)
	if err != nil {
		return err
	}
	e.Install(sc, sim)
	return nil
}

// BuildSim builds sc into a simulation with the engine's user tools added. It does not touch
// any engine, so it may run on any goroutine (the server builds off the physics goroutine);
// it stops early with an error when ctx is done.
func BuildSim(ctx context.Context, sc *scene.Scene) (*scene.Sim, error) {
	sim, err := scene.Build(sc, scene.BuildOptions{Context: ctx})
	if err != nil {
		return nil, err
	}
	for i := range UserTools {
		sim.World.AddTool(world.Tool{Name: fmt.Sprintf("user%d", i), Node: 0})
	}
	return sim, nil
}

// Install makes sim (built from sc by BuildSim) the engine's simulation: the scripted tools
// act again and a failed step is forgotten.
func (e *Engine) Install(sc *scene.Scene, sim *scene.Sim) {
	e.Sim, e.Scene, e.UserBase, e.takeover, e.failed = sim, sc, len(sim.Scene.Tools), false, nil
}

// Rebuilds reports whether a command replaces the world (reset, scene, param): Prepare,
// BuildSim and Install carry it out in three steps, Apply in one.
func Rebuilds(c Command) bool {
	return c.Type == CmdReset || c.Type == CmdScene || c.Type == CmdParam || c.Type == CmdSolver
}

// Prepare checks a rebuilding command against the current engine and returns the scene it
// asks for (a fresh copy the caller may keep). It is cheap and leaves the engine unchanged.
func (e *Engine) Prepare(c Command) (*scene.Scene, error) {
	switch c.Type {
	case CmdReset:
		return e.Scene, nil
	case CmdSolver:
		return e.Scene.WithSolver(c.Name)
	case CmdScene:
		sc, err := e.Resolve(c.Name)
		if err != nil {
			return nil, err
		}
		return sc, nil
	case CmdParam:
		sc, err := e.Scene.Clone()
		if err != nil {
			return nil, err
		}
		r := sc.MinRadius()
		if c.Radius != nil {
			r = *c.Radius
			for i := range sc.Ropes {
				sc.Ropes[i].Radius = r
			}
		}
		if e.Sim.Scene.Solver.Epsilon == nil { // a physical solver: ε and δ are FTL's
			if c.Epsilon != nil {
				return nil, fmt.Errorf("param: epsilon is the friction margin of the ftl solver; this scene runs the %s solver (its friction comes from the rope's material)", e.Sim.Scene.Solver.Type)
			}
			if err := sc.Validate(); err != nil {
				return nil, fmt.Errorf("param: %w", err)
			}
			return sc, nil
		}
		eps := *e.Sim.Scene.Solver.Epsilon
		if c.Epsilon != nil {
			eps = *c.Epsilon
			sc.Solver.Epsilon = &eps
		}
		if !(eps < r) {
			return nil, fmt.Errorf("param: epsilon %g m must be below the rope radius %g m", eps, r)
		}
		if d := sc.Solver.Delta; d != 0 && !(d < r) {
			return nil, fmt.Errorf("param: the scene's delta %g m must stay below the rope radius %g m", d, r)
		}
		if err := sc.Validate(); err != nil {
			return nil, fmt.Errorf("param: %w", err)
		}
		return sc, nil
	}
	return nil, fmt.Errorf("%s: not a command that rebuilds the scene", c.Type)
}

// World is the current world (it changes on reset, scene and param commands).
func (e *Engine) World() *world.World { return e.Sim.World }

// Failed returns the error of a failed step, or nil.
func (e *Engine) Failed() error { return e.failed }

// Params returns the solver parameters in force.
func (e *Engine) Params() Params {
	s := &e.Sim.Scene
	p := Params{Radius: s.MinRadius(), Delta: s.Solver.Delta}
	if s.Solver.Epsilon != nil {
		p.Epsilon = *s.Solver.Epsilon
	}
	return p
}

// Step advances one cycle: the scripted tools follow their paths unless the user has taken
// over, in which case only the user's tools act.
func (e *Engine) Step() error {
	if e.failed != nil {
		return e.failed
	}
	var err error
	if e.takeover {
		err = e.Sim.World.Step()
	} else {
		err = e.Sim.Step()
	}
	if err != nil {
		e.failed = fmt.Errorf("cycle %d: %w", e.Sim.World.Cycle, err)
	}
	return e.failed
}

// Apply carries out a command that changes the simulation: grasp, move, release, forceps,
// needle, reset, scene, param. Other types (control, play, pause, step) are the server's business and do
// nothing here. rebuilt reports that the world was replaced (reset, scene, param).
func (e *Engine) Apply(c Command) (rebuilt bool, err error) {
	w := e.Sim.World
	switch c.Type {
	case CmdGrasp:
		node := *c.Node
		if node >= len(w.State.Pos) {
			return false, fmt.Errorf("grasp: node %d; the ropes have %d nodes (0..%d)", node, len(w.State.Pos), len(w.State.Pos)-1)
		}
		other := &w.Tools[e.UserBase+1-*c.Tool]
		if other.Active && other.Node == node {
			return false, fmt.Errorf("grasp: node %d is held by tool %d", node, 1-*c.Tool)
		}
		e.takeOver()
		t := &w.Tools[e.UserBase+*c.Tool]
		t.Node, t.Active, t.Target = node, true, w.State.Pos[node]
	case CmdMove:
		t := &w.Tools[e.UserBase+*c.Tool]
		t.Target = vec.V3{X: c.Target[0], Y: c.Target[1], Z: c.Target[2]}
	case CmdRelease:
		w.Tools[e.UserBase+*c.Tool].Active = false
	case CmdForceps:
		k := *c.Forceps
		if k >= len(w.Forceps) {
			return false, fmt.Errorf("forceps: index %d; the scene has %d forceps", k, len(w.Forceps))
		}
		e.takeOver()
		f := &w.Forceps[k]
		if c.Target != nil {
			f.Tip = vec.V3{X: c.Target[0], Y: c.Target[1], Z: c.Target[2]}
		}
		if c.Gap != nil {
			f.Gap = *c.Gap
		}
	case CmdNeedle:
		k := *c.Needle
		if k >= len(w.Needles) {
			return false, fmt.Errorf("needle: index %d; the scene has %d needles", k, len(w.Needles))
		}
		// A needle that a forceps holds is moved by moving the forceps (World.MoveNeedle).
		p := w.Needles[k].Pose
		if c.Target != nil {
			p.Centre = vec.V3{X: c.Target[0], Y: c.Target[1], Z: c.Target[2]}
		}
		if c.Angle != nil {
			p.Angle = *c.Angle
		}
		if err := w.MoveNeedle(k, p); err != nil {
			return false, fmt.Errorf("needle: %w", err)
		}
		e.takeOver()
	case CmdReset, CmdScene, CmdParam, CmdSolver:
		// Build first: if the solver or the layout refuses, the world is unchanged.
		sc, err := e.Prepare(c)
		if err != nil {
			return false, err
		}
		sim, err := BuildSim(context.Background(), sc)
		if err != nil {
			if c.Type == CmdParam {
				err = fmt.Errorf("param: %w", err)
			}
			return false, err
		}
		e.Install(sc, sim)
		return true, nil
	}
	return false, nil
}

// takeOver stops the scene's script for good (until a rebuild): its tools let go, its forceps
// stay where they are until a command moves them.
func (e *Engine) takeOver() {
	if e.takeover {
		return
	}
	e.takeover = true
	w := e.Sim.World
	for i := range e.UserBase {
		w.Tools[i].Active = false
	}
}

// compactScene is the scene as one line of JSON (scene.Marshal, compacted).
func compactScene(sc *scene.Scene) (json.RawMessage, error) {
	data, err := scene.Marshal(sc)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
