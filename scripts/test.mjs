#!/usr/bin/env node
// `npm test`: every test of the project, in order — unit, API (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the e2e suite in Chromium against a production build.
// Ends with one line `N passed, N failed` (counts from the runners' JSON reports).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const out = path.join(root, 'test-results');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- api e2e`
const want = (stage) => only.length === 0 || only.includes(stage);

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

const totals = { passed: 0, failed: 0, skipped: 0 };
const stages = [];

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitestStage(name, projects, extra = []) {
  const report = path.join(out, `vitest-${name}.json`);
  fs.rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const status = run('npx', args);
  const json = readJson(report);
  const passed = json?.numPassedTests ?? 0;
  const failed = (json?.numFailedTests ?? 0) + (status !== 0 && !json?.numFailedTests ? 1 : 0);
  const skipped = (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0);
  stages.push({ name, passed, failed, skipped, status });
  Object.assign(totals, {
    passed: totals.passed + passed,
    failed: totals.failed + failed,
    skipped: totals.skipped + skipped,
  });
}

function e2eStage() {
  if (run('npm', ['run', 'build']) !== 0) {
    stages.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0, status: 1 });
    totals.failed += 1;
    return;
  }
  const report = path.join(out, 'e2e.json');
  fs.rmSync(report, { force: true });
  const status = run(
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    },
  );
  const stats = readJson(report)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const failed = (stats?.unexpected ?? 0) + (status !== 0 && !stats?.unexpected ? 1 : 0);
  const skipped = stats?.skipped ?? 0;
  stages.push({ name: 'e2e', passed, failed, skipped, status });
  Object.assign(totals, {
    passed: totals.passed + passed,
    failed: totals.failed + failed,
    skipped: totals.skipped + skipped,
  });
}

// with coverage: below the thresholds in vitest.config.ts the stage fails
if (want('unit')) vitestStage('unit', ['unit'], ['--coverage.enabled=true']);
if (want('api'))
  vitestStage('api', process.env.TEST_DATABASE_URL ? ['api', 'api-postgres'] : ['api']);
if (want('e2e')) e2eStage();

console.log('\nTest stages:');
for (const s of stages)
  console.log(`  ${s.name.padEnd(5)} ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`);
if (!process.env.TEST_DATABASE_URL && want('api')) {
  console.log(
    '  (API tests ran on PGlite only; set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too)',
  );
}
fs.writeFileSync(path.join(out, 'summary.json'), JSON.stringify({ ...totals, stages }, null, 2));
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
