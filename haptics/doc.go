// Package haptics couples a force-feedback device to the simulation: a device interface (pose
// in, force out), an allocation-free exchange with the physics goroutine, a 1 kHz loop with a
// virtual coupling, and a versioned UDP bridge protocol for devices driven by another process.
//
// # Units and frames
//
// SI everywhere: positions in m, velocities in m/s, forces in N, stiffness in N/m, damping in
// N·s/m, frequencies in Hz. The device's frame is the world's frame (a workspace mapping, if a
// device needs one, belongs to its Device implementation); Config.Clutch adds an offset taken
// at each engagement so that the tool starts where the grasped node is.
//
// # Goroutines
//
//	physics goroutine (1 kHz, owns the world)      haptic goroutine (Loop.Run, 1 kHz)
//	  Exchange.PublishProxy(x_node, v_node, ok) ─►   Sim.Proxy()         grasped node
//	  Exchange.CouplingForce() → force on node  ◄─   Sim.SetCoupling()   F, tool pose, active
//	                                                 Device.Read()       tool tip, buttons
//	                                                 Device.WriteForce() −F, filtered, clamped
//
// The two sides never wait for each other: each reads the latest value the other published
// (an Exchange holds one value in each direction behind a mutex held for a copy of a few
// words). Neither side allocates per step.
//
// # The virtual coupling
//
// Each tick the loop reads the device and the proxy (the grasped node) and computes the force
// of a spring–damper between them, applied to the node:
//
//	F = k·(x_dev − x_node) + b·(v_dev − v_node)        k = Config.Stiffness, b = Config.Damping
//
// The device receives the opposite force, −F, clamped to Config.MaxForce and low-pass filtered
// by a first-order IIR with cutoff f_c (y ← y + α·(u − y), α = 1 − exp(−2π·f_c/Rate), the exact
// sampling of 1/(1 + s/(2π f_c)), so a step of size u gives u·(1 − exp(−2π f_c t)) at the
// ticks); the result is clamped again so that no rounding ever exceeds MaxForce. Clamping
// before the filter means a transient demand far above MaxForce does not wind the filter up.
//
// Safety rules: a non-finite position or velocity from the device or the proxy, or a
// non-finite force, never reaches the device (it gets zero force, the coupling turns inactive,
// the filter restarts and Stats counts it); when the device has produced no new sample (a new
// Sample.Seq) for Config.Timeout the watchdog releases the coupling and writes zero force, and
// the coupling engages again when samples return.
//
// # UDP bridge protocol, version 1
//
// One message per datagram; every field little-endian; floats are IEEE-754 float64 and must be
// finite. A message is a 16-byte header and a body whose length is fixed by its type; a
// decoder rejects a wrong magic, version, type, length, non-zero reserved or padding bytes,
// unknown flag bits and non-finite floats (Decode never panics; FuzzDecode checks it).
//
//	header (16 bytes)
//	  0  magic    uint32  0x50484E4B, the bytes "KNHP"
//	  4  version  uint16  1
//	  6  type     uint8   1 hello, 2 bye, 3 pose, 4 force
//	  7  reserved uint8   0
//	  8  seq      uint64  the sender's message counter (increasing)
//
//	hello (16 bytes, device ↔ server)  header only. A device sends it first; the server
//	                                   answers with its own hello; seq counting restarts.
//	bye   (16 bytes, device ↔ server)  header only. The sender stops; the peer slot is free.
//	pose  (80 bytes, device → server)
//	  16 time     float64  s, the device's clock (monotonic, any origin)
//	  24 pos      3×float64 m, tool tip x, y, z
//	  48 vel      3×float64 m/s
//	  72 buttons  uint32   bit i = button i pressed (bit 0: grasp)
//	  76 pad      uint32   0
//	force (56 bytes, server → device)
//	  16 echo     uint64   seq of the latest pose the force was computed from
//	  24 force    3×float64 N, to render at the tool tip
//	  48 status   uint32   bit 0 engaged, bit 1 released by the watchdog, bit 2 clamped
//	  52 pad      uint32   0
//
// The server (UDPDevice) serves one peer at a time: the first that sends a hello or a pose,
// until it says bye or stays silent for UDPConfig.PeerTimeout; datagrams from other peers and
// poses older than the latest (UDP reorders) are dropped. The protocol has no authentication:
// listen on a loopback address (DefaultUDPAddr).
package haptics
