/**
 * Issue 7 item 3: every state-changing API request (POST/PUT/PATCH/DELETE under /api) from a
 * foreign Origin, or marked cross-site by the browser, is refused with a translated 403 and
 * changes nothing — whatever its content type (a CSRF form or a no-preflight fetch).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../test/harness';

let server: TestServer;
let specialist: ApiClient;
let admin: ApiClient;
const EVIL = 'https://evil.example';
const DEV = 'http://localhost:5173';

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_ORIGINS: DEV });
  specialist = await server.signIn(DEMO.specialist);
  admin = await server.signIn(DEMO.admin);
});
afterAll(() => server?.close());

const patients = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from patient'))[0]!.n);
const csv =
  'name,birthDate,gender,category,priority\nCarla Forja,1990-01-01,female,chronic_pain,low\n';

async function rawPost(
  client: ApiClient,
  path: string,
  body: string | FormData,
  headers: Record<string, string>,
) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { cookie, 'accept-language': 'en', ...headers },
    body,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

describe('Origin check on writes', () => {
  it.each([
    ['text/plain', csv, { 'content-type': 'text/plain' }],
    ['form-encoded', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['text/csv', csv, { 'content-type': 'text/csv' }],
  ])('refuses a CSV import from a foreign Origin as %s', async (_label, body, headers) => {
    const before = await patients();
    const res = await rawPost(specialist, '/api/patients/import?mode=valid_only', body, {
      ...headers,
      origin: EVIL,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('cross_origin_refused');
    expect(await patients()).toBe(before);
  });

  it('refuses a multipart import from a foreign Origin', async () => {
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'p.csv');
    const before = await patients();
    const res = await rawPost(specialist, '/api/patients/import?mode=valid_only', form, {
      origin: EVIL,
    });
    expect(res.status).toBe(403);
    expect(await patients()).toBe(before);
  });

  it('refuses a cross-site request without Origin (Sec-Fetch-Site), in Spanish', async () => {
    const before = await patients();
    const res = await rawPost(specialist, '/api/patients/import?mode=valid_only', csv, {
      'content-type': 'text/csv',
      'sec-fetch-site': 'cross-site',
      'accept-language': 'es',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('cross_origin_refused');
    expect(res.body.error.message).toMatch(/origen/);
    expect(await patients()).toBe(before);
  });

  it('refuses PATCH, DELETE and public writes from a foreign Origin', async () => {
    const [user] = await server.sql<{ id: string }>('select id from "user" where email = $1', [
      DEMO.user,
    ]);
    const del = await admin.request('DELETE', `/api/users/${user!.id}`, {
      headers: { origin: EVIL },
    });
    expect(del.status).toBe(403);
    expect((await server.sql('select 1 from "user" where id = $1', [user!.id])).length).toBe(1);
    const patch = await admin.request('PATCH', `/api/users/${user!.id}`, {
      json: { name: 'Hijacked' },
      headers: { origin: EVIL },
    });
    expect(patch.status).toBe(403);
    const vitals = await server.client().request('POST', '/api/vitals', {
      json: { metrics: [{ name: 'LCP', value: 1, rating: 'good', id: 'v', path: '/' }] },
      headers: { origin: 'null' },
    });
    expect(vitals.status).toBe(403);
  });

  it('accepts the app itself, a TRUSTED_ORIGINS origin, same-origin fetch metadata and clients without Origin', async () => {
    const before = await patients();
    const own = await rawPost(specialist, '/api/patients/import?mode=valid_only', csv, {
      'content-type': 'text/csv',
      origin: server.url,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const dev = await rawPost(specialist, '/api/patients/import?mode=valid_only', csv, {
      'content-type': 'text/csv',
      origin: DEV,
      'sec-fetch-site': 'same-site',
    });
    expect(dev.status, JSON.stringify(dev.body)).toBe(200);
    const sameOrigin = await rawPost(specialist, '/api/patients/import?mode=valid_only', csv, {
      'content-type': 'text/csv',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.status).toBe(200);
    // a script or integration with an access token and no cookie: no Origin, no fetch metadata
    const token = (await specialist.get('/api/auth/token')).body.token as string;
    const script = await fetch(`${server.url}/api/patients/import?mode=valid_only`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(script.status, await script.clone().text()).toBe(200);
    expect(await patients()).toBe(before + 4);
  });

  it('refuses a write with neither Origin nor Sec-Fetch-Site that carries a cookie or nothing (issue 22 item 16)', async () => {
    const [user] = await server.sql<{ id: string }>('select id from "user" where email = $1', [
      DEMO.researcher,
    ]);
    const before = await patients();
    const noHeaders = async (client: ApiClient | null, method: string, path: string) => {
      const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
      const res = await fetch(server.url + path, {
        method,
        headers: { 'accept-language': 'es', ...(cookie ? { cookie } : {}) },
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };
    // the writes without a body that changed state before: delete a user, delete the calendar
    // feed, mark everything read, end the other sessions; and an import with a body
    for (const [client, method, path] of [
      [admin, 'DELETE', `/api/users/${user!.id}`],
      [specialist, 'DELETE', '/api/calendar/feed'],
      [specialist, 'POST', '/api/notifications/read-all'],
      [specialist, 'POST', '/api/auth/revoke-other-sessions'],
      [null, 'POST', '/api/site/login'],
    ] as const) {
      const res = await noHeaders(client, method, path);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('cross_origin_refused');
      expect(res.body.error.message).toMatch(/origen/);
    }
    const cookieOnly = await rawPost(specialist, '/api/patients/import?mode=valid_only', csv, {
      'content-type': 'text/csv',
    });
    expect(cookieOnly.status).toBe(403);
    expect((await server.sql('select 1 from "user" where id = $1', [user!.id])).length).toBe(1);
    expect(await patients()).toBe(before);
    // a token and a cookie together is a browser's request: it needs the browser's headers too
    const token = (await specialist.get('/api/auth/token')).body.token as string;
    const cookie = [...specialist.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const both = await fetch(`${server.url}/api/notifications/read-all`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, cookie },
    });
    expect(both.status).toBe(403);
  });

  it('leaves reads alone', async () => {
    expect((await specialist.get('/api/patients', { origin: EVIL })).status).toBe(200);
  });
});
