// End-to-end test of the viewer against the real server: builds bin/knotsim, runs
// `knotsim serve` on a free port, drives Debian's Chromium (/usr/bin/chromium, never a
// downloaded browser) through playwright-core, and checks that the rope renders, that a mouse
// drag moves the grasped node in the server's state, that the panel names the knot of a
// selected scene, and how many frames per second the page draws with a 500-link rope; the
// solver selector (from the hello's "solvers"; switching to "pbd" and "dvi" when the server offers them);
// the contact forces of dvi frames (issue 12); and, against a mock WebSocket server
// (playwright's routeWebSocket) sending hand-built protocol version 2 frames, the tension
// colouring, its legend and toggle, and the force arrows; and a deformable tissue (the
// thread_on_slab scene, implicit solver): its strain-coloured mesh, legend and removal on a
// scene change; and a rigid mesh (the thread_on_block scene): the grey block on screen and its
// removal on a scene change; and forceps (the forceps_lift scene): their jaws on screen, green
// while closed, and a user who drags one and closes it; and a needle (the needle_slab scene)
// on screen, turned and moved by a user; and the anastomosis and its true-size variant: both
// vessel ends, four forceps and both stitches' square knots named.
// Screenshots go to web/test/out/. Run: make browsertest (or cd web && node --test test/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { decodePNG } from './png.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const out = join(web, 'test', 'out');
const bin = join(root, 'bin', 'knotsim');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const VIEW = { width: 1280, height: 720 };

const servers = [];
let ctx, userDir;
// the mock WebSocket's frame timers: the route's onClose does not fire when a page closes, and a
// live timer would keep the test process from exiting
const mockTimers = [];
const stopMocks = () => { for (const t of mockTimers.splice(0)) clearInterval(t); };

/** Stops the servers started so far (each test stops its own: a server left running steps its
 * world at 1 kHz and slows every later test on a small machine). */
function stopServers() {
  for (const p of servers.splice(0)) p.kill('SIGTERM');
}

/** A top-level test whose servers are stopped when it ends. */
function serverTest(name, fn) {
  return test(name, async (t) => {
    try {
      await fn(t);
    } finally {
      stopServers();
    }
  });
}

/** Starts `knotsim serve` on a free port and resolves to its base URL. */
function serve(...args) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ['serve', '-addr', '127.0.0.1:0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    servers.push(p);
    let text = '';
    const timer = setTimeout(() => reject(new Error(`knotsim serve did not start: ${text}`)), 30000);
    const onData = (d) => {
      text += d;
      const m = /serving scene .* at (http:\/\/\S+?)\/? /.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    p.stdout.on('data', onData);
    p.stderr.on('data', (d) => { text += d; });
    p.on('exit', (code) => { clearTimeout(timer); reject(new Error(`knotsim serve exited ${code}: ${text}`)); });
  });
}

async function apiState(base) {
  const r = await fetch(`${base}/api/state`);
  assert.equal(r.status, 200);
  return r.json();
}

async function openViewer(base, { query = '', route = null } = {}) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (route) await page.routeWebSocket(route.url, route.handler);
  // the help overlay a newcomer sees would hide the rope from the pixel counts: only the help
  // test asks for it
  const q = query.includes('help') ? query : `${query}${query.includes('?') ? '&' : '?'}nohelp=1`;
  await page.goto(`${base}/${q}`);
  await page.waitForFunction(() => window.knotsim && window.knotsim.snapshots >= 5 && window.knotsim.frames >= 5, null, { timeout: 30000 });
  // a page that takes control of an untouched scene restarts it (hello "restarting"): wait for
  // the restarted world
  await page.waitForFunction(() => !knotsim.hello?.restarting || knotsim.sceneEvents >= 2, null, { timeout: 30000 });
  page.errors = errors;
  return page;
}

before(async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
  mkdirSync(out, { recursive: true });
  execFileSync('go', ['build', '-o', bin, './cmd/knotsim'], { cwd: root, stdio: 'inherit' });
  userDir = mkdtempSync(join(tmpdir(), 'knotsim-chromium-'));
  ctx = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: VIEW,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  stopMocks();
  await ctx?.close();
  for (const p of servers) p.kill('SIGTERM');
  if (userDir) rmSync(userDir, { recursive: true, force: true });
});

serverTest('viewer renders, drags the rope, names the knot', async (t) => {
  const base = await serve('-scene', 'overhand');
  const page = await openViewer(base);

  await t.test('renders the rope with depth cues', async () => {
    await page.waitForTimeout(500);
    const png = await page.screenshot({ path: join(out, 'viewer.png') });
    const img = decodePNG(png);
    const colours = new Set();
    let rope = 0;
    for (let i = 0; i < img.width * img.height; i++) {
      const r = img.data[i * 4], g = img.data[i * 4 + 1], b = img.data[i * 4 + 2];
      colours.add((r << 16) | (g << 8) | b);
      if (r > 150 && r - g > 50 && g - b > 20) rope++; // the rope's orange, lit or shaded
    }
    console.log(`screenshot ${join(out, 'viewer.png')}: ${colours.size} colours, ${rope} rope-coloured pixels`);
    assert.ok(colours.size > 200, `only ${colours.size} colours: blank page?`);
    assert.ok(rope > 500, `only ${rope} rope-coloured pixels`);
    const k = await page.evaluate(() => ({ connected: knotsim.connected, controller: knotsim.controller, nodes: knotsim.nodes }));
    assert.deepEqual(k, { connected: true, controller: true, nodes: 201 });
  });

  await t.test('a mouse drag grasps a node and moves it in the server', async () => {
    const node = 30; // on the free tail, away from the knot
    // paused, so that the node is where the page shows it when the button goes down
    await page.click('#play');
    await page.waitForFunction(() => knotsim.paused, null, { timeout: 5000 });
    await page.waitForTimeout(300);
    const before = (await apiState(base)).nodes[node];
    const s = await page.evaluate((i) => knotsim.nodeScreenPosition(i), node);
    assert.ok(s && s.x > 0 && s.x < VIEW.width && s.y > 0 && s.y < VIEW.height, `node ${node} off screen: ${JSON.stringify(s)}`);
    await page.mouse.move(s.x, s.y);
    await page.mouse.down();
    await page.evaluate(() => knotsim.send({ type: 'play' }));
    await page.waitForFunction(() => !knotsim.paused, null, { timeout: 5000 });
    for (let k = 1; k <= 10; k++) {
      await page.mouse.move(s.x + 4 * k, s.y - 12 * k);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(1000);
    const held = await apiState(base);
    await page.screenshot({ path: join(out, 'drag.png') });
    await page.mouse.up();
    const user = held.tools.filter((x) => x.controller);
    assert.equal(user[0]?.node, node, `user tool 0 holds ${user[0]?.node}: ${JSON.stringify(held.tools)}`);
    const p = held.nodes[node];
    const moved = Math.hypot(p[0] - before[0], p[1] - before[1], p[2] - before[2]);
    const lag = Math.hypot(p[0] - user[0].target[0], p[1] - user[0].target[1], p[2] - user[0].target[2]);
    console.log(`node ${node} moved ${(moved * 100).toFixed(1)} cm, ${(lag * 100).toFixed(2)} cm from the tool's target`);
    assert.ok(moved > 0.05, `node moved only ${moved} m`);
    assert.ok(lag < 0.02, `node ${lag} m from the target`);
    await page.waitForFunction(() => !knotsim.tool(0)?.active, null, { timeout: 5000 });
  });

  await t.test('selecting a scene shows its knot', async () => {
    for (const [scene, knot] of [['figure8', '4_1'], ['overhand', '3_1']]) {
      await page.selectOption('#scene', scene);
      await page.waitForFunction(([s, k]) => knotsim.scene === s && document.getElementById('knot').textContent.includes(k) && knotsim.knotTitle.includes(k),
        [scene, knot], { timeout: 30000 });
      assert.equal((await apiState(base)).scene, scene);
    }
    await page.screenshot({ path: join(out, 'knot.png') });
    assert.deepEqual(page.errors, []);
  });

  await t.test('the solver selector lists the solvers of hello', async (t) => {
    const h = await page.evaluate(() => ({ hello: knotsim.hello, options: knotsim.solverOptions, solver: knotsim.solver, tensions: knotsim.hasTensions }));
    if (!Array.isArray(h.hello.solvers) || h.hello.solvers.length === 0 || !h.hello.solver) {
      console.log(`NOTE: the server's hello has no solvers (${JSON.stringify({ solver: h.hello.solver, solvers: h.hello.solvers })}): solver selector test skipped`);
      t.skip('the server does not list its solvers yet');
      return;
    }
    assert.deepEqual(h.options, h.hello.solvers);
    assert.equal(h.solver, 'ftl', 'the overhand scene runs the ftl solver');
    assert.equal(await page.$eval('#solver', (el) => el.value), 'ftl');
    assert.equal(h.tensions, false, 'ftl frames carry no tensions');
    if (!h.hello.solvers.includes('pbd')) {
      console.log(`NOTE: the server offers no pbd solver (${h.hello.solvers}): switching skipped`);
      return;
    }
    const n = await page.evaluate(() => knotsim.sceneEvents);
    await page.selectOption('#solver', 'pbd');
    await page.waitForFunction((n) => knotsim.sceneEvents > n && knotsim.solver === 'pbd', n, { timeout: 30000 });
    await page.waitForFunction(() => knotsim.hasTensions && knotsim.tension.shown, null, { timeout: 30000 });
    await page.waitForFunction(() => knotsim.arrows.length > 0, null, { timeout: 30000 });
    await page.waitForTimeout(1500);
    const k = await page.evaluate(() => ({ tension: knotsim.tension, arrows: knotsim.arrows, legend: !document.getElementById('legend').hidden, legendMax: document.getElementById('legend-max').textContent }));
    await page.screenshot({ path: join(out, 'pbd.png') });
    console.log(`pbd: tension range ${k.tension.range} N (largest ${k.tension.max.toFixed(3)} N), legend "${k.legendMax}", arrows ${JSON.stringify(k.arrows)}`);
    assert.ok(k.tension.max > 0 && k.tension.range >= k.tension.max, JSON.stringify(k.tension));
    assert.ok(k.legend);
    assert.equal((await apiState(base)).scene, 'overhand');
    assert.equal(await page.$eval('#solver', (el) => el.value), 'pbd');
    // pbd reports its contacts with their forces too: the contact section, its residual shown
    await page.waitForFunction(() => knotsim.contactForces.has && !document.getElementById('r-residual').hidden, null, { timeout: 30000 });
    console.log(`pbd: contacts ${JSON.stringify(await page.evaluate(() => knotsim.contactForces))}`);
    if (h.hello.solvers.includes('dvi')) {
      // The variational solver (issue 11): its tensions are the Lagrange multipliers.
      const d = await page.evaluate(() => knotsim.sceneEvents);
      await page.selectOption('#solver', 'dvi');
      await page.waitForFunction((d) => knotsim.sceneEvents > d && knotsim.solver === 'dvi', d, { timeout: 30000 });
      await page.waitForFunction(() => knotsim.hasTensions && knotsim.tension.shown && knotsim.tension.max > 0, null, { timeout: 30000 });
      // its contact forces (issue 12): the contact section, its residual in the panel
      await page.waitForFunction(() => knotsim.contactForces.has && !document.getElementById('r-residual').hidden, null, { timeout: 30000 });
      const kd = await page.evaluate(() => ({ tension: knotsim.tension, arrows: knotsim.arrows, contacts: knotsim.contactForces }));
      await page.screenshot({ path: join(out, 'dvi.png') });
      console.log(`dvi: tension range ${kd.tension.range} N (largest ${kd.tension.max.toFixed(3)} N), arrows ${JSON.stringify(kd.arrows)}, contacts ${JSON.stringify(kd.contacts)}`);
      assert.equal(await page.$eval('#solver', (el) => el.value), 'dvi');
    }
    // and back
    const m = await page.evaluate(() => knotsim.sceneEvents);
    await page.selectOption('#solver', 'ftl');
    await page.waitForFunction((m) => knotsim.sceneEvents > m && knotsim.solver === 'ftl', m, { timeout: 30000 });
    await page.waitForFunction(() => !knotsim.hasTensions && knotsim.arrows.length === 0 && document.getElementById('legend').hidden, null, { timeout: 30000 });
    await page.waitForFunction(() => !knotsim.contactForces.has && knotsim.contactForces.shown === 0 && document.getElementById('r-residual').hidden, null, { timeout: 30000 });
    assert.deepEqual(page.errors, []);
  });
  await page.close();
});

/** A hand-built version 2 frame: one 101-node rope in an arc, its tension rising from 0 N at
 * node 0 to 10 N at the far end, user tool 0 holding the last node with the rope feeling
 * (0, 3, 3) N, a scripted tool pulling node 0 with 0.5 N along −x, user tool 1 idle. */
function mockFrame(cycle) {
  const n = 101, segs = n - 1, nTools = 3;
  const dv = new DataView(new ArrayBuffer(36 + 12 + n * 12 + nTools * 32 + segs * 4));
  dv.setUint32(0, 0x324e534b, true);
  dv.setUint32(4, cycle, true);
  dv.setFloat64(8, cycle / 1000, true);
  dv.setFloat32(16, 1000, true);
  dv.setUint16(24, 1, true);
  dv.setUint16(26, nTools, true);
  dv.setUint32(28, n, true);
  dv.setUint32(32, 1, true);
  let o = 36;
  dv.setUint32(o, 0, true); dv.setUint32(o + 4, n, true); dv.setFloat32(o + 8, 0.012, true); o += 12;
  for (let i = 0; i < n; i++, o += 12) {
    const a = Math.PI * (i / (n - 1));
    dv.setFloat32(o, -0.4 * Math.cos(a), true); dv.setFloat32(o + 4, 0.15 * Math.sin(a), true); dv.setFloat32(o + 8, 0.05, true);
  }
  const tool = (node, owned, target, f) => {
    dv.setInt32(o, node, true); dv.setUint8(o + 4, 1); dv.setUint8(o + 5, owned ? 1 : 0); dv.setUint8(o + 6, 1); dv.setUint8(o + 7, owned ? 0 : 1);
    for (let c = 0; c < 3; c++) {
      dv.setFloat32(o + 8 + 4 * c, target[c], true);
      dv.setFloat32(o + 20 + 4 * c, f[c], true);
    }
    o += 32;
  };
  tool(0, false, [0, 0, 0], [-0.5, 0, 0]); // a scripted force tool
  tool(n - 1, true, [0.4, 0, 0.05], [0, 3, 3]); // user tool 0
  dv.setInt32(o, -1, true); dv.setUint8(o + 5, 1); o += 32; // user tool 1, idle
  for (let i = 0; i < segs; i++, o += 4) dv.setFloat32(o, (10 * i) / (segs - 1), true);
  return Buffer.from(dv.buffer);
}

serverTest('tension colours, legend, toggle and force arrows (mock server, protocol version 2)', async () => {
  const base = await serve('-scene', 'overhand'); // serves the page; the WebSocket is mocked
  const received = [];
  let sent = 0;
  const hello = { type: 'hello', version: 2, scenes: ['mock'], scene: 'mock', solver: 'pbd', solvers: ['ftl', 'pbd'], controller: true, obstacles: [], params: { epsilon: 0, radius: 0.012, delta: 0 } };
  const page = await openViewer(base, {
    query: '?ws=ws://127.0.0.1:9/mock',
    route: {
      url: 'ws://127.0.0.1:9/mock',
      handler: (ws) => {
        ws.onMessage((m) => received.push(JSON.parse(m)));
        ws.send(JSON.stringify(hello));
        ws.send(JSON.stringify({ type: 'state', paused: false, controller: true }));
        const timer = setInterval(() => ws.send(mockFrame(++sent)), 30);
        mockTimers.push(timer);
        ws.onClose(() => clearInterval(timer));
      },
    },
  });
  await page.waitForFunction(() => knotsim.tension.shown && knotsim.arrows.length === 2, null, { timeout: 10000 });
  await page.waitForTimeout(500);
  const k = await page.evaluate(() => ({
    solver: knotsim.solver, options: knotsim.solverOptions, tension: knotsim.tension, arrows: knotsim.arrows,
    legend: !document.getElementById('legend').hidden, legendMax: document.getElementById('legend-max').textContent,
    force1: document.getElementById('s-force1').textContent, force0: document.getElementById('s-force0').textContent,
    arrowNote: document.getElementById('arrow-scale').textContent, epsDisabled: document.getElementById('epsilon').disabled,
  }));
  console.log(`mock: ${JSON.stringify(k)}`);
  assert.equal(k.solver, 'pbd');
  assert.deepEqual(k.options, ['ftl', 'pbd']);
  assert.equal(k.tension.range, 10);
  assert.ok(k.legend);
  assert.equal(k.legendMax, '10.0 N');
  assert.equal(k.force0, '4.24 N');
  assert.equal(k.force1, '–');
  assert.ok(k.epsDisabled, 'no ε slider under pbd');
  assert.match(k.arrowNote, /cm per ×10 above 0.1 N/);
  const forces = k.arrows.map((a) => a.force).sort();
  assert.ok(Math.abs(forces[0] - 0.5) < 1e-6 && Math.abs(forces[1] - Math.hypot(3, 3)) < 1e-5, JSON.stringify(k.arrows));
  assert.ok(k.arrows.every((a) => a.length > 0));

  const count = (img) => {
    let blue = 0, red = 0, orange = 0;
    for (let i = 0; i < img.width * img.height; i++) {
      const r = img.data[i * 4], g = img.data[i * 4 + 1], b = img.data[i * 4 + 2];
      if (b > r + 60 && b > g + 40) blue++;
      if (r > 120 && r > b + 60 && g < 0.45 * r && r - g > 70) red++;
      if (r > 150 && r - g > 50 && g - b > 20) orange++; // the plain rope's orange
    }
    return { blue, red, orange };
  };
  const on = count(decodePNG(await page.screenshot({ path: join(out, 'tension.png') })));
  await page.click('#tension');
  await page.waitForFunction(() => !knotsim.tension.shown && document.getElementById('legend').hidden, null, { timeout: 5000 });
  await page.waitForTimeout(300);
  const off = count(decodePNG(await page.screenshot({ path: join(out, 'tension-off.png') })));
  console.log(`tension on: ${JSON.stringify(on)} pixels; off: ${JSON.stringify(off)}`);
  assert.ok(on.blue > 300 && on.red > 300, `tension colours: ${JSON.stringify(on)}`);
  assert.ok(off.orange > 1000 && off.blue < on.blue / 5, `plain rope: ${JSON.stringify(off)}`);
  await page.click('#tension');

  await page.selectOption('#solver', 'ftl');
  await page.waitForTimeout(300);
  await page.close();
  stopMocks();
  assert.deepEqual(received.filter((m) => m.type === 'solver'), [{ type: 'solver', name: 'ftl' }]);
  assert.deepEqual(page.errors, []);
});

serverTest('tissue: the slab is drawn as a strain-coloured mesh and removed on a scene change', async () => {
  const base = await serve('-scene', join(root, 'scene', 'testdata', 'pbd', 'thread_on_slab.json'));
  const page = await openViewer(base);
  await page.waitForFunction(() => knotsim.tissues.length === 1 && knotsim.tissues[0]?.visible && knotsim.tissues[0].updates > 5, null, { timeout: 30000 });
  const h = await page.evaluate(() => knotsim.hello.tissues.map((t) => ({ name: t.name, nodes: t.nodes, surface: t.surface.length, triangles: t.triangles.length / 3 })));
  assert.deepEqual(h, [{ name: 'slab', nodes: 198, surface: 162, triangles: 320 }]);
  // the slab dents under the pulled thread: wait for some strain (the legend shows its scale)
  await page.waitForFunction(() => knotsim.tissues[0].maxStrain > 0 && knotsim.strain.legend, null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const k = await page.evaluate(() => ({ tissues: knotsim.tissues, strain: knotsim.strain, nodes: knotsim.nodes }));
  console.log(`tissue: ${JSON.stringify(k)}`);
  assert.equal(k.tissues[0].nodes, 162);
  assert.ok(k.tissues[0].inScene, 'the tissue mesh is in the three.js scene');
  assert.equal(k.nodes, 53, 'the thread is there too');
  assert.match(k.strain.legendMax, /^[\d.]+ %$/);
  assert.ok(k.strain.range >= k.strain.max && k.strain.max > 0, JSON.stringify(k.strain));

  // the screenshot is not blank where the slab is: inside the screen box of its surface nodes,
  // most pixels are the slab's strain colours (blue at low strain) over the ground, not the
  // background
  const pts = await page.evaluate(() => Array.from({ length: knotsim.tissues[0].nodes }, (_, j) => knotsim.tissueNodeScreenPosition(0, j)));
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  const rect = { x0: Math.max(0, Math.min(...xs)), x1: Math.min(VIEW.width - 1, Math.max(...xs)), y0: Math.max(0, Math.min(...ys)), y1: Math.min(VIEW.height - 1, Math.max(...ys)) };
  assert.ok(rect.x1 - rect.x0 > 100 && rect.y1 - rect.y0 > 50, `the slab is ${JSON.stringify(rect)} on screen`);
  const img = decodePNG(await page.screenshot({ path: join(out, 'tissue.png') }));
  // the middle half of the box, clear of its outline's corners
  const cx0 = Math.round((3 * rect.x0 + rect.x1) / 4), cx1 = Math.round((rect.x0 + 3 * rect.x1) / 4);
  const cy0 = Math.round((3 * rect.y0 + rect.y1) / 4), cy1 = Math.round((rect.y0 + 3 * rect.y1) / 4);
  let blue = 0, background = 0, total = 0;
  const colours = new Set();
  for (let y = cy0; y <= cy1; y++) {
    for (let x = cx0; x <= cx1; x++) {
      const i = (y * img.width + x) * 4;
      const r = img.data[i], g = img.data[i + 1], b = img.data[i + 2];
      total++;
      colours.add((r << 16) | (g << 8) | b);
      if (b > r + 25 && b > g + 10) blue++;
      if (Math.abs(r - 0x1b) < 6 && Math.abs(g - 0x1f) < 6 && Math.abs(b - 0x27) < 6) background++;
    }
  }
  console.log(`screenshot ${join(out, 'tissue.png')}: slab at ${JSON.stringify(rect)}, middle ${total} pixels: ${blue} strain-blue, ${background} background, ${colours.size} colours`);
  assert.ok(blue > 0.5 * total, `only ${blue} of ${total} pixels in the slab's middle are its colours`);
  assert.ok(background < 0.05 * total, `${background} of ${total} pixels in the slab's middle are background`);

  // a scene without tissue: the mesh and the legend go
  await page.selectOption('#scene', 'overhand');
  await page.waitForFunction(() => knotsim.scene === 'overhand' && knotsim.tissues.length === 0 && document.getElementById('strain-legend').hidden, null, { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

serverTest('anastomosis: both vessel ends, four forceps and both square knots named; then the true-size suture, then surgeon\'s knots, then the needles\' stitches', async () => {
  const base = await serve('-scene', 'anastomosis');
  const page = await openViewer(base);
  const ready = async (scene, nodes, title = '3_1 # m3_1, 3_1 # m3_1') => {
    await page.waitForFunction(([s, n]) => knotsim.scene === s && knotsim.nodes === n &&
      knotsim.tissues.length === 2 && knotsim.tissues.every((t) => t.visible && t.inScene && t.updates > 5) &&
      knotsim.forceps.length === 4 && knotsim.forceps.every((f) => f.visible && f.inScene), [scene, nodes], { timeout: 60000 });
    const h = await page.evaluate(() => knotsim.hello.tissues.map((t) => ({ name: t.name, nodes: t.nodes })));
    assert.deepEqual(h, [{ name: 'left end', nodes: 288 }, { name: 'right end', nodes: 288 }]);
    // both stitches' knots named by the live identifier (two square knots, or two surgeon's
    // knots, the lower the upper's mirror image)
    await page.waitForFunction((t) => knotsim.knotTitle === t && document.getElementById('knot').textContent === knotsim.knotTitle, title, { timeout: 60000 });
    await page.waitForTimeout(500);
    const file = join(out, `${scene}.png`);
    const img = decodePNG(await page.screenshot({ path: file }));
    // not blank where the vessels are: inside the screen box of the left end's surface nodes,
    // few pixels are the background
    const pts = await page.evaluate(() => Array.from({ length: knotsim.tissues[0].nodes }, (_, j) => knotsim.tissueNodeScreenPosition(0, j)));
    const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    const rect = { x0: Math.max(0, Math.round(Math.min(...xs))), x1: Math.min(VIEW.width - 1, Math.round(Math.max(...xs))), y0: Math.max(0, Math.round(Math.min(...ys))), y1: Math.min(VIEW.height - 1, Math.round(Math.max(...ys))) };
    let background = 0, total = 0;
    const colours = new Set();
    for (let y = rect.y0; y <= rect.y1; y++) {
      for (let x = rect.x0; x <= rect.x1; x++) {
        const i = (y * img.width + x) * 4;
        const r = img.data[i], g = img.data[i + 1], b = img.data[i + 2];
        total++;
        colours.add((r << 16) | (g << 8) | b);
        if (Math.abs(r - 0x1b) < 6 && Math.abs(g - 0x1f) < 6 && Math.abs(b - 0x27) < 6) background++;
      }
    }
    console.log(`screenshot ${file}: the left end at ${JSON.stringify(rect)}, ${total} pixels: ${background} background, ${colours.size} colours`);
    assert.ok(rect.x1 - rect.x0 > 50 && rect.y1 - rect.y0 > 50, `the left end is ${JSON.stringify(rect)} on screen`);
    assert.ok(colours.size > 100, `only ${colours.size} colours where the left end is: blank?`);
    assert.ok(background < 0.5 * total, `${background} of ${total} pixels where the left end is are background`);
  };
  await ready('anastomosis', 2 * 85);
  await page.selectOption('#scene', 'anastomosis-10-0');
  await ready('anastomosis-10-0', 2 * 121);
  await page.selectOption('#scene', 'anastomosis-surgeons');
  await ready('anastomosis-surgeons', 2 * 109, '3_1 # m5_1, m3_1 # 5_1');
  // the stitches taken by two needles: both vessel ends and both needles drawn
  await page.selectOption('#scene', 'anastomosis-needle');
  await page.waitForFunction(() => knotsim.scene === 'anastomosis-needle' && knotsim.nodes === 2 * 41 &&
    knotsim.tissues.length === 2 && knotsim.tissues.every((t) => t.visible && t.inScene && t.updates > 5) &&
    knotsim.needles.length === 2 && knotsim.needles.every((n) => n.visible && n.inScene), null, { timeout: 60000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

serverTest('forceps: both drawn from the frames, green while closed, steel while open; the mouse drives one', async () => {
  const base = await serve('-scene', join(root, 'scene', 'testdata', 'pbd', 'forceps_lift.json'));
  const page = await openViewer(base);
  await page.waitForFunction(() => knotsim.forceps.length === 2 && knotsim.forceps.every((f) => f.visible && f.inScene) && knotsim.forceps[0].updates > 5, null, { timeout: 30000 });
  // the scene (2.5 s) closes both at 0.05 s and opens the right one at 1.6 s: wait until the
  // left is closed and the right open (from 1.6 s to the end, when the scene holds still)
  await page.waitForFunction(() => knotsim.forceps[0].closed && knotsim.forceps[0].held === 1 && !knotsim.forceps[1].closed, null, { timeout: 60000 });
  // frame the scene as it is now (the camera framed it when the page connected: a page that
  // connected before the lift saw the right forceps' jaw leave the view under the toolbar, in
  // 2 of 3 runs alone)
  await page.click('#cam-fit');
  await page.waitForTimeout(300);
  // near the tip of each forceps' first jaw (the jaws' upper parts may still be off screen or
  // under the toolbar), read just before the screenshot
  const bar = await page.evaluate(() => document.getElementById('toolbar').getBoundingClientRect().bottom);
  const at = await page.evaluate(() => [0, 1].map((k) => knotsim.forcepsScreenPosition(k, 0, 0.06)));
  const img = decodePNG(await page.screenshot({ path: join(out, 'forceps.png') }));
  const rgb = (x, y) => { const i = (y * img.width + x) * 4; return [img.data[i], img.data[i + 1], img.data[i + 2]]; };
  // a 9 × 5 window: green pixels, and pixels unlike the background 40 px to the right
  const look = (k) => {
    const p = at[k];
    assert.ok(p.y > bar + 3 && p.y < 715, `forceps ${k + 1}'s jaw is off screen or under the toolbar: ${JSON.stringify(p)}`);
    const x0 = Math.round(p.x), y0 = Math.round(p.y);
    const bg = rgb(x0 + 40, y0);
    let green = 0, jaw = 0, total = 0;
    for (let y = y0 - 2; y <= y0 + 2; y++) {
      for (let x = x0 - 4; x <= x0 + 4; x++) {
        const [r, g, b] = rgb(x, y);
        total++;
        if (g > r + 30 && g > b + 10) green++;
        if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) > 40) jaw++;
      }
    }
    return { at: p, bg, green, jaw, total };
  };
  const left = look(0), right = look(1);
  console.log(`screenshot ${join(out, 'forceps.png')}: left jaw ${JSON.stringify(left)}, right jaw ${JSON.stringify(right)}`);
  assert.ok(left.green > 0.3 * left.total, `the closed forceps' jaw is not green: ${JSON.stringify(left)}`);
  assert.ok(right.jaw > 0.3 * right.total && right.green === 0, `the open forceps' jaw is not there in steel: ${JSON.stringify(right)}`);
  const panel = await page.textContent('#s-forceps');
  console.log(`panel: forceps ${panel}`);
  assert.match(panel, /^1 holds 1: [\d.]+ [µm]?N · 2 open$/);

  // the user takes the right forceps: a drag 100 px to the left moves its tip that way (the
  // screen's left), and the grip button closes it
  assert.equal(await page.isVisible('#forceps-ui'), true);
  await page.selectOption('#forceps-pick', 'f:1');
  assert.equal(await page.evaluate(() => knotsim.forcepsPick), 1);
  const tip0 = await page.evaluate(() => knotsim.forcepsScreenPosition(1, 0, 0));
  await page.mouse.move(tip0.x, tip0.y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(tip0.x - 10 * i, tip0.y);
    await page.waitForTimeout(50);
  }
  await page.mouse.up();
  await page.waitForFunction((x0) => knotsim.forcepsScreenPosition(1, 0, 0).x < x0 - 80, tip0.x, { timeout: 15000 });
  const tip1 = await page.evaluate(() => knotsim.forcepsScreenPosition(1, 0, 0));
  console.log(`forceps 2 dragged: tip from ${JSON.stringify(tip0)} to ${JSON.stringify(tip1)}`);
  assert.ok(Math.abs(tip1.y - tip0.y) < 20, `the tip left the drag's line: ${JSON.stringify(tip1)}`);
  assert.equal(await page.textContent('#forceps-grip'), 'close');
  await page.click('#forceps-grip');
  await page.waitForFunction(() => knotsim.forceps[1].closed, null, { timeout: 15000 });
  await page.waitForFunction(() => document.getElementById('forceps-grip').textContent === 'open', null, { timeout: 5000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

serverTest('needle: drawn as a steel arc from the frames, stitching a thread through a slab', async () => {
  const base = await serve('-scene', join(root, 'scene', 'testdata', 'pbd', 'needle_slab.json'));
  const page = await openViewer(base);
  await page.waitForFunction(() => knotsim.needles.length === 1 && knotsim.needles[0].visible && knotsim.needles[0].inScene && knotsim.needles[0].updates > 5, null, { timeout: 30000 });
  await page.waitForTimeout(2500); // the scene (1.5 s) has stitched and lifted
  const at = await page.evaluate(() => [0.5, 0.7, 0.9].map((f) => knotsim.needleScreenPosition(0, f)));
  const img = decodePNG(await page.screenshot({ path: join(out, 'needle.png') }));
  const rgb = (x, y) => { const i = (y * img.width + x) * 4; return [img.data[i], img.data[i + 1], img.data[i + 2]]; };
  // each point on the arc: some pixel within 2 px of it unlike the background 30 px to the side
  const hits = at.map((p) => {
    const x0 = Math.round(p.x), y0 = Math.round(p.y);
    const bg = rgb(Math.min(x0 + 30, img.width - 1), y0);
    let differ = 0;
    for (let y = y0 - 2; y <= y0 + 2; y++) {
      for (let x = x0 - 2; x <= x0 + 2; x++) {
        if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
        const [r, g, b] = rgb(x, y);
        if (Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]) > 40) differ++;
      }
    }
    return { at: p, differ };
  });
  console.log(`screenshot ${join(out, 'needle.png')}: needle points ${JSON.stringify(hits)}`);
  assert.ok(hits.filter((h) => h.differ > 3).length >= 2, `the needle is not on screen: ${JSON.stringify(hits)}`);

  // the user takes the needle: ▶ turns it on 10°, a drag moves it
  await page.selectOption('#forceps-pick', 'n:0');
  assert.equal(await page.evaluate(() => knotsim.needlePick), 0);
  assert.equal(await page.isVisible('#needle-cw'), true);
  assert.equal(await page.isVisible('#forceps-grip'), false);
  const a0 = await page.evaluate(() => knotsim.needleAngle(0));
  await page.click('#needle-cw');
  await page.waitForFunction((a0) => knotsim.needleAngle(0) > a0 + 0.17, a0, { timeout: 15000 });
  const tip0 = await page.evaluate(() => knotsim.needleScreenPosition(0, 1));
  await page.mouse.move(640, 400);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(640 - 8 * i, 400);
    await page.waitForTimeout(40);
  }
  await page.mouse.up();
  await page.waitForFunction((x0) => knotsim.needleScreenPosition(0, 1).x < x0 - 60, tip0.x, { timeout: 15000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

serverTest('rigid mesh: the block is drawn as an opaque grey mesh and removed on a scene change', async () => {
  const base = await serve('-scene', join(root, 'scene', 'testdata', 'pbd', 'thread_on_block.json'));
  const page = await openViewer(base);
  await page.waitForFunction(() => knotsim.meshes.length === 1 && knotsim.meshes[0]?.inScene, null, { timeout: 30000 });
  const h = await page.evaluate(() => knotsim.hello.meshes.map((m) => ({ name: m.name, vertices: m.vertices.length / 3, triangles: m.triangles.length / 3, omitted: m.omitted })));
  assert.deepEqual(h, [{ name: 'block', vertices: 8, triangles: 12, omitted: undefined }]);
  const k = await page.evaluate(() => ({ meshes: knotsim.meshes, nodes: knotsim.nodes }));
  console.log(`mesh: ${JSON.stringify(k)}`);
  assert.deepEqual(k.meshes, [{ name: 'block', vertices: 8, triangles: 12, visible: true, inScene: true }]);
  assert.equal(k.nodes, 41, 'the thread is there too');

  // the camera fit includes the block, and the screenshot is not background where it is: in
  // the middle of the screen box of its 8 corners, most pixels are the block's grey (r ≈ g ≈ b,
  // lit or shaded: spread under 20), few the blue-grey ground (spread about 29) or the
  // background
  await page.waitForTimeout(300);
  const pts = await page.evaluate(() => Array.from({ length: 8 }, (_, j) => knotsim.meshVertexScreenPosition(0, j)));
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  const rect = { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  assert.ok(rect.x0 >= 0 && rect.x1 < VIEW.width && rect.y0 >= 0 && rect.y1 < VIEW.height, `the block is off screen: ${JSON.stringify(rect)}`);
  assert.ok(rect.x1 - rect.x0 > 100 && rect.y1 - rect.y0 > 50, `the block is ${JSON.stringify(rect)} on screen`);
  const img = decodePNG(await page.screenshot({ path: join(out, 'mesh.png') }));
  const cx0 = Math.round((3 * rect.x0 + rect.x1) / 4), cx1 = Math.round((rect.x0 + 3 * rect.x1) / 4);
  const cy0 = Math.round((3 * rect.y0 + rect.y1) / 4), cy1 = Math.round((rect.y0 + 3 * rect.y1) / 4);
  let grey = 0, ground = 0, background = 0, total = 0;
  for (let y = cy0; y <= cy1; y++) {
    for (let x = cx0; x <= cx1; x++) {
      const i = (y * img.width + x) * 4;
      const r = img.data[i], g = img.data[i + 1], b = img.data[i + 2];
      total++;
      if (Math.max(r, g, b) - Math.min(r, g, b) < 20 && r > 0x30) grey++;
      if (b - r > 22) ground++;
      if (Math.abs(r - 0x1b) < 6 && Math.abs(g - 0x1f) < 6 && Math.abs(b - 0x27) < 6) background++;
    }
  }
  console.log(`screenshot ${join(out, 'mesh.png')}: block at ${JSON.stringify(rect)}, middle ${total} pixels: ${grey} grey, ${ground} ground, ${background} background`);
  assert.ok(grey > 0.5 * total, `only ${grey} of ${total} pixels in the block's middle are grey`);
  assert.ok(ground < 0.05 * total, `${ground} of ${total} pixels in the block's middle are the ground`);
  assert.ok(background < 0.05 * total, `${background} of ${total} pixels in the block's middle are background`);

  // a scene without meshes: the block goes
  await page.selectOption('#scene', 'overhand');
  await page.waitForFunction(() => knotsim.scene === 'overhand' && knotsim.meshes.length === 0, null, { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

serverTest('a new user: help, plain names, camera presets, level drag with height, pins, restart warning, take control', async (t) => {
  const base = await serve('-scene', 'free');
  // a first visit: the help overlay is up, any key closes it, h opens it, a click closes it
  const page = await openViewer(base, { query: '?help=1' });
  await t.test('help overlay, shadows, plain names and descriptions', async () => {
    assert.equal(await page.evaluate(() => knotsim.helpShown), true, 'no help for a newcomer');
    await page.keyboard.press('x');
    assert.equal(await page.evaluate(() => knotsim.helpShown), false);
    await page.keyboard.press('h');
    assert.equal(await page.evaluate(() => knotsim.helpShown), true);
    await page.mouse.click(5, VIEW.height - 60);
    assert.equal(await page.evaluate(() => knotsim.helpShown), false);
    assert.equal(await page.evaluate(() => knotsim.shadows), true, 'shadows are off by default');
    await page.waitForFunction(() => knotsim.sceneDescription.includes('tie a knot yourself'), null, { timeout: 10000 });
    const labels = await page.evaluate(() => ['clove', 'munter', 'square', 'free'].map((n) => knotsim.sceneLabel(n)));
    assert.deepEqual(labels.map((l) => l.text), ['clove hitch', 'Münter hitch', 'reef (square) knot', 'free rope: tie your own']);
    assert.ok(labels[0].title.includes('pole'), `clove's description: ${labels[0].title}`);
  });

  await t.test('camera presets frame the rope without restarting it', async () => {
    const ev0 = await page.evaluate(() => knotsim.sceneEvents);
    await page.click('#cam-top');
    const top = await page.evaluate(() => knotsim.camera);
    const [px, py, pz] = top.position, [tx, ty, tz] = top.target;
    assert.ok(pz - tz > 5 * Math.hypot(px - tx, py - ty), `top view is not from above: ${JSON.stringify(top)}`);
    await page.click('#cam-side');
    const side = await page.evaluate(() => knotsim.camera);
    assert.ok(side.position[0] - side.target[0] > 3 * Math.abs(side.position[2] - side.target[2]), `side view: ${JSON.stringify(side)}`);
    await page.keyboard.press('f');
    assert.equal(await page.evaluate(() => knotsim.view), 'fit');
    assert.equal(await page.evaluate(() => knotsim.sceneEvents), ev0, 'a camera preset restarted the scene');
  });

  await t.test('a drag moves the node on a level plane; the wheel raises it; a pin holds', async () => {
    await page.evaluate(() => knotsim.send({ type: 'pause' }));
    await page.waitForFunction(() => knotsim.paused, null, { timeout: 5000 });
    const node = 90;
    const z0 = (await apiState(base)).nodes[node][2];
    const s = await page.evaluate((i) => knotsim.nodeScreenPosition(i), node);
    await page.mouse.move(s.x, s.y);
    await page.mouse.down();
    await page.evaluate(() => knotsim.send({ type: 'play' }));
    for (let k = 1; k <= 10; k++) {
      await page.mouse.move(s.x + 12 * k, s.y - 6 * k);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(600);
    let st = await apiState(base);
    let p = st.nodes[node];
    const user = () => st.tools.filter((x) => x.controller);
    console.log(`level drag: node ${node} at ${p.map((v) => v.toFixed(3))}, z from ${z0.toFixed(4)}`);
    assert.equal(user()[0].node, node);
    assert.ok(Math.abs(user()[0].target[2] - z0) < 1e-6, `the level drag changed the height: ${user()[0].target[2]} vs ${z0}`);
    assert.ok(Math.abs(p[2] - z0) < 0.002, `node ${node} left its level: z ${p[2]}`);
    // three wheel notches up: the tool rises three steps, the height marker spans it
    const step = await page.evaluate(() => knotsim.heightStep);
    for (let k = 0; k < 3; k++) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(60);
    }
    await page.mouse.move(s.x + 121, s.y - 60);
    await page.waitForTimeout(600);
    const marker = await page.evaluate(() => knotsim.heightMarker);
    st = await apiState(base);
    const zt = user()[0].target[2];
    console.log(`wheel: 3 notches of ${(step * 1000).toFixed(1)} mm raised the tool to z ${zt.toFixed(4)}; marker ${JSON.stringify(marker)}`);
    assert.ok(Math.abs(zt - (z0 + 3 * step)) < 1e-6, `the wheel raised the tool to ${zt}, want ${z0 + 3 * step}`);
    assert.ok(marker && marker.top - marker.bottom > 3 * step, `height marker ${JSON.stringify(marker)}`);
    await page.mouse.up();
    await page.waitForFunction(() => !knotsim.tool(0)?.active, null, { timeout: 5000 });

    // Ctrl-drag pins node 20 a little aside; a drag of the far end then pulls the rope, and
    // the pin holds its node where it was left
    const pinNode = 20;
    const q = await page.evaluate((i) => knotsim.nodeScreenPosition(i), pinNode);
    await page.keyboard.down('Control');
    await page.mouse.move(q.x, q.y);
    await page.mouse.down();
    await page.mouse.move(q.x - 20, q.y, { steps: 4 });
    await page.waitForTimeout(300);
    await page.mouse.up();
    await page.keyboard.up('Control');
    await page.waitForFunction((i) => knotsim.pinned === i && knotsim.tool(1)?.active, pinNode, { timeout: 5000 });
    st = await apiState(base);
    const pinned = st.nodes[pinNode];
    const e = await page.evaluate(() => knotsim.nodeScreenPosition(knotsim.nodes - 1));
    await page.mouse.move(e.x, e.y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) {
      await page.mouse.move(e.x + 20 * k, e.y - 25 * k);
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(800);
    await page.mouse.up();
    st = await apiState(base);
    const held = st.nodes[pinNode];
    const moved = Math.hypot(held[0] - pinned[0], held[1] - pinned[1], held[2] - pinned[2]);
    const pulled = st.nodes[10];
    console.log(`pin: node ${pinNode} moved ${(moved * 1000).toFixed(2)} mm while the far end was dragged; node 10 at ${pulled.map((v) => v.toFixed(3))}`);
    assert.ok(moved < 0.005, `the pin let its node move ${moved} m`);
    await page.click('#unpin');
    await page.waitForFunction(() => knotsim.pinned === -1 && !knotsim.tool(1)?.active, null, { timeout: 5000 });
  });

  await t.test('a slider asks before it restarts the scene', async () => {
    const ev0 = await page.evaluate(() => knotsim.sceneEvents);
    const r0 = await page.$eval('#radius', (el) => +el.value);
    await page.$eval('#radius', (el) => { el.value = '0.004'; el.dispatchEvent(new Event('input')); el.dispatchEvent(new Event('change')); });
    assert.equal(await page.evaluate(() => knotsim.confirmShown), true, 'no warning before the restart');
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => knotsim.sceneEvents), ev0, 'the slider restarted without asking');
    await page.click('#confirm-cancel');
    assert.equal(await page.$eval('#radius', (el) => +el.value), r0, 'cancel left the slider moved');
    await page.$eval('#radius', (el) => { el.value = '0.004'; el.dispatchEvent(new Event('change')); });
    await page.click('#confirm-ok');
    await page.waitForFunction((n) => knotsim.sceneEvents > n, ev0, { timeout: 20000 });
    assert.equal(await page.$eval('#radius', (el) => +el.value), 0.004);
  });

  await t.test('a second page watches and can take control when the first leaves', async () => {
    const other = await openViewer(base);
    assert.equal(await other.evaluate(() => knotsim.controller), false);
    assert.equal(await other.isVisible('#take'), true, 'no take-control button for a watcher');
    await other.click('#take');
    await other.waitForFunction(() => (knotsim.lastError ?? '').includes('another client is the controller'), null, { timeout: 5000 });
    await page.close();
    await other.waitForFunction(() => knotsim.controller, null, { timeout: 10000 });
    assert.equal(await other.isVisible('#take'), false);
    assert.deepEqual(other.errors, []);
    await other.close();
  });
  assert.deepEqual(page.errors, []);
});

// The steps of scene/tie_test.go's overhandSteps (TestTieOverhandByHand ties the same knot
// without the browser): pin, grab, level drags, wheel notches, and a pin moved onto the crossing.
const OVERHAND_STEPS = [
  ['pin', 30], ['grab', 95],
  ['xy', 0.12, -0.05], ['up', 3], ['xy', 0.12, -0.4], ['xy', -0.1, -0.4],
  ['drop'], ['pincross'], ['grab', 120],
  ['up', 3], ['xy', -0.15, -0.42], ['xy', -0.15, -0.32], ['up', -9],
  ['xy', 0.045, -0.32], ['up', 9], ['xy', 0.3, -0.32], ['drop'],
];

serverTest('a scripted user ties an overhand knot in the free rope with the mouse in under 2 minutes', async () => {
  const base = await serve('-scene', 'free');
  const page = await openViewer(base);
  await page.click('#cam-top');
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => knotsim.hello.params.radius);
  const step = await page.evaluate(() => knotsim.heightStep);
  assert.equal(step, 2 * r, 'a wheel notch is not a rope diameter');
  const t0 = Date.now();
  let grabbed = -1;
  let target = null; // where the drag tool is, as the user moved it
  const pick = async (n, ctrl) => {
    const s = await page.evaluate((i) => knotsim.nodeScreenPosition(i), n);
    if (ctrl) await page.keyboard.down('Control');
    await page.mouse.move(s.x, s.y);
    await page.mouse.down();
    if (ctrl) {
      await page.mouse.up();
      await page.keyboard.up('Control');
    }
  };
  for (const [op, a, b] of OVERHAND_STEPS) {
    switch (op) {
      case 'pin':
        await pick(a, true);
        await page.waitForFunction((n) => Math.abs(knotsim.pinned - n) <= 2 && knotsim.tool(1)?.active && knotsim.tool(1).node === knotsim.pinned, a, { timeout: 5000 });
        break;
      case 'pincross': {
        // the node of the strand last dragged that lies over the standing part (x = 0)
        const n = await page.evaluate(([from, r]) => {
          for (let i = from; i > 0; i--) {
            const p = knotsim.node(i);
            if (Math.abs(p[0]) < 2 * r && p[2] > 3 * r) return i;
          }
          return -1;
        }, [grabbed, r]);
        assert.ok(n > 0, 'no node of the dragged strand lies over the standing part: no loop');
        await pick(n, true);
        await page.waitForFunction((n) => Math.abs(knotsim.pinned - n) <= 2 && knotsim.tool(1)?.node === knotsim.pinned, n, { timeout: 5000 });
        break;
      }
      case 'grab':
        grabbed = a;
        await pick(a, false);
        await page.waitForFunction(() => knotsim.tool(0)?.active, null, { timeout: 5000 });
        target = await page.evaluate(() => knotsim.tool(0).target);
        break;
      case 'drop':
        await page.mouse.up();
        await page.waitForFunction(() => !knotsim.tool(0)?.active, null, { timeout: 5000 });
        break;
      case 'up':
        for (let k = 0; k < Math.abs(a); k++) {
          await page.mouse.wheel(0, a > 0 ? -100 : 100);
          await page.waitForTimeout(80);
        }
        target[2] += a * step;
        break;
      case 'xy': {
        // 5 mm a mouse move, 20 ms apart: 0.25 m/s
        const [x0, y0] = target;
        const n = Math.max(1, Math.ceil(Math.hypot(a - x0, b - y0) / 0.005));
        const pts = Array.from({ length: n }, (_, j) => [x0 + ((a - x0) * (j + 1)) / n, y0 + ((b - y0) * (j + 1)) / n, target[2]]);
        const screen = await page.evaluate((pts) => pts.map(([x, y, z]) => knotsim.screenOf(x, y, z)), pts);
        for (const s of screen) {
          await page.mouse.move(s.x, s.y);
          await page.waitForTimeout(20);
        }
        target = [a, b, target[2]];
        break;
      }
    }
    await page.waitForTimeout(100);
  }
  const took = (Date.now() - t0) / 1000;
  await page.waitForFunction(() => /3_1/.test(knotsim.knotTitle), null, { timeout: 10000 }).catch(() => {});
  const title = await page.evaluate(() => knotsim.knotTitle);
  await page.screenshot({ path: join(out, 'tied-overhand.png') });
  console.log(`scripted user: ${OVERHAND_STEPS.length} steps in ${took.toFixed(1)} s; the panel reads "${title}"`);
  assert.match(title, /3_1/, `the rope is not an overhand knot: "${title}"`);
  assert.ok(took < 120, `the drags took ${took} s`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

serverTest('frames per second with a 500-link rope', async () => {
  // overhand + figure-eight laid in 500 links, one end dragged around so every snapshot changes
  const sceneFile = join(out, 'rope500.json');
  writeFileSync(sceneFile, JSON.stringify({
    dt: 0.001, duration: 60,
    ropes: [{ links: 500, link_length: 0.01, radius: 0.005, layout: { type: 'overhand+figure8' } }],
    tools: [{ rope: 0, node: 0, grasp: 0, relative: true, path: [
      { t: 0, pos: [0, 0, 0] }, { t: 5, pos: [0, 0.3, 0.1] }, { t: 10, pos: [-0.2, 0, 0] }, { t: 60, pos: [-0.3, 0.2, 0] }] }],
  }));
  const base = await serve('-scene', sceneFile);
  const page = await openViewer(base);
  assert.equal(await page.evaluate(() => knotsim.nodes), 501);
  await page.waitForTimeout(1000);
  const a = await page.evaluate(() => ({ f: knotsim.frames, s: knotsim.snapshots, t: performance.now() }));
  await page.waitForTimeout(4000);
  const b = await page.evaluate(() => ({ f: knotsim.frames, s: knotsim.snapshots, t: performance.now(), q: knotsim.quality, realloc: knotsim.reallocations }));
  await page.screenshot({ path: join(out, 'rope500.png') });
  const fps = ((b.f - a.f) * 1000) / (b.t - a.t);
  const sps = ((b.s - a.s) * 1000) / (b.t - a.t);
  console.log(`500 links: ${fps.toFixed(1)} frames/s, ${sps.toFixed(1)} snapshots/s, ${b.q.renderer} (software ${b.q.software}, pixel ratio ${b.q.pixelRatio}, MSAA ${b.q.antialias}), tube buffers allocated ${b.realloc} times`);
  assert.ok(sps > 5, `only ${sps} snapshots/s`);
  // The rate is printed, never asserted tight: on a shared 2-vCPU machine SwiftShader draws on
  // the same cores as the server's 500-link simulation, and the same build measured 14.5–24 frames/s
  // here in one hour and 19.6 on CI (issue 4 asks ≥ 30; BENCHMARKS.md records the measurements).
  // The floor only catches a stalled or pathologically slow render loop.
  assert.ok(fps > 5, `only ${fps} frames/s: the render loop has stalled`);
  assert.equal(b.realloc, 1, 'the tube reallocated its buffers after the first snapshot');
  assert.deepEqual(page.errors, []);
  await page.close();
});
