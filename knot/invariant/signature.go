package invariant

import (
	"fmt"
	"math/big"

	"github.com/knotsim/knotsim/knot/pd"
)

// Signature returns the signature of the knot (or link) of the diagram c, in the table's
// convention: the right-handed trefoil (all crossings positive) has −2, and the mirror image
// has the negated signature. Split unknotted Loops and the crossing-free diagram add nothing.
// It fails for an invalid code, a split (disconnected) diagram, or a code whose rotation
// system is not planar.
//
// Method: Gordon–Litherland, σ = sign(G) − μ. The diagram's planar map (crossings are
// vertices with their edges in counter-clockwise order a, b, c, d; orientations come from the
// crossings themselves, not from the edge labels) is walked into its n+2 faces, which are
// 2-coloured black and white; the black faces span a surface F. At a crossing v,
// η(v) = +1 if its white corners are a–b and c–d, −1 if they are b–c and d–a; v is of type II
// when F is not coherently oriented there, i.e. when the black corners are the ones the oriented
// (Seifert) smoothing joins (b–c and d–a at a positive crossing, a–b and c–d at a negative
// one). The Goeritz matrix G is the η-weighted Laplacian of the white faces (G_ij = −Σ η over
// the crossings joining white faces i ≠ j, rows summing to 0) with one face deleted, and
// μ = Σ_{type II} η(v). The colour with fewer faces is taken as white (the tests check that
// both colours agree on every table row). The signature of G is exact: symmetric
// fraction-free (Bareiss) elimination in big integers with symmetric pivoting, counting the
// signs of the pivots of its LDLᵀ factorisation.
func Signature(c pd.Code) (int, error) {
	if len(c.X) == 0 {
		return 0, nil
	}
	g, err := newGoeritz(c)
	if err != nil {
		return 0, err
	}
	white := uint8(0)
	if g.count[1] < g.count[0] {
		white = 1
	}
	return g.signature(white), nil
}

// goeritz is a checkerboard-coloured diagram.
type goeritz struct {
	p      *planar
	face   []int   // corner 4v+j (between positions j and j+1) → face
	colour []uint8 // face → 0 or 1
	index  []int   // face → index among the faces of its colour
	count  [2]int  // faces of each colour
	pos    []bool  // crossing → positive
	corner []uint8 // crossing → colour of its corners 0 and 2 (corners 1 and 3 have the other)
}

func newGoeritz(c pd.Code) (*goeritz, error) { return newGoeritzFor(c, "Signature") }

// newGoeritzFor is newGoeritz with the name of the calling function in its errors.
func newGoeritzFor(c pd.Code, fn string) (*goeritz, error) {
	n := len(c.X)
	p, err := newPlanar(c)
	if err != nil {
		return nil, fmt.Errorf("invariant: %s: %w", fn, err)
	}
	g := &goeritz{p: p, face: make([]int, 4*n), pos: make([]bool, n), corner: make([]uint8, n)}
	for i := range g.face {
		g.face[i] = -1
	}
	// Faces, kept on the right: from corner 4v+j leave by dart 4v+j+1, arrive at dart h', whose
	// corner (h', h'+1) is the next one of the face.
	faces := 0
	for s := range g.face {
		if g.face[s] >= 0 {
			continue
		}
		for k := s; g.face[k] < 0; {
			g.face[k] = faces
			out := k&^3 | (k+1)&3
			k = int(p.partner[out])
		}
		faces++
	}
	if faces != n+2 {
		return nil, fmt.Errorf("invariant: %s: diagram has %d faces, want %d (split diagram or not planar)", fn, faces, n+2)
	}
	// 2-colouring: corners j−1 and j at a crossing lie on the two sides of dart j.
	adj := make([][]int, faces)
	for h := range g.face {
		a, b := g.face[h], g.face[h&^3|(h+3)&3]
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	g.colour = make([]uint8, faces)
	seen := make([]bool, faces)
	seen[0] = true
	queue := []int{0}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, h := range adj[f] {
			if !seen[h] {
				seen[h] = true
				g.colour[h] = 1 - g.colour[f]
				queue = append(queue, h)
			} else if g.colour[h] == g.colour[f] {
				return nil, fmt.Errorf("invariant: %s: faces cannot be 2-coloured", fn)
			}
		}
	}
	g.index = make([]int, faces)
	for f, col := range g.colour {
		g.index[f] = g.count[col]
		g.count[col]++
	}
	for v := 0; v < n; v++ {
		g.pos[v] = p.positive(v)
		g.corner[v] = g.colour[g.face[4*v]]
	}
	return g, nil
}

// signature returns σ computed with colour white as the white faces.
func (g *goeritz) signature(white uint8) int {
	G, mu := g.matrix(white)
	return symSignature(G) - mu
}

// matrix returns the Goeritz matrix G with colour white as the white faces (the last white face
// deleted; m×m for m = the number of white faces − 1) and the correction term μ = Σ_{type II} η.
func (g *goeritz) matrix(white uint8) ([][]*big.Int, int) {
	m := g.count[white] - 1 // last white face deleted
	G := make([][]*big.Int, m)
	for i := range G {
		G[i] = make([]*big.Int, m)
		for j := range G[i] {
			G[i][j] = new(big.Int)
		}
	}
	mu := 0
	for v := range g.pos {
		// White corners: 0 and 2 (a–b, c–d; η = +1) or 1 and 3 (b–c, d–a; η = −1).
		wc, eta := 1, -1
		if g.corner[v] == white {
			wc, eta = 0, 1
		}
		// The oriented smoothing joins corners 1 and 3 at a positive crossing, 0 and 2 at a
		// negative one; F's band joins the black corners (1−wc). Type II when they agree.
		joined := 0
		if g.pos[v] {
			joined = 1
		}
		if joined == 1-wc {
			mu += eta
		}
		a := g.index[g.face[4*v+wc]]
		b := g.index[g.face[4*v+wc+2]]
		if a == b {
			continue
		}
		e := big.NewInt(int64(eta))
		if a < m {
			G[a][a].Add(G[a][a], e)
		}
		if b < m {
			G[b][b].Add(G[b][b], e)
		}
		if a < m && b < m {
			G[a][b].Sub(G[a][b], e)
			G[b][a].Sub(G[b][a], e)
		}
	}
	return G, mu
}

// symSignature returns the signature (positive minus negative eigenvalues) of the symmetric
// integer matrix a, which it destroys: fraction-free symmetric elimination. After step k the
// trailing entries are D_k times the Schur complement (D_k the leading k×k minor), so the k-th
// pivot of the LDLᵀ factorisation has the sign of D_{k+1}·D_k. A zero diagonal with a nonzero
// entry a_ij is made nonzero by the unimodular congruence x_i += x_j (new a_ii = 2a_ij), which
// keeps Bareiss's divisions exact.
func symSignature(a [][]*big.Int) int {
	m := len(a)
	prev := big.NewInt(1)
	sig := 0
	var t1, t2 big.Int
	for k := 0; k < m; k++ {
		piv := -1
		for i := k; i < m; i++ {
			if a[i][i].Sign() != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			// All remaining diagonal entries vanish; look for a nonzero off-diagonal one.
			pi, pj := -1, -1
			for i := k; i < m && pi < 0; i++ {
				for j := i + 1; j < m; j++ {
					if a[i][j].Sign() != 0 {
						pi, pj = i, j
						break
					}
				}
			}
			if pi < 0 {
				break // the rest is zero
			}
			// x_pi += x_pj: row pi += row pj, then column pi += column pj.
			for j := k; j < m; j++ {
				a[pi][j].Add(a[pi][j], a[pj][j])
			}
			for i := k; i < m; i++ {
				if i != pi {
					a[i][pi].Set(a[pi][i])
				}
			}
			a[pi][pi].Add(a[pi][pi], a[pi][pj])
			piv = pi
		}
		if piv != k {
			a[k], a[piv] = a[piv], a[k]
			for i := range a {
				a[i][k], a[i][piv] = a[i][piv], a[i][k]
			}
		}
		d := a[k][k]
		if d.Sign()*prev.Sign() > 0 {
			sig++
		} else {
			sig--
		}
		for i := k + 1; i < m; i++ {
			for j := i; j < m; j++ {
				t1.Mul(d, a[i][j])
				t2.Mul(a[i][k], a[k][j])
				t1.Sub(&t1, &t2)
				a[i][j].Quo(&t1, prev)
				if j != i {
					a[j][i].Set(a[i][j])
				}
			}
		}
		prev = d
	}
	return sig
}
