/** /settings: the user's sessions (the account itself is the viewer, already loaded). */
import { sessionsQueryOptions } from '../../../features/settings/api/sessions';
import { queryClient } from '../../../lib/query-client';

export function prefetch(): void {
  void queryClient.prefetchQuery(sessionsQueryOptions);
}
