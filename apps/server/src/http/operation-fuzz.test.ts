/**
 * Every operation of the served OpenAPI document, with inputs a fuzzer sends (issue 22 item 15):
 * JSON bodies that are not objects, and calendar dates at the ends of the range in every string
 * query parameter. Whatever the role, the answer is a refusal or an answer, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../test/harness';

type Parameter = { name: string; in: string; schema?: { type?: string; enum?: unknown[] } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, unknown> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const NOT_OBJECTS = ['null', '"x"', '12345', 'true', '[]'];
const RANGE_ENDS = ['9999-12-31', '0001-01-01', '0000-01-01', '10000-01-01'];

let server: TestServer;
let doc: Document;
const clients = new Map<string, ApiClient>();
const ACCOUNTS = { admin: DEMO.admin, specialist: DEMO.specialist, patient: DEMO.user };

beforeAll(async () => {
  server = await startTestServer();
  for (const [role, email] of Object.entries(ACCOUNTS))
    clients.set(role, await server.signIn(email));
  doc = (await server.client().get<Document>('/api/openapi.json')).body;
});
afterAll(() => server?.close());

/** The path with each parameter filled: an id of the right shape that names nothing. */
function concrete(template: string) {
  return template.replace(/\{[^}]+\}/g, () => randomUUID());
}

function operations() {
  const all: { method: string; path: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) if (item[method]) all.push({ method, path, op: item[method] });
  return all;
}

/** A signed-in client of `role` (signed in again if an operation ended its session). */
async function clientOf(role: keyof typeof ACCOUNTS) {
  const client = clients.get(role)!;
  if ((await client.get('/api/me')).status === 200) return client;
  const fresh = await server.signIn(ACCOUNTS[role]);
  clients.set(role, fresh);
  return fresh;
}

describe('no input makes a 500', () => {
  it('a JSON body that is not an object, on every operation that takes JSON, as every role', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const { method, path, op } of operations()) {
      if (!op.requestBody?.content?.['application/json']) continue;
      for (const role of Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]) {
        for (const body of NOT_OBJECTS) {
          const client = await clientOf(role);
          const res = await client.request(method.toUpperCase(), concrete(path), {
            body,
            headers: { 'content-type': 'application/json' },
          });
          tried++;
          if (res.status >= 500) failures.push(`${role} ${method} ${path} ${body}: ${res.status}`);
          // the API's envelope, or better-auth's own shape of an error under /api/auth
          else if (
            res.status >= 400 &&
            typeof (res.body?.error?.message ?? res.body?.message) !== 'string'
          )
            failures.push(`${role} ${method} ${path} ${body}: ${res.status} without a message`);
        }
      }
    }
    expect(tried).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });

  it('calendar dates at the ends of the range in every string query parameter, as every role', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const { method, path, op } of operations()) {
      if (method !== 'get') continue;
      const params = (op.parameters ?? []).filter(
        (p) => p.in === 'query' && p.schema?.type === 'string' && !p.schema.enum,
      );
      if (params.length === 0) continue;
      for (const role of Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[]) {
        for (const date of RANGE_ENDS) {
          // the parameter alone, and every one of them at once (a range from one end to the other)
          const queries = [
            ...params.map((p) => `${p.name}=${date}`),
            params.map((p) => `${p.name}=${date}`).join('&'),
          ];
          for (const query of queries) {
            const res = await (await clientOf(role)).get(`${concrete(path)}?${query}`);
            tried++;
            if (res.status >= 500) failures.push(`${role} GET ${path}?${query}: ${res.status}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it("a specialist's free times at the ends of the range: a translated 400, not a 500", async () => {
    const specialistId = await server.userId(DEMO.specialist);
    const es = server.client({ lang: 'es' });
    for (const [k, v] of (await clientOf('specialist')).cookies) es.cookies.set(k, v);
    for (const date of ['9999-12-31', '0001-01-01']) {
      const res = await es.get(
        `/api/appointments/availability/${specialistId}?from=${date}&to=${date}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ path: 'from', message: 'invalid_date' });
      expect(res.body.error.message).toMatch(/no son válidos/);
    }
  });

  it('update-user with a JSON body that is not an object: a translated 400', async () => {
    const es = server.client({ lang: 'es' });
    for (const [k, v] of (await clientOf('patient')).cookies) es.cookies.set(k, v);
    for (const body of NOT_OBJECTS) {
      const res = await es.request('POST', '/api/auth/update-user', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${body}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toEqual({
        code: 'INVALID_REQUEST_BODY',
        message: 'No se pudo entender la solicitud.',
      });
    }
  });
});
