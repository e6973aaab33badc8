package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/solver/implicit"
)

// TestCaptureReefNCP dumps the contact problems of the reef security scene (150 vertices, the
// scene of BenchmarkSecurityHold) for package ncp's studies: it sets the knot as the benchmark
// does (until SecurityTighten + 0.1 s), steps KNOTSIM_NCP_SKIP more steps (default 20), then
// writes every NCP solve of the next KNOTSIM_NCP_STEPS steps (default 5) to
// KNOTSIM_NCP_CAPTURE/reef-NNN.ncp. It runs only when KNOTSIM_NCP_CAPTURE names a directory.
//
// File format (little-endian): int64 M, then float64 W (9M², row-major), b (3M), mu (M) and
// the warm start λ (3M).
func TestCaptureReefNCP(t *testing.T) {
	dir := os.Getenv("KNOTSIM_NCP_CAPTURE")
	if dir == "" {
		t.Skip("set KNOTSIM_NCP_CAPTURE to a directory to capture the reef's NCP problems")
	}
	envInt := func(name string, def int) int {
		if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v >= 0 {
			return v
		}
		return def
	}
	skip, steps := envInt("KNOTSIM_NCP_SKIP", 20), envInt("KNOTSIM_NCP_STEPS", 5)
	knot := os.Getenv("KNOTSIM_NCP_KNOT")
	if knot == "" {
		knot = "reef"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sc, err := scene.SecuritySceneLinks(knot, scene.SecurityMu, "implicit", 149)
	if err != nil {
		t.Fatal(err)
	}
	sc.Duration = 1e4
	sim, err := scene.Build(sc, scene.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for sim.World.Time < scene.SecurityTighten+0.1 {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	for range skip {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	var werr error
	prev := implicit.SetNCPHook(func(W, b, mu, lam []float64) {
		if werr != nil {
			return
		}
		m := len(mu)
		buf := make([]byte, 0, 8*(1+len(W)+len(b)+len(mu)+len(lam)))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(m))
		for _, xs := range [][]float64{W, b, mu, lam} {
			for _, v := range xs {
				buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
			}
		}
		werr = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%03d.ncp", knot, n)), buf, 0o644)
		n++
	})
	defer func() { implicit.SetNCPHook(prev) }()
	for range steps {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if werr != nil {
		t.Fatal(werr)
	}
	t.Logf("wrote %d problems to %s", n, dir)
}
