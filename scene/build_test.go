package scene

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/knot"
)

// Every sample scene in testdata runs to its end within the engine's bounds.
func TestTestdataScenesRun(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	pbdFiles, _ := filepath.Glob("testdata/pbd/*.json")
	files = append(files, pbdFiles...)
	if len(files) == 0 {
		t.Fatal("no sample scenes")
	}
	wantKnot := map[string][]string{"closed_curve.json": {"m5_1"}, "overhand.json": {"3_1"}}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			sim, err := Build(sc, BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for !sim.Done() {
				if err := sim.Step(); err != nil {
					t.Fatal(err)
				}
			}
			w := sim.World
			r := math.Inf(1)
			for _, s := range w.State.Strands {
				r = math.Min(r, s.Radius)
			}
			// Length drift: FTL keeps 2 %; pbd's tight knots stretch more between two direct
			// solves (the known limit in ARCHITECTURE.md; issue 10 stays open on it): 10 %.
			maxDrift := 0.02
			if sc.Solver.Physical() {
				maxDrift = 0.10
			}
			if w.Worst.SelfOverlap > 0.25*r || w.Worst.ObsOverlap > 0.25*r || w.Worst.LengthDrift > maxDrift {
				t.Errorf("worst overlap %.3f R, obstacles %.3f R, drift %.2f%%", w.Worst.SelfOverlap/r, w.Worst.ObsOverlap/r, 100*w.Worst.LengthDrift)
			}
			if want, ok := wantKnot[filepath.Base(f)]; ok {
				for k, s := range w.State.Strands {
					r, err := knot.Identify(w.State.Pos[s.First:s.First+s.Nodes], knot.Options{})
					if err != nil || r.Short != want[k] {
						t.Errorf("rope %d: %q (%v), want %s", k, r.Short, err, want[k])
					}
				}
			}
		})
	}
}

// A scene whose ropes start inside each other or inside an obstacle is refused with an error
// naming the rope, the link and the obstacle.
func TestBuildRejectsOverlappingStart(t *testing.T) {
	base := func() *Scene {
		return &Scene{Dt: 0.001, Duration: 0.01, Ropes: []Rope{
			{Links: 10, LinkLength: 0.01, Radius: 0.005, Layout: Layout{Type: LayoutStraight, From: &Vec{0, 0, 0}, Dir: &Vec{1, 0, 0}}},
		}}
	}
	s := base()
	s.Ropes = append(s.Ropes, Rope{Links: 10, LinkLength: 0.01, Radius: 0.005,
		Layout: Layout{Type: LayoutStraight, From: &Vec{0.05, -0.05, 0.002}, Dir: &Vec{0, 1, 0}}})
	if _, err := Build(s, BuildOptions{}); err == nil || !strings.Contains(err.Error(), "ropes[0] link 4 and ropes[1] link 4") {
		t.Errorf("crossing ropes: err = %v", err)
	}
	s = base()
	s.Obstacles = []Obstacle{{Type: ObstacleSphere, Center: &Vec{0.05, 0, 0}, Radius: 0.02}}
	if _, err := Build(s, BuildOptions{}); err == nil || !strings.Contains(err.Error(), "inside obstacles[0] (a sphere)") {
		t.Errorf("rope in a sphere: err = %v", err)
	}
	s = base()
	s.Obstacles = []Obstacle{{Type: ObstacleSphere, Center: &Vec{0.05, 0.2, 0}, Radius: 0.02}}
	if _, err := Build(s, BuildOptions{}); err != nil {
		t.Errorf("clear start refused: %v", err)
	}
}
