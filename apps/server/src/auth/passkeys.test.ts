/**
 * Issue 9, passkeys (ADR 0033): registration, sign-in with a passkey alone (aal2, only with user
 * verification), the passkey as the second step of a password sign-in, refusals (replayed
 * challenge, unknown credential, wrong origin and relying party, another account's passkey), and
 * adding or removing a passkey only from an aal2 session once the user has a factor. The
 * authenticator is a software one (test/webauthn.ts), independent of the product's code.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createAccount, startTestServer, type TestServer } from '../test/harness';
import { assert, attest, softAuthenticator, type SoftAuthenticator } from '../test/webauthn';

let server: TestServer;
const PASSWORD = 'a-long-enough-passphrase-77';

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_POLL_MS: '60000' });
}, 240_000);
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function account(role: 'admin' | 'specialist' | 'user' = 'specialist') {
  const email = `passkey-${++n}-${Date.now()}@example.test`;
  await createAccount(server, { role, email, name: 'Pablo Clave', password: PASSWORD });
  return email;
}

async function signIn(email: string) {
  const client = server.client();
  const res = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
  return { client, res };
}

const rpId = () => new URL(server.url).hostname;

/** Registers a new software passkey for the client's user. */
async function register(client: ApiClient, name = 'Laptop') {
  const auth = softAuthenticator();
  const options = await client.get('/api/auth/passkey/generate-register-options');
  if (options.status !== 200) return { auth, res: options };
  const res = await client.post('/api/auth/passkey/verify-registration', {
    response: attest(auth, options.body, server.url),
    name,
  });
  return { auth, res };
}

/** A passkey assertion for a new challenge, sent from `client` (a new browser by default). */
async function passkeySignIn(
  auth: SoftAuthenticator,
  client = server.client(),
  opts: { userVerified?: boolean; origin?: string; rpId?: string } = {},
) {
  const options = await client.get('/api/auth/passkey/generate-authenticate-options');
  expect(options.status).toBe(200);
  const response = assert(auth, options.body.challenge as string, {
    origin: opts.origin ?? server.url,
    rpId: opts.rpId ?? rpId(),
    userVerified: opts.userVerified,
  });
  const res = await client.post('/api/auth/passkey/verify-authentication', { response });
  return { client, res, response };
}

async function aal(client: ApiClient) {
  const me = await client.get('/api/me');
  return me.status === 200 ? (me.body.mfa.aal as number) : null;
}

describe('passkey registration', () => {
  it('needs a session, stores the name, lists it and is audited; the session stays aal1', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/auth/passkey/generate-register-options')).status).toBe(401);

    const email = await account();
    const { client } = await signIn(email);
    const { res } = await register(client, 'Work laptop');
    expect(res.status).toBe(200);
    const list = await client.get('/api/auth/passkey/list-user-passkeys');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Work laptop' });
    expect(await aal(client)).toBe(1);

    const [row] = await server.sql<{ outcome: string; actor_user_id: string }>(
      "select outcome, actor_user_id from audit_log where action = 'auth.passkey_register' order by id desc limit 1",
    );
    expect(row?.outcome).toBe('success');
    expect(row?.actor_user_id).toBe(list.body[0].userId);
  });

  it('never signs in from a registration (createSession refused)', async () => {
    const { client } = await signIn(await account());
    const options = await client.get('/api/auth/passkey/generate-register-options');
    const res = await client.post('/api/auth/passkey/verify-registration', {
      response: attest(softAuthenticator(), options.body, server.url),
      createSession: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SESSION_FROM_REGISTRATION');
  });
});

describe('sign-in with a passkey', () => {
  it('with user verification gives an aal2 session, audited with the user', async () => {
    const email = await account();
    const { client: owner } = await signIn(email);
    const { auth } = await register(owner);
    const { client, res } = await passkeySignIn(auth);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect(await aal(client)).toBe(2);
    const [row] = await server.sql<{ outcome: string; actor_user_id: string | null }>(
      "select outcome, actor_user_id from audit_log where action = 'auth.passkey_sign_in' order by id desc limit 1",
    );
    expect(row).toMatchObject({ outcome: 'success', actor_user_id: res.body.user.id });
  });

  it('without user verification is refused: a passkey alone must be multi-factor', async () => {
    const { client: owner } = await signIn(await account());
    const { auth } = await register(owner);
    const { client, res } = await passkeySignIn(auth, undefined, { userVerified: false });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('USER_VERIFICATION_REQUIRED');
    expect(await aal(client)).toBeNull();
  });

  it('refuses a replayed assertion, with its challenge or with a new one', async () => {
    const { client: owner } = await signIn(await account());
    const { auth } = await register(owner);
    const { client, response } = await passkeySignIn(auth);
    // the same challenge cookie and assertion again: the challenge was used up
    const again = await client.post('/api/auth/passkey/verify-authentication', { response });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('CHALLENGE_NOT_FOUND');
    // a new challenge, the old assertion: it does not answer this challenge
    const other = server.client();
    await other.get('/api/auth/passkey/generate-authenticate-options');
    const replay = await other.post('/api/auth/passkey/verify-authentication', { response });
    expect(replay.status).toBe(400);
    expect(await aal(other)).toBeNull();
  });

  it('refuses an unknown credential, another origin and another relying party', async () => {
    const unknown = await passkeySignIn(softAuthenticator());
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.body.code).toBe('PASSKEY_NOT_FOUND');

    const { client: owner } = await signIn(await account());
    const { auth } = await register(owner);
    const origin = await passkeySignIn(auth, undefined, { origin: 'https://evil.example' });
    expect(origin.res.status).toBe(400);
    expect(await aal(origin.client)).toBeNull();
    const rp = await passkeySignIn(auth, undefined, { rpId: 'evil.example' });
    expect(rp.res.status).toBe(400);
    expect(await aal(rp.client)).toBeNull();
    const [row] = await server.sql<{ outcome: string }>(
      "select outcome from audit_log where action = 'auth.passkey_sign_in' order by id desc limit 1",
    );
    expect(row?.outcome).toBe('failure');
  });
});

describe('passkey as the second step and MFA management', () => {
  async function withTotpAndPasskey() {
    const email = await account();
    const { client } = await signIn(email);
    const enable = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    const totp = OTPAuth.URI.parse(enable.body.totpURI as string) as OTPAuth.TOTP;
    const verify = await client.post('/api/auth/two-factor/verify-totp', {
      code: totp.generate(),
    });
    expect(verify.status).toBe(200);
    // the verified code made this session aal2: it may add a passkey
    const { auth, res } = await register(client);
    expect(res.status).toBe(200);
    return { email, auth };
  }

  it('after the password, a passkey of that user (even without user verification) gives aal2', async () => {
    const { email, auth } = await withTotpAndPasskey();
    const { client, res } = await signIn(email);
    expect(res.body.twoFactorRedirect).toBe(true);
    expect(await aal(client)).toBeNull();
    const step = await passkeySignIn(auth, client, { userVerified: false });
    expect(step.res.status).toBe(200);
    expect(await aal(client)).toBe(2);
  });

  it("refuses another account's passkey at the second step", async () => {
    const { email } = await withTotpAndPasskey();
    const { client: stranger } = await signIn(await account());
    const { auth: strangers } = await register(stranger);
    const { client } = await signIn(email);
    const step = await passkeySignIn(strangers, client);
    expect(step.res.status).toBe(401);
    expect(step.res.body.code).toBe('PASSKEY_OF_ANOTHER_ACCOUNT');
    expect(await aal(client)).toBeNull();
  });

  it('adding or removing a passkey needs aal2 once the user has a factor; removal is audited', async () => {
    const email = await account();
    const { client: first } = await signIn(email);
    const { auth } = await register(first);
    // the user now has a factor: this password-only (aal1) session may not add or remove one
    const added = await register(first, 'Second');
    expect(added.res.status).toBe(403);
    expect(added.res.body.code).toBe('MFA_REQUIRED');
    const [key] = (await first.get('/api/auth/passkey/list-user-passkeys')).body as {
      id: string;
    }[];
    const refused = await first.post('/api/auth/passkey/delete-passkey', { id: key!.id });
    expect(refused.status).toBe(403);
    // renaming is not a change of factor
    const renamed = await first.post('/api/auth/passkey/update-passkey', {
      id: key!.id,
      name: 'Phone',
    });
    expect(renamed.status).toBe(200);

    const { client: strong } = await passkeySignIn(auth);
    expect((await register(strong, 'Second')).res.status).toBe(200);
    const removed = await strong.post('/api/auth/passkey/delete-passkey', { id: key!.id });
    expect(removed.status).toBe(200);
    const left = (await strong.get('/api/auth/passkey/list-user-passkeys')).body as {
      name: string;
    }[];
    expect(left.map((p) => p.name)).toEqual(['Second']);
    const [row] = await server.sql<{ outcome: string }>(
      "select outcome from audit_log where action = 'auth.passkey_remove' order by id desc limit 1",
    );
    expect(row?.outcome).toBe('success');
  });

  it('a passkey is a factor: a password-only session of a role that requires MFA is held to aal2 and steps up with it', async () => {
    const email = await account('specialist');
    const { client: first } = await signIn(email);
    const { auth } = await register(first);
    const { client } = await signIn(email);
    const me = await client.get('/api/me');
    expect(me.body.mfa).toMatchObject({ aal: 1, enrolled: true, stepUpNeeded: true });
    const patients = await client.get('/api/patients');
    expect(patients.status).toBe(403);
    expect(patients.body.error.code).toBe('mfa_required');
    // the password alone may not enrol another factor either
    const totp = await client.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(totp.status).toBe(403);
    // step-up: the same user's passkey from this session
    const step = await passkeySignIn(auth, client, { userVerified: false });
    expect(step.res.status).toBe(200);
    expect(await aal(client)).toBe(2);
    expect((await client.get('/api/patients')).status).toBe(200);
  });
});
