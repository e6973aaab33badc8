package table

import "strings"

// Display formats.
//
// Name (readable, for the user) writes one knot, prime or a connected sum given by its factors,
// each factor as its KnotInfo name followed by its chirality in words, factors joined by " # ":
//
//	3_1                      the table's diagram (as in table)
//	3_1 (mirror)             the mirror image of the table's diagram
//	4_1 (amphichiral)        its own mirror image
//	9_42 (either chirality)  chiral, but the invariants cannot tell which image
//	3_1 # 3_1                granny knot (as the table's 3_1 has Jones t+t^3−t^4: right-handed)
//	3_1 # 3_1 (mirror)       square knot
//	0_1                      the unknot (also for no factors)
//
// ShortName is the compact KnotInfo style: "m" before the name of a mirror image ("m3_1", as
// KnotInfo writes the mirror of its diagram), "[m]" where either image is possible ("[m]9_42"),
// nothing for the table's image or an amphichiral knot; factors joined by " # ":
// "3_1 # m3_1", "3_1 # 4_1".
//
// Alternatives joins the names of several candidates (the result of Lookup when knots share
// their invariants) with " or ".

// Chirality returns the chirality of the match in words: "as in table", "mirror",
// "amphichiral", or "either" (chiral, the invariants cannot tell which mirror image).
func (m Match) Chirality() string {
	switch {
	case m.Amphichiral:
		return "amphichiral"
	case m.ChiralityUnknown:
		return "either"
	case m.Mirror:
		return "mirror"
	}
	return "as in table"
}

// String returns the compact name (ShortName of the one factor).
func (m Match) String() string {
	switch {
	case m.ChiralityUnknown:
		return "[m]" + m.Knot.Name
	case m.Mirror:
		return "m" + m.Knot.Name
	}
	return m.Knot.Name
}

// Name returns the readable name of the connected sum of the factors (see Display formats).
func Name(factors []Match) string {
	if len(factors) == 0 {
		return "0_1"
	}
	var b strings.Builder
	for i, m := range factors {
		if i > 0 {
			b.WriteString(" # ")
		}
		b.WriteString(m.Knot.Name)
		switch {
		case m.Knot.Index == 0: // the unknot: no chirality to speak of
		case m.Amphichiral:
			b.WriteString(" (amphichiral)")
		case m.ChiralityUnknown:
			b.WriteString(" (either chirality)")
		case m.Mirror:
			b.WriteString(" (mirror)")
		}
	}
	return b.String()
}

// ShortName returns the compact name of the connected sum of the factors: "3_1 # m3_1".
func ShortName(factors []Match) string {
	if len(factors) == 0 {
		return "0_1"
	}
	s := make([]string, len(factors))
	for i, m := range factors {
		s[i] = m.String()
	}
	return strings.Join(s, " # ")
}

// Alternatives returns the readable names of candidate prime knots joined by " or ":
// "5_1 or 10_132 (mirror)".
func Alternatives(ms []Match) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = Name([]Match{m})
	}
	return strings.Join(s, " or ")
}
