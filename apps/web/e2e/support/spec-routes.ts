/**
 * SPEC §2, written out independently of the app's own tables: every signed-in route (with a sample
 * id where the path has one), who may open it, and the page title (English).
 */
import type { Role } from './accounts';

export type Guard =
  | { kind: 'any' }
  | { kind: 'roles'; roles: Role[] }
  | { kind: 'permission'; action: string; resource: string; allowed: Role[] };

export type SpecRoute = { url: string; title: string; guard: Guard };

const ANY: Guard = { kind: 'any' };
const STAFF: Guard = { kind: 'roles', roles: ['admin', 'specialist'] };

export const SIGNED_IN_ROUTES: SpecRoute[] = [
  { url: '/dashboard', title: 'Dashboard', guard: ANY },
  { url: '/my-plan', title: 'My plan', guard: ANY },
  { url: '/messages', title: 'Messages', guard: ANY },
  { url: '/appointments-page', title: 'My appointments', guard: ANY },
  { url: '/tasks', title: 'Tasks', guard: ANY },
  { url: '/reports/new', title: 'New report', guard: ANY },
  { url: '/settings', title: 'Settings', guard: ANY },
  { url: '/research', title: 'AI research', guard: ANY },
  { url: '/smart-search', title: 'Smart search', guard: ANY },
  { url: '/ai-assistant', title: 'AI assistant', guard: ANY },
  { url: '/notifications', title: 'Notifications', guard: ANY },
  // Not in SPEC §2: the patient portal, and the patient import and edit pages (guarded like /patients).
  { url: '/my-record', title: 'My record', guard: ANY },
  { url: '/my-record/access', title: 'Who viewed my record', guard: ANY },
  // Not in SPEC §2 (ADR 0016): a questionnaire to fill (the server decides whose).
  { url: '/questionnaires/42', title: 'Questionnaire', guard: ANY },
  { url: '/patients/import', title: 'Import patients', guard: STAFF },
  { url: '/patients/42/edit', title: 'Edit patient', guard: STAFF },
  { url: '/patients', title: 'Patient management', guard: STAFF },
  { url: '/patients/new', title: 'New patient', guard: STAFF },
  { url: '/patients/42', title: 'Patient record', guard: STAFF },
  { url: '/patients/42/cancer-protocol', title: 'Patient cancer protocol', guard: STAFF },
  { url: '/treatments', title: 'Treatment plans', guard: STAFF },
  { url: '/treatments/7', title: 'Treatment plans', guard: STAFF },
  { url: '/appointments', title: 'Appointments', guard: STAFF },
  { url: '/reports', title: 'Reports', guard: STAFF },
  { url: '/reports/templates/new', title: 'New report template', guard: STAFF },
  { url: '/trt-management', title: 'TRT management', guard: STAFF },
  { url: '/trt-management/3', title: 'TRT management', guard: STAFF },
  { url: '/pain-psychology', title: 'Pain psychology', guard: STAFF },
  { url: '/pain-psychology/5', title: 'Pain psychology', guard: STAFF },
  { url: '/cancer-protocols', title: 'Cancer protocols', guard: STAFF },
  {
    url: '/audit-logs',
    title: 'Audit logs',
    guard: { kind: 'permission', action: 'view', resource: 'audit logs', allowed: ['admin'] },
  },
  {
    url: '/admin/roles',
    title: 'Roles and permissions',
    guard: { kind: 'permission', action: 'edit', resource: 'users', allowed: ['admin'] },
  },
  // Issue 9: the message outbox, guarded like /admin/roles (its messages hold sign-in links).
  {
    url: '/admin/outbox',
    title: 'Outbox',
    guard: { kind: 'permission', action: 'edit', resource: 'users', allowed: ['admin'] },
  },
  // Not in SPEC §2: working hours (the server lets a specialist edit only their own).
  { url: '/appointments/availability', title: 'Working hours', guard: STAFF },
  // Not in SPEC §2 (ADR 0021): the no-show report, administrators (appointments:delete).
  {
    url: '/appointments/no-shows',
    title: 'No-show report',
    guard: { kind: 'permission', action: 'delete', resource: 'appointments', allowed: ['admin'] },
  },
  // Issue 10: messages from the public contact form, guarded as the outbox.
  {
    url: '/admin/contact-messages',
    title: 'Contact messages',
    guard: { kind: 'permission', action: 'edit', resource: 'users', allowed: ['admin'] },
  },
  // Issue 10: workshops, their registrations and waitlist (names and addresses), guarded alike.
  {
    url: '/admin/workshops',
    title: 'Workshops',
    guard: { kind: 'permission', action: 'edit', resource: 'users', allowed: ['admin'] },
  },
  // Issue 10 (ADR 0027): editing the public site; specialists their own profile and posts.
  {
    url: '/site-content',
    title: 'Site content',
    guard: {
      kind: 'permission',
      action: 'view',
      resource: 'site content',
      allowed: ['admin', 'specialist'],
    },
  },
  {
    url: '/analytics',
    title: 'Analytics',
    guard: { kind: 'roles', roles: ['admin', 'researcher'] },
  },
  { url: '/classical-medicine', title: 'Classical medicine', guard: STAFF },
  {
    url: '/api-docs',
    title: 'API documentation',
    guard: { kind: 'roles', roles: ['admin', 'researcher'] },
  },
];

export function mayOpen(route: SpecRoute, role: Role): boolean {
  switch (route.guard.kind) {
    case 'any':
      return true;
    case 'roles':
      return route.guard.roles.includes(role);
    case 'permission':
      return route.guard.allowed.includes(role);
  }
}

/** The toast a denied visitor sees (English). */
export function denialMessage(route: SpecRoute): string {
  switch (route.guard.kind) {
    case 'any':
      return '';
    case 'roles':
      return `Access denied. You need one of these roles: ${route.guard.roles.join(', ')}`;
    case 'permission':
      return `Access denied. You need ${route.guard.action} permission for ${route.guard.resource}.`;
  }
}

/** SPEC §2 dashboard cards each role sees (route guards win), by priority. */
export const CARDS_BY_ROLE: Record<Role, string[]> = {
  admin: [
    'Appointments',
    'Patient management',
    'Treatment plans',
    'Analytics',
    'AI assistant',
    'Smart search',
    'TRT management',
    'Pain psychology',
    'Cancer protocol',
    'AI research',
    'Reports',
    'Task list',
    'Classical medicine',
    'API documentation',
  ],
  specialist: [
    'Appointments',
    'Patient management',
    'Treatment plans',
    'AI assistant',
    'Smart search',
    'TRT management',
    'Pain psychology',
    'Cancer protocol',
    'Reports',
    'Task list',
    'Classical medicine',
  ],
  researcher: ['Analytics', 'AI assistant', 'Smart search', 'AI research', 'API documentation'],
  user: ['AI assistant'],
};
