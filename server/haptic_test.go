package server

import (
	"context"
	"math"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/knotsim/knotsim/haptics"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

const hapticKnotScene = `{
  "name": "haptic-knot", "dt": 0.001, "duration": 100,
  "solver": {"type": "pbd"},
  "ropes": [{"links": 120, "link_length": 0.005, "radius": 0.0025,
             "material": {"density": 1100, "young": 5e6, "shear": 1.7e6, "friction": {"static": 0.6, "kinetic": 0.5}, "damping": 2},
             "layout": {"type": "overhand"}}],
  "tools": [{"name": "pin", "rope": 0, "node": 0, "grasp": 0, "relative": true, "path": [{"t": 0, "pos": [0, 0, 0]}]}],
  "gravity": [0, 0, 0]
}`

// Issue 10 §3, under each physical solver: a virtual device on the UDP bridge grasps the free end of a loose overhand knot
// (the other end pinned) and pulls it away at 10 cm/s, then holds. The force it feels rises as
// the knot tightens and then settles; no force above the clamp ever leaves the server; when the
// device goes silent the watchdog releases the grasp and the force drops to zero. "Rises":
// the held force is at least 1.5 times the force early in the pull (0.2–0.5 s). Measured
// under pbd: 1.24 N early and 2.4–2.8 N held (clamp 3 N); before pbd's first pass took the
// self contacts friction bears on into its joint solve, 0.83 N early (less friction while
// the rope slid through the loose knot). Under dvi (issue 11: the force is its spring's and
// the rope's tension its multipliers): 1.8 N early, 3.0 N held (at the clamp) when run alone —
// but dvi steps this stiff rope at only 0.28× real time (832 of 3,000 cycles; BENCHMARKS.md),
// so the rise is then not checked (below).
func TestHapticDevicePullsKnot(t *testing.T) {
	if testing.Short() {
		t.Skip("real-time haptic session")
	}
	for _, solver := range []string{"pbd", "dvi"} {
		t.Run(solver, func(t *testing.T) { hapticPull(t, solver) })
	}
}

func hapticPull(t *testing.T, solver string) {
	sc, err := scene.Parse([]byte(strings.Replace(hapticKnotScene, `"type": "pbd"`, `"type": "`+solver+`"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Scene: sc, Haptic: &HapticConfig{Addr: "127.0.0.1:0"}})
	if err != nil {
		t.Fatal(err)
	}
	end := s.eng.World().State.Pos[120]
	conn := runHaptic(t, s)
	type rx struct {
		t  time.Duration
		f  vec.V3
		st haptics.Status
	}
	got := make(chan rx, 1<<16)
	start := time.Now()
	go func() {
		buf := make([]byte, haptics.MaxMessageSize)
		var m haptics.Msg
		for {
			n, err := conn.Read(buf)
			if err != nil {
				close(got)
				return
			}
			if haptics.Decode(buf[:n], &m) == nil && m.Type == haptics.MsgForce {
				got <- rx{time.Since(start), m.Force, m.Status}
			}
		}
	}()
	send := deviceSender(conn)
	send(haptics.Msg{Type: haptics.MsgHello})
	const pull, hold = 1.5, 1.5 // s
	dir := vec.V3{X: 1}
	var lastSent time.Duration // when the device sent its last pose
	for k := 0; ; k++ {
		due := start.Add(time.Duration(k) * time.Millisecond)
		el := time.Until(due)
		time.Sleep(el)
		tt := time.Since(start).Seconds()
		if tt > pull+hold {
			break
		}
		p, v := end.Add(dir.Scale(0.1*math.Min(tt, pull))), dir.Scale(0.1)
		if tt > pull {
			v = vec.V3{}
		}
		send(haptics.Msg{Type: haptics.MsgPose, Time: tt, Pos: p, Vel: v, Buttons: haptics.ButtonGrasp})
		lastSent = time.Since(start)
	}
	// The device is silent from its last pose on. (Not from the loop's end: on a loaded machine
	// the last sleep can overshoot the watchdog's 50 ms, and the forces received in between are
	// rightly released ones; CI saw this once.)
	silent := lastSent
	loopEnd := time.Since(start)
	cycles := s.Cycle()                // simulated milliseconds while the device pulled and held
	time.Sleep(300 * time.Millisecond) // the device goes silent: the watchdog must release
	conn.Close()
	var early, late, peak float64
	var nEarly, nLate, nLiving, nLateEngaged int
	var released bool
	clamp := haptics.DefaultConfig().MaxForce
	for r := range got {
		f := r.f.Norm()
		peak = math.Max(peak, f)
		if f > clamp*(1+1e-12) {
			t.Fatalf("a force of %.4g N left the server; the clamp is %g N", f, clamp)
		}
		s := r.t.Seconds()
		switch {
		case s > 0.2 && s < 0.5:
			early += f
			nEarly++
		case s > pull+hold-0.5 && r.t < silent:
			late += f
			nLate++
			// Engagement is counted where the watchdog had not released the coupling: a
			// stall of the device's sender, the server's reader or its haptic loop longer
			// than the watchdog's timeout (on a loaded machine; the loop's period once
			// reached 102 ms) rightly releases it until the next pose.
			if r.st&haptics.StatusReleased == 0 {
				nLiving++
				if r.st&haptics.StatusEngaged != 0 {
					nLateEngaged++
				}
			}
		}
		if r.t > silent+100*time.Millisecond && r.st&haptics.StatusReleased != 0 && f == 0 {
			released = true
		}
	}
	if nEarly == 0 || nLate == 0 {
		t.Fatalf("too few forces received: %d early, %d late", nEarly, nLate)
	}
	early /= float64(nEarly)
	late /= float64(nLate)
	st := s.HapticStats()
	t.Logf("device force: %.3f N early in the pull, %.3f N once held (peak %.3f N, clamp %g N); loop period p50 %v p99 %v max %v",
		early, late, peak, clamp, st.PeriodP50, st.PeriodP99, st.PeriodMax)
	// The rise is a property of the rope's motion in real time: a solver that fell behind the
	// device (dvi steps this stiff rope at 1–3 ms a cycle; on a loaded machine more) feels the
	// coupling spring stretch early instead. The check needs the physics within 10 % of real
	// time; the clamp, the engagement and the release are checked regardless.
	rt := float64(cycles) / (1000 * loopEnd.Seconds())
	t.Logf("physics ran at %.2f× real time (%d cycles in %v)", rt, cycles, loopEnd.Round(time.Millisecond))
	if rt < 0.9 {
		t.Logf("the physics fell behind real time: the force-rise check is skipped")
	} else if !(late > 1.5*early && late > 0.05) {
		t.Errorf("the force did not rise as the knot tightened: %.3f N early, %.3f N held", early, late)
	}
	// Engaged while the device held and the watchdog had not released it (above): most forces
	// must be, and most forces must not have been released. The coupling needs the physics'
	// proxy too: with the physics below 0.1× real time (0.03×, 84 cycles in 3 s, in a loaded
	// fresh-clone run: 241 of 374 engaged; dvi runs this rope at 0.2× on a quiet machine) it is
	// not judged.
	t.Logf("engaged in %d of the %d forces of the last 0.5 s not released by the watchdog (%d in all)", nLateEngaged, nLiving, nLate)
	if rt < 0.1 {
		t.Logf("the physics fell below 0.1× real time: the engagement check is skipped")
	} else if nLiving < nLate/2 || nLateEngaged < nLiving*8/10 {
		t.Errorf("the coupling was engaged in only %d of the %d forces of the last 0.5 s not released by the watchdog (%d in all)", nLateEngaged, nLiving, nLate)
	}
	if !released {
		t.Error("no zero force with the released flag after the device went silent")
	}
}

const hapticForcepsScene = `{
  "name": "haptic-forceps", "dt": 0.001, "duration": 100,
  "solver": {"type": "pbd"},
  "ropes": [{"links": 60, "link_length": 0.005, "radius": 0.0025,
             "material": {"density": 1100, "young": 5e6, "shear": 1.7e6, "friction": {"static": 0.6, "kinetic": 0.5}, "damping": 2},
             "layout": {"type": "straight", "from": [0, 0, 0.00251], "dir": [1, 0, 0]}}],
  "obstacles": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1]}],
  "forceps": [{"length": 0.05, "radius": 0.003, "grab": 0.006, "depth": 0.02,
               "path": [{"t": 0, "tip": [0.1502, 0, 0.00251], "axis": [0, 0, 1], "open": [0, 1, 0], "gap": 0.02}]}]
}`

// A scene with forceps: a virtual device drives the forceps (issue 13: "each reports its force
// to the haptics loop"). It stands at the forceps' tip over the middle of a 30 cm rope lying on
// a table, presses the grasp button (the jaws close on the rope), lifts 10 cm and holds: the
// force it feels once held is the forceps' pull on the rope, reversed: the weight of the
// rope's lifted part, downwards.
func TestHapticForceps(t *testing.T) {
	if testing.Short() {
		t.Skip("real-time haptic session")
	}
	sc, err := scene.Parse([]byte(hapticForcepsScene))
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Scene: sc, Haptic: &HapticConfig{Addr: "127.0.0.1:0"}})
	if err != nil {
		t.Fatal(err)
	}
	conn := runHaptic(t, s)
	var late vec.V3
	var nLate int
	done := make(chan struct{})
	const hold0, hold1 = 1.8, 2.3 // s: the forces averaged
	start := time.Now()
	go func() {
		defer close(done)
		buf := make([]byte, haptics.MaxMessageSize)
		var m haptics.Msg
		for {
			n, err := conn.Read(buf)
			if err != nil {
				return
			}
			if haptics.Decode(buf[:n], &m) == nil && m.Type == haptics.MsgForce {
				if el := time.Since(start).Seconds(); el > hold0 && el < hold1 && m.Status&haptics.StatusEngaged != 0 {
					late = late.Add(m.Force)
					nLate++
				}
			}
		}
	}()
	send := deviceSender(conn)
	send(haptics.Msg{Type: haptics.MsgHello})
	p0 := vec.V3{X: 0.1502, Z: 0.00251}
	for k := 0; ; k++ {
		time.Sleep(time.Until(start.Add(time.Duration(k) * time.Millisecond)))
		tt := time.Since(start).Seconds()
		if tt > hold1 {
			break
		}
		var b haptics.Buttons
		if tt > 0.1 {
			b = haptics.ButtonGrasp
		}
		lift := 0.2 * math.Max(0, math.Min(tt-0.3, 0.5)) // 10 cm at 20 cm/s from 0.3 s
		send(haptics.Msg{Type: haptics.MsgPose, Time: tt, Pos: p0.Add(vec.V3{Z: lift}), Buttons: b})
	}
	var snap world.Snapshot
	s.cur.Load().pub.Latest(&snap, nil)
	conn.Close()
	<-done
	if nLate == 0 || len(snap.Forceps) != 1 {
		t.Fatalf("%d forces while held; %d forceps in the snapshot", nLate, len(snap.Forceps))
	}
	late = late.Scale(1 / float64(nLate))
	f := snap.Forceps[0]
	t.Logf("held: the device felt %.4f N, the forceps pulls the rope with %.4f N holding %d nodes", late, f.Applied, f.Held)
	weight := 1100 * math.Pi * 0.0025 * 0.0025 * 0.3 * 9.81
	if !f.Closed || f.Held == 0 || !(f.Applied.Z > 0.3*weight) {
		t.Fatalf("the forceps holds %d nodes (closed %v) with %.4f N; the rope weighs %.4f N", f.Held, f.Closed, f.Applied, weight)
	}
	if d := late.Add(f.Applied).Norm(); d > 0.15*f.Applied.Norm() {
		t.Errorf("the device felt %.4f N; the forceps' pull reversed is %.4f N", late, f.Applied.Neg())
	}
}

// runHaptic runs s (a server with a haptic bridge) and dials its bridge as a device; both
// close when the test ends.
func runHaptic(t *testing.T, s *Server) *net.UDPConn {
	t.Helper()
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	conn, err := net.DialUDP("udp", nil, net.UDPAddrFromAddrPort(s.haptic.dev.Addr()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// deviceSender returns a function that sends a device message on conn with the next sequence
// number.
func deviceSender(conn *net.UDPConn) func(haptics.Msg) {
	var out []byte
	var seq uint64
	return func(m haptics.Msg) {
		seq++
		m.Seq = seq
		out = haptics.AppendMsg(out[:0], &m)
		conn.Write(out)
	}
}
