package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/knotsim/knotsim/knot"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// BenchRow is one line of `knotsim bench`.
type BenchRow struct {
	Links        int     `json:"links"`
	Scenario     string  `json:"scenario"`
	Knot         string  `json:"knot"`
	Identified   string  `json:"identified"` // the knot package's name for the rope at the start of the measurement
	Solver       string  `json:"solver"`
	Broadphase   string  `json:"broadphase"`
	Cycles       int     `json:"cycles"`
	CyclesPerSec float64 `json:"cycles_per_s"`
	UsPerCycle   float64 `json:"us_per_cycle"`
	UsFTL        float64 `json:"us_ftl"`
	UsCluster    float64 `json:"us_cluster"` // cluster motion, length relaxation and motion cap
	UsRefit      float64 `json:"us_refit"`
	UsDetect     float64 `json:"us_detect"`
	UsRespond    float64 `json:"us_respond"`
	Contacts     float64 `json:"contacts_avg"`
	Clusters     float64 `json:"clusters_avg"`
	Passes       float64 `json:"passes_avg"`
	AllocsPerCyc float64 `json:"allocs_per_cycle"`
	WorstOverR   float64 `json:"worst_overlap_over_r"`
}

func cmdBench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	linksF := fs.String("links", "50,200,1000,5000", "comma-separated rope sizes (links)")
	bpF := fs.String("broadphase", "bvh,aabb,grid", "comma-separated broad phases (bvh, aabb, grid, brute)")
	scenF := fs.String("scenario", "loose,knotted", "comma-separated scenarios: loose, knotted, coil (a helix whose turns touch: self-contact everywhere)")
	solF := fs.String("solver", "ftl", "comma-separated solvers: "+strings.Join(scene.SolverTypes, ", "))
	cycles := fs.Int("cycles", 2000, "measured cycles per row")
	asJSON := fs.Bool("json", false, "print JSON lines instead of a table")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *cycles < 1 || *cycles > 10_000_000 {
		return fmt.Errorf("-cycles %d: must be in 1..10000000", *cycles)
	}
	var sizes []int
	for _, f := range strings.Split(*linksF, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 20 || n > 100_000 {
			return fmt.Errorf("-links: %q must be an integer in 20..100000", f)
		}
		sizes = append(sizes, n)
	}
	bps := strings.Split(*bpF, ",")
	for _, b := range bps {
		if !contains(scene.Broadphases, b) {
			return fmt.Errorf("-broadphase: %q is not one of %s", b, strings.Join(scene.Broadphases, ", "))
		}
	}
	scens := strings.Split(*scenF, ",")
	for _, s := range scens {
		if s != "loose" && s != "knotted" && s != "coil" {
			return fmt.Errorf("-scenario: %q is not loose, knotted or coil", s)
		}
	}
	sols := strings.Split(*solF, ",")
	for _, s := range sols {
		if !contains(scene.SolverTypes, s) {
			return fmt.Errorf("-solver: %q is not one of %s", s, strings.Join(scene.SolverTypes, ", "))
		}
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "knotsim bench: %s, %s/%s, GOMAXPROCS %d, one physics goroutine, %d measured cycles per row\n\n",
			runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), *cycles)
		fmt.Fprintln(stdout, "| links | scenario | knot (identified) | solver | broad phase | cycles/s | µs/cycle | solve | cluster+relax | refit | detect | respond | contacts | clusters | passes/substeps | allocs/cycle | worst overlap/R |")
		fmt.Fprintln(stdout, "|---:|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	}
	for _, n := range sizes {
		for _, sc := range scens {
			for _, sol := range sols {
				for _, bp := range bps {
					row, err := benchRow(n, sc, sol, bp, *cycles)
					if err != nil {
						return fmt.Errorf("%d links, %s, %s, %s: %w", n, sc, sol, bp, err)
					}
					if *asJSON {
						b, _ := json.Marshal(row)
						fmt.Fprintln(stdout, string(b))
						continue
					}
					fmt.Fprintf(stdout, "| %d | %s | %s (%s) | %s | %s | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | %.3f |\n",
						row.Links, row.Scenario, row.Knot, row.Identified, row.Solver, row.Broadphase, row.CyclesPerSec, row.UsPerCycle, row.UsFTL, row.UsCluster,
						row.UsRefit, row.UsDetect, row.UsRespond, row.Contacts, row.Clusters, row.Passes, row.AllocsPerCyc, row.WorstOverR)
				}
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// benchScene returns the scene of a benchmark row: a loose rope (a gentle wave held at both
// ends) or a knot pulled tight (7_1 from its torus-knot curve; the trefoil for ropes too short
// for 7_1; a thinner one, R = 0.3·link, below 66 links).
func benchScene(n int, scenario string) (*scene.Scene, string) {
	const link, r = 0.01, 0.005
	s := &scene.Scene{Name: "bench", Dt: 0.001, Duration: 1}
	rp := scene.Rope{Links: n, LinkLength: link, Radius: r}
	knot := "none"
	switch scenario {
	case "coil":
		// A helix of radius 3 cm whose turns touch (pitch 2.05 R): every turn presses on the
		// next, so self-contacts are everywhere.
		var pts []scene.Vec
		const rad, pitch = 0.03, 2.05 * r
		turns := float64(n) * link / (2 * math.Pi * rad)
		for i := 0; i <= 40*int(math.Ceil(turns)+1); i++ {
			a := 2 * math.Pi * float64(i) / 40
			pts = append(pts, scene.Vec{rad * math.Cos(a), rad * math.Sin(a), pitch * a / (2 * math.Pi)})
		}
		rp.Layout = scene.Layout{Type: scene.LayoutPoints, Points: pts}
		knot = "coil"
	case "loose":
		var pts []scene.Vec
		for i := 0; i <= 200; i++ {
			x := float64(i) / 200 * float64(n) * link * 0.8
			pts = append(pts, scene.Vec{x, 0.1 * math.Sin(x/0.15), 0.05 * math.Cos(x/0.23)})
		}
		rp.Layout = scene.Layout{Type: scene.LayoutPoints, Points: pts}
	default:
		if n >= 200 {
			rp.Layout = scene.Layout{Type: scene.LayoutTorusKnot, P: 2, Q: 7}
			knot = "7_1"
		} else {
			rp.Layout = scene.Layout{Type: scene.LayoutOverhand}
			knot = "3_1"
			if n < 66 {
				rp.Radius = 0.003 // a loose trefoil of R = link/2 needs 66 links
			}
		}
	}
	s.Ropes = []scene.Rope{rp}
	return s, knot
}

func benchRow(n int, scenario, sol, bp string, cycles int) (BenchRow, error) {
	sc, knotName := benchScene(n, scenario)
	sim, err := scene.Build(sc, scene.BuildOptions{Broadphase: bp, Solver: sol}) // no scripted tools: driven below
	if err != nil {
		return BenchRow{}, err
	}
	w := sim.World
	r := w.State.Strands[0].Radius
	last := w.State.Strands[0].Nodes - 1
	// Two tools hold the ends. Knotted: they pull along the tails (away from each other) until
	// the knot is tight — the ends stop moving because the stretch guard holds them — at most
	// 20000 cycles.
	tail := w.State.Pos[0].Sub(w.State.Pos[last]).Unit()
	far := float64(n) * w.State.Strands[0].Link
	w.AddTool(world.Tool{Name: "left", Node: 0, Target: w.State.Pos[0], Active: true})
	w.AddTool(world.Tool{Name: "right", Node: last, Target: w.State.Pos[last], Active: true})
	if scenario == "knotted" {
		w.Tools[0].Target = w.State.Pos[0].Add(tail.Scale(far))
		w.Tools[1].Target = w.State.Pos[last].Sub(tail.Scale(far))
		prevSpan := -1.0
		for c := 0; c < 20000; c++ {
			if err := w.Step(); err != nil {
				return BenchRow{}, err
			}
			if c%500 == 499 {
				span := w.State.Pos[0].Dist(w.State.Pos[last])
				if span-prevSpan < 0.2*r {
					break
				}
				prevSpan = span
			}
		}
	}
	id, err := knot.Identify(w.State.Pos, knot.Options{})
	if err != nil {
		return BenchRow{}, err
	}
	// Measure: both tools keep the rope in motion (circles of radius 2R at the ends); for a
	// knot they also keep pulling.
	base := make([]vec.V3, len(w.Tools))
	for i := range w.Tools {
		base[i] = w.State.Pos[w.Tools[i].Node]
	}
	row := BenchRow{Links: n, Scenario: scenario, Knot: knotName, Identified: id.Short, Solver: sol, Broadphase: bp, Cycles: cycles}
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	start := time.Now()
	worst := 0.0
	for c := 0; c < cycles; c++ {
		a := 2 * math.Pi * float64(c) / 500
		for i := range w.Tools {
			off := vec.V3{Y: 2 * r * math.Sin(a), Z: 2 * r * (1 - math.Cos(a))}
			if scenario == "knotted" {
				// Keep pulling: the tools aim 10R beyond the ends, so the knot stays under
				// tension and in contact (the stretch guard holds the tools back).
				off = off.Add(tail.Scale(10 * r))
			}
			if i == 1 {
				off = off.Scale(-1)
			}
			w.Tools[i].Target = base[i].Add(off)
			w.Tools[i].Active = true
		}
		if err := w.Step(); err != nil {
			return row, err
		}
		s := &w.Last
		row.UsFTL += float64(s.NsSolve)
		row.UsCluster += float64(s.NsCluster)
		row.UsRefit += float64(s.NsRefit)
		row.UsDetect += float64(s.NsDetect)
		row.UsRespond += float64(s.NsRespond)
		row.Contacts += float64(s.Contacts)
		row.Clusters += float64(s.Clusters)
		row.Passes += float64(s.Iterations)
		if !math.IsInf(s.MinSelfGap, 1) {
			worst = math.Max(worst, -s.MinSelfGap)
		}
	}
	el := time.Since(start)
	runtime.ReadMemStats(&ms1)
	k := float64(cycles)
	row.CyclesPerSec = k / el.Seconds()
	row.UsPerCycle = el.Seconds() * 1e6 / k
	row.UsFTL /= k * 1e3
	row.UsCluster /= k * 1e3
	row.UsRefit /= k * 1e3
	row.UsDetect /= k * 1e3
	row.UsRespond /= k * 1e3
	row.Contacts /= k
	row.Clusters /= k
	row.Passes /= k
	row.AllocsPerCyc = float64(ms1.Mallocs-ms0.Mallocs) / k
	row.WorstOverR = worst / r
	return row, nil
}
