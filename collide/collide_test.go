package collide

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// detectors returns one fresh instance of every non-reference detector, including the
// non-default policies so that they are checked too.
func detectors() []Detector {
	aabb1 := NewAABBTree()
	aabb1.RebuildEvery = 1
	aabbRefit := NewAABBTree()
	aabbRefit.RebuildEvery = 1 << 30
	g05 := NewHashGrid()
	g05.CellScale = 0.5
	g2 := NewHashGrid()
	g2.CellScale = 2
	return []Detector{NewSphereBVH(), NewAABBTree(), aabb1, aabbRefit, NewHashGrid(), g05, g2, NewKubiak()}
}

func label(d Detector) string {
	switch d := d.(type) {
	case *AABBTree:
		return fmt.Sprintf("aabb(K=%d)", d.RebuildEvery)
	case *HashGrid:
		return fmt.Sprintf("grid(scale=%g)", d.CellScale)
	}
	return d.Name()
}

// firstDiff describes the first difference between two contact lists.
func firstDiff(got, want []Contact) string {
	for i := 0; i < min(len(got), len(want)); i++ {
		if got[i] != want[i] {
			return fmt.Sprintf("at %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("len %d, want %d", len(got), len(want))
}

// TestMatchesBrute is the property test: on thousands of random configurations every detector
// reports exactly Brute's contacts, before and after the nodes move (refit path).
func TestMatchesBrute(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	configs := 2000
	if testing.Short() {
		configs = 300
	}
	dets := detectors()
	var want, got []Contact
	prefix := []Contact{{A: -7, B: -7}} // Self must append, leaving dst's contents alone
	total := 0
	for c := 0; c < configs; c++ {
		st := randomState(rng, c)
		margin := 0.0
		if rng.IntN(4) != 0 {
			margin = 0.3 * rng.Float64()
		}
		for step := 0; step < 3; step++ {
			if step > 0 {
				jiggle(rng, st, []float64{0.05, 0.5}[step-1])
			}
			want = Brute{}.Self(want[:0], st, margin)
			total += len(want)
			for _, d := range dets {
				d.Update(st)
				got = d.Self(append(got[:0], prefix...), st, margin)
				// Contact has only comparable fields, so == compares field by field (and is
				// much faster than reflect.DeepEqual on millions of contacts).
				if got[0] != prefix[0] || !slices.Equal(got[1:], want) {
					t.Fatalf("seed %d, config %d (family %d), step %d, margin %g, %d segments, %s: %s",
						seed, c, c%6, step, margin, st.NumSegs(), label(d), firstDiff(got[1:], want))
				}
			}
		}
	}
	t.Logf("seed %d: %d configurations, %d contacts checked per detector", seed, configs, total)
}

// TestGrowShrink checks that a detector reused across states of different sizes rebuilds.
func TestGrowShrink(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	dets := detectors()
	for _, n := range []int{1, 2, 3, 300, 5, 0, 40, 1000, 2} {
		st := &rope.State{}
		if n > 0 {
			addStrand(st, 0.5, 1, ball(rng, n, 1, 3))
		}
		want := Brute{}.Self(nil, st, 0.1)
		for _, d := range dets {
			d.Update(st)
			if got := d.Self(nil, st, 0.1); !reflect.DeepEqual(got, want) {
				t.Fatalf("n=%d %s: %s", n, label(d), firstDiff(got, want))
			}
		}
	}
}

// TestAllocs checks that Update+Self allocate nothing once warm.
func TestAllocs(t *testing.T) {
	for _, mk := range []func() *rope.State{
		func() *rope.State { return looseState(1, 500) },
		func() *rope.State { return tightState(1, 500) },
	} {
		st := mk()
		rng := rand.New(rand.NewPCG(3, 3))
		for _, d := range detectors() {
			dst := make([]Contact, 0, 1<<14)
			d.Update(st)
			dst = d.Self(dst[:0], st, 0.1)
			allocs := testing.AllocsPerRun(20, func() {
				jiggle(rng, st, 0.01)
				d.Update(st)
				dst = d.Self(dst[:0], st, 0.1)
			})
			if allocs != 0 {
				t.Errorf("%s: %v allocs per Update+Self, want 0", label(d), allocs)
			}
		}
	}
}

func TestNew(t *testing.T) {
	for _, name := range Names() {
		d, err := New(name)
		if err != nil {
			t.Fatalf("New(%q): %v", name, err)
		}
		if d.Name() != name {
			t.Errorf("New(%q).Name() = %q", name, d.Name())
		}
	}
	_, err := New("octree")
	if err == nil || !strings.Contains(err.Error(), "bvh, aabb, grid, brute") {
		t.Errorf("New(octree) error = %v, want one listing the names", err)
	}
	n := Names()
	n[0] = "x"
	if Names()[0] != "bvh" {
		t.Error("Names returned a shared slice")
	}
}

// TestTouching checks the boundary: parallel axes exactly one diameter apart are not a contact
// with margin 0 (Brute's strict <) and are with any positive margin, for every detector.
func TestTouching(t *testing.T) {
	st := &rope.State{}
	addStrand(st, 0.5, 1, []vec.V3{{X: 0}, {X: 1}, {X: 2}})
	addStrand(st, 0.5, 1, []vec.V3{{X: 0, Y: 1}, {X: 1, Y: 1}, {X: 2, Y: 1}})
	for _, margin := range []float64{0, 1e-12, 0.1} {
		want := Brute{}.Self(nil, st, margin)
		if (margin == 0) != (len(want) == 0) {
			t.Fatalf("margin %g: Brute found %d contacts", margin, len(want))
		}
		// Segment 1 ends strand 0 and segment 2 starts strand 1: consecutive global indices,
		// not adjacent, so the pair must be reported.
		if margin > 0 && !slices.ContainsFunc(want, func(c Contact) bool { return c.A == 1 && c.B == 2 }) {
			t.Fatalf("margin %g: Brute missed the cross-strand pair (1,2): %+v", margin, want)
		}
		for _, d := range detectors() {
			d.Update(st)
			if got := d.Self(nil, st, margin); !reflect.DeepEqual(got, want) {
				t.Errorf("margin %g %s: %s", margin, label(d), firstDiff(got, want))
			}
		}
	}
}
