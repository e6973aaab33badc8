// Package table is the table of prime knots through 12 crossings (KnotInfo, C. Livingston and
// A. H. Moore, "KnotInfo: Table of Knot Invariants", Indiana University, as redistributed in
// knotpy; see data/ATTRIBUTION.md) and the identification of a knot from its invariants:
// Lookup finds the prime knots with given Alexander and Jones polynomials (and signature), with
// their chirality relative to the table's diagram; Decompose finds connected sums of table knots.
//
// Conventions are the table's: the Alexander polynomial has lowest degree 0 and a positive
// lowest coefficient; the Jones polynomial is that of the table's PD diagram (its writhe
// PDWrithe fixes which mirror image the row is); the right-handed trefoil has Jones
// t+t^3−t^4 and signature −2. The mirror image has Jones V(1/t), the same Alexander
// polynomial and the negated signature.
//
// Alexander and Jones polynomials do not always tell knots apart: 283 classes of table knots
// (up to mirror image; 252 pairs, 28 triples, 3 quadruples, e.g. 5_1 and the mirror of 10_132,
// 10_25 and 10_56, the Kinoshita–Terasaka and Conway knots 11n_42 and 11n_34) share both, and
// the signature splits only 14 of them; 14 prime knots share them with a connected sum (9_12
// and 4_1 # 5_2), signature included. Lookup, Decompose and Identify return every candidate and
// never pick one.
//
// A chiral knot whose mirror image shares the polynomials and the signature is reported with
// its chirality unknown, unless Invariants.Diagram is given and the linking form of the double
// branched cover (Knot.LinkingForm) settles the hand: it does for 10 of the 28 such knots
// (those with a cyclic p-part for a prime p ≡ 3 mod 4: 10_71, 10_104, 12a_697, 12a_1081,
// 12a_1088, 12a_1235, 12a_1250, 12n_490 with p once, 10_48 and 12a_1011 with ℤ/p²).
//
// The table is parsed once, on first use (about 8 ms); the linking forms are computed only
// when needed, knot by knot.
package table

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
)

//go:embed data/prime_knots_upto_12.csv
var csvData string

// Knot is one row of the table.
type Knot struct {
	Index               int    // row in the table, 0 for 0_1; the table's order (3_1 … 10_165, 11a_1 … 12n_888)
	Name                string // KnotInfo's name: 3_1, 10_165, 11a_83, 12n_888
	Crossings           int
	Alternating         bool
	DT                  []int // Dowker–Thistlethwaite code (empty for 0_1)
	PD                  pd.Code
	Alexander           poly.Poly // lowest degree 0, lowest coefficient positive
	Jones               poly.Poly // of the diagram PD
	JonesMirrorDistinct bool      // V(1/t) ≠ V(t)
	Determinant         int64
	Signature           int // of the diagram PD (right-handed trefoil −2)
	Symmetry            string
	Chiral              bool
	PDWrithe            int

	jonesMirror poly.Poly // V(1/t)
	alexDeg     int       // degree of Alexander
	jonesSpan   int       // Max−Min of Jones
}

var (
	loadOnce sync.Once
	knots    []Knot
	byName   map[string]int
	index    map[uint64][]entry // hash of (Alexander, Jones) → table entries

	formMu sync.Mutex
	forms  = map[int]invariant.LinkingSymbols{} // Index → the table diagram's linking form
)

// entry is one table knot in one chirality: its Jones polynomial is Jones (as in the table) or,
// with mirror set, V(1/t). A knot whose Jones is symmetric has one entry, mirror false.
type entry struct {
	k      int32
	mirror bool
}

// All returns the table, in its order (0_1 first). The slice is shared: do not modify it.
func All() []Knot {
	load()
	return knots
}

// ByName returns the knot with KnotInfo's name (e.g. "3_1", "11a_83").
func ByName(name string) (Knot, bool) {
	load()
	i, ok := byName[name]
	if !ok {
		return Knot{}, false
	}
	return knots[i], true
}

// LinkingForm returns the hand of the linking form of the double branched cover of the table's
// diagram (invariant.LinkingFormSymbols): a sign ±1 for each prime p ≡ 3 (mod 4) whose p-part
// of H₁ is cyclic (every p dividing the determinant once), none for other knots (2,059 of the
// 2,978 have some). The mirror
// image has the opposite signs, so where they exist they tell the two hands apart even when
// every polynomial, the signature and the cover counts agree (10_71, 12a_1081). Computed from
// the diagram on first use (tens of microseconds) and cached; the slice is shared: do not modify
// it.
func (k Knot) LinkingForm() invariant.LinkingSymbols {
	load()
	cached := k.Index >= 0 && k.Index < len(knots) && knots[k.Index].Name == k.Name
	if cached {
		formMu.Lock()
		s, ok := forms[k.Index]
		formMu.Unlock()
		if ok {
			return s
		}
	}
	// The table's diagrams are valid, with small determinants: no error (TestLinkingForm).
	s, err := invariant.LinkingFormSymbols(k.PD)
	if err != nil {
		s = nil
	}
	if cached {
		formMu.Lock()
		forms[k.Index] = s
		formMu.Unlock()
	}
	return s
}

func load() {
	loadOnce.Do(func() {
		knots = parse(csvData)
		byName, index = build(knots)
	})
}

// build returns the name index and the invariant index of the table.
func build(ks []Knot) (map[string]int, map[uint64][]entry) {
	names := make(map[string]int, len(ks))
	idx := make(map[uint64][]entry, 2*len(ks))
	for i := range ks {
		k := &ks[i]
		names[k.Name] = i
		h := hashKey(k.Alexander, k.Jones)
		idx[h] = append(idx[h], entry{k: int32(i)})
		if k.JonesMirrorDistinct {
			h := hashKey(k.Alexander, k.jonesMirror)
			idx[h] = append(idx[h], entry{k: int32(i), mirror: true})
		}
	}
	return names, idx
}

var columns = []string{"name", "crossing_number", "alternating", "dt_notation", "pd_notation",
	"alexander_polynomial", "alexander_coeffs", "jones_polynomial", "jones_lowest_exponent",
	"jones_coeffs", "jones_mirror_distinct", "determinant", "signature", "symmetry_type", "chiral",
	"pd_writhe"}

// parse reads the CSV; any malformed row panics (the data is shipped with the package).
func parse(data string) []Knot {
	r := csv.NewReader(strings.NewReader(data))
	r.ReuseRecord = true
	r.FieldsPerRecord = len(columns)
	head, err := r.Read()
	if err != nil {
		panic(fmt.Sprintf("table: header: %v", err))
	}
	for i, c := range columns {
		if head[i] != c {
			panic(fmt.Sprintf("table: column %d is %q, want %q", i, head[i], c))
		}
	}
	out := make([]Knot, 0, 3000)
	for line := 2; ; line++ {
		rec, err := r.Read()
		if err != nil {
			if err == io.EOF {
				break
			}
			panic(fmt.Sprintf("table: line %d: %v", line, err))
		}
		k, err := parseRow(rec)
		if err != nil {
			panic(fmt.Sprintf("table: line %d (%s): %v", line, strings.Join(rec, ","), err))
		}
		k.Index = len(out)
		if len(out) > 0 && k.Crossings < out[len(out)-1].Crossings {
			panic(fmt.Sprintf("table: line %d (%s): not sorted by crossing number", line, k.Name))
		}
		out = append(out, k)
	}
	return out
}

func parseRow(f []string) (Knot, error) {
	var k Knot
	var err error
	k.Name = strings.Clone(f[0])
	if k.Crossings, err = strconv.Atoi(f[1]); err != nil {
		return k, fmt.Errorf("crossing_number: %v", err)
	}
	if k.Alternating, err = yesNo(f[2]); err != nil {
		return k, fmt.Errorf("alternating: %v", err)
	}
	if k.DT, err = ints(f[3]); err != nil {
		return k, fmt.Errorf("dt_notation: %v", err)
	}
	if k.PD, err = pd.Parse(f[4]); err != nil {
		return k, fmt.Errorf("pd_notation: %v", err)
	}
	ac, err := ints64(f[6])
	if err != nil || len(ac) == 0 {
		return k, fmt.Errorf("alexander_coeffs: %q %v", f[6], err)
	}
	k.Alexander = poly.Poly{Min: 0, C: ac}
	if !k.Alexander.Equal(k.Alexander.Norm()) || ac[0] <= 0 || ac[len(ac)-1] == 0 {
		return k, fmt.Errorf("alexander_coeffs %q not normalised", f[6])
	}
	lo, err := strconv.Atoi(f[8])
	if err != nil {
		return k, fmt.Errorf("jones_lowest_exponent: %v", err)
	}
	jc, err := ints64(f[9])
	if err != nil || len(jc) == 0 || jc[0] == 0 || jc[len(jc)-1] == 0 {
		return k, fmt.Errorf("jones_coeffs: %q %v", f[9], err)
	}
	k.Jones = poly.Poly{Min: lo, C: jc}
	if k.JonesMirrorDistinct, err = yesNo(f[10]); err != nil {
		return k, fmt.Errorf("jones_mirror_distinct: %v", err)
	}
	if k.Determinant, err = strconv.ParseInt(f[11], 10, 64); err != nil {
		return k, fmt.Errorf("determinant: %v", err)
	}
	if k.Signature, err = strconv.Atoi(f[12]); err != nil {
		return k, fmt.Errorf("signature: %v", err)
	}
	k.Symmetry = strings.Clone(f[13])
	if k.Chiral, err = yesNo(f[14]); err != nil {
		return k, fmt.Errorf("chiral: %v", err)
	}
	if k.PDWrithe, err = strconv.Atoi(f[15]); err != nil {
		return k, fmt.Errorf("pd_writhe: %v", err)
	}
	k.jonesMirror = mirrorJones(k.Jones)
	if k.JonesMirrorDistinct == k.Jones.Equal(k.jonesMirror) {
		return k, fmt.Errorf("jones_mirror_distinct %q disagrees with the Jones polynomial", f[10])
	}
	if !k.Chiral && (k.JonesMirrorDistinct || k.Signature != 0) {
		return k, fmt.Errorf("amphichiral knot with chiral Jones or nonzero signature")
	}
	k.alexDeg = len(k.Alexander.C) - 1
	k.jonesSpan = len(k.Jones.C) - 1
	return k, nil
}

// mirrorJones returns V(1/t) without the quadratic cost of poly.Subst.
func mirrorJones(j poly.Poly) poly.Poly {
	j = j.Norm()
	n := len(j.C)
	if n == 0 {
		return j
	}
	c := make([]int64, n)
	for i, v := range j.C {
		c[n-1-i] = v
	}
	return poly.Poly{Min: -j.Max(), C: c}
}

func yesNo(s string) (bool, error) {
	switch s {
	case "Y":
		return true, nil
	case "N":
		return false, nil
	}
	return false, fmt.Errorf("%q is neither Y nor N", s)
}

// numbers appends to dst the integers in s, which are separated by anything other than digits
// and a leading minus sign.
func numbers(dst []int64, s string) ([]int64, error) {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '-' && (c < '0' || c > '9') {
			i++
			continue
		}
		neg := c == '-'
		if neg {
			i++
		}
		j := i
		var v int64
		for ; j < len(s) && s[j] >= '0' && s[j] <= '9'; j++ {
			if v > (1<<62)/10 {
				return dst, fmt.Errorf("%q: number too large", s)
			}
			v = 10*v + int64(s[j]-'0')
		}
		if j == i {
			return dst, fmt.Errorf("%q: lone minus sign", s)
		}
		if neg {
			v = -v
		}
		dst = append(dst, v)
		i = j
	}
	return dst, nil
}

func ints(s string) ([]int, error) {
	var buf [32]int64
	v, err := numbers(buf[:0], s)
	if err != nil || len(v) == 0 {
		return nil, err
	}
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out, nil
}

func ints64(s string) ([]int64, error) {
	if strings.ContainsFunc(s, func(r rune) bool { return r != ' ' && r != '-' && (r < '0' || r > '9') }) {
		return nil, fmt.Errorf("%q: want integers separated by spaces", s)
	}
	return numbers(nil, s)
}
