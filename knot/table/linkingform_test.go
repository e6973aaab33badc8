package table

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/embed"
	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
)

// handEight are the chiral knots that share Alexander and Jones polynomials, signature and cover
// counts with their mirror images and have a cyclic p-part for a prime p ≡ 3 (mod 4) (p exactly
// once, or ℤ/49 and ℤ/121 for 10_48 and 12a_1011).
var handEight = []string{"10_71", "10_104", "12a_697", "12a_1081", "12a_1088", "12a_1235", "12a_1250", "12n_490", "10_48", "12a_1011"}

// TestLinkingForm checks Knot.LinkingForm on every row: the same as invariant.LinkingFormSymbols
// of the row's diagram (cached or not, and for a Knot value that is not a row), a sign at
// every prime p ≡ 3 (mod 4) with p ‖ Determinant and others only with p² | Determinant, none for
// an amphichiral knot.
func TestLinkingForm(t *testing.T) {
	with := 0
	for _, k := range All() {
		want, err := invariant.LinkingFormSymbols(k.PD)
		if err != nil {
			t.Fatalf("%s: %v", k.Name, err)
		}
		for range 2 { // computed, then cached
			if got := k.LinkingForm(); !got.Equal(want) {
				t.Errorf("%s: %v, want %v", k.Name, got, want)
			}
		}
		// Signs at every p ≡ 3 (mod 4) with p ‖ det; at p with p² | det only where the
		// p-part is cyclic.
		var once, more []int64
		for d, p := k.Determinant, int64(2); d > 1; p++ {
			e := 0
			for ; d%p == 0; d /= p {
				e++
			}
			if e == 1 && p%4 == 3 {
				once = append(once, p)
			} else if e > 1 && p%4 == 3 {
				more = append(more, p)
			}
		}
		var got []int64
		for _, x := range want {
			if !slices.Contains(once, x.P) && !slices.Contains(more, x.P) {
				t.Errorf("%s (det %d): a sign at %d", k.Name, k.Determinant, x.P)
			}
			got = append(got, x.P)
		}
		for _, p := range once {
			if !slices.Contains(got, p) {
				t.Errorf("%s (det %d): no sign at %d", k.Name, k.Determinant, p)
			}
		}
		if len(want) > 0 {
			with++
			if !k.Chiral {
				t.Errorf("%s: amphichiral with signs %v", k.Name, want)
			}
		}
	}
	if with != 2059 {
		t.Errorf("%d knots with signs, want 2059 (1,835 with a p ≡ 3 mod 4 once)", with)
	}
	// A Knot that is not a row (its index names another knot) is computed from its own diagram.
	k := mustKnot(t, "3_1")
	k.Index = mustKnot(t, "10_71").Index
	if got := k.LinkingForm(); !got.Equal(invariant.LinkingSymbols{{P: 3, Sign: 1}}) {
		t.Errorf("3_1 under 10_71's index: %v", got)
	}
}

// TestLookupHand looks up every chiral knot whose Jones polynomial is symmetric, in both hands,
// with the diagram (the table's, or its mirror image) and with or without the signature: the
// hand must come out right wherever the signature or the linking form settles it, and "either"
// only where neither does; the knot is never lost.
func TestLookupHand(t *testing.T) {
	settled, either, bySig := 0, 0, 0
	var eitherNames []string
	for _, k := range All() {
		if !k.Chiral || k.JonesMirrorDistinct {
			continue
		}
		lf := len(k.LinkingForm()) > 0
		for _, mirror := range []bool{false, true} {
			c, sig := k.PD, k.Signature
			if mirror {
				c, sig = c.Mirror(), -sig
			}
			for _, withSig := range []bool{false, true} {
				in := Invariants{Alexander: k.Alexander, Jones: k.Jones, Diagram: &c}
				if withSig {
					in.Signature = &sig
				}
				m, ok := find(Lookup(in), k)
				if !ok {
					t.Errorf("%s (mirror %v, signature %v): lost", k.Name, mirror, withSig)
					continue
				}
				decided := lf || (withSig && k.Signature != 0)
				switch {
				case decided && (m.ChiralityUnknown || m.Mirror != mirror):
					t.Errorf("%s (mirror %v, signature %v): %s", k.Name, mirror, withSig, m.Chirality())
				case !decided && !m.ChiralityUnknown:
					t.Errorf("%s (mirror %v, signature %v): %s, want either", k.Name, mirror, withSig, m.Chirality())
				}
				if withSig && !mirror {
					switch {
					case lf && k.Signature == 0:
						settled++
					case !decided:
						either++
						eitherNames = append(eitherNames, k.Name)
					}
				}
				if !withSig && !mirror && lf && k.Signature != 0 {
					bySig++
				}
			}
		}
	}
	t.Logf("chiral knots with symmetric Jones: %d settled by the linking form alone (signature 0), %d more settled by it without the signature, %d left either: %s",
		settled, bySig, either, strings.Join(eitherNames, " "))
	if settled != 10 || either != 18 {
		t.Errorf("%d settled by the linking form, %d left either; want 10 and 18", settled, either)
	}
	// Without a diagram nothing changes.
	k := mustKnot(t, "10_71")
	if m, ok := find(Lookup(Invariants{Alexander: k.Alexander, Jones: k.Jones}), k); !ok || !m.ChiralityUnknown {
		t.Errorf("10_71 without diagram: %v %s", ok, m.Chirality())
	}
}

// TestLookupHandContradicts: a diagram whose linking form fits neither hand of the candidate
// rules it out. 5_2 # T(2,11) has determinant 77 like 10_71 but the signs (−1 at 7, +1 at 11)
// that are neither 10_71's (−1, −1) nor its mirror image's (+1, +1); 5_2 alone (−1 at 7, nothing
// at 11) decides as the table's 10_71.
func TestLookupHandContradicts(t *testing.T) {
	k := mustKnot(t, "10_71")
	c, err := pd.ConnectedSum(mustKnot(t, "5_2").PD, pd.Torus2(11))
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := invariant.LinkingFormSymbols(c); !s.Equal(invariant.LinkingSymbols{{P: 7, Sign: -1}, {P: 11, Sign: 1}}) {
		t.Fatalf("5_2 # T(2,11): %v", s)
	}
	if m, ok := find(Lookup(Invariants{Alexander: k.Alexander, Jones: k.Jones, Diagram: &c}), k); ok {
		t.Errorf("10_71 found (%s) with the diagram of 5_2 # T(2,11)", m.Chirality())
	}
	c52 := mustKnot(t, "5_2").PD
	if m, ok := find(Lookup(Invariants{Alexander: k.Alexander, Jones: k.Jones, Diagram: &c52}), k); !ok || m.Chirality() != "as in table" {
		t.Errorf("10_71 with the diagram of 5_2: %v %s", ok, m.Chirality())
	}
}

// redraw is embed.Redraw (another diagram of the knot of c, of its mirror image if mirror)
// simplified by Reidemeister I and II moves, as knot.Identify would.
func redraw(t testing.TB, c pd.Code, mirror bool, rng *rand.Rand) pd.Code {
	t.Helper()
	d, err := embed.Redraw(c, mirror, rng)
	if err != nil {
		t.Fatal(err)
	}
	return pd.Simplify(d)
}

// TestIdentifyHand identifies the eight knots, in both hands, from new diagrams (the table's
// diagram drawn in 3-D, turned at random and projected again): with the diagram in Invariants,
// one candidate with the right hand; without it, both hands ("[m]").
func TestIdentifyHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 77))
	tried, other := 0, 0
	for _, name := range handEight {
		k := mustKnot(t, name)
		for _, mirror := range []bool{false, true} {
			want := name
			if mirror {
				want = "m" + name
			}
			for range 3 {
				c := redraw(t, k.PD, mirror, rng)
				tried++
				if len(c.X) != k.Crossings {
					other++
				}
				if got := shortNames(identifyPD(t, c)); got != want {
					t.Errorf("%s (a %d-crossing diagram): identified as %s", want, len(c.X), got)
				}
				sig, _ := invariant.Signature(c)
				j, _ := invariant.Jones(c)
				blind := Identify(Invariants{Alexander: invariant.Alexander(c), Jones: j, Signature: &sig}, len(c.X))
				if got := shortNames(blind); got != "[m]"+name {
					t.Errorf("%s without the diagram: %s", want, got)
				}
			}
		}
	}
	t.Logf("%d diagrams, %d of them with more crossings than the table's after simplification", tried, other)
	if other < tried/3 {
		t.Errorf("only %d of %d diagrams differ from the table's in their number of crossings", other, tried)
	}
}

// TestDecomposeHand identifies connected sums with one of the eight as a factor: the hand of a
// factor is settled where a prime p ≡ 3 (mod 4) divides only that factor's determinant, its p-part cyclic
// (10_71 # 3_1: 7, 11 and 3; m10_71 # m5_2: 7 divides twice, 11 settles it), not where every
// such prime divides it twice (10_71 # 10_104).
func TestDecomposeHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 71))
	for _, tc := range []struct {
		a, b string // a leading "m": the mirror image
		want string // the candidates (ShortName): the sum alone
	}{
		{"10_71", "3_1", "3_1 # 10_71"},
		{"m10_71", "3_1", "3_1 # m10_71"},
		{"m10_71", "m5_2", "m5_2 # m10_71"},
		{"10_71", "m5_2", "m5_2 # 10_71"},
		{"12a_1081", "4_1", "4_1 # 12a_1081"},
		{"m12n_490", "3_1", "3_1 # m12n_490"},
		{"10_71", "10_104", "[m]10_71 # [m]10_104"},
		{"10_71", "10_48", "[m]10_48 # 10_71"}, // ℤ/77 ⊕ ℤ/49: the 7-part is not cyclic, 11 settles 10_71
		{"10_48", "3_1", "3_1 # 10_48"},        // ℤ/49 ⊕ ℤ/3: 7 settles 10_48
		{"m10_48", "3_1", "3_1 # m10_48"},
	} {
		var codes []pd.Code
		for _, n := range []string{tc.a, tc.b} {
			c := mustKnot(t, strings.TrimPrefix(n, "m")).PD
			if strings.HasPrefix(n, "m") {
				c = c.Mirror()
			}
			codes = append(codes, c)
		}
		c, err := pd.ConnectedSum(codes[0], codes[1])
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range []pd.Code{c, redraw(t, c, false, rng)} {
			found := identifyPD(t, d)
			var names []string
			for _, f := range found {
				names = append(names, ShortName(f))
			}
			if got := strings.Join(names, ", "); got != tc.want {
				t.Errorf("%s # %s (redrawn %v): candidates %s, want %s", tc.a, tc.b, i == 1, got, tc.want)
			}
		}
	}
}

// BenchmarkLookupHand is a lookup that needs the linking form (computed from the diagram each
// time); BenchmarkLookup is one that does not.
func BenchmarkLookupHand(b *testing.B) {
	k := mustKnot(b, "12a_1081")
	s := k.Signature
	c := k.PD
	in := Invariants{Alexander: k.Alexander, Jones: k.Jones, Signature: &s, Determinant: k.Determinant, Diagram: &c}
	k.LinkingForm()
	b.ReportAllocs()
	for b.Loop() {
		if ms := Lookup(in); len(ms) != 1 || ms[0].ChiralityUnknown {
			b.Fatal("not settled")
		}
	}
}
