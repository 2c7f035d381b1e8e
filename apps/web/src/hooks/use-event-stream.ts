/**
 * One realtime connection per signed-in page (ADR 0018): an EventSource on `/api/events` whose events
 * (ids only) invalidate the cached queries they concern — 'messages', 'notifications', 'tasks',
 * 'dashboard', 'appointments' keys — so open screens refetch what changed through the audited API. The browser
 * reconnects by itself with the last event id (the server replays what was missed). While the stream
 * is down, the same queries are refreshed every 20 s (polling fallback); when it is back, everything
 * is refreshed once. Tested in `use-event-stream.test.tsx`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const POLL_MS = 20_000;
const RECONNECT_MS = 10_000;

const KEYS_OF: Record<string, readonly string[]> = {
  'message.created': ['messages', 'notifications', 'dashboard'],
  'message.read': ['messages', 'notifications'],
  'notification.created': ['notifications', 'dashboard'],
  'notification.read': ['notifications'],
  // a task was created, changed, moved or commented: open task lists and the board refetch
  'task.changed': ['tasks', 'dashboard'],
  // a waitlist offer was made or ended: the appointments pages and their waitlist panels refetch
  'appointment.changed': ['appointments'],
};

/** What the stream keeps fresh: refreshed by polling while it is down, and once when it is back. */
const EVERY_KEY = [...new Set(Object.values(KEYS_OF).flat())];

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
      poll ??= window.setInterval(() => refresh(EVERY_KEY), POLL_MS);
    };
    const stopPolling = () => {
      window.clearInterval(poll);
      poll = undefined;
    };
    const connect = () => {
      source = new EventSource('/api/events');
      source.addEventListener('ready', () => {
        stopPolling();
        if (down) refresh(EVERY_KEY);
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
