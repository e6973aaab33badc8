package pd

import "testing"

func TestSimplifyKeepsReducedDiagrams(t *testing.T) {
	for _, r := range table(t) {
		s := Simplify(r.c)
		if s.String() != r.c.String() || s.Loops != 0 {
			t.Fatalf("%s: Simplify changed a minimal diagram: %v → %v (loops %d)", r.name, r.c, s, s.Loops)
		}
	}
}

func TestSimplifyMoves(t *testing.T) {
	tre := Code{X: []X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}
	for _, tc := range []struct {
		name  string
		in    Code
		want  string
		loops int
	}{
		{"kink", Code{X: []X{{1, 2, 2, 1}}}, "[]", 1},
		{"other kink", Code{X: []X{{1, 1, 2, 2}}, Loops: 2}, "[]", 3},
		{"unknot", Code{}, "[]", 0},
		// Edge 6 of the trefoil split by a kink (6 → kink → 7 loop → 8), both kink types.
		{"trefoil+kink", Code{X: []X{{1, 5, 2, 4}, {3, 1, 4, 8}, {5, 3, 6, 2}, {6, 7, 7, 8}}}, tre.String(), 0},
		{"trefoil+kink'", Code{X: []X{{1, 5, 2, 4}, {3, 1, 4, 8}, {5, 3, 6, 2}, {6, 8, 7, 7}}}, tre.String(), 0},
		// Two kinks in a row on one strand: edges 1 → kink (2) → 3 → kink (4) → 1.
		{"two kinks", Code{X: []X{{1, 2, 2, 3}, {3, 4, 4, 1}}}, "[]", 1},
		// Two overlapping circles side by side, A (edges 1, 2) over B (3, 4) at both crossings.
		{"R2 two circles", Code{X: []X{{4, 2, 3, 1}, {3, 2, 4, 1}}}, "[]", 2},
		// The Hopf link's bigons alternate: nothing to do.
		{"Hopf", Code{X: []X{{4, 1, 3, 2}, {2, 3, 1, 4}}}, "[[4,1,3,2],[2,3,1,4]]", 0},
		// Invalid codes come back unchanged.
		{"invalid", Code{X: []X{{1, 2, 3, 4}}}, "[[1,2,3,4]]", 0},
	} {
		s := Simplify(tc.in)
		if s.String() != tc.want || s.Loops != tc.loops {
			t.Errorf("%s: Simplify = %v loops %d, want %s loops %d", tc.name, s, s.Loops, tc.want, tc.loops)
		}
		if tc.name != "invalid" {
			if err := s.Validate(); err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
	}
	// Simplifying the mirror gives the mirror.
	m := Code{X: []X{{1, 5, 2, 4}, {3, 1, 4, 8}, {5, 3, 6, 2}, {6, 7, 7, 8}}}.Mirror()
	if s := Simplify(m); s.Writhe() != -3 || len(s.X) != 3 {
		t.Errorf("mirror: %v writhe %d", s, s.Writhe())
	}
}
