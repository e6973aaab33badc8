// Deformable tissues of the hello/scene events' "tissues" as meshes: each tissue's boundary
// triangles (indices into its frame nodes, "surface"), their positions rewritten in place from
// every snapshot's tissue section, coloured per node by strain.
//
// Strain colour scale: the node's strain |ε| (the mean Frobenius norm of the co-rotated linear
// strain of its tetrahedra, dimensionless) on forces.js's blue → grey → red colormap, 0 (blue)
// to the range's top (red), the top a 1, 2 or 5 × 10^k ≥ the recent peak over all tissues
// (strainRange: decays like the tension legend's, never below STRAIN_MIN_RANGE = 0.1 %). The
// legend shows it in percent. The mesh is semi-opaque (TISSUE_OPACITY) and writes no depth, so
// the rope on or inside it stays visible.
import * as THREE from 'three';
import { colormap } from './forces.js';

export const STRAIN_MIN_RANGE = 1e-3; // the smallest top of the colour scale: 0.1 % strain
export const TISSUE_OPACITY = 0.6;

/** The smallest 1, 2 or 5 × 10^k ≥ x; STRAIN_MIN_RANGE for smaller or non-finite x. */
export function strainCeil(x) {
  if (!(x > STRAIN_MIN_RANGE) || !isFinite(x)) return STRAIN_MIN_RANGE;
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x * (1 - 1e-9)) return m * p;
  return 10 * p;
}

/**
 * The colour scale's top for the next snapshot (as forces.js's tensionRange): peak is the
 * running maximum, decayed by decay a snapshot, raised at once to the snapshot's largest strain
 * max. Returns {peak, range} with range = strainCeil(peak).
 */
export function strainRange(peak, max, decay = 0.99) {
  const p = Math.max(isFinite(peak) ? peak * decay : 0, isFinite(max) ? max : 0);
  return { peak: p, range: strainCeil(p) };
}

/** A strain for the legend, in percent: 0.001 → "0.1 %", 0.02 → "2 %", 1.5 → "150 %". */
export function formatStrain(e) {
  if (!isFinite(e)) return '–';
  const pc = e * 100;
  return `${+pc.toPrecision(3)} %`;
}

/**
 * Whether the hello's tissue description is usable: a surface of integer node indices and
 * triangles (a multiple of 3) indexing it. A bad one is not drawn.
 */
export function validTissue(info) {
  if (!info || !Array.isArray(info.surface) || !Array.isArray(info.triangles)) return false;
  const n = info.surface.length;
  if (info.triangles.length % 3 !== 0) return false;
  for (const j of info.triangles) if (!(Number.isInteger(j) && j >= 0 && j < n)) return false;
  return true;
}

/** One tissue as a mesh whose buffers are allocated once (for its surface) and updated in place. */
export class TissueMesh {
  constructor(info, material) {
    this.name = String(info.name ?? '');
    this.nodes = info.surface.length;
    this.triangles = info.triangles.length / 3;
    this.updates = 0;
    this.maxStrain = 0;
    const n = this.nodes;
    const geo = new THREE.BufferGeometry();
    const pos = new THREE.BufferAttribute(new Float32Array(n * 3), 3);
    const nor = new THREE.BufferAttribute(new Float32Array(n * 3), 3);
    const col = new THREE.BufferAttribute(new Float32Array(n * 3), 3);
    for (const a of [pos, nor, col]) a.setUsage(THREE.DynamicDrawUsage);
    geo.setAttribute('position', pos);
    geo.setAttribute('normal', nor);
    geo.setAttribute('color', col);
    geo.setIndex(new THREE.BufferAttribute(n > 65535 ? new Uint32Array(info.triangles) : new Uint16Array(info.triangles), 1));
    this.geometry = geo;
    this.mesh = new THREE.Mesh(geo, material);
    this.mesh.frustumCulled = false; // the bounds change every frame
    this.mesh.renderOrder = 5; // after the opaque rope
    this.mesh.visible = false; // until its first record
    this.mesh.userData.tissue = this.name;
  }

  /**
   * Writes a frame record ({nodes, positions, strain}, protocol.js) into the buffers, colours
   * by strain over [0, range], and expands box (a THREE.Box3) by the nodes. A record whose node
   * count is not the tissue's (a frame of another world) is ignored; returns whether it was used.
   */
  update(rec, range, box) {
    if (!rec || rec.nodes !== this.nodes || this.nodes === 0) return false;
    const geo = this.geometry;
    const pa = geo.attributes.position, ca = geo.attributes.color;
    const p = pa.array, c = ca.array;
    let mx = 0;
    for (let j = 0; j < this.nodes; j++) {
      const x = rec.positions[3 * j], y = rec.positions[3 * j + 1], z = rec.positions[3 * j + 2];
      p[3 * j] = x; p[3 * j + 1] = y; p[3 * j + 2] = z;
      box?.expandByPoint(tmp.set(x, y, z));
      const e = rec.strain[j];
      if (e > mx) mx = e;
      colormap(range > 0 ? e / range : 0, c, 3 * j, true);
    }
    this.maxStrain = mx;
    pa.needsUpdate = true;
    ca.needsUpdate = true;
    geo.computeVertexNormals(); // rewrites the normal attribute in place
    this.mesh.visible = true;
    this.updates++;
    return true;
  }

  dispose() {
    this.geometry.dispose();
  }
}

const tmp = new THREE.Vector3();

/** Largest strain of the frame's tissue records (for the colour scale). */
export function maxStrain(snap) {
  let mx = 0;
  for (let k = 0; k < snap.nTissues; k++) {
    const t = snap.tissues[k];
    for (let i = 0; i < t.nodes; i++) if (t.strain[i] > mx) mx = t.strain[i];
  }
  return mx;
}

/**
 * Builds the tissues of a hello/scene event: {group, meshes}, meshes[k] the TissueMesh of the
 * event's tissue k (null when omitted or malformed: frame record k is then not drawn).
 */
export function buildTissues(list, material) {
  const group = new THREE.Group();
  const meshes = [];
  for (const info of Array.isArray(list) ? list : []) {
    if (info?.omitted || !validTissue(info) || info.surface.length === 0) {
      meshes.push(null);
      continue;
    }
    const t = new TissueMesh(info, material);
    group.add(t.mesh);
    meshes.push(t);
  }
  return { group, meshes };
}

export function disposeTissues(t) {
  for (const m of t.meshes) m?.dispose();
}
