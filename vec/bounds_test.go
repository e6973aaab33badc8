package vec

import (
	"math"
	"testing"
)

func TestAABB(t *testing.T) {
	e := Empty()
	p := V3{1, -2, 3}
	if g := e.Grow(p); g.Min != p || g.Max != p {
		t.Errorf("Empty().Grow(%v) = %v, want the point box", p, g)
	}
	if e.Overlaps(AABB{V3{-1e300, -1e300, -1e300}, V3{1e300, 1e300, 1e300}}) {
		t.Errorf("Empty() overlaps a huge box")
	}
	if u := e.Union(AABB{p, p}); u.Min != p || u.Max != p {
		t.Errorf("Empty().Union(point) = %v", u)
	}
	b := AABB{V3{0, 0, 0}, V3{1, 2, 3}}
	if c := b.Center(); c != (V3{0.5, 1, 1.5}) {
		t.Errorf("Center = %v", c)
	}
	if i := b.Inflate(0.5); i.Min != (V3{-0.5, -0.5, -0.5}) || i.Max != (V3{1.5, 2.5, 3.5}) {
		t.Errorf("Inflate = %v", i)
	}
	if s := SegBox(V3{1, 5, -1}, V3{0, 2, 3}, 1); s.Min != (V3{-1, 1, -2}) || s.Max != (V3{2, 6, 4}) {
		t.Errorf("SegBox = %v", s)
	}

	tests := []struct {
		name string
		a, b AABB
		want bool
	}{
		{"same", b, b, true},
		{"inside", b, AABB{V3{0.2, 0.2, 0.2}, V3{0.3, 0.3, 0.3}}, true},
		{"faceTouch", b, AABB{V3{1, 0, 0}, V3{2, 1, 1}}, true},
		{"edgeTouch", b, AABB{V3{1, 2, 0}, V3{2, 3, 1}}, true},
		{"cornerTouch", b, AABB{V3{1, 2, 3}, V3{2, 3, 4}}, true},
		{"gapX", b, AABB{V3{1.0000001, 0, 0}, V3{2, 1, 1}}, false},
		{"gapY", b, AABB{V3{0, -2, 0}, V3{1, -1e-12, 1}}, false},
		{"gapZ", b, AABB{V3{0, 0, 3.5}, V3{1, 1, 4}}, false},
		{"overlapXYonly", b, AABB{V3{0, 0, 5}, V3{1, 1, 6}}, false},
		{"crossing", AABB{V3{-1, 0.5, 0.5}, V3{2, 0.6, 0.6}}, b, true},
		{"pointIn", b, AABB{V3{0.5, 0.5, 0.5}, V3{0.5, 0.5, 0.5}}, true},
		{"infinite", AABB{V3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}, V3{math.Inf(1), math.Inf(1), 0}}, b, true},
		{"infiniteMiss", AABB{V3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}, V3{math.Inf(1), math.Inf(1), -1}}, b, false},
	}
	for _, tc := range tests {
		if got := tc.a.Overlaps(tc.b); got != tc.want {
			t.Errorf("%s: %v.Overlaps(%v) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
		if got := tc.b.Overlaps(tc.a); got != tc.want {
			t.Errorf("%s (swapped): Overlaps = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSphereOverlaps(t *testing.T) {
	tests := []struct {
		name string
		a, b Sphere
		want bool
	}{
		{"same", Sphere{V3{}, 1}, Sphere{V3{}, 1}, true},
		{"touch", Sphere{V3{}, 1}, Sphere{V3{3, 0, 0}, 2}, true},
		{"gap", Sphere{V3{}, 1}, Sphere{V3{3, 0, 0}, 1.999}, false},
		{"inside", Sphere{V3{}, 5}, Sphere{V3{1, 1, 1}, 0.1}, true},
		{"points", Sphere{V3{1, 2, 3}, 0}, Sphere{V3{1, 2, 3}, 0}, true},
		{"pointsApart", Sphere{V3{1, 2, 3}, 0}, Sphere{V3{1, 2, 3.5}, 0}, false},
		{"diagonalTouch", Sphere{V3{0, 0, 0}, 1}, Sphere{V3{2, 3, 6}, 6}, true},
		{"diagonalGap", Sphere{V3{0, 0, 0}, 1}, Sphere{V3{2, 3, 6}, 5.99}, false},
	}
	for _, tc := range tests {
		if got := tc.a.Overlaps(tc.b); got != tc.want {
			t.Errorf("%s: Overlaps = %v, want %v", tc.name, got, tc.want)
		}
		if got := tc.b.Overlaps(tc.a); got != tc.want {
			t.Errorf("%s (swapped): Overlaps = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// contains reports whether big contains small, up to a relative tolerance.
func contains(big, small Sphere) bool {
	scale := 1 + big.R + small.R + big.C.Norm() + small.C.Norm()
	return big.C.Dist(small.C)+small.R <= big.R+1e-12*scale
}

func TestSphereEnclose(t *testing.T) {
	tests := []struct {
		name string
		a, b Sphere
		want Sphere
	}{
		{"disjoint", Sphere{V3{0, 0, 0}, 1}, Sphere{V3{4, 0, 0}, 1}, Sphere{V3{2, 0, 0}, 3}},
		{"aInB", Sphere{V3{1, 0, 0}, 1}, Sphere{V3{0, 0, 0}, 3}, Sphere{V3{0, 0, 0}, 3}},
		{"bInA", Sphere{V3{0, 0, 0}, 3}, Sphere{V3{1, 0, 0}, 1}, Sphere{V3{0, 0, 0}, 3}},
		{"internallyTangent", Sphere{V3{0, 0, 0}, 3}, Sphere{V3{2, 0, 0}, 1}, Sphere{V3{0, 0, 0}, 3}},
		{"same", Sphere{V3{1, 2, 3}, 2}, Sphere{V3{1, 2, 3}, 2}, Sphere{V3{1, 2, 3}, 2}},
		{"concentric", Sphere{V3{1, 2, 3}, 1}, Sphere{V3{1, 2, 3}, 2}, Sphere{V3{1, 2, 3}, 2}},
		{"points", Sphere{V3{0, 0, 0}, 0}, Sphere{V3{0, 6, 8}, 0}, Sphere{V3{0, 3, 4}, 5}},
		{"pointOnSurface", Sphere{V3{0, 0, 0}, 1}, Sphere{V3{0, 1, 0}, 0}, Sphere{V3{0, 0, 0}, 1}},
		{"unequal", Sphere{V3{0, 0, 0}, 1}, Sphere{V3{0, 0, 10}, 3}, Sphere{V3{0, 0, 6}, 7}},
	}
	for _, tc := range tests {
		got := tc.a.Enclose(tc.b)
		if !nearV(got.C, tc.want.C, 1e-12) || !near(got.R, tc.want.R, 1e-12) {
			t.Errorf("%s: Enclose = %v, want %v", tc.name, got, tc.want)
		}
		if !contains(got, tc.a) || !contains(got, tc.b) {
			t.Errorf("%s: Enclose = %v does not contain both %v and %v", tc.name, got, tc.a, tc.b)
		}
	}

	seed := testSeed(t)
	r := newRand(seed)
	for i := range 20000 {
		scale := math.Pow(10, r.Float64()*8-4)
		a := Sphere{randV(r, scale), scale * r.Float64()}
		b := Sphere{a.C.Add(randV(r, scale*r.Float64())), scale * r.Float64()}
		if r.IntN(10) == 0 {
			b.C = a.C
		}
		e := a.Enclose(b)
		if !contains(e, a) || !contains(e, b) {
			t.Fatalf("seed=%d case %d: Enclose(%v, %v) = %v does not contain both", seed, i, a, b, e)
		}
		// Minimal: no smaller than the larger input nor than half the spanning diameter.
		lower := math.Max(math.Max(a.R, b.R), 0.5*(a.C.Dist(b.C)+a.R+b.R))
		if e.R > lower*(1+1e-12) {
			t.Fatalf("seed=%d case %d: Enclose(%v, %v) = %v, radius above the minimum %v", seed, i, a, b, e, lower)
		}
		if !e.Overlaps(a) || !e.Overlaps(b) {
			t.Fatalf("seed=%d case %d: Enclose result does not overlap its inputs", seed, i)
		}
	}
}
