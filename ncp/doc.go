// Package ncp solves the frictional contact problem of an implicit thread
// step (seed 003 §3.7.2, "Contact handling", Eq. 3.83–3.89) as a nonlinear
// complementarity problem with the exact Coulomb cone.
//
// # The problem
//
// There are M contacts, each with a local frame [n, t1, t2] (normal first).
// The caller gives
//
//   - W, the 3M×3M Delassus matrix (Q of Eq. 3.83), dense, row-major,
//     symmetric positive semidefinite, in m/N, blocks ordered [n, t1, t2] per
//     contact, with a strictly positive diagonal;
//   - b, the 3M free relative displacements of the contacts in their frames,
//     in m (Δc⁰ of Eq. 3.83), the normal component already including the gap
//     (a₀ − r₁ − r₂ of Eq. 3.84), so that u_n ≥ 0 means separated;
//   - mu, the M friction coefficients (≥ 0, dimensionless);
//
// and the solver finds the contact forces λ (3M, in N, the F^c of Eq. 3.82)
// with u = Wλ + b such that for every contact
//
//   - Signorini (Eq. 3.84–3.86): λ_n ≥ 0, u_n ≥ 0, λ_n·u_n = 0;
//   - the Coulomb cone (Eq. 3.87), a disc and not a box or a polygon:
//     ‖λ_t‖ ≤ μ λ_n;
//   - maximal dissipation (Eq. 3.88–3.89): if ‖λ_t‖ < μλ_n then u_t = 0,
//     otherwise λ_t = −μλ_n u_t/‖u_t‖.
//
// # Residuals
//
// [Residuals] measures a candidate λ by three residuals, each a length in m:
// forces are made lengths by the contact's scale s = (W_nn + W_t1t1 +
// W_t2t2)/3, the mean of its diagonal block's diagonal. Per contact
//
//	Signorini   |min(s λ_n, u_n)|
//	cone        s · max(0, ‖λ_t‖ − μ λ_n)
//	dissipation ‖s λ_t − P(s λ_t − u_t)‖,  P the projection onto the disc of radius s·max(0, μλ_n)
//
// and each residual is the maximum over the contacts. All three vanish
// exactly at a solution; the dissipation residual is the natural map of the
// tangential problem (λ_t is a fixed point of the projected step iff −u_t
// lies in the disc's normal cone at λ_t, which is Eq. 3.88–3.89).
//
// # Methods
//
// [Solver.PGS] is the projected Gauss–Seidel of the thesis's Algorithm 2:
// each sweep visits the contacts in order and solves one contact with all
// others fixed. The single-contact step is the thesis's: the normal force
// first (λ_n ← max(0, λ_n − u_n/W_nn)), then the tangential force on the disc
// of radius μλ_n; where the thesis takes the direction of the unconstrained
// static force and scales it onto the disc (exact only when the tangential
// block is isotropic), this package minimises the tangential quadratic over
// the disc exactly (a 2-D trust-region problem solved by its secular
// equation), so a fixed point of the sweep is an exact solution. When the
// diagonal block couples normal and tangential directions the two steps are
// alternated up to three times.
//
// [Solver.NNCG] is the nonsmooth nonlinear conjugate gradient method of
// Silcowitz-Hansen, Niebe and Erleben (2010): one PGS sweep gives the
// (negative) gradient, the direction is updated with the Fletcher–Reeves β
// and restarted whenever β > 1, and no line search is done. As in the thesis
// (§3.7.2, "Contact resolution", the paragraph after Algorithm 2) the step
// along the conjugate direction is limited so that it does not leave the
// region where the non-penetration constraint Eq. 3.84 holds: the thesis
// reports that this avoids cases where the error of the original NNCG
// "increases drastically between iterations". Here the momentum step is
// scaled by the largest t ∈ [0, 1] that lets no active contact's u_n fall more
// than Tol below min(u_n, 0): Eq. 3.84 holds to the tolerance where it held,
// and a contact that penetrates may not penetrate deeper by more than Tol.
// The limit is conservative: on a frictionless chain of 60 contacts
// (k/a = 10³, TestNNCGGuard) the unguarded method diverges while the guarded
// one converges in 412 sweeps (PGS 423); on a stiffer chain (k/a = 10⁴,
// μ = 0.3, TestChain) it needs 2,162 sweeps against PGS's 3,245, where the
// unguarded method would need 1,385, and in the first hundred sweeps, while
// contacts still penetrate deeply, it hardly departs from PGS. PGS and NNCG can
// both cycle on frictional problems (a chain with k/a = 10², μ = 0.3 never
// converges). The returned λ is always the result of a PGS sweep, so it lies
// in the cones.
//
// # Active contacts
//
// The thesis keeps a list of active contacts ("Keeping a list of active
// contacts", end of §3.7.2): contact detection adds contacts that are near but
// not touching, their force stays zero, and they need not be visited. Here a
// contact leaves the active list after IdleSweeps consecutive sweeps in
// which its force was zero and its u_n was above Tol (clearly separated).
// Sweeps then visit, and keep u up to date for, the active contacts only.
// Every CheckEvery sweeps a full check sweep recomputes u = Wλ + b for all
// contacts and visits every contact; an inactive contact that is violated
// again (u_n below Tol) gets a force and rejoins the list. Convergence is
// only declared after u has been recomputed for all contacts and the
// residual over all contacts is at most Tol; the reported residual is always
// over all contacts.
//
// # Independent knots
//
// Contacts that do not interact (W's 3×3 block between them is zero) form
// independent problems: [Components] labels the connected components of
// the contacts, and [Gather] and [Scatter] move one component's problem
// into and out of caller-owned buffers, so that separate knots can be solved
// separately (and concurrently, one Solver each).
//
// # Cost
//
// A sweep costs 9·M·A multiply-adds for A active contacts whose force changes
// (each change updates u by three rows of the symmetric W, contiguous in
// memory); NNCG adds O(M) per sweep. Every solve also scans W once for NaN
// and Inf. No allocation happens in a solve once the Solver has seen a
// problem of the same or larger size. A Solver is not safe for concurrent use.
package ncp
