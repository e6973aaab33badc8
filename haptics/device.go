package haptics

import (
	"errors"
	"runtime"
	"time"

	"github.com/knotsim/knotsim/vec"
)

// Buttons is a device's button state: bit i set means button i is pressed.
type Buttons uint32

// ButtonGrasp is the button that asks the simulation to grasp (bit 0).
const ButtonGrasp Buttons = 1 << 0

// Sample is one reading of a device's tool tip.
type Sample struct {
	// Seq numbers the device's samples, increasing; a Read that returns the same Seq again
	// carries no new sample (the watchdog counts only new ones).
	Seq uint64
	// Time is the device's clock when it took the sample, s (monotonic, any origin).
	Time float64
	// Pos is the tool tip's position, m, in the world frame.
	Pos vec.V3
	// Vel is the tool tip's velocity, m/s.
	Vel vec.V3
	// Buttons is the button state.
	Buttons Buttons
}

// Device is a force-feedback device seen from the haptic loop: pose in, force out.
//
// Both methods are called from the loop's goroutine only, once per tick (1 kHz), and must not
// block: Read returns the latest sample the device has, WriteForce queues or sends one command.
type Device interface {
	// Read returns the device's latest sample. Before the first sample it returns ErrNoSample.
	// Returning a sample with an unchanged Seq is allowed and means "nothing new".
	Read() (Sample, error)
	// WriteForce asks the device to render force f at the tool tip, N (world frame).
	WriteForce(f vec.V3) error
}

// StatusWriter is implemented by devices that also report the loop's state to their user
// (UDPDevice sends it in every force message). The loop calls WriteForceStatus instead of
// WriteForce when the device implements it.
type StatusWriter interface {
	// WriteForceStatus is WriteForce with the loop's status for this tick.
	WriteForceStatus(f vec.V3, st Status) error
}

// Status describes one tick of the loop as sent to the device (protocol field "status").
type Status uint32

const (
	// StatusEngaged: the coupling is active (a node is grasped and the device is alive).
	StatusEngaged Status = 1 << 0
	// StatusReleased: the watchdog has released the coupling (no new sample for Timeout).
	StatusReleased Status = 1 << 1
	// StatusClamped: the force asked of the device this tick exceeded Config.MaxForce.
	StatusClamped Status = 1 << 2

	statusMask = StatusEngaged | StatusReleased | StatusClamped
)

// ErrNoSample is returned by Device.Read before the device has produced any sample.
var ErrNoSample = errors.New("haptics: no sample from the device yet")

// Clock is the loop's time source; tests inject a fake one so they never sleep.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Sleep pauses the caller for d (d ≤ 0 returns at once).
	Sleep(d time.Duration)
}

// SystemClock is the real clock with Go's timers: time.Now and time.Sleep. The zero value
// only sleeps. (A Loop's default clock is PreciseClock, which holds 1 kHz far better than
// SystemClock{} at a fraction of the CPU of SystemClock{Spin: time.Millisecond}.)
type SystemClock struct {
	// Spin is the last part of each Sleep spent yielding (runtime.Gosched) instead of sleeping.
	// Go's timers on Linux wake no sooner than about 1 ms after they are set, so at 1 kHz a
	// Spin of 1 ms gives periods within a few µs of 1 ms at the cost of a busy core (for a
	// dedicated haptics machine); 0 keeps the core free and the period p99 at several ms.
	Spin time.Duration
}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// Sleep returns after d: time.Sleep(d − Spin), then yields until d has passed.
func (c SystemClock) Sleep(d time.Duration) {
	if c.Spin <= 0 {
		time.Sleep(d)
		return
	}
	end := time.Now().Add(d)
	if d > c.Spin {
		time.Sleep(d - c.Spin)
	}
	for time.Now().Before(end) {
		runtime.Gosched()
	}
}
