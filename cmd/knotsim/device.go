package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/knotsim/knotsim/haptics"
	"github.com/knotsim/knotsim/vec"
)

// cmdDevice is `knotsim device`: a virtual haptic device that plays a scripted motion to a
// knotsim server over the UDP bridge protocol (haptics/doc.go) and logs the forces it gets back.
func cmdDevice(args []string, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("device", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", haptics.DefaultUDPAddr, "the server's haptics UDP address")
	script := fl.String("script", "pull", "motion: a built-in ("+strings.Join(builtinScriptNames(), ", ")+") or a file of 't x y z' lines (s, m)")
	logPath := fl.String("log", "", "write the forces received as CSV (t,fx,fy,fz,flags; s, N) to this file")
	duration := fl.Duration("duration", 5*time.Second, "how long to play (the script holds its last position after its end)")
	rate := fl.Float64("rate", 1000, "poses sent per second, Hz")
	buttons := fl.Uint("buttons", uint(haptics.ButtonGrasp), "button bits sent with every pose (1: grasp)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: knotsim device [-addr 127.0.0.1:7700] [-script pull|FILE] [-log forces.csv] [-duration 5s]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return errUsage
	}
	if fl.NArg() != 0 {
		fl.Usage()
		return errUsage
	}
	if !(*rate > 0 && *rate <= 100e3) {
		return fmt.Errorf("-rate %v Hz: must be > 0 and ≤ 100 kHz", *rate)
	}
	if *duration <= 0 {
		return fmt.Errorf("-duration %v: must be > 0", *duration)
	}
	if *buttons > math.MaxUint32 {
		return fmt.Errorf("-buttons %d: must fit in 32 bits", *buttons)
	}
	sc, err := loadScript(*script)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runDevice(ctx, deviceOptions{addr: *addr, script: sc, logPath: *logPath,
		duration: *duration, rate: *rate, buttons: haptics.Buttons(*buttons)}, stdout)
}

type deviceOptions struct {
	addr     string
	script   motionScript
	logPath  string
	duration time.Duration
	rate     float64 // Hz
	buttons  haptics.Buttons
}

// deviceReport is what the receiving side of the virtual device saw.
type deviceReport struct {
	forces, hellos, byes, rejected int
	engaged, released, clamped     int
	maxForce                       float64 // N
	lastForce                      vec.V3  // N
}

// runDevice plays o.script to o.addr until o.duration has passed or ctx ends.
func runDevice(ctx context.Context, o deviceOptions, stdout io.Writer) error {
	raddr, err := net.ResolveUDPAddr("udp", o.addr)
	if err != nil {
		return err
	}
	conn, err := net.DialUDP("udp", nil, raddr)
	if err != nil {
		return err
	}
	defer conn.Close()

	var csv *bufio.Writer
	if o.logPath != "" {
		f, err := os.Create(o.logPath)
		if err != nil {
			return err
		}
		defer f.Close()
		csv = bufio.NewWriter(f)
		fmt.Fprintln(csv, "t,fx,fy,fz,flags")
	}

	start := time.Now()
	var rep deviceReport
	recvDone := make(chan struct{})
	go func() { // the only user of rep and csv until recvDone closes
		defer close(recvDone)
		var buf [haptics.MaxMessageSize + 1]byte
		var m haptics.Msg
		for {
			n, err := conn.Read(buf[:])
			if err != nil {
				if errors.Is(err, net.ErrClosed) {
					return
				}
				continue // e.g. ICMP port unreachable while no server listens yet
			}
			if haptics.Decode(buf[:n], &m) != nil {
				rep.rejected++
				continue
			}
			switch m.Type {
			case haptics.MsgHello:
				rep.hellos++
			case haptics.MsgBye:
				rep.byes++
			case haptics.MsgForce:
				t := time.Since(start).Seconds()
				rep.forces++
				rep.lastForce = m.Force
				rep.maxForce = max(rep.maxForce, m.Force.Norm())
				if m.Status&haptics.StatusEngaged != 0 {
					rep.engaged++
				}
				if m.Status&haptics.StatusReleased != 0 {
					rep.released++
				}
				if m.Status&haptics.StatusClamped != 0 {
					rep.clamped++
				}
				if csv != nil {
					fmt.Fprintf(csv, "%.6f,%.9g,%.9g,%.9g,%d\n", t, m.Force.X, m.Force.Y, m.Force.Z, m.Status)
				}
			}
		}
	}()

	var (
		out     = make([]byte, 0, haptics.MaxMessageSize)
		seq     uint64
		sendErr error
		sent    int
	)
	send := func(m haptics.Msg) {
		seq++
		m.Seq = seq
		out = haptics.AppendMsg(out[:0], &m)
		if _, err := conn.Write(out); err != nil && sendErr == nil {
			sendErr = err
		}
	}
	send(haptics.Msg{Type: haptics.MsgHello})
	period := time.Duration(float64(time.Second) / o.rate)
	for k := int64(0); ; k++ {
		due := start.Add(time.Duration(k) * period)
		if due.Sub(start) > o.duration || ctx.Err() != nil {
			break
		}
		time.Sleep(time.Until(due))
		t := time.Since(start).Seconds()
		p, v := o.script.at(t)
		send(haptics.Msg{Type: haptics.MsgPose, Time: t, Pos: p, Vel: v, Buttons: o.buttons})
		sent++
	}
	elapsed := time.Since(start)
	send(haptics.Msg{Type: haptics.MsgBye})
	time.Sleep(20 * time.Millisecond) // the last forces in flight
	conn.Close()
	<-recvDone
	if csv != nil {
		if err := csv.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "device %s → %s: script %s, %d poses in %.3f s (%.0f/s)\n",
		conn.LocalAddr(), o.addr, o.script.name, sent, elapsed.Seconds(), float64(sent)/elapsed.Seconds())
	fmt.Fprintf(stdout, "forces received %d (engaged %d, released %d, clamped %d), max |f| %.4g N, last %.4g %.4g %.4g N\n",
		rep.forces, rep.engaged, rep.released, rep.clamped, rep.maxForce, rep.lastForce.X, rep.lastForce.Y, rep.lastForce.Z)
	if rep.hellos == 0 {
		fmt.Fprintln(stdout, "warning: the server never answered the hello (is it listening on that address?)")
	}
	if sendErr != nil && rep.forces == 0 {
		return fmt.Errorf("sending to %s: %w", o.addr, sendErr)
	}
	return nil
}

// motionScript is a piecewise-linear tool path: positions keyed at increasing times.
type motionScript struct {
	name string
	keys []motionKey
}

type motionKey struct {
	t float64 // s
	p vec.V3  // m
}

// builtinScripts are the motions `-script NAME` plays.
var builtinScripts = map[string][]motionKey{
	// pull: from the origin, +x 5 cm over 2 s, then hold.
	"pull": {{0, vec.V3{}}, {2, vec.V3{X: 0.05}}},
	// hold: stay at the origin.
	"hold": {{0, vec.V3{}}},
	// tug: +x 2 cm in 0.5 s, back in 0.5 s, twice.
	"tug": {{0, vec.V3{}}, {0.5, vec.V3{X: 0.02}}, {1, vec.V3{}}, {1.5, vec.V3{X: 0.02}}, {2, vec.V3{}}},
}

func builtinScriptNames() []string { return []string{"pull", "hold", "tug"} }

// loadScript returns the built-in script called name, or parses the file name.
func loadScript(name string) (motionScript, error) {
	if keys, ok := builtinScripts[name]; ok {
		return motionScript{name: name, keys: keys}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return motionScript{}, fmt.Errorf("-script %q is neither a built-in (%s) nor a readable file: %w",
			name, strings.Join(builtinScriptNames(), ", "), err)
	}
	defer f.Close()
	return parseScript(name, f)
}

// parseScript reads 't x y z' lines (s, m; '#' starts a comment), strictly: four finite
// numbers per line, times ≥ 0 and strictly increasing, at least one key.
func parseScript(name string, r io.Reader) (motionScript, error) {
	sc := motionScript{name: name}
	in := bufio.NewScanner(r)
	line := 0
	for in.Scan() {
		line++
		text := in.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 4 {
			return sc, fmt.Errorf("%s:%d: want 't x y z' (s, m), got %d fields", name, line, len(fields))
		}
		var x [4]float64
		for i, s := range fields {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return sc, fmt.Errorf("%s:%d: field %d %q is not a finite number", name, line, i+1, s)
			}
			x[i] = v
		}
		if x[0] < 0 {
			return sc, fmt.Errorf("%s:%d: time %v s is negative", name, line, x[0])
		}
		if n := len(sc.keys); n > 0 && x[0] <= sc.keys[n-1].t {
			return sc, fmt.Errorf("%s:%d: time %v s does not increase (previous %v s)", name, line, x[0], sc.keys[n-1].t)
		}
		sc.keys = append(sc.keys, motionKey{x[0], vec.V3{X: x[1], Y: x[2], Z: x[3]}})
	}
	if err := in.Err(); err != nil {
		return sc, fmt.Errorf("%s: %w", name, err)
	}
	if len(sc.keys) == 0 {
		return sc, fmt.Errorf("%s: no keys ('t x y z' lines)", name)
	}
	return sc, nil
}

// at returns the scripted position (m) and velocity (m/s) at time t (s): linear between keys,
// the first key's position before it and the last key's after it (velocity 0 there).
func (s motionScript) at(t float64) (pos, vel vec.V3) {
	k := s.keys
	if t <= k[0].t {
		return k[0].p, vec.V3{}
	}
	for i := 1; i < len(k); i++ {
		if t < k[i].t {
			a, b := k[i-1], k[i]
			dt := b.t - a.t
			return a.p.Lerp(b.p, (t-a.t)/dt), b.p.Sub(a.p).Scale(1 / dt)
		}
	}
	return k[len(k)-1].p, vec.V3{}
}
