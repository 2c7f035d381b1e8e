import type { Lang } from '@painlab/shared/errors';
import type { Role } from '@painlab/shared/permissions';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { OutboxRuntime } from '../jobs/outbox-worker';
import type { RealtimeHub } from '../realtime/hub';

export interface Deps {
  env: Env;
  logger: Logger;
  database: Database;
  auth: Auth;
  /** The message outbox's worker: which channels it can deliver; `wake` after queueing. */
  outbox: OutboxRuntime;
  /** This instance's realtime streams (ADR 0018): `wake` after publishing events. */
  realtime: RealtimeHub;
}

export interface SessionInfo {
  user: { id: string; name: string; email: string };
  role: Role;
  sessionId: string;
  expiresAt: Date;
  createdAt: Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    lang: Lang;
    clientIp: string;
    session: SessionInfo | null;
  };
}
