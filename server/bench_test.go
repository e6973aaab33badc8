package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/world"
)

// BenchmarkPhysicsViewers measures physics cycles per second of the overhand scene run as
// fast as possible (Rate < 0): headless (the engine loop with publishing and 10 Hz knot
// identification, as `knotsim run` does), then inside the server with 0, 1 and 8 WebSocket
// viewers reading 60 snapshots a second (plus the controller, which presses play). Run with a fixed cycle count so that every variant
// simulates the same stretch of the scene:
//
//	go test -run '^$' -bench PhysicsViewers -benchtime 3000x -count 5 ./server
func BenchmarkPhysicsViewers(b *testing.B) {
	b.Run("headless", func(b *testing.B) {
		sc, _ := scene.Builtin("overhand")
		eng, err := NewEngine(sc)
		if err != nil {
			b.Fatal(err)
		}
		w := eng.World()
		var pub world.Publisher
		id, err := live.Start(w, &pub, live.WorldIdentifier(w.Obstacles), DefaultKnotHz)
		if err != nil {
			b.Fatal(err)
		}
		defer id.Stop()
		b.ResetTimer()
		start := time.Now()
		for range b.N {
			if err := eng.Step(); err != nil {
				b.Fatal(err)
			}
			pub.Publish(w)
		}
		b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "cycles/s")
	})
	for _, viewers := range []int{0, 1, 8} {
		b.Run(fmt.Sprintf("server-viewers=%d", viewers), func(b *testing.B) {
			s, ts := start(b, Config{SceneName: "overhand", Rate: -1, Paused: true})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ctl := dialNoRead(b, ts) // the first client controls: it presses play and reads nothing more
			// The server takes a client in after the handshake the dial returns from: a viewer
			// dialled before that may be taken in first and control, and the play would then be
			// refused (a benchmark run under load waited 10 minutes at 0 steps).
			waitFor(b, "the controller", func() bool { return s.Clients() == 1 })
			go func() {
				for {
					if _, _, err := ctl.Read(ctx); err != nil {
						return
					}
				}
			}()
			frames := make(chan struct{}, 1024)
			for range viewers {
				c := dialNoRead(b, ts)
				go func() {
					for {
						typ, _, err := c.Read(ctx)
						if err != nil {
							return
						}
						if typ == websocket.MessageBinary {
							select {
							case frames <- struct{}{}:
							default:
							}
						}
					}
				}()
			}
			waitFor(b, "viewers", func() bool { return s.Clients() == viewers+1 })
			wctx, wcancel := context.WithTimeout(ctx, 5*time.Second)
			defer wcancel()
			b.ResetTimer()
			start := time.Now()
			if err := ctl.Write(wctx, websocket.MessageText, []byte(`{"type":"play"}`)); err != nil {
				b.Fatal(err)
			}
			deadline := time.Now().Add(10 * time.Minute)
			for s.Steps() < uint64(b.N) {
				if time.Now().After(deadline) {
					b.Fatalf("%d steps after 10 minutes", s.Steps())
				}
				time.Sleep(200 * time.Microsecond)
			}
			el := time.Since(start).Seconds()
			b.StopTimer()
			n := s.Steps()
			b.ReportMetric(float64(n)/el, "cycles/s")
			if viewers > 0 && b.N >= 1000 && len(frames) == 0 {
				b.Error("viewers received no frames")
			}
		})
	}
}
