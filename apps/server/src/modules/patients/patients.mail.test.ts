/** Portal invitations by e-mail through a real SMTP server on loopback. */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, freePort, startTestServer, type TestServer } from '../../test/harness';

const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Pain Lab <clinic@painlab.test>' });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('invitation e-mail', () => {
  it('is sent through SMTP with a working link, and the patient can claim with it', async () => {
    const specialist = await server.signIn(DEMO.specialist);
    const patient = (
      await specialist.post('/api/patients', { name: 'Mail Patient', birthDate: '1990-01-01', gender: 'female', category: 'other', priority: 'low' })
    ).body;
    const res = await specialist.post(`/api/patients/${patient.id}/invite`, { email: 'mail.patient@example.test' });
    expect(res.status).toBe(200);
    expect(res.body.delivered).toBe('email');
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['mail.patient@example.test']);
    const body = received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(res.body.link);

    const token = new URL(res.body.link).searchParams.get('invite')!;
    const newcomer = server.client();
    await newcomer.post('/api/auth/sign-up/email', { name: 'Mail Patient', email: 'mail.patient@example.test', password: 'a-long-enough-password' });
    expect((await newcomer.post('/api/portal/claim', { token })).status).toBe(200);
    expect((await newcomer.get('/api/portal/record')).body.name).toBe('Mail Patient');
  });

  it('a phone invitation is not sent (no SMS gateway): the link is returned to pass on', async () => {
    const specialist = await server.signIn(DEMO.specialist);
    const patient = (
      await specialist.post('/api/patients', { name: 'Phone Patient', birthDate: '1990-01-01', gender: 'male', category: 'other', priority: 'low' })
    ).body;
    const res = await specialist.post(`/api/patients/${patient.id}/invite`, { phone: '+34 600 111 222' });
    expect(res.body).toMatchObject({ delivered: 'none' });
    expect(res.body.link).toContain('/register?invite=');
  });
});
