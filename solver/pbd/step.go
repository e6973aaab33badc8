package pbd

import (
	"fmt"
	"math"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Step implements solver.Solver; the algorithm is in doc.go.
func (s *Solver) Step(st *rope.State, in *solver.Input, out *solver.Stats) error {
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
			a := in.Gravity.Add(g.applied.Scale(1 / s.strandMass(st, int(g.node))))
			D = math.Max(D, s.v[g.node].Norm()*H+0.5*a.Norm()*H*H)
		} else {
			D = math.Max(D, g.target.Dist(g.prev)) // the tip's motion
		}
	}
	frac := s.P.MoveFraction * R
	n := s.P.Substeps
	if n == 0 {
		n = s.P.MinSubsteps
		if need := D / frac; need > float64(n) {
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
	// A node held by position is heavy while held (graspMass): the rope's pull barely moves it
	// from the tool's tip between two attachment projections, so the tool holds it stiffly and
	// reads its force exactly (doc.go).
	for gi := range s.grasps {
		if g := &s.grasps[gi]; !g.force {
			s.w[g.node] /= graspMass
		}
	}
	for k := 1; k <= n; k++ {
		s.substep(st, in, h, float64(k)/float64(n), frac, dcap)
	}
	for gi := range s.grasps {
		if g := &s.grasps[gi]; !g.force {
			s.w[g.node] *= graspMass
		}
	}
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if !g.force {
			g.applied = g.lam.Scale(1 / (h * h))
			out.MaxLag = math.Max(out.MaxLag, st.Pos[g.node].Dist(g.target))
			s.prevT[g.node] = g.goal
			s.hadT[g.node] = true
		}
	}
	td := time.Now()
	s.finalGaps(st, in.Obstacles, out)
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
	s.obs = collide.Obstacles(s.obs[:0], st, in.Obstacles, dcap)
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
		gr := grasp{node: int32(g.Node)}
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
			gr.target = g.Target
			gr.prev = st.Pos[g.Node]
			if s.hadT[g.Node] {
				gr.prev = s.prevT[g.Node]
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
		g.lam = vec.V3{}
		if g.force {
			continue
		}
		// The tool's tip moves from where it ended the last step towards the target,
		// linearly across the substeps and at most frac per substep; the node is attached to
		// the tip.
		d := g.prev.Lerp(g.target, f).Sub(g.goal)
		if l := d.Norm(); l > frac {
			d = d.Scale(frac / l)
		}
		g.goal = g.goal.Add(d)
	}
	clear(s.lamD)
	clear(s.lamB)

	for it := 0; it < s.P.Iterations; it++ {
		s.shear(st)
		s.bendTwist(st, h)
		s.attach(st, h)
		for k := range st.Strands {
			// One Newton step is exact to second order in the stretch; a link stretched
			// by more than 1e-4 (a light node pulled hard) gets more, up to 8.
			for pass := 0; pass < 8 && s.distances(st, k) > 1e-4; pass++ {
			}
		}
		s.clampMotion(st, 2*frac)
		s.contacts(st, in.Obstacles)
	}

	// Velocities from positions (XPBD), angular velocities from orientations.
	ih := 1 / h
	for i := range pos {
		s.v[i] = pos[i].Sub(s.xs[i]).Scale(ih)
	}
	for g := range s.q {
		r := s.q[g].mul(s.qs[g].conj())
		if r.W < 0 {
			r = r.neg()
		}
		s.om[g] = r.vec().Scale(2 * ih)
	}
}

// shear projects the shear part of Kugelstadt & Schömer's stretch–shear constraint: the link's
// unit tangent t equals the material axis d3 of its orientation. The stretch part is left to
// the direct solve (distances). Gradients: ∂t/∂x₁ = (I − ttᵀ)/L, ∂d3/∂θ = −[d3]× (θ a small
// world rotation), so J W Jᵀ ≈ ((w₀+w₁)/L² + w_q) on the plane ⟂ t ≈ d3.
func (s *Solver) shear(st *rope.State) {
	pos := st.Pos
	for g := range s.q {
		i := st.SegNode[g]
		e := pos[i+1].Sub(pos[i])
		L := e.Norm()
		if L < 1e-9*s.rest[g] {
			continue
		}
		t := e.Scale(1 / L)
		q := s.q[g]
		d3 := q.d3()
		wq := s.wq[g]
		if s.fixedQ[g] {
			wq = 0
		}
		w0, w1 := s.w[i], s.w[i+1]
		a := (w0+w1)/(L*L) + wq
		dl := t.Sub(d3).Scale(-1 / a)
		p := dl.Sub(t.Scale(t.Dot(dl)))
		pos[i] = pos[i].Sub(p.Scale(w0 / L))
		pos[i+1] = pos[i+1].Add(p.Scale(w1 / L))
		if wq > 0 {
			s.q[g] = q.addWorld(dl.Cross(d3).Scale(wq))
		}
	}
}

// bendTwist projects Kugelstadt & Schömer's bend–twist constraint on the Darboux vector
// Ω = (2/l)·Im(q̄ᵤq_d) of every joint (rest shape straight: Ω₀ = 0), with XPBD compliance
// diag(1/(EI·l), 1/(EI·l), 1/(GJ·l)) in the material frame of u. With r = q̄ᵤq_d and small
// body rotations φ: ∂(2 Im r)/∂φ_d = r₀I + [r]×, ∂(2 Im r)/∂φᵤ = −r₀I + [r]×, so
// J W Jᵀ = (wᵤ+w_d)/l²·(I − r rᵀ).
func (s *Solver) bendTwist(st *rope.State, h float64) {
	ih2 := 1 / (h * h)
	for u := range s.q {
		if !s.joint[u] {
			continue
		}
		d := u + 1
		wu, wd := s.wq[u], s.wq[d]
		if s.fixedQ[u] {
			wu = 0
		}
		if s.fixedQ[d] {
			wd = 0
		}
		if wu+wd == 0 {
			continue
		}
		r := s.q[u].conj().mul(s.q[d])
		if r.W < 0 {
			r = r.neg()
		}
		l := 0.5 * (s.rest[u] + s.rest[d])
		rv := r.vec()
		C := rv.Scale(2 / l)
		al := s.alphaB[u].Scale(ih2)
		lam := s.lamB[u]
		c := (wu + wd) / (l * l)
		b := vec.V3{X: -(C.X + al.X*lam.X), Y: -(C.Y + al.Y*lam.Y), Z: -(C.Z + al.Z*lam.Z)}
		dl := solveSym(
			c*(1-rv.X*rv.X)+al.X, -c*rv.X*rv.Y, -c*rv.X*rv.Z,
			c*(1-rv.Y*rv.Y)+al.Y, -c*rv.Y*rv.Z,
			c*(1-rv.Z*rv.Z)+al.Z, b)
		s.lamB[u] = lam.Add(dl)
		rx := rv.Cross(dl)
		if wd > 0 {
			s.q[d] = s.q[d].addBody(dl.Scale(r.W).Sub(rx).Scale(wd / l))
		}
		if wu > 0 {
			s.q[u] = s.q[u].addBody(dl.Scale(-r.W).Sub(rx).Scale(wu / l))
		}
	}
}

// solveSym solves the symmetric 3×3 system [a b c; b d e; c e f]·x = r by cofactors.
func solveSym(a, b, c, d, e, f float64, r vec.V3) vec.V3 {
	A := d*f - e*e
	B := c*e - b*f
	C := b*e - c*d
	det := a*A + b*B + c*C
	if det == 0 {
		return vec.V3{}
	}
	D := a*f - c*c
	E := b*c - a*e
	F := a*d - b*b
	id := 1 / det
	return vec.V3{
		X: (A*r.X + B*r.Y + C*r.Z) * id,
		Y: (B*r.X + D*r.Y + E*r.Z) * id,
		Z: (C*r.X + E*r.Y + F*r.Z) * id,
	}
}

// attach projects the HoldPosition tools: a hard attachment of the node to this substep's
// goal, whose multiplier (force·h²) is capped at MaxGraspForce·h²; beyond the cap the node
// lags.
func (s *Solver) attach(st *rope.State, h float64) {
	lim := s.P.MaxGraspForce * h * h
	for gi := range s.grasps {
		g := &s.grasps[gi]
		if g.force {
			continue
		}
		i := g.node
		w := s.w[i]
		nl := g.lam.Add(g.goal.Sub(st.Pos[i]).Scale(1 / w))
		if l := nl.Norm(); l > lim {
			nl = nl.Scale(lim / l)
		}
		st.Pos[i] = st.Pos[i].Add(nl.Sub(g.lam).Scale(w))
		g.lam = nl
	}
}

// distances solves the inextensibility constraints Cⱼ = |x_{j+1} − xⱼ| − l of strand k at once
// (Deul et al. 2018): J W Jᵀ is tridiagonal with Aⱼⱼ = wⱼ + w_{j+1} and
// A_{j,j+1} = −w_{j+1}·nⱼ·n_{j+1}; one Thomas sweep (O(n)) gives Δλ, then Δx = W JᵀΔλ.
//
// It returns the largest relative violation |C|/l before the solve.
func (s *Solver) distances(st *rope.State, k int) float64 {
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg, str.Links(), str.First
	pos := st.Pos
	var viol float64
	for j := 0; j < m; j++ {
		i := n0 + j
		e := pos[i+1].Sub(pos[i])
		L := e.Norm()
		if L > 1e-9*s.rest[f+j] {
			s.nrm[f+j] = e.Scale(1 / L)
		} else {
			s.nrm[f+j] = s.q[f+j].d3()
		}
		s.rhs[f+j] = s.rest[f+j] - L
		viol = math.Max(viol, math.Abs(s.rhs[f+j]))
	}
	// Forward elimination; cp holds c'ⱼ, rhs becomes d'ⱼ.
	var cPrev, aPrev float64
	for j := 0; j < m; j++ {
		i := n0 + j
		den := s.w[i] + s.w[i+1] - aPrev*cPrev
		var c float64
		if j+1 < m {
			c = -s.w[i+1] * s.nrm[f+j].Dot(s.nrm[f+j+1])
		}
		if j > 0 {
			s.rhs[f+j] -= aPrev * s.rhs[f+j-1]
		}
		s.rhs[f+j] /= den
		s.cp[f+j] = c / den
		cPrev, aPrev = s.cp[f+j], c
	}
	for j := m - 2; j >= 0; j-- {
		s.rhs[f+j] -= s.cp[f+j] * s.rhs[f+j+1]
	}
	// Δx_i = w_i(n_{j−1}Δλ_{j−1} − n_jΔλ_j).
	var prev vec.V3
	for j := 0; j < m; j++ {
		i := n0 + j
		dl := s.rhs[f+j]
		s.lamD[f+j] += dl
		cur := s.nrm[f+j].Scale(dl)
		pos[i] = pos[i].Add(prev.Sub(cur).Scale(s.w[i]))
		prev = cur
	}
	i := n0 + m
	pos[i] = pos[i].Add(prev.Scale(s.w[i]))
	return viol / str.Link
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

// friction returns the tangential correction of Macklin et al. 2014 §6.1 for a relative
// displacement dp of the contact points over the substep, normal n, normal correction depth.
func friction(dp, n vec.V3, depth, mus, muk float64) vec.V3 {
	dt := dp.Sub(n.Scale(n.Dot(dp)))
	l := dt.Norm()
	if l == 0 {
		return vec.V3{}
	}
	if l < mus*depth {
		return dt.Neg()
	}
	return dt.Scale(-math.Min(muk*depth/l, 1))
}

// contacts projects the self and obstacle contacts of the step's candidate pairs as
// inequality constraints with Coulomb friction, the narrow phase re-evaluated at the current
// positions.
func (s *Solver) contacts(st *rope.State, obs []shape.Shape) {
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
		pa, pb := p0.Lerp(p1, u), q0.Lerp(q1, v)
		d := math.Sqrt(d2)
		var n vec.V3
		if d > 1e-12*lim {
			n = pa.Sub(pb).Scale(1 / d)
		} else {
			n = p1.Sub(p0).Cross(q1.Sub(q0)).Unit()
			if n == (vec.V3{}) {
				n = p1.Sub(p0).AnyPerp()
			}
		}
		wa0, wa1, wb0, wb1 := s.w[a]*(1-u), s.w[a+1]*u, s.w[b]*(1-v), s.w[b+1]*v
		den := wa0*(1-u) + wa1*u + wb0*(1-v) + wb1*v
		if den == 0 {
			continue
		}
		depth := lim - d
		dp := pa.Sub(s.xs[a].Lerp(s.xs[a+1], u)).Sub(pb.Sub(s.xs[b].Lerp(s.xs[b+1], v)))
		mus := 0.5 * (s.mus[c.A] + s.mus[c.B])
		muk := 0.5 * (s.muk[c.A] + s.muk[c.B])
		dl := n.Scale(depth).Add(friction(dp, n, depth, mus, muk)).Scale(1 / den)
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
		mus, muk := s.mus[c.A], s.muk[c.A]
		if sh.Kind == shape.Plane {
			// A plane is deepest at a node: contact per node (the segment's first node, and
			// its last when it ends the strand), exact for a rope lying flat.
			s.planeNode(pos, a, sh, r, mus, muk)
			if !s.joint[c.A] {
				s.planeNode(pos, a+1, sh, r, mus, muk)
			}
			continue
		}
		p0, p1 := pos[a], pos[a+1]
		t, _, n, d := sh.SegDist(p0, p1)
		if d >= r {
			continue
		}
		w0, w1 := s.w[a]*(1-t), s.w[a+1]*t
		den := w0*(1-t) + w1*t
		if den == 0 {
			continue
		}
		depth := r - d
		dp := p0.Lerp(p1, t).Sub(s.xs[a].Lerp(s.xs[a+1], t))
		dl := n.Scale(depth).Add(friction(dp, n, depth, mus, muk)).Scale(1 / den)
		pos[a] = p0.Add(dl.Scale(w0))
		pos[a+1] = p1.Add(dl.Scale(w1))
	}
}

func (s *Solver) planeNode(pos []vec.V3, i int32, sh *shape.Shape, r, mus, muk float64) {
	d := pos[i].Sub(sh.Center).Dot(sh.Axis)
	if d >= r {
		return
	}
	depth := r - d
	pos[i] = pos[i].Add(sh.Axis.Scale(depth).Add(friction(pos[i].Sub(s.xs[i]), sh.Axis, depth, mus, muk)))
}

// finalGaps fills the contact counts and the smallest gaps from a final narrow-phase pass over
// the step's candidate pairs. Every pair closer than 2R + reach at the end was a candidate: no
// node moved further than the margin's half during the step (clampMotion).
func (s *Solver) finalGaps(st *rope.State, obs []shape.Shape, out *solver.Stats) {
	reach := 0.05 * s.rmin
	pos := st.Pos
	for ci := range s.self {
		c := &s.self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		_, _, d2 := vec.ClosestSegSeg(pos[a], pos[a+1], pos[b], pos[b+1])
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		if d2 < (lim+reach)*(lim+reach) {
			out.SelfContacts++
			out.MinSelfGap = math.Min(out.MinSelfGap, math.Sqrt(d2)-lim)
		}
	}
	for ci := range s.obs {
		c := &s.obs[ci]
		a := st.SegNode[c.A]
		_, _, _, d := obs[c.Obstacle].SegDist(pos[a], pos[a+1])
		if gap := d - st.SegRadius[c.A]; gap < reach {
			out.Contacts++
			out.MinObsGap = math.Min(out.MinObsGap, gap)
		}
	}
	out.Contacts += out.SelfContacts
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

// graspMass is the factor by which a node held by a HoldPosition tool is heavier while held.
const graspMass = 1000
