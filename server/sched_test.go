package server

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

// On time: waking at every due time runs exactly one step each time, hz steps a second.
func TestSchedulerOnTime(t *testing.T) {
	s := NewScheduler(1000, 50, t0)
	total := 0
	now := t0
	for range 5000 {
		n := s.Due(now)
		if n != 1 {
			t.Fatalf("at %v: %d steps due, want 1", now.Sub(t0), n)
		}
		total += n
		if next := s.Next(); next.Sub(now) != time.Millisecond {
			t.Fatalf("next step %v after the last", next.Sub(now))
		}
		now = s.Next()
	}
	if total != 5000 || s.Dropped() != 0 {
		t.Errorf("%d steps, %d dropped", total, s.Dropped())
	}
}

// Late wake-ups (a coarse timer) are caught up in batches: the step count follows the clock.
func TestSchedulerCatchesUp(t *testing.T) {
	s := NewScheduler(1000, 50, t0)
	total := 0
	now := t0
	var last time.Time
	for range 1000 {
		total += s.Due(now)
		last, now = now, now.Add(3500*time.Microsecond)
	}
	// At the last call now − t0 = 999 × 3.5 ms = 3496.5 ms: steps 0..3496 are due.
	if total != 3497 || s.Dropped() != 0 {
		t.Errorf("%d steps, %d dropped; want 3497, 0", total, s.Dropped())
	}
	if s.Due(last) != 0 {
		t.Error("steps due before their time")
	}
}

// A machine too slow for the rate (each step costs 2 ms at 1000 Hz) never spirals: batches stay
// at the cap, the backlog is dropped, and the simulation runs at the machine's speed.
func TestSchedulerSlowMachineNoSpiral(t *testing.T) {
	s := NewScheduler(1000, 50, t0)
	now := t0
	total := 0
	for range 1000 {
		n := s.Due(now)
		if n > 50 {
			t.Fatalf("batch of %d steps, cap 50", n)
		}
		total += n
		now = now.Add(time.Duration(n)*2*time.Millisecond + 100*time.Microsecond)
	}
	el := now.Sub(t0).Seconds()
	if rate := float64(total) / el; math.Abs(rate-500) > 10 {
		t.Errorf("ran %.0f steps/s on a machine that manages 500", rate)
	}
	if s.Dropped() == 0 {
		t.Error("no backlog dropped")
	}
	// Once the machine is fast again, pacing is back to one step per period, no burst.
	now = s.Next()
	if n := s.Due(now); n != 1 {
		t.Errorf("%d steps due after recovering, want 1", n)
	}
}

// After a pause, Restart paces from now: the paused time is not caught up.
func TestSchedulerRestart(t *testing.T) {
	s := NewScheduler(1000, 50, t0)
	s.Due(t0)
	later := t0.Add(time.Hour)
	s.Restart(later)
	if n := s.Due(later); n != 1 {
		t.Errorf("%d steps due after restart, want 1", n)
	}
	if n := s.Due(later.Add(10 * time.Millisecond)); n != 10 {
		t.Errorf("%d steps due 10 ms after restart, want 10", n)
	}
}

// A non-integer rate keeps its average.
func TestSchedulerFractionalRate(t *testing.T) {
	s := NewScheduler(333.3, 1000, t0)
	if n := s.Due(t0.Add(10 * time.Second)); n != 1000 {
		t.Fatalf("%d", n) // capped
	}
	s = NewScheduler(333.3, 100000, t0)
	if n := s.Due(t0.Add(10 * time.Second)); n != 3334 {
		t.Errorf("%d steps in 10 s at 333.3 Hz, want 3334", n)
	}
}

// fakeClock: After returns at once and moves the time forward, so the physics loop runs
// unpaced in wall time but exactly paced in fake time; cost is added to every Now call.
type fakeClock struct {
	mu   sync.Mutex
	now  time.Time
	cost time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(c.cost)
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.now = c.now.Add(d)
	now := c.now
	c.mu.Unlock()
	ch := make(chan time.Time, 1)
	ch <- now
	return ch
}

func (c *fakeClock) elapsed() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now.Sub(t0)
}

// The physics loop with a fake clock: the cycles it runs follow fake time at the configured
// rate, and the measured rate says so.
func TestPhysicsLoopFakeClock(t *testing.T) {
	clk := &fakeClock{now: t0}
	s, err := New(Config{SceneName: "drag", Clock: clk, Rate: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for s.Steps() < 1500 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	s.Close()
	steps, el := s.Steps(), clk.elapsed()
	want := el.Seconds() * 1000
	if steps < 1500 || math.Abs(float64(steps)-want) > 2 {
		t.Errorf("%d steps in %v of fake time; want %.0f", steps, el, want)
	}
	if cps := s.State().Stats.CyclesPerSecond; math.Abs(cps-1000) > 5 {
		t.Errorf("measured %v cycles/s; want 1000", cps)
	}
}

// A slow machine in fake time (every clock reading costs 30 ms, the loop reads it twice per
// batch): the loop runs capped batches of 10 steps, ~170 cycles/s, instead of spiralling.
func TestPhysicsLoopSlowMachine(t *testing.T) {
	clk := &fakeClock{now: t0, cost: 30 * time.Millisecond}
	s, err := New(Config{SceneName: "drag", Clock: clk, Rate: 1000, MaxBatch: 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for s.Steps() < 500 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	s.Close()
	if s.Steps() < 500 {
		t.Fatalf("only %d steps", s.Steps())
	}
	if cps := s.State().Stats.CyclesPerSecond; math.Abs(cps-10/0.060) > 10 {
		t.Errorf("measured %v cycles/s", cps)
	}
}
