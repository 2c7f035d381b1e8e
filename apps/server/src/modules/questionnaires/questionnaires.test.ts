/**
 * Questionnaires through the real server: assignment and schedules, the patient's task and notice,
 * filling through the signed link (expired, reused, tampered), scoring stored exactly as
 * packages/clinical computes it, the PHQ-9 item-9 rule in the submission's transaction, per-role
 * access and audit rows, bad input and two submissions at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { change, score } from '@painlab/clinical';
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
import { addDays, addMonths, occurrenceOn, releaseDue, todayUtc } from './due.service';

let server: TestServer;
const as = {} as Record<Role, ApiClient>;
const ids = {} as Record<Role, string>;
let anon: ApiClient;
let otherPatient: ApiClient;
/** The demo patient's own record (linked to the demo `user` account, with an e-mail) and another. */
let ownRecord: string;
let otherRecord: string;
let specialistOfOwn: string;
/** The responses the demo seed wrote (the tests below add their own, of other instruments too). */
let seededResponseIds: string[];

const userId = (email: string) => server.userId(email);

beforeAll(async () => {
  server = await startTestServer();
  seededResponseIds = (
    await server.sql<{ id: string }>('select id::text as id from questionnaire_response')
  ).map((r) => r.id);
  for (const role of ROLES) {
    as[role] = await server.signIn(DEMO[role]);
    ids[role] = await userId(DEMO[role]);
  }
  anon = server.client();
  await createAccount(server, {
    role: 'user',
    email: 'otro@quest.test',
    name: 'Otro Paciente',
    password: DEMO_PASSWORD,
  });
  otherPatient = await server.signIn('otro@quest.test');
  const a = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Lucía Cuestionario',
    email: 'lucia@quest.test',
  });
  const b = await as.specialist.post('/api/patients', {
    ...MINIMAL_PATIENT,
    name: 'Otro Paciente',
    contactNumber: '+34600111222',
  });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  ownRecord = a.body.id;
  otherRecord = b.body.id;
  specialistOfOwn = ids.specialist;
  await server.sql('update patient set user_id = $1, assigned_specialist_id = $2 where id = $3', [
    ids.user,
    specialistOfOwn,
    ownRecord,
  ]);
  await server.sql('update patient set user_id = $1 where id = $2', [
    await userId('otro@quest.test'),
    otherRecord,
  ]);
});
afterAll(() => server?.close());

async function assign(
  instrumentId: string,
  body: Record<string, unknown> = {},
  patient = ownRecord,
) {
  const res = await as.specialist.post(`/api/patients/${patient}/questionnaires/schedules`, {
    instrumentId,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    schedule: { id: string; nextDueOn: string | null; status: string };
    released: { id: string; version: number; dueOn: string }[];
  };
}

/** The token of the notice queued for an assignment (read from the outbox, as the patient would). */
async function tokenOf(assignmentId: string): Promise<string> {
  const [row] = await server.sql<{ text: string }>(
    'select text from outbox_message where dedupe_key = $1',
    [`questionnaire-due:${assignmentId}`],
  );
  const match = /\/cuestionario#([A-Za-z0-9_-]{43})/.exec(row!.text);
  return match![1]!;
}

const count = async (sqlText: string, params: unknown[] = []) =>
  Number(Object.values((await server.sql(sqlText, params))[0]!)[0]);

const put = (client: ApiClient, path: string, json: unknown) =>
  client.request('PUT', path, { json });

const BPI = [7, 2, 5, 4, 6, 5, 7, 3, 4, 6, 5];
const PHQ9_ITEM9 = [1, 2, 1, 2, 0, 1, 1, 0, 2];

describe('assigning', () => {
  it('a due assignment makes the patient a task and a bilingual notice with a link, in one go', async () => {
    const { schedule, released } = await assign('bpi');
    expect(schedule.status).toBe('finished'); // once
    expect(released).toHaveLength(1);
    const id = released[0]!.id;
    const [assignment] = await server.sql<{ task_id: string; due_on: string }>(
      'select task_id, due_on::text from questionnaire_assignment where id = $1',
      [id],
    );
    expect(assignment!.due_on).toBe(todayUtc());
    const [task] = await server.sql<{ assignee_user_id: string; patient_id: string }>(
      'select assignee_user_id, patient_id from task where id = $1',
      [assignment!.task_id],
    );
    expect(task).toEqual({ assignee_user_id: ids.user, patient_id: ownRecord });
    const [message] = await server.sql<{ recipient: string; text: string; template: string }>(
      'select recipient, text, template from outbox_message where dedupe_key = $1',
      [`questionnaire-due:${id}`],
    );
    expect(message!.recipient).toBe('lucia@quest.test');
    expect(message!.template).toBe('questionnaire.due');
    expect(message!.text).toContain('Brief Pain Inventory');
    expect(message!.text).toContain('cuestionario');
    // only a hash of the token is stored
    const token = await tokenOf(id);
    expect(
      await count('select count(*) from questionnaire_link where token_hash = $1', [token]),
    ).toBe(0);
    expect(
      await count(
        "select count(*) from audit_log where action = 'questionnaires.assign' and patient_id = $1",
        [ownRecord],
      ),
    ).toBeGreaterThan(0);
  });

  it('a patient without an e-mail gets the notice by SMS', async () => {
    const { released } = await assign('peg', {}, otherRecord);
    const [message] = await server.sql<{ channel: string; recipient: string }>(
      'select channel, recipient from outbox_message where dedupe_key = $1',
      [`questionnaire-due:${released[0]!.id}`],
    );
    expect(message).toEqual({ channel: 'sms', recipient: '+34600111222' });
  });

  it('a schedule releases each occurrence when due, once, until its end date', async () => {
    const start = addDays(todayUtc(), 3);
    const until = addDays(start, 8 * 7);
    const { schedule, released } = await assign('phq9', { everyWeeks: 4, startsOn: start, until });
    expect(released).toEqual([]);
    expect(schedule.nextDueOn).toBe(start);
    const mine = async () =>
      server.sql<{ due_on: string }>(
        'select due_on::text from questionnaire_assignment where schedule_id = $1 order by due_on',
        [schedule.id],
      );
    await releaseDue(server.deps, addDays(start, -1));
    expect(await mine()).toEqual([]);
    await releaseDue(server.deps, start);
    await releaseDue(server.deps, start); // again the same day: nothing more
    expect((await mine()).map((r) => r.due_on)).toEqual([start]);
    // a week late: the occurrence of week 4 is released, dated when it was due
    await releaseDue(server.deps, addDays(start, 5 * 7));
    expect((await mine()).map((r) => r.due_on)).toEqual([start, addDays(start, 28)]);
    await releaseDue(server.deps, addDays(start, 8 * 7));
    expect((await mine()).map((r) => r.due_on)).toEqual([
      start,
      addDays(start, 28),
      addDays(start, 56),
    ]);
    const [after] = await server.sql<{ status: string; next_due_on: string | null }>(
      'select status, next_due_on from questionnaire_schedule where id = $1',
      [schedule.id],
    );
    expect(after).toEqual({ status: 'finished', next_due_on: null });
  });

  const weekly = (first: string, everyWeeks: number | null, until: string | null) => ({
    nextDueOn: first,
    startsOn: first,
    everyWeeks,
    everyMonths: null,
    until,
  });

  it('occurrences: once, every N weeks, never past the end date', () => {
    expect(occurrenceOn(weekly('2026-01-05', null, null), '2026-03-01')).toEqual({
      dueOn: '2026-01-05',
      next: null,
    });
    expect(occurrenceOn(weekly('2026-01-05', 2, null), '2026-01-18')).toEqual({
      dueOn: '2026-01-05',
      next: '2026-01-19',
    });
    expect(occurrenceOn(weekly('2026-01-05', 2, '2026-01-25'), '2026-02-20')).toEqual({
      dueOn: '2026-01-19',
      next: null,
    });
  });

  it('calendar months: the start day, the last day of a shorter month, never drifting', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29'); // a leap year
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31'); // from the start, not from Feb 28
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-12-01', 12)).toBe('2027-12-01');
    const monthly = (startsOn: string, nextDueOn: string, every: number, until: string | null) => ({
      startsOn,
      nextDueOn,
      everyWeeks: null,
      everyMonths: every,
      until,
    });
    // due on its start; the next on the same day a month later
    expect(occurrenceOn(monthly('2026-01-31', '2026-01-31', 1, null), '2026-01-31')).toEqual({
      dueOn: '2026-01-31',
      next: '2026-02-28',
    });
    // released late (the server was down): the latest occurrence, then the next from the start
    expect(occurrenceOn(monthly('2026-01-31', '2026-02-28', 1, null), '2026-04-10')).toEqual({
      dueOn: '2026-03-31',
      next: '2026-04-30',
    });
    // every 3 months until a date: the last one within it, then none
    expect(
      occurrenceOn(monthly('2026-01-15', '2026-04-15', 3, '2026-09-30'), '2026-12-01'),
    ).toEqual({ dueOn: '2026-07-15', next: null });
    expect(
      occurrenceOn(monthly('2026-01-15', '2026-01-15', 3, '2026-04-14'), '2026-01-15'),
    ).toEqual({ dueOn: '2026-01-15', next: null });
  });

  it('a monthly schedule (PHQ-9 at intake and monthly) releases on the calendar day', async () => {
    const start = addDays(todayUtc(), 1);
    const { schedule } = await assign('phq9', { everyMonths: 1, startsOn: start });
    expect(schedule).toMatchObject({ everyMonths: 1, everyWeeks: null, nextDueOn: start });
    await releaseDue(server.deps, start);
    await releaseDue(server.deps, addMonths(start, 1));
    await releaseDue(server.deps, addDays(addMonths(start, 1), 3)); // nothing new three days on
    const due = await server.sql<{ due_on: string }>(
      'select due_on::text from questionnaire_assignment where schedule_id = $1 order by due_on',
      [schedule.id],
    );
    expect(due.map((r) => r.due_on)).toEqual([start, addMonths(start, 1)]);
    const [row] = await server.sql<{ next_due_on: string; every_months: number }>(
      'select next_due_on::text, every_months from questionnaire_schedule where id = $1',
      [schedule.id],
    );
    expect(row).toEqual({ next_due_on: addMonths(start, 2), every_months: 1 });
    await as.specialist.post(
      `/api/patients/${ownRecord}/questionnaires/schedules/${schedule.id}/stop`,
    );
  });

  it('a stopped schedule releases nothing more', async () => {
    const start = addDays(todayUtc(), 2);
    const { schedule } = await assign('gad7', { everyWeeks: 1, startsOn: start });
    const res = await as.specialist.post(
      `/api/patients/${ownRecord}/questionnaires/schedules/${schedule.id}/stop`,
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('stopped');
    await releaseDue(server.deps, addDays(start, 30));
    expect(
      await count('select count(*) from questionnaire_assignment where schedule_id = $1', [
        schedule.id,
      ]),
    ).toBe(0);
    const again = await as.specialist.post(
      `/api/patients/${ownRecord}/questionnaires/schedules/${schedule.id}/stop`,
    );
    expect(again.status).toBe(404);
  });

  it('bad schedules are 400s that change nothing', async () => {
    const before = await count('select count(*) from questionnaire_schedule');
    const url = `/api/patients/${ownRecord}/questionnaires/schedules`;
    for (const body of [
      { instrumentId: 'sf36' },
      { instrumentId: 'bpi', everyWeeks: 0 },
      { instrumentId: 'bpi', everyWeeks: 53 },
      { instrumentId: 'bpi', everyWeeks: 'four' },
      { instrumentId: 'bpi', everyMonths: 0 },
      { instrumentId: 'bpi', everyMonths: 13 },
      { instrumentId: 'bpi', everyMonths: 1.5 },
      { instrumentId: 'bpi', everyWeeks: 4, everyMonths: 1 },
      { instrumentId: 'bpi', startsOn: '2026-02-30' },
      { instrumentId: 'bpi', startsOn: '2020-01-01' },
      { instrumentId: 'bpi', everyWeeks: 2, startsOn: addDays(todayUtc(), 5), until: todayUtc() },
      { instrumentId: 'bpi', extra: true },
      { instrumentId: 'bpi\u0000' },
    ]) {
      const res = await as.specialist.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const es = await server.client({ lang: 'es' });
    es.cookies.clear();
    for (const [k, v] of as.specialist.cookies) es.cookies.set(k, v);
    const spanish = await es.post(url, { instrumentId: 'bpi', extra: 1 });
    expect(spanish.status).toBe(400);
    expect(spanish.body.error.message).toMatch(/[áéíóúñ]|solicitud|datos/i);
    expect(await count('select count(*) from questionnaire_schedule')).toBe(before);
  });
});

describe('filling through the signed link', () => {
  it("opens, saves a draft, resumes and submits once; the score is packages/clinical's", async () => {
    const { released } = await assign('bpi');
    const id = released[0]!.id;
    const token = await tokenOf(id);
    const opened = await anon.post('/api/questionnaire-links/open', { token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.patientFirstName).toBe('Lucía');
    expect(opened.body.assignment.instrumentId).toBe('bpi');
    const partial = [7, 2, null, null, null, null, null, null, null, null, null];
    const saved = await put(anon, '/api/questionnaire-links/draft', {
      token,
      answers: partial,
      version: opened.body.assignment.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await put(anon, '/api/questionnaire-links/draft', {
      token,
      answers: partial,
      version: opened.body.assignment.version,
    });
    expect(stale.status).toBe(409);
    const resumed = await anon.post('/api/questionnaire-links/open', { token });
    expect(resumed.body.assignment.draft).toEqual(partial);

    const submitted = await anon.post('/api/questionnaire-links/submit', { token, answers: BPI });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const expected = score('bpi', BPI);
    const result = submitted.body.result;
    expect(result.total).toBe(expected.total);
    expect(result.subscales).toEqual(expected.subscales);
    expect(result.band).toEqual(expected.band);
    expect(result.flags).toEqual(expected.flags);
    expect(result.scorable).toBe(true);
    expect(result.source).toBe('link');
    expect(submitted.body.showCrisisResources).toBe(false);
    const [stored] = await server.sql<{
      total: number;
      answers: number[];
      entered_by: string | null;
    }>('select total, answers, entered_by from questionnaire_response where assignment_id = $1', [
      id,
    ]);
    expect(stored).toEqual({ total: expected.total, answers: BPI, entered_by: null });
    // the patient's task for it is done, with its history
    const [task] = await server.sql<{ status: string; kind: string; actor_id: string | null }>(
      `select t.status, e.kind, e.actor_id from questionnaire_assignment a
         join task t on t.id = a.task_id
         join task_event e on e.task_id = t.id and e.to_status = 'done'
        where a.id = $1`,
      [id],
    );
    expect(task).toEqual({ status: 'done', kind: 'status', actor_id: null });

    // reused
    const again = await anon.post('/api/questionnaire-links/submit', { token, answers: BPI });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('link_used');
    const reopen = await server
      .client({ lang: 'es' })
      .post('/api/questionnaire-links/open', { token });
    expect(reopen.status).toBe(410);
    expect(reopen.body.error.message).toContain('ya se envió');
    expect(
      await count(
        "select count(*) from audit_log where action like 'questionnaires.%' and outcome = 'denied' and patient_id = $1 and details->>'reason' = 'link_used'",
        [ownRecord],
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it('a tampered or unknown token is 404 link_invalid; an expired one 410 link_expired', async () => {
    const { released } = await assign('peg');
    const id = released[0]!.id;
    const token = await tokenOf(id);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const bad of [flipped, token.slice(0, -1), `${token}x`, 'nonsense', '../../etc']) {
      const res = await anon.post('/api/questionnaire-links/open', { token: bad });
      expect(res.status, bad).toBe(404);
      expect(res.body.error.code).toBe('link_invalid');
    }
    const nul = await anon.post('/api/questionnaire-links/open', { token: `${token}\u0000` });
    expect(nul.status).toBe(400);
    const unknownField = await anon.post('/api/questionnaire-links/open', { token, id });
    expect(unknownField.status).toBe(400);

    await server.sql(
      "update questionnaire_link set expires_at = now() - interval '1 minute' where assignment_id = $1",
      [id],
    );
    const expired = await server.client({ lang: 'es' }).post('/api/questionnaire-links/submit', {
      token,
      answers: [3, 3, 3],
    });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('link_expired');
    expect(expired.body.error.message).toContain('caducado');
    expect(
      await count('select count(*) from questionnaire_response where assignment_id = $1', [id]),
    ).toBe(0);
    expect(
      await count(
        "select count(*) from audit_log where outcome = 'denied' and patient_id = $1 and details->>'reason' = 'link_expired'",
        [ownRecord],
      ),
    ).toBe(1);
  });
});

describe('rules', () => {
  it('PHQ-9 item 9 above 0 makes an urgent care-team task in the same transaction and asks for crisis resources', async () => {
    const { released } = await assign('phq9');
    const id = released[0]!.id;
    const res = await as.user.post(`/api/questionnaires/assignments/${id}/submit`, {
      answers: PHQ9_ITEM9,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.showCrisisResources).toBe(true);
    expect(res.body.crisisResources.map((r: { id: string }) => r.id)).toContain('es-024');
    expect(res.body.result.flags).toEqual([{ id: 'phq9-self-harm', item: 9 }]);
    expect(res.body.result.source).toBe('patient');
    const tasks = await server.sql<{
      priority: string;
      assignee_user_id: string;
      due_date: string;
      by_system: boolean;
    }>(
      "select priority, assignee_user_id, due_date::text, by_system from task where patient_id = $1 and reason like '%phq9-self-harm-urgent-task'",
      [ownRecord],
    );
    expect(tasks).toEqual([
      {
        priority: 'high',
        assignee_user_id: specialistOfOwn,
        due_date: todayUtc(),
        by_system: true,
      },
    ]);
  });

  it('when the submission fails after the task was written, neither the task nor the response remains', async () => {
    const { released } = await assign('phq9');
    const id = released[0]!.id;
    const tasksBefore = await count('select count(*) from task where patient_id = $1', [ownRecord]);
    // the audit row is written after the rule's task: make it fail
    await server.sql(`create or replace function quest_fail() returns trigger language plpgsql as $$
      begin
        if new.action = 'questionnaires.submit' and new.outcome = 'success' then
          raise exception 'forced failure';
        end if;
        return new;
      end $$`);
    await server.sql(
      'create trigger quest_fail before insert on audit_log for each row execute function quest_fail()',
    );
    try {
      const res = await as.user.post(`/api/questionnaires/assignments/${id}/submit`, {
        answers: PHQ9_ITEM9,
      });
      expect(res.status).toBe(500);
    } finally {
      await server.sql('drop trigger quest_fail on audit_log');
    }
    expect(await count('select count(*) from task where patient_id = $1', [ownRecord])).toBe(
      tasksBefore,
    );
    expect(
      await count('select count(*) from questionnaire_response where assignment_id = $1', [id]),
    ).toBe(0);
    const [row] = await server.sql<{ status: string }>(
      'select status from questionnaire_assignment where id = $1',
      [id],
    );
    expect(row!.status).toBe('open');
    // and it can be submitted afterwards
    const ok = await as.user.post(`/api/questionnaires/assignments/${id}/submit`, {
      answers: PHQ9_ITEM9,
    });
    expect(ok.status).toBe(201);
  });

  it('a PHQ-9 without item 9 above 0 makes no task and shows no crisis resources', async () => {
    const { released } = await assign('phq9');
    const before = await count('select count(*) from task where patient_id = $1', [ownRecord]);
    const res = await as.user.post(`/api/questionnaires/assignments/${released[0]!.id}/submit`, {
      answers: [0, 1, 0, 1, 0, 0, 0, 0, 0],
    });
    expect(res.status).toBe(201);
    expect(res.body.showCrisisResources).toBe(false);
    expect(await count('select count(*) from task where patient_id = $1', [ownRecord])).toBe(
      before,
    );
  });
});

describe('the advisory rules (PCS, TSK-17, STarT Back, DN4)', () => {
  // answers in published item order: one set that fires the rule at its threshold, one just below
  const cases: { instrument: string; rule: string; fires: number[]; quiet: number[] }[] = [
    // PCS total ≥ 30 (13 items 0–4): 30 fires, 29 does not
    {
      instrument: 'pcs',
      rule: 'pcs-psychology-referral',
      fires: [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 0, 0],
      quiet: [3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 1, 0, 0],
    },
    // TSK-17 total > 37 (1–4, items 4, 8, 12 and 16 reversed): 38 fires, 37 does not
    {
      instrument: 'tsk17',
      rule: 'tsk17-graded-exposure-referral',
      fires: [3, 3, 3, 2, 3, 3, 2, 2, 1, 1, 1, 2, 1, 2, 2, 2, 1],
      quiet: [3, 3, 3, 2, 3, 3, 2, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1],
    },
    // STarT Back high: psychosocial subscale (items 5–9) ≥ 4; item 9 counts for 3–4 only
    {
      instrument: 'startback',
      rule: 'startback-high-stratified-care',
      fires: [0, 0, 0, 0, 1, 1, 1, 0, 3],
      quiet: [1, 1, 1, 1, 1, 1, 1, 0, 2],
    },
    // DN4 ≥ 4 of 10 (yes = 1): 4 fires, 3 does not
    {
      instrument: 'dn4',
      rule: 'dn4-neuropathic-review',
      fires: [1, 1, 0, 1, 0, 0, 0, 1, 0, 0],
      quiet: [1, 1, 0, 1, 0, 0, 0, 0, 0, 0],
    },
  ];
  const ruleTasks = (rule: string) =>
    server.sql<{ priority: string; assignee_user_id: string; by_system: boolean }>(
      'select priority, assignee_user_id, by_system from task where patient_id = $1 and reason like $2',
      [ownRecord, `%${rule}`],
    );

  for (const c of cases)
    it(`${c.instrument}: at its threshold a care-team task (never urgent, no crisis resources); below it none`, async () => {
      const before = (await ruleTasks(c.rule)).length;
      const quiet = await assign(c.instrument);
      const q = await as.user.post(
        `/api/questionnaires/assignments/${quiet.released[0]!.id}/submit`,
        { answers: c.quiet },
      );
      expect(q.status, JSON.stringify(q.body)).toBe(201);
      expect(await ruleTasks(c.rule)).toHaveLength(before);

      const fires = await assign(c.instrument);
      const f = await as.user.post(
        `/api/questionnaires/assignments/${fires.released[0]!.id}/submit`,
        { answers: c.fires },
      );
      expect(f.status, JSON.stringify(f.body)).toBe(201);
      expect(f.body.showCrisisResources).toBe(false);
      const tasks = await ruleTasks(c.rule);
      expect(tasks).toHaveLength(before + 1);
      expect(tasks.at(-1)).toEqual({
        priority: 'medium',
        assignee_user_id: specialistOfOwn,
        by_system: true,
      });
    });
});

describe('bad input and concurrency', () => {
  it('wrong item count, out-of-range, non-integers, nothing answered: 400 naming the item, nothing stored', async () => {
    const { released } = await assign('phq9');
    const id = released[0]!.id;
    const url = `/api/questionnaires/assignments/${id}/submit`;
    const cases: [unknown, string][] = [
      [[0, 1, 2], 'answers'],
      [[0, 1, 2, 3, 0, 1, 2, 3, 4], 'answers.8'],
      [[0, 1, 2, 3, -1, 1, 2, 3, 0], 'answers.4'],
      [[0, 1.5, 2, 3, 0, 1, 2, 3, 0], 'answers.1'],
      [[null, null, null, null, null, null, null, null, null], 'answers'],
      [Array(41).fill(0), 'answers'],
      ['0,1,2', 'answers'],
    ];
    for (const [answers, path] of cases) {
      const res = await as.user.post(url, { answers });
      expect(res.status, JSON.stringify(answers)).toBe(400);
      expect(res.body.error.details[0].path, JSON.stringify(answers)).toBe(path);
    }
    expect((await as.user.post(url, { answers: PHQ9_ITEM9, score: 0 })).status).toBe(400);
    expect(
      await count('select count(*) from questionnaire_response where assignment_id = $1', [id]),
    ).toBe(0);
    expect(
      await count(
        "select count(*) from audit_log where action = 'questionnaires.submit' and outcome = 'denied' and record_id = $1",
        [id],
      ),
    ).toBeGreaterThan(0);
  });

  it('two tabs submitting at once: one wins, one is a 409, one score and one set of tasks', async () => {
    const { released } = await assign('phq9');
    const id = released[0]!.id;
    const tasksBefore = await count('select count(*) from task where patient_id = $1', [ownRecord]);
    const results = await Promise.all([
      as.user.post(`/api/questionnaires/assignments/${id}/submit`, { answers: PHQ9_ITEM9 }),
      as.user.post(`/api/questionnaires/assignments/${id}/submit`, { answers: PHQ9_ITEM9 }),
      as.specialist.post(`/api/questionnaires/assignments/${id}/submit`, { answers: PHQ9_ITEM9 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(
      await count('select count(*) from questionnaire_response where assignment_id = $1', [id]),
    ).toBe(1);
    expect(await count('select count(*) from task where patient_id = $1', [ownRecord])).toBe(
      tasksBefore + 1,
    );
  });

  it('a link and a signed-in submission at once: one wins', async () => {
    const { released } = await assign('peg');
    const id = released[0]!.id;
    const token = await tokenOf(id);
    const results = await Promise.all([
      anon.post('/api/questionnaire-links/submit', { token, answers: [5, 5, 5] }),
      as.user.post(`/api/questionnaires/assignments/${id}/submit`, { answers: [6, 6, 6] }),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      await count('select count(*) from questionnaire_response where assignment_id = $1', [id]),
    ).toBe(1);
  });
});

describe('access', () => {
  it('researchers are refused everything about a patient, audited with the patient id', async () => {
    const { released } = await assign('bpi');
    const id = released[0]!.id;
    const before = await count(
      "select count(*) from audit_log where outcome = 'denied' and patient_id = $1 and actor_user_id = $2",
      [ownRecord, ids.researcher],
    );
    expect((await as.researcher.get(`/api/patients/${ownRecord}/questionnaires`)).status).toBe(403);
    expect(
      (
        await as.researcher.post(`/api/patients/${ownRecord}/questionnaires/schedules`, {
          instrumentId: 'bpi',
        })
      ).status,
    ).toBe(403);
    expect((await as.researcher.get(`/api/questionnaires/assignments/${id}`)).status).toBe(403);
    expect(
      (await as.researcher.post(`/api/questionnaires/assignments/${id}/submit`, { answers: BPI }))
        .status,
    ).toBe(403);
    expect(
      await count(
        "select count(*) from audit_log where outcome = 'denied' and patient_id = $1 and actor_user_id = $2",
        [ownRecord, ids.researcher],
      ),
    ).toBe(before + 4);
  });

  it("a patient fills only their own; another's is a 404, audited; staff routes are refused", async () => {
    const { released } = await assign('bpi');
    const id = released[0]!.id;
    expect((await otherPatient.get(`/api/questionnaires/assignments/${id}`)).status).toBe(404);
    expect(
      (await otherPatient.post(`/api/questionnaires/assignments/${id}/submit`, { answers: BPI }))
        .status,
    ).toBe(404);
    expect(
      (
        await put(otherPatient, `/api/questionnaires/assignments/${id}/draft`, {
          answers: BPI,
          version: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      await count(
        "select count(*) from audit_log where outcome = 'denied' and record_id = $1 and details->>'reason' = 'not_own' and patient_id = $2",
        [id, ownRecord],
      ),
    ).toBe(3);
    expect((await as.user.get(`/api/patients/${ownRecord}/questionnaires`)).status).toBe(403);
    expect(
      (
        await as.user.post(`/api/patients/${ownRecord}/questionnaires/schedules`, {
          instrumentId: 'bpi',
        })
      ).status,
    ).toBe(403);
    // their own: open, draft, and listed in /mine
    const own = await as.user.get(`/api/questionnaires/assignments/${id}`);
    expect(own.status).toBe(200);
    const mine = await as.user.get('/api/questionnaires/mine');
    expect(mine.body.open.map((a: { id: string }) => a.id)).toContain(id);
    const others = await otherPatient.get('/api/questionnaires/mine');
    expect(others.body.open.map((a: { id: string }) => a.id)).not.toContain(id);
  });

  it('nobody signed in gets 401 on every signed-in route', async () => {
    const { released } = await assign('peg');
    const id = released[0]!.id;
    expect((await anon.get(`/api/patients/${ownRecord}/questionnaires`)).status).toBe(401);
    expect((await anon.get('/api/questionnaires/mine')).status).toBe(401);
    expect((await anon.get(`/api/questionnaires/assignments/${id}`)).status).toBe(401);
    expect(
      (await anon.post(`/api/questionnaires/assignments/${id}/submit`, { answers: [1, 1, 1] }))
        .status,
    ).toBe(401);
  });

  it("staff enter answers from paper on the patient's behalf, audited as such; results carry the change", async () => {
    const first = (await assign('bpi')).released[0]!.id;
    const second = (await assign('bpi')).released[0]!.id;
    const later = [3, 1, 2, 2, 3, 2, 3, 1, 2, 3, 2];
    const r1 = await as.admin.post(`/api/questionnaires/assignments/${first}/submit`, {
      answers: BPI,
    });
    const r2 = await as.specialist.post(`/api/questionnaires/assignments/${second}/submit`, {
      answers: later,
    });
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(r2.body.result.source).toBe('paper');
    const [audit] = await server.sql<{ details: Record<string, unknown>; actor_user_id: string }>(
      "select details, actor_user_id from audit_log where action = 'questionnaires.submit' and record_id = $1 and outcome = 'success'",
      [second],
    );
    expect(audit!.actor_user_id).toBe(ids.specialist);
    expect(audit!.details.onBehalf).toBe(true);
    const [entered] = await server.sql<{ entered_by: string; source: string }>(
      'select entered_by, source from questionnaire_response where assignment_id = $1',
      [second],
    );
    expect(entered).toEqual({ entered_by: ids.specialist, source: 'paper' });

    const overview = await as.specialist.get(`/api/patients/${ownRecord}/questionnaires`);
    expect(overview.status).toBe(200);
    const bpi = overview.body.series.find(
      (s: { instrumentId: string }) => s.instrumentId === 'bpi',
    );
    const results = bpi.results as { total: number }[];
    expect(results.length).toBeGreaterThanOrEqual(2);
    const firstStored = score('bpi', BPI);
    const firstSeen = (bpi.results as { answers: number[] }[])[0]!.answers;
    const expected = change('bpi', score('bpi', firstSeen), score('bpi', later));
    expect(bpi.change).toEqual(expected.measures);
    expect(firstStored.scorable).toBe(true);
    expect(
      await count(
        "select count(*) from audit_log where action = 'questionnaires.view' and patient_id = $1 and actor_user_id = $2",
        [ownRecord, ids.specialist],
      ),
    ).toBeGreaterThan(0);
  });
});

describe('demo data', () => {
  it('seeds months of BPI, PHQ-9 and PEG results scored by packages/clinical, and releases nothing at start', async () => {
    const rows = await server.sql<{
      instrument_id: string;
      answers: number[];
      total: number | null;
      n: number;
    }>(
      `select instrument_id, answers, total,
              count(*) over (partition by patient_id, instrument_id)::int as n
         from questionnaire_response
        where id::text = any($1)`,
      [seededResponseIds],
    );
    const instruments = new Set(rows.map((r) => r.instrument_id));
    expect(instruments).toEqual(new Set(['bpi', 'phq9', 'peg']));
    expect(Math.max(...rows.map((r) => r.n))).toBeGreaterThanOrEqual(5);
    for (const r of rows) expect(r.total).toBe(score(r.instrument_id as 'bpi', r.answers).total);
    const [span] = await server.sql<{ days: number }>(
      'select (max(submitted_at)::date - min(submitted_at)::date) as days from questionnaire_response where id::text = any($1)',
      [seededResponseIds],
    );
    expect(span!.days).toBeGreaterThan(90);
  });
});
