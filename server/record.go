package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/knotsim/knotsim/scene"
)

// RecordVersion is the value of "knotsim_record" in a recording's header line.
const RecordVersion = 1

// RecordHeader is the first line of a recording.
type RecordHeader struct {
	Version int             `json:"knotsim_record"`
	Scene   json.RawMessage `json:"scene"` // the initial scene, as scene.Marshal writes it (one line)
}

// RecordLine is every later line: a command applied when the simulation was at Cycle (before
// the step to Cycle+1), or, with End, the cycle the session ended at.
type RecordLine struct {
	Cycle int      `json:"cycle"`
	Cmd   *Command `json:"cmd,omitempty"`
	End   bool     `json:"end,omitempty"`
}

type recorder struct {
	w   *bufio.Writer
	err error
}

func newRecorder(w io.Writer, sc *scene.Scene) (*recorder, error) {
	raw, err := compactScene(sc)
	if err != nil {
		return nil, err
	}
	r := &recorder{w: bufio.NewWriterSize(w, 64<<10)}
	r.line(RecordHeader{Version: RecordVersion, Scene: raw})
	return r, r.flush()
}

func (r *recorder) line(v any) {
	if r.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		r.err = err
		return
	}
	b = append(b, '\n')
	_, r.err = r.w.Write(b)
}

// command writes a command line and flushes it, so that a recording is complete up to the
// last command whatever happens to the process later.
func (r *recorder) command(cycle int, c Command) error {
	r.line(RecordLine{Cycle: cycle, Cmd: &c})
	return r.flush()
}

func (r *recorder) end(cycle int) { r.line(RecordLine{Cycle: cycle, End: true}) }

func (r *recorder) flush() error {
	if r.err != nil {
		return r.err
	}
	r.err = r.w.Flush()
	return r.err
}

// Replayer re-runs a recorded session headless: it rebuilds the header's scene, steps it and
// applies every recorded command at its cycle, through the same Engine as the server, so the
// final state equals the server's bit for bit (same binary).
type Replayer struct {
	Engine *Engine

	sc      *bufio.Scanner
	lineNo  int
	pending *RecordLine
	ended   bool
}

// NewReplayer reads the header of a recording and builds its scene.
func NewReplayer(r io.Reader) (*Replayer, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 2*scene.MaxFileSize)
	p := &Replayer{sc: sc}
	line, err := p.read()
	if err != nil {
		return nil, err
	}
	if line == nil {
		return nil, errors.New("replay: empty recording")
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var h RecordHeader
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("replay: line 1: %v", err)
	}
	if h.Version != RecordVersion {
		return nil, fmt.Errorf("replay: line 1: knotsim_record %d; this build reads version %d", h.Version, RecordVersion)
	}
	s, err := scene.Parse(h.Scene)
	if err != nil {
		return nil, fmt.Errorf("replay: line 1: %w", err)
	}
	if p.Engine, err = NewEngine(s); err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return p, p.advance()
}

func (p *Replayer) read() ([]byte, error) {
	for p.sc.Scan() {
		p.lineNo++
		if b := bytes.TrimSpace(p.sc.Bytes()); len(b) > 0 {
			return b, nil
		}
	}
	if err := p.sc.Err(); err != nil {
		return nil, fmt.Errorf("replay: line %d: %w", p.lineNo+1, err)
	}
	return nil, nil
}

// advance reads the next command or end line into pending (nil at the end of the file).
func (p *Replayer) advance() error {
	b, err := p.read()
	if err != nil || b == nil {
		p.pending = nil
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var l RecordLine
	if err := dec.Decode(&l); err != nil {
		return fmt.Errorf("replay: line %d: %v", p.lineNo, err)
	}
	if (l.Cmd == nil) == !l.End {
		return fmt.Errorf("replay: line %d: a line holds either a command or the end", p.lineNo)
	}
	if l.Cmd != nil {
		// The same checks as a live command.
		raw, _ := json.Marshal(l.Cmd)
		c, err := DecodeCommand(raw)
		if err != nil {
			return fmt.Errorf("replay: line %d: %v", p.lineNo, err)
		}
		l.Cmd = &c
	}
	p.pending = &l
	return nil
}

// Next applies the commands recorded at the current cycle and steps one cycle. It returns
// false, without stepping, when the recording's end cycle is reached (or, for a recording
// without an end line, after its last command).
func (p *Replayer) Next() (bool, error) {
	if p.ended {
		return false, nil
	}
	for {
		cycle := p.Engine.World().Cycle
		l := p.pending
		if l == nil || (l.End && l.Cycle == cycle) {
			p.ended = true
			return false, nil
		}
		if l.Cycle < cycle {
			return false, fmt.Errorf("replay: line %d: cycle %d, but the simulation is already at cycle %d", p.lineNo, l.Cycle, cycle)
		}
		if l.Cycle > cycle {
			break
		}
		if _, err := p.Engine.Apply(*l.Cmd); err != nil {
			return false, fmt.Errorf("replay: line %d (cycle %d, %s): %w", p.lineNo, cycle, l.Cmd.Type, err)
		}
		if err := p.advance(); err != nil {
			return false, err
		}
	}
	if err := p.Engine.Step(); err != nil {
		return false, fmt.Errorf("replay: %w", err)
	}
	return true, nil
}

// Run replays the whole recording and returns the final engine.
func (p *Replayer) Run() (*Engine, error) {
	for {
		more, err := p.Next()
		if err != nil {
			return p.Engine, err
		}
		if !more {
			return p.Engine, nil
		}
	}
}
