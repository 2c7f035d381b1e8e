/**
 * Navigation as data: the sidebar of the signed-in shell (SPEC §2 "Sidebar") and the public header
 * (SPEC §2 "Public navigation"). Labels are the route titles (`nav:routes.<id>`).
 */
import type { Role } from '@painlab/shared/permissions';
import { canOpen, type Viewer } from '../lib/authorization';
import { paths } from './paths';
import { getRoute, type RouteId } from './routes';

export type SidebarGroupId = 'core' | 'treatments' | 'ai' | 'admin';

export type SidebarItem = {
  routeId: RouteId;
  href: string;
  /** Shown only to these roles even where others could open the route (the patient's own record). */
  onlyRoles?: readonly Role[];
  /** Active only on its own path, not below it (another item lives below it). */
  end?: boolean;
};

export type SidebarGroup = {
  id: SidebarGroupId;
  /** Only these roles see the group at all (the admin group is admin-only). */
  onlyAdmin?: boolean;
  items: readonly SidebarItem[];
};

function item(routeId: RouteId, href?: string): SidebarItem {
  return { routeId, href: href ?? getRoute(routeId).path };
}

const PATIENT_ONLY: readonly Role[] = ['user'];

export const SIDEBAR_GROUPS: readonly SidebarGroup[] = [
  {
    id: 'core',
    items: [
      item('appointments'),
      item('appointmentsPage'),
      item('patients'),
      { ...item('myRecord'), onlyRoles: PATIENT_ONLY, end: true },
      { ...item('myRecordAccess'), onlyRoles: PATIENT_ONLY },
      item('tasks'),
      item('myPlan'),
      item('messages'),
      item('notifications'),
      item('newReport'),
      item('siteContent'),
    ],
  },
  {
    id: 'treatments',
    items: [
      item('treatments', paths.treatments.href()),
      item('painPsychology', paths.painPsychology.href()),
      item('trtManagement', paths.trtManagement.href()),
      item('cancerProtocols'),
      item('classicalMedicine'),
    ],
  },
  {
    id: 'ai',
    items: [item('research'), item('aiAssistant'), item('smartSearch')],
  },
  {
    id: 'admin',
    onlyAdmin: true,
    items: [
      item('auditLogs'),
      item('adminRoles'),
      item('adminOutbox'),
      item('adminContactMessages'),
      item('adminWorkshops'),
      item('analytics'),
      item('reports'),
      item('newReportTemplate'),
      item('apiDocs'),
    ],
  },
];

/** The sidebar for `viewer`: groups they may see, items they may open, empty groups dropped. */
export function sidebarFor(viewer: Viewer): { id: SidebarGroupId; items: SidebarItem[] }[] {
  return SIDEBAR_GROUPS.filter((g) => !g.onlyAdmin || viewer.role === 'admin')
    .map((g) => ({
      id: g.id,
      items: g.items.filter(
        (i) =>
          canOpen(getRoute(i.routeId).access, viewer) &&
          (!i.onlyRoles || i.onlyRoles.includes(viewer.role)),
      ),
    }))
    .filter((g) => g.items.length > 0);
}

export type PublicNavItem =
  | { kind: 'link'; id: 'home' | 'blog' | 'testimonials' | 'contact'; href: string }
  | { kind: 'menu'; id: 'services'; items: readonly { routeId: RouteId; href: string }[] };

/** SPEC §2: Inicio, Servicios (dropdown), Blog, Testimonios, /#contacto. */
export const PUBLIC_NAV: readonly PublicNavItem[] = [
  { kind: 'link', id: 'home', href: paths.home.href() },
  {
    kind: 'menu',
    id: 'services',
    items: [
      { routeId: 'chronicPainTherapy', href: paths.chronicPainTherapy.href() },
      { routeId: 'stressWorkshops', href: paths.stressWorkshops.href() },
      { routeId: 'workshop', href: paths.workshop.href() },
      { routeId: 'painFree', href: paths.painFree.href() },
    ],
  },
  { kind: 'link', id: 'blog', href: paths.blog.href() },
  { kind: 'link', id: 'testimonials', href: paths.testimonials.href() },
  { kind: 'link', id: 'contact', href: paths.contactSection.href() },
];

/** SPEC §2: the logo links to the dashboard (the guard sends signed-out visitors to sign in). */
export const LOGO_HREF = paths.dashboard.href();
