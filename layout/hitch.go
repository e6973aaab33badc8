package layout

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// spline1 is a C¹ piecewise cubic through (xs[i], ys[i]) with Catmull-Rom slopes inside and
// zero slopes at both ends.
func spline1(xs, ys []float64) func(float64) float64 {
	n := len(xs)
	m := make([]float64, n)
	for i := 1; i+1 < n; i++ {
		m[i] = (ys[i+1] - ys[i-1]) / (xs[i+1] - xs[i-1])
	}
	return func(x float64) float64 {
		if x <= xs[0] {
			return ys[0]
		}
		if x >= xs[n-1] {
			return ys[n-1]
		}
		i := 0
		for i+2 < n && x > xs[i+1] {
			i++
		}
		h := xs[i+1] - xs[i]
		t := (x - xs[i]) / h
		t2, t3 := t*t, t*t*t
		return (2*t3-3*t2+1)*ys[i] + (t3-2*t2+t)*h*m[i] + (-2*t3+3*t2)*ys[i+1] + (t3-t2)*h*m[i+1]
	}
}

// maxCurveSamples bounds the points sampleCurve makes (24 MiB of points): beyond it a layout
// fails with errCurveTooLong instead of taking minutes or all memory (a hitch around a pole of
// radius 100 m sampled every 0.6 mm).
const maxCurveSamples = 1 << 20

// errCurveTooLong is returned by a layout whose curve would need more than maxCurveSamples
// points; search stops at it.
var errCurveTooLong = errors.New("the curve is too long for the rope's scale")

// sampleCurve samples f on [t0, t1] so that successive points are about ds apart (estimated
// from a coarse pass); both ends are included. It returns nil when that takes more than
// maxCurveSamples points.
func sampleCurve(f func(float64) vec.V3, t0, t1, ds float64) []vec.V3 {
	var l float64
	prev := f(t0)
	for i := 1; i <= 256; i++ {
		p := f(t0 + (t1-t0)*float64(i)/256)
		l += p.Dist(prev)
		prev = p
	}
	if !(2*l/ds <= maxCurveSamples) {
		return nil
	}
	n := max(16, int(math.Ceil(2*l/ds)))
	out := make([]vec.V3, n+1)
	for i := range out {
		out[i] = f(t0 + (t1-t0)*float64(i)/float64(n))
	}
	return out
}

// CloveHitch lays a loose clove hitch around a vertical pole: an infinite cylinder of radius
// poleRadius about the z axis through poleAxisPoint. The rope comes from −x along the front of
// the pole (y = y0 − ρ, ρ the radius of the turns about the pole axis) slightly above the
// pole point's height, winds twice counter-clockwise (seen from +z) around the pole — a
// turn rising to the top, a diagonal across the front that passes over both tails, a turn at
// the bottom — and leaves along +x slightly below, parallel to where it came in. The first
// point is the end of the −x tail, the last that of the +x tail. The rope axis stays at
// least R·(1+Margin) from the pole's surface.
func CloveHitch(o Options, poleAxisPoint vec.V3, poleRadius float64) ([]vec.V3, error) {
	if !(poleRadius >= 0) || math.IsInf(poleRadius, 0) || !poleAxisPoint.IsFinite() {
		return nil, fmt.Errorf("layout: clove hitch: bad pole %v radius %v", poleAxisPoint, poleRadius)
	}
	obs := func(pts []vec.V3) float64 { return PoleClearance(pts, poleAxisPoint, poleRadius) }
	gen := func(s float64) (piece, error) {
		g := o.Gap()
		rho := poleRadius + o.Radius*(1+Margin) + 0.25*g*s // turns about the pole axis
		delta := 0.6 * g * s                               // tails at z = ±delta
		c := 1.3 * g * s                                   // diagonal stands off the front by c
		h := 1.4 * g * s                                   // turns at z = ±h
		deg := math.Pi / 180
		// The diagonal (180°…360°) is steep near the front centre, so that it passes the
		// tails' heights where it stands off the pole the most.
		th := []float64{-90 * deg, 0, 90 * deg, 180 * deg, 225 * deg, 250 * deg, 270 * deg, 290 * deg, 315 * deg, 360 * deg, 450 * deg, 540 * deg, 630 * deg}
		zs := []float64{delta, 0.6 * h, h, h, 0.85 * h, 0.5 * h, 0, -0.5 * h, -0.85 * h, -h, -h, -0.6 * h, -delta}
		zf := spline1(th, zs)
		f := func(t float64) vec.V3 {
			r := rho
			if t > 180*deg && t < 360*deg {
				b := math.Sin(t - 180*deg)
				r += c * b * b
			}
			return poleAxisPoint.Add(vec.V3{X: r * math.Cos(t), Y: r * math.Sin(t), Z: zf(t)})
		}
		core := sampleCurve(f, th[0], th[len(th)-1], math.Min(o.Link, o.Radius)/8)
		if core == nil {
			return piece{}, errCurveTooLong
		}
		return piece{core: core, uS: vec.V3{X: -1}, uE: vec.V3{X: 1}}, nil
	}
	if err := aroundCheck("clove hitch", o, "a pole", poleRadius); err != nil {
		return nil, err
	}
	return search("clove hitch", o, 0.8, gen, obs)
}

// CowHitch lays a loose cow (girth) hitch around a vertical pole, the same pole as
// CloveHitch. Its first half is the clove hitch's: the rope comes from −x along the front of
// the pole slightly above the pole point's height, winds counter-clockwise (seen from +z) up
// to a turn at the top and comes down a diagonal that passes over its own tail, to the front
// of the pole at the pole point's height. There it turns back, and the second half is the
// first one mirrored in the horizontal plane and run backwards: a diagonal down over the
// other tail, a turn at the bottom wound clockwise, and out along −x slightly below, parallel
// to the first tail. The two diagonals form the bight that both tails come out from under,
// to the same side; the two turns wind in opposite senses (two half hitches of opposite
// hands), so the rope's net winding about the pole is zero where a clove hitch's is two
// turns. The first point is the end of the upper tail, the last that of the lower one; both
// tails point along −x. The rope axis stays at least R·(1+Margin) from the pole's surface.
func CowHitch(o Options, poleAxisPoint vec.V3, poleRadius float64) ([]vec.V3, error) {
	if !(poleRadius >= 0) || math.IsInf(poleRadius, 0) || !poleAxisPoint.IsFinite() {
		return nil, fmt.Errorf("layout: cow hitch: bad pole %v radius %v", poleAxisPoint, poleRadius)
	}
	obs := func(pts []vec.V3) float64 { return PoleClearance(pts, poleAxisPoint, poleRadius) }
	deg := math.Pi / 180
	gen := func(s float64) (piece, error) {
		g := o.Gap()
		rho := poleRadius + o.Radius*(1+Margin) + 0.25*g*s
		delta := 0.6 * g * s
		c := 1.3 * g * s
		h := 1.4 * g * s
		// The clove hitch's first half, z(θ) for θ from −90° to 270°; the knot at 290° only
		// gives the diagonal a slope where it reaches the front.
		th := []float64{-90 * deg, 0, 90 * deg, 180 * deg, 225 * deg, 250 * deg, 270 * deg, 290 * deg}
		zs := []float64{delta, 0.6 * h, h, h, 0.85 * h, 0.5 * h, 0, -0.5 * h}
		zf := spline1(th, zs)
		// Parameter t from −90° to 630°: θ = t up to the front (270°), then back (540° − t),
		// the turn at the front rounded over ±eps (a C¹ |u|).
		eps := 30 * deg
		f := func(t float64) vec.V3 {
			u := t - 270*deg
			a := math.Abs(u)
			if a < eps {
				a = (u*u/eps + eps) / 2
			}
			theta := 270*deg - a
			z := zf(270*deg - math.Abs(u))
			if u > 0 {
				z = -z
			}
			r := rho
			if t > 180*deg && t < 360*deg {
				b := math.Sin(t - 180*deg)
				r += c * b * b
			}
			return poleAxisPoint.Add(vec.V3{X: r * math.Cos(theta), Y: r * math.Sin(theta), Z: z})
		}
		core := sampleCurve(f, -90*deg, 630*deg, math.Min(o.Link, o.Radius)/8)
		if core == nil {
			return piece{}, errCurveTooLong
		}
		return piece{core: core, uS: vec.V3{X: -1}, uE: vec.V3{X: -1}}, nil
	}
	if err := aroundCheck("cow hitch", o, "a pole", poleRadius); err != nil {
		return nil, err
	}
	return search("cow hitch", o, 0.8, gen, obs)
}

// MunterHitch lays a loose Münter (Italian) hitch around a ring (Brown et al. 2004, Fig. 8):
// the torus with the given center, axis, major radius ringMajor and tube radius ringTube. The
// hitch sits on the ring at ringCenter + ringMajor·e, e the unit vector perpendicular to the
// axis nearest to +x (nearest to −y if the axis is almost x). It is the book-fold of two equal
// loops:
// the rope comes in radially towards the ring centre on the −axis side of the tube, makes a
// first turn around the tube, a bight (U) pointing towards the ring centre, and a second turn
// in the opposite sense further along the ring, whose end leaves from inside the bight radially
// outward again. Both tails thus point away from the ring (first and last point are their far
// ends), side by side along the ring's tangent; pulling them apart tightens the hitch onto the
// ring. The rope axis stays at least R·(1+Margin) from the ring's surface.
func MunterHitch(o Options, ringCenter vec.V3, ringAxis vec.V3, ringMajor, ringTube float64) ([]vec.V3, error) {
	ax := ringAxis.Unit()
	if ax.Norm2() == 0 || !ax.IsFinite() || !ringCenter.IsFinite() || !(ringTube >= 0) || !(ringMajor > ringTube) || math.IsInf(ringMajor, 0) {
		return nil, fmt.Errorf("layout: münter hitch: bad ring (axis %v, major %v, tube %v)", ringAxis, ringMajor, ringTube)
	}
	e1 := vec.V3{X: 1}.Sub(ax.Scale(ax.X))
	if e1.Norm() < 0.1 {
		e1 = vec.V3{Y: -1}.Sub(ax.Scale(-ax.Y))
	}
	e1 = e1.Unit()
	e2 := ax.Cross(e1)
	// Local frame: Z along the ring (arc length), X towards the ring centre, Y along the axis;
	// the tube's core is X = Y = 0. toWorld bends Z around the ring, so the distance to the
	// tube's core circle is exactly hypot(X, Y).
	toWorld := func(p vec.V3) vec.V3 {
		psi := p.Z / ringMajor
		er := e1.Scale(math.Cos(psi)).Add(e2.Scale(math.Sin(psi)))
		return ringCenter.Add(er.Scale(ringMajor - p.X)).Add(ax.Scale(p.Y))
	}
	obs := func(pts []vec.V3) float64 { return RingClearance(pts, ringCenter, ax, ringMajor, ringTube) }
	gen := func(s float64) (piece, error) {
		g := o.Gap()
		r := ringTube + o.Radius*(1+Margin) + 0.3*g*s // loop radius about the tube core
		h1 := 1.0 * g * s                             // rise of one loop along the ring
		w := 3.1 * g * s                              // second loop starts at Z = w
		e := 0.4 * g * s                              // straight legs of the bight
		if w/ringMajor > math.Pi/2 {
			return piece{}, fmt.Errorf("ring too small")
		}
		ds := math.Min(o.Link, o.Radius) / 8
		var loc []vec.V3
		tooLong := false
		add := func(pts []vec.V3) {
			if pts == nil {
				tooLong = true
				return
			}
			if len(loc) > 0 {
				pts = pts[1:]
			}
			loc = append(loc, pts...)
		}
		smooth := func(t float64) float64 { return (1 - math.Cos(math.Pi*t)) / 2 }
		// First loop: counter-clockwise about +Z from the bottom (Y = −r), rising 0 → h1.
		add(sampleCurve(func(t float64) vec.V3 {
			phi := -math.Pi/2 + 2*math.Pi*t
			return vec.V3{X: r * math.Cos(phi), Y: r * math.Sin(phi), Z: h1 * smooth(t)}
		}, 0, 1, ds))
		// Bight: leg along +X, half circle up to Z = w, leg back.
		rb := (w - h1) / 2
		add(sampleCurve(func(t float64) vec.V3 { return vec.V3{X: e * t, Y: -r, Z: h1} }, 0, 1, ds))
		add(sampleCurve(func(t float64) vec.V3 {
			a := -math.Pi/2 + math.Pi*t
			return vec.V3{X: e + rb*math.Cos(a), Y: -r, Z: h1 + rb + rb*math.Sin(a)}
		}, 0, 1, ds))
		add(sampleCurve(func(t float64) vec.V3 { return vec.V3{X: e * (1 - t), Y: -r, Z: w} }, 0, 1, ds))
		// Second loop: clockwise about +Z from the bottom, falling w → w−h1.
		add(sampleCurve(func(t float64) vec.V3 {
			phi := -math.Pi/2 - 2*math.Pi*t
			return vec.V3{X: r * math.Cos(phi), Y: r * math.Sin(phi), Z: w - h1*smooth(t)}
		}, 0, 1, ds))
		if tooLong {
			return piece{}, errCurveTooLong
		}
		core := make([]vec.V3, len(loc))
		for i, p := range loc {
			core[i] = toWorld(p)
		}
		// Tails run radially outward (local −X) at their own Z.
		out := func(z float64) vec.V3 {
			psi := z / ringMajor
			return e1.Scale(math.Cos(psi)).Add(e2.Scale(math.Sin(psi)))
		}
		return piece{core: core, uS: out(0), uE: out(w - h1)}, nil
	}
	if err := aroundCheck("münter hitch", o, "a ring's tube", ringTube); err != nil {
		return nil, err
	}
	return search("münter hitch", o, 1.0, gen, obs)
}

// aroundCheck refuses at once a rope too short to go twice around a cylinder of the given
// radius (a hitch's two turns), before any curve is sampled: the turns alone are longer than
// 4π(radius + R) — so a pole of radius 1e5 m is an error, not a search.
func aroundCheck(name string, o Options, what string, radius float64) error {
	need := 4 * math.Pi * (radius + o.Radius*(1+Margin))
	if have := float64(o.Links) * o.Link; have < need {
		return fmt.Errorf("layout: %s: a rope of %d links of %g m (%.3g m) cannot go twice around %s of radius %g m: that takes more than %.3g m", name, o.Links, o.Link, have, what, radius, need)
	}
	return nil
}
