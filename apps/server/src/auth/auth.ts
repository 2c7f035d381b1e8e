/**
 * better-auth: e-mail + password sign-in with the admin and access-control plugins. The permission
 * matrix comes from packages/shared. Sessions are database-backed cookies with an idle timeout
 * (sliding `expiresIn`) and an absolute limit enforced in http/session.ts.
 */
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, emailOTP, jwt, magicLink, phoneNumber, twoFactor } from 'better-auth/plugins';
import { passkey } from '@better-auth/passkey';
import { PASSWORD_MAX, PASSWORD_MIN } from '@painlab/shared/auth';
import {
  ACCESS_TOKEN_MINUTES,
  EMAIL_CHANGE_LINK_MINUTES,
  RESET_LINK_MINUTES,
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_LINK_MINUTES,
} from '@painlab/shared/auth-limits';
import { safeReturnPath } from '@painlab/shared/return-path';
import type { MessageLanguage } from '@painlab/shared/outbox';
import { ac, roles, toRole } from '@painlab/shared/permissions';
import type { Db } from '../db/client';
import { authSchema, user } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { Logger } from '../lib/logger';
import { enqueue } from '../jobs/outbox';
import { createLoginThrottle } from './login-throttle';
import { beforeEmailChange, EMAIL_VERIFIED_PATH, tokenAddresses } from './email-change';
import {
  accountOf,
  EMAIL_CODE_REQUEST_PATH,
  EMAIL_LINK_REQUEST_PATH,
  EMAIL_OTP_UNUSED_PATHS,
  EMAIL_SIGN_IN_METHODS,
  EMAIL_SIGN_IN_REFUSALS,
  refuseMailboxAloneForFactor,
  sentRecently,
} from './email-sign-in';
import {
  beforeSecondFactor,
  MFA_CHALLENGE_PATHS,
  MFA_MANAGE_PATHS,
  MFA_VERIFY_PATHS,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
} from './mfa';
import {
  afterPasskeyAuthentication,
  beforePasskey,
  hasFactor,
  PASSKEY_SIGN_IN_PATH,
  relyingParty,
} from './passkeys';
import { PASSWORD_MESSAGES, passwordProblem } from './password-policy';
import {
  afterPhone,
  beforePhone,
  codeTemplateOf,
  isPhoneNumber,
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_MINUTES,
  PHONE_DISABLED_PATHS,
  PHONE_SEND_PATH,
  PHONE_SIGN_IN_PATH,
  phoneCodeDigest,
  phoneDigest,
  smsNumberOf,
} from './phone';
import { baseUrlOf, DOCUMENTED_DEMO_PASSWORD, trustedOriginsOf, type Env } from '../env';

/** The header a patient's sign-up carries the token of their portal invitation in. */
export const INVITE_HEADER = 'x-painlab-invite';

/** The header the server itself sets from the socket address (never trusted from the client). */
export const CLIENT_IP_HEADER = 'x-painlab-client-ip';

/**
 * What auth needs from the rest of the app, passed in where the app is wired (server.ts): auth
 * never imports a module.
 */
export interface AuthServices {
  /**
   * REGISTRATION_OPEN=false: an account is created only by sign-up with a usable portal invitation's
   * token in INVITE_HEADER, and only one per invitation: this takes the invitation's sign-up slot
   * (atomically; true when it was free and the invitation usable). Called from better-auth's
   * user-create hook: after its rate limit and its own checks (a taken e-mail does not use up the
   * slot), right before the user row is written. Claiming the record stays a separate step.
   */
  takeInviteSignUp(token: string): Promise<boolean>;
  logger: Logger;
}

/**
 * The one algorithm access tokens are signed with (the jwt plugin's keys, Ed25519) and the only one
 * the API accepts (http/access-token.ts).
 */
export const ACCESS_TOKEN_ALG = 'EdDSA';

/** How long an e-mailed second-factor code works. */
export const MFA_CODE_MINUTES = 5;

/** The language a request was made in: the site's `painlab_lang` cookie, then Accept-Language. */
export function requestLanguage(request: { headers: Headers } | undefined): MessageLanguage | null {
  if (!request) return null;
  const cookie = /(?:^|;\s*)painlab_lang=(en|es)(?:;|$)/.exec(request.headers.get('cookie') ?? '');
  if (cookie) return cookie[1] as MessageLanguage;
  for (const part of (request.headers.get('accept-language') ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === 'es' || tag === 'en') return tag;
  }
  return null;
}

/** Which password a request sets, and whose (for the personal-information rule). */
function passwordInput(
  path: string,
  body: Record<string, unknown>,
): { password: string; name?: string; email?: string } | null {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const field =
    path === '/sign-up/email' || path === '/admin/create-user' ? 'password' : 'newPassword';
  if (
    ![
      '/sign-up/email',
      '/admin/create-user',
      '/change-password',
      '/reset-password',
      '/admin/set-user-password',
    ].includes(path)
  )
    return null;
  const password = str(body[field]);
  return password === undefined ? null : { password, name: str(body.name), email: str(body.email) };
}

async function invitedSignUp(
  services: AuthServices,
  token: string | null | undefined,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return services.takeInviteSignUp(token);
}

/**
 * What opened a session, by the better-auth path that created it (session.sign_in_method). A
 * session re-made by a factor change keeps its method; the second step of a password sign-in is
 * `two_factor` (the password came first).
 */
export function signInMethodOf(path: string | undefined): string {
  if (!path) return 'other';
  if (path === PASSKEY_SIGN_IN_PATH) return 'passkey';
  if (MFA_VERIFY_PATHS.has(path)) return 'two_factor';
  const known: Record<string, string> = {
    '/sign-in/email': 'password',
    '/sign-up/email': 'password',
    '/sign-in/email-otp': 'email_otp',
    '/magic-link/verify': 'magic_link',
    '/sign-in/phone-number': 'phone',
    '/phone-number/verify': 'phone_otp',
  };
  return known[path] ?? 'other';
}

export function createAuth(db: Db, env: Env, secret: string, services: AuthServices) {
  const baseURL = baseUrlOf(env);
  const secure = baseURL.startsWith('https://');
  const production = env.NODE_ENV === 'production';
  const throttle = createLoginThrottle(db, env);
  const idleSeconds = env.SESSION_IDLE_MINUTES * 60;
  const authLimit = { window: env.RATE_LIMIT_AUTH_WINDOW_S, max: env.RATE_LIMIT_AUTH_MAX };
  // In production (https) the session cookies get the __Host- prefix: Secure, Path=/, no Domain.
  const hostCookie = (name: string) =>
    secure ? { name: `__Host-painlab.${name}`, attributes: { secure: true, path: '/' } } : {};
  // the language of the person a code goes to: the request's (a server-side call passes its headers)
  const languageOf = (ctx: { request?: Request; headers?: Headers } | undefined) =>
    requestLanguage(ctx?.request ?? (ctx?.headers ? { headers: ctx.headers } : undefined));

  // The account's phone number (ADR 0041, auth/phone.ts): phone + password sign-in for a verified
  // number only; codes by SMS through the outbox. No sign-up by phone, no sign-in by SMS alone.
  const phonePlugin = phoneNumber({
    otpLength: 6,
    expiresIn: PHONE_CODE_MINUTES * 60,
    allowedAttempts: PHONE_CODE_ATTEMPTS,
    requireVerification: true,
    phoneNumberValidator: (value) => isPhoneNumber(value),
    // only a code asked for by modules/account (`/send-otp`, on the server) is sent; the plugin's
    // sign-in also makes one for an unverified number, which no account has (auth/phone.ts)
    sendOTP: async ({ phoneNumber: to, code }, ctx) => {
      if (ctx?.path !== PHONE_SEND_PATH) return;
      // a confirmation (phone change, sign-up) or a password reset (modules/account, ADR 0043)
      const template = codeTemplateOf(ctx.headers);
      await enqueue(db, {
        channel: 'sms',
        to,
        language: languageOf(ctx),
        template,
        params: { clinic: env.CLINIC_NAME, code, minutes: PHONE_CODE_MINUTES },
        dedupeKey: `${template}:${phoneDigest(secret, to)}:${Math.floor(Date.now() / 60_000)}`,
      });
    },
  });

  return betterAuth({
    appName: env.CLINIC_NAME,
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsOf(env),
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // REGISTRATION_OPEN=false is enforced by the user-create hook below: an invited patient may still sign up
      disableSignUp: false,
      // Sign-up answers the same whether or not the e-mail is taken (no enumeration): a new account
      // is not signed in by sign-up (the web app signs in next), and a taken e-mail gets better-auth's
      // generic answer while its owner is told by e-mail, through the outbox (at most one notice per
      // account per hour: the dedupe key). The event is logged without the address.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        services.logger.info(
          { event: 'auth.sign_up_existing_email' },
          'sign-up attempt for an existing account',
        );
        try {
          await enqueue(db, {
            channel: 'email',
            to: user.email,
            language: null,
            template: 'auth.sign_up_existing_email',
            params: { clinic: env.CLINIC_NAME, signInUrl: baseURL },
            dedupeKey: `auth.sign_up_existing_email:${user.id}:${Math.floor(Date.now() / 3_600_000)}`,
          });
        } catch (error) {
          services.logger.warn(
            { err: (error as Error).name },
            'existing-account sign-up notice not queued',
          );
        }
      },
      // Password recovery: a single-use link (stored hashed, see `verification`) through the
      // outbox, in the language the request was made in. Asking for an unknown address answers
      // the same and queues nothing. At most one message per account per minute (dedupe key).
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      sendResetPassword: async ({ user, token }, request) => {
        const url = new URL('/reset-password', baseURL);
        url.searchParams.set('token', token);
        await enqueue(db, {
          channel: 'email',
          to: user.email,
          language: requestLanguage(request),
          template: 'auth.password_reset',
          params: { clinic: env.CLINIC_NAME, url: url.toString(), minutes: RESET_LINK_MINUTES },
          dedupeKey: `auth.password_reset:${user.id}:${Math.floor(Date.now() / 60_000)}`,
        });
      },
      revokeSessionsOnPasswordReset: true,
      // a password reset is an unlock path of a locked account
      onPasswordReset: async ({ user }) => {
        await throttle.clearAccount(user.email);
      },
    },
    // the sign-in e-mail changes only when the link sent to the new address is opened, by the
    // account's own signed-in browser, after the password was confirmed (auth/email-change.ts)
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      expiresIn: EMAIL_CHANGE_LINK_MINUTES * 60,
      // the address a patient signs up with is confirmed by a link (it is not required to sign
      // in); opened in the signed-in browser (auth/email-change.ts) it marks the address proven
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, url, token }, request) => {
        const change = tokenAddresses(token)?.updateTo != null;
        const template = change ? 'auth.email_change_verify' : 'auth.email_verify';
        let link = url;
        if (!change) {
          const confirm = new URL(url);
          confirm.searchParams.set('callbackURL', EMAIL_VERIFIED_PATH);
          link = confirm.toString();
        }
        await enqueue(db, {
          channel: 'email',
          to: user.email,
          language: change ? null : requestLanguage(request),
          template,
          params: { clinic: env.CLINIC_NAME, url: link, minutes: EMAIL_CHANGE_LINK_MINUTES },
          dedupeKey: `${template}:${user.id}:${user.email}:${Math.floor(Date.now() / 60_000)}`,
        });
      },
    },
    session: {
      expiresIn: idleSeconds,
      updateAge: Math.min(5 * 60, Math.floor(idleSeconds / 2)),
      freshAge: 15 * 60,
      cookieCache: { enabled: false },
      // the assurance level (ADR 0025): never input; set to 2 only by a verified second factor
      additionalFields: {
        aal: { type: 'number', required: false, input: false, defaultValue: 1 },
        // how the session was opened (signInMethodOf): never input
        signInMethod: { type: 'string', required: false, input: false },
      },
    },
    // better-auth's limiter, with its counters in the database (every server instance shares them).
    // Sign-in is not limited per request here: only failures count (auth/login-throttle.ts).
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      storage: 'database',
      customRules: {
        '/sign-in/email': false,
        [PHONE_SIGN_IN_PATH]: false,
        '/sign-up/email': authLimit,
        '/change-password': authLimit,
        '/change-email': authLimit,
        '/request-password-reset': authLimit,
        '/reset-password': authLimit,
        // per address, generous for a clinic behind one address: wrong codes lock the account
        // (auth/mfa.ts), which is what stops guessing
        '/two-factor/*': { window: 60, max: 120 },
        '/passkey/*': { window: 60, max: 120 },
        // an integration needs one token per ACCESS_TOKEN_MINUTES
        '/token': { window: 60, max: 20 },
        // sign-in by e-mail (ADR 0040): asking for a code or link is limited like a reset request
        // (and to one message per account per minute, auth/email-sign-in.ts); trying codes is
        // generous per address, as wrong codes lock the account and the plugin allows 3 per code
        '/email-otp/send-verification-otp': authLimit,
        '/sign-in/magic-link': authLimit,
        '/sign-in/email-otp': { window: 60, max: 60 },
        '/magic-link/verify': { window: 60, max: 60 },
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
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (MFA_MANAGE_PATHS.has(ctx.path)) {
          const current = await getSessionFromCtx(ctx);
          const aal = (current?.session as { aal?: unknown } | undefined)?.aal;
          if (
            current &&
            aal !== 2 &&
            (await hasFactor(db, current.user as { id: string; twoFactorEnabled?: unknown }))
          )
            throw new APIError('FORBIDDEN', {
              code: 'MFA_REQUIRED',
              message: 'Confirm it is you with your second factor first.',
            });
        }
        await beforePhone(ctx as unknown as Parameters<typeof beforePhone>[0], {
          db,
          secret,
          sessionUserId: async () => (await getSessionFromCtx(ctx))?.user.id ?? null,
        });
        await beforeEmailChange(ctx as unknown as Parameters<typeof beforeEmailChange>[0], {
          hasFactor: (u) => hasFactor(db, u),
          emailTaken: async (email) =>
            (await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1))
              .length > 0,
        });
        if (ctx.path.startsWith('/passkey/'))
          await beforePasskey(ctx as unknown as Parameters<typeof beforePasskey>[0], db);
        // sign-in by e-mail (ADR 0040): only sign-in codes; at most one code or link per account
        // per minute — checked before a new code is made, so the one already mailed keeps working;
        // the answer is the plugin's usual one, the same as for an unknown address
        if (ctx.path === EMAIL_CODE_REQUEST_PATH && body.type !== 'sign-in')
          throw new APIError('BAD_REQUEST', EMAIL_SIGN_IN_REFUSALS.SIGN_IN_TYPE_ONLY);
        if (
          (ctx.path === EMAIL_CODE_REQUEST_PATH || ctx.path === EMAIL_LINK_REQUEST_PATH) &&
          typeof body.email === 'string' &&
          (await sentRecently(db, body.email.trim().toLowerCase()))
        )
          return ctx.json(
            ctx.path === EMAIL_CODE_REQUEST_PATH ? { success: true } : { status: true },
          );
        if (MFA_CHALLENGE_PATHS.has(ctx.path)) {
          const current = await getSessionFromCtx(ctx);
          // a session opened by an e-mail code or link is not raised by a code sent to that same
          // mailbox: one channel is one factor
          const method = (current?.session as { signInMethod?: unknown } | undefined)?.signInMethod;
          if (
            (ctx.path === '/two-factor/send-otp' || ctx.path === '/two-factor/verify-otp') &&
            typeof method === 'string' &&
            EMAIL_SIGN_IN_METHODS.has(method)
          )
            throw new APIError('FORBIDDEN', EMAIL_SIGN_IN_REFUSALS.FACTOR_SAME_CHANNEL);
          await beforeSecondFactor(ctx as unknown as Parameters<typeof beforeSecondFactor>[0], {
            db,
            throttle,
            clientIp: ctx.headers?.get(CLIENT_IP_HEADER) ?? '',
            sessionUserId: current?.user.id ?? null,
          });
        }
        // The README's demo password is public: in production no account may be entered with it.
        if (
          production &&
          (ctx.path === '/sign-in/email' || ctx.path === PHONE_SIGN_IN_PATH) &&
          body.password === DOCUMENTED_DEMO_PASSWORD
        ) {
          throw new APIError('FORBIDDEN', {
            code: 'DEFAULT_PASSWORD_REFUSED',
            message:
              'This password is public and cannot be used here. Ask an administrator to set a new one.',
          });
        }
        // closed registration is refused before better-auth looks the e-mail up, so the answer does
        // not depend on whether it is taken; the invitation itself is taken in the user-create hook
        if (ctx.path === '/sign-up/email' && !env.REGISTRATION_OPEN) {
          const token = ctx.headers?.get(INVITE_HEADER);
          if (!token || token.length > 200) {
            throw new APIError('FORBIDDEN', {
              code: 'REGISTRATION_CLOSED',
              message: 'Registration is closed',
            });
          }
        }
        const input = passwordInput(ctx.path, body);
        if (
          input &&
          input.password.length >= PASSWORD_MIN &&
          input.password.length <= PASSWORD_MAX
        ) {
          const problem = passwordProblem(input.password, {
            name: input.name,
            email: input.email,
            extra: ['painlab', env.CLINIC_NAME],
          });
          if (problem)
            throw new APIError('BAD_REQUEST', {
              code: problem,
              message: PASSWORD_MESSAGES[problem],
            });
          if (production && input.password === DOCUMENTED_DEMO_PASSWORD) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_TOO_COMMON',
              message: PASSWORD_MESSAGES.PASSWORD_TOO_COMMON,
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) =>
        afterPhone(ctx as unknown as Parameters<typeof afterPhone>[0], {
          db,
          sessionUserId: async () => (await getSessionFromCtx(ctx))?.user.id ?? null,
        }),
      ),
    },
    databaseHooks: {
      verification: {
        create: {
          // the phone-number plugin keeps its codes in clear (`<code>:<tries>`): we keep an HMAC of
          // the code, and modules/account compares HMACs (auth/phone.ts)
          before: async (data, ctx) => {
            if (ctx?.path !== PHONE_SEND_PATH) return;
            const [code, tries] = String(data.value).split(':');
            if (!code || !/^\d+$/.test(code)) return;
            return { data: { ...data, value: `${phoneCodeDigest(secret, code)}:${tries ?? '0'}` } };
          },
        },
      },
      session: {
        create: {
          // a session made by verifying a second factor (sign-in's second step, enrolment) or by a
          // passkey (multi-factor by itself, auth/passkeys.ts) is aal2; one re-made by enabling or
          // removing a factor keeps the level of the one it replaces
          before: async (data, ctx) => {
            // an account with a second factor is not signed in by its mailbox alone (ADR 0040)
            await refuseMailboxAloneForFactor(db, ctx?.path, data.userId);
            const previous = ctx?.context.session?.session as
              { aal?: unknown; signInMethod?: unknown } | undefined;
            const aal =
              (ctx && MFA_VERIFY_PATHS.has(ctx.path)) ||
              ctx?.path === PASSKEY_SIGN_IN_PATH ||
              (ctx?.path.startsWith('/two-factor/') && previous?.aal === 2)
                ? 2
                : 1;
            const signInMethod =
              ctx?.path.startsWith('/two-factor/') && typeof previous?.signInMethod === 'string'
                ? previous.signInMethod
                : signInMethodOf(ctx?.path);
            return { data: { ...data, aal, signInMethod } };
          },
        },
        delete: {
          before: async (row, ctx) => {
            await refuseMailboxAloneForFactor(db, ctx?.path, row.userId);
          },
        },
      },
      // better-auth, on the first code or link sign-in of an account whose address was never
      // proven, removes its password and sessions (someone else may have set them): for an account
      // with a second factor the refusal comes first, so nothing of it changes (ADR 0040)
      account: {
        delete: {
          before: async (row, ctx) => {
            await refuseMailboxAloneForFactor(db, ctx?.path, row.userId);
          },
        },
      },
      user: {
        create: {
          before: async (_user, ctx) => {
            if (env.REGISTRATION_OPEN || ctx?.path !== '/sign-up/email') return;
            if (!(await invitedSignUp(services, ctx.headers?.get(INVITE_HEADER)))) {
              throw new APIError('FORBIDDEN', {
                code: 'REGISTRATION_CLOSED',
                message: 'Registration is closed',
              });
            }
          },
        },
      },
    },
    // one-time tokens (password reset, later verification codes) are kept as hashes: a copy of the
    // database holds no usable link
    verification: { storeIdentifier: 'hashed' },
    // better-auth's own session list answers with every session's token, and ends one by token:
    // /api/account/sessions lists and ends them by id instead (modules/account)
    // nor may anyone ask for verification links over HTTP: sign-up and /settings send them (ADR 0042)
    // of the e-mail code plugin only sign-in is used (auth/email-sign-in.ts), and no HTTP request
    // may send or verify a phone code (modules/account does it, ADR 0041)
    disabledPaths: [
      // an administrator acting as a patient would read their record under the patient's name
      '/admin/impersonate-user',
      '/admin/stop-impersonating',
      '/list-sessions',
      '/revoke-session',
      '/send-verification-email',
      ...EMAIL_OTP_UNUSED_PATHS,
      ...PHONE_DISABLED_PATHS,
    ],
    telemetry: { enabled: false },
    // better-auth logs a sign-up attempt for a taken e-mail, with the address, at info: not ours to print
    logger: { level: 'warn' },
    plugins: [
      admin({ ac, roles, defaultRole: 'user', adminRoles: ['admin'] }),
      phonePlugin,
      // TOTP, e-mail codes and recovery codes (ADR 0025); replay refusal, per-account lockout and
      // the assurance level are ours (auth/mfa.ts)
      twoFactor({
        issuer: env.CLINIC_NAME,
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_S },
        otpOptions: {
          period: MFA_CODE_MINUTES,
          storeOTP: 'hashed',
          allowedAttempts: 5,
          // by SMS to the account's verified phone, else by e-mail (ADR 0041); the send-otp answer
          // says which (auth/phone.ts)
          sendOTP: async ({ user, otp }, ctx) => {
            const phone = smsNumberOf(user as { phoneNumber?: unknown });
            await enqueue(db, {
              channel: phone ? 'sms' : 'email',
              to: phone ?? user.email,
              language: languageOf(ctx),
              template: 'auth.mfa_code',
              params: { clinic: env.CLINIC_NAME, code: otp, minutes: MFA_CODE_MINUTES },
            });
          },
        },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        // no "trust this device": every sign-in of an enrolled account asks for the factor
        trustDeviceMaxAge: 1,
      }),
      // passkeys (ADR 0033): SPEC §9's WebAuthn defaults where they fit (attestation none — the
      // plugin's only choice —, user verification preferred); discoverable credentials preferred so
      // "Sign in with a passkey" needs no e-mail first. Our rules: auth/passkeys.ts.
      // sign-in by a code or a link sent by e-mail (ADR 0040, auth/email-sign-in.ts): no sign-up,
      // stored hashed, short-lived, single use; through the outbox in the request's language
      emailOTP({
        otpLength: 6,
        expiresIn: SIGN_IN_CODE_MINUTES * 60,
        storeOTP: 'hashed',
        allowedAttempts: 3,
        disableSignUp: true,
        // called for a known account only (disableSignUp); other types are refused before
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          if (type !== 'sign-in') return;
          await enqueue(db, {
            channel: 'email',
            to: email,
            language: requestLanguage(ctx?.request),
            template: 'auth.sign_in_code',
            params: { clinic: env.CLINIC_NAME, code: otp, minutes: SIGN_IN_CODE_MINUTES },
            dedupeKey: `auth.sign_in_email:${email}:${Math.floor(Date.now() / 60_000)}`,
          });
        },
      }),
      magicLink({
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        storeToken: 'hashed',
        disableSignUp: true,
        // better-auth's link is its GET verify path; the message carries /login?link=… instead,
        // where a button opens it: a mail scanner that follows links does not use up the token
        sendMagicLink: async ({ email, url, token }, ctx) => {
          const account = await accountOf(db, email);
          if (!account) return; // the same answer, nothing queued
          const link = new URL('/login', baseURL);
          link.searchParams.set('link', token);
          const back = safeReturnPath(new URL(url).searchParams.get('callbackURL') ?? '');
          if (back && back !== '/dashboard') link.searchParams.set('redirect', back);
          await enqueue(db, {
            channel: 'email',
            to: email.toLowerCase(),
            language: requestLanguage(ctx?.request),
            template: 'auth.sign_in_link',
            params: {
              clinic: env.CLINIC_NAME,
              url: link.toString(),
              minutes: SIGN_IN_LINK_MINUTES,
            },
            dedupeKey: `auth.sign_in_email:${email.toLowerCase()}:${Math.floor(Date.now() / 60_000)}`,
          });
        },
      }),
      passkey({
        rpName: env.CLINIC_NAME,
        ...relyingParty(baseURL, trustedOriginsOf(env)),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        authentication: {
          afterVerification: (args) => afterPasskeyAuthentication(args, db),
        },
      }),
      // short-lived access tokens for integrations (ADR 0039): `GET /token` with the session cookie
      // (refused to a session that must step up first: auth.routes.ts), keys at `/jwks` and
      // /.well-known/jwks.json. The API accepts them as `Authorization: Bearer` and reads the session
      // they name on every request (http/access-token.ts): the claims beyond `sid` and `sub` only
      // inform the integration. Private keys are encrypted with the auth secret (the plugin's
      // default, kept: `disablePrivateKeyEncryption` is not set).
      jwt({
        jwks: { keyPairConfig: { alg: ACCESS_TOKEN_ALG, crv: 'Ed25519' } },
        jwt: {
          issuer: baseURL,
          audience: baseURL,
          expirationTime: `${ACCESS_TOKEN_MINUTES}m`,
          // no name, no e-mail, nothing about patients
          definePayload: ({ user, session }) => ({
            sid: session.id,
            role: toRole((user as { role?: unknown }).role),
            aal: (session as { aal?: unknown }).aal === 2 ? 2 : 1,
          }),
        },
        // never on /get-session: a token is asked for, at /token
        disableSettingJwtHeader: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
