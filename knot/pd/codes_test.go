package pd

import (
	"encoding/csv"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

type row struct {
	name, dt    string
	c           Code
	alternating bool
	writhe      int
}

func table(t *testing.T) []row {
	t.Helper()
	f, err := os.Open("../table/data/prime_knots_upto_12.csv")
	if err != nil {
		t.Skipf("knot table: %v", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	var rows []row
	for _, r := range recs[1:] {
		w, _ := strconv.Atoi(r[col["pd_writhe"]])
		rows = append(rows, row{
			name: r[col["name"]], dt: r[col["dt_notation"]], c: parse(t, r[col["pd_notation"]]),
			alternating: r[col["alternating"]] == "Y", writhe: w,
		})
	}
	return rows
}

func parse(t *testing.T, s string) Code {
	var c Code
	s = strings.Trim(s, "[]")
	if s == "" {
		return c
	}
	for _, part := range strings.Split(s, "],[") {
		var x X
		for i, f := range strings.Split(part, ",") {
			v, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				t.Fatal(err)
			}
			x[i] = v
		}
		c.X = append(c.X, x)
	}
	return c
}

func TestGauss(t *testing.T) {
	c := Code{X: []X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}
	g, err := c.Gauss()
	if err != nil {
		t.Fatal(err)
	}
	// KnotTheory: GaussCode[PD[X[1,5,2,4],X[3,1,4,6],X[5,3,6,2]]] = -1 3 -2 1 -3 2.
	if len(g.Comps) != 1 || !slices.Equal(g.Comps[0], []int{-1, 3, -2, 1, -3, 2}) || !slices.Equal(g.Signs, []int{1, 1, 1}) {
		t.Errorf("3_1: %v", g)
	}
	if s := g.String(); s != "-1 3 -2 1 -3 2; signs + + +" {
		t.Errorf("String = %q", s)
	}
	// The Hopf link: two components of two edges each; both crossings negative.
	h := Code{X: []X{{4, 1, 3, 2}, {2, 3, 1, 4}}}
	g, err = h.Gauss()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Comps) != 2 || !slices.Equal(g.Comps[0], []int{1, -2}) || !slices.Equal(g.Comps[1], []int{2, -1}) ||
		!slices.Equal(g.Signs, []int{-1, -1}) {
		t.Errorf("Hopf: %v", g)
	}
	// A single kink: one crossing, edges 1, 2 (X[1,2,2,1]: under 1 → 2, over 2 → 1, b → d:
	// negative, which X.Sign cannot see).
	k := Code{X: []X{{1, 2, 2, 1}}}
	if s, err := k.Signs(); err != nil || !slices.Equal(s, []int{-1}) {
		t.Errorf("kink signs %v %v", s, err)
	}
	if s, err := (Code{X: []X{{1, 1, 2, 2}}}).Signs(); err != nil || !slices.Equal(s, []int{1}) {
		t.Errorf("kink signs %v %v", s, err)
	}
	// Invalid codes are errors.
	if _, err := (Code{X: []X{{1, 2, 3, 4}}}).Gauss(); err == nil {
		t.Error("invalid code accepted")
	}
}

func TestTableCodes(t *testing.T) {
	dtMatch, n, absMismatch := 0, 0, 0
	for _, r := range table(t) {
		if len(r.c.X) == 0 {
			continue
		}
		s, err := r.c.Signs()
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		w := 0
		for i, sg := range s {
			w += sg
			if sg != r.c.X[i].Sign(r.c.Next()) {
				t.Fatalf("%s: crossing %d sign %d, X.Sign %d", r.name, i, sg, r.c.X[i].Sign(r.c.Next()))
			}
		}
		if w != r.writhe {
			t.Fatalf("%s: writhe %d, table %d", r.name, w, r.writhe)
		}
		g, err := r.c.Gauss()
		if err != nil || len(g.Comps) != 1 || len(g.Comps[0]) != 2*len(r.c.X) {
			t.Fatalf("%s: Gauss %v %v", r.name, g, err)
		}
		dt, err := r.c.DT()
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		back, err := ParseDT(DTString(dt))
		if err != nil || !slices.Equal(back, dt) {
			t.Fatalf("%s: DT %v round trip %v %v", r.name, dt, back, err)
		}
		pos := 0
		for _, v := range dt {
			if v > 0 {
				pos++
			}
		}
		if alt := pos == 0 || pos == len(dt); alt != r.alternating {
			t.Fatalf("%s: DT %v, alternating %v", r.name, dt, r.alternating)
		}
		// The mirror has the opposite signs.
		mdt, err := r.c.Mirror().DT()
		if err != nil {
			t.Fatal(err)
		}
		for i := range dt {
			if mdt[i] != -dt[i] {
				t.Fatalf("%s: mirror DT %v of %v", r.name, mdt, dt)
			}
		}
		tdt, err := ParseDT(r.dt)
		if err != nil {
			t.Fatalf("%s: table DT: %v", r.name, err)
		}
		if len(tdt) != len(dt) {
			t.Fatalf("%s: table DT %v, ours %v", r.name, tdt, dt)
		}
		m, err := r.c.DTMin()
		if err != nil {
			t.Fatal(err)
		}
		n++
		absEq := true
		for i := range m {
			absEq = absEq && abs(m[i]) == abs(tdt[i])
		}
		if !absEq {
			absMismatch++
		}
		if slices.Equal(m, tdt) {
			dtMatch++
		} else if testing.Verbose() && n-dtMatch < 6 {
			t.Logf("%s: DTMin %v, table %v", r.name, m, tdt)
		}
		if r.name == "3_1" && DTString(dt) != "4 6 2" {
			t.Errorf("3_1: DT %v", dt)
		}
	}
	// KnotInfo's dt_notation is the canonical (minimal) code of a diagram that, for a few
	// non-alternating knots, differs from its pd_notation's diagram in crossing signs only.
	t.Logf("DTMin equals the table's dt_notation for %d of %d knots; %d differ beyond signs", dtMatch, n, absMismatch)
	if dtMatch < 2900 || absMismatch > 0 {
		t.Errorf("DTMin: %d of %d equal the table, %d differ beyond signs", dtMatch, n, absMismatch)
	}
}

func TestParseDT(t *testing.T) {
	for _, bad := range []string{"4 6 3", "4 4 2", "4 x 2", "0 2", "8 2"} {
		if _, err := ParseDT(bad); err == nil {
			t.Errorf("ParseDT(%q) accepted", bad)
		}
	}
	if dt, err := ParseDT(" 4 8 -12 2 -14 -16 -6 -10 "); err != nil || len(dt) != 8 || dt[2] != -12 {
		t.Errorf("ParseDT: %v %v", dt, err)
	}
	if dt, err := (Code{}).DT(); err != nil || len(dt) != 0 {
		t.Errorf("unknot DT %v %v", dt, err)
	}
	if _, err := (Code{X: []X{{4, 1, 3, 2}, {2, 3, 1, 4}}}).DT(); err == nil {
		t.Error("DT of the Hopf link accepted")
	}
}
