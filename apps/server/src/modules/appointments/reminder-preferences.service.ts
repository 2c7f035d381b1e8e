/**
 * How a patient is reminded (ADR 0021): the channel (`auto`: e-mail if known, else SMS; or none),
 * the language, and their own hours instead of the clinic's. Staff read and change it on the chart;
 * reads and changes are audited with the patient.
 */
import type { ReminderPreference, UpdateReminderPreferenceInput } from '@painlab/shared/reminders';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { DomainError } from '../../lib/domain-error';
import { findLivePatient } from './appointment.repository';
import { event, isStaff, refuse, type Viewer } from './appointments.policy';
import { reminderContact, writePreference } from './reminders.repository';
import { isUuid } from '../../lib/uuid';

async function patientFor(deps: Deps, viewer: Viewer, id: string, attempted: string) {
  const valid = isUuid(id) ? id.toLowerCase() : null;
  if (!isStaff(viewer))
    await refuse(deps, viewer, attempted, { id: null, patientId: valid }, 'staff_only', {
      action: 'view',
      resource: 'appointments',
    });
  if (!valid || !(await findLivePatient(deps.database.db, valid))) throw DomainError.notFound();
  return valid;
}

export async function readPreference(
  deps: Deps,
  viewer: Viewer,
  id: string,
): Promise<ReminderPreference> {
  const patientId = await patientFor(deps, viewer, id, 'appointments.reminder_preference.view');
  return deps.database.db.transaction(async (tx) => {
    const row = (await reminderContact(tx, patientId))!;
    await appendAudit(tx, event(viewer, 'appointments.reminder_preference.view', null, patientId));
    return { channel: row.channel ?? 'auto', language: row.language ?? null, hours: row.hours };
  });
}

export async function updatePreference(
  deps: Deps,
  viewer: Viewer,
  id: string,
  input: UpdateReminderPreferenceInput,
): Promise<ReminderPreference> {
  const patientId = await patientFor(deps, viewer, id, 'appointments.reminder_preference.edit');
  await deps.database.db.transaction(async (tx) => {
    await writePreference(tx, patientId, {
      channel: input.channel,
      language: input.language,
      hours: input.hours,
      updatedBy: viewer.userId,
    });
    await appendAudit(
      tx,
      event(viewer, 'appointments.reminder_preference.edit', null, patientId, {
        channel: input.channel,
      }),
    );
  });
  return { channel: input.channel, language: input.language, hours: input.hours };
}
