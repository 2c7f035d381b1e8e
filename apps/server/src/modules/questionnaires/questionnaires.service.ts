/**
 * Questionnaires for signed-in callers: staff assign (once or on a schedule), read a patient's results
 * and enter answers from paper; a patient reads and fills their own. Filling: `fill.service.ts`;
 * releasing due occurrences: `due.service.ts`; the signed link: `link.service.ts`.
 */
import type {
  CreateScheduleInput,
  FillView,
  MyQuestionnaires,
  QuestionnaireOverview,
  QuestionnaireSchedule,
  SubmitResult,
} from '@painlab/shared/questionnaires';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { addDays, releaseNew, todayUtc } from './due.service';
import { saveDraftIn, submitResponse } from './fill.service';
import { toAssignment, toResult, toSchedule, toSeries } from './questionnaires.mapping';
import {
  auditingRefusals,
  event,
  isStaff,
  refuse,
  requireStaff,
  type Viewer,
} from './questionnaires.policy';
import {
  findAssignment,
  findLivePatient,
  findPatientIdOfUser,
  insertSchedule,
  latestScoredOf,
  openAssignmentsOf,
  responsesOf,
  schedulesOf,
  scoredSeriesOf,
  stopSchedule,
  type AssignmentRow,
} from './questionnaires.repository';
import { isUuid } from '../../lib/uuid';

export type { Viewer } from './questionnaires.policy';
/** For the patient's FHIR export (patients module). */
export { questionnaireFhirEntries, resultsForExport } from './fhir.service';

/** Ids are UUIDs; anything else names no record. */
export function recordId(id: string): string {
  if (!isUuid(id)) throw DomainError.notFound();
  return id.toLowerCase();
}

type ScheduleInput = Omit<CreateScheduleInput, 'instrumentId'> & {
  instrumentId: QuestionnaireSchedule['instrumentId'];
};

export async function createSchedule(
  deps: Deps,
  viewer: Viewer,
  patientId: string,
  input: ScheduleInput,
) {
  await requireStaff(deps, viewer, 'questionnaires.assign', patientId, 'edit');
  const today = todayUtc();
  const startsOn = input.startsOn ?? today;
  // the client's "today" may be a day behind UTC; earlier than that is a mistake
  if (startsOn < addDays(today, -1))
    throw DomainError.invalidField('startsOn', 'invalid_value', 'date_in_past');
  const everyWeeks = input.everyWeeks ?? null;
  const everyMonths = input.everyMonths ?? null;
  const until = everyWeeks || everyMonths ? (input.until ?? null) : null;
  if (until && until < startsOn)
    throw DomainError.invalidField('until', 'invalid_value', 'until_before_start');
  const out = await auditingRefusals(
    deps,
    viewer,
    'questionnaires.assign',
    { recordId: null, patientId },
    () =>
      deps.database.db.transaction(async (tx) => {
        if (!(await findLivePatient(tx, patientId))) throw DomainError.notFound();
        const schedule = await insertSchedule(tx, {
          patientId,
          instrumentId: input.instrumentId,
          everyWeeks,
          everyMonths,
          startsOn,
          until,
          nextDueOn: startsOn,
          createdBy: viewer.userId,
        });
        const first = await releaseNew(deps, tx, schedule.id, today);
        await appendAudit(
          tx,
          event(viewer, 'questionnaires.assign', schedule.id, patientId, {
            instrument: input.instrumentId,
            everyWeeks,
            everyMonths,
            startsOn,
            until,
          }),
        );
        const [current] = (await schedulesOf(tx, patientId)).filter((s) => s.id === schedule.id);
        return {
          schedule: toSchedule(current ?? schedule),
          released: first ? [toAssignment(first)] : [],
        };
      }),
  );
  deps.outbox.wake();
  return out;
}

export async function stop(deps: Deps, viewer: Viewer, patientId: string, scheduleId: string) {
  await requireStaff(deps, viewer, 'questionnaires.stop', patientId, 'edit');
  return auditingRefusals(
    deps,
    viewer,
    'questionnaires.stop',
    { recordId: scheduleId, patientId },
    () =>
      deps.database.db.transaction(async (tx) => {
        if (!(await stopSchedule(tx, scheduleId, patientId))) throw DomainError.notFound();
        await appendAudit(tx, event(viewer, 'questionnaires.stop', scheduleId, patientId));
        const [row] = (await schedulesOf(tx, patientId)).filter((s) => s.id === scheduleId);
        return toSchedule(row!);
      }),
  );
}

/** A patient's schedules, open assignments and results per instrument (staff), audited. */
export async function overview(
  deps: Deps,
  viewer: Viewer,
  patientId: string,
): Promise<QuestionnaireOverview> {
  await requireStaff(deps, viewer, 'questionnaires.view', patientId, 'view');
  return deps.database.db.transaction(async (tx) => {
    if (!(await findLivePatient(tx, patientId))) throw DomainError.notFound();
    const [schedules, open, responses] = [
      await schedulesOf(tx, patientId),
      await openAssignmentsOf(tx, patientId),
      await responsesOf(tx, patientId),
    ];
    await appendAudit(tx, event(viewer, 'questionnaires.view', null, patientId));
    return {
      schedules: schedules.map(toSchedule),
      open: open.map(toAssignment),
      series: toSeries(responses),
    };
  });
}

/** The caller's own open questionnaires and results (a patient); empty for anyone without a record. */
export async function mine(deps: Deps, viewer: Viewer): Promise<MyQuestionnaires> {
  return deps.database.db.transaction(async (tx) => {
    const patientId = await findPatientIdOfUser(tx, viewer.userId);
    if (!patientId) return { open: [], results: [] };
    const [open, responses] = [
      await openAssignmentsOf(tx, patientId),
      await responsesOf(tx, patientId),
    ];
    await appendAudit(tx, event(viewer, 'questionnaires.view_own', null, patientId));
    return { open: open.map(toAssignment), results: responses.map(toResult) };
  });
}

/**
 * The assignment if the viewer may fill it: staff any (paper), a patient only their own. Anyone
 * else's answers 404, audited; researchers are refused (no identified data).
 */
async function fillable(
  deps: Deps,
  viewer: Viewer,
  id: string,
  attempted: string,
): Promise<AssignmentRow> {
  const row = await findAssignment(deps.database.db, id);
  if (!row) throw DomainError.notFound();
  if (isStaff(viewer)) return row;
  if (viewer.role === 'researcher')
    await requireStaff(deps, viewer, attempted, row.patientId, 'view');
  const own = await findPatientIdOfUser(deps.database.db, viewer.userId);
  if (own !== row.patientId)
    await refuse(
      deps,
      viewer,
      attempted,
      { recordId: id, patientId: row.patientId },
      'not_own',
      'not_found',
    );
  return row;
}

export async function fillView(deps: Deps, viewer: Viewer, id: string): Promise<FillView> {
  const row = await fillable(deps, viewer, id, 'questionnaires.open');
  return deps.database.db.transaction(async (tx) => {
    const found = await findLivePatient(tx, row.patientId);
    if (!found) throw DomainError.notFound();
    const current = (await findAssignment(tx, id))!;
    await appendAudit(tx, event(viewer, 'questionnaires.open', id, row.patientId));
    return { assignment: toAssignment(current), patientFirstName: firstName(found.name) };
  });
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export async function draft(
  deps: Deps,
  viewer: Viewer,
  id: string,
  answers: (number | null)[],
  version: number,
) {
  const row = await fillable(deps, viewer, id, 'questionnaires.draft');
  const source = viewer.role === 'user' ? 'patient' : 'paper';
  return auditingRefusals(
    deps,
    viewer,
    'questionnaires.draft',
    { recordId: id, patientId: row.patientId },
    () =>
      deps.database.db.transaction((tx) => saveDraftIn(tx, viewer, id, answers, version, source)),
  );
}

/** The patient submits their own; staff submitting enter answers from paper on the patient's behalf. */
export async function submit(
  deps: Deps,
  viewer: Viewer,
  id: string,
  answers: (number | null)[],
): Promise<SubmitResult> {
  const row = await fillable(deps, viewer, id, 'questionnaires.submit');
  const source = viewer.role === 'user' ? 'patient' : 'paper';
  return auditingRefusals(
    deps,
    viewer,
    'questionnaires.submit',
    { recordId: id, patientId: row.patientId },
    () => submitResponse(deps, viewer, id, answers, { source, enteredBy: viewer.userId }),
  );
}

/** A scored result reduced to what a plan's goal reads (treatments module). */
export type ScoredResult = {
  patientId: string;
  instrumentId: QuestionnaireSchedule['instrumentId'];
  total: number | null;
  subscales: Record<string, number | null>;
  submittedAt: Date;
};

/**
 * Each patient's latest scorable result per instrument, in one query for all of them (the
 * treatments module's progress; the caller audits its own read).
 */
export async function latestResults(
  db: Parameters<typeof latestScoredOf>[0],
  patientIds: readonly string[],
): Promise<ScoredResult[]> {
  return latestScoredOf(db, patientIds);
}

/** One patient's scorable results of some instruments, oldest first (a plan's progress chart). */
export async function resultSeries(
  db: Parameters<typeof scoredSeriesOf>[0],
  patientId: string,
  instrumentIds: readonly QuestionnaireSchedule['instrumentId'][],
): Promise<ScoredResult[]> {
  const rows = await scoredSeriesOf(db, patientId, instrumentIds);
  return rows.map((r) => ({ ...r, patientId }));
}
