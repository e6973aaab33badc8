package table

import (
	"slices"

	"github.com/knotsim/knotsim/knot/poly"
)

// MaxFactors is the largest number of prime factors Decompose considers.
const MaxFactors = 4

// Decompose returns the connected sums K₁ # … # K_r of 2 ≤ r ≤ MaxFactors nontrivial prime
// knots of the table, each in either mirror image, whose invariants agree with inv:
// Alexander polynomials multiply to inv.Alexander (up to ±t^k), Jones polynomials to
// inv.Jones, signatures add up to *inv.Signature and determinants multiply to inv.Determinant
// when those are given. The crossing numbers of the factors add up to at most maxCrossings
// (the caller takes it from its simplified diagram; crossing number is additive under connected
// sum for alternating and adequate knots and conjecturally always).
//
// Each result lists its factors in the table's order (as-in-table before mirror for the same
// knot); a chirality that the invariants cannot tell (see Match) is reported as
// ChiralityUnknown rather than as two results. Results are sorted by the number of factors,
// then factor by factor in the table's order. A prime knot is not a composite: the invariants
// of a table knot come back empty unless a connected sum shares them (use Lookup for primes).
func Decompose(inv Invariants, maxCrossings int) [][]Match {
	load()
	a := canonAlexander(inv.Alexander)
	j := inv.Jones.Norm()
	if len(a.C) == 0 || len(j.C) == 0 || maxCrossings < 6 {
		return nil
	}
	if inv.Determinant != 0 && abs64(inv.Determinant) != abs64(evalMinus1(a)) {
		return nil
	}
	s := &search{sig: inv.Signature, hand: hand{c: inv.Diagram}}
	s.candidates(a, j, maxCrossings)
	s.rec(a, j, abs64(evalMinus1(a)), maxCrossings, key{}, 0)
	slices.SortStableFunc(s.out, func(x, y []factor) int {
		if len(x) != len(y) {
			return len(x) - len(y)
		}
		for i := range x {
			if c := x[i].key.cmp(y[i].key); c != 0 {
				return c
			}
		}
		return 0
	})
	res := make([][]Match, len(s.out))
	for i, fs := range s.out {
		res[i] = make([]Match, len(fs))
		for j, f := range fs {
			res[i][j] = f.m
		}
	}
	return res
}

// Chirality variants, in the order factors are listed.
const (
	asTable = iota
	mirrored
	either // amphichiral, or chirality unknown
)

type key struct{ k, v int }

func (x key) cmp(y key) int {
	if x.k != y.k {
		return x.k - y.k
	}
	return x.v - y.v
}

type factor struct {
	key key
	sig int // signature contributed (0 for variant either)
	m   Match
}

type search struct {
	sig     *int
	hand    hand  // the diagram's linking form, for hands the rest leaves open
	cands   []int // the knots that divide the invariants in some chirality, in the table's order
	factors []factor
	out     [][]factor
}

// candidates sets s.cands to the nontrivial knots of at most maxCrossings−3 crossings (there is
// another factor) whose Alexander polynomial divides a and whose Jones polynomial, in some
// chirality, divides j: every factor of a product with invariants (a, j) is one of them.
func (s *search) candidates(a, j poly.Poly, maxCrossings int) {
	det := abs64(evalMinus1(a))
	deg, span := len(a.C)-1, len(j.C)-1
	for i := 1; i < len(knots); i++ {
		k := &knots[i]
		if k.Crossings+3 > maxCrossings {
			break // the table is sorted by crossing number
		}
		if k.alexDeg > deg || k.jonesSpan > span || det%k.Determinant != 0 ||
			a.C[0]%k.Alexander.C[0] != 0 || a.C[deg]%k.Alexander.C[k.alexDeg] != 0 {
			continue
		}
		if _, ok := divExact(a, k.Alexander); !ok {
			continue
		}
		if _, ok := divExact(j, k.Jones); ok {
			s.cands = append(s.cands, i)
		} else if _, ok := divExact(j, k.jonesMirror); ok && k.JonesMirrorDistinct {
			s.cands = append(s.cands, i)
		}
	}
}

func variantOf(m Match) int {
	switch {
	case m.Amphichiral || m.ChiralityUnknown:
		return either
	case m.Mirror:
		return mirrored
	}
	return asTable
}

// rec extends s.factors (at least one more factor) to products with Alexander a, Jones j and
// determinant det, using factors not before min and at most budget crossings in all.
func (s *search) rec(a, j poly.Poly, det int64, budget int, min key, sigSoFar int) {
	n := len(s.factors)
	// The rest is one prime factor.
	if n >= 1 {
		var rest *int
		if s.sig != nil {
			r := *s.sig - sigSoFar
			rest = &r
		}
		for _, e := range index[hashKey(a, j)] {
			k := &knots[e.k]
			if k.Index == 0 || k.Crossings > budget || !sameAlexander(a, k.Alexander) {
				continue
			}
			kj := k.Jones
			if e.mirror {
				kj = k.jonesMirror
			}
			if !kj.Equal(j) {
				continue
			}
			m, ok := chirality(k, e.mirror, rest, &s.hand)
			if !ok {
				continue
			}
			f := factor{key: key{k.Index, variantOf(m)}, m: m}
			if f.key.cmp(min) < 0 {
				continue
			}
			s.out = append(s.out, append(slices.Clip(s.factors), f))
		}
	}
	// One more factor, then at least one after it.
	if n+2 > MaxFactors {
		return
	}
	deg, span := len(a.C)-1, len(j.C)-1
	for _, i := range s.cands {
		if i < min.k {
			continue
		}
		k := &knots[i]
		if k.Crossings+3 > budget {
			break // the table is sorted by crossing number
		}
		if k.alexDeg > deg || k.jonesSpan > span || det%k.Determinant != 0 {
			continue
		}
		qa, ok := divExact(a, k.Alexander)
		if !ok {
			continue
		}
		for _, f := range s.variants(k) {
			if f.key.cmp(min) < 0 {
				continue
			}
			kj := k.Jones
			if f.key.v == mirrored && k.JonesMirrorDistinct {
				kj = k.jonesMirror
			}
			qj, ok := divExact(j, kj)
			if !ok {
				continue
			}
			s.factors = append(s.factors, f)
			s.rec(qa, qj, det/k.Determinant, budget-k.Crossings, f.key, sigSoFar+f.sig)
			s.factors = s.factors[:n]
		}
	}
}

// variants returns the chirality variants of a factor k: one for an amphichiral knot; as in the
// table and mirrored for a chiral knot that the Jones polynomial tells from its mirror image,
// or whose nonzero signature does when the signature is given; otherwise the one hand that the
// linking form of the diagram settles (none if it fits neither: the sum has a sign at p only
// where p divides exactly one factor's determinant, and then it is that factor's), or else one
// of unknown chirality.
func (s *search) variants(k *Knot) []factor {
	switch {
	case !k.Chiral:
		return []factor{{key: key{k.Index, either}, m: Match{Knot: *k, Amphichiral: true}}}
	case k.JonesMirrorDistinct || (s.sig != nil && k.Signature != 0):
		return []factor{
			{key: key{k.Index, asTable}, sig: k.Signature, m: Match{Knot: *k}},
			{key: key{k.Index, mirrored}, sig: -k.Signature, m: Match{Knot: *k, Mirror: true}},
		}
	}
	switch s.hand.decide(k) {
	case asTable:
		return []factor{{key: key{k.Index, asTable}, sig: k.Signature, m: Match{Knot: *k}}}
	case mirrored:
		return []factor{{key: key{k.Index, mirrored}, sig: -k.Signature, m: Match{Knot: *k, Mirror: true}}}
	case neither:
		return nil
	}
	return []factor{{key: key{k.Index, either}, m: Match{Knot: *k, ChiralityUnknown: true}}}
}

// divExact returns p/q if q divides p exactly in ℤ[t, t⁻¹] (p, q normalised, q ≠ 0).
func divExact(p, q poly.Poly) (poly.Poly, bool) {
	if len(q.C) == 0 {
		return poly.Poly{}, false
	}
	if len(p.C) == 0 {
		return p, true
	}
	n := len(p.C) - len(q.C) + 1
	if n <= 0 {
		return poly.Poly{}, false
	}
	r := make([]int64, len(p.C)+n)
	copy(r, p.C)
	quo := r[len(p.C):]
	lead := q.C[0]
	for i := 0; i < n; i++ {
		if r[i]%lead != 0 {
			return poly.Poly{}, false
		}
		c := r[i] / lead
		quo[i] = c
		if c == 0 {
			continue
		}
		for k, v := range q.C {
			r[i+k] -= c * v
		}
	}
	for _, v := range r[n:len(p.C)] {
		if v != 0 {
			return poly.Poly{}, false
		}
	}
	return poly.Poly{Min: p.Min - q.Min, C: quo}.Norm(), true
}

// evalMinus1 returns a(−1).
func evalMinus1(a poly.Poly) int64 {
	var v int64
	for i, c := range a.C {
		if (a.Min+i)%2 == 0 {
			v += c
		} else {
			v -= c
		}
	}
	return v
}

// Identify returns every candidate for a knot with invariants inv drawn with at most maxCrossings
// crossings: the prime knots of Lookup with crossing number at most maxCrossings, each as a
// one-factor list (the unknot as [0_1]), then the connected sums of Decompose. Primes and
// composites can share invariants (9_12 and 4_1 # 5_2 have the same Alexander and Jones
// polynomials), so a single answer is certain only when Identify returns exactly one. An empty
// result means that the knot is not in the table's reach: a prime knot beyond 12 crossings, or a
// connected sum with such a factor or more than MaxFactors factors.
func Identify(inv Invariants, maxCrossings int) [][]Match {
	var out [][]Match
	for _, m := range Lookup(inv) {
		if m.Knot.Crossings <= maxCrossings {
			out = append(out, []Match{m})
		}
	}
	return append(out, Decompose(inv, maxCrossings)...)
}
