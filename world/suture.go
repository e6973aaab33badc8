package world

import (
	"fmt"

	"github.com/knotsim/knotsim/needle"
	"github.com/knotsim/knotsim/solver"
)

// AddSutures makes every passage of strand k through surface surf (Tissue.Surf or RigidSurf)
// a suture (solver.Portal): walking the strand from its first node, each link that enters
// the surface and the next that leaves it bound a portal, the nodes between them going inside
// the wall. It returns how many it added. The strand must pass through the surface at least
// once, end outside it, and keep at most solver.MaxPortalSpan − 1 nodes inside each passage.
// On error the world is unchanged.
func (w *World) AddSutures(k, surf int) (int, error) {
	if k < 0 || k >= len(w.State.Strands) {
		return 0, fmt.Errorf("world: suture of strand %d: the world has %d strands", k, len(w.State.Strands))
	}
	if surf < 0 || surf >= len(w.in.Surfaces) {
		return 0, fmt.Errorf("world: suture through surface %d: the world has %d", surf, len(w.in.Surfaces))
	}
	sf := &w.in.Surfaces[surf]
	str := w.State.Strands[k]
	pos := w.State.Pos
	var add []solver.Portal
	var hits []needle.Piercing
	open := false
	var cur solver.Portal
	for a := str.First; a < str.First+str.Nodes-1; a++ {
		hits = needle.Pierce(pos[a], pos[a+1], sf.Pos, sf.Tris, hits[:0])
		for _, h := range hits {
			q := solver.Pierce{Tri: h.Tri, Bary: h.Bary}
			switch {
			case h.Entering && !open:
				cur, open = solver.Portal{Surface: surf, In: q, A: a}, true
			case !h.Entering && open:
				cur.Out, cur.B, open = q, a+1, false
				if cur.B-cur.A > solver.MaxPortalSpan {
					return 0, fmt.Errorf("world: suture of strand %d through surface %d: %d nodes inside the wall from node %d; at most %d (longer links)", k, surf, cur.B-cur.A-1, cur.A+1, solver.MaxPortalSpan-1)
				}
				// As laid: the links' length from A to B against the route through the
				// piercings (the solver's rest lengths are the links' as laid).
				s, e := sf.At(cur.In), sf.At(cur.Out)
				cur.Slack = pos[cur.A].Sub(s).Norm() + e.Sub(s).Norm() + pos[cur.B].Sub(e).Norm()
				for i := cur.A; i < cur.B; i++ {
					cur.Slack -= pos[i+1].Sub(pos[i]).Norm()
				}
				if n := len(add); n > 0 && add[n-1].B > cur.A {
					return 0, fmt.Errorf("world: suture of strand %d through surface %d: two passages share the link from node %d (longer links, or passages farther apart)", k, surf, cur.A)
				}
				add = append(add, cur)
			default:
				return 0, fmt.Errorf("world: suture of strand %d through surface %d: link %d %s the surface twice in a row (the surface must be closed and the strand start outside it)", k, surf, a, map[bool]string{true: "enters", false: "leaves"}[h.Entering])
			}
		}
	}
	switch {
	case open:
		return 0, fmt.Errorf("world: suture of strand %d through surface %d: the strand ends inside the surface (entered at node %d)", k, surf, cur.A)
	case len(add) == 0:
		return 0, fmt.Errorf("world: suture of strand %d through surface %d: the strand does not pass through it", k, surf)
	}
	for _, p := range w.in.Portals {
		for _, q := range add {
			if p.A < q.B && q.A < p.B {
				return 0, fmt.Errorf("world: suture of strand %d through surface %d: nodes %d…%d are already in a suture", k, surf, q.A, q.B)
			}
		}
	}
	w.in.Portals = append(w.in.Portals, add...)
	return len(add), nil
}

// Sutures returns the world's sutures as they are now (the solver moves their nodes A and B
// as the thread slides); the slice is the world's: read it, do not keep it across steps.
func (w *World) Sutures() []solver.Portal { return w.in.Portals }

// ThreadLength returns strand k's length, m: its links' lengths, except that the thread
// through a suture is measured from node A to the entry point, straight through the wall to
// the exit point and on to node B (the nodes inside are placed, not simulated), less the
// suture's Slack (that route's excess over the links as laid); while a needle's node is in the
// wall (Portal.Lead), from it back along the chord to the entry point instead.
func (w *World) ThreadLength(k int) float64 {
	st := w.State
	str := st.Strands[k]
	pos := st.Pos
	L := 0.0
	i, end := str.First, str.First+str.Nodes-1
	for {
		// the next suture along the strand (a needle adds its sutures at the strand's start,
		// after those already further along)
		next := -1
		for j, p := range w.in.Portals {
			if p.A >= i && p.B <= end && (next < 0 || p.A < w.in.Portals[next].A) {
				next = j
			}
		}
		if next < 0 {
			break
		}
		p := w.in.Portals[next]
		for ; i < p.A; i++ {
			L += pos[i+1].Sub(pos[i]).Norm()
		}
		sf := &w.in.Surfaces[p.Surface]
		s, e := sf.At(p.In), sf.At(p.Out)
		if u := s.Sub(e); p.Lead && p.A == str.First && pos[p.A].Sub(s).Dot(u) < 0 {
			// a needle's node still in the wall: from it back along the chord to e (as the
			// solver measures it)
			L += pos[p.A].Sub(e).Dot(u.Unit()) + pos[p.B].Sub(e).Norm() - p.Slack
		} else {
			L += pos[p.A].Sub(s).Norm() + e.Sub(s).Norm() + pos[p.B].Sub(e).Norm() - p.Slack
		}
		i = p.B
	}
	for ; i < end; i++ {
		L += pos[i+1].Sub(pos[i]).Norm()
	}
	return L
}
