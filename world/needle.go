package world

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Needle is a rigid curved needle swaged to a thread (issue 13; the thesis of seed 003 calls
// it future work): the first node of strand Strand is held at the needle's swage, and as the
// caller drives the needle (sets Pose between steps, as a tool's target: turning it about its
// arc's centre is the surgeon's motion, needle.Pose.Rotate), its tip pierces the tissues'
// surfaces. Each passage of the tip into a surface and out of it again is a bite; when the
// swage follows the tip in, the bite becomes a suture (solver.Portal with Lead: the thread is
// drawn through the hole behind the needle, the tissue feeling it at both piercings), so the
// needle stitches as it goes.
//
// The needle is kinematic: it goes where it is put. Its body is an obstacle to the threads
// (needleObstacles: a moving obstacle, as a forceps' open jaws are, so a thread it sweeps into
// is pushed aside, never through), but it does not push the tissue (the thesis's lateral
// resistance is not modelled): the tissue meets it only through the bites its tip takes and the
// sutures it makes. A bite must be shorter than the needle: the swage may enter a surface only
// after the tip has left it.
type Needle struct {
	Name   string
	Spec   needle.Spec
	Pose   needle.Pose
	Strand int // the thread: its first node is held at the swage

	// Set by Step:
	Applied   vec.V3 // the needle's force on the thread (at the swage) in the last step, N
	PeakForce float64
	Sutures   int // the sutures it has made
	// Waiting counts the bites its tip has taken that its swage has not yet followed (each
	// becomes a suture when the swage comes within a link of its entry). One still waiting
	// when the needle is done is a stitch the thread missed: a thread too short for the drive,
	// its tail drawn into the first wall, held the tissue's entry out of the swage's reach.
	Waiting int

	tip, swage vec.V3   // where they were after the last step
	bites      []bite   // made by the tip, in order, not yet followed by the swage
	open       *biteEnd // the tip is inside surface open.surf since open.q
}

// bite is a passage of the needle's tip through a surface: in at entry, out at exit.
type bite struct {
	surf        int
	entry, exit solver.Pierce
}

type biteEnd struct {
	surf int
	q    solver.Pierce
}

// AddNeedle adds a needle swaged to strand n.Strand's first node, which it then holds at the
// swage (the node is moved there); it returns the needle's index. Only the implicit solver
// takes the sutures a needle makes (solver.SurfaceForcer). On error the world is unchanged.
func (w *World) AddNeedle(n Needle) (int, error) {
	if err := n.Spec.Validate(); err != nil {
		return 0, fmt.Errorf("world: needle %q: %w", n.Name, err)
	}
	if err := n.Pose.Validate(); err != nil {
		return 0, fmt.Errorf("world: needle %q: %w", n.Name, err)
	}
	if n.Strand < 0 || n.Strand >= len(w.State.Strands) {
		return 0, fmt.Errorf("world: needle %q: strand %d; the world has %d", n.Name, n.Strand, len(w.State.Strands))
	}
	if _, ok := w.Solver.(solver.SurfaceForcer); !ok {
		return 0, fmt.Errorf("world: needle %q: the %s solver does not take sutures; use implicit", n.Name, w.Solver.Name())
	}
	node := w.State.Strands[n.Strand].First
	for _, m := range w.Needles {
		if m.Strand == n.Strand {
			return 0, fmt.Errorf("world: needle %q: strand %d already has needle %q", n.Name, n.Strand, m.Name)
		}
	}
	if d := w.State.Pos[node].Dist(n.Pose.Swage(n.Spec)); d > w.State.Strands[n.Strand].Link {
		return 0, fmt.Errorf("world: needle %q: the swage is %.3g m from the thread's first node (node %d); it must be within a link", n.Name, d, node)
	}
	n.tip, n.swage = n.Pose.Tip(n.Spec), n.Pose.Swage(n.Spec)
	n.bites, n.open, n.Applied, n.PeakForce, n.Sutures = nil, nil, vec.V3{}, 0, 0
	w.State.Pos[node] = n.swage
	w.Needles = append(w.Needles, n)
	return len(w.Needles) - 1, nil
}

// needleGrasps checks each needle's pose, follows its tip and swage through the surfaces
// since the last step (bites; sutures when the swage follows) and holds its thread's first
// node at the swage.
func (w *World) needleGrasps() error {
	for i := range w.Needles {
		n := &w.Needles[i]
		if err := n.Pose.Validate(); err != nil {
			return fmt.Errorf("world: needle %q: %w", n.Name, err)
		}
		tip, swage := n.Pose.Tip(n.Spec), n.Pose.Swage(n.Spec)
		if err := w.pierce(n, n.tip, tip, swage); err != nil {
			return err
		}
		n.tip, n.swage = tip, swage
		node := w.State.Strands[n.Strand].First
		for _, g := range w.in.Grasps {
			if g.Node == node {
				return fmt.Errorf("world: needle %q: node %d, swaged to it, is held by a tool or forceps", n.Name, node)
			}
		}
		w.in.Grasps = append(w.in.Grasps, solver.Grasp{Node: node, Mode: solver.HoldPosition, Target: swage})
	}
	return nil
}

// pierce records the bites of the tip's sweep from tip0 to tip1 through every surface and
// makes a suture of the oldest bite when the swage (at swage1) comes within a link of its
// entry.
func (w *World) pierce(n *Needle, tip0, tip1, swage1 vec.V3) error {
	for k := range w.in.Surfaces {
		sf := &w.in.Surfaces[k]
		w.hits = needle.Pierce(tip0, tip1, sf.Pos, sf.Tris, w.hits[:0])
		for _, h := range w.hits {
			q := solver.Pierce{Tri: h.Tri, Bary: h.Bary}
			switch {
			case h.Entering && n.open == nil:
				n.open = &biteEnd{surf: k, q: q}
			case !h.Entering && n.open != nil && n.open.surf == k:
				n.bites = append(n.bites, bite{surf: k, entry: n.open.q, exit: q})
				n.open = nil
			default:
				// The tip backed out the way it came, or crossed a surface from inside
				// without entering it: forget the bite.
				n.open = nil
			}
		}
	}
	if len(n.bites) == 0 {
		return nil
	}
	// The swage follows the tip into the bite when it comes within a link of the entry: its
	// node would otherwise press the surface in ahead of it (its contact with the tissue held
	// it out until the dent gave way: 1 N on the needle), so the suture starts there, the
	// solver leaving the surface's contacts out at the hole.
	b := n.bites[0]
	sf := &w.in.Surfaces[b.surf]
	str := w.State.Strands[n.Strand]
	if swage1.Dist(sf.At(b.entry)) > str.Link {
		return nil
	}
	a := str.First
	if str.Nodes < 3 {
		return fmt.Errorf("world: needle %q: its thread of %d nodes is too short to stitch", n.Name, str.Nodes)
	}
	for _, p := range w.in.Portals {
		if p.A <= a+1 && p.B >= a && p.A >= str.First && p.A < str.First+str.Nodes {
			return fmt.Errorf("world: needle %q: the swage enters %s again before the thread of its last stitch is through (suture at nodes %d…%d)", n.Name, w.surfaceName(b.surf), p.A, p.B)
		}
	}
	// The thread from the swage (node a) through the entry to node a+1: as AddSutures does,
	// its slack is the route the suture measures (for the needle's node, along the chord
	// from the entry to the exit: ThreadLength) less the link as it is, so the thread's
	// length is the same either side of the suture's making.
	pos := w.State.Pos
	s, e := sf.At(b.exit), sf.At(b.entry)
	chord := s.Sub(e)
	if chord.Norm() == 0 {
		return fmt.Errorf("world: needle %q: a bite of %s with its piercings at one point", n.Name, w.surfaceName(b.surf))
	}
	slack := pos[a].Sub(e).Dot(chord.Unit()) + pos[a+1].Sub(e).Norm() - pos[a+1].Sub(pos[a]).Norm()
	if !(slack > -0.5*str.Link) { // the solver's bound: the route is then longer than laid
		slack = 0
	}
	w.in.Portals = append(w.in.Portals, solver.Portal{Surface: b.surf, In: b.exit, Out: b.entry, A: a, B: a + 1, Slack: slack, Lead: true})
	n.bites = n.bites[1:]
	n.Sutures++
	return nil
}

// surfaceName names surface k: its tissue's or rigid mesh's name.
func (w *World) surfaceName(k int) string {
	for _, t := range w.Tissues {
		if t.surf == k {
			return fmt.Sprintf("tissue %q", t.Name)
		}
	}
	for _, r := range w.Rigid {
		if r.surf == k {
			return fmt.Sprintf("mesh %q", r.Name)
		}
	}
	return fmt.Sprintf("surface %d", k)
}

// needleForces sets each needle's Applied from the solver's grasp force on its node, and its
// Waiting.
func (w *World) needleForces() {
	for i := range w.Needles {
		n := &w.Needles[i]
		n.Applied = vec.V3{}
		if a, ok := w.Solver.GraspForce(w.State.Strands[n.Strand].First); ok {
			n.Applied = a
		}
		n.PeakForce = math.Max(n.PeakForce, n.Applied.Norm())
		n.Waiting = len(n.bites)
	}
}

// needleChords is the number of capsules that stand for a needle's body as an obstacle (the
// default needle's body beyond its swage: 0.23 mm chords, each 0.004 mm from the arc at most;
// the capsules are that much wider).
const needleChords = 16

// needleCut is how much of a needle's body next to its swage, in thread-plus-needle radii along
// the arc, is left out of its obstacle: the thread leaves the swage there (its first link, held
// at the swage, would otherwise lie in the body's capsule), and it may turn from the needle's
// tangent by up to about 20° without meeting the body (measured on the default needle with a
// 0.2 mm thread: the body 0.20 mm from a thread that leaves at 25°).
const needleCut = 3

// needleObstacles appends each needle's body, from needleCut radii past its swage to its tip,
// to the step's obstacles as needleChords moving capsules of the needle's radius and the
// chords' sagitta (they move
// with the needle, as a forceps' open jaws do; solver.Input.Moving counts them). Call it after
// the forceps' jaws are appended (the moving obstacles come last).
func (w *World) needleObstacles() {
	for i := range w.Needles {
		n := &w.Needles[i]
		r := n.Spec.Diameter / 2
		cut := needleCut * (w.State.Strands[n.Strand].Radius + r) / n.Spec.Length()
		if cut >= 0.5 {
			continue // a needle this short is all swage
		}
		// Each chord's capsule is wider by the chord's sagitta, so that it covers the arc.
		sag := n.Spec.ArcRadius * (1 - math.Cos(0.5*(1-cut)*n.Spec.ArcAngle/needleChords))
		a := n.Pose.Point(n.Spec, cut)
		for j := 1; j <= needleChords; j++ {
			b := n.Pose.Point(n.Spec, cut+(1-cut)*float64(j)/needleChords)
			w.in.Obstacles = append(w.in.Obstacles, shape.Shape{Kind: shape.Capsule, Radius: r + sag, A: a, B: b})
			a = b
		}
		w.in.Moving += needleChords
	}
}
