/**
 * Resolves the signed-in user for every API request with one indexed query. It reads better-auth's
 * own session table and cookie (name, signature, lifetimes all come from the auth context), instead
 * of `auth.api.getSession`, which costs about 8× the query itself (two round trips plus its
 * endpoint machinery; bench/README.md). Rules, same as better-auth's:
 * - the cookie value is `token.signature`, an HMAC-SHA256 of the token with the auth secret;
 * - the session must exist and not be expired; a banned user has no session;
 * - the idle expiry slides: after `updateAge` it is pushed to now + `expiresIn` and the cookie renewed.
 * Ours on top: the absolute limit (SESSION_ABSOLUTE_HOURS) — an older session is deleted — and the
 * role fails closed to `user`.
 *
 * A request without the session cookie may carry an access token instead (`Authorization: Bearer`,
 * ADR 0039; http/access-token.ts checks it): the session it names (`sid`) is read by id under the
 * same rules and gives the same SessionInfo — role from the user row now, aal from the session row —
 * so revocation, bans and role changes apply at once, and the guard treats it as the cookie's. It
 * does not slide the session's idle expiry (there is no cookie to renew: only the browser's use does).
 * better-auth's own routes (/api/auth/*) never read it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { generateCookie } from 'hono/cookie';
import { toRole } from '@painlab/shared/permissions';
import { statementName } from '../db/client';
import { session as sessionTable, user as userTable } from '../db/schema';
import { isBanned } from '../auth/ban';
import { bearerToken, verifyAccessToken } from './access-token';

export { isBanned };
import type { AppEnv, Deps, SessionInfo } from './types';

export interface ResolvedSession {
  session: SessionInfo | null;
  /** Set-Cookie header of a sliding refresh, to pass on to the browser. */
  setCookie: string | null;
}

const NONE: ResolvedSession = { session: null, setCookie: null };

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt > 0 && part.slice(0, eqAt).trim() === name) return part.slice(eqAt + 1).trim();
  }
  return null;
}

function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

type SessionRow = {
  id: string;
  expiresAt: Date;
  createdAt: Date;
  userId: string;
  name: string;
  email: string;
  role: string | null;
  banned: boolean | null;
  banExpires: Date | null;
  aal: number;
  twoFactorEnabled: boolean;
  hasPasskey: boolean;
  userCreatedAt: Date;
};

/**
 * Sessions read in the last SESSION_CACHE_MS, keyed by the signed cookie value, so most requests of
 * a signed-in user skip the lookup and the signature check (bench/README.md). Every change made
 * through this server — sign-out, revoking sessions, banning, a role change, deleting a user: any
 * successful write to /api/auth/*, /api/account/* or /api/users — clears it and tells the other
 * server instances on the same PostgreSQL, which clear theirs (http/session-signal.ts, ADR 0026);
 * a lookup that began before a clear is not cached. Changes made behind the servers' back (SQL)
 * apply within SESSION_CACHE_MS (docs/auth.md). The expiry checks run on every request, cached or not.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; until: number }>();
  private generation = 0;
  private suspended = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now: number): SessionRow | undefined {
    if (this.suspended) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.row;
    this.entries.delete(key);
    return undefined;
  }

  /** A ticket taken before the lookup: `set` ignores rows read before a later `clear`. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, row: SessionRow, ticket: number, now: number): void {
    if (this.ttlMs <= 0 || this.suspended || ticket !== this.generation) return;
    if (this.entries.size >= this.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { row, until: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * While suspended nothing is served from or kept in the cache: every request reads the
   * database (http/session-signal.ts, while this instance cannot hear the others' changes).
   */
  suspend(on: boolean): void {
    if (on) this.clear();
    this.suspended = on;
  }
}

/** The session⋈user lookups, prepared once per database handle (no query building per request). */
const lookups = new WeakMap<Deps['database']['db'], ReturnType<typeof prepareLookup>>();
const lookupsById = new WeakMap<Deps['database']['db'], ReturnType<typeof prepareLookupById>>();

const sessionColumns = () => ({
  id: sessionTable.id,
  expiresAt: sessionTable.expiresAt,
  createdAt: sessionTable.createdAt,
  userId: userTable.id,
  name: userTable.name,
  email: userTable.email,
  role: userTable.role,
  banned: userTable.banned,
  banExpires: userTable.banExpires,
  aal: sessionTable.aal,
  twoFactorEnabled: userTable.twoFactorEnabled,
  userCreatedAt: userTable.createdAt,
  // a passkey is a factor too (ADR 0033)
  hasPasskey: sql<boolean>`exists (select 1 from passkey where passkey.user_id = ${userTable.id})`,
});

/** The same row by session id, for an access token's `sid` (ADR 0039). */
function prepareLookupById(db: Deps['database']['db']) {
  return db
    .select(sessionColumns())
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.id, sql.placeholder('id')))
    .limit(1)
    .prepare(statementName(db, 'session_by_id'));
}

function prepareLookup(db: Deps['database']['db']) {
  return db
    .select(sessionColumns())
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, sql.placeholder('token')))
    .limit(1)
    .prepare(statementName(db, 'session_by_token'));
}

/**
 * The session of a signed cookie value (`token.signature`). The cache is keyed by that value, and
 * only a value whose signature checked out is ever cached, so a hit skips the HMAC as well.
 */
async function lookupSession(
  deps: Deps,
  signed: string,
  secret: string,
): Promise<SessionRow | undefined> {
  const cache = deps.sessions.cache;
  const cached = cache.get(signed, Date.now());
  if (cached) return cached;
  const token = verifiedToken(signed, secret);
  if (!token) return undefined;
  const ticket = cache.ticket();
  const { db } = deps.database;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ token });
  if (row) cache.set(signed, row, ticket, Date.now());
  return row;
}

export async function resolveSession(
  deps: Deps,
  cookieHeader: string | undefined,
): Promise<ResolvedSession> {
  if (!cookieHeader) return NONE;
  const ctx = await deps.auth.$context;
  const cookie = ctx.authCookies.sessionToken;
  const raw = readCookie(cookieHeader, cookie.name);
  if (!raw) return NONE;

  const { db } = deps.database;
  const row = await lookupSession(deps, raw, ctx.secret);
  const now = Date.now();
  if (!row || !(await usable(deps, row, raw, now))) return NONE;

  let expiresAt = row.expiresAt;
  let setCookie: string | null = null;
  const { expiresIn, updateAge } = ctx.sessionConfig;
  const remembered = !readCookie(cookieHeader, ctx.authCookies.dontRememberToken.name);
  if (remembered && expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) {
    expiresAt = new Date(now + expiresIn * 1000);
    await db
      .update(sessionTable)
      .set({ expiresAt, updatedAt: new Date(now) })
      .where(eq(sessionTable.id, row.id));
    row.expiresAt = expiresAt; // the cached row too
    const o = cookie.attributes;
    const sameSite = String(o.sameSite ?? 'lax').toLowerCase() as 'lax' | 'strict' | 'none';
    // the same cookie again, with a fresh Max-Age (hono's serializer enforces the __Host- rules)
    setCookie = generateCookie(cookie.name, decodeURIComponent(raw), {
      maxAge: expiresIn,
      path: o.path ?? '/',
      httpOnly: o.httpOnly !== false,
      secure: Boolean(o.secure),
      sameSite,
    });
  }

  return { session: sessionInfo(row, expiresAt), setCookie };
}

/** Whether a session began longer ago than the absolute limit (SESSION_ABSOLUTE_HOURS). */
export function pastAbsoluteLimit(
  row: Pick<SessionRow, 'createdAt'>,
  now: number,
  absoluteHours: number,
): boolean {
  return now - row.createdAt.getTime() > absoluteHours * 3_600_000;
}

/**
 * The rules every session is held to, whichever way it was presented: not expired, the user not
 * banned, within the absolute limit (an older session is deleted, and dropped from the cache under
 * `cacheKey`).
 */
async function usable(deps: Deps, row: SessionRow, cacheKey: string, now: number) {
  if (row.expiresAt.getTime() <= now) return false;
  if (isBanned(row, now)) return false;
  if (pastAbsoluteLimit(row, now, deps.env.SESSION_ABSOLUTE_HOURS)) {
    deps.sessions.cache.delete(cacheKey);
    await deps.database.db.delete(sessionTable).where(eq(sessionTable.id, row.id));
    return false;
  }
  return true;
}

function sessionInfo(row: SessionRow, expiresAt: Date): SessionInfo {
  return {
    user: { id: row.userId, name: row.name, email: row.email },
    role: toRole(row.role),
    sessionId: row.id,
    aal: row.aal >= 2 ? 2 : 1,
    mfaEnrolled: row.twoFactorEnabled || row.hasPasskey,
    twoFactorEnabled: row.twoFactorEnabled,
    expiresAt,
    createdAt: row.createdAt,
    userCreatedAt: row.userCreatedAt,
  };
}

/**
 * The session an access token names (`Authorization: Bearer`, ADR 0039), or null: the token must
 * verify (http/access-token.ts), its session exist and pass the same rules as a cookie's, and belong
 * to the token's subject. Rows are cached like cookie lookups (key `sid:<id>`, only after the
 * signature checked out), so the same revocation signal clears them.
 */
export async function resolveBearer(deps: Deps, token: string): Promise<SessionInfo | null> {
  const claims = await verifyAccessToken(deps, token);
  if (!claims) return null;
  const key = `sid:${claims.sid}`;
  const cache = deps.sessions.cache;
  let row = cache.get(key, Date.now());
  if (!row) {
    const ticket = cache.ticket();
    const { db } = deps.database;
    let lookup = lookupsById.get(db);
    if (!lookup) {
      lookup = prepareLookupById(db);
      lookupsById.set(db, lookup);
    }
    [row] = await lookup.execute({ id: claims.sid });
    if (row) cache.set(key, row, ticket, Date.now());
  }
  if (!row || row.userId !== claims.sub) return null;
  if (!(await usable(deps, row, key, Date.now()))) return null;
  return sessionInfo(row, row.expiresAt);
}

/** Whether a Cookie header carries the session cookie (then it alone decides). */
async function hasSessionCookie(deps: Deps, cookieHeader: string | undefined): Promise<boolean> {
  if (!cookieHeader) return false;
  const ctx = await deps.auth.$context;
  return readCookie(cookieHeader, ctx.authCookies.sessionToken.name) !== null;
}

export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookieHeader = c.req.header('cookie');
    const authorization = c.req.header('authorization');
    // an access token counts only on a request without the session cookie
    if (authorization && !(await hasSessionCookie(deps, cookieHeader))) {
      const token = bearerToken(authorization);
      c.set('session', token ? await resolveBearer(deps, token) : null);
      await next();
      return;
    }
    const { session, setCookie } = await resolveSession(deps, cookieHeader);
    c.set('session', session);
    if (setCookie) c.header('Set-Cookie', setCookie, { append: true });
    await next();
  };
}
