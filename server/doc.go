// Package server serves a running simulation to browsers: the viewer's files at /, a
// WebSocket at /ws that streams snapshots and takes commands, and a small JSON API.
//
// # Goroutines
//
// The physics goroutine owns the Engine (a scene.Sim plus two user tools): it steps at the
// fixed rate (Config.Rate, real time by default, paced by a Scheduler with a catch-up cap),
// applies commands between steps, and calls world.Publisher.Publish after each step. Knot
// identification runs on its own goroutine (knot/live, 10 Hz) from the same publisher. The
// broadcaster reads the newest published snapshot at SnapshotHz (never the live world),
// encodes it once and hands the frame to every client's queue without waiting. Each client
// has a writer goroutine (its queue: text events in order, bounded at 256, and one snapshot
// slot where a newer frame replaces an unsent one), a ping goroutine and a reader. Nothing a
// client does can block physics or another client: a client that stops reading loses frames
// (only the newest is kept) and is disconnected when a write or a ping has waited
// WriteTimeout (default 5 s) or its event queue overflows.
//
// # Protocol, version 3
//
// Server→client binary frames are snapshots, little-endian (every length is exact: a frame
// with more or fewer bytes than its header implies is malformed):
//
//	offset  type   field
//	0       u32    magic 0x324E534B ("KSN2")
//	4       u32    cycle
//	8       f64    time, s
//	16      f32    cycles_per_second (measured physics rate; 0 while paused)
//	20      u16    contacts
//	22      u16    clusters
//	24      u16    nStrands
//	26      u16    nTools
//	28      u32    nNodes
//	32      u32    flags: bit 0 tensions present, bit 1 contacts present, bit 2 tissues
//	               present; other bits are 0 (a decoder refuses them)
//	36      nStrands × { u32 first node, u32 nodes, f32 radius (m) }            (12 bytes each)
//	        nNodes × { f32 x, f32 y, f32 z } (m)                               (12 bytes each)
//	        nTools × {                                                         (32 bytes each)
//	          +0   i32    node (−1: holds nothing)
//	          +4   u8     active
//	          +5   u8     controller-owned
//	          +6   u8     has-force: 1 when the solver has a force model and the tool is active
//	          +7   u8     mode: 0 holds its node at the target, 1 pulls it with a set force
//	          +8   f32×3  target (m)
//	          +20  f32×3  force the tool exerts on the rope (N; 0 when has-force is 0)
//	        }
//	        if flags bit 0: nSegments × f32 tension (N, positive stretched), in global segment
//	        order (strand by strand, segment i joins nodes first+i and first+i+1);
//	        nSegments = Σ max(nodes − 1, 0) over the frame's strands
//	        if flags bit 1: u32 nContacts (≤ MaxFrameContacts = 4096: the first ones in the
//	        solver's order when it has more), f32 residual of the contact solve (m), then
//	        nContacts × {                                                      (36 bytes each)
//	          +0   f32×3  contact point on segment A's axis (m)
//	          +12  f32×3  normal force on A: Fn·normal, the normal from B or the obstacle to A (N)
//	          +24  f32×3  tangential (friction) force on A (N; B takes the opposite forces)
//	        }
//	        if flags bit 2: u32 nTissues (≤ MaxFrameTissues = 16), then nTissues × {
//	          u32    n: the tissue's frame nodes (its "surface" in the hello; 0 when "omitted")
//	          n × { f32 x, f32 y, f32 z }  positions (m)                        (12 bytes each)
//	          n × f32  strain: the mean |ε| (Frobenius norm of the co-rotated linear strain,
//	                   dimensionless) of the tetrahedra the node belongs to
//	        }, Σ n ≤ MaxFrameTissueNodes = 65536 (a decoder refuses more, or more tissues)
//
// Tensions and forces come only from a physical solver ("pbd", "dvi", "implicit"); under the
// geometric FTL solver the flags are 0 and every has-force byte is 0. The contact section
// comes from the physical solvers, which report their contacts with forces
// (solver.ContactReporter: "pbd", "dvi", "implicit"; the contacts of their last substep), also
// with nContacts = 0 while nothing touches (and always under dvi's penalty contacts). The tissue section comes with every frame
// of a world that has tissues (only the "implicit" solver handles them; tissue.Body): record k
// is the hello's tissue k, its nodes the boundary nodes of the tissue's tetrahedral mesh (inner
// nodes are never sent), taken on the physics goroutine in the same cycle as the rest of the
// frame. Version 3 added the tissue section and the hello's "tissues"; a version 2 frame is a
// valid version 3 frame (same magic: the sections before the tissues are unchanged). Version
// 1 ("KSN1", a 32-byte header, 20-byte tool records without force, no tensions) is no longer
// sent.
//
// The tools are the scene's scripted tools followed by the two user tools (controller-owned =
// 1); user tool k of the commands is the k-th tool with that flag. Frames are sent at most
// SnapshotHz times a second and only when physics has published something new (none while
// paused, except after a step, a tool command or a rebuild). A client that connects gets the latest
// frame at once.
//
// Server→client text frames are JSON events:
//
//	{"type":"hello","version":3,"scenes":[names],"scene":name,"solver":"ftl|pbd|dvi|implicit",
//	 "solvers":["ftl","pbd","dvi","implicit"],"controller":bool,
//	 "obstacles":[{"kind":"plane|sphere|pole|ring","center":[x,y,z],"axis":[x,y,z],
//	               "a":[x,y,z],"b":[x,y,z],"radius":r,"major":R}],
//	 "meshes":[{"name":s,"vertices":[x,y,z,...],"triangles":[a,b,c,...],"omitted":"why"}],
//	 "tissues":[{"name":s,"nodes":n,"surface":[i,...],"triangles":[a,b,c,...],
//	             "clamped":[j,...],"omitted":"why"}],
//	 "params":{"epsilon":m,"radius":m,"delta":m}}
//	     first, on connect. Obstacle fields by kind: plane center (a point) + axis (unit
//	     normal); sphere center + radius; pole a + b + radius; ring center + axis (unit) +
//	     major + radius (tube). Absent fields are omitted. "solver" is the solver type of the
//	     current world; "solvers" lists the types a "solver" command may name. "meshes" (empty
//	     without any) lists the world's rigid triangle meshes (the scene's "meshes") in order:
//	     "vertices" the positions flattened, x, y, z each (m, float32 precision), "triangles"
//	     three indices into the vertices each, flattened, wound outward; they never move, so
//	     frames carry nothing of them. All meshes together send at most MaxHelloMeshTriangles
//	     = 200,000 triangles and MaxHelloMeshVertices = 200,000 vertices: a mesh beyond what is
//	     left (or with a non-finite coordinate or an index out of range) has "omitted"
//	     (otherwise absent) saying why, and its vertices and triangles are then [] (the meshes
//	     after it are still sent when they fit). A version 3 viewer that predates "meshes"
//	     ignores the field, so the version stays 3. "tissues" (empty
//	     without any) lists the deformable bodies in frame order: "nodes" the body's node count,
//	     "surface" the body index of each frame node (the boundary nodes, ascending),
//	     "triangles" the boundary triangles flattened, three indices into "surface" each, wound
//	     outward ((b − a) × (c − a) points out of the tissue), "clamped" the frame nodes (indices
//	     into "surface") held by the scene's clamps; "omitted" (otherwise absent) says why the
//	     frames carry none of its nodes (its surface would exceed MaxFrameTissueNodes, or it is
//	     beyond the MaxFrameTissues-th), and its surface, triangles and clamped are then [].
//	     "restarting":true (hello only, absent otherwise) when this client's control restarts
//	     an untouched world (Config.RestartOnControl): a "scene" event follows; commands sent
//	     before it wait for the restarted world and then apply to it, in order.
//	{"type":"scene", ...the same fields as hello...}
//	     whenever the world is rebuilt (scene, reset, param, solver commands), before any frame
//	     of the new world.
//	{"type":"knot","cycle":n,"ropes":["3_1"],"details":["..."],"links":["..."]}
//	     when the identification changes (and on connect, the latest one).
//	{"type":"state","paused":bool,"controller":bool}
//	     after hello, when pause changes, when this client gains or loses control.
//	{"type":"error","message":"..."}
//	     to the one client whose message failed, or to all when physics stops.
//
// Client→server text frames are JSON commands, checked as strictly as a scene file
// (scene.CheckStrict): unknown fields, names that match only up to case, duplicate names,
// vectors of other than three numbers, fields of another command type and trailing data are
// errors naming the field:
//
//	{"type":"control"}                       ask to become the controller
//	{"type":"grasp","tool":0|1,"node":i}     user tool grasps global node i (its target = the node)
//	{"type":"move","tool":0|1,"target":[x,y,z]}  set the tool's target, m (allowed while not grasping)
//	{"type":"release","tool":0|1}
//	{"type":"forceps","forceps":k,"target":[x,y,z],"gap":m}  either or both: move forceps k's
//	                                         tip to target (m) and/or set the gap between its
//	                                         jaws' tips (0..1 m; below its grab it closes on the
//	                                         thread between them, above it lets go); the jaws
//	                                         follow at most half the rope's radius a cycle
//	{"type":"needle","needle":k,"target":[x,y,z],"angle":rad}  either or both: move needle k's
//	                                         arc's centre to target (m) and/or turn it to angle
//	                                         (rad, about its axis: the tip at centre +
//	                                         R·(cos·u + sin·v)); a bite its tip takes of a
//	                                         tissue becomes a suture when its swage follows
//	{"type":"play"} {"type":"pause"}
//	{"type":"step"}                          one cycle, only while paused
//	{"type":"reset"}                         rebuild the current scene (with any param change)
//	{"type":"scene","name":"overhand"}       switch to a scene of the hello's list
//	{"type":"param","epsilon":m,"radius":m}  either or both: restart the current scene with
//	                                         the new FTL ε and/or every rope's radius (the
//	                                         solver cannot change them in a running world);
//	                                         needs 0 ≤ ε < radius, radius > 0, δ < radius,
//	                                         radius ≤ 2·link length, ropes not overlapping
//	{"type":"solver","name":"pbd"}           restart the current scene with that solver (one of
//	                                         the hello's "solvers"; at most 16 bytes)
//
// Control: one client at a time controls; the first client to connect gets it, others watch.
// With Config.RestartOnControl (knotsim serve), a client that gains control on connecting or by
// a "control" request restarts the world if no command has been applied to it since it was
// built and it has stepped (the restart is recorded as a reset).
// When the controller disconnects, control passes to the longest-connected client. A
// "control" request from a watcher succeeds when nobody controls or the controller has sent
// no command for Config.ControlIdle (default 30 s). Every command except "control" is the
// controller's: from a watcher it gets an error event.
//
// Scripted tools: the first grasp, forceps or needle command turns the scene's scripted tools
// and its forceps' and needles' paths off for good (the user takes over; forceps and needles
// stay where they are until moved); reset, scene, param and solver restore them.
//
// Errors and limits: a bad message (not JSON, unknown type, missing or misplaced field, tool
// not 0/1, negative or out-of-range node, NaN or |coordinate| > 1000 m, binary frame) gets an
// error event and the connection stays open. Messages over 4 KiB get an error event; over
// 64 KiB the connection is closed (status 1009, message too big). More than 200 messages a
// second (token bucket, burst 200) are dropped with at most one error event a second. At most
// 64 clients; more get HTTP 503.
//
// # HTTP
//
//	GET /             the viewer (Config.Assets, index.html)
//	GET /ws           the WebSocket
//	GET /api/state    {"cycle","time","scene","paused","nodes":[[x,y,z],...],
//	                   "tools":[{"name","node","active","controller","target"}],
//	                   "knot":{"type":"knot","cycle","ropes","details","links"} or null,
//	                   "stats":{"contacts","clusters","cycles_per_second"}}
//	                  (float64 positions of the newest published snapshot, exact)
//	GET /api/scenes   {"scenes":[{"name","description"}],"current":name}
//
// # Recording
//
// With Config.Record every command the physics goroutine applies (all but "control") is
// written as a JSON line {"cycle":n,"cmd":{...}} (n: the cycle before the following step)
// after a header line {"knotsim_record":1,"scene":{...}} (the initial scene, scene.Marshal),
// and Close writes {"cycle":n,"end":true}. Replayer re-runs it headless through the same
// Engine: `knotsim run -replay FILE`.
package server
