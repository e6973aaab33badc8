package layout

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Margin is the relative clearance every layout keeps: parts of the rope that are not
// neighbours along it stay at least 2R·(1+Margin) apart (axis to axis), and the axis stays at
// least R·(1+Margin) from the surface of any obstacle the rope goes around.
const Margin = 0.3

// Loose is the factor by which a knot's size exceeds the smallest size that still keeps the
// clearance of Margin: 1 would be "just loose enough", larger values are looser.
const Loose = 1.15

// Options describe the rope to lay.
type Options struct {
	Links  int     // number of links; a layout has Links+1 points
	Link   float64 // length of every link, > 0
	Radius float64 // rope radius R, > 0
	// Done, if not nil, abandons a layout search when it is closed (a context's Done
	// channel): the layout then returns ErrCancelled.
	Done <-chan struct{}
}

// ErrCancelled is returned by a layout whose Options.Done was closed during its search.
var ErrCancelled = errors.New("layout: cancelled")

func (o Options) cancelled() bool {
	if o.Done == nil {
		return false
	}
	select {
	case <-o.Done:
		return true
	default:
		return false
	}
}

func (o Options) check() error {
	if o.Links < 1 {
		return fmt.Errorf("layout: %d links; need at least 1", o.Links)
	}
	if !(o.Link > 0) || math.IsInf(o.Link, 0) {
		return fmt.Errorf("layout: link length %v must be positive and finite", o.Link)
	}
	if !(o.Radius > 0) || math.IsInf(o.Radius, 0) {
		return fmt.Errorf("layout: radius %v must be positive and finite", o.Radius)
	}
	return nil
}

// Gap is the smallest axis distance a layout keeps between parts of the rope that are not
// neighbours along it: 2R·(1+Margin).
func (o Options) Gap() float64 { return 2 * o.Radius * (1 + Margin) }

// LocalSkip is the smallest index difference |i−j| of two segments that a layout keeps at
// least Gap apart. Segments closer along the rope than that are neighbours: on a straight
// rope, segments i and i+k are (k−1)·Link apart, so when Link < Gap the segments i and i+2
// cannot be Gap apart. LocalSkip = 1 + ⌈Gap/Link⌉, at least 2 (the simulator's own notion of
// non-adjacent segments).
func (o Options) LocalSkip() int {
	k := 1 + int(math.Ceil(o.Gap()/o.Link-1e-9))
	if k < 2 {
		k = 2
	}
	return k
}

// NearGap is the smallest axis distance a layout keeps between segments that are near each
// other along the rope (less than NearArc of rope between them) without being neighbours:
// 2R·(1+Margin/2). At a bend the chord across a few links is shorter than the rope between
// them, however large the knot is made, so near pairs get half the margin of far ones.
func (o Options) NearGap() float64 { return 2 * o.Radius * (1 + Margin/2) }

// NearArc is the length of rope, m, between two segments below which they count as near:
// 2·Gap.
func (o Options) NearArc() float64 { return 2 * o.Gap() }

// MinTail is the smallest number of links of each straight tail: at least 8 links and at
// least 16·R long, so that a puller has room.
func (o Options) MinTail() int {
	m := int(math.Ceil(16 * o.Radius / o.Link))
	if m < 8 {
		m = 8
	}
	return m
}

// Clearance returns the smallest axis distance between two non-adjacent segments (|i−j| ≥ 2,
// the pairs the simulator tests for contact) of the polyline pts, or +Inf if there are none.
// When Link < 2R·(1+Margin), neighbouring segments i and i+2 are at most Link apart whatever
// the layout; use ClearanceFar with Options.LocalSkip to measure the layout itself.
func Clearance(pts []vec.V3) float64 { return ClearanceFar(pts, 2) }

// ClearanceFar returns the smallest axis distance between segments i and j of the polyline pts
// with |i−j| ≥ skip, or +Inf if there are none.
func ClearanceFar(pts []vec.V3, skip int) float64 {
	if skip < 1 {
		skip = 1
	}
	best := math.Inf(1)
	n := len(pts) - 1
	for i := 0; i < n; i++ {
		// Cheap bounding test: skip pairs whose bounding boxes are farther apart than best.
		a0, a1 := pts[i], pts[i+1]
		for j := i + skip; j < n; j++ {
			b0, b1 := pts[j], pts[j+1]
			if boxGap(a0, a1, b0, b1) >= best {
				continue
			}
			_, _, d2 := vec.ClosestSegSeg(a0, a1, b0, b1)
			if d := math.Sqrt(d2); d < best {
				best = d
			}
		}
	}
	return best
}

// KeepsClearance reports whether the polyline pts keeps the layout clearances of o: segments i
// and j with |i−j| ≥ LocalSkip are at least Gap apart (axis to axis), or at least NearGap when
// less than NearArc of rope lies between them. It takes time linear in the number of segments
// (a uniform grid of cells at least Gap wide), so it serves ropes of a million links.
func KeepsClearance(pts []vec.V3, o Options) bool {
	n := len(pts) - 1
	if n < 1 {
		return true
	}
	skip := o.LocalSkip()
	gap, near := o.Gap(), o.NearGap()
	nearLinks := int(math.Ceil(o.NearArc()/o.Link)) + 1 // |i−j| below this: near
	var longest float64
	lo, hi := pts[0], pts[0]
	for i := 0; i < n; i++ {
		longest = math.Max(longest, pts[i].Dist(pts[i+1]))
		lo, hi = lo.Min(pts[i+1]), hi.Max(pts[i+1])
	}
	// Two segments closer than gap have midpoints closer than gap+longest in every axis.
	cell := gap + longest
	if !(cell > 0) || math.IsInf(cell, 0) {
		return false
	}
	type key struct{ x, y, z int64 }
	keyOf := func(p vec.V3) key {
		return key{int64(math.Floor((p.X - lo.X) / cell)), int64(math.Floor((p.Y - lo.Y) / cell)), int64(math.Floor((p.Z - lo.Z) / cell))}
	}
	grid := make(map[key][]int32, n)
	for i := 0; i < n; i++ {
		k := keyOf(pts[i].Lerp(pts[i+1], 0.5))
		grid[k] = append(grid[k], int32(i))
	}
	for i := 0; i < n; i++ {
		a0, a1 := pts[i], pts[i+1]
		c := keyOf(a0.Lerp(a1, 0.5))
		for dx := int64(-1); dx <= 1; dx++ {
			for dy := int64(-1); dy <= 1; dy++ {
				for dz := int64(-1); dz <= 1; dz++ {
					for _, j32 := range grid[key{c.x + dx, c.y + dy, c.z + dz}] {
						j := int(j32)
						if j < i+skip {
							continue
						}
						need := gap
						if j-i < nearLinks {
							need = near
						}
						b0, b1 := pts[j], pts[j+1]
						if boxGap(a0, a1, b0, b1) >= need {
							continue
						}
						if _, _, d2 := vec.ClosestSegSeg(a0, a1, b0, b1); d2 < need*need {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// boxGap is a lower bound of the distance between segments a0a1 and b0b1.
func boxGap(a0, a1, b0, b1 vec.V3) float64 {
	g := 0.0
	for _, p := range [3][4]float64{{a0.X, a1.X, b0.X, b1.X}, {a0.Y, a1.Y, b0.Y, b1.Y}, {a0.Z, a1.Z, b0.Z, b1.Z}} {
		amin, amax := math.Min(p[0], p[1]), math.Max(p[0], p[1])
		bmin, bmax := math.Min(p[2], p[3]), math.Max(p[2], p[3])
		d := math.Max(bmin-amax, amin-bmax)
		if d > g {
			g = d
		}
	}
	return g
}

// PoleClearance returns the smallest distance from the axis of the polyline pts to the surface
// of an infinite vertical (z) cylinder of radius poleRadius whose axis passes through axisPoint.
// It is negative where the rope axis is inside the pole.
func PoleClearance(pts []vec.V3, axisPoint vec.V3, poleRadius float64) float64 {
	best := math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		a := pts[i].Sub(axisPoint)
		b := pts[i+1].Sub(axisPoint)
		a.Z, b.Z = 0, 0
		_, d2 := vec.ClosestPointSeg(vec.V3{}, a, b)
		if d := math.Sqrt(d2) - poleRadius; d < best {
			best = d
		}
	}
	return best
}

// RingClearance returns the smallest distance from the axis of the polyline pts to the surface
// of the torus with the given center, axis, major radius and tube radius (each segment is
// sampled at 16 points). It is negative where the rope axis is inside the tube.
func RingClearance(pts []vec.V3, center, axis vec.V3, major, tube float64) float64 {
	ax := axis.Unit()
	best := math.Inf(1)
	for i := 0; i+1 < len(pts); i++ {
		for k := 0; k <= 16; k++ {
			p := pts[i].Lerp(pts[i+1], float64(k)/16).Sub(center)
			h := p.Dot(ax)
			rho := p.Sub(ax.Scale(h)).Norm()
			if d := math.Hypot(rho-major, h) - tube; d < best {
				best = d
			}
		}
	}
	return best
}

// piece is the middle part of a layout: a dense polyline along which the rope runs, from
// core[0] to core[len-1], and the unit directions of the two straight tails: the start tail
// lies on core[0] + uS·s and the end tail on core[end] + uE·s, s ≥ 0. The core must meet its
// tails with matching tangents.
type piece struct {
	core   []vec.V3
	uS, uE vec.V3
}

// step moves a cursor along the polyline poly to the first later point at chord distance l.
type cursor struct {
	seg int
	p   vec.V3
}

func step(poly []vec.V3, c cursor, l float64) (cursor, bool) {
	for k := c.seg; k+1 < len(poly); k++ {
		e := poly[k+1]
		if e.Dist2(c.p) < l*l {
			continue
		}
		s := poly[k]
		if k == c.seg {
			s = c.p
		}
		d := e.Sub(s)
		a := s.Sub(c.p)
		qa, qb, qc := d.Dot(d), a.Dot(d), a.Dot(a)-l*l
		if qa == 0 {
			return cursor{k + 1, e}, true
		}
		t := (-qb + math.Sqrt(math.Max(qb*qb-qa*qc, 0))) / qa
		t = math.Max(0, math.Min(1, t))
		return cursor{k, s.Add(d.Scale(t))}, true
	}
	return c, false
}

// assemble lays Links links of length Link along the piece: a straight start tail, the core
// walked with exact chords, and a straight end tail, the two tails as equal as possible. With
// links < 0 it uses the shortest allowed tails. It also returns the minimum number of links.
func assemble(p piece, o Options, links int) ([]vec.V3, int, error) {
	if len(p.core) < 2 {
		return nil, 0, errors.New("layout: empty core")
	}
	l := o.Link
	last := p.core[len(p.core)-1]
	var coreLen float64
	for i := 1; i < len(p.core); i++ {
		coreLen += p.core[i].Dist(p.core[i-1])
	}
	ext := append(append([]vec.V3(nil), p.core...), last.Add(p.uE.Scale(coreLen+4*l)))
	c := cursor{0, p.core[0]}
	var walk []vec.V3
	for {
		var ok bool
		c, ok = step(ext, c, l)
		if !ok {
			return nil, 0, errors.New("layout: walk ran off the core")
		}
		walk = append(walk, c.p)
		if c.seg >= len(p.core)-1 {
			break
		}
	}
	k := len(walk)
	m := o.MinTail()
	minLinks := k + 2*m - 1
	if links < 0 {
		links = minLinks
	}
	if links < minLinks {
		return nil, minLinks, fmt.Errorf("layout: %d links are too few; this layout needs at least %d", links, minLinks)
	}
	e := walk[k-1].Dist(last) / l
	rem := links - k
	a := int(math.Round((float64(rem) + e) / 2))
	a = max(m, min(a, rem-(m-1)))
	b := rem - a
	pts := make([]vec.V3, 0, links+1)
	for i := a; i >= 1; i-- {
		pts = append(pts, p.core[0].Add(p.uS.Scale(float64(i)*l)))
	}
	pts = append(pts, p.core[0])
	pts = append(pts, walk...)
	end := walk[k-1]
	for j := 1; j <= b; j++ {
		pts = append(pts, end.Add(p.uE.Scale(float64(j)*l)))
	}
	return pts, minLinks, nil
}

// obstacle returns the clearance of pts from an obstacle's surface.
type obstacle func(pts []vec.V3) float64

// fits reports whether the layout with the shortest tails keeps the clearances.
func fits(p piece, o Options, obs obstacle) bool {
	pts, _, err := assemble(p, o, -1)
	if err != nil {
		return false
	}
	if !KeepsClearance(pts, o) {
		return false
	}
	if obs != nil && obs(pts) < o.Radius*(1+Margin) {
		return false
	}
	return true
}

// search finds the smallest size factor s ≥ s0 on a geometric grid for which gen(s) keeps the
// clearances, enlarges it by Loose, and lays the rope along gen(Loose·s).
func search(name string, o Options, s0 float64, gen func(s float64) (piece, error), obs obstacle) ([]vec.V3, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	// tooLong is set when a size needs far more links than the rope has (limit): larger sizes
	// need more, so the search stops there instead of growing the knot (and its cost) without
	// bound. Up to the limit it goes on, so that the error can say the exact minimum.
	tooLong, limit := 0, 8*o.Links+1000
	var fatal error
	ok := func(s float64) bool {
		p, err := gen(s)
		if errors.Is(err, errCurveTooLong) {
			fatal = err
		}
		if err != nil {
			return false
		}
		if _, minLinks, err := assemble(p, o, -1); err == nil && minLinks > limit {
			tooLong = max(tooLong, minLinks)
			return false
		}
		return fits(p, o, obs)
	}
	// Coarse steps up to the first fit, then refine downwards.
	s := s0
	found := false
	for i := 0; i < 30; i++ {
		if o.cancelled() {
			return nil, ErrCancelled
		}
		if ok(s) {
			found = true
			break
		}
		if fatal != nil {
			return nil, fmt.Errorf("layout: %s: %w: it would take more than %d points sampled every %.2g m (an eighth of the link length or the rope radius, whichever is smaller); use a smaller obstacle or a thicker rope", name, fatal, maxCurveSamples, math.Min(o.Link, o.Radius)/8)
		}
		if tooLong > 0 {
			return nil, fmt.Errorf("layout: %s: a rope of %d links of %g m is far too short to lay this knot loosely at radius %g m (clearance 2R·%.2f): it needs more than %d links; use more or longer links, or a thinner rope",
				name, o.Links, o.Link, o.Radius, 1+Margin, limit)
		}
		s *= 1.25
	}
	if !found {
		return nil, fmt.Errorf("layout: %s: no size up to %.3g keeps the clearance", name, s)
	}
	for i := 0; i < 8 && s/1.03 >= s0 && ok(s/1.03); i++ {
		s /= 1.03
	}
	s *= Loose
	for i := 0; i < 40 && !ok(s); i++ {
		if o.cancelled() {
			return nil, ErrCancelled
		}
		s *= 1.03
	}
	p, err := gen(s)
	if err != nil {
		return nil, err
	}
	pts, minLinks, err := assemble(p, o, o.Links)
	if err != nil {
		if minLinks > o.Links {
			return nil, &TooFewLinksError{Name: name, Links: o.Links, Radius: o.Radius, Need: minLinks}
		}
		return nil, fmt.Errorf("layout: %s: %w", name, err)
	}
	return pts, nil
}

// TooFewLinksError is a layout that needs more links than the rope has.
type TooFewLinksError struct {
	Name   string  // the layout
	Links  int     // the rope's links
	Radius float64 // the rope's radius, m
	Need   int     // the links this layout needs at least
}

func (e *TooFewLinksError) Error() string {
	return fmt.Sprintf("layout: %s: %d links are too few at radius %g m; this layout needs at least %d", e.Name, e.Links, e.Radius, e.Need)
}

// Straight lays the rope straight from the point from in the direction dir.
func Straight(o Options, from, dir vec.V3) ([]vec.V3, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	u := dir.Unit()
	if u.Norm2() == 0 || !u.IsFinite() || !from.IsFinite() {
		return nil, fmt.Errorf("layout: straight: bad start %v or direction %v", from, dir)
	}
	pts := make([]vec.V3, o.Links+1)
	for i := range pts {
		pts[i] = from.Add(u.Scale(float64(i) * o.Link))
	}
	return pts, nil
}
