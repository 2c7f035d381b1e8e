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
    // a script or integration (no browser, so no ambient credentials to abuse): no Origin, no fetch metadata
    const script = await rawPost(specialist, '/api/patients/import?mode=valid_only', csv, {
      'content-type': 'text/csv',
    });
    expect(script.status).toBe(200);
    expect(await patients()).toBe(before + 4);
  });

  it('leaves reads alone', async () => {
    expect((await specialist.get('/api/patients', { origin: EVIL })).status).toBe(200);
  });
});
