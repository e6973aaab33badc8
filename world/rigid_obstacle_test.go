package world_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/ftl"
	"github.com/knotsim/knotsim/solver/solvertest"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// cord is a soft 2 mm cord (the haptic knot's rope); limpCord the same braided, bending and
// twisting 100× more easily.
var (
	cord = material.Material{Density: 1100, Young: 5e6, Shear: 1.7e6,
		Friction: material.Friction{Static: 0.6, Kinetic: 0.5}, Damping: 2}
	limpCord = material.Material{Density: 1100, Young: 5e6, Shear: 1.7e6, Bend: 5e4, Twist: 1.7e4,
		Friction: material.Friction{Static: 0.6, Kinetic: 0.5}, Damping: 2}
)

// The block of the rigid-obstacle tests: 40 × 40 × 20 mm, its top the plane z = 0.
const blockX, blockY, blockZ = 0.02, 0.02, 0.02

func inBlock(p vec.V3, inset float64) bool {
	return math.Abs(p.X) < blockX-inset && math.Abs(p.Y) < blockY-inset && p.Z < -inset && p.Z > -2*blockZ+inset
}

// blockWorld is a 15 cm cord of material mat (R = 1 mm, 60 links of 2.5 mm) lying along x 2 mm
// above the top of the block, centred, under gravity, with the block as a rigid mesh (12
// triangles) in a world of the named solver.
func blockWorld(t testing.TB, mk func(collide.Detector) (solver.Solver, error), mat material.Material) *world.World {
	return blockWorldN(t, mk, mat, 60)
}

// blockWorldN is blockWorld with a cord of n links.
func blockWorldN(t testing.TB, mk func(collide.Detector) (solver.Solver, error), mat material.Material, n int) *world.World {
	return blockWorldMesh(t, mk, mat, n, 1)
}

// blockWorldMesh is blockWorldN with the block's faces cut into k × k squares (12k² triangles).
func blockWorldMesh(t testing.TB, mk func(collide.Detector) (solver.Solver, error), mat material.Material, n, k int) *world.World {
	t.Helper()
	const r, l = 1e-3, 2.5e-3
	w := straightWorld(t, mk, mat, r, l, n, vec.V3{X: -float64(n) / 2 * l, Z: r + 2e-3})
	m, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 2 * blockX, Y: 2 * blockY, Z: 2 * blockZ}, Cells: [3]int{k, k, k}})
	if err != nil {
		t.Fatal(err)
	}
	surf := m.Surface()
	for i := range surf.Nodes {
		surf.Nodes[i] = surf.Nodes[i].Sub(vec.V3{X: blockX, Y: blockY, Z: 2 * blockZ})
	}
	// The rope's own friction on the block under implicit too, as pbd and dvi take it: on a
	// frictionless block the stiff cord's balance over the two edges is unstable (it slid off,
	// from a 10 µm asymmetry, under contact rows tried in a change to implicit).
	if _, err := w.AddRigid(world.Rigid{Name: "block", Surface: surf, Friction: mat.Friction}); err != nil {
		t.Fatal(err)
	}
	return w
}

// checkOutside fails if a node or a link's middle of w's rope lies inside the block by more
// than tol, and returns the deepest overlap of the rope's surface into it (m).
func checkOutside(t *testing.T, w *world.World, tol float64) {
	t.Helper()
	p := w.State.Pos
	for i := range p {
		if !p[i].IsFinite() {
			t.Fatalf("cycle %d: node %d is at %v", w.Cycle, i, p[i])
		}
		if inBlock(p[i], tol) || (i > 0 && inBlock(p[i].Add(p[i-1]).Scale(0.5), tol)) {
			t.Fatalf("cycle %d: node %d (or its link's middle) is inside the block: %v", w.Cycle, i, p[i])
		}
	}
}

// pbd and dvi meet a rigid mesh as one obstacle (shape.Mesh): a limp cord dropped
// across the block drapes over its two 90° edges, its ends hanging down its sides and its
// middle resting on the top (bowed up by less than a radius: the ends' weight levered over
// the edges); no node or link middle ever enters the block, the links keep their length,
// and the solver's contacts are reported as the mesh's (World.AppendContacts). implicit, which
// takes the mesh as a triangle surface, is held to the same checks.
func TestCordDrapedOverRigidMesh(t *testing.T) {
	for _, sv := range physical {
		t.Run(sv.name, func(t *testing.T) {
			t.Parallel()
			w := blockWorld(t, sv.make, limpCord)
			const r = 1e-3
			steps(t, w, 1500, func() {
				if w.Cycle > 0 {
					checkOutside(t, w, 0.05*r)
				}
			})
			checkOutside(t, w, 0.05*r)
			p := w.State.Pos
			mid := p[30]
			t.Logf("%s: middle at z = %.4f R, ends at %.2f/%.2f mm; deepest obstacle overlap %.3g R, length drift %.3g %%",
				sv.name, mid.Z/r, p[0].Z*1e3, p[60].Z*1e3, w.Worst.ObsOverlap/r, 100*w.Worst.LengthDrift)
			// How far it bows depends on where friction caught it as it settled (measured
			// 1.25–1.57 R, the middle up to 1.2 mm off centre): the check is that it lies on
			// the top, not how.
			if mid.Z < r || mid.Z > 2*r || math.Abs(mid.X) > 3e-3 || math.Abs(mid.Y) > 1e-3 {
				t.Errorf("the middle rests at %v, want on the top's centre at z = R…2 R", mid)
			}
			if p[0].Z > -0.03 || p[60].Z > -0.03 {
				t.Errorf("the ends are at z = %.4g and %.4g m; they should hang down the block's sides", p[0].Z, p[60].Z)
			}
			if w.Worst.ObsOverlap > 0.05*r || w.Worst.LengthDrift > 0.01 {
				t.Errorf("overlap %.3g R, length drift %.3g %%", w.Worst.ObsOverlap/r, 100*w.Worst.LengthDrift)
			}
			var on, off int
			for _, c := range w.AppendContacts(nil) {
				if c.OnSurface && c.Surface == w.RigidSurf(0) && c.Obstacle == -1 {
					on++
				} else {
					off++
				}
			}
			if on == 0 || off != 0 {
				t.Errorf("%d contacts reported on the mesh, %d elsewhere", on, off)
			}
		})
	}
}

// A position tool drives the cord's middle down into the block at 0.5 m/s and on to 3 cm
// below its top, then sideways over its edge: the cord wraps the block (the tool lags, pulling at
// its force cap) and never enters it.
func TestCordDrivenIntoRigidMesh(t *testing.T) {
	if testing.Short() {
		t.Skip("pbd takes its full substeps with the tool at its cap; run without -short")
	}
	// implicit, which takes the mesh as a triangle surface, once failed here: node 30, under
	// the tool, lay between two segments whose closest points to the top were their far ends,
	// and fell through (fixed by a row per node: implicit.TestNodeBetweenFlatSegmentsHeld).
	for _, sv := range physical {
		t.Run(sv.name, func(t *testing.T) {
			skipSlow(t, sv.slow)
			t.Parallel()
			w := blockWorld(t, sv.make, cord)
			const r = 1e-3
			start := w.State.Pos[30]
			w.AddTool(world.Tool{Name: "hand", Node: 30, Mode: solver.HoldPosition, Active: true, Target: start})
			steps(t, w, 300, func() {
				tt := float64(w.Cycle) * w.Dt
				target := start.Add(vec.V3{Z: -0.5 * math.Min(tt, 0.066)})
				if tt > 0.1 {
					target = target.Add(vec.V3{X: 0.5 * math.Min(tt-0.1, 0.06)})
				}
				w.Tools[0].Target = target
				if w.Cycle > 0 {
					checkOutside(t, w, 0.05*r)
				}
			})
			checkOutside(t, w, 0.05*r)
			t.Logf("%s: deepest obstacle overlap %.3g R, length drift %.3g %%, lag %.3g mm", sv.name, w.Worst.ObsOverlap/r, 100*w.Worst.LengthDrift, w.Worst.Lag*1e3)
			if w.Worst.Lag < 0.01 {
				t.Errorf("the tool lagged by at most %.3g mm: it cannot have pressed the cord into the block", w.Worst.Lag*1e3)
			}
		})
	}
}

// Under a solver that meets meshes as obstacles, the bounds are the obstacles': a non-physical
// solver is refused, as is a mesh beyond MaxObstacleTriangles, each naming the mesh and leaving
// the world unchanged; a degenerate triangle is refused by its index.
func TestAddRigidObstaclesRefuses(t *testing.T) {
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.01, Link: 0.1, Pos: []vec.V3{{Z: 2}, {X: 0.1, Z: 2}}, Material: cord}); err != nil {
		t.Fatal(err)
	}
	det, _ := collide.New("bvh")
	huge := &tissue.Surface{Nodes: make([]vec.V3, 3), Tris: make([][3]int32, world.MaxObstacleTriangles+1)}
	box, err := tissue.Slab(tissue.SlabSpec{Size: vec.V3{X: 1, Y: 1, Z: 1}, Cells: [3]int{1, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		solve func() solver.Solver
		surf  *tissue.Surface
		want  string
	}{
		{"ftl", func() solver.Solver { s, _ := ftl.New(ftl.DefaultParams(0.01, 0.1), det); return s }, box.Surface(),
			`rigid mesh "box": the ftl solver does not handle rigid meshes`},
		{"too many", func() solver.Solver { s, _ := physical[0].make(det); return s }, huge,
			`rigid mesh "box": 100001 triangles (100001 in all); the pbd solver meets meshes as obstacles, at most 100000`},
		{"degenerate", func() solver.Solver { s, _ := physical[1].make(det); return s },
			func() *tissue.Surface { s := box.Surface(); s.Nodes[s.Tris[3][0]] = s.Nodes[s.Tris[3][1]]; return s }(), `rigid mesh "box": tissue:`},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := world.New(st, world.Config{Dt: 1e-3, Solver: c.solve()})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.AddRigid(world.Rigid{Name: "box", Surface: c.surf}); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			if len(w.Rigid) != 0 {
				t.Error("the world kept the refused mesh")
			}
			if err := w.Step(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// The mesh obstacles sit after World.Obstacles in the solver's input, and follow a change
// of them: a floor added after the mesh takes the contacts of a cord lying beside the block.
func TestRigidObstaclesAfterObstacles(t *testing.T) {
	w := blockWorld(t, physical[0].make, limpCord)
	w.Obstacles = append(w.Obstacles, shape.Shape{Kind: shape.Plane, Center: vec.V3{Z: -2 * blockZ}, Axis: vec.V3{Z: 1}})
	steps(t, w, 1500, nil)
	var onMesh, onFloor int
	for _, c := range w.AppendContacts(nil) {
		switch {
		case c.OnSurface && c.Surface == w.RigidSurf(0):
			onMesh++
		case c.Obstacle == 0:
			onFloor++
		default:
			t.Errorf("contact with obstacle %d (surface %v %d)", c.Obstacle, c.OnSurface, c.Surface)
		}
	}
	t.Logf("%d contacts on the mesh, %d on the floor", onMesh, onFloor)
	if onMesh == 0 || onFloor == 0 {
		t.Errorf("%d contacts on the mesh, %d on the floor; want both", onMesh, onFloor)
	}
}

// The stiff cord does not lie on the block: the weight of its ends, levered over the edges, bows
// its middle up. The three physical solvers — pbd and dvi meeting the mesh's triangles as
// obstacles, implicit taking it as a triangle surface — agree on how high, within 4 %. With
// friction (the rope's own, μs = 0.6) the cord comes to rest in one of many balanced states,
// depending on how its ends slid down the sides: measured 3.089 R (pbd), 3.102 R (dvi) and
// 3.012 R (implicit). (Without friction, under implicit, it came to rest at 3.113 R on one
// set of contact rows and slid off the block on another, a 10 µm asymmetry growing: that
// balance is unstable.)
func TestStiffCordOverRigidMeshAgrees(t *testing.T) {
	const r = 1e-3
	var zs []float64
	for _, sv := range physical {
		w := blockWorld(t, sv.make, cord)
		steps(t, w, 1500, nil)
		z := w.State.Pos[30].Z
		t.Logf("%s: the middle at z = %.4f R, the ends at %.2f/%.2f mm", sv.name, z/r, w.State.Pos[0].Z*1e3, w.State.Pos[60].Z*1e3)
		if w.Worst.ObsOverlap > 0.05*r {
			t.Errorf("%s: overlap %.3g R", sv.name, w.Worst.ObsOverlap/r)
		}
		zs = append(zs, z)
	}
	lo, hi := slices.Min(zs), slices.Max(zs)
	if hi > 1.04*lo || lo < 1.5*r {
		t.Errorf("the middle's height differs between solvers: %.4f–%.4f R", lo/r, hi/r)
	}
}

// A 3 cm cord dropped onto the block's 4 cm top comes to rest flat on it: every node at one
// radius above it, within 0.5 %, under each physical solver.
func TestCordRestsOnRigidMesh(t *testing.T) {
	for _, sv := range physical {
		t.Run(sv.name, func(t *testing.T) {
			w := blockWorldN(t, sv.make, cord, 12)
			const r = 1e-3
			steps(t, w, 500, nil)
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, p := range w.State.Pos {
				lo, hi = math.Min(lo, p.Z), math.Max(hi, p.Z)
			}
			t.Logf("%s: nodes at z = %.5f…%.5f R", sv.name, lo/r, hi/r)
			if a := testing.AllocsPerRun(5, func() { _ = w.Step() }); a != 0 {
				t.Errorf("%v allocations per step", a)
			}
			if lo < 0.995*r || hi > 1.005*r {
				t.Errorf("the cord rests at z = %.5f…%.5f R, want R", lo/r, hi/r)
			}
		})
	}
}

// BenchmarkCordOverRigidMesh: a step of the limp cord draped over the block (settled 0.5 s),
// the block's faces cut into k × k squares: the cost of a mesh met as obstacles (pbd, dvi:
// every segment's box against every triangle's) or as a triangle surface (implicit: a box tree)
// against its triangle count.
func BenchmarkCordOverRigidMesh(b *testing.B) {
	for _, k := range []int{1, 4, 16, 32} {
		for _, sv := range physical {
			b.Run(fmt.Sprintf("tris=%d/%s", 12*k*k, sv.name), func(b *testing.B) {
				w := blockWorldMesh(b, sv.make, limpCord, 60, k)
				for range 500 {
					if err := w.Step(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportAllocs()
				for b.Loop() {
					if err := w.Step(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// prism is a closed triangulated n-gon prism along x from −0.2 to 0.2 m whose faces lie at
// distance a (its apothem) from the x axis: solvertest.PoleWrap's pole as a rigid mesh.
func prism(n int, a float64) *tissue.Surface {
	rc := a / math.Cos(math.Pi/float64(n)) // circumradius
	s := &tissue.Surface{Nodes: []vec.V3{{X: -0.2}, {X: 0.2}}}
	for _, x := range []float64{-0.2, 0.2} {
		for i := range n {
			phi := 2 * math.Pi * (float64(i) + 0.5) / float64(n)
			s.Nodes = append(s.Nodes, vec.V3{X: x, Y: rc * math.Cos(phi), Z: rc * math.Sin(phi)})
		}
	}
	at := func(end, i int) int32 { return int32(2 + end*n + (i+n)%n) }
	for i := range n {
		s.Tris = append(s.Tris,
			[3]int32{at(0, i), at(1, i+1), at(1, i)}, [3]int32{at(0, i), at(0, i+1), at(1, i+1)}, // side
			[3]int32{0, at(0, i+1), at(0, i)}, [3]int32{1, at(1, i), at(1, i+1)}) // caps
	}
	return s
}

// The capstan check of the solver conformance suite (solvertest.Capstan: a rope half round a
// pole holds at T_high/T_low = 2.2 < e^(μs·π) = 2.57 and slides at 3) with the pole a rigid
// mesh, a 64-sided prism: friction on a mesh obstacle (pbd, dvi: the rope's μ) sums along
// the wrap as on the capsule; implicit takes the mesh as a surface with the same μ.
func TestCapstanRoundRigidMesh(t *testing.T) {
	for _, sv := range physical {
		t.Run(sv.name, func(t *testing.T) {
			skipSlow(t, sv.slow)
			t.Parallel()
			f := func(d collide.Detector) (solver.Physical, error) {
				s, err := sv.make(d)
				if err != nil {
					return nil, err
				}
				return s.(solver.Physical), nil
			}
			solvertest.CapstanWith(t, func() (*world.World, int) {
				w, hv := solvertest.PoleWrapAround(t, f)
				if _, err := w.AddRigid(world.Rigid{Name: "pole", Surface: prism(64, solvertest.PoleWrapPole),
					Friction: material.Friction{Static: 0.3, Kinetic: 0.25}}); err != nil {
					t.Fatal(err)
				}
				return w, hv
			})
		})
	}
}
