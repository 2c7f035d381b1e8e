/** Rows → the API's shapes; the change between results from packages/clinical. */
import { change, type InstrumentId, type ScoreResult } from '@painlab/clinical';
import type {
  InstrumentSeries,
  QuestionnaireAssignment,
  QuestionnaireResult,
  QuestionnaireSchedule,
} from '@painlab/shared/questionnaires';
import type { AssignmentRow, ResponseRow, ScheduleRow } from './questionnaires.repository';

const iso = (d: Date) => d.toISOString();

export const toSchedule = (row: ScheduleRow): QuestionnaireSchedule => ({
  id: row.id,
  instrumentId: row.instrumentId,
  everyWeeks: row.everyWeeks,
  everyMonths: row.everyMonths,
  startsOn: row.startsOn,
  until: row.until,
  nextDueOn: row.nextDueOn,
  status: row.status,
  createdAt: iso(row.createdAt),
});

export const toAssignment = (row: AssignmentRow): QuestionnaireAssignment => ({
  id: row.id,
  scheduleId: row.scheduleId,
  patientId: row.patientId,
  instrumentId: row.instrumentId,
  dueOn: row.dueOn,
  status: row.status,
  draft: row.draft ?? null,
  version: row.version,
});

type StoredRule = QuestionnaireResult['rules'][number];

export const toResult = (row: ResponseRow): QuestionnaireResult => ({
  id: row.id,
  assignmentId: row.assignmentId,
  instrumentId: row.instrumentId,
  answers: row.answers,
  scorable: row.scorable,
  total: row.total,
  subscales: row.subscales,
  band: row.band ?? null,
  flags: row.flags,
  missingItems: row.missingItems,
  rules: row.rules as StoredRule[],
  source: row.source,
  submittedAt: iso(row.submittedAt),
});

/** The stored result as the ScoreResult it was, for change(). */
function asScore(row: ResponseRow): ScoreResult {
  const base = {
    instrumentId: row.instrumentId as InstrumentId,
    subscales: row.subscales,
    flags: row.flags as ScoreResult['flags'],
    missingItems: row.missingItems,
  };
  return row.scorable
    ? { ...base, scorable: true, total: row.total!, band: row.band ?? null }
    : { ...base, scorable: false, reason: 'too-many-missing', total: null, band: null };
}

/** Results grouped per instrument, oldest first, with the change from the first to the latest. */
export function toSeries(rows: ResponseRow[]): InstrumentSeries[] {
  const groups = new Map<InstrumentId, ResponseRow[]>();
  for (const row of rows) {
    const list = groups.get(row.instrumentId) ?? [];
    list.push(row);
    groups.set(row.instrumentId, list);
  }
  return [...groups].map(([instrumentId, list]) => ({
    instrumentId,
    results: list.map(toResult),
    change:
      list.length >= 2
        ? change(instrumentId, asScore(list[0]!), asScore(list.at(-1)!)).measures
        : null,
  }));
}
