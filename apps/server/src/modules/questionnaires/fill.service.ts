/**
 * Filling an assignment: drafts (resumable, guarded by `version`) and the one submission, scored by
 * `score()` of packages/clinical and stored with its answers. Rules (`evaluateRules`) turn into care-team
 * tasks in the submission's transaction: if anything fails, neither the response nor a task remains.
 * The same functions serve the patient signed in, the signed link and staff entering from paper.
 */
import {
  ClinicalInputError,
  definition,
  evaluateRules,
  score,
  validate,
  type RuleOutcome,
  type ScoreResult,
} from '@painlab/clinical';
import type { QuestionnaireSource, SubmitResult } from '@painlab/shared/questionnaires';
import { IDENTIFIED_VIEWERS } from '@painlab/shared/permissions';
import { appendAudit, type Actor, type Tx } from '../../audit/audit';
import { baseUrlOf, type Env } from '../../env';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { notifyAccount } from '../notifications/notifications.service';
import { createSystemTask, finishSystemTask } from '../tasks/tasks.service';
import { toResult } from './questionnaires.mapping';
import { event } from './questionnaires.policy';
import {
  completeAssignment,
  findLivePatient,
  insertResponse,
  lockAssignment,
  saveDraft,
  scheduleCreator,
  type AssignmentRow,
} from './questionnaires.repository';

const CODES: Record<string, string> = {
  'not-an-array': 'invalid_type',
  'wrong-length': 'wrong_length',
  'not-an-integer': 'not_an_integer',
  'out-of-range': 'out_of_range',
};

/** packages/clinical's refusal as a field error (`answers.<index>`), translated by the client. */
function asFieldError(error: unknown): never {
  if (error instanceof ClinicalInputError) {
    const code = CODES[error.code] ?? 'invalid_value';
    throw DomainError.invalidField(
      error.item ? `answers.${error.item - 1}` : 'answers',
      code,
      code,
    );
  }
  throw error;
}

/** The assignment locked, open, or a 404 / 409 (already submitted or cancelled). */
async function openAssignment(tx: Tx, id: string): Promise<AssignmentRow> {
  const row = await lockAssignment(tx, id);
  if (!row) throw DomainError.notFound();
  if (row.status !== 'open') throw DomainError.conflict();
  return row;
}

export async function saveDraftIn(
  tx: Tx,
  actor: Actor,
  id: string,
  answers: (number | null)[],
  version: number,
  source: QuestionnaireSource,
): Promise<{ version: number }> {
  const row = await openAssignment(tx, id);
  if (row.version !== version) throw DomainError.conflict();
  try {
    validate(definition(row.instrumentId), answers);
  } catch (error) {
    asFieldError(error);
  }
  const next = await saveDraft(tx, id, answers);
  await appendAudit(
    tx,
    event(actor, 'questionnaires.draft', id, row.patientId, {
      answered: answers.filter((a) => a !== null).length,
      source,
    }),
  );
  return { version: next };
}

/** The care team's task for a rule outcome: the patient's specialist, or the specialists' queue. */
async function careTeamTask(
  tx: Tx,
  outcome: RuleOutcome,
  patient: { id: string; assignedSpecialistId: string | null },
  today: string,
): Promise<string> {
  const base = {
    title: outcome.title.es,
    description: `${outcome.explanation.es}\n\n${outcome.title.en}\n${outcome.explanation.en}`,
    patientId: patient.id,
    dueDate: today,
    priority: outcome.severity === 'urgent' ? ('high' as const) : ('medium' as const),
    reason: `Regla clínica / clinical rule: ${outcome.ruleId}`,
    source: 'clinical-rules',
  };
  if (patient.assignedSpecialistId) {
    try {
      return await createSystemTask(tx, {
        ...base,
        assignee: { kind: 'user', userId: patient.assignedSpecialistId },
      });
    } catch (error) {
      // the specialist no longer qualifies (banned since): nothing was written, the queue gets it
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return createSystemTask(tx, { ...base, assignee: { kind: 'queue', role: 'specialist' } });
}

/** The chart's questionnaires tab of a patient (where staff read a response). */
export const chartQuestionnairesLink = (patientId: string) =>
  `/patients/${patientId}?tab=questionnaires`;

/**
 * A patient completed a questionnaire (signed in or through its link; ADR 0030): the staff who
 * scheduled it and the patient's specialist hear of it, in `tx`, in-app and by e-mail when they
 * would not see it; never the person who sent the answers, never anyone but active staff who may
 * see identified records. Answers entered from paper by staff tell nobody. Returns the ids to wake.
 */
async function noticeCompleted(
  tx: Tx,
  env: Env,
  actor: Actor,
  row: AssignmentRow,
  patient: { userId: string | null; assignedSpecialistId: string | null },
): Promise<string[]> {
  const recipients = new Set([
    await scheduleCreator(tx, row.scheduleId),
    patient.assignedSpecialistId,
  ]);
  const link = chartQuestionnairesLink(row.patientId);
  const woken: string[] = [];
  for (const recipientId of recipients) {
    if (!recipientId || recipientId === actor.userId) continue;
    const id = await notifyAccount(tx, {
      recipientId,
      type: 'questionnaire_completed',
      refId: row.id,
      link,
      actorId: actor.userId ?? patient.userId,
      roles: IDENTIFIED_VIEWERS,
      mail: {
        template: 'questionnaire.completed',
        params: { clinic: env.CLINIC_NAME, link: `${baseUrlOf(env)}${link}` },
        patientId: row.patientId,
        dedupeKey: `questionnaire-completed:${row.id}:${recipientId}`,
      },
    });
    if (id) woken.push(id);
  }
  return woken;
}

/**
 * Submits one response in its own transaction (`submitIn`) and, after the commit, wakes the open
 * pages of those it notified and the outbox. `before` runs once the assignment is locked.
 */
export async function submitResponse(
  deps: Deps,
  actor: Actor,
  id: string,
  answers: (number | null)[],
  entry: { source: QuestionnaireSource; enteredBy: string | null },
  before?: (tx: Tx, row: AssignmentRow) => Promise<void>,
): Promise<SubmitResult> {
  const { result, woken } = await deps.database.db.transaction((tx) =>
    submitIn(tx, deps.env, actor, id, answers, entry, before),
  );
  if (woken.length) {
    deps.realtime.wake(woken);
    deps.outbox.wake();
  }
  return result;
}

/**
 * Scores and stores the one response of an open assignment, runs its rules and makes their tasks,
 * and tells the staff it concerns (`noticeCompleted`), all in `tx`. `before` runs once the
 * assignment is locked (the link marks itself used there).
 */
async function submitIn(
  tx: Tx,
  env: Env,
  actor: Actor,
  id: string,
  answers: (number | null)[],
  entry: { source: QuestionnaireSource; enteredBy: string | null },
  before?: (tx: Tx, row: AssignmentRow) => Promise<void>,
): Promise<{ result: SubmitResult; woken: string[] }> {
  const row = await openAssignment(tx, id);
  if (before) await before(tx, row);
  let result: ScoreResult;
  try {
    result = score(row.instrumentId, answers);
  } catch (error) {
    asFieldError(error);
  }
  if (answers.every((a) => a === null))
    throw DomainError.invalidField('answers', 'required', 'no_answers');
  const outcomes = evaluateRules(row.instrumentId, result);
  const stored = await insertResponse(tx, {
    assignmentId: row.id,
    patientId: row.patientId,
    instrumentId: row.instrumentId,
    answers,
    scorable: result.scorable,
    total: result.total,
    subscales: { ...result.subscales },
    band: result.band,
    flags: result.flags.map((f) => ({ ...f })),
    missingItems: [...result.missingItems],
    rules: outcomes.map((o) => ({
      ruleId: o.ruleId,
      severity: o.severity,
      action: o.action,
      audience: o.audience,
      title: o.title,
      explanation: o.explanation,
    })),
    source: entry.source,
    enteredBy: entry.enteredBy,
  });
  await completeAssignment(tx, row.id);
  // the patient's task for it is done, whoever sent the answers
  if (row.taskId) await finishSystemTask(tx, row.taskId, 'questionnaires');
  const patient = await findLivePatient(tx, row.patientId);
  if (!patient) throw DomainError.notFound();
  const today = new Date().toISOString().slice(0, 10);
  const tasks: string[] = [];
  for (const outcome of outcomes)
    if (outcome.audience === 'care-team')
      tasks.push(await careTeamTask(tx, outcome, patient, today));
  const crisis = outcomes.find((o) => o.action === 'patient-crisis-resources');
  const woken = entry.source === 'paper' ? [] : await noticeCompleted(tx, env, actor, row, patient);
  await appendAudit(
    tx,
    event(actor, 'questionnaires.submit', row.id, row.patientId, {
      instrument: row.instrumentId,
      source: entry.source,
      onBehalf: entry.source === 'paper',
      rules: outcomes.map((o) => o.ruleId).join(',') || null,
      tasks: tasks.length,
    }),
  );
  return {
    result: {
      result: toResult(stored),
      showCrisisResources: crisis !== undefined,
      crisisResources: crisis?.resources ? crisis.resources.map((r) => ({ ...r })) : [],
    },
    woken,
  };
}
