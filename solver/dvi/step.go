package dvi

import (
	"fmt"
	"math"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/vec"
)

// maxMotionSubsteps caps the substeps the motion asks for: faster nodes are held back by the
// motion guard (they lag, and lose the energy of the motion they could not make). A stiff
// cord tied in a tight overhand springs open at up to 100 m/s under dvi (explicit bending,
// no numerical dissipation), which would otherwise ask for hundreds of substeps.
const maxMotionSubsteps = 64

// calmSteps is how many steps must all need fewer substeps before the count falls.
const calmSteps = 100

// maxHalvings is how often a substep whose multiplier solve failed is split in two before the
// step is an error.
const maxHalvings = 4

// Step implements solver.Solver; the algorithm is in doc.go.
func (s *Solver) Step(st *rope.State, in *solver.Input, out *solver.Stats) error {
	if len(in.Surfaces) > 0 {
		return fmt.Errorf("dvi: triangle surfaces (tissue) are not supported by this solver yet; use implicit")
	}
	if len(s.v) != len(st.Pos) || len(s.T) != st.NumSegs() || len(s.sd) != len(st.Strands) {
		if err := s.Reset(st); err != nil {
			return err
		}
	}
	H := in.Dt
	if !(H > 0) || math.IsInf(H, 0) {
		return fmt.Errorf("dvi: step %v s must be positive and finite", H)
	}
	if !in.Gravity.IsFinite() {
		return fmt.Errorf("dvi: gravity %v is not finite", in.Gravity)
	}
	*out = solver.Stats{MinSelfGap: math.Inf(1), MinObsGap: math.Inf(1)}
	t0 := time.Now()
	if err := s.loadGrasps(st, in); err != nil {
		return err
	}
	// A node moves at most MoveFraction·R a substep (the no-pass-through bound), and at most
	// a tenth of the shortest link: the multipliers are solved about the links' directions at
	// x^k, and a tool whose tip moved 2 mm on a 1 cm link left Newton–Raphson without a root.
	frac := math.Min(s.P.MoveFraction*s.rmin, 0.1*s.lmin)
	D := s.motion(st, in, H, frac)
	dcap := 1.25*D + 2*frac + 0.1*s.rmin + s.P.ContactOffset
	tb := time.Now()
	s.stepBroadPhase(st, in, dcap)
	tr, tc := tb, time.Now()
	// Overlaps the step starts with are removed as positions, not velocities (depen.go).
	s.depenetrate(st, in, H, frac, dcap)
	// The kick limit (substeps) reads the forces at the step's start beside the last
	// substep's (s.fPrev) and the acceleration they gave (s.acc).
	copy(s.fPrev, s.f)
	s.forces(st, in, H)
	n, err := s.substeps(st, in, H, D, frac)
	if err != nil {
		return err
	}
	s.iters = 0
	s.nsub = n
	s.pressed = false
	h := H / float64(n)
	for k := 1; k <= n; k++ {
		if err := s.substepSplit(st, in, h, float64(k-1)/float64(n), float64(k)/float64(n), frac, 0); err != nil {
			return err
		}
		// The candidates were found with a margin s.bpMargin; a pair not among them had
		// surfaces at least 2·bpMargin (self) or bpMargin (obstacle) apart, and closes by at
		// most twice the largest displacement since plus 2·frac a node in the next substep (the
		// guard): past that budget the broad phase runs again (a motion the step's estimate
		// missed).
		if k < n && s.movedSinceBroad(st.Pos) > s.bpMargin-2*frac {
			s.broadPhase(st, in, dcap)
		}
	}
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force {
			continue
		}
		out.MaxLag = math.Max(out.MaxLag, st.Pos[g.node].Dist(g.target))
		s.tipT[g.node] = g.tip
		s.hadT[g.node] = true
		s.capT[g.node] = g.capped
	}
	td := time.Now()
	s.finalGaps(st, in.Obstacles, out)
	out.Iterations = n // substeps, as pbd reports (LastMultiplierIterations: the multipliers')
	out.NsRefit = tr.Sub(tb).Nanoseconds()
	out.NsDetect = tc.Sub(tr).Nanoseconds() + time.Since(td).Nanoseconds()
	out.NsSolve = td.Sub(tc).Nanoseconds() + tb.Sub(t0).Nanoseconds()
	return nil
}

// bpGrow is the broad phase's margin in units of the step's (dcap): the self candidates found
// with the larger margin serve the following steps too, until the nodes have moved by the
// difference (stepBroadPhase).
const bpGrow = 2

// stepBroadPhase readies the candidate pairs of a step whose motion the margin dcap covers.
// The self candidates of the last broad phase still serve while no node has moved since by
// more than s.bpMargin − dcap (a pair not among them had its surfaces at least 2·bpMargin apart
// and is still more than 2·dcap apart: what a broad phase run now would have left out); the
// obstacle candidates are listed again (the obstacles may have moved), within the margin left.
// Otherwise the broad phase runs with the margin bpGrow·dcap.
func (s *Solver) stepBroadPhase(st *rope.State, in *solver.Input, dcap float64) {
	if s.bpMargin == 0 || len(s.xbp) != len(st.Pos) {
		s.broadPhase(st, in, dcap)
		return
	}
	moved := s.movedSinceBroad(st.Pos)
	if moved > s.bpMargin-dcap {
		s.broadPhase(st, in, dcap)
		return
	}
	// A pair not found now has its surfaces at least bpMargin − moved from touching, which keeps
	// the self candidates' budget (bpMargin less the motion since xbp) for the obstacles too.
	s.obstaclePhase(st, in, s.bpMargin-moved)
}

// broadPhase refits the detector and lists the candidate pairs within bpGrow·dcap
// (segment–obstacle) and 2·bpGrow·dcap (self) of touching (s.bpMargin), and sizes the
// per-candidate buffers: a self pair found again keeps its warm start, an obstacle pair's is
// lost (obstaclePhase).
func (s *Solver) broadPhase(st *rope.State, in *solver.Input, dcap float64) {
	s.bpMargin = bpGrow * dcap
	dcap = s.bpMargin
	// The self pairs' warm starts (normal force, slid) carry over to the pairs found again:
	// both lists are sorted by (A, B).
	s.wKey = s.wKey[:0]
	s.wF = s.wF[:0]
	s.wSlid = s.wSlid[:0]
	for ci := range s.self {
		if ci < len(s.fwarm) && (s.fwarm[ci] != 0 || s.slid[ci]) {
			s.wKey = append(s.wKey, pairKey(s.self[ci].A, s.self[ci].B))
			s.wF = append(s.wF, s.fwarm[ci])
			s.wSlid = append(s.wSlid, s.slid[ci])
		}
	}
	s.Det.Update(st)
	s.self = s.Det.Self(s.self[:0], st, 2*dcap)
	s.pen = phys.Resize(s.pen, len(s.self), 0)
	s.fwarm = phys.Resize(s.fwarm, len(s.self), 0)
	s.slid = phys.Resize(s.slid, len(s.self), 0)
	for ci, k := 0, 0; ci < len(s.self) && k < len(s.wKey); ci++ {
		key := pairKey(s.self[ci].A, s.self[ci].B)
		for k < len(s.wKey) && s.wKey[k] < key {
			k++
		}
		if k < len(s.wKey) && s.wKey[k] == key {
			s.fwarm[ci], s.slid[ci] = s.wF[k], s.wSlid[k]
		}
	}
	s.xbp = phys.Resize(s.xbp, len(st.Pos), 0)
	copy(s.xbp, st.Pos)
	s.obstaclePhase(st, in, dcap)
}

// obstaclePhase lists the segment–obstacle candidates within margin of touching and sizes
// their buffers; their warm starts are lost (each step lists them again, so a pair's first
// substep of a step starts from no force).
func (s *Solver) obstaclePhase(st *rope.State, in *solver.Input, margin float64) {
	s.obs = collide.ObstaclesExcept(s.obs[:0], st, in.Obstacles, margin, in.ObstacleSkip)
	s.penO = phys.Resize(s.penO, len(s.obs), 0)
	s.fwarmO = phys.Resize(s.fwarmO, len(s.obs), 0)
	s.slidO = phys.Resize(s.slidO, len(s.obs), 0)
}

// pairKey orders self pairs as the detector sorts them, by A then B.
func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// movedSinceBroad returns the largest displacement of a node since the last broad phase, m.
func (s *Solver) movedSinceBroad(pos []vec.V3) float64 {
	var d2 float64
	for i := range pos {
		d2 = math.Max(d2, pos[i].Dist2(s.xbp[i]))
	}
	return math.Sqrt(d2)
}

// motion returns the largest predicted displacement of a node in a step of H, m: the fastest
// node's, a free strand pulled by a force tool as a whole, and a position tool's tip (which
// catches up at most two substeps' worth a step when it lags).
func (s *Solver) motion(st *rope.State, in *solver.Input, H, frac float64) float64 {
	var vmax float64
	for i := range s.v {
		vmax = math.Max(vmax, s.v[i].Norm2())
	}
	D := math.Sqrt(vmax)*H + 0.5*in.Gravity.Norm()*H*H
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force {
			a := in.Gravity
			if !s.heldByPosition(st, int(g.node)) {
				a = a.Add(g.applied.Scale(1 / s.strandMass(st, int(g.node))))
			}
			D = math.Max(D, s.v[g.node].Norm()*H+0.5*a.Norm()*H*H)
		} else if !(s.hadT[g.node] && s.capT[g.node]) {
			// (A tool that pulled with MaxGraspForce at the end of the last step lags: its tip
			// sits by its node, which moves as the force moves it, not as the target asks.)
			D = math.Max(D, math.Min(g.target.Dist(g.prev), g.target.Dist(s.tipT[g.node])+2*frac))
		}
	}
	return D
}

// substeps returns the substep count of a step of H: Params.Substeps, or the most of the
// motion's (D over MoveFraction·R), the explicit forces' stability limits (h < Safety·2/ω:
// bending, penalty contact, twist), the bending dissipation's (h < m·l²/(6·k_d)) and the
// kick (h²·a within a tenth of a link, a the acceleration the constraints do not absorb).
// More than MaxSubsteps is an error naming the limit: a time step the integrator cannot hold.
func (s *Solver) substeps(st *rope.State, in *solver.Input, H, D, frac float64) (int, error) {
	s.ks = s.P.ContactStiffness
	mmin := math.Inf(1)
	for i := range s.m {
		mmin = math.Min(mmin, s.m[i])
	}
	if s.ks == 0 {
		const hc = 1e-4 // s: the substep the default contact stiffness allows
		s.ks = math.Min(s.P.MaxGraspForce/(0.25*s.rmin), 0.5*mmin*(2*s.P.Safety/hc)*(2*s.P.Safety/hc))
	}
	if s.P.Substeps > 0 {
		return s.P.Substeps, nil
	}
	// The limit that asks most, formatted only for the error (no allocation per step).
	// The motion's count is capped at MaxSubsteps (a faster node is held back by the motion
	// guard: it lags, as a tool faster than the substeps allow does); the stability limits
	// are not.
	need, why, wa, wb := math.Min(D/frac, float64(min(s.P.MaxSubsteps, maxMotionSubsteps))), "the motion (%.3g m a step, %.3g m a substep)", D, frac
	limit := func(hmax float64, reason string, a, b float64) {
		if n := H / hmax; n > need {
			need, why, wa, wb = n, reason, a, b
		}
	}
	w2c, fc := s.contactOmega2()
	for k, str := range st.Strands {
		d := &s.sd[k]
		m := 0.5 * d.mass // the ends' half masses set the limits
		l := str.Link
		// Störmer–Verlet on the constrained chain is stable for h < 2/ω, ω² the largest
		// eigenvalue of M⁻¹·K with K the stiffness of the explicit forces and of the
		// constraint forces' turning (their geometric stiffness: the multipliers act along
		// directions taken at x^k). Gershgorin bounds it by the sum of the parts, each at its
		// worst node:
		//  - Bending. A bent joint is stiffer than a straight one: ω² scales with |∂E_b/∂c|
		//    (EI/l when straight; up to 9 % low for sharp bends, within Safety). The modes'
		//    ω² is that of the inner nodes (mass d.mass): an end node of half the mass sits
		//    on one joint, not the zig-zag's three, and the half-mass ends leave the largest
		//    ω² at 15.97·EI/(m·l³) for 50 links (TestBendOmega2). (With the ends' mass the
		//    tight overhand of BenchmarkKnot100 took two substeps for a limit √2 lower.)
		//  - Tension. A link under tension T whose end moves across it by δ pulls it back
		//    with T·δ/l: the taut chain's zig-zag has ω² = 4·T/(m·l), inner and end nodes
		//    alike. Without it a thread pulled by 1.2 N at one substep a millisecond (ωh =
		//    2.2) rang with 18 times the energy it was laid out with (TestTautThreadSteady).
		//  - Contacts. A contact force F between axes lim apart turns with the pair, F·δ/lim
		//    (contactOmega2). The tight overhand of BenchmarkKnot100 (0.5 N tools, 0.65 N in
		//    its contacts) never came to rest without it and the tension's: one substep let
		//    it ring, whose motion then asked for two, and the count's changes kept 50 µJ of
		//    kinetic energy in it for 20 s against its damping (TestKnotComesToRest).
		w2b := bendOmega2(d.EI, d.mass, l) * math.Max(1, d.gmax*l/d.EI)
		var tmax float64
		for _, T := range s.T[str.FirstSeg : str.FirstSeg+str.Links()] {
			tmax = math.Max(tmax, T)
		}
		w2t := 4 * tmax / (d.mass * l)
		// Bending alone past MaxSubsteps is an error, as before; the forces' part asks for at
		// most MaxSubsteps (what rings beyond is held by the motion guard): a 0.2 mm suture
		// pulled taut by a position tool at its 50 N cap asks for 2,700 substeps a
		// millisecond, and refusing the step would stop a scene the bending's count alone
		// (89) had run (TestThinSutureAtGraspCap).
		if w2b > 0 {
			limit(s.P.Safety*2/math.Sqrt(w2b), "bending stiffness %.3g N·m² on %.3g kg nodes", d.EI, d.mass)
		}
		if w2 := w2b + w2t + w2c; w2 > w2b {
			hmax := math.Max(s.P.Safety*2/math.Sqrt(w2), H/float64(s.P.MaxSubsteps))
			limit(hmax, "tension and contact forces of up to %.3g N on %.3g kg nodes", math.Max(tmax, fc), d.mass)
		}
		if s.P.BendDamping > 0 {
			limit(s.P.Safety*m*l*l/(6*s.P.BendDamping), "bend damping %.3g N·m·s on %.3g kg nodes", s.P.BendDamping, m)
		}
		if tau := math.Abs(d.twist.Tau); tau > 0 {
			limit(s.P.Safety*2/math.Sqrt(4*tau/(m*l*l)), "a torque of %.3g N·m on %.3g kg nodes", tau, m)
		}
	}
	// The kick of the forces (bending, contact, tools) keeps every node within a tenth of a
	// link of its free motion: the multipliers are solved about the links' directions at x^k,
	// and a stiff thread tied in a knot whose bending forces kicked nodes by 14 % of a link a
	// substep left Newton–Raphson without a root.
	//
	// The kick is the acceleration the constraints do not absorb: the last substep's net
	// acceleration (s.acc: zero in the first step, and about zero in a knot held still, whose
	// bending and tool forces the tensions and contacts balance) plus the change of the forces
	// since (a tool that begins to pull, a knot's bending as it moves). With the forces alone, a
	// 10 g thread held tight by 0.5 N tools took 4 substeps a step for a kick it never made.
	var amax float64
	for i := range s.f {
		a := s.acc[i].Add(s.f[i].Sub(s.fPrev[i]).Scale(1 / s.m[i]))
		amax = math.Max(amax, a.Norm2())
	}
	if amax = math.Sqrt(amax); amax > 0 {
		limit(math.Sqrt(0.1*s.lmin/amax), "forces of up to %.3g m/s² on links of %.3g m", amax, s.lmin)
	}
	// The penalty's limit once a contact pressed in the last step (a contact that begins
	// within a step is held by the projection meanwhile, and its force's kick counts above).
	if s.pressed {
		limit(s.P.Safety*2/math.Sqrt(2*s.ks/mmin), "contact stiffness %.3g N/m on %.3g kg nodes", s.ks, mmin)
	}
	// (A force tool's force is among the forces: a tool that begins to pull kicks its node by
	// its whole force, one the tensions balance by none.)
	n := max(1, int(math.Ceil(need-1e-9)))
	// The count rises at once but falls only after calmSteps steps that all needed fewer: a
	// change of h breaks the integrator's fixed-step symplectic structure, so it should be
	// rare (with the variable-step force coefficient of predict a change costs little: the
	// pendulum of seed 004 Fig. 4 keeps its energy within 1e-4 of its swing over 100 s with
	// the count chosen so, 1e-6 with a fixed count).
	if n >= s.nKeep {
		s.nKeep, s.calm = n, 0
	} else if s.calm++; s.calm >= calmSteps {
		s.nKeep, s.calm = n, 0
	} else {
		n = s.nKeep
	}
	if n > s.P.MaxSubsteps || math.IsNaN(need) {
		return 0, fmt.Errorf("dvi: a step of %v s needs %.0f substeps for "+why+"; MaxSubsteps is %d (take a smaller step)", H, need, wa, wb, s.P.MaxSubsteps)
	}
	return n, nil
}

// substepSplit advances by h from fraction f0 to f1 of the step; if the multiplier solve
// fails it restores the substep's start and takes two halves instead (at most maxHalvings
// deep).
func (s *Solver) substepSplit(st *rope.State, in *solver.Input, h, f0, f1, frac float64, depth int) error {
	err := s.substep(st, in, h, f1, frac)
	if err == nil {
		return nil
	}

	if depth >= maxHalvings {
		// Last resort before giving up: the substep with the contacts out of the multiplier
		// solve (tensions alone, then the overlap projected out and friction as a correction,
		// as under Contact "penalty" without the penalty): a knot jammed at the tools' cap whose
		// joint solve has no root at any substep still moves on.
		if s.P.Contact == ContactConstraint && !s.jointOff {
			s.jointOff = true
			err2 := s.substep(st, in, h, f1, frac)
			s.jointOff = false
			if err2 == nil {
				s.fallbacks++
				return nil
			}
		}
		// And when no multiplier solve has a root at all (a node flung at hundreds of m/s in a
		// knot jammed at the tools' cap): the links brought back to length by projection, as
		// position-based dynamics does (projectChains). The step goes on; it never fails here.
		s.jointOff, s.projOnly = true, true
		err3 := s.substep(st, in, h, f1, frac)
		s.jointOff, s.projOnly = false, false
		if err3 == nil {
			s.fallbacks++
			return nil
		}
		return fmt.Errorf("dvi: strand %d: %w (after halving the substep %d times, to %.3g s)", s.failK, err, depth, h)
	}
	fm := 0.5 * (f0 + f1)
	if err := s.substepSplit(st, in, h/2, f0, fm, frac, depth+1); err != nil {
		return err
	}
	return s.substepSplit(st, in, h/2, fm, f1, frac, depth+1)
}

// substep advances the state by h; f ∈ (0, 1] is how far through the step it ends. On error
// (a multiplier solve that failed) the state is as it was when the substep began.
func (s *Solver) substep(st *rope.State, in *solver.Input, h, f, frac float64) error {
	pos := st.Pos
	copy(s.xk, pos)
	copy(s.vk, s.v)
	copy(s.Tk, s.T)
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force {
			continue
		}
		// The tool's tip moves towards its target, linearly across the step's substeps and
		// at most frac a substep (a tool faster than that lags).
		g.tip0, g.capped0 = g.tip, g.capped
		d := g.prev.Lerp(g.target, f).Sub(g.tip)
		if l := d.Norm(); l > frac {
			d = d.Scale(frac / l)
		}
		g.tip = g.tip.Add(d)
		// A tool that pulled with MaxGraspForce at the end of the last substep starts this one
		// doing so towards its tip (a round solved with its full spring, 1e7 N/m against a
		// tip that lags by centimetres, asks the multipliers for a motion they cannot make);
		// if its spring would pull less, the substep is solved again with the spring.
		if g.capped {
			if u := g.tip.Sub(pos[g.node]).Unit(); u != (vec.V3{}) {
				g.applied = u.Scale(s.P.MaxGraspForce)
			} else {
				g.capped = false
			}
		}
	}
	s.forces(st, in, h)
	joint := s.P.Contact == ContactConstraint && !s.jointOff
	for round := 0; ; round++ {
		s.predict(st, in, h)
		s.linkDirections(st)
		// The rows and residual AppendContacts and Residual report are this round's: none
		// unless the joint solve gathers them.
		s.cr, s.resid = s.cr[:0], 0
		var err error
		if s.projOnly {
			s.projectChains(st, h)
		} else if joint {
			// The rows are gathered at the positions the last substep's tensions give (the
			// warm start), the strands they touch solved with them, the others alone.
			s.warmPositions(st, h)
			rows := s.contactRows(st, in.Obstacles)
			s.rowSides(st)
			err = s.solveChains(st, h, true)
			if err == nil && rows {
				err = s.solveJoint(st, h)
			}
		} else {
			err = s.solveChains(st, h, false)
		}
		if err != nil {
			copy(pos, s.xk)
			copy(s.v, s.vk)
			copy(s.T, s.Tk)
			for gi := range s.grasps {
				if g := &s.grasps[gi]; !g.force {
					g.tip, g.capped = g.tip0, g.capped0
				}
			}
			return err
		}
		s.guard(pos, 2*frac)
		s.skipRowless = joint && !s.projOnly && s.rowless(pos)
		s.project(st, in.Obstacles, h, !joint)
		s.skipRowless = false
		// A position tool pulling harder than MaxGraspForce gives way: the substep is solved
		// again with it pulling with exactly MaxGraspForce towards its tip, and its tip moves
		// back to where its spring pulls with MaxGraspForce.
		redo := false
		for gi := range s.grasps {
			g := &s.grasps[gi]
			if g.force {
				continue
			}
			F := g.tip.Sub(pos[g.node]).Scale(g.spring)
			if g.capped {
				if F.Norm() < s.P.MaxGraspForce*(1-1e-9) && round < 4 {
					g.capped, redo = false, true
				}
				continue
			}
			if fn := F.Norm(); fn > s.P.MaxGraspForce*(1+1e-9) && round < 4 {
				g.applied = F.Scale(s.P.MaxGraspForce / fn)
				g.capped, redo = true, true
			} else {
				g.applied = F
			}
		}
		if !redo {
			break
		}
		copy(pos, s.xk)
		copy(s.v, s.vk)
		copy(s.T, s.Tk)
	}
	for gi := range s.grasps {
		if g := &s.grasps[gi]; g.capped {
			g.tip = pos[g.node].Add(g.applied.Scale(1 / g.spring))
		}
	}
	ih := 1 / h
	for i := range pos {
		// s.v holds the prediction's velocity (drag and damping applied): what the node
		// moved beyond it is the substep's net acceleration.
		s.acc[i] = pos[i].Sub(s.xk[i]).Sub(s.v[i].Scale(h)).Scale(ih * ih)
		s.v[i] = pos[i].Sub(s.xk[i]).Scale(ih)
	}
	s.twistUpdate(st)
	copy(s.cPrev, s.c)
	s.h, s.hPrev = h, h
	return nil
}

// forces sets s.f to the forces at x^k (N): gravity, force tools, bending (Eq. 3), bending
// dissipation (Eq. 5–6), twist (App. C) and penalty contacts (Eq. 14); and s.c to the joint
// cosines at x^k.
func (s *Solver) forces(st *rope.State, in *solver.Input, h float64) {
	pos := st.Pos
	for i := range pos {
		s.f[i] = in.Gravity.Scale(s.m[i])
	}
	for gi := range s.grasps {
		if g := &s.grasps[gi]; g.force {
			s.f[g.node] = s.f[g.node].Add(g.applied)
		}
	}
	for k, str := range st.Strands {
		d := &s.sd[k]
		lo, hi := str.First, str.First+str.Nodes
		x, f, c := pos[lo:hi], s.f[lo:hi], s.c[lo:hi]
		l := s.rest[str.FirstSeg : str.FirstSeg+str.Links()]
		d.gmax = addBendForces(x, l, d.EI, c, f)
		if s.P.BendDamping > 0 {
			addBendDamping(x, c, s.cPrev[lo:hi], h, s.P.BendDamping, f)
		}
		d.twist.Forces(x, l, d.GJ, s.gpsi[lo:hi], f)
	}
	if s.P.Contact == ContactPenalty {
		s.penalty(st, in.Obstacles, h)
	}
}

// predict applies drag and damping to the velocities and sets the prediction x̄ = x + h·v +
// h²·F/m and the inverse masses w, with each position tool's spring folded in: the node's
// inertia m/h² and the spring k combine into a heavier node (m + k·h²) predicted at their
// weighted mean (exact for the implicit spring).
func (s *Solver) predict(st *rope.State, in *solver.Input, h float64) {
	pos := st.Pos
	// The force's coefficient: h² at a steady step; h·(h' + h)/2 when the last substep was h'
	// (variable-step Störmer–Verlet: the stored velocity is the last half step's, so the
	// force acts over half of each step; with h² a change of the substep count lost ~1e-7 J
	// of a pendulum's 6e-4 J each time).
	hf := h * h
	if s.hPrev > 0 {
		hf = 0.5 * h * (s.hPrev + h)
	}
	for _, str := range st.Strands {
		dec := math.Exp(-str.Material.Damping * h)
		for i := str.First; i < str.First+str.Nodes; i++ {
			v := s.vk[i].Scale(dec)
			if ka := s.kair[i]; ka > 0 {
				// Quadratic drag (Eq. 4), exactly over h: v̇ = −(k/m)|v|v.
				v = v.Scale(1 / (1 + h*ka*v.Norm()/s.m[i]))
			}
			s.v[i] = v
			s.w[i] = 1 / s.m[i]
			s.xbar[i] = pos[i].Add(v.Scale(h)).Add(s.f[i].Scale(hf / s.m[i]))
		}
	}
	for gi := range s.grasps {
		g := &s.grasps[gi]
		i := g.node
		switch {
		case g.force:
		case g.capped:
			s.xbar[i] = s.xbar[i].Add(g.applied.Scale(hf / s.m[i]))
		default:
			m, kh2 := s.m[i], g.spring*h*h
			s.xbar[i] = s.xbar[i].Scale(m).Add(g.tip.Scale(kh2)).Scale(1 / (m + kh2))
			s.w[i] = 1 / (m + kh2)
		}
	}
}

// solveChains solves every strand's multipliers (the link tensions) so that its links keep
// their length (Eq. 9–13) and moves the nodes there.
//
// With skipTouched the strands contact rows touch (s.touched) are left to the joint solve.
func (s *Solver) solveChains(st *rope.State, h float64, skipTouched bool) error {
	pos := st.Pos
	newton := s.P.Multipliers == "newton"
	for k, str := range st.Strands {
		if skipTouched && s.touched[k] {
			continue
		}
		lo, hi := str.First, str.First+str.Nodes
		g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
		t := s.t[g0:g1]
		var ea []float64
		if s.ea != nil {
			ea = s.ea[g0:g1]
		}
		it, err := s.ts[k].solve(s.xbar[lo:hi], t, s.w[lo:hi], s.rest[g0:g1], ea, h, s.T[g0:g1], newton, s.P.Tol, s.P.MaxIter)
		if err != nil {
			s.failK = k
			return err // (formatted only if the step gives up: no allocation per halving)
		}
		s.iters = max(s.iters, it)
		apply(s.xbar[lo:hi], t, s.w[lo:hi], s.T[g0:g1], h, pos[lo:hi])
	}
	return nil
}

// projSweeps bounds projectChains' Gauss–Seidel sweeps (forward and back count one each); it
// stops sooner once no link is off its length by more than projTol of it.
const (
	projSweeps = 2000
	projTol    = 1e-7
)

// projectChains is the last resort of a substep whose multiplier solves have no root: the nodes
// go to the prediction x̄ and each strand's links are brought back to their lengths (or, with
// EA, to the stretch their tension gives) by projection, link by link and alternately forward
// and back, as position-based dynamics does (XPBD's compliance for EA); the tensions are what
// the projections' multipliers amount to over the substep. It cannot fail: every operation is
// finite for finite input. (Its sweeps converge slowly on long chains, a few hundred for 20
// links stretched by 10 %; it runs only when nothing else could take the substep.)
func (s *Solver) projectChains(st *rope.State, h float64) {
	pos := st.Pos
	copy(pos, s.xbar)
	h2 := h * h
	for j := range s.T {
		s.T[j] = 0
	}
	link := func(a, b, g int) float64 {
		wa, wb := s.w[a], s.w[b]
		alpha := 0.0 // compliance over the substep, 1/kg (XPBD's α/h²)
		if s.ea != nil && s.ea[g] > 0 {
			alpha = s.rest[g] / (s.ea[g] * h2)
		}
		d := pos[b].Sub(pos[a])
		l := d.Norm()
		if wa+wb+alpha == 0 || l == 0 {
			return 0
		}
		// λ = T·h² (kg·m); the constraint l − L pulls when positive.
		dl := (l - s.rest[g] - alpha*s.T[g]*h2) / (wa + wb + alpha)
		n := d.Scale(1 / l)
		pos[a] = pos[a].Add(n.Scale(wa * dl))
		pos[b] = pos[b].Sub(n.Scale(wb * dl))
		s.T[g] += dl / h2
		return math.Abs(dl) * (wa + wb + alpha) / s.rest[g]
	}
	for sweep := 0; sweep < projSweeps; sweep++ {
		var worst float64
		for _, str := range st.Strands {
			for q := 0; q < str.Links(); q++ {
				j := q
				if sweep%2 == 1 {
					j = str.Links() - 1 - q
				}
				worst = math.Max(worst, link(str.First+j, str.First+j+1, str.FirstSeg+j))
			}
		}
		if worst <= projTol {
			return
		}
	}
}

// linkDirections sets the unit link directions t_j at x^k (the constraint forces' directions
// of the substep; a link of zero length keeps its last direction).
func (s *Solver) linkDirections(st *rope.State) {
	for _, str := range st.Strands {
		lo := str.First
		t := s.t[str.FirstSeg : str.FirstSeg+str.Links()]
		for j := range t {
			if d := s.xk[lo+j+1].Sub(s.xk[lo+j]).Unit(); d != (vec.V3{}) {
				t[j] = d
			} else if t[j] == (vec.V3{}) {
				t[j] = vec.V3{X: 1}
			}
		}
	}
}

// warmPositions moves every node to x̄ + h²·w·(link forces of the current tensions): where the
// last substep's tensions (the warm start) put it.
func (s *Solver) warmPositions(st *rope.State, h float64) {
	for _, str := range st.Strands {
		lo, hi := str.First, str.First+str.Nodes
		g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
		apply(s.xbar[lo:hi], s.t[g0:g1], s.w[lo:hi], s.T[g0:g1], h, st.Pos[lo:hi])
	}
}

// guard keeps every node within sub of its substep start: the bound behind the
// no-pass-through argument (doc.go). It acts only on motions the substep count did not
// foresee.
func (s *Solver) guard(pos []vec.V3, sub float64) {
	for i := range pos {
		d := pos[i].Sub(s.xk[i])
		if n := d.Norm2(); n > sub*sub {
			pos[i] = s.xk[i].Add(d.Scale(sub / math.Sqrt(n)))
		}
	}
}

// twistUpdate accumulates each twisted strand's holonomy over the substep (App. C, C.5 with
// the brief's fixes): Ψ += Σ ∇ψ·(x^{k+1} − x^k), the gradient averaged at both ends of the
// substep (second order).
func (s *Solver) twistUpdate(st *rope.State) {
	for k, str := range st.Strands {
		lo, hi := str.First, str.First+str.Nodes
		s.sd[k].twist.Accumulate(s.xk[lo:hi], st.Pos[lo:hi], s.gpsi[lo:hi])
	}
}

// penalty adds the penalty contact forces of Eq. 14 (App. E; Tang et al. 2012) to s.f: for a
// pair closer than Δd = R_A + R_B + ContactOffset, F = (k_s/2)·[depth(0) + depth(h)]·n with
// depth(t) = max(0, Δd − n·w_c(t)) evaluated at x^k and at the free motion x^k + h·v (the
// trapezoid of E.5–E.7), on the closest points' parameters and normal at x^k (the normal held
// fixed over the substep, a simplification of E.3–E.4's edge-cross normal: a pair whose free
// motion would cross feels more than Δd of depth, not less). Segment–obstacle pairs alike, a
// plane per node.
func (s *Solver) penalty(st *rope.State, obs []shape.Shape, h float64) {
	pos := st.Pos
	ks, off := s.ks, s.P.ContactOffset
	for ci := range s.self {
		c := &s.self[ci]
		s.pen[ci] = 0
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		p0, p1, q0, q1 := pos[a], pos[a+1], pos[b], pos[b+1]
		u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
		dd := st.SegRadius[c.A] + st.SegRadius[c.B] + off
		// Pairs farther than the step's motion can close stay apart this substep.
		if d2 >= 4*dd*dd {
			continue
		}
		d := math.Sqrt(d2)
		pa, pb := p0.Lerp(p1, u), q0.Lerp(q1, v)
		n := phys.PairNormal(p0, p1, q0, q1, pa, pb, d, dd)
		wh := pa.Add(s.v[a].Lerp(s.v[a+1], u).Scale(h)).Sub(pb.Add(s.v[b].Lerp(s.v[b+1], v).Scale(h)))
		depth := math.Max(0, dd-d) + math.Max(0, dd-n.Dot(wh))
		if depth == 0 {
			continue
		}
		F := n.Scale(0.5 * ks * depth)
		s.pen[ci] = 0.5 * ks * depth
		s.pressed = true
		s.f[a] = s.f[a].Add(F.Scale(1 - u))
		s.f[a+1] = s.f[a+1].Add(F.Scale(u))
		s.f[b] = s.f[b].Sub(F.Scale(1 - v))
		s.f[b+1] = s.f[b+1].Sub(F.Scale(v))
	}
	for ci := range s.obs {
		c := &s.obs[ci]
		s.penO[ci] = 0
		sh := &obs[c.Obstacle]
		a := st.SegNode[c.A]
		dd := st.SegRadius[c.A] + off
		if sh.Kind == shape.Plane {
			for e := int32(0); e < 2; e++ {
				if e == 1 && !s.lastSeg[c.A] {
					break // the next segment's first node
				}
				i := a + e
				d := pos[i].Sub(sh.Center).Dot(sh.Axis)
				dh := d + s.v[i].Dot(sh.Axis)*h
				depth := math.Max(0, dd-d) + math.Max(0, dd-dh)
				if depth > 0 {
					s.f[i] = s.f[i].Add(sh.Axis.Scale(0.5 * ks * depth))
					s.penO[ci] += 0.5 * ks * depth
					s.pressed = true
				}
			}
			continue
		}
		t, _, n, d := sh.SegDistWithin(pos[a], pos[a+1], 2*dd)
		if d >= 2*dd {
			continue
		}
		dh := d + s.v[a].Lerp(s.v[a+1], t).Dot(n)*h
		depth := math.Max(0, dd-d) + math.Max(0, dd-dh)
		if depth == 0 {
			continue
		}
		F := n.Scale(0.5 * ks * depth)
		s.penO[ci] = 0.5 * ks * depth
		s.pressed = true
		s.f[a] = s.f[a].Add(F.Scale(1 - t))
		s.f[a+1] = s.f[a+1].Add(F.Scale(t))
	}
}

// project pushes apart what still overlaps after the multiplier solve (not in the paper: the
// penalty alone cannot bound the overlap of a thin thread under a 50 N tool at a few substeps
// per millisecond) and applies Coulomb friction to every contact (not in the paper either): the
// relative tangential motion of the contact points since the substep began is cancelled while
// it is within μs times the contact's normal displacement budget in this substep (the
// projection's push plus the penalty force's h²·F/m), else reduced by μk times it (Macklin et
// al. 2014 §6.1). A few passes while a pair is still deeper than 0.05 R.
//
// With fric false (Contact "constraint": the multiplier solve has the contacts and their
// friction) it only pushes apart what still overlaps.
func (s *Solver) project(st *rope.State, obs []shape.Shape, h float64, fric bool) {
	pos := st.Pos
	h2 := h * h
	for pass := 0; pass < 4; pass++ {
		var deepest float64
		for ci := range s.self {
			if s.skipRowless && !s.hasRow[ci] {
				continue
			}
			c := &s.self[ci]
			a, b := st.SegNode[c.A], st.SegNode[c.B]
			p0, p1, q0, q1 := pos[a], pos[a+1], pos[b], pos[b+1]
			u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
			lim := st.SegRadius[c.A] + st.SegRadius[c.B]
			pn := 0.0
			if pass == 0 {
				pn = s.pen[ci]
			}
			if d2 >= lim*lim && pn == 0 {
				continue
			}
			d := math.Sqrt(d2)
			pa, pb := p0.Lerp(p1, u), q0.Lerp(q1, v)
			n := phys.PairNormal(p0, p1, q0, q1, pa, pb, d, lim)
			wa0, wa1, wb0, wb1 := s.w[a]*(1-u), s.w[a+1]*u, s.w[b]*(1-v), s.w[b+1]*v
			den := wa0*(1-u) + wa1*u + wb0*(1-v) + wb1*v
			if den == 0 {
				continue
			}
			depth := math.Max(0, lim-d)
			deepest = math.Max(deepest, depth)
			dl := n.Scale(depth)
			if pass == 0 && fric {
				dp := pa.Sub(s.xk[a].Lerp(s.xk[a+1], u)).Sub(pb.Sub(s.xk[b].Lerp(s.xk[b+1], v)))
				mus := 0.5 * (s.mus[c.A] + s.mus[c.B])
				muk := 0.5 * (s.muk[c.A] + s.muk[c.B])
				dl = dl.Add(phys.Friction(dp, n, depth+pn*h2*den, mus, muk))
			}
			dl = dl.Scale(1 / den)
			pos[a] = p0.Add(dl.Scale(wa0))
			pos[a+1] = p1.Add(dl.Scale(wa1))
			pos[b] = q0.Sub(dl.Scale(wb0))
			pos[b+1] = q1.Sub(dl.Scale(wb1))
		}
		for ci := range s.obs {
			if s.skipRowless && !s.hasRowO[ci] {
				continue
			}
			c := &s.obs[ci]
			sh := &obs[c.Obstacle]
			a := st.SegNode[c.A]
			r := st.SegRadius[c.A]
			pn := 0.0
			if pass == 0 {
				pn = s.penO[ci]
			}
			if sh.Kind == shape.Plane {
				for e := int32(0); e < 2; e++ {
					if e == 1 && !s.lastSeg[c.A] {
						break
					}
					i := a + e
					if s.w[i] == 0 {
						continue
					}
					d := pos[i].Sub(sh.Center).Dot(sh.Axis)
					depth := math.Max(0, r-d)
					if depth == 0 && pn == 0 {
						continue
					}
					deepest = math.Max(deepest, depth)
					dl := sh.Axis.Scale(depth)
					if pass == 0 && fric {
						// The segment's penalty force is split between its nodes in
						// proportion to their depths; each node's share is bounded by it.
						dl = dl.Add(phys.Friction(pos[i].Sub(s.xk[i]), sh.Axis, depth+pn*h2*s.w[i], s.mus[c.A], s.muk[c.A]))
					}
					pos[i] = pos[i].Add(dl)
				}
				continue
			}
			p0, p1 := pos[a], pos[a+1]
			t, _, n, d := sh.SegDist(p0, p1)
			if d >= r && pn == 0 {
				continue
			}
			w0, w1 := s.w[a]*(1-t), s.w[a+1]*t
			den := w0*(1-t) + w1*t
			if den == 0 {
				continue
			}
			depth := math.Max(0, r-d)
			deepest = math.Max(deepest, depth)
			dl := n.Scale(depth)
			if pass == 0 && fric {
				dp := p0.Lerp(p1, t).Sub(s.xk[a].Lerp(s.xk[a+1], t))
				dl = dl.Add(phys.Friction(dp, n, depth+pn*h2*den, s.mus[c.A], s.muk[c.A]))
			}
			dl = dl.Scale(1 / den)
			pos[a] = p0.Add(dl.Scale(w0))
			pos[a+1] = p1.Add(dl.Scale(w1))
		}
		if deepest <= 0.05*s.rmin {
			break
		}
	}
}

// finalGaps fills the contact counts and the smallest gaps from a final narrow-phase pass over
// the step's candidate pairs (contacts within 0.05 R).
func (s *Solver) finalGaps(st *rope.State, obs []shape.Shape, out *solver.Stats) {
	phys.Gaps(st, obs, s.self, s.obs, 0.05*s.rmin, out)
}

// loadGrasps turns in.Grasps into the solver's grasp list. A HoldPosition tool that held the
// same node in the last step starts from its last tip; a new one at the node.
func (s *Solver) loadGrasps(st *rope.State, in *solver.Input) error {
	s.old = s.old[:0]
	for _, g := range s.grasps {
		s.gOf[g.node] = -1
		s.old = append(s.old, g.node)
	}
	s.grasps = s.grasps[:0]
	for _, g := range in.Grasps {
		if g.Node < 0 || g.Node >= len(st.Pos) {
			return fmt.Errorf("dvi: grasp of node %d; the ropes have %d nodes", g.Node, len(st.Pos))
		}
		if s.gOf[g.Node] >= 0 {
			return fmt.Errorf("dvi: node %d is grasped twice", g.Node)
		}
		gr := grasp{node: int32(g.Node)}
		switch g.Mode {
		case solver.HoldForce:
			if !g.Force.IsFinite() {
				return fmt.Errorf("dvi: grasp force on node %d is not finite: %v", g.Node, g.Force)
			}
			gr.force = true
			gr.applied = g.Force
		case solver.HoldPosition:
			if !g.Target.IsFinite() {
				return fmt.Errorf("dvi: grasp target of node %d is not finite: %v", g.Node, g.Target)
			}
			if !(g.Stiffness >= 0) || math.IsInf(g.Stiffness, 0) {
				return fmt.Errorf("dvi: grasp stiffness of node %d is %v N/m; it must be ≥ 0 and finite", g.Node, g.Stiffness)
			}
			gr.target = g.Target
			gr.spring = g.Stiffness
			if gr.spring == 0 {
				gr.spring = s.P.GraspStiffness
			}
			gr.prev = st.Pos[g.Node]
			if s.hadT[g.Node] {
				gr.prev = s.tipT[g.Node]
				gr.capped = s.capT[g.Node]
			}
			gr.tip = gr.prev
		default:
			return fmt.Errorf("dvi: grasp of node %d has unknown mode %d", g.Node, g.Mode)
		}
		s.gOf[g.Node] = int32(len(s.grasps))
		s.grasps = append(s.grasps, gr)
	}
	for _, i := range s.old {
		if gi := s.gOf[i]; gi < 0 || s.grasps[gi].force {
			s.hadT[i] = false
		}
	}
	return nil
}

// heldByPosition reports whether a position tool holds a node of the strand of node i.
func (s *Solver) heldByPosition(st *rope.State, i int) bool {
	for _, str := range st.Strands {
		if i >= str.First+str.Nodes {
			continue
		}
		for gi := range s.grasps {
			g := &s.grasps[gi]
			if !g.force && int(g.node) >= str.First && int(g.node) < str.First+str.Nodes {
				return true
			}
		}
		return false
	}
	return false
}

// strandMass returns the mass of the strand holding node i, kg.
func (s *Solver) strandMass(st *rope.State, i int) float64 {
	for _, str := range st.Strands {
		if i < str.First+str.Nodes {
			var m float64
			for j := str.First; j < str.First+str.Nodes; j++ {
				m += s.m[j]
			}
			return m
		}
	}
	return s.m[i]
}
