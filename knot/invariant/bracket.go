// Package invariant computes knot and link invariants from planar diagram (PD) codes
// (package pd, KnotTheory/KnotInfo convention): the Kauffman bracket and the Jones polynomial
// (bracket*.go, jones*.go), the Alexander polynomial and the signature (alexander*.go,
// signature*.go).
//
// # Kauffman bracket by tangle contraction
//
// The bracket ⟨D⟩ is Σ over the 2ⁿ states (a choice of A- or A⁻¹-smoothing at each crossing)
// of A^(#A−#B)·δ^(loops−1), δ = −A²−A⁻². Summing the states one by one is hopeless beyond ~25
// crossings, so Bracket contracts the diagram instead, in the manner of a planar-algebra
// (transfer-matrix) computation:
//
//   - Crossings are added one at a time. The processed crossings form a tangle whose boundary is
//     the "frontier": the edges with exactly one end on a processed crossing.
//   - After every step the partial state sum is kept grouped by how the smoothed tangle connects
//     its boundary points: a map from a perfect matching of the frontier (encoded as the partner
//     index of each frontier slot, one byte per slot, used as a string key) to a Laurent
//     polynomial in A, the sum over the processed crossings' states that give that matching,
//     each weighted A^(#A−#B)·δ^(closed loops).
//   - Adding a crossing tries both of its smoothings on every matching: edges whose second end
//     is the new crossing are glued shut, arcs that close up become loops (a factor δ each, except
//     one loop at the very last step, which every state closes, for the normalisation ⟨O⟩ = 1),
//     and the rest is the new matching.
//   - The order is greedy: the next crossing is the one sharing the most edges with the
//     processed set (ties: lowest index), which keeps the frontier narrow.
//
// The number of matchings of a frontier of width k that a planar tangle can realise is at most
// the Catalan number C(k/2) (< 2^k), and a step costs O(k) per matching plus the polynomial
// arithmetic (O(n) coefficients), so the total cost is about n·C(k_max/2)·(k_max+n):
// exponential only in the widest frontier k_max, not in the crossing number n. The table's knots
// have k_max ≤ 8 (about 30 µs each), closed braids on m strands k_max ≤ 2m; a 41-crossing
// (2,41) torus knot (k_max 4) takes about 0.08 ms, the 32-crossing closed 5-braid of T(5,8)
// (k_max 10) 0.5 ms.
//
// Coefficients are int64, as in package poly, and are not checked for overflow. The partial sums
// are brackets of tangles: through the table they stay below 100, and even a random, far from
// minimal 120-crossing 6-braid diagram stays below 10⁸; only diagrams of several hundred
// crossings could come near 2⁶³.
package invariant

import (
	"fmt"

	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/poly"
)

// Bracket returns the Kauffman bracket ⟨D⟩ of the diagram c as a Laurent polynomial in A,
// normalised so that the crossing-free unknot is 1: ⟨D ⊔ O⟩ = δ⟨D⟩ with δ = −A²−A⁻², and
// X[a,b,c,d] = A·(a b)(c d) + A⁻¹·(a d)(b c), where (a b) joins the strands at a and b — the
// A-smoothing joins the incoming under-strand a to the edge b counter-clockwise after it.
//
// c.Loops counts crossing-free components; a code without crossings is the unlink of
// max(c.Loops, 1) components. Every edge label must occur exactly twice (c.Validate's first
// check; the labels need not be 1..2n); otherwise Bracket panics. It needs no orientation.
// The algorithm is a tangle contraction, exponential only in the width of the frontier; see the
// package documentation.
func Bracket(c pd.Code) poly.Poly {
	p, _, err := bracket(c)
	if err != nil {
		panic(err)
	}
	return p
}

// lpoly is a Laurent polynomial in A used inside the contraction: Σ c[i]·A^(min+i), possibly
// with zero coefficients at the ends.
type lpoly struct {
	min int
	c   []int64
}

// addMul adds src·f·A^shift to p.
func (p *lpoly) addMul(src, f lpoly, shift int) {
	if len(src.c) == 0 {
		return
	}
	lo := src.min + f.min + shift
	hi := lo + len(src.c) + len(f.c) - 2
	switch {
	case len(p.c) == 0:
		p.min = lo
		p.c = make([]int64, hi-lo+1, hi-lo+9)
	case lo < p.min || hi > p.min+len(p.c)-1:
		nlo, nhi := min(lo, p.min), max(hi, p.min+len(p.c)-1)
		c := make([]int64, nhi-nlo+1, nhi-nlo+9)
		copy(c[p.min-nlo:], p.c)
		p.min, p.c = nlo, c
	}
	off := lo - p.min
	for i, a := range src.c {
		if a == 0 {
			continue
		}
		d := p.c[off+i:]
		for j, b := range f.c {
			d[j] += a * b
		}
	}
}

// trim drops zero coefficients at both ends and reports whether p is zero.
func (p *lpoly) trim() bool {
	lo, hi := 0, len(p.c)
	for lo < hi && p.c[lo] == 0 {
		lo++
	}
	for hi > lo && p.c[hi-1] == 0 {
		hi--
	}
	p.min += lo
	p.c = p.c[lo:hi]
	return hi == lo
}

// deltaPow returns δ^k = (−A²−A⁻²)^k for k ≥ 0.
func deltaPow(k int) lpoly {
	r := lpoly{c: []int64{1}}
	d := lpoly{min: -2, c: []int64{-1, 0, 0, 0, -1}}
	for range k {
		var n lpoly
		n.addMul(r, d, 0)
		r = n
	}
	return r
}

// crossingOrder returns the order in which the contraction adds the crossings: greedily the
// crossing with the most edges into the processed set, ties to the lowest index. ends[e] lists
// the crossings at the two ends of edge e.
func crossingOrder(xs []pd.X, ends map[int][2]int) []int {
	n := len(xs)
	done := make([]bool, n)
	score := make([]int, n)
	order := make([]int, 0, n)
	for len(order) < n {
		best := -1
		for i := range n {
			if !done[i] && (best < 0 || score[i] > score[best]) {
				best = i
			}
		}
		done[best] = true
		order = append(order, best)
		for _, e := range xs[best] {
			en := ends[e]
			o := en[0]
			if o == best {
				o = en[1]
			}
			if o != best && !done[o] {
				score[o]++
			}
		}
	}
	return order
}

// maxFrontier is the widest frontier the byte-encoded matchings allow.
const maxFrontier = 254

// bracket computes the bracket and reports the widest frontier met.
func bracket(c pd.Code) (poly.Poly, int, error) {
	if c.Loops < 0 {
		return poly.Poly{}, 0, fmt.Errorf("invariant: negative Loops %d", c.Loops)
	}
	if len(c.X) == 0 {
		d := deltaPow(max(c.Loops, 1) - 1)
		return poly.Of(d.min, d.c...), 0, nil
	}
	// The crossings at the two ends of every edge.
	ends := make(map[int][2]int, 2*len(c.X))
	count := make(map[int]int, 2*len(c.X))
	for i, x := range c.X {
		for _, e := range x {
			en := ends[e]
			if count[e] < 2 {
				en[count[e]] = i
			}
			ends[e] = en
			count[e]++
		}
	}
	for e, k := range count {
		if k != 2 {
			return poly.Poly{}, 0, fmt.Errorf("invariant: edge %d appears %d times in the PD code, want 2", e, k)
		}
	}
	order := crossingOrder(c.X, ends)

	// Smoothings: port partners for the A- and A⁻¹-smoothings, with their powers of A.
	smooth := [2]struct {
		partner [4]int
		shift   int
	}{
		{[4]int{1, 0, 3, 2}, +1}, // A:   (a b)(c d)
		{[4]int{3, 2, 1, 0}, -1}, // A⁻¹: (a d)(b c)
	}
	var deltas [4]lpoly
	for k := range deltas {
		deltas[k] = deltaPow(k)
	}

	// The contraction state: frontier edges (slot order), and for every matching its key (the
	// partner slot of each slot, one byte each) and its polynomial.
	var frontier []int
	keys := [][]byte{{}}
	polys := []lpoly{{c: []int64{1}}}
	slotOf := map[int]int{} // frontier edge → slot
	width := 0

	for step, xi := range order {
		x := c.X[xi]
		last := step == len(order)-1
		k := len(frontier)
		// Nodes: old slots 0..k−1, ports k..k+3. link2 of a node is where its edge leads
		// through this step (another node) or −1 when it stays open.
		slotLink := make([]int, k)
		for i := range slotLink {
			slotLink[i] = -1
		}
		var portLink [4]int
		for j, e := range x {
			portLink[j] = -1
			if s, ok := slotOf[e]; ok {
				portLink[j] = s
				slotLink[s] = k + j
				continue
			}
			for j2, e2 := range x {
				if j2 != j && e2 == e {
					portLink[j] = k + j2
				}
			}
		}
		// New frontier: surviving old slots in order, then new edges in port order.
		newIdx := make([]int, k+4)
		var next []int
		for i, e := range frontier {
			newIdx[i] = -1
			if slotLink[i] < 0 {
				newIdx[i] = len(next)
				next = append(next, e)
			}
		}
		for j, e := range x {
			newIdx[k+j] = -1
			if portLink[j] < 0 {
				newIdx[k+j] = len(next)
				next = append(next, e)
			}
		}
		kn := len(next)
		if kn > maxFrontier {
			return poly.Poly{}, 0, fmt.Errorf("invariant: bracket frontier of %d edges is too wide", kn)
		}
		width = max(width, kn)

		index := make(map[string]int, 2*len(keys))
		var nkeys [][]byte
		var npolys []lpoly
		buf := make([]byte, kn)
		visited := make([]bool, k+4)
		for si, key := range keys {
			for _, sm := range smooth {
				link1 := func(v int) int {
					if v < k {
						return int(key[v])
					}
					return k + sm.partner[v-k]
				}
				link2 := func(v int) int {
					if v < k {
						return slotLink[v]
					}
					return portLink[v-k]
				}
				clear(visited)
				// Paths between open ends give the new matching.
				for u := range k + 4 {
					if visited[u] || link2(u) >= 0 {
						continue
					}
					v := u
					for {
						visited[v] = true
						w := link1(v)
						visited[w] = true
						if l := link2(w); l >= 0 {
							v = l
							continue
						}
						buf[newIdx[u]] = byte(newIdx[w])
						buf[newIdx[w]] = byte(newIdx[u])
						break
					}
				}
				// Every loop closed at this step runs through a port of the crossing.
				loops := 0
				for s := k; s < k+4; s++ {
					if visited[s] {
						continue
					}
					loops++
					v := s
					for {
						visited[v] = true
						w := link1(v)
						visited[w] = true
						v = link2(w)
						if v == s {
							break
						}
					}
				}
				if last {
					loops-- // ⟨O⟩ = 1: one loop of every final state is free
				}
				ni, ok := index[string(buf)]
				if !ok {
					ni = len(nkeys)
					index[string(buf)] = ni
					nkeys = append(nkeys, append([]byte(nil), buf...))
					npolys = append(npolys, lpoly{})
				}
				npolys[ni].addMul(polys[si], deltas[loops], sm.shift)
			}
		}
		// Drop matchings whose polynomial cancelled to zero.
		keys, polys = keys[:0], polys[:0]
		for i := range nkeys {
			if !npolys[i].trim() {
				keys = append(keys, nkeys[i])
				polys = append(polys, npolys[i])
			}
		}
		frontier = next
		clear(slotOf)
		for i, e := range frontier {
			slotOf[e] = i
		}
		if len(keys) == 0 {
			break
		}
	}
	var r lpoly
	if len(polys) == 1 {
		r = polys[0]
	}
	if c.Loops > 0 {
		var m lpoly
		m.addMul(r, deltaPow(c.Loops), 0)
		r = m
	}
	return poly.Of(r.min, r.c...), width, nil
}
