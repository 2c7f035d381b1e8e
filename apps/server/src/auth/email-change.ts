/**
 * Changing the sign-in e-mail address (docs/auth.md, "E-mail change"). better-auth's
 * `/change-email` sends a link to the new address and changes nothing until it is opened; we add:
 *
 * - re-authentication: the change is asked for through `POST /api/account/email` with the current
 *   password (modules/account), which calls `/change-email` on the server; the HTTP path itself is
 *   refused, so no stolen session cookie alone can move the account to another address;
 * - the link completes the change only in a browser signed in to that same account: better-auth
 *   would otherwise open a new session for whoever holds the link (a sign-in by e-mail link, aal1,
 *   that the MFA policy must never allow). Without such a session the link sends the person to sign
 *   in first (/settings, which says to open the link again).
 */
import { APIError, getSessionFromCtx } from 'better-auth/api';

/** The paths this module guards. */
export const CHANGE_EMAIL_PATH = '/change-email';
export const VERIFY_EMAIL_PATH = '/verify-email';

/** Where a link opened without the right session sends the person. */
export const EMAIL_LINK_SIGN_IN = '/settings?email=sign-in';

/** The e-mail address a verification token is for, read without checking it (better-auth checks it). */
export function tokenEmail(token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof parsed.email === 'string' ? parsed.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

type Ctx = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  request?: Request | undefined;
  query?: Record<string, unknown> | undefined;
  redirect: (url: string) => unknown;
};

/** The before-hook's part for the e-mail change paths. */
export async function beforeEmailChange(ctx: Ctx): Promise<void> {
  if (ctx.path === CHANGE_EMAIL_PATH && ctx.request)
    throw new APIError('FORBIDDEN', {
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'Confirm your password to change your e-mail address.',
    });
  if (ctx.path === VERIFY_EMAIL_PATH) {
    const current = await getSessionFromCtx(ctx);
    const email = tokenEmail(ctx.query?.token);
    if (!current || !email || current.user.email.toLowerCase() !== email)
      throw ctx.redirect(EMAIL_LINK_SIGN_IN);
  }
}
