/**
 * An open `GET /api/events` stream for tests: the raw text as it arrives, a wait for a piece of it,
 * and the events parsed (id, kind, data). Opened with the client's cookies (and its language).
 */
import type { ApiClient } from './harness';

export interface OpenStream {
  waitFor(needle: string, ms?: number): Promise<string>;
  text(): string;
  events(): { id: number; kind: string; data: Record<string, string> }[];
  /** Milliseconds until the server ends the stream; fails after `ms`. */
  waitEnded(ms?: number): Promise<number>;
  close(): void;
}

export async function openStream(
  client: ApiClient,
  options: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${client.baseUrl}/api/events`, {
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'accept-language': client.options.lang ?? 'en',
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      ...options.headers,
    },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`event stream answered ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted, or the server went away
    } finally {
      ended = true;
    }
  })();
  const waitFor = async (needle: string, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (text.includes(needle)) return text;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`not received: ${needle}; got ${text}`);
  };
  await waitFor('event: ready');
  return {
    waitFor,
    text: () => text,
    events: () =>
      text
        .split('\n\n')
        .map((block) => ({
          id: /^id: (\d+)$/m.exec(block)?.[1],
          kind: /^event: (.+)$/m.exec(block)?.[1],
          data: /^data: (.+)$/m.exec(block)?.[1],
        }))
        .filter((e) => e.id && e.kind && e.data)
        .map((e) => ({
          id: Number(e.id),
          kind: e.kind!,
          data: JSON.parse(e.data!) as Record<string, string>,
        })),
    async waitEnded(ms = 5_000) {
      const start = performance.now();
      while (!ended) {
        if (performance.now() - start > ms) throw new Error(`stream still open after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return Math.round(performance.now() - start);
    },
    close: () => controller.abort(),
  };
}
