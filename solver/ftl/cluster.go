package ftl

import (
	"math"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
)

// buildClusters forms the clusters of Brown §5 from the self contacts in s.contacts: colliding
// links join one cluster, and clusters holding adjacent links of one strand merge. The result
// is the union-find forest s.segClust (−1: link not clustered), used by the next cycle.
func (s *Solver) buildClusters(st *rope.State) {
	for i := range s.segClust {
		s.segClust[i] = -1
	}
	for i := range s.contacts {
		a, b := s.contacts[i].A, s.contacts[i].B
		if s.segClust[a] < 0 {
			s.segClust[a] = a
		}
		if s.segClust[b] < 0 {
			s.segClust[b] = b
		}
		s.union(a, b)
	}
	for i := 1; i < len(s.segClust); i++ {
		if s.segClust[i] >= 0 && s.segClust[i-1] >= 0 && st.SegStrand[i] == st.SegStrand[i-1] {
			s.union(int32(i-1), int32(i))
		}
	}
}

func (s *Solver) find(a int32) int32 {
	for s.segClust[a] != a {
		s.segClust[a] = s.segClust[s.segClust[a]]
		a = s.segClust[a]
	}
	return a
}

func (s *Solver) union(a, b int32) {
	ra, rb := s.find(a), s.find(b)
	if ra == rb {
		return
	}
	// Smaller index is the root: deterministic.
	if rb < ra {
		ra, rb = rb, ra
	}
	s.segClust[rb] = ra
}

// maxPassengers is the longest free run of nodes, between two nodes of one cluster, that moves
// with the cluster.
const maxPassengers = 12

// clusterFit accumulates Horn's absolute-orientation sums for one cluster.
type clusterFit struct {
	n        int32
	grasped  bool
	sumB     vec.V3     // Σ boundary node positions
	sumT     vec.V3     // Σ their targets
	bt       [9]float64 // Σ (b−cB)(b*−cT)ᵀ, row-major
	scale    float64    // Σ |b−cB|² + |b*−cT|²
	q        [4]float64 // rotation (w, x, y, z)
	cB, move vec.V3     // centroid of boundary nodes, translation
	maxDisp  float64
}

// clusterMotion moves every cluster of the previous cycle rigidly with the free links next to
// it (see the package doc, "Cluster motion").
func (s *Solver) clusterMotion(st *rope.State, out *solver.Stats) {
	m := len(s.segClust)
	if len(s.fits) != m {
		s.fits = make([]clusterFit, m)
	}
	clear(s.inClust)
	nclust, nlinks := 0, 0
	for seg := 0; seg < m; seg++ {
		if s.segClust[seg] < 0 {
			continue
		}
		r := s.find(int32(seg))
		nlinks++
		if r == int32(seg) {
			nclust++
			s.fits[r] = clusterFit{}
		}
		a := st.SegNode[seg]
		s.inClust[a] = r + 1
		s.inClust[a+1] = r + 1
	}
	out.Clusters, out.Clustered = nclust, nlinks
	if nclust == 0 {
		return
	}
	// Short free stretches of rope with the same cluster at both ends (a bit of a knot's loop
	// that touches nothing this cycle) ride along with the cluster: moving the cluster rigidly
	// without them would stretch them.
	for _, str := range st.Strands {
		last, lastC := -1, int32(0)
		for i := str.First; i < str.First+str.Nodes; i++ {
			c := s.inClust[i]
			if c == 0 {
				continue
			}
			if c == lastC && i-last > 1 && i-last-1 <= maxPassengers {
				for j := last + 1; j < i; j++ {
					s.inClust[j] = c
				}
			}
			last, lastC = i, c
		}
	}
	for i, c := range s.inClust {
		if c > 0 && s.grasped[i] {
			s.fits[c-1].grasped = true
		}
	}
	// Boundary links: one node in a cluster, the other free. Two passes: centroids, then
	// cross-covariance about them.
	for pass := 0; pass < 2; pass++ {
		for seg := 0; seg < m; seg++ {
			a := st.SegNode[seg]
			ca, cb := s.inClust[a], s.inClust[a+1]
			var b, f int32
			switch {
			case ca > 0 && cb == 0:
				b, f = a, a+1
			case cb > 0 && ca == 0:
				b, f = a+1, a
			default:
				continue
			}
			c := &s.fits[s.inClust[b]-1]
			if c.grasped {
				continue
			}
			link := st.Strands[st.SegStrand[seg]].Link
			pb, pf := st.Pos[b], st.Pos[f]
			d := pb.Sub(pf)
			n := d.Norm()
			if n == 0 {
				continue
			}
			tgt := pf.Add(d.Scale(link / n))
			if pass == 0 {
				c.n++
				c.sumB = c.sumB.Add(pb)
				c.sumT = c.sumT.Add(tgt)
				continue
			}
			cenB := c.sumB.Scale(1 / float64(c.n))
			ct := c.sumT.Scale(1 / float64(c.n))
			x := pb.Sub(cenB)
			y := tgt.Sub(ct)
			addOuter(&c.bt, x, y)
			c.scale += x.Norm2() + y.Norm2()
		}
	}
	for r := 0; r < m; r++ {
		c := &s.fits[r]
		if s.segClust[r] != int32(r) || c.n == 0 || c.grasped {
			continue
		}
		c.cB = c.sumB.Scale(1 / float64(c.n))
		c.move = c.sumT.Sub(c.sumB).Scale(1 / float64(c.n))
		c.q = [4]float64{1, 0, 0, 0}
		if c.n >= 2 {
			c.q = hornRotation(&c.bt, c.scale)
		}
	}
	// Largest displacement per cluster, then scale so that none exceeds delta.
	for i, ci := range s.inClust {
		if c := s.movingFit(ci); c != nil {
			c.maxDisp = math.Max(c.maxDisp, c.apply(st.Pos[i]).Dist(st.Pos[i]))
		}
	}
	for r := 0; r < m; r++ {
		c := &s.fits[r]
		if s.segClust[r] != int32(r) || c.n == 0 || c.grasped || c.maxDisp <= s.delta {
			continue
		}
		alpha := s.delta / c.maxDisp
		c.q = scaleRotation(c.q, alpha)
		c.move = c.move.Scale(alpha)
	}
	for i, ci := range s.inClust {
		if c := s.movingFit(ci); c != nil {
			st.Pos[i] = c.apply(st.Pos[i])
		}
	}
}

// movingFit returns the fit of cluster id+1 ci when that cluster moves rigidly, else nil.
func (s *Solver) movingFit(ci int32) *clusterFit {
	if ci == 0 {
		return nil
	}
	c := &s.fits[ci-1]
	if c.n == 0 || c.grasped {
		return nil
	}
	return c
}

// apply moves p by the cluster's rigid motion: rotation about cB, then translation.
func (c *clusterFit) apply(p vec.V3) vec.V3 {
	return rotate(c.q, p.Sub(c.cB)).Add(c.cB).Add(c.move)
}

// addOuter adds x yᵀ to the row-major 3×3 matrix S.
func addOuter(S *[9]float64, x, y vec.V3) {
	S[0] += x.X * y.X
	S[1] += x.X * y.Y
	S[2] += x.X * y.Z
	S[3] += x.Y * y.X
	S[4] += x.Y * y.Y
	S[5] += x.Y * y.Z
	S[6] += x.Z * y.X
	S[7] += x.Z * y.Y
	S[8] += x.Z * y.Z
}

// hornRotation returns the unit quaternion (w, x, y, z) of the rotation R maximising
// Σ y·R x for the cross-covariance S = Σ x yᵀ (row-major), after Horn, "Closed-form solution of
// absolute orientation using unit quaternions", JOSA A 4 (1987). scale = Σ |x|²+|y|² sets a tiny
// preference for the identity, which picks the smallest rotation when the fit is degenerate (two
// boundary nodes: any twist about their axis fits equally well).
func hornRotation(S *[9]float64, scale float64) [4]float64 {
	sxx, sxy, sxz := S[0], S[1], S[2]
	syx, syy, syz := S[3], S[4], S[5]
	szx, szy, szz := S[6], S[7], S[8]
	N := [4][4]float64{
		{sxx + syy + szz, syz - szy, szx - sxz, sxy - syx},
		{syz - szy, sxx - syy - szz, sxy + syx, szx + sxz},
		{szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy},
		{sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz},
	}
	N[0][0] += 1e-6 * scale
	vals, vecs := jacobi4(N)
	best := 0
	for i := 1; i < 4; i++ {
		if vals[i] > vals[best] {
			best = i
		}
	}
	q := [4]float64{vecs[0][best], vecs[1][best], vecs[2][best], vecs[3][best]}
	if q[0] < 0 {
		q = [4]float64{-q[0], -q[1], -q[2], -q[3]}
	}
	n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if !(n > 0) {
		return [4]float64{1, 0, 0, 0}
	}
	return [4]float64{q[0] / n, q[1] / n, q[2] / n, q[3] / n}
}

// jacobi4 diagonalises a symmetric 4×4 matrix by cyclic Jacobi rotations: eigenvalues and the
// eigenvectors as columns.
func jacobi4(a [4][4]float64) (vals [4]float64, v [4][4]float64) {
	for i := range 4 {
		v[i][i] = 1
	}
	for sweep := 0; sweep < 50; sweep++ {
		off := 0.0
		for p := 0; p < 4; p++ {
			for q := p + 1; q < 4; q++ {
				off += a[p][q] * a[p][q]
			}
		}
		if off < 1e-30 {
			break
		}
		for p := 0; p < 4; p++ {
			for q := p + 1; q < 4; q++ {
				if a[p][q] == 0 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(t*t+1)
				sn := t * c
				for k := 0; k < 4; k++ {
					akp, akq := a[k][p], a[k][q]
					a[k][p] = c*akp - sn*akq
					a[k][q] = sn*akp + c*akq
				}
				for k := 0; k < 4; k++ {
					apk, aqk := a[p][k], a[q][k]
					a[p][k] = c*apk - sn*aqk
					a[q][k] = sn*apk + c*aqk
				}
				for k := 0; k < 4; k++ {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p] = c*vkp - sn*vkq
					v[k][q] = sn*vkp + c*vkq
				}
			}
		}
	}
	for i := range 4 {
		vals[i] = a[i][i]
	}
	return vals, v
}

// rotate applies unit quaternion q to x.
func rotate(q [4]float64, x vec.V3) vec.V3 {
	u := vec.V3{X: q[1], Y: q[2], Z: q[3]}
	w := q[0]
	t := u.Cross(x).Scale(2)
	return x.Add(t.Scale(w)).Add(u.Cross(t))
}

// scaleRotation returns the rotation about q's axis by alpha times q's angle.
func scaleRotation(q [4]float64, alpha float64) [4]float64 {
	w := math.Max(-1, math.Min(1, q[0]))
	half := math.Acos(w)
	s := math.Sin(half)
	if s < 1e-15 {
		return [4]float64{1, 0, 0, 0}
	}
	nh := alpha * half
	k := math.Sin(nh) / s
	return [4]float64{math.Cos(nh), q[1] * k, q[2] * k, q[3] * k}
}
