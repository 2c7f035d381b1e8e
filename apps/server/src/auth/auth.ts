/**
 * better-auth: e-mail + password sign-in with the admin and access-control plugins. The permission
 * matrix comes from packages/shared. Sessions are database-backed cookies with an idle timeout
 * (sliding `expiresIn`) and an absolute limit enforced in http/session.ts.
 */
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import { PASSWORD_MAX, PASSWORD_MIN } from '@painlab/shared/auth';
import { ac, roles } from '@painlab/shared/permissions';
import type { Db } from '../db/client';
import { authSchema } from '../db/schema';
import { baseUrlOf, type Env } from '../env';
import { inviteTokenHash, takeInviteSignUp } from '../modules/patients/patients.repository';

/** The header a patient's sign-up carries the token of their portal invitation in. */
export const INVITE_HEADER = 'x-painlab-invite';

/** The header the server itself sets from the socket address (never trusted from the client). */
export const CLIENT_IP_HEADER = 'x-painlab-client-ip';

/**
 * REGISTRATION_OPEN=false: an account is created only by sign-up with a usable portal invitation's
 * token in INVITE_HEADER, and only one per invitation (`takeInviteSignUp` takes the invitation's
 * sign-up slot in the same UPDATE that checks it). Runs as better-auth's user-create hook: after its
 * rate limit and its own checks (a taken e-mail does not use up the slot), right before the user row
 * is written. Claiming the record stays a separate step.
 */
async function invitedSignUp(db: Db, token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return takeInviteSignUp(db, inviteTokenHash(token));
}

export function createAuth(db: Db, env: Env, secret: string) {
  const baseURL = baseUrlOf(env);
  const secure = baseURL.startsWith('https://');
  const idleSeconds = env.SESSION_IDLE_MINUTES * 60;
  const authLimit = { window: env.RATE_LIMIT_AUTH_WINDOW_S, max: env.RATE_LIMIT_AUTH_MAX };
  // In production (https) the session cookies get the __Host- prefix: Secure, Path=/, no Domain.
  const hostCookie = (name: string) =>
    secure ? { name: `__Host-painlab.${name}`, attributes: { secure: true, path: '/' } } : {};

  return betterAuth({
    appName: env.CLINIC_NAME,
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [
      baseURL,
      // without BASE_URL the server is addressed as localhost or 127.0.0.1: both are this machine
      ...(env.BASE_URL ? [] : [`http://127.0.0.1:${env.PORT}`]),
      ...(env.TRUSTED_ORIGINS ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // REGISTRATION_OPEN=false is enforced by the user-create hook below: an invited patient may still sign up
      disableSignUp: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: idleSeconds,
      updateAge: Math.min(5 * 60, Math.floor(idleSeconds / 2)),
      freshAge: 15 * 60,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      storage: 'memory',
      customRules: {
        '/sign-in/email': authLimit,
        '/sign-up/email': authLimit,
        '/change-password': authLimit,
        '/change-email': authLimit,
      },
    },
    advanced: {
      cookiePrefix: 'painlab',
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      cookies: {
        session_token: hostCookie('session_token'),
        session_data: hostCookie('session_data'),
        dont_remember: hostCookie('dont_remember'),
      },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips origin checks when it detects a test run; we check in every environment.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          before: async (_user, ctx) => {
            if (env.REGISTRATION_OPEN || ctx?.path !== '/sign-up/email') return;
            if (!(await invitedSignUp(db, ctx.headers?.get(INVITE_HEADER)))) {
              throw new APIError('FORBIDDEN', { code: 'REGISTRATION_CLOSED', message: 'Registration is closed' });
            }
          },
        },
      },
    },
    telemetry: { enabled: false },
    plugins: [admin({ ac, roles, defaultRole: 'user', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
