// Rigid obstacles of the hello/scene events as meshes: plane, sphere, pole (capsule), ring (torus).
import * as THREE from 'three';

const v3 = (a, d = [0, 0, 0]) => (Array.isArray(a) && a.length === 3 ? new THREE.Vector3(a[0], a[1], a[2]) : new THREE.Vector3(...d));

/** Rotation taking +from (a unit axis of a three.js primitive) to dir. */
function orient(mesh, from, dir) {
  const d = dir.clone();
  if (d.lengthSq() === 0) return;
  mesh.quaternion.setFromUnitVectors(from, d.normalize());
}

/**
 * Builds a Group of meshes for the obstacles list and returns {group, box} where box is their
 * bounding box (planes excluded: they are unbounded).
 */
export function buildObstacles(list, material, planeMaterial) {
  const group = new THREE.Group();
  const box = new THREE.Box3();
  for (const o of list ?? []) {
    let mesh = null;
    const r = +o.radius || 0;
    switch (o.kind ?? o.type) {
      case 'plane': {
        const c = v3(o.center ?? o.point), n = v3(o.axis ?? o.normal, [0, 0, 1]);
        mesh = new THREE.Mesh(new THREE.PlaneGeometry(4, 4), planeMaterial);
        mesh.position.copy(c);
        orient(mesh, new THREE.Vector3(0, 0, 1), n);
        mesh.receiveShadow = true;
        break;
      }
      case 'sphere': {
        mesh = new THREE.Mesh(new THREE.SphereGeometry(r, 48, 32), material);
        mesh.position.copy(v3(o.center));
        break;
      }
      case 'pole': {
        const a = v3(o.a), b = v3(o.b);
        const len = a.distanceTo(b);
        mesh = new THREE.Mesh(new THREE.CapsuleGeometry(r, len, 12, 32), material);
        mesh.position.copy(a).add(b).multiplyScalar(0.5);
        orient(mesh, new THREE.Vector3(0, 1, 0), b.clone().sub(a));
        break;
      }
      case 'ring': {
        const R = +o.major || 0;
        mesh = new THREE.Mesh(new THREE.TorusGeometry(R, r, 24, 96), material);
        mesh.position.copy(v3(o.center));
        orient(mesh, new THREE.Vector3(0, 0, 1), v3(o.axis, [0, 0, 1]));
        break;
      }
      default:
        continue;
    }
    mesh.castShadow = (o.kind ?? o.type) !== 'plane';
    mesh.receiveShadow = true;
    mesh.userData.obstacle = o;
    group.add(mesh);
    if ((o.kind ?? o.type) !== 'plane') {
      mesh.updateMatrixWorld(true);
      mesh.geometry.computeBoundingBox();
      box.union(mesh.geometry.boundingBox.clone().applyMatrix4(mesh.matrixWorld));
    }
  }
  return { group, box };
}

export function disposeGroup(group) {
  group.traverse((o) => o.geometry?.dispose());
}
