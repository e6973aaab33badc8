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
