package haptics

import (
	"runtime"
	"time"
)

// DefaultMargin is PreciseClock's default Margin: how long before a deadline it stops sleeping
// in the kernel and starts spinning. On the Linux machine this package was measured on (a
// shared 2-core virtual machine), a nanosleep with a 1 µs timer slack wakes 20–30 µs late,
// p99 ≈ 50 µs; 100 µs covers nearly every wake-up while spinning for ~9 % of a 1 ms period.
const DefaultMargin = 100 * time.Microsecond

// PreciseClock is the default clock of a Loop (Config.Clock nil): time.Now, and a Sleep that
// sleeps in the kernel until Margin before the end and busy-waits for the rest, so a 1 kHz
// loop holds its period within a few µs using about a tenth of a core.
//
// It exists because time.Sleep cannot do this at 1 kHz: Go's timers on Linux sleep in
// epoll_wait, whose timeout is whole milliseconds (a shorter sleep is rounded up to 1 ms), so
// time.Sleep(d) for any d < 1 ms returns after ~1.06 ms and a sleep-then-spin built on it
// would have to spin for the whole period. On Linux PreciseClock sleeps with nanosleep(2)
// instead, which wakes within the thread's timer slack. On other systems the kernel sleep is
// time.Sleep (raise Margin where its timers are coarse).
//
// Inside Loop.Run (GOMAXPROCS ≥ 2, Linux) the clock goes further, restoring everything when
// Run returns: Run locks its goroutine to its OS thread, lowers that thread's timer slack
// from the default 50 µs to 1 µs (prctl PR_SET_TIMERSLACK), and sleeps with a raw nanosleep
// that keeps the goroutine's P (Go's processor slot). A sleep the runtime knows about hands
// the P back and forth at every tick: the runtime's monitor thread then polls every 20 µs and
// the process spends ~15 % of a core more, and the loop waits for a P after some wake-ups
// (p99 2–4 ms instead of 1.000 ms here, with a busy goroutine on the other core). The price:
// while Run runs, the loop owns one P, so the rest of the program runs on GOMAXPROCS − 1 (a
// 1 kHz loop needs its core anyway), and a stop-the-world waits for the loop's current sleep
// to be cut short by the runtime's preemption signal (nanosleep returns on a signal). With
// GOMAXPROCS = 1 Run uses the ordinary blocking nanosleep.
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
func (c PreciseClock) Sleep(d time.Duration) { preciseSleep(d, c.Margin, kernelSleep) }

// preciseSleep is PreciseClock.Sleep with the kernel sleep ksleep.
func preciseSleep(d, margin time.Duration, ksleep func(time.Duration)) {
	if d <= 0 {
		return
	}
	if margin <= 0 {
		margin = DefaultMargin
	}
	now := time.Now()
	sleepSpin(now, now.Add(d), margin, time.Now, ksleep, nil)
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

// threadBinder is implemented by clocks that prepare Loop.Run's goroutine and its thread.
type threadBinder interface {
	// bindThread prepares the calling goroutine and returns the clock Run uses until it
	// returns, and the function that undoes the preparation; both run on Run's goroutine.
	bindThread() (c Clock, unbind func())
}

// bindThread locks the goroutine to its OS thread, lowers the thread's timer slack and, with
// GOMAXPROCS ≥ 2, returns a clock that sleeps without giving up the P (see PreciseClock).
func (c PreciseClock) bindThread() (Clock, func()) {
	runtime.LockOSThread()
	restore := lowerTimerSlack()
	bc := boundClock{margin: c.Margin, ksleep: kernelSleep}
	if runtime.GOMAXPROCS(0) >= 2 {
		bc.ksleep = rawKernelSleep
	}
	return bc, func() {
		restore()
		runtime.UnlockOSThread()
	}
}

// boundClock is a PreciseClock on the thread bindThread prepared.
type boundClock struct {
	margin time.Duration
	ksleep func(time.Duration)
}

func (boundClock) Now() time.Time          { return time.Now() }
func (c boundClock) Sleep(d time.Duration) { preciseSleep(d, c.margin, c.ksleep) }

var (
	_ Clock        = PreciseClock{}
	_ threadBinder = PreciseClock{}
)
