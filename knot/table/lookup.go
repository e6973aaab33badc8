package table

import (
	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
)

// Invariants are what is known of a knot: Alexander and Jones polynomials (both required),
// optionally the signature (nil if not computed), the determinant (0 if not computed) and a
// diagram (nil if none).
//
// Alexander may be given in any normalisation (any power of t, either sign): it is compared up
// to ±t^k. Jones must be exact (as computed from an oriented diagram; for a knot it does not
// depend on the orientation). Signature follows the table's convention (right-handed trefoil −2).
//
// Diagram, when given, is a diagram of the knot (the one the other invariants were computed
// from). It is used only where the polynomials and the signature leave the hand of a chiral
// candidate undecided, and only when that candidate's linking form of the double branched cover
// has a sign (Knot.LinkingForm, invariant.LinkingFormSymbols: a cyclic p-part for a prime
// p ≡ 3 mod 4): the diagram's is then computed, once per call, and decides the hand (10_71,
// 10_104, 12a_697, 12a_1081, 12a_1088, 12a_1235, 12a_1250, 12n_490, 10_48 and 12a_1011 share
// everything else with their mirror images), or rules the candidate out when it fits neither
// hand. The common case never computes it.
type Invariants struct {
	Alexander, Jones poly.Poly
	Signature        *int
	Determinant      int64
	Diagram          *pd.Code
}

// Match is a table knot whose invariants agree, with the chirality of the curve.
//
// Exactly one of the following holds:
//   - Amphichiral: the knot is its own mirror image (Mirror false);
//   - ChiralityUnknown: the knot is chiral but the invariants cannot tell which mirror image
//     the curve is (Jones polynomial symmetric, the signature zero or not given, and the linking
//     form of the double branched cover silent or no diagram given; see Invariants); the curve
//     is the table's knot or its mirror image, both are candidates (Mirror false);
//   - otherwise Mirror says whether the curve is the mirror image of the table's diagram.
type Match struct {
	Knot             Knot
	Mirror           bool // the curve is the mirror image of the table's diagram
	Amphichiral      bool
	ChiralityUnknown bool
}

// Lookup returns every prime knot of the table (0_1 included) whose invariants agree with inv,
// in the table's order. Several knots are returned when they share the invariants (the table has
// such families, e.g. 5_1 and the mirror of 10_132): Lookup never picks one. A knot appears at
// most once; the chirality rules are those of Match.
//
// Signature and Determinant, when given, must agree too (a mismatch excludes the knot). An
// Invariants without Jones (zero polynomial) matches nothing.
func Lookup(inv Invariants) []Match {
	load()
	a, j := inv.Alexander.Norm(), inv.Jones.Norm()
	if len(a.C) == 0 || len(j.C) == 0 {
		return nil
	}
	var out []Match
	h := &hand{c: inv.Diagram}
	for _, e := range index[hashKey(a, j)] {
		k := &knots[e.k]
		if !sameAlexander(a, k.Alexander) {
			continue
		}
		kj := k.Jones
		if e.mirror {
			kj = k.jonesMirror
		}
		if !kj.Equal(j) {
			continue
		}
		if inv.Determinant != 0 && abs64(inv.Determinant) != k.Determinant {
			continue
		}
		if m, ok := chirality(k, e.mirror, inv.Signature, h); ok {
			out = append(out, m)
		}
	}
	return out
}

// chirality decides the Match of table knot k whose Jones polynomial agreed as in the table
// (mirror false) or mirrored, given the signature if known and, where those leave the hand
// open, the linking form of the diagram h; ok is false if the signature or the linking form
// contradicts.
func chirality(k *Knot, mirror bool, sig *int, h *hand) (Match, bool) {
	m := Match{Knot: *k}
	switch {
	case !k.Chiral:
		if sig != nil && *sig != 0 {
			return m, false
		}
		m.Amphichiral = true
	case k.JonesMirrorDistinct:
		want := k.Signature
		if mirror {
			want = -want
		}
		if sig != nil && *sig != want {
			return m, false
		}
		m.Mirror = mirror
	case sig == nil || k.Signature == 0:
		if sig != nil && *sig != 0 {
			return m, false
		}
		switch h.decide(k) {
		case asTable:
		case mirrored:
			m.Mirror = true
		case either:
			m.ChiralityUnknown = true
		default:
			return m, false
		}
	case *sig == k.Signature:
	case *sig == -k.Signature:
		m.Mirror = true
	default:
		return m, false
	}
	return m, true
}

// hand is the linking form of the diagram being identified (Invariants.Diagram, nil if none),
// computed on first use.
type hand struct {
	c    *pd.Code
	done bool
	syms invariant.LinkingSymbols
}

// neither is what decide returns when the diagram's linking form fits neither hand of the knot.
const neither = -1

// decide compares the linking form of the diagram with that of table knot k. The diagram has
// a sign at each of k's primes p where k is the only factor whose determinant p divides (in a
// connected sum the p-part is cyclic only then), and none otherwise: asTable or mirrored when a
// prime p the two have in common settles the hand (the diagram's sign at p is k's, or the
// opposite), either when there is no such prime or no diagram, and neither when two primes
// disagree. Only knots with such a prime cost anything.
func (h *hand) decide(k *Knot) int {
	if h == nil || h.c == nil {
		return either
	}
	ks := k.LinkingForm()
	if len(ks) == 0 {
		return either
	}
	if !h.done {
		h.done = true
		// An error (an invalid diagram, or a determinant too hard to factor) decides nothing.
		h.syms, _ = invariant.LinkingFormSymbols(*h.c)
	}
	v := either
	for _, x := range ks {
		d := h.syms.At(x.P)
		if d == 0 {
			continue
		}
		w := asTable
		if d != x.Sign {
			w = mirrored
		}
		if v != either && v != w {
			return neither
		}
		v = w
	}
	return v
}

// hashKey hashes the Alexander polynomial up to ±t^k (its coefficients, signed so that the
// lowest is positive) and the Jones polynomial exactly. Both must be normalised.
func hashKey(a, j poly.Poly) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	mix := func(v int64) {
		h ^= uint64(v)
		h *= prime
		h ^= h >> 29
	}
	s := int64(1)
	if len(a.C) > 0 && a.C[0] < 0 {
		s = -1
	}
	mix(int64(len(a.C)))
	for _, c := range a.C {
		mix(s * c)
	}
	mix(int64(j.Min))
	mix(int64(len(j.C)))
	for _, c := range j.C {
		mix(c)
	}
	return h
}

// sameAlexander reports whether a = ±t^k·b (a, b normalised).
func sameAlexander(a, b poly.Poly) bool {
	if len(a.C) != len(b.C) || len(a.C) == 0 {
		return len(a.C) == len(b.C)
	}
	s := int64(1)
	if a.C[0]*b.C[0] < 0 {
		s = -1
	}
	for i, c := range a.C {
		if s*c != b.C[i] {
			return false
		}
	}
	return true
}

// canonAlexander returns a normalised as in the table: lowest degree 0, lowest coefficient
// positive.
func canonAlexander(a poly.Poly) poly.Poly {
	a = a.Norm()
	if len(a.C) == 0 {
		return a
	}
	c := append([]int64(nil), a.C...)
	if c[0] < 0 {
		for i := range c {
			c[i] = -c[i]
		}
	}
	return poly.Poly{C: c}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
