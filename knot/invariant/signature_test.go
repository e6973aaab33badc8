package invariant

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
)

func TestSignatureTable(t *testing.T) {
	for _, r := range alexReadTable(t) {
		s, err := Signature(r.pd)
		if err != nil {
			t.Errorf("%s: %v", r.name, err)
			continue
		}
		if s != r.signature {
			t.Errorf("%s: signature %d, want %d", r.name, s, r.signature)
		}
		m, err := Signature(r.pd.Mirror())
		if err != nil {
			t.Errorf("%s mirror: %v", r.name, err)
			continue
		}
		if m != -r.signature {
			t.Errorf("%s mirror: signature %d, want %d", r.name, m, -r.signature)
		}
	}
}

// TestSignatureBothColourings checks that the black and the white surface give the same σ.
func TestSignatureBothColourings(t *testing.T) {
	for _, r := range alexReadTable(t)[1:] {
		g, err := newGoeritz(r.pd)
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if s0, s1 := g.signature(0), g.signature(1); s0 != s1 || s0 != r.signature {
			t.Errorf("%s: colourings give %d and %d, want %d", r.name, s0, s1, r.signature)
		}
	}
}

func TestSignatureTorus(t *testing.T) {
	for _, n := range []int{3, 5, 7, 15, 25, 41, 101} {
		c := pd.Torus2(n)
		s, err := Signature(c)
		if err != nil {
			t.Fatal(err)
		}
		if s != -(n - 1) {
			t.Errorf("T(2,%d): signature %d, want %d", n, s, -(n - 1))
		}
		if s, _ := Signature(c.Mirror()); s != n-1 {
			t.Errorf("T(2,%d) mirror: signature %d, want %d", n, s, n-1)
		}
	}
}

// TestSignatureSums checks additivity under connected sum (σ(K1 # K2) = σ(K1) + σ(K2)) on big
// diagrams, with mirrors mixed in.
func TestSignatureSums(t *testing.T) {
	rows := alexReadTable(t)
	var pool []alexRow
	for _, r := range rows {
		if strings.HasPrefix(r.name, "12") || strings.HasPrefix(r.name, "11") {
			pool = append(pool, r)
		}
	}
	for _, k := range []int{2, 3, 5, 8} {
		c, want := pool[0].pd, pool[0].signature
		for i := 1; i < k; i++ {
			r := pool[(i*131)%len(pool)]
			rc, rs := r.pd, r.signature
			if i%2 == 1 {
				rc, rs = rc.Mirror(), -rs
			}
			c = alexConnectSum(c, rc)
			want += rs
		}
		s, err := Signature(c)
		if err != nil {
			t.Fatal(err)
		}
		if s != want {
			t.Errorf("sum of %d knots (%d crossings): signature %d, want %d", k, len(c.X), s, want)
		}
	}
}

func TestSignatureSmall(t *testing.T) {
	for _, tc := range []struct {
		c    pd.Code
		want int
	}{
		{pd.Code{}, 0},
		{pd.Code{Loops: 3}, 0},
		{pd.Code{X: []pd.X{{1, 2, 2, 1}}}, 0}, // kinks of either sign
		{pd.Code{X: []pd.X{{1, 1, 2, 2}}}, 0},
		{pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}, -2},
		// Hopf link with two positive crossings: σ = −1.
		{pd.Code{X: []pd.X{{1, 3, 2, 4}, {3, 1, 4, 2}}}, -1},
	} {
		got, err := Signature(tc.c)
		if err != nil {
			t.Errorf("Signature(%v): %v", tc.c, err)
			continue
		}
		if got != tc.want {
			t.Errorf("Signature(%v) = %d, want %d", tc.c, got, tc.want)
		}
	}
}

func TestSignatureErrors(t *testing.T) {
	for _, c := range []pd.Code{
		{X: []pd.X{{1, 2, 2, 1}, {3, 4, 4, 3}}}, // split diagram
		{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 9}}},
		{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 6}}},
	} {
		if _, err := Signature(c); err == nil {
			t.Errorf("Signature(%v): no error", c)
		}
	}
}

func TestSymSignature(t *testing.T) {
	mat := func(rows ...[]int64) [][]*big.Int {
		a := make([][]*big.Int, len(rows))
		for i, r := range rows {
			for _, v := range r {
				a[i] = append(a[i], big.NewInt(v))
			}
		}
		return a
	}
	for _, tc := range []struct {
		a    [][]*big.Int
		want int
	}{
		{mat([]int64{0, 1}, []int64{1, 0}), 0},
		{mat([]int64{0, 0, 1}, []int64{0, 0, 0}, []int64{1, 0, 0}), 0},
		{mat([]int64{0, 2, 0}, []int64{2, 0, 0}, []int64{0, 0, -3}), -1},
		{mat([]int64{2, -1, 0}, []int64{-1, 2, -1}, []int64{0, -1, 2}), 3},
		{mat([]int64{1, 2}, []int64{2, 4}), 1},
		{mat([]int64{0, 0}, []int64{0, 0}), 0},
		{mat([]int64{0, 1, 1}, []int64{1, 0, 1}, []int64{1, 1, 0}), -1},
	} {
		if got := symSignature(tc.a); got != tc.want {
			t.Errorf("symSignature = %d, want %d", got, tc.want)
		}
	}
}

func BenchmarkSignature12(b *testing.B) {
	rows := alexReadTable(b)
	c := rows[len(rows)-1].pd // 12n_888
	b.ResetTimer()
	for b.Loop() {
		if _, err := Signature(c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSignatureTable(b *testing.B) {
	rows := alexReadTable(b)
	b.ResetTimer()
	for b.Loop() {
		for _, r := range rows {
			if _, err := Signature(r.pd); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkSignatureTorus(b *testing.B) {
	for _, n := range []int{15, 25, 41} {
		c := pd.Torus2(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Signature(c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
