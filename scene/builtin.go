package scene

import (
	"fmt"
	"math"
	"slices"
)

// Built-in scenes: each starts from a straight or loosely laid rope and is driven only by tool
// motion. Units: a rope of 1 cm links and 5 mm radius (Brown et al. 2004 §6 use unit links and
// R = 0.5; this is the same ratio in SI), 1 ms cycles.
const (
	builtinLink   = 0.01  // m
	builtinRadius = 0.005 // m
	builtinDt     = 0.001 // s
)

type builtin struct {
	name string
	make func() *Scene
}

var builtins = []builtin{
	{"overhand", func() *Scene {
		return pullEnds("overhand", "An overhand knot (trefoil, 3_1) laid loosely and pulled tight by two tools, then released (Brown et al. 2004, Fig. 6).",
			200, Layout{Type: LayoutOverhand}, nil, 3.0)
	}},
	{"figure8", func() *Scene {
		return pullEnds("figure8", "A figure-eight knot (4_1) laid loosely and pulled tight by two tools, then released.",
			200, Layout{Type: LayoutFigure8}, nil, 3.0)
	}},
	{"overhand+figure8", func() *Scene {
		return pullEnds("overhand+figure8", "An overhand knot and a figure-eight knot in one rope, pulled tight together (Brown et al. 2004, Fig. 7).",
			320, Layout{Type: LayoutOverhandFig8}, nil, 4.0)
	}},
	{"granny", func() *Scene {
		return pullEnds("granny", "A granny knot (3_1 # 3_1: two half knots of the same hand) laid loosely and pulled tight.",
			260, Layout{Type: LayoutGranny}, nil, 3.0)
	}},
	{"square", func() *Scene {
		return pullEnds("square", "A square (reef) knot (3_1 # mirror 3_1: two half knots of opposite hands) laid loosely and pulled tight.",
			260, Layout{Type: LayoutSquare}, nil, 3.0)
	}},
	{"clove", func() *Scene {
		i := 0
		pole := Obstacle{Type: ObstaclePole, A: &Vec{0, 0, -0.15}, B: &Vec{0, 0, 0.15}, Radius: 0.02}
		return pullEnds("clove", "A clove hitch laid loosely around a pole and pulled tight by both ends.",
			200, Layout{Type: LayoutClove, Obstacle: &i}, []Obstacle{pole}, 3.0)
	}},
	{"munter", func() *Scene {
		i := 0
		ring := Obstacle{Type: ObstacleRing, Center: &Vec{0, 0, 0}, Axis: &Vec{0, 1, 0}, Major: 0.06, Radius: 0.006}
		return pullEnds("munter", "A Münter (Italian) hitch laid loosely around a ring and pulled tight (Brown et al. 2004, Fig. 8).",
			200, Layout{Type: LayoutMunter, Obstacle: &i}, []Obstacle{ring}, 3.0, Vec{1, 0, 0}, Vec{0.733, 0, -0.68})
	}},
	{"7_1", func() *Scene {
		return pullEnds("7_1", "The (2,7) torus knot 7_1, laid along its parametric curve cut open, pulled tight by its ends.",
			200, Layout{Type: LayoutTorusKnot, P: 2, Q: 7}, nil, 3.0, Vec{0, 1, 0}, Vec{0, -1, 0})
	}},
	{"free", func() *Scene {
		return &Scene{Name: "free", Description: "A straight rope of 1.2 m lying free, no script: tie a knot yourself. Drag an end around (the wheel raises or lowers it) and the rope follows it; Ctrl-drag pins a node.",
			Dt: builtinDt, Duration: 1,
			Ropes: []Rope{{Name: "rope", Links: 120, LinkLength: builtinLink, Radius: builtinRadius,
				Layout: Layout{Type: LayoutStraight, From: &Vec{0, -0.9, 0}, Dir: &Vec{0, 1, 0}}}}}
	}},
	{"drag", func() *Scene {
		s := &Scene{Name: "drag", Description: "A straight rope dragged by one end around a circle: Follow-The-Leader in its simplest form (Brown et al. 2004, Fig. 3).",
			Dt: builtinDt, Duration: 2,
			Ropes: []Rope{{Name: "rope", Links: 100, LinkLength: builtinLink, Radius: builtinRadius, Layout: Layout{Type: LayoutStraight}}}}
		var path []Key
		for i := 0; i <= 20; i++ {
			t := 0.1 * float64(i)
			a := math.Pi * t
			path = append(path, Key{T: t, Pos: Vec{0.3 * (1 - math.Cos(a)), 0.3 * math.Sin(a), 0}})
		}
		s.Tools = []Tool{{Name: "hand", Rope: 0, Node: 0, Grasp: 0, Relative: true, Path: path}}
		return s
	}},
}

// pullEnds builds a scene where two tools take the rope's end nodes and pull them apart along
// their tails (dirs; default −x for the first node and +x for the last) until pullT (further than the rope allows: the stretch guard stops them when the knot is
// tight) and hold until holdT; then both let go and a third tool takes the last node and drags
// the whole rope away along its tail for half a second: a tight knot travels as a unit (Brown et al.
// 2004 §5).
func pullEnds(name, desc string, links int, lay Layout, obs []Obstacle, pullT float64, dirs ...Vec) *Scene {
	d0, d1 := Vec{-1, 0, 0}, Vec{1, 0, 0} // where the layout's tails point
	if len(dirs) == 2 {
		d0, d1 = dirs[0], dirs[1]
	}
	holdT := pullT + 0.5
	end := holdT + 0.5
	release := holdT
	reach := 0.6 * float64(links) * builtinLink
	return &Scene{
		Name: name, Description: desc, Dt: builtinDt, Duration: end,
		Ropes:     []Rope{{Name: "rope", Links: links, LinkLength: builtinLink, Radius: builtinRadius, Layout: lay}},
		Obstacles: obs,
		Tools: []Tool{
			{Name: "left", Rope: 0, Node: 0, Grasp: 0, Release: &release, Relative: true,
				Path: []Key{{T: 0, Pos: Vec{}}, {T: pullT, Pos: scale(d0, reach)}}},
			{Name: "right", Rope: 0, Node: -1, Grasp: 0, Release: &release, Relative: true,
				Path: []Key{{T: 0, Pos: Vec{}}, {T: pullT, Pos: scale(d1, reach)}}},
			// Takes the last node where it is and drags the rope 0.4 m along its tail at 0.8 m/s.
			{Name: "drag", Rope: 0, Node: -1, Grasp: holdT, Relative: true,
				Path: []Key{{T: holdT, Pos: Vec{}}, {T: end, Pos: scale(d1, 0.4)}}},
		},
	}
}

// Phases of a pullEnds scene, s: pulling ends at PullEnd, holding at HoldEnd.
func (s *Scene) phases() (pullEnd, holdEnd float64) {
	if len(s.Tools) < 2 || len(s.Tools[0].Path) < 2 || s.Tools[0].Release == nil {
		return 0, 0
	}
	return s.Tools[0].Path[1].T, *s.Tools[0].Release
}

func scale(v Vec, s float64) Vec {
	n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	return Vec{v[0] * s / n, v[1] * s / n, v[2] * s / n}
}

// BuiltinNames lists the built-in scenes.
func BuiltinNames() []string {
	n := make([]string, len(builtins))
	for i, b := range builtins {
		n[i] = b.name
	}
	return n
}

// Builtin returns a fresh copy of the named built-in scene.
func Builtin(name string) (*Scene, error) {
	i := slices.IndexFunc(builtins, func(b builtin) bool { return b.name == name })
	if i < 0 {
		return nil, fmt.Errorf("scene: no built-in scene %q (have %v)", name, BuiltinNames())
	}
	return builtins[i].make(), nil
}
