/**
 * Appointment reminders (ADR 0021). Nothing is planned at booking time: a scheduler on every
 * instance asks the database which appointments have a reminder due (the clinic's hours, or the
 * patient's, before a start that is still ahead), takes each appointment's row with FOR UPDATE SKIP
 * LOCKED, and in that one transaction records the reminder (unique per appointment, offset and
 * start), creates its confirm and cancel links and queues its message in the outbox. So a reminder
 * goes exactly once across instances and restarts; a cancelled appointment has none due, and a moved
 * one is due again for its new start. Cancelling or moving withdraws a reminder still waiting in the
 * outbox (`withdrawReminders`, in the transaction of the change).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ReminderLinkPurpose } from '@painlab/shared/reminders';
import { appendAudit, type Actor, type Tx } from '../../audit/audit';
import { baseUrlOf } from '../../env';
import type { Deps } from '../../http/types';
import { enqueue, withdrawUnsent } from '../../jobs/outbox';
import { startPeriodic } from '../../lib/periodic';
import { findAppointment } from './appointment.repository';
import { event } from './appointments.policy';
import { readSettings } from './availability.repository';
import {
  expireLinks,
  findDue,
  insertLink,
  insertReminder,
  lockForReminder,
  markWithdrawn,
  queuedMessages,
  reminderContact,
  reminderSent,
  setReminderMessage,
  type DueReminder,
} from './reminders.repository';

export const SYSTEM: Actor = { userId: null, role: 'system', ip: null, requestId: null };

/** A link token (256 random bits) and its hash, which names its purpose: a confirm token cannot cancel. */
export function newReminderToken(purpose: ReminderLinkPurpose) {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: reminderTokenHash(purpose, token) };
}

export const reminderTokenHash = (purpose: ReminderLinkPurpose, token: string) =>
  createHash('sha256').update(`appointment-${purpose}:${token}`).digest('hex');

/** The public pages of the links: the token rides in the fragment (never in logs or Referer). */
export const reminderLinkUrl = (deps: Deps, purpose: ReminderLinkPurpose, token: string) =>
  `${baseUrlOf(deps.env)}/${purpose === 'confirm' ? 'cita/confirmar' : 'cita/anular'}#${token}`;

const present = (value: string | null) => (value && value.trim() ? value.trim() : null);

/** Queues one due reminder, in its own transaction; false when there was nothing to do. */
async function queueOne(deps: Deps, due: DueReminder): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await lockForReminder(tx, due.appointmentId, due.startsAt))) return false;
    if (await reminderSent(tx, due.appointmentId, due.startsAt, due.hoursBefore)) return false;
    const row = (await findAppointment(tx, due.appointmentId))!;
    const contact = await reminderContact(tx, row.patientId);
    if (!contact) return false;
    const email = present(contact.email);
    const phone = present(contact.phone);
    const channel = contact.channel ?? 'auto';
    const to =
      (channel === 'email' || channel === 'auto') && email
        ? { channel: 'email' as const, to: email }
        : (channel === 'sms' || channel === 'auto') && phone
          ? { channel: 'sms' as const, to: phone }
          : null;
    if (!to) return false;
    const reminderId = await insertReminder(tx, {
      appointmentId: row.id,
      hoursBefore: due.hoursBefore,
      startsAt: row.startsAt,
      channel: to.channel,
    });
    if (!reminderId) return false;
    const links = {} as Record<ReminderLinkPurpose, string>;
    for (const purpose of ['confirm', 'cancel'] as const) {
      const { token, hash } = newReminderToken(purpose);
      await insertLink(tx, {
        appointmentId: row.id,
        reminderId,
        purpose,
        tokenHash: hash,
        expiresAt: row.startsAt,
      });
      links[purpose] = reminderLinkUrl(deps, purpose, token);
    }
    const settings = await readSettings(tx);
    const { id: messageId } = await enqueue(tx, {
      ...to,
      language: contact.language ?? null,
      template: 'appointment.reminder',
      params: {
        clinic: deps.env.CLINIC_NAME,
        startsAt: row.startsAt.toISOString(),
        timeZone: row.timeZone,
        specialist: row.specialistName,
        type: { es: row.typeNameEs, en: row.typeNameEn },
        location: row.location,
        telehealth: row.modality === 'telehealth',
        confirmLink: links.confirm,
        cancelLink: links.cancel,
        cancelNoticeHours: settings.cancelNoticeHours,
      },
      patientId: row.patientId,
      dedupeKey: `appointment-reminder:${reminderId}`,
    });
    await setReminderMessage(tx, reminderId, messageId);
    await appendAudit(
      tx,
      event(SYSTEM, 'appointments.reminder', row.id, row.patientId, {
        hoursBefore: due.hoursBefore,
        channel: to.channel,
      }),
    );
    return true;
  });
}

/**
 * Queues the reminders due now, a batch at a time, each in its own transaction. Returns how many
 * were queued. Appointments another transaction holds are skipped (the next round takes them).
 */
export async function queueDueReminders(deps: Deps, limit = 500): Promise<number> {
  let queued = 0;
  while (queued < limit) {
    const due = await findDue(deps.database.db, 50);
    let progress = 0;
    for (const item of due) if (await queueOne(deps, item)) progress++;
    queued += progress;
    if (due.length < 50 || progress === 0) break;
  }
  if (queued) deps.outbox.wake();
  return queued;
}

/**
 * In the transaction that cancels, moves or deletes an appointment: its reminders still waiting in
 * the outbox are deleted (never sent) and its unused links stop working.
 */
export async function withdrawReminders(tx: Tx, appointmentId: string, reason: string) {
  const withdrawn = await withdrawUnsent(tx, await queuedMessages(tx, appointmentId));
  await markWithdrawn(tx, withdrawn, reason);
  await expireLinks(tx, appointmentId);
}

/** Queues due reminders every `intervalMs` on every instance (they never queue one twice). */
export function startReminderScheduler(deps: Deps, intervalMs: number) {
  return startPeriodic('appointment reminders', deps.logger, intervalMs, () =>
    queueDueReminders(deps),
  );
}
