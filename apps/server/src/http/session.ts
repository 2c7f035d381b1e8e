/**
 * Resolves the signed-in user for every API request. The role is read from the user row on every
 * request and fails closed to `user`. A session older than the absolute limit is revoked.
 */
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { toRole } from '@painlab/shared/permissions';
import { session as sessionTable } from '../db/schema';
import type { AppEnv, Deps, SessionInfo } from './types';

export interface ResolvedSession {
  session: SessionInfo | null;
  /** Set-Cookie headers of a sliding refresh, to pass on to the browser. */
  setCookies: string[];
}

/** Reads the session (sliding its idle expiry like better-auth's own get-session does). */
export async function resolveSession(deps: Deps, headers: Headers): Promise<ResolvedSession> {
  const { headers: out, response: result } = await deps.auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const setCookies = out?.getSetCookie?.() ?? [];
  if (!result) return { session: null, setCookies };
  const createdAt = new Date(result.session.createdAt);
  const absoluteMs = deps.env.SESSION_ABSOLUTE_HOURS * 3_600_000;
  if (Date.now() - createdAt.getTime() > absoluteMs) {
    await deps.database.db.delete(sessionTable).where(eq(sessionTable.id, result.session.id));
    return { session: null, setCookies: [] };
  }
  const session: SessionInfo = {
    user: { id: result.user.id, name: result.user.name, email: result.user.email },
    role: toRole((result.user as { role?: unknown }).role),
    sessionId: result.session.id,
    expiresAt: new Date(result.session.expiresAt),
    createdAt,
  };
  return { session, setCookies };
}

export function sessionMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.header('cookie')) {
      c.set('session', null);
      return next();
    }
    const { session, setCookies } = await resolveSession(deps, c.req.raw.headers);
    c.set('session', session);
    await next();
    for (const cookie of setCookies) c.res.headers.append('Set-Cookie', cookie);
  };
}
