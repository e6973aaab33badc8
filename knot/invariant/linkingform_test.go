package invariant

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/knot/embed"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// lfEight are the chiral knots of the table whose mirror images share Alexander and Jones
// polynomials, signature and every cover count through index 7 (knot/table TestSeparation) and
// whose determinant has a prime p ≡ 3 (mod 4) exactly once — and two (10_48, det 7², and
// 12a_1011, det 11²) whose p-part ℤ/p² is cyclic.
var lfEight = []string{"10_71", "10_104", "12a_697", "12a_1081", "12a_1088", "12a_1235", "12a_1250", "12n_490", "10_48", "12a_1011"}

// lfFactors returns the primes p ≡ 3 (mod 4) dividing det and their powers p^e ‖ det, by trial
// division.
func lfFactors(det int64) (ps, pes []int64) {
	for p := int64(2); det > 1; p++ {
		if p*p > det {
			p = det // prime
		}
		pe := int64(1)
		for det%p == 0 {
			det /= p
			pe *= p
		}
		if pe > 1 && p%4 == 3 {
			ps, pes = append(ps, p), append(pes, pe)
		}
	}
	return ps, pes
}

// lfWant are the primes p ≡ 3 (mod 4) with p ‖ det: the symbols must be at least these.
func lfWant(det int64) []int64 {
	var out []int64
	ps, pes := lfFactors(det)
	for i, p := range ps {
		if pes[i] == p {
			out = append(out, p)
		}
	}
	return out
}

// lfPrimesOK reports whether the primes of symbols got are possible for determinant det: every
// p ≡ 3 (mod 4) with p ‖ det, and others only among the p ≡ 3 (mod 4) with p² | det (where the
// p-part of H₁(Σ₂) is cyclic).
func lfPrimesOK(got []int64, det int64) bool {
	for _, p := range lfWant(det) {
		if !slices.Contains(got, p) {
			return false
		}
	}
	ps, _ := lfFactors(det)
	for _, p := range got {
		if !slices.Contains(ps, p) {
			return false
		}
	}
	return true
}

func lfPrimes(s LinkingSymbols) []int64 {
	var out []int64
	for _, x := range s {
		out = append(out, x.P)
	}
	return out
}

// TestLinkingFormTable checks every knot of the table: the symbols sit at exactly the primes
// p ≡ 3 (mod 4) with p ‖ det (the table's determinant), both checkerboard colourings give the
// same symbols, the mirror diagram gives the opposite ones, and no amphichiral knot has any (its
// form is isometric to its negative, impossible on ℤ/p with p ≡ 3 mod 4: the test can fail).
func TestLinkingFormTable(t *testing.T) {
	rows := alexReadTable(t)
	with, amph := 0, 0
	for _, r := range rows {
		s, err := LinkingFormSymbols(r.pd)
		if err != nil {
			t.Errorf("%s: %v", r.name, err)
			continue
		}
		if got := lfPrimes(s); !lfPrimesOK(got, r.det) {
			t.Errorf("%s (det %d): symbols at %v, want %v and maybe others p ≡ 3 mod 4 with p² | det", r.name, r.det, got, lfWant(r.det))
		}
		for _, x := range s {
			if x.Sign != 1 && x.Sign != -1 {
				t.Errorf("%s: symbol %v", r.name, x)
			}
		}
		if len(s) > 0 {
			with++
		}
		if !r.chiral {
			amph++
			if len(s) > 0 {
				t.Errorf("%s is amphichiral but has symbols %v", r.name, s)
			}
		}
		m, err := LinkingFormSymbols(r.pd.Mirror())
		if err != nil || !m.Equal(s.Mirror()) {
			t.Errorf("%s: mirror has %v (%v), want %v", r.name, m, err, s.Mirror())
		}
		if len(r.pd.X) == 0 {
			continue
		}
		g, err := newGoeritz(r.pd)
		if err != nil {
			t.Fatal(err)
		}
		s0, err0 := g.linkingSymbols(0)
		s1, err1 := g.linkingSymbols(1)
		if err0 != nil || err1 != nil || !s0.Equal(s) || !s1.Equal(s) {
			t.Errorf("%s: colourings give %v (%v) and %v (%v), want %v", r.name, s0, err0, s1, err1, s)
		}
	}
	t.Logf("%d knots, %d with symbols, %d amphichiral (none with symbols)", len(rows), with, amph)
	// 1,835 knots have a prime p ≡ 3 (mod 4) exactly once; 224 more a cyclic p-part of order p^e,
	// e ≥ 2 (TestLinkingFormRational checks which).
	if with != 2059 {
		t.Errorf("%d knots with symbols, want 2059", with)
	}
	byName := map[string]pd.Code{}
	for _, r := range rows {
		byName[r.name] = r.pd
	}
	for _, name := range lfEight {
		if s, _ := LinkingFormSymbols(byName[name]); len(s) == 0 {
			t.Errorf("%s: no symbols", name)
		}
	}
	// The convention of the doc comment.
	for _, tc := range []struct {
		name string
		want LinkingSymbols
	}{
		{"3_1", LinkingSymbols{{3, 1}}},
		{"5_2", LinkingSymbols{{7, -1}}},
		{"10_71", LinkingSymbols{{7, -1}, {11, -1}}},
		{"4_1", nil},
	} {
		if s, _ := LinkingFormSymbols(byName[tc.name]); !s.Equal(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, s, tc.want)
		}
	}
}

// TestLinkingFormRational checks the formula a = sign(det G)·q·adj(G)ᵢᵢ against the form itself,
// for every prime p ≡ 3 (mod 4) with p^e ‖ det: for random x = q·v (q = det/p^e, v an integer
// vector; x lies in the p-part of coker G), p^e·xᵀG⁻¹x computed in rationals must be an integer;
// when it is not 0 mod p, x generates a cyclic p-part and its Legendre symbol is the symbol, so
// there must be a symbol; where there is one, some x must show it. Both colourings, on every 5th
// knot with such a p and the ten.
func TestLinkingFormRational(t *testing.T) {
	rng := rand.New(rand.NewPCG(1978, 9))
	checked := 0
	for i, r := range alexReadTable(t) {
		if ps, _ := lfFactors(r.det); len(ps) == 0 || (i%5 != 0 && !slices.Contains(lfEight, r.name)) {
			continue
		}
		s, err := LinkingFormSymbols(r.pd)
		if err != nil {
			t.Fatal(err)
		}
		g, err := newGoeritz(r.pd)
		if err != nil {
			t.Fatal(err)
		}
		ps, pes := lfFactors(r.det)
		for white := uint8(0); white < 2; white++ {
			G, _ := g.matrix(white)
			inv := ratInverse(t, G)
			for n, pv := range ps {
				p, pe := big.NewInt(pv), big.NewInt(pes[n])
				sign := s.At(pv)
				q := new(big.Int).Quo(big.NewInt(r.det), pe)
				seen := false
				for try := 0; try < 20; try++ {
					v := make([]*big.Int, len(G))
					for j := range v {
						v[j] = new(big.Int).Mul(q, big.NewInt(rng.Int64N(21)-10))
					}
					val := new(big.Rat)
					for j := range v {
						for k := range v {
							e := new(big.Rat).Mul(inv[j][k], new(big.Rat).SetInt(new(big.Int).Mul(v[j], v[k])))
							val.Add(val, e)
						}
					}
					val.Mul(val, new(big.Rat).SetInt(pe))
					if !val.IsInt() {
						t.Fatalf("%s colour %d: p^e·xᵀG⁻¹x = %v is not an integer (p^e = %v)", r.name, white, val, pe)
					}
					a := new(big.Int).Mod(val.Num(), p)
					if a.Sign() == 0 {
						continue
					}
					// λ(x, x) = a/p^e with p ∤ a: x generates a cyclic p-part.
					seen = true
					if got := big.Jacobi(a, p); got != sign {
						t.Errorf("%s colour %d p^e %v: the form gives %d, LinkingFormSymbols %d", r.name, white, pe, got, sign)
					}
				}
				if sign != 0 && !seen {
					t.Errorf("%s colour %d p^e %v: no random element with λ(x, x) of order p^e", r.name, white, pe)
				}
				checked++
			}
		}
	}
	t.Logf("%d (knot, colouring, p) checked", checked)
}

// ratInverse returns the inverse of the nonsingular integer matrix a in rationals.
func ratInverse(t *testing.T, a [][]*big.Int) [][]*big.Rat {
	n := len(a)
	m := make([][]*big.Rat, n)
	for i := range m {
		m[i] = make([]*big.Rat, 2*n)
		for j := range 2 * n {
			switch {
			case j < n:
				m[i][j] = new(big.Rat).SetInt(a[i][j])
			case j-n == i:
				m[i][j] = big.NewRat(1, 1)
			default:
				m[i][j] = new(big.Rat)
			}
		}
	}
	for k := range n {
		piv := -1
		for i := k; i < n; i++ {
			if m[i][k].Sign() != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			t.Fatal("singular matrix")
		}
		m[k], m[piv] = m[piv], m[k]
		d := new(big.Rat).Inv(m[k][k])
		for j := range 2 * n {
			m[k][j].Mul(m[k][j], d)
		}
		for i := range n {
			if i == k || m[i][k].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[i][k])
			for j := range 2 * n {
				m[i][j].Sub(m[i][j], new(big.Rat).Mul(f, m[k][j]))
			}
		}
	}
	out := make([][]*big.Rat, n)
	for i := range out {
		out[i] = m[i][n:]
	}
	return out
}

// lfRedraw is embed.Redraw (another diagram of the knot of c, of its mirror image if mirror),
// simplified by Reidemeister I and II moves if simplify.
func lfRedraw(tb testing.TB, c pd.Code, mirror, simplify bool, rng *rand.Rand) pd.Code {
	tb.Helper()
	d, err := embed.Redraw(c, mirror, rng)
	if err != nil {
		tb.Fatal(err)
	}
	if simplify {
		d = pd.Simplify(d)
	}
	return d
}

// TestLinkingFormOtherDiagrams checks that the symbols are those of the knot, not of its
// diagram: a table knot drawn in 3-D, turned at random and projected again (a different
// diagram, raw and simplified) has the symbols of the table's diagram, and its mirror image the
// opposite ones. The eight knots, in both chiralities, and every 25th knot with symbols. The
// Jones polynomial, computed from the new diagram, checks that the drawing kept the chirality
// where it can tell (the eight have symmetric Jones polynomials).
func TestLinkingFormOtherDiagrams(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 104))
	diagrams, n := 0, 0
	minX, maxX, sumX, sumT, other := math.MaxInt, 0, 0, 0, 0
	for i, r := range alexReadTable(t) {
		if len(lfWant(r.det)) == 0 || (i%25 != 0 && !slices.Contains(lfEight, r.name)) {
			continue
		}
		n++
		want, err := LinkingFormSymbols(r.pd)
		if err != nil {
			t.Fatal(err)
		}
		jones, err := Jones(r.pd)
		if err != nil {
			t.Fatal(err)
		}
		mjones, err := Jones(r.pd.Mirror())
		if err != nil {
			t.Fatal(err)
		}
		for _, mirror := range []bool{false, true} {
			w, wj := want, jones
			if mirror {
				w, wj = want.Mirror(), mjones
			}
			for _, simplify := range []bool{false, true} {
				c := lfRedraw(t, r.pd, mirror, simplify, rng)
				diagrams++
				minX, maxX, sumX, sumT = min(minX, len(c.X)), max(maxX, len(c.X)), sumX+len(c.X), sumT+len(r.pd.X)
				if len(c.X) != len(r.pd.X) {
					other++
				}
				got, err := LinkingFormSymbols(c)
				if err != nil || !got.Equal(w) {
					t.Errorf("%s (mirror %v, %d crossings): %v (%v), want %v", r.name, mirror, len(c.X), got, err, w)
				}
				if j, err := Jones(c); err != nil || !j.Equal(wj) {
					t.Errorf("%s (mirror %v): redrawn diagram has Jones %v (%v), want %v", r.name, mirror, j, err, wj)
				}
			}
		}
	}
	t.Logf("%d knots, %d redrawn diagrams (%d–%d crossings, %d in all; the table's: %d in all; %d with another number of crossings than the table's)", n, diagrams, minX, maxX, sumX, sumT, other)
	if other < diagrams/2 {
		t.Errorf("only %d of %d redrawn diagrams differ from the table's in their number of crossings", other, diagrams)
	}
}

// lfSum returns the symbols a connected sum must have: H₁(Σ₂(K₁ # K₂)) is the orthogonal sum of
// the two forms, so a prime p ≡ 3 (mod 4) dividing one determinant only keeps that knot's symbol
// (or its absence), and a prime dividing both drops out (the p-part is not cyclic).
func lfSum(a, b LinkingSymbols, detA, detB int64) LinkingSymbols {
	var out LinkingSymbols
	ps, _ := lfFactors(detA * detB)
	for _, p := range ps {
		if detA%p == 0 && detB%p == 0 {
			continue
		}
		s := a.At(p)
		if s == 0 {
			s = b.At(p)
		}
		if s != 0 {
			out = append(out, LinkingSymbol{P: p, Sign: s})
		}
	}
	return out
}

// TestLinkingFormSums checks connected sums of table knots (mirror images mixed in; pairs whose
// determinants share a prime, like 10_71 # 5_2 at 7, included), as pd.ConnectedSum builds them
// and redrawn through a 3-D polygon.
func TestLinkingFormSums(t *testing.T) {
	rows := alexReadTable(t)
	byName := map[string]alexRow{}
	var pool []alexRow
	for i, r := range rows {
		byName[r.name] = r
		if i > 0 && len(lfWant(r.det)) > 0 && i%97 == 0 {
			pool = append(pool, r)
		}
	}
	for _, n := range append([]string{"3_1", "5_2", "7_2"}, lfEight...) {
		pool = append(pool, byName[n])
	}
	rng := rand.New(rand.NewPCG(3, 1))
	sums := 0
	for i := range 60 {
		a, b := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
		if i < len(lfEight) {
			a, b = byName[lfEight[i]], byName[[]string{"5_2", "3_1", "7_2", "12a_1081"}[i%4]]
		}
		ca, cb := a.pd, b.pd
		sa, err := LinkingFormSymbols(ca)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := LinkingFormSymbols(cb)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			cb, sb = cb.Mirror(), sb.Mirror()
		}
		c, err := pd.ConnectedSum(ca, cb)
		if err != nil {
			t.Fatal(err)
		}
		want := lfSum(sa, sb, a.det, b.det)
		for k, d := range []pd.Code{c, lfRedraw(t, c, false, i%3 == 0, rng)} {
			sums++
			got, err := LinkingFormSymbols(d)
			if err != nil || !got.Equal(want) {
				t.Errorf("%s # %s (mirror %v, redrawn %v): %v (%v), want %v", a.name, b.name, i%2 == 1, k == 1, got, err, want)
			}
		}
	}
	t.Logf("%d diagrams of sums", sums)
}

// lfCheck checks the symbols of any diagram against what must hold whatever the diagram: both
// colourings agree, the mirror image has the opposite signs, each P is a prime ≡ 3 (mod 4)
// dividing |det G| exactly once, and every such prime has a symbol. It returns the symbols and
// |det G| (0 when LinkingFormSymbols failed or there is no Goeritz matrix).
func lfCheck(t testing.TB, c pd.Code) (LinkingSymbols, int64) {
	t.Helper()
	s, err := LinkingFormSymbols(c)
	_, serr := Signature(c)
	if (err != nil) != (serr != nil) {
		t.Fatalf("%v: LinkingFormSymbols error %v, Signature error %v", c, err, serr)
	}
	if err != nil {
		return nil, 0
	}
	// pd.Code.Mirror reads the strands' directions from the labels, which a component with two
	// edges does not fix: a mirror that is not a valid code is skipped (the random braids are
	// also mirrored by negating their words).
	if _, err := Signature(c.Mirror()); err == nil {
		m, err := LinkingFormSymbols(c.Mirror())
		if err != nil || !m.Equal(s.Mirror()) {
			t.Fatalf("%v: mirror %v (%v), want %v", c, m, err, s.Mirror())
		}
	}
	if len(c.X) == 0 || c.Loops > 0 {
		if len(s) != 0 {
			t.Fatalf("%v: symbols %v for det 0 or 1", c, s)
		}
		return s, 0
	}
	g, err := newGoeritz(c)
	if err != nil {
		t.Fatal(err)
	}
	G, _ := g.matrix(0)
	det := bareissDet(cloneMatrix(G, -1))
	det.Abs(det)
	for w := uint8(0); w < 2; w++ {
		sw, err := g.linkingSymbols(w)
		if err != nil || !sw.Equal(s) {
			t.Fatalf("%v: colour %d gives %v (%v), want %v", c, w, sw, err, s)
		}
		Gw, _ := g.matrix(w)
		if dw := bareissDet(cloneMatrix(Gw, -1)); dw.CmpAbs(det) != 0 {
			t.Fatalf("%v: |det G| %v with one colouring, %v with the other", c, det, dw)
		}
	}
	if !det.IsInt64() {
		return s, 0
	}
	if got := lfPrimes(s); det.Int64() < 1<<50 && !lfPrimesOK(got, det.Int64()) {
		t.Fatalf("%v: symbols at %v, want %v and maybe others p ≡ 3 mod 4 with p² | det (|det G| = %v)", c, got, lfWant(det.Int64()), det)
	}
	return s, det.Int64()
}

// lfRandomBraid returns the closure of a random braid on 2–5 strands with 1–30 crossings, and
// of its mirror image (the word negated).
func lfRandomBraid(rng *rand.Rand) (pd.Code, pd.Code) {
	for {
		m := 2 + rng.IntN(4)
		word := make([]int, 1+rng.IntN(30))
		neg := make([]int, len(word))
		for i := range word {
			word[i] = 1 + rng.IntN(m-1)
			if rng.IntN(2) == 0 {
				word[i] = -word[i]
			}
			neg[i] = -word[i]
		}
		c, err := pd.FromBraid(m, word)
		if err != nil {
			continue
		}
		if mc, err := pd.FromBraid(m, neg); err == nil {
			return c, mc
		}
	}
}

// lfRandomPolygon returns n random points in the unit cube.
func lfRandomPolygon(rng *rand.Rand, n int) []vec.V3 {
	pts := make([]vec.V3, n)
	for i := range pts {
		pts[i] = vec.V3{X: rng.Float64(), Y: rng.Float64(), Z: rng.Float64()}
	}
	return pts
}

// TestLinkingFormRandom runs LinkingFormSymbols on random diagrams: closures of random braids
// (knots and links, split ones too) and projections of random polygons of 6–24 vertices (knots
// of up to some 90 crossings, most beyond the table). Besides lfCheck, a random polygon projected
// along two directions (two unrelated diagrams of one knot) must give the same symbols, and the
// polygon mirrored through a plane the opposite ones; |det G| must agree with Determinant.
func TestLinkingFormRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 3))
	braids, polys, withSyms, maxX, sumX := 0, 0, 0, 0, 0
	for range 3000 {
		c, mc := lfRandomBraid(rng)
		braids++
		s, _ := lfCheck(t, c)
		if ms, _ := lfCheck(t, mc); !ms.Equal(s.Mirror()) {
			t.Errorf("%v: symbols %v, the mirror braid's %v", c, s, ms)
		}
	}
	for range 400 {
		pts := lfRandomPolygon(rng, 6+rng.IntN(19))
		_, c1, err := diagram.FindDirection([][]vec.V3{pts}, rng)
		if err != nil {
			continue
		}
		_, c2, err := diagram.FindDirection([][]vec.V3{pts}, rng)
		if err != nil {
			continue
		}
		mpts := slices.Clone(pts)
		for i := range mpts {
			mpts[i].X = -mpts[i].X
		}
		_, c3, err := diagram.FindDirection([][]vec.V3{mpts}, rng)
		if err != nil {
			continue
		}
		polys++
		maxX = max(maxX, len(c1.X), len(c2.X), len(c3.X))
		sumX += len(c1.X)
		s1, d1 := lfCheck(t, c1)
		s2, _ := lfCheck(t, c2)
		s3, _ := lfCheck(t, c3)
		if !s1.Equal(s2) || !s3.Equal(s1.Mirror()) {
			t.Errorf("random polygon %v: symbols %v and %v along two directions, %v mirrored", pts, s1, s2, s3)
		}
		if len(c1.X) > 0 && len(c1.X) <= 60 && d1 != Determinant(c1) {
			t.Errorf("random polygon %v: |det G| %d, Determinant %d", pts, d1, Determinant(c1))
		}
		if len(s1) > 0 {
			withSyms++
		}
	}
	t.Logf("%d braid closures, %d random polygons (%d with symbols; %.1f crossings on average, at most %d), each along two directions and mirrored", braids, polys, withSyms, float64(sumX)/float64(polys), maxX)
}

// FuzzLinkingFormSymbols: any braid closure and any code made of the bytes (mostly invalid)
// neither panics nor breaks lfCheck's rules.
func FuzzLinkingFormSymbols(f *testing.F) {
	f.Add([]byte{1, 1, 1, 1})
	f.Add([]byte{2, 1, 0x81, 1, 0x81, 2, 0x82})
	f.Add([]byte{3, 1, 2, 3, 0x81, 0x82, 0x83, 1, 2})
	f.Add([]byte{0, 5, 2, 4, 3, 1, 4, 6, 5, 3, 6, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 200 {
			return
		}
		m := 2 + int(data[0]%4)
		var word []int
		for _, b := range data[1:] {
			g := 1 + int(b&0x7f)%(m-1)
			if b&0x80 != 0 {
				g = -g
			}
			word = append(word, g)
		}
		if c, err := pd.FromBraid(m, word); err == nil {
			lfCheck(t, c)
		}
		// Raw labels, four to a crossing.
		var c pd.Code
		for i := 1; i+3 < len(data); i += 4 {
			c.X = append(c.X, pd.X{int(data[i]), int(data[i+1]), int(data[i+2]), int(data[i+3])})
		}
		if s, err := LinkingFormSymbols(c); err == nil {
			for _, x := range s {
				if x.P%4 != 3 || (x.Sign != 1 && x.Sign != -1) {
					t.Fatalf("%v: symbol %v", c, x)
				}
			}
		}
	})
}

func TestLinkingFormSmall(t *testing.T) {
	granny, err := pd.ConnectedSum(pd.Torus2(3), pd.Torus2(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		c    pd.Code
		want LinkingSymbols
	}{
		{"empty", pd.Code{}, nil},
		{"loops", pd.Code{Loops: 2}, nil},
		{"kink", pd.Code{X: []pd.X{{1, 2, 2, 1}}}, nil},
		{"kink", pd.Code{X: []pd.X{{1, 1, 2, 2}}}, nil},
		{"trefoil", pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}}, LinkingSymbols{{3, 1}}},
		{"trefoil and a loop (det 0)", pd.Code{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 2}}, Loops: 1}, nil},
		{"Hopf link (det 2)", pd.Code{X: []pd.X{{1, 3, 2, 4}, {3, 1, 4, 2}}}, nil},
		{"T(2,3)", pd.Torus2(3), LinkingSymbols{{3, 1}}},
		{"T(2,7)", pd.Torus2(7), LinkingSymbols{{7, 1}}},
		// L(9, 1): H₁ = ℤ/9 is cyclic, λ = 1/9 on the generator and (1|3) = +1.
		{"T(2,9) (det 9 = 3²)", pd.Torus2(9), LinkingSymbols{{3, 1}}},
		// 3_1 # 3_1: ℤ/3 ⊕ ℤ/3 is not cyclic: no symbol (the granny and square knots alike).
		{"3_1 # 3_1", granny, nil},
		// L(27, 1): ℤ/27, (1|3) = +1.
		{"T(2,27)", pd.Torus2(27), LinkingSymbols{{3, 1}}},
		{"T(2,11)", pd.Torus2(11), LinkingSymbols{{11, 1}}},
		{"T(2,13) (det 13 ≡ 1 mod 4)", pd.Torus2(13), nil},
		// L(15, 1): on the 3-part, generated by 5, λ = 25/15 = 5/3 and (5|3) = −1.
		{"T(2,15)", pd.Torus2(15), LinkingSymbols{{3, -1}}},
		// L(6, 1): the 3-part is generated by 2, λ = 4/6 = 2/3 and (2|3) = −1.
		{"T(2,6) link (det 6)", braidClosure(2, []int{1, 1, 1, 1, 1, 1}), LinkingSymbols{{3, -1}}},
		{"T(2,6) link mirrored", braidClosure(2, []int{-1, -1, -1, -1, -1, -1}), LinkingSymbols{{3, 1}}},
		{"T(2,3) from a braid", braidClosure(2, []int{1, 1, 1}), LinkingSymbols{{3, 1}}},
	} {
		got, err := LinkingFormSymbols(tc.c)
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("%s: %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
	for _, c := range []pd.Code{
		{X: []pd.X{{1, 2, 2, 1}, {3, 4, 4, 3}}}, // split diagram
		{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 9}}},
		{X: []pd.X{{1, 5, 2, 4}, {3, 1, 4, 6}, {5, 3, 6, 6}}},
	} {
		if _, err := LinkingFormSymbols(c); err == nil {
			t.Errorf("LinkingFormSymbols(%v): no error", c)
		}
	}
	s := LinkingSymbols{{7, -1}, {11, 1}}
	if s.At(7) != -1 || s.At(11) != 1 || s.At(3) != 0 || s.At(13) != 0 || s.Mirror().At(11) != -1 || LinkingSymbols(nil).Mirror() != nil {
		t.Errorf("At or Mirror wrong on %v", s)
	}
}

func TestFactor(t *testing.T) {
	for _, tc := range []struct {
		n      string
		budget int
		want   string // "" for ErrFactor
	}{
		{"1", 0, "1"},
		{"2", 0, "2^1"},
		{"77", 0, "7^1 11^1"},
		{"4096", 0, "2^12"},
		{"117268543", 0, "7^1 4093^2"},
		{"16769023", 0, "16769023^1"},
		{"16801801", factorBudget, "4099^2"},
		{"1000006000009", factorBudget, "1000003^2"},
		{"1000042000324000918000891", factorBudget, "1000003^3 1000033^1"},
		{"1000000000100000000002379", factorBudget, "1000000000039^1 1000000000061^1"},
		{"18446744073709551617", factorBudget, "274177^1 67280421310721^1"}, // F6
		{"1000000000100000000002379", 1000, ""},
		{"340282366920938463463374607431768211457", 1000, ""}, // F7: 59649589127497217 · 5704689200685129054721
	} {
		n, _ := new(big.Int).SetString(tc.n, 10)
		fs, err := factor(n, tc.budget)
		if tc.want == "" {
			if err != ErrFactor {
				t.Errorf("factor(%s) with budget %d: %v, want ErrFactor", tc.n, tc.budget, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("factor(%s): %v", tc.n, err)
			continue
		}
		s := []string{"1"}
		for _, f := range fs {
			s = append(s, f.p.String()+"^"+big.NewInt(int64(f.e)).String())
		}
		if len(s) > 1 {
			s = s[1:]
		}
		if got := strings.Join(s, " "); got != tc.want {
			t.Errorf("factor(%s) = %s, want %s", tc.n, got, tc.want)
		}
	}
}

func BenchmarkLinkingFormSymbols12(b *testing.B) {
	rows := alexReadTable(b)
	var c pd.Code
	for _, r := range rows {
		if r.name == "12a_1081" {
			c = r.pd
		}
	}
	for b.Loop() {
		if _, err := LinkingFormSymbols(c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLinkingFormSymbolsTable(b *testing.B) {
	rows := alexReadTable(b)[1:]
	for b.Loop() {
		for _, r := range rows {
			if _, err := LinkingFormSymbols(r.pd); err != nil {
				b.Fatal(err)
			}
		}
	}
}
