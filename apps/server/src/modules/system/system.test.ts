/** Health, configuration, OpenAPI, headers, telemetry and serving of the web app. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const web = path.join(server.dataDir, 'web');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><title>Pain Lab</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(() => server?.close());

describe('system', () => {
  it('reports health with the database', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the public configuration', async () => {
    expect((await server.client().get('/api/config')).body).toEqual({
      clinicName: 'Pain Lab',
      registrationOpen: true,
      emailDelivery: 'outbox',
    });
  });

  it('publishes an OpenAPI 3.1 document of every API route', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/me',
        '/api/users',
        '/api/users/{id}',
        '/api/audit-logs',
        '/api/patients',
      ]),
    );
  });

  it('sends security headers, a request id and no-store on API responses', async () => {
    const res = await server.client().get('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('accepts client log batches and rejects bad ones', async () => {
    const entry = {
      level: 'error',
      message: 'Render failed',
      timestamp: new Date().toISOString(),
      path: '/dashboard',
    };
    expect((await server.client().post('/api/client-logs', { entries: [entry] })).status).toBe(204);
    expect((await server.client().post('/api/client-logs', { entries: [] })).status).toBe(400);
    expect(
      (await server.client().post('/api/client-logs', { entries: [{ ...entry, level: 'fatal' }] }))
        .status,
    ).toBe(400);
    expect(
      (await server.client().post('/api/client-logs', { entries: Array(51).fill(entry) })).status,
    ).toBe(400);
  });

  it('stores web vitals without query strings', async () => {
    const metric = {
      name: 'LCP',
      value: 1234.5,
      rating: 'good',
      id: 'v1',
      path: '/patients?q=secret',
    };
    expect((await server.client().post('/api/vitals', { metrics: [metric] })).status).toBe(204);
    const rows = await server.sql<{ path: string; value: number }>(
      'select path, value from web_vital',
    );
    expect(rows).toEqual([{ path: '/patients', value: 1234.5 }]);
    expect(
      (await server.client().post('/api/vitals', { metrics: [{ ...metric, value: -1 }] })).status,
    ).toBe(400);
  });

  it('serves the web app with a fallback to index.html for client routes', async () => {
    const page = await server.client().get('/patients/123');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    const asset = await server.client().get('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps answering other requests while a slow query runs', async () => {
    const order: string[] = [];
    const slow = server.deps.database.pool
      .query('select pg_sleep(1.5)')
      .then(() => order.push('slow query'));
    await new Promise((r) => setTimeout(r, 100));
    const res = await server.client().get('/api/config');
    order.push('config');
    expect(res.status).toBe(200);
    await slow;
    expect(order).toEqual(['config', 'slow query']);
  });
});
