/**
 * Client-side authorization, for the user experience only: the server checks every request.
 * A viewer is the signed-in user's role and permissions as returned by `GET /api/me`.
 */
import type { Action, PermissionSet, Resource, Role } from '@painlab/shared/permissions';
import type { RouteAccess } from '../config/routes';

export type Viewer = { role: Role; permissions: PermissionSet };

/** The generic guards' default target when a route gives none (SPEC §4). */
export const DEFAULT_GUARD_REDIRECT = '/';

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'unauthenticated' }
  | { allowed: false; reason: 'signed-in'; redirectTo: string }
  | { allowed: false; reason: 'role'; roles: readonly Role[]; redirectTo: string }
  | {
      allowed: false;
      reason: 'permission';
      resource: Resource;
      action: Action;
      redirectTo: string;
    };

/** SPEC §6: admin passes every permission check. */
export function can(viewer: Viewer, resource: Resource, action: Action): boolean {
  if (viewer.role === 'admin') return true;
  return viewer.permissions[resource]?.includes(action) ?? false;
}

/** Decides whether `viewer` (null when signed out) may open a route with `access`. */
export function decideAccess(access: RouteAccess, viewer: Viewer | null): AccessDecision {
  switch (access.kind) {
    case 'public':
      return { allowed: true };
    case 'guest':
      return viewer
        ? { allowed: false, reason: 'signed-in', redirectTo: '/dashboard' }
        : { allowed: true };
    case 'authenticated':
      return viewer ? { allowed: true } : { allowed: false, reason: 'unauthenticated' };
    case 'role':
      if (!viewer) return { allowed: false, reason: 'unauthenticated' };
      return access.roles.includes(viewer.role)
        ? { allowed: true }
        : {
            allowed: false,
            reason: 'role',
            roles: access.roles,
            redirectTo: access.redirectTo ?? DEFAULT_GUARD_REDIRECT,
          };
    case 'permission':
      if (!viewer) return { allowed: false, reason: 'unauthenticated' };
      return can(viewer, access.resource, access.action)
        ? { allowed: true }
        : {
            allowed: false,
            reason: 'permission',
            resource: access.resource,
            action: access.action,
            redirectTo: access.redirectTo ?? DEFAULT_GUARD_REDIRECT,
          };
  }
}

export function canOpen(access: RouteAccess, viewer: Viewer | null): boolean {
  return decideAccess(access, viewer).allowed;
}
