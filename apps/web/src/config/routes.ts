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
  /** A page the server renders (the public site, docs/decisions/0017): the route leaves for it. */
  | 'site-page'
  | 'public-page'
  | 'login'
  | 'register'
  | 'forgot-password'
  | 'reset-password'
  | 'staff-invitation'
  | 'dashboard'
  | 'settings'
  | 'module'
  | 'patients'
  | 'patient-form'
  | 'patient-chart'
  | 'patient-import'
  | 'tasks'
  | 'appointments'
  | 'my-appointments'
  | 'messages'
  | 'notifications'
  | 'my-record'
  | 'my-record-access'
  | 'outbox'
  | 'audit-logs'
  | 'users'
  | 'contact-messages'
  | 'workshops-admin'
  | 'site-content'
  | 'questionnaire-fill'
  | 'questionnaire-link'
  | 'appointment-confirm-link'
  | 'appointment-cancel-link'
  | 'waitlist-offer-link'
  | 'no-show-report'
  | 'availability'
  | 'treatments'
  | 'my-plan'
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
  route('home', PUBLIC, 'site-page'),
  route('index', PUBLIC, 'site-page'),
  route('chronicPainTherapy', PUBLIC, 'site-page'),
  route('stressWorkshops', PUBLIC, 'site-page'),
  route('workshop', PUBLIC, 'site-page'),
  route('workshopUsa', PUBLIC, 'site-page'),
  route('painFree', PUBLIC, 'site-page'),
  route('blog', PUBLIC, 'site-page'),
  route('blogPost', PUBLIC, 'site-page'),
  route('specialist', PUBLIC, 'site-page'),
  route('testimonials', PUBLIC, 'site-page'),
  route('contact', PUBLIC, 'site-page'),
  // Not in SPEC §2 (ADR 0016): a questionnaire notice's link, filled without signing in.
  route('questionnaireLink', PUBLIC, 'questionnaire-link'),
  // Not in SPEC §2 (ADR 0021): an appointment reminder's confirm and cancel links.
  route('appointmentConfirmLink', PUBLIC, 'appointment-confirm-link'),
  route('appointmentCancelLink', PUBLIC, 'appointment-cancel-link'),
  // Not in SPEC §2 (ADR 0032): a waitlist offer's link, taken or declined without signing in.
  route('waitlistOfferLink', PUBLIC, 'waitlist-offer-link'),
];

export const AUTH_ROUTES: readonly RouteDef[] = [
  route('login', GUEST, 'login'),
  route('register', GUEST, 'register'),
  // Issue 9: password recovery (the reset link works for anyone holding it, signed in or not)
  route('forgotPassword', GUEST, 'forgot-password'),
  route('resetPassword', PUBLIC, 'reset-password'),
  // Issue 9 (ADR 0031): a staff invitation's link, for anyone holding it
  route('staffInvitation', PUBLIC, 'staff-invitation'),
];

export const APP_ROUTES: readonly RouteDef[] = [
  // Open to any signed-in user
  route('dashboard', SIGNED_IN, 'dashboard'),
  route('myPlan', SIGNED_IN, 'my-plan'),
  route('messages', SIGNED_IN, 'messages'),
  route('appointmentsPage', SIGNED_IN, 'my-appointments'),
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
  // Not in SPEC §2 (ADR 0016): a questionnaire to fill (the server decides whose).
  route('questionnaire', SIGNED_IN, 'questionnaire-fill'),

  // Restricted to admin or specialist
  route('patients', STAFF, 'patients'),
  route('newPatient', STAFF, 'patient-form'),
  route('patient', STAFF, 'patient-chart'),
  route('patientCancerProtocol', STAFF, 'module'),
  route('treatments', STAFF, 'treatments'),
  route('appointments', STAFF, 'appointments'),
  // Not in SPEC §2: working hours (the server lets a specialist edit only their own)
  route('availability', STAFF, 'availability'),
  route('reports', STAFF, 'module'),
  route('newReportTemplate', STAFF, 'module'),
  route('trtManagement', STAFF, 'module'),
  route('painPsychology', STAFF, 'module'),
  route('cancerProtocols', STAFF, 'module'),

  // Other guards
  route(
    'auditLogs',
    { kind: 'permission', resource: 'audit_logs', action: 'view', redirectTo: GUARD_REDIRECT },
    'audit-logs',
  ),
  route(
    'adminRoles',
    { kind: 'permission', resource: 'users', action: 'edit', redirectTo: GUARD_REDIRECT },
    'users',
  ),
  // Issue 9: the message outbox. Messages hold sign-in codes and links: for those who administer
  // accounts (the server's routes ask for the same permission).
  // Not in SPEC §2 (ADR 0021): no-shows per month and specialist (the server asks the same).
  route(
    'noShowReport',
    { kind: 'permission', resource: 'appointments', action: 'delete', redirectTo: GUARD_REDIRECT },
    'no-show-report',
  ),
  route(
    'adminOutbox',
    { kind: 'permission', resource: 'users', action: 'edit', redirectTo: GUARD_REDIRECT },
    'outbox',
  ),
  // Issue 10: messages from the public site's contact form (names, addresses): administrators, as
  // the server's routes
  route(
    'adminContactMessages',
    { kind: 'permission', resource: 'users', action: 'edit', redirectTo: GUARD_REDIRECT },
    'contact-messages',
  ),
  // Issue 10: workshops, their registrations and waitlist (names, addresses): administrators
  route(
    'adminWorkshops',
    { kind: 'permission', resource: 'users', action: 'edit', redirectTo: GUARD_REDIRECT },
    'workshops-admin',
  ),
  // Issue 10 (ADR 0027): the public site's content; specialists edit their own profile and posts
  route(
    'siteContent',
    { kind: 'permission', resource: 'site_content', action: 'view', redirectTo: GUARD_REDIRECT },
    'site-content',
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
