// Unit tests of the viewer's pure parts (no browser): the snapshot codec and Chaikin smoothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSnapshot, encodeSnapshot, newSnapshot, knotTitle, MAGIC } from '../src/protocol.js';
import { chaikinOpen, chaikinCount, chaikin } from '../src/rope.js';

const sample = () => ({
  cycle: 1234, time: 1.234, cyclesPerSecond: 999.5, contacts: 7, clusters: 2, nNodes: 3,
  strands: [{ first: 0, nodes: 3, radius: 0.005 }],
  positions: new Float32Array([0, 0, 0, 0.01, 0, 0, 0.02, 0.005, -0.25]),
  tools: [{ node: -1, active: false, owned: false, target: new Float32Array([1, 2, 3]) },
    { node: 2, active: true, owned: true, target: new Float32Array([0.5, -0.5, 0.25]) }],
});

test('snapshot round trip, byte layout and reuse', () => {
  const buf = encodeSnapshot(sample());
  assert.equal(buf.byteLength, 32 + 12 + 3 * 12 + 2 * 20);
  const dv = new DataView(buf);
  assert.equal(dv.getUint32(0, true), MAGIC);
  assert.equal(dv.getUint32(0, true), 0x314e534b);
  const snap = newSnapshot();
  decodeSnapshot(buf, snap);
  assert.equal(snap.cycle, 1234);
  assert.equal(snap.time, 1.234);
  assert.equal(snap.contacts, 7);
  assert.equal(snap.clusters, 2);
  assert.deepEqual(snap.strands, [{ first: 0, nodes: 3, radius: Math.fround(0.005) }]);
  assert.equal(snap.positions[8], -0.25);
  assert.equal(snap.tools[0].node, -1);
  assert.deepEqual({ ...snap.tools[1], target: [...snap.tools[1].target] }, { node: 2, active: true, owned: true, target: [0.5, -0.5, 0.25] });
  const pos = snap.positions;
  decodeSnapshot(buf, snap);
  assert.equal(snap.positions, pos, 'positions array reused');
});

test('malformed snapshots are errors', () => {
  const buf = encodeSnapshot(sample());
  assert.throws(() => decodeSnapshot(buf.slice(0, 20)), /header/);
  assert.throws(() => decodeSnapshot(buf.slice(0, buf.byteLength - 1)), /expected/);
  const bad = buf.slice(0);
  new DataView(bad).setUint32(0, 1, true);
  assert.throws(() => decodeSnapshot(bad), /magic/);
  const over = buf.slice(0);
  new DataView(over).setUint32(32 + 4, 9, true); // strand beyond the nodes
  assert.throws(() => decodeSnapshot(over), /beyond/);
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
