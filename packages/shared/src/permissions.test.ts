import { describe, expect, it } from 'vitest';
import { ACTIONS, hasPermission, hasRole, MATRIX, RESOURCES, ROLES, toRole } from './permissions';

describe('permission matrix (SPEC §6)', () => {
  const granted = (role: (typeof ROLES)[number]) =>
    RESOURCES.flatMap((r) =>
      ACTIONS.filter((a) => hasPermission(role, r, a)).map((a) => `${r}:${a}`),
    );

  it('admin passes every check', () => {
    expect(granted('admin')).toHaveLength(RESOURCES.length * ACTIONS.length);
  });

  it('specialist views, creates and edits patients, appointments and treatments, views analytics, and edits site content (their own: ADR 0027)', () => {
    expect(granted('specialist')).toEqual([
      'patients:view',
      'patients:create',
      'patients:edit',
      'appointments:view',
      'appointments:create',
      'appointments:edit',
      'treatments:view',
      'treatments:create',
      'treatments:edit',
      'analytics:view',
      'site_content:view',
      'site_content:create',
      'site_content:edit',
    ]);
  });

  it('researcher views patients and analytics, views and creates research', () => {
    expect(granted('researcher')).toEqual([
      'patients:view',
      'analytics:view',
      'research:view',
      'research:create',
    ]);
  });

  it('user views appointments and treatments only', () => {
    expect(granted('user')).toEqual(['appointments:view', 'treatments:view']);
  });

  it('the better-auth roles and the plain MATRIX agree on every cell', () => {
    for (const role of ROLES) {
      for (const resource of RESOURCES) {
        for (const action of ACTIONS) {
          expect(hasPermission(role, resource, action)).toBe(
            MATRIX[role][resource]?.includes(action) ?? false,
          );
        }
      }
    }
  });
});

describe('role lookup fails closed', () => {
  it.each([undefined, null, '', 'ADMIN', 'superuser', 42, ['admin'], 'admin,specialist'])(
    '%j → user',
    (value) => {
      expect(toRole(value)).toBe('user');
    },
  );
  it('keeps known roles', () => {
    for (const role of ROLES) expect(toRole(role)).toBe(role);
  });
  it('hasRole checks membership', () => {
    expect(hasRole('specialist', ['admin', 'specialist'])).toBe(true);
    expect(hasRole('researcher', ['admin', 'specialist'])).toBe(false);
  });
});
