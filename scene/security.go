package scene

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/material"
)

// Knot security (seed 003 §4.2.2, Fig. 4.4, Table 4.1 col. 1; issue 12): a loop of thread
// whose two ends are tied together with a bend, its standing parts pulled apart by two force
// tools of SecurityForce each. Table 4.1 in SI: 150 vertices, r = l0 = 0.5 mm, 1 N (25 in the
// thesis's units), one step 5 ms. The thread is a 1 mm nylon monofilament (the nylon presets'
// density, moduli and air damping for its diameter; USP sizes stop at 0.34 mm) with Coulomb
// friction μ, static = kinetic.
//
// A run: during the first SecurityTighten seconds two position tools hold the free tails where
// they were laid while the force tools pull the standing parts apart: the loose knot sets
// tight, its tails kept from being drawn in. Then the tails are let go and the knot holds
// under the two forces alone. Gravity is off, as in the thesis's overdamped thread.
//
// The knot is set without friction (the rope's set_friction: SecuritySetMu until the tails are
// let go; from the cycle that lets them go on, the μ under test). With
// friction the pull cannot set a loosely laid knot: friction grows with the pull, so the
// layout jams within 25 ms wherever it first grips and stays there. Set at μ = 0.95 the reef
// and the granny jammed with their standing parts 9.6 and 9.2 mm apart and their held tails
// taking 0.31 and 0.22 N of the 1 N; the thief and the grief jammed looser (11.7 and 11.0 mm)
// with their tails taking 0.77 and 0.79 N, so the tails, not friction, carried them, and they
// came apart when the tails were let go, at every μ. Pulling all four ends (1, 2 or 4 N),
// tails of 12 links instead of 8, or letting the tails go over 0.3 s changed nothing. Set
// without friction every bend pulls tight (its standing parts 15.9 to 19.4 mm apart, its knot
// type and its two ropes' link unchanged) and all five hold at 0.95.
const (
	SecurityForce   = 1.0    // N, on each standing part
	SecurityLink    = 0.5e-3 // m, l0
	SecurityRadius  = 0.5e-3 // m, r
	SecurityDt      = 0.001  // s per cycle
	SecurityTighten = 0.5    // s with the tails held
	SecurityHold    = 2.0    // s the built-in scenes hold after the tails are let go
	SecurityMu      = 0.95   // μ of the built-in scenes; where the sweep starts (set without friction, every bend holds there)
	SecuritySetMu   = 0.0    // μ while the knot is set (the rope's set_friction)
	securityPreset  = "nylon-2-0"
)

// The thread's bending and twist stiffness are the thesis's (Table 4.1 col. 1, internal units
// 1 mm, 1 g, 5 ms, normalised by the thread's length l = 149·0.5 mm: EI = k_B·l, GJ = k_T·l
// with k_B = 0.5, k_T = 1.0): EI = 1.49e-6 N·m², GJ = 2.98e-6 N·m², as effective moduli over
// πr⁴/4 and πr⁴/2 (a solid 1 mm nylon rod would be 80 times stiffer in bending). Stretch is
// nylon's (the thesis's k_S = 5000 would let 1 N stretch the thread by a third).
var (
	securityBend  = 0.5 * 149 * 0.5 * 1e-3 * 1e-9 / 25e-6 / (math.Pi * math.Pow(SecurityRadius, 4) / 4)
	securityTwist = 1.0 * 149 * 0.5 * 1e-3 * 1e-9 / 25e-6 / (math.Pi * math.Pow(SecurityRadius, 4) / 2)
)

// SecurityKnots are the bends of the security scenes, named as layout.BendKinds.
var SecurityKnots = func() []string {
	s := make([]string, len(layout.BendKinds))
	for i, k := range layout.BendKinds {
		s[i] = string(k)
	}
	return s
}()

// SecurityLinks is the number of links of a security scene's thread: 149 (150 vertices,
// Table 4.1), 179 for the surgeon's knot, whose double throw needs more thread to lie loosely.
func SecurityLinks(knot string) int {
	if knot == string(layout.BendSurgeons) {
		return 179
	}
	return 149
}

// SecurityMaterial is the security thread's material with friction mu (static = kinetic).
func SecurityMaterial(mu float64) (*CustomMaterial, error) {
	if !(mu > 0) || math.IsInf(mu, 0) {
		return nil, fmt.Errorf("scene: security: friction μ = %v must be positive and finite", mu)
	}
	ny, err := material.Preset(securityPreset)
	if err != nil {
		return nil, fmt.Errorf("scene: security: %w", err)
	}
	// Air damping scales as 1/r² (the presets' Lamb drag): from the preset's diameter to ours.
	k := (ny.Diameter / 2) / SecurityRadius
	return &CustomMaterial{Density: ny.Density, Young: ny.Young, Shear: ny.Shear, Bend: securityBend, Twist: securityTwist,
		Friction: MaterialFriction{Static: mu, Kinetic: mu}, Damping: ny.Damping * k * k}, nil
}

// SecurityScene builds the security scene of the bend knot ("reef", "granny", "thief",
// "grief", "surgeons") with friction mu under the physical solver solverType ("" means
// "pbd"). Tools 0 and 1 hold tails A and B until SecurityTighten; tools 2 and 3 pull the
// standing parts apart with SecurityForce along −x and +x from the start. The scene keeps mu
// from the cycle the tails are let go on, SecuritySetMu before (Rope.SetFriction).
func SecurityScene(knot string, mu float64, solverType string) (*Scene, error) {
	return SecuritySceneLinks(knot, mu, solverType, SecurityLinks(knot))
}

// SecuritySceneLinks is SecurityScene with a thread of links links (the same thread, longer
// or shorter: the loop grows, the knot is the same), 20..100000.
func SecuritySceneLinks(knot string, mu float64, solverType string, links int) (*Scene, error) {
	if links < 20 || links > 100_000 {
		return nil, fmt.Errorf("scene: security: %d links must be in 20..100000", links)
	}
	kind, err := layout.ParseBend(knot)
	if err != nil {
		return nil, fmt.Errorf("scene: security: %w", err)
	}
	if solverType == "" {
		solverType = "pbd"
	}
	if !slices.Contains(PhysicalSolverTypes, solverType) {
		return nil, fmt.Errorf("scene: security: solver %q is not a physical solver (%s): the scene pulls with forces",
			solverType, strings.Join(PhysicalSolverTypes, ", "))
	}
	mat, err := SecurityMaterial(mu)
	if err != nil {
		return nil, err
	}
	bend, err := layout.Bend(layout.Options{Links: links, Link: SecurityLink, Radius: SecurityRadius}, kind, 0)
	if err != nil {
		return nil, fmt.Errorf("scene: security: %w", err)
	}
	pts := make([]Vec, len(bend.Points))
	for i, p := range bend.Points {
		pts[i] = VecOf(p)
	}
	release := SecurityTighten
	hold := func(name string, node int) Tool {
		return Tool{Name: name, Rope: 0, Node: node, Grasp: 0, Release: ptr(release), Relative: true,
			Path: []Key{{T: 0, Pos: Vec{}}, {T: SecurityTighten / 2, Pos: Vec{}}}}
	}
	pull := func(name string, node int, dir Vec) Tool {
		return Tool{Name: name, Rope: 0, Node: node, Grasp: 0,
			Force: []ForceKey{{T: 0, F: scale(dir, SecurityForce)}}}
	}
	d0, d1 := VecOf(bend.Pull[0]), VecOf(bend.Pull[1])
	s := &Scene{
		Name: "security-" + knot,
		Description: fmt.Sprintf("Knot security (seed 003 §4.2.2, Fig. 4.4): a loop of 1 mm nylon thread (%d vertices, r = l0 = 0.5 mm, μ = %g) tied with a %s knot; "+
			"the tails are held while %g N on each standing part sets it without friction, then let go at %g s: from then on it holds by friction alone.", links+1, mu, bendTitle(kind), SecurityForce, SecurityTighten),
		Dt: SecurityDt, Duration: SecurityTighten + SecurityHold,
		Gravity: &Vec{0, 0, 0},
		Solver:  Solver{Type: solverType},
		Ropes: []Rope{{Name: "thread", Links: links, LinkLength: SecurityLink, Radius: SecurityRadius,
			Material: &Material{Custom: mat}, Layout: Layout{Type: LayoutPoints, Points: pts},
			SetFriction: &SetFriction{Until: release, Friction: MaterialFriction{Static: SecuritySetMu, Kinetic: SecuritySetMu}}}},
		Tools: []Tool{
			hold("tail-a", bend.Tails[0]),
			hold("tail-b", -1),
			pull("standing-a", bend.Standing[0], d0),
			pull("standing-b", bend.Standing[1], d1),
		},
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}

func bendTitle(k layout.BendKind) string {
	switch k {
	case layout.BendReef:
		return "reef (square)"
	case layout.BendSurgeons:
		return "surgeon's"
	}
	return string(k)
}

// The scenes "security-reef", "security-granny", "security-thief", "security-grief" and
// "security-surgeons" are built-in scenes: SecurityScene at μ = SecurityMu under implicit (the
// solver of the thesis and of `knotsim security`; at this thread pbd needs about 0.15 s a cycle
// and dvi 2 s). The knot-tying scenes' tests leave them out (IsSecurityBuiltin);
// TestSecurityBuiltins runs them.
func init() {
	for _, k := range SecurityKnots {
		builtins = append(builtins, builtin{"security-" + k, func() *Scene {
			s, err := SecurityScene(k, SecurityMu, "implicit")
			if err != nil {
				panic(err) // the layouts are fixed; a failure is a bug caught by the tests
			}
			return s
		}})
	}
}

// IsSecurityBuiltin reports whether name is one of the built-in knot-security scenes.
func IsSecurityBuiltin(name string) bool { return strings.HasPrefix(name, "security-") }
