import type { Lang } from '@painlab/shared/errors';
import type { Role } from '@painlab/shared/permissions';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { OutboxRuntime } from '../jobs/outbox-worker';
import type { RealtimeHub } from '../realtime/hub';
import type { PageCache } from './page-cache';
import type { SessionSignal } from './session-signal';

export interface Deps {
  env: Env;
  logger: Logger;
  database: Database;
  auth: Auth;
  /** The message outbox's worker: which channels it can deliver; `wake` after queueing. */
  outbox: OutboxRuntime;
  /** This instance's realtime streams (ADR 0018): `wake` after publishing events. */
  realtime: RealtimeHub;
  /** Looked-up sessions, and the signal that clears them on every instance (ADR 0026). */
  sessions: SessionSignal;
  /** Rendered public site pages kept for `SITE_PAGE_CACHE_MS` (http/page-cache.ts). */
  pageCache?: PageCache;
}

export interface SessionInfo {
  user: { id: string; name: string; email: string };
  role: Role;
  sessionId: string;
  /** Authenticator assurance level: 2 once a second factor was verified in this session (ADR 0025). */
  aal: 1 | 2;
  /** The user has a second factor enrolled (TOTP, e-mail code or a passkey, ADR 0033). */
  mfaEnrolled: boolean;
  /** The authenticator app or e-mail code is on (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean;
  expiresAt: Date;
  createdAt: Date;
  /** When the account was created: the start of its grace period to enrol a factor (ADR 0038). */
  userCreatedAt: Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    lang: Lang;
    clientIp: string;
    session: SessionInfo | null;
  };
}
