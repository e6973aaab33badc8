package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/world"
)

// seriesWriter writes `knotsim run -series FILE`: a CSV with one row per written cycle: time,
// energies (J), linear momentum (kg·m/s) and every tool's force on the rope (N).
type seriesWriter struct {
	w   *bufio.Writer
	phy solver.Physical
	buf []byte
}

// seriesHeader returns the CSV header for the world's tools.
func seriesHeader(w *world.World) string {
	cols := []string{"t_s", "cycle", "kinetic_J", "gravity_J", "elastic_J", "total_J", "px_kg_m_s", "py_kg_m_s", "pz_kg_m_s"}
	for i, t := range w.Tools {
		name := strings.Map(func(r rune) rune {
			if r == ',' || r == '"' || r == '\n' || r == '\r' {
				return '_'
			}
			return r
		}, t.Name)
		if name == "" {
			name = fmt.Sprintf("tool%d", i)
		}
		cols = append(cols, name+"_fx_N", name+"_fy_N", name+"_fz_N")
	}
	return strings.Join(cols, ",")
}

// newSeriesWriter checks that the world's solver is physical and writes the header.
func newSeriesWriter(out io.Writer, w *world.World) (*seriesWriter, error) {
	phy, ok := w.Solver.(solver.Physical)
	if !ok {
		return nil, fmt.Errorf("-series: the %s solver is geometric and has no energies or forces; run with -solver pbd or dvi", w.Solver.Name())
	}
	s := &seriesWriter{w: bufio.NewWriterSize(out, 1<<16), phy: phy}
	s.w.WriteString(seriesHeader(w))
	s.w.WriteByte('\n')
	return s, nil
}

// row writes the world's current state. Tools that are not holding the rope write 0.
func (s *seriesWriter) row(w *world.World) {
	m := s.phy.Measure(w.State, w.Gravity)
	b := s.buf[:0]
	f := func(v float64) {
		b = strconv.AppendFloat(b, v, 'g', 10, 64)
		b = append(b, ',')
	}
	f(w.Time)
	b = strconv.AppendInt(b, int64(w.Cycle), 10)
	b = append(b, ',')
	f(m.Kinetic)
	f(m.Gravity)
	f(m.Elastic)
	f(m.Kinetic + m.Gravity + m.Elastic)
	f(m.Momentum.X)
	f(m.Momentum.Y)
	f(m.Momentum.Z)
	for _, t := range w.Tools {
		f(t.Applied.X)
		f(t.Applied.Y)
		f(t.Applied.Z)
	}
	b[len(b)-1] = '\n'
	s.buf = b
	s.w.Write(b)
}

func (s *seriesWriter) flush() error { return s.w.Flush() }
