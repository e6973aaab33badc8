package pd

import "testing"

func TestWritheAndMirror(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    Code
		w    int
	}{
		{"3_1", Code{X: []X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}, 3},
		{"4_1", Code{X: []X{{4, 2, 5, 1}, {8, 6, 1, 5}, {6, 3, 7, 4}, {2, 7, 3, 8}}}, 0},
		{"5_2", Code{X: []X{{1, 5, 2, 4}, {3, 9, 4, 8}, {5, 1, 6, 10}, {7, 3, 8, 2}, {9, 7, 10, 6}}}, 5},
	} {
		if err := tc.c.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if w := tc.c.Writhe(); w != tc.w {
			t.Errorf("%s: writhe %d, want %d", tc.name, w, tc.w)
		}
		m := tc.c.Mirror()
		if err := m.Validate(); err != nil {
			t.Fatalf("%s mirror: %v", tc.name, err)
		}
		if w := m.Writhe(); w != -tc.w {
			t.Errorf("%s mirror: writhe %d, want %d", tc.name, w, -tc.w)
		}
		if mm := m.Mirror(); mm.String() != tc.c.String() {
			t.Errorf("%s: mirror of mirror %v, want %v", tc.name, mm, tc.c)
		}
	}
}
