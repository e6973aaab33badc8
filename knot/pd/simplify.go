package pd

// Simplify removes crossings by Reidemeister moves that never add any: I (a kink, an edge
// joining a crossing to itself) and II (a bigon face whose two edges are both over-, or both
// under-strands), repeatedly until none applies. The knot or link type is unchanged. Edges are
// relabelled consecutively along each component (components ordered, and each started, by
// their smallest old label, so a diagram that cannot be simplified keeps its labels), and a
// component left without crossings is added to Loops. Invalid codes are returned unchanged.
//
// Cost O(n) per move (faces are re-traced), O(n²) in all. Alternating bigons, Reidemeister III
// and other moves are not tried: the result need not be minimal.
func Simplify(c Code) Code {
	o, err := c.orient()
	if err != nil {
		return c
	}
	n := len(c.X)
	if n == 0 {
		return Code{Loops: c.Loops}
	}
	xs := make([]X, n)
	copy(xs, c.X)
	alive := make([]bool, n)
	for i := range alive {
		alive[i] = true
	}
	// Union–find over edge labels: merged labels are one edge.
	parent := make([]int, 2*n+1)
	for i := range parent {
		parent[i] = i
	}
	find := func(e int) int {
		for parent[e] != e {
			parent[e] = parent[parent[e]]
			e = parent[e]
		}
		return e
	}
	union := func(a, b int) {
		a, b = find(a), find(b)
		if a != b {
			parent[b] = a
		}
	}
	// Component of every label (moves never join or split components).
	comp := make([]int, 2*n+1)
	ncomp := 0
	for ci, cs := range c.passages(o) {
		for _, h := range cs {
			comp[c.X[h.x][h.s]] = ci
		}
		ncomp = ci + 1
	}
	occ := make([][2]slot, 2*n+1)
	cnt := make([]int8, 2*n+1)
	other := func(q slot) slot {
		e := find(xs[q.x][q.s])
		if occ[e][0] == q {
			return occ[e][1]
		}
		return occ[e][0]
	}
	for {
		// Occurrences of each (merged) edge.
		for i := range cnt {
			cnt[i] = 0
		}
		for i, x := range xs {
			if !alive[i] {
				continue
			}
			for s, e := range x {
				r := find(e)
				if cnt[r] < 2 {
					occ[r][cnt[r]] = slot{int32(i), int32(s)}
				}
				cnt[r]++
			}
		}
		moved := false
		// Reidemeister I: a label at two adjacent slots of one crossing.
		for i, x := range xs {
			if !alive[i] {
				continue
			}
			for s := range 4 {
				if find(x[s]) == find(x[(s+1)%4]) {
					union(x[(s+2)%4], x[(s+3)%4])
					alive[i] = false
					moved = true
					break
				}
			}
			if moved {
				break
			}
		}
		if moved {
			continue
		}
		// Reidemeister II: a face of two corners (leaving x by slot s, arriving at y by slot
		// t, turning to slot t−1 at y and coming back to x at slot s+1) whose edges are over
		// at both crossings or under at both (s, t of equal parity).
		for i := range xs {
			if !alive[i] {
				continue
			}
			for s := int32(0); s < 4; s++ {
				q := slot{int32(i), s}
				y := other(q)
				if y.x == q.x || y.s%2 != s%2 {
					continue
				}
				back := other(slot{y.x, (y.s + 3) % 4})
				if back.x != q.x || back.s != (s+1)%4 {
					continue
				}
				// Strand through e1 (x slot s, y slot t) and strand through e2 (x slot s+1,
				// y slot t−1): join their outer edges.
				xi, yi := xs[q.x], xs[y.x]
				union(xi[(s+2)%4], yi[(y.s+2)%4])
				union(xi[(s+3)%4], yi[(y.s+1)%4])
				alive[q.x], alive[y.x] = false, false
				moved = true
				break
			}
			if moved {
				break
			}
		}
		if !moved {
			break
		}
	}
	// Relabel along the orientation.
	for i := range cnt {
		cnt[i] = 0
	}
	head := make([]slot, 2*n+1)
	present := make([]bool, ncomp)
	for i, x := range xs {
		if !alive[i] {
			continue
		}
		for s, e := range x {
			r := find(e)
			cnt[r]++
			present[comp[e]] = true
			if s == 0 || int8(s) == o.overIn[i] {
				head[r] = slot{int32(i), int32(s)}
			}
		}
	}
	newLabel := make([]int, 2*n+1)
	label := 0
	for e0 := 1; e0 <= 2*n; e0++ {
		r := find(e0)
		if cnt[r] == 0 || newLabel[r] != 0 {
			continue
		}
		for e := r; newLabel[e] == 0; {
			label++
			newLabel[e] = label
			h := head[e]
			e = find(xs[h.x][(h.s+2)%4])
		}
	}
	out := Code{Loops: c.Loops}
	for _, p := range present {
		if !p {
			out.Loops++
		}
	}
	for i, x := range xs {
		if !alive[i] {
			continue
		}
		var nx X
		for s, e := range x {
			nx[s] = newLabel[find(e)]
		}
		out.X = append(out.X, nx)
	}
	return out
}
