package solver

import "github.com/knotsim/knotsim/vec"

// Portal is one passage of a strand through a surface of Input.Surfaces: a suture's stitch
// (seed 003 §3.5.2, "a suture is made of two piercings", as corrected in docs/tissue-brief.md
// §3 and §7.3). Going from node A to node B the thread enters the surface at In and leaves it
// at Out; the nodes between A and B are inside the wall and are not simulated ("parked": a
// solver places them along the path from In to Out). A and B are joined through the
// piercings by the thread's own stretch law: the length
//
//	λ = (p_A − s)·t_s + |e − s| + (p_B − e)·t_e
//
// (s, e the piercing points, moving with the surface; t_s, t_e the directions in which the
// thread leaves them, from s towards node A−2 and from e towards node B+2) against the rest
// length of the links from A to B, so the thread inside the wall is counted and the total
// length is kept as the thread slides. A lateral spring holds node A on the line through s
// along t_s (and B on e's): seed 003's E^L. The surface feels the opposite of both at the
// piercings. When node A crosses the plane through s normal to t_s it is parked (A moves
// back one node) and a parked node leaves at e once the thread outside e is longer than
// its link; likewise in the other direction (seed 003 Fig. 3.21). A strand's end node is
// never parked: a thread pulled through to its end is held there, as by a knot.
type Portal struct {
	Surface int    // index into Input.Surfaces
	In, Out Pierce // where the thread enters and leaves the surface, going from A to B
	A, B    int    // global node indices, one strand, A < B; A+1…B−1 are inside
	// Slack is λ − (the links' rest length from A to B) as the thread was laid, m: the
	// portal's rest length is the links' plus Slack, so a thread laid through a wall starts
	// unstretched whatever the wall's thickness (world.AddSutures sets it).
	Slack float64
	// Lead says that node A is a strand's first node held by a needle that carries it through
	// the wall (world.Needle): while A is that node, the needle, not the stitch, decides where
	// it is (it is not held at the In plane, and In's exit direction is along the chord from
	// Out's piercing to In's, the way the needle goes),
	// and once the thread beyond In is longer than a link the next node comes out and the
	// portal is an ordinary one.
	Lead bool
	// Friction in the stitch (issue 13; seed 003 has none): where the thread turns at the
	// piercings the wall grips it as a capstan does. With the surface's Friction μ and Θ the
	// thread's turn at In plus its turn at Out (rad), the stitch holds while the tension on
	// one side is at most e^{μ_s·Θ} times the other's, and the thread slides through it, the
	// tension on the pulled side e^{μ_k·Θ} times the other's, once that is exceeded. A
	// thread straight through the wall (Θ = 0) or a surface without friction slides freely.
	// Slip is how fast the thread slid through the wall in the solver's last substep, m/s,
	// positive towards A; 0 while the stitch holds it (a solver keeps it, as it keeps A and B).
	Slip float64
	// Low is the lower of the two sides' tensions where they meet the wall at the end of the
	// solver's last substep, N (≥ 0; the solver keeps it): the capstan's friction is in
	// proportion to it.
	Low float64
	// Pull is the wall's mean pull on the thread over the solver's last step, N (the tension
	// through it, along the thread; a solver keeps it): the tissue already carries it, so the
	// next step expects the wall to give only to a change of it (a solver with staggered
	// tissue coupling; 0 for a new suture).
	Pull float64
}

// Pierce is a point on a surface triangle that moves with it: a piercing of a suture.
type Pierce struct {
	Tri  int32      // index into the surface's Tris
	Bary [3]float64 // barycentric weights on the triangle's nodes (dimensionless, ≥ 0, sum 1)
}

// At returns the point of pierce q on surface s as it is (its triangle's nodes weighted by
// q.Bary), m.
func (s *Surface) At(q Pierce) vec.V3 {
	t := s.Tris[q.Tri]
	return s.Pos[t[0]].Scale(q.Bary[0]).Add(s.Pos[t[1]].Scale(q.Bary[1])).Add(s.Pos[t[2]].Scale(q.Bary[2]))
}

// MaxPortalSpan bounds B − A of a Portal (the nodes inside a wall plus one): the implicit
// solver couples A and B in its banded matrix, whose half-bandwidth it sets to the span.
const MaxPortalSpan = 16
