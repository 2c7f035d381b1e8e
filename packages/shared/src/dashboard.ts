/**
 * The live dashboard (SPEC §2 "Dashboard widgets"; issue 12, ADR 0020): one summary of the widgets
 * the viewer may see, and the viewer's saved layouts. A layout is strict, versioned JSON: the grid's
 * schema version, 12 columns, and at most one placement per known widget.
 */
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointments';
import {
  ACTIVITY_KINDS,
  ALERT_KINDS,
  DASHBOARD_SCOPES,
  GRID_COLUMNS,
  GRID_MAX_ROWS,
  LAYOUT_NAME_MAX,
  LAYOUT_SCHEMA_VERSION,
  WIDGET_IDS,
  type LayoutSpec,
  type NotificationPreferences,
} from './dashboard-constants';
import { STATUSES } from './patients-constants';
import { TASK_PRIORITIES, TASK_STATUSES } from './tasks';

export * from './dashboard-constants';

const int = (min: number, max: number) => z.number().int().min(min).max(max);

export const layoutItemSchema = z
  .strictObject({
    i: z.enum(WIDGET_IDS),
    x: int(0, GRID_COLUMNS - 1),
    y: int(0, GRID_MAX_ROWS),
    w: int(2, GRID_COLUMNS),
    h: int(2, 12),
  })
  .refine((item) => item.x + item.w <= GRID_COLUMNS, { message: 'invalid_value', path: ['w'] });

export const layoutSpecSchema: z.ZodType<LayoutSpec, LayoutSpec> = z.strictObject({
  version: z.literal(LAYOUT_SCHEMA_VERSION),
  columns: z.literal(GRID_COLUMNS),
  items: z
    .array(layoutItemSchema)
    .max(WIDGET_IDS.length)
    .refine((items) => new Set(items.map((i) => i.i)).size === items.length, {
      message: 'duplicate_widget',
    }),
});

const layoutName = z.string().trim().min(1, 'required').max(LAYOUT_NAME_MAX, 'too_long');

export const createLayoutSchema = z.strictObject({
  name: layoutName,
  layout: layoutSpecSchema,
  isDefault: z.boolean().optional(),
});
export type CreateLayout = z.input<typeof createLayoutSchema>;

export const updateLayoutSchema = z.strictObject({
  name: layoutName.optional(),
  layout: layoutSpecSchema.optional(),
  isDefault: z.boolean().optional(),
  version: z.number().int().min(1),
});
export type UpdateLayout = z.input<typeof updateLayoutSchema>;

export const dashboardLayoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  layout: layoutSpecSchema,
  isDefault: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;

export const dashboardLayoutListSchema = z.object({ items: z.array(dashboardLayoutSchema) });
export type DashboardLayoutList = z.infer<typeof dashboardLayoutListSchema>;

// ---- the summary ----

const person = z.object({ id: z.string(), name: z.string() });

export const patientLoadRowSchema = z.object({
  /** Null: unassigned, or (research) not broken down by specialist. */
  specialist: person.nullable(),
  status: z.enum(STATUSES),
  count: z.number().int(),
});

export const agendaItemSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  patient: person,
  specialist: person,
  type: z.object({ es: z.string(), en: z.string() }),
});

export const activityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** The patient it concerns (staff only). */
  patient: person.nullable(),
  /** Who did it, when a person did. */
  actor: z.string().nullable(),
  link: z.string(),
});

export const activityCountSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  count: z.number().int(),
});

export const alertSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  patient: person.nullable(),
  /** overdue_task: the task. */
  task: z.object({ id: z.string(), title: z.string(), dueDate: z.string() }).nullable(),
  link: z.string(),
});

export const dashboardTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  dueDate: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  patient: person.nullable(),
});

/**
 * Each widget is null when the viewer may not see it: a patient gets `agenda` (their next
 * appointment) and `tasks` (their own); a researcher only counts (`patientLoad` by status,
 * `activityCounts`) and their own unidentified tasks; staff everything.
 */
export const dashboardSummarySchema = z.object({
  scope: z.enum(DASHBOARD_SCOPES),
  generatedAt: z.string(),
  patientLoad: z.array(patientLoadRowSchema).nullable(),
  agenda: z.array(agendaItemSchema).nullable(),
  activity: z.array(activityItemSchema).nullable(),
  activityCounts: z.array(activityCountSchema).nullable(),
  alerts: z.array(alertSchema).nullable(),
  tasks: z.array(dashboardTaskSchema).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export type AgendaItem = z.infer<typeof agendaItemSchema>;
export type ActivityItem = z.infer<typeof activityItemSchema>;
export type DashboardAlert = z.infer<typeof alertSchema>;
export type DashboardTask = z.infer<typeof dashboardTaskSchema>;
export type PatientLoadRow = z.infer<typeof patientLoadRowSchema>;

// ---- notification preferences ----

const channels = z.strictObject({ inApp: z.boolean(), email: z.boolean(), sms: z.boolean() });

export const notificationPreferencesSchema: z.ZodType<
  NotificationPreferences,
  NotificationPreferences
> = z.strictObject({
  message: channels,
  task: channels,
  appointment: channels,
  questionnaire: channels,
  plan: channels,
});
