package haptics

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) of the process, or with thread of the calling
// OS thread (RUSAGE_THREAD; the caller must hold its thread), and whether it could be read.
func cpuTime(thread bool) (time.Duration, bool) {
	who := syscall.RUSAGE_SELF
	if thread {
		who = 1 // RUSAGE_THREAD
	}
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
