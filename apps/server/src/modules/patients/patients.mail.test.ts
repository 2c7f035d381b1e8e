/** Portal invitations by e-mail through a real SMTP server on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MINIMAL_PATIENT, startTestServer, type TestServer } from '../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Pain Lab <clinic@painlab.test>',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('invitation e-mail', () => {
  it('is sent through SMTP with a working link, and the patient can claim with it', async () => {
    const specialist = await server.signIn(DEMO.specialist);
    const patient = (
      await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Mail Patient' })
    ).body;
    const res = await specialist.post(`/api/patients/${patient.id}/invite`, {
      email: 'mail.patient@example.test',
    });
    expect(res.status).toBe(200);
    expect(res.body.delivered).toBe('email');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['mail.patient@example.test']);
    const body = smtp.received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(res.body.link);

    const token = new URL(res.body.link).searchParams.get('invite')!;
    const newcomer = server.client();
    await newcomer.signUp({
      name: 'Mail Patient',
      email: 'mail.patient@example.test',
      password: 'a-long-enough-password',
    });
    expect((await newcomer.post('/api/portal/claim', { token })).status).toBe(200);
    expect((await newcomer.get('/api/portal/record')).body.name).toBe('Mail Patient');
  });

  it('a phone invitation is not sent (no SMS gateway): the link is returned to pass on', async () => {
    const specialist = await server.signIn(DEMO.specialist);
    const patient = (
      await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Phone Patient' })
    ).body;
    const res = await specialist.post(`/api/patients/${patient.id}/invite`, {
      phone: '+34 600 111 222',
    });
    expect(res.body).toMatchObject({ delivered: 'none' });
    expect(res.body.link).toContain('/register?invite=');
  });
});
