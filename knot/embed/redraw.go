package embed

import (
	"math"
	"math/rand/v2"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// Redraw returns another diagram of the knot of c, of its mirror image if mirror:
// c drawn as a polygon (PD; mirrored through the xy-plane), every segment cut in 4, every point
// raised by a random smooth height field, z += h(x, y), the curve turned by a random rotation
// and projected along a random direction in general position (diagram.FindDirection). The
// height field is a shear of space that keeps the knot type (at every instant of z += t·h the
// projection on the xy-plane is the same diagram, crossings included). The new diagram usually
// has more crossings; for tests of invariants that must not depend on the diagram.
func Redraw(c pd.Code, mirror bool, rng *rand.Rand) (pd.Code, error) {
	flat, err := PD(c, 0)
	if err != nil {
		return pd.Code{}, err
	}
	type wave struct{ u, v, ph, a float64 }
	var h [4]wave
	for i := range h {
		h[i] = wave{u: 8 * (rng.Float64() - 0.5), v: 8 * (rng.Float64() - 0.5), ph: 2 * math.Pi * rng.Float64(), a: 0.4 * rng.Float64()}
	}
	// A random rotation from a random unit quaternion (w, u).
	w, x, y, z := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
	n := math.Sqrt(w*w + x*x + y*y + z*z)
	w, u := w/n, vec.V3{X: x / n, Y: y / n, Z: z / n}
	rot := func(p vec.V3) vec.V3 {
		t := u.Cross(p).Scale(2)
		return p.Add(t.Scale(w)).Add(u.Cross(t))
	}
	pts := make([]vec.V3, 0, 4*len(flat))
	for i, p := range flat {
		q := flat[(i+1)%len(flat)]
		if mirror {
			p.Z, q.Z = -p.Z, -q.Z
		}
		for k := range 4 {
			pts = append(pts, p.Add(q.Sub(p).Scale(float64(k)/4)))
		}
	}
	for i, p := range pts {
		for _, f := range h {
			p.Z += f.a * math.Sin(f.u*p.X+f.v*p.Y+f.ph)
		}
		pts[i] = rot(p)
	}
	_, d, err := diagram.FindDirection([][]vec.V3{pts}, rng)
	return d, err
}
