/**
 * The one select of tasks every query of the module builds on: the task with its patient's name, its
 * assignee's and its author's names.
 */
import { eq, isNull, and } from 'drizzle-orm';
import type { TaskQueue } from '@painlab/shared/tasks';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../audit/audit';
import type { Db } from '../../db/client';
import { patient, task, user } from '../../db/schema';

export type Q = Db | Tx;

const assignee = alias(user, 'assignee');
const author = alias(user, 'author');

export const taskColumns = {
  id: task.id,
  title: task.title,
  description: task.description,
  patientId: task.patientId,
  patientName: patient.name,
  assigneeUserId: task.assigneeUserId,
  assigneeName: assignee.name,
  assigneeRole: task.assigneeRole,
  dueDate: task.dueDate,
  dueSort: task.dueSort,
  priority: task.priority,
  status: task.status,
  createdById: task.createdBy,
  createdByName: author.name,
  bySystem: task.bySystem,
  reason: task.reason,
  version: task.version,
  createdAt: task.createdAt,
  updatedAt: task.updatedAt,
};

export type TaskRow = Awaited<ReturnType<typeof selectTasks>>[number];

/** Tasks with their names; an archived patient's name is not shown (the link stays). */
export function selectTasks(db: Q) {
  return db
    .select(taskColumns)
    .from(task)
    .leftJoin(patient, and(eq(patient.id, task.patientId), isNull(patient.deletedAt)))
    .leftJoin(assignee, eq(assignee.id, task.assigneeUserId))
    .leftJoin(author, eq(author.id, task.createdBy));
}

/** What a write sets (the service fills it from a create or an edit). */
export interface TaskWrite {
  title: string;
  description: string | null;
  patientId: string | null;
  assigneeUserId: string | null;
  assigneeRole: TaskQueue | null;
  dueDate: string | null;
  priority: 'high' | 'medium' | 'low';
}
