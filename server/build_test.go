package server

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/knotsim/knotsim/scene"
)

// Issue 15, the server freeze: {"type":"param","radius":0.015} on the overhand scene searched
// a layout of half a million points on the physics goroutine, so physics, every command and
// shutdown hung for good. Now the scene is laid (the layout search is bounded) and the new
// world arrives as a scene event.
func TestParamThickRopeDoesNotFreeze(t *testing.T) {
	for _, name := range []string{"overhand", "figure8", "granny", "square", "7_1"} {
		t.Run(name, func(t *testing.T) {
			_, ts := start(t, Config{SceneName: name})
			c := dial(t, ts)
			c.event("hello", nil)
			c.send(`{"type":"param","radius":0.015,"epsilon":0.004}`)
			select {
			case ev := <-waitEvent(c, "scene", "error"):
				if ev["type"] == "error" {
					msg := ev["message"].(string)
					if !strings.Contains(msg, "links") {
						t.Fatalf("error %q does not say why", msg)
					}
					t.Logf("refused: %s", msg)
					return
				}
				if p := ev["params"].(map[string]any); p["radius"] != 0.015 {
					t.Errorf("params %v", p)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("no answer to param radius 0.015 in 30 s")
			}
		})
	}
}

// waitEvent returns a channel that receives the first event of one of the types.
func waitEvent(c *tclient, types ...string) <-chan map[string]any {
	out := make(chan map[string]any, 1)
	go func() {
		for ev := range c.events {
			for _, typ := range types {
				if ev["type"] == typ {
					out <- ev
					return
				}
			}
		}
	}()
	return out
}

// A scene is built off the physics goroutine: while a build is under way physics keeps
// stepping the old world, other commands are served, a second rebuild is refused with a
// reason, and the result is installed (and recorded) when it is ready.
func TestBuildOffPhysicsGoroutine(t *testing.T) {
	var rec syncBuffer
	s, err := New(Config{SceneName: "overhand", Record: &rec})
	if err != nil {
		t.Fatal(err)
	}
	entered, release := holdFirstBuild(s)
	ts := startServer(t, s)
	c := dial(t, ts)
	c.event("hello", nil)
	c.send(`{"type":"reset"}`)
	<-entered
	before := s.Steps()
	waitFor(t, "physics stepping during the build", func() bool { return s.Steps() > before+50 })
	c.send(`{"type":"scene","name":"clove"}`)
	c.errorEvent("still being built")
	c.send(`{"type":"grasp","tool":0,"node":3}`)
	waitFor(t, "the grasp served during the build", func() bool { return getState(t, ts).Tools[s.eng.UserBase].Active })
	if strings.Contains(rec.String(), `"reset"`) {
		t.Error("the reset was recorded before it took effect")
	}
	close(release)
	c.event("scene", nil)
	waitFor(t, "the reset recorded", func() bool { return strings.Contains(rec.String(), `"reset"`) })
	if getState(t, ts).Tools[s.eng.UserBase].Active {
		t.Error("the user's grasp survived the reset")
	}
}

// A build that takes too long is abandoned with an error naming the reason; the old world
// keeps running.
func TestBuildTimeout(t *testing.T) {
	s, err := New(Config{SceneName: "overhand", BuildTimeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	s.buildSim = func(ctx context.Context, sc *scene.Scene) (*scene.Sim, error) {
		<-ctx.Done()
		return nil, context.Cause(ctx)
	}
	ts := startServer(t, s)
	c := dial(t, ts)
	c.event("hello", nil)
	c.send(`{"type":"param","radius":0.006}`)
	c.errorEvent("took longer than 50ms")
	before := s.Steps()
	waitFor(t, "physics after the abandoned build", func() bool { return s.Steps() > before+10 })
	c.send(`{"type":"reset"}`) // a new build may start
	c.errorEvent("took longer than")
}

// Close returns promptly while a build is stuck: the build's context is cancelled.
func TestCloseDuringBuild(t *testing.T) {
	s, err := New(Config{SceneName: "overhand"})
	if err != nil {
		t.Fatal(err)
	}
	entered := make(chan struct{}, 1)
	s.buildSim = func(ctx context.Context, sc *scene.Scene) (*scene.Sim, error) {
		entered <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}
	ts := startServer(t, s)
	c := dial(t, ts)
	c.event("hello", nil)
	c.send(`{"type":"reset"}`)
	<-entered
	done := make(chan error, 1)
	go func() { done <- s.Close() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Close hangs while a scene is being built")
	}
}

// Every applied command is in the recording at once, not only at pause or exit: a process
// killed later leaves a replayable file.
func TestRecordFlushedPerCommand(t *testing.T) {
	var rec syncBuffer
	s, err := New(Config{SceneName: "overhand", Record: &rec})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec.String(), "knotsim_record") {
		t.Fatal("the header is not written at start")
	}
	ts := startServer(t, s)
	c := dial(t, ts)
	c.event("hello", nil)
	c.send(`{"type":"grasp","tool":0,"node":5}`)
	waitFor(t, "the grasp in the recording", func() bool { return strings.Contains(rec.String(), `"grasp"`) })
	c.send(`{"type":"move","tool":0,"target":[0.1,0.2,0.3]}`)
	waitFor(t, "the move in the recording", func() bool { return strings.Contains(rec.String(), `"move"`) })
}

// startServer runs s over httptest; cleanup closes both.
func startServer(t testing.TB, s *Server) *httptest.Server {
	t.Helper()
	if err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return ts
}

// syncBuffer is a bytes.Buffer safe for the recorder's writes and the test's reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Commands a newcomer sends before the restart its hello announced ("restarting") is installed
// wait for it and then apply, in order, to the restarted world: a grasp is not lost with the
// old world, and a param (a rebuild) is not refused as "still being built" (TestServeStops-
// OnSIGTERM's client sent both at once and failed when the restart was slower than it).
func TestRestartDefersCommands(t *testing.T) {
	var rec syncBuffer
	s, err := New(Config{SceneName: "drag", RestartOnControl: true, Record: &rec})
	if err != nil {
		t.Fatal(err)
	}
	entered, release := holdFirstBuild(s) // the restart waits until the test releases it
	ts := startServer(t, s)
	waitFor(t, "the scene to run unwatched", func() bool { return s.Cycle() > 300 })
	c := dial(t, ts)
	if h := c.event("hello", nil); h["restarting"] != true {
		t.Fatalf("hello %v, want restarting", h)
	}
	<-entered
	c.send(`{"type":"grasp","tool":0,"node":3}`)
	c.send(`{"type":"param","radius":0.006}`)
	time.Sleep(200 * time.Millisecond)
	if getState(t, ts).Tools[s.eng.UserBase].Active {
		t.Error("the grasp was applied to the old world, which the restart replaces")
	}
	if strings.Contains(rec.String(), `"type":"grasp"`) {
		t.Error("the grasp was recorded before the restart")
	}
	close(release)
	waitFor(t, "reset, grasp and param recorded in that order", func() bool {
		r := rec.String()
		i, j, k := strings.Index(r, `"type":"reset"`), strings.Index(r, `"type":"grasp"`), strings.Index(r, `"type":"param"`)
		return i >= 0 && i < j && j < k
	})
	for {
		select {
		case ev := <-c.events:
			if ev["type"] == "error" {
				t.Errorf("error event: %v", ev)
			}
			continue
		default:
		}
		break
	}
}

// holdFirstBuild makes the first scene build of s wait until release is closed; entered
// receives when it starts. Later builds run at once.
func holdFirstBuild(s *Server) (entered <-chan struct{}, release chan struct{}) {
	in := make(chan struct{}, 1)
	release = make(chan struct{})
	var once sync.Once
	s.buildSim = func(ctx context.Context, sc *scene.Scene) (*scene.Sim, error) {
		hold := false
		once.Do(func() { hold = true })
		if hold {
			in <- struct{}{}
			select {
			case <-release:
			case <-ctx.Done():
				return nil, context.Cause(ctx)
			}
		}
		return BuildSim(ctx, sc)
	}
	return in, release
}
