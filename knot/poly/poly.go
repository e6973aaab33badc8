// Package poly is exact arithmetic on Laurent polynomials with integer coefficients, the
// values of knot invariants (Alexander polynomial in t, Jones polynomial in t, Kauffman bracket
// in A).
package poly

import (
	"fmt"
	"strings"
)

// Poly is Σ C[i]·x^(Min+i). The zero polynomial has no coefficients. A Poly from any function of
// this package is normalised: no zero coefficient at either end, and Min = 0 for zero.
// Coefficients are int64; knot invariants through dozens of crossings stay far inside it.
type Poly struct {
	Min int     // exponent of C[0]
	C   []int64 // coefficients, lowest exponent first
}

// Mono returns c·x^e.
func Mono(c int64, e int) Poly { return Poly{Min: e, C: []int64{c}}.Norm() }

// Of returns Σ c[i]·x^(min+i), normalised.
func Of(min int, c ...int64) Poly { return Poly{Min: min, C: append([]int64(nil), c...)}.Norm() }

// Norm drops zero coefficients at both ends.
func (p Poly) Norm() Poly {
	lo, hi := 0, len(p.C)
	for lo < hi && p.C[lo] == 0 {
		lo++
	}
	for hi > lo && p.C[hi-1] == 0 {
		hi--
	}
	if lo == hi {
		return Poly{}
	}
	return Poly{Min: p.Min + lo, C: p.C[lo:hi:hi]}
}

// IsZero reports whether p = 0.
func (p Poly) IsZero() bool { return len(p.Norm().C) == 0 }

// Max returns the highest exponent (Min for zero).
func (p Poly) Max() int { return p.Min + len(p.C) - 1 }

// Coef returns the coefficient of x^e.
func (p Poly) Coef(e int) int64 {
	i := e - p.Min
	if i < 0 || i >= len(p.C) {
		return 0
	}
	return p.C[i]
}

// Equal reports whether p and q are the same polynomial.
func (p Poly) Equal(q Poly) bool {
	p, q = p.Norm(), q.Norm()
	if len(p.C) != len(q.C) {
		return false
	}
	if len(p.C) == 0 {
		return true
	}
	if p.Min != q.Min {
		return false
	}
	for i := range p.C {
		if p.C[i] != q.C[i] {
			return false
		}
	}
	return true
}

// Add returns p+q.
func Add(p, q Poly) Poly {
	if len(p.C) == 0 {
		return q.Norm()
	}
	if len(q.C) == 0 {
		return p.Norm()
	}
	lo := min(p.Min, q.Min)
	hi := max(p.Max(), q.Max())
	c := make([]int64, hi-lo+1)
	for i, v := range p.C {
		c[p.Min-lo+i] += v
	}
	for i, v := range q.C {
		c[q.Min-lo+i] += v
	}
	return Poly{Min: lo, C: c}.Norm()
}

// Sub returns p−q.
func Sub(p, q Poly) Poly { return Add(p, Scale(q, -1)) }

// Scale returns k·p.
func Scale(p Poly, k int64) Poly {
	c := make([]int64, len(p.C))
	for i, v := range p.C {
		c[i] = k * v
	}
	return Poly{Min: p.Min, C: c}.Norm()
}

// Shift returns x^e·p.
func Shift(p Poly, e int) Poly {
	p = p.Norm()
	if len(p.C) == 0 {
		return p
	}
	return Poly{Min: p.Min + e, C: append([]int64(nil), p.C...)}
}

// Mul returns p·q.
func Mul(p, q Poly) Poly {
	if len(p.C) == 0 || len(q.C) == 0 {
		return Poly{}
	}
	c := make([]int64, len(p.C)+len(q.C)-1)
	for i, a := range p.C {
		if a == 0 {
			continue
		}
		for j, b := range q.C {
			c[i+j] += a * b
		}
	}
	return Poly{Min: p.Min + q.Min, C: c}.Norm()
}

// Subst returns p(x^k) for k ≠ 0 (k = −1 mirrors: x → x⁻¹).
func Subst(p Poly, k int) Poly {
	p = p.Norm()
	if len(p.C) == 0 {
		return p
	}
	if k == 0 {
		panic("poly: Subst with k = 0")
	}
	var r Poly
	for i, v := range p.C {
		r = Add(r, Mono(v, (p.Min+i)*k))
	}
	return r
}

// String writes p in the table's style, e.g. "t^(-2)-t^(-1)+1-t+t^2" with variable v.
func (p Poly) String() string { return p.Format("t") }

// Format writes p with variable v.
func (p Poly) Format(v string) string {
	p = p.Norm()
	if len(p.C) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, c := range p.C {
		if c == 0 {
			continue
		}
		e := p.Min + i
		switch {
		case b.Len() == 0 && c < 0:
			b.WriteString("-")
		case b.Len() > 0 && c < 0:
			b.WriteString("-")
		case b.Len() > 0:
			b.WriteString("+")
		}
		a := c
		if a < 0 {
			a = -a
		}
		if a != 1 || e == 0 {
			fmt.Fprintf(&b, "%d", a)
			if e != 0 {
				b.WriteString("*")
			}
		}
		switch {
		case e == 0:
		case e == 1:
			b.WriteString(v)
		case e > 0:
			fmt.Fprintf(&b, "%s^%d", v, e)
		default:
			fmt.Fprintf(&b, "%s^(%d)", v, e)
		}
	}
	return b.String()
}
