package haptics

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

func sampleMsgs() []Msg {
	return []Msg{
		{Type: MsgHello, Seq: 1},
		{Type: MsgBye, Seq: math.MaxUint64},
		{Type: MsgPose, Seq: 42, Time: 12.345, Pos: vec.V3{X: 0.01, Y: -0.02, Z: 0.3},
			Vel: vec.V3{X: -1e-3, Y: 5, Z: math.SmallestNonzeroFloat64}, Buttons: ButtonGrasp | 1<<7},
		{Type: MsgForce, Seq: 7, Echo: 42, Force: vec.V3{X: -1.5, Y: 0, Z: math.Copysign(0, -1)},
			Status: StatusEngaged | StatusClamped},
	}
}

func TestProtocolRoundTrip(t *testing.T) {
	for _, m := range sampleMsgs() {
		b := AppendMsg(nil, &m)
		if len(b) != m.Type.size() {
			t.Fatalf("%v: %d bytes, want %d", m.Type, len(b), m.Type.size())
		}
		var got Msg
		if err := Decode(b, &got); err != nil {
			t.Fatalf("%v: %v", m.Type, err)
		}
		if got != m {
			t.Fatalf("%v: round trip %+v, want %+v", m.Type, got, m)
		}
		if !bytes.Equal(AppendMsg(nil, &got), b) {
			t.Fatalf("%v: re-encoding differs", m.Type)
		}
	}
}

// TestProtocolLayout pins the byte layout documented in doc.go.
func TestProtocolLayout(t *testing.T) {
	m := Msg{Type: MsgPose, Seq: 0x0102030405060708, Time: 1.5, Pos: vec.V3{X: 2, Y: 3, Z: 4},
		Vel: vec.V3{X: 5, Y: 6, Z: 7}, Buttons: 0x0A0B}
	b := AppendMsg(nil, &m)
	want := []byte("KNHP\x01\x00\x03\x00\x08\x07\x06\x05\x04\x03\x02\x01")
	if !bytes.Equal(b[:16], want) {
		t.Fatalf("header % x, want % x", b[:16], want)
	}
	for i, x := range []float64{1.5, 2, 3, 4, 5, 6, 7} {
		if got := math.Float64frombits(binary.LittleEndian.Uint64(b[16+8*i:])); got != x {
			t.Fatalf("float %d = %v, want %v", i, got, x)
		}
	}
	if binary.LittleEndian.Uint32(b[72:]) != 0x0A0B || binary.LittleEndian.Uint32(b[76:]) != 0 {
		t.Fatal("buttons or padding")
	}
	f := Msg{Type: MsgForce, Seq: 9, Echo: 0x1122, Force: vec.V3{X: -1, Y: 2, Z: -3}, Status: StatusReleased}
	b = AppendMsg(nil, &f)
	if b[6] != 4 || binary.LittleEndian.Uint64(b[16:]) != 0x1122 ||
		math.Float64frombits(binary.LittleEndian.Uint64(b[40:])) != -3 ||
		binary.LittleEndian.Uint32(b[48:]) != uint32(StatusReleased) {
		t.Fatalf("force layout % x", b)
	}
}

func TestDecodeRejects(t *testing.T) {
	good := func(typ MsgType) []byte {
		for _, m := range sampleMsgs() {
			if m.Type == typ {
				return AppendMsg(nil, &m)
			}
		}
		panic("no sample")
	}
	mod := func(typ MsgType, f func(b []byte) []byte) []byte { return f(good(typ)) }
	nanBits := math.Float64bits(math.NaN())
	cases := []struct {
		name string
		b    []byte
		want error
	}{
		{"empty", nil, ErrShort},
		{"15 bytes", good(MsgHello)[:15], ErrShort},
		{"magic", mod(MsgHello, func(b []byte) []byte { b[0] = 'k'; return b }), ErrMagic},
		{"version 0", mod(MsgPose, func(b []byte) []byte { b[4] = 0; return b }), ErrVersion},
		{"version 2", mod(MsgPose, func(b []byte) []byte { b[4] = 2; return b }), ErrVersion},
		{"type 0", mod(MsgHello, func(b []byte) []byte { b[6] = 0; return b }), ErrType},
		{"type 5", mod(MsgHello, func(b []byte) []byte { b[6] = 5; return b }), ErrType},
		{"reserved", mod(MsgHello, func(b []byte) []byte { b[7] = 1; return b }), ErrReserved},
		{"hello too long", append(good(MsgHello), 0), ErrLength},
		{"pose short", good(MsgPose)[:79], ErrLength},
		{"pose long", append(good(MsgPose), 0), ErrLength},
		{"pose as force", mod(MsgPose, func(b []byte) []byte { b[6] = byte(MsgForce); return b }), ErrLength},
		{"pose pad", mod(MsgPose, func(b []byte) []byte { b[79] = 1; return b }), ErrReserved},
		{"pose NaN time", mod(MsgPose, func(b []byte) []byte { binary.LittleEndian.PutUint64(b[16:], nanBits); return b }), ErrNonFinite},
		{"pose NaN pos", mod(MsgPose, func(b []byte) []byte { binary.LittleEndian.PutUint64(b[32:], nanBits); return b }), ErrNonFinite},
		{"pose Inf vel", mod(MsgPose, func(b []byte) []byte {
			binary.LittleEndian.PutUint64(b[64:], math.Float64bits(math.Inf(1)))
			return b
		}), ErrNonFinite},
		{"force NaN", mod(MsgForce, func(b []byte) []byte { binary.LittleEndian.PutUint64(b[24:], nanBits); return b }), ErrNonFinite},
		{"force flags", mod(MsgForce, func(b []byte) []byte { b[48] = 1 << 3; return b }), ErrFlags},
		{"force pad", mod(MsgForce, func(b []byte) []byte { b[55] = 0x80; return b }), ErrReserved},
	}
	for _, tc := range cases {
		m := Msg{Seq: 99}
		if err := Decode(tc.b, &m); err != tc.want {
			t.Errorf("%s: Decode = %v, want %v", tc.name, err, tc.want)
		}
		if m != (Msg{}) {
			t.Errorf("%s: message not zeroed on error: %+v", tc.name, m)
		}
	}
}

func TestAppendMsgUnknownTypePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	AppendMsg(nil, &Msg{Type: 9})
}

// FuzzDecode: Decode never panics, and whatever it accepts re-encodes to the same bytes (the
// format is canonical: no field is ignored).
func FuzzDecode(f *testing.F) {
	for _, m := range sampleMsgs() {
		f.Add(AppendMsg(nil, &m))
	}
	f.Add([]byte{})
	f.Add([]byte("KNHP\x01\x00\x03\x00"))
	f.Add([]byte("KNHP\x02\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var m Msg
		if err := Decode(b, &m); err != nil {
			if m != (Msg{}) {
				t.Fatalf("error %v left %+v", err, m)
			}
			return
		}
		if !m.Pos.IsFinite() || !m.Vel.IsFinite() || !m.Force.IsFinite() || math.IsNaN(m.Time) {
			t.Fatalf("accepted non-finite %+v", m)
		}
		if out := AppendMsg(nil, &m); !bytes.Equal(out, b) {
			t.Fatalf("accepted % x, re-encoded % x", b, out)
		}
	})
}

func BenchmarkAppendMsg(b *testing.B) {
	m := sampleMsgs()[2]
	buf := make([]byte, 0, MaxMessageSize)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendMsg(buf[:0], &m)
	}
}

func BenchmarkDecode(b *testing.B) {
	m := sampleMsgs()[2]
	buf := AppendMsg(nil, &m)
	b.ReportAllocs()
	for b.Loop() {
		if err := Decode(buf, &m); err != nil {
			b.Fatal(err)
		}
	}
}
