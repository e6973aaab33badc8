package world

import (
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/material"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/solver/dvi"
	"github.com/knotsim/knotsim/solver/ftl"
	"github.com/knotsim/knotsim/solver/implicit"
	"github.com/knotsim/knotsim/vec"
)

func newWorld(t *testing.T) *World {
	t.Helper()
	st := &rope.State{}
	p := make([]vec.V3, 21)
	for i := range p {
		p[i] = vec.V3{X: 0.01 * float64(i)}
	}
	if _, err := st.Add(rope.Spec{Radius: 0.005, Link: 0.01, Pos: p}); err != nil {
		t.Fatal(err)
	}
	sol, err := ftl.New(ftl.DefaultParams(0.005, 0.01), collide.NewSphereBVH())
	if err != nil {
		t.Fatal(err)
	}
	w, err := New(st, Config{Dt: 0.001, Solver: sol})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestNewRejectsBadConfig(t *testing.T) {
	sol, _ := ftl.New(ftl.DefaultParams(0.005, 0.01), collide.Brute{})
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.005, Link: 0.01, Pos: []vec.V3{{}, {X: 0.01}}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		st   *rope.State
		cfg  Config
		want string
	}{
		{nil, Config{Dt: 0.001, Solver: sol}, "no rope"},
		{&rope.State{}, Config{Dt: 0.001, Solver: sol}, "no rope"},
		{st, Config{Dt: 0, Solver: sol}, "dt 0"},
		{st, Config{Dt: math.NaN(), Solver: sol}, "dt NaN"},
		{st, Config{Dt: math.Inf(1), Solver: sol}, "dt +Inf"},
		{st, Config{Dt: 0.001}, "no solver"},
	} {
		if _, err := New(tc.st, tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%+v): err %v, want %q", tc.cfg, err, tc.want)
		}
	}
}

func TestToolErrors(t *testing.T) {
	w := newWorld(t)
	w.AddTool(Tool{Name: "a", Node: 99, Active: true})
	if err := w.Step(); err == nil || !strings.Contains(err.Error(), `tool "a" holds node 99`) {
		t.Errorf("out-of-range node: %v", err)
	}
	w = newWorld(t)
	w.AddTool(Tool{Name: "a", Node: 3, Target: w.State.Pos[3], Active: true})
	w.AddTool(Tool{Name: "b", Node: 3, Target: w.State.Pos[3], Active: true})
	if err := w.Step(); err == nil || !strings.Contains(err.Error(), "another tool holds") {
		t.Errorf("two tools on one node: %v", err)
	}
	w = newWorld(t)
	w.AddTool(Tool{Name: "a", Node: 3, Target: vec.V3{X: math.NaN()}, Active: true})
	if err := w.Step(); err == nil || !strings.Contains(err.Error(), "not finite") {
		t.Errorf("NaN target: %v", err)
	}
	// An inactive tool with a bad node is ignored.
	w = newWorld(t)
	w.AddTool(Tool{Name: "idle", Node: 1000})
	if err := w.Step(); err != nil {
		t.Errorf("inactive tool: %v", err)
	}
}

func TestStepTracksWorstAndTime(t *testing.T) {
	w := newWorld(t)
	w.AddTool(Tool{Name: "hand", Node: 0, Target: vec.V3{Y: 1}, Active: true})
	for i := 0; i < 10; i++ {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if w.Cycle != 10 || math.Abs(w.Time-0.01) > 1e-15 {
		t.Errorf("cycle %d time %v", w.Cycle, w.Time)
	}
	if w.Worst.Lag < 0.9 {
		t.Errorf("worst lag %v: the tool is 1 m away and the node moves 4.5 mm per cycle", w.Worst.Lag)
	}
}

// Snapshots are copies: a reader's snapshot does not change when the world steps, and a
// reused snapshot costs no allocation.
func TestSnapshotIsACopy(t *testing.T) {
	w := newWorld(t)
	w.AddTool(Tool{Name: "hand", Node: 0, Target: vec.V3{Y: 1}, Active: true})
	var s Snapshot
	w.Snapshot(&s)
	before := s.Pos[0]
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	if s.Pos[0] != before {
		t.Fatal("snapshot changed when the world stepped")
	}
	if allocs := testing.AllocsPerRun(100, func() { w.Snapshot(&s) }); allocs != 0 {
		t.Errorf("Snapshot into a reused value: %v allocations", allocs)
	}
	if s.Cycle != 1 || len(s.Tools) != 1 || len(s.Strands) != 1 {
		t.Errorf("snapshot %+v", s)
	}
}

// The publisher hands snapshots to a reader goroutine while the world steps; run with -race.
func TestPublisherConcurrent(t *testing.T) {
	w := newWorld(t)
	w.AddTool(Tool{Name: "hand", Node: 0, Target: vec.V3{Y: 1}, Active: true})
	var p Publisher
	done := make(chan struct{})
	seen := make(chan int, 1)
	var reads atomic.Int64
	go func() {
		var s Snapshot
		last := -1
		for {
			select {
			case <-done:
				seen <- last
				return
			default:
			}
			if p.Latest(&s) > 0 {
				if s.Cycle < last {
					t.Errorf("snapshots went back in time: %d after %d", s.Cycle, last)
				}
				if len(s.Pos) != 21 {
					t.Errorf("snapshot has %d nodes", len(s.Pos))
				}
				last = s.Cycle
				reads.Add(1)
			}
		}
	}()
	// Step until the reader has seen snapshots (it runs concurrently; how soon it is scheduled
	// is up to the runtime), at least 300 cycles, at most 10 s.
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; i < 300 || (reads.Load() < 3 && time.Now().Before(deadline)); i++ {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		p.Publish(w)
		w.Knot.Store(&KnotReport{Cycle: w.Cycle, Ropes: []string{"0_1"}})
	}
	close(done)
	if last := <-seen; last < 0 {
		t.Fatal("the reader never saw a snapshot")
	}
	// Publish never waits: while the reader spun on Latest, every Publish after the first could
	// find the buffer busy and be skipped (it happened in a loaded full test run, leaving the
	// first snapshot, taken before any knot report was stored). The reader has stopped now.
	p.Publish(w)
	var s Snapshot
	p.Latest(&s)
	if s.Knot == nil || s.Knot.Ropes[0] != "0_1" {
		t.Errorf("snapshot knot report %+v", s.Knot)
	}
	if allocs := testing.AllocsPerRun(100, func() { p.Publish(w) }); allocs != 0 {
		t.Errorf("Publish allocates %v per call", allocs)
	}
}

// Under a solver that resolves contacts as forces (solver.ContactReporter), snapshots carry
// every contact with its forces and the contact solve's residual: a rope resting on a table
// under gravity tilted 0.1 g along x (within the static friction cone, μs = 0.3) is held by
// normal forces that sum to its weight and friction forces that sum to the tilt's pull, at
// points on its axis; the publisher hands them on; FTL reports none.
func TestSnapshotContacts(t *testing.T) {
	const r, link, n = 0.001, 0.005, 21
	mat := material.Material{Density: 1140, Young: 2e9, Shear: 2e9 / 2.8,
		Friction: material.Friction{Static: 0.3, Kinetic: 0.2}, Damping: 5}
	g := vec.V3{X: 0.981, Z: -9.81}
	table := shape.Shape{Kind: shape.Plane, Axis: vec.V3{Z: 1}}
	for _, name := range []string{"implicit", "dvi"} {
		t.Run(name, func(t *testing.T) {
			st := &rope.State{}
			p := make([]vec.V3, n)
			for i := range p {
				p[i] = vec.V3{X: link * float64(i), Z: r}
			}
			if _, err := st.Add(rope.Spec{Radius: r, Link: link, Pos: p, Material: mat}); err != nil {
				t.Fatal(err)
			}
			var sol solver.Solver
			var err error
			if name == "implicit" {
				sol, err = implicit.New(implicit.DefaultParams(), collide.NewSphereBVH())
			} else {
				sol, err = dvi.New(dvi.DefaultParams(), collide.NewSphereBVH())
			}
			if err != nil {
				t.Fatal(err)
			}
			w, err := New(st, Config{Dt: 1e-3, Solver: sol, Gravity: g, Obstacles: []shape.Shape{table}})
			if err != nil {
				t.Fatal(err)
			}
			for range 100 {
				if err := w.Step(); err != nil {
					t.Fatal(err)
				}
			}
			var s Snapshot
			w.Snapshot(&s)
			if len(s.Contacts) == 0 {
				t.Fatal("no contacts in the snapshot of a rope lying on a table")
			}
			mass := mat.Density * math.Pi * r * r * link * (n - 1)
			var fn float64
			var ft vec.V3
			for _, c := range s.Contacts {
				if c.B != -1 || c.Obstacle != 0 || c.A < 0 || c.A >= n-1 {
					t.Fatalf("contact %+v: want segment A against obstacle 0", c)
				}
				if c.Normal.Dist(vec.V3{Z: 1}) > 1e-9 {
					t.Errorf("contact %+v: normal not the table's", c)
				}
				if math.Abs(c.At.Z-r) > 0.1*r || c.At.X < -r || c.At.X > link*(n-1)+r || math.Abs(c.Gap) > 0.1*r {
					t.Errorf("contact %+v: point or gap not where the rope lies", c)
				}
				if c.Fn < 0 || math.Abs(c.Ft.Z) > 1e-9*(1+c.Ft.Norm()) {
					t.Errorf("contact %+v: negative normal force or friction along the normal", c)
				}
				fn += c.Fn
				ft = ft.Add(c.Ft)
			}
			want := mass * -g.Z
			t.Logf("%d contacts: Σ Fn %.4g N (weight %.4g N), Σ Ft %.3g N (tilt %.3g N), residual %.3g m",
				len(s.Contacts), fn, want, ft, -mass*g.X, s.Residual)
			if math.Abs(fn-want) > 0.05*want {
				t.Errorf("Σ Fn %.4g N, want the weight %.4g N", fn, want)
			}
			if math.Abs(ft.X+mass*g.X) > 0.1*mass*g.X || math.Abs(ft.Y) > 0.01*mass*g.X {
				t.Errorf("Σ Ft %v N, want (%.4g, 0, 0)", ft, -mass*g.X)
			}
			if !(s.Residual >= 0 && s.Residual < 0.01*r) {
				t.Errorf("residual %v m", s.Residual)
			}
			var pub Publisher
			pub.Publish(w)
			var out Snapshot
			pub.Latest(&out)
			if !out.HasContacts || !s.HasContacts || len(out.Contacts) != len(s.Contacts) || out.Contacts[0] != s.Contacts[0] || out.Residual != s.Residual {
				t.Errorf("published %d contacts, residual %v; want %d, %v", len(out.Contacts), out.Residual, len(s.Contacts), s.Residual)
			}
			if allocs := testing.AllocsPerRun(100, func() { w.Snapshot(&s) }); allocs != 0 {
				t.Errorf("Snapshot into a reused value: %v allocations", allocs)
			}
		})
	}
	w := newWorld(t)
	var s Snapshot
	s.Contacts, s.Residual, s.HasContacts = make([]solver.Contact, 3), 1, true
	if w.Snapshot(&s); len(s.Contacts) != 0 || s.Residual != 0 || s.HasContacts {
		t.Errorf("FTL snapshot: %d contacts, residual %v, has contacts %v", len(s.Contacts), s.Residual, s.HasContacts)
	}
}
