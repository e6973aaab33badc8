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
// do not (KnotInfo's 5_1 and 10_132 have 2, 3, 4 and 5 fold counts 1, 1, 1, 3 and 1, 1, 1, 5).
//
// c must be the diagram of a knot (one component, no Loops); index n is 1…MaxCoverIndex. budget
// bounds the search (nodes visited, about one per candidate image of a generator); 0 means
// DefaultCoverBudget. A search that would exceed it stops with an error wrapping ErrCoverBudget.
//
// Method: the Wirtinger presentation, one generator per arc and one relation per crossing
// (x_out = x_over^s x_in x_over^−s, s the crossing's sign). All meridians are conjugate, so in a
// representation every generator maps into one conjugacy class λ of S_n. For each λ ≠ 1 the
// first generator is fixed to one permutation of λ; the others are chosen in an order found
// once (greedily, the arc that lets the relations determine the most arcs), and every relation
// whose over-arc and one end are known determines the other end or is checked. A complete
// assignment that is transitive contributes |λ|·|Z(ρ)| to n!·count, where Z(ρ) is the
// centralizer of its image in S_n (by Burnside's lemma, the number of orbits of the conjugation
// action is the average number of fixed points).
func Covers(c pd.Code, n, budget int) (int64, error) {
	if n < 1 || n > MaxCoverIndex {
		return 0, fmt.Errorf("covers: index %d outside 1…%d", n, MaxCoverIndex)
	}
	if c.Loops != 0 {
		return 0, errors.New("covers: the diagram has split unknotted loops; a knot is needed")
	}
	if err := c.Validate(); err != nil {
		return 0, err
	}
	if n == 1 || len(c.X) == 0 {
		return 1, nil // the trivial cover; the unknot's group is Z, with one n-fold cover
	}
	w, err := wirtinger(c)
	if err != nil {
		return 0, err
	}
	if budget <= 0 {
		budget = DefaultCoverBudget
	}
	s := coverSearch{w: w, n: n, budget: budget, img: make([]perm, w.arcs)}
	plan := w.plan()
	var total uint64
	for _, cls := range conjugacyClasses(n) {
		if cls.identity {
			continue
		}
		s.class, s.orbits = cls.perms, cls.orbits
		s.sum = 0
		if err := s.run(plan); err != nil {
			return 0, err
		}
		total += uint64(len(cls.perms)) * s.sum
	}
	f := uint64(1)
	for i := 2; i <= n; i++ {
		f *= uint64(i)
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
	if seeds := w.minSeeds(); seeds != nil {
		for len(seeds) > 0 {
			best, bestOps := 0, -1
			for i, a := range seeds {
				k, d := slices.Clone(known), slices.Clone(done)
				if n := len(w.choose(k, d, a).ops); n > bestOps {
					best, bestOps = i, n
				}
			}
			steps = append(steps, w.choose(known, done, seeds[best]))
			seeds = slices.Delete(seeds, best, best+1)
		}
		return steps
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

// maxSeedSets bounds the sets of arcs minSeeds tries.
const maxSeedSets = 100_000

// minSeeds returns a smallest set of arcs whose images determine all others, or nil when
// finding it would mean trying more than maxSeedSets sets.
func (w wirt) minSeeds() []int {
	known := make([]bool, w.arcs)
	tried := 0
	for k := 1; k <= w.arcs; k++ {
		set := make([]int, k)
		var rec func(i, from int) bool
		rec = func(i, from int) bool {
			if i == k {
				tried++
				return w.determines(set, known)
			}
			for a := from; a < w.arcs && tried <= maxSeedSets; a++ {
				set[i] = a
				if rec(i+1, a+1) {
					return true
				}
			}
			return false
		}
		if rec(0, 0) {
			return set
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
	known[arc] = true
	st := step{arc: arc}
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
	switch l {
	case 0:
		choices = []weighted{s.first}
	case 1:
		choices = s.orbits
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
			if i == len(s.class) {
				break
			}
			p = s.class[i]
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
		byType := map[string]int{}
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

// cycleType returns the sorted cycle lengths of p as a string key.
func cycleType(p perm, n int) string {
	var seen uint16
	var counts [9]byte
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
	return string(counts[:])
}

func identityType(n int) string {
	var counts [9]byte
	counts[1] = byte(n)
	return string(counts[:])
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
