/** The one place that reads process.env. Everything is validated here; a bad value stops the start-up. */
import { DEMO_PASSWORD } from '@painlab/shared/personas';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@painlab/shared/session-limits';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The demo password printed in the README: never accepted in production (auth/auth.ts, startServer). */
export const DOCUMENTED_DEMO_PASSWORD = DEMO_PASSWORD;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public URL of the app, used for cookies and origin checks. Defaults to http://localhost:PORT. */
  BASE_URL: z.url().optional(),
  /** Extra origins allowed to call the auth API (comma-separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: z.string().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** At least 32 characters. Without it the embedded mode keeps a generated one in DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** Create the demo accounts. Default: on, except with NODE_ENV=production (there only when set to true). */
  SEED_DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(12).max(128).default(DOCUMENTED_DEMO_PASSWORD),
  CLINIC_NAME: z.string().min(1).max(80).default('Pain Lab'),
  REGISTRATION_OPEN: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Sign-up, change-password and change-email requests per client address per window (better-auth's
   * limiter, counters in the database). Sign-in is limited by failures instead (below).
   */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  /** SMS with a code that anyone may ask for (phone sign-up, SMS reset), per hour, all numbers (ADR 0043). */
  SMS_PUBLIC_HOURLY_MAX: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_AUTH_WINDOW_S: z.coerce.number().int().min(1).default(60),
  /** Failed sign-ins of one account before it is locked (30 s, doubling per further failure, up to 15 min). */
  RATE_LIMIT_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed sign-ins from one client address per window before that address must wait (successes do not count). */
  RATE_LIMIT_ADDRESS_FAILURES: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_ADDRESS_WINDOW_S: z.coerce.number().int().min(1).default(900),
  /** Anonymous telemetry (client logs, web vitals): requests per client address per window, each endpoint. */
  RATE_LIMIT_TELEMETRY_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_TELEMETRY_WINDOW_S: z.coerce.number().int().min(1).default(60),
  // Requests to the single-use link routes (a questionnaire opened from a notice) per client address
  // per window: the tokens cannot be guessed, but every draft save is a write
  RATE_LIMIT_LINKS_MAX: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_LINKS_WINDOW_S: z.coerce.number().int().min(1).default(60),
  /** Client log lines written per minute by this process; the rest are dropped and counted. */
  CLIENT_LOG_LINES_PER_MIN: z.coerce.number().int().min(0).default(60),
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (comma-separated). Empty: the socket address. */
  TRUSTED_PROXIES: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(SESSION_IDLE_MINUTES),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24).default(SESSION_ABSOLUTE_HOURS),
  // How long a looked-up session may be reused without reading the database again (0: never).
  // Changes made through this server apply at once; only changes made elsewhere wait this long.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  // How long a rendered public site page is answered from memory (0: rendered every time); a content
  // change shows within this long (ADR 0024).
  SITE_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Outgoing mail, e.g. smtp://user:pass@mail.example.org:587 (STARTTLS when offered) or smtps://…:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pain Lab <no-reply@painlab.invalid>'),
  /**
   * The outbox worker (jobs/, ADR 0013). Off: this instance only queues messages (another instance
   * on the same PostgreSQL delivers them). It only polls channels that have a provider.
   */
  OUTBOX_WORKER: bool.default(true),
  /** How often the worker looks for due messages (on PostgreSQL a NOTIFY also wakes it at once). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(1000),
  /** How often each instance looks for appointment reminders that are due (ADR 0021). */
  REMINDER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** How often each instance looks for tasks coming due to notify their assignees (ADR 0029). */
  TASK_DUE_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Messages one worker takes per round. */
  OUTBOX_BATCH: z.coerce.number().int().min(1).max(50).default(5),
  /** Delivery attempts before a message is dead (an administrator can retry it). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Backoff after the n-th failure: base × 2^(n−1), capped at the maximum, with jitter (half to all of it). */
  OUTBOX_BACKOFF_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  OUTBOX_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  /**
   * How long a taken message is reserved for its worker: a message still 'sending' after this
   * (the process died mid-delivery) is taken again. Keep it above the SMTP timeouts (30 s).
   */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** How often waiting audit rows are chained (audit/audit.ts). */
  AUDIT_SEAL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  /** Folder of the built web app. */
  WEB_DIST: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
  /** The site pages' renderer module (docs/decisions/0012); default `dist-ssr/site.js` beside WEB_DIST. */
  WEB_SSR: z.string().optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const env = {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production',
  };
  if (
    env.NODE_ENV === 'production' &&
    env.SEED_DEMO &&
    env.DEMO_PASSWORD === DOCUMENTED_DEMO_PASSWORD
  ) {
    throw new Error(
      'Invalid environment variables:\n  DEMO_PASSWORD: the documented default password cannot be used in production (set another one, or SEED_DEMO=false)',
    );
  }
  return env;
}

export function baseUrlOf(env: Env): string {
  return env.BASE_URL ?? `http://localhost:${env.PORT}`;
}

/** Origins a browser may send writes from: the app itself and TRUSTED_ORIGINS (auth and every API write). */
export function trustedOriginsOf(env: Env): string[] {
  return [
    baseUrlOf(env),
    // without BASE_URL the server is addressed as localhost or 127.0.0.1: both are this machine
    ...(env.BASE_URL ? [] : [`http://127.0.0.1:${env.PORT}`]),
    ...(env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ];
}
