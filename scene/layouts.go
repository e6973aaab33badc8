package scene

import (
	"fmt"
	"math"
	"sort"

	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
)

// points lays rope r out as its layout says: exactly r.Links+1 node positions, m.
func (l Layout) points(r Rope, obs []shape.Shape, done <-chan struct{}) ([]vec.V3, error) {
	o := layout.Options{Links: r.Links, Link: r.LinkLength, Radius: r.Radius, Done: done}
	center := vec.V3{}
	if l.Center != nil {
		center = l.Center.V3()
	}
	var pts []vec.V3
	var err error
	switch l.Type {
	case LayoutStraight:
		from, dir := vec.V3{}, vec.V3{X: 1}
		if l.From != nil {
			from = l.From.V3()
		}
		if l.Dir != nil {
			dir = l.Dir.V3()
		}
		return layout.Straight(o, from, dir.Unit())
	case LayoutPoints:
		poly := make([]vec.V3, len(l.Points))
		for i, p := range l.Points {
			poly[i] = p.V3()
		}
		return rope.Resample(poly, r.Links), nil
	case LayoutClosedCurve:
		poly := make([]vec.V3, len(l.Points))
		for i, p := range l.Points {
			poly[i] = p.V3()
		}
		pts, err = layClosedCurve(poly, o)
	case LayoutOverhand:
		pts, err = layout.Overhand(o)
	case LayoutFigure8:
		pts, err = layout.FigureEight(o)
	case LayoutOverhandFig8:
		pts, err = layout.OverhandThenFigureEight(o)
	case LayoutGranny:
		pts, err = layout.Granny(o)
	case LayoutSquare:
		pts, err = layout.Square(o)
	case LayoutTorusKnot:
		pts, err = layout.ClosedKnotOpen(layout.TorusKnot(l.P, l.Q, 2, 1), o, 0)
	case LayoutFigure8Curve:
		pts, err = layout.ClosedKnotOpen(layout.FigureEightCurve(1), o, 0)
	case LayoutClove, LayoutCow:
		pole := obs[*l.Obstacle]
		if pole.Kind != shape.Capsule {
			return nil, fmt.Errorf("%s hitch: obstacle %d is not a pole", l.Type, *l.Obstacle)
		}
		// The layout winds around the z axis; turn it onto the pole's axis about its middle.
		mid := pole.A.Add(pole.B).Scale(0.5)
		if l.Type == LayoutClove {
			pts, err = layout.CloveHitch(o, vec.V3{}, pole.Radius)
		} else {
			pts, err = layout.CowHitch(o, vec.V3{}, pole.Radius)
		}
		if err == nil {
			rot := fromZ(pole.B.Sub(pole.A).Unit())
			for i := range pts {
				pts[i] = rot(pts[i]).Add(mid)
			}
		}
		return pts, err
	case LayoutMunter:
		ring := obs[*l.Obstacle]
		if ring.Kind != shape.Torus {
			return nil, fmt.Errorf("münter hitch: obstacle %d is not a ring", *l.Obstacle)
		}
		return layout.MunterHitch(o, ring.Center, ring.Axis, ring.Major, ring.Radius)
	default:
		return nil, fmt.Errorf("unknown layout type %q", l.Type)
	}
	if err != nil {
		return nil, err
	}
	for i := range pts {
		pts[i] = pts[i].Add(center)
	}
	return pts, nil
}

// fromZ returns the rotation that takes +z to the unit vector a (the smallest such rotation).
func fromZ(a vec.V3) func(vec.V3) vec.V3 {
	z := vec.V3{Z: 1}
	c := z.Dot(a)
	if c > 1-1e-12 {
		return func(p vec.V3) vec.V3 { return p }
	}
	if c < -1+1e-12 {
		return func(p vec.V3) vec.V3 { return vec.V3{X: p.X, Y: -p.Y, Z: -p.Z} } // half turn about x
	}
	k := z.Cross(a).Unit()
	s := z.Cross(a).Norm()
	// Rodrigues.
	return func(p vec.V3) vec.V3 {
		return p.Scale(c).Add(k.Cross(p).Scale(s)).Add(k.Scale(k.Dot(p) * (1 - c)))
	}
}

// polygonCurveV returns the closed polygon through pts as a curve of t ∈ [0, 2π), at constant
// speed along the polygon.
func polygonCurveV(pts []vec.V3) func(float64) vec.V3 {
	n := len(pts)
	cum := make([]float64, n+1)
	for i := 0; i < n; i++ {
		cum[i+1] = cum[i] + pts[i].Dist(pts[(i+1)%n])
	}
	total := cum[n]
	return func(t float64) vec.V3 {
		s := math.Mod(t/(2*math.Pi), 1)
		if s < 0 {
			s++
		}
		target := s * total
		i := sort.SearchFloat64s(cum, target)
		if i > 0 {
			i--
		}
		if i >= n {
			i = n - 1
		}
		seg := cum[i+1] - cum[i]
		u := 0.0
		if seg > 0 {
			u = (target - cum[i]) / seg
		}
		return pts[i].Lerp(pts[(i+1)%n], u)
	}
}
