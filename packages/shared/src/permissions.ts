/**
 * The permission matrix of SPEC §6, defined once as better-auth access-control statements.
 * The server enforces it on every API route; the web uses it only to hide what cannot be used.
 */
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';

export const ROLES = ['admin', 'specialist', 'researcher', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const RESOURCES = [
  'patients',
  'appointments',
  'treatments',
  'analytics',
  'research',
  'users',
  'audit_logs',
  'site_content',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type PermissionSet = Partial<Record<Resource, readonly Action[]>>;

const crud = [...ACTIONS];

export const statement = {
  ...defaultStatements,
  patients: crud,
  appointments: crud,
  treatments: crud,
  analytics: crud,
  research: crud,
  users: crud,
  audit_logs: crud,
  site_content: crud,
} as const;

/** SPEC §6, as data. Admin passes every check, so it is granted every action. */
export const MATRIX: Record<Role, PermissionSet> = {
  admin: Object.fromEntries(RESOURCES.map((r) => [r, crud])) as PermissionSet,
  specialist: {
    patients: ['view', 'create', 'edit'],
    appointments: ['view', 'create', 'edit'],
    treatments: ['view', 'create', 'edit'],
    analytics: ['view'],
    // the public site's content (issue 10, ADR 0027): their own profile and their own posts only
    site_content: ['view', 'create', 'edit'],
  },
  researcher: {
    patients: ['view'],
    research: ['view', 'create'],
    analytics: ['view'],
  },
  user: {
    appointments: ['view'],
    treatments: ['view'],
  },
};

export const ac = createAccessControl(statement);

function toStatements(set: PermissionSet) {
  return Object.fromEntries(Object.entries(set).map(([r, a]) => [r, [...a]]));
}

export const roles = {
  admin: ac.newRole({ ...adminAc.statements, ...toStatements(MATRIX.admin) }),
  specialist: ac.newRole(toStatements(MATRIX.specialist)),
  researcher: ac.newRole(toStatements(MATRIX.researcher)),
  user: ac.newRole(toStatements(MATRIX.user)),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role lookup fails closed: anything unknown, missing or malformed is `user` (SPEC §6). */
export function toRole(value: unknown): Role {
  return isRole(value) ? value : 'user';
}

export function hasPermission(role: Role, resource: Resource, action: Action): boolean {
  return roles[role].authorize({ [resource]: [action] }).success;
}

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/**
 * Who may see patient records identified (name, contact, birth date, free text, notes, exports,
 * history). Everyone else holding `patients:view` (researchers) sees them de-identified only, and may
 * not search or sort them by identifying fields (ARCHITECTURE "Spec readings").
 */
export const IDENTIFIED_VIEWERS: readonly Role[] = ['admin', 'specialist'];

export function canSeeIdentified(role: Role): boolean {
  return IDENTIFIED_VIEWERS.includes(role);
}
