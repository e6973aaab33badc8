package haptics

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/knotsim/knotsim/vec"
)

// Config holds the haptic loop's parameters. Start from DefaultConfig; NewLoop validates.
type Config struct {
	// Rate is the loop's tick rate, Hz (default 1000). The filter is designed for it.
	Rate float64
	// Stiffness is the coupling spring k, N/m (default 200). Must be > 0.
	Stiffness float64
	// Damping is the coupling damper b, N·s/m (default 2). Must be ≥ 0.
	Damping float64
	// MaxForce is the largest force magnitude ever sent to the device, N (default 3).
	MaxForce float64
	// Cutoff is the −3 dB frequency of the first-order low-pass filter on the device force, Hz
	// (default 100). Must be > 0 and ≤ Rate/2.
	Cutoff float64
	// Timeout is the watchdog's limit: with no new device sample for this long the coupling is
	// released and the device gets zero force (default 50 ms). Must be > 0.
	Timeout time.Duration
	// Clutch, when true, re-centres the device at each engagement: the tool's world position
	// is x_dev + offset with offset = x_node − x_dev taken when the coupling engages, so the
	// coupling starts with a zero spring force. When false the device frame is the world frame.
	Clutch bool
	// Clock is the loop's time source (nil: PreciseClock{}, a kernel sleep and a short spin
	// before each deadline; SystemClock{} is the plain time.Sleep of earlier versions).
	Clock Clock
}

// DefaultConfig returns safe defaults for a desktop device: 1 kHz, k = 200 N/m, b = 2 N·s/m,
// 3 N at most, a 100 Hz filter and a 50 ms watchdog, no clutch, the default clock
// (PreciseClock).
func DefaultConfig() Config {
	return Config{Rate: 1000, Stiffness: 200, Damping: 2, MaxForce: 3, Cutoff: 100,
		Timeout: 50 * time.Millisecond}
}

// Validate returns an error naming the first field that is NaN, infinite, negative or
// otherwise out of range.
func (c Config) Validate() error {
	bad := func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }
	switch {
	case bad(c.Rate) || c.Rate <= 0 || c.Rate > 100e3:
		return fmt.Errorf("haptics: Config.Rate = %v Hz: must be finite, > 0 and ≤ 100 kHz", c.Rate)
	case bad(c.Stiffness) || c.Stiffness <= 0:
		return fmt.Errorf("haptics: Config.Stiffness = %v N/m: must be finite and > 0", c.Stiffness)
	case bad(c.Damping) || c.Damping < 0:
		return fmt.Errorf("haptics: Config.Damping = %v N·s/m: must be finite and ≥ 0", c.Damping)
	case bad(c.MaxForce) || c.MaxForce <= 0:
		return fmt.Errorf("haptics: Config.MaxForce = %v N: must be finite and > 0", c.MaxForce)
	case bad(c.Cutoff) || c.Cutoff <= 0 || c.Cutoff > c.Rate/2:
		return fmt.Errorf("haptics: Config.Cutoff = %v Hz: must be finite, > 0 and ≤ Rate/2 = %v Hz", c.Cutoff, c.Rate/2)
	case c.Timeout <= 0:
		return fmt.Errorf("haptics: Config.Timeout = %v: must be > 0", c.Timeout)
	}
	return nil
}

// Errors reported by Loop.Tick and kept in Stats.LastErr. The device got zero force.
var (
	ErrDeviceNonFinite = errors.New("haptics: non-finite position or velocity from the device")
	ErrProxyNonFinite  = errors.New("haptics: non-finite position or velocity from the proxy")
	ErrForceNonFinite  = errors.New("haptics: non-finite coupling force")
)

// Histogram resolution of the loop period: 1 µs bins up to histBins µs; longer periods land in
// the last bin (Stats.PeriodMax stays exact).
const histBins = 8192

// Stats describes a loop's run so far.
type Stats struct {
	// Ticks counts ticks run.
	Ticks uint64
	// Overruns counts the times Run fell a whole period or more behind its schedule (a slow
	// tick, a late wake-up, a descheduled process); Skipped counts the ticks it then dropped
	// to get back on its schedule instead of running them back to back.
	Overruns, Skipped uint64
	// Clamped counts ticks in which the force asked of the device exceeded MaxForce.
	Clamped uint64
	// NonFinite counts ticks in which a NaN or ±Inf was caught (the device got zero force).
	NonFinite uint64
	// Releases counts watchdog releases of an engaged coupling.
	Releases uint64
	// ReadErrors counts Device.Read errors other than ErrNoSample; WriteErrors counts
	// Device.WriteForce errors.
	ReadErrors, WriteErrors uint64
	// Engaged says whether the coupling was active at the last tick.
	Engaged bool
	// PeriodP50, PeriodP99 and PeriodMax describe the time between consecutive ticks
	// (1 µs resolution for p50 and p99; exact max). Zero before the second tick.
	PeriodP50, PeriodP99, PeriodMax time.Duration
	// Periods is how many periods the histogram holds (Ticks − 1 once running).
	Periods uint64
	// LastErr is the last error of a tick (one of the Err… values), nil if none.
	LastErr error
}

// Loop is the haptic loop: it reads a Device, couples it to the grasped node of a Sim through
// a spring–damper, and writes the opposite force to the device, filtered and clamped.
//
// Concurrency: Run (or Tick) is called from one goroutine; Stats may be called from any.
type Loop struct {
	cfg    Config
	dev    Device
	sw     StatusWriter // dev, if it reports status
	sim    Sim
	clock  Clock
	period time.Duration
	alpha  float64 // filter coefficient per tick

	// tick state (loop goroutine only)
	filt       vec.V3 // filter output, N (device side)
	offset     vec.V3 // clutch offset, m
	last       Sample // the device's latest sample
	lastSeq    uint64
	lastNew    time.Time // loop time of the last new sample
	lastTick   time.Time
	haveSample bool
	engaged    bool
	released   bool // the watchdog released the coupling and the device is still silent
	tick       uint64

	mu    sync.Mutex // guards st and hist
	st    Stats
	hist  [histBins]uint64
	hmax  time.Duration
	hsize uint64
}

// NewLoop returns a loop coupling dev to sim, or an error naming a bad Config field.
func NewLoop(dev Device, sim Sim, cfg Config) (*Loop, error) {
	if dev == nil || sim == nil {
		return nil, errors.New("haptics: NewLoop needs a device and a sim")
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	l := &Loop{cfg: cfg, dev: dev, sim: sim, clock: cfg.Clock}
	if l.clock == nil {
		l.clock = PreciseClock{}
	}
	l.sw, _ = dev.(StatusWriter)
	l.period = time.Duration(math.Round(float64(time.Second) / cfg.Rate))
	l.alpha = -math.Expm1(-2 * math.Pi * cfg.Cutoff / cfg.Rate)
	return l, nil
}

// Config returns the loop's configuration.
func (l *Loop) Config() Config { return l.cfg }

// Period returns the nominal tick period, 1/Rate.
func (l *Loop) Period() time.Duration { return l.period }

// Run ticks at Config.Rate until ctx is done, on an absolute schedule: tick k is due at
// start + k/Rate, so the error of one sleep never accumulates. A tick that starts late (by
// less than a period) is followed at once by the next one if that is due. When the loop has
// fallen a whole period or more behind (a slow tick, a descheduled process) it counts an
// overrun, skips the missed ticks (Stats.Skipped) but the latest, runs that one at once and
// goes on with the schedule: never a burst of catch-up ticks, never a drift. On return the
// device gets a zero force and the coupling is inactive. Run returns nil when ctx ends.
//
// With the default PreciseClock, Run locks its goroutine to its OS thread and keeps its P while
// it runs (see PreciseClock); a loop period then stays within a few µs of 1/Rate at ~10 % of a
// core.
// With SystemClock{} (time.Sleep, whole-millisecond timers on Linux) the periods alternate
// around 1 ms at 1 kHz (p50 ≈ 1.08 ms, p99 several ms); SystemClock.Spin trades a whole busy
// core for sub-10 µs jitter.
func (l *Loop) Run(ctx context.Context) error {
	clock := l.clock
	if b, ok := clock.(threadBinder); ok {
		var unbind func()
		clock, unbind = b.bindThread()
		defer unbind()
	}
	s := schedule{start: clock.Now(), period: l.period}
	for {
		select {
		case <-ctx.Done():
			l.stop()
			return nil
		default:
		}
		_ = l.Tick(clock.Now()) // errors are counted in Stats
		now := clock.Now()
		due, skipped := s.next(now)
		if skipped > 0 {
			l.mu.Lock()
			l.st.Overruns++
			l.st.Skipped += uint64(skipped)
			l.mu.Unlock()
		}
		if d := due.Sub(now); d > 0 {
			clock.Sleep(d)
		}
	}
}

// schedule is Run's timetable: tick k (from 0) is due at start + k·period.
type schedule struct {
	start  time.Time
	period time.Duration
	k      int64 // the tick that ran last
}

// next is called when a tick has ended at now; it returns when the next tick is due. When now
// is a whole period or more past that, the ticks now has overtaken are skipped (returned as
// skipped) but the latest, which is due at once (in (now − period, now]).
func (s *schedule) next(now time.Time) (due time.Time, skipped int64) {
	s.k++
	due = s.start.Add(time.Duration(s.k) * s.period)
	if late := now.Sub(due); late >= s.period {
		skipped = int64(late / s.period)
		s.k += skipped
		due = s.start.Add(time.Duration(s.k) * s.period)
	}
	return due, skipped
}

// stop writes a zero force and deactivates the coupling.
func (l *Loop) stop() {
	l.engaged = false
	l.filt = vec.V3{}
	l.sim.SetCoupling(Coupling{Tick: l.tick})
	l.write(vec.V3{}, 0)
	l.mu.Lock()
	l.st.Engaged = false
	l.mu.Unlock()
}

// Tick runs one tick at time now (from the loop's clock): read the device, check the
// watchdog, compute the coupling, publish it to the sim and write the device force. It
// returns one of the Err… values when a non-finite input or force was caught (the device then
// got zero force), nil otherwise. Tick does not allocate.
func (l *Loop) Tick(now time.Time) error {
	l.tick++
	var period time.Duration
	if l.tick > 1 {
		period = now.Sub(l.lastTick)
	}
	l.lastTick = now

	s, rerr := l.dev.Read()
	if rerr == nil {
		if !l.haveSample || s.Seq != l.lastSeq {
			l.haveSample, l.lastSeq, l.lastNew = true, s.Seq, now
			l.released = false
		}
		l.last = s
	}
	s = l.last
	var (
		out      vec.V3
		status   Status
		clamped  bool
		released bool
		err      error
		c        = Coupling{Tick: l.tick}
	)
	alive := l.haveSample && now.Sub(l.lastNew) <= l.cfg.Timeout
	switch {
	case !alive:
		if l.haveSample && !l.released {
			l.released = true
			released = l.engaged
		}
		if l.released {
			status |= StatusReleased
		}
		l.engaged = false
	case !s.Pos.IsFinite() || !s.Vel.IsFinite():
		err = ErrDeviceNonFinite
		l.engaged = false
	default:
		c.Present, c.Buttons, c.ToolVel = true, s.Buttons, s.Vel
		c.Tool = s.Pos.Add(l.offset)
		px, pv, ok := l.sim.Proxy()
		switch {
		case !ok:
			l.engaged = false
		case !px.IsFinite() || !pv.IsFinite():
			err = ErrProxyNonFinite
			l.engaged = false
		default:
			if !l.engaged && l.cfg.Clutch {
				l.offset = px.Sub(s.Pos)
				c.Tool = px
			}
			f := c.Tool.Sub(px).Scale(l.cfg.Stiffness).Add(s.Vel.Sub(pv).Scale(l.cfg.Damping))
			if !f.IsFinite() {
				err = ErrForceNonFinite
				l.engaged = false
				break
			}
			if !l.engaged {
				l.filt = vec.V3{} // engage from rest
			}
			l.engaged = true
			c.Force, c.Active = f, true
			status |= StatusEngaged
			u := f.Neg()
			if n := u.Norm(); n > l.cfg.MaxForce {
				u = u.Scale(l.cfg.MaxForce / n)
				clamped = true
				status |= StatusClamped
			}
			l.filt = l.filt.Add(u.Sub(l.filt).Scale(l.alpha))
			out = l.filt
			if n := out.Norm(); n > l.cfg.MaxForce { // rounding only
				out = out.Scale(l.cfg.MaxForce / n)
			}
		}
	}
	if !l.engaged {
		l.filt = vec.V3{}
		out = vec.V3{}
	}
	if err != nil {
		c.Present, c.Tool, c.ToolVel, c.Buttons = false, vec.V3{}, vec.V3{}, 0
	}
	l.sim.SetCoupling(c)
	werr := l.write(out, status)

	l.mu.Lock()
	st := &l.st
	st.Ticks++
	st.Engaged = l.engaged
	if clamped {
		st.Clamped++
	}
	if released {
		st.Releases++
	}
	if err != nil {
		st.NonFinite++
		st.LastErr = err
	}
	if rerr != nil && rerr != ErrNoSample {
		st.ReadErrors++
	}
	if werr != nil {
		st.WriteErrors++
	}
	if l.tick > 1 {
		us := int64(period / time.Microsecond)
		us = min(max(us, 0), histBins-1)
		l.hist[us]++
		l.hsize++
		l.hmax = max(l.hmax, period)
	}
	l.mu.Unlock()
	return err
}

func (l *Loop) write(f vec.V3, st Status) error {
	if l.sw != nil {
		return l.sw.WriteForceStatus(f, st)
	}
	return l.dev.WriteForce(f)
}

// Stats returns the loop's statistics so far. Safe to call from any goroutine while Run runs.
func (l *Loop) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.st
	s.Periods = l.hsize
	s.PeriodMax = l.hmax
	s.PeriodP50 = l.quantile(0.50)
	s.PeriodP99 = l.quantile(0.99)
	return s
}

// quantile returns the p-quantile of the period histogram (lower bin edge, 1 µs resolution).
func (l *Loop) quantile(p float64) time.Duration {
	if l.hsize == 0 {
		return 0
	}
	rank := uint64(math.Ceil(p * float64(l.hsize)))
	rank = max(rank, 1)
	var acc uint64
	for i, n := range l.hist {
		acc += n
		if acc >= rank {
			return time.Duration(i) * time.Microsecond
		}
	}
	return l.hmax
}
