/**
 * Staff invitations (ADR 0031): an administrator invites a person by e-mail with a staff role; the
 * single-use link (7 days, token stored hashed, like the portal's patient invitations) goes through
 * the outbox in the invitation's transaction; the invitee chooses a name and password and gets the
 * invited role — also while REGISTRATION_OPEN=false, since this path does not go through sign-up.
 * Invitations can be listed, revoked and resent (a new link; the old one stops working). Every
 * change, and every refused use of a link, is audited.
 */
import { randomBytes } from 'node:crypto';
import {
  STAFF_INVITE_DAYS,
  type AcceptStaffInviteInput,
  type CreateStaffInviteInput,
  type StaffInvite,
  type StaffRole,
  type UserSummary,
} from '@painlab/shared/users';
import { appendAudit, auditEvent as trail, recordAudit, type Actor } from '../../audit/audit';
import { isUniqueViolation } from '../../db/errors';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { DomainError } from '../../lib/domain-error';
import {
  findStaffInviteByToken,
  insertStaffInvite,
  listStaffInvites,
  lockStaffInvite,
  lockStaffInviteByToken,
  lockInvitesOf,
  revokeOpenInvitesFor,
  staffInviteTokenHash,
  statusOf,
  toStaffInvite,
  updateStaffInvite,
} from './invitations.repository';
import { findUserIdByEmail, insertUserWithPassword } from './users.repository';
import { newPasswordHash } from './users.service';

const ROLE_NAMES: Record<StaffRole, { es: string; en: string }> = {
  specialist: { es: 'especialista', en: 'specialist' },
  researcher: { es: 'investigador/a', en: 'researcher' },
  admin: { es: 'administrador/a', en: 'administrator' },
};

const newToken = () => randomBytes(32).toString('base64url');
const expiry = () => new Date(Date.now() + STAFF_INVITE_DAYS * 86_400_000);

type Tx = Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0];

async function send(deps: Deps, tx: Tx, email: string, role: StaffRole, token: string) {
  await enqueue(tx, {
    channel: 'email',
    to: email,
    language: null,
    template: 'users.staff_invite',
    params: {
      clinic: deps.env.CLINIC_NAME,
      link: `${baseUrlOf(deps.env)}/invitation#${token}`,
      days: STAFF_INVITE_DAYS,
      role: ROLE_NAMES[role],
    },
  });
}

export async function listInvites(deps: Deps): Promise<{ items: StaffInvite[] }> {
  return { items: (await listStaffInvites(deps.database.db)).map(toStaffInvite) };
}

export async function createInvite(
  deps: Deps,
  actor: Actor,
  input: CreateStaffInviteInput,
): Promise<StaffInvite> {
  const token = newToken();
  const created = await deps.database.db.transaction(async (tx) => {
    // invitations of one address are made one after the other (the unique index of open
    // invitations is the guarantee; this keeps one made at the same moment from failing on it)
    await lockInvitesOf(tx, input.email);
    if (await findUserIdByEmail(tx, input.email)) throw DomainError.taken('email_taken');
    // one usable link per address: a new invitation withdraws the earlier ones
    const replaced = await revokeOpenInvitesFor(tx, input.email, actor.userId);
    const row = await insertStaffInvite(tx, {
      email: input.email,
      role: input.role,
      tokenHash: staffInviteTokenHash(token),
      createdBy: actor.userId,
      expiresAt: expiry(),
    });
    await send(deps, tx, input.email, input.role, token);
    await appendAudit(
      tx,
      trail(actor, {
        action: 'users.invite',
        outcome: 'success',
        resource: 'users',
        recordId: row.id,
        details: { role: input.role, replaced },
      }),
    );
    return row;
  });
  deps.outbox.wake();
  return toStaffInvite(created);
}

/** Revoke (`resend: false`) or send again with a new link and expiry (`resend: true`). */
async function change(
  deps: Deps,
  actor: Actor,
  id: string,
  kind: 'revoke' | 'resend',
): Promise<StaffInvite> {
  const updated = await deps.database.db.transaction(async (tx) => {
    const row = await lockStaffInvite(tx, id);
    if (!row) throw DomainError.notFound();
    const status = statusOf(row);
    // an accepted or revoked invitation is final; an expired one can be sent again, not revoked
    if (
      status === 'accepted' ||
      status === 'revoked' ||
      (kind === 'revoke' && status !== 'pending')
    )
      throw DomainError.conflict();
    let next;
    if (kind === 'revoke') {
      next = await updateStaffInvite(tx, id, { revokedAt: new Date(), revokedBy: actor.userId });
    } else {
      if (await findUserIdByEmail(tx, row.email)) throw DomainError.taken('email_taken');
      const token = newToken();
      next = await updateStaffInvite(tx, id, {
        tokenHash: staffInviteTokenHash(token),
        expiresAt: expiry(),
        sentAt: new Date(),
      });
      await send(deps, tx, row.email, row.role, token);
    }
    await appendAudit(
      tx,
      trail(actor, {
        action: `users.invite_${kind}`,
        outcome: 'success',
        resource: 'users',
        recordId: id,
        details: { role: row.role },
      }),
    );
    return next;
  });
  if (kind === 'resend') deps.outbox.wake();
  return toStaffInvite(updated);
}

export const revokeInvite = (deps: Deps, actor: Actor, id: string) =>
  change(deps, actor, id, 'revoke');
export const resendInvite = (deps: Deps, actor: Actor, id: string) =>
  change(deps, actor, id, 'resend');

/** Why a link cannot be used, or null when it can. */
function linkProblem(row: Parameters<typeof statusOf>[0] | null) {
  if (!row) return 'invitation_invalid' as const;
  const status = statusOf(row);
  if (status === 'accepted') return 'invitation_used' as const;
  if (status === 'revoked') return 'invitation_invalid' as const;
  if (status === 'expired') return 'invitation_expired' as const;
  return null;
}

/** A refused use of a link, audited on its own (no transaction to roll it back). */
function auditRefusedLink(
  deps: Deps,
  actor: Actor,
  action: 'users.invite_preview' | 'users.invite_accept',
  reason: string,
  recordId: string | null,
) {
  return recordAudit(
    deps.database.db,
    trail(actor, { action, outcome: 'denied', resource: 'users', recordId, details: { reason } }),
  );
}

/** What the invitation page shows before the invitee accepts; a refused link is audited. */
export async function previewInvite(deps: Deps, actor: Actor, token: string) {
  const row = await findStaffInviteByToken(deps.database.db, staffInviteTokenHash(token));
  const problem = linkProblem(row);
  if (problem) {
    await auditRefusedLink(deps, actor, 'users.invite_preview', problem, row?.id ?? null);
    throw DomainError.invitation(problem);
  }
  return { email: row!.email, role: row!.role, expiresAt: row!.expiresAt.toISOString() };
}

/**
 * The invitee accepts: an account with the invited e-mail and role, their name and password (the
 * sign-up password rules), the e-mail counted as verified (the link reached it). Single use: the
 * invitation row is locked and marked in the same transaction as the account is created.
 */
export async function acceptInvite(
  deps: Deps,
  actor: Actor,
  input: AcceptStaffInviteInput,
): Promise<UserSummary> {
  const tokenHash = staffInviteTokenHash(input.token);
  const denied = (reason: string, recordId: string | null) =>
    auditRefusedLink(deps, actor, 'users.invite_accept', reason, recordId);
  const peek = await findStaffInviteByToken(deps.database.db, tokenHash);
  const early = linkProblem(peek);
  if (early) {
    await denied(early, peek?.id ?? null);
    throw DomainError.invitation(early);
  }
  let passwordHash: string;
  try {
    passwordHash = await newPasswordHash(deps, { ...input, email: peek!.email });
  } catch (error) {
    // a password the sign-up rules refuse: the link stays usable, the refusal is on record
    if (error instanceof DomainError) await denied(error.code, peek!.id);
    throw error;
  }
  try {
    return await deps.database.db.transaction(async (tx) => {
      const row = await lockStaffInviteByToken(tx, tokenHash);
      const late = linkProblem(row);
      if (late) throw DomainError.invitation(late); // taken (or revoked) since the check above
      if (await findUserIdByEmail(tx, row!.email)) throw DomainError.taken('email_taken');
      const id = crypto.randomUUID();
      const created = await insertUserWithPassword(tx, {
        id,
        name: input.name,
        email: row!.email,
        role: row!.role,
        passwordHash,
        emailVerified: true,
      });
      await updateStaffInvite(tx, row!.id, { acceptedAt: new Date(), acceptedBy: id });
      await appendAudit(
        tx,
        trail(
          { ...actor, userId: id, role: row!.role },
          {
            action: 'users.invite_accept',
            outcome: 'success',
            resource: 'users',
            recordId: row!.id,
            details: { role: row!.role, userId: id },
          },
        ),
      );
      return created;
    });
  } catch (error) {
    if (error instanceof DomainError) await denied(error.code, peek!.id);
    if (isUniqueViolation(error)) {
      await denied('email_taken', peek!.id);
      throw DomainError.taken('email_taken');
    }
    throw error;
  }
}
