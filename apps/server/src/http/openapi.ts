/**
 * The API contract, defined once. Every API route is made with `defineRoute`, which
 *   - declares who may call it (http/access.ts) and documents that as `security`;
 *   - requires an `operationId`, `tags` and a `summary`;
 *   - adds the standard error responses the route can give (400 bad input, 401/403 from the guard,
 *     404 for a path with an id, 413/415 for a body), all pointing at the one `Error` schema;
 *   - refuses a body whose Content-Type the route does not declare with 415 `unsupported_media_type`
 *     (a browser sends text/plain, form and multipart bodies cross-site without a preflight).
 * The schemas the routes share are named here, so they land in `components.schemas` and are
 * referenced, not inlined. `openApiDocument` builds the served document: ours plus better-auth's
 * routes under /api/auth (only those this configuration enables).
 */
import {
  appointmentListSchema,
  appointmentSchema,
  appointmentSettingsSchema,
  appointmentTypeSchema,
  availabilityExceptionInputSchema,
  availabilityExceptionSchema,
  availabilitySchema,
  bookableSpecialistListSchema,
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  cancelAppointmentSchema,
  createCalendarFeedSchema,
  createAppointmentSchema,
  myAppointmentsSchema,
  rebookAppointmentSchema,
  requestAppointmentSchema,
  rescheduleAppointmentSchema,
  slotListSchema,
  slotSchema,
  transitionAppointmentSchema,
  updateAppointmentSettingsSchema,
  weeklyAvailabilityInputSchema,
  weeklyHoursSchema,
} from '@painlab/shared/appointments';
import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { createRoute, type OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { BetterAuthOptions } from 'better-auth';
import { openAPI } from 'better-auth/plugins';
import type { MiddlewareHandler } from 'hono';
import { auditEntrySchema, auditListSchema, auditVerifySchema } from '@painlab/shared/audit';
import { meResponseSchema, publicConfigSchema } from '@painlab/shared/auth';
import { ACCESS_TOKEN_MINUTES } from '@painlab/shared/auth-limits';
import { errorEnvelopeSchema, fieldIssueSchema } from '@painlab/shared/errors';
import {
  outboxListSchema,
  outboxMessageResponseSchema,
  outboxMessageSchema,
  outboxMessageSummarySchema,
  outboxProvidersSchema,
  outboxRetryInputSchema,
} from '@painlab/shared/outbox';
import {
  claimInputSchema,
  createPatientSchema,
  deidentifiedPatientSchema,
  importIssueSchema,
  importReportSchema,
  inviteInputSchema,
  inviteSchema,
  noteInputSchema,
  noteSchema,
  patientListItemSchema,
  patientListSchema,
  patientSchema,
  recordAccessSchema,
  statusChangeSchema,
  updatePatientSchema,
} from '@painlab/shared/patients';
import {
  createTaskSchema,
  taskAssignableSchema,
  taskCommentInputSchema,
  taskCommentSchema,
  taskEventSchema,
  taskListSchema,
  taskSchema,
  transitionTaskSchema,
  updateTaskSchema,
} from '@painlab/shared/tasks';
import {
  createScheduleSchema,
  draftSchema,
  fillViewSchema,
  linkDraftSchema,
  linkOpenSchema,
  linkSubmitSchema,
  myQuestionnairesSchema,
  questionnaireAssignmentSchema,
  questionnaireOverviewSchema,
  questionnaireResultSchema,
  questionnaireScheduleSchema,
  submitResultSchema,
  submitSchema,
} from '@painlab/shared/questionnaires';
import {
  acknowledgePlanSchema,
  changePlanStatusSchema,
  createPlanSchema,
  myPlanSchema,
  planListSchema,
  planSchema,
  planVersionSchema,
  revisePlanSchema,
} from '@painlab/shared/treatments';
import {
  createUserSchema,
  updateUserSchema,
  userListSchema,
  userSummarySchema,
} from '@painlab/shared/users';
import {
  noShowReportSchema,
  reminderLinkInputSchema,
  reminderLinkResultSchema,
  reminderLinkViewSchema,
  reminderPreferenceSchema,
  updateReminderPreferenceSchema,
} from '@painlab/shared/reminders';
import {
  createWaitlistEntrySchema,
  waitlistEntrySchema,
  waitlistLinkInputSchema,
  waitlistLinkViewSchema,
  waitlistListSchema,
  waitlistOfferResultSchema,
  waitlistOfferSchema,
} from '@painlab/shared/waitlist';
import {
  createLayoutSchema,
  dashboardLayoutListSchema,
  dashboardLayoutSchema,
  dashboardSummarySchema,
  notificationPreferencesSchema,
  updateLayoutSchema,
} from '@painlab/shared/dashboard';
import type { Auth } from '../auth/auth';
import { baseUrlOf } from '../env';
import { declareAccess, type Access } from './access';
import { errorBody } from './errors';
import type { AppEnv, Deps } from './types';

/**
 * Shared schemas under their component names. The names are attached to the very instances the
 * shared package exports, so a schema nested in another one (a Patient inside a PatientList) is a
 * `$ref` too. Only output and body schemas: query and path parameters stay inline (OpenAPI lists
 * parameters one by one).
 */
const COMPONENTS: Record<string, z.ZodType> = {
  Error: errorEnvelopeSchema,
  FieldIssue: fieldIssueSchema,
  Me: meResponseSchema,
  PublicConfig: publicConfigSchema,
  AuditEntry: auditEntrySchema,
  AuditList: auditListSchema,
  AuditVerification: auditVerifySchema,
  UserSummary: userSummarySchema,
  UserList: userListSchema,
  CreateUser: createUserSchema,
  UpdateUser: updateUserSchema,
  Patient: patientSchema,
  PatientListItem: patientListItemSchema,
  PatientList: patientListSchema,
  DeidentifiedPatient: deidentifiedPatientSchema,
  CreatePatient: createPatientSchema,
  UpdatePatient: updatePatientSchema,
  StatusChange: statusChangeSchema,
  Note: noteSchema,
  NoteInput: noteInputSchema,
  Invite: inviteSchema,
  InviteInput: inviteInputSchema,
  RecordAccess: recordAccessSchema,
  ClaimInput: claimInputSchema,
  ImportIssue: importIssueSchema,
  ImportReport: importReportSchema,
  OutboxProviders: outboxProvidersSchema,
  OutboxMessageSummary: outboxMessageSummarySchema,
  OutboxMessage: outboxMessageSchema,
  OutboxList: outboxListSchema,
  OutboxMessageResponse: outboxMessageResponseSchema,
  OutboxRetryInput: outboxRetryInputSchema,
  Task: taskSchema,
  TaskList: taskListSchema,
  CreateTask: createTaskSchema,
  UpdateTask: updateTaskSchema,
  TransitionTask: transitionTaskSchema,
  TaskComment: taskCommentSchema,
  TaskCommentInput: taskCommentInputSchema,
  TaskEvent: taskEventSchema,
  TaskAssignable: taskAssignableSchema,
  Appointment: appointmentSchema,
  AppointmentList: appointmentListSchema,
  MyAppointments: myAppointmentsSchema,
  CreateAppointment: createAppointmentSchema,
  RequestAppointment: requestAppointmentSchema,
  RescheduleAppointment: rescheduleAppointmentSchema,
  TransitionAppointment: transitionAppointmentSchema,
  CancelAppointment: cancelAppointmentSchema,
  RebookAppointment: rebookAppointmentSchema,
  AppointmentType: appointmentTypeSchema,
  AppointmentSlot: slotSchema,
  AppointmentSlotList: slotListSchema,
  AppointmentSettings: appointmentSettingsSchema,
  UpdateAppointmentSettings: updateAppointmentSettingsSchema,
  CalendarFeed: calendarFeedSchema,
  CalendarFeedCreated: calendarFeedCreatedSchema,
  CreateCalendarFeed: createCalendarFeedSchema,
  Availability: availabilitySchema,
  WeeklyHours: weeklyHoursSchema,
  WeeklyAvailabilityInput: weeklyAvailabilityInputSchema,
  AvailabilityException: availabilityExceptionSchema,
  AvailabilityExceptionInput: availabilityExceptionInputSchema,
  BookableSpecialistList: bookableSpecialistListSchema,
  CreateQuestionnaireSchedule: createScheduleSchema,
  QuestionnaireSchedule: questionnaireScheduleSchema,
  QuestionnaireAssignment: questionnaireAssignmentSchema,
  QuestionnaireResult: questionnaireResultSchema,
  QuestionnaireOverview: questionnaireOverviewSchema,
  QuestionnaireDraft: draftSchema,
  QuestionnaireSubmit: submitSchema,
  QuestionnaireSubmitResult: submitResultSchema,
  QuestionnaireFillView: fillViewSchema,
  MyQuestionnaires: myQuestionnairesSchema,
  QuestionnaireLinkOpen: linkOpenSchema,
  QuestionnaireLinkDraft: linkDraftSchema,
  QuestionnaireLinkSubmit: linkSubmitSchema,
  ReminderLinkInput: reminderLinkInputSchema,
  ReminderLinkView: reminderLinkViewSchema,
  ReminderLinkResult: reminderLinkResultSchema,
  ReminderPreference: reminderPreferenceSchema,
  UpdateReminderPreference: updateReminderPreferenceSchema,
  NoShowReport: noShowReportSchema,
  WaitlistEntry: waitlistEntrySchema,
  WaitlistList: waitlistListSchema,
  WaitlistOffer: waitlistOfferSchema,
  CreateWaitlistEntry: createWaitlistEntrySchema,
  WaitlistLinkInput: waitlistLinkInputSchema,
  WaitlistLinkView: waitlistLinkViewSchema,
  WaitlistOfferResult: waitlistOfferResultSchema,
  DashboardSummary: dashboardSummarySchema,
  DashboardLayout: dashboardLayoutSchema,
  DashboardLayoutList: dashboardLayoutListSchema,
  CreateDashboardLayout: createLayoutSchema,
  UpdateDashboardLayout: updateLayoutSchema,
  NotificationPreferences: notificationPreferencesSchema,
  TreatmentPlan: planSchema,
  TreatmentPlanList: planListSchema,
  TreatmentPlanVersion: planVersionSchema,
  CreateTreatmentPlan: createPlanSchema,
  ReviseTreatmentPlan: revisePlanSchema,
  ChangeTreatmentPlanStatus: changePlanStatusSchema,
  AcknowledgeTreatmentPlan: acknowledgePlanSchema,
  MyTreatmentPlan: myPlanSchema,
};

/** Gives a schema a component name (for module-local schemas, e.g. telemetry bodies). */
export function named<T extends z.ZodType>(name: string, schema: T): T {
  const current = zodToOpenAPIRegistry.get(schema);
  zodToOpenAPIRegistry.add(schema, {
    ...current,
    _internal: { ...current?._internal, refId: name },
  });
  return schema;
}
for (const [name, schema] of Object.entries(COMPONENTS)) named(name, schema);

/** The better-auth session cookie (its name as better-auth sets it for BASE_URL). */
export const SESSION_SCHEME = 'sessionCookie';
/** An access token (JWT from `GET /api/auth/token`) as `Authorization: Bearer` (ADR 0039). */
export const ACCESS_TOKEN_SCHEME = 'accessToken';
/** Our routes: the session cookie, or an access token of a session (http/session.ts). */
const SIGNED_IN = [{ [SESSION_SCHEME]: [] }, { [ACCESS_TOKEN_SCHEME]: [] }];
/** better-auth's routes read the cookie only. */
const COOKIE_ONLY = [{ [SESSION_SCHEME]: [] }];

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 501 | 503;

/** An error response: always the one envelope, `{ error: { code, message, requestId, details? } }`. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorEnvelopeSchema } },
});

/** A JSON response. */
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body (application/json only). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

const DEFAULT_ERRORS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `details` names each field',
  401: 'Not signed in',
  403: 'Signed in without the permission this needs',
  404: 'Not found',
  405: 'Not allowed on this resource',
  409: 'Conflict with the current state',
  410: 'No longer usable (an expired or used link)',
  413: 'Body too large',
  415: 'Content-Type not accepted by this operation',
  429: 'Too many requests: wait and retry',
  501: 'Module not yet available',
  503: 'The database does not answer: retry',
};

type RouteMeta = {
  access: Access;
  operationId: string;
  tags: [string, ...string[]];
  summary: string;
  /** Error responses this route gives besides the standard ones, or a better description of one. */
  errors?: Partial<Record<ErrorStatus, string>>;
};

/** The media types a route accepts, lower case; empty when it takes no body. */
function declaredMediaTypes(route: RouteConfig): string[] {
  const content = route.request?.body?.content;
  return content ? Object.keys(content).map((t) => t.toLowerCase()) : [];
}

/**
 * 415 for a body whose Content-Type the route does not declare, before anything reads the body.
 * A request with no body at all passes (validation then says what is missing).
 */
export function acceptOnly(mediaTypes: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('content-type');
    const essence = header?.split(';')[0]?.trim().toLowerCase();
    const hasBody =
      Boolean(c.req.header('transfer-encoding')) || Number(c.req.header('content-length') ?? 0) > 0;
    if (essence ? !mediaTypes.includes(essence) : hasBody) {
      // RFC 5789 / the Linked Data Platform's Accept-Patch and Accept-Post name what would be accepted
      c.header(c.req.method === 'PATCH' ? 'Accept-Patch' : 'Accept-Post', mediaTypes.join(', '));
      return c.json(
        errorBody(c, 'unsupported_media_type', { accepted: mediaTypes.join(', ') }),
        415,
      );
    }
    await next();
  };
}

/**
 * `createRoute` with the contract filled in: access rule (mandatory), security, standard errors and
 * the Content-Type check. Handlers keep the response types of the responses written out here.
 */
export function defineRoute<R extends RouteConfig>(config: R & RouteMeta): R {
  const { access: rule, errors = {}, ...route } = config;
  declareAccess(route.method, route.path, rule);

  const mediaTypes = declaredMediaTypes(route as RouteConfig);
  const request = route.request;
  const standard: Partial<Record<ErrorStatus, string>> = {};
  if (request?.params || request?.query || request?.body || request?.headers)
    standard[400] = DEFAULT_ERRORS[400];
  if (rule.kind !== 'public') standard[401] = DEFAULT_ERRORS[401];
  if (rule.kind === 'permission') standard[403] = DEFAULT_ERRORS[403];
  if (route.path.includes('{')) standard[404] = DEFAULT_ERRORS[404];
  if (mediaTypes.length) {
    standard[413] = DEFAULT_ERRORS[413];
    standard[415] = DEFAULT_ERRORS[415];
  }
  const errorResponses = Object.fromEntries(
    Object.entries({ ...standard, ...errors }).map(([status, description]) => [
      status,
      errorResponse(description),
    ]),
  );
  const middleware = route.middleware
    ? Array.isArray(route.middleware)
      ? route.middleware
      : [route.middleware]
    : [];

  return createRoute({
    ...route,
    security: rule.kind === 'public' ? [] : SIGNED_IN,
    // success first; a response written out in the route wins over the standard one
    responses: {
      ...route.responses,
      ...Object.fromEntries(
        Object.entries(errorResponses).filter(([s]) => !(s in route.responses)),
      ),
    },
    ...(mediaTypes.length ? { middleware: [acceptOnly(mediaTypes), ...middleware] } : {}),
  } as unknown as R);
}

export const TAGS = [
  { name: 'system', description: 'Health and the public configuration of this clinic' },
  {
    name: 'auth',
    description:
      'Sign-in, sessions and account administration (better-auth), and the signed-in user',
  },
  { name: 'users', description: 'Accounts and their roles (administrators)' },
  {
    name: 'patients',
    description:
      'Patient records, notes, status history, import and export (staff; de-identified for researchers)',
  },
  { name: 'portal', description: "A patient's own record and who accessed it" },
  {
    name: 'messages',
    description:
      'Secure messaging between patients and their care team and between staff: threads, read receipts, unread counts, quick replies',
  },
  {
    name: 'notifications',
    description:
      'In-app notifications (what happened and where, never content) and the realtime event stream',
  },
  {
    name: 'dashboard',
    description:
      "The caller's dashboard: widgets shaped by their role (audited per patient shown) and saved layouts",
  },
  {
    name: 'tasks',
    description:
      'Work items for staff, role queues and patients: statuses with explicit transitions, comments, history',
  },
  {
    name: 'questionnaires',
    description:
      'Patient-reported outcome measures: assignment once or on a schedule, filling (signed in or by a single-use link), scores from packages/clinical, rules, results over time',
  },
  { name: 'audit', description: 'The append-only, hash-chained audit log' },
  {
    name: 'outbox',
    description:
      'Outgoing e-mail and SMS: queued with their cause, delivered with retries; read and retried by administrators',
  },
  {
    name: 'site',
    description:
      'The public site: published posts, specialists, consented testimonials, page texts, and the contact form',
  },
  {
    name: 'site-editor',
    description:
      "Staff editing of the public site: posts, specialist profiles, testimonials with their consent records, the service and community pages' texts",
  },
  {
    name: 'workshops',
    description:
      'Workshops of the public site: sessions, seats and an automatic waitlist, registration without an account, cancel and offer links; edited by administrators',
  },
  {
    name: 'telemetry',
    description: 'Client logs and Web Vitals from the web app (no patient data)',
  },
  {
    name: 'appointments',
    description:
      "Appointment types, specialists' hours and exceptions, free slots, bookings (staff and patients' own), statuses, iCalendar files",
  },
  {
    name: 'treatments',
    description:
      "Treatment plans: problems, goals tied to questionnaire measures, interventions, statuses with explicit transitions, versions, progress, the patient's acknowledgement",
  },
  {
    name: 'analytics',
    description: 'Not yet available: the permission check is enforced, then 501',
  },
  {
    name: 'research',
    description: 'Not yet available: the permission check is enforced, then 501',
  },
];

// ---------------------------------------------------------------------------------------------
// better-auth's routes

type Json = Record<string, unknown>;
type Operation = Json & {
  operationId?: string;
  tags?: string[];
  security?: unknown;
  description?: string;
  summary?: string;
};

/** Paths that answer without a session (better-auth reads the cookie if there is one). */
const AUTH_PUBLIC = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/ok',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/{token}',
  '/verify-email',
  '/jwks',
  '/email-otp/send-verification-otp',
  '/sign-in/email-otp',
  '/sign-in/magic-link',
  '/magic-link/verify',
]);
/** What this configuration adds to better-auth's own description of a path (ADR 0040). */
const AUTH_NOTES: Record<string, string> = {
  '/email-otp/send-verification-otp':
    'Sign-in codes only (`type: "sign-in"`, else 400 `INVALID_OTP_TYPE`). The same answer for any address; a known one gets a 6-digit code (5 minutes, single use, stored hashed) through the outbox, at most one code or link per account per minute.',
  '/sign-in/email-otp':
    'No account is created. Wrong codes count against the account lock (429 `ACCOUNT_LOCKED`); an account with a second factor is refused after the code was verified (403 `SECOND_FACTOR_REQUIRED`). The session is aal1.',
  '/sign-in/magic-link':
    'The same answer for any address; a known one gets a link to `/login?link=<token>` (15 minutes, single use, stored hashed) through the outbox, at most one code or link per account per minute. No account is created.',
  '/magic-link/verify':
    'Opened by the button of `/login?link=`. With `callbackURL`: 302 to it (a path of this site) with the session cookie, or to `/login?error=CODE` (`INVALID_TOKEN`, `SECOND_FACTOR_REQUIRED` for an account with a second factor). The session is aal1.',
};

/** A session is optional: the answer is `null` without one. */
const AUTH_OPTIONAL = new Set(['/get-session', '/sign-out']);

/** What better-auth's generator cannot know about a route here: our refusals, our schemas. */
const AUTH_AMENDMENTS: Record<string, (op: Operation) => Operation> = {
  '/token': (op) => ({
    ...op,
    summary: 'An access token (JWT) for integrations',
    description:
      'A JWT signed with EdDSA (Ed25519; keys at `/api/auth/jwks` and `/.well-known/jwks.json`), ' +
      `accepted by this API as \`Authorization: Bearer\` for ${ACCESS_TOKEN_MINUTES} minutes. Claims: ` +
      '`sub` (user id), `sid` (session id), `role`, `aal`, `iss` and `aud` (BASE_URL), `iat`, `exp`. ' +
      'The API reads the session it names on every request: signing out, a ban, a password reset or a role change apply to the token at once, and it may do what the session may do. Needs the session cookie (a token cannot ask for another).',
    responses: {
      ...(op.responses as Json),
      200: {
        description: 'The token',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { token: { type: 'string' } },
              required: ['token'],
            },
          },
        },
      },
      401: { ...((op.responses as Json)[401] as Json), description: 'No session' },
      403: {
        ...((op.responses as Json)[403] as Json),
        description:
          '`MFA_REQUIRED`: the role requires a second factor and this session has not verified one (verify it first)',
      },
    },
  }),
  '/jwks': (op) => ({
    ...op,
    summary: 'The public keys that verify access tokens (also at /.well-known/jwks.json)',
    responses: {
      ...(op.responses as Json),
      200: {
        description: 'The key set',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/JsonWebKeySet' } } },
      },
    },
  }),
};

/**
 * The routes this configuration really serves. better-auth's generator lists every core route;
 * these need a feature we have not configured (social sign-in, e-mail verification, password-reset
 * mails, e-mail change, self-deletion) and only answer errors here.
 */
export function authRouteEnabled(path: string, options: BetterAuthOptions): boolean {
  if (options.disabledPaths?.includes(path)) return false;
  // refused over HTTP: an e-mail change goes through POST /api/account/email (auth/email-change.ts)
  if (path === '/change-email') return false;
  const social = [
    '/sign-in/social',
    '/callback/{id}',
    '/link-social',
    '/unlink-account',
    '/refresh-token',
    '/get-access-token',
    '/account-info',
    '/error',
  ];
  if (social.includes(path)) return Object.keys(options.socialProviders ?? {}).length > 0;
  if (path === '/verify-email' || path === '/send-verification-email')
    return Boolean(options.emailVerification?.sendVerificationEmail);
  if (path === '/request-password-reset' || path.startsWith('/reset-password'))
    return Boolean(options.emailAndPassword?.sendResetPassword);
  if (path.startsWith('/delete-user')) return Boolean(options.user?.deleteUser?.enabled);
  return true;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const camelFromPath = (method: string, path: string) =>
  method +
  path
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map(pascal)
    .join('');

/** OpenAPI 3.0's `nullable: true` (better-auth writes some) as 3.1's `type: [X, 'null']`. */
function nullableAs31(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableAs31);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Json;
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, nullableAs31(v)]));
  if (nullable !== true) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  if (Array.isArray(out.type))
    return { ...out, type: [...new Set([...(out.type as string[]), 'null'])] };
  return { anyOf: [out, { type: 'null' }] };
}

/** Every `$ref` target in a value. */
function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.add(v);
      else refsIn(v, into);
    }
  }
  return into;
}

/** Rewrites better-auth's `#/components/schemas/X` references to our prefixed component names. */
function renameRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) =>
        k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
          ? [k, `#/components/schemas/${rename(v.slice('#/components/schemas/'.length))}`]
          : [k, renameRefs(v, rename)],
      ),
    );
  }
  return value;
}

/**
 * better-auth's own document (its openAPI plugin's generator, run against the live instance's
 * context: the plugin's HTTP endpoints are not mounted), reshaped for ours: paths under /api/auth,
 * tag `auth`, operationIds prefixed `auth`, our cookie scheme, its models as `Auth…` components.
 */
export async function authOpenApi(
  auth: Auth,
): Promise<{ paths: Record<string, Json>; schemas: Record<string, Json> }> {
  const generate = openAPI({ disableDefaultReference: true }).endpoints
    .generateOpenAPISchema as unknown as (input: { context: unknown }) => Promise<{
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Json> };
  }>;
  const generated = await generate({ context: await auth.$context });
  const rename = (name: string) => `Auth${name}`;
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries(generated.paths)) {
    if (!authRouteEnabled(path, auth.options as BetterAuthOptions)) continue;
    const operations: Json = {};
    for (const [method, op] of Object.entries(item)) {
      if (method !== 'get' && method !== 'post') continue; // auth.routes.ts forwards GET and POST only
      const { security: _ignored, ...rest } = renameRefs(op, rename) as Operation;
      const id = rest.operationId ?? camelFromPath(method, path);
      const own = rest.description ?? `better-auth: ${method.toUpperCase()} ${path}`;
      const description = AUTH_NOTES[path]
        ? `${own.replace(/\.?$/, '.')} ${AUTH_NOTES[path]}`
        : own;
      const responses = (rest.responses ?? {}) as Json;
      if (path === '/magic-link/verify')
        rest.responses = {
          ...responses,
          302: { description: 'Signed in (to `callbackURL`), or refused (to `/login?error=CODE`)' },
        };
      if (!Object.keys(responses).some((status) => status.startsWith('2')))
        rest.responses = { 200: { description: 'Done' }, ...responses };
      const amend = AUTH_AMENDMENTS[path] ?? ((o: Operation) => o);
      operations[method] = amend({
        ...rest,
        operationId: `auth${pascal(id)}`,
        tags: ['auth'],
        summary: rest.summary ?? own.split(/(?<=\.)\s/)[0],
        description,
        security: AUTH_PUBLIC.has(path)
          ? []
          : AUTH_OPTIONAL.has(path)
            ? [...COOKIE_ONLY, {}]
            : COOKIE_ONLY,
      });
    }
    if (Object.keys(operations).length)
      paths[`/api/auth${path}`] = nullableAs31(operations) as Json;
  }
  // only the models the enabled routes use
  const used = refsIn(paths);
  const schemas = Object.fromEntries(
    Object.entries(generated.components.schemas)
      .map(([name, schema]) => [rename(name), nullableAs31(schema) as Json] as const)
      .filter(([name]) => used.has(`#/components/schemas/${name}`)),
  );
  return { paths, schemas };
}

// ---------------------------------------------------------------------------------------------
// the document

/** The session cookie's name as better-auth sets it: `__Host-` prefixed on https (auth/auth.ts). */
export function sessionCookieName(baseUrl: string): string {
  return baseUrl.startsWith('https://') ? '__Host-painlab.session_token' : 'painlab.session_token';
}

export async function openApiDocument(app: OpenAPIHono<AppEnv>, deps: Pick<Deps, 'env' | 'auth'>) {
  const baseUrl = baseUrlOf(deps.env);
  const ours = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: `${deps.env.CLINIC_NAME} API`,
      version: '0.1.0',
      description: [
        'The HTTP API of Pain Lab, clinic software for pain-management practices.',
        '',
        `**Authentication**: a better-auth session cookie (\`${sessionCookieName(baseUrl)}\`), set by \`POST /api/auth/sign-in/email\`; ` +
          `outside \`/api/auth\`, also an access token (\`Authorization: Bearer\`, a JWT from \`GET /api/auth/token\`, ${ACCESS_TOKEN_MINUTES} minutes) that acts as the session it was issued to. ` +
          'Every operation lists the scheme it needs; `security: []` marks the public ones. ' +
          "State-changing requests from a browser must come from the app's own origin.",
        '',
        '**Errors**: `{ "error": { "code", "message", "requestId", "details"? } }` (the `Error` schema); `message` is in the ' +
          "request's language (`Accept-Language`: `es` or `en`), `code` is stable.",
        '',
        '**Bodies**: JSON operations accept `application/json` only, the CSV import `text/csv` only, message attachments and site images the file types they list; anything else is a 415.',
      ].join('\n'),
      contact: { name: `${deps.env.CLINIC_NAME} administrators`, url: baseUrl },
    },
    servers: [{ url: baseUrl, description: 'This server (BASE_URL)' }],
    tags: TAGS,
  });
  const auth = await authOpenApi(deps.auth);
  const schemas = { ...(ours.components?.schemas ?? {}) } as Record<string, unknown>;
  for (const [name, schema] of Object.entries(auth.schemas)) {
    if (name in schemas) throw new Error(`OpenAPI component ${name} is defined twice`);
    schemas[name] = schema;
  }
  return {
    ...ours,
    paths: { ...ours.paths, ...auth.paths },
    components: {
      ...ours.components,
      schemas,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName(baseUrl),
          description:
            'The better-auth session cookie (HttpOnly, SameSite=Lax), set by sign-in and sign-up. On an https BASE_URL it is ' +
            '`__Host-painlab.session_token` (Secure, Path=/); on http `painlab.session_token`. The session ends after ' +
            `${deps.env.SESSION_IDLE_MINUTES} minutes idle or ${deps.env.SESSION_ABSOLUTE_HOURS} hours in all.`,
        },
        [ACCESS_TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            `An access token from \`GET /api/auth/token\` (EdDSA; keys at \`/.well-known/jwks.json\`), valid ${ACCESS_TOKEN_MINUTES} minutes. ` +
            'It acts as the session it was issued to, which is read on every request: revoked, expired or banned, the token stops working at once. ' +
            'Only on a request without the session cookie; never on `/api/auth/*`.',
        },
      },
    },
  };
}

/** `GET /api/openapi.json`, public; built once per process. */
export function mountOpenApiDocument(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  declareAccess('GET', '/api/openapi.json', { kind: 'public' });
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', async (c) => {
    document ??= openApiDocument(app, deps).catch((error: unknown) => {
      document = undefined; // try again on the next request
      throw error;
    });
    return c.json(await document);
  });
}
