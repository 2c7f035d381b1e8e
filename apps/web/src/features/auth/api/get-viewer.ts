/**
 * SPEC §6 "role function": the signed-in user, role and permissions from `GET /api/me`.
 * Query key `['user-role']`, fresh for 5 minutes, one retry. `null` means signed out (401).
 */
import type { MeResponse } from '@painlab/shared/auth';
import { ACTIONS, RESOURCES, ROLES, type Role } from '@painlab/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, type Parser } from '../../../lib/api-client';
import type { Viewer } from '../../../lib/authorization';
import { cachePolicy } from '../../../lib/cache-policy';
import { VIEWER_QUERY_KEY } from '../../../lib/query-client';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => list.includes(v as T);

function invalid(): never {
  throw new TypeError('Invalid /api/me response');
}

/**
 * `meResponseSchema` of `@painlab/shared/auth`, by hand: every screen's guard reads `/api/me`, and
 * zod stays out of the first load (issue 8). Unknown fields are dropped, as the schema does.
 */
export const meParser: Parser<MeResponse> = {
  parse(value) {
    if (
      !isRecord(value) ||
      !isRecord(value.user) ||
      !isRecord(value.session) ||
      !isRecord(value.permissions)
    )
      invalid();
    const { user, role, session } = value;
    if (!isString(user.id) || !isString(user.name) || !isString(user.email) || !oneOf(ROLES, role))
      invalid();
    if (
      !isString(session.expiresAt) ||
      !isString(session.absoluteExpiresAt) ||
      !Number.isInteger(session.expiresInMs) ||
      !Number.isInteger(session.idleMinutes)
    )
      invalid();
    const permissions: MeResponse['permissions'] = {};
    for (const [resource, actions] of Object.entries(value.permissions)) {
      if (
        !oneOf(RESOURCES, resource) ||
        !Array.isArray(actions) ||
        !actions.every((a) => oneOf(ACTIONS, a))
      )
        invalid();
      permissions[resource] = actions;
    }
    // the MFA state (ADR 0025)
    const { mfa } = value;
    if (
      !isRecord(mfa) ||
      (mfa.aal !== 1 && mfa.aal !== 2) ||
      typeof mfa.enrolled !== 'boolean' ||
      typeof mfa.twoFactor !== 'boolean' ||
      typeof mfa.required !== 'boolean' ||
      typeof mfa.stepUpNeeded !== 'boolean' ||
      (mfa.enrolBy !== null && !isString(mfa.enrolBy)) ||
      typeof mfa.enrolmentNeeded !== 'boolean'
    )
      invalid();
    return {
      user: { id: user.id, name: user.name, email: user.email },
      role,
      permissions,
      session: {
        expiresAt: session.expiresAt,
        absoluteExpiresAt: session.absoluteExpiresAt,
        expiresInMs: session.expiresInMs as number,
        idleMinutes: session.idleMinutes as number,
      },
      mfa: {
        aal: mfa.aal,
        enrolled: mfa.enrolled,
        twoFactor: mfa.twoFactor,
        required: mfa.required,
        stepUpNeeded: mfa.stepUpNeeded,
        enrolBy: mfa.enrolBy as string | null,
        enrolmentNeeded: mfa.enrolmentNeeded,
      },
    };
  },
};

export async function getViewer(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await api.get('/api/me', meParser, signal);
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const viewerQueryOptions = queryOptions({
  queryKey: VIEWER_QUERY_KEY,
  queryFn: ({ signal }) => getViewer(signal),
  ...cachePolicy([...VIEWER_QUERY_KEY]),
  staleTime: 5 * 60_000,
  retry: 1,
});

export type ViewerState = {
  /** The first answer has not arrived yet. */
  isPending: boolean;
  /** The lookup failed and nothing is known (not a 401: that is `me === null`). */
  error: Error | null;
  me: MeResponse | null;
  /** When `me` arrived (the browser's clock), to count `session.expiresInMs` from. */
  receivedAt: number;
  viewer: Viewer | null;
  /** SPEC §6: `user` while loading or on error. */
  role: Role;
};

export function useViewer(): ViewerState {
  const query = useQuery(viewerQueryOptions);
  const me = query.data ?? null;
  return {
    isPending: query.isPending,
    error: query.data === undefined && query.isError ? query.error : null,
    me,
    receivedAt: query.dataUpdatedAt,
    viewer: me ? { role: me.role, permissions: me.permissions } : null,
    role: me?.role ?? 'user',
  };
}
