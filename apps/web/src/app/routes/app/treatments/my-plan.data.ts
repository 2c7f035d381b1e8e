/** /my-plan: the patient's plan starts with the code (the key `useMyPlan` reads). */
import type { MeResponse } from '@painlab/shared/auth';
import { myPlanQueryOptions } from '../../../../features/treatments/api/treatments-api';
import { can } from '../../../../lib/authorization';
import { queryClient, VIEWER_QUERY_KEY } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch(_args: RouteDataArgs): void {
  // the page is open to everyone signed in; the data only to those who may view treatments
  const me = queryClient.getQueryData<MeResponse | null>(VIEWER_QUERY_KEY);
  if (!me || !can({ role: me.role, permissions: me.permissions }, 'treatments', 'view')) return;
  void queryClient.prefetchQuery(myPlanQueryOptions());
}
