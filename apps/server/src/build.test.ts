/**
 * Production runs compiled JavaScript (`npm start`): the server build bundles src/ and
 * packages/shared into apps/server/dist/main.js, and plain `node` (no TypeScript loader) starts it
 * with its migrations and PGlite worker, answers, and shuts down cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind, freePort } from './test/harness';

const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'apps/server/dist');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-build-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(dbKind !== 'pglite')('the compiled server', () => {
  it('builds to dist/main.js and runs with plain node: migrates, answers, stops cleanly', async () => {
    const build = spawnSync('npm', ['run', 'build', '-w', '@painlab/server'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr + build.stdout).toBe(0);

    const bundle = fs.readFileSync(path.join(dist, 'main.js'), 'utf8');
    // Nothing left for a TypeScript loader: no .ts module and no workspace package (their sources are TypeScript).
    const specifiers = [
      ...bundle.matchAll(/(?:^import .* from |^import |import\()"([^"]+)"/gm),
    ].map((m) => m[1]!);
    expect(specifiers.length).toBeGreaterThan(10);
    expect(specifiers.filter((s) => /\.[cm]?tsx?$/.test(s) || s.startsWith('@painlab/'))).toEqual(
      [],
    );
    expect(fs.existsSync(path.join(dist, 'pglite-worker.mjs'))).toBe(true);
    expect(
      fs.readdirSync(path.join(dist, 'migrations')).filter((f) => f.endsWith('.sql')).length,
    ).toBeGreaterThan(0);

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    try {
      const deadline = Date.now() + 60_000;
      let health: Response | undefined;
      while (Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (health) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(health?.status, output).toBe(200);
      // Start-up migrates from dist/migrations (it stops without them); health reads the database.
      expect(await health!.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
    expect(output).toContain('Database closed cleanly.');
  });
});
