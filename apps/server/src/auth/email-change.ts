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

/** Where a confirmed sign-up address sends the person (ADR 0042). */
export const EMAIL_VERIFIED_PATH = '/settings?email=verified';

/** Where a link for an address someone else took meanwhile sends the person. */
export const EMAIL_LINK_TAKEN = '/settings?email=taken';

/**
 * The addresses a verification token is for (`email`, and `updateTo` for a change), read without
 * checking the token (better-auth checks its signature and age next).
 */
export function tokenAddresses(token: unknown): { email: string; updateTo: string | null } | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      email?: unknown;
      updateTo?: unknown;
    };
    if (typeof parsed.email !== 'string') return null;
    return {
      email: parsed.email.toLowerCase(),
      updateTo: typeof parsed.updateTo === 'string' ? parsed.updateTo.toLowerCase() : null,
    };
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

/** What the hook needs to know about accounts (auth.ts passes the database's answers). */
export interface EmailChangeChecks {
  /** The account has a second factor (then the link needs an aal2 session, as the request did). */
  hasFactor: (user: { id: string; twoFactorEnabled?: unknown }) => Promise<boolean>;
  /** Another account uses this address now. */
  emailTaken: (email: string) => Promise<boolean>;
}

/** The before-hook's part for the e-mail change paths. */
export async function beforeEmailChange(ctx: Ctx, checks: EmailChangeChecks): Promise<void> {
  if (ctx.path === CHANGE_EMAIL_PATH && ctx.request)
    throw new APIError('FORBIDDEN', {
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'Confirm your password to change your e-mail address.',
    });
  if (ctx.path === VERIFY_EMAIL_PATH) {
    const current = await getSessionFromCtx(ctx);
    const token = tokenAddresses(ctx.query?.token);
    if (!current || !token || current.user.email.toLowerCase() !== token.email)
      throw ctx.redirect(EMAIL_LINK_SIGN_IN);
    const aal = (current.session as { aal?: unknown }).aal;
    if (aal !== 2 && (await checks.hasFactor(current.user as { id: string })))
      throw ctx.redirect(EMAIL_LINK_SIGN_IN);
    // taken by an account made since the link was sent: better-auth would hit the unique index
    if (token.updateTo && (await checks.emailTaken(token.updateTo)))
      throw ctx.redirect(EMAIL_LINK_TAKEN);
  }
}
