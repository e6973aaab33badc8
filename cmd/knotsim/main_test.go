package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	kcurve "github.com/knotsim/knotsim/knot/curve"
	"github.com/knotsim/knotsim/knot/table"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestRunBuiltinReport(t *testing.T) {
	dir := t.TempDir()
	curve := filepath.Join(dir, "final.xyz")
	traj := filepath.Join(dir, "traj.jsonl")
	code, out, errOut := runCLI(t, "run", "-curve", curve, "-traj", traj, "-every", "100", "drag")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"scene drag: 100 links", "cycles/s", "min seg distance", "length drift", "knot              rope 0: 0_1"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(curve)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 101 {
		t.Errorf("curve file has %d lines, want 101 (one per node)", n)
	}
	tj, err := os.ReadFile(traj)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(tj)), "\n")
	if len(lines) != 21 { // cycle 0 and every 100th of 2000
		t.Errorf("trajectory has %d lines, want 21", len(lines))
	}
	var rec struct {
		Cycle int         `json:"cycle"`
		Pos   [][]float64 `json:"pos"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rec); err != nil || rec.Cycle != 2000 || len(rec.Pos) != 101 {
		t.Errorf("last trajectory line: cycle %d, %d nodes, err %v", rec.Cycle, len(rec.Pos), err)
	}
}

func TestRunJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "run", "-json", "-broadphase", "grid", "../../scene/testdata/overhand.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, out)
	}
	if r.Broadphase != "grid" || r.Cycles == 0 || len(r.Knots) != 1 || r.Knots[0] != "3_1" || r.Live == 0 {
		t.Errorf("report %+v", r)
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"dt": 0.001, "duration": 1, "ropes": [{"links": 10, "link_length": 0.01, "radius": -1, "layout": {"type": "straight"}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "usage"},
		{[]string{"fly"}, 2, `unknown command "fly"`},
		{[]string{"run"}, 2, "usage: knotsim run"},
		{[]string{"run", "no-such-scene"}, 1, "neither a scene file nor a built-in scene"},
		{[]string{"run", bad}, 1, "ropes[0].radius: must be > 0"},
		{[]string{"run", "-broadphase", "octree", "drag"}, 1, "broadphase"},
		{[]string{"run", "-every", "0", "drag"}, 1, "-every 0"},
		{[]string{"bench", "-links", "3"}, 1, "-links"},
		{[]string{"bench", "-broadphase", "kd"}, 1, "-broadphase"},
		{[]string{"bench", "-cycles", "0"}, 1, "-cycles"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errOut, tc.code, tc.msg)
		}
	}
}

func TestScenesAndBench(t *testing.T) {
	code, out, _ := runCLI(t, "scenes")
	if code != 0 || !strings.Contains(out, "overhand") || !strings.Contains(out, "munter") {
		t.Fatalf("scenes: exit %d\n%s", code, out)
	}
	code, out, errOut := runCLI(t, "bench", "-links", "50", "-cycles", "20", "-broadphase", "bvh", "-json")
	if code != 0 {
		t.Fatalf("bench: exit %d: %s", code, errOut)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")
	if len(rows) != 2 {
		t.Fatalf("bench printed %d rows, want 2 (loose, knotted)", len(rows))
	}
	var r BenchRow
	if err := json.Unmarshal([]byte(rows[1]), &r); err != nil || r.Knot != "3_1" || r.Identified != "3_1" || r.CyclesPerSec <= 0 {
		t.Errorf("knotted row %+v (err %v)", r, err)
	}
}

// Issue 14: -pole names hitches; the clove and cow hitches as the simulator pulled them tight
// (knot/testdata/tied/clove.xyz: the clove scene; cow.xyz: scene/testdata/cow_hitch.json; both
// ftl) around their pole; a bad pole or rope radius is refused with the reason.
func TestIdentifyHitch(t *testing.T) {
	tied := filepath.Join("..", "..", "knot", "testdata", "tied")
	const pole = "0,0,-0.15,0,0,0.15,0.02"
	for _, tc := range []struct{ file, want string }{{"clove.xyz", "clove hitch"}, {"cow.xyz", "cow hitch"}} {
		file := filepath.Join(tied, tc.file)
		code, out, errOut := runCLI(t, "identify", "-pole", pole, file)
		if code != 0 || !strings.Contains(out, "hitch        component 0 around the pole: "+tc.want+"; ") {
			t.Errorf("identify -pole %s: exit %d\n%s%s", tc.file, code, out, errOut)
		}
		code, out, _ = runCLI(t, "identify", "-json", "-pole", pole, "-rope-radius", "0.005", file)
		var rep IdentifyReport
		if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Hitches) != 1 || rep.Hitches[0].Name != tc.want || rep.Hitches[0].RopeRadius != 0.005 || !rep.Hitches[0].PinnedA {
			t.Errorf("identify -json -pole %s: exit %d\n%s", tc.file, code, out)
		}
	}
	// The same rope around a pole 1 m away: no hitch.
	code, out, _ := runCLI(t, "identify", "-pole", "1,0,-0.15,1,0,0.15,0.02", filepath.Join(tied, "clove.xyz"))
	if code != 0 || !strings.Contains(out, "around the pole: no hitch;") {
		t.Errorf("identify -pole far away: exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-pole", "0,0,0,0,0,1"}, "want 7 numbers"},
		{[]string{"-pole", "0,0,0,0,0,x,1"}, `number 6 ("x") is not a finite number`},
		{[]string{"-pole", "0,0,0,0,0,NaN,1"}, "is not a finite number"},
		{[]string{"-pole", "0,0,0,0,0,0,1"}, "the axis's two points are the same"},
		{[]string{"-pole", "0,0,0,0,0,1,-1"}, "the radius -1 is negative"},
		{[]string{"-rope-radius", "0.1"}, "-rope-radius: only with -pole"},
		{[]string{"-pole", pole, "-rope-radius", "-1"}, "must be a positive length"},
	} {
		args := append(append([]string{"identify"}, tc.args...), filepath.Join(tied, "clove.xyz"))
		if code, _, errOut := runCLI(t, args...); code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("identify %q: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
}

func TestIdentify(t *testing.T) {
	dir := t.TempDir()
	curve := filepath.Join(dir, "rope.xyz")
	if code, _, errOut := runCLI(t, "run", "-q", "-curve", curve, "figure8"); code != 0 {
		t.Fatalf("run: %s", errOut)
	}
	code, out, errOut := runCLI(t, "identify", curve)
	if code != 0 || !strings.Contains(out, "knot         4_1: figure-eight knot") || !strings.Contains(out, "alexander    1-3*t+t^2") {
		t.Fatalf("identify: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "identify", "-json", "-closure", "stochastic", "-samples", "20", curve)
	var rep IdentifyReport
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Components[0].Short != "4_1" || len(rep.Components[0].Frequencies) == 0 {
		t.Fatalf("identify -json: exit %d\n%s", code, out)
	}
	two := filepath.Join(dir, "two.txt")
	// A closed ring and a closed loop through it: the Hopf link.
	if err := os.WriteFile(two, []byte("# closed\n1 0 0\n0 1 0\n-1 0 0\n0 -1 0\n\n0.5 0 -1\n0.5 0 1\n2 0 1\n2 0 -1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "identify", two)
	if code != 0 || !strings.Contains(out, "Hopf link") || !strings.Contains(out, "linking number") {
		t.Fatalf("identify link: exit %d\n%s%s", code, out, errOut)
	}
	// Issue 14 item 1: a closed polygon listed without a closing marker (a trefoil of 24
	// points, its first not repeated) is read as closed, and the answer says how and why;
	// -open, -closed and "# open" override.
	poly := filepath.Join(dir, "trefoil.xyz")
	var b strings.Builder
	for i := range 24 {
		a := 2 * math.Pi * float64(i) / 24
		r := 2 + math.Cos(3*a)
		fmt.Fprintf(&b, "%.9f %.9f %.9f\n", r*math.Cos(2*a), r*math.Sin(2*a), math.Sin(3*a))
	}
	if err := os.WriteFile(poly, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "identify", poly)
	if code != 0 || !strings.Contains(out, "knot         m3_1") || !strings.Contains(out, "read as      a closed polygon: its ends are") {
		t.Fatalf("identify an unmarked closed polygon: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "identify", "-json", poly)
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || !rep.Closed || !rep.Components[0].Closed || rep.Components[0].Short != "m3_1" {
		t.Fatalf("identify -json an unmarked closed polygon: exit %d\n%s", code, out)
	}
	if code, out, _ = runCLI(t, "identify", "-open", poly); code != 0 || !strings.Contains(out, "read as      an open rope (-open)") || !strings.Contains(out, "joined directly") {
		t.Errorf("identify -open: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(poly, []byte("# open\n"+b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, _ = runCLI(t, "identify", poly); code != 0 || !strings.Contains(out, "read as      an open rope (the file says so)") {
		t.Errorf("identify a file saying open: exit %d\n%s", code, out)
	}
	if code, out, _ = runCLI(t, "identify", curve); code != 0 || !strings.Contains(out, "read as      an open rope: its ends are") {
		t.Errorf("identify a rope: exit %d\n%s", code, out)
	}
	// Issue 14: a PD code typed in, in KnotTheory's spelling; a link's code is refused.
	code, out, errOut = runCLI(t, "identify", "-pd", "PD[X[4,2,5,1], X[8,6,1,5], X[6,3,7,4], X[2,7,3,8]]")
	if code != 0 || !strings.Contains(out, "knot         4_1: figure-eight knot") || !strings.Contains(out, "(4 in the code)") {
		t.Fatalf("identify -pd: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "identify", "-json", "-pd", "[[1,5,2,4],[3,1,4,6],[5,3,6,2]]")
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Components[0].Short != "3_1" {
		t.Fatalf("identify -json -pd: exit %d\n%s", code, out)
	}
	// Issue 14: a loop tied with a thief knot in the simulator is called a thief knot (its type
	// alone is 6_1, the stevedore knot).
	code, out, _ = runCLI(t, "identify", filepath.Join("..", "..", "knot", "testdata", "tied", "security-thief.xyz"))
	if code != 0 || !strings.Contains(out, "knot         6_1: thief knot (its type alone: stevedore knot)") || !strings.Contains(out, "tied as      thief knot: a bend tying the rope's two ends together") {
		t.Errorf("identify a thief knot: exit %d\n%s", code, out)
	}
	// Issue 14: the same kind of loop tied with a reef knot, cut in two in the middle of the
	// loop: two ropes joined by a square (reef) knot.
	data, err := os.ReadFile(filepath.Join("..", "..", "knot", "testdata", "tied", "security-reef.xyz"))
	if err != nil {
		t.Fatal(err)
	}
	reef, err := kcurve.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	loop := reef.Components[0]
	m := len(loop) / 2
	for i, p := range loop {
		if i == m-2 {
			b.WriteString("\n")
		}
		if i < m-2 || i > m+2 {
			fmt.Fprintf(&b, "%.9g %.9g %.9g\n", p.X, p.Y, p.Z)
		}
	}
	bend := filepath.Join(dir, "bend.xyz")
	if err := os.WriteFile(bend, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, "identify", bend)
	if code != 0 || !strings.Contains(out, "bend         components 0 and 1: square (reef) knot (3_1 # m3_1 when joined at their standing ends)") {
		t.Errorf("identify two ropes joined by a reef knot: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCLI(t, "identify", "-json", bend)
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || len(rep.Bends) != 1 || rep.Bends[0].Name != "square (reef) knot" {
		t.Errorf("identify -json two ropes joined by a reef knot: exit %d\n%s", code, out)
	}
	// Issue 14 item 3: 11a_251 and 11a_253 share Alexander, Jones and signature; their 7-fold
	// cover counts (29 and 26, as Regina counts them) tell them apart.
	code, out, _ = runCLI(t, "identify", "-json", "-pd", "[[6,2,7,1],[8,4,9,3],[2,8,3,7],[22,18,1,17],[12,5,13,6],[4,13,5,14],[18,11,19,12],[14,19,15,20],[16,10,17,9],[20,15,21,16],[10,21,11,22]]")
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Components[0].Short != "11a_251" || !rep.Components[0].Unique ||
		!strings.Contains(rep.Components[0].Separation, "told apart") || rep.Components[0].Covers[len(rep.Components[0].Covers)-1] != (table.CoverCount{N: 7, Count: 29}) {
		t.Fatalf("identify -json -pd 11a_251: exit %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"identify", "-pd", "[[4,1,3,2],[2,3,1,4]]"}, "link with 2 components"},
		{[]string{"identify", "-pd", "X[1,5,2,4] Y[3,1,4,6]"}, `at "Y[3,1,4,6]"`},
		{[]string{"identify", "-pd", "X[1,5,2,4]", poly}, "not both"},
		{[]string{"identify", "-closed", "-open", poly}, "say one or the other"},
		{[]string{"identify"}, "usage"},
		{[]string{"identify", "-closure", "bogus", curve}, "unknown closure"},
		{[]string{"identify", "-samples", "0", curve}, "-samples 0"},
		{[]string{"identify", filepath.Join(dir, "missing")}, "no such file"},
	} {
		if code, _, errOut := runCLI(t, tc.args...); code == 0 || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, %q", tc.args, code, errOut)
		}
	}
}
