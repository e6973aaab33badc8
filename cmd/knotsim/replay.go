package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/server"
	"github.com/knotsim/knotsim/world"
)

// cmdReplay re-runs a session recorded by `knotsim serve -record` headless and prints the
// report of `knotsim run` for its final state.
func cmdReplay(path string, asJSON bool, curve string, stdout, stderr io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	p, err := server.NewReplayer(f)
	if err != nil {
		return err
	}
	// Knot identification beside the physics, restarted whenever a command rebuilds the world.
	var pub *world.Publisher
	var ident *live.Identifier
	var w *world.World
	runs := 0
	stopIdent := func() {
		if ident != nil {
			ident.Stop()
			runs += ident.Runs()
			ident = nil
		}
	}
	defer stopIdent()
	start := time.Now()
	for {
		if cur := p.Engine.World(); cur != w {
			stopIdent()
			w, pub = cur, &world.Publisher{}
			if ident, err = live.Start(w, pub, live.WorldIdentifier(w.Obstacles), 10); err != nil {
				return err
			}
		}
		more, err := p.Next()
		if err != nil {
			return err
		}
		if !more {
			break
		}
		if p.Engine.World() == w {
			pub.Publish(w)
		}
	}
	wall := time.Since(start).Seconds()
	stopIdent()
	sim := p.Engine.Sim
	rep := makeReport(sim, wall)
	rep.Live = runs
	if k := sim.World.Knot.Load(); k != nil {
		rep.LiveLast = k.Ropes
	}
	var snap world.Snapshot
	final := live.WorldIdentifier(sim.World.Obstacles)(sim.World.Snapshot(&snap))
	rep.Knots, rep.KnotNames, rep.KnotLinks = final.Ropes, final.Details, final.Links
	if curve != "" {
		if err := writeCurve(curve, sim.World); err != nil {
			return err
		}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(jsonSafe(rep))
	}
	fmt.Fprintf(stdout, "replay of %s\n", path)
	printReport(stdout, rep)
	return nil
}
