package layout

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/knotsim/knotsim/vec"
)

// BendKind names a bend: a knot that joins two ends of rope (seed 003 §4.2.2, Fig. 4.4;
// Ashley, The Ashley Book of Knots, #1402 reef, #1207 thief, #1206 granny; the grief knot,
// Patil et al. 2020, Science 367:71, Fig. 1).
type BendKind string

// The bends Bend lays.
const (
	BendReef     BendKind = "reef"     // square knot: two half knots of opposite hands, tails on the same side
	BendGranny   BendKind = "granny"   // two half knots of the same hand
	BendThief    BendKind = "thief"    // the reef's core with the tails on opposite sides
	BendGrief    BendKind = "grief"    // the granny's core with the tails on opposite sides
	BendSurgeons BendKind = "surgeons" // a reef whose first throw has two turns
)

// BendKinds lists the bends in the order of the thesis's Fig. 4.4, then the surgeon's knot.
var BendKinds = []BendKind{BendReef, BendGranny, BendThief, BendGrief, BendSurgeons}

// BendLayout is a loop of rope whose two ends are tied together with a bend.
type BendLayout struct {
	Points []vec.V3 // Options.Links+1 points, successive points Options.Link apart
	// Standing holds the nodes where the two standing parts leave the knot for the loop: a
	// puller at each, pulling along Pull, loads the knot (the loop between them stays slack).
	Standing [2]int
	Pull     [2]vec.V3 // unit directions that pull the standing parts apart: −x and +x
	// Tails holds the free ends' nodes (0 and Links) and TailDir their outward directions.
	Tails   [2]int
	TailDir [2]vec.V3
}

// DefaultBendTail is the length of each free tail of a bend, in links, when Bend is given 0.
const DefaultBendTail = 8

// bendShape says how the two bights of a bend cross. The knot is two interlocked bights
// (U-shapes) in the xy plane: rope A's opens to −x (its turn around x = +c), rope B's to +x
// (its turn around x = −c). The legs of each bight are ±aIn apart where they pass inside the
// other's turn and ±aOut where they meet their own turn, so the top legs of A and B cross
// between x = −c and c, and so do the bottom legs: six crossings (A's turn over B's two legs,
// c3 and c4; B's turn with A's legs, c1 and c6; the middle crossings c2 top, c5 bottom).
// Each field is +1 when rope A passes over there, −1 when it passes under.
type bendShape struct {
	c1, c3, c4, c6 int
	top, bottom    int // sign of A's height at the middle crossings (the first, nearest x = −c)
	topTwists      int // crossings of the top legs between x = −c and c (odd: 1, or 3 for a double throw)
	// thief: B's standing part is its bottom leg (the tails leave on opposite sides).
	thief bool
}

// Granny: the alternating diagram, every crossing of the same sign, the two throws of the
// same hand (each rope closed on itself: the (2,6) torus link, linking number ±3). Reef: the
// second throw (c4, c5, c6: the crossings after A's turn) mirrored: A's turn lies over both of
// B's legs, B's turn under both of A's, and B's legs over A's in the middle (each rope closed
// on itself: unlinked, linking number 0).
var bendShapes = map[BendKind]bendShape{
	BendGranny:   {c1: 1, top: -1, c3: 1, c4: -1, bottom: 1, c6: -1, topTwists: 1},
	BendGrief:    {c1: 1, top: -1, c3: 1, c4: -1, bottom: 1, c6: -1, topTwists: 1, thief: true},
	BendReef:     {c1: 1, top: -1, c3: 1, c4: 1, bottom: -1, c6: 1, topTwists: 1},
	BendThief:    {c1: 1, top: -1, c3: 1, c4: 1, bottom: -1, c6: 1, topTwists: 1, thief: true},
	BendSurgeons: {c1: 1, top: -1, c3: 1, c4: 1, bottom: -1, c6: 1, topTwists: 3},
}

// ParseBend returns the bend named s ("reef", "granny", "thief", "grief", "surgeons").
func ParseBend(s string) (BendKind, error) {
	for _, k := range BendKinds {
		if string(k) == s {
			return k, nil
		}
	}
	names := make([]string, len(BendKinds))
	for i, k := range BendKinds {
		names[i] = string(k)
	}
	return "", fmt.Errorf("layout: unknown bend %q (have %s)", s, strings.Join(names, ", "))
}

// bendGeom holds the sizes of a bend's core in units of the size (Gap·s).
type bendGeom struct {
	aIn, aOut, c, h, hm, w, foot, bump float64
}

func newBendGeom(sh bendShape) bendGeom {
	g := bendGeom{aIn: 0.7, aOut: 1.7, c: 1.0, h: 0.8, hm: 0.56}
	if sh.topTwists > 1 {
		// B at phase φ−π sits where A is at φ, half a pitch along x: keep it a gap.
		g.c = 0.75 * float64(sh.topTwists)
	}
	g.w = (g.aOut - g.aIn) / 2
	g.bump = 1.6
	g.foot = g.c + math.Sqrt(g.aOut*g.aOut-g.aIn*g.aIn) + 0.3
	return g
}

// bumpAt is a smooth bump of height h and half-width w centred at x0 (cos², C¹).
func bumpAt(x, x0, w, h float64) float64 {
	d := (x - x0) / w
	if d <= -1 || d >= 1 {
		return 0
	}
	c := math.Cos(math.Pi * d / 2)
	return h * c * c
}

// bendCore returns ropes A and B of the knot in units of the size, each as a dense polyline
// from its top foot (x = ∓foot, y = aIn) to its bottom foot (y = −aIn), oriented as
// bendShape describes.
func bendCore(sh bendShape, gm bendGeom, ds float64) (a, b []vec.V3) {
	xc := math.Sqrt(gm.aOut*gm.aOut - gm.aIn*gm.aIn) // from a turn's centre to its crossings
	th3 := math.Asin(gm.aIn / gm.aOut)               // angle of the crossings on a turn
	ym := (gm.aIn + gm.aOut) / 2
	h := gm.h
	sample := func(dst []vec.V3, f func(t float64) vec.V3) []vec.V3 {
		pts := sampleCurve(f, 0, 1, ds)
		if len(dst) > 0 {
			pts = pts[1:]
		}
		return append(dst, pts...)
	}
	// Straight leg outside the knot at height y, from x0 to x1, crossing a turn at xCross with
	// A's sign sgn (ropeSign flips it for B).
	// The height rises to z at the crossing and stays there outward (|x| growing), so the
	// tails and the loop leave the knot straight.
	leg := func(dst []vec.V3, x0, x1, y, xCross float64, z float64) []vec.V3 {
		return sample(dst, func(t float64) vec.V3 {
			x := x0 + (x1-x0)*t
			if math.Abs(x) >= math.Abs(xCross) {
				return vec.V3{X: x, Y: y, Z: z}
			}
			return vec.V3{X: x, Y: y, Z: bumpAt(x, xCross, gm.bump, z)}
		})
	}
	// Middle legs between x = −c and c: half-turns of a double helix about y = ±ym.
	// n crossings; A's phase runs n·π → 0 from x = −c to c, ySign +1 for the top legs.
	middle := func(dst []vec.V3, fromX, toX float64, ySign float64, n int, zA float64, isA bool) []vec.V3 {
		return sample(dst, func(t float64) vec.V3 {
			x := fromX + (toX-fromX)*t
			phi := float64(n) * math.Pi * (gm.c - x) / (2 * gm.c)
			y := ym + gm.w*math.Cos(phi)
			z := zA * math.Sin(phi)
			if !isA {
				y = ym - gm.w*math.Cos(phi)
				z = -z
			}
			return vec.V3{X: x, Y: ySign * y, Z: z}
		})
	}
	// A turn about (cx, 0) from angle t0 to t1 with crossings at angles ca and cb (between
	// t0 and t1) where the height is za and zb: a C¹ spline through 0, za, zb, 0.
	turn := func(dst []vec.V3, cx, t0, t1, ca, za, cb, zb float64) []vec.V3 {
		d := func(th float64) float64 { return (th - t0) / (t1 - t0) }
		zf := spline1([]float64{0, d(ca), d(cb), 1}, []float64{0, za, zb, 0})
		return sample(dst, func(t float64) vec.V3 {
			th := t0 + (t1-t0)*t
			return vec.V3{X: cx + gm.aOut*math.Cos(th), Y: gm.aOut * math.Sin(th), Z: zf(t)}
		})
	}
	s := func(v int) float64 { return float64(v) * h }
	m := func(v int) float64 { return float64(v) * gm.hm }
	// Rope A: top leg from −foot, middle top, turn at +c (clockwise), middle bottom, bottom leg.
	a = leg(nil, -gm.foot, -gm.c, gm.aIn, -gm.c-xc, s(sh.c1))
	a = middle(a, -gm.c, gm.c, 1, sh.topTwists, m(sh.top), true)
	a = turn(a, gm.c, math.Pi/2, -math.Pi/2, th3, s(sh.c3), -th3, s(sh.c4))
	a = middle(a, gm.c, -gm.c, -1, 1, m(sh.bottom), true)
	a = leg(a, -gm.c, -gm.foot, -gm.aIn, -gm.c-xc, s(sh.c6))
	// Rope B: top leg from +foot, middle top, turn at −c (counter-clockwise), middle bottom.
	b = leg(nil, gm.foot, gm.c, gm.aIn, gm.c+xc, -s(sh.c3))
	b = middle(b, gm.c, -gm.c, 1, sh.topTwists, m(sh.top), false)
	b = turn(b, -gm.c, math.Pi/2, 3*math.Pi/2, math.Pi-th3, -s(sh.c1), math.Pi+th3, -s(sh.c6))
	b = middle(b, -gm.c, gm.c, -1, 1, m(sh.bottom), false)
	b = leg(b, gm.c, gm.foot, -gm.aIn, gm.c+xc, -s(sh.c4))
	return a, b
}

// bendPath lays the whole thread at size s (in m): tail A, the knot, the loop rising over it
// in +z with top height top (in units of the size), the knot again, tail B; both tails end
// far out (the walk stops at the rope's length). It returns the dense path, the indices in it
// of the two standing feet, and the tail directions.
func bendPath(k BendKind, o Options, s, top float64, tail float64) ([]vec.V3, [3]int, [2]vec.V3) {
	sh := bendShapes[k]
	gm := newBendGeom(sh)
	u := o.Gap() * s
	ds := math.Min(o.Link, o.Radius) / 8 / u
	a, b := bendCore(sh, gm, ds)
	scale := func(p []vec.V3) []vec.V3 {
		out := make([]vec.V3, len(p))
		for i, q := range p {
			out[i] = q.Scale(u)
		}
		return out
	}
	a, b = scale(a), scale(b)
	rev := func(p []vec.V3) []vec.V3 {
		out := make([]vec.V3, len(p))
		for i, q := range p {
			out[len(p)-1-i] = q
		}
		return out
	}
	// Thread: tail A (A's bottom leg) → A backwards → A's top foot → loop → B's standing foot
	// → B → B's other foot → tail B.
	bIn := b // B from its standing foot
	if sh.thief {
		bIn = rev(b) // B's standing part is its bottom leg
	}
	footL, footR := a[0], bIn[0]
	var path []vec.V3
	line := func(p, q vec.V3) {
		n := max(2, int(math.Ceil(p.Dist(q)/(ds*u))))
		for i := 1; i <= n; i++ {
			path = append(path, p.Lerp(q, float64(i)/float64(n)))
		}
	}
	aBack := rev(a)
	tailA := aBack[0].Add(vec.V3{X: -tail})
	path = append(path, tailA)
	line(tailA, aBack[0])
	path = append(path, aBack[1:]...)
	iL := len(path) - 1
	// Loop, in the vertical plane through the feet (y blends from one foot's to the other's):
	// a quarter turn up from −x, a riser, a quarter turn to +x, straight over the knot, and
	// the same down to the right foot, arriving along −x.
	rho := 0.7 * u
	v := top * u
	vR := v + footL.Z - footR.Z
	if vR < 0 {
		v, vR = v-vR, 0
	}
	type op struct{ arc, turn, l float64 } // arc: radius (0: straight of length l); turn: ±1
	ops := []op{{rho, 1, 0}, {0, 0, v}, {rho, 1, 0}, {0, 0, footR.X - footL.X}, {rho, 1, 0}, {0, 0, vR}, {rho, 1, 0}}
	var loop []vec.V3
	p, hd := footL, math.Pi // heading angle in the xz plane, from +x towards +z
	for _, q := range ops {
		if q.arc == 0 {
			n := max(1, int(math.Ceil(q.l/(ds*u))))
			d := vec.V3{X: math.Cos(hd), Z: math.Sin(hd)}
			for i := 1; i <= n; i++ {
				loop = append(loop, p.Add(d.Scale(q.l*float64(i)/float64(n))))
			}
			p = p.Add(d.Scale(q.l))
			continue
		}
		// Turning clockwise seen from +y... the loop turns from −x to +z: heading angle
		// decreases from π to π/2, and so on.
		n := max(4, int(math.Ceil(q.arc*math.Pi/2/(ds*u))))
		cx := p.X + q.arc*math.Cos(hd-math.Pi/2)
		cz := p.Z + q.arc*math.Sin(hd-math.Pi/2)
		a0 := hd + math.Pi/2
		for i := 1; i <= n; i++ {
			a := a0 - math.Pi/2*float64(i)/float64(n)
			loop = append(loop, vec.V3{X: cx + q.arc*math.Cos(a), Z: cz + q.arc*math.Sin(a)})
		}
		p = loop[len(loop)-1]
		hd -= math.Pi / 2
	}
	var ltot float64
	prev := footL
	for _, q := range loop {
		ltot += math.Hypot(q.X-prev.X, q.Z-prev.Z)
		prev = q
	}
	var lacc float64
	prev = footL
	for i := range loop {
		lacc += math.Hypot(loop[i].X-prev.X, loop[i].Z-prev.Z)
		prev = loop[i]
		loop[i].Y = footL.Y + (footR.Y-footL.Y)*lacc/ltot
	}
	loop[len(loop)-1] = footR
	path = append(path, loop...)
	iR := len(path) - 1
	path = append(path, bIn[1:]...)
	iE := len(path) - 1
	end := path[len(path)-1]
	tailB := end.Add(vec.V3{X: 4 * float64(o.Links) * o.Link})
	line(end, tailB)
	return path, [3]int{iL, iR, iE}, [2]vec.V3{{X: -1}, {X: 1}}
}

// walkChords walks path with chords of length l from its first point and returns up to
// links+1 points and, for each index in marks, the walked node nearest to that path point.
func walkChords(path []vec.V3, l float64, links int, marks [3]int) ([]vec.V3, [3]int, bool) {
	pts := []vec.V3{path[0]}
	c := cursor{0, path[0]}
	got := [3]int{-1, -1, -1}
	for len(pts) <= links {
		var ok bool
		c, ok = step(path, c, l)
		if !ok {
			return pts, got, false
		}
		pts = append(pts, c.p)
		for m, idx := range marks {
			if got[m] < 0 && c.seg >= idx {
				got[m] = len(pts) - 1
			}
		}
	}
	return pts, got, true
}

// Bend lays a loop of rope whose two ends are tied together with the bend k, loosely: the
// knot lies in the xy plane about the origin, the standing parts leave it along ∓x (at
// Standing), the loop joining them rises over the knot in +z, and the two free tails, tail
// links long (0: DefaultBendTail), leave along ∓x too, beside the standing parts (reef,
// granny, surgeon's: both tails on the −y side; thief, grief: tail A on −y, tail B on +y).
// The knot is built at the smallest size (on a grid of 5 % steps) that keeps the clearances of
// o — not times Loose: a thread of 150 vertices at r = l0 (seed 003 Table 4.1) has no rope to
// spare — and the loop takes up the rest of the rope. Pulling the standing parts apart
// tightens the bend. The surgeon's knot needs about 180 vertices at r = l0.
func Bend(o Options, k BendKind, tail int) (BendLayout, error) {
	if err := o.check(); err != nil {
		return BendLayout{}, err
	}
	if _, ok := bendShapes[k]; !ok {
		_, err := ParseBend(string(k))
		return BendLayout{}, err
	}
	if tail == 0 {
		tail = DefaultBendTail
	}
	if tail < 2 {
		return BendLayout{}, fmt.Errorf("layout: bend %s: tails of %d links; need at least 2", k, tail)
	}
	// lay returns the layout at size s with the loop sized to leave tail links for tail B, or
	// ok = false when the rope is too short for the knot at that size.
	lay := func(s float64) (BendLayout, bool, error) {
		u := o.Gap() * s
		// The loop's risers: at least the difference of the feet's heights (zero length), at
		// most what the rope allows.
		lo, hi := 0.0, float64(o.Links)*o.Link/u
		eval := func(top float64) (BendLayout, int, bool) {
			path, feet, dirs := bendPath(k, o, s, top, float64(tail)*o.Link)
			pts, nodes, ok := walkChords(path, o.Link, o.Links, feet)
			if !ok || nodes[2] < 0 {
				return BendLayout{}, 0, false
			}
			// Links left after the core: tail B's length.
			left := o.Links - nodes[2]
			return BendLayout{Points: pts, Standing: [2]int{nodes[0], nodes[1]}, Pull: dirs, Tails: [2]int{0, o.Links},
				TailDir: [2]vec.V3{{X: -1}, {X: 1}}}, left, true
		}
		best, left, ok := eval(lo)
		if !ok || left < tail {
			return BendLayout{}, false, nil
		}
		for range 60 {
			mid := (lo + hi) / 2
			l, lf, ok := eval(mid)
			if ok && lf >= tail {
				lo, best, left = mid, l, lf
			} else {
				hi = mid
			}
			if hi-lo < 1e-3 {
				break
			}
		}
		_ = left
		return best, true, nil
	}
	fits := func(l BendLayout) bool { return KeepsClearance(l.Points, o) }
	s := 0.8
	found := false
	var l BendLayout
	for range 40 {
		if o.cancelled() {
			return BendLayout{}, ErrCancelled
		}
		var ok bool
		l, ok, _ = lay(s)
		if !ok {
			return BendLayout{}, fmt.Errorf("layout: bend %s: %d links of %g m are too few to lay it loosely at radius %g m with %d-link tails; use more links",
				k, o.Links, o.Link, o.Radius, tail)
		}
		if fits(l) {
			found = true
			break
		}
		s *= 1.05
	}
	if !found {
		return BendLayout{}, fmt.Errorf("layout: bend %s: no size up to %.3g keeps the clearance", k, s)
	}
	for range 20 {
		var ok bool
		l, ok, _ = lay(s)
		if !ok {
			return BendLayout{}, fmt.Errorf("layout: bend %s: %d links of %g m are too few to lay it loosely at radius %g m with %d-link tails; use more links",
				k, o.Links, o.Link, o.Radius, tail)
		}
		if fits(l) {
			return l, nil
		}
		s *= 1.03
	}
	return BendLayout{}, errors.New("layout: bend " + string(k) + ": no loose size keeps the clearance")
}
