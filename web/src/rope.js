// The rope as a smooth shaded tube of its real radius along a display-smoothed curve.
//
// Smoothing is Chaikin's corner cutting (as Kubiak et al. do for display): each round replaces
// every link by its points at 1/4 and 3/4 and keeps the two end nodes, so n points become 2n.
// It is display only: the server's nodes are never changed. The tube's BufferAttributes are
// allocated for a capacity and rewritten in place at every snapshot; they grow (doubling) only
// when a rope with more nodes arrives.
//
// Tension colouring: given the strand's segment tensions, the tube takes a per-vertex colour
// (forces.js's colormap of the node tensions, smoothed by the same Chaikin rounds as the
// curve) and its tension material; without them it keeps its plain material.
import * as THREE from 'three';
import { colormap, nodeTensions, tensionToUnit } from './forces.js';

/**
 * One round of open-curve Chaikin: n points of src (xyz interleaved) → 2n points in dst:
 * P0, then Q_i = ¾P_i + ¼P_{i+1} and R_i = ¼P_i + ¾P_{i+1} for every link, then P_{n−1}.
 * Returns the number of points written. dst must hold 6n floats. n < 2 copies src.
 */
export function chaikinOpen(src, n, dst) {
  if (n < 2) {
    for (let k = 0; k < n * 3; k++) dst[k] = src[k];
    return n;
  }
  let o = 0;
  dst[o++] = src[0]; dst[o++] = src[1]; dst[o++] = src[2];
  for (let i = 0; i < n - 1; i++) {
    const a = i * 3, b = a + 3;
    for (let c = 0; c < 3; c++) dst[o + c] = 0.75 * src[a + c] + 0.25 * src[b + c];
    o += 3;
    for (let c = 0; c < 3; c++) dst[o + c] = 0.25 * src[a + c] + 0.75 * src[b + c];
    o += 3;
  }
  const l = (n - 1) * 3;
  dst[o++] = src[l]; dst[o++] = src[l + 1]; dst[o++] = src[l + 2];
  return o / 3;
}

/** The number of points after rounds of chaikinOpen on n points. */
export function chaikinCount(n, rounds) {
  if (n < 2) return n;
  return n * (1 << rounds);
}

/**
 * Smooths n points of src by rounds of Chaikin through the two scratch buffers (each of
 * 3·chaikinCount(n, rounds) floats) and returns {pts, count}: pts is one of the two buffers.
 */
export function chaikin(src, n, rounds, bufA, bufB) {
  let cur = src, count = n;
  let out = bufA;
  for (let r = 0; r < rounds; r++) {
    count = chaikinOpen(cur, count, out);
    cur = out;
    out = out === bufA ? bufB : bufA;
  }
  if (cur === src) { // rounds = 0
    for (let k = 0; k < n * 3; k++) bufA[k] = src[k];
    cur = bufA;
  }
  return { pts: cur, count };
}

/** Chaikin on a scalar sequence (the same weights as chaikinOpen): n values → 2n in dst. */
export function chaikinOpenScalar(src, n, dst) {
  if (n < 2) {
    for (let k = 0; k < n; k++) dst[k] = src[k];
    return n;
  }
  let o = 0;
  dst[o++] = src[0];
  for (let i = 0; i < n - 1; i++) {
    dst[o++] = 0.75 * src[i] + 0.25 * src[i + 1];
    dst[o++] = 0.25 * src[i] + 0.75 * src[i + 1];
  }
  dst[o++] = src[n - 1];
  return o;
}

const RADIAL = 12;

/** A tube mesh for one strand, updated in place from node positions. */
export class RopeTube {
  /**
   * @param {THREE.Material} material
   * @param {number} rounds Chaikin rounds (2–3)
   * @param {THREE.Material} [tensionMaterial] white, vertexColors: the tension colouring
   */
  constructor(material, rounds = 2, tensionMaterial = null) {
    this.rounds = rounds;
    this.material = material;
    this.tensionMaterial = tensionMaterial;
    this.capMaterials = null; // the caps' own colours while tension-coloured
    this.coloured = false;
    this.capacity = 0; // smoothed points the buffers hold
    this.geometry = new THREE.BufferGeometry();
    this.mesh = new THREE.Mesh(this.geometry, material);
    this.mesh.castShadow = true;
    this.mesh.receiveShadow = true;
    this.mesh.frustumCulled = false;
    this.group = new THREE.Group();
    this.group.add(this.mesh);
    const capGeo = new THREE.SphereGeometry(1, 16, 12);
    this.caps = [new THREE.Mesh(capGeo, material), new THREE.Mesh(capGeo, material)];
    for (const c of this.caps) {
      c.castShadow = true;
      c.receiveShadow = true;
      this.group.add(c);
    }
    this.cos = new Float32Array(RADIAL);
    this.sin = new Float32Array(RADIAL);
    for (let j = 0; j < RADIAL; j++) {
      this.cos[j] = Math.cos((2 * Math.PI * j) / RADIAL);
      this.sin[j] = Math.sin((2 * Math.PI * j) / RADIAL);
    }
    this.reallocations = 0;
    this.count = 0;
  }

  ensure(points) {
    if (points <= this.capacity) return;
    let cap = Math.max(64, this.capacity);
    while (cap < points) cap *= 2;
    this.capacity = cap;
    this.reallocations++;
    this.a = new Float32Array(cap * 3);
    this.b = new Float32Array(cap * 3);
    this.src = new Float32Array(cap * 3);
    this.frameN = new Float32Array(3);
    this.ta = new Float32Array(cap);
    this.tb = new Float32Array(cap);
    const pos = new THREE.BufferAttribute(new Float32Array(cap * RADIAL * 3), 3);
    const nor = new THREE.BufferAttribute(new Float32Array(cap * RADIAL * 3), 3);
    const col = new THREE.BufferAttribute(new Float32Array(cap * RADIAL * 3), 3);
    pos.setUsage(THREE.DynamicDrawUsage);
    nor.setUsage(THREE.DynamicDrawUsage);
    col.setUsage(THREE.DynamicDrawUsage);
    const idx = new Uint32Array((cap - 1) * RADIAL * 6);
    let o = 0;
    for (let i = 0; i < cap - 1; i++) {
      for (let j = 0; j < RADIAL; j++) {
        const j1 = (j + 1) % RADIAL;
        const a = i * RADIAL + j, b = i * RADIAL + j1, c = (i + 1) * RADIAL + j, d = (i + 1) * RADIAL + j1;
        idx[o++] = a; idx[o++] = b; idx[o++] = c; // counter-clockwise seen from outside
        idx[o++] = b; idx[o++] = d; idx[o++] = c;
      }
    }
    this.geometry.dispose();
    this.geometry.setAttribute('position', pos);
    this.geometry.setAttribute('normal', nor);
    this.geometry.setAttribute('color', col);
    this.geometry.setIndex(new THREE.BufferAttribute(idx, 1));
  }

  /**
   * Rebuilds the tube from nodes [first, first+n) of positions (xyz f32) with radius r (m).
   * With tension ({values, firstSeg, range}: the frame's segment tensions, N, this strand's
   * first segment and the colour range's top, N) and a tension material, colours it by
   * tension; otherwise it has its plain material. Allocates nothing unless the strand is
   * longer than any before.
   */
  update(positions, first, n, r, tension = null) {
    const m = chaikinCount(n, this.rounds);
    this.ensure(Math.max(m, 2));
    const src = this.src;
    for (let k = 0; k < n * 3; k++) src[k] = positions[first * 3 + k];
    const { pts, count } = chaikin(src, n, this.rounds, this.a, this.b);
    this.count = count;
    this.radius = r;
    this.pts = pts;
    const P = this.geometry.attributes.position.array;
    const N = this.geometry.attributes.normal.array;
    // Rotation-minimizing frame by projection (the double-reflection method's first-order form).
    let nx = 0, ny = 0, nz = 0;
    for (let i = 0; i < count; i++) {
      const i0 = Math.max(i - 1, 0) * 3, i1 = Math.min(i + 1, count - 1) * 3;
      let tx = pts[i1] - pts[i0], ty = pts[i1 + 1] - pts[i0 + 1], tz = pts[i1 + 2] - pts[i0 + 2];
      const tl = Math.hypot(tx, ty, tz) || 1;
      tx /= tl; ty /= tl; tz /= tl;
      // project the previous normal onto the plane ⟂ t
      let d = nx * tx + ny * ty + nz * tz;
      let px = nx - d * tx, py = ny - d * ty, pz = nz - d * tz;
      let pl = Math.hypot(px, py, pz);
      if (i === 0 || pl < 1e-4) {
        // any perpendicular: cross t with the axis it is least aligned with
        const ax = Math.abs(tx), ay = Math.abs(ty), az = Math.abs(tz);
        let ex = 0, ey = 0, ez = 0;
        if (ax <= ay && ax <= az) ex = 1; else if (ay <= az) ey = 1; else ez = 1;
        px = ty * ez - tz * ey; py = tz * ex - tx * ez; pz = tx * ey - ty * ex;
        pl = Math.hypot(px, py, pz);
      }
      nx = px / pl; ny = py / pl; nz = pz / pl;
      const bx = ty * nz - tz * ny, by = tz * nx - tx * nz, bz = tx * ny - ty * nx;
      const cx = pts[i * 3], cy = pts[i * 3 + 1], cz = pts[i * 3 + 2];
      let o = i * RADIAL * 3;
      for (let j = 0; j < RADIAL; j++, o += 3) {
        const c = this.cos[j], s = this.sin[j];
        const ox = c * nx + s * bx, oy = c * ny + s * by, oz = c * nz + s * bz;
        N[o] = ox; N[o + 1] = oy; N[o + 2] = oz;
        P[o] = cx + r * ox; P[o + 1] = cy + r * oy; P[o + 2] = cz + r * oz;
      }
    }
    const pa = this.geometry.attributes.position, na = this.geometry.attributes.normal;
    pa.clearUpdateRanges();
    na.clearUpdateRanges();
    pa.addUpdateRange(0, count * RADIAL * 3);
    na.addUpdateRange(0, count * RADIAL * 3);
    pa.needsUpdate = true;
    na.needsUpdate = true;
    this.geometry.setDrawRange(0, Math.max(count - 1, 0) * RADIAL * 6);
    const l = (count - 1) * 3;
    this.caps[0].position.set(pts[0], pts[1], pts[2]);
    this.caps[1].position.set(pts[l], pts[l + 1], pts[l + 2]);
    for (const c of this.caps) {
      c.scale.setScalar(r);
      c.visible = count > 0;
    }
    this.mesh.visible = count > 1;
    if (tension && this.tensionMaterial && n >= 2) this.colour(tension, n, count);
    else this.plain();
  }

  /** Writes the vertex colours from the strand's tensions (see update). */
  colour(tension, n, count) {
    const nt = nodeTensions(tension.values, tension.firstSeg, n, this.ta);
    let cur = nt, out = this.tb, c = n;
    for (let k = 0; k < this.rounds; k++) {
      c = chaikinOpenScalar(cur, c, out);
      const t = cur; cur = out; out = t;
    }
    const C = this.geometry.attributes.color.array;
    for (let i = 0; i < count; i++) {
      let o = i * RADIAL * 3;
      colormap(tensionToUnit(cur[i], tension.range), C, o, true);
      for (let j = 1; j < RADIAL; j++) {
        C[o + 3 * j] = C[o]; C[o + 3 * j + 1] = C[o + 1]; C[o + 3 * j + 2] = C[o + 2];
      }
    }
    const ca = this.geometry.attributes.color;
    ca.clearUpdateRanges();
    ca.addUpdateRange(0, count * RADIAL * 3);
    ca.needsUpdate = true;
    if (!this.capMaterials) {
      this.capMaterials = [0, 1].map(() => {
        const m = this.tensionMaterial.clone();
        m.vertexColors = false;
        return m;
      });
    }
    const l = (count - 1) * RADIAL * 3;
    this.capMaterials[0].color.setRGB(C[0], C[1], C[2]);
    this.capMaterials[1].color.setRGB(C[l], C[l + 1], C[l + 2]);
    if (!this.coloured) {
      this.coloured = true;
      this.mesh.material = this.tensionMaterial;
      this.caps[0].material = this.capMaterials[0];
      this.caps[1].material = this.capMaterials[1];
    }
  }

  /** Back to the plain material. */
  plain() {
    if (!this.coloured) return;
    this.coloured = false;
    this.mesh.material = this.material;
    for (const c of this.caps) c.material = this.material;
  }

  dispose() {
    this.geometry.dispose();
    this.caps[0].geometry.dispose();
    for (const m of this.capMaterials ?? []) m.dispose();
  }
}
