/**
 * A job every instance runs every `intervalMs` (and once at start), never two rounds at once;
 * `stop()` waits for the round in progress. The job itself must be safe to run on several
 * instances at the same time (row locks, unique keys).
 */
import type { Logger } from './logger';

export function startPeriodic(
  name: string,
  logger: Logger,
  intervalMs: number,
  round: () => Promise<unknown>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running ??= round()
      .catch((error: unknown) => logger.error({ err: (error as Error).message }, `${name} failed`))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
