/**
 * Portal invitations: staff invite a patient (an e-mail or SMS queued in the outbox in the
 * invitation's transaction, and the link to pass on); the patient's account claims the record; while registration is closed, an invitation also
 * admits one sign-up (`takeInviteSignUp`, used by auth).
 */
import { randomBytes } from 'node:crypto';
import type { Patient } from '@painlab/shared/patients';
import { appendAudit, auditEvent } from '../../audit/audit';
import type { Db } from '../../db/client';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue } from '../../jobs/outbox';
import { DomainError } from '../../lib/domain-error';
import { findPatient, findPatientByUser } from './chart.repository';
import * as invitations from './invitations.repository';
import {
  findUsableInvite,
  insertInvite,
  inviteTokenHash,
  linkPatientToUser,
} from './invitations.repository';
import { toPatient } from './patients.mapping';
import { event, refuse, requireIdentified, type Viewer } from './patients.policy';

export { inviteTokenHash } from './invitations.repository';

const INVITE_DAYS = 7;
const iso = (d: Date) => d.toISOString();

/**
 * While registration is closed, one account may be created with an invitation: takes that slot if the
 * invitation (`tokenHash`: `inviteTokenHash(token)`) is usable and its slot is free, in one UPDATE.
 * The function `auth/auth.ts` uses (same signature as the repository's former export).
 */
export function takeInviteSignUp(db: Db, tokenHash: string): Promise<boolean> {
  return invitations.takeInviteSignUp(db, tokenHash);
}

export async function invitePatient(
  deps: Deps,
  viewer: Viewer,
  id: string,
  to: { email?: string; phone?: string },
) {
  await requireIdentified(deps, viewer, 'patients.invite', id, 'edit');
  const channel = to.email ? 'email' : 'phone';
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  const link = `${baseUrlOf(deps.env)}/register?invite=${token}`;
  await deps.database.db.transaction(async (tx) => {
    const row = await findPatient(tx, id);
    if (!row) throw DomainError.notFound();
    if (row.userId) throw DomainError.conflict();
    await insertInvite(tx, {
      patientId: id,
      tokenHash: inviteTokenHash(token),
      channel,
      createdBy: viewer.userId,
      expiresAt,
    });
    // The message leaves through the outbox, committed with the invitation. The patient's language
    // is not known yet: it carries both.
    await enqueue(tx, {
      channel: to.email ? 'email' : 'sms',
      to: (to.email ?? to.phone)!,
      language: null,
      template: 'patient.invite',
      params: { clinic: deps.env.CLINIC_NAME, link, days: INVITE_DAYS },
      patientId: id,
    });
    await appendAudit(tx, event(viewer, 'patients.invite', id, { channel }));
  });
  deps.outbox.wake();
  // 'email': the e-mail will go out (SMTP is configured). Otherwise — no SMTP, or a phone number
  // (the API has no 'sms' answer) — the clinician passes the link on; the message waits in the
  // outbox (readable at /admin/outbox) and goes out once a provider is configured.
  const delivered =
    to.email && deps.outbox.providers.email ? ('email' as const) : ('none' as const);
  return { link, expiresAt: iso(expiresAt), delivered };
}

export async function claimInvite(deps: Deps, viewer: Viewer, token: string) {
  if (viewer.role !== 'user') {
    await refuse(deps, viewer, 'portal.claim', null, 'not_a_patient_account', {
      action: 'link',
      resource: 'a patient record',
    });
  }
  return deps.database.db.transaction(async (tx) => {
    if (await findPatientByUser(tx, viewer.userId)) throw DomainError.conflict();
    const invite = await findUsableInvite(tx, inviteTokenHash(token));
    if (!invite) throw DomainError.notFound();
    if (!(await linkPatientToUser(tx, invite.patientId, viewer.userId, invite.id)))
      throw DomainError.conflict();
    await appendAudit(
      tx,
      auditEvent(viewer, {
        action: 'portal.claim',
        outcome: 'success',
        resource: 'patients',
        recordId: invite.patientId,
        patientId: invite.patientId,
      }),
    );
    return { patientId: invite.patientId };
  });
}

export async function ownRecord(deps: Deps, viewer: Viewer): Promise<Patient> {
  return deps.database.db.transaction(async (tx) => {
    const row = await findPatientByUser(tx, viewer.userId);
    if (!row) throw DomainError.notFound();
    await appendAudit(
      tx,
      auditEvent(viewer, {
        action: 'portal.view_own',
        outcome: 'success',
        resource: 'patients',
        recordId: row.id,
        patientId: row.id,
      }),
    );
    return toPatient(row, null);
  });
}
