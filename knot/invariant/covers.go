package invariant

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/knotsim/knotsim/knot/pd"
)

// MaxCoverIndex is the largest index Covers counts: permutations of up to 7 points.
const MaxCoverIndex = 7

// DefaultCoverBudget bounds the work of one Covers call (search nodes); see Covers.
const DefaultCoverBudget = 20_000_000

// ErrCoverBudget is returned (wrapped) when Covers would need more than its budget.
var ErrCoverBudget = errors.New("covers: search budget exhausted")

// Covers returns the number of connected n-fold covers of the knot complement: the transitive
// representations of the knot group into the symmetric group S_n, up to conjugacy in S_n (the
// same count as the conjugacy classes of subgroups of index n, and as Regina's
// GroupPresentation.enumerateCovers(n)). It depends only on the knot group, so a knot and its
// mirror image have the same counts; it tells apart knots that Alexander and Jones polynomials
// do not (KnotInfo's 5_1 and 10_132 have 2, 3, 4 and 5 fold counts 1, 1, 1, 6 and 1, 1, 1, 5).
//
// c must be the diagram of a knot (one component, no Loops); index n is 1…MaxCoverIndex. budget
// bounds the search (nodes visited, about one per candidate image of a generator); 0 means
// DefaultCoverBudget. A search that would exceed it stops with an error wrapping ErrCoverBudget.
// To count several indices of one diagram, NewGroup once and Group.Covers for each.
func Covers(c pd.Code, n, budget int) (int64, error) {
	if n < 1 || n > MaxCoverIndex {
		return 0, fmt.Errorf("covers: index %d outside 1…%d", n, MaxCoverIndex)
	}
	g, err := NewGroup(c)
	if err != nil {
		return 0, err
	}
	return g.Covers(n, budget)
}

// Group is the knot group of a diagram, as its Wirtinger presentation with the order in which
// Covers assigns its generators (found once: it is the costly part for small indices).
type Group struct {
	w    wirt
	plan []step
}

// NewGroup reads the knot group of the diagram c of a knot (one component, no Loops).
func NewGroup(c pd.Code) (*Group, error) {
	if c.Loops != 0 {
		return nil, errors.New("covers: the diagram has split unknotted loops; a knot is needed")
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if len(c.X) == 0 {
		return &Group{}, nil
	}
	w, err := wirtinger(c)
	if err != nil {
		return nil, err
	}
	return &Group{w: w, plan: w.plan()}, nil
}

// Covers returns the number of connected n-fold covers (see the function Covers).
//
// Method: the Wirtinger presentation, one generator per arc and one relation per crossing
// (x_out = x_over^s x_in x_over^−s, s the crossing's sign). All meridians are conjugate, so in a
// representation every generator maps into one conjugacy class λ of S_n. For each λ ≠ 1 the
// first generator is fixed to one permutation r of λ and the others are chosen in the plan's
// order: a smallest set of arcs whose images determine all others through the relations (the
// diagram's Wirtinger number of them), ordered so that later ones are often pinned — over a
// relation whose ends are already known, so that only the |Z(x)| permutations conjugating one
// end into the other need trying instead of all of λ. The second arc takes one permutation of
// each orbit of the centralizer of r (weighted by the orbit's size). Every relation whose
// over-arc and one end are known determines the other end or is checked. A complete assignment
// that is transitive contributes |λ|·|Z(ρ)| to n!·count, where Z(ρ) is the centralizer of its
// image in S_n (by Burnside's lemma, the number of orbits of the conjugation action is the
// average number of fixed points).
func (g *Group) Covers(n, budget int) (int64, error) {
	if n < 1 || n > MaxCoverIndex {
		return 0, fmt.Errorf("covers: index %d outside 1…%d", n, MaxCoverIndex)
	}
	if n == 1 || g.w.arcs == 0 {
		return 1, nil // the trivial cover; the unknot's group is Z, with one n-fold cover
	}
	if budget <= 0 {
		budget = DefaultCoverBudget
	}
	s := coverSearch{w: g.w, n: n, budget: budget, img: make([]perm, g.w.arcs)}
	s.bufs = make([][]perm, len(g.plan))
	f := uint64(1)
	for i := 2; i <= n; i++ {
		f *= uint64(i)
	}
	var total uint64
	for _, cls := range conjugacyClasses(n) {
		if cls.identity {
			continue
		}
		s.class, s.orbits = cls.perms, cls.orbits
		s.centSize = int(f / uint64(len(cls.perms)))
		s.typ = cycleType(cls.perms[0], n)
		s.sum = 0
		if err := s.run(g.plan); err != nil {
			return 0, err
		}
		total += uint64(len(cls.perms)) * s.sum
	}
	if total%f != 0 {
		return 0, fmt.Errorf("covers: internal error: %d is not a multiple of %d (the order of S_%d)", total, f, n)
	}
	return int64(total / f), nil
}

// wirt is a Wirtinger presentation: arcs (generators) and one relation per crossing.
type wirt struct {
	arcs int
	rel  []relation
}

// relation is x_out = x_over^sign x_in x_over^−sign.
type relation struct{ over, in, out, sign int }

// wirtinger reads the presentation from the diagram: an arc runs from one under-crossing to the
// next, through over-crossings (b and d of a crossing are on one arc).
func wirtinger(c pd.Code) (wirt, error) {
	n := 2 * len(c.X)
	next := c.Next()
	// arcOf: walk the knot from the edge leaving an under-crossing.
	underIn := make([]bool, n+1) // edge e ends at an under-crossing (it is some crossing's a)
	for _, x := range c.X {
		underIn[x[0]] = true
	}
	arcOf := make([]int, n+1)
	for i := range arcOf {
		arcOf[i] = -1
	}
	arcs := 0
	start := 0
	for e := 1; e <= n; e++ {
		if underIn[e] {
			start = next(e)
			break
		}
	}
	if start == 0 {
		return wirt{}, errors.New("covers: the diagram has no under-crossing")
	}
	e := start
	for i := 0; i < n; i++ {
		if arcOf[e] >= 0 {
			return wirt{}, errors.New("covers: the diagram has more than one component")
		}
		arcOf[e] = arcs
		if underIn[e] {
			arcs++
		}
		e = next(e)
	}
	if e != start {
		return wirt{}, errors.New("covers: the diagram's edges do not form one closed strand")
	}
	w := wirt{arcs: arcs, rel: make([]relation, len(c.X))}
	for i, x := range c.X {
		s := x.Sign(next)
		if s == 0 {
			return wirt{}, fmt.Errorf("covers: crossing %d: cannot tell its sign", i)
		}
		w.rel[i] = relation{over: arcOf[x[1]], in: arcOf[x[0]], out: arcOf[x[2]], sign: s}
	}
	return w, nil
}

// step is one level of the search: the arc chosen there, then the operations its image makes
// possible, in order.
type step struct {
	arc int
	ops []op
	// pin, when set, is a relation with this arc over and both ends known before it: the arc's
	// image must conjugate one end into the other, and the search may enumerate exactly those
	// permutations instead of the whole class.
	pin    bool
	pinRel relation
}

// op derives arc dst as x_over^s x_src x_over^−s (s = ±1), or checks that relation when check.
type op struct {
	over, src, dst, sign int
	check                bool
}

// plan orders the free choices. The arcs chosen freely are a smallest set whose images
// determine all others through the relations (its size is the diagram's Wirtinger number,
// which is the bridge number for a suitable diagram), found by trying every set of 1, 2, …
// arcs while that is cheap; each time the next one is the arc of the set that completes the
// most relations. On big diagrams the arcs are picked greedily: the unknown arc that is the
// over-arc of the most relations with a known end.
func (w wirt) plan() []step {
	known := make([]bool, w.arcs)
	done := make([]bool, len(w.rel))
	var steps []step
	if sets := w.minSeeds(); sets != nil {
		// Among the smallest sets and their orders (up to 5 arcs: all orders), the plan whose
		// later arcs are most often pinned (see step.pin): a pinned arc takes |Z(x)| images
		// instead of |class|, e.g. 6 instead of 120 for 6-cycles.
		var best []step
		bestCost := -1
		for _, set := range sets {
			try := func(order []int) {
				steps := w.planFor(order)
				if c := planCost(steps); bestCost < 0 || c < bestCost {
					best, bestCost = steps, c
				}
			}
			if len(set) > 5 {
				try(set)
				continue
			}
			permute(set, 0, try)
		}
		return best
	}
	for {
		best, bestScore := -1, -1
		for a := 0; a < w.arcs; a++ {
			if known[a] {
				continue
			}
			score := 0
			for _, r := range w.rel {
				if r.over == a && (known[r.in] || known[r.out]) {
					score++
				}
			}
			if score > bestScore {
				best, bestScore = a, score
			}
		}
		if best < 0 {
			return steps
		}
		steps = append(steps, w.choose(known, done, best))
	}
}

// planFor is the plan that chooses the arcs of order in that order.
func (w wirt) planFor(order []int) []step {
	known := make([]bool, w.arcs)
	done := make([]bool, len(w.rel))
	steps := make([]step, len(order))
	for i, a := range order {
		steps[i] = w.choose(known, done, a)
	}
	return steps
}

// planCost estimates a plan's search (in log scale): each level after the first costs 3, 1
// if pinned; the second costs 2 unpinned (it takes the centralizer's orbits).
func planCost(steps []step) int {
	c := 0
	for l := 1; l < len(steps); l++ {
		switch {
		case steps[l].pin:
			c++
		case l == 1:
			c += 2
		default:
			c += 3
		}
	}
	return c
}

// permute calls f with every order of set[i:] after set[:i] (set is reordered in place and
// restored).
func permute(set []int, i int, f func([]int)) {
	if i == len(set) {
		f(set)
		return
	}
	for j := i; j < len(set); j++ {
		set[i], set[j] = set[j], set[i]
		permute(set, i+1, f)
		set[i], set[j] = set[j], set[i]
	}
}

// maxSeedSets bounds the sets of arcs minSeeds tries; maxMinimalSets, how many of the
// smallest it returns.
const (
	maxSeedSets    = 100_000
	maxMinimalSets = 16
)

// minSeeds returns smallest sets of arcs whose images determine all others (at most
// maxMinimalSets of them), or nil when finding one would mean trying more than maxSeedSets sets.
func (w wirt) minSeeds() [][]int {
	known := make([]bool, w.arcs)
	tried := 0
	for k := 1; k <= w.arcs; k++ {
		set := make([]int, k)
		var found [][]int
		var rec func(i, from int)
		rec = func(i, from int) {
			if i == k {
				tried++
				if w.determines(set, known) {
					found = append(found, slices.Clone(set))
				}
				return
			}
			for a := from; a < w.arcs && tried <= maxSeedSets && len(found) < maxMinimalSets; a++ {
				set[i] = a
				rec(i+1, a+1)
			}
		}
		rec(0, 0)
		if len(found) > 0 {
			return found
		}
		if tried > maxSeedSets {
			return nil
		}
	}
	return nil
}

// determines reports whether the images of set determine every arc (known is scratch).
func (w wirt) determines(set []int, known []bool) bool {
	clear(known)
	for _, a := range set {
		known[a] = true
	}
	for changed := true; changed; {
		changed = false
		for _, r := range w.rel {
			if known[r.over] && known[r.in] != known[r.out] {
				known[r.in], known[r.out], changed = true, true, true
			}
		}
	}
	return !slices.Contains(known, false)
}

// choose marks arc as known and returns the step: the arc, then every relation it completes
// (derivations and checks, in order), updating known and done.
func (w wirt) choose(known, done []bool, arc int) step {
	st := step{arc: arc}
	for _, r := range w.rel {
		if r.over == arc && r.in != arc && r.out != arc && known[r.in] && known[r.out] {
			st.pin, st.pinRel = true, r
			break
		}
	}
	known[arc] = true
	for changed := true; changed; {
		changed = false
		for i, r := range w.rel {
			if done[i] || !known[r.over] {
				continue
			}
			switch {
			case known[r.in] && known[r.out]:
				st.ops = append(st.ops, op{over: r.over, src: r.in, dst: r.out, sign: r.sign, check: true})
			case known[r.in]:
				st.ops = append(st.ops, op{over: r.over, src: r.in, dst: r.out, sign: r.sign})
				known[r.out] = true
			case known[r.out]:
				st.ops = append(st.ops, op{over: r.over, src: r.out, dst: r.in, sign: -r.sign})
				known[r.in] = true
			default:
				continue
			}
			done[i], changed = true, true
		}
	}
	return st
}

// perm is a permutation of at most 8 points: p[i] is the image of i.
type perm [8]uint8

func (p perm) inverse(n int) perm {
	var q perm
	for i := 0; i < n; i++ {
		q[p[i]] = uint8(i)
	}
	return q
}

// conj returns g h g⁻¹ (apply g⁻¹, then h, then g) if s > 0, g⁻¹ h g otherwise.
func conj(g, h perm, s, n int) perm {
	if s < 0 {
		g = g.inverse(n)
	}
	// (g h g⁻¹)(g(i)) = g(h(i)).
	var r perm
	for i := 0; i < n; i++ {
		r[g[i]] = g[h[i]]
	}
	return r
}

type coverSearch struct {
	w      wirt
	n      int
	budget int
	nodes  int
	class  []perm
	orbits []weighted
	img    []perm
	sum    uint64
	first  weighted
	// centSize is the order of the centralizer of a permutation of the class (n!/|class|);
	// bufs holds each level's conjugators (reused); typ is the class's cycle type.
	centSize int
	bufs     [][]perm
	typ      cycles9
}

// weighted is a permutation standing for weight permutations of its class.
type weighted struct {
	p      perm
	weight uint64
}

func (s *coverSearch) run(plan []step) error {
	// The first free arc is fixed to one permutation of the class, r (conjugation moves it to
	// any other; the caller multiplies by the class size). Conjugation by the centralizer of r
	// keeps it fixed, so the second free arc takes one permutation of each orbit of that
	// action, standing for the whole orbit.
	s.first = weighted{p: s.class[0], weight: 1}
	return s.level(plan, 0, 1)
}

func (s *coverSearch) level(plan []step, l int, weight uint64) error {
	if l == len(plan) {
		if s.transitive() {
			s.sum += weight * uint64(s.centralizer())
		}
		return nil
	}
	st := &plan[l]
	var choices []weighted
	var perms []perm
	switch l {
	case 0:
		choices = []weighted{s.first}
	case 1:
		choices = s.orbits
	default:
		perms = s.class
	}
	if st.pin && l > 0 && s.centSize < len(choices)+len(perms) {
		// Only the permutations g with g^s x_in g^−s = x_out: as many as the centralizer of
		// x_in, fewer than the class (or its orbits) here. Each stands for itself.
		a, b := s.img[st.pinRel.in], s.img[st.pinRel.out]
		if st.pinRel.sign < 0 {
			a, b = b, a
		}
		s.bufs[l] = s.conjugators(a, b, s.bufs[l][:0])
		choices, perms = nil, s.bufs[l]
	}
next:
	for i := 0; ; i++ {
		var p perm
		w := weight
		if choices != nil {
			if i == len(choices) {
				break
			}
			p, w = choices[i].p, weight*choices[i].weight
		} else {
			if i == len(perms) {
				break
			}
			p = perms[i]
			if st.pin && !s.inClass(p) {
				continue
			}
		}
		s.nodes++
		if s.nodes > s.budget {
			return fmt.Errorf("%w (%d nodes at index %d, %d arcs)", ErrCoverBudget, s.budget, s.n, s.w.arcs)
		}
		s.img[st.arc] = p
		for _, o := range st.ops {
			q := conj(s.img[o.over], s.img[o.src], o.sign, s.n)
			if o.check {
				if q != s.img[o.dst] {
					continue next
				}
				continue
			}
			s.img[o.dst] = q
		}
		if err := s.level(plan, l+1, w); err != nil {
			return err
		}
	}
	return nil
}

// inClass reports whether p has the class's cycle type.
func (s *coverSearch) inClass(p perm) bool { return cycleType(p, s.n) == s.typ }

// conjugators appends to out every permutation g with g a g⁻¹ = b (a and b of one cycle type):
// g maps each cycle of a onto a cycle of b of the same length, at any rotation.
func (s *coverSearch) conjugators(a, b perm, out []perm) []perm {
	var ca, cb cycles
	ca.of(a, s.n)
	cb.of(b, s.n)
	var g perm
	var used uint16
	return conjRec(&ca, &cb, 0, used, &g, out)
}

// cycles lists a permutation's points cycle by cycle: cycle i is pts[start[i]:start[i+1]].
type cycles struct {
	pts   [8]uint8
	start [9]uint8
	count int
}

func (c *cycles) of(p perm, n int) {
	var seen uint16
	k := 0
	c.count = 0
	for i := 0; i < n; i++ {
		if seen&(1<<i) != 0 {
			continue
		}
		c.start[c.count] = uint8(k)
		c.count++
		for j := i; seen&(1<<j) == 0; j = int(p[j]) {
			seen |= 1 << j
			c.pts[k] = uint8(j)
			k++
		}
	}
	c.start[c.count] = uint8(k)
}

func conjRec(ca, cb *cycles, i int, used uint16, g *perm, out []perm) []perm {
	if i == ca.count {
		return append(out, *g)
	}
	la := int(ca.start[i+1] - ca.start[i])
	for j := 0; j < cb.count; j++ {
		lb := int(cb.start[j+1] - cb.start[j])
		if used&(1<<j) != 0 || lb != la {
			continue
		}
		for r := 0; r < la; r++ {
			for k := 0; k < la; k++ {
				g[ca.pts[int(ca.start[i])+k]] = cb.pts[int(cb.start[j])+(k+r)%la]
			}
			out = conjRec(ca, cb, i+1, used|1<<j, g, out)
		}
	}
	return out
}

// transitive reports whether the images of all arcs move point 0 to every point.
func (s *coverSearch) transitive() bool {
	var seen uint16 = 1
	var stack [8]uint8
	top := 1
	for top > 0 {
		top--
		x := stack[top]
		for a := range s.img {
			y := s.img[a][x]
			if seen&(1<<y) == 0 {
				seen |= 1 << y
				stack[top] = y
				top++
			}
		}
	}
	return seen == 1<<s.n-1
}

// centralizer returns the order of the centralizer of the (transitive) image in S_n: the number
// of points p for which f(0) = p extends to a permutation f commuting with every image.
func (s *coverSearch) centralizer() int {
	count := 0
	for p := 0; p < s.n; p++ {
		var f perm
		var set uint16
		f[0], set = uint8(p), 1
		var stack [8]uint8 // points whose images are set but not yet followed
		top := 1
		ok := true
		for top > 0 && ok {
			top--
			x := stack[top]
			for a := range s.img {
				y, fy := s.img[a][x], s.img[a][f[x]] // f(g(x)) must be g(f(x))
				if set&(1<<y) != 0 {
					if f[y] != fy {
						ok = false
						break
					}
					continue
				}
				f[y], set = fy, set|1<<y
				stack[top] = y
				top++
			}
		}
		if ok {
			// f is defined on the orbit of 0, all points; it is a bijection because the same
			// construction from p back to 0 is its inverse.
			count++
		}
	}
	return count
}

// class is one conjugacy class of S_n: its permutations, the first a fixed representative r,
// and one permutation of each orbit of the centralizer of r acting on the class by
// conjugation, weighted by the orbit's size.
type class struct {
	identity bool
	perms    []perm
	orbits   []weighted
}

var (
	classesOnce [MaxCoverIndex + 1]sync.Once
	classesOf   [MaxCoverIndex + 1][]class
)

// conjugacyClasses returns the conjugacy classes of S_n (by cycle type), in a fixed order.
func conjugacyClasses(n int) []class {
	classesOnce[n].Do(func() {
		byType := map[cycles9]int{}
		var out []class
		var p perm
		for i := 0; i < n; i++ {
			p[i] = uint8(i)
		}
		var rec func(k int)
		rec = func(k int) {
			if k == n {
				t := cycleType(p, n)
				i, ok := byType[t]
				if !ok {
					i = len(out)
					byType[t] = i
					out = append(out, class{identity: t == identityType(n)})
				}
				out[i].perms = append(out[i].perms, p)
				return
			}
			for j := k; j < n; j++ {
				p[k], p[j] = p[j], p[k]
				rec(k + 1)
				p[k], p[j] = p[j], p[k]
			}
		}
		rec(0)
		var all []perm
		for _, c := range out {
			all = append(all, c.perms...)
		}
		for i := range out {
			out[i].orbits = orbits(out[i].perms, all, n)
		}
		classesOf[n] = out
	})
	return classesOf[n]
}

// cycles9 is a cycle type: how many cycles of each length 1…8 (an array, so that comparing
// two allocates nothing in the search's inner loop).
type cycles9 [9]byte

// cycleType returns the cycle type of p.
func cycleType(p perm, n int) cycles9 {
	var seen uint16
	var counts cycles9
	for i := 0; i < n; i++ {
		if seen&(1<<i) != 0 {
			continue
		}
		l := 0
		for j := i; seen&(1<<j) == 0; j = int(p[j]) {
			seen |= 1 << j
			l++
		}
		counts[l]++
	}
	return counts
}

func identityType(n int) cycles9 {
	var counts cycles9
	counts[1] = byte(n)
	return counts
}

// orbits returns the orbits of the centralizer of ps[0] acting by conjugation on ps (a
// conjugacy class of S_n, whose elements are all), one permutation of each with the orbit's
// size.
func orbits(ps, all []perm, n int) []weighted {
	r := ps[0]
	var cent []perm // the centralizer of r
	for _, g := range all {
		if conj(g, r, 1, n) == r {
			cent = append(cent, g)
		}
	}
	index := make(map[perm]int, len(ps))
	for i, p := range ps {
		index[p] = i
	}
	seen := make([]bool, len(ps))
	var out []weighted
	for i, p := range ps {
		if seen[i] {
			continue
		}
		size := uint64(0)
		for _, g := range cent {
			j := index[conj(g, p, 1, n)]
			if !seen[j] {
				seen[j] = true
				size++
			}
		}
		out = append(out, weighted{p: p, weight: size})
	}
	return out
}
