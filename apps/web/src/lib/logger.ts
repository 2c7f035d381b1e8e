/**
 * The client logger (SPEC §9): levels debug/info/warn/error, minimum `warn`, console output off,
 * entries batched to `POST /api/client-logs`.
 *
 * Privacy: only the message and whitelisted context keys are sent, string values are truncated, the
 * path is sent without query string or hash and with record ids replaced by `:id`. Never put patient
 * data in a message.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogContextValue = string | number | boolean | null;
export type LogContext = Record<string, LogContextValue | undefined>;

export type LogEntry = {
  level: LogLevel;
  message: string;
  context?: Record<string, LogContextValue>;
  timestamp: string;
  path?: string;
};

/** Sends one batch (≤ 50 entries). `final` is true when the page is going away. */
export type LogTransport = (
  entries: LogEntry[],
  options: { final: boolean },
) => void | Promise<void>;

/** The only context keys that leave the browser. */
export const CONTEXT_WHITELIST = new Set([
  'errorName',
  'errorMessage',
  'stack',
  'componentStack',
  'status',
  'code',
  'requestId',
  'queryKey',
  'mutationKey',
  'routeId',
  'source',
  'attempt',
  'language',
]);

export const MAX_MESSAGE_LENGTH = 2000;
/** The server accepts context strings up to 500 characters and paths up to 300. */
export const MAX_CONTEXT_LENGTH = 500;
export const MAX_PATH_LENGTH = 300;
export const MAX_BATCH = 50;

export type LoggerOptions = {
  minLevel?: LogLevel;
  console?: boolean;
  remote?: boolean;
  transport: LogTransport;
  /** Send as soon as this many entries wait. */
  batchSize?: number;
  /** Send waiting entries after this delay. */
  flushIntervalMs?: number;
  /** Oldest entries are dropped beyond this. */
  maxQueue?: number;
  now?: () => Date;
  getPath?: () => string | undefined;
};

function truncate(value: string, max = MAX_MESSAGE_LENGTH): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

const ID_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|[A-Za-z0-9_-]{16,})$/i;

/** `/patients/123/cancer-protocol?x=1` → `/patients/:id/cancer-protocol`. */
export function redactPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  return path
    .split('/')
    .map((segment) => (segment && ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

export function sanitizeContext(
  context: LogContext | undefined,
): Record<string, LogContextValue> | undefined {
  if (!context) return undefined;
  const out: Record<string, LogContextValue> = {};
  for (const [key, value] of Object.entries(context)) {
    if (!CONTEXT_WHITELIST.has(key) || value === undefined) continue;
    out[key] = typeof value === 'string' ? truncate(value, MAX_CONTEXT_LENGTH) : value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The whitelisted facts of an error worth logging. */
export function errorContext(error: unknown): LogContext {
  if (error instanceof Error) {
    const extra = error as Error & { status?: unknown; code?: unknown; requestId?: unknown };
    return {
      errorName: error.name,
      errorMessage: error.message,
      stack: error.stack,
      status: typeof extra.status === 'number' ? extra.status : undefined,
      code: typeof extra.code === 'string' ? extra.code : undefined,
      requestId: typeof extra.requestId === 'string' ? extra.requestId : undefined,
    };
  }
  return { errorName: typeof error, errorMessage: String(error) };
}

export class Logger {
  private queue: LogEntry[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly minRank: number;
  private readonly options: Required<Omit<LoggerOptions, 'getPath' | 'minLevel'>> &
    Pick<LoggerOptions, 'getPath'>;

  constructor(options: LoggerOptions) {
    this.minRank = LOG_LEVELS.indexOf(options.minLevel ?? 'warn');
    this.options = {
      console: options.console ?? false,
      remote: options.remote ?? true,
      transport: options.transport,
      batchSize: Math.min(options.batchSize ?? 20, MAX_BATCH),
      flushIntervalMs: options.flushIntervalMs ?? 5000,
      maxQueue: options.maxQueue ?? 200,
      now: options.now ?? (() => new Date()),
      getPath: options.getPath,
    };
  }

  debug(message: string, context?: LogContext): void {
    this.log('debug', message, context);
  }
  info(message: string, context?: LogContext): void {
    this.log('info', message, context);
  }
  warn(message: string, context?: LogContext): void {
    this.log('warn', message, context);
  }
  error(message: string, context?: LogContext): void {
    this.log('error', message, context);
  }

  /** Entries waiting to be sent (for tests and diagnostics). */
  get pending(): number {
    return this.queue.length;
  }

  log(level: LogLevel, message: string, context?: LogContext): void {
    if (LOG_LEVELS.indexOf(level) < this.minRank) return;
    const path = this.options.getPath?.();
    const entry: LogEntry = {
      level,
      message: truncate(message || '(no message)'),
      timestamp: this.options.now().toISOString(),
    };
    const clean = sanitizeContext(context);
    if (clean) entry.context = clean;
    if (path) entry.path = truncate(redactPath(path), MAX_PATH_LENGTH);

    if (this.options.console) {
      const method = level === 'debug' ? 'debug' : level;
      console[method](`[${level}] ${entry.message}`, entry.context ?? '');
    }
    if (!this.options.remote) return;

    this.queue.push(entry);
    if (this.queue.length > this.options.maxQueue) {
      this.queue.splice(0, this.queue.length - this.options.maxQueue);
    }
    if (this.queue.length >= this.options.batchSize) {
      this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.options.flushIntervalMs);
    }
  }

  /** Sends everything waiting, in batches of at most 50. */
  flush(options: { final?: boolean } = {}): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const result = this.options.transport(batch, { final: options.final ?? false });
        // A failed send is dropped silently: logging about logging would loop.
        if (result && typeof result.catch === 'function') result.catch(() => undefined);
      } catch {
        // ignored, as above
      }
    }
  }
}

/** Sends with `sendBeacon` when the page goes away, else with `fetch` (keepalive). */
export function httpTransport(url: string, getLanguage: () => string): LogTransport {
  return (entries, { final }) => {
    const body = JSON.stringify({ entries });
    if (final && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    }
    return fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': getLanguage() },
    }).then(() => undefined);
  };
}

function currentLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

/** The app's logger. Flushes when the page is hidden or unloaded. */
export const logger = new Logger({
  minLevel: 'warn',
  console: false,
  remote: typeof window !== 'undefined',
  transport: httpTransport('/api/client-logs', currentLanguage),
  getPath: () => (typeof window !== 'undefined' ? window.location.pathname : undefined),
});

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => logger.flush({ final: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') logger.flush({ final: true });
  });
}
