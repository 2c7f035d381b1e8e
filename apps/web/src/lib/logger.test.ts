import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorContext,
  Logger,
  MAX_BATCH,
  redactPath,
  sanitizeContext,
  type LogEntry,
} from './logger';

function setup(options: Partial<ConstructorParameters<typeof Logger>[0]> = {}) {
  const batches: { entries: LogEntry[]; final: boolean }[] = [];
  const logger = new Logger({
    transport: (entries, { final }) => {
      batches.push({ entries, final });
    },
    now: () => new Date('2026-01-02T03:04:05.000Z'),
    ...options,
  });
  return { logger, batches };
}

describe('Logger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('drops entries below the minimum level (warn by default)', () => {
    const { logger, batches } = setup();
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    logger.flush();
    expect(batches.flatMap((b) => b.entries.map((e) => e.level))).toEqual(['warn', 'error']);
  });

  it('honours a lower minimum level', () => {
    const { logger, batches } = setup({ minLevel: 'debug' });
    logger.debug('d');
    logger.flush();
    expect(batches[0]?.entries[0]?.level).toBe('debug');
  });

  it('waits for the interval before sending a small batch', () => {
    const { logger, batches } = setup({ flushIntervalMs: 5000 });
    logger.warn('one');
    logger.warn('two');
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(4999);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.entries.map((e) => e.message)).toEqual(['one', 'two']);
    expect(logger.pending).toBe(0);
  });

  it('sends at once when the batch size is reached', () => {
    const { logger, batches } = setup({ batchSize: 3 });
    logger.warn('1');
    logger.warn('2');
    expect(batches).toHaveLength(0);
    logger.warn('3');
    expect(batches).toHaveLength(1);
    expect(batches[0]?.entries).toHaveLength(3);
    // the timer was cleared: nothing more is sent later
    vi.advanceTimersByTime(60_000);
    expect(batches).toHaveLength(1);
  });

  it('never sends more than 50 entries per request', () => {
    const { logger, batches } = setup({ batchSize: 1000, maxQueue: 1000 });
    for (let i = 0; i < 120; i++) logger.error(`e${i}`);
    logger.flush();
    expect(batches.map((b) => b.entries.length)).toEqual([MAX_BATCH, MAX_BATCH, 20]);
  });

  it('keeps only the newest entries when the queue overflows', () => {
    const { logger, batches } = setup({ batchSize: 1000, maxQueue: 5 });
    for (let i = 0; i < 8; i++) logger.error(`e${i}`);
    logger.flush();
    expect(batches[0]?.entries.map((e) => e.message)).toEqual(['e3', 'e4', 'e5', 'e6', 'e7']);
  });

  it('marks the final flush (page hide) for the beacon', () => {
    const { logger, batches } = setup();
    logger.error('bye');
    logger.flush({ final: true });
    expect(batches[0]?.final).toBe(true);
  });

  it('builds entries with timestamp, redacted path, whitelisted context and truncated message', () => {
    const { logger, batches } = setup({ getPath: () => '/patients/12345/cancer-protocol?q=Maria' });
    logger.error('x'.repeat(3000), {
      errorName: 'TypeError',
      patientName: 'Maria Lopez',
      status: 500,
      extra: undefined,
    });
    logger.flush();
    const entry = batches[0]?.entries[0];
    expect(entry?.timestamp).toBe('2026-01-02T03:04:05.000Z');
    expect(entry?.path).toBe('/patients/:id/cancer-protocol');
    expect(entry?.context).toEqual({ errorName: 'TypeError', status: 500 });
    expect(entry?.message.length).toBe(2000);
  });

  it('does not send when remote sending is off, and does not print by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { logger, batches } = setup({ remote: false });
    logger.error('local');
    logger.flush();
    expect(batches).toHaveLength(0);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('swallows transport failures', async () => {
    const logger = new Logger({ transport: () => Promise.reject(new Error('offline')) });
    logger.error('x');
    expect(() => logger.flush()).not.toThrow();
    const throwing = new Logger({
      transport: () => {
        throw new Error('boom');
      },
    });
    throwing.error('x');
    expect(() => throwing.flush()).not.toThrow();
  });
});

describe('privacy helpers', () => {
  it('redacts ids and drops query and hash from paths', () => {
    expect(redactPath('/patients/42')).toBe('/patients/:id');
    expect(redactPath('/treatments/3f2a1c9e-1111-4222-8333-944455556666#x')).toBe(
      '/treatments/:id',
    );
    expect(redactPath('/dashboard?search=john')).toBe('/dashboard');
    expect(redactPath('/reports/templates/new')).toBe('/reports/templates/new');
  });

  it('truncates context strings to what the server accepts', () => {
    expect(sanitizeContext({ stack: 'x'.repeat(5000) })?.stack).toHaveLength(500);
  });

  it('keeps only whitelisted context keys', () => {
    expect(sanitizeContext({ email: 'a@b.c', code: 'x', componentStack: 'at X' })).toEqual({
      code: 'x',
      componentStack: 'at X',
    });
    expect(sanitizeContext({ email: 'a@b.c' })).toBeUndefined();
  });

  it('extracts error facts', () => {
    const error = Object.assign(new Error('boom'), { status: 503, code: 'service_unavailable' });
    expect(errorContext(error)).toMatchObject({
      errorName: 'Error',
      errorMessage: 'boom',
      status: 503,
      code: 'service_unavailable',
    });
    expect(errorContext('plain')).toEqual({ errorName: 'string', errorMessage: 'plain' });
  });
});
