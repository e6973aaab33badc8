package implicit

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/band"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// portal is the solver's view of one Input.Portals entry (solver.Portal) in a substep: the
// piercings and exit directions at the substep's start, the rest length through it, and its
// forces on nodes A and B with their Hessian blocks (implicit in the step, as the links are).
type portal struct {
	str            int     // strand
	s, e           vec.V3  // m: the piercing points In and Out
	ts, te         vec.V3  // the thread's exit directions at s and at e (unit)
	R              float64 // m: rest length of the links A…B
	T              float64 // N: the tension through it over the substep: the force on A along −t_s (portalForces)
	miss           float64 // m: λ − R at the substep's start
	fa, fb         vec.V3  // N: its forces on A and B (axial and lateral)
	kaa, kab, kbb  m3      // N/m: the Hessian's blocks (A, A), (A, B) and (B, B)
	first, last    int     // the strand's first and last nodes
	lowest, utmost int     // the range A and B may move in (the neighbouring portals)
	// Friction in the stitch (solver.Portal.Slip): grip is frictionless, holding or
	// sliding over the substep; wrap the thread's turn at the piercings, rad; low the lower of
	// the two sides' tensions at the substep's start, N; damp the stiffness against the
	// thread's sliding through the wall over the substep, N/m (a damper's over the substep).
	grip      gripMode
	wrap      float64
	low, damp float64
	// pull is solver.Portal.Pull at the step's start, N; acc sums the substeps' T times their
	// share of the step (the next Pull).
	pull, acc float64
}

// gripMode is what a stitch's friction does over a substep.
type gripMode int8

const (
	gripNone  gripMode = iota // no friction: one tension through the wall
	gripHold                  // the wall holds the thread: stiff against sliding over the substep
	gripSlide                 // the thread slides: damped by what e^{μ_k·Θ} allows at its last speed
)

// Portal tolerances.
const (
	baryTol = 1e-6 // |Σ Bary − 1| and −min Bary allowed of a Pierce
)

// setPortals checks the step's portals, orders them along the rope and marks their nodes and
// segments. Solver.Step calls it once a step; after a transport (transportPortals) markPortals
// marks them again.
func (s *Solver) setPortals(st *rope.State, in *solver.Input) error {
	s.pt = s.pt[:0]
	s.ptOrd = s.ptOrd[:0]
	for i := range in.Portals {
		p := &in.Portals[i]
		if p.Surface < 0 || p.Surface >= len(in.Surfaces) {
			return fmt.Errorf("implicit: portal %d: surface %d; the step has %d", i, p.Surface, len(in.Surfaces))
		}
		sf := &in.Surfaces[p.Surface]
		for side, q := range [2]solver.Pierce{p.In, p.Out} {
			name := [2]string{"In", "Out"}[side]
			if q.Tri < 0 || int(q.Tri) >= len(sf.Tris) {
				return fmt.Errorf("implicit: portal %d: %s triangle %d; surface %d has %d", i, name, q.Tri, p.Surface, len(sf.Tris))
			}
			sum := q.Bary[0] + q.Bary[1] + q.Bary[2]
			if !(math.Abs(sum-1) <= baryTol) || !(min(q.Bary[0], q.Bary[1], q.Bary[2]) >= -baryTol) {
				return fmt.Errorf("implicit: portal %d: %s barycentrics %v must be ≥ 0 and sum to 1", i, name, q.Bary)
			}
		}
		if p.A < 0 || p.B >= len(st.Pos) || p.A >= p.B {
			return fmt.Errorf("implicit: portal %d: nodes %d…%d: want 0 ≤ A < B < %d", i, p.A, p.B, len(st.Pos))
		}
		if !(p.Slack > -0.5*st.Strands[strandOf(st, p.A)].Link) || math.IsInf(p.Slack, 0) {
			return fmt.Errorf("implicit: portal %d: slack %v m must be finite and above −½ link", i, p.Slack)
		}
		if math.IsNaN(p.Slip) || math.IsInf(p.Slip, 0) {
			return fmt.Errorf("implicit: portal %d: slip %v m/s must be finite", i, p.Slip)
		}
		if math.IsNaN(p.Pull) || math.IsInf(p.Pull, 0) {
			return fmt.Errorf("implicit: portal %d: pull %v N must be finite", i, p.Pull)
		}
		if p.B-p.A > solver.MaxPortalSpan {
			return fmt.Errorf("implicit: portal %d: %d nodes inside the wall, more than %d (solver.MaxPortalSpan − 1): use longer links", i, p.B-p.A-1, solver.MaxPortalSpan-1)
		}
		k := strandOf(st, p.A)
		if strandOf(st, p.B) != k {
			return fmt.Errorf("implicit: portal %d: nodes %d and %d are on different strands", i, p.A, p.B)
		}
		str := st.Strands[k]
		s.pt = append(s.pt, portal{str: k, first: str.First, last: str.First + str.Nodes - 1, pull: p.Pull})
		s.ptOrd = append(s.ptOrd, int32(i))
	}
	if len(s.pt) == 0 {
		return nil
	}
	slices.SortFunc(s.ptOrd, func(a, b int32) int { return in.Portals[a].A - in.Portals[b].A })
	for j, i := range s.ptOrd {
		pt := &s.pt[i]
		pt.lowest, pt.utmost = pt.first, pt.last
		if j > 0 {
			if q := in.Portals[s.ptOrd[j-1]]; s.pt[s.ptOrd[j-1]].str == pt.str {
				if q.B > in.Portals[i].A {
					return fmt.Errorf("implicit: portals %d and %d overlap (nodes %d…%d and %d…%d)", s.ptOrd[j-1], i, q.A, q.B, in.Portals[i].A, in.Portals[i].B)
				}
				pt.lowest = q.B
			}
		}
		if j+1 < len(s.ptOrd) && s.pt[s.ptOrd[j+1]].str == pt.str {
			pt.utmost = in.Portals[s.ptOrd[j+1]].A
		}
	}
	s.markPortals(st, in)
	return nil
}

// markPortals marks the segments (s.segIn) and nodes (s.nodeIn) inside each portal and sets
// its rest length.
func (s *Solver) markPortals(st *rope.State, in *solver.Input) {
	for _, g := range s.marked {
		s.segIn[g] = -1
		s.nodeIn[st.SegNode[g]] = -1
	}
	s.marked = s.marked[:0]
	for i := range in.Portals {
		p := &in.Portals[i]
		str := st.Strands[s.pt[i].str]
		R := p.Slack
		for a := p.A; a < p.B; a++ {
			g := str.FirstSeg + a - str.First
			s.segIn[g] = int32(i)
			s.marked = append(s.marked, int32(g))
			if a > p.A {
				s.nodeIn[a] = int32(i)
			}
			R += s.rest[g]
		}
		s.pt[i].R = R
	}
}

// strandOf returns the strand of node i.
func strandOf(st *rope.State, i int) int {
	for k, str := range st.Strands {
		if i < str.First+str.Nodes {
			return k
		}
	}
	return len(st.Strands) - 1
}

// exitDir is the direction in which the thread leaves the piercing point q at m: towards the
// first of the nodes from, from+step, from+2·step (within first…last) at least a twentieth of
// a link from it, else the triangle's outward normal; a strand's end node within half a link
// of m ends the search (the normal). (Seed 003 p. ≈60 takes the node two
// links out, steadier than the nearest as the mesh moves; but where the thread turns right
// after the wall that direction runs along the turn, and the lateral spring dragged the node
// at the wall by a fraction of a millimetre in one step.)
func exitDir(sf *solver.Surface, q solver.Pierce, m vec.V3, pos []vec.V3, from, step, first, last int, link float64) vec.V3 {
	for i, k := from, 0; k < 3 && i >= first && i <= last; i, k = i+step, k+1 {
		d := pos[i].Sub(m)
		if end := i == first || i == last; end && d.Norm() < 0.5*link {
			// The strand's end at the wall (held there as by a knot): where it sits beside
			// the piercing tells no direction (TestStitchThinWallEnd's end, 0.01–0.025 mm
			// off, turned the exit direction sideways step by step, and the thread read
			// 0.54 % long).
			break
		}
		if d.Norm() >= 0.05*link {
			return d.Unit()
		}
	}
	t := sf.Tris[q.Tri]
	return sf.Pos[t[1]].Sub(sf.Pos[t[0]]).Cross(sf.Pos[t[2]].Sub(sf.Pos[t[0]])).Unit()
}

// assemblePortals computes each portal's geometry, forces and Hessian at st.Pos, adds the
// forces to s.f and the Hessian to s.K (its half-bandwidth already covering every span).
func (s *Solver) assemblePortals(st *rope.State, in *solver.Input, h float64) {
	pos := st.Pos
	for i := range in.Portals {
		p := &in.Portals[i]
		pt := &s.pt[i]
		sf := &in.Surfaces[p.Surface]
		EA := s.sd[pt.str].EA
		pt.s, pt.e = sf.At(p.In), sf.At(p.Out)
		link := s.sd[pt.str].link
		pt.ts = exitDir(sf, p.In, pt.s, pos, p.A, -1, pt.first, pt.last, link)
		if d := pt.s.Sub(pt.e); lead(p, pt) && d.Norm() > 0 && pos[p.A].Sub(pt.s).Dot(d) < 0 {
			// The needle's node goes through the wall from e to s: measured along that chord
			// it is behind s until it is out, then from s as any node. (Along the surface's
			// normal at s, a node just in at e, 3 mm off, read 0.7 mm out where the tissue
			// tilted by 18°.)
			pt.ts = d.Unit()
		}
		pt.te = exitDir(sf, p.Out, pt.e, pos, p.B, 1, pt.first, pt.last, link)
		lam := pos[p.A].Sub(pt.s).Dot(pt.ts) + pt.e.Sub(pt.s).Norm() + pos[p.B].Sub(pt.e).Dot(pt.te)
		// The tissue gives at both piercings: the thread meets the portal and the tissue in
		// series, 1/k = R/EA + c_s + c_e (the tissue's compliance over the substep, as a
		// contact row's). The staggered tissue then moves by what the solve expected, and
		// the next step starts unstretched (with EA/R alone, the loop of
		// testdata/pbd/suture_loop.json stretched by 3 % at worst as it pulled tight; in
		// series, 0.03 %).
		give := (compliance(sf, p.In) + compliance(sf, p.Out)) * s.hfrac
		k := 1 / (pt.R/EA + give)
		// The tissue moved since the last step: the thread follows by at most pushCap a
		// substep (as a surface's overlap is pushed out), the substeps taking it all
		// (portalNeed); a stiff portal otherwise moved it that whole way in one substep.
		pt.miss = lam - pt.R
		// Both ways: the channel through the wall guides the thread as a tube does, so
		// it carries a push too (unilateral, slack fed into the wall stayed there: a
		// thread led out at an angle read 5 % short).
		// The tissue already carries the last step's pull (it has given to it): over this
		// substep it gives only to the change, give·(T − pull), so T = k·(miss + give·pull).
		// (Expecting it to give to the whole of T left the route through the wall standing
		// longer than the thread by T·give, 0.02 mm at 4 mN on suture-slab's skin.)
		ka := k
		T := k * (math.Max(-s.pushCap(), math.Min(pt.miss, s.pushCap())) + give*pt.pull)
		// Lateral springs E^L (brief §3): the portal's axial stiffness EA/R in series with
		// the tissue at the piercing (as stiff as EA/R, the thread turned the tissue's
		// micrometre jitter into forces of millinewtons).
		la := proj(pt.ts, 1/(pt.R/EA+compliance(sf, p.In)*s.hfrac))
		lb := proj(pt.te, 1/(pt.R/EA+compliance(sf, p.Out)*s.hfrac))
		if lead(p, pt) {
			// The needle, not the stitch, places its node: no lateral spring at In (with the
			// node held on the needle's arc, it pulled the tissue at s sideways with the
			// tissue's own stiffness, and the staggered tissue swung about the needle,
			// growing, once the node came out: 4 N after 10 steps).
			la = m3{}
		}
		damp := 0.0
		if s.gripOf(p, pt, sf, T, ka, pos, h) {
			// Against the thread's sliding through the wall over the substep, w·Δx with
			// w = (t_s at A, −t_e at B)/2: the energy ½·damp·(w·Δx)², in the Hessian only
			// (its force is the step's −K·Δx, which portalForces passes to the tissue).
			damp = pt.damp / 4
		}
		pt.fa = pt.ts.Scale(-T).Sub(la.vec(clampLen(pos[p.A].Sub(pt.s), s.pushCap())))
		pt.fb = pt.te.Scale(-T).Sub(lb.vec(clampLen(pos[p.B].Sub(pt.e), s.pushCap())))
		pt.kaa = outer(pt.ts, pt.ts).scale(ka + damp).add(la)
		pt.kbb = outer(pt.te, pt.te).scale(ka + damp).add(lb)
		pt.kab = outer(pt.ts, pt.te).scale(ka - damp)
		s.f[p.A] = s.f[p.A].Add(pt.fa)
		s.f[p.B] = s.f[p.B].Add(pt.fb)
		s.K.AddBlock(p.A, p.A, pt.kaa[:])
		s.K.AddBlock(p.B, p.B, pt.kbb[:])
		s.K.AddBlock(p.A, p.B, pt.kab[:])
	}
}

// gripOf decides what the stitch's friction does over the substep of h s (pt.grip and
// pt.damp, from solver.Portal.Slip) and reports whether it has any: none on a frictionless
// surface, while a needle leads node A, or against a node that cannot go in. A stitch that
// held holds again, stiff against the thread's sliding (gripSlips lets it slide when that
// pulls harder than e^{μ_s·Θ} allows). One that slides resists the slide as a damper that,
// at the speed it last slid, gives the friction e^{μ_k·Θ} allows (friction lagged as in
// incremental potential contact: implicit and never pushing the thread back); a slide too
// slow for that to be softer than the hold is held.
func (s *Solver) gripOf(p *solver.Portal, pt *portal, sf *solver.Surface, T, k float64, pos []vec.V3, h float64) bool {
	pt.grip = gripNone
	// Nor where a node at either end cannot go into the wall (a strand's end, a held node, a
	// neighbouring stitch's): the thread cannot slide that way, and a contact row holds that
	// node at the wall. (Gripped too, a thread's end pulled against a thin wall flipped
	// between holding and sliding, and its length strayed by 6.8 %, against 0.38 %.)
	if !(sf.Friction.Static > 0) || lead(p, pt) || !s.canPark(p.A, pt) || !s.canPark(p.B, pt) {
		p.Slip = 0
		return false
	}
	pt.wrap = s.wrapOf(p, pt, pos)
	pt.low = p.Low
	// Held, the thread creeps by the friction over this stiffness a substep: a thousandth of
	// the stretch it takes to carry that force through the wall. (Held at 1.6 times the other
	// side's pull, TestStitchFrictionCapstan's thread crept 0.015, 0.0026, 0.0014 and 0.0012 mm
	// in 0.15 s at 10, 100, 1,000 and 10,000 times k: beyond 1,000 the creep is not the
	// spring's, and a stiffer one only costs the step's matrix digits.)
	hold := 1e3 * k
	pt.grip, pt.damp = gripHold, hold
	if p.Slip != 0 {
		if d := pt.friction(sf.Friction.Kinetic) / (math.Abs(p.Slip) * h); d < hold {
			pt.grip, pt.damp = gripSlide, d
		} else {
			p.Slip = 0
		}
	}
	return true
}

// wrapOf returns the thread's turn through portal p, rad: from the way it comes in to s (from
// node A, or the node before A where A is within a radius of s) to the way through the wall
// (s to e), and from there to the way it leaves e (to B, or the node after). A turn with no
// node far enough from its piercing to tell its direction, or a wall too thin to tell the way
// through, counts as none. (Told from nodes a twentieth of a link off, as the exit directions
// t_s and t_e are, a thread's end sitting 0.2 R beside its piercing in a thin wall read a turn
// of 2.7 rad where it ran straight through, and the friction wound the tension up to 6 N
// within a step.)
func (s *Solver) wrapOf(p *solver.Portal, pt *portal, pos []vec.V3) float64 {
	near := s.rmin // a direction is told from a node at least a radius from where it starts
	through := pt.e.Sub(pt.s)
	if through.Norm() < near {
		return 0
	}
	through = through.Unit()
	turn := func(at vec.V3, from, step int, out bool) float64 {
		for i, k := from, 0; k < 2 && i >= pt.first && i <= pt.last; i, k = i+step, k+1 {
			d := pos[i].Sub(at)
			if d.Norm() < near {
				continue
			}
			c := -d.Unit().Dot(through) // coming in: along −d
			if out {
				c = d.Unit().Dot(through)
			}
			return math.Acos(math.Max(-1, math.Min(1, c)))
		}
		return 0
	}
	return turn(pt.s, p.A, -1, false) + turn(pt.e, p.B, 1, true)
}

// friction returns the most the stitch's friction can hold back with coefficient mu, N: the
// difference of the two sides' tensions when the higher is e^{μ·Θ} times the lower, the lower
// as it was at the end of the last substep (solver.Portal.Low). (Taken from the mean tension
// through the wall, the friction fed itself: held back, the thread stretched through the wall,
// its tension and so the friction grew, and a needle drawing a free tail through a bite
// pulled with 0.35 N where it pulls 0.012 N without friction.)
func (pt *portal) friction(mu float64) float64 {
	return (math.Exp(mu*pt.wrap) - 1) * pt.low
}

// slid returns how far the thread slid through portal p towards A in the substep that ended
// at pos (began at x0), m: A's motion out along t_s and B's in along t_e, averaged.
func (pt *portal) slid(pos, x0 []vec.V3, p *solver.Portal) float64 {
	return (pos[p.A].Sub(x0[p.A]).Dot(pt.ts) - pos[p.B].Sub(x0[p.B]).Dot(pt.te)) / 2
}

// gripSlips reports whether a stitch that held the thread over the substep of h s just
// solved held it with more than its static friction (e^{μ_s·Θ}), and sets each such one
// sliding at the speed the hold let through (solved again, the damper then gives the hold's
// force scaled to the kinetic friction).
func (s *Solver) gripSlips(st *rope.State, in *solver.Input, h float64) bool {
	slips := false
	for i := range in.Portals {
		p, pt := &in.Portals[i], &s.pt[i]
		if pt.grip != gripHold {
			continue
		}
		d := pt.slid(st.Pos, s.x0, p)
		if d != 0 && pt.damp*math.Abs(d) > pt.friction(in.Surfaces[p.Surface].Friction.Static) {
			p.Slip, slips = d/h, true
		}
	}
	return slips
}

// slidePortals keeps the speed at which the thread slid through each sliding stitch in the
// substep of h s just taken (solver.Portal.Slip).
func (s *Solver) slidePortals(st *rope.State, in *solver.Input, h float64) {
	for i := range in.Portals {
		p, pt := &in.Portals[i], &s.pt[i]
		if pt.grip == gripSlide {
			p.Slip = pt.slid(st.Pos, s.x0, p) / h
		}
	}
}

// compliance is the surface's compliance at q over the step, m/N (its nodes' weighted as a
// contact row's), 0 for a rigid surface.
func compliance(sf *solver.Surface, q solver.Pierce) float64 {
	if sf.Compliance == nil {
		return 0
	}
	var c float64
	for e, v := range sf.Tris[q.Tri] {
		c += q.Bary[e] * q.Bary[e] * sf.Compliance[v]
	}
	return c
}

// portalWidth makes s.K wide enough for every portal's span (it only grows: a span that
// flickers between two values as the thread slides would otherwise reallocate every step).
func (s *Solver) portalWidth(in *solver.Input, n int) error {
	need := 2
	for _, p := range in.Portals {
		need = max(need, p.B-p.A)
	}
	if _, _, kb := s.K.Dims(); kb >= need {
		return nil
	}
	K, err := band.New(n, 3, need)
	if err != nil {
		return fmt.Errorf("implicit: %w", err)
	}
	s.K = K
	return nil
}

// balancePortals returns Σ over the portals of the column sums of their Hessian times the
// step dx: the force on the rope's centre of mass the portals' stiffness takes (balance).
func (s *Solver) balancePortals(in *solver.Input, dx []float64) (r [3]float64) {
	for i := range in.Portals {
		p, pt := &in.Portals[i], &s.pt[i]
		da := vec.V3{X: dx[3*p.A], Y: dx[3*p.A+1], Z: dx[3*p.A+2]}
		db := vec.V3{X: dx[3*p.B], Y: dx[3*p.B+1], Z: dx[3*p.B+2]}
		v := pt.kaa.add(pt.kab.transpose()).vec(da).Add(pt.kab.add(pt.kbb).vec(db))
		r[0] += v.X
		r[1] += v.Y
		r[2] += v.Z
	}
	return r
}

// transportPortals moves the thread through the portals after a substep (seed 003 Fig. 3.21,
// brief §7.3): node A crossing the plane through s is parked (A moves back), a parked node
// leaves at e once the thread outside is longer than its link (placed on e's line at the
// excess), and the same the other way; then places the parked nodes along the path from s to
// e. A node that cannot be parked (a strand's end, a held node, the neighbouring portal's) is
// held on the plane instead, as by a knot: the surface then takes the force that holds it
// there over the substep h, m·d/h², times frac (the substep's share of the step).
func (s *Solver) transportPortals(st *rope.State, in *solver.Input, h, frac float64) {
	s.slidePortals(st, in, h)
	pos := st.Pos
	moved := false
	for i := range in.Portals {
		p, pt := &in.Portals[i], &s.pt[i]
		str := st.Strands[pt.str]
		rest := func(a int) float64 { return s.rest[str.FirstSeg+a-str.First] }
		da := pos[p.A].Sub(pt.s).Dot(pt.ts)
		db := pos[p.B].Sub(pt.e).Dot(pt.te)
		// At most one node in or out at each end a substep: the thread moves less than a
		// link in one.
		switch {
		case da < 0 && lead(p, pt): // the needle carries A through the wall
		case da < 0 && p.B-p.A < solver.MaxPortalSpan && s.canPark(p.A, pt):
			p.A--
			moved = true
		case da < 0: // held on the plane
			pos[p.A] = pos[p.A].Sub(pt.ts.Scale(da))
			s.addReaction(in, p.Surface, p.In, pt.ts.Scale(da*s.m[p.A]/(h*h)*frac))
		case p.B-p.A >= 2 && da > rest(p.A):
			c := p.A + 1
			pos[c] = pt.s.Add(pt.ts.Scale(da - rest(p.A)))
			s.unpark = append(s.unpark, int32(c), int32(p.A))
			p.A, moved = c, true
		}
		switch {
		case db < 0 && p.B-p.A < solver.MaxPortalSpan && s.canPark(p.B, pt):
			p.B++
			moved = true
		case db < 0:
			pos[p.B] = pos[p.B].Sub(pt.te.Scale(db))
			s.addReaction(in, p.Surface, p.Out, pt.te.Scale(db*s.m[p.B]/(h*h)*frac))
		case p.B-p.A >= 2 && db > rest(p.B-1):
			c := p.B - 1
			pos[c] = pt.e.Add(pt.te.Scale(db - rest(c)))
			s.unpark = append(s.unpark, int32(c), int32(p.B))
			p.B, moved = c, true
		}
		for c := p.A + 1; c < p.B; c++ {
			pos[c] = pt.s.Lerp(pt.e, float64(c-p.A)/float64(p.B-p.A))
		}
	}
	if moved {
		s.markPortals(st, in)
	}
}

// lead reports whether portal p's node A is still the needle's (solver.Portal.Lead).
func lead(p *solver.Portal, pt *portal) bool { return p.Lead && p.A == pt.first }

// canPark reports whether node i may go inside portal pt: not a strand's end, not held by a
// tool, not the neighbouring portal's node.
func (s *Solver) canPark(i int, pt *portal) bool {
	return i > pt.lowest && i < pt.utmost && s.gOf[i] < 0
}

// portalForces adds the reactions of the portals' forces in the substep that took the step dx
// (3 per node), times frac, to the surfaces' nodes (s.sforce): the opposite of the force on A
// at s on In's triangle and of that on B at e on Out's, by their barycentric weights. The
// force on the rope is the implicit step's, F(x) − K·Δx, so the two sum to zero exactly.
func (s *Solver) portalForces(in *solver.Input, dx []float64, frac float64) {
	for i := range in.Portals {
		p, pt := &in.Portals[i], &s.pt[i]
		da := vec.V3{X: dx[3*p.A], Y: dx[3*p.A+1], Z: dx[3*p.A+2]}
		db := vec.V3{X: dx[3*p.B], Y: dx[3*p.B+1], Z: dx[3*p.B+2]}
		fa := pt.fa.Sub(pt.kaa.vec(da)).Sub(pt.kab.vec(db))
		fb := pt.fb.Sub(pt.kab.transpose().vec(da)).Sub(pt.kbb.vec(db))
		pt.T = -fa.Dot(pt.ts)
		pt.acc += pt.T * frac
		p.Low = math.Max(0, math.Min(pt.T, -fb.Dot(pt.te)))
		s.addReaction(in, p.Surface, p.In, fa.Scale(-frac))
		s.addReaction(in, p.Surface, p.Out, fb.Scale(-frac))
	}
}

// addReaction adds the force g, N, at the pierce q to surface k's nodes by its barycentric
// weights.
func (s *Solver) addReaction(in *solver.Input, k int, q solver.Pierce, g vec.V3) {
	f := s.sforce[k]
	for c, v := range in.Surfaces[k].Tris[q.Tri] {
		f[v] = f[v].Add(g.Scale(q.Bary[c]))
	}
}

// dropInside removes from the substep's self and obstacle contacts the segments inside a
// portal (inside the wall: the portal is their only physics).
func (s *Solver) dropInside() {
	n := 0
	for _, c := range s.self {
		if s.segIn[c.A] < 0 && s.segIn[c.B] < 0 {
			s.self[n] = c
			n++
		}
	}
	s.self = s.self[:n]
	n = 0
	for _, c := range s.obs {
		if s.segIn[c.A] < 0 {
			s.obs[n] = c
			n++
		}
	}
	s.obs = s.obs[:n]
}

// atHole reports whether segment g leads into a portal through surface k (it ends at the
// portal's A or starts at its B) or has a node within two radii of a piercing of surface k:
// there the thread passes through the surface, and surfaceRows leaves it out.
func (s *Solver) atHole(st *rope.State, in *solver.Input, g int32, k int) bool {
	same := func(h int32) bool { return h >= 0 && int(h) < len(s.segIn) && st.SegStrand[h] == st.SegStrand[g] }
	if h := g + 1; same(h) && s.segIn[h] >= 0 && in.Portals[s.segIn[h]].Surface == k {
		return true
	}
	if h := g - 1; same(h) && s.segIn[h] >= 0 && in.Portals[s.segIn[h]].Surface == k {
		return true
	}
	a := st.SegNode[g]
	r2 := 4 * st.SegRadius[g] * st.SegRadius[g]
	for i := range in.Portals {
		if in.Portals[i].Surface != k {
			continue
		}
		pt := &s.pt[i]
		for _, q := range [2]vec.V3{pt.s, pt.e} {
			if st.Pos[a].Sub(q).Norm2() < r2 || st.Pos[a+1].Sub(q).Norm2() < r2 {
				return true
			}
		}
	}
	return false
}

// portalRows adds a contact row for each portal node that cannot go inside (canPark) and is
// within reach of its piercing's plane: a strand's end, a held node or a neighbouring
// portal's, stopped at the stitch as a knot is. Its normal is the exit direction (t_s, t_e),
// its gap the node's distance to the plane, without friction; the reaction goes to the
// piercing's triangle like a surface contact's. The rows are then sorted by key.
func (s *Solver) portalRows(st *rope.State, in *solver.Input) {
	n := len(s.rows)
	for i := range in.Portals {
		p, pt := &in.Portals[i], &s.pt[i]
		sf := &in.Surfaces[p.Surface]
		str := st.Strands[pt.str]
		for side := range 2 {
			node, q, at, dir, seg := p.A, p.In, pt.s, pt.ts, str.FirstSeg+p.A-str.First
			if side == 1 {
				node, q, at, dir, seg = p.B, p.Out, pt.e, pt.te, str.FirstSeg+p.B-1-str.First
			}
			gap := st.Pos[node].Sub(at).Dot(dir)
			if s.canPark(node, pt) || gap > s.P.Margin*st.SegRadius[seg]+s.allow[node] || (side == 0 && lead(p, pt)) {
				continue
			}
			tn := sf.Tris[q.Tri]
			var tc float64
			if sf.Compliance != nil {
				for e, v := range tn {
					tc += q.Bary[e] * q.Bary[e] * sf.Compliance[v]
				}
				tc *= s.hfrac
			}
			s.rows = append(s.rows, crow{key: 1<<63 | uint64(seg)<<32 | 1<<30 | uint64(2*i+side), node: [4]int32{int32(node)}, wt: [4]float64{1}, nn: 1,
				fr: frame(dir), gap: gap, at: st.Pos[node], surf: int32(p.Surface) + 1, tn: tn, tw: q.Bary, kin: 1, tc: tc})
		}
	}
	if len(s.rows) > n {
		slices.SortFunc(s.rows, func(p, q crow) int { return cmp.Compare(p.key, q.key) })
	}
}

// clampLen returns v shortened to length c if it is longer.
func clampLen(v vec.V3, c float64) vec.V3 {
	if n := v.Norm(); n > c {
		return v.Scale(c / n)
	}
	return v
}

// portalNeed returns the substeps a step of n needs for every portal's stretch to be taken
// up at pushCap a substep (n when it is enough).
func (s *Solver) portalNeed(n float64) float64 {
	for i := range s.pt {
		n = math.Max(n, math.Ceil(math.Abs(s.pt[i].miss)/s.pushCap()))
	}
	return n
}
