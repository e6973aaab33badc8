// Needles of the snapshot frames' needle section (protocol.js): a curved needle is a torus arc
// (three.js's TorusGeometry: radius R, tube diameter/2, arc angle, in its own x-y plane from
// +x), placed each frame in the needle's plane (u, v) about its centre and turned so that the
// arc runs from the swage (angle − arc angle) to the tip (angle).
import * as THREE from 'three';

const COLOUR = 0xd8dde6;

/** Returns {group, items, updates}: items grow as frames bring more needles (updateNeedles). */
export function newNeedles() {
  return { group: new THREE.Group(), items: [], updates: 0 };
}

const m = new THREE.Matrix4(), basis = new THREE.Matrix4(), rot = new THREE.Matrix4();
const u = new THREE.Vector3(), v = new THREE.Vector3(), n = new THREE.Vector3(), c = new THREE.Vector3();

/** Moves the needle meshes to the snapshot's needles (hiding any beyond nNeedles), growing box. */
export function updateNeedles(nd, snap, box) {
  const count = snap.hasNeedles ? snap.nNeedles : 0;
  for (let k = 0; k < nd.items.length; k++) nd.items[k].mesh.visible = k < count;
  for (let k = 0; k < count; k++) {
    const s = snap.needles[k];
    let it = nd.items[k];
    if (!it || it.R !== s.arcRadius || it.arc !== s.arcAngle || it.d !== s.diameter) {
      if (it) {
        nd.group.remove(it.mesh);
        it.mesh.geometry.dispose();
      }
      const geo = new THREE.TorusGeometry(s.arcRadius, Math.max(s.diameter / 2, 1e-9), 8, 64, s.arcAngle);
      const mesh = new THREE.Mesh(geo, new THREE.MeshStandardMaterial({ color: COLOUR, roughness: 0.25, metalness: 0.8 }));
      mesh.castShadow = true;
      mesh.matrixAutoUpdate = false;
      nd.group.add(mesh);
      it = nd.items[k] = { mesh, R: s.arcRadius, arc: s.arcAngle, d: s.diameter };
    }
    const p = s.pose;
    c.set(p[0], p[1], p[2]);
    u.set(p[3], p[4], p[5]);
    v.set(p[6], p[7], p[8]);
    n.crossVectors(u, v);
    basis.makeBasis(u, v, n).setPosition(c);
    rot.makeRotationZ(p[9] - s.arcAngle);
    it.mesh.matrix.multiplyMatrices(basis, rot);
    it.mesh.matrixWorldNeedsUpdate = true;
    it.mesh.visible = true;
    if (box) {
      for (const a of [p[9], p[9] - s.arcAngle]) box.expandByPoint(u.set(p[3], p[4], p[5]).multiplyScalar(s.arcRadius * Math.cos(a)).add(v.set(p[6], p[7], p[8]).multiplyScalar(s.arcRadius * Math.sin(a))).add(c));
    }
  }
  nd.updates++;
}

/** The point a fraction f of the way along needle k from its swage (0) to its tip (1), in
 * world coordinates, or null. */
export function needlePoint(snap, k, f) {
  if (!snap.hasNeedles || k < 0 || k >= snap.nNeedles) return null;
  const s = snap.needles[k], p = s.pose;
  const a = p[9] - (1 - f) * s.arcAngle;
  const ca = Math.cos(a) * s.arcRadius, sa = Math.sin(a) * s.arcRadius;
  return [p[0] + ca * p[3] + sa * p[6], p[1] + ca * p[4] + sa * p[7], p[2] + ca * p[5] + sa * p[8]];
}
