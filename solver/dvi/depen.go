package dvi

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/phys"
)

// Overlaps a step starts with (not in the paper).
//
// The contacts of a substep keep every gap ≥ 0 at its end (the rows of contact.go, or the
// projection after the solve), and the velocity is (x^{k+1} − x^k)/h. An overlap of depth d
// already there at x^k is therefore pushed out within one substep and kept as a velocity d/h:
// a thread laid 0.8 R (0.8 mm) into a floor, whose stiff bending asks for 375 substeps a
// millisecond (h = 2.7 µs), left it at 187 m/s (the motion guard's 2·frac = 0.5 mm a substep,
// over h) and 15 m above the floor after 100 ms. An overlap that is there when the step begins
// (a scene laid into an obstacle, a strand added across another, what the contact solve of the
// last step left) is no motion of this step, so it is removed here, before any force is
// evaluated, as a change of position alone: the velocities are left as they are. A contact
// that closes during the step is still stopped by the substeps' rows, with their Coulomb
// friction, as before.
//
// The removal is the substep's own multiplier solve without motion or forces: the overlaps are
// pushed apart along their normals (project, no friction) as the prediction x̄, and the solve
// brings the links back to their lengths with normal rows that keep the gaps from closing again
// (the tensions from zero, no tangent rows), so the links are at their lengths to the solve's
// tolerance and the next substep has nothing to correct either. It runs in passes of at most
// frac a node (the substep's motion bound) until no overlap is left.

// depenTol is the depth, in units of the smallest radius, from which an overlap at the start
// of a step is removed before the step: 0.01 R. Shallower ones (a tight knot leaves 2e-4 to
// 8e-4 R after its contact solve, which stops at pgsTol·R) are left to the substeps as before:
// removed at 1e-4 R, they ran the removal 19 times in Knot100 and made the knot's step 50 %
// slower (2.39 → 3.31 substeps a step).
const depenTol = 100 * pgsTol

// depenPasses bounds the passes of depenetrate; each pushes an overlap out by at most frac
// (the substep's motion bound: the multipliers are solved about the links' directions at the
// pass's start, and a larger push leaves Newton–Raphson without a root).
const depenPasses = 16

// depenVel bounds the velocity, m/s, that what depenetrate leaves of an overlap may become
// when a substep of the last step's length pushes it out (depenDone).
const depenVel = 1e-3

// depenDone reports whether an overlap of depth d (m) left by a pass of depenetrate may be left
// to the substeps: d ≤ 1e-3·depenTol·R (1e-5 R: 4 mm/s for R = 1 mm and h = 2.7 µs), or d no
// deeper than what the contact solve itself leaves (pgsTol·R, the projected Gauss–Seidel's
// tolerance: a tight knot ends its steps 2e-4 to 8e-4 R deep) and d/h ≤ depenVel for the last
// step's substep h. The passes beyond converge slowly (each removes about a third of what is
// left, the contact solve's tolerance again): on the tight overhand of BenchmarkKnot100, 10
// passes a removal to reach 1e-5 R, 4 to reach 1e-4 R.
func (s *Solver) depenDone(d float64) bool {
	return d <= 1e-3*depenTol*s.rmin || (d <= pgsTol*s.rmin && d <= depenVel*s.h)
}

// deepest returns the largest overlap of a candidate pair at the current positions, m (0: none).
func (s *Solver) deepest(st *rope.State, in *solver.Input) float64 {
	g := solver.Stats{MinSelfGap: math.Inf(1), MinObsGap: math.Inf(1)}
	phys.Gaps(st, in.Obstacles, s.self, s.obs, 0, &g)
	return math.Max(0, -math.Min(g.MinSelfGap, g.MinObsGap))
}

// depenetrate removes the overlaps the step starts with by moving the nodes alone (the file
// comment), in passes of at most frac each; h is the step (it only scales the multipliers,
// which are restored), dcap the broad phase's margin. The velocities, the tensions and the
// contacts' warm starts are left as they were. A pass whose solve fails is undone and ends the
// removal: the substeps push what is left, as they did before.
func (s *Solver) depenetrate(st *rope.State, in *solver.Input, h, frac, dcap float64) {
	if s.deepest(st, in) <= depenTol*s.rmin {
		return
	}
	pos := st.Pos
	copy(s.Tk, s.T) // the tensions of the last substep: Tension(seg) and the next warm start
	s.depen = true
	for pass := 0; pass < depenPasses; pass++ {
		// The candidates cover s.bpMargin of motion from the last broad phase (as in Step's
		// substeps): past that, the broad phase runs again.
		if pass > 0 && s.movedSinceBroad(pos) > s.bpMargin-2*frac {
			s.broadPhase(st, in, dcap)
		}
		copy(s.xk, pos)
		for i := range s.w {
			s.w[i] = 1 / s.m[i] // a geometric projection: the tools' springs are not folded in
		}
		for j := range s.T {
			s.T[j] = 0
		}
		// The prediction: the overlaps pushed apart along their normals (project, without
		// friction), no node more than frac. The links, off their lengths there, are the
		// solve's to restore; starting the solve from links at their lengths instead, its line
		// search (on the links' residual) would refuse every push.
		s.project(st, in.Obstacles, h, false)
		s.guard(pos, frac)
		copy(s.xbar, pos)
		s.linkDirections(st)
		rows := s.contactRows(st, in.Obstacles)
		// Normal rows only (a frictionless projection), from no force, each holding its gap
		// at the prediction's if that still overlaps (the next pass pushes further): C_r =
		// gap − min(0, gap at x̄) ≥ 0.
		nr := 0
		for ri := range s.cr {
			r := s.cr[ri]
			if r.kind != 0 {
				continue
			}
			r.nrm, r.lam = int32(nr), 0
			r.c += math.Min(0, r.gap)
			s.cr[nr] = r
			nr++
		}
		s.cr = s.cr[:nr]
		s.rowSides(st)
		err := s.solveChains(st, h, true)
		if err == nil && rows {
			err = s.solveJoint(st, h)
		}
		if err != nil {
			copy(pos, s.xk)
			break
		}
		s.guard(pos, 2*frac)
		s.twistUpdate(st)
		// Done once what is left would be a negligible velocity if a substep pushed it out
		// (depenDone).
		if s.depenDone(s.deepest(st, in)) {
			break
		}
	}
	s.depen = false
	if s.movedSinceBroad(pos) > s.bpMargin-dcap {
		s.broadPhase(st, in, dcap)
	}
	copy(s.T, s.Tk)
	s.cr, s.resid = s.cr[:0], 0
	// The bending dissipation reads the change of the joints' cosines over a substep: the
	// removal is no such change.
	for _, str := range st.Strands {
		cosines(pos[str.First:str.First+str.Nodes], s.cPrev[str.First:str.First+str.Nodes])
	}
}
