/**
 * What the anonymous telemetry endpoints may cost (issue 7: 30 posts grew the log by 18.5 MB):
 * a small body, a few requests per address and minute, and a log budget per process. Client log
 * lines are truncated, logged one level lower than the browser reported them (a browser's error is
 * not a server error), and once the minute's budget is spent they are dropped and counted: one
 * warning when dropping starts, one line with the count when the minute is over.
 */
import type { Logger } from '../../lib/logger';

export const CLIENT_LOGS_BODY_MAX = 32 * 1024;
export const VITALS_BODY_MAX = 8 * 1024;
export const CLIENT_LOG_MESSAGE_MAX = 300;
export const CLIENT_LOG_VALUE_MAX = 120;
export const CLIENT_LOG_CONTEXT_KEYS = 10;

export type ClientLevel = 'debug' | 'info' | 'warn' | 'error';
const SERVER_LEVEL: Record<ClientLevel, 'debug' | 'info' | 'warn'> = {
  debug: 'debug',
  info: 'debug',
  warn: 'info',
  error: 'warn',
};

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function trimContext(
  context: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!context) return undefined;
  const entries = Object.entries(context).slice(0, CLIENT_LOG_CONTEXT_KEYS);
  return Object.fromEntries(
    entries.map(([k, v]) => [k, typeof v === 'string' ? truncate(v, CLIENT_LOG_VALUE_MAX) : v]),
  );
}

/** At most `perMinute` client log lines per minute for the whole process; the rest are counted, not written. */
export class ClientLogBudget {
  private windowStart = 0;
  private used = 0;
  private dropped = 0;

  constructor(
    private readonly logger: Logger,
    private readonly perMinute: number,
  ) {}

  write(
    level: ClientLevel,
    fields: Record<string, unknown>,
    message: string,
    now = Date.now(),
  ): boolean {
    if (now - this.windowStart >= 60_000) {
      if (this.dropped > 0)
        this.logger.warn({ dropped: this.dropped }, 'client log lines dropped (over budget)');
      this.windowStart = now;
      this.used = 0;
      this.dropped = 0;
    }
    if (this.used >= this.perMinute) {
      if (this.dropped++ === 0) {
        this.logger.warn(
          { budgetPerMinute: this.perMinute },
          'client log budget spent: dropping client log lines for the rest of the minute',
        );
      }
      return false;
    }
    this.used++;
    this.logger[SERVER_LEVEL[level]](fields, truncate(message, CLIENT_LOG_MESSAGE_MAX));
    return true;
  }
}
