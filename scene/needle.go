package scene

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/world"
)

// MaxNeedles bounds a scene's needles (one a rope at most).
const MaxNeedles = 8

// Needle is a scripted curved needle (world.Needle; implicit solver only) swaged to the first
// node of rope Rope, which must start within a link of the needle's swage at time 0 (its
// centre + arc_radius·(cos(angle − arc_angle)·u + sin(angle − arc_angle)·v)). It follows its
// path of poses, and each bite its tip takes of a tissue becomes a suture when its swage
// follows:
//
//	"needles": [{"name": "needle", "rope": 0, "path": [
//	    {"t": 0, "centre": [0.005, 0.005, 0.0028], "u": [1, 0, 0], "v": [0, 0, 1], "angle": 2.7925},
//	    {"t": 1, "centre": [0.005, 0.005, 0.0028], "u": [1, 0, 0], "v": [0, 0, 1], "angle": 8.7266}]}]
//
// Between keys the centre and the angle move linearly and u, v turn (interpolated, then made
// unit and orthogonal); before the first key the needle is at the first, after the last at the
// last. The shape fields default to needle.Default (arc radius 1.7 mm, 3/8 circle, 0.06 mm).
//
// A forceps that closes on the needle's body holds it (world.Forceps: the needle holder):
// from the first such grasp on, the needle goes where its forceps carries it and stays where
// a forceps lets go of it, and its path no longer drives it (a path of one key is where the
// needle lies until a forceps takes it).
type Needle struct {
	Name      string      `json:"name,omitempty"`       // optional, unique among needles, ≤ MaxNameLen bytes
	Rope      int         `json:"rope"`                 // index into Scene.Ropes: its first node is swaged to the needle
	ArcRadius float64     `json:"arc_radius,omitempty"` // m, needle.MinArcRadius..needle.MaxArcRadius
	ArcAngle  float64     `json:"arc_angle,omitempty"`  // rad, in (0, 2π)
	Diameter  float64     `json:"diameter,omitempty"`   // m, < arc_radius
	Path      []NeedleKey `json:"path"`                 // ≥ 1 keys, strictly increasing t
}

// NeedleKey is a needle's pose at a scene time (needle.Pose).
type NeedleKey struct {
	T      float64 `json:"t"`      // s, scene time, 0 ≤ t ≤ MaxDuration
	Centre Vec     `json:"centre"` // m, the centre of the needle's arc
	U      Vec     `json:"u"`      // with v, the plane of the arc; any length ≥ MinDirection
	V      Vec     `json:"v"`      // not along u (its part ⟂ u is used)
	Angle  float64 `json:"angle"`  // rad, finite: the tip at centre + R·(cos angle·u + sin angle·v); turning it drives the needle
}

// Spec returns n's shape with defaults filled in.
func (n *Needle) Spec() needle.Spec {
	s := needle.Default()
	if n.ArcRadius > 0 {
		s.ArcRadius = n.ArcRadius
	}
	if n.ArcAngle > 0 {
		s.ArcAngle = n.ArcAngle
	}
	if n.Diameter > 0 {
		s.Diameter = n.Diameter
	}
	return s
}

// PoseAt returns the path's pose at scene time time (no allocation).
func (n *Needle) PoseAt(time float64) needle.Pose {
	keys := n.Path
	k := len(keys)
	if k == 0 {
		return needle.Pose{}
	}
	pose := func(key *NeedleKey) needle.Pose {
		u, v, _ := jawFrame(key.U.V3(), key.V.V3())
		return needle.Pose{Centre: key.Centre.V3(), U: u, V: v, Angle: key.Angle}
	}
	switch {
	case math.IsNaN(time) || time <= keys[0].T:
		return pose(&keys[0])
	case time >= keys[k-1].T:
		return pose(&keys[k-1])
	}
	lo, hi, f := bracket(k, time, func(i int) float64 { return keys[i].T })
	a, b := pose(&keys[lo]), pose(&keys[hi])
	p := needle.Pose{Centre: a.Centre.Lerp(b.Centre, f), Angle: a.Angle + f*(b.Angle-a.Angle)}
	u, v, ok := jawFrame(a.U.Lerp(b.U, f), a.V.Lerp(b.V, f))
	if !ok { // a half turn between keys: the earlier frame
		u, v = a.U, a.V
	}
	p.U, p.V = u, v
	return p
}

func (c *checker) validateNeedles(s *Scene) {
	ns := s.Needles
	if len(ns) == 0 {
		return
	}
	if len(ns) > MaxNeedles {
		c.add("needles", "must hold at most %d needles (got %d)", MaxNeedles, len(ns))
		return
	}
	c.needsImplicit("needles", s)
	names := make(map[string]int)
	ropes := make(map[int]int)
	for i := range ns {
		n := &ns[i]
		p := fmt.Sprintf("needles[%d]", i)
		c.uniqueName(p, "needles", n.Name, i, names)
		if n.Rope < 0 || n.Rope >= len(s.Ropes) {
			c.add(p+".rope", "index %d out of range (%d ropes)", n.Rope, len(s.Ropes))
		} else if j, dup := ropes[n.Rope]; dup {
			c.add(p+".rope", "rope %d already has needles[%d]", n.Rope, j)
		} else {
			ropes[n.Rope] = i
		}
		ok := c.num(p+".arc_radius", n.ArcRadius, 0, needle.MaxArcRadius, " m")
		ok = c.num(p+".arc_angle", n.ArcAngle, 0, 2*math.Pi, " rad") && ok
		ok = c.num(p+".diameter", n.Diameter, 0, needle.MaxArcRadius, " m") && ok
		if ok {
			if err := n.Spec().Validate(); err != nil {
				c.add(p, "%v", err)
			}
		}
		if len(n.Path) == 0 {
			c.add(p+".path", "needs at least 1 key")
		}
		c.keys(p, "path", len(n.Path), func(k int) float64 { return n.Path[k].T }, func(kp string, k int) {
			key := &n.Path[k]
			c.coords(func() string { return kp + ".centre" }, key.Centre)
			c.frame(kp, "u", "v", &key.U, &key.V)
			c.num(kp+".angle", key.Angle, -maxNeedleAngle, maxNeedleAngle, " rad")
		})
	}
}

// maxNeedleAngle bounds a needle key's angle, rad (a thousand turns).
const maxNeedleAngle = 2000 * math.Pi

// addNeedles adds the scene's needles to w at their poses at time 0.
func addNeedles(s *Scene, w *world.World) error {
	for i := range s.Needles {
		n := &s.Needles[i]
		name := n.Name
		if name == "" {
			name = fmt.Sprintf("needle%d", i)
		}
		if _, err := w.AddNeedle(world.Needle{Name: name, Spec: n.Spec(), Pose: n.PoseAt(0), Strand: n.Rope}); err != nil {
			return fmt.Errorf("scene: needles[%d]: %w", i, err)
		}
	}
	return nil
}
