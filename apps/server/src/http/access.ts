/**
 * Deny by default. Every API route declares who may call it — `public`, `authenticated`, or a
 * resource + action of the SPEC §6 matrix — through `defineRoute` (http/openapi.ts; or `declareAccess` for the few
 * routes that are not OpenAPI contracts). The guard middleware looks up the matched route: a route
 * without a declaration is refused with 403. Denials (401 and 403) are written to the audit log.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { enrolmentDeadline } from '@painlab/shared/mfa';
import { hasPermission, type Action, type Resource, type Role } from '@painlab/shared/permissions';
import { recordAudit } from '../audit/audit';
import { ApiError, sendError } from './errors';
import type { AppEnv, Deps } from './types';
import { isUuid } from '../lib/uuid';

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
    if (isUuid(value)) ids[name] = value.toLowerCase();
  });
  return ids;
}

/**
 * The record a refused request was about: on a patients route, `{id}` is the patient and the last id
 * of the path (`{noteId}`, or the patient) the record; on any route a `{patientId}` parameter names
 * the patient (`/api/appointments/patient/{patientId}`), and so does a `patientId` filter in the
 * query (`/api/treatments?patientId=`).
 */
function recordOf(
  template: string,
  path: string,
  resource: string | undefined,
  query?: string | undefined,
) {
  const ids = pathIds(template, path);
  const values = Object.values(ids);
  const fromQuery = query !== undefined && isUuid(query) ? query.toLowerCase() : null;
  const patientId =
    (resource === 'patients' || template.startsWith('/api/patients/')) && ids.id
      ? ids.id
      : (ids.patientId ?? fromQuery);
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

/**
 * Finds the patient a record is about, for routes whose path names the record rather than the
 * patient (`/api/appointments/:id`, `/api/treatments/:id`): keyed by the route's path up to `:id`,
 * given the id; null when there is no such record. Supplied where the app is wired (app.ts), from
 * the modules' services.
 */
export type PatientOfRecord = Readonly<Record<string, (id: string) => Promise<string | null>>>;

/**
 * Routes an aal1 session may use while its role requires a second factor (ADR 0025), and an account
 * that must enrol one first (ADR 0038): who am I, my own account and sessions, reading the MFA
 * settings, telemetry. (Enrolling itself is under /api/auth.) Everything else — every route that
 * can return patient data, and changing the MFA policy (an aal1 administrator could otherwise lift
 * the requirement it is held to) — needs aal2 then.
 */
export const STEP_UP_ROUTES = [
  '/api/me',
  '/api/account/',
  '/api/mfa/',
  '/api/telemetry/',
  '/api/notifications/preferences',
];
/** Of STEP_UP_ROUTES, the ones an aal1 session may only read. */
const STEP_UP_READ_ONLY = ['/api/mfa/'];

const stepUpAllowed = (method: string, template: string) =>
  STEP_UP_ROUTES.some((p) => (p.endsWith('/') ? template.startsWith(p) : template === p)) &&
  !(method.toUpperCase() !== 'GET' && STEP_UP_READ_ONLY.some((p) => template.startsWith(p)));

/** A role's MFA policy (modules/mfa, ADR 0025 and 0038). */
export interface MfaRule {
  /** Sessions must be aal2 once the user has enrolled a factor. */
  required: boolean;
  /** Every user of the role must enrol a factor within `graceDays`. */
  enforced: boolean;
  graceDays: number;
  enforcedSince: Date | null;
}

export const NO_MFA_RULE: MfaRule = {
  required: false,
  enforced: false,
  graceDays: 0,
  enforcedSince: null,
};

/**
 * What the MFA policy asks of a session before it may reach data: `step_up` — verify the enrolled
 * factor (aal1 session of a role that requires it); `enrol` — the role must enrol, this account has
 * not, and its grace period is over; null — nothing. `enrolBy` is the deadline of an account that
 * must still enrol (null when it need not, or already has).
 */
export function mfaGateOf(
  session: NonNullable<AppEnv['Variables']['session']>,
  rule: MfaRule,
  now = Date.now(),
): { gate: 'step_up' | 'enrol' | null; enrolBy: Date | null } {
  if (session.mfaEnrolled)
    return { gate: session.aal < 2 && rule.required ? 'step_up' : null, enrolBy: null };
  const enrolBy = enrolmentDeadline(rule, session.userCreatedAt);
  return { gate: enrolBy && enrolBy.getTime() <= now ? 'enrol' : null, enrolBy };
}

export function guardMiddleware(
  deps: Deps,
  patientOf: PatientOfRecord = {},
  mfaRule: (role: Role) => Promise<MfaRule> = async () => NO_MFA_RULE,
): MiddlewareHandler<AppEnv> {
  /** The patient of the record a refused request named, when its route has a resolver. */
  const patientOfRequest = async (template: string, path: string, query: string | undefined) => {
    const record = recordOf(template, path, undefined, query);
    if (record.patientId) return record;
    const key = Object.keys(patientOf).find((k) => template === k || template.startsWith(`${k}/`));
    const id = key ? pathIds(template, path).id : undefined;
    if (!key || !id) return record;
    try {
      return { ...record, patientId: await patientOf[key]!(id) };
    } catch (error) {
      deps.logger.warn({ err: (error as Error).message }, 'patient of a refused request not found');
      return record;
    }
  };
  return async (c, next) => {
    const handler = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.path.startsWith('/api/'));
    if (!handler) return next(); // nothing matched: the not-found handler answers
    const rule = registry.get(keyOf(handler.method, handler.path));
    const session = c.get('session');
    const route = `${handler.method} ${handler.path}`;
    const audit = async (reason: string, resource?: string, action?: string) =>
      recordAudit(deps.database.db, {
        action: 'access.denied',
        outcome: 'denied',
        actorUserId: session?.user.id ?? null,
        actorRole: session?.role ?? null,
        resource: resource ?? null,
        ...(resource === 'patients'
          ? recordOf(handler.path, c.req.path, resource, c.req.query('patientId'))
          : await patientOfRequest(handler.path, c.req.path, c.req.query('patientId'))),
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
    // the role requires a second factor and this session has not used one (ADR 0025), or the
    // role must enrol one and this account's grace period is over (ADR 0038)
    if (!stepUpAllowed(handler.method, handler.path)) {
      const { gate } = mfaGateOf(session, await mfaRule(session.role));
      if (gate === 'step_up') {
        await audit('mfa_required', rule.kind === 'permission' ? rule.resource : undefined);
        return sendError(c, new ApiError(403, 'mfa_required'));
      }
      if (gate === 'enrol') {
        await audit(
          'mfa_enrolment_required',
          rule.kind === 'permission' ? rule.resource : undefined,
        );
        return sendError(c, new ApiError(403, 'mfa_enrolment_required'));
      }
    }
    return next();
  };
}
