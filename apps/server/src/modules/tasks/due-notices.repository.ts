/** "Due soon" notices of tasks (SQL only): which are due, the row lock, the once-only record. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_TASK_STATUSES } from '@painlab/shared/tasks';
import type { Tx } from '../../audit/audit';
import { task, taskDueNotice } from '../../db/schema';
import type { Q } from './tasks.query';

export interface DueSoon {
  taskId: string;
  dueDate: string;
  recipientId: string;
  patientId: string | null;
}

/**
 * Open tasks assigned to an active person, due today or within `days` days in `zone`, whose
 * person has not been told for that due date yet. Overdue tasks are not "due soon" (a server
 * that was down for days does not send a burst of stale notices).
 */
export async function findDueSoon(
  db: Q,
  zone: string,
  days: number,
  limit: number,
): Promise<DueSoon[]> {
  const result = await db.execute<{
    task_id: string;
    due_date: string;
    recipient_id: string;
    patient_id: string | null;
  }>(sql`
    select t.id as task_id, to_char(t.due_date, 'YYYY-MM-DD') as due_date,
           t.assignee_user_id as recipient_id, t.patient_id
    from task t
    join "user" u on u.id = t.assignee_user_id and coalesce(u.banned, false) = false
    where t.status in (${sql.join(
      OPEN_TASK_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
      and t.due_date between (now() at time zone ${zone})::date
                         and (now() at time zone ${zone})::date + ${days}::int
      and not exists (
        select 1 from task_due_notice n
        where n.task_id = t.id and n.due_date = t.due_date and n.recipient_id = t.assignee_user_id)
    order by t.due_date, t.id
    limit ${limit}`);
  return result.rows.map((r) => ({
    taskId: r.task_id,
    dueDate: r.due_date,
    recipientId: r.recipient_id,
    patientId: r.patient_id,
  }));
}

/**
 * The task locked for its notice, still open, due then and assigned to that person; null when it
 * changed since, or another transaction holds it (skipped: the next round sees it again).
 */
export async function lockForDueNotice(tx: Tx, due: DueSoon) {
  const [row] = await tx
    .select({ id: task.id })
    .from(task)
    .where(
      and(
        eq(task.id, due.taskId),
        eq(task.dueDate, due.dueDate),
        eq(task.assigneeUserId, due.recipientId),
        inArray(task.status, [...OPEN_TASK_STATUSES]),
      ),
    )
    .for('update', { skipLocked: true })
    .limit(1);
  return row ?? null;
}

/** Records the notice; false when it was already made (the primary key decides). */
export async function insertDueNotice(tx: Tx, due: DueSoon): Promise<boolean> {
  const rows = await tx
    .insert(taskDueNotice)
    .values({ taskId: due.taskId, dueDate: due.dueDate, recipientId: due.recipientId })
    .onConflictDoNothing()
    .returning({ taskId: taskDueNotice.taskId });
  return rows.length > 0;
}
