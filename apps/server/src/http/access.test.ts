/**
 * The SPEC §6 matrix against the running server: 4 roles × 8 resources × 4 actions, every API
 * route without a session, and deny-by-default for a route nobody declared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  hasPermission,
  RESOURCES,
  ROLES,
  type Action,
  type Resource,
  type Role,
} from '@painlab/shared/permissions';
import { accessOf } from './access';
import {
  auditCount,
  DEMO,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../test/harness';

let server: TestServer;
const clients = {} as Record<Role, ApiClient>;
let targetUserId = '';

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) clients[role] = await server.signIn(DEMO[role]);
});
afterAll(() => server?.close());

let seq = 0;
/** The request that exercises `action` on `resource`, with a valid body, and the success status. */
async function requestFor(
  resource: Resource,
  action: Action,
): Promise<{ method: string; path: string; json?: unknown; ok: number }> {
  if (resource === 'site_content') {
    // posts authored as the profile linked to the demo specialist (their own, ADR 0027)
    const post = () => ({
      slug: `matrix-post-${++seq}`,
      authorSlug: 'sofia-herrera',
      status: 'draft',
      publishAt: null,
      tags: [],
      titleEs: 'Entrada de prueba',
      summaryEs: 'Resumen',
      bodyEs: 'Texto',
      titleEn: null,
      summaryEn: null,
      bodyEn: null,
    });
    if (action === 'view') return { method: 'GET', path: '/api/site-editor/posts', ok: 200 };
    if (action === 'create')
      return { method: 'POST', path: '/api/site-editor/posts', json: post(), ok: 201 };
    const created = await clients.admin.post('/api/site-editor/posts', post());
    const path = `/api/site-editor/posts/${created.body.id}`;
    if (action === 'edit')
      return { method: 'PUT', path, json: { ...post(), version: created.body.version }, ok: 200 };
    return { method: 'DELETE', path, ok: 204 };
  }
  if (resource === 'users') {
    if (action === 'view') return { method: 'GET', path: '/api/users', ok: 200 };
    if (action === 'create') {
      return {
        method: 'POST',
        path: '/api/users',
        json: {
          name: 'New',
          email: `n${++seq}@matrix.test`,
          role: 'user',
          password: 'long-enough-password',
        },
        ok: 201,
      };
    }
    // edit/delete act on a throw-away account created by the admin
    const created = await clients.admin.post('/api/users', {
      name: 'Target',
      email: `t${++seq}@matrix.test`,
      role: 'user',
      password: 'long-enough-password',
    });
    targetUserId = created.body.id;
    if (action === 'edit')
      return {
        method: 'PATCH',
        path: `/api/users/${targetUserId}`,
        json: { name: 'Renamed' },
        ok: 200,
      };
    return { method: 'DELETE', path: `/api/users/${targetUserId}`, ok: 204 };
  }
  if (resource === 'audit_logs') {
    if (action === 'view') return { method: 'GET', path: '/api/audit-logs', ok: 200 };
    const method = { create: 'POST', edit: 'PATCH', delete: 'DELETE' }[action];
    return {
      method,
      path: action === 'create' ? '/api/audit-logs' : '/api/audit-logs/1',
      json: {},
      ok: 405,
    };
  }
  if (resource === 'patients') {
    const patient = { ...MINIMAL_PATIENT, name: 'Matrix Patient', allowDuplicate: true };
    if (action === 'view') return { method: 'GET', path: '/api/patients', ok: 200 };
    if (action === 'create')
      return { method: 'POST', path: '/api/patients', json: patient, ok: 201 };
    const created = await clients.admin.post('/api/patients', patient);
    if (action === 'edit')
      return {
        method: 'PATCH',
        path: `/api/patients/${created.body.id}`,
        json: { version: 1, priority: 'high' },
        ok: 200,
      };
    return { method: 'DELETE', path: `/api/patients/${created.body.id}`, ok: 204 };
  }
  if (resource === 'appointments') {
    const window = '?from=2031-01-01T00:00:00Z&to=2031-01-31T00:00:00Z';
    if (action === 'view') return { method: 'GET', path: `/api/appointments${window}`, ok: 200 };
    const [specialist] = await server.sql<{ id: string }>(
      'select id from "user" where email = $1',
      [DEMO.specialist],
    );
    const created = await clients.admin.post('/api/patients', {
      ...MINIMAL_PATIENT,
      name: 'Matrix Appointment',
      allowDuplicate: true,
    });
    // each case its own hour, so no booking overlaps another
    const startsAt = new Date(Date.UTC(2031, 0, 2) + ++seq * 3_600_000 * 2).toISOString();
    const booking = {
      patientId: created.body.id,
      specialistId: specialist!.id,
      typeId: 'follow_up',
      startsAt,
    };
    if (action === 'create')
      return { method: 'POST', path: '/api/appointments', json: booking, ok: 201 };
    const booked = await clients.admin.post('/api/appointments', booking);
    if (action === 'edit')
      return {
        method: 'PATCH',
        path: `/api/appointments/${booked.body.id}`,
        json: { version: 1, startsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString() },
        ok: 200,
      };
    return { method: 'DELETE', path: `/api/appointments/${booked.body.id}`, ok: 204 };
  }
  if (resource === 'treatments') {
    if (action === 'view') return { method: 'GET', path: '/api/treatments', ok: 200 };
    const [specialist] = await server.sql<{ id: string }>(
      'select id from "user" where email = $1',
      [DEMO.specialist],
    );
    const patient = await clients.admin.post('/api/patients', {
      ...MINIMAL_PATIENT,
      name: 'Matrix Plan',
      allowDuplicate: true,
    });
    const content = {
      title: 'Matrix plan',
      problems: [],
      goals: [],
      interventions: [],
      startsOn: '2031-01-01',
      clinicianIds: [specialist!.id],
    };
    if (action === 'create')
      return {
        method: 'POST',
        path: '/api/treatments',
        json: { ...content, patientId: patient.body.id },
        ok: 201,
      };
    const plan = await clients.admin.post('/api/treatments', {
      ...content,
      patientId: patient.body.id,
    });
    if (action === 'edit')
      return {
        method: 'PATCH',
        path: `/api/treatments/${plan.body.id}`,
        json: { ...content, version: 1 },
        ok: 200,
      };
    return { method: 'DELETE', path: `/api/treatments/${plan.body.id}`, ok: 204 };
  }
  const method = { view: 'GET', create: 'POST', edit: 'PATCH', delete: 'DELETE' }[action];
  const path =
    action === 'view' || action === 'create' ? `/api/${resource}` : `/api/${resource}/some-id`;
  return { method, path, json: method === 'GET' || method === 'DELETE' ? undefined : {}, ok: 501 };
}

describe('permission matrix (SPEC §6) enforced by the server', () => {
  const cases = ROLES.flatMap((role) =>
    RESOURCES.flatMap((resource) => ACTIONS.map((action) => ({ role, resource, action }))),
  );

  it('covers 128 cases', () => expect(cases).toHaveLength(128));

  it.each(cases)('$role $action $resource', async ({ role, resource, action }) => {
    const req = await requestFor(resource, action);
    const deniedBefore = await auditCount(server, 'access.denied');
    const res = await clients[role].request(
      req.method,
      req.path,
      req.json === undefined ? {} : { json: req.json },
    );
    if (hasPermission(role, resource, action)) {
      expect(res.status, JSON.stringify(res.body)).toBe(req.ok);
      expect(await auditCount(server, 'access.denied')).toBe(deniedBefore);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.message).toBe(
        `Access denied. You need ${action} permission for ${resource}.`,
      );
      expect(await auditCount(server, 'access.denied')).toBe(deniedBefore + 1);
      const [row] = await server.sql<{ actor_role: string; resource: string; outcome: string }>(
        'select actor_role, resource, outcome from audit_log order by id desc limit 1',
      );
      expect(row).toEqual({ actor_role: role, resource, outcome: 'denied' });
    }
  });

  it('admin passes every check; a patient only views appointments and treatments', () => {
    expect(RESOURCES.every((r) => ACTIONS.every((a) => hasPermission('admin', r, a)))).toBe(true);
    const userGrants = RESOURCES.flatMap((r) =>
      ACTIONS.filter((a) => hasPermission('user', r, a)).map((a) => `${r}:${a}`),
    );
    expect(userGrants).toEqual(['appointments:view', 'treatments:view']);
  });

  it('answers denials in the language of the request', async () => {
    const patientEs = await server.signIn(DEMO.user);
    const res = await patientEs.request('GET', '/api/users', {
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Acceso denegado. Necesita el permiso ver sobre usuarios.');
  });
});

describe('without a session', () => {
  it('every non-public API route answers 401 and the attempt is audited', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const anonymous = server.client();
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/auth/')) continue; // better-auth's own routes: it checks their sessions
      for (const method of Object.keys(methods)) {
        const rule = accessOf(method, path);
        expect(rule, `${method} ${path} has no access rule`).toBeDefined();
        if (rule!.kind === 'public') continue;
        const before = await auditCount(server, 'access.denied');
        const res = await anonymous.request(
          method.toUpperCase(),
          path.replace('{id}', 'x'),
          method === 'get' || method === 'delete' ? {} : { json: {} },
        );
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error).toMatchObject({
          code: 'unauthenticated',
          message: 'Authentication required. Please log in to continue.',
        });
        expect(await auditCount(server, 'access.denied')).toBe(before + 1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('a forged or expired session cookie is no session', async () => {
    const forged = server.client();
    forged.cookies.set('painlab.session_token', 'not-a-real-token.signature');
    expect((await forged.get('/api/me')).status).toBe(401);
  });
});

describe('deny by default', () => {
  it('refuses a route that declares no access rule, even for an admin', async () => {
    const { createApp } = await import('../app');
    const app = createApp(server.deps);
    app.get('/api/undeclared', (c) => c.json({ leaked: true }));
    const cookie = [...clients.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.request('/api/undeclared', { headers: { cookie } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('unknown API paths are a 404 envelope, not the web app', async () => {
    const res = await server.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('refusals name the patient', () => {
  it('from a {patientId} path parameter and a patientId filter, as from /api/patients/{id}', async () => {
    const created = await clients.admin.post('/api/patients', {
      ...MINIMAL_PATIENT,
      name: 'Refusal Named',
      allowDuplicate: true,
    });
    const id = created.body.id as string;
    const cases = [
      ['GET', `/api/appointments/patient/${id}`],
      ['GET', `/api/appointments/reminder-preferences/${id}`],
      ['GET', `/api/treatments?patientId=${id.toUpperCase()}`],
    ] as const;
    for (const [method, path] of cases) {
      const res = await clients.researcher.request(method, path);
      expect(res.status, path).toBe(403);
      const [row] = await server.sql<{ patient_id: string | null }>(
        "select patient_id from audit_log where action = 'access.denied' and request_id = $1",
        [res.body.error.requestId],
      );
      expect(row, path).toEqual({ patient_id: id });
    }
  });
});
