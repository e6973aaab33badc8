package invariant

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
)

// coverCounts are the numbers of connected 2…7-fold covers computed by Regina 7.3
// (Link.fromPD(pd).group().enumerateCovers(n)) for the table's diagrams below (KnotInfo PD).
var coverCounts = []struct {
	name string
	pd   pd.Code
	want []int64 // index 2…7
}{
	{"3_1", pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}, []int64{1, 2, 3, 2, 8, 7}},
	{"4_1", pd.Code{X: []pd.X{{4, 2, 5, 1}, {8, 6, 1, 5}, {6, 3, 7, 4}, {2, 7, 3, 8}}}, []int64{1, 1, 2, 4, 11, 9}},
	{"5_1", pd.Code{X: []pd.X{{2, 8, 3, 7}, {4, 10, 5, 9}, {6, 2, 7, 1}, {8, 4, 9, 3}, {10, 6, 1, 5}}}, []int64{1, 1, 1, 6, 11, 9}},
	// 10_132 shares Alexander, Jones and HOMFLY-PT polynomials with the mirror of 5_1.
	{"10_132", pd.Code{X: []pd.X{{1, 8, 2, 9}, {3, 18, 4, 19}, {5, 12, 6, 13}, {7, 10, 8, 11}, {9, 2, 10, 3}, {11, 6, 12, 7}, {14, 20, 15, 19}, {16, 14, 17, 13}, {17, 4, 18, 5}, {20, 16, 1, 15}}}, []int64{1, 1, 1, 5, 8, 17}},
}

func TestCoversAgreeWithRegina(t *testing.T) {
	for _, k := range coverCounts {
		for _, c := range []pd.Code{k.pd, k.pd.Mirror()} {
			for i, want := range k.want {
				got, err := Covers(c, i+2, 0)
				if err != nil || got != want {
					t.Errorf("%s index %d: %d, %v; want %d", k.name, i+2, got, err, want)
				}
			}
		}
	}
}

// The unknot's group is Z: one connected cover of each degree, whatever the diagram.
func TestCoversUnknot(t *testing.T) {
	for _, c := range []pd.Code{
		{},
		{X: []pd.X{{1, 1, 2, 2}}}, // one kink
		{X: []pd.X{{2, 1, 3, 2}, {4, 4, 1, 3}}},
		pd.Torus2(1),
	} {
		for n := 1; n <= MaxCoverIndex; n++ {
			if got, err := Covers(c, n, 0); err != nil || got != 1 {
				t.Errorf("%v index %d: %d, %v; want 1", c, n, got, err)
			}
		}
	}
}

// A connected sum: the group of 3_1 # 3_1 (granny) and 3_1 # m3_1 (square) are isomorphic,
// so the counts agree, and they differ from the prime knots of the same Alexander polynomial.
func TestCoversSum(t *testing.T) {
	tre := coverCounts[0].pd
	granny := connectedSum(t, tre, tre)
	square := connectedSum(t, tre, tre.Mirror())
	for n := 2; n <= 6; n++ {
		g, err1 := Covers(granny, n, 0)
		s, err2 := Covers(square, n, 0)
		if err1 != nil || err2 != nil || g != s {
			t.Errorf("index %d: granny %d (%v), square %d (%v)", n, g, err1, s, err2)
		}
	}
	if g, _ := Covers(granny, 3, 0); g <= 2 {
		t.Errorf("granny has %d 3-fold covers; a sum of two trefoils has more than one trefoil's 2", g)
	}
}

func TestCoversErrors(t *testing.T) {
	tre := coverCounts[0].pd
	for _, tc := range []struct {
		c    pd.Code
		n    int
		want string
	}{
		{tre, 0, "index 0 outside 1…7"},
		{tre, 8, "index 8 outside 1…7"},
		{pd.Code{X: tre.X, Loops: 1}, 3, "split unknotted loops"},
		{pd.Code{X: []pd.X{{4, 1, 3, 2}, {2, 3, 1, 4}}}, 3, "more than one component"}, // Hopf link
		{pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 7}}}, 3, "edge"},
	} {
		_, err := Covers(tc.c, tc.n, 0)
		if err == nil || !contains(err.Error(), tc.want) {
			t.Errorf("%v index %d: %v; want an error with %q", tc.c, tc.n, err, tc.want)
		}
	}
	// A budget too small to finish.
	_, err := Covers(coverCounts[3].pd, 7, 100)
	if !errors.Is(err, ErrCoverBudget) {
		t.Errorf("budget 100: %v; want ErrCoverBudget", err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func BenchmarkCovers(b *testing.B) {
	for _, k := range coverCounts[2:] {
		for _, n := range []int{5, 6, 7} {
			b.Run(fmt.Sprintf("%s/n=%d", k.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Covers(k.pd, n, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
