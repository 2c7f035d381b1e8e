import { DEFAULT_LAYOUT } from '@painlab/shared/dashboard-constants';
import { describe, expect, it } from 'vitest';
import { moveWidget, placements, resizeWidget } from './layout-moves';

const items = placements(DEFAULT_LAYOUT, ['alerts', 'agenda', 'tasks', 'patientLoad', 'activity']);
const at = (list: typeof items, id: string) => list.find((i) => i.i === id)!;

describe('layout moves', () => {
  it('keeps only the visible widgets and places missing ones below', () => {
    const two = placements({ ...DEFAULT_LAYOUT, items: [{ i: 'tasks', x: 0, y: 0, w: 6, h: 4 }] }, [
      'agenda',
      'tasks',
    ]);
    expect(two.map((i) => i.i)).toEqual(['tasks', 'agenda']);
    expect(at(two, 'agenda')).toMatchObject({ x: 0, y: 4, w: 12 });
  });

  it('swaps a widget with its neighbour by arrow', () => {
    const right = moveWidget(items, 'alerts', 'right');
    expect(at(right, 'alerts')).toMatchObject({ x: 6, y: 0 });
    expect(at(right, 'agenda')).toMatchObject({ x: 0, y: 0 });
    const down = moveWidget(items, 'alerts', 'down');
    expect(at(down, 'alerts')).toMatchObject({ x: 0, y: 4 });
    expect(at(down, 'tasks')).toMatchObject({ x: 0, y: 0 });
    // nothing to the left: unchanged
    expect(moveWidget(items, 'alerts', 'left')).toBe(items);
  });

  it('a swapped wide widget stays inside the grid', () => {
    const up = moveWidget(items, 'activity', 'up');
    expect(at(up, 'activity').x + at(up, 'activity').w).toBeLessThanOrEqual(12);
  });

  it('resizes within 2–12 cells', () => {
    expect(at(resizeWidget(items, 'alerts', 'right'), 'alerts').w).toBe(7);
    expect(at(resizeWidget(items, 'activity', 'right'), 'activity').w).toBe(12);
    let shrunk = items;
    for (let n = 0; n < 10; n++) shrunk = resizeWidget(shrunk, 'alerts', 'up');
    expect(at(shrunk, 'alerts').h).toBe(2);
    // widening at the right edge moves it left rather than out of the grid
    const wide = resizeWidget(items, 'agenda', 'right');
    expect(at(wide, 'agenda')).toMatchObject({ x: 5, w: 7 });
  });
});
