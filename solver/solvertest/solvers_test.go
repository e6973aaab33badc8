package solvertest_test

import (
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/dvi"
	"github.com/knotsim/knotsim/solver/implicit"
	"github.com/knotsim/knotsim/solver/pbd"
	"github.com/knotsim/knotsim/solver/solvertest"
)

// Every physical solver passes the same suite.
func TestPBD(t *testing.T) {
	solvertest.Run(t, func(det collide.Detector) (solver.Physical, error) {
		return pbd.New(pbd.DefaultParams(), det)
	})
}

// dvi (seed 004) passes the same suite.
func TestDVI(t *testing.T) {
	solvertest.Run(t, func(det collide.Detector) (solver.Physical, error) {
		return dvi.New(dvi.DefaultParams(), det)
	})
}

// implicit (seed 003) passes the same suite.
func TestImplicit(t *testing.T) {
	solvertest.Run(t, func(det collide.Detector) (solver.Physical, error) {
		return implicit.New(implicit.DefaultParams(), det)
	})
}
