package server

import (
	"math"
	"time"
)

// Clock is the time source of the physics loop; tests inject a fake one.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Scheduler paces fixed steps in real time: step k is due at start + k/hz. Due says how many
// steps to run now; when the loop has fallen more than MaxBatch steps behind (a slow machine,
// a pause of the process), it runs MaxBatch steps and forgets the rest of the backlog, so the
// simulation slows down instead of spiralling (each late batch making the next one later).
type Scheduler struct {
	Hz       float64
	MaxBatch int

	start   time.Time
	done    int64 // steps handed out since start
	dropped int64 // steps forgotten by the catch-up cap
}

// NewScheduler paces hz steps per second from now on, at most maxBatch (≥ 1) steps per call.
func NewScheduler(hz float64, maxBatch int, now time.Time) *Scheduler {
	return &Scheduler{Hz: hz, MaxBatch: max(maxBatch, 1), start: now}
}

// Restart starts pacing afresh from now (after a pause: the paused time is not caught up).
func (s *Scheduler) Restart(now time.Time) { s.start, s.done = now, 0 }

// at is when step k is due, relative to start.
func (s *Scheduler) at(k int64) time.Duration {
	return time.Duration(math.Ceil(float64(k) * 1e9 / s.Hz))
}

// due is the number of steps that should have been run by now: those with at(k) ≤ now.
// It is computed from at itself so that Due(Next()) is never 0.
func (s *Scheduler) due(now time.Time) int64 {
	el := now.Sub(s.start)
	if el < 0 {
		return 0
	}
	n := int64(float64(el)*s.Hz/1e9) + 1
	for n > 0 && s.at(n-1) > el {
		n--
	}
	for s.at(n) <= el {
		n++
	}
	return n
}

// Due returns how many steps to run now (0..MaxBatch) and counts them as run.
func (s *Scheduler) Due(now time.Time) int {
	n := s.due(now) - s.done
	if n <= 0 {
		return 0
	}
	if n > int64(s.MaxBatch) {
		s.dropped += n - int64(s.MaxBatch)
		// Forget the backlog: pace from now on, the next step one period away.
		s.start = now
		s.done = 1
		return s.MaxBatch
	}
	s.done += n
	return int(n)
}

// Next returns when the next step is due.
func (s *Scheduler) Next() time.Time {
	return s.start.Add(s.at(s.done))
}

// Dropped returns how many due steps the catch-up cap has forgotten.
func (s *Scheduler) Dropped() int64 { return s.dropped }
