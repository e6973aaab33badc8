package haptics

import (
	"errors"
	"net"
	"net/netip"
	"sync"
	"time"

	"github.com/knotsim/knotsim/vec"
)

// DefaultUDPAddr is where the UDP bridge listens by default: loopback only, since the protocol
// has no authentication.
const DefaultUDPAddr = "127.0.0.1:7700"

// UDPConfig holds a UDPDevice's options; the zero value takes the defaults.
type UDPConfig struct {
	// PeerTimeout frees the peer slot when the current peer has sent nothing for this long, so
	// another peer can take over (default 1 s).
	PeerTimeout time.Duration
}

// UDPStats counts a UDPDevice's traffic.
type UDPStats struct {
	// Received counts datagrams accepted from the current peer; Rejected those Decode refused
	// (or force messages, which a device must not send); Foreign those from other peers while
	// one is served; Stale poses older than the latest (UDP reorders); Sent force and hello
	// messages sent.
	Received, Rejected, Foreign, Stale, Sent uint64
	// Peers counts peers served so far.
	Peers uint64
	// Peer is the current peer (valid when Connected).
	Peer netip.AddrPort
	// Connected says whether a peer is being served.
	Connected bool
}

// UDPDevice is the server side of the UDP bridge: a Device whose samples arrive as pose
// messages from a peer process (a driver for a real device, or `knotsim device`) and whose
// forces go back to that peer as force messages. It serves one peer at a time (see the package
// documentation).
//
// Concurrency: Read, WriteForce, WriteForceStatus, Stats and Close may be called from any
// goroutine; a receiving goroutine runs until Close.
type UDPDevice struct {
	conn *net.UDPConn
	cfg  UDPConfig
	done chan struct{}

	mu       sync.Mutex // guards the fields below
	peer     netip.AddrPort
	hasPeer  bool
	peerSeen time.Time
	anyPose  bool   // a pose was accepted since the peer's hello
	poseSeq  uint64 // the peer's seq of the latest accepted pose
	sample   Sample // latest sample; Seq counts accepted poses over all peers
	nSamples uint64
	stats    UDPStats

	wmu    sync.Mutex // guards wbuf and outSeq (writers)
	wbuf   [MaxMessageSize]byte
	outSeq uint64
}

// ErrClosed is returned by a UDPDevice's methods after Close.
var ErrClosed = errors.New("haptics: UDP device closed")

// ListenUDP starts a UDPDevice listening on addr ("127.0.0.1:7700"; port 0 picks a free one).
func ListenUDP(addr string, cfg UDPConfig) (*UDPDevice, error) {
	if cfg.PeerTimeout < 0 {
		return nil, errors.New("haptics: UDPConfig.PeerTimeout must be ≥ 0")
	}
	if cfg.PeerTimeout == 0 {
		cfg.PeerTimeout = time.Second
	}
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, err
	}
	conn, err := net.ListenUDP("udp", ua)
	if err != nil {
		return nil, err
	}
	d := &UDPDevice{conn: conn, cfg: cfg, done: make(chan struct{})}
	go d.receive()
	return d, nil
}

// Addr returns the local address the device listens on.
func (d *UDPDevice) Addr() netip.AddrPort {
	return d.conn.LocalAddr().(*net.UDPAddr).AddrPort()
}

// Read returns the latest pose of the current (or last) peer as a Sample whose Seq counts the
// poses accepted by this device, or ErrNoSample before the first.
func (d *UDPDevice) Read() (Sample, error) {
	d.mu.Lock()
	s, n := d.sample, d.nSamples
	d.mu.Unlock()
	if n == 0 {
		return Sample{}, ErrNoSample
	}
	return s, nil
}

// WriteForce sends force f (N) to the current peer with status 0; see WriteForceStatus.
func (d *UDPDevice) WriteForce(f vec.V3) error { return d.WriteForceStatus(f, 0) }

// WriteForceStatus sends force f (N) and status st to the current peer, echoing the seq of its
// latest pose. With no peer it sends nothing and returns nil. A non-finite f is sent as zero
// (the loop never asks for one). It does not allocate.
func (d *UDPDevice) WriteForceStatus(f vec.V3, st Status) error {
	d.mu.Lock()
	peer, ok, echo := d.peer, d.hasPeer, d.poseSeq
	d.mu.Unlock()
	if !ok {
		return nil
	}
	if !f.IsFinite() {
		f = vec.V3{}
	}
	return d.send(peer, &Msg{Type: MsgForce, Echo: echo, Force: f, Status: st & statusMask})
}

// send encodes m with the next outgoing seq and sends it to peer.
func (d *UDPDevice) send(peer netip.AddrPort, m *Msg) error {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	d.outSeq++
	m.Seq = d.outSeq
	b := AppendMsg(d.wbuf[:0], m)
	if _, err := d.conn.WriteToUDPAddrPort(b, peer); err != nil {
		select {
		case <-d.done:
			return ErrClosed
		default:
		}
		return err
	}
	d.mu.Lock()
	d.stats.Sent++
	d.mu.Unlock()
	return nil
}

// Stats returns the device's traffic counters.
func (d *UDPDevice) Stats() UDPStats {
	d.mu.Lock()
	defer d.mu.Unlock()
	s := d.stats
	s.Peer, s.Connected = d.peer, d.hasPeer
	return s
}

// Close says bye to the current peer, stops listening and waits for the receiving goroutine.
func (d *UDPDevice) Close() error {
	d.mu.Lock()
	peer, ok := d.peer, d.hasPeer
	d.hasPeer = false
	d.mu.Unlock()
	if ok {
		_ = d.send(peer, &Msg{Type: MsgBye})
	}
	select {
	case <-d.done:
		return ErrClosed
	default:
	}
	err := d.conn.Close()
	<-d.done
	return err
}

// receive reads datagrams until the connection is closed.
func (d *UDPDevice) receive() {
	defer close(d.done)
	var buf [MaxMessageSize + 1]byte // one more: an oversized datagram fails Decode
	var m Msg
	for {
		n, from, err := d.conn.ReadFromUDPAddrPort(buf[:])
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		from = netip.AddrPortFrom(from.Addr().Unmap(), from.Port())
		derr := Decode(buf[:n], &m)
		now := time.Now()
		hello := false
		d.mu.Lock()
		switch {
		case derr != nil || m.Type == MsgForce:
			d.stats.Rejected++
		default:
			if d.hasPeer && from != d.peer && now.Sub(d.peerSeen) > d.cfg.PeerTimeout {
				d.hasPeer = false // the old peer went silent
			}
			if !d.hasPeer && m.Type != MsgBye {
				d.peer, d.hasPeer, d.anyPose = from, true, false
				d.stats.Peers++
			}
			if !d.hasPeer || from != d.peer {
				d.stats.Foreign++
				break
			}
			d.peerSeen = now
			d.stats.Received++
			switch m.Type {
			case MsgHello:
				d.anyPose = false // seq counting restarts
				hello = true
			case MsgBye:
				d.hasPeer = false
			case MsgPose:
				if d.anyPose && m.Seq <= d.poseSeq {
					d.stats.Stale++
					break
				}
				d.anyPose, d.poseSeq = true, m.Seq
				d.nSamples++
				d.sample = Sample{Seq: d.nSamples, Time: m.Time, Pos: m.Pos, Vel: m.Vel, Buttons: m.Buttons}
			}
		}
		d.mu.Unlock()
		if hello {
			_ = d.send(from, &Msg{Type: MsgHello})
		}
	}
}

var (
	_ Device       = (*UDPDevice)(nil)
	_ StatusWriter = (*UDPDevice)(nil)
)
