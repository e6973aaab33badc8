package pbd

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// nylon is a USP 3-0-like monofilament suture: E ≈ 2 GPa, ρ ≈ 1140 kg/m³, ν = 0.4.
func nylon(damping float64) material.Material {
	return material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8,
		Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: damping}
}

// line returns n+1 points from a, link l apart along the unit vector d.
func line(a, d vec.V3, n int, l float64) []vec.V3 {
	p := make([]vec.V3, n+1)
	for i := range p {
		p[i] = a.Add(d.Scale(float64(i) * l))
	}
	return p
}

func addRope(t testing.TB, st *rope.State, r, l float64, p []vec.V3, m material.Material) {
	t.Helper()
	if _, err := st.Add(rope.Spec{Radius: r, Link: l, Pos: p, Material: m}); err != nil {
		t.Fatal(err)
	}
}

func newPBD(t testing.TB, p Params) *Solver {
	t.Helper()
	d, err := collide.New("bvh")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(p, d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newWorld(t testing.TB, st *rope.State, s *Solver, g vec.V3, dt float64, obs ...shape.Shape) *world.World {
	t.Helper()
	w, err := world.New(st, world.Config{Dt: dt, Solver: s, Gravity: g, Obstacles: obs})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func pin(w *world.World, node int) int {
	return w.AddTool(world.Tool{Name: "pin", Node: node, Target: w.State.Pos[node], Active: true})
}

func pull(w *world.World, node int, f vec.V3) int {
	return w.AddTool(world.Tool{Name: "pull", Node: node, Mode: solver.HoldForce, Force: f, Active: true})
}

func run(t testing.TB, w *world.World, steps int) {
	t.Helper()
	for c := 0; c < steps; c++ {
		if err := w.Step(); err != nil {
			t.Fatalf("cycle %d: %v", w.Cycle, err)
		}
	}
}

var _ solver.Physical = (*Solver)(nil)

func relErr(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }
