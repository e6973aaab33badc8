package haptics

import (
	"runtime"
	"time"
)

// DefaultMargin is PreciseClock's default Margin: how long before a deadline it stops sleeping
// in the kernel and starts spinning. On the Linux machine this package was measured on, a
// nanosleep with a 1 µs timer slack wakes 20–30 µs late (p99 ≈ 45 µs, a virtual machine), so
// 150 µs covers nearly every wake-up while spinning for ~12 % of each 1 ms period.
const DefaultMargin = 150 * time.Microsecond

// PreciseClock is the default clock of a Loop (Config.Clock nil): time.Now, and a Sleep that
// sleeps in the kernel until Margin before the end and busy-waits for the rest, so a 1 kHz
// loop holds its period within a few µs without burning a whole core.
//
// It exists because time.Sleep cannot do this at 1 kHz: Go's timers on Linux sleep in
// epoll_wait, whose timeout is whole milliseconds (a shorter sleep is rounded up to 1 ms), so
// time.Sleep(d) for any d < 1 ms returns after ~1.06 ms and a sleep-then-spin built on it
// would have to spin for the whole period. On Linux PreciseClock sleeps with nanosleep(2)
// instead (a blocking system call: the Go scheduler hands the loop's P to other goroutines if
// they need it), which wakes within the thread's timer slack. Loop.Run locks its goroutine to
// its OS thread while it runs and lowers that thread's timer slack from the default 50 µs to
// 1 µs (prctl PR_SET_TIMERSLACK), restoring both when it returns. On other systems the kernel
// sleep is time.Sleep.
//
// The spin is a plain busy-wait on time.Now (no runtime.Gosched: a yield can hand the P to a
// goroutine that keeps it for a whole 10 ms scheduling slice).
//
// The zero value uses DefaultMargin.
type PreciseClock struct {
	// Margin is how long before each deadline Sleep stops sleeping and spins (0: DefaultMargin).
	// Larger is steadier and costs more CPU: about Margin·Rate of a core.
	Margin time.Duration
}

// Now returns time.Now().
func (PreciseClock) Now() time.Time { return time.Now() }

// Sleep returns after d: a kernel sleep until Margin before the end, then a busy-wait.
func (c PreciseClock) Sleep(d time.Duration) {
	if d <= 0 {
		return
	}
	m := c.Margin
	if m <= 0 {
		m = DefaultMargin
	}
	now := time.Now()
	sleepSpin(now, now.Add(d), m, time.Now, kernelSleep, nil)
}

// sleepSpin waits from now until end: while more than margin is left it sleeps (ksleep) until
// margin before end, sleeping again if a sleep returns early; then it calls clock until end
// has passed (spin, if not nil, runs between readings). Sleep uses it with the real clock;
// tests drive it with a fake one.
func sleepSpin(now, end time.Time, margin time.Duration, clock func() time.Time, ksleep func(time.Duration), spin func()) {
	for {
		rest := end.Sub(now) - margin
		if rest <= 0 {
			break
		}
		ksleep(rest)
		now = clock()
	}
	for now.Before(end) {
		if spin != nil {
			spin()
		}
		now = clock()
	}
}

// threadBinder is implemented by clocks that want Loop.Run's goroutine on one OS thread.
type threadBinder interface {
	// bindThread prepares the calling goroutine's thread for the clock and returns the
	// function that undoes it; both run on the loop's goroutine.
	bindThread() (unbind func())
}

// bindThread locks the goroutine to its OS thread and lowers the thread's timer slack.
func (PreciseClock) bindThread() func() {
	runtime.LockOSThread()
	restore := lowerTimerSlack()
	return func() {
		restore()
		runtime.UnlockOSThread()
	}
}

var (
	_ Clock        = PreciseClock{}
	_ threadBinder = PreciseClock{}
)
