/**
 * Issue 9, access tokens (ADR 0039): `GET /api/auth/token` issues a short-lived JWT of the session,
 * refused (403 MFA_REQUIRED, audited) to a session that must step up first; the API accepts it as
 * `Authorization: Bearer` under the same permission matrix and MFA rule as the cookie, reading the
 * session it names on every request — so a revoked session, a banned user or a changed role apply at
 * once; expired, tampered, `alg: none`, foreign-key and wrong-issuer/audience tokens are no session.
 * The JWKS is the same at /api/auth/jwks and /.well-known/jwks.json, and verifies our tokens with an
 * independent `jose` key set. TOTP codes come from `otpauth`, independent of the product's code.
 */
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_MINUTES } from '@painlab/shared/auth-limits';
import {
  auditCount,
  createAccount,
  DEMO,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../test/harness';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
}, 240_000);
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
async function account(role: 'admin' | 'specialist' | 'researcher' | 'user' = 'specialist') {
  const email = `jwt-${++n}-${Date.now()}@example.test`;
  await createAccount(server, { role, email, name: 'Jana Token', password: PASSWORD });
  return email;
}

async function signIn(email: string, password = PASSWORD): Promise<ApiClient> {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

/** The access token of a signed-in client's session. */
async function tokenOf(client: ApiClient): Promise<string> {
  const res = await client.get('/api/auth/token');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(typeof res.body.token).toBe('string');
  return res.body.token as string;
}

/** A request with the token only: no cookie (a fresh client). */
function withToken(token: string, method = 'GET', path = '/api/me', json?: unknown) {
  return server.client().request(method, path, {
    headers: { authorization: `Bearer ${token}` },
    ...(json === undefined ? {} : { json }),
  });
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The server's own signer (the jwt plugin's server-only endpoint), with chosen claims. */
async function signed(payload: Record<string, unknown>): Promise<string> {
  const api = server.deps.auth.api as unknown as {
    signJWT(input: { body: { payload: Record<string, unknown> } }): Promise<{ token: string }>;
  };
  return (await api.signJWT({ body: { payload } })).token;
}

/** Moves this process's clock (the server's Date) `ms` ahead; timers stay real. */
function later(ms: number) {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

function authenticator(uri: string) {
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  return (step: number) => totp.generate({ timestamp: step * 30_000 });
}

async function freshStep(): Promise<number> {
  const into = (Date.now() / 1000) % 30;
  if (into > 24) await new Promise((r) => setTimeout(r, (30 - into) * 1000 + 200));
  return Math.floor(Date.now() / 30_000);
}

/** Enrols TOTP on a second sign-in of `email`; returns the code generator and the step used. */
async function enrol(email: string) {
  const client = await signIn(email);
  const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enable.status).toBe(200);
  const code = authenticator(enable.body.totpURI as string);
  const base = await freshStep();
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code: code(base - 1) });
  expect(verify.status).toBe(200);
  return { code, base };
}

describe('GET /api/auth/token', () => {
  it("a patient's token works on own-data routes and is refused (403) on staff routes", async () => {
    const patient = await server.signIn(DEMO.user);
    const token = await tokenOf(patient);
    for (const path of ['/api/me', '/api/appointments/mine']) {
      const byCookie = await patient.get(path);
      const byToken = await withToken(token, 'GET', path);
      expect(byToken.status, path).toBe(200);
      expect(byToken.status, path).toBe(byCookie.status);
    }
    expect((await withToken(token)).body).toMatchObject({ role: 'user' });
    const staff = await withToken(token, 'GET', '/api/patients');
    expect(staff.status).toBe(403);
    expect(staff.body.error.code).toBe('forbidden');
  });

  it('is short-lived and carries sid, sub, role and aal, nothing personal', async () => {
    const email = await account('user');
    const client = await signIn(email);
    const claims = decodeJwt(await tokenOf(client));
    const [session] = await server.sql<{ id: string; user_id: string }>(
      'select s.id, s.user_id from session s join "user" u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(claims).toMatchObject({
      sub: session!.user_id,
      sid: session!.id,
      role: 'user',
      aal: 1,
      iss: server.url,
      aud: server.url,
    });
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_MINUTES * 60);
    expect(ACCESS_TOKEN_MINUTES).toBeGreaterThanOrEqual(5);
    expect(ACCESS_TOKEN_MINUTES).toBeLessThanOrEqual(10);
    expect(JSON.stringify(claims)).not.toContain(email);
    expect(Object.keys(claims).sort()).toEqual(
      ['aal', 'aud', 'exp', 'iat', 'iss', 'role', 'sid', 'sub'].sort(),
    );
    // only asked for: get-session sends no token header
    expect((await client.get('/api/auth/get-session')).headers.get('set-auth-jwt')).toBeNull();
  });

  it("a specialist's token reads patients, and writes without an Origin header (not a browser)", async () => {
    const token = await tokenOf(await server.signIn(DEMO.specialist));
    expect((await withToken(token, 'GET', '/api/patients')).status).toBe(200);
    const res = await fetch(`${server.url}/api/patients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Token Integración',
        birthDate: '1971-02-03',
        gender: 'other',
        category: 'other',
        priority: 'low',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // a foreign page's Origin is still refused, token or not
    const foreign = await fetch(`${server.url}/api/patients`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
  });

  it('without a session: 401, audited', async () => {
    const before = await auditCount(server, 'auth.access_token');
    expect((await server.client().get('/api/auth/token')).status).toBe(401);
    expect(await auditCount(server, 'auth.access_token')).toBe(before + 1);
  });

  it('an enrolled specialist with an aal1 session is refused a token (403 MFA_REQUIRED, audited); after the TOTP step it gets one', async () => {
    const email = await account('specialist');
    const stale = await signIn(email); // a session from before the enrolment: aal1
    const early = await tokenOf(stale); // issued while nothing was enrolled
    const { code, base } = await enrol(email);

    const refused = await stale.get('/api/auth/token');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'MFA_REQUIRED' });
    expect(refused.body.token).toBeUndefined();
    const es = await stale.get('/api/auth/token', { 'accept-language': 'es' });
    expect(es.status).toBe(403);
    expect(es.body.message).toMatch(/segundo factor/);
    const [row] = await server.sql<{
      outcome: string;
      actor_user_id: string;
      details: { status: number; code: string };
    }>(
      "select outcome, actor_user_id, details from audit_log where action = 'auth.access_token' order by id desc limit 1",
    );
    expect(row).toMatchObject({
      outcome: 'denied',
      actor_user_id: await server.userId(email),
      details: { status: 403, code: 'MFA_REQUIRED' },
    });

    // the token issued before the enrolment is held to the session's aal now: no aal1 way in
    const old = await withToken(early, 'GET', '/api/patients');
    expect(old.status).toBe(403);
    expect(old.body.error.code).toBe('mfa_required');

    // step up in the same session: a token, and it reads patients
    expect(
      (await stale.post('/api/auth/two-factor/verify-totp', { code: code(base) })).status,
    ).toBe(200);
    const token = await tokenOf(stale);
    expect(decodeJwt(token)).toMatchObject({ aal: 2 });
    expect((await withToken(token, 'GET', '/api/patients')).status).toBe(200);
    // so does the earlier token of the same session, now aal2 (the session decides, not the claim)
    expect((await withToken(early, 'GET', '/api/patients')).status).toBe(200);
    const [issued] = await server.sql<{ outcome: string }>(
      "select outcome from audit_log where action = 'auth.access_token' order by id desc limit 1",
    );
    expect(issued!.outcome).toBe('success');
  });

  it('a token cannot ask for another one, nor act on /api/auth/*', async () => {
    const client = await signIn(await account('user'));
    const token = await tokenOf(client);
    expect((await withToken(token, 'GET', '/api/auth/token')).status).toBe(401);
    expect((await withToken(token, 'GET', '/api/auth/get-session')).body).toBeNull();
    for (const path of ['/api/auth/sign-out', '/api/auth/revoke-sessions'])
      await withToken(token, 'POST', path, {}); // better-auth reads no bearer: no session to act on
    // the session (and its token) are untouched
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await withToken(token)).status).toBe(200);
  });

  it('the session cookie, when present, decides: a token beside it is ignored', async () => {
    const patient = await server.signIn(DEMO.user);
    const token = await tokenOf(await server.signIn(DEMO.specialist));
    const res = await patient.get('/api/patients', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
  });
});

describe('revocation applies to the token at once', () => {
  it('JWT for a revoked session: sign-out', async () => {
    const client = await signIn(await account('user'));
    const token = await tokenOf(client);
    expect((await withToken(token)).status).toBe(200);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    const res = await withToken(token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('JWT for a revoked session: revoke-sessions, and a session ended from the list', async () => {
    const email = await account('user');
    const a = await signIn(email);
    const b = await signIn(email);
    const tokenA = await tokenOf(a);
    const tokenB = await tokenOf(b);
    // b ends a's session by id (/settings' list)
    const [rowA] = await server.sql<{ id: string }>('select id from session where id = $1', [
      (decodeJwt(tokenA) as { sid: string }).sid,
    ]);
    expect((await b.delete(`/api/account/sessions/${rowA!.id}`)).status).toBeLessThan(300);
    expect((await withToken(tokenA)).status).toBe(401);
    expect((await withToken(tokenB)).status).toBe(200);
    expect((await b.post('/api/auth/revoke-sessions', {})).status).toBe(200);
    expect((await withToken(tokenB)).status).toBe(401);
  });

  it('a banned user: through the admin API, and a ban written in SQL once the sessions are re-read', async () => {
    const admin = await server.signIn(DEMO.admin);
    const email = await account('user');
    const id = await server.userId(email);
    const token = await tokenOf(await signIn(email));
    expect((await withToken(token)).status).toBe(200);
    expect((await admin.post('/api/auth/admin/ban-user', { userId: id })).status).toBe(200);
    expect((await withToken(token)).status).toBe(401);
    await admin.post('/api/auth/admin/unban-user', { userId: id });

    // the ban check itself (the admin API also deletes the sessions): a session that still exists
    const again = await tokenOf(await signIn(email));
    expect((await withToken(again)).status).toBe(200);
    await server.sql('update "user" set banned = true where id = $1', [id]);
    await server.deps.sessions.changed(); // what any write through the API does (ADR 0026)
    expect((await withToken(again)).status).toBe(401);
    await server.sql('update "user" set banned = false where id = $1', [id]);
  });

  it('a role change: the role is read from the user row, not the token', async () => {
    const admin = await server.signIn(DEMO.admin);
    const email = await account('user');
    const id = await server.userId(email);
    const token = await tokenOf(await signIn(email));
    expect(decodeJwt(token)).toMatchObject({ role: 'user' });
    expect((await withToken(token, 'GET', '/api/patients')).status).toBe(403);
    expect(
      (await admin.post('/api/auth/admin/set-role', { userId: id, role: 'specialist' })).status,
    ).toBe(200);
    expect((await withToken(token)).body).toMatchObject({ role: 'specialist' });
    expect((await withToken(token, 'GET', '/api/patients')).status).toBe(200);
    expect(
      (await admin.post('/api/auth/admin/set-role', { userId: id, role: 'user' })).status,
    ).toBe(200);
    expect((await withToken(token, 'GET', '/api/patients')).status).toBe(403);
  });
});

describe('tokens that are not ours, or no longer good', () => {
  let token: string;
  let claims: Record<string, unknown>;
  let kid: string;
  beforeAll(async () => {
    token = await tokenOf(await signIn(await account('specialist')));
    claims = decodeJwt(token) as Record<string, unknown>;
    kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
  });

  it('an expired token: the clock moved past exp, and one signed with a past exp', async () => {
    expect((await withToken(token)).status).toBe(200);
    later(ACCESS_TOKEN_MINUTES * 60_000 + 5_000);
    expect((await withToken(token)).status).toBe(401);
    vi.useRealTimers();
    expect((await withToken(token)).status).toBe(200); // the session itself is fine
    const now = Math.floor(Date.now() / 1000);
    const past = await signed({ ...claims, iat: now - 600, exp: now - 60 });
    expect((await withToken(past)).status).toBe(401);
    // nor a long-lived one signed with our key (more than ACCESS_TOKEN_MINUTES old)
    const long = await signed({ ...claims, iat: now - 3_600, exp: now + 3_600 });
    expect((await withToken(long)).status).toBe(401);
  });

  it('a tampered signature or payload', async () => {
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    expect((await withToken(`${h}.${p}.${flipped}`)).status).toBe(401);
    const admin = b64url({ ...claims, role: 'admin' });
    expect((await withToken(`${h}.${admin}.${s}`)).status).toBe(401);
  });

  it('alg none, and HS256 keyed with the public key', async () => {
    const none = `${b64url({ alg: 'none', kid, typ: 'JWT' })}.${b64url(claims)}.`;
    expect((await withToken(none)).status).toBe(401);
    const noneSigned = `${b64url({ alg: 'none', kid })}.${b64url(claims)}.c2ln`;
    expect((await withToken(noneSigned)).status).toBe(401);
    const jwks = (await server.client().get('/api/auth/jwks')).body as {
      keys: { x: string }[];
    };
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid })
      .sign(Buffer.from(jwks.keys[0]!.x, 'base64url'));
    expect((await withToken(hs)).status).toBe(401);
  });

  it('a token signed by another key, even under our kid', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    for (const header of [
      { alg: 'EdDSA', kid },
      { alg: 'EdDSA', kid: 'not-ours' },
    ]) {
      const foreign = await new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
      expect((await withToken(foreign)).status).toBe(401);
    }
  });

  it('another issuer or audience, or a sid of another user', async () => {
    expect(
      (await withToken(await signed({ ...claims, iss: 'https://other.example' }))).status,
    ).toBe(401);
    expect(
      (await withToken(await signed({ ...claims, aud: 'https://other.example' }))).status,
    ).toBe(401);
    const [otherSession] = await server.sql<{ id: string }>(
      'select id from session where user_id <> $1 limit 1',
      [claims.sub],
    );
    expect((await withToken(await signed({ ...claims, sid: otherSession!.id }))).status).toBe(401);
    // the server's own signer with the right claims is accepted (the refusals above are the claims)
    expect((await withToken(await signed({ ...claims }))).status).toBe(200);
  });

  it('garbage and other schemes are no session; the refusal is audited', async () => {
    const before = await auditCount(server, 'access.denied');
    for (const authorization of ['Bearer nonsense', `Basic ${token}`, 'Bearer a.b.c', 'Bearer ']) {
      const res = await server.client().get('/api/patients', { authorization });
      expect(res.status, authorization).toBe(401);
    }
    expect(await auditCount(server, 'access.denied')).toBe(before + 4);
  });
});

describe('JWKS', () => {
  it('is the same document at /api/auth/jwks and /.well-known/jwks.json, public, and verifies a token with an independent key set', async () => {
    const anonymous = server.client();
    const a = await anonymous.get('/api/auth/jwks');
    const b = await anonymous.get('/.well-known/jwks.json');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('cache-control')).toBe('public, max-age=300');
    expect(b.headers.get('content-type')).toMatch(/^application\/json/);
    const keys = (b.body as { keys: Record<string, unknown>[] }).keys;
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
      expect(key.d).toBeUndefined(); // public parts only
    }

    const token = await tokenOf(await server.signIn(DEMO.researcher));
    const { payload, protectedHeader } = await jwtVerify(
      token,
      createLocalJWKSet(b.body as { keys: [] }),
      { issuer: server.url, audience: server.url, algorithms: ['EdDSA'] },
    );
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ role: 'researcher' });
    // and a foreign key set does not verify it
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const foreign = { keys: [{ ...(await exportJWK(publicKey)), kid: protectedHeader.kid }] };
    await expect(jwtVerify(token, createLocalJWKSet(foreign as { keys: [] }))).rejects.toThrow();
  });

  it('keeps the private keys encrypted at rest', async () => {
    const rows = await server.sql<{ private_key: string; public_key: string }>(
      'select private_key, public_key from jwks',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stored: unknown = JSON.parse(row.private_key);
      expect(typeof stored).toBe('string'); // an envelope, not a JWK
      expect(row.private_key).not.toMatch(/"d"\s*:/);
      expect(JSON.parse(row.public_key)).not.toHaveProperty('d');
    }
  });
});
