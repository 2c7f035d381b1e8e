/**
 * Sign-in throttling that a clinic behind one shared address can live with (issue 7 item 6).
 * Only FAILED sign-ins count, in the database (table auth_throttle), so every server instance on
 * one PostgreSQL sees the same counters:
 * - per account (key: a hash of the e-mail): after RATE_LIMIT_ACCOUNT_FAILURES failures the account
 *   is locked for 30 s, doubling with every further failure up to 15 min. A failure more than an hour
 *   after the previous one starts the count again. The lock lifts by itself, on a successful password
 *   reset, when an administrator sets a new password, and a successful sign-in clears the count;
 * - per client address: RATE_LIMIT_ADDRESS_FAILURES failures per RATE_LIMIT_ADDRESS_WINDOW_S, after
 *   which sign-ins from that address wait for the window to end (password spraying from outside).
 * Successful sign-ins use up nothing, so 30 staff signing in from one address in a minute is fine.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { limitKeyOf } from '../lib/address-block';

export const LOCK_BASE_S = 30;
export const LOCK_MAX_S = 15 * 60;
const ACCOUNT_RESET_S = 60 * 60;

export function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

export function addressKey(ip: string): string {
  // an IPv6 /64 counts as one address (lib/address-block.ts)
  return `address:${limitKeyOf(ip)}`;
}

export interface Refusal {
  code: 'ACCOUNT_LOCKED' | 'TOO_MANY_FAILED_SIGN_INS';
  retryAfterS: number;
}

type Row = {
  key: string;
  failures: number;
  window_start: Date | string;
  locked_until: Date | string | null;
};

const time = (v: Date | string | null) => (v === null ? null : new Date(v).getTime());

export function createLoginThrottle(db: Db, env: Env) {
  const accountMax = env.RATE_LIMIT_ACCOUNT_FAILURES;
  const addressMax = env.RATE_LIMIT_ADDRESS_FAILURES;
  const addressWindowS = env.RATE_LIMIT_ADDRESS_WINDOW_S;

  return {
    /** Whether a sign-in for this e-mail from this address may be tried now. */
    async check(email: string, ip: string, now = Date.now()): Promise<Refusal | null> {
      const result = await db.execute<Row>(
        sql`select key, failures, window_start, locked_until from auth_throttle where key in (${accountKey(email)}, ${addressKey(ip)})`,
      );
      for (const row of result.rows) {
        if (row.key.startsWith('account:')) {
          const until = time(row.locked_until);
          if (until !== null && until > now)
            return { code: 'ACCOUNT_LOCKED', retryAfterS: Math.ceil((until - now) / 1000) };
        } else {
          const end = time(row.window_start)! + addressWindowS * 1000;
          if (end > now && row.failures >= addressMax)
            return { code: 'TOO_MANY_FAILED_SIGN_INS', retryAfterS: Math.ceil((end - now) / 1000) };
        }
      }
      return null;
    },

    /** One failed sign-in: counted for the account (locking it past the threshold) and the address. */
    async failed(email: string, ip: string): Promise<void> {
      // failures after the threshold lock for LOCK_BASE_S · 2^(n − threshold), at most LOCK_MAX_S
      await db.execute(sql`
        insert into auth_throttle (key, failures, window_start, locked_until)
        values (${accountKey(email)}, 1, now(),
                case when 1 >= ${accountMax}::int then now() + make_interval(secs => ${LOCK_BASE_S}) end)
        on conflict (key) do update set
          failures = case when auth_throttle.window_start < now() - make_interval(secs => ${ACCOUNT_RESET_S})
                          then 1 else auth_throttle.failures + 1 end,
          window_start = now(),
          locked_until = case
            when (case when auth_throttle.window_start < now() - make_interval(secs => ${ACCOUNT_RESET_S})
                       then 1 else auth_throttle.failures + 1 end) >= ${accountMax}::int
            then now() + make_interval(secs => least(${LOCK_MAX_S}::float8,
                   ${LOCK_BASE_S}::float8 * power(2, least(20, (case when auth_throttle.window_start < now() - make_interval(secs => ${ACCOUNT_RESET_S})
                       then 1 else auth_throttle.failures + 1 end) - ${accountMax}::int))))
            else null end`);
      await db.execute(sql`
        insert into auth_throttle (key, failures, window_start) values (${addressKey(ip)}, 1, now())
        on conflict (key) do update set
          failures = case when auth_throttle.window_start <= now() - make_interval(secs => ${addressWindowS})
                          then 1 else auth_throttle.failures + 1 end,
          window_start = case when auth_throttle.window_start <= now() - make_interval(secs => ${addressWindowS})
                              then now() else auth_throttle.window_start end`);
      // rows nobody has touched for a day are forgotten
      await db.execute(
        sql`delete from auth_throttle where window_start < now() - interval '1 day' and (locked_until is null or locked_until < now())`,
      );
    },

    /** Clears the account's failures and lock (successful sign-in, password reset, admin unlock). */
    async clearAccount(email: string): Promise<void> {
      await db.execute(sql`delete from auth_throttle where key = ${accountKey(email)}`);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
