package tissue

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// testMat is a soft tissue of E = 100 kPa, ν = 0.45.
var testMat = Material{Name: "test", Young: 1e5, Poisson: 0.45, Density: 1000}

// clampX0 clamps b's nodes at x = 0 where they rest.
func clampX0(tb testing.TB, b *Body) {
	tb.Helper()
	for i, p := range b.Mesh.Nodes {
		if p.X == 0 {
			if err := b.Clamp(i, p); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

func mustSlab(tb testing.TB, size vec.V3, cells [3]int) *Mesh {
	tb.Helper()
	m, err := Slab(SlabSpec{Size: size, Cells: cells})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// settle steps b by h until the positions change by less than tol (m) in a step, at most n steps.
func settle(tb testing.TB, b *Body, h float64, n int, tol float64, load func()) {
	tb.Helper()
	prev := append([]vec.V3(nil), b.X...)
	for k := range n {
		load()
		if err := b.Step(h, vec.V3{}); err != nil {
			tb.Fatal(err)
		}
		var d float64
		for i := range b.X {
			d = math.Max(d, b.X[i].Dist(prev[i]))
		}
		copy(prev, b.X)
		if testing.Verbose() && k%20 == 0 {
			tb.Logf("step %d: moved %.3g m, CG %d iterations", k, d, b.LastIterations())
		}
		if d < tol {
			tb.Logf("settled after %d steps (last CG: %d iterations, residual %.2g)", k+1, b.LastIterations(), b.LastResidual())
			return
		}
	}
	tb.Fatalf("not settled after %d steps", n)
}

// A bar 20 × 4 × 4 mm clamped at x = 0 and pulled at x = 20 mm by a uniform traction σ (a dead
// load: the rest face's area): the strain between x = 5 and 15 mm (away from the clamp, which
// holds the lateral contraction) is σ/E within 5 % (issue 13: a slab under uniaxial tension
// matches its E). Also: the lateral contraction there is ν·ε within 10 %.
func TestUniaxialTension(t *testing.T) {
	const L, W = 0.02, 0.004
	m := mustSlab(t, vec.V3{X: L, Y: W, Z: W}, [3]int{20, 4, 4})
	b, err := New(m, testMat, Options{Substep: 0.05, Tol: 1e-10, MaxIter: 2000, Newton: 4})
	if err != nil {
		t.Fatal(err)
	}
	var face [][3]int32
	for _, tr := range m.Surf {
		if m.Nodes[tr[0]].X > L*(1-1e-9) && m.Nodes[tr[1]].X > L*(1-1e-9) && m.Nodes[tr[2]].X > L*(1-1e-9) {
			face = append(face, tr)
		}
	}
	const sigma = 1e3 // Pa: ε = 1 %
	b.AddPressure(face, -sigma)
	load := append([]vec.V3(nil), b.F...)
	var fx float64
	for _, f := range load {
		fx += f.X
	}
	if math.Abs(fx-sigma*W*W) > 1e-12 {
		t.Fatalf("the traction sums to %g N, want %g", fx, sigma*W*W)
	}
	clear(b.F)
	clampX0(t, b)
	settle(t, b, 0.05, 500, 1e-12, func() { copy(b.F, load) })
	// Mean x of the nodes at x = 5 and 15 mm, and the width at x = 10 mm.
	mean := func(x0 float64) float64 {
		var s float64
		var n int
		for i, p := range m.Nodes {
			if math.Abs(p.X-x0) < 1e-9 {
				s += b.X[i].X
				n++
			}
		}
		return s / float64(n)
	}
	eps := (mean(0.015)-mean(0.005))/0.01 - 1
	E := sigma / eps
	var wy float64
	for i, p := range m.Nodes {
		if math.Abs(p.X-0.01) < 1e-9 && p.Y == W {
			wy += b.X[i].Y
		} else if math.Abs(p.X-0.01) < 1e-9 && p.Y == 0 {
			wy -= b.X[i].Y
		}
	}
	wy /= 5 // five node pairs across z
	lat := (W - wy) / W
	t.Logf("ε = %.5g, E = %.5g Pa (want %.5g, %+.2f %%), lateral contraction %.5g (ν·ε = %.5g)", eps, E, testMat.Young, 100*(E/testMat.Young-1), lat, testMat.Poisson*eps)
	if math.Abs(E/testMat.Young-1) > 0.05 {
		t.Errorf("E = %g, want %g within 5 %%", E, testMat.Young)
	}
	if math.Abs(lat/(testMat.Poisson*eps)-1) > 0.1 {
		t.Errorf("lateral contraction %g, want ν·ε = %g within 10 %%", lat, testMat.Poisson*eps)
	}
}

// A thin tube (inner diameter 1 mm, wall 0.05 mm, open ends) under an internal pressure of
// 1 kPa: the mid-wall hoop strain is the thin-wall p·r_i/(E·t) within 5 % (issue 13), and
// Lamé's thick-wall value (with the radial stress's Poisson share) within 2 %.
func TestTubeHoopStrain(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (15–20 s); single-goroutine numerics: nothing for the race detector")
	}
	const ri, wall, L, p = tubeRi, tubeWall, tubeL, tubeP
	mat, m := tubeMat, thinTube(t)
	// Open ends and no clamp: the pressure's net force is zero, so rigid motion is never
	// excited; a 1 ms step keeps M/h² in the system (a 0.05 s step left it near singular).
	b, err := New(m, mat, Options{Substep: 1e-3, Tol: 1e-10, MaxIter: 2000, Newton: 4})
	if err != nil {
		t.Fatal(err)
	}
	inner := innerWall(m, ri)
	if len(inner) != 2*48*10 {
		t.Fatalf("%d inner triangles, want %d", len(inner), 2*48*10)
	}
	b.AddPressure(inner, p)
	load := append([]vec.V3(nil), b.F...)
	var net vec.V3
	for _, f := range load {
		net = net.Add(f)
	}
	if net.Norm() > 1e-12*p*ri*L {
		t.Fatalf("the pressure's net force is %v N", net)
	}
	settle(t, b, 1e-3, 500, 1e-13, func() { copy(b.F, load) })
	rm := ri + wall/2
	eps := hoopStrain(b, rm)
	thin := p * ri / (mat.Young * wall)
	ro := ri + wall
	sth := p * ri * ri * (1 + ro*ro/(rm*rm)) / (ro*ro - ri*ri)
	sr := p * ri * ri * (1 - ro*ro/(rm*rm)) / (ro*ro - ri*ri)
	lame := (sth - mat.Poisson*sr) / mat.Young
	t.Logf("hoop strain at mid-wall %.5g; thin-wall %.5g (%+.2f %%); Lamé %.5g (%+.2f %%); %d tetrahedra", eps, thin, 100*(eps/thin-1), lame, 100*(eps/lame-1), len(m.Tets))
	if math.Abs(eps/thin-1) > 0.05 {
		t.Errorf("hoop strain %g, thin-wall %g: off by more than 5 %%", eps, thin)
	}
	if math.Abs(eps/lame-1) > 0.02 {
		t.Errorf("hoop strain %g, Lamé %g: off by more than 2 %%", eps, lame)
	}
}

// The same tube pressurised with 2.5 ms substeps and accurate linear solves (to 1e-10),
// with one Newton iteration (the linearised step) and with three: it stays stable and reaches
// the hoop strain within 5 % of thin-wall theory. Without the geometric stiffness in the solve's
// matrix both blew up (the radius grew from 0.55 mm to 16 and 148 mm within 10 steps): the stressed
// wall's resistance to rotating was then explicit. (With the interactive defaults, 100
// iterations to 1e-3, the unresolved soft modes hid it.)
func TestPressurisedTubeStable(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (15–20 s); single-goroutine numerics: nothing for the race detector")
	}
	const ri, wall, p = tubeRi, tubeWall, tubeP
	mat, m := tubeMat, thinTube(t)
	inner := innerWall(m, ri)
	for _, newton := range []int{1, 3} {
		b, err := New(m, mat, Options{Tol: 1e-10, MaxIter: 3000, Newton: newton})
		if err != nil {
			t.Fatal(err)
		}
		var rmax float64
		for range 10 {
			b.AddPressure(inner, p)
			if err := b.Step(2.5e-3, vec.V3{}); err != nil {
				t.Fatal(err)
			}
			for _, x := range b.X {
				rmax = math.Max(rmax, math.Hypot(x.X, x.Y))
			}
		}
		eps, thin := hoopStrain(b, ri+wall/2), p*ri/(mat.Young*wall)
		t.Logf("Newton %d, after 25 ms: hoop strain %.5g (thin-wall %.5g, %+.2f %%), largest radius %.4g mm", newton, eps, thin, 100*(eps/thin-1), rmax*1e3)
		if math.Abs(eps/thin-1) > 0.05 || rmax > (ri+wall)*1.05 {
			t.Errorf("Newton %d: hoop strain %g (thin-wall %g), largest radius %g m", newton, eps, thin, rmax)
		}
	}
}

// The pressurised tube of the hoop-strain tests: inner radius, wall, length (m), pressure (Pa),
// and a vessel-like material. (Mass damping stops the drift of the rigid modes that the solve's
// rounding excites; it does not change the equilibrium.)
const tubeRi, tubeWall, tubeL, tubeP = 0.5e-3, 0.05e-3, 1e-3, 1e3

var tubeMat = Material{Name: "vessel", Young: 1e6, Poisson: 0.45, Density: 1060, MassDamping: 1e3}

// thinTube is that tube meshed 48 around, 2 through the wall, 10 along.
func thinTube(t *testing.T) *Mesh {
	t.Helper()
	m, err := Tube(TubeSpec{Inner: 2 * tubeRi, Wall: tubeWall, Length: tubeL, Around: 48, Through: 2, Along: 10})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// hoopStrain is the mean hoop strain of b's nodes whose rest radius about the z axis is rm.
func hoopStrain(b *Body, rm float64) float64 {
	var s float64
	var n int
	for i, q := range b.Mesh.Nodes {
		if r := math.Hypot(q.X, q.Y); math.Abs(r-rm) < 1e-9 {
			s += math.Hypot(b.X[i].X, b.X[i].Y)/r - 1
			n++
		}
	}
	return s / float64(n)
}

// innerWall returns the tube's inner-wall triangles (all three nodes at radius ri about the z
// axis; not the end rings).
func innerWall(m *Mesh, ri float64) [][3]int32 {
	var inner [][3]int32
	for _, tr := range m.Surf {
		ok := true
		for _, i := range tr {
			q := m.Nodes[i]
			ok = ok && math.Abs(math.Hypot(q.X, q.Y)-ri) < 1e-9
		}
		if ok {
			inner = append(inner, tr)
		}
	}
	return inner
}

// rotZ rotates p by a about z and then about x by a/2.
func rotZ(p vec.V3, a float64) vec.V3 {
	c, s := math.Cos(a), math.Sin(a)
	p = vec.V3{X: c*p.X - s*p.Y, Y: s*p.X + c*p.Y, Z: p.Z}
	c, s = math.Cos(a/2), math.Sin(a/2)
	return vec.V3{X: p.X, Y: c*p.Y - s*p.Z, Z: s*p.Y + c*p.Z}
}

// Co-rotation: a rigidly rotated and moved body has no elastic force or energy (a linear
// element without the rotation would have both).
func TestRigidMotionIsFree(t *testing.T) {
	m := mustSlab(t, vec.V3{X: 0.01, Y: 0.005, Z: 0.003}, [3]int{4, 3, 2})
	b, err := New(m, testMat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []float64{0.3, 1.7, math.Pi, 4} {
		for i, p := range m.Nodes {
			b.X[i] = rotZ(p, a).Add(vec.V3{X: 1, Y: -2, Z: 0.5})
		}
		b.rotations()
		b.elasticForces(b.fel)
		var fmax float64
		for _, f := range b.fel {
			fmax = math.Max(fmax, f.Norm())
		}
		_, el := b.Energy()
		// Scale: the force of a 1 % strain on one element, E·ε·h² ≈ 1e5·0.01·(2.5e-3)².
		if fmax > 1e-9*6e-3 || math.Abs(el) > 1e-15 {
			t.Errorf("rotation %.1f rad: largest elastic force %g N, energy %g J; want 0", a, fmax, el)
		}
	}
}

// A slab squashed flat through itself (every element inverted) and let go comes back to its
// rest shape: the rotation extraction never reflects, so inverted elements are pushed back.
func TestInvertedRecovers(t *testing.T) {
	m := mustSlab(t, vec.V3{X: 0.01, Y: 0.01, Z: 0.004}, [3]int{5, 5, 2})
	b, err := New(m, Material{Young: 1e5, Poisson: 0.3, Density: 1000, MassDamping: 20}, Options{Substep: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range m.Nodes {
		b.X[i] = vec.V3{X: p.X, Y: p.Y, Z: 0.002 - 0.5*p.Z} // z mirrored about 2 mm, halved
	}
	for range 400 {
		if err := b.Step(1e-3, vec.V3{}); err != nil {
			t.Fatal(err)
		}
	}
	var worst float64
	neg := 0
	for _, tt := range m.Tets {
		x0 := b.X[tt[0]]
		v := b.X[tt[1]].Sub(x0).Dot(b.X[tt[2]].Sub(x0).Cross(b.X[tt[3]].Sub(x0)))
		if v <= 0 {
			neg++
		}
	}
	// Edge lengths come back (shape, whatever the rigid motion).
	for _, tt := range m.Tets {
		for a := range 4 {
			for c := a + 1; c < 4; c++ {
				l0 := m.Nodes[tt[a]].Dist(m.Nodes[tt[c]])
				worst = math.Max(worst, math.Abs(b.X[tt[a]].Dist(b.X[tt[c]])/l0-1))
			}
		}
	}
	t.Logf("after 0.4 s: %d inverted elements, worst edge strain %.3g", neg, worst)
	if neg > 0 || worst > 0.01 {
		t.Errorf("%d elements still inverted, worst edge strain %g", neg, worst)
	}
}

// A cantilever slab (40 × 10 × 5 mm, E = 1 MPa) under gravity, from rest: the total energy
// (kinetic + elastic + gravitational) never grows (implicit Euler dissipates), the clamped
// nodes stay put, and it comes to rest bent downwards, stiffer than Euler–Bernoulli's
// q·L⁴/(8·E·I) but within a factor of 5: linear tetrahedra lock in bending. Measured by static
// solves: 0.29 of beam theory with 2 elements through the thickness at ν = 0.45, 0.51 at
// ν = 0.3; 0.58 and 0.79 with 4 (the mesh halved).
func TestCantileverEnergy(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (15–20 s); single-goroutine numerics: nothing for the race detector")
	}
	mat := Material{Young: 1e6, Poisson: 0.45, Density: 1000, MassDamping: 30}
	m := mustSlab(t, vec.V3{X: 0.04, Y: 0.01, Z: 0.005}, [3]int{16, 4, 2})
	b, err := New(m, mat, Options{Substep: 1e-3, Tol: 1e-8, MaxIter: 1000, Newton: 3})
	if err != nil {
		t.Fatal(err)
	}
	clampX0(t, b)
	g := vec.V3{Z: -9.81}
	total := func() float64 {
		k, e := b.Energy()
		for i, x := range b.X {
			e -= b.Mass[i] * g.Dot(x)
		}
		return k + e
	}
	e0 := total()
	prev := e0
	for k := range 500 {
		if err := b.Step(1e-3, g); err != nil {
			t.Fatal(err)
		}
		// The rotations Energy uses are the last Newton iterate's: refresh them for an exact
		// measure at the step's end.
		b.rotations()
		e := total()
		if e > prev+1e-9*math.Abs(e0)+1e-12 {
			t.Fatalf("step %d: energy grew from %g to %g J", k, prev, e)
		}
		prev = e
	}
	for i, p := range m.Nodes {
		if b.Clamped(i) && b.X[i] != p {
			t.Fatalf("clamped node %d moved to %v", i, b.X[i])
		}
	}
	var tip float64
	for i, p := range m.Nodes {
		if p.X == 0.04 {
			tip = math.Min(tip, b.X[i].Z-p.Z)
		}
	}
	k, _ := b.Energy()
	I := 0.01 * 0.005 * 0.005 * 0.005 / 12
	eb := mat.Density * 9.81 * 0.01 * 0.005 * math.Pow(0.04, 4) / (8 * mat.Young * I)
	t.Logf("after 0.5 s: tip deflection %.4g m, Euler–Bernoulli %.4g (ratio %.2f), kinetic energy %.3g J, energy %.4g → %.4g J", -tip, eb, -tip/eb, k, e0, prev)
	if -tip < eb/5 || -tip > eb || k > 1e-12 {
		t.Errorf("tip deflection %g m (beam theory %g), kinetic energy %g J: want at rest, bent down by 1/5 to 1 of beam theory", -tip, eb, k)
	}
}

func TestStepDoesNotAllocate(t *testing.T) {
	m := mustSlab(t, vec.V3{X: 0.02, Y: 0.01, Z: 0.005}, [3]int{8, 4, 2})
	b, err := New(m, testMat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b.Clamp(0, m.Nodes[0])
	if a := testing.AllocsPerRun(20, func() {
		b.AddPressure(m.Surf[:10], 10)
		_ = b.Step(5e-3, vec.V3{Z: -9.81})
	}); a != 0 {
		t.Errorf("%v allocations per step", a)
	}
}

// Bad input: errors naming the problem, and the body unchanged.
func TestBadInput(t *testing.T) {
	m := mustSlab(t, vec.V3{X: 0.01, Y: 0.01, Z: 0.01}, [3]int{2, 2, 2})
	for _, c := range []struct {
		mat  Material
		opt  Options
		want string
	}{
		{Material{Young: -1, Poisson: 0.3, Density: 1000}, Options{}, "Young"},
		{Material{Young: 1e5, Poisson: 0.5, Density: 1000}, Options{}, "Poisson"},
		{Material{Young: 1e5, Poisson: math.NaN(), Density: 1000}, Options{}, "Poisson"},
		{Material{Young: 1e5, Poisson: 0.3, Density: 0}, Options{}, "Density"},
		{Material{Young: 1e5, Poisson: 0.3, Density: 1000, MassDamping: math.Inf(1)}, Options{}, "MassDamping"},
		{testMat, Options{Substep: -1}, "Substep"},
		{testMat, Options{Tol: 2}, "Tol"},
		{testMat, Options{MaxIter: -3}, "MaxIter"},
		{testMat, Options{Newton: 101}, "Newton"},
		{testMat, Options{NewtonTol: math.NaN()}, "NewtonTol"},
	} {
		if _, err := New(m, c.mat, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v, %+v): error %v, want one naming %s", c.mat, c.opt, err, c.want)
		}
	}
	if _, err := New(nil, testMat, Options{}); err == nil {
		t.Error("New(nil mesh): no error")
	}
	b, err := New(m, testMat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Clamp(len(m.Nodes), vec.V3{}); err == nil {
		t.Error("Clamp out of range: no error")
	}
	if err := b.Clamp(0, vec.V3{X: math.NaN()}); err == nil || b.Clamped(0) {
		t.Error("Clamp to NaN: no error, or clamped")
	}
	x := append([]vec.V3(nil), b.X...)
	b.F[3] = vec.V3{Y: math.Inf(-1)}
	for _, c := range []struct {
		dt   float64
		g    vec.V3
		want string
	}{
		{0, vec.V3{}, "step"},
		{math.NaN(), vec.V3{}, "step"},
		{1e-3, vec.V3{Z: math.NaN()}, "gravity"},
		{1e-3, vec.V3{}, "node 3"},
		{1e6, vec.V3{}, "substeps"},
	} {
		if c.dt == 1e6 {
			b.F[3] = vec.V3{}
		}
		if err := b.Step(c.dt, c.g); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Step(%v, %v): error %v, want one naming %q", c.dt, c.g, err, c.want)
		}
		for i := range x {
			if b.X[i] != x[i] {
				t.Fatalf("Step(%v, %v) moved node %d", c.dt, c.g, i)
			}
		}
	}
}

// BenchmarkSubstep: one 2.5 ms substep of a slab (E = 100 kPa, ν = 0.45, 1 mm elements)
// clamped at one end and sagging under gravity, against its tetrahedron count (issue 13: tissue
// sub-step cost from 1k to 100k tetrahedra); CG iterations per substep reported.
func BenchmarkSubstep(b *testing.B) {
	benchSlabs(b, func(b *testing.B, m *Mesh, body *Body) {
		g := vec.V3{Z: -9.81}
		for range 20 {
			if err := body.Step(2.5e-3, g); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		its := 0
		for b.Loop() {
			if err := body.Step(2.5e-3, g); err != nil {
				b.Fatal(err)
			}
			its += body.LastIterations()
		}
		b.ReportMetric(float64(its)/float64(b.N), "cg-iterations/op")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.Tets)), "ns/tet")
	})
}

// benchSlabs runs f on slabs of 1 mm cells of 1,200, 10,800 and 100,800 tetrahedra (testMat),
// each clamped at its end x = 0, as sub-benchmarks named by their tetrahedron count.
func benchSlabs(b *testing.B, f func(b *testing.B, m *Mesh, body *Body)) {
	for _, c := range [][3]int{{10, 5, 4}, {30, 10, 6}, {60, 20, 14}} {
		m := mustSlab(b, vec.V3{X: 1e-3 * float64(c[0]), Y: 1e-3 * float64(c[1]), Z: 1e-3 * float64(c[2])}, c)
		b.Run(fmt.Sprintf("tets=%d", len(m.Tets)), func(b *testing.B) {
			body, err := New(m, testMat, Options{})
			if err != nil {
				b.Fatal(err)
			}
			clampX0(b, body)
			f(b, m, body)
		})
	}
}

// The solve's matrix is the exact tangent of the elastic force in tension: the directional
// derivative of f_el by central differences equals −K′·d (with the geometric stiffness) on a
// tube inflated by 0.1 % and 1 % with random perturbations; without the geometric term the
// error would be about the strain (1.2e-3, 1.3e-2 measured), and a pressurised thin wall blew
// up at 1 ms substeps.
func TestTangentIsExactInTension(t *testing.T) {
	m := thinTube(t)
	b, err := New(m, Material{Young: 1e6, Poisson: 0.45, Density: 1060}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := len(b.X)
	d, fp, fm, kd := make([]vec.V3, n), make([]vec.V3, n), make([]vec.V3, n), make([]vec.V3, n)
	for _, strain := range []float64{0, 0.001, 0.01} {
		for i, p := range m.Nodes {
			b.X[i] = vec.V3{X: p.X * (1 + strain), Y: p.Y * (1 + strain), Z: p.Z}
		}
		for i := range d {
			d[i] = vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}
		}
		x0 := append([]vec.V3(nil), b.X...)
		const eps = 1e-9
		for _, c := range []struct {
			s float64
			f []vec.V3
		}{{eps, fp}, {-eps, fm}} {
			for i := range b.X {
				b.X[i] = x0[i].Add(d[i].Scale(c.s))
			}
			b.rotations()
			b.elasticForces(c.f)
		}
		copy(b.X, x0)
		b.rotations()
		b.applyK(d, kd)
		var num, den float64
		for i := range fp {
			num += fp[i].Sub(fm[i]).Scale(1 / (2 * eps)).Add(kd[i]).Norm2()
			den += kd[i].Norm2()
		}
		rel := math.Sqrt(num / den)
		t.Logf("hoop strain %g: |Δf/ε + K′·d| / |K′·d| = %.3g", strain, rel)
		if rel > 1e-6 {
			t.Errorf("hoop strain %g: the tangent is off by %g", strain, rel)
		}
	}
}

// TestGiveOfSlab: a node's give (Give) is what the step does. On a 10 × 6 × 1 mm skin slab
// clamped at its sides, a small constant force on a node of its underside moves it, over one
// step, by Give times the force (within 3 %), along the slab's normal, its softest direction;
// the diagonal estimate that Compliance gives otherwise is 7–9 times smaller there. Over a
// step of four substeps the move stays within Give's bound. Compliance returns Give's value
// once computed, and clamping a node clears it.
func TestGiveOfSlab(t *testing.T) {
	m, err := Slab(SlabSpec{Size: vec.V3{X: 10e-3, Y: 6e-3, Z: 1e-3}, Cells: [3]int{10, 6, 1}})
	if err != nil {
		t.Fatal(err)
	}
	mat, err := Preset("skin")
	if err != nil {
		t.Fatal(err)
	}
	build := func() *Body {
		b, err := New(m, mat, Options{Tol: 1e-8, MaxIter: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range b.X {
			if p.X < 1e-6 || p.X > 10e-3-1e-6 || p.Y < 1e-6 || p.Y > 6e-3-1e-6 {
				if err := b.Clamp(i, p); err != nil {
					t.Fatal(err)
				}
			}
		}
		return b
	}
	node := func(b *Body, q vec.V3) int {
		best, at := math.Inf(1), -1
		for i, p := range b.X {
			if d := p.Sub(q).Norm(); d < best {
				best, at = d, i
			}
		}
		return at
	}
	const f = 1e-4 // N: small, so the co-rotated step is linear
	for _, c := range []struct {
		dt    float64
		exact bool // one substep: Give is the give; else its bound
	}{{1e-3, true}, {1e-3 / 6, true}, {10e-3, false}} {
		b := build()
		i := node(b, vec.V3{X: 4e-3, Y: 3e-3})
		diag := b.Compliance(c.dt, nil)[i]
		give := b.Give(i, c.dt)
		if i < 0 || give <= 0 {
			t.Fatalf("dt %g: node %d, give %g", c.dt, i, give)
		}
		if got := b.Compliance(c.dt, nil)[i]; got != give {
			t.Errorf("dt %g: Compliance says %g after Give, want %g", c.dt, got, give)
		}
		x0 := b.X[i]
		b.F[i] = vec.V3{Z: -f}
		if err := b.Step(c.dt, vec.V3{}); err != nil {
			t.Fatal(err)
		}
		moved := -(b.X[i].Z - x0.Z) / f
		t.Logf("dt %.3g s: Give %.4g m/N, moved %.4g m/N per N, the diagonal estimate %.4g (%.1f× smaller)", c.dt, give, moved, diag, give/diag)
		if c.exact && math.Abs(moved/give-1) > 0.03 {
			t.Errorf("dt %g: moved %.4g m/N, Give says %.4g", c.dt, moved, give)
		}
		if !c.exact && moved > give*1.0001 {
			t.Errorf("dt %g: moved %.4g m/N, beyond Give's bound %.4g", c.dt, moved, give)
		}
		if c.exact && give < 5*diag {
			t.Errorf("dt %g: Give %.4g is not well above the diagonal estimate %.4g", c.dt, give, diag)
		}
		if err := b.Clamp(i, b.X[i]); err != nil {
			t.Fatal(err)
		}
		b.Release(i)
		if got := b.Compliance(c.dt, nil)[i]; got != diag {
			t.Errorf("dt %g: after a clamp, Compliance says %g, want the estimate %g again", c.dt, got, diag)
		}
	}
}

// BenchmarkGive: one node's give (Body.Give, three CG solves at the step of 1 ms) on the slabs
// of BenchmarkSubstep clamped at one end, computed afresh each time; the cost a node pays
// once, when the rope first touches it.
func BenchmarkGive(b *testing.B) {
	benchSlabs(b, func(b *testing.B, m *Mesh, body *Body) {
		far := 0
		for i, p := range m.Nodes {
			if p.X > m.Nodes[far].X || (p.X == m.Nodes[far].X && p.Z > m.Nodes[far].Z) {
				far = i // the free end's top corner
			}
		}
		b.ReportAllocs()
		for b.Loop() {
			clear(body.give)
			if body.Give(far, 1e-3) <= 0 {
				b.Fatal("no give")
			}
		}
	})
}
