package knot

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
	"github.com/knotsim/knotsim/vec"
)

// PairLinking is the linking number of two components (its sign depends on their
// orientations: a rope's runs from its first node to its last, a ring's as given).
type PairLinking struct {
	A       int `json:"a"`
	B       int `json:"b"`
	Linking int `json:"linking"`
}

// LinkResult describes how several components (ropes, rings) are linked.
type LinkResult struct {
	Name  string        // e.g. "unlink", "Hopf link (L2a1)", "2-component link, linking number 0 (not in the table)"
	Pairs []PairLinking // every pair
}

// IdentifyLink returns the linking numbers of every pair of components and, for two
// components that are both unknotted, names the link where the small table of 2-component
// links allows: the unlink, the (2, 2k) torus links for k ≤ 4 (Hopf, Solomon, L6a3, L8a14)
// and the Whitehead link, told apart by their Jones polynomials for either relative
// orientation and mirror image. (A Münter hitch around a ring, its rope closed far away, is the
// Whitehead link with the ring.)
// Open components (closed = false) are closed through infinity around a sphere that holds all
// of them, each at its own far radius, so the closures cannot link each other.
func IdentifyLink(comps [][]vec.V3, closed bool) (LinkResult, error) {
	if len(comps) < 2 {
		return LinkResult{}, errors.New("knot: a link needs at least two components")
	}
	polys := make([][]vec.V3, len(comps))
	if closed {
		copy(polys, comps)
	} else {
		polys = closeAll(comps, make([]bool, len(comps)))
	}
	return linkOfPolygons(polys)
}

// IdentifyMixed is IdentifyLink for open ropes (open[i] = true) together with closed rings.
func IdentifyMixed(comps [][]vec.V3, open []bool) (LinkResult, error) {
	if len(comps) != len(open) {
		return LinkResult{}, errors.New("knot: one open flag per component")
	}
	closedFlags := make([]bool, len(open))
	for i := range open {
		closedFlags[i] = !open[i]
	}
	return linkOfPolygons(closeAll(comps, closedFlags))
}

func linkOfPolygons(polys [][]vec.V3) (LinkResult, error) {
	for i, p := range polys {
		if err := checkCurve(p, 3); err != nil {
			return LinkResult{}, fmt.Errorf("component %d: %w", i, err)
		}
	}
	var proj diagram.Projector
	_, d, err := proj.FindDirection(polys, nil)
	if err != nil {
		return LinkResult{}, err
	}
	var r LinkResult
	for i := range polys {
		for j := i + 1; j < len(polys); j++ {
			r.Pairs = append(r.Pairs, PairLinking{A: i, B: j, Linking: d.LinkingNumber(i, j)})
		}
	}
	r.Name = nameLink(polys, d)
	return r, nil
}

// closeAll closes the open components through infinity: each end is led radially outward from
// the common centre to its own sphere (radius 4R, 6R, 8R … for R the radius holding all
// components) and the two far points are joined along that sphere.
func closeAll(comps [][]vec.V3, closed []bool) [][]vec.V3 {
	var c vec.V3
	n := 0
	for _, comp := range comps {
		for _, p := range comp {
			c = c.Add(p)
			n++
		}
	}
	if n > 0 {
		c = c.Scale(1 / float64(n))
	}
	R := 0.0
	for _, comp := range comps {
		for _, p := range comp {
			R = math.Max(R, p.Dist(c))
		}
	}
	if R == 0 {
		R = 1
	}
	out := make([][]vec.V3, len(comps))
	k := 0
	for i, comp := range comps {
		if closed[i] {
			out[i] = comp
			continue
		}
		out[i] = closeThrough(comp, c, R*float64(4+2*k))
		k++
	}
	return out
}

func closeThrough(pts []vec.V3, c vec.V3, far float64) []vec.V3 {
	out := append([]vec.V3(nil), pts...)
	dir := func(p, q vec.V3) vec.V3 { // outward direction at end p (q its neighbour)
		d := p.Sub(c).Unit()
		if d == (vec.V3{}) {
			d = p.Sub(q).Unit()
		}
		if d == (vec.V3{}) {
			d = vec.V3{X: 1}
		}
		return d
	}
	n := len(pts)
	a := dir(pts[n-1], pts[n-2]) // leaving from the last point
	b := dir(pts[0], pts[1])     // returning to the first
	out = append(out, c.Add(a.Scale(far)))
	// Great-circle arc from a to b (if they are opposite, go round through any perpendicular).
	const steps = 16
	mid := a.Add(b)
	if mid.Norm() < 1e-9 {
		mid = a.AnyPerp()
	}
	for s := 1; s < steps; s++ {
		t := float64(s) / steps
		var u vec.V3
		if t < 0.5 {
			u = a.Lerp(mid.Unit(), 2*t).Unit()
		} else {
			u = mid.Unit().Lerp(b, 2*t-1).Unit()
		}
		out = append(out, c.Add(u.Scale(far)))
	}
	out = append(out, c.Add(b.Scale(far)))
	return out
}

// linkTable maps the Jones polynomial (in t^(1/2), as a string) of the 2-component links we
// name to their names. It is built from curves by this package's own pipeline, so its
// conventions are ours by construction.
var (
	linkTableOnce sync.Once
	linkTable     map[string]string
)

func torusLink(k int, reverse, mirror bool) [][]vec.V3 {
	comps := make([][]vec.V3, 2)
	for j := range comps {
		n := 120 * k
		pts := make([]vec.V3, n)
		for i := range pts {
			t := 2 * math.Pi * float64(i) / float64(n)
			psi := float64(k)*t + float64(j)*math.Pi
			r := 2 + math.Cos(psi)
			z := math.Sin(psi)
			if mirror {
				z = -z
			}
			pts[i] = vec.V3{X: r * math.Cos(t), Y: r * math.Sin(t), Z: z}
		}
		if j == 1 && reverse {
			for a, b := 0, len(pts)-1; a < b; a, b = a+1, b-1 {
				pts[a], pts[b] = pts[b], pts[a]
			}
		}
		comps[j] = pts
	}
	return comps
}

func buildLinkTable() {
	linkTable = map[string]string{}
	names := map[int]string{1: "Hopf link (L2a1)", 2: "Solomon link (L4a1)", 3: "(2,6) torus link (L6a3)", 4: "(2,8) torus link (L8a14)"}
	for k := 1; k <= 4; k++ {
		for _, rev := range []bool{false, true} {
			for _, mir := range []bool{false, true} {
				comps := torusLink(k, rev, mir)
				_, c, err := diagram.FindDirection(comps, nil)
				if err != nil {
					continue
				}
				linkTable[invariant.JonesHalf(pd.Simplify(c)).String()] = names[k]
			}
		}
	}
	// The Whitehead link (L5a1), linking number 0: V = t^(-3/2)(−1+t−2t²+t³−2t⁴+t⁵)
	// (Jones 1985), in s = t^(1/2); either relative orientation (lk = 0) and both mirror images.
	wh := poly.Of(-3, -1, 0, 1, 0, -2, 0, 1, 0, -2, 0, 1)
	linkTable[wh.String()] = "Whitehead link (L5a1)"
	linkTable[poly.Subst(wh, -1).String()] = "Whitehead link (L5a1)"
	// Two separate circles.
	un := [][]vec.V3{torusLink(1, false, false)[0], nil}
	for i := range un[0] {
		un[1] = append(un[1], un[0][i].Add(vec.V3{X: 10}))
	}
	if _, c, err := diagram.FindDirection(un, nil); err == nil {
		linkTable[invariant.JonesHalf(pd.Simplify(c)).String()] = "unlink"
	}
}

func nameLink(polys [][]vec.V3, d diagram.Diagram) string {
	if len(polys) != 2 {
		return fmt.Sprintf("%d-component link", len(polys))
	}
	lk := d.LinkingNumber(0, 1)
	for i := range polys {
		r, err := IdentifyClosed(polys[i], Options{})
		if err != nil || r.Short != "0_1" {
			return fmt.Sprintf("2-component link with knotted components, linking number %d", lk)
		}
	}
	linkTableOnce.Do(buildLinkTable)
	j := invariant.JonesHalf(pd.Simplify(d.Clone().Code)).String()
	if name, ok := linkTable[j]; ok {
		return name
	}
	return fmt.Sprintf("2-component link, linking number %d (not in the small link table)", lk)
}
