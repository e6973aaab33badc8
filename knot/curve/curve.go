// Package curve reads the curve files of `knotsim identify`: one or more polygons in 3-D.
//
// # Formats
//
// Plain text: one point per line, "x y z" separated by spaces, tabs or commas; a blank line
// (or a line "---") ends a component; lines starting with '#' are comments; a line of three
// column names ("x,y,z") above the first point is skipped (CSV exports). JSON: either an
// array of points [[x,y,z], ...] or {"components": [[[x,y,z], ...], ...]}, optionally with
// "closed": true|false. pyknotid's saved curves are read as they are (its to_txt writes the
// text form, its to_json the JSON array); KnotPlot's binary 1.0 files are refused with an
// error saying to have KnotPlot write its coordinates as text. Coordinates are in any unit
// (knot type does not care).
//
// A file may say whether its curves are closed polygons (the last point joins the first) or
// open ropes: "closed": true or false (JSON), a line "# closed" or "# open" (text). Where it
// does not, the reader decides from the data (knot.ReadCurve: a closed polygon repeats its
// first point at its end, or its ends are about a segment apart).
package curve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/knotsim/knotsim/vec"
)

// Limits of the format.
const (
	MaxFileSize   = 64 << 20  // bytes
	MaxPoints     = 1_000_000 // points in all components
	MaxComponents = 64
	MaxCoord      = 1e12 // |coordinate|
)

// Curve is what a file holds.
type Curve struct {
	Components [][]vec.V3
	Closed     bool // the polygons are closed (the last point joins the first)
	Said       bool // the file says whether they are ("closed": true|false, "# closed", "# open")
}

// Parse reads a curve file in either format (JSON when the first non-space byte is '[' or '{').
func Parse(data []byte) (*Curve, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("curve: file of %d bytes exceeds the limit of %d", len(data), MaxFileSize)
	}
	t := bytes.TrimSpace(data)
	if len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		return parseJSON(t)
	}
	if bytes.HasPrefix(t, []byte("KnotPlot")) {
		return nil, errors.New("curve: a KnotPlot 1.0 binary file is not read: have KnotPlot write the coordinates as text (its coords command) and identify those")
	}
	return parseText(data)
}

// isHeader reports whether the fields of a line are column names (none of them a number):
// "x,y,z" at the top of a CSV export.
func isHeader(f []string) bool {
	for _, x := range f {
		if _, err := strconv.ParseFloat(x, 64); err == nil {
			return false
		}
	}
	return true
}

func parseText(data []byte) (*Curve, error) {
	c := &Curve{}
	var cur []vec.V3
	total := 0
	flush := func() error {
		if len(cur) > 0 {
			if len(c.Components) == MaxComponents {
				return fmt.Errorf("curve: more than %d components", MaxComponents)
			}
			c.Components = append(c.Components, cur)
			cur = nil
		}
		return nil
	}
	header := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		switch {
		case s == "" || s == "---":
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		case strings.HasPrefix(s, "#"):
			switch w := strings.TrimSpace(strings.TrimPrefix(s, "#")); {
			case strings.EqualFold(w, "closed"):
				c.Closed, c.Said = true, true
			case strings.EqualFold(w, "open"):
				c.Closed, c.Said = false, true
			}
			continue
		}
		f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' })
		if total == 0 && len(cur) == 0 && len(c.Components) == 0 && !header && len(f) == 3 && isHeader(f) {
			header = true // column names above the first point
			continue
		}
		if len(f) != 3 {
			return nil, fmt.Errorf("curve: line %d: want 3 numbers \"x y z\", got %d fields", line, len(f))
		}
		var p [3]float64
		for i, x := range f {
			v, err := strconv.ParseFloat(x, 64)
			if err != nil {
				return nil, fmt.Errorf("curve: line %d: %q is not a number", line, x)
			}
			if err := checkCoord(v); err != nil {
				return nil, fmt.Errorf("curve: line %d: %v", line, err)
			}
			p[i] = v
		}
		total++
		if total > MaxPoints {
			return nil, fmt.Errorf("curve: more than %d points", MaxPoints)
		}
		cur = append(cur, vec.V3{X: p[0], Y: p[1], Z: p[2]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("curve: line %d: %v", line+1, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return c, c.Validate()
}

func checkCoord(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("coordinate %v is not finite", v)
	}
	if math.Abs(v) > MaxCoord {
		return fmt.Errorf("coordinate %v exceeds %g in magnitude", v, MaxCoord)
	}
	return nil
}

type jsonCurve struct {
	Components [][][]float64 `json:"components"`
	Closed     *bool         `json:"closed"`
}

func parseJSON(data []byte) (*Curve, error) {
	var jc jsonCurve
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if data[0] == '[' {
		var pts [][]float64
		if err := dec.Decode(&pts); err != nil {
			return nil, fmt.Errorf("curve: JSON: %v", err)
		}
		jc.Components = [][][]float64{pts}
	} else if err := dec.Decode(&jc); err != nil {
		return nil, fmt.Errorf("curve: JSON: %v", err)
	}
	if dec.More() {
		return nil, errors.New("curve: JSON: data after the curve")
	}
	if len(jc.Components) > MaxComponents {
		return nil, fmt.Errorf("curve: %d components; at most %d", len(jc.Components), MaxComponents)
	}
	c := &Curve{Closed: jc.Closed != nil && *jc.Closed, Said: jc.Closed != nil}
	total := 0
	for k, comp := range jc.Components {
		pts := make([]vec.V3, 0, len(comp))
		for i, p := range comp {
			if len(p) != 3 {
				return nil, fmt.Errorf("curve: components[%d][%d]: want 3 numbers, got %d", k, i, len(p))
			}
			for _, v := range p {
				if err := checkCoord(v); err != nil {
					return nil, fmt.Errorf("curve: components[%d][%d]: %v", k, i, err)
				}
			}
			pts = append(pts, vec.V3{X: p[0], Y: p[1], Z: p[2]})
		}
		total += len(pts)
		if total > MaxPoints {
			return nil, fmt.Errorf("curve: more than %d points", MaxPoints)
		}
		c.Components = append(c.Components, pts)
	}
	return c, c.Validate()
}

// Validate checks that there is at least one component, each with enough points (2 for an
// open curve, 3 for a closed polygon), and no two consecutive points equal.
func (c *Curve) Validate() error {
	if len(c.Components) == 0 {
		return errors.New("curve: no points")
	}
	need := 2
	if c.Closed {
		need = 3
	}
	for k, comp := range c.Components {
		if len(comp) < need {
			return fmt.Errorf("curve: component %d has %d points; need at least %d", k, len(comp), need)
		}
		for i := 1; i < len(comp); i++ {
			if comp[i] == comp[i-1] {
				return fmt.Errorf("curve: component %d: point %d repeats point %d %v", k, i, i-1, comp[i])
			}
		}
	}
	return nil
}
