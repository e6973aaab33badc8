package haptics

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/knotsim/knotsim/vec"
)

// fakeClock is a clock that never sleeps: Sleep advances it. onSleep, if set, runs after.
type fakeClock struct {
	t       time.Time
	onSleep func(d time.Duration)
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Unix(1000, 0)} }

func (c *fakeClock) Now() time.Time { return c.t }
func (c *fakeClock) Sleep(d time.Duration) {
	if d > 0 {
		c.t = c.t.Add(d)
	}
	if c.onSleep != nil {
		c.onSleep(d)
	}
}

// fakeDevice returns s from Read (err if set) and records what it was told to render.
type fakeDevice struct {
	s       Sample
	err     error
	onRead  func()
	force   vec.V3
	status  Status
	writes  int
	maxSeen float64
}

func (d *fakeDevice) Read() (Sample, error) {
	if d.onRead != nil {
		d.onRead()
	}
	return d.s, d.err
}
func (d *fakeDevice) WriteForce(f vec.V3) error { return d.WriteForceStatus(f, 0) }
func (d *fakeDevice) WriteForceStatus(f vec.V3, st Status) error {
	d.force, d.status = f, st
	d.writes++
	if n := f.Norm(); n > d.maxSeen || math.IsNaN(n) {
		d.maxSeen = n
	}
	return nil
}

// advance gives the device a new sample at pos with velocity vel.
func (d *fakeDevice) advance(pos, vel vec.V3) {
	d.s.Seq++
	d.s.Pos, d.s.Vel = pos, vel
}

// rig is a loop on a fake clock, a fake device and an Exchange, ticked by hand at 1 kHz.
type rig struct {
	t     *testing.T
	clock *fakeClock
	dev   *fakeDevice
	ex    *Exchange
	loop  *Loop
}

func newRig(t *testing.T, mod func(*Config)) *rig {
	t.Helper()
	cfg := DefaultConfig()
	r := &rig{t: t, clock: newFakeClock(), dev: &fakeDevice{}, ex: &Exchange{}}
	cfg.Clock = r.clock
	if mod != nil {
		mod(&cfg)
	}
	l, err := NewLoop(r.dev, r.ex, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.loop = l
	return r
}

// tick advances the clock by one period, gives the device a new sample (if fresh) and ticks.
func (r *rig) tick(fresh bool) error {
	r.clock.t = r.clock.t.Add(r.loop.Period())
	if fresh {
		r.dev.advance(r.dev.s.Pos, r.dev.s.Vel)
	}
	return r.loop.Tick(r.clock.t)
}

func near(a, b vec.V3, tol float64) bool { return a.Dist(b) <= tol }

func TestDefaultConfigValid(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestConfigValidateNamesField(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		field string
		mod   func(*Config)
	}{
		{"Rate", func(c *Config) { c.Rate = nan }},
		{"Rate", func(c *Config) { c.Rate = -1 }},
		{"Rate", func(c *Config) { c.Rate = 0 }},
		{"Rate", func(c *Config) { c.Rate = inf }},
		{"Stiffness", func(c *Config) { c.Stiffness = nan }},
		{"Stiffness", func(c *Config) { c.Stiffness = -200 }},
		{"Stiffness", func(c *Config) { c.Stiffness = 0 }},
		{"Damping", func(c *Config) { c.Damping = nan }},
		{"Damping", func(c *Config) { c.Damping = -2 }},
		{"Damping", func(c *Config) { c.Damping = inf }},
		{"MaxForce", func(c *Config) { c.MaxForce = nan }},
		{"MaxForce", func(c *Config) { c.MaxForce = -3 }},
		{"MaxForce", func(c *Config) { c.MaxForce = 0 }},
		{"Cutoff", func(c *Config) { c.Cutoff = nan }},
		{"Cutoff", func(c *Config) { c.Cutoff = -100 }},
		{"Cutoff", func(c *Config) { c.Cutoff = 600 }}, // above Rate/2
		{"Timeout", func(c *Config) { c.Timeout = -time.Millisecond }},
		{"Timeout", func(c *Config) { c.Timeout = 0 }},
	}
	for _, tc := range cases {
		c := DefaultConfig()
		tc.mod(&c)
		err := c.Validate()
		if err == nil || !strings.Contains(err.Error(), "Config."+tc.field+" ") {
			t.Errorf("%s: Validate = %v, want an error naming Config.%s", tc.field, err, tc.field)
		}
		if _, err := NewLoop(&fakeDevice{}, &Exchange{}, c); err == nil {
			t.Errorf("%s: NewLoop accepted an invalid config", tc.field)
		}
	}
	c := DefaultConfig()
	c.Damping = 0 // a pure spring is allowed
	if err := c.Validate(); err != nil {
		t.Errorf("Damping = 0: %v", err)
	}
}

func TestCouplingSpringLaw(t *testing.T) {
	r := newRig(t, nil)
	node := vec.V3{X: 0.1, Y: 0.2, Z: 0.3}
	r.ex.PublishProxy(node, vec.V3{}, true)
	d := vec.V3{X: 0.004, Y: -0.003, Z: 0.001} // 5.1 mm: k·d = 1.02 N, under the clamp
	r.dev.s.Pos = node.Add(d)
	for range 200 {
		if err := r.tick(true); err != nil {
			t.Fatal(err)
		}
	}
	want := d.Scale(200) // on the node, towards the device
	f, active := r.ex.CouplingForce()
	if !active || !near(f, want, 1e-12) {
		t.Fatalf("node force %v active %v, want %v", f, active, want)
	}
	// The device gets the opposite force (the filter has converged after 200 ticks).
	if !near(r.dev.force, want.Neg(), 1e-9) {
		t.Fatalf("device force %v, want %v", r.dev.force, want.Neg())
	}
	if r.dev.status != StatusEngaged {
		t.Fatalf("status %b, want engaged", r.dev.status)
	}
	c := r.ex.Coupling()
	if !c.Present || c.Tool != node.Add(d) {
		t.Fatalf("coupling %+v", c)
	}

	// Damping: relative velocity 0.1 m/s along y adds b·0.1 = 0.2 N on y.
	r.dev.s.Vel = vec.V3{Y: 0.1}
	r.ex.PublishProxy(node, vec.V3{Y: -0.05}, true)
	_ = r.tick(true)
	f, _ = r.ex.CouplingForce()
	if want := want.Add(vec.V3{Y: 2 * 0.15}); !near(f, want, 1e-12) {
		t.Fatalf("with damping: node force %v, want %v", f, want)
	}
}

func TestNoProxyNoForce(t *testing.T) {
	r := newRig(t, nil)
	r.dev.s.Pos = vec.V3{X: 1}
	r.dev.s.Buttons = ButtonGrasp
	_ = r.tick(true)
	c := r.ex.Coupling()
	if c.Active || !c.Present || c.Tool != (vec.V3{X: 1}) || c.Buttons != ButtonGrasp {
		t.Fatalf("coupling %+v: want present, inactive, tool at the device", c)
	}
	if r.dev.force != (vec.V3{}) || r.dev.status != 0 {
		t.Fatalf("device force %v status %b, want zero", r.dev.force, r.dev.status)
	}
}

// TestClampNeverExceeded drives the loop with random positions and velocities over 600 orders
// of magnitude (and sometimes NaN or Inf): the device force is always finite and ≤ MaxForce.
func TestClampNeverExceeded(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 7))
	t.Logf("seed %d", seed)
	r := newRig(t, nil)
	huge := func() float64 {
		switch rng.IntN(50) {
		case 0:
			return math.NaN()
		case 1:
			return math.Inf(1 - 2*rng.IntN(2))
		}
		return (2*rng.Float64() - 1) * math.Pow(10, float64(rng.IntN(600)-300))
	}
	v := func() vec.V3 { return vec.V3{X: huge(), Y: huge(), Z: huge()} }
	for i := range 20000 {
		r.dev.advance(v(), v())
		r.ex.PublishProxy(v(), v(), rng.IntN(10) != 0)
		r.clock.t = r.clock.t.Add(time.Millisecond)
		_ = r.loop.Tick(r.clock.t)
		if n := r.dev.force.Norm(); !(n <= 3) {
			t.Fatalf("seed %d tick %d: |device force| = %v > 3 N", seed, i, n)
		}
		if f, _ := r.ex.CouplingForce(); !f.IsFinite() {
			t.Fatalf("seed %d tick %d: non-finite node force %v", seed, i, f)
		}
	}
	st := r.loop.Stats()
	if st.Clamped == 0 || st.NonFinite == 0 {
		t.Fatalf("stats %+v: want clamped and non-finite ticks", st)
	}
}

// TestLowPassStep: a step of the coupling force reaches the device as the first-order
// response u·(1 − exp(−2π f_c t)) at every tick t = n/Rate.
func TestLowPassStep(t *testing.T) {
	for _, fc := range []float64{10, 100, 500} {
		r := newRig(t, func(c *Config) { c.Cutoff = fc })
		r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
		r.dev.s.Pos = vec.V3{Z: -0.01} // k·d = 2 N on the node along −z; +2 N on the device
		for n := 1; n <= 100; n++ {
			_ = r.tick(true)
			tn := float64(n) / 1000
			want := 2 * (1 - math.Exp(-2*math.Pi*fc*tn))
			if got := r.dev.force.Z; math.Abs(got-want) > 1e-12 {
				t.Fatalf("f_c %v Hz, tick %d: device force %v N, want %v N", fc, n, got, want)
			}
			if r.dev.force.X != 0 || r.dev.force.Y != 0 {
				t.Fatalf("off-axis force %v", r.dev.force)
			}
		}
	}
}

func TestWatchdogReleasesAndReengages(t *testing.T) {
	r := newRig(t, nil)
	r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	r.dev.s.Pos = vec.V3{X: 0.005}
	for range 20 {
		_ = r.tick(true)
	}
	if _, active := r.ex.CouplingForce(); !active {
		t.Fatal("not engaged")
	}
	// Silence: the device keeps returning its last sample. Still engaged up to 50 ms.
	for i := 1; i <= 50; i++ {
		_ = r.tick(false)
		if _, active := r.ex.CouplingForce(); !active {
			t.Fatalf("released after %d ms of silence, before the 50 ms timeout", i)
		}
	}
	_ = r.tick(false) // 51 ms
	if f, active := r.ex.CouplingForce(); active || f != (vec.V3{}) {
		t.Fatalf("after 51 ms: coupling %v active %v, want released", f, active)
	}
	if r.dev.force != (vec.V3{}) || r.dev.status != StatusReleased {
		t.Fatalf("device force %v status %b, want zero and released", r.dev.force, r.dev.status)
	}
	if c := r.ex.Coupling(); c.Present {
		t.Fatal("device still present after the watchdog fired")
	}
	// Read errors count as silence too.
	r.dev.err = errors.New("link down")
	for range 100 {
		_ = r.tick(true)
		if r.dev.force != (vec.V3{}) {
			t.Fatal("force while silent")
		}
	}
	st := r.loop.Stats()
	if st.Releases != 1 || st.Engaged || st.ReadErrors != 100 {
		t.Fatalf("stats %+v: want 1 release, 100 read errors", st)
	}
	// Samples return: engaged again, the filter restarts from zero.
	r.dev.err = nil
	_ = r.tick(true)
	if _, active := r.ex.CouplingForce(); !active {
		t.Fatal("did not re-engage")
	}
	alpha := -math.Expm1(-2 * math.Pi * 100 / 1000)
	if want := -1 * alpha; math.Abs(r.dev.force.X-want) > 1e-12 {
		t.Fatalf("first force after re-engaging %v, want %v (filter restarted)", r.dev.force.X, want)
	}
}

func TestNeverEngagesWithoutSample(t *testing.T) {
	r := newRig(t, nil)
	r.dev.err = ErrNoSample
	r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	for range 10 {
		_ = r.tick(false)
	}
	if c := r.ex.Coupling(); c.Active || c.Present || r.dev.force != (vec.V3{}) || r.dev.status != 0 {
		t.Fatalf("coupling %+v, device %v %b", c, r.dev.force, r.dev.status)
	}
	if st := r.loop.Stats(); st.ReadErrors != 0 {
		t.Fatalf("ErrNoSample counted as a read error: %+v", st)
	}
}

func TestNonFiniteNeverReachesDevice(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		name       string
		dev, proxy vec.V3
		devVel     vec.V3
		want       error
	}{
		{"device pos NaN", vec.V3{X: nan}, vec.V3{}, vec.V3{}, ErrDeviceNonFinite},
		{"device vel Inf", vec.V3{}, vec.V3{}, vec.V3{Y: math.Inf(-1)}, ErrDeviceNonFinite},
		{"proxy NaN", vec.V3{}, vec.V3{Z: nan}, vec.V3{}, ErrProxyNonFinite},
		{"force overflows", vec.V3{X: 1e307}, vec.V3{X: -1e307}, vec.V3{}, ErrForceNonFinite},
	}
	for _, tc := range cases {
		r := newRig(t, nil)
		r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
		r.dev.s.Pos = vec.V3{X: 0.001}
		for range 10 {
			_ = r.tick(true)
		}
		r.dev.s.Pos, r.dev.s.Vel = tc.dev, tc.devVel
		r.ex.PublishProxy(tc.proxy, vec.V3{}, true)
		if err := r.tick(true); err != tc.want {
			t.Errorf("%s: Tick = %v, want %v", tc.name, err, tc.want)
		}
		if r.dev.force != (vec.V3{}) || r.dev.status&StatusEngaged != 0 {
			t.Errorf("%s: device got %v status %b, want zero", tc.name, r.dev.force, r.dev.status)
		}
		if f, active := r.ex.CouplingForce(); active || f != (vec.V3{}) {
			t.Errorf("%s: node force %v active %v", tc.name, f, active)
		}
		st := r.loop.Stats()
		if st.NonFinite != 1 || st.LastErr != tc.want {
			t.Errorf("%s: stats %+v", tc.name, st)
		}
		// Finite again: engaged again.
		r.dev.s.Pos, r.dev.s.Vel = vec.V3{X: 0.001}, vec.V3{}
		r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
		if err := r.tick(true); err != nil {
			t.Errorf("%s: after recovery: %v", tc.name, err)
		}
		if _, active := r.ex.CouplingForce(); !active {
			t.Errorf("%s: did not re-engage", tc.name)
		}
	}
}

func TestClutch(t *testing.T) {
	r := newRig(t, func(c *Config) { c.Clutch = true })
	node := vec.V3{X: 0.3, Y: 0.1}
	r.ex.PublishProxy(node, vec.V3{}, true)
	r.dev.s.Pos = vec.V3{X: -0.05}
	_ = r.tick(true)
	if f, active := r.ex.CouplingForce(); !active || f != (vec.V3{}) {
		t.Fatalf("at engagement: force %v active %v, want zero spring force", f, active)
	}
	r.dev.s.Pos = vec.V3{X: -0.04} // 1 cm further along x
	_ = r.tick(true)
	f, _ := r.ex.CouplingForce()
	if !near(f, vec.V3{X: 2}, 1e-9) {
		t.Fatalf("force %v, want 2 N along x", f)
	}
	if c := r.ex.Coupling(); !near(c.Tool, node.Add(vec.V3{X: 0.01}), 1e-15) {
		t.Fatalf("tool %v, want node + 1 cm", c.Tool)
	}
}

// TestRunFakeClock runs the scheduler on a fake clock: steady 1 ms periods, one slow tick
// counted as an overrun and its missed ticks skipped, without a burst of catch-up ticks and
// without leaving the schedule; zero force on exit.
func TestRunFakeClock(t *testing.T) {
	r := newRig(t, nil)
	r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	r.dev.s.Pos = vec.V3{X: 0.005}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := r.clock.t
	reads := 0
	var slowAt time.Time
	var at []time.Time // when each tick read the device
	r.dev.onRead = func() {
		reads++
		at = append(at, r.clock.t)
		r.dev.s.Seq++
		if reads == 500 { // this tick (due at 499 ms) takes 3.5 ms
			r.clock.t = r.clock.t.Add(3500 * time.Microsecond)
			slowAt = r.clock.t
		}
		if reads == 1000 {
			cancel()
		}
	}
	if err := r.loop.Run(ctx); err != nil {
		t.Fatal(err)
	}
	st := r.loop.Stats()
	if st.Ticks != 1000 || st.Overruns != 1 || st.Skipped != 2 || st.Periods != 999 {
		t.Fatalf("stats %+v: want 1000 ticks, 1 overrun, 2 skipped", st)
	}
	if st.PeriodP50 != time.Millisecond || st.PeriodP99 != time.Millisecond || st.PeriodMax != 3500*time.Microsecond {
		t.Fatalf("periods p50 %v p99 %v max %v, want 1 ms, 1 ms, 3.5 ms (the late tick runs at once)", st.PeriodP50, st.PeriodP99, st.PeriodMax)
	}
	// Ticks 0..499 at k ms; the slow tick ends at 502.5 ms: ticks 500 and 501 are skipped,
	// 502 runs at once (late), and from 503 on every tick is on the original schedule.
	for i, ti := range at {
		k := i
		if i >= 500 {
			k = i + 2
		}
		want := start.Add(time.Duration(k) * time.Millisecond)
		if i == 500 {
			want = slowAt
		}
		if !ti.Equal(want) {
			t.Fatalf("tick %d ran at %v, want %v", i, ti.Sub(start), want.Sub(start))
		}
	}
	if r.dev.force != (vec.V3{}) || st.Engaged {
		t.Fatalf("on exit the device force is %v, engaged %v", r.dev.force, st.Engaged)
	}
	if _, active := r.ex.CouplingForce(); active {
		t.Fatal("coupling active after Run returned")
	}
}

// TestScheduleNext checks the deadline arithmetic: deadlines on start + k·period, a late end
// below a period keeps the next deadline (due at once), a period or more late skips to the
// latest deadline already passed.
func TestScheduleNext(t *testing.T) {
	start := time.Unix(1000, 0)
	ms := time.Millisecond
	s := schedule{start: start, period: ms}
	steps := []struct {
		end     time.Duration // when the tick ended, from start
		due     time.Duration // the next deadline, from start
		skipped int64
	}{
		{10 * time.Microsecond, 1 * ms, 0},                                   // tick 0 ends early: sleep till 1 ms
		{1*ms + 990*time.Microsecond, 2 * ms, 0},                             // tick 1 ends 10 µs before 2 ms
		{2*ms + 999*time.Microsecond, 3 * ms, 0},                             // 999 µs late: tick 3 at once
		{4 * ms, 4 * ms, 0},                                                  // ends exactly on tick 4's deadline
		{6 * ms, 6 * ms, 1},                                                  // exactly one period late: skip 5, 6 at once
		{6*ms + 500*time.Microsecond, 7 * ms, 0},                             // back on schedule
		{17*ms + 300*time.Microsecond, 17 * ms, 9},                           // 10.3 periods late: skip 8..16
		{17*ms + 400*time.Microsecond, 18 * ms, 0},                           // on schedule again
		{18*ms + 2*time.Microsecond, 19 * ms, 0},                             //
		{1000*ms + 1, 1000 * ms, 980},                                        // a 981 ms stall
		{1000*ms + 2, 1001 * ms, 0},                                          //
		{1001*ms + 999*time.Microsecond + 999*time.Nanosecond, 1002 * ms, 0}, // 1 ns short of a skip
	}
	for i, st := range steps {
		due, skipped := s.next(start.Add(st.end))
		if got := due.Sub(start); got != st.due || skipped != st.skipped {
			t.Fatalf("step %d (end %v): next due %v, skipped %d; want %v, %d", i, st.end, got, skipped, st.due, st.skipped)
		}
	}
}

// jitterClock is a fake clock whose sleeps end late by a random amount below maxLate (as
// time.Sleep and nanosleep do) and whose ticks take a random time below maxTick.
type jitterClock struct {
	t                time.Time
	rng              *rand.Rand
	maxLate, maxTick time.Duration
}

func (c *jitterClock) Now() time.Time { return c.t }
func (c *jitterClock) Sleep(d time.Duration) {
	if d > 0 {
		c.t = c.t.Add(d + time.Duration(c.rng.Int64N(int64(c.maxLate))))
	}
}
func (c *jitterClock) work() { c.t = c.t.Add(time.Duration(c.rng.Int64N(int64(c.maxTick)))) }

// TestRunNoDrift: with sleeps that always wake late (up to 0.9 of a period) and ticks of
// random length, Run still runs tick k no sooner than its deadline start + k·period and never
// more than one late wake-up plus one tick behind, so tick 9999 runs within 1 ms of 9.999 s
// (an accumulating schedule, next = wake + period, would be ~5 s late by then).
func TestRunNoDrift(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	clock := &jitterClock{t: time.Unix(1000, 0), rng: rand.New(rand.NewPCG(seed, 1)),
		maxLate: 900 * time.Microsecond, maxTick: 50 * time.Microsecond}
	dev := &fakeDevice{}
	cfg := DefaultConfig()
	cfg.Clock = clock
	l, err := NewLoop(dev, &Exchange{}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	start := clock.t
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	dev.onRead = func() {
		due := start.Add(time.Duration(n) * time.Millisecond)
		if late := clock.t.Sub(due); late < 0 || late >= 950*time.Microsecond {
			t.Fatalf("seed %d: tick %d ran %v after its deadline", seed, n, late)
		}
		n++
		clock.work()
		if n == 10000 {
			cancel()
		}
	}
	if err := l.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if st := l.Stats(); st.Ticks != 10000 || st.Overruns != 0 || st.Skipped != 0 {
		t.Fatalf("seed %d: stats %+v, want 10000 ticks, no overrun", seed, st)
	}
}

// TestSleepSpin drives PreciseClock's wait on a fake clock: it sleeps until margin before the
// end (again if a sleep returns early), spins through the margin, and never sleeps when less
// than the margin is left.
func TestSleepSpin(t *testing.T) {
	t0 := time.Unix(1000, 0)
	us := time.Microsecond
	cases := []struct {
		name    string
		d       time.Duration
		early   []time.Duration // how much earlier than asked each sleep returns
		late    time.Duration   // how much later than asked the sleeps return
		sleeps  []time.Duration // the sleeps asked for
		minSpin int             // at least this many spins
	}{
		{"normal", 1000 * us, nil, 20 * us, []time.Duration{850 * us}, 1},
		{"interrupted", 1000 * us, []time.Duration{400 * us}, 0, []time.Duration{850 * us, 400 * us}, 1},
		{"within margin", 100 * us, nil, 0, nil, 1},
		{"overslept", 1000 * us, nil, 300 * us, []time.Duration{850 * us}, 0},
		{"exactly margin", 150 * us, nil, 0, nil, 1},
	}
	for _, tc := range cases {
		now := t0
		var sleeps []time.Duration
		spins := 0
		clock := func() time.Time { return now }
		ksleep := func(d time.Duration) {
			sleeps = append(sleeps, d)
			var early time.Duration
			if len(tc.early) >= len(sleeps) {
				early = tc.early[len(sleeps)-1]
			}
			now = now.Add(d - early + tc.late)
		}
		spin := func() { spins++; now = now.Add(us) }
		end := t0.Add(tc.d)
		sleepSpin(t0, end, 150*us, clock, ksleep, spin)
		if now.Before(end) || (tc.late <= 150*us && now.Sub(end) >= us) {
			t.Errorf("%s: returned at %v, want %v", tc.name, now.Sub(t0), tc.d)
		}
		if !slices.Equal(sleeps, tc.sleeps) || spins < tc.minSpin || (tc.minSpin == 0 && spins != 0) {
			t.Errorf("%s: sleeps %v, %d spins; want sleeps %v, ≥ %d spins", tc.name, sleeps, spins, tc.sleeps, tc.minSpin)
		}
	}
	// The real clock: Sleep(0) and a negative d return at once; a short Sleep lasts at least d.
	PreciseClock{}.Sleep(-time.Second)
	t1 := time.Now()
	PreciseClock{Margin: 50 * us}.Sleep(200 * us)
	if el := time.Since(t1); el < 200*us {
		t.Fatalf("Sleep(200µs) returned after %v", el)
	}
}

// TestRunSystemClock runs 300 real ticks and logs the measured period distribution.
func TestRunSystemClock(t *testing.T) {
	if testing.Short() {
		t.Skip("real time")
	}
	dev := &syncDevice{}
	ex := &Exchange{}
	ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	l, err := NewLoop(dev, ex, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	dev.onRead = func(n uint64) {
		if n == 300 {
			cancel()
		}
	}
	done := make(chan struct{})
	go func() { _ = l.Run(ctx); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("300 ticks took over 10 s")
	}
	st := l.Stats()
	t.Logf("system clock, %d ticks: period p50 %v, p99 %v, max %v; overruns %d",
		st.Ticks, st.PeriodP50, st.PeriodP99, st.PeriodMax, st.Overruns)
	if st.Ticks != 300 || st.PeriodP50 < 500*time.Microsecond || st.PeriodP50 > 2*time.Millisecond {
		t.Fatalf("stats %+v", st)
	}
}

// syncDevice is a device safe for use from the loop's goroutine and the test's: a new sample
// at every Read.
type syncDevice struct {
	mu     sync.Mutex
	n      uint64
	force  vec.V3
	onRead func(n uint64)
}

func (d *syncDevice) Read() (Sample, error) {
	d.mu.Lock()
	d.n++
	n := d.n
	d.mu.Unlock()
	if d.onRead != nil {
		d.onRead(n)
	}
	return Sample{Seq: n, Pos: vec.V3{X: 0.001}}, nil
}

func (d *syncDevice) WriteForce(f vec.V3) error {
	d.mu.Lock()
	d.force = f
	d.mu.Unlock()
	return nil
}

func TestTickDoesNotAllocate(t *testing.T) {
	r := newRig(t, nil)
	r.ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	r.dev.s.Pos = vec.V3{X: 0.01}
	allocs := testing.AllocsPerRun(1000, func() { _ = r.tick(true) })
	if allocs != 0 {
		t.Fatalf("Tick allocates %v times", allocs)
	}
	// Also on the watchdog and NaN paths.
	r.dev.s.Pos = vec.V3{X: math.NaN()}
	if a := testing.AllocsPerRun(100, func() { _ = r.tick(true) }); a != 0 {
		t.Fatalf("NaN tick allocates %v times", a)
	}
	if a := testing.AllocsPerRun(100, func() { _ = r.tick(false) }); a != 0 {
		t.Fatalf("silent tick allocates %v times", a)
	}
}

// TestExchangeConcurrent: the physics and haptic sides hammer one Exchange (run with -race);
// every value read is one that was written whole.
func TestExchangeConcurrent(t *testing.T) {
	var ex Exchange
	var wg sync.WaitGroup
	const n = 20000
	wg.Add(2)
	go func() { // physics
		defer wg.Done()
		for i := range n {
			x := float64(i)
			ex.PublishProxy(vec.V3{X: x, Y: x, Z: x}, vec.V3{X: -x, Y: -x, Z: -x}, true)
			if f, active := ex.CouplingForce(); active && (f.X != f.Y || f.Y != f.Z) {
				t.Errorf("torn force %v", f)
				return
			}
		}
	}()
	go func() { // haptics
		defer wg.Done()
		for i := range n {
			p, v, ok := ex.Proxy()
			if ok && (p.X != p.Y || p.Y != p.Z || v.X != -p.X) {
				t.Errorf("torn proxy %v %v", p, v)
				return
			}
			x := float64(i)
			ex.SetCoupling(Coupling{Force: vec.V3{X: x, Y: x, Z: x}, Active: i%2 == 0})
		}
	}()
	wg.Wait()
	if ex.ProxySeq() != n {
		t.Fatalf("ProxySeq %d, want %d", ex.ProxySeq(), n)
	}
	ex.SetCoupling(Coupling{Force: vec.V3{X: 1}, Active: false})
	if f, _ := ex.CouplingForce(); f != (vec.V3{}) {
		t.Fatal("inactive coupling kept a force")
	}
}

func BenchmarkTick(b *testing.B) {
	clock := newFakeClock()
	dev := &fakeDevice{}
	ex := &Exchange{}
	cfg := DefaultConfig()
	cfg.Clock = clock
	l, err := NewLoop(dev, ex, cfg)
	if err != nil {
		b.Fatal(err)
	}
	ex.PublishProxy(vec.V3{X: 0.1}, vec.V3{}, true)
	dev.s.Pos = vec.V3{X: 0.11, Y: 0.002}
	b.ReportAllocs()
	for b.Loop() {
		clock.t = clock.t.Add(time.Millisecond)
		dev.s.Seq++
		_ = l.Tick(clock.t)
	}
}

// BenchmarkRunSystemClock runs the real 1 kHz loop (one op = one tick, ~1 ms; run it with
// -benchtime 5000x for 5 s per clock) while a busy goroutine, standing for the physics, keeps
// another core loaded, and reports the measured period's p50, p99 and max in µs, the overruns
// and skipped ticks, and the loop's CPU use in % of one core (the process's CPU time less the
// busy goroutine's own thread, so it includes the runtime's share):
//
//	sleep           SystemClock{}, plain time.Sleep (the default before PreciseClock)
//	precise         the default, PreciseClock{}: nanosleep until 100 µs before the deadline,
//	                then spin, on a locked thread with 1 µs timer slack, keeping the P
//	precise-nolock  PreciseClock's Sleep alone (as outside Run): a blocking nanosleep that
//	                gives the P back, on whatever thread, default timer slack
//	spin            SystemClock{Spin: time.Millisecond}, a busy core
//
// Timing is reported, never asserted (the machine is shared).
func BenchmarkRunSystemClock(b *testing.B) {
	for _, bc := range []struct {
		name  string
		clock Clock
	}{
		{"sleep", SystemClock{}},
		{"precise", nil},
		{"precise-nolock", struct{ Clock }{PreciseClock{}}}, // Now and Sleep only: no bindThread
		{"spin", SystemClock{Spin: time.Millisecond}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			dev := &syncDevice{}
			ex := &Exchange{}
			ex.PublishProxy(vec.V3{}, vec.V3{}, true)
			cfg := DefaultConfig()
			cfg.Clock = bc.clock
			l, err := NewLoop(dev, ex, cfg)
			if err != nil {
				b.Fatal(err)
			}
			busyCPU, stop := busyLoad()
			ctx, cancel := context.WithCancel(context.Background())
			target := uint64(b.N)
			dev.onRead = func(n uint64) {
				if n == target {
					cancel()
				}
			}
			cpu0, cpuOK := cpuTime(false)
			t0 := time.Now()
			b.ReportAllocs()
			b.ResetTimer()
			_ = l.Run(ctx)
			b.StopTimer()
			wall := time.Since(t0)
			cpu1, _ := cpuTime(false)
			stop()
			st := l.Stats()
			b.ReportMetric(float64(st.PeriodP50)/1e3, "p50-µs")
			b.ReportMetric(float64(st.PeriodP99)/1e3, "p99-µs")
			b.ReportMetric(float64(st.PeriodMax)/1e3, "max-µs")
			b.ReportMetric(float64(st.Overruns), "overruns")
			b.ReportMetric(float64(st.Skipped), "skipped")
			if busy, ok := busyCPU(); ok && cpuOK {
				b.ReportMetric(100*float64(cpu1-cpu0-busy)/float64(wall), "cpu-%")
			}
		})
	}
}

// busyLoad starts a goroutine that spins on its own OS thread (the simulation's load on the
// other core) until stop is called; busyCPU then returns the CPU time its thread used.
func busyLoad() (busyCPU func() (time.Duration, bool), stop func()) {
	var quit atomic.Bool
	var used time.Duration
	var ok bool
	done := make(chan struct{})
	started := make(chan struct{})
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		c0, ok0 := cpuTime(true)
		close(started)
		x := 0
		for !quit.Load() {
			x++
		}
		c1, ok1 := cpuTime(true)
		used, ok = c1-c0, ok0 && ok1
		close(done)
	}()
	<-started
	return func() (time.Duration, bool) { return used, ok }, func() { quit.Store(true); <-done }
}
