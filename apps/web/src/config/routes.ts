/**
 * The route table of SPEC §2 as data: every route, its guard and the screen that renders it.
 * `src/app/router.tsx` turns it into React Router routes; the unit tests check it against the spec.
 */
import type { Action, Resource, Role } from '@painlab/shared/permissions';
import { paths, type PathId } from './paths';

/** SPEC §2: role and permission failures on the listed routes go to the dashboard. */
export const GUARD_REDIRECT = paths.dashboard.path;

export type RouteAccess =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Sign-in and registration: a signed-in visitor is sent on to the dashboard. */
  | { kind: 'guest' }
  /** Any signed-in user. */
  | { kind: 'authenticated' }
  /** Signed in with one of `roles`; otherwise `redirectTo` (generic default "/"). */
  | { kind: 'role'; roles: readonly Role[]; redirectTo?: string }
  /** Signed in with permission `action` on `resource`; otherwise `redirectTo` (generic default "/"). */
  | { kind: 'permission'; resource: Resource; action: Action; redirectTo?: string };

export type Screen =
  | 'landing'
  | 'public-page'
  | 'login'
  | 'register'
  | 'dashboard'
  | 'settings'
  | 'module'
  | 'patients'
  | 'patient-form'
  | 'patient-chart'
  | 'patient-import'
  | 'tasks'
  | 'messages'
  | 'notifications'
  | 'my-record'
  | 'my-record-access'
  | 'outbox'
  | 'not-found';

export type RouteId = Exclude<PathId, 'contactSection'>;

export type RouteDef = {
  id: RouteId;
  path: string;
  access: RouteAccess;
  screen: Screen;
};

const PUBLIC = { kind: 'public' } as const;
const GUEST = { kind: 'guest' } as const;
const SIGNED_IN = { kind: 'authenticated' } as const;
const STAFF = { kind: 'role', roles: ['admin', 'specialist'], redirectTo: GUARD_REDIRECT } as const;

function route(id: RouteId, access: RouteAccess, screen: Screen): RouteDef {
  return { id, path: paths[id].path, access, screen };
}

export const PUBLIC_ROUTES: readonly RouteDef[] = [
  route('home', PUBLIC, 'landing'),
  route('index', PUBLIC, 'landing'),
  route('chronicPainTherapy', PUBLIC, 'public-page'),
  route('stressWorkshops', PUBLIC, 'public-page'),
  route('workshop', PUBLIC, 'public-page'),
  route('workshopUsa', PUBLIC, 'public-page'),
  route('painFree', PUBLIC, 'public-page'),
  route('blog', PUBLIC, 'public-page'),
  route('blogPost', PUBLIC, 'public-page'),
  route('specialist', PUBLIC, 'public-page'),
  route('testimonials', PUBLIC, 'public-page'),
  route('contact', PUBLIC, 'public-page'),
];

export const AUTH_ROUTES: readonly RouteDef[] = [
  route('login', GUEST, 'login'),
  route('register', GUEST, 'register'),
];

export const APP_ROUTES: readonly RouteDef[] = [
  // Open to any signed-in user
  route('dashboard', SIGNED_IN, 'dashboard'),
  route('myPlan', SIGNED_IN, 'module'),
  route('messages', SIGNED_IN, 'messages'),
  route('appointmentsPage', SIGNED_IN, 'module'),
  route('tasks', SIGNED_IN, 'tasks'),
  route('newReport', SIGNED_IN, 'module'),
  route('settings', SIGNED_IN, 'settings'),
  route('research', SIGNED_IN, 'module'),
  route('smartSearch', SIGNED_IN, 'module'),
  route('aiAssistant', SIGNED_IN, 'module'),
  route('notifications', SIGNED_IN, 'notifications'),
  // Not in SPEC §2: the patient's own record and who viewed it (a user without a linked record is told so).
  route('myRecord', SIGNED_IN, 'my-record'),
  route('myRecordAccess', SIGNED_IN, 'my-record-access'),

  // Restricted to admin or specialist
  route('patients', STAFF, 'patients'),
  route('newPatient', STAFF, 'patient-form'),
  route('patient', STAFF, 'patient-chart'),
  route('patientCancerProtocol', STAFF, 'module'),
  route('treatments', STAFF, 'module'),
  route('appointments', STAFF, 'module'),
  route('reports', STAFF, 'module'),
  route('newReportTemplate', STAFF, 'module'),
  route('trtManagement', STAFF, 'module'),
  route('painPsychology', STAFF, 'module'),
  route('cancerProtocols', STAFF, 'module'),

  // Other guards
  route(
    'auditLogs',
    { kind: 'permission', resource: 'audit_logs', action: 'view', redirectTo: GUARD_REDIRECT },
    'module',
  ),
  route(
    'adminRoles',
    { kind: 'permission', resource: 'users', action: 'edit', redirectTo: GUARD_REDIRECT },
    'module',
  ),
  // Issue 9: the message outbox. Messages hold sign-in codes and links: for those who administer
  // accounts (the server's routes ask for the same permission).
  route(
    'adminOutbox',
    { kind: 'permission', resource: 'users', action: 'edit', redirectTo: GUARD_REDIRECT },
    'outbox',
  ),
  route(
    'analytics',
    { kind: 'role', roles: ['admin', 'researcher'], redirectTo: GUARD_REDIRECT },
    'module',
  ),
  // Not given by SPEC §2: guarded by the roles of their dashboard cards.
  route('classicalMedicine', STAFF, 'module'),
  route(
    'apiDocs',
    { kind: 'role', roles: ['admin', 'researcher'], redirectTo: GUARD_REDIRECT },
    'module',
  ),
  // Not given by SPEC §2: parts of the patients module, guarded like /patients.
  route('editPatient', STAFF, 'patient-form'),
  route('importPatients', STAFF, 'patient-import'),
];

export const NOT_FOUND_ROUTE: RouteDef = route('notFound', PUBLIC, 'not-found');

export const ALL_ROUTES: readonly RouteDef[] = [
  ...PUBLIC_ROUTES,
  ...AUTH_ROUTES,
  ...APP_ROUTES,
  NOT_FOUND_ROUTE,
];

const BY_ID = new Map<RouteId, RouteDef>(ALL_ROUTES.map((r) => [r.id, r]));

export function getRoute(id: RouteId): RouteDef {
  const def = BY_ID.get(id);
  if (!def) throw new Error(`Unknown route: ${id}`);
  return def;
}

export function isRouteId(value: unknown): value is RouteId {
  return typeof value === 'string' && BY_ID.has(value as RouteId);
}
