/**
 * CSRF defence for every state-changing API request (POST, PUT, PATCH, DELETE under /api), the
 * same rule better-auth applies to /api/auth/*, with the same list of trusted origins
 * (`trustedOriginsOf`: BASE_URL and TRUSTED_ORIGINS):
 * - an `Origin` header must be one of the trusted origins (`null` never is);
 * - without `Origin`, a `Sec-Fetch-Site` header must be `same-origin` or `none`;
 * - with neither header, only a request that proves itself with an access token
 *   (`Authorization: Bearer`, ADR 0039) and carries no cookie is accepted: a script or an
 *   integration, whose credentials no foreign page can borrow. A cookie, or no credentials at all
 *   (a sign-in form posted from another site: login CSRF), is refused, whatever the browser.
 * Refusals are a translated 403 `cross_origin_refused`, before the body is read.
 */
import type { MiddlewareHandler } from 'hono';
import { bearerToken } from './access-token';
import { errorBody } from './errors';
import type { AppEnv } from './types';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedWrite(
  origin: string | undefined,
  fetchSite: string | undefined,
  trusted: ReadonlySet<string>,
  credentials: { cookie: boolean; bearer: boolean },
): boolean {
  if (origin !== undefined) return trusted.has(origin.trim().replace(/\/$/, '').toLowerCase());
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  return credentials.bearer && !credentials.cookie;
}

export function originCheck(trustedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const trusted = new Set(trustedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const credentials = {
      cookie: Boolean(c.req.header('cookie')),
      bearer: bearerToken(c.req.header('authorization')) !== null,
    };
    if (
      isAllowedWrite(
        c.req.header('origin'),
        c.req.header('sec-fetch-site')?.toLowerCase(),
        trusted,
        credentials,
      )
    )
      return next();
    return c.json(errorBody(c, 'cross_origin_refused'), 403);
  };
}
