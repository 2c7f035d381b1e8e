/**
 * The public link routes other than the questionnaires' (questionnaires.links-limit.test.ts):
 * reminder links, waitlist offer links, the staff invitation's preview and accept, workshop
 * cancel and seat-offer links, and calendar subscription feeds. Each family
 * takes RATE_LIMIT_LINKS_MAX requests per client address, then answers 429 `rate_limited` with
 * Retry-After before it looks at the token, so an unknown token stops writing audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type ApiClient,
  type ApiResponse,
  type TestServer,
} from '../test/harness';

let server: TestServer;
const MAX = 3;

beforeAll(async () => {
  server = await startTestServer({
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_LINKS_MAX: String(MAX),
    RATE_LIMIT_LINKS_WINDOW_S: '60',
  });
});
afterAll(() => server?.close());

const TOKEN = 'A'.repeat(43); // well formed, unknown

type Call = (client: ApiClient) => Promise<ApiResponse>;

const FAMILIES: { name: string; calls: Call[]; unknownStatus: number }[] = [
  {
    name: 'reminder links',
    unknownStatus: 404,
    calls: [
      (c) => c.post('/api/appointment-links/view', { purpose: 'confirm', token: TOKEN }),
      (c) => c.post('/api/appointment-links/confirm', { token: TOKEN }),
      (c) => c.post('/api/appointment-links/cancel', { token: TOKEN }),
    ],
  },
  {
    name: 'waitlist offer links',
    unknownStatus: 404,
    calls: [
      (c) => c.post('/api/waitlist-offer-links/view', { token: TOKEN }),
      (c) => c.post('/api/waitlist-offer-links/take', { token: TOKEN }),
      (c) => c.post('/api/waitlist-offer-links/decline', { token: TOKEN }),
    ],
  },
  {
    name: 'staff invitation preview and accept',
    unknownStatus: 404,
    calls: [
      (c) => c.post('/api/staff-invitations/preview', { token: TOKEN }),
      (c) =>
        c.post('/api/staff-invitations/accept', {
          token: TOKEN,
          name: 'Nadie',
          password: 'correct-horse-battery-9',
        }),
      (c) => c.post('/api/staff-invitations/preview', { token: TOKEN }),
    ],
  },
  // issue 22 item 18
  {
    name: "workshop registrations' cancel and seat-offer links",
    unknownStatus: 404,
    calls: [
      (c) => c.post('/api/site/workshops/cancel', { token: TOKEN }),
      (c) => c.post('/api/site/workshops/confirm', { token: TOKEN }),
      (c) => c.post('/api/site/workshops/cancel', { token: TOKEN, lang: 'en' }),
    ],
  },
  {
    name: 'calendar subscription feeds',
    unknownStatus: 404,
    calls: [
      (c) => c.get(`/api/calendar/${TOKEN}.ics`),
      (c) => c.get(`/api/calendar/${'B'.repeat(43)}.ics`),
      (c) => c.get(`/api/calendar/${'C'.repeat(43)}.ics`),
    ],
  },
];

describe('the public link routes', () => {
  for (const [i, family] of FAMILIES.entries()) {
    it(`${family.name}: ${MAX} requests per address, then 429 with Retry-After; other addresses go on`, async () => {
      const from = server.client({ ip: `203.0.113.${10 + i}`, lang: 'es' });
      for (const call of family.calls) {
        const response = await call(from);
        expect(response.status).toBe(family.unknownStatus);
      }
      const auditRows = async () =>
        Number((await server.sql<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n);
      const before = await auditRows();
      const refused = await family.calls[0]!(from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
      expect(await auditRows()).toBe(before);

      const other = server.client({ ip: `198.51.100.${10 + i}` });
      expect((await family.calls[0]!(other)).status).toBe(family.unknownStatus);
    });
  }
});
