package pd

import (
	"strings"
	"testing"
)

// Issue 14: a PD code typed in the spellings users have: the table's, KnotTheory's and
// Regina's, with or without spaces.
func TestParseSpellings(t *testing.T) {
	want := Torus2(3).String()
	for _, in := range []string{
		"[[1,5,2,4],[3,1,4,6],[5,3,6,2]]",
		" [[1, 5, 2, 4], [3, 1, 4, 6], [5, 3, 6, 2]] ",
		"[ [1,5,2,4] , [3,1,4,6] , [5,3,6,2] ]",
		"PD[X[1,5,2,4], X[3,1,4,6], X[5,3,6,2]]",
		"X[1,5,2,4] X[3,1,4,6] X[5,3,6,2]",
		"X[1, 5, 2, 4],X[3, 1, 4, 6],X[5, 3, 6, 2]",
	} {
		c, err := Parse(in)
		if err != nil || c.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, c, err, want)
		}
	}
	for _, in := range []string{"", "[]", "PD[]", "  "} {
		if c, err := Parse(in); err != nil || len(c.X) != 0 {
			t.Errorf("Parse(%q) = %v, %v; want the unknot", in, c, err)
		}
	}
	for _, tc := range []struct{ in, msg string }{
		{"X[1,5,2,4] Y[3,1,4,6]", `at "Y[3,1,4,6]"`},
		{"[[1,5,2],[3,1,4,6]]", `',' after the crossing's label 3`},
		{"X[1,5,2,4,7]", `']' after the crossing's label 4`},
		{"X[1,-5,2,4]", "an edge label"},
		{"X[1,5,2,4", "end too soon"},
		{"X[1,5,2,4] X[3,1,4,6]", "appears 1 times"},
		{"X[1,5,2,99999999999,4]", "an edge label"},
	} {
		if _, err := Parse(tc.in); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Parse(%q): %v; want an error saying %s", tc.in, err, tc.msg)
		}
	}
}

// FuzzParse: any input is a code or an error, never a panic; a code prints and reads back.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"[[1,5,2,4],[3,1,4,6],[5,3,6,2]]", "PD[X[1,5,2,4], X[3,1,4,6], X[5,3,6,2]]", "X[1,1,2,2]", "[]", "X[", "[[", "PD["} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(c.String())
		if err != nil || back.String() != c.String() {
			t.Fatalf("%q parsed as %s, which reads back as %v (%v)", s, c, back, err)
		}
	})
}
