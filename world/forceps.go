package world

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// Forceps is a pair of jaws that grabs the thread by closing (seed 003 §3.6.2): when the gap
// between the jaws' tips falls below Geometry.Grab, every link that passes between the jaws is
// held, by both its nodes, where it was in the forceps' frame at that moment, and it moves
// with the forceps until the gap opens past Grab again. Opening in place, the jaws then let
// the thread slip out: each held node is pulled with the force that held it, falling to
// nothing as the gap opens on to 2·Grab, where it is let go (Grabbed lists it until then); a
// forceps that moves as it opens lets go at once. While it holds nothing, open or
// closed, its jaws are obstacles (a capsule each) that push the thread and that it can be
// wrapped round (an instrument tie wraps the thread round the closed jaws, then opens them to
// grab the end). While it holds nodes they still are, except to the links of the nodes it
// holds, which lie between them, and except while its grip fades. The forceps' force on the
// thread (Applied, which the haptics loop renders) is its grasps' plus its jaws' contact
// forces, where the solver reports contacts (solver.ContactReporter: every physical solver).
//
// The caller moves a forceps by setting Tip, Axis, Open and Gap between steps, as it sets a
// Tool's Target. The jaws follow at most half the thinnest rope's radius a step (the solvers
// see obstacles at step ends only, so a faster jaw could jump over the thread); a faster
// command makes the forceps lag, as Lag reports, and catch up over the next steps.
//
// A forceps is also the needle holder (issue 13): when it closes with a needle's body between
// its jaws within the grab box, it holds the needle instead of the thread, rigidly, where the
// needle was in its frame at that moment: moving the forceps then moves the needle (turning
// it about the needle's arc centre drives the needle through the tissue), and opening it
// leaves the needle where it is, in the tissue if it is there, to be grasped again elsewhere
// along its body (a regrasp). The forceps' force (Applied) is then the needle's pull on its
// thread. The jaws of a forceps that holds a needle stay obstacles to the thread.
//
// Deviations from seed 003 §3.6: each jaw is a capsule, not a halved truncated cone with a
// quarter-sphere tip and an inclined plane (Fig. 3.23 gives no dimensions); the grab box is the
// region between the jaws up to Geometry.Depth from the tip; the grabbed nodes are held by
// position grasps (solver.HoldPosition), which give the force the haptics loop reads, where the
// thesis fixed them (B_i = 0) and had no force.
type Forceps struct {
	Name string
	Tip  vec.V3  // where the forceps is: the midpoint between the jaws' tips, m
	Axis vec.V3  // unit: along the jaws, from the tip towards the hinge
	Open vec.V3  // unit, ⟂ Axis: the direction in which the jaws part
	Gap  float64 // distance between the jaws' surfaces at the tip, m, ≥ 0

	Geometry ForcepsGeometry
	// Stiffness, N/m, is the hand behind the jaws. 0 holds the grabbed nodes where they were in
	// the forceps' frame. Above 0 springs pull them there, of Stiffness in all (each held node's
	// Stiffness/len(Grabbed), solver.Grasp.Stiffness; geometric solvers hold them rigidly):
	// the thread's pull on the forceps grows by Stiffness for each metre it moves on past where
	// the thread stops, as a surgeon's hand gives, instead of jumping to whatever stretching
	// the thread takes. ≥ 0 and finite; the caller may change it between steps.
	Stiffness float64

	// Set by Step:
	Grabbed   []int   // the global nodes held while closed (the world's: do not modify)
	Applied   vec.V3  // the force the forceps exerted on the thread in the last step, N (its held nodes, and its jaws' contacts where the solver reports them)
	PeakForce float64 // the largest |Applied| since the world started, N
	Lag       float64 // distance from the commanded Tip to where the jaws' tip is, m
	Needle    int     // the needle it holds (index into World.Needles), or −1 (then Grabbed may hold thread)

	pose   forcepsPose // where the jaws are
	local  []vec.V3    // each grabbed node in the forceps' frame at closing, m
	closed bool
	// fade: the jaws are opening between Grab and 2·Grab and their grip on the thread fades
	// (fadeF: each grabbed node's grasp force when they began to open, N).
	fade  bool
	fadeF []vec.V3
	// jawObs is the index of its first jaw among the step's obstacles while its jaws are
	// obstacles (their contacts count in Applied), −1 otherwise.
	jawObs int
	limit  float64 // the most a jaw point moves in a step, m
	nrel   needleRel
}

// needleRel is a held needle's pose in its forceps' frame (forcepsPose.toLocal/toWorld
// coordinates; directions without the translation).
type needleRel struct {
	centre, u, v vec.V3
	angle        float64
}

func (p forcepsPose) dirLocal(d vec.V3) vec.V3 {
	return vec.V3{X: d.Dot(p.axis), Y: d.Dot(p.open), Z: d.Dot(p.axis.Cross(p.open))}
}

func (p forcepsPose) dirWorld(l vec.V3) vec.V3 {
	return p.axis.Scale(l.X).Add(p.open.Scale(l.Y)).Add(p.axis.Cross(p.open).Scale(l.Z))
}

// needlePose returns the held needle's pose for the forceps at p.
func (r needleRel) needlePose(p forcepsPose) needle.Pose {
	return needle.Pose{Centre: p.toWorld(r.centre), U: p.dirWorld(r.u), V: p.dirWorld(r.v), Angle: r.angle}
}

// ForcepsGeometry sizes a forceps. Lengths in m.
type ForcepsGeometry struct {
	Length float64 // from the tips to the hinge, where the jaws meet, > 0
	Radius float64 // each jaw a capsule of this radius, > 0
	Grab   float64 // the jaws grab when the gap falls below this, > 0
	Depth  float64 // the grab box reaches this far from the tip along the jaws, 0 < Depth ≤ Length
}

// DefaultForceps is a microsurgical forceps of 10 mm jaws 0.3 mm thick that grabs a thread of
// up to 0.2 mm in its first 2 mm. These are plausible sizes, not sourced values: seed 003's
// Fig. 3.23 gives none.
func DefaultForceps() ForcepsGeometry {
	return ForcepsGeometry{Length: 10e-3, Radius: 0.15e-3, Grab: 0.2e-3, Depth: 2e-3}
}

// MaxForceps bounds the forceps of a world.
const MaxForceps = 8

// Validate reports the first problem with g.
func (g ForcepsGeometry) Validate() error {
	switch {
	case !(g.Length > 0) || g.Length > maxForcepsSize:
		return fmt.Errorf("length %v m must be in (0, %g]", g.Length, maxForcepsSize)
	case !(g.Radius > 0) || g.Radius > g.Length:
		return fmt.Errorf("radius %v m must be in (0, length %g]", g.Radius, g.Length)
	case !(g.Grab > 0) || g.Grab > g.Length:
		return fmt.Errorf("grab %v m must be in (0, length %g]", g.Grab, g.Length)
	case !(g.Depth > 0) || g.Depth > g.Length:
		return fmt.Errorf("depth %v m must be in (0, length %g]", g.Depth, g.Length)
	}
	return nil
}

const maxForcepsSize = 1.0 // m

// forcepsPose is where a forceps' jaws are: an orthonormal frame at the tip, and the gap.
type forcepsPose struct {
	tip, axis, open vec.V3
	gap             float64
}

func (f *Forceps) commanded() forcepsPose {
	return forcepsPose{tip: f.Tip, axis: f.Axis, open: f.Open, gap: f.Gap}
}

func (p forcepsPose) validate() error {
	switch {
	case !p.tip.IsFinite():
		return fmt.Errorf("tip %v is not finite", p.tip)
	case !p.axis.IsFinite() || math.Abs(p.axis.Norm()-1) > 1e-6:
		return fmt.Errorf("axis %v is not a unit vector", p.axis)
	case !p.open.IsFinite() || math.Abs(p.open.Norm()-1) > 1e-6 || math.Abs(p.open.Dot(p.axis)) > 1e-6:
		return fmt.Errorf("open %v is not a unit vector ⟂ the axis %v", p.open, p.axis)
	case !(p.gap >= 0) || p.gap > maxForcepsSize:
		return fmt.Errorf("gap %v m must be in [0, %g]", p.gap, maxForcepsSize)
	}
	return nil
}

// toWorld maps forceps coordinates (along the axis, along open, along axis × open) to world.
func (p forcepsPose) toWorld(l vec.V3) vec.V3 {
	return p.tip.Add(p.axis.Scale(l.X)).Add(p.open.Scale(l.Y)).Add(p.axis.Cross(p.open).Scale(l.Z))
}

func (p forcepsPose) toLocal(q vec.V3) vec.V3 {
	d := q.Sub(p.tip)
	return vec.V3{X: d.Dot(p.axis), Y: d.Dot(p.open), Z: d.Dot(p.axis.Cross(p.open))}
}

// jaws returns the two jaws' capsules: each from its tip, gap/2 + radius off the midline, to the
// hinge, where the two touch.
func (p forcepsPose) jaws(g ForcepsGeometry) [2]shape.Shape {
	var out [2]shape.Shape
	for i, sg := range [2]float64{1, -1} {
		out[i] = shape.Shape{Kind: shape.Capsule, Radius: g.Radius,
			A: p.toWorld(vec.V3{Y: sg * (p.gap/2 + g.Radius)}),
			B: p.toWorld(vec.V3{X: g.Length, Y: sg * g.Radius})}
	}
	return out
}

// moved reports whether f's jaws moved since prev other than by opening or closing (by more
// than a hundredth of the most they move in a step): a forceps that moves as it opens lets go
// of the thread at once (while the grip fades the jaws are no obstacles, and moving they
// would pass round the thread).
func (f *Forceps) moved(prev forcepsPose) bool {
	prev.gap = f.pose.gap
	a, b := prev.jaws(f.Geometry), f.pose.jaws(f.Geometry)
	for i := range a {
		if a[i].A.Dist(b[i].A) > 0.01*f.limit || a[i].B.Dist(b[i].B) > 0.01*f.limit {
			return true
		}
	}
	return false
}

// toward moves p towards q so that no jaw end moves more than limit; it returns the result.
func (p forcepsPose) toward(q forcepsPose, g ForcepsGeometry, limit float64) forcepsPose {
	a, b := p.jaws(g), q.jaws(g)
	move := 0.0
	for i := range a {
		move = max(move, a[i].A.Sub(b[i].A).Norm(), a[i].B.Sub(b[i].B).Norm())
	}
	if move <= limit {
		return q
	}
	u := limit / move
	r := forcepsPose{tip: p.tip.Lerp(q.tip, u), gap: p.gap + u*(q.gap-p.gap)}
	r.axis = p.axis.Lerp(q.axis, u)
	if n := r.axis.Norm(); n > 1e-9 {
		r.axis = r.axis.Scale(1 / n)
	} else { // a half turn: keep the axis, let the tip lead
		r.axis = p.axis
	}
	o := p.open.Lerp(q.open, u)
	o = o.Sub(r.axis.Scale(o.Dot(r.axis)))
	if n := o.Norm(); n > 1e-9 {
		r.open = o.Scale(1 / n)
	} else {
		o = p.open.Sub(r.axis.Scale(p.open.Dot(r.axis)))
		r.open = o.Scale(1 / o.Norm())
	}
	return r
}

// AddForceps adds a forceps, its jaws where f says, open or closed as f.Gap says (a forceps
// added closed holds nothing until it opens and closes again), and returns its index. The
// geometry must be valid, the pose finite with unit, orthogonal Axis and Open. On error the
// world is unchanged.
func (w *World) AddForceps(f Forceps) (int, error) {
	if len(w.Forceps) >= MaxForceps {
		return 0, fmt.Errorf("world: forceps %q: at most %d forceps", f.Name, MaxForceps)
	}
	if err := f.Geometry.Validate(); err != nil {
		return 0, fmt.Errorf("world: forceps %q: %w", f.Name, err)
	}
	if err := f.checkStiffness(); err != nil {
		return 0, err
	}
	p := f.commanded()
	if err := p.validate(); err != nil {
		return 0, fmt.Errorf("world: forceps %q: %w", f.Name, err)
	}
	f.limit = math.Inf(1)
	for _, s := range w.State.Strands {
		f.limit = math.Min(f.limit, s.Radius/2)
	}
	f.pose, f.closed = p, p.gap < f.Geometry.Grab
	f.Grabbed, f.local, f.Applied, f.PeakForce, f.Lag, f.Needle, f.jawObs = nil, nil, vec.V3{}, 0, 0, -1, -1
	w.Forceps = append(w.Forceps, f)
	return len(w.Forceps) - 1, nil
}

// checkStiffness reports a stiffness that is negative or not finite.
func (f *Forceps) checkStiffness() error {
	if !(f.Stiffness >= 0) || math.IsInf(f.Stiffness, 0) {
		return fmt.Errorf("world: forceps %q: stiffness %v N/m must be ≥ 0 and finite", f.Name, f.Stiffness)
	}
	return nil
}

// moveForceps moves each forceps' jaws towards its command, grabs or releases, and appends
// the grasps of the held nodes to the solver's input and the jaws of those that hold nothing
// to its obstacles.
func (w *World) moveForceps() error {
	for i := range w.Forceps {
		f := &w.Forceps[i]
		q := f.commanded()
		if err := q.validate(); err != nil {
			return fmt.Errorf("world: forceps %q: %w", f.Name, err)
		}
		if err := f.checkStiffness(); err != nil {
			return err
		}
		prev := f.pose
		f.pose = f.pose.toward(q, f.Geometry, f.limit)
		f.Lag = f.pose.tip.Sub(q.tip).Norm()
		g := f.Geometry.Grab
		switch closed := f.pose.gap < g; {
		case closed && !f.closed:
			f.fade = false
			w.grab(f)
		case !closed && f.closed && f.Needle < 0 && len(f.Grabbed) > 0 && !f.moved(prev):
			// The jaws begin to open on the thread: their grip fades (below).
			f.fade, f.fadeF = true, f.fadeF[:0]
			for _, n := range f.Grabbed {
				a, _ := w.Solver.GraspForce(n)
				f.fadeF = append(f.fadeF, a)
			}
		case !closed && (!f.fade || f.pose.gap >= 2*g || f.moved(prev)):
			f.Grabbed, f.local, f.Needle, f.fade = f.Grabbed[:0], f.local[:0], -1, false
		}
		f.closed = f.pose.gap < g
		if f.Needle >= 0 {
			w.Needles[f.Needle].Pose = f.nrel.needlePose(f.pose)
		}
		for j, n := range f.Grabbed {
			for _, t := range w.Tools {
				if t.Active && t.Node == n {
					return fmt.Errorf("world: tool %q grasps node %d, which forceps %q holds", t.Name, n, f.Name)
				}
			}
			if f.fade {
				// The thread slips from the opening jaws: each node is pulled with the force
				// that held it when they began to open, falling to nothing as the gap opens from
				// Grab to 2·Grab (let go at once, the knot of suture-slab sprang and a contact
				// overlapped by 1.2 R in that step).
				u := math.Max(0, 1-(f.pose.gap-g)/g)
				w.in.Grasps = append(w.in.Grasps, solver.Grasp{Node: n, Mode: solver.HoldForce, Force: f.fadeF[j].Scale(u)})
				continue
			}
			w.in.Grasps = append(w.in.Grasps, solver.Grasp{Node: n, Mode: solver.HoldPosition, Target: f.pose.toWorld(f.local[j]),
				Stiffness: f.Stiffness / float64(len(f.Grabbed))})
		}
		// The jaws are obstacles, except while the grip fades (moving, they would pass round
		// the thread slipping out of them); while they hold the thread, not to the links of the
		// nodes they hold, which lie between them.
		f.jawObs = -1
		if len(f.Grabbed) == 0 || !f.fade {
			jaws := f.pose.jaws(f.Geometry)
			o := int32(len(w.in.Obstacles))
			w.in.Obstacles = append(w.in.Obstacles, jaws[0], jaws[1])
			w.in.Moving += 2
			f.jawObs = int(o)
			for _, n := range f.Grabbed {
				for _, sg := range w.linksOf(n) {
					if sg >= 0 {
						w.in.ObstacleSkip = append(w.in.ObstacleSkip, collide.Skip{Seg: sg, Obstacle: o}, collide.Skip{Seg: sg, Obstacle: o + 1})
					}
				}
			}
		}
	}
	slices.SortFunc(w.in.ObstacleSkip, func(a, b collide.Skip) int {
		return cmp.Or(cmp.Compare(a.Seg, b.Seg), cmp.Compare(a.Obstacle, b.Obstacle))
	})
	return nil
}

// linksOf returns the global segments of the links before and after node n in its strand (−1
// where there is none).
func (w *World) linksOf(n int) [2]int32 {
	out := [2]int32{-1, -1}
	for _, str := range w.State.Strands {
		if n < str.First || n >= str.First+str.Nodes {
			continue
		}
		j := n - str.First
		if j > 0 {
			out[0] = int32(str.FirstSeg + j - 1)
		}
		if j < str.Nodes-1 {
			out[1] = int32(str.FirstSeg + j)
		}
		break
	}
	return out
}

// grab holds every node between f's jaws within the grab box, and both nodes of a link that
// passes through the box with neither of them in it, except nodes a tool or another forceps
// already holds; each is held where it is in the forceps' frame (out of the obstacles).
func (w *World) grab(f *Forceps) {
	g, p := f.Geometry, f.pose
	mid0, mid1 := p.tip, p.toWorld(vec.V3{X: g.Depth})
	pos := w.State.Pos
	in := func(q vec.V3, r float64) bool {
		l := p.toLocal(q)
		half := p.gap / 2 * (1 - l.X/g.Length)
		return l.X >= -r && l.X <= g.Depth && math.Abs(l.Y) <= half+r && math.Abs(l.Z) <= g.Radius+r
	}
	take := func(n int, r float64) {
		if !w.held(n) {
			f.Grabbed = append(f.Grabbed, n)
			f.local = append(f.local, p.toLocal(w.outside(pos[n], r)))
		}
	}
	f.Grabbed, f.local, f.Needle = f.Grabbed[:0], f.local[:0], -1
	// A needle's body between the jaws: the forceps holds the needle, not the thread.
	for k := range w.Needles {
		if w.NeedleHolder(k) >= 0 {
			continue
		}
		nd := &w.Needles[k]
		var buf [needleSamples + 1]vec.V3
		body := nd.Pose.Body(nd.Spec, needleSamples, buf[:0])
		r := nd.Spec.Diameter / 2
		for j := 1; j < len(body); j++ {
			s, _, _ := vec.ClosestSegSeg(body[j-1], body[j], mid0, mid1)
			if in(body[j-1].Lerp(body[j], s), r) {
				np := nd.Pose
				f.Needle = k
				f.nrel = needleRel{centre: p.toLocal(np.Centre), u: p.dirLocal(np.U), v: p.dirLocal(np.V), angle: np.Angle}
				return
			}
		}
	}
	for _, st := range w.State.Strands {
		r := st.Radius
		for a := st.First; a < st.First+st.Nodes; a++ {
			switch {
			case in(pos[a], r):
				take(a, r)
			case a+1 < st.First+st.Nodes && !in(pos[a+1], r):
				s, _, _ := vec.ClosestSegSeg(pos[a], pos[a+1], mid0, mid1)
				if in(pos[a].Lerp(pos[a+1], s), r) {
					take(a, r)
					take(a+1, r)
				}
			}
		}
	}
}

// needleSamples is the number of chords of a needle's arc that a closing forceps tests (a
// 135° needle: 4.2° a chord, its sagitta 0.07 % of the arc radius).
const needleSamples = 32

// NeedleHolder returns the index of the forceps that holds needle k, or −1.
func (w *World) NeedleHolder(k int) int {
	for i := range w.Forceps {
		if w.Forceps[i].Needle == k {
			return i
		}
	}
	return -1
}

// MoveNeedle puts needle k at pose p: directly when no forceps holds it, else by moving the
// command (Tip, Axis, Open) of the forceps that holds it by the rigid motion that takes the
// needle from where it is to p; the forceps then carries the needle there at its jaws' speed.
// On error (k out of range, p not a pose) nothing changes.
func (w *World) MoveNeedle(k int, p needle.Pose) error {
	if k < 0 || k >= len(w.Needles) {
		return fmt.Errorf("world: needle %d; the world has %d", k, len(w.Needles))
	}
	nd := &w.Needles[k]
	if err := p.Validate(); err != nil {
		return fmt.Errorf("world: needle %q: %w", nd.Name, err)
	}
	h := w.NeedleHolder(k)
	if h < 0 {
		nd.Pose = p
		return nil
	}
	// The needle's body frame (towards the tip's angle, the next, the axis) before and after:
	// R = B1·B0ᵀ, and x ↦ c1 + R·(x − c0).
	frame := func(q needle.Pose) [3]vec.V3 {
		cs, sn := math.Cos(q.Angle), math.Sin(q.Angle)
		return [3]vec.V3{q.U.Scale(cs).Add(q.V.Scale(sn)), q.V.Scale(cs).Sub(q.U.Scale(sn)), q.Axis()}
	}
	b0, b1 := frame(nd.Pose), frame(p)
	rot := func(x vec.V3) vec.V3 {
		return b1[0].Scale(b0[0].Dot(x)).Add(b1[1].Scale(b0[1].Dot(x))).Add(b1[2].Scale(b0[2].Dot(x)))
	}
	f := &w.Forceps[h]
	f.Tip = p.Centre.Add(rot(f.Tip.Sub(nd.Pose.Centre)))
	f.Axis, f.Open = rot(f.Axis), rot(f.Open)
	return nil
}

// outside returns p moved out of the world's obstacles to a distance r from each (one pass
// in order): a node grabbed while resting on a table a few nanometres deep is held where the
// table lets it be, not where the table and the grasp fight (0.025 N on a 10 µN thread).
func (w *World) outside(p vec.V3, r float64) vec.V3 {
	for i := range w.Obstacles {
		if _, n, d := w.Obstacles[i].PointDist(p); d < r {
			p = p.Add(n.Scale(r - d))
		}
	}
	return p
}

// held reports whether node n is held by an active tool, a forceps or a needle.
func (w *World) held(n int) bool {
	for _, g := range w.in.Grasps {
		if g.Node == n {
			return true
		}
	}
	for i := range w.Forceps {
		for _, m := range w.Forceps[i].Grabbed {
			if m == n {
				return true
			}
		}
	}
	for _, nd := range w.Needles {
		if w.State.Strands[nd.Strand].First == n {
			return true
		}
	}
	return false
}

// forcepsForces sets each forceps' Applied from the solver's grasp forces on its nodes and
// its jaws' contact forces.
func (w *World) forcepsForces() {
	cr, _ := w.Solver.(solver.ContactReporter)
	listed := false
	for i := range w.Forceps {
		f := &w.Forceps[i]
		f.Applied = vec.V3{}
		if f.Needle >= 0 {
			f.Applied = w.Needles[f.Needle].Applied
		}
		for _, n := range f.Grabbed {
			if a, ok := w.Solver.GraspForce(n); ok {
				f.Applied = f.Applied.Add(a)
			}
		}
		// The jaws press on the thread, open or closed, holding it or not (holding it, on the
		// rest of it: a thread caught between them is held by their friction): their
		// contacts' forces count, where the solver reports them (solver.ContactReporter:
		// pbd, dvi, implicit; the last substep's).
		if f.jawObs >= 0 && cr != nil {
			if !listed {
				w.cbuf, listed = cr.AppendContacts(w.cbuf[:0]), true
			}
			for _, c := range w.cbuf {
				if c.Obstacle == f.jawObs || c.Obstacle == f.jawObs+1 {
					f.Applied = f.Applied.Add(c.Normal.Scale(c.Fn)).Add(c.Ft)
				}
			}
		}
		f.PeakForce = math.Max(f.PeakForce, f.Applied.Norm())
	}
}

// Jaws returns forceps k's two jaws as they are (capsules; they are obstacles but while its
// grip fades), for drawing.
func (w *World) Jaws(k int) [2]shape.Shape {
	f := &w.Forceps[k]
	return f.pose.jaws(f.Geometry)
}
