package scene

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/layout"
)

// The anastomosis scene (issue 13; seed 003 §4.2.4, Fig. 4.7): two cut ends of a 1 mm vessel
// on one axis (x), clamped 3 mm back from their cuts, joined by interrupted stitches, each tied
// with a square (reef) knot by two forceps. Each stitch is a 3-0 silk suture (0.2 mm, the
// thesis's thickness) laid as suture-slab's thread is, turned so that its loop runs into the
// lumen: down through the left end's wall, across the junction inside the lumen, and out
// through the right end's wall; its two ends are tied loosely above the wall. Its forceps close
// on the tails and pull them apart along ∓x: the thread slides through both walls, the loop
// rises against the lumen's wall, and the knot tightens on the vessel and draws the two ends
// together until they touch (tissue against tissue: world's tissueContacts). The stitches lie
// 180° apart (above and below); the knots are set without friction and held by silk's.
const (
	anaInner  = 1.0e-3  // m, inner diameter of the vessel (the vessel preset: a 1 mm artery)
	anaWall   = 0.2e-3  // m
	anaLength = 3.0e-3  // m, each end, from its clamp to its cut
	anaGap    = 0.2e-3  // m, between the cut ends at the start
	anaLinks  = 84      // links of each suture: the loop reaches 0.2 mm above the axis
	anaTail   = 12      // links of each free tail
	anaPull   = 2.0e-3  // m, how far each forceps pulls its tail
	anaPullT  = 0.6     // s, over this time
	anaHoldT  = 0.9     // s, the forceps open
	anaBeta   = 0.1     // s, the vessels' Rayleigh β (the preset's 1 ms rings: world's TestStitchTwoVessels)
	anaAround = 16      // cells around each end
	anaAlong  = 8       // cells along each end: 2 × 16 × 9 = 288 nodes an end, 576 in all (the thesis: 600)
	anaClear  = 0.03e-3 // m, between the laid knot's lowest point and the outer wall
)

// AnastomosisScene builds the anastomosis with one interrupted stitch (above) or two (above
// and below, 180° apart), each tied with the bend knot; only "reef" for now (the built-in
// "anastomosis" has two).
func AnastomosisScene(knot string, stitches int) (*Scene, error) {
	kind, err := layout.ParseBend(knot)
	if err != nil {
		return nil, fmt.Errorf("scene: anastomosis: %w", err)
	}
	if kind != layout.BendReef {
		return nil, fmt.Errorf("scene: anastomosis: only the reef (square) knot is tied cleanly at this thread, not %q", knot)
	}
	if stitches != 1 && stitches != 2 {
		return nil, fmt.Errorf("scene: anastomosis: %d stitches; want 1 or 2", stitches)
	}
	o := layout.Options{Links: anaLinks, Link: sutureKnotLink, Radius: sutureKnotRadius}
	bend, err := layout.Bend(o, kind, anaTail)
	if err != nil {
		return nil, fmt.Errorf("scene: anastomosis: %w", err)
	}
	// The layout's loop rises over the knot in +z and its risers lie in the plane y = yR.
	// Turned upside down, the loop hangs below the knot; the vessels' axis runs along x at
	// y = yR, under the knot: the knot's lowest point anaClear above the outer wall.
	yR := bend.Points[bend.Standing[0]].Y
	zKnot := math.Inf(1)
	for i, p := range bend.Points {
		if i <= bend.Standing[0] || i >= bend.Standing[1] {
			zKnot = math.Min(zKnot, -p.Z)
		}
	}
	rOut := anaInner/2 + anaWall
	lift := rOut + sutureKnotRadius + anaClear - zKnot // the knot's centre above the axis
	s := &Scene{
		Name: "anastomosis",
		Dt:   sutureKnotDt, Duration: anaHoldT + 0.3,
		Solver: Solver{Type: "implicit"},
	}
	for k := range stitches {
		side := 1.0 // above; below: mirrored in z
		if k == 1 {
			side = -1
		}
		pts := make([]Vec, len(bend.Points))
		for i, p := range bend.Points {
			pts[i] = Vec{p.X, p.Y - yR, side * (lift - p.Z)}
		}
		rope := len(s.Ropes)
		name := [2]string{"upper", "lower"}[k]
		s.Ropes = append(s.Ropes, Rope{Name: name + " stitch", Links: anaLinks, LinkLength: sutureKnotLink, Radius: sutureKnotRadius,
			Material: &Material{Preset: "silk-3-0"}, Layout: Layout{Type: LayoutPoints, Points: pts},
			SetFriction: &SetFriction{Until: sutureKnotGrip + anaPullT, Friction: MaterialFriction{}}})
		pull := knotPull{dist: anaPull, dur: anaPullT, hold: anaHoldT, open: anaHoldT + 0.05}
		grab := func(fname string, node int, dir Vec) Forceps { return pull.forceps(fname, pts[node], dir, side) }
		hold := func(tname string, node int) Tool { return knotHold(tname, rope, node) }
		s.Tools = append(s.Tools, hold(name+" hold-tail-a", 5), hold(name+" hold-tail-b", anaLinks-5),
			hold(name+" hold-standing-a", bend.Standing[0]), hold(name+" hold-standing-b", bend.Standing[1]))
		s.Forceps = append(s.Forceps, grab(name+" left", 2, VecOf(bend.TailDir[0])), grab(name+" right", anaLinks-2, VecOf(bend.TailDir[1])))
	}
	sutures := make([]int, len(s.Ropes))
	for i := range sutures {
		sutures[i] = i
	}
	end := func(name string, x0, dir float64) Tissue {
		origin := Vec{x0, 0, 0}
		axis := Vec{dir, 0, 0}
		far := x0 + dir*anaLength // the clamped end
		box := Box{Min: Vec{-1, -1, -1}, Max: Vec{far + 1e-9, 1, 1}}
		if dir > 0 {
			box = Box{Min: Vec{far - 1e-9, -1, -1}, Max: Vec{1, 1, 1}}
		}
		return Tissue{Name: name, Material: "vessel", StiffDamping: ptr(anaBeta),
			Mesh:  TissueMesh{Type: MeshTube, Origin: &origin, Axis: &axis, Inner: anaInner, Wall: anaWall, Length: anaLength, Around: anaAround, Through: 1, Along: anaAlong},
			Clamp: []Box{box}, Sutures: sutures}
	}
	s.Tissues = []Tissue{end("left end", -anaGap/2, -1), end("right end", anaGap/2, 1)}
	xMin, xMax := math.Inf(1), math.Inf(-1) // the loop's risers: where it passes the walls
	for _, p := range bend.Points[bend.Standing[0]:bend.Standing[1]] {
		xMin, xMax = math.Min(xMin, p.X), math.Max(xMax, p.X)
	}
	s.Description = fmt.Sprintf("An end-to-end anastomosis (seed 003 §4.2.4): two cut ends of a 1 mm vessel (the vessel preset, wall %g mm, %g mm long, clamped at their far ends, %g mm apart) "+
		"joined by %d interrupted stitch(es) of 3-0 silk (0.2 mm, the thesis's thickness; %d links of %g mm), each laid through both walls %.2f mm apart and tied loosely above the wall with a %s knot. "+
		"Two forceps a stitch close on its tails and pull them apart: the thread slides through the walls, the knot tightens on the vessel and draws the ends together until they touch. "+
		"The knots are set without friction, silk's friction holds them from the end of the pull, and the forceps let go at %g s. The vessels' Rayleigh β is %g s.",
		anaWall*1e3, anaLength*1e3, anaGap*1e3, stitches, anaLinks, sutureKnotLink*1e3, (xMax-xMin)*1e3, bendTitle(kind), anaHoldT, anaBeta)
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// The built-in scene "anastomosis": AnastomosisScene("reef", 2).
func init() {
	builtins = append(builtins, builtin{"anastomosis", func() *Scene {
		s, err := AnastomosisScene("reef", 2)
		if err != nil {
			panic(err) // the layout is fixed; a failure is a bug caught by the tests
		}
		return s
	}})
}
