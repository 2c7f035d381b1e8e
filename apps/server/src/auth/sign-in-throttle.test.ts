/**
 * Issue 7 item 6: a clinic shares one public address. With the default limits 30 staff sign in
 * within a minute from it; failures lock only the account they target (growing delays, unlock
 * paths) and an address only after many failures; counters live in the database.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAccount, dbKind, DEMO, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
const CLINIC = '203.0.113.50';
const PASSWORD = 'staff-password-long-enough';
const staff = Array.from({ length: 30 }, (_, i) => `staff${i}@clinic.test`);

beforeAll(async () => {
  // the default limits (the harness raises RATE_LIMIT_AUTH_MAX for other tests), except a small
  // address budget so that the address limit can be reached quickly
  server = await startTestServer({
    RATE_LIMIT_AUTH_MAX: '',
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_ADDRESS_FAILURES: '20',
  });
  for (const email of staff) {
    await createAccount(server, { role: 'specialist', email, name: email, password: PASSWORD });
  }
});
afterAll(() => server?.close());

const signIn = (email: string, password: string, ip = CLINIC) =>
  server.client({ ip }).post('/api/auth/sign-in/email', { email, password });

describe('sign-in throttling', () => {
  it('lets 30 staff sign in from one address at the same moment (no shared budget is used up)', async () => {
    const statuses = await Promise.all(
      staff.map(async (email) => (await signIn(email, PASSWORD)).status),
    );
    expect(statuses).toEqual(staff.map(() => 200));
  }, 180_000);

  it('refuses a sign-in body that is not JSON, so no content type slips past the throttle', async () => {
    const victim = staff[2]!;
    const form = (password: string, type: string, body: string) =>
      server.client({ ip: CLINIC }).request('POST', '/api/auth/sign-in/email', {
        body,
        headers: { 'content-type': type },
      });
    const encoded = (password: string) =>
      new URLSearchParams({ email: victim, password }).toString();
    for (let i = 0; i < 3; i++) {
      const res = await form(
        'x',
        'application/x-www-form-urlencoded',
        encoded(`wrong-password-${i}`),
      );
      expect(res.status).toBe(415);
    }
    const multipart = new FormData();
    multipart.set('email', victim);
    multipart.set('password', PASSWORD);
    const mp = new Request('http://x', { method: 'POST', body: multipart });
    const res = await form('x', mp.headers.get('content-type')!, await mp.text());
    expect(res.status).toBe(415);
    expect(
      (await form('x', 'text/plain', JSON.stringify({ email: victim, password: PASSWORD }))).status,
    ).toBe(415);
    // the account, once locked through JSON, stays locked whatever the body's type
    for (let i = 0; i < 5; i++) expect((await signIn(victim, `wrong-json-${i}`)).status).toBe(401);
    expect((await signIn(victim, PASSWORD)).status).toBe(429);
    const sneaky = await form('x', 'application/x-www-form-urlencoded', encoded(PASSWORD));
    expect(sneaky.status).toBe(415);
    expect(sneaky.headers.get('set-cookie')).toBeNull();
  });

  it('locks only the account whose password is being guessed, with growing delays; others on the address sign in', async () => {
    const victim = staff[0]!;
    for (let i = 0; i < 5; i++)
      expect((await signIn(victim, `wrong-password-${i}`)).status).toBe(401);
    const locked = await signIn(victim, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    const first = Number(locked.headers.get('retry-after'));
    expect(first).toBeGreaterThan(20);
    expect(first).toBeLessThanOrEqual(30);
    // colleagues on the same address are not affected
    expect((await signIn(staff[1]!, PASSWORD)).status).toBe(200);
    // the lock lifts by itself; the next failure locks for twice as long
    await server.sql(
      "update auth_throttle set locked_until = now() - interval '1 second' where key like 'account:%' and locked_until is not null",
    );
    expect((await signIn(victim, 'wrong-again-123')).status).toBe(401);
    const second = Number((await signIn(victim, PASSWORD)).headers.get('retry-after'));
    expect(second).toBeGreaterThan(50);
    expect(second).toBeLessThanOrEqual(60);
  });

  it('an administrator setting a new password unlocks the account', async () => {
    const victim = staff[2]!;
    for (let i = 0; i < 5; i++) await signIn(victim, `wrong-password-${i}`);
    expect((await signIn(victim, PASSWORD)).status).toBe(429);
    const admin = await server.signIn(DEMO.admin);
    const [row] = await server.sql<{ id: string }>('select id from "user" where email = $1', [
      victim,
    ]);
    const set = await admin.post('/api/auth/admin/set-user-password', {
      userId: row!.id,
      newPassword: 'a-brand-new-password-9',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await signIn(victim, 'a-brand-new-password-9')).status).toBe(200);
  });

  it('a successful sign-in clears the failures of the account', async () => {
    const email = staff[3]!;
    for (let i = 0; i < 4; i++) await signIn(email, `wrong-password-${i}`);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect((await signIn(email, 'wrong-password-x')).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('many failures from one address (password spraying) hold that address only', async () => {
    const sprayer = '198.51.100.66';
    for (let i = 0; i < 20; i++)
      expect((await signIn(`nobody${i}@clinic.test`, 'Winter2026!!', sprayer)).status).toBe(401);
    const held = await signIn(staff[4]!, PASSWORD, sprayer);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('TOO_MANY_FAILED_SIGN_INS');
    expect((await signIn(staff[4]!, PASSWORD, CLINIC)).status).toBe(200);
  });

  it.runIf(dbKind === 'postgres')(
    'shares the counters between two server instances on one database',
    async () => {
      const other = await startTestServer({
        DATABASE_URL: server.deps.env.DATABASE_URL!,
        TRUSTED_PROXIES: '127.0.0.1',
        SEED_DEMO: 'false',
      });
      onTestFinished(() => other.close());
      const victim = staff[5]!;
      const ip = '192.0.2.77';
      for (let i = 0; i < 5; i++) {
        const target = i % 2 ? other : server;
        expect(
          (
            await target
              .client({ ip })
              .post('/api/auth/sign-in/email', { email: victim, password: `nope-${i}-long` })
          ).status,
        ).toBe(401);
      }
      const res = await other
        .client({ ip })
        .post('/api/auth/sign-in/email', { email: victim, password: PASSWORD });
      expect(res.status).toBe(429);
      expect(
        (
          await server
            .client({ ip })
            .post('/api/auth/sign-in/email', { email: victim, password: PASSWORD })
        ).status,
      ).toBe(429);
    },
  );
});
