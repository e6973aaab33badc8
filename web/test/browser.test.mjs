// End-to-end test of the viewer against the real server: builds bin/knotsim, runs
// `knotsim serve` on a free port, drives Debian's Chromium (/usr/bin/chromium, never a
// downloaded browser) through playwright-core, and checks that the rope renders, that a mouse
// drag moves the grasped node in the server's state, that the panel names the knot of a
// selected scene, and how many frames per second the page draws with a 500-link rope.
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

async function openViewer(base) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.knotsim && window.knotsim.snapshots >= 5 && window.knotsim.frames >= 5, null, { timeout: 30000 });
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
  await ctx?.close();
  for (const p of servers) p.kill('SIGTERM');
  if (userDir) rmSync(userDir, { recursive: true, force: true });
});

test('viewer renders, drags the rope, names the knot', async (t) => {
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
  await page.close();
});

test('frames per second with a 500-link rope', async () => {
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
  // Issue 4 asks ≥ 30 frames/s here (measured 34 on the 2-core CI machine, BENCHMARKS.md); the
  // assertion leaves room for a loaded machine and still fails on a real regression.
  assert.ok(fps > 20, `only ${fps} frames/s`);
  assert.equal(b.realloc, 1, 'the tube reallocated its buffers after the first snapshot');
  assert.deepEqual(page.errors, []);
  await page.close();
});
