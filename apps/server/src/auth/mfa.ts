/**
 * What better-auth's two-factor plugin does not do by itself (ADR 0025):
 * - replay refusal: a TOTP code is refused when its time step is not later than the last step
 *   accepted for that user (table mfa_totp_step, claimed atomically before better-auth checks the
 *   code), so a code seen once — over a shoulder, in a proxy log — cannot be used again within its
 *   window;
 * - per-account lockout across sign-in and second factor: wrong codes count against the same
 *   account counter as wrong passwords (auth/login-throttle.ts), whichever address they come from;
 * - the assurance level: a session made by a verified second factor is aal2; a session that verifies
 *   a factor later (step-up) is raised to aal2. Nothing else sets it: password sign-in, reset,
 *   refresh and every other path leave the column default, 1.
 */
import { timingSafeEqual } from 'node:crypto';
import { MFA_CODE_PATTERN } from '@painlab/shared/mfa';
import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import type { Db } from '../db/client';
import type { LoginThrottle } from './login-throttle';

/** The better-auth paths that verify a second factor. */
export const MFA_VERIFY_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-otp',
  '/two-factor/verify-backup-code',
]);

/**
 * Paths that change or reveal an enrolled factor (turn it off, set up a new secret, make new recovery
 * codes, show the key): once a factor is enrolled, only an aal2 session may use them — with the
 * password alone an aal1 session could otherwise drop the factor, or make recovery codes and verify
 * one to become aal2.
 */
export const MFA_MANAGE_PATHS = new Set([
  '/two-factor/disable',
  '/two-factor/enable',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
]);

/** Paths that act for the user of a pending second-factor challenge (or the signed-in user). */
export const MFA_CHALLENGE_PATHS = new Set([...MFA_VERIFY_PATHS, '/two-factor/send-otp']);

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Time steps either side of now that a TOTP code may come from (clock drift). */
const TOTP_WINDOW = 1;

/**
 * The account a second-factor request acts for, by request: set in better-auth's before hook, read
 * by the /api/auth wrapper (auth.routes.ts) to count the outcome against the account.
 */
export const mfaSubjects = new WeakMap<Request, { userId: string; email: string }>();

/** The time step of `code` for `secret` within the window around `now`, or null. */
export async function totpStepOf(secret: string, code: string, now = Date.now()) {
  if (!MFA_CODE_PATTERN.test(code)) return null;
  const current = Math.floor(now / 1000 / TOTP_PERIOD_S);
  const otp = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_S });
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    // every step is computed (no early exit): the time taken does not say which step matched
    const expected = Buffer.from(await otp.hotp(step));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/**
 * Takes `step` as the user's last accepted TOTP step, atomically; false when that step or a later
 * one was already taken (the code, or an older one, is being replayed).
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db.execute<{ user_id: string }>(sql`
    insert into mfa_totp_step (user_id, last_step) values (${userId}, ${step})
    on conflict (user_id) do update set last_step = excluded.last_step
      where mfa_totp_step.last_step < excluded.last_step
    returning user_id`);
  return result.rows.length === 1;
}

export interface HookContext {
  path: string;
  body?: unknown;
  request?: Request;
  headers?: Headers;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret: string;
    secretConfig: Parameters<typeof symmetricDecrypt>[0]['key'];
    createAuthCookie: (name: string) => { name: string };
    internalAdapter: {
      findVerificationValue: (identifier: string) => Promise<{ value: string } | null>;
      findUserById: (id: string) => Promise<{ id: string; email: string } | null>;
    };
    adapter: {
      findOne: <T>(q: {
        model: string;
        where: { field: string; value: string }[];
      }) => Promise<T | null>;
    };
  };
}

/** The user of the pending second-factor challenge of a sign-in (its signed cookie), or null. */
export async function pendingChallengeUserId(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

/** The user a second-factor request acts for: the pending challenge's, or the signed-in user's. */
async function subjectOf(ctx: HookContext, sessionUserId: string | null) {
  const userId = sessionUserId ?? (await pendingChallengeUserId(ctx));
  return userId ? ctx.context.internalAdapter.findUserById(userId) : null;
}

export const REPLAYED_CODE = {
  code: 'CODE_ALREADY_USED',
  message: 'This code was already used. Wait for the next code of your authenticator app.',
};

/**
 * better-auth's before hook for the second-factor paths: refuses a locked account, and claims the
 * TOTP time step of a code before better-auth verifies it (a replay is refused here).
 */
export async function beforeSecondFactor(
  ctx: HookContext,
  deps: {
    db: Db;
    throttle: LoginThrottle;
    clientIp: string;
    sessionUserId: string | null;
  },
): Promise<void> {
  const user = await subjectOf(ctx, deps.sessionUserId);
  if (!user) return; // better-auth answers the missing challenge itself
  if (ctx.request) mfaSubjects.set(ctx.request, { userId: user.id, email: user.email });
  const refusal = await deps.throttle.check(user.email, deps.clientIp);
  if (refusal)
    throw new APIError('TOO_MANY_REQUESTS', {
      code: refusal.code,
      message:
        refusal.code === 'ACCOUNT_LOCKED'
          ? 'Too many failed attempts for this account. Try again later.'
          : 'Too many failed attempts from this network. Try again later.',
    });
  if (ctx.path === '/two-factor/send-otp' && (await mfaCodesSentLately(deps.db, user.id)))
    throw new APIError('TOO_MANY_REQUESTS', MFA_CODES_REFUSAL);
  if (ctx.path !== '/two-factor/verify-totp') return;
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return;
  const row = await ctx.context.adapter.findOne<{ secret: string }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: user.id }],
  });
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const step = await totpStepOf(secret, code.trim());
  if (step === null) return; // a wrong code: better-auth refuses and counts it
  if (!(await claimTotpStep(deps.db, user.id, step)))
    throw new APIError('UNAUTHORIZED', REPLAYED_CODE);
}

/**
 * Codes by e-mail or SMS an account may be sent: MFA_CODES_MAX in MFA_CODES_WINDOW_S (issue 22
 * item 18: the route allowed 60 a minute from one session, a mailbox or phone bill flooded).
 * Counted in the outbox, so every instance sees the same count.
 */
export const MFA_CODES_MAX = 5;
export const MFA_CODES_WINDOW_S = 15 * 60;
export const MFA_CODES_REFUSAL = {
  code: 'MFA_CODES_LIMIT',
  message: 'Several codes were sent in the last minutes. Use the latest one, or ask again later.',
};

async function mfaCodesSentLately(db: Db, userId: string): Promise<boolean> {
  const result = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from outbox_message
    where template = 'auth.mfa_code'
      and created_at > now() - make_interval(secs => ${MFA_CODES_WINDOW_S})
      and recipient in (
        select email from "user" where id = ${userId}
        union all
        select phone_number from "user" where id = ${userId} and phone_number is not null
      )`);
  return Number(result.rows[0]?.n ?? 0) >= MFA_CODES_MAX;
}

/** Raises a session to aal2 (a second factor was verified in it). */
export async function raiseToAal2(db: Db, token: string): Promise<void> {
  await db.execute(sql`update session set aal = 2 where token = ${token}`);
}
