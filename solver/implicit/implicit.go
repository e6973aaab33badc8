package implicit

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/band"
	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/ncp"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver/internal/phys"
	"github.com/knotsim/knotsim/solver/internal/twist"
	"github.com/knotsim/knotsim/vec"
)

// Schemes of the implicit step (doc.go).
const (
	// Inertial is implicit Euler with mass: (M/h² + H)·Δx = M·v/h + F.
	Inertial = "inertial"
	// Overdamped is the thesis's low-mass scheme (§4.1.2): Δx = h·ν·F(x + Δx), no inertia.
	Overdamped = "overdamped"
)

// Contact methods.
const (
	NNCG = "nncg" // the nonsmooth nonlinear conjugate gradient (the thesis's choice)
	PGS  = "pgs"  // projected Gauss–Seidel
)

// Limits of Params.
const (
	MaxContactsCap = 4096   // the most MaxContacts may be
	MaxIterCap     = 10000  // the most NCP iterations per solve
	MaxSubstepsCap = 100000 // the most substeps a step may be split into
)

// Params are the solver's knobs; DefaultParams gives the documented defaults.
type Params struct {
	// Scheme is Inertial (the default) or Overdamped.
	Scheme string
	// Viscosity η, N·s/m², of the Overdamped scheme: a node of share ℓ of the thread's length
	// moves Δx = h·F/(η·ℓ) per step (the thesis's mobility ν = h/(η·ℓ)). Ignored by Inertial.
	Viscosity float64
	// StretchStiffness is the axial stiffness EA, N, of every link; 0 (the default) makes the
	// thread inextensible for practical purposes: max(E·A of its material, InextensibleEA).
	StretchStiffness float64
	// InextensibleEA, N, is the axial stiffness of an "inextensible" thread: 5e5 N strains
	// 2e-6 under 1 N and 1e-4 under 50 N.
	InextensibleEA float64
	// Contact is NNCG (the default) or PGS; MaxIter bounds its iterations per solve and Tol,
	// a fraction of the smallest radius, is its residual tolerance.
	Contact string
	MaxIter int
	Tol     float64
	// MaxContacts caps the contact rows of a substep (three each: normal and two tangents);
	// beyond it the closest are kept and the rest counted (Dropped).
	MaxContacts int
	// Margin: a pair of segments is a contact when their axes are closer than
	// (1 + Margin)·(r_a + r_b) plus the motion of the substep (seed 003 §3.7.1: 1.1).
	Margin float64
	// Substeps fixes the substeps per step; 0 chooses them from the motion: no node's free
	// motion beyond MoveFraction of the smallest radius a substep. MaxSubsteps bounds them: a
	// step needing more is an error. The reach MoveFraction scales is the larger of the
	// smallest radius and a quarter of the shortest link.
	Substeps     int
	MaxSubsteps  int
	MoveFraction float64
	// StrainLimit: after each substep a link strained beyond it is projected back to half of
	// it (limitStrain). Low limits drag a rope sliding round a pole (doc.go, Known limits).
	StrainLimit float64
	// GraspStiffness, N/m, is the spring of a HoldPosition tool without its own stiffness, and
	// MaxGraspForce, N, caps a position tool's pull (beyond it the tool pulls exactly that).
	GraspStiffness float64
	MaxGraspForce  float64
}

// DefaultParams returns the defaults of the package doc.
func DefaultParams() Params {
	return Params{Scheme: Inertial, Viscosity: 1, InextensibleEA: 5e5, Contact: NNCG, MaxIter: 100, Tol: 1e-4,
		MaxContacts: 1024, Margin: 0.1, MaxSubsteps: 1000, MoveFraction: 0.4, StrainLimit: 2e-3, GraspStiffness: 1e7, MaxGraspForce: 50}
}

// Validate returns an error naming the first bad field, or nil.
func (p Params) Validate() error {
	fin := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case p.Scheme != Inertial && p.Scheme != Overdamped:
		return fmt.Errorf("implicit: Scheme %q must be %q or %q", p.Scheme, Inertial, Overdamped)
	case p.Scheme == Overdamped && !(p.Viscosity > 0 && fin(p.Viscosity)):
		return fmt.Errorf("implicit: Viscosity %v N·s/m² must be positive and finite (the overdamped scheme's mobility)", p.Viscosity)
	case !(p.StretchStiffness >= 0 && fin(p.StretchStiffness)):
		return fmt.Errorf("implicit: StretchStiffness %v N must be ≥ 0 and finite (0: inextensible)", p.StretchStiffness)
	case !(p.InextensibleEA > 0 && fin(p.InextensibleEA)):
		return fmt.Errorf("implicit: InextensibleEA %v N must be positive and finite", p.InextensibleEA)
	case p.Contact != NNCG && p.Contact != PGS:
		return fmt.Errorf("implicit: Contact %q must be %q or %q", p.Contact, NNCG, PGS)
	case p.MaxIter < 1 || p.MaxIter > MaxIterCap:
		return fmt.Errorf("implicit: MaxIter %d must be in 1..%d", p.MaxIter, MaxIterCap)
	case !(p.Tol > 0 && p.Tol < 1):
		return fmt.Errorf("implicit: Tol %v must be in (0, 1) (a fraction of the radius)", p.Tol)
	case p.MaxContacts < 1 || p.MaxContacts > MaxContactsCap:
		return fmt.Errorf("implicit: MaxContacts %d must be in 1..%d", p.MaxContacts, MaxContactsCap)
	case !(p.Margin >= 0 && p.Margin <= 1):
		return fmt.Errorf("implicit: Margin %v must be in [0, 1]", p.Margin)
	case p.Substeps < 0 || p.Substeps > MaxSubstepsCap:
		return fmt.Errorf("implicit: Substeps %d must be in 0..%d (0: chosen every step)", p.Substeps, MaxSubstepsCap)
	case p.MaxSubsteps < 1 || p.MaxSubsteps > MaxSubstepsCap:
		return fmt.Errorf("implicit: MaxSubsteps %d must be in 1..%d", p.MaxSubsteps, MaxSubstepsCap)
	case !(p.MoveFraction > 0 && p.MoveFraction <= 1):
		return fmt.Errorf("implicit: MoveFraction %v must be in (0, 1]", p.MoveFraction)
	case !(p.StrainLimit > 0 && p.StrainLimit < 0.5):
		return fmt.Errorf("implicit: StrainLimit %v must be in (0, 0.5)", p.StrainLimit)
	case !(p.GraspStiffness > 0 && fin(p.GraspStiffness)):
		return fmt.Errorf("implicit: GraspStiffness %v N/m must be positive and finite", p.GraspStiffness)
	case !(p.MaxGraspForce > 0 && fin(p.MaxGraspForce)):
		return fmt.Errorf("implicit: MaxGraspForce %v N must be positive and finite", p.MaxGraspForce)
	}
	return nil
}

// grasp is one tool of the current step.
type grasp struct {
	node    int32
	force   bool    // HoldForce
	spring  float64 // HoldPosition: N/m
	target  vec.V3  // HoldPosition: this step's target; HoldForce: the force
	prev    vec.V3  // HoldPosition: the tip at the end of the last step
	tip     vec.V3  // HoldPosition: this substep's tip
	capped  bool    // HoldPosition: pulls with exactly MaxGraspForce towards tip in this substep
	applied vec.V3  // the force on the rope in the last substep, N
}

// strandData is what the solver keeps per strand.
type strandData struct {
	EA, EI, GJ float64     // N, N·m², N·m²
	tw         twist.State // quasi-static twist (SetEndRotation)
	twDamp     float64     // the diagonal the explicit twist needs, N/m (step.go, addTwist)
	link       float64     // rest length of its links, m
}

// Solver is the implicit solver. Create it with New.
type Solver struct {
	P   Params
	Det collide.Detector

	// per node
	v      []vec.V3  // velocity Δx/h of the last substep, m/s
	x0     []vec.V3  // positions at the start of the substep
	m      []float64 // lumped mass, kg
	share  []float64 // the node's share of its strand's length, m
	damp   []float64 // material damping rate, 1/s
	f      []vec.V3  // forces at x (internal + gravity + tools), N
	rhs    []float64 // 3 per node
	dxf    []float64 // 3 per node: the free step (no contact forces), m
	dx     []float64 // 3 per node: the step, m
	dxn    []float64 // 3 per node: the step taken when it pushes overlaps out (split), m
	split  bool      // the substep pushed overlaps out: s.dxn − s.dx is the push
	splitV bool      // ... and the push is not velocity (not a tissue's: substep)
	allow  []float64 // per node: the motion its speculative contacts allow, m
	diag   []float64 // 3 per node: what the scheme adds to the diagonal, N/m
	gpsi   []vec.V3  // ∇Ψ of a twisted strand at the substep's start, 1/m
	gOf    []int32   // grasp index of a node, −1: none
	tipT   []vec.V3  // the tip of a HoldPosition tool at the end of the last step
	hadT   []bool    // the node was held by position in the last step
	// per segment
	rest []float64 // rest length, m
	mus  []float64 // friction
	muk  []float64
	ten  []float64 // tension of the last substep, N
	// per strand
	sd []strandData

	K   *band.Sym
	chf band.Cholesky

	grasps []grasp
	self   []collide.Contact
	obs    []collide.Contact
	// triangle surfaces (contact.go): this substep's hits of every surface (surface k's at
	// surfHits[surfAt[k]:surfAt[k+1]]), and the step's reactions on each surface's nodes, N
	surfHits []collide.SurfaceContact
	surfAt   []int
	sforce   [][]vec.V3
	hfrac    float64 // the substep's share of the step

	// sutures (portal.go): per Input.Portals entry, and in rope order; per segment and node
	// the portal it is inside (−1: none), the segments so marked; unparked nodes this substep
	// (node, its outside neighbour)
	pt     []portal
	ptOrd  []int32
	segIn  []int32
	nodeIn []int32
	marked []int32
	unpark []int32

	// contacts (contact.go)
	rows    []crow
	y       []float64 // a solve's window: 3 columns interleaved, scalar row i at 3i; zero between solves
	yc      []float64 // A⁻¹·J_cᵀ of each contact c at the contact nodes (9 a node), couple
	nodeAt  []int32   // a contact node's index in act/3 (valid for this substep's contact nodes)
	lo      int       // the contacts' first scalar row
	first   []int     // per contact: its first scalar row (y's rows before it are not solved)
	act     []int     // the scalar rows of the contacts' nodes, sorted
	comp    []int     // contact components: rows comp[k]…comp[k+1]−1 (components)
	woff    []int     // component k's W at s.w[woff[k]:], (3·its contacts)²
	byKey   []int32   // the rows in key order
	uf      []int32   // union–find over strands
	fj      []float64 // Jᵀ·λ, 3N, solved for the contacts' motion
	w       []float64 // Delassus, (3M)²
	b       []float64
	lam     []float64
	mu      []float64
	prevKey []uint64  // last substep's contacts, sorted
	prevLam []float64 // their forces, 3 each
	prevSl  []bool    // they slid
	// The normal forces of the last step's surface contacts (each the mean over the step's
	// substeps, N) by key, sorted: what the tissue carries (crow.carry); and this step's, as
	// its substeps add them up.
	carryKey, stepKey []uint64
	carryF, stepF     []float64
	mergeKey          []uint64
	mergeF            []float64
	ncp               *ncp.Solver
	// Time spent in the step so far, ns: detection (contacts' broad and narrow phase) and the
	// contact passes as a whole (detection, coupling, NCP, the corrected step).
	nsDetect, nsContact int64

	res        ncp.Result
	rmin, lmin float64
	rmax       float64
	reach      float64 // m: what MoveFraction scales
	h          float64 // last substep, s
	nsub       int
	iters      int     // NCP iterations of the last step (most of its substeps)
	resid      float64 // NCP residual of the last solve, m
	dropped    int     // contact pairs left out for MaxContacts since New
}

// New returns a solver using det for the broad phase of self-contact.
func New(p Params, det collide.Detector) (*Solver, error) {
	if det == nil {
		return nil, errors.New("implicit: nil collision detector")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Solver{P: p, Det: det}, nil
}

// Name implements solver.Solver.
func (s *Solver) Name() string { return "implicit" }

// Reset implements solver.Solver: it sizes every buffer for st, keeping the velocities of
// the nodes st already had. It refuses a strand without a valid material.
func (s *Solver) Reset(st *rope.State) error {
	if st == nil || len(st.Strands) == 0 {
		return errors.New("implicit: no rope")
	}
	for k, str := range st.Strands {
		if str.Material.IsZero() {
			return fmt.Errorf("implicit: strand %d has no material; a physical solver needs density, moduli and friction (rope.Spec.Material)", k)
		}
		if err := str.Material.Validate(); err != nil {
			return fmt.Errorf("implicit: strand %d: %w", k, err)
		}
	}
	n, m := len(st.Pos), st.NumSegs()
	oldN, oldK := len(s.v), len(s.sd)
	if oldN > n || oldK > len(st.Strands) {
		oldN, oldK = 0, 0
	}
	s.v = phys.Resize(s.v, n, oldN)
	s.x0 = phys.Resize(s.x0, n, 0)
	s.m = phys.Resize(s.m, n, 0)
	s.share = phys.Resize(s.share, n, 0)
	s.damp = phys.Resize(s.damp, n, 0)
	s.f = phys.Resize(s.f, n, 0)
	s.rhs = phys.Resize(s.rhs, 3*n, 0)
	s.dx = phys.Resize(s.dx, 3*n, 0)
	s.dxn = phys.Resize(s.dxn, 3*n, 0)
	s.allow = phys.Resize(s.allow, n, 0)
	s.dxf = phys.Resize(s.dxf, 3*n, 0)
	s.fj = phys.Resize(s.fj, 3*n, 0)
	s.y = phys.Resize(s.y, 9*n, 0)
	s.nodeAt = phys.Resize(s.nodeAt, n, 0)
	s.diag = phys.Resize(s.diag, 3*n, 0)
	s.gpsi = phys.Resize(s.gpsi, n, 0)
	s.gOf = phys.Resize(s.gOf, n, 0)
	s.tipT = phys.Resize(s.tipT, n, oldN)
	s.hadT = phys.Resize(s.hadT, n, oldN)
	s.rest = phys.Resize(s.rest, m, 0)
	s.mus = phys.Resize(s.mus, m, 0)
	s.muk = phys.Resize(s.muk, m, 0)
	s.ten = phys.Resize(s.ten, m, 0)
	s.sd = phys.Resize(s.sd, len(st.Strands), 0)
	s.segIn = phys.Resize(s.segIn, m, 0)
	s.nodeIn = phys.Resize(s.nodeIn, n, 0)
	s.marked = s.marked[:0]
	for i := range s.gOf {
		s.gOf[i] = -1
	}
	for i := range s.segIn {
		s.segIn[i] = -1
	}
	for i := range s.nodeIn {
		s.nodeIn[i] = -1
	}
	K, err := band.New(n, 3, 2)
	if err != nil {
		return fmt.Errorf("implicit: %w", err)
	}
	s.K = K
	s.rmin, s.lmin, s.rmax = math.Inf(1), math.Inf(1), 0
	for k, str := range st.Strands {
		s.rmax = math.Max(s.rmax, str.Radius)
		mat := str.Material
		sec := mat.Section(str.Radius)
		l := str.Link
		s.rmin = math.Min(s.rmin, str.Radius)
		s.lmin = math.Min(s.lmin, l)
		ea := s.P.StretchStiffness
		if ea == 0 {
			ea = math.Max(sec.Stretch, s.P.InextensibleEA)
		}
		tw := s.sd[k].tw
		if k >= oldK {
			tw = twist.State{}
		}
		s.sd[k] = strandData{EA: ea, EI: sec.Bend, GJ: sec.Twist, tw: tw, link: l}
		for i := str.First; i < str.First+str.Nodes; i++ {
			share := 1.0
			if i == str.First || i == str.First+str.Nodes-1 {
				share = 0.5
			}
			s.m[i] = share * sec.MassPerLen * l
			s.share[i] = share * l
			s.damp[i] = mat.Damping
		}
		for j := 0; j < str.Links(); j++ {
			g := str.FirstSeg + j
			s.rest[g] = l
			s.mus[g], s.muk[g] = mat.Friction.Static, mat.Friction.Kinetic
		}
		if k >= oldK {
			// A new strand starts at rest length: with the stiff stretch, a length error
			// left there would become a violent first step.
			w := s.diag[3*str.First : 3*str.First+str.Nodes] // scratch: equal weights
			for i := range w {
				w[i] = 1
			}
			phys.RestLengths(st.Pos[str.First:str.First+str.Nodes], s.rest[str.FirstSeg:str.FirstSeg+str.Links()], w)
		}
	}
	s.reach = math.Max(s.rmin, 0.25*s.lmin)
	ns, err := ncp.New(ncp.Params{MaxIter: s.P.MaxIter, Tol: s.P.Tol * s.rmin})
	if err != nil {
		return fmt.Errorf("implicit: %w", err)
	}
	s.ncp = ns
	s.grasps = s.grasps[:0]
	s.self = s.self[:0]
	s.obs = s.obs[:0]
	s.prevKey = s.prevKey[:0]
	s.prevLam = s.prevLam[:0]
	s.prevSl = s.prevSl[:0]
	s.carryKey, s.carryF = s.carryKey[:0], s.carryF[:0]
	s.stepKey, s.stepF = s.stepKey[:0], s.stepF[:0]
	return nil
}

// SetVelocity sets the velocity of a node, m/s (an initial condition).
func (s *Solver) SetVelocity(node int, v vec.V3) error {
	if uint(node) >= uint(len(s.v)) {
		return fmt.Errorf("implicit: no node %d (call after the world is built)", node)
	}
	if !v.IsFinite() {
		return fmt.Errorf("implicit: velocity %v of node %d is not finite", v, node)
	}
	s.v[node] = v
	return nil
}

// SetEndRotation prescribes the rotation (rad) of an end's material frame about its link
// (end 0: the first link of strand k, end 1: the last), relative to its frame when the drive
// was set. Twist is quasi-static (seed 003 §4.1.3, after Bergou et al. 2008): spread evenly
// along the strand while both its ends are driven, Δθ = θ_in − Ψ with θ_in the difference of
// the two angles and Ψ the accumulated holonomy of the centre line (package twist). Hold the
// end nodes with tools too.
func (s *Solver) SetEndRotation(k, end int, angle float64) error {
	if k < 0 || k >= len(s.sd) {
		return fmt.Errorf("implicit: no strand %d", k)
	}
	if err := s.sd[k].tw.Set(end, angle); err != nil {
		return fmt.Errorf("implicit: strand %d: %w", k, err)
	}
	return nil
}

// ReleaseEnd lets an end set by SetEndRotation rotate freely again: the strand's twist relaxes
// at once and Ψ restarts from zero when both ends are driven again.
func (s *Solver) ReleaseEnd(k, end int) {
	if k >= 0 && k < len(s.sd) {
		s.sd[k].tw.Release(end)
	}
}

// Twist returns strand k's twist Δθ = θ_in − Ψ (rad) and torque τ = GJ·Δθ/L̄ (N·m) at the
// start of the last substep; zero unless both ends are driven.
func (s *Solver) Twist(k int) (dtheta, tau float64) {
	if k < 0 || k >= len(s.sd) {
		return 0, 0
	}
	return s.sd[k].tw.DTheta, s.sd[k].tw.Tau
}

// LastSubsteps returns the substeps of the last step.
func (s *Solver) LastSubsteps() int { return s.nsub }

// LastContactIterations returns the most NCP iterations of a substep of the last step.
func (s *Solver) LastContactIterations() int { return s.iters }

// Residual returns the NCP residual of the last contact solve, m (the largest of the
// Signorini, cone and maximal-dissipation residuals, forces scaled by W's diagonal).
func (s *Solver) Residual() float64 { return s.resid }

// Dropped returns how many contact pairs were left out of a substep's solve for MaxContacts
// since the solver was made.
func (s *Solver) Dropped() int { return s.dropped }
