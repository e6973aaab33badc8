package ftl

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Params are the FTL solver's knobs. Lengths in m.
type Params struct {
	// Delta is the most a grasped node moves per cycle, m; must be below the smallest rope
	// radius (Brown §2: "slightly smaller than R"). 0 means 0.9·Rmin.
	Delta float64
	// Epsilon is the friction margin ε, m: colliding links are pushed ε/2 beyond touching
	// (obstacles: ε). Larger ε slides more easily (Brown §6: 0.1–0.2 of the link for R = 0.5).
	Epsilon float64
	// Iterations is the largest number of detection+response passes per cycle (≥ 1).
	Iterations int
	// Tolerance is the overlap, m, that ends the response passes early; 0 means 0.05·Rmin.
	Tolerance float64
	// Clusters turns on the rigid motion of clusters (Brown §5).
	Clusters bool
	// StretchGuard stops a grasp from pulling two constrained nodes k links apart further than
	// k·MaxStretch·link (Brown §3).
	StretchGuard bool
	// MaxStretch is h/link in the k·h rule, ≥ 1.
	MaxStretch float64
	// LengthPasses is the number of Gauss–Seidel sweeps that pull every link back to its rest
	// length after each response pass (ours, not the paper's: the response shifts whole links,
	// which stretches their neighbours, and links between two contact nodes are never touched
	// by FTL, so in a tight knot the stretch would accumulate). 0 is the paper's behaviour.
	LengthPasses int
}

// DefaultParams returns the parameters used by the built-in scenes for a rope of radius r and
// link length l, m: Delta 0.9r, ε = 0.3r (0.15 of the unit link at R = 0.5), 8 passes, clusters
// and the stretch guard on.
func DefaultParams(r, l float64) Params {
	return Params{Delta: 0.9 * r, Epsilon: 0.3 * r, Iterations: 8, Clusters: true, StretchGuard: true, MaxStretch: 1, LengthPasses: 2}
}

// Solver is the FTL solver. It implements solver.Solver.
type Solver struct {
	P   Params
	Det collide.Detector

	// per node
	fixed    []bool   // contact node from the previous cycle
	grasped  []bool   // grasped this cycle
	holds    []bool   // grasped and at its tool's target this cycle: a pin, which gives nothing
	save     []vec.V3 // FTL2 scratch: original positions
	pass     []vec.V3 // FTL2 scratch: result of the first pass
	disp     []vec.V3 // response: summed displacement
	cnt      []int32  // response: number of suggestions
	before   []vec.V3 // positions before FTL (cluster fit)
	constr   []int32  // sorted constrained nodes of the strand being solved
	inClust  []int32  // per node: cluster id+1 of the node, 0 if none
	segClust []int32  // per segment: union-find parent, −1 if not clustered
	// per segment
	contactSeg []bool // segment in contact at the end of the previous cycle
	// per step
	graspPos []vec.V3 // where each grasp moves its node this cycle
	graspOld []vec.V3 // ... from where
	contacts []collide.Contact
	obs      []collide.Contact
	rmin     float64
	delta    float64
	maxMove  float64 // no node moves further than this in one cycle, m
	tight    []bool  // per strand: the last cycle ended with an overlap deeper than tightDepth or a stretch beyond tightStretch
	// rollback (see Step)
	frozen      []bool  // per grasp: held where it is in this attempt
	deepStrand  []bool  // per strand: the attempt left an overlap deeper than rollbackDepth on it
	prevClust   []int32 // segClust, contactSeg and tight as the step found them
	prevContact []bool
	prevTight   []bool
	tol         float64
	fits        []clusterFit // per segment (indexed by cluster root)
}

// New returns an FTL solver using detector det.
func New(p Params, det collide.Detector) (*Solver, error) {
	if det == nil {
		return nil, errors.New("ftl: nil collision detector")
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &Solver{P: p, Det: det}, nil
}

func (p Params) validate() error {
	bad := func(name string, v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v < 0 }
	switch {
	case bad("delta", p.Delta):
		return fmt.Errorf("ftl: delta %v must be finite and ≥ 0", p.Delta)
	case bad("epsilon", p.Epsilon):
		return fmt.Errorf("ftl: epsilon %v must be finite and ≥ 0", p.Epsilon)
	case bad("tolerance", p.Tolerance):
		return fmt.Errorf("ftl: tolerance %v must be finite and ≥ 0", p.Tolerance)
	case p.LengthPasses < 0 || p.LengthPasses > 100:
		return fmt.Errorf("ftl: length passes %d must be in 0..100", p.LengthPasses)
	case p.Iterations < 1 || p.Iterations > 1000:
		return fmt.Errorf("ftl: iterations %d must be in 1..1000", p.Iterations)
	case p.StretchGuard && (math.IsNaN(p.MaxStretch) || p.MaxStretch < 1 || math.IsInf(p.MaxStretch, 0)):
		return fmt.Errorf("ftl: max stretch %v must be finite and ≥ 1", p.MaxStretch)
	}
	return nil
}

// Name implements solver.Solver.
func (s *Solver) Name() string { return "ftl" }

// GraspForce implements solver.Solver: FTL is geometric and has no force model.
func (s *Solver) GraspForce(int) (vec.V3, bool) { return vec.V3{}, false }

// Reset implements solver.Solver.
func (s *Solver) Reset(st *rope.State) error {
	if len(st.Strands) == 0 {
		return errors.New("ftl: no rope")
	}
	n := len(st.Pos)
	m := st.NumSegs()
	s.rmin = math.Inf(1)
	for _, k := range st.Strands {
		s.rmin = math.Min(s.rmin, k.Radius)
	}
	s.delta = s.P.Delta
	if s.delta == 0 {
		s.delta = 0.9 * s.rmin
	}
	if s.delta >= s.rmin {
		return fmt.Errorf("ftl: delta %g m must be below the smallest rope radius %g m, or the rope can pass through itself", s.delta, s.rmin)
	}
	if s.P.Epsilon >= s.rmin {
		return fmt.Errorf("ftl: epsilon %g m must be below the smallest rope radius %g m", s.P.Epsilon, s.rmin)
	}
	// Brown §4's argument against passing through needs every point to move less than R per
	// cycle; with overlaps of up to 0.25R allowed, two segments 1.75R apart may close at most
	// 2·maxMove < 1.75R, so their axes never cross within a cycle.
	s.maxMove = math.Max(s.delta, 0.85*s.rmin)
	s.tol = s.P.Tolerance
	if s.tol == 0 {
		s.tol = 0.05 * s.rmin
	}
	s.fixed = make([]bool, n)
	s.grasped = make([]bool, n)
	s.holds = make([]bool, n)
	s.save = make([]vec.V3, n)
	s.pass = make([]vec.V3, n)
	s.disp = make([]vec.V3, n)
	s.cnt = make([]int32, n)
	s.before = make([]vec.V3, n)
	s.constr = make([]int32, 0, n)
	s.inClust = make([]int32, n)
	s.segClust = make([]int32, m)
	s.contactSeg = make([]bool, m)
	s.contacts = make([]collide.Contact, 0, 4*m)
	s.obs = make([]collide.Contact, 0, m)
	s.fits = make([]clusterFit, m)
	s.tight = make([]bool, len(st.Strands))
	s.deepStrand = make([]bool, len(st.Strands))
	s.prevTight = make([]bool, len(st.Strands))
	s.prevClust = make([]int32, m)
	s.prevContact = make([]bool, m)
	for i := range s.segClust {
		s.segClust[i] = -1
	}
	return nil
}

// Step implements solver.Solver.
func (s *Solver) Step(st *rope.State, in *solver.Input, out *solver.Stats) error {
	if len(in.Surfaces) > 0 {
		return fmt.Errorf("ftl: triangle surfaces (tissue) are not supported by this solver yet; use implicit")
	}
	if len(s.fixed) != len(st.Pos) || len(s.contactSeg) != st.NumSegs() {
		if err := s.Reset(st); err != nil {
			return err
		}
	}
	*out = solver.Stats{}
	s.loadContactConstraints(st)
	copy(s.before, st.Pos)
	clear(s.grasped)
	for _, g := range in.Grasps {
		if g.Node < 0 || g.Node >= len(st.Pos) {
			return fmt.Errorf("ftl: grasp of node %d, rope has %d nodes", g.Node, len(st.Pos))
		}
		if g.Mode != solver.HoldPosition {
			return fmt.Errorf("ftl: the tool on node %d pulls with a force; FTL is geometric and holds nodes by position only (use a physical solver such as pbd)", g.Node)
		}
		if !g.Target.IsFinite() {
			return fmt.Errorf("ftl: grasp target of node %d is not finite: %v", g.Node, g.Target)
		}
		s.grasped[g.Node] = true
	}
	// A cycle whose tools push the rope into an overlap the response cannot remove (twenty
	// ropes squeezed to one point; a rope stretched by a tool with the stretch guard off) is
	// undone and run again with those tools held where they are, then with every tool held:
	// the tools lag instead (issue 15 item 3: published overlaps stay within 0.25 R).
	copy(s.prevClust, s.segClust)
	copy(s.prevContact, s.contactSeg)
	copy(s.prevTight, s.tight)
	if cap(s.frozen) < len(in.Grasps) {
		s.frozen = make([]bool, len(in.Grasps))
	}
	s.frozen = s.frozen[:len(in.Grasps)]
	clear(s.frozen)
	for attempt := 0; ; attempt++ {
		held := true
		for _, f := range s.frozen {
			held = held && f
		}
		passes := s.P.Iterations
		if held {
			passes *= heldPasses
		}
		deep := s.cycle(st, in, out, passes)
		if deep < 0 || held {
			break
		}
		for i, g := range in.Grasps {
			if attempt > 0 || s.deepStrand[strandOf(st, g.Node)] {
				s.frozen[i] = true
			}
		}
		out.Rollbacks++
		copy(st.Pos, s.before)
		copy(s.segClust, s.prevClust)
		copy(s.contactSeg, s.prevContact)
		copy(s.tight, s.prevTight)
	}
	for _, g := range in.Grasps {
		out.MaxLag = math.Max(out.MaxLag, st.Pos[g.Node].Dist(g.Target))
	}
	return nil
}

// rollbackDepth is the overlap, as a fraction of the thinner radius, left at the end of a
// cycle's response that makes Step undo the cycle and hold the tools (the published bound is
// 0.25 R).
const rollbackDepth = 0.2

// heldPasses multiplies Iterations when every tool is held (or there is none): what overlap
// remains then comes from the rope itself (links stretched with the guard off pulling back
// through a knot), and more response passes are the only remedy left.
const heldPasses = 4

// cycle runs one FTL cycle from the state at the start of the step (s.before) with the grasps
// of in, except those marked in s.frozen, which hold their nodes where they are, and at most
// passes detection+response passes. It returns the deepest overlap left after the response,
// as a fraction of the thinner radius, if it exceeds rollbackDepth and −1 otherwise;
// s.deepStrand then marks the strands involved.
func (s *Solver) cycle(st *rope.State, in *solver.Input, out *solver.Stats, passes int) float64 {
	out.MinSelfGap, out.MinObsGap = math.Inf(1), math.Inf(1)
	t0 := time.Now()

	// 1. Grasps.
	// Every grasp moves against the others' positions at the start of the cycle, then all
	// move at once: the outcome does not depend on the order of the tools (moved one after
	// the other, a tool pulling the rope taut won every tug of war against a pin listed after
	// it, dragging the pinned node 0.6 m from its pin: issue 15).
	s.graspPos, s.graspOld = s.graspPos[:0], s.graspOld[:0]
	for i, g := range in.Grasps {
		s.graspOld = append(s.graspOld, st.Pos[g.Node])
		if s.frozen[i] {
			s.graspPos = append(s.graspPos, st.Pos[g.Node])
			continue
		}
		s.graspPos = append(s.graspPos, s.moveGrasp(st, g))
	}
	for i, g := range in.Grasps {
		st.Pos[g.Node] = s.graspPos[i]
	}
	if s.P.StretchGuard {
		s.keepGraspedLinks(st, in.Grasps)
	}
	clear(s.holds)
	for _, g := range in.Grasps {
		s.holds[g.Node] = g.Target.Dist(st.Pos[g.Node]) <= holdTolerance*st.Strands[strandOf(st, g.Node)].Link
	}

	// 2. FTL per strand.
	for k := range st.Strands {
		s.ftlStrand(st, k)
	}
	t1 := time.Now()
	out.NsSolve += t1.Sub(t0).Nanoseconds()

	// 3. Clusters of the previous cycle's contacts move rigidly.
	if s.P.Clusters {
		s.clusterMotion(st, out)
	}
	s.relaxLengths(st)
	s.capMotion(st)
	t2 := time.Now()
	out.NsCluster += t2.Sub(t1).Nanoseconds()

	// 4+5. Detection and response.
	clear(s.contactSeg)
	for it := 0; ; it++ {
		ta := time.Now()
		s.Det.Update(st)
		tb := time.Now()
		s.contacts = s.Det.Self(s.contacts[:0], st, 0)
		s.obs = collide.ObstaclesExcept(s.obs[:0], st, in.Obstacles, 0, in.ObstacleSkip)
		tc := time.Now()
		out.NsRefit += tb.Sub(ta).Nanoseconds()
		out.NsDetect += tc.Sub(tb).Nanoseconds()
		if it == 0 {
			out.SelfContacts = len(s.contacts)
			out.Contacts = len(s.contacts) + len(s.obs)
			for i := range s.contacts {
				s.contactSeg[s.contacts[i].A] = true
				s.contactSeg[s.contacts[i].B] = true
			}
			for i := range s.obs {
				s.contactSeg[s.obs[i].A] = true
			}
			s.buildClusters(st)
		}
		// The first pass answers every contact (Brown §5: push out by ε beyond touching, so the
		// pair may slide next cycle); later passes only run while overlaps deeper than the
		// tolerance remain.
		deep := it == 0 && len(s.contacts)+len(s.obs) > 0
		for i := range s.contacts {
			if s.contacts[i].Depth > s.tol {
				deep = true
				break
			}
		}
		for i := range s.obs {
			if s.obs[i].Depth > s.tol {
				deep = true
				break
			}
		}
		if !deep || it == passes {
			for i := range s.contacts {
				out.MinSelfGap = math.Min(out.MinSelfGap, -s.contacts[i].Depth)
			}
			for i := range s.obs {
				out.MinObsGap = math.Min(out.MinObsGap, -s.obs[i].Depth)
			}
			out.Iterations = it
			clear(s.tight)
			for i := range s.contacts {
				if c := &s.contacts[i]; c.Depth > tightDepth*st.SegRadius[c.A] {
					s.tight[st.SegStrand[c.A]] = true
					s.tight[st.SegStrand[c.B]] = true
				}
			}
			if s.P.StretchGuard {
				for k := range st.Strands {
					if st.Length(k) > st.RestLength(k)*(1+tightStretch) {
						s.tight[k] = true
					}
				}
			}
			deepest := -1.0
			clear(s.deepStrand)
			for i := range s.contacts {
				c := &s.contacts[i]
				if d := c.Depth / math.Min(st.SegRadius[c.A], st.SegRadius[c.B]); d > rollbackDepth {
					deepest = math.Max(deepest, d)
					s.deepStrand[st.SegStrand[c.A]] = true
					s.deepStrand[st.SegStrand[c.B]] = true
				}
			}
			for i := range s.obs {
				c := &s.obs[i]
				if d := c.Depth / st.SegRadius[c.A]; d > rollbackDepth {
					deepest = math.Max(deepest, d)
					s.deepStrand[st.SegStrand[c.A]] = true
				}
			}
			return deepest
		}
		if it == 0 {
			s.respond(st)
		} else {
			s.respondSequential(st, in.Obstacles)
		}
		if s.P.StretchGuard {
			// The response moves grasped nodes too, and nothing else restores a link held at
			// both ends: two tools driven through each other squeezed theirs to 0.87 links.
			s.keepGraspedLinks(st, in.Grasps)
		}
		s.capMotion(st)
		out.NsRespond += time.Since(tc).Nanoseconds()
	}
}

// loadContactConstraints fixes, for this cycle's FTL, the end nodes of every link that was in
// contact at the end of the previous cycle (Brown §5: a contact constraint lives one cycle).
func (s *Solver) loadContactConstraints(st *rope.State) {
	clear(s.fixed)
	for seg, c := range s.contactSeg {
		if c {
			a := st.SegNode[seg]
			s.fixed[a], s.fixed[a+1] = true, true
		}
	}
}

// moveGrasp returns where node g.Node goes: towards its target by at most delta, subject to
// the stretch guard (against the other nodes where they are now).
func (s *Solver) moveGrasp(st *rope.State, g solver.Grasp) vec.V3 {
	p := st.Pos[g.Node]
	d := g.Target.Sub(p)
	l := d.Norm()
	if l > s.delta {
		d = d.Scale(s.delta / l)
	}
	np := p.Add(d)
	if s.P.StretchGuard {
		k := strandOf(st, g.Node)
		str := st.Strands[k]
		lo, hi := str.First, str.First+str.Nodes-1
		h := str.Link * s.P.MaxStretch
		for dir := -1; dir <= 1; dir += 2 {
			// Nearest constrained node (grasp or contact) and nearest other grasp on this side.
			j, jg := -1, -1
			for i := g.Node + dir; i >= lo && i <= hi; i += dir {
				if j < 0 && (s.fixed[i] || s.grasped[i]) {
					j = i
				}
				if s.grasped[i] {
					jg = i
					break
				}
			}
			if j < 0 {
				continue // a free end follows: nothing to stretch
			}
			// Brown §3, the k·h rule on the chord to the nearest constrained node.
			lim := float64(absInt(j-g.Node)) * h
			np = limitDistance(np, p, st.Pos[j], lim)
			// The same rule on the rope itself: while the rope between the two nodes is already
			// longer than k·h (it wraps around a knot or an obstacle), or the rope between this
			// grasp and the next one is, the grasp may not pull them further apart.
			if pathLength(st.Pos, g.Node, j) > lim*(1+stretchSlack) {
				np = limitDistance(np, p, st.Pos[j], 0)
			}
			// A knot pulled as tight as the rope's thickness allows (the last cycle ended
			// with a deep overlap on this rope, or the rope stretched) stops the tool too: it
			// may only feed rope back into the knot, moving along the rope towards it. (Kept
			// at the same distance from the knot, it could still circle it and wind the rope
			// tighter round a pole or ring: the clove and Münter hitches yanked sideways
			// stretched 10–11 %; moving straight towards the nearest contact node, which may
			// lie across the ring, still 2.5 %. Issue 15 item 3.)
			if s.tight[k] {
				np = onlyTowards(np, p, st.Pos[g.Node+dir])
			}
			if jg >= 0 && jg != j {
				limg := float64(absInt(jg-g.Node)) * h
				if pathLength(st.Pos, g.Node, jg) > limg*(1+stretchSlack) {
					np = limitDistance(np, p, st.Pos[jg], 0)
				}
			}
		}
	}
	return np
}

// keepGraspedLinks: two grasps on the two nodes of one link (nothing between them can give)
// that are closer than the link's rest length (or than their distance at the start of the
// cycle plus a tenth of a link, if that is shorter) are pushed apart about their midpoint to it
// (issue 15: two tools driven to one point collapsed the link). Called after the grasps move
// and after every response pass.
func (s *Solver) keepGraspedLinks(st *rope.State, grasps []solver.Grasp) {
	for i, g := range grasps {
		a := g.Node
		b := a + 1
		if b >= len(st.Pos) || !s.grasped[b] || strandOf(st, a) != strandOf(st, b) {
			continue
		}
		j := 0
		for grasps[j].Node != b {
			j++
		}
		// Towards the rest length by at most a tenth of a link per call from where they were.
		l := st.Strands[strandOf(st, a)].Link
		need := math.Min(l, s.graspOld[i].Dist(s.graspOld[j])+0.1*l)
		d := st.Pos[b].Sub(st.Pos[a])
		n := d.Norm()
		if n >= need {
			continue
		}
		u := d.Unit()
		if n < 1e-12*need {
			u = s.graspOld[j].Sub(s.graspOld[i]).Unit()
		}
		mid := st.Pos[a].Add(st.Pos[b]).Scale(0.5)
		st.Pos[a] = mid.Sub(u.Scale(need / 2))
		st.Pos[b] = mid.Add(u.Scale(need / 2))
	}
}

// onlyTowards returns np with the motion from p kept only along the line to o and only
// towards o.
func onlyTowards(np, p, o vec.V3) vec.V3 {
	u := o.Sub(p)
	n := u.Norm()
	if n == 0 {
		return p
	}
	u = u.Scale(1 / n)
	a := np.Sub(p).Dot(u)
	if a <= 0 {
		return p
	}
	return p.Add(u.Scale(a))
}

// limitDistance returns np, pulled back towards o if needed so that its distance to o exceeds
// neither lim nor the old distance |p−o|, whichever is larger (a grasp may always move in a way
// that does not pull further).
func limitDistance(np, p, o vec.V3, lim float64) vec.V3 {
	nd := np.Dist(o)
	allowed := math.Max(lim, p.Dist(o))
	if nd <= allowed || nd == 0 {
		return np
	}
	return o.Add(np.Sub(o).Scale(allowed / nd))
}

// tightDepth is the overlap, as a fraction of the radius, left at the end of a cycle that
// marks a rope as pulled tight: its tools may not pull further until the overlap is gone.
const tightDepth = 0.05

// tightStretch is the relative stretch of a whole rope that marks it as pulled tight too: its
// tools may not pull further until the rope has relaxed (the knot's response, not the tools,
// then sets how long it is).
const tightStretch = 0.01

// stretchSlack is how much longer than k·h the rope between two constrained nodes may be before
// the stretch guard stops a grasp from pulling them apart (round-off and the response's small
// distortions must not freeze a tool).
const stretchSlack = 0.002

// pathLength is the length of the polyline between nodes i and j.
func pathLength(p []vec.V3, i, j int) float64 {
	if j < i {
		i, j = j, i
	}
	var l float64
	for a := i; a < j; a++ {
		l += p[a].Dist(p[a+1])
	}
	return l
}

func strandOf(st *rope.State, node int) int {
	for k, s := range st.Strands {
		if node < s.First+s.Nodes {
			return k
		}
	}
	return len(st.Strands) - 1
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ftlStrand runs Brown's algorithm FTL on strand k.
func (s *Solver) ftlStrand(st *rope.State, k int) {
	str := st.Strands[k]
	lo, hi := str.First, str.First+str.Nodes-1
	s.constr = s.constr[:0]
	for i := lo; i <= hi; i++ {
		if s.fixed[i] || s.grasped[i] {
			s.constr = append(s.constr, int32(i))
		}
	}
	q := len(s.constr)
	if q == 0 {
		return // nothing holds or touches this rope: it stays (no gravity in FTL)
	}
	l := str.Link
	if a := int(s.constr[0]); a > lo {
		ftl1(st.Pos, a, lo, l)
	}
	if a := int(s.constr[q-1]); a < hi {
		ftl1(st.Pos, a, hi, l)
	}
	for c := 0; c+1 < q; c++ {
		i, j := int(s.constr[c]), int(s.constr[c+1])
		if j-i < 2 {
			continue
		}
		s.ftl2(st.Pos, i, j, l)
	}
}

// ftl1 is Brown's FTL1(i, j): propagate from node i towards node j (inclusive), each node
// placed at distance l from its predecessor along the line to its old position.
func ftl1(p []vec.V3, i, j int, l float64) {
	e := 1
	if j < i {
		e = -1
	}
	for a, b := i, i+e; b != j+e; a, b = b, b+e {
		d := p[b].Sub(p[a])
		n := d.Norm()
		if n == 0 {
			// Coincident nodes: keep going in the direction of the previous link, or any.
			if a-e >= 0 && a-e < len(p) && a-e != b {
				d = p[a].Sub(p[a-e])
				n = d.Norm()
			}
			if n == 0 {
				d, n = vec.V3{X: 1}, 1
			}
		}
		p[b] = p[a].Add(d.Scale(l / n))
	}
}

// ftl2 is Brown's FTL2(i, j), i < j: the average of FTL1(i, j−1) and FTL1(j, i+1).
func (s *Solver) ftl2(p []vec.V3, i, j int, l float64) {
	copy(s.save[i:j+1], p[i:j+1])
	ftl1(p, i, j-1, l)
	copy(s.pass[i:j+1], p[i:j+1])
	copy(p[i:j+1], s.save[i:j+1])
	ftl1(p, j, i+1, l)
	for a := i + 1; a < j; a++ {
		p[a] = p[a].Add(s.pass[a]).Scale(0.5)
	}
}

// relaxLengths runs LengthPasses Gauss–Seidel sweeps of the link-length constraints. A
// grasped node is heavy, not fixed: a stretched link pulls it back by graspGive of the error,
// so a tool that has pulled a knot too tight loses a little ground to the rope instead of
// stretching it (the tool's lag grows; the stretch guard then keeps it from pulling again).
func (s *Solver) relaxLengths(st *rope.State) {
	for pass := 0; pass < s.P.LengthPasses; pass++ {
		for _, str := range st.Strands {
			l := str.Link
			for i := str.First; i < str.First+str.Nodes-1; i++ {
				d := st.Pos[i+1].Sub(st.Pos[i])
				n := d.Norm()
				if n == 0 {
					continue
				}
				wa, wb := 1.0, 1.0
				if s.grasped[i] {
					wa = 0
					if n > l && !s.holds[i] {
						wa = graspGive
					}
				}
				if s.grasped[i+1] {
					wb = 0
					if n > l && !s.holds[i+1] {
						wb = graspGive
					}
				}
				if wa+wb == 0 {
					continue
				}
				corr := d.Scale((n - l) / (n * (wa + wb)))
				st.Pos[i] = st.Pos[i].Add(corr.Scale(wa))
				st.Pos[i+1] = st.Pos[i+1].Sub(corr.Scale(wb))
			}
		}
	}
}

// graspGive is the weight of a grasped node against a free one (1) when a stretched link pulls.
// A grasp that holds its node at its tool's target (a pin: within holdTolerance links) gives
// nothing: a rope pulled taut against a pin pulls the other tool back, never the pin (issue 15:
// "a pin that really holds").
const graspGive = 0.5

// holdTolerance is how near its target, in links, a grasped node counts as held there.
const holdTolerance = 1e-6

// capMotion pulls back every node that has moved further than maxMove since the start of the
// cycle, along the line to its start position.
func (s *Solver) capMotion(st *rope.State) {
	lim2 := s.maxMove * s.maxMove
	for i, p := range st.Pos {
		d := p.Sub(s.before[i])
		if n2 := d.Norm2(); n2 > lim2 {
			st.Pos[i] = s.before[i].Add(d.Scale(s.maxMove / math.Sqrt(n2)))
		}
	}
}

// respond applies Brown §5's averaged displacements for the current contacts.
func (s *Solver) respond(st *rope.State) {
	clear(s.disp)
	clear(s.cnt)
	eps := s.P.Epsilon
	for i := range s.contacts {
		c := &s.contacts[i]
		shift := 0.5*c.Depth + 0.5*eps
		d := c.N.Scale(shift)
		a := st.SegNode[c.A]
		b := st.SegNode[c.B]
		s.disp[a] = s.disp[a].Add(d)
		s.disp[a+1] = s.disp[a+1].Add(d)
		s.disp[b] = s.disp[b].Sub(d)
		s.disp[b+1] = s.disp[b+1].Sub(d)
		s.cnt[a]++
		s.cnt[a+1]++
		s.cnt[b]++
		s.cnt[b+1]++
	}
	for i := range s.obs {
		c := &s.obs[i]
		d := c.N.Scale(c.Depth + eps)
		a := st.SegNode[c.A]
		s.disp[a] = s.disp[a].Add(d)
		s.disp[a+1] = s.disp[a+1].Add(d)
		s.cnt[a]++
		s.cnt[a+1]++
	}
	for i, c := range s.cnt {
		if c > 0 {
			st.Pos[i] = st.Pos[i].Add(s.disp[i].Scale(1 / float64(c)))
		}
	}
}

// respondSequential is the response of the passes after the first: the overlaps that Brown's
// averaging left (a segment squeezed between two others, §5 Fig. 5b) are removed one contact at
// a time, each with the positions its predecessors produced (Gauss–Seidel rather than Jacobi),
// to touching plus a tenth of ε. It converges in a few passes where averaging needs many.
func (s *Solver) respondSequential(st *rope.State, obs []shape.Shape) {
	margin := 0.1 * s.P.Epsilon
	for i := range s.contacts {
		c := &s.contacts[i]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		p0, p1, q0, q1 := st.Pos[a], st.Pos[a+1], st.Pos[b], st.Pos[b+1]
		u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		if d2 >= lim*lim {
			continue
		}
		d := math.Sqrt(d2)
		n := c.N
		if d > 1e-12*lim {
			n = p0.Lerp(p1, u).Sub(q0.Lerp(q1, v)).Scale(1 / d)
		}
		// Each closest point moves half the overlap; the end nodes share it by their
		// barycentric weights (the contact point moves exactly that far, and a contact near
		// one end barely moves the other end, which stretches the neighbouring links less
		// than a rigid shift of the link).
		sh := n.Scale(0.5 * (lim - d + margin))
		ka := 1 / ((1-u)*(1-u) + u*u)
		kb := 1 / ((1-v)*(1-v) + v*v)
		st.Pos[a] = p0.Add(sh.Scale((1 - u) * ka))
		st.Pos[a+1] = p1.Add(sh.Scale(u * ka))
		st.Pos[b] = q0.Sub(sh.Scale((1 - v) * kb))
		st.Pos[b+1] = q1.Sub(sh.Scale(v * kb))
	}
	for i := range s.obs {
		c := &s.obs[i]
		a := st.SegNode[c.A]
		p0, p1 := st.Pos[a], st.Pos[a+1]
		_, _, n, d := obs[c.Obstacle].SegDist(p0, p1)
		r := st.SegRadius[c.A]
		if d >= r {
			continue
		}
		sh := n.Scale(r - d + margin)
		st.Pos[a] = p0.Add(sh)
		st.Pos[a+1] = p1.Add(sh)
	}
}
