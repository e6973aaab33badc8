//go:build !linux

package haptics

import "time"

// kernelSleep is time.Sleep on systems other than Linux (where Go's timers are not limited to
// whole milliseconds the way epoll_wait's timeout is; PreciseClock.Margin may need raising
// where they are coarse).
func kernelSleep(d time.Duration) { time.Sleep(d) }

// rawKernelSleep is time.Sleep outside Linux.
func rawKernelSleep(d time.Duration) { time.Sleep(d) }

// lowerTimerSlack does nothing outside Linux.
func lowerTimerSlack() (restore func()) { return func() {} }
