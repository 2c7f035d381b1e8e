import { MATRIX, ROLES, type Role } from '@painlab/shared/permissions';
import { describe, expect, it } from 'vitest';
import { decideAccess, type Viewer } from '../lib/authorization';
import { DASHBOARD_CARDS, groupedCards, visibleCards } from './dashboard-cards';
import { getRoute } from './routes';

const viewer = (role: Role): Viewer => ({ role, permissions: MATRIX[role] });
const ids = (role: Role) => visibleCards(viewer(role)).map((c) => c.id);

describe('dashboard cards (SPEC §2)', () => {
  it('has the 14 sections with their spec path, roles and priority', () => {
    expect(DASHBOARD_CARDS.map((c) => [c.path, c.roles.join(','), c.priority])).toEqual([
      ['/appointments', 'admin,specialist', 1],
      ['/patients', 'admin,specialist,researcher', 2],
      ['/treatments', 'admin,specialist', 3],
      ['/analytics', 'admin,specialist,researcher', 4],
      ['/ai-assistant', 'admin,specialist,researcher,user', 5],
      ['/smart-search', 'admin,specialist,researcher', 6],
      ['/trt-management', 'admin,specialist', 7],
      ['/pain-psychology', 'admin,specialist', 8],
      ['/cancer-protocols', 'admin,specialist', 9],
      ['/research', 'admin,researcher', 10],
      ['/reports', 'admin,specialist,researcher', 11],
      ['/tasks', 'admin,specialist', 12],
      ['/classical-medicine', 'admin,specialist', 13],
      ['/api-docs', 'admin,researcher', 14],
    ]);
  });

  it('puts each card in the spec group', () => {
    const groups = Object.fromEntries(DASHBOARD_CARDS.map((c) => [c.id, c.group]));
    expect(groups).toEqual({
      appointments: 'core',
      patients: 'core',
      tasks: 'core',
      treatments: 'treatment',
      painPsychology: 'treatment',
      trtManagement: 'treatment',
      cancerProtocols: 'treatment',
      classicalMedicine: 'treatment',
      research: 'ai',
      aiAssistant: 'ai',
      smartSearch: 'ai',
      analytics: 'insight',
      reports: 'insight',
      apiDocs: 'insight',
    });
  });

  it('shows a card only to roles that are listed for it and pass its route guard', () => {
    for (const role of ROLES) {
      for (const card of DASHBOARD_CARDS) {
        const expected =
          card.roles.includes(role) &&
          decideAccess(getRoute(card.routeId).access, viewer(role)).allowed;
        expect(ids(role).includes(card.id), `${role} ${card.id}`).toBe(expected);
      }
    }
  });

  it('gives each role exactly its set, by priority', () => {
    expect(ids('admin')).toEqual(DASHBOARD_CARDS.map((c) => c.id));
    expect(ids('specialist')).toEqual([
      'appointments',
      'patients',
      'treatments',
      'aiAssistant',
      'smartSearch',
      'trtManagement',
      'painPsychology',
      'cancerProtocols',
      'reports',
      'tasks',
      'classicalMedicine',
    ]);
    // Route guards win: no Patients card for researchers, no Analytics card for specialists.
    expect(ids('researcher')).toEqual([
      'analytics',
      'aiAssistant',
      'smartSearch',
      'research',
      'apiDocs',
    ]);
    expect(ids('user')).toEqual(['aiAssistant']);
  });

  it('groups the visible cards core → treatment → AI → insight', () => {
    expect(groupedCards(viewer('admin')).map((g) => [g.group, g.cards.map((c) => c.id)])).toEqual([
      ['core', ['appointments', 'patients', 'tasks']],
      [
        'treatment',
        ['treatments', 'trtManagement', 'painPsychology', 'cancerProtocols', 'classicalMedicine'],
      ],
      ['ai', ['aiAssistant', 'smartSearch', 'research']],
      ['insight', ['analytics', 'reports', 'apiDocs']],
    ]);
    expect(groupedCards(viewer('user')).map((g) => g.group)).toEqual(['ai']);
  });
});
