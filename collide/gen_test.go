package collide

import (
	"math"
	"math/rand/v2"

	"github.com/knotsim/knotsim/rope"
	"github.com/knotsim/knotsim/vec"
)

// randUnit returns a uniformly distributed unit vector.
func randUnit(rng *rand.Rand) vec.V3 {
	for {
		v := vec.V3{X: 2*rng.Float64() - 1, Y: 2*rng.Float64() - 1, Z: 2*rng.Float64() - 1}
		if n2 := v.Norm2(); n2 > 1e-6 && n2 <= 1 {
			return v.Scale(1 / math.Sqrt(n2))
		}
	}
}

// walk returns links+1 nodes of a random walk with the given link length starting at p.
// persistence in [0,1) keeps the direction smooth (0: independent steps). If box > 0 the walk
// is kept inside the cube [−box, box]³ by reflecting the step direction, which crumples it.
func walk(rng *rand.Rand, p vec.V3, links int, link, persistence, box float64) []vec.V3 {
	pts := make([]vec.V3, 0, links+1)
	pts = append(pts, p)
	d := randUnit(rng)
	for i := 0; i < links; i++ {
		d = d.Scale(persistence).Add(randUnit(rng).Scale(1 - persistence)).Unit()
		if d == (vec.V3{}) {
			d = randUnit(rng)
		}
		q := p.Add(d.Scale(link))
		if box > 0 {
			if math.Abs(q.X) > box {
				d.X = -d.X
			}
			if math.Abs(q.Y) > box {
				d.Y = -d.Y
			}
			if math.Abs(q.Z) > box {
				d.Z = -d.Z
			}
			q = p.Add(d.Scale(link))
		}
		p = q
		pts = append(pts, p)
	}
	return pts
}

// ball returns links+1 nodes of a random walk confined to a ball of radius rad around the
// origin (steps that would leave it are redrawn), a rope compressed into a ball.
func ball(rng *rand.Rand, links int, link, rad float64) []vec.V3 {
	pts := make([]vec.V3, 0, links+1)
	p := vec.V3{}
	pts = append(pts, p)
	for i := 0; i < links; i++ {
		var q vec.V3
		for try := 0; ; try++ {
			q = p.Add(randUnit(rng).Scale(link))
			if q.Norm() <= rad || try > 50 {
				break
			}
		}
		p = q
		pts = append(pts, p)
	}
	return pts
}

// addStrand adds a strand or panics (test inputs are valid by construction).
func addStrand(st *rope.State, r, link float64, pts []vec.V3) {
	if _, err := st.Add(rope.Spec{Radius: r, Link: link, Pos: pts}); err != nil {
		panic(err)
	}
}

// randomState returns a random test configuration; kind selects the family.
func randomState(rng *rand.Rand, kind int) *rope.State {
	st := &rope.State{}
	strands := 1 + rng.IntN(3)
	for k := 0; k < strands; k++ {
		links := 1 + rng.IntN(300)
		r := 0.5
		if rng.IntN(2) == 0 {
			r = 0.05 + 0.55*rng.Float64()
		}
		start := vec.V3{X: 4 * rng.NormFloat64(), Y: 4 * rng.NormFloat64(), Z: 4 * rng.NormFloat64()}
		var pts []vec.V3
		switch kind % 6 {
		case 0: // free random walk
			pts = walk(rng, start, links, 1, 0, 0)
		case 1: // smooth wandering
			pts = walk(rng, start, links, 1, 0.8, 0)
		case 2: // crumpled into a small box
			pts = walk(rng, vec.V3{}, links, 1, 0.3, 0.5+math.Cbrt(float64(links))*0.9)
		case 3: // compressed ball
			pts = ball(rng, links, 1, 1+math.Cbrt(float64(links))*1.1)
		case 4: // exactly touching: straight parallel strands one diameter apart, on a lattice
			r = 0.5
			off := float64(k)
			pts = make([]vec.V3, links+1)
			for i := range pts {
				pts[i] = vec.V3{X: float64(i % 7), Y: off, Z: float64(i / 7)}
			}
		case 5: // duplicate nodes and coincident strands
			pts = walk(rng, vec.V3{}, links, 1, 0.2, 2)
			for i := 1; i < len(pts); i++ {
				if rng.IntN(4) == 0 {
					pts[i] = pts[i-1] // zero-length segment
				}
			}
			if k > 0 && rng.IntN(2) == 0 {
				pts = append([]vec.V3(nil), st.Pos[st.Strands[0].First:st.Strands[0].First+st.Strands[0].Nodes]...)
			}
		}
		addStrand(st, r, 1, pts)
	}
	return st
}

// jiggle moves every node by up to amp in each coordinate and, with a drift, the whole rope.
func jiggle(rng *rand.Rand, st *rope.State, amp float64) {
	drift := randUnit(rng).Scale(amp * 3 * rng.Float64())
	for i := range st.Pos {
		st.Pos[i] = st.Pos[i].Add(drift).Add(vec.V3{
			X: amp * (2*rng.Float64() - 1), Y: amp * (2*rng.Float64() - 1), Z: amp * (2*rng.Float64() - 1)})
	}
}

// loose returns a smooth random wandering rope of n links (few contacts).
func looseState(seed uint64, n int) *rope.State {
	rng := rand.New(rand.NewPCG(seed, 1))
	st := &rope.State{}
	addStrand(st, 0.5, 1, walk(rng, vec.V3{}, n, 1, 0.9, 0))
	return st
}

// tightState returns a rope of n links compressed into a ball (many contacts): the ball holds
// the rope at about 35 % volume fraction.
func tightState(seed uint64, n int) *rope.State {
	rng := rand.New(rand.NewPCG(seed, 2))
	vol := float64(n) * math.Pi * 0.25 / 0.35
	rad := math.Cbrt(vol * 3 / (4 * math.Pi))
	st := &rope.State{}
	addStrand(st, 0.5, 1, ball(rng, n, 1, rad))
	return st
}
