package pbd

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// The direct solve is checked against cosseratRef, a verbatim copy of cosserat and its
// helpers as of commit 157f74d (the generic 6×6 block elimination, helpers suffixed Ref), on
// realistic states: after a run of steps, a substep's prediction (velocities, tools' heavier
// nodes, prescribed end frames), then several Newton passes on copies of the solver.

// cloneForSolve returns copies of s and st sharing nothing a direct solve writes.
func cloneForSolve(s *Solver, st *rope.State) (*Solver, *rope.State) {
	c := *s
	c.q = slices.Clone(s.q)
	c.lamS = slices.Clone(s.lamS)
	c.lamB = slices.Clone(s.lamB)
	c.w = slices.Clone(s.w)
	c.d3 = slices.Clone(s.d3)
	c.sd = slices.Clone(s.sd)
	c.so = slices.Clone(s.so)
	c.sx = slices.Clone(s.sx)
	c.sr = slices.Clone(s.sr)
	c.sz = slices.Clone(s.sz)
	c.sg = slices.Clone(s.sg)
	ct := *st
	ct.Pos = slices.Clone(st.Pos)
	return &c, &ct
}

// predictSubstep moves w's state as a substep does before its solves (velocities, the end
// drives' frames, the tools' springs folded into their nodes' masses), plus a random kick of
// up to kick·(link length) on every node and kick rad on every free frame.
func predictSubstep(w *world.World, s *Solver, kick float64, rng *rand.Rand) {
	st := w.State
	h := s.h
	rnd := func() vec.V3 {
		return vec.V3{X: rng.Float64() - 0.5, Y: rng.Float64() - 0.5, Z: rng.Float64() - 0.5}.Scale(2)
	}
	for i := range st.Pos {
		st.Pos[i] = st.Pos[i].Add(s.v[i].Scale(h)).Add(rnd().Scale(kick * s.rest[0]))
	}
	for g := range s.q {
		s.q[g] = s.q[g].addWorld(s.om[g].Scale(h).Add(rnd().Scale(kick)))
	}
	for k := range st.Strands {
		for e := 0; e < 2; e++ {
			if d := &s.ends[2*k+e]; d.on {
				s.q[s.endIdx[2*k+e]] = d.ref.mul(axisAngle(vec.V3{Z: 1}, d.angle))
			}
		}
	}
	for gi := range s.grasps {
		if g := &s.grasps[gi]; !g.force {
			s.w[g.node] = 1 / (1/g.w + g.spring*h*h)
		}
	}
	clear(s.lamS)
	clear(s.lamB)
}

// twistWorld is a 100-link soft rod with both end frames prescribed and both ends held, one
// end twisted by 4 rad.
func twistWorld(tb testing.TB) (*world.World, *Solver) {
	const r, n, l = 0.002, 100, 0.01
	st := &rope.State{}
	addRope(tb, st, r, l, line(vec.V3{}, vec.V3{X: 1}, n, l), softRope())
	s := newPBD(tb, DefaultParams())
	w := newWorld(tb, st, s, vec.V3{Z: -9.81}, 1e-3)
	pin(w, 0)
	pin(w, n)
	st.Pos[n/2].Y += 1e-4
	for _, e := range []int{0, 1} {
		if err := s.SetEndRotation(0, e, 0); err != nil {
			tb.Fatal(err)
		}
	}
	for c := 1; c <= 200; c++ {
		if err := s.SetEndRotation(0, 1, 0.02*float64(c)); err != nil {
			tb.Fatal(err)
		}
		w.Tools[1].Target.X -= 0.0002
		run(tb, w, 1)
	}
	return w, s
}

// multiWorld has three strands: a 40-link line, a 1-link stub and a 60-link coil, the coil
// pulled by a force and pinned in its middle.
func multiWorld(tb testing.TB) (*world.World, *Solver) {
	st := &rope.State{}
	addRope(tb, st, 0.002, 0.01, line(vec.V3{Z: 0.1}, vec.V3{X: 1}, 40, 0.01), nylon(1))
	addRope(tb, st, 0.002, 0.01, line(vec.V3{Z: 0.3}, vec.V3{Y: 1}, 1, 0.01), softRope())
	var pts []vec.V3
	for i := 0; i <= 60; i++ {
		a := float64(i) * 0.3
		pts = append(pts, vec.V3{X: 0.03 * math.Cos(a), Y: 0.03 * math.Sin(a), Z: -0.1 + 0.0015*a})
	}
	addRope(tb, st, 0.002, 0.0089, pts, softRope())
	s := newPBD(tb, DefaultParams())
	w := newWorld(tb, st, s, vec.V3{Z: -9.81}, 1e-3)
	first := st.Strands[2].First
	pin(w, first+30)
	pin(w, 0)
	pull(w, first+60, vec.V3{X: 2})
	run(tb, w, 150)
	return w, s
}

// pulledKnotWorld is a 120-link overhand knot whose ends are pulled apart at 1 m/s.
func pulledKnotWorld(tb testing.TB) (*world.World, *Solver) {
	const n = 120
	w, s := knotWorld(tb, n)
	st := w.State
	dir := st.Pos[n].Sub(st.Pos[0]).Unit()
	for c := 0; c < 150; c++ {
		w.Tools[0].Target = w.Tools[0].Target.Sub(dir.Scale(0.001))
		w.Tools[1].Target = w.Tools[1].Target.Add(dir.Scale(0.001))
		run(tb, w, 1)
	}
	return w, s
}

// errV returns |a−b|/max(|b|, floor).
func errV(a, b vec.V3, floor float64) float64 {
	if a == b {
		return 0
	}
	return a.Sub(b).Norm() / math.Max(b.Norm(), floor)
}

func errQ(a, b quat) float64 {
	d := quat{a.W - b.W, a.X - b.X, a.Y - b.Y, a.Z - b.Z}
	return math.Sqrt(d.norm2())
}

// compareSolve runs passes direct solves of strand k with cosserat on one copy of (s, st)
// and cosseratRef on another and fails unless every pass's violation and the final
// positions, frames and multipliers agree within tol (positions relative to the link length
// or their norm, multipliers relative to the strand's largest).
func compareSolve(t *testing.T, name string, s *Solver, st *rope.State, k, passes int, tol float64) {
	t.Helper()
	a, sta := cloneForSolve(s, st)
	b, stb := cloneForSolve(s, st)
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg, str.Links(), str.First
	var worst float64
	note := func(e float64, what string, i int) {
		t.Helper()
		worst = math.Max(worst, e)
		if !(e <= tol) {
			t.Errorf("%s strand %d: %s %d off by %.3g relative", name, k, what, i, e)
		}
	}
	for p := 0; p < passes; p++ {
		va := a.cosserat(sta, k, s.h)
		vb := b.cosseratRef(stb, k, s.h)
		// A violation is only compared with the 1e-3 of the extra passes: tiny ones (rounding
		// of the positions) are compared absolutely.
		if math.IsNaN(vb) != math.IsNaN(va) || !math.IsNaN(vb) && math.Abs(va-vb) > tol*math.Max(vb, 1e-3) {
			t.Errorf("%s strand %d pass %d: violation %v, reference %v", name, k, p, va, vb)
		}
	}
	for i := n0; i <= n0+m; i++ {
		note(errV(sta.Pos[i], stb.Pos[i], s.rest[f]), "position", i)
	}
	var ls, lb float64
	for g := f; g < f+m; g++ {
		note(errQ(a.q[g], b.q[g]), "orientation", g)
		ls = math.Max(ls, b.lamS[g].Norm())
		lb = math.Max(lb, b.lamB[g].Norm())
	}
	for g := f; g < f+m; g++ {
		note(errV(a.lamS[g], b.lamS[g], ls), "lamS", g)
		note(errV(a.lamB[g], b.lamB[g], lb), "lamB", g)
	}
	// Everything outside the strand is untouched.
	for i := range st.Pos {
		if (i < n0 || i > n0+m) && sta.Pos[i] != st.Pos[i] {
			t.Errorf("%s strand %d: node %d of another strand moved", name, k, i)
		}
	}
	for g := range s.q {
		if (g < f || g >= f+m) && (a.q[g] != s.q[g] || a.lamS[g] != s.lamS[g] || a.lamB[g] != s.lamB[g]) {
			t.Errorf("%s strand %d: segment %d of another strand changed", name, k, g)
		}
	}
	t.Logf("%s strand %d (%d links), %d passes: worst relative difference %.2g", name, k, m, passes, worst)
}

func TestCosseratMatchesRef(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type scene struct {
		name string
		make func(testing.TB) (*world.World, *Solver)
	}
	scenes := []scene{
		{"coil", func(tb testing.TB) (*world.World, *Solver) {
			w := coilWorld(tb)
			run(tb, w, 300)
			return w, w.Solver.(*Solver)
		}},
		{"knot", pulledKnotWorld},
		{"twist", twistWorld},
		{"multi", multiWorld},
	}
	for _, sc := range scenes {
		w, s := sc.make(t)
		for _, kick := range []float64{0, 1e-3, 0.05} {
			snap, snapSt := cloneForSolve(s, w.State)
			predictSubstep(w, s, kick, rng)
			for k := range w.State.Strands {
				compareSolve(t, sc.name, s, w.State, k, 4, 1e-9)
			}
			// Restore the world for the next kick.
			copy(s.q, snap.q)
			copy(s.w, snap.w)
			copy(w.State.Pos, snapSt.Pos)
		}
	}
}

// A non-finite position leaves the strand untouched in both solves, which return NaN.
func TestCosseratNaN(t *testing.T) {
	w := coilWorld(t)
	run(t, w, 50)
	s := w.Solver.(*Solver)
	w.State.Pos[37].Y = math.NaN()
	a, sta := cloneForSolve(s, w.State)
	b, stb := cloneForSolve(s, w.State)
	va, vb := a.cosserat(sta, 0, s.h), b.cosseratRef(stb, 0, s.h)
	if !math.IsNaN(va) || !math.IsNaN(vb) {
		t.Errorf("violation %v, reference %v; want NaN", va, vb)
	}
	for i := range w.State.Pos {
		if i != 37 && (sta.Pos[i] != w.State.Pos[i] || stb.Pos[i] != w.State.Pos[i]) {
			t.Errorf("node %d moved", i)
		}
	}
	for g := range s.q {
		if a.q[g] != s.q[g] || a.lamS[g] != s.lamS[g] || a.lamB[g] != s.lamB[g] {
			t.Errorf("segment %d changed", g)
		}
	}
}

func TestCosseratDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	w := coilWorld(t)
	run(t, w, 20)
	s := w.Solver.(*Solver)
	if a := testing.AllocsPerRun(100, func() { s.cosserat(w.State, 0, s.h) }); a != 0 {
		t.Errorf("%v allocations per solve", a)
	}
}

// benchSolve times one direct solve of strand 0 of w per op, after a substep's prediction.
func benchSolve(b *testing.B, w *world.World, ref bool) {
	s := w.Solver.(*Solver)
	predictSubstep(w, s, 0, rand.New(rand.NewPCG(1, 2)))
	st := w.State
	m := st.Strands[0].Links()
	for b.Loop() {
		if ref {
			s.cosseratRef(st, 0, s.h)
		} else {
			s.cosserat(st, 0, s.h)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m), "ns/link")
}

func coil500(b *testing.B) *world.World {
	w := coilWorld(b)
	run(b, w, 500)
	return w
}

func knot1000(b *testing.B) *world.World {
	w, _ := knotWorld(b, 1000)
	run(b, w, 50)
	return w
}

func BenchmarkCosserat100(b *testing.B)     { benchSolve(b, coil500(b), false) }
func BenchmarkCosseratRef100(b *testing.B)  { benchSolve(b, coil500(b), true) }
func BenchmarkCosserat1000(b *testing.B)    { benchSolve(b, knot1000(b), false) }
func BenchmarkCosseratRef1000(b *testing.B) { benchSolve(b, knot1000(b), true) }

// m3Ref returns the rotation matrix of a unit quaternion (row major).
func (a quat) m3Ref() mat3 {
	w, x, y, z := a.W, a.X, a.Y, a.Z
	return mat3{
		1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y),
		2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x),
		2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y),
	}
}

func (m *mat3) mulTVecRef(v vec.V3) vec.V3 {
	return vec.V3{X: m[0]*v.X + m[3]*v.Y + m[6]*v.Z, Y: m[1]*v.X + m[4]*v.Y + m[7]*v.Z, Z: m[2]*v.X + m[5]*v.Y + m[8]*v.Z}
}

// mul3Ref returns a·b.
func mul3Ref(a, b *mat3) mat3 {
	var c mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[3*i+j] = a[3*i]*b[j] + a[3*i+1]*b[3+j] + a[3*i+2]*b[6+j]
		}
	}
	return c
}

// mul3TRef returns a·bᵀ.
func mul3TRef(a, b *mat3) mat3 {
	var c mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[3*i+j] = a[3*i]*b[3*j] + a[3*i+1]*b[3*j+1] + a[3*i+2]*b[3*j+2]
		}
	}
	return c
}

// cross3Ref returns [v]×, the matrix of v × ·.
func cross3Ref(v vec.V3) mat3 {
	return mat3{0, -v.Z, v.Y, v.Z, 0, -v.X, -v.Y, v.X, 0}
}

// putRef writes the 3×3 block a·m at rows r, columns c of a 6×6 matrix.
func (M *mat6) putRef(r, c int, m *mat3, a float64) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			M[6*(r+i)+c+j] = a * m[3*i+j]
		}
	}
}

// putTRef writes a·mᵀ at rows r, columns c.
func (M *mat6) putTRef(r, c int, m *mat3, a float64) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			M[6*(r+i)+c+j] = a * m[3*j+i]
		}
	}
}

// chol6Ref factors the symmetric positive definite A in place into L (lower, Lᵀ above is
// ignored) with A = LLᵀ. A pivot that rounding made non-positive is replaced by a tiny
// positive one (the constraint is then as good as inactive for this solve).
func chol6Ref(A *mat6) {
	for j := 0; j < 6; j++ {
		d := A[6*j+j]
		for k := 0; k < j; k++ {
			d -= A[6*j+k] * A[6*j+k]
		}
		if !(d > 1e-300) {
			d = 1e-300
		}
		d = math.Sqrt(d)
		A[6*j+j] = d
		inv := 1 / d
		for i := j + 1; i < 6; i++ {
			s := A[6*i+j]
			for k := 0; k < j; k++ {
				s -= A[6*i+k] * A[6*j+k]
			}
			A[6*i+j] = s * inv
		}
	}
}

// fwd6Ref solves L·x = b in place (b becomes x), L lower triangular from chol6Ref.
func fwd6Ref(L *mat6, b *vec6) {
	for i := 0; i < 6; i++ {
		s := b[i]
		for k := 0; k < i; k++ {
			s -= L[6*i+k] * b[k]
		}
		b[i] = s / L[6*i+i]
	}
}

// bwd6Ref solves Lᵀ·x = b in place.
func bwd6Ref(L *mat6, b *vec6) {
	for i := 5; i >= 0; i-- {
		s := b[i]
		for k := i + 1; k < 6; k++ {
			s -= L[6*k+i] * b[k]
		}
		b[i] = s / L[6*i+i]
	}
}

// cosseratRef runs one XPBD iteration of the direct solve on strand k with substep h and
// returns the largest stretch violation |Cₛ| before it (relative to the link length).
func (s *Solver) cosseratRef(st *rope.State, k int, h float64) float64 {
	str := st.Strands[k]
	f, m, n0 := str.FirstSeg, str.Links(), str.First
	pos := st.Pos
	ih2 := 1 / (h * h)
	var viol float64
	// Constraint values, Jacobian pieces and the blocks of S.
	for j := 0; j < m; j++ {
		g := f + j
		i := n0 + j
		l := s.rest[g]
		q := s.q[g]
		d3 := q.d3()
		s.d3[g] = d3
		cs := pos[i+1].Sub(pos[i]).Scale(1 / l).Sub(d3)
		viol = math.Max(viol, cs.Norm())
		wq := s.wq[g]
		if s.fixedQ[g] {
			wq = 0
		}
		w0, w1 := s.w[i], s.w[i+1]
		D := &s.sd[g]
		*D = mat6{}
		// ss = (w0+w1)/l²·I + wq·(I − d3d3ᵀ)
		a := (w0 + w1) / (l * l)
		dd := [3]float64{d3.X, d3.Y, d3.Z}
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				v := -wq * dd[r] * dd[c]
				if r == c {
					v += a + wq
				}
				D[6*r+c] = v
			}
		}
		rhs := &s.sr[g]
		rhs[0], rhs[1], rhs[2] = -cs.X, -cs.Y, -cs.Z
		if !s.joint[g] {
			D[21], D[28], D[35] = 1, 1, 1
			rhs[3], rhs[4], rhs[5] = 0, 0, 0
			continue
		}
		wq1 := s.wq[g+1]
		if s.fixedQ[g+1] {
			wq1 = 0
		}
		r := q.conj().mul(s.q[g+1])
		if r.W < 0 {
			r = r.neg()
		}
		lb := 0.5 * (l + s.rest[g+1])
		R := q.m3Ref()
		// G = (1/l̄)(r₀I − [r]×)Rᵀ
		A := cross3Ref(r.vec())
		for t := range A {
			A[t] = -A[t]
		}
		A[0] += r.W
		A[4] += r.W
		A[8] += r.W
		G := mul3TRef(&A, &R)
		for t := range G {
			G[t] /= lb
		}
		s.sg[g] = G
		cb := r.vec().Scale(2 / lb)
		al := s.alphaB[g].Scale(ih2)
		lam := s.lamB[g]
		rhs[3] = -(cb.X + al.X*lam.X)
		rhs[4] = -(cb.Y + al.Y*lam.Y)
		rhs[5] = -(cb.Z + al.Z*lam.Z)
		// sb = −wq·[d3]×Gᵀ; bs = sbᵀ
		X := cross3Ref(d3)
		SB := mul3TRef(&X, &G)
		D.putRef(0, 3, &SB, -wq)
		D.putTRef(3, 0, &SB, -wq)
		// bb = (wq+wq1)·GGᵀ + α̃
		BB := mul3TRef(&G, &G)
		D.putRef(3, 3, &BB, wq+wq1)
		D[21] += al.X
		D[28] += al.Y
		D[35] += al.Z
	}
	// Off-diagonal blocks O_j = S_{j,j+1}.
	for j := 0; j+1 < m; j++ {
		g := f + j
		i := n0 + j
		O := &s.so[g]
		*O = mat6{}
		c := -s.w[i+1] / (s.rest[g] * s.rest[g+1])
		O[0], O[7], O[14] = c, c, c
		if !s.joint[g] {
			continue
		}
		wq1 := s.wq[g+1]
		if s.fixedQ[g+1] {
			wq1 = 0
		}
		G := &s.sg[g]
		// bs' = −wq1·G·[d3_{j+1}]×   (rows b_j, columns s_{j+1})
		X := cross3Ref(s.d3[g+1])
		BS := mul3Ref(G, &X)
		O.putRef(3, 0, &BS, -wq1)
		if s.joint[g+1] {
			// bb' = −wq1·G_j·G_{j+1}ᵀ
			BB := mul3TRef(G, &s.sg[g+1])
			O.putRef(3, 3, &BB, -wq1)
		}
	}
	// Block elimination with D_{j−1} = LLᵀ and Y_j = L⁻¹O_{j−1}: D_j ← D_j − Y_jᵀY_j,
	// z_j = L_j⁻¹(y_j − Y_jᵀz_{j−1}); back: Δλ_j = L_j⁻ᵀ(z_j − Y_{j+1}Δλ_{j+1}).
	for j := 0; j < m; j++ {
		g := f + j
		D := &s.sd[g]
		y := &s.sr[g]
		if j > 0 {
			O := &s.so[g-1]
			L := &s.sd[g-1]
			Y := &s.sx[g]
			for c := 0; c < 6; c++ {
				var col vec6
				for r := 0; r < 6; r++ {
					col[r] = O[6*r+c]
				}
				fwd6Ref(L, &col)
				for r := 0; r < 6; r++ {
					Y[6*r+c] = col[r]
				}
			}
			for r := 0; r < 6; r++ {
				for c := 0; c <= r; c++ {
					var sum float64
					for t := 0; t < 6; t++ {
						sum += Y[6*t+r] * Y[6*t+c]
					}
					D[6*r+c] -= sum
				}
			}
			z := &s.sz[g-1]
			for r := 0; r < 6; r++ {
				var sum float64
				for t := 0; t < 6; t++ {
					sum += Y[6*t+r] * z[t]
				}
				y[r] -= sum
			}
		}
		chol6Ref(D)
		s.sz[g] = *y
		fwd6Ref(D, &s.sz[g])
	}
	for j := m - 1; j >= 0; j-- {
		g := f + j
		dl := &s.sz[g]
		if j+1 < m {
			Y := &s.sx[g+1]
			nx := &s.sz[g+1]
			for r := 0; r < 6; r++ {
				var sum float64
				for t := 0; t < 6; t++ {
					sum += Y[6*r+t] * nx[t]
				}
				dl[r] -= sum
			}
		}
		bwd6Ref(&s.sd[g], dl)
	}
	for j := 0; j < m; j++ {
		for _, v := range s.sz[f+j] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return viol // a degenerate system (rounding): leave this solve out
			}
		}
	}
	// Apply Δx = W JᵀΔλ, Δθ = Wq JᵀΔλ.
	var prevS, prevB vec.V3 // Δλ of the previous link's stretch–shear and bend–twist rows
	for j := 0; j < m; j++ {
		g := f + j
		i := n0 + j
		l := s.rest[g]
		dl := &s.sz[g]
		ds := vec.V3{X: dl[0], Y: dl[1], Z: dl[2]}
		db := vec.V3{X: dl[3], Y: dl[4], Z: dl[5]}
		s.lamS[g] = s.lamS[g].Add(ds)
		if s.joint[g] {
			s.lamB[g] = s.lamB[g].Add(db)
		} else {
			db = vec.V3{}
		}
		dx := ds.Scale(-1 / l)
		if j > 0 {
			dx = dx.Add(prevS.Scale(1 / s.rest[g-1]))
		}
		pos[i] = pos[i].Add(dx.Scale(s.w[i]))
		if wq := s.wq[g]; wq > 0 && !s.fixedQ[g] {
			th := ds.Cross(s.d3[g])
			if s.joint[g] {
				th = th.Sub(s.sg[g].mulTVecRef(db))
			}
			if j > 0 && s.joint[g-1] {
				th = th.Add(s.sg[g-1].mulTVecRef(prevB))
			}
			s.q[g] = s.q[g].addWorld(th.Scale(wq))
		}
		prevS, prevB = ds, db
	}
	last := n0 + m
	pos[last] = pos[last].Add(prevS.Scale(s.w[last] / s.rest[f+m-1]))
	return viol
}
