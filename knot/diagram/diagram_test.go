package diagram

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

type knotCase struct {
	name   string
	table  string // table name
	pts    []vec.V3
	mirror bool
}

func knotCases() []knotCase {
	var cs []knotCase
	for _, k := range []struct {
		name, table string
		p, q        int
	}{{"T(2,3)", "3_1", 2, 3}, {"T(2,5)", "5_1", 2, 5}, {"T(2,7)", "7_1", 2, 7}, {"T(3,4)", "8_19", 3, 4}} {
		cs = append(cs, knotCase{k.name, k.table, torus(240, k.p, k.q, false), false})
		cs = append(cs, knotCase{k.name + " mirror", k.table, torus(240, k.p, k.q, true), true})
	}
	cs = append(cs, knotCase{"figure-eight", "4_1", figureEight(240), false})
	return cs
}

// Every knot under 100 random rotations: a valid PD, at least the crossing number of
// crossings after Simplify, the right determinant, the same Jones polynomial (one chirality)
// for every rotation, the other one for the mirror; minimal diagrams of the torus knots have
// writhe of one sign, flipped for the mirror.
func TestKnotsUnderRotations(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	jonesOf := map[string]string{}
	writheSign := map[string]int{}
	for _, kc := range knotCases() {
		row := tableKnot(t, kc.table)
		var p Projector
		for trial := range 100 {
			pts := rotate(kc.pts, randRotation(rng))
			dir, d, err := p.FindDirection([][]vec.V3{pts}, nil)
			if err != nil {
				t.Fatalf("%s trial %d: %v", kc.name, trial, err)
			}
			if err := d.Code.Validate(); err != nil {
				t.Fatalf("%s trial %d dir %v: %v", kc.name, trial, dir, err)
			}
			if w := d.Code.Writhe(); w != d.Writhe() && len(d.Code.X) > 1 {
				t.Fatalf("%s trial %d: pd writhe %d, diagram writhe %d", kc.name, trial, w, d.Writhe())
			}
			s := pd.Simplify(d.Code)
			if err := s.Validate(); err != nil {
				t.Fatalf("%s trial %d: simplified %v: %v", kc.name, trial, s, err)
			}
			if len(s.X) < row.crossings {
				t.Fatalf("%s trial %d: %d crossings after Simplify, crossing number %d", kc.name, trial, len(s.X), row.crossings)
			}
			if s.Loops != 0 {
				t.Fatalf("%s trial %d: %d loops", kc.name, trial, s.Loops)
			}
			if det := determinant(s); det != row.det {
				t.Fatalf("%s trial %d: determinant %d, want %d (%v)", kc.name, trial, det, row.det, s)
			}
			if det := determinant(d.Code); det != row.det {
				t.Fatalf("%s trial %d: determinant before Simplify %d, want %d", kc.name, trial, det, row.det)
			}
			if len(d.Code.X) <= 12 && len(s.X) < len(d.Code.X) && jones(t, d.Code) != jones(t, s) {
				t.Fatalf("%s trial %d: Simplify changed the Jones polynomial", kc.name, trial)
			}
			if len(s.X) <= 14 {
				j := jones(t, s)
				if j != row.jones && j != mirrorJones(row.jones) {
					t.Fatalf("%s trial %d: jones %s, table %s", kc.name, trial, j, row.jones)
				}
				if prev, ok := jonesOf[kc.name]; ok && prev != j {
					t.Fatalf("%s trial %d: jones %s, earlier %s", kc.name, trial, j, prev)
				}
				jonesOf[kc.name] = j
			}
			if len(s.X) == row.crossings && kc.table != "4_1" {
				w := s.Writhe()
				sg := 1
				if w < 0 {
					sg = -1
				}
				if prev, ok := writheSign[kc.name]; ok && prev != sg {
					t.Fatalf("%s trial %d: writhe %d of a minimal diagram changes sign", kc.name, trial, w)
				}
				writheSign[kc.name] = sg
			}
		}
	}
	for _, kc := range knotCases() {
		if !kc.mirror || kc.table == "4_1" {
			continue
		}
		base := kc.name[:len(kc.name)-len(" mirror")]
		if jonesOf[base] == "" || jonesOf[kc.name] != mirrorJones(jonesOf[base]) {
			t.Errorf("%s: jones %q, of the knot %q: not mirrors", kc.name, jonesOf[kc.name], jonesOf[base])
		}
		if writheSign[base] == 0 || writheSign[kc.name] != -writheSign[base] {
			t.Errorf("%s: minimal writhe sign %d, knot %d", kc.name, writheSign[kc.name], writheSign[base])
		}
	}
	// The figure-eight is amphichiral: its Jones polynomial is its own mirror.
	if j := jonesOf["figure-eight"]; j != mirrorJones(j) {
		t.Errorf("figure-eight jones %s", j)
	}
	t.Logf("jones: %v; minimal writhe signs %v", jonesOf, writheSign)
}

// The crossings of the projection agree with an exhaustive O(n²) search over all segment
// pairs, for random polygons of many sizes (the grid and the long-segment path).
func TestGridMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 3 + rng.IntN(300)
		var comps [][]vec.V3
		for range 1 + rng.IntN(3) {
			pts := make([]vec.V3, n)
			step := 0.05 + rng.Float64()
			p := vec.V3{X: rng.Float64(), Y: rng.Float64(), Z: rng.Float64()}
			for i := range pts {
				p = p.Add(vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}.Scale(step))
				if rng.IntN(40) == 0 { // an occasional long jump
					p = p.Add(vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64()}.Scale(30 * step))
				}
				pts[i] = p
			}
			comps = append(comps, pts)
		}
		var p Projector
		dir := Direction(trial)
		d, err := p.Diagram(comps, dir)
		if errors.Is(err, ErrDegenerate) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		// Brute force count with the same segment test.
		var q Projector
		if err := q.project(comps, dir); err != nil {
			t.Fatal(err)
		}
		ns := len(q.segA)
		for i := range ns {
			for j := i + 1; j < ns; j++ {
				if err := q.testPair(i, j); err != nil {
					t.Fatal(err)
				}
			}
		}
		if len(q.cross) != len(d.Crossings) {
			t.Fatalf("trial %d: grid found %d crossings, brute force %d", trial, len(d.Crossings), len(q.cross))
		}
		if err := d.Code.Validate(); err != nil {
			t.Fatal(err)
		}
	}
}

// Linking numbers: sign convention checked against the Gauss linking integral.
func TestLinkingNumber(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ring := func(c, u, v vec.V3, r float64, n int) []vec.V3 {
		return curve(n, func(s float64) vec.V3 {
			return c.Add(u.Scale(r * math.Cos(s))).Add(v.Scale(r * math.Sin(s)))
		})
	}
	ex, ey, ez := vec.V3{X: 1}, vec.V3{Y: 1}, vec.V3{Z: 1}
	cases := []struct {
		name  string
		comps [][]vec.V3
	}{
		{"hopf", [][]vec.V3{ring(vec.V3{}, ex, ey, 1, 64), ring(vec.V3{X: 1}, ex, ez, 1, 64)}},
		{"hopf reversed", [][]vec.V3{ring(vec.V3{}, ex, ey, 1, 64), ring(vec.V3{X: 1}, ez, ex, 1, 64)}},
		{"unlinked", [][]vec.V3{ring(vec.V3{}, ex, ey, 1, 64), ring(vec.V3{X: 3}, ex, ez, 1, 64)}},
		// A (2,4) torus link: two parallel (2,1)-curves on the torus, linking number ±2.
		{"T(2,4)", [][]vec.V3{
			curve(128, func(s float64) vec.V3 {
				r := 2 + math.Cos(2*s)
				return vec.V3{X: r * math.Cos(s), Y: r * math.Sin(s), Z: math.Sin(2 * s)}
			}),
			curve(128, func(s float64) vec.V3 {
				r := 2 + math.Cos(2*s+math.Pi)
				return vec.V3{X: r * math.Cos(s), Y: r * math.Sin(s), Z: math.Sin(2*s + math.Pi)}
			}),
		}},
	}
	for _, tc := range cases {
		want := gaussLinking(tc.comps[0], tc.comps[1])
		for trial := range 20 {
			q := randRotation(rng)
			comps := [][]vec.V3{rotate(tc.comps[0], q), rotate(tc.comps[1], q)}
			var p Projector
			_, d, err := p.FindDirection(comps, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Code.Validate(); err != nil {
				t.Fatal(err)
			}
			if lk := d.LinkingNumber(0, 1); lk != want || d.LinkingNumber(1, 0) != want {
				t.Fatalf("%s trial %d: linking number %d, Gauss integral %d", tc.name, trial, lk, want)
			}
			if s := pd.Simplify(d.Code); tc.name == "unlinked" && (len(s.X) != 0 || s.Loops != 2) {
				t.Fatalf("%s: simplified to %v loops %d", tc.name, s, s.Loops)
			}
		}
		if tc.name != "unlinked" && want == 0 {
			t.Errorf("%s: Gauss integral 0", tc.name)
		}
	}
}

// gaussLinking evaluates the Gauss linking integral of two closed polygons (midpoint rule on
// segment pairs), rounded.
func gaussLinking(a, b []vec.V3) int {
	s := 0.0
	for i := range a {
		a0, a1 := a[i], a[(i+1)%len(a)]
		for j := range b {
			b0, b1 := b[j], b[(j+1)%len(b)]
			r := a0.Add(a1).Scale(0.5).Sub(b0.Add(b1).Scale(0.5))
			s += a1.Sub(a0).Cross(b1.Sub(b0)).Dot(r) / math.Pow(r.Norm(), 3)
		}
	}
	return int(math.Round(s / (4 * math.Pi)))
}

func wantDegenerate(t *testing.T, name string, comps [][]vec.V3, dir vec.V3) {
	t.Helper()
	_, err := FromPolygons(comps, dir)
	if !errors.Is(err, ErrDegenerate) {
		t.Errorf("%s: err %v, want ErrDegenerate", name, err)
	}
}

func TestDegenerate(t *testing.T) {
	z := vec.V3{Z: 1}
	// A planar figure-eight-shaped curve with a self-crossing, seen from above: equal heights.
	lem := curve(100, func(s float64) vec.V3 { return vec.V3{X: math.Sin(s), Y: math.Sin(2 * s)} })
	wantDegenerate(t, "planar self-crossing", [][]vec.V3{lem}, z)
	// The same curve from a generic direction: no crossing on a planar curve seen obliquely?
	// It still crosses itself at the origin at equal height (height is along dir).
	wantDegenerate(t, "planar self-crossing, tilted", [][]vec.V3{lem}, vec.V3{X: 0.1, Y: 0.2, Z: 1})
	// A planar circle seen along its plane: every segment projects onto one line.
	circ := curve(50, func(s float64) vec.V3 { return vec.V3{X: math.Cos(s), Y: math.Sin(s)} })
	wantDegenerate(t, "edge-on circle", [][]vec.V3{circ}, vec.V3{X: 1})
	// A segment along the direction.
	sq := []vec.V3{v3(0, 0, 0), v3(1, 0, 0), v3(1, 0, 1), v3(0, 1, 1)}
	wantDegenerate(t, "segment along dir", [][]vec.V3{sq}, z)
	// Collinear overlap in projection: two non-adjacent segments on the line y = 0.
	ov := []vec.V3{v3(0, 0, 0), v3(2, 0, 0), v3(2, 1, 0), v3(1, 1, 1), v3(1, 0, 1), v3(3, 0, 1), v3(3, 2, 0), v3(0, 2, 0)}
	wantDegenerate(t, "collinear overlap", [][]vec.V3{ov}, z)
	// A vertex exactly over another segment.
	vx := []vec.V3{v3(0, 0, 0), v3(2, 0, 0), v3(2, 2, 0), v3(1, 0, 1), v3(1, -1, 1), v3(-1, -1, 0)}
	wantDegenerate(t, "vertex on segment", [][]vec.V3{vx}, z)
	// A vertex 1e-12 away from another segment (well inside the tolerance).
	vx2 := append([]vec.V3(nil), vx...)
	vx2[3].Y = 1e-12
	wantDegenerate(t, "vertex near segment", [][]vec.V3{vx2}, z)
	// Three segments through one point (two crossings coincide).
	tri := [][]vec.V3{
		{v3(-1, 0, 0), v3(1, 0, 0), v3(0, -3, 0)},
		{v3(0, -1, 1), v3(0, 1, 1), v3(-3, 0, 1)},
		{v3(-1, -1, 2), v3(1, 1, 2), v3(2, -3, 2)},
	}
	wantDegenerate(t, "triple point", tri, z)
	// Nearly equal heights at a crossing.
	hh := [][]vec.V3{
		{v3(-1, 0, 0), v3(1, 0, 0), v3(0, -3, 0)},
		{v3(0, -1, 1e-13), v3(0, 1, 1e-13), v3(-3, 0, 1e-13)},
	}
	wantDegenerate(t, "equal heights", hh, z)
	// Consecutive segments folding back over each other.
	fold := []vec.V3{v3(0, 0, 0), v3(2, 0, 0), v3(1, 0, 1), v3(1, 2, 0)}
	wantDegenerate(t, "fold back", [][]vec.V3{fold}, z)
	// Invalid inputs are not degenerate.
	for name, comps := range map[string][][]vec.V3{
		"two points": {{v3(0, 0, 0), v3(1, 0, 0)}},
		"repeated":   {{v3(0, 0, 0), v3(1, 0, 0), v3(1, 0, 0), v3(0, 1, 0)}},
		"NaN":        {{v3(0, 0, 0), v3(1, 0, 0), v3(math.NaN(), 1, 0)}},
	} {
		if _, err := FromPolygons(comps, z); !errors.Is(err, ErrInput) {
			t.Errorf("%s: err %v, want ErrInput", name, err)
		}
		if _, _, err := FindDirection(comps, nil); !errors.Is(err, ErrInput) {
			t.Errorf("%s: FindDirection err %v, want ErrInput", name, err)
		}
	}
	// A non-degenerate case with the same shapes for contrast.
	if c, err := FromPolygons(hh[:1], z); err != nil || len(c.X) != 0 || c.Loops != 1 {
		t.Errorf("triangle: %v %v", c, err)
	}
	// FindDirection gets around degenerate directions: the planar curve crosses itself at
	// equal heights whatever the direction, so it must give up; a slightly lifted one not.
	if _, _, err := FindDirection([][]vec.V3{lem}, nil); !errors.Is(err, ErrDegenerate) {
		t.Errorf("planar curve: FindDirection err %v", err)
	}
	lifted := append([]vec.V3(nil), lem...)
	for i := range lifted {
		lifted[i].Z = 0.1 * math.Cos(2*math.Pi*float64(i)/100)
	}
	if _, c, err := FindDirection([][]vec.V3{lifted}, rand.New(rand.NewPCG(1, 1))); err != nil || len(pd.Simplify(c).X) != 0 {
		t.Errorf("lifted curve: %v %v", c, err)
	}
}

// Directions are well spread: every prefix of 16 covers the hemisphere (no two closer than
// a few degrees) and none is near an axis.
func TestDirections(t *testing.T) {
	for i := range MaxDirections {
		d := Direction(i)
		if math.Abs(d.Norm()-1) > 1e-12 || d.Z <= 0 {
			t.Fatalf("Direction(%d) = %v", i, d)
		}
		for j := range i {
			if a := math.Acos(math.Min(1, d.Dot(Direction(j)))); a < 0.05 {
				t.Errorf("Directions %d, %d only %.3f rad apart", i, j, a)
			}
		}
	}
	for i := range 4 {
		d := Direction(i)
		if math.Abs(d.X) < 0.05 || math.Abs(d.Y) < 0.05 || math.Abs(d.Z) > 0.98 {
			t.Errorf("Direction(%d) = %v near an axis or coordinate plane", i, d)
		}
	}
}

// A flat coil of many curls (kinks) with some strands pushed over others as fingers
// (bigons): R1 and R2 remove every crossing.
func TestSimplifyToUnknot(t *testing.T) {
	// Curls: e^{is} + a e^{iks}, with a·k > 1 loops; heights arbitrary.
	curls := curve(600, func(s float64) vec.V3 {
		return vec.V3{
			X: math.Cos(s) + 0.12*math.Cos(15*s),
			Y: math.Sin(s) + 0.12*math.Sin(15*s),
			Z: 0.1 * math.Sin(14*s+0.5),
		}
	})
	// A circle with a finger from its right side reaching over the left side (z = 1) and one
	// from its top reaching under the bottom (z = −1): each finger makes a bigon with the
	// side it crosses, and the fingers cross each other four times, the first over.
	var fingers []vec.V3
	add := func(x, y, z float64) { fingers = append(fingers, vec.V3{X: x, Y: y, Z: z}) }
	const w = 0.08
	for k := 0; k < 200; k++ {
		s := 2 * math.Pi * float64(k) / 200
		x, y := math.Cos(s), math.Sin(s)
		switch {
		case k == 0:
			add(1, -w, 0)
			add(1.3, -w, 0)
			add(1.3, -w, 1)
			for i := 1; i <= 20; i++ {
				add(1-2.4*float64(i)/20, -w, 1)
			}
			for i := 20; i >= 1; i-- {
				add(1-2.4*float64(i)/20, w, 1)
			}
			add(1.3, w, 1)
			add(1.3, w, 0)
			add(1, w, 0)
		case k == 50:
			add(w, 1, 0)
			add(w, 1.3, 0)
			add(w, 1.3, -1)
			for i := 1; i <= 20; i++ {
				add(w, 1-2.4*float64(i)/20, -1)
			}
			for i := 20; i >= 1; i-- {
				add(-w, 1-2.4*float64(i)/20, -1)
			}
			add(-w, 1.3, -1)
			add(-w, 1.3, 0)
			add(-w, 1, 0)
		case math.Abs(x-1) < 0.02 || math.Abs(y-1) < 0.02:
			// skip points the fingers replaced
		default:
			add(x, y, 0)
		}
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for name, pts := range map[string][]vec.V3{"curls": curls, "fingers": fingers} {
		maxN := 0
		for trial := range 100 {
			// Directions within ~15° of the normal of the plane.
			dir := vec.V3{X: 0.25 * rng.NormFloat64() / 2, Y: 0.25 * rng.NormFloat64() / 2, Z: 1}
			c, err := FromPolygons([][]vec.V3{pts}, dir)
			if errors.Is(err, ErrDegenerate) {
				t.Logf("%s: %v", name, err)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			maxN = max(maxN, len(c.X))
			s := pd.Simplify(c)
			if len(s.X) != 0 || s.Loops != 1 {
				t.Fatalf("%s trial %d: %d crossings simplify to %v (loops %d)", name, trial, len(c.X), s, s.Loops)
			}
		}
		if maxN < 8 {
			t.Errorf("%s: at most %d crossings, want a busy diagram", name, maxN)
		}
		t.Logf("%s: up to %d crossings", name, maxN)
	}
}

func v3(x, y, z float64) vec.V3 { return vec.V3{X: x, Y: y, Z: z} }
