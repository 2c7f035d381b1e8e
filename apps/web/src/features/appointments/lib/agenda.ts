/** The agenda screen's state in the URL (view, day, layout, specialists) and its grid geometry. */
import { DEFAULT_TIME_ZONE } from '@painlab/shared/appointments';
import { daysOf, isDay, rangeFor, todayIn } from './zoned';

export const AGENDA_VIEWS = ['day', 'week'] as const;
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
    view: view === 'week' ? 'week' : 'day',
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

/** The instants the screen asks for (every specialist: the selection is applied on screen). */
export function agendaRange(state: AgendaState) {
  return rangeFor(daysOf(state.view, state.date));
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
