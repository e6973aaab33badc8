package table

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
)

// MaxSeparateIndex is the largest cover index Separate computes. Through 7 the counts separate
// every group of table knots that Alexander, Jones and the signature leave together except
// mirror images (which have the same knot group) and the two pairs listed in BENCHMARKS.md;
// 6-fold counts leave 64 groups, 7-fold ones 32 (TestSeparation; the linking form of the double
// branched cover, which Lookup uses when given a diagram, then tells 10 of the 28 chiral knots
// among them from their mirror images: 22 groups). Index 7 costs tens of milliseconds a knot, so
// it is computed only for candidates still together after 6.
const MaxSeparateIndex = 7

// CoverCount is the number of connected N-fold covers of a knot's complement (invariant.Covers).
type CoverCount struct {
	N     int   `json:"n"`
	Count int64 `json:"count"`
}

// Separation is what Separate did.
type Separation struct {
	// Covers are the diagram's counts, for the indices that were computed: an index is skipped
	// when every remaining candidate has the same count there.
	Covers []CoverCount
	// Told is true when the counts removed at least one candidate.
	Told bool
	// Note says in words what happened, for the user ("" when nothing was tried).
	Note string
}

// Separate narrows candidates (as returned by Identify for the diagram c) with the numbers of
// connected 2-, 3-, …, MaxSeparateIndex-fold covers of the knot complement, computed for the
// diagram and for each candidate (a prime knot from the table's diagram, a connected sum from
// the sum of its factors' diagrams; cached for the life of the process). Indices are tried in
// order and the search stops as soon as one candidate is left. Counts depend only on the knot
// group, so they never tell a knot from its mirror image.
//
// Fewer than two candidates are returned as they are. If the diagram's count matches no
// candidate (the knot is then none of them: a knot beyond the table that shares their
// polynomials), or a count cannot be computed within the budget, the candidates come back
// unchanged and the Note says so.
func Separate(c pd.Code, found [][]Match) ([][]Match, Separation) {
	var sep Separation
	if len(found) < 2 {
		return found, sep
	}
	kept := found
	var g *invariant.Group
	for n := 2; n <= MaxSeparateIndex && len(kept) > 1; n++ {
		counts := make([]int64, len(kept))
		same := true
		for i, f := range kept {
			v, err := candidateCovers(f, n)
			if err != nil {
				sep.Note = fmt.Sprintf("cover counts not used: %s: %v", ShortName(f), err)
				return found, sep
			}
			counts[i] = v
			same = same && v == counts[0]
		}
		if same {
			continue
		}
		var v int64
		var err error
		if g == nil {
			g, err = invariant.NewGroup(c)
		}
		if err == nil {
			v, err = g.Covers(n, 0)
		}
		if err != nil {
			sep.Note = fmt.Sprintf("cover counts not used: the diagram's %d-fold covers: %v", n, err)
			return found, sep
		}
		sep.Covers = append(sep.Covers, CoverCount{N: n, Count: v})
		var next [][]Match
		for i, f := range kept {
			if counts[i] == v {
				next = append(next, f)
			}
		}
		if len(next) == 0 {
			sep.Note = fmt.Sprintf("the diagram has %d connected %d-fold covers, none of the candidates has as many: it is a knot beyond the table with their polynomials", v, n)
			return found, sep
		}
		kept = next
	}
	sep.Told = len(kept) < len(found)
	switch {
	case sep.Told:
		sep.Note = fmt.Sprintf("told apart by the number of connected covers (%s)", coversString(sep.Covers))
	case len(sep.Covers) == 0:
		sep.Note = fmt.Sprintf("the candidates have the same number of connected n-fold covers for n = 2…%d", MaxSeparateIndex)
	default:
		sep.Note = fmt.Sprintf("the number of connected covers (%s) leaves the candidates together", coversString(sep.Covers))
	}
	return kept, sep
}

func coversString(cs []CoverCount) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = fmt.Sprintf("%d-fold: %d", c.N, c.Count)
	}
	return strings.Join(s, ", ")
}

var (
	coverMu    sync.Mutex
	coverCache = map[string][]int64{} // candidate (ShortName) → counts for index 2, 3, …
)

// candidateCovers returns the number of connected n-fold covers of a candidate.
func candidateCovers(f []Match, n int) (int64, error) {
	key := ShortName(f)
	coverMu.Lock()
	cs := coverCache[key]
	coverMu.Unlock()
	if n-2 < len(cs) {
		return cs[n-2], nil
	}
	c, err := candidateDiagram(f)
	if err != nil {
		return 0, err
	}
	g, err := invariant.NewGroup(c)
	if err != nil {
		return 0, err
	}
	for m := len(cs) + 2; m <= n; m++ {
		v, err := g.Covers(m, 0)
		if err != nil {
			return 0, err
		}
		cs = append(cs, v)
	}
	coverMu.Lock()
	if len(coverCache[key]) < len(cs) {
		coverCache[key] = cs
	}
	coverMu.Unlock()
	return cs[n-2], nil
}

// candidateDiagram is a diagram of a candidate: the table's diagram of a prime knot (mirrored as
// the Match says), the connected sum of its factors' diagrams for a composite.
func candidateDiagram(f []Match) (pd.Code, error) {
	if len(f) == 0 {
		return pd.Code{}, errors.New("empty candidate")
	}
	var sum pd.Code
	for _, m := range f {
		c := m.Knot.PD
		if m.Mirror {
			c = c.Mirror()
		}
		if len(sum.X) == 0 {
			sum = c
			continue
		}
		if len(c.X) == 0 {
			continue
		}
		var err error
		if sum, err = pd.ConnectedSum(sum, c); err != nil {
			return pd.Code{}, err
		}
	}
	return sum, nil
}
