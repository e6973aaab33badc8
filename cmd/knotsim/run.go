package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/knotsim/knotsim/collide"
	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

var errUsage = errors.New("usage")

// loadScene reads a scene file, or a built-in scene when arg names one and no such file exists.
func loadScene(arg string) (*scene.Scene, error) {
	if sc, err := scene.Builtin(arg); err == nil {
		if _, statErr := os.Stat(arg); statErr != nil {
			return sc, nil
		}
	}
	f, err := os.Open(arg)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%q is neither a scene file nor a built-in scene (built-ins: %s)", arg, strings.Join(scene.BuiltinNames(), ", "))
		}
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, scene.MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	sc, err := scene.Parse(data)
	if err != nil {
		return nil, err
	}
	sc.ResolvePaths(filepath.Dir(arg)) // mesh files are named relative to the scene file
	return sc, nil
}

// Report is what `knotsim run` prints at the end, also as JSON with -json.
type Report struct {
	Scene            string          `json:"scene"`
	Broadphase       string          `json:"broadphase"`
	Links            int             `json:"links"`
	Radius           float64         `json:"radius_m"`
	Cycles           int             `json:"cycles"`
	SimTime          float64         `json:"sim_time_s"`
	WallTime         float64         `json:"wall_time_s"`
	CyclesPerSecond  float64         `json:"cycles_per_s"`
	Contacts         int             `json:"contacts_final"`
	ContactsMax      int             `json:"contacts_max"`
	Clusters         int             `json:"clusters_final"`
	ClustersMax      int             `json:"clusters_max"`
	MinSelfDist      float64         `json:"min_segment_distance_m"` // axis distance, final state; +Inf → null
	WorstSelfOverlap float64         `json:"worst_self_overlap_m"`
	WorstSelfOverR   float64         `json:"worst_self_overlap_over_r"`
	WorstObsOverlap  float64         `json:"worst_obstacle_overlap_m"`
	LengthDriftMax   float64         `json:"length_drift_max"`
	LengthDrift      float64         `json:"length_drift_final"`
	LagMax           float64         `json:"tool_lag_max_m"`
	Rollbacks        int             `json:"rollbacks"`            // cycles the solver undid and redid with the tools held (an overlap it could not part)
	Knots            []string        `json:"knots"`                // per rope, KnotInfo names ("m": mirror image of the table's diagram)
	KnotNames        []string        `json:"knot_details"`         // per rope, the readable name and invariants
	KnotLinks        []string        `json:"knot_links,omitempty"` // each rope with each ring: the link they form
	Live             int             `json:"live_identifications"`
	LiveLast         []string        `json:"live_last,omitempty"` // the identifier goroutine's last answer during the run
	Solver           string          `json:"solver"`
	Tools            []ToolReport    `json:"tools"`
	Tissues          []TissueReport  `json:"tissues,omitempty"`
	Meshes           []MeshReport    `json:"meshes,omitempty"`
	Sutures          []SutureReport  `json:"sutures,omitempty"`
	Forceps          []ForcepsReport `json:"forceps,omitempty"`
	Needles          []NeedleReport  `json:"needles,omitempty"`
}

// NeedleReport is one needle of a Report, at the end of the run.
type NeedleReport struct {
	Name       string     `json:"name"`
	Sutures    int        `json:"sutures_made"`
	Waiting    int        `json:"bites_waiting"` // bites of its tip not yet followed by the thread (world.Needle.Waiting)
	FinalForce [3]float64 `json:"final_force_N"` // on the thread, at the swage
	PeakForce  float64    `json:"peak_force_N"`
}

// ForcepsReport is one forceps of a Report, at the end of the run.
type ForcepsReport struct {
	Name       string     `json:"name"`
	Grabbed    []int      `json:"grabbed_nodes"`    // the global nodes it holds (empty: open, or closed on nothing or a needle)
	Needle     string     `json:"needle,omitempty"` // the needle it holds (its name, or "needle k"), if any
	FinalForce [3]float64 `json:"final_force_N"`    // on the thread, through the held nodes or the held needle
	PeakForce  float64    `json:"peak_force_N"`
}

// SutureReport is one suture of a Report (a passage of a rope through a tissue or mesh), at
// the end of the run.
type SutureReport struct {
	Through string  `json:"through"`   // the tissue's or mesh's name
	A       int     `json:"node_a"`    // the last node before the wall (global index)
	B       int     `json:"node_b"`    // the first node after it
	Tension float64 `json:"tension_N"` // the thread's tension where it enters the wall at A (physical solvers)
	// Slip is how fast the thread slides through the stitch, m/s, positive towards A; 0
	// while the stitch's friction holds it (solver.Portal.Slip).
	Slip float64 `json:"slip_m_per_s"`
}

// MeshReport is one rigid mesh of a Report, at the end of the run.
type MeshReport struct {
	Name      string `json:"name"`
	Triangles int    `json:"triangles"`
	Contacts  int    `json:"rope_contacts"` // the rope's contacts with it in the last substep
}

// TissueReport is one tissue of a Report, at the end of the run.
type TissueReport struct {
	Name         string     `json:"name"`
	Nodes        int        `json:"nodes"`
	Tets         int        `json:"tetrahedra"`
	Clamped      int        `json:"clamped_nodes"`
	MaxDisp      float64    `json:"max_displacement_m"` // the largest distance of a node from its rest position
	Contacts     int        `json:"rope_contacts"`      // the rope's contacts with its surface in the last substep
	RopeForce    [3]float64 `json:"rope_force_N"`       // the sum of the rope's contact forces on it over the last step
	RopeForceMag float64    `json:"rope_force_magnitude_N"`
	// Nearest names the other tissue whose surface its surface nodes come nearest at the end,
	// and Gap is that least signed distance, m (negative: a node inside it); absent with one
	// tissue.
	Nearest string   `json:"nearest_tissue,omitempty"`
	Gap     *float64 `json:"gap_m,omitempty"`
}

// ToolReport is one tool of a Report. Forces are the tool's force on the rope, N; they are
// null when the solver has no force model (FTL).
type ToolReport struct {
	Name       string      `json:"name"`
	Node       int         `json:"node"` // global node it holds (or last held)
	Mode       string      `json:"mode"` // "position" or "force"
	Active     bool        `json:"active_at_end"`
	FinalForce *[3]float64 `json:"final_force_N"`
	PeakForce  *float64    `json:"peak_force_N"`
}

func cmdRun(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bp := fs.String("broadphase", "", "override the scene's broad phase: "+strings.Join(scene.Broadphases, ", "))
	solverName := fs.String("solver", "", "run the scene with this solver instead of its own: "+strings.Join(scene.SolverTypes, ", "))
	traj := fs.String("traj", "", "write the trajectory as JSON lines to this file")
	series := fs.String("series", "", "write a CSV row per cycle (or per -every) to this file: time, energies (J), momentum, every tool's force (N); physical solvers only")
	every := fs.Int("every", 10, "with -traj: write every N-th cycle; with -series: every N-th (default 1 when -series is given alone)")
	curve := fs.String("curve", "", "write the final curve, one 'x y z' line per node, to this file")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	quiet := fs.Bool("q", false, "no progress bar")
	replay := fs.String("replay", "", "replay a session recorded by 'knotsim serve -record FILE' (no scene argument)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: knotsim run [flags] <scene.json | builtin name>\n       knotsim run [-json] [-curve FILE] -replay FILE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *replay != "" && fs.NArg() == 0 {
		return cmdReplay(*replay, *asJSON, *curve, stdout, stderr)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errUsage
	}
	if *every < 1 {
		return fmt.Errorf("-every %d: must be ≥ 1", *every)
	}
	seriesEvery := *every
	if !flagSet(fs, "every") {
		seriesEvery = 1
	}
	sc, err := loadScene(fs.Arg(0))
	if err != nil {
		return err
	}
	sim, err := scene.Build(sc, scene.BuildOptions{Broadphase: *bp, Solver: *solverName})
	if err != nil {
		return err
	}
	var tw *bufio.Writer
	if *traj != "" {
		f, err := os.Create(*traj)
		if err != nil {
			return err
		}
		defer f.Close()
		tw = bufio.NewWriter(f)
		defer tw.Flush()
		writeTraj(tw, sim.World)
	}
	var sw *seriesWriter
	if *series != "" {
		f, err := os.Create(*series)
		if err != nil {
			return err
		}
		defer f.Close()
		if sw, err = newSeriesWriter(f, sim.World); err != nil {
			return err
		}
		sw.row(sim.World)
	}
	// Knot identification runs beside the physics on its own goroutine, at 10 Hz, on snapshots.
	var pub world.Publisher
	ident, err := live.Start(sim.World, &pub, live.WorldIdentifier(sim.World.Obstacles), 10)
	if err != nil {
		return err
	}
	start := time.Now()
	bar := newProgress(stderr, sim.Cycles, *quiet)
	for !sim.Done() {
		if err := sim.Step(); err != nil {
			bar.done()
			ident.Stop()
			return fmt.Errorf("cycle %d: %w", sim.World.Cycle, err)
		}
		pub.Publish(sim.World)
		if tw != nil && sim.World.Cycle%*every == 0 {
			writeTraj(tw, sim.World)
		}
		if sw != nil && sim.World.Cycle%seriesEvery == 0 {
			sw.row(sim.World)
		}
		bar.set(sim.World.Cycle)
	}
	bar.done()
	wall := time.Since(start).Seconds()
	if sw != nil {
		if err := sw.flush(); err != nil {
			return fmt.Errorf("-series: %w", err)
		}
	}
	ident.Stop()
	rep := makeReport(sim, wall)
	rep.Live = ident.Runs()
	if k := sim.World.Knot.Load(); k != nil {
		rep.LiveLast = k.Ropes
	}
	var snap world.Snapshot
	final := live.WorldIdentifier(sim.World.Obstacles)(sim.World.Snapshot(&snap))
	rep.Knots, rep.KnotNames, rep.KnotLinks = final.Ropes, final.Details, final.Links
	if *curve != "" {
		if err := writeCurve(*curve, sim.World); err != nil {
			return err
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(jsonSafe(rep))
	}
	printReport(stdout, rep)
	return nil
}

func makeReport(sim *scene.Sim, wall float64) Report {
	w := sim.World
	st := w.State
	links, r := 0, math.Inf(1)
	drift := 0.0
	for k, s := range st.Strands {
		links += s.Links()
		r = math.Min(r, s.Radius)
		drift = math.Max(drift, math.Abs(w.ThreadLength(k)/st.RestLength(k)-1))
	}
	name := sim.Scene.Name
	_, physical := w.Solver.(solver.Physical)
	tools := make([]ToolReport, len(w.Tools))
	for i, t := range w.Tools {
		tr := ToolReport{Name: t.Name, Node: t.Node, Mode: "position", Active: t.Active}
		if t.Mode == solver.HoldForce {
			tr.Mode = "force"
		}
		if physical {
			f := [3]float64{t.Applied.X, t.Applied.Y, t.Applied.Z}
			p := t.PeakForce
			tr.FinalForce, tr.PeakForce = &f, &p
		}
		tools[i] = tr
	}
	return Report{
		Solver: w.Solver.Name(), Tools: tools, Tissues: tissueReports(w), Meshes: meshReports(w), Sutures: sutureReports(w),
		Forceps: forcepsReports(w), Needles: needleReports(w),
		Scene: name, Broadphase: sim.Scene.Solver.Broadphase, Links: links, Radius: r,
		Cycles: w.Cycle, SimTime: w.Time, WallTime: wall, CyclesPerSecond: float64(w.Cycle) / wall,
		Contacts: w.Last.Contacts, ContactsMax: w.Worst.Contacts,
		Clusters: w.Last.Clusters, ClustersMax: w.Worst.Clusters,
		MinSelfDist:      minSelfDistance(w),
		WorstSelfOverlap: w.Worst.SelfOverlap, WorstSelfOverR: w.Worst.SelfOverlap / r,
		WorstObsOverlap: w.Worst.ObsOverlap,
		LengthDriftMax:  w.Worst.LengthDrift, LengthDrift: drift, LagMax: w.Worst.Lag,
		Rollbacks: w.Worst.Rollbacks,
	}
}

// sutureReports describes each suture of w at the end of the run.
func sutureReports(w *world.World) []SutureReport {
	var out []SutureReport
	ph, _ := w.Solver.(solver.Physical)
	for _, p := range w.Sutures() {
		r := SutureReport{A: p.A, B: p.B, Slip: p.Slip}
		for _, t := range w.Tissues {
			if t.Surf() == p.Surface {
				r.Through = t.Name
			}
		}
		for k, m := range w.Rigid {
			if w.RigidSurf(k) == p.Surface {
				r.Through = m.Name
			}
		}
		if ph != nil {
			for _, str := range w.State.Strands {
				if p.A >= str.First && p.A < str.First+str.Nodes-1 {
					r.Tension = ph.Tension(str.FirstSeg + p.A - str.First)
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// forcepsReports describes each forceps of w at the end of the run.
func forcepsReports(w *world.World) []ForcepsReport {
	var out []ForcepsReport
	for _, f := range w.Forceps {
		var nd string
		if f.Needle >= 0 {
			if nd = w.Needles[f.Needle].Name; nd == "" {
				nd = fmt.Sprintf("needle %d", f.Needle)
			}
		}
		out = append(out, ForcepsReport{Name: f.Name, Grabbed: append([]int{}, f.Grabbed...), Needle: nd,
			FinalForce: [3]float64{f.Applied.X, f.Applied.Y, f.Applied.Z}, PeakForce: f.PeakForce})
	}
	return out
}

// needleReports describes each needle of w at the end of the run.
func needleReports(w *world.World) []NeedleReport {
	var out []NeedleReport
	for _, n := range w.Needles {
		out = append(out, NeedleReport{Name: n.Name, Sutures: n.Sutures, Waiting: n.Waiting,
			FinalForce: [3]float64{n.Applied.X, n.Applied.Y, n.Applied.Z}, PeakForce: n.PeakForce})
	}
	return out
}

// tissueReports describes each tissue of w at the end of the run.
func tissueReports(w *world.World) []TissueReport {
	var out []TissueReport
	cs := w.AppendContacts(nil)
	sf, _ := w.Solver.(solver.SurfaceForcer)
	for k, t := range w.Tissues {
		b := t.Body
		tr := TissueReport{Name: t.Name, Nodes: len(b.X), Tets: len(b.Mesh.Tets)}
		for j := range w.Tissues {
			if d := w.TissueDistance(k, j); j != k && (tr.Gap == nil || d < *tr.Gap) {
				tr.Nearest, tr.Gap = w.Tissues[j].Name, &d
			}
		}
		for i, x := range b.X {
			tr.MaxDisp = math.Max(tr.MaxDisp, x.Sub(b.Mesh.Nodes[i]).Norm())
			if b.Clamped(i) {
				tr.Clamped++
			}
		}
		for _, c := range cs {
			if c.OnSurface && c.Surface == t.Surf() {
				tr.Contacts++
			}
		}
		if sf != nil {
			f := make([]vec.V3, len(b.X))
			sf.AddSurfaceForces(t.Surf(), f)
			var sum vec.V3
			for _, g := range f {
				sum = sum.Add(g)
			}
			tr.RopeForce, tr.RopeForceMag = [3]float64{sum.X, sum.Y, sum.Z}, sum.Norm()
		}
		out = append(out, tr)
	}
	return out
}

// meshReports describes each rigid mesh of w at the end of the run.
func meshReports(w *world.World) []MeshReport {
	var out []MeshReport
	cs := w.AppendContacts(nil)
	for k, m := range w.Rigid {
		mr := MeshReport{Name: m.Name, Triangles: len(m.Surface.Tris)}
		for _, c := range cs {
			if c.OnSurface && c.Surface == w.RigidSurf(k) {
				mr.Contacts++
			}
		}
		out = append(out, mr)
	}
	return out
}

// minSelfDistance is the smallest axis distance between non-adjacent segments of the final
// state (once; through the broad phase above a few thousand segments).
func minSelfDistance(w *world.World) float64 {
	return collide.MinSelfDistance(w.State)
}

func jsonSafe(r Report) Report {
	if math.IsInf(r.MinSelfDist, 0) {
		r.MinSelfDist = -1
	}
	return r
}

func printReport(w io.Writer, r Report) {
	fmt.Fprintf(w, "scene %s: %d links, R = %g m, solver %s, broad phase %s\n", r.Scene, r.Links, r.Radius, r.Solver, r.Broadphase)
	fmt.Fprintf(w, "cycles            %d (%.3g s simulated) in %.3f s: %.0f cycles/s\n", r.Cycles, r.SimTime, r.WallTime, r.CyclesPerSecond)
	fmt.Fprintf(w, "contacts          %d at the end, %d at most\n", r.Contacts, r.ContactsMax)
	fmt.Fprintf(w, "clusters          %d at the end, %d at most\n", r.Clusters, r.ClustersMax)
	if math.IsInf(r.MinSelfDist, 0) {
		fmt.Fprintf(w, "min seg distance  none (no non-adjacent segments)\n")
	} else {
		fmt.Fprintf(w, "min seg distance  %.4g m = %.3f R (axis to axis; 2R is touching)\n", r.MinSelfDist, r.MinSelfDist/r.Radius)
	}
	fmt.Fprintf(w, "worst overlap     %.3g m = %.3f R between segments (bound 0.25 R), %.3g m into obstacles\n", r.WorstSelfOverlap, r.WorstSelfOverR, r.WorstObsOverlap)
	fmt.Fprintf(w, "length drift      %.3f %% at the end, %.3f %% at most\n", 100*r.LengthDrift, 100*r.LengthDriftMax)
	fmt.Fprintf(w, "tool lag          %.3g m at most\n", r.LagMax)
	if r.Rollbacks > 0 {
		fmt.Fprintf(w, "tools held        %d cycles (redone with the tools held: an overlap the response could not part)\n", r.Rollbacks)
	}
	for _, m := range r.Meshes {
		fmt.Fprintf(w, "mesh %-12s %d triangles, %d rope contacts at the end\n", m.Name, m.Triangles, m.Contacts)
	}
	for _, t := range r.Tissues {
		fmt.Fprintf(w, "tissue %-10s %d nodes, %d tetrahedra, %d clamped; largest displacement %.3g m; %d rope contacts, rope force (%.3g, %.3g, %.3g) N at the end\n",
			t.Name, t.Nodes, t.Tets, t.Clamped, t.MaxDisp, t.Contacts, t.RopeForce[0], t.RopeForce[1], t.RopeForce[2])
		if t.Gap != nil {
			fmt.Fprintf(w, "                  its surface %.4g mm from tissue %s's at the end (negative: inside it)\n", 1e3**t.Gap, t.Nearest)
		}
	}
	for i, su := range r.Sutures {
		grip := "the stitch holds it"
		if su.Slip != 0 {
			towards := su.A
			if su.Slip < 0 {
				towards = su.B
			}
			grip = fmt.Sprintf("sliding at %.3g mm/s towards node %d", 1e3*math.Abs(su.Slip), towards)
		}
		fmt.Fprintf(w, "suture %-10d through %s: nodes %d…%d, %d inside the wall; tension %.4g N at the end; %s\n", i, su.Through, su.A, su.B, su.B-su.A-1, su.Tension, grip)
	}
	for _, n := range r.Needles {
		g := n.FinalForce
		fmt.Fprintf(w, "needle %-12s %d sutures made; force on the thread (%.4g, %.4g, %.4g) N at the end, %.4g N at most\n", n.Name, n.Sutures, g[0], g[1], g[2], n.PeakForce)
		if n.Waiting > 0 {
			fmt.Fprintf(w, "                  %d bite(s) of its tip not followed by the thread at the end (a stitch missed if the needle is done)\n", n.Waiting)
		}
	}
	for _, f := range r.Forceps {
		g := f.FinalForce
		holds := fmt.Sprintf("holds nodes %v", f.Grabbed)
		if f.Needle != "" {
			holds = fmt.Sprintf("holds the needle %q", f.Needle)
		}
		fmt.Fprintf(w, "forceps %-11s %s: force (%.4g, %.4g, %.4g) N at the end, %.4g N at most\n", f.Name, holds, g[0], g[1], g[2], f.PeakForce)
	}
	for _, t := range r.Tools {
		if t.FinalForce == nil {
			continue
		}
		f := t.FinalForce
		fmt.Fprintf(w, "tool %-12s %s on node %d: force (%.4g, %.4g, %.4g) N at the end, %.4g N at most\n", t.Name, t.Mode, t.Node, f[0], f[1], f[2], *t.PeakForce)
	}
	for i, k := range r.Knots {
		fmt.Fprintf(w, "knot              rope %d: %s  — %s\n", i, k, r.KnotNames[i])
	}
	for _, l := range r.KnotLinks {
		fmt.Fprintf(w, "link              %s\n", l)
	}
	fmt.Fprintf(w, "live              %d identifications on their own goroutine during the run; the last said %v\n", r.Live, r.LiveLast)
}

func writeTraj(w *bufio.Writer, wd *world.World) {
	fmt.Fprintf(w, `{"cycle":%d,"t":%.9g,"contacts":%d,"clusters":%d,"pos":[`, wd.Cycle, wd.Time, wd.Last.Contacts, wd.Last.Clusters)
	for i, p := range wd.State.Pos {
		if i > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, "[%.9g,%.9g,%.9g]", p.X, p.Y, p.Z)
	}
	w.WriteString("]}\n")
}

func writeCurve(path string, wd *world.World) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	for k, s := range wd.State.Strands {
		if k > 0 {
			bw.WriteString("\n") // blank line between ropes
		}
		for i := s.First; i < s.First+s.Nodes; i++ {
			p := wd.State.Pos[i]
			fmt.Fprintf(bw, "%.9g %.9g %.9g\n", p.X, p.Y, p.Z)
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func cmdScenes(stdout io.Writer) error {
	names := scene.BuiltinNames()
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		sc, _ := scene.Builtin(n)
		fmt.Fprintf(stdout, "%-*s %s\n", width, n, sc.Description)
	}
	return nil
}

// progress is a text progress bar on stderr.
type progress struct {
	w     io.Writer
	total int
	last  int
	off   bool
}

func newProgress(w io.Writer, total int, quiet bool) *progress {
	tty := false
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	return &progress{w: w, total: total, last: -1, off: quiet || total <= 0 || !tty}
}

func (p *progress) set(n int) {
	if p.off {
		return
	}
	pct := n * 100 / p.total
	if pct == p.last {
		return
	}
	p.last = pct
	const width = 40
	fill := pct * width / 100
	fmt.Fprintf(p.w, "\r[%s%s] %3d%% %d/%d cycles", strings.Repeat("#", fill), strings.Repeat(".", width-fill), pct, n, p.total)
}

func (p *progress) done() {
	if !p.off && p.last >= 0 {
		fmt.Fprintln(p.w)
	}
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
