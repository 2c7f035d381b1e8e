/**
 * Requests that arrive together share one statement. `load(item)` queues the item; a batch starts on
 * the next turn of the event loop and takes everything queued by then (at most `maxBatch` items).
 * Up to `maxInFlight` batches run at once (each on its own pool connection, so PostgreSQL's group
 * commit flushes their commits together); items that arrive while all are busy wait for the next.
 * Each caller gets its own item's result, or the batch's error.
 *
 * Used where every request would otherwise pay a statement and a commit of its own: the audited
 * chart read (patients/chart.repository.ts) answers a whole batch, audit rows included, in one statement.
 */
export interface BatcherOptions {
  maxInFlight: number;
  maxBatch: number;
}

/** `run` answers a batch: one result per item, in the items' order. */
export function createBatcher<In, Out>(
  run: (items: In[]) => Promise<Out[]>,
  { maxInFlight, maxBatch }: BatcherOptions,
) {
  const queue: { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function runOne(batch: typeof queue) {
    inFlight += 1;
    try {
      const results = await run(batch.map((b) => b.item));
      if (results.length !== batch.length)
        throw new Error(`batch of ${batch.length} answered ${results.length} results`);
      batch.forEach((b, i) => b.resolve(results[i]!));
    } catch (error) {
      for (const b of batch) b.reject(error);
    } finally {
      inFlight -= 1;
      if (queue.length > 0) schedule();
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (queue.length > 0 && inFlight < maxInFlight) void runOne(queue.splice(0, maxBatch));
    });
  }

  return (item: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
