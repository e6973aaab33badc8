package invariant

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
)

const tablePath = "../table/data/prime_knots_upto_12.csv"

// tableKnot is one row of the KnotInfo table, as far as these tests need it.
type tableKnot struct {
	name     string
	crossing int
	code     pd.Code
	jones    poly.Poly
	mirror   bool // jones_mirror_distinct
	writhe   int
}

func readTable(tb testing.TB) []tableKnot {
	tb.Helper()
	f, err := os.Open(tablePath)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"name", "crossing_number", "pd_notation", "jones_lowest_exponent", "jones_coeffs", "jones_mirror_distinct", "pd_writhe"} {
		if _, ok := col[h]; !ok {
			tb.Fatalf("table has no column %q", h)
		}
	}
	atoi := func(row []string, h string) int {
		v, err := strconv.Atoi(strings.TrimSpace(row[col[h]]))
		if err != nil {
			tb.Fatalf("%s: %s: %v", row[col["name"]], h, err)
		}
		return v
	}
	var out []tableKnot
	for _, row := range rows[1:] {
		k := tableKnot{
			name:     row[col["name"]],
			crossing: atoi(row, "crossing_number"),
			mirror:   row[col["jones_mirror_distinct"]] == "Y",
			writhe:   atoi(row, "pd_writhe"),
		}
		if s := row[col["pd_notation"]]; s != "" {
			var xs [][4]int
			if err := json.Unmarshal([]byte(s), &xs); err != nil {
				tb.Fatalf("%s: pd_notation: %v", k.name, err)
			}
			for _, x := range xs {
				k.code.X = append(k.code.X, pd.X(x))
			}
		}
		var cs []int64
		for _, f := range strings.Fields(row[col["jones_coeffs"]]) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				tb.Fatalf("%s: jones_coeffs: %v", k.name, err)
			}
			cs = append(cs, v)
		}
		k.jones = poly.Of(atoi(row, "jones_lowest_exponent"), cs...)
		out = append(out, k)
	}
	return out
}

// TestJonesTable is the acceptance test: the Jones polynomial of every knot of the table, and of
// its mirror image, from its PD code.
func TestJonesTable(t *testing.T) {
	start := time.Now()
	knots := readTable(t)
	if len(knots) != 2978 {
		t.Fatalf("table has %d knots, want 2978", len(knots))
	}
	bad := 0
	for _, k := range knots {
		if len(k.code.X) != k.crossing {
			t.Errorf("%s: %d crossings in the PD code, want %d", k.name, len(k.code.X), k.crossing)
		}
		o, err := orient(k.code)
		if err != nil {
			t.Errorf("%s: %v", k.name, err)
			continue
		}
		if o.writhe != k.writhe || o.writhe != k.code.Writhe() {
			t.Errorf("%s: writhe %d, pd.Writhe %d, table %d", k.name, o.writhe, k.code.Writhe(), k.writhe)
		}
		v, err := Jones(k.code)
		if err != nil {
			t.Errorf("%s: %v", k.name, err)
			continue
		}
		if !v.Equal(k.jones) {
			bad++
			if bad <= 10 {
				t.Errorf("%s: Jones %v, table %v", k.name, v, k.jones)
			}
		}
		m, err := Jones(k.code.Mirror())
		if err != nil {
			t.Errorf("%s mirror: %v", k.name, err)
			continue
		}
		if want := poly.Subst(k.jones, -1); !m.Equal(want) {
			bad++
			if bad <= 10 {
				t.Errorf("%s mirror: Jones %v, want %v", k.name, m, want)
			}
		}
		if distinct := !m.Equal(v); distinct != k.mirror {
			t.Errorf("%s: mirror Jones distinct %v, table says %v", k.name, distinct, k.mirror)
		}
	}
	if bad > 0 {
		t.Errorf("%d Jones polynomials differ from the table", bad)
	}
	t.Logf("%d knots and their mirrors in %v", len(knots), time.Since(start))
}

func TestJonesTrefoilConvention(t *testing.T) {
	c := pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}
	// ⟨right-handed trefoil⟩ = −A⁵ − A⁻³ + A⁻⁷ with X = A(a b)(c d) + A⁻¹(a d)(b c).
	if b, want := Bracket(c), poly.Of(-7, 1, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -1); !b.Equal(want) {
		t.Errorf("bracket of 3_1: %v, want %v", b.Format("A"), want.Format("A"))
	}
	v, err := Jones(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := poly.Of(1, 1, 0, 1, -1); !v.Equal(want) {
		t.Errorf("Jones of 3_1: %v, want %v", v, want)
	}
}

func TestJonesUnknotsAndLinks(t *testing.T) {
	s := func(min int, c ...int64) poly.Poly { return poly.Of(min, c...) }
	for _, tc := range []struct {
		name  string
		c     pd.Code
		comps int
		want  poly.Poly // in s = t^(1/2)
	}{
		{"empty unknot", pd.Code{}, 1, s(0, 1)},
		{"one loop", pd.Code{Loops: 1}, 1, s(0, 1)},
		{"2-component unlink", pd.Code{Loops: 2}, 2, s(-1, -1, 0, -1)},
		{"3-component unlink", pd.Code{Loops: 3}, 3, s(-2, 1, 0, 2, 0, 1)},
		// One-crossing kinks: the under-strand a → c fixes the over-strand's direction.
		{"positive kink", pd.Code{X: []pd.X{{1, 1, 2, 2}}}, 1, s(0, 1)},
		{"negative kink", pd.Code{X: []pd.X{{1, 2, 2, 1}}}, 1, s(0, 1)},
		{"unknot, two kinks", pd.Code{X: []pd.X{{1, 4, 2, 1}, {2, 4, 3, 3}}}, 1, s(0, 1)},
		// Reidemeister II: two crossings, two components over/under one another.
		{"R2 unlink", pd.Code{X: []pd.X{{1, 3, 2, 4}, {2, 3, 1, 4}}}, 2, s(-1, -1, 0, -1)},
		// KnotTheory's Hopf link PD[X[4,1,3,2], X[2,3,1,4]] is the negative Hopf link.
		{"negative Hopf", pd.Code{X: []pd.X{{4, 1, 3, 2}, {2, 3, 1, 4}}}, 2, s(-5, -1, 0, 0, 0, -1)},
		{"positive Hopf", pd.Code{X: []pd.X{{1, 4, 2, 3}, {2, 3, 1, 4}}}, 2, s(1, -1, 0, 0, 0, -1)},
		{"3_1 ⊔ O", pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}, Loops: 1}, 2,
			poly.Mul(s(2, 1, 0, 0, 0, 1, 0, -1), s(-1, -1, 0, -1))},
	} {
		o, err := orient(tc.c)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if o.components != tc.comps {
			t.Errorf("%s: %d components, want %d", tc.name, o.components, tc.comps)
		}
		if v := JonesHalf(tc.c); !v.Equal(tc.want) {
			t.Errorf("%s: JonesHalf %v, want %v", tc.name, v.Format("s"), tc.want.Format("s"))
		}
		v, err := Jones(tc.c)
		if tc.comps != 1 {
			if err == nil {
				t.Errorf("%s: Jones of a link gave no error", tc.name)
			}
			continue
		}
		if err != nil || !v.Equal(s(0, 1)) {
			t.Errorf("%s: Jones %v, %v; want 1", tc.name, v, err)
		}
	}
}

func TestJonesErrors(t *testing.T) {
	for _, c := range []pd.Code{
		{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}}}, // edges appearing once
		{X: []pd.X{{1, 1, 1, 2}, {3, 3, 4, 4}}}, // three times, missing label
		{X: []pd.X{{1, 3, 2, 4}, {1, 3, 2, 4}}}, // inconsistent: edge 1 enters twice
		{Loops: -1},
	} {
		if v, err := Jones(c); err == nil {
			t.Errorf("%v: Jones %v, want an error", c, v)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Bracket of an invalid code did not panic")
		}
	}()
	Bracket(pd.Code{X: []pd.X{{1, 2, 3, 4}}})
}

// torusJones returns the Jones polynomial of the torus knot T(p,q) (p, q coprime, positive):
// t^((p−1)(q−1)/2)·(1 − t^(p+1) − t^(q+1) + t^(p+q))/(1 − t²).
func torusJones(p, q int) poly.Poly {
	num := poly.Add(poly.Add(poly.Mono(1, 0), poly.Mono(-1, p+1)), poly.Add(poly.Mono(-1, q+1), poly.Mono(1, p+q)))
	// Divide by 1 − t² (exact).
	c := append([]int64(nil), num.C...)
	for i := 0; i+2 < len(c); i++ {
		c[i+2] += c[i]
	}
	return poly.Of((p-1)*(q-1)/2+num.Min, c[:len(c)-2]...)
}

func TestTorus2(t *testing.T) {
	knots := readTable(t)
	byName := map[string]tableKnot{}
	for _, k := range knots {
		byName[k.name] = k
	}
	for n, name := range map[int]string{3: "3_1", 5: "5_1", 7: "7_1", 9: "9_1"} {
		c := torus2(n)
		if err := c.Validate(); err != nil {
			t.Fatalf("T(2,%d): %v", n, err)
		}
		if w := c.Writhe(); w != n {
			t.Errorf("T(2,%d): writhe %d, want %d", n, w, n)
		}
		v, err := Jones(c)
		if err != nil {
			t.Fatal(err)
		}
		if want := byName[name].jones; !v.Equal(want) {
			t.Errorf("T(2,%d): Jones %v, table's %s %v", n, v, name, want)
		}
	}
	if c := torus2(3); c.String() != byName["3_1"].code.String() {
		t.Errorf("T(2,3) PD %v, table's 3_1 %v", c, byName["3_1"].code)
	}
	for _, n := range []int{15, 25, 41, 101} {
		v, err := Jones(torus2(n))
		if err != nil {
			t.Fatal(err)
		}
		if want := torusJones(2, n); !v.Equal(want) {
			t.Errorf("T(2,%d): Jones %v, want %v", n, v, want)
		}
	}
}

func TestBraidClosures(t *testing.T) {
	word := func(m, reps int) []int {
		var w []int
		for range reps {
			for i := 1; i < m; i++ {
				w = append(w, i)
			}
		}
		return w
	}
	// Figure-eight knot: (σ₁σ₂⁻¹)².
	fig8 := braidClosure(3, []int{1, -2, 1, -2})
	if v, err := Jones(fig8); err != nil || !v.Equal(poly.Of(-2, 1, -1, 1, -1, 1)) {
		t.Errorf("figure-eight: Jones %v, %v", v, err)
	}
	for _, pq := range [][2]int{{2, 3}, {3, 4}, {3, 5}, {4, 5}, {3, 10}, {5, 6}, {4, 9}, {5, 8}, {6, 7}, {7, 8}} {
		p, q := pq[0], pq[1]
		c := braidClosure(p, word(p, q))
		if err := c.Validate(); err != nil {
			t.Fatalf("T(%d,%d): %v", p, q, err)
		}
		v, err := Jones(c)
		if err != nil {
			t.Fatalf("T(%d,%d): %v", p, q, err)
		}
		if want := torusJones(p, q); !v.Equal(want) {
			t.Errorf("T(%d,%d): Jones %v, want %v", p, q, v, want)
		}
		m, err := Jones(c.Mirror())
		if err != nil || !m.Equal(poly.Subst(torusJones(p, q), -1)) {
			t.Errorf("T(%d,%d) mirror: Jones %v, %v", p, q, m, err)
		}
		_, w, _ := bracket(c)
		t.Logf("T(%d,%d): %d crossings, frontier ≤ %d", p, q, len(c.X), w)
	}
}

func TestConnectedSums(t *testing.T) {
	knots := readTable(t)
	var twelve []tableKnot
	for _, k := range knots {
		if k.crossing == 12 {
			twelve = append(twelve, k)
		}
	}
	for i := 0; i+2 < len(twelve); i += 97 {
		a, b, c := twelve[i], twelve[i+1], twelve[i+2]
		sum := connectedSum(t, connectedSum(t, a.code, b.code), c.code)
		v, err := Jones(sum)
		if err != nil {
			t.Fatal(err)
		}
		if want := poly.Mul(poly.Mul(a.jones, b.jones), c.jones); !v.Equal(want) {
			t.Errorf("%s # %s # %s: Jones %v, want %v", a.name, b.name, c.name, v, want)
		}
	}
}

func BenchmarkBracket(b *testing.B) {
	knots := readTable(b)
	var twelve []pd.Code
	for _, k := range knots {
		if k.crossing == 12 {
			twelve = append(twelve, k.code)
		}
	}
	b.Run(fmt.Sprintf("table12_all%d", len(twelve)), func(b *testing.B) {
		for b.Loop() {
			for _, c := range twelve {
				Bracket(c)
			}
		}
	})
	width := func(c pd.Code) int { _, w, _ := bracket(c); return w }
	big := []struct {
		name string
		c    pd.Code
	}{
		{"T2_15", torus2(15)},
		{"T2_25", torus2(25)},
		{"T2_41", torus2(41)},
		{"T5_8", braidClosure(5, func() []int {
			var w []int
			for range 8 {
				w = append(w, 1, 2, 3, 4)
			}
			return w
		}())},
		{"T7_8", braidClosure(7, func() []int {
			var w []int
			for range 8 {
				w = append(w, 1, 2, 3, 4, 5, 6)
			}
			return w
		}())},
		{"sum3x12", connectedSum(b, connectedSum(b, twelve[100], twelve[1000]), twelve[2000])},
		{"sum4x12", connectedSum(b, connectedSum(b, connectedSum(b, twelve[5], twelve[700]), twelve[1400]), twelve[2100])},
	}
	for _, tc := range big {
		b.Run(fmt.Sprintf("%s_n%d_w%d", tc.name, len(tc.c.X), width(tc.c)), func(b *testing.B) {
			for b.Loop() {
				Bracket(tc.c)
			}
		})
	}
}

// Test shorthands for the pd builders (the words and codes here are valid by construction).
func torus2(n int) pd.Code { return pd.Torus2(n) }

func braidClosure(m int, word []int) pd.Code {
	c, err := pd.FromBraid(m, word)
	if err != nil {
		panic(err)
	}
	return c
}

func connectedSum(tb testing.TB, k1, k2 pd.Code) pd.Code {
	tb.Helper()
	c, err := pd.ConnectedSum(k1, k2)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
