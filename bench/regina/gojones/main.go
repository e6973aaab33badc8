// Command gojones is knotsim's half of the Regina benchmark (bench/regina/run.sh).
//
//	gojones -emit inputs.json   writes the inputs: the 2,176 12-crossing knots of the table
//	                            (pd_notation), the torus knots T(2,15), T(2,25), T(2,41) and 5
//	                            random 30–60-crossing diagrams of confined random walks (seed 1)
//	gojones -time inputs.json   times invariant.Jones (and invariant.Bracket) on every group,
//	                            one JSON line per group
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"time"

	"github.com/knotsim/knotsim/knot/diagram"
	"github.com/knotsim/knotsim/knot/invariant"
	"github.com/knotsim/knotsim/knot/pd"
	"github.com/knotsim/knotsim/knot/table"
	"github.com/knotsim/knotsim/vec"
)

// Group is a named set of PD codes, timed together.
type Group struct {
	Name  string     `json:"name"`
	Knots [][][4]int `json:"knots"`
}

// Timing is one output line.
type Timing struct {
	Side      string  `json:"side"`
	Group     string  `json:"group"`
	Knots     int     `json:"knots"`
	Crossings string  `json:"crossings"`
	Reps      int     `json:"reps"`
	JonesSec  float64 `json:"jones_s"`   // one pass over the group, best of Reps
	BracketS  float64 `json:"bracket_s"` // one pass over the group, best of Reps
	Checksum  int64   `json:"checksum"`  // Σ coefficient × exponent² of the Jones polynomials, to compare sides
}

func main() {
	emit := flag.String("emit", "", "write the inputs to this JSON file")
	timeIn := flag.String("time", "", "time knotsim on the inputs in this JSON file")
	minTime := flag.Duration("mintime", time.Second, "repeat each group for at least this long")
	flag.Parse()
	switch {
	case *emit != "":
		data, err := json.Marshal(inputs())
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*emit, data, 0o644); err != nil {
			log.Fatal(err)
		}
	case *timeIn != "":
		data, err := os.ReadFile(*timeIn)
		if err != nil {
			log.Fatal(err)
		}
		var groups []Group
		if err := json.Unmarshal(data, &groups); err != nil {
			log.Fatal(err)
		}
		enc := json.NewEncoder(os.Stdout)
		for _, g := range groups {
			if err := enc.Encode(timeGroup(g, *minTime)); err != nil {
				log.Fatal(err)
			}
		}
	default:
		flag.Usage()
		os.Exit(2)
	}
}

func toPD(k [][4]int) pd.Code {
	var c pd.Code
	for _, x := range k {
		c.X = append(c.X, pd.X(x))
	}
	return c
}

func fromPD(c pd.Code) [][4]int {
	out := make([][4]int, len(c.X))
	for i, x := range c.X {
		out[i] = x
	}
	return out
}

func crossingRange(g Group) string {
	lo, hi := math.MaxInt, 0
	for _, k := range g.Knots {
		lo, hi = min(lo, len(k)), max(hi, len(k))
	}
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d–%d", lo, hi)
}

func timeGroup(g Group, minTime time.Duration) Timing {
	codes := make([]pd.Code, len(g.Knots))
	for i, k := range g.Knots {
		codes[i] = toPD(k)
		if err := codes[i].Validate(); err != nil {
			log.Fatalf("%s #%d: %v", g.Name, i, err)
		}
	}
	t := Timing{Side: "knotsim", Group: g.Name, Knots: len(codes), Crossings: crossingRange(g)}
	for _, c := range codes {
		v, err := invariant.Jones(c)
		if err != nil {
			log.Fatalf("%s: %v", g.Name, err)
		}
		for i, x := range v.C {
			e := int64(v.Min + i)
			t.Checksum += x * e * e
		}
	}
	best := func(f func()) (float64, int) {
		b, reps := math.Inf(1), 0
		start := time.Now()
		for reps < 3 || time.Since(start) < minTime {
			t0 := time.Now()
			f()
			b = min(b, time.Since(t0).Seconds())
			reps++
		}
		return b, reps
	}
	t.JonesSec, t.Reps = best(func() {
		for _, c := range codes {
			if _, err := invariant.Jones(c); err != nil {
				log.Fatal(err)
			}
		}
	})
	t.BracketS, _ = best(func() {
		for _, c := range codes {
			invariant.Bracket(c)
		}
	})
	return t
}

func inputs() []Group {
	var twelve [][][4]int
	for _, k := range table.All() {
		if k.Crossings == 12 {
			twelve = append(twelve, fromPD(k.PD))
		}
	}
	groups := []Group{{Name: "table 12-crossing", Knots: twelve}}
	for _, n := range []int{15, 25, 41} {
		groups = append(groups, Group{Name: fmt.Sprintf("T(2,%d)", n), Knots: [][][4]int{fromPD(pd.Torus2(n))}})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var walks [][][4]int
	for len(walks) < 5 {
		pts := confinedWalk(rng, 40+rng.IntN(21), 1.6+0.8*rng.Float64())
		_, c, err := diagram.FindDirection([][]vec.V3{pts}, rng)
		if err != nil {
			log.Fatal(err)
		}
		if c.Loops == 0 && len(c.X) >= 30+6*len(walks) && len(c.X) <= 36+6*len(walks) {
			walks = append(walks, fromPD(c))
		}
	}
	for i, w := range walks {
		groups = append(groups, Group{Name: fmt.Sprintf("random walk #%d", i+1), Knots: [][][4]int{w}})
	}
	return groups
}

// confinedWalk returns a closed polygon: n unit steps of a random walk from the origin, each
// step redrawn (up to 100 times) until it stays within radius r (as in knot/regina_test.go).
func confinedWalk(rng *rand.Rand, n int, r float64) []vec.V3 {
	pts := make([]vec.V3, 0, n)
	p := vec.V3{}
	pts = append(pts, p)
	for len(pts) < n {
		var q vec.V3
		for range 100 {
			z := 2*rng.Float64() - 1
			phi := 2 * math.Pi * rng.Float64()
			s := math.Sqrt(1 - z*z)
			q = vec.V3{X: p.X + s*math.Cos(phi), Y: p.Y + s*math.Sin(phi), Z: p.Z + z}
			if q.X*q.X+q.Y*q.Y+q.Z*q.Z <= r*r {
				break
			}
		}
		p = q
		pts = append(pts, p)
	}
	return pts
}
