// Forceps of the snapshot frames' forceps section (protocol.js): two capsule jaws each, drawn
// steel-grey while open and green while closed (the rope is orange), moved in place every frame.
import * as THREE from 'three';

const UP = new THREE.Vector3(0, 1, 0);
const CLOSED = 0x3cc47c, OPEN = 0x9aa4b5;

/** Returns {group, items}: items grow as frames bring more forceps (updateForceps). */
export function newForceps() {
  return { group: new THREE.Group(), items: [], updates: 0 };
}

function jawMesh(mat) {
  // a unit cylinder (height 1 along y, radius 1) between two unit spheres, scaled per frame
  const jaw = new THREE.Group();
  const body = new THREE.Mesh(new THREE.CylinderGeometry(1, 1, 1, 16, 1, true), mat);
  const a = new THREE.Mesh(new THREE.SphereGeometry(1, 16, 12), mat);
  const b = new THREE.Mesh(new THREE.SphereGeometry(1, 16, 12), mat);
  for (const m of [body, a, b]) {
    m.castShadow = true;
    jaw.add(m);
  }
  return { jaw, body, a, b };
}

const ta = new THREE.Vector3(), tb = new THREE.Vector3(), dir = new THREE.Vector3();

/** Places one jaw: capsule from (a) to (b) of radius r. */
function placeJaw(j, ax, ay, az, bx, by, bz, r) {
  ta.set(ax, ay, az);
  tb.set(bx, by, bz);
  dir.subVectors(tb, ta);
  const len = dir.length();
  j.body.position.addVectors(ta, tb).multiplyScalar(0.5);
  if (len > 0) j.body.quaternion.setFromUnitVectors(UP, dir.multiplyScalar(1 / len));
  j.body.scale.set(r, Math.max(len, 1e-9), r);
  j.a.position.copy(ta);
  j.b.position.copy(tb);
  j.a.scale.setScalar(r);
  j.b.scale.setScalar(r);
}

/**
 * Moves the forceps meshes to the snapshot's forceps (hiding any beyond nForceps) and grows
 * box by them; returns how many are closed.
 */
export function updateForceps(fc, snap, box) {
  const n = snap.hasForceps ? snap.nForceps : 0;
  while (fc.items.length < n) {
    const mat = new THREE.MeshStandardMaterial({ color: OPEN, roughness: 0.3, metalness: 0.6 });
    const jaws = [jawMesh(mat), jawMesh(mat)];
    const g = new THREE.Group();
    for (const j of jaws) g.add(j.jaw);
    fc.group.add(g);
    fc.items.push({ group: g, jaws, mat, closed: false });
  }
  let closed = 0;
  for (let k = 0; k < fc.items.length; k++) {
    const it = fc.items[k];
    it.group.visible = k < n;
    if (k >= n) continue;
    const f = snap.forceps[k];
    const J = f.jaws;
    placeJaw(it.jaws[0], J[0], J[1], J[2], J[3], J[4], J[5], f.radius);
    placeJaw(it.jaws[1], J[6], J[7], J[8], J[9], J[10], J[11], f.radius);
    if (it.closed !== f.closed) {
      it.closed = f.closed;
      it.mat.color.setHex(f.closed ? CLOSED : OPEN);
    }
    if (f.closed) closed++;
    if (box) for (let i = 0; i < 12; i += 3) box.expandByPoint(ta.set(J[i], J[i + 1], J[i + 2]));
  }
  fc.updates++;
  return closed;
}

export function disposeForceps(fc) {
  fc.group.traverse((o) => {
    o.geometry?.dispose();
    o.material?.dispose?.();
  });
  fc.group.clear();
  fc.items.length = 0;
}
