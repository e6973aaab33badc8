package scene

import (
	"fmt"
	"math"
)

// The built-in "anastomosis-needle" (issue 13: "the needle through both walls"): the
// anastomosis's two vessel ends (as in "anastomosis": 1 mm inner diameter, 0.2 mm wall, 3 mm
// long, 0.2 mm apart, clamped at their far ends), and two curved needles, one above and one
// below (180° apart), each swaged to its own 3-0 silk suture. Each needle turns about its arc's
// centre, which sits over the junction, so that its tip goes in through the left end's outer
// wall, out into its lumen, across the junction, into the right end's lumen wall and out
// through its outer wall; its swage follows and draws the thread through both walls (two
// sutures a thread). Then each needle is lifted away from the vessel and draws its thread on
// through the two stitches, leaving a tail at the entry: the two interrupted stitches laid by
// the needle, ready to be tied (in the viewer, with the forceps of a haptic device or the
// mouse). The drive is world's TestNeedleThroughTwoWalls's (0.5° a millisecond over 290°),
// turned to the scene's axis (x).
const (
	anaNeedleRadius = 0.8e-3              // m, arc radius: the bite spans both walls at the junction
	anaNeedleAngle  = 3 * math.Pi / 4     // rad, a 3/8 circle
	anaNeedleBody   = 0.06e-3             // m, the body's diameter
	anaNeedleOff    = 1.15e-3             // m, the arc's centre from the axis, over the junction
	anaNeedleStart  = 105 * math.Pi / 180 // rad, the tip's angle at the start (above the left end)
	anaNeedleTurn   = 290 * math.Pi / 180 // rad, how far the needle turns
	anaNeedleTurnT  = 0.58                // s, over this time (0.5° a millisecond)
	anaNeedleLift   = 1.5e-3              // m, how far the needle is then lifted
	anaNeedleLiftT  = 0.3                 // s, over this time
	// Links of each suture, 0.2 mm each: 8 mm. With 25 (5 mm, world's TestNeedleThroughTwoWalls'
	// thread) the upper thread's tail was drawn into the left end's wall (its last node at the
	// suture's B) before the swage reached the right end, and the taut thread dragged that end's
	// entry 0.34 mm or more away from the swage's path: no second suture (it is made only when
	// the swage comes within a link of the entry).
	anaNeedleLinks = 40
)

// AnastomosisNeedleScene builds the built-in "anastomosis-needle".
func AnastomosisNeedleScene() (*Scene, error) {
	s := &Scene{
		Name: "anastomosis-needle",
		Dt:   1e-3, Duration: anaNeedleTurnT + anaNeedleLiftT + 0.1,
		Gravity: &Vec{},
		Solver:  Solver{Type: "implicit"},
	}
	for k, side := range []float64{1, -1} {
		// The arc in the plane y = 0: u points away from the axis (z, or −z below), v along −x
		// (towards the left end); the tip is at centre + R·(cos a·u + sin a·v).
		centre := Vec{0, 0, side * anaNeedleOff}
		u, v := Vec{0, 0, side}, Vec{-1, 0, 0}
		swageAt := func(a float64) Vec { // the swage trails the tip by the arc angle
			b := a - anaNeedleAngle
			c, sn := math.Cos(b), math.Sin(b)
			return Vec{centre[0] + anaNeedleRadius*(c*u[0]+sn*v[0]), 0, centre[2] + anaNeedleRadius*(c*u[2]+sn*v[2])}
		}
		sw := swageAt(anaNeedleStart)
		// The thread lies straight out from the swage, away from the axis.
		pts := make([]Vec, anaNeedleLinks+1)
		for i := range pts {
			pts[i] = Vec{sw[0], sw[1], sw[2] + side*float64(i)*sutureKnotLink}
		}
		name := [2]string{"upper", "lower"}[k]
		s.Ropes = append(s.Ropes, Rope{Name: name + " suture", Links: anaNeedleLinks, LinkLength: sutureKnotLink, Radius: sutureKnotRadius,
			Material: &Material{Preset: "silk-3-0"}, Layout: Layout{Type: LayoutPoints, Points: pts}})
		turned := anaNeedleStart + anaNeedleTurn
		lifted := Vec{centre[0], centre[1], centre[2] + side*anaNeedleLift}
		s.Needles = append(s.Needles, Needle{Name: name + " needle", Rope: k,
			ArcRadius: anaNeedleRadius, ArcAngle: anaNeedleAngle, Diameter: anaNeedleBody,
			Path: []NeedleKey{
				{T: 0, Centre: centre, U: u, V: v, Angle: anaNeedleStart},
				{T: anaNeedleTurnT, Centre: centre, U: u, V: v, Angle: turned},
				{T: anaNeedleTurnT + anaNeedleLiftT, Centre: lifted, U: u, V: v, Angle: turned},
			}})
	}
	s.Tissues = []Tissue{anaVesselEnd("left end", -anaGap/2, -1), anaVesselEnd("right end", anaGap/2, 1)}
	s.Description = fmt.Sprintf("The needle through both walls of an end-to-end anastomosis (seed 003 §4.2.4; the thesis calls the needle future work): two cut ends of a 1 mm vessel "+
		"(the vessel preset, wall %g mm, %g mm long, clamped at their far ends, %g mm apart) and two curved needles (arc radius %g mm, 3/8 circle, %g mm body), one above and one below, "+
		"each swaged to %g mm of 3-0 silk (0.2 mm). Each needle turns %g° about its arc's centre over the junction: its tip goes in through the left end's wall, across the lumen and out "+
		"through the right end's wall, and its swage draws the thread through both walls. Then each is lifted %g mm and draws its thread on through the stitches, leaving the two "+
		"interrupted stitches ready to be tied. The vessels' Rayleigh β is %g s.",
		anaWall*1e3, anaLength*1e3, anaGap*1e3, anaNeedleRadius*1e3, anaNeedleBody*1e3, anaNeedleLinks*sutureKnotLink*1e3,
		anaNeedleTurn*180/math.Pi, anaNeedleLift*1e3, anaBeta)
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

func init() {
	builtins = append(builtins, builtin{"anastomosis-needle", func() *Scene {
		s, err := AnastomosisNeedleScene()
		if err != nil {
			panic(err) // the scene is fixed; a failure is a bug caught by the tests
		}
		return s
	}})
}
