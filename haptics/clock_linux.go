package haptics

import (
	"syscall"
	"time"
	"unsafe"
)

// kernelSleep sleeps for d with nanosleep(2), which wakes within the thread's timer slack
// (time.Sleep's timers have whole-millisecond resolution on Linux). A sleep cut short by a
// signal returns early; sleepSpin sleeps again.
func kernelSleep(d time.Duration) {
	ts := syscall.NsecToTimespec(int64(d))
	_ = syscall.Nanosleep(&ts, nil)
}

// rawKernelSleep is kernelSleep without telling the Go runtime: the goroutine keeps its P while
// it sleeps (see PreciseClock). A signal, such as the runtime's preemption signal, ends the
// sleep early.
func rawKernelSleep(d time.Duration) {
	ts := syscall.NsecToTimespec(int64(d))
	_, _, _ = syscall.RawSyscall(syscall.SYS_NANOSLEEP, uintptr(unsafe.Pointer(&ts)), 0, 0)
}

// Linux prctl options (linux/prctl.h).
const (
	prSetTimerSlack = 29
	prGetTimerSlack = 30
)

// timerSlack is the timer slack lowerTimerSlack sets, ns.
const timerSlack = 1000

// lowerTimerSlack sets the calling thread's timer slack to 1 µs (the default is 50 µs, by
// which the kernel may delay any sleep of the thread to merge wake-ups) and returns the
// function that restores the old value. The caller must hold its thread (LockOSThread).
// Failures (a seccomp filter, say) leave the slack as it was.
func lowerTimerSlack() (restore func()) {
	old, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prGetTimerSlack, 0, 0)
	if errno != 0 || int(old) <= 0 {
		return func() {}
	}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetTimerSlack, timerSlack, 0); errno != 0 {
		return func() {}
	}
	return func() { _, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetTimerSlack, old, 0) }
}
