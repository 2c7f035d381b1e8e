/**
 * Tasks (SPEC §3–§5, §8; issue 12): one schema per input and response, used by the form, the API
 * contract and the tests. Message keys ('title_required', 'too_long', …) are translated by the web
 * app; the API sends them in `error.details[].message`.
 */
import { z } from 'zod';
import { calendarDateSchema } from './dates';

export const TASK_STATUSES = ['new', 'in_progress', 'pending_review', 'done', 'cancelled'] as const;
export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
/** The role queues a task may be assigned to instead of a person (patients have no queue). */
export const TASK_QUEUES = ['admin', 'specialist', 'researcher'] as const;
export const TASK_DUE = ['overdue', 'today'] as const;

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskQueue = (typeof TASK_QUEUES)[number];

/**
 * The allowed status changes, and nothing else (the server refuses any other with 409
 * `transition_not_allowed`): new → in progress → pending review → done, a task that needs no review
 * done straight away, cancelled from any open status, and a finished task reopened.
 */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  new: ['in_progress', 'done', 'cancelled'],
  in_progress: ['new', 'pending_review', 'done', 'cancelled'],
  pending_review: ['in_progress', 'done', 'cancelled'],
  done: ['in_progress'],
  cancelled: ['new'],
};

/** The statuses of a task still to do (the others never count as overdue or due today). */
export const OPEN_TASK_STATUSES = ['new', 'in_progress', 'pending_review'] as const;

export function canTransition(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** SPEC §4 status colours: in progress blue, pending review yellow, new green, other grey. */
export function taskStatusColour(status: string): 'blue' | 'yellow' | 'green' | 'grey' {
  const key = status.toLowerCase().replace(/[\s-]+/g, '_');
  if (key === 'in_progress') return 'blue';
  if (key === 'pending_review') return 'yellow';
  if (key === 'new') return 'green';
  return 'grey';
}

export const TASK_LIMITS = {
  title: 200,
  description: 5_000,
  reason: 500,
  comment: 5_000,
} as const;

export const taskDateSchema = calendarDateSchema;

const id = z.string().max(100);

export const taskAssigneeInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('user'), userId: id }),
    z.strictObject({
      kind: z.literal('queue'),
      role: z.enum(TASK_QUEUES, { error: 'invalid_choice' }),
    }),
  ],
  { error: 'required' },
);
export type TaskAssigneeInput = z.infer<typeof taskAssigneeInputSchema>;

const description = z
  .string()
  .trim()
  .max(TASK_LIMITS.description, { error: 'too_long' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

const taskFields = {
  title: z
    .string()
    .trim()
    .min(1, { error: 'title_required' })
    .max(TASK_LIMITS.title, { error: 'too_long' }),
  description,
  patientId: id.nullable().optional(),
  assignee: taskAssigneeInputSchema,
  dueDate: taskDateSchema.nullable().optional(),
  priority: z.enum(TASK_PRIORITIES, { error: 'invalid_choice' }),
};

/** A new task (staff): it starts as `new`. */
export const createTaskSchema = z.strictObject({
  ...taskFields,
  priority: taskFields.priority.default('medium'),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskParsed = z.output<typeof createTaskSchema>;

/** An edit sends only what it changes and the version it read; a stale version is a 409. */
export const updateTaskSchema = z
  .strictObject(taskFields)
  .partial()
  .extend({ version: z.number().int().min(1) })
  .strict();
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
export type UpdateTaskParsed = z.output<typeof updateTaskSchema>;

/** A status change, from the version read. */
export const transitionTaskSchema = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: 'invalid_choice' }),
  version: z.number().int().min(1),
});
export type TransitionTaskInput = z.input<typeof transitionTaskSchema>;

export const taskCommentInputSchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(TASK_LIMITS.comment, { error: 'too_long' }),
});

const person = z.object({ id: z.string(), name: z.string() });

export const taskAssigneeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), id: z.string(), name: z.string() }),
  z.object({ kind: z.literal('queue'), role: z.enum(TASK_QUEUES) }),
]);
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  patient: person.nullable(),
  /** Null when the person it was assigned to no longer exists. */
  assignee: taskAssigneeSchema.nullable(),
  dueDate: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  /** A person, or null for a task the system made (then `reason` says why it exists). */
  createdBy: person.nullable(),
  reason: z.string().nullable(),
  /** The statuses the viewer may move this task to now. */
  allowedTransitions: z.array(z.enum(TASK_STATUSES)),
  /** The viewer may change its fields (staff). */
  editable: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const multi = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) =>
      v === undefined ? undefined : Array.isArray(v) ? v : String(v).split(',').filter(Boolean),
    z.array(z.enum(values)).max(values.length).optional(),
  );

/**
 * The list's filters. `assignee`: `mine` (assigned to the viewer in person) or a user id; `queue`: a
 * role queue; `due`: open tasks due before `today` (overdue) or on it. `today` is the viewer's date
 * (the browser's), the server's UTC date when absent.
 */
export const taskListQuerySchema = z.strictObject({
  assignee: id.optional(),
  queue: z.enum(TASK_QUEUES).optional(),
  patientId: id.optional(),
  status: multi(TASK_STATUSES),
  priority: multi(TASK_PRIORITIES),
  due: z.enum(TASK_DUE).optional(),
  today: taskDateSchema.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;
export type TaskListFilter = Omit<z.output<typeof taskListQuerySchema>, 'cursor' | 'limit'>;

export const taskListSchema = z.object({
  items: z.array(taskSchema),
  nextCursor: z.string().nullable(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskCommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: person.nullable(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

export const TASK_EVENT_KINDS = ['created', 'edited', 'status'] as const;
export const taskEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_EVENT_KINDS),
  fromStatus: z.enum(TASK_STATUSES).nullable(),
  toStatus: z.enum(TASK_STATUSES).nullable(),
  /** For `edited`: the fields changed, comma-separated. */
  fields: z.string().nullable(),
  actor: person.nullable(),
  at: z.string(),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;

/** People a task may be assigned to (staff pick from them). */
export const taskAssignableSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
});
