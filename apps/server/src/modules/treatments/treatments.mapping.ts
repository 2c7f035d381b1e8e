/** Rows to the API's shapes (packages/shared/src/treatments.ts). */
import {
  changedFields,
  goalProgress,
  measureValue,
  planProgress,
  type Plan,
  type PlanContent,
  type PlanProgress,
  type PlanSummary,
  type PlanVersion,
  type PlanVersionMeta,
} from '@painlab/shared/treatments';
import type { ScoredResult } from '../questionnaires/questionnaires.service';
import type { PlanRow, VersionRow } from './treatments.repository';

export const iso = (d: Date) => d.toISOString();

/** The latest result per instrument of one patient, by instrument id. */
export type LatestByInstrument = Map<string, ScoredResult>;

/** Each goal's progress from the latest results, and the plan's figure. */
export function progressOf(content: PlanContent, latest: LatestByInstrument): PlanProgress {
  const goals = content.goals.map((goal) => {
    const result = goal.measure ? latest.get(goal.measure.instrumentId) : undefined;
    const value = goal.measure && result ? measureValue(result, goal.measure.measure) : null;
    const { percent, met } = goal.measure
      ? goalProgress(goal.measure, value)
      : { percent: null, met: null };
    return {
      goalId: goal.id,
      latest: value,
      latestAt: value !== null && result ? iso(result.submittedAt) : null,
      percent,
      met,
    };
  });
  return { percent: planProgress(goals.map((g) => g.percent)), goals };
}

export function toSummary(row: PlanRow, progress: number | null): PlanSummary {
  return {
    id: row.id,
    patient: { id: row.patientId, name: row.patientName },
    title: row.title,
    status: row.status,
    version: row.version,
    startsOn: row.content.startsOn,
    reviewOn: row.content.reviewOn,
    updatedAt: iso(row.updatedAt),
    progress,
  };
}

export function toVersionMeta(row: VersionRow, previous: VersionRow | undefined): PlanVersionMeta {
  return {
    version: row.version,
    kind: row.kind,
    status: row.status,
    note: row.note,
    changedBy: row.changedById ? { id: row.changedById, name: row.changedByName ?? '—' } : null,
    changedAt: iso(row.changedAt),
    changed: changedFields(previous?.content ?? null, row.content),
  };
}

export function toVersion(row: VersionRow, previous: VersionRow | undefined): PlanVersion {
  return { ...toVersionMeta(row, previous), content: row.content };
}

export function toPlan(
  row: PlanRow,
  parts: Pick<Plan, 'clinicians' | 'progress' | 'history' | 'acknowledgements' | 'points'>,
): Plan {
  return {
    id: row.id,
    patient: { id: row.patientId, name: row.patientName },
    status: row.status,
    version: row.version,
    content: row.content,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ...parts,
  };
}
