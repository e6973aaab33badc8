// Package solver defines what every rope solver (FTL today; position-based, variational
// Kirchhoff and implicit later, see roadmap.md) offers the simulation world.
//
// The world owns the rope state, the obstacles, the tools and the clock; a solver owns its
// contact response, friction model and any per-node data of its own.
package solver

import (
	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// GraspMode says how a tool holds its node.
type GraspMode uint8

const (
	// HoldPosition: the tool is a stiff constraint that moves the node to Target; physical
	// solvers report the force it takes (GraspForce).
	HoldPosition GraspMode = iota
	// HoldForce: the tool pulls the node with the constant force Force (N) and does not
	// constrain its position. Geometric solvers (FTL) refuse it.
	HoldForce
)

// Grasp holds node Node (global index into rope.State.Pos) at Target, or pulls it with Force.
type Grasp struct {
	Node   int
	Mode   GraspMode
	Target vec.V3 // HoldPosition: where the tool wants the node, m
	Force  vec.V3 // HoldForce: the force applied to the node, N
	// Stiffness, N/m, makes a HoldPosition grasp a spring of that stiffness between Target and
	// the node, solved implicitly by physical solvers (a haptic device's virtual coupling);
	// 0 is a stiff constraint. Geometric solvers ignore it.
	Stiffness float64
}

// Input is what the world hands a solver for one step. The solver must not keep the slices.
type Input struct {
	Dt        float64 // step, s
	Grasps    []Grasp // active grasps, at most one per node
	Obstacles []shape.Shape
	// Moving is how many of the last Obstacles move between steps (a forceps' open jaws):
	// their overlap with the rope at a step's start is their motion into it, which a solver
	// must push out within the step (the thread taking the velocity of that push), where it
	// may push out a fixed obstacle's overlap (its own error) slowly.
	Moving int
	// ObstacleSkip lists segment–obstacle pairs the solver leaves out (collide.ObstaclesExcept),
	// sorted by segment: the jaws of a forceps that holds the thread and the links of the nodes
	// it holds, which lie between them.
	ObstacleSkip []collide.Skip
	Gravity      vec.V3 // acceleration of gravity, m/s²; geometric solvers ignore it
	// Surfaces are triangle surfaces the rope must stay out of (tissue boundaries, rigid
	// meshes), as they are for this step. Solvers that implement SurfaceForcer handle them;
	// the others refuse a non-empty list with an error.
	Surfaces []Surface
	// Portals are the sutures' passages of the rope through the Surfaces (Portal). The
	// solver moves each portal's A and B as the thread slides through it (and only those
	// fields); solvers without sutures (all but implicit) refuse a non-empty list.
	Portals []Portal
}

// Surface is a triangle surface as it is for one step: a deformable tissue's boundary (the
// world steps the tissue between rope steps, with the forces the rope put on it) or a rigid
// mesh.
type Surface struct {
	Pos  []vec.V3   // node positions, m
	Tris [][3]int32 // triangles over Pos, wound outward: (b − a) × (c − a) points out
	// Index is the surface's box tree, refit (Update) to Pos before the step.
	Index *collide.SurfaceIndex
	// Friction is Coulomb friction of the rope against this surface.
	Friction material.Friction
	// Compliance is, per node, how far the node moves over the step per newton of constant
	// force on it, m/N (a deformable tissue's give: the contact solve shares a contact's motion
	// between the rope and the surface by it); nil for a rigid surface.
	Compliance []float64
}

// SurfaceForcer is implemented by solvers that handle Input.Surfaces (implicit).
type SurfaceForcer interface {
	// AddSurfaceForces adds to dst (one entry per node of Input.Surfaces[k].Pos) the force the
	// rope put on surface k's nodes in the last step, N: the contact forces' reactions,
	// averaged over the step's substeps and spread over each triangle's corners by the contact
	// point's barycentric weights (equal and opposite to what the rope felt).
	AddSurfaceForces(k int, dst []vec.V3)
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
	Rollbacks    int     // FTL: times the step was undone and run again with tools held (an overlap the response could not remove)
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
	// GraspForce returns the force the tool holding node exerted on the rope during the last
	// step, N (a haptic device renders its opposite), or ok = false when the solver has no
	// force model (FTL is purely geometric). For a HoldForce grasp it is the applied force.
	GraspForce(node int) (f vec.V3, ok bool)
}

// Measures are the physical totals of a state: energies, J, and linear momentum, kg·m/s.
type Measures struct {
	Kinetic  float64 // ½ Σ m v²
	Gravity  float64 // −Σ m g·x (zero at the origin)
	Elastic  float64 // stored in stretch, shear, bend and twist (and penalty contacts, if any)
	Momentum vec.V3  // Σ m v
}

// Physical is implemented by solvers with mass, velocity and forces (pbd, dvi, implicit).
// The methods read the state after the last Step and must not allocate.
type Physical interface {
	Solver
	// Measure returns the energies and momentum of st under gravity g, m/s².
	Measure(st *rope.State, g vec.V3) Measures
	// Velocity returns the velocity of a node, m/s.
	Velocity(node int) vec.V3
	// Tension returns the axial force in global segment seg, N (positive: stretched).
	Tension(seg int) float64
	// AppendTensions appends Tension of every segment, in global order, to dst (one call per
	// snapshot instead of one interface call per segment).
	AppendTensions(dst []float64) []float64
}

// Contact is one contact a solver resolved as a force: a segment against another segment or
// against an obstacle, where it touched and what it carried.
type Contact struct {
	A, B     int     // global segments; B = −1 for an obstacle contact
	Obstacle int     // the obstacle's index into Input.Obstacles, or −1 for a self contact
	At       vec.V3  // the contact point on segment A's axis where the substep set the contact up (implicit: its start; dvi: its tension-only solve), m
	Normal   vec.V3  // unit normal, from B (or the obstacle) towards A
	Fn       float64 // normal force, N (≥ 0; pushes A along Normal, B the other way)
	Ft       vec.V3  // tangential (friction) force on A, N (perpendicular to Normal; B takes −Ft)
	Gap      float64 // distance between the surfaces at At, m (negative: overlap)
	// OnSurface marks a contact with the triangle surface Input.Surfaces[Surface] (then B and
	// Obstacle are −1).
	OnSurface bool
	Surface   int
}

// ContactReporter is implemented by the physical solvers (pbd, dvi, implicit; pbd's forces are
// its position corrections' impulses over the substep squared): the contacts of the last
// substep of the last Step, with their forces. The methods must not allocate beyond growing
// dst.
type ContactReporter interface {
	// AppendContacts appends the contacts of the last substep to dst and returns it.
	AppendContacts(dst []Contact) []Contact
	// Residual returns the residual of the last substep's contact solve, m: how far its
	// forces are from satisfying the contact conditions (non-penetration, complementarity,
	// the Coulomb cone), each solver's own measure in units of length (0 without contacts).
	Residual() float64
}
