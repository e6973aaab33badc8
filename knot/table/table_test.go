package table

import (
	"encoding/csv"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/knotsim/knotsim/knot/poly"
)

func mustKnot(t testing.TB, name string) Knot {
	t.Helper()
	k, ok := ByName(name)
	if !ok {
		t.Fatalf("no knot %s", name)
	}
	return k
}

func TestLoad(t *testing.T) {
	start := time.Now()
	_, _ = build(parse(csvData))
	t.Logf("load (parse and index): %v", time.Since(start))
	ks := All()
	if len(ks) != 2978 {
		t.Fatalf("%d knots, want 2978", len(ks))
	}
	// The standard census: 0_1, then crossing numbers 3 … 12.
	count := map[int]int{}
	for _, k := range ks {
		count[k.Crossings]++
	}
	for c, want := range map[int]int{0: 1, 3: 1, 4: 1, 5: 2, 6: 3, 7: 7, 8: 21, 9: 49, 10: 165, 11: 552, 12: 2176} {
		if count[c] != want {
			t.Errorf("%d knots with %d crossings, want %d", count[c], c, want)
		}
	}
	if ks[0].Name != "0_1" || ks[1].Name != "3_1" || ks[len(ks)-1].Name != "12n_888" {
		t.Errorf("order: %s %s … %s", ks[0].Name, ks[1].Name, ks[len(ks)-1].Name)
	}
	for i, k := range ks {
		if k.Index != i {
			t.Fatalf("%s: Index %d, want %d", k.Name, k.Index, i)
		}
		if j, ok := ByName(k.Name); !ok || j.Index != i {
			t.Fatalf("ByName(%s) = %d %v", k.Name, j.Index, ok)
		}
		if len(k.PD.X) != k.Crossings || len(k.DT) != k.Crossings {
			t.Errorf("%s: %d PD crossings, %d DT entries, want %d", k.Name, len(k.PD.X), len(k.DT), k.Crossings)
		}
		if err := k.PD.Validate(); err != nil {
			t.Errorf("%s: %v", k.Name, err)
		}
		if w := k.PD.Writhe(); w != k.PDWrithe {
			t.Errorf("%s: PD writhe %d, table %d", k.Name, w, k.PDWrithe)
		}
		if d := abs64(evalMinus1(k.Alexander)); d != k.Determinant {
			t.Errorf("%s: |Δ(−1)| = %d, determinant %d", k.Name, d, k.Determinant)
		}
		if d := abs64(evalMinus1(k.Jones)); d != k.Determinant {
			t.Errorf("%s: |V(−1)| = %d, determinant %d", k.Name, d, k.Determinant)
		}
		var v1 int64
		for _, c := range k.Jones.C {
			v1 += c
		}
		if v1 != 1 {
			t.Errorf("%s: V(1) = %d", k.Name, v1)
		}
		if !poly.Subst(k.Jones, -1).Equal(k.jonesMirror) {
			t.Errorf("%s: mirrored Jones", k.Name)
		}
		if !poly.Subst(k.Alexander, -1).Equal(poly.Shift(k.Alexander, -k.alexDeg)) {
			t.Errorf("%s: Alexander not symmetric", k.Name)
		}
		// symmetry_type and chiral agree.
		amph := strings.Contains(k.Symmetry, "amphicheiral")
		if amph == k.Chiral {
			t.Errorf("%s: symmetry %q, chiral %v", k.Name, k.Symmetry, k.Chiral)
		}
		if k.Name != "0_1" && k.Alternating != (k.Crossings <= 10 && k.Alternating || strings.Contains(k.Name, "a_")) {
			t.Errorf("%s: alternating %v", k.Name, k.Alternating)
		}
	}
}

var t1 = regexp.MustCompile(`t\^1([^0-9]|$)`)

// The polynomial columns written out agree with the coefficient columns.
func TestPolynomialColumns(t *testing.T) {
	r := csv.NewReader(strings.NewReader(csvData))
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	ks := All()
	for i, rec := range recs[1:] {
		k := ks[i]
		strip := func(s string) string { return t1.ReplaceAllString(strings.ReplaceAll(s, " ", ""), "t$1") }
		if got, want := k.Alexander.String(), strip(rec[5]); got != want {
			t.Errorf("%s: Alexander %s, column %s", k.Name, got, want)
		}
		if got, want := k.Jones.String(), strip(rec[7]); got != want {
			t.Errorf("%s: Jones %s, column %s", k.Name, got, want)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		_, _ = build(parse(csvData))
	}
}

// jonesOf returns the Jones polynomial of the matched curve.
func jonesOf(m Match) poly.Poly {
	if m.Mirror {
		return m.Knot.jonesMirror
	}
	return m.Knot.Jones
}
