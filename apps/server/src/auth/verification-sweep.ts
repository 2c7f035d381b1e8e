/**
 * One-time rows in `verification` — better-auth's codes and links, our pending phone tickets, SMS
 * turns and day counters (ADR 0041, 0043) — are only ever read while they have not run out. This
 * deletes them an hour after they ran out, every hour, on every instance (a delete by the
 * `expires_at` condition is safe to run twice at once), so abandoned sign-ups (which hold a
 * password hash) and anonymous requests do not accumulate.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verification } from '../db/schema';
import type { Logger } from '../lib/logger';
import { startPeriodic } from '../lib/periodic';

/** Deletes the rows that ran out over an hour ago; how many. */
export async function sweepVerifications(db: Db): Promise<number> {
  const gone = await db
    .delete(verification)
    .where(lt(verification.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ id: verification.id });
  return gone.length;
}

export const startVerificationSweeper = (db: Db, logger: Logger, intervalMs = 3_600_000) =>
  startPeriodic('verification sweep', logger, intervalMs, () => sweepVerifications(db));
