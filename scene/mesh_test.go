package scene

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// blockScene is testdata/pbd/thread_on_block.json: a thread pulled with 0.5 N a side over a
// rigid 20 × 10 × 4 mm block given inline.
func blockScene(t *testing.T) *Scene { return sample(t, "thread_on_block.json") }

// runBlock builds s (its mesh files named relative to dir), runs it to its end and fails if a rope node
// ever lies inside the block [0, 20] × [0, 10] × [0, 4] mm moved by off.
func runBlock(t *testing.T, s *Scene, dir string, off vec.V3) {
	t.Helper()
	s.ResolvePaths(dir)
	sim, err := Build(s, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sim.World.Rigid) != 1 {
		t.Fatalf("%d rigid meshes in the world, want 1", len(sim.World.Rigid))
	}
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			t.Fatal(err)
		}
		for i, p := range sim.World.State.Pos {
			q := p.Sub(off)
			if q.X > 0 && q.X < 0.02 && q.Y > 0 && q.Y < 0.01 && q.Z > 0 && q.Z < 0.004 {
				t.Fatalf("cycle %d: rope node %d at %v is inside the block", sim.World.Cycle, i, p)
			}
		}
	}
	// Held by the block: the rope's middle rests on its top.
	if z := sim.World.State.Pos[20].Z - off.Z; z < 0.004 || z > 0.0045 {
		t.Errorf("the rope's middle is at z = %.3g mm above the block's base, want on its top (4 mm)", z*1e3)
	}
}

// A rigid mesh given inline holds the thread pulled over its edges.
func TestMeshSceneInline(t *testing.T) { runBlock(t, blockScene(t), "", vec.V3{}) }

// The same block from an STL file in mm (scale 0.001) and from an OBJ file, moved by an
// offset (the rope moved with it), named relative to the scene's directory (ResolvePaths).
func TestMeshSceneFiles(t *testing.T) {
	s := blockScene(t)
	m := s.Meshes[0]
	surf := &tissue.Surface{}
	for _, v := range m.Vertices {
		surf.Nodes = append(surf.Nodes, v.V3().Scale(1000))
	}
	for _, tr := range m.Triangles {
		surf.Tris = append(surf.Tris, [3]int32{int32(tr[0]), int32(tr[1]), int32(tr[2])})
	}
	dir := t.TempDir()
	for _, name := range []string{"block.stl", "block.obj"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".stl") {
			err = tissue.WriteSTL(surf, f)
		} else {
			err = tissue.WriteOBJ(surf, f)
		}
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		t.Run(name, func(t *testing.T) {
			s := blockScene(t)
			off := Vec{0.001, -0.002, 0.003}
			s.Meshes[0] = Mesh{Name: "block", File: name, Scale: 0.001, Offset: &off}
			from := *s.Ropes[0].Layout.From
			s.Ropes[0].Layout.From = &Vec{from[0] + off[0], from[1] + off[1], from[2] + off[2]}
			runBlock(t, s, dir, off.V3())
		})
	}
	s.Meshes[0] = Mesh{File: "missing.stl"}
	s.ResolvePaths(dir)
	if _, err := Build(s, BuildOptions{}); err == nil || !strings.Contains(err.Error(), "meshes[0]") || !strings.Contains(err.Error(), "missing.stl") {
		t.Errorf("a missing file: err = %v", err)
	}
}

// Each broken rule of a mesh gets an error naming its path; an open or inside-out surface is
// refused at Build.
func TestMeshSceneErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		edit  func(s *Scene)
		want  string
		build bool // the rule is checked at Build, not by Validate
	}{
		{"not physical", func(s *Scene) { s.Solver.Type = "ftl" }, "meshes: need a physical solver: implicit, pbd or dvi (this scene's is ftl)", false},
		{"friction under pbd", func(s *Scene) { s.Solver.Type = "pbd" }, "meshes[0].friction: the pbd solver meets meshes as obstacles, with the rope's own friction: leave it out (or use implicit)", false},
		{"too many triangles under dvi", func(s *Scene) {
			s.Solver.Type = "dvi"
			s.Meshes[0].Friction = nil
			for len(s.Meshes[0].Triangles) <= world.MaxObstacleTriangles {
				s.Meshes[0].Triangles = append(s.Meshes[0].Triangles, s.Meshes[0].Triangles[:12]...)
			}
		}, "meshes: the dvi solver meets meshes as obstacles, at most 100000 triangles in all (got 100008 inline; use implicit)", false},
		{"file and vertices", func(s *Scene) { s.Meshes[0].File = "a.stl" }, "meshes[0].file: give either a file or vertices and triangles, not both", false},
		{"neither", func(s *Scene) { s.Meshes[0].Vertices = nil }, "meshes[0]: needs a file, or vertices and triangles", false},
		{"ply file", func(s *Scene) { s.Meshes[0] = Mesh{File: "a.ply"} }, `meshes[0].file: "a.ply": want an .stl or .obj file`, false},
		{"index out of range", func(s *Scene) { s.Meshes[0].Triangles[3][1] = 8 }, "meshes[0].triangles[3]: vertex index out of range 0..7 (got [4 8 7])", false},
		{"negative scale", func(s *Scene) { s.Meshes[0].Scale = -1 }, "meshes[0].scale: must be > 0", false},
		{"friction", func(s *Scene) { s.Meshes[0].Friction.Kinetic = 1 }, "meshes[0].friction.kinetic: must be ≤ static 0.2", false},
		{"open", func(s *Scene) { s.Meshes[0].Triangles = s.Meshes[0].Triangles[1:] }, "scene: meshes[0]: world: rigid mesh \"block\": tissue:", true},
		{"inside out", func(s *Scene) {
			for i, tr := range s.Meshes[0].Triangles {
				s.Meshes[0].Triangles[i] = [3]int{tr[0], tr[2], tr[1]}
			}
		}, "scene: meshes[0]: world: rigid mesh \"block\": tissue:", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := blockScene(t)
			c.edit(s)
			err := s.Validate()
			if c.build {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				_, err = Build(s, BuildOptions{})
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}
