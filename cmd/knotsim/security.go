package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/knotsim/knotsim/scene"
)

// securityThesis is the μ at which each bend came apart in the thesis (seed 003 §4.2.2): the
// reef "starts to dissolve" at 0.45, the granny dissolves at 0.45, the thief clearly at 0.65,
// the grief at 0.55; the surgeon's knot was not tested.
var securityThesis = map[string]string{"reef": "0.45", "granny": "0.45", "thief": "0.65", "grief": "0.55", "surgeons": "—"}

// securityPatil is what we could find of Patil et al. 2020 (Science 367:71, "Topological
// mechanics of knots and tangles") for each bend: no critical μ, only the ordering. Sources:
// V. P. Patil and J. Dunkel, "Topological Knot Mechanics", SIAM News 2020 ("the granny knot
// slips and unravels easily when pulled, whereas the reef knot is more secure"); their code
// and initial conditions (github.com/vppatil28/knot_simulation, bend_knots.m) simulate reef,
// thief, granny and grief. Their ranking of thief and grief was not in the text we could
// read, so it is left open here rather than guessed.
var securityPatil = map[string]string{
	"reef":     "more secure than granny",
	"granny":   "slips more easily than reef",
	"thief":    "—",
	"grief":    "—",
	"surgeons": "—",
}

// SecurityRun is one μ of one knot: set without friction (scene.SecuritySetMu) with the tails
// held, then held for -hold at μ under the two forces.
type SecurityRun struct {
	Mu      float64 `json:"mu"`
	Slipped bool    `json:"slipped"`
	Drift   float64 `json:"drift_m"` // how far the loaded points moved apart from the release on (until the slip was seen), m
	StartAt float64 `json:"start_m"` // their distance just before the tails were let go, m
	Cycles  int     `json:"cycles"`  // cycles simulated
	Error   string  `json:"error,omitempty"`
}

// SecurityRow is one knot of `knotsim security`.
type SecurityRow struct {
	Knot        string        `json:"knot"`
	HighestSlip *float64      `json:"highest_slip_mu"` // the largest μ at which it slipped; null: none
	LowestHold  *float64      `json:"lowest_hold_mu"`  // the smallest μ at which it held; null: none
	Thesis      string        `json:"thesis_slip_mu"`
	Patil       string        `json:"patil_2020"`
	Runs        []SecurityRun `json:"runs"`
}

// securityOpts are a sweep's settings.
type securityOpts struct {
	solver     string
	hold, dt   float64 // s; dt 0: the scenes'
	iterations int     // implicit's contact iterations; 0: its default
}

// SecurityReport is the whole sweep.
type SecurityReport struct {
	Solver     string        `json:"solver"`
	Hold       float64       `json:"hold_s"`
	Tighten    float64       `json:"tighten_s"`
	SetMu      float64       `json:"set_mu"` // friction while the knot is set
	Force      float64       `json:"force_n"`
	SlipAt     float64       `json:"slip_threshold_m"` // one diameter
	Dt         float64       `json:"dt_s"`
	Iterations int           `json:"iterations,omitempty"` // the implicit solver's contact iterations, if set
	Workers    int           `json:"workers"`
	WallTime   float64       `json:"wall_s"`
	Rows       []SecurityRow `json:"rows"`
}

func cmdSecurity(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("security", flag.ContinueOnError)
	fs.SetOutput(stderr)
	solverF := fs.String("solver", "pbd", "physical solver: "+strings.Join(scene.PhysicalSolverTypes, ", "))
	asJSON := fs.Bool("json", false, "print the report as JSON")
	muFrom := fs.Float64("mu-from", 0.95, "first (largest) friction coefficient μ, in (0, 2]")
	muStep := fs.Float64("mu-step", 0.05, "step between μ values, > 0")
	muTo := fs.Float64("mu-to", 0.05, "smallest μ, in (0, mu-from]")
	knotsF := fs.String("knots", strings.Join(scene.SecurityKnots, ","), "comma-separated knots: "+strings.Join(scene.SecurityKnots, ", "))
	hold := fs.Duration("hold", 2*time.Second, "simulated time each μ is held under the forces after the knot is set")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "runs at once (default GOMAXPROCS)")
	dt := fs.Duration("dt", 0, "time step (default the scenes' 1ms): the slip μ should not move when it halves")
	iters := fs.Int("iterations", 0, "contact iterations of the implicit solver (default its own): the slip μ should not move when they double")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if !slices.Contains(scene.PhysicalSolverTypes, *solverF) {
		return fmt.Errorf("-solver %q: not a physical solver (%s)", *solverF, strings.Join(scene.PhysicalSolverTypes, ", "))
	}
	if !(*muFrom > 0 && *muFrom <= 2) {
		return fmt.Errorf("-mu-from %v: must be in (0, 2]", *muFrom)
	}
	if !(*muStep > 0) || math.IsInf(*muStep, 0) {
		return fmt.Errorf("-mu-step %v: must be positive", *muStep)
	}
	if !(*muTo > 0 && *muTo <= *muFrom) {
		return fmt.Errorf("-mu-to %v: must be in (0, -mu-from = %v]", *muTo, *muFrom)
	}
	if *hold <= 0 || *hold > time.Hour {
		return fmt.Errorf("-hold %v: must be in (0, 1h]", *hold)
	}
	if *dt < 0 || *dt > 10*time.Millisecond {
		return fmt.Errorf("-dt %v: must be in (0, 10ms]", *dt)
	}
	if *iters < 0 || *iters > scene.MaxImplicitIters {
		return fmt.Errorf("-iterations %d: must be in [1, %d] (0 or unset: the solver's default)", *iters, scene.MaxImplicitIters)
	}
	if *iters > 0 && *solverF != "implicit" {
		return fmt.Errorf("-iterations: only the implicit solver takes it (-solver %s)", *solverF)
	}
	if *workers < 1 {
		return fmt.Errorf("-workers %d: must be at least 1", *workers)
	}
	var knots []string
	for _, k := range strings.Split(*knotsF, ",") {
		k = strings.TrimSpace(k)
		if !slices.Contains(scene.SecurityKnots, k) {
			return fmt.Errorf("-knots: %q is not one of %s", k, strings.Join(scene.SecurityKnots, ", "))
		}
		knots = append(knots, k)
	}
	var mus []float64
	for i := 0; ; i++ {
		mu := math.Round((*muFrom-float64(i)**muStep)*1e9) / 1e9
		if mu < *muTo-1e-9 || mu <= 0 {
			break
		}
		mus = append(mus, mu)
	}
	opt := securityOpts{solver: *solverF, hold: hold.Seconds(), dt: dt.Seconds(), iterations: *iters}
	rep := SecurityReport{Solver: *solverF, Hold: hold.Seconds(), Tighten: scene.SecurityTighten, SetMu: scene.SecuritySetMu, Force: scene.SecurityForce,
		SlipAt: 2 * scene.SecurityRadius, Workers: *workers, Dt: scene.SecurityDt, Iterations: *iters}
	if opt.dt > 0 {
		rep.Dt = opt.dt
	}
	start := time.Now()
	rep.Rows = securitySweep(knots, mus, opt, *workers)
	rep.WallTime = time.Since(start).Seconds()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	printSecurity(stdout, &rep)
	for _, r := range rep.Rows {
		for _, run := range r.Runs {
			if run.Error != "" {
				return errors.New("some runs failed (see the table)")
			}
		}
	}
	return nil
}

// securitySweep runs every (knot, μ) on a pool of workers; results come back in order.
func securitySweep(knots []string, mus []float64, opt securityOpts, workers int) []SecurityRow {
	rows := make([]SecurityRow, len(knots))
	for i, k := range knots {
		rows[i] = SecurityRow{Knot: k, Thesis: securityThesis[k], Patil: securityPatil[k], Runs: make([]SecurityRun, len(mus))}
	}
	type job struct{ k, m int }
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rows[j.k].Runs[j.m] = securityRun(knots[j.k], mus[j.m], opt)
			}
		}()
	}
	for k := range knots {
		for m := range mus {
			jobs <- job{k, m}
		}
	}
	close(jobs)
	wg.Wait()
	for i := range rows {
		for _, run := range rows[i].Runs {
			if run.Error != "" {
				continue
			}
			mu := run.Mu
			if run.Slipped && (rows[i].HighestSlip == nil || mu > *rows[i].HighestSlip) {
				rows[i].HighestSlip = &mu
			}
			if !run.Slipped && (rows[i].LowestHold == nil || mu < *rows[i].LowestHold) {
				rows[i].LowestHold = &mu
			}
		}
	}
	return rows
}

// securityRun sets the knot without friction (scene.SecuritySetMu) with its tails held, lets
// the tails go at μ = mu and holds for hold seconds; it slips when the loaded points move apart
// by more than one diameter beyond their distance just before the release (the run stops
// there).
func securityRun(knot string, mu float64, opt securityOpts) SecurityRun {
	run := SecurityRun{Mu: mu}
	sc, err := scene.SecurityScene(knot, mu, opt.solver)
	if err == nil {
		sc.Duration = scene.SecurityTighten + opt.hold
		if opt.dt > 0 {
			sc.Dt = opt.dt
		}
		sc.Solver.Iterations = opt.iterations
		var sim *scene.Sim
		sim, err = scene.Build(sc, scene.BuildOptions{})
		if err == nil {
			err = holdKnot(sim, &run)
		}
	}
	if err != nil {
		run.Error = err.Error()
	}
	return run
}

func holdKnot(sim *scene.Sim, run *SecurityRun) error {
	w := sim.World
	a, b := sim.Scene.Tools[2].Node, sim.Scene.Tools[3].Node
	release := *sim.Scene.Tools[0].Release
	limit := 2 * scene.SecurityRadius
	held := false
	for !sim.Done() {
		if !held && w.Time+w.Dt >= release {
			// The coming cycle lets the tails go (Sim.Step: a tool holds while t < release) and
			// ends the rope's set_friction: it and every later one run at μ, and the drift
			// counts the release's own jump.
			run.StartAt = w.State.Pos[a].Dist(w.State.Pos[b])
			held = true
		}
		if err := sim.Step(); err != nil {
			run.Cycles = w.Cycle
			return fmt.Errorf("cycle %d (t = %.3f s): %w", w.Cycle, w.Time, err)
		}
		if held {
			run.Drift = math.Max(run.Drift, w.State.Pos[a].Dist(w.State.Pos[b])-run.StartAt)
			if run.Drift > limit {
				run.Slipped = true
				run.Cycles = w.Cycle
				return nil
			}
		}
	}
	run.Cycles = w.Cycle
	return nil
}

func printSecurity(w io.Writer, rep *SecurityReport) {
	its := ""
	if rep.Iterations > 0 {
		its = fmt.Sprintf(", %d contact iterations", rep.Iterations)
	}
	fmt.Fprintf(w, "knot security (seed 003 §4.2.2): solver %s (h = %g ms%s), %g N on each standing part, set %g s at μ = %g with the tails held, then %g s at μ; slips = the loaded points separate by > %g mm\n\n",
		rep.Solver, rep.Dt*1e3, its, rep.Force, rep.Tighten, rep.SetMu, rep.Hold, rep.SlipAt*1e3)
	opt := func(p *float64) string {
		if p == nil {
			return "—"
		}
		return fmt.Sprintf("%.2f", *p)
	}
	fmt.Fprintf(w, "%-9s  %-14s  %-15s  %-14s  %s\n", "knot", "slips at (max)", "holds to (min)", "thesis slips", "Patil et al. 2020")
	for _, r := range rep.Rows {
		fmt.Fprintf(w, "%-9s  %-14s  %-15s  %-14s  %s\n", r.Knot, opt(r.HighestSlip), opt(r.LowestHold), r.Thesis, r.Patil)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "runs (μ: held / SLIPPED, the loaded points' drift in mm):")
	for _, r := range rep.Rows {
		var b strings.Builder
		for _, run := range r.Runs {
			switch {
			case run.Error != "":
				fmt.Fprintf(&b, " %.2f: ERROR %s;", run.Mu, run.Error)
			case run.Slipped:
				fmt.Fprintf(&b, " %.2f: SLIPPED %.2f;", run.Mu, run.Drift*1e3)
			default:
				fmt.Fprintf(&b, " %.2f: held %.2f;", run.Mu, run.Drift*1e3)
			}
		}
		fmt.Fprintf(w, "  %-9s%s\n", r.Knot, strings.TrimSuffix(b.String(), ";"))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "thesis: the μ at which each knot dissolved (seed 003 §4.2.2). Patil et al. 2020 (Science 367:71) give no critical μ;")
	fmt.Fprintln(w, "their ordering as found: reef more secure than granny (V. P. Patil, J. Dunkel, \"Topological Knot Mechanics\", SIAM News 2020).")
	fmt.Fprintf(w, "wall time %.1f s on %d workers\n", rep.WallTime, rep.Workers)
}
