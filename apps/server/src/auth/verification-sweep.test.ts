/**
 * The verification sweep deletes one-time rows an hour after they ran out, and nothing that can
 * still be used: a live phone sign-up ticket still finishes after a sweep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { codeIn, freshPhone, smsTo } from '../test/sms';
import { sweepVerifications } from './verification-sweep';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
}, 240_000);
afterAll(() => server?.close());

const ids = async (prefix: string) =>
  (
    await server.sql<{ id: string }>('select id from verification where id like $1 order by id', [
      `${prefix}%`,
    ])
  ).map((r) => r.id);

describe('verification sweep', () => {
  it('deletes rows that ran out over an hour ago, keeps the rest, and a live ticket still works', async () => {
    await server.sql(
      `insert into verification (id, identifier, value, expires_at) values
        ('sweep-old', 'sweep-old', 'x', now() - interval '2 hours'),
        ('sweep-recent', 'sweep-recent', 'x', now() - interval '10 minutes'),
        ('sweep-live', 'sweep-live', 'x', now() + interval '5 minutes')`,
    );
    const phone = freshPhone('64');
    const c = server.client({ ip: '198.51.100.7' });
    const start = await c.post('/api/account/sign-up/phone', {
      name: 'Sara Barrido',
      phoneNumber: phone,
      password: 'a-long-enough-passphrase-77',
    });
    expect(start.status).toBe(200);

    // (the server's own sweeper may run first: what is left is what counts)
    await sweepVerifications(server.deps.database.db);
    expect(await ids('sweep-')).toEqual(['sweep-live', 'sweep-recent']);
    // and it is idempotent: nothing more goes on a second run
    expect(await sweepVerifications(server.deps.database.db)).toBe(0);
    expect(await ids('sweep-')).toEqual(['sweep-live', 'sweep-recent']);

    const done = await c.post('/api/account/sign-up/phone/verify', {
      ticket: start.body.ticket,
      code: codeIn((await smsTo(server, phone))[0]!.text),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
  });
});
