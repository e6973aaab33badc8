package tissue

import (
	"math"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/vec"
)

// supportSlab is a skin slab 10 × 6 × 1 mm (10 × 6 × 1 cells) clamped on its four sides, and
// the free top node nearest its middle.
func supportSlab(t *testing.T) (*Body, int) {
	t.Helper()
	m := mustSlab(t, vec.V3{X: 10e-3, Y: 6e-3, Z: 1e-3}, [3]int{10, 6, 1})
	mat, err := Preset("skin")
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(m, mat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mid, best := -1, math.Inf(1)
	for i, p := range b.X {
		if p.X < 1e-6 || p.X > 10e-3-1e-6 || p.Y < 1e-6 || p.Y > 6e-3-1e-6 {
			if err := b.Clamp(i, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if d := p.Dist(vec.V3{X: 5e-3, Y: 3e-3, Z: 1e-3}); d < best {
			mid, best = i, d
		}
	}
	return b, mid
}

// A support spring holds its node toward its plane within the step, implicitly: from as soft
// as the node's own share of the slab's stiffness to 10⁹ times stiffer, a node asked to move
// 0.1 mm down moves toward its plane, never past it by more than the solve's tolerance, and
// reaches it the closer the stiffer the spring (within 1 % at 10⁹); the step stays finite and
// converged, and Step removes the spring. A spring on a clamped node does nothing.
func TestSupportHoldsNode(t *testing.T) {
	const dz = 0.1e-3
	prev := math.Inf(1)
	for _, scale := range []float64{1, 10, 1e3, 1e9} {
		b, i := supportSlab(t)
		z0 := b.X[i].Z
		k := scale * b.Stiffness(i)
		if err := b.AddSupport(i, vec.V3{Z: -1}, -(z0 - dz), k); err != nil {
			t.Fatal(err)
		}
		if b.Supports() != 1 {
			t.Fatalf("%d supports after adding one", b.Supports())
		}
		if err := b.Step(1e-3, vec.V3{}); err != nil {
			t.Fatal(err)
		}
		moved := z0 - b.X[i].Z
		t.Logf("k = %g × the node's stiffness (%.3g N/m): the node moved %.4f mm of 0.1 (CG %d iterations, residual %.2g)", scale, b.Stiffness(i), moved*1e3, b.LastIterations(), b.LastResidual())
		if b.Supports() != 0 {
			t.Errorf("%d supports left after the step", b.Supports())
		}
		if !(moved > 0) || moved > dz*1.001 {
			t.Errorf("k = %g × stiffness: the node moved %.4g mm down, want (0, 0.1]", scale, moved*1e3)
		}
		if miss := dz - moved; miss > prev*1.0001 {
			t.Errorf("k = %g × stiffness: %.4g mm short of the plane, more than a softer spring's %.4g", scale, miss*1e3, prev*1e3)
		} else {
			prev = miss
		}
		if scale == 1e9 && moved < 0.99*dz {
			t.Errorf("the stiffest spring left its node %.4g mm short of its plane", (dz-moved)*1e3)
		}
	}
	// On a clamped node: nothing.
	b, _ := supportSlab(t)
	c := -1
	for j := range b.X {
		if b.Clamped(j) {
			c = j
			break
		}
	}
	p := b.X[c]
	if err := b.AddSupport(c, vec.V3{Z: -1}, -(p.Z - dz), 1e6); err != nil {
		t.Fatal(err)
	}
	if err := b.Step(1e-3, vec.V3{}); err != nil {
		t.Fatal(err)
	}
	if b.X[c] != p {
		t.Errorf("a support moved clamped node %d from %v to %v", c, p, b.X[c])
	}
}

// Bad supports get an error naming the problem, and nothing is added; a step with supports
// allocates nothing once warm.
func TestSupportBadInputAndAllocation(t *testing.T) {
	b, i := supportSlab(t)
	for _, c := range []struct {
		node int
		n    vec.V3
		off  float64
		k    float64
		want string
	}{
		{-1, vec.V3{Z: 1}, 0, 1, "node -1"},
		{len(b.X), vec.V3{Z: 1}, 0, 1, "the body has"},
		{i, vec.V3{Z: 2}, 0, 1, "not a unit vector"},
		{i, vec.V3{Z: math.NaN()}, 0, 1, "not a unit vector"},
		{i, vec.V3{Z: 1}, math.Inf(1), 1, "offset"},
		{i, vec.V3{Z: 1}, 0, 0, "stiffness"},
		{i, vec.V3{Z: 1}, 0, math.NaN(), "stiffness"},
		{i, vec.V3{Z: 1}, 0, math.Inf(1), "stiffness"},
	} {
		err := b.AddSupport(c.node, c.n, c.off, c.k)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("AddSupport(%d, %v, %v, %v): %v, want an error with %q", c.node, c.n, c.off, c.k, err, c.want)
		}
		if b.Supports() != 0 {
			t.Fatalf("a refused support was added")
		}
	}
	z0 := b.X[i].Z
	if a := testing.AllocsPerRun(10, func() {
		_ = b.AddSupport(i, vec.V3{Z: -1}, -(z0 - 0.05e-3), 10*b.Stiffness(i))
		_ = b.Step(1e-3, vec.V3{})
	}); a != 0 {
		t.Errorf("%v allocations per step with a support", a)
	}
}

// Support springs that come and go every step (as the contact springs of two tissues at a rim
// do) but are small beside a node's diagonal block of the step's matrix keep the
// preconditioner's factor: a spring of a twentieth of the node's block alternating between two
// nodes over 20 steps factors once; one of 10⁴ times the node's stiffness refactors. Either way
// the conjugate gradients converge.
func TestSupportsKeepFactor(t *testing.T) {
	const dt = 1e-3
	for _, c := range []struct {
		scale     float64 // the spring, times the node's stiffness
		most      int     // the factorisations allowed
		refactors bool
	}{{0.05, 1, false}, {1e4, 21, true}} {
		b, mid := supportSlab(t)
		// The node's diagonal block of the step's matrix ≈ (1 + h·α)·m + (h·β + h²)·k; the
		// spring's h²·k_s is scaled to c.scale of it.
		al, be := b.Mat.MassDamping, b.Mat.StiffDamping
		diag := (1+dt*al)*b.Mass[mid] + (dt*be+dt*dt)*b.Stiffness(mid)
		for s := range 20 {
			i := mid + s%2
			k := c.scale * diag / (dt * dt)
			if c.refactors {
				k = c.scale * b.Stiffness(i)
			}
			if err := b.AddSupport(i, vec.V3{Z: 1}, b.X[i].Z, k); err != nil {
				t.Fatal(err)
			}
			if err := b.Step(dt, vec.V3{}); err != nil {
				t.Fatal(err)
			}
			if r := b.LastResidual(); !(r <= b.Opt.Tol) {
				t.Fatalf("scale %g, step %d: CG residual %g above its tolerance %g", c.scale, s, r, b.Opt.Tol)
			}
		}
		n := b.ic.factors
		t.Logf("springs of %g: %d factorisations in 20 steps", c.scale, n)
		if n > c.most || (c.refactors && n < 10) {
			t.Errorf("springs of %g: %d factorisations in 20 steps, want ≤ %d (≥ 10 if they refactor)", c.scale, n, c.most)
		}
	}
}
