package layout

import (
	"math"
	"testing"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/vec"
)

// The security scenes' thread (seed 003 Table 4.1 col. 1): r = l0 = 0.5 mm; 150 vertices, 180
// for the surgeon's knot, whose double throw needs more rope to lie loosely.
func bendOpts(k BendKind) Options {
	n := 149
	if k == BendSurgeons {
		n = 179
	}
	return Options{Links: n, Link: 0.0005, Radius: 0.0005}
}

// What the knot package reports for each bend: the whole thread closed through infinity
// (Identify), and the thread cut in the middle of its loop into rope A (tail A … standing part
// A) and rope B, each closed through infinity (IdentifyLink). The link tells the cores apart
// as the braid of their two throws does (reef σ³σ⁻³: unlinked; granny σ⁶: the (2,6) torus
// link, linking number ±3; surgeon's σ⁵σ⁻³: the Hopf link), and agrees with Patil et al.'s
// initial conditions (github.com/vppatil28/knot_simulation: reef and thief unlinked, granny
// and grief the (2,6) torus link). Reef and thief have the same core, and so do granny and
// grief: as two ropes they are the same link, told apart only by which ends the loop joins,
// which the closed thread's knot type shows (the loop and the tails close differently).
var bendWant = map[BendKind]struct{ knot, link string }{
	BendReef:     {"3_1 # m3_1", "unlink"},
	BendGranny:   {"3_1 # 3_1", "(2,6) torus link (L6a3)"},
	BendThief:    {"6_1", "unlink"},
	BendGrief:    {"m3_1", "(2,6) torus link (L6a3)"},
	BendSurgeons: {"m3_1 # 5_1", "Hopf link (L2a1)"},
}

func TestBends(t *testing.T) {
	for _, k := range BendKinds {
		o := bendOpts(k)
		l, err := Bend(o, k, 0)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		pts := l.Points
		if len(pts) != o.Links+1 {
			t.Fatalf("%s: %d points, want %d", k, len(pts), o.Links+1)
		}
		for i := 0; i+1 < len(pts); i++ {
			if d := pts[i].Dist(pts[i+1]); math.Abs(d-o.Link) > 1e-3*o.Link {
				t.Fatalf("%s: link %d is %v long, want %v", k, i, d, o.Link)
			}
		}
		if !KeepsClearance(pts, o) {
			i, j, d, need := bruteClearance(pts, o)
			t.Errorf("%s: segments %d and %d are %.3g apart, below %.3g", k, i, j, d, need)
		}
		// Tails: straight, at least DefaultBendTail links each, along ∓x.
		for e, n := range l.Tails {
			d := 1
			if n != 0 {
				d = -1
			}
			for q := 0; q < DefaultBendTail; q++ {
				u := pts[n+d*q].Sub(pts[n+d*(q+1)]).Unit()
				if u.Dot(l.TailDir[e]) < 1-1e-9 {
					t.Errorf("%s: tail %d bends at link %d (%v)", k, e, q, u)
					break
				}
			}
		}
		// Standing parts: ordered, apart along x, loop between them above the knot.
		s0, s1 := pts[l.Standing[0]], pts[l.Standing[1]]
		if !(l.Standing[0] < l.Standing[1]) || s0.X >= 0 || s1.X <= 0 {
			t.Errorf("%s: standing nodes %v at %v, %v", k, l.Standing, s0, s1)
		}
		r, err := knot.Identify(pts, knot.Options{})
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		mid := (l.Standing[0] + l.Standing[1]) / 2
		lr, err := knot.IdentifyLink([][]vec.V3{pts[:mid+1], pts[mid+1:]}, false)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		w := bendWant[k]
		if r.Short != w.knot || lr.Name != w.link {
			t.Errorf("%s: thread %s (%s), ropes %s %v; want %s and %s", k, r.Short, r.Name, lr.Name, lr.Pairs, w.knot, w.link)
		}
		t.Logf("%s: %s, %s, standing %v", k, r.Name, lr.Name, l.Standing)
	}
}

// Reef and thief share their core: the knot's nodes are the same curve, only the tail B and
// the loop's end differ.
func TestReefThiefSameCore(t *testing.T) {
	o := bendOpts(BendReef)
	sh := bendShapes[BendReef]
	st := bendShapes[BendThief]
	st.thief = false
	if sh != st {
		t.Fatalf("thief's crossings %+v differ from the reef's %+v", bendShapes[BendThief], sh)
	}
	gm := newBendGeom(sh)
	a1, b1 := bendCore(sh, gm, 0.01)
	a2, b2 := bendCore(bendShapes[BendThief], newBendGeom(bendShapes[BendThief]), 0.01)
	if len(a1) != len(a2) || len(b1) != len(b2) {
		t.Fatal("cores differ in length")
	}
	for i := range a1 {
		if a1[i] != a2[i] {
			t.Fatalf("A differs at %d", i)
		}
	}
	r, _ := Bend(o, BendReef, 0)
	th, _ := Bend(o, BendThief, 0)
	if r.Points[r.Tails[1]].Y >= 0 || th.Points[th.Tails[1]].Y <= 0 {
		t.Errorf("tail B: reef at y = %v (want < 0, the same side as tail A), thief at %v (want > 0)",
			r.Points[r.Tails[1]].Y, th.Points[th.Tails[1]].Y)
	}
}

func TestBendErrors(t *testing.T) {
	if _, err := ParseBend("bowline"); err == nil {
		t.Error("ParseBend(bowline): no error")
	}
	if _, err := Bend(Options{Links: 40, Link: 0.0005, Radius: 0.0005}, BendReef, 0); err == nil {
		t.Error("40 links: no error")
	}
	if _, err := Bend(bendOpts(BendReef), BendReef, 1); err == nil {
		t.Error("1-link tails: no error")
	}
	if _, err := Bend(bendOpts(BendReef), "sheet", 0); err == nil {
		t.Error("unknown bend: no error")
	}
}
