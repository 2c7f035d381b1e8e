/**
 * The account's phone number and SMS codes (ADR 0041), with better-auth's phone-number plugin:
 *
 * - a number is put on an account only by `modules/account` (`POST /api/account/phone` with the
 *   password, then the SMS code): the plugin's own HTTP paths that send and verify codes are switched
 *   off (`PHONE_DISABLED_PATHS`; `/phone-number/verify` would otherwise open a session for whoever
 *   holds a code: a sign-in by SMS alone), and `/update-user` may not touch the number. So every
 *   stored number is verified, and phone + password sign-in (`/sign-in/phone-number`, the one path
 *   left) needs it verified anyway (`requireVerification`);
 * - codes: 6 digits, `PHONE_CODE_MINUTES`, `PHONE_CODE_ATTEMPTS` tries, single use (the plugin
 *   consumes the row atomically). The plugin keeps codes in clear in `verification.value`; we store
 *   an HMAC of the code instead (auth.ts's verification hook) and compare HMACs;
 * - at most one SMS with a code of each kind (confirmation, second factor) per number per
 *   `SMS_INTERVAL_S`, taken atomically before a code is made (`takeSmsTurn`), so the code a person
 *   holds is the newest;
 * - the code second factor (two-factor plugin's OTP) goes by SMS to a verified number, else by
 *   e-mail; `/two-factor/send-otp` answers where it went (`channel`, `ending`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isPlaceholderEmail, PHONE_E164, phoneEnding } from '@painlab/shared/account';
import { APIError } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingChallengeUserId, type HookContext } from './mfa';

/** How long a code sent by SMS works. */
export const PHONE_CODE_MINUTES = 5;
/** Wrong tries a phone-confirmation code survives. */
export const PHONE_CODE_ATTEMPTS = 3;
/** At most one SMS with a code per number in this many seconds. */
export const SMS_INTERVAL_S = 60;

export const PHONE_SIGN_IN_PATH = '/sign-in/phone-number';
export const PHONE_SEND_PATH = '/phone-number/send-otp';
const MFA_SEND_PATH = '/two-factor/send-otp';

/**
 * The plugin's paths no HTTP request may reach: sending and verifying codes (our account routes
 * call them on the server), and password reset by SMS (not offered yet).
 */
export const PHONE_DISABLED_PATHS = [
  PHONE_SEND_PATH,
  '/phone-number/verify',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
];

/** The SMS that carry a code: a phone confirmation, a second factor, a password reset. */
export type CodeTemplate = 'auth.phone_code' | 'auth.mfa_code' | 'auth.password_reset_code';

/**
 * Which SMS a server-side `sendPhoneNumberOTP` call sends goes in a header of the headers that call
 * is given (better-auth copies them: an object kept beside them would not arrive), with this
 * process's random mark, so no client can choose it (the plugin's HTTP path is off anyway).
 */
const PURPOSE_HEADER = 'x-painlab-code-purpose';
const PURPOSE_MARK = randomBytes(16).toString('hex');
const CODE_TEMPLATES: readonly CodeTemplate[] = [
  'auth.phone_code',
  'auth.mfa_code',
  'auth.password_reset_code',
];

/** Fresh headers for a server-side `sendPhoneNumberOTP` whose SMS is `template` (language of `from`). */
export function codeHeaders(from: Headers, template: CodeTemplate): Headers {
  const headers = new Headers();
  for (const name of ['accept-language', 'cookie']) {
    const value = from.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(PURPOSE_HEADER, `${template} ${PURPOSE_MARK}`);
  return headers;
}

/** Which code SMS a `sendOTP` call is for (auth.ts): the phone confirmation unless marked. */
export function codeTemplateOf(headers: Headers | undefined): CodeTemplate {
  const [template, mark] = (headers?.get(PURPOSE_HEADER) ?? '').split(' ');
  return mark === PURPOSE_MARK && CODE_TEMPLATES.includes(template as CodeTemplate)
    ? (template as CodeTemplate)
    : 'auth.phone_code';
}

export const isPhoneNumber = (value: unknown): value is string =>
  typeof value === 'string' && PHONE_E164.test(value);

/** What is stored and compared instead of a code: an HMAC with the server's secret. */
export function phoneCodeDigest(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`phone-code:${code}`).digest('hex');
}

/** A number as kept where it need not be read back (pending change): an HMAC. */
export function phoneDigest(secret: string, phone: string): string {
  return createHmac('sha256', secret).update(`phone:${phone}`).digest('hex');
}

/** Codes of one kind to one number in a day, at most (ADR 0043: 3 tries each, so 30 guesses a day). */
export const SMS_DAY_MAX = 10;

/**
 * Counts one more in the window of row `id` (a `verification` row: the count in `value`, the
 * window's end in `expires_at`), atomically; a window that ran out starts again at 1. Returns the
 * count and the seconds left in the window.
 */
export async function countInWindow(
  db: Db,
  id: string,
  windowS: number,
): Promise<{ count: number; wait: number }> {
  const result = await db.execute<{ count: number | string; wait: number | string | null }>(sql`
    insert into verification (id, identifier, value, expires_at)
    values (${id}, ${id}, '1', now() + make_interval(secs => ${windowS}))
    on conflict (id) do update set
      value = case when verification.expires_at <= now() then '1'
                   else (verification.value::int + 1)::text end,
      expires_at = case when verification.expires_at <= now()
                        then now() + make_interval(secs => ${windowS})
                        else verification.expires_at end,
      updated_at = now()
    returning value::int as count, ceil(extract(epoch from expires_at - now())) as wait`);
  const row = result.rows[0];
  const wait = Number(row?.wait ?? windowS);
  return { count: Number(row?.count ?? 1), wait: Number.isFinite(wait) && wait > 0 ? wait : 1 };
}

/**
 * Takes this minute's turn to send a code of this kind to `phone`, atomically: 0 when taken (send
 * now), else the seconds until the next turn. One row per (kind, number) in `verification` whose
 * primary key is the HMAC of both: an insert, or an update of a turn that has run out, returns the
 * row; a turn still running returns nothing. So concurrent requests cannot each make a code (only
 * one SMS would go out, carrying a code the next request replaced). The turn is taken whether or
 * not an SMS follows (a number of another account gets none): the answers are the same. And at
 * most SMS_DAY_MAX turns a day per kind and number: guessing codes stays hopeless.
 */
export async function takeSmsTurn(
  db: Db,
  secret: string,
  phone: string,
  template: CodeTemplate,
): Promise<number> {
  const key = `${template}:${phoneDigest(secret, phone)}`;
  const id = `sms-turn:${key}`;
  const result = await db.execute<{ taken: boolean; wait: number | string | null }>(sql`
    with turn as (
      insert into verification (id, identifier, value, expires_at)
      values (${id}, ${id}, 'turn', now() + make_interval(secs => ${SMS_INTERVAL_S}))
      on conflict (id) do update set expires_at = excluded.expires_at, updated_at = now()
        where verification.expires_at <= now()
      returning id
    )
    select exists (select 1 from turn) as taken,
      (select ceil(extract(epoch from expires_at - now())) from verification where id = ${id}) as wait`);
  const row = result.rows[0];
  if (!row?.taken) {
    const wait = Number(row?.wait ?? SMS_INTERVAL_S);
    return Number.isFinite(wait) && wait > 0 ? Math.min(wait, SMS_INTERVAL_S) : 1;
  }
  const day = await countInWindow(db, `sms-day:${key}`, 86_400);
  return day.count > SMS_DAY_MAX ? day.wait : 0;
}

export const CODE_RECENTLY_SENT = {
  code: 'CODE_RECENTLY_SENT',
  message: 'A code was sent less than a minute ago. Use it, or wait a minute for a new one.',
};

type PhoneFields = { phoneNumber?: unknown; phoneNumberVerified?: unknown };

/** The verified number the account's codes go to by SMS, or null (they go by e-mail). */
export function smsNumberOf(account: PhoneFields | null | undefined): string | null {
  return account?.phoneNumberVerified === true && isPhoneNumber(account.phoneNumber)
    ? account.phoneNumber
    : null;
}

async function phoneOfUser(db: Db, userId: string): Promise<string | null> {
  const result = await db.execute<{ phone_number: string | null; phone_number_verified: boolean }>(
    sql`select phone_number, phone_number_verified from "user" where id = ${userId}`,
  );
  const row = result.rows[0];
  return smsNumberOf(
    row ? { phoneNumber: row.phone_number, phoneNumberVerified: row.phone_number_verified } : null,
  );
}

type Ctx = HookContext & {
  context: HookContext['context'] & {
    password: { hash: (password: string) => Promise<string> };
    returned?: unknown;
  };
  json: (body: Record<string, unknown>) => unknown;
};

/** better-auth's before hook, for the phone paths (auth.ts). */
export async function beforePhone(
  ctx: Ctx,
  deps: { db: Db; secret: string; sessionUserId: () => Promise<string | null> },
): Promise<void> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  // phone + password for a number no account has: a password hash all the same, so the answer
  // takes as long as a wrong password's (the plugin would answer at once: which numbers have an
  // account would show in the timing)
  if (ctx.path === PHONE_SIGN_IN_PATH && isPhoneNumber(body.phoneNumber)) {
    const found = await ctx.context.adapter.findOne<{ id: string }>({
      model: 'user',
      where: [{ field: 'phoneNumber', value: body.phoneNumber }],
    });
    if (!found) {
      await ctx.context.password.hash(typeof body.password === 'string' ? body.password : '');
      throw new APIError('UNAUTHORIZED', {
        code: 'INVALID_PHONE_NUMBER_OR_PASSWORD',
        message: 'Invalid phone number or password',
      });
    }
  }
  // nor is it given at sign-up or by an administrator's account creation: the plugin's fields are
  // user input for better-auth, and an unconfirmed number would keep its owner from adding it
  if (
    (ctx.path === '/sign-up/email' ||
      ctx.path === '/admin/create-user' ||
      ctx.path === '/admin/update-user') &&
    [body, body.data].some(
      (fields) =>
        !!fields &&
        typeof fields === 'object' &&
        ('phoneNumber' in fields || 'phoneNumberVerified' in fields),
    )
  )
    throw new APIError('BAD_REQUEST', {
      code: 'PHONE_NUMBER_CANNOT_BE_UPDATED',
      message: 'A phone number is added in the settings, with a code sent to it.',
    });
  // the reserved domain of accounts made with a phone number (ADR 0043) is nobody's address
  if (
    ['/sign-up/email', '/admin/create-user', '/admin/update-user'].includes(ctx.path) &&
    [body, body.data].some(
      (fields) =>
        !!fields &&
        typeof fields === 'object' &&
        isPlaceholderEmail((fields as { email?: unknown }).email as string),
    )
  )
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid email' });
  // the number changes only with the password and a code (modules/account), never here
  if (ctx.path === '/update-user' && ctx.request && 'phoneNumber' in body)
    throw new APIError('BAD_REQUEST', {
      code: 'PHONE_NUMBER_CANNOT_BE_UPDATED',
      message: 'Change your phone number in your settings, with your password.',
    });
  // the code second factor by SMS: one code per number per minute (a new one would replace the
  // code already on its way)
  if (ctx.path === MFA_SEND_PATH) {
    const userId = (await deps.sessionUserId()) ?? (await pendingChallengeUserId(ctx));
    const phone = userId ? await phoneOfUser(deps.db, userId) : null;
    if (phone) {
      // taken atomically: two requests at once cannot both make a code (ADR 0043)
      const wait = await takeSmsTurn(deps.db, deps.secret, phone, 'auth.mfa_code');
      if (wait > 0)
        throw new APIError('TOO_MANY_REQUESTS', CODE_RECENTLY_SENT, {
          'Retry-After': String(wait),
        });
    }
  }
}

/**
 * better-auth's after hook: `/two-factor/send-otp` says where the code went (`channel`, and the
 * last two digits of the number), so the code step can say "sent to your phone ending in 42".
 */
export async function afterPhone(
  ctx: Ctx,
  deps: { db: Db; sessionUserId: () => Promise<string | null> },
): Promise<unknown> {
  if (ctx.path !== MFA_SEND_PATH) return undefined;
  const returned = ctx.context.returned as { status?: unknown } | undefined;
  if (!returned || returned instanceof Error || returned instanceof Response) return undefined;
  if (returned.status !== true) return undefined;
  const userId = (await deps.sessionUserId()) ?? (await pendingChallengeUserId(ctx));
  const phone = userId ? await phoneOfUser(deps.db, userId) : null;
  return ctx.json(
    phone
      ? { status: true, channel: 'sms', ending: phoneEnding(phone) }
      : { status: true, channel: 'email' },
  );
}
