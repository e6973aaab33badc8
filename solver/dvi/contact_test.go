package dvi

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/solvertest"
)

// convergeTensions solves the link tensions of the touched strands to round-off with the rows'
// forces held (Newton on the links alone).
func convergeTensions(t *testing.T, s *Solver, st *rope.State) {
	t.Helper()
	for it := 0; ; it++ {
		res, err := s.jointEval(st, s.h)
		if err != nil {
			t.Fatal(err)
		}
		if res < 1e-14 {
			return
		}
		if it > 50 {
			t.Fatalf("tensions did not converge: residual %g", res)
		}
		if err := s.jointLinearize(st, s.h, true); err != nil {
			t.Fatal(err)
		}
		for ri := range s.cr {
			s.cf[ri] = s.cr[ri].lam
		}
		if err := s.jointStep(st, s.h); err != nil {
			t.Fatal(err)
		}
		for k, str := range st.Strands {
			if s.touched[k] {
				for j := str.FirstSeg; j < str.FirstSeg+str.Links(); j++ {
					s.T[j] += s.dT[j]
				}
			}
		}
	}
}

// rowValues returns C_r(x) of every row at the current positions, m.
func rowValues(s *Solver, st *rope.State) []float64 {
	c := make([]float64, len(s.cr))
	for ri := range s.cr {
		r := &s.cr[ri]
		for e := int8(0); e < r.nn; e++ {
			c[ri] += r.g[e].Dot(st.Pos[r.node[e]])
		}
		c[ri] -= r.c
	}
	return c
}

// The Delassus matrix of the joint solve is what it claims to be: D_rs equals the change of row
// r's constraint when row s's force grows by a unit and the links' tensions are solved again
// (to round-off). On the contacts of a rope wrapped round a pole (obstacle rows: a normal and
// two tangents each, all coupled through the rope's tension) and of a coil whose turns touch
// (self rows, both sides on one strand).
func TestJointDelassusMatchesResolve(t *testing.T) {
	t.Run("pole", func(t *testing.T) {
		var s *Solver
		f := func(det collide.Detector) (solver.Physical, error) {
			var err error
			s, err = New(DefaultParams(), det)
			return s, err
		}
		w, _ := solvertest.PoleWrap(t, f)
		steps(t, w, 30)
		checkDelassus(t, s, w.State)
	})
	t.Run("coil", func(t *testing.T) {
		w, s := coilWorld(t, DefaultParams())
		steps(t, w, 30)
		// Until the turns touch in enough places (a substep's rows).
		for k := 0; k < 300 && len(s.cr) < 9; k++ {
			steps(t, w, 1)
		}
		checkDelassus(t, s, w.State)
	})
}

func checkDelassus(t *testing.T, s *Solver, st *rope.State) {
	if len(s.cr) < 9 {
		t.Fatalf("only %d rows", len(s.cr))
	}
	convergeTensions(t, s, st)
	if err := s.jointLinearize(st, s.h, true); err != nil {
		t.Fatal(err)
	}
	nr := len(s.cr)
	D := append([]float64(nil), s.cd...)
	c0 := rowValues(s, st)
	var scale float64
	for _, v := range D {
		scale = math.Max(scale, math.Abs(v))
	}
	worst := 0.0
	for sIdx := 0; sIdx < nr; sIdx++ {
		const dF = 1e-4 // N
		old := s.cr[sIdx].lam
		s.cr[sIdx].lam += dF
		convergeTensions(t, s, st)
		c1 := rowValues(s, st)
		s.cr[sIdx].lam = old
		for r := 0; r < nr; r++ {
			fd := (c1[r] - c0[r]) / dF
			worst = math.Max(worst, math.Abs(fd-D[r*nr+sIdx]))
		}
	}
	convergeTensions(t, s, st)
	t.Logf("%d rows: largest |D − finite difference| %.3g of max |D| %.3g", nr, worst, scale)
	if worst > 1e-4*scale {
		t.Errorf("D differs from the re-solve by %.3g (max |D| %.3g)", worst, scale)
	}
}
