package implicit

import (
	"math"
	"slices"
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
	span := hi - lo + 1
	s.lo, s.span = lo, span
	s.y = grow(s.y, 3*M*span)
	s.w = grow(s.w, 9*M*M)
	s.b = grow(s.b, 3*M)
	s.lam = grow(s.lam, 3*M)
	s.mu = grow(s.mu, M)
	// Warm start and friction coefficient from the last substep's contacts (both sorted).
	p := 0
	for c := range s.rows {
		r := &s.rows[c]
		for p < len(s.prevKey) && s.prevKey[p] < r.key {
			p++
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
				s.mu[c] = r.mu * s.kinRatio(r)
			}
		}
	}
	// Y = A⁻¹·Jᵀ in the window, one banded solve of a contact's three rows (interleaved: row
	// i of its column d at 3·(i − lo) + d) from the contact's first node; Y's rows before it
	// are not computed and not read (see below).
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
	for c := range s.rows {
		r := &s.rows[c]
		f := s.first[c]
		blk := s.y[3*c*span : 3*(c+1)*span]
		clear(blk)
		for k := 0; k < r.nn; k++ {
			i := 3 * (3*int(r.node[k]) - lo)
			for d := range 3 {
				v := r.fr[d].Scale(r.wt[k])
				blk[i+d] += v.X
				blk[i+3+d] += v.Y
				blk[i+6+d] += v.Z
			}
		}
		s.chf.SolveWindow3(blk[3*(f-lo):], f)
	}
	// W = J·Y, symmetric: the blocks (p, q ≥ p), mirrored. Block (p, q) is taken from the
	// columns of the contact that starts first, whose solved rows cover the other's nodes.
	m3 := 3 * M
	for cp := range s.rows {
		for c := cp; c < M; c++ {
			a, b := c, cp // rows of contact a, columns of contact b
			if s.first[c] < s.first[cp] {
				a, b = cp, c
			}
			blk := s.rows[a].block(s.y[3*b*span:3*(b+1)*span], lo)
			for d := range 3 {
				for e := range 3 {
					if a == b && e < d {
						continue // the diagonal block's upper triangle, mirrored
					}
					v := blk[d][e]
					s.w[(3*a+d)*m3+3*b+e] = v
					s.w[(3*b+e)*m3+3*a+d] = v
				}
			}
		}
	}
	return nil
}
