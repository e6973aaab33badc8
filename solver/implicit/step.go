package implicit

import (
	"fmt"
	"math"
	"time"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/vec"
)

// errSubsteps is returned by substep when the free motion asks for more substeps.
type needSubsteps struct{ n int }

func (e needSubsteps) Error() string { return fmt.Sprintf("implicit: %d substeps needed", e.n) }

// Step implements solver.Solver (doc.go, "One step").
func (s *Solver) Step(st *rope.State, in *solver.Input, out *solver.Stats) error {
	if len(s.v) != len(st.Pos) || s.K == nil {
		return fmt.Errorf("implicit: Step before Reset (state has %d nodes, solver %d)", len(st.Pos), len(s.v))
	}
	if !(in.Dt > 0) || math.IsInf(in.Dt, 0) {
		return fmt.Errorf("implicit: time step %v s must be positive and finite", in.Dt)
	}
	if !in.Gravity.IsFinite() {
		return fmt.Errorf("implicit: gravity %v is not finite", in.Gravity)
	}
	if err := s.setGrasps(st, in); err != nil {
		return err
	}
	if err := s.setSurfaces(in); err != nil {
		return err
	}
	if err := s.setPortals(st, in); err != nil {
		return err
	}
	*out = solver.Stats{MinSelfGap: math.Inf(1), MinObsGap: math.Inf(1)}
	s.iters = 0
	t0 := time.Now()
	s.nsDetect, s.nsContact = 0, 0
	n := max(1, s.P.Substeps)
	for {
		err := s.substeps(st, in, n, out)
		need, ok := err.(needSubsteps)
		if !ok {
			if err != nil {
				return err
			}
			break
		}
		if need.n > s.P.MaxSubsteps {
			return fmt.Errorf("implicit: the step needs %d substeps (a node would move more than %.2g of the radius in one), more than MaxSubsteps %d", need.n, s.P.MoveFraction, s.P.MaxSubsteps)
		}
		n = need.n
	}
	s.nsub = n
	for i := range s.pt {
		in.Portals[i].Pull = s.pt[i].acc
	}
	s.carryKey, s.stepKey = s.stepKey, s.carryKey
	s.carryF, s.stepF = s.stepF, s.carryF
	for i := range s.grasps {
		g := &s.grasps[i]
		if !g.force {
			s.tipT[g.node] = g.tip
			s.hadT[g.node] = true
			out.MaxLag = math.Max(out.MaxLag, g.target.Sub(st.Pos[g.node]).Norm())
		}
	}
	for i := range s.hadT {
		if s.gOf[i] < 0 {
			s.hadT[i] = false
		}
	}
	out.Iterations = s.iters
	out.NsDetect, out.NsRespond = s.nsDetect, s.nsContact-s.nsDetect
	out.NsSolve = time.Since(t0).Nanoseconds() - s.nsContact
	phys.Gaps(st, in.Obstacles, s.self, s.obs, 0.1*s.rmin, out)
	return nil
}

// setSurfaces checks the step's triangle surfaces and sizes their reaction buffers.
func (s *Solver) setSurfaces(in *solver.Input) error {
	for k := range in.Surfaces {
		sf := &in.Surfaces[k]
		switch {
		case sf.Index == nil:
			return fmt.Errorf("implicit: surface %d has no index", k)
		case sf.Index.Nodes() != len(sf.Pos):
			return fmt.Errorf("implicit: surface %d has %d positions; its index was made for %d nodes", k, len(sf.Pos), sf.Index.Nodes())
		case !(sf.Friction.Static >= 0) || math.IsInf(sf.Friction.Static, 0) || !(sf.Friction.Kinetic >= 0) || sf.Friction.Kinetic > sf.Friction.Static:
			return fmt.Errorf("implicit: surface %d friction %+v: want 0 ≤ kinetic ≤ static, finite", k, sf.Friction)
		case sf.Compliance != nil && len(sf.Compliance) != len(sf.Pos):
			return fmt.Errorf("implicit: surface %d has %d compliances for %d nodes", k, len(sf.Compliance), len(sf.Pos))
		}
		for i, c := range sf.Compliance {
			if !(c >= 0) || math.IsInf(c, 0) {
				return fmt.Errorf("implicit: surface %d node %d compliance %v m/N must be ≥ 0 and finite", k, i, c)
			}
		}
	}
	if cap(s.sforce) < len(in.Surfaces) {
		s.sforce = append(s.sforce[:cap(s.sforce)], make([][]vec.V3, len(in.Surfaces)-cap(s.sforce))...)
	}
	s.sforce = s.sforce[:len(in.Surfaces)]
	for k := range in.Surfaces {
		s.sforce[k] = phys.Grow(s.sforce[k], len(in.Surfaces[k].Pos))
	}
	return nil
}

// setGrasps reads the step's tools.
func (s *Solver) setGrasps(st *rope.State, in *solver.Input) error {
	for _, g := range s.grasps {
		s.gOf[g.node] = -1
	}
	s.grasps = s.grasps[:0]
	for _, g := range in.Grasps {
		if g.Node < 0 || g.Node >= len(st.Pos) {
			return fmt.Errorf("implicit: grasp of node %d: no such node", g.Node)
		}
		if s.gOf[g.Node] >= 0 {
			return fmt.Errorf("implicit: node %d is grasped twice", g.Node)
		}
		gr := grasp{node: int32(g.Node)}
		switch g.Mode {
		case solver.HoldForce:
			if !g.Force.IsFinite() {
				return fmt.Errorf("implicit: the force %v on node %d is not finite", g.Force, g.Node)
			}
			gr.force, gr.target, gr.applied = true, g.Force, g.Force
		default:
			if !g.Target.IsFinite() {
				return fmt.Errorf("implicit: the target %v of node %d is not finite", g.Target, g.Node)
			}
			if !(g.Stiffness >= 0) || math.IsInf(g.Stiffness, 0) {
				return fmt.Errorf("implicit: the stiffness %v N/m of the tool on node %d must be ≥ 0 and finite", g.Stiffness, g.Node)
			}
			gr.spring = g.Stiffness
			if gr.spring == 0 {
				gr.spring = s.P.GraspStiffness
			}
			gr.target = g.Target
			gr.prev = st.Pos[g.Node]
			if s.hadT[g.Node] {
				gr.prev = s.tipT[g.Node]
			}
		}
		s.gOf[g.Node] = int32(len(s.grasps))
		s.grasps = append(s.grasps, gr)
	}
	return nil
}

// substeps runs n substeps of the step, or returns needSubsteps (with the state restored)
// when the first one's free motion is too large for n.
func (s *Solver) substeps(st *rope.State, in *solver.Input, n int, out *solver.Stats) error {
	h := in.Dt / float64(n)
	s.hfrac = 1 / float64(n)
	for _, f := range s.sforce {
		clear(f)
	}
	for i := range s.pt {
		s.pt[i].acc = 0
	}
	s.stepKey, s.stepF = s.stepKey[:0], s.stepF[:0]
	for k := range n {
		frac := float64(k+1) / float64(n)
		for i := range s.grasps {
			g := &s.grasps[i]
			if !g.force {
				g.tip = g.prev.Lerp(g.target, frac)
				// A spring stretched beyond the cap even after the node moves on at its
				// velocity pulls the cap from the start (a tool running away from a knot
				// pulled tight); the substep then caps or uncaps it. (Capped from the tip's
				// lag alone, a tool leading a free thread at speed pulled 50 N on micrograms
				// of thread, and the step took hundreds of substeps.)
				ahead := st.Pos[g.node].Add(s.v[g.node].Scale(h))
				g.capped = g.tip.Sub(ahead).Norm()*g.spring > s.P.MaxGraspForce
			}
		}
		err := s.substep(st, in, h, k == 0 && s.P.Substeps == 0, out)
		if err != nil {
			return err
		}
	}
	return nil
}

// substep advances st by h: assemble, factor, the free step, the contacts, a capped tool
// solved again.
func (s *Solver) substep(st *rope.State, in *solver.Input, h float64, adapt bool, out *solver.Stats) error {
	copy(s.x0, st.Pos)
	var step []float64
redoLoop:
	for redo := 0; ; redo++ {
		if err := s.assemble(st, in, h); err != nil {
			return err
		}
		if err := s.chf.Factor(s.K); err != nil {
			return fmt.Errorf("implicit: the step's matrix: %w", err)
		}
		copy(s.dxf, s.rhs)
		s.chf.Solve(s.dxf)
		s.balance(in)
		move, node := s.maxMove(s.dxf)
		if !(move < math.Inf(1)) {
			return fmt.Errorf("implicit: the free step of node %d is not finite", node)
		}
		// Speculative contacts: a pair is a contact if it is within reach of the motion its
		// nodes may make in the substep — twice the last substep's, then, if the solved step
		// moves a node further, twice that (the contacts found again).
		for i := range s.allow {
			s.allow[i] = 2 * s.v[i].Norm() * h
		}
		for pass := 0; ; pass++ {
			tc := time.Now()
			if err := s.contacts(st, in); err != nil {
				return err
			}
			if err := s.solveRows(false); err != nil {
				return err
			}
			s.nsContact += time.Since(tc).Nanoseconds()
			if move, _ := s.maxMove(s.dx); adapt && move > s.P.MoveFraction*s.reach {
				// A tool is what moves the thread too far when its capped pull carries the
				// node past its tip (a tool that starts or stops on a light thread): uncap
				// it before asking for more substeps. Only in the first two redos: the later
				// ones are the cap's (a retool in the fourth left a spring pulling 50.2 N
				// against a 50 N cap).
				if redo < 2 && s.retool() {
					continue redoLoop
				}
				// The step scales with h where it is the velocity's and with h² where it is a
				// force's: the square root of the ratio never overshoots; Step asks again.
				n := math.Round(in.Dt / h)
				return needSubsteps{int(math.Min(MaxSubstepsCap+1, math.Max(n+1, math.Ceil(n*math.Sqrt(move/(s.P.MoveFraction*s.reach))))))}
			}
			// A tissue surface or a moving obstacle that moved into the thread by d is pushed
			// out by at most pushCap a substep: the step takes d/pushCap of them.
			if adapt {
				d := 0.0
				for c := range s.rows {
					if s.rows[c].surf != 0 || s.rows[c].moving {
						d = math.Max(d, -s.rows[c].gap)
					}
				}
				n := math.Round(in.Dt / h)
				if need := math.Max(math.Ceil(d/s.pushCap()), s.portalNeed(n)); need > n {
					return needSubsteps{int(math.Min(MaxSubstepsCap+1, need))}
				}
			}
			more := false
			for i := range s.allow {
				if m := nodeMove(s.dx, int32(i)); m > s.allow[i]+0.1*s.rmin {
					s.allow[i], more = 2*m, true
				}
			}
			if !more || pass == 2 {
				break
			}
		}
		// Split push: where contacts overlap deeper than a substep pushes out (solveRows; a
		// shallower push is a slow one, as in a tight knot, and the split costs a second
		// contact solve), the substep pushes them out (the step taken, kept in s.dxn), but its
		// velocity and the forces kept and reported are those of the same substep with the
		// overlaps taken as touching (s.dx). Pushing a depth d out within a substep h takes a
		// force ∝ d/h²: it would throw the thread off at d/h (a thread laid 0.8 R into a floor
		// left it 8 R above the floor at 6 cm/s). A tissue surface's or a moving obstacle's
		// overlap (from 0.05 R) is its own motion into the thread: the thread keeps the push's velocity (it moves with
		// the surface), but the tissue gets only the forces without the push. Given the push's
		// d/h² as well, a slab crushed under a thread pulled over its edge was shoved back into
		// the thread harder each step, the substeps rising until the step failed (0.3 N: after
		// 32 steps; split, after 98).
		step = s.dx
		s.split, s.splitV = false, false
		for c := range s.rows {
			r := &s.rows[c]
			moves := r.surf != 0 || r.moving
			if !moves && r.gap < -s.pushCap() {
				s.split, s.splitV = true, true
			}
			if moves && r.gap < -0.05*s.rmin {
				s.split = true
			}
		}
		if s.split {
			copy(s.dxn, s.dx)
			if err := s.solveRows(true); err != nil {
				return err
			}
			step = s.dxn
		}
		s.keepForces()
		for i := range st.Pos {
			d := vec.V3{X: step[3*i], Y: step[3*i+1], Z: step[3*i+2]}
			if !d.IsFinite() {
				copy(st.Pos, s.x0)
				return fmt.Errorf("implicit: the step of node %d is not finite (rolled back)", i)
			}
			st.Pos[i] = s.x0[i].Add(d)
		}
		// A position tool pulling beyond its cap: solve the substep again with it pulling the cap.
		again := false
		for i := range s.grasps {
			g := &s.grasps[i]
			if g.force {
				continue
			}
			p := st.Pos[g.node]
			if g.capped {
				dir := g.tip.Sub(s.x0[g.node])
				g.applied = dir.Unit().Scale(s.P.MaxGraspForce)
				// Pulled with the cap, the node reached or passed the tip: the spring holds it
				// (pulling less than the cap); solve again with the spring (no bang-bang). Not
				// in the last redo: the spring might then pull beyond the cap.
				if e := g.tip.Sub(p); (e.Dot(dir) <= 0 || e.Norm()*g.spring < s.P.MaxGraspForce) && redo < 3 {
					g.capped, again = false, true
				}
				continue
			}
			f := g.tip.Sub(p).Scale(g.spring)
			if f.Norm() > s.P.MaxGraspForce && redo < 4 {
				g.capped, again = true, true
			}
			g.applied = f
		}
		// A stitch that held the thread but is now pulled beyond its grip: solve the substep
		// again with the thread sliding through it (held, a stiff thread's tension would
		// grow without bound within the substep).
		if len(in.Portals) > 0 && redo < 4 && s.gripSlips(st, in, h) {
			again = true
		}
		if !again {
			break
		}
		copy(st.Pos, s.x0)
	}
	if len(in.Surfaces) > 0 {
		s.surfaceForces(h / in.Dt)
	}
	if len(in.Portals) > 0 {
		s.portalForces(in, step, h/in.Dt)
		s.unpark = s.unpark[:0]
		s.transportPortals(st, in, h, h/in.Dt)
	}
	s.limitStrain(st)
	for k, str := range st.Strands {
		lo, hi := str.First, str.First+str.Nodes
		s.sd[k].tw.Accumulate(s.x0[lo:hi], st.Pos[lo:hi], s.gpsi[lo:hi])
	}
	for i := range st.Pos {
		s.v[i] = st.Pos[i].Sub(s.x0[i]).Scale(1 / h)
		if s.splitV {
			s.v[i] = s.v[i].Sub(vec.V3{X: s.dxn[3*i] - s.dx[3*i], Y: s.dxn[3*i+1] - s.dx[3*i+1], Z: s.dxn[3*i+2] - s.dx[3*i+2]}.Scale(1 / h))
		}
	}
	if len(in.Portals) > 0 {
		// Inside a portal a node is carried along the path, not moving with the thread; one
		// that left this substep moves as its outside neighbour.
		for _, g := range s.marked {
			if n := st.SegNode[g]; s.nodeIn[n] >= 0 {
				s.v[n] = vec.V3{}
			}
		}
		for j := 0; j < len(s.unpark); j += 2 {
			s.v[s.unpark[j]] = s.v[s.unpark[j+1]]
		}
	}
	s.tensions(st)
	s.h = h
	return nil
}

// retool uncaps every capped position tool whose pull carries its node past its tip in the
// step s.dx (a tool that starts or stops on a light thread), and reports whether there was
// one.
func (s *Solver) retool() bool {
	changed := false
	for i := range s.grasps {
		g := &s.grasps[i]
		if g.force || !g.capped {
			continue
		}
		n := int(g.node)
		p := s.x0[n].Add(vec.V3{X: s.dx[3*n], Y: s.dx[3*n+1], Z: s.dx[3*n+2]})
		if g.tip.Sub(p).Dot(g.tip.Sub(s.x0[n])) <= 0 {
			g.capped, changed = false, true
		}
	}
	return changed
}

// balance removes the linear solve's rounding from the free step's momentum: the stiffness
// H moves no centre of mass (its block columns sum to zero), so Σ c_i·Δx_i must equal Σ rhs_i
// exactly (c_i the diagonal the scheme added); the difference, a rounding of the order of
// ε·|H|·|Δx| that a stiff stretch makes large, is spread as a uniform translation.
func (s *Solver) balance(in *solver.Input) {
	var r, c [3]float64
	for i := range s.dxf {
		d := i % 3
		r[d] += s.rhs[i] - s.diag[i]*s.dxf[i]
		c[d] += s.diag[i]
	}
	if len(in.Portals) > 0 {
		// The portals hold the rope to the surfaces: their stiffness moves its centre of mass.
		p := s.balancePortals(in, s.dxf)
		for d := range 3 {
			r[d] -= p[d]
		}
	}
	for d := range 3 {
		if c[d] > 0 {
			r[d] /= c[d]
		}
	}
	for i := range s.dxf {
		s.dxf[i] += r[i%3]
	}
}

// limitStrain projects every link longer or shorter than StrainLimit of its rest length back
// to within half of it (Gauss–Seidel on the lengths, weighted by inverse mass: a node held by
// a position tool is heavy; at most 100 sweeps). The linearised step stretches a link that
// turns fast (by about half the square of the angle it turns); the stiff stretch alone would
// pull it back one step late.
func (s *Solver) limitStrain(st *rope.State) {
	lim := s.P.StrainLimit
	for sweep := 0; sweep < 100; sweep++ {
		worst := 0.0
		for _, str := range st.Strands {
			for j := 0; j < str.Links(); j++ {
				a := str.First + j
				l := s.rest[str.FirstSeg+j]
				if s.segIn[str.FirstSeg+j] >= 0 {
					continue // a portal's (its length is the portal's, λ)
				}
				d := st.Pos[a+1].Sub(st.Pos[a])
				n := d.Norm()
				e := n/l - 1
				if math.Abs(e) <= lim*0.5 || n == 0 {
					continue
				}
				worst = math.Max(worst, math.Abs(e))
				wa, wb := s.invMass(a), s.invMass(a+1)
				if wa+wb == 0 {
					continue
				}
				c := d.Scale((n - l) / (n * (wa + wb)))
				st.Pos[a] = st.Pos[a].Add(c.Scale(wa))
				st.Pos[a+1] = st.Pos[a+1].Sub(c.Scale(wb))
			}
		}
		if worst <= lim {
			return
		}
	}
}

// invMass is the weight of node i in limitStrain: 1/m, or 1/(m + k·h²) for a node on a spring tool.
func (s *Solver) invMass(i int) float64 {
	m := s.m[i]
	if g := s.gOf[i]; g >= 0 && !s.grasps[g].force {
		m += s.grasps[g].spring * s.h * s.h
	}
	return 1 / m
}

// maxMove returns the largest motion of a node in dx (3 per node), m, and the node.
func (s *Solver) maxMove(dx []float64) (float64, int) {
	worst, at := 0.0, 0
	for i := 0; i < len(dx); i += 3 {
		d := dx[i]*dx[i] + dx[i+1]*dx[i+1] + dx[i+2]*dx[i+2]
		if !(d <= worst) {
			worst, at = d, i/3
			if math.IsNaN(d) {
				return math.NaN(), at
			}
		}
	}
	return math.Sqrt(worst), at
}

// assemble builds A = D/h-terms + H and the right-hand side at st.Pos (doc.go).
func (s *Solver) assemble(st *rope.State, in *solver.Input, h float64) error {
	if len(in.Portals) > 0 {
		// A transport may have widened a portal (portalWidth).
		if err := s.portalWidth(in, len(st.Pos)); err != nil {
			return err
		}
	}
	s.K.Zero()
	clear(s.f)
	for k, str := range st.Strands {
		lo, hi := str.First, str.First+str.Nodes
		x := st.Pos[lo:hi]
		l := s.rest[str.FirstSeg : str.FirstSeg+str.Links()]
		// The links inside a portal are the portal's (portal.go): the strand's stretch and
		// bending act on the pieces between its portals.
		a := lo
		for _, i := range s.ptOrd {
			if p := in.Portals[i]; s.pt[i].str == k {
				s.addPiece(st, k, a, p.A)
				a = p.B
			}
		}
		s.addPiece(st, k, a, hi-1)
		s.addTwist(k, x, l, lo, hi)
	}
	if len(in.Portals) > 0 {
		s.assemblePortals(st, in, h)
	}
	over := s.P.Scheme == Overdamped
	for i := range st.Pos {
		var c float64
		r := s.f[i].Add(in.Gravity.Scale(s.m[i]))
		if over {
			c = s.P.Viscosity * s.share[i] / h
		} else {
			c = s.m[i] * (1 + s.damp[i]*h) / (h * h)
			r = r.Add(s.v[i].Scale(s.m[i] / h))
		}
		if s.nodeIn[i] >= 0 {
			// Inside a portal: not simulated (placed on the path after the substep).
			r = vec.V3{}
		} else if gi := s.gOf[i]; gi >= 0 {
			g := &s.grasps[gi]
			switch {
			case g.force:
				r = r.Add(g.target)
			case g.capped:
				r = r.Add(g.tip.Sub(st.Pos[i]).Unit().Scale(s.P.MaxGraspForce))
			default:
				c += g.spring
				r = r.Add(g.tip.Sub(st.Pos[i]).Scale(g.spring))
			}
		}
		if !r.IsFinite() {
			return fmt.Errorf("implicit: the force on node %d is not finite", i)
		}
		s.diag[3*i], s.diag[3*i+1], s.diag[3*i+2] = c, c, c
		s.rhs[3*i], s.rhs[3*i+1], s.rhs[3*i+2] = r.X, r.Y, r.Z
	}
	for k, str := range st.Strands {
		if c := s.sd[k].twDamp; c > 0 {
			for i := 3 * str.First; i < 3*(str.First+str.Nodes); i++ {
				s.diag[i] += c
			}
		}
	}
	s.K.AddDiag(s.diag)
	return nil
}

// addPiece adds the stretch and bending of strand k's nodes a…b (global indices) to s.f and s.K.
func (s *Solver) addPiece(st *rope.State, k, a, b int) {
	if b <= a {
		return
	}
	str := st.Strands[k]
	g := str.FirstSeg - str.First
	l := s.rest[a+g : b+g]
	addStretch(st.Pos[a:b+1], l, s.sd[k].EA, s.f[a:b+1], s.K, a)
	addBend(st.Pos[a:b+1], l, s.sd[k].EI, s.f[a:b+1], s.K, a)
}

// addTwist adds strand k's quasi-static twist forces (seed 003 §4.1.3: computed from the
// centre line as if twist were a degree of freedom, then left out of the implicit solve) to
// s.f, explicitly. Their Jacobian, −τ·∇²Ψ + (GJ/L̄)·∇Ψ∇Ψᵀ, is indefinite (the buckling into
// plectonemes is its negative part) and its second term is dense; it is not linearised. An
// explicit force of stiffness k is stable next to the implicit bending's zig-zag stiffness
// 16·EI/l³ while k stays below it: the twist's is at most about 4|τ|/l² (package dvi's bound).
// Beyond half the bending's, the excess is added to the diagonal (a damping of the zig-zag
// the explicit twist would pump; off while the twist is small).
func (s *Solver) addTwist(k int, x []vec.V3, l []float64, lo, hi int) {
	d := &s.sd[k]
	d.twDamp = 0
	d.tw.Forces(x, l, d.GJ, s.gpsi[lo:hi], s.f[lo:hi])
	if d.tw.Tau == 0 {
		return
	}
	lm := d.link
	d.twDamp = math.Max(0, 4*math.Abs(d.tw.Tau)/(lm*lm)-8*d.EI/(lm*lm*lm))
}

// tensions sets every link's axial force at st.Pos, N.
func (s *Solver) tensions(st *rope.State) {
	for k, str := range st.Strands {
		for j := 0; j < str.Links(); j++ {
			g := str.FirstSeg + j
			a := str.First + j
			if p := s.segIn[g]; p >= 0 {
				s.ten[g] = s.pt[p].T
				continue
			}
			s.ten[g] = s.sd[k].EA * (st.Pos[a+1].Sub(st.Pos[a]).Norm()/s.rest[g] - 1)
		}
	}
}
