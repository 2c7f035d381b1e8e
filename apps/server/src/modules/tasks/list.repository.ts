/** The task list: filters, the viewer's scope, keyset pages by (due date, id) (SQL only). */
import { and, asc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { isCalendarDate } from '@painlab/shared/dates';
import { OPEN_TASK_STATUSES, type TaskListFilter, type TaskQueue } from '@painlab/shared/tasks';
import type { Tx } from '../../audit/audit';
import { task } from '../../db/schema';
import { selectTasks, type TaskRow } from './tasks.query';

/** Which tasks a viewer may see at all (decided by the policy). */
export type TaskScope =
  | { kind: 'all' }
  /** Tasks assigned to this person, or to one of these queues, never tied to a patient. */
  | { kind: 'own_unidentified'; userId: string; queues: readonly TaskQueue[] }
  /** Tasks assigned to this person only. */
  | { kind: 'own'; userId: string };

export class BadCursorError extends Error {}

export function scopeCondition(scope: TaskScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'own') return eq(task.assigneeUserId, scope.userId);
  return and(
    isNull(task.patientId),
    or(
      eq(task.assigneeUserId, scope.userId),
      scope.queues.length ? inArray(task.assigneeRole, [...scope.queues]) : sql`false`,
    ),
  );
}

const encode = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
function decode(cursor: string): [string, string] {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      isCalendarDate(v[0]) &&
      typeof v[1] === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v[1])
    )
      return [v[0], v[1]];
  } catch {
    // not a cursor of this list
  }
  throw new BadCursorError();
}

/**
 * One page, soonest due first (no due date last), by (due_sort, id). `filter.assignee` is already a
 * user id here (the service resolves `mine`); `today` the date overdue and due-today compare with.
 */
export async function listTasks(
  tx: Tx,
  scope: TaskScope,
  filter: TaskListFilter & { today: string },
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: TaskRow[]; nextCursor: string | null }> {
  const where: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filter.assignee) where.push(eq(task.assigneeUserId, filter.assignee));
  if (filter.queue) where.push(eq(task.assigneeRole, filter.queue));
  if (filter.patientId) where.push(eq(task.patientId, filter.patientId));
  if (filter.status?.length) where.push(inArray(task.status, filter.status));
  if (filter.priority?.length) where.push(inArray(task.priority, filter.priority));
  if (filter.due) {
    where.push(inArray(task.status, [...OPEN_TASK_STATUSES]));
    where.push(
      filter.due === 'overdue' ? lt(task.dueDate, filter.today) : eq(task.dueDate, filter.today),
    );
  }
  if (cursor) {
    const [due, id] = decode(cursor);
    where.push(or(gt(task.dueSort, due), and(eq(task.dueSort, due), gt(task.id, id))));
  }
  const rows = await selectTasks(tx)
    .where(and(...where))
    .orderBy(asc(task.dueSort), asc(task.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encode([last.dueSort, last.id]) : null,
  };
}
