/**
 * Pure helpers of the layout editor: where each widget goes, and the keyboard moves (arrows swap a
 * widget with its nearest neighbour that way; Shift + arrows resize it), kept inside the grid.
 */
import {
  GRID_COLUMNS,
  type LayoutItem,
  type LayoutSpec,
  type WidgetId,
} from '@painlab/shared/dashboard-constants';

/** The layout's placements of the widgets this viewer has, in reading order; missing ones last. */
export function placements(layout: LayoutSpec, visible: readonly WidgetId[]): LayoutItem[] {
  const placed = layout.items.filter((item) => visible.includes(item.i));
  const bottom = placed.reduce((max, item) => Math.max(max, item.y + item.h), 0);
  const missing = visible
    .filter((id) => !placed.some((item) => item.i === id))
    .map((i, n): LayoutItem => ({ i, x: 0, y: bottom + n * 4, w: GRID_COLUMNS, h: 4 }));
  return [...placed, ...missing].sort((a, b) => a.y - b.y || a.x - b.x);
}

export type Direction = 'up' | 'down' | 'left' | 'right';

const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/** The nearest widget beside `item` in `dir` (sharing rows for left/right, columns for up/down). */
function neighbour(items: LayoutItem[], item: LayoutItem, dir: Direction): LayoutItem | null {
  const candidates = items.filter((o) => {
    if (o.i === item.i) return false;
    if (dir === 'left' || dir === 'right') {
      if (!overlaps(o.y, o.y + o.h, item.y, item.y + item.h)) return false;
      return dir === 'left' ? o.x < item.x : o.x > item.x;
    }
    if (!overlaps(o.x, o.x + o.w, item.x, item.x + item.w)) return false;
    return dir === 'up' ? o.y < item.y : o.y > item.y;
  });
  const distance = (o: LayoutItem) =>
    dir === 'left' || dir === 'right' ? Math.abs(o.x - item.x) : Math.abs(o.y - item.y);
  return candidates.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

const fit = (item: LayoutItem): LayoutItem => ({
  ...item,
  x: Math.max(0, Math.min(item.x, GRID_COLUMNS - item.w)),
});

/** Swaps the widget with its neighbour in `dir`; unchanged if there is none. */
export function moveWidget(items: LayoutItem[], id: WidgetId, dir: Direction): LayoutItem[] {
  const item = items.find((i) => i.i === id);
  if (!item) return items;
  const other = neighbour(items, item, dir);
  if (!other) return items;
  return items.map((i) => {
    if (i.i === item.i) return fit({ ...i, x: other.x, y: other.y });
    if (i.i === other.i) return fit({ ...i, x: item.x, y: item.y });
    return i;
  });
}

/** Grows or shrinks the widget by one cell (width 2–12, height 2–12), inside the grid. */
export function resizeWidget(items: LayoutItem[], id: WidgetId, dir: Direction): LayoutItem[] {
  return items.map((i) => {
    if (i.i !== id) return i;
    const w = dir === 'right' ? i.w + 1 : dir === 'left' ? i.w - 1 : i.w;
    const h = dir === 'down' ? i.h + 1 : dir === 'up' ? i.h - 1 : i.h;
    return fit({
      ...i,
      w: Math.max(2, Math.min(GRID_COLUMNS, w)),
      h: Math.max(2, Math.min(12, h)),
    });
  });
}
