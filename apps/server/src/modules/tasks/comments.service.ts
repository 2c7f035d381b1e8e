/** A task's comments (anyone who sees the task reads and adds them) and its history. */
import type { TaskComment, TaskEvent } from '@painlab/shared/tasks';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { publishTaskChanged } from './notices.service';
import { insertComment, listComments, listEvents } from './comments.repository';
import { toComment, toEvent } from './tasks.mapping';
import { event, type Viewer } from './tasks.policy';
import { visibleTask } from './tasks.service';

export async function readComments(deps: Deps, viewer: Viewer, id: string): Promise<TaskComment[]> {
  const task = await visibleTask(deps, viewer, id, 'tasks.comments.view');
  return deps.database.db.transaction(async (tx) => {
    const rows = await listComments(tx, id);
    if (task.patientId)
      await appendAudit(tx, event(viewer, 'tasks.comments.view', id, task.patientId));
    return rows.map(toComment);
  });
}

export async function addComment(
  deps: Deps,
  viewer: Viewer,
  id: string,
  body: string,
): Promise<TaskComment> {
  const task = await visibleTask(deps, viewer, id, 'tasks.comment');
  const done = await deps.database.db.transaction(async (tx) => {
    const commentId = await insertComment(tx, id, viewer.userId, body);
    await appendAudit(tx, event(viewer, 'tasks.comment', id, task.patientId, { commentId }));
    const woken = await publishTaskChanged(tx, id, [task]);
    return { comment: toComment((await listComments(tx, id, commentId))[0]!), woken };
  });
  deps.realtime.wake(done.woken);
  return done.comment;
}

export async function readHistory(deps: Deps, viewer: Viewer, id: string): Promise<TaskEvent[]> {
  const task = await visibleTask(deps, viewer, id, 'tasks.history.view');
  return deps.database.db.transaction(async (tx) => {
    const rows = await listEvents(tx, id);
    if (task.patientId)
      await appendAudit(tx, event(viewer, 'tasks.history.view', id, task.patientId));
    return rows.map(toEvent);
  });
}
