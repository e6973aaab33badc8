package table

import (
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/poly"
)

func find(ms []Match, k Knot) (Match, bool) {
	for _, m := range ms {
		if m.Knot.Index == k.Index {
			return m, true
		}
	}
	return Match{}, false
}

// Every row comes back from its own invariants, and its mirror image as the mirror image.
func TestLookupEveryRow(t *testing.T) {
	unique, uniqueSig, unknown := 0, 0, 0
	for _, k := range All() {
		amph := strings.Contains(k.Symmetry, "amphicheiral") // from symmetry_type
		sig, msig, bad := k.Signature, -k.Signature, k.Signature+2
		// The Alexander polynomial in another normalisation: −t^(−3)·Δ.
		alt := poly.Scale(poly.Shift(k.Alexander, -3), -1)
		for _, tc := range []struct {
			inv    Invariants
			mirror bool
		}{
			{Invariants{Alexander: k.Alexander, Jones: k.Jones}, false},
			{Invariants{Alexander: alt, Jones: k.Jones, Signature: &sig, Determinant: k.Determinant}, false},
			{Invariants{Alexander: k.Alexander, Jones: poly.Subst(k.Jones, -1)}, true},
			{Invariants{Alexander: alt, Jones: poly.Subst(k.Jones, -1), Signature: &msig, Determinant: -k.Determinant}, true},
		} {
			ms := Lookup(tc.inv)
			m, ok := find(ms, k)
			if !ok {
				t.Errorf("%s (mirror %v, signature %v): not found in %s", k.Name, tc.mirror, tc.inv.Signature != nil, Alternatives(ms))
				continue
			}
			var want string
			switch {
			case amph:
				want = "amphichiral"
			case k.JonesMirrorDistinct || (tc.inv.Signature != nil && k.Signature != 0):
				want = map[bool]string{false: "as in table", true: "mirror"}[tc.mirror]
			default:
				want = "either"
			}
			if m.Chirality() != want {
				t.Errorf("%s (mirror %v, signature %v): %s, want %s", k.Name, tc.mirror, tc.inv.Signature != nil, m.Chirality(), want)
			}
			if !tc.mirror {
				if len(ms) == 1 {
					if tc.inv.Signature == nil {
						unique++
					} else {
						uniqueSig++
					}
				}
				if tc.inv.Signature != nil && want == "either" {
					unknown++
				}
			}
		}
		// A wrong signature or determinant excludes the knot.
		if ms := Lookup(Invariants{Alexander: k.Alexander, Jones: k.Jones, Signature: &bad}); len(ms) > 0 {
			if _, ok := find(ms, k); ok {
				t.Errorf("%s: found with signature %d", k.Name, bad)
			}
		}
		if _, ok := find(Lookup(Invariants{Alexander: k.Alexander, Jones: k.Jones, Determinant: k.Determinant + 2}), k); ok {
			t.Errorf("%s: found with determinant %d", k.Name, k.Determinant+2)
		}
		// The mirror image of a chiral knot with distinct Jones polynomials is not the knot as in
		// the table.
		if k.JonesMirrorDistinct {
			for _, m := range Lookup(Invariants{Alexander: k.Alexander, Jones: k.jonesMirror}) {
				if m.Knot.Index == k.Index && !m.Mirror {
					t.Errorf("%s: mirror image found as in table", k.Name)
				}
			}
		}
	}
	t.Logf("%d of %d knots identified uniquely by Alexander+Jones, %d with the signature; %d chiral knots whose chirality the invariants cannot tell",
		unique, len(All()), uniqueSig, unknown)
}

func TestChiralityRules(t *testing.T) {
	sig := func(v int) *int { return &v }
	t31 := mustKnot(t, "3_1")
	for _, tc := range []struct {
		name  string
		inv   Invariants
		want  string // Alternatives
		short string
	}{
		{"unknot", Invariants{Alexander: poly.Of(0, 1), Jones: poly.Of(0, 1)}, "0_1", "0_1"},
		{"unknot with signature", Invariants{Alexander: poly.Of(0, 1), Jones: poly.Of(0, 1), Signature: sig(0)}, "0_1", "0_1"},
		{"3_1", Invariants{Alexander: t31.Alexander, Jones: t31.Jones}, "3_1", "3_1"},
		{"m3_1", Invariants{Alexander: t31.Alexander, Jones: poly.Subst(t31.Jones, -1), Signature: sig(2)}, "3_1 (mirror)", "m3_1"},
		{"3_1 wrong signature", Invariants{Alexander: t31.Alexander, Jones: t31.Jones, Signature: sig(2)}, "", ""},
		{"4_1", inv(t, "4_1", false), "4_1 (amphichiral)", "4_1"},
		// 9_42: chiral, Jones symmetric, signature 2 decides.
		{"9_42", inv(t, "9_42", false), "9_42 (either chirality)", "[m]9_42"},
		{"9_42 σ", withSig(inv(t, "9_42", false), 2), "9_42", "9_42"},
		{"m9_42 σ", withSig(inv(t, "9_42", true), -2), "9_42 (mirror)", "m9_42"},
		// 10_48: chiral, Jones symmetric, signature 0: nothing decides.
		{"10_48 σ", withSig(inv(t, "10_48", false), 0), "10_48 (either chirality)", "[m]10_48"},
		// Alexander and Jones coincide; the signature does not separate these.
		{"10_25", inv(t, "10_25", false), "10_25 or 10_56", "10_25"},
		{"5_1", inv(t, "5_1", false), "5_1 or 10_132 (mirror)", "5_1"},
		{"5_1 σ", withSig(inv(t, "5_1", false), -4), "5_1", "5_1"},
		{"m10_132 σ", withSig(inv(t, "5_1", false), 0), "10_132 (mirror)", "m10_132"},
		{"11n_34 (Alexander 1)", inv(t, "11n_34", false), "11n_34 or 11n_42", "11n_34"},
	} {
		ms := Lookup(tc.inv)
		if got := Alternatives(ms); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		if len(ms) > 0 && ms[0].String() != tc.short {
			t.Errorf("%s: short %q, want %q", tc.name, ms[0].String(), tc.short)
		}
	}
}

// inv returns the invariants of the named knot, or of its mirror image, without signature.
func inv(t testing.TB, name string, mirror bool) Invariants {
	t.Helper()
	k := mustKnot(t, name)
	if mirror {
		return Invariants{Alexander: k.Alexander, Jones: k.jonesMirror}
	}
	return Invariants{Alexander: k.Alexander, Jones: k.Jones}
}

func withSig(i Invariants, s int) Invariants {
	i.Signature = &s
	return i
}

func TestLookupZero(t *testing.T) {
	if ms := Lookup(Invariants{}); ms != nil {
		t.Errorf("Lookup of nothing: %v", ms)
	}
	if ms := Lookup(Invariants{Alexander: poly.Of(0, 1)}); ms != nil {
		t.Errorf("Lookup without Jones: %v", ms)
	}
}

func BenchmarkLookup(b *testing.B) {
	k := mustKnot(b, "12n_888")
	s := k.Signature
	in := Invariants{Alexander: k.Alexander, Jones: k.Jones, Signature: &s, Determinant: k.Determinant}
	All()
	b.ReportAllocs()
	for b.Loop() {
		if len(Lookup(in)) != 1 {
			b.Fatal("not found")
		}
	}
}

func BenchmarkLookupMiss(b *testing.B) {
	k := mustKnot(b, "3_1")
	in := Invariants{Alexander: poly.Mul(k.Alexander, k.Alexander), Jones: poly.Mul(k.Jones, k.Jones)}
	All()
	b.ReportAllocs()
	for b.Loop() {
		if len(Lookup(in)) != 0 {
			b.Fatal("found")
		}
	}
}
