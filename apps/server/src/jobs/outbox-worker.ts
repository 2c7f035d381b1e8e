/**
 * The outbox worker (ADR 0013). Every OUTBOX_POLL_MS — and at once when PostgreSQL NOTIFYs a new
 * message — it takes a batch of due messages of the channels it has a provider for (SKIP LOCKED, so
 * two instances never take the same one), delivers them, and records the result: sent, failed with
 * the next attempt after an exponential backoff with jitter, or dead after OUTBOX_MAX_ATTEMPTS. A
 * message left 'sending' by a process that died is taken again once its lease runs out. `stop`
 * waits for the deliveries in flight and records them, so a clean shutdown never leaves one behind.
 *
 * Logs carry ids, channels and error names only: never an address, a subject or a text.
 */
import pg from 'pg';
import { OUTBOX_CHANNELS, type OutboxChannel, type OutboxProviders } from '@painlab/shared/outbox';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { isPlaceholderEmail } from '@painlab/shared/account';
import { NO_ADDRESS_ERROR, OUTBOX_NOTIFY_CHANNEL } from './outbox';
import {
  buryExpiredLeases,
  claimDue,
  markFailed,
  markSent,
  type ClaimedMessage,
} from './outbox.repository';
import type { Providers } from './providers';

/** A message no retry can deliver (its recipient is a placeholder address): dead at once. */
class Undeliverable extends Error {}

export interface OutboxRuntime {
  /** Which channels this server can deliver. */
  providers: OutboxProviders;
  maxAttempts: number;
  /** Look for due messages now (after a commit that queued or re-queued one). */
  wake(): void;
  /** One round now; resolves with how many messages it took. For tests and the retry route. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

type OutboxSettings = Pick<
  Env,
  | 'OUTBOX_WORKER'
  | 'OUTBOX_POLL_MS'
  | 'OUTBOX_BATCH'
  | 'OUTBOX_MAX_ATTEMPTS'
  | 'OUTBOX_BACKOFF_BASE_MS'
  | 'OUTBOX_BACKOFF_MAX_MS'
  | 'OUTBOX_LEASE_MS'
  | 'DATABASE_URL'
>;

/** The longest error text kept on a message. */
const ERROR_MAX = 500;

/**
 * The wait before attempt `failures + 1`: base × 2^(failures − 1), capped, then "equal jitter"
 * (between half and all of it), so instances that failed together do not retry together.
 */
export function backoffMs(
  failures: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/** A readable, bounded error for the message row (shown to administrators, never logged). */
export function describeError(error: unknown): string {
  const e = error as { name?: string; message?: string; responseCode?: number };
  const text = `${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`;
  return text.replace(/\p{Cc}/gu, ' ').slice(0, ERROR_MAX);
}

export function startOutboxWorker(
  database: Database,
  env: OutboxSettings,
  logger: Logger,
  providers: Providers,
): OutboxRuntime {
  const channels = OUTBOX_CHANNELS.filter((c) => providers[c]) as OutboxChannel[];
  const available: OutboxProviders = { email: !!providers.email, sms: !!providers.sms };
  const enabled = env.OUTBOX_WORKER && channels.length > 0;
  const db = database.db;
  /** Messages claimed per round, and delivered at once. */
  const take = env.OUTBOX_BATCH;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | null = null;
  let again = false;
  let listener: pg.Client | null = null;

  async function deliver(message: ClaimedMessage): Promise<void> {
    const provider = providers[message.channel];
    let sent = false;
    try {
      if (!provider) throw new Error(`no ${message.channel} provider`);
      // an administrator's retry of a message to a placeholder address (ADR 0043) still sends nothing
      if (message.channel === 'email' && isPlaceholderEmail(message.recipient))
        throw new Undeliverable(NO_ADDRESS_ERROR);
      await withTimeout(provider.deliver(message), Math.max(50, env.OUTBOX_LEASE_MS - 1000));
      sent = true;
    } catch (error) {
      const last = message.attempts >= env.OUTBOX_MAX_ATTEMPTS || error instanceof Undeliverable;
      const retryIn = last
        ? null
        : backoffMs(message.attempts, env.OUTBOX_BACKOFF_BASE_MS, env.OUTBOX_BACKOFF_MAX_MS);
      await markFailed(db, message.id, message.claimToken, describeError(error), retryIn).catch(
        (e: Error) =>
          logger.error({ messageId: message.id, err: e.name }, 'outbox: result not saved'),
      );
      logger.warn(
        {
          messageId: message.id,
          channel: message.channel,
          attempt: message.attempts,
          err: (error as Error)?.name,
          code: (error as { code?: string })?.code,
          ...(retryIn === null ? { dead: true } : { retryInMs: retryIn }),
        },
        'outbox delivery failed',
      );
    }
    if (!sent) return;
    // Recorded apart from the delivery: a database error here must not mark a message that the
    // provider accepted as failed (it would be sent again).
    try {
      await markSent(db, message.id, message.claimToken);
      logger.debug({ messageId: message.id, channel: message.channel }, 'outbox message sent');
    } catch (error) {
      logger.error(
        { messageId: message.id, err: (error as Error)?.name },
        'outbox: sent, result not saved',
      );
    }
  }

  async function oneRound(): Promise<number> {
    await buryExpiredLeases(db, env.OUTBOX_MAX_ATTEMPTS);
    // No more is claimed than is delivered at once: each message's delivery starts as soon as its
    // lease does and is bounded below the lease, so a slow provider cannot let another instance
    // take (and send) a message this one still holds.
    const batch = await claimDue(db, channels, take, env.OUTBOX_LEASE_MS, env.OUTBOX_MAX_ATTEMPTS);
    await Promise.all(batch.map(deliver));
    return batch.length;
  }

  function runOnce(): Promise<number> {
    if (round) {
      again = true;
      return round;
    }
    round = oneRound()
      .catch((error: Error) => {
        logger.error({ err: error.name, message: error.message }, 'outbox round failed');
        return 0;
      })
      .finally(() => {
        round = null;
      });
    return round.then((n) => {
      // a full batch: more may be due; a wake during the round: look again
      if (!stopped && (n === take || again)) {
        again = false;
        schedule(0);
      }
      return n;
    });
  }

  let pending = false;
  function schedule(ms: number) {
    if (stopped || !enabled) return;
    clearTimeout(timer);
    pending = true;
    timer = setTimeout(() => {
      pending = false;
      void runOnce().then(() => {
        if (!pending) schedule(env.OUTBOX_POLL_MS);
      });
    }, ms);
    timer.unref();
  }

  async function listen() {
    if (stopped || !enabled || database.kind !== 'postgres' || !env.DATABASE_URL) return;
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    const reconnect = () => {
      if (listener !== client) return;
      listener = null;
      void client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void listen(), 5_000).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', (n) => {
      if (n.channel === OUTBOX_NOTIFY_CHANNEL && channels.includes(n.payload as OutboxChannel))
        wake();
    });
    try {
      listener = client;
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
    } catch (error) {
      logger.warn({ err: (error as Error).name }, 'outbox: LISTEN failed, polling only');
      reconnect();
    }
  }

  function wake() {
    if (stopped || !enabled) return;
    if (round) again = true;
    else schedule(0);
  }

  if (enabled) {
    schedule(0);
    void listen();
  }

  return {
    providers: available,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    wake,
    runOnce: () => (enabled ? runOnce() : Promise.resolve(0)),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      await round;
      for (const provider of Object.values(providers)) provider?.close?.();
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the provider in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
