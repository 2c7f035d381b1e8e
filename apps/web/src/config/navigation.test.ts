import { MATRIX, ROLES, type Role } from '@painlab/shared/permissions';
import { describe, expect, it } from 'vitest';
import { decideAccess, type Viewer } from '../lib/authorization';
import { PUBLIC_NAV, SIDEBAR_GROUPS, sidebarFor, LOGO_HREF } from './navigation';
import { getRoute } from './routes';

const viewer = (role: Role): Viewer => ({ role, permissions: MATRIX[role] });

describe('sidebar (SPEC §2)', () => {
  it('has the core, treatments, AI and admin groups with the spec items', () => {
    const groups = Object.fromEntries(
      SIDEBAR_GROUPS.map((g) => [g.id, g.items.map((i) => i.routeId)]),
    );
    expect(groups.core).toEqual(expect.arrayContaining(['appointments', 'patients', 'tasks']));
    expect(groups.treatments).toEqual([
      'treatments',
      'painPsychology',
      'trtManagement',
      'cancerProtocols',
      'classicalMedicine',
    ]);
    expect(groups.ai).toEqual(['research', 'aiAssistant', 'smartSearch']);
    expect(groups.admin).toEqual(
      expect.arrayContaining(['auditLogs', 'adminRoles', 'analytics', 'reports', 'apiDocs']),
    );
  });

  it('shows the admin group only to admin', () => {
    for (const role of ROLES) {
      expect(
        sidebarFor(viewer(role)).some((g) => g.id === 'admin'),
        role,
      ).toBe(role === 'admin');
    }
  });

  it('lists only routes the role can open, and drops empty groups', () => {
    for (const role of ROLES) {
      for (const group of sidebarFor(viewer(role))) {
        expect(group.items.length).toBeGreaterThan(0);
        for (const item of group.items) {
          expect(
            decideAccess(getRoute(item.routeId).access, viewer(role)).allowed,
            `${role} ${item.routeId}`,
          ).toBe(true);
        }
      }
    }
    expect(sidebarFor(viewer('user')).map((g) => g.id)).toEqual(['core', 'ai']);
    expect(sidebarFor(viewer('researcher')).map((g) => g.id)).toEqual(['core', 'ai']);
    expect(sidebarFor(viewer('specialist')).map((g) => g.id)).toEqual(['core', 'treatments', 'ai']);
  });

  it('shows the patient portal (my record, who viewed it) to patients only', () => {
    for (const role of ROLES) {
      const ids = sidebarFor(viewer(role)).flatMap((g) => g.items.map((i) => i.routeId));
      expect(ids.includes('myRecord'), role).toBe(role === 'user');
      expect(ids.includes('myRecordAccess'), role).toBe(role === 'user');
    }
  });

  it('links items without optional ids', () => {
    const hrefs = SIDEBAR_GROUPS.flatMap((g) => g.items.map((i) => i.href));
    expect(hrefs.every((h) => !h.includes(':'))).toBe(true);
  });
});

describe('public navigation (SPEC §2)', () => {
  it('is Inicio, Servicios (4 links), Blog, Testimonios, /#contacto; the logo goes to /dashboard', () => {
    expect(
      PUBLIC_NAV.map((i) => (i.kind === 'menu' ? i.items.map((s) => s.href) : i.href)),
    ).toEqual([
      '/',
      [
        '/servicios/terapia-dolor-cronico',
        '/servicios/talleres-manejo-estres',
        '/taller',
        '/cerodolor',
      ],
      '/blog',
      '/testimonios',
      '/#contacto',
    ]);
    expect(LOGO_HREF).toBe('/dashboard');
  });
});
