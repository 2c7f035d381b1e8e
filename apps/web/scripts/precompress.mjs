#!/usr/bin/env node
// After `vite build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside
// every text file of dist/, so the server sends them as they are (apps/server/src/http/web-assets.ts)
// and never compresses on a request. A form no smaller than the file itself is not written.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dist = path.resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
const TEXT = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|map)$/i;

const files = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && TEXT.test(e.name) && !e.parentPath.includes(`${path.sep}.`))
  .map((e) => path.join(e.parentPath, e.name));

let raw = 0;
let br = 0;
let gz = 0;
await Promise.all(
  files.map(async (file) => {
    const body = fs.readFileSync(file);
    const [b, g] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    raw += body.length;
    for (const [ext, out] of [
      ['.br', b],
      ['.gz', g],
    ]) {
      fs.rmSync(file + ext, { force: true });
      if (out.length < body.length) fs.writeFileSync(file + ext, out);
    }
    br += Math.min(b.length, body.length);
    gz += Math.min(g.length, body.length);
  }),
);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${files.length} files: ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
