package tissue

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Options configure a Body's integration. The defaults are for interactive use (an
// approximate solve each substep, corrected by the next); tests that want the converged
// implicit Euler step set Tol, MaxIter and Newton themselves.
type Options struct {
	// Substep is the tissue's own time step, s: a Step of dt takes ceil(dt/Substep) substeps
	// (seed 003 §4.1.5 steps its tissue every 2.5 ms). Default 2.5e-3.
	Substep float64
	// Tol is the conjugate-gradient tolerance on the residual relative to the larger of the
	// right-hand side and the step's force scale (each free node's |h·f_elastic| + |h·(f +
	// m·g)| + |m·v|, summed in quadrature): near rest the right-hand side (the residual of the
	// last velocity) is tiny, and solving it to Tol of itself would take as many iterations as
	// a jolt. Default 1e-3.
	Tol float64
	// MaxIter bounds the conjugate-gradient iterations of a linear solve. Default 100.
	MaxIter int
	// Newton bounds the Newton iterations of a substep (each one linear solve; see substep).
	// Default 1: the linearised step with the exact tangent in tension.
	Newton int
	// NewtonTol stops the Newton iterations once the residual is below NewtonTol times the
	// first one. Default 1e-3.
	NewtonTol float64
	// Precond is CG's preconditioner: PrecondAuto (the default), PrecondCholesky (the
	// complete Cholesky factor of the rest-shape step matrix, in the envelope of the node
	// order), PrecondIC0 (its incomplete factor, no fill beyond the mesh's node adjacency;
	// precond.go) or PrecondJacobi (the diagonal).
	Precond string
}

// Preconditioners of Options.Precond.
const (
	// PrecondAuto is PrecondCholesky when the envelope holds at most MaxEnvelopeRow blocks a
	// node on average, PrecondIC0 otherwise (Body.Preconditioner says which).
	PrecondAuto     = "auto"
	PrecondCholesky = "cholesky"
	PrecondIC0      = "ic0"
	PrecondJacobi   = "jacobi"
)

// MaxEnvelopeRow is PrecondAuto's limit on the complete factor's size: the envelope's 3×3
// blocks a node on average. A 1 mm vessel end of 288 nodes (16 × 1 × 8 cells) has 38, the
// 10 × 6 × 1-cell slab of suture-slab 50, a 10 × 10 × 10-cell slab 122 (17.5 times its IC(0)
// pattern; its factor would take about 0.5 GFLOP, an estimate of n·row² block products). The
// factor's cost grows with the square of the row, and it is computed again whenever the
// support springs change by a quarter: past this limit IC(0) is kept (where the two break
// even was not measured).
const MaxEnvelopeRow = 64

func (o *Options) defaults() error {
	if o.Precond == "" {
		o.Precond = PrecondAuto
	}
	if o.Substep == 0 {
		o.Substep = 2.5e-3
	}
	if o.Tol == 0 {
		o.Tol = 1e-3
	}
	if o.MaxIter == 0 {
		o.MaxIter = 100
	}
	if o.Newton == 0 {
		o.Newton = 1
	}
	if o.NewtonTol == 0 {
		o.NewtonTol = 1e-3
	}
	switch {
	case !(o.Substep > 0 && o.Substep <= 1):
		return fmt.Errorf("tissue: Substep %v s must be in (0, 1]", o.Substep)
	case !(o.Tol > 0 && o.Tol < 1):
		return fmt.Errorf("tissue: Tol %v must be in (0, 1)", o.Tol)
	case o.MaxIter < 1 || o.MaxIter > 100000:
		return fmt.Errorf("tissue: MaxIter %d must be in 1..100000", o.MaxIter)
	case o.Precond != PrecondAuto && o.Precond != PrecondCholesky && o.Precond != PrecondIC0 && o.Precond != PrecondJacobi:
		return fmt.Errorf("tissue: Precond %q must be %q, %q, %q or %q", o.Precond, PrecondAuto, PrecondCholesky, PrecondIC0, PrecondJacobi)
	case o.Newton < 1 || o.Newton > 100:
		return fmt.Errorf("tissue: Newton %d must be in 1..100", o.Newton)
	case !(o.NewtonTol > 0 && o.NewtonTol < 1):
		return fmt.Errorf("tissue: NewtonTol %v must be in (0, 1)", o.NewtonTol)
	}
	return nil
}

// Body is a deformable tissue: a tetrahedral mesh of co-rotated linear finite elements
// (Müller & Gross, "Interactive virtual materials", GI 2004), lumped masses, integrated by
// implicit Euler with the stiffness linearised about each element's current rotation:
//
//	[M·(1 + h·α) + (h·β + h²)·K′]·v⁺ = M·v + h·(f_el(x) + f_ext + M·g),   x⁺ = x + h·v⁺,
//
// with K′ = Σ_e R_e·K_e·R_eᵀ and f_el = −Σ_e R_e·K_e·(R_eᵀ·x − X) (X the rest positions). The
// system is solved matrix-free by conjugate gradients preconditioned by a Cholesky factor of
// the rest-shape matrix, complete or incomplete (Options.Precond), warm-started from v;
// clamped nodes move to their targets and are held out of the solve. Nothing is allocated per
// step.
type Body struct {
	Mesh *Mesh
	Mat  Material
	Opt  Options
	// X are the current node positions, m, and V the velocities, m/s.
	X, V []vec.V3
	// F are external forces on the nodes, N (contacts, loads): the caller adds them before
	// Step, which uses them in every substep and then clears them.
	F []vec.V3
	// Mass is each node's lumped mass, kg (a quarter of each of its tetrahedra).
	Mass []float64

	lambda, mu float64
	grad       []vec.V3  // per tet, 4: the rest shape-function gradients ∇N_a, 1/m
	vol        []float64 // per tet: rest volume, m³
	q          []quat    // per tet: rotation (warm start)
	rot        []m3      // per tet: R_e
	geo        []sym3    // per tet: the geometric stiffness H (see geometric), Pa
	kdiag      []float64 // per node: rotation-invariant diagonal of K (trace/3), N/m
	clamped    []bool
	target     []vec.V3 // clamped nodes: where they must be at the end of the next Step, m
	// substep scratch
	res, dv, r, z, p, ap, fel []vec.V3
	xn, vn                    []vec.V3 // the substep's start
	x0, v0                    []vec.V3 // the step's start (a failed step restores it)
	iters, newton             int
	resid                     float64
	ic                        *ic0 // the Cholesky preconditioner (not Jacobi's): built at the first solve
	// Give's cache: per node the give over a step of giveDt, m/N (0: not computed yet).
	give   []float64
	giveDt float64
	// Support springs for the next Step (AddSupport), and h² of the running substep while they
	// are in its solve (0 otherwise).
	sup    []support
	supH2  float64
	supBlk [][9]float64 // supportBlocks' scratch
}

// support is a spring on node i toward the plane n·x = off: the force k·(off − n·x)·n.
type support struct {
	i      int32
	n      vec.V3
	off, k float64 // m, N/m
}

// AddSupport adds a spring to the next Step (Step then removes it) that holds node i toward
// the plane n·x = off (n a unit normal, off in m): the force k·(off − n·x)·n, N, with k in N/m.
// It is how another body's surface holds this one off (world's tissue–tissue contact): the
// caller adds it while the node is short of the plane, and it then acts both ways for the
// whole step (switched on and off within a step, as a one-sided spring would be, a contact
// chattered: each step it pushed the surfaces apart, the next they sprang back into each
// other, further each time). It is implicit in the step (h²·k·n·nᵀ in the step's matrix and
// in its preconditioner), so any k > 0 is stable; a stiffer one slows the conjugate
// gradients. A spring on a clamped node does nothing. Bad arguments get an error naming them,
// and nothing is added.
func (b *Body) AddSupport(i int, n vec.V3, off, k float64) error {
	switch {
	case i < 0 || i >= len(b.X):
		return fmt.Errorf("tissue: support on node %d; the body has %d", i, len(b.X))
	case !n.IsFinite() || math.Abs(n.Norm()-1) > 1e-6:
		return fmt.Errorf("tissue: support on node %d: normal %v is not a unit vector", i, n)
	case math.IsNaN(off) || math.IsInf(off, 0):
		return fmt.Errorf("tissue: support on node %d: offset %v m is not finite", i, off)
	case !(k > 0) || math.IsInf(k, 0):
		return fmt.Errorf("tissue: support on node %d: stiffness %v N/m must be positive and finite", i, k)
	}
	b.sup = append(b.sup, support{i: int32(i), n: n, off: off, k: k})
	return nil
}

// Supports returns the number of support springs added for the next Step.
func (b *Body) Supports() int { return len(b.sup) }

// Stiffness returns node i's share of the body's elastic stiffness, N/m: the rotation-invariant
// diagonal of K at the node (a third of its 3×3 block's trace). i must be a node.
func (b *Body) Stiffness(i int) float64 { return b.kdiag[i] }

// New returns a body at rest in mesh m (which it validates) made of mat.
func New(m *Mesh, mat Material, opt Options) (*Body, error) {
	if m == nil {
		return nil, fmt.Errorf("tissue: no mesh")
	}
	if err := mat.Validate(); err != nil {
		return nil, err
	}
	if err := opt.defaults(); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	n, nt := len(m.Nodes), len(m.Tets)
	b := &Body{Mesh: m, Mat: mat, Opt: opt,
		X: append([]vec.V3(nil), m.Nodes...), V: make([]vec.V3, n), F: make([]vec.V3, n), Mass: make([]float64, n),
		grad: make([]vec.V3, 4*nt), vol: make([]float64, nt), q: make([]quat, nt), rot: make([]m3, nt), geo: make([]sym3, nt),
		kdiag: make([]float64, n), clamped: make([]bool, n), target: make([]vec.V3, n),
		res: make([]vec.V3, n), dv: make([]vec.V3, n), xn: make([]vec.V3, n), vn: make([]vec.V3, n), r: make([]vec.V3, n), z: make([]vec.V3, n), p: make([]vec.V3, n), ap: make([]vec.V3, n),
		fel: make([]vec.V3, n), x0: make([]vec.V3, n), v0: make([]vec.V3, n)}
	b.lambda, b.mu = mat.Lame()
	for e, t := range m.Tets {
		x0 := m.Nodes[t[0]]
		d := m3{m.Nodes[t[1]].Sub(x0), m.Nodes[t[2]].Sub(x0), m.Nodes[t[3]].Sub(x0)}
		det := d[0].Dot(d[1].Cross(d[2]))
		// Rows of D⁻¹ are the gradients of N_1..N_3: (d1×d2)/det etc.
		g1 := d[1].Cross(d[2]).Scale(1 / det)
		g2 := d[2].Cross(d[0]).Scale(1 / det)
		g3 := d[0].Cross(d[1]).Scale(1 / det)
		g := b.grad[4*e : 4*e+4]
		g[0], g[1], g[2], g[3] = g1.Add(g2).Add(g3).Neg(), g1, g2, g3
		v := det / 6
		b.vol[e] = v
		b.q[e] = quat{W: 1}
		b.rot[e] = quat{W: 1}.matrix()
		for a := range 4 {
			b.Mass[t[a]] += mat.Density * v / 4
			g2 := g[a].Norm2()
			b.kdiag[t[a]] += v * (b.mu*g2 + (b.lambda+b.mu)*g2/3)
		}
	}
	return b, nil
}

// Clamp holds node i at target (m): it reaches it at the end of the next Step, moving in a
// straight line over the step, and stays there until clamped elsewhere or released.
func (b *Body) Clamp(i int, target vec.V3) error {
	if i < 0 || i >= len(b.X) {
		return fmt.Errorf("tissue: clamp: node %d out of range [0, %d)", i, len(b.X))
	}
	if !target.IsFinite() {
		return fmt.Errorf("tissue: clamp: node %d: target %v is not finite", i, target)
	}
	if !b.clamped[i] {
		clear(b.give) // the free nodes changed: every give does
	}
	b.clamped[i], b.target[i] = true, target
	return nil
}

// Release frees a clamped node.
func (b *Body) Release(i int) {
	if i >= 0 && i < len(b.X) {
		if b.clamped[i] {
			clear(b.give)
		}
		b.clamped[i] = false
	}
}

// Clamped reports whether node i is clamped.
func (b *Body) Clamped(i int) bool { return i >= 0 && i < len(b.X) && b.clamped[i] }

// LastIterations returns the conjugate-gradient iterations of the last linear solve.
func (b *Body) LastIterations() int { return b.iters }

// LastNewton returns the Newton iterations (linear solves) of the last substep.
func (b *Body) LastNewton() int { return b.newton }

// LastResidual returns the relative residual of the last linear solve.
func (b *Body) LastResidual() float64 { return b.resid }

// Step advances the tissue by dt (s) under gravity g (m/s²) and the external forces F, which
// it then clears. On error (a bad dt or g, or a state that became non-finite) the body is as it
// was before the call.
func (b *Body) Step(dt float64, g vec.V3) error {
	if !(dt > 0) || math.IsInf(dt, 0) {
		return fmt.Errorf("tissue: step %v s must be positive and finite", dt)
	}
	if !g.IsFinite() {
		return fmt.Errorf("tissue: gravity %v is not finite", g)
	}
	for i, f := range b.F {
		if !f.IsFinite() {
			return fmt.Errorf("tissue: external force %v on node %d is not finite", f, i)
		}
	}
	n := max(1, int(math.Ceil(dt/b.Opt.Substep-1e-9)))
	if n > 100000 {
		return fmt.Errorf("tissue: a step of %v s needs %d substeps of %v s (at most 100000)", dt, n, b.Opt.Substep)
	}
	copy(b.x0, b.X)
	copy(b.v0, b.V)
	h := dt / float64(n)
	for k := range n {
		// A clamped node moves in a straight line to its target over the step.
		left := float64(n - k)
		for i, c := range b.clamped {
			if c {
				b.V[i] = b.target[i].Sub(b.X[i]).Scale(1 / (left * h))
			}
		}
		b.substep(h, g)
	}
	for i := range b.X {
		if !b.X[i].IsFinite() || !b.V[i].IsFinite() {
			copy(b.X, b.x0)
			copy(b.V, b.v0)
			return fmt.Errorf("tissue: node %d became non-finite in a step of %v s", i, dt)
		}
	}
	for i, c := range b.clamped {
		if c {
			b.X[i] = b.target[i]
		}
	}
	clear(b.F)
	b.sup = b.sup[:0]
	return nil
}

// substep takes one implicit Euler substep of h, solving
//
//	r(v) = M·(1 + h·α)·v − M·v_n − h·(f_el(x_n + h·v) + f_ext + M·g) + h·β·K′·v = 0
//
// by Newton iterations whose Jacobian M·(1 + h·α) + (h·β + h²)·K′ leaves out the change of
// the rotations (the stress's geometric stiffness): each iteration re-extracts the rotations at
// x_n + h·v and evaluates f_el there, so the step is fully implicit once converged. A single
// linearised solve (Müller & Gross) treats the geometric stiffness explicitly, and a thin wall
// in hoop tension (a vessel under pressure) then blows up at millisecond steps; the iterations
// converge at a rate of about the strain (the geometric stiffness over the elastic one).
func (b *Body) substep(h float64, g vec.V3) {
	al, be := b.Mat.MassDamping, b.Mat.StiffDamping
	cm, ck := 1+h*al, h*be+h*h
	copy(b.xn, b.X)
	copy(b.vn, b.V)
	var r0 float64
	b.newton = 0
	for it := 0; it < b.Opt.Newton; it++ {
		for i := range b.X {
			b.X[i] = b.xn[i].Add(b.V[i].Scale(h))
		}
		b.rotations()
		b.elasticForces(b.fel)
		b.supports()
		b.applyK(b.V, b.ap)
		var rn, fs float64
		for i := range b.res {
			if b.clamped[i] {
				b.res[i] = vec.V3{}
				continue
			}
			m := b.Mass[i]
			// −r(v): the Newton step solves A·Δv = −r.
			fe := b.F[i].Add(g.Scale(m))
			f := b.fel[i].Add(fe).Scale(h).Add(b.vn[i].Scale(m))
			b.res[i] = f.Sub(b.V[i].Scale(cm * m)).Sub(b.ap[i].Scale(h * be))
			rn += b.res[i].Norm2()
			s := h*(b.fel[i].Norm()+fe.Norm()) + m*b.vn[i].Norm()
			fs += s * s
		}
		rn = math.Sqrt(rn)
		if it == 0 {
			r0 = rn
		} else if rn <= b.Opt.NewtonTol*r0 {
			break
		}
		b.newton = it + 1
		b.supH2 = h * h
		b.cg(cm, ck, math.Sqrt(fs))
		b.supH2 = 0
		for i := range b.V {
			b.V[i] = b.V[i].Add(b.dv[i])
		}
	}
	for i := range b.X {
		b.X[i] = b.xn[i].Add(b.V[i].Scale(h))
	}
}

// supports adds the support springs' forces at the iterate x to fel (their stiffness enters
// the solve's matrix: cg). A clamped node's are harmless: its residual and step are zero.
func (b *Body) supports() {
	for _, s := range b.sup {
		b.fel[s.i] = b.fel[s.i].Add(s.n.Scale(s.k * (s.off - s.n.Dot(b.X[s.i]))))
	}
}

// supportBlocks returns each node's block of the support springs' stiffness in the running
// solve, h²·Σ k·n·nᵀ, in b's scratch, or nil when there are none.
func (b *Body) supportBlocks() [][9]float64 {
	if len(b.sup) == 0 {
		return nil
	}
	if len(b.supBlk) != len(b.X) {
		b.supBlk = make([][9]float64, len(b.X))
	}
	clear(b.supBlk)
	for _, s := range b.sup {
		x := &b.supBlk[s.i]
		n := [3]float64{s.n.X, s.n.Y, s.n.Z}
		for r := range 3 {
			for c := range 3 {
				x[3*r+c] += b.supH2 * s.k * n[r] * n[c]
			}
		}
	}
	return b.supBlk
}

// rotations updates every element's rotation from its deformation gradient.
func (b *Body) rotations() {
	for e, t := range b.Mesh.Tets {
		gr := b.grad[4*e : 4*e+4]
		var f m3
		for a := range 4 {
			x, ga := b.X[t[a]], gr[a]
			f[0] = f[0].Add(x.Scale(ga.X))
			f[1] = f[1].Add(x.Scale(ga.Y))
			f[2] = f[2].Add(x.Scale(ga.Z))
		}
		b.q[e] = extractRotation(&f, b.q[e])
		r := b.q[e].matrix()
		b.rot[e] = r
		b.geo[e] = b.geometric(&r, &f)
	}
}

// geometric returns the rotational (geometric) stiffness of an element with rotation r and
// deformation gradient f: the part of the co-rotated force's differential that comes from the
// change of the rotation. With S = sym(Rᵀ·F), σ = 2μ·(S − I) + λ·tr(S − I)·I the co-rotated
// stress, G = Rᵀ·dF and dR = R·[w]×, (tr S·I − S)·w = axial(G − Gᵀ), the first Piola stress
// 2μ·(F − R) + λ·tr(S − I)·R changes by R·(C:sym G) + R·[H·axial(G − Gᵀ)]× with
// H = ½·(tr σ·I − σ)·(tr S·I − S)⁻¹ (the two commute: S and σ share eigenvectors). It is 0 at
// rest, positive in tension (a membrane under tension resists rotating: the wall of a
// pressurised vessel), negative in compression (buckling); H keeps only its positive
// eigenvalues so that the solve's matrix stays positive definite.
func (b *Body) geometric(r, f *m3) sym3 {
	var c m3
	for j := range 3 {
		c[j] = r.mulTV(f[j])
	}
	S := sym3{c[0].X, c[1].Y, c[2].Z, 0.5 * (c[1].X + c[0].Y), 0.5 * (c[2].X + c[0].Z), 0.5 * (c[2].Y + c[1].Z)}
	// Below a strain of 1e-4 H is below 1e-4 of the material stiffness: left out (it only
	// shapes the tangent, not the forces), saving the eigen-decomposition, the costliest part
	// of a lightly loaded body's step.
	if math.Max(math.Max(math.Abs(S[0]-1), math.Abs(S[1]-1)), math.Max(math.Abs(S[2]-1), math.Max(math.Abs(S[3]), math.Max(math.Abs(S[4]), math.Abs(S[5]))))) < 1e-4 {
		return sym3{}
	}
	ev, q := eigSym(S)
	tr := ev[0] + ev[1] + ev[2]
	trE := tr - 3
	var h sym3
	for i := range 3 {
		// σ_i = 2μ·(s_i − 1) + λ·tr(S − I); H_i = ½·(σ_j + σ_k)/(tr S − s_i).
		sj := 2*b.mu*(ev[(i+1)%3]-1) + b.lambda*trE
		sk := 2*b.mu*(ev[(i+2)%3]-1) + b.lambda*trE
		d := tr - ev[i]
		if m := 0.5 * (sj + sk); m > 0 && d > 1e-3 {
			c := m / d
			u := q[i]
			h[0] += c * u.X * u.X
			h[1] += c * u.Y * u.Y
			h[2] += c * u.Z * u.Z
			h[3] += c * u.X * u.Y
			h[4] += c * u.X * u.Z
			h[5] += c * u.Y * u.Z
		}
	}
	return h
}

// stress returns the linear stress σ = 2μ·ε + λ·tr(ε)·I (Pa, by columns) for the displacement
// gradient c (gradient), ε = sym(c).
func (b *Body) stress(c *m3) m3 {
	exx, eyy, ezz := c[0].X, c[1].Y, c[2].Z
	exy, exz, eyz := 0.5*(c[1].X+c[0].Y), 0.5*(c[2].X+c[0].Z), 0.5*(c[2].Y+c[1].Z)
	l := b.lambda * (exx + eyy + ezz)
	m2 := 2 * b.mu
	return m3{
		{X: m2*exx + l, Y: m2 * exy, Z: m2 * exz},
		{X: m2 * exy, Y: m2*eyy + l, Z: m2 * eyz},
		{X: m2 * exz, Y: m2 * eyz, Z: m2*ezz + l},
	}
}

// gradient returns Σ_a u_a ⊗ ∇N_a (by columns: column j is Σ_a u_a·∇N_a[j]) for an element's
// shape-function gradients gr and nodal vectors u: the gradient of the interpolated field.
func gradient(gr []vec.V3, u *[4]vec.V3) (c m3) {
	for a := range 4 {
		c[0] = c[0].Add(u[a].Scale(gr[a].X))
		c[1] = c[1].Add(u[a].Scale(gr[a].Y))
		c[2] = c[2].Add(u[a].Scale(gr[a].Z))
	}
	return c
}

// displacements returns element e's nodal displacements in its rotated frame,
// u_a = R_eᵀ·x_a − X_a, m.
func (b *Body) displacements(e int) (u [4]vec.V3) {
	t := &b.Mesh.Tets[e]
	r := &b.rot[e]
	for a := range 4 {
		u[a] = r.mulTV(b.X[t[a]]).Sub(b.Mesh.Nodes[t[a]])
	}
	return u
}

// elasticForces sets f to f_el(x) = −Σ_e R_e·V_e·σ_e·∇N_a with ε from u_a = R_eᵀ·x_a − X_a, N.
func (b *Body) elasticForces(f []vec.V3) {
	clear(f)
	for e, t := range b.Mesh.Tets {
		gr := b.grad[4*e : 4*e+4]
		r := &b.rot[e]
		u := b.displacements(e)
		c := gradient(gr, &u)
		s := b.stress(&c)
		v := b.vol[e]
		for a := range 4 {
			f[t[a]] = f[t[a]].Sub(r.mulV(s.mulV(gr[a])).Scale(v))
		}
	}
}

// applyK sets out to K′·p (N) for velocities or displacements p.
func (b *Body) applyK(p, out []vec.V3) {
	clear(out)
	for e, t := range b.Mesh.Tets {
		gr := b.grad[4*e : 4*e+4]
		r := &b.rot[e]
		var u [4]vec.V3
		for a := range 4 {
			u[a] = r.mulTV(p[t[a]])
		}
		c := gradient(gr, &u)
		s := b.stress(&c)
		// The geometric stiffness: [H·axial(G − Gᵀ)]× added to the stress (G = c).
		if h := &b.geo[e]; *h != (sym3{}) {
			m := h.mul(vec.V3{X: c[1].Z - c[2].Y, Y: c[2].X - c[0].Z, Z: c[0].Y - c[1].X})
			s[0] = s[0].Add(m.Cross(vec.V3{X: 1}))
			s[1] = s[1].Add(m.Cross(vec.V3{Y: 1}))
			s[2] = s[2].Add(m.Cross(vec.V3{Z: 1}))
		}
		v := b.vol[e]
		for a := range 4 {
			out[t[a]] = out[t[a]].Add(r.mulV(s.mulV(gr[a])).Scale(v))
		}
	}
}

// Preconditioner returns the preconditioner b's conjugate gradients use: PrecondCholesky,
// PrecondIC0 or PrecondJacobi (PrecondAuto resolved by the envelope's size).
func (b *Body) Preconditioner() string {
	if b.Opt.Precond != PrecondAuto {
		return b.Opt.Precond
	}
	if envelopeBlocks(b.Mesh) <= MaxEnvelopeRow*len(b.Mesh.Nodes) {
		return PrecondCholesky
	}
	return PrecondIC0
}

// cg solves (cm·M + ck·K′)·dv = res for the free nodes by conjugate gradients with the
// Options.Precond preconditioner, from dv = 0 (the clamped nodes' dv is 0), to Opt.Tol relative to the larger
// of |res| and fscale (Options.Tol). LastResidual stays relative to |res|.
func (b *Body) cg(cm, ck, fscale float64) {
	clear(b.dv)
	if b.Opt.Precond != PrecondJacobi {
		if b.ic == nil {
			b.ic = newIC0(b, b.Preconditioner() == PrecondCholesky)
		}
		b.ic.want = nil
		if b.supH2 > 0 {
			b.ic.want = b.supportBlocks()
		}
		if !b.ic.current(b, cm, ck) {
			b.ic.factor(b, cm, ck)
		}
	}
	var bn, rz float64
	for i := range b.r {
		b.r[i] = b.res[i]
		if b.clamped[i] {
			b.r[i] = vec.V3{}
			continue
		}
		bn += b.r[i].Norm2()
	}
	b.precondition(cm, ck)
	for i := range b.r {
		b.p[i] = b.z[i]
		rz += b.r[i].Dot(b.z[i])
	}
	bn = math.Sqrt(bn)
	b.iters, b.resid = 0, 0
	if bn == 0 {
		return
	}
	rn, stop := bn, b.Opt.Tol*math.Max(bn, fscale)
	for it := 0; it < b.Opt.MaxIter; it++ {
		b.resid = rn / bn
		if rn <= stop {
			return
		}
		b.iters = it + 1
		b.applyK(b.p, b.ap)
		var pap float64
		for i := range b.p {
			if b.clamped[i] {
				b.ap[i] = vec.V3{}
				continue
			}
			b.ap[i] = b.ap[i].Scale(ck).Add(b.p[i].Scale(cm * b.Mass[i]))
		}
		if b.supH2 > 0 {
			// The supports' stiffness, h²·k·n·nᵀ (elastic: not damped by β).
			for _, s := range b.sup {
				b.ap[s.i] = b.ap[s.i].Add(s.n.Scale(b.supH2 * s.k * s.n.Dot(b.p[s.i])))
			}
		}
		for i := range b.p {
			pap += b.p[i].Dot(b.ap[i])
		}
		if !(pap > 0) {
			return
		}
		alpha := rz / pap
		var rz2, rn2 float64
		for i := range b.r {
			if b.clamped[i] {
				continue
			}
			b.dv[i] = b.dv[i].Add(b.p[i].Scale(alpha))
			b.r[i] = b.r[i].Sub(b.ap[i].Scale(alpha))
			rn2 += b.r[i].Norm2()
		}
		b.precondition(cm, ck)
		for i := range b.r {
			rz2 += b.r[i].Dot(b.z[i])
		}
		beta := rz2 / rz
		rz, rn = rz2, math.Sqrt(rn2)
		for i := range b.p {
			if !b.clamped[i] {
				b.p[i] = b.z[i].Add(b.p[i].Scale(beta))
			}
		}
	}
	b.resid = rn / bn
}

// precondition sets z = P⁻¹·r (0 at the clamped nodes, whose r is 0).
func (b *Body) precondition(cm, ck float64) {
	if b.ic != nil {
		b.ic.solve(b.r, b.z)
		return
	}
	for i := range b.r {
		if b.clamped[i] {
			b.z[i] = vec.V3{}
			continue
		}
		b.z[i] = b.r[i].Scale(1 / (cm*b.Mass[i] + ck*b.kdiag[i]))
	}
}

// Energy returns the kinetic energy ½·Σ m·v² and the co-rotated elastic energy
// Σ_e V_e·(μ·ε:ε + ½·λ·tr(ε)²), J.
func (b *Body) Energy() (kinetic, elastic float64) {
	for i, v := range b.V {
		kinetic += 0.5 * b.Mass[i] * v.Norm2()
	}
	for e := range b.Mesh.Tets {
		gr := b.grad[4*e : 4*e+4]
		u := b.displacements(e)
		c := gradient(gr, &u)
		s := b.stress(&c)
		// ½·σ:ε = ½·Σ_a (σ·g_a)·u_a (σ symmetric).
		var w float64
		for a := range 4 {
			w += s.mulV(gr[a]).Dot(u[a])
		}
		elastic += 0.5 * b.vol[e] * w
	}
	return kinetic, elastic
}

// Contains reports whether p (m) lies inside a tetrahedron of the body as it is now: its
// barycentric coordinates in one all above tol (dimensionless; a small positive tol ignores
// points on the boundary). It tests every tetrahedron: for checks, not for inner loops.
func (b *Body) Contains(p vec.V3, tol float64) bool {
	x := b.X
	for _, t := range b.Mesh.Tets {
		q0, q1, q2, q3 := x[t[0]], x[t[1]], x[t[2]], x[t[3]]
		v := q1.Sub(q0).Dot(q2.Sub(q0).Cross(q3.Sub(q0)))
		if v <= 0 {
			continue
		}
		l1 := p.Sub(q0).Dot(q2.Sub(q0).Cross(q3.Sub(q0))) / v
		l2 := q1.Sub(q0).Dot(p.Sub(q0).Cross(q3.Sub(q0))) / v
		l3 := q1.Sub(q0).Dot(q2.Sub(q0).Cross(p.Sub(q0))) / v
		if l1 > tol && l2 > tol && l3 > tol && 1-l1-l2-l3 > tol {
			return true
		}
	}
	return false
}

// Strain appends to dst, per tetrahedron, the magnitude |ε| (Frobenius norm, dimensionless)
// of its co-rotated linear strain at the current positions and the last substep's rotations:
// what the viewer colours.
func (b *Body) Strain(dst []float64) []float64 {
	for e := range b.Mesh.Tets {
		u := b.displacements(e)
		c := gradient(b.grad[4*e:4*e+4], &u)
		exy, exz, eyz := 0.5*(c[1].X+c[0].Y), 0.5*(c[2].X+c[0].Z), 0.5*(c[2].Y+c[1].Z)
		dst = append(dst, math.Sqrt(c[0].X*c[0].X+c[1].Y*c[1].Y+c[2].Z*c[2].Z+2*(exy*exy+exz*exz+eyz*eyz)))
	}
	return dst
}

// AddPressure adds the force of a pressure p (Pa) on the triangles tris (node indices, wound
// so that (b − a) × (c − a) points out of the tissue, as Mesh.Surf is) to F at the current
// positions: −p·A·n/3 on each corner, pushing into the tissue for p > 0.
func (b *Body) AddPressure(tris [][3]int32, p float64) {
	for _, tr := range tris {
		a, c1, c2 := b.X[tr[0]], b.X[tr[1]], b.X[tr[2]]
		// (c1 − a) × (c2 − a) = 2·A·n.
		f := c1.Sub(a).Cross(c2.Sub(a)).Scale(-p / 6)
		for _, i := range tr {
			b.F[i] = b.F[i].Add(f)
		}
	}
}

// Compliance sets dst (len = nodes) to each node's give over a step of dt (s) under a constant
// force, m/N, 0 for clamped nodes: Give's value where Give has computed it for this dt, else
// the inverse of the diagonal of the step's matrix, M·(1 + dt·α)/dt² + (β/dt + 1)·K (K's
// diagonal by the rotation-invariant trace/3). That diagonal estimate leaves out that a point
// force also moves the neighbours, and the node with them: on a 1 mm skin slab clamped at its
// sides (TestGiveOfSlab) a node gives 8 times more than it says over a 1 ms step.
func (b *Body) Compliance(dt float64, dst []float64) []float64 {
	dst = dst[:0]
	al, be := b.Mat.MassDamping, b.Mat.StiffDamping
	exact := b.giveDt == dt && b.give != nil
	for i, m := range b.Mass {
		c := 0.0
		switch {
		case b.clamped[i]:
		case exact && b.give[i] > 0:
			c = b.give[i]
		default:
			c = 1 / (m*(1+dt*al)/(dt*dt) + (be/dt+1)*b.kdiag[i])
		}
		dst = append(dst, c)
	}
	return dst
}

// Give returns node i's give over a step of dt (s) under a constant force on it, m/N (0 for a
// clamped node): the largest eigenvalue of the node's 3×3 diagonal block of the step's
// compliance h²·(M·(1 + h·α) + (h·β + h²)·K′)⁻¹, the matrix a substep of h solves with, at the
// body's current rotations. A step of n > 1 substeps (dt > Options.Substep) gives at most
// n(n+1)/2 times one substep's give (a free mass's; the elastic forces only take from it), and
// that bound is returned. The first call for a node and dt takes three conjugate-gradient solves
// (the substep's solver and preconditioner); the value is then kept and Compliance returns it
// for that node until dt changes or a node is clamped or released. LastIterations and
// LastResidual still report the last Step's solve. i must be a node.
func (b *Body) Give(i int, dt float64) float64 {
	if b.clamped[i] || !(dt > 0) {
		return 0
	}
	if b.give == nil || b.giveDt != dt {
		if b.give == nil {
			b.give = make([]float64, len(b.X))
		}
		clear(b.give)
		b.giveDt = dt
	}
	if c := b.give[i]; c > 0 {
		return c
	}
	n := max(1, int(math.Ceil(dt/b.Opt.Substep-1e-9)))
	h := dt / float64(n)
	al, be := b.Mat.MassDamping, b.Mat.StiffDamping
	cm, ck := 1+h*al, h*be+h*h
	iters, resid := b.iters, b.resid
	// The block's columns: Δx = h·Δv with (cm·M + ck·K′)·Δv = h·e_d (a unit force held over h).
	var blk [3]vec.V3
	for d := range 3 {
		clear(b.res)
		var e vec.V3
		switch d {
		case 0:
			e.X = h
		case 1:
			e.Y = h
		default:
			e.Z = h
		}
		b.res[i] = e
		b.cg(cm, ck, 0)
		blk[d] = b.dv[i].Scale(h)
	}
	b.iters, b.resid = iters, resid
	// The largest eigenvalue of the symmetrised block (symmetric positive definite up to the
	// solves' tolerance).
	ev, _ := eigSym(sym3{blk[0].X, blk[1].Y, blk[2].Z, (blk[1].X + blk[0].Y) / 2, (blk[2].X + blk[0].Z) / 2, (blk[2].Y + blk[1].Z) / 2})
	c := max(ev[0], ev[1], ev[2])
	c *= float64(n*(n+1)) / 2
	if !(c > 0) || math.IsInf(c, 0) {
		return 0 // a failed solve: Compliance keeps the diagonal estimate
	}
	b.give[i] = c
	return c
}
