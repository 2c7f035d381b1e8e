/**
 * A reminder's confirm and cancel links, without signing in (ADR 0021). The token (256 random bits,
 * in the URL fragment) is looked up by its hash, which names the link's purpose, so a confirm token
 * cannot cancel. A link works once, until the appointment starts; moving or cancelling the
 * appointment ends its unused links. Unknown or altered tokens, used and expired links, and links of
 * a cancelled appointment each get their own translated error; every decision is an audit row, with
 * the patient id whenever the link names one.
 */
import type {
  ReminderLinkPurpose,
  ReminderLinkResult,
  ReminderLinkView,
} from '@painlab/shared/reminders';
import { appendAudit, recordAudit, type Actor } from '../../audit/audit';
import { auditingDomainRefusals, refuseAudited } from '../../audit/refusals';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { findAppointment, lockAppointment, updateAppointmentRow } from './appointment.repository';
import { event } from './appointments.policy';
import { noticeAppointment } from './notices.service';
import type { AppointmentRow } from './appointments.query';
import { readSettings } from './availability.repository';
import { findLink, markPatientConfirmed, useLink } from './reminders.repository';
import { reminderTokenHash, withdrawReminders } from './reminders.service';
import { offerFreedTime } from './waitlist-offers.service';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const linkActor = (base: Actor): Actor => ({ ...base, userId: null, role: 'reminder-link' });

type Code = Parameters<typeof DomainError.reminderLink>[0];

async function refuse(
  deps: Deps,
  actor: Actor,
  attempted: string,
  ref: { id: string | null; patientId: string | null },
  code: Code,
): Promise<never> {
  return refuseAudited(
    deps.database.db,
    event(actor, attempted, ref.id, ref.patientId, { reason: code }, 'denied'),
    DomainError.reminderLink(code),
  );
}

const denied =
  (actor: Actor, attempted: string, ref: { id: string; patientId: string }) => (reason: string) =>
    event(actor, attempted, ref.id, ref.patientId, { reason }, 'denied');

/** The link and its appointment, or the refusal (audited) that says why not. */
async function usable(
  deps: Deps,
  actor: Actor,
  purpose: ReminderLinkPurpose,
  token: string,
  attempted: string,
  now = new Date(),
) {
  const link = TOKEN.test(token)
    ? await findLink(deps.database.db, reminderTokenHash(purpose, token))
    : null;
  const row = link ? await findAppointment(deps.database.db, link.appointmentId) : null;
  if (!link || !row || row.patientName === null)
    return refuse(deps, actor, attempted, { id: null, patientId: null }, 'reminder_link_invalid');
  const ref = { id: row.id, patientId: row.patientId };
  if (link.usedAt) return refuse(deps, actor, attempted, ref, 'reminder_link_used');
  if (row.status === 'cancelled')
    return refuse(deps, actor, attempted, ref, 'appointment_cancelled');
  if (link.expiresAt.getTime() <= now.getTime() || row.startsAt.getTime() <= now.getTime())
    return refuse(deps, actor, attempted, ref, 'reminder_link_expired');
  return { link, row, ref };
}

async function viewOf(
  deps: Deps,
  purpose: ReminderLinkPurpose,
  row: AppointmentRow,
  now = new Date(),
): Promise<ReminderLinkView> {
  const { cancelNoticeHours } = await readSettings(deps.database.db);
  return {
    purpose,
    clinic: deps.env.CLINIC_NAME,
    patientFirstName: (row.patientName ?? '').split(/\s+/)[0] ?? '',
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    type: { es: row.typeNameEs, en: row.typeNameEn },
    specialistName: row.specialistName,
    modality: row.modality,
    location: row.location,
    status: row.status,
    cancelNoticeHours,
    late: row.startsAt.getTime() - now.getTime() < cancelNoticeHours * 3_600_000,
  };
}

/** What the link's page shows before acting (a read: audited with the patient). */
export async function openReminderLink(
  deps: Deps,
  base: Actor,
  purpose: ReminderLinkPurpose,
  token: string,
): Promise<ReminderLinkView> {
  const actor = linkActor(base);
  const { row } = await usable(deps, actor, purpose, token, `appointments.link_open`);
  await recordAudit(
    deps.database.db,
    event(actor, 'appointments.link_open', row.id, row.patientId, { purpose }),
  );
  return viewOf(deps, purpose, row);
}

/** The patient confirms they will come: recorded on the appointment; the link is used. */
export async function confirmByLink(
  deps: Deps,
  base: Actor,
  token: string,
): Promise<ReminderLinkResult> {
  const actor = linkActor(base);
  const attempted = 'appointments.link_confirm';
  const { link, ref } = await usable(deps, actor, 'confirm', token, attempted);
  await auditingDomainRefusals(deps.database.db, denied(actor, attempted, ref), () =>
    deps.database.db.transaction(async (tx) => {
      const current = await lockAppointment(tx, ref.id);
      if (!current || current.status === 'cancelled')
        throw DomainError.reminderLink('appointment_cancelled');
      if (!(await useLink(tx, link.id))) throw DomainError.reminderLink('reminder_link_used');
      await markPatientConfirmed(tx, ref.id);
      await appendAudit(tx, event(actor, attempted, ref.id, ref.patientId));
    }),
  );
  const row = (await findAppointment(deps.database.db, ref.id))!;
  return { outcome: 'confirmed', appointment: await viewOf(deps, 'confirm', row) };
}

/**
 * The patient cancels. Up to the start: inside the clinic's notice period it is a late cancellation
 * (said on the page, kept in the reason and the audit), which still frees the time for others.
 */
export async function cancelByLink(
  deps: Deps,
  base: Actor,
  token: string,
  now = new Date(),
): Promise<ReminderLinkResult> {
  const actor = linkActor(base);
  const attempted = 'appointments.link_cancel';
  const { link, ref } = await usable(deps, actor, 'cancel', token, attempted, now);
  const { cancelNoticeHours } = await readSettings(deps.database.db);
  let late = false;
  const woken = await auditingDomainRefusals(deps.database.db, denied(actor, attempted, ref), () =>
    deps.database.db.transaction(async (tx) => {
      const current = await lockAppointment(tx, ref.id);
      if (!current || current.status === 'cancelled')
        throw DomainError.reminderLink('appointment_cancelled');
      if (current.status !== 'pending' && current.status !== 'confirmed')
        throw DomainError.transitionNotAllowed();
      if (!(await useLink(tx, link.id))) throw DomainError.reminderLink('reminder_link_used');
      late = current.startsAt.getTime() - now.getTime() < cancelNoticeHours * 3_600_000;
      await updateAppointmentRow(tx, ref.id, {
        status: 'cancelled',
        cancelReason: late
          ? 'Anulada por el paciente desde el recordatorio, dentro del plazo de aviso / Cancelled by the patient from the reminder, inside the notice period'
          : 'Anulada por el paciente desde el recordatorio / Cancelled by the patient from the reminder',
        cancelledBy: null,
        cancelledByRole: 'patient-link',
        cancelledAt: now,
      });
      await withdrawReminders(tx, ref.id, 'cancelled');
      await appendAudit(
        tx,
        event(actor, attempted, ref.id, ref.patientId, {
          from: current.status,
          late: late ? 'yes' : 'no',
        }),
      );
      // the freed time goes to the waitlist (ADR 0032)
      const row = (await findAppointment(tx, ref.id))!;
      const offered = await offerFreedTime(deps, tx, { ...row, ...current, id: ref.id });
      // the patient did it themselves: their specialist hears of it, the patient does not
      return [
        ...offered,
        ...(await noticeAppointment(tx, deps.env, 'cancelled', ref.id, {
          userId: null,
          patient: true,
        })),
      ];
    }),
  );
  if (woken.length) deps.realtime.wake(woken);
  deps.outbox.wake();
  const row = (await findAppointment(deps.database.db, ref.id))!;
  return {
    outcome: late ? 'cancelled_late' : 'cancelled',
    appointment: await viewOf(deps, 'cancel', row, now),
  };
}
