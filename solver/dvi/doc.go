// Package dvi is the solver "dvi": an inextensible discrete Kirchhoff thread advanced by a
// discrete variational integrator with Lagrange multipliers (Wang, Fratarcangeli, Ruimi &
// Srinivasa 2017, seed 004). docs/dvi-brief.md maps the paper, equation by equation, onto
// this package, with the typos of the paper it corrects.
//
// # Model
//
// A strand is a polyline of lumped masses (half a link's mass at each end node) whose links
// keep their rest length l exactly (Eq. 1–2, ψ_j = |E_j|² − l_j² = 0), with bending energy
// E_b = Σ (4·EI/l̄_i)·(1 − c_i)/(1 + c_i) over the joints (Eq. 3 / App. C.1 with k_b = 2·EI,
// which tends to ∫ ½·EI·κ² ds), quasi-static twist E_t = GJ·Δθ²/(2·L̄) (App. C: no torsional
// inertia, Δθ = θ_in − Ψ with Ψ the accumulated holonomy of the material frame; it acts only
// while both ends are driven, SetEndRotation), quadratic air drag (Eq. 4, Params.AirDrag),
// bending dissipation (Eq. 5–6, Params.BendDamping), gravity, the material's velocity damping
// and the tools' forces.
//
// # One step (Step)
//
//  1. Tools: a HoldForce tool adds its force; a HoldPosition tool is a spring (1e7 N/m unless
//     it has its own stiffness) between its tip and the node, folded implicitly into the
//     node's mass, whose tip moves towards the target at most MoveFraction·R a substep.
//  2. Substeps: the most of the motion's (MoveFraction·R a substep), the stability limit
//     h < Safety·2/ω of the explicit forces and of the constraint forces' turning (ω² the sum
//     of bending's, from bendOmega2, the tension's 4·T/(m·l) and the self contacts'
//     F·Σw·g²/lim; penalty contact: 2·k_s/m; twist), the bending dissipation's
//     h < m·l²/(6·k_d) and the kick (h²·a within a tenth of a link, a the acceleration the
//     constraints do not absorb: the last substep's net acceleration plus the change of the
//     forces since). A step needing more than MaxSubsteps is an error naming the limit: a
//     time step the integrator cannot hold is never taken. (The motion's count and the
//     tension's and contacts' part of ω² ask for at most MaxSubsteps: what they would ask
//     beyond is held by the motion guard.)
//  3. Broad phase (the detector's Self and collide.Obstacles) with a margin of twice the step's
//     motion; the following steps reuse its self candidates while the nodes have not moved
//     past the margin left (the obstacle candidates are listed every step). An overlap the
//     step starts with (deeper than the contact solve's tolerance) is then removed by moving
//     the nodes alone, links kept at length, the velocities untouched (depen.go): pushed out
//     within a substep it would become a velocity of depth/h (a thread laid 0.8 R into a
//     floor left it at 187 m/s).
//  4. Each substep of h: the forces at x^k (bending, dissipation, twist, gravity, tools, and
//     with Contact "penalty" the penalty contacts of Eq. 14 evaluated at x^k and at the free
//     motion x^k + h·v — the trapezoid of App. E); the prediction x̄ = x^k + h·v + h²·F/m
//     (drag and damping applied to v exactly over h); the multipliers — the link tensions T —
//     so that x^{k+1} = x̄ + h²·w·(T_i·t_i − T_{i−1}·t_{i−1}) keeps every link at its length
//     (Eq. 9–13: the discrete Euler–Lagrange equations of Störmer–Verlet with the constraint
//     forces along the links at x^k, i.e. SHAKE), by the paper's contraction mapping (Eq. 10,
//     App. D) or Newton–Raphson (Eq. 13), one tridiagonal solve per strand and iteration,
//     warm-started from the last substep's T. With Contact "constraint" (the default) the
//     contacts within reach of the warm start's positions become rows of the same solve (their
//     gaps linearised about x^k), with their Coulomb friction (contact.go): the strands they
//     touch are solved for tensions and contact forces together, the others alone. Then a
//     motion guard (no node moves more than 2·MoveFraction·R), and the projection of any overlap left (with Contact "penalty" also
//     Coulomb friction, below); a position tool pulling more than MaxGraspForce makes the
//     substep be solved again with it pulling exactly MaxGraspForce, and a tool that ended the
//     last substep so starts the next one so (and is solved again with its spring if that
//     pulls less). A multiplier solve that fails (a vanishing pivot, no convergence: the
//     substep was too large for the linearisation) restores the substep and takes two halves,
//     up to four times; the smallest substep is then solved with the contacts out of the
//     multiplier solve, and if that fails too with the links projected to length
//     (projectChains; both counted by Fallbacks); positions never become NaN. When the nodes have
//     moved past the broad phase's margin within a step, it runs again.
//  5. The velocity is (x^{k+1} − x^k)/h; Tension(seg) is T, the axial force a haptic device
//     reads (Eq. 8, §6.2.2).
//
// # Contacts and friction (beyond the paper)
//
// Contact "constraint" (the default, contact.go): each contact is a multiplier of the step
// beside the link tensions, its gap kept ≥ 0 with a force ≥ 0, and its friction two more
// multipliers holding the contact points' relative tangential motion over the substep at zero
// within Coulomb's cone (μs; μk once the contact slid in the last substep). The links are
// coupled to the contacts through the Schur complement of each strand's tridiagonal Newton
// matrix; projected Gauss–Seidel solves the small complementarity problem. A rope half round a
// pole holds to T₁/T₂ = 2.45 and slides at 2.55 (Coulomb: e^(0.3π) = 2.57).
//
// Contact "penalty" is the paper's (Eq. 14, after Tang et al. 2012), with the normal of the
// closest points at x^k held over the substep. Its stiffness must stay within the explicit
// stability limit of the lightest node, so it cannot by itself keep a thin thread pulled by a
// 50 N tool from passing through another at a few substeps per millisecond: after the
// multiplier solve, what still overlaps is pushed apart (a few passes, as pbd's contact pass),
// which with the motion guard gives pbd's no-pass-through argument. Friction there: each
// contact's relative tangential motion over the substep is cancelled while it is within μs
// times the contact's normal displacement budget (the projection's push plus the penalty's
// h²·F/m), else reduced by μk times it (Macklin et al. 2014 §6.1). Both act after the
// multiplier solve, outside the variational structure, and the next substep's solve restores
// the links' lengths: that exchange fed a loop of seed 004's rod held in seven self contacts
// (0.06 → 0.27 J of kinetic energy in 2 s with friction off), and the tension along a wrap
// undid the friction (the capstan slid at 2.2). It is kept to reproduce the paper.
package dvi
