package table

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
)

// stageCounts is how many groups of table entries (a knot in one chirality; an amphichiral knot
// is one entry, a chiral one two) share every invariant computed so far, and how many entries
// those groups hold.
type stageCounts struct {
	stage          string
	groups, shared int
}

// separation groups the table's 2,978 knots and their mirror images by Alexander and Jones
// polynomials, then adds the signature, then the numbers of connected n-fold covers for
// n = 2…MaxSeparateIndex (computed only for entries still sharing everything), then the linking
// form of the double branched cover (Knot.LinkingForm, negated for a mirror image), and returns
// the counts after each addition and the groups left at the end.
func separation(t testing.TB) ([]stageCounts, [][]Match) {
	type ent struct {
		m   Match
		key string
	}
	var ents []ent
	for _, k := range All() {
		for _, mirror := range []bool{false, true} {
			if mirror && !k.Chiral {
				continue
			}
			j, sig := k.Jones, k.Signature
			if mirror {
				j, sig = k.jonesMirror, -sig
			}
			ents = append(ents, ent{m: Match{Knot: k, Mirror: mirror}, key: fmt.Sprintf("%v|%v|%d", canonAlexander(k.Alexander), j, sig)})
		}
	}
	groups := func(withSig bool) map[string][]int {
		g := map[string][]int{}
		for i, e := range ents {
			key := e.key
			if !withSig {
				key = key[:strings.LastIndexByte(key, '|')]
			}
			g[key] = append(g[key], i)
		}
		return g
	}
	count := func(stage string, g map[string][]int) stageCounts {
		c := stageCounts{stage: stage}
		for _, idx := range g {
			if len(idx) > 1 {
				c.groups++
				c.shared += len(idx)
			}
		}
		return c
	}
	out := []stageCounts{count("Alexander, Jones", groups(false))}
	g := groups(true)
	out = append(out, count("+ signature", g))
	for n := 2; n <= MaxSeparateIndex; n++ {
		next := map[string][]int{}
		for key, idx := range g {
			if len(idx) < 2 {
				continue
			}
			for _, i := range idx {
				v, err := candidateCovers([]Match{ents[i].m}, n)
				if err != nil {
					t.Fatalf("%s: %d-fold covers: %v", ents[i].m, n, err)
				}
				k2 := fmt.Sprintf("%s|%d", key, v)
				next[k2] = append(next[k2], i)
			}
		}
		g = next
		out = append(out, count(fmt.Sprintf("+ %d-fold covers", n), g))
	}
	next := map[string][]int{}
	for key, idx := range g {
		if len(idx) < 2 {
			continue
		}
		for _, i := range idx {
			lf := ents[i].m.Knot.LinkingForm()
			if ents[i].m.Mirror {
				lf = lf.Mirror()
			}
			k2 := fmt.Sprintf("%s|%v", key, lf)
			next[k2] = append(next[k2], i)
		}
	}
	g = next
	out = append(out, count("+ linking form", g))
	var left [][]Match
	for _, idx := range g {
		if len(idx) < 2 {
			continue
		}
		ms := make([]Match, len(idx))
		for i, e := range idx {
			ms[i] = ents[e].m
		}
		left = append(left, ms)
	}
	slices.SortFunc(left, func(a, b []Match) int {
		if a[0].Knot.Index != b[0].Knot.Index {
			return a[0].Knot.Index - b[0].Knot.Index
		}
		return map[bool]int{false: 0, true: 1}[a[0].Mirror] - map[bool]int{false: 0, true: 1}[b[0].Mirror]
	})
	return out, left
}

// TestSeparation asserts how many of the table's knots and mirror images still share all
// invariants after each one is added (reported in BENCHMARKS.md), and lists the groups no
// invariant computed here separates.
func TestSeparation(t *testing.T) {
	stages, left := separation(t)
	for _, s := range stages {
		t.Logf("%-20s %4d groups, %4d entries", s.stage, s.groups, s.shared)
	}
	var got []string
	for _, s := range stages {
		got = append(got, fmt.Sprintf("%s: %d/%d", s.stage, s.groups, s.shared))
	}
	want := []string{
		"Alexander, Jones: 595/1260",
		"+ signature: 557/1180",
		"+ 2-fold covers: 557/1180",
		"+ 3-fold covers: 557/1180",
		"+ 4-fold covers: 541/1145",
		"+ 5-fold covers: 204/416",
		"+ 6-fold covers: 64/130",
		"+ 7-fold covers: 32/64",
		"+ linking form: 22/44",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stages:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var names []string
	for _, g := range left {
		s := make([]string, len(g))
		for i, m := range g {
			s[i] = ShortName([]Match{m})
		}
		names = append(names, strings.Join(s, " "))
	}
	if strings.Join(names, "\n") != strings.Join(wantLeft, "\n") {
		t.Errorf("left together:\n%s\nwant\n%s", strings.Join(names, "\n"), strings.Join(wantLeft, "\n"))
	}
}

// wantLeft are the groups that share Alexander, Jones, signature, 2…7-fold cover counts and the
// linking form of the double branched cover: 18 chiral knots whose two mirror images nothing
// here tells apart (cover counts never can: a knot and its mirror image have the same group; the
// linking form can only where the p-part of H₁ is cyclic for a prime p ≡ 3 (mod 4), as for
// 10_71, 10_104, 12a_697, 12a_1081, 12a_1088, 12a_1235, 12a_1250 and 12n_490 (p once) and 10_48
// and 12a_1011 (ℤ/49, ℤ/121), which it told from their mirror images; 12a_1283's 3-part, of
// order 81, is not cyclic), and two pairs of distinct knots, each in both chiralities
// (12a_102 and 12a_107 have the same sign at their determinant 239; 12n_209 and 12n_213 have
// determinant 137 ≡ 1 mod 4).
var wantLeft = []string{
	"10_91 m10_91",
	"12a_102 12a_107", "m12a_102 m12a_107",
	"12a_126 m12a_126", "12a_132 m12a_132", "12a_214 m12a_214", "12a_222 m12a_222",
	"12a_453 m12a_453", "12a_674 m12a_674", "12a_943 m12a_943",
	"12a_1199 m12a_1199",
	"12a_1222 m12a_1222", "12a_1231 m12a_1231",
	"12a_1258 m12a_1258", "12a_1283 m12a_1283",
	"12n_209 12n_213", "m12n_209 m12n_213",
	"12n_250 m12n_250", "12n_278 m12n_278", "12n_586 m12n_586",
	"12n_610 m12n_610", "12n_695 m12n_695",
}

// identifyPD returns the candidates Identify gives for the invariants of diagram c.
func identifyPD(t testing.TB, c pd.Code) [][]Match {
	t.Helper()
	sig, err := invariant.Signature(c)
	if err != nil {
		t.Fatal(err)
	}
	j, err := invariant.Jones(c)
	if err != nil {
		t.Fatal(err)
	}
	return Identify(Invariants{Alexander: invariant.Alexander(c), Jones: j, Signature: &sig, Diagram: &c}, len(c.X))
}

func shortNames(found [][]Match) string {
	s := make([]string, len(found))
	for i, f := range found {
		s[i] = ShortName(f)
	}
	return strings.Join(s, ", ")
}

func TestSeparate(t *testing.T) {
	for _, tc := range []struct {
		knot      string
		mirror    bool
		before    string // candidates from the polynomials and the signature
		after     string
		lastN     int // index of the last count computed (0: none)
		lastCount int64
		note      string
	}{
		// A prime knot with the invariants of a sum (the example).
		{"9_12", false, "9_12, 4_1 # 5_2", "9_12", 5, 3, "told apart"},
		{"9_12", true, "m9_12, 4_1 # m5_2", "m9_12", 5, 3, "told apart"},
		// Apart only at index 7 (Regina: 29 and 26 connected 7-fold covers).
		{"11a_251", false, "11a_251, 11a_253", "11a_251", 7, 29, "told apart"},
		{"11a_253", true, "m11a_251, m11a_253", "m11a_253", 7, 26, "told apart"},
		{"12n_122", false, "12n_122, 12n_127", "12n_122", 7, 23, "told apart"},
		// Together through index 7.
		{"12a_102", false, "12a_102, 12a_107", "12a_102, 12a_107", 0, 0, "the same number of connected n-fold covers for n = 2…7"},
		// One candidate (both mirror images): nothing to do.
		{"10_91", false, "[m]10_91", "[m]10_91", 0, 0, ""},
		// One candidate, its hand settled by the linking form of the diagram (Invariants.Diagram).
		{"10_71", true, "m10_71", "m10_71", 0, 0, ""},
	} {
		m := match(t, tc.knot, tc.mirror)
		c := m.Knot.PD
		if tc.mirror {
			c = c.Mirror()
		}
		found := identifyPD(t, c)
		if got := shortNames(found); got != tc.before {
			t.Errorf("%s: Identify gives %s, want %s", m, got, tc.before)
			continue
		}
		kept, sep := Separate(c, found)
		if got := shortNames(kept); got != tc.after {
			t.Errorf("%s: Separate keeps %s, want %s (%s)", m, got, tc.after, sep.Note)
		}
		if sep.Told != (len(kept) < len(found)) || !strings.Contains(sep.Note, tc.note) {
			t.Errorf("%s: told %v, note %q; want %q", m, sep.Told, sep.Note, tc.note)
		}
		if tc.lastN == 0 {
			if len(sep.Covers) != 0 {
				t.Errorf("%s: counts %v computed; none needed", m, sep.Covers)
			}
			continue
		}
		if len(sep.Covers) == 0 || sep.Covers[len(sep.Covers)-1] != (CoverCount{N: tc.lastN, Count: tc.lastCount}) {
			t.Errorf("%s: counts %v; want the last %d-fold: %d", m, sep.Covers, tc.lastN, tc.lastCount)
		}
	}
}

// A diagram whose counts match none of the candidates (here: not their knot at all) keeps every
// candidate and says why; so does one with a single candidate.
func TestSeparateNone(t *testing.T) {
	found := [][]Match{{match(t, "11a_251", false)}, {match(t, "11a_253", false)}}
	c := match(t, "5_2", false).Knot.PD
	kept, sep := Separate(c, found)
	if len(kept) != 2 || sep.Told || !strings.Contains(sep.Note, "none of the candidates") {
		t.Errorf("kept %s, told %v, note %q", shortNames(kept), sep.Told, sep.Note)
	}
}

func match(t testing.TB, name string, mirror bool) Match {
	t.Helper()
	k, ok := ByName(name)
	if !ok {
		t.Fatalf("no knot %s", name)
	}
	return Match{Knot: k, Mirror: mirror}
}
