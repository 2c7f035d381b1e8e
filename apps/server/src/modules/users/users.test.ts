/** Bad input gets a clear 4xx and changes nothing; good input is written with its audit row. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn(DEMO.admin);
});
afterAll(() => server?.close());

const counts = async () => ({
  users: Number((await server.sql<{ n: string }>('select count(*)::text as n from "user"'))[0]!.n),
  audit: await auditCount(server),
});

const valid = {
  name: 'Carmen Ruiz',
  email: 'carmen@clinic.test',
  role: 'specialist',
  password: 'a-long-enough-password',
};

describe('POST /api/users', () => {
  it.each([
    ['an unknown field', { ...valid, isAdmin: true }],
    ['a bad e-mail', { ...valid, email: 'carmen' }],
    ['a short password', { ...valid, password: 'short' }],
    ['an unknown role', { ...valid, role: 'superuser' }],
    ['a number as name', { ...valid, name: 42 }],
    ['an oversized name', { ...valid, name: 'x'.repeat(121) }],
    ['an empty name', { ...valid, name: '   ' }],
    ['an array body', [valid]],
    // the same password rules as sign-up (auth/password-policy.ts)
    ['a common password', { ...valid, password: 'password1234' }],
    ['a repetitive password', { ...valid, password: 'aaaaaaaaaaaa' }],
    ["a password made of the user's name", { ...valid, password: 'CarmenRuiz2026' }],
  ])('rejects %s with 400 and field details, writing nothing', async (_label, body) => {
    const before = await counts();
    const res = await admin.post('/api/users', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('rejects malformed JSON with 400', async () => {
    const before = await counts();
    const res = await admin.request('POST', '/api/users', {
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(await counts()).toEqual(before);
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const res = await admin.post('/api/users', { ...valid, name: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('translates the error to Spanish', async () => {
    const res = await admin.request('POST', '/api/users', {
      json: { ...valid, email: 'x' },
      headers: { 'accept-language': 'es' },
    });
    expect(res.body.error.message).toBe(
      'Algunos campos no son válidos. Revíselos e inténtelo de nuevo.',
    );
  });

  it('creates the account with its audit row, and the new user can sign in', async () => {
    const before = await counts();
    const res = await admin.post('/api/users', valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: valid.email, role: 'specialist', banned: false });
    expect(res.body).not.toHaveProperty('password');
    expect(await counts()).toEqual({ users: before.users + 1, audit: before.audit + 1 });
    const carmen = await server.signIn(valid.email, valid.password);
    expect((await carmen.get('/api/me')).body.role).toBe('specialist');
  });

  it('refuses a second account with the same e-mail (409), writing nothing', async () => {
    const before = await counts();
    const res = await admin.post('/api/users', { ...valid, email: 'CARMEN@clinic.test' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('email_taken');
    expect(await counts()).toEqual(before);
  });
});

describe('GET, PATCH, DELETE /api/users', () => {
  it('lists with keyset pagination', async () => {
    const first = await admin.get('/api/users?limit=2');
    expect(first.body.items).toHaveLength(2);
    const second = await admin.get(
      `/api/users?limit=2&after=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(second.body.items[0].email > first.body.items[1].email).toBe(true);
    expect((await admin.get('/api/users?limit=0')).status).toBe(400);
    expect((await admin.get('/api/users?page=2')).status).toBe(400);
  });

  it('finds accounts by part of the name or e-mail (wildcards are literal) and by role', async () => {
    for (const [name, email, role] of [
      ['Búsqueda Pérez', 'busqueda.perez@clinic.test', 'specialist'],
      ['Otra 100% Persona', 'otra_persona@clinic.test', 'researcher'],
    ] as const) {
      const res = await admin.post('/api/users', {
        name,
        email,
        role,
        password: 'a-long-enough-password',
      });
      expect(res.status).toBe(201);
    }
    const byName = await admin.get('/api/users?q=squeda%20p');
    expect(byName.body.items.map((u: { email: string }) => u.email)).toEqual([
      'busqueda.perez@clinic.test',
    ]);
    const literal = await admin.get(`/api/users?q=${encodeURIComponent('a_p')}`);
    expect(literal.body.items.map((u: { email: string }) => u.email)).toEqual([
      'otra_persona@clinic.test',
    ]);
    // `%` alone matches only a literal percent sign, not everyone
    expect((await admin.get(`/api/users?q=${encodeURIComponent('%')}`)).body.items).toHaveLength(1);
    const researchers = await admin.get('/api/users?role=researcher&limit=100');
    expect(researchers.body.items.length).toBeGreaterThan(0);
    for (const u of researchers.body.items) expect(u.role).toBe('researcher');
    expect((await admin.get('/api/users?role=wizard')).status).toBe(400);
    expect((await admin.get(`/api/users?q=${'x'.repeat(121)}`)).status).toBe(400);
  });

  it('changes a role and the change applies to the next request', async () => {
    const created = (
      await admin.post('/api/users', { ...valid, email: 'promote@clinic.test', role: 'user' })
    ).body;
    const client = await server.signIn('promote@clinic.test', valid.password);
    expect((await client.get('/api/users')).status).toBe(403);
    const res = await admin.patch(`/api/users/${created.id}`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect((await client.get('/api/users')).status).toBe(200);
    const [row] = await server.sql<{ details: Record<string, string> }>(
      "select details from audit_log where action = 'users.edit' order by id desc limit 1",
    );
    expect(row!.details).toMatchObject({ fromRole: 'user', toRole: 'admin' });
  });

  it('a demotion applies to the next request, though the session was cached', async () => {
    const created = (
      await admin.post('/api/users', { ...valid, email: 'demote@clinic.test', role: 'admin' })
    ).body;
    const client = await server.signIn('demote@clinic.test', valid.password);
    expect((await client.get('/api/users')).status).toBe(200); // looked up, so cached
    expect((await admin.patch(`/api/users/${created.id}`, { role: 'user' })).status).toBe(200);
    expect((await client.get('/api/users')).status).toBe(403);
    expect((await client.get('/api/me')).body.role).toBe('user');
  });

  it('refuses an empty patch and an unknown id', async () => {
    const me = (await admin.get('/api/me')).body;
    expect((await admin.patch(`/api/users/${me.user.id}`, {})).status).toBe(400);
    expect((await admin.patch('/api/users/no-such-id', { name: 'X' })).status).toBe(404);
    expect((await admin.delete('/api/users/no-such-id')).status).toBe(404);
  });

  it('an admin cannot demote or delete themselves', async () => {
    const me = (await admin.get('/api/me')).body;
    const before = await counts();
    expect((await admin.patch(`/api/users/${me.user.id}`, { role: 'user' })).status).toBe(409);
    expect((await admin.delete(`/api/users/${me.user.id}`)).status).toBe(409);
    expect(await counts()).toEqual(before);
    expect((await admin.get('/api/me')).body.role).toBe('admin');
  });

  it('deleting an account ends its sessions', async () => {
    const created = (
      await admin.post('/api/users', { ...valid, email: 'leaver@clinic.test', role: 'user' })
    ).body;
    const leaver = await server.signIn('leaver@clinic.test', valid.password);
    expect((await leaver.get('/api/me')).status).toBe(200); // looked up, so cached
    expect((await admin.delete(`/api/users/${created.id}`)).status).toBe(204);
    expect((await leaver.get('/api/me')).status).toBe(401);
  });
});
