// Package live runs knot identification beside a running world: on its own goroutine, on
// snapshots, at a fixed rate, never blocking or slowing the physics. The physics loop only
// calls Publisher.Publish after each step (a non-blocking copy); the identifier takes the newest
// snapshot when it is ready for one and stores its answer in World.Knot.
package live

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/knotsim/knotsim/world"
)

// IdentifyFunc names the knots of a snapshot. It runs on the identifier's goroutine only.
type IdentifyFunc func(s *world.Snapshot) world.KnotReport

// Identifier is a running live identification.
type Identifier struct {
	w        *world.World
	pub      *world.Publisher
	identify IdentifyFunc
	period   time.Duration

	mu    sync.Mutex
	runs  int
	stop  context.CancelFunc
	done  chan struct{}
	lastN uint64
}

// Start launches identification of the snapshots published through pub at rate hz (≥ 0.1,
// ≤ 1000), storing each answer in w.Knot. A snapshot already identified is not identified again.
// Stop ends it.
func Start(w *world.World, pub *world.Publisher, identify IdentifyFunc, hz float64) (*Identifier, error) {
	if w == nil || pub == nil || identify == nil {
		return nil, errors.New("live: nil world, publisher or identify function")
	}
	if !(hz >= 0.1 && hz <= 1000) {
		return nil, errors.New("live: rate must be in 0.1..1000 Hz")
	}
	ctx, cancel := context.WithCancel(context.Background())
	id := &Identifier{w: w, pub: pub, identify: identify, period: time.Duration(float64(time.Second) / hz), stop: cancel, done: make(chan struct{})}
	go id.loop(ctx)
	return id, nil
}

func (id *Identifier) loop(ctx context.Context) {
	defer close(id.done)
	var snap world.Snapshot
	tick := time.NewTicker(id.period)
	defer tick.Stop()
	for {
		id.once(&snap)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (id *Identifier) once(snap *world.Snapshot) {
	n := id.pub.Latest(snap)
	if n == 0 || n == id.lastN {
		return
	}
	id.lastN = n
	start := time.Now()
	r := id.identify(snap)
	r.Cycle = snap.Cycle
	r.Elapsed = time.Since(start).Seconds()
	id.w.Knot.Store(&r)
	id.mu.Lock()
	id.runs++
	id.mu.Unlock()
}

// Runs returns how many snapshots have been identified.
func (id *Identifier) Runs() int {
	id.mu.Lock()
	defer id.mu.Unlock()
	return id.runs
}

// Stop ends the identifier and waits for its goroutine; the newest published snapshot, if it
// was not identified yet, is identified before Stop returns, so World.Knot describes the end.
func (id *Identifier) Stop() {
	id.stop()
	<-id.done
	var snap world.Snapshot
	id.once(&snap)
}
