/**
 * Treatment-plan notices through the real server: when staff start a patient's plan or revise the
 * active one, the patient's portal account is told in-app (linking to /my-plan) and, when they would
 * not see it, by a minimal e-mail without anything of the plan; a draft's changes, closing a plan, a
 * patient without an account, someone who turned the notices off, and a refused activation tell
 * nobody; staff are never told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  DEMO,
  DEMO_PASSWORD,
  MINIMAL_PATIENT,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../../test/harness';
import { setPreference } from '../../test/notices';

let server: TestServer;
let specialist: ApiClient;
let specialistId: string;
let patient: { id: string; client: ApiClient; record: string };
let withoutAccount: string;

const userId = (email: string) => server.userId(email);

async function patientWithAccount(email: string, name: string) {
  await createAccount(server, { role: 'user', email, name, password: DEMO_PASSWORD });
  const id = await userId(email);
  const created = await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name, email });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await server.sql('update patient set user_id = $1 where id = $2', [id, created.body.id]);
  return { id, client: await server.signIn(email), record: created.body.id as string };
}

beforeAll(async () => {
  server = await startTestServer();
  specialist = await server.signIn(DEMO.specialist);
  specialistId = await userId(DEMO.specialist);
  patient = await patientWithAccount('ana@plannotices.test', 'Ana Avisos');
  const b = await specialist.post('/api/patients', { ...MINIMAL_PATIENT, name: 'Sin Cuenta' });
  withoutAccount = b.body.id;
});
afterAll(() => server?.close());

type Plan = { id: string; version: number; content: Record<string, unknown> };

async function createPlan(patientId: string): Promise<Plan> {
  const res = await specialist.post('/api/treatments', {
    patientId,
    title: 'Lumbalgia: plan confidencial',
    summary: 'Ejercicio y educación en dolor.',
    startsOn: '2030-01-10',
    reviewOn: '2030-02-10',
    problems: [{ text: 'Lumbalgia crónica' }],
    goals: [{ text: 'Caminar 30 minutos' }],
    interventions: [{ kind: 'medication', title: 'Pregabalina 75 mg', frequency: 'daily' }],
    clinicianIds: [specialistId],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Plan;
}

async function setStatus(plan: Plan, status: string) {
  return specialist.post(`/api/treatments/${plan.id}/status`, { status, version: plan.version });
}

async function revise(plan: Plan, title: string) {
  const { problems, goals, interventions } = plan.content;
  const res = await specialist.request('PATCH', `/api/treatments/${plan.id}`, {
    json: {
      title,
      summary: 'Ejercicio y educación en dolor.',
      startsOn: '2030-01-10',
      reviewOn: '2030-02-10',
      problems,
      goals,
      interventions,
      clinicianIds: [specialistId],
      version: plan.version,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Plan;
}

const notices = (planId: string) =>
  server.sql<{ recipient_id: string; type: string; link: string; actor_id: string; count: number }>(
    'select recipient_id, type, link, actor_id, count from notification where ref_id = $1 order by created_at',
    [planId],
  );
const mails = (planId: string) =>
  server.sql<{ recipient: string; subject: string; text: string; dedupe_key: string }>(
    `select recipient, subject, text, dedupe_key from outbox_message
     where template = 'treatments.plan_notice' and dedupe_key like $1 order by created_at`,
    [`%:${planId}:%`],
  );

describe('a patient is told when their plan starts or changes', () => {
  it('drafts tell nobody; starting and revising the active plan tell the patient, in-app and by e-mail without content', async () => {
    let plan = await createPlan(patient.record);
    plan = await revise(plan, 'Lumbalgia: borrador revisado');
    expect(await notices(plan.id)).toEqual([]);

    const started = await setStatus(plan, 'active');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    plan = started.body;
    expect(await notices(plan.id)).toEqual([
      {
        recipient_id: patient.id,
        type: 'plan_started',
        link: '/my-plan',
        actor_id: specialistId,
        count: 1,
      },
    ]);

    plan = await revise(plan, 'Lumbalgia: plan revisado');
    const rows = await notices(plan.id);
    expect(rows.map((r) => [r.recipient_id, r.type])).toEqual([
      [patient.id, 'plan_started'],
      [patient.id, 'plan_revised'],
    ]);

    // nobody had a stream open: both went by e-mail too, once each, with nothing of the plan
    const sent = await mails(plan.id);
    expect(sent.map((m) => m.dedupe_key)).toEqual([
      `plan-started:${plan.id}:${plan.version - 1}`,
      `plan-revised:${plan.id}:${plan.version}`,
    ]);
    for (const m of sent) {
      expect(m.recipient).toBe('ana@plannotices.test');
      expect(m.text).toContain('/my-plan');
      for (const secret of ['Lumbalgia', 'Pregabalina', 'Caminar', 'Ana'])
        expect(m.text).not.toContain(secret);
    }
    expect(sent[0]!.subject).toMatch(/treatment plan/);
    expect(sent[1]!.text).toMatch(/updated your treatment plan|ha actualizado su plan/);

    // the patient reads it in their bell, with the specialist as the actor
    const bell = await patient.client.get('/api/notifications');
    expect(bell.status).toBe(200);
    const types = (bell.body.items as { type: string; link: string; actor: string | null }[])
      .filter((n) => n.link === '/my-plan')
      .map((n) => n.type)
      .sort();
    expect(types).toEqual(['plan_revised', 'plan_started']);

    // closing the plan tells nobody; staff are never told
    expect((await setStatus(plan, 'completed')).status).toBe(200);
    expect((await notices(plan.id)).length).toBe(2);
    expect(
      await server.sql(
        "select 1 from notification where recipient_id = $1 and type like 'plan_%'",
        [specialistId],
      ),
    ).toEqual([]);
  });

  it('a patient without a portal account is told nothing', async () => {
    const plan = await createPlan(withoutAccount);
    expect((await setStatus(plan, 'active')).status).toBe(200);
    expect(await notices(plan.id)).toEqual([]);
    expect(await mails(plan.id)).toEqual([]);
  });

  it('a refused activation (another plan is active) tells nothing', async () => {
    const first = await createPlan(patient.record);
    const second = await createPlan(patient.record);
    expect((await setStatus(first, 'active')).status).toBe(200);
    const refused = await setStatus(second, 'active');
    expect(refused.status).toBe(409);
    expect(await notices(second.id)).toEqual([]);
    expect(await mails(second.id)).toEqual([]);
  });

  it('with plan notices turned off, nothing in-app and no e-mail', async () => {
    const quiet = await patientWithAccount('quieto@plannotices.test', 'Quieto Avisos');
    await setPreference(quiet.client, 'plan', { inApp: false, email: false });
    const plan = await createPlan(quiet.record);
    expect((await setStatus(plan, 'active')).status).toBe(200);
    expect(await notices(plan.id)).toEqual([]);
    expect(await mails(plan.id)).toEqual([]);
  });
});
