/** /appointments-page: the patient's own appointments (with the clinic's booking rules). */
import { myAppointmentsQueryOptions } from '../../../../features/appointments/api/get-my-appointments';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch(_args: RouteDataArgs): void {
  void queryClient.prefetchQuery(myAppointmentsQueryOptions());
}
