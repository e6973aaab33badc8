package implicit

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// crow is one contact of a substep: its nodes and weights (the relative motion of the
// contact points is Σ wt_k·Δx_{node_k}, seed 003 Eq. 3.62), its frame (normal from B to A,
// two tangents), its gap and the contact point on A.
type crow struct {
	key  uint64 // self: A<<32 | B; obstacle: 1<<63 | A<<32 | obstacle
	node [4]int32
	wt   [4]float64
	nn   int
	fr   [3]vec.V3 // normal, tangent, tangent
	gap  float64   // m: axis distance − radii (negative: overlap)
	mu   float64   // this substep's friction coefficient
	at   vec.V3    // m: the closest point on A's axis at the substep's start
	comp int32     // its contact component (components: the root strand)
	rank int32     // its index in key order
	// A contact with a triangle surface (Input.Surfaces): surf is 1 + the surface's index (0:
	// not a surface contact), tn the triangle's nodes and tw the contact point's barycentric
	// weights on it (where the reaction goes).
	surf int32
	// moving: a contact with a moving obstacle (Input.Moving); its overlap is pushed out
	// within the step, as a surface's.
	moving bool
	tn     [3]int32
	tw     [3]float64
	tc     float64 // the surface's compliance at the contact point over the substep, m/N
	carry  float64 // N: the normal force the surface carried here over the last step (it has given to it)
	kin    float64 // μk/μs once it slides: its first segment's, or the surface's
}

var _ solver.ContactReporter = (*Solver)(nil)

// AppendContacts implements solver.ContactReporter: it appends the contacts of the last
// substep to dst (in key order: self pairs by (A, B), then obstacle contacts by (A,
// obstacle)), with the forces λ of its NCP solve (N).
func (s *Solver) AppendContacts(dst []solver.Contact) []solver.Contact {
	for c := range s.rows {
		r := &s.rows[c]
		a, b, o := int(r.key>>32&0x7fffffff), int(r.key&0xffffffff), -1
		if r.key>>63 != 0 {
			o, b = b, -1
		}
		l := s.lam[3*c : 3*c+3]
		ct := solver.Contact{A: a, B: b, Obstacle: o, At: r.at, Normal: r.fr[0], Fn: l[0],
			Ft: r.fr[1].Scale(l[1]).Add(r.fr[2].Scale(l[2])), Gap: r.gap}
		if r.surf > 0 {
			ct.Obstacle, ct.OnSurface, ct.Surface = -1, true, int(r.surf-1)
		}
		dst = append(dst, ct)
	}
	return dst
}

func selfKey(a, b int32) uint64 { return uint64(a)<<32 | uint64(b) }
func obsKey(a, o int32) uint64  { return 1<<63 | uint64(a)<<32 | uint64(o) }
func surfKey(a, k int32) uint64 { return 1<<63 | uint64(a)<<32 | 1<<31 | uint64(k) }
func frame(n vec.V3) [3]vec.V3  { t := n.AnyPerp().Unit(); return [3]vec.V3{n, t, n.Cross(t)} }
func nodeMove(dx []float64, i int32) float64 {
	return math.Sqrt(dx[3*i]*dx[3*i] + dx[3*i+1]*dx[3*i+1] + dx[3*i+2]*dx[3*i+2])
}

// contacts finds the substep's contacts at st.Pos — the pairs within (1 + Margin)·(r_a + r_b)
// plus the motion allowed their nodes (s.allow: speculative contacts) — and builds their Delassus operator W = J·A⁻¹·Jᵀ from the step's factor
// (seed 003 Eq. 3.63–3.66: column r of A⁻¹·Jᵀ is the motion of every node under a unit force
// along row r).
func (s *Solver) contacts(st *rope.State, in *solver.Input) error {
	s.rows = s.rows[:0]
	move := 0.0
	for _, a := range s.allow {
		move = math.Max(move, a)
	}
	margin := 2*s.P.Margin*s.rmax + 2*move
	t0 := time.Now()
	s.Det.Update(st)
	s.self = s.Det.Self(s.self[:0], st, margin)
	s.obs = collide.ObstaclesExcept(s.obs[:0], st, in.Obstacles, margin, in.ObstacleSkip)
	s.surfHits, s.surfAt = s.surfHits[:0], append(s.surfAt[:0], 0)
	for k := range in.Surfaces {
		sf := &in.Surfaces[k]
		s.surfHits = sf.Index.Query(s.surfHits, st, sf.Pos, margin)
		s.surfAt = append(s.surfAt, len(s.surfHits))
	}
	s.nsDetect += time.Since(t0).Nanoseconds()
	if len(in.Portals) > 0 {
		s.dropInside()
	}
	pos := st.Pos
	for ci := range s.self {
		c := &s.self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		ra, rb := st.SegRadius[c.A], st.SegRadius[c.B]
		// A contact at a shared node is reported by both segments of that node: keep the one
		// where the node is the segment's start (the Fig. 3.28 case keeps one row per node).
		if c.S == 1 && s.continues(st, c.A) && !st.Adjacent(int(c.A)+1, int(c.B)) {
			continue
		}
		if c.T == 1 && s.continues(st, c.B) && !st.Adjacent(int(c.A), int(c.B)+1) {
			continue
		}
		gap := c.Dist - ra - rb
		reach := s.P.Margin*(ra+rb) + math.Max(s.allow[a], s.allow[a+1]) + math.Max(s.allow[b], s.allow[b+1])
		if gap > reach {
			continue
		}
		n := c.N
		if n.Norm2() < 0.5 {
			n = pos[a+1].Sub(pos[a]).Cross(pos[b+1].Sub(pos[b])).Unit()
			if n.Norm2() < 0.5 {
				n = pos[a+1].Sub(pos[a]).AnyPerp().Unit()
			}
		}
		mu := 0.5 * (s.mus[c.A] + s.mus[c.B])
		s.rows = append(s.rows, crow{key: selfKey(c.A, c.B), node: [4]int32{a, a + 1, b, b + 1},
			wt: [4]float64{1 - c.S, c.S, -(1 - c.T), -c.T}, nn: 4, fr: frame(n), gap: gap, mu: mu, at: c.PA, kin: s.segKin(c.A)})
	}
	for ci := range s.obs {
		c := &s.obs[ci]
		a := st.SegNode[c.A]
		gap := c.Dist - st.SegRadius[c.A]
		if gap > s.P.Margin*st.SegRadius[c.A]+math.Max(s.allow[a], s.allow[a+1]) {
			continue
		}
		s.rows = append(s.rows, crow{key: obsKey(c.A, c.Obstacle), node: [4]int32{a, a + 1},
			wt: [4]float64{1 - c.S, c.S}, nn: 2, fr: frame(c.N), gap: gap, mu: s.mus[c.A], at: c.PA, kin: s.segKin(c.A),
			moving: int(c.Obstacle) >= len(in.Obstacles)-in.Moving})
	}
	if len(s.surfHits) > 0 {
		s.surfaceRows(st, in)
	}
	if len(in.Portals) > 0 {
		s.portalRows(st, in)
	}
	if len(s.rows) > s.P.MaxContacts {
		slices.SortFunc(s.rows, func(p, q crow) int { return cmp.Compare(p.gap, q.gap) })
		s.dropped += len(s.rows) - s.P.MaxContacts
		s.rows = s.rows[:s.P.MaxContacts]
		slices.SortFunc(s.rows, func(p, q crow) int { return cmp.Compare(p.key, q.key) })
	}
	s.components(st)
	return s.couple()
}

// block returns the 3×3 coupling of the contact's rows (its frame vectors) with three
// interleaved columns y held compactly at the contact nodes (node n's three rows of column e at
// y[9·at[n] + 3·(row − 3n) + e]): block[d][e] is the
// contact's relative motion along its d-th frame vector under column e.
func (r *crow) block(y []float64, at []int32) (b [3][3]float64) {
	for k := 0; k < r.nn; k++ {
		i := 9 * int(at[r.node[k]])
		yk := y[i : i+9]
		for d := range 3 {
			f := r.fr[d].Scale(r.wt[k])
			for e := range 3 {
				b[d][e] += f.X*yk[e] + f.Y*yk[3+e] + f.Z*yk[6+e]
			}
		}
	}
	return b
}

// solveRows solves the contact forces for the free step s.dxf (b = J·Δx_free + gap, warm
// started from the last forces) and sets s.dx = s.dxf + A⁻¹·Jᵀ·λ; without contacts s.dx = s.dxf.
// With noPush an overlap counts as touching (gap 0): the forces that only stop the approach.
func (s *Solver) solveRows(noPush bool) error {
	copy(s.dx, s.dxf)
	M := len(s.rows)
	if M == 0 {
		return nil
	}
	n3 := len(s.dx)
	for c := range s.rows {
		r := &s.rows[c]
		for d := range 3 {
			s.b[3*c+d] = r.dot(d, s.dxf)
		}
		// An overlap deeper than a quarter of the substep's motion limit is pushed out by that
		// much a substep (the rest in the next ones; a node may be in two rows): pushed out
		// whole, the substep's motion would exceed the limit however short it were, and the step
		// would ask for ever more substeps. A tissue surface's or a moving obstacle's overlap
		// is its motion into the thread since the last step: the step takes substeps enough to
		// push it out whole (substep).
		if noPush {
			s.b[3*c] += math.Max(r.gap, 0)
		} else {
			s.b[3*c] += math.Max(r.gap, -s.pushCap())
		}
		// A tissue gives over the substep only to the change of what it carries here,
		// tc·(λ − carry): it has given to the last step's force already. (Giving to the whole
		// of λ, a thread resting on a tissue sank tc·λ into it and stayed there: 0.8 R at
		// suture-slab's knot with the tissue's true give, tissue.Body.Give.)
		s.b[3*c] -= r.tc * r.carry
	}
	// Each contact component alone (W is block-diagonal over them).
	s.resid = 0
	for k := range len(s.comp) - 1 {
		r0, r1 := s.comp[k], s.comp[k+1]
		mk := 3 * (r1 - r0)
		w, b, mu, lam := s.w[s.woff[k]:s.woff[k]+mk*mk], s.b[3*r0:3*r1], s.mu[r0:r1], s.lam[3*r0:3*r1]
		var err error
		callNCPHook(w, b, mu, lam)
		if s.P.Contact == PGS {
			s.res, err = s.ncp.PGS(w, b, mu, lam)
		} else {
			s.res, err = s.ncp.NNCG(w, b, mu, lam)
		}
		if err != nil {
			return fmt.Errorf("implicit: contact solve (component %d of %d: %d of %d contacts): %w", k+1, len(s.comp)-1, r1-r0, M, err)
		}
		s.iters = max(s.iters, s.res.Iterations)
		s.resid = max(s.resid, s.res.Residual)
	}
	// Δx = Δx_free + A⁻¹·Jᵀ·λ: one solve for the sum of the contact forces.
	f := s.fj[:n3]
	clear(f)
	any := false
	for c := range s.rows {
		r := &s.rows[c]
		l := s.lam[3*c : 3*c+3]
		if l[0] == 0 && l[1] == 0 && l[2] == 0 {
			continue
		}
		any = true
		g := r.fr[0].Scale(l[0]).Add(r.fr[1].Scale(l[1])).Add(r.fr[2].Scale(l[2]))
		for k := 0; k < r.nn; k++ {
			i := 3 * r.node[k]
			f[i] += r.wt[k] * g.X
			f[i+1] += r.wt[k] * g.Y
			f[i+2] += r.wt[k] * g.Z
		}
	}
	if any {
		s.chf.SolveSparse(f, s.lo)
		for i, v := range f {
			s.dx[i] += v
		}
	}
	return nil
}

// pushCap is the most an overlap is pushed out in one substep, m.
func (s *Solver) pushCap() float64 { return 0.25 * s.P.MoveFraction * s.reach }

// keepForces keeps the substep's contact forces for the next substep's warm start.
func (s *Solver) keepForces() {
	s.prevKey, s.prevLam, s.prevSl = s.prevKey[:0], s.prevLam[:0], s.prevSl[:0]
	for _, c32 := range s.byKey {
		c := int(c32)
		r := &s.rows[c]
		l := s.lam[3*c : 3*c+3]
		f := r.fr[0].Scale(l[0]).Add(r.fr[1].Scale(l[1])).Add(r.fr[2].Scale(l[2]))
		s.prevKey = append(s.prevKey, r.key)
		s.prevLam = append(s.prevLam, f.X, f.Y, f.Z)
		// Kinetic friction once the contact points slid 10⁻³ R in the substep (a contact that
		// merely reached the cone's edge while the load grows, as along a capstan's wrap, still
		// holds with static friction).
		s.prevSl = append(s.prevSl, math.Hypot(s.rowU(c, 1), s.rowU(c, 2)) > 1e-3*s.rmin)
	}
}

// rowU is row d of contact c of u = W·λ + b: the contact's motion along that frame vector, m.
func (s *Solver) rowU(c, d int) float64 {
	k := s.compOf(c)
	r0, r1 := s.comp[k], s.comp[k+1]
	mk := 3 * (r1 - r0)
	i := 3*(c-r0) + d
	u := s.b[3*c+d]
	lam := s.lam[3*r0 : 3*r1]
	for j, w := range s.w[s.woff[k]+i*mk : s.woff[k]+(i+1)*mk] {
		u += w * lam[j]
	}
	return u
}

// prevF is the force of the last substep's p-th contact in world coordinates, N.
func (s *Solver) prevF(p int) vec.V3 {
	return vec.V3{X: s.prevLam[3*p], Y: s.prevLam[3*p+1], Z: s.prevLam[3*p+2]}
}

// segKin is μk/μs of segment a (1 when μs is 0): the kinetic ratio of its contacts.
func (s *Solver) segKin(a int32) float64 {
	if s.mus[a] == 0 {
		return 1
	}
	return s.muk[a] / s.mus[a]
}

// dot returns the contact's relative motion along its d-th frame vector for the node
// displacements x (3 per node).
func (r *crow) dot(d int, x []float64) float64 {
	var v float64
	f := r.fr[d]
	for k := 0; k < r.nn; k++ {
		i := 3 * r.node[k]
		v += r.wt[k] * (f.X*x[i] + f.Y*x[i+1] + f.Z*x[i+2])
	}
	return v
}

// continues reports whether segment seg is followed by another segment of its strand that
// takes part in self contacts: not one inside a suture's wall, which dropInside leaves out.
// (A contact at the node where the thread enters a wall, the portal's A, stays with the
// segment before it; dropped with the one after, the knot of an anastomosis sank 0.38 R
// into the thread at its stitch.)
func (s *Solver) continues(st *rope.State, seg int32) bool {
	n := seg + 1
	return int(n) < st.NumSegs() && st.SegStrand[n] == st.SegStrand[seg] && s.segIn[n] < 0
}

// surfaceRows adds a row for each rope segment within reach of a surface, at its closest point
// on its closest triangle of that surface (s.surfHits, sorted by surface then segment), and a
// row at each node both of whose segments' rows lie at their far ends (or, at a strand's end,
// whose one segment's row does). Two segments lying along a face are each nearest it at an
// end, the one rounding makes nearer; when both chose their far ends nothing held the node
// between them: a node under a tool pressing it into a block at the 50 N cap fell 5.8 mm
// through the block in one substep (TestNodeBetweenFlatSegmentsHeld). (A row at every node
// of such segments as well held it too, but changed every contact's rows: next to a row over
// an edge, a thread pulled over a box's edges was thrown off its top, and the needle's
// anastomosis overlapped its thread by 0.7 R.) A row's normal is the triangle's outward
// normal where the closest point is inside the face (the gap then signed: a point that sank
// in is pushed out, not through), else the direction from the closest point (an edge or
// corner) to the rope's. The rows are then sorted by key: the warm start matches rows to the
// last substep's in key order.
func (s *Solver) surfaceRows(st *rope.State, in *solver.Input) {
	pos := st.Pos
	for k := range in.Surfaces {
		sf := &in.Surfaces[k]
		kin := 1.0
		if sf.Friction.Static > 0 {
			kin = sf.Friction.Kinetic / sf.Friction.Static
		}
		h := s.surfHits[s.surfAt[k]:s.surfAt[k+1]]
		prev, prevS := int32(-1), 0.0 // the last segment given a row, and its row's parameter
		for i := 0; i < len(h); {
			best, j := i, i+1
			for ; j < len(h) && h[j].Seg == h[i].Seg; j++ {
				if h[j].Dist < h[best].Dist {
					best = j
				}
			}
			g := h[i:j]
			i = j
			c := &h[best]
			A := c.Seg
			a := st.SegNode[A]
			R := st.SegRadius[A]
			if len(in.Portals) > 0 {
				if s.segIn[A] >= 0 {
					continue // inside a suture's wall
				}
				if s.atHole(st, in, A, k) {
					// At a piercing the thread passes through the surface (kept off it,
					// even by its axis alone, it fought the suture pulling it into the
					// hole: a stitched thread slid out of length by 0.4 %).
					continue
				}
			}
			if c.Dist-R > s.P.Margin*R+math.Max(s.allow[a], s.allow[a+1]) {
				continue
			}
			dir := pos[a+1].Sub(pos[a])
			s.addSurfaceRow(sf, k, g, surfKey(A, int32(k)), [2]int32{a, a + 1}, [2]float64{1 - c.S, c.S}, 2, pos[a].Lerp(pos[a+1], c.S), dir, c.Tri, c.W, c.Dist, R, kin)
			after := prev >= 0 && prev == A-1 && st.SegStrand[prev] == st.SegStrand[A]
			held := [2]bool{c.S != 1 || after && prevS != 0, c.S != 0 || int(A)+1 < st.NumSegs() && st.SegStrand[A+1] == st.SegStrand[A]}
			prev, prevS = A, c.S
			for e, nd := range [2]int32{a, a + 1} {
				if held[e] {
					continue
				}
				tri, w, d := nearestOf(sf, g, pos[nd])
				if d-R > s.P.Margin*R+s.allow[nd] {
					continue
				}
				s.addSurfaceRow(sf, k, g, surfKey(A, int32(k))|1<<30|uint64(e)<<29, [2]int32{nd}, [2]float64{1}, 1, pos[nd], dir, tri, w, d, R, kin)
			}
		}
	}
	slices.SortFunc(s.rows, func(p, q crow) int { return cmp.Compare(p.key, q.key) })
}

// nearestOf returns the triangle of the hits g closest to p, the barycentric weights of its
// closest point and the distance, m (ties: the first).
func nearestOf(sf *solver.Surface, g []collide.SurfaceContact, p vec.V3) (tri int32, w [3]float64, d float64) {
	d2 := math.Inf(1)
	for _, o := range g {
		t := sf.Tris[o.Tri]
		if ow, od := vec.ClosestPointTri(p, sf.Pos[t[0]], sf.Pos[t[1]], sf.Pos[t[2]]); od < d2 {
			tri, w, d2 = o.Tri, ow, od
		}
	}
	return tri, w, math.Sqrt(d2)
}

// addSurfaceRow adds the row of the rope point p (on nodes nd with weights wt, nn of them; a
// segment of radius R) whose closest point of surface k is on triangle tri at weights w, at
// distance dist (m); g are the triangles near the point's segment, dir its direction. Its
// normal is the triangle's outward normal where the closest point is inside the face (the gap
// then signed: a point that sank in is pushed out, not through), else the direction from the
// closest point (an edge or a corner) to p.
func (s *Solver) addSurfaceRow(sf *solver.Surface, k int, g []collide.SurfaceContact, key uint64, nd [2]int32, wt [2]float64, nn int,
	p, dir vec.V3, tri int32, w [3]float64, dist, R, kin float64) {
	tn := sf.Tris[tri]
	q0, q1, q2 := sf.Pos[tn[0]], sf.Pos[tn[1]], sf.Pos[tn[2]]
	q := q0.Scale(w[0]).Add(q1.Scale(w[1])).Add(q2.Scale(w[2]))
	n := q1.Sub(q0).Cross(q2.Sub(q0)).Unit()
	gap := n.Dot(p.Sub(q)) - R
	if inFace := w[0] > 1e-9 && w[1] > 1e-9 && w[2] > 1e-9; !inFace && dist > 1e-9*R {
		// Nearest an edge or a corner: along the line to it, outwards. The point has sunk in
		// when it is behind the plane of every triangle that shares that nearest point (at a
		// convex edge an outside point is in front of at least one), and is then pushed back
		// out towards it.
		d := p.Sub(q).Scale(1 / dist)
		out := false
		for _, o := range g {
			to := sf.Tris[o.Tri]
			o0, o1, o2 := sf.Pos[to[0]], sf.Pos[to[1]], sf.Pos[to[2]]
			od := o.Dist // the segment's distance, at its closest point p
			if nn == 1 {
				_, od2 := vec.ClosestPointTri(p, o0, o1, o2)
				od = math.Sqrt(od2)
			}
			if od <= dist+1e-9*R {
				out = out || d.Dot(o1.Sub(o0).Cross(o2.Sub(o0))) >= 0
			}
		}
		if out {
			n, gap = d, dist-R
		} else {
			n, gap = d.Neg(), -dist-R
		}
	}
	if n.Norm2() < 0.5 { // a degenerate triangle seen from its plane
		n = dir.AnyPerp().Unit()
	}
	// The surface gives as a spring at the contact point (its nodes' compliances weighted by
	// the barycentric weights squared; the coupling through shared nodes of two contacts is
	// left out), over this substep's share of the step.
	var tc float64
	if sf.Compliance != nil {
		for e, v := range tn {
			tc += w[e] * w[e] * sf.Compliance[v]
		}
		tc *= s.hfrac
	}
	s.rows = append(s.rows, crow{key: key, node: [4]int32{nd[0], nd[1]}, wt: [4]float64{wt[0], wt[1]}, nn: nn,
		fr: frame(n), gap: gap, mu: sf.Friction.Static, at: p, surf: int32(k) + 1, tn: tn, tw: w, kin: kin, tc: tc})
}

// surfaceForces adds the reactions of the substep's surface contacts, times frac (the
// substep's share of the step), to s.sforce.
func (s *Solver) surfaceForces(frac float64) {
	s.addCarry(frac)
	for c := range s.rows {
		r := &s.rows[c]
		if r.surf == 0 {
			continue
		}
		l := s.lam[3*c : 3*c+3]
		g := r.fr[0].Scale(l[0]).Add(r.fr[1].Scale(l[1])).Add(r.fr[2].Scale(l[2])).Scale(-frac)
		f := s.sforce[r.surf-1]
		for i, v := range r.tn {
			f[v] = f[v].Add(g.Scale(r.tw[i]))
		}
	}
}

// addCarry adds the substep's normal forces on deformable surfaces, times frac (its share of
// the step), to the step's (s.stepKey, s.stepF), merging by key.
func (s *Solver) addCarry(frac float64) {
	s.mergeKey, s.mergeF = s.mergeKey[:0], s.mergeF[:0]
	p := 0
	for _, c32 := range s.byKey {
		c := int(c32)
		r := &s.rows[c]
		if r.surf == 0 || r.tc == 0 {
			continue
		}
		for p < len(s.stepKey) && s.stepKey[p] < r.key {
			s.mergeKey, s.mergeF = append(s.mergeKey, s.stepKey[p]), append(s.mergeF, s.stepF[p])
			p++
		}
		f := s.lam[3*c] * frac
		if p < len(s.stepKey) && s.stepKey[p] == r.key {
			f += s.stepF[p]
			p++
		}
		s.mergeKey, s.mergeF = append(s.mergeKey, r.key), append(s.mergeF, f)
	}
	s.mergeKey, s.mergeF = append(s.mergeKey, s.stepKey[p:]...), append(s.mergeF, s.stepF[p:]...)
	s.stepKey, s.mergeKey = s.mergeKey, s.stepKey
	s.stepF, s.mergeF = s.mergeF, s.stepF
}

var _ solver.SurfaceForcer = (*Solver)(nil)

// AddSurfaceForces implements solver.SurfaceForcer.
func (s *Solver) AddSurfaceForces(k int, dst []vec.V3) {
	if k < 0 || k >= len(s.sforce) {
		return
	}
	for i, f := range s.sforce[k] {
		if i < len(dst) {
			dst[i] = dst[i].Add(f)
		}
	}
}
