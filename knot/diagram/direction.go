package diagram

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/vec"
)

// MaxDirections is how many directions FindDirection tries before giving up.
const MaxDirections = 64

// Direction returns the i-th direction (i ≥ 0) of a deterministic low-discrepancy sequence on
// the upper hemisphere (z > 0; a direction and its opposite give the same knot): every prefix
// is well spread, consecutive directions are far apart, and none is along a coordinate axis or
// in a coordinate plane for small i (ropes often lie in such planes).
func Direction(i int) vec.V3 { return directionAt(i, 0.1234567, 0.7654321) }

// directionAt maps the R2 sequence (Roberts' generalised golden ratio), offset by (u0, v0),
// area-uniformly onto the hemisphere.
func directionAt(i int, u0, v0 float64) vec.V3 {
	const g = 1.32471795724474602596 // plastic number
	a1, a2 := 1/g, 1/(g*g)
	u := math.Mod(u0+float64(i)*a1, 1)
	v := math.Mod(v0+float64(i)*a2, 1)
	z := 0.02 + 0.96*u // stay off the equator and the pole a little
	r := math.Sqrt(1 - z*z)
	phi := 2 * math.Pi * v
	return vec.V3{X: r * math.Cos(phi), Y: r * math.Sin(phi), Z: z}
}

// FindDirection returns a projection direction in general position for the closed polygons
// comps and the PD code along it. It tries Direction(0), Direction(1), … (with rng == nil) or
// the same sequence started at an offset drawn from rng, at most MaxDirections of them. Errors
// other than ErrDegenerate (invalid input) are returned at once.
func FindDirection(comps [][]vec.V3, rng *rand.Rand) (vec.V3, pd.Code, error) {
	var p Projector
	dir, d, err := p.FindDirection(comps, rng)
	if err != nil {
		return dir, pd.Code{}, err
	}
	return dir, d.Clone().Code, nil
}

// FindDirection is the package function reusing p's buffers; the Diagram aliases them.
func (p *Projector) FindDirection(comps [][]vec.V3, rng *rand.Rand) (vec.V3, Diagram, error) {
	u0, v0 := 0.1234567, 0.7654321
	if rng != nil {
		u0, v0 = rng.Float64(), rng.Float64()
	}
	var last error
	for i := range MaxDirections {
		dir := directionAt(i, u0, v0)
		d, err := p.Diagram(comps, dir)
		if err == nil {
			return dir, d, nil
		}
		if !errors.Is(err, ErrDegenerate) {
			return dir, Diagram{}, err
		}
		last = err
	}
	return vec.V3{}, Diagram{}, fmt.Errorf("diagram: no direction in general position among %d: %w", MaxDirections, last)
}
