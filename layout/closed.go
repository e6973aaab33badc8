package layout

import (
	"errors"
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// TorusKnot returns the (p,q) torus knot on a torus of major radius r1big and minor radius
// r1 about the z axis, t ∈ [0, 2π): it winds p times around the z axis and q times around the
// tube. For p = 2 its projection on the xy plane is the standard alternating diagram with q
// crossings: T(2,3) is the trefoil, T(2,5) = 5_1, T(2,7) = 7_1; T(3,4) = 8_19 has 8 crossings.
// p and q must be coprime for a knot. The point of largest x is at t = 0.
func TorusKnot(p, q int, r1big, r1 float64) func(float64) vec.V3 {
	fp, fq := float64(p), float64(q)
	return func(t float64) vec.V3 {
		r := r1big + r1*math.Cos(fq*t)
		return vec.V3{X: r * math.Cos(fp*t), Y: r * math.Sin(fp*t), Z: -r1 * math.Sin(fq*t)}
	}
}

// FigureEightCurve returns the classic parametrisation of the figure-eight knot,
// ((2+cos 2t)·cos 3t, (2+cos 2t)·sin 3t, sin 4t)·scale, t ∈ [0, 2π).
func FigureEightCurve(scale float64) func(float64) vec.V3 {
	return func(t float64) vec.V3 {
		r := 2 + math.Cos(2*t)
		return vec.V3{X: r * math.Cos(3*t), Y: r * math.Sin(3*t), Z: math.Sin(4 * t)}.Scale(scale)
	}
}

// closedSamples is the number of samples of a closed curve.
const closedSamples = 3000

// ClosedKnotOpen lays a rope along the closed knot curve (t ∈ [0, 2π), multiplied by scale),
// cut open where the curve is extremal in +x. Near the cut a stretch of the outer arc is
// removed and each end is led through a hook outward (+x) onto the line just outside the
// knot (axis ≥ Gap beyond its largest x, at the height of the cut point), from where the two
// tails run straight in opposite directions along the curve's tangent at the cut (±y for the
// curves of this package: the first point is on the side the curve moves to after the cut). The
// hooks and tails stay outside the knot's convex hull in x, so they add no crossing to the
// projection on the xy plane, and pulling the two ends apart tightens a knot of the curve's
// type.
//
// With scale ≤ 0 the scale is chosen: the smallest that keeps the clearance, times Loose.
// With scale > 0 an error reports a scale that is too small.
func ClosedKnotOpen(curve func(t float64) vec.V3, o Options, scale float64) ([]vec.V3, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if curve == nil {
		return nil, errors.New("layout: nil curve")
	}
	base := make([]vec.V3, closedSamples)
	for i := range base {
		base[i] = curve(2 * math.Pi * float64(i) / closedSamples)
		if !base[i].IsFinite() {
			return nil, fmt.Errorf("layout: curve is not finite at t = %v", 2*math.Pi*float64(i)/closedSamples)
		}
	}
	gen := func(s float64) (piece, error) { return openClosed(base, s, o) }
	if scale > 0 {
		p, err := gen(scale)
		if err == nil && !fits(p, o, nil) {
			err = errors.New("clearance too small")
		}
		if err != nil {
			return nil, fmt.Errorf("layout: closed knot at scale %v: %v; increase the scale or pass 0 to choose it", scale, err)
		}
		pts, _, err := assemble(p, o, o.Links)
		return pts, err
	}
	// Start small (the curve 8 gaps long); search enlarges the scale.
	var length float64
	for i := range base {
		length += base[i].Dist(base[(i+1)%len(base)])
	}
	if length == 0 {
		return nil, errors.New("layout: degenerate curve")
	}
	return search("closed knot", o, 8*o.Gap()/length, gen, nil)
}

// openClosed builds the opened core of the closed curve base scaled by s.
func openClosed(base []vec.V3, s float64, o Options) (piece, error) {
	n := len(base)
	c := make([]vec.V3, n)
	for i := range base {
		c[i] = base[i].Scale(s)
	}
	at := func(i int) vec.V3 { return c[((i%n)+n)%n] }
	ip := 0
	for i := range c {
		if c[i].X > c[ip].X {
			ip = i
		}
	}
	P := c[ip]
	tan := at(ip + 1).Sub(at(ip - 1))
	tan.Z, tan.X = 0, 0
	tn := tan.Unit()
	if tn.Norm2() == 0 {
		return piece{}, errors.New("cut point has no tangent")
	}
	u := vec.V3{X: 1}
	dh := o.Gap() * 1.2 // hook size
	w := 2.2 * dh       // half width of the removed arc along the tangent
	maxArc := 0.0
	for i := range c {
		maxArc += c[i].Dist(at(i + 1))
	}
	maxArc /= 4
	// Walk forward and backward from the cut to |t| ≥ w.
	walkTo := func(dir int) (int, error) {
		var l float64
		for k := 1; k < n/2; k++ {
			p := at(ip + dir*k)
			l += p.Dist(at(ip + dir*(k-1)))
			if l > maxArc {
				break
			}
			if float64(dir)*p.Sub(P).Dot(tn) >= w {
				return ip + dir*k, nil
			}
		}
		return 0, errors.New("outer arc at the cut is too narrow")
	}
	iB, err := walkTo(1)
	if err != nil {
		return piece{}, err
	}
	iA, err := walkTo(-1)
	if err != nil {
		return piece{}, err
	}
	if iA+n <= iB {
		return piece{}, errors.New("curve too short")
	}
	arc := make([]vec.V3, 0, n)
	for i := iB; i <= iA+n; i++ {
		arc = append(arc, at(i))
	}
	uT := math.Inf(-1)
	for _, p := range arc {
		uT = math.Max(uT, p.Sub(P).Dot(u))
	}
	uT += dh
	A, B := arc[len(arc)-1], arc[0]
	tA := at(iA + 1).Sub(at(iA - 1)).Unit()
	tB := at(iB + 1).Sub(at(iB - 1)).Unit()
	hA := P.Add(tn.Scale(A.Sub(P).Dot(tn))).Add(u.Scale(uT))
	hB := P.Add(tn.Scale(B.Sub(P).Dot(tn))).Add(u.Scale(uT))
	ds := math.Min(o.Link, o.Radius) / 8
	hookA := hermite(A, tA, hA, tn.Neg(), ds)
	hookB := hermite(B, tB.Neg(), hB, tn, ds)
	core := make([]vec.V3, 0, len(arc)+len(hookA)+len(hookB))
	for i := len(hookB) - 1; i >= 1; i-- {
		core = append(core, hookB[i])
	}
	core = append(core, arc...)
	core = append(core, hookA[1:]...)
	return piece{core: core, uS: tn, uE: tn.Neg()}, nil
}

// hermite samples a cubic Hermite curve from a (unit tangent ta) to b (unit tangent tb) whose
// tangent lengths are 1.2·|b−a|, at steps of about ds; the result includes both ends.
func hermite(a, ta, b, tb vec.V3, ds float64) []vec.V3 {
	m := 1.2 * a.Dist(b)
	ma, mb := ta.Scale(m), tb.Scale(m)
	n := max(16, int(math.Ceil(2*m/ds)))
	out := make([]vec.V3, n+1)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		t2, t3 := t*t, t*t*t
		h00 := 2*t3 - 3*t2 + 1
		h10 := t3 - 2*t2 + t
		h01 := -2*t3 + 3*t2
		h11 := t3 - t2
		out[i] = a.Scale(h00).Add(ma.Scale(h10)).Add(b.Scale(h01)).Add(mb.Scale(h11))
	}
	return out
}
