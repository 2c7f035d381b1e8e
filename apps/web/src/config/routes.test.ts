import type { Role } from '@painlab/shared/permissions';
import { MATRIX, ROLES } from '@painlab/shared/permissions';
import { describe, expect, it } from 'vitest';
import { decideAccess, type Viewer } from '../lib/authorization';
import { ALL_ROUTES, APP_ROUTES, AUTH_ROUTES, PUBLIC_ROUTES, type RouteDef } from './routes';

/** SPEC §2, copied by hand from the tables: path → guard. */
const SPEC_PUBLIC = [
  '/',
  '/index',
  '/servicios/terapia-dolor-cronico',
  '/servicios/talleres-manejo-estres',
  '/taller',
  '/taller-USA',
  '/cerodolor',
  '/blog',
  '/blog/:slug',
  '/especialistas/:id',
  '/testimonios',
  '/contacto',
];
const SPEC_ANY_SIGNED_IN = [
  '/dashboard',
  '/my-plan',
  '/messages',
  '/appointments-page',
  '/tasks',
  '/reports/new',
  '/settings',
  '/research',
  '/smart-search',
  '/ai-assistant',
  '/notifications',
];
const SPEC_ADMIN_OR_SPECIALIST = [
  '/patients',
  '/patients/new',
  '/patients/:id',
  '/patients/:id/cancer-protocol',
  '/treatments/:id?',
  '/appointments',
  '/reports',
  '/reports/templates/new',
  '/trt-management/:id?',
  '/pain-psychology/:id?',
  '/cancer-protocols',
];

const viewer = (role: Role): Viewer => ({ role, permissions: MATRIX[role] });

function byPath(path: string): RouteDef {
  const def = ALL_ROUTES.find((r) => r.path === path);
  if (!def) throw new Error(`missing route ${path}`);
  return def;
}

describe('route table (SPEC §2)', () => {
  it('has every public route, open to anyone', () => {
    for (const path of SPEC_PUBLIC) expect(byPath(path).access, path).toEqual({ kind: 'public' });
    // plus the page a questionnaire notice's link opens (ADR 0016) and a reminder's (ADR 0021)
    expect(PUBLIC_ROUTES.map((r) => r.path).sort()).toEqual(
      [
        ...SPEC_PUBLIC,
        '/cuestionario',
        '/cita/confirmar',
        '/cita/anular',
        '/cita/lista-espera',
      ].sort(),
    );
  });

  it('leaves / and /index for the site pages the server renders', () => {
    expect(byPath('/').screen).toBe('site-page');
    expect(byPath('/index').screen).toBe('site-page');
    expect(byPath('/taller').screen).toBe('site-page');
  });

  it('has /login and /register for signed-out visitors, and password recovery', () => {
    expect(AUTH_ROUTES.map((r) => [r.path, r.access.kind])).toEqual([
      ['/login', 'guest'],
      ['/register', 'guest'],
      ['/forgot-password', 'guest'],
      // the e-mailed link works for whoever holds it, signed in or not
      ['/reset-password', 'public'],
      // a staff invitation's link (ADR 0031), likewise
      ['/invitation', 'public'],
    ]);
  });

  it('opens the listed routes to any signed-in user', () => {
    for (const path of SPEC_ANY_SIGNED_IN)
      expect(byPath(path).access, path).toEqual({ kind: 'authenticated' });
  });

  it('restricts the listed routes to admin or specialist, redirecting to /dashboard', () => {
    for (const path of SPEC_ADMIN_OR_SPECIALIST) {
      expect(byPath(path).access, path).toEqual({
        kind: 'role',
        roles: ['admin', 'specialist'],
        redirectTo: '/dashboard',
      });
    }
  });

  it('guards /audit-logs by audit_logs:view and /admin/roles by users:edit', () => {
    expect(byPath('/audit-logs').access).toEqual({
      kind: 'permission',
      resource: 'audit_logs',
      action: 'view',
      redirectTo: '/dashboard',
    });
    expect(byPath('/admin/roles').access).toEqual({
      kind: 'permission',
      resource: 'users',
      action: 'edit',
      redirectTo: '/dashboard',
    });
  });

  it('opens /analytics to admin or researcher', () => {
    expect(byPath('/analytics').access).toEqual({
      kind: 'role',
      roles: ['admin', 'researcher'],
      redirectTo: '/dashboard',
    });
  });

  it('guards /classical-medicine and /api-docs by the roles of their dashboard cards', () => {
    expect(byPath('/classical-medicine').access).toEqual({
      kind: 'role',
      roles: ['admin', 'specialist'],
      redirectTo: '/dashboard',
    });
    expect(byPath('/api-docs').access).toEqual({
      kind: 'role',
      roles: ['admin', 'researcher'],
      redirectTo: '/dashboard',
    });
  });

  it('opens the patient portal to any signed-in user and the patient import and edit form to staff', () => {
    expect(byPath('/my-record').access).toEqual({ kind: 'authenticated' });
    expect(byPath('/my-record/access').access).toEqual({ kind: 'authenticated' });
    for (const path of ['/patients/import', '/patients/:id/edit']) {
      expect(byPath(path).access, path).toEqual({
        kind: 'role',
        roles: ['admin', 'specialist'],
        redirectTo: '/dashboard',
      });
    }
  });

  it('renders the patients module, not the placeholder, on its routes', () => {
    expect(byPath('/patients').screen).toBe('patients');
    expect(byPath('/patients/new').screen).toBe('patient-form');
    expect(byPath('/patients/:id/edit').screen).toBe('patient-form');
    expect(byPath('/patients/:id').screen).toBe('patient-chart');
    expect(byPath('/patients/import').screen).toBe('patient-import');
    expect(byPath('/patients/:id/cancer-protocol').screen).toBe('module');
  });

  it('lists exactly the spec routes in the signed-in area, plus the portal, patient import/edit and the outbox', () => {
    const expected = [
      ...SPEC_ANY_SIGNED_IN,
      ...SPEC_ADMIN_OR_SPECIALIST,
      '/audit-logs',
      '/admin/roles',
      '/admin/outbox',
      '/admin/contact-messages',
      '/admin/workshops',
      '/site-content',
      '/analytics',
      '/classical-medicine',
      '/api-docs',
      '/my-record',
      '/my-record/access',
      '/patients/import',
      '/patients/:id/edit',
      '/questionnaires/:id',
      '/appointments/no-shows',
      '/appointments/availability',
    ];
    expect(APP_ROUTES.map((r) => r.path).sort()).toEqual(expected.sort());
  });

  it('ends with the not-found page for any other path', () => {
    expect(ALL_ROUTES.at(-1)).toMatchObject({
      path: '*',
      screen: 'not-found',
      access: { kind: 'public' },
    });
  });

  it('has unique ids and paths', () => {
    expect(new Set(ALL_ROUTES.map((r) => r.id)).size).toBe(ALL_ROUTES.length);
    expect(new Set(ALL_ROUTES.map((r) => r.path)).size).toBe(ALL_ROUTES.length);
  });

  it('decides every signed-in route per role as the spec says', () => {
    const opens = (path: string, role: Role) =>
      decideAccess(byPath(path).access, viewer(role)).allowed;
    for (const role of ROLES) {
      for (const path of SPEC_ANY_SIGNED_IN)
        expect(opens(path, role), `${role} ${path}`).toBe(true);
      for (const path of SPEC_ADMIN_OR_SPECIALIST) {
        expect(opens(path, role), `${role} ${path}`).toBe(
          role === 'admin' || role === 'specialist',
        );
      }
      expect(opens('/audit-logs', role)).toBe(role === 'admin');
      expect(opens('/admin/roles', role)).toBe(role === 'admin');
      expect(opens('/admin/outbox', role)).toBe(role === 'admin');
      expect(opens('/admin/contact-messages', role)).toBe(role === 'admin');
      expect(opens('/analytics', role)).toBe(role === 'admin' || role === 'researcher');
    }
  });

  it('sends signed-out visitors of any signed-in route to sign in', () => {
    for (const def of APP_ROUTES) {
      expect(decideAccess(def.access, null), def.path).toEqual({
        allowed: false,
        reason: 'unauthenticated',
      });
    }
  });
});
