/**
 * The secret behind link HMACs and address hashes: without BETTER_AUTH_SECRET (outside production)
 * the server generates one, keeps it in DATA_DIR and uses it for every derived key — never a fixed
 * key written in the code, which anyone could read and use to forge a link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { derivedKeySecret } from './secret';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the derived-key secret', () => {
  it('is the generated secret kept in DATA_DIR when BETTER_AUTH_SECRET is not set', () => {
    const kept = fs.readFileSync(path.join(server.dataDir, 'auth-secret'), 'utf8').trim();
    expect(kept.length).toBeGreaterThanOrEqual(32);
    expect(server.deps.env.BETTER_AUTH_SECRET).toBe(kept);
    expect(derivedKeySecret(server.deps.env)).toBe(kept);
  });

  it('is never a fixed fallback: without a resolved secret it refuses', () => {
    expect(() => derivedKeySecret({})).toThrow(/not resolved/);
  });
});
