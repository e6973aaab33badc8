package dvi

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/solver/internal/twist"
	"github.com/knotsim/knotsim/vec"
)

// Params are the solver's knobs.
type Params struct {
	// Multipliers chooses how the Lagrange multipliers (the link tensions) are solved:
	// "contraction", the paper's contraction mapping (Eq. 10, App. D), or "newton",
	// Newton–Raphson (Eq. 13).
	Multipliers string
	// Tol is the multiplier solve's tolerance on max_j |g_j|/(2·l_j²) (relative squared
	// length error of a link), and MaxIter the most iterations per strand and substep.
	Tol     float64
	MaxIter int
	// Substeps is the fixed number of substeps per step; 0 chooses it every step from the
	// stability limits of the explicit forces and from the motion (doc.go).
	Substeps int
	// MaxSubsteps bounds the substep count; a step that needs more is an error naming the
	// reason (a time step the integrator cannot hold).
	MaxSubsteps int
	// Safety is the fraction of the explicit stability limit h < 2/ω a substep may use.
	Safety float64
	// MoveFraction is the largest predicted motion of a node per substep as a fraction of the
	// smallest rope radius; no node moves more than twice that in a substep.
	MoveFraction float64
	// AirDrag is the drag coefficient C_d of the thread in cross-flow (1.2 for a cylinder):
	// node i feels −k_i·|v_i|·v_i with k_i = ½·ρ_air·C_d·2R·ℓ_i (Eq. 4; ρ_air = 1.2 kg/m³, ℓ_i
	// the node's share of the length). 0: none (the paper's Figs. 4–9).
	AirDrag float64
	// BendDamping is k_d, N·m·s: the internal bending dissipation of Eq. 5–6 (App. A). 0: none.
	BendDamping      float64
	ContactStiffness float64
	// Contact chooses how contacts are handled: "constraint" (ContactConstraint, the default),
	// the contacts and their Coulomb friction as multipliers of the same solve as the link
	// tensions (contact.go); or "penalty" (ContactPenalty), the paper's Eq. 14 with the overlap
	// left projected out and friction applied after the multiplier solve (doc.go).
	Contact string
	// ContactStiffness is the penalty stiffness k_s, N/m, of Eq. 14 (Contact "penalty"); 0 chooses
	// min(MaxGraspForce/(0.25·R), the stiffness whose contact frequency allows substeps of
	// 0.1 ms on the lightest node) per step.
	//
	// ContactOffset, m, starts the penalty before the surfaces touch (the paper's Δd is
	// R_A + R_B + ContactOffset).
	ContactOffset float64
	// Extensible adds the stretch compliance 1/EA of the paper's footnote 4: a link of
	// tension T has length l·(1 + T/EA).
	Extensible bool
	// GraspStiffness is the stiffness, N/m, of a HoldPosition tool without one of its own:
	// a spring between the tool's tip and the node, solved implicitly.
	GraspStiffness float64
	// MaxGraspForce, N, caps a HoldPosition tool's force: beyond it the substep is solved
	// again with the tool pulling with exactly MaxGraspForce towards its tip.
	MaxGraspForce float64
}

// DefaultParams returns the parameters of the package doc.
func DefaultParams() Params {
	return Params{Multipliers: "newton", Tol: 1e-10, MaxIter: 30, MaxSubsteps: 1000, Safety: 0.8, Contact: ContactConstraint,
		MoveFraction: 0.4, GraspStiffness: 1e7, MaxGraspForce: 50}
}

// Validate returns an error naming the first bad field, or nil.
func (p Params) Validate() error {
	fin := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case p.Multipliers != "contraction" && p.Multipliers != "newton":
		return fmt.Errorf("dvi: Multipliers %q must be \"contraction\" or \"newton\"", p.Multipliers)
	case p.Contact != ContactConstraint && p.Contact != ContactPenalty:
		return fmt.Errorf("dvi: Contact %q must be %q or %q", p.Contact, ContactConstraint, ContactPenalty)
	case !(p.Tol > 0 && p.Tol < 1):
		return fmt.Errorf("dvi: Tol %v must be in (0, 1)", p.Tol)
	case p.MaxIter < 1 || p.MaxIter > 1000:
		return fmt.Errorf("dvi: MaxIter %d must be in 1..1000", p.MaxIter)
	case p.Substeps < 0 || p.Substeps > 100000:
		return fmt.Errorf("dvi: Substeps %d must be in 0..100000 (0: chosen every step)", p.Substeps)
	case p.MaxSubsteps < 1 || p.MaxSubsteps > 100000:
		return fmt.Errorf("dvi: MaxSubsteps %d must be in 1..100000", p.MaxSubsteps)
	case !(p.Safety > 0 && p.Safety <= 1):
		return fmt.Errorf("dvi: Safety %v must be in (0, 1]", p.Safety)
	case !(p.MoveFraction > 0 && p.MoveFraction <= 0.8):
		return fmt.Errorf("dvi: MoveFraction %v must be in (0, 0.8]", p.MoveFraction)
	case !(p.AirDrag >= 0) || !fin(p.AirDrag) || p.AirDrag > 100:
		return fmt.Errorf("dvi: AirDrag %v must be in [0, 100] (a drag coefficient)", p.AirDrag)
	case !(p.BendDamping >= 0) || !fin(p.BendDamping):
		return fmt.Errorf("dvi: BendDamping %v N·m·s must be ≥ 0 and finite", p.BendDamping)
	case !(p.ContactStiffness >= 0) || !fin(p.ContactStiffness):
		return fmt.Errorf("dvi: ContactStiffness %v N/m must be ≥ 0 and finite", p.ContactStiffness)
	case !(p.ContactOffset >= 0) || !fin(p.ContactOffset):
		return fmt.Errorf("dvi: ContactOffset %v m must be ≥ 0 and finite", p.ContactOffset)
	case !(p.GraspStiffness > 0) || !fin(p.GraspStiffness):
		return fmt.Errorf("dvi: GraspStiffness %v N/m must be positive and finite", p.GraspStiffness)
	case !(p.MaxGraspForce > 0) || !fin(p.MaxGraspForce):
		return fmt.Errorf("dvi: MaxGraspForce %v N must be positive and finite", p.MaxGraspForce)
	}
	return nil
}

// grasp is one tool of the current step.
type grasp struct {
	node    int32
	force   bool    // HoldForce
	spring  float64 // HoldPosition: the spring's stiffness, N/m
	target  vec.V3  // HoldPosition: this step's target
	prev    vec.V3  // HoldPosition: where the tip was at the end of the last step
	tip     vec.V3  // HoldPosition: this substep's tip
	tip0    vec.V3  // HoldPosition: the tip when the substep began (a failed substep restores it)
	capped  bool    // HoldPosition: pulls with exactly MaxGraspForce in this substep
	capped0 bool    // HoldPosition: capped when the substep began (a failed substep restores it)
	// applied is the force on the rope in the last substep, N.
	applied vec.V3
}

// strandData is what the solver keeps per strand.
type strandData struct {
	EI, GJ, EA float64     // N·m², N·m², N
	mass       float64     // kg, of a link
	gmax       float64     // the largest |∂E_b/∂c| of a joint in the last substep, J (bending stiffness where most bent)
	twist      twist.State // quasi-static twist (App. C)
}

// Solver is the dvi solver. Create it with New.
type Solver struct {
	P   Params
	Det collide.Detector

	// per node
	v     []vec.V3  // velocity (x^{k+1} − x^k)/h of the last substep, m/s
	xk    []vec.V3  // positions at the start of the last substep
	xbar  []vec.V3  // prediction
	f     []vec.V3  // force, N
	m     []float64 // lumped mass, kg
	acc   []vec.V3  // each node's acceleration over the last substep, net of every force, m/s²
	fPrev []vec.V3  // scratch: the last substep's forces while the step's are computed, N
	w     []float64 // inverse mass of this substep (with a tool's spring), 1/kg
	kair  []float64 // air drag coefficient, kg/m
	c     []float64 // joint cosines at x^k
	cPrev []float64 // joint cosines at x^{k−1}
	gpsi  []vec.V3  // holonomy gradient (twist)
	gOf   []int32   // grasp index of a node, −1: none
	tipT  []vec.V3  // tip of a HoldPosition tool at the end of the last step
	hadT  []bool    // the node was held by position in the last step
	capT  []bool    // ... by a tool pulling with MaxGraspForce at the step's end
	// per segment
	T    []float64 // tension, N (the multipliers; warm start of the next solve)
	Tk   []float64 // tensions at the start of the substep (a redo starts from them)
	vk   []vec.V3  // velocities at the start of the substep, per node (a redo)
	t    []vec.V3  // unit link directions at x^k
	rest []float64 // rest length, m
	ea   []float64 // EA, N (nil unless Extensible)
	mus  []float64 // friction per segment
	muk  []float64
	// lastSeg: the segment ends its strand
	lastSeg []bool
	// per strand
	sd []strandData
	ts []tensionSolver

	grasps  []grasp
	old     []int32
	self    []collide.Contact // candidate pairs of the step
	obs     []collide.Contact // candidate segment–obstacle pairs of the step
	xbp     []vec.V3          // the positions of the last broad phase
	pen     []float64         // per self candidate: penalty force magnitude of this substep, N
	penO    []float64         // per obstacle candidate
	rmin    float64
	lmin    float64 // shortest rest length of a link, m
	ks      float64 // the penalty stiffness of this step, N/m
	h       float64 // last substep, s
	hPrev   float64 // the substep before this one, s (0: none yet)
	iters   int     // most multiplier iterations of a strand in the step
	nsub    int     // substeps of the last step
	failK   int     // the strand whose multiplier solve failed last
	pressed bool    // a penalty contact pressed in the last step
	nKeep   int     // the substep count kept (substeps)
	calm    int     // steps in a row that needed fewer than nKeep
	// contacts in the multiplier solve (contact.go)
	cr          []crow
	cx          []float64  // the rows' columns X, per side
	cd          []float64  // D, nr×nr
	cdT         []float64  // Dᵀ
	crho        []float64  // the rows' linearised constraints in pgs, m
	cnew        []float64  // the rows' forces after pgs, N
	resAt       [3]float64 // the joint solve's residuals of the last three iterations
	jointOff    bool       // the substep being solved has its contacts out of the multiplier solve
	projOnly    bool       // ... and its links projected to length, no multiplier solve (projectChains)
	fallbacks   int        // substeps solved so since the solver was made (Fallbacks)
	Tb, dT      []float64  // per segment: the tensions before a joint step and the step, N
	cfix        []float64  // C_F, nr×nr
	cf          []float64  // the rows' forces D was linearised at, N
	dy          []float64  // per segment: y = K⁻¹g, N
	xc          []vec.V3   // per node: x̄ plus the contacts' displacement
	touched     []bool     // per strand: a row touches it
	nrStart     []int32    // per node + 1: where its rows start in nrRows
	nrFill      []int32    // per node: scratch of the counting sort
	nrRows      []rowAt    // the rows at each node
	rlo, rhi    []int32    // per strand: the region of links the rows touch
	tau         []float64  // per strand: the tail response of its region (tailResponse)
	nodeStrand  []int32    // per node: its strand
	fwarm       []float64  // per self candidate: the normal force of the last substep, N
	fwarmO      []float64  // per obstacle candidate
	slid        []bool     // per self candidate: its points slid in the last substep
	slidO       []bool     // per obstacle candidate
	hasRow      []bool     // per self candidate: it has rows this substep (contactRows)
	hasRowO     []bool     // per obstacle candidate
	xw          []vec.V3   // per node: the positions contactRows gathered the rows at, m
	rowsCapped  bool       // contactRows left pairs out for maxRows
	resid       float64    // the last substep's projected Gauss–Seidel residual, m (Residual)
	skipRowless bool       // project skips the candidates without rows (rowless held)
	depen       bool       // the joint solve is depenetrate's: the contacts' warm starts are kept
	wKey        []uint64   // scratch of broadPhase: the self pairs with a warm start, (A, B)
	wF          []float64  // ... their normal forces, N
	wSlid       []bool     // ... whether they slid

	// bpMargin is the last broad phase's margin, m: its self candidates hold every pair within
	// 2·bpMargin of touching at xbp (0: none yet).
	bpMargin float64
}

// New returns a solver using det for the broad phase of self-contact.
func New(p Params, det collide.Detector) (*Solver, error) {
	if det == nil {
		return nil, errors.New("dvi: nil collision detector")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Solver{P: p, Det: det}, nil
}

// Name implements solver.Solver.
func (s *Solver) Name() string { return "dvi" }

// Reset implements solver.Solver: it sizes every buffer for st and keeps the velocities,
// tensions and twist of the nodes, segments and strands st already had (so strands may be
// added between steps). It refuses a strand without a material.
func (s *Solver) Reset(st *rope.State) error {
	if st == nil || len(st.Strands) == 0 {
		return errors.New("dvi: no rope")
	}
	for k, str := range st.Strands {
		if str.Material.IsZero() {
			return fmt.Errorf("dvi: strand %d has no material; a physical solver needs density, moduli and friction (rope.Spec.Material)", k)
		}
		if err := str.Material.Validate(); err != nil {
			return fmt.Errorf("dvi: strand %d: %w", k, err)
		}
	}
	n, m := len(st.Pos), st.NumSegs()
	oldN, oldM, oldK := len(s.v), len(s.T), len(s.sd)
	if oldN > n || oldM > m || oldK > len(st.Strands) {
		oldN, oldM, oldK = 0, 0, 0
	}
	s.v = phys.Resize(s.v, n, oldN)
	s.xk = phys.Resize(s.xk, n, 0)
	copy(s.xk, st.Pos)
	s.xbar = phys.Resize(s.xbar, n, 0)
	s.f = phys.Resize(s.f, n, 0)
	s.acc = phys.Resize(s.acc, n, 0)
	s.fPrev = phys.Resize(s.fPrev, n, 0)
	s.m = phys.Resize(s.m, n, 0)
	s.w = phys.Resize(s.w, n, 0)
	s.kair = phys.Resize(s.kair, n, 0)
	s.c = phys.Resize(s.c, n, 0)
	s.cPrev = phys.Resize(s.cPrev, n, 0)
	s.gpsi = phys.Resize(s.gpsi, n, 0)
	s.gOf = phys.Resize(s.gOf, n, 0)
	s.tipT = phys.Resize(s.tipT, n, oldN)
	s.hadT = phys.Resize(s.hadT, n, oldN)
	s.capT = phys.Resize(s.capT, n, oldN)
	s.vk = phys.Resize(s.vk, n, 0)
	s.T = phys.Resize(s.T, m, oldM)
	s.Tk = phys.Resize(s.Tk, m, 0)
	s.t = phys.Resize(s.t, m, 0)
	s.rest = phys.Resize(s.rest, m, 0)
	s.mus = phys.Resize(s.mus, m, 0)
	s.muk = phys.Resize(s.muk, m, 0)
	s.lastSeg = phys.Resize(s.lastSeg, m, 0)
	s.ea = nil
	if s.P.Extensible {
		s.ea = make([]float64, m)
	}
	s.sd = phys.Resize(s.sd, len(st.Strands), oldK)
	s.touched = phys.Resize(s.touched, len(st.Strands), 0)
	s.nodeStrand = phys.Resize(s.nodeStrand, n, 0)
	for k, str := range st.Strands {
		for i := str.First; i < str.First+str.Nodes; i++ {
			s.nodeStrand[i] = int32(k)
		}
	}
	if len(s.ts) < len(st.Strands) {
		s.ts = append(s.ts, make([]tensionSolver, len(st.Strands)-len(s.ts))...)
	}
	for i := range s.gOf {
		s.gOf[i] = -1
	}
	s.rmin, s.lmin = math.Inf(1), math.Inf(1)
	const rhoAir = 1.2 // kg/m³
	for k, str := range st.Strands {
		mat := str.Material
		sec := mat.Section(str.Radius)
		l := str.Link
		mseg := sec.MassPerLen * l
		s.rmin = math.Min(s.rmin, str.Radius)
		s.lmin = math.Min(s.lmin, l)
		d := &s.sd[k]
		d.EI, d.GJ, d.EA, d.mass = sec.Bend, sec.Twist, sec.Stretch, mseg
		for i := str.First; i < str.First+str.Nodes; i++ {
			share := 1.0
			if i == str.First || i == str.First+str.Nodes-1 {
				share = 0.5
			}
			s.m[i] = share * mseg
			s.w[i] = 1 / s.m[i]
			s.kair[i] = 0.5 * rhoAir * s.P.AirDrag * 2 * str.Radius * share * l
		}
		for j := 0; j < str.Links(); j++ {
			g := str.FirstSeg + j
			s.rest[g] = l
			s.mus[g], s.muk[g] = mat.Friction.Static, mat.Friction.Kinetic
			s.lastSeg[g] = j == str.Links()-1
			if s.ea != nil {
				s.ea[g] = sec.Stretch
			}
		}
		x := st.Pos[str.First : str.First+str.Nodes]
		if k >= oldK {
			// A new strand starts on its constraints: a length error left at x⁰ would turn
			// into velocity in the first substep (the solve corrects it in one h).
			phys.RestLengths(x, s.rest[str.FirstSeg:str.FirstSeg+str.Links()], s.w[str.First:str.First+str.Nodes])
		}
		cosines(x, s.cPrev[str.First:str.First+str.Nodes])
	}
	s.grasps = s.grasps[:0]
	s.self = s.self[:0]
	s.obs = s.obs[:0]
	s.bpMargin = 0
	s.cr, s.resid = s.cr[:0], 0
	return nil
}

// SetEndRotation prescribes the rotation (rad) of an end's material frame about its link
// (end 0: the first link of strand k, end 1: the last), relative to its frame when the drive
// was set. The twist is quasi-static (the paper neglects torsional inertia, §4.1): it acts only
// while both ends of the strand are driven, through Δθ = θ_in − Ψ with θ_in the difference of
// the two angles and Ψ the accumulated holonomy (App. C). Hold the end nodes with tools too.
func (s *Solver) SetEndRotation(k, end int, angle float64) error {
	if k < 0 || k >= len(s.sd) || end < 0 || end > 1 {
		return fmt.Errorf("dvi: no end %d of strand %d", end, k)
	}
	if math.IsNaN(angle) || math.IsInf(angle, 0) {
		return fmt.Errorf("dvi: end rotation %v is not finite", angle)
	}
	if err := s.sd[k].twist.Set(end, angle); err != nil {
		return fmt.Errorf("dvi: %w", err)
	}
	return nil
}

// ReleaseEnd lets an end set by SetEndRotation rotate freely again: the strand's twist relaxes
// at once (no torsional inertia) and Ψ restarts from zero when both ends are driven again.
func (s *Solver) ReleaseEnd(k, end int) {
	if k >= 0 && k < len(s.sd) && (end == 0 || end == 1) {
		s.sd[k].twist.Release(end)
	}
}

// Twist returns strand k's twist Δθ = θ_in − Ψ (rad) and torque τ = GJ·Δθ/L̄ (N·m) in the last
// substep (seed 004 Fig. 12–13); zero unless both ends are driven.
func (s *Solver) Twist(k int) (dtheta, tau float64) {
	if k < 0 || k >= len(s.sd) {
		return 0, 0
	}
	return s.sd[k].twist.DTheta, s.sd[k].twist.Tau
}

// SetVelocity sets the velocity of a node, m/s (an initial condition: seed 004 Fig. 6
// launches the ends of a thread).
func (s *Solver) SetVelocity(node int, v vec.V3) error {
	if uint(node) >= uint(len(s.v)) {
		return fmt.Errorf("dvi: no node %d (call after the world is built)", node)
	}
	if !v.IsFinite() {
		return fmt.Errorf("dvi: velocity %v of node %d is not finite", v, node)
	}
	s.v[node] = v
	return nil
}

// Fallbacks returns how many substeps since the solver was made had to be solved with the
// contacts out of the multiplier solve (their joint solve failed at the smallest substep), or,
// when that failed too, with the links projected to length (projectChains).
func (s *Solver) Fallbacks() int { return s.fallbacks }

// LastSubsteps returns the number of substeps of the last step (also Stats.Iterations).
func (s *Solver) LastSubsteps() int { return s.nsub }

// LastMultiplierIterations returns the most iterations the multiplier solve of one strand
// took in a substep of the last step (seed 004 §6.3: 3–5 for the contraction mapping).
func (s *Solver) LastMultiplierIterations() int { return s.iters }
