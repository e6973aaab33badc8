// Package knotcheck computes the knot determinant |Δ(−1)| of an open rope closed at infinity.
// It is a small, independent check that a knot is still tied (unknot 1, trefoil 3, figure-eight
// 5, 7_1 7, 3_1 # 4_1 15), used by the engine's tests until full knot identification (package
// knot) exists. It is not fast and not meant for the per-cycle loop.
package knotcheck

import (
	"errors"
	"math"
	"math/big"
	"sort"

	"github.com/knotsim/knotsim/vec"
)

// crossing of the projected polyline: segment i over segment j at parameters si, sj.
type crossing struct {
	over, under int
	so, su      float64
}

// Determinant returns |Δ(−1)| of the knot made by the open polyline pts, closed by leading both
// ends radially outward, above everything, to infinity (closure at infinity), projected along
// dir. It also returns the number of crossings of the diagram. An error means the projection is
// degenerate (crossings too close to a vertex or to each other): try another direction.
func Determinant(pts []vec.V3, dir vec.V3) (det int64, crossings int, err error) {
	if len(pts) < 2 {
		return 1, 0, nil
	}
	dir = dir.Unit()
	e1 := dir.AnyPerp()
	e2 := dir.Cross(e1)
	n := len(pts)
	x := make([]float64, n)
	y := make([]float64, n)
	h := make([]float64, n)
	for i, p := range pts {
		x[i], y[i], h[i] = p.Dot(e1), p.Dot(e2), p.Dot(dir)
	}
	var cs []crossing
	const tol = 1e-9
	for i := 0; i+1 < n; i++ {
		for j := i + 2; j+1 < n; j++ {
			s, t, ok := segX(x[i], y[i], x[i+1], y[i+1], x[j], y[j], x[j+1], y[j+1])
			if !ok {
				continue
			}
			if s < tol || s > 1-tol || t < tol || t > 1-tol {
				return 0, 0, errors.New("knotcheck: crossing at a vertex; choose another direction")
			}
			hi := h[i] + s*(h[i+1]-h[i])
			hj := h[j] + t*(h[j+1]-h[j])
			if math.Abs(hi-hj) < 1e-12 {
				return 0, 0, errors.New("knotcheck: strands meet in 3D")
			}
			if hi > hj {
				cs = append(cs, crossing{i, j, s, t})
			} else {
				cs = append(cs, crossing{j, i, t, s})
			}
		}
	}
	// The tails at infinity lie above everything and cross nothing of their own: the diagram is
	// the polyline's. Arcs run from one under-crossing to the next along the rope (the two
	// tails, joined at infinity, are one arc).
	m := len(cs)
	if m == 0 {
		return 1, 0, nil
	}
	type ev struct {
		seg   int
		s     float64
		cross int
	}
	unders := make([]ev, 0, m)
	for k, c := range cs {
		unders = append(unders, ev{c.under, c.su, k})
	}
	sort.Slice(unders, func(a, b int) bool {
		if unders[a].seg != unders[b].seg {
			return unders[a].seg < unders[b].seg
		}
		return unders[a].s < unders[b].s
	})
	// Arc k (0..m-1) starts after under-crossing k-1 and ends at under-crossing k; arc 0 also
	// holds the part after the last under-crossing (through infinity).
	arcOf := func(seg int, s float64) int {
		// number of under-crossings strictly before (seg, s)
		k := sort.Search(len(unders), func(a int) bool {
			u := unders[a]
			return u.seg > seg || (u.seg == seg && u.s >= s)
		})
		return k % m
	}
	rows := make([][]*big.Int, m)
	for r := range rows {
		rows[r] = make([]*big.Int, m)
		for c := range rows[r] {
			rows[r][c] = new(big.Int)
		}
	}
	for idx, u := range unders {
		c := cs[u.cross]
		o := arcOf(c.over, c.so)
		in := idx % m        // arc ending here
		out := (idx + 1) % m // arc starting here
		r := rows[idx]
		r[o].Add(r[o], big.NewInt(2))
		r[in].Sub(r[in], big.NewInt(1))
		r[out].Sub(r[out], big.NewInt(1))
	}
	if m == 1 {
		return 1, 1, nil
	}
	// Any (m−1)-minor: drop the last row and column.
	d := bareiss(rows, m-1)
	d.Abs(d)
	return d.Int64(), m, nil
}

// Robust returns the determinant most often found over a few fixed projection directions, and
// the crossing count of the first direction that gave it.
func Robust(pts []vec.V3) (int64, int) {
	dirs := []vec.V3{{X: 0.1234, Y: 0.2345, Z: 0.9637}, {X: 0.577, Y: -0.611, Z: 0.542}, {X: -0.71, Y: 0.31, Z: 0.63}, {X: 0.93, Y: 0.2, Z: -0.31}, {X: 0.05, Y: 0.99, Z: 0.13}}
	count := map[int64]int{}
	cross := map[int64]int{}
	for _, d := range dirs {
		det, c, err := Determinant(pts, d)
		if err != nil {
			continue
		}
		count[det]++
		if _, ok := cross[det]; !ok {
			cross[det] = c
		}
	}
	var best int64 = -1
	for d, c := range count {
		if best < 0 || c > count[best] || (c == count[best] && d < best) {
			best = d
		}
	}
	return best, cross[best]
}

func segX(ax, ay, bx, by, cx, cy, dx, dy float64) (s, t float64, ok bool) {
	rx, ry := bx-ax, by-ay
	qx, qy := dx-cx, dy-cy
	den := rx*qy - ry*qx
	if den == 0 {
		return 0, 0, false
	}
	wx, wy := cx-ax, cy-ay
	s = (wx*qy - wy*qx) / den
	t = (wx*ry - wy*rx) / den
	if s < 0 || s > 1 || t < 0 || t > 1 {
		return 0, 0, false
	}
	return s, t, true
}

// bareiss returns the determinant of the leading k×k block of a (fraction-free elimination).
func bareiss(a [][]*big.Int, k int) *big.Int {
	m := make([][]*big.Int, k)
	for i := range m {
		m[i] = make([]*big.Int, k)
		for j := range m[i] {
			m[i][j] = new(big.Int).Set(a[i][j])
		}
	}
	sign := 1
	prev := big.NewInt(1)
	for p := 0; p < k-1; p++ {
		if m[p][p].Sign() == 0 {
			sw := -1
			for r := p + 1; r < k; r++ {
				if m[r][p].Sign() != 0 {
					sw = r
					break
				}
			}
			if sw < 0 {
				return new(big.Int)
			}
			m[p], m[sw] = m[sw], m[p]
			sign = -sign
		}
		for i := p + 1; i < k; i++ {
			for j := p + 1; j < k; j++ {
				t1 := new(big.Int).Mul(m[i][j], m[p][p])
				t2 := new(big.Int).Mul(m[i][p], m[p][j])
				t1.Sub(t1, t2)
				m[i][j] = t1.Quo(t1, prev)
			}
		}
		prev = m[p][p]
	}
	d := new(big.Int).Set(m[k-1][k-1])
	if sign < 0 {
		d.Neg(d)
	}
	return d
}
