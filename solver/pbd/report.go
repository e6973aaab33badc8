package pbd

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/vec"
)

var _ solver.ContactReporter = (*Solver)(nil)

// report lists the contacts of the last substep (step h) with their forces, for
// AppendContacts: each candidate pair whose contact moved its segment A in that substep, its
// force the impulse the substep's corrections put on A (jSelf, jObs: λ·∇C summed over the
// contact passes and the joint solve, the friction springs' k·h²·(anchor − x) and kinetic
// friction's m·Δv·h) over h², and its point, normal and gap at the step's end positions. The
// force's part along the normal is Fn, clamped at 0 (a friction spring pulling the node into
// the obstacle, which checkFriction lets slide in the next substep), the rest is Ft.
func (s *Solver) report(st *rope.State, obs []shape.Shape, h float64, out *solver.Stats) {
	s.rep = s.rep[:0]
	ih2 := 1 / (h * h)
	pos := st.Pos
	for ci, j := range s.jSelf {
		if j == (vec.V3{}) {
			continue
		}
		c := &s.self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		p0, p1, q0, q1 := pos[a], pos[a+1], pos[b], pos[b+1]
		u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		d := math.Sqrt(d2)
		pa, pb := p0.Lerp(p1, u), q0.Lerp(q1, v)
		n := phys.PairNormal(p0, p1, q0, q1, pa, pb, d, lim)
		s.rep = append(s.rep, split(solver.Contact{A: int(c.A), B: int(c.B), Obstacle: -1, At: pa, Normal: n, Gap: d - lim}, j.Scale(ih2)))
	}
	for ci, j := range s.jObs {
		if j == (vec.V3{}) {
			continue
		}
		c := &s.obs[ci]
		a := st.SegNode[c.A]
		t, _, n, d := obs[c.Obstacle].SegDist(pos[a], pos[a+1])
		s.rep = append(s.rep, split(solver.Contact{A: int(c.A), B: -1, Obstacle: int(c.Obstacle), At: pos[a].Lerp(pos[a+1], t), Normal: n, Gap: d - st.SegRadius[c.A]}, j.Scale(ih2)))
	}
	s.resid = math.Max(0, -math.Min(out.MinSelfGap, out.MinObsGap))
}

// split sets c's normal and friction forces from the force f on its segment A.
func split(c solver.Contact, f vec.V3) solver.Contact {
	fn := f.Dot(c.Normal)
	c.Ft = f.Sub(c.Normal.Scale(fn))
	c.Fn = math.Max(fn, 0)
	return c
}

// AppendContacts implements solver.ContactReporter: it appends the contacts of the last
// substep of the last Step to dst — every candidate pair (self pairs in the detector's order,
// then segment–obstacle pairs; a segment's contacts with a plane are one) whose contact
// corrections moved its segment in that substep — with the force they carried (report). A
// position-based solve has no force but its corrections: the force is their impulse over h²,
// the substep's average. Overlaps the substep found at its start are pushed out without
// velocity (depenetrate) and carry none.
func (s *Solver) AppendContacts(dst []solver.Contact) []solver.Contact {
	return append(dst, s.rep...)
}

// Residual implements solver.ContactReporter: the deepest overlap of two segments, or of a
// segment and an obstacle, left after the last Step (contacts within 0.05 R counted), m.
func (s *Solver) Residual() float64 { return s.resid }
