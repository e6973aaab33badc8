package implicit

import (
	"math"
	"slices"

	"github.com/knotsim/knotsim/solver/internal/phys"
)

// couple builds the substep's contact problem for the rows found by contacts: the warm start
// and friction coefficients from the last substep, Y = A⁻¹·Jᵀ on the contacts' rows of the
// band (band.Cholesky.SolveWindow3) and the coupling (Delassus) matrix W = J·Y (seed 003
// §3.7.2, Eq. 3.62–3.83).
func (s *Solver) couple() error {
	M := len(s.rows)
	if M == 0 {
		s.lam = s.lam[:0]
		s.resid = 0
		return nil
	}
	// The rows the contacts touch: A⁻¹·Jᵀ is needed only there (W = J·A⁻¹·Jᵀ), and the band
	// solves only them (band.Cholesky.SolveWindow3: the rope between the contacts and beyond
	// them costs nothing a column).
	lo, hi := len(s.dx), 0
	s.first = s.first[:0]
	for c := range s.rows {
		r := &s.rows[c]
		f := len(s.dx)
		for k := 0; k < r.nn; k++ {
			f = min(f, 3*int(r.node[k]))
			hi = max(hi, 3*int(r.node[k])+2)
		}
		s.first = append(s.first, f)
		lo = min(lo, f)
	}
	s.lo = lo
	s.woff = s.woff[:0]
	nw := 0
	for k := range len(s.comp) - 1 {
		s.woff = append(s.woff, nw)
		mk := 3 * (s.comp[k+1] - s.comp[k])
		nw += mk * mk
	}
	s.w = phys.Grow(s.w, nw)
	s.b = phys.Grow(s.b, 3*M)
	s.lam = phys.Grow(s.lam, 3*M)
	s.mu = phys.Grow(s.mu, M)
	// Warm start and friction coefficient from the last substep's contacts (both in key order).
	p, q := 0, 0
	for _, c32 := range s.byKey {
		c := int(c32)
		r := &s.rows[c]
		for p < len(s.prevKey) && s.prevKey[p] < r.key {
			p++
		}
		for q < len(s.carryKey) && s.carryKey[q] < r.key {
			q++
		}
		r.carry = 0
		if q < len(s.carryKey) && s.carryKey[q] == r.key && r.tc > 0 {
			r.carry = s.carryF[q]
		}
		l := s.lam[3*c : 3*c+3]
		l[0], l[1], l[2] = 0, 0, 0
		s.mu[c] = r.mu
		if p < len(s.prevKey) && s.prevKey[p] == r.key {
			// The previous forces in this substep's frame.
			f := s.prevF(p)
			l[0] = math.Max(0, f.Dot(r.fr[0]))
			l[1], l[2] = f.Dot(r.fr[1]), f.Dot(r.fr[2])
			if s.prevSl[p] {
				s.mu[c] = r.mu * r.kin
			}
		}
	}
	// Y = A⁻¹·Jᵀ on the contacts' nodes: one banded solve of a contact's three rows from its
	// first node (band.Cholesky.SolveWindow3, in the scratch s.y, interleaved: row i of column d
	// at 3·i + d, kept zero between solves by ClearWindow3), gathered to Y's
	// compact columns s.yc (a contact's 9 values at each contact node from its first on, at
	// 9·(c·na + s.nodeAt[node])); rows before its first node are not computed and not read.
	s.act = s.act[:0]
	for c := range s.rows {
		r := &s.rows[c]
		for k := 0; k < r.nn; k++ {
			s.act = append(s.act, 3*int(r.node[k]), 3*int(r.node[k])+1, 3*int(r.node[k])+2)
		}
	}
	slices.Sort(s.act)
	s.act = slices.Compact(s.act)
	s.chf.PrepareWindow(s.act)
	na := len(s.act) / 3
	for j := range na {
		s.nodeAt[s.act[3*j]/3] = int32(j)
	}
	s.yc = phys.Grow(s.yc, 9*na*M)
	for c := range s.rows {
		r := &s.rows[c]
		f := s.first[c]
		x := s.y[3*f : 3*(hi+1)]
		for k := 0; k < r.nn; k++ {
			i := 3 * (3*int(r.node[k]) - f)
			for d := range 3 {
				v := r.fr[d].Scale(r.wt[k])
				x[i+d] += v.X
				x[i+3+d] += v.Y
				x[i+6+d] += v.Z
			}
		}
		s.chf.SolveWindow3(x, f)
		yc := s.yc[9*na*c : 9*na*(c+1)]
		for j := int(s.nodeAt[f/3]); j < na; j++ {
			i := 3 * (s.act[3*j] - f)
			copy(yc[9*j:9*j+9], x[i:i+9])
		}
		s.chf.ClearWindow3(x, f)
	}
	// W = J·Y within each contact component (zero between them), symmetric: the blocks
	// (p, q ≥ p), mirrored. Block (p, q) is taken from the columns of the contact that starts
	// first, whose solved rows cover the other's nodes.
	for k := range len(s.comp) - 1 {
		r0, r1 := s.comp[k], s.comp[k+1]
		m3 := 3 * (r1 - r0)
		w := s.w[s.woff[k] : s.woff[k]+m3*m3]
		for cp := r0; cp < r1; cp++ {
			for c := cp; c < r1; c++ {
				a, b := c, cp // rows of contact a, columns of contact b
				if s.first[c] < s.first[cp] {
					a, b = cp, c
				}
				blk := s.rows[a].block(s.yc[9*na*b:9*na*(b+1)], s.nodeAt)
				a, b = a-r0, b-r0
				for d := range 3 {
					for e := range 3 {
						if a == b && e < d {
							continue // the diagonal block's upper triangle, mirrored
						}
						v := blk[d][e]
						w[(3*a+d)*m3+3*b+e] = v
						w[(3*b+e)*m3+3*a+d] = v
					}
				}
			}
		}
		// A deformable surface's give adds to its contacts' own blocks.
		for c := r0; c < r1; c++ {
			if tc := s.rows[c].tc; tc > 0 {
				i := c - r0
				for d := range 3 {
					w[(3*i+d)*m3+3*i+d] += tc
				}
			}
		}
	}
	return nil
}
