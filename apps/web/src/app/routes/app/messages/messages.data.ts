/** /messages: the thread list and, with `?thread=`, the open thread (the keys the screen reads). */
import {
  threadQueryOptions,
  threadsQueryOptions,
} from '../../../../features/messages/api/messages';
import { queryClient } from '../../../../lib/query-client';
import type { RouteDataArgs } from '../../route-data';

export function prefetch({ url }: RouteDataArgs): void {
  void queryClient.prefetchQuery(threadsQueryOptions());
  const thread = url.searchParams.get('thread');
  if (thread) void queryClient.prefetchQuery(threadQueryOptions(thread));
}
