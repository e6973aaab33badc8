package layout

import (
	"fmt"
	"math"

	"github.com/knotsim/knotsim/vec"
)

// Braid words: an entry +i is the generator σ_i (strands at positions i and i+1 swap, the one
// moving from i to i+1 passes over), −i its inverse (the one moving from i+1 to i passes
// over). Positions are numbered 1 (top, y = 0) to n (bottom).
var (
	wordOverhand    = []int{1, 1, 1}      // σ1³: trefoil
	wordOverhandMir = []int{-1, -1, -1}   // its mirror image
	wordFigureEight = []int{1, -2, 1, -2} // (σ1σ2⁻¹)²: figure-eight knot 4_1
)

// braidKnot is one long knot in a chain: a braid on n strands.
type braidKnot struct {
	n    int
	word []int
}

// validate checks the generators and that the closure is a knot (its permutation is one
// cycle through all strands).
func (k braidKnot) validate() error {
	if k.n < 1 {
		return fmt.Errorf("layout: braid on %d strands", k.n)
	}
	perm := make([]int, k.n+1) // perm[p]: where the strand starting at position p ends
	for p := range perm {
		perm[p] = p
	}
	for _, w := range k.word {
		i := w
		if i < 0 {
			i = -i
		}
		if i < 1 || i >= k.n {
			return fmt.Errorf("layout: braid generator %d out of range for %d strands", w, k.n)
		}
		for p := 1; p <= k.n; p++ {
			switch perm[p] {
			case i:
				perm[p] = i + 1
			case i + 1:
				perm[p] = i
			}
		}
	}
	p, steps := 1, 0
	for {
		p = perm[p]
		steps++
		if p == 1 {
			break
		}
	}
	if steps != k.n {
		return fmt.Errorf("layout: braid %v on %d strands closes to a link of several components, not a knot", k.word, k.n)
	}
	return nil
}

// braidGeom holds the sizes of a braid layout; all scale with the size factor.
type braidGeom struct {
	dy   float64 // distance between strand positions
	h    float64 // height of the over strand (and depth of the under strand) at a crossing
	dx   float64 // length along x of one crossing
	pad  float64 // straight lead before and after the braid
	a    float64 // radius of the innermost return loop
	ds   float64 // sampling step
	sepX float64 // extra straight rope between two knots of a chain
}

func newBraidGeom(o Options, s float64) braidGeom {
	g := o.Gap() * s
	return braidGeom{
		dy:   1.15 * g,
		h:    0.6 * g,
		dx:   2.6 * g,
		pad:  0.6 * g,
		a:    0.7 * g,
		ds:   math.Min(o.Link, o.Radius) / 8,
		sepX: 1.5 * g,
	}
}

// samples returns the number of samples for a path of length l.
func (g braidGeom) samples(l float64) int { return max(8, int(math.Ceil(l/g.ds))) }

// braidCore traces one long knot: the closure of the braid word in which the arc closing the
// top strand is cut and becomes the two tails (along −x and +x at y = 0, z = 0). The other
// strands close through nested return loops below the braid, which cross nothing, so the
// projection on the xy plane has exactly one crossing per braid generator. The core starts at
// (x0, 0, 0) heading +x; it returns the core and its end x.
func braidCore(k braidKnot, g braidGeom, x0 float64) ([]vec.V3, float64, error) {
	if k.n < 1 {
		return nil, 0, fmt.Errorf("layout: braid on %d strands", k.n)
	}
	for _, w := range k.word {
		if w == 0 || w >= k.n || -w >= k.n {
			return nil, 0, fmt.Errorf("layout: braid generator %d out of range for %d strands", w, k.n)
		}
	}
	m := len(k.word)
	xL := x0
	xb := xL + g.pad                   // braid starts
	xR := xb + float64(m)*g.dx + g.pad // braid ends after this lead
	y := func(pos int) float64 { return -float64(pos-1) * g.dy }
	var pts []vec.V3
	line := func(a, b vec.V3) {
		n := g.samples(a.Dist(b))
		for i := 1; i <= n; i++ {
			pts = append(pts, a.Lerp(b, float64(i)/float64(n)))
		}
	}
	pos := 1
	pts = append(pts, vec.V3{X: xL})
	for pass := 1; ; pass++ {
		if pass > k.n {
			return nil, 0, fmt.Errorf("layout: braid %v on %d strands closes to a link of several components", k.word, k.n)
		}
		line(vec.V3{X: xL, Y: y(pos)}, vec.V3{X: xb, Y: y(pos)})
		for j, w := range k.word {
			i := w
			if i < 0 {
				i = -i
			}
			xa := xb + float64(j)*g.dx
			if pos != i && pos != i+1 {
				line(vec.V3{X: xa, Y: y(pos)}, vec.V3{X: xa + g.dx, Y: y(pos)})
				continue
			}
			to := i + 1
			if pos == i+1 {
				to = i
			}
			over := (to == i+1) == (w > 0)
			sign := -1.0
			if over {
				sign = 1
			}
			y0, y1 := y(pos), y(to)
			n := g.samples(1.3 * g.dx)
			for q := 1; q <= n; q++ {
				s := float64(q) / float64(n)
				pts = append(pts, vec.V3{
					X: xa + s*g.dx,
					Y: y0 + (y1-y0)*(1-math.Cos(math.Pi*s))/2,
					Z: sign * g.h * math.Sin(math.Pi*s),
				})
			}
			pos = to
		}
		xe := xb + float64(m)*g.dx
		line(vec.V3{X: xe, Y: y(pos)}, vec.V3{X: xR, Y: y(pos)})
		if pos == 1 {
			if pass != k.n {
				return nil, 0, fmt.Errorf("layout: braid %v on %d strands closes to a link of several components", k.word, k.n)
			}
			return pts, xR, nil
		}
		// Return loop: concentric half circles right and left, straight bottom.
		r := g.a + float64(k.n-pos)*g.dy
		c := y(k.n) - g.a
		arc := func(cx, th0, th1 float64) {
			n := g.samples(r * math.Abs(th1-th0))
			for q := 1; q <= n; q++ {
				th := th0 + (th1-th0)*float64(q)/float64(n)
				pts = append(pts, vec.V3{X: cx + r*math.Cos(th), Y: c + r*math.Sin(th)})
			}
		}
		arc(xR, math.Pi/2, -math.Pi/2)
		line(vec.V3{X: xR, Y: c - r}, vec.V3{X: xL, Y: c - r})
		arc(xL, -math.Pi/2, -3*math.Pi/2)
		pts[len(pts)-1] = vec.V3{X: xL, Y: y(pos)}
	}
}

// chainCore lays several long knots one after the other along +x, joined by straight rope.
func chainCore(ks []braidKnot, g braidGeom) (piece, error) {
	var core []vec.V3
	x := 0.0
	for i, k := range ks {
		if i > 0 {
			// Leave room for the return loops of both neighbours.
			x += g.a + float64(ks[i-1].n-2)*g.dy + g.a + float64(k.n-2)*g.dy + g.sepX
			prev := core[len(core)-1]
			n := g.samples(x - prev.X)
			for q := 1; q < n; q++ {
				core = append(core, prev.Lerp(vec.V3{X: x}, float64(q)/float64(n)))
			}
		}
		pts, xe, err := braidCore(k, g, x)
		if err != nil {
			return piece{}, err
		}
		core = append(core, pts...)
		x = xe
	}
	// Centre the chain on x = 0.
	cx := (core[0].X + core[len(core)-1].X) / 2
	for i := range core {
		core[i].X -= cx
	}
	return piece{core: core, uS: vec.V3{X: -1}, uE: vec.V3{X: 1}}, nil
}

func braidLayout(name string, o Options, ks []braidKnot) ([]vec.V3, error) {
	for _, k := range ks {
		if err := k.validate(); err != nil {
			return nil, err
		}
	}
	return search(name, o, 0.8, func(s float64) (piece, error) {
		return chainCore(ks, newBraidGeom(o, s))
	}, nil)
}

// Braid lays a long knot that is the closure of a braid on strands strands: word lists the
// generators (+i for σ_i, −i for σ_i⁻¹, 1 ≤ i < strands). The closure must be a knot (one
// component). The arc closing the top strand is cut open into the two tails, which run along
// −x (first point) and +x (last point) on the line y = z = 0; the other strands close through
// nested return loops below (−y) the braid, so the projection on the xy plane has exactly one
// crossing per generator. The knot is centred on x = 0.
func Braid(o Options, strands int, word []int) ([]vec.V3, error) {
	return braidLayout("braid", o, []braidKnot{{strands, word}})
}

// Overhand lays a loose overhand knot (trefoil, 3 crossings: the closure of σ1³) in the middle
// of the rope, tails straight along −x and +x on the line y = z = 0. See Braid for the shape.
func Overhand(o Options) ([]vec.V3, error) {
	return braidLayout("overhand", o, []braidKnot{{2, wordOverhand}})
}

// FigureEight lays a loose figure-eight knot (4_1, 4 crossings: the closure of (σ1σ2⁻¹)²) in
// the middle of the rope, tails straight along −x and +x on the line y = z = 0.
func FigureEight(o Options) ([]vec.V3, error) {
	return braidLayout("figure-eight", o, []braidKnot{{3, wordFigureEight}})
}

// OverhandThenFigureEight lays a loose overhand knot and, further along +x, a loose
// figure-eight knot on one rope (Brown et al. 2004, Fig. 7), tails along −x and +x.
func OverhandThenFigureEight(o Options) ([]vec.V3, error) {
	return braidLayout("overhand+figure-eight", o, []braidKnot{{2, wordOverhand}, {3, wordFigureEight}})
}

// Granny lays a loose granny knot as a long knot: two overhand knots of the same handedness
// one after the other along x (the connected sum of two equal trefoils).
func Granny(o Options) ([]vec.V3, error) {
	return braidLayout("granny", o, []braidKnot{{2, wordOverhand}, {2, wordOverhand}})
}

// Square lays a loose square (reef) knot as a long knot: an overhand knot followed by its
// mirror image along x (the connected sum of a trefoil and its mirror).
func Square(o Options) ([]vec.V3, error) {
	return braidLayout("square", o, []braidKnot{{2, wordOverhand}, {2, wordOverhandMir}})
}
