/**
 * Questionnaires (patient-reported outcome measures, issue 13): assignments once or on a schedule,
 * filling (drafts, submission, answers entered from paper), scored results over time. Every score is
 * computed by `@painlab/clinical`; these schemas only carry its results. Instrument ids are the
 * clinical package's.
 */
import { z } from 'zod';
import { INSTRUMENT_IDS } from '@painlab/clinical/types';
import { calendarDateSchema } from './dates';

export { INSTRUMENT_IDS };
export type { InstrumentId } from '@painlab/clinical/types';

export const QUESTIONNAIRE_SCHEDULE_STATUSES = ['active', 'finished', 'stopped'] as const;
export const QUESTIONNAIRE_ASSIGNMENT_STATUSES = ['open', 'completed', 'cancelled'] as const;
/** Who entered a response: the patient signed in, the patient through the e-mailed link, staff from paper. */
export const QUESTIONNAIRE_SOURCES = ['patient', 'link', 'paper'] as const;

export type QuestionnaireScheduleStatus = (typeof QUESTIONNAIRE_SCHEDULE_STATUSES)[number];
export type QuestionnaireAssignmentStatus = (typeof QUESTIONNAIRE_ASSIGNMENT_STATUSES)[number];
export type QuestionnaireSource = (typeof QUESTIONNAIRE_SOURCES)[number];

export const QUESTIONNAIRE_LIMITS = {
  /** The longest instrument (CSI) has 25 items; anything longer is refused before scoring. */
  answers: 40,
  everyWeeksMax: 52,
  everyMonthsMax: 12,
  /** Days a link in a notice stays valid. */
  linkDays: 14,
  token: 200,
} as const;

const dateSchema = calendarDateSchema;
const id = z.string().max(100);

export const instrumentIdSchema = z.enum(INSTRUMENT_IDS, { error: 'invalid_choice' });

/** Answers in the instrument's published order, `null` for unanswered; checked against the definition by the server. */
export const answersSchema = z
  .array(z.number().int({ error: 'not_an_integer' }).nullable())
  .max(QUESTIONNAIRE_LIMITS.answers, { error: 'too_long' });

/**
 * Staff assign an instrument once (neither `everyWeeks` nor `everyMonths`), every N weeks, or every N
 * calendar months (on the start date's day, the month's last day when it is shorter) until a date.
 */
export const createScheduleSchema = z
  .strictObject({
    instrumentId: instrumentIdSchema,
    everyWeeks: z
      .number()
      .int()
      .min(1, { error: 'invalid_value' })
      .max(QUESTIONNAIRE_LIMITS.everyWeeksMax, { error: 'invalid_value' })
      .nullable()
      .optional(),
    everyMonths: z
      .number()
      .int()
      .min(1, { error: 'invalid_value' })
      .max(QUESTIONNAIRE_LIMITS.everyMonthsMax, { error: 'invalid_value' })
      .nullable()
      .optional(),
    /** The first due date; today (the server's UTC date) when absent. */
    startsOn: dateSchema.optional(),
    until: dateSchema.nullable().optional(),
  })
  .refine((v) => !v.until || !v.startsOn || v.until >= v.startsOn, {
    path: ['until'],
    error: 'until_before_start',
  })
  .refine((v) => !(v.everyWeeks && v.everyMonths), {
    path: ['everyMonths'],
    error: 'weeks_or_months',
  });
export type CreateScheduleInput = z.input<typeof createScheduleSchema>;

export const draftSchema = z.strictObject({
  answers: answersSchema,
  version: z.number().int().min(1),
});
export type DraftInput = z.input<typeof draftSchema>;

export const submitSchema = z.strictObject({ answers: answersSchema });
export type SubmitInput = z.input<typeof submitSchema>;

const token = z.string().min(1).max(QUESTIONNAIRE_LIMITS.token);
export const linkOpenSchema = z.strictObject({ token });
export const linkDraftSchema = draftSchema.extend({ token }).strict();
export const linkSubmitSchema = submitSchema.extend({ token }).strict();

const bilingual = z.object({ en: z.string(), es: z.string() });
const band = z.object({ id: z.string(), label: bilingual }).nullable();

export const questionnaireScheduleSchema = z.object({
  id: z.string(),
  instrumentId: instrumentIdSchema,
  everyWeeks: z.number().int().nullable(),
  everyMonths: z.number().int().nullable(),
  startsOn: z.string(),
  until: z.string().nullable(),
  nextDueOn: z.string().nullable(),
  status: z.enum(QUESTIONNAIRE_SCHEDULE_STATUSES),
  createdAt: z.string(),
});
export type QuestionnaireSchedule = z.infer<typeof questionnaireScheduleSchema>;

export const questionnaireAssignmentSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  patientId: z.string(),
  instrumentId: instrumentIdSchema,
  dueOn: z.string(),
  status: z.enum(QUESTIONNAIRE_ASSIGNMENT_STATUSES),
  /** The saved partial answers (resumable), or null. */
  draft: z.array(z.number().nullable()).nullable(),
  version: z.number().int(),
});
export type QuestionnaireAssignment = z.infer<typeof questionnaireAssignmentSchema>;

export const ruleOutcomeSchema = z.object({
  ruleId: z.string(),
  severity: z.enum(['urgent', 'advisory']),
  action: z.string(),
  audience: z.enum(['care-team', 'patient']),
  title: bilingual,
  explanation: bilingual,
});

export const crisisResourceSchema = z.object({
  id: z.string(),
  region: z.string(),
  phone: z.string().nullable(),
  label: bilingual,
});

/** A scored response, as `score()` of packages/clinical returned it when it was submitted. */
export const questionnaireResultSchema = z.object({
  id: z.string(),
  assignmentId: z.string(),
  instrumentId: instrumentIdSchema,
  answers: z.array(z.number().nullable()),
  scorable: z.boolean(),
  total: z.number().nullable(),
  subscales: z.record(z.string(), z.number().nullable()),
  band,
  flags: z.array(z.object({ id: z.string(), item: z.number().optional() })),
  missingItems: z.array(z.number()),
  rules: z.array(ruleOutcomeSchema),
  source: z.enum(QUESTIONNAIRE_SOURCES),
  submittedAt: z.string(),
});
export type QuestionnaireResult = z.infer<typeof questionnaireResultSchema>;

const percentLevel = z.enum([
  'substantial',
  'moderate',
  'minimal',
  'below-threshold',
  'not-assessable',
]);
export const measureChangeSchema = z.object({
  measure: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
  difference: z.number().nullable(),
  percentImprovement: z.number().nullable(),
  direction: z.enum(['improved', 'worsened', 'unchanged']).nullable(),
  assessments: z.array(
    z.union([
      z.object({ kind: z.literal('percent'), level: percentLevel, source: z.string() }),
      z.object({
        kind: z.literal('points'),
        mcid: z.number(),
        important: z.boolean(),
        source: z.string(),
      }),
    ]),
  ),
});
export type MeasureChange = z.infer<typeof measureChangeSchema>;

/** One instrument's results, oldest first, and the change from the first to the latest scorable one. */
export const instrumentSeriesSchema = z.object({
  instrumentId: instrumentIdSchema,
  results: z.array(questionnaireResultSchema),
  change: z.array(measureChangeSchema).nullable(),
});
export type InstrumentSeries = z.infer<typeof instrumentSeriesSchema>;

export const questionnaireOverviewSchema = z.object({
  schedules: z.array(questionnaireScheduleSchema),
  open: z.array(questionnaireAssignmentSchema),
  series: z.array(instrumentSeriesSchema),
});
export type QuestionnaireOverview = z.infer<typeof questionnaireOverviewSchema>;

export const createScheduleResultSchema = z.object({
  schedule: questionnaireScheduleSchema,
  /** The assignments released at once (the first one when it is due today or earlier). */
  released: z.array(questionnaireAssignmentSchema),
});

/** What the patient (or staff entering from paper) gets back after submitting. */
export const submitResultSchema = z.object({
  result: questionnaireResultSchema,
  /** PHQ-9 item 9 > 0: the crisis resources must be shown now, in the patient's language. */
  showCrisisResources: z.boolean(),
  crisisResources: z.array(crisisResourceSchema),
});
export type SubmitResult = z.infer<typeof submitResultSchema>;

export const draftResultSchema = z.object({ version: z.number().int() });

/** What the filling screen needs: the assignment and, when completed, nothing more to fill. */
export const fillViewSchema = z.object({
  assignment: questionnaireAssignmentSchema,
  /** The patient's first name, so a link opened on a shared phone says whose it is. */
  patientFirstName: z.string(),
});
export type FillView = z.infer<typeof fillViewSchema>;

export const myQuestionnairesSchema = z.object({
  open: z.array(questionnaireAssignmentSchema),
  results: z.array(questionnaireResultSchema),
});
export type MyQuestionnaires = z.infer<typeof myQuestionnairesSchema>;

export const scheduleIdParam = id;
