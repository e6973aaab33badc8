package dvi

// Contacts in the multiplier solve (Params.Contact "constraint", the default; not in the paper).
//
// The paper's penalty (Eq. 14) acts as an explicit force, and the overlap it leaves must be
// projected out after the multiplier solve, which moves nodes off their links' lengths; the
// next substep's multipliers then pull them back, and the pair is pushed apart again: a loop of
// seed 004's rod held in 7 self contacts gained kinetic energy (0.06 → 0.27 J in 2 s with
// friction off), and friction applied after the solve was undone by the tension along a wrap
// (the capstan slid at 2.2 where Coulomb allows 2.57). Here the contacts are multipliers of
// the same step, next to the link tensions:
//
//	x_i = x̄_i + h²·w_i·(T_i·t_i − T_{i−1}·t_{i−1} + Σ_r F_r·g_{r,i}),
//
// with F_r (N) the force of contact row r and g_{r,i} its gradient at node i: for a normal row
// of a segment pair, the barycentric weights of the closest points times the normal
// ((1−u)·n, u·n on segment a's nodes; −(1−v)·n, −v·n on b's); for a tangent row the same with a
// tangent; an obstacle row only has the segment's nodes. A row's constraint is linear in x,
//
//	C_r(x) = Σ_i g_{r,i}·x_i − c_r:  normal: the gap n·(p_a − p_b) − (R_a + R_b) ≥ 0, F_r ≥ 0,
//	F_r·C_r = 0; tangent: the relative tangential displacement of the contact points since the
//	substep began, 0 while |(F_t1, F_t2)| < μ·F_n (Coulomb's cone; μs, or μk once the contact
//	slid in the last substep).
//
// The links' residuals g_j = |e⁺_j|² − L_j² are quadratic in (T, F). Each Newton iteration
// linearises them, K·ΔT = g + G·ΔF (K = −∂g/∂T the strand's tridiagonal Newton matrix of
// tension.go, G_jr = ∂g_j/∂F_r = 2h²·e⁺_j·q_rj with q_rj = w_{j+1}·g_{r,j+1} − w_j·g_{r,j},
// non-zero on the ≤ 6 links round the row's nodes), so ΔT = y + Σ_r X_r·ΔF_r with y = K⁻¹g and
// X_r = K⁻¹G_r (one tridiagonal solve per row and strand it touches). The rows then see
//
//	C(F') = C⁰ + D·(F' − F),  C⁰ = C(T, F) + C_T·y,  D = C_F + C_T·X,
//
// C_T,rj = −h²·t_j·q_rj, C_F,rs = h²·Σ_i w_i·g_{r,i}·g_{s,i}: D is the Delassus matrix of the
// contacts with the chain's constraints folded in (the contacts' coupling through every link
// of the strands they touch, the Schur complement). Projected Gauss–Seidel solves the small
// complementarity problem for F' (warm-started from F), then T += y + X·(F' − F), F = F'; the
// contacts' constraints are exact after the update (they are linear in T and F), the links
// converge quadratically. The rows are gathered once per substep, for the pairs within reach
// at the positions of a tension-only solve, with the normals and closest points of x^k (the
// substep's start) held fixed.

import (
	"math"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/vec"
)

// Contact handling (Params.Contact).
const (
	ContactConstraint = "constraint" // contacts and friction as multipliers of the step (contact.go)
	ContactPenalty    = "penalty"    // the paper's Eq. 14, then projection and friction after the solve
)

// maxRows bounds the contact rows of one substep (normals and tangents); contacts beyond are
// left to the projection after the solve.
const maxRows = 3 * 128

// contactReach is how far apart, in units of the smallest radius, the surfaces of a pair may
// be at the tension-only solution and still get rows (a pair just apart may close while the
// others are pushed).
const contactReach = 0.25

// slipDisp is how far, in R, the contact points of a pair must have slid relative to each other
// in a substep for its friction to be kinetic (μk) in the next.
const slipDisp = 1e-3

// pgsSweeps and pgsTol bound projected Gauss–Seidel: at most so many sweeps a call, and none
// once no force moves its row by more than pgsTol·R (m). On the tight overhand of
// BenchmarkKnot100, whose rows are coupled through the tension of the whole strand, the calls
// mostly end at the cap, whatever it is. Since the substep count sees the stiffness of the
// tension and of the contact forces (step.go) the knot comes to rest and its count no longer
// follows its motion: with 6 sweeps a call it takes 81.5 µs a step against 97.3 µs with 20, at
// the same 2.02 substeps, and still comes to rest (TestKnotComesToRest: 6.0 µJ of kinetic
// energy over s 6–8 against 3.3 µJ). (Before, when the knot never came to rest, 6 sweeps kept
// it less still than 20: 2.37 substeps a step against 2.14, and no faster. Warm-starting the
// tangent rows with the last substep's friction force was tried too: with 6 sweeps it shook
// the knot, nodes at up to 4 m/s.)
const (
	pgsSweeps = 6
	pgsTol    = 1e-4
)

// jointRowIters is how many iterations of the joint solve solve the rows' forces; after them
// the forces are held and Newton–Raphson finishes the links alone (quadratically), so that a
// projected Gauss–Seidel that has not settled (a knot jammed at the tools' cap) cannot keep
// the links from converging. (2 took a quarter less time a step on the tight overhand of
// BenchmarkKnot100, the physical suite passed, but the square knot of seed 004 Fig. 15 crept:
// its ends 1.5 mm apart over 2 s at 0.5 N where 4 holds them within 1 mm.)
//
// Tried on 2026-12-07 and reverted: 2 calls of 20 sweeps. It holds the square knot and cut
// BenchmarkKnot100 by 17 % (3 joint iterations a substep instead of 5; 18 rows). But a sweep
// costs O(rows²). The clove hitch scene under dvi has 112–144 rows at most steps, and there it
// ran at 77–100 cycles/s against 85–101, slower in 4 of 5 alternating pairs (10.3 substeps a
// step). Overhand, square and munter ran 2–8 % slower, within noise. Choosing the plan by row count (2 × 20 up to 64 rows, else 4 × 6)
// was worse than either: the clove scene took 67 s against 42 s, at the same substeps.
const jointRowIters = 4

// crow is one contact row.
type crow struct {
	ci    int32    // self candidate (≥ 0) or −1 − obstacle candidate
	kind  int8     // 0 normal, 1 and 2 tangents (right after their normal)
	nrm   int32    // a tangent's normal row
	nn    int8     // nodes used
	node  [4]int32 // global nodes
	g     [4]vec.V3
	c     float64 // the constant of C_r = Σ g·x − c, m
	mu    float64 // a normal row's friction coefficient for this substep
	lam   float64 // F_r, N
	c0    float64 // C⁰ of the current iteration, m
	sides [2]cside
	// A normal row's contact, for AppendContacts: segment A, segment B (−1: an obstacle),
	// the obstacle (−1: a self contact), the point on A's axis and the gap C_r where the
	// rows were gathered (m).
	a, b, ob int32
	at       vec.V3
	gap      float64
}

// cside is a row's coupling to one strand: the links round its nodes and its column X.
type cside struct {
	k   int32 // strand, −1: none
	n   int8
	j   [6]int32   // local links
	q   [6]vec.V3  // q_rj, 1/kg
	ct  [6]float64 // C_T,rj = −h²·t_j·q_rj, m/N
	off int32      // X in s.cx, the strand's links long
}

// contactRows gathers the rows of the pairs within reach at the current positions (a
// tension-only solve of the substep); it returns false when there are none.
func (s *Solver) contactRows(st *rope.State, obs []shape.Shape) bool {
	pos := st.Pos
	s.cr = s.cr[:0]
	reach := contactReach * s.rmin
	// Which candidates got rows, and where the nodes were (project skips the others while the
	// nodes stay near: rowless).
	s.hasRow = phys.Resize(s.hasRow, len(s.self), 0)
	s.hasRowO = phys.Resize(s.hasRowO, len(s.obs), 0)
	s.xw = phys.Resize(s.xw, len(pos), 0)
	copy(s.xw, pos)
	s.rowsCapped = false
	for ci := range s.self {
		if len(s.cr)+3 > maxRows {
			s.rowsCapped = true
			break
		}
		c := &s.self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		p0, p1, q0, q1 := pos[a], pos[a+1], pos[b], pos[b+1]
		u, v, d2 := vec.ClosestSegSeg(p0, p1, q0, q1)
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		if d2 >= (lim+reach)*(lim+reach) {
			continue
		}
		// The row is the gap linearised about x^k, the substep's start: the closest points
		// and normal there. Linearised about the warm start's positions instead, the normal
		// of a contact that slides round a turn has rotated by some θ since x^k, where the
		// pair's n·(p_a − p_b) is then lim·cos θ: the row pushed the pair apart by about
		// lim·θ²/2 a substep, work its force put in as kinetic energy: the tight overhand of
		// BenchmarkKnot100 kept 0.1 mJ of kinetic energy for 20 s against its damping of
		// 1/s, and without friction 15 mJ, nodes at up to 4 m/s. Linearised about x^k (and
		// before the substep count saw the tension and contact forces, step.go), 0.015 mJ
		// and 0.06 mJ over s 4–6 (TestKnotComesToRest).
		k0, k1, l0, l1 := s.xk[a], s.xk[a+1], s.xk[b], s.xk[b+1]
		if uk, vk, dk2 := vec.ClosestSegSeg(k0, k1, l0, l1); dk2 > 1e-24*lim*lim {
			u, v = uk, vk
		}
		pa, pb := p0.Lerp(p1, u), q0.Lerp(q1, v)
		ka, kb := k0.Lerp(k1, u), l0.Lerp(l1, v)
		var n vec.V3
		if dk := ka.Dist(kb); dk > 1e-12*lim {
			n = ka.Sub(kb).Scale(1 / dk)
		} else {
			// Axes that meet at x^k: the warm start's normal, on the side the pair was on
			// (a free motion that crossed the axes must be pushed back, not through).
			n = phys.PairNormal(p0, p1, q0, q1, pa, pb, math.Sqrt(d2), lim)
		}
		w := [4]float64{1 - u, u, -(1 - v), -v}
		nodes := [4]int32{a, a + 1, b, b + 1}
		r := crow{ci: int32(ci), nrm: int32(len(s.cr)), nn: 4, node: nodes, c: lim, mu: s.mus[c.A] + s.mus[c.B],
			a: c.A, b: c.B, ob: -1, at: pa, gap: n.Dot(pa.Sub(pb)) - lim}
		r.mu *= 0.5
		if s.slid[ci] {
			r.mu = 0.5 * (s.muk[c.A] + s.muk[c.B])
		}
		r.lam = s.fwarm[ci]
		for e := range w {
			r.g[e] = n.Scale(w[e])
		}
		s.cr = append(s.cr, r)
		s.hasRow[ci] = true
		if r.mu > 0 {
			t1 := p1.Sub(p0)
			t1 = t1.Sub(n.Scale(n.Dot(t1))).Unit()
			if t1 == (vec.V3{}) {
				t1 = n.AnyPerp()
			}
			t2 := n.Cross(t1)
			for kind, t := range [2]vec.V3{t1, t2} {
				rt := crow{ci: int32(ci), kind: int8(kind + 1), nrm: r.nrm, nn: 4, node: nodes, c: t.Dot(ka.Sub(kb))}
				for e := range w {
					rt.g[e] = t.Scale(w[e])
				}
				s.cr = append(s.cr, rt)
			}
		}
	}
	for ci := range s.obs {
		if len(s.cr)+3*2 > maxRows {
			s.rowsCapped = true
			break
		}
		c := &s.obs[ci]
		sh := &obs[c.Obstacle]
		a := st.SegNode[c.A]
		r := st.SegRadius[c.A]
		mu, nid := s.mus[c.A], int32(-1-ci)
		if s.slidO[ci] {
			mu = s.muk[c.A]
		}
		if sh.Kind == shape.Plane {
			for e := int32(0); e < 2; e++ {
				if e == 1 && !s.lastSeg[c.A] {
					break
				}
				i := a + e
				d := pos[i].Sub(sh.Center).Dot(sh.Axis)
				if d >= r+reach || s.w[i] == 0 {
					continue
				}
				s.obsRows(c, nid, 1, [2]int32{i}, [2]float64{1}, sh.Axis, sh.Axis.Dot(sh.Center)+r, pos[i], s.xk[i], s.fwarmO[ci], mu)
				s.hasRowO[ci] = true
			}
			continue
		}
		p0, p1 := pos[a], pos[a+1]
		t, _, n, d := sh.SegDistWithin(p0, p1, r+reach)
		if d >= r+reach {
			continue
		}
		// C = n·(p(t) − p̃(t)) + d − R: the gap, linearised about the current point.
		p := p0.Lerp(p1, t)
		s.obsRows(c, nid, 2, [2]int32{a, a + 1}, [2]float64{1 - t, t}, n, n.Dot(p)-d+r, p, s.xk[a].Lerp(s.xk[a+1], t), s.fwarmO[ci], mu)
		s.hasRowO[ci] = true
	}
	return len(s.cr) > 0
}

// obsRows appends the normal row (and with μ > 0 the two tangent rows) of obstacle contact oc
// on nn nodes with barycentric weights wt, normal n, C_n = n·x − c; p and pk are the contact
// point now and at x^k (the first tangent is along its slide).
func (s *Solver) obsRows(oc *collide.Contact, id int32, nn int, nodes [2]int32, wt [2]float64, n vec.V3, c float64, p, pk vec.V3, warm, mu float64) {
	r := crow{ci: id, nrm: int32(len(s.cr)), nn: int8(nn), c: c, mu: mu, lam: warm,
		a: oc.A, b: -1, ob: oc.Obstacle, at: p, gap: n.Dot(p) - c}
	for e := 0; e < nn; e++ {
		r.node[e] = nodes[e]
		r.g[e] = n.Scale(wt[e])
	}
	s.cr = append(s.cr, r)
	if mu <= 0 {
		return
	}
	dp := p.Sub(pk)
	t1 := dp.Sub(n.Scale(n.Dot(dp))).Unit()
	if t1 == (vec.V3{}) {
		t1 = n.AnyPerp()
	}
	t2 := n.Cross(t1)
	for kind, t := range [2]vec.V3{t1, t2} {
		// C_t = t·(p(x) − p^k)
		rt := crow{ci: id, kind: int8(kind + 1), nrm: r.nrm, nn: r.nn, node: r.node, c: t.Dot(pk)}
		for e := 0; e < nn; e++ {
			rt.g[e] = t.Scale(wt[e])
		}
		s.cr = append(s.cr, rt)
	}
}

var _ solver.ContactReporter = (*Solver)(nil)

// AppendContacts implements solver.ContactReporter: it appends the contacts of the last
// substep's multiplier solve to dst, one per normal row (self pairs by (A, B), then obstacle
// contacts; a contact of a segment's node with a plane is one per node), with the point and
// gap where the rows were gathered (the tension-only solve of the substep) and the rows'
// forces F_r (N): the normal force along the row's normal, the friction force along its two
// tangent rows. None under Contact "penalty", in a substep solved with the contacts out of the
// multiplier solve (Fallbacks), or for the pairs beyond maxRows.
func (s *Solver) AppendContacts(dst []solver.Contact) []solver.Contact {
	for ri := range s.cr {
		r := &s.cr[ri]
		if r.kind != 0 {
			continue
		}
		// g on A's nodes is the normal times weights that sum to 1.
		var n vec.V3
		for e := int8(0); e < min(r.nn, 2); e++ {
			n = n.Add(r.g[e])
		}
		c := solver.Contact{A: int(r.a), B: int(r.b), Obstacle: int(r.ob), At: r.at, Normal: n, Fn: r.lam, Gap: r.gap}
		for k := ri + 1; k < len(s.cr) && k <= ri+2 && s.cr[k].kind != 0; k++ {
			q := &s.cr[k]
			var t vec.V3
			for e := int8(0); e < min(q.nn, 2); e++ {
				t = t.Add(q.g[e])
			}
			c.Ft = c.Ft.Add(t.Scale(q.lam))
		}
		dst = append(dst, c)
	}
	return dst
}

// Residual implements solver.ContactReporter: the largest change of a row's constraint (m)
// in the last sweep of the last substep's projected Gauss–Seidel, its natural-map residual
// scaled by D's diagonal (0 when the last substep had no rows).
func (s *Solver) Residual() float64 { return s.resid }

// contactOmega2 returns the largest squared frequency (1/s²) with which the last substep's
// self contacts turn with their pairs, F·Σ_i w_i·|g_i|²/lim (a contact force F between axes lim
// apart pulls a node moved across it by δ back with F·δ/lim; w_i the nodes' inverse masses,
// g_i the row's weights), and that contact's force F (N). Obstacle contacts are left out (their
// surfaces' curvature is not known here; a plane has none).
func (s *Solver) contactOmega2() (w2, force float64) {
	for ri := range s.cr {
		r := &s.cr[ri]
		if r.kind != 0 || r.ci < 0 || !(r.lam > 0) {
			continue
		}
		var iw float64
		for e := int8(0); e < r.nn; e++ {
			iw += s.w[r.node[e]] * r.g[e].Norm2()
		}
		if v := r.lam * iw / r.c; v > w2 {
			w2, force = v, r.lam
		}
	}
	return w2, force
}

// rowSides sets each row's sides: the strands its nodes lie on, the links round them and q_rj,
// and the offsets of its columns X in s.cx; it marks the strands touched in s.touched.
func (s *Solver) rowSides(st *rope.State) {
	s.rlo = phys.Resize(s.rlo, len(st.Strands), 0)
	s.rhi = phys.Resize(s.rhi, len(st.Strands), 0)
	s.tau = phys.Resize(s.tau, len(st.Strands), 0)
	for k := range s.touched {
		s.touched[k] = false
	}
	off := int32(0)
	for ri := range s.cr {
		r := &s.cr[ri]
		if r.kind != 0 {
			// A tangent row has its normal's nodes, so its normal's sides and links: only
			// q_rj is its own.
			r.sides = s.cr[r.nrm].sides
			for si := range r.sides {
				sd := &r.sides[si]
				if sd.k < 0 {
					continue
				}
				first := int32(st.Strands[sd.k].First)
				for e := int8(0); e < sd.n; e++ {
					sd.q[e] = r.linkQ(first+sd.j[e], s.w)
				}
			}
			continue
		}
		r.sides[0].k, r.sides[1].k = -1, -1
		for e := int8(0); e < r.nn; e++ {
			k := s.nodeStrand[r.node[e]]
			si := 0
			if r.sides[0].k >= 0 && r.sides[0].k != k {
				si = 1
			}
			sd := &r.sides[si]
			if sd.k < 0 {
				sd.k, sd.n = k, 0
				if !s.touched[k] {
					s.touched[k] = true
					s.rlo[k], s.rhi[k] = math.MaxInt32, -1
				}
			}
			str := &st.Strands[k]
			li := r.node[e] - int32(str.First)
			for _, j := range [2]int32{li - 1, li} {
				if j < 0 || j >= int32(str.Links()) {
					continue
				}
				dup := false
				for q := int8(0); q < sd.n; q++ {
					dup = dup || sd.j[q] == j
				}
				if dup {
					continue
				}
				sd.j[sd.n], sd.q[sd.n] = j, r.linkQ(int32(str.First)+j, s.w)
				sd.n++
				s.rlo[k], s.rhi[k] = min(s.rlo[k], j), max(s.rhi[k], j)
			}
		}
	}
	// Each side's column X lives on its strand's region, the links its rows touch.
	for ri := range s.cr {
		for si := range s.cr[ri].sides {
			if sd := &s.cr[ri].sides[si]; sd.k >= 0 {
				sd.off = off
				off += s.rhi[sd.k] - s.rlo[sd.k] + 1
			}
		}
	}
	s.cx = phys.Resize(s.cx, int(off), 0)
}

// linkQ returns the row's q_rj = w_{j+1}·g_{r,j+1} − w_j·g_{r,j} (1/kg) for the link from node a
// to node a+1 (global), with w the nodes' inverse masses.
func (r *crow) linkQ(a int32, w []float64) vec.V3 {
	b := a + 1
	var q vec.V3
	for f := int8(0); f < r.nn; f++ {
		switch r.node[f] {
		case b:
			q = q.Add(r.g[f].Scale(w[b]))
		case a:
			q = q.Sub(r.g[f].Scale(w[a]))
		}
	}
	return q
}

// solveJoint solves the link tensions of the strands the rows touch together with the rows'
// forces (the file comment) and moves their nodes there; the other strands keep the
// tension-only solution already in st.Pos. rowSides must have run.
func (s *Solver) solveJoint(st *rope.State, h float64) error {
	for k, str := range st.Strands {
		if s.touched[k] {
			s.ts[k].size(str.Links())
		}
	}
	s.directCoupling(h)
	pgsLast := math.Inf(1)
	res, err := s.jointEval(st, h)
	if err != nil {
		return err
	}
	for it := 0; ; it++ {
		if res <= s.P.Tol && (pgsLast <= pgsTol*s.rmin || it >= jointRowIters) {
			break
		}
		// Once the forces are held the links converge quadratically or not at all (the
		// substep was too large for links solved about their directions at x^k): a residual
		// that did not halve over the last two iterations gives up at once (the caller
		// halves the substep).
		if it >= s.P.MaxIter || (it >= jointRowIters+2 && res > 0.5*s.resAt[(it-2)%3]) {
			return errTensionNoConverge
		}
		s.resAt[it%3] = res
		// The columns and D from the first linearisation only: the fixed point (g = 0, the
		// rows complementary) does not depend on them, only the rate does.
		if err := s.jointLinearize(st, h, it == 0); err != nil {
			return err
		}
		for ri := range s.cr {
			s.cf[ri] = s.cr[ri].lam
		}
		if it < jointRowIters {
			pgsLast = s.pgs()
		}
		if err := s.jointStep(st, h); err != nil {
			return err
		}
		// Backtracking: a step that raises the links' residual is halved, tensions and
		// forces alike (up to 8 times; a full step from far away overshoots where links turn).
		alpha := 1.0
		for try := 0; ; try++ {
			for k := range st.Strands {
				if s.touched[k] {
					str := &st.Strands[k]
					g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
					T, Tb, dT := s.T[g0:g1], s.Tb[g0:g1], s.dT[g0:g1]
					Tb, dT = Tb[:len(T)], dT[:len(T)]
					for j := range T {
						T[j] = Tb[j] + alpha*dT[j]
					}
				}
			}
			for ri := range s.cr {
				s.cr[ri].lam = s.cf[ri] + alpha*(s.cnew[ri]-s.cf[ri])
			}
			r, err := s.jointEval(st, h)
			if err == nil && (r < res || try >= 8) {
				res = r
				break
			}
			if err != nil && try >= 8 {
				return err
			}
			alpha *= 0.5
		}
		s.iters = max(s.iters, it+1)
	}
	s.jointPlace(st, h)
	s.resid = pgsLast
	if !s.depen {
		s.rowsDone(st.Pos)
	}
	return nil
}

// directCoupling sizes the joint solve's buffers and sets C_F (s.cfix), the rows' coupling
// through the nodes they share, fixed in the substep.
func (s *Solver) directCoupling(h float64) {
	h2 := h * h
	nr := len(s.cr)
	s.cd = phys.Grow(s.cd, nr*nr)
	s.cfix = phys.Resize(s.cfix, nr*nr, 0)
	s.cf = phys.Grow(s.cf, nr)
	s.dy = phys.Grow(s.dy, len(s.T))
	s.xc = phys.Resize(s.xc, len(s.xbar), 0)
	// The rows at each node (a counting sort of their nodes), so that only rows that share a
	// node are paired.
	s.nrStart = phys.Resize(s.nrStart, len(s.xbar)+1, 0)
	for ri := range s.cr {
		r := &s.cr[ri]
		for e := int8(0); e < r.nn; e++ {
			s.nrStart[r.node[e]+1]++
		}
	}
	for i := 1; i < len(s.nrStart); i++ {
		s.nrStart[i] += s.nrStart[i-1]
	}
	s.nrRows = phys.Resize(s.nrRows, int(s.nrStart[len(s.nrStart)-1]), 0)
	s.nrFill = phys.Resize(s.nrFill, len(s.xbar), 0)
	for ri := range s.cr {
		r := &s.cr[ri]
		for e := int8(0); e < r.nn; e++ {
			i := r.node[e]
			s.nrRows[s.nrStart[i]+s.nrFill[i]] = rowAt{int32(ri), e}
			s.nrFill[i]++
		}
	}
	for i := range s.nrFill {
		for _, a := range s.nrRows[s.nrStart[i]:s.nrStart[i+1]] {
			ga := s.cr[a.row].g[a.e].Scale(h2 * s.w[i])
			for _, b := range s.nrRows[s.nrStart[i]:s.nrStart[i+1]] {
				s.cfix[int(a.row)*nr+int(b.row)] += ga.Dot(s.cr[b.row].g[b.e])
			}
		}
	}
}

// rowAt is a row's entry e at a node.
type rowAt struct {
	row int32
	e   int8
}

// strandEA returns strand k's EA per link, or nil (inextensible).
func (s *Solver) strandEA(st *rope.State, k int) []float64 {
	if s.ea == nil {
		return nil
	}
	str := &st.Strands[k]
	return s.ea[str.FirstSeg : str.FirstSeg+str.Links()]
}

// jointEval sets s.xc to x̄ plus the contacts' displacement, moves the rows' nodes to x(T, F)
// and returns the largest residual of the touched strands' links (as tension.go's residuals).
func (s *Solver) jointEval(st *rope.State, h float64) (float64, error) {
	pos := st.Pos
	h2 := h * h
	for k, str := range st.Strands {
		if s.touched[k] {
			copy(s.xc[str.First:str.First+str.Nodes], s.xbar[str.First:str.First+str.Nodes])
		}
	}
	for ri := range s.cr {
		r := &s.cr[ri]
		if r.lam == 0 {
			continue
		}
		for e := int8(0); e < r.nn; e++ {
			i := r.node[e]
			s.xc[i] = s.xc[i].Add(r.g[e].Scale(h2 * s.w[i] * r.lam))
		}
	}
	res := 0.0
	for k, str := range st.Strands {
		if !s.touched[k] {
			continue
		}
		lo, hi := str.First, str.First+str.Nodes
		g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
		ts := &s.ts[k]
		rk, ok := ts.residualsFrom(s.xc[lo:hi], s.t[g0:g1], s.w[lo:hi], s.rest[g0:g1], s.strandEA(st, k), h2, s.T[g0:g1])
		if !ok {
			s.failK = k
			return 0, errTensionNonFinite
		}
		res = math.Max(res, rk)
	}
	// Only the rows' nodes are read before the solve ends (the rows' C⁰ in jointLinearize):
	// the other nodes are placed once, by jointPlace. (A tangent row has its normal's nodes.)
	for ri := range s.cr {
		r := &s.cr[ri]
		if r.kind != 0 {
			continue
		}
		for e := int8(0); e < r.nn; e++ {
			i := int(r.node[e])
			str := &st.Strands[s.nodeStrand[i]]
			pos[i] = applyNode(s.xc, s.t, s.w, s.T, h2, i, i-str.First, str.FirstSeg, str.Links())
		}
	}
	return res, nil
}

// jointPlace moves every node of the touched strands to x(T, F) (the rows' nodes are there
// already: jointEval).
func (s *Solver) jointPlace(st *rope.State, h float64) {
	for k, str := range st.Strands {
		if !s.touched[k] {
			continue
		}
		lo, hi := str.First, str.First+str.Nodes
		g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
		apply(s.xc[lo:hi], s.t[g0:g1], s.w[lo:hi], s.T[g0:g1], h, st.Pos[lo:hi])
	}
}

// jointLinearize factors each touched strand's K at the current (T, F) (jointEval must have
// run), solves y = K⁻¹g into s.dy and sets each row's C⁰; with cols it also solves the columns
// X_r on the strands' regions into s.cx and sets D = C_F + C_T·X (s.cd).
func (s *Solver) jointLinearize(st *rope.State, h float64, cols bool) error {
	pos := st.Pos
	h2 := h * h
	nr := len(s.cr)
	for k, str := range st.Strands {
		if !s.touched[k] {
			continue
		}
		lo, hi := str.First, str.First+str.Nodes
		g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
		ts := &s.ts[k]
		ea := s.strandEA(st, k)
		t, w, l, T := s.t[g0:g1], s.w[lo:hi], s.rest[g0:g1], s.T[g0:g1]
		if !ts.assembleFactor(t, w, l, ea, h2, T) {
			// As in solve: a step with the diagonal raised to dominance.
			ts.residuals(t, w, l, ea, h2, T)
			ts.assemble(t, w, l, ea, h2, T, true)
			for j := range ts.di {
				if ts.di[j] > 0 {
					ts.di[j] = math.Max(ts.di[j], 1.01*(math.Abs(ts.lo[j])+math.Abs(ts.up[j])))
				}
			}
			if !ts.factor() {
				s.failK = k
				return errTensionPivot
			}
		}
		y := s.dy[g0:g1]
		copy(y, ts.rhs)
		ts.solveLU(y)
		if cols {
			s.tau[k] = ts.tailResponse(int(s.rhi[k]))
		}
	}
	for ri := range s.cr {
		r := &s.cr[ri]
		var c float64
		for e := int8(0); e < r.nn; e++ {
			c += r.g[e].Dot(pos[r.node[e]])
		}
		c -= r.c
		for si := range r.sides {
			sd := &r.sides[si]
			if sd.k < 0 {
				continue
			}
			str := &st.Strands[sd.k]
			g0, lo := str.FirstSeg, str.First
			for q := int8(0); q < sd.n; q++ {
				j := int(sd.j[q])
				c -= h2 * s.t[g0+j].Dot(sd.q[q]) * s.dy[g0+j]
			}
			if !cols {
				continue
			}
			rlo, rhi := s.rlo[sd.k], s.rhi[sd.k]
			x := s.cx[sd.off : sd.off+rhi-rlo+1]
			for j := range x {
				x[j] = 0
			}
			ts := &s.ts[sd.k]
			for q := int8(0); q < sd.n; q++ {
				j := int(sd.j[q])
				if !(s.w[lo+j] == 0 && s.w[lo+j+1] == 0 && s.ea == nil) { // a decoupled link keeps its T
					x[j-int(rlo)] = 2 * h2 * ts.ep[j].Dot(sd.q[q])
				}
			}
			ts.solveRegion(x, int(rlo), s.tau[sd.k])
		}
		r.c0 = c
	}
	if !cols {
		return nil
	}
	for ri := range s.cr {
		r := &s.cr[ri]
		for si := range r.sides {
			sd := &r.sides[si]
			if sd.k < 0 {
				continue
			}
			g0 := st.Strands[sd.k].FirstSeg
			for e := int8(0); e < sd.n; e++ {
				sd.ct[e] = -h2 * s.t[g0+int(sd.j[e])].Dot(sd.q[e])
			}
		}
	}
	for ri := range s.cr {
		r := &s.cr[ri]
		row := s.cd[ri*nr : (ri+1)*nr]
		copy(row, s.cfix[ri*nr:(ri+1)*nr])
		for si := range r.sides {
			sd := &r.sides[si]
			if sd.k < 0 {
				continue
			}
			rlo, rhi := s.rlo[sd.k], s.rhi[sd.k]
			width := int(rhi - rlo + 1)
			var jl [6]int32 // the side's links in its strand's region
			for e := int8(0); e < sd.n; e++ {
				jl[e] = sd.j[e] - rlo
			}
			ct, jj := sd.ct[:sd.n], jl[:sd.n]
			for ci := range s.cr {
				q := &s.cr[ci]
				o := int32(-1)
				for qi := range q.sides {
					if q.sides[qi].k == sd.k {
						o = q.sides[qi].off
					}
				}
				if o < 0 {
					continue
				}
				x := s.cx[o : int(o)+width]
				var v float64
				for e, c := range ct {
					v += c * x[jj[e]]
				}
				row[ci] += v
			}
		}
	}
	s.cdT = phys.Resize(s.cdT, nr*nr, 0)
	for r := 0; r < nr; r++ {
		for c := 0; c < nr; c++ {
			s.cdT[c*nr+r] = s.cd[r*nr+c]
		}
	}
	return nil
}

// jointStep sets s.dT to the Newton step of the tensions, y + K⁻¹·Σ_r G_r·(F_r − F_r⁰), with F⁰
// the forces of the linearisation (s.cf) and F the rows' forces (copied to s.cnew), K and G those
// of the last jointLinearize (one more solve per touched strand); s.Tb keeps the tensions.
func (s *Solver) jointStep(st *rope.State, h float64) error {
	h2 := h * h
	s.Tb = phys.Grow(s.Tb, len(s.T))
	s.dT = phys.Grow(s.dT, len(s.T))
	s.cnew = phys.Grow(s.cnew, len(s.cr))
	copy(s.Tb, s.T)
	for ri := range s.cr {
		s.cnew[ri] = s.cr[ri].lam
	}
	for k, str := range st.Strands {
		if !s.touched[k] {
			continue
		}
		g0, g1 := str.FirstSeg, str.FirstSeg+str.Links()
		ts := &s.ts[k]
		z := s.dT[g0:g1]
		for j := range z {
			z[j] = 0
		}
		for ri := range s.cr {
			r := &s.cr[ri]
			dF := r.lam - s.cf[ri]
			if dF == 0 {
				continue
			}
			for si := range r.sides {
				sd := &r.sides[si]
				if sd.k != int32(k) {
					continue
				}
				lo := str.First
				for q := int8(0); q < sd.n; q++ {
					j := int(sd.j[q])
					if !(s.w[lo+j] == 0 && s.w[lo+j+1] == 0 && s.ea == nil) {
						z[j] += dF * 2 * h2 * ts.ep[j].Dot(sd.q[q])
					}
				}
			}
		}
		ts.solveLU(z)
		for j := range z {
			z[j] += s.dy[g0+j]
			if math.IsNaN(z[j]) || math.IsInf(z[j], 0) {
				return errTensionNonFinite
			}
		}
	}
	return nil
}

// pgs solves the rows' complementarity problem by projected Gauss–Seidel on D (s.cd) from the
// rows' current forces (s.cf holds the forces D was linearised at): a normal row's force stays
// ≥ 0 and leaves its gap ≥ 0, a tangent pair stays within μ·F_n of its normal's force (scaled
// back onto the disc). The rows' linearised constraints ρ = C⁰ + D·(F − F⁰) are kept up to date
// column by column (s.cdT holds Dᵀ), so a row whose force stays put (a contact that opens)
// costs nothing. It returns the largest move of a row's constraint in the last sweep, m.
func (s *Solver) pgs() float64 {
	nr := len(s.cr)
	D, DT := s.cd, s.cdT
	rho := phys.Resize(s.crho, nr, 0)
	s.crho = rho
	for ri := range s.cr {
		rho[ri] = s.cr[ri].c0
	}
	move := func(ci int, f float64) {
		dF := f - s.cr[ci].lam
		if dF == 0 {
			return
		}
		s.cr[ci].lam = f
		col := DT[ci*nr : (ci+1)*nr]
		col = col[:len(rho)]
		r := 0
		for ; r+4 <= len(rho); r += 4 {
			p, c := rho[r:r+4:r+4], col[r:r+4:r+4]
			p[0] += c[0] * dF
			p[1] += c[1] * dF
			p[2] += c[2] * dF
			p[3] += c[3] * dF
		}
		for ; r < len(rho); r++ {
			rho[r] += col[r] * dF
		}
	}
	// The warm start's forces differ from F⁰ only after an update; ρ starts at C⁰ with F = F⁰.
	// (Comparisons in place of math.Max and math.Hypot, which are not inlined: the sweeps are
	// the joint solve's hottest loop, and in one profile those calls took two fifths of it.)
	var moved float64
	for sweep := 0; sweep < pgsSweeps; sweep++ {
		moved = 0
		for ri := 0; ri < nr; ri++ {
			r := &s.cr[ri]
			drr := D[ri*nr+ri]
			if r.kind == 0 {
				if drr > 0 {
					f := r.lam - rho[ri]/drr
					if f < 0 {
						f = 0
					}
					if m := math.Abs(f-r.lam) * drr; m > moved {
						moved = m
					}
					move(ri, f)
				}
				continue
			}
			// A tangent pair (ri, ri+1), kinds 1 and 2.
			r2 := &s.cr[ri+1]
			d2 := D[(ri+1)*nr+ri+1]
			old1, old2 := r.lam, r2.lam
			if drr > 0 {
				move(ri, r.lam-rho[ri]/drr)
			}
			f1, f2 := r.lam, r2.lam
			if d2 > 0 {
				f2 = r2.lam - rho[ri+1]/d2
			}
			limit := s.cr[r.nrm].mu * s.cr[r.nrm].lam
			if n2 := f1*f1 + f2*f2; n2 > limit*limit {
				if n := math.Sqrt(n2); n > 0 {
					f1, f2 = f1*limit/n, f2*limit/n
				}
			}
			if m := math.Abs(f1-old1) * drr; m > moved {
				moved = m
			}
			if m := math.Abs(f2-old2) * d2; m > moved {
				moved = m
			}
			move(ri, f1)
			move(ri+1, f2)
			ri++
		}
		if moved <= pgsTol*s.rmin {
			break
		}
	}
	return moved
}

// rowsDone keeps each contact's normal force as the next substep's warm start and whether its
// points slid (kinetic friction next substep), from the final positions pos.
func (s *Solver) rowsDone(pos []vec.V3) {
	for i := range s.fwarm {
		s.fwarm[i], s.slid[i] = 0, false
	}
	for i := range s.fwarmO {
		s.fwarmO[i], s.slidO[i] = 0, false
	}
	for ri := range s.cr {
		r := &s.cr[ri]
		if r.kind == 1 {
			var c [2]float64
			for k := 0; k < 2; k++ {
				q := &s.cr[ri+k]
				for e := int8(0); e < q.nn; e++ {
					c[k] += q.g[e].Dot(pos[q.node[e]])
				}
				c[k] -= q.c
			}
			if math.Hypot(c[0], c[1]) > slipDisp*s.rmin {
				if r.ci >= 0 {
					s.slid[r.ci] = true
				} else {
					s.slidO[-1-r.ci] = true
				}
			}
		}
		if r.kind != 0 {
			continue
		}
		if r.ci >= 0 {
			s.fwarm[r.ci] = r.lam
		} else {
			s.fwarmO[-1-r.ci] = math.Max(s.fwarmO[-1-r.ci], r.lam)
		}
	}
}

// factor factors the tridiagonal K held in ts.lo, ts.di, ts.up by the Thomas algorithm for
// repeated solves (solveLU): ts.lo becomes the multipliers, ts.di the pivots' inverses (the
// solves multiply where they divided). It returns false when a pivot is not positive, is
// below tensionPivotTol of its row or is not finite.
func (ts *tensionSolver) factor() bool {
	for j := range ts.di {
		if !ts.factorRow(j) {
			return false
		}
	}
	return true
}

// factorRow eliminates row j of the system (rows before it eliminated): lo[j] becomes the
// multiplier and di[j] the pivot's inverse. It reports false where the pivot is not positive,
// is below tensionPivotTol times its row's size, or is not finite.
func (ts *tensionSolver) factorRow(j int) bool {
	lo, di, up := ts.lo, ts.di, ts.up
	if j == 0 {
		if sc := math.Abs(di[0]) + math.Abs(up[0]); !(di[0] > tensionPivotTol*sc) || math.IsInf(di[0], 0) {
			return false
		}
		di[0] = 1 / di[0]
		return true
	}
	sc := math.Abs(lo[j]) + math.Abs(di[j]) + math.Abs(up[j])
	f := lo[j] * di[j-1]
	p := di[j] - f*up[j-1]
	if !(p > tensionPivotTol*sc) || math.IsInf(p, 0) {
		return false
	}
	lo[j], di[j] = f, 1/p
	return true
}

// assembleFactor is assemble (Newton's K) and factor in one pass over the links; on false (a
// pivot factor refuses) K is left part factored: assemble again.
//
// It is assembleRow (newton) and factorRow written out in one loop, the previous row's pivot
// and super-diagonal carried in registers (the two calls a link took a sixth of the joint
// solve's time in the tight knot of BenchmarkKnot100); TestAssembleFactorMatches holds it to them.
func (ts *tensionSolver) assembleFactor(t []vec.V3, w, l, ea []float64, h2 float64, T []float64) bool {
	m := len(t)
	if m == 0 {
		return true
	}
	lo, di, up, g, ep := ts.lo[:m], ts.di[:m], ts.up[:m], ts.rhs[:m], ts.ep[:m]
	w = w[:m+1]
	var ipPrev, upPrev float64 // row j−1's pivot inverse and super-diagonal
	for j := 0; j < m; j++ {
		s := ep[j].Scale(2)
		var a, u float64
		if j > 0 {
			a = -h2 * w[j] * s.Dot(t[j-1])
		}
		if j+1 < m {
			u = -h2 * w[j+1] * s.Dot(t[j+1])
		}
		d := h2 * (w[j] + w[j+1]) * s.Dot(t[j])
		if ea != nil && ea[j] > 0 {
			l2 := l[j] * l[j]
			d += 2 * l2 * (1 + T[j]/ea[j]) / ea[j]
		} else if w[j] == 0 && w[j+1] == 0 {
			d, g[j] = 1, 0 // decoupled: ΔT_j = 0 (a and u are 0)
		}
		up[j] = u
		sc := math.Abs(a) + math.Abs(d) + math.Abs(u)
		f := a * ipPrev
		p := d - f*upPrev
		if !(p > tensionPivotTol*sc) || math.IsInf(p, 0) {
			return false
		}
		ip := 1 / p
		lo[j], di[j] = f, ip
		ipPrev, upPrev = ip, u
	}
	return true
}

// solveLU solves K·x = r in place with the factor of factor.
func (ts *tensionSolver) solveLU(r []float64) {
	m := len(ts.di)
	// All four of length m, so that the loops carry no bounds checks (a quarter of the joint
	// solve's time is in these two recurrences).
	lo, di, up, r := ts.lo[:m], ts.di[:m], ts.up[:m], r[:m]
	x := r[0]
	for j := 1; j < m; j++ {
		x = r[j] - lo[j]*x
		r[j] = x
	}
	x = r[m-1] * di[m-1]
	r[m-1] = x
	for j := m - 2; j >= 0; j-- {
		x = (r[j] - up[j]*x) * di[j]
		r[j] = x
	}
}

// tailResponse returns, for the factor of factor, the solution's entry at link j+1 when the
// forward sweep's value at link j is 1 and the right-hand side is zero after j (0 when j is
// the last link): the links after a region folded into one number (solveRegion).
func (ts *tensionSolver) tailResponse(j int) float64 {
	lo, di, up := ts.lo, ts.di, ts.up
	m := len(di)
	if j >= m-1 {
		return 0
	}
	r := ts.tb[:m]
	r[j] = 1
	for i := j + 1; i < m; i++ {
		r[i] = -lo[i] * r[i-1]
	}
	r[m-1] *= di[m-1]
	for i := m - 2; i > j; i-- {
		r[i] = (r[i] - up[i]*r[i+1]) * di[i]
	}
	return r[j+1]
}

// solveRegion solves K·x = b for b zero outside links lo..lo+len(x)−1, in place on that region
// (x holds b there), with the factor of factor and the tail response tau of the region's last
// link (tailResponse): the forward sweep starts at lo (zero before), the links after the
// region enter through tau, and the back substitution stops at lo. The entries outside the
// region are not computed.
func (ts *tensionSolver) solveRegion(x []float64, lo int, tau float64) {
	l, di, up := ts.lo, ts.di, ts.up
	n := len(x)
	for i := 1; i < n; i++ {
		x[i] -= l[lo+i] * x[i-1]
	}
	next := tau * x[n-1] // the solution at the link after the region
	for i := n - 1; i >= 0; i-- {
		x[i] = (x[i] - up[lo+i]*next) * di[lo+i]
		next = x[i]
	}
}

// rowless reports whether project may skip the candidates without rows: no node has moved
// since contactRows by as much as half the reach (a pair without rows had its surfaces at least
// contactReach·R apart there, and the closest distance of two segments changes by at most the
// largest move of their ends, twice for two moving segments), and no pair was left out for
// maxRows.
func (s *Solver) rowless(pos []vec.V3) bool {
	if s.rowsCapped || len(s.xw) != len(pos) {
		return false
	}
	lim := 0.5 * contactReach * s.rmin
	lim2 := lim * lim
	for i := range pos {
		if pos[i].Dist2(s.xw[i]) >= lim2 {
			return false
		}
	}
	return true
}
