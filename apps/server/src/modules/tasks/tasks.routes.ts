import { z } from '@hono/zod-openapi';
import {
  createTaskSchema,
  taskAssignableSchema,
  taskCommentInputSchema,
  taskCommentSchema,
  taskEventSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  transitionTaskSchema,
  updateTaskSchema,
} from '@painlab/shared/tasks';
import { access } from '../../http/access';
import { defineRoute, jsonBody, jsonResponse, named } from '../../http/openapi';

const idParam = z.strictObject({ id: z.string().max(100) });
const items = <T extends z.ZodType>(name: string, schema: T) =>
  named(name, z.object({ items: z.array(schema) }));

const commentListSchema = items('TaskCommentList', taskCommentSchema);
const historySchema = items('TaskHistory', taskEventSchema);
const assignableListSchema = items('TaskAssignableList', taskAssignableSchema);

const WHO =
  'Staff (admin, specialist) see every task; a researcher only tasks assigned to them or to the researcher queue that are not tied to a patient; a patient only tasks assigned to them. A task the caller may not see answers 404.';

export const listTasksRoute = defineRoute({
  method: 'get',
  path: '/api/tasks',
  access: access.authenticated,
  operationId: 'listTasks',
  tags: ['tasks'],
  summary: 'Tasks the caller may see, filtered, soonest due first',
  description: `${WHO} Keyset pages by due date (none last). \`assignee=mine\` is the caller; \`due=overdue|today\` compares open tasks with \`today\` (the caller's date; the server's UTC date by default). Only staff filter by patient.`,
  request: { query: taskListQuerySchema },
  responses: { 200: jsonResponse('A page', taskListSchema) },
});

export const assignableRoute = defineRoute({
  method: 'get',
  path: '/api/tasks/assignees',
  access: access.authenticated,
  operationId: 'listTaskAssignees',
  tags: ['tasks'],
  summary: 'People a task may be assigned to (staff only)',
  description:
    "Staff accounts by name; with `patientId`, that patient's portal account first, when it has one.",
  request: { query: z.strictObject({ patientId: z.string().max(100).optional() }) },
  responses: { 200: jsonResponse('Accounts', assignableListSchema) },
});

export const createTaskRoute = defineRoute({
  method: 'post',
  path: '/api/tasks',
  access: access.authenticated,
  operationId: 'createTask',
  tags: ['tasks'],
  summary: 'Create a task (staff only)',
  description:
    "Starts as `new` at version 1. The assignee is a person or a role queue; a patient's account only for a task about that patient, and never a researcher for a task tied to a patient.",
  request: jsonBody(createTaskSchema),
  responses: { 201: jsonResponse('Created', taskSchema) },
});

export const getTaskRoute = defineRoute({
  method: 'get',
  path: '/api/tasks/{id}',
  access: access.authenticated,
  operationId: 'getTask',
  tags: ['tasks'],
  summary: 'One task',
  description: WHO,
  request: { params: idParam },
  errors: { 404: 'No such task (or not one the caller may see)' },
  responses: { 200: jsonResponse('The task', taskSchema) },
});

export const updateTaskRoute = defineRoute({
  method: 'patch',
  path: '/api/tasks/{id}',
  access: access.authenticated,
  operationId: 'updateTask',
  tags: ['tasks'],
  summary: "Change a task's fields (staff only)",
  description:
    'Only the fields sent change; `version` must be the one read: a stale edit gets 409 and changes nothing. The status changes through the transition operation.',
  request: { params: idParam, ...jsonBody(updateTaskSchema) },
  errors: { 404: 'No such task', 409: 'Changed by someone else since it was read' },
  responses: { 200: jsonResponse('Updated', taskSchema) },
});

export const transitionTaskRoute = defineRoute({
  method: 'post',
  path: '/api/tasks/{id}/transition',
  access: access.authenticated,
  operationId: 'transitionTask',
  tags: ['tasks'],
  summary: 'Move a task to another status',
  description:
    'Allowed: new → in_progress | done | cancelled; in_progress → new | pending_review | done | cancelled; pending_review → in_progress | done | cancelled; done → in_progress; cancelled → new. Anything else is 409 `transition_not_allowed`; a stale `version` is 409 `conflict`. A patient may only mark their own task done.',
  request: { params: idParam, ...jsonBody(transitionTaskSchema) },
  errors: { 404: 'No such task', 409: 'Stale version, or a status change that is not allowed' },
  responses: { 200: jsonResponse('Moved', taskSchema) },
});

export const listCommentsRoute = defineRoute({
  method: 'get',
  path: '/api/tasks/{id}/comments',
  access: access.authenticated,
  operationId: 'listTaskComments',
  tags: ['tasks'],
  summary: 'Comments, oldest first',
  description: 'Anyone who may see the task.',
  request: { params: idParam },
  errors: { 404: 'No such task' },
  responses: { 200: jsonResponse('Comments', commentListSchema) },
});

export const addCommentRoute = defineRoute({
  method: 'post',
  path: '/api/tasks/{id}/comments',
  access: access.authenticated,
  operationId: 'addTaskComment',
  tags: ['tasks'],
  summary: 'Add a comment',
  description: 'Anyone who may see the task, signed by the caller.',
  request: { params: idParam, ...jsonBody(taskCommentInputSchema) },
  errors: { 404: 'No such task' },
  responses: { 201: jsonResponse('Comment', taskCommentSchema) },
});

export const historyRoute = defineRoute({
  method: 'get',
  path: '/api/tasks/{id}/history',
  access: access.authenticated,
  operationId: 'listTaskHistory',
  tags: ['tasks'],
  summary: 'Creation, edits and status changes, newest first',
  description: 'Anyone who may see the task.',
  request: { params: idParam },
  errors: { 404: 'No such task' },
  responses: { 200: jsonResponse('History', historySchema) },
});
