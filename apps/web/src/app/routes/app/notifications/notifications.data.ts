/** /notifications: the list (the key the screen reads). */
import { notificationsQueryOptions } from '../../../../features/notifications/api/notifications';
import { queryClient } from '../../../../lib/query-client';

export function prefetch(): void {
  void queryClient.prefetchQuery(notificationsQueryOptions());
}
