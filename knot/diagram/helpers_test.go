package diagram

import (
	"encoding/csv"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// Test helpers: curves, rotations, and two knot invariants computed here from the crossings
// (the determinant from the colouring matrix, the Jones polynomial from the Kauffman bracket
// state sum) so these tests do not depend on knot/invariant.

func curve(n int, f func(t float64) vec.V3) []vec.V3 {
	pts := make([]vec.V3, n)
	for i := range pts {
		pts[i] = f(2 * math.Pi * float64(i) / float64(n))
	}
	return pts
}

// torus is the (p, q) torus knot on the torus of radii 2 and 1: it winds p times around the
// axis and q times around the tube; mirrored when z is negated.
func torus(n, p, q int, mirror bool) []vec.V3 {
	s := 1.0
	if mirror {
		s = -1
	}
	return curve(n, func(t float64) vec.V3 {
		r := 2 + math.Cos(float64(q)*t)
		return vec.V3{X: r * math.Cos(float64(p)*t), Y: r * math.Sin(float64(p)*t), Z: s * math.Sin(float64(q)*t)}
	})
}

func figureEight(n int) []vec.V3 {
	return curve(n, func(t float64) vec.V3 {
		r := 2 + math.Cos(2*t)
		return vec.V3{X: r * math.Cos(3*t), Y: r * math.Sin(3*t), Z: math.Sin(4 * t)}
	})
}

// rotation is a uniformly random rotation (from a random unit quaternion).
type rotation struct{ w, x, y, z float64 }

func randRotation(r *rand.Rand) rotation {
	q := rotation{r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
	n := math.Sqrt(q.w*q.w + q.x*q.x + q.y*q.y + q.z*q.z)
	return rotation{q.w / n, q.x / n, q.y / n, q.z / n}
}

func (q rotation) apply(v vec.V3) vec.V3 {
	u := vec.V3{X: q.x, Y: q.y, Z: q.z}
	t := u.Cross(v).Scale(2)
	return v.Add(t.Scale(q.w)).Add(u.Cross(t))
}

func rotate(pts []vec.V3, q rotation) []vec.V3 {
	out := make([]vec.V3, len(pts))
	for i, p := range pts {
		out[i] = q.apply(p)
	}
	return out
}

// determinant is |det| of the colouring matrix with one row and column deleted (1 for a
// diagram without crossings). Arcs run from under-pass to under-pass.
func determinant(c pd.Code) int64 {
	n := len(c.X)
	if n == 0 {
		return 1
	}
	parent := make([]int, 2*n+1)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(e int) int {
		if parent[e] != e {
			parent[e] = find(parent[e])
		}
		return parent[e]
	}
	for _, x := range c.X {
		parent[find(x[1])] = find(x[3])
	}
	arc := map[int]int{}
	for e := 1; e <= 2*n; e++ {
		if _, ok := arc[find(e)]; !ok {
			arc[find(e)] = len(arc)
		}
	}
	m := make([][]*big.Rat, n)
	for i, x := range c.X {
		m[i] = make([]*big.Rat, len(arc))
		for j := range m[i] {
			m[i][j] = new(big.Rat)
		}
		add := func(e int, v int64) {
			j := arc[find(e)]
			m[i][j].Add(m[i][j], big.NewRat(v, 1))
		}
		add(x[1], 2)
		add(x[0], -1)
		add(x[2], -1)
	}
	// Delete the last row and column; Gaussian elimination over the rationals.
	k := n - 1
	if len(arc) != n {
		panic(fmt.Sprintf("%d arcs for %d crossings", len(arc), n))
	}
	det := big.NewRat(1, 1)
	for col := 0; col < k; col++ {
		piv := -1
		for r := col; r < k; r++ {
			if m[r][col].Sign() != 0 {
				piv = r
				break
			}
		}
		if piv < 0 {
			return 0
		}
		if piv != col {
			m[piv], m[col] = m[col], m[piv]
			det.Neg(det)
		}
		det.Mul(det, m[col][col])
		for r := col + 1; r < k; r++ {
			if m[r][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(m[r][col], m[col][col])
			for j := col; j < k; j++ {
				m[r][j].Sub(m[r][j], new(big.Rat).Mul(f, m[col][j]))
			}
		}
	}
	d := det.Num().Int64()
	if d < 0 {
		d = -d
	}
	return d
}

// jones returns the Jones polynomial of a knot diagram (signs from c.Signs) as "lowest
// exponent: coefficients", the table's jones_lowest_exponent and jones_coeffs.
func jones(tb testing.TB, c pd.Code) string {
	tb.Helper()
	n := len(c.X)
	if n > 18 {
		tb.Fatalf("jones: %d crossings is too many for the state sum", n)
	}
	signs, err := c.Signs()
	if err != nil {
		tb.Fatal(err)
	}
	w := 0
	for _, s := range signs {
		w += s
	}
	// δ^k as a map of A-exponents.
	delta := map[int]int64{2: -1, -2: -1}
	mul := func(p, q map[int]int64) map[int]int64 {
		r := map[int]int64{}
		for a, x := range p {
			for b, y := range q {
				r[a+b] += x * y
			}
		}
		return r
	}
	pow := []map[int]int64{{0: 1}}
	for len(pow) < 2*n+c.Loops+2 {
		pow = append(pow, mul(pow[len(pow)-1], delta))
	}
	br := map[int]int64{}
	parent := make([]int, 2*n+1)
	find := func(e int) int {
		for parent[e] != e {
			parent[e] = parent[parent[e]]
			e = parent[e]
		}
		return e
	}
	for state := 0; state < 1<<n; state++ {
		for i := range parent {
			parent[i] = i
		}
		nA := 0
		for i, x := range c.X {
			if state>>i&1 == 0 { // A-smoothing joins a–b and c–d
				nA++
				parent[find(x[0])] = find(x[1])
				parent[find(x[2])] = find(x[3])
			} else { // B-smoothing joins a–d and b–c
				parent[find(x[0])] = find(x[3])
				parent[find(x[1])] = find(x[2])
			}
		}
		loops := c.Loops
		for e := 1; e <= 2*n; e++ {
			if find(e) == e {
				loops++
			}
		}
		for a, v := range pow[loops-1] {
			br[a+nA-(n-nA)] += v
		}
	}
	// V(t) = (−A³)^(−w) ⟨D⟩ with A = t^(−1/4).
	f := int64(1)
	if w%2 != 0 {
		f = -1
	}
	v := map[int]int64{}
	for a, x := range br {
		if x == 0 {
			continue
		}
		e := a - 3*w
		if e%4 != 0 {
			tb.Fatalf("jones: A-exponent %d not a multiple of 4 (a link?)", e)
		}
		v[-e/4] += f * x
	}
	return polyString(v)
}

func polyString(v map[int]int64) string {
	var keys []int
	for k, x := range v {
		if x != 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "0:"
	}
	slices.Sort(keys)
	var cs []string
	for e := keys[0]; e <= keys[len(keys)-1]; e++ {
		cs = append(cs, strconv.FormatInt(v[e], 10))
	}
	return fmt.Sprintf("%d:%s", keys[0], strings.Join(cs, " "))
}

// mirrorJones turns "min:c0 c1 …" of V(t) into that of V(1/t).
func mirrorJones(s string) string {
	i := strings.IndexByte(s, ':')
	lo, _ := strconv.Atoi(s[:i])
	cs := strings.Fields(s[i+1:])
	slices.Reverse(cs)
	return fmt.Sprintf("%d:%s", -(lo + len(cs) - 1), strings.Join(cs, " "))
}

type tableRow struct {
	name, dt, pd, jones string
	crossings           int
	det                 int64
	alternating         bool
}

func readTable(tb testing.TB) []tableRow {
	tb.Helper()
	f, err := os.Open("../table/data/prime_knots_upto_12.csv")
	if err != nil {
		tb.Skipf("knot table: %v", err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	var rows []tableRow
	for _, r := range recs[1:] {
		cn, _ := strconv.Atoi(r[col["crossing_number"]])
		det, _ := strconv.ParseInt(r[col["determinant"]], 10, 64)
		rows = append(rows, tableRow{
			name: r[col["name"]], dt: r[col["dt_notation"]], pd: r[col["pd_notation"]],
			jones:     r[col["jones_lowest_exponent"]] + ":" + r[col["jones_coeffs"]],
			crossings: cn, det: det, alternating: r[col["alternating"]] == "Y",
		})
	}
	return rows
}

func tableKnot(tb testing.TB, name string) tableRow {
	for _, r := range readTable(tb) {
		if r.name == name {
			return r
		}
	}
	tb.Fatalf("no knot %s in the table", name)
	return tableRow{}
}

func parsePD(tb testing.TB, s string) pd.Code {
	tb.Helper()
	c, err := pd.Parse(s)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
