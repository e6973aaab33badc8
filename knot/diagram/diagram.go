// Package diagram turns closed polygons in space (a closed rope, or an open rope closed by one of
// the closures of closure.go) into a knot diagram: the polygons are projected along a direction
// onto a plane, every crossing of the projection is found with over/under from the height along
// the direction, and the result is a PD code (package pd) plus, per crossing, its sign and the
// components that meet there (for linking numbers).
//
// Projections that are not in general position — a crossing too near a vertex, two crossings too
// near each other, a segment nearly parallel to the direction, nearly equal heights at a
// crossing, overlapping segments — are reported as ErrDegenerate and never guessed: the caller
// picks another direction (FindDirection does so). This is the paper's degenerate case 2
// (several crossings projecting to almost the same point) handled by rejecting instead of
// waiting for the next frame.
package diagram

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// ErrDegenerate is reported (wrapped in a *DegenerateError) when the projection along the given
// direction is not in general position within the tolerances; another direction will do.
var ErrDegenerate = errors.New("diagram: projection not in general position")

// ErrInput is reported for polygons that no direction can project: fewer than 3 points, a
// repeated consecutive point (zero-length segment) or a non-finite coordinate.
var ErrInput = errors.New("diagram: invalid polygon")

// DegenerateError says why a projection was rejected; errors.Is(err, ErrDegenerate) holds.
type DegenerateError struct {
	Reason string
	Seg    [2]int // global segment indices involved (−1 when not applicable)
}

func (e *DegenerateError) Error() string {
	return fmt.Sprintf("%v: %s (segments %d, %d)", ErrDegenerate, e.Reason, e.Seg[0], e.Seg[1])
}

// Is makes errors.Is(err, ErrDegenerate) true.
func (e *DegenerateError) Is(target error) bool { return target == ErrDegenerate }

func degenerate(reason string, i, j int) error {
	return &DegenerateError{Reason: reason, Seg: [2]int{i, j}}
}

// Default tolerances of a Projector (see the fields).
const (
	DefaultRelTol = 1e-8
	DefaultSinTol = 1e-6
)

// Crossing is one crossing of a diagram.
type Crossing struct {
	Sign        int // +1 right-handed, −1 left-handed
	Over, Under int // component indices of the over- and under-strand
	// OverSeg, UnderSeg are global segment indices (segments numbered consecutively over the
	// components, segment k of a component joining its point k to point k+1, the last one
	// closing the polygon) and OverT, UnderT the parameters ∈ (0,1) along them.
	OverSeg, UnderSeg int
	OverT, UnderT     float64
}

// Diagram is a knot or link diagram: its PD code (crossing i of Code.X is Crossings[i]) and
// the data the code alone does not keep reliably.
type Diagram struct {
	Code       pd.Code
	Crossings  []Crossing
	Components int
}

// Writhe returns the sum of the crossing signs.
func (d Diagram) Writhe() int {
	w := 0
	for _, c := range d.Crossings {
		w += c.Sign
	}
	return w
}

// LinkingNumber returns the linking number of components i and j (half the sum of the signs of
// the crossings between them). For i == j it returns the writhe of component i's own crossings
// (self-crossings), which is not an invariant.
func (d Diagram) LinkingNumber(i, j int) int {
	s := 0
	for _, c := range d.Crossings {
		if (c.Over == i && c.Under == j) || (c.Over == j && c.Under == i) {
			s += c.Sign
		}
	}
	if i == j {
		return s
	}
	return s / 2
}

// Clone returns a copy that does not share memory with d (a Projector's results alias its
// buffers).
func (d Diagram) Clone() Diagram {
	return Diagram{
		Code:       pd.Code{X: slices.Clone(d.Code.X), Loops: d.Code.Loops},
		Crossings:  slices.Clone(d.Crossings),
		Components: d.Components,
	}
}

// Projector computes diagrams reusing its buffers: after the first few calls of a given size
// Diagram allocates nothing (unless it reports an error). A Projector is not safe for
// concurrent use. The zero value is ready, with the default tolerances.
type Projector struct {
	// RelTol is the distance tolerance relative to the diagonal D of the projected bounding
	// box: a crossing closer than RelTol·D to a vertex or to another crossing along a segment,
	// an endpoint closer than RelTol·D to another segment, a projected segment shorter than
	// RelTol·D, or a height difference at a crossing below RelTol·D makes the projection
	// degenerate. Default 1e-8 (roundoff is ~1e-16·D/sin θ with sin θ ≥ SinTol, 1e-10·D).
	RelTol float64
	// SinTol bounds the sine of angles: two crossing segments closer than this to parallel in
	// the plane, a segment whose projection is shorter than SinTol times its length (nearly
	// parallel to the direction), or two consecutive segments folding back onto each other
	// within this angle are degenerate. Default 1e-6.
	SinTol float64

	pu, pv, ph []float64 // projected points, height
	compOf     []int32   // component of each segment
	segA, segB []int32   // point indices of each segment
	compStart  []int     // first segment of each component, plus total
	length     []float64 // projected length of each segment
	long       []int32   // segments handled outside the grid
	cellStart  []int32
	cellItems  []int32
	cellRange  [][4]int32 // x0, y0, x1, y1 of each short segment (x0 = −1 for long ones)
	hist       [2100]int32
	pass       []passage
	cross      []Crossing
	xs         []pd.X
	tol        float64
	sinTol     float64
}

type passage struct {
	seg   int32
	t     float64
	x     int32 // crossing index
	over  bool
	edgeI int32 // incoming edge label
	edgeO int32 // outgoing edge label
}

// Basis returns an orthonormal basis e1, e2 of the plane perpendicular to dir with
// e1 × e2 = dir/|dir|: the diagram is seen from the +dir side (points with larger height
// dir·p are over) and counter-clockwise means from e1 towards e2.
func Basis(dir vec.V3) (e1, e2, n vec.V3) {
	n = dir.Unit()
	e1 = n.AnyPerp()
	e2 = n.Cross(e1)
	return e1, e2, n
}

// FromPolygons returns the PD code of the closed polygons comps (the last point of each joins
// its first) projected along dir. Edges are numbered consecutively along each component,
// components in order; a component without crossings adds to Code.Loops.
func FromPolygons(comps [][]vec.V3, dir vec.V3) (pd.Code, error) {
	d, err := Project(comps, dir)
	return d.Code, err
}

// Project is FromPolygons with the per-crossing signs and components; the result is freshly
// allocated.
func Project(comps [][]vec.V3, dir vec.V3) (Diagram, error) {
	var p Projector
	d, err := p.Diagram(comps, dir)
	if err != nil {
		return Diagram{}, err
	}
	return d.Clone(), nil
}

// Diagram projects the closed polygons comps along dir. The result aliases p's buffers and is
// valid until the next call; Clone it to keep it.
func (p *Projector) Diagram(comps [][]vec.V3, dir vec.V3) (Diagram, error) {
	if !dir.IsFinite() || dir.Norm2() == 0 {
		return Diagram{}, fmt.Errorf("%w: direction %v", ErrInput, dir)
	}
	if err := p.project(comps, dir); err != nil {
		return Diagram{}, err
	}
	if err := p.findCrossings(); err != nil {
		return Diagram{}, err
	}
	return p.build(len(comps))
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// project fills the projected points and segment tables and checks the segments.
func (p *Projector) project(comps [][]vec.V3, dir vec.V3) error {
	e1, e2, nd := Basis(dir)
	np := 0
	for k, c := range comps {
		if len(c) < 3 {
			return fmt.Errorf("%w: component %d has %d points, want ≥ 3", ErrInput, k, len(c))
		}
		np += len(c)
	}
	p.pu, p.pv, p.ph = grow(p.pu, np), grow(p.pv, np), grow(p.ph, np)
	p.compOf, p.segA, p.segB = grow(p.compOf, np), grow(p.segA, np), grow(p.segB, np)
	p.length = grow(p.length, np)
	p.compStart = grow(p.compStart, len(comps)+1)
	minU, minV := math.Inf(1), math.Inf(1)
	maxU, maxV := math.Inf(-1), math.Inf(-1)
	i := 0
	for k, c := range comps {
		p.compStart[k] = i
		for j, q := range c {
			if !q.IsFinite() {
				return fmt.Errorf("%w: component %d point %d is %v", ErrInput, k, j, q)
			}
			u, v := q.Dot(e1), q.Dot(e2)
			p.pu[i], p.pv[i], p.ph[i] = u, v, q.Dot(nd)
			minU, maxU = math.Min(minU, u), math.Max(maxU, u)
			minV, maxV = math.Min(minV, v), math.Max(maxV, v)
			p.compOf[i] = int32(k)
			p.segA[i] = int32(i)
			if j+1 < len(c) {
				p.segB[i] = int32(i + 1)
			} else {
				p.segB[i] = int32(p.compStart[k])
			}
			i++
		}
	}
	p.compStart[len(comps)] = np
	diag := math.Hypot(maxU-minU, maxV-minV)
	p.tol = p.RelTol
	if p.tol <= 0 {
		p.tol = DefaultRelTol
	}
	p.tol *= diag
	p.sinTol = p.SinTol
	if p.sinTol <= 0 {
		p.sinTol = DefaultSinTol
	}
	for k, c := range comps {
		base := p.compStart[k]
		for j := range c {
			a, b := c[j], c[(j+1)%len(c)]
			l3 := a.Dist(b)
			if l3 == 0 {
				return fmt.Errorf("%w: component %d points %d and %d coincide", ErrInput, k, j, (j+1)%len(c))
			}
			g := base + j
			l2 := math.Hypot(p.pu[p.segB[g]]-p.pu[g], p.pv[p.segB[g]]-p.pv[g])
			p.length[g] = l2
			if l2 <= p.tol || l2 < p.sinTol*l3 {
				return degenerate("segment nearly parallel to the direction", g, -1)
			}
		}
		// Consecutive segments folding back onto each other in the projection.
		for j := range c {
			g, h := base+j, base+(j+1)%len(c)
			ru, rv := p.pu[p.segB[g]]-p.pu[g], p.pv[p.segB[g]]-p.pv[g]
			su, sv := p.pu[p.segB[h]]-p.pu[h], p.pv[p.segB[h]]-p.pv[h]
			if ru*su+rv*sv < 0 && math.Abs(ru*sv-rv*su) <= p.sinTol*p.length[g]*p.length[h] {
				return degenerate("consecutive segments fold back in the projection", g, h)
			}
		}
	}
	return nil
}

// adjacent reports whether global segments i and j share a vertex (or are the same).
func (p *Projector) adjacent(i, j int) bool {
	if i == j {
		return true
	}
	if p.compOf[i] != p.compOf[j] {
		return false
	}
	return p.segB[i] == p.segA[j] || p.segB[j] == p.segA[i]
}

// findCrossings fills p.cross with the crossings of the projected segments, using a uniform
// grid over the short segments and testing the long ones against everything.
func (p *Projector) findCrossings() error {
	p.cross = p.cross[:0]
	n := len(p.segA)
	// Typical segment length: the median of the binary exponents of the lengths.
	for i := range p.hist {
		p.hist[i] = 0
	}
	for _, l := range p.length[:n] {
		_, e := math.Frexp(l)
		p.hist[clampInt(e+1074, 0, len(p.hist)-1)]++
	}
	med, acc := 0, int32(0)
	for i, h := range p.hist {
		acc += h
		if 2*int(acc) >= n {
			med = i
			break
		}
	}
	typical := math.Ldexp(1, med-1074)
	longLen := 16 * typical
	// Bounding box of the short segments.
	p.long = p.long[:0]
	minU, minV := math.Inf(1), math.Inf(1)
	maxU, maxV := math.Inf(-1), math.Inf(-1)
	for g := range n {
		if p.length[g] > longLen {
			p.long = append(p.long, int32(g))
			continue
		}
		a, b := p.segA[g], p.segB[g]
		minU = math.Min(minU, math.Min(p.pu[a], p.pu[b]))
		maxU = math.Max(maxU, math.Max(p.pu[a], p.pu[b]))
		minV = math.Min(minV, math.Min(p.pv[a], p.pv[b]))
		maxV = math.Max(maxV, math.Max(p.pv[a], p.pv[b]))
	}
	nShort := n - len(p.long)
	p.cellRange = grow(p.cellRange, n)
	if nShort > 0 {
		w, h := maxU-minU, maxV-minV
		cell := math.Max(typical, math.Sqrt(w*h/float64(nShort)))
		cell = math.Max(cell, math.Max(w, h)/float64(4*nShort+4))
		if cell <= 0 {
			cell = 1
		}
		nx := clampInt(int(w/cell)+1, 1, 4*nShort+4)
		ny := clampInt(int(h/cell)+1, 1, 4*nShort+4)
		for nx*ny > 4*nShort+16 {
			cell *= 1.25
			nx = clampInt(int(w/cell)+1, 1, 4*nShort+4)
			ny = clampInt(int(h/cell)+1, 1, 4*nShort+4)
		}
		inv := 1 / cell
		tol := p.tol
		cx := func(u float64) int32 { return int32(clampInt(int((u-minU)*inv), 0, nx-1)) }
		cy := func(v float64) int32 { return int32(clampInt(int((v-minV)*inv), 0, ny-1)) }
		p.cellStart = grow(p.cellStart, nx*ny+1)
		for i := range p.cellStart {
			p.cellStart[i] = 0
		}
		total := 0
		for g := range n {
			if p.length[g] > longLen {
				p.cellRange[g] = [4]int32{-1, 0, 0, 0}
				continue
			}
			a, b := p.segA[g], p.segB[g]
			r := [4]int32{
				cx(math.Min(p.pu[a], p.pu[b]) - tol), cy(math.Min(p.pv[a], p.pv[b]) - tol),
				cx(math.Max(p.pu[a], p.pu[b]) + tol), cy(math.Max(p.pv[a], p.pv[b]) + tol),
			}
			p.cellRange[g] = r
			for y := r[1]; y <= r[3]; y++ {
				for x := r[0]; x <= r[2]; x++ {
					p.cellStart[int(y)*nx+int(x)+1]++
					total++
				}
			}
		}
		for i := 1; i < len(p.cellStart); i++ {
			p.cellStart[i] += p.cellStart[i-1]
		}
		p.cellItems = grow(p.cellItems, total)
		// Fill (cellStart[c] is advanced as the cursor, then restored).
		for g := range n {
			r := p.cellRange[g]
			if r[0] < 0 {
				continue
			}
			for y := r[1]; y <= r[3]; y++ {
				for x := r[0]; x <= r[2]; x++ {
					c := int(y)*nx + int(x)
					p.cellItems[p.cellStart[c]] = int32(g)
					p.cellStart[c]++
				}
			}
		}
		for c := len(p.cellStart) - 1; c > 0; c-- {
			p.cellStart[c] = p.cellStart[c-1]
		}
		p.cellStart[0] = 0
		for c := 0; c < nx*ny; c++ {
			items := p.cellItems[p.cellStart[c]:p.cellStart[c+1]]
			x, y := int32(c%nx), int32(c/nx)
			for ii, gi := range items {
				ri := p.cellRange[gi]
				for _, gj := range items[ii+1:] {
					rj := p.cellRange[gj]
					// Test each pair once: in the cell of the lower-left corner of the
					// overlap of their cell ranges.
					if max(ri[0], rj[0]) != x || max(ri[1], rj[1]) != y {
						continue
					}
					if err := p.testPair(int(gi), int(gj)); err != nil {
						return err
					}
				}
			}
		}
	}
	// Long segments against everything (each long pair once).
	for _, gl := range p.long {
		for g := range n {
			if p.cellRange[g][0] < 0 && g <= int(gl) {
				continue // long–long pairs: only with g > gl
			}
			if err := p.testPair(int(gl), g); err != nil {
				return err
			}
		}
	}
	return nil
}

func clampInt(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// testPair tests segments i and j for a crossing, appending it to p.cross, or reports a
// degenerate configuration.
func (p *Projector) testPair(i, j int) error {
	if p.adjacent(i, j) {
		return nil
	}
	tol := p.tol
	ai, bi, aj, bj := p.segA[i], p.segB[i], p.segA[j], p.segB[j]
	pu, pv := p.pu[ai], p.pv[ai]
	qu, qv := p.pu[aj], p.pv[aj]
	ru, rv := p.pu[bi]-pu, p.pv[bi]-pv
	su, sv := p.pu[bj]-qu, p.pv[bj]-qv
	// Bounding boxes, inflated by tol.
	if math.Max(pu, pu+ru)+tol < math.Min(qu, qu+su) || math.Max(qu, qu+su)+tol < math.Min(pu, pu+ru) ||
		math.Max(pv, pv+rv)+tol < math.Min(qv, qv+sv) || math.Max(qv, qv+sv)+tol < math.Min(pv, pv+rv) {
		return nil
	}
	li, lj := p.length[i], p.length[j]
	// Signed areas: d1, d2 of q, q+s against line i; d3, d4 of p, p+r against line j.
	d1 := ru*(qv-pv) - rv*(qu-pu)
	d2 := ru*(qv+sv-pv) - rv*(qu+su-pu)
	d3 := su*(pv-qv) - sv*(pu-qu)
	d4 := su*(pv+rv-qv) - sv*(pu+ru-qu)
	// Any endpoint within tol of the other segment: crossing at a vertex, touching, overlap.
	if math.Abs(d1) <= tol*li && pointSegDist(qu, qv, pu, pv, ru, rv, li) <= tol ||
		math.Abs(d2) <= tol*li && pointSegDist(qu+su, qv+sv, pu, pv, ru, rv, li) <= tol ||
		math.Abs(d3) <= tol*lj && pointSegDist(pu, pv, qu, qv, su, sv, lj) <= tol ||
		math.Abs(d4) <= tol*lj && pointSegDist(pu+ru, pv+rv, qu, qv, su, sv, lj) <= tol {
		return degenerate("a vertex projects (nearly) onto another segment", i, j)
	}
	if (d1 > 0) == (d2 > 0) || (d3 > 0) == (d4 > 0) {
		return nil
	}
	cr := ru*sv - rv*su
	if math.Abs(cr) <= p.sinTol*li*lj {
		return degenerate("crossing segments nearly parallel in the projection", i, j)
	}
	s := d3 / (d3 - d4)
	t := d1 / (d1 - d2)
	hi := p.ph[ai] + s*(p.ph[bi]-p.ph[ai])
	hj := p.ph[aj] + t*(p.ph[bj]-p.ph[aj])
	if math.Abs(hi-hj) <= tol {
		return degenerate("nearly equal heights at a crossing", i, j)
	}
	c := Crossing{}
	var ou, ov, uu, uv float64
	if hi > hj {
		c.Over, c.Under = int(p.compOf[i]), int(p.compOf[j])
		c.OverSeg, c.UnderSeg, c.OverT, c.UnderT = i, j, s, t
		ou, ov, uu, uv = ru, rv, su, sv
	} else {
		c.Over, c.Under = int(p.compOf[j]), int(p.compOf[i])
		c.OverSeg, c.UnderSeg, c.OverT, c.UnderT = j, i, t, s
		ou, ov, uu, uv = su, sv, ru, rv
	}
	// Right-handed (positive) when under × over < 0 in the counter-clockwise basis.
	if uu*ov-uv*ou < 0 {
		c.Sign = 1
	} else {
		c.Sign = -1
	}
	p.cross = append(p.cross, c)
	return nil
}

// pointSegDist is the distance from (x, y) to the segment (pu, pv) + [0,1]·(ru, rv) of
// length l > 0.
func pointSegDist(x, y, pu, pv, ru, rv, l float64) float64 {
	t := ((x-pu)*ru + (y-pv)*rv) / (l * l)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(x-pu-t*ru, y-pv-t*rv)
}

// build orders the passages along each component and writes the PD code.
func (p *Projector) build(ncomp int) (Diagram, error) {
	nc := len(p.cross)
	p.pass = grow(p.pass, 2*nc)[:0]
	for k, c := range p.cross {
		p.pass = append(p.pass,
			passage{seg: int32(c.OverSeg), t: c.OverT, x: int32(k), over: true},
			passage{seg: int32(c.UnderSeg), t: c.UnderT, x: int32(k)})
	}
	slices.SortFunc(p.pass, func(a, b passage) int {
		if a.seg != b.seg {
			return int(a.seg - b.seg)
		}
		switch {
		case a.t < b.t:
			return -1
		case a.t > b.t:
			return 1
		}
		return 0
	})
	for i := 1; i < len(p.pass); i++ {
		a, b := p.pass[i-1], p.pass[i]
		if a.seg == b.seg && (b.t-a.t)*p.length[a.seg] <= p.tol {
			return Diagram{}, degenerate("two crossings nearly coincide along a segment", int(a.seg), int(b.seg))
		}
	}
	// Edge labels: along each component, the edge leaving its m-th passage is base+m+1.
	loops := 0
	base := 0
	i := 0
	for k := range ncomp {
		end := i
		for end < len(p.pass) && int(p.compOf[p.pass[end].seg]) == k {
			end++
		}
		m := end - i
		if m == 0 {
			loops++
			continue
		}
		for q := 0; q < m; q++ {
			pp := &p.pass[i+q]
			pp.edgeO = int32(base + q + 1)
			pp.edgeI = int32(base + (q+m-1)%m + 1)
		}
		base += m
		i = end
	}
	p.xs = grow(p.xs, nc)
	for _, pp := range p.pass {
		x := &p.xs[pp.x]
		if !pp.over {
			x[0], x[2] = int(pp.edgeI), int(pp.edgeO)
		}
	}
	for _, pp := range p.pass {
		if !pp.over {
			continue
		}
		x := &p.xs[pp.x]
		if p.cross[pp.x].Sign > 0 { // over runs d → b
			x[1], x[3] = int(pp.edgeO), int(pp.edgeI)
		} else {
			x[1], x[3] = int(pp.edgeI), int(pp.edgeO)
		}
	}
	return Diagram{Code: pd.Code{X: p.xs, Loops: loops}, Crossings: p.cross, Components: ncomp}, nil
}
