package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/knotsim/knotsim/haptics"
	"github.com/knotsim/knotsim/vec"
)

func TestDeviceScriptParse(t *testing.T) {
	sc, err := parseScript("s", strings.NewReader("# t x y z\n0 0 0 0\n\n1 0.01 0 0 # 1 cm\n3 0.01 0.02 -0.01\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.keys) != 3 {
		t.Fatalf("keys %v", sc.keys)
	}
	for _, bad := range []string{
		"",
		"# only a comment\n",
		"0 0 0\n",
		"0 0 0 0 0\n",
		"0 x 0 0\n",
		"0 NaN 0 0\n",
		"0 0 Inf 0\n",
		"-1 0 0 0\n",
		"0 0 0 0\n1 0 0 0\n1 0 0 0\n",
		"1 0 0 0\n0.5 0 0 0\n",
	} {
		if _, err := parseScript("bad", strings.NewReader(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestDeviceScriptInterpolation(t *testing.T) {
	sc, err := loadScript("pull")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		t        float64
		pos, vel vec.V3
	}{
		{-1, vec.V3{}, vec.V3{}},
		{0, vec.V3{}, vec.V3{}},
		{0.5, vec.V3{X: 0.0125}, vec.V3{X: 0.025}},
		{1, vec.V3{X: 0.025}, vec.V3{X: 0.025}},
		{2, vec.V3{X: 0.05}, vec.V3{}},
		{7, vec.V3{X: 0.05}, vec.V3{}},
	}
	for _, c := range cases {
		p, v := sc.at(c.t)
		if p.Dist(c.pos) > 1e-15 || v.Dist(c.vel) > 1e-15 {
			t.Errorf("pull at %v s: %v, %v; want %v, %v", c.t, p, v, c.pos, c.vel)
		}
	}
	if _, err := loadScript("no-such-script"); err == nil || !strings.Contains(err.Error(), "pull") {
		t.Errorf("unknown script: %v", err)
	}
	path := filepath.Join(t.TempDir(), "m.txt")
	if err := os.WriteFile(path, []byte("0 0 0 0\n2 0 0 0.04\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err = loadScript(path)
	if err != nil {
		t.Fatal(err)
	}
	if p, v := sc.at(1); p != (vec.V3{Z: 0.02}) || v != (vec.V3{Z: 0.02}) {
		t.Errorf("file script at 1 s: %v %v", p, v)
	}
}

func TestDeviceFlags(t *testing.T) {
	var out, errb bytes.Buffer
	for _, args := range [][]string{{"-nope"}, {"extra"}} {
		if err := cmdDevice(args, &out, &errb); err != errUsage {
			t.Errorf("%v: %v, want usage", args, err)
		}
	}
	for _, args := range [][]string{{"-rate", "0"}, {"-rate", "NaN"}, {"-duration", "-1s"}, {"-script", "nope"}} {
		if err := cmdDevice(args, &out, &errb); err == nil || err == errUsage {
			t.Errorf("%v: %v, want an error", args, err)
		}
	}
}

// TestDeviceAgainstUDPDevice plays the built-in pull for 300 ms to an in-process UDPDevice
// coupled by a haptics.Loop to a node held at the origin: the virtual device is pulled back
// (−x), never harder than 3 N, and the CSV log has one row per force received.
func TestDeviceAgainstUDPDevice(t *testing.T) {
	d, err := haptics.ListenUDP("127.0.0.1:0", haptics.UDPConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ex := &haptics.Exchange{}
	ex.PublishProxy(vec.V3{}, vec.V3{}, true)
	loop, err := haptics.NewLoop(d, ex, haptics.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = loop.Run(ctx); close(done) }()

	logPath := filepath.Join(t.TempDir(), "forces.csv")
	var out, errb bytes.Buffer
	err = cmdDevice([]string{"-addr", d.Addr().String(), "-script", "pull", "-duration", "300ms", "-log", logPath}, &out, &errb)
	cancel()
	<-done
	if err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	t.Logf("%s", out.String())
	st := loop.Stats()
	t.Logf("server loop: %d ticks, period p50 %v p99 %v max %v, overruns %d, releases %d",
		st.Ticks, st.PeriodP50, st.PeriodP99, st.PeriodMax, st.Overruns, st.Releases)

	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if lines[0] != "t,fx,fy,fz,flags" {
		t.Fatalf("header %q", lines[0])
	}
	rows := lines[1:]
	if len(rows) < 100 {
		t.Fatalf("%d force rows in 300 ms, want ≥ 100", len(rows))
	}
	var lastFx float64
	engaged := 0
	for i, row := range rows {
		f := strings.Split(row, ",")
		if len(f) != 5 {
			t.Fatalf("row %d: %q", i, row)
		}
		var v [4]float64
		for j := range 4 {
			if v[j], err = strconv.ParseFloat(f[j], 64); err != nil {
				t.Fatalf("row %d: %q", i, row)
			}
		}
		flags, err := strconv.ParseUint(f[4], 10, 32)
		if err != nil {
			t.Fatalf("row %d: %q", i, row)
		}
		if n := math.Sqrt(v[1]*v[1] + v[2]*v[2] + v[3]*v[3]); n > 3 || v[1] > 0 || v[2] != 0 || v[3] != 0 {
			t.Fatalf("row %d: force %v, want along −x, ≤ 3 N", i, v[1:])
		}
		if haptics.Status(flags)&haptics.StatusEngaged != 0 {
			engaged++
			lastFx = v[1]
		}
	}
	// At 0.3 s the tool is 7.5 mm out: k·x = 1.5 N, a little less through the filter's lag.
	if engaged < len(rows)/2 || lastFx > -1.2 || lastFx < -1.6 {
		t.Fatalf("%d engaged rows of %d, last engaged fx %v N, want ≈ −1.5 N", engaged, len(rows), lastFx)
	}
	if !strings.Contains(out.String(), "script pull") {
		t.Fatalf("report %q", out.String())
	}
}
