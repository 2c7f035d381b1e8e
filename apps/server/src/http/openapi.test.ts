/** The API contract through the real server: the served OpenAPI document, and Content-Type checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type ApiClient, type TestServer } from '../test/harness';

let server: TestServer;
let specialist: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  specialist = await server.signIn(DEMO.specialist);
});
afterAll(() => server?.close());

type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; description?: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function refs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.push(v);
      else refs(v, into);
    }
  }
  return into;
}

function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      doc,
    );
}

describe('GET /api/openapi.json', () => {
  let doc: Document;
  beforeAll(async () => {
    const res = await server.client().get('/api/openapi.json'); // public: no session
    expect(res.status).toBe(200);
    doc = res.body as Document;
  });

  it('every operation has a unique camelCase operationId, a known tag, a summary and an explicit security', () => {
    const ids: string[] = [];
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item).filter(([m]) => METHODS.includes(m))) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        ids.push(op.operationId!);
        expect(op.tags?.length, where).toBeGreaterThan(0);
        for (const tag of op.tags!) expect(tags.has(tag), `${where}: tag ${tag}`).toBe(true);
        expect(op.summary ?? op.description, where).toBeTruthy();
        expect(Array.isArray(op.security), `${where} declares its security`).toBe(true);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(60);
  });

  it('every $ref resolves, and shared schemas are components, not inlined', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(50);
    for (const ref of all) expect(resolve(doc, ref), ref).toBeDefined();
    for (const name of [
      'Error',
      'Patient',
      'PatientList',
      'Note',
      'UserSummary',
      'ImportReport',
      'AuthUser',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const patch = doc.paths['/api/patients/{id}']!.patch as unknown as {
      responses: Record<string, unknown>;
    };
    expect(refs(patch.responses['200'])).toEqual(['#/components/schemas/Patient']);
    expect(refs(patch.responses['409'])).toEqual(['#/components/schemas/Error']);
  });

  it('documents the session cookie as the security scheme, under the name the server really sets', async () => {
    const scheme = doc.components.securitySchemes.sessionCookie!;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'painlab.session_token' });
    expect([...specialist.cookies.keys()]).toContain(scheme.name);
    // our routes also take an access token (ADR 0039); better-auth's read the cookie only
    expect(doc.paths['/api/patients']!.get!.security).toEqual([
      { sessionCookie: [] },
      { accessToken: [] },
    ]);
    expect(doc.components.securitySchemes.accessToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    // a guarded route documents the guard's answers
    expect(
      Object.keys((doc.paths['/api/users']!.post as unknown as { responses: object }).responses),
    ).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '413', '415']));
  });

  it("includes better-auth's enabled routes under /api/auth, and not the ones this configuration disables", () => {
    const signIn = doc.paths['/api/auth/sign-in/email']?.post;
    expect(signIn).toMatchObject({ operationId: 'authSignInEmail', tags: ['auth'], security: [] });
    expect(doc.paths['/api/auth/get-session']?.get?.tags).toEqual(['auth']);
    expect(doc.paths['/api/auth/admin/list-users']?.get?.security).toEqual([{ sessionCookie: [] }]);
    // access tokens: asked for with the cookie; the keys public on both paths, one schema
    const token = doc.paths['/api/auth/token']?.get as unknown as Operation & {
      responses: Record<string, { description: string }>;
    };
    expect(token).toMatchObject({
      operationId: 'authGetJSONWebToken',
      security: [{ sessionCookie: [] }],
    });
    expect(token.responses['403']!.description).toContain('MFA_REQUIRED');
    for (const path of ['/api/auth/jwks', '/.well-known/jwks.json']) {
      const op = doc.paths[path]?.get as unknown as Operation & {
        responses: Record<string, unknown>;
      };
      expect(op?.security, path).toEqual([]);
      expect(refs(op.responses['200']), path).toEqual(['#/components/schemas/JsonWebKeySet']);
    }
    for (const disabled of [
      '/api/auth/sign-in/social',
      '/api/auth/delete-user',
      '/api/auth/change-email',
      '/api/auth/send-verification-email',
    ]) {
      expect(doc.paths[disabled], disabled).toBeUndefined();
    }
  });

  it('names the server, its version and every tag it uses', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: server.url })]);
    expect(doc.info.description).toContain('session cookie');
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });
});

describe('Content-Type: only what the route declares', () => {
  const patients = async () =>
    Number((await server.sql<{ n: string }>('select count(*)::text as n from patient'))[0]!.n);
  const csv =
    'name,birthDate,gender,category,priority,status\nTipo Contenido,1970-01-01,other,other,low,new\n';
  const multipart = (boundary: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  const json = JSON.stringify({
    name: 'Tipo Contenido JSON', // not the CSV test's patient: that one would be a duplicate (409)
    birthDate: '1970-01-01',
    gender: 'other',
    category: 'other',
    priority: 'low',
  });
  const bodies = (payload: string) => [
    { type: 'text/plain', body: payload },
    { type: 'text/plain;charset=UTF-8', body: payload },
    { type: 'application/x-www-form-urlencoded', body: `file=${encodeURIComponent(payload)}` },
    { type: 'multipart/form-data; boundary=XyZ', body: multipart('XyZ', payload) },
  ];

  it('the CSV import refuses text/plain, form-encoded and multipart bodies with 415 and imports nothing', async () => {
    const before = await patients();
    for (const { type, body } of bodies(csv)) {
      const res = await specialist.request('POST', '/api/patients/import?mode=valid_only', {
        body,
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(415);
      expect(res.headers.get('accept-post')).toBe('text/csv');
      expect(res.body.error).toMatchObject({
        code: 'unsupported_media_type',
        message: 'This kind of content is not accepted here. Send text/csv.',
      });
    }
    expect(await patients()).toBe(before);
    // the declared type still works
    const ok = await specialist.request('POST', '/api/patients/import?mode=valid_only', {
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(await patients()).toBe(before + 1);
  });

  it('a JSON route refuses the same bodies with 415, translated, and creates nothing', async () => {
    const before = await patients();
    for (const { type, body } of bodies(json)) {
      const res = await specialist.request('POST', '/api/patients', {
        body,
        headers: { 'content-type': type, 'accept-language': 'es' },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toMatchObject({
        code: 'unsupported_media_type',
        message: 'Este tipo de contenido no se acepta aquí. Envíe application/json.',
      });
    }
    const missing = await specialist.request('POST', '/api/patients', {
      body: json,
      headers: { 'content-type': '' },
    });
    expect(missing.status).toBe(415);
    expect(await patients()).toBe(before);
    const ok = await specialist.request('POST', '/api/patients', {
      body: json,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('an unauthenticated caller still gets 401 first, and public JSON routes check too', async () => {
    const anonymous = server.client();
    expect(
      (
        await anonymous.request('POST', '/api/patients', {
          body: json,
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(401);
    const vitals = await anonymous.request('POST', '/api/vitals', {
      body: '{"metrics":[]}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(vitals.status).toBe(415);
    expect(vitals.body.error.code).toBe('unsupported_media_type');
  });
});
