package scene

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/layout"
	"github.com/knotsim/knotsim/vec"
)

// closedCuts is how many cuts layClosedCurve tries: the polygon turned about z by k/8 of a turn,
// then the same upside down (a half turn about x), each cut where it is extremal in +x.
const closedCuts = 16

// layClosedCurve lays a rope along the closed polygon poly cut open (layout.ClosedKnotOpen) and
// checks that the laid rope, closed through infinity, has the polygon's knot type: the same
// Alexander and Jones polynomials and signature, computed from a diagram of each. A cut can
// land on a sharp corner (no scale keeps the clearance there) or remove an arc that crossed
// another (the rope then holds another knot), so the cut is tried at closedCuts places — the
// polygon turned about the origin (a rotation: its knot is unchanged), so that another point
// is extremal in +x; the laid rope stays turned, its tails along the cut's tangent at the +x
// side as ClosedKnotOpen lays them. The first rope that keeps the knot is returned; if none
// does, the error says what each kind of cut did.
func layClosedCurve(poly []vec.V3, o layout.Options) ([]vec.V3, error) {
	want, err := knotKey(poly, true)
	if err != nil {
		return nil, fmt.Errorf("closed curve: the polygon cannot be read as a knot: %w", err)
	}
	refused := map[string]int{}
	changed := map[string]int{}
	short, fewest := 0, 0 // cuts that need more links than the rope has, and the fewest needed
	for k := 0; k < closedCuts; k++ {
		rot := cutRotation(k)
		turned := make([]vec.V3, len(poly))
		for i, p := range poly {
			turned[i] = rot(p)
		}
		pts, err := layout.ClosedKnotOpen(polygonCurveV(turned), o, 0)
		if errors.Is(err, layout.ErrCancelled) {
			return nil, err
		}
		var few *layout.TooFewLinksError
		if errors.As(err, &few) {
			if short == 0 || few.Need < fewest {
				fewest = few.Need
			}
			short++
			continue
		}
		if err != nil {
			refused[err.Error()]++
			continue
		}
		got, err := knotKey(pts, false)
		if err == nil && got == want {
			return pts, nil
		}
		if err != nil {
			changed["cannot be read as a knot: "+err.Error()]++
		} else {
			changed[got]++
		}
	}
	var why []string
	if short > 0 {
		why = append(why, fmt.Sprintf("%d need more links than the rope's %d (the fewest: %d)", short, o.Links, fewest))
	}
	for msg, n := range refused {
		why = append(why, fmt.Sprintf("%d refused (%s)", n, msg))
	}
	for key, n := range changed {
		why = append(why, fmt.Sprintf("%d laid a different knot (Alexander, Jones, signature %s)", n, key))
	}
	if len(why) > 1 {
		sort.Strings(why[1:]) // map order: make the message the same every time
	}
	return nil, fmt.Errorf("closed curve: no cut of the polygon (knot with Alexander, Jones, signature %s) lays a rope of that knot: of %d cuts, %s", want, closedCuts, strings.Join(why, "; "))
}

// cutRotation is the k-th turn of layClosedCurve.
func cutRotation(k int) func(vec.V3) vec.V3 {
	a := 2 * math.Pi * float64(k%8) / 8
	c, s := math.Cos(a), math.Sin(a)
	flip := k >= 8
	return func(p vec.V3) vec.V3 {
		if flip {
			p = vec.V3{X: p.X, Y: -p.Y, Z: -p.Z}
		}
		return vec.V3{X: c*p.X - s*p.Y, Y: s*p.X + c*p.Y, Z: p.Z}
	}
}

// knotKey is "Alexander | Jones | signature" of the closed polygon pts (closed) or of the open
// rope pts closed through infinity, from a diagram in general position simplified by
// Reidemeister I/II moves.
func knotKey(pts []vec.V3, closed bool) (string, error) {
	if !closed {
		pts = diagram.ThroughInfinity(pts)
	}
	_, d, err := diagram.FindDirection([][]vec.V3{pts}, nil)
	if err != nil {
		return "", err
	}
	c := pd.Simplify(d)
	if len(c.X) == 0 {
		return "1 | 1 | 0", nil
	}
	j, err := invariant.Jones(c)
	if err != nil {
		return "", err
	}
	sig, err := invariant.Signature(c)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%v | %v | %d", invariant.Alexander(c), j, sig), nil
}
