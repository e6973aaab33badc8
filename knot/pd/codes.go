package pd

import (
	"fmt"
	"strconv"
	"strings"
)

// slot is one of the four positions (0..3 = a, b, c, d) of a crossing.
type slot struct{ x, s int32 }

// orientation is a diagram's orientation read from its PD code: which over-slot of each
// crossing is the incoming one, and where each edge label starts and ends.
type orientation struct {
	overIn []int8 // 1 (b incoming, over runs b → d, negative) or 3 (d → b, positive)
	head   []slot // by edge label: the slot where the edge enters a crossing
	tail   []slot // by edge label: the slot where it leaves
}

// orient reads the orientation. Under-strands fix it (a enters, c leaves) and it propagates
// along edges (an edge enters at one end and leaves at the other) and across over-strands (one
// of b, d enters). A component that passes only over is oriented by its labels (Next); with
// only two edges it is ambiguous and read as d → b, like X.Sign.
func (c Code) orient() (orientation, error) {
	if err := c.Validate(); err != nil {
		return orientation{}, err
	}
	n := len(c.X)
	occ := make([][2]slot, 2*n+1)
	cnt := make([]int8, 2*n+1)
	for i, x := range c.X {
		for s, e := range x {
			occ[e][cnt[e]] = slot{int32(i), int32(s)}
			cnt[e]++
		}
	}
	role := make([][4]int8, n) // 0 unknown, 1 in, 2 out
	var queue []slot
	set := func(q slot, r int8) error {
		switch role[q.x][q.s] {
		case r:
			return nil
		case 0:
			role[q.x][q.s] = r
			queue = append(queue, q)
			return nil
		}
		return fmt.Errorf("pd: crossing %d: inconsistent orientation", q.x)
	}
	propagate := func() error {
		for len(queue) > 0 {
			q := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			r := role[q.x][q.s]
			e := c.X[q.x][q.s]
			o := occ[e][0]
			if o == q {
				o = occ[e][1]
			}
			if err := set(o, 3-r); err != nil {
				return err
			}
			if q.s%2 == 1 {
				if err := set(slot{q.x, 4 - q.s}, 3-r); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i := range c.X {
		if err := set(slot{int32(i), 0}, 1); err != nil {
			return orientation{}, err
		}
		if err := set(slot{int32(i), 2}, 2); err != nil {
			return orientation{}, err
		}
	}
	if err := propagate(); err != nil {
		return orientation{}, err
	}
	var next func(int) int
	for i, x := range c.X {
		if role[i][1] != 0 {
			continue
		}
		if next == nil {
			next = c.Next()
		}
		in := int32(3)
		if next(x[1]) == x[3] && next(x[3]) != x[1] {
			in = 1
		}
		if err := set(slot{int32(i), in}, 1); err != nil {
			return orientation{}, err
		}
		if err := propagate(); err != nil {
			return orientation{}, err
		}
	}
	o := orientation{overIn: make([]int8, n), head: make([]slot, 2*n+1), tail: make([]slot, 2*n+1)}
	for i, x := range c.X {
		if role[i][1] == 1 {
			o.overIn[i] = 1
		} else {
			o.overIn[i] = 3
		}
		for s, e := range x {
			if role[i][s] == 1 {
				o.head[e] = slot{int32(i), int32(s)}
			} else {
				o.tail[e] = slot{int32(i), int32(s)}
			}
		}
	}
	return o, nil
}

// passages walks the components: for each, starting at its smallest edge label, the slots
// where its edges enter crossings, in order. Components are ordered by smallest label.
func (c Code) passages(o orientation) [][]slot {
	n := len(c.X)
	seen := make([]bool, 2*n+1)
	var comps [][]slot
	for e0 := 1; e0 <= 2*n; e0++ {
		if seen[e0] {
			continue
		}
		var comp []slot
		for e := e0; !seen[e]; {
			seen[e] = true
			h := o.head[e]
			comp = append(comp, h)
			e = c.X[h.x][(h.s+2)%4]
		}
		comps = append(comps, comp)
	}
	return comps
}

// Signs returns the sign of each crossing (+1 right-handed, over-strand d → b). Unlike X.Sign
// it reads the orientation of the whole diagram, so it is right on components with two edges
// too (except one that only passes over, whose direction the labels do not fix).
func (c Code) Signs() ([]int, error) {
	o, err := c.orient()
	if err != nil {
		return nil, err
	}
	s := make([]int, len(c.X))
	for i := range s {
		s[i] = signOf(o.overIn[i])
	}
	return s, nil
}

func signOf(overIn int8) int {
	if overIn == 3 {
		return 1
	}
	return -1
}

// Gauss is a (signed, extended) Gauss code: for each component with crossings, the crossings
// met along it in order, +k when passing over crossing k and −k when passing under (k = 1..n
// is the index in Code.X plus one), and the sign of each crossing. Components start at their
// smallest edge label (the first entry is the crossing that edge enters) and are ordered by it,
// so for a knot with edges 1..2n the code starts at the head of edge 1, as KnotTheory's
// GaussCode does.
type Gauss struct {
	Comps [][]int
	Signs []int // Signs[k−1] is the sign of crossing k
	Loops int   // components without crossings
}

// Gauss returns the Gauss code of the diagram.
func (c Code) Gauss() (Gauss, error) {
	o, err := c.orient()
	if err != nil {
		return Gauss{}, err
	}
	g := Gauss{Signs: make([]int, len(c.X)), Loops: c.Loops}
	for i := range c.X {
		g.Signs[i] = signOf(o.overIn[i])
	}
	for _, comp := range c.passages(o) {
		seq := make([]int, len(comp))
		for i, p := range comp {
			if p.s%2 == 1 {
				seq[i] = int(p.x) + 1
			} else {
				seq[i] = -(int(p.x) + 1)
			}
		}
		g.Comps = append(g.Comps, seq)
	}
	return g, nil
}

// String writes the code as "-1 3 -2 1 -3 2 | …; signs + + +".
func (g Gauss) String() string {
	var b strings.Builder
	for i, comp := range g.Comps {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(intsString(comp))
	}
	b.WriteString("; signs")
	for _, s := range g.Signs {
		if s > 0 {
			b.WriteString(" +")
		} else {
			b.WriteString(" -")
		}
	}
	return b.String()
}

// DT returns the Dowker–Thistlethwaite code of a knot diagram (one component, no Loops; the
// crossing-free diagram gives an empty code): walking the knot from the head of edge 1, the
// passages are numbered 1..2n; each crossing pairs an odd passage i with an even one j, and
// the code lists, for i = 1, 3, …, 2n−1, the partner j, negated when passage j is an
// under-pass. Alternating diagrams give all signs equal. A DT code fixes a prime knot up to
// mirror image only; KnotInfo lists the code of one particular diagram, normalised to start
// positively (see DTMin for a canonical form).
func (c Code) DT() ([]int, error) {
	seq, err := c.knotPassages()
	if err != nil {
		return nil, err
	}
	return dtOf(seq)
}

func (c Code) knotPassages() ([]slot, error) {
	if len(c.X) == 0 && c.Loops <= 1 {
		return nil, nil // the unknot
	}
	if c.Loops != 0 {
		return nil, fmt.Errorf("pd: DT code of a link (%d crossing-free components)", c.Loops)
	}
	o, err := c.orient()
	if err != nil {
		return nil, err
	}
	comps := c.passages(o)
	if len(comps) > 1 {
		return nil, fmt.Errorf("pd: DT code of a link with %d components", len(comps))
	}
	if len(comps) == 0 {
		return nil, nil
	}
	return comps[0], nil
}

// dtOf numbers the passages seq 1..2n and writes the code.
func dtOf(seq []slot) ([]int, error) {
	n := len(seq) / 2
	label := make([][2]int, n) // per crossing: odd label, even label (signed)
	for i, p := range seq {
		l := i + 1
		if l%2 == 1 {
			if label[p.x][0] != 0 {
				return nil, fmt.Errorf("pd: crossing %d met twice at odd positions (not a planar knot diagram)", p.x+1)
			}
			label[p.x][0] = l
		} else {
			if label[p.x][1] != 0 {
				return nil, fmt.Errorf("pd: crossing %d met twice at even positions (not a planar knot diagram)", p.x+1)
			}
			if p.s%2 == 0 {
				l = -l
			}
			label[p.x][1] = l
		}
	}
	dt := make([]int, n)
	for _, l := range label {
		dt[(l[0]-1)/2] = l[1]
	}
	return dt, nil
}

// DTMin returns a canonical DT code of the knot diagram: the smallest, comparing absolute
// values lexicographically and then preferring positive entries, among the codes of all
// starting passages and both directions, each normalised so that its first entry is positive
// (which may mirror it). Equal diagrams give equal codes however their PD is labelled.
func (c Code) DTMin() ([]int, error) {
	seq, err := c.knotPassages()
	if err != nil || len(seq) == 0 {
		return nil, err
	}
	m := len(seq)
	var best []int
	cur := make([]slot, m)
	for _, rev := range []bool{false, true} {
		for start := range m {
			for i := range m {
				if rev {
					cur[i] = seq[((start-i)%m+m)%m]
				} else {
					cur[i] = seq[(start+i)%m]
				}
			}
			dt, err := dtOf(cur)
			if err != nil {
				continue
			}
			if dt[0] < 0 {
				for i := range dt {
					dt[i] = -dt[i]
				}
			}
			if best == nil || dtLess(dt, best) {
				best = dt
			}
		}
	}
	return best, nil
}

func dtLess(a, b []int) bool {
	for i := range a {
		x, y := abs(a[i]), abs(b[i])
		if x != y {
			return x < y
		}
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func intsString(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

// DTString writes a DT code as in the table's dt_notation: "4 6 2".
func DTString(dt []int) string { return intsString(dt) }

// ParseDT reads a DT code written as the table's dt_notation ("4 8 -12 2 …"): even nonzero
// entries, absolute values a permutation of 2, 4, …, 2n.
func ParseDT(s string) ([]int, error) {
	f := strings.Fields(s)
	dt := make([]int, len(f))
	seen := make([]bool, 2*len(f)+1)
	for i, w := range f {
		v, err := strconv.Atoi(w)
		if err != nil {
			return nil, fmt.Errorf("pd: DT code %q: %v", s, err)
		}
		a := abs(v)
		if a == 0 || a%2 != 0 || a > 2*len(f) || seen[a] {
			return nil, fmt.Errorf("pd: DT code %q: entry %d is not a new even label in 2..%d", s, v, 2*len(f))
		}
		seen[a] = true
		dt[i] = v
	}
	return dt, nil
}
