// Package pbd is a position-based rope solver: XPBD (Macklin, Müller & Chentanez 2016) in
// small steps (Macklin et al. 2019) on a Cosserat rod with one orientation per link
// (Kugelstadt & Schömer 2016), whose stretch–shear and bend–twist constraints are solved
// together and exactly along each strand by a direct block-tridiagonal solve (Deul et al.
// 2018, on a chain), with self and obstacle contact and Coulomb friction inside the projection
// (Macklin et al. 2014 §6). It follows the PBD thread of Kubiak et al. 2007 (seed 002) —
// constraints, friction in the projection, torsion from a material frame — with today's
// formulation where it is better, and reports the axial force of seed 004 (Figs. 8–9) from the
// stretch–shear multipliers. It implements solver.Physical.
//
// # Units
//
// SI throughout: m, s, kg, N. Per node: position (rope.State.Pos), velocity, inverse mass
// (lumped: every node carries half of each neighbouring link's mass ρ·πR²·l). Per link: an
// orientation quaternion (material frame d1, d2, d3), its angular velocity and an inverse
// rotational inertia. XPBD multipliers λ are impulses·h (N·s²); the force of a constraint is
// ∇Cᵀλ/h² (XPBD eq. 17; λ/h is the impulse).
//
// # One step
//
//  1. Tools: HoldForce grasps add their force to the node. HoldPosition grasps are springs
//     between the tool's tip and the node (stiffness solver.Grasp.Stiffness, or GraspStiffness,
//     1e7 N/m), solved implicitly: in each substep the node's mass m and the spring's k·h² are
//     combined into a heavier node predicted at their weighted mean, which is exact for the
//     backward-Euler step the direct solve takes, so a stiff grasp is as stable as a soft one
//     and a haptic device's virtual coupling is the same mechanism. The tip moves from where it
//     ended the last step towards the target, at most MoveFraction·R per substep. A tool never
//     pulls harder than MaxGraspForce: when its spring does after a substep's solve, the
//     substep is solved again from its prediction with that tool pulling with exactly
//     MaxGraspForce towards its tip (up to 4 rounds, as one capped tool changes the others'
//     pull), and its tip moves back to where the spring pulls the cap and creeps from there
//     (MaxGraspForce/k a substep) while the tool stays at its cap — the hand yields
//     (Stats.MaxLag). The force on the rope is the spring's, k·(tip − node), or the cap.
//  2. Substeps: n is the largest predicted node motion of the step (|v|·h + ½|g|h², a tool
//     tip's own motion, a free strand pulled by a force tool) divided by MoveFraction·R, and
//     enough that a force tool's kick F·w·h² stays within half a link, within
//     MinSubsteps..MaxSubsteps (Params.Substeps fixes it).
//  3. Broad phase once: Detector.Update, Detector.Self with a margin of twice the step's
//     largest allowed motion dcap, collide.Obstacles with dcap (renewed mid-step if a node
//     nears the margin).
//  4. Each substep of length h = Δt/n: push apart the pairs that already overlap at its start
//     (left by the last substep, or laid so), by the contact projection without friction and
//     before the prediction, so the push moves the positions the substep starts from and
//     never enters the velocity (pre-stabilisation, Macklin et al. 2014; the links' frames
//     turn with them, a tool's node is as heavy as in the solve); predict (damping
//     v ← v·e^(−c·h) from the material, gravity, forces); static friction against obstacles
//     (below); then passes of:
//     - the direct solve of each strand (direct.go): per link the hard stretch–shear
//     constraint (x_{j+1} − x_j)/l − d3 = 0 (inextensible, unsheared), per joint the
//     bend–twist constraint on the Darboux vector Ω = (2/l̄)·Im(q̄ⱼqⱼ₊₁) with compliance
//     diag(1/(EI·l̄), 1/(EI·l̄), 1/(GJ·l̄)) (EI = EπR⁴/4, GJ = GπR⁴/2); S = J W Jᵀ + α/h² is
//     block tridiagonal (6×6) and one XPBD step is solved exactly in O(n) — repeated, up to 8
//     times, on windows round the links still off by more than 1e-3 of their length (a large
//     rotation);
//     - the motion guard (see below);
//     - contacts: every candidate pair's closest points (vec.ClosestSegSeg, shape.SegDist) at
//     the current positions; overlapping ones are pushed apart to touching, the correction
//     shared by the nodes' inverse masses and barycentric weights, and friction cancels the
//     relative tangential motion of the substep while it is below μs times the normal
//     correction, or reduces it by μk times that (Macklin et al. 2014 §6.1); more passes
//     (up to 8) while a pair is deeper than 0.05 R. Self contact uses the average of the two
//     ropes' coefficients. A plane is deepest at a node, so it is met per node.
//     The contacts push against the chain (a rope pressed round a pole or between the
//     strands of a tight knot), so the passes repeat — Iterations at least, up to
//     MaxIterations (16) — while a link is off its rest length by more than StretchTolerance
//     (0.5 %). The first Iterations passes solve the strands alone — except the strands with
//     contacts friction bore on in this substep or the last (a tangential motion of at
//     least a tenth of what static friction may hold, or a friction row that acted; and the
//     obstacle contacts below): those the first pass solves jointly with those contacts, so friction has the substep's whole
//     normal impulse to hold with (as a correction after the solve it let a cord hung over a
//     taut cord creep 3.4 mm in 0.5 s at a tension ratio of 1.5; now 0.6 mm). The later
//     passes solve the chain and the contacts together (joint.go): the windows round the links still off
//     (every link off by more than half StretchTolerance, WindowMargin (16) links either
//     side) pick the contacts — self and obstacle pairs within 0.1 R whose segments lie in
//     them — and their strands are solved whole with those contacts as extra rows, by the
//     Schur complement on the factored chain and projected Gauss–Seidel on the small Delassus
//     matrix, the contacts pressed with two friction rows each (FrictionRows). Solving
//     the two in turn instead (SplitContacts) converges slowly where they fight: a knot jammed
//     by tools at their cap kept links 19 % long after 16 passes (0.6 % joint), and without
//     friction was pulled through itself (TestJammedKnotKeepsLength).
//     Then velocities from positions, angular velocities from orientations, and kinetic
//     friction against obstacles on the velocities.
//
// # Friction against obstacles
//
// A contact with an obstacle that friction bears on — a node held by a friction spring whose
// tangential force reached a tenth of μs·Fₙ, or a contact sliding along the surface by a
// tenth of what static friction may hold — is taken by the joint solve from the next
// substep's first pass on, with two tangent rows as for self contact (the contact point's
// displacement along the surface since the substep began, driven to zero within μs·λₙ), and
// stays in while it touches (up to maxObsFr rows: 64 segments; the rest keep the springs).
// A contact that had slid by 10⁻³ R in the substep when the rows are built gets μk·λₙ, one
// that had not μs·λₙ, so the whole wrap must be at its static limit before it slides (capped
// at μk whenever a row left the static disc during the sweeps, a rope round a pole slid at
// e^(μk·θ) = 2.19 instead of e^(μs·θ) = 2.57). TestCapstan: a rope half round a pole holds
// at a tension ratio of 2.45, slides at 2.7, and once sliding goes on at 2.3 and stops at
// 1.9 (Coulomb with μs = 0.3, μk = 0.25). With the springs alone it held at a ratio of 5.
//
// A new contact (and one beyond the rows' budget) is held by friction springs inside the
// direct solve: a node touching an obstacle at the substep start (its segment within 0.1 R of
// the surface) that stuck in the last substep, or now moves along the surface by less than 1 %
// of R, is held by an implicit spring (FrictionStiffness, 10⁵ N/m) to where it stuck, folded
// into its mass like a tool. After the first solve the spring's force on the node must push
// it out of the obstacle (Fₙ > 0) and lie in the friction cone (|Fₜ| ≤ μs·Fₙ); a node that
// fails slides: it is not held, and after the substep its velocity along the surface loses
// μk·dₙ/h (all of it if that is less), dₙ the contact pass's normal push (Müller et al. 2020
// §3.6), until it stops and may stick again. Friction as a position correction after the
// solve, as the contact pass does for self contact, undoes the solve's own corrections: a
// rope pulled round a pole had its links stretched several-fold.
//  5. Final pass: Stats.MinSelfGap and MinObsGap from the candidate pairs at the end
//     positions, contacts within 0.05·R counted; the contacts of the last substep with their
//     forces (AppendContacts, solver.ContactReporter: the viewer's contact arrows, a
//     forceps' haptic force). A position correction has no force, but its impulse λ·∇C (the
//     mass times the motion it gave) over h² is one; each candidate pair sums the impulses
//     of its contact passes' and joint solve's corrections, its friction springs'
//     k·h²·(anchor − x) and its kinetic friction's m·Δv·h over the substep (report.go). At
//     rest they balance the loads exactly (solvertest.ContactForces).
//
// # No pass-through
//
// Every node moves at most 2·MoveFraction·R per substep and at most dcap in the step (the
// guard after the direct solve pulls back any node that would move further; it acts only on
// motion the substep count did not foresee). Hence (i) every pair of segments that can touch
// during the step was within 2R + 2·dcap at its start and is a candidate; and (ii) two
// segments close by at most 4·MoveFraction·R = 1.6·R per substep, less than the 2R their axes
// would have to travel to cross, so the contact projection, which re-evaluates the closest
// points every substep, always sees them on their own sides. The substep count is capped
// (MaxSubsteps, 256 by default); a tool faster than that lags instead.
//
// Every built-in scene keeps its knot under pbd (scene.TestBuiltinScenesUnderPBD) with the
// tools at their 50 N cap, links within 0.2 % of their length.
//
// # Choices
//
//   - The thread is inextensible and unsheared: EA and GA are not used (a nylon 3-0 thread,
//     EA ≈ 63 N, would stretch 16 % under 10 N; a surgeon feels it as inextensible, seed 004
//     §1). Tension is the axial part of the stretch–shear multiplier.
//   - The rest shape is straight (Ω₀ = 0): a suture has no natural curvature worth modelling,
//     and the initial layout of a knot must not be its rest shape. The initial frames are
//     parallel-transported along the initial polyline (no twist).
//   - Rotational inertia: a link is a solid cylinder about a transverse axis,
//     m(l²/12 + R²/4), used for all three axes (the true axial one, mR²/2, is hundreds of
//     times smaller); statics do not depend on it.
//   - Why a direct solve: Gauss–Seidel passes are biased soft where a constraint is much
//     stiffer than the inertia it moves in one substep (h·ω ≫ 1, ω² = 6EI/(ρA·l⁴) for
//     bending: a 2 mm nylon cantilever hung straight down), and carry twist along the rod
//     diffusively (plectonemes never formed). The block solve makes bending as stiff as EI
//     and twist as GJ at any step, and reaches statics exactly (the cantilever's tip is within
//     the discretisation's 2/N of Euler–Bernoulli).
//   - Deterministic: no maps, no goroutines, contacts in the detector's sorted order; the
//     same input gives the same bits on the same binary (style.md §2 on FMA).
package pbd
