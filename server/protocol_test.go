package server

import (
	"bytes"
	"encoding/binary"
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
		`{"type":"solver","name":"pbd"}`,
		`{"type":"solver","name":"` + strings.Repeat("x", 16) + `"}`,
		` {"type":"pause"} `,
	}
	for _, s := range good {
		if _, err := DecodeCommand([]byte(s)); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	bad := map[string]string{
		``:                                                           "bad command",
		`not json`:                                                   "bad command",
		`[]`:                                                         "bad command",
		`{"type":"jump"}`:                                            "unknown command type",
		`{}`:                                                         "unknown command type",
		`{"type":"pause"} {"type":"play"}`:                           "trailing",
		`{"type":"pause","x":1}`:                                     "unknown field",
		`{"type":"pause","tool":0}`:                                  `unexpected field "tool"`,
		`{"type":"grasp","tool":0}`:                                  `missing "node"`,
		`{"type":"grasp","node":3}`:                                  `missing "tool"`,
		`{"type":"grasp","tool":2,"node":3}`:                         "tools are 0 and 1",
		`{"type":"grasp","tool":-1,"node":3}`:                        "tools are 0 and 1",
		`{"type":"grasp","tool":0,"node":-3}`:                        "negative",
		`{"type":"grasp","tool":0.5,"node":3}`:                       "bad command",
		`{"type":"grasp","tool":0,"node":1e30}`:                      "bad command",
		`{"type":"move","tool":0}`:                                   `missing "target"`,
		`{"type":"move","tool":0,"target":[1,2]}`:                    "target: must hold exactly 3 numbers (got 2)",
		`{"type":"move","tool":0,"target":[1,2,3,4]}`:                "target: must hold exactly 3 numbers",
		`{"type":"grasp","tool":0,"tool":1,"node":3}`:                "tool: appears twice",
		`{"Type":"pause"}`:                                           `unknown field "Type"`,
		`{"type":"move","tool":0,"target":[1e300,0,0]}`:              "within",
		`{"type":"move","tool":0,"target":[1e999,0,0]}`:              "bad command",
		`{"type":"move","tool":0,"target":[0,0,"x"]}`:                "bad command",
		`{"type":"move","tool":0,"target":[0,0,NaN]}`:                "bad command",
		`{"type":"scene"}`:                                           `missing "name"`,
		`{"type":"solver"}`:                                          `missing "name"`,
		`{"type":"solver","name":""}`:                                `missing "name"`,
		`{"type":"solver","name":"pbd","tool":0}`:                    `unexpected field "tool"`,
		`{"type":"solver","name":"` + strings.Repeat("x", 17) + `"}`: "at most 16",
		`{"type":"param"}`:                                           "epsilon",
		`{"type":"param","epsilon":-1}`:                              "≥ 0",
		`{"type":"param","radius":0}`:                                "> 0",
		`{"type":"param","epsilon":0.005,"radius":0.005}`:            "below",
		`{"type":"` + strings.Repeat("x", 100) + `"}`:                "unknown command type",
		`{"type":"pause","pad":"` + strings.Repeat("x", MaxMessage) + `"}`: "at most 4096",
	}
	for s, want := range bad {
		c, err := DecodeCommand([]byte(s))
		if err == nil {
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
		`{"type":"solver","name":"pbd"}`, `{"type":"release","tool":0}`, `{"type":"control"}`, `{"type":"move","tool":0,"target":[1e400,0,0]}`,
		`{"type":"grasp","tool":0,"node":-1}`, `{"type":"pause"}x`, "\x00", `{"type":null}`,
		`{"type":"forceps","forceps":1,"target":[0.01,0,0.02],"gap":0}`, `{"type":"forceps","forceps":0,"gap":2}`,
		`{"type":"needle","needle":0,"target":[0.005,0.005,0.003],"angle":3.1}`, `{"type":"needle","needle":0}`,
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

// The binary frame has exactly the documented layout (version 2).
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
	if want := 36 + 2*12 + 3*12 + 3*32; len(b) != want || SnapshotSize(s) != want {
		t.Fatalf("%d bytes (SnapshotSize %d), want %d", len(b), SnapshotSize(s), want)
	}
	if string(b[:4]) != "KSN2" {
		t.Errorf("magic bytes %q", b[:4])
	}
	if !bytes.Equal(b[32:36], []byte{0, 0, 0, 0}) {
		t.Errorf("flags % x without tensions", b[32:36])
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Cycle != 1234 || d.Time != 1.234 || d.CyclesPerSecond != 987.5 || d.Contacts != 65535 || d.Clusters != 3 || d.Flags != 0 {
		t.Errorf("header %+v", d)
	}
	if !reflect.DeepEqual(d.Strands, []DecodedStrand{{0, 2, 0.005}, {2, 1, 0.25}}) {
		t.Errorf("strands %+v", d.Strands)
	}
	if d.Pos[2] != [3]float32{7, 8, 9} {
		t.Errorf("pos %v", d.Pos)
	}
	want := []DecodedTool{{Node: 1, Active: true, Target: [3]float32{0.5, 0, 0}}, {Node: -1},
		{Node: 2, Active: true, Controller: true, Target: [3]float32{0, 0, -1}}}
	if !reflect.DeepEqual(d.Tools, want) {
		t.Errorf("tools %+v", d.Tools)
	}
	if d.Tensions != nil {
		t.Errorf("tensions %v without the flag", d.Tensions)
	}
	if _, err := DecodeSnapshot(b[:len(b)-1]); err == nil {
		t.Error("short frame accepted")
	}
	if _, err := DecodeSnapshot(append(b[:len(b):len(b)], 0)); err == nil {
		t.Error("long frame accepted")
	}
	// the first tool record: node, flags, target, force
	tool := b[36+2*12+3*12:][:32]
	wantTool := []byte{1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	if !bytes.Equal(tool, wantTool) {
		t.Errorf("tool record % x, want % x", tool, wantTool)
	}
}

// A physical solver's frame: forces in the tool records, tensions after them in global
// segment order, and the decoder strict about flags and lengths.
func TestSnapshotTensionsAndForces(t *testing.T) {
	s := &world.Snapshot{
		Cycle: 7, Time: 0.007,
		Pos: []vec.V3{{X: 0}, {X: 0.01}, {X: 0.02}, {X: 0.03}, {Y: 1}, {Y: 1.01}, {Y: 1.02}},
		// strands of 4 and 3 nodes: 3 + 2 segments
		Strands: []rope.Strand{{First: 0, Nodes: 4, Radius: 0.005}, {First: 4, Nodes: 3, Radius: 0.004}},
		Tools: []world.Tool{
			{Node: 3, Active: true, Mode: solver.HoldForce, Force: vec.V3{X: 2}, Applied: vec.V3{X: 2}, HasForce: true},
			{Node: 0, Active: true, Target: vec.V3{X: -0.1}, Applied: vec.V3{X: -1.5, Y: 0.25, Z: -0.125}, HasForce: true},
			{Node: 5, Active: false, Applied: vec.V3{X: 9}, HasForce: true}, // inactive: no force on the wire
		},
		Tension: []float64{1.5, 2.5, -0.5, 0, 3.25},
	}
	b := EncodeSnapshot(nil, s, 1, 1000)
	if want := 36 + 2*12 + 7*12 + 3*32 + 5*4; len(b) != want || SnapshotSize(s) != want {
		t.Fatalf("%d bytes (SnapshotSize %d), want %d", len(b), SnapshotSize(s), want)
	}
	if !bytes.Equal(b[32:36], []byte{1, 0, 0, 0}) {
		t.Errorf("flags % x", b[32:36])
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Flags != FlagTensions {
		t.Errorf("flags %#x", d.Flags)
	}
	if want := []float32{1.5, 2.5, -0.5, 0, 3.25}; !reflect.DeepEqual(d.Tensions, want) {
		t.Errorf("tensions %v, want %v", d.Tensions, want)
	}
	want := []DecodedTool{
		{Node: 3, Active: true, HasForce: true, Mode: uint8(solver.HoldForce), Force: [3]float32{2, 0, 0}},
		{Node: 0, Active: true, Controller: true, HasForce: true, Target: [3]float32{-0.1, 0, 0}, Force: [3]float32{-1.5, 0.25, -0.125}},
		{Node: -1, Controller: true},
	}
	for i := range want {
		want[i].Target[0] = float32(s.Tools[i].Target.X)
	}
	want[2].Target = [3]float32{}
	if !reflect.DeepEqual(d.Tools, want) {
		t.Errorf("tools\n%+v\nwant\n%+v", d.Tools, want)
	}
	if _, err := DecodeSnapshot(b[:len(b)-4]); err == nil {
		t.Error("frame missing a tension accepted")
	}
	noFlag := append([]byte(nil), b...)
	noFlag[32] = 0
	if _, err := DecodeSnapshot(noFlag); err == nil || !strings.Contains(err.Error(), "header says") {
		t.Errorf("tensions without the flag: %v", err)
	}
	unknown := append([]byte(nil), b...)
	unknown[32] = 33 // bit 5: unknown (bits 2, 3, 4: the tissue, forceps and needle sections)
	if _, err := DecodeSnapshot(unknown); err == nil || !strings.Contains(err.Error(), "unknown flags") {
		t.Errorf("unknown flag: %v", err)
	}
	beyond := append([]byte(nil), b...)
	beyond[36+12+4] = 8 // strand 1: 8 nodes from node 4
	if _, err := DecodeSnapshot(beyond); err == nil || !strings.Contains(err.Error(), "beyond") {
		t.Errorf("strand beyond the nodes: %v", err)
	}

	// a tension count that does not match the strands is not written (the flag stays off)
	s.Tension = s.Tension[:4]
	b = EncodeSnapshot(nil, s, 1, 1000)
	if d, err := DecodeSnapshot(b); err != nil || d.Flags != 0 || d.Tensions != nil {
		t.Errorf("mismatched tensions: flags %v, %v", d, err)
	}
}

// A contact-reporting solver's frame: the contact section after the tensions (count,
// residual, then point, normal force and friction force per contact), exact lengths, the count
// capped at MaxFrameContacts.
func TestSnapshotContacts(t *testing.T) {
	s := &world.Snapshot{
		Cycle: 9, Time: 0.009,
		Pos:     []vec.V3{{X: 0}, {X: 0.01}, {X: 0.02}},
		Strands: []rope.Strand{{First: 0, Nodes: 3, Radius: 0.005}},
		Tools:   []world.Tool{{Node: 0, Active: true}},
		Tension: []float64{1, 2},
		Contacts: []solver.Contact{
			{A: 0, B: -1, Obstacle: 0, At: vec.V3{X: 0.005, Z: 0.005}, Normal: vec.V3{Z: 1}, Fn: 0.5,
				Ft: vec.V3{X: -0.125}, Gap: -1e-5},
			{A: 1, B: 0, Obstacle: -1, At: vec.V3{X: 0.015, Y: 0.25}, Normal: vec.V3{Y: -1}, Fn: 2,
				Ft: vec.V3{X: 0.5, Z: 0.25}},
		},
		Residual: 1.5e-6, HasContacts: true,
	}
	b := EncodeSnapshot(nil, s, 1, 1000)
	head := 36 + 12 + 3*12 + 32 + 2*4
	if want := head + 8 + 2*36; len(b) != want || SnapshotSize(s) != want {
		t.Fatalf("%d bytes (SnapshotSize %d), want %d", len(b), SnapshotSize(s), want)
	}
	if !bytes.Equal(b[32:36], []byte{3, 0, 0, 0}) {
		t.Errorf("flags % x, want tensions and contacts", b[32:36])
	}
	if !bytes.Equal(b[head:head+4], []byte{2, 0, 0, 0}) {
		t.Errorf("contact count % x", b[head:head+4])
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Flags != FlagTensions|FlagContacts || d.Residual != float32(1.5e-6) || !reflect.DeepEqual(d.Tensions, []float32{1, 2}) {
		t.Errorf("flags %#x, residual %v, tensions %v", d.Flags, d.Residual, d.Tensions)
	}
	want := []DecodedContact{
		{At: [3]float32{0.005, 0, 0.005}, Normal: [3]float32{0, 0, 0.5}, Friction: [3]float32{-0.125, 0, 0}},
		{At: [3]float32{0.015, 0.25, 0}, Normal: [3]float32{0, -2, 0}, Friction: [3]float32{0.5, 0, 0.25}},
	}
	if !reflect.DeepEqual(d.ContactForces, want) {
		t.Errorf("contacts\n%+v\nwant\n%+v", d.ContactForces, want)
	}
	if _, err := DecodeSnapshot(b[:len(b)-1]); err == nil {
		t.Error("frame one byte short accepted")
	}
	if _, err := DecodeSnapshot(append(b[:len(b):len(b)], 0)); err == nil {
		t.Error("frame one byte long accepted")
	}
	if _, err := DecodeSnapshot(b[:head+6]); err == nil || !strings.Contains(err.Error(), "at least") {
		t.Errorf("contact section cut in its header: %v", err)
	}
	more := append([]byte(nil), b...)
	more[head] = 3 // one contact more than the frame holds
	if _, err := DecodeSnapshot(more); err == nil || !strings.Contains(err.Error(), "header says") {
		t.Errorf("count beyond the bytes: %v", err)
	}
	huge := append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(huge[head:], MaxFrameContacts+1)
	if _, err := DecodeSnapshot(huge); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("count beyond MaxFrameContacts: %v", err)
	}
	noFlag := append([]byte(nil), b...)
	noFlag[32] = 1
	if _, err := DecodeSnapshot(noFlag); err == nil || !strings.Contains(err.Error(), "header says") {
		t.Errorf("contact section without the flag: %v", err)
	}

	// a contact solver with nothing touching: the section with no contacts
	s.Contacts, s.Residual = s.Contacts[:0], 0
	b = EncodeSnapshot(nil, s, 1, 1000)
	if d, err := DecodeSnapshot(b); err != nil || len(b) != head+8 || SnapshotSize(s) != len(b) || d.Flags&FlagContacts == 0 || d.ContactForces == nil || len(d.ContactForces) != 0 {
		t.Errorf("no contacts: %d bytes, %+v, %v", len(b), d, err)
	}
	// a solver without contact forces: no section
	s.HasContacts = false
	b = EncodeSnapshot(nil, s, 1, 1000)
	if d, err := DecodeSnapshot(b); err != nil || len(b) != head || d.Flags != FlagTensions || d.ContactForces != nil {
		t.Errorf("no contact reporter: %d bytes, %+v, %v", len(b), d, err)
	}
	// more contacts than a frame carries: the first MaxFrameContacts
	s.HasContacts = true
	s.Contacts = make([]solver.Contact, MaxFrameContacts+10)
	for i := range s.Contacts {
		s.Contacts[i] = solver.Contact{At: vec.V3{X: float64(i)}, Normal: vec.V3{Z: 1}, Fn: 1}
	}
	b = EncodeSnapshot(nil, s, 1, 1000)
	d, err = DecodeSnapshot(b)
	if err != nil || len(b) != SnapshotSize(s) || len(d.ContactForces) != MaxFrameContacts || d.ContactForces[MaxFrameContacts-1].At[0] != MaxFrameContacts-1 {
		t.Errorf("capped contacts: %d bytes (SnapshotSize %d), %v", len(b), SnapshotSize(s), err)
	}
}

// FuzzDecodeSnapshot: the decoder never panics, and an accepted frame is exactly as long as
// its header and sections say.
func FuzzDecodeSnapshot(f *testing.F) {
	s := &world.Snapshot{
		Pos:      []vec.V3{{X: 0}, {X: 0.01}, {X: 0.02}},
		Strands:  []rope.Strand{{First: 0, Nodes: 3, Radius: 0.005}},
		Tools:    []world.Tool{{Node: 1, Active: true}},
		Tension:  []float64{1, 2},
		Contacts: []solver.Contact{{A: 0, B: -1, At: vec.V3{Z: 0.005}, Normal: vec.V3{Z: 1}, Fn: 1}},
	}
	f.Add(EncodeSnapshot(nil, s, 0, 100))
	s.Tension, s.Contacts = nil, nil
	f.Add(EncodeSnapshot(nil, s, 0, 100))
	f.Add(EncodeFrame(nil, s, []TissueFrame{{Pos: []float32{1, 2, 3, 4, 5, 6}, Strain: []float32{0.1, 0.2}}, {}}, 0, 100))
	f.Add([]byte("KSN2"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := DecodeSnapshot(b)
		if err != nil {
			return
		}
		n := headerSize + len(d.Strands)*strandSize + len(d.Pos)*nodeSize + len(d.Tools)*toolSize + len(d.Tensions)*tensionSize
		if d.Flags&FlagContacts != 0 {
			n += contactHead + len(d.ContactForces)*contactSize
		}
		tissueNodes := 0
		if d.Flags&FlagTissues != 0 {
			n += tissueHead
			for _, tf := range d.Tissues {
				if len(tf.Pos) != 3*len(tf.Strain) {
					t.Fatalf("tissue record with %d coordinates and %d strains", len(tf.Pos), len(tf.Strain))
				}
				n += tissueRecHead + len(tf.Strain)*tissueNodeSize
				tissueNodes += len(tf.Strain)
			}
		}
		if len(d.Tissues) > MaxFrameTissues || tissueNodes > MaxFrameTissueNodes || (d.Flags&FlagTissues == 0) != (d.Tissues == nil) {
			t.Fatalf("accepted tissue section: %d tissues, %d nodes, flags %#x", len(d.Tissues), tissueNodes, d.Flags)
		}
		if n != len(b) || len(d.ContactForces) > MaxFrameContacts || (d.Flags&FlagContacts == 0) != (d.ContactForces == nil) {
			t.Fatalf("accepted %d bytes as %d: %+v", len(b), n, d)
		}
	})
}

// The hello and scene events carry the solver and the solvers a command may name.
func TestSceneEventJSON(t *testing.T) {
	b, err := json.Marshal(SceneEvent{Type: "hello", Version: Version, Scenes: []string{"overhand"}, Scene: "overhand",
		Solver: "pbd", Solvers: []string{"ftl", "pbd"}, Obstacles: []ObstacleInfo{}, Tissues: []TissueInfo{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"version":3`, `"tissues":[]`, `"solver":"pbd"`, `"solvers":["ftl","pbd"]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
}
