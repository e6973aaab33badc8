package invariant

import (
	"errors"
	"fmt"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
)

// JonesHalf returns the Jones polynomial V of the oriented diagram c (a knot or a link of any
// number of components) as a Laurent polynomial in s = t^(1/2): the exponent e stands for
// t^(e/2). V = (−A³)^(−w)·⟨D⟩ with A = t^(−1/4), so A^k ↦ s^(−k/2); w is the writhe.
//
// The orientation is read from the PD convention itself (each under-strand runs a → c), which
// settles the over-strands of two-edge components too, where pd.Code.Writhe's label rule
// cannot; only a component that passes over at all its crossings falls back to the edge
// labels. For this convention the unknot is 1, the right-handed trefoil t+t³−t⁴, the positive
// Hopf link −s−s⁵ and the two-component unlink −s−s⁻¹.
//
// JonesHalf panics when an edge label does not occur exactly twice.
func JonesHalf(c pd.Code) poly.Poly {
	o, err := orient(c)
	if err != nil {
		panic(err)
	}
	return jonesHalf(c, o.writhe)
}

func jonesHalf(c pd.Code, w int) poly.Poly {
	b := Bracket(c)
	if len(b.C) == 0 {
		return poly.Poly{}
	}
	// (−1)^w · A^(k−3w) ↦ (−1)^w · s^(−(k−3w)/2); k−3w is always even.
	sign := int64(1)
	if w%2 != 0 {
		sign = -1
	}
	lo, hi := b.Min-3*w, b.Max()-3*w
	if lo%2 != 0 {
		panic(fmt.Sprintf("invariant: bracket exponents of parity %d against writhe %d", b.Min, w))
	}
	out := make([]int64, (hi-lo)/2+1)
	for i, v := range b.C {
		e := b.Min + i - 3*w
		if v != 0 {
			out[(hi-e)/2] = sign * v
		}
	}
	return poly.Of(-hi/2, out...)
}

// Jones returns the Jones polynomial V(t) of the knot diagram c. It fails when c is not a valid
// PD code (pd.Code.Validate), is not a knot (one component; a code without crossings is the
// unknot when c.Loops ≤ 1), or its orientation is inconsistent.
func Jones(c pd.Code) (poly.Poly, error) {
	if err := c.Validate(); err != nil {
		return poly.Poly{}, err
	}
	o, err := orient(c)
	if err != nil {
		return poly.Poly{}, err
	}
	if o.components != 1 {
		return poly.Poly{}, fmt.Errorf("invariant: Jones of a %d-component diagram; use JonesHalf for links", o.components)
	}
	h := jonesHalf(c, o.writhe)
	if h.Min%2 != 0 {
		return poly.Poly{}, errors.New("invariant: Jones polynomial of a knot with half-integer exponents")
	}
	out := make([]int64, 0, len(h.C)/2+1)
	for i, v := range h.C {
		if i%2 == 0 {
			out = append(out, v)
		} else if v != 0 {
			return poly.Poly{}, errors.New("invariant: Jones polynomial of a knot with half-integer exponents")
		}
	}
	return poly.Of(h.Min/2, out...), nil
}

// orientation is what orient reads off a PD code.
type orientation struct {
	sign       []int // per crossing, +1 (over-strand d → b) or −1 (b → d)
	writhe     int
	components int // including c.Loops; a code without crossings has max(Loops, 1)
}

// orient works out the direction of every edge end and from it the crossing signs and the
// components. Each crossing X[a,b,c,d] says that the under-strand enters at a and leaves at c;
// each edge enters one crossing and leaves another (or the same); at the over-strand one of b, d
// enters and the other leaves. Propagating these facts orients every component with an
// under-crossing. A component that is over at all its crossings is oriented by its labels
// (edges numbered along the orientation: d → b when b = d+1, or, at the wrap from the
// component's last edge to its first, from the larger label to the smaller).
func orient(c pd.Code) (orientation, error) {
	n := len(c.X)
	if c.Loops < 0 {
		return orientation{}, fmt.Errorf("invariant: negative Loops %d", c.Loops)
	}
	if n == 0 {
		return orientation{components: max(c.Loops, 1)}, nil
	}
	// Edge ends: end 4i+p is port p of crossing i; other[end] is the edge's other end.
	other := make([]int, 4*n)
	first := make(map[int]int, 2*n)
	for i, x := range c.X {
		for p, e := range x {
			end := 4*i + p
			if f, ok := first[e]; ok {
				if f < 0 {
					return orientation{}, fmt.Errorf("invariant: edge %d appears more than twice", e)
				}
				other[end], other[f] = f, end
				first[e] = -1
			} else {
				first[e] = end
			}
		}
	}
	for e, f := range first {
		if f >= 0 {
			return orientation{}, fmt.Errorf("invariant: edge %d appears once", e)
		}
	}
	// dir[end]: +1 when the edge enters the crossing there, −1 when it leaves.
	dir := make([]int8, 4*n)
	var stack []int
	set := func(end int, d int8) error {
		switch dir[end] {
		case d:
			return nil
		case -d:
			return fmt.Errorf("invariant: PD code orientation is inconsistent at crossing %d", end/4)
		}
		dir[end] = d
		stack = append(stack, end)
		return nil
	}
	propagate := func() error {
		for len(stack) > 0 {
			end := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			d := dir[end]
			if err := set(other[end], -d); err != nil {
				return err
			}
			if p := end % 4; p == 1 || p == 3 {
				if err := set(end^2, -d); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for i := range n {
		if err := set(4*i, +1); err != nil {
			return orientation{}, err
		}
		if err := set(4*i+2, -1); err != nil {
			return orientation{}, err
		}
	}
	if err := propagate(); err != nil {
		return orientation{}, err
	}
	for i, x := range c.X {
		if dir[4*i+1] != 0 {
			continue
		}
		b, d := x[1], x[3]
		dIn := d+1 == b || (b+1 != d && d > b)
		in := 4*i + 3
		if !dIn {
			in = 4*i + 1
		}
		if err := set(in, +1); err != nil {
			return orientation{}, err
		}
		if err := propagate(); err != nil {
			return orientation{}, err
		}
	}
	o := orientation{sign: make([]int, n)}
	for i := range n {
		o.sign[i] = int(dir[4*i+3]) // d enters: over-strand d → b, positive
		o.writhe += o.sign[i]
	}
	// Components: union the edges along the strands (a with c, b with d).
	parent := make(map[int]int, 2*n)
	var find func(int) int
	find = func(e int) int {
		p, ok := parent[e]
		if !ok || p == e {
			return e
		}
		r := find(p)
		parent[e] = r
		return r
	}
	roots := 0
	for _, x := range c.X {
		for _, e := range x {
			if _, ok := parent[e]; !ok {
				parent[e] = e
				roots++
			}
		}
	}
	for _, x := range c.X {
		for _, pair := range [2][2]int{{x[0], x[2]}, {x[1], x[3]}} {
			if r, s := find(pair[0]), find(pair[1]); r != s {
				parent[r] = s
				roots--
			}
		}
	}
	o.components = roots + c.Loops
	return o, nil
}
