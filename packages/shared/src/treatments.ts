/**
 * Treatment plans (issue 13, ADR 0019): problems, goals tied to a questionnaire measure, interventions,
 * a schedule, the responsible clinicians and a status with explicit transitions. Every change is a
 * numbered version; the patient acknowledges the active plan's version. Progress is computed from the
 * goals' measures (`goalProgress`, `planProgress`): the server, the web and the tests call these.
 */
import { z } from 'zod';
import { INSTRUMENT_IDS, type InstrumentId } from '@painlab/clinical/types';
import { calendarDateSchema } from './dates';

export const PLAN_STATUSES = ['draft', 'active', 'completed', 'discontinued'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/**
 * The allowed status changes and nothing else (409 `transition_not_allowed`): a draft is started or
 * dropped; an active plan is completed or discontinued. Completed and discontinued plans are closed
 * (a new plan is made instead), so their history never changes.
 */
export const PLAN_TRANSITIONS: Record<PlanStatus, readonly PlanStatus[]> = {
  draft: ['active', 'discontinued'],
  active: ['completed', 'discontinued'],
  completed: [],
  discontinued: [],
};

export function canChangePlanStatus(from: PlanStatus, to: PlanStatus): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

/** Only drafts and active plans can be revised. */
export const EDITABLE_PLAN_STATUSES = ['draft', 'active'] as const satisfies readonly PlanStatus[];

export const INTERVENTION_KINDS = [
  'medication',
  'physiotherapy',
  'psychology',
  'workshop',
  'procedure',
  'home_exercise',
] as const;
export type InterventionKind = (typeof INTERVENTION_KINDS)[number];

/** How often an intervention happens. */
export const FREQUENCIES = ['once', 'daily', 'weekly', 'every_2_weeks', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** How a goal's target is compared with the measure (every instrument here: higher is worse). */
export const COMPARATORS = ['lt', 'lte', 'gt', 'gte'] as const;
export type Comparator = (typeof COMPARATORS)[number];

export const PLAN_LIMITS = {
  title: 200,
  text: 2_000,
  short: 300,
  problems: 20,
  goals: 20,
  interventions: 40,
  clinicians: 10,
  note: 500,
  /** Scores of every instrument here are below 1000. */
  value: 1_000,
} as const;

const dateSchema = calendarDateSchema;
const itemId = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, { error: 'invalid_value' })
  .optional();
const required = (max: number) =>
  z.string().trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });
const optionalText = (max: number) => z.string().trim().max(max, { error: 'too_long' }).nullish();

/** A questionnaire measure: an instrument's total or one of its subscales (packages/clinical keys). */
export const goalMeasureSchema = z.strictObject({
  instrumentId: z.enum(INSTRUMENT_IDS, { error: 'invalid_choice' }),
  /** `total` or a subscale key (`interference` of the BPI). */
  measure: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'invalid_value' }),
  comparator: z.enum(COMPARATORS, { error: 'invalid_choice' }),
  target: z.number().min(0).max(PLAN_LIMITS.value),
  /** The value at the start; the patient's latest result when left out (the server fills it). */
  baseline: z.number().min(0).max(PLAN_LIMITS.value).nullish(),
});
export type GoalMeasure = z.infer<typeof goalMeasureSchema>;

export const problemInputSchema = z.strictObject({
  id: itemId,
  text: required(PLAN_LIMITS.short),
});

export const goalInputSchema = z.strictObject({
  id: itemId,
  text: required(PLAN_LIMITS.short),
  /** Tied to a measure where possible ("BPI interference < 4 by March"); null for a goal without one. */
  measure: goalMeasureSchema.nullish(),
  targetDate: dateSchema.nullish(),
});

export const interventionInputSchema = z.strictObject({
  id: itemId,
  kind: z.enum(INTERVENTION_KINDS, { error: 'invalid_choice' }),
  title: required(PLAN_LIMITS.short),
  /** What the patient reads (dose, exercise instructions). */
  details: optionalText(PLAN_LIMITS.text),
  frequency: z.enum(FREQUENCIES, { error: 'invalid_choice' }),
  startsOn: dateSchema.nullish(),
  endsOn: dateSchema.nullish(),
});

/** The content of a plan: what a version holds. */
export const planContentInputSchema = z.strictObject({
  title: required(PLAN_LIMITS.title),
  summary: optionalText(PLAN_LIMITS.text),
  problems: z.array(problemInputSchema).max(PLAN_LIMITS.problems, { error: 'too_many' }),
  goals: z.array(goalInputSchema).max(PLAN_LIMITS.goals, { error: 'too_many' }),
  interventions: z
    .array(interventionInputSchema)
    .max(PLAN_LIMITS.interventions, { error: 'too_many' }),
  startsOn: dateSchema,
  reviewOn: dateSchema.nullish(),
  /** Account ids of the responsible clinicians (admin or specialist). */
  clinicianIds: z
    .array(z.string().min(1).max(100))
    .min(1, { error: 'required' })
    .max(PLAN_LIMITS.clinicians, { error: 'too_many' }),
});
export type PlanContentInput = z.input<typeof planContentInputSchema>;

export const createPlanSchema = planContentInputSchema
  .extend({ patientId: z.string().min(1).max(100) })
  .strict();
export type CreatePlanInput = z.input<typeof createPlanSchema>;

export const revisePlanSchema = planContentInputSchema
  .extend({
    version: z.number().int().min(1),
    /** Why it changed (shown in the history). */
    note: optionalText(PLAN_LIMITS.note),
  })
  .strict();
export type RevisePlanInput = z.input<typeof revisePlanSchema>;

export const changePlanStatusSchema = z.strictObject({
  status: z.enum(PLAN_STATUSES, { error: 'invalid_choice' }),
  version: z.number().int().min(1),
  note: optionalText(PLAN_LIMITS.note),
});
export type ChangePlanStatusInput = z.input<typeof changePlanStatusSchema>;

export const acknowledgePlanSchema = z.strictObject({ version: z.number().int().min(1) });

export const planListQuerySchema = z.strictObject({
  status: z.enum(PLAN_STATUSES, { error: 'invalid_choice' }).optional(),
  patientId: z.string().max(100).optional(),
  /** Search by the patient's name or the plan's title. */
  q: z.string().trim().max(100).optional(),
  mine: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type PlanListQuery = z.input<typeof planListQuerySchema>;

// ——— responses ———

const problemSchema = z.object({ id: z.string(), text: z.string() });
const measureSchema = z.object({
  instrumentId: z.enum(INSTRUMENT_IDS),
  measure: z.string(),
  comparator: z.enum(COMPARATORS),
  target: z.number(),
  baseline: z.number().nullable(),
});
const goalSchema = z.object({
  id: z.string(),
  text: z.string(),
  measure: measureSchema.nullable(),
  targetDate: z.string().nullable(),
});
const interventionSchema = z.object({
  id: z.string(),
  kind: z.enum(INTERVENTION_KINDS),
  title: z.string(),
  details: z.string().nullable(),
  frequency: z.enum(FREQUENCIES),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});

export const planContentSchema = z.object({
  title: z.string(),
  summary: z.string().nullable(),
  problems: z.array(problemSchema),
  goals: z.array(goalSchema),
  interventions: z.array(interventionSchema),
  startsOn: z.string(),
  reviewOn: z.string().nullable(),
  clinicianIds: z.array(z.string()),
});
export type PlanContent = z.infer<typeof planContentSchema>;
export type PlanGoal = PlanContent['goals'][number];
export type PlanIntervention = PlanContent['interventions'][number];

const person = z.object({ id: z.string(), name: z.string() });

export const goalProgressSchema = z.object({
  goalId: z.string(),
  latest: z.number().nullable(),
  latestAt: z.string().nullable(),
  /** 0–100 of the way from baseline to target; null when it cannot be computed. */
  percent: z.number().nullable(),
  met: z.boolean().nullable(),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

export const planProgressSchema = z.object({
  /** The mean of the goals' percentages (those that can be computed), 0–100, or null. */
  percent: z.number().nullable(),
  goals: z.array(goalProgressSchema),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const planSummarySchema = z.object({
  id: z.string(),
  patient: person,
  title: z.string(),
  status: z.enum(PLAN_STATUSES),
  version: z.number().int(),
  startsOn: z.string(),
  reviewOn: z.string().nullable(),
  updatedAt: z.string(),
  progress: z.number().nullable(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const planListSchema = z.object({
  items: z.array(planSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PlanList = z.infer<typeof planListSchema>;

export const PLAN_CHANGE_KINDS = ['created', 'revised', 'status'] as const;

export const planVersionMetaSchema = z.object({
  version: z.number().int(),
  kind: z.enum(PLAN_CHANGE_KINDS),
  status: z.enum(PLAN_STATUSES),
  note: z.string().nullable(),
  changedBy: person.nullable(),
  changedAt: z.string(),
  /** The top-level fields that changed from the previous version. */
  changed: z.array(z.string()),
});
export type PlanVersionMeta = z.infer<typeof planVersionMetaSchema>;

export const planVersionSchema = planVersionMetaSchema.extend({ content: planContentSchema });
export type PlanVersion = z.infer<typeof planVersionSchema>;

export const acknowledgementSchema = z.object({
  version: z.number().int(),
  acknowledgedAt: z.string(),
});
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/** One result of a goal's instrument, for the progress chart. */
export const measurePointSchema = z.object({
  instrumentId: z.enum(INSTRUMENT_IDS),
  measure: z.string(),
  value: z.number(),
  at: z.string(),
});

export const planSchema = z.object({
  id: z.string(),
  patient: person,
  status: z.enum(PLAN_STATUSES),
  version: z.number().int(),
  content: planContentSchema,
  clinicians: z.array(person),
  createdAt: z.string(),
  updatedAt: z.string(),
  progress: planProgressSchema,
  /** Oldest first. */
  history: z.array(planVersionMetaSchema),
  acknowledgements: z.array(acknowledgementSchema),
  /** The goals' measures over time (oldest first). */
  points: z.array(measurePointSchema),
});
export type Plan = z.infer<typeof planSchema>;

/** The patient's own view: their active plan (or null) and their open questionnaires' ids. */
export const myPlanSchema = z.object({
  plan: planSchema.nullable(),
  acknowledged: z.boolean(),
});
export type MyPlan = z.infer<typeof myPlanSchema>;

// ——— progress maths (pure) ———

export function meets(value: number, comparator: Comparator, target: number): boolean {
  if (comparator === 'lt') return value < target;
  if (comparator === 'lte') return value <= target;
  if (comparator === 'gt') return value > target;
  return value >= target;
}

/**
 * How far a goal has come: the share of the way from the baseline to the target that the latest
 * result has covered, 0–100 (a worsening is 0; 100 only once the goal is met). Not computable (null)
 * without a latest result or a baseline; a goal already met counts 100.
 */
export function goalProgress(
  measure: Pick<GoalMeasure, 'comparator' | 'target'> & { baseline?: number | null | undefined },
  latest: number | null,
): { percent: number | null; met: boolean | null } {
  if (latest === null) return { percent: null, met: null };
  const met = meets(latest, measure.comparator, measure.target);
  if (met) return { percent: 100, met };
  const baseline = measure.baseline ?? null;
  if (baseline === null || baseline === measure.target) return { percent: null, met };
  const covered = (baseline - latest) / (baseline - measure.target);
  // 100 is kept for a goal met: at the target of a strict "< 4", the goal is not met yet
  return { percent: Math.min(99, Math.round(Math.max(0, covered) * 100)), met };
}

/** The plan's figure: the mean of its goals' computable percentages, rounded; null if none. */
export function planProgress(percents: readonly (number | null)[]): number | null {
  const known = percents.filter((p): p is number => p !== null);
  if (!known.length) return null;
  return Math.round(known.reduce((a, b) => a + b, 0) / known.length);
}

/** The value of a measure in a scored result (`total` or a subscale). */
export function measureValue(
  result: { total: number | null; subscales: Record<string, number | null> },
  measure: string,
): number | null {
  if (measure === 'total') return result.total;
  return result.subscales[measure] ?? null;
}

export type MeasureKey = { instrumentId: InstrumentId; measure: string };

// ——— comparing versions (pure) ———

export type ListChange<T> =
  | { kind: 'added'; after: T }
  | { kind: 'removed'; before: T }
  | { kind: 'changed'; before: T; after: T };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Items matched by id: added, removed and changed ones (unchanged ones left out). */
export function diffItems<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): ListChange<T>[] {
  const old = new Map(before.map((i) => [i.id, i]));
  const out: ListChange<T>[] = [];
  for (const item of after) {
    const prev = old.get(item.id);
    if (!prev) out.push({ kind: 'added', after: item });
    else if (!same(prev, item)) out.push({ kind: 'changed', before: prev, after: item });
    old.delete(item.id);
  }
  for (const prev of old.values()) out.push({ kind: 'removed', before: prev });
  return out;
}

export const PLAN_FIELDS = [
  'title',
  'summary',
  'problems',
  'goals',
  'interventions',
  'startsOn',
  'reviewOn',
  'clinicianIds',
] as const satisfies readonly (keyof PlanContent)[];

/** The top-level fields whose values differ between two versions' contents. */
export function changedFields(before: PlanContent | null, after: PlanContent): string[] {
  if (!before) return [];
  return PLAN_FIELDS.filter((f) => !same(before[f], after[f]));
}
