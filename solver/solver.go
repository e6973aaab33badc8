// Package solver defines what every rope solver (FTL today; position-based, variational
// Kirchhoff and implicit later, see roadmap.md) offers the simulation world.
//
// The world owns the rope state, the obstacles, the tools and the clock; a solver owns its
// contact response, friction model and any per-node data of its own.
package solver

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// Grasp holds node Node (global index into rope.State.Pos) at Target.
type Grasp struct {
	Node   int
	Target vec.V3 // where the tool wants the node, m
}

// Input is what the world hands a solver for one step. The solver must not keep the slices.
type Input struct {
	Dt        float64 // step, s
	Grasps    []Grasp // active grasps, at most one per node
	Obstacles []shape.Shape
}

// Stats reports one step. Fields a solver does not compute stay zero.
type Stats struct {
	Contacts     int     // self and obstacle contacts found in the step
	SelfContacts int     // of which rope–rope
	Clusters     int     // FTL: clusters of links moving rigidly
	Clustered    int     // FTL: links in clusters
	MaxLag       float64 // largest distance between a grasp target and its node after the step, m
	MinSelfGap   float64 // smallest distance between non-adjacent segment surfaces after the step, m (negative: overlap); +Inf if none within reach
	MinObsGap    float64 // smallest distance between a segment surface and an obstacle after the step, m; +Inf if none within reach
	Iterations   int     // response iterations used
	// Time spent per phase, ns.
	NsSolve, NsRefit, NsDetect, NsRespond, NsCluster int64
}

// Solver advances a rope state by one step.
type Solver interface {
	// Name identifies the solver ("ftl").
	Name() string
	// Reset prepares the solver for st (sizes buffers, forgets contacts). Called before the
	// first Step and whenever strands are added.
	Reset(st *rope.State) error
	// Step advances st in place by one step. It must not allocate once warm.
	Step(st *rope.State, in *Input, out *Stats) error
	// GraspForce returns the force the rope exerts on the tool holding node, N, or ok = false
	// when the solver has no force model (FTL is purely geometric).
	GraspForce(node int) (f vec.V3, ok bool)
}
