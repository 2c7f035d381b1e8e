/**
 * Mounts better-auth at /api/auth/*. The handler gets a copy of the request carrying the real client
 * address (for rate limiting); every state-changing auth call, and every access token asked for
 * (`GET /token`, issued or refused), is written to the audit log with its outcome. Failed sign-ins
 * record a short hash of the e-mail, never the address itself. Also `GET /.well-known/jwks.json`,
 * the public keys of the access tokens (ADR 0039).
 */
import { createHash } from 'node:crypto';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { errorMessage } from '@painlab/shared/errors';
import { toRole, type Role } from '@painlab/shared/permissions';
import { recordAudit } from '../audit/audit';
import { access, declareAccess, mfaGateOf, NO_MFA_RULE, type MfaRule } from '../http/access';
import { acceptOnly, defineRoute, jsonResponse, named } from '../http/openapi';
import { resolveSession } from '../http/session';
import type { AppEnv, Deps, SessionInfo } from '../http/types';
import { eq } from 'drizzle-orm';
import { session, user } from '../db/schema';
import { DEFAULT_RETURN_PATH } from '@painlab/shared/return-path';
import { baseUrlOf } from '../env';
import { CLIENT_IP_HEADER } from './auth';
import { invalidAdminField } from './admin-input';
import { createLoginThrottle, type Refusal } from './login-throttle';
import { EMAIL_CODE_SIGN_IN_PATH, EMAIL_LINK_SIGN_IN_PATH } from './email-sign-in';
import { MFA_VERIFY_PATHS, mfaSubjects, raiseToAal2 } from './mfa';

const ACTIONS: Record<string, string> = {
  '/sign-in/email': 'auth.sign_in',
  '/sign-up/email': 'auth.sign_up',
  '/sign-out': 'auth.sign_out',
  '/revoke-sessions': 'auth.revoke_sessions',
  '/revoke-other-sessions': 'auth.revoke_other_sessions',
  '/revoke-session': 'auth.revoke_session',
  '/change-password': 'auth.change_password',
  '/change-email': 'auth.change_email',
  '/update-user': 'auth.update_user',
  '/delete-user': 'auth.delete_user',
  '/request-password-reset': 'auth.request_password_reset',
  '/reset-password': 'auth.reset_password',
  '/passkey/verify-registration': 'auth.passkey_register',
  '/passkey/update-passkey': 'auth.passkey_rename',
  '/passkey/delete-passkey': 'auth.passkey_remove',
  '/passkey/verify-authentication': 'auth.passkey_sign_in',
  '/token': 'auth.access_token',
  '/email-otp/send-verification-otp': 'auth.sign_in_code_request',
  '/sign-in/email-otp': 'auth.sign_in_code',
  '/sign-in/magic-link': 'auth.sign_in_link_request',
  '/magic-link/verify': 'auth.sign_in_link',
  '/sign-in/phone-number': 'auth.sign_in_phone',
  '/phone-number/send-otp': 'auth.phone_code_request',
  '/phone-number/verify': 'auth.phone_verify',
};

/** Refusals of a code sign-in that count against the account like a wrong password. */
const WRONG_CODE = new Set(['INVALID_OTP', 'TOO_MANY_ATTEMPTS']);

function actionFor(path: string): string {
  if (ACTIONS[path]) return ACTIONS[path];
  return `auth.${path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_')}`;
}

/**
 * The throttle key of a phone + password sign-in: the e-mail of the account that has the number,
 * so wrong passwords by phone and by e-mail count against the same account (ADR 0041); a number no
 * account has is counted under itself. Not a phone number: null (better-auth refuses it, 400).
 */
async function phoneSignInKey(deps: Deps, phone: unknown): Promise<string | null> {
  if (typeof phone !== 'string' || phone.length > 64) return null;
  const [row] = await deps.database.db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.phoneNumber, phone));
  return row?.email ?? `phone:${phone}`;
}

function subjectHash(email: unknown): string | null {
  if (typeof email !== 'string' || !email) return null;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

async function readJson(source: Request | Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await source.clone().json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const REFUSAL_MESSAGES: Record<Refusal['code'], string> = {
  ACCOUNT_LOCKED:
    'Too many failed sign-ins for this account. Try again later, or ask an administrator to set a new password.',
  TOO_MANY_FAILED_SIGN_INS: 'Too many failed sign-ins from this network. Try again later.',
};

/**
 * Why a session may not have an access token — nor use better-auth's admin calls (`/admin/*`, other
 * users' accounts) — now, or null when it may. Whatever would hold the session back on the API
 * holds these back too, so neither is a way around a rule (ADR 0039): a role that requires a second factor and an aal1 session of a user who has one
 * (ADR 0025), or a role that must enrol one and an account past its time to do so (ADR 0038) —
 * the guard's own `mfaGateOf`. Without a session better-auth answers 401 itself.
 */
export async function mfaHoldOf(
  session: SessionInfo | null,
  mfaRule: (role: Role) => Promise<MfaRule>,
): Promise<{ status: 403; code: 'MFA_REQUIRED' | 'MFA_ENROLMENT_REQUIRED' } | null> {
  if (!session) return null;
  const { gate } = mfaGateOf(session, await mfaRule(session.role));
  if (gate === 'step_up') return { status: 403, code: 'MFA_REQUIRED' };
  if (gate === 'enrol') return { status: 403, code: 'MFA_ENROLMENT_REQUIRED' };
  return null;
}

/** A JSON Web Key Set as the jwt plugin publishes it (public keys only). */
const jwksSchema = named(
  'JsonWebKeySet',
  z.object({
    keys: z.array(
      z
        .object({
          kid: z.string().openapi({ description: 'Key id, the `kid` of the tokens it signs' }),
          kty: z.string().openapi({ example: 'OKP' }),
          alg: z.string().openapi({ example: 'EdDSA' }),
          crv: z.string().optional().openapi({ example: 'Ed25519' }),
          x: z.string().optional(),
        })
        .passthrough(),
    ),
  }),
);

/** How long a JWKS may be kept by whoever fetched it: keys rotate rarely, tokens live minutes. */
export const JWKS_MAX_AGE_S = 300;

/** The session token in better-auth's Set-Cookie (`<token>.<signature>`, URI-encoded), or null. */
function sessionTokenOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^(?:__Host-)?painlab\.session_token=([^;]*)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]).split('.')[0] ?? null;
  }
  return null;
}

/**
 * The sign-in link (GET, opened from the page the e-mail points to): better-auth answers with a
 * redirect — to where the person was going, or to `/login?error=<code>`. A refusal it answers as
 * JSON instead (SECOND_FACTOR_REQUIRED from the session hook, a callback URL of another site) is
 * turned into the same redirect, so the page explains it. Audited either way.
 */
async function linkSignIn(
  deps: Deps,
  ip: string,
  requestId: string,
  response: Response,
): Promise<Response> {
  let answer = response;
  let code: string | null = null;
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    const target = new URL(location, baseUrlOf(deps.env));
    code = target.searchParams.get('error');
    // better-auth makes the target absolute with BASE_URL; a path of this site stays a path, so the
    // sign-in page's form (CSP form-action 'self', which redirects must also meet) may follow it
    // whichever of the site's host names the page was opened on
    if (target.origin === new URL(baseUrlOf(deps.env)).origin) {
      // `http://site//evil.com` is this site to better-auth, but its path `//evil.com` would be
      // another host to the browser: such a target becomes the dashboard (or the refusal's page)
      const path = `${target.pathname}${target.search}${target.hash}`;
      const safe = /^\/[/\\]/.test(path)
        ? code
          ? `/login?error=${encodeURIComponent(code)}`
          : DEFAULT_RETURN_PATH
        : path;
      answer = new Response(null, { status: response.status, headers: response.headers });
      answer.headers.set('location', safe);
    }
  } else {
    const result = await readJson(response);
    code = typeof result?.code === 'string' && result.code ? result.code : 'INVALID_TOKEN';
    answer = new Response(null, {
      status: 302,
      headers: { location: `/login?error=${encodeURIComponent(code)}` },
    });
  }
  const token = code === null ? sessionTokenOf(response) : null;
  const [actor] = token
    ? await deps.database.db
        .select({ id: user.id, role: user.role })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(session.token, token))
    : [];
  const ok = code === null && Boolean(actor);
  await recordAudit(deps.database.db, {
    action: ACTIONS[EMAIL_LINK_SIGN_IN_PATH]!,
    outcome: ok ? 'success' : 'failure',
    actorUserId: ok ? actor!.id : null,
    actorRole: ok ? toRole(actor!.role) : null,
    resource: 'auth',
    ip,
    requestId,
    details: { status: answer.status, ...(ok ? {} : { code: code ?? 'NO_SESSION' }) },
  });
  return answer;
}

export function mountAuth(
  app: OpenAPIHono<AppEnv>,
  deps: Deps,
  mfaRule: (role: Role) => Promise<MfaRule> = async () => NO_MFA_RULE,
): void {
  const throttle = createLoginThrottle(deps.database.db, deps.env);
  declareAccess('GET', '/api/auth/*', access.public);
  declareAccess('POST', '/api/auth/*', access.public);

  // SPEC's path for the keys: the same document as /api/auth/jwks, public and cacheable
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/.well-known/jwks.json',
      access: access.public,
      operationId: 'getWellKnownJwks',
      tags: ['auth'],
      summary: 'The public keys that verify access tokens (same document as /api/auth/jwks)',
      description:
        'The JSON Web Key Set of the access tokens issued by `GET /api/auth/token` (EdDSA, Ed25519). ' +
        `Public; may be cached for ${JWKS_MAX_AGE_S} s. Fetch it again when a token names an unknown \`kid\`.`,
      responses: { 200: jsonResponse('The key set', jwksSchema) },
    }),
    async (c) => {
      const jwks = (await deps.auth.api.getJwks()) as z.infer<typeof jwksSchema>;
      return c.json(jwks, 200, { 'Cache-Control': `public, max-age=${JWKS_MAX_AGE_S}` });
    },
  );

  // Every auth call takes JSON. better-auth would also read form-encoded and multipart bodies,
  // which the throttle below (it reads JSON) would not see: a form post could guess passwords
  // unthrottled and sign in to a locked account. Anything else is a 415 before better-auth runs.
  app.post('/api/auth/*', acceptOnly(['application/json']));
  // Every auth call's body is an object: `null`, a string, a number or a list would reach
  // better-auth's hooks (ours among them) as something they cannot read. A translated 400, in
  // better-auth's own shape of an error, before anything runs.
  app.post('/api/auth/*', async (c, next) => {
    const text = await c.req.raw.clone().text();
    if (!text.trim()) return next();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return next(); // not JSON: better-auth's own 400
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return c.json(
        { code: 'INVALID_REQUEST_BODY', message: errorMessage('bad_request', c.get('lang')) },
        400,
      );
    // better-auth's admin calls: one role of SPEC §6, ids that are strings (auth/admin-input.ts)
    const field = c.req.path.startsWith('/api/auth/admin/')
      ? invalidAdminField(body as Record<string, unknown>)
      : null;
    if (field === null) return next();
    return c.json(
      {
        code: field.endsWith('role') ? 'INVALID_ROLE' : 'INVALID_REQUEST_BODY',
        message: errorMessage('validation_failed', c.get('lang')),
        field,
      },
      400,
    );
  });

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const path = c.req.path.slice('/api/auth'.length);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const hasCookie = Boolean(c.req.header('cookie'));

    // Enforces the absolute session limit before better-auth answers, and names the actor.
    const before = hasCookie ? (await resolveSession(deps, c.req.header('cookie'))).session : null;
    const body = c.req.method === 'POST' ? await readJson(c.req.raw) : null;

    // a password or an e-mail code: a locked account is refused either (auth/login-throttle.ts)
    const signIn =
      c.req.method === 'POST' &&
      (path === '/sign-in/email' || path === EMAIL_CODE_SIGN_IN_PATH) &&
      typeof body?.email === 'string'
        ? body.email
        : c.req.method === 'POST' && path === '/sign-in/phone-number'
          ? await phoneSignInKey(deps, body?.phoneNumber)
          : null;
    const refusal = signIn ? await throttle.check(signIn, c.get('clientIp')) : null;
    // an access token, or an administrator's call of better-auth's admin plugin (other users'
    // accounts): refused to a session the API would hold back (ADR 0038, 0039)
    const tokenRequest = c.req.method === 'GET' && path === '/token';
    const gated = tokenRequest || path.startsWith('/admin/');
    const tokenRefusal = gated ? await mfaHoldOf(before, mfaRule) : null;
    // the sign-in link is opened by the button of this site's /login page: a link opened from
    // another site would sign the browser in to someone else's account (login CSRF)
    const crossSiteLink =
      c.req.method === 'GET' &&
      path === EMAIL_LINK_SIGN_IN_PATH &&
      !['same-origin', 'none', undefined].includes(c.req.header('sec-fetch-site'));
    if (crossSiteLink) {
      await recordAudit(deps.database.db, {
        action: ACTIONS[EMAIL_LINK_SIGN_IN_PATH]!,
        outcome: 'denied',
        actorUserId: null,
        actorRole: null,
        resource: 'auth',
        ip: c.get('clientIp'),
        requestId: c.get('requestId'),
        details: { status: 302, code: 'CROSS_SITE_LINK' },
      });
      return c.redirect('/login?error=INVALID_TOKEN', 302);
    }
    const request = new Request(c.req.raw, { headers });
    let response = refusal
      ? Response.json(
          { code: refusal.code, message: REFUSAL_MESSAGES[refusal.code] },
          { status: 429, headers: { 'Retry-After': String(refusal.retryAfterS) } },
        )
      : tokenRefusal
        ? Response.json(
            {
              code: tokenRefusal.code,
              message: errorMessage(
                tokenRefusal.code === 'MFA_REQUIRED' ? 'mfa_required' : 'mfa_enrolment_required',
                c.get('lang'),
              ),
            },
            { status: tokenRefusal.status },
          )
        : await deps.auth.handler(request);
    if (c.req.method === 'GET' && path === EMAIL_LINK_SIGN_IN_PATH)
      return linkSignIn(deps, c.get('clientIp'), c.get('requestId'), response);
    // a code tried too often answers like a wrong one: better-auth's own 403 TOO_MANY_ATTEMPTS
    // exists only for an address that has an account (one with none never gets there), which
    // would tell the two apart without the mailbox
    if (path === EMAIL_CODE_SIGN_IN_PATH && response.status === 403) {
      const result = await readJson(response);
      if (result?.code === 'TOO_MANY_ATTEMPTS')
        response = Response.json({ code: 'INVALID_OTP', message: 'Invalid OTP' }, { status: 400 });
    }
    if (c.req.method !== 'POST' && !tokenRequest) return response;
    if (signIn && !refusal) {
      // a wrong code counts like a wrong password (a right code of an account with a second
      // factor, refused as SECOND_FACTOR_REQUIRED, does not)
      const wrong =
        path === EMAIL_CODE_SIGN_IN_PATH
          ? response.status >= 400 && WRONG_CODE.has(String((await readJson(response))?.code ?? ''))
          : response.status === 401;
      if (wrong) await throttle.failed(signIn, c.get('clientIp'));
      else if (response.status === 200) await throttle.clearAccount(signIn);
    }
    // a second factor: a wrong (or replayed) code counts against the account like a wrong password;
    // a verified one clears the count and makes the session aal2 (auth/mfa.ts)
    const subject = MFA_VERIFY_PATHS.has(path) ? mfaSubjects.get(request) : undefined;
    if (subject) {
      if (response.status === 401) await throttle.failed(subject.email, c.get('clientIp'));
      else if (response.status === 200) {
        await throttle.clearAccount(subject.email);
        const token = (await readJson(response))?.token;
        if (typeof token === 'string') await raiseToAal2(deps.database.db, token);
      }
    }
    // an administrator setting a new password unlocks the account
    if (
      path === '/admin/set-user-password' &&
      response.status === 200 &&
      typeof body?.userId === 'string'
    ) {
      const [row] = await deps.database.db
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, body.userId));
      if (row) await throttle.clearAccount(row.email);
      // and, like a reset, ends every session of the account (the sessions signal follows)
      await deps.database.db.delete(session).where(eq(session.userId, body.userId));
    }

    const result = await readJson(response);
    let resultUser = result?.user as { id?: unknown; role?: unknown } | undefined;
    const ok = response.status < 400;
    // a sign-up with a taken e-mail is answered with a made-up user (no enumeration): not an actor.
    // better-auth leaves its role (and phone fields) empty where a new account has the defaults,
    // which told the two apart: the made-up user is given what a new account gets.
    let answer = response;
    // an administrator sees another person's sessions, not their bearer secrets: a session token
    // is the session itself (issue 22 item 18; ending sessions goes by user, revoke-user-sessions)
    if (ok && path === '/admin/list-user-sessions' && Array.isArray(result?.sessions)) {
      const sessions = (result.sessions as Record<string, unknown>[]).map(
        ({ token: _token, ...rest }) => rest,
      );
      answer = new Response(JSON.stringify({ ...result, sessions }), {
        status: response.status,
        headers: response.headers,
      });
      answer.headers.delete('content-length');
    }
    if (ok && path === '/sign-up/email' && typeof resultUser?.id === 'string') {
      const [row] = await deps.database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.id, resultUser.id));
      if (!row) {
        answer = new Response(
          JSON.stringify({
            ...result,
            user: {
              ...resultUser,
              role: resultUser.role ?? 'user',
              // and the phone fields a new account has (ADR 0041)
              phoneNumber: (resultUser as { phoneNumber?: unknown }).phoneNumber ?? null,
              phoneNumberVerified:
                (resultUser as { phoneNumberVerified?: unknown }).phoneNumberVerified ?? false,
            },
          }),
          { status: response.status, headers: response.headers },
        );
        answer.headers.delete('content-length');
        resultUser = undefined;
      }
    }
    await recordAudit(deps.database.db, {
      action: actionFor(path),
      outcome: ok ? 'success' : tokenRefusal ? 'denied' : 'failure',
      actorUserId:
        before?.user.id ?? (ok && typeof resultUser?.id === 'string' ? resultUser.id : null),
      actorRole: before?.role ?? (ok && resultUser ? toRole(resultUser.role) : null),
      resource: 'auth',
      ip: c.get('clientIp'),
      requestId: c.get('requestId'),
      details: {
        status: response.status,
        ...(ok ? {} : { code: typeof result?.code === 'string' ? result.code : null }),
        ...(!ok && body && 'email' in body ? { subject: subjectHash(body.email) } : {}),
        // whose account an administrator's call was about
        ...(path.startsWith('/admin/') && typeof body?.userId === 'string'
          ? { targetUserId: body.userId }
          : {}),
        ...(!ok && body && 'phoneNumber' in body ? { subject: subjectHash(body.phoneNumber) } : {}),
      },
    });
    return answer;
  });
}
