// Package pd is the planar diagram (PD) code of a knot or link diagram, in the convention of
// KnotTheory and KnotInfo: edges are numbered 1..2n along the orientation of each component
// (consecutively), and each crossing X[a, b, c, d] lists its four edges counter-clockwise
// starting from the incoming under-strand a; the under-strand leaves by c. The crossing is
// positive (right-handed) when the over-strand runs d → b (b = d+1 along the orientation) and
// negative when it runs b → d.
package pd

import (
	"fmt"
	"sort"
)

// X is one crossing [a, b, c, d].
type X [4]int

// Code is a planar diagram: its crossings. The unknot's diagram without crossings is empty;
// a diagram may also carry unknotted, crossing-free components (Loops).
type Code struct {
	X     []X
	Loops int // components without any crossing (split unknots), counted apart
}

// Sign returns +1 for a positive crossing and −1 for a negative one, given the successor of
// each edge along the orientation (next(e)). On a component with only two edges the labels
// cannot tell the direction of its over-strand; Sign then reads it as d → b (positive).
func (x X) Sign(next func(int) int) int {
	switch {
	case next(x[3]) == x[1]:
		return +1
	case next(x[1]) == x[3]:
		return -1
	}
	return 0
}

// Validate checks that every edge label appears exactly twice and that each under-strand
// continues (c follows a along the orientation).
func (c Code) Validate() error {
	count := map[int]int{}
	for i, x := range c.X {
		for _, e := range x {
			if e <= 0 {
				return fmt.Errorf("pd: crossing %d: edge label %d must be positive", i, e)
			}
			count[e]++
		}
	}
	labels := make([]int, 0, len(count))
	for e, k := range count {
		if k != 2 {
			return fmt.Errorf("pd: edge %d appears %d times, want 2", e, k)
		}
		labels = append(labels, e)
	}
	sort.Ints(labels)
	for i, e := range labels {
		if e != i+1 {
			return fmt.Errorf("pd: edge labels must be 1..%d; %d is missing", len(labels), i+1)
		}
	}
	return nil
}

// Next returns the successor function of the edge labels: edges of one component are
// consecutive, and the last edge of a component is followed by its first. Components are
// found from the under-strands (a → c) and over-strands of the crossings.
func (c Code) Next() func(int) int {
	n := 2 * len(c.X)
	succ := make([]int, n+1)
	// An edge e is followed by e+1 unless e is the last edge of its component. Component
	// boundaries: the pairs (a, c) of under-strands and (b, d)/(d, b) of over-strands give
	// e → e' with e' = e+1 or e' wrapping to the component's first edge.
	for i := 1; i <= n; i++ {
		succ[i] = i + 1
	}
	// Find wraps: for each crossing, the under pair (a, c) says c follows a.
	for _, x := range c.X {
		if x[2] != x[0]+1 {
			succ[x[0]] = x[2]
		}
		// Over pair: one of b, d follows the other.
		if x[1] != x[3]+1 && x[3] != x[1]+1 {
			if x[1] < x[3] {
				succ[x[3]] = x[1]
			} else {
				succ[x[1]] = x[3]
			}
		}
	}
	if n > 0 && succ[n] == n+1 {
		succ[n] = 1
	}
	return func(e int) int { return succ[e] }
}

// Writhe returns the sum of the crossing signs.
func (c Code) Writhe() int {
	next := c.Next()
	w := 0
	for _, x := range c.X {
		w += x.Sign(next)
	}
	return w
}

// Mirror returns the mirror image: every crossing changes over and under.
// X[a,b,c,d] becomes X[b,c,d,a] read from the new under-strand... in KnotTheory terms the
// mirror of X[a,b,c,d] is X[d,a,b,c] when b→d is the over direction, and X[b,c,d,a] otherwise.
func (c Code) Mirror() Code {
	next := c.Next()
	m := Code{X: make([]X, len(c.X)), Loops: c.Loops}
	for i, x := range c.X {
		if next(x[3]) == x[1] { // over d → b: new under-strand enters at d
			m.X[i] = X{x[3], x[0], x[1], x[2]}
		} else { // over b → d: new under enters at b
			m.X[i] = X{x[1], x[2], x[3], x[0]}
		}
	}
	return m
}

// String writes the code as in the table: [[1,5,2,4],[3,1,4,6],[5,3,6,2]].
func (c Code) String() string {
	s := "["
	for i, x := range c.X {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf("[%d,%d,%d,%d]", x[0], x[1], x[2], x[3])
	}
	return s + "]"
}
