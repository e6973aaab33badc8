package curve

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseText(t *testing.T) {
	c, err := Parse([]byte("# a trefoil\n# closed\n1 0 0\n0,1,0\n-1\t0 0.5\n\n0 0 5\n1 1 5\n1 0 6\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Closed || !c.Said || len(c.Components) != 2 || len(c.Components[0]) != 3 || len(c.Components[1]) != 3 {
		t.Fatalf("got %+v", c)
	}
	for in, said := range map[string]bool{"# open\n0 0 0\n1 0 0\n": true, "# a rope\n0 0 0\n1 0 0\n": false} {
		if c, err := Parse([]byte(in)); err != nil || c.Closed || c.Said != said {
			t.Errorf("%q: closed %v, said %v (%v); want open, said %v", in, c.Closed, c.Said, err, said)
		}
	}
	if c.Components[0][2].Z != 0.5 {
		t.Errorf("point %v", c.Components[0][2])
	}
}

func TestParseJSON(t *testing.T) {
	c, err := Parse([]byte(`[[0,0,0],[1,0,0],[1,1,0]]`))
	if err != nil || len(c.Components) != 1 || c.Closed || c.Said {
		t.Fatalf("array: %+v %v", c, err)
	}
	if c, err := Parse([]byte(`{"components": [[[0,0,0],[1,0,0]]], "closed": false}`)); err != nil || c.Closed || !c.Said {
		t.Fatalf("closed: false: %+v %v", c, err)
	}
	c, err = Parse([]byte(`{"components": [[[0,0,0],[1,0,0],[1,1,0]], [[5,5,5],[6,5,5],[6,6,5]]], "closed": true}`))
	if err != nil || len(c.Components) != 2 || !c.Closed || !c.Said {
		t.Fatalf("object: %+v %v", c, err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "no points"},
		{"1 2\n", "line 1: want 3 numbers"},
		{"1 2 x\n", `line 1: "x" is not a number`},
		{"1 2 NaN\n", "not finite"},
		{"1 2 1e400\n", "not a number"},
		{"0 0 0\n0 0 0\n", "repeats point 0"},
		{"# closed\n0 0 0\n1 0 0\n", "need at least 3"},
		{"1 1 1\n", "need at least 2"},
		{"1 1 1e13\n2 2 2\n", "exceeds"},
		{`[[0,0],[1,1,1]]`, "want 3 numbers"},
		{`{"points": []}`, "unknown field"},
		{`[[0,0,0],[1,1,1]] [1]`, "data after"},
		{`{"components": [[[0,0,0],[1,1,1]]]`, "JSON"},
	} {
		_, err := Parse([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q): err %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParse: Parse never panics; what it accepts is valid and holds only finite points.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"1 0 0\n0 1 0\n", "# closed\n1 0 0\n0 1 0\n0 0 1\n\n2 2 2\n3 3 3\n", `[[0,0,0],[1,0,0]]`,
		`{"components":[[[0,0,0],[1,0,0],[0,1,0]]],"closed":true}`, "1,2,3\n4\t5\t6\n---\n7 8 9\n1 1 1\n", "x y z", "[[1e308,0,0],[0,0,0]]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("accepted an invalid curve: %v", err)
		}
		for _, comp := range c.Components {
			for _, p := range comp {
				if !p.IsFinite() {
					t.Fatalf("accepted a non-finite point %v", p)
				}
			}
		}
	})
}

// Issue 14: the curve files users have. pyknotid's to_txt ('{} {} {}' per point) and to_json
// (json.dump of the n×3 list) of one knot, a CSV export with a header row, and KnotPlot's
// binary format, refused with an error that says what to do.
func TestParseOtherTools(t *testing.T) {
	pts := [][3]float64{{1.2, 6.1, 98.5}, {6.19, 8.5, 1.9}, {-3, 1e-05, 2.5e+10}}
	var txt, js, csv strings.Builder
	csv.WriteString("x,y,z\n")
	js.WriteString("[")
	for i, p := range pts {
		fmt.Fprintf(&txt, "%v %v %v\n", p[0], p[1], p[2])
		fmt.Fprintf(&csv, "%v,%v,%v\n", p[0], p[1], p[2])
		if i > 0 {
			js.WriteString(", ")
		}
		fmt.Fprintf(&js, "[%v, %v, %v]", p[0], p[1], p[2])
	}
	js.WriteString("]")
	for name, in := range map[string]string{"pyknotid to_txt": txt.String(), "pyknotid to_json": js.String(), "CSV with a header": csv.String()} {
		c, err := Parse([]byte(in))
		if err != nil || len(c.Components) != 1 || len(c.Components[0]) != 3 || c.Said {
			t.Fatalf("%s: %+v %v", name, c, err)
		}
		for i, p := range c.Components[0] {
			if p.X != pts[i][0] || p.Y != pts[i][1] || p.Z != pts[i][2] {
				t.Errorf("%s: point %d is %v, want %v", name, i, p, pts[i])
			}
		}
	}
	if _, err := Parse([]byte("x,y,z\nx,y,z\n1 2 3\n4 5 6\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("two header rows: %v; want an error at line 2", err)
	}
	if _, err := Parse([]byte("KnotPlot 1.0\nsaved\f\ncomp")); err == nil || !strings.Contains(err.Error(), "KnotPlot 1.0 binary") {
		t.Errorf("KnotPlot binary: %v", err)
	}
}
