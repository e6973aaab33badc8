package haptics

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/knotsim/knotsim/vec"
)

// peer is a test client of a UDPDevice.
type peer struct {
	t    *testing.T
	conn *net.UDPConn
	seq  uint64
}

func dial(t *testing.T, d *UDPDevice) *peer {
	t.Helper()
	conn, err := net.DialUDP("udp", nil, net.UDPAddrFromAddrPort(d.Addr()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return &peer{t: t, conn: conn}
}

func (p *peer) send(m Msg) {
	p.t.Helper()
	if m.Seq == 0 {
		p.seq++
		m.Seq = p.seq
	}
	if _, err := p.conn.Write(AppendMsg(nil, &m)); err != nil {
		p.t.Fatal(err)
	}
}

// recv returns the next message, or fails the test after 2 s.
func (p *peer) recv() Msg {
	p.t.Helper()
	var buf [MaxMessageSize + 1]byte
	_ = p.conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	n, err := p.conn.Read(buf[:])
	if err != nil {
		p.t.Fatal(err)
	}
	var m Msg
	if err := Decode(buf[:n], &m); err != nil {
		p.t.Fatal(err)
	}
	return m
}

// waitFor polls cond every ms for up to 2 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for range 2000 {
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestUDPDevice(t *testing.T) {
	d, err := ListenUDP("127.0.0.1:0", UDPConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Read(); err != ErrNoSample {
		t.Fatalf("Read before any pose: %v", err)
	}
	if err := d.WriteForce(vec.V3{X: 1}); err != nil { // no peer: nothing sent
		t.Fatal(err)
	}

	a := dial(t, d)
	a.send(Msg{Type: MsgHello})
	if m := a.recv(); m.Type != MsgHello {
		t.Fatalf("answer to hello: %+v", m)
	}
	a.send(Msg{Type: MsgPose, Time: 0.5, Pos: vec.V3{X: 0.01}, Vel: vec.V3{Y: 0.2}, Buttons: ButtonGrasp})
	waitFor(t, "the first pose", func() bool { _, err := d.Read(); return err == nil })
	s, _ := d.Read()
	if s.Seq != 1 || s.Time != 0.5 || s.Pos != (vec.V3{X: 0.01}) || s.Vel != (vec.V3{Y: 0.2}) || s.Buttons != ButtonGrasp {
		t.Fatalf("sample %+v", s)
	}

	// A force goes back with the pose's seq echoed.
	if err := d.WriteForceStatus(vec.V3{X: -1, Z: 0.5}, StatusEngaged|StatusClamped); err != nil {
		t.Fatal(err)
	}
	m := a.recv()
	if m.Type != MsgForce || m.Echo != a.seq || m.Force != (vec.V3{X: -1, Z: 0.5}) || m.Status != StatusEngaged|StatusClamped {
		t.Fatalf("force message %+v (pose seq %d)", m, a.seq)
	}

	// A stale pose (older seq), garbage and a second peer are all ignored.
	a.send(Msg{Type: MsgPose, Seq: 1, Pos: vec.V3{X: 9}})
	if _, err := a.conn.Write([]byte("not a message")); err != nil {
		t.Fatal(err)
	}
	b := dial(t, d)
	b.send(Msg{Type: MsgPose, Pos: vec.V3{X: 7}})
	a.send(Msg{Type: MsgPose, Pos: vec.V3{X: 0.02}})
	waitFor(t, "the second pose", func() bool { s, _ := d.Read(); return s.Seq == 2 })
	s, _ = d.Read()
	if s.Pos != (vec.V3{X: 0.02}) {
		t.Fatalf("sample %+v, want the current peer's latest pose", s)
	}
	waitFor(t, "counters", func() bool { st := d.Stats(); return st.Stale == 1 && st.Rejected == 1 && st.Foreign == 1 })
	if st := d.Stats(); !st.Connected || st.Peers != 1 || st.Peer != a.conn.LocalAddr().(*net.UDPAddr).AddrPort() {
		t.Fatalf("stats %+v", st)
	}

	// Bye frees the slot; the other peer takes over.
	a.send(Msg{Type: MsgBye})
	waitFor(t, "bye", func() bool { return !d.Stats().Connected })
	b.send(Msg{Type: MsgHello})
	if m := b.recv(); m.Type != MsgHello {
		t.Fatalf("answer to hello: %+v", m)
	}
	b.send(Msg{Type: MsgPose, Pos: vec.V3{Y: 0.03}})
	waitFor(t, "the new peer's pose", func() bool { s, _ := d.Read(); return s.Pos == vec.V3{Y: 0.03} })
	if st := d.Stats(); st.Peers != 2 {
		t.Fatalf("stats %+v", st)
	}

	// Close says bye to the peer.
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if m := b.recv(); m.Type != MsgBye {
		t.Fatalf("on Close the peer got %+v, want bye", m)
	}
	if err := d.Close(); err != ErrClosed {
		t.Fatalf("second Close: %v", err)
	}
}

func TestUDPPeerTimeout(t *testing.T) {
	d, err := ListenUDP("127.0.0.1:0", UDPConfig{PeerTimeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	a, b := dial(t, d), dial(t, d)
	a.send(Msg{Type: MsgPose, Pos: vec.V3{X: 1}})
	waitFor(t, "a's pose", func() bool { _, err := d.Read(); return err == nil })
	time.Sleep(30 * time.Millisecond) // a goes silent
	b.send(Msg{Type: MsgPose, Pos: vec.V3{X: 2}})
	waitFor(t, "b's pose", func() bool { s, _ := d.Read(); return s.Pos.X == 2 })
}

// TestUDPLoopEndToEnd runs a Loop on the system clock against a UDPDevice and a peer that
// holds its tool 1 cm from the grasped node: the peer receives the spring force, filtered,
// with the engaged flag; when it stops sending, the watchdog releases and zero force arrives.
func TestUDPLoopEndToEnd(t *testing.T) {
	d, err := ListenUDP("127.0.0.1:0", UDPConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ex := &Exchange{}
	ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	l, err := NewLoop(d, ex, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = l.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	p := dial(t, d)
	p.send(Msg{Type: MsgHello})
	if m := p.recv(); m.Type != MsgHello {
		t.Fatalf("answer to hello: %+v", m)
	}
	var last Msg
	for i := 0; i < 200 && !(last.Status == StatusEngaged && last.Force.X < -1.99); i++ {
		p.send(Msg{Type: MsgPose, Pos: vec.V3{X: 0.01}})
		for {
			last = p.recv()
			if last.Type == MsgForce && last.Echo == p.seq {
				break
			}
		}
	}
	if last.Status != StatusEngaged || last.Force.X > -1.99 || last.Force.X < -2 {
		t.Fatalf("after up to 200 poses the force is %+v, want −2 N along x, engaged", last)
	}
	if f, active := ex.CouplingForce(); !active || f.Sub(vec.V3{X: 2}).Norm() > 1e-9 {
		t.Fatalf("node force %v active %v, want 2 N along x", f, active)
	}
	// Silence: the watchdog releases within 50 ms (+ a tick) and zero force arrives.
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if m := p.recv(); m.Type == MsgForce && m.Status == StatusReleased {
			if m.Force != (vec.V3{}) {
				t.Fatalf("released with force %v", m.Force)
			}
			waitFor(t, "the release in Stats", func() bool { st := l.Stats(); return st.Releases == 1 && !st.Engaged })
			return
		}
	}
	t.Fatal("no release within 2 s of silence")
}

func BenchmarkUDPWriteForce(b *testing.B) {
	d, err := ListenUDP("127.0.0.1:0", UDPConfig{})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	conn, err := net.DialUDP("udp", nil, net.UDPAddrFromAddrPort(d.Addr()))
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	conn.Write(AppendMsg(nil, &Msg{Type: MsgHello, Seq: 1}))
	for !d.Stats().Connected {
		time.Sleep(time.Millisecond)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := d.WriteForceStatus(vec.V3{X: 1}, StatusEngaged); err != nil {
			b.Fatal(err)
		}
	}
}
