package haptics

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Protocol constants (see the package documentation for the byte layout).
const (
	// Magic opens every message: the bytes "KNHP" read as a little-endian uint32.
	Magic uint32 = 0x50484E4B
	// Version is the protocol version this package speaks.
	Version uint16 = 1

	// HeaderSize is the length of the common header, bytes.
	HeaderSize = 16
	// PoseSize is the length of a pose message, bytes.
	PoseSize = 80
	// ForceSize is the length of a force message, bytes.
	ForceSize = 56
	// MaxMessageSize is the longest message, bytes (a receive buffer of this size suffices).
	MaxMessageSize = PoseSize
)

// MsgType is a message's type (protocol field "type").
type MsgType uint8

// Message types.
const (
	MsgHello MsgType = 1 // device ↔ server: start; the server answers with a hello
	MsgBye   MsgType = 2 // device ↔ server: the sender stops
	MsgPose  MsgType = 3 // device → server: a Sample
	MsgForce MsgType = 4 // server → device: a force to render and the loop's status
)

// String returns the type's name.
func (t MsgType) String() string {
	switch t {
	case MsgHello:
		return "hello"
	case MsgBye:
		return "bye"
	case MsgPose:
		return "pose"
	case MsgForce:
		return "force"
	}
	return "unknown"
}

// size returns the exact length of a message of type t, 0 for an unknown type.
func (t MsgType) size() int {
	switch t {
	case MsgHello, MsgBye:
		return HeaderSize
	case MsgPose:
		return PoseSize
	case MsgForce:
		return ForceSize
	}
	return 0
}

// Msg is one protocol message, decoded. Only the fields of its Type are meaningful; Encode
// ignores the others and Decode zeroes them.
type Msg struct {
	// Type is the message type.
	Type MsgType
	// Seq is the sender's message counter.
	Seq uint64
	// Time is the device's clock, s (pose).
	Time float64
	// Pos is the tool tip's position, m (pose).
	Pos vec.V3
	// Vel is the tool tip's velocity, m/s (pose).
	Vel vec.V3
	// Buttons is the button state (pose).
	Buttons Buttons
	// Echo is the Seq of the latest pose the force was computed from (force).
	Echo uint64
	// Force is the force to render at the tool tip, N (force).
	Force vec.V3
	// Status is the loop's status (force).
	Status Status
}

// Decoding errors. Decode returns exactly one of them (never panics).
var (
	ErrShort     = errors.New("haptics: message shorter than its header")
	ErrMagic     = errors.New("haptics: bad magic (not a knotsim haptics message)")
	ErrVersion   = errors.New("haptics: unsupported protocol version")
	ErrType      = errors.New("haptics: unknown message type")
	ErrLength    = errors.New("haptics: wrong message length for its type")
	ErrReserved  = errors.New("haptics: non-zero reserved or padding bytes")
	ErrNonFinite = errors.New("haptics: NaN or infinite float in a message")
	ErrFlags     = errors.New("haptics: unknown status bits")
)

var le = binary.LittleEndian

// AppendMsg appends m's encoding to dst and returns the extended slice; it does not allocate
// when dst has MaxMessageSize bytes of spare capacity. It encodes whatever m holds (a NaN
// becomes a message that Decode rejects); a Type other than the four known ones panics,
// being a programming error.
func AppendMsg(dst []byte, m *Msg) []byte {
	n := m.Type.size()
	if n == 0 {
		panic("haptics: AppendMsg of an unknown message type")
	}
	off := len(dst)
	dst = append(dst, make([]byte, n)...)
	b := dst[off : off+n]
	le.PutUint32(b[0:], Magic)
	le.PutUint16(b[4:], Version)
	b[6] = byte(m.Type)
	b[7] = 0
	le.PutUint64(b[8:], m.Seq)
	switch m.Type {
	case MsgPose:
		putF(b[16:], m.Time)
		putV(b[24:], m.Pos)
		putV(b[48:], m.Vel)
		le.PutUint32(b[72:], uint32(m.Buttons))
		le.PutUint32(b[76:], 0)
	case MsgForce:
		le.PutUint64(b[16:], m.Echo)
		putV(b[24:], m.Force)
		le.PutUint32(b[48:], uint32(m.Status))
		le.PutUint32(b[52:], 0)
	}
	return dst
}

// Decode parses one message from b into m, strictly: b must be exactly one message of a known
// type and version with zero reserved and padding bytes, known status bits and finite floats.
// On error m is left zeroed. Decode does not allocate.
func Decode(b []byte, m *Msg) error {
	*m = Msg{}
	if len(b) < HeaderSize {
		return ErrShort
	}
	if le.Uint32(b[0:]) != Magic {
		return ErrMagic
	}
	if le.Uint16(b[4:]) != Version {
		return ErrVersion
	}
	t := MsgType(b[6])
	n := t.size()
	if n == 0 {
		return ErrType
	}
	if len(b) != n {
		return ErrLength
	}
	if b[7] != 0 {
		return ErrReserved
	}
	d := Msg{Type: t, Seq: le.Uint64(b[8:])}
	switch t {
	case MsgPose:
		if le.Uint32(b[76:]) != 0 {
			return ErrReserved
		}
		d.Time = getF(b[16:])
		d.Pos = getV(b[24:])
		d.Vel = getV(b[48:])
		d.Buttons = Buttons(le.Uint32(b[72:]))
		if math.IsNaN(d.Time) || math.IsInf(d.Time, 0) || !d.Pos.IsFinite() || !d.Vel.IsFinite() {
			return ErrNonFinite
		}
	case MsgForce:
		if le.Uint32(b[52:]) != 0 {
			return ErrReserved
		}
		d.Echo = le.Uint64(b[16:])
		d.Force = getV(b[24:])
		d.Status = Status(le.Uint32(b[48:]))
		if !d.Force.IsFinite() {
			return ErrNonFinite
		}
		if d.Status&^statusMask != 0 {
			return ErrFlags
		}
	}
	*m = d
	return nil
}

func putF(b []byte, x float64) { le.PutUint64(b, math.Float64bits(x)) }
func getF(b []byte) float64    { return math.Float64frombits(le.Uint64(b)) }

func putV(b []byte, v vec.V3) {
	putF(b[0:], v.X)
	putF(b[8:], v.Y)
	putF(b[16:], v.Z)
}

func getV(b []byte) vec.V3 { return vec.V3{X: getF(b[0:]), Y: getF(b[8:]), Z: getF(b[16:])} }
