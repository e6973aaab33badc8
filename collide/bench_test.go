package collide

import (
	"fmt"
	"math"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// benchMargin is the contact margin of the benchmarks, m (a tenth of the rope diameter).
const benchMargin = 0.1

// BenchmarkSelf times Update and Self separately for every detector on a loose rope (smooth
// random wandering, few contacts) and a tight one (compressed into a ball, many contacts).
// Brute is the baseline. Contacts per call are reported as a metric.
func BenchmarkSelf(b *testing.B) {
	for _, name := range Names() {
		for _, n := range []int{50, 200, 1000, 5000} {
			for _, shape := range []string{"loose", "tight"} {
				var st *rope.State
				if shape == "loose" {
					st = looseState(42, n)
				} else {
					st = tightState(42, n)
				}
				prefix := fmt.Sprintf("%s/n=%d/%s", name, n, shape)
				b.Run(prefix+"/update", func(b *testing.B) {
					d, _ := New(name)
					d.Update(st)
					b.ReportAllocs()
					for b.Loop() {
						d.Update(st)
					}
				})
				b.Run(prefix+"/self", func(b *testing.B) {
					d, _ := New(name)
					d.Update(st)
					dst := d.Self(nil, st, benchMargin)
					b.ReportAllocs()
					for b.Loop() {
						dst = d.Self(dst[:0], st, benchMargin)
					}
					b.ReportMetric(float64(len(dst)), "contacts")
				})
			}
		}
	}
}

// motion returns frames of a rope of n links in the given shape that rotates about a tilted
// axis by 0.01 rad per frame while a travelling wave deforms it, as the nodes of a simulation
// move a little per step.
func motion(shape string, n, frames int) []*rope.State {
	var base *rope.State
	if shape == "loose" {
		base = looseState(7, n)
	} else {
		base = tightState(7, n)
	}
	axis := vec.V3{X: 1, Y: 2, Z: 3}.Unit()
	out := make([]*rope.State, frames)
	for f := range out {
		st := base.Clone()
		ang := 0.01 * float64(f)
		c, s := math.Cos(ang), math.Sin(ang)
		for i, p := range st.Pos {
			// Rodrigues' rotation plus a wave of amplitude 0.2 m.
			p = p.Scale(c).Add(axis.Cross(p).Scale(s)).Add(axis.Scale(axis.Dot(p) * (1 - c)))
			w := 0.2 * math.Sin(0.3*float64(i)-0.05*float64(f))
			st.Pos[i] = p.Add(vec.V3{X: w, Y: -w, Z: 0.5 * w})
		}
		out[f] = st
	}
	return out
}

// BenchmarkAABBPolicy justifies AABBTree.RebuildEvery: Update+Self per simulated step over 256
// moving frames, for rebuilding every 1, 4, 8, 32 steps and never (refit only). The
// ns/op is per step.
func BenchmarkAABBPolicy(b *testing.B) {
	for _, shape := range []string{"loose", "tight"} {
		for _, n := range []int{1000, 5000} {
			frames := motion(shape, n, 256)
			for _, k := range []int{1, 4, 8, 32, 1 << 30} {
				kname := fmt.Sprint(k)
				if k == 1<<30 {
					kname = "never"
				}
				b.Run(fmt.Sprintf("%s/n=%d/K=%s", shape, n, kname), func(b *testing.B) {
					d := NewAABBTree()
					d.RebuildEvery = k
					var dst []Contact
					f := 0
					b.ReportAllocs()
					for b.Loop() {
						st := frames[f%len(frames)]
						f++
						d.Update(st)
						dst = d.Self(dst[:0], st, benchMargin)
					}
				})
			}
		}
	}
}

// BenchmarkGridCell justifies HashGrid's cell size: Update+Self for CellScale 0.5, 1 and 2
// times the largest segment box extent (longest segment + 2 · largest radius).
func BenchmarkGridCell(b *testing.B) {
	for _, shape := range []string{"loose", "tight"} {
		for _, n := range []int{1000, 5000} {
			st := looseState(9, n)
			if shape == "tight" {
				st = tightState(9, n)
			}
			for _, scale := range []float64{0.5, 1, 2} {
				b.Run(fmt.Sprintf("%s/n=%d/scale=%g", shape, n, scale), func(b *testing.B) {
					g := NewHashGrid()
					g.CellScale = scale
					var dst []Contact
					b.ReportAllocs()
					for b.Loop() {
						g.Update(st)
						dst = g.Self(dst[:0], st, benchMargin)
					}
				})
			}
		}
	}
}

// BenchmarkDetectorsMoving is the end-to-end comparison: Update+Self per step on moving frames.
func BenchmarkDetectorsMoving(b *testing.B) {
	for _, shape := range []string{"loose", "tight"} {
		frames := motion(shape, 1000, 64)
		for _, name := range Names() {
			b.Run(fmt.Sprintf("%s/n=1000/%s", shape, name), func(b *testing.B) {
				d, _ := New(name)
				var dst []Contact
				f := 0
				b.ReportAllocs()
				for b.Loop() {
					st := frames[f%len(frames)]
					f++
					d.Update(st)
					dst = d.Self(dst[:0], st, benchMargin)
				}
			})
		}
	}
}
