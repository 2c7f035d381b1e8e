/**
 * Passkeys (WebAuthn) through better-auth's passkey plugin (ADR 0033). The plugin does the
 * ceremony (options, challenge in a signed cookie and a single-use verification row, signature and
 * counter checks with @simplewebauthn/server); this file holds our rules around it:
 * - the options follow SPEC §9 where they can (attestation none, user verification preferred);
 * - a passkey sign-in is an aal2 session, so it must be multi-factor by itself: alone (no password
 *   given before) it needs the authenticator's user verification (PIN, biometrics); as the second
 *   step of a password sign-in, or as the step-up of a signed-in session, it must be a passkey of
 *   that same user, and possession is the second factor;
 * - adding or removing a passkey of a user who has a factor needs an aal2 session, like the other
 *   MFA management (ADR 0025); the plugin also asks for a fresh session to add one.
 */
import { sql } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { Db } from '../db/client';
import { pendingChallengeUserId, type HookContext } from './mfa';

/** The better-auth path a passkey sign-in (or second step, or step-up) ends on. */
export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication';

/** Paths that add or remove a passkey: aal2 once the user has a factor. */
export const PASSKEY_MANAGE_PATHS = new Set([
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
]);

export const PASSKEY_REFUSALS = {
  USER_VERIFICATION_REQUIRED: {
    code: 'USER_VERIFICATION_REQUIRED',
    message: 'Your passkey did not check that it is you (PIN, fingerprint or face). Try another.',
  },
  PASSKEY_OF_ANOTHER_ACCOUNT: {
    code: 'PASSKEY_OF_ANOTHER_ACCOUNT',
    message: 'This passkey belongs to another account.',
  },
  SESSION_FROM_REGISTRATION: {
    code: 'SESSION_FROM_REGISTRATION',
    message: 'Adding a passkey does not sign in.',
  },
} as const;

/** The relying party: the host of the app's address, and the app's origins on that host. */
export function relyingParty(baseURL: string, origins: string[]) {
  const rpID = new URL(baseURL).hostname;
  const sameHost = origins.filter((origin) => {
    const host = new URL(origin).hostname;
    return host === rpID || host.endsWith(`.${rpID}`);
  });
  return { rpID, origin: sameHost };
}

/** Whether the user has enrolled any factor: the two-factor plugin's, or a passkey. */
export async function hasFactor(
  db: Db,
  user: { id: string; twoFactorEnabled?: unknown },
): Promise<boolean> {
  if (user.twoFactorEnabled === true) return true;
  const result = await db.execute(sql`select 1 from passkey where user_id = ${user.id} limit 1`);
  return result.rows.length > 0;
}

/** better-auth's before hook for the passkey paths. */
export async function beforePasskey(
  ctx: { path: string; body?: unknown } & Parameters<typeof getSessionFromCtx>[0],
  db: Db,
): Promise<void> {
  if (!PASSKEY_MANAGE_PATHS.has(ctx.path)) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === '/passkey/verify-registration' && body.createSession === true)
    throw new APIError('BAD_REQUEST', PASSKEY_REFUSALS.SESSION_FROM_REGISTRATION);
  const current = await getSessionFromCtx(ctx);
  if (!current) return; // the plugin answers 401 itself
  const aal = (current.session as { aal?: unknown }).aal;
  if (
    aal !== 2 &&
    (await hasFactor(db, current.user as { id: string; twoFactorEnabled?: unknown }))
  )
    throw new APIError('FORBIDDEN', {
      code: 'MFA_REQUIRED',
      message: 'Confirm it is you with your second factor first.',
    });
}

/**
 * The plugin's `authentication.afterVerification`: the signature, challenge, origin, relying party
 * and counter are verified; this decides whether the assertion is enough for an aal2 session.
 */
export async function afterPasskeyAuthentication(
  args: {
    ctx: unknown;
    verification: { authenticationInfo: { userVerified: boolean } };
    clientData: { id: string };
  },
  db: Db,
): Promise<void> {
  const ctx = args.ctx as HookContext & Parameters<typeof getSessionFromCtx>[0];
  const owner = await db.execute<{ user_id: string }>(
    sql`select user_id from passkey where credential_id = ${args.clientData.id}`,
  );
  const ownerId = owner.rows[0]?.user_id;
  const current = await getSessionFromCtx(ctx);
  const expected = current?.user.id ?? (await pendingChallengeUserId(ctx));
  if (expected) {
    // the second step of a password sign-in, or a step-up: password (or session) + this passkey
    if (ownerId !== expected)
      throw new APIError('UNAUTHORIZED', PASSKEY_REFUSALS.PASSKEY_OF_ANOTHER_ACCOUNT);
    return;
  }
  // the passkey alone: possession and the authenticator's own check of the person
  if (!args.verification.authenticationInfo.userVerified)
    throw new APIError('UNAUTHORIZED', PASSKEY_REFUSALS.USER_VERIFICATION_REQUIRED);
}
