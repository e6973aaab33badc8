package pd

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxParseCrossings is the most crossings Parse reads.
const MaxParseCrossings = 10000

// Parse reads a PD code as the table writes it, "[[1,5,2,4],[3,1,4,6],[5,3,6,2]]", or as
// KnotTheory and Regina write it, "PD[X[1,5,2,4], X[3,1,4,6], X[5,3,6,2]]" or the crossings
// alone, "X[1,5,2,4] X[3,1,4,6] X[5,3,6,2]" (spaces and commas between them as one likes;
// "", "[]" or "PD[]" for the unknot), and validates it. An error quotes where it stopped
// fitting.
func Parse(s string) (Code, error) {
	var c Code
	t := strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(t, "PD[") && strings.HasSuffix(t, "]"):
		t = t[3 : len(t)-1]
	case strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") && strings.HasPrefix(strings.TrimSpace(t[1:]), "["):
		t = t[1 : len(t)-1] // the table's outer list
	case t == "[]":
		t = ""
	}
	bad := func(i int, want string) error {
		if i >= len(t) {
			return fmt.Errorf("pd: the crossings end too soon: want %s", want)
		}
		return fmt.Errorf("pd: at %q (character %d of the crossings): want %s", t[i:min(len(t), i+12)], i+1, want)
	}
	i := 0
	skip := func() {
		for i < len(t) && (t[i] == ' ' || t[i] == ',' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r') {
			i++
		}
	}
	for skip(); i < len(t); skip() {
		if len(c.X) == MaxParseCrossings {
			return Code{}, fmt.Errorf("pd: more than %d crossings", MaxParseCrossings)
		}
		if t[i] == 'X' {
			i++
		}
		if i >= len(t) || t[i] != '[' {
			return Code{}, bad(i, "a crossing [a,b,c,d] or X[a,b,c,d]")
		}
		i++
		var x X
		for k := range x {
			for i < len(t) && t[i] == ' ' {
				i++
			}
			j := i
			for j < len(t) && t[j] >= '0' && t[j] <= '9' {
				j++
			}
			v, err := strconv.Atoi(t[i:j])
			if err != nil || j-i > 9 {
				return Code{}, bad(i, "an edge label (a positive whole number)")
			}
			x[k] = v
			for i = j; i < len(t) && t[i] == ' '; i++ {
			}
			sep := byte(',')
			if k == 3 {
				sep = ']'
			}
			if i >= len(t) || t[i] != sep {
				return Code{}, bad(i, fmt.Sprintf("%q after the crossing's label %d", sep, k+1))
			}
			i++
		}
		c.X = append(c.X, x)
	}
	return c, c.Validate()
}

// Torus2 returns the PD code of the (2,n) torus knot or link, the closure of the 2-braid σ₁ⁿ,
// n ≥ 2: X[2i−1, 2i+n, 2i, 2i+n−1] (labels mod 2n, in 1..2n). For odd n the under-strand of
// crossing i runs 2i−1 → 2i and the over-strand 2i+n−1 → 2i+n, so every crossing is positive
// and the knot is right-handed; n = 3 is the table's 3_1 PD verbatim.
func Torus2(n int) Code {
	m := 2 * n
	l := func(e int) int { return (e-1+m)%m + 1 }
	var c Code
	for i := 1; i <= n; i++ {
		c.X = append(c.X, X{l(2*i - 1), l(2*i + n), l(2 * i), l(2*i + n - 1)})
	}
	return c
}

// FromBraid returns the PD code of the closure of a braid on m strands; the word lists
// generators ±i (1 ≤ i < m) for σᵢ^(±1), σᵢ a positive crossing of the strands at positions
// i and i+1.
// Edges are labelled along each component, as the PD convention wants.
func FromBraid(m int, word []int) (Code, error) {
	for _, g := range word {
		if g == 0 || g >= m || g <= -m {
			return Code{}, fmt.Errorf("pd: braid generator %d out of ±1..±%d", g, m-1)
		}
	}
	// Follow the strands through the word: position p at level t carries an edge id; every
	// crossing ends two edges and starts two.
	nEdges := 0
	cur := make([]int, m) // edge id at each position
	for p := range cur {
		cur[p] = nEdges
		nEdges++
	}
	start := append([]int(nil), cur...)
	xs := make([][4]int, len(word))
	succ := map[int]int{} // edge id → the edge id following it on its strand
	for k, g := range word {
		i := g
		if i < 0 {
			i = -i
		}
		l, r := cur[i-1], cur[i] // incoming at positions i−1 (left) and i (right)
		nl, nr := nEdges, nEdges+1
		nEdges += 2
		// The left strand moves right (l → nr), the right strand moves left (r → nl).
		succ[l], succ[r] = nr, nl
		cur[i-1], cur[i] = nl, nr
		// Braid read bottom to top, strands going up. Seen from above, counter-clockwise:
		// bottom-right, top-right, top-left, bottom-left are r, nr, nl, l.
		if g > 0 {
			// σᵢ: the right strand (r → nl) is under, entering at r (bottom-right):
			// counter-clockwise from r: r, nr, nl, l; the over-strand runs l → nr, d → b.
			xs[k] = [4]int{r, nr, nl, l}
		} else {
			// σᵢ⁻¹: the left strand (l → nr) is under, entering at l (bottom-left):
			// counter-clockwise from l: l, r, nr, nl; the over-strand runs r → nl, b → d.
			xs[k] = [4]int{l, r, nr, nl}
		}
	}
	// Closure: the top edge at position p is the bottom edge at p.
	alias := map[int]int{}
	for p := range m {
		alias[cur[p]] = start[p]
	}
	canon := func(e int) int {
		if a, ok := alias[e]; ok {
			return a
		}
		return e
	}
	for e, s := range succ {
		succ[e] = canon(s)
	}
	// Label the edges along each component consecutively from 1. A strand that no generator
	// touches is a split unknotted component: it counts in Loops and gets no label.
	var c Code
	label := map[int]int{}
	next := 1
	for p := range m {
		e := start[p]
		if _, ok := succ[e]; !ok {
			c.Loops++
			continue
		}
		for {
			if _, ok := label[e]; ok {
				break
			}
			label[e] = next
			next++
			s, ok := succ[e]
			if !ok {
				break
			}
			e = s
		}
	}
	for _, x := range xs {
		var y X
		for j, e := range x {
			y[j] = label[canon(e)]
		}
		c.X = append(c.X, y)
	}
	return c, nil
}

// ConnectedSum returns a PD code of K1 # K2 for knot codes with edges 1..2n and 1..2m: K1's last
// edge is cut and spliced into K2's last edge.
func ConnectedSum(k1, k2 Code) (Code, error) {
	o1, o2 := orientEnds(k1), orientEnds(k2)
	n1, n2 := 2*len(k1.X), 2*len(k2.X)
	var c Code
	for i, x := range k1.X {
		var y X
		for p, e := range x {
			y[p] = e
			if e == n1 && o1[4*i+p] > 0 { // K1's last edge enters K1 here: it comes from K2
				y[p] = n1 + n2
			}
		}
		c.X = append(c.X, y)
	}
	for i, x := range k2.X {
		var y X
		for p, e := range x {
			y[p] = n1 + e
			if e == n2 && o2[4*i+p] > 0 { // K2's last edge enters K2 here: it comes from K1
				y[p] = n1
			}
		}
		c.X = append(c.X, y)
	}
	if err := c.Validate(); err != nil {
		return Code{}, err
	}
	return c, nil
}

// orientEnds returns, per edge end 4i+p, +1 when the edge enters crossing i there and −1 when
// it leaves, from the labels of a knot code with edges 1..2n.
func orientEnds(c Code) []int {
	next := c.Next()
	out := make([]int, 4*len(c.X))
	for i, x := range c.X {
		out[4*i], out[4*i+2] = 1, -1
		if next(x[3]) == x[1] {
			out[4*i+3], out[4*i+1] = 1, -1
		} else {
			out[4*i+3], out[4*i+1] = -1, 1
		}
	}
	return out
}
