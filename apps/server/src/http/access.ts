/**
 * Deny by default. Every API route declares who may call it — `public`, `authenticated`, or a
 * resource + action of the SPEC §6 matrix — through `defineRoute` (http/openapi.ts; or `declareAccess` for the few
 * routes that are not OpenAPI contracts). The guard middleware looks up the matched route: a route
 * without a declaration is refused with 403. Denials (401 and 403) are written to the audit log.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { hasPermission, type Action, type Resource } from '@painlab/shared/permissions';
import { recordAudit } from '../audit/audit';
import { ApiError, sendError } from './errors';
import type { AppEnv, Deps } from './types';

export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; resource: Resource; action: Action };

export const access = {
  public: { kind: 'public' } as Access,
  authenticated: { kind: 'authenticated' } as Access,
  can: (resource: Resource, action: Action): Access => ({ kind: 'permission', resource, action }),
};

const registry = new Map<string, Access>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids in a request's path, by the route template's parameter names (`/api/patients/:id/notes/:noteId`).
 * Only UUIDs count, lower-cased as stored (anything else names no record).
 */
export function pathIds(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const match = new RegExp(`^${pattern}/?$`).exec(path);
  const ids: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = decodeURIComponent(match?.[i + 1] ?? '');
    if (UUID.test(value)) ids[name] = value.toLowerCase();
  });
  return ids;
}

/**
 * The record a refused request was about: on a patients route, `{id}` is the patient and the last id
 * of the path (`{noteId}`, or the patient) the record.
 */
function recordOf(template: string, path: string, resource: string | undefined) {
  const ids = pathIds(template, path);
  const values = Object.values(ids);
  const patientId =
    (resource === 'patients' || template.startsWith('/api/patients/')) && ids.id ? ids.id : null;
  return { patientId, recordId: values.at(-1) ?? null };
}

const toHonoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export function declareAccess(method: string, path: string, rule: Access): void {
  registry.set(keyOf(method, toHonoPath(path)), rule);
}

export function accessOf(method: string, path: string): Access | undefined {
  return registry.get(keyOf(method, toHonoPath(path)));
}

export function guardMiddleware(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const handler = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.path.startsWith('/api/'));
    if (!handler) return next(); // nothing matched: the not-found handler answers
    const rule = registry.get(keyOf(handler.method, handler.path));
    const session = c.get('session');
    const route = `${handler.method} ${handler.path}`;
    const audit = (reason: string, resource?: string, action?: string) =>
      recordAudit(deps.database.db, {
        action: 'access.denied',
        outcome: 'denied',
        actorUserId: session?.user.id ?? null,
        actorRole: session?.role ?? null,
        resource: resource ?? null,
        ...recordOf(handler.path, c.req.path, resource),
        ip: c.get('clientIp'),
        requestId: c.get('requestId'),
        details: { reason, route, ...(action ? { permission: action } : {}) },
      });

    if (!rule) {
      deps.logger.error({ route }, 'API route without an access declaration was refused');
      await audit('undeclared_route');
      return sendError(
        c,
        new ApiError(403, 'forbidden', { action: 'access', resource: 'this route' }),
      );
    }
    if (rule.kind === 'public') return next();
    if (!session) {
      await audit('unauthenticated', rule.kind === 'permission' ? rule.resource : undefined);
      return sendError(c, new ApiError(401, 'unauthenticated'));
    }
    if (rule.kind === 'permission' && !hasPermission(session.role, rule.resource, rule.action)) {
      await audit('missing_permission', rule.resource, rule.action);
      return sendError(
        c,
        new ApiError(403, 'forbidden', { action: rule.action, resource: rule.resource }),
      );
    }
    return next();
  };
}
