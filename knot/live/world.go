package live

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// RingPolygon returns the centre line of a ring (torus obstacle) as a closed polygon of n
// points, the ring's "component" in a link with the ropes.
func RingPolygon(s shape.Shape, n int) []vec.V3 {
	u := s.Axis.AnyPerp()
	v := s.Axis.Unit().Cross(u)
	pts := make([]vec.V3, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = s.Center.Add(u.Scale(s.Major * math.Cos(a))).Add(v.Scale(s.Major * math.Sin(a)))
	}
	return pts
}

// WorldIdentifier returns an IdentifyFunc that names the knot of every rope of a snapshot
// (closed through infinity), for every rope and every ring among obstacles the link they form
// (linking number and name), and every two ropes joined by a bend (a square, granny, thief,
// grief or surgeon's knot: knot.Identifier.Bend; only ropes whose bounding boxes meet are
// tried), and every rope hitched to a pole (a capsule obstacle) with a clove or cow hitch
// (knot.Hitch). The function keeps its buffers between calls and must be used by one
// goroutine.
func WorldIdentifier(obstacles []shape.Shape) IdentifyFunc {
	var rings [][]vec.V3
	var poles []shape.Shape
	for _, o := range obstacles {
		switch o.Kind {
		case shape.Torus:
			rings = append(rings, RingPolygon(o, 96))
		case shape.Capsule:
			poles = append(poles, o)
		}
	}
	var id knot.Identifier
	return func(s *world.Snapshot) world.KnotReport {
		var r world.KnotReport
		for k, str := range s.Strands {
			pts := s.Pos[str.First : str.First+str.Nodes]
			res, err := id.Open(pts, knot.Options{})
			if err != nil {
				r.Ropes = append(r.Ropes, "?")
				r.Details = append(r.Details, err.Error())
				continue
			}
			r.Ropes = append(r.Ropes, res.Short)
			name := res.Name
			if res.Common != "" {
				name = res.Common + ", " + name
			}
			if res.Practical != "" {
				name = res.Practical + " (the rope's ends tied together), " + name
			}
			r.Details = append(r.Details, fmt.Sprintf("%s: %d crossings, Alexander %v, Jones %v, signature %d", name, res.Crossings, res.Alexander, res.Jones, res.Signature))
			for j, ring := range rings {
				lr, err := knot.IdentifyMixed([][]vec.V3{pts, ring}, []bool{true, false})
				if err != nil {
					continue
				}
				r.Links = append(r.Links, fmt.Sprintf("rope %d and ring %d: %s, linking number %d", k, j, lr.Name, lr.Pairs[0].Linking))
			}
			for j, p := range poles {
				if h, err := knot.Hitch(pts, p.A, p.B, p.Radius, str.Radius); err == nil && h.Name != "" {
					r.Links = append(r.Links, fmt.Sprintf("rope %d and pole %d: %s; %s", k, j, h.Name, h.Explain()))
				}
			}
		}
		for k, a := range s.Strands {
			pa := s.Pos[a.First : a.First+a.Nodes]
			for l := k + 1; l < len(s.Strands); l++ {
				b := s.Strands[l]
				pb := s.Pos[b.First : b.First+b.Nodes]
				if !boxesMeet(pa, pb, a.Radius+b.Radius) {
					continue
				}
				if res, err := id.Bend(pa, pb); err == nil && res.Practical != "" {
					r.Links = append(r.Links, fmt.Sprintf("ropes %d and %d: %s, a bend joining them (%s when joined at their standing ends)", k, l, res.Practical, res.Short))
				}
			}
		}
		return r
	}
}

// boxesMeet reports whether the bounding boxes of a and b, grown by gap, overlap.
func boxesMeet(a, b []vec.V3, gap float64) bool {
	return box(a).Inflate(gap).Overlaps(box(b))
}

func box(p []vec.V3) vec.AABB {
	b := vec.Empty()
	for _, q := range p {
		b = b.Grow(q)
	}
	return b
}
