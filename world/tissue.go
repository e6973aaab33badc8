package world

import (
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
)

// Tissue is a deformable body in the world: the rope may not enter it, and it feels the
// rope's contact forces. Each Step the rope is stepped against the tissue's boundary as it is
// (a kinematic surface), then the tissue is stepped with the reactions the solver reports
// (equal and opposite to what the rope felt, on each contact triangle's corners by the contact
// point's barycentric weights): a staggered coupling, as seed 003 §3.5.1 does (docs/
// tissue-brief.md §2).
type Tissue struct {
	Name     string
	Body     *tissue.Body
	Friction material.Friction // rope against this tissue, and in its sutures' stitches (solver.Portal)
	index    *collide.SurfaceIndex
	surf     int // its surface in the solver's input
	// The nodes the rope has pushed or pulled (touched), and those of them whose give over
	// the step (tissue.Body.Give) is still to be computed (pending).
	touched []bool
	pending []int32
	// Its surface nodes, and their mean surface edge, m (tissue–tissue contact).
	surfNodes []int32
	edge      float64
	// The step's start and loads, for a retake (stepTissues).
	x0, v0, f0 []vec.V3
}

// Surf returns the index of the tissue's surface among the solver's surfaces
// (solver.Contact.Surface, solver.SurfaceForcer).
func (t *Tissue) Surf() int { return t.surf }

// Rigid is a fixed triangle mesh in the world (read from STL or OBJ, package tissue): the rope
// may not enter it. Under a solver that handles triangle surfaces (solver.SurfaceForcer:
// implicit) it takes the same contact rows as a tissue's surface, without compliance, and its
// reactions go nowhere. Under the other physical solvers (pbd, dvi) it is one obstacle
// (shape.Mesh, after World.Obstacles in the solver's input), met as a pole is, one contact per
// segment, with the rope's own friction: Friction is then not used.
type Rigid struct {
	Name     string
	Surface  *tissue.Surface
	Friction material.Friction // rope against this mesh (surface solvers only)
	surf     int
	obs      int // obstacle mode: its obstacle in World.meshObs, or −1
}

// MeshDepthRadii is how deep, in rope radii (the thickest rope's at AddRigid), the solid
// behind each face of a rigid mesh met as an obstacle reaches (shape.NewTriMesh's depth): a rope's axis never comes near that deep (each substep moves a node by
// less than a radius), and a mesh's walls must be thicker than twice that, or a face would
// answer for points beyond the wall behind it.
const MeshDepthRadii = 2

// MaxObstacleTriangles bounds the triangles of all rigid meshes met as obstacles (pbd, dvi):
// each mesh is one shape.Mesh obstacle whose faces (about 150 bytes each) sit in a box tree, so
// a query costs a tree descent, not a test per triangle.
const MaxObstacleTriangles = 100_000

// meshTriangles counts the triangles of the rigid meshes met as obstacles.
func (w *World) meshTriangles() int {
	var n int
	for _, o := range w.meshObs {
		n += o.Mesh.Faces()
	}
	return n
}

// RigidSurf returns the index of rigid mesh k's surface among the solver's surfaces
// (solver.Contact.Surface).
func (w *World) RigidSurf(k int) int { return w.Rigid[k].surf }

// AddRigid adds a rigid triangle mesh and returns its index. The surface must be closed,
// manifold and outward-wound (tissue.Surface.Validate(true)); the solver must handle triangle
// surfaces (solver.SurfaceForcer: implicit) or be physical (solver.Physical: pbd, dvi; the
// mesh is then an obstacle, at most MaxObstacleTriangles triangles in all, and its walls
// must be thicker than 2·MeshDepthRadii rope radii). The world keeps s: do not change it
// afterwards.
func (w *World) AddRigid(r Rigid) (int, error) {
	if r.Surface == nil {
		return 0, fmt.Errorf("world: rigid mesh %q has no surface", r.Name)
	}
	if _, ok := w.Solver.(solver.SurfaceForcer); !ok {
		if _, ok := w.Solver.(solver.Physical); ok {
			return w.addRigidObstacles(r)
		}
		return 0, fmt.Errorf("world: rigid mesh %q: the %s solver does not handle rigid meshes (use pbd, dvi or implicit)", r.Name, w.Solver.Name())
	}
	if err := w.checkSurfaceSolver("rigid mesh", r.Name, r.Friction); err != nil {
		return 0, err
	}
	if err := r.Surface.Validate(true); err != nil {
		return 0, fmt.Errorf("world: rigid mesh %q: %w", r.Name, err)
	}
	ix, err := collide.NewSurfaceIndex(r.Surface.Tris, len(r.Surface.Nodes))
	if err != nil {
		return 0, fmt.Errorf("world: rigid mesh %q: %w", r.Name, err)
	}
	if err := ix.Update(r.Surface.Nodes); err != nil {
		return 0, fmt.Errorf("world: rigid mesh %q: %w", r.Name, err)
	}
	r.surf, r.obs = len(w.in.Surfaces), -1
	w.Rigid = append(w.Rigid, r)
	w.in.Surfaces = append(w.in.Surfaces, solver.Surface{Pos: r.Surface.Nodes, Tris: r.Surface.Tris, Index: ix, Friction: r.Friction})
	return len(w.Rigid) - 1, nil
}

// addRigidObstacles adds a rigid mesh as an obstacle (shape.Mesh; a solver without triangle
// surfaces).
func (w *World) addRigidObstacles(r Rigid) (int, error) {
	if n := w.meshTriangles() + len(r.Surface.Tris); n > MaxObstacleTriangles {
		return 0, fmt.Errorf("world: rigid mesh %q: %d triangles (%d in all); the %s solver meets meshes as obstacles, at most %d triangles (use implicit for larger meshes)",
			r.Name, len(r.Surface.Tris), n, w.Solver.Name(), MaxObstacleTriangles)
	}
	if err := r.Surface.Validate(true); err != nil {
		return 0, fmt.Errorf("world: rigid mesh %q: %w", r.Name, err)
	}
	var rmax float64
	for _, x := range w.State.SegRadius {
		rmax = math.Max(rmax, x)
	}
	depth := MeshDepthRadii * rmax
	m, err := shape.NewTriMesh(r.Surface.Nodes, r.Surface.Tris, depth)
	if err != nil {
		return 0, fmt.Errorf("world: rigid mesh %q: %w", r.Name, err)
	}
	r.surf, r.obs = len(w.Rigid), len(w.meshObs)
	w.meshObs = append(w.meshObs, shape.Shape{Kind: shape.Mesh, Mesh: m})
	w.Rigid = append(w.Rigid, r)
	return len(w.Rigid) - 1, nil
}

// fixedObstacles returns the solver's fixed obstacles: World.Obstacles, then the rigid meshes
// met as obstacles (copied again only when World.Obstacles changed).
func (w *World) fixedObstacles() []shape.Shape {
	if len(w.meshObs) == 0 {
		return w.Obstacles
	}
	n := len(w.Obstacles)
	if len(w.fixBuf) != n+len(w.meshObs) || !slices.Equal(w.fixBuf[:n], w.Obstacles) {
		w.fixBuf = append(append(w.fixBuf[:0], w.Obstacles...), w.meshObs...)
	}
	return w.fixBuf
}

// meshContacts rewrites the contacts with rigid meshes met as obstacles (cs, as a solver
// reported them for the latest step) as contacts with the meshes' surfaces: OnSurface, Surface
// the mesh's (RigidSurf), Obstacle −1.
func (w *World) meshContacts(cs []solver.Contact) {
	if len(w.meshObs) == 0 {
		return
	}
	lo := len(w.Obstacles)
	hi := lo + len(w.meshObs)
	for i := range cs {
		c := &cs[i]
		if c.Obstacle < lo || c.Obstacle >= hi {
			continue
		}
		t := c.Obstacle - lo
		k := slices.IndexFunc(w.Rigid, func(r Rigid) bool { return r.obs == t })
		c.Obstacle, c.OnSurface, c.Surface = -1, true, w.Rigid[k].surf
	}
}

// AppendContacts appends the contacts of the solver's last substep (solver.ContactReporter) to
// dst, with rigid meshes met as obstacles reported as their meshes' surfaces; dst unchanged
// when the solver does not report contacts.
func (w *World) AppendContacts(dst []solver.Contact) []solver.Contact {
	cr, ok := w.Solver.(solver.ContactReporter)
	if !ok {
		return dst
	}
	n := len(dst)
	dst = cr.AppendContacts(dst)
	w.meshContacts(dst[n:])
	return dst
}

// checkSurfaceSolver checks that the world's solver handles triangle surfaces and that the
// rope's friction on one (a tissue or rigid mesh called name) is sane.
func (w *World) checkSurfaceSolver(kind, name string, f material.Friction) error {
	if _, ok := w.Solver.(solver.SurfaceForcer); !ok {
		return fmt.Errorf("world: %s %q: the %s solver does not handle triangle surfaces (use implicit)", kind, name, w.Solver.Name())
	}
	if !(f.Static >= 0) || !(f.Kinetic >= 0) || f.Kinetic > f.Static || f.Static > 10 {
		return fmt.Errorf("world: %s %q: friction %+v: want 0 ≤ kinetic ≤ static ≤ 10", kind, name, f)
	}
	return nil
}

// AddTissue adds a tissue body and returns its index. The solver must handle triangle
// surfaces (solver.SurfaceForcer: implicit).
func (w *World) AddTissue(t Tissue) (int, error) {
	if t.Body == nil {
		return 0, fmt.Errorf("world: tissue %q has no body", t.Name)
	}
	if err := w.checkSurfaceSolver("tissue", t.Name, t.Friction); err != nil {
		return 0, err
	}
	ix, err := collide.NewSurfaceIndex(t.Body.Mesh.Surf, len(t.Body.X))
	if err != nil {
		return 0, fmt.Errorf("world: tissue %q: %w", t.Name, err)
	}
	if err := ix.Update(t.Body.X); err != nil {
		return 0, fmt.Errorf("world: tissue %q: %w", t.Name, err)
	}
	t.index, t.surf = ix, len(w.in.Surfaces)
	t.touched, t.pending = make([]bool, len(t.Body.X)), nil
	t.surfNodes, t.edge = surfaceNodes(t.Body.Mesh.Surf, t.Body.X)
	w.Tissues = append(w.Tissues, t)
	w.in.Surfaces = append(w.in.Surfaces, solver.Surface{Pos: t.Body.X, Tris: t.Body.Mesh.Surf, Index: ix, Friction: t.Friction})
	return len(w.Tissues) - 1, nil
}

// refitTissues sets each tissue's surface for the rope's step: the index refit to the body's
// nodes, and the nodes' compliance over the step (the contact solve and the stitches let the
// tissue give by it). (Extrapolating the nodes by their velocities to the step's end was
// tried: the velocities of a tissue under point loads are noisy, and the thread ringed sooner.)
//
// The compliance is the body's true give (tissue.Body.Give) at the nodes of the triangles the
// sutures pierce and at every node the rope has pushed or pulled in an earlier step, and the
// diagonal estimate elsewhere. The coupling is staggered (the rope is stepped against the
// tissue as it is, the tissue then with the rope's reactions), and it is stable only while
// the tissue gives no more than the rope's step expected. The diagonal estimate is 7–9 times
// too stiff on a thin slab, so each step's reaction moved the slab more than the step had
// allowed for: in suture-slab the stitch's pull grew step by step to 0.065 N against the
// forceps' 0.02 N, the slab's piercings ran 0.17–0.19 mm down in one step, and the thread read
// 1.88 % long (TestSutureSlabPerturbed, seed 10).
func (w *World) refitTissues() error {
	for k := range w.Tissues {
		t := &w.Tissues[k]
		if err := t.index.Update(t.Body.X); err != nil {
			return fmt.Errorf("world: tissue %q: %w", t.Name, err)
		}
		sf := &w.in.Surfaces[t.surf]
		for _, p := range w.in.Portals {
			if p.Surface == t.surf {
				for _, q := range [2]solver.Pierce{p.In, p.Out} {
					if q.Tri < 0 || int(q.Tri) >= len(sf.Tris) {
						continue // the solver refuses the step, naming it
					}
					for _, v := range sf.Tris[q.Tri] {
						t.Body.Give(int(v), w.Dt) // kept by the body
					}
				}
			}
		}
		for _, v := range t.pending {
			t.Body.Give(int(v), w.Dt)
		}
		t.pending = t.pending[:0]
		sf.Pos = t.Body.X
		sf.Compliance = t.Body.Compliance(w.Dt, sf.Compliance)
	}
	return nil
}

// stepTissues applies the rope's reactions to each tissue, holds the tissues off each other
// (tissueContacts) and steps each by dt. If the step brought a tissue's surface over a thread
// node (threadHolds), it is taken again from its start with springs that hold the surface
// off those nodes, at most ThreadHoldRetakes times.
func (w *World) stepTissues() error {
	sf, _ := w.Solver.(solver.SurfaceForcer)
	for k := range w.Tissues {
		t := &w.Tissues[k]
		if sf != nil {
			sf.AddSurfaceForces(t.surf, t.Body.F)
			for i, f := range t.Body.F {
				if f != (vec.V3{}) && !t.touched[i] {
					t.touched[i] = true
					t.pending = append(t.pending, int32(i))
				}
			}
		}
		// The step's start and loads, for a retake.
		t.x0 = append(t.x0[:0], t.Body.X...)
		t.v0 = append(t.v0[:0], t.Body.V...)
		t.f0 = append(t.f0[:0], t.Body.F...)
	}
	w.holds = w.holds[:0]
	w.Retakes = 0
	for try := 0; ; try++ {
		if err := w.tissueContacts(); err != nil {
			return err
		}
		for _, h := range w.holds {
			if err := w.Tissues[h.tissue].Body.AddSupport(int(h.node), h.n, h.off, h.k); err != nil {
				return fmt.Errorf("world: tissue %q under the thread: %w", w.Tissues[h.tissue].Name, err)
			}
		}
		for k := range w.Tissues {
			t := &w.Tissues[k]
			if err := t.Body.Step(w.Dt, w.Gravity); err != nil {
				return fmt.Errorf("world: tissue %q: %w", t.Name, err)
			}
		}
		if try == ThreadHoldRetakes {
			return nil
		}
		added, err := w.threadHolds()
		if err != nil || added == 0 {
			return err
		}
		w.Retakes++
		for k := range w.Tissues {
			t := &w.Tissues[k]
			copy(t.Body.X, t.x0)
			copy(t.Body.V, t.v0)
			copy(t.Body.F, t.f0)
			// tissueContacts looks the surfaces up where they start the step again
			if err := t.index.Update(t.Body.X); err != nil {
				return fmt.Errorf("world: tissue %q: %w", t.Name, err)
			}
		}
	}
}

// ThreadHold and ThreadHoldTrigger (fractions of the thread's radius): a tissue step that
// brings a tissue's surface nearer a thread node's centre than ThreadHoldTrigger·R (or over
// it) is taken again with the surface held off to ThreadHold·R (threadHolds).
const (
	ThreadHold        = 0.5
	ThreadHoldTrigger = 0.25
)

// ThreadHoldRetakes is how often a tissue step is taken again to hold its surface off the
// thread (stepTissues).
const ThreadHoldRetakes = 3

// ThreadHoldStiffness is the stiffness of threadHolds' springs, as a multiple of the node's
// share of its body's elastic stiffness (tissue.Body.Stiffness). At TissueStiffness (4) the
// stitch's pull in anastomosis-10-0 still drew the wall 0.59 R over a node.
const ThreadHoldStiffness = 50

// threadHold is a spring that holds a tissue's node off a thread node in the retaken step.
type threadHold struct {
	tissue int
	node   int32
	n      vec.V3
	off, k float64
}

// threadHolds finds the thread nodes outside the walls whose centres the tissues' step brought
// within ThreadHoldTrigger·R of a tissue's surface, or behind it, and adds to w.holds, for
// each, springs (tissue.Body.AddSupport, ThreadHoldStiffness times a corner's share of the
// body's stiffness, by its barycentric weight) that ask the corners of the nearest triangle to
// end the retaken step moved back to ThreadHold·R from the node: the thread is an obstacle to
// the tissue, as the tissue is to the thread. It returns how many nodes it found.
//
// Why: the rope is stepped against the surface as it was, and the tissue then moves under the
// rope's reactions and the sutures' pulls. A stitch's pull tents the wall round its exit, over
// the node next to it: in anastomosis-10-0 up to 1.33 R deep, until the rope's next step took
// it out. Nodes resting on the tissue sit at R from it, where only the rope's contact acts.
//
// A node whose nearest triangle a suture pierces is held only once it is inside, and only to
// ThreadHoldTrigger·R: holding that triangle moves the piercing, and the stitch's length with
// it (anastomosis-10-0's length strayed by 1.31 % when such nodes were held as the others,
// 0.69 % when they were not held at all, 0.83 % so). Not held at all, such a node was found
// 0.42 R inside after another change to the tissue's solve.
func (w *World) threadHolds() (int, error) {
	found := 0
	pos := w.State.Pos
	for ti := range w.Tissues {
		t := &w.Tissues[ti]
		x := t.Body.X
		if err := t.index.Update(x); err != nil {
			return 0, fmt.Errorf("world: tissue %q: %w", t.Name, err)
		}
		tris := t.Body.Mesh.Surf
		bx := t.surfaceBox()
		for k := range w.State.Strands {
			str := &w.State.Strands[k]
			hold := ThreadHold * str.Radius
			near := bx.Inflate(hold)
		node:
			for i := str.First; i < str.First+str.Nodes; i++ {
				p := pos[i]
				if !near.Overlaps(vec.AABB{Min: p, Max: p}) {
					continue
				}
				for _, q := range w.in.Portals {
					if i >= q.A && i <= q.B {
						continue node // in a wall, or at its hole
					}
				}
				tri, bw, n, d, ok := surfaceSide(t.index, tris, x, p, 4*hold, 1e-9*hold)
				if !ok {
					continue
				}
				tr := tris[tri]
				pierced := false
				for _, q := range w.in.Portals {
					if q.Surface == t.surf && (q.In.Tri == tri || q.Out.Tri == tri) {
						pierced = true
					}
				}
				miss := hold - d
				if d >= ThreadHoldTrigger*str.Radius {
					continue
				}
				if pierced {
					// Only a node inside, held off to ThreadHoldTrigger·R (see above).
					if d >= 0 {
						continue
					}
					miss = ThreadHoldTrigger*str.Radius - d
				}
				found++
				m := n.Neg()
				for e, v := range tr {
					if bw[e] < 1e-6 || t.Body.Clamped(int(v)) {
						continue
					}
					w.holds = append(w.holds, threadHold{tissue: ti, node: v, n: m, off: m.Dot(x[v]) + miss, k: bw[e] * ThreadHoldStiffness * t.Body.Stiffness(int(v))})
				}
			}
		}
	}
	return found, nil
}

// surfaceNodes returns the nodes of the surface triangles tris, ascending, and the mean length
// of the triangles' edges at pos, m.
func surfaceNodes(tris [][3]int32, pos []vec.V3) ([]int32, float64) {
	on := make([]bool, len(pos))
	var sum float64
	for _, t := range tris {
		for e := range 3 {
			on[t[e]] = true
			sum += pos[t[e]].Dist(pos[t[(e+1)%3]])
		}
	}
	var nodes []int32
	for i, o := range on {
		if o {
			nodes = append(nodes, int32(i))
		}
	}
	if len(tris) == 0 {
		return nodes, 0
	}
	return nodes, sum / float64(3*len(tris))
}

// TissueGap is the gap the tissues are held apart by, as a fraction of the smaller of two
// tissues' mean surface edges (tissueContacts).
const TissueGap = 0.1

// TissueStiffness is the stiffness of a tissue–tissue contact's springs, as a multiple of the
// node's share of its body's elastic stiffness (tissue.Body.Stiffness).
const TissueStiffness = 4

// tissueContacts holds every pair of tissues apart before they step. Each surface node of one
// that is nearer the other's surface than their gap δ (TissueGap of the smaller mean surface
// edge), or inside it (by the angle-weighted pseudo-normal at its nearest point,
// collide.SurfaceIndex.Behind), gets a spring (tissue.Body.AddSupport) that asks it to move
// half of what is missing (δ − d, d the node's signed distance to the other surface) along the
// direction from the other surface's nearest point, and that point's triangle's corners get
// springs that ask them to move the other half the other way, each weighted by its
// barycentric weight. Both bodies then step, each with its springs implicit in its own solve:
// between them they close what is missing, and over steps the springs settle where each
// carries the load that presses the bodies together (at a gap of δ less the load over the
// springs' stiffness, TissueStiffness times a node's share of its body's stiffness). Both
// sides' nodes are tested against the other's triangles, so two surfaces face to face hold
// each other both ways. The contact is frictionless; its springs act for the whole step once
// a node is within δ (they may hold a node that draws away within δ over that step); a
// surface that reaches more than δ into the other within one step is found inside (up to 4δ
// deep: the nearest-triangle search's reach; deeper nodes are not seen) and pushed out along
// the direction to the nearest surface point, which may be the wrong face of a thin wall. The forces are equal and opposite once settled, not within a step.
//
// (A position-based contact, each node found inside the other body moved back to its surface,
// was tried and dropped: two coaxial vessel ends pushed together met face to face, node on
// node, their nodes slid along each other's walls and the rims passed 0.41 mm into each
// other. This one catches the surfaces within δ, before they cross.)
func (w *World) tissueContacts() error {
	if len(w.Tissues) < 2 {
		return nil
	}
	// A box round each tissue: a pair whose boxes are apart by more than the reach costs nothing
	// more, and only the nodes within the other's box are looked up.
	w.tboxes = w.tboxes[:0]
	for k := range w.Tissues {
		w.tboxes = append(w.tboxes, w.Tissues[k].surfaceBox())
	}
	for a := range w.Tissues {
		for b := range w.Tissues {
			if a == b {
				continue
			}
			ta, tb := &w.Tissues[a], &w.Tissues[b]
			gap := TissueGap * min(ta.edge, tb.edge)
			if !(gap > 0) {
				continue
			}
			reach := 4 * gap
			near := w.tboxes[b].Inflate(reach)
			if !near.Overlaps(w.tboxes[a]) {
				continue
			}
			xa, xb := ta.Body.X, tb.Body.X
			tris := tb.Body.Mesh.Surf
			for _, i := range ta.surfNodes {
				p := xa[i]
				if !near.Overlaps(vec.AABB{Min: p, Max: p}) {
					continue
				}
				tri, bw, n, d, ok := surfaceSide(tb.index, tris, xb, p, reach, 1e-9*gap)
				if !ok {
					continue
				}
				tr := tris[tri]
				miss := gap - d
				if miss <= 0 {
					continue
				}
				if err := ta.Body.AddSupport(int(i), n, n.Dot(p)+miss/2, TissueStiffness*ta.Body.Stiffness(int(i))); err != nil {
					return fmt.Errorf("world: tissue %q against %q: %w", ta.Name, tb.Name, err)
				}
				m := n.Neg()
				for e, v := range tr {
					if bw[e] < 1e-6 || tb.Body.Clamped(int(v)) {
						continue
					}
					if err := tb.Body.AddSupport(int(v), m, m.Dot(xb[v])+miss/2, bw[e]*TissueStiffness*tb.Body.Stiffness(int(v))); err != nil {
						return fmt.Errorf("world: tissue %q against %q: %w", tb.Name, ta.Name, err)
					}
				}
			}
		}
	}
	return nil
}

// surfaceBox returns the box round the tissue's surface nodes as they are.
func (t *Tissue) surfaceBox() vec.AABB {
	bx := vec.Empty()
	for _, i := range t.surfNodes {
		bx = bx.Grow(t.Body.X[i])
	}
	return bx
}

// surfaceSide finds the triangle (of tris, indexed by ix, at positions x) nearest p
// within reach, and returns it, p's barycentric weights on it, the unit normal n from the
// surface toward p's side and p's signed distance d (negative behind the surface, inside the
// body, by the angle-weighted pseudo-normal: SurfaceIndex.Behind). Within eps of the surface n
// is the triangle's normal and d is 0. ok is false when no triangle is within reach or the
// triangle at p is degenerate. (tissueContacts and threadHolds.)
func surfaceSide(ix *collide.SurfaceIndex, tris [][3]int32, x []vec.V3, p vec.V3, reach, eps float64) (tri int32, bw [3]float64, n vec.V3, d float64, ok bool) {
	tri, bw, d, ok = ix.Nearest(p, x, reach)
	if !ok {
		return
	}
	tr := tris[tri]
	switch {
	case d > eps:
		q := x[tr[0]].Scale(bw[0]).Add(x[tr[1]].Scale(bw[1])).Add(x[tr[2]].Scale(bw[2]))
		n = p.Sub(q).Scale(1 / d)
		if ix.Behind(p, tri, bw, x) {
			n, d = n.Neg(), -d
		}
	default:
		n, d = x[tr[1]].Sub(x[tr[0]]).Cross(x[tr[2]].Sub(x[tr[0]])).Unit(), 0
		ok = n.Norm2() > 0.5 // a degenerate triangle at p: no side
	}
	return
}

// TissueDistance returns the least signed distance from a surface node of tissue a to the
// surface of tissue b, m (negative: the node is inside b, by collide.SurfaceIndex.Behind), as
// the tissues are now; +Inf when a or b is not a tissue index or they are the same. It tests
// every surface node of a against the whole of b's surface: for reports and tests, not for
// every step.
func (w *World) TissueDistance(a, b int) float64 {
	if a < 0 || b < 0 || a >= len(w.Tissues) || b >= len(w.Tissues) || a == b {
		return math.Inf(1)
	}
	ta, tb := &w.Tissues[a], &w.Tissues[b]
	if err := tb.index.Update(tb.Body.X); err != nil {
		return math.Inf(1)
	}
	d := math.Inf(1)
	for _, i := range ta.surfNodes {
		p := ta.Body.X[i]
		tri, bw, dist, ok := tb.index.Nearest(p, tb.Body.X, math.Inf(1))
		if !ok {
			continue
		}
		if tb.index.Behind(p, tri, bw, tb.Body.X) {
			dist = -dist
		}
		d = math.Min(d, dist)
	}
	return d
}
