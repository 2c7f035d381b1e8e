/**
 * Access tokens (JWT, ADR 0039) presented as `Authorization: Bearer <jwt>`: the signature is checked
 * against our own key set (the jwt plugin's `jwks` table, the keys /api/auth/jwks publishes), with
 * the one algorithm we sign with, and `exp`, `iat`, `iss`, `aud`, `sub` and `sid`. What the token
 * may do is then decided by the session it names (http/session.ts), read like a cookie's: the claims
 * `role` and `aal` are never trusted.
 *
 * The public keys are kept in memory (imported once): reloaded every KEYS_TTL_MS, and earlier when a
 * token names a `kid` we do not hold (a key made by another instance), at most every
 * KEYS_RELOAD_MIN_MS so made-up `kid`s cannot make every request read the table (except while no key
 * is held at all: before the first token was ever issued).
 */
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { ACCESS_TOKEN_MINUTES } from '@painlab/shared/auth-limits';
import { ACCESS_TOKEN_ALG } from '../auth/auth';
import { jwks } from '../db/schema';
import { baseUrlOf } from '../env';
import type { Deps } from './types';

export const KEYS_TTL_MS = 5 * 60_000;
export const KEYS_RELOAD_MIN_MS = 10_000;
/** The jwt plugin's default: a rotated key is still published (and accepted) this long. */
const GRACE_PERIOD_MS = 30 * 24 * 3_600_000;
/** A longer header is not one of ours (an Ed25519 token with our claims is about 400 bytes). */
const MAX_TOKEN_LENGTH = 4096;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

interface KeyStore {
  keys: Map<string, VerifyKey>;
  loadedAt: number;
  loading: Promise<void> | null;
}

const stores = new WeakMap<Deps['database']['db'], KeyStore>();

async function loadKeys(deps: Deps, store: KeyStore): Promise<void> {
  const rows = await deps.database.db
    .select({ id: jwks.id, publicKey: jwks.publicKey, alg: jwks.alg, expiresAt: jwks.expiresAt })
    .from(jwks);
  const now = Date.now();
  const keys = new Map<string, VerifyKey>();
  for (const row of rows) {
    if ((row.alg ?? ACCESS_TOKEN_ALG) !== ACCESS_TOKEN_ALG) continue;
    if (row.expiresAt && row.expiresAt.getTime() + GRACE_PERIOD_MS <= now) continue;
    try {
      keys.set(row.id, await importJWK(JSON.parse(row.publicKey) as JWK, ACCESS_TOKEN_ALG));
    } catch (error) {
      deps.logger.warn({ kid: row.id, err: (error as Error).message }, 'unusable JWKS key skipped');
    }
  }
  store.keys = keys;
  store.loadedAt = Date.now();
}

/** The public key of `kid`, from memory, or the table when we may look again. */
async function keyFor(deps: Deps, kid: string): Promise<VerifyKey | undefined> {
  let store = stores.get(deps.database.db);
  if (!store) {
    store = { keys: new Map(), loadedAt: 0, loading: null };
    stores.set(deps.database.db, store);
  }
  const age = Date.now() - store.loadedAt;
  // none held yet: the first key may have been made a moment ago (on first use, by /token)
  const unknown = !store.keys.has(kid) && (age >= KEYS_RELOAD_MIN_MS || store.keys.size === 0);
  if (age >= KEYS_TTL_MS || unknown) {
    const s = store;
    store.loading ??= loadKeys(deps, s).finally(() => {
      s.loading = null;
    });
    await store.loading;
  }
  return store.keys.get(kid);
}

/** The bearer token of an Authorization header, or null (another scheme, or not a JWT). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const token = match?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH && JWT_SHAPE.test(token) ? token : null;
}

export interface AccessTokenClaims {
  sub: string;
  sid: string;
}

/**
 * The claims of one of our access tokens, or null: bad signature, another algorithm (`none`, HS256
 * with the public key…), an unknown key, expired, issued in the future, more than
 * ACCESS_TOKEN_MINUTES old, another issuer or audience, or no `sub`/`sid`.
 */
export async function verifyAccessToken(
  deps: Deps,
  token: string,
): Promise<AccessTokenClaims | null> {
  let payload: JWTPayload;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== ACCESS_TOKEN_ALG || typeof header.kid !== 'string') return null;
    const key = await keyFor(deps, header.kid);
    if (!key) return null;
    const baseUrl = baseUrlOf(deps.env);
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: baseUrl,
      audience: baseUrl,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      maxTokenAge: ACCESS_TOKEN_MINUTES * 60,
    }));
  } catch {
    return null;
  }
  const { sub, sid } = payload as { sub?: unknown; sid?: unknown };
  if (typeof sub !== 'string' || typeof sid !== 'string' || !sub || !sid) return null;
  return { sub, sid };
}
