/**
 * A small per-address request limit for unauthenticated endpoints that only cost log lines or rows
 * (client logs, web vitals): a fixed window per (address, bucket), kept in this process's memory
 * (at most `maxKeys` addresses; the oldest are forgotten first). Losing a few of these requests is
 * harmless, so it needs no database; sign-in throttling, which must hold across server instances,
 * is kept in the database instead (auth/login-throttle.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { limitKeyOf } from '../lib/address-block';
import { errorBody } from './errors';
import type { AppEnv, Deps } from './types';

export class AddressLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Takes one request for `key`; returns 0 when allowed, otherwise the seconds until the window ends. */
  take(key: string, now = Date.now()): number {
    let entry = this.windows.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (entry) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys)
        this.windows.delete(this.windows.keys().next().value!);
      entry = { start: now, count: 0 };
      this.windows.set(key, entry);
    }
    if (entry.count >= this.max)
      return Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000));
    entry.count++;
    return 0;
  }
}

/** 429 `rate_limited` (with Retry-After) once an address has used up its requests of the window. */
export function limitPerAddress(limiter: AddressLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const retryAfter = limiter.take(limitKeyOf(c.get('clientIp')));
    if (retryAfter === 0) return next();
    c.header('Retry-After', String(retryAfter));
    return c.json(errorBody(c, 'rate_limited'), 429);
  };
}

/**
 * The limit of one family of public link routes (questionnaire, reminder and waitlist links, staff
 * invitations): RATE_LIMIT_LINKS_MAX requests per address in RATE_LIMIT_LINKS_WINDOW_S, applied
 * before anything is parsed or written (a refused token is an audit row: without a limit, anyone
 * could write those without end). Each call makes its own counter.
 */
export function limitLinksPerAddress(env: Deps['env']): MiddlewareHandler<AppEnv> {
  return limitPerAddress(
    new AddressLimiter(env.RATE_LIMIT_LINKS_MAX, env.RATE_LIMIT_LINKS_WINDOW_S * 1000),
  );
}

/** The OpenAPI text of a link route's 429. */
export const LINK_LIMIT_ERROR = 'Too many link requests from this address (`rate_limited`)';
