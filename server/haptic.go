package server

import (
	"context"
	"math"

	"github.com/knotsim/knotsim/haptics"
	"github.com/knotsim/knotsim/solver"
	"github.com/knotsim/knotsim/vec"
	"github.com/knotsim/knotsim/world"
)

// HapticConfig connects a force-feedback device through the UDP bridge (package haptics):
// the device's tool grasps the node nearest to it while its grasp button is held, and feels
// the rope through a virtual coupling rendered by a 1 kHz loop of its own. In a scene with
// forceps the device drives the first forceps instead: its tip follows the device, the grasp
// button closes the jaws, and the device feels what the forceps feels (the thread's pull on
// the nodes it holds, and the jaws' lag behind the device as the coupling spring).
type HapticConfig struct {
	Addr string         // UDP address to listen on (default haptics.DefaultUDPAddr, localhost)
	Loop haptics.Config // the loop's rate, coupling, clamp, filter and watchdog (zero: DefaultConfig)
	UDP  haptics.UDPConfig
}

// hapticBridge joins the haptic loop to the physics goroutine. The device drives a world tool
// of its own ("haptic", after the user tools; controller-owned in snapshots) that targets the
// device's position. Under a physical solver the tool is the coupling spring itself (a grasp
// of the loop's stiffness, solved implicitly, so the spring the device feels and the spring
// that pulls the rope are the same); under FTL, which has no forces, it holds the node at the
// device's position and the coupling spring renders the lag.
type hapticBridge struct {
	dev  *haptics.UDPDevice
	ex   haptics.Exchange
	loop *haptics.Loop

	tool    int     // index of the haptic tool in the current world
	prevPos vec.V3  // node position before the step (velocity for solvers without one)
	forceps int     // the forceps the device drives (the world's first), or −1: it drives the tool
	openGap float64 // m, the gap the device's forceps opens to: as the scene had it, at least twice its grab
}

func newHapticBridge(cfg *HapticConfig) (*hapticBridge, error) {
	addr := cfg.Addr
	if addr == "" {
		addr = haptics.DefaultUDPAddr
	}
	lc := cfg.Loop
	if lc == (haptics.Config{}) {
		lc = haptics.DefaultConfig()
	}
	dev, err := haptics.ListenUDP(addr, cfg.UDP)
	if err != nil {
		return nil, err
	}
	h := &hapticBridge{dev: dev}
	if h.loop, err = haptics.NewLoop(dev, &h.ex, lc); err != nil {
		dev.Close()
		return nil, err
	}
	return h, nil
}

// attach adds the haptic tool to a freshly built world.
func (h *hapticBridge) attach(w *world.World) {
	h.tool = w.AddTool(world.Tool{Name: "haptic", Node: 0})
	h.forceps = -1
	if len(w.Forceps) > 0 {
		f := &w.Forceps[0]
		h.forceps, h.openGap = 0, math.Max(f.Gap, 2*f.Geometry.Grab)
	}
	h.ex.PublishProxy(vec.V3{}, vec.V3{}, false)
}

// before sets the haptic tool (or forceps) from the latest coupling; physics goroutine, before
// a step. takeOver stops the scene's script (a present device drives its forceps).
func (h *hapticBridge) before(w *world.World, takeOver func()) {
	t := &w.Tools[h.tool]
	c := h.ex.Coupling()
	if h.forceps >= 0 {
		t.Active = false
		if !c.Present {
			return // the forceps stays where the device left it
		}
		takeOver()
		f := &w.Forceps[h.forceps]
		f.Tip, f.Gap = c.Tool, h.openGap
		if c.Buttons&haptics.ButtonGrasp != 0 {
			f.Gap = 0
		}
		return
	}
	grasp := c.Present && c.Buttons&haptics.ButtonGrasp != 0
	if !grasp {
		t.Active = false
		return
	}
	if !t.Active {
		t.Node, t.Active = nearestFreeNode(w, c.Tool, h.tool), true
		if t.Node < 0 {
			t.Active = false
			return
		}
	}
	t.Mode, t.Target = solver.HoldPosition, c.Tool
	if _, physical := w.Solver.(solver.Physical); physical {
		// The coupling spring is solved implicitly by the solver: applied as an explicit force
		// on a node of 0.1 g, a 200 N/m spring with its damper would be unstable at 1 kHz.
		t.Stiffness = h.loop.Config().Stiffness
	}
	h.prevPos = w.State.Pos[t.Node]
}

// after publishes the grasped node for the loop; physics goroutine, after a step.
func (h *hapticBridge) after(w *world.World) {
	if h.forceps >= 0 {
		// The proxy is where the jaws' tip is, less the thread's pull over the coupling
		// stiffness: the coupling force k·(device − proxy) is then the forceps' force on the
		// thread plus the spring of the jaws' lag, and the device feels the opposite.
		c := h.ex.Coupling()
		if !c.Present {
			h.ex.PublishProxy(vec.V3{}, vec.V3{}, false)
			return
		}
		jaws := w.Jaws(h.forceps)
		tip := jaws[0].A.Add(jaws[1].A).Scale(0.5)
		pull := w.Forceps[h.forceps].Applied.Scale(1 / h.loop.Config().Stiffness)
		h.ex.PublishProxy(tip.Sub(pull), c.ToolVel, true)
		return
	}
	t := &w.Tools[h.tool]
	if !t.Active {
		h.ex.PublishProxy(vec.V3{}, vec.V3{}, false)
		return
	}
	pos := w.State.Pos[t.Node]
	var vel vec.V3
	if p, ok := w.Solver.(solver.Physical); ok {
		vel = p.Velocity(t.Node)
	} else {
		vel = pos.Sub(h.prevPos).Scale(1 / w.Dt)
	}
	h.ex.PublishProxy(pos, vel, true)
}

// nearestFreeNode returns the node nearest to p that no other active tool holds, or −1.
func nearestFreeNode(w *world.World, p vec.V3, self int) int {
	best, bd := -1, math.Inf(1)
	for i, q := range w.State.Pos {
		if d := q.Dist2(p); d < bd && !held(w, i, self) {
			best, bd = i, d
		}
	}
	return best
}

func held(w *world.World, node, except int) bool {
	for i, t := range w.Tools {
		if i != except && t.Active && t.Node == node {
			return true
		}
	}
	return false
}

// run runs the haptic loop until ctx ends.
func (h *hapticBridge) run(ctx context.Context) error { return h.loop.Run(ctx) }

// HapticStats returns the haptic loop's statistics (zero without a device).
func (s *Server) HapticStats() haptics.Stats {
	if s.haptic == nil {
		return haptics.Stats{}
	}
	return s.haptic.loop.Stats()
}

// HapticAddr returns the UDP address the haptic bridge listens on, or "" without one.
func (s *Server) HapticAddr() string {
	if s.haptic == nil {
		return ""
	}
	return s.haptic.dev.Addr().String()
}
