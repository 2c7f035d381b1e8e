/** Rows → the API's shapes. */
import type { Task, TaskComment, TaskEvent } from '@painlab/shared/tasks';
import type { listComments, listEvents } from './comments.repository';
import { allowedTransitions, isStaff, type Viewer } from './tasks.policy';
import type { TaskRow } from './tasks.query';

const iso = (d: Date) => d.toISOString();
const person = (id: string | null, name: string | null) =>
  id && name !== null ? { id, name } : null;

export function toTask(viewer: Viewer, row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // an archived patient's name is not shown: the task keeps its link and says "a patient"
    patient: row.patientId ? { id: row.patientId, name: row.patientName ?? '' } : null,
    assignee: row.assigneeRole
      ? { kind: 'queue', role: row.assigneeRole }
      : row.assigneeUserId
        ? { kind: 'user', id: row.assigneeUserId, name: row.assigneeName ?? '' }
        : null,
    dueDate: row.dueDate,
    priority: row.priority,
    status: row.status,
    createdBy: person(row.createdById, row.createdByName),
    reason: row.reason,
    allowedTransitions: allowedTransitions(viewer, row),
    editable: isStaff(viewer),
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

type CommentRow = Awaited<ReturnType<typeof listComments>>[number];
export const toComment = (row: CommentRow): TaskComment => ({
  id: row.id,
  body: row.body,
  author: person(row.authorId, row.authorName),
  createdAt: iso(row.createdAt),
});

type EventRow = Awaited<ReturnType<typeof listEvents>>[number];
export const toEvent = (row: EventRow): TaskEvent => ({
  id: row.id,
  kind: row.kind,
  fromStatus: row.fromStatus,
  toStatus: row.toStatus,
  fields: row.fields,
  actor: person(row.actorId, row.actorName),
  at: iso(row.at),
});
