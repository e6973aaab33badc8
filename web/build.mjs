// Bundles the viewer: src/main.js (three.js included) → dist/viewer.js and dist/viewer.css,
// and copies src/index.html. Run by `make web` (npm ci first where node_modules is missing).
// The output is committed so that `go build` embeds it without npm (web/assets.go).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await esbuild.build({
  entryPoints: { viewer: join(here, 'src/main.js') },
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'eof', // three.js's MIT notice stays in the bundle
  outdir: dist,
  logLevel: 'warning',
});
copyFileSync(join(here, 'src/index.html'), join(dist, 'index.html'));
console.log('web/dist: index.html viewer.js viewer.css');
