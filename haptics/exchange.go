package haptics

import (
	"sync"

	"github.com/knotsim/knotsim/vec"
)

// Sim is the simulation side of the virtual coupling as the haptic loop sees it. *Exchange
// implements it; the physics goroutine talks to the Exchange. Both methods are called from
// the loop's goroutine once per tick and must neither block for long nor allocate.
type Sim interface {
	// Proxy returns the grasped node's latest position (m) and velocity (m/s); ok is false
	// when no node is grasped.
	Proxy() (pos, vel vec.V3, ok bool)
	// SetCoupling publishes the loop's result for this tick.
	SetCoupling(c Coupling)
}

// Coupling is what the haptic loop publishes for the physics each tick.
type Coupling struct {
	// Force is the coupling force to apply to the grasped node, N (zero when not Active).
	Force vec.V3
	// Active is true when the coupling holds the grasped node: a node is grasped, the device is
	// alive and every input is finite. When false the physics applies no coupling force.
	Active bool
	// Present is true while the device is alive (a new sample within Config.Timeout) and its
	// sample is finite; the physics may then grasp the node nearest to Tool when
	// Buttons&ButtonGrasp is set, and release it when the button is let go.
	Present bool
	// Tool is the device's tool tip in the world frame, m (the clutch offset applied).
	Tool vec.V3
	// ToolVel is the tool tip's velocity, m/s.
	ToolVel vec.V3
	// Buttons is the device's button state.
	Buttons Buttons
	// Tick is the loop's tick counter when it published this value.
	Tick uint64
}

// Exchange passes the latest values between the physics goroutine and the haptic loop: the
// grasped node one way, the coupling force and tool pose the other way. Neither side waits for
// the other beyond a copy of a few words, and nothing allocates. The zero value is ready: no
// proxy, coupling inactive.
//
// Concurrency: every method may be called from any goroutine. By convention the physics
// goroutine calls PublishProxy, CouplingForce and Coupling; the haptic loop calls Proxy and
// SetCoupling. (A mutex, not a seqlock: a seqlock's racy reads of the payload are data races
// in Go's memory model and under -race, and an uncontended Lock/Unlock costs ~20 ns.)
type Exchange struct {
	mu       sync.Mutex
	proxyPos vec.V3
	proxyVel vec.V3
	proxyOK  bool
	proxySeq uint64
	coupling Coupling
}

// PublishProxy is called by the physics goroutine after each step with the grasped node's
// position (m) and velocity (m/s); ok = false says that no node is grasped (pos and vel are
// then ignored).
func (e *Exchange) PublishProxy(pos, vel vec.V3, ok bool) {
	e.mu.Lock()
	if ok {
		e.proxyPos, e.proxyVel = pos, vel
	} else {
		e.proxyPos, e.proxyVel = vec.V3{}, vec.V3{}
	}
	e.proxyOK = ok
	e.proxySeq++
	e.mu.Unlock()
}

// CouplingForce returns the force the physics applies to the grasped node this step, N, and
// whether the coupling is active (when it is not, f is zero and no force is applied).
func (e *Exchange) CouplingForce() (f vec.V3, active bool) {
	e.mu.Lock()
	f, active = e.coupling.Force, e.coupling.Active
	e.mu.Unlock()
	return f, active
}

// Coupling returns the loop's latest published value: force, activity, tool pose and buttons.
func (e *Exchange) Coupling() Coupling {
	e.mu.Lock()
	c := e.coupling
	e.mu.Unlock()
	return c
}

// Proxy returns the grasped node's latest published position (m) and velocity (m/s), and
// whether a node is grasped.
func (e *Exchange) Proxy() (pos, vel vec.V3, ok bool) {
	e.mu.Lock()
	pos, vel, ok = e.proxyPos, e.proxyVel, e.proxyOK
	e.mu.Unlock()
	return pos, vel, ok
}

// ProxySeq returns how many times PublishProxy has been called (to tell a stalled physics).
func (e *Exchange) ProxySeq() uint64 {
	e.mu.Lock()
	n := e.proxySeq
	e.mu.Unlock()
	return n
}

// SetCoupling publishes the haptic loop's result for this tick. An inactive coupling is stored
// with a zero force whatever c.Force says.
func (e *Exchange) SetCoupling(c Coupling) {
	if !c.Active {
		c.Force = vec.V3{}
	}
	e.mu.Lock()
	e.coupling = c
	e.mu.Unlock()
}

var _ Sim = (*Exchange)(nil)
