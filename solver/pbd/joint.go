package pbd

import (
	"math"
	"slices"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/vec"
)

// The joint solve: the later passes of a substep (iterate) solve the chain constraints and
// the contacts as one linear system, instead of the chain alone followed by the contact pass.
// Alternating the two converges slowly where they fight — a knot pulled tight, whose contacts
// push along the chain — and in 16 passes left the links of a jammed overhand knot 19 % long
// (TestJammedKnotKeepsLength). With the chain's rows c and the contacts' rows k,
//
//	⎡S_cc S_ck⎤ ⎡Δλ_c⎤   ⎡r_c⎤     S = J W Jᵀ (+ α̃ on the bend–twist rows),
//	⎣S_kc S_kk⎦ ⎣λ_k ⎦ = ⎣r_k⎦,    r_c = −C_c − α̃λ_c,  r_k = −C_k,
//
// where C_k is a contact's gap (distance of the axes less the radii; of the axis and an
// obstacle's surface less the radius) and λ_k ≥ 0 its normal multiplier (a contact only
// pushes). S_cc is the block-tridiagonal chain matrix the direct solve factors (direct.go);
// S_ck couples a contact only to the stretch rows of the links at its nodes. With X =
// S_cc⁻¹S_ck (one solve with the factor per row) and Δλ_c⁰ = S_cc⁻¹r_c (the chain-only
// solve), the Schur complement leaves a small complementarity problem in the contacts,
//
//	D λ_k − b ≥ 0,  λ_k ≥ 0,  λ_kᵀ(D λ_k − b) = 0,   D = S_kk − S_kc X,  b = r_k − S_kc Δλ_c⁰,
//
// (D λ_k − b is the linearised gap after the solve), solved by projected Gauss–Seidel on the
// dense D; then Δλ_c = Δλ_c⁰ − S_cc⁻¹S_ck λ_k (one more solve). The chain constraints and the
// contacts then hold together to first order.
//
// The systems are whole strands — a window's own system leaves its ends free, and the error
// then only moves past them, a window's length per pass; the windows only pick the contacts.
// A column X is needed only on the region the contacts touch: the forward sweep of the factor
// already folds in the links before it, and the links after it are folded into a 6×6 tail
// response (Δλ after the region as a function of the forward sweep's last value; six solves
// of the tail), so a column costs the region, not the strand (TestJointRegionSolveIsExact).
//
// Coulomb friction of the contacts is in the same system (FrictionRows): after the
// normal rows are solved, each self contact they press gets two rows more, the relative
// tangential displacement of its contact points since the substep began along two tangents
// (the first along segment a's axis, where a rope slides in a knot), driven to zero while the
// pair of their multipliers stays within μs·λₙ, or μk·λₙ if the contact already slid in this
// substep (slipDisp; Macklin et al. 2014 §6.1, as implicit rows); projected Gauss–Seidel goes
// on from the normal solution. Friction as a position correction after the solve, as the
// contact pass does, undoes the chain's length corrections, and after a joint solve the
// contact pass has no overlap left to press with: a 7_1 knot dragged by one end slipped.
// The obstacle contacts friction bears on get the same rows (the obstacle stands still: the
// contact point's own displacement), the others friction springs (stickFriction, doc.go).

// maxJoint bounds the rows of one joint solve and maxJointX the stored columns X (links
// summed over rows); contacts beyond are left to the contact pass.
const (
	maxJoint  = 3 * 128
	maxJointX = 1 << 18
)

// slipDisp is how far, in R, a contact's points may have slid relative to each other since
// the substep began and still stick: the friction of a contact below it is capped at μs·λₙ, of
// one above at μk·λₙ. (Capped at μk whenever a pair left the static disc during the sweeps, a
// contact that touched the rim while its neighbours had not yet taken their share slid, and a
// rope round a pole slid at e^(μk·θ), not e^(μs·θ).)
const slipDisp = 1e-3

// maxObsFr bounds the rows (a normal and two tangents each) of the obstacle contacts whose
// friction the joint solve takes; the others are held by friction springs (stickFriction).
const maxObsFr = maxJoint / 2

// jointReach is how far apart, in R, the surfaces of a pair in the joint solve may be: the
// pairs a pass may close (a wider reach took twice the rows and as many passes).
const jointReach = 0.1

// pgsSweeps and pgsTol bound projected Gauss–Seidel: at most so many sweeps, and none once no
// multiplier moves its row by more than pgsTol of the largest |b|. Measured on a knot jammed
// at the cap: 30 sweeps and 1e-3 keep its links as close to length as 100 and 1e-4 (0.5 %)
// at two thirds of the cost; 15 and 1e-2 take more passes.
const (
	pgsSweeps = 30
	pgsTol    = 1e-3
)

// jointRow is one row of a contact in the joint solve: its normal (kind 0) or, with
// Params.FrictionRows, one of the two tangents of a self contact the normals press (kind 1,
// 2, appended in pairs after the normals).
type jointRow struct {
	ci   int32    // index in s.self (−1: an obstacle contact)
	sa   int32    // an obstacle contact's segment
	oc   int32    // an obstacle contact's index in s.obs (−1: a self contact)
	kind int8     // 0 normal, 1 and 2 tangents
	fric bool     // a normal with tangent rows
	slip bool     // a normal whose contact points slid over the substep so far (kinetic friction)
	nrm  int32    // a tangent's normal row
	node [4]int32 // nodes a, a+1, b, b+1 (−1: none; an obstacle contact has a, a+1 or one node)
	g    [4]vec.V3
	u, v float64    // where the contact is on segments a and b
	t    [2]vec.V3  // a normal's tangents: along segment a's axis and across
	dt   [2]float64 // a normal's contact points' relative displacement since the substep began, along t, m
	rhs  float64    // −C: minus the gap (normal), minus the tangential displacement (tangents), m
	mus  float64    // friction coefficients of the pair
	muk  float64    //
	col  [8]colItem // S_ck: the stretch rows it touches
	ncol int
	sys  [2]int32 // the systems its column X lives in (−1: none)
	off  [2]int32 // where, in s.jx
	frst [2]int32 // X is stored from this link of the system on (its first entry's)
	b    float64
	lam  float64
}

// colItem is one entry of a row's column S_ck: the stretch rows of global link seg.
type colItem struct {
	seg int32
	v   vec.V3
}

// jointSys is one chain system of the joint solve: links j0..j1−1 of strand k (a whole
// strand), its first link's global index f, and the region lo..hi (local) its contacts'
// columns touch. The rows of links past hi are folded into tail, the 6×6 response of Δλ_{hi+1}
// to z̃_hi (solveTail), so a contact's column X is solved on the region alone.
type jointSys struct {
	k, j0, j1 int32
	f         int32
	ok        bool
	lo, hi    int32
	tail      [36]float64 // column-major: tail[6c+r]
	hasTail   bool
}

// jointSolve runs one pass of the joint solve on the strands of the windows in s.win
// (maxStretch) and the contacts between their windows.
func (s *Solver) jointSolve(st *rope.State, obs []shape.Shape, h float64) {
	// The windows pick the contacts (those the chain fights with); the system is the whole
	// strand: a window's own system leaves its ends free, and in a knot pulled tight the error
	// then only moves to the links past them, a window's length per pass (the taut tails to
	// the tools must be in it).
	s.js = s.js[:0]
	for _, w := range s.win {
		if n := len(s.js); n == 0 || s.js[n-1].k != w.k {
			str := &st.Strands[w.k]
			s.js = append(s.js, jointSys{k: w.k, j0: 0, j1: int32(str.Links()), f: int32(str.FirstSeg)})
		}
	}
	for si := range s.js {
		y := &s.js[si]
		_, y.ok = s.factorRange(st, int(y.k), int(y.j0), int(y.j1), h)
		if !y.ok {
			continue
		}
		for _, w := range s.win {
			if w.k != y.k {
				continue
			}
			for g := y.f + w.j0; g < y.f+w.j1; g++ {
				s.segWin[g] = int32(si)
			}
		}
	}
	s.gatherJoint(st, obs)
	if len(s.jc) > 0 {
		s.solveJoint(st)
	}

	for si := range s.js {
		y := &s.js[si]
		if y.ok {
			s.applyRange(st, int(y.k), int(y.j0), int(y.j1))
		}
	}
	for _, w := range s.win {
		f := int32(st.Strands[w.k].FirstSeg)
		for g := f + w.j0; g < f+w.j1; g++ {
			s.segWin[g] = -1
		}
	}
	pos := st.Pos
	for ri := range s.jc {
		c := &s.jc[ri]
		if c.kind != 0 && c.lam != 0 && c.ci >= 0 {
			// Friction bore on it: the next substep's first pass takes it too.
			p := &s.self[c.ci]
			s.engAt[p.A], s.engAt[p.B] = s.gen, s.gen
		}
		if c.ci < 0 && c.mus > 0 {
			// An obstacle contact whose friction it took stays in while it touches (left
			// to the friction springs on and off, those held it in every other substep).
			s.engAt[c.sa] = s.gen
		}
		if c.lam == 0 {
			continue
		}
		// Its impulse on segment A (nodes 0 and 1; an obstacle contact's only segment).
		if j := c.g[0].Add(c.g[1]).Scale(c.lam); c.ci >= 0 {
			s.jSelf[c.ci] = s.jSelf[c.ci].Add(j)
		} else {
			s.jObs[c.oc] = s.jObs[c.oc].Add(j)
		}
		for r, i := range c.node {
			if i < 0 {
				continue
			}
			dx := c.g[r].Scale(s.w[i] * c.lam)
			pos[i] = pos[i].Add(dx)
			if c.ci < 0 && c.kind == 0 && !c.fric {
				s.pushed(i, c.oc, c.g[r].Unit(), dx.Norm()) // (kinetic friction, slideFriction)
			}
		}
	}
}

// gatherJoint lists in s.jc the rows of the candidate contacts whose segments lie in windows
// of factored systems and whose gap is less than half the smallest radius, with their
// gradients and columns S_ck.
func (s *Solver) gatherJoint(st *rope.State, obs []shape.Shape) {
	s.jc = s.jc[:0]
	pos := st.Pos
	nfr := 0 // obstacle rows with friction rows to come
	// Obstacle contacts first (those whose friction it takes, stickFriction, have room for
	// their tangent rows): a plane per node, as in contacts; the obstacles stand still, so a
	// tangent row's displacement is the contact point's own; mus = 0 for the others.
	for ci := range s.obs {
		c := &s.obs[ci]
		if s.segWin[c.A] < 0 {
			continue
		}
		sh := &obs[c.Obstacle]
		a := st.SegNode[c.A]
		r := st.SegRadius[c.A]
		reach := r + jointReach*s.rmin
		row := jointRow{ci: -1, sa: c.A, oc: int32(ci), nrm: -1, node: [4]int32{-1, -1, -1, -1}, sys: [2]int32{-1, -1}}
		if sh.Kind == shape.Plane {
			for e := int32(0); e < 2; e++ {
				if e == 1 && s.joint[c.A] {
					break // the next segment's first node
				}
				i := a + e
				d := pos[i].Sub(sh.Center).Dot(sh.Axis)
				if d >= reach || s.w[i] == 0 || len(s.jc) >= maxJoint/2 {
					continue
				}
				rw := row
				rw.node[0] = i
				rw.g[0] = sh.Axis
				rw.rhs = r - d
				if s.obsFr[c.A] == s.gen {
					rw.mus, rw.muk = s.nmus[i], s.nmuk[i]
					nfr++
				}
				s.obsTangents(&rw, sh.Axis, pos[a+1].Sub(pos[a]), pos[i].Sub(s.xs[i]))
				s.columns(st, &rw, c.A, -1)
				s.jc = append(s.jc, rw)
			}
			continue
		}
		t, _, n, d := sh.SegDistWithin(pos[a], pos[a+1], reach)
		if d >= reach || len(s.jc) >= maxJoint/2 {
			continue
		}
		row.node[0], row.node[1] = a, a+1
		row.u = t
		row.g[0], row.g[1] = n.Scale(1-t), n.Scale(t)
		row.rhs = r - d
		if s.obsFr[c.A] == s.gen {
			row.mus, row.muk = 0.5*(s.nmus[a]+s.nmus[a+1]), 0.5*(s.nmuk[a]+s.nmuk[a+1])
			nfr++
		}
		s.obsTangents(&row, n, pos[a+1].Sub(pos[a]), pos[a].Lerp(pos[a+1], t).Sub(s.xs[a].Lerp(s.xs[a+1], t)))
		s.columns(st, &row, c.A, -1)
		s.jc = append(s.jc, row)
	}
	// Self contacts.
	for ci := range s.self {
		if len(s.jc)+2*nfr >= maxJoint {
			break
		}
		c := &s.self[ci]
		if s.segWin[c.A] < 0 || s.segWin[c.B] < 0 {
			continue
		}
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		p0, p1, q0, q1 := pos[a], pos[a+1], pos[b], pos[b+1]
		u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		reach := lim + jointReach*s.rmin
		if d2 >= reach*reach {
			continue
		}
		d := math.Sqrt(d2)
		pa, pb := p0.Lerp(p1, u), q0.Lerp(q1, v)
		n := phys.PairNormal(p0, p1, q0, q1, pa, pb, d, lim)
		t1 := p1.Sub(p0)
		t1 = t1.Sub(n.Scale(n.Dot(t1))).Unit()
		if t1 == (vec.V3{}) {
			t1 = n.AnyPerp()
		}
		t2 := n.Cross(t1)
		dp := pa.Sub(s.xs[a].Lerp(s.xs[a+1], u)).Sub(pb.Sub(s.xs[b].Lerp(s.xs[b+1], v)))
		r := jointRow{ci: int32(ci), oc: -1, nrm: -1, node: [4]int32{a, a + 1, b, b + 1}, sys: [2]int32{-1, -1},
			u: u, v: v, t: [2]vec.V3{t1, t2}, dt: [2]float64{t1.Dot(dp), t2.Dot(dp)},
			mus: 0.5 * (s.mus[c.A] + s.mus[c.B]), muk: 0.5 * (s.muk[c.A] + s.muk[c.B])}
		r.slip = math.Hypot(r.dt[0], r.dt[1]) > slipDisp*s.rmin
		r.g = [4]vec.V3{n.Scale(1 - u), n.Scale(u), n.Scale(v - 1), n.Scale(-v)}
		r.rhs = lim - d
		s.columns(st, &r, c.A, c.B)
		s.jc = append(s.jc, r)
	}
}

// obsTangents sets an obstacle contact row's tangents (the first along the segment's axis
// ax, projected on the surface of normal n) and its contact point's displacement dp along
// them.
func (s *Solver) obsTangents(r *jointRow, n, ax, dp vec.V3) {
	t1 := ax.Sub(n.Scale(n.Dot(ax))).Unit()
	if t1 == (vec.V3{}) {
		t1 = n.AnyPerp()
	}
	t2 := n.Cross(t1)
	r.t = [2]vec.V3{t1, t2}
	r.dt = [2]float64{t1.Dot(dp), t2.Dot(dp)}
	r.slip = math.Hypot(r.dt[0], r.dt[1]) > slipDisp*s.rmin
}

// columns sets row r's column S_ck: node i enters the stretch rows of the link it ends
// (+w·g/l) and of the link it starts (−w·g/l). Nodes 0 and 1 are on segment segA's strand,
// 2 and 3 on segB's (−1: an obstacle contact).
func (s *Solver) columns(st *rope.State, r *jointRow, segA, segB int32) {
	r.ncol = 0
	for side, seg := range [2]int32{segA, segB} {
		if seg < 0 {
			break
		}
		str := &st.Strands[st.SegStrand[seg]]
		for e := range 2 {
			i := r.node[2*side+e]
			if i < 0 {
				continue
			}
			j := int32(str.FirstSeg) + i - int32(str.First) // the link i starts
			wg := r.g[2*side+e].Scale(s.w[i])
			if i > int32(str.First) {
				r.col[r.ncol] = colItem{seg: j - 1, v: wg.Scale(1 / s.rest[j-1])}
				r.ncol++
			}
			if i < int32(str.First+str.Nodes-1) {
				r.col[r.ncol] = colItem{seg: j, v: wg.Scale(-1 / s.rest[j])}
				r.ncol++
			}
		}
		si := s.segWin[seg]
		if side == 0 || r.sys[0] != si {
			r.sys[side] = si
		}
	}
}

// solveJoint computes the columns X, the Delassus matrix D and the right-hand side b of the
// normal rows in s.jc and solves for their multipliers λₙ ≥ 0; with FrictionRows it then adds
// the tangent rows of the self contacts pressed (λₙ > 0) and solves again from there, the
// tangents' pair within the friction disc; last it adds −S_cc⁻¹S_ck λ_k to the systems' Δλ
// in s.sz.
func (s *Solver) solveJoint(st *rope.State) {
	s.regions(st)
	s.jx = s.jx[:0]
	n := s.addColumns(st, 0)
	s.jc = s.jc[:n]
	if n == 0 {
		return
	}
	s.buildD(0)
	s.pgs(false)
	if s.P.FrictionRows {
		n0 := len(s.jc)
		for k := range n0 {
			c := s.jc[k] // (a copy: the appends below may move s.jc)
			if c.lam == 0 || c.mus == 0 || len(s.jc)+2 > maxJoint {
				continue
			}
			s.jc[k].fric = true
			for e := range 2 {
				t := c.t[e]
				r := jointRow{ci: c.ci, sa: c.sa, oc: c.oc, kind: int8(1 + e), nrm: int32(k), node: c.node, sys: [2]int32{-1, -1},
					mus: c.mus, muk: c.muk, rhs: -c.dt[e]}
				if c.ci >= 0 {
					r.g = [4]vec.V3{t.Scale(1 - c.u), t.Scale(c.u), t.Scale(c.v - 1), t.Scale(-c.v)}
					p := &s.self[c.ci]
					s.columns(st, &r, p.A, p.B)
				} else {
					r.g = [4]vec.V3{t, {}, {}, {}}
					if c.node[1] >= 0 {
						r.g[0], r.g[1] = t.Scale(1-c.u), t.Scale(c.u)
					}
					s.columns(st, &r, c.sa, -1)
				}
				s.jc = append(s.jc, r)
			}
		}
		if len(s.jc) > n0 {
			s.jc = s.jc[:s.addColumns(st, n0)]
			s.buildD(n0)
			s.pgs(true)
		}
	}
	s.finalSolve(st)
}

// regions sets each system's region (the links its rows' columns touch), its Ŷ from the
// region on and its tail.
func (s *Solver) regions(st *rope.State) {
	for si := range s.js {
		y := &s.js[si]
		y.lo, y.hi = y.j1, -1
	}
	for ri := range s.jc {
		c := &s.jc[ri]
		for e := 0; e < c.ncol; e++ {
			seg := c.col[e].seg
			y := &s.js[s.segSys(st, seg)]
			j := seg - y.f
			y.lo, y.hi = min(y.lo, j), max(y.hi, j)
		}
	}
	for si := range s.js {
		if y := &s.js[si]; y.ok && y.hi >= 0 {
			s.unscaleFactor(y, y.lo+1, y.j1)
			s.solveTail(y)
		}
	}
}

// addColumns computes the columns X = S_cc⁻¹S_ck of rows from.. of s.jc, each in each of its
// systems from its first entry's link to the region's end (buildD asks no more of it), and
// returns how many rows have theirs (the rest did not fit in maxJointX; a tangent pair is
// kept or left whole).
func (s *Solver) addColumns(st *rope.State, from int) int {
	for ri := from; ri < len(s.jc); ri++ {
		c := &s.jc[ri]
		need := 0
		for slot := range 2 {
			si := c.sys[slot]
			if si < 0 {
				continue
			}
			y := &s.js[si]
			first := y.hi
			for e := 0; e < c.ncol; e++ {
				if it := c.col[e]; it.seg >= y.f && it.seg < y.f+y.j1-y.j0 {
					first = min(first, it.seg-y.f)
				}
			}
			c.frst[slot], c.off[slot] = first, int32(len(s.jx)+need)
			need += int(y.hi - first + 1)
		}
		if len(s.jx)+need > maxJointX {
			if c.kind == 2 {
				ri-- // its pair's first tangent goes too
			}
			return ri
		}
		n0 := len(s.jx)
		s.jx = slices.Grow(s.jx, need)[:n0+need]
		clear(s.jx[n0:])
		for slot := range 2 {
			si := c.sys[slot]
			if si < 0 {
				continue
			}
			y := &s.js[si]
			first := c.frst[slot]
			x := s.jx[c.off[slot]:][:y.hi-first+1]
			for e := 0; e < c.ncol; e++ {
				if it := c.col[e]; it.seg >= y.f+first && it.seg <= y.f+y.hi {
					z := &x[it.seg-y.f-first]
					z[0] += it.v.X
					z[1] += it.v.Y
					z[2] += it.v.Z
				}
			}
			s.forward(y, x, first, first, y.hi, nil)
			var in vec6
			if y.hasTail {
				in = mulTail(&y.tail, &x[y.hi-first])
			}
			s.backward(y, x, first, first, y.hi, &in)
		}
	}
	return len(s.jc)
}

// buildD fills the Delassus matrix D = S_kk − S_kc X and b = r_k − S_kc Δλ_c⁰ for rows from..
// (the block of the rows before is kept, moved to the new stride). By symmetry, D_kl's Schur
// part is taken in each shared system with the X of the row whose first link there comes
// first, at the other row's entries (which all lie on or after it).
func (s *Solver) buildD(from int) {
	n := len(s.jc)
	s.jd2 = phys.Resize(s.jd2, n*n, 0)
	if from > 0 {
		for k := range from {
			copy(s.jd2[k*n:k*n+from], s.jd[k*from:k*from+from])
		}
	}
	s.jd, s.jd2 = s.jd2, s.jd
	D := s.jd
	for k := from; k < n; k++ {
		ck := &s.jc[k]
		ck.b = ck.rhs
		for e := 0; e < ck.ncol; e++ {
			it := ck.col[e]
			z := &s.sz[it.seg]
			ck.b -= it.v.X*z[0] + it.v.Y*z[1] + it.v.Z*z[2]
		}
		for l := 0; l <= k; l++ {
			cl := &s.jc[l]
			var dkl float64
			for r, i := range ck.node {
				if i < 0 {
					continue
				}
				for t, j := range cl.node {
					if i == j {
						dkl += s.w[i] * ck.g[r].Dot(cl.g[t])
					}
				}
			}
			for p := range 2 {
				si := ck.sys[p]
				if si < 0 {
					continue
				}
				q := 0
				if cl.sys[0] != si {
					if q = 1; cl.sys[1] != si {
						continue
					}
				}
				// owner's X at provider's entries.
				own, ow, prov := ck, p, cl
				if cl.frst[q] < ck.frst[p] {
					own, ow, prov = cl, q, ck
				}
				y := &s.js[si]
				lo, hi := y.f+own.frst[ow], y.f+y.hi
				x := s.jx[own.off[ow]:]
				for e := 0; e < prov.ncol; e++ {
					it := prov.col[e]
					if it.seg < lo || it.seg > hi {
						continue
					}
					z := &x[it.seg-lo]
					dkl -= it.v.X*z[0] + it.v.Y*z[1] + it.v.Z*z[2]
				}
			}
			D[k*n+l], D[l*n+k] = dkl, dkl
		}
	}
}

// finalSolve adds −S_cc⁻¹S_ck λ_k to each system's Δλ in s.sz: one more solve of the whole
// system.
func (s *Solver) finalSolve(st *rope.State) {
	for si := range s.js {
		y := &s.js[si]
		if !y.ok || y.hi < 0 {
			continue
		}
		m := int(y.j1 - y.j0)
		s.jf = phys.Resize(s.jf, m, 0)
		x := s.jf[:m]
		first := y.hi
		for k := range s.jc {
			c := &s.jc[k]
			if c.lam == 0 {
				continue
			}
			for e := 0; e < c.ncol; e++ {
				if it := c.col[e]; it.seg >= y.f && it.seg < y.f+int32(m) {
					j := it.seg - y.f
					x[j][0] -= c.lam * it.v.X
					x[j][1] -= c.lam * it.v.Y
					x[j][2] -= c.lam * it.v.Z
					first = min(first, j)
				}
			}
		}
		s.forward(y, x, 0, first, int32(m-1), nil)
		s.backward(y, x, 0, 0, int32(m-1), nil)
		sz := s.sz[y.f:][:m]
		for j := range x {
			for r := range 6 {
				sz[j][r] += x[j][r]
			}
		}
	}
}

// segSys returns the system of global link seg (which lies in one).
func (s *Solver) segSys(st *rope.State, seg int32) int {
	k := st.SegStrand[seg]
	for si := range s.js {
		if s.js[si].k == k {
			return si
		}
	}
	return -1
}

// pgs solves the rows' complementarity problem by projected Gauss–Seidel: λₙ = max(0, λₙ +
// ρₙ/Dₙₙ); a tangent pair likewise, then kept within μs·λₙ of its normal (scaled to μk·λₙ when
// it slides); ρ = b − Dλ is kept up to date column by column, so a row whose λ stays put
// (a contact that opens) costs nothing. It starts from λ = 0, or (warm) from the rows' λ; it
// stops when no λ moves its row by more than pgsTol of the largest |b| (a displacement, m), or
// after pgsSweeps sweeps.
func (s *Solver) pgs(warm bool) {
	n := len(s.jc)
	D := s.jd[:n*n]
	s.jr = phys.Resize(s.jr, n, 0)
	rho := s.jr[:n]
	var scale float64
	for k := range s.jc {
		c := &s.jc[k]
		if !warm {
			c.lam = 0
		}
		rho[k] = c.b
		scale = max(scale, math.Abs(c.b))
	}
	if warm {
		for l := range s.jc {
			if lam := s.jc[l].lam; lam != 0 {
				col := D[l*n:][:n]
				for k := range rho {
					rho[k] -= lam * col[k]
				}
			}
		}
	}
	for sweep := 0; sweep < pgsSweeps; sweep++ {
		var change float64
		for k := range s.jc {
			c := &s.jc[k]
			dkk := D[k*n+k]
			lam := 0.0
			if dkk > 0 {
				lam = c.lam + rho[k]/dkk
			}
			if !(lam == lam) || math.IsInf(lam, 0) {
				lam = 0 // a degenerate factor
			}
			switch c.kind {
			case 0:
				lam = max(lam, 0)
			case 2:
				// Both tangents are updated: project the pair onto the friction disc.
				t1 := &s.jc[k-1]
				ln := s.jc[c.nrm].lam
				if m := math.Hypot(t1.lam, lam); m > c.mus*ln {
					f := c.mus * ln / m
					if s.jc[c.nrm].slip {
						f = c.muk * ln / m
					}
					change = max(change, s.moveRow(k-1, t1.lam*f, rho, D))
					lam *= f
				}
			}
			change = max(change, s.moveRow(k, lam, rho, D))
		}
		if change <= pgsTol*scale {
			break
		}
	}
}

// moveRow sets row k's λ and updates ρ = b − Dλ; it returns how far that moved the row's
// own constraint, m.
func (s *Solver) moveRow(k int, lam float64, rho, D []float64) float64 {
	c := &s.jc[k]
	d := lam - c.lam
	if d == 0 {
		return 0
	}
	c.lam = lam
	n := len(rho)
	col := D[k*n:][:n] // D is symmetric: row k is column k
	for l := range rho {
		rho[l] -= d * col[l]
	}
	return math.Abs(d) * D[k*n+k]
}

// unscaleFactor stores in s.yh the factor's Ŷ = ΔỸ of links lo..hi−1 of system y (the
// forward sweep's coupling, direct.go; factorRange keeps only Ỹ = Δ⁻¹Ŷ), rows as in s.sx.
func (s *Solver) unscaleFactor(y *jointSys, lo, hi int32) {
	for g := y.f + max(lo, 1); g < y.f+hi; g++ {
		Y, L, Yh := &s.sx[g], &s.sd[g-1], &s.yh[g]
		d0, d1, d2 := 1/L[0], 1/L[2], 1/L[5]
		Yh[0], Yh[1], Yh[2], Yh[3], Yh[4], Yh[5] = Y[0]*d0, Y[1]*d1, Y[2]*d1, Y[3]*d2, Y[4]*d2, Y[5]*d2
		for r, d := range [3]float64{1 / L[15], 1 / L[17], 1 / L[20]} {
			for c := range 3 {
				Yh[6+3*r+c] = Y[6+3*r+c] * d
				Yh[15+3*r+c] = Y[15+3*r+c] * d
			}
		}
	}
}

// solveTail sets y.tail, the response Δλ_{hi+1} = tail·z̃_hi of the links past the region to
// the forward sweep's value at its last link: six solves of the tail, one per unit z̃_hi.
func (s *Solver) solveTail(y *jointSys) {
	m := y.j1 - y.j0
	y.hasTail = y.hi+1 < m
	if !y.hasTail {
		return
	}
	n := int(m - y.hi - 1)
	s.jf = phys.Resize(s.jf, n, 0)
	x := s.jf[:n]
	for c := range 6 {
		clear(x)
		var prev vec6
		prev[c] = 1
		s.forward(y, x, y.hi+1, y.hi+1, m-1, &prev)
		s.backward(y, x, y.hi+1, y.hi+1, m-1, nil)
		copy(y.tail[6*c:6*c+6], x[0][:])
	}
}

// mulTail returns t·z (t column-major 6×6).
func mulTail(t *[36]float64, z *vec6) vec6 {
	var o vec6
	for c := range 6 {
		zc := z[c]
		for r := range 6 {
			o[r] += t[6*c+r] * zc
		}
	}
	return o
}

// forward runs the forward sweep of system y's factor on links from..to (local), x[j−base]
// holding y_j on entry and z̃_j on exit: y_j −= Ŷ_jᵀz̃_{j−1}; L̂ẑ_j = y_j; z̃_j = Δ⁻¹ẑ_j. The
// z̃ before from is prev (nil: zero). Ŷ must be in s.yh (unscaleFactor).
func (s *Solver) forward(y *jointSys, x []vec6, base, from, to int32, prev *vec6) {
	for j := from; j <= to; j++ {
		g := y.f + j
		v := &x[j-base]
		ys := vec.V3{X: v[0], Y: v[1], Z: v[2]}
		yb := vec.V3{X: v[3], Y: v[4], Z: v[5]}
		z := prev
		if j > from {
			z = &x[j-1-base]
		}
		if z != nil && j > 0 {
			Y := &s.yh[g]
			zs := vec.V3{X: z[0], Y: z[1], Z: z[2]}
			zb := vec.V3{X: z[3], Y: z[4], Z: z[5]}
			// Ŷ11 rows (c,0,0), (t10,c,0), (t20,t21,c) with c = Y[0] = Y[2] = Y[5].
			ys = ys.Sub(vec.V3{X: Y[0]*zs.X + Y[1]*zs.Y + Y[3]*zs.Z, Y: Y[2]*zs.Y + Y[4]*zs.Z, Z: Y[5] * zs.Z})
			y0 := vec.V3{X: Y[6], Y: Y[7], Z: Y[8]}
			y1 := vec.V3{X: Y[9], Y: Y[10], Z: Y[11]}
			y2 := vec.V3{X: Y[12], Y: Y[13], Z: Y[14]}
			x0 := vec.V3{X: Y[15], Y: Y[16], Z: Y[17]}
			x1 := vec.V3{X: Y[18], Y: Y[19], Z: Y[20]}
			x2 := vec.V3{X: Y[21], Y: Y[22], Z: Y[23]}
			ys = ys.Sub(y0.Scale(zb.X).Add(y1.Scale(zb.Y)).Add(y2.Scale(zb.Z)))
			yb = yb.Sub(x0.Scale(zb.X).Add(x1.Scale(zb.Y)).Add(x2.Scale(zb.Z)))
		}
		blockSolve(&s.sd[g], ys, yb, v)
	}
}

// backward runs the backward sweep of system y's factor on links to..from (local, downwards),
// x[j−base] holding z̃_j on entry and Δλ_j on exit (backSweep). The Δλ after to is next (nil:
// zero; it is ignored when to is the system's last link).
func (s *Solver) backward(y *jointSys, x []vec6, base, from, to int32, next *vec6) {
	if to+1 >= y.j1-y.j0 {
		next = nil
	}
	g := y.f + from
	backSweep(s.sd[g:], s.sx[g:], x[from-base:to-base+1], next)
}
