package table

import (
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/poly"
)

// sum returns the invariants of the connected sum of the named knots; a leading "m" takes the
// mirror image. The signature is included when withSig is set.
func sum(t testing.TB, withSig bool, names ...string) Invariants {
	t.Helper()
	a, j, s := poly.Of(0, 1), poly.Of(0, 1), 0
	for _, n := range names {
		mirror := strings.HasPrefix(n, "m")
		k := mustKnot(t, strings.TrimPrefix(n, "m"))
		a = poly.Mul(a, k.Alexander)
		if mirror {
			j = poly.Mul(j, poly.Subst(k.Jones, -1))
			s -= k.Signature
		} else {
			j = poly.Mul(j, k.Jones)
			s += k.Signature
		}
	}
	in := Invariants{Alexander: a, Jones: j}
	if withSig {
		in.Signature = &s
	}
	return in
}

func names(ds [][]Match, short bool) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		if short {
			s[i] = ShortName(d)
		} else {
			s[i] = Name(d)
		}
	}
	return strings.Join(s, " | ")
}

func TestSquareAndGranny(t *testing.T) {
	granny, square := sum(t, false, "3_1", "3_1"), sum(t, false, "3_1", "m3_1")
	if granny.Jones.Equal(square.Jones) {
		t.Fatal("granny and square knot have the same Jones polynomial")
	}
	if !granny.Alexander.Equal(square.Alexander) {
		t.Fatal("granny and square knot have different Alexander polynomials")
	}
	for _, withSig := range []bool{false, true} {
		for _, tc := range []struct {
			in          Invariants
			want, short string
		}{
			{sum(t, withSig, "3_1", "3_1"), "3_1 # 3_1", "3_1 # 3_1"},
			{sum(t, withSig, "m3_1", "m3_1"), "3_1 (mirror) # 3_1 (mirror)", "m3_1 # m3_1"},
			{sum(t, withSig, "m3_1", "3_1"), "3_1 # 3_1 (mirror)", "3_1 # m3_1"},
		} {
			ds := Decompose(tc.in, 6)
			if got := names(ds, false); got != tc.want {
				t.Errorf("signature %v: %q, want %q", withSig, got, tc.want)
			}
			if got := names(ds, true); got != tc.short {
				t.Errorf("signature %v: %q, want %q", withSig, got, tc.short)
			}
			if ms := Lookup(tc.in); len(ms) != 0 {
				t.Errorf("%s: Lookup finds the prime knots %s", tc.want, Alternatives(ms))
			}
			// Too few crossings allowed.
			if ds := Decompose(tc.in, 5); len(ds) != 0 {
				t.Errorf("%s with 5 crossings: %s", tc.want, names(ds, true))
			}
			// Larger diagrams: still the only candidates.
			if got := names(Identify(tc.in, 20), true); got != tc.short {
				t.Errorf("signature %v, 20 crossings: %q, want %q", withSig, got, tc.short)
			}
		}
	}
	// The granny's signature is −4, the square knot's 0.
	bad := sum(t, true, "3_1", "3_1")
	*bad.Signature = 0
	if ds := Decompose(bad, 6); len(ds) != 0 {
		t.Errorf("granny with signature 0: %s", names(ds, true))
	}
}

func TestDecompose(t *testing.T) {
	for _, tc := range []struct {
		factors []string
		max     int
		withSig bool
		want    string // short names, alternatives joined by " | "
	}{
		// The figure-eight knot is amphichiral: one chirality question only.
		{[]string{"3_1", "4_1"}, 7, false, "3_1 # 4_1"},
		{[]string{"m3_1", "4_1"}, 7, false, "m3_1 # 4_1"},
		{[]string{"4_1", "m3_1"}, 12, true, "m3_1 # 4_1"},
		{[]string{"4_1", "4_1"}, 8, false, "4_1 # 4_1"},
		{[]string{"3_1", "3_1", "3_1"}, 9, false, "3_1 # 3_1 # 3_1"},
		{[]string{"3_1", "m3_1", "3_1"}, 9, false, "3_1 # 3_1 # m3_1"},
		{[]string{"m3_1", "m3_1", "m3_1"}, 9, true, "m3_1 # m3_1 # m3_1"},
		{[]string{"3_1", "3_1", "3_1", "3_1"}, 12, false, "3_1 # 3_1 # 3_1 # 3_1"},
		{[]string{"3_1", "4_1", "5_2"}, 11, true, ""}, // too few crossings
		// 9_12 and 4_1 # 5_2 share all three invariants.
		{[]string{"3_1", "4_1", "5_2"}, 12, true, "3_1 # 9_12 | 3_1 # 4_1 # 5_2"},
		// 9_42 is chiral with a symmetric Jones polynomial; its signature (2) tells the images
		// apart when given.
		{[]string{"3_1", "9_42"}, 12, false, "3_1 # [m]9_42"},
		{[]string{"3_1", "9_42"}, 12, true, "3_1 # 9_42"},
		{[]string{"3_1", "m9_42"}, 12, true, "3_1 # m9_42"},
		// 10_48 likewise, but with signature 0.
		{[]string{"m3_1", "10_48"}, 13, true, "m3_1 # [m]10_48"},
		// 5_1 and m10_132 share Alexander and Jones polynomials: both are candidates.
		{[]string{"3_1", "5_1"}, 13, false, "3_1 # 5_1 | 3_1 # m10_132"},
		{[]string{"3_1", "5_1"}, 13, true, "3_1 # 5_1"},
		{[]string{"3_1", "5_1"}, 12, false, "3_1 # 5_1"},
		// Two knots with trivial Alexander polynomial.
		{[]string{"11n_34", "3_1"}, 14, false, "3_1 # 11n_34 | 3_1 # 11n_42"},
	} {
		in := sum(t, tc.withSig, tc.factors...)
		if got := names(Decompose(in, tc.max), true); got != tc.want {
			t.Errorf("%v (≤ %d, signature %v): %q, want %q", tc.factors, tc.max, tc.withSig, got, tc.want)
		}
	}
}

func TestUnknot(t *testing.T) {
	in := Invariants{Alexander: poly.Of(0, 1), Jones: poly.Of(0, 1)}
	ms := Lookup(in)
	if len(ms) != 1 || ms[0].Knot.Name != "0_1" || !ms[0].Amphichiral || Name(ms) != "0_1" {
		t.Fatalf("unknot: %v", ms)
	}
	if ds := Decompose(in, 40); len(ds) != 0 {
		t.Errorf("unknot decomposes as %s", names(ds, true))
	}
	if got := names(Identify(in, 40), false); got != "0_1" {
		t.Errorf("Identify(unknot) = %q", got)
	}
}

// Prime knots whose Alexander and Jones polynomials are those of a connected sum (through 12
// crossings in all), and what the signature leaves of them.
func TestPrimesLikeComposites(t *testing.T) {
	want := map[string]string{
		"9_12":    "4_1 # 5_2",
		"11a_175": "3_1 # 8_16",
		"11a_176": "3_1 # 8_17",
		"11a_220": "4_1 # 7_5",
		"11a_306": "m3_1 # 8_16",
		"12a_151": "5_2 # m7_7",
		"12a_300": "4_1 # 8_14",
		"12a_471": "4_1 # 8_3",
		"12a_505": "m3_1 # 9_33",
		"12a_506": "4_1 # 8_17",
		"12a_535": "4_1 # 8_16",
		"12a_654": "3_1 # m9_39",
		"12n_462": "4_1 # 4_1",
		"12n_500": "3_1 # m7_5",
	}
	got := map[string]string{}
	for _, k := range All()[1:] {
		in := Invariants{Alexander: k.Alexander, Jones: k.Jones}
		if ds := Decompose(in, 12); len(ds) > 0 {
			got[k.Name] = names(ds, true)
			// Identify lists the prime first, then the composites.
			if ids := Identify(in, 12); len(ids) < 2 || ids[0][0].Knot.Index != k.Index || len(ids[0]) != 1 {
				t.Errorf("%s: Identify %s", k.Name, names(ids, true))
			}
			s := k.Signature
			in.Signature = &s
			if ds := Decompose(in, 12); len(ds) > 0 {
				t.Logf("%s (σ = %d) and %s share Alexander, Jones and signature", k.Name, s, names(ds, true))
			}
		}
	}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("%s: %q, want %q", n, got[n], w)
		}
	}
	for n, g := range got {
		if want[n] == "" {
			t.Errorf("%s: also %s", n, g)
		}
	}
}

func TestNames(t *testing.T) {
	k31, k41, k942 := mustKnot(t, "3_1"), mustKnot(t, "4_1"), mustKnot(t, "9_42")
	ms := []Match{{Knot: k31}, {Knot: k31, Mirror: true}, {Knot: k41, Amphichiral: true}, {Knot: k942, ChiralityUnknown: true}}
	if got, want := Name(ms), "3_1 # 3_1 (mirror) # 4_1 (amphichiral) # 9_42 (either chirality)"; got != want {
		t.Errorf("Name: %q, want %q", got, want)
	}
	if got, want := ShortName(ms), "3_1 # m3_1 # 4_1 # [m]9_42"; got != want {
		t.Errorf("ShortName: %q, want %q", got, want)
	}
	var chir []string
	for _, m := range ms {
		chir = append(chir, m.Chirality())
	}
	if got, want := strings.Join(chir, ", "), "as in table, mirror, amphichiral, either"; got != want {
		t.Errorf("Chirality: %q, want %q", got, want)
	}
	if Name(nil) != "0_1" || ShortName(nil) != "0_1" {
		t.Errorf("empty: %q %q", Name(nil), ShortName(nil))
	}
}

func TestDivExact(t *testing.T) {
	a, b := poly.Of(-2, 1, -1, 1), poly.Of(0, 2, -5, 2)
	p := poly.Mul(a, b)
	if q, ok := divExact(p, b); !ok || !q.Equal(a) {
		t.Errorf("(%v)/(%v) = %v %v, want %v", p, b, q, ok, a)
	}
	if q, ok := divExact(p, a); !ok || !q.Equal(b) {
		t.Errorf("(%v)/(%v) = %v %v, want %v", p, a, q, ok, b)
	}
	if _, ok := divExact(poly.Add(p, poly.Mono(1, 1)), b); ok {
		t.Error("inexact division succeeded")
	}
	if _, ok := divExact(b, p); ok {
		t.Error("division by a higher degree succeeded")
	}
	if _, ok := divExact(poly.Of(0, 3, 3), poly.Of(0, 2)); ok {
		t.Error("3+3t divided by 2")
	}
}

func BenchmarkDecompose(b *testing.B) {
	for _, bc := range []struct {
		name    string
		factors []string
		max     int
	}{
		{"granny/6", []string{"3_1", "3_1"}, 6},
		{"granny/24", []string{"3_1", "3_1"}, 24},
		{"3_1#4_1/12", []string{"3_1", "4_1"}, 12},
		{"3_1#3_1#3_1/12", []string{"3_1", "3_1", "3_1"}, 12},
		{"3_1#3_1#m3_1#4_1/24", []string{"3_1", "3_1", "m3_1", "4_1"}, 24},
		{"12n_888/24", []string{"12n_888"}, 24},
		{"12a_1288/40", []string{"12a_1288"}, 40},
	} {
		in := sum(b, true, bc.factors...)
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Decompose(in, bc.max)
			}
		})
	}
}
