package pbd

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/knotsim/knotsim/rope"
)

func TestWindowsMerge(t *testing.T) {
	ws := windows{k: 2, n: 50, margin: 4}
	for _, j := range []int{1, 3, 9, 20, 40, 49} {
		ws.add(j)
	}
	got := ws.flush()
	// 1 and 3 → [0,8); 9 → [5,14) overlaps → [0,14); 20 → [16,25); 40, 49 → [36,50).
	want := []window{{2, 0, 14}, {2, 16, 25}, {2, 36, 50}}
	if !slices.Equal(got, want) {
		t.Errorf("windows %v, want %v", got, want)
	}
	ws = windows{k: 0, n: 10, margin: 0}
	if got := ws.flush(); len(got) != 0 {
		t.Errorf("no link added: windows %v", got)
	}
}

// A window that is the whole strand is the whole-strand solve, bit for bit; a window inside
// it moves only its own nodes and links, and repeated solves of it drive its own stretch–shear
// violation to rounding while the links outside keep theirs.
func TestCosseratRangeIsLocal(t *testing.T) {
	w, _ := knotWorld(t, 1000)
	run(t, w, 50)
	s := w.Solver.(*Solver)
	predictSubstep(w, s, 1e-3, rand.New(rand.NewPCG(3, 4)))
	st := w.State
	m := st.Strands[0].Links()

	a, sta := cloneForSolve(s, st)
	b, stb := cloneForSolve(s, st)
	a.cosserat(sta, 0, s.h)
	b.cosseratRange(stb, 0, 0, m, s.h)
	if !slices.Equal(sta.Pos, stb.Pos) || !slices.Equal(a.q, b.q) {
		t.Fatal("the window [0, m) differs from the whole-strand solve")
	}

	const j0, j1 = 400, 460
	c, stc := cloneForSolve(s, st)
	before := linkViolations(c, stc)
	for range 6 {
		c.cosseratRange(stc, 0, j0, j1, s.h)
	}
	after := linkViolations(c, stc)
	for i := range stc.Pos {
		if (i < j0 || i > j1) && stc.Pos[i] != st.Pos[i] {
			t.Fatalf("node %d outside the window [%d, %d] moved", i, j0, j1)
		}
	}
	var worstIn, worstBefore float64
	for j := range m {
		if j < j0 || j >= j1 {
			if j != j0-1 && j != j1 && after[j] != before[j] {
				t.Fatalf("link %d outside the window changed its violation", j)
			}
			if c.q[j] != s.q[j] {
				t.Fatalf("link %d outside the window turned", j)
			}
			continue
		}
		worstIn = math.Max(worstIn, after[j])
		worstBefore = math.Max(worstBefore, before[j])
	}
	if !(worstBefore > 1e-4) || !(worstIn < 1e-9) {
		t.Errorf("window's worst stretch–shear violation %.3g before, %.3g after 6 solves; want > 1e-4, < 1e-9", worstBefore, worstIn)
	}
}

// linkViolations returns |Cₛ| of every link of strand 0.
func linkViolations(s *Solver, st *rope.State) []float64 {
	str := st.Strands[0]
	out := make([]float64, str.Links())
	for j := range out {
		i := str.First + j
		out[j] = st.Pos[i+1].Sub(st.Pos[i]).Scale(1 / s.rest[str.FirstSeg+j]).Sub(s.q[str.FirstSeg+j].d3()).Norm()
	}
	return out
}

// The joint solve's column solve on a region, the links past it folded into the tail
// response, gives the whole-strand solve's values on the region; and the whole-strand
// sweeps reproduce the factor's own solve of the chain's right-hand side.
func TestJointRegionSolveIsExact(t *testing.T) {
	w, _ := knotWorld(t, 300)
	run(t, w, 50)
	s := w.Solver.(*Solver)
	predictSubstep(w, s, 1e-3, rand.New(rand.NewPCG(5, 6)))
	st := w.State
	m := int32(st.Strands[0].Links())
	if _, ok := s.factorRange(st, 0, 0, int(m), s.h); !ok {
		t.Fatal("factor not finite")
	}
	y := &jointSys{k: 0, j0: 0, j1: m, f: int32(st.Strands[0].FirstSeg), ok: true, lo: 120, hi: 170}
	s.unscaleFactor(y, 1, m)
	s.solveTail(y)
	rng := rand.New(rand.NewPCG(7, 8))
	full := make([]vec6, m)
	region := make([]vec6, y.hi-y.lo+1)
	for j := 130; j <= 160; j += 7 {
		for r := range 3 {
			v := rng.Float64() - 0.5
			full[j][r] = v
			region[int32(j)-y.lo][r] = v
		}
	}
	s.forward(y, full, 0, 0, m-1, nil)
	s.backward(y, full, 0, 0, m-1, nil)
	s.forward(y, region, y.lo, 130, y.hi, nil)
	in := mulTail(&y.tail, &region[y.hi-y.lo])
	s.backward(y, region, y.lo, y.lo, y.hi, &in)
	var worst, scale float64
	for j := y.lo; j <= y.hi; j++ {
		for r := range 6 {
			worst = math.Max(worst, math.Abs(region[j-y.lo][r]-full[j][r]))
			scale = math.Max(scale, math.Abs(full[j][r]))
		}
	}
	if !(worst <= 1e-9*scale) || scale == 0 {
		t.Errorf("region solve off by %.3g (largest value %.3g)", worst, scale)
	}
}

// The joint solve's sweeps with the factor solve what factorRange solves: given the chain's
// own right-hand side (multipliers cleared), they reproduce its Δλ.
func TestJointSweepsMatchFactorSolve(t *testing.T) {
	w, _ := knotWorld(t, 200)
	run(t, w, 50)
	s := w.Solver.(*Solver)
	predictSubstep(w, s, 1e-3, rand.New(rand.NewPCG(9, 10)))
	st := w.State
	str := st.Strands[0]
	m := int32(str.Links())
	clear(s.lamB)
	clear(s.lamS)
	rhs := make([]vec6, m)
	for j := range m {
		g := int(str.FirstSeg) + int(j)
		i := str.First + int(j)
		cs := st.Pos[i+1].Sub(st.Pos[i]).Scale(1 / s.rest[g]).Sub(s.q[g].d3())
		rhs[j][0], rhs[j][1], rhs[j][2] = -cs.X, -cs.Y, -cs.Z
		if s.joint[g] && j+1 < m {
			r := s.q[g].conj().mul(s.q[g+1])
			if r.W < 0 {
				r = r.neg()
			}
			cb := r.vec().Scale(2 / (0.5 * (s.rest[g] + s.rest[g+1])))
			rhs[j][3], rhs[j][4], rhs[j][5] = -cb.X, -cb.Y, -cb.Z
		}
	}
	if _, ok := s.factorRange(st, 0, 0, int(m), s.h); !ok {
		t.Fatal("factor not finite")
	}
	y := &jointSys{k: 0, j0: 0, j1: m, f: int32(str.FirstSeg), ok: true}
	s.unscaleFactor(y, 1, m)
	s.forward(y, rhs, 0, 0, m-1, nil)
	s.backward(y, rhs, 0, 0, m-1, nil)
	var worst, scale float64
	for j := range m {
		for r := range 6 {
			worst = math.Max(worst, math.Abs(rhs[j][r]-s.sz[int(str.FirstSeg)+int(j)][r]))
			scale = math.Max(scale, math.Abs(s.sz[int(str.FirstSeg)+int(j)][r]))
		}
	}
	if !(worst <= 1e-9*scale) || scale == 0 {
		t.Errorf("sweeps off the factor's solve by %.3g (largest Δλ %.3g)", worst, scale)
	}
}
