package server

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

func TestDecodeCommand(t *testing.T) {
	good := []string{
		`{"type":"control"}`,
		`{"type":"grasp","tool":0,"node":12}`,
		`{"type":"grasp","tool":1,"node":0}`,
		`{"type":"move","tool":1,"target":[0.1,-0.2,3e-3]}`,
		`{"type":"release","tool":0}`,
		`{"type":"play"}`, `{"type":"pause"}`, `{"type":"step"}`, `{"type":"reset"}`,
		`{"type":"scene","name":"figure8"}`,
		`{"type":"param","epsilon":0.001}`,
		`{"type":"param","radius":0.004}`,
		`{"type":"param","epsilon":0.001,"radius":0.004}`,
		` {"type":"pause"} `,
	}
	for _, s := range good {
		if _, err := DecodeCommand([]byte(s)); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	bad := map[string]string{
		``:                                                "bad command",
		`not json`:                                        "bad command",
		`[]`:                                              "bad command",
		`{"type":"jump"}`:                                 "unknown command type",
		`{}`:                                              "unknown command type",
		`{"type":"pause"} {"type":"play"}`:                "trailing",
		`{"type":"pause","x":1}`:                          "unknown field",
		`{"type":"pause","tool":0}`:                       `unexpected field "tool"`,
		`{"type":"grasp","tool":0}`:                       `missing "node"`,
		`{"type":"grasp","node":3}`:                       `missing "tool"`,
		`{"type":"grasp","tool":2,"node":3}`:              "tools are 0 and 1",
		`{"type":"grasp","tool":-1,"node":3}`:             "tools are 0 and 1",
		`{"type":"grasp","tool":0,"node":-3}`:             "negative",
		`{"type":"grasp","tool":0.5,"node":3}`:            "bad command",
		`{"type":"grasp","tool":0,"node":1e30}`:           "bad command",
		`{"type":"move","tool":0}`:                        `missing "target"`,
		`{"type":"move","tool":0,"target":[1,2]}`:         "",
		`{"type":"move","tool":0,"target":[1e300,0,0]}`:   "within",
		`{"type":"move","tool":0,"target":[1e999,0,0]}`:   "bad command",
		`{"type":"move","tool":0,"target":[0,0,"x"]}`:     "bad command",
		`{"type":"move","tool":0,"target":[0,0,NaN]}`:     "bad command",
		`{"type":"scene"}`:                                `missing "name"`,
		`{"type":"param"}`:                                "epsilon",
		`{"type":"param","epsilon":-1}`:                   "≥ 0",
		`{"type":"param","radius":0}`:                     "> 0",
		`{"type":"param","epsilon":0.005,"radius":0.005}`: "below",
		`{"type":"` + strings.Repeat("x", 100) + `"}`:     "unknown command type",
		`{"type":"pause","pad":"` + strings.Repeat("x", MaxMessage) + `"}`: "at most 4096",
	}
	for s, want := range bad {
		c, err := DecodeCommand([]byte(s))
		if err == nil {
			// [1,2] decodes into [3]float64 with a zero third coordinate: encoding/json's rule.
			if want == "" {
				continue
			}
			t.Errorf("%.60s: accepted as %+v", s, c)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%.60s: error %q, want it to mention %q", s, err, want)
		}
	}
}

// FuzzDecodeCommand: the decoder never panics, accepts only commands within the protocol's
// bounds, and an accepted command survives an encode/decode round trip unchanged.
func FuzzDecodeCommand(f *testing.F) {
	for _, s := range []string{
		`{"type":"grasp","tool":0,"node":12}`, `{"type":"move","tool":1,"target":[0.1,-0.2,3e-3]}`,
		`{"type":"param","epsilon":0.001,"radius":0.004}`, `{"type":"scene","name":"overhand"}`,
		`{"type":"release","tool":0}`, `{"type":"control"}`, `{"type":"move","tool":0,"target":[1e400,0,0]}`,
		`{"type":"grasp","tool":0,"node":-1}`, `{"type":"pause"}x`, "\x00", `{"type":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := DecodeCommand(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if _, ok := commandFields[c.Type]; !ok {
			t.Fatalf("accepted type %q", c.Type)
		}
		if c.Tool != nil && (*c.Tool < 0 || *c.Tool > 1) {
			t.Fatalf("tool %d", *c.Tool)
		}
		if c.Node != nil && *c.Node < 0 {
			t.Fatalf("node %d", *c.Node)
		}
		if c.Target != nil {
			for _, v := range c.Target {
				if math.IsNaN(v) || math.Abs(v) > MaxCoord {
					t.Fatalf("target %v", *c.Target)
				}
			}
		}
		for _, p := range []*float64{c.Epsilon, c.Radius} {
			if p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0) || *p < 0) {
				t.Fatalf("param %v", *p)
			}
		}
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		c2, err := DecodeCommand(b)
		if err != nil {
			t.Fatalf("re-encoded %s refused: %v", b, err)
		}
		if !reflect.DeepEqual(c, c2) {
			t.Fatalf("round trip %+v → %s → %+v", c, b, c2)
		}
	})
}

// The binary frame has exactly the documented layout.
func TestSnapshotLayout(t *testing.T) {
	s := &world.Snapshot{
		Cycle: 1234, Time: 1.234,
		Pos:     []vec.V3{{X: 1, Y: 2, Z: 3}, {X: 4, Y: 5, Z: 6}, {X: 7, Y: 8, Z: 9}},
		Strands: []rope.Strand{{First: 0, Nodes: 2, Radius: 0.005}, {First: 2, Nodes: 1, Radius: 0.25}},
		Tools: []world.Tool{{Node: 1, Active: true, Target: vec.V3{X: 0.5}}, {Node: 2, Active: false},
			{Node: 2, Active: true, Target: vec.V3{Z: -1}}},
		Stats: solver.Stats{Contacts: 70000, Clusters: 3},
	}
	b := EncodeSnapshot(nil, s, 2, 987.5)
	if want := 32 + 2*12 + 3*12 + 3*20; len(b) != want {
		t.Fatalf("%d bytes, want %d", len(b), want)
	}
	if string(b[:4]) != "KSN1" {
		t.Errorf("magic bytes %q", b[:4])
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Cycle != 1234 || d.Time != 1.234 || d.CyclesPerSecond != 987.5 || d.Contacts != 65535 || d.Clusters != 3 {
		t.Errorf("header %+v", d)
	}
	if !reflect.DeepEqual(d.Strands, []DecodedStrand{{0, 2, 0.005}, {2, 1, 0.25}}) {
		t.Errorf("strands %+v", d.Strands)
	}
	if d.Pos[2] != [3]float32{7, 8, 9} {
		t.Errorf("pos %v", d.Pos)
	}
	want := []DecodedTool{{1, true, false, [3]float32{0.5, 0, 0}}, {-1, false, false, [3]float32{}}, {2, true, true, [3]float32{0, 0, -1}}}
	if !reflect.DeepEqual(d.Tools, want) {
		t.Errorf("tools %+v", d.Tools)
	}
	if _, err := DecodeSnapshot(b[:len(b)-1]); err == nil {
		t.Error("short frame accepted")
	}
}
