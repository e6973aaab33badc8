package dvi

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/knotsim/knotsim/solver/internal/twist"
	"github.com/knotsim/knotsim/vec"
)

// Helpers of this file carry the prefix "el" so that other test files of the package cannot
// collide with them.

// elChain returns a random bent chain of n links: link lengths l_j = l0·(1 ± 20 %), each
// direction turned from the previous one by up to maxTurn (rad) about a random axis, the
// current lengths stretched from the rest lengths by up to ±2 % (so that geometry and
// stiffness lengths differ), and the chain offset from the origin by off.
func elChain(r *rand.Rand, n int, l0, maxTurn float64, off vec.V3) (x []vec.V3, l []float64) {
	x = make([]vec.V3, n+1)
	l = make([]float64, n)
	d := elRandUnit(r)
	x[0] = off
	for j := range n {
		if j > 0 {
			ax := d.Cross(elRandUnit(r)).Unit()
			d = elRotate(d, ax, maxTurn*r.Float64())
		}
		l[j] = l0 * (0.8 + 0.4*r.Float64())
		x[j+1] = x[j].Add(d.Scale(l[j] * (0.98 + 0.04*r.Float64())))
	}
	return x, l
}

func elRandUnit(r *rand.Rand) vec.V3 {
	for {
		v := vec.V3{X: 2*r.Float64() - 1, Y: 2*r.Float64() - 1, Z: 2*r.Float64() - 1}
		if n := v.Norm(); n > 0.1 && n <= 1 {
			return v.Scale(1 / n)
		}
	}
}

// elRotate rotates v about the unit axis ax by angle a (Rodrigues).
func elRotate(v, ax vec.V3, a float64) vec.V3 {
	s, c := math.Sincos(a)
	return v.Scale(c).Add(ax.Cross(v).Scale(s)).Add(ax.Scale(ax.Dot(v) * (1 - c)))
}

// elComp returns v with component k (0 = X, 1 = Y, 2 = Z) increased by d.
func elComp(v vec.V3, k int, d float64) vec.V3 {
	switch k {
	case 0:
		v.X += d
	case 1:
		v.Y += d
	default:
		v.Z += d
	}
	return v
}

func elGet(v vec.V3, k int) float64 {
	switch k {
	case 0:
		return v.X
	case 1:
		return v.Y
	default:
		return v.Z
	}
}

func elMaxNorm(f []vec.V3) float64 {
	var m float64
	for _, v := range f {
		m = math.Max(m, v.Norm())
	}
	return m
}

// elFDGrad returns the central finite-difference gradient of e at x with step eps (m).
func elFDGrad(x []vec.V3, eps float64, e func([]vec.V3) float64) []vec.V3 {
	g := make([]vec.V3, len(x))
	y := append([]vec.V3(nil), x...)
	for i := range x {
		for k := range 3 {
			y[i] = elComp(x[i], k, eps)
			ep := e(y)
			y[i] = elComp(x[i], k, -eps)
			em := e(y)
			y[i] = x[i]
			g[i] = elComp(g[i], k, (ep-em)/(2*eps))
		}
	}
	return g
}

// elTransport parallel-transports v from unit tangent a to unit tangent b by the minimal
// rotation (about a×b): R = c·I + [w]× + w·wᵀ/(1 + c), w = a×b, c = a·b.
func elTransport(a, b, v vec.V3) vec.V3 {
	w := a.Cross(b)
	c := a.Dot(b)
	return v.Scale(c).Add(w.Cross(v)).Add(w.Scale(w.Dot(v) / (1 + c)))
}

func elTangent(x []vec.V3, j int) vec.V3 { return x[j+1].Sub(x[j]).Unit() }

// elBishopEnd space-parallel-transports u (⊥ t_0) along the polyline x to its last link.
func elBishopEnd(x []vec.V3, u vec.V3) vec.V3 {
	n := len(x) - 1
	tp := elTangent(x, 0)
	for j := 1; j < n; j++ {
		t := elTangent(x, j)
		u = elTransport(tp, t, u)
		tp = t
	}
	return u
}

// elAngle returns the signed angle (rad) from p to q about the unit axis t.
func elAngle(p, q, t vec.V3) float64 { return math.Atan2(p.Cross(q).Dot(t), p.Dot(q)) }

// elDPsi returns the exact change of the holonomy Ψ from configuration x to a nearby y: the
// first link's frame u0 (⊥ t_0(x)) is time-transported to t_0(y), space-transported along y
// to the last link, and its angle is measured about t_{n−1}(y) against the Bishop frame of x
// time-transported from t_{n−1}(x) to t_{n−1}(y). Direct (geodesic) time transport differs
// from transport along the straight path x → y by O(|y − x|³).
func elDPsi(x, y []vec.V3, u0 vec.V3) float64 {
	n := len(x) - 1
	ux := elBishopEnd(x, u0)
	uy := elBishopEnd(y, elTransport(elTangent(x, 0), elTangent(y, 0), u0))
	tx, ty := elTangent(x, n-1), elTangent(y, n-1)
	return elAngle(elTransport(tx, ty, ux), uy, ty)
}

// elJacobiMax returns the largest eigenvalue of the symmetric m×m matrix a (row-major; it is
// overwritten) by the cyclic Jacobi method.
func elJacobiMax(a []float64, m int) float64 {
	var norm float64
	for _, v := range a {
		norm += v * v
	}
	for sweep := 0; sweep < 100; sweep++ {
		var off float64
		for p := range m {
			for q := p + 1; q < m; q++ {
				off += a[p*m+q] * a[p*m+q]
			}
		}
		if off <= 1e-30*norm {
			break
		}
		for p := range m {
			for q := p + 1; q < m; q++ {
				apq := a[p*m+q]
				if apq == 0 {
					continue
				}
				theta := (a[q*m+q] - a[p*m+p]) / (2 * apq)
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := range m { // columns p, q
					akp, akq := a[k*m+p], a[k*m+q]
					a[k*m+p] = c*akp - s*akq
					a[k*m+q] = s*akp + c*akq
				}
				for k := range m { // rows p, q
					apk, aqk := a[p*m+k], a[q*m+k]
					a[p*m+k] = c*apk - s*aqk
					a[q*m+k] = s*apk + c*aqk
				}
			}
		}
	}
	mx := math.Inf(-1)
	for i := range m {
		mx = math.Max(mx, a[i*m+i])
	}
	return mx
}

// elStiffness returns the symmetrised stiffness matrix K = −∂F/∂x (N/m, row-major,
// 3(n+1) square) of addBendForces at x by central differences with step eps (m).
func elStiffness(x []vec.V3, l []float64, EI, eps float64) []float64 {
	m := 3 * len(x)
	k := make([]float64, m*m)
	y := append([]vec.V3(nil), x...)
	c := make([]float64, len(x))
	fp := make([]vec.V3, len(x))
	fm := make([]vec.V3, len(x))
	for i := range x {
		for d := range 3 {
			clear(fp)
			clear(fm)
			y[i] = elComp(x[i], d, eps)
			addBendForces(y, l, EI, c, fp)
			y[i] = elComp(x[i], d, -eps)
			addBendForces(y, l, EI, c, fm)
			y[i] = x[i]
			col := 3*i + d
			for r := range x {
				for e := range 3 {
					k[(3*r+e)*m+col] = -(elGet(fp[r], e) - elGet(fm[r], e)) / (2 * eps)
				}
			}
		}
	}
	for p := range m {
		for q := p + 1; q < m; q++ {
			s := 0.5 * (k[p*m+q] + k[q*m+p])
			k[p*m+q], k[q*m+p] = s, s
		}
	}
	return k
}

// (1) The bending force is −∇E_b: central differences with a step of 1e-7·l on random bent
// chains with unequal links, within 1e-6 of the largest force.
func TestBendForcesAreEnergyGradient(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const EI, l0 = 2e-3, 0.05
	var worst float64
	for _, n := range []int{1, 2, 3, 5, 10, 40} {
		for trial := range 4 {
			x, l := elChain(r, n, l0, 1.2, vec.V3{X: 0.3, Y: -0.2, Z: 0.1})
			f := make([]vec.V3, n+1)
			c := make([]float64, n+1)
			addBendForces(x, l, EI, c, f)
			g := elFDGrad(x, 1e-7*l0, func(y []vec.V3) float64 { return bendEnergy(y, l, EI) })
			scale := elMaxNorm(f)
			if n < 2 {
				if scale != 0 || bendEnergy(x, l, EI) != 0 {
					t.Fatalf("n = %d: force %g, energy %g, want 0", n, scale, bendEnergy(x, l, EI))
				}
				continue
			}
			var err float64
			for i := range f {
				err = math.Max(err, f[i].Add(g[i]).Norm())
			}
			err /= scale
			worst = math.Max(worst, err)
			if err > 1e-6 {
				t.Errorf("n = %d trial %d: |F + ∇E_b|/max|F| = %.3g, want ≤ 1e-6", n, trial, err)
			}
		}
	}
	t.Logf("largest |F + ∇E_b (finite differences)|/max|F| = %.3g", worst)
}

// (2) A single joint (n = 2): the force on each link's outer node is perpendicular to that
// link and the middle node takes minus their sum, so the joint's contribution to each link is
// a perpendicular couple (no tension). The fixed-length form printed in C.1 fails this.
func TestBendForcesPerpendicularToLinks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var worst float64
	for trial := range 50 {
		x, l := elChain(r, 2, 0.03, 2.8, vec.V3{})
		f := make([]vec.V3, 3)
		c := make([]float64, 3)
		gmax := addBendForces(x, l, 1e-3, c, f)
		t0, t1 := elTangent(x, 0), elTangent(x, 1)
		s := elMaxNorm(f)
		// The link-0 couple is (F_0, −F_0), the link-1 couple (−F_2, F_2): F_1 = −F_0 − F_2.
		e := math.Max(math.Abs(f[0].Dot(t0)), math.Abs(f[2].Dot(t1))) / s
		e = math.Max(e, f[0].Add(f[1]).Add(f[2]).Norm()/s)
		worst = math.Max(worst, e)
		if e > 1e-14 {
			t.Errorf("trial %d: axial part %.3g of the largest force, want ≤ 1e-14", trial, e)
		}
		if want := 8e-3 / ((l[0] + l[1]) * (1 + c[1]) * (1 + c[1])); math.Abs(gmax-want) > 1e-12*want {
			t.Errorf("trial %d: gmax = %g, want %g", trial, gmax, want)
		}
	}
	t.Logf("largest axial force / |F| = %.3g", worst)
}

// (3) A circle arc of radius ρ and length L discretised with n equal chords: E_b tends to
// ½·EI·L/ρ². The discrete energy lives on the n−1 joints, i.e. on the arc between the
// midpoints of the end links, of length L·(n−1)/n: against ½·EI·L·(n−1)/(n·ρ²) the error is
// second order (5φ²/24, φ = L/(nρ)); against ½·EI·L/ρ² it is first order (−1/n, the missing
// half links at the free ends).
func TestBendEnergyCircleArc(t *testing.T) {
	const EI, rho, L = 3e-3, 0.4, 1.0
	var e1, e2 []float64
	for _, n := range []int{10, 20, 40, 80} {
		x := make([]vec.V3, n+1)
		for j := range x {
			a := L / rho * float64(j) / float64(n)
			x[j] = vec.V3{X: rho * math.Cos(a), Y: rho * math.Sin(a), Z: 0.1}
		}
		chord := 2 * rho * math.Sin(L/(2*rho*float64(n)))
		l := make([]float64, n)
		for j := range l {
			l[j] = chord
		}
		e := bendEnergy(x, l, EI)
		full := 0.5 * EI * L / (rho * rho)
		voronoi := full * float64(n-1) / float64(n)
		e1 = append(e1, e/full-1)
		e2 = append(e2, e/voronoi-1)
		t.Logf("n = %2d: E_b = %.8g J, vs ½EI·L/ρ² %+.3e, vs ½EI·L(n−1)/(nρ²) %+.3e (5φ²/24 = %.3e)",
			n, e, e/full-1, e/voronoi-1, 5*math.Pow(L/(rho*float64(n)), 2)/24)
	}
	for k := 1; k < len(e2); k++ {
		if q := e2[k-1] / e2[k]; q < 3.8 || q > 4.2 {
			t.Errorf("Voronoi-length error ratio %d: %.3f, want ≈ 4 (second order)", k, q)
		}
		if q := e1[k-1] / e1[k]; q < 1.8 || q > 2.2 {
			t.Errorf("full-length error ratio %d: %.3f, want ≈ 2 (first order, free ends)", k, q)
		}
	}
	if math.Abs(e2[2]) > 0.01 {
		t.Errorf("n = 40: error %.3g against the Voronoi length, want ≤ 1 %%", e2[2])
	}
}

// (4a) Bending dissipation. With the instantaneous rate cPrev = c − h·∇c·v the power f·v equals
// −k_d·Σ β̇_i² ≤ 0 (Eq. 5) exactly. With App. B's backward difference, cPrev = cosines(x − h·v),
// β̇_i = ċ_i − ½h·c̈_i + O(h²), so f·v = −k_d·Σ β̇_i·ċ_i can be slightly positive when some
// |ċ_i| ≲ h|c̈_i| (found: n = 2, a single joint moving almost tangentially to its level set);
// it is bounded by k_d·Σ (h·c̈_i)²/16, which is asserted (×1.5 for the O(h³) rest), with c̈_i
// along v from central differences.
func TestBendDampingDissipates(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const kd, h, l0 = 2e-4, 1e-4, 0.02
	var worstExact, worstBound float64
	var positive, trials int
	for _, n := range []int{2, 3, 8, 30} {
		for trial := range 200 {
			trials++
			x, _ := elChain(r, n, l0, 1.5, vec.V3{X: 1})
			v := make([]vec.V3, n+1)
			xp := make([]vec.V3, n+1)
			for i := range v {
				v[i] = elRandUnit(r).Scale(0.2 * r.Float64())
				xp[i] = x[i].Sub(v[i].Scale(h))
			}
			c := make([]float64, n+1)
			cp := make([]float64, n+1)
			cosines(x, c)
			cosines(xp, cp)
			f := make([]vec.V3, n+1)
			addBendDamping(x, c, cp, h, kd, f)
			var p float64
			for i := range f {
				p += f[i].Dot(v[i])
			}
			// ċ_i = ∇c_i·v (step 1e-6 s) and c̈_i (step 1e-4 s) by central differences along v.
			cAt := func(s float64) []float64 {
				y := make([]vec.V3, n+1)
				for i := range y {
					y[i] = x[i].Add(v[i].Scale(s))
				}
				cc := make([]float64, n+1)
				cosines(y, cc)
				return cc
			}
			c1p, c1m, c2p, c2m := cAt(1e-6), cAt(-1e-6), cAt(1e-4), cAt(-1e-4)
			var want, bound float64
			ci := make([]float64, n+1)
			for i := range ci {
				cd := (c1p[i] - c1m[i]) / 2e-6
				cdd := (c2p[i] - 2*c[i] + c2m[i]) / 1e-8
				ci[i] = c[i] - h*cd
				want -= kd * cd * cd
				bound += kd * h * h * cdd * cdd / 16
			}
			if p > 0 {
				positive++
				worstBound = math.Max(worstBound, p/bound)
				if p > 1.5*bound {
					t.Errorf("n = %d trial %d: backward-difference power %g W > k_d·Σ(h·c̈)²/16 = %g", n, trial, p, bound)
				}
			}
			clear(f)
			addBendDamping(x, c, ci, h, kd, f)
			p = 0
			for i := range f {
				p += f[i].Dot(v[i])
			}
			if want == 0 {
				continue
			}
			e := math.Abs(p/want - 1)
			worstExact = math.Max(worstExact, e)
			if p > 0 || e > 1e-5 { // limited by the differences for ċ when Σċ² is small
				t.Errorf("n = %d trial %d: instantaneous power %g, want −k_d·Σċ² = %g", n, trial, p, want)
			}
		}
	}
	t.Logf("instantaneous β̇: largest |P/(−k_d·Σβ̇²) − 1| = %.3g; backward β̇: P > 0 in %d of %d trials, largest P/(k_d·Σ(h·c̈)²/16) = %.3g",
		worstExact, positive, trials, worstBound)
}

// (4b) The damping force is −k_d·Σ β̇_i·∇c_i with ∇c_i from central differences of cosines.
func TestBendDampingMatchesFiniteDifferences(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const kd, h, l0 = 3e-4, 1e-3, 0.04
	var worst float64
	for _, n := range []int{2, 4, 12} {
		x, _ := elChain(r, n, l0, 1.2, vec.V3{Y: 2})
		c := make([]float64, n+1)
		cp := make([]float64, n+1)
		cosines(x, c)
		for i := range cp {
			cp[i] = c[i] - 0.01*(2*r.Float64()-1)
		}
		f := make([]vec.V3, n+1)
		addBendDamping(x, c, cp, h, kd, f)
		want := make([]vec.V3, n+1)
		for i := 1; i < n; i++ {
			b := (c[i] - cp[i]) / h
			gc := elFDGrad(x, 1e-7*l0, func(y []vec.V3) float64 {
				cc := make([]float64, len(y))
				cosines(y, cc)
				return cc[i]
			})
			for j := range want {
				want[j] = want[j].Sub(gc[j].Scale(kd * b))
			}
		}
		var err float64
		for j := range f {
			err = math.Max(err, f[j].Sub(want[j]).Norm())
		}
		err /= elMaxNorm(want)
		worst = math.Max(worst, err)
		if err > 1e-6 {
			t.Errorf("n = %d: |F_b − (−k_d·Σβ̇∇c)|/max = %.3g, want ≤ 1e-6", n, err)
		}
	}
	t.Logf("largest relative difference from finite differences: %.3g", worst)
}

// (4c) Bending, damping and twist forces each sum to zero; bending and damping have zero total
// torque Σ x_i × f_i (rotation invariance).
func TestElasticMomentum(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var worstF, worstT float64
	for _, n := range []int{2, 3, 7, 25} {
		x, l := elChain(r, n, 0.03, 1.5, vec.V3{X: 0.7, Y: -1.3, Z: 0.4})
		c := make([]float64, n+1)
		cp := make([]float64, n+1)
		g := make([]vec.V3, n+1)
		for kind := range 3 {
			f := make([]vec.V3, n+1)
			switch kind {
			case 0:
				addBendForces(x, l, 1.7e-3, c, f)
			case 1:
				cosines(x, c)
				for i := range cp {
					cp[i] = c[i] - 0.02*(2*r.Float64()-1)
				}
				addBendDamping(x, c, cp, 1e-3, 5e-4, f)
			case 2:
				twist.HolonomyGrad(x, g)
				twist.AddForces(g, 0.37, f)
			}
			var sum, tq vec.V3
			var sf, st float64
			for i := range f {
				sum = sum.Add(f[i])
				tq = tq.Add(x[i].Cross(f[i]))
				sf += f[i].Norm()
				st += x[i].Norm() * f[i].Norm()
			}
			ef := sum.Norm() / sf
			worstF = math.Max(worstF, ef)
			if ef > 1e-12 || sf == 0 {
				t.Errorf("n = %d kind %d: |Σf|/Σ|f| = %.3g (Σ|f| = %g), want ≤ 1e-12", n, kind, ef, sf)
			}
			if kind < 2 {
				et := tq.Norm() / st
				worstT = math.Max(worstT, et)
				if et > 1e-12 {
					t.Errorf("n = %d kind %d: |Σx×f|/Σ|x||f| = %.3g, want ≤ 1e-12", n, kind, et)
				}
			}
		}
	}
	t.Logf("largest |Σf|/Σ|f| = %.3g, |Σx×f|/Σ|x||f| = %.3g", worstF, worstT)
}

// (5) holonomyGrad is the gradient of the exactly transported holonomy: central differences
// of elDPsi (step 1e-7·l), within 1e-6 of max|∇Ψ|.
func TestTwistHolonomyGrad(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	const l0 = 0.05
	var worst float64
	for _, n := range []int{2, 3, 6, 20} {
		for trial := range 3 {
			x, _ := elChain(r, n, l0, 1.3, vec.V3{Z: -0.5})
			u0 := elTangent(x, 0).AnyPerp()
			g := make([]vec.V3, n+1)
			twist.HolonomyGrad(x, g)
			fd := elFDGrad(x, 1e-7*l0, func(y []vec.V3) float64 { return elDPsi(x, y, u0) })
			var err float64
			for i := range g {
				err = math.Max(err, g[i].Sub(fd[i]).Norm())
			}
			err /= elMaxNorm(fd)
			worst = math.Max(worst, err)
			if err > 1e-6 {
				t.Errorf("n = %d trial %d: |∇Ψ − finite differences|/max = %.3g, want ≤ 1e-6", n, trial, err)
			}
		}
	}
	t.Logf("largest |holonomyGrad − ∇Ψ(exact transport)|/max = %.3g", worst)
}

// (5b) Accumulating Ψ += ∇Ψ(x^{k+½})·(x^{k+1} − x^k) (C.5 at the midpoint, with the 1/l of C.4)
// over 10⁴ steps of a smooth motion (deformation plus a rigid rotation) follows the exact
// transport within 1e-6 rad.
func TestTwistHolonomyAccumulates(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	const n, steps = 15, 10000
	x0, _ := elChain(r, n, 0.05, 0.6, vec.V3{})
	w := make([]vec.V3, n+1)
	for i := range w {
		w[i] = elRandUnit(r).Scale(0.03)
	}
	ax := elRandUnit(r)
	at := func(s float64, y []vec.V3) {
		for i := range y {
			p := x0[i].Add(w[i].Scale(math.Sin(3 * s)))
			y[i] = elRotate(p, ax, 2*s)
		}
	}
	xa := make([]vec.V3, n+1)
	xb := make([]vec.V3, n+1)
	xm := make([]vec.V3, n+1)
	g := make([]vec.V3, n+1)
	at(0, xa)
	u0 := elTangent(xa, 0).AnyPerp()
	ref := elBishopEnd(xa, u0)
	var psi, exact float64
	for k := range steps {
		at(float64(k+1)/steps, xb)
		for i := range xm {
			xm[i] = xa[i].Lerp(xb[i], 0.5)
		}
		twist.HolonomyGrad(xm, g)
		for i := range g {
			psi += g[i].Dot(xb[i].Sub(xa[i]))
		}
		u0 = elTransport(elTangent(xa, 0), elTangent(xb, 0), u0)
		ref = elTransport(elTangent(xa, n-1), elTangent(xb, n-1), ref)
		a := elAngle(ref, elBishopEnd(xb, u0), elTangent(xb, n-1))
		exact += math.Remainder(a-exact, 2*math.Pi)
		xa, xb = xb, xa
	}
	t.Logf("after %d steps: Ψ accumulated %.9f rad, exact transport %.9f rad, difference %.3g",
		steps, psi, exact, psi-exact)
	if math.Abs(exact) < 0.1 {
		t.Fatalf("motion too tame: Ψ = %g rad", exact)
	}
	if math.Abs(psi-exact) > 1e-6 {
		t.Errorf("accumulated Ψ %.9f vs exact %.9f: difference %.3g rad, want ≤ 1e-6", psi, exact, psi-exact)
	}
}

// (6) Sign convention Δθ = θ_in − Ψ: E_t(x) = GJ·(θ_in − Ψ(x))²/(2L̄) with Ψ(x) taken from the
// exact transport (elDPsi) and θ_in fixed; twist.AddForces(holonomyGrad, τ) is −∇E_t by
// central differences within 1e-6. The opposite sign would fail by 200 %.
func TestTwistForcesAreEnergyGradient(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	const GJ, thetaIn, psi0, l0 = 2e-2, 1.3, 0.4, 0.05
	var worst float64
	for _, n := range []int{2, 4, 12} {
		x, l := elChain(r, n, l0, 1.0, vec.V3{X: -0.2})
		u0 := elTangent(x, 0).AnyPerp()
		g := make([]vec.V3, n+1)
		twist.HolonomyGrad(x, g)
		_, tau := twist.Energy(thetaIn-psi0, GJ, l)
		f := make([]vec.V3, n+1)
		twist.AddForces(g, tau, f)
		fd := elFDGrad(x, 1e-7*l0, func(y []vec.V3) float64 {
			e, _ := twist.Energy(thetaIn-(psi0+elDPsi(x, y, u0)), GJ, l)
			return e
		})
		var err float64
		for i := range f {
			err = math.Max(err, f[i].Add(fd[i]).Norm())
		}
		err /= elMaxNorm(f)
		worst = math.Max(worst, err)
		if err > 1e-6 {
			t.Errorf("n = %d: |F_t + ∇E_t|/max|F_t| = %.3g, want ≤ 1e-6", n, err)
		}
	}
	t.Logf("largest |F_t + ∇E_t (finite differences)|/max|F_t| = %.3g", worst)
}

// twistEnergy: L̄ = ½·Σ l̄_i = Σl − ½(l_0 + l_{n−1}) for unequal links, E = ½·τ·Δθ, and no twist
// for a single link.
func TestTwistEnergyValues(t *testing.T) {
	l := []float64{0.1, 0.2, 0.3, 0.4}
	lbar := 0.5 * ((0.1 + 0.2) + (0.2 + 0.3) + (0.3 + 0.4))
	e, tau := twist.Energy(2, 0.5, l)
	if math.Abs(tau-0.5*2/lbar) > 1e-15 || math.Abs(e-0.5*2*2/(2*lbar)) > 1e-15 {
		t.Errorf("twist.Energy(2, 0.5) = %g, %g; want %g, %g", e, tau, 0.5*2*2/(2*lbar), 0.5*2/lbar)
	}
	if e, tau := twist.Energy(2, 0.5, l[:1]); e != 0 || tau != 0 {
		t.Errorf("one link: %g, %g; want 0, 0", e, tau)
	}
}

// (7) bendOmega2 against the largest eigenvalue of the stiffness of a straight 50-link chain
// (finite differences of addBendForces) over the node mass, within 5 %. Also logged: lumped
// masses with half-mass ends, and n = 10.
func TestBendOmega2(t *testing.T) {
	const EI, m, l = 1e-3, 2e-4, 0.02
	for _, n := range []int{10, 50} {
		x := make([]vec.V3, n+1)
		ls := make([]float64, n)
		for j := range x {
			x[j] = vec.V3{X: l * float64(j), Y: 0.1, Z: -0.3}
		}
		for j := range ls {
			ls[j] = l
		}
		k := elStiffness(x, ls, EI, 1e-6*l)
		// Lumped masses (half at the ends): M^{-1/2}·K·M^{-1/2}.
		mm := 3 * (n + 1)
		kl := make([]float64, len(k))
		for p := range mm {
			for q := range mm {
				wp, wq := 1.0, 1.0
				if p/3 == 0 || p/3 == n {
					wp = math.Sqrt2
				}
				if q/3 == 0 || q/3 == n {
					wq = math.Sqrt2
				}
				kl[p*mm+q] = k[p*mm+q] * wp * wq
			}
		}
		w2 := elJacobiMax(k, mm) / m
		w2l := elJacobiMax(kl, mm) / m
		want := bendOmega2(EI, m, l)
		t.Logf("n = %d: λmax(K)/m = %.6g 1/s² = %.5f·EI/(m·l³); lumped (half-mass ends) %.5f·EI/(m·l³); bendOmega2 %.5g",
			n, w2, w2*m*l*l*l/EI, w2l*m*l*l*l/EI, want)
		if n == 50 {
			if math.Abs(w2/want-1) > 0.05 {
				t.Errorf("n = 50: λmax/m = %g, bendOmega2 = %g: off by %.2f %%, want ≤ 5 %%", w2, want, 100*(w2/want-1))
			}
			if w2l > want*1.0001 {
				t.Errorf("half-mass ends raise ω² to %g above bendOmega2 = %g", w2l, want)
			}
		}
	}
}

// Bent strands are stiffer: λmax(K)/m of circle arcs against bendOmega2·gmax·l/EI (gmax from
// addBendForces). K is the unconstrained stiffness, an upper bound for the constrained one.
func TestBendOmega2Bent(t *testing.T) {
	const EI, m, l, n = 1e-3, 2e-4, 0.02, 20
	for _, phi := range []float64{0, 0.3, 0.8, 1.5, 2.2} {
		x := make([]vec.V3, n+1)
		ls := make([]float64, n)
		d := vec.V3{X: 1}
		for j := range ls {
			ls[j] = l
			x[j+1] = x[j].Add(d.Scale(l))
			d = elRotate(d, vec.V3{Z: 1}, phi)
		}
		k := elStiffness(x, ls, EI, 1e-6*l)
		w2 := elJacobiMax(k, 3*(n+1)) / m
		f := make([]vec.V3, n+1)
		c := make([]float64, n+1)
		gmax := addBendForces(x, ls, EI, c, f)
		est := bendOmega2(EI, m, l) * gmax * l / EI
		t.Logf("turn %.1f rad per joint: λmax(K)/m = %.4g, estimate %.4g, ratio %.3f", phi, w2, est, w2/est)
		if w2 > 1.5*est || w2 < 0.5*est {
			t.Errorf("turn %.1f: λmax/m = %g vs estimate %g", phi, w2, est)
		}
	}
}

func TestElasticNoAllocation(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	x, l := elChain(r, 30, 0.02, 1, vec.V3{})
	c := make([]float64, 31)
	cp := make([]float64, 31)
	f := make([]vec.V3, 31)
	g := make([]vec.V3, 31)
	a := testing.AllocsPerRun(20, func() {
		_ = bendEnergy(x, l, 1e-3)
		cosines(x, cp)
		addBendForces(x, l, 1e-3, c, f)
		addBendDamping(x, c, cp, 1e-3, 1e-4, f)
		twist.HolonomyGrad(x, g)
		_, tau := twist.Energy(0.3, 1e-3, l)
		twist.AddForces(g, tau, f)
	})
	if a != 0 {
		t.Errorf("%g allocations per run, want 0", a)
	}
}

func BenchmarkBendForces100(b *testing.B) {
	r := rand.New(rand.NewPCG(19, 20))
	x, l := elChain(r, 100, 0.01, 0.8, vec.V3{})
	c := make([]float64, 101)
	f := make([]vec.V3, 101)
	b.ReportAllocs()
	for b.Loop() {
		addBendForces(x, l, 1e-3, c, f)
	}
}
