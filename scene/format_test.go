package scene

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/vec"
)

// base returns a valid scene that uses every feature; each validation case breaks one rule.
func base() *Scene {
	return &Scene{
		Name:        "base",
		Description: "every feature",
		Seed:        7,
		Dt:          0.001,
		Duration:    2,
		Gravity:     &Vec{0, 0, -1.62},
		Solver: Solver{Type: "ftl", Delta: 0.001, Epsilon: ptr(0.0003), Iterations: 8, LengthPasses: ptr(3),
			Clusters: ptr(true), StretchGuard: ptr(false), MaxStretch: 1.1, Broadphase: "aabb"},
		Ropes: []Rope{
			{Name: "a", Links: 100, LinkLength: 0.01, Radius: 0.004,
				Layout: Layout{Type: LayoutStraight, From: &Vec{0, 0, 1}, Dir: &Vec{1, 0, 0}}},
			{Name: "b", Links: 50, LinkLength: 0.01, Radius: 0.005, Material: &Material{Preset: "cotton-string"}, // FTL ignores it
				Layout: Layout{Type: LayoutPoints, Points: []Vec{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}}}},
			{Links: 200, LinkLength: 0.005, Radius: 0.002,
				Layout: Layout{Type: LayoutTorusKnot, P: 3, Q: 2, Center: &Vec{0, 0, 0.5}}},
			{Links: 200, LinkLength: 0.005, Radius: 0.002, Layout: Layout{Type: LayoutClove, Obstacle: ptr(2)}},
			{Links: 200, LinkLength: 0.005, Radius: 0.002, Layout: Layout{Type: LayoutMunter, Obstacle: ptr(3)}},
			{Links: 200, LinkLength: 0.005, Radius: 0.002, Layout: Layout{Type: LayoutOverhand}},
		},
		Obstacles: []Obstacle{
			{Type: ObstaclePlane, Point: &Vec{}, Normal: &Vec{0, 0, 1}},
			{Type: ObstacleSphere, Center: &Vec{0, 1, 0}, Radius: 0.1},
			{Type: ObstaclePole, A: &Vec{-1, 0, 0.5}, B: &Vec{1, 0, 0.5}, Radius: 0.01},
			{Type: ObstacleRing, Center: &Vec{0, 0, 0.3}, Axis: &Vec{0, 1, 0}, Major: 0.05, Radius: 0.01},
		},
		Tools: []Tool{
			{Name: "t0", Rope: 0, Node: 0, Grasp: 0, Release: ptr(1.0),
				Path: []Key{{0, Vec{0, 0, 1}}, {1, Vec{0.5, 0, 1}}}},
			{Name: "t1", Rope: 0, Node: 0, Grasp: 1, Relative: true, // takes over where t0 lets go
				Path: []Key{{1, Vec{}}, {1.5, Vec{0, 0, 0.1}}}},
			{Name: "t2", Rope: 0, Node: -1, Grasp: 0.5, Path: []Key{{0, Vec{2, 0, 1}}}},
		},
	}
}

func TestBaseIsValid(t *testing.T) {
	if err := base().Validate(); err != nil {
		t.Fatal(err)
	}
	d := base().WithDefaults()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestValidate has one row per rule. Each mutation breaks exactly that rule, and the row checks
// the error's path and message, so removing the rule makes its row fail.
func TestValidate(t *testing.T) {
	big := func(s *Scene, n int) {
		for len(s.Ropes) < n {
			s.Ropes = append(s.Ropes, Rope{Links: 1, LinkLength: 0.01, Radius: 0.004, Layout: Layout{Type: LayoutFigure8}})
		}
	}
	cases := []struct {
		name string
		mut  func(s *Scene)
		want string
	}{
		{"name too long", func(s *Scene) { s.Name = strings.Repeat("x", MaxNameLen+1) }, "name: is 257 bytes long"},
		{"name utf8", func(s *Scene) { s.Name = "\xff" }, "name: is not valid UTF-8"},
		{"description too long", func(s *Scene) { s.Description = strings.Repeat("x", MaxDescription+1) }, "description: is 65537 bytes"},
		{"dt zero", func(s *Scene) { s.Dt = 0 }, "dt: must be > 0 (got 0)"},
		{"dt negative", func(s *Scene) { s.Dt = -1 }, "dt: must be > 0 (got -1)"},
		{"dt big", func(s *Scene) { s.Dt = 1.5 }, "dt: must be ≤ 1 s (got 1.5)"},
		{"dt nan", func(s *Scene) { s.Dt = nan() }, "dt: must be finite (got NaN)"},
		{"duration zero", func(s *Scene) { s.Duration = 0 }, "duration: must be > 0"},
		{"duration big", func(s *Scene) { s.Duration = 2e6; s.Dt = 1 }, "duration: must be ≤ 1e+06 s"},
		{"duration inf", func(s *Scene) { s.Duration = inf() }, "duration: must be finite (got +Inf)"},
		{"cycles", func(s *Scene) { s.Duration = 1e4; s.Dt = 1e-5 }, "duration: 10000 s at dt 1e-05 s is 1e+09 cycles"},

		{"solver type", func(s *Scene) { s.Solver.Type = "xpbd" }, `solver.type: "xpbd" is not one of ftl, pbd`},
		{"substeps under ftl", func(s *Scene) { s.Solver.Substeps = 10 }, "solver.substeps: a field of the pbd, dvi and implicit solvers; this scene's solver is ftl"},
		{"max grasp force under ftl", func(s *Scene) { s.Solver.MaxGraspForce = ptr(1.0) }, "solver.max_grasp_force: a field of the pbd, dvi and implicit solvers; this scene's solver is ftl"},
		{"pbd fields under default type", func(s *Scene) { s.Solver.Type = ""; s.Solver.Substeps = 3 }, "solver.substeps: a field of the pbd, dvi and implicit solvers; this scene's solver is ftl"},
		{"dvi field under pbd", func(s *Scene) { s.Solver.Type = "pbd"; s.Solver.Multipliers = "newton" }, "solver.multipliers: a field of the dvi solver; this scene's solver is pbd"},
		{"dvi multipliers", func(s *Scene) { s.Solver.Type = "dvi"; s.Solver.Multipliers = "shake" }, `solver.multipliers: "shake" is not one of contraction, newton`},
		{"dvi iterations", func(s *Scene) { s.Solver.Type = "dvi"; s.Solver.Iterations = 5000 }, "solver.iterations: must be in 1..1000, or 0 for the solver's default (got 5000)"},
		{"dvi contact stiffness", func(s *Scene) {
			s.Solver.Type, s.Solver.Contact = "dvi", "penalty"
			s.Solver.ContactStiffness = ptr(-1.0)
		}, "solver.contact_stiffness: must be > 0 (got -1)"},
		{"dvi contact stiffness without penalty", func(s *Scene) { s.Solver.Type = "dvi"; s.Solver.ContactStiffness = ptr(100.0) }, `solver.contact_stiffness: is the penalty's stiffness: it needs "contact": "penalty"`},
		{"dvi contact", func(s *Scene) { s.Solver.Type = "dvi"; s.Solver.Contact = "soft" }, `solver.contact: "soft" is not one of constraint, penalty`},
		{"dvi contact under pbd", func(s *Scene) { s.Solver.Type = "pbd"; s.Solver.Contact = "penalty" }, "solver.contact: a field of the dvi solver; this scene's solver is pbd"},
		{"dvi air drag", func(s *Scene) { s.Solver.Type = "dvi"; s.Solver.AirDrag = ptr(nan()) }, "solver.air_drag: must be finite (got NaN)"},
		{"dvi extensible under ftl", func(s *Scene) { s.Solver.Extensible = ptr(true) }, "solver.extensible: a field of the dvi solver; this scene's solver is ftl"},
		{"gravity nan", func(s *Scene) { s.Gravity = &Vec{0, nan(), 0} }, "gravity[1]: must be finite (got NaN)"},
		{"gravity inf", func(s *Scene) { s.Gravity = &Vec{0, 0, inf()} }, "gravity[2]: must be finite (got +Inf)"},
		{"gravity big", func(s *Scene) { s.Gravity = &Vec{0, 0, -2e4} }, "gravity: magnitude 20000 m/s² must be ≤ 10000 m/s²"},
		{"material under ftl: unknown preset", func(s *Scene) { s.Ropes[1].Material = &Material{Preset: "hemp"} },
			`ropes[1].material: unknown preset "hemp"; valid presets are climbing-rope-10mm, cotton-string, nylon-2-0`},
		{"force under ftl", func(s *Scene) { s.Tools[2].Path, s.Tools[2].Force = nil, []ForceKey{{0, Vec{1, 0, 0}}} },
			`tools[2].force: the ftl solver is geometric and cannot apply forces; use "solver": {"type": "pbd"}`},
		{"delta negative", func(s *Scene) { s.Solver.Delta = -1 }, "solver.delta: must be > 0 (got -1)"},
		{"delta ≥ radius", func(s *Scene) { s.Solver.Delta = 0.002 }, "solver.delta: must be < the smallest rope radius 0.002 m (got 0.002)"},
		{"epsilon negative", func(s *Scene) { s.Solver.Epsilon = ptr(-0.1) }, "solver.epsilon: must be ≥ 0 m (got -0.1)"},
		{"epsilon ≥ radius", func(s *Scene) { s.Solver.Epsilon = ptr(0.003) }, "solver.epsilon: must be < the smallest rope radius"},
		{"iterations", func(s *Scene) { s.Solver.Iterations = 65 }, "solver.iterations: must be in 1..64 (got 65)"},
		{"iterations negative", func(s *Scene) { s.Solver.Iterations = -1 }, "solver.iterations: must be in 1..64 (got -1)"},
		{"length passes", func(s *Scene) { s.Solver.LengthPasses = ptr(101) }, "solver.length_passes: must be in 0..100 (got 101)"},
		{"length passes negative", func(s *Scene) { s.Solver.LengthPasses = ptr(-1) }, "solver.length_passes: must be in 0..100 (got -1)"},
		{"max stretch low", func(s *Scene) { s.Solver.MaxStretch = 0.9 }, "solver.max_stretch: must be ≥ 1 (got 0.9)"},
		{"max stretch high", func(s *Scene) { s.Solver.MaxStretch = 11 }, "solver.max_stretch: must be ≤ 10 (got 11)"},
		{"broadphase", func(s *Scene) { s.Solver.Broadphase = "kd" }, `solver.broadphase: "kd" is not one of bvh, aabb, grid, kubiak, brute`},

		{"no ropes", func(s *Scene) { s.Ropes = nil; s.Tools = nil }, "ropes: must hold 1..64 ropes (got 0)"},
		{"too many ropes", func(s *Scene) { big(s, 65) }, "ropes: must hold 1..64 ropes (got 65)"},
		{"rope name dup", func(s *Scene) { s.Ropes[1].Name = "a" }, `ropes[1].name: "a" is also the name of ropes[0]`},
		{"rope name long", func(s *Scene) { s.Ropes[1].Name = strings.Repeat("é", 200) }, "ropes[1].name: is 400 bytes long"},
		{"links zero", func(s *Scene) { s.Ropes[0].Links = 0 }, "ropes[0].links: must be in 1..1000000 (got 0)"},
		{"links big", func(s *Scene) { s.Ropes[0].Links = MaxLinks + 1 }, "ropes[0].links: must be in 1..1000000 (got 1000001)"},
		{"total links", func(s *Scene) {
			for i := range s.Ropes {
				s.Ropes[i].Links, s.Ropes[i].LinkLength, s.Ropes[i].Radius = 200_000, 1e-3, 1e-3
			}
			s.Solver.Delta, s.Solver.Epsilon = 0, nil
		}, "ropes: 1200000 links in all; at most 1000000"},
		{"link length zero", func(s *Scene) { s.Ropes[0].LinkLength = 0 }, "ropes[0].link_length: must be > 0 (got 0)"},
		{"link length tiny", func(s *Scene) { s.Ropes[0].LinkLength = 1e-7; s.Ropes[0].Radius = 1e-6 }, "ropes[0].link_length: must be ≥ 1e-06 m (got 1e-07)"},
		{"rope length", func(s *Scene) { s.Ropes[0].LinkLength = 2e4 }, "ropes[0].link_length: rope length 100·20000 m = 2e+06 m exceeds 1e+06 m"},
		{"radius negative", func(s *Scene) { s.Ropes[0].Radius = -0.001 }, "ropes[0].radius: must be > 0 (got -0.001)"},
		{"radius tiny", func(s *Scene) { s.Ropes[0].Radius = 1e-8 }, "ropes[0].radius: must be ≥ 1e-06 m (got 1e-08)"},
		{"radius vs link", func(s *Scene) { s.Ropes[0].Radius = 0.0201 }, "ropes[0].radius: must be ≤ 2·link_length = 0.02 m (got 0.0201)"},

		{"layout type missing", func(s *Scene) { s.Ropes[0].Layout = Layout{} }, "ropes[0].layout.type: missing; must be one of straight, points"},
		{"layout type", func(s *Scene) { s.Ropes[0].Layout.Type = "bowline" }, `ropes[0].layout.type: "bowline" is not one of straight`},
		{"from unused", func(s *Scene) { s.Ropes[1].Layout.From = &Vec{} }, `ropes[1].layout.from: not used by layout "points"`},
		{"dir unused", func(s *Scene) { s.Ropes[2].Layout.Dir = &Vec{1, 0, 0} }, `ropes[2].layout.dir: not used by layout "torus-knot"`},
		{"points unused", func(s *Scene) { s.Ropes[0].Layout.Points = []Vec{{}, {1, 0, 0}} }, `ropes[0].layout.points: not used by layout "straight"`},
		{"p unused", func(s *Scene) { s.Ropes[5].Layout.P = 2 }, `ropes[5].layout.p: not used by layout "overhand"`},
		{"q unused", func(s *Scene) { s.Ropes[5].Layout.Q = 3 }, `ropes[5].layout.q: not used by layout "overhand"`},
		{"obstacle unused", func(s *Scene) { s.Ropes[5].Layout.Obstacle = ptr(2) }, `ropes[5].layout.obstacle: not used by layout "overhand"`},
		{"center unused straight", func(s *Scene) { s.Ropes[0].Layout.Center = &Vec{} }, `ropes[0].layout.center: not used by layout "straight"`},
		{"center unused hitch", func(s *Scene) { s.Ropes[3].Layout.Center = &Vec{} }, `ropes[3].layout.center: not used by layout "clove"`},
		{"from far", func(s *Scene) { s.Ropes[0].Layout.From = &Vec{0, 2e6, 0} }, "ropes[0].layout.from[1]: |coordinate| must be ≤ 1e+06 m (got 2e+06)"},
		{"center nan", func(s *Scene) { s.Ropes[2].Layout.Center = &Vec{0, 0, nan()} }, "ropes[2].layout.center[2]: must be finite (got NaN)"},
		{"dir zero", func(s *Scene) { s.Ropes[0].Layout.Dir = &Vec{} }, "ropes[0].layout.dir: must have length ≥ 1e-09 (got 0)"},
		{"dir far", func(s *Scene) { s.Ropes[0].Layout.Dir = &Vec{-2e6, 0, 0} }, "ropes[0].layout.dir[0]: |coordinate| must be ≤ 1e+06 m"},
		{"points few", func(s *Scene) { s.Ropes[1].Layout.Points = s.Ropes[1].Layout.Points[:1] }, "ropes[1].layout.points: needs at least 2 points (got 1)"},
		{"points none", func(s *Scene) { s.Ropes[1].Layout.Points = nil }, "ropes[1].layout.points: needs at least 2 points (got 0)"},
		{"points repeat", func(s *Scene) { s.Ropes[1].Layout.Points[2] = s.Ropes[1].Layout.Points[1] }, "ropes[1].layout.points[2]: repeats the previous point [1 0 0]"},
		{"points far", func(s *Scene) { s.Ropes[1].Layout.Points[1][2] = inf() }, "ropes[1].layout.points[1][2]: must be finite (got +Inf)"},
		{"torus p", func(s *Scene) { s.Ropes[2].Layout.P = 1 }, "ropes[2].layout.p: must be in 2..20 (got 1)"},
		{"torus q", func(s *Scene) { s.Ropes[2].Layout.Q = 21 }, "ropes[2].layout.q: must be in 2..20 (got 21)"},
		{"torus coprime", func(s *Scene) { s.Ropes[2].Layout.P, s.Ropes[2].Layout.Q = 4, 6 }, "ropes[2].layout: p = 4 and q = 6 must be coprime (gcd 2)"},
		{"clove missing", func(s *Scene) { s.Ropes[3].Layout.Obstacle = nil }, "ropes[3].layout.obstacle: missing; a clove hitch needs the index of a pole"},
		{"clove range", func(s *Scene) { s.Ropes[3].Layout.Obstacle = ptr(4) }, "ropes[3].layout.obstacle: index 4 out of range (4 obstacles)"},
		{"clove negative", func(s *Scene) { s.Ropes[3].Layout.Obstacle = ptr(-1) }, "ropes[3].layout.obstacle: index -1 out of range"},
		{"clove not pole", func(s *Scene) { s.Ropes[3].Layout.Obstacle = ptr(3) }, `ropes[3].layout.obstacle: obstacles[3] is a "ring"; a clove hitch needs a pole`},
		{"munter not ring", func(s *Scene) { s.Ropes[4].Layout.Obstacle = ptr(2) }, `ropes[4].layout.obstacle: obstacles[2] is a "pole"; a munter hitch needs a ring`},

		{"too many obstacles", func(s *Scene) {
			for len(s.Obstacles) <= MaxObstacles {
				s.Obstacles = append(s.Obstacles, s.Obstacles[1])
			}
		}, "obstacles: must hold at most 1024 obstacles (got 1025)"},
		{"obstacle type", func(s *Scene) { s.Obstacles[1].Type = "cube" }, `obstacles[1].type: "cube" is not one of plane, sphere, pole, ring`},
		{"obstacle type missing", func(s *Scene) { s.Obstacles[1].Type = "" }, "obstacles[1].type: missing; must be one of plane, sphere, pole, ring"},
		{"plane point missing", func(s *Scene) { s.Obstacles[0].Point = nil }, `obstacles[0].point: missing; a plane needs it`},
		{"plane normal missing", func(s *Scene) { s.Obstacles[0].Normal = nil }, `obstacles[0].normal: missing; a plane needs it`},
		{"plane normal zero", func(s *Scene) { s.Obstacles[0].Normal = &Vec{} }, "obstacles[0].normal: must have length ≥ 1e-09 (got 0)"},
		{"plane normal tiny", func(s *Scene) { s.Obstacles[0].Normal = &Vec{1e-200, 0, 0} }, "obstacles[0].normal: must have length ≥ 1e-09 (got 0)"},
		{"plane point far", func(s *Scene) { s.Obstacles[0].Point = &Vec{1e7, 0, 0} }, "obstacles[0].point[0]: |coordinate| must be ≤ 1e+06 m"},
		{"plane radius", func(s *Scene) { s.Obstacles[0].Radius = 1 }, `obstacles[0].radius: not used by obstacle "plane"`},
		{"plane center", func(s *Scene) { s.Obstacles[0].Center = &Vec{} }, `obstacles[0].center: not used by obstacle "plane"`},
		{"sphere center missing", func(s *Scene) { s.Obstacles[1].Center = nil }, `obstacles[1].center: missing; a sphere needs it`},
		{"sphere radius", func(s *Scene) { s.Obstacles[1].Radius = 0 }, "obstacles[1].radius: must be > 0 (got 0)"},
		{"sphere radius tiny", func(s *Scene) { s.Obstacles[1].Radius = 1e-9 }, "obstacles[1].radius: must be ≥ 1e-06 m"},
		{"sphere radius big", func(s *Scene) { s.Obstacles[1].Radius = 2e6 }, "obstacles[1].radius: must be ≤ 1e+06 m"},
		{"sphere major", func(s *Scene) { s.Obstacles[1].Major = 1 }, `obstacles[1].major: not used by obstacle "sphere"`},
		{"sphere normal", func(s *Scene) { s.Obstacles[1].Normal = &Vec{1, 0, 0} }, `obstacles[1].normal: not used by obstacle "sphere"`},
		{"pole a missing", func(s *Scene) { s.Obstacles[2].A = nil }, `obstacles[2].a: missing; a pole needs it`},
		{"pole b missing", func(s *Scene) { s.Obstacles[2].B = nil }, `obstacles[2].b: missing; a pole needs it`},
		{"pole degenerate", func(s *Scene) { s.Obstacles[2].B = cloneVec(s.Obstacles[2].A) }, "obstacles[2].b: must differ from a"},
		{"pole axis", func(s *Scene) { s.Obstacles[2].Axis = &Vec{1, 0, 0} }, `obstacles[2].axis: not used by obstacle "pole"`},
		{"pole point", func(s *Scene) { s.Obstacles[2].Point = &Vec{1, 0, 0} }, `obstacles[2].point: not used by obstacle "pole"`},
		{"ring axis missing", func(s *Scene) { s.Obstacles[3].Axis = nil }, `obstacles[3].axis: missing; a ring needs it`},
		{"ring a", func(s *Scene) { s.Obstacles[3].A = &Vec{} }, `obstacles[3].a: not used by obstacle "ring"`},
		{"ring b", func(s *Scene) { s.Obstacles[3].B = &Vec{} }, `obstacles[3].b: not used by obstacle "ring"`},
		{"ring major", func(s *Scene) { s.Obstacles[3].Major = 0 }, "obstacles[3].major: must be > 0 (got 0)"},
		{"ring fat", func(s *Scene) { s.Obstacles[3].Radius = 0.05 }, "obstacles[3].radius: tube radius must be < major 0.05 m (got 0.05)"},

		{"too many tools", func(s *Scene) {
			for len(s.Tools) <= MaxTools {
				s.Tools = append(s.Tools, Tool{Rope: 1, Node: len(s.Tools), Path: []Key{{}}})
			}
		}, "tools: must hold at most 64 tools (got 65)"},
		{"tool name dup", func(s *Scene) { s.Tools[2].Name = "t0" }, `tools[2].name: "t0" is also the name of tools[0]`},
		{"tool name utf8", func(s *Scene) { s.Tools[2].Name = "a\xc3" }, "tools[2].name: is not valid UTF-8"},
		{"tool rope", func(s *Scene) { s.Tools[2].Rope = 6 }, "tools[2].rope: index 6 out of range (6 ropes)"},
		{"tool rope negative", func(s *Scene) { s.Tools[2].Rope = -1 }, "tools[2].rope: index -1 out of range"},
		{"tool node", func(s *Scene) { s.Tools[2].Node = 101 }, "tools[2].node: must be in 0..100 (rope 0 has 100 links) or -1 for the last node (got 101)"},
		{"tool node negative", func(s *Scene) { s.Tools[2].Node = -2 }, "tools[2].node: must be in 0..100"},
		{"grasp negative", func(s *Scene) { s.Tools[2].Grasp = -0.5 }, "tools[2].grasp: must be ≥ 0 s (got -0.5)"},
		{"grasp after end", func(s *Scene) { s.Tools[2].Grasp = 2 }, "tools[2].grasp: must be < duration 2 s (got 2)"},
		{"release before grasp", func(s *Scene) { s.Tools[2].Release = ptr(0.5) }, "tools[2].release: must be > grasp 0.5 s (got 0.5)"},
		{"release nan", func(s *Scene) { s.Tools[2].Release = ptr(nan()) }, "tools[2].release: must be finite (got NaN)"},
		{"release big", func(s *Scene) { s.Tools[2].Release = ptr(2e6) }, "tools[2].release: must be ≤ 1e+06 s"},
		{"path empty", func(s *Scene) { s.Tools[2].Path = nil }, "tools[2].path: needs at least 1 key (or give the tool a force)"},
		{"key time order", func(s *Scene) {
			s.Tools[1].Path = []Key{{1, Vec{}}, {2.5, Vec{}}, {3, Vec{}}, {2, Vec{}}}
		}, "tools[1].path[3].t: times must increase (2 after 3)"},
		{"key time equal", func(s *Scene) { s.Tools[1].Path[1].T = 1 }, "tools[1].path[1].t: times must increase (1 after 1)"},
		{"key time negative", func(s *Scene) { s.Tools[2].Path[0].T = -1 }, "tools[2].path[0].t: must be ≥ 0 s (got -1)"},
		{"key time big", func(s *Scene) { s.Tools[2].Path[0].T = 1e7 }, "tools[2].path[0].t: must be ≤ 1e+06 s"},
		{"key pos far", func(s *Scene) { s.Tools[2].Path[0].Pos[1] = -1e6 - 1 }, "tools[2].path[0].pos[1]: |coordinate| must be ≤ 1e+06 m"},
		{"same node overlap", func(s *Scene) { s.Tools[1].Grasp = 0.999 }, "tools[1]: holds node 0 of rope 0 during [0.999, +Inf) s while tools[0] holds it during [0, 1) s"},
		{"same node via -1", func(s *Scene) { s.Tools[1].Node = 100 }, "tools[2]: holds node 100 of rope 0 during [0.5, +Inf) s while tools[1] holds it during [1, +Inf) s"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			tc.mut(s)
			err := s.Validate()
			if err == nil {
				t.Fatalf("no error; want %q", tc.want)
			}
			if !strings.Contains(err.Error(), "scene: "+tc.want) {
				t.Fatalf("error\n%v\nwant it to contain\nscene: %s", err, tc.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("errors.As found no *Error in %v", err)
			}
			if _, err := Marshal(s); err == nil {
				t.Error("Marshal accepted an invalid scene")
			}
		})
	}
}

func TestValidateCollectsAll(t *testing.T) {
	s := base()
	s.Dt = 0
	s.Ropes[0].Radius = -1
	err := s.Validate()
	if got := strings.Count(err.Error(), "\n") + 1; got != 2 {
		t.Fatalf("%d errors, want 2:\n%v", got, err)
	}
	var z Scene
	if err := z.Validate(); err == nil {
		t.Fatal("zero scene is valid")
	}
	// Many errors are capped.
	for i := range s.Tools {
		s.Tools[i].Path = nil
		s.Tools[i].Rope = 99
	}
	for i := range s.Obstacles {
		s.Obstacles[i].Type = "x"
	}
	for i := range s.Ropes {
		s.Ropes[i].Layout.Type = "x"
	}
	for range 5 {
		s.Tools = append(s.Tools, Tool{Rope: -1})
	}
	msg := s.Validate().Error()
	if n := strings.Count(msg, "\n") + 1; n != maxErrors+1 || !strings.HasSuffix(msg, "more errors not shown") {
		t.Fatalf("%d lines:\n%s", n, msg)
	}
}

// TestParseErrors covers the checks on the JSON text itself.
func TestParseErrors(t *testing.T) {
	const rope = `{"links": 10, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight"}}`
	wrap := func(ropeJSON string) string {
		return `{"dt": 0.001, "duration": 1, "ropes": [` + ropeJSON + `]}`
	}
	cases := []struct {
		name, in, want string
	}{
		{"empty", ``, "scene: empty input"},
		{"blank", " \n ", "scene: empty input"},
		{"not object", `[1]`, "scene: a scene file holds one JSON object (got an array)"},
		{"number", `3`, "scene: a scene file holds one JSON object (got the number 3)"},
		{"syntax", "{\n\"dt\": 0.001,,", "scene: invalid JSON at line 2, column 13"},
		{"truncated", `{"dt": 0.001`, "scene: invalid JSON: unexpected end of input"},
		{"trailing object", wrap(rope) + ` {}`, "scene: trailing data after the scene object at line 1, column"},
		{"trailing garbage", wrap(rope) + `x`, "scene: trailing data after the scene object"},
		{"unknown top", `{"dt": 0.001, "durtion": 1}`, `scene: unknown field "durtion" at the top level (did you mean "duration"?)`},
		{"unknown nested", wrap(`{"radus": 1}`), `scene: unknown field "radus" in ropes[0] (did you mean "radius"?)`},
		{"unknown no hint", wrap(`{"colour": "red"}`), `scene: unknown field "colour" in ropes[0]`},
		{"case mismatch", wrap(`{"Radius": 1}`), `scene: unknown field "Radius" in ropes[0] (did you mean "radius"?)`},
		{"go name", `{"LinkLength": 1}`, `scene: unknown field "LinkLength" at the top level`},
		{"duplicate", `{"dt": 0.001, "dt": 0.002}`, `scene: dt: appears twice`},
		{"duplicate nested", wrap(`{"links": 1, "links": 2}`), `scene: ropes[0].links: appears twice`},
		{"overflow", wrap(`{"radius": 1e400}`), "scene: ropes[0].radius: number 1e400 is out of range"},
		{"overflow neg", `{"dt": -1e999}`, "scene: dt: number -1e999 is out of range"},
		{"float for int", wrap(`{"links": 10.5}`), "scene: ropes[0].links: must be an integer in int range (got 10.5)"},
		{"exp for int", wrap(`{"links": 1e3}`), "scene: ropes[0].links: must be an integer in int range (got 1e3)"},
		{"int overflow", wrap(`{"links": 99999999999999999999}`), "scene: ropes[0].links: must be an integer in int range"},
		{"seed negative", `{"seed": -1}`, "scene: seed: must be an integer in 0..18446744073709551615 (got -1)"},
		{"string for number", `{"dt": "0.001"}`, `scene: dt: must be a number (got a string)`},
		{"null for number", `{"dt": null}`, `scene: dt: must be a number (got null)`},
		{"null for struct", `{"solver": null}`, `scene: solver: must be an object (got null)`},
		{"null for slice", `{"ropes": null}`, `scene: ropes: must be an array (got null)`},
		{"bool", `{"solver": {"clusters": 1}}`, `scene: solver.clusters: must be true or false (got the number 1)`},
		{"string", `{"name": 5}`, `scene: name: must be a string (got the number 5)`},
		{"object for array", `{"ropes": {}}`, `scene: ropes: must be an array (got an object)`},
		{"vec short", wrap(`{"layout": {"from": [1, 2]}}`), "scene: ropes[0].layout.from: must hold exactly 3 numbers (got 2)"},
		{"vec long", wrap(`{"layout": {"from": [1, 2, 3, 4]}}`), "scene: ropes[0].layout.from: must hold exactly 3 numbers (got more)"},
		{"vec not array", wrap(`{"layout": {"from": 1}}`), "scene: ropes[0].layout.from: must be an array of 3 numbers (got the number 1)"},
		{"vec element", wrap(`{"layout": {"points": [[0,0,0], [1, true, 0]]}}`), "scene: ropes[0].layout.points[1][1]: must be a number (got true)"},
		{"key path", `{"tools": [{"path": [{"t": 0}, {"pos": [1,2]}]}]}`, "scene: tools[0].path[1].pos: must hold exactly 3 numbers (got 2)"},
		{"validation", wrap(`{"links": 10, "link_length": 0.01, "radius": -0.001, "layout": {"type": "straight"}}`), "scene: ropes[0].radius: must be > 0 (got -0.001)"},
		{"too big", `{"name": "` + strings.Repeat("x", MaxFileSize) + `"}`, "scene: file is 16777228 bytes; at most 16777216 (16 MiB) are accepted"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse([]byte(tc.in))
			if err == nil {
				t.Fatalf("parsed %+v; want error %q", s, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error\n%v\nwant it to contain\n%s", err, tc.want)
			}
		})
	}
	// The rope itself is fine: the wrapper parses.
	if _, err := Parse([]byte(wrap(rope))); err != nil {
		t.Fatal(err)
	}
}

func TestParseKeepsNullOptional(t *testing.T) {
	in := `{"dt": 0.001, "duration": 1, "solver": {"epsilon": null, "clusters": null},
	  "ropes": [{"links": 10, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight", "from": null}}],
	  "obstacles": [], "tools": [{"rope": 0, "node": 0, "grasp": 0, "release": null, "path": [{"t": 0, "pos": [0, 0, 0]}]}]}`
	s, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.Solver.Epsilon != nil || s.Solver.Clusters != nil || s.Ropes[0].Layout.From != nil || s.Tools[0].Release != nil {
		t.Fatalf("null did not leave nil: %+v", s)
	}
	if s.Obstacles != nil {
		t.Fatal("empty obstacles not stored as nil")
	}
}

func testdataScenes(t testing.TB) map[string][]byte {
	t.Helper()
	// testdata/pbd holds the samples for the physical solver (Build runs testdata/*.json).
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	pbd, err2 := filepath.Glob(filepath.Join("testdata", "pbd", "*.json"))
	files = append(files, pbd...)
	if err != nil || err2 != nil || len(files) == 0 || len(pbd) == 0 {
		t.Fatalf("no testdata: %v %v", err, err2)
	}
	out := make(map[string][]byte)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = b
	}
	return out
}

func TestTestdata(t *testing.T) {
	for name, b := range testdataScenes(t) {
		t.Run(name, func(t *testing.T) {
			s, err := Parse(b)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, s)
			d := s.WithDefaults()
			if err := d.Validate(); err != nil {
				t.Fatalf("WithDefaults: %v", err)
			}
			roundTrip(t, &d)
		})
	}
}

func roundTrip(t testing.TB, s *Scene) {
	t.Helper()
	out, err := Marshal(s)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	back, err := Parse(out)
	if err != nil {
		t.Fatalf("Parse(Marshal(s)): %v\n%s", err, out)
	}
	if !reflect.DeepEqual(s, back) {
		t.Fatalf("round trip changed the scene:\n%+v\n%+v\n%s", s, back, out)
	}
	again, err := Marshal(back)
	if err != nil || !bytes.Equal(out, again) {
		t.Fatalf("Marshal is not stable: %v\n%s\n%s", err, out, again)
	}
}

func TestRoundTrip(t *testing.T) {
	s := base()
	roundTrip(t, s)
	// Edge values survive: the largest seed, -0, tiny and huge numbers, text that JSON escapes.
	s.Seed = 1<<64 - 1
	s.Name = `<a href="x">&"\` + "\u2028\t\x01é"
	s.Ropes[0].Layout.From = &Vec{math.Copysign(0, -1), 1e-300, 999999.9999999999}
	s.Tools[0].Path[1].T = 0.1 + 0.2
	s.Solver.Epsilon = ptr(0.0)
	s.Solver.Clusters = ptr(false)
	roundTrip(t, s)
	d := s.WithDefaults()
	roundTrip(t, &d)
}

func TestWithDefaults(t *testing.T) {
	s := &Scene{Dt: 0.01, Duration: 1,
		Ropes: []Rope{
			{Links: 10, LinkLength: 0.01, Radius: 0.005, Layout: Layout{Type: LayoutStraight}},
			{Links: 20, LinkLength: 0.01, Radius: 0.004, Layout: Layout{Type: LayoutFigure8Curve}},
		},
		Tools: []Tool{{Rope: 1, Node: -1, Path: []Key{{0, Vec{}}}}},
	}
	orig := *s
	d := s.WithDefaults()
	r := 0.004 // the smaller radius; a variable so the products round as at run time
	want := Solver{Type: "ftl", Delta: 0.9 * r, Epsilon: ptr(0.3 * r), Iterations: 8, LengthPasses: ptr(2),
		Clusters: ptr(true), StretchGuard: ptr(true), MaxStretch: 1, Broadphase: "bvh"}
	if !reflect.DeepEqual(d.Solver, want) {
		t.Errorf("solver %+v, want %+v", d.Solver, want)
	}
	if l := d.Ropes[0].Layout; *l.From != (Vec{}) || *l.Dir != (Vec{1, 0, 0}) || l.Center != nil {
		t.Errorf("straight layout %+v", l)
	}
	if l := d.Ropes[1].Layout; *l.Center != (Vec{}) || l.From != nil {
		t.Errorf("curve layout %+v", l)
	}
	if d.Tools[0].Node != 20 {
		t.Errorf("node -1 resolved to %d, want 20", d.Tools[0].Node)
	}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	// s is untouched, and d shares no memory with it.
	if !reflect.DeepEqual(*s, orig) || s.Tools[0].Node != -1 || s.Ropes[0].Layout.From != nil {
		t.Fatal("WithDefaults changed its receiver")
	}
	b := base()
	db := b.WithDefaults()
	db.Ropes[1].Layout.Points[0][0] = 42
	db.Tools[0].Path[0].T = 42
	*db.Tools[0].Release = 42
	*db.Obstacles[0].Normal = Vec{42}
	*db.Solver.Epsilon = 42
	*db.Ropes[3].Layout.Obstacle = 42
	if !reflect.DeepEqual(b, base()) {
		t.Fatal("WithDefaults result aliases its receiver")
	}
	// Explicit values are kept.
	if !reflect.DeepEqual(b.WithDefaults().Solver, b.Solver) {
		t.Errorf("explicit solver changed: %+v", b.WithDefaults().Solver)
	}
}

// bigScene returns a valid scene file of about n path keys (≈ 40 bytes each).
func bigScene(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"dt": 0.001, "duration": 1000, "ropes": [{"links": 1000, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight"}}],
  "tools": [{"rope": 0, "node": 0, "grasp": 0, "path": [`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"t": %g, "pos": [%g, 0.5, -1]}`, float64(i)*0.001, float64(i%1000)*0.001)
	}
	b.WriteString("]}]}")
	return b.Bytes()
}

func BenchmarkParse(b *testing.B) {
	data := bigScene(100_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleParse() {
	s, err := Parse([]byte(`{
	  "dt": 0.001,
	  "duration": 2,
	  "ropes": [
	    {"links": 100, "link_length": 0.01, "radius": 0.004,
	     "layout": {"type": "straight", "from": [0, 0, 0.1], "dir": [1, 0, 0]}}
	  ],
	  "tools": [
	    {"rope": 0, "node": -1, "grasp": 0,
	     "path": [{"t": 0, "pos": [1, 0, 0.1]}, {"t": 1, "pos": [1, 0, 0.5]}]}
	  ]
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	d := s.WithDefaults()
	pos, active := d.Tools[0].TargetAt(0.25, vec.V3{})
	fmt.Printf("solver %s, δ = %.4g m, ε = %.4g m, tool holds node %d at %.3f (active %v)\n",
		d.Solver.Type, d.Solver.Delta, *d.Solver.Epsilon, d.Tools[0].Node, pos, active)

	_, err = Parse([]byte(`{"dt": 0.001, "duration": 1, "ropes": [{"links": 10, "radus": 0.004}]}`))
	fmt.Println(err)
	_, err = Parse([]byte(`{"dt": 0.001, "duration": 1, "ropes": [{"links": 10, "link_length": 0.01, "radius": -0.001, "layout": {"type": "knot"}}]}`))
	fmt.Println(err)
	// Output:
	// solver ftl, δ = 0.0036 m, ε = 0.0012 m, tool holds node 100 at {1.000 0.000 0.200} (active true)
	// scene: unknown field "radus" in ropes[0] (did you mean "radius"?)
	// scene: ropes[0].radius: must be > 0 (got -0.001)
	// scene: ropes[0].layout.type: "knot" is not one of straight, points, overhand, figure8, overhand+figure8, clove, cow, munter, torus-knot, figure8-curve, closed-curve, granny, square
}

// basePBD returns a valid scene under the pbd solver with every physical feature: a preset
// material without a radius, a custom material, a rope without a material, a force tool.
func basePBD() *Scene {
	return &Scene{
		Name: "pbd", Dt: 0.001, Duration: 2, Gravity: &Vec{0, 0, -9.81},
		Solver: Solver{Type: "pbd", Iterations: 4, Substeps: 10, MaxGraspForce: ptr(5.0), Broadphase: "grid"},
		Ropes: []Rope{
			{Links: 100, LinkLength: 0.001, Material: &Material{Preset: "nylon-3-0"}, Layout: Layout{Type: LayoutStraight}},
			{Links: 50, LinkLength: 0.01, Radius: 0.002,
				Material: &Material{Custom: &CustomMaterial{Density: 1000, Young: 1e7, Shear: 4e6, Friction: MaterialFriction{0.5, 0.4}, Damping: 0.1}},
				Layout:   Layout{Type: LayoutStraight, From: &Vec{0, 0.1, 0}}},
			{Links: 50, LinkLength: 0.01, Radius: 0.002, Layout: Layout{Type: LayoutStraight, From: &Vec{0, 0.2, 0}}},
		},
		Tools: []Tool{
			{Name: "pin", Rope: 0, Node: 0, Grasp: 0, Path: []Key{{0, Vec{}}}},
			{Name: "pull", Rope: 0, Node: -1, Grasp: 0, Release: ptr(1.5), Force: []ForceKey{{0, Vec{}}, {1, Vec{0.1, 0, 0}}}},
		},
	}
}

func TestBasePBDIsValid(t *testing.T) {
	s := basePBD()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	roundTrip(t, s)
	d := s.WithDefaults()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	roundTrip(t, &d)
}

// TestValidatePBD has one row per rule of the physical layer, like TestValidate.
func TestValidatePBD(t *testing.T) {
	custom := func(s *Scene) *CustomMaterial { return s.Ropes[1].Material.Custom }
	cases := []struct {
		name string
		mut  func(s *Scene)
		want string
	}{
		{"delta under pbd", func(s *Scene) { s.Solver.Delta = 0.0001 }, "solver.delta: a field of the ftl solver; this scene's solver is pbd"},
		{"epsilon under pbd", func(s *Scene) { s.Solver.Epsilon = ptr(0.0) }, "solver.epsilon: a field of the ftl solver; this scene's solver is pbd"},
		{"length passes under pbd", func(s *Scene) { s.Solver.LengthPasses = ptr(0) }, "solver.length_passes: a field of the ftl solver; this scene's solver is pbd"},
		{"clusters under pbd", func(s *Scene) { s.Solver.Clusters = ptr(true) }, "solver.clusters: a field of the ftl solver; this scene's solver is pbd"},
		{"stretch guard under pbd", func(s *Scene) { s.Solver.StretchGuard = ptr(false) }, "solver.stretch_guard: a field of the ftl solver; this scene's solver is pbd"},
		{"max stretch under pbd", func(s *Scene) { s.Solver.MaxStretch = 1 }, "solver.max_stretch: a field of the ftl solver; this scene's solver is pbd"},
		{"iterations big", func(s *Scene) { s.Solver.Iterations = 101 }, "solver.iterations: must be in 1..100, or 0 for the solver's default (got 101)"},
		{"iterations negative", func(s *Scene) { s.Solver.Iterations = -1 }, "solver.iterations: must be in 1..100, or 0 for the solver's default (got -1)"},
		{"substeps big", func(s *Scene) { s.Solver.Substeps = 1001 }, "solver.substeps: must be in 1..1000, or 0 to let the solver choose (got 1001)"},
		{"substeps negative", func(s *Scene) { s.Solver.Substeps = -2 }, "solver.substeps: must be in 1..1000, or 0 to let the solver choose (got -2)"},
		{"max grasp force zero", func(s *Scene) { s.Solver.MaxGraspForce = ptr(0.0) }, "solver.max_grasp_force: must be > 0 (got 0)"},
		{"max grasp force big", func(s *Scene) { s.Solver.MaxGraspForce = ptr(2e4) }, "solver.max_grasp_force: must be ≤ 10000 N (got 20000)"},
		{"max grasp force nan", func(s *Scene) { s.Solver.MaxGraspForce = ptr(nan()) }, "solver.max_grasp_force: must be finite (got NaN)"},
		{"broadphase under pbd", func(s *Scene) { s.Solver.Broadphase = "kd" }, `solver.broadphase: "kd" is not one of bvh, aabb, grid, kubiak, brute`},

		{"unknown preset", func(s *Scene) { s.Ropes[0].Material.Preset = "foo" },
			`ropes[0].material: unknown preset "foo"; valid presets are climbing-rope-10mm, cotton-string, nylon-2-0, nylon-3-0`},
		{"unknown preset leaves no radius", func(s *Scene) { s.Ropes[0].Material.Preset = "foo" }, "ropes[0].radius: must be > 0 (got 0)"},
		{"empty material", func(s *Scene) { s.Ropes[0].Material = &Material{} }, "ropes[0].material: empty; name a preset (climbing-rope-10mm, "},
		{"both forms", func(s *Scene) { s.Ropes[1].Material.Preset = "nylon-2-0" }, "ropes[1].material: holds both a preset name and custom values"},
		{"custom density", func(s *Scene) { custom(s).Density = 0 }, "ropes[1].material.density: 0 kg/m³ must be positive and finite"},
		{"custom density big", func(s *Scene) { custom(s).Density = 3e4 }, "ropes[1].material.density: 30000 kg/m³ is above 25000"},
		{"custom young", func(s *Scene) { custom(s).Young = -1 }, "ropes[1].material.young: -1 Pa must be positive and finite"},
		{"custom young nan", func(s *Scene) { custom(s).Young = nan() }, "ropes[1].material.young: NaN Pa must be positive and finite"},
		{"custom shear Poisson", func(s *Scene) { custom(s).Shear = 1e6 }, "ropes[1].material.shear: 1e+06 Pa with young 1e+07 Pa gives Poisson's ratio 4"},
		{"custom shear zero", func(s *Scene) { custom(s).Shear = 0 }, "ropes[1].material.shear: 0 Pa must be positive and finite"},
		{"custom friction static", func(s *Scene) { custom(s).Friction.Static = -0.1 }, "ropes[1].material.friction.static: -0.1 must be in 0..10"},
		{"custom friction kinetic", func(s *Scene) { custom(s).Friction.Kinetic = 0.6 }, "ropes[1].material.friction.kinetic: 0.6 must not exceed friction.static 0.5"},
		{"custom damping", func(s *Scene) { custom(s).Damping = -1 }, "ropes[1].material.damping: -1 1/s must be in 0..10000"},
		{"custom has no radius", func(s *Scene) { s.Ropes[1].Radius = 0 }, "ropes[1].radius: must be > 0 (got 0)"},
		{"preset radius vs link", func(s *Scene) { s.Ropes[0].Material.Preset = "climbing-rope-10mm" },
			`ropes[0].radius: omitted, so half the diameter of preset "climbing-rope-10mm", 0.005 m; it must be ≤ 2·link_length = 0.002 m`},

		{"path and force", func(s *Scene) { s.Tools[1].Path = []Key{{0, Vec{}}} }, "tools[1].force: a tool has either a path or a force, not both"},
		{"relative force", func(s *Scene) { s.Tools[1].Relative = true }, "tools[1].relative: a force tool has no path to offset; remove it"},
		{"neither", func(s *Scene) { s.Tools[1].Force = nil }, "tools[1].path: needs at least 1 key (or give the tool a force)"},
		{"force under ftl", func(s *Scene) { s.Solver = Solver{Type: "ftl"} },
			`tools[1].force: the ftl solver is geometric and cannot apply forces; use "solver": {"type": "pbd"}`},
		{"force under default solver", func(s *Scene) { s.Solver = Solver{} },
			`tools[1].force: the ftl solver is geometric and cannot apply forces; use "solver": {"type": "pbd"}`},
		{"force key order", func(s *Scene) { s.Tools[1].Force[1].T = 0 }, "tools[1].force[1].t: times must increase (0 after 0)"},
		{"force key negative", func(s *Scene) { s.Tools[1].Force[0].T = -1 }, "tools[1].force[0].t: must be ≥ 0 s (got -1)"},
		{"force key nan", func(s *Scene) { s.Tools[1].Force[1].F[0] = nan() }, "tools[1].force[1].f[0]: must be finite (got NaN)"},
		{"force big", func(s *Scene) { s.Tools[1].Force[1].F = Vec{0, 2e4, 0} }, "tools[1].force[1].f: magnitude 20000 N must be ≤ 10000 N"},
		{"force tool overlaps", func(s *Scene) { s.Tools[1].Node = 0 }, "tools[1]: holds node 0 of rope 0 during [0, 1.5) s while tools[0] holds it during [0, +Inf) s"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := basePBD()
			tc.mut(s)
			err := s.Validate()
			if err == nil {
				t.Fatalf("no error; want %q", tc.want)
			}
			if !strings.Contains(err.Error(), "scene: "+tc.want) {
				t.Fatalf("error\n%v\nwant it to contain\nscene: %s", err, tc.want)
			}
			if _, err := Marshal(s); err == nil {
				t.Error("Marshal accepted an invalid scene")
			}
		})
	}
}

func TestParsePhysical(t *testing.T) {
	in := `{"dt": 0.001, "duration": 1, "gravity": [0, -9.8, 0],
	  "solver": {"type": "pbd", "substeps": 8, "iterations": 2, "max_grasp_force": 3.5},
	  "ropes": [
	    {"links": 10, "link_length": 0.001, "material": "silk-3-0", "layout": {"type": "straight"}},
	    {"links": 10, "link_length": 0.01, "radius": 0.001, "layout": {"type": "straight", "from": [0, 0.1, 0]},
	     "material": {"density": 1100, "young": 2e9, "shear": 7e8, "friction": {"static": 0.3, "kinetic": 0.2}, "damping": 0.5}}
	  ],
	  "tools": [{"rope": 0, "node": -1, "grasp": 0, "force": [{"t": 0, "f": [0, 0, 0]}, {"t": 0.5, "f": [0.2, 0, 0]}]}]}`
	s, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	silk, _ := material.Preset("silk-3-0")
	if got := s.Ropes[0].ResolvedMaterial(); got != silk || s.Ropes[0].Radius != 0 || s.MinRadius() != silk.Diameter/2 {
		t.Errorf("preset rope: %+v, radius %v, min radius %v", got, s.Ropes[0].Radius, s.MinRadius())
	}
	want := material.Material{Density: 1100, Young: 2e9, Shear: 7e8, Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 0.5}
	if got := s.Ropes[1].ResolvedMaterial(); got != want {
		t.Errorf("custom: %+v", got)
	}
	if *s.Gravity != (Vec{0, -9.8, 0}) || s.Solver.Substeps != 8 || *s.Solver.MaxGraspForce != 3.5 || !s.Solver.Physical() {
		t.Errorf("gravity %v, solver %+v", *s.Gravity, s.Solver)
	}
	if f := s.Tools[0].ForceAt(0.25); f != (vec.V3{X: 0.1}) {
		t.Errorf("ForceAt %v", f)
	}
	out, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"material": "silk-3-0"`, `"density": 1100`, `"force": [`, `"gravity": [`, `"max_grasp_force": 3.5`} {
		if !strings.Contains(string(out), w) {
			t.Errorf("Marshal lost %s:\n%s", w, out)
		}
	}
	if strings.Contains(string(out), "\"radius\": 0,\n") || strings.Contains(string(out), `"path"`) {
		t.Errorf("Marshal wrote an absent field:\n%s", out)
	}
	roundTrip(t, s)
	d := s.WithDefaults()
	if d.Ropes[0].Radius != silk.Diameter/2 {
		t.Errorf("radius from preset: %v", d.Ropes[0].Radius)
	}
	roundTrip(t, &d)

	// A material with null is absent; a material under ftl is allowed and kept.
	s, err = Parse([]byte(`{"dt": 0.001, "duration": 1, "ropes": [
	  {"links": 10, "link_length": 0.01, "radius": 0.004, "material": null, "layout": {"type": "straight"}},
	  {"links": 10, "link_length": 0.01, "material": "cotton-string", "layout": {"type": "straight", "from": [0, 0.1, 0]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Ropes[0].Material != nil || s.Ropes[0].ResolvedMaterial() != (material.Material{}) || s.Ropes[1].Material.Preset != "cotton-string" {
		t.Errorf("materials %+v %+v", s.Ropes[0].Material, s.Ropes[1].Material)
	}
	if d := s.WithDefaults(); d.Ropes[0].Material != nil || d.Ropes[1].Radius != 0.001 {
		t.Errorf("ftl defaults gave ropes %+v", d.Ropes)
	}
}

// TestParsePhysicalErrors covers the JSON checks of the new fields.
func TestParsePhysicalErrors(t *testing.T) {
	wrap := func(mat string) string {
		return `{"dt": 0.001, "duration": 1, "solver": {"type": "pbd"}, "ropes": [{"links": 10, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight"}, "material": ` + mat + `}]}`
	}
	tool := func(t string) string {
		return `{"dt": 0.001, "duration": 1, "solver": {"type": "pbd"}, "ropes": [{"links": 10, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight"}}], "tools": [` + t + `]}`
	}
	cases := []struct{ name, in, want string }{
		{"material number", wrap(`5`), "scene: ropes[0].material: must be a preset name (a string) or an object (got the number 5)"},
		{"material array", wrap(`["nylon-2-0"]`), "scene: ropes[0].material: must be a preset name (a string) or an object (got an array)"},
		{"material bool", wrap(`true`), "scene: ropes[0].material: must be a preset name (a string) or an object (got true)"},
		{"material unknown field", wrap(`{"youngs": 1e9}`), `scene: unknown field "youngs" in ropes[0].material (did you mean "young"?)`},
		{"material case", wrap(`{"Density": 1}`), `scene: unknown field "Density" in ropes[0].material (did you mean "density"?)`},
		{"material duplicate", wrap(`{"density": 1, "density": 2}`), "scene: ropes[0].material.density: appears twice"},
		{"material overflow", wrap(`{"young": 1e999}`), "scene: ropes[0].material.young: number 1e999 is out of range"},
		{"material string value", wrap(`{"damping": "0.1"}`), "scene: ropes[0].material.damping: must be a number (got a string)"},
		{"friction unknown", wrap(`{"friction": {"sliding": 0.1}}`), `scene: unknown field "sliding" in ropes[0].material.friction`},
		{"friction not object", wrap(`{"friction": 0.3}`), "scene: ropes[0].material.friction: must be an object (got the number 0.3)"},
		{"unknown preset", wrap(`"foo"`), `scene: ropes[0].material: unknown preset "foo"; valid presets are `},
		{"custom Poisson", wrap(`{"density": 1000, "young": 1e9, "shear": 1e8}`), "scene: ropes[0].material.shear: 1e+08 Pa with young 1e+09 Pa gives Poisson's ratio 4"},
		{"custom missing density", wrap(`{"young": 1e9, "shear": 4e8}`), "scene: ropes[0].material.density: 0 kg/m³ must be positive"},
		{"bend negative", wrap(`{"density": 1000, "young": 1e9, "shear": 4e8, "bend": -1}`), "scene: ropes[0].material.bend: -1 Pa must be ≥ 0 and finite"},
		{"bend above young", wrap(`{"density": 1000, "young": 1e9, "shear": 4e8, "bend": 2e9}`), "scene: ropes[0].material.bend: 2e+09 Pa is above young 1e+09 Pa; a braided or twisted rope bends more easily"},
		{"bend huge", wrap(`{"density": 1000, "young": 1e9, "shear": 4e8, "bend": 1e13}`), "scene: ropes[0].material.bend: 1e+13 Pa is above 1.5e+12"},
		{"bend overflow", wrap(`{"bend": 1e999}`), "scene: ropes[0].material.bend: number 1e999 is out of range"},
		{"bend string", wrap(`{"bend": "1e6"}`), "scene: ropes[0].material.bend: must be a number (got a string)"},
		{"bend case", wrap(`{"Bend": 1e6}`), `scene: unknown field "Bend" in ropes[0].material (did you mean "bend"?)`},
		{"bend duplicate", wrap(`{"bend": 1, "bend": 2}`), "scene: ropes[0].material.bend: appears twice"},
		{"twist above shear", wrap(`{"density": 1000, "young": 1e9, "shear": 4e8, "twist": 5e8}`), "scene: ropes[0].material.twist: 5e+08 Pa is above shear 4e+08 Pa"},
		{"twist negative", wrap(`{"density": 1000, "young": 1e9, "shear": 4e8, "twist": -3}`), "scene: ropes[0].material.twist: -3 Pa must be ≥ 0 and finite"},
		{"bending unknown", wrap(`{"bending": 1e6}`), `scene: unknown field "bending" in ropes[0].material`},
		{"gravity short", `{"gravity": [0, -9.81]}`, "scene: gravity: must hold exactly 3 numbers (got 2)"},
		{"gravity null", `{"dt": 0.001, "gravity": null, "duration": 0}`, "scene: duration: must be > 0"},
		{"gravity big", `{"dt": 0.001, "duration": 1, "gravity": [1e5, 0, 0], "ropes": [{"links": 1, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight"}}]}`,
			"scene: gravity: magnitude 100000 m/s² must be ≤ 10000 m/s²"},
		{"solver unknown", `{"solver": {"substep": 1}}`, `scene: unknown field "substep" in solver (did you mean "substeps"?)`},
		{"substeps float", `{"solver": {"substeps": 1.5}}`, "scene: solver.substeps: must be an integer in int range (got 1.5)"},
		{"force key field", tool(`{"rope": 0, "node": 0, "grasp": 0, "force": [{"t": 0, "force": [1, 0, 0]}]}`), `scene: unknown field "force" in tools[0].force[0]`},
		{"force vec", tool(`{"rope": 0, "node": 0, "grasp": 0, "force": [{"t": 0, "f": [1]}]}`), "scene: tools[0].force[0].f: must hold exactly 3 numbers (got 1)"},
		{"force and path", tool(`{"rope": 0, "node": 0, "grasp": 0, "force": [{"t": 0, "f": [1, 0, 0]}], "path": [{"t": 0, "pos": [0, 0, 0]}]}`),
			"scene: tools[0].force: a tool has either a path or a force, not both"},
		{"force empty", tool(`{"rope": 0, "node": 0, "grasp": 0, "force": []}`), "scene: tools[0].path: needs at least 1 key (or give the tool a force)"},
		{"force relative", tool(`{"rope": 0, "node": 0, "grasp": 0, "relative": true, "force": [{"t": 0, "f": [1, 0, 0]}]}`),
			"scene: tools[0].relative: a force tool has no path to offset; remove it"},
		{"epsilon under pbd", `{"dt": 0.001, "duration": 1, "solver": {"type": "pbd", "epsilon": 0.001}, "ropes": [{"links": 1, "link_length": 0.01, "radius": 0.004, "layout": {"type": "straight"}}]}`,
			"scene: solver.epsilon: a field of the ftl solver; this scene's solver is pbd"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse([]byte(tc.in))
			if err == nil {
				t.Fatalf("parsed %+v; want error %q", s, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error\n%v\nwant it to contain\n%s", err, tc.want)
			}
		})
	}
	// "force": [] beside a path is an empty force: stored as nil, so the scene round-trips.
	s, err := Parse([]byte(tool(`{"rope": 0, "node": 0, "grasp": 0, "force": [], "path": [{"t": 0, "pos": [0, 0, 0]}]}`)))
	if err != nil {
		t.Fatal(err)
	}
	if s.Tools[0].Force != nil {
		t.Fatal("empty force not stored as nil")
	}
	roundTrip(t, s)
}

func TestWithDefaultsPhysical(t *testing.T) {
	b := basePBD()
	d := b.WithDefaults()
	ny, _ := material.Preset("nylon-3-0")
	if d.Ropes[0].Radius != ny.Diameter/2 || d.Ropes[0].ResolvedMaterial() != ny {
		t.Errorf("preset rope %+v", d.Ropes[0])
	}
	if d.Ropes[2].Material == nil || d.Ropes[2].Material.Preset != DefaultMaterial || d.Ropes[2].Radius != 0.002 {
		t.Errorf("rope without material: %+v", d.Ropes[2])
	}
	if want := (Solver{Type: "pbd", Iterations: 4, Substeps: 10, MaxGraspForce: ptr(5.0), Broadphase: "grid"}); !reflect.DeepEqual(d.Solver, want) {
		t.Errorf("solver %+v", d.Solver)
	}
	if *d.Gravity != (Vec{0, 0, -9.81}) {
		t.Errorf("gravity %v", *d.Gravity)
	}
	// Defaults of a bare pbd scene: no FTL field is filled in, gravity is DefaultGravity.
	s := &Scene{Dt: 0.001, Duration: 1, Solver: Solver{Type: "pbd"},
		Ropes: []Rope{{Links: 10, LinkLength: 0.01, Radius: 0.004, Layout: Layout{Type: LayoutStraight}}}}
	ds := s.WithDefaults()
	if want := (Solver{Type: "pbd", Broadphase: "bvh"}); !reflect.DeepEqual(ds.Solver, want) {
		t.Errorf("bare pbd solver %+v", ds.Solver)
	}
	if *ds.Gravity != DefaultGravity || DefaultGravity != (Vec{0, 0, -9.81}) {
		t.Errorf("gravity %v", *ds.Gravity)
	}
	if err := ds.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := material.Preset(DefaultMaterial); err != nil {
		t.Fatal(err)
	}
	// No aliasing.
	d.Ropes[1].Material.Custom.Density = 42
	d.Ropes[0].Material.Preset = "x"
	d.Tools[1].Force[0].T = 42
	*d.Gravity = Vec{42}
	*d.Solver.MaxGraspForce = 42
	if !reflect.DeepEqual(b, basePBD()) {
		t.Fatal("WithDefaults result aliases its receiver")
	}
}

// TestBuiltinUnderPBD: every built-in scene written for FTL without materials (all but the
// security scenes, which name their thread's) is valid under the pbd solver, and WithDefaults
// gives each rope DefaultMaterial.
func TestBuiltinUnderPBD(t *testing.T) {
	for _, name := range BuiltinNames() {
		if IsSecurityBuiltin(name) || IsSurgicalBuiltin(name) {
			continue // a custom material: TestSecurityScenes; tissue: implicit only
		}
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		s.Solver.Type = "pbd"
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d := s.WithDefaults()
		if err := d.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i := range d.Ropes {
			if m := d.Ropes[i].ResolvedMaterial(); m.Name != DefaultMaterial {
				t.Errorf("%s rope %d: material %+v", name, i, m)
			}
		}
	}
}

// TestParseMaterialBendTwist: the custom material's optional effective moduli are read,
// resolved into material.Material (and so into its Section), written back, and omitted when 0.
func TestParseMaterialBendTwist(t *testing.T) {
	in := `{"dt": 0.001, "duration": 1, "solver": {"type": "pbd"}, "ropes": [
	  {"links": 10, "link_length": 0.01, "radius": 0.005, "layout": {"type": "straight"},
	   "material": {"density": 800, "young": 1.2e8, "shear": 4e7, "bend": 7.8e6, "twist": 2.6e6, "friction": {"static": 0.47, "kinetic": 0.4}, "damping": 0.1}},
	  {"links": 10, "link_length": 0.01, "radius": 0.005, "layout": {"type": "straight", "from": [0, 0.1, 0]},
	   "material": {"density": 800, "young": 1.2e8, "shear": 4e7}}]}`
	s, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	m := s.Ropes[0].ResolvedMaterial()
	want := material.Material{Density: 800, Young: 1.2e8, Shear: 4e7, Bend: 7.8e6, Twist: 2.6e6, Friction: material.Friction{Static: 0.47, Kinetic: 0.4}, Damping: 0.1}
	if m != want {
		t.Errorf("resolved %+v", m)
	}
	i := math.Pi * math.Pow(0.005, 4) / 4
	if sec := m.Section(0.005); math.Abs(sec.Bend/(7.8e6*i)-1) > 1e-12 || math.Abs(sec.Twist/(2.6e6*2*i)-1) > 1e-12 {
		t.Errorf("section %+v", sec)
	}
	if m2 := s.Ropes[1].ResolvedMaterial(); m2.Bend != 0 || m2.Twist != 0 || math.Abs(m2.Section(0.005).Bend/(1.2e8*i)-1) > 1e-12 {
		t.Errorf("without bend: %+v", m2)
	}
	out, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"bend": 7800000`) || !strings.Contains(string(out), `"twist": 2600000`) || strings.Count(string(out), `"bend"`) != 1 || strings.Count(string(out), `"twist"`) != 1 {
		t.Errorf("Marshal:\n%s", out)
	}
	roundTrip(t, s)
}
