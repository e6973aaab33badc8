// Package knot names the knot tied in a rope (an open polyline), in a closed curve, or in a
// diagram: projection to a planar diagram in general position, Reidemeister I/II
// simplification, exact invariants (Alexander polynomial, determinant, Jones polynomial by a
// fast Kauffman bracket, signature, writhe), and lookup in the table of prime knots through
// 12 crossings (KnotInfo) with chirality, connected sums and honest ambiguity: when invariants
// do not separate candidates, all of them are reported.
//
// Dependencies: vec → knot/poly, knot/pd → knot/invariant, knot/diagram, knot/table → knot.
// It reads positions only (snapshots); knot/live runs it beside a simulation.
package knot

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
	"github.com/knotsim/knotsim/knot/table"
	"github.com/knotsim/knotsim/vec"
)

// Closure says how an open rope is closed into a loop before it is identified.
type Closure string

// Closures (see knot/diagram).
const (
	// Infinity leads both ends straight outward from the rope's centre to far away and joins
	// them there: the default, not fooled by a closing segment that crosses the knot.
	Infinity Closure = "infinity"
	// Direct joins the ends by a straight segment (Brown et al. 2004 §7): right only when the
	// ends are close together or the segment stays clear of the knot.
	Direct Closure = "direct"
	// Stochastic joins the ends to many random far points and reports every knot type found
	// with its frequency (Result.Frequencies); the Name is the most frequent.
	Stochastic Closure = "stochastic"
)

// Options tune Identify. The zero value is the default: closure through infinity.
type Options struct {
	Closure Closure
	Samples int    // Stochastic: number of random closures; default 100
	Seed    uint64 // Stochastic: seed of the random far points
	// Directions is how many projection directions are tried where the first diagram in
	// general position does not single out one known knot: the diagram with the fewest
	// crossings after simplification is kept (fewer crossings, fewer look-alike candidates).
	// Default 6; Stochastic uses 1 per sample.
	Directions int
}

// Result is the identification of one knot.
type Result struct {
	Name       string   // readable name, e.g. "3_1", "3_1 (mirror)", "3_1 # 3_1 (mirror)", "0_1"; alternatives joined by " or "
	Short      string   // KnotInfo style: "3_1", "m3_1", "3_1 # m3_1"; alternatives joined by " or "
	Candidates []string // every knot (Short style) consistent with the invariants; one when Unique
	Unique     bool     // the invariants single out one knot (with its chirality)
	Common     string   // the everyday name when there is one and the knot is unique: "right-handed trefoil", "square knot"
	Known      bool     // false: no knot of the table (prime ≤ 12 crossings, or sums of up to 4 of them) has these invariants

	Crossings    int    // crossings of the diagram used, after simplification
	RawCrossings int    // before simplification
	Direction    vec.V3 // projection direction
	PD           string // PD code of the simplified diagram
	Gauss        string // Gauss code of the simplified diagram
	DT           string // Dowker–Thistlethwaite code (knots)

	Alexander   poly.Poly
	Jones       poly.Poly
	Determinant int64
	Signature   int
	Writhe      int // of the simplified diagram (not an invariant)
	// Covers are the numbers of connected n-fold covers of the knot complement, computed only
	// where the polynomials and signature leave several candidates (table.Separate), for the
	// indices that could tell them apart; Separation says what they did ("" when not needed).
	Covers     []table.CoverCount
	Separation string

	// Practical is what a knot-tier calls the knot where that is more than its type: a rope
	// tied into a loop by a bend between its two ends ("thief knot", whose type is 6_1); see
	// bendNames. PracticalWhy says how that was decided. Both "" otherwise.
	Practical    string
	PracticalWhy string

	Closure Closure
	// Why says why this closure was used where that was not what was asked ("the ends are
	// 0.1 apart, …: joined directly"), and whether the curve had to be perturbed; "" otherwise.
	Why         string
	Frequencies []Frequency // Stochastic: each knot type found, most frequent first
	Elapsed     time.Duration
}

// Frequency is how often one knot type came out of the stochastic closures.
type Frequency struct {
	Name     string  `json:"name"`
	Count    int     `json:"count"`
	Fraction float64 `json:"fraction"`
}

// MaxCrossings is the largest simplified diagram whose invariants are computed; beyond it the
// cost grows quickly (the Alexander determinant as n⁴: 130 crossings take ~0.1 s) and no knot of
// the table (≤ 12 crossings, sums of ≤ 4 of them) can have such a diagram after simplification
// in practice, so Identify reports the diagram as too complex instead of stalling.
const MaxCrossings = 100

// ErrInput is returned for an unusable curve (fewer than 2 points, non-finite coordinates).
var ErrInput = errors.New("knot: invalid curve")

// Identifier identifies knots, reusing its buffers. Not safe for concurrent use; the zero
// value is ready.
type Identifier struct {
	proj diagram.Projector
	comp [][]vec.V3
}

// Identify names the knot of the open rope pts (closed as o.Closure says).
func Identify(pts []vec.V3, o Options) (Result, error) {
	var id Identifier
	return id.Open(pts, o)
}

// IdentifyClosed names the knot of the closed polygon pts (the last point joins the first).
func IdentifyClosed(pts []vec.V3, o Options) (Result, error) {
	var id Identifier
	return id.Closed(pts, o)
}

func checkCurve(pts []vec.V3, min int) error {
	if len(pts) < min {
		return fmt.Errorf("%w: %d points; need at least %d", ErrInput, len(pts), min)
	}
	for i, p := range pts {
		if !p.IsFinite() {
			return fmt.Errorf("%w: point %d is %v", ErrInput, i, p)
		}
	}
	return nil
}

// Open names the knot of an open rope.
func (id *Identifier) Open(pts []vec.V3, o Options) (Result, error) {
	start := time.Now()
	if err := checkCurve(pts, 2); err != nil {
		return Result{}, err
	}
	var r Result
	var err error
	switch o.Closure {
	case "", Infinity:
		// Ends that meet are joined: through infinity both tails would leave along nearly one
		// ray (no projection of that is in general position).
		if gap, longest, meet := diagram.EndsMeet(pts); meet {
			if poly := diagram.Joined(pts); len(poly) >= 3 {
				r, err = id.closed(poly, o.Directions)
				r.Closure = Direct
				r.Why = joinWhy(gap, longest, r.Why)
				break
			}
		}
		closed := diagram.ThroughInfinity(pts)
		r, err = id.closed(closed, o.Directions)
		r.Closure = Infinity
		if err == nil {
			id.practical(pts, closed[len(pts):], &r)
		}
	case Direct:
		r, err = id.closed(diagram.Direct(pts), o.Directions)
		r.Closure = Direct
	case Stochastic:
		r, err = id.stochastic(pts, o)
	default:
		return Result{}, fmt.Errorf("knot: unknown closure %q (infinity, direct, stochastic)", o.Closure)
	}
	r.Elapsed = time.Since(start)
	return r, err
}

// Closed names the knot of a closed polygon.
func (id *Identifier) Closed(pts []vec.V3, o Options) (Result, error) {
	start := time.Now()
	if err := checkCurve(pts, 3); err != nil {
		return Result{}, err
	}
	if diagram.Coincide(pts) && len(pts) > 3 {
		pts = pts[:len(pts)-1] // the first point repeated at the end: the closing segment is empty
	}
	r, err := id.closed(pts, o.Directions)
	r.Elapsed = time.Since(start)
	return r, err
}

// ReadCurve decides whether a curve whose file does not say is a closed polygon or an open
// rope, and says why. Closed polygons are usually listed without repeating the first point
// (KnotPlot, pyknotid and KnotInfo-derived data), and read as a rope one is closed through
// infinity by a far arc that changes the knot. So a curve is closed when its last point
// repeats its first, or when its ends are no farther apart than diagram.MeetFactor times its
// longest segment (as a rope, Open would join such ends directly all the same); open
// otherwise.
func ReadCurve(pts []vec.V3) (closed bool, why string) {
	if len(pts) < 3 {
		return false, fmt.Sprintf("it has %d points", len(pts))
	}
	if diagram.Coincide(pts) {
		return true, "its last point repeats its first"
	}
	gap, longest, meet := diagram.EndsMeet(pts)
	if meet {
		return true, fmt.Sprintf("its ends are %.3g apart, within %g times its longest segment (%.3g)", gap, float64(diagram.MeetFactor), longest)
	}
	return false, fmt.Sprintf("its ends are %.3g apart, %.3g times its longest segment (%.3g)", gap, gap/longest, longest)
}

// joinWhy is Result.Why for a rope whose ends meet, before note (the closed's own).
func joinWhy(gap, longest float64, note string) string {
	w := fmt.Sprintf("its ends are %.3g apart, within %g times its longest segment (%.3g): joined directly", gap, float64(diagram.MeetFactor), longest)
	if note != "" {
		w += "; " + note
	}
	return w
}

// Jitters are the sizes, relative to a polygon's extent, of the deterministic perturbations
// closed tries in turn when no projection direction of the polygon as given is in general
// position (a polygon that passes through itself, or lies flat with its crossings at equal
// heights). Each is far above the diagram's tolerances (diagram.DefaultRelTol) and far below
// the thickness of a simulated rope against its length, so it changes the knot only where the
// polygon's strands come closer than that: there the answer is one of the knots the polygon is
// next to, and Result.Why says it was perturbed.
var Jitters = []float64{1e-6, 1e-5, 1e-4}

// closed projects along up to dirs directions and identifies the simplest diagram; when no
// direction is in general position it perturbs the polygon (Jitters) and tries again, saying
// so in Result.Why.
func (id *Identifier) closed(poly []vec.V3, dirs int) (Result, error) {
	r, err := id.project(poly, dirs)
	if err == nil || !errors.Is(err, diagram.ErrDegenerate) {
		return r, err
	}
	c, rad := poly[0], 0.0
	for _, p := range poly {
		rad = math.Max(rad, p.Dist(c))
	}
	rng := rand.New(rand.NewPCG(uint64(len(poly)), 0x5eed))
	moved := make([]vec.V3, len(poly))
	for _, j := range Jitters {
		for i, p := range poly {
			moved[i] = p.Add(vec.V3{X: rng.Float64() - 0.5, Y: rng.Float64() - 0.5, Z: rng.Float64() - 0.5}.Scale(2 * j * rad))
		}
		if r, e := id.project(moved, dirs); e == nil || !errors.Is(e, diagram.ErrDegenerate) {
			if e == nil {
				r.Why = fmt.Sprintf("no projection was in general position: perturbed by %g of its size", j)
			}
			return r, e
		}
	}
	return Result{}, err
}

// project projects along up to dirs directions and identifies the simplest diagram.
func (id *Identifier) project(poly []vec.V3, dirs int) (Result, error) {
	if dirs <= 0 {
		dirs = 6
	}
	id.comp = append(id.comp[:0], poly)
	var best pd.Code
	var bestDir vec.V3
	raw, found := 0, false
	var lastErr error
	for i := 0; i < diagram.MaxDirections && dirs > 0; i++ {
		dir := diagram.Direction(i)
		d, err := id.proj.Diagram(id.comp, dir)
		if err != nil {
			if errors.Is(err, diagram.ErrDegenerate) {
				lastErr = err
				continue
			}
			return Result{}, err
		}
		dirs--
		s := pd.Simplify(d.Code)
		if !found {
			// The first diagram in general position: its invariants are the knot's, so where
			// they single out one known knot no other projection can say more.
			if r := FromPD(s); r.Unique && r.Known {
				r.RawCrossings, r.Direction = len(d.Code.X), dir
				return r, nil
			}
		}
		if !found || len(s.X) < len(best.X) {
			best, bestDir, raw, found = cloneCode(s), dir, len(d.Code.X), true
		}
		if len(best.X) == 0 {
			break
		}
	}
	if !found {
		return Result{}, fmt.Errorf("knot: no projection direction in general position: %w", lastErr)
	}
	r := FromPD(best)
	r.RawCrossings, r.Direction = raw, bestDir
	return r, nil
}

func cloneCode(c pd.Code) pd.Code { return pd.Code{X: slices.Clone(c.X), Loops: c.Loops} }

// FromPD identifies the knot of a (single-component) diagram.
func FromPD(c pd.Code) Result {
	r := Result{Crossings: len(c.X), PD: c.String(), Writhe: c.Writhe()}
	if g, err := c.Gauss(); err == nil {
		r.Gauss = g.String()
	}
	if dt, err := c.DTMin(); err == nil && len(dt) > 0 {
		r.DT = pd.DTString(dt)
	}
	if len(c.X) == 0 {
		r.Alexander, r.Jones, r.Determinant = poly.Of(0, 1), poly.Of(0, 1), 1
		r.Name, r.Short, r.Candidates, r.Unique, r.Known = "0_1", "0_1", []string{"0_1"}, true, true
		return r
	}
	if len(c.X) > MaxCrossings {
		r.Name = fmt.Sprintf("too complex to identify: %d crossings after simplification (the limit is %d)", len(c.X), MaxCrossings)
		r.Short = "?"
		return r
	}
	r.Alexander = invariant.Alexander(c)
	r.Determinant = invariant.Determinant(c)
	if j, err := invariant.Jones(c); err == nil {
		r.Jones = j
	}
	inv := table.Invariants{Alexander: r.Alexander, Jones: r.Jones, Determinant: r.Determinant, Diagram: &c}
	if sig, err := invariant.Signature(c); err == nil {
		r.Signature = sig
		inv.Signature = &sig
	}
	found := table.Identify(inv, len(c.X))
	if len(found) > 1 {
		var sep table.Separation
		found, sep = table.Separate(c, found)
		r.Covers, r.Separation = sep.Covers, sep.Note
	}
	if len(found) == 0 {
		r.Name = fmt.Sprintf("unknown (not a prime knot through 12 crossings nor a sum of them; determinant %d)", r.Determinant)
		r.Short = "?"
		return r
	}
	r.Known = true
	names, shorts := make([]string, len(found)), make([]string, len(found))
	for i, f := range found {
		names[i], shorts[i] = table.Name(f), table.ShortName(f)
	}
	r.Candidates = shorts
	r.Unique = len(found) == 1 && !anyUnknownChirality(found[0])
	r.Name = strings.Join(names, " or ")
	r.Short = strings.Join(shorts, " or ")
	if r.Unique {
		r.Common = commonNames[r.Short]
	}
	return r
}

// commonNames are the everyday names of knots people tie. The table's 3_1 is the right-handed
// trefoil (positive crossings, Jones t+t³−t⁴, signature −2).
var commonNames = map[string]string{
	"0_1":         "unknot",
	"3_1":         "right-handed trefoil (overhand knot)",
	"m3_1":        "left-handed trefoil (overhand knot)",
	"4_1":         "figure-eight knot",
	"5_1":         "cinquefoil",
	"m5_1":        "cinquefoil (mirror)",
	"5_2":         "three-twist knot",
	"m5_2":        "three-twist knot (mirror)",
	"6_1":         "stevedore knot",
	"m6_1":        "stevedore knot (mirror)",
	"7_1":         "septafoil",
	"m7_1":        "septafoil (mirror)",
	"3_1 # 3_1":   "granny knot (right-handed)",
	"m3_1 # m3_1": "granny knot (left-handed)",
	"3_1 # m3_1":  "square (reef) knot",
	"3_1 # 4_1":   "overhand and figure-eight knots",
	"m3_1 # 4_1":  "overhand and figure-eight knots",
}

func anyUnknownChirality(f []table.Match) bool {
	for _, m := range f {
		if m.ChiralityUnknown {
			return true
		}
	}
	return false
}

// stochastic closes the rope through o.Samples random far points and identifies each closure.
func (id *Identifier) stochastic(pts []vec.V3, o Options) (Result, error) {
	k := o.Samples
	if k <= 0 {
		k = 100
	}
	if k > 100000 {
		return Result{}, fmt.Errorf("knot: %d stochastic samples; at most 100000", k)
	}
	far := diagram.StochasticFar(pts, k, o.Seed)
	count := map[string]int{}
	first := map[string]Result{}
	// Every closure is projected along the same directions (the far point alone changes), so
	// many simplify to the same diagram: its invariants are computed once.
	named := map[string]Result{}
	cl := make([]vec.V3, len(pts)+1)
	copy(cl, pts)
	for _, q := range far {
		cl[len(pts)] = q
		id.comp = append(id.comp[:0], cl)
		dir, d, err := id.proj.FindDirection(id.comp, nil)
		if err != nil {
			continue
		}
		s := pd.Simplify(d.Code)
		key := s.String()
		r, ok := named[key]
		if !ok {
			r = FromPD(s)
			r.RawCrossings, r.Direction = len(d.Code.X), dir
			named[key] = r
		}
		count[r.Short]++
		if _, ok := first[r.Short]; !ok {
			first[r.Short] = r
		}
	}
	if len(count) == 0 {
		return Result{}, errors.New("knot: no stochastic closure could be projected in general position")
	}
	var fr []Frequency
	for n, c := range count {
		fr = append(fr, Frequency{Name: n, Count: c, Fraction: float64(c) / float64(len(far))})
	}
	sort.Slice(fr, func(i, j int) bool {
		if fr[i].Count != fr[j].Count {
			return fr[i].Count > fr[j].Count
		}
		return fr[i].Name < fr[j].Name
	})
	r := first[fr[0].Name]
	r.Closure, r.Frequencies = Stochastic, fr
	return r, nil
}
