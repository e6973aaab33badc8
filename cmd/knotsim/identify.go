package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/knot/curve"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/table"
	"github.com/knotsim/knotsim/vec"
)

// IdentifyReport is what `knotsim identify -json` prints: one entry per component, plus the
// linking numbers of every pair when there are several.
type IdentifyReport struct {
	File       string             `json:"file"`
	Closed     bool               `json:"closed"`
	Components []ComponentReport  `json:"components"`
	Links      []knot.PairLinking `json:"links,omitempty"`
	Link       string             `json:"link,omitempty"`
	// Bends: every pair of open components (ropes) joined by a bend (square, granny, thief,
	// grief, surgeon's knot), with the type of the two ropes joined at their standing ends.
	Bends []BendReport `json:"bends,omitempty"`
	// Hitches: with -pole, how every component lies around the pole (knot.Hitch), read as a
	// rope from its first point to its last (also one whose ends meet, which is named as
	// closed), unless the file or -closed says the curves are closed.
	Hitches []HitchReport `json:"hitches,omitempty"`
}

// HitchReport is how open component Component lies around the pole given with -pole: Name is
// "clove hitch", "cow hitch" or "" (none).
type HitchReport struct {
	Component  int     `json:"component"`
	RopeRadius float64 `json:"rope_radius"` // m (or the file's unit), as given or estimated
	knot.HitchResult
	Why string `json:"why"`
}

// BendReport is a bend joining components A and B.
type BendReport struct {
	A     int    `json:"a"`
	B     int    `json:"b"`
	Name  string `json:"name"`  // "square (reef) knot"
	Short string `json:"short"` // the knot type of the two ropes joined far away at their standing ends
	Why   string `json:"why"`
}

// ComponentReport is the identification of one component.
type ComponentReport struct {
	Points     int      `json:"points"`
	Name       string   `json:"name"`
	Short      string   `json:"short"`
	Candidates []string `json:"candidates"`
	Unique     bool     `json:"unique"`
	Common     string   `json:"common,omitempty"`
	// Practical: what a knot-tier calls it where that is more than its type (a rope tied into a
	// loop by a bend between its ends: "thief knot"), and why.
	Practical    string `json:"practical,omitempty"`
	PracticalWhy string `json:"practical_why,omitempty"`
	Known        bool   `json:"known"`
	Crossings    int    `json:"crossings"`
	RawCrossings int    `json:"raw_crossings"`
	PD           string `json:"pd"`
	Gauss        string `json:"gauss"`
	DT           string `json:"dt"`
	Alexander    string `json:"alexander"`
	Jones        string `json:"jones"`
	Determinant  int64  `json:"determinant"`
	Signature    int    `json:"signature"`
	Writhe       int    `json:"writhe"`
	// Covers: numbers of connected n-fold covers, computed only where the polynomials and the
	// signature left several candidates; Separation says what they did.
	Covers       []table.CoverCount `json:"covers,omitempty"`
	Separation   string             `json:"separation,omitempty"`
	Closed       bool               `json:"closed"` // identified as a closed polygon
	Read         string             `json:"read"`   // how the curve was read (closed or open) and why
	Closure      string             `json:"closure,omitempty"`
	Why          string             `json:"why,omitempty"` // why that closure (where not the one asked), or that the curve was perturbed
	Frequencies  []knot.Frequency   `json:"frequencies,omitempty"`
	Microseconds float64            `json:"microseconds"`
}

func cmdIdentify(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("identify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	closure := fs.String("closure", "infinity", "how an open curve is closed: infinity, direct or stochastic")
	samples := fs.Int("samples", 100, "stochastic closure: number of random closures (1..100000)")
	seed := fs.Uint64("seed", 1, "stochastic closure: seed")
	closed := fs.Bool("closed", false, "read every curve as a closed polygon, whatever the file says")
	open := fs.Bool("open", false, "read every curve as an open rope, whatever the file says")
	pdCode := fs.String("pd", "", "name the knot of a PD code instead of a curve file: '[[1,5,2,4],...]', 'PD[X[1,5,2,4], ...]' or 'X[1,5,2,4] ...'")
	asJSON := fs.Bool("json", false, "print JSON")
	poleFlag := fs.String("pole", "", "also name hitches (clove, cow) of the ropes around a pole: 'ax,ay,az,bx,by,bz,radius' (its axis from a to b, in the curve's units)")
	ropeRadius := fs.Float64("rope-radius", 0, "with -pole: the rope's radius (default: half the median segment length)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: knotsim identify [flags] <curve file>   ('x y z' per line, or JSON; '-' reads stdin)")
		fmt.Fprintln(stderr, "       knotsim identify [-json] -pd CODE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *pdCode != "" {
		if fs.NArg() != 0 {
			return errors.New("-pd: give the code or a curve file, not both")
		}
		return identifyPD(*pdCode, *asJSON, stdout)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errUsage
	}
	if *closed && *open {
		return errors.New("-closed and -open: say one or the other")
	}
	var pole *poleSpec
	if *poleFlag != "" {
		ps, err := parsePole(*poleFlag)
		if err != nil {
			return err
		}
		pole = &ps
	} else if *ropeRadius != 0 {
		return errors.New("-rope-radius: only with -pole")
	}
	if *ropeRadius < 0 || math.IsNaN(*ropeRadius) || math.IsInf(*ropeRadius, 0) {
		return fmt.Errorf("-rope-radius %v: must be a positive length", *ropeRadius)
	}
	if *samples < 1 || *samples > 100000 {
		return fmt.Errorf("-samples %d: must be in 1..100000", *samples)
	}
	var data []byte
	var err error
	if fs.Arg(0) == "-" {
		data, err = io.ReadAll(io.LimitReader(os.Stdin, curve.MaxFileSize+1))
	} else {
		var f *os.File
		if f, err = os.Open(fs.Arg(0)); err == nil {
			data, err = io.ReadAll(io.LimitReader(f, curve.MaxFileSize+1))
			f.Close()
		}
	}
	if err != nil {
		return err
	}
	c, err := curve.Parse(data)
	if err != nil {
		return err
	}
	if *closed || *open {
		c.Closed, c.Said = *closed, true
		if err := c.Validate(); err != nil {
			return err
		}
	}
	o := knot.Options{Closure: knot.Closure(*closure), Samples: *samples, Seed: *seed}
	table.All() // load the knot table first, so the times below are the identification's
	rep := IdentifyReport{File: fs.Arg(0), Closed: true}
	for _, comp := range c.Components {
		var r knot.Result
		compClosed, read := readCurve(c, comp, *closed, *open)
		if compClosed {
			r, err = knot.IdentifyClosed(comp, o)
		} else {
			r, err = knot.Identify(comp, o)
		}
		if err != nil {
			return err
		}
		rep.Closed = rep.Closed && compClosed
		cr := componentReport(r)
		cr.Points, cr.Closed, cr.Read = len(comp), compClosed, read
		rep.Components = append(rep.Components, cr)
	}
	if len(c.Components) > 1 {
		lr, err := knot.IdentifyLink(c.Components, rep.Closed)
		if err != nil {
			return err
		}
		rep.Links, rep.Link = lr.Pairs, lr.Name
		var id knot.Identifier
		for i := range c.Components {
			for j := i + 1; j < len(c.Components); j++ {
				if rep.Components[i].Closed || rep.Components[j].Closed {
					continue
				}
				if b, err := id.Bend(c.Components[i], c.Components[j]); err == nil && b.Practical != "" {
					rep.Bends = append(rep.Bends, BendReport{A: i, B: j, Name: b.Practical, Short: b.Short, Why: b.PracticalWhy})
				}
			}
		}
	}
	if pole != nil {
		for i, comp := range c.Components {
			if c.Said && c.Closed {
				break // closed polygons by the file's word or -closed: no ends to hitch
			}
			rr := *ropeRadius
			if rr == 0 {
				rr = medianSegment(comp) / 2
			}
			h, err := knot.Hitch(comp, pole.a, pole.b, pole.radius, rr)
			if err != nil {
				return fmt.Errorf("component %d: %w", i, err)
			}
			rep.Hitches = append(rep.Hitches, HitchReport{Component: i, RopeRadius: rr, HitchResult: h, Why: h.Explain()})
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	for i, r := range rep.Components {
		if len(rep.Components) > 1 {
			fmt.Fprintf(stdout, "component %d (%d points)\n", i, r.Points)
		}
		printComponent(stdout, r)
	}
	if len(rep.Components) > 1 {
		fmt.Fprintf(stdout, "link         %s\n", rep.Link)
		for _, p := range rep.Links {
			fmt.Fprintf(stdout, "  components %d and %d: linking number %d\n", p.A, p.B, p.Linking)
		}
		for _, b := range rep.Bends {
			fmt.Fprintf(stdout, "bend         components %d and %d: %s (%s when joined at their standing ends): %s\n", b.A, b.B, b.Name, b.Short, b.Why)
		}
	}
	for _, h := range rep.Hitches {
		name := h.Name
		if name == "" {
			name = "no hitch"
		}
		fmt.Fprintf(stdout, "hitch        component %d around the pole: %s; %s (rope radius %.3g)\n", h.Component, name, h.Why, h.RopeRadius)
	}
	return nil
}

// poleSpec is the pole given with -pole.
type poleSpec struct {
	a, b   vec.V3
	radius float64
}

// parsePole reads 'ax,ay,az,bx,by,bz,radius' (commas or spaces).
func parsePole(s string) (poleSpec, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(f) != 7 {
		return poleSpec{}, fmt.Errorf("-pole %q: want 7 numbers 'ax,ay,az,bx,by,bz,radius', got %d", s, len(f))
	}
	var v [7]float64
	for i, x := range f {
		var err error
		if v[i], err = strconv.ParseFloat(x, 64); err != nil || math.IsNaN(v[i]) || math.IsInf(v[i], 0) {
			return poleSpec{}, fmt.Errorf("-pole %q: number %d (%q) is not a finite number", s, i+1, x)
		}
	}
	p := poleSpec{a: vec.V3{X: v[0], Y: v[1], Z: v[2]}, b: vec.V3{X: v[3], Y: v[4], Z: v[5]}, radius: v[6]}
	switch {
	case p.a == p.b:
		return poleSpec{}, fmt.Errorf("-pole %q: the axis's two points are the same", s)
	case p.radius < 0:
		return poleSpec{}, fmt.Errorf("-pole %q: the radius %v is negative", s, p.radius)
	}
	return p, nil
}

// medianSegment is the median length of the segments of pts.
func medianSegment(pts []vec.V3) float64 {
	l := make([]float64, 0, len(pts))
	for i := 1; i < len(pts); i++ {
		l = append(l, pts[i].Dist(pts[i-1]))
	}
	if len(l) == 0 {
		return 0
	}
	slices.Sort(l)
	return l[len(l)/2]
}

// componentReport is the report of one identification.
func componentReport(r knot.Result) ComponentReport {
	return ComponentReport{Why: r.Why, Name: r.Name, Short: r.Short, Candidates: r.Candidates, Unique: r.Unique, Common: r.Common, Known: r.Known, Practical: r.Practical, PracticalWhy: r.PracticalWhy,
		Crossings: r.Crossings, RawCrossings: r.RawCrossings, PD: r.PD, Gauss: r.Gauss, DT: r.DT,
		Alexander: r.Alexander.String(), Jones: r.Jones.String(), Determinant: r.Determinant, Signature: r.Signature,
		Writhe: r.Writhe, Covers: r.Covers, Separation: r.Separation, Closure: string(r.Closure), Frequencies: r.Frequencies, Microseconds: float64(r.Elapsed.Nanoseconds()) / 1e3,
	}
}

// identifyPD names the knot of a PD code typed in (`identify -pd`): one component, reported
// as a curve's is (its "pd" the code simplified by Reidemeister I/II; no points).
func identifyPD(code string, asJSON bool, stdout io.Writer) error {
	table.All() // load the knot table first, so the time is the identification's
	start := time.Now()
	c, err := pd.Parse(code)
	if err != nil {
		return err
	}
	if _, err := c.DT(); err != nil {
		return fmt.Errorf("-pd: %w (identify -pd names knots: one component)", err)
	}
	s := pd.Simplify(c)
	r := knot.FromPD(s)
	r.RawCrossings, r.Elapsed = len(c.X), time.Since(start)
	cr := componentReport(r)
	cr.Closed, cr.Read = true, "a PD code"
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(IdentifyReport{File: "-pd", Closed: true, Components: []ComponentReport{cr}})
	}
	printComponent(stdout, cr)
	return nil
}

// printComponent prints one component's report as text.
func printComponent(stdout io.Writer, r ComponentReport) {
	switch {
	case r.Practical != "" && r.Common != "" && r.Common != r.Practical:
		fmt.Fprintf(stdout, "knot         %s: %s (its type alone: %s)\n", r.Short, r.Practical, r.Common)
	case r.Practical != "":
		fmt.Fprintf(stdout, "knot         %s: %s\n", r.Short, r.Practical)
	case r.Common != "":
		fmt.Fprintf(stdout, "knot         %s: %s\n", r.Short, r.Common)
	default:
		fmt.Fprintf(stdout, "knot         %s\n", r.Name)
	}
	if r.Practical != "" {
		fmt.Fprintf(stdout, "tied as      %s: %s\n", r.Practical, r.PracticalWhy)
	}
	if !r.Unique {
		fmt.Fprintf(stdout, "candidates   %s (the invariants do not tell them apart)\n", strings.Join(r.Candidates, ", "))
	}
	in := "the projection"
	if r.Points == 0 {
		in = "the code"
	}
	fmt.Fprintf(stdout, "crossings    %d after Reidemeister I/II simplification (%d in %s)\n", r.Crossings, r.RawCrossings, in)
	fmt.Fprintf(stdout, "alexander    %s   (determinant %d)\n", r.Alexander, r.Determinant)
	fmt.Fprintf(stdout, "jones        %s\n", r.Jones)
	fmt.Fprintf(stdout, "signature    %d   writhe %d\n", r.Signature, r.Writhe)
	if r.Separation != "" {
		fmt.Fprintf(stdout, "covers       %s\n", r.Separation)
	}
	fmt.Fprintf(stdout, "pd           %s\n", r.PD)
	fmt.Fprintf(stdout, "gauss        %s\n", r.Gauss)
	if r.DT != "" {
		fmt.Fprintf(stdout, "dt           %s\n", r.DT)
	}
	fmt.Fprintf(stdout, "read as      %s\n", r.Read)
	if r.Closure != "" {
		fmt.Fprintf(stdout, "closure      %s\n", r.Closure)
	}
	if r.Why != "" {
		fmt.Fprintf(stdout, "because      %s\n", r.Why)
	}
	for _, f := range r.Frequencies {
		fmt.Fprintf(stdout, "  %5.1f %%  %s\n", 100*f.Fraction, f.Name)
	}
	fmt.Fprintf(stdout, "time         %.0f µs\n", r.Microseconds)
}

// readCurve says whether component comp of c is identified as a closed polygon, and how it
// was read and why: as -closed or -open say, else as the file says, else from the data
// (knot.ReadCurve).
func readCurve(c *curve.Curve, comp []vec.V3, closed, open bool) (bool, string) {
	kind := map[bool]string{true: "a closed polygon", false: "an open rope"}
	switch {
	case closed || open:
		return closed, kind[closed] + " (-" + map[bool]string{true: "closed", false: "open"}[closed] + ")"
	case c.Said:
		return c.Closed, kind[c.Closed] + " (the file says so)"
	}
	cl, why := knot.ReadCurve(comp)
	return cl, kind[cl] + ": " + why + " (say -closed or -open to read it otherwise)"
}
