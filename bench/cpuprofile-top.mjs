#!/usr/bin/env node
// `node bench/cpuprofile-top.mjs <file.cpuprofile> [--from <s>] [--to <s>] [--top <n>]`: where the
// busy time of a V8 CPU profile (`node --cpu-prof`, BENCH_CPU_PROF=1 in bench/patients.mjs) goes,
// optionally only between two points in time (seconds from the start of the profile, to leave out
// start-up): the functions with the most self time, and every busy sample put in exactly one bucket
// (socket writes, pg driver, drizzle, hono, our code, GC, …) by its leaf frame and its stack.
import fs from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const opt = (name, d) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : d;
};
if (!file) {
  console.error(
    'usage: node bench/cpuprofile-top.mjs <file.cpuprofile> [--from s] [--to s] [--top n]',
  );
  process.exit(2);
}
const [from, to, top] = [opt('from', 0), opt('to', Infinity), opt('top', 25)];
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(apps|packages)\//, '$1/');
const frame = (id) => nodes.get(id).callFrame;
const name = (cf) => `${cf.functionName || '(anonymous)'} ${short(cf.url)}:${cf.lineNumber + 1}`;

// Buckets, first match wins: the leaf decides for native work, else the nearest package on the stack.
const leafBuckets = [
  [
    'socket writes (writev/writeBuffer syscalls)',
    (cf) =>
      /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(cf.functionName) && !cf.url,
  ],
  ['garbage collector', (cf) => cf.functionName === '(garbage collector)'],
  ['(program) / native', (cf) => cf.functionName === '(program)'],
  ['PGlite: Postgres in WASM', (cf) => cf.url.startsWith('wasm://')],
  [
    'file system syscalls (PGlite NodeFS)',
    (cf) =>
      !cf.url &&
      /^(fstat|read|write|open|close|fsync|fdatasync|ftruncate|lstat|stat)$/.test(cf.functionName),
  ],
];
const stackBuckets = [
  ['PGlite JS (socket server, file system glue)', /node_modules\/@electric-sql\//],
  [
    'pg driver (protocol, parsing rows)',
    /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+)\//,
  ],
  ['drizzle-orm (building SQL, mapping rows)', /node_modules\/drizzle-orm\//],
  ['crypto (HMAC, sha256)', /^node:internal\/crypto/],
  ['hono + @hono/node-server', /node_modules\/(hono|@hono)\//],
  ['zod', /node_modules\/zod\//],
  ['pino', /node_modules\/pino/],
  ['better-auth', /node_modules\/(better-auth|@better-auth|better-call)\//],
  ['apps/server + packages (own code)', /\/(apps|packages)\//],
  [
    'node:http / net / streams',
    /^node:(_http|net|internal\/streams|internal\/stream_base|events|internal\/http)/,
  ],
  ['module loading (start-up)', /^node:internal\/modules|tsx\//],
];

const self = new Map();
const buckets = new Map();
let t = 0;
let busy = 0;
let windowTotal = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (t / 1e6 < from || t / 1e6 > to) continue;
  windowTotal += dt;
  const id = profile.samples[i];
  const leaf = frame(id);
  if (leaf.functionName === '(idle)') continue;
  busy += dt;
  self.set(name(leaf), (self.get(name(leaf)) ?? 0) + dt);
  let bucket = leafBuckets.find(([, test]) => test(leaf))?.[0];
  if (!bucket) {
    // nearest frame with a known home, walking up from the leaf
    for (let cur = id; cur !== undefined && !bucket; cur = parent.get(cur)) {
      const url = frame(cur).url;
      bucket = stackBuckets.find(([, re]) => re.test(url))?.[0];
    }
  }
  bucket ??= 'other';
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + dt);
}

const pct = (x) => `${((x / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(
  `${file}\nwindow ${from}–${Number.isFinite(to) ? to : 'end'} s: ${(windowTotal / 1e6).toFixed(2)} s, busy ${(busy / 1e6).toFixed(2)} s (${((busy / windowTotal) * 100).toFixed(0)} % of one core)\n`,
);
console.log('busy time by bucket (each sample once)');
for (const [k, v] of [...buckets].sort((a, b) => b[1] - a[1]))
  console.log(`${(v / 1000).toFixed(0).padStart(7)} ms ${pct(v)}  ${k}`);
console.log('\nself time by function');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${(v / 1000).toFixed(0).padStart(7)} ms ${pct(v)}  ${k}`);
