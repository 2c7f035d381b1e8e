/**
 * The signed-in user's sessions: list them (device, address, when), end one, end all the others.
 * Only the user's own rows are ever touched (another user's id is a 404, as an unknown one). Ending
 * sessions is audited; the session cache is cleared by the app (app.ts) after any write here.
 */
import { isPlaceholderEmail } from '@painlab/shared/account';
import type { AccountSession, EmailChangeInput, MyEmail } from '@painlab/shared/account';
import Bowser from 'bowser';
import { appendAudit, auditEvent, recordAudit, type Actor } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import { enqueue } from '../../jobs/outbox';
import { createLoginThrottle } from '../../auth/login-throttle';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { EMAIL_VERIFIED_PATH } from '../../auth/email-change';
import { activeSessions, deleteOtherSessions, deleteSession, emailOf } from './account.repository';

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

/**
 * Asks to change the sign-in e-mail address (docs/auth.md, "E-mail change"): the current password
 * first (a wrong one is refused and audited), then better-auth's `/change-email` on the server
 * (its HTTP path is refused: auth/email-change.ts) sends the link to the new address, and the
 * current address is told. The answer is the same whether or not the new address is taken.
 */
export async function requestEmailChange(
  deps: Deps,
  actor: Actor & { userId: string },
  current: { email: string; aal: 1 | 2; mfaEnrolled: boolean },
  input: EmailChangeInput,
  headers: Headers,
): Promise<{ sent: true }> {
  const newEmail = input.newEmail.trim().toLowerCase();
  // with a second factor, the address (where e-mailed codes and resets go) moves only from an aal2
  // session: a password and an aal1 session must not be enough to take the factor over
  if (current.mfaEnrolled && current.aal < 2) throw DomainError.mfaRequired();
  // wrong passwords here count against the account, like wrong passwords at sign-in
  const throttle = createLoginThrottle(deps.database.db, deps.env);
  const locked = await throttle.check(current.email, actor.ip ?? '');
  if (locked) throw DomainError.rateLimited(locked.retryAfterS);
  const refuse = async (reason: string, field: string, code: string) => {
    await recordAudit(
      deps.database.db,
      auditEvent(actor, {
        action: 'account.email_change',
        outcome: 'denied',
        resource: 'auth',
        recordId: actor.userId,
        details: { reason },
      }),
    );
    throw DomainError.invalidField(field, code);
  };
  const passwordOk = await deps.auth.api
    .verifyPassword({ body: { password: input.password }, headers })
    .then(() => true)
    .catch(() => false);
  if (!passwordOk) {
    await throttle.failed(current.email, actor.ip ?? '');
    return refuse('wrong_password', 'password', 'wrong_password');
  }
  await throttle.clearAccount(current.email);
  if (newEmail === current.email.toLowerCase())
    return refuse('same_email', 'newEmail', 'same_email');
  await deps.auth.api.changeEmail({
    body: { newEmail, callbackURL: '/settings?email=changed' },
    headers,
  });
  await deps.database.db.transaction(async (tx) => {
    await enqueue(tx, {
      channel: 'email',
      to: current.email,
      language: null,
      template: 'auth.email_change_notice',
      params: { clinic: deps.env.CLINIC_NAME, url: `${baseUrlOf(deps.env)}/settings` },
      dedupeKey: `auth.email_change_notice:${actor.userId}:${Math.floor(Date.now() / 60_000)}`,
    });
    await appendAudit(
      tx,
      auditEvent(actor, {
        action: 'account.email_change',
        outcome: 'success',
        resource: 'auth',
        recordId: actor.userId,
        // the domain only: the address itself is in the outbox, not in the audit log
        details: { step: 'requested', domain: newEmail.split('@')[1] ?? '' },
      }),
    );
  });
  deps.outbox.wake();
  return { sent: true };
}

/** The user's sign-in address and whether it is confirmed. */
export async function myEmail(deps: Deps, userId: string): Promise<MyEmail> {
  const row = await emailOf(deps.database.db, userId);
  if (!row) throw DomainError.notFound();
  return isPlaceholderEmail(row.email) ? { email: null, confirmed: false } : row;
}

/**
 * Sends the link that confirms the sign-in address again (docs/auth.md, "Confirming the address";
 * sign-up sends the first one). better-auth makes the signed link (its HTTP path for this is
 * switched off: only a signed-in user asks, for their own address); at most one message a minute
 * (the outbox's dedupe key). Refused once the address is confirmed.
 */
export async function sendEmailConfirmation(
  deps: Deps,
  actor: Actor & { userId: string },
  headers: Headers,
): Promise<{ sent: true }> {
  const { email, confirmed } = await myEmail(deps, actor.userId);
  const refusal = confirmed ? 'already_confirmed' : email === null ? 'no_address' : null;
  if (refusal || email === null) {
    await recordAudit(
      deps.database.db,
      auditEvent(actor, {
        action: 'account.email_confirm_request',
        outcome: 'denied',
        resource: 'auth',
        recordId: actor.userId,
        details: { reason: refusal },
      }),
    );
    throw confirmed
      ? DomainError.emailAlreadyConfirmed()
      : DomainError.invalidField('email', 'no_email_address');
  }
  await deps.auth.api.sendVerificationEmail({
    body: { email, callbackURL: EMAIL_VERIFIED_PATH },
    headers,
  });
  await recordAudit(
    deps.database.db,
    auditEvent(actor, {
      action: 'account.email_confirm_request',
      outcome: 'success',
      resource: 'auth',
      recordId: actor.userId,
    }),
  );
  deps.outbox.wake();
  return { sent: true };
}
