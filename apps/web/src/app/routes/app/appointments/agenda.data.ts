/** /appointments: the shown days' appointments, the specialists and the clinic's settings. */
import { appointmentsQueryOptions } from '../../../../features/appointments/api/get-appointments';
import {
  settingsQueryOptions,
  specialistsQueryOptions,
} from '../../../../features/appointments/api/get-reference';
import {
  agendaFromSearchParams,
  agendaQueryIds,
  agendaRange,
} from '../../../../features/appointments/lib/agenda';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  const state = agendaFromSearchParams(url.searchParams);
  const range = agendaRange(state);
  // what the screen will ask for; a month without specialists in the URL waits for the list
  const ids = agendaQueryIds(state, null);
  if (ids) void queryClient.prefetchQuery(appointmentsQueryOptions(range.from, range.to, ids));
  void queryClient.prefetchQuery(specialistsQueryOptions());
  void queryClient.prefetchQuery(settingsQueryOptions());
}
