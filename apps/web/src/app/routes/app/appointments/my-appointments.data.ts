/** /appointments-page: the patient's own appointments (with the clinic's booking rules). */
import type { MeResponse } from '@painlab/shared/auth';
import { myAppointmentsQueryOptions } from '../../../../features/appointments/api/get-my-appointments';
import { can } from '../../../../lib/authorization';
import { queryClient, VIEWER_QUERY_KEY } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch(_args: RouteDataArgs): void {
  // the page is open to everyone signed in; the data only to those who may view appointments
  const me = queryClient.getQueryData<MeResponse | null>(VIEWER_QUERY_KEY);
  if (!me || !can({ role: me.role, permissions: me.permissions }, 'appointments', 'view')) return;
  void queryClient.prefetchQuery(myAppointmentsQueryOptions());
}
