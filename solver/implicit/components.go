package implicit

import (
	"cmp"
	"slices"

	"github.com/knotsim/knotsim/rope"
)

// components groups the substep's contacts into contact components: the threads linked by
// contacts (union–find over strands: a contact between two strands joins them). The step's
// matrix couples no two strands, so A⁻¹ and with it the coupling matrix W are block-diagonal
// over the components: each is solved alone, and W is built only within them (seed 003
// names separate contact components as future work). The knots of one thread are one
// component: its tension couples them, exactly. Rows end sorted by (component, key), the
// component k holding rows comp[k]…comp[k+1]−1; byKey lists the rows in key order (the warm
// start's and keepForces' order).
func (s *Solver) components(st *rope.State) {
	M := len(s.rows)
	s.byKey = s.byKey[:0]
	for c := range M {
		s.byKey = append(s.byKey, int32(c))
	}
	s.comp = append(s.comp[:0], 0)
	ns := len(st.Strands)
	if ns > 1 && M > 1 {
		s.uf = s.uf[:0]
		for k := range ns {
			s.uf = append(s.uf, int32(k))
		}
		for c := range s.rows {
			r := &s.rows[c]
			if r.key>>63 == 0 {
				s.union(st.SegStrand[r.key>>32], st.SegStrand[r.key&0xffffffff])
			}
		}
		split := false
		for c := range s.rows {
			r := &s.rows[c]
			r.comp, r.rank = s.find(st.SegStrand[r.key>>32&0x7fffffff]), int32(c)
			split = split || r.comp != s.rows[0].comp
		}
		if split {
			slices.SortFunc(s.rows, func(p, q crow) int {
				if p.comp != q.comp {
					return cmp.Compare(p.comp, q.comp)
				}
				return cmp.Compare(p.key, q.key)
			})
			for c := range s.rows {
				s.byKey[s.rows[c].rank] = int32(c)
				if c > 0 && s.rows[c].comp != s.rows[c-1].comp {
					s.comp = append(s.comp, c)
				}
			}
		}
	}
	s.comp = append(s.comp, M)
}

// find returns the root of strand k's set (path halving).
func (s *Solver) find(k int32) int32 {
	for s.uf[k] != k {
		s.uf[k] = s.uf[s.uf[k]]
		k = s.uf[k]
	}
	return k
}

// union joins the sets of strands a and b.
func (s *Solver) union(a, b int32) {
	if a, b = s.find(a), s.find(b); a != b {
		s.uf[max(a, b)] = min(a, b)
	}
}

// compOf returns the component of row c.
func (s *Solver) compOf(c int) (k int) {
	k, _ = slices.BinarySearch(s.comp, c+1)
	return k - 1
}
