/**
 * An open event stream (`GET /api/events`) outlives the request that checked its session, so the
 * session signal watches it (http/session-signal.ts): signing out, ending that session from another
 * device, a ban, a role change or a password reset ends the stream at once, and the client's
 * reconnect is refused. Streams of other sessions stay open. The same across two server processes:
 * http/revocation.instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@painlab/shared/personas';
import { openStream, type OpenStream } from '../test/event-stream';
import { createAccount, startTestServer, type ApiClient, type TestServer } from '../test/harness';

const PASSWORD = 'a-long-enough-password-7';
let server: TestServer;
let admin: ApiClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({ SESSION_CACHE_MS: '60000' });
  admin = await server.signIn(DEMO.admin);
});
afterAll(() => server?.close());

async function account(role: 'specialist' | 'admin' | 'user' = 'specialist') {
  const email = `stream-${++n}-${Date.now()}@example.test`;
  const { id } = await createAccount(server, {
    role,
    email,
    name: 'Sara Stream',
    password: PASSWORD,
  });
  return { id, email };
}

/** A stream of `email`'s session, with its client; the stream is known to the watch. */
async function streaming(email: string): Promise<{ client: ApiClient; stream: OpenStream }> {
  const client = await server.signIn(email, PASSWORD);
  const before = server.deps.sessions.watching();
  const stream = await openStream(client);
  expect(server.deps.sessions.watching()).toBe(before + 1);
  return { client, stream };
}

const reconnectRefused = async (client: ApiClient) =>
  expect(openStream(client)).rejects.toThrow('event stream answered 401');

describe('open event streams end when their session does', () => {
  it('signing out ends the stream; the stream of another session of the same user stays', async () => {
    const { email } = await account();
    const one = await streaming(email);
    const other = await streaming(email);
    expect((await one.client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await one.stream.waitEnded(1_000)).toBeLessThan(1_000);
    await reconnectRefused(one.client);
    expect((await other.client.get('/api/me')).status).toBe(200);
    await expect(other.stream.waitEnded(300)).rejects.toThrow('still open');
    other.stream.close();
  });

  it('a ban ends every stream of the user at once', async () => {
    const { id, email } = await account();
    const a = await streaming(email);
    const b = await streaming(email);
    const res = await admin.post('/api/auth/admin/ban-user', { userId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await a.stream.waitEnded(1_000)).toBeLessThan(1_000);
    expect(await b.stream.waitEnded(1_000)).toBeLessThan(1_000);
    await reconnectRefused(a.client);
  });

  it('a role change ends the stream (the reconnect is checked as the new role)', async () => {
    const { id, email } = await account('admin');
    const { client, stream } = await streaming(email);
    const res = await admin.patch(`/api/users/${id}`, { role: 'researcher' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stream.waitEnded(1_000)).toBeLessThan(1_000);
    expect((await client.get('/api/me')).body.role).toBe('researcher');
    const again = await openStream(client);
    again.close();
  });

  it('ending one session from another device ends only that stream', async () => {
    const { email } = await account();
    const target = await streaming(email);
    const keeper = await streaming(email);
    const session = await target.client.get('/api/auth/get-session');
    const ended = await keeper.client.delete(
      `/api/account/sessions/${session.body.session.id as string}`,
    );
    expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300);
    expect(await target.stream.waitEnded(1_000)).toBeLessThan(1_000);
    await expect(keeper.stream.waitEnded(300)).rejects.toThrow('still open');
    keeper.stream.close();
  });

  it('a password reset (the link from the e-mail) ends the stream', async () => {
    const { email } = await account();
    const { stream } = await streaming(email);
    expect((await server.client().post('/api/auth/request-password-reset', { email })).status).toBe(
      200,
    );
    const [mail] = await server.sql<{ text: string }>(
      "select text from outbox_message where template = 'auth.password_reset' and recipient = $1",
      [email],
    );
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await server.client().post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new-passphrase-42',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await stream.waitEnded(1_000)).toBeLessThan(1_000);
  });

  it('a closed stream is no longer watched', async () => {
    const { email } = await account();
    const before = server.deps.sessions.watching();
    const { stream } = await streaming(email);
    stream.close();
    const deadline = Date.now() + 5_000;
    while (server.deps.sessions.watching() > before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(server.deps.sessions.watching()).toBe(before);
  });
});
