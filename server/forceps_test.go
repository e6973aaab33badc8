package server

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// The forceps section (flag bit 3, after the tissues) round-trips its jaws, radius, state and
// force; malformed or oversized sections are refused.
func TestSnapshotForceps(t *testing.T) {
	jaw := func(y float64) shape.Shape {
		return shape.Shape{Kind: shape.Capsule, Radius: 0.25, A: vec.V3{X: 1, Y: y, Z: 2}, B: vec.V3{X: 1, Y: y / 2, Z: 12}}
	}
	s := &world.Snapshot{
		Pos:     []vec.V3{{X: 0}, {X: 0.01}},
		Strands: []rope.Strand{{First: 0, Nodes: 2, Radius: 0.001}},
		Forceps: []world.ForcepsState{
			{Jaws: [2]shape.Shape{jaw(0.5), jaw(-0.5)}, Closed: true, Held: 300, Needle: 2, Applied: vec.V3{Z: 0.125}},
			{Jaws: [2]shape.Shape{jaw(1), jaw(-1)}, Needle: -1},
		},
	}
	b := EncodeFrame(nil, s, nil, 1, 1000)
	plain := EncodeFrame(nil, &world.Snapshot{Pos: s.Pos, Strands: s.Strands}, nil, 1, 1000)
	if want := len(plain) + 4 + 2*68; len(b) != want || FrameSize(s, nil) != want {
		t.Fatalf("%d bytes (FrameSize %d), want %d", len(b), FrameSize(s, nil), want)
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	f := d.Forceps
	if d.Flags != FlagForceps || len(f) != 2 || f[0].Jaws[0][0] != [3]float32{1, 0.5, 2} || f[0].Jaws[1][1] != [3]float32{1, -0.25, 12} ||
		f[0].Radius != 0.25 || !f[0].Closed || f[0].Held != 255 || f[0].Needle != 2 || f[1].Needle != -1 || f[0].Force != [3]float32{0, 0, 0.125} || f[1].Closed || f[1].Jaws[1][0][1] != -1 {
		t.Fatalf("decoded flags %#x, forceps %+v", d.Flags, f)
	}
	le := binary.LittleEndian
	head := len(plain)
	for name, c := range map[string]struct {
		b    []byte
		want string
	}{
		"one byte short":   {b[:len(b)-1], "header says"},
		"cut in the count": {b[:head+2], "at least"},
		"too many":         {func() []byte { x := append([]byte(nil), b...); le.PutUint32(x[head:], MaxFrameForceps+1); return x }(), "forceps; at most"},
	} {
		if _, err := DecodeSnapshot(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
	}
}

// The needle section (flag bit 4, after the forceps) round-trips each needle's pose and shape;
// malformed or oversized sections are refused.
func TestSnapshotNeedles(t *testing.T) {
	s := &world.Snapshot{
		Pos:     []vec.V3{{X: 0}, {X: 0.01}},
		Strands: []rope.Strand{{First: 0, Nodes: 2, Radius: 0.001}},
		Forceps: []world.ForcepsState{{}},
		Needles: []world.NeedleState{{Spec: needle.Default(), Pose: needle.Pose{Centre: vec.V3{X: 1, Y: 2, Z: 3}, U: vec.V3{X: 1}, V: vec.V3{Z: 1}, Angle: 2.5}}},
	}
	b := EncodeFrame(nil, s, nil, 1, 1000)
	withForceps := EncodeFrame(nil, &world.Snapshot{Pos: s.Pos, Strands: s.Strands, Forceps: s.Forceps}, nil, 1, 1000)
	if want := len(withForceps) + 4 + 52; len(b) != want || FrameSize(s, nil) != want {
		t.Fatalf("%d bytes (FrameSize %d), want %d", len(b), FrameSize(s, nil), want)
	}
	d, err := DecodeSnapshot(b)
	if err != nil {
		t.Fatal(err)
	}
	sp := needle.Default()
	want := DecodedNeedle{Centre: [3]float32{1, 2, 3}, U: [3]float32{1, 0, 0}, V: [3]float32{0, 0, 1}, Angle: 2.5,
		ArcRadius: float32(sp.ArcRadius), ArcAngle: float32(sp.ArcAngle), Diameter: float32(sp.Diameter)}
	if d.Flags != FlagForceps|FlagNeedles || len(d.Needles) != 1 || d.Needles[0] != want || len(d.Forceps) != 1 {
		t.Fatalf("decoded flags %#x, needles %+v", d.Flags, d.Needles)
	}
	le := binary.LittleEndian
	head := len(withForceps)
	for name, c := range map[string]struct {
		b    []byte
		want string
	}{
		"one byte short":   {b[:len(b)-1], "header says"},
		"cut in the count": {b[:head+2], "at least"},
		"too many":         {func() []byte { x := append([]byte(nil), b...); le.PutUint32(x[head:], MaxFrameNeedles+1); return x }(), "needles; at most"},
	} {
		if _, err := DecodeSnapshot(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, c.want)
		}
	}
}

// A served scene with forceps sends them in every frame: at first open, their jaws where the
// scene puts them.
func TestForcepsFrames(t *testing.T) {
	sc := sampleScene(t, "forceps_lift.json")
	_, ts := start(t, Config{Scene: sc, Paused: true})
	c := dial(t, ts)
	c.event("hello", nil)
	f := c.frame()
	if f.Flags&FlagForceps == 0 || len(f.Forceps) != 2 {
		t.Fatalf("frame flags %#x, %d forceps", f.Flags, len(f.Forceps))
	}
	// left: tip at (5.1, 0, 0.101) mm, gap 1 mm along y, jaws 0.15 mm thick: jaw 0's tip end
	// at y = 0.65 mm
	j := f.Forceps[0].Jaws[0][0]
	if f.Forceps[0].Closed || abs32(j[0]-5.1e-3) > 1e-7 || abs32(j[1]-0.65e-3) > 1e-7 || abs32(f.Forceps[0].Radius-0.15e-3) > 1e-9 {
		t.Errorf("left forceps %+v", f.Forceps[0])
	}
}

func abs32(x float32) float32 { return max(x, -x) }

// The forceps command: strict, and it moves a scene's forceps, taking over from the script
// (the other forceps then stays where it is).
func TestForcepsCommand(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`{"type":"forceps","forceps":0}`, "give \"target\""},
		{`{"type":"forceps","forceps":-1,"gap":0}`, "negative"},
		{`{"type":"forceps","gap":0}`, "missing \"forceps\""},
		{`{"type":"forceps","forceps":0,"gap":1.5}`, "gap 1.5 m must be in [0, 1]"},
		{`{"type":"forceps","forceps":0,"gap":0,"tool":0}`, "unexpected field \"tool\""},
		{`{"type":"forceps","forceps":0,"target":[0,1e9,0]}`, "forceps: target[1]"},
		{`{"type":"move","tool":0,"target":[0,0,0],"gap":0}`, "unexpected field \"gap\""},
	} {
		if _, err := DecodeCommand([]byte(c.msg)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.msg, err, c.want)
		}
	}
	e, err := NewEngine(sampleScene(t, "forceps_lift.json"))
	if err != nil {
		t.Fatal(err)
	}
	for range 100 { // both close on the thread (at 0.05 s)
		if err := e.Step(); err != nil {
			t.Fatal(err)
		}
	}
	w := e.World()
	right := w.Forceps[1].Tip
	// up and 4 mm towards the right forceps, which holds the thread's other side (straight up,
	// the span between them, laid straight, would have to stretch)
	cmd, err := DecodeCommand([]byte(`{"type":"forceps","forceps":0,"target":[0.0091,0,0.005]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Apply(cmd); err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if err := e.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if z := w.State.Pos[10].Z; math.Abs(z-0.005) > 0.2e-3 {
		t.Errorf("the left forceps lifted its node to z = %.3f mm, want 5", 1e3*z)
	}
	if w.Forceps[1].Tip != right || len(w.Forceps[1].Grabbed) != 1 {
		t.Errorf("the scripted right forceps moved after the take-over: %v → %v, holding %v", right, w.Forceps[1].Tip, w.Forceps[1].Grabbed)
	}
	open, _ := DecodeCommand([]byte(`{"type":"forceps","forceps":0,"gap":0.001}`))
	if _, err := e.Apply(open); err != nil {
		t.Fatal(err)
	}
	for range 20 { // the jaws open 0.05 mm a cycle
		if err := e.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if len(w.Forceps[0].Grabbed) != 0 {
		t.Errorf("opened, still holds %v", w.Forceps[0].Grabbed)
	}
	bad, _ := DecodeCommand([]byte(`{"type":"forceps","forceps":2,"gap":0}`))
	if _, err := e.Apply(bad); err == nil || !strings.Contains(err.Error(), "the scene has 2 forceps") {
		t.Errorf("forceps 2: %v", err)
	}
}

// The needle command: strict, and a user turning the needle of needle_slab.json step by step
// (the scene's script off) stitches its thread through the slab.
func TestNeedleCommand(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`{"type":"needle","needle":0}`, "give \"target\""},
		{`{"type":"needle","needle":-1,"angle":0}`, "negative"},
		{`{"type":"needle","angle":0}`, "missing \"needle\""},
		{`{"type":"needle","needle":0,"angle":1e300}`, "must be finite"},
		{`{"type":"needle","needle":0,"angle":0,"gap":0}`, "unexpected field \"gap\""},
		{`{"type":"forceps","forceps":0,"angle":0}`, "unexpected field \"angle\""},
	} {
		if _, err := DecodeCommand([]byte(c.msg)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.msg, err, c.want)
		}
	}
	e, err := NewEngine(sampleScene(t, "needle_slab.json"))
	if err != nil {
		t.Fatal(err)
	}
	w := e.World()
	a0 := w.Needles[0].Pose.Angle
	for i := 1; i <= 1000; i++ {
		cmd, err := DecodeCommand(fmt.Appendf(nil, `{"type":"needle","needle":0,"angle":%v}`, a0+float64(i)/1000*340*math.Pi/180))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Apply(cmd); err != nil {
			t.Fatal(err)
		}
		if err := e.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if n := w.Needles[0].Sutures; n != 1 || len(w.Sutures()) != 1 {
		t.Errorf("%d sutures made, %+v", n, w.Sutures())
	}
	bad, _ := DecodeCommand([]byte(`{"type":"needle","needle":1,"angle":0}`))
	if _, err := e.Apply(bad); err == nil || !strings.Contains(err.Error(), "the scene has 1 needles") {
		t.Errorf("needle 1: %v", err)
	}
}

// A needle command for a needle that a forceps holds (needle_holder.json, once its forceps has
// taken the needle) moves the forceps, which carries the needle there: the viewer's turn keys
// drive a held needle about its arc's centre.
func TestNeedleCommandMovesHolder(t *testing.T) {
	e, err := NewEngine(sampleScene(t, "needle_holder.json"))
	if err != nil {
		t.Fatal(err)
	}
	w := e.World()
	for w.NeedleHolder(0) < 0 {
		if err := e.Step(); err != nil {
			t.Fatal(err)
		}
		if w.Cycle > 200 {
			t.Fatal("the forceps has not taken the needle in 200 cycles")
		}
	}
	n := &w.Needles[0]
	c, axis, tip0 := n.Pose.Centre, n.Pose.Axis(), n.Pose.Tip(n.Spec)
	cmd, err := DecodeCommand(fmt.Appendf(nil, `{"type":"needle","needle":0,"angle":%v}`, n.Pose.Angle+10*math.Pi/180))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Apply(cmd); err != nil {
		t.Fatal(err)
	}
	for range 50 {
		if err := e.Step(); err != nil {
			t.Fatal(err)
		}
	}
	// the tip turned by 10° about the arc's centre (Rodrigues about the needle's axis)
	a := 10 * math.Pi / 180
	d := tip0.Sub(c)
	want := c.Add(d.Scale(math.Cos(a))).Add(axis.Cross(d).Scale(math.Sin(a))).Add(axis.Scale(axis.Dot(d) * (1 - math.Cos(a))))
	if got := n.Pose.Tip(n.Spec); w.NeedleHolder(0) != 0 || got.Dist(want) > 1e-9 {
		t.Errorf("held by forceps %d, the tip is at %v, want %v (%.3g m off)", w.NeedleHolder(0), got, want, got.Dist(want))
	}
}
