/**
 * Demo appointments (SEED_DEMO, outside tests), made once, when there are none: the demo
 * specialist's weekly hours (mornings in person at the clinic in Madrid, two telehealth afternoons
 * in New York time for patients in the USA), a holiday, and a realistic week of visits for five demo
 * patients (created through the patients service): completed and one no-show earlier in the week,
 * confirmed and pending ones ahead, one cancelled with its reason; no-shows in earlier weeks and
 * each patient's reminder preference (ADR 0021). Bilingual names, real types.
 */
import { DateTime } from 'luxon';
import { createPatientSchema } from '@painlab/shared/patients';
import { DEMO } from '@painlab/shared/personas';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { createPatient } from '../patients/patients.service';
import { anyAppointment, insertAppointment, updateAppointmentRow } from './appointment.repository';
import { event, type Viewer } from './appointments.policy';
import { findType, replaceHours } from './availability.repository';
import { accountId } from './appointments.service';
import { writePreference } from './reminders.repository';

const ZONE = 'Europe/Madrid';

const PATIENTS = [
  {
    name: 'Lucía Fernández Ortega',
    email: 'lucia.fernandez@pacientes.painlab.test',
    contactNumber: '+34 612 345 678',
    birthDate: '1978-03-14',
    gender: 'female',
    category: 'chronic_pain',
    priority: 'high',
  },
  {
    name: 'Javier Morales Ruiz',
    email: 'javier.morales@pacientes.painlab.test',
    contactNumber: '+34 623 456 789',
    birthDate: '1965-11-02',
    gender: 'male',
    category: 'post_surgery',
    priority: 'medium',
  },
  {
    name: 'Carmen Vidal Soler',
    contactNumber: '+34 634 567 890',
    birthDate: '1990-07-21',
    gender: 'female',
    category: 'mental_health',
    priority: 'medium',
  },
  {
    name: 'Michael Turner',
    email: 'michael.turner@patients.painlab.test',
    contactNumber: '+1 212 555 0147',
    birthDate: '1972-01-30',
    gender: 'male',
    category: 'chronic_pain',
    priority: 'low',
  },
  {
    name: 'Elena Navarro Gil',
    email: 'elena.navarro@pacientes.painlab.test',
    birthDate: '1983-09-09',
    gender: 'female',
    category: 'rehabilitation',
    priority: 'medium',
  },
] as const;

type Visit = {
  patient: number;
  day: number; // 0 Monday … 4 Friday of this week
  time: string; // local, Madrid (or New York for telehealth afternoons)
  type: string;
  zone?: string;
  note?: string;
  patientNote?: string;
  status?: 'pending' | 'confirmed' | 'cancelled' | 'no_show';
  reason?: string;
};

const VISITS: Visit[] = [
  // earlier weeks: missed visits (the no-show report and the patients' counts, ADR 0021)
  { patient: 3, day: -12, time: '10:00', type: 'follow_up', status: 'no_show' },
  { patient: 1, day: -9, time: '12:00', type: 'trt_review', status: 'no_show' },
  { patient: 1, day: -26, time: '10:30', type: 'follow_up', status: 'no_show' },
  { patient: 4, day: -8, time: '09:30', type: 'physio' },
  {
    patient: 0,
    day: 0,
    time: '09:00',
    type: 'first_visit',
    note: 'Dolor lumbar de 8 meses; trae resonancia.',
  },
  {
    patient: 1,
    day: 0,
    time: '10:30',
    type: 'infiltration',
    note: 'Infiltración facetaria L4-L5.',
  },
  { patient: 2, day: 0, time: '12:00', type: 'psychology' },
  { patient: 4, day: 1, time: '09:00', type: 'physio' },
  {
    patient: 3,
    day: 1,
    time: '11:00',
    type: 'follow_up',
    zone: 'America/New_York',
    note: 'Telehealth follow-up (US).',
  },
  { patient: 0, day: 2, time: '09:00', type: 'follow_up' },
  {
    patient: 2,
    day: 2,
    time: '10:00',
    type: 'psychology',
    status: 'cancelled',
    reason: 'La paciente está con gripe.',
  },
  { patient: 1, day: 2, time: '12:00', type: 'trt_review' },
  { patient: 4, day: 3, time: '09:30', type: 'physio' },
  { patient: 3, day: 3, time: '11:00', type: 'psychology', zone: 'America/New_York' },
  {
    patient: 0,
    day: 4,
    time: '10:00',
    type: 'follow_up',
    status: 'pending',
    patientNote: 'Me gustaría revisar la medicación.',
  },
  { patient: 2, day: 4, time: '12:00', type: 'psychology' },
];

export async function seedDemoAppointments(deps: Deps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  if (await anyAppointment(db)) return 0;
  const specialistId = await accountId(deps, DEMO.specialist);
  if (!specialistId) return 0;
  const seed: Viewer = { userId: specialistId, role: 'specialist', ip: null, requestId: 'seed' };

  await db.transaction(async (tx) => {
    await replaceHours(tx, specialistId, [
      ...[1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        startTime: '09:00',
        endTime: '14:00',
        modality: 'in_person' as const,
        location: 'Consulta 2',
        timeZone: ZONE,
      })),
      ...[2, 4].map((weekday) => ({
        weekday,
        startTime: '10:00',
        endTime: '13:00',
        modality: 'telehealth' as const,
        location: null,
        timeZone: 'America/New_York',
      })),
    ]);
  });

  const patients: Awaited<ReturnType<typeof createPatient>>[] = [];
  for (const p of PATIENTS)
    patients.push(
      await createPatient(deps, seed, createPatientSchema.parse({ ...p, allowDuplicate: true })),
    );

  const monday = DateTime.fromJSDate(now, { zone: ZONE }).startOf('week');
  let made = 0;
  for (const v of VISITS) {
    const type = await findType(db, v.type);
    if (!type) continue;
    const zone = v.zone ?? ZONE;
    const day = monday.plus({ days: v.day });
    const [h, m] = v.time.split(':').map(Number);
    const start = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour: h, minute: m },
      { zone },
    ).toJSDate();
    const end = new Date(start.getTime() + type.durationMinutes * 60_000);
    const patient = patients[v.patient]!;
    const past = end.getTime() < now.getTime();
    await db.transaction(async (tx) => {
      const id = await insertAppointment(tx, {
        patientId: patient.id,
        specialistId,
        typeId: type.id,
        startsAt: start,
        endsAt: end,
        blockedUntil: new Date(end.getTime() + type.bufferMinutes * 60_000),
        timeZone: zone,
        modality: v.zone ? 'telehealth' : (type.modality ?? 'in_person'),
        location: v.zone ? null : 'Consulta 2',
        status: v.status === 'pending' ? 'pending' : 'confirmed',
        notes: v.note ?? null,
        patientNote: v.patientNote ?? null,
        priceCents: type.priceCents,
        currency: type.currency,
        rebookedFromId: null,
        bookedBy: specialistId,
      });
      if (v.status === 'cancelled')
        await updateAppointmentRow(tx, id, {
          status: 'cancelled',
          cancelReason: v.reason ?? 'Cancelada',
          cancelledBy: specialistId,
          cancelledByRole: 'specialist',
          cancelledAt: new Date(start.getTime() - 26 * 3_600_000),
        });
      else if (past && v.status !== 'pending')
        // one missed visit among the finished ones this week, and those of earlier weeks
        await updateAppointmentRow(tx, id, {
          status:
            v.status === 'no_show' || (v.patient === 3 && v.day === 1) ? 'no_show' : 'completed',
        });
      await appendAudit(tx, event(seed, 'appointments.create', id, patient.id, { source: 'seed' }));
    });
    made++;
  }
  // how each is reminded (ADR 0021): Michael in English, by SMS; the others in Spanish, e-mail
  // first. Visits within a day get their reminder in the outbox at the scheduler's first round.
  await db.transaction(async (tx) => {
    for (const [i, patient] of patients.entries())
      await writePreference(tx, patient.id, {
        channel: i === 3 ? 'sms' : 'auto',
        language: i === 3 ? 'en' : 'es',
        hours: null,
        updatedBy: specialistId,
      });
  });
  return made;
}
