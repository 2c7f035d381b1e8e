/** /appointments: the shown days' appointments, the specialists and the clinic's settings. */
import { appointmentsQueryOptions } from '../../../../features/appointments/api/get-appointments';
import {
  settingsQueryOptions,
  specialistsQueryOptions,
} from '../../../../features/appointments/api/get-reference';
import { agendaFromSearchParams, agendaRange } from '../../../../features/appointments/lib/agenda';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  const range = agendaRange(agendaFromSearchParams(url.searchParams));
  void queryClient.prefetchQuery(appointmentsQueryOptions(range.from, range.to, []));
  void queryClient.prefetchQuery(specialistsQueryOptions());
  void queryClient.prefetchQuery(settingsQueryOptions());
}
