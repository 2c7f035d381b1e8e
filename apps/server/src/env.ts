/** The one place that reads process.env. Everything is validated here; a bad value stops the start-up. */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  SEED_DEMO: bool.default(true),
  DEMO_PASSWORD: z.string().min(12).max(128).default('painlab-demo-2026'),
  CLINIC_NAME: z.string().min(1).max(80).default('Pain Lab'),
  REGISTRATION_OPEN: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in / sign-up attempts allowed per client address per window (better-auth's default is 3 per 10 s). */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(3),
  RATE_LIMIT_AUTH_WINDOW_S: z.coerce.number().int().min(1).default(10),
  /** Addresses of reverse proxies whose X-Forwarded-For is believed (comma-separated). Empty: the socket address. */
  TRUSTED_PROXIES: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24).default(12),
  // How long a looked-up session may be reused without reading the database again (0: never).
  // Changes made through this server apply at once; only changes made elsewhere wait this long.
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Outgoing mail, e.g. smtp://user:pass@mail.example.org:587 (STARTTLS when offered) or smtps://…:465. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Pain Lab <no-reply@painlab.invalid>'),
  /** How often waiting audit rows are chained (audit/audit.ts). */
  AUDIT_SEAL_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  /** Folder of the built web app. */
  WEB_DIST: z.string().default(new URL('../../web/dist', import.meta.url).pathname),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function baseUrlOf(env: Env): string {
  return env.BASE_URL ?? `http://localhost:${env.PORT}`;
}
