/**
 * Accounts made and recovered with a phone number (ADR 0043), through the real server: sign-up by
 * number + password confirmed by an SMS code (read from the outbox, as an administrator would),
 * phone + password sign-in, the placeholder address nothing is sent to, password reset by SMS that
 * ends every session; and the refusals — taken and unknown numbers answer like free ones, tickets
 * tie the code step to the browser that asked, a second factor keeps the SIM from being enough,
 * bad input changes nothing, a code is used once even when sent twice at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, freshPhone, nextSmsMinute, smsTo as sms } from '../../test/sms';
import {
  createAccount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000', TRUSTED_PROXIES: '127.0.0.1' });
}, 240_000);
afterAll(() => server?.close());

let n = 0;
let ipN = 0;
const newPhone = () => freshPhone('62');
/** Each client its own address (the routes allow 10 tries per address in 15 minutes). */
const client = (lang = 'en') => server.client({ ip: `198.51.100.${++ipN}`, lang });
const smsTo = (phone: string, template: string) => sms(server, phone, template);
const nextMinute = () => nextSmsMinute(server);
const userOf = async (phone: string) =>
  (
    await server.sql<{
      id: string;
      name: string;
      email: string;
      email_verified: boolean;
      role: string;
      phone_number_verified: boolean;
    }>(
      'select id, name, email, email_verified, role, phone_number_verified from "user" where phone_number = $1',
      [phone],
    )
  )[0];
const audits = (action: string) =>
  server.sql<{ outcome: string; details: Record<string, unknown>; record_id: string | null }>(
    'select outcome, details, record_id from audit_log where action = $1 order by occurred_at',
    [action],
  );
const codeOf = (res: { body: { error?: { details?: { code?: string }[] } } }) =>
  res.body.error?.details?.[0]?.code;

async function signUp(phone: string, c = client(), name = 'Marta Teléfono') {
  const start = await c.post('/api/account/sign-up/phone', {
    name,
    phoneNumber: phone,
    password: PASSWORD,
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const code = codeIn((await smsTo(phone, 'auth.phone_code'))[0]!.text);
  const done = await c.post('/api/account/sign-up/phone/verify', {
    ticket: start.body.ticket,
    code,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return c;
}

/** What five wrong codes in a row get: wrong three times, then too many, then gone. */
const WRONG_CODE_RUN = [
  'invalid_code',
  'invalid_code',
  'invalid_code',
  'too_many_attempts',
  'code_expired',
];
async function fiveWrongCodes(send: () => Promise<Parameters<typeof codeOf>[0]>) {
  const codes = [];
  for (let i = 0; i < 5; i++) codes.push(codeOf(await send()));
  return codes;
}

const signInByPhone = (phone: string, password = PASSWORD) =>
  client().post('/api/auth/sign-in/phone-number', { phoneNumber: phone, password });

describe('sign-up with a phone number', () => {
  it('a code by SMS in the request’s language, then the account: verified number, no address, signs in by phone', async () => {
    const phone = newPhone();
    const c = client('es');
    const start = await c.post('/api/account/sign-up/phone', {
      name: 'Marta Teléfono',
      phoneNumber: phone.replace(/^(\+\d{2})(\d{3})/, '$1 $2 '),
      password: PASSWORD,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body).toMatchObject({ sent: true, minutes: 5, toOutbox: true });
    expect(start.body.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // nothing is made before the code comes back
    expect(await userOf(phone)).toBeUndefined();
    const [sms] = await smsTo(phone, 'auth.phone_code');
    expect(sms!.text).toContain('su código para confirmar este teléfono');
    const done = await c.post('/api/account/sign-up/phone/verify', {
      ticket: start.body.ticket,
      code: codeIn(sms!.text),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toEqual({ phoneNumber: phone });
    const made = (await userOf(phone))!;
    expect(made).toMatchObject({
      name: 'Marta Teléfono',
      role: 'user',
      email_verified: false,
      phone_number_verified: true,
    });
    expect(made.email).toBe(`${made.id}@phone.invalid`);
    // no session from sign-up: the person signs in with the number and the password
    expect((await c.get('/api/me')).status).toBe(401);
    const signIn = await signInByPhone(phone);
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const me = client();
    expect(
      (await me.post('/api/auth/sign-in/phone-number', { phoneNumber: phone, password: PASSWORD }))
        .status,
    ).toBe(200);
    expect((await me.get('/api/me')).body.role).toBe('user');
    expect((await me.get('/api/account/email')).body).toEqual({ email: null, confirmed: false });
    expect((await me.get('/api/account/phone')).body).toEqual({ phoneNumber: phone });
    // audited, never with the number
    const rows = await audits('users.sign_up_phone');
    expect(rows.some((r) => r.record_id === made.id && r.outcome === 'success')).toBe(true);
    const all = await server.sql<{ n: string }>(
      "select count(*)::text as n from audit_log where details::text like '%' || $1 || '%'",
      [phone.slice(1)],
    );
    expect(Number(all[0]!.n)).toBe(0);
  });

  it('the placeholder address gets nothing: e-mails to it are kept undeliverable, never sent', async () => {
    const phone = newPhone();
    await signUp(phone);
    const made = (await userOf(phone))!;
    const me = client();
    await me.post('/api/auth/sign-in/phone-number', { phoneNumber: phone, password: PASSWORD });
    const confirm = await me.post('/api/account/email/confirmation', {});
    expect(confirm.status).toBe(400);
    expect(codeOf(confirm)).toBe('no_email_address');
    // better-auth's e-mail reset for the placeholder: queued as dead, with the reason
    const reset = await client().post('/api/auth/request-password-reset', { email: made.email });
    expect(reset.status).toBe(200);
    const rows = await server.sql<{ status: string; last_error: string }>(
      'select status, last_error from outbox_message where recipient = $1',
      [made.email],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('dead');
      expect(row.last_error).toContain('no e-mail address');
    }
    // the number cannot be removed while it is the only way in
    const remove = await me.post('/api/account/phone/remove', { password: PASSWORD });
    expect(remove.status).toBe(400);
    expect(codeOf(remove)).toBe('phone_needed');
    expect((await me.get('/api/account/phone')).body).toEqual({ phoneNumber: phone });
  });

  it('a number with an account: the same answer and ticket, no code; its owner is told; the code step answers like a wrong code', async () => {
    const taken = newPhone();
    await signUp(taken);
    await nextMinute();
    const tries = async (phone: string) => {
      const c = client();
      const start = await c.post('/api/account/sign-up/phone', {
        name: 'Otra Persona',
        phoneNumber: phone,
        password: PASSWORD,
      });
      expect(start.status).toBe(200);
      expect(Object.keys(start.body).sort()).toEqual(['minutes', 'sent', 'ticket', 'toOutbox']);
      return fiveWrongCodes(() =>
        c.post('/api/account/sign-up/phone/verify', { ticket: start.body.ticket, code: '000000' }),
      );
    };
    const codesBefore = (await smsTo(taken, 'auth.phone_code')).length;
    const forTaken = await tries(taken);
    expect(forTaken).toEqual(WRONG_CODE_RUN);
    expect(await tries(newPhone())).toEqual(forTaken);
    expect(await smsTo(taken, 'auth.phone_code')).toHaveLength(codesBefore);
    const [notice] = await smsTo(taken, 'auth.sign_up_existing_phone');
    expect(notice!.text).toContain('already has an account');
    // and the minute is taken for it as for a free number
    const again = await client().post('/api/account/sign-up/phone', {
      name: 'Otra Persona',
      phoneNumber: taken,
      password: PASSWORD,
    });
    expect(again.status).toBe(429);
  });

  it('the ticket ties the code to the browser that asked: a later request by someone else cannot set its own password', async () => {
    const phone = newPhone();
    const victim = client();
    const first = await victim.post('/api/account/sign-up/phone', {
      name: 'Víctor Víctima',
      phoneNumber: phone,
      password: PASSWORD,
    });
    expect(first.status).toBe(200);
    await nextMinute();
    const attacker = client();
    const second = await attacker.post('/api/account/sign-up/phone', {
      name: 'Atacante',
      phoneNumber: phone,
      password: 'attacker-chosen-passphrase-9',
    });
    expect(second.status).toBe(200);
    // the phone's owner gets the newest code and types it into their own page
    const code = codeIn((await smsTo(phone, 'auth.phone_code'))[0]!.text);
    const done = await victim.post('/api/account/sign-up/phone/verify', {
      ticket: first.body.ticket,
      code,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect((await userOf(phone))!.name).toBe('Víctor Víctima');
    expect((await signInByPhone(phone)).status).toBe(200);
    expect((await signInByPhone(phone, 'attacker-chosen-passphrase-9')).status).toBe(401);
    // the attacker's ticket is worth nothing now
    const late = await attacker.post('/api/account/sign-up/phone/verify', {
      ticket: second.body.ticket,
      code,
    });
    expect(late.status).toBe(400);
  });

  it('the same code sent twice at once makes one account', async () => {
    const phone = newPhone();
    const c = client();
    const start = await c.post('/api/account/sign-up/phone', {
      name: 'Doble Envío',
      phoneNumber: phone,
      password: PASSWORD,
    });
    const code = codeIn((await smsTo(phone, 'auth.phone_code'))[0]!.text);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        c.post('/api/account/sign-up/phone/verify', { ticket: start.body.ticket, code }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    const rows = await server.sql('select id from "user" where phone_number = $1', [phone]);
    expect(rows).toHaveLength(1);
  });

  it('bad input is a 400 (translated), sends nothing and makes nothing', async () => {
    const phone = newPhone();
    const c = client('es');
    const bad: Record<string, unknown>[] = [
      { name: 'Ana', phoneNumber: phone, password: PASSWORD, role: 'admin' },
      { name: 'Ana', phoneNumber: phone, password: PASSWORD, phoneNumberVerified: true },
      { name: 'Ana\u0000', phoneNumber: phone, password: PASSWORD },
      { name: 'x'.repeat(10_000), phoneNumber: phone, password: PASSWORD },
      { name: 'Ana', phoneNumber: '600111222', password: PASSWORD },
      { name: 'Ana', phoneNumber: ['+34600111222'], password: PASSWORD },
      { name: 'Ana', phoneNumber: phone, password: 'short' },
      { name: 'Ana', phoneNumber: phone, password: 'password1234' },
      { name: 'Ana', phoneNumber: phone, password: 'aaaaaaaaaaaaaaaa' },
      { name: 'Ana', phoneNumber: phone },
      {},
    ];
    for (const body of bad) {
      const res = await client('es').post('/api/account/sign-up/phone', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.message).toMatch(/[áéíóúñ]|datos|válid/i);
    }
    const weak = await client('es').post('/api/account/sign-up/phone', {
      name: 'Ana',
      phoneNumber: phone,
      password: 'password1234',
    });
    expect(codeOf(weak)).toBe('password_too_common');
    for (const body of [
      { ticket: 'x', code: '123456' },
      { ticket: 'A'.repeat(43), code: '12345' },
      { ticket: 'A'.repeat(43), code: '123456', extra: 1 },
      { ticket: 'A'.repeat(43) },
    ]) {
      const res = await c.post('/api/account/sign-up/phone/verify', body);
      expect(res.status).toBe(400);
    }
    const unknownTicket = await c.post('/api/account/sign-up/phone/verify', {
      ticket: 'A'.repeat(43),
      code: '123456',
    });
    expect(codeOf(unknownTicket)).toBe('code_expired');
    expect(await smsTo(phone, 'auth.phone_code')).toHaveLength(0);
    expect(await userOf(phone)).toBeUndefined();
    // a form post or a foreign site is refused before anything
    const form = await fetch(`${server.url}/api/account/sign-up/phone`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: `name=Ana&phoneNumber=${encodeURIComponent(phone)}&password=${PASSWORD}`,
    });
    expect(form.status).toBe(415);
    const foreign = await fetch(`${server.url}/api/account/sign-up/phone`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ name: 'Ana', phoneNumber: phone, password: PASSWORD }),
    });
    expect(foreign.status).toBe(403);
  });
});

describe('the reserved domain', () => {
  it('nobody signs up with, is created with, or moves to a …@phone.invalid address', async () => {
    const squat = await client().post('/api/auth/sign-up/email', {
      name: 'Ocupa',
      email: 'squatter@phone.invalid',
      password: PASSWORD,
    });
    expect(squat.status).toBe(400);
    const admin = await server.signIn(DEMO.admin);
    const created = await admin.post('/api/users', {
      name: 'Ocupa',
      email: 'other@phone.invalid',
      role: 'user',
      password: PASSWORD,
    });
    expect(created.status).toBe(400);
    const phone = newPhone();
    await signUp(phone);
    const me = client();
    await me.post('/api/auth/sign-in/phone-number', { phoneNumber: phone, password: PASSWORD });
    const move = await me.post('/api/account/email', {
      newEmail: 'mine@phone.invalid',
      password: PASSWORD,
    });
    expect(move.status).toBe(400);
    const id = (await userOf(phone))!.id;
    const byAdmin = await admin.post('/api/auth/admin/update-user', {
      userId: id,
      data: { phoneNumber: newPhone(), phoneNumberVerified: true },
    });
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body.code).toBe('PHONE_NUMBER_CANNOT_BE_UPDATED');
    expect(squat.body.code).toBe('INVALID_EMAIL');
    expect((await userOf(phone))!.id).toBe(id);
    expect(
      await server.sql('select 1 from "user" where email like $1', ['%squatter@phone.invalid']),
    ).toHaveLength(0);
  });
});

describe('password reset by SMS', () => {
  it('a code to the verified number; a weak password keeps the code; the new password ends every session', async () => {
    const phone = newPhone();
    await signUp(phone);
    const deviceA: ApiClient = client();
    const deviceB: ApiClient = client();
    for (const d of [deviceA, deviceB])
      expect(
        (await d.post('/api/auth/sign-in/phone-number', { phoneNumber: phone, password: PASSWORD }))
          .status,
      ).toBe(200);
    const c = client('en');
    const start = await c.post('/api/account/password-reset/phone', { phoneNumber: phone });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body).toMatchObject({ sent: true, minutes: 5, toOutbox: true });
    const [sms] = await smsTo(phone, 'auth.password_reset_code');
    expect(sms!.text).toContain('your code to reset your password');
    const code = codeIn(sms!.text);
    const weak = await c.post('/api/account/password-reset/phone/confirm', {
      ticket: start.body.ticket,
      code,
      newPassword: 'password1234',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details[0]).toMatchObject({
      path: 'newPassword',
      code: 'password_too_common',
    });
    const ok = await c.post('/api/account/password-reset/phone/confirm', {
      ticket: start.body.ticket,
      code,
      newPassword: 'a-brand-new-passphrase-31',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ reset: true });
    expect((await deviceA.get('/api/me')).status).toBe(401);
    expect((await deviceB.get('/api/me')).status).toBe(401);
    expect((await signInByPhone(phone)).status).toBe(401);
    expect((await signInByPhone(phone, 'a-brand-new-passphrase-31')).status).toBe(200);
    // single use
    const again = await c.post('/api/account/password-reset/phone/confirm', {
      ticket: start.body.ticket,
      code,
      newPassword: 'yet-another-passphrase-55',
    });
    expect(again.status).toBe(400);
    const rows = await audits('auth.password_reset_phone');
    expect(rows.at(-1)).toMatchObject({ outcome: 'denied', details: { reason: 'no_request' } });
    expect(rows.some((r) => r.details.step === 'reset' && r.details.sessionsEnded === 2)).toBe(
      true,
    );
  });

  it('an unknown number, or an account with a second factor, answers alike and gets no code', async () => {
    const withFactor = newPhone();
    await signUp(withFactor);
    await server.sql('update "user" set two_factor_enabled = true where phone_number = $1', [
      withFactor,
    ]);
    const free = newPhone();
    const tries = async (phone: string) => {
      const c = client();
      const start = await c.post('/api/account/password-reset/phone', { phoneNumber: phone });
      expect(start.status).toBe(200);
      expect(Object.keys(start.body).sort()).toEqual(['minutes', 'sent', 'ticket', 'toOutbox']);
      return fiveWrongCodes(() =>
        c.post('/api/account/password-reset/phone/confirm', {
          ticket: start.body.ticket,
          code: '000000',
          newPassword: 'a-brand-new-passphrase-31',
        }),
      );
    };
    const unknown = await tries(free);
    expect(unknown).toEqual(WRONG_CODE_RUN);
    expect(await tries(withFactor)).toEqual(unknown);
    expect(await smsTo(withFactor, 'auth.password_reset_code')).toHaveLength(0);
    expect(await smsTo(free, 'auth.password_reset_code')).toHaveLength(0);
    const rows = await audits('auth.password_reset_phone');
    expect(rows.some((r) => r.details.reason === 'second_factor')).toBe(true);
    // the account's password did not change
    await server.sql('update "user" set two_factor_enabled = false where phone_number = $1', [
      withFactor,
    ]);
    expect((await signInByPhone(withFactor)).status).toBe(200);
  });

  it('one code per number per minute, and a code for a sign-up is not a reset code', async () => {
    const phone = newPhone();
    await signUp(phone);
    const c = client();
    const start = await c.post('/api/account/password-reset/phone', { phoneNumber: phone });
    expect(start.status).toBe(200);
    const second = await c.post('/api/account/password-reset/phone', { phoneNumber: phone });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // a sign-up ticket is not a reset ticket
    const signUpTicket = (
      await client().post('/api/account/sign-up/phone', {
        name: 'Otra',
        phoneNumber: newPhone(),
        password: PASSWORD,
      })
    ).body.ticket as string;
    const crossed = await c.post('/api/account/password-reset/phone/confirm', {
      ticket: signUpTicket,
      code: codeIn((await smsTo(phone, 'auth.password_reset_code'))[0]!.text),
      newPassword: 'a-brand-new-passphrase-31',
    });
    expect(crossed.status).toBe(400);
    expect(codeOf(crossed)).toBe('code_expired');
    expect((await signInByPhone(phone)).status).toBe(200);
  });

  it('an account the clinic made gets its reset by SMS once it has confirmed a phone', async () => {
    const email = `clinic-${++n}@example.test`;
    await createAccount(server, { role: 'user', email, name: 'Clara Clínica', password: PASSWORD });
    const phone = newPhone();
    await server.sql(
      'update "user" set phone_number = $1, phone_number_verified = true where email = $2',
      [phone, email],
    );
    const c = client();
    const start = await c.post('/api/account/password-reset/phone', { phoneNumber: phone });
    const code = codeIn((await smsTo(phone, 'auth.password_reset_code'))[0]!.text);
    const ok = await c.post('/api/account/password-reset/phone/confirm', {
      ticket: start.body.ticket,
      code,
      newPassword: 'a-brand-new-passphrase-31',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const byEmail = await client().post('/api/auth/sign-in/email', {
      email,
      password: 'a-brand-new-passphrase-31',
    });
    expect(byEmail.status).toBe(200);
  });
  it('before the code, a real ticket and a decoy answer a weak or name-based password alike; after it, the name counts', async () => {
    const phone = newPhone();
    await signUp(phone, client(), 'Quintanilla Robledo');
    await nextMinute();
    const real = client();
    const realTicket = (
      await real.post('/api/account/password-reset/phone', { phoneNumber: phone })
    ).body.ticket as string;
    const decoy = client();
    const decoyTicket = (
      await decoy.post('/api/account/password-reset/phone', { phoneNumber: newPhone() })
    ).body.ticket as string;
    const answer = async (c: ApiClient, ticket: string, newPassword: string, code = '000000') => {
      const res = await c.post('/api/account/password-reset/phone/confirm', {
        ticket,
        code,
        newPassword,
      });
      return [res.status, res.body.error?.details?.[0]?.path, codeOf(res)];
    };
    for (const newPassword of ['password1234', 'quintanilla!!99xy']) {
      const fromReal = await answer(real, realTicket, newPassword);
      expect(fromReal).toEqual(await answer(decoy, decoyTicket, newPassword));
    }
    expect(await answer(real, realTicket, 'password1234')).toEqual([
      400,
      'newPassword',
      'password_too_common',
    ]);
    // with the right code the name is checked; the code is then spent on this ticket only
    await nextMinute();
    const c = client();
    const ticket = (await c.post('/api/account/password-reset/phone', { phoneNumber: phone })).body
      .ticket as string;
    const code = codeIn((await smsTo(phone, 'auth.password_reset_code'))[0]!.text);
    expect(await answer(c, ticket, 'quintanilla!!99xy', code)).toEqual([
      400,
      'newPassword',
      'password_contains_personal_info',
    ]);
    expect(await answer(c, ticket, 'a-brand-new-passphrase-31', code)).toEqual([
      200,
      undefined,
      undefined,
    ]);
    expect((await signInByPhone(phone, 'a-brand-new-passphrase-31')).status).toBe(200);
  });

  it('at most ten codes of a kind to one number a day', async () => {
    const phone = newPhone();
    await signUp(phone);
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      await nextMinute();
      statuses.push(
        (await client().post('/api/account/password-reset/phone', { phoneNumber: phone })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(await smsTo(phone, 'auth.password_reset_code')).toHaveLength(10);
  });
});

describe('the per-address counters', () => {
  it('belong to one server instance: another server in the same process counts for itself', async () => {
    const other = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const ip = '203.0.113.77';
      const attempt = (s: TestServer) =>
        s.client({ ip }).post('/api/account/password-reset/phone', { phoneNumber: newPhone() });
      const here = [];
      for (let i = 0; i < 11; i++) here.push((await attempt(server)).status);
      expect(here).toEqual([...Array(10).fill(200), 429]);
      // the same address on the other instance has not used any of its tries
      expect((await attempt(other)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
