/** /dashboard: the widgets' summary and the saved layouts start with the screen's code. */
import { layoutsQueryOptions } from '../../../features/dashboard/api/layouts';
import { summaryQueryOptions } from '../../../features/dashboard/api/summary';
import { queryClient } from '../../../lib/query-client';

export function prefetch(): void {
  void queryClient.prefetchQuery(summaryQueryOptions());
  void queryClient.prefetchQuery(layoutsQueryOptions);
}
