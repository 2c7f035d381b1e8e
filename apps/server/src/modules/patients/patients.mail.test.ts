/**
 * Portal invitations leave through the outbox: queued with the invitation, delivered by the worker
 * to a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MINIMAL_PATIENT, startTestServer, type TestServer } from '../../test/harness';
import { startSmtpSink, waitForMail, type SmtpSink } from '../../test/smtp-sink';

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
    const [queued] = await server.sql<{ status: string; patient_id: string; language: null }>(
      "select status, patient_id, language from outbox_message where recipient = 'mail.patient@example.test'",
    );
    expect(queued).toMatchObject({ patient_id: patient.id, language: null });
    const [mail] = await waitForMail(smtp, 'mail.patient@example.test');
    expect(smtp.received.filter((m) => m.to.includes('mail.patient@example.test'))).toHaveLength(1);
    const body = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(res.body.link);
    // bilingual (the patient's language is not known yet), subject and text as before the outbox
    expect(body).toContain('invitaci');
    expect(body).toContain('Create your account with this link (valid for 7 days):');
    // the worker records the result right after the SMTP server accepted the message
    const deadline = Date.now() + 10_000;
    let sent: { status: string; attempts: number } | undefined;
    do {
      [sent] = await server.sql<{ status: string; attempts: number }>(
        "select status, attempts from outbox_message where recipient = 'mail.patient@example.test'",
      );
    } while (sent?.status === 'sending' && Date.now() < deadline);
    expect(sent).toEqual({ status: 'sent', attempts: 1 });

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

  it('a phone invitation waits in the outbox (no SMS provider): the link is returned to pass on', async () => {
    const specialist = await server.signIn(DEMO.specialist);
    const patient = (
      await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Phone Patient' })
    ).body;
    const res = await specialist.post(`/api/patients/${patient.id}/invite`, {
      phone: '+34 600 111 222',
    });
    expect(res.body).toMatchObject({ delivered: 'none' });
    expect(res.body.link).toContain('/register?invite=');
    const [sms] = await server.sql<{ channel: string; status: string; text: string }>(
      "select channel, status, text from outbox_message where recipient = '+34 600 111 222'",
    );
    expect(sms).toMatchObject({ channel: 'sms', status: 'queued' });
    expect(sms!.text).toContain(res.body.link);
  });
});
