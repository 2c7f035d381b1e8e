/**
 * Database schema. Auth tables follow better-auth 1.7 (core + admin plugin); the audit log is
 * append-only (triggers, migrations 0001 and 0004: no DELETE or TRUNCATE, and the only UPDATE
 * allowed is the sealer's first setting of seq/prev_hash/hash) and hash-chained.
 */
import { sql } from 'drizzle-orm';
import type { OutboxAttachment } from '@painlab/shared/outbox';
import {
  REGISTRATION_STATUSES,
  WORKSHOP_CURRENCIES,
  WORKSHOP_MARKETS,
  WORKSHOP_STATUSES,
} from '@painlab/shared/workshops';
import { AUDIT_OUTCOMES } from '@painlab/shared/audit';
import {
  APPOINTMENT_MODALITIES,
  APPOINTMENT_STATUSES,
  AVAILABILITY_EXCEPTION_KINDS,
  BOOKABLE_BY,
  PATIENT_BOOKING_MODES,
} from '@painlab/shared/appointments';
import { MESSAGE_LANGUAGES, OUTBOX_CHANNELS, OUTBOX_STATUSES } from '@painlab/shared/outbox';
import { STAFF_ROLES } from '@painlab/shared/users';
import { ROLES } from '@painlab/shared/permissions';
import { CATEGORIES, GENDERS, PRIORITIES, STATUSES } from '@painlab/shared/patients';
import {
  REMINDER_CHANNELS,
  REMINDER_LANGUAGES,
  REMINDER_LINK_PURPOSES,
  REMINDER_STATUSES,
} from '@painlab/shared/reminders';
import { NOTIFICATION_TYPES, REALTIME_KINDS, THREAD_KINDS } from '@painlab/shared/messages';
import { PREFERENCE_TYPES } from '@painlab/shared/dashboard';
import {
  TIMES_OF_DAY,
  WAITLIST_ENTRY_STATUSES,
  WAITLIST_OFFER_STATUSES,
} from '@painlab/shared/waitlist';
import {
  INSTRUMENT_IDS,
  QUESTIONNAIRE_ASSIGNMENT_STATUSES,
  QUESTIONNAIRE_SCHEDULE_STATUSES,
  QUESTIONNAIRE_SOURCES,
} from '@painlab/shared/questionnaires';
import {
  TASK_EVENT_KINDS,
  TASK_PRIORITIES,
  TASK_QUEUES,
  TASK_STATUSES,
} from '@painlab/shared/tasks';
import {
  CONTACT_REASONS,
  PAGE_KEYS,
  POST_STATUSES,
  SITE_LANGS,
} from '@painlab/shared/site-content';
import { PLAN_CHANGE_KINDS, PLAN_STATUSES, type PlanContent } from '@painlab/shared/treatments';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = { withTimezone: true, mode: 'date' } as const;

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', tz),
    /** better-auth's two-factor plugin: a second factor (TOTP or e-mail code) is enrolled (ADR 0025). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * better-auth's phone-number plugin (ADR 0041): E.164 (`+34600111222`), set only once a code sent
     * to it was verified by the signed-in account (modules/account), so a stored number is verified.
     */
    phoneNumber: text('phone_number').unique(),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
  },
  // one role of SPEC §6 per account: better-auth's admin plugin would store a list as
  // "admin,researcher" and read it as an administrator while the app reads `user` (issue 22 item 11)
  (t) => [check('user_role_check', sql`${t.role} in ${sqlList(ROLES)}`)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    /**
     * Authenticator assurance level: 1 (password, reset, one-time link…), 2 once a second factor was
     * verified in this session. Set by the server only (auth.ts, ADR 0025).
     */
    aal: smallint('aal').notNull().default(1),
    /**
     * How the session was opened (`password`, `passkey`, `email_otp`, `magic_link`, `phone`…; null for
     * sessions older than the column). A factor of the same channel cannot raise it to aal2 (an
     * e-mail code after an e-mail sign-in is still one factor). Set by the server only (auth.ts).
     */
    signInMethod: text('sign_in_method'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', tz),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', tz),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', {
      withTimezone: true,
      mode: 'string',
      precision: 3,
    }).notNull(),
    actorUserId: text('actor_user_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    resource: text('resource'),
    recordId: text('record_id'),
    patientId: text('patient_id'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    /** Set by the sealer (audit/audit.ts): position in the chain, previous row's hash, this row's hash. */
    seq: bigint('seq', { mode: 'number' }).unique(),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_unsealed_idx')
      .on(t.id)
      .where(sql`${t.seq} is null`),
    index('audit_log_occurred_at_idx').on(t.occurredAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.id),
    index('audit_log_patient_idx')
      .on(t.patientId, t.id)
      .where(sql`${t.patientId} is not null`),
  ],
);

export const webVital = pgTable(
  'web_vital',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
    path: text('path').notNull(),
    navigationType: text('navigation_type'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('web_vital_name_created_idx').on(t.name, t.createdAt)],
);

/** better-auth's own rate-limit counters (storage: 'database'), shared by every server instance. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Failed sign-ins per account (key `account:<sha256 of the e-mail>`) and per client address
 * (`address:<ip>`), shared by every server instance (auth/login-throttle.ts).
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: timestamp('window_start', tz).notNull(),
  lockedUntil: timestamp('locked_until', tz),
});

/** better-auth's two-factor plugin: the TOTP secret and recovery codes (both encrypted), per user. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', tz),
  },
  (t) => [
    index('two_factor_user_id_idx').on(t.userId),
    index('two_factor_secret_idx').on(t.secret),
  ],
);

/**
 * better-auth's passkey plugin (ADR 0033): one row per WebAuthn credential — its id, public key
 * (COSE, base64), signature counter and the name its owner gave it. No private key is ever here.
 */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', tz),
    aaguid: text('aaguid'),
  },
  (t) => [
    index('passkey_user_id_idx').on(t.userId),
    uniqueIndex('passkey_credential_id_key').on(t.credentialID),
  ],
);

/** better-auth's jwt plugin: its signing keys (the private key encrypted with the auth secret). */
export const jwks = pgTable('jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', tz),
  alg: text('alg'),
  crv: text('crv'),
});

export const authSchema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  twoFactor,
  passkey,
  jwks,
};

/**
 * `(v1, v2, …)` of an enum of packages/shared, for a CHECK: the column's type (`text({ enum })`), its
 * CHECK and the API schemas come from the same list. Values are fixed identifiers, never input.
 */
const sqlList = (values: readonly string[]) =>
  sql.raw(`(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')})`);

/**
 * Patients. `name_search` is `patient_search_key(name)` (migration 0006: lower case, no accents, no
 * apostrophes), kept by the repository (unaccent is not immutable, so it cannot be a generated
 * column); it carries the trigram index for typo-tolerant,
 * accent-insensitive search and the keyset sort by name. Archived records keep `deleted_at`.
 */
export const patient = pgTable(
  'patient',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nameSearch: text('name_search').notNull(),
    // The words of name_search, for searches of several words (GIN, with `patient_name_word`).
    nameWords: text('name_words')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`array_remove(regexp_split_to_array(name_search, '[^[:alnum:]]+'), '')`,
      ),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender', { enum: GENDERS }).notNull(),
    category: text('category', { enum: CATEGORIES }).notNull(),
    priority: text('priority', { enum: PRIORITIES }).notNull(),
    priorityRank: smallint('priority_rank')
      .notNull()
      .generatedAlwaysAs(sql`case priority when 'high' then 0 when 'medium' then 1 else 2 end`),
    status: text('status', { enum: STATUSES }).notNull(),
    contactNumber: text('contact_number'),
    email: text('email'),
    symptoms: text('symptoms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    medicalHistory: text('medical_history'),
    currentMedications: text('current_medications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allergies: text('allergies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    assignedSpecialistId: text('assigned_specialist_id').references(() => user.id, {
      onDelete: 'set null',
    }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', tz),
  },
  (t) => [
    uniqueIndex('patient_user_id_key').on(t.userId),
    // GiST, not GIN: it returns names nearest-first (KNN on word-similarity distance), so a search of
    // one word for a common name stops after one page instead of scoring and sorting every match.
    index('patient_name_trgm_gist_idx')
      .using('gist', t.nameSearch.op('gist_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
    // A search of several words: the names holding a word like each of them (posting lists intersect).
    index('patient_name_words_idx')
      .using('gin', t.nameWords)
      .where(sql`${t.deletedAt} is null`),
    index('patient_name_sort_idx')
      .on(t.nameSearch, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('patient_updated_sort_idx')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    index('patient_priority_sort_idx')
      .on(t.priorityRank, t.nameSearch, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('patient_specialist_idx')
      .on(t.assignedSpecialistId, t.nameSearch, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('patient_gender_check', sql`${t.gender} in ${sqlList(GENDERS)}`),
    check('patient_priority_check', sql`${t.priority} in ${sqlList(PRIORITIES)}`),
    check('patient_status_check', sql`${t.status} in ${sqlList(STATUSES)}`),
    check('patient_category_check', sql`${t.category} in ${sqlList(CATEGORIES)}`),
  ],
);

export const patientStatusChange = pgTable(
  'patient_status_change',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: STATUSES }),
    toStatus: text('to_status', { enum: STATUSES }).notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', tz).notNull().defaultNow(),
  },
  (t) => [index('patient_status_change_patient_idx').on(t.patientId, t.id)],
);

/** Clinician notes. The text may be amended only by its author; each earlier text is kept. */
export const patientNote = pgTable(
  'patient_note',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('patient_note_patient_idx').on(t.patientId, t.createdAt)],
);

export const patientNoteAmendment = pgTable(
  'patient_note_amendment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => patientNote.id, { onDelete: 'cascade' }),
    /** The text as it was before the amendment, and when it had been written. */
    body: text('body').notNull(),
    writtenAt: timestamp('written_at', tz).notNull(),
  },
  (t) => [index('patient_note_amendment_note_idx').on(t.noteId, t.id)],
);

/**
 * Every word that occurs in a patient's name_search (filled by a trigger on `patient`, migration
 * 0006; words are never removed, a stale one only widens a search). A search of several words looks
 * up the words like each of its words here (trigram index), then the names holding them. No unique
 * key on purpose: a unique word would make a patient write wait for any uncommitted write of the
 * same new word (a long CSV import) and let two imports deadlock; a rare duplicate is harmless.
 */
export const patientNameWord = pgTable(
  'patient_name_word',
  { word: text('word').notNull() },
  (t) => [
    index('patient_name_word_idx').on(t.word),
    index('patient_name_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
  ],
);

/** Portal invitations: only a hash of the token is stored. */
export const patientInvite = pgTable(
  'patient_invite',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    channel: text('channel').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    usedBy: text('used_by').references(() => user.id, { onDelete: 'set null' }),
    /** While registration is closed, one account may be created with the invitation: when it was. */
    signUpAt: timestamp('sign_up_at', tz),
  },
  (t) => [index('patient_invite_patient_idx').on(t.patientId)],
);

/**
 * The message outbox (jobs/outbox.ts, ADR 0013): one row per e-mail or SMS, written in the same
 * transaction as its cause and delivered by the worker, which takes rows with FOR UPDATE SKIP
 * LOCKED under a lease (`claim_token`, `lease_until`). The rendered subject/text/html are what is
 * (or was) sent; they may hold codes, links and personal data and are shown to administrators only.
 */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    /** null: the recipient's language is unknown and the message carries both. */
    language: text('language', { enum: MESSAGE_LANGUAGES }),
    template: text('template').notNull(),
    params: jsonb('params').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with an e-mail (a calendar invitation): name, MIME type and text content. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    /** The patient the message is about, if any (audit rows of reading it carry the id). */
    patientId: uuid('patient_id').references(() => patient.id, { onDelete: 'set null' }),
    /** A caller's idempotency key: a second enqueue with the same key adds nothing. */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', tz).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', tz),
    claimToken: uuid('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    sentAt: timestamp('sent_at', tz),
  },
  (t) => [
    check('outbox_message_channel_check', sql`${t.channel} in ${sqlList(OUTBOX_CHANNELS)}`),
    check('outbox_message_status_check', sql`${t.status} in ${sqlList(OUTBOX_STATUSES)}`),
    check(
      'outbox_message_language_check',
      sql`${t.language} is null or ${t.language} in ${sqlList(MESSAGE_LANGUAGES)}`,
    ),
    // what the worker takes: due rows of the channels it can deliver, oldest due first
    index('outbox_message_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'failed')`),
    index('outbox_message_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    // the admin list, newest first, with or without a status filter
    index('outbox_message_list_idx').on(t.createdAt, t.id),
    index('outbox_message_status_list_idx').on(t.status, t.createdAt, t.id),
  ],
);

/**
 * Tasks (issue 12). Assigned to one person or to a role queue (exactly one, CHECK). Made by a person
 * (`created_by`) or by the system (`created_by` null, `reason` saying why, CHECK). `due_sort` orders
 * the keyset list (no due date last). `version` guards edits against stale writes.
 */
export const task = pgTable(
  'task',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    patientId: uuid('patient_id').references(() => patient.id, { onDelete: 'set null' }),
    assigneeUserId: text('assignee_user_id').references(() => user.id, { onDelete: 'set null' }),
    assigneeRole: text('assignee_role', { enum: TASK_QUEUES }),
    dueDate: date('due_date', { mode: 'string' }),
    dueSort: date('due_sort', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(due_date, '9999-12-31'::date)`),
    priority: text('priority', { enum: TASK_PRIORITIES }).notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('new'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    bySystem: boolean('by_system').notNull().default(false),
    reason: text('reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('task_due_sort_idx').on(t.dueSort, t.id),
    index('task_assignee_user_idx').on(t.assigneeUserId, t.dueSort, t.id),
    index('task_assignee_role_idx').on(t.assigneeRole, t.dueSort, t.id),
    index('task_patient_idx').on(t.patientId, t.dueSort, t.id),
    check('task_status_check', sql`${t.status} in ${sqlList(TASK_STATUSES)}`),
    check('task_priority_check', sql`${t.priority} in ${sqlList(TASK_PRIORITIES)}`),
    check(
      'task_assignee_role_check',
      sql`${t.assigneeRole} is null or ${t.assigneeRole} in ${sqlList(TASK_QUEUES)}`,
    ),
    // a person or a queue, never both; a person removed later leaves the task unassigned
    check(
      'task_one_assignee_check',
      sql`not (${t.assigneeUserId} is not null and ${t.assigneeRole} is not null)`,
    ),
    check('task_system_reason_check', sql`not ${t.bySystem} or ${t.reason} is not null`),
  ],
);

export const taskComment = pgTable(
  'task_comment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('task_comment_task_idx').on(t.taskId, t.createdAt)],
);

/** The history of a task: its creation, each edit (which fields) and each status change. */
export const taskEvent = pgTable(
  'task_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TASK_EVENT_KINDS }).notNull(),
    fromStatus: text('from_status', { enum: TASK_STATUSES }),
    toStatus: text('to_status', { enum: TASK_STATUSES }),
    fields: text('fields'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    at: timestamp('at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('task_event_task_idx').on(t.taskId, t.id),
    check('task_event_kind_check', sql`${t.kind} in ${sqlList(TASK_EVENT_KINDS)}`),
  ],
);

/**
 * Appointments (issue 11, ADR 0015). Types are reference data (seeded by migration 0011); weekly
 * hours are local times in an IANA zone; exceptions and appointments are UTC instants. A specialist
 * is never double-booked: the exclusion constraint `appointment_no_overlap` (migration 0011, hand
 * written: btree_gist) refuses two non-cancelled appointments of one specialist whose
 * [starts_at, blocked_until) ranges overlap (`blocked_until` = end + the type's buffer).
 */
export const appointmentType = pgTable(
  'appointment_type',
  {
    id: text('id').primaryKey(),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    bookableBy: text('bookable_by', { enum: BOOKABLE_BY }).notNull().default('staff'),
    modality: text('modality', { enum: APPOINTMENT_MODALITIES }),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('appointment_type_duration_check', sql`${t.durationMinutes} between 5 and 480`),
    check('appointment_type_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
    check('appointment_type_price_check', sql`${t.priceCents} >= 0`),
    check('appointment_type_bookable_check', sql`${t.bookableBy} in ${sqlList(BOOKABLE_BY)}`),
    check(
      'appointment_type_modality_check',
      sql`${t.modality} is null or ${t.modality} in ${sqlList(APPOINTMENT_MODALITIES)}`,
    ),
  ],
);

/** A specialist's weekly hours: ISO weekday (1 Monday … 7 Sunday), local times, zone. */
export const availabilityHours = pgTable(
  'availability_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    specialistId: text('specialist_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    modality: text('modality', { enum: APPOINTMENT_MODALITIES }).notNull(),
    location: text('location'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('availability_hours_specialist_idx').on(t.specialistId, t.weekday),
    check('availability_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'availability_hours_time_check',
      sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.endTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.startTime} < ${t.endTime}`,
    ),
    check(
      'availability_hours_modality_check',
      sql`${t.modality} in ${sqlList(APPOINTMENT_MODALITIES)}`,
    ),
  ],
);

/** Absences (no slots) and one-off extra hours, as UTC instants with the zone they were given in. */
export const availabilityException = pgTable(
  'availability_exception',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    specialistId: text('specialist_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AVAILABILITY_EXCEPTION_KINDS }).notNull(),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
    modality: text('modality', { enum: APPOINTMENT_MODALITIES }),
    location: text('location'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    note: text('note'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('availability_exception_specialist_idx').on(t.specialistId, t.startsAt),
    check('availability_exception_range_check', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'availability_exception_kind_check',
      sql`${t.kind} in ${sqlList(AVAILABILITY_EXCEPTION_KINDS)}`,
    ),
    check(
      'availability_exception_extra_check',
      sql`${t.kind} = 'absence' or ${t.modality} is not null`,
    ),
  ],
);

export const appointment = pgTable(
  'appointment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    specialistId: text('specialist_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    typeId: text('type_id')
      .notNull()
      .references(() => appointmentType.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
    /** The end plus the type's buffer: the specialist's time this visit holds. */
    blockedUntil: timestamp('blocked_until', tz).notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    modality: text('modality', { enum: APPOINTMENT_MODALITIES }).notNull(),
    location: text('location'),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    notes: text('notes'),
    patientNote: text('patient_note'),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by').references(() => user.id, { onDelete: 'set null' }),
    cancelledByRole: text('cancelled_by_role'),
    cancelledAt: timestamp('cancelled_at', tz),
    rebookedFromId: uuid('rebooked_from_id'),
    /** The recurring series this visit is one of (ADR 0037), and its place in it (1…count). */
    seriesId: uuid('series_id').references((): AnyPgColumn => appointmentSeries.id, {
      onDelete: 'restrict',
    }),
    seriesIndex: integer('series_index'),
    bookedBy: text('booked_by').references(() => user.id, { onDelete: 'set null' }),
    /** When the patient confirmed through a reminder's link (ADR 0021). */
    patientConfirmedAt: timestamp('patient_confirmed_at', tz),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_specialist_starts_idx').on(t.specialistId, t.startsAt),
    index('appointment_patient_starts_idx').on(t.patientId, t.startsAt),
    index('appointment_starts_idx').on(t.startsAt, t.id),
    check(
      'appointment_range_check',
      sql`${t.startsAt} < ${t.endsAt} and ${t.endsAt} <= ${t.blockedUntil}`,
    ),
    check('appointment_status_check', sql`${t.status} in ${sqlList(APPOINTMENT_STATUSES)}`),
    check('appointment_modality_check', sql`${t.modality} in ${sqlList(APPOINTMENT_MODALITIES)}`),
    check(
      'appointment_cancel_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelReason} is not null and ${t.cancelledAt} is not null)`,
    ),
    check(
      'appointment_series_check',
      sql`(${t.seriesId} is null) = (${t.seriesIndex} is null) and (${t.seriesIndex} is null or ${t.seriesIndex} >= 1)`,
    ),
    index('appointment_series_idx').on(t.seriesId, t.seriesIndex),
  ],
);

/**
 * A recurring series of visits (ADR 0037): "weekly for 16 weeks", "every two weeks". Each visit is
 * an ordinary appointment row pointing here; the series keeps what was asked for: the interval, the
 * number of visits and the zone whose wall-clock time they keep across DST changes.
 */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    intervalWeeks: integer('interval_weeks').notNull(),
    count: integer('count').notNull(),
    timeZone: text('time_zone').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('appointment_series_interval_check', sql`${t.intervalWeeks} between 1 and 4`),
    check('appointment_series_count_check', sql`${t.count} between 2 and 52`),
  ],
);

/** The clinic's appointment settings: one row (id = 1), created by migration 0011. */
export const appointmentSettings = pgTable(
  'appointment_settings',
  {
    id: smallint('id').primaryKey().default(1),
    patientBooking: text('patient_booking', { enum: PATIENT_BOOKING_MODES })
      .notNull()
      .default('request'),
    cancelNoticeHours: integer('cancel_notice_hours').notNull().default(24),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    /** Reminders go this many hours before the start (ADR 0021; empty: none). */
    reminderHours: integer('reminder_hours')
      .array()
      .notNull()
      .default(sql`'{24,2}'::integer[]`),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('appointment_settings_one_row', sql`${t.id} = 1`),
    check(
      'appointment_settings_booking_check',
      sql`${t.patientBooking} in ${sqlList(PATIENT_BOOKING_MODES)}`,
    ),
    check('appointment_settings_notice_check', sql`${t.cancelNoticeHours} between 0 and 336`),
  ],
);

// ---- Public site content (issue 10, modules/site-content) ----

/** A specialist's public profile; `userId` links it to their account when they have one. */
export const siteSpecialist = pgTable(
  'site_specialist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    credentials: text('credentials').notNull().default(''),
    roleEs: text('role_es').notNull(),
    roleEn: text('role_en'),
    photoUrl: text('photo_url'),
    /** The photo uploaded in the site editor (ADR 0034); wins over `photo_url`. */
    photoImageId: uuid('photo_image_id').references((): AnyPgColumn => siteImage.id, {
      onDelete: 'set null',
    }),
    initials: text('initials').notNull(),
    specialtiesEs: jsonb('specialties_es').$type<string[]>().notNull().default([]),
    specialtiesEn: jsonb('specialties_en').$type<string[]>(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    qualifications: jsonb('qualifications').$type<string[]>().notNull().default([]),
    bioEs: text('bio_es').notNull(),
    bioEn: text('bio_en'),
    featured: boolean('featured').notNull().default(false),
    published: boolean('published').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Optimistic concurrency of the staff editor (ADR 0027): a stale version is a 409. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_specialist_slug_idx').on(t.slug),
    check('site_specialist_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** A blog post: Spanish always, English when written; shown once published and its date has come. */
export const sitePost = pgTable(
  'site_post',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => siteSpecialist.id, { onDelete: 'restrict' }),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    publishAt: timestamp('publish_at', tz),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    titleEs: text('title_es').notNull(),
    summaryEs: text('summary_es').notNull(),
    bodyEs: text('body_es').notNull(),
    titleEn: text('title_en'),
    summaryEn: text('summary_en'),
    bodyEn: text('body_en'),
    /** The post's cover (ADR 0036); the image is also owned by the post (`site_image.post_id`). */
    coverImageId: uuid('cover_image_id').references((): AnyPgColumn => siteImage.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_post_slug_idx').on(t.slug),
    index('site_post_published_idx').on(t.status, t.publishAt),
    check('site_post_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('site_post_status_check', sql`${t.status} in ${sqlList(POST_STATUSES)}`),
    check('site_post_date_check', sql`${t.status} = 'draft' or ${t.publishAt} is not null`),
    // English is all or nothing
    check(
      'site_post_en_check',
      sql`(${t.titleEn} is null) = (${t.bodyEn} is null) and (${t.titleEn} is null) = (${t.summaryEn} is null)`,
    ),
  ],
);

/** A testimonial as the person wrote it (`quote`, in `lang`), with an optional translation. */
export const siteTestimonial = pgTable(
  'site_testimonial',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorName: text('author_name').notNull(),
    contextEs: text('context_es').notNull(),
    contextEn: text('context_en'),
    lang: text('lang', { enum: SITE_LANGS }).notNull(),
    quote: text('quote').notNull(),
    translation: text('translation'),
    rating: smallint('rating').notNull(),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('site_testimonial_rating_check', sql`${t.rating} between 1 and 5`),
    check('site_testimonial_lang_check', sql`${t.lang} in ${sqlList(SITE_LANGS)}`),
  ],
);

/**
 * Consent to publish a testimonial: who gave it, when, how, and the exact text it covers. A
 * testimonial is shown only while a consent for its current text is not withdrawn.
 */
export const siteTestimonialConsent = pgTable(
  'site_testimonial_consent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testimonialId: uuid('testimonial_id')
      .notNull()
      .references(() => siteTestimonial.id, { onDelete: 'cascade' }),
    givenBy: text('given_by').notNull(),
    givenAt: timestamp('given_at', tz).notNull(),
    method: text('method').notNull(),
    text: text('text').notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', tz),
  },
  (t) => [index('site_testimonial_consent_idx').on(t.testimonialId)],
);

/** The texts of the service and community pages, per language. */
export const sitePageText = pgTable(
  'site_page_text',
  {
    page: text('page', { enum: PAGE_KEYS }).notNull(),
    lang: text('lang', { enum: SITE_LANGS }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_page_text_pk').on(t.page, t.lang),
    check('site_page_text_page_check', sql`${t.page} in ${sqlList(PAGE_KEYS)}`),
    check('site_page_text_lang_check', sql`${t.lang} in ${sqlList(SITE_LANGS)}`),
  ],
);

/** Site-wide settings as JSON by key (`clinic`: address, phone, hours, map link). */
export const siteSetting = pgTable('site_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/** A message from the contact form. `ipHash` (keyed hash) only counts messages per address. */
export const siteContactMessage = pgTable(
  'site_contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    reason: text('reason', { enum: CONTACT_REASONS }).notNull(),
    message: text('message').notNull(),
    lang: text('lang', { enum: SITE_LANGS }).notNull(),
    consent: boolean('consent').notNull(),
    ipHash: text('ip_hash').notNull(),
    handled: boolean('handled').notNull().default(false),
    handledAt: timestamp('handled_at', tz),
    handledBy: text('handled_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('site_contact_message_ip_idx').on(t.ipHash, t.createdAt),
    index('site_contact_message_created_idx').on(t.createdAt),
    check('site_contact_message_reason_check', sql`${t.reason} in ${sqlList(CONTACT_REASONS)}`),
    check('site_contact_message_consent_check', sql`${t.consent}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Questionnaires (issue 13, migration 0012, ADR 0016)
// ---------------------------------------------------------------------------------------------

/**
 * An instrument assigned to a patient, once (`every_weeks` and `every_months` null), every N weeks
 * or every N calendar months (on the start date's day, or the month's last day when it is shorter)
 * until a date.
 * `next_due_on` is the next occurrence still to release (null once finished or stopped); the due
 * job takes rows with FOR UPDATE SKIP LOCKED, so two instances never release the same occurrence.
 */
export const questionnaireSchedule = pgTable(
  'questionnaire_schedule',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    instrumentId: text('instrument_id', { enum: INSTRUMENT_IDS }).notNull(),
    everyWeeks: smallint('every_weeks'),
    everyMonths: smallint('every_months'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    until: date('until', { mode: 'string' }),
    nextDueOn: date('next_due_on', { mode: 'string' }),
    status: text('status', { enum: QUESTIONNAIRE_SCHEDULE_STATUSES }).notNull().default('active'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('questionnaire_schedule_patient_idx').on(t.patientId, t.createdAt),
    index('questionnaire_schedule_due_idx')
      .on(t.nextDueOn)
      .where(sql`${t.status} = 'active'`),
    check(
      'questionnaire_schedule_instrument_check',
      sql`${t.instrumentId} in ${sqlList(INSTRUMENT_IDS)}`,
    ),
    check(
      'questionnaire_schedule_status_check',
      sql`${t.status} in ${sqlList(QUESTIONNAIRE_SCHEDULE_STATUSES)}`,
    ),
    check(
      'questionnaire_schedule_every_check',
      sql`${t.everyWeeks} is null or ${t.everyWeeks} between 1 and 52`,
    ),
    check(
      'questionnaire_schedule_every_months_check',
      sql`${t.everyMonths} is null or (${t.everyMonths} between 1 and 12 and ${t.everyWeeks} is null)`,
    ),
    check(
      'questionnaire_schedule_until_check',
      sql`${t.until} is null or ${t.until} >= ${t.startsOn}`,
    ),
  ],
);

/**
 * One occurrence to fill: released when due (unique per schedule and date), holding the patient's
 * partial answers (`draft`, guarded by `version`) until it is submitted once.
 */
export const questionnaireAssignment = pgTable(
  'questionnaire_assignment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => questionnaireSchedule.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    instrumentId: text('instrument_id', { enum: INSTRUMENT_IDS }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: QUESTIONNAIRE_ASSIGNMENT_STATUSES }).notNull().default('open'),
    draft: jsonb('draft').$type<(number | null)[]>(),
    version: integer('version').notNull().default(1),
    /** The patient's task for it (tasks module), when the patient has a portal account. */
    taskId: uuid('task_id').references(() => task.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('questionnaire_assignment_occurrence_key').on(t.scheduleId, t.dueOn),
    index('questionnaire_assignment_patient_idx').on(t.patientId, t.status, t.dueOn),
    check(
      'questionnaire_assignment_status_check',
      sql`${t.status} in ${sqlList(QUESTIONNAIRE_ASSIGNMENT_STATUSES)}`,
    ),
  ],
);

/**
 * A submitted response and its score, exactly as `score()` of packages/clinical returned it. One per
 * assignment (unique): of two submissions at once, one wins.
 */
export const questionnaireResponse = pgTable(
  'questionnaire_response',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .unique()
      .references(() => questionnaireAssignment.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    instrumentId: text('instrument_id', { enum: INSTRUMENT_IDS }).notNull(),
    answers: jsonb('answers').$type<(number | null)[]>().notNull(),
    scorable: boolean('scorable').notNull(),
    total: doublePrecision('total'),
    subscales: jsonb('subscales').$type<Record<string, number | null>>().notNull(),
    band: jsonb('band').$type<{ id: string; label: { en: string; es: string } } | null>(),
    flags: jsonb('flags').$type<{ id: string; item?: number }[]>().notNull(),
    missingItems: jsonb('missing_items').$type<number[]>().notNull(),
    /** The rule outcomes that fired (evaluateRules), as stored at submission. */
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    source: text('source', { enum: QUESTIONNAIRE_SOURCES }).notNull(),
    /** Who entered it: the patient's account, staff (paper), or null for the signed link. */
    enteredBy: text('entered_by').references(() => user.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('questionnaire_response_patient_idx').on(t.patientId, t.instrumentId, t.submittedAt),
    check(
      'questionnaire_response_source_check',
      sql`${t.source} in ${sqlList(QUESTIONNAIRE_SOURCES)}`,
    ),
    check('questionnaire_response_total_check', sql`${t.scorable} = (${t.total} is not null)`),
  ],
);

/** A link sent in a notice: only a hash of its token is stored; single use, expiring. */
export const questionnaireLink = pgTable(
  'questionnaire_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => questionnaireAssignment.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [index('questionnaire_link_assignment_idx').on(t.assignmentId)],
);

// ------------------------------------------------------------------------ messaging (issue 12)

/**
 * A conversation. `patient` threads are about one patient (the patient's portal account and their
 * care team take part; CHECK: a patient id); `staff` threads are between staff only (no patient).
 * `last_seq` is the `seq` of its newest message (the list's order and the unread counts).
 */
export const messageThread = pgTable(
  'message_thread',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: THREAD_KINDS }).notNull(),
    subject: text('subject').notNull(),
    patientId: uuid('patient_id').references(() => patient.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', tz).notNull().defaultNow(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('message_thread_patient_idx').on(t.patientId),
    check('message_thread_kind_check', sql`${t.kind} in ${sqlList(THREAD_KINDS)}`),
    check(
      'message_thread_patient_check',
      sql`(${t.kind} = 'patient') = (${t.patientId} is not null)`,
    ),
  ],
);

/** Who takes part in a thread, and how far they have read (`last_read_seq`). */
export const messageParticipant = pgTable(
  'message_participant',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThread.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** Denormalised from the thread, so "my threads, newest first" is one index range. */
    lastMessageAt: timestamp('last_message_at', tz).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('message_participant_inbox_idx').on(t.userId, t.lastMessageAt, t.threadId),
  ],
);

/** A message. `seq` orders messages across all threads (read state compares it). */
export const message = pgTable(
  'message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThread.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    urgent: boolean('urgent').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_seq_key').on(t.seq),
    index('message_thread_idx').on(t.threadId, t.seq),
  ],
);

/** A read receipt: who read which message, when (once). */
export const messageReceipt = pgTable(
  'message_receipt',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

/**
 * In-app notifications: what happened and where (`link`), never the content. One unread row per
 * recipient, type and thing (`ref_id`, partial unique index): a second message in a thread counts up.
 */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    refId: text('ref_id').notNull(),
    link: text('link').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    count: integer('count').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    readAt: timestamp('read_at', tz),
  },
  (t) => [
    index('notification_recipient_idx').on(t.recipientId, t.createdAt, t.id),
    uniqueIndex('notification_unread_key')
      .on(t.recipientId, t.type, t.refId)
      .where(sql`${t.readAt} is null`),
    check('notification_type_check', sql`${t.type} in ${sqlList(NOTIFICATION_TYPES)}`),
  ],
);

/**
 * The realtime stream's events, per user, ids only (ADR 0018): written in the transaction of their
 * cause, NOTIFY'd at commit, read back by id (a reconnect resumes after its Last-Event-ID). Pruned
 * after a day.
 */
export const realtimeEvent = pgTable(
  'realtime_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REALTIME_KINDS }).notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    index('realtime_event_user_idx').on(t.userId, t.id),
    index('realtime_event_created_idx').on(t.createdAt),
    check('realtime_event_kind_check', sql`${t.kind} in ${sqlList(REALTIME_KINDS)}`),
  ],
);

/** Who has a stream open, per server instance, refreshed while it is (stale after 60 s). */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    seenAt: timestamp('seen_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instanceId] })],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A file sent in a thread (PDF, PNG or JPEG, type checked by its first bytes, at most 5 MiB), kept in
 * the database (private, and the same for every server instance), with the message that carries it.
 */
export const messageAttachment = pgTable(
  'message_attachment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThread.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_attachment_message_key').on(t.messageId),
    check(
      'message_attachment_type_check',
      sql`${t.contentType} in ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
    check('message_attachment_size_check', sql`${t.size} > 0 and ${t.size} <= 5242880`),
  ],
);

// ---- Appointment reminders (issue 11, ADR 0021) ----

/**
 * One reminder sent (queued) for one appointment at one start time, `hoursBefore` it. The scheduler
 * (reminders.service.ts) locks the due appointment with FOR UPDATE SKIP LOCKED, inserts this row and
 * queues its message in the outbox in the same transaction; the unique key makes a second one for
 * the same appointment, offset and start impossible. `withdrawn`: the appointment was cancelled or
 * moved before the message left (its unsent outbox message is deleted).
 */
export const appointmentReminder = pgTable(
  'appointment_reminder',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    hoursBefore: integer('hours_before').notNull(),
    startsAt: timestamp('starts_at', tz).notNull(),
    dueAt: timestamp('due_at', tz).notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull().default('queued'),
    skipReason: text('skip_reason'),
    channel: text('channel', { enum: OUTBOX_CHANNELS }),
    outboxMessageId: uuid('outbox_message_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    queuedAt: timestamp('queued_at', tz),
  },
  (t) => [
    uniqueIndex('appointment_reminder_once_key').on(t.appointmentId, t.hoursBefore, t.startsAt),
    check('appointment_reminder_status_check', sql`${t.status} in ${sqlList(REMINDER_STATUSES)}`),
    check('appointment_reminder_hours_check', sql`${t.hoursBefore} between 1 and 336`),
  ],
);

/**
 * A reminder's confirm or cancel link: 256 random bits in the URL fragment, only their SHA-256 hash
 * here (with the purpose in the hashed text), expiring at the appointment's start, used once.
 */
export const appointmentLink = pgTable(
  'appointment_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    reminderId: uuid('reminder_id').references(() => appointmentReminder.id, {
      onDelete: 'cascade',
    }),
    purpose: text('purpose', { enum: REMINDER_LINK_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_link_token_key').on(t.tokenHash),
    index('appointment_link_appointment_idx').on(t.appointmentId),
    check(
      'appointment_link_purpose_check',
      sql`${t.purpose} in ${sqlList(REMINDER_LINK_PURPOSES)}`,
    ),
  ],
);

/** How a patient wants to be reminded (no row: `auto`, language unknown, the clinic's hours). */
export const patientReminderPreference = pgTable(
  'patient_reminder_preference',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => patient.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull().default('auto'),
    language: text('language', { enum: REMINDER_LANGUAGES }),
    hours: integer('hours').array(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check(
      'patient_reminder_preference_channel_check',
      sql`${t.channel} in ${sqlList(REMINDER_CHANNELS)}`,
    ),
    check(
      'patient_reminder_preference_language_check',
      sql`${t.language} is null or ${t.language} in ${sqlList(REMINDER_LANGUAGES)}`,
    ),
  ],
);

/**
 * A person's saved dashboard layouts (ADR 0020): strict, versioned JSON checked by the API
 * (`layoutSpecSchema`); at most one default per person; `version` guards concurrent edits.
 */
export const dashboardLayout = pgTable(
  'dashboard_layout',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    layout: jsonb('layout').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dashboard_layout_name_key').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('dashboard_layout_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('dashboard_layout_size_check', sql`octet_length(${t.layout}::text) <= 4096`),
    check('dashboard_layout_name_check', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/** Which channels a person wants per kind of notice (no row: the defaults, all allowed). */
export const notificationPreference = pgTable(
  'notification_preference',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PREFERENCE_TYPES }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preference_type_check', sql`${t.type} in ${sqlList(PREFERENCE_TYPES)}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Workshops (issue 10, migration 0018, ADR 0022)
// ---------------------------------------------------------------------------------------------

/** A workshop or programme of the public site, for one market (`/taller` or `/taller-USA`). */
export const workshop = pgTable(
  'workshop',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    market: text('market', { enum: WORKSHOP_MARKETS }).notNull(),
    status: text('status', { enum: WORKSHOP_STATUSES }).notNull().default('draft'),
    titleEs: text('title_es').notNull(),
    titleEn: text('title_en'),
    summaryEs: text('summary_es').notNull(),
    summaryEn: text('summary_en'),
    descriptionEs: text('description_es').notNull(),
    descriptionEn: text('description_en'),
    facilitator: text('facilitator').notNull(),
    timeZone: text('time_zone').notNull(),
    venue: text('venue'),
    address: text('address'),
    onlineUrl: text('online_url'),
    onlinePlatform: text('online_platform'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency', { enum: WORKSHOP_CURRENCIES }).notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('workshop_market_check', sql`${t.market} in ${sqlList(WORKSHOP_MARKETS)}`),
    check('workshop_status_check', sql`${t.status} in ${sqlList(WORKSHOP_STATUSES)}`),
    check('workshop_currency_check', sql`${t.currency} in ${sqlList(WORKSHOP_CURRENCIES)}`),
    check('workshop_capacity_check', sql`${t.capacity} > 0`),
    check('workshop_price_check', sql`${t.priceCents} >= 0`),
    check(
      'workshop_english_check',
      sql`(${t.titleEn} is null) = (${t.summaryEn} is null) and (${t.titleEn} is null) = (${t.descriptionEn} is null)`,
    ),
    check('workshop_place_check', sql`${t.venue} is not null or ${t.onlineUrl} is not null`),
  ],
);

/** The sessions of a workshop (a programme has several; one registration covers them all). */
export const workshopSession = pgTable(
  'workshop_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workshopId: uuid('workshop_id')
      .notNull()
      .references(() => workshop.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', tz).notNull(),
    endsAt: timestamp('ends_at', tz).notNull(),
  },
  (t) => [
    index('workshop_session_workshop_idx').on(t.workshopId, t.startsAt),
    check('workshop_session_order_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A person's registration. Seats are taken by `confirmed` and `offered` rows; registering and every
 * change of a seat lock the workshop's row first (FOR UPDATE), so two requests for the last seat
 * never both get it. `position` orders the waitlist (a sequence: arrival order). Links carry a random
 * token; only its SHA-256 is kept, one per purpose.
 */
export const workshopRegistration = pgTable(
  'workshop_registration',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workshopId: uuid('workshop_id')
      .notNull()
      .references(() => workshop.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    lang: text('lang', { enum: SITE_LANGS }).notNull(),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    position: bigserial('position', { mode: 'number' }).notNull(),
    ipHash: text('ip_hash').notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull().unique(),
    offerTokenHash: text('offer_token_hash').unique(),
    offerExpiresAt: timestamp('offer_expires_at', tz),
    offers: integer('offers').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', tz),
    cancelledAt: timestamp('cancelled_at', tz),
  },
  (t) => [
    check(
      'workshop_registration_status_check',
      sql`${t.status} in ${sqlList(REGISTRATION_STATUSES)}`,
    ),
    check(
      'workshop_registration_offer_check',
      sql`${t.status} <> 'offered' or (${t.offerExpiresAt} is not null and ${t.offerTokenHash} is not null)`,
    ),
    // one live registration per person and workshop
    uniqueIndex('workshop_registration_person_key')
      .on(t.workshopId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('confirmed', 'offered', 'waitlisted')`),
    index('workshop_registration_workshop_idx').on(t.workshopId, t.status, t.position),
    index('workshop_registration_offer_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index('workshop_registration_ip_idx').on(t.ipHash, t.createdAt),
  ],
);

/**
 * A treatment plan (issue 13, ADR 0019): its current content (the latest version's) and status,
 * guarded by `version`. At most one active plan per patient: a partial unique index, so of two
 * activations at once one wins.
 */
export const treatmentPlan = pgTable(
  'treatment_plan',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('draft'),
    title: text('title').notNull(),
    content: jsonb('content').$type<PlanContent>().notNull(),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('treatment_plan_one_active_key')
      .on(t.patientId)
      .where(sql`${t.status} = 'active'`),
    index('treatment_plan_patient_idx').on(t.patientId, t.updatedAt),
    index('treatment_plan_updated_idx').on(t.updatedAt, t.id),
    check('treatment_plan_status_check', sql`${t.status} in ${sqlList(PLAN_STATUSES)}`),
    check('treatment_plan_version_check', sql`${t.version} >= 1`),
  ],
);

/** Every version of a plan as it was (who, when, what), never changed afterwards. */
export const treatmentPlanVersion = pgTable(
  'treatment_plan_version',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => treatmentPlan.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind', { enum: PLAN_CHANGE_KINDS }).notNull(),
    status: text('status', { enum: PLAN_STATUSES }).notNull(),
    content: jsonb('content').$type<PlanContent>().notNull(),
    note: text('note'),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.version] }),
    check('treatment_plan_version_kind_check', sql`${t.kind} in ${sqlList(PLAN_CHANGE_KINDS)}`),
    check('treatment_plan_version_status_check', sql`${t.status} in ${sqlList(PLAN_STATUSES)}`),
  ],
);

/** The patient's acknowledgement of one version of their active plan (once per version). */
export const treatmentPlanAcknowledgement = pgTable(
  'treatment_plan_acknowledgement',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => treatmentPlan.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.version] })],
);

// ---------------------------------------------------------------------------------------------
// Task notices and the account's language (issue 12, migration 0023, ADR 0029)
// ---------------------------------------------------------------------------------------------

/**
 * A "task due soon" notice made for a task's assignee, once per task, due date and person (the
 * primary key): the scheduler on every instance inserts it in the transaction that notifies, so two
 * instances (or a restart) never notify twice; a task whose due date moves is due again.
 */
export const taskDueNotice = pgTable(
  'task_due_notice',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => task.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.dueDate, t.recipientId] })],
);

/**
 * The language a person last used the app in (the `painlab_lang` cookie or Accept-Language of their
 * event stream): notices sent to them outside the app (e-mail) are written in it.
 */
export const accountLanguage = pgTable(
  'account_language',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    language: text('language', { enum: MESSAGE_LANGUAGES }).notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [check('account_language_check', sql`${t.language} in ${sqlList(MESSAGE_LANGUAGES)}`)],
);

/**
 * The last TOTP time step (unix time / 30 s) accepted per user: a code of that step or an earlier
 * one is refused (replay, ASVS 5 6.5.1; ADR 0025).
 */
export const mfaTotpStep = pgTable('mfa_totp_step', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull(),
});

/**
 * Whether a role needs an aal2 session (once its user enrolled a factor); no row = the default.
 * `enforced`: every user of the role must enrol a factor, within `grace_days` of `enforced_since`
 * (or of the account's creation, when later); after that the account reaches no data until it
 * enrols (ADR 0038).
 */
export const mfaPolicy = pgTable('mfa_policy', {
  role: text('role').primaryKey(),
  required: boolean('required').notNull(),
  enforced: boolean('enforced').notNull().default(false),
  graceDays: integer('grace_days').notNull().default(14),
  enforcedSince: timestamp('enforced_since', tz),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/**
 * A signed-in user's private calendar subscription (ADR 0028): only the SHA-256 of the secret in its
 * URL, one per user (a new one replaces the old, which stops working), and the language its events
 * are written in.
 */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    language: text('language', { enum: MESSAGE_LANGUAGES }).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', tz),
  },
  (t) => [
    uniqueIndex('calendar_feed_token_key').on(t.tokenHash),
    check('calendar_feed_language_check', sql`${t.language} in ${sqlList(MESSAGE_LANGUAGES)}`),
  ],
);

/**
 * An administrator's invitation of a staff member (ADR 0031): the e-mail and role chosen by the
 * administrator, only the SHA-256 of the link's token, single use (`accepted_at`), expiring,
 * revocable. Resending replaces the token (the old link stops working) and the expiry.
 */
export const staffInvite = pgTable(
  'staff_invite',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    sentAt: timestamp('sent_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    acceptedAt: timestamp('accepted_at', tz),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', tz),
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('staff_invite_token_key').on(t.tokenHash),
    // one usable link per address, also when two invitations are made at once
    uniqueIndex('staff_invite_open_email_key')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('staff_invite_created_idx').on(t.createdAt),
    check('staff_invite_role_check', sql`${t.role} in ${sqlList(STAFF_ROLES)}`),
  ],
);

// ---- Site images (issue 10 "Editing (staff)", ADR 0034) ----

/**
 * An image uploaded in the site editor: checked by decoding it, turned upright, stripped of its
 * metadata and resized at upload; its alt text in both languages. The bytes are in its variants.
 */
export const siteImage = pgTable(
  'site_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Size of the largest variant (the intrinsic size the pages declare). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    altEs: text('alt_es').notNull(),
    altEn: text('alt_en').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The post the image belongs to (its cover or an image inside its text, ADR 0036): deleting the
     * post deletes its images. Null for profile photos.
     */
    postId: uuid('post_id').references((): AnyPgColumn => sitePost.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('site_image_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
    index('site_image_post_idx').on(t.postId),
  ],
);

/** One resized, re-encoded copy of a site image, served publicly by its content-hashed name. */
export const siteImageVariant = pgTable(
  'site_image_variant',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => siteImage.id, { onDelete: 'cascade' }),
    /** `<first 32 hex digits of the content's SHA-256>.<webp|jpg>`: the public file name. */
    name: text('name').notNull(),
    format: text('format').$type<'webp' | 'jpeg'>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [
    index('site_image_variant_image_idx').on(t.imageId),
    index('site_image_variant_name_idx').on(t.name),
    check('site_image_variant_format_check', sql`${t.format} in ('webp', 'jpeg')`),
    check('site_image_variant_name_check', sql`${t.name} ~ '^[0-9a-f]{32}\\.(webp|jpg)$'`),
  ],
);

/**
 * The appointments waitlist (ADR 0032): a patient waits for a specialist (null: any) and a type,
 * inside an optional window. `position` is arrival order (FIFO). At most one live entry per patient,
 * specialist and type.
 */
export const appointmentWaitlistEntry = pgTable(
  'appointment_waitlist_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    specialistId: text('specialist_id').references(() => user.id, { onDelete: 'cascade' }),
    typeId: text('type_id')
      .notNull()
      .references(() => appointmentType.id, { onDelete: 'cascade' }),
    earliestDate: date('earliest_date', { mode: 'string' }),
    latestDate: date('latest_date', { mode: 'string' }),
    timesOfDay: text('times_of_day')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note'),
    status: text('status', { enum: WAITLIST_ENTRY_STATUSES }).notNull().default('waiting'),
    position: bigserial('position', { mode: 'number' }).notNull(),
    appointmentId: uuid('appointment_id').references(() => appointment.id, {
      onDelete: 'set null',
    }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    closedAt: timestamp('closed_at', tz),
  },
  (t) => [
    index('appointment_waitlist_entry_queue_idx').on(t.status, t.position),
    index('appointment_waitlist_entry_patient_idx').on(t.patientId),
    uniqueIndex('appointment_waitlist_entry_live_key')
      .on(t.patientId, sql`coalesce(${t.specialistId}, '')`, t.typeId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    check(
      'appointment_waitlist_entry_status_check',
      sql`${t.status} in ${sqlList(WAITLIST_ENTRY_STATUSES)}`,
    ),
    check(
      'appointment_waitlist_entry_times_check',
      sql`${t.timesOfDay} <@ array${sql.raw(`[${TIMES_OF_DAY.map((x) => `'${x}'`).join(', ')}]`)}::text[]`,
    ),
    check(
      'appointment_waitlist_entry_window_check',
      sql`${t.earliestDate} is null or ${t.latestDate} is null or ${t.earliestDate} <= ${t.latestDate}`,
    ),
  ],
);

/**
 * A freed slot offered to one entry: the slot (specialist, times, place), an HMAC of the link's
 * token (never the token), an expiry. At most one open offer per entry.
 */
export const appointmentWaitlistOffer = pgTable(
  'appointment_waitlist_offer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => appointmentWaitlistEntry.id, { onDelete: 'cascade' }),
    specialistId: text('specialist_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', tz).notNull(),
    /** The end of the freed time (the cancelled visit's end plus its buffer). */
    freeUntil: timestamp('free_until', tz).notNull(),
    timeZone: text('time_zone').notNull(),
    modality: text('modality', { enum: APPOINTMENT_MODALITIES }).notNull(),
    location: text('location'),
    /** The visit whose cancellation or move freed the slot. */
    sourceAppointmentId: uuid('source_appointment_id'),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', tz).notNull(),
    appointmentId: uuid('appointment_id').references(() => appointment.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', tz),
  },
  (t) => [
    uniqueIndex('appointment_waitlist_offer_token_key').on(t.tokenHash),
    uniqueIndex('appointment_waitlist_offer_open_key')
      .on(t.entryId)
      .where(sql`${t.status} = 'open'`),
    index('appointment_waitlist_offer_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index('appointment_waitlist_offer_slot_idx').on(t.specialistId, t.startsAt),
    check(
      'appointment_waitlist_offer_status_check',
      sql`${t.status} in ${sqlList(WAITLIST_OFFER_STATUSES)}`,
    ),
    check(
      'appointment_waitlist_offer_modality_check',
      sql`${t.modality} in ${sqlList(APPOINTMENT_MODALITIES)}`,
    ),
  ],
);
