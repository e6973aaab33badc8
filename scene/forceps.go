package scene

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// Forceps is a scripted forceps (world.Forceps; physical solvers only): it follows its path of
// poses and grabs the thread between its jaws when their gap falls below grab, holding it until
// the gap opens past grab again. An open forceps' jaws push the thread.
//
//	"forceps": [{"name": "left", "path": [
//	    {"t": 0,   "tip": [0.015, 0, 0.0001], "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0.001},
//	    {"t": 0.1, "tip": [0.015, 0, 0.0001], "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0},
//	    {"t": 0.6, "tip": [0.015, 0, 0.02],   "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0}]}]
//
// The geometry fields default to world.DefaultForceps (10 mm jaws 0.3 mm thick that grab below
// a 0.2 mm gap in their first 2 mm).
type Forceps struct {
	Name   string  `json:"name,omitempty"`   // optional, unique among forceps, ≤ MaxNameLen bytes
	Length float64 `json:"length,omitempty"` // m, from the tips to the hinge, ≤ 1
	Radius float64 `json:"radius,omitempty"` // m, each jaw a capsule of this radius, ≤ length
	Grab   float64 `json:"grab,omitempty"`   // m, the gap below which the jaws grab, ≤ length
	Depth  float64 `json:"depth,omitempty"`  // m, how far from the tips along the jaws they grab, ≤ length
	// Stiffness, N/m, 0..MaxForcepsStiffness: the hand behind the jaws (world.Forceps): 0 (the
	// default) holds the grabbed thread rigidly; above 0 by springs of that stiffness in all,
	// so that pulling on past where the thread stops raises the pull by that much a metre.
	Stiffness float64      `json:"stiffness,omitempty"`
	Path      []ForcepsKey `json:"path"` // ≥ 1 keys, strictly increasing t
}

// MaxForcepsStiffness bounds a forceps' stiffness, N/m (the implicit solver's default grasp
// spring).
const MaxForcepsStiffness = 1e7

// ForcepsKey is a forceps' pose at a scene time. Between keys the tip and gap move linearly
// and the axis and open directions turn (interpolated, then made unit and orthogonal); before
// the first key the forceps is at the first, after the last at the last.
type ForcepsKey struct {
	T    float64 `json:"t"`    // s, scene time, 0 ≤ t ≤ MaxDuration
	Tip  Vec     `json:"tip"`  // m, the midpoint between the jaws' tips
	Axis Vec     `json:"axis"` // along the jaws, from the tips to the hinge; any length ≥ MinDirection
	Open Vec     `json:"open"` // the direction the jaws part in, not along axis (its part ⟂ axis is used)
	Gap  float64 `json:"gap"`  // m, between the jaws' tips, 0 ≤ gap ≤ 1
}

// Geometry returns f's jaws' sizes with defaults filled in.
func (f *Forceps) Geometry() world.ForcepsGeometry {
	g := world.DefaultForceps()
	if f.Length > 0 {
		g.Length = f.Length
	}
	if f.Radius > 0 {
		g.Radius = f.Radius
	}
	if f.Grab > 0 {
		g.Grab = f.Grab
	}
	if f.Depth > 0 {
		g.Depth = f.Depth
	}
	return g
}

// jawFrame returns the key's unit axis and the unit part of open ⟂ axis (ok false when they are
// (nearly) parallel).
func jawFrame(axis, open vec.V3) (a, o vec.V3, ok bool) {
	n := axis.Norm()
	if !(n > 0) {
		return a, o, false
	}
	a = axis.Scale(1 / n)
	o = open.Sub(a.Scale(open.Dot(a)))
	m := o.Norm()
	if !(m >= 1e-3*open.Norm()) || m == 0 {
		return a, o, false
	}
	return a, o.Scale(1 / m), true
}

// PoseAt sets forceps w's pose to the path's at scene time time (no allocation).
func (f *Forceps) PoseAt(time float64, w *world.Forceps) {
	keys := f.Path
	n := len(keys)
	var tip, axis, open vec.V3
	var gap float64
	switch {
	case n == 0:
		return
	case math.IsNaN(time) || time <= keys[0].T:
		k := &keys[0]
		tip, axis, open, gap = k.Tip.V3(), k.Axis.V3(), k.Open.V3(), k.Gap
	case time >= keys[n-1].T:
		k := &keys[n-1]
		tip, axis, open, gap = k.Tip.V3(), k.Axis.V3(), k.Open.V3(), k.Gap
	default:
		lo, hi, u := bracket(n, time, func(i int) float64 { return keys[i].T })
		a, b := &keys[lo], &keys[hi]
		// Each key's directions made unit first, so a key's lengths do not weigh it.
		a0, o0, _ := jawFrame(a.Axis.V3(), a.Open.V3())
		a1, o1, _ := jawFrame(b.Axis.V3(), b.Open.V3())
		tip, axis, open, gap = a.Tip.V3().Lerp(b.Tip.V3(), u), a0.Lerp(a1, u), o0.Lerp(o1, u), a.Gap+u*(b.Gap-a.Gap)
		if _, _, ok := jawFrame(axis, open); !ok { // a half turn between keys: the earlier frame
			axis, open = a0, o0
		}
	}
	w.Tip, w.Gap = tip, gap
	w.Axis, w.Open, _ = jawFrame(axis, open)
}

func (c *checker) validateForceps(s *Scene) {
	fs := s.Forceps
	if len(fs) == 0 {
		return
	}
	if len(fs) > world.MaxForceps {
		c.add("forceps", "must hold at most %d forceps (got %d)", world.MaxForceps, len(fs))
		return
	}
	if !s.Solver.Physical() {
		c.add("forceps", "need a physical solver (pbd, dvi or implicit): the ftl solver has no moving obstacles")
	}
	names := make(map[string]int)
	for i := range fs {
		f := &fs[i]
		p := fmt.Sprintf("forceps[%d]", i)
		c.uniqueName(p, "forceps", f.Name, i, names)
		ok := true
		for _, v := range []struct {
			name string
			x    float64
		}{{"length", f.Length}, {"radius", f.Radius}, {"grab", f.Grab}, {"depth", f.Depth}} {
			ok = c.num(p+"."+v.name, v.x, 0, 1, " m") && ok
		}
		if ok {
			if err := f.Geometry().Validate(); err != nil {
				c.add(p, "%v", err)
			}
		}
		c.num(p+".stiffness", f.Stiffness, 0, MaxForcepsStiffness, " N/m")
		if len(f.Path) == 0 {
			c.add(p+".path", "needs at least 1 key")
		}
		c.keys(p, "path", len(f.Path), func(k int) float64 { return f.Path[k].T }, func(kp string, k int) {
			key := &f.Path[k]
			c.coords(func() string { return kp + ".tip" }, key.Tip)
			c.frame(kp, "axis", "open", &key.Axis, &key.Open)
			c.num(kp+".gap", key.Gap, 0, 1, " m")
		})
	}
}

// uniqueName checks item i's name of a list (at path p): at most MaxNameLen bytes, and not
// the name of an earlier item (names: the names seen, by index).
func (c *checker) uniqueName(p, list, name string, i int, names map[string]int) {
	c.text(p+".name", name, MaxNameLen)
	if name == "" {
		return
	}
	if j, dup := names[name]; dup {
		c.add(p+".name", "%q is also the name of %s[%d]", name, list, j)
	} else {
		names[name] = i
	}
}

// keys checks the n keys of a list at p.field (a path or a force schedule): key k's time,
// at(k), in [0, MaxDuration] and after the previous key's; then each(kp, k) checks the rest
// of key k, kp its path ("tools[0].path[3]").
func (c *checker) keys(p, field string, n int, at func(k int) float64, each func(kp string, k int)) {
	for k := range n {
		kp := fmt.Sprintf("%s.%s[%d]", p, field, k)
		if t := at(k); c.num(kp+".t", t, 0, MaxDuration, " s") && k > 0 {
			if prev := at(k - 1); !(t > prev) {
				c.add(kp+".t", "times must increase (%v after %v)", t, prev)
			}
		}
		each(kp, k)
	}
}

// frame checks a key's two directions a and b (named an and bn, at path kp): each of length
// ≥ MinDirection, and b not along a (its part ⟂ a is used).
func (c *checker) frame(kp, an, bn string, a, b *Vec) {
	c.direction(kp+"."+an, a)
	c.direction(kp+"."+bn, b)
	if _, _, ok := jawFrame(a.V3(), b.V3()); !ok && a.V3().IsFinite() && b.V3().IsFinite() {
		c.add(kp+"."+bn, "must not lie along %s %v (got %v)", an, *a, *b)
	}
}

// addForceps adds the scene's forceps to w at their poses at time 0.
func addForceps(s *Scene, w *world.World) error {
	for i := range s.Forceps {
		f := &s.Forceps[i]
		name := f.Name
		if name == "" {
			name = fmt.Sprintf("forceps%d", i)
		}
		wf := world.Forceps{Name: name, Geometry: f.Geometry(), Stiffness: f.Stiffness}
		f.PoseAt(0, &wf)
		if _, err := w.AddForceps(wf); err != nil {
			return fmt.Errorf("scene: forceps[%d]: %w", i, err)
		}
	}
	return nil
}
