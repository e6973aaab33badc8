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

// AnaThread is the suture an anastomosis is sewn with, and how the scene steps it.
type AnaThread struct {
	Scene  string  // the scene's name
	Preset string  // material preset
	Radius float64 // m
	Link   float64 // m, rest length of a link
	Links  int     // links of each stitch's thread: the loop must reach through both walls
	Tail   int     // links of each free tail
	Pull   float64 // m, how far each forceps pulls its tail
	Grip   float64 // N/m, the forceps' stiffness (Forceps.Stiffness; 0: rigid)
	Dt     float64 // s, the scene's step
	// Viscosity, N·s/m², > 0 steps the thread with the implicit solver's overdamped scheme
	// (seed 003 §4.1.2) at that drag per length; 0 steps it with inertia.
	Viscosity float64
	Title     string // how the description names the thread: "3-0 silk (0.2 mm, …"
}

// AnaThesis is the thesis's thread (seed 003 §4.2.4): 3-0 silk, 0.2 mm, ten times a real
// microsurgical suture; the built-in "anastomosis".
var AnaThesis = AnaThread{Scene: "anastomosis", Preset: "silk-3-0", Radius: sutureKnotRadius, Link: sutureKnotLink, Links: anaLinks, Tail: anaTail,
	Pull: anaPull, Dt: sutureKnotDt, Title: "3-0 silk (0.2 mm, the thesis's thickness"}

// AnaSurgeons is AnaThesis tied with surgeon's knots (the built-in "anastomosis-surgeons"): a
// reef whose first throw has two turns needs more thread to lay loosely, 108 links of 0.2 mm
// (104 were too few for the layout; at 110 the two stitches' loops met in the lumen, and at
// 120 a loop hung out through the far walls).
var AnaSurgeons = AnaThread{Scene: "anastomosis-surgeons", Preset: "silk-3-0", Radius: sutureKnotRadius, Link: sutureKnotLink, Links: 108, Tail: anaTail,
	Pull: anaPull, Dt: sutureKnotDt, Title: "3-0 silk (0.2 mm, the thesis's thickness"}

// AnaTrueSize is a true microsurgical suture: 10-0 nylon, 0.025 mm (USP 10-0: 0.020–0.029
// mm), the thread of a 1 mm vessel's anastomosis; the built-in "anastomosis-10-0". The knot
// is laid as the thesis's, scaled to the thread (links of a diameter), so the loop crosses
// the junction 0.25 mm from each cut. Measured in building it (2 stitches):
//   - Its mass is 0.56 mg/m (from the preset). Laid loosely, its knot relaxes within about
//     10 µs, and a step with inertia moved a knot node by 10 radii at any substep from 1 ms
//     down to 40 µs (the first step failed, asking for over a thousand substeps). Without
//     inertia (the thesis's scheme for a light thread) its first step takes 42 substeps and
//     the rest 1.73 on average. η = 1000 N·s/m² drags the thread sliding at 1 mm/s with 1 mN
//     a millimetre of it; at η = 100 (1 ms steps) the first step failed.
//   - Steps of 0.25 ms: at 1 ms the stitches' coupling to the free vessel ends rang
//     (docs/tissue-brief.md §8) and the thread's length through the stitches strayed by 3 %,
//     and by 16 % once friction came on; at 0.5 ms by 0.7 %; at 0.25 ms by 0.4–0.5 %.
//   - The knots close the gap when the forceps have pulled about 0.53 mm; pulled on by rigid
//     forceps, the tension jumps (43–62 mN at 0.6 mm, and at 0.8 mm a step failed). Held by a
//     hand of 30 N/m (Grip) they pull 1 mm and the tension levels off at 13–16 mN.
var AnaTrueSize = AnaThread{Scene: "anastomosis-10-0", Preset: "nylon-10-0", Radius: 12.5e-6, Link: 25e-6, Links: 120, Tail: anaTail,
	Pull: 1e-3, Grip: 30, Dt: 0.25e-3, Viscosity: 1e3, Title: "10-0 nylon (0.025 mm, a true microsurgical suture"}

// AnaSurgeonsTrueSize is AnaTrueSize tied with surgeon's knots (the built-in
// "anastomosis-surgeons-10-0"). The knot's extra turn needs 24 more links, as AnaSurgeons
// needs over AnaThesis (its layout is in links of a diameter): 144. Measured in building it, with
// the checks of TestAnastomosisTrueSize: at 150 links the ends were still 0.054–0.055 mm apart
// at the stitches when the forceps had pulled (the knots closed too late); at 144 they touch.
var AnaSurgeonsTrueSize = AnaThread{Scene: "anastomosis-surgeons-10-0", Preset: "nylon-10-0", Radius: 12.5e-6, Link: 25e-6, Links: 144, Tail: anaTail,
	Pull: 1e-3, Grip: 30, Dt: 0.25e-3, Viscosity: 1e3, Title: "10-0 nylon (0.025 mm, a true microsurgical suture"}

// AnastomosisScene builds the anastomosis with one interrupted stitch (above) or two (above
// and below, 180° apart), each tied with the bend knot, "reef" (the built-in "anastomosis")
// or "surgeons" (which needs more thread than the thesis's 84 links: AnaSurgeons), sewn with
// the thesis's thread.
func AnastomosisScene(knot string, stitches int) (*Scene, error) {
	return AnastomosisSceneWith(knot, stitches, AnaThesis)
}

// AnastomosisSceneWith is AnastomosisScene sewn with thread th.
func AnastomosisSceneWith(knot string, stitches int, th AnaThread) (*Scene, error) {
	kind, err := layout.ParseBend(knot)
	if err != nil {
		return nil, fmt.Errorf("scene: anastomosis: %w", err)
	}
	if kind != layout.BendReef && kind != layout.BendSurgeons {
		return nil, fmt.Errorf("scene: anastomosis: only the reef (square) and surgeon's knots are tied here, not %q", knot)
	}
	if stitches != 1 && stitches != 2 {
		return nil, fmt.Errorf("scene: anastomosis: %d stitches; want 1 or 2", stitches)
	}
	if !(th.Viscosity >= 0) || math.IsInf(th.Viscosity, 0) {
		return nil, fmt.Errorf("scene: anastomosis: viscosity %v N·s/m² must be ≥ 0 (0: inertial) and finite", th.Viscosity)
	}
	o := layout.Options{Links: th.Links, Link: th.Link, Radius: th.Radius}
	bend, err := layout.Bend(o, kind, th.Tail)
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
	lift := rOut + th.Radius + anaClear - zKnot // the knot's centre above the axis
	s := &Scene{
		Name: th.Scene,
		Dt:   th.Dt, Duration: anaHoldT + 0.3,
		Solver: Solver{Type: "implicit"},
	}
	if th.Viscosity > 0 {
		s.Solver.Scheme, s.Solver.Viscosity = "overdamped", ptr(th.Viscosity)
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
		s.Ropes = append(s.Ropes, Rope{Name: name + " stitch", Links: th.Links, LinkLength: th.Link, Radius: th.Radius,
			Material: &Material{Preset: th.Preset}, Layout: Layout{Type: LayoutPoints, Points: pts},
			SetFriction: &SetFriction{Until: sutureKnotGrip + anaPullT, Friction: MaterialFriction{}}})
		pull := knotPull{dist: th.Pull, dur: anaPullT, hold: anaHoldT, open: anaHoldT + 0.05}
		grab := func(fname string, node int, dir Vec) Forceps {
			f := pull.forceps(fname, pts[node], dir, side, th.Radius)
			f.Stiffness = th.Grip
			return f
		}
		hold := func(tname string, node int) Tool { return knotHold(tname, rope, node) }
		s.Tools = append(s.Tools, hold(name+" hold-tail-a", 5), hold(name+" hold-tail-b", th.Links-5),
			hold(name+" hold-standing-a", bend.Standing[0]), hold(name+" hold-standing-b", bend.Standing[1]))
		s.Forceps = append(s.Forceps, grab(name+" left", 2, VecOf(bend.TailDir[0])), grab(name+" right", th.Links-2, VecOf(bend.TailDir[1])))
	}
	sutures := make([]int, len(s.Ropes))
	for i := range sutures {
		sutures[i] = i
	}
	s.Tissues = []Tissue{anaVesselEnd("left end", -anaGap/2, -1), anaVesselEnd("right end", anaGap/2, 1)}
	for i := range s.Tissues {
		s.Tissues[i].Sutures = sutures
	}
	xMin, xMax := math.Inf(1), math.Inf(-1) // the loop's risers: where it passes the walls
	for _, p := range bend.Points[bend.Standing[0]:bend.Standing[1]] {
		xMin, xMax = math.Min(xMin, p.X), math.Max(xMax, p.X)
	}
	s.Description = fmt.Sprintf("An end-to-end anastomosis (seed 003 §4.2.4): two cut ends of a 1 mm vessel (the vessel preset, wall %g mm, %g mm long, clamped at their far ends, %g mm apart) "+
		"joined by %d interrupted stitch(es) of %s; %d links of %g mm), each laid through both walls %.2f mm apart and tied loosely above the wall with a %s knot. "+
		"Two forceps a stitch close on its tails and pull them apart: the thread slides through the walls, the knot tightens on the vessel and draws the ends together until they touch. "+
		"The knots are set without friction, the thread's friction holds them from the end of the pull, and the forceps let go at %g s. The vessels' Rayleigh β is %g s.",
		anaWall*1e3, anaLength*1e3, anaGap*1e3, stitches, th.Title, th.Links, th.Link*1e3, (xMax-xMin)*1e3, bendTitle(kind), anaHoldT, anaBeta)
	if th.Grip > 0 {
		s.Description += fmt.Sprintf(" The forceps pull %g mm, holding the tails with a hand of %g N/m that gives once the knots are snug.", th.Pull*1e3, th.Grip)
	}
	if th.Viscosity > 0 {
		s.Description += fmt.Sprintf(" The thread, too light for inertia to matter, is stepped overdamped (the thesis's scheme for a light thread, η = %g N·s/m²), at %g ms steps.", th.Viscosity, th.Dt*1e3)
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

// anaVesselEnd is one of the anastomosis's two vessel ends: its cut at x = x0, running 3 mm
// along dir (±1) on the x axis, clamped at its far end.
func anaVesselEnd(name string, x0, dir float64) Tissue {
	origin := Vec{x0, 0, 0}
	axis := Vec{dir, 0, 0}
	far := x0 + dir*anaLength // the clamped end
	box := Box{Min: Vec{-1, -1, -1}, Max: Vec{far + 1e-9, 1, 1}}
	if dir > 0 {
		box = Box{Min: Vec{far - 1e-9, -1, -1}, Max: Vec{1, 1, 1}}
	}
	return Tissue{Name: name, Material: "vessel", StiffDamping: ptr(anaBeta),
		Mesh:  TissueMesh{Type: MeshTube, Origin: &origin, Axis: &axis, Inner: anaInner, Wall: anaWall, Length: anaLength, Around: anaAround, Through: 1, Along: anaAlong},
		Clamp: []Box{box}}
}

// The built-in scenes "anastomosis" (AnastomosisScene("reef", 2)), "anastomosis-10-0" (the
// same sewn with AnaTrueSize), "anastomosis-surgeons" (tied with surgeon's knots,
// AnaSurgeons) and "anastomosis-surgeons-10-0" (both: AnaSurgeonsTrueSize).
func init() {
	for _, b := range []struct {
		th   AnaThread
		knot string
	}{{AnaThesis, "reef"}, {AnaTrueSize, "reef"}, {AnaSurgeons, "surgeons"}, {AnaSurgeonsTrueSize, "surgeons"}} {
		builtins = append(builtins, builtin{b.th.Scene, func() *Scene {
			s, err := AnastomosisSceneWith(b.knot, 2, b.th)
			if err != nil {
				panic(err) // the layout is fixed; a failure is a bug caught by the tests
			}
			return s
		}})
	}
}
