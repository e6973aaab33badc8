// Pure helpers for showing a physical solver's forces (no three.js, tested in node): the
// tension colormap, the legend's range and the force arrows' length scale.

// Moreland's "smooth cool warm" diverging map (K. Moreland, Diverging Color Maps for
// Scientific Visualization, ISVC 2009; ParaView's default), 33 samples in sRGB 0–255:
// blue (slack, 0 N) through grey to red (the range's top). Perceptually ordered, readable by
// red–green colour-blind viewers, and its pale middle keeps the tube's shading visible.
const COOLWARM = [
  [59, 76, 192], [68, 90, 204], [77, 104, 215], [87, 117, 225], [98, 130, 234], [108, 142, 241],
  [119, 154, 247], [130, 165, 251], [141, 176, 254], [152, 185, 255], [163, 194, 255],
  [174, 201, 253], [184, 208, 249], [194, 213, 244], [204, 217, 238], [213, 219, 230],
  [221, 221, 221], [229, 216, 209], [236, 211, 197], [241, 204, 185], [245, 196, 173],
  [247, 187, 160], [247, 177, 148], [247, 166, 135], [244, 154, 123], [241, 141, 111],
  [236, 127, 99], [229, 112, 88], [222, 96, 77], [213, 80, 66], [203, 62, 56], [192, 40, 47],
  [180, 4, 38],
];

const srgbToLinear = (c) => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));

// The table in linear RGB (what three.js expects in a vertex colour attribute).
const LINEAR = new Float32Array(COOLWARM.length * 3);
for (let i = 0; i < COOLWARM.length; i++) {
  for (let c = 0; c < 3; c++) LINEAR[i * 3 + c] = srgbToLinear(COOLWARM[i][c] / 255);
}

/**
 * The colour of t ∈ [0, 1] (clamped; NaN is 0) written to out[o..o+2]: sRGB in [0, 1], or
 * linear RGB when linear is true (three.js vertex colours). Interpolates the table linearly.
 */
export function colormap(t, out, o = 0, linear = false) {
  if (!(t > 0)) t = 0;
  else if (t > 1) t = 1;
  const x = t * (COOLWARM.length - 1);
  const i = Math.min(Math.floor(x), COOLWARM.length - 2);
  const f = x - i;
  if (linear) {
    for (let c = 0; c < 3; c++) out[o + c] = LINEAR[i * 3 + c] * (1 - f) + LINEAR[i * 3 + 3 + c] * f;
  } else {
    for (let c = 0; c < 3; c++) out[o + c] = (COOLWARM[i][c] * (1 - f) + COOLWARM[i + 1][c] * f) / 255;
  }
  return out;
}

/** The tension T (N) as a position on the colormap: 0 (slack or compressed) … 1 (≥ max). */
export function tensionToUnit(T, max) {
  if (!(max > 0) || !(T > 0)) return 0;
  return Math.min(T / max, 1);
}

/** A CSS linear-gradient of the colormap, left (0) to right (1), for the legend. */
export function colormapCSS(steps = 9) {
  const c = [0, 0, 0];
  const stops = [];
  for (let k = 0; k < steps; k++) {
    colormap(k / (steps - 1), c);
    stops.push(`rgb(${Math.round(c[0] * 255)},${Math.round(c[1] * 255)},${Math.round(c[2] * 255)}) ${((100 * k) / (steps - 1)).toFixed(1)}%`);
  }
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** The smallest 1, 2 or 5 × 10^k ≥ x (x > 0); MIN_RANGE for smaller or non-finite x. */
export const MIN_RANGE = 0.01; // N
export function niceCeil(x) {
  if (!(x > MIN_RANGE) || !isFinite(x)) return MIN_RANGE;
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x * (1 - 1e-9)) return m * p;
  return 10 * p;
}

/**
 * The colour range's top for the next snapshot: peak is the running maximum, decayed by decay
 * per snapshot (0.99 at 60 Hz: halves in ≈ 1.2 s) so one tug does not wash the rope out for
 * good, raised at once to the snapshot's largest tension max. Returns {peak, range}: range is
 * niceCeil(peak), so the legend reads 0 – 2 N, 0 – 5 N, … and changes rarely.
 */
export function tensionRange(peak, max, decay = 0.99) {
  const p = Math.max(isFinite(peak) ? peak * decay : 0, isFinite(max) ? max : 0);
  return { peak: p, range: niceCeil(p) };
}

/**
 * The tension at each of a strand's n nodes from its n − 1 segment tensions starting at
 * tensions[firstSeg]: the mean of the two segments that meet there; an end node takes its one
 * segment. Writes out[0..n−1]. A strand of one node gets 0.
 */
export function nodeTensions(tensions, firstSeg, n, out) {
  if (n < 2) {
    if (n === 1) out[0] = 0;
    return out;
  }
  out[0] = tensions[firstSeg];
  out[n - 1] = tensions[firstSeg + n - 2];
  for (let i = 1; i < n - 1; i++) out[i] = 0.5 * (tensions[firstSeg + i - 1] + tensions[firstSeg + i]);
  return out;
}

// Force arrows: length = ARROW_DECADE × log10(1 + |F| / ARROW_REF) metres, so 0.1 N is a 3 cm
// arrow, 1 N 10 cm, 10 N 20 cm, 100 N 30 cm: readable from a gentle pull to a hard tug.
export const ARROW_REF = 0.1; // N
export const ARROW_DECADE = 0.1; // m per decade of force (above ARROW_REF)
export const ARROW_MIN_FORCE = 1e-4; // N; below it no arrow is drawn

/** The arrow's length (m) for a force of magnitude f (N); 0 below ARROW_MIN_FORCE. */
export function arrowLength(f, decade = ARROW_DECADE) {
  if (!(f >= ARROW_MIN_FORCE) || !isFinite(f)) return 0;
  return decade * Math.log10(1 + f / ARROW_REF);
}

/** A force magnitude for the panel: "0.153 N", "2.41 N", "12.3 N", "1250 N". */
export function formatNewtons(f) {
  if (!isFinite(f)) return '–';
  const a = Math.abs(f);
  if (a >= 100) return `${f.toFixed(0)} N`;
  if (a >= 10) return `${f.toFixed(1)} N`;
  if (a >= 1) return `${f.toFixed(2)} N`;
  if (a >= 0.1 || a === 0) return `${f.toFixed(3)} N`;
  // a thread's weight is micronewtons: three significant digits in mN or µN
  if (a >= 1e-4) return `${(f * 1e3).toPrecision(3)} mN`;
  return `${(f * 1e6).toPrecision(3)} µN`;
}

/**
 * Contact force lines: for each of the n contacts of data (9 numbers each: point (m), normal
 * force (N), friction force (N), as protocol.js decodes them) two line segments from the
 * point, along the normal force and along the friction force, each as long as a tool's force
 * arrow of that magnitude (arrowLength with the same decade). Writes out[12k … 12k + 5] (the
 * normal's two vertices) and out[12k + 6 … 12k + 11] (the friction's); a force too small for
 * an arrow gets a zero-length segment at the point. Returns how many segments have a length.
 */
export function contactLines(data, n, decade, out) {
  let drawn = 0;
  for (let k = 0; k < n; k++) {
    const d = 9 * k, o = 12 * k;
    for (let s = 0; s < 2; s++) {
      const fx = data[d + 3 + 3 * s], fy = data[d + 4 + 3 * s], fz = data[d + 5 + 3 * s];
      const f = Math.hypot(fx, fy, fz);
      const L = arrowLength(f, decade);
      const q = L > 0 ? L / f : 0;
      const v = o + 6 * s;
      out[v] = data[d]; out[v + 1] = data[d + 1]; out[v + 2] = data[d + 2];
      out[v + 3] = data[d] + fx * q; out[v + 4] = data[d + 1] + fy * q; out[v + 5] = data[d + 2] + fz * q;
      if (L > 0) drawn++;
    }
  }
  return drawn;
}
