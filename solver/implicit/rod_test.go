package implicit

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/knotsim/knotsim/band"
	"github.com/knotsim/knotsim/vec"
)

const (
	testEA = 2.0  // N
	testEI = 3e-3 // N·m²
	testL  = 0.01 // m
)

// chain returns n+1 nodes of a random walk of links near testL (each scaled by stretch ±
// jitter), bending by up to maxTurn rad at each joint, and the rest lengths testL.
func chain(rng *rand.Rand, n int, stretch, jitter, maxTurn float64) ([]vec.V3, []float64) {
	x := []vec.V3{{}}
	d := vec.V3{X: 1}
	for range n {
		axis := d.AnyPerp()
		axis = rotate(axis, d, 2*math.Pi*rng.Float64())
		d = rotate(d, axis, maxTurn*rng.Float64()).Unit()
		x = append(x, x[len(x)-1].Add(d.Scale(testL*(stretch+jitter*(2*rng.Float64()-1)))))
	}
	l := make([]float64, n)
	for i := range l {
		l[i] = testL
	}
	return x, l
}

// rotate turns v about the unit axis a by angle (Rodrigues).
func rotate(v, a vec.V3, angle float64) vec.V3 {
	c, s := math.Cos(angle), math.Sin(angle)
	return v.Scale(c).Add(a.Cross(v).Scale(s)).Add(a.Scale(a.Dot(v) * (1 - c)))
}

type forceFn func(x []vec.V3, l []float64, k float64, f []vec.V3, K *band.Sym, off int) float64

func energy(fn forceFn, x []vec.V3, l []float64, k float64) float64 {
	return fn(x, l, k, make([]vec.V3, len(x)), nil, 0)
}

func forces(fn forceFn, x []vec.V3, l []float64, k float64) []vec.V3 {
	f := make([]vec.V3, len(x))
	fn(x, l, k, f, nil, 0)
	return f
}

func comp(v *vec.V3, c int) *float64 {
	switch c {
	case 0:
		return &v.X
	case 1:
		return &v.Y
	}
	return &v.Z
}

// hessians returns the package's K (dense) and the Hessian by central differences of the
// forces, −∂f/∂x.
func hessians(t *testing.T, fn forceFn, x []vec.V3, l []float64, k float64) (K, fd *mat.Dense) {
	t.Helper()
	n := len(x)
	Kb, err := band.New(n, 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	fn(x, l, k, make([]vec.V3, n), Kb, 0)
	K = mat.NewDense(3*n, 3*n, nil)
	fd = mat.NewDense(3*n, 3*n, nil)
	for r := range 3 * n {
		for c := range 3 * n {
			K.Set(r, c, Kb.At(r, c))
		}
	}
	const h = 1e-7
	for j := range n {
		for cj := range 3 {
			xp := append([]vec.V3(nil), x...)
			xm := append([]vec.V3(nil), x...)
			*comp(&xp[j], cj) += h
			*comp(&xm[j], cj) -= h
			fp, fm := forces(fn, xp, l, k), forces(fn, xm, l, k)
			for i := range n {
				for ci := range 3 {
					fd.Set(3*i+ci, 3*j+cj, -(*comp(&fp[i], ci)-*comp(&fm[i], ci))/(2*h))
				}
			}
		}
	}
	return K, fd
}

func maxAbs(m mat.Matrix) float64 {
	r, c := m.Dims()
	var v float64
	for i := range r {
		for j := range c {
			v = math.Max(v, math.Abs(m.At(i, j)))
		}
	}
	return v
}

func minEig(t *testing.T, K *mat.Dense) float64 {
	t.Helper()
	n, _ := K.Dims()
	s := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			s.SetSym(i, j, 0.5*(K.At(i, j)+K.At(j, i)))
		}
	}
	var e mat.EigenSym
	if !e.Factorize(s, false) {
		t.Fatal("eigen decomposition failed")
	}
	return e.Values(nil)[0]
}

// The forces are minus the energy's gradient (central differences), for stretched,
// compressed and sharply bent chains.
func TestForcesAreEnergyGradients(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	for _, fn := range []struct {
		name string
		f    forceFn
		k    float64
	}{{"stretch", addStretch, testEA}, {"bend", addBend, testEI}} {
		for trial := range 20 {
			x, l := chain(rng, 8, 1, 0.05, 2.5)
			f := forces(fn.f, x, l, fn.k)
			scale := 0.0
			for _, v := range f {
				scale = math.Max(scale, v.Norm())
			}
			const h = 1e-7
			for i := range x {
				for c := range 3 {
					xp := append([]vec.V3(nil), x...)
					xm := append([]vec.V3(nil), x...)
					*comp(&xp[i], c) += h
					*comp(&xm[i], c) -= h
					g := (energy(fn.f, xp, l, fn.k) - energy(fn.f, xm, l, fn.k)) / (2 * h)
					if got := *comp(&f[i], c); math.Abs(got+g) > 1e-6*scale {
						t.Fatalf("%s, trial %d: force[%d][%d] = %g, −∂E/∂x = %g", fn.name, trial, i, c, got, -g)
					}
				}
			}
		}
	}
}

// Stretch (Eq. 3.38–3.41): the Hessian is exact for stretched links; for compressed ones the
// stabilisation u = min(l/|s|, 1) departs from it, and keeps it positive semidefinite where the
// exact one is not.
func TestStretchHessian(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	x, l := chain(rng, 6, 1.05, 0.03, 1.5) // every link 2–8 % long
	K, fd := hessians(t, addStretch, x, l, testEA)
	var diff mat.Dense
	diff.Sub(K, fd)
	if e := maxAbs(&diff) / maxAbs(K); e > 1e-6 {
		t.Errorf("stretched: the Hessian is %.2g off the finite differences (relative)", e)
	}
	x, l = chain(rng, 6, 0.95, 0.03, 1.5) // every link 2–8 % short
	K, fd = hessians(t, addStretch, x, l, testEA)
	if m := minEig(t, fd); m > -1e-6*maxAbs(fd) {
		t.Errorf("compressed: the exact Hessian's least eigenvalue is %g; the case should be indefinite", m)
	}
	if m := minEig(t, K); m < -1e-9*maxAbs(K) {
		t.Errorf("compressed: the stabilised Hessian has eigenvalue %g < 0", m)
	}
}

// Bend (Eq. 3.46–3.51 without the approximation of Eq. 3.42): the Gauss–Newton Hessian is
// exact where the rod is straight, departs from the exact one in proportion to the bend
// (halving the bend halves the departure), and is positive semidefinite for any bend.
func TestBendHessian(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 76))
	straight, l := chain(rng, 6, 1, 0, 0)
	K, fd := hessians(t, addBend, straight, l, testEI)
	var diff mat.Dense
	diff.Sub(K, fd)
	if e := maxAbs(&diff) / maxAbs(K); e > 1e-6 {
		t.Errorf("straight: the Hessian is %.2g off the finite differences (relative)", e)
	}
	var prev float64
	for k, turn := range []float64{0.2, 0.1, 0.05} {
		x, l := chain(rand.New(rand.NewPCG(77, 78)), 6, 1, 0, turn)
		K, fd := hessians(t, addBend, x, l, testEI)
		diff.Sub(K, fd)
		e := maxAbs(&diff) / maxAbs(K)
		t.Logf("bends up to %.2f rad: Gauss–Newton departs %.3g from the exact Hessian", turn, e)
		if k > 0 && !(e < 0.65*prev && e > 0.35*prev) {
			t.Errorf("halving the bend took the departure from %.3g to %.3g; want about half", prev, e)
		}
		prev = e
	}
	for trial := range 20 {
		x, l := chain(rng, 8, 1, 0.05, 3)
		K, _ := hessians(t, addBend, x, l, testEI)
		if m := minEig(t, K); m < -1e-9*maxAbs(K) {
			t.Fatalf("trial %d: the bending Hessian has eigenvalue %g < 0", trial, m)
		}
	}
}

// The bending energy of an arc of radius ρ laid in N links converges to the smooth rod's
// EI·L'/(2ρ²) at second order, L' the arc the N − 1 inner joints stand for (the arc less half
// a link at either end, where no joint is); a uniform stretch ε stores ½·EA·L·ε².
func TestEnergiesOfKnownShapes(t *testing.T) {
	const rho = 0.05
	L := 2 * math.Pi * rho * 0.75 // three quarters of a circle
	var prev float64
	for k, n := range []int{12, 24, 48, 96} {
		want := testEI * L * float64(n-1) / float64(n) / (2 * rho * rho)
		x := make([]vec.V3, n+1)
		for i := range x {
			a := L / rho * float64(i) / float64(n)
			x[i] = vec.V3{X: rho * math.Cos(a), Y: rho * math.Sin(a)}
		}
		l := make([]float64, n)
		for i := range l {
			l[i] = x[i+1].Dist(x[i])
		}
		err := math.Abs(energy(addBend, x, l, testEI)/want - 1)
		t.Logf("%d links: bending energy %.3g off", n, err)
		if k > 0 && (err > prev/3.5 || err < prev/4.5) {
			t.Errorf("%d links: error %.3g after %.3g: not second order", n, err, prev)
		}
		prev = err
	}
	x, l := chain(rand.New(rand.NewPCG(79, 80)), 10, 1.02, 0, 0.5)
	if got, want := energy(addStretch, x, l, testEA), 0.5*testEA*10*testL*0.02*0.02; math.Abs(got/want-1) > 1e-9 {
		t.Errorf("uniform 2 %% stretch: energy %g, want %g", got, want)
	}
}

// BenchmarkRodForces: stretch and bend forces with their Hessians assembled into the band for
// the 150-vertex security thread.
func BenchmarkRodForces(b *testing.B) {
	x, l := chain(rand.New(rand.NewPCG(81, 82)), 149, 1, 0.01, 0.5)
	K, err := band.New(len(x), 3, 2)
	if err != nil {
		b.Fatal(err)
	}
	f := make([]vec.V3, len(x))
	b.ReportAllocs()
	for b.Loop() {
		K.Zero()
		clear(f)
		addStretch(x, l, testEA, f, K, 0)
		addBend(x, l, testEI, f, K, 0)
	}
}

func TestRodForcesDoNotAllocate(t *testing.T) {
	x, l := chain(rand.New(rand.NewPCG(83, 84)), 149, 1, 0.01, 0.5)
	K, err := band.New(len(x), 3, 2)
	if err != nil {
		t.Fatal(err)
	}
	f := make([]vec.V3, len(x))
	if a := testing.AllocsPerRun(20, func() {
		addStretch(x, l, testEA, f, K, 0)
		addBend(x, l, testEI, f, K, 0)
	}); a != 0 {
		t.Errorf("%v allocations", a)
	}
}

// The bending Hessian is c·JᵀJ, J = ∂(t_i − t_{i−1})/∂(p_{i−1}, p_i, p_{i+1}) = [A, −A−B, B]
// (A, B the projections across the links over their lengths): addBend assembles its blocks
// from closed forms (A² = A/|s0|), checked here against the product built densely.
func TestBendHessianIsGaussNewton(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	for trial := range 10 {
		x, l := chain(rng, 7, 1.01, 0.05, 2.5)
		n := len(x)
		K, _ := hessians(t, addBend, x, l, testEI)
		want := mat.NewDense(3*n, 3*n, nil)
		for i := 1; i+1 < n; i++ {
			s0, s1 := x[i].Sub(x[i-1]), x[i+1].Sub(x[i])
			n0, n1 := s0.Norm(), s1.Norm()
			A, B := proj(s0.Scale(1/n0), 1/n0), proj(s1.Scale(1/n1), 1/n1)
			J := mat.NewDense(3, 3*n, nil)
			for r := range 3 {
				for c := range 3 {
					J.Set(r, 3*(i-1)+c, A[3*r+c])
					J.Set(r, 3*i+c, -A[3*r+c]-B[3*r+c])
					J.Set(r, 3*(i+1)+c, B[3*r+c])
				}
			}
			var jtj mat.Dense
			jtj.Mul(J.T(), J)
			jtj.Scale(2*testEI/(l[i-1]+l[i]), &jtj)
			want.Add(want, &jtj)
		}
		var diff mat.Dense
		diff.Sub(K, want)
		if e := maxAbs(&diff) / maxAbs(want); e > 1e-12 {
			t.Fatalf("trial %d: the bending Hessian is %.2g off c·JᵀJ (relative)", trial, e)
		}
	}
}
