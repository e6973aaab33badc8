package pbd

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/vec"
)

// Params are the solver's knobs.
type Params struct {
	// Substeps is the fixed number of substeps per step; 0 chooses it from the motion each
	// step (see MoveFraction, MinSubsteps, MaxSubsteps).
	Substeps int
	// MinSubsteps and MaxSubsteps bound the substep count chosen from the motion.
	MinSubsteps, MaxSubsteps int
	// Iterations is the number of constraint passes per substep (Macklin et al. 2019: many
	// substeps, one iteration each).
	Iterations int
	// MaxIterations is the most passes a substep takes while a link is still longer or
	// shorter than its rest length by more than StretchTolerance (relative) after the
	// contacts (a rope pressed round a pole or between strands of a tight knot).
	MaxIterations    int
	StretchTolerance float64
	// WindowMargin is how many links either side of a link off by more than half
	// StretchTolerance make a window: the contacts between windows are those the passes
	// after the first Iterations solve with the chain (joint.go); with SplitContacts, the
	// windows are what those passes solve (block Gauss–Seidel on the strand).
	WindowMargin int
	// SplitContacts makes those later passes solve the windows' chains alone and leave the
	// contacts to the contact pass (the solver before the joint solve; for comparison: it
	// converges slowly where the two fight, doc.go).
	SplitContacts bool
	// FrictionRows puts the friction of the contacts the joint solve presses into it, as two
	// tangent rows each; false leaves self friction to the contact pass, which then has little
	// to press with (the joint solve resolved the overlap), and a knot dragged by one end
	// slips; and obstacle friction to the friction springs, which over-hold (a rope round a
	// pole held at 5 times the tension of its other end, Coulomb's limit 2.57).
	FrictionRows bool
	// MaxGraspForce is the largest force, N, a HoldPosition tool exerts: when its spring
	// would pull harder the tool gives way and pulls its node with exactly MaxGraspForce
	// towards its tip (the substep is solved again that way) until the rope follows to within
	// 0.9·MaxGraspForce/k; meanwhile the node lags behind the tool (Stats.MaxLag).
	MaxGraspForce float64
	// GraspStiffness is the stiffness, N/m, of a HoldPosition tool without a stiffness of its
	// own (solver.Grasp.Stiffness): every grasp is a spring between the tool's tip and the
	// node, solved implicitly (so a stiff one is stable at any step); 1e7 N/m holds a node
	// within 5 µm at 50 N.
	GraspStiffness float64
	// MoveFraction is the largest predicted motion of a node per substep as a fraction of the
	// smallest rope radius; the substep count is chosen so that motion fits, and no node moves
	// more than twice that in a substep (the no-pass-through argument in doc.go).
	MoveFraction float64
	// FrictionStiffness is the stiffness, N/m, of the spring that holds a node newly touching
	// an obstacle to where it stuck (static friction, solved implicitly inside the direct
	// solve, until the joint solve takes the contact; see doc.go): a sticking node creeps at
	// most μs·N/FrictionStiffness, m.
	FrictionStiffness float64
}

// DefaultParams returns the parameters of the package doc: substeps from the motion (1..256,
// 0.4 R per substep), one pass of direct solve + contacts and up to 16 (joint solves with
// friction rows) while a link is off by more than 0.5 %,
// tools capped at 50 N (a firm pull on a suture; USP 3-0 nylon's knot-pull strength is about
// 15–20 N, so 50 N never limits a realistic tool and still bounds an impossible one).
func DefaultParams() Params {
	return Params{MinSubsteps: 1, MaxSubsteps: 256, Iterations: 1, MaxIterations: 16, StretchTolerance: 0.005, WindowMargin: 16, FrictionRows: true, MaxGraspForce: 50, GraspStiffness: 1e7, MoveFraction: 0.4, FrictionStiffness: 1e5}
}

// Validate returns an error naming the first bad field, or nil.
func (p Params) Validate() error {
	switch {
	case p.Substeps < 0 || p.Substeps > 100000:
		return fmt.Errorf("pbd: Substeps %d must be in 0..100000 (0: from the motion)", p.Substeps)
	case p.MinSubsteps < 1 || p.MinSubsteps > 100000:
		return fmt.Errorf("pbd: MinSubsteps %d must be in 1..100000", p.MinSubsteps)
	case p.MaxSubsteps < p.MinSubsteps || p.MaxSubsteps > 100000:
		return fmt.Errorf("pbd: MaxSubsteps %d must be in MinSubsteps (%d)..100000", p.MaxSubsteps, p.MinSubsteps)
	case p.Iterations < 1 || p.Iterations > 1000:
		return fmt.Errorf("pbd: Iterations %d must be in 1..1000", p.Iterations)
	case p.MaxIterations < 0 || p.MaxIterations > 1000:
		return fmt.Errorf("pbd: MaxIterations %d must be in 0..1000 (0: Iterations)", p.MaxIterations)
	case p.WindowMargin < 0 || p.WindowMargin > 1<<30:
		return fmt.Errorf("pbd: WindowMargin %d must be in 0..2³⁰ links", p.WindowMargin)
	case !(p.StretchTolerance >= 0) || math.IsInf(p.StretchTolerance, 0):
		return fmt.Errorf("pbd: StretchTolerance %v must be ≥ 0 and finite", p.StretchTolerance)
	case !(p.MaxGraspForce > 0) || math.IsInf(p.MaxGraspForce, 0):
		return fmt.Errorf("pbd: MaxGraspForce %v N must be positive and finite", p.MaxGraspForce)
	case !(p.GraspStiffness > 0) || math.IsInf(p.GraspStiffness, 0):
		return fmt.Errorf("pbd: GraspStiffness %v N/m must be positive and finite", p.GraspStiffness)
	case !(p.FrictionStiffness > 0) || math.IsInf(p.FrictionStiffness, 0):
		return fmt.Errorf("pbd: FrictionStiffness %v N/m must be positive and finite", p.FrictionStiffness)
	case !(p.MoveFraction > 0 && p.MoveFraction <= 0.8):
		return fmt.Errorf("pbd: MoveFraction %v must be in (0, 0.8]", p.MoveFraction)
	}
	return nil
}

// grasp is one tool of the current step.
type grasp struct {
	node    int32
	force   bool    // HoldForce
	spring  float64 // HoldPosition: the spring's stiffness, N/m
	target  vec.V3  // HoldPosition: this step's target
	prev    vec.V3  // HoldPosition: last step's target (or the node, when newly grasped)
	goal    vec.V3  // this substep's tip of the tool
	anchor  vec.V3  // where the spring is anchored in this substep (the tip)
	w       float64 // the node's own inverse mass, 1/kg (a grasp adds its spring's k·h² to the mass in a substep)
	applied vec.V3  // force on the rope, N
	pred    vec.V3  // HoldPosition: the node's free prediction in this substep
	sat     bool    // HoldPosition: at its force cap (the tip creeps)
	capped  bool    // HoldPosition: pulls with exactly MaxGraspForce in this substep
}

// stuckNode is a node held by static friction against an obstacle in one substep.
type stuckNode struct {
	i   int32
	seg int32   // the segment whose contact holds it
	oc  int32   // that contact's index in the step's obstacle candidates (s.obs)
	w   float64 // the node's inverse mass without the friction spring, 1/kg
}

// endDrive is a rope end whose segment's orientation is prescribed (SetEndRotation).
type endDrive struct {
	on    bool
	ref   quat    // orientation when the drive was set
	angle float64 // rad, about the segment's material axis d3
}

// Solver is the XPBD Cosserat rope solver. It implements solver.Physical.
type Solver struct {
	P   Params
	Det collide.Detector

	// per node
	v     []vec.V3  // velocity, m/s
	xs    []vec.V3  // position at the start of the substep
	x0    []vec.V3  // position at the start of the step
	w     []float64 // inverse mass, 1/kg
	fext  []vec.V3  // HoldForce force this step, N
	gOf   []int32   // grasp index this step, −1 if none
	prevT []vec.V3  // tip of a HoldPosition tool at the end of the last step
	hadT  []bool    // the node was held by position in the last step
	lastT []vec.V3  // the target of that tool in the last step
	lastF []vec.V3  // and its force on the rope, N
	satT  []bool    // and whether it pulled with MaxGraspForce
	// obstacle friction (see doc.go)
	heldAt []uint32  // the substep (gen) in which the node last stuck to an obstacle
	slipAt []uint32  // the substep in which it last slid along one
	gen    uint32    // substep counter
	engAt  []uint32  // per segment: the substep in which friction last bore on a contact of it
	obsFr  []uint32  // per segment: the substep whose joint solve takes its obstacle contacts' friction
	anc    []vec.V3  // where the friction spring is anchored
	ancN   []vec.V3  // the obstacle's outward normal at the node
	nmus   []float64 // static friction of the node's material
	dn     []float64 // normal push of the contact pass in this substep, m
	nmuk   []float64 // kinetic friction

	// per segment
	q, qs  []quat    // orientation, and at the start of the substep
	om     []vec.V3  // angular velocity (world), rad/s
	wq     []float64 // inverse rotational inertia, 1/(kg m²)
	rest   []float64 // rest length, m
	lamB   []vec.V3  // bend–twist multiplier of joint (seg, seg+1), N·m·s²·m
	alphaB []vec.V3  // bend–twist compliance of joint (seg, seg+1), per material axis
	joint  []bool    // seg and seg+1 are in one strand
	fixedQ []bool    // orientation prescribed (SetEndRotation)
	mus    []float64 // static friction of the segment's material
	muk    []float64 // kinetic friction
	lamS   []vec.V3  // stretch–shear multiplier of the last substep, N·s²·m
	d3     []vec.V3  // direct solve scratch: material axis of the link
	sd     []mat6    // direct solve: the LDLᵀ factor of each eliminated diagonal block
	sx     []mat6    // direct solve: Ỹ = Δ⁻¹L̂⁻¹O of each link
	sz     []vec6    // direct solve: z̃, then Δλ
	so     []mat6    // the reference 6×6 solve of direct_speed_test.go: off-diagonal blocks
	sr     []vec6    // and right-hand sides
	sg     []mat3    // direct solve: bend–twist Jacobian G of the joint (j, j+1)

	ends   []endDrive // 2 per strand: first and last segment
	endIdx []int32    // 2 per strand: global index of the first and last segment

	grasps []grasp
	xp     []vec.V3          // positions after the prediction (a substep solved again: grasps that gave way)
	qp     []quat            // orientations after the prediction
	stuck  []stuckNode       // nodes held by obstacle friction in this substep
	slide  []int32           // nodes the contact pass pushed off an obstacle in this substep
	win    []window          // the link windows the next pass solves (maxStretch)
	js     []jointSys        // joint solve: its chain systems (whole strands)
	jf     []vec6            // joint solve: a scratch column of a whole system
	segWin []int32           // joint solve: per segment in a window, its system in js; −1 if none
	yh     []mat6            // joint solve: the factor's Ŷ of each link (unscaleFactor)
	jc     []jointRow        // joint solve: its contact rows
	jx     []vec6            // joint solve: the contacts' columns X = S_cc⁻¹S_ck
	jd     []float64         // joint solve: the Delassus matrix D
	jd2    []float64         // joint solve: D's other buffer (buildD)
	jr     []float64         // joint solve: the residual b − Dλ of projected Gauss–Seidel
	old    []int32           // nodes grasped in the previous step
	self   []collide.Contact // candidate pairs of the step
	obs    []collide.Contact // candidate segment–obstacle pairs of the step
	// contact forces (report.go): the impulse (λ·∇C, kg·m: the force times h²) each candidate
	// pair's contact put on its segment A in this substep, by index into s.self and s.obs
	jSelf  []vec.V3
	jObs   []vec.V3
	slideC []int32          // per node: the obstacle candidate whose push it slides on (slideFriction)
	rep    []solver.Contact // the contacts of the last substep of the last Step, with their forces
	resid  float64          // the deepest overlap left after the last Step, m
	rmin   float64
	// per step
	refresh           int     // broad-phase passes in the step
	nsRefit, nsDetect int64   // time in them
	h                 float64 // last substep, s
}

// New returns a solver using det for the broad phase of self-contact.
func New(p Params, det collide.Detector) (*Solver, error) {
	if det == nil {
		return nil, errors.New("pbd: nil collision detector")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Solver{P: p, Det: det}, nil
}

// Name implements solver.Solver.
func (s *Solver) Name() string { return "pbd" }

// Reset implements solver.Solver: it sizes every buffer for st, lays each segment's material
// frame along its link (parallel transport: no initial twist), and keeps the velocities,
// orientations and end drives of the nodes and segments st already had (so strands may be
// added between steps). It refuses a strand without a material.
func (s *Solver) Reset(st *rope.State) error {
	if st == nil || len(st.Strands) == 0 {
		return errors.New("pbd: no rope")
	}
	for k, str := range st.Strands {
		if str.Material.IsZero() {
			return fmt.Errorf("pbd: strand %d has no material; a physical solver needs density, moduli and friction (rope.Spec.Material)", k)
		}
		if err := str.Material.Validate(); err != nil {
			return fmt.Errorf("pbd: strand %d: %w", k, err)
		}
	}
	n, m := len(st.Pos), st.NumSegs()
	oldN, oldM, oldK := len(s.v), len(s.q), len(s.ends)/2
	if oldN > n || oldM > m || oldK > len(st.Strands) {
		oldN, oldM, oldK = 0, 0, 0 // shrunk: a new state
	}
	s.v = phys.Resize(s.v, n, oldN)
	s.xs = phys.Resize(s.xs, n, 0)
	s.x0 = phys.Resize(s.x0, n, 0)
	s.w = phys.Resize(s.w, n, 0)
	s.fext = phys.Resize(s.fext, n, 0)
	s.gOf = phys.Resize(s.gOf, n, 0)
	s.prevT = phys.Resize(s.prevT, n, oldN)
	s.hadT = phys.Resize(s.hadT, n, oldN)
	s.lastT = phys.Resize(s.lastT, n, oldN)
	s.lastF = phys.Resize(s.lastF, n, oldN)
	s.satT = phys.Resize(s.satT, n, oldN)
	s.xp = phys.Resize(s.xp, n, 0)
	s.heldAt = phys.Resize(s.heldAt, n, 0)
	s.slipAt = phys.Resize(s.slipAt, n, 0)
	s.anc = phys.Resize(s.anc, n, 0)
	s.ancN = phys.Resize(s.ancN, n, 0)
	s.nmus = phys.Resize(s.nmus, n, 0)
	s.dn = phys.Resize(s.dn, n, 0)
	s.nmuk = phys.Resize(s.nmuk, n, 0)
	s.slideC = phys.Resize(s.slideC, n, 0)
	s.q = phys.Resize(s.q, m, oldM)
	s.qs = phys.Resize(s.qs, m, 0)
	s.om = phys.Resize(s.om, m, oldM)
	s.wq = phys.Resize(s.wq, m, 0)
	s.rest = phys.Resize(s.rest, m, 0)
	s.lamB = phys.Resize(s.lamB, m, oldM)
	s.alphaB = phys.Resize(s.alphaB, m, 0)
	s.joint = phys.Resize(s.joint, m, 0)
	s.fixedQ = phys.Resize(s.fixedQ, m, 0)
	s.mus = phys.Resize(s.mus, m, 0)
	s.muk = phys.Resize(s.muk, m, 0)
	s.lamS = phys.Resize(s.lamS, m, oldM)
	s.d3 = phys.Resize(s.d3, m, 0)
	s.sd = phys.Resize(s.sd, m, 0)
	s.so = phys.Resize(s.so, m, 0)
	s.sx = phys.Resize(s.sx, m, 0)
	s.sr = phys.Resize(s.sr, m, 0)
	s.sz = phys.Resize(s.sz, m, 0)
	s.sg = phys.Resize(s.sg, m, 0)
	s.yh = phys.Resize(s.yh, m, 0)
	s.engAt = phys.Resize(s.engAt, m, 0)
	s.obsFr = phys.Resize(s.obsFr, m, 0)
	s.segWin = phys.Resize(s.segWin, m, 0)
	for g := range s.segWin {
		s.segWin[g] = -1
	}
	s.qp = phys.Resize(s.qp, m, 0)
	s.ends = phys.Resize(s.ends, 2*len(st.Strands), 2*oldK)
	s.endIdx = phys.Resize(s.endIdx, 2*len(st.Strands), 0)
	for i := range s.gOf {
		s.gOf[i] = -1
	}
	s.rmin = math.Inf(1)
	for k, str := range st.Strands {
		mat := str.Material
		sec := mat.Section(str.Radius)
		l := str.Link
		mseg := sec.MassPerLen * l
		s.rmin = math.Min(s.rmin, str.Radius)
		for i := str.First; i < str.First+str.Nodes; i++ {
			mass := mseg
			if i == str.First || i == str.First+str.Nodes-1 {
				mass = 0.5 * mseg
			}
			s.w[i] = 1 / mass
			s.nmus[i], s.nmuk[i] = mat.Friction.Static, mat.Friction.Kinetic
		}
		for j := 0; j < str.Links(); j++ {
			g := str.FirstSeg + j
			s.rest[g] = l
			// Rotational inertia of the link as a solid cylinder about a transverse axis,
			// used for all three axes (see doc.go).
			s.wq[g] = 1 / (mseg * (l*l/12 + str.Radius*str.Radius/4))
			s.mus[g], s.muk[g] = mat.Friction.Static, mat.Friction.Kinetic
			s.joint[g] = j+1 < str.Links()
			// Energy ½·K·l·Ω² per joint with Ω in 1/m: compliance 1/(K·l).
			s.alphaB[g] = vec.V3{X: 1 / (sec.Bend * l), Y: 1 / (sec.Bend * l), Z: 1 / (sec.Twist * l)}
			if g >= oldM {
				a := st.Pos[str.First+j]
				b := st.Pos[str.First+j+1]
				t := b.Sub(a).Unit()
				if t == (vec.V3{}) {
					t = vec.V3{X: 1}
				}
				if j == 0 || g-1 < oldM {
					s.q[g] = arc(vec.V3{Z: 1}, t)
				} else {
					s.q[g] = arc(s.q[g-1].d3(), t).mul(s.q[g-1]).unit()
				}
			}
		}
		s.endIdx[2*k] = int32(str.FirstSeg)
		s.endIdx[2*k+1] = int32(str.FirstSeg + str.Links() - 1)
	}
	s.grasps = s.grasps[:0]
	s.self = s.self[:0]
	s.obs = s.obs[:0]
	s.rep = s.rep[:0]
	s.resid = 0
	return nil
}

// SetEndRotation prescribes the orientation of an end segment of strand k (end 0: the first
// segment, end 1: the last): from now on it is the orientation it had at the first call,
// turned by angle (rad) about its material axis d3, and the segment's orientation no longer
// moves freely. Seed 004 Fig. 11 twists one end of a thread this way; hold the end node with a
// tool too, or the link swings about it. Call it every step with a growing angle to twist.
func (s *Solver) SetEndRotation(k, end int, angle float64) error {
	if k < 0 || 2*k+1 >= len(s.ends) || end < 0 || end > 1 {
		return fmt.Errorf("pbd: no end %d of strand %d", end, k)
	}
	if math.IsNaN(angle) || math.IsInf(angle, 0) {
		return fmt.Errorf("pbd: end rotation %v is not finite", angle)
	}
	e := &s.ends[2*k+end]
	if !e.on {
		e.on = true
		e.ref = s.q[s.endSeg(k, end)]
	}
	e.angle = angle
	return nil
}

// ReleaseEnd lets an end segment set by SetEndRotation rotate freely again.
func (s *Solver) ReleaseEnd(k, end int) {
	if k >= 0 && 2*k+1 < len(s.ends) && (end == 0 || end == 1) {
		s.ends[2*k+end] = endDrive{}
	}
}

// endSeg returns the global index of end segment end (0 first, 1 last) of strand k.
func (s *Solver) endSeg(k, end int) int { return int(s.endIdx[2*k+end]) }
