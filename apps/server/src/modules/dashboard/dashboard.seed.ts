/**
 * Demo layouts (SEED_DEMO), made once, when the demo specialist has none: a morning-clinic layout
 * with the agenda first and a follow-up review layout with the alerts and tasks first. Neither is
 * the default, so the dashboard opens on the standard arrangement until someone chooses.
 */
import {
  GRID_COLUMNS,
  LAYOUT_SCHEMA_VERSION,
  type LayoutItem,
  type LayoutSpec,
} from '@painlab/shared/dashboard';
import { DEMO } from '@painlab/shared/personas';
import type { Deps } from '../../http/types';
import { accountIdOf, countLayouts, insertLayout, lockOwner } from './layouts.repository';

const spec = (items: LayoutItem[]): LayoutSpec => ({
  version: LAYOUT_SCHEMA_VERSION,
  columns: GRID_COLUMNS,
  items,
});

const LAYOUTS = [
  {
    name: 'Consulta de mañana',
    layout: spec([
      { i: 'agenda', x: 0, y: 0, w: 8, h: 5 },
      { i: 'alerts', x: 8, y: 0, w: 4, h: 5 },
      { i: 'tasks', x: 0, y: 5, w: 6, h: 4 },
      { i: 'activity', x: 6, y: 5, w: 6, h: 4 },
      { i: 'patientLoad', x: 0, y: 9, w: 12, h: 4 },
    ]),
  },
  {
    name: 'Follow-up review',
    layout: spec([
      { i: 'alerts', x: 0, y: 0, w: 6, h: 5 },
      { i: 'tasks', x: 6, y: 0, w: 6, h: 5 },
      { i: 'patientLoad', x: 0, y: 5, w: 12, h: 4 },
      { i: 'agenda', x: 0, y: 9, w: 6, h: 4 },
      { i: 'activity', x: 6, y: 9, w: 6, h: 4 },
    ]),
  },
];

export async function seedDemoLayouts(deps: Deps): Promise<number> {
  const userId = await accountIdOf(deps.database.db, DEMO.specialist);
  if (!userId) return 0;
  return deps.database.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    if ((await countLayouts(tx, userId)) > 0) return 0;
    for (const l of LAYOUTS) await insertLayout(tx, userId, { ...l, isDefault: false });
    return LAYOUTS.length;
  });
}
