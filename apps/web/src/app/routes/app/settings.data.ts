/** /settings: the user's sessions and notification choices (the account is the viewer, loaded). */
import { preferencesQueryOptions } from '../../../features/settings/api/notification-preferences';
import { phoneQueryOptions } from '../../../features/settings/api/phone';
import { sessionsQueryOptions } from '../../../features/settings/api/sessions';
import { queryClient } from '../../../lib/query-client';

export function prefetch(): void {
  void queryClient.prefetchQuery(sessionsQueryOptions);
  void queryClient.prefetchQuery(preferencesQueryOptions);
  void queryClient.prefetchQuery(phoneQueryOptions);
}
