/** REGISTRATION_OPEN=false: nobody signs up, except the holder of a usable portal invitation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../test/harness';

let server: TestServer;
let specialist: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ REGISTRATION_OPEN: 'false' });
  specialist = await server.signIn(DEMO.specialist);
});
afterAll(() => server?.close());

const userCount = async () =>
  Number((await server.sql<{ n: string }>('select count(*)::text as n from "user"'))[0]!.n);
const account = (email: string) => ({
  name: 'Paciente Invitada',
  email,
  password: 'a-long-enough-password',
});

async function invitedPatient(name: string) {
  const created = await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name });
  expect(created.status).toBe(201);
  const invite = await specialist.post(`/api/patients/${created.body.id}/invite`, {
    email: 'invitada@example.test',
  });
  expect(invite.status).toBe(200);
  return {
    id: created.body.id as string,
    token: new URL(invite.body.link).searchParams.get('invite')!,
  };
}

describe('closed registration', () => {
  it('the public config says so, and a plain sign-up is refused, audited and creates nothing', async () => {
    expect((await server.client().get('/api/config')).body.registrationOpen).toBe(false);
    const before = await userCount();
    const res = await server
      .client()
      .post('/api/auth/sign-up/email', account('plain@example.test'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('REGISTRATION_CLOSED');
    expect(await userCount()).toBe(before);
    const [row] = await server.sql<{ outcome: string; details: { status: number; code: string } }>(
      "select outcome, details from audit_log where action = 'auth.sign_up' order by id desc limit 1",
    );
    expect(row).toMatchObject({
      outcome: 'failure',
      details: { status: 403, code: 'REGISTRATION_CLOSED' },
    });
  });

  it('sign-up with a phone number is refused too (403 registration_closed), audited, no SMS', async () => {
    const before = await userCount();
    const res = await server.client().post('/api/account/sign-up/phone', {
      name: 'Paciente Invitada',
      phoneNumber: '+34600999111',
      password: 'a-long-enough-password',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('registration_closed');
    expect(await userCount()).toBe(before);
    expect(
      await server.sql("select id from outbox_message where recipient = '+34600999111'"),
    ).toHaveLength(0);
    const [row] = await server.sql<{ outcome: string; details: { reason: string } }>(
      "select outcome, details from audit_log where action = 'auth.sign_up_phone' order by occurred_at desc limit 1",
    );
    expect(row).toMatchObject({ outcome: 'denied', details: { reason: 'registration_closed' } });
  });

  it('an unknown or oversized invitation token does not open it', async () => {
    const before = await userCount();
    // an unknown token gets the same answer as a taken e-mail (no account is made; nothing is revealed)
    const unknown = await server
      .client()
      .post('/api/auth/sign-up/email', account('guess@example.test'), {
        'x-painlab-invite': 'not-a-real-token',
      });
    expect(unknown.status).toBe(200);
    expect(unknown.body.token).toBeNull();
    const oversized = await server
      .client()
      .post('/api/auth/sign-up/email', account('guess@example.test'), {
        'x-painlab-invite': 'x'.repeat(5000),
      });
    expect(oversized.status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('the holder of an invitation signs up and links the record; once used, the invitation opens nothing', async () => {
    const { id, token } = await invitedPatient('Invitada Registro Cerrado');
    const patient = server.client();
    const signUp = await patient.post('/api/auth/sign-up/email', account('invitada@example.test'), {
      'x-painlab-invite': token,
    });
    expect(signUp.status).toBe(200);
    // sign-up does not sign in (the same answer whether or not the e-mail was taken): the web app signs in next
    expect(
      (
        await patient.post('/api/auth/sign-in/email', {
          email: 'invitada@example.test',
          password: 'a-long-enough-password',
        })
      ).status,
    ).toBe(200);
    expect((await patient.post('/api/portal/claim', { token })).status).toBe(200);
    expect((await patient.get('/api/portal/record')).body).toMatchObject({
      id,
      portal: { state: 'linked' },
    });

    const before = await userCount();
    const again = await server
      .client()
      .post('/api/auth/sign-up/email', account('second@example.test'), {
        'x-painlab-invite': token,
      });
    expect(again.status).toBe(200);
    expect(await userCount()).toBe(before);
  });

  it('one invitation creates one account, even with sign-ups racing; a taken e-mail does not use it up', async () => {
    const { token } = await invitedPatient('Invitada Carrera');
    const taken = await server
      .client()
      .post('/api/auth/sign-up/email', account(DEMO.specialist), { 'x-painlab-invite': token });
    expect(taken.status).toBe(200);

    const before = await userCount();
    const race = await Promise.all(
      ['race-a', 'race-b', 'race-c'].map((who) =>
        server.client().post('/api/auth/sign-up/email', account(`${who}@example.test`), {
          'x-painlab-invite': token,
        }),
      ),
    );
    expect(race.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await userCount()).toBe(before + 1);
  });
});

describe('closed registration under the sign-up rate limit', () => {
  it('refused sign-ups count against the limit like any other (the 4th in the window is 429)', async () => {
    const limited = await startTestServer({
      REGISTRATION_OPEN: 'false',
      RATE_LIMIT_AUTH_MAX: '3',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited
          .client({ ip: '203.0.113.9' })
          .post('/api/auth/sign-up/email', account(`flood-${i}@example.test`), {
            'x-painlab-invite': 'guess',
          });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  }, 180_000);
});
