/** The micro-batcher behind the audited chart read: who shares a batch, how many run, whose error is whose. */
import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

/** A `run` that records its batches and answers when told to. */
function recorder<Out>(answer: (items: number[]) => Out[]) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<Out[]>((resolve) => pending.push(() => resolve(answer(items))));
  };
  const releaseAll = async () => {
    while (pending.length > 0) pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { run, batches, pending, releaseAll };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createBatcher', () => {
  it('items queued in one turn share a batch; each caller gets its own result', async () => {
    const r = recorder((items) => items.map((i) => i * 10));
    const load = createBatcher(r.run, { maxInFlight: 4, maxBatch: 100 });
    const results = Promise.all([1, 2, 3].map(load));
    await tick();
    expect(r.batches).toEqual([[1, 2, 3]]);
    await r.releaseAll();
    expect(await results).toEqual([10, 20, 30]);
  });

  it('never runs more than maxInFlight batches of at most maxBatch items; the rest wait for the next', async () => {
    const r = recorder((items) => items);
    const load = createBatcher(r.run, { maxInFlight: 2, maxBatch: 2 });
    const results = Promise.all([1, 2, 3, 4, 5, 6, 7].map(load));
    await tick();
    expect(r.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    r.pending.shift()!(); // the first batch answers: the next one starts
    await tick();
    await tick();
    expect(r.batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    let done = false;
    void results.then(() => (done = true));
    for (let i = 0; i < 20 && !done; i++) await r.releaseAll();
    expect(await results).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r.batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("a batch's error reaches only its own callers; later batches still run", async () => {
    let calls = 0;
    const load = createBatcher(
      async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const first = Promise.allSettled([1, 2].map(load));
    await tick();
    const second = Promise.allSettled([3].map(load));
    expect((await first).map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await second).toEqual([{ status: 'fulfilled', value: 3 }]);
  });

  it('a run that answers the wrong number of results fails its callers instead of mixing them up', async () => {
    const load = createBatcher(async (items: number[]) => items.slice(1), {
      maxInFlight: 1,
      maxBatch: 10,
    });
    const settled = await Promise.allSettled([1, 2].map(load));
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
  });
});
