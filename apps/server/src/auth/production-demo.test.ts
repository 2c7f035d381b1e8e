/** Issue 7 item 8: no demo accounts, and never the documented default password, in production. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { startBanner } from '../start-banner';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  startTestServer,
  type TestServer,
} from '../test/harness';

const PROD = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40) };

describe('demo accounts in production', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('seeds nothing when NODE_ENV=production and SEED_DEMO is not set', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(
      loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true', DEMO_PASSWORD: 'another-long-secret-1' })
        .SEED_DEMO,
    ).toBe(true);
  });

  it('refuses to start in production with the documented default password', async () => {
    await expect(startTestServer({ ...PROD, SEED_DEMO: 'true', DEMO_PASSWORD })).rejects.toThrow(
      /DEMO_PASSWORD/,
    );
  });

  it('refuses sign-in with the documented default password in production', async () => {
    // an account carrying the default password (e.g. made before going live)
    const prod = await startTestServer({ ...PROD, SEED_DEMO: 'false' });
    servers.push(prod);
    await createAccount(prod, {
      role: 'admin',
      email: DEMO.admin,
      name: 'Old Admin',
      password: DEMO_PASSWORD,
    });
    const res = await prod
      .client()
      .post('/api/auth/sign-in/email', { email: DEMO.admin, password: DEMO_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('DEFAULT_PASSWORD_REFUSED');
    expect(res.headers.getSetCookie().join()).not.toContain('session_token=');
  });

  it('creates no demo accounts in production by default', async () => {
    const prod = await startTestServer({ ...PROD, SEED_DEMO: '' });
    servers.push(prod);
    const rows = await prod.sql(
      'select email from "user" where email like \'%@demo.painlab.test\'',
    );
    expect(rows).toHaveLength(0);
  });
});

describe('the start banner (issue 22 item 14)', () => {
  it('prints the demo password only when it is the published one', () => {
    const dev = startBanner(loadEnv({ NODE_ENV: 'development' })).join('\n');
    expect(dev).toContain(`password: ${DEMO_PASSWORD}`);
    expect(dev).toContain(DEMO.admin);
    const custom = 'a-clinic-secret-password-9';
    for (const env of [
      loadEnv({ NODE_ENV: 'development', DEMO_PASSWORD: custom }),
      loadEnv({ ...PROD, SEED_DEMO: 'true', DEMO_PASSWORD: custom }),
    ]) {
      const banner = startBanner(env).join('\n');
      expect(banner).not.toContain(custom);
      expect(banner).toContain('password: the one set in DEMO_PASSWORD');
      expect(banner).toContain(DEMO.admin);
    }
    expect(startBanner(loadEnv({ ...PROD })).join('\n')).not.toContain('Demo accounts');
  });
});
