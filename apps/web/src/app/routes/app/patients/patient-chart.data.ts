/**
 * /patients/:id: the record, on navigation only. Every read of a chart is an audited access, so a
 * hover over a row (intent) loads the chart's code but never the patient's data.
 */
import { patientQueryOptions } from '../../../../features/patients/api/get-patient';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ params, reason }: RouteDataArgs): void {
  if (reason !== 'navigate' || !params.id) return;
  void queryClient.prefetchQuery(patientQueryOptions(params.id));
}
