package world

import (
	"sync"
	"sync/atomic"
)

// KnotReport is the latest knot identification of a world's ropes, written by an identifier
// running on its own goroutine (package knot/live) and read by anyone (viewer, CLI, tests).
// It is plain data so that the world need not know how knots are identified.
type KnotReport struct {
	Cycle   int      // the snapshot cycle it describes
	Ropes   []string // per rope: the knot's name, e.g. "3_1", "m3_1", "3_1 # m3_1", "0_1"
	Details []string // per rope: the invariants and candidates behind the name, one line each
	Links   []string // per pair of components that are linked (rope–rope or rope–ring): a line each
	Elapsed float64  // s spent on this identification
}

// Publisher hands snapshots from the physics goroutine to readers without ever blocking the
// physics: Publish copies the world into a buffer only if no reader is copying out at that
// moment (it tries the lock; a busy buffer just means this cycle is skipped), and Latest copies
// the most recent published snapshot out. Both reuse their buffers (no allocation when warm).
type Publisher struct {
	mu      sync.Mutex
	snap    Snapshot
	seq     atomic.Uint64 // number of snapshots published
	skipped atomic.Uint64 // cycles not published because a reader held the buffer
}

// Publish copies w's state for readers; it is called by the goroutine that owns w, after Step.
// It never waits.
func (p *Publisher) Publish(w *World) {
	if !p.mu.TryLock() {
		p.skipped.Add(1)
		return
	}
	w.Snapshot(&p.snap)
	p.mu.Unlock()
	p.seq.Add(1)
}

// Latest copies the newest published snapshot into dst and returns how many snapshots had
// been published when it was taken (0: none yet, dst unchanged).
func (p *Publisher) Latest(dst *Snapshot) uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.seq.Load()
	if n == 0 {
		return 0
	}
	dst.Cycle, dst.Time, dst.Stats = p.snap.Cycle, p.snap.Time, p.snap.Stats
	dst.Pos = append(dst.Pos[:0], p.snap.Pos...)
	dst.Strands = append(dst.Strands[:0], p.snap.Strands...)
	dst.Tools = append(dst.Tools[:0], p.snap.Tools...)
	dst.Tension = append(dst.Tension[:0], p.snap.Tension...)
	dst.Contacts = append(dst.Contacts[:0], p.snap.Contacts...)
	dst.Residual, dst.HasContacts = p.snap.Residual, p.snap.HasContacts
	dst.Forceps = append(dst.Forceps[:0], p.snap.Forceps...)
	dst.Needles = append(dst.Needles[:0], p.snap.Needles...)
	dst.Knot = p.snap.Knot
	return n
}

// Skipped returns how many Publish calls found the buffer busy.
func (p *Publisher) Skipped() uint64 { return p.skipped.Load() }
