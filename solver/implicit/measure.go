package implicit

import (
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/twist"
	"github.com/knotsim/knotsim/vec"
)

// Measure implements solver.Physical: kinetic energy from the last substep's velocity
// Δx/h, gravity and the stretch, bend and twist energies at st.Pos.
func (s *Solver) Measure(st *rope.State, g vec.V3) solver.Measures {
	var m solver.Measures
	if len(s.m) != len(st.Pos) {
		return m
	}
	for i := range st.Pos {
		mass := s.m[i]
		m.Kinetic += 0.5 * mass * s.v[i].Norm2()
		m.Gravity -= mass * g.Dot(st.Pos[i])
		m.Momentum = m.Momentum.Add(s.v[i].Scale(mass))
	}
	for k, str := range st.Strands {
		lo, hi := str.First, str.First+str.Nodes
		x := st.Pos[lo:hi]
		l := s.rest[str.FirstSeg : str.FirstSeg+str.Links()]
		m.Elastic += addStretch(x, l, s.sd[k].EA, s.f[lo:hi], nil, 0)
		m.Elastic += addBend(x, l, s.sd[k].EI, s.f[lo:hi], nil, 0)
		if tw := &s.sd[k].tw; tw.Active() {
			e, _ := twist.Energy(tw.Angle[1]-tw.Angle[0]-tw.Psi, s.sd[k].GJ, l)
			m.Elastic += e
		}
	}
	return m
}

// Velocity implements solver.Physical: Δx/h of the last substep, m/s.
func (s *Solver) Velocity(node int) vec.V3 {
	if uint(node) >= uint(len(s.v)) {
		return vec.V3{}
	}
	return s.v[node]
}

// Tension implements solver.Physical: EA·(|s|/l − 1) of the link at the end of the last
// substep, N, positive when stretched.
func (s *Solver) Tension(seg int) float64 {
	if uint(seg) >= uint(len(s.ten)) {
		return 0
	}
	return s.ten[seg]
}

// AppendTensions implements solver.Physical.
func (s *Solver) AppendTensions(dst []float64) []float64 { return append(dst, s.ten...) }

// GraspForce implements solver.Solver: the force the tool on node exerted on the rope in the
// last substep (HoldPosition: its spring's, at most MaxGraspForce; HoldForce: the applied
// force). ok is false for a node no tool held.
func (s *Solver) GraspForce(node int) (vec.V3, bool) {
	if uint(node) >= uint(len(s.gOf)) || s.gOf[node] < 0 {
		return vec.V3{}, false
	}
	return s.grasps[s.gOf[node]].applied, true
}
