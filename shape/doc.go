// Package shape holds rigid obstacles a rope can touch: plane, sphere, capsule (pole), torus
// (ring) and a rigid mesh's triangle. A Shape is a small concrete value with a Kind, so per-segment loops switch on the kind
// instead of calling through an interface.
//
// # Units and conventions
//
// All lengths are in m. Every query reports a signed distance d to the obstacle's surface:
// positive outside, zero on the surface, negative inside the solid. The normal n is the outward
// unit normal of the surface at the reported surface point q, and the query point p satisfies
// p = q + d·n. Call Validate once when a shape is built (for instance when a scene is loaded);
// the queries assume a valid shape and do not check again. Normalized makes Axis unit.
//
// # Kinds
//
//   - Plane: the solid is the half-space {x : (x−Center)·Axis ≤ 0}; Center is any point of the
//     boundary plane and Axis its outward unit normal. d = (p−Center)·Axis everywhere, n = Axis.
//     Bounds has ±Inf extents (see Shape.Bounds).
//   - Sphere: the ball of Radius around Center. d = |p−Center| − Radius.
//   - Capsule: a pole, all points within Radius of the segment A–B (A ≠ B). d = dist(p, A–B) −
//     Radius; the caps are half-spheres.
//   - Torus: a ring. Its centre circle ("ring") has radius Major around Center in the plane
//     perpendicular to the unit Axis; the solid is every point within Radius (the tube radius)
//     of that circle, with Major > Radius so the ring has a hole. d = dist(p, circle) − Radius.
//   - Triangle: one outward-wound face A, B, C of a closed rigid mesh, with the solid to depth
//     Radius behind it: d is the distance to the triangle in front of its plane, minus the
//     depth behind it over the face, and +Inf elsewhere (the neighbouring face answers there).
//   - Mesh: a closed rigid mesh as one obstacle (NewTriMesh): the least of its Triangles'
//     distances, found through a box tree; the physical solvers without triangle surfaces
//     (pbd, dvi) meet a rigid mesh this way (world.AddRigid).
//
// # Special cases
//
// Where the nearest surface point is not unique, the queries pick a documented one and always
// return a unit normal: PointDist at a sphere's centre returns +Z; on a capsule's axis
// (B−A).AnyPerp(); on a torus's axis line the ring point in direction Axis.AnyPerp(); on the
// torus's centre circle the radial direction. SegDist prefers normals perpendicular to the
// segment in the same places (see Shape.SegDist), so that a contact response along n moves the
// rope sideways. An unknown Kind reports d = +Inf (never in contact).
//
// # Segment against torus
//
// The distance from a segment to a torus is not convex in the segment parameter t: a segment
// crossing the hole can have two separate local minima, one on each side of the ring. SegDist
// nevertheless returns the exact global minimum without sampling. With v(t) = p0 + t·w − Center,
// h(t) the height along Axis and ρ(t) the distance from the axis, the squared distance to the
// centre circle is
//
//	g(t) = h² + (ρ − M)² = |v|² − 2M·ρ + M².
//
// |v|² is a quadratic in t with second derivative 2|w|², and ρ(t) = √(m² + α(t−tc)²) is
// convex with ρ″ = α·m²/ρ³, where α is the squared length of w's part perpendicular to Axis, tc
// the t where the line passes closest to the axis and m that closest distance. So
//
//	g″/2 = |w|² − M·α·m²/ρ³,
//
// which increases with ρ, and ρ² is a convex quadratic in t. Hence g is concave exactly on the
// interval where ρ² < P* = (M·α·m²/|w|²)^(2/3) (centred on tc; when m = 0 it shrinks to the kink
// of ρ at the axis) and convex on either side. A concave function is least at an end of its
// interval, so the global minimum over [0,1] is the smaller of the minima over the at most two
// convex pieces (or over the ends 0 and 1 when [0,1] is all concave). On each convex piece g′ is
// increasing; its root is found by Newton's method safeguarded by bisection, to a few ulps in t.
// A query typically takes 100–200 ns and does not allocate.
package shape
