package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/knotsim/knotsim/knot/live"
	"github.com/knotsim/knotsim/scene"
	"github.com/knotsim/knotsim/world"
)

// Defaults of Config.
const (
	DefaultAddr              = "127.0.0.1:8080"
	DefaultScene             = "overhand"
	DefaultSnapshotHz        = 60
	DefaultKnotHz            = 10
	DefaultMaxClients        = 64
	DefaultMessagesPerSecond = 200
	DefaultWriteTimeout      = 5 * time.Second
	DefaultPingInterval      = 5 * time.Second
	DefaultControlIdle       = 30 * time.Second
	DefaultBuildTimeout      = 20 * time.Second
)

// Config configures a Server. Zero fields take the defaults above.
type Config struct {
	Scene     *scene.Scene // the scene to start with; nil: the built-in SceneName
	SceneName string       // a built-in scene, used when Scene is nil (default "overhand")

	// Rate is the physics rate, cycles per second of wall time. 0: real time (1/dt of the
	// scene, 1000 Hz for the built-ins). Negative: as fast as possible (benchmarks).
	Rate float64
	// MaxBatch is the catch-up cap: the most cycles run back to back when physics has fallen
	// behind; the rest of the backlog is dropped (the simulation slows instead of spiralling).
	// Default: 50 ms worth of cycles.
	MaxBatch   int
	SnapshotHz float64 // snapshot frames per second to each viewer (default 60)
	KnotHz     float64 // knot identifications per second (default 10)
	Paused     bool    // start paused

	Addr   string // where the caller should listen (default "127.0.0.1:8080": localhost only)
	Assets fs.FS  // the built viewer, served at / (index.html); nil serves a note instead

	MaxClients        int           // WebSocket clients at once (default 64; more get HTTP 503)
	MessagesPerSecond float64       // client messages per second (default 200; burst as many)
	WriteTimeout      time.Duration // a send blocked this long disconnects the client (default 5 s)
	PingInterval      time.Duration // keep-alive ping period; an unanswered ping (WriteTimeout) disconnects (default 5 s)
	ControlIdle       time.Duration // a "control" request takes control from a controller idle this long (default 30 s)
	OriginPatterns    []string      // extra allowed WebSocket origins (coder/websocket AcceptOptions)

	// RestartOnControl restarts the scene when a page takes control of a world no command has
	// touched since it was built (a page that connects first, or whose "control" request
	// succeeds): a newcomer sees the scene from its start instead of after its script has
	// ended. A world the user has worked on (any command since its build) is kept. Commands
	// that arrive while the restart is built wait for it (up to 256) and apply to it, in order.
	RestartOnControl bool

	// BuildTimeout bounds the building of a scene asked for by a reset, scene or param command
	// (it runs off the physics goroutine, which keeps stepping the old world meanwhile); a
	// build that takes longer is abandoned with an error to the client (default 20 s).
	BuildTimeout time.Duration

	// Haptic, if set, listens for a force-feedback device on the UDP bridge (see HapticConfig).
	// Device motion is not recorded: a session with a device does not replay bit for bit.
	Haptic *HapticConfig

	Record io.Writer            // if set, the session is recorded to it, flushed per command (see Replayer)
	Clock  Clock                // time source of the physics pacing (default: the real clock)
	Logf   func(string, ...any) // diagnostics (default: none)
}

// epoch is one built world: the one the physics goroutine steps, with its publisher and
// identifier. A reset, scene or param command starts a new epoch. Fields are immutable.
type epoch struct {
	n         uint64
	w         *world.World // only World.Knot may be read outside the physics goroutine
	pub       *publisher   // the world's snapshots and its tissues' frame records
	ident     *live.Identifier
	scene     string
	obstacles []ObstacleInfo
	meshes    []MeshInfo // the world's rigid meshes (they never move)
	params    Params
	solver    string
	userBase  int
}

type cmdMsg struct {
	c   *client
	cmd Command
}

// cmdControlGained is the server's own message to the physics goroutine that c has become the
// controller (Config.RestartOnControl); clients cannot send it (DecodeCommand knows no such type).
const cmdControlGained = "control gained"

// built is the outcome of a scene build started by a rebuilding command.
type built struct {
	m   cmdMsg
	sc  *scene.Scene
	sim *scene.Sim
	err error
}

// Server runs one interactive simulation and serves it to browsers.
type Server struct {
	cfg    Config
	scenes []string
	descr  map[string]string
	eng    *Engine // owned by the physics goroutine once Run has started
	cmds   chan cmdMsg
	builds chan built // results of scene builds (one at a time)
	// building is the rebuilding command whose scene is being built, or nil; physics goroutine.
	building *cmdMsg
	// restarting: the build under way is the restart for a page that took control of an
	// untouched world (RestartOnControl); the commands that arrive meanwhile, sent for the
	// restarted world its hello announced, wait in deferred until it is installed (physics
	// goroutine).
	restarting bool
	deferred   []cmdMsg
	// touched: a command has been applied to the world since it was built (written by the
	// physics goroutine)
	touched  atomic.Bool
	buildSim func(context.Context, *scene.Scene) (*scene.Sim, error) // BuildSim; tests replace it
	cur      atomic.Pointer[epoch]
	epochs   uint64

	paused atomic.Bool
	cycle  atomic.Int64  // the engine's cycle after the latest step
	cps    atomic.Uint64 // measured physics rate, float64 bits
	steps  atomic.Uint64 // cycles stepped since Run (benchmarks, tests)

	hub    hub
	rec    *recorder
	haptic *hapticBridge // nil without a device

	started   atomic.Bool
	runCancel context.CancelFunc
	loops     sync.WaitGroup // physics and broadcaster
	conns     sync.WaitGroup // WebSocket handlers
	closeOnce sync.Once
	closeErr  error

	apiMu   sync.Mutex
	apiSnap world.Snapshot
}

// hub is the set of connected clients and who controls the simulation.
type hub struct {
	mu          sync.Mutex
	clients     []*client // in connection order
	pending     int       // handshakes in progress
	closing     bool
	nextID      uint64
	controller  *client
	lastCommand time.Time // of the controller
	announced   *epoch    // the epoch whose hello/scene event clients have had
	lastKnot    []byte    // the latest knot event, for newcomers
	lastFrame   []byte    // the latest snapshot frame, for newcomers
}

// New builds the scene and prepares a server; Run starts the simulation.
func New(cfg Config) (*Server, error) {
	if cfg.Scene == nil {
		name := cfg.SceneName
		if name == "" {
			name = DefaultScene
		}
		sc, err := scene.Builtin(name)
		if err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
		cfg.Scene = sc
	}
	eng, err := NewEngine(cfg.Scene)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	if cfg.Rate == 0 {
		cfg.Rate = 1 / eng.Sim.Scene.Dt
	}
	if math.IsNaN(cfg.Rate) || math.IsInf(cfg.Rate, 0) || cfg.Rate > 1e7 {
		return nil, fmt.Errorf("server: rate %v Hz", cfg.Rate)
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = max(1, int(cfg.Rate/20))
	}
	def := func(v *float64, d, lo, hi float64, name string) error {
		if *v == 0 {
			*v = d
		}
		if !(*v >= lo && *v <= hi) {
			return fmt.Errorf("server: %s %v must be in %v..%v", name, *v, lo, hi)
		}
		return nil
	}
	if err := errors.Join(
		def(&cfg.SnapshotHz, DefaultSnapshotHz, 1, 1000, "snapshot rate"),
		def(&cfg.KnotHz, DefaultKnotHz, 0.1, 1000, "knot identification rate"),
		def(&cfg.MessagesPerSecond, DefaultMessagesPerSecond, 1, 1e6, "messages per second"),
	); err != nil {
		return nil, err
	}
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if cfg.MaxClients <= 0 {
		cfg.MaxClients = DefaultMaxClients
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = DefaultWriteTimeout
	}
	if cfg.PingInterval <= 0 {
		cfg.PingInterval = DefaultPingInterval
	}
	if cfg.ControlIdle <= 0 {
		cfg.ControlIdle = DefaultControlIdle
	}
	if cfg.BuildTimeout <= 0 {
		cfg.BuildTimeout = DefaultBuildTimeout
	}
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	s := &Server{cfg: cfg, eng: eng, cmds: make(chan cmdMsg, 1024), builds: make(chan built, 1), buildSim: BuildSim, scenes: eng.SceneNames(), descr: map[string]string{}}
	for _, n := range s.scenes {
		if sc, err := eng.Resolve(n); err == nil {
			s.descr[n] = sc.Description
		}
	}
	s.paused.Store(cfg.Paused)
	if cfg.Haptic != nil {
		if s.haptic, err = newHapticBridge(cfg.Haptic); err != nil {
			return nil, fmt.Errorf("server: haptic device: %w", err)
		}
		s.haptic.attach(eng.World())
	}
	if cfg.Record != nil {
		s.rec, err = newRecorder(cfg.Record, cfg.Scene)
		if err != nil {
			if s.haptic != nil {
				s.haptic.dev.Close()
			}
			return nil, fmt.Errorf("server: record: %w", err)
		}
	}
	ep := s.newEpoch(false)
	s.hub.announced = ep
	return s, nil
}

// Addr is where the server should listen (Config.Addr or its default).
func (s *Server) Addr() string { return s.cfg.Addr }

// Cycle returns the simulation's cycle after the latest step.
func (s *Server) Cycle() int { return int(s.cycle.Load()) }

// Steps returns how many cycles have been stepped since Run (across resets).
func (s *Server) Steps() uint64 { return s.steps.Load() }

// Clients returns how many WebSocket clients are connected.
func (s *Server) Clients() int {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return len(s.hub.clients)
}

// newEpoch publishes the engine's current world under a new epoch (stopping the previous
// epoch's identifier); with identify it starts the new one's. Physics goroutine (or before Run).
func (s *Server) newEpoch(identify bool) *epoch {
	if old := s.cur.Load(); old != nil && old.ident != nil {
		old.ident.Stop()
	}
	w := s.eng.World()
	s.epochs++
	ep := &epoch{n: s.epochs, w: w, pub: newPublisher(w), scene: SceneName(s.eng.Scene),
		params: s.eng.Params(), solver: s.eng.Sim.Scene.Solver.Type, userBase: s.eng.UserBase, obstacles: []ObstacleInfo{}}
	for _, o := range w.Obstacles {
		ep.obstacles = append(ep.obstacles, obstacleInfo(o))
	}
	ep.meshes = meshInfos(w)
	publishSync(ep.pub, w)
	if identify {
		s.startIdentifier(ep)
	}
	s.cycle.Store(int64(w.Cycle))
	s.cur.Store(ep)
	return ep
}

func (s *Server) startIdentifier(ep *epoch) {
	id, err := live.Start(ep.w, ep.pub.Publisher, live.WorldIdentifier(ep.w.Obstacles), s.cfg.KnotHz)
	if err != nil {
		s.cfg.Logf("knot identification: %v", err)
		return
	}
	ep.ident = id
}

// publishSync publishes w, retrying until no reader held the buffer: used when the world
// stops changing (pause, commands while paused, rebuilds), so that readers see its last state.
func publishSync(pub *publisher, w *world.World) {
	for {
		before := pub.Skipped()
		pub.Publish(w)
		if pub.Skipped() == before {
			return
		}
		runtime.Gosched()
	}
}

// Run starts the physics goroutine (stepping at Config.Rate, applying commands, publishing
// snapshots), the knot identifier and the snapshot broadcaster, and returns. They stop when
// ctx is cancelled or on Close.
func (s *Server) Run(ctx context.Context) error {
	if !s.started.CompareAndSwap(false, true) {
		return errors.New("server: Run called twice")
	}
	ctx, s.runCancel = context.WithCancel(ctx)
	s.startIdentifier(s.cur.Load())
	s.loops.Add(2)
	go func() { defer s.loops.Done(); s.physics(ctx) }()
	go func() { defer s.loops.Done(); s.broadcast(ctx) }()
	if s.haptic != nil {
		s.loops.Add(1)
		go func() { defer s.loops.Done(); s.haptic.run(ctx) }()
	}
	return nil
}

// Close stops the simulation, disconnects every client (close code 1001), stops knot
// identification and finishes the recording (its end line names the final cycle). It
// returns the recording's write error, if any. Safe to call more than once.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		if s.runCancel != nil {
			s.runCancel()
		}
		s.loops.Wait()
		s.hub.mu.Lock()
		s.hub.closing = true
		clients := slices.Clone(s.hub.clients)
		s.hub.mu.Unlock()
		for _, c := range clients {
			go func() {
				done := make(chan struct{})
				go func() { c.conn.Close(websocket.StatusGoingAway, "server closing"); close(done) }()
				select {
				case <-done:
				case <-time.After(time.Second):
					c.conn.CloseNow()
				}
				c.cancel()
			}()
		}
		s.conns.Wait()
		if ep := s.cur.Load(); ep != nil && ep.ident != nil {
			ep.ident.Stop()
		}
		if s.rec != nil {
			s.rec.end(s.eng.World().Cycle)
			s.closeErr = s.rec.flush()
		}
		if s.haptic != nil {
			s.haptic.dev.Close()
		}
	})
	return s.closeErr
}

// physics is the physics goroutine: it owns the engine.
func (s *Server) physics(ctx context.Context) {
	clk := s.cfg.Clock
	unpaced := s.cfg.Rate < 0
	sched := NewScheduler(max(s.cfg.Rate, 1), s.cfg.MaxBatch, clk.Now())
	meterT, meterN := clk.Now(), 0
	for {
	drain:
		for {
			select {
			case m := <-s.cmds:
				s.apply(ctx, m, sched)
			case b := <-s.builds:
				s.install(ctx, b, sched)
			default:
				break drain
			}
		}
		if ctx.Err() != nil {
			return
		}
		if s.paused.Load() || s.eng.Failed() != nil {
			s.cps.Store(0)
			select {
			case <-ctx.Done():
				return
			case m := <-s.cmds:
				s.apply(ctx, m, sched)
			case b := <-s.builds:
				s.install(ctx, b, sched)
			}
			meterT, meterN = clk.Now(), 0
			continue
		}
		n := 1
		if !unpaced {
			n = sched.Due(clk.Now())
		}
		for range n {
			if !s.step(false) {
				break
			}
			meterN++
		}
		now := clk.Now()
		if el := now.Sub(meterT); el >= 500*time.Millisecond {
			s.cps.Store(math.Float64bits(float64(meterN) / el.Seconds()))
			meterT, meterN = now, 0
		}
		if unpaced {
			continue
		}
		if d := sched.Next().Sub(now); d > 0 {
			select {
			case <-ctx.Done():
				return
			case m := <-s.cmds:
				s.apply(ctx, m, sched)
			case b := <-s.builds:
				s.install(ctx, b, sched)
			case <-clk.After(d):
			}
		}
	}
}

// step runs one cycle and publishes it; on a failed step it pauses and tells every client.
func (s *Server) step(sync bool) bool {
	ep := s.cur.Load()
	if s.haptic != nil {
		s.haptic.before(s.eng.World(), s.eng.takeOver)
	}
	err := s.eng.Step()
	w := s.eng.World()
	if s.haptic != nil && err == nil {
		s.haptic.after(w)
	}
	s.cycle.Store(int64(w.Cycle))
	if err != nil {
		publishSync(ep.pub, w)
		s.paused.Store(true)
		s.cfg.Logf("physics stopped: %v", err)
		s.hub.broadcastJSON(ErrorEvent{Type: "error", Message: "physics stopped: " + err.Error() + "; send reset"})
		s.broadcastState()
		return false
	}
	s.steps.Add(1)
	if sync {
		publishSync(ep.pub, w)
	} else {
		ep.pub.Publish(w)
	}
	return true
}

// apply carries out one command on the physics goroutine. A command that rebuilds the world
// (reset, scene, param) is checked here and built on a goroutine of its own, so that physics,
// the other commands and shutdown never wait for a layout; install applies its result.
func (s *Server) apply(ctx context.Context, m cmdMsg, sched *Scheduler) {
	cmd := m.cmd
	cycle := s.eng.World().Cycle
	if cmd.Type == cmdControlGained {
		// a newcomer took control: an untouched world that has run restarts from its start
		if !s.touched.Load() && cycle > 0 && s.building == nil {
			s.startBuild(ctx, cmdMsg{m.c, Command{Type: CmdReset}})
			s.restarting = s.building != nil
		}
		return
	}
	if s.restarting {
		if len(s.deferred) >= maxDeferred {
			m.c.pushError("%s: more than %d commands while the scene restarts; this one is dropped", cmd.Type, maxDeferred)
			return
		}
		s.deferred = append(s.deferred, m)
		return
	}
	s.touched.Store(true)
	switch cmd.Type {
	case CmdPlay:
		if s.eng.Failed() != nil {
			m.c.pushError("play: physics stopped (%v); send reset", s.eng.Failed())
			return
		}
		s.record(cycle, cmd)
		s.paused.Store(false)
		sched.Restart(s.cfg.Clock.Now())
		s.broadcastState()
	case CmdPause:
		s.record(cycle, cmd)
		publishSync(s.cur.Load().pub, s.eng.World())
		s.paused.Store(true)
		if s.rec != nil {
			s.rec.flush()
		}
		s.broadcastState()
	case CmdStep:
		if !s.paused.Load() {
			m.c.pushError("step: only while paused")
			return
		}
		if s.eng.Failed() != nil {
			m.c.pushError("step: physics stopped (%v); send reset", s.eng.Failed())
			return
		}
		s.record(cycle, cmd)
		s.step(true)
	default:
		if Rebuilds(cmd) {
			s.startBuild(ctx, m)
			return
		}
		rebuilt, err := s.eng.Apply(cmd)
		if err != nil {
			m.c.pushError("%v", err)
			return
		}
		s.record(cycle, cmd)
		if rebuilt {
			s.newEpoch(true)
		} else if s.paused.Load() {
			publishSync(s.cur.Load().pub, s.eng.World())
		}
	}
}

// startBuild checks a rebuilding command and builds its scene off the physics goroutine.
func (s *Server) startBuild(ctx context.Context, m cmdMsg) {
	if s.building != nil {
		m.c.pushError("%s: the scene of an earlier %s command is still being built; try again when it is ready", m.cmd.Type, s.building.cmd.Type)
		return
	}
	sc, err := s.eng.Prepare(m.cmd)
	if err != nil {
		m.c.pushError("%v", err)
		return
	}
	s.building = &m
	bctx, cancel := context.WithTimeoutCause(ctx, s.cfg.BuildTimeout,
		fmt.Errorf("building the scene took longer than %v and was abandoned", s.cfg.BuildTimeout))
	go func() {
		defer cancel()
		sim, err := s.buildSim(bctx, sc)
		s.builds <- built{m: m, sc: sc, sim: sim, err: err}
	}()
}

// maxDeferred bounds the commands kept while a restart for a newcomer is built.
const maxDeferred = 256

// install makes a finished build the running world (physics goroutine), or reports its error;
// the command is recorded at the cycle it takes effect. Then the commands deferred during a
// restart are applied, in order.
func (s *Server) install(ctx context.Context, b built, sched *Scheduler) {
	s.building = nil
	if s.restarting {
		s.restarting = false
		defer func() {
			q := s.deferred
			s.deferred = nil
			for _, m := range q {
				s.apply(ctx, m, sched)
			}
		}()
	}
	if b.err != nil {
		if b.m.cmd.Type == CmdParam {
			b.err = fmt.Errorf("param: %w", b.err)
		}
		s.cfg.Logf("%s: %v", b.m.cmd.Type, b.err)
		b.m.c.pushError("%v", b.err)
		return
	}
	s.record(s.eng.World().Cycle, b.m.cmd)
	if s.haptic != nil {
		s.haptic.attach(b.sim.World)
	}
	s.eng.Install(b.sc, b.sim)
	s.touched.Store(false)
	s.newEpoch(true)
	if s.paused.Load() {
		s.broadcastState()
	}
}

func (s *Server) record(cycle int, cmd Command) {
	if s.rec == nil {
		return
	}
	if err := s.rec.command(cycle, cmd); err != nil {
		s.cfg.Logf("record: %v", err)
	}
}

// broadcastState sends every client the pause state and its controller flag.
func (s *Server) broadcastState() {
	h := &s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range h.clients {
		c.pushJSON(StateEvent{Type: "state", Paused: s.paused.Load(), Controller: c == h.controller})
	}
}

func (h *hub) broadcastJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range h.clients {
		c.pushEvent(b)
	}
}

func (s *Server) sceneEvent(typ string, ep *epoch, controller bool) SceneEvent {
	return SceneEvent{Type: typ, Version: Version, Scenes: s.scenes, Scene: ep.scene, Controller: controller,
		Obstacles: ep.obstacles, Meshes: ep.meshes, Tissues: ep.pub.infos(), Params: ep.params, Solver: ep.solver, Solvers: scene.SolverTypes}
}

// broadcast is the snapshot goroutine: at SnapshotHz it encodes the newest published
// snapshot once and hands the frame to every client's queue (never waiting for a client).
func (s *Server) broadcast(ctx context.Context) {
	t := time.NewTicker(time.Duration(float64(time.Second) / s.cfg.SnapshotHz))
	defer t.Stop()
	var snap world.Snapshot
	var tissues []TissueFrame
	var lastSeq uint64
	var lastKnot *world.KnotReport
	s.hub.mu.Lock()
	lastEp := s.hub.announced
	s.hub.mu.Unlock()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ep := s.cur.Load()
		h := &s.hub
		if ep != lastEp {
			h.mu.Lock()
			h.announced, h.lastKnot, h.lastFrame = ep, nil, nil
			for _, c := range h.clients {
				c.pushJSON(s.sceneEvent("scene", ep, c == h.controller))
			}
			h.mu.Unlock()
			lastEp, lastSeq, lastKnot = ep, 0, nil
		}
		if k := ep.w.Knot.Load(); k != nil && (lastKnot == nil || (k != lastKnot && !sameKnot(k, lastKnot))) {
			b, err := json.Marshal(knotEvent(k))
			if err == nil {
				h.mu.Lock()
				h.lastKnot = b
				for _, c := range h.clients {
					c.pushEvent(b)
				}
				h.mu.Unlock()
			}
			lastKnot = k
		}
		n := ep.pub.Latest(&snap, &tissues)
		if n == 0 || n == lastSeq {
			continue
		}
		lastSeq = n
		frame := EncodeFrame(make([]byte, 0, FrameSize(&snap, tissues)),
			&snap, tissues, ep.userBase, math.Float64frombits(s.cps.Load()))
		h.mu.Lock()
		h.lastFrame = frame
		for _, c := range h.clients {
			c.pushFrame(frame)
		}
		h.mu.Unlock()
	}
}

// Handler serves the viewer at /, the WebSocket at /ws, and /api/state and /api/scenes. A
// server that listens on a loopback address (Config.Addr; the default) answers only requests
// addressed to a localhost name (Host localhost, 127.0.0.1 or [::1], any port): a web page
// whose name was rebound to 127.0.0.1 (DNS rebinding) gets 403 instead of the rope and its
// controls. One listening on another address serves every name.
func (s *Server) Handler() http.Handler {
	mux := s.routes()
	if !loopback(s.cfg.Addr) {
		return mux
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !localName(r.Host) {
			http.Error(w, fmt.Sprintf("knotsim: %q is not a localhost name: this server answers localhost only (DNS rebinding?); give -addr to serve other names", r.Host), http.StatusForbidden)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// loopback reports whether the listen address addr ("host:port"; "" the default) is on a
// loopback interface.
func loopback(addr string) bool {
	if addr == "" {
		addr = DefaultAddr
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// localName reports whether a request's Host (name or address, with or without a port) is a
// localhost name.
func localName(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// routes is the server's mux.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", s.serveWS)
	mux.HandleFunc("GET /api/state", s.serveState)
	mux.HandleFunc("GET /api/scenes", s.serveScenes)
	if s.cfg.Assets != nil {
		mux.Handle("GET /", http.FileServerFS(s.cfg.Assets))
	} else {
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintln(w, "knotsim server: no viewer assets; see /api/state, /api/scenes and the WebSocket at /ws")
		})
	}
	return mux
}

// APIState is the JSON of GET /api/state.
type APIState struct {
	Cycle  int          `json:"cycle"`
	Time   float64      `json:"time"`
	Scene  string       `json:"scene"`
	Paused bool         `json:"paused"`
	Nodes  [][3]float64 `json:"nodes"`
	Tools  []APITool    `json:"tools"`
	Knot   *KnotEvent   `json:"knot"`
	Stats  APIStats     `json:"stats"`
}

// APITool is one tool of APIState.
type APITool struct {
	Name       string     `json:"name"`
	Node       int        `json:"node"` // −1: holds nothing
	Active     bool       `json:"active"`
	Controller bool       `json:"controller"` // a user tool (0, 1 in commands), not a scripted one
	Target     [3]float64 `json:"target"`
}

// APIStats is the stats object of APIState.
type APIStats struct {
	Contacts        int     `json:"contacts"`
	Clusters        int     `json:"clusters"`
	CyclesPerSecond float64 `json:"cycles_per_second"`
}

// State returns what GET /api/state serves: the newest published snapshot.
func (s *Server) State() APIState {
	ep := s.cur.Load()
	s.apiMu.Lock()
	defer s.apiMu.Unlock()
	snap := &s.apiSnap
	ep.pub.Latest(snap, nil)
	st := APIState{Cycle: snap.Cycle, Time: snap.Time, Scene: ep.scene, Paused: s.paused.Load(),
		Nodes: make([][3]float64, len(snap.Pos)), Tools: make([]APITool, len(snap.Tools)),
		Stats: APIStats{Contacts: snap.Stats.Contacts, Clusters: snap.Stats.Clusters, CyclesPerSecond: math.Float64frombits(s.cps.Load())}}
	for i, p := range snap.Pos {
		st.Nodes[i] = [3]float64{p.X, p.Y, p.Z}
	}
	for i, t := range snap.Tools {
		node := -1
		if t.Active {
			node = t.Node
		}
		st.Tools[i] = APITool{Name: t.Name, Node: node, Active: t.Active, Controller: i >= ep.userBase, Target: [3]float64{t.Target.X, t.Target.Y, t.Target.Z}}
	}
	if k := ep.w.Knot.Load(); k != nil {
		e := knotEvent(k)
		st.Knot = &e
	}
	return st
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

func (s *Server) serveState(w http.ResponseWriter, r *http.Request) { writeJSON(w, s.State()) }

// APIScene is one entry of GET /api/scenes.
type APIScene struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

func (s *Server) serveScenes(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Scenes  []APIScene `json:"scenes"`
		Current string     `json:"current"`
	}{Current: s.cur.Load().scene}
	for _, n := range s.scenes {
		out.Scenes = append(out.Scenes, APIScene{Name: n, Description: s.descr[n]})
	}
	writeJSON(w, out)
}

// serveWS upgrades to a WebSocket and runs the client until it or the server goes away.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	h := &s.hub
	h.mu.Lock()
	if h.closing || len(h.clients)+h.pending >= s.cfg.MaxClients {
		h.mu.Unlock()
		http.Error(w, "too many clients", http.StatusServiceUnavailable)
		return
	}
	h.pending++
	s.conns.Add(1)
	h.mu.Unlock()
	defer s.conns.Done()
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		h.mu.Lock()
		h.pending--
		h.mu.Unlock()
		return
	}
	conn.SetReadLimit(HardReadLimit)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	restarting := false
	h.mu.Lock()
	h.pending--
	if h.closing {
		h.mu.Unlock()
		conn.Close(websocket.StatusGoingAway, "server closing")
		return
	}
	h.nextID++
	c := newClient(h.nextID, conn, cancel, s.cfg.MessagesPerSecond)
	h.clients = append(h.clients, c)
	if h.controller == nil {
		h.controller = c
		h.lastCommand = s.cfg.Clock.Now()
		restarting = s.controlGained(c)
	}
	hello := s.sceneEvent("hello", h.announced, c == h.controller)
	hello.Restarting = restarting
	c.pushJSON(hello)
	c.pushJSON(StateEvent{Type: "state", Paused: s.paused.Load(), Controller: c == h.controller})
	if h.lastKnot != nil {
		c.pushEvent(h.lastKnot)
	}
	if h.lastFrame != nil {
		c.pushFrame(h.lastFrame)
	}
	h.mu.Unlock()

	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.writeLoop(ctx, s.cfg.WriteTimeout) }()
	go func() { defer wg.Done(); c.pingLoop(ctx, s.cfg.PingInterval, s.cfg.WriteTimeout) }()
	s.readLoop(ctx, c)
	cancel()
	wg.Wait()
	s.removeClient(c)
	conn.CloseNow()
}

// removeClient forgets c; if it was the controller, control passes to the longest-connected
// remaining client.
func (s *Server) removeClient(c *client) {
	h := &s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	h.clients = slices.DeleteFunc(h.clients, func(x *client) bool { return x == c })
	if h.controller == c {
		h.controller = nil
		if len(h.clients) > 0 {
			h.controller = h.clients[0]
			h.lastCommand = s.cfg.Clock.Now()
			h.controller.pushJSON(StateEvent{Type: "state", Paused: s.paused.Load(), Controller: true})
		}
	}
}

// readLoop reads client messages until the connection fails: rate limit, size limit, decode,
// controller check, then hands commands to the physics goroutine.
func (s *Server) readLoop(ctx context.Context, c *client) {
	rate := s.cfg.MessagesPerSecond
	for {
		typ, data, err := c.conn.Read(ctx)
		if err != nil {
			return
		}
		now := time.Now()
		if !c.allow(now, rate) {
			if now.Sub(c.rateErrAt) >= time.Second { // one such error per second at most
				c.rateErrAt = now
				c.pushError("too many messages: at most %g per second; messages dropped", rate)
			}
			continue
		}
		if typ != websocket.MessageText {
			c.pushError("binary messages are not accepted; send JSON text")
			continue
		}
		cmd, err := DecodeCommand(data)
		if err != nil {
			c.pushError("%v", err)
			continue
		}
		if cmd.Type == CmdControl {
			s.requestControl(c)
			continue
		}
		h := &s.hub
		h.mu.Lock()
		ok := h.controller == c
		if ok {
			h.lastCommand = s.cfg.Clock.Now()
		}
		h.mu.Unlock()
		if !ok {
			c.pushError("%s: you are watching; only the controller may send commands (send {\"type\":\"control\"} to ask)", cmd.Type)
			continue
		}
		select {
		case s.cmds <- cmdMsg{c, cmd}:
		default:
			c.pushError("%s: server busy, command dropped", cmd.Type)
		}
	}
}

// requestControl gives c control if nobody has it or the controller has been idle for
// ControlIdle.
func (s *Server) requestControl(c *client) {
	h := &s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	now := s.cfg.Clock.Now()
	switch {
	case h.controller == c:
	case h.controller == nil || now.Sub(h.lastCommand) >= s.cfg.ControlIdle:
		if old := h.controller; old != nil {
			old.pushJSON(StateEvent{Type: "state", Paused: s.paused.Load(), Controller: false})
		}
		h.controller, h.lastCommand = c, now
		s.controlGained(c)
	default:
		c.pushError("control: another client is the controller; control passes when it disconnects or has been idle for %v", s.cfg.ControlIdle)
		return
	}
	c.pushJSON(StateEvent{Type: "state", Paused: s.paused.Load(), Controller: true})
}

// controlGained tells the physics goroutine that c took control (Config.RestartOnControl) and
// reports whether the world will restart for it (untouched and stepped; the physics goroutine
// checks again).
func (s *Server) controlGained(c *client) bool {
	if !s.cfg.RestartOnControl || s.touched.Load() || s.cycle.Load() == 0 {
		return false
	}
	select {
	case s.cmds <- cmdMsg{c, Command{Type: cmdControlGained}}:
		return true
	default: // physics is flooded with commands: the world is not untouched anyway
		return false
	}
}
