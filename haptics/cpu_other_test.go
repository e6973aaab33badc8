//go:build !linux

package haptics

import "time"

// cpuTime is not measured outside Linux.
func cpuTime(thread bool) (time.Duration, bool) { return 0, false }
