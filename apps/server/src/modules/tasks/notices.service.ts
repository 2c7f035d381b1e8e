/**
 * What people hear about tasks (ADR 0029):
 * - the person a task is assigned to gets an in-app notice (`task_assigned`), and an e-mail through
 *   the outbox when they allow it and would not see the in-app one (not online, or in-app off);
 * - a task of theirs coming due (today or tomorrow, the clinic's day) gets one `task_due` notice the
 *   same way, queued by a scheduler on every instance exactly once per task, due date and person;
 * - every change to a task is a `task.changed` realtime event (the task's id only) for everyone who
 *   may see it, so open task lists refresh without a reload.
 * Notices never carry the task's title or patient; the e-mail is in the language the person uses the
 * app in (`languageOf`), both languages when unknown. Preferences: `/settings`, type `task`.
 */
import { IDENTIFIED_VIEWERS } from '@painlab/shared/permissions';
import { appendAudit, type Actor, type Tx } from '../../audit/audit';
import { baseUrlOf, type Env } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { startPeriodic } from '../../lib/periodic';
import { publishEvents } from '../../realtime/events';
import { isOnlineIn } from '../../realtime/hub';
import { channelsFor, languageOf, notify } from '../notifications/notifications.service';
import {
  findDueSoon,
  insertDueNotice,
  lockForDueNotice,
  type DueSoon,
} from './due-notices.repository';
import { accountEmail, accountIdsWithRole } from './task.repository';
import { event } from './tasks.policy';

/** What today is for due dates (the dashboard's zone). */
export const TASK_ZONE = 'Europe/Madrid';
/** "Due soon": due today or within this many days. */
export const DUE_SOON_DAYS = 1;

interface Notice {
  recipientId: string;
  taskId: string;
  patientId: string | null;
  dueDate: string | null;
  actorId: string | null;
  kind: 'assigned' | 'due';
  /** Makes the e-mail's dedupe key (the task's version for an assignment, the due date for due). */
  occasion: string;
}

/**
 * Tells `recipientId` about a task, in `tx`: in-app (unless turned off) and by e-mail when allowed
 * and they would not see it in the app. Returns the id to wake after the commit.
 */
export async function noticeTask(tx: Tx, env: Env, n: Notice): Promise<string> {
  await notify(tx, {
    recipientId: n.recipientId,
    type: n.kind === 'assigned' ? 'task_assigned' : 'task_due',
    refId: n.taskId,
    link: '/tasks',
    actorId: n.actorId,
  });
  const allowed = await channelsFor(tx, n.recipientId, 'task');
  if (allowed.email && (!allowed.inApp || !(await isOnlineIn(tx, n.recipientId)))) {
    const to = await accountEmail(tx, n.recipientId);
    if (to)
      await enqueue(tx, {
        channel: 'email',
        to,
        language: await languageOf(tx, n.recipientId),
        template: 'tasks.notice',
        params: {
          clinic: env.CLINIC_NAME,
          kind: n.kind,
          dueDate: n.dueDate,
          link: `${baseUrlOf(env)}/tasks`,
        },
        patientId: n.patientId,
        dedupeKey: `task-${n.kind}:${n.taskId}:${n.recipientId}:${n.occasion}`,
      });
  }
  return n.recipientId;
}

interface Seen {
  patientId: string | null;
  assigneeUserId: string | null;
  assigneeRole: string | null;
}

/**
 * A `task.changed` event, in `tx`, for everyone who may see the task as it was or as it is (staff;
 * its assignee; researchers for a researcher-queue task about no patient). Returns their ids.
 */
export async function publishTaskChanged(
  tx: Tx,
  taskId: string,
  states: readonly Seen[],
): Promise<string[]> {
  // researchers too when the task is (or was) in their queue and about no patient: one read
  const researchers = states.some((s) => s.assigneeRole === 'researcher' && s.patientId === null);
  const ids = new Set(
    await accountIdsWithRole(
      tx,
      researchers ? [...IDENTIFIED_VIEWERS, 'researcher'] : IDENTIFIED_VIEWERS,
    ),
  );
  for (const s of states) if (s.assigneeUserId) ids.add(s.assigneeUserId);
  return publishEvents(
    tx,
    [...ids].map((userId) => ({ userId, kind: 'task.changed' as const, data: { taskId } })),
  );
}

const SYSTEM: Actor = { userId: null, role: 'system', ip: null, requestId: null };

/** One due-soon notice in its own transaction, under the task's row lock; false if nothing to do. */
async function noticeOne(deps: Deps, due: DueSoon): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await lockForDueNotice(tx, due))) return false;
    if (!(await insertDueNotice(tx, due))) return false;
    await noticeTask(tx, deps.env, {
      recipientId: due.recipientId,
      taskId: due.taskId,
      patientId: due.patientId,
      dueDate: due.dueDate,
      actorId: null,
      kind: 'due',
      occasion: due.dueDate,
    });
    await appendAudit(
      tx,
      event(SYSTEM, 'tasks.due_notice', due.taskId, due.patientId, { dueDate: due.dueDate }),
    );
    return true;
  });
}

/** Makes the due-soon notices that are due now, each in its own transaction. Returns how many. */
export async function noticeDueTasks(deps: Deps, limit = 500): Promise<number> {
  let made = 0;
  const woken = new Set<string>();
  while (made < limit) {
    const due = await findDueSoon(deps.database.db, TASK_ZONE, DUE_SOON_DAYS, 50);
    let progress = 0;
    for (const item of due)
      if (await noticeOne(deps, item)) {
        progress++;
        woken.add(item.recipientId);
      }
    made += progress;
    if (due.length < 50 || progress === 0) break;
  }
  if (made) {
    deps.realtime.wake([...woken]);
    deps.outbox.wake();
  }
  return made;
}

/** Looks for tasks coming due every `intervalMs` on every instance (each notice is made once). */
export const startDueTaskNotices = (deps: Deps, intervalMs: number) =>
  startPeriodic('task due notices', deps.logger, intervalMs, () => noticeDueTasks(deps));
