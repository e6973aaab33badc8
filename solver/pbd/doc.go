// Package pbd is a position-based rope solver: XPBD (Macklin, Müller & Chentanez 2016) in
// small steps (Macklin et al. 2019) on a Cosserat rod with one orientation per link
// (Kugelstadt & Schömer 2016), whose inextensibility is solved directly along each strand
// (Deul et al. 2018), with self and obstacle contact and Coulomb friction inside the
// projection (Macklin et al. 2014 §6). It follows the PBD thread of Kubiak et al. 2007
// (seed 002) — constraints, friction in the projection, torsion from a material frame — with
// today's formulation where it is better, and reports the axial force of seed 004
// (Figs. 8–9) from the inextensibility multipliers. It implements solver.Physical.
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
//  1. Tools: HoldForce grasps add their force to the node; HoldPosition grasps become hard
//     attachments of the node to the tool's tip, which moves from where it ended the last step
//     towards the target linearly across the substeps, at most MoveFraction·R per substep.
//     While held, the node is graspMass (1000) times heavier, so the rope's pull barely moves
//     it between two projections (a light held node would sit h²·F/m off the tip).
//  2. Substeps: n is the largest predicted node motion of the step (|v|·h + ½|a|h², a pulled
//     node's acceleration taken with its strand's mass; a tool tip's motion) divided by
//     MoveFraction·R, within MinSubsteps..MaxSubsteps (Params.Substeps fixes it).
//  3. Broad phase once: Detector.Update, Detector.Self with a margin of twice the step's
//     largest allowed motion dcap (1.25·predicted + 0.1·R), collide.Obstacles with dcap.
//  4. Each substep of length h = Δt/n: predict (damping v ← v·e^(−c·h) from the material,
//     gravity, forces; the motion a node already has is capped at MoveFraction·R); then
//     Iterations passes of, in this order:
//     - shear: the link's unit tangent equals its frame's d3 (Kugelstadt & Schömer's
//     stretch–shear constraint without its stretch part), hard;
//     - bend and twist: the Darboux vector Ω = (2/l)·Im(q̄ᵢqᵢ₊₁) of neighbouring links (rest
//     shape straight, Ω₀ = 0), XPBD compliance diag(1/(EI·l), 1/(EI·l), 1/(GJ·l)) with
//     EI = EπR⁴/4 and GJ = GπR⁴/2 (material.Section);
//     - tool attachments, their multiplier capped at MaxGraspForce·h² (beyond it the node
//     lags; Stats.MaxLag);
//     - inextensibility: all links of a strand at once, a tridiagonal system J W Jᵀ Δλ = −C
//     solved in O(n) by the Thomas algorithm (repeated, up to 8 times, while a link is
//     stretched by more than 1e-4 before the solve: a light node pulled hard);
//     - the motion guard (see below);
//     - contacts: every candidate pair's closest points (vec.ClosestSegSeg, shape.SegDist)
//     at the current positions; overlapping ones are pushed apart to touching, the
//     correction shared by the nodes' inverse masses and barycentric weights, and friction
//     cancels the relative tangential motion of the substep while it is below μs times the
//     normal correction, or reduces it by μk times that (Macklin et al. 2014 §6.1). Self
//     contact uses the average of the two ropes' coefficients; an obstacle has no material,
//     so the rope's own apply. A plane is deepest at a node, so it is met per node.
//     Then velocities from positions, angular velocities from orientations.
//  5. Final pass: Stats.MinSelfGap and MinObsGap from the candidate pairs at the end
//     positions (see below for why no pair is missed), contacts within 0.05·R counted.
//
// # No pass-through
//
// Every node moves at most 2·MoveFraction·R per substep and at most dcap in the step
// (the guard after the inextensibility solve pulls back any node that would move further; it
// acts only on motion the substep count did not foresee). Hence (i) every pair of segments
// that can touch during the step was within 2R + 2·dcap at its start and is a candidate; and
// (ii) two segments close by at most 4·MoveFraction·R = 1.6·R per substep, less than the 2R
// their axes would have to travel to cross, so the contact projection, which re-evaluates the
// closest points every substep, always sees them on their own sides. The substep count is
// capped (MaxSubsteps, 256 by default); a tool faster than 256·0.4·R per step lags instead.
//
// # Choices
//
//   - The thread is inextensible: EA is not used (a nylon 3-0 thread, EA ≈ 63 N, would stretch
//     16 % under 10 N; a surgeon feels it as inextensible, seed 004 §1). Tension is the
//     inextensibility multiplier.
//   - The rest shape is straight (Ω₀ = 0): a suture has no natural curvature worth modelling,
//     and the initial layout of a knot must not be its rest shape. The initial frames are
//     parallel-transported along the initial polyline (no twist).
//   - Rotational inertia: a link is a solid cylinder about a transverse axis,
//     m(l²/12 + R²/4), used for all three axes (the true axial one, mR²/2, is hundreds of
//     times smaller and would only make the twist wave stiffer to resolve); statics do not
//     depend on it.
//   - One Gauss–Seidel pass per substep is biased where a constraint is much stiffer than the
//     inertia it moves in one substep (h·ω ≫ 1, ω² = 6EI/(ρA·l⁴) for bending): bending then
//     acts softer than EI. Statics are exact when h·ω ≪ 1 (more substeps or iterations).
//   - Deterministic: no maps, no goroutines, contacts in the detector's sorted order; the
//     same input gives the same bits on the same binary (style.md §2 on FMA).
package pbd
