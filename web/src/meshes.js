// Rigid triangle meshes of the hello/scene events' "meshes" (the scene's STL, OBJ or inline
// meshes): static, opaque grey, built once per event. Normals are computed per triangle corner
// from the faces around its vertex that bend less than CREASE_ANGLE from its own, so that a
// block keeps sharp edges and a fine curved surface looks smooth.
import * as THREE from 'three';

export const CREASE_ANGLE = Math.PI / 6; // 30°

/**
 * Whether the hello's mesh description is usable: vertices a multiple of 3 finite numbers,
 * triangles a multiple of 3 integer indices into them. A bad one is not drawn.
 */
export function validMesh(info) {
  if (!info || !Array.isArray(info.vertices) || !Array.isArray(info.triangles)) return false;
  if (info.vertices.length % 3 !== 0 || info.triangles.length % 3 !== 0) return false;
  for (const v of info.vertices) if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  const n = info.vertices.length / 3;
  for (const j of info.triangles) if (!(Number.isInteger(j) && j >= 0 && j < n)) return false;
  return true;
}

/**
 * Non-indexed positions and creased normals of a triangle mesh (flat arrays as in the hello):
 * returns {positions, normals}, 9 numbers a triangle each. A corner's normal is the
 * area-weighted sum of the normals of the triangles at its vertex within crease of its own
 * triangle's (a degenerate triangle takes its neighbours').
 */
export function creasedNormals(vertices, triangles, crease = CREASE_ANGLE) {
  const nt = triangles.length / 3, nv = vertices.length / 3;
  const fn = new Float64Array(nt * 3); // area-weighted face normals (twice the area)
  const fu = new Float64Array(nt * 3); // unit face normals
  const positions = new Float32Array(nt * 9);
  for (let f = 0; f < nt; f++) {
    const a = 3 * triangles[3 * f], b = 3 * triangles[3 * f + 1], c = 3 * triangles[3 * f + 2];
    const ux = vertices[b] - vertices[a], uy = vertices[b + 1] - vertices[a + 1], uz = vertices[b + 2] - vertices[a + 2];
    const vx = vertices[c] - vertices[a], vy = vertices[c + 1] - vertices[a + 1], vz = vertices[c + 2] - vertices[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    fn[3 * f] = nx; fn[3 * f + 1] = ny; fn[3 * f + 2] = nz;
    const l = Math.hypot(nx, ny, nz);
    if (l > 0) { fu[3 * f] = nx / l; fu[3 * f + 1] = ny / l; fu[3 * f + 2] = nz / l; }
    for (let k = 0; k < 3; k++) {
      const i = 3 * triangles[3 * f + k];
      positions[9 * f + 3 * k] = vertices[i];
      positions[9 * f + 3 * k + 1] = vertices[i + 1];
      positions[9 * f + 3 * k + 2] = vertices[i + 2];
    }
  }
  // the triangles of each vertex (counting sort)
  const off = new Int32Array(nv + 1);
  for (const i of triangles) off[i + 1]++;
  for (let i = 0; i < nv; i++) off[i + 1] += off[i];
  const around = new Int32Array(off[nv]);
  const fill = off.slice(0, nv);
  for (let f = 0; f < nt; f++) for (let k = 0; k < 3; k++) around[fill[triangles[3 * f + k]]++] = f;
  const cos = Math.cos(crease);
  const normals = new Float32Array(nt * 9);
  for (let f = 0; f < nt; f++) {
    const degenerate = fu[3 * f] === 0 && fu[3 * f + 1] === 0 && fu[3 * f + 2] === 0;
    for (let k = 0; k < 3; k++) {
      const i = triangles[3 * f + k];
      let x = 0, y = 0, z = 0;
      for (let a = off[i]; a < off[i + 1]; a++) {
        const g = around[a];
        if (!degenerate && fu[3 * f] * fu[3 * g] + fu[3 * f + 1] * fu[3 * g + 1] + fu[3 * f + 2] * fu[3 * g + 2] < cos) continue;
        x += fn[3 * g]; y += fn[3 * g + 1]; z += fn[3 * g + 2];
      }
      const l = Math.hypot(x, y, z) || 1;
      normals[9 * f + 3 * k] = x / l;
      normals[9 * f + 3 * k + 1] = y / l;
      normals[9 * f + 3 * k + 2] = z / l;
    }
  }
  return { positions, normals };
}

/**
 * Builds the meshes of a hello/scene event: {group, box, meshes}, meshes[k] the description of
 * the event's mesh k ({name, vertices (Float32Array, m), triangles, mesh}) or null when omitted,
 * empty or malformed (not drawn); box bounds the drawn ones.
 */
export function buildMeshes(list, material) {
  const group = new THREE.Group();
  const box = new THREE.Box3();
  const meshes = [];
  for (const info of Array.isArray(list) ? list : []) {
    if (info?.omitted || !validMesh(info) || info.triangles.length === 0) {
      meshes.push(null);
      continue;
    }
    const { positions, normals } = creasedNormals(info.vertices, info.triangles);
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geo.setAttribute('normal', new THREE.BufferAttribute(normals, 3));
    geo.computeBoundingBox();
    geo.computeBoundingSphere();
    const mesh = new THREE.Mesh(geo, material);
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    mesh.userData.rigidMesh = String(info.name ?? '');
    group.add(mesh);
    box.union(geo.boundingBox);
    meshes.push({ name: String(info.name ?? ''), vertices: Float32Array.from(info.vertices), triangles: info.triangles.length / 3, mesh });
  }
  return { group, box, meshes };
}

export function disposeMeshes(m) {
  for (const x of m.meshes) x?.mesh.geometry.dispose();
}
