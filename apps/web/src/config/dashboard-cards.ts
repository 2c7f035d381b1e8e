/**
 * The 14 dashboard sections of SPEC §2, as data. `roles` is the spec's card column; a card is shown
 * only to roles that can also open its route (ARCHITECTURE "Spec readings": the route guards win).
 */
import type { Role } from '@painlab/shared/permissions';
import { canOpen, type Viewer } from '../lib/authorization';
import { getRoute, type RouteId } from './routes';

export const CARD_GROUPS = ['core', 'treatment', 'ai', 'insight'] as const;
export type CardGroup = (typeof CARD_GROUPS)[number];

export type CardId =
  | 'appointments'
  | 'patients'
  | 'treatments'
  | 'analytics'
  | 'aiAssistant'
  | 'smartSearch'
  | 'trtManagement'
  | 'painPsychology'
  | 'cancerProtocols'
  | 'research'
  | 'reports'
  | 'tasks'
  | 'classicalMedicine'
  | 'apiDocs';

export type DashboardCard = {
  id: CardId;
  routeId: RouteId;
  path: string;
  roles: readonly Role[];
  priority: number;
  group: CardGroup;
};

const ALL: readonly Role[] = ['admin', 'specialist', 'researcher', 'user'];

export const DASHBOARD_CARDS: readonly DashboardCard[] = [
  {
    id: 'appointments',
    routeId: 'appointments',
    path: '/appointments',
    roles: ['admin', 'specialist'],
    priority: 1,
    group: 'core',
  },
  {
    id: 'patients',
    routeId: 'patients',
    path: '/patients',
    roles: ['admin', 'specialist', 'researcher'],
    priority: 2,
    group: 'core',
  },
  {
    id: 'treatments',
    routeId: 'treatments',
    path: '/treatments',
    roles: ['admin', 'specialist'],
    priority: 3,
    group: 'treatment',
  },
  {
    id: 'analytics',
    routeId: 'analytics',
    path: '/analytics',
    roles: ['admin', 'specialist', 'researcher'],
    priority: 4,
    group: 'insight',
  },
  {
    id: 'aiAssistant',
    routeId: 'aiAssistant',
    path: '/ai-assistant',
    roles: ALL,
    priority: 5,
    group: 'ai',
  },
  {
    id: 'smartSearch',
    routeId: 'smartSearch',
    path: '/smart-search',
    roles: ['admin', 'specialist', 'researcher'],
    priority: 6,
    group: 'ai',
  },
  {
    id: 'trtManagement',
    routeId: 'trtManagement',
    path: '/trt-management',
    roles: ['admin', 'specialist'],
    priority: 7,
    group: 'treatment',
  },
  {
    id: 'painPsychology',
    routeId: 'painPsychology',
    path: '/pain-psychology',
    roles: ['admin', 'specialist'],
    priority: 8,
    group: 'treatment',
  },
  {
    id: 'cancerProtocols',
    routeId: 'cancerProtocols',
    path: '/cancer-protocols',
    roles: ['admin', 'specialist'],
    priority: 9,
    group: 'treatment',
  },
  {
    id: 'research',
    routeId: 'research',
    path: '/research',
    roles: ['admin', 'researcher'],
    priority: 10,
    group: 'ai',
  },
  {
    id: 'reports',
    routeId: 'reports',
    path: '/reports',
    roles: ['admin', 'specialist', 'researcher'],
    priority: 11,
    group: 'insight',
  },
  {
    id: 'tasks',
    routeId: 'tasks',
    path: '/tasks',
    roles: ['admin', 'specialist'],
    priority: 12,
    group: 'core',
  },
  {
    id: 'classicalMedicine',
    routeId: 'classicalMedicine',
    path: '/classical-medicine',
    roles: ['admin', 'specialist'],
    priority: 13,
    group: 'treatment',
  },
  {
    id: 'apiDocs',
    routeId: 'apiDocs',
    path: '/api-docs',
    roles: ['admin', 'researcher'],
    priority: 14,
    group: 'insight',
  },
];

/** Cards `viewer` may see: listed for the role and openable under the route guard, by priority. */
export function visibleCards(viewer: Viewer): DashboardCard[] {
  return DASHBOARD_CARDS.filter(
    (card) => card.roles.includes(viewer.role) && canOpen(getRoute(card.routeId).access, viewer),
  ).sort((a, b) => a.priority - b.priority);
}

/** Visible cards split into the spec's groups, in group order; empty groups are left out. */
export function groupedCards(viewer: Viewer): { group: CardGroup; cards: DashboardCard[] }[] {
  const cards = visibleCards(viewer);
  return CARD_GROUPS.map((group) => ({
    group,
    cards: cards.filter((c) => c.group === group),
  })).filter((g) => g.cards.length > 0);
}
