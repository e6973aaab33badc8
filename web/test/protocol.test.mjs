// Unit tests of the viewer's pure parts (no browser): the snapshot codec (protocol version 3),
// Chaikin smoothing, the force display helpers (tension colormap, legend range, arrows), the
// tissues' and the rigid meshes' validation and geometry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSnapshot, encodeSnapshot, newSnapshot, knotTitle, cmd, MAGIC, MAX_CONTACTS, FLAG_TISSUES, MAX_TISSUES, MAX_TISSUE_NODES, FLAG_FORCEPS, MAX_FORCEPS, FLAG_NEEDLES } from '../src/protocol.js';
import { strainCeil, strainRange, formatStrain, validTissue, buildTissues, maxStrain, STRAIN_MIN_RANGE } from '../src/tissue.js';
import { validMesh, creasedNormals, buildMeshes } from '../src/meshes.js';
import { chaikinOpen, chaikinCount, chaikin, chaikinOpenScalar } from '../src/rope.js';
import { colormap, tensionToUnit, colormapCSS, niceCeil, tensionRange, nodeTensions, arrowLength, formatNewtons, contactLines } from '../src/forces.js';

const sample = () => ({
  cycle: 1234, time: 1.234, cyclesPerSecond: 999.5, contacts: 7, clusters: 2, nNodes: 3,
  strands: [{ first: 0, nodes: 3, radius: 0.005 }],
  positions: new Float32Array([0, 0, 0, 0.01, 0, 0, 0.02, 0.005, -0.25]),
  tools: [{ node: -1, active: false, owned: false, target: new Float32Array([1, 2, 3]) },
    { node: 2, active: true, owned: true, target: new Float32Array([0.5, -0.5, 0.25]) }],
});

test('snapshot round trip, byte layout and reuse', () => {
  const buf = encodeSnapshot(sample());
  assert.equal(buf.byteLength, 36 + 12 + 3 * 12 + 2 * 32);
  const dv = new DataView(buf);
  assert.equal(dv.getUint32(0, true), MAGIC);
  assert.equal(dv.getUint32(0, true), 0x324e534b);
  assert.equal(new TextDecoder().decode(buf.slice(0, 4)), 'KSN2');
  assert.equal(dv.getUint32(32, true), 0, 'no flags without tensions');
  const snap = newSnapshot();
  decodeSnapshot(buf, snap);
  assert.equal(snap.cycle, 1234);
  assert.equal(snap.time, 1.234);
  assert.equal(snap.contacts, 7);
  assert.equal(snap.clusters, 2);
  assert.deepEqual(snap.strands, [{ first: 0, nodes: 3, radius: Math.fround(0.005), firstSeg: 0 }]);
  assert.equal(snap.positions[8], -0.25);
  assert.equal(snap.tools[0].node, -1);
  assert.equal(snap.hasTensions, false);
  assert.equal(snap.nSegments, 2);
  assert.deepEqual({ ...snap.tools[1], target: [...snap.tools[1].target], force: [...snap.tools[1].force] },
    { node: 2, active: true, owned: true, hasForce: false, mode: 0, target: [0.5, -0.5, 0.25], force: [0, 0, 0] });
  const pos = snap.positions;
  decodeSnapshot(buf, snap);
  assert.equal(snap.positions, pos, 'positions array reused');
});

test('malformed snapshots are errors', () => {
  const buf = encodeSnapshot(sample());
  assert.throws(() => decodeSnapshot(buf.slice(0, 20)), /header/);
  assert.throws(() => decodeSnapshot(buf.slice(0, buf.byteLength - 1)), /expected/);
  const long = new Uint8Array(buf.byteLength + 4);
  long.set(new Uint8Array(buf));
  assert.throws(() => decodeSnapshot(long.buffer), /expected/, 'trailing bytes');
  const bad = buf.slice(0);
  new DataView(bad).setUint32(0, 1, true);
  assert.throws(() => decodeSnapshot(bad), /magic/);
  const over = buf.slice(0);
  new DataView(over).setUint32(36 + 4, 9, true); // strand beyond the nodes
  assert.throws(() => decodeSnapshot(over), /beyond/);
  const flags = buf.slice(0);
  new DataView(flags).setUint32(32, 32, true); // bit 5 (bits 2, 3, 4: the tissue, forceps and needle sections)
  assert.throws(() => decodeSnapshot(flags), /unknown flags/);
  const v1 = buf.slice(0);
  new DataView(v1).setUint32(0, 0x314e534b, true); // "KSN1"
  assert.throws(() => decodeSnapshot(v1), /magic/);
});

/**
 * A version 2 frame written byte by byte, independently of encodeSnapshot: two strands (3 and
 * 2 nodes: 2 + 1 segments), a scripted tool pulling with a force and a user tool holding a
 * position with the force it takes, then the three tensions.
 */
function handFrame({ tensions = true } = {}) {
  const size = 36 + 2 * 12 + 5 * 12 + 2 * 32 + (tensions ? 3 * 4 : 0);
  const dv = new DataView(new ArrayBuffer(size));
  [0x4b, 0x53, 0x4e, 0x32].forEach((b, i) => dv.setUint8(i, b)); // "KSN2"
  dv.setUint32(4, 77, true); // cycle
  dv.setFloat64(8, 0.077, true); // time
  dv.setFloat32(16, 1000, true); // cycles/s
  dv.setUint16(20, 4, true); // contacts
  dv.setUint16(22, 0, true); // clusters
  dv.setUint16(24, 2, true); // strands
  dv.setUint16(26, 2, true); // tools
  dv.setUint32(28, 5, true); // nodes
  dv.setUint32(32, tensions ? 1 : 0, true); // flags
  let o = 36;
  for (const [first, nodes, r] of [[0, 3, 0.005], [3, 2, 0.002]]) {
    dv.setUint32(o, first, true); dv.setUint32(o + 4, nodes, true); dv.setFloat32(o + 8, r, true); o += 12;
  }
  for (let i = 0; i < 15; i++, o += 4) dv.setFloat32(o, i * 0.01, true);
  // tool 0: scripted, holds node 2, pulls with 3 N along +x (mode 1)
  dv.setInt32(o, 2, true); dv.setUint8(o + 4, 1); dv.setUint8(o + 5, 0); dv.setUint8(o + 6, 1); dv.setUint8(o + 7, 1);
  dv.setFloat32(o + 20, 3, true);
  o += 32;
  // tool 1: the user's, holds node 4 at a target, the rope feels (0, −0.5, 1.5) N
  dv.setInt32(o, 4, true); dv.setUint8(o + 4, 1); dv.setUint8(o + 5, 1); dv.setUint8(o + 6, 1); dv.setUint8(o + 7, 0);
  dv.setFloat32(o + 8, 0.25, true); dv.setFloat32(o + 12, 0.5, true); dv.setFloat32(o + 16, -1, true);
  dv.setFloat32(o + 20, 0, true); dv.setFloat32(o + 24, -0.5, true); dv.setFloat32(o + 28, 1.5, true);
  o += 32;
  if (tensions) for (const t of [2.5, 0.75, -0.25]) { dv.setFloat32(o, t, true); o += 4; }
  assert.equal(o, size);
  return dv.buffer;
}

test('version 2 frames with forces and tensions (built by hand)', () => {
  const snap = decodeSnapshot(handFrame());
  assert.equal(snap.cycle, 77);
  assert.equal(snap.contacts, 4);
  assert.equal(snap.flags, 1);
  assert.equal(snap.hasTensions, true);
  assert.equal(snap.nSegments, 3);
  assert.deepEqual(snap.strands.map((s) => s.firstSeg), [0, 2]);
  assert.deepEqual([...snap.tensions.subarray(0, 3)], [2.5, 0.75, -0.25]);
  assert.equal(snap.positions[14], Math.fround(0.14));
  const [a, b] = snap.tools;
  assert.deepEqual({ node: a.node, active: a.active, owned: a.owned, hasForce: a.hasForce, mode: a.mode, force: [...a.force] },
    { node: 2, active: true, owned: false, hasForce: true, mode: 1, force: [3, 0, 0] });
  assert.deepEqual({ node: b.node, owned: b.owned, hasForce: b.hasForce, mode: b.mode, target: [...b.target], force: [...b.force] },
    { node: 4, owned: true, hasForce: true, mode: 0, target: [0.25, 0.5, -1], force: [0, -0.5, 1.5] });

  // the same frame without tensions: the flag is off and nothing follows the tools
  const plain = decodeSnapshot(handFrame({ tensions: false }), snap);
  assert.equal(plain.hasTensions, false);
  assert.equal(plain.tools[1].hasForce, true);

  // the encoder writes the same bytes
  const again = encodeSnapshot({ ...decodeSnapshot(handFrame()), tensions: [2.5, 0.75, -0.25] });
  assert.deepEqual(new Uint8Array(again), new Uint8Array(handFrame()));

  // strictness: a missing or an extra tension, the flag without its tensions
  const full = handFrame();
  assert.throws(() => decodeSnapshot(full.slice(0, full.byteLength - 4)), /expected/);
  const extra = new Uint8Array(full.byteLength + 4);
  extra.set(new Uint8Array(full));
  assert.throws(() => decodeSnapshot(extra.buffer), /expected/);
  const flagOnly = handFrame({ tensions: false });
  new DataView(flagOnly).setUint32(32, 1, true);
  assert.throws(() => decodeSnapshot(flagOnly), /expected/);
  assert.throws(() => encodeSnapshot({ ...decodeSnapshot(handFrame()), tensions: [1] }), /tensions/);
});

/**
 * handFrame's tensioned frame followed by a contact section written byte by byte: two contacts
 * (point, normal force, friction force) and the residual.
 */
const HAND_CONTACTS = [
  [0.005, 0, 0.001, 0, 0, 0.5, -0.125, 0, 0],
  [0.015, 0.25, 0, 0, -2, 0, 0.5, 0, 0.25],
];
function handContactFrame() {
  const base = new Uint8Array(handFrame());
  const dv = new DataView(new ArrayBuffer(base.byteLength + 8 + 2 * 36));
  new Uint8Array(dv.buffer).set(base);
  dv.setUint32(32, 3, true); // flags: tensions and contacts
  let o = base.byteLength;
  dv.setUint32(o, 2, true); // nContacts
  dv.setFloat32(o + 4, 1.5e-6, true); // residual, m
  o += 8;
  for (const c of HAND_CONTACTS) for (const v of c) { dv.setFloat32(o, v, true); o += 4; }
  assert.equal(o, dv.byteLength);
  return dv.buffer;
}

test('frames with the contact section (flag bit 1, built by hand)', () => {
  const snap = decodeSnapshot(handContactFrame());
  assert.equal(snap.flags, 3);
  assert.equal(snap.hasTensions, true);
  assert.equal(snap.hasContacts, true);
  assert.equal(snap.nContacts, 2);
  assert.equal(snap.residual, Math.fround(1.5e-6));
  assert.deepEqual([...snap.tensions.subarray(0, 3)], [2.5, 0.75, -0.25]);
  assert.deepEqual([...snap.contactData.subarray(0, 18)], HAND_CONTACTS.flat().map(Math.fround));

  // the same snapshot reused for a frame without contacts: the flag clears, the count is 0
  decodeSnapshot(handFrame(), snap);
  assert.equal(snap.hasContacts, false);
  assert.equal(snap.nContacts, 0);
  assert.equal(snap.residual, 0);

  // the encoder writes the same bytes
  const again = encodeSnapshot({ ...decodeSnapshot(handContactFrame()), tensions: [2.5, 0.75, -0.25] });
  assert.deepEqual(new Uint8Array(again), new Uint8Array(handContactFrame()));
  // a contact solver with nothing touching: the section's 8 bytes, no contacts
  const none = encodeSnapshot({ ...decodeSnapshot(handFrame()), tensions: [2.5, 0.75, -0.25], hasContacts: true, contactData: [], residual: 0 });
  assert.equal(none.byteLength, handFrame().byteLength + 8);
  const empty = decodeSnapshot(none);
  assert.equal(empty.hasContacts, true);
  assert.equal(empty.nContacts, 0);

  // strictness: one byte short or long, a count beyond the bytes or beyond MAX_CONTACTS, the
  // flag without its section, the section without its flag
  const full = handContactFrame();
  assert.throws(() => decodeSnapshot(full.slice(0, full.byteLength - 1)), /expected/);
  const extra = new Uint8Array(full.byteLength + 1);
  extra.set(new Uint8Array(full));
  assert.throws(() => decodeSnapshot(extra.buffer), /expected/);
  const countAt = handFrame().byteLength;
  assert.throws(() => decodeSnapshot(full.slice(0, countAt + 4)), /at least/);
  const more = full.slice(0);
  new DataView(more).setUint32(countAt, 3, true);
  assert.throws(() => decodeSnapshot(more), /expected/);
  const huge = full.slice(0);
  new DataView(huge).setUint32(countAt, MAX_CONTACTS + 1, true);
  assert.throws(() => decodeSnapshot(huge), /at most 4096/);
  const flagOnly = handFrame();
  new DataView(flagOnly).setUint32(32, 3, true);
  assert.throws(() => decodeSnapshot(flagOnly), /expected/);
  const noFlag = full.slice(0);
  new DataView(noFlag).setUint32(32, 1, true);
  assert.throws(() => decodeSnapshot(noFlag), /expected/);
});

test('the solver command', () => {
  assert.deepEqual(cmd.solver('pbd'), { type: 'solver', name: 'pbd' });
});

test('tension colormap: blue at 0, red at the top, ever redder (r / (r + b) increasing)', () => {
  const c = [0, 0, 0];
  colormap(0, c);
  assert.ok(c[2] > 0.7 && c[0] < 0.3, `0 → ${c}`);
  colormap(1, c);
  assert.ok(c[0] > 0.65 && c[2] < 0.2, `1 → ${c}`);
  colormap(-3, c);
  assert.deepEqual(c, colormap(0, [0, 0, 0]), 'negative clamps to 0');
  colormap(NaN, c);
  assert.deepEqual(c, colormap(0, [0, 0, 0]), 'NaN is 0');
  colormap(7, c);
  assert.deepEqual(c, colormap(1, [0, 0, 0]), 'above 1 clamps');
  let prev = -Infinity;
  for (let k = 0; k <= 100; k++) {
    colormap(k / 100, c);
    const d = c[0] / (c[0] + c[2]);
    assert.ok(d > prev, `r / (r + b) not increasing at ${k / 100}`);
    prev = d;
    for (const v of c) assert.ok(v >= 0 && v <= 1);
  }
  // linear-light output (three.js vertex colours) is the sRGB value decoded
  const s = colormap(0.3, [0, 0, 0]), l = colormap(0.3, [0, 0, 0], 0, true);
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(l[i] - Math.pow((s[i] + 0.055) / 1.055, 2.4)) < 0.01);
  assert.match(colormapCSS(), /^linear-gradient\(to right, rgb\(59,76,192\) 0\.0%.*rgb\(180,4,38\) 100\.0%\)$/);
});

test('tension to colour position, legend range, node tensions', () => {
  assert.equal(tensionToUnit(0, 2), 0);
  assert.equal(tensionToUnit(-1, 2), 0, 'compression is shown as slack');
  assert.equal(tensionToUnit(1, 2), 0.5);
  assert.equal(tensionToUnit(5, 2), 1);
  assert.equal(tensionToUnit(1, 0), 0, 'no range: all slack');
  assert.deepEqual([0.3, 1, 1.01, 4, 5, 7, 1234].map(niceCeil), [0.5, 1, 2, 5, 5, 10, 2000]);
  assert.equal(niceCeil(0), 0.01);
  assert.equal(niceCeil(NaN), 0.01);
  let r = tensionRange(0, 3.2);
  assert.deepEqual(r, { peak: 3.2, range: 5 });
  r = tensionRange(r.peak, 0.1); // a slack frame: the range decays, it does not collapse
  assert.equal(r.range, 5);
  for (let k = 0; k < 300; k++) r = tensionRange(r.peak, 0.1);
  assert.equal(r.range, 0.2);
  assert.equal(tensionRange(r.peak, 40).range, 50, 'rises at once');
  const out = new Float32Array(4);
  assert.deepEqual([...nodeTensions([9, 1, 2, 4, 9], 1, 4, out)], [1, 1.5, 3, 4]);
  assert.deepEqual([...nodeTensions([5], 0, 1, out).subarray(0, 1)], [0]);
  const d = new Float32Array(8);
  assert.equal(chaikinOpenScalar(new Float32Array([0, 4, 8]), 3, d), 6);
  assert.deepEqual([...d.subarray(0, 6)], [0, 1, 3, 5, 7, 8]);
});

test('force arrows: log length, none for no force; panel numbers', () => {
  assert.equal(arrowLength(0), 0);
  assert.equal(arrowLength(NaN), 0);
  assert.equal(arrowLength(Infinity), 0);
  assert.ok(Math.abs(arrowLength(0.9) - 0.1) < 1e-12, '0.9 N: one decade above 0.1 N');
  assert.ok(Math.abs(arrowLength(9.9) - 0.2) < 1e-12);
  assert.ok(Math.abs(arrowLength(9.9, 0.05) - 0.1) < 1e-12, 'the scale is the length of a decade');
  let prev = 0;
  for (const f of [0.001, 0.01, 0.1, 1, 10, 100, 1000]) {
    const l = arrowLength(f);
    assert.ok(l > prev && l < 0.5, `${f} N → ${l} m`);
    prev = l;
  }
  assert.deepEqual([0.1534, 2.414, 12.34, 1250].map(formatNewtons), ['0.153 N', '2.41 N', '12.3 N', '1250 N']);
  assert.deepEqual([0, 0.02351, 1.2345e-5, 3e-9].map(formatNewtons), ['0.000 N', '23.5 mN', '12.3 µN', '0.00300 µN']);
});

test('contact force lines: from the point along each force, arrow lengths', () => {
  const out = new Float32Array(24).fill(NaN);
  const data = [0.5, 0, 1, 0, 0, 0.9, -3, 4, 0, /* second: no friction */ 1, 1, 1, 0, -9.9, 0, 0, 0, 0];
  assert.equal(contactLines(data, 2, 0.1, out), 3);
  const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) < 1e-6);
  assert.ok(near([...out.subarray(0, 6)], [0.5, 0, 1, 0.5, 0, 1 + arrowLength(0.9)]), `normal ${out.subarray(0, 6)}`);
  const L = arrowLength(5);
  assert.ok(near([...out.subarray(6, 12)], [0.5, 0, 1, 0.5 - 0.6 * L, 0.8 * L, 1]), `friction ${out.subarray(6, 12)}`);
  assert.ok(near([...out.subarray(12, 18)], [1, 1, 1, 1, 1 - arrowLength(9.9), 1]), `second normal ${out.subarray(12, 18)}`);
  assert.deepEqual([...out.subarray(18, 24)], [1, 1, 1, 1, 1, 1], 'no friction: a zero-length segment at the point');
});

test('knot titles', () => {
  assert.equal(knotTitle({ ropes: ['3_1 # m3_1'] }), '3_1 # m3_1');
  assert.equal(knotTitle({ ropes: ['3_1', '0_1'] }), '3_1, 0_1');
  assert.equal(knotTitle({}), '');
});

test('Chaikin keeps the ends, doubles the points, cuts corners', () => {
  const src = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0]);
  const dst = new Float32Array(18);
  assert.equal(chaikinOpen(src, 3, dst), 6);
  assert.deepEqual([...dst], [0, 0, 0, 0.25, 0, 0, 0.75, 0, 0, 1, 0.25, 0, 1, 0.75, 0, 1, 1, 0]);
  assert.equal(chaikinCount(201, 2), 804);
  const a = new Float32Array(3 * 12), b = new Float32Array(3 * 12);
  const { pts, count } = chaikin(src, 3, 2, a, b);
  assert.equal(count, 12);
  assert.deepEqual([...pts.subarray(0, 3)], [0, 0, 0]);
  assert.deepEqual([...pts.subarray(33, 36)], [1, 1, 0]);
  for (let i = 0; i < count; i++) assert.ok(pts[i * 3] <= 1 && pts[i * 3 + 1] <= 1); // inside the hull
});

/**
 * handFrame's tensioned frame followed by a tissue section written byte by byte: two tissues,
 * the first with 2 nodes, the second omitted (0 nodes).
 */
function tissueFrame() {
  const base = new Uint8Array(handFrame());
  const size = base.byteLength + 4 + (4 + 2 * 16) + 4;
  const buf = new Uint8Array(size);
  buf.set(base);
  const dv = new DataView(buf.buffer);
  dv.setUint32(32, 1 | 4, true);
  let o = base.byteLength;
  dv.setUint32(o, 2, true); o += 4;
  dv.setUint32(o, 2, true); o += 4;
  for (const v of [0.01, 0.02, 0.03, -0.01, -0.02, -0.03]) { dv.setFloat32(o, v, true); o += 4; }
  for (const v of [0.001, 0.004]) { dv.setFloat32(o, v, true); o += 4; }
  dv.setUint32(o, 0, true); o += 4;
  assert.equal(o, size);
  return buf.buffer;
}

test('frames with the tissue section (flag bit 2, built by hand)', () => {
  const snap = newSnapshot();
  decodeSnapshot(tissueFrame(), snap);
  assert.equal(snap.flags, 1 | FLAG_TISSUES);
  assert.equal(snap.hasTissues, true);
  assert.equal(snap.nTissues, 2);
  assert.equal(snap.tissues[0].nodes, 2);
  assert.deepEqual([...snap.tissues[0].positions.subarray(0, 6)], [0.01, 0.02, 0.03, -0.01, -0.02, -0.03].map(Math.fround));
  assert.deepEqual([...snap.tissues[0].strain.subarray(0, 2)], [0.001, 0.004].map(Math.fround));
  assert.equal(snap.tissues[1].nodes, 0);
  assert.deepEqual([...snap.tensions.subarray(0, 3)], [2.5, 0.75, -0.25], 'the sections before are unchanged');
  assert.equal(maxStrain(snap), Math.fround(0.004));
  const pos = snap.tissues[0].positions;
  decodeSnapshot(tissueFrame(), snap);
  assert.equal(snap.tissues[0].positions, pos, 'tissue arrays reused');
  // a version 2 frame after it: no tissues
  decodeSnapshot(handFrame(), snap);
  assert.equal(snap.hasTissues, false);
  assert.equal(snap.nTissues, 0);

  // the encoder writes the same bytes
  const again = encodeSnapshot({ ...decodeSnapshot(handFrame()), tensions: [2.5, 0.75, -0.25], hasTissues: true,
    tissues: [{ positions: [0.01, 0.02, 0.03, -0.01, -0.02, -0.03], strain: [0.001, 0.004] }, { positions: [], strain: [] }] });
  assert.deepEqual(new Uint8Array(again), new Uint8Array(tissueFrame()));

  // malformed: short, long, a count beyond the bytes, too many tissues or nodes, flag without section
  const full = tissueFrame();
  const end = full.byteLength - 4 - (4 + 32) - 4; // where the section starts
  const patched = (at, v, buf = full) => { const b = buf.slice(0); new DataView(b).setUint32(at, v, true); return b; };
  assert.throws(() => decodeSnapshot(full.slice(0, full.byteLength - 1)), /tissue 1 needs at least/);
  assert.throws(() => decodeSnapshot(patched(full.byteLength - 4, 1)), /expected/); // the last record's nodes beyond the bytes
  const long = new Uint8Array(full.byteLength + 4);
  long.set(new Uint8Array(full));
  assert.throws(() => decodeSnapshot(long.buffer), /expected/);
  assert.throws(() => decodeSnapshot(full.slice(0, end + 2)), /at least/);
  // a decoded frame encodes back to the same bytes
  assert.deepEqual(new Uint8Array(encodeSnapshot({ ...decodeSnapshot(full), tensions: [2.5, 0.75, -0.25] })), new Uint8Array(full));
  assert.throws(() => decodeSnapshot(patched(end, 3)), /tissue 2 needs at least/);
  assert.throws(() => decodeSnapshot(patched(end, MAX_TISSUES + 1)), /17 tissues, at most 16/);
  assert.throws(() => decodeSnapshot(patched(end + 4, MAX_TISSUE_NODES + 1)), /at most 65536/);
  assert.throws(() => decodeSnapshot(patched(end + 4, 3)), /needs at least|expected/);
  assert.throws(() => decodeSnapshot(patched(32, 1 | 4, handFrame())), /at least/, 'the flag without the section');
  assert.throws(() => decodeSnapshot(patched(32, 1, full)), /expected/, 'the section without the flag');
  const big = encodeSnapshot({ ...decodeSnapshot(handFrame()), tensions: [2.5, 0.75, -0.25], hasTissues: true,
    tissues: [{ positions: new Float32Array(3 * MAX_TISSUE_NODES), strain: new Float32Array(MAX_TISSUE_NODES) }, { positions: [0, 0, 0], strain: [0] }] });
  assert.throws(() => decodeSnapshot(big), /65537 tissue nodes, at most 65536/);
});

test('tissue meshes: strain scale, validation, in-place updates', () => {
  assert.equal(strainCeil(0), STRAIN_MIN_RANGE);
  assert.equal(strainCeil(NaN), STRAIN_MIN_RANGE);
  assert.equal(strainCeil(0.0031), 0.005);
  assert.equal(strainCeil(0.015), 0.02);
  assert.equal(strainCeil(0.2), 0.2);
  const r = strainRange(0.01, 0.004);
  assert.ok(Math.abs(r.peak - 0.0099) < 1e-12 && r.range === 0.01, JSON.stringify(r));
  assert.equal(strainRange(0.001, 0.03).range, 0.05);
  assert.equal(formatStrain(0.001), '0.1 %');
  assert.equal(formatStrain(0.02), '2 %');
  assert.equal(formatStrain(1.5), '150 %');
  const info = { name: 'pad', nodes: 5, surface: [0, 1, 2, 4], triangles: [0, 1, 2, 0, 2, 3, 0, 3, 1, 1, 3, 2], clamped: [0] };
  assert.ok(validTissue(info));
  assert.ok(!validTissue({ ...info, triangles: [0, 1] }));
  assert.ok(!validTissue({ ...info, triangles: [0, 1, 4] }));
  assert.ok(!validTissue({ ...info, triangles: [0, 1, 1.5] }));
  assert.ok(!validTissue({ name: 'x' }));
  const { group, meshes } = buildTissues([info, { name: 'big', nodes: 9, surface: [], triangles: [], clamped: [], omitted: 'too big' }, { ...info, triangles: [9, 9, 9] }], null);
  assert.equal(meshes.length, 3);
  assert.equal(group.children.length, 1);
  assert.equal(meshes[1], null);
  assert.equal(meshes[2], null);
  const m = meshes[0];
  assert.equal(m.nodes, 4);
  assert.equal(m.triangles, 4);
  const pos = m.geometry.attributes.position.array;
  const rec = { nodes: 4, positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), strain: new Float32Array([0, 0.005, 0.01, 0.02]) };
  assert.ok(!m.mesh.visible, 'hidden until its first record');
  assert.ok(m.update(rec, 0.01, null));
  assert.ok(m.mesh.visible);
  assert.equal(m.geometry.attributes.position.array, pos, 'positions updated in place');
  assert.deepEqual([...pos], [...rec.positions]);
  assert.equal(m.maxStrain, Math.fround(0.02));
  const c = m.geometry.attributes.color.array;
  assert.ok(c[2] > c[0], 'blue at no strain');
  assert.ok(c[6] > c[8] && Math.abs(c[9] - c[6]) < 1e-6, 'red at the top, clamped beyond it');
  assert.ok(!m.update({ ...rec, nodes: 3 }, 0.01, null), 'a record of another size is ignored');
});

// the block of scene/testdata/pbd/thread_on_block.json, as the hello sends it
const block = {
  name: 'block',
  vertices: [0, 0, 0, 0.02, 0, 0, 0.02, 0.01, 0, 0, 0.01, 0, 0, 0, 0.004, 0.02, 0, 0.004, 0.02, 0.01, 0.004, 0, 0.01, 0.004],
  triangles: [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7],
};

test('rigid meshes: validation, creased normals, build', () => {
  assert.ok(validMesh(block));
  assert.ok(validMesh({ name: 'none', vertices: [], triangles: [] }));
  assert.ok(!validMesh({ ...block, triangles: [0, 1] }), 'triangles not a multiple of 3');
  assert.ok(!validMesh({ ...block, vertices: block.vertices.slice(1) }), 'vertices not a multiple of 3');
  assert.ok(!validMesh({ ...block, triangles: [0, 1, 8] }), 'index beyond the vertices');
  assert.ok(!validMesh({ ...block, triangles: [0, 1, -1] }), 'negative index');
  assert.ok(!validMesh({ ...block, triangles: [0, 1, 1.5] }), 'fractional index');
  assert.ok(!validMesh({ ...block, triangles: [0, 1, '2'] }), 'index not a number');
  for (const bad of [NaN, Infinity, -Infinity, null, '0.1']) {
    const v = block.vertices.slice();
    v[4] = bad;
    assert.ok(!validMesh({ ...block, vertices: v }), `coordinate ${bad}`);
  }
  assert.ok(!validMesh({ name: 'x' }));
  assert.ok(!validMesh(null));

  // a box keeps its edges: every corner takes its face's outward normal
  const { positions, normals } = creasedNormals(block.vertices, block.triangles);
  assert.equal(positions.length, 12 * 9);
  assert.equal(normals.length, 12 * 9);
  const centre = [0.01, 0.005, 0.002];
  for (let f = 0; f < 12; f++) {
    const n = normals.slice(9 * f, 9 * f + 3);
    for (let k = 1; k < 3; k++) assert.deepEqual([...normals.slice(9 * f + 3 * k, 9 * f + 3 * k + 3)], [...n], `triangle ${f}: one normal`);
    assert.equal(n.filter((x) => Math.abs(Math.abs(x) - 1) < 1e-6).length, 1, `triangle ${f}: an axis, ${n}`);
    let out = 0;
    for (let c = 0; c < 3; c++) out += n[c] * (positions[9 * f + c] - centre[c]);
    assert.ok(out > 0, `triangle ${f}: normal ${n} points in`);
  }
  // a gentle fold (10°) is smooth: the shared vertices take the same normal from both sides
  const t = Math.tan((10 * Math.PI) / 180);
  const fold = creasedNormals([0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0, t], [0, 1, 2, 0, 2, 3]);
  assert.deepEqual([...fold.normals.slice(0, 3)], [...fold.normals.slice(9, 12)], 'vertex 0 from both triangles');
  assert.ok(fold.normals[2] < 1 && fold.normals[0] > 0, `vertex 0 normal ${fold.normals.slice(0, 3)} between the faces'`);

  const { group, box, meshes } = buildMeshes([block, { name: 'big', vertices: [], triangles: [], omitted: 'too big' },
    { ...block, triangles: [9, 9, 9] }, { ...block, vertices: [NaN, ...block.vertices.slice(1)] }, 'junk'], null);
  assert.equal(meshes.length, 5);
  assert.equal(group.children.length, 1);
  assert.deepEqual(meshes.slice(1), [null, null, null, null]);
  assert.equal(meshes[0].name, 'block');
  assert.equal(meshes[0].triangles, 12);
  assert.equal(meshes[0].vertices.length, 24);
  assert.ok(Math.abs(box.max.x - 0.02) < 1e-9 && Math.abs(box.max.z - 0.004) < 1e-9 && box.min.x === 0, JSON.stringify(box));
  assert.equal(buildMeshes(undefined, null).meshes.length, 0);
  assert.ok(buildMeshes([], null).box.isEmpty());
});

test('frames with the forceps section (flag bit 3, after the tissues)', () => {
  const jaws = [0.001, 0.0005, 0.002, 0.001, 0.00025, 0.012, 0.001, -0.0005, 0.002, 0.001, -0.00025, 0.012];
  const f0 = { jaws, radius: 0.00015, closed: true, held: 2, needle: 1, force: [0, 0, 1e-5] };
  const f1 = { jaws: jaws.map((x) => -x), radius: 0.0002, closed: false, held: 0 };
  const base = { ...decodeSnapshot(handFrame()), tensions: [2.5, 0.75, -0.25] };
  const plain = encodeSnapshot(base);
  const buf = encodeSnapshot({ ...base, hasForceps: true, forceps: [f0, f1] });
  assert.equal(buf.byteLength, plain.byteLength + 4 + 2 * 68);
  const snap = decodeSnapshot(buf);
  assert.equal(snap.flags, 1 | FLAG_FORCEPS);
  assert.equal(snap.hasForceps, true);
  assert.equal(snap.nForceps, 2);
  assert.deepEqual([...snap.forceps[0].jaws], jaws.map(Math.fround));
  assert.equal(snap.forceps[0].radius, Math.fround(0.00015));
  assert.equal(snap.forceps[0].closed, true);
  assert.equal(snap.forceps[0].held, 2);
  assert.equal(snap.forceps[0].needle, 1, 'forceps 0 holds needle 1');
  assert.equal(snap.forceps[1].needle, -1, 'forceps 1 holds no needle');
  assert.deepEqual([...snap.forceps[0].force], [0, 0, Math.fround(1e-5)]);
  assert.equal(snap.forceps[1].closed, false);
  assert.deepEqual([...snap.tensions.subarray(0, 3)], [2.5, 0.75, -0.25], 'the sections before are unchanged');
  assert.deepEqual(new Uint8Array(encodeSnapshot(snap)), new Uint8Array(buf), 'a decoded frame encodes back to the same bytes');
  // a frame without forceps after it
  decodeSnapshot(plain, snap);
  assert.equal(snap.hasForceps, false);
  assert.equal(snap.nForceps, 0);
  // malformed
  const at = plain.byteLength;
  const patched = (v) => { const b = buf.slice(0); new DataView(b).setUint32(at, v, true); return b; };
  assert.throws(() => decodeSnapshot(buf.slice(0, buf.byteLength - 1)), /expected/);
  assert.throws(() => decodeSnapshot(buf.slice(0, at + 2)), /at least/);
  assert.throws(() => decodeSnapshot(patched(MAX_FORCEPS + 1)), /9 forceps, at most 8/);
  assert.throws(() => decodeSnapshot(patched(1)), /expected/);
});

test('frames with the needle section (flag bit 4, after the forceps)', () => {
  const needle = { pose: [0.005, 0.005, 0.0028, 1, 0, 0, 0, 0, 1, 2.79], arcRadius: 0.0017, arcAngle: 2.356, diameter: 6e-5 };
  const base = { ...decodeSnapshot(handFrame()), tensions: [2.5, 0.75, -0.25] };
  const plain = encodeSnapshot(base);
  const buf = encodeSnapshot({ ...base, hasNeedles: true, needles: [needle] });
  assert.equal(buf.byteLength, plain.byteLength + 4 + 52);
  const snap = decodeSnapshot(buf);
  assert.equal(snap.flags, 1 | FLAG_NEEDLES);
  assert.equal(snap.nNeedles, 1);
  assert.deepEqual([...snap.needles[0].pose], needle.pose.map(Math.fround));
  assert.equal(snap.needles[0].arcRadius, Math.fround(0.0017));
  assert.equal(snap.needles[0].arcAngle, Math.fround(2.356));
  assert.equal(snap.needles[0].diameter, Math.fround(6e-5));
  assert.deepEqual(new Uint8Array(encodeSnapshot(snap)), new Uint8Array(buf), 'a decoded frame encodes back to the same bytes');
  decodeSnapshot(plain, snap);
  assert.equal(snap.hasNeedles, false);
  const patched = (v) => { const b = buf.slice(0); new DataView(b).setUint32(plain.byteLength, v, true); return b; };
  assert.throws(() => decodeSnapshot(buf.slice(0, buf.byteLength - 1)), /expected/);
  assert.throws(() => decodeSnapshot(patched(9)), /9 needles, at most 8/);
});
