import {
  MATRIX,
  hasPermission,
  ROLES,
  RESOURCES,
  ACTIONS,
  type Role,
} from '@painlab/shared/permissions';
import { describe, expect, it } from 'vitest';
import { can, decideAccess, DEFAULT_GUARD_REDIRECT, type Viewer } from './authorization';

const viewer = (role: Role): Viewer => ({ role, permissions: MATRIX[role] });

describe('can', () => {
  it('agrees with the shared permission matrix for every role, resource and action', () => {
    for (const role of ROLES) {
      for (const resource of RESOURCES) {
        for (const action of ACTIONS) {
          expect(can(viewer(role), resource, action), `${role} ${resource}:${action}`).toBe(
            hasPermission(role, resource, action),
          );
        }
      }
    }
  });

  it('lets admin pass every check even with an empty permission list', () => {
    expect(can({ role: 'admin', permissions: {} }, 'audit_logs', 'delete')).toBe(true);
  });

  it('uses the permissions the server sent', () => {
    expect(can({ role: 'user', permissions: { research: ['view'] } }, 'research', 'view')).toBe(
      true,
    );
    expect(can({ role: 'user', permissions: {} }, 'appointments', 'view')).toBe(false);
  });
});

describe('decideAccess', () => {
  it('defaults role and permission redirects to "/" (generic guards, SPEC §4)', () => {
    expect(DEFAULT_GUARD_REDIRECT).toBe('/');
    expect(decideAccess({ kind: 'role', roles: ['admin'] }, viewer('user'))).toEqual({
      allowed: false,
      reason: 'role',
      roles: ['admin'],
      redirectTo: '/',
    });
    expect(
      decideAccess({ kind: 'permission', resource: 'users', action: 'edit' }, viewer('specialist')),
    ).toEqual({
      allowed: false,
      reason: 'permission',
      resource: 'users',
      action: 'edit',
      redirectTo: '/',
    });
  });

  it('keeps a given redirect', () => {
    expect(
      decideAccess({ kind: 'role', roles: ['admin'], redirectTo: '/dashboard' }, viewer('user')),
    ).toMatchObject({
      redirectTo: '/dashboard',
    });
  });

  it('sends signed-in visitors of guest pages on, and lets signed-out ones in', () => {
    expect(decideAccess({ kind: 'guest' }, viewer('user'))).toEqual({
      allowed: false,
      reason: 'signed-in',
      redirectTo: '/dashboard',
    });
    expect(decideAccess({ kind: 'guest' }, null)).toEqual({ allowed: true });
  });

  it('lets anyone see public pages', () => {
    expect(decideAccess({ kind: 'public' }, null)).toEqual({ allowed: true });
  });
});
