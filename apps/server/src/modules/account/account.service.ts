/**
 * The signed-in user's sessions: list them (device, address, when), end one, end all the others.
 * Only the user's own rows are ever touched (another user's id is a 404, as an unknown one). Ending
 * sessions is audited; the session cache is cleared by the app (app.ts) after any write here.
 */
import type { AccountSession } from '@painlab/shared/account';
import Bowser from 'bowser';
import { auditEvent, recordAudit, type Actor } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { activeSessions, deleteOtherSessions, deleteSession } from './account.repository';

/** What a User-Agent says about the device, in words a person recognises ("Firefox", "Android"). */
export function describeDevice(userAgent: string | null): AccountSession['device'] {
  if (!userAgent) return { browser: null, os: null, type: 'other' };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  return {
    browser: parsed.browser.name ?? null,
    os: parsed.os.name ?? null,
    type:
      platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'other',
  };
}

export async function listSessions(
  deps: Deps,
  userId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await activeSessions(deps.database.db, userId);
  return rows.map((r) => ({
    id: r.id,
    current: r.id === currentId,
    createdAt: r.createdAt.toISOString(),
    lastActiveAt: r.updatedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    ipAddress: r.ipAddress,
    device: describeDevice(r.userAgent),
  }));
}

export async function endSession(deps: Deps, actor: Actor & { userId: string }, id: string) {
  const ended = await deleteSession(deps.database.db, actor.userId, id);
  await recordAudit(
    deps.database.db,
    auditEvent(actor, {
      action: 'account.session_end',
      outcome: ended ? 'success' : 'failure',
      resource: 'auth',
      recordId: id,
      details: ended ? null : { status: 404 },
    }),
  );
  if (!ended) throw DomainError.notFound();
}

export async function endOtherSessions(
  deps: Deps,
  actor: Actor & { userId: string },
  currentId: string,
) {
  const ended = await deleteOtherSessions(deps.database.db, actor.userId, currentId);
  await recordAudit(
    deps.database.db,
    auditEvent(actor, {
      action: 'account.sessions_end_others',
      outcome: 'success',
      resource: 'auth',
      details: { ended },
    }),
  );
  return ended;
}
