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
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { toRole } from '@painlab/shared/permissions';
import { session as sessionTable, user as userTable } from '../db/schema';
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
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

export async function resolveSession(deps: Deps, cookieHeader: string | undefined): Promise<ResolvedSession> {
  if (!cookieHeader) return NONE;
  const ctx = await deps.auth.$context;
  const cookie = ctx.authCookies.sessionToken;
  const raw = readCookie(cookieHeader, cookie.name);
  const token = raw ? verifiedToken(raw, ctx.secret) : null;
  if (!raw || !token) return NONE;

  const { db } = deps.database;
  const [row] = await db
    .select({
      id: sessionTable.id,
      expiresAt: sessionTable.expiresAt,
      createdAt: sessionTable.createdAt,
      userId: userTable.id,
      name: userTable.name,
      email: userTable.email,
      role: userTable.role,
      banned: userTable.banned,
      banExpires: userTable.banExpires,
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, token))
    .limit(1);
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now) return NONE;
  if (row.banned && (!row.banExpires || row.banExpires.getTime() > now)) return NONE;
  if (now - row.createdAt.getTime() > deps.env.SESSION_ABSOLUTE_HOURS * 3_600_000) {
    await db.delete(sessionTable).where(eq(sessionTable.id, row.id));
    return NONE;
  }

  let expiresAt = row.expiresAt;
  let setCookie: string | null = null;
  const { expiresIn, updateAge } = ctx.sessionConfig;
  const remembered = !readCookie(cookieHeader, ctx.authCookies.dontRememberToken.name);
  if (remembered && expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) {
    expiresAt = new Date(now + expiresIn * 1000);
    await db.update(sessionTable).set({ expiresAt, updatedAt: new Date(now) }).where(eq(sessionTable.id, row.id));
    const o = cookie.attributes;
    setCookie = [
      `${cookie.name}=${raw}`,
      `Max-Age=${expiresIn}`,
      `Path=${o.path ?? '/'}`,
      o.httpOnly !== false ? 'HttpOnly' : '',
      `SameSite=${o.sameSite ? String(o.sameSite).replace(/^./, (ch) => ch.toUpperCase()) : 'Lax'}`,
      o.secure ? 'Secure' : '',
    ]
      .filter(Boolean)
      .join('; ');
  }

  return {
    session: {
      user: { id: row.userId, name: row.name, email: row.email },
      role: toRole(row.role),
      sessionId: row.id,
      expiresAt,
      createdAt: row.createdAt,
    },
    setCookie,
  };
}

export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { session, setCookie } = await resolveSession(deps, c.req.header('cookie'));
    c.set('session', session);
    if (setCookie) c.header('Set-Cookie', setCookie, { append: true });
    await next();
  };
}
