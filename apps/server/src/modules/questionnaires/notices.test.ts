/**
 * "Questionnaire completed" notices through the real server (ADR 0030): a patient's submission,
 * signed in or through the single-use link, tells the staff who scheduled it and the patient's
 * specialist (once each), in-app with a link to the chart's questionnaires tab and by a minimal
 * e-mail when they would not see it; never the patient, never staff entering answers from paper,
 * never someone whose preferences say no, never a researcher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@painlab/shared/permissions';
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
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
/** The scheduler (who assigns) and the patients' specialist. */
let assigner: { id: string; client: ApiClient };
let specialistOf: { id: string; client: ApiClient };
let withAccount: string;
let withoutAccount: string;

const BPI = [7, 2, 5, 4, 6, 5, 7, 3, 4, 6, 5];

const userId = (email: string) => server.userId(email);

async function staff(email: string, name: string) {
  await createAccount(server, { role: 'specialist', email, name, password: DEMO_PASSWORD });
  return { id: await userId(email), client: await server.signIn(email) };
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  assigner = await staff('asigna@qnotices.test', 'Dr. Asigna');
  specialistOf = await staff('lleva@qnotices.test', 'Dra. Lleva');
  const a = await as.admin.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Lola Cuenta',
    email: 'lola@qnotices.test',
  });
  const b = await as.admin.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Sin Cuenta',
    email: 'sincuenta@qnotices.test',
  });
  withAccount = a.body.id;
  withoutAccount = b.body.id;
  await server.sql('update patient set user_id = $1, assigned_specialist_id = $2 where id = $3', [
    ids.user,
    specialistOf.id,
    withAccount,
  ]);
  await server.sql('update patient set assigned_specialist_id = $1 where id = $2', [
    specialistOf.id,
    withoutAccount,
  ]);
});
afterAll(() => server?.close());

/** Assigns a BPI due today (released at once) as `by`; returns the assignment's id. */
async function assign(patient: string, by: ApiClient = assigner.client): Promise<string> {
  const res = await by.post(`/api/patients/${patient}/questionnaires/schedules`, {
    instrumentId: 'bpi',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.released[0].id as string;
}

const notices = (assignmentId: string) =>
  server.sql<{ recipient_id: string; type: string; link: string; actor_id: string | null }>(
    'select recipient_id, type, link, actor_id from notification where ref_id = $1 order by recipient_id',
    [assignmentId],
  );
const mails = (assignmentId: string) =>
  server.sql<{ recipient: string; subject: string; text: string }>(
    `select recipient, subject, text from outbox_message
     where template = 'questionnaire.completed' and dedupe_key like $1 order by recipient`,
    [`%:${assignmentId}:%`],
  );

async function tokenOf(assignmentId: string): Promise<string> {
  const [row] = await server.sql<{ text: string }>(
    'select text from outbox_message where dedupe_key = $1',
    [`questionnaire-due:${assignmentId}`],
  );
  return /\/cuestionario#([A-Za-z0-9_-]{43})/.exec(row!.text)![1]!;
}

describe('a questionnaire completed', () => {
  it('by the patient signed in: the assigner and the specialist hear of it, linked to the chart tab', async () => {
    const id = await assign(withAccount);
    const res = await as.user.post(`/api/questionnaires/assignments/${id}/submit`, {
      answers: BPI,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await notices(id);
    expect(got.map((n) => n.recipient_id).sort()).toEqual([assigner.id, specialistOf.id].sort());
    for (const n of got)
      expect(n).toMatchObject({
        type: 'questionnaire_completed',
        link: `/patients/${withAccount}?tab=questionnaires`,
        actor_id: ids.user,
      });
    const list = (await specialistOf.client.get('/api/notifications?unread=true')).body;
    expect(
      list.items.find((n: { type: string }) => n.type === 'questionnaire_completed'),
    ).toMatchObject({ link: `/patients/${withAccount}?tab=questionnaires` });
    // neither was online: a minimal e-mail each, without the patient, instrument or score
    const sent = await mails(id);
    expect(sent.map((m) => m.recipient)).toEqual(['asigna@qnotices.test', 'lleva@qnotices.test']);
    for (const m of sent) {
      expect(m.text).toContain(`/patients/${withAccount}?tab=questionnaires`);
      expect(m.text).not.toContain('Lola');
      expect(m.text).not.toMatch(/BPI|Brief Pain/i);
    }
  });

  it('through the single-use link without signing in (a patient without an account): the staff hear of it', async () => {
    const id = await assign(withoutAccount);
    const res = await server.client().post('/api/questionnaire-links/submit', {
      token: await tokenOf(id),
      answers: BPI,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await notices(id);
    expect(got.map((n) => n.recipient_id).sort()).toEqual([assigner.id, specialistOf.id].sort());
    expect(got.every((n) => n.actor_id === null)).toBe(true);
  });

  it('the specialist who assigned it is told once; staff entering answers from paper tell nobody', async () => {
    const once = await assign(withAccount, specialistOf.client);
    await as.user.post(`/api/questionnaires/assignments/${once}/submit`, { answers: BPI });
    expect((await notices(once)).map((n) => n.recipient_id)).toEqual([specialistOf.id]);
    const paper = await assign(withAccount);
    const res = await assigner.client.post(`/api/questionnaires/assignments/${paper}/submit`, {
      answers: BPI,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await notices(paper)).toEqual([]);
    expect(await mails(paper)).toEqual([]);
  });
});

describe('who is never told', () => {
  it('preferences off: nothing for that person', async () => {
    await setPreference(specialistOf.client, 'questionnaire', { inApp: false, email: false });
    try {
      const id = await assign(withAccount);
      await as.user.post(`/api/questionnaires/assignments/${id}/submit`, { answers: BPI });
      expect((await notices(id)).map((n) => n.recipient_id)).toEqual([assigner.id]);
      expect((await mails(id)).map((m) => m.recipient)).toEqual(['asigna@qnotices.test']);
    } finally {
      await setPreference(specialistOf.client, 'questionnaire', {});
    }
  });

  it('a researcher (who scheduled it, then changed role) is never told; the patient never', async () => {
    const id = await assign(withAccount);
    await server.sql(`update "user" set role = 'researcher' where id = $1`, [assigner.id]);
    try {
      await as.user.post(`/api/questionnaires/assignments/${id}/submit`, { answers: BPI });
      expect((await notices(id)).map((n) => n.recipient_id)).toEqual([specialistOf.id]);
      expect(
        await server.sql(
          "select 1 from notification where type = 'questionnaire_completed' and recipient_id in ($1, $2)",
          [ids.researcher, ids.user],
        ),
      ).toEqual([]);
    } finally {
      await server.sql(`update "user" set role = 'specialist' where id = $1`, [assigner.id]);
    }
  });
});
