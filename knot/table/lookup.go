package table

import "github.com/knotsim/knotsim/knot/poly"

// Invariants are what is known of a knot: Alexander and Jones polynomials (both required),
// optionally the signature (nil if not computed) and the determinant (0 if not computed).
//
// Alexander may be given in any normalisation (any power of t, either sign): it is compared up
// to ±t^k. Jones must be exact (as computed from an oriented diagram; for a knot it does not
// depend on the orientation). Signature follows the table's convention (right-handed trefoil −2).
type Invariants struct {
	Alexander, Jones poly.Poly
	Signature        *int
	Determinant      int64
}

// Match is a table knot whose invariants agree, with the chirality of the curve.
//
// Exactly one of the following holds:
//   - Amphichiral: the knot is its own mirror image (Mirror false);
//   - ChiralityUnknown: the knot is chiral but the invariants cannot tell which mirror image
//     the curve is (Jones polynomial symmetric, and the signature zero or not given); the curve
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
		if m, ok := chirality(k, e.mirror, inv.Signature); ok {
			out = append(out, m)
		}
	}
	return out
}

// chirality decides the Match of table knot k whose Jones polynomial agreed as in the table
// (mirror false) or mirrored, given the signature if known; ok is false if the signature
// contradicts.
func chirality(k *Knot, mirror bool, sig *int) (Match, bool) {
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
		m.ChiralityUnknown = true
	case *sig == k.Signature:
	case *sig == -k.Signature:
		m.Mirror = true
	default:
		return m, false
	}
	return m, true
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
