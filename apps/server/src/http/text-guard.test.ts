/**
 * Issue 7 item 2: U+0000, other C0 controls and lone surrogates are refused at the validation
 * layer, for every operation, with a translated 400 — never a 500, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from './text-guard';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../test/harness';

let server: TestServer;
let admin: ApiClient;
let specialist: ApiClient;
let patientId: string;

const patient = {
  name: 'Nora Texto',
  birthDate: '1980-02-03',
  gender: 'female',
  category: 'chronic_pain',
  priority: 'high',
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn(DEMO.admin);
  specialist = await server.signIn(DEMO.specialist);
  const res = await specialist.post('/api/patients', patient);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  patientId = res.body.id;
});
afterAll(() => server?.close());

const rowCount = async (table: string) =>
  Number((await server.sql<{ n: string }>(`select count(*)::text as n from ${table}`))[0]!.n);

function expectRefused(res: { status: number; body: any }, lang: 'en' | 'es' = 'en') {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe('invalid_text');
  expect(res.body.error.message).toMatch(lang === 'es' ? /caracteres/ : /characters/);
}

async function importCsv(body: Uint8Array, contentType = 'text/csv') {
  const cookie = [...specialist.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}/api/patients/import?mode=valid_only`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie, origin: server.url },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('invalid text is a 400 on every operation', () => {
  it('patient create (NUL in a JSON string)', async () => {
    const before = await rowCount('patient');
    expectRefused(await specialist.post('/api/patients', { ...patient, name: 'Nora\u0000Texto' }));
    expect(await rowCount('patient')).toBe(before);
  });

  it('patient edit (NUL inside a list)', async () => {
    expectRefused(
      await specialist.patch(`/api/patients/${patientId}`, { version: 1, symptoms: ['a\u0000b'] }),
    );
  });

  it('notes (a lone surrogate)', async () => {
    const before = await rowCount('patient_note');
    expectRefused(
      await specialist.post(`/api/patients/${patientId}/notes`, { body: 'dolor \ud800 lumbar' }),
    );
    expect(await rowCount('patient_note')).toBe(before);
  });

  it('CSV import (a NUL byte in the file)', async () => {
    const before = await rowCount('patient');
    const csv =
      'name,birthDate,gender,category,priority\nAna\u0000Ruiz,1990-01-01,female,chronic_pain,low\n';
    expectRefused(await importCsv(new TextEncoder().encode(csv)));
    expect(await rowCount('patient')).toBe(before);
  });

  it('CSV import in UTF-16 is not mistaken for NUL bytes, but a NUL character in it is', async () => {
    const utf16 = (s: string) => {
      const buf = Buffer.from(`\ufeff${s}`, 'utf16le');
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
    };
    const ok = await importCsv(
      utf16(
        'name,birthDate,gender,category,priority\nEva Lluna,1990-01-01,female,chronic_pain,low\n',
      ),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectRefused(
      await importCsv(
        utf16(
          'name,birthDate,gender,category,priority\nEva\u0000,1990-01-01,female,chronic_pain,low\n',
        ),
      ),
    );
  });

  it('search q= (percent-encoded NUL)', async () => {
    expectRefused(await specialist.get('/api/patients?q=ana%00'));
  });

  it('specialistId= (another C0 control)', async () => {
    expectRefused(await specialist.get('/api/patients?specialistId=%01x'));
  });

  it('audit-log filters', async () => {
    expectRefused(await admin.get('/api/audit-logs?action=auth.%00'));
    expectRefused(await admin.get('/api/audit-logs?actorUserId=%00'));
  });

  it('users: create and edit', async () => {
    const before = await rowCount('"user"');
    expectRefused(
      await admin.post('/api/users', {
        name: 'Eve\u0000',
        email: 'eve@example.test',
        role: 'user',
        password: 'a-long-enough-password',
      }),
    );
    expect(await rowCount('"user"')).toBe(before);
    const [row] = await server.sql<{ id: string }>('select id from "user" where email = $1', [
      DEMO.user,
    ]);
    expectRefused(await admin.patch(`/api/users/${row!.id}`, { name: 'x\u0007y' }));
  });

  it('POST /api/vitals without signing in, answered in Spanish', async () => {
    const before = await rowCount('web_vital');
    const res = await server.client({ lang: 'es' }).post('/api/vitals', {
      metrics: [{ name: 'LCP', value: 1, rating: 'good', id: 'v1\u0000', path: '/' }],
    });
    expectRefused(res, 'es');
    expect(await rowCount('web_vital')).toBe(before);
  });

  it('a path parameter and a JSON key', async () => {
    expectRefused(await specialist.get('/api/patients/a%00b/status-history'));
    expectRefused(await specialist.post('/api/patients', { ...patient, ['na\u0000me']: 'x' }));
  });

  it('sign-up through better-auth', async () => {
    expectRefused(
      await server.client().post('/api/auth/sign-up/email', {
        name: 'Zed\u0000',
        email: 'zed@example.test',
        password: 'a-long-enough-password',
      }),
    );
  });

  it('keeps tabs, line breaks and ordinary non-ASCII text', async () => {
    const res = await specialist.post(`/api/patients/${patientId}/notes`, {
      body: 'Línea 1\n\tLínea 2\r\nÑandú 😀',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('a JSON body nested deeper than JSON_MAX_DEPTH is a 400 on public and signed-in routes, never a 500', async () => {
    const deepArray = '['.repeat(9000) + ']'.repeat(9000);
    const deepObject = '{"a":'.repeat(9000) + '1' + '}'.repeat(9000);
    const before = await rowCount('site_contact_message');
    for (const [client, path, body] of [
      [server.client(), '/api/site/contact', deepArray],
      [server.client(), '/api/auth/sign-in/email', deepObject],
      [specialist, '/api/patients', deepObject],
    ] as const) {
      const res = await client.request('POST', path, {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
      expect(res.body.error.details?.[0]?.code).toBe('too_deep');
    }
    expect(await rowCount('site_contact_message')).toBe(before);
    // a body at the limit is read as usual (the route's own validation answers)
    const atLimit = await server.client().request('POST', '/api/site/contact', {
      body: '['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH),
      headers: { 'content-type': 'application/json' },
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.code).toBe('validation_failed');
  });
});
