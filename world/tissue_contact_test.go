package world_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/tissue"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// coaxialVessels is two cut ends of a 1 mm vessel (the vessel preset: 0.2 mm wall, 3 mm long,
// 16 × 1 × 6 cells) along z, the upper one's axis offset (m) along x, their cut ends gap apart
// (m) and face to face, each clamped
// at its far end; a short thread lies well away from them (a world with tissues needs a rope).
// No gravity, implicit.
func coaxialVessels(t testing.TB, gap, offset float64) (*world.World, *tissue.Body, *tissue.Body, []int, []int) {
	t.Helper()
	lo, clo := vesselEnd(t, vec.V3{}, -1, true)
	hi, chi := vesselEnd(t, vec.V3{X: offset, Z: 3e-3 + gap}, -1, false)
	var pts []vec.V3
	for i := range 11 {
		pts = append(pts, vec.V3{X: 5e-3 + float64(i)*0.2e-3, Z: 3e-3})
	}
	st := &rope.State{}
	if _, err := st.Add(rope.Spec{Radius: 0.1e-3, Link: 0.2e-3, Pos: pts, Material: limp}); err != nil {
		t.Fatal(err)
	}
	w, _ := implicitWorld(t, st)
	w.Gravity = vec.V3{}
	for _, b := range []*tissue.Body{lo, hi} {
		if _, err := w.AddTissue(world.Tissue{Name: "vessel", Body: b}); err != nil {
			t.Fatal(err)
		}
	}
	return w, lo, hi, clo, chi
}

// Two vessel ends 0.5 mm apart, coaxial or offset sideways by half their wall, driven together by their clamps (each 0.35 mm over
// 0.2 s, then held for 0.1 s), meet rim to rim and are held apart there: no surface node of
// either is ever inside the other, the rims end within the contact's gap of each other (they
// touched: 0.2 mm of the clamps' travel is taken up by the vessels). Measured: no node inside,
// the rims 0.040 mm apart (the gap δ is 0.040 mm here). Before tissues met each other (tissueContacts), the rims passed
// through each other (the upper's bottom 0.33 mm below the lower's top).
func TestVesselEndsMeet(t *testing.T) {
	for _, off := range []float64{0, 0.1e-3} {
		t.Run(fmt.Sprintf("offset-%gmm", off*1e3), func(t *testing.T) { vesselEndsMeet(t, off) })
	}
}

func vesselEndsMeet(t *testing.T, offset float64) {
	const gap, travel, steps, hold = 0.5e-3, 0.35e-3, 200, 100
	w, lo, hi, clo, chi := coaxialVessels(t, gap, offset)
	base := map[*tissue.Body][]vec.V3{}
	for _, b := range []*tissue.Body{lo, hi} {
		base[b] = append([]vec.V3(nil), b.X...)
	}
	inside, deepest := 0, 0.0
	for k := 1; k <= steps+hold; k++ {
		s := travel * math.Min(float64(k)/steps, 1)
		for _, i := range clo {
			if err := lo.Clamp(i, base[lo][i].Add(vec.V3{Z: s})); err != nil {
				t.Fatal(err)
			}
		}
		for _, i := range chi {
			if err := hi.Clamp(i, base[hi][i].Add(vec.V3{Z: -s})); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Step(); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		for _, pr := range [][2]*tissue.Body{{lo, hi}, {hi, lo}} {
			a, b := pr[0], pr[1]
			box := vec.Empty()
			for _, p := range b.X {
				box = box.Grow(p)
			}
			for _, tr := range a.Mesh.Surf {
				for _, i := range tr {
					if p := a.X[i]; p.Z >= box.Min.Z && p.Z <= box.Max.Z && b.Contains(p, 1e-6) {
						inside++
						deepest = math.Max(deepest, surfDist(a.X[i], b.Mesh, b.X))
					}
				}
			}
		}
	}
	// The rims: the least distance from the lower end's surface nodes to the upper's surface.
	rim := math.Inf(1)
	for _, tr := range lo.Mesh.Surf {
		for _, i := range tr {
			rim = math.Min(rim, surfDist(lo.X[i], hi.Mesh, hi.X))
		}
	}
	topLo, botHi := math.Inf(-1), math.Inf(1)
	for i := range lo.X {
		topLo = math.Max(topLo, lo.X[i].Z)
	}
	for i := range hi.X {
		botHi = math.Min(botHi, hi.X[i].Z)
	}
	t.Logf("surface node-steps inside the other vessel %d (deepest %.4f mm); rims %.4f mm apart (the lower's top at %.4f mm, the upper's bottom at %.4f mm; the clamps alone would overlap them by %.2f mm)",
		inside, deepest*1e3, rim*1e3, topLo*1e3, botHi*1e3, (2*travel-gap)*1e3)
	if inside > 0 {
		t.Errorf("%d surface node-steps inside the other vessel, the deepest %.4f mm", inside, deepest*1e3)
	}
	if botHi < topLo-1e-6 {
		t.Errorf("the rims overlap along the axis: the upper's bottom at %.4f mm, the lower's top at %.4f mm", botHi*1e3, topLo*1e3)
	}
	if rim > 0.1e-3 {
		t.Errorf("the rims are %.3f mm apart: they did not meet", rim*1e3)
	}
	// World.TissueDistance agrees with the brute force above (the rims' least distance), and
	// is +Inf for bad indices.
	if d := w.TissueDistance(0, 1); math.Abs(d-rim) > 1e-9 {
		t.Errorf("TissueDistance(0, 1) = %.6f mm, the surface distance %.6f mm", d*1e3, rim*1e3)
	}
	for _, ab := range [][2]int{{0, 0}, {-1, 1}, {0, 2}} {
		if d := w.TissueDistance(ab[0], ab[1]); !math.IsInf(d, 1) {
			t.Errorf("TissueDistance(%d, %d) = %v, want +Inf", ab[0], ab[1], d)
		}
	}
	if a := testing.AllocsPerRun(5, func() { _ = w.Step() }); a != 0 {
		t.Errorf("%v allocations per step with two tissues in contact", a)
	}
}

// BenchmarkVesselEndsContact steps coaxialVessels once the clamps have moved (250 steps in):
// "apart" moved 0.1 mm each (the ends 0.3 mm apart, no contact), "pressed" 0.35 mm each (the
// rims held 0.04 mm apart, 0.2 mm of the clamps' travel taken up by the vessels). It reports
// both bodies' conjugate-gradient iterations a step.
func BenchmarkVesselEndsContact(b *testing.B) {
	for _, c := range []struct {
		name   string
		travel float64
	}{{"apart", 0.1e-3}, {"pressed", 0.35e-3}} {
		b.Run(c.name, func(b *testing.B) {
			const gap, steps = 0.5e-3, 200
			w, lo, hi, clo, chi := coaxialVessels(b, gap, 0)
			base := map[*tissue.Body][]vec.V3{lo: append([]vec.V3(nil), lo.X...), hi: append([]vec.V3(nil), hi.X...)}
			k := 0
			step := func() {
				k++
				s := c.travel * math.Min(float64(k)/steps, 1)
				for _, i := range clo {
					_ = lo.Clamp(i, base[lo][i].Add(vec.V3{Z: s}))
				}
				for _, i := range chi {
					_ = hi.Clamp(i, base[hi][i].Add(vec.V3{Z: -s}))
				}
				if err := w.Step(); err != nil {
					b.Fatal(err)
				}
			}
			for range 250 {
				step()
			}
			its := 0
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				step()
				its += lo.LastIterations() + hi.LastIterations()
			}
			b.ReportMetric(float64(its)/float64(b.N), "cg-iters/step")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// vesselEnd is a cut end of a 1 mm vessel (the vessel preset, its Rayleigh β set to beta, s,
// unless beta < 0; 0.2 mm wall, 3 mm long, 16 × 1 × 6 cells) along z from at, clamped at its
// low end (clampLow) or its high end, and the clamped nodes.
func vesselEnd(t testing.TB, at vec.V3, beta float64, clampLow bool) (*tissue.Body, []int) {
	t.Helper()
	m, err := tissue.Tube(tissue.TubeSpec{Inner: 1e-3, Wall: 0.2e-3, Length: 3e-3, Around: 16, Through: 1, Along: 6})
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Nodes {
		m.Nodes[i] = m.Nodes[i].Add(at)
	}
	mat, err := tissue.Preset("vessel")
	if err != nil {
		t.Fatal(err)
	}
	if beta >= 0 {
		mat.StiffDamping = beta
	}
	b, err := tissue.New(m, mat, tissue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var clamped []int
	for i, p := range m.Nodes {
		if (clampLow && p.Z < at.Z+1e-9) || (!clampLow && p.Z > at.Z+3e-3-1e-9) {
			if err := b.Clamp(i, p); err != nil {
				t.Fatal(err)
			}
			clamped = append(clamped, i)
		}
	}
	return b, clamped
}
