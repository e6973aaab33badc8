package diagram

import (
	"math"
	"math/rand/v2"

	"github.com/knotsim/knotsim/vec"
)

// Closures of an open rope (a polyline pts[0] … pts[n−1]) into a closed polygon whose knot type
// is "the knot tied in the rope". Every closure is ambiguous when an end lies deep inside the
// knotted part: then different reasonable closures give different knots, and no closure is
// right. ThroughInfinity is the default; Stochastic measures how ambiguous the situation is.

// FarFactor is how far outside the bounding sphere (radius R about the centroid) the
// ThroughInfinity and Stochastic closures go: to radius FarFactor·R.
const FarFactor = 4

// ArcSegments is the number of segments of ThroughInfinity's closing arc.
const ArcSegments = 16

// MinLegAngle is the least angle between ThroughInfinity's two outward legs, rad. Ends that
// leave the same way (tails along one line, or ends side by side) would go out and back along
// one ray, and no projection of that is in general position; the legs are spread apart to
// this angle about the way they share. (Spreading a leg swings it about its own end: it only
// passes the rope where it leaves the rope's ball, as before.)
const MinLegAngle = 0.1

// MeetFactor is how many times its longest segment a rope's ends may be apart and still meet
// (EndsMeet). A closed polygon listed without repeating its first point has a closing segment
// like its others (up to twice the longest of them is allowed: coarse polygons have uneven
// segments).
const MeetFactor = 2

// EndsMeet reports whether the ends of the polyline pts are no farther apart than MeetFactor
// times its longest segment, with that gap and the longest segment. Such a rope (a loop held
// by both ends, or a closed polygon listed without repeating its first point) is closed by
// joining its ends (Joined): the closing segment is about as long as one of the rope's own,
// where a closure through infinity would lead both tails out along nearly the same ray.
func EndsMeet(pts []vec.V3) (gap, longest float64, meet bool) {
	if len(pts) < 2 {
		return 0, 0, false
	}
	for i := 1; i < len(pts); i++ {
		longest = math.Max(longest, pts[i].Dist(pts[i-1]))
	}
	gap = pts[len(pts)-1].Dist(pts[0])
	return gap, longest, gap <= MeetFactor*longest
}

// Coincide reports whether the rope's last point repeats its first: within DefaultRelTol of
// the rope's bounding radius.
func Coincide(pts []vec.V3) bool {
	if len(pts) < 2 {
		return false
	}
	_, r := Bound(pts)
	return pts[len(pts)-1].Dist(pts[0]) <= DefaultRelTol*r
}

// Joined returns the closed polygon of a rope whose ends meet (EndsMeet): pts, without its
// last point where that repeats the first (Coincide).
func Joined(pts []vec.V3) []vec.V3 {
	if Coincide(pts) {
		return pts[:len(pts)-1]
	}
	return pts
}

// Bound returns the centroid and the bounding radius about it (at least a tiny positive
// length).
func Bound(pts []vec.V3) (c vec.V3, r float64) {
	for _, p := range pts {
		c = c.Add(p)
	}
	c = c.Scale(1 / float64(len(pts)))
	for _, p := range pts {
		r = math.Max(r, p.Dist(c))
	}
	if r == 0 {
		r = 1
	}
	return c, r
}

// Direct closes the rope with the straight segment from its last point to its first (the
// paper's closure): it returns pts itself, since FromPolygons closes every polygon so.
// Ambiguous — and often wrong — whenever the closing segment passes through the knotted part
// (the paper's degenerate case 1: the segment adds spurious crossings); right when the ends
// are pulled close together or far apart outside the knot.
func Direct(pts []vec.V3) []vec.V3 { return pts }

// ThroughInfinity closes the rope "through infinity": each end is extended straight outward,
// along the ray from the centroid through that end, to the sphere of radius FarFactor·R about
// the centroid (R the bounding radius), and the two far points are joined by a great-circle
// arc of ArcSegments segments on that sphere. Nothing of the rope is outside radius R, so the
// closing path meets the rope only where the rays leave the knot region, and a knot tied in
// the middle of a rope with its tails outside is identified whatever the tails do. Ambiguous
// when an end lies inside the knotted part (the ray from the centroid through it may thread the
// knot or not) or near the centroid (the ray direction is then ill-defined; the end tangent is
// used instead). The result is a new slice: pts, then the outer path (not repeating pts[0]).
func ThroughInfinity(pts []vec.V3) []vec.V3 {
	n := len(pts)
	if n < 2 {
		return append([]vec.V3(nil), pts...)
	}
	c, r := Bound(pts)
	far := FarFactor * r
	out := func(end, inner vec.V3) vec.V3 {
		d := end.Sub(c)
		if d.Norm() < 1e-3*r { // end near the centroid: continue along the end tangent
			d = end.Sub(inner)
		}
		if u := d.Unit(); u != (vec.V3{}) {
			return u
		}
		return vec.V3{X: 1}
	}
	d1 := out(pts[n-1], pts[n-2]) // from the last point …
	d0 := out(pts[0], pts[1])     // … around to the first
	if d1.Dot(d0) > math.Cos(MinLegAngle) {
		d1, d0 = spread(d1, d0, pts[0].Sub(pts[n-1]))
	}
	res := make([]vec.V3, 0, n+ArcSegments+1)
	res = append(res, pts...)
	// Great circle from d1 to d0: orthonormal w1 = d1, w2 ⟂ d1 in the plane of d1, d0.
	cosA := math.Max(-1, math.Min(1, d1.Dot(d0)))
	w2 := d0.Sub(d1.Scale(cosA))
	if w2.Norm() < 1e-9 { // antipodal ends: any great circle through d1 (spread ones are not equal)
		w2 = d1.AnyPerp()
	} else {
		w2 = w2.Unit()
	}
	ang := math.Acos(cosA)
	if d1.Dot(d0) < -1+1e-12 {
		ang = math.Pi
	}
	for k := 0; k <= ArcSegments; k++ {
		a := ang * float64(k) / ArcSegments
		res = append(res, c.Add(d1.Scale(far*math.Cos(a))).Add(w2.Scale(far*math.Sin(a))))
	}
	return res
}

// spread returns unit directions MinLegAngle apart, symmetric about the bisector of the unit
// directions d1 and d0 (less than MinLegAngle apart), in their plane; where they are parallel,
// in the plane of the bisector and sep (the way from the last end to the first), else any.
func spread(d1, d0, sep vec.V3) (vec.V3, vec.V3) {
	b := d1.Add(d0).Unit()
	p := d0.Sub(d1)
	if p.Norm() < 1e-9 {
		p = sep.Sub(b.Scale(sep.Dot(b)))
		if p.Norm() <= 1e-9*sep.Norm() || sep.Norm() == 0 {
			p = b.AnyPerp()
		}
	}
	p = p.Sub(b.Scale(p.Dot(b))).Unit()
	c, s := math.Cos(MinLegAngle/2), math.Sin(MinLegAngle/2)
	return b.Scale(c).Sub(p.Scale(s)), b.Scale(c).Add(p.Scale(s))
}

// StochasticFar returns the far points of k random closures of the rope, each drawn uniformly
// on the sphere of radius FarFactor·R about the centroid: closure i is the rope followed by
// point i, both ends joined to it (Millett, Dobay and Stasiak's stochastic closure; the caller
// builds each closure in turn, so a long rope is not copied k times). Identify each and report
// the frequencies: a knot tied well inside the rope with its ends outside gets one type for
// nearly all closures; ends inside the knot give a spread of types, which measures the
// ambiguity. Deterministic for a given seed.
func StochasticFar(pts []vec.V3, k int, seed uint64) []vec.V3 {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	c, r := Bound(pts)
	res := make([]vec.V3, k)
	for i := range res {
		var d vec.V3
		for {
			d = vec.V3{X: rng.NormFloat64(), Y: rng.NormFloat64(), Z: rng.NormFloat64()}
			if d.Norm() > 1e-6 {
				break
			}
		}
		res[i] = c.Add(d.Unit().Scale(FarFactor * r))
	}
	return res
}
