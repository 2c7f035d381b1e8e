/**
 * One realtime connection per signed-in page (ADR 0018): an EventSource on `/api/events` whose events
 * (ids only) invalidate the cached queries they concern — 'messages' and 'notifications' keys — so
 * open screens refetch what changed through the audited API. The browser reconnects by itself with
 * the last event id (the server replays what was missed). While the stream is down, the same queries
 * are refreshed every 20 s (polling fallback); when it is back, everything is refreshed once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const POLL_MS = 20_000;
const RECONNECT_MS = 10_000;

const KEYS_OF: Record<string, readonly string[]> = {
  'message.created': ['messages', 'notifications'],
  'message.read': ['messages', 'notifications'],
  'notification.created': ['notifications'],
  'notification.read': ['notifications'],
};

export function useEventStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let poll: number | undefined;
    let reconnect: number | undefined;
    let down = false;
    const refresh = (keys: readonly string[]) => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    const startPolling = () => {
      poll ??= window.setInterval(() => refresh(['messages', 'notifications']), POLL_MS);
    };
    const stopPolling = () => {
      window.clearInterval(poll);
      poll = undefined;
    };
    const connect = () => {
      source = new EventSource('/api/events');
      source.addEventListener('ready', () => {
        stopPolling();
        if (down) refresh(['messages', 'notifications']);
        down = false;
      });
      for (const [kind, keys] of Object.entries(KEYS_OF))
        source.addEventListener(kind, () => refresh(keys));
      source.onerror = () => {
        down = true;
        startPolling();
        // refused (signed out, server error): the browser gives up; try again later ourselves
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reconnect = window.setTimeout(connect, RECONNECT_MS);
        }
      };
    };
    connect();
    return () => {
      stopPolling();
      window.clearTimeout(reconnect);
      source?.close();
    };
  }, [enabled, queryClient]);
}
