/**
 * Issue 9, the account's phone number (ADR 0041): added in /settings with the password and a code
 * sent by SMS (read here from the outbox), which works once, for a few minutes, a few tries, only for
 * the account that asked; a number of another account gets the same answer and no SMS; phone +
 * password sign-in only for a verified number, its wrong passwords locking the account for e-mail
 * sign-in too; an enrolled account gets the second-factor step, whose code goes by SMS; bad input
 * is refused without a change; the plugin's own code paths are switched off; audit rows.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, startTestServer, type ApiClient, type TestServer } from '../test/harness';
import { codeIn, freshPhone, smsTo as sms } from '../test/sms';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  // each account signs in from its own address (the per-address limits are not what is tested)
  server = await startTestServer({ OUTBOX_POLL_MS: '60000', TRUSTED_PROXIES: '127.0.0.1' });
}, 240_000);
afterAll(() => server?.close());

let n = 0;
/** A fresh E.164 number no other test uses. */
const newPhone = () => freshPhone('60');

async function account(lang = 'en') {
  const email = `phone-${++n}-${Date.now()}@example.test`;
  const created = await createAccount(server, {
    role: 'user',
    email,
    name: 'Pilar Teléfono',
    password: PASSWORD,
  });
  const ip = `198.51.100.${n % 250}`;
  const client = server.client({ ip, lang });
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { id: created.id, email, client, ip };
}

const smsTo = (phone: string, template = 'auth.phone_code') => sms(server, phone, template);
const phoneOf = async (id: string) =>
  (
    await server.sql<{ phone_number: string | null; phone_number_verified: boolean }>(
      'select phone_number, phone_number_verified from "user" where id = $1',
      [id],
    )
  )[0]!;
const audits = (id: string, action: string) =>
  server.sql<{ outcome: string; details: Record<string, unknown> }>(
    'select outcome, details from audit_log where action = $1 and (record_id = $2 or actor_user_id = $2) order by seq nulls last, occurred_at',
    [action, id],
  );

/** Adds a verified phone to a signed-in account through the two steps. */
async function addPhone(a: { client: ApiClient }, phone = newPhone()) {
  const sent = await a.client.post('/api/account/phone', {
    phoneNumber: phone,
    password: PASSWORD,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const [sms] = await smsTo(phone);
  const ok = await a.client.post('/api/account/phone/verify', {
    phoneNumber: phone,
    code: codeIn(sms!.text),
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return phone;
}

/** Expires the phone codes waiting (not the accounts' pending requests). */
const expireCodes = () =>
  server.sql(
    "update verification set expires_at = now() - interval '1 second' where identifier not like 'phone-change:%' and expires_at > now()",
  );

describe('adding a phone number', () => {
  it('needs the password; the SMS code, once, sets the number; it is stored verified and hashed', async () => {
    const a = await account('es');
    const phone = newPhone();
    const wrong = await a.client.post('/api/account/phone', {
      phoneNumber: phone,
      password: 'not-the-password-at-all',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([
      { path: 'password', code: 'wrong_password', message: 'wrong_password' },
    ]);
    expect(await smsTo(phone)).toHaveLength(0);

    // typed with spaces and dashes: kept as E.164
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const sent = await a.client.post('/api/account/phone', {
      phoneNumber: spaced,
      password: PASSWORD,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ sent: true, minutes: 5, toOutbox: true });
    const [sms] = await smsTo(phone);
    expect(sms!.channel).toBe('sms');
    expect(sms!.language).toBe('es');
    expect(sms!.text).toContain('confirmar este teléfono');
    const code = codeIn(sms!.text);
    // the code is not in the verification table (an HMAC of it is)
    const stored = await server.sql<{ value: string }>('select value from verification');
    expect(stored.some((r) => r.value.includes(code))).toBe(false);
    expect(await phoneOf(a.id)).toEqual({ phone_number: null, phone_number_verified: false });

    const bad = await a.client.post('/api/account/phone/verify', {
      phoneNumber: phone,
      code: code === '111111' ? '222222' : '111111',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ path: 'code', code: 'invalid_code' });
    const ok = await a.client.post('/api/account/phone/verify', { phoneNumber: phone, code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ phoneNumber: phone });
    expect(await phoneOf(a.id)).toEqual({ phone_number: phone, phone_number_verified: true });
    expect((await a.client.get('/api/account/phone')).body).toEqual({ phoneNumber: phone });

    // used once
    const again = await a.client.post('/api/account/phone/verify', { phoneNumber: phone, code });
    expect(again.status).toBe(400);
    expect(again.body.error.details[0]).toMatchObject({ path: 'code', code: 'code_expired' });

    const rows = await audits(a.id, 'account.phone_change');
    expect(rows.map((r) => [r.outcome, r.details.reason ?? r.details.step])).toEqual([
      ['denied', 'wrong_password'],
      ['success', 'requested'],
      ['denied', 'invalid_code'],
      ['success', 'verified'],
      ['denied', 'no_request'],
    ]);
    // never the number
    const all = await server.sql<{ details: unknown }>(
      'select details from audit_log where actor_user_id = $1',
      [a.id],
    );
    expect(JSON.stringify(all)).not.toContain(phone.slice(1));
  });

  it('an expired code, and a code after too many wrong tries, are refused', async () => {
    const a = await account();
    const phone = newPhone();
    await a.client.post('/api/account/phone', { phoneNumber: phone, password: PASSWORD });
    const code = codeIn((await smsTo(phone))[0]!.text);
    await expireCodes();
    const expired = await a.client.post('/api/account/phone/verify', { phoneNumber: phone, code });
    expect(expired.status).toBe(400);
    expect(expired.body.error.details[0]).toMatchObject({ code: 'code_expired' });
    expect((await phoneOf(a.id)).phone_number).toBeNull();

    // a minute later a new code may be sent; three wrong tries use it up
    await server.sql(
      "update outbox_message set created_at = created_at - interval '2 minutes' where recipient = $1",
      [phone],
    );
    await server.sql(
      "update verification set expires_at = now() - interval '1 second' where id like 'sms-turn:%'",
    );
    const resent = await a.client.post('/api/account/phone', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const fresh = codeIn((await smsTo(phone))[0]!.text);
    const wrongCode = fresh === '123456' ? '654321' : '123456';
    for (let i = 0; i < 3; i++)
      expect(
        (await a.client.post('/api/account/phone/verify', { phoneNumber: phone, code: wrongCode }))
          .status,
      ).toBe(400);
    const late = await a.client.post('/api/account/phone/verify', {
      phoneNumber: phone,
      code: fresh,
    });
    expect(late.status).toBe(400);
    expect(['too_many_attempts', 'code_expired']).toContain(late.body.error.details[0].code);
    expect((await phoneOf(a.id)).phone_number).toBeNull();
  });

  it('at most one code per number per minute', async () => {
    const a = await account();
    const phone = newPhone();
    expect(
      (await a.client.post('/api/account/phone', { phoneNumber: phone, password: PASSWORD }))
        .status,
    ).toBe(200);
    const second = await a.client.post('/api/account/phone', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(second.status).toBe(429);
    expect(second.body.error.code).toBe('rate_limited');
    expect(await smsTo(phone)).toHaveLength(1);
    // the first code still works
    const code = codeIn((await smsTo(phone))[0]!.text);
    expect(
      (await a.client.post('/api/account/phone/verify', { phoneNumber: phone, code })).status,
    ).toBe(200);
  });

  it("another account's number: the same answer, no SMS; a code works only for the account that asked", async () => {
    const owner = await account();
    const phone = await addPhone(owner);
    // the owner's minute has passed (one code per number per minute, whoever asks)
    await server.sql(
      "update verification set expires_at = now() - interval '1 second' where id like 'sms-turn:%'",
    );
    const before = (await smsTo(phone)).length;
    const other = await account();
    const res = await other.client.post('/api/account/phone', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, minutes: 5, toOutbox: true });
    expect(await smsTo(phone)).toHaveLength(before);
    expect((await audits(other.id, 'account.phone_change'))[0]).toMatchObject({
      outcome: 'denied',
      details: { reason: 'taken' },
    });

    // a code sent for A's request does not put the number on B (B never asked, with its password)
    const a = await account();
    const b = await account();
    const aPhone = newPhone();
    await a.client.post('/api/account/phone', { phoneNumber: aPhone, password: PASSWORD });
    const code = codeIn((await smsTo(aPhone))[0]!.text);
    const stolen = await b.client.post('/api/account/phone/verify', { phoneNumber: aPhone, code });
    expect(stolen.status).toBe(400);
    expect((await phoneOf(b.id)).phone_number).toBeNull();
    expect(
      (await a.client.post('/api/account/phone/verify', { phoneNumber: aPhone, code })).status,
    ).toBe(200);
    // the own number again: said so
    const same = await a.client.post('/api/account/phone', {
      phoneNumber: aPhone,
      password: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body.error.details[0]).toMatchObject({ path: 'phoneNumber', code: 'same_phone' });
  });

  it('bad input is a 400 and changes nothing; the plugin paths are off; update-user cannot set it', async () => {
    const a = await account();
    for (const phoneNumber of [
      '600111222',
      '+0123456789',
      '+34',
      'abc',
      '+34 600 111 222 333 444 555 666 777',
      '+3460011122\u0000',
      'x'.repeat(100_000),
    ]) {
      const res = await a.client.post('/api/account/phone', { phoneNumber, password: PASSWORD });
      expect(res.status, phoneNumber.slice(0, 40)).toBe(400);
    }
    expect(
      (
        await a.client.post('/api/account/phone', {
          phoneNumber: newPhone(),
          password: PASSWORD,
          extra: 1,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await a.client.post('/api/account/phone/verify', {
          phoneNumber: newPhone(),
          code: '12a456',
        })
      ).status,
    ).toBe(400);
    expect((await phoneOf(a.id)).phone_number).toBeNull();
    const phone = newPhone();
    expect(
      (await a.client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status,
    ).toBe(404);
    expect(
      (await a.client.post('/api/auth/phone-number/verify', { phoneNumber: phone, code: '123456' }))
        .status,
    ).toBe(404);
    expect(
      (await a.client.post('/api/auth/phone-number/request-password-reset', { phoneNumber: phone }))
        .status,
    ).toBe(404);
    expect((await a.client.post('/api/auth/update-user', { phoneNumber: phone })).status).toBe(400);
    expect((await a.client.post('/api/auth/update-user', { phoneNumber: null })).status).toBe(400);
    expect(
      (await a.client.post('/api/auth/update-user', { phoneNumberVerified: true })).status,
    ).toBe(400);
    expect(await smsTo(phone)).toHaveLength(0);
    expect(await phoneOf(a.id)).toEqual({ phone_number: null, phone_number_verified: false });
    // the name is still editable
    expect((await a.client.post('/api/auth/update-user', { name: 'Pilar Nueva' })).status).toBe(
      200,
    );
  });

  it('removing it needs the password', async () => {
    const a = await account();
    const phone = await addPhone(a);
    const wrong = await a.client.post('/api/account/phone/remove', {
      password: 'wrong-password-1234',
    });
    expect(wrong.status).toBe(400);
    expect((await phoneOf(a.id)).phone_number).toBe(phone);
    const ok = await a.client.post('/api/account/phone/remove', { password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ phoneNumber: null });
    expect(await phoneOf(a.id)).toEqual({ phone_number: null, phone_number_verified: false });
    const signIn = await server
      .client({ ip: a.ip })
      .post('/api/auth/sign-in/phone-number', { phoneNumber: phone, password: PASSWORD });
    expect(signIn.status).toBe(401);
    expect((await audits(a.id, 'account.phone_remove')).map((r) => r.outcome)).toEqual([
      'denied',
      'success',
    ]);
  });
});

describe('phone + password sign-in', () => {
  it('works for a verified number only; failures are audited with a hash, never the number', async () => {
    const a = await account();
    const phone = newPhone();
    const client = server.client({ ip: a.ip });
    const before = await client.post('/api/auth/sign-in/phone-number', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(before.status).toBe(401);
    expect(before.body.code).toBe('INVALID_PHONE_NUMBER_OR_PASSWORD');
    await addPhone(a, phone);
    const wrong = await client.post('/api/auth/sign-in/phone-number', {
      phoneNumber: phone,
      password: 'not-the-password-at-all',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_PHONE_NUMBER_OR_PASSWORD');
    const ok = await client.post('/api/auth/sign-in/phone-number', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.mfa.aal).toBe(1);
    const [session] = await server.sql<{ sign_in_method: string }>(
      'select sign_in_method from session where user_id = $1 order by created_at desc limit 1',
      [a.id],
    );
    expect(session!.sign_in_method).toBe('phone');
    const rows = await server.sql<{ outcome: string; details: Record<string, unknown> }>(
      "select outcome, details from audit_log where action = 'auth.sign_in_phone' and ip = $1 order by occurred_at",
      [a.ip],
    );
    expect(rows.map((r) => r.outcome)).toEqual(['failure', 'failure', 'success']);
    expect(rows[0]!.details.subject).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(rows)).not.toContain(phone.slice(1));
    // bad formats: 400, nothing counted
    for (const phoneNumber of ['600111222', '+34 600', 'x'.repeat(10_000)])
      expect(
        (await client.post('/api/auth/sign-in/phone-number', { phoneNumber, password: PASSWORD }))
          .status,
      ).toBe(400);
  });

  it('wrong passwords by phone lock the account for e-mail sign-in too', async () => {
    const a = await account();
    const phone = await addPhone(a);
    const client = server.client({ ip: '203.0.113.77' });
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await client.post('/api/auth/sign-in/phone-number', {
            phoneNumber: phone,
            password: `wrong-password-${i}-x`,
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await client.post('/api/auth/sign-in/phone-number', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    const byEmail = await server
      .client({ ip: '203.0.113.78' })
      .post('/api/auth/sign-in/email', { email: a.email, password: PASSWORD });
    expect(byEmail.status).toBe(429);
    expect(byEmail.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('an enrolled account gets the second-factor step; its code goes by SMS to the verified phone', async () => {
    const a = await account();
    const phone = await addPhone(a);
    // enrol TOTP (the session becomes aal2)
    const enable = await a.client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
    expect(
      (await a.client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status,
    ).toBe(200);

    const client = server.client({ ip: '203.0.113.90', lang: 'es' });
    const first = await client.post('/api/auth/sign-in/phone-number', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect((await client.get('/api/me')).status).toBe(401); // no session before the factor

    // two requests at once (a double click): one code, and it is the one the SMS carries
    const both = await Promise.all([
      client.post('/api/auth/two-factor/send-otp', {}),
      client.post('/api/auth/two-factor/send-otp', {}),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    const sent = both.find((r) => r.status === 200)!;
    expect(sent.body).toEqual({ status: true, channel: 'sms', ending: phone.slice(-2) });
    expect(await smsTo(phone, 'auth.mfa_code')).toHaveLength(1);
    const [sms] = await smsTo(phone, 'auth.mfa_code');
    expect(sms!.channel).toBe('sms');
    expect(sms!.language).toBe('es');
    expect(
      await server.sql('select 1 from outbox_message where template = $1 and recipient = $2', [
        'auth.mfa_code',
        a.email,
      ]),
    ).toHaveLength(0);
    // one code per minute: a second one would replace the code on its way
    const again = await client.post('/api/auth/two-factor/send-otp', {});
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('CODE_RECENTLY_SENT');

    const ok = await client.post('/api/auth/two-factor/verify-otp', { code: codeIn(sms!.text) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await client.get('/api/me')).body.mfa.aal).toBe(2);
  });

  it('an aal1 session of an enrolled account may not add or remove a phone', async () => {
    const a = await account();
    // a second session, made before the factor existed, stays aal1
    const older = server.client({ ip: a.ip });
    await older.post('/api/auth/sign-in/email', { email: a.email, password: PASSWORD });
    const enable = await a.client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
    await a.client.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    const phone = newPhone();
    const refused = await older.post('/api/account/phone', {
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('mfa_required');
    expect(await smsTo(phone)).toHaveLength(0);
    expect(
      (await older.post('/api/account/phone/remove', { password: PASSWORD })).body.error.code,
    ).toBe('mfa_required');
    // the aal2 session may; the aal1 one may not finish what the aal2 one started
    expect(
      (await a.client.post('/api/account/phone', { phoneNumber: phone, password: PASSWORD }))
        .status,
    ).toBe(200);
    const code = codeIn((await smsTo(phone))[0]!.text);
    expect(
      (await older.post('/api/account/phone/verify', { phoneNumber: phone, code })).status,
    ).toBe(403);
    expect(
      (await a.client.post('/api/account/phone/verify', { phoneNumber: phone, code })).status,
    ).toBe(200);
  });
});
