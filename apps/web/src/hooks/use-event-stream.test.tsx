// @vitest-environment jsdom
/**
 * The realtime hook with a stand-in EventSource and fake timers: events invalidate their queries;
 * while the stream is down the queries are polled every 20 s; when it is back polling stops and
 * everything is refreshed once; a refused stream is opened again after 10 s.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEventStream } from './use-event-stream';

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(kind: string) {
    if (kind === 'ready') this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(kind, { data: '{}' }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

let client: QueryClient;
let invalidated: string[];

function mount() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useEventStream(true), { wrapper });
}

/** The keys invalidated since the last call, sorted. */
function taken() {
  const keys = [...new Set(invalidated)].sort();
  invalidated = [];
  return keys;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  client = new QueryClient();
  invalidated = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(String((filters as { queryKey: unknown[] }).queryKey[0]));
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useEventStream', () => {
  it('an event invalidates the queries of its kind, and nothing is polled while the stream is up', () => {
    mount();
    const [source] = FakeEventSource.opened;
    expect(source!.url).toBe('/api/events');
    source!.emit('ready');
    source!.emit('task.changed');
    expect(taken()).toEqual(['dashboard', 'tasks']);
    source!.emit('message.created');
    expect(taken()).toEqual(['dashboard', 'messages', 'notifications']);
    vi.advanceTimersByTime(60_000);
    expect(taken()).toEqual([]);
  });

  it('polls every 20 s while the stream is down, and stops with one refresh when it is back', () => {
    mount();
    const [source] = FakeEventSource.opened;
    source!.emit('ready');
    source!.fail(FakeEventSource.CONNECTING); // the browser is reconnecting by itself
    vi.advanceTimersByTime(19_999);
    expect(taken()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(taken()).toEqual(['appointments', 'dashboard', 'messages', 'notifications', 'tasks']);
    vi.advanceTimersByTime(20_000);
    expect(taken()).toEqual(['appointments', 'dashboard', 'messages', 'notifications', 'tasks']);
    source!.emit('ready'); // back: what was missed is read once
    expect(taken()).toEqual(['appointments', 'dashboard', 'messages', 'notifications', 'tasks']);
    vi.advanceTimersByTime(60_000);
    expect(taken()).toEqual([]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('a refused stream (closed by the browser) is opened again after 10 s, polling meanwhile', () => {
    const { unmount } = mount();
    const [first] = FakeEventSource.opened;
    first!.fail(FakeEventSource.CLOSED);
    expect(first!.closed).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(taken()).toContain('notifications');
    unmount();
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(taken()).toEqual([]);
  });
});
