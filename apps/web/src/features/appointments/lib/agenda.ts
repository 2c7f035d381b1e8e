/** The agenda screen's state in the URL (view, day, layout, specialists) and its grid geometry. */
import { DEFAULT_TIME_ZONE } from '@painlab/shared/appointments';
import { addDays, addMonths, daysOf, isDay, rangeFor, todayIn } from './zoned';

export const AGENDA_VIEWS = ['day', 'week', 'month'] as const;
export const AGENDA_LAYOUTS = ['grid', 'list'] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];
export type AgendaLayout = (typeof AGENDA_LAYOUTS)[number];

export type AgendaState = {
  view: AgendaView;
  date: string;
  layout: AgendaLayout;
  /** Specialists shown side by side; empty: the default (the viewer, or the first ones). */
  specialists: string[];
};

export function agendaFromSearchParams(params: URLSearchParams, now = new Date()): AgendaState {
  const view = params.get('view');
  const layout = params.get('layout');
  const date = params.get('date');
  return {
    view: view === 'week' || view === 'month' ? view : 'day',
    layout: layout === 'list' ? 'list' : 'grid',
    date: isDay(date) ? date : todayIn(DEFAULT_TIME_ZONE, now),
    specialists: (params.get('s') ?? '')
      .split(',')
      .filter((s) => s && s.length <= 100)
      .slice(0, 6),
  };
}

export function agendaSearch(state: AgendaState): URLSearchParams {
  const q = new URLSearchParams();
  if (state.view !== 'day') q.set('view', state.view);
  if (state.layout !== 'grid') q.set('layout', state.layout);
  q.set('date', state.date);
  if (state.specialists.length) q.set('s', state.specialists.join(','));
  return q;
}

/**
 * Whose appointments the screen asks for: every specialist's for a day or a week (`[]`); for a
 * month only those shown: the URL's, or the default selection once the specialists are known
 * (`selected`; null while they are not: nothing to ask yet). The route's loader asks the same.
 */
export function agendaQueryIds(
  state: Pick<AgendaState, 'view' | 'specialists'>,
  selected: string[] | null,
): string[] | null {
  if (state.view !== 'month') return [];
  return state.specialists.length ? state.specialists : selected;
}

/** The instants the screen asks for (every specialist: the selection is applied on screen). */
export function agendaRange(state: AgendaState) {
  return rangeFor(daysOf(state.view, state.date));
}

/** The date one step before (-1) or after (1): a day, a week or a month. */
export function stepDate(state: Pick<AgendaState, 'view' | 'date'>, direction: 1 | -1): string {
  if (state.view === 'month') return addMonths(state.date, direction);
  return addDays(state.date, direction * (state.view === 'day' ? 1 : 7));
}

/** Where a dragged visit lands: whole quarter hours. */
export const DROP_STEP_MINUTES = 15;

/**
 * The new start of a visit dragged by `deltaY` pixels on the time grid, from its start `minutes`:
 * snapped to quarter hours and kept on the day (a visit is never dragged past midnight).
 */
export function droppedMinutes(minutes: number, deltaY: number, duration: number): number {
  const moved = minutes + deltaY / PX_PER_MINUTE;
  const snapped = Math.round(moved / DROP_STEP_MINUTES) * DROP_STEP_MINUTES;
  return Math.min(Math.max(snapped, 0), 24 * 60 - Math.max(duration, DROP_STEP_MINUTES));
}

/** The grid shows 07:00–21:00; visits outside are drawn at its edge. */
export const GRID_START_MINUTES = 7 * 60;
export const GRID_END_MINUTES = 21 * 60;
export const PX_PER_MINUTE = 1.1;

export function gridBox(startMinutes: number, endMinutes: number) {
  const top = Math.max(startMinutes, GRID_START_MINUTES) - GRID_START_MINUTES;
  const bottom =
    Math.min(Math.max(endMinutes, startMinutes + 15), GRID_END_MINUTES) - GRID_START_MINUTES;
  return { top: top * PX_PER_MINUTE, height: Math.max(bottom - top, 15) * PX_PER_MINUTE };
}
