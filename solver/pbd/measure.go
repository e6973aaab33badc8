package pbd

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Measure implements solver.Physical. Kinetic energy counts the nodes' translation and the
// links' rotation (the inertia used by the solver, doc.go); Elastic is the bend and twist
// energy ½·Σ K·l·Ω² of the joints (stretch and shear are hard constraints and store none).
func (s *Solver) Measure(st *rope.State, g vec.V3) solver.Measures {
	var m solver.Measures
	for i := range st.Pos {
		if i >= len(s.w) {
			break
		}
		mass := 1 / s.w[i]
		m.Kinetic += 0.5 * mass * s.v[i].Norm2()
		m.Gravity -= mass * g.Dot(st.Pos[i])
		m.Momentum = m.Momentum.Add(s.v[i].Scale(mass))
	}
	for u := range s.q {
		m.Kinetic += 0.5 / s.wq[u] * s.om[u].Norm2()
		if !s.joint[u] {
			continue
		}
		r := s.q[u].conj().mul(s.q[u+1])
		if r.W < 0 {
			r = r.neg()
		}
		l := 0.5 * (s.rest[u] + s.rest[u+1])
		o := r.vec().Scale(2 / l)
		a := s.alphaB[u]
		m.Elastic += 0.5 * (o.X*o.X/a.X + o.Y*o.Y/a.Y + o.Z*o.Z/a.Z)
	}
	return m
}

// Velocity implements solver.Physical.
func (s *Solver) Velocity(node int) vec.V3 {
	if uint(node) >= uint(len(s.v)) {
		return vec.V3{}
	}
	return s.v[node]
}

// Tension implements solver.Physical: the axial part of the link's stretch–shear force in
// the last substep, −(λₛ·d3)/(l·h²) (XPBD: f = ∇Cᵀλ/h², ∂Cₛ/∂x = I/l), N, positive when
// stretched.
func (s *Solver) Tension(seg int) float64 {
	if uint(seg) >= uint(len(s.lamS)) || s.h == 0 {
		return 0
	}
	return -s.lamS[seg].Dot(s.q[seg].d3()) / (s.rest[seg] * s.h * s.h)
}

// AppendTensions implements solver.Physical.
func (s *Solver) AppendTensions(dst []float64) []float64 {
	for g := range s.lamS {
		dst = append(dst, s.Tension(g))
	}
	return dst
}

// GraspForce implements solver.Solver: the force the tool on node exerted on the rope in the
// last substep of the last step (HoldPosition: its attachment multiplier/h², at most
// MaxGraspForce; HoldForce: the applied force). ok is false for a node no tool held.
func (s *Solver) GraspForce(node int) (vec.V3, bool) {
	if uint(node) >= uint(len(s.gOf)) || s.gOf[node] < 0 {
		return vec.V3{}, false
	}
	return s.grasps[s.gOf[node]].applied, true
}
