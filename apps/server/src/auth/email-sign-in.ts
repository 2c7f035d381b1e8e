/**
 * Sign-in by a code or a link sent by e-mail (ADR 0040), through better-auth's `emailOTP` and
 * `magicLink` plugins, which do the tokens (random, stored hashed, single use, short-lived). Our
 * rules around them:
 * - sign-in only: no account is created, and an unknown address gets the same answer as a known one
 *   with nothing queued;
 * - at most one code or link per account per SIGN_IN_RESEND_S (the outbox is looked at before a new
 *   code is made, so a code already mailed keeps working);
 * - an account with a second factor (two-factor or a passkey) is never signed in by its mailbox
 *   alone: refused with SECOND_FACTOR_REQUIRED, only after the code or link was verified (the
 *   refusal tells nothing to someone without the mailbox), before anything of the account changes;
 * - a session opened by e-mail cannot be raised to aal2 by the e-mail second factor (the same
 *   channel twice is one factor): FACTOR_SAME_CHANNEL.
 */
import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { SIGN_IN_RESEND_S } from '@painlab/shared/auth-limits';
import type { Db } from '../db/client';
import { hasFactor } from './passkeys';

/** The paths that send a sign-in code or link (they answer the same for any address). */
export const EMAIL_CODE_REQUEST_PATH = '/email-otp/send-verification-otp';
export const EMAIL_LINK_REQUEST_PATH = '/sign-in/magic-link';
/** The paths that verify a code or link and open a session. */
export const EMAIL_CODE_SIGN_IN_PATH = '/sign-in/email-otp';
export const EMAIL_LINK_SIGN_IN_PATH = '/magic-link/verify';
export const EMAIL_SIGN_IN_PATHS = new Set([EMAIL_CODE_SIGN_IN_PATH, EMAIL_LINK_SIGN_IN_PATH]);

/** How sessions opened by e-mail are recorded (session.sign_in_method). */
export const EMAIL_SIGN_IN_METHODS = new Set(['email_otp', 'magic_link']);

/**
 * The email-otp plugin's other paths: verification of the address, password reset by code and
 * e-mail change by code. We use none of them (reset goes by link, the e-mail change through
 * /api/account/email), so they are switched off.
 */
export const EMAIL_OTP_UNUSED_PATHS = [
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
  '/email-otp/reset-password',
  '/email-otp/request-email-change',
  '/email-otp/change-email',
];

/** The outbox templates of sign-in codes and links. */
export const SIGN_IN_TEMPLATES = ['auth.sign_in_code', 'auth.sign_in_link'] as const;

export const EMAIL_SIGN_IN_REFUSALS = {
  SECOND_FACTOR_REQUIRED: {
    code: 'SECOND_FACTOR_REQUIRED',
    message: 'This account uses two-step verification: sign in with your password or a passkey.',
  },
  FACTOR_SAME_CHANNEL: {
    code: 'FACTOR_SAME_CHANNEL',
    message:
      'You signed in with an e-mail code or link: confirm with your authenticator app, a recovery code or a passkey.',
  },
  SIGN_IN_TYPE_ONLY: {
    code: 'INVALID_OTP_TYPE',
    message: 'Only sign-in codes can be asked for here.',
  },
} as const;

/** Whether a sign-in code or link went to this address in the last SIGN_IN_RESEND_S seconds. */
export async function sentRecently(db: Db, email: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from outbox_message
    where recipient = ${email} and template in ('auth.sign_in_code', 'auth.sign_in_link')
      and created_at > now() - make_interval(secs => ${SIGN_IN_RESEND_S})
    limit 1`);
  return result.rows.length > 0;
}

/** The account of this address (lower-cased, as better-auth stores it), or null. */
export async function accountOf(db: Db, email: string) {
  const result = await db.execute<{ id: string; two_factor_enabled: boolean | null }>(
    sql`select id, two_factor_enabled from "user" where email = ${email.toLowerCase()} limit 1`,
  );
  return result.rows[0] ?? null;
}

/**
 * Called from the database hooks while a code or link sign-in is under way (the code or link has
 * been verified by then): refuses an account with a second factor before its session is made — and
 * before better-auth, for an account whose address was never proven, removes its password and
 * sessions (the account-delete and session-delete hooks call this too), so a refusal changes nothing.
 */
export async function refuseMailboxAloneForFactor(
  db: Db,
  path: string | undefined,
  userId: string,
): Promise<void> {
  if (!path || !EMAIL_SIGN_IN_PATHS.has(path)) return;
  const result = await db.execute<{ two_factor_enabled: boolean | null }>(
    sql`select two_factor_enabled from "user" where id = ${userId}`,
  );
  const twoFactorEnabled = result.rows[0]?.two_factor_enabled === true;
  if (await hasFactor(db, { id: userId, twoFactorEnabled }))
    throw new APIError('FORBIDDEN', EMAIL_SIGN_IN_REFUSALS.SECOND_FACTOR_REQUIRED);
}
