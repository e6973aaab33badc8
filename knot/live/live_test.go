package live

import (
	"fmt"
	"testing"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver/ftl"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

func newWorld(t *testing.T) *world.World {
	t.Helper()
	st := &rope.State{}
	p := make([]vec.V3, 101)
	for i := range p {
		p[i] = vec.V3{X: 0.01 * float64(i)}
	}
	if _, err := st.Add(rope.Spec{Radius: 0.005, Link: 0.01, Pos: p}); err != nil {
		t.Fatal(err)
	}
	sol, _ := ftl.New(ftl.DefaultParams(0.005, 0.01), collide.NewSphereBVH())
	w, err := world.New(st, world.Config{Dt: 0.001, Solver: sol})
	if err != nil {
		t.Fatal(err)
	}
	w.AddTool(world.Tool{Name: "hand", Node: 0, Target: vec.V3{Y: 1}, Active: true})
	return w
}

// The identifier runs on its own goroutine while physics steps and publishes; its answers
// land in World.Knot with the cycle of the snapshot they describe. Run with -race.
func TestIdentifierFollowsPhysics(t *testing.T) {
	w := newWorld(t)
	var pub world.Publisher
	id, err := Start(w, &pub, func(s *world.Snapshot) world.KnotReport {
		return world.KnotReport{Ropes: []string{fmt.Sprintf("seen %d nodes", len(s.Pos))}}
	}, 200)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for id.Runs() < 3 && time.Now().Before(deadline) {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		pub.Publish(w)
	}
	id.Stop()
	r := w.Knot.Load()
	if r == nil || id.Runs() < 3 {
		t.Fatalf("identifier ran %d times; report %+v", id.Runs(), r)
	}
	if r.Ropes[0] != "seen 101 nodes" || r.Cycle <= 0 || r.Cycle > w.Cycle {
		t.Errorf("report %+v (world at cycle %d)", r, w.Cycle)
	}
}

// A snapshot is identified once, however often the identifier wakes.
func TestIdentifierSkipsSeenSnapshots(t *testing.T) {
	w := newWorld(t)
	var pub world.Publisher
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	pub.Publish(w)
	id, _ := Start(w, &pub, func(*world.Snapshot) world.KnotReport { return world.KnotReport{} }, 1000)
	deadline := time.Now().Add(5 * time.Second)
	for id.Runs() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(30 * time.Millisecond) // ~30 more wake-ups with nothing new
	id.Stop()
	if id.Runs() != 1 {
		t.Errorf("one snapshot identified %d times", id.Runs())
	}
}

func TestStartErrors(t *testing.T) {
	w := newWorld(t)
	var pub world.Publisher
	f := func(*world.Snapshot) world.KnotReport { return world.KnotReport{} }
	for _, hz := range []float64{0, -1, 1e6} {
		if _, err := Start(w, &pub, f, hz); err == nil {
			t.Errorf("rate %v accepted", hz)
		}
	}
	if _, err := Start(w, nil, f, 10); err == nil {
		t.Error("nil publisher accepted")
	}
}
