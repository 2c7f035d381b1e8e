/**
 * SMS that anyone may cause (phone sign-up, SMS reset) are capped per hour for all numbers together
 * (SMS_PUBLIC_HOURLY_MAX, ADR 0043): beyond it those requests get 429 with Retry-After, audited,
 * and no SMS is queued. A guard against SMS pumping once a paid gateway is configured.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { freshPhone } from '../../test/sms';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SMS_PUBLIC_HOURLY_MAX: '2', TRUSTED_PROXIES: '127.0.0.1' });
}, 240_000);
afterAll(() => server?.close());

it('the third public SMS request of the hour is refused, whichever number it names', async () => {
  let ip = 0;
  const ask = (path: string, body: Record<string, string>) =>
    server.client({ ip: `203.0.113.${++ip}` }).post(path, body);
  const signUp = (phoneNumber: string) =>
    ask('/api/account/sign-up/phone', {
      name: 'Pedro Bombeo',
      phoneNumber,
      password: 'a-long-enough-passphrase-77',
    });
  expect((await signUp(freshPhone('63'))).status).toBe(200);
  expect(
    (await ask('/api/account/password-reset/phone', { phoneNumber: freshPhone('63') })).status,
  ).toBe(200);
  const third = freshPhone('63');
  const refused = await signUp(third);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(
    await server.sql('select 1 from outbox_message where recipient = $1', [third]),
  ).toHaveLength(0);
  const [row] = await server.sql<{ details: { reason: string } }>(
    "select details from audit_log where action = 'auth.sign_up_phone' and outcome = 'denied' order by occurred_at desc limit 1",
  );
  expect(row?.details.reason).toBe('sms_cap');
});
