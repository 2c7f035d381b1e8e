/** The task list for a viewer, each task tied to a patient on the page audited with that patient. */
import type { TaskListFilter } from '@painlab/shared/tasks';
import { appendAuditMany } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { assignableAccounts } from './task.repository';
import { BadCursorError, listTasks } from './list.repository';
import { toTask } from './tasks.mapping';
import { event, isStaff, refuse, scopeOf, type Viewer } from './tasks.policy';
import { isUuid } from '../../lib/uuid';

/**
 * A page of the tasks the viewer may see. `assignee=mine` is the viewer. Only staff filter by patient
 * (a patient-identifying parameter: refused, audited, for anyone else, ADR 0011).
 */
export async function listForViewer(
  deps: Deps,
  viewer: Viewer,
  filter: TaskListFilter,
  cursor: string | undefined,
  limit: number,
) {
  let patientId: string | undefined;
  if (filter.patientId !== undefined) {
    const valid = isUuid(filter.patientId);
    if (!isStaff(viewer))
      await refuse(
        deps,
        viewer,
        'tasks.list',
        { id: null, patientId: valid ? filter.patientId.toLowerCase() : null },
        'identifying_parameter:patientId',
        { action: 'filter by patient', resource: 'tasks' },
      );
    if (!valid) throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
    patientId = filter.patientId.toLowerCase();
  }
  const query = {
    ...filter,
    patientId,
    assignee: filter.assignee === 'mine' ? viewer.userId : filter.assignee,
    today: filter.today ?? new Date().toISOString().slice(0, 10),
  };
  try {
    return await deps.database.db.transaction(async (tx) => {
      const page = await listTasks(tx, scopeOf(viewer), query, cursor, limit);
      await appendAuditMany(
        tx,
        page.rows
          .filter((r) => r.patientId)
          .map((r) => event(viewer, 'tasks.list', r.id, r.patientId)),
      );
      return { items: page.rows.map((r) => toTask(viewer, r)), nextCursor: page.nextCursor };
    });
  } catch (error) {
    if (error instanceof BadCursorError) throw DomainError.invalidField('cursor', 'invalid_cursor');
    throw error;
  }
}

/** Who a task may be assigned to (staff only): staff accounts, and the patient's own account. */
export async function assignable(deps: Deps, viewer: Viewer, patientId: string | undefined) {
  const valid = patientId !== undefined && isUuid(patientId) ? patientId.toLowerCase() : null;
  if (!isStaff(viewer))
    await refuse(deps, viewer, 'tasks.assignees', { id: null, patientId: valid }, 'staff_only', {
      action: 'create',
      resource: 'tasks',
    });
  if (patientId !== undefined && !valid)
    throw DomainError.invalidField('patientId', 'invalid_value', 'invalid_choice');
  if (!valid) return assignableAccounts(deps.database.db, null);
  // the patient's portal account is part of their record: the read is audited with the patient
  return deps.database.db.transaction(async (tx) => {
    const accounts = await assignableAccounts(tx, valid);
    await appendAuditMany(tx, [event(viewer, 'tasks.assignees', null, valid)]);
    return accounts;
  });
}
