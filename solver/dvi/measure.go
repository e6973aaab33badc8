package dvi

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/twist"
	"github.com/knotsim/knotsim/vec"
)

// Measure implements solver.Physical. The kinetic energy uses the velocity of the last
// substep, (x^{k+1} − x^k)/h, and the potential energies (gravity, bending and twist) are the
// mean of their values at x^k and x^{k+1}: the midpoint energy of a Störmer–Verlet step, whose
// error is O(h²) and does not drift (the one-sided energy's error is O(h)). With Extensible,
// Elastic adds the stretch energy ½·T²·l/EA, and with Contact "penalty" the penalty contacts'
// ½·k_s·depth² at the end positions (hard contacts store none).
func (s *Solver) Measure(st *rope.State, g vec.V3) solver.Measures {
	var m solver.Measures
	if len(s.m) != len(st.Pos) {
		return m
	}
	for i := range st.Pos {
		mass := s.m[i]
		m.Kinetic += 0.5 * mass * s.v[i].Norm2()
		m.Gravity -= mass * g.Dot(st.Pos[i].Add(s.xk[i]).Scale(0.5))
		m.Momentum = m.Momentum.Add(s.v[i].Scale(mass))
	}
	var e0, e1 float64 // at x^k and at x^{k+1} of the last substep
	for k, str := range st.Strands {
		d := &s.sd[k]
		lo, hi := str.First, str.First+str.Nodes
		l := s.rest[str.FirstSeg : str.FirstSeg+str.Links()]
		e0 += bendEnergy(s.xk[lo:hi], l, d.EI)
		e1 += bendEnergy(st.Pos[lo:hi], l, d.EI)
		if tw := &d.twist; tw.Active() {
			e, _ := twist.Energy(tw.DTheta, d.GJ, l)
			e0 += e
			e, _ = twist.Energy(tw.Angle[1]-tw.Angle[0]-tw.Psi, d.GJ, l)
			e1 += e
		}
	}
	m.Elastic = 0.5 * (e0 + e1)
	if s.ea != nil {
		for j, T := range s.T {
			m.Elastic += 0.5 * T * T * s.rest[j] / s.ea[j]
		}
	}
	if s.P.Contact != ContactPenalty {
		return m
	}
	pos := st.Pos
	for ci := range s.self {
		c := &s.self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		_, _, d2 := vec.ClosestSegSeg(pos[a], pos[a+1], pos[b], pos[b+1])
		dd := st.SegRadius[c.A] + st.SegRadius[c.B] + s.P.ContactOffset
		if d2 < dd*dd {
			depth := dd - math.Sqrt(d2)
			m.Elastic += 0.5 * s.ks * depth * depth
		}
	}
	return m
}

// Velocity implements solver.Physical: (x^{k+1} − x^k)/h of the last substep, m/s.
func (s *Solver) Velocity(node int) vec.V3 {
	if uint(node) >= uint(len(s.v)) {
		return vec.V3{}
	}
	return s.v[node]
}

// Tension implements solver.Physical: the multiplier of the link's length constraint in the
// last substep as a force (Eq. 8: the paper's λ_j = −h·T_j/(2·l_j)), N, positive when
// stretched. It is the axial force a haptic device reads (§6.2.2).
func (s *Solver) Tension(seg int) float64 {
	if uint(seg) >= uint(len(s.T)) {
		return 0
	}
	return s.T[seg]
}

// AppendTensions implements solver.Physical.
func (s *Solver) AppendTensions(dst []float64) []float64 {
	return append(dst, s.T...)
}

// GraspForce implements solver.Solver: the force the tool on node exerted on the rope in the
// last substep (HoldPosition: its spring's, at most MaxGraspForce; HoldForce: the applied
// force). ok is false for a node no tool held.
func (s *Solver) GraspForce(node int) (vec.V3, bool) {
	if uint(node) >= uint(len(s.gOf)) || s.gOf[node] < 0 {
		return vec.V3{}, false
	}
	return s.grasps[s.gOf[node]].applied, true
}
