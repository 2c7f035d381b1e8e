/**
 * Releasing due occurrences. A schedule's `next_due_on` reaching today releases one assignment (the
 * latest occurrence due: a server that was down for weeks does not flood the patient), and with it, in
 * the same transaction: the patient's task (tasks service), a single-use link and its notice through
 * the outbox. Schedules are taken one at a time with FOR UPDATE SKIP LOCKED, and an occurrence is
 * unique per schedule and date, so two instances never release the same one twice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { definition } from '@painlab/clinical';
import { QUESTIONNAIRE_LIMITS } from '@painlab/shared/questionnaires';
import { appendAudit, type Actor, type Tx } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { DomainError } from '../../lib/domain-error';
import { startPeriodic } from '../../lib/periodic';
import { createSystemTask } from '../tasks/tasks.service';
import { event } from './questionnaires.policy';
import {
  advanceSchedule,
  findLivePatient,
  insertAssignment,
  insertLink,
  lockNextDueSchedule,
  setAssignmentTask,
  type AssignmentRow,
  type ScheduleRow,
} from './questionnaires.repository';

const DAY = 86_400_000;

/** Today's calendar date in UTC (YYYY-MM-DD). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/**
 * `months` calendar months after `date`, on the same day, or on the month's last day when it is
 * shorter (Jan 31 + 1 month is Feb 28, or 29). Always counted from the schedule's start, so a
 * short month does not move the later ones.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12; // 0-based
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(y).padStart(4, '0')}-${pad(m + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** Every N months from `startsOn`: the latest occurrence on or before `today`, and the next one. */
function monthlyOccurrenceOn(
  schedule: Pick<ScheduleRow, 'nextDueOn' | 'everyMonths' | 'until' | 'startsOn'>,
  today: string,
): { dueOn: string; next: string | null } {
  const first = schedule.nextDueOn!;
  const step = schedule.everyMonths!;
  const at = (k: number) => addMonths(schedule.startsOn, k * step);
  const [sy, sm] = schedule.startsOn.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  let k = Math.max(0, Math.floor((ty * 12 + tm - (sy * 12 + sm)) / step));
  while (k > 0 && at(k) > today) k -= 1;
  // past `until` when the server was down: the last valid one, never before the one still to release
  while (k > 0 && schedule.until && at(k) > schedule.until && at(k) > first) k -= 1;
  const next = at(k + 1);
  return { dueOn: at(k), next: schedule.until && next > schedule.until ? null : next };
}

/**
 * The occurrence to release on `today` and what comes after it. Once: the one date. Every N weeks
 * or months: the latest occurrence on or before today, then the next one unless it is past `until`.
 */
export function occurrenceOn(
  schedule: Pick<ScheduleRow, 'nextDueOn' | 'everyWeeks' | 'everyMonths' | 'until' | 'startsOn'>,
  today: string,
): { dueOn: string; next: string | null } {
  const first = schedule.nextDueOn!;
  if (schedule.everyMonths) return monthlyOccurrenceOn(schedule, today);
  if (!schedule.everyWeeks) return { dueOn: first, next: null };
  const step = schedule.everyWeeks * 7;
  const skipped = Math.max(0, Math.floor(daysBetween(first, today) / step));
  let dueOn = addDays(first, skipped * step);
  // the latest occurrence may lie past `until` when the server was down: release the last valid one
  while (schedule.until && dueOn > schedule.until && dueOn > first) dueOn = addDays(dueOn, -step);
  const next = addDays(dueOn, step);
  return { dueOn, next: schedule.until && next > schedule.until ? null : next };
}

/** A link token (256 random bits) and the hash stored for it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: linkTokenHash(token) };
}

export const linkTokenHash = (token: string) =>
  createHash('sha256').update(`questionnaire-fill:${token}`).digest('hex');

/** The public page that fills a questionnaire by its link: the token rides in the fragment. */
export const linkUrl = (deps: Deps, token: string) =>
  `${baseUrlOf(deps.env)}/cuestionario#${token}`;

/**
 * The patient's task; none when their account no longer qualifies (banned since): the tasks service
 * refuses before writing anything, so the transaction goes on and the link still goes out.
 */
async function patientTask(tx: Tx, input: Parameters<typeof createSystemTask>[1]) {
  try {
    return await createSystemTask(tx, input);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

const SYSTEM: Actor = { userId: null, role: 'system', ip: null, requestId: null };

/** Releases one occurrence of a locked schedule, with its task, link and notice. */
async function release(
  deps: Deps,
  tx: Tx,
  schedule: ScheduleRow,
  today: string,
): Promise<AssignmentRow | null> {
  const { dueOn, next } = occurrenceOn(schedule, today);
  await advanceSchedule(tx, schedule.id, next, next ? 'active' : 'finished');
  const found = await findLivePatient(tx, schedule.patientId);
  if (!found) return null; // archived since: nothing to ask for
  const assignment = await insertAssignment(tx, {
    scheduleId: schedule.id,
    patientId: schedule.patientId,
    instrumentId: schedule.instrumentId,
    dueOn,
  });
  if (!assignment) return null;
  const def = definition(schedule.instrumentId);
  if (found.userId) {
    const taskId = await patientTask(tx, {
      title: `Cuestionario ${def.abbreviation} / ${def.abbreviation} questionnaire`,
      description: `${def.name.es} / ${def.name.en}\n/questionnaires/${assignment.id}`,
      patientId: found.id,
      assignee: { kind: 'user', userId: found.userId },
      dueDate: dueOn,
      priority: 'medium',
      reason: 'Cuestionario asignado por su equipo / Questionnaire assigned by your care team',
      source: 'questionnaires',
    });
    if (taskId) {
      await setAssignmentTask(tx, assignment.id, taskId);
      assignment.taskId = taskId;
    }
  }
  const to = found.email
    ? { channel: 'email' as const, to: found.email }
    : found.contactNumber
      ? { channel: 'sms' as const, to: found.contactNumber }
      : null;
  if (to) {
    const { token, hash } = newLinkToken();
    await insertLink(tx, {
      assignmentId: assignment.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + QUESTIONNAIRE_LIMITS.linkDays * DAY),
    });
    await enqueue(tx, {
      ...to,
      language: null,
      template: 'questionnaire.due',
      params: {
        clinic: deps.env.CLINIC_NAME,
        instrument: def.name,
        link: linkUrl(deps, token),
        days: QUESTIONNAIRE_LIMITS.linkDays,
      },
      patientId: found.id,
      dedupeKey: `questionnaire-due:${assignment.id}`,
    });
  }
  await appendAudit(
    tx,
    event(SYSTEM, 'questionnaires.release', assignment.id, found.id, {
      instrument: schedule.instrumentId,
      dueOn,
      notice: to?.channel ?? 'none',
      task: assignment.taskId !== null,
    }),
  );
  return assignment;
}

/**
 * Releases what is due by `today`, one schedule per transaction, in the caller's transaction when
 * `tx` and `scheduleId` are given (a new schedule due today). Returns the assignments released.
 */
export async function releaseDue(
  deps: Deps,
  today = todayUtc(),
  limit = 500,
): Promise<AssignmentRow[]> {
  const released: AssignmentRow[] = [];
  for (let i = 0; i < limit; i++) {
    const outcome = await deps.database.db.transaction(async (tx) => {
      const schedule = await lockNextDueSchedule(tx, today);
      if (!schedule) return 'done' as const;
      return release(deps, tx, schedule, today);
    });
    if (outcome === 'done') break;
    if (outcome) released.push(outcome);
  }
  if (released.length) deps.outbox.wake();
  return released;
}

/** Releases a schedule's first occurrence inside the transaction that creates it, when due. */
export async function releaseNew(
  deps: Deps,
  tx: Tx,
  scheduleId: string,
  today = todayUtc(),
): Promise<AssignmentRow | null> {
  const schedule = await lockNextDueSchedule(tx, today, scheduleId);
  return schedule ? release(deps, tx, schedule, today) : null;
}

/** Releases due occurrences every `intervalMs` (each instance; they never release one twice). */
export function startDueReleaser(deps: Deps, intervalMs = 15 * 60_000) {
  return startPeriodic('questionnaire release', deps.logger, intervalMs, () => releaseDue(deps));
}
