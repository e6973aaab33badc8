// Package phys holds the pieces of contact handling the physical solvers (pbd, dvi) share:
// the normal of a segment pair, Coulomb friction as a position correction, and the gaps a step
// reports.
package phys

import (
	"math"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/shape"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// PairNormal returns the unit normal from segment q0q1's closest point pb to segment p0p1's
// pa, d apart; for axes that meet (d below 1e-12 of lim) the normal of both segments, or any
// perpendicular to p0p1 if they are parallel.
func PairNormal(p0, p1, q0, q1, pa, pb vec.V3, d, lim float64) vec.V3 {
	if d > 1e-12*lim {
		return pa.Sub(pb).Scale(1 / d)
	}
	if n := p1.Sub(p0).Cross(q1.Sub(q0)).Unit(); n != (vec.V3{}) {
		return n
	}
	return p1.Sub(p0).AnyPerp()
}

// Friction returns the tangential correction of Macklin et al. 2014 §6.1 for a relative
// displacement dp (m) of the contact points over a substep, normal n and normal correction
// depth (m): all of the tangential part of dp while it is below μs·depth, else μk·depth of it.
func Friction(dp, n vec.V3, depth, mus, muk float64) vec.V3 {
	dt := dp.Sub(n.Scale(n.Dot(dp)))
	l := dt.Norm()
	if l == 0 || depth <= 0 {
		return vec.V3{}
	}
	if l < mus*depth {
		return dt.Neg()
	}
	return dt.Scale(-math.Min(muk*depth/l, 1))
}

// Gaps fills out's contact counts and smallest gaps (Stats.SelfContacts, Contacts,
// MinSelfGap, MinObsGap) from a narrow-phase pass over a step's candidate pairs at the
// positions of st: a pair within reach (m) of touching counts as a contact.
func Gaps(st *rope.State, obs []shape.Shape, self, obsC []collide.Contact, reach float64, out *solver.Stats) {
	pos := st.Pos
	for ci := range self {
		c := &self[ci]
		a, b := st.SegNode[c.A], st.SegNode[c.B]
		_, _, d2 := vec.ClosestSegSeg(pos[a], pos[a+1], pos[b], pos[b+1])
		lim := st.SegRadius[c.A] + st.SegRadius[c.B]
		if d2 < (lim+reach)*(lim+reach) {
			out.SelfContacts++
			out.MinSelfGap = math.Min(out.MinSelfGap, math.Sqrt(d2)-lim)
		}
	}
	for ci := range obsC {
		c := &obsC[ci]
		a := st.SegNode[c.A]
		_, _, _, d := obs[c.Obstacle].SegDist(pos[a], pos[a+1])
		if gap := d - st.SegRadius[c.A]; gap < reach {
			out.Contacts++
			out.MinObsGap = math.Min(out.MinObsGap, gap)
		}
	}
	out.Contacts += out.SelfContacts
}

// NodeSeg returns the global index of a segment that node i ends or starts (the link after it,
// or before it at a strand's last node).
func NodeSeg(st *rope.State, i int) int {
	for _, str := range st.Strands {
		if i < str.First+str.Nodes {
			return str.FirstSeg + min(i-str.First, str.Links()-1)
		}
	}
	return 0
}

// Resize returns b with length n, keeping its first keep elements and zeroing the rest; it
// grows the backing array at least twofold (amortised: contact lists vary step to step).
func Resize[T any](b []T, n, keep int) []T {
	if cap(b) < n {
		nb := make([]T, n, max(n, 2*cap(b)))
		copy(nb, b[:keep])
		return nb
	}
	b = b[:n]
	var zero T
	for i := keep; i < n; i++ {
		b[i] = zero
	}
	return b
}

// Grow returns b with length n, its contents undefined: a buffer written before it is read. It
// reuses b's storage when it can and otherwise grows it at least twofold, as Resize does, without
// Resize's zeroing.
func Grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n, max(n, 2*cap(b)))
	}
	return b[:n]
}

// RestLengths moves the nodes x (inverse masses w) so that every link has its rest length l,
// by Gauss–Seidel sweeps on the links (at most 1000, until every link is within 1e-12 of its
// length).
func RestLengths(x []vec.V3, l, w []float64) {
	for sweep := 0; sweep < 1000; sweep++ {
		var worst float64
		for j := range l {
			d := x[j+1].Sub(x[j])
			n := d.Norm()
			if n == 0 {
				continue
			}
			e := n - l[j]
			worst = math.Max(worst, math.Abs(e)/l[j])
			ws := w[j] + w[j+1]
			if ws == 0 {
				continue
			}
			c := d.Scale(e / (n * ws))
			x[j] = x[j].Add(c.Scale(w[j]))
			x[j+1] = x[j+1].Sub(c.Scale(w[j+1]))
		}
		if worst <= 1e-12 {
			return
		}
	}
}
