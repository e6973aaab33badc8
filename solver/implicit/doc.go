// Package implicit is the solver "implicit": the Kirchhoff thread of seed 003 (a thesis on
// microsurgical thread; chapters 3–4) integrated implicitly with a banded O(N) solve, all of
// its frictional contacts solved together.
//
// # Model
//
// A strand is a polyline of lumped masses with the stretch and bend energies of rod.go (§3.3:
// stretch ½·EA·l·ε², bending by the chord of the tangents, the thesis's stabilisations:
// u = min(l/|s|, 1), link lengths frozen in the 1/|s| terms, Gauss–Newton bending so the
// Jacobians are never repulsive; exact where rod.go says). EA is the material's E·A or, by
// default, at least Params.InextensibleEA (5e5 N: the thread is inextensible for practical
// purposes; Params.StretchStiffness sets it). EI is the material's. Twist is quasi-static (§4.1.3, after
// Bergou et al. 2008; package twist, shared with dvi): while both end frames of a strand are
// driven (SetEndRotation), Δθ = θ_in − Ψ is spread evenly along it, Ψ the accumulated
// holonomy of the centre line, and its forces τ·∇Ψ (τ = GJ·Δθ/L̄) enter the step explicitly;
// a twist stiffer than half the implicit bending at the zig-zag adds its excess 4|τ|/l² −
// 8·EI/l³ to the diagonal. No torsional friction (it would need the 4th degree of freedom).
//
// # One step (Step)
//
//  1. Tools: a HoldForce tool adds its force; a HoldPosition tool is a spring (GraspStiffness,
//     or its own) between its tip and the node, solved implicitly; its tip moves along the
//     step's path substep by substep. A spring stretched beyond MaxGraspForce pulls exactly
//     that (the substep is solved again with it capped).
//  2. The linear system of the scheme, at the substep's start x:
//     Inertial (default): (M(1 + d·h)/h² + H)·Δx = M·v/h + F(x) + m·g + tools
//     — implicit Euler, linearised once (Baraff–Witkin), d the material's damping rate;
//     Overdamped (§4.1.2, the thesis's "low mass" scheme Δx = ν·F): (η·ℓ/h + H)·Δx = F(x) + m·g
//     + tools, ν = h/(η·ℓ) per node of length share ℓ. H = −∂F/∂x is block-banded (3×3 blocks,
//     two blocks either side: package band) and factored by Cholesky once a substep; the
//     rows of every strand share one factor.
//  3. Contacts (contact.go): the detector's pairs within (1 + Margin)·(r_a + r_b) plus the
//     motion allowed their nodes (twice the last substep's: speculative, a pair that would
//     close during the substep is a contact now), segment–segment with parameters clamped to
//     the ends, so segment–vertex and vertex–vertex contacts (the Fig. 3.28 case) are the same
//     rows; a contact at a node shared by two segments is kept once. Each contact has a normal
//     and two tangents; J maps node motions to the contact's relative motion (Eq. 3.62). The
//     Delassus operator W = J·A⁻¹·Jᵀ comes from the substep's factor (couple.go: a contact's
//     three columns of A⁻¹·Jᵀ — seed 003's G_{n→i} for its unit forces, Eq. 3.63–3.66 — by
//     one windowed solve, band.Cholesky.SolveWindow3, read only at the contacts' nodes).
//     Contacts fall into contact components (components.go): the strands their contacts
//     link. A couples no two strands, so W is zero between components: it is built and the
//     NCP solved one component at a time (seed 003's future work; two knots of one thread stay
//     one component, coupled through its tension). If the solved step moves a node beyond its
//     allowance, the contacts are found again with twice that motion (at most twice).
//  4. Substeps: the solved step may move no node more than MoveFraction of max(smallest
//     radius, a quarter of the shortest link); otherwise the step is taken again in enough
//     substeps (a step that needs more than MaxSubsteps is an error). The free step alone is
//     no guide: in a tight knot it is the rope straightening through itself.
//  5. The NCP (package ncp, Eq. 3.84–3.89): u = W·λ + b, b = J·Δx_free + gap; Signorini on the
//     normal, the exact Coulomb disc ‖λ_t‖ ≤ μ·λ_n with maximal dissipation, solved by NNCG
//     (or PGS) warm-started from the last substep's forces of the same pair, to Tol·R or MaxIter.
//     μ is static, or kinetic for a pair whose contact points slid 10⁻³ R in the last substep.
//     Δx = Δx_free + A⁻¹·Jᵀ·λ.
//  6. x += Δx; a link strained beyond StrainLimit (2e-3: what the linearisation leaves when a
//     link turns fast, 20 times the strain of 50 N at InextensibleEA) is projected back
//     (limitStrain); v = Δx/h; tensions EA·ε.
//
// Stats: Iterations is the most NCP iterations of a substep; Residual and AppendContacts give
// the last solve's residual and each contact's normal and friction force.
//
// # Known limits (issue 12)
//
// The coupling costs a windowed banded solve per contact (O(M·K·rows of the knot)) and O(M²)
// blocks, not the thesis's O(M² + N) recursion; the speed targets of issue 12 are not met
// (BENCHMARKS.md). A rope sliding round a pole still feels a numerical drag that grows with
// the stretch stiffness EA: under the conformance suite's capstan (3 times the light end's
// pull, e^(μs·π) = 2.57) it slides 6.7 cm in 0.2 s — the suite asks more than 5 cm; at EA =
// 5e3 N instead of 5e5 it runs off the pole. Projecting links back at a strain of 5e-4 (the
// limit before) added to it: 4.3 cm. Removing the second-order lengthening of a turning link
// (θ²/2, which the linear step cannot see) did not change it.
package implicit
