// Package embed draws a knot diagram given by its PD code as a closed polygon in 3-D: a
// straight-line planar drawing of the diagram (Tutte's barycentric embedding), with each strand
// lifted slightly above or pushed below the plane where it crosses over or under. It makes
// test curves from the knot table (knot identification must name them right) and lets a user
// see a table knot.
package embed

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// MaxCrossings bounds the diagrams PD draws (a dense solve of about 4n unknowns).
const MaxCrossings = 200

// PD returns a closed polygon (the first point not repeated at the end) whose projection on the
// xy-plane is the diagram c: one vertex at each crossing and one at the middle of each edge, in
// the order of the edge labels (the orientation of c). Over-strands pass through their crossing
// at z = +lift, under-strands at z = −lift (viewed from +z, as knot.Identify's projection along
// z reads them); edge midpoints lie at z = 0. The drawing fits the unit disc. lift ≤ 0 chooses
// a third of the shortest segment.
//
// c must be a reduced knot diagram: one component, at least 3 crossings, no edge that leaves a
// crossing and comes back to it (a kink). The planar map of the diagram (crossings, edge
// midpoints and one vertex inside each face, joined into a triangulation of the sphere) is drawn
// with one face as the outer boundary on a circle and every other vertex at the mean of its
// neighbours, which is a planar straight-line drawing (Tutte 1963; the triangulation is
// 3-connected).
func PD(c pd.Code, lift float64) ([]vec.V3, error) {
	n := len(c.X)
	if n < 3 {
		return nil, fmt.Errorf("embed: %d crossings; a reduced knot diagram has at least 3", n)
	}
	if n > MaxCrossings {
		return nil, fmt.Errorf("embed: %d crossings; at most %d", n, MaxCrossings)
	}
	if c.Loops != 0 {
		return nil, errors.New("embed: the diagram has split unknotted loops")
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("embed: %w", err)
	}
	next := c.Next()
	// One component: following next from edge 1 visits every edge.
	e, steps := 1, 0
	for {
		e = next(e)
		steps++
		if e == 1 || steps > 2*n {
			break
		}
	}
	if steps != 2*n {
		return nil, errors.New("embed: the diagram has more than one component")
	}
	// Darts: 4v+j is position j of crossing v; partner is the other end of its edge.
	partner := make([]int, 4*n)
	first := make([]int, 2*n+1)
	for i := range first {
		first[i] = -1
	}
	for v, x := range c.X {
		for j, lab := range x {
			h := 4*v + j
			if f := first[lab]; f >= 0 {
				if f/4 == v {
					return nil, fmt.Errorf("embed: edge %d leaves crossing %d and returns to it (a kink): simplify the diagram first", lab, v)
				}
				partner[h], partner[f] = f, h
			} else {
				first[lab] = h
			}
		}
	}
	// Faces: corner k (between positions j and j+1 of crossing k/4) continues by leaving through
	// dart k/4·4 + (j+1)%4; the next corner of the face is the dart it arrives at.
	face := make([]int, 4*n)
	for i := range face {
		face[i] = -1
	}
	var cycles [][]int // each face's corners, in order
	for s := range face {
		if face[s] >= 0 {
			continue
		}
		var cyc []int
		for k := s; face[k] < 0; {
			face[k] = len(cycles)
			cyc = append(cyc, k)
			k = partner[k&^3|(k+1)&3]
		}
		cycles = append(cycles, cyc)
	}
	if len(cycles) != n+2 {
		return nil, fmt.Errorf("embed: the diagram has %d faces, a planar knot diagram %d: not planar", len(cycles), n+2)
	}
	// Vertices: crossings 0..n−1, edge midpoints n..3n−1 (edge label l at n+l−1), faces after.
	nv := 3*n + len(cycles)
	mid := func(dart int) int { return n + c.X[dart/4][dart%4] - 1 }
	adj := make([][]int, nv)
	link := func(a, b int) {
		for _, x := range adj[a] {
			if x == b {
				return
			}
		}
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	for v := 0; v < n; v++ {
		for j := 0; j < 4; j++ {
			link(v, mid(4*v+j))
		}
	}
	outer := 0
	for f, cyc := range cycles {
		if len(cyc) > len(cycles[outer]) {
			outer = f
		}
		for _, k := range cyc {
			link(3*n+f, k/4)
			link(3*n+f, mid(k))
			link(3*n+f, mid(k&^3|(k+1)&3))
		}
	}
	// The outer face's boundary on the unit circle: crossing, midpoint of the edge it leaves
	// by, next crossing, …
	pos := make([][2]float64, nv)
	fixed := make([]bool, nv)
	fixed[3*n+outer] = true // not drawn: the outer face is everything outside the circle
	var boundary []int
	for _, k := range cycles[outer] {
		boundary = append(boundary, k/4, mid(k&^3|(k+1)&3))
	}
	for i, b := range boundary {
		if fixed[b] {
			return nil, errors.New("embed: the outer face touches a vertex twice: the diagram is not reduced")
		}
		a := 2 * math.Pi * float64(i) / float64(len(boundary))
		pos[b], fixed[b] = [2]float64{math.Cos(a), math.Sin(a)}, true
	}
	// Every other vertex at the mean of its neighbours: L x = b.
	idx := make([]int, nv)
	m := 0
	for v := range idx {
		idx[v] = -1
		if !fixed[v] {
			idx[v] = m
			m++
		}
	}
	if m > 0 {
		L := mat.NewDense(m, m, nil)
		b := mat.NewDense(m, 2, nil)
		for v := 0; v < nv; v++ {
			i := idx[v]
			if i < 0 {
				continue
			}
			deg := 0
			for _, u := range adj[v] {
				if u == 3*n+outer {
					continue
				}
				deg++
				if j := idx[u]; j >= 0 {
					L.Set(i, j, L.At(i, j)-1)
				} else {
					b.Set(i, 0, b.At(i, 0)+pos[u][0])
					b.Set(i, 1, b.At(i, 1)+pos[u][1])
				}
			}
			L.Set(i, i, float64(deg))
		}
		var x mat.Dense
		if err := x.Solve(L, b); err != nil {
			return nil, fmt.Errorf("embed: the barycentric system is singular: %w", err)
		}
		for v := 0; v < nv; v++ {
			if i := idx[v]; i >= 0 {
				pos[v] = [2]float64{x.At(i, 0), x.At(i, 1)}
			}
		}
	}
	// The curve, along the orientation: the midpoint of edge l, then the crossing it enters.
	var pts []vec.V3
	e = 1
	for range 2 * n {
		ne := next(e)
		// The crossing e enters: where e and its successor sit on one strand.
		var at, height int
		found := false
		for _, h := range []int{first[e], partner[first[e]]} {
			v, j := h/4, h%4
			if c.X[v][(j+2)%4] != ne || j == 2 {
				continue
			}
			if j == 0 {
				at, height, found = v, -1, true
			} else {
				at, height, found = v, +1, true
			}
		}
		if !found {
			return nil, fmt.Errorf("embed: cannot tell which crossing edge %d enters", e)
		}
		p := pos[n+e-1]
		pts = append(pts, vec.V3{X: p[0], Y: p[1]})
		q := pos[at]
		pts = append(pts, vec.V3{X: q[0], Y: q[1], Z: float64(height)})
		e = ne
	}
	if lift <= 0 {
		short := math.Inf(1)
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			short = math.Min(short, math.Hypot(a.X-b.X, a.Y-b.Y))
		}
		lift = short / 3
	}
	if lift == 0 || math.IsInf(lift, 0) {
		return nil, errors.New("embed: degenerate drawing (two vertices coincide)")
	}
	for i := range pts {
		pts[i].Z *= lift
	}
	return pts, nil
}
