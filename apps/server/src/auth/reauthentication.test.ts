/**
 * Issue 9: changing the password or the e-mail needs the current password. A change of password
 * without it, or with a wrong one, is refused and changes nothing; the e-mail cannot be changed
 * through any auth call (better-auth's change-email is off, update-user refuses an e-mail), so no
 * path changes it without the password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
const PASSWORD = 'current-password-long-1';
const NEW = 'next-password-long-enough-2';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let n = 0;
async function signedIn() {
  const email = `reauth-${++n}-${Date.now()}@example.test`;
  await createAccount(server, {
    role: 'specialist',
    email,
    name: 'Rafa Reauth',
    password: PASSWORD,
  });
  return { email, client: await server.signIn(email, PASSWORD) };
}

describe('re-authentication before changing credentials', () => {
  it('a new password without the current one, or with a wrong one, is refused and changes nothing', async () => {
    const { email, client } = await signedIn();
    const without = await client.post('/api/auth/change-password', { newPassword: NEW });
    expect(without.status).toBe(400);
    const wrong = await client.post('/api/auth/change-password', {
      currentPassword: 'not-the-password-at-all',
      newPassword: NEW,
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    // the old password still works, the new one does not
    await server.signIn(email, PASSWORD);
    const withNew = await server.client().post('/api/auth/sign-in/email', { email, password: NEW });
    expect(withNew.status).toBe(401);
    // with the current password it works
    const right = await client.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW,
    });
    expect(right.status).toBe(200);
    await server.signIn(email, NEW);
  });

  it('the e-mail cannot be changed without the password: change-email and update-user refuse it', async () => {
    const { email, client } = await signedIn();
    const other = `moved-${Date.now()}@example.test`;
    const change = await client.post('/api/auth/change-email', { newEmail: other });
    expect(change.status).toBeGreaterThanOrEqual(400);
    expect(change.status).toBeLessThan(500);
    const update = await client.post('/api/auth/update-user', { email: other });
    expect(update.status).toBeGreaterThanOrEqual(400);
    expect(update.status).toBeLessThan(500);
    const rows = await server.sql<{ email: string }>(
      `select email from "user" where email in ($1, $2)`,
      [email, other],
    );
    expect(rows.map((r) => r.email)).toEqual([email]);
  });
});
