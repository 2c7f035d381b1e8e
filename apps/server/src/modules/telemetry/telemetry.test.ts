/**
 * Issue 7 item 7: the anonymous telemetry endpoints are rate-limited and size-capped per address,
 * and client logs cost the server log a bounded, truncated amount (dropped lines are counted).
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let logBytes = 0;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logBytes += chunk.length;
      lines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, pino({ level: 'debug' }, sink));
});
afterAll(() => server?.close());

const bigEntry = (i: number) => ({
  level: 'error' as const,
  message: `boom ${i} `.padEnd(2000, 'x'),
  timestamp: new Date().toISOString(),
  path: `/patients/${'p'.repeat(290)}`,
  context: Object.fromEntries(Array.from({ length: 5 }, (_, k) => [`k${k}`, 'v'.repeat(500)])),
});

describe('anonymous telemetry', () => {
  it('30 large client-log posts from one address: most refused, the log grows by little', async () => {
    const client = server.client({ ip: '203.0.113.7' });
    const entries = Array.from({ length: 6 }, (_, i) => bigEntry(i)); // ~27 KB, under the cap
    const before = logBytes;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await client.post('/api/client-logs', { entries })).status);
    expect(statuses.filter((s) => s === 204).length).toBe(20);
    expect(statuses.filter((s) => s === 429).length).toBe(10);
    // was 18.5 MB for 30 posts
    expect(logBytes - before).toBeLessThan(120_000);
    expect(lines.some((l) => l.includes('client log budget spent'))).toBe(true);
    const clientLine = lines.find((l) => l.includes('"source":"web"') && l.includes('boom 0'))!;
    expect(JSON.parse(clientLine).level).toBe(40); // a browser's error is a server warning
    expect(clientLine.length).toBeLessThan(3000);
  });

  it('another address is not affected', async () => {
    const res = await server.client({ ip: '198.51.100.9' }).post('/api/client-logs', {
      entries: [{ level: 'info', message: 'hello', timestamp: new Date().toISOString() }],
    });
    expect(res.status).toBe(204);
  });

  it('refuses a client-log body over the cap with 413', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => bigEntry(i));
    const res = await server.client({ ip: '198.51.100.10' }).post('/api/client-logs', { entries });
    expect(res.status).toBe(413);
  });

  it('vitals: per-address limit and size cap', async () => {
    const client = server.client({ ip: '203.0.113.8' });
    const metrics = [{ name: 'LCP', value: 1200, rating: 'good', id: 'v1', path: '/patients' }];
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await client.post('/api/vitals', { metrics })).status);
    expect(statuses.filter((s) => s === 429).length).toBe(20);
    const rows = await server.sql<{ n: string }>('select count(*)::text as n from web_vital');
    expect(Number(rows[0]!.n)).toBeLessThanOrEqual(20);
    const big = Array.from({ length: 20 }, () => ({
      ...metrics[0],
      id: 'i'.repeat(100),
      path: `/${'p'.repeat(299)}`,
    }));
    expect(
      (await server.client({ ip: '203.0.113.9' }).post('/api/vitals', { metrics: big })).status,
    ).toBe(413);
  });
});
