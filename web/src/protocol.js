// The wire protocol between knotsim's server (package server) and this viewer, version 3.
//
// Server → client binary frames are snapshots, little-endian:
//   u32 magic 0x324E534B ("KSN2"), u32 cycle, f64 time (s), f32 cycles_per_second,
//   u16 contacts, u16 clusters, u16 nStrands, u16 nTools, u32 nNodes,
//   u32 flags (bit 0: tensions, bit 1: contacts, bit 2: tissues, bit 3: forceps, bit 4: needles),
//   per strand: u32 first, u32 nodes, f32 radius (m),
//   nNodes × 3 f32 positions (m),
//   per tool (32 bytes): i32 node (−1 none), u8 active, u8 controller-owned, u8 has-force,
//     u8 mode (0 position, 1 force), f32 × 3 target (m), f32 × 3 force on the rope (N),
//   if flags bit 0: nSegments f32 tensions (N, positive stretched) in global segment order,
//     nSegments = Σ max(nodes − 1, 0) over the strands,
//   if flags bit 1: u32 nContacts (≤ MAX_CONTACTS), f32 residual of the contact solve (m), then
//     per contact (36 bytes): f32 × 3 point on segment A's axis (m), f32 × 3 normal force on A
//     (N), f32 × 3 friction force on A (N),
//   if flags bit 2: u32 nTissues (≤ MAX_TISSUES), then per tissue: u32 n (its frame nodes: the
//     hello's tissue k's "surface"; 0 when "omitted"), n × 3 f32 positions (m), n f32 strains
//     (mean |ε| of the node's tetrahedra, dimensionless); Σ n ≤ MAX_TISSUE_NODES,
//   if flags bit 3: u32 nForceps (≤ MAX_FORCEPS), then per forceps (68 bytes): f32 × 3 jaw 0's
//     tip end, f32 × 3 its hinge end, the same for jaw 1 (m; each jaw a capsule), f32 radius (m),
//     u8 closed, u8 nodes held (255: 255 or more), u8 the needle it holds + 1 (0: none), 1 pad
//     byte, f32 × 3 force on the thread (N; a forceps holding a needle: the needle's),
//   if flags bit 4: u32 nNeedles (≤ MAX_NEEDLES), then per needle (52 bytes): f32 × 3 its arc's
//     centre (m), f32 × 3 u, f32 × 3 v (the arc's plane, unit), f32 angle (rad: the tip at
//     centre + R·(cos·u + sin·v)), f32 arc radius R (m), f32 arc angle (rad), f32 diameter (m).
// Version 3 added the tissue section (and the hello's "tissues"); version 2 frames decode
// unchanged.
// The hello/scene events' "meshes" (added within version 3: an older viewer ignores it) lists
// the world's rigid triangle meshes, which never move (frames carry nothing of them): per mesh
// {name, vertices: [x, y, z, ...] (m, float32 precision), triangles: [a, b, c, ...] (indices
// into the vertices, wound outward), omitted?: why}; all meshes together send at most
// 200,000 triangles and 200,000 vertices (server.MaxHelloMeshTriangles, MaxHelloMeshVertices),
// a mesh beyond that is sent with [] lists and "omitted" (meshes.js draws it not).
// Server → client text frames are JSON events (hello, scene, knot, state, error);
// client → server text frames are JSON commands (see the builders below).

export const MAGIC = 0x324e534b;
export const HEADER_BYTES = 36;
export const STRAND_BYTES = 12;
export const TOOL_BYTES = 32;
export const FLAG_TENSIONS = 1;
export const FLAG_CONTACTS = 2;
export const CONTACT_BYTES = 36;
export const MAX_CONTACTS = 4096; // server.MaxFrameContacts: a frame never carries more
export const FLAG_TISSUES = 4;
export const MAX_TISSUES = 16; // server.MaxFrameTissues
export const MAX_TISSUE_NODES = 65536; // server.MaxFrameTissueNodes: all tissues of a frame together
export const FLAG_FORCEPS = 8;
export const FORCEPS_BYTES = 68;
export const MAX_FORCEPS = 8; // server.MaxFrameForceps
export const FLAG_NEEDLES = 16;
export const NEEDLE_BYTES = 52;
export const MAX_NEEDLES = 8; // server.MaxFrameNeedles

/** A reusable snapshot: decodeSnapshot fills it and grows its arrays only when needed. */
export function newSnapshot() {
  return {
    cycle: 0,
    time: 0,
    cyclesPerSecond: 0,
    contacts: 0,
    clusters: 0,
    flags: 0,
    nStrands: 0,
    nTools: 0,
    nNodes: 0,
    nSegments: 0, // Σ max(nodes − 1, 0)
    hasTensions: false,
    hasContacts: false,
    nContacts: 0,
    residual: 0, // m, the contact solve's residual (when hasContacts)
    strands: [], // {first, nodes, radius, firstSeg}
    positions: new Float32Array(0), // nNodes*3, m
    tensions: new Float32Array(0), // nSegments (when hasTensions), N
    contactData: new Float32Array(0), // nContacts × 9 (when hasContacts): point (m), normal force (N), friction force (N)
    tools: [], // {node, active, owned, hasForce, mode, target: Float32Array(3), force: Float32Array(3)}
    hasTissues: false,
    nTissues: 0,
    tissues: [], // per tissue record: {nodes, positions: Float32Array(nodes*3) (m), strain: Float32Array(nodes)}
    hasForceps: false,
    nForceps: 0,
    forceps: [], // {jaws: Float32Array(12): jaw 0 tip, hinge, jaw 1 tip, hinge (m), radius (m), closed, held, needle (index or −1), force: Float32Array(3) (N)}
    hasNeedles: false,
    nNeedles: 0,
    needles: [], // {pose: Float32Array(10): centre (m), u, v, angle (rad), arcRadius (m), arcAngle (rad), diameter (m)}
  };
}

/**
 * Decodes one binary snapshot frame into snap (reused: no allocation once its arrays are large
 * enough). Throws an Error naming the problem for a malformed frame (bad magic, unknown flags,
 * a strand beyond the nodes, more than MAX_CONTACTS contacts, more than MAX_TISSUES tissues or
 * MAX_TISSUE_NODES tissue nodes, a length other than the header implies).
 * @param {ArrayBuffer} buf
 * @param {ReturnType<typeof newSnapshot>} snap
 */
export function decodeSnapshot(buf, snap = newSnapshot()) {
  if (buf.byteLength < HEADER_BYTES) throw new Error(`snapshot: ${buf.byteLength} bytes, header needs ${HEADER_BYTES}`);
  const dv = new DataView(buf);
  const magic = dv.getUint32(0, true);
  if (magic !== MAGIC) throw new Error(`snapshot: bad magic 0x${magic.toString(16)} (protocol versions 2 and 3 expect 0x${MAGIC.toString(16)}, "KSN2")`);
  const nStrands = dv.getUint16(24, true);
  const nTools = dv.getUint16(26, true);
  const nNodes = dv.getUint32(28, true);
  const flags = dv.getUint32(32, true);
  if (flags & ~(FLAG_TENSIONS | FLAG_CONTACTS | FLAG_TISSUES | FLAG_FORCEPS | FLAG_NEEDLES)) throw new Error(`snapshot: unknown flags 0x${flags.toString(16)}`);
  const fixed = HEADER_BYTES + nStrands * STRAND_BYTES + nNodes * 12 + nTools * TOOL_BYTES;
  if (buf.byteLength < fixed) throw new Error(`snapshot: ${buf.byteLength} bytes, expected at least ${fixed}`);
  snap.cycle = dv.getUint32(4, true);
  snap.time = dv.getFloat64(8, true);
  snap.cyclesPerSecond = dv.getFloat32(16, true);
  snap.contacts = dv.getUint16(20, true);
  snap.clusters = dv.getUint16(22, true);
  let off = HEADER_BYTES;
  while (snap.strands.length < nStrands) snap.strands.push({ first: 0, nodes: 0, radius: 0, firstSeg: 0 });
  let nSegments = 0;
  for (let s = 0; s < nStrands; s++, off += STRAND_BYTES) {
    const st = snap.strands[s];
    st.first = dv.getUint32(off, true);
    st.nodes = dv.getUint32(off + 4, true);
    st.radius = dv.getFloat32(off + 8, true);
    st.firstSeg = nSegments;
    if (st.first + st.nodes > nNodes) throw new Error(`snapshot: strand ${s} [${st.first}, +${st.nodes}) beyond ${nNodes} nodes`);
    nSegments += Math.max(st.nodes - 1, 0);
  }
  const hasTensions = (flags & FLAG_TENSIONS) !== 0;
  const hasContacts = (flags & FLAG_CONTACTS) !== 0;
  let want = fixed + (hasTensions ? nSegments * 4 : 0);
  let nContacts = 0;
  if (hasContacts) {
    if (buf.byteLength < want + 8) throw new Error(`snapshot: ${buf.byteLength} bytes, expected at least ${want + 8}`);
    nContacts = dv.getUint32(want, true);
    if (nContacts > MAX_CONTACTS) throw new Error(`snapshot: ${nContacts} contacts, at most ${MAX_CONTACTS}`);
    want += 8 + nContacts * CONTACT_BYTES;
  }
  const hasTissues = (flags & FLAG_TISSUES) !== 0;
  let nTissues = 0;
  const tissueStart = want;
  if (hasTissues) {
    if (buf.byteLength < want + 4) throw new Error(`snapshot: ${buf.byteLength} bytes, expected at least ${want + 4}`);
    nTissues = dv.getUint32(want, true);
    if (nTissues > MAX_TISSUES) throw new Error(`snapshot: ${nTissues} tissues, at most ${MAX_TISSUES}`);
    want += 4;
    let total = 0;
    for (let k = 0; k < nTissues; k++) {
      if (buf.byteLength < want + 4) throw new Error(`snapshot: ${buf.byteLength} bytes, tissue ${k} needs at least ${want + 4}`);
      const n = dv.getUint32(want, true);
      total += n;
      if (total > MAX_TISSUE_NODES) throw new Error(`snapshot: tissue ${k} takes the frame to ${total} tissue nodes, at most ${MAX_TISSUE_NODES}`);
      want += 4 + n * 16;
    }
  }
  const hasForceps = (flags & FLAG_FORCEPS) !== 0;
  let nForceps = 0;
  const forcepsStart = want;
  if (hasForceps) {
    if (buf.byteLength < want + 4) throw new Error(`snapshot: ${buf.byteLength} bytes, expected at least ${want + 4}`);
    nForceps = dv.getUint32(want, true);
    if (nForceps > MAX_FORCEPS) throw new Error(`snapshot: ${nForceps} forceps, at most ${MAX_FORCEPS}`);
    want += 4 + nForceps * FORCEPS_BYTES;
  }
  const hasNeedles = (flags & FLAG_NEEDLES) !== 0;
  let nNeedles = 0;
  const needleStart = want;
  if (hasNeedles) {
    if (buf.byteLength < want + 4) throw new Error(`snapshot: ${buf.byteLength} bytes, expected at least ${want + 4}`);
    nNeedles = dv.getUint32(want, true);
    if (nNeedles > MAX_NEEDLES) throw new Error(`snapshot: ${nNeedles} needles, at most ${MAX_NEEDLES}`);
    want += 4 + nNeedles * NEEDLE_BYTES;
  }
  if (buf.byteLength !== want) throw new Error(`snapshot: ${buf.byteLength} bytes, expected ${want}`);
  snap.strands.length = nStrands;
  snap.flags = flags;
  snap.nStrands = nStrands;
  snap.nTools = nTools;
  snap.nNodes = nNodes;
  snap.nSegments = nSegments;
  snap.hasTensions = hasTensions;
  snap.hasContacts = hasContacts;
  snap.nContacts = nContacts;
  if (snap.positions.length < nNodes * 3) snap.positions = new Float32Array(nNodes * 3);
  const pos = snap.positions;
  for (let i = 0; i < nNodes * 3; i++, off += 4) pos[i] = dv.getFloat32(off, true);
  while (snap.tools.length < nTools) {
    snap.tools.push({ node: -1, active: false, owned: false, hasForce: false, mode: 0, target: new Float32Array(3), force: new Float32Array(3) });
  }
  snap.tools.length = nTools;
  for (let t = 0; t < nTools; t++, off += TOOL_BYTES) {
    const tl = snap.tools[t];
    tl.node = dv.getInt32(off, true);
    tl.active = dv.getUint8(off + 4) !== 0;
    tl.owned = dv.getUint8(off + 5) !== 0;
    tl.hasForce = dv.getUint8(off + 6) !== 0;
    tl.mode = dv.getUint8(off + 7);
    for (let c = 0; c < 3; c++) {
      tl.target[c] = dv.getFloat32(off + 8 + 4 * c, true);
      tl.force[c] = dv.getFloat32(off + 20 + 4 * c, true);
    }
  }
  if (hasTensions) {
    if (snap.tensions.length < nSegments) snap.tensions = new Float32Array(nSegments);
    const ten = snap.tensions;
    for (let i = 0; i < nSegments; i++, off += 4) ten[i] = dv.getFloat32(off, true);
  }
  snap.residual = 0;
  if (hasContacts) {
    snap.residual = dv.getFloat32(off + 4, true);
    off += 8;
    if (snap.contactData.length < nContacts * 9) snap.contactData = new Float32Array(nContacts * 9);
    const cd = snap.contactData;
    for (let i = 0; i < nContacts * 9; i++, off += 4) cd[i] = dv.getFloat32(off, true);
  }
  snap.hasTissues = hasTissues;
  snap.nTissues = nTissues;
  snap.tissues.length = Math.min(snap.tissues.length, nTissues);
  if (hasTissues) {
    off = tissueStart + 4;
    while (snap.tissues.length < nTissues) snap.tissues.push({ nodes: 0, positions: new Float32Array(0), strain: new Float32Array(0) });
    for (let k = 0; k < nTissues; k++) {
      const t = snap.tissues[k];
      const n = dv.getUint32(off, true);
      off += 4;
      t.nodes = n;
      if (t.positions.length < n * 3) t.positions = new Float32Array(n * 3);
      if (t.strain.length < n) t.strain = new Float32Array(n);
      for (let i = 0; i < n * 3; i++, off += 4) t.positions[i] = dv.getFloat32(off, true);
      for (let i = 0; i < n; i++, off += 4) t.strain[i] = dv.getFloat32(off, true);
    }
  }
  snap.hasForceps = hasForceps;
  snap.nForceps = nForceps;
  while (snap.forceps.length < nForceps) snap.forceps.push({ jaws: new Float32Array(12), radius: 0, closed: false, held: 0, needle: -1, force: new Float32Array(3) });
  snap.forceps.length = nForceps;
  for (let k = 0, o = forcepsStart + 4; k < nForceps; k++, o += FORCEPS_BYTES) {
    const f = snap.forceps[k];
    for (let i = 0; i < 12; i++) f.jaws[i] = dv.getFloat32(o + 4 * i, true);
    f.radius = dv.getFloat32(o + 48, true);
    f.closed = dv.getUint8(o + 52) !== 0;
    f.held = dv.getUint8(o + 53);
    f.needle = dv.getUint8(o + 54) - 1;
    for (let c = 0; c < 3; c++) f.force[c] = dv.getFloat32(o + 56 + 4 * c, true);
  }
  snap.hasNeedles = hasNeedles;
  snap.nNeedles = nNeedles;
  while (snap.needles.length < nNeedles) snap.needles.push({ pose: new Float32Array(10), arcRadius: 0, arcAngle: 0, diameter: 0 });
  snap.needles.length = nNeedles;
  for (let k = 0, o = needleStart + 4; k < nNeedles; k++, o += NEEDLE_BYTES) {
    const n = snap.needles[k];
    for (let i = 0; i < 10; i++) n.pose[i] = dv.getFloat32(o + 4 * i, true);
    n.arcRadius = dv.getFloat32(o + 40, true);
    n.arcAngle = dv.getFloat32(o + 44, true);
    n.diameter = dv.getFloat32(o + 48, true);
  }
  return snap;
}

/**
 * Encodes a snapshot (the inverse of decodeSnapshot; used by tests and the mock server).
 * s.tensions, when given (an array of Σ max(nodes − 1, 0) values), sets flag bit 0; tools may
 * omit hasForce, mode and force. s.hasContacts sets flag bit 1 and writes s.nContacts (default
 * s.contactData.length / 9) contacts from s.contactData (9 numbers each) and s.residual.
 * s.hasTissues sets flag bit 2 and writes a record for each of s.tissues ({nodes (default strain.length), positions: 3 numbers a node, strain: 1 a node});
 * s.hasForceps sets flag bit 3 and writes s.forceps ({jaws: 12 numbers, radius, closed, held, needle, force: 3 numbers} each);
 * s.hasNeedles sets flag bit 4 and writes s.needles ({pose: 10 numbers, arcRadius, arcAngle, diameter} each);
 * no limits are applied (tests write malformed frames).
 */
export function encodeSnapshot(s) {
  const nStrands = s.strands.length, nTools = s.tools.length, nNodes = s.nNodes;
  const nSegments = s.strands.reduce((n, st) => n + Math.max(st.nodes - 1, 0), 0);
  const tensions = s.tensions ?? null;
  if (tensions && tensions.length !== nSegments) throw new Error(`encodeSnapshot: ${tensions.length} tensions for ${nSegments} segments`);
  const contacts = s.hasContacts ? (s.contactData ?? []) : null;
  const nContacts = contacts ? (s.nContacts ?? contacts.length / 9) : 0;
  if (contacts && !(Number.isInteger(nContacts) && nContacts * 9 <= contacts.length)) throw new Error(`encodeSnapshot: ${nContacts} contacts from ${contacts.length} numbers`);
  const tissues = s.hasTissues ? s.tissues : null;
  const tNodes = (t) => t.nodes ?? t.strain.length;
  const tissueBytes = tissues ? 4 + tissues.reduce((n, t) => n + 4 + tNodes(t) * 16, 0) : 0;
  const forceps = s.hasForceps ? s.forceps : null;
  const needles = s.hasNeedles ? s.needles : null;
  const buf = new ArrayBuffer(HEADER_BYTES + nStrands * STRAND_BYTES + nNodes * 12 + nTools * TOOL_BYTES + (tensions ? nSegments * 4 : 0) +
    (contacts ? 8 + nContacts * CONTACT_BYTES : 0) + tissueBytes + (forceps ? 4 + forceps.length * FORCEPS_BYTES : 0) +
    (needles ? 4 + needles.length * NEEDLE_BYTES : 0));
  const dv = new DataView(buf);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, s.cycle, true);
  dv.setFloat64(8, s.time, true);
  dv.setFloat32(16, s.cyclesPerSecond, true);
  dv.setUint16(20, s.contacts, true);
  dv.setUint16(22, s.clusters, true);
  dv.setUint16(24, nStrands, true);
  dv.setUint16(26, nTools, true);
  dv.setUint32(28, nNodes, true);
  dv.setUint32(32, (tensions ? FLAG_TENSIONS : 0) | (contacts ? FLAG_CONTACTS : 0) | (tissues ? FLAG_TISSUES : 0) | (forceps ? FLAG_FORCEPS : 0) | (needles ? FLAG_NEEDLES : 0), true);
  let off = HEADER_BYTES;
  for (const st of s.strands) {
    dv.setUint32(off, st.first, true);
    dv.setUint32(off + 4, st.nodes, true);
    dv.setFloat32(off + 8, st.radius, true);
    off += STRAND_BYTES;
  }
  for (let i = 0; i < nNodes * 3; i++, off += 4) dv.setFloat32(off, s.positions[i], true);
  for (const t of s.tools) {
    dv.setInt32(off, t.node, true);
    dv.setUint8(off + 4, t.active ? 1 : 0);
    dv.setUint8(off + 5, t.owned ? 1 : 0);
    dv.setUint8(off + 6, t.hasForce ? 1 : 0);
    dv.setUint8(off + 7, t.mode ?? 0);
    for (let c = 0; c < 3; c++) {
      dv.setFloat32(off + 8 + 4 * c, t.target[c], true);
      dv.setFloat32(off + 20 + 4 * c, t.force?.[c] ?? 0, true);
    }
    off += TOOL_BYTES;
  }
  if (tensions) for (let i = 0; i < nSegments; i++, off += 4) dv.setFloat32(off, tensions[i], true);
  if (contacts) {
    dv.setUint32(off, nContacts, true);
    dv.setFloat32(off + 4, s.residual ?? 0, true);
    off += 8;
    for (let i = 0; i < nContacts * 9; i++, off += 4) dv.setFloat32(off, contacts[i], true);
  }
  if (tissues) {
    dv.setUint32(off, tissues.length, true);
    off += 4;
    for (const t of tissues) {
      const n = tNodes(t);
      dv.setUint32(off, n, true);
      off += 4;
      for (let i = 0; i < n * 3; i++, off += 4) dv.setFloat32(off, t.positions[i], true);
      for (let i = 0; i < n; i++, off += 4) dv.setFloat32(off, t.strain[i], true);
    }
  }
  if (forceps) {
    dv.setUint32(off, forceps.length, true);
    off += 4;
    for (const f of forceps) {
      for (let i = 0; i < 12; i++) dv.setFloat32(off + 4 * i, f.jaws[i], true);
      dv.setFloat32(off + 48, f.radius, true);
      dv.setUint8(off + 52, f.closed ? 1 : 0);
      dv.setUint8(off + 53, f.held ?? 0);
      dv.setUint8(off + 54, (f.needle ?? -1) + 1);
      for (let c = 0; c < 3; c++) dv.setFloat32(off + 56 + 4 * c, f.force?.[c] ?? 0, true);
      off += FORCEPS_BYTES;
    }
  }
  if (needles) {
    dv.setUint32(off, needles.length, true);
    off += 4;
    for (const n of needles) {
      for (let i = 0; i < 10; i++) dv.setFloat32(off + 4 * i, n.pose[i], true);
      dv.setFloat32(off + 40, n.arcRadius, true);
      dv.setFloat32(off + 44, n.arcAngle, true);
      dv.setFloat32(off + 48, n.diameter, true);
      off += NEEDLE_BYTES;
    }
  }
  return buf;
}

// Client → server commands.
export const cmd = {
  control: () => ({ type: 'control' }),
  grasp: (tool, node) => ({ type: 'grasp', tool, node }),
  move: (tool, target) => ({ type: 'move', tool, target: [target[0], target[1], target[2]] }),
  release: (tool) => ({ type: 'release', tool }),
  play: () => ({ type: 'play' }),
  pause: () => ({ type: 'pause' }),
  step: () => ({ type: 'step' }),
  reset: () => ({ type: 'reset' }),
  scene: (name) => ({ type: 'scene', name }),
  epsilon: (m) => ({ type: 'param', epsilon: m }),
  radius: (m) => ({ type: 'param', radius: m }),
  solver: (name) => ({ type: 'solver', name }),
  forcepsMove: (k, target) => ({ type: 'forceps', forceps: k, target: [target[0], target[1], target[2]] }),
  forcepsGap: (k, gap) => ({ type: 'forceps', forceps: k, gap }),
  needleMove: (k, centre) => ({ type: 'needle', needle: k, target: [centre[0], centre[1], centre[2]] }),
  needleAngle: (k, angle) => ({ type: 'needle', needle: k, angle }),
};

/**
 * The knot event as one display line: every rope's name joined ("3_1 # m3_1"), then every
 * link's, e.g. {"ropes":["3_1"]} → "3_1". An empty report is "".
 */
export function knotTitle(ev) {
  const parts = [];
  for (const r of ev?.ropes ?? []) parts.push(typeof r === 'string' ? r : (r?.name ?? JSON.stringify(r)));
  return parts.join(', ');
}

/** The knot event's details and links as display lines. */
export function knotLines(ev) {
  const out = [];
  const line = (x) => (typeof x === 'string' ? x : x?.text ?? x?.name ?? JSON.stringify(x));
  for (const d of ev?.details ?? []) out.push(line(d));
  for (const l of ev?.links ?? []) out.push(line(l));
  return out;
}
