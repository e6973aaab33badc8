package world

import (
	"fmt"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/tissue"
)

// Tissue is a deformable body in the world: the rope may not enter it, and it feels the
// rope's contact forces. Each Step the rope is stepped against the tissue's boundary as it is
// (a kinematic surface), then the tissue is stepped with the reactions the solver reports
// (equal and opposite to what the rope felt, on each contact triangle's corners by the contact
// point's barycentric weights): a staggered coupling, as seed 003 §3.5.1 does (docs/
// tissue-brief.md §2).
type Tissue struct {
	Name     string
	Body     *tissue.Body
	Friction material.Friction // rope against this tissue
	index    *collide.SurfaceIndex
}

// AddTissue adds a tissue body and returns its index. The solver must handle triangle
// surfaces (solver.SurfaceForcer: implicit).
func (w *World) AddTissue(t Tissue) (int, error) {
	if t.Body == nil {
		return 0, fmt.Errorf("world: tissue %q has no body", t.Name)
	}
	if _, ok := w.Solver.(solver.SurfaceForcer); !ok {
		return 0, fmt.Errorf("world: tissue %q: the %s solver does not handle tissue surfaces (use implicit)", t.Name, w.Solver.Name())
	}
	f := t.Friction
	if !(f.Static >= 0) || !(f.Kinetic >= 0) || f.Kinetic > f.Static || f.Static > 10 {
		return 0, fmt.Errorf("world: tissue %q: friction %+v: want 0 ≤ kinetic ≤ static ≤ 10", t.Name, f)
	}
	ix, err := collide.NewSurfaceIndex(t.Body.Mesh.Surf, len(t.Body.X))
	if err != nil {
		return 0, fmt.Errorf("world: tissue %q: %w", t.Name, err)
	}
	if err := ix.Update(t.Body.X); err != nil {
		return 0, fmt.Errorf("world: tissue %q: %w", t.Name, err)
	}
	t.index = ix
	w.Tissues = append(w.Tissues, t)
	w.in.Surfaces = append(w.in.Surfaces, solver.Surface{Pos: t.Body.X, Tris: t.Body.Mesh.Surf, Index: ix, Friction: t.Friction})
	return len(w.Tissues) - 1, nil
}

// refitTissues sets each tissue's surface for the rope's step: the index refit to the body's
// nodes, and the nodes' compliance over the step (the contact solve lets the tissue give by it).
// (Extrapolating the nodes by their velocities to the step's end was tried: the velocities of a
// tissue under point loads are noisy, and the thread ringed sooner.)
func (w *World) refitTissues() error {
	for k := range w.Tissues {
		t := &w.Tissues[k]
		if err := t.index.Update(t.Body.X); err != nil {
			return fmt.Errorf("world: tissue %q: %w", t.Name, err)
		}
		w.in.Surfaces[k].Pos = t.Body.X
		w.in.Surfaces[k].Compliance = t.Body.Compliance(w.Dt, w.in.Surfaces[k].Compliance)
	}
	return nil
}

// stepTissues applies the rope's reactions to each tissue and steps it by dt.
func (w *World) stepTissues() error {
	sf, _ := w.Solver.(solver.SurfaceForcer)
	for k := range w.Tissues {
		t := &w.Tissues[k]
		if sf != nil {
			sf.AddSurfaceForces(k, t.Body.F)
		}
		if err := t.Body.Step(w.Dt, w.Gravity); err != nil {
			return fmt.Errorf("world: tissue %q: %w", t.Name, err)
		}
	}
	return nil
}
