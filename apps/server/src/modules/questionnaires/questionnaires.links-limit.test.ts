import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_LINKS_MAX: '3',
    RATE_LIMIT_LINKS_WINDOW_S: '60',
  });
});
afterAll(() => server?.close());

describe('the public questionnaire link routes', () => {
  it('take a few requests per client address, then answer 429 with Retry-After', async () => {
    const from = server.client({ ip: '203.0.113.7', lang: 'es' });
    const token = 'A'.repeat(43); // well formed, unknown
    expect((await from.post('/api/questionnaire-links/open', { token })).status).toBe(404);
    expect(
      (
        await from.request('PUT', '/api/questionnaire-links/draft', {
          json: { token, answers: [], version: 0 },
        })
      ).status,
    ).not.toBe(429);
    expect(
      (await from.post('/api/questionnaire-links/submit', { token, answers: [] })).status,
    ).not.toBe(429);
    const refused = await from.post('/api/questionnaire-links/open', { token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
    // another address is not held back
    const other = server.client({ ip: '203.0.113.8' });
    expect((await other.post('/api/questionnaire-links/open', { token })).status).toBe(404);
  });
});
