package scene

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/layout"
)

// The suture-slab scene (issue 13): one interrupted stitch through a clamped skin slab, tied
// with a square (reef) knot by two forceps. The thread is a 3-0 silk suture (0.2 mm), laid as
// seed 003's knot-security bend turned upside down: its loop runs down through the slab at two
// piercings, along the slab's underside, and up again, and its two ends are tied above the
// slab with a loose reef knot whose tails leave along ∓x. Two forceps close on the tails and
// pull them apart along ∓x: the thread slides through the stitch, the loop tightens under the
// slab and the knot tightens and settles on the skin. The knot is set without friction (as in
// the security scenes: friction grows with the pull and jams a loosely laid knot where it first
// grips), then holds with silk's friction when the forceps let go.
const (
	sutureKnotLink   = 0.2e-3 // m, l0 = r as in seed 003's Table 4.1
	sutureKnotRadius = 0.1e-3 // m, a 3-0 silk suture
	sutureKnotLinks  = 130
	sutureKnotTail   = 12     // links of each free tail
	sutureKnotDt     = 0.001  // s
	sutureKnotSlabT  = 1.0e-3 // m, slab thickness
	sutureKnotPull   = 4.2e-3 // m, how far each forceps pulls its tail
	sutureKnotPullT  = 0.6    // s, over this time
	sutureKnotGrip   = 0.02   // s, the forceps close on the tails; then they pull
	sutureKnotHoldT  = 0.9    // s, the forceps open
)

// SutureKnotScene builds the suture-slab scene tied with the bend knot; only "reef" for now
// (the built-in "suture-slab").
func SutureKnotScene(knot string) (*Scene, error) {
	kind, err := layout.ParseBend(knot)
	if err != nil {
		return nil, fmt.Errorf("scene: suture: %w", err)
	}
	if kind != layout.BendReef {
		// Tried: the surgeon's knot needed over 1,000 substeps a step within 0.1 s; the granny
		// stretched the thread by 5.2 %.
		return nil, fmt.Errorf("scene: suture: only the reef (square) knot is tied cleanly at this thread, not %q", knot)
	}
	name := "suture-slab"
	o := layout.Options{Links: sutureKnotLinks, Link: sutureKnotLink, Radius: sutureKnotRadius}
	bend, err := layout.Bend(o, kind, sutureKnotTail)
	if err != nil {
		return nil, fmt.Errorf("scene: suture: %w", err)
	}
	// Upside down: the loop hangs below the knot. Find the loop's risers and its bottom.
	pts := make([]Vec, len(bend.Points))
	zBottom, xMin, xMax := math.Inf(1), math.Inf(1), math.Inf(-1)
	zKnot := math.Inf(1) // lowest point of the knot and tails
	for i, p := range bend.Points {
		pts[i] = Vec{p.X, p.Y, -p.Z}
		if i > bend.Standing[0] && i < bend.Standing[1] {
			zBottom = math.Min(zBottom, -p.Z)
			xMin, xMax = math.Min(xMin, p.X), math.Max(xMax, p.X)
		} else {
			zKnot = math.Min(zKnot, -p.Z)
		}
	}
	// The slab lies across the loop's risers: its top a third of the way down from the knot's
	// lowest point to the loop's bottom.
	depth := zKnot - zBottom
	top := zKnot - depth/3
	thick := sutureKnotSlabT
	half := Vec{5e-3, 3e-3, 0}
	origin := Vec{-half[0], -half[1], top - thick}
	size := Vec{2 * half[0], 2 * half[1], thick}
	lo, hi := origin, Vec{half[0], half[1], top}
	clamp := []Box{ // the slab's four sides
		{Min: Vec{-1, -1, -1}, Max: Vec{lo[0], 1, 1}},
		{Min: Vec{hi[0], -1, -1}, Max: Vec{1, 1, 1}},
		{Min: Vec{-1, -1, -1}, Max: Vec{1, lo[1], 1}},
		{Min: Vec{-1, hi[1], -1}, Max: Vec{1, 1, 1}},
	}
	// Forceps close on each tail two links from its end, wait for the tools to let go, and
	// pull it along its tail direction.
	pull := knotPull{dist: sutureKnotPull, dur: sutureKnotPullT, hold: sutureKnotHoldT, open: sutureKnotHoldT + 0.05}
	grab := func(name string, node int, dir Vec) Forceps {
		return pull.forceps(name, pts[node], dir, 1, sutureKnotRadius)
	}
	hold := func(name string, node int) Tool { return knotHold(name, 0, node) }
	tail := VecOf(bend.TailDir[0])
	tailB := VecOf(bend.TailDir[1])
	s := &Scene{
		Name: name,
		Description: fmt.Sprintf("One interrupted stitch through a clamped skin slab (%g × %g × %g mm), tied with a %s knot by two forceps: "+
			"a 3-0 silk suture (0.2 mm, %d links of %g mm) runs down through the slab, along its underside and up again %.1f mm on, its ends tied loosely above the slab. "+
			"The forceps close on the tails and pull them apart: the thread slides through the stitch, the loop tightens under the slab and the knot settles on the skin; "+
			"it is set without friction, silk's friction holds it from the end of the pull, and the forceps let go at %g s.",
			size[0]*1e3, size[1]*1e3, size[2]*1e3, bendTitle(kind), sutureKnotLinks, sutureKnotLink*1e3, (xMax-xMin)*1e3, sutureKnotHoldT),
		Dt: sutureKnotDt, Duration: sutureKnotHoldT + 0.3,
		Solver: Solver{Type: "implicit"},
		Ropes: []Rope{{Name: "suture", Links: sutureKnotLinks, LinkLength: sutureKnotLink, Radius: sutureKnotRadius,
			Material: &Material{Preset: "silk-3-0"}, Layout: Layout{Type: LayoutPoints, Points: pts},
			SetFriction: &SetFriction{Until: sutureKnotGrip + sutureKnotPullT, Friction: MaterialFriction{}}}},
		Tissues: []Tissue{{Name: "skin", Material: "skin",
			Mesh:    TissueMesh{Type: MeshSlab, Origin: &origin, Size: &size, Cells: []int{10, 6, 1}},
			Clamp:   clamp,
			Sutures: []int{0}}},
		// The laid knot springs open within a step when nothing holds it (the bent silk
		// relaxes and swings its tails and loop by over 1 mm in 1 ms, and the knot came
		// undone in 2 ms): four tools hold the tails and the standing parts while the forceps
		// close.
		Tools: []Tool{hold("hold-tail-a", 5), hold("hold-tail-b", sutureKnotLinks-5),
			hold("hold-standing-a", bend.Standing[0]), hold("hold-standing-b", bend.Standing[1])},
		Forceps: []Forceps{grab("left", 2, tail), grab("right", sutureKnotLinks-2, tailB)},
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// knotPull is how a scene's forceps tie a laid knot: each closes on a tail by sutureKnotGrip,
// pulls it dist, m, along its direction over dur, s, holds it until hold, s, and is open by
// open, s (given, not hold + 0.05: the constant's sum is the time the scenes were measured with).
type knotPull struct{ dist, dur, hold, open float64 }

// forceps returns forceps that close on the thread (radius r, m) at p, their tips half a
// radius beyond it along −side·z and their jaws along side·z (side +1: from above, −1: from
// below), and pull it along dir.
func (k knotPull) forceps(name string, p, dir Vec, side, r float64) Forceps {
	tip := Vec{p[0], p[1], p[2] - side*r/2}
	key := func(t, d, gap float64) ForcepsKey {
		return ForcepsKey{T: t, Tip: Vec{tip[0] + d*dir[0], tip[1] + d*dir[1], tip[2] + d*dir[2]},
			Axis: Vec{0, 0, side}, Open: Vec{0, 1, 0}, Gap: gap}
	}
	return Forceps{Name: name, Path: []ForcepsKey{
		key(0, 0, 0.25e-3), key(sutureKnotGrip/2, 0, 0), key(sutureKnotGrip, 0, 0), key(sutureKnotGrip+k.dur, k.dist, 0), key(k.hold, k.dist, 0),
		key(k.open, k.dist, 0.5e-3)}}
}

// knotHold returns a tool that holds rope's node where it lies until the forceps have closed
// (a laid knot springs open within a step when nothing holds it).
func knotHold(name string, rope, node int) Tool {
	return Tool{Name: name, Rope: rope, Node: node, Grasp: 0, Release: ptr(sutureKnotGrip), Relative: true,
		Path: []Key{{T: 0, Pos: Vec{}}, {T: sutureKnotGrip, Pos: Vec{}}}}
}

// IsSurgicalBuiltin reports whether name is a built-in scene with tissue (solver implicit
// only; TestSutureSlab and TestAnastomosis run them).
func IsSurgicalBuiltin(name string) bool {
	return name == "suture-slab" || name == "anastomosis" || name == "anastomosis-10-0" || name == "anastomosis-surgeons" || name == "anastomosis-surgeons-10-0" || name == "anastomosis-needle"
}

// The built-in scene "suture-slab": SutureKnotScene("reef").
func init() {
	builtins = append(builtins, builtin{"suture-slab", func() *Scene {
		s, err := SutureKnotScene("reef")
		if err != nil {
			panic(err) // the layout is fixed; a failure is a bug caught by the tests
		}
		return s
	}})
}
