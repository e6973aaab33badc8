package knot

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Hitches around a pole (issue 14). A rope hitched to a pole is no knot on its own (take the
// pole away and it falls off: a clove or cow hitch closed far away is the unknot), and joined
// at its ends with the pole's axis it is a link whose type depends on which side of the pole
// the ends are joined — a clove hitch's ends leave on opposite sides. So the name is read the
// way a knot-tier reads it, from how the rope lies around the pole:
//
//   - The rope's cylinder coordinates about the pole's axis: θ (angle about the axis), z
//     (along it) and ρ (distance from it). The rope must lie on the pole: its nearest node
//     at most HitchTouch rope radii from the pole's surface. The turns are the nodes within
//     the hitch's grip, ρ ≤ that nearest ρ + HitchZone rope radii (so the strands that cross
//     over the turns are in, loose or tight) and z within the pole's length (grown by that
//     distance), from the first such node to the last; the tails are the rest.
//   - Crossings: the segments of the turns projected radially onto the cylinder (θ, z), the
//     strand farther from the axis over. An end is pinched when, walking from that end of
//     the rope, the first crossing it meets has it under: the tail leaves from under another
//     part of the rope, pressed onto the pole.
//   - Winding: the angle the rope sweeps about the axis between the first crossing and the
//     last, in turns (signed: counter-clockwise about the axis from a to b, walking from the
//     rope's first node, is positive), so that the tails, which may leave the pole in any
//     direction, do not count; and the sweep, the angle over all the turns with every step
//     counted positive.
//
// Then, with both ends pinched:
//
//	clove hitch   winding 2 turns (|winding| within ½ of 2): two turns the same way
//	cow hitch     winding 0 (|winding| < ½) and a total sweep of at least 1½ turns: two
//	              turns of opposite senses (a girth or lark's head hitch)
//
// Anything else (a rope lying against the pole, a round turn whose ends are not pinched, a
// single half hitch) gets no name. Both hands of the clove hitch are a clove hitch.
const (
	HitchTouch = 4
	HitchZone  = 8
)

// HitchResult is the practical name of a rope around a pole and the measures it came from.
type HitchResult struct {
	Name      string  `json:"name"`      // "clove hitch", "cow hitch", or "" (no hitch)
	Winding   float64 `json:"winding"`   // turns about the axis between the first crossing and the last, signed
	Sweep     float64 `json:"sweep"`     // the same, every step counted positive, turns
	Nodes     int     `json:"nodes"`     // nodes within the pole's grip
	PinnedA   bool    `json:"pinned_a"`  // the first node's end leaves from under another strand
	PinnedB   bool    `json:"pinned_b"`  // the last node's end likewise
	Crossings int     `json:"crossings"` // crossings of the turns on the cylinder
}

// Explain is one line on how the name was reached.
func (h HitchResult) Explain() string {
	pin := func(b bool) string {
		if b {
			return "pinched"
		}
		return "free"
	}
	return fmt.Sprintf("%.2f turns about the pole (%.2f swept), %d crossings on it, ends %s and %s", h.Winding, h.Sweep, h.Crossings, pin(h.PinnedA), pin(h.PinnedB))
}

// Hitch names the hitch, if any, that the open rope pts makes around the pole whose axis runs
// from a to b with radius poleRadius, for a rope of radius ropeRadius (all in m). It fails for
// a degenerate pole or rope, or coordinates that are not finite.
func Hitch(pts []vec.V3, a, b vec.V3, poleRadius, ropeRadius float64) (HitchResult, error) {
	var h HitchResult
	ax := b.Sub(a)
	l := ax.Norm()
	if !(l > 0) || math.IsInf(l, 0) || !a.IsFinite() || !(poleRadius >= 0) || math.IsInf(poleRadius, 0) || !(ropeRadius > 0) || math.IsInf(ropeRadius, 0) {
		return h, fmt.Errorf("knot: hitch: bad pole (%v to %v, radius %v) or rope radius %v", a, b, poleRadius, ropeRadius)
	}
	if len(pts) < 2 {
		return h, errors.New("knot: hitch: a rope needs at least 2 points")
	}
	u := ax.Scale(1 / l)
	e1 := u.AnyPerp()
	e2 := u.Cross(e1)
	n := len(pts)
	cyl := make([]cylPoint, n)
	near := math.Inf(1)
	for i, p := range pts {
		if !p.IsFinite() {
			return h, fmt.Errorf("knot: hitch: point %d is not finite: %v", i, p)
		}
		d := p.Sub(a)
		z := d.Dot(u)
		x, y := d.Dot(e1), d.Dot(e2)
		cyl[i] = cylPoint{theta: math.Atan2(y, x), z: z, rho: math.Hypot(x, y)}
		if z >= 0 && z <= l {
			near = math.Min(near, cyl[i].rho)
		}
	}
	if !(near <= poleRadius+HitchTouch*ropeRadius) {
		return h, nil
	}
	reach := near + HitchZone*ropeRadius
	first, last := -1, -1
	for i := range cyl {
		c := &cyl[i]
		c.in = c.rho <= reach && c.z >= -reach && c.z <= l+reach
		if c.in {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 || first == last {
		return h, nil
	}
	// Unwrapped angle along the turns.
	cyl[first].cum = 0
	for i := first; i < last; i++ {
		d := wrapAngle(cyl[i+1].theta - cyl[i].theta)
		cyl[i+1].cum = cyl[i].cum + d
		h.Sweep += math.Abs(d)
	}
	for i := first; i <= last; i++ {
		if cyl[i].in {
			h.Nodes++
		}
	}
	h.Sweep /= 2 * math.Pi
	// Crossings of the radial projection, in (arc length at the pole's grip, z).
	scale := poleRadius + ropeRadius
	firstX, lastX := math.Inf(1), math.Inf(-1) // positions along the rope (segment + t) of the first and last crossing
	var firstOver, lastOver bool
	for i := first; i < last; i++ {
		if !cyl[i].in || !cyl[i+1].in {
			continue
		}
		for j := i + 2; j < last; j++ {
			if !cyl[j].in || !cyl[j+1].in {
				continue
			}
			s, t, ok := cylCross(cyl[i], cyl[i+1], cyl[j], cyl[j+1], scale)
			if !ok {
				continue
			}
			h.Crossings++
			ri := cyl[i].rho + s*(cyl[i+1].rho-cyl[i].rho)
			rj := cyl[j].rho + t*(cyl[j+1].rho-cyl[j].rho)
			for _, x := range [2]struct {
				pos  float64
				over bool
			}{{float64(i) + s, ri > rj}, {float64(j) + t, rj > ri}} {
				if x.pos < firstX {
					firstX, firstOver = x.pos, x.over
				}
				if x.pos > lastX {
					lastX, lastOver = x.pos, x.over
				}
			}
		}
	}
	if h.Crossings > 0 {
		h.PinnedA, h.PinnedB = !firstOver, !lastOver
		at := func(x float64) float64 {
			i := int(x)
			return cyl[i].cum + (x-float64(i))*(cyl[i+1].cum-cyl[i].cum)
		}
		h.Winding = (at(lastX) - at(firstX)) / (2 * math.Pi)
	}
	if h.PinnedA && h.PinnedB {
		w := math.Abs(h.Winding)
		switch {
		case math.Abs(w-2) < 0.5:
			h.Name = "clove hitch"
		case w < 0.5 && h.Sweep >= 1.5:
			h.Name = "cow hitch"
		}
	}
	return h, nil
}

type cylPoint struct {
	theta, z, rho float64
	cum           float64 // unwrapped angle from the first node of the turns, rad
	in            bool
}

// wrapAngle returns d moved into (−π, π].
func wrapAngle(d float64) float64 {
	for d > math.Pi {
		d -= 2 * math.Pi
	}
	for d <= -math.Pi {
		d += 2 * math.Pi
	}
	return d
}

// cylCross reports whether segments p0p1 and q0q1, projected radially onto the cylinder
// (angle scaled to arc length by scale, and z), cross, with the parameters of the crossing
// on each. Each segment sweeps less than π about the axis, so the second is tried at the one
// angular offset (a multiple of 2π) that brings its start within π of the first's start, and
// at the offsets either side of it.
func cylCross(p0, p1, q0, q1 cylPoint, scale float64) (s, t float64, ok bool) {
	pa0 := p0.theta
	pa1 := pa0 + wrapAngle(p1.theta-p0.theta)
	qa0 := pa0 + wrapAngle(q0.theta-pa0)
	qa1 := qa0 + wrapAngle(q1.theta-q0.theta)
	for _, k := range [3]float64{0, -2 * math.Pi, 2 * math.Pi} {
		s, t, ok = segCross2(pa0*scale, p0.z, pa1*scale, p1.z, (qa0+k)*scale, q0.z, (qa1+k)*scale, q1.z)
		if ok {
			return s, t, true
		}
	}
	return 0, 0, false
}

// segCross2 intersects the 2-D segments (ax, ay)–(bx, by) and (cx, cy)–(dx, dy): a proper
// crossing with parameters s, t in [0, 1).
func segCross2(ax, ay, bx, by, cx, cy, dx, dy float64) (s, t float64, ok bool) {
	rx, ry := bx-ax, by-ay
	qx, qy := dx-cx, dy-cy
	den := rx*qy - ry*qx
	if den == 0 {
		return 0, 0, false
	}
	wx, wy := cx-ax, cy-ay
	s = (wx*qy - wy*qx) / den
	t = (wx*ry - wy*rx) / den
	if s < 0 || s >= 1 || t < 0 || t >= 1 {
		return 0, 0, false
	}
	return s, t, true
}
