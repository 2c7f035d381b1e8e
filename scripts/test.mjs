#!/usr/bin/env node
// `npm test`: every test of the project, in order — unit, API (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the e2e suite in Chromium against a production build.
// Each stage is timed; the 15 slowest files of each runner are listed. Ends with one line
// `N passed, N failed` (counts from the runners' JSON reports); test-results/summary.json keeps
// the counts, the stage times and the slowest files for .ci/run's closing table.
//
// `npm test -- api e2e` runs only those stages. API_WORKERS sets the API stage's Vitest workers
// (default 2: a test file spends much of its time waiting on its database and timers).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const want = (stage) => only.length === 0 || only.includes(stage);
const SLOWEST = 15;

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];
/** runner → its slowest files: { file, seconds, project? } */
const slowest = {};

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function record(stage) {
  stages.push(stage);
  totals.passed += stage.passed;
  totals.failed += stage.failed;
  totals.skipped += stage.skipped;
}

const seconds = (since) => Math.round((Date.now() - since) / 100) / 10;

function vitestStage(name, projects, extra = []) {
  const report = path.join(out, `vitest-${name}.json`);
  const timings = path.join(out, `vitest-${name}-files.json`);
  fs.rmSync(report, { force: true });
  fs.rmSync(timings, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extra,
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/vitest-file-timings.mjs',
    `--outputFile.json=${report}`,
  ];
  const started = Date.now();
  const status = run('npx', args, { VITEST_FILE_TIMINGS: timings });
  const json = readJson(report);
  const files = readJson(timings) ?? [];
  // the time each project's files kept a worker busy (they run side by side in the API stage)
  const busy = {};
  for (const f of files) busy[f.project] = (busy[f.project] ?? 0) + f.seconds;
  slowest[name] = files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
  record({
    name,
    seconds: seconds(started),
    passed: json?.numPassedTests ?? 0,
    failed: (json?.numFailedTests ?? 0) + (status !== 0 && !json?.numFailedTests ? 1 : 0),
    skipped: (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0),
    files: files.length,
    busy: Object.fromEntries(Object.entries(busy).map(([p, s]) => [p, Math.round(s)])),
  });
}

function e2eStage() {
  const built = Date.now();
  const buildStatus = run('npm', ['run', 'build']);
  stages.push({ name: 'build', seconds: seconds(built), passed: 0, failed: 0, skipped: 0 });
  if (buildStatus !== 0) {
    record({ name: 'e2e', seconds: 0, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const report = path.join(out, 'e2e.json');
  fs.rmSync(report, { force: true });
  const started = Date.now();
  const status = run(
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  const json = readJson(report);
  const stats = json?.stats;
  // each spec file's tests, added up (two workers run them side by side)
  const perFile = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? [])
          perFile[spec.file ?? suite.file] = (perFile[spec.file ?? suite.file] ?? 0) + r.duration;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json?.suites ?? []) walk(suite);
  slowest.e2e = Object.entries(perFile)
    .map(([file, ms]) => ({ file: `apps/web/e2e/${file}`, seconds: Math.round(ms) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST);
  record({
    name: 'e2e',
    seconds: seconds(started),
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: (stats?.unexpected ?? 0) + (status !== 0 && !stats?.unexpected ? 1 : 0),
    skipped: stats?.skipped ?? 0,
    files: Object.keys(perFile).length,
  });
}

// with coverage: below the thresholds in vitest.config.ts the stage fails
if (want('unit')) vitestStage('unit', ['unit'], ['--coverage.enabled=true']);
if (want('api'))
  vitestStage('api', process.env.TEST_DATABASE_URL ? ['api', 'api-postgres'] : ['api'], [
    `--maxWorkers=${process.env.API_WORKERS ?? 2}`,
  ]);
if (want('e2e')) e2eStage();

console.log('\nTest stages (wall-clock seconds):');
for (const s of stages) {
  const busy = s.busy
    ? `  (files kept workers busy: ${Object.entries(s.busy)
        .map(([p, b]) => `${p} ${b} s`)
        .join(', ')})`
    : '';
  const counts =
    s.name === 'build' ? '' : `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
  console.log(`  ${s.name.padEnd(6)} ${String(s.seconds).padStart(7)} s  ${counts}${busy}`);
}
for (const [runner, files] of Object.entries(slowest)) {
  console.log(`\nSlowest ${runner} test files (seconds, setup included):`);
  for (const f of files)
    console.log(
      `  ${f.seconds.toFixed(1).padStart(7)}  ${f.project ? `[${f.project}] ` : ''}${f.file}`,
    );
}
if (!process.env.TEST_DATABASE_URL && want('api')) {
  console.log(
    '\n(API tests ran on PGlite only; set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too)',
  );
}
fs.writeFileSync(
  path.join(out, 'summary.json'),
  JSON.stringify({ ...totals, stages, slowest }, null, 2),
);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
