/**
 * The realtime hub on this instance (ADR 0018): a client that stops reading holds up nobody else.
 * Its stream is dropped after a write stalls (or its queue overflows) and the others keep receiving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@painlab/shared/personas';
import { createLogger } from '../lib/logger';
import { startTestServer, type TestServer } from '../test/harness';
import { publishEvents } from './events';
import { createRealtimeHub, type RealtimeHub, type StreamEvent } from './hub';

let server: TestServer;
let hub: RealtimeHub;
let slowUser = '';
let quickUser = '';

const userId = (email: string) => server.userId(email);

async function publish(users: string[], ref: string) {
  await server.deps.database.db.transaction((tx) =>
    publishEvents(
      tx,
      users.map((u) => ({
        userId: u,
        kind: 'notification.created' as const,
        data: { probe: ref },
      })),
    ),
  );
  hub.wake(users);
}

beforeAll(async () => {
  server = await startTestServer();
  hub = createRealtimeHub(server.deps.database, undefined, createLogger('silent'), {
    sendTimeoutMs: 400,
    maxQueued: 5,
  });
  slowUser = await userId(DEMO.admin);
  quickUser = await userId(DEMO.specialist);
});

afterAll(async () => {
  await hub?.stop();
  await server?.close();
});

describe('realtime hub', () => {
  it('a client whose writes stall is dropped; the others keep receiving meanwhile', async () => {
    const stalled = new Promise<void>(() => undefined); // a client that never reads
    const slow = await hub.subscribe(slowUser, null, () => stalled);
    const received: StreamEvent[] = [];
    // only this test's events (the server's own jobs may notify the demo specialist meanwhile)
    const quick = await hub.subscribe(quickUser, null, async (e) => {
      if (e.data.probe) received.push(e);
    });
    let dropped: string | null = null;
    void slow.ended.then((why) => (dropped = why));

    await publish([slowUser, quickUser], 'n1');
    await expect.poll(() => received.map((e) => e.data.probe)).toEqual(['n1']);
    // the round that wrote to the stalled client has not ended; later events still arrive
    await publish([slowUser, quickUser], 'n2');
    await publish([quickUser], 'n3');
    await expect.poll(() => received.map((e) => e.data.probe)).toEqual(['n1', 'n2', 'n3']);
    await expect.poll(() => dropped, { timeout: 5_000 }).toBe('dropped');
    slow.close();
    quick.close();
    expect(hub.connections()).toBe(0);
  });

  it('a queue that grows past its limit drops the stream; a closed one ends as closed', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const sub = await hub.subscribe(slowUser, null, () => held);
    let why: string | null = null;
    void sub.ended.then((w) => (why = w));
    for (let i = 0; i < 7; i++) await publish([slowUser], `q${i}`);
    await expect.poll(() => why).toBe('dropped');
    release();
    sub.close();

    const other = await hub.subscribe(quickUser, null, async () => undefined);
    other.close();
    expect(await other.ended).toBe('closed');
  });
});
