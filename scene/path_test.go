package scene

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

func nan() float64 { return math.NaN() }
func inf() float64 { return math.Inf(1) }

func TestTargetAt(t *testing.T) {
	path := []Key{
		{1, Vec{0, 0, 0}},
		{2, Vec{1, 0, 0}},
		{4, Vec{1, 2, 0}},
		{4.5, Vec{1, 2, -1}},
	}
	abs := &Tool{Grasp: 1, Release: ptr(4.0), Path: path}
	rel := &Tool{Grasp: 0.5, Relative: true, Path: path}
	one := &Tool{Grasp: 0, Path: []Key{{3, Vec{7, 8, 9}}}}
	none := &Tool{Grasp: 0}
	init := vec.V3{X: 10, Y: 20, Z: 30}
	cases := []struct {
		name   string
		tool   *Tool
		time   float64
		want   vec.V3
		active bool
	}{
		{"before grasp, before first key", abs, 0, vec.V3{}, false},
		{"at grasp = first key", abs, 1, vec.V3{}, true},
		{"middle of first segment", abs, 1.5, vec.V3{X: 0.5}, true},
		{"exactly at a key", abs, 2, vec.V3{X: 1}, true},
		{"quarter of second segment", abs, 2.5, vec.V3{X: 1, Y: 0.5}, true},
		{"at release: inactive", abs, 4, vec.V3{X: 1, Y: 2}, false},
		{"just before release", abs, math.Nextafter(4, 0), vec.V3{X: 1, Y: 2}, true},
		{"last segment", abs, 4.25, vec.V3{X: 1, Y: 2, Z: -0.5}, false},
		{"at last key", abs, 4.5, vec.V3{X: 1, Y: 2, Z: -1}, false},
		{"after last key holds", abs, 100, vec.V3{X: 1, Y: 2, Z: -1}, false},
		{"-Inf", abs, math.Inf(-1), vec.V3{}, false},
		{"+Inf", abs, math.Inf(1), vec.V3{X: 1, Y: 2, Z: -1}, false},
		{"NaN", abs, math.NaN(), vec.V3{}, false},
		{"relative before first key", rel, 0.75, init, true},
		{"relative middle", rel, 3, vec.V3{X: 11, Y: 21, Z: 30}, true},
		{"relative never released", rel, 1e6, vec.V3{X: 11, Y: 22, Z: 29}, true},
		{"single key before", one, 0, vec.V3{X: 7, Y: 8, Z: 9}, true},
		{"single key at", one, 3, vec.V3{X: 7, Y: 8, Z: 9}, true},
		{"single key after", one, 5, vec.V3{X: 7, Y: 8, Z: 9}, true},
		{"no keys holds initial", none, 1, init, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, active := tc.tool.TargetAt(tc.time, init)
			if got.Dist(tc.want) > 1e-15 || active != tc.active {
				t.Fatalf("TargetAt(%v) = %v, %v; want %v, %v", tc.time, got, active, tc.want, tc.active)
			}
		})
	}
}

// TestTargetAtKeysExact checks every key is hit exactly and the path is continuous, against a
// linear scan, on a long path with uneven times.
func TestTargetAtKeysExact(t *testing.T) {
	var tool Tool
	tm := 0.0
	for i := range 1000 {
		tm += 0.001 + 0.01*math.Abs(math.Sin(float64(i)))
		tool.Path = append(tool.Path, Key{tm, Vec{math.Cos(float64(i)), float64(i), 0.1 * float64(i%7)}})
	}
	for i, k := range tool.Path {
		if got, _ := tool.TargetAt(k.T, vec.V3{}); got != k.Pos.V3() {
			t.Fatalf("key %d: got %v, want %v", i, got, k.Pos)
		}
	}
	for step := range 5000 {
		time := tm * float64(step) / 5000
		// Linear scan reference.
		j := 0
		for j+1 < len(tool.Path) && tool.Path[j+1].T <= time {
			j++
		}
		want := tool.Path[j].Pos.V3()
		if j+1 < len(tool.Path) && time > tool.Path[j].T {
			a, b := tool.Path[j], tool.Path[j+1]
			want = a.Pos.V3().Lerp(b.Pos.V3(), (time-a.T)/(b.T-a.T))
		}
		if got, _ := tool.TargetAt(time, vec.V3{}); got.Dist(want) > 1e-12 {
			t.Fatalf("t=%v: got %v, want %v", time, got, want)
		}
	}
}

func TestTargetAtAllocs(t *testing.T) {
	tool := &Tool{Grasp: 0, Release: ptr(10.0), Relative: true}
	for i := range 100 {
		tool.Path = append(tool.Path, Key{float64(i) * 0.1, Vec{float64(i), 0, 0}})
	}
	var sink vec.V3
	x := 0.0
	if n := testing.AllocsPerRun(1000, func() {
		x += 0.0123
		p, _ := tool.TargetAt(x, vec.V3{X: 1})
		sink = sink.Add(p)
	}); n != 0 {
		t.Fatalf("TargetAt allocates %v times per call", n)
	}
}

func BenchmarkTargetAt(b *testing.B) {
	tool := &Tool{Path: make([]Key, 1000)}
	for i := range tool.Path {
		tool.Path[i] = Key{float64(i), Vec{float64(i), 0, 0}}
	}
	b.ReportAllocs()
	var sink vec.V3
	x := 0.0
	for b.Loop() {
		x += 0.37
		if x > 1000 {
			x = 0
		}
		p, _ := tool.TargetAt(x, vec.V3{})
		sink = sink.Add(p)
	}
	_ = sink
}

func TestForceAt(t *testing.T) {
	tool := &Tool{Grasp: 0.5, Release: ptr(3.0), Force: []ForceKey{
		{1, Vec{0, 0, 0}},
		{2, Vec{1, 0, 0}},
		{4, Vec{1, -2, 0.5}},
	}}
	one := &Tool{Force: []ForceKey{{2, Vec{0.1, 0.2, 0.3}}}}
	cases := []struct {
		name string
		tool *Tool
		time float64
		want vec.V3
	}{
		{"before first key: first", tool, 0, vec.V3{}},
		{"at first key", tool, 1, vec.V3{}},
		{"middle of first segment", tool, 1.25, vec.V3{X: 0.25}},
		{"exactly at a key", tool, 2, vec.V3{X: 1}},
		{"middle of second segment", tool, 3, vec.V3{X: 1, Y: -1, Z: 0.25}},
		{"after release still defined", tool, 3.5, vec.V3{X: 1, Y: -1.5, Z: 0.375}},
		{"at last key", tool, 4, vec.V3{X: 1, Y: -2, Z: 0.5}},
		{"after last key: last", tool, 100, vec.V3{X: 1, Y: -2, Z: 0.5}},
		{"-Inf", tool, math.Inf(-1), vec.V3{}},
		{"+Inf", tool, math.Inf(1), vec.V3{X: 1, Y: -2, Z: 0.5}},
		{"NaN: first", tool, math.NaN(), vec.V3{}},
		{"single key before", one, 0, vec.V3{X: 0.1, Y: 0.2, Z: 0.3}},
		{"single key after", one, 9, vec.V3{X: 0.1, Y: 0.2, Z: 0.3}},
		{"no keys: zero", &Tool{Path: []Key{{0, Vec{1, 2, 3}}}}, 1, vec.V3{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.tool.ForceAt(tc.time); got.Dist(tc.want) > 1e-15 {
				t.Fatalf("ForceAt(%v) = %v; want %v", tc.time, got, tc.want)
			}
		})
	}
	// A force tool holds its node between grasp and release (TargetAt's active), and has no
	// position target: TargetAt gives the initial position.
	init := vec.V3{X: 1}
	if pos, active := tool.TargetAt(1, init); pos != init || !active {
		t.Fatalf("TargetAt of a force tool: %v, %v", pos, active)
	}
	if _, active := tool.TargetAt(3, init); active {
		t.Fatal("active at release")
	}
	if !tool.IsForce() || (&Tool{Path: []Key{{}}}).IsForce() {
		t.Fatal("IsForce")
	}
}

func TestForceAtAllocs(t *testing.T) {
	tool := &Tool{}
	for i := range 100 {
		tool.Force = append(tool.Force, ForceKey{float64(i) * 0.1, Vec{float64(i), 0, 0}})
	}
	var sink vec.V3
	x := 0.0
	if n := testing.AllocsPerRun(1000, func() {
		x += 0.0123
		sink = sink.Add(tool.ForceAt(x))
	}); n != 0 {
		t.Fatalf("ForceAt allocates %v times per call", n)
	}
}
