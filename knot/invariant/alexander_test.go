package invariant

import (
	"encoding/csv"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
)

const alexTablePath = "../table/data/prime_knots_upto_12.csv"

// alexRow is the part of a table row these tests check.
type alexRow struct {
	name      string
	pd        pd.Code
	alexander poly.Poly
	det       int64
	signature int
	writhe    int
	chiral    bool
}

// alexReadTable parses the knot table with encoding/csv.
func alexReadTable(tb testing.TB) []alexRow {
	tb.Helper()
	f, err := os.Open(alexTablePath)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	var rows []alexRow
	for _, r := range recs[1:] {
		code, err := pd.Parse(r[col["pd_notation"]])
		if err != nil {
			tb.Fatalf("%s: %v", r[col["name"]], err)
		}
		var cs []int64
		for _, s := range strings.Fields(r[col["alexander_coeffs"]]) {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				tb.Fatalf("%s: alexander_coeffs: %v", r[col["name"]], err)
			}
			cs = append(cs, v)
		}
		atoi := func(name string) int {
			v, err := strconv.Atoi(r[col[name]])
			if err != nil {
				tb.Fatalf("%s: %s: %v", r[col["name"]], name, err)
			}
			return v
		}
		rows = append(rows, alexRow{
			name:      r[col["name"]],
			pd:        code,
			alexander: poly.Of(0, cs...),
			det:       int64(atoi("determinant")),
			signature: atoi("signature"),
			chiral:    r[col["chiral"]] == "Y",
			writhe:    atoi("pd_writhe"),
		})
	}
	if len(rows) != 2978 {
		tb.Fatalf("table has %d rows, want 2978", len(rows))
	}
	return rows
}

func TestAlexanderTable(t *testing.T) {
	rows := alexReadTable(t)
	for _, r := range rows {
		a := Alexander(r.pd)
		if !a.Equal(r.alexander) || a.Min != 0 {
			t.Errorf("%s: Alexander %v, want %v", r.name, a, r.alexander)
			continue
		}
		if m := Alexander(r.pd.Mirror()); !m.Equal(r.alexander) {
			t.Errorf("%s mirror: Alexander %v, want %v", r.name, m, r.alexander)
		}
	}
}

func TestDeterminantTable(t *testing.T) {
	for _, r := range alexReadTable(t) {
		if d := Determinant(r.pd); d != r.det {
			t.Errorf("%s: determinant %d, want %d", r.name, d, r.det)
		}
	}
}

// TestAlexanderNormalisation checks the rule found in the table on every row: lowest exponent
// 0 and positive lowest coefficient (Δ(1) is −1 for 1,382 rows, so Δ(1) = 1 is not the rule).
func TestAlexanderNormalisation(t *testing.T) {
	minus := 0
	for _, r := range alexReadTable(t) {
		a := r.alexander
		if a.Min != 0 || a.C[0] <= 0 {
			t.Errorf("%s: table Alexander %v not normalised as expected", r.name, a)
		}
		var s int64
		for _, v := range a.C {
			s += v
		}
		if s == -1 {
			minus++
		}
	}
	if minus == 0 {
		t.Errorf("no row with Δ(1) = −1")
	}
}

func TestAlexanderTorus(t *testing.T) {
	rows := alexReadTable(t)
	byName := map[string]alexRow{}
	for _, r := range rows {
		byName[r.name] = r
	}
	if got, want := pd.Torus2(3).String(), byName["3_1"].pd.String(); got != want {
		t.Errorf("pd.Torus2(3) = %s, want the table's 3_1 %s", got, want)
	}
	for _, n := range []int{3, 5} {
		c := pd.Torus2(n)
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		row := byName[fmt.Sprintf("%d_1", n)]
		if c.Writhe() != row.writhe {
			t.Errorf("pd.Torus2(%d): writhe %d, want %d", n, c.Writhe(), row.writhe)
		}
		if a := Alexander(c); !a.Equal(row.alexander) {
			t.Errorf("pd.Torus2(%d): Alexander %v, want %v", n, a, row.alexander)
		}
	}
	for _, n := range []int{15, 25, 41, 61, 101} {
		c := pd.Torus2(n)
		want := make([]int64, n)
		for i := range want {
			want[i] = 1 - 2*int64(i%2)
		}
		if a := Alexander(c); !a.Equal(poly.Of(0, want...)) {
			t.Errorf("pd.Torus2(%d): Alexander %v", n, a)
		}
		if d := Determinant(c); d != int64(n) {
			t.Errorf("pd.Torus2(%d): determinant %d", n, d)
		}
	}
}

// TestAlexanderBig checks a planar needing more than one prime (and more than two) against a
// connected sum: Δ(K1 # K2) = Δ(K1)·Δ(K2).
func TestAlexanderBig(t *testing.T) {
	rows := alexReadTable(t)
	var big12 []alexRow
	for _, r := range rows {
		if strings.HasPrefix(r.name, "12a") {
			big12 = append(big12, r)
		}
	}
	for _, k := range []int{2, 3, 5, 8} { // 24, 36, 60, 96 crossings
		c := big12[0].pd
		want := big12[0].alexander
		for i := 1; i < k; i++ {
			r := big12[(i*97)%len(big12)]
			c = alexConnectSum(c, r.pd)
			want = poly.Mul(want, r.alexander)
		}
		if a := Alexander(c); !a.Equal(want) {
			t.Errorf("sum of %d knots: Alexander %v, want %v", k, a, want)
		}
	}
}

// alexConnectSum returns the connected sum of two knot diagrams: a's last edge (u → v) and b's
// last edge (x → y) are cut and joined crosswise, u → y and x → v.
func alexConnectSum(a, b pd.Code) pd.Code {
	na, nb := 2*len(a.X), 2*len(b.X)
	da, err := newPlanar(a)
	if err != nil {
		panic(err)
	}
	db, err := newPlanar(b)
	if err != nil {
		panic(err)
	}
	var c pd.Code
	for v, x := range a.X {
		for i, e := range x {
			if e == na && da.in[4*v+i] {
				x[i] = na + nb
			}
		}
		c.X = append(c.X, x)
	}
	for v, x := range b.X {
		for i, e := range x {
			if e == nb && db.in[4*v+i] {
				x[i] = na
			} else {
				x[i] = e + na
			}
		}
		c.X = append(c.X, x)
	}
	return c
}

func TestAlexanderPrimes(t *testing.T) {
	for i, p := range alexPrimes {
		if !new(big.Int).SetUint64(p).ProbablyPrime(20) || p >= 1<<31 {
			t.Errorf("alexPrimes[%d] = %d is not a prime below 2³¹", i, p)
		}
		if i > 0 && p >= alexPrimes[i-1] {
			t.Errorf("alexPrimes not decreasing at %d", i)
		}
	}
}

func TestAlexanderSmall(t *testing.T) {
	for _, tc := range []struct {
		c    pd.Code
		want poly.Poly
	}{
		{pd.Code{}, poly.Of(0, 1)},
		{pd.Code{Loops: 1}, poly.Of(0, 1)},
		{pd.Code{Loops: 2}, poly.Poly{}},
		{pd.Code{X: []pd.X{{1, 2, 2, 1}}}, poly.Of(0, 1)}, // one kink
		{pd.Code{X: []pd.X{{1, 1, 2, 2}}}, poly.Of(0, 1)},
		// Hopf link: Δ = 1 − t.
		{pd.Code{X: []pd.X{{1, 3, 2, 4}, {3, 1, 4, 2}}}, poly.Of(0, 1, -1)},
	} {
		if got := Alexander(tc.c); !got.Equal(tc.want) {
			t.Errorf("Alexander(%v, loops %d) = %v, want %v", tc.c, tc.c.Loops, got, tc.want)
		}
	}
}

func BenchmarkAlexander12(b *testing.B) {
	rows := alexReadTable(b)
	c := rows[len(rows)-1].pd // 12n_888
	b.ResetTimer()
	for b.Loop() {
		Alexander(c)
	}
}

func BenchmarkAlexanderTable(b *testing.B) {
	rows := alexReadTable(b)
	b.ResetTimer()
	for b.Loop() {
		for _, r := range rows {
			Alexander(r.pd)
		}
	}
}

func BenchmarkAlexanderTorus(b *testing.B) {
	for _, n := range []int{15, 25, 41} {
		c := pd.Torus2(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Alexander(c)
			}
		})
	}
}

func BenchmarkDeterminant12(b *testing.B) {
	rows := alexReadTable(b)
	c := rows[len(rows)-1].pd
	b.ResetTimer()
	for b.Loop() {
		Determinant(c)
	}
}
