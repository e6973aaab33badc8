package pbd

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

// Step implements solver.Solver; the algorithm is in doc.go.
func (s *Solver) Step(st *rope.State, in *solver.Input, out *solver.Stats) error {
	if len(in.Surfaces) > 0 {
		return fmt.Errorf("pbd: triangle surfaces (tissue) are not supported by this solver yet; use implicit")
	}
	if len(s.v) != len(st.Pos) || len(s.q) != st.NumSegs() || len(s.ends) != 2*len(st.Strands) {
		if err := s.Reset(st); err != nil {
			return err
		}
	}
	H := in.Dt
	if !(H > 0) || math.IsInf(H, 0) {
		return fmt.Errorf("pbd: step %v s must be positive and finite", H)
	}
	if !in.Gravity.IsFinite() {
		return fmt.Errorf("pbd: gravity %v is not finite", in.Gravity)
	}
	*out = solver.Stats{MinSelfGap: math.Inf(1), MinObsGap: math.Inf(1)}
	t0 := time.Now()
	if err := s.loadGrasps(st, in); err != nil {
		return err
	}
	for k := range st.Strands {
		for e := 0; e < 2; e++ {
			g := s.endIdx[2*k+e]
			s.fixedQ[g] = s.ends[2*k+e].on
		}
	}

	// Substeps from the motion: the largest predicted node displacement of the step.
	R := s.rmin
	// A pulled node drags its whole inextensible strand: its acceleration is estimated with
	// the strand's mass, not its own (the direct solve takes the rest back at once).
	var vmax float64
	for i := range s.v {
		vmax = math.Max(vmax, s.v[i].Norm2())
	}
	D := math.Sqrt(vmax)*H + 0.5*in.Gravity.Norm()*H*H
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force {
			// A strand that a position tool also holds does not fly off: its motion is the
			// velocity's (the motion guard catches the rest); a free one accelerates as a whole.
			a := in.Gravity
			if !s.heldByPosition(st, int(g.node)) {
				a = a.Add(g.applied.Scale(1 / s.strandMass(st, int(g.node))))
			}
			D = math.Max(D, s.v[g.node].Norm()*H+0.5*a.Norm()*H*H)
		} else {
			// The tip's motion: the tool's own motion this step, plus a catch-up of two
			// substeps' worth when it lags (a lagging tip follows at a bounded speed instead
			// of asking for hundreds of substeps).
			D = math.Max(D, math.Min(g.target.Dist(g.prev), g.target.Dist(s.lastT[g.node])+2*s.P.MoveFraction*s.rmin))
		}
	}
	frac := s.P.MoveFraction * R
	n := s.P.Substeps
	if n == 0 {
		n = s.P.MinSubsteps
		need := D / frac
		for gi := range s.grasps {
			// A force on one light node kicks its prediction by F·w·h²; the direct solve
			// linearises the link's rotation, so the kick must stay within half a link.
			if g := &s.grasps[gi]; g.force {
				need = math.Max(need, H*math.Sqrt(g.applied.Norm()*s.w[g.node]/(0.5*s.rest[phys.NodeSeg(st, int(g.node))])))
			}
		}
		if need > float64(n) {
			n = int(math.Min(math.Ceil(need), float64(s.P.MaxSubsteps)))
		}
	}
	dcap := 1.25*math.Min(D, float64(n)*frac) + 2*frac + 0.1*R
	out.Iterations = n

	// Broad phase once per step, with a margin covering the step's motion.
	tb := time.Now()
	s.refresh = 0
	s.detect(st, in, dcap)
	tc := time.Now()

	h := H / float64(n)
	s.h = h
	for k := 1; k <= n; k++ {
		s.substep(st, in, h, float64(k)/float64(n), frac, dcap)
	}
	for gi := range s.grasps {
		g := &s.grasps[gi]
		s.w[g.node] = g.w
		if g.force {
			continue
		}
		out.MaxLag = math.Max(out.MaxLag, st.Pos[g.node].Dist(g.target))
		s.prevT[g.node] = g.goal
		s.lastT[g.node] = g.target
		s.lastF[g.node] = g.applied
		s.satT[g.node] = g.sat
		s.hadT[g.node] = true
	}
	td := time.Now()
	s.finalGaps(st, in.Obstacles, out)
	s.report(st, in.Obstacles, h, out)
	out.NsRefit = s.nsRefit
	out.NsDetect = s.nsDetect + time.Since(td).Nanoseconds()
	out.NsSolve = td.Sub(tc).Nanoseconds() + tb.Sub(t0).Nanoseconds() - s.nsRefit - s.nsDetect
	s.nsRefit, s.nsDetect = 0, 0
	return nil
}

// detect runs the broad phase at the current positions with a margin covering a motion of
// dcap of every node, and makes them the reference positions x0 of the motion guard.
func (s *Solver) detect(st *rope.State, in *solver.Input, dcap float64) {
	copy(s.x0, st.Pos)
	ta := time.Now()
	s.Det.Update(st)
	tb := time.Now()
	s.self = s.Det.Self(s.self[:0], st, 2*dcap)
	s.obs = collide.ObstaclesExcept(s.obs[:0], st, in.Obstacles, dcap, in.ObstacleSkip)
	s.jSelf = phys.Resize(s.jSelf, len(s.self), 0)
	s.jObs = phys.Resize(s.jObs, len(s.obs), 0)
	s.nsRefit += tb.Sub(ta).Nanoseconds()
	s.nsDetect += time.Since(tb).Nanoseconds()
	s.refresh++
}

// loadGrasps turns in.Grasps into the solver's grasp list. A HoldPosition tool that held the
// same node in the last step moves from its last target; a new one starts at the node.
func (s *Solver) loadGrasps(st *rope.State, in *solver.Input) error {
	s.old = s.old[:0]
	for _, g := range s.grasps {
		s.gOf[g.node] = -1
		s.fext[g.node] = vec.V3{}
		s.old = append(s.old, g.node)
	}
	s.grasps = s.grasps[:0]
	for _, g := range in.Grasps {
		if g.Node < 0 || g.Node >= len(st.Pos) {
			return fmt.Errorf("pbd: grasp of node %d; the ropes have %d nodes", g.Node, len(st.Pos))
		}
		if s.gOf[g.Node] >= 0 {
			return fmt.Errorf("pbd: node %d is grasped twice", g.Node)
		}
		gr := grasp{node: int32(g.Node), w: s.w[g.Node]}
		switch g.Mode {
		case solver.HoldForce:
			if !g.Force.IsFinite() {
				return fmt.Errorf("pbd: grasp force on node %d is not finite: %v", g.Node, g.Force)
			}
			gr.force = true
			gr.applied = g.Force
			s.fext[g.Node] = g.Force
		case solver.HoldPosition:
			if !g.Target.IsFinite() {
				return fmt.Errorf("pbd: grasp target of node %d is not finite: %v", g.Node, g.Target)
			}
			if !(g.Stiffness >= 0) || math.IsInf(g.Stiffness, 0) {
				return fmt.Errorf("pbd: grasp stiffness of node %d is %v N/m; it must be ≥ 0 and finite", g.Node, g.Stiffness)
			}
			gr.target = g.Target
			gr.spring = g.Stiffness
			if gr.spring == 0 {
				gr.spring = s.P.GraspStiffness
			}
			gr.prev = st.Pos[g.Node]
			if s.hadT[g.Node] {
				gr.prev = s.prevT[g.Node]
				gr.applied = s.lastF[g.Node]
				gr.sat = s.satT[g.Node]
			} else {
				s.lastT[g.Node] = gr.prev
			}
			gr.goal = gr.prev
		default:
			return fmt.Errorf("pbd: grasp of node %d has unknown mode %d", g.Node, g.Mode)
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

// substep advances the state by h; f ∈ (0, 1] is how far through the step it ends.
func (s *Solver) substep(st *rope.State, in *solver.Input, h, f, frac, dcap float64) {
	pos := st.Pos
	// Overlaps left at the substep start are pushed out first, without velocity. A node a
	// position tool holds is as heavy there as in the solve (springGrasp: m + k·h²; Step gave
	// it back its own mass after the last step), so the rope yields to the tool: pushed off
	// the tool's tip instead, the node was pulled back by the spring in the solve, which is a
	// velocity again (a cord round a pinned cord slipped 8 times further at 2.3 times its
	// tension, TestCapstanRopeOnRope).
	for gi := range s.grasps {
		if g := &s.grasps[gi]; !g.force {
			s.w[g.node] = 1 / (1/g.w + g.spring*h*h)
		}
	}
	s.depenetrate(st, in.Obstacles)
	// A node that might leave the broad phase's margin in this substep renews it.
	lim := dcap - 2*frac
	for i := range pos {
		if pos[i].Dist2(s.x0[i]) > lim*lim {
			s.detect(st, in, dcap)
			break
		}
	}
	// Predict.
	for _, str := range st.Strands {
		dec := math.Exp(-str.Material.Damping * h)
		for i := str.First; i < str.First+str.Nodes; i++ {
			s.xs[i] = pos[i]
			v := s.v[i].Scale(dec).Add(in.Gravity.Add(s.fext[i].Scale(s.w[i])).Scale(h))
			s.v[i] = v
			pos[i] = pos[i].Add(v.Scale(h))
		}
		for g := str.FirstSeg; g < str.FirstSeg+str.Links(); g++ {
			s.qs[g] = s.q[g]
			om := s.om[g].Scale(dec)
			if a := om.Norm() * h; a > 0.5 {
				om = om.Scale(0.5 / a)
			}
			s.om[g] = om
			s.q[g] = s.q[g].addWorld(om.Scale(h))
		}
	}
	for k := range st.Strands {
		for e := 0; e < 2; e++ {
			if d := &s.ends[2*k+e]; d.on {
				g := s.endIdx[2*k+e]
				s.q[g] = d.ref.mul(axisAngle(vec.V3{Z: 1}, d.angle))
				s.om[g] = vec.V3{}
			}
		}
	}
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force {
			continue
		}
		// The tool's tip moves from where it ended the last step towards the target,
		// linearly across the substeps and at most frac per substep; a tool at its force cap
		// creeps (MaxGraspForce/k a substep) instead of jumping ahead of a rope that does
		// not follow.
		d := g.prev.Lerp(g.target, f).Sub(g.goal)
		step := frac
		if g.sat {
			step = math.Min(frac, s.P.MaxGraspForce/g.spring)
		}
		if l := d.Norm(); l > step {
			d = d.Scale(step / l)
		}
		g.goal = g.goal.Add(d)
		g.pred = pos[g.node]
		s.springGrasp(g, pos, h)
	}
	s.stickFriction(st, in.Obstacles, h)
	positionTools := false
	for gi := range s.grasps {
		positionTools = positionTools || !s.grasps[gi].force
	}
	if positionTools {
		// The prediction, for solving the substep again (capGrasps).
		copy(s.xp, pos)
		copy(s.qp, s.q)
	}
	s.iterate(st, in, h, frac)
	// A tool whose spring now pulls harder than MaxGraspForce gives way: the substep is
	// solved again from its prediction with the tool pulling with exactly MaxGraspForce
	// towards its tip (a slack rope snapping taut would otherwise be yanked with k times a
	// substep's motion), and its tip moves back to where the spring pulls with
	// MaxGraspForce; it creeps from there while the tool stays at its cap.
	for gi := range s.grasps {
		s.grasps[gi].capped = false
	}
	for round := 0; round < 4 && s.capGrasps(st, in, h, frac); round++ {
		// A tool capped in this round changes the others' pull: check them again.
	}

	// The friction springs' impulses, k·h²·(anchor − x), on their contacts.
	for _, f := range s.stuck {
		s.jObs[f.oc] = s.jObs[f.oc].Add(s.anc[f.i].Sub(pos[f.i]).Scale(s.P.FrictionStiffness * h * h))
		s.w[f.i] = f.w
	}
	// Velocities from positions (XPBD), angular velocities from orientations.
	ih := 1 / h
	for i := range pos {
		s.v[i] = pos[i].Sub(s.xs[i]).Scale(ih)
	}
	s.slideFriction(h)
	for g := range s.q {
		r := s.q[g].mul(s.qs[g].conj())
		if r.W < 0 {
			r = r.neg()
		}
		s.om[g] = r.vec().Scale(2 * ih)
	}
	// A grasp's force on the rope is its spring's.
	for gi := range s.grasps {
		if g := &s.grasps[gi]; !g.force && !g.capped {
			g.applied = g.anchor.Sub(pos[g.node]).Scale(g.spring)
		}
	}
}

// capGrasps caps the position grasps whose spring pulls harder than MaxGraspForce after the
// substep's solve (see substep) and, if it capped one, solves the substep again from its
// prediction; it reports whether it did.
func (s *Solver) capGrasps(st *rope.State, in *solver.Input, h, frac float64) bool {
	pos := st.Pos
	redo := false
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force || g.capped {
			continue
		}
		x := pos[g.node]
		f := g.anchor.Sub(x).Norm() * g.spring
		if f > s.P.MaxGraspForce*(1+1e-6) {
			g.applied = g.anchor.Sub(x).Scale(g.spring * s.P.MaxGraspForce / f)
			g.goal = x.Add(g.applied.Scale(1 / g.spring))
			g.sat, g.capped, redo = true, true, true
		} else if f < 0.5*s.P.MaxGraspForce {
			g.sat = false
		}
	}
	if !redo {
		return false
	}
	copy(pos, s.xp)
	copy(s.q, s.qp)
	for _, i := range s.slide {
		s.dn[i] = 0
	}
	s.slide = s.slide[:0]
	for gi := range s.grasps {
		if g := &s.grasps[gi]; g.capped {
			s.w[g.node] = g.w
			pos[g.node] = g.pred.Add(g.applied.Scale(g.w * h * h))
		}
	}
	s.iterate(st, in, h, frac)
	return true
}

// iterate runs the substep's passes of direct solve, motion guard and contacts (doc.go).
func (s *Solver) iterate(st *rope.State, in *solver.Input, h, frac float64) {
	clear(s.lamS)
	clear(s.lamB)
	clear(s.jSelf)
	clear(s.jObs)
	for it := 0; it < max(s.P.Iterations, s.P.MaxIterations); it++ {
		// One solve is one Newton step of the whole strand (of a window of it).
		if it < max(s.P.Iterations, 1) {
			// The strands with self contacts friction bore on in this substep or the last
			// are solved jointly with those contacts from the first pass on (friction rows
			// with the substep's whole normal impulse; friction after the solve creeps).
			joint := it == 0 && !s.P.SplitContacts && s.P.FrictionRows && s.engagedWindows(st)
			if joint {
				s.jointSolve(st, in.Obstacles, h)
			}
			for k := range st.Strands {
				if !joint || !s.inJoint(k) {
					s.cosserat(st, k, h)
				}
			}
			if it == 0 {
				// A strand far from its constraints (a link stretched or sheared by more
				// than 1e-3 of its length after the solve, which linearises: a light node
				// pulled hard, a fast rotation) gets more Newton steps, up to 8, on the
				// windows round those links.
				for pass := 1; pass < 8 && s.shearWindows(st, 1e-3) > 1e-3; pass++ {
					for _, w := range s.win {
						s.cosseratRange(st, int(w.k), int(w.j0), int(w.j1), h)
					}
				}
			}
		} else {
			// The later passes take back what the contacts pushed: the joint solve of the
			// strands with the windows round the links still off (maxStretch) and the self
			// contacts between those windows (joint.go); with SplitContacts, the windows'
			// chains alone (in a tight knot a few dozen links of a thousand).
			if s.P.SplitContacts {
				for _, w := range s.win {
					s.cosseratRange(st, int(w.k), int(w.j0), int(w.j1), h)
				}
			} else {
				s.jointSolve(st, in.Obstacles, h)
			}
		}
		s.clampMotion(st, 2*frac)
		if it == 0 {
			s.checkFriction(st)
		}
		// Contacts have the last word: a few more passes while any pair is still deeper than
		// 0.05 R into another (contacts sharing nodes undo part of each other).
		for pass := 0; pass < 8 && s.contacts(st, in.Obstacles, false) > 0.05*s.rmin; pass++ {
		}
		// The contacts moved nodes against the chain (a rope pressed round a pole or
		// between two strands of a tight knot): more rounds while a link is off by more than
		// StretchTolerance, up to MaxIterations.
		if it+1 >= s.P.Iterations && s.maxStretch(st) <= s.P.StretchTolerance {
			break
		}
	}
}

// springGrasp ties position grasp g's node to the tip g.goal by an implicit spring k: the
// node's inertia m/h² and the spring combine into a heavier node (m + k·h²) predicted at
// their weighted mean (exact for the backward-Euler step the direct solve takes).
func (s *Solver) springGrasp(g *grasp, pos []vec.V3, h float64) {
	g.anchor = g.goal
	m, kh2 := 1/g.w, g.spring*h*h
	pos[g.node] = g.pred.Scale(m).Add(g.anchor.Scale(kh2)).Scale(1 / (m + kh2))
	s.w[g.node] = 1 / (m + kh2)
}

// stickFriction is static friction against obstacles, inside the direct solve: every free
// node touching an obstacle at the substep start (its segment within 0.1 R of the surface)
// that stuck in the last substep, or now moves along the surface slower than 1 % of R per
// substep, is held by an implicit spring (FrictionStiffness) to its anchor — where it stuck —
// folded into its mass like a grasp. checkFriction decides after the solve whether it held.
// (Friction as a position correction after the solve instead undoes the solve's own length
// corrections: a rope pulled round a pole stretched its links several-fold.) The contacts
// friction bore on in this substep or the last go to the joint solve instead (obsFr, up to
// maxObsFr rows), which holds them exactly within the cone (the springs over-hold: see doc.go).
func (s *Solver) stickFriction(st *rope.State, obs []shape.Shape, h float64) {
	s.stuck = s.stuck[:0]
	s.gen++
	if len(s.obs) == 0 {
		return
	}
	reach := 0.1 * s.rmin
	vslow := 0.01 * s.rmin
	kh2 := s.P.FrictionStiffness * h * h
	pos := st.Pos
	budget := maxObsFr
	for ci := range s.obs {
		c := &s.obs[ci]
		sh := &obs[c.Obstacle]
		a := st.SegNode[c.A]
		r := st.SegRadius[c.A]
		if s.obsRows() && s.engaged(c.A) {
			// Friction bore on it in this substep or the last: the joint solve takes it.
			rows := 3
			if sh.Kind == shape.Plane {
				rows = 6
			}
			if budget >= rows {
				budget -= rows
				s.obsFr[c.A] = s.gen
				continue
			}
		}
		if sh.Kind != shape.Plane {
			if _, _, _, d := sh.SegDistWithin(s.xs[a], s.xs[a+1], r+reach); d >= r+reach {
				continue
			}
		}
		for i := a; i <= a+1; i++ {
			if s.gOf[i] >= 0 || s.w[i] == 0 || s.nmus[i] == 0 || s.w[i] < 0 {
				continue
			}
			_, n, d := sh.PointDist(s.xs[i])
			if sh.Kind == shape.Plane && d >= r+reach {
				continue
			}
			if s.heldAt[i] == 0 || s.heldAt[i] != s.gen-1 {
				// Not stuck before: a sliding node slides on until kinetic friction stops
				// it; a new contact sticks if it moves slowly along the surface.
				if s.slipAt[i] != 0 && s.slipAt[i] == s.gen-1 {
					continue
				}
				dx := pos[i].Sub(s.xs[i])
				if dx.Sub(n.Scale(n.Dot(dx))).Norm() > vslow {
					continue
				}
				s.anc[i] = s.xs[i]
			}
			s.ancN[i] = n
			m := 1 / s.w[i]
			pos[i] = pos[i].Scale(m).Add(s.anc[i].Scale(kh2)).Scale(1 / (m + kh2))
			s.stuck = append(s.stuck, stuckNode{i: i, seg: c.A, oc: int32(ci), w: s.w[i]})
			s.w[i] = -1 / (m + kh2) // negative: marks it held (restored below)
		}
	}
	for _, f := range s.stuck {
		s.w[f.i] = -s.w[f.i]
	}
}

// obsRows reports whether the joint solve takes the friction of the obstacle contacts.
func (s *Solver) obsRows() bool { return s.P.FrictionRows && !s.P.SplitContacts }

// checkFriction keeps the friction anchors that held after the solve: the spring's force on
// the node must push it out of the obstacle (Fn > 0) and lie within the friction cone
// (|Ft| ≤ μs·Fn); a node that failed slides (kinetic friction in the contact pass) until it
// moves slowly again.
func (s *Solver) checkFriction(st *rope.State) {
	k := s.P.FrictionStiffness
	for _, f := range s.stuck {
		i := f.i
		F := s.anc[i].Sub(st.Pos[i]).Scale(k)
		n := s.ancN[i]
		fn := F.Dot(n)
		ft := F.Sub(n.Scale(fn)).Norm()
		if fn > 0 && ft <= s.nmus[i]*fn {
			s.heldAt[i] = s.gen
		} else {
			s.slipAt[i] = s.gen
		}
		if s.obsRows() && !(ft <= 0.1*s.nmus[i]*fn) {
			// Friction bears on it: from the next substep on the joint solve takes it.
			s.engAt[f.seg] = s.gen
		}
	}
}

// clampMotion keeps every node within sub of its substep start: the guard behind the
// no-pass-through argument. It acts only on motions the substep count did not foresee.
func (s *Solver) clampMotion(st *rope.State, sub float64) {
	pos := st.Pos
	for i := range pos {
		d := pos[i].Sub(s.xs[i])
		if n := d.Norm2(); n > sub*sub {
			pos[i] = s.xs[i].Add(d.Scale(sub / math.Sqrt(n)))
		}
	}
}

// depenetrate pushes apart the pairs that already overlap at the start of the substep, before
// its prediction (the pre-stabilisation of Macklin et al. 2014): the push moves the positions
// the substep starts from, so it never enters the velocity (x − x_start)/h. Pushed out by the
// contact pass instead, an overlap of depth d left by the last substep (or by the initial
// layout) became a speed of d/h away from the contact: a thread laid 0.8 R deep in a floor
// was thrown at 0.26 m/s by 1 ms steps. The contacts that arise during the substep are still
// the contact pass's (and the joint solve's), so they stop the approach and carry Coulomb
// friction; the depenetration carries none (it corrects an error, it is no impulse of the
// substep: no friction correction, no dn for kinetic friction). Up to 8 passes while a pair is
// deeper than 0.05 R, as in iterate; after a substep the contacts have had the last word, so
// it normally finds nothing deeper and costs one narrow-phase pass.
//
// Each link a push moved turns its material frame with it (the shortest rotation from its old
// direction to its new one): left behind, the frame was turned back onto the link by the
// solve, and that rotation became an angular velocity (that thread, undamped: 272 rad/s after
// the first step, handed on to its nodes as 0.05 m/s).
func (s *Solver) depenetrate(st *rope.State, obs []shape.Shape) {
	pos := st.Pos
	copy(s.xs, pos) // s.xs as scratch: the positions before the push (predict sets it anew)
	moved := false
	for pass := 0; pass < 8; pass++ {
		d := s.contacts(st, obs, true)
		moved = moved || d > 0 // a pair overlapped, so the pass moved a node
		if d <= 0.05*s.rmin {
			break
		}
	}
	if !moved {
		return
	}
	for g, a := range st.SegNode {
		p0, p1 := s.xs[a], s.xs[a+1]
		if pos[a] == p0 && pos[a+1] == p1 {
			continue
		}
		s.q[g] = arc(p1.Sub(p0).Unit(), pos[a+1].Sub(pos[a]).Unit()).mul(s.q[g]).unit()
	}
}

// contacts projects the self and obstacle contacts of the step's candidate pairs as
// inequality constraints with Coulomb friction, the narrow phase re-evaluated at the current
// positions. With pre (depenetrate, before the substep's prediction) it only pushes the
// overlapping pairs apart: no friction, nothing recorded for friction (the substep's start
// positions s.xs are not set yet).
//
// It returns the deepest overlap it found (before its corrections), m.
func (s *Solver) contacts(st *rope.State, obs []shape.Shape, pre bool) float64 {
	var deepest float64
	pos := st.Pos
	for ci := range s.self {
		c := &s.self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		p0, p1, q0, q1 := pos[a], pos[a+1], pos[b], pos[b+1]
		u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		if d2 >= lim*lim {
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
		depth := lim - d
		deepest = math.Max(deepest, depth)
		if pre {
			dl := n.Scale(depth / den)
			pos[a] = p0.Add(dl.Scale(wa0))
			pos[a+1] = p1.Add(dl.Scale(wa1))
			pos[b] = q0.Sub(dl.Scale(wb0))
			pos[b+1] = q1.Sub(dl.Scale(wb1))
			continue
		}
		dp := pa.Sub(s.xs[a].Lerp(s.xs[a+1], u)).Sub(pb.Sub(s.xs[b].Lerp(s.xs[b+1], v)))
		mus := 0.5 * (s.mus[c.A] + s.mus[c.B])
		muk := 0.5 * (s.muk[c.A] + s.muk[c.B])
		// Friction bears on this pair (its tangential motion is a tenth of what static
		// friction may hold, or more): the next substep's first pass solves it jointly.
		if dt := dp.Sub(n.Scale(n.Dot(dp))).Norm(); mus > 0 && dt >= 0.1*mus*depth && dt > 1e-4*s.rmin {
			s.engAt[c.A], s.engAt[c.B] = s.gen, s.gen
		}
		dl := n.Scale(depth).Add(phys.Friction(dp, n, depth, mus, muk)).Scale(1 / den)
		s.jSelf[ci] = s.jSelf[ci].Add(dl) // Σ m·Δx over A's nodes: dl·((1 − u) + u)
		pos[a] = p0.Add(dl.Scale(wa0))
		pos[a+1] = p1.Add(dl.Scale(wa1))
		pos[b] = q0.Sub(dl.Scale(wb0))
		pos[b+1] = q1.Sub(dl.Scale(wb1))
	}
	for ci := range s.obs {
		c := &s.obs[ci]
		sh := &obs[c.Obstacle]
		a := st.SegNode[c.A]
		r := st.SegRadius[c.A]
		if sh.Kind == shape.Plane {
			// A plane is deepest at a node: contact per node (the segment's first node, and
			// its last when it ends the strand), exact for a rope lying flat.
			deepest = math.Max(deepest, s.planeNode(pos, ci, c.A, a, sh, r, pre))
			if !s.joint[c.A] {
				deepest = math.Max(deepest, s.planeNode(pos, ci, c.A, a+1, sh, r, pre))
			}
			continue
		}
		p0, p1 := pos[a], pos[a+1]
		t, _, n, d := sh.SegDistWithin(p0, p1, r)
		if d >= r {
			continue
		}
		w0, w1 := s.w[a]*(1-t), s.w[a+1]*t
		den := w0*(1-t) + w1*t
		if den == 0 {
			continue
		}
		depth := r - d
		deepest = math.Max(deepest, depth)
		dl := depth / den
		pos[a] = p0.Add(n.Scale(dl * w0))
		pos[a+1] = p1.Add(n.Scale(dl * w1))
		if pre {
			continue // no friction in a depenetration, and no impulse of the substep
		}
		s.jObs[ci] = s.jObs[ci].Add(n.Scale(dl))
		if s.obsFr[c.A] == s.gen {
			continue // its friction is in the joint solve
		}
		s.engageObs(c.A, n, p0.Lerp(p1, t).Sub(s.xs[a].Lerp(s.xs[a+1], t)), depth, 0.5*(s.nmus[a]+s.nmus[a+1]))
		s.pushed(a, int32(ci), n, dl*w0)
		s.pushed(a+1, int32(ci), n, dl*w1)
	}
	return deepest
}

// pushed records that the contact pass moved node i by dn along the normal n of obstacle
// candidate oc in this substep (the normal impulse of its kinetic friction, slideFriction).
func (s *Solver) pushed(i, oc int32, n vec.V3, dn float64) {
	if dn <= 0 || s.heldAt[i] == s.gen {
		return
	}
	if s.dn[i] == 0 {
		s.slide = append(s.slide, i)
	}
	s.dn[i] += dn
	s.ancN[i] = n
	s.slideC[i] = oc
}

// slideFriction is kinetic friction against obstacles, on velocities (Müller et al. 2020
// §3.6): a node the contact pass pushed out by dn in this substep loses up to μk·dn/h of its
// velocity along the surface (all of it if that is less). On positions, after the solve, it
// would undo the solve's own corrections.
func (s *Solver) slideFriction(h float64) {
	for _, i := range s.slide {
		n := s.ancN[i]
		v := s.v[i]
		vn := n.Scale(n.Dot(v))
		vt := v.Sub(vn)
		dv := s.nmuk[i] * s.dn[i] / h
		if l := vt.Norm(); l <= dv {
			vt = vec.V3{} // stopped: it may stick in the next substep
		} else {
			vt = vt.Scale(1 - dv/l)
			s.slipAt[i] = s.gen
		}
		// Its impulse on the contact, m·Δv·h (kg·m, as the position corrections').
		dvt := vn.Add(vt).Sub(v)
		s.jObs[s.slideC[i]] = s.jObs[s.slideC[i]].Add(dvt.Scale(h / s.w[i]))
		s.v[i] = vn.Add(vt)
		s.dn[i] = 0
	}
	s.slide = s.slide[:0]
}

// planeNode pushes node i of segment seg out of a plane (with pre, without friction: see
// contacts); it returns how deep it was, m.
func (s *Solver) planeNode(pos []vec.V3, ci int, seg, i int32, sh *shape.Shape, r float64, pre bool) float64 {
	d := pos[i].Sub(sh.Center).Dot(sh.Axis)
	if d >= r || s.w[i] == 0 {
		return 0
	}
	depth := r - d
	pos[i] = pos[i].Add(sh.Axis.Scale(depth))
	if !pre {
		s.jObs[ci] = s.jObs[ci].Add(sh.Axis.Scale(depth / s.w[i]))
	}
	if !pre && s.obsFr[seg] != s.gen {
		s.engageObs(seg, sh.Axis, pos[i].Sub(s.xs[i]), depth, s.nmus[i])
		s.pushed(i, int32(ci), sh.Axis, depth)
	}
	return depth
}

// engageObs marks segment seg for the joint solve's obstacle friction (engAt) if its contact
// point, pushed out depth along n, moved along the surface by a tenth of what static friction
// may hold or more since the substep began (dp): it slides.
func (s *Solver) engageObs(seg int32, n, dp vec.V3, depth, mus float64) {
	if !s.obsRows() || mus == 0 {
		return
	}
	if dt := dp.Sub(n.Scale(n.Dot(dp))).Norm(); dt >= 0.1*mus*depth && dt > 1e-4*s.rmin {
		s.engAt[seg] = s.gen
	}
}

// finalGaps fills the contact counts and the smallest gaps from a final narrow-phase pass over
// the step's candidate pairs (contacts within 0.05 R).
func (s *Solver) finalGaps(st *rope.State, obs []shape.Shape, out *solver.Stats) {
	phys.Gaps(st, obs, s.self, s.obs, 0.05*s.rmin, out)
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
				m += 1 / s.w[j]
			}
			return m
		}
	}
	return 1 / s.w[i]
}

// maxStretch returns the largest |length/rest − 1| of any link, and lists in s.win the
// windows the next pass solves: every link off by more than half StretchTolerance, with
// WindowMargin links either side, overlapping windows merged.
func (s *Solver) maxStretch(st *rope.State) float64 {
	var m float64
	pos := st.Pos
	s.win = s.win[:0]
	tol := 0.5 * s.P.StretchTolerance
	for k, str := range st.Strands {
		nl := str.Links()
		rest := s.rest[str.FirstSeg : str.FirstSeg+nl]
		ws := windows{k: k, n: nl, margin: s.P.WindowMargin, out: s.win}
		for j, l := range rest {
			i := str.First + j
			e := math.Abs(pos[i].Dist(pos[i+1])/l - 1)
			m = math.Max(m, e)
			if e > tol {
				ws.add(j)
			}
		}
		s.win = ws.flush()
	}
	return m
}

// shearWindows returns the largest stretch–shear violation |Cₛ| (relative, see direct.go)
// of any link and lists in s.win the windows round the links above tol, as maxStretch.
func (s *Solver) shearWindows(st *rope.State, tol float64) float64 {
	var m float64
	pos := st.Pos
	s.win = s.win[:0]
	for k, str := range st.Strands {
		nl := str.Links()
		rest := s.rest[str.FirstSeg : str.FirstSeg+nl]
		q := s.q[str.FirstSeg : str.FirstSeg+nl]
		ws := windows{k: k, n: nl, margin: s.P.WindowMargin, out: s.win}
		for j, l := range rest {
			i := str.First + j
			cs := pos[i+1].Sub(pos[i]).Scale(1 / l).Sub(q[j].d3())
			e := cs.Norm2()
			m = math.Max(m, e)
			if e > tol*tol {
				ws.add(j)
			}
		}
		s.win = ws.flush()
	}
	return math.Sqrt(m)
}

// engagedWindows lists in s.win the windows round the segments friction bore on in this
// substep or the last (engAt), two links either side, and reports whether there are any.
func (s *Solver) engagedWindows(st *rope.State) bool {
	s.win = s.win[:0]
	for k, str := range st.Strands {
		nl := str.Links()
		ws := windows{k: k, n: nl, margin: 2, out: s.win}
		for j := range nl {
			if s.engaged(int32(str.FirstSeg + j)) {
				ws.add(j)
			}
		}
		s.win = ws.flush()
	}
	return len(s.win) > 0
}

// engaged reports whether friction bore on a contact of segment g in this substep or the last.
func (s *Solver) engaged(g int32) bool {
	e := s.engAt[g]
	return e != 0 && e+1 >= s.gen
}

// inJoint reports whether the joint solve of this pass took strand k.
func (s *Solver) inJoint(k int) bool {
	for si := range s.js {
		if int(s.js[si].k) == k {
			return s.js[si].ok
		}
	}
	return false
}

// window is links j0..j1−1 of strand k.
type window struct{ k, j0, j1 int32 }

// windows collects the windows round the links of strand k (n links) passed to add in
// increasing order, margin links either side, overlapping ones merged, appended to out.
type windows struct {
	k, n, margin int
	open         bool
	w            window
	out          []window
}

func (ws *windows) add(j int) {
	lo, hi := int32(max(j-ws.margin, 0)), int32(min(j+ws.margin+1, ws.n))
	if ws.open && lo <= ws.w.j1 {
		ws.w.j1 = hi
		return
	}
	if ws.open {
		ws.out = append(ws.out, ws.w)
	}
	ws.w, ws.open = window{k: int32(ws.k), j0: lo, j1: hi}, true
}

func (ws *windows) flush() []window {
	if ws.open {
		ws.out = append(ws.out, ws.w)
		ws.open = false
	}
	return ws.out
}
