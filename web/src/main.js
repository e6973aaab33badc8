// knotsim's browser viewer: a three.js view of the live simulation streamed by `knotsim serve`
// over a WebSocket (protocol.js), with tools driven by the mouse.
//
// Rendering runs at the display's rate (requestAnimationFrame) and is decoupled from snapshot
// arrival: a snapshot only marks the rope dirty; the next frame rebuilds the tubes in place.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import './style.css';
import { newSnapshot, decodeSnapshot, cmd, knotTitle, knotLines, MAX_CONTACTS } from './protocol.js';
import { RopeTube } from './rope.js';
import { tensionRange, colormapCSS, arrowLength, formatNewtons, ARROW_REF, contactLines } from './forces.js';
import { buildObstacles, disposeGroup } from './obstacles.js';
import { buildMeshes, disposeMeshes } from './meshes.js';
import { buildTissues, disposeTissues, strainRange, maxStrain, formatStrain, TISSUE_OPACITY } from './tissue.js';
import { newForceps, updateForceps } from './forceps.js';
import { newNeedles, updateNeedles, needlePoint } from './needles.js';

const $ = (id) => document.getElementById(id);
const ROPE_COLORS = [0xff6a1a, 0x2bb5a8, 0xd94fd0, 0xe8d23a];
const TOOL_COLORS = [0xffe14d, 0x4da6ff];
const SCRIPTED_ARROW_COLOR = 0xe6e9f2; // force arrows of the scene's scripted tools
const CONTACT_NORMAL_COLOR = 0x5cff7a; // contact force lines: the normal force
const CONTACT_FRICTION_COLOR = 0xff5cd6; // ... and the friction force
const PICK_PX = 14; // a press this close (CSS px) to a node's screen position grasps it

// ---------------------------------------------------------------- three.js scene
const view = $('view');
const Q = new URLSearchParams(location.search);
// Quality: full on a GPU; on a software rasterizer (SwiftShader, llvmpipe: headless CI, remote
// desktops), which is bound by fill rate, no MSAA, half resolution, a Lambert ground and a
// 512² shadow map. Shadows are on everywhere (a depth cue: where the rope is above the table);
// the toolbar's toggle turns them off. ?aa=0|1, ?pr=<ratio>, ?sm=<size>, ?shadow=0 override.
const quality = (() => {
  let gl = '';
  try {
    const c = document.createElement('canvas').getContext('webgl2') || document.createElement('canvas').getContext('webgl');
    const ext = c && c.getExtension('WEBGL_debug_renderer_info');
    gl = c ? String(c.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : c.RENDERER)) : 'none';
    c?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch { gl = 'none'; }
  const software = /swiftshader|llvmpipe|softpipe|software/i.test(gl);
  return {
    renderer: gl,
    software,
    antialias: Q.has('aa') ? Q.get('aa') !== '0' : !software,
    pixelRatio: +(Q.get('pr') || (software ? 0.5 : Math.min(window.devicePixelRatio || 1, 2))),
    shadowMap: +(Q.get('sm') || (software ? 512 : 2048)),
    shadows: Q.has('shadow') ? Q.get('shadow') !== '0' : true,
  };
})();
const renderer = new THREE.WebGLRenderer({ antialias: quality.antialias });
renderer.setPixelRatio(quality.pixelRatio);
renderer.setSize(window.innerWidth, window.innerHeight);
renderer.shadowMap.enabled = quality.shadows;
// PCF filtering on a GPU; unfiltered on a software rasterizer (PCF there cost 4× the frame
// time with a 500-link rope). ?st=basic|pcf overrides.
renderer.shadowMap.type = (Q.get('st') || (quality.software ? 'basic' : 'pcf')) === 'basic' ? THREE.BasicShadowMap : THREE.PCFShadowMap;
renderer.toneMapping = THREE.ACESFilmicToneMapping;
view.appendChild(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x1b1f27);
scene.fog = new THREE.Fog(0x1b1f27, 10, 40);

// The simulation has no gravity; z is shown as up (poles stand along z in the built-in scenes).
const camera = new THREE.PerspectiveCamera(40, window.innerWidth / window.innerHeight, 0.005, 100);
camera.up.set(0, 0, 1);
camera.position.set(0.6, -2.4, 1.6);

const hemi = new THREE.HemisphereLight(0xdfe8ff, 0x3a3026, 1.1);
hemi.position.set(0, 0, 1);
scene.add(hemi);
const sun = new THREE.DirectionalLight(0xffffff, 2.4);
sun.castShadow = true;
sun.shadow.mapSize.set(quality.shadowMap, quality.shadowMap);
sun.shadow.bias = -0.0004;
sun.shadow.normalBias = 0.002;
scene.add(sun, sun.target);

const groundMat = quality.software ? new THREE.MeshLambertMaterial({ color: 0x8a93a3 }) : new THREE.MeshStandardMaterial({ color: 0x8a93a3, roughness: 0.95, metalness: 0 });
const ground = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), groundMat);
ground.receiveShadow = true;
scene.add(ground);
const grid = new THREE.GridHelper(1, 20, 0x5d6677, 0x6f7889);
grid.rotation.x = Math.PI / 2; // GridHelper lies in xz; ours in xy
grid.material.transparent = true;
grid.material.opacity = 0.35;
scene.add(grid);

const ropeMats = ROPE_COLORS.map((c) => (quality.software
  ? new THREE.MeshLambertMaterial({ color: c }) // per-vertex lighting: cheap on a software rasterizer
  : new THREE.MeshStandardMaterial({ color: c, roughness: 0.55, metalness: 0.0 })));
// tension colouring: white times the vertex colours (rope.js)
const tensionMat = quality.software
  ? new THREE.MeshLambertMaterial({ color: 0xffffff, vertexColors: true })
  : new THREE.MeshStandardMaterial({ color: 0xffffff, vertexColors: true, roughness: 0.55, metalness: 0.0 });
const obstacleMat = new THREE.MeshStandardMaterial({ color: 0xb8c2d6, roughness: 0.35, metalness: 0.3 });
const planeMat = new THREE.MeshStandardMaterial({ color: 0x6d7f99, roughness: 0.9, transparent: true, opacity: 0.45, side: THREE.DoubleSide });
let obstacles = { group: new THREE.Group(), box: new THREE.Box3() };
scene.add(obstacles.group);
// rigid triangle meshes (meshes.js): static, opaque grey
const rigidMat = quality.software
  ? new THREE.MeshLambertMaterial({ color: 0x9a9da3 })
  : new THREE.MeshStandardMaterial({ color: 0x9a9da3, roughness: 0.6, metalness: 0.1 });
let rigid = { group: new THREE.Group(), box: new THREE.Box3(), meshes: [] };
scene.add(rigid.group);
// deformable tissues (tissue.js): strain colours times white, semi-opaque, no depth writes so
// the rope on or inside them shows through
const tissueMat = quality.software
  ? new THREE.MeshLambertMaterial({ color: 0xffffff, vertexColors: true, transparent: true, opacity: TISSUE_OPACITY, depthWrite: false, side: THREE.DoubleSide })
  : new THREE.MeshStandardMaterial({ color: 0xffffff, vertexColors: true, transparent: true, opacity: TISSUE_OPACITY, depthWrite: false, side: THREE.DoubleSide, roughness: 0.7, metalness: 0 });
let tissues = { group: new THREE.Group(), meshes: [] };
scene.add(tissues.group);
// forceps (forceps.js): moved every frame from the frame's forceps section
const forceps = newForceps();
scene.add(forceps.group);
// needles (needles.js): moved every frame from the frame's needle section
const needles = newNeedles();
scene.add(needles.group);
let forcepsClosed = 0;

const ropeGroup = new THREE.Group();
scene.add(ropeGroup);
/** @type {RopeTube[]} */
const tubes = [];

// tool markers: a sphere at the target and a line from the held node to it
const toolMarkers = TOOL_COLORS.map((c) => {
  const m = new THREE.Mesh(new THREE.SphereGeometry(1, 16, 12), new THREE.MeshStandardMaterial({ color: c, emissive: c, emissiveIntensity: 0.4, transparent: true, opacity: 0.75 }));
  const lineGeo = new THREE.BufferGeometry();
  lineGeo.setAttribute('position', new THREE.BufferAttribute(new Float32Array(6), 3));
  const line = new THREE.Line(lineGeo, new THREE.LineBasicMaterial({ color: c }));
  line.frustumCulled = false;
  m.visible = line.visible = false;
  scene.add(m, line);
  return { mesh: m, line };
});

// height marker: a vertical line from the dragged (or pinned) tool's target down to the table
// and a ring where it meets it, so that the height of the hand can be read in any view
const heightMarkers = TOOL_COLORS.map((c) => {
  const lineGeo = new THREE.BufferGeometry();
  lineGeo.setAttribute('position', new THREE.BufferAttribute(new Float32Array(6), 3));
  const line = new THREE.Line(lineGeo, new THREE.LineDashedMaterial({ color: c, dashSize: 1, gapSize: 0.5, transparent: true, opacity: 0.9 }));
  line.frustumCulled = false;
  const ring = new THREE.Mesh(new THREE.RingGeometry(0.8, 1, 32), new THREE.MeshBasicMaterial({ color: c, transparent: true, opacity: 0.8, side: THREE.DoubleSide }));
  line.visible = ring.visible = false;
  scene.add(line, ring);
  return { line, ring };
});

/** Puts height marker k under point v (or hides it when v is null). */
function setHeightMarker(k, v, size) {
  const m = heightMarkers[k];
  m.line.visible = m.ring.visible = !!v && isFinite(groundZ);
  if (!m.line.visible) return;
  const a = m.line.geometry.attributes.position;
  a.setXYZ(0, v.x, v.y, v.z);
  a.setXYZ(1, v.x, v.y, groundZ + 0.001);
  a.needsUpdate = true;
  m.line.material.dashSize = size;
  m.line.material.gapSize = size / 2;
  m.line.computeLineDistances();
  m.ring.position.set(v.x, v.y, groundZ + 0.001);
  m.ring.scale.setScalar(size * 1.5);
}

// force arrows, one per tool (grown as tools appear): a shaft and a cone along +y, rotated onto
// the force the tool exerts on the rope, from the held node
const arrowShaftGeo = new THREE.CylinderGeometry(1, 1, 1, 10).translate(0, 0.5, 0);
const arrowHeadGeo = new THREE.ConeGeometry(1, 1, 14).translate(0, 0.5, 0);
const arrowMats = new Map();
const arrows = [];
const Y_AXIS = new THREE.Vector3(0, 1, 0);
function arrowMat(color) {
  if (!arrowMats.has(color)) arrowMats.set(color, new THREE.MeshLambertMaterial({ color, emissive: color, emissiveIntensity: 0.35 }));
  return arrowMats.get(color);
}
function arrow(i) {
  while (arrows.length <= i) {
    const g = new THREE.Group();
    const shaft = new THREE.Mesh(arrowShaftGeo, arrowMat(SCRIPTED_ARROW_COLOR));
    const head = new THREE.Mesh(arrowHeadGeo, shaft.material);
    g.add(shaft, head);
    g.visible = false;
    g.userData = { shaft, head, length: 0, force: 0 };
    scene.add(g);
    arrows.push(g);
  }
  return arrows[i];
}

// contact forces (snapshots with the contact section): one LineSegments for every contact, a
// segment along its normal force and one along its friction force (forces.js contactLines),
// drawn over the rope; its buffers are sized once for MAX_CONTACTS and only the draw range
// changes
const contactGeo = new THREE.BufferGeometry();
const contactPos = new THREE.BufferAttribute(new Float32Array(MAX_CONTACTS * 12), 3);
contactPos.setUsage(THREE.DynamicDrawUsage);
{
  const col = new Float32Array(MAX_CONTACTS * 12);
  const nc = new THREE.Color(CONTACT_NORMAL_COLOR), fc = new THREE.Color(CONTACT_FRICTION_COLOR);
  for (let v = 0; v < MAX_CONTACTS * 4; v++) {
    const c = v % 4 < 2 ? nc : fc;
    col[3 * v] = c.r; col[3 * v + 1] = c.g; col[3 * v + 2] = c.b;
  }
  contactGeo.setAttribute('position', contactPos);
  contactGeo.setAttribute('color', new THREE.BufferAttribute(col, 3));
}
contactGeo.setDrawRange(0, 0);
const contactLineSegs = new THREE.LineSegments(contactGeo, new THREE.LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true, fog: false }));
contactLineSegs.frustumCulled = false;
contactLineSegs.renderOrder = 10;
contactLineSegs.visible = false;
scene.add(contactLineSegs);

const controls = new OrbitControls(camera, renderer.domElement);
controls.enableDamping = true;
controls.dampingFactor = 0.12;
controls.screenSpacePanning = true;

// ---------------------------------------------------------------- state
const snap = newSnapshot();
let haveSnap = false;
let ropeDirty = false;
let needFit = true;
let groundZ = Infinity;
let ws = null;
let hello = null;
let paused = false;
let controller = false;
let params = {};
let solver = ''; // the current world's solver type ("ftl", "pbd"; "" when the server does not say)
let sceneEvents = 0;
const tension = { peak: 0, range: 0, max: 0, shown: false };
const strain = { peak: 0, range: 0, max: 0 }; // the tissues' colour scale (tissue.js strainRange)
const contactView = { shown: 0, lines: 0 }; // contacts drawn, segments with a length
let arrowDecade = 0.1; // m of arrow per decade of force (fitView scales it to the scene)
const stats = { frames: 0, snapshots: 0, fps: 0, lastKnot: null, knotTitle: '', badFrames: 0 };
// point: where the drag plane passes; grip: from the pointer's hit on that plane to the point
// taken (a drag moves the point by the pointer's motion: it does not jump to the pointer)
const drag = { active: false, tool: 0, forceps: -1, needle: -1, node: -1, point: new THREE.Vector3(), grip: new THREE.Vector3(), target: new THREE.Vector3(), pending: false, x: 0, y: 0, pointerId: -1 };
// tool 1 held after release; seen: a frame has shown the server's tool 1 on it (frames sent
// before the grasp reached the server must not make the page forget a pin it has just made)
const pinned = { node: -1, seen: false, at: 0 };

// ---------------------------------------------------------------- connection
function wsURL() {
  const q = new URLSearchParams(location.search).get('ws');
  if (q) return q;
  return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function connect() {
  const sock = new WebSocket(wsURL());
  sock.binaryType = 'arraybuffer';
  ws = sock;
  setConn('connecting…', false);
  sock.onopen = () => {
    setConn('connected', false);
    send(cmd.control());
    updateButtons();
    if (descriptions.size === 0) loadDescriptions();
  };
  sock.onmessage = (e) => {
    if (typeof e.data === 'string') {
      let ev;
      try {
        ev = JSON.parse(e.data);
      } catch {
        toast(`bad event from the server: ${e.data.slice(0, 80)}`);
        return;
      }
      onEvent(ev);
      return;
    }
    try {
      decodeSnapshot(e.data, snap);
    } catch (err) {
      stats.badFrames++;
      toast(err.message);
      return;
    }
    haveSnap = true;
    ropeDirty = true;
    stats.snapshots++;
    syncPinned();
    updateStats();
  };
  sock.onclose = () => {
    if (ws !== sock) return;
    setConn('disconnected — retrying', true);
    controller = false;
    setTimeout(connect, 1000);
  };
}

function onEvent(ev) {
  switch (ev.type) {
    case 'hello':
    case 'scene':
      if (ev.type === 'hello') hello = ev;
      loadScene(ev);
      if (ev.restarting) setConn('connected: the scene restarts for you', false);
      else if (ev.type === 'scene' && ws && ws.readyState === WebSocket.OPEN) setConn('connected', false);
      break;
    case 'knot':
      stats.lastKnot = ev;
      stats.knotTitle = knotTitle(ev);
      $('knot').textContent = stats.knotTitle || '—';
      $('knot').title = `named at cycle ${ev.cycle}`;
      renderList($('knot-details'), knotLines(ev));
      break;
    case 'state':
      if ('paused' in ev) paused = !!ev.paused;
      if ('controller' in ev) controller = !!ev.controller;
      updateButtons();
      break;
    case 'error':
      toast(ev.message ?? 'error');
      if (solver) $('solver').value = solver; // a refused solver command
      break;
    default:
      break;
  }
}

function loadScene(ev) {
  if (Array.isArray(ev.scenes)) {
    const sel = $('scene');
    sel.replaceChildren(...ev.scenes.map((n) => new Option(n, n)));
  }
  if (ev.scene != null) $('scene').value = ev.scene;
  labelScenes();
  if (pendingParam) closeConfirm(false); // the scene changed under the question
  loadSolvers(ev);
  sceneEvents++;
  if ('controller' in ev) controller = !!ev.controller;
  if ('paused' in ev) paused = !!ev.paused;
  params = ev.params ?? params;
  setSlider('epsilon', params.epsilon);
  setSlider('radius', params.radius);
  // ε is the FTL solver's friction margin: a physical solver has none
  $('epsilon').disabled = !(typeof params.epsilon === 'number') || (solver !== '' && solver !== 'ftl');
  if ($('epsilon').disabled) $('epsilon-v').textContent = '–';
  tension.peak = 0;
  scene.remove(obstacles.group);
  disposeGroup(obstacles.group);
  obstacles = buildObstacles(ev.obstacles, obstacleMat, planeMat);
  scene.add(obstacles.group);
  scene.remove(rigid.group);
  disposeMeshes(rigid);
  rigid = buildMeshes(ev.meshes, rigidMat);
  scene.add(rigid.group);
  scene.remove(tissues.group);
  disposeTissues(tissues);
  tissues = buildTissues(ev.tissues, tissueMat);
  scene.add(tissues.group);
  strain.peak = strain.max = 0;
  updateStrainLegend();
  needFit = true;
  groundZ = Infinity;
  pinned.node = -1;
  stats.lastKnot = null;
  stats.knotTitle = '';
  $('knot').textContent = '…';
  renderList($('knot-details'), []);
  updateButtons();
}

/** Fills the solver selector from the event's "solvers" and selects its "solver". */
function loadSolvers(ev) {
  solver = typeof ev.solver === 'string' ? ev.solver : '';
  const list = Array.isArray(ev.solvers) ? ev.solvers.filter((x) => typeof x === 'string') : [];
  if (solver && !list.includes(solver)) list.push(solver);
  const sel = $('solver');
  const have = [...sel.options].map((o) => o.value);
  if (have.length !== list.length || have.some((v, i) => v !== list[i])) sel.replaceChildren(...list.map((n) => new Option(n, n)));
  sel.value = solver;
  sel.disabled = list.length < 2;
  sel.hidden = list.length === 0;
}

// ---------------------------------------------------------------- rope update (in a frame)
const box = new THREE.Box3();
const tmpV = new THREE.Vector3();

function updateRope() {
  ropeDirty = false;
  while (tubes.length < snap.nStrands) {
    const t = new RopeTube(ropeMats[tubes.length % ropeMats.length], 2, tensionMat);
    tubes.push(t);
    ropeGroup.add(t.group);
  }
  for (let s = 0; s < tubes.length; s++) tubes[s].group.visible = s < snap.nStrands;
  box.makeEmpty();
  let rmax = 0;
  const colour = snap.hasTensions && $('tension').checked;
  if (snap.hasTensions) {
    let mx = 0;
    for (let i = 0; i < snap.nSegments; i++) mx = Math.max(mx, snap.tensions[i]);
    const r = tensionRange(tension.peak, mx);
    tension.peak = r.peak;
    tension.range = r.range;
    tension.max = mx;
  }
  tension.shown = colour;
  for (let s = 0; s < snap.nStrands; s++) {
    const st = snap.strands[s];
    const ten = colour ? (tensionArg.values = snap.tensions, tensionArg.firstSeg = st.firstSeg, tensionArg.range = tension.range, tensionArg) : null;
    tubes[s].update(snap.positions, st.first, st.nodes, st.radius, ten);
    rmax = Math.max(rmax, st.radius);
  }
  updateLegend();
  const p = snap.positions;
  for (let i = 0; i < snap.nNodes; i++) box.expandByPoint(tmpV.set(p[i * 3], p[i * 3 + 1], p[i * 3 + 2]));
  updateTissues();
  forcepsClosed = updateForceps(forceps, snap, box);
  updateNeedles(needles, snap, box);
  updateForcepsUI();
  if (needFit) fitView();
  // the ground stays below everything: it only moves down (and on a new scene)
  const low = Math.min(box.min.z, obstacles.box.isEmpty() ? Infinity : obstacles.box.min.z,
    rigid.box.isEmpty() ? Infinity : rigid.box.min.z) - Math.max(4 * rmax, 0.02);
  if (low < groundZ) {
    groundZ = low;
    ground.position.z = groundZ;
    grid.position.z = groundZ + 0.0005;
  }
  for (let t = 0; t < 2; t++) {
    const tl = userTool(t);
    const mk = toolMarkers[t];
    const show = !!tl && tl.active && tl.node >= 0 && tl.node < snap.nNodes;
    mk.mesh.visible = mk.line.visible = show;
    if (!show) continue;
    const target = drag.active && drag.tool === t ? drag.target : tmpV.set(tl.target[0], tl.target[1], tl.target[2]);
    mk.mesh.position.copy(target);
    mk.mesh.scale.setScalar(Math.max(rmax * 1.6, 0.004));
    const a = mk.line.geometry.attributes.position;
    a.setXYZ(0, p[tl.node * 3], p[tl.node * 3 + 1], p[tl.node * 3 + 2]);
    a.setXYZ(1, target.x, target.y, target.z);
    a.needsUpdate = true;
  }
  for (let t = 0; t < 2; t++) {
    const tl = userTool(t);
    const dragging = drag.active && drag.forceps < 0 && drag.needle < 0 && drag.tool === t;
    setHeightMarker(t, dragging ? drag.target : tl && tl.active && t === 1 ? toolMarkers[1].mesh.position : null, Math.max(rmax * 1.6, 0.004));
  }
  updateArrows(rmax, updateContactForces());
}

/** Draws the snapshot's contact forces when it has them and the toggle is on; returns whether
 * any line has a length (the arrow scale note then applies to them). */
function updateContactForces() {
  const n = snap.hasContacts && $('contactforces').checked ? Math.min(snap.nContacts, MAX_CONTACTS) : 0;
  contactLineSegs.visible = n > 0;
  contactView.shown = n;
  contactView.lines = 0;
  if (n === 0) return false;
  contactView.lines = contactLines(snap.contactData, n, arrowDecade, contactPos.array);
  contactPos.clearUpdateRanges();
  contactPos.addUpdateRange(0, n * 12);
  contactPos.needsUpdate = true;
  contactGeo.setDrawRange(0, n * 4);
  return contactView.lines > 0;
}

const tensionArg = { values: null, firstSeg: 0, range: 1 };

/** Places a force arrow at every active tool with a force; hides the others. contacts: contact
 * force lines are drawn (to the same scale). */
function updateArrows(rmax, contacts) {
  const p = snap.positions;
  let user = 0, shown = 0;
  const w = Math.max(arrowDecade * 0.02, rmax * 0.5);
  for (let i = 0; i < Math.max(snap.nTools, arrows.length); i++) {
    const tl = i < snap.nTools ? snap.tools[i] : null;
    const k = tl && tl.owned ? user++ : -1;
    const f = tl && tl.active && tl.hasForce && tl.node >= 0 && tl.node < snap.nNodes ? Math.hypot(tl.force[0], tl.force[1], tl.force[2]) : 0;
    const L = arrowLength(f, arrowDecade);
    if (!(L > 0)) {
      if (i < arrows.length) arrows[i].visible = false;
      continue;
    }
    const g = arrow(i);
    const { shaft, head } = g.userData;
    const mat = arrowMat(k >= 0 && k < TOOL_COLORS.length ? TOOL_COLORS[k] : SCRIPTED_ARROW_COLOR);
    shaft.material = head.material = mat;
    const h = Math.min(L * 0.45, w * 7);
    shaft.scale.set(w, Math.max(L - h, 1e-6), w);
    head.position.y = L - h;
    head.scale.set(w * 2.6, h, w * 2.6);
    g.position.set(p[tl.node * 3], p[tl.node * 3 + 1], p[tl.node * 3 + 2]);
    g.quaternion.setFromUnitVectors(Y_AXIS, tmpV.set(tl.force[0] / f, tl.force[1] / f, tl.force[2] / f));
    g.userData.length = L;
    g.userData.force = f;
    g.visible = true;
    shown++;
  }
  const note = $('arrow-scale');
  note.hidden = shown === 0 && !contacts;
  if (!note.hidden) note.textContent = `force arrows: ${+(arrowDecade * 100).toPrecision(2)} cm per ×10 above ${ARROW_REF} N (log)`;
}

/** Rewrites the tissue meshes from the snapshot's tissue section (expanding box by them). */
function updateTissues() {
  if (!snap.hasTissues || tissues.meshes.length === 0) {
    for (const m of tissues.meshes) if (m) m.mesh.visible = false;
    updateStrainLegend();
    return;
  }
  const r = strainRange(strain.peak, maxStrain(snap));
  strain.peak = r.peak;
  strain.range = r.range;
  let mx = 0;
  for (let k = 0; k < tissues.meshes.length; k++) {
    const m = tissues.meshes[k];
    if (!m) continue;
    if (k < snap.nTissues && m.update(snap.tissues[k], strain.range, box)) mx = Math.max(mx, m.maxStrain);
  }
  strain.max = mx;
  updateStrainLegend();
}

let strainLegendFor = -1;
function updateStrainLegend() {
  const lg = $('strain-legend');
  lg.hidden = !tissues.meshes.some((m) => m && m.mesh.visible);
  if (lg.hidden || strainLegendFor === strain.range) return;
  strainLegendFor = strain.range;
  $('strain-legend-max').textContent = formatStrain(strain.range);
}

let legendFor = -1;
function updateLegend() {
  const lg = $('legend');
  lg.hidden = !tension.shown;
  if (!tension.shown || legendFor === tension.range) return;
  legendFor = tension.range;
  $('legend-max').textContent = formatNewtons(tension.range);
}

/** User tool k (of the commands): the k-th snapshot tool with the controller-owned flag (the
 * scene's scripted tools come first). */
function userTool(k) {
  for (let i = 0; i < snap.nTools; i++) {
    if (snap.tools[i].owned && k-- === 0) return snap.tools[i];
  }
  return null;
}

// Camera presets: the direction from the rope's centre to the eye (z up).
const VIEWS = {
  fit: new THREE.Vector3(0.18, -0.78, 0.6),
  top: new THREE.Vector3(0, -0.001, 1),
  front: new THREE.Vector3(0, -1, 0.12),
  side: new THREE.Vector3(1, 0, 0.12),
};
let viewName = 'fit';

/** Frames the rope (and the obstacles and meshes) from preset view (VIEWS); the scene itself is
 * untouched. */
function setView(name) {
  viewName = VIEWS[name] ? name : 'fit';
  if (haveSnap) fitView();
  else needFit = true;
}

function fitView() {
  needFit = false;
  const all = box.clone();
  if (!obstacles.box.isEmpty()) all.union(obstacles.box);
  if (!rigid.box.isEmpty()) all.union(rigid.box);
  if (all.isEmpty()) return;
  const center = all.getCenter(new THREE.Vector3());
  const size = all.getSize(new THREE.Vector3());
  // At least 4 mm: a thread on a vessel (a few millimetres) fills the view as a knot in a
  // 10 mm rope (tens of centimetres) does.
  const radius = Math.max(size.length() / 2, 0.004);
  // fit into the part of the window the panels leave free (the toolbar above, the info panel
  // on the right), centred there by the camera's view offset
  const free = applyViewOffset();
  const tanH = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2) * free.h;
  const fitH = radius / Math.sin(Math.atan(tanH));
  const fitW = radius / Math.sin(Math.atan(tanH * free.aspect));
  const dist = Math.min(fitH, fitW) * 0.95 + radius * 0.2;
  const dir = VIEWS[viewName].clone().normalize();
  controls.target.copy(center);
  camera.position.copy(center).addScaledVector(dir, dist);
  camera.near = Math.max(dist / 500, 1e-5);
  camera.far = dist * 20;
  camera.updateProjectionMatrix();
  controls.update();
  scene.fog.near = dist * 2;
  scene.fog.far = dist * 8;
  // ground and shadow camera cover the scene generously
  const span = Math.max(size.x, size.y, 0.2) * 3;
  ground.scale.set(span, span, 1);
  ground.position.x = grid.position.x = center.x;
  ground.position.y = grid.position.y = center.y;
  grid.scale.set(span, 1, span);
  sun.position.copy(center).add(new THREE.Vector3(-0.35, -0.5, 1).normalize().multiplyScalar(radius * 4 + 1));
  sun.target.position.copy(center);
  // 1, 2 or 5 × 10^k m per decade of force, about a sixth of the view's radius (the tension
  // legend's niceCeil has a floor of its own, far too long for a millimetre scene).
  const d = Math.pow(10, Math.floor(Math.log10(radius * 0.15)));
  arrowDecade = [1, 2, 5, 10].map((m) => m * d).find((v) => v >= radius * 0.15 * (1 - 1e-9));
  const sc = sun.shadow.camera;
  const half = Math.max(size.x, size.y, size.z) * 0.75 + Math.min(0.05, radius);
  sc.left = -half; sc.right = half; sc.top = half; sc.bottom = -half;
  sc.near = Math.min(0.01, radius * 0.1); sc.far = radius * 8 + 4;
  // against acne on a tube a few shadow texels thick: offset by ~1.5 texels along the normal
  sun.shadow.normalBias = (3 * half) / quality.shadowMap;
  sc.updateProjectionMatrix();
}

/** Centres the view in the part of the window the toolbar and the info panel leave free (a
 * camera view offset) and returns that part: its height as a fraction of the window's and its
 * aspect ratio. On a small window (panels over more than half of it) the whole window. */
function applyViewOffset() {
  const W = window.innerWidth, H = window.innerHeight;
  const top = $('toolbar').getBoundingClientRect().bottom + 8;
  const right = $('info').getBoundingClientRect().left - 8;
  if (right < W * 0.5 || top > H * 0.4) {
    camera.clearViewOffset();
    return { h: 1, aspect: camera.aspect };
  }
  const dx = right / 2 - W / 2, dy = top + (H - top) / 2 - H / 2;
  camera.setViewOffset(W, H, -dx, -dy, W, H);
  camera.updateProjectionMatrix();
  return { h: (H - top) / H, aspect: right / (H - top) };
}

// ---------------------------------------------------------------- interaction
const raycaster = new THREE.Raycaster();
const ndc = new THREE.Vector2();
const viewPlane = new THREE.Plane();
const fwd = new THREE.Vector3();
const proj = new THREE.Vector3();

/** Node i's position on screen in CSS pixels (client coordinates), or null. */
function nodeScreenPosition(i) {
  if (!haveSnap || i < 0 || i >= snap.nNodes) return null;
  const p = snap.positions;
  proj.set(p[i * 3], p[i * 3 + 1], p[i * 3 + 2]).project(camera);
  const r = renderer.domElement.getBoundingClientRect();
  return { x: r.left + ((proj.x + 1) / 2) * r.width, y: r.top + ((1 - proj.y) / 2) * r.height, depth: proj.z };
}

/** The node nearest to client point (x, y) within PICK_PX (nearest to the eye on ties), or -1. */
function pickNode(x, y) {
  if (!haveSnap) return -1;
  camera.updateMatrixWorld();
  let best = -1, bestD = Infinity;
  for (let i = 0; i < snap.nNodes; i++) {
    const s = nodeScreenPosition(i);
    if (s.depth < -1 || s.depth > 1) continue;
    const d = Math.hypot(s.x - x, s.y - y) + s.depth * 2; // prefer the front strand at a crossing
    if (d < bestD) { bestD = d; best = i; }
  }
  if (best < 0) return -1;
  const s = nodeScreenPosition(best);
  return Math.hypot(s.x - x, s.y - y) <= PICK_PX ? best : -1;
}

function rayTo(x, y) {
  const r = renderer.domElement.getBoundingClientRect();
  ndc.set(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1);
  raycaster.setFromCamera(ndc, camera);
}

const UP = new THREE.Vector3(0, 0, 1);
/** The plane a drag moves on: level (z = the drag point's height), like a rope on a table; in a
 * view from nearly level (the plane seen edge-on), the plane facing the eye instead. */
function dragPlane() {
  camera.getWorldDirection(fwd);
  if (Math.abs(fwd.z) > 0.25) return viewPlane.setFromNormalAndCoplanarPoint(UP, drag.point);
  return viewPlane.setFromNormalAndCoplanarPoint(fwd, drag.point);
}

/** Moves the drag target to where the pointer's ray meets the drag plane, plus the grip. */
function dragTo(x, y) {
  dragPlane();
  rayTo(x, y);
  if (raycaster.ray.intersectPlane(viewPlane, tmpV)) {
    drag.target.copy(tmpV).add(drag.grip);
    drag.pending = true;
  }
}

/** Raises the drag target by d metres (negative: lowers it); the pointer keeps its place on
 * the level plane, which moves with it. In a level view (plane facing the eye) it moves the
 * plane in depth instead. */
function dragHeight(d) {
  camera.getWorldDirection(fwd);
  if (Math.abs(fwd.z) > 0.25) {
    drag.point.z += d;
    drag.target.z += d;
    drag.pending = true;
    return;
  }
  drag.point.addScaledVector(fwd, -d);
  dragTo(drag.x, drag.y);
}

/** One wheel notch of height: a rope diameter (0.5 % of the viewing distance without one). */
function heightStep() {
  const r = typeof params.radius === 'number' && params.radius > 0 ? params.radius : 0;
  return r > 0 ? 2 * r : camera.position.distanceTo(controls.target) * 0.005;
}

const canvas = renderer.domElement;
// Registered before OrbitControls' own listener would see the event? OrbitControls listens
// on the same element; a grasp stops the event in the capture phase so the camera stays put.
canvas.addEventListener('pointerdown', (e) => {
  if (e.button !== 0 || drag.active) return;
  const k = forcepsPick(), kn = needlePick();
  if (k >= 0 || kn >= 0) {
    // a chosen forceps: the drag moves its tip (the midpoint of its jaws' tips); a chosen
    // needle: its arc's centre
    e.stopImmediatePropagation();
    e.preventDefault();
    drag.forceps = k;
    drag.needle = kn;
    if (k >= 0) {
      const J = snap.forceps[k].jaws;
      startDrag(e, (J[0] + J[6]) / 2, (J[1] + J[7]) / 2, (J[2] + J[8]) / 2);
    } else {
      const p = snap.needles[kn].pose;
      startDrag(e, p[0], p[1], p[2]);
    }
    return;
  }
  const pinMode = e.ctrlKey || e.altKey || e.metaKey || $('pin').checked;
  const tool = pinMode ? 1 : 0;
  const node = pickNode(e.clientX, e.clientY);
  if (pinMode && pinned.node >= 0) {
    // clicking the pinned node (or its marker) again releases it
    const s = nodeScreenPosition(pinned.node);
    const m = toolMarkers[1].mesh.visible ? screenOf(toolMarkers[1].mesh.position) : null;
    if ((s && Math.hypot(s.x - e.clientX, s.y - e.clientY) <= PICK_PX) || (m && Math.hypot(m.x - e.clientX, m.y - e.clientY) <= PICK_PX)) {
      e.stopImmediatePropagation();
      e.preventDefault();
      send(cmd.release(1));
      pinned.node = -1;
      return;
    }
  }
  if (node < 0) return; // the camera orbits
  e.stopImmediatePropagation();
  e.preventDefault();
  if (tool === 1 && pinned.node >= 0 && pinned.node !== node) send(cmd.release(1));
  send(cmd.grasp(tool, node));
  if (tool === 1) pinned.seen = false;
  const p = snap.positions;
  drag.forceps = -1;
  drag.needle = -1;
  drag.tool = tool;
  drag.node = node;
  startDrag(e, p[node * 3], p[node * 3 + 1], p[node * 3 + 2]);
}, { capture: true });

/** Starts a drag of the point (x, y, z) by the pointer of event e (the camera stays put). */
function startDrag(e, x, y, z) {
  drag.active = true;
  drag.point.set(x, y, z);
  drag.target.copy(drag.point);
  // the grip: from where the press meets the drag plane to the point taken
  dragPlane();
  rayTo(e.clientX, e.clientY);
  if (raycaster.ray.intersectPlane(viewPlane, tmpV)) drag.grip.subVectors(drag.point, tmpV);
  else drag.grip.set(0, 0, 0);
  drag.x = e.clientX;
  drag.y = e.clientY;
  drag.pointerId = e.pointerId;
  drag.pending = false;
  controls.enabled = false;
  canvas.setPointerCapture(e.pointerId);
}

canvas.addEventListener('pointermove', (e) => {
  if (!drag.active || e.pointerId !== drag.pointerId) return;
  if (e.shiftKey) {
    // Shift+drag: vertical motion raises (up) or lowers (down) the target
    const dy = e.clientY - drag.y;
    drag.y = e.clientY;
    dragHeight(-dy * heightStep() * 0.1);
    return;
  }
  drag.x = e.clientX;
  drag.y = e.clientY;
  dragTo(e.clientX, e.clientY);
});

function endDrag(e) {
  if (!drag.active || e.pointerId !== drag.pointerId) return;
  if (drag.pending) flushMove();
  drag.active = false;
  controls.enabled = true;
  if (drag.forceps >= 0 || drag.needle >= 0) return; // the forceps or needle stays where it was taken
  if (drag.tool === 0) send(cmd.release(0));
  else {
    pinned.node = drag.node;
    pinned.at = performance.now();
  }
}
canvas.addEventListener('pointerup', endDrag);
canvas.addEventListener('pointercancel', endDrag);

canvas.addEventListener('wheel', (e) => {
  if (!drag.active) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  dragHeight(-Math.sign(e.deltaY) * heightStep()); // wheel up (away from you): higher
}, { capture: true, passive: false });

function flushMove() {
  drag.pending = false;
  const t = [drag.target.x, drag.target.y, drag.target.z];
  send(drag.forceps >= 0 ? cmd.forcepsMove(drag.forceps, t) : drag.needle >= 0 ? cmd.needleMove(drag.needle, t) : cmd.move(drag.tool, t));
}

// ---------------------------------------------------------------- forceps control
let pickOptionsFor = '';
/** The index after prefix in the selector's value ("f:1": forceps 1), or −1. */
function picked(prefix, n) {
  const v = $('forceps-pick').value;
  if (!v.startsWith(prefix)) return -1;
  const k = +v.slice(prefix.length);
  return Number.isInteger(k) && k >= 0 && k < n ? k : -1;
}
/** The forceps the mouse drives (the selector's), or −1. */
function forcepsPick() { return picked('f:', snap.hasForceps ? snap.nForceps : 0); }
/** The needle the mouse drives (the selector's), or −1. */
function needlePick() { return picked('n:', snap.hasNeedles ? snap.nNeedles : 0); }
/** Keeps the selector (rope, forceps, needles) and its buttons in step with the frames. */
function updateForcepsUI() {
  const nf = snap.hasForceps ? snap.nForceps : 0, nn = snap.hasNeedles ? snap.nNeedles : 0;
  if (`${nf}/${nn}` !== pickOptionsFor) {
    pickOptionsFor = `${nf}/${nn}`;
    const sel = $('forceps-pick');
    sel.replaceChildren(new Option('rope', 'rope'), ...Array.from({ length: nf }, (_, k) => new Option(`forceps ${k + 1}`, `f:${k}`)),
      ...Array.from({ length: nn }, (_, k) => new Option(`needle ${k + 1}`, `n:${k}`)));
    $('forceps-ui').hidden = nf + nn === 0;
  }
  const k = forcepsPick(), kn = needlePick();
  const b = $('forceps-grip');
  b.hidden = kn >= 0;
  b.disabled = k < 0;
  $('needle-ccw').hidden = $('needle-cw').hidden = kn < 0;
  const label = k >= 0 && snap.forceps[k].closed ? 'open' : 'close';
  if (b.textContent !== label) b.textContent = label;
}
/** Turns the chosen needle by d radians about its axis. */
function turnNeedle(d) {
  const k = needlePick();
  if (k >= 0) send(cmd.needleAngle(k, snap.needles[k].pose[9] + d));
}
const NEEDLE_STEP = (10 * Math.PI) / 180;
$('needle-ccw').addEventListener('click', () => turnNeedle(-NEEDLE_STEP));
$('needle-cw').addEventListener('click', () => turnNeedle(NEEDLE_STEP));
/** Closes the chosen forceps, or opens it to eight times its jaws' radius. */
function toggleGrip() {
  const k = forcepsPick();
  if (k < 0) return;
  const f = snap.forceps[k];
  send(cmd.forcepsGap(k, f.closed ? 8 * f.radius : 0));
}
$('forceps-grip').addEventListener('click', toggleGrip);
$('forceps-pick').addEventListener('change', () => updateForcepsUI());

function screenOf(v) {
  proj.copy(v).project(camera);
  const r = canvas.getBoundingClientRect();
  return { x: r.left + ((proj.x + 1) / 2) * r.width, y: r.top + ((1 - proj.y) / 2) * r.height };
}

/** Forgets a pin the server no longer holds (reset, scene change, another client). */
function syncPinned() {
  if (pinned.node < 0 || (drag.active && drag.tool === 1)) return;
  const t = userTool(1);
  if (t && t.active && t.node === pinned.node) {
    pinned.seen = true;
  } else if (pinned.seen || performance.now() - pinned.at > 2000) {
    pinned.node = -1; // let go on the server (reset, another client) or never taken there
  }
}

// ---------------------------------------------------------------- UI
function setConn(text, bad) {
  const c = $('conn');
  c.textContent = text;
  c.classList.toggle('bad', bad);
}

let toastTimer = 0;
function toast(msg) {
  const t = $('toast');
  t.textContent = msg;
  t.hidden = false;
  stats.lastError = msg;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
}

function renderList(ul, lines) {
  ul.replaceChildren(...lines.map((l) => {
    const li = document.createElement('li');
    li.textContent = l;
    return li;
  }));
}

const mm = (m) => `${(m * 1000).toFixed(1)} mm`;
function setSlider(id, v) {
  if (typeof v !== 'number' || !isFinite(v)) return;
  const el = $(id);
  if (v > +el.max) el.max = String(v * 2);
  el.value = String(v);
  $(`${id}-v`).textContent = mm(v);
}

function updateButtons() {
  $('play').textContent = paused ? '▶ play' : '❚❚ pause';
  $('s-controller').textContent = controller ? 'you (controller)' : 'watching';
  $('take').hidden = controller || !ws || ws.readyState !== WebSocket.OPEN;
}

function updateStats() {
  $('s-rate').textContent = `${Math.round(snap.cyclesPerSecond)} cycles/s`;
  $('s-cycle').textContent = `${snap.cycle} (${snap.time.toFixed(2)} s)`;
  $('s-contacts').textContent = snap.hasContacts ? `${snap.contacts} (${snap.nContacts} with forces)` : snap.contacts;
  $('r-residual').hidden = !snap.hasContacts;
  if (snap.hasContacts) $('s-residual').textContent = snap.residual === 0 ? '0 m' : `${snap.residual.toExponential(2)} m`;
  $('s-clusters').textContent = snap.clusters;
  $('s-nodes').textContent = snap.nNodes;
  for (let t = 0; t < 2; t++) {
    const tl = userTool(t);
    const f = tl && tl.active && tl.hasForce ? Math.hypot(tl.force[0], tl.force[1], tl.force[2]) : NaN;
    $(`s-force${t}`).textContent = isNaN(f) ? '–' : formatNewtons(f);
  }
  // each forceps: open, or closed with the nodes it holds and its force on the thread
  const nf = snap.hasForceps ? snap.nForceps : 0;
  $('r-forceps').hidden = nf === 0;
  if (nf > 0) {
    const parts = [];
    for (let k = 0; k < nf; k++) {
      const f = snap.forceps[k];
      const force = formatNewtons(Math.hypot(f.force[0], f.force[1], f.force[2]));
      parts.push(!f.closed ? `${k + 1} open` : f.needle >= 0 ? `${k + 1} holds needle ${f.needle + 1}: ${force}` : f.held === 0 ? `${k + 1} closed` : `${k + 1} holds ${f.held}: ${force}`);
    }
    $('s-forceps').textContent = parts.join(' · ');
  }
}

// ---------------------------------------------------------------- plain names, descriptions
// The scene selector shows plain names; the value stays the scene's name.
const PLAIN = {
  overhand: 'overhand knot', figure8: 'figure-eight knot', 'overhand+figure8': 'overhand + figure-eight',
  granny: 'granny knot', square: 'reef (square) knot', clove: 'clove hitch', munter: 'Münter hitch',
  '7_1': '7₁ torus knot', drag: 'drag a rope', free: 'free rope: tie your own',
  'security-reef': 'security: reef knot', 'security-granny': 'security: granny knot', 'security-thief': 'security: thief knot',
  'security-grief': 'security: grief knot', 'security-surgeons': "security: surgeon's knot",
  'suture-slab': 'suture a skin slab', anastomosis: 'vessel anastomosis', 'anastomosis-10-0': 'vessel anastomosis, 10-0 suture',
  'anastomosis-surgeons': "vessel anastomosis, surgeon's knots",
  'anastomosis-surgeons-10-0': "vessel anastomosis, surgeon's knots, 10-0 suture", 'anastomosis-needle': "vessel anastomosis: the needles' stitches",
};
const descriptions = new Map();
function plainName(n) { return PLAIN[n] ?? n; }
function labelScenes() {
  for (const o of $('scene').options) {
    o.textContent = plainName(o.value);
    o.title = descriptions.get(o.value) ?? '';
  }
  const d = descriptions.get($('scene').value) ?? '';
  $('scene-desc').textContent = d;
  $('scene').title = d || 'scene';
}
/** Fetches the scenes' descriptions (GET /api/scenes next to the WebSocket); quietly without. */
async function loadDescriptions() {
  try {
    const u = new URL(wsURL());
    u.protocol = u.protocol === 'wss:' ? 'https:' : 'http:';
    u.pathname = '/api/scenes';
    const r = await fetch(u);
    if (!r.ok) return;
    const j = await r.json();
    for (const x of j.scenes ?? []) if (typeof x?.name === 'string' && typeof x.description === 'string') descriptions.set(x.name, x.description);
    labelScenes();
  } catch { /* a server without the API (mock servers): plain names only */ }
}

// ---------------------------------------------------------------- restart warning
// Sliders restart the scene: the change waits for a confirmation in the bar under the toolbar.
let pendingParam = null;
function askRestart(text, msg, undo) {
  pendingParam = { msg, undo };
  $('confirm-text').textContent = text;
  $('confirm').hidden = false;
}
function closeConfirm(ok) {
  const p = pendingParam;
  pendingParam = null;
  $('confirm').hidden = true;
  if (!p) return;
  if (ok) send(p.msg);
  else p.undo();
}
$('confirm-ok').onclick = () => closeConfirm(true);
$('confirm-cancel').onclick = () => closeConfirm(false);

// ---------------------------------------------------------------- help
function showHelp(on) {
  $('help-overlay').hidden = !on;
  if (on) try { localStorage.setItem('knotsim.help', 'seen'); } catch { /* private mode */ }
}
$('help-btn').onclick = (e) => { e.stopPropagation(); showHelp($('help-overlay').hidden); };
window.addEventListener('pointerdown', (e) => { if (!$('help-overlay').hidden && e.target !== $('help-btn')) showHelp(false); }, { capture: true });
{
  let seen = true;
  try { seen = localStorage.getItem('knotsim.help') === 'seen'; } catch { /* */ }
  if (!seen && !Q.has('nohelp')) showHelp(true); // a newcomer sees the controls once
}

/** Releases every node the user's tools hold (the drag and the pin). */
function releaseAll() {
  send(cmd.release(0));
  send(cmd.release(1));
  pinned.node = -1;
}

$('shadows').checked = renderer.shadowMap.enabled;
$('shadows').onchange = () => {
  renderer.shadowMap.enabled = $('shadows').checked;
  scene.traverse((o) => { if (o.material) for (const m of [].concat(o.material)) m.needsUpdate = true; });
};
for (const v of Object.keys(VIEWS)) $(`cam-${v}`).onclick = () => setView(v);
$('unpin').onclick = releaseAll;
$('take').onclick = () => send(cmd.control());
$('play').onclick = () => send(paused ? cmd.play() : cmd.pause());
$('step').onclick = () => send(cmd.step());
$('reset').onclick = () => send(cmd.reset());
$('scene').onchange = (e) => send(cmd.scene(e.target.value));
$('solver').onchange = (e) => send(cmd.solver(e.target.value));
$('tension').onchange = () => { ropeDirty = haveSnap; };
$('contactforces').onchange = () => { ropeDirty = haveSnap; };
$('legend-bar').style.background = colormapCSS();
$('strain-legend-bar').style.background = colormapCSS();
for (const id of ['epsilon', 'radius']) {
  const el = $(id);
  el.oninput = () => { $(`${id}-v`).textContent = mm(+el.value); };
  el.onchange = () => {
    const v = +el.value;
    const what = id === 'epsilon' ? `friction margin ε = ${mm(v)}` : `rope radius R = ${mm(v)}`;
    askRestart(`The ${what} restarts the scene.`, id === 'epsilon' ? cmd.epsilon(v) : cmd.radius(v), () => setSlider(id, params[id]));
  };
}
window.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (!$('help-overlay').hidden) { showHelp(false); if (e.key === 'h' || e.key === '?') return; }
  if (e.key === ' ') { e.preventDefault(); $('play').click(); }
  else if (e.key === 'h' || e.key === '?') showHelp(true);
  else if (e.key === 'f') setView('fit');
  else if (e.key === 't') setView('top');
  else if (e.key === 'u') releaseAll();
  else if (e.key === 'Escape' && pendingParam) closeConfirm(false);
  else if (e.key === 's') $('step').click();
  else if (e.key === 'r') $('reset').click();
  else if (e.key === 'c' && !e.ctrlKey && !e.metaKey && !e.altKey) toggleGrip();
  else if (e.key === ',') turnNeedle(-NEEDLE_STEP);
  else if (e.key === '.') turnNeedle(NEEDLE_STEP);
});
window.addEventListener('resize', () => {
  camera.aspect = window.innerWidth / window.innerHeight;
  applyViewOffset();
  camera.updateProjectionMatrix();
  renderer.setSize(window.innerWidth, window.innerHeight);
});

// ---------------------------------------------------------------- frame loop
let fpsT0 = performance.now(), fpsN = 0;
function frame(now) {
  requestAnimationFrame(frame);
  if (ropeDirty) updateRope();
  if (drag.active && drag.pending) flushMove(); // at most one move per frame
  if (drag.active && drag.forceps < 0 && drag.needle < 0) {
    const mk = toolMarkers[drag.tool];
    mk.mesh.position.copy(drag.target);
    setHeightMarker(drag.tool, drag.target, mk.mesh.scale.x);
  }
  controls.update();
  renderer.render(scene, camera);
  stats.frames++;
  fpsN++;
  if (now - fpsT0 >= 500) {
    stats.fps = (fpsN * 1000) / (now - fpsT0);
    fpsT0 = now;
    fpsN = 0;
    $('s-fps').textContent = `${stats.fps.toFixed(0)} frames/s`;
  }
}

// ---------------------------------------------------------------- test hooks
window.knotsim = {
  quality,
  get frames() { return stats.frames; },
  get snapshots() { return stats.snapshots; },
  get fps() { return stats.fps; },
  get lastKnot() { return stats.lastKnot; },
  get knotTitle() { return stats.knotTitle; },
  get lastError() { return stats.lastError; },
  get badFrames() { return stats.badFrames; },
  get connected() { return !!ws && ws.readyState === WebSocket.OPEN; },
  get controller() { return controller; },
  get paused() { return paused; },
  get hello() { return hello; },
  get scene() { return $('scene').value; },
  get nodes() { return snap.nNodes; },
  get cycle() { return snap.cycle; },
  get cyclesPerSecond() { return snap.cyclesPerSecond; },
  get contacts() { return snap.contacts; },
  get clusters() { return snap.clusters; },
  get pinned() { return pinned.node; },
  get view() { return viewName; },
  get camera() { return { position: camera.position.toArray(), target: controls.target.toArray() }; },
  get heightStep() { return heightStep(); },
  get helpShown() { return !$('help-overlay').hidden; },
  get confirmShown() { return !$('confirm').hidden; },
  get shadows() { return renderer.shadowMap.enabled; },
  get heightMarker() { const m = heightMarkers[drag.active ? drag.tool : 1]; return m.line.visible ? { top: m.line.geometry.attributes.position.getZ(0), bottom: m.line.geometry.attributes.position.getZ(1) } : null; },
  sceneLabel(n) { const o = [...$('scene').options].find((x) => x.value === n); return o ? { text: o.textContent, title: o.title } : null; },
  get sceneDescription() { return $('scene-desc').textContent; },
  get solver() { return solver; },
  get solverOptions() { return [...$('solver').options].map((o) => o.value); },
  get sceneEvents() { return sceneEvents; },
  get hasTensions() { return snap.hasTensions; },
  get tension() { return { ...tension }; },
  get contactForces() { return { has: snap.hasContacts, n: snap.nContacts, residual: snap.residual, shown: contactView.shown, lines: contactView.lines }; },
  get arrows() { return arrows.filter((a) => a.visible).map((a) => ({ length: a.userData.length, force: a.userData.force })); },
  force(t) { const x = userTool(t); return x && x.active && x.hasForce ? [...x.force] : null; },
  get tissues() {
    return tissues.meshes.map((m) => m && { name: m.name, nodes: m.nodes, triangles: m.triangles, visible: m.mesh.visible, inScene: !!m.mesh.parent?.parent, updates: m.updates, maxStrain: m.maxStrain });
  },
  get forceps() {
    return forceps.items.slice(0, snap.hasForceps ? snap.nForceps : 0).map((it, k) => ({ visible: it.group.visible, inScene: !!it.group.parent?.parent,
      closed: snap.forceps[k].closed, held: snap.forceps[k].held, jaws: [...snap.forceps[k].jaws], updates: forceps.updates }));
  },
  get forcepsClosed() { return forcepsClosed; },
  get needles() {
    return needles.items.slice(0, snap.hasNeedles ? snap.nNeedles : 0).map((it) => ({ visible: it.mesh.visible, inScene: !!it.mesh.parent?.parent, updates: needles.updates }));
  },
  // the screen position of the point a fraction f along needle k from its swage to its tip
  needleScreenPosition(k, f) {
    const p = needlePoint(snap, k, f);
    return p && screenOf(tmpV.set(p[0], p[1], p[2]));
  },
  get forcepsPick() { return forcepsPick(); },
  get needlePick() { return needlePick(); },
  needleAngle(k) { return snap.hasNeedles && k >= 0 && k < snap.nNeedles ? snap.needles[k].pose[9] : null; },
  // the screen position of the point a fraction u of the way from jaw's tip to its hinge
  forcepsScreenPosition(k, jaw, u) {
    const f = snap.forceps[k];
    if (!snap.hasForceps || k < 0 || k >= snap.nForceps || !f) return null;
    const J = f.jaws, o = jaw ? 6 : 0;
    return screenOf(tmpV.set(J[o] + u * (J[o + 3] - J[o]), J[o + 1] + u * (J[o + 4] - J[o + 1]), J[o + 2] + u * (J[o + 5] - J[o + 2])));
  },
  get meshes() {
    return rigid.meshes.map((m) => m && { name: m.name, vertices: m.vertices.length / 3, triangles: m.triangles, visible: m.mesh.visible, inScene: !!m.mesh.parent?.parent });
  },
  meshVertexScreenPosition(k, j) {
    const m = rigid.meshes[k];
    if (!m || j < 0 || 3 * j >= m.vertices.length) return null;
    return screenOf(tmpV.set(m.vertices[3 * j], m.vertices[3 * j + 1], m.vertices[3 * j + 2]));
  },
  get strain() { return { ...strain, legend: !$('strain-legend').hidden, legendMax: $('strain-legend-max').textContent }; },
  tissueNodeScreenPosition(k, j) {
    const m = tissues.meshes[k];
    if (!m || j < 0 || j >= m.nodes) return null;
    const a = m.geometry.attributes.position.array;
    return screenOf(tmpV.set(a[3 * j], a[3 * j + 1], a[3 * j + 2]));
  },
  get reallocations() { return tubes.reduce((n, t) => n + t.reallocations, 0); },
  node(i) { return i >= 0 && i < snap.nNodes ? [snap.positions[i * 3], snap.positions[i * 3 + 1], snap.positions[i * 3 + 2]] : null; },
  tool(t) { const x = userTool(t); return x ? { node: x.node, active: x.active, owned: x.owned, target: [...x.target] } : null; },
  nodeScreenPosition(i) { const s = nodeScreenPosition(i); return s && { x: s.x, y: s.y }; },
  screenOf(x, y, z) { camera.updateMatrixWorld(); return screenOf(tmpV.set(x, y, z)); },
  send,
};

connect();
requestAnimationFrame(frame);
