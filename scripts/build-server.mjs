#!/usr/bin/env node
// `npm run build:server`: compiles the server to plain JavaScript so production runs without a
// TypeScript loader. apps/server/src/main.ts (with packages/shared, which is TypeScript source) is
// bundled into apps/server/dist/main.js; npm dependencies stay external and load from node_modules.
// Files the code finds next to itself through `import.meta.url` (db/client.ts) are copied beside
// the bundle: the migrations folder and the PGlite worker. env.ts's `../../web/dist` resolves to
// apps/web/dist from both src/ and dist/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const src = path.join(server, 'src');
const out = path.join(server, 'dist');

fs.rmSync(out, { recursive: true, force: true });

await build({
  entryPoints: [path.join(src, 'main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  tsconfig: path.join(server, 'tsconfig.json'),
  plugins: [
    {
      // Our workspace packages are TypeScript source: bundle them. Every other bare import is an
      // npm dependency: keep it external.
      name: 'externalise-npm-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@painlab/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

fs.cpSync(path.join(src, 'db/migrations'), path.join(out, 'migrations'), { recursive: true });
fs.copyFileSync(path.join(src, 'db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'));
console.log(`server built: ${path.relative(root, path.join(out, 'main.js'))}`);
