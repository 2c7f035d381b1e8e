/**
 * Demo questionnaires (SEED_DEMO), made once, when there are none: months of completed BPI, PHQ-9
 * and PEG series for a few patients, so the chart's trends show something real, and one BPI still
 * open. Scores are computed by packages/clinical like any submission. When the database holds no
 * patient yet, three demo patients are created through the patients service.
 */
import { evaluateRules, score, type InstrumentId } from '@painlab/clinical';
import { createPatientSchema } from '@painlab/shared/patients';
import { DEMO } from '@painlab/shared/personas';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { createPatient } from '../patients/patients.service';
import { addDays, todayUtc } from './due.service';
import { event } from './questionnaires.policy';
import {
  anySchedule,
  completeAssignment,
  insertAssignment,
  insertResponse,
  insertSchedule,
  livePatientsForSeed,
  userIdByEmail,
} from './questionnaires.repository';

const SEED = { userId: null, role: 'system', ip: null, requestId: 'seed' };

const DEMO_PATIENTS = [
  {
    name: 'Carmen Ruiz Ortega',
    birthDate: '1968-03-14',
    gender: 'female',
    category: 'chronic_pain',
    priority: 'high',
    email: 'carmen.ruiz@example.com',
    symptoms: ['Lumbalgia crónica', 'Irradiación a pierna izquierda'],
  },
  {
    name: 'Javier Molina Pérez',
    birthDate: '1975-09-02',
    gender: 'male',
    category: 'post_surgery',
    priority: 'medium',
    contactNumber: '+34 612 345 678',
    symptoms: ['Dolor tras artroplastia de rodilla'],
  },
  {
    name: 'Emily Carter',
    birthDate: '1982-11-27',
    gender: 'female',
    category: 'chronic_pain',
    priority: 'medium',
    email: 'emily.carter@example.com',
    symptoms: ['Widespread pain', 'Poor sleep'],
  },
] as const;

/** A series: every `everyWeeks` weeks, answers per occurrence (oldest first), then one open if `open`. */
interface Series {
  instrumentId: InstrumentId;
  everyWeeks: number;
  answers: (number | null)[][];
  open?: boolean;
}

const SERIES: Series[][] = [
  [
    {
      instrumentId: 'bpi',
      everyWeeks: 4,
      // severity 7.5 → 3.75, interference easing over five months of treatment
      answers: [
        [9, 6, 8, 7, 8, 7, 8, 6, 7, 8, 7],
        [9, 5, 7, 7, 7, 7, 7, 6, 7, 7, 6],
        [8, 4, 6, 6, 6, 5, 6, 5, 6, 6, 5],
        [7, 3, 5, 5, 5, 4, 5, 4, 5, 5, 4],
        [6, 2, 4, 4, 4, 3, 4, 3, 4, 4, 3],
        [6, 2, 4, 3, 3, 3, 3, 2, 3, 4, 3],
      ],
      open: true,
    },
    {
      instrumentId: 'phq9',
      everyWeeks: 4,
      answers: [
        [2, 2, 2, 2, 1, 1, 1, 1, 0],
        [2, 2, 2, 1, 1, 1, 1, 0, 0],
        [1, 1, 2, 1, 1, 1, 1, 0, 0],
        [1, 1, 1, 1, 0, 1, 0, 0, 0],
        [1, 1, 1, 1, 0, 0, 0, 0, 0],
      ],
    },
  ],
  [
    {
      instrumentId: 'peg',
      everyWeeks: 2,
      answers: [
        [8, 8, 7],
        [7, 8, 7],
        [7, 7, 6],
        [6, 6, 6],
        [5, 6, 5],
        [5, 5, 4],
        [4, 4, 4],
        [3, 4, 3],
      ],
    },
  ],
  [
    {
      instrumentId: 'bpi',
      everyWeeks: 4,
      // little change: the trend shows a plateau
      answers: [
        [7, 4, 6, 5, 6, 6, 7, 5, 6, 6, 5],
        [7, 4, 6, 6, 6, 6, 6, 5, 6, 6, 6],
        [8, 4, 6, 6, 7, 6, 7, 5, 6, 7, 6],
        [7, 4, 5, 5, 6, 5, 6, 5, 5, 6, 5],
      ],
    },
    {
      instrumentId: 'phq9',
      everyWeeks: 6,
      answers: [
        [2, 2, 2, 2, 2, 1, 1, 1, 0],
        [2, 2, 1, 2, 1, 1, 1, 0, 0],
        [2, 1, 1, 2, 1, 1, 1, 0, 0],
      ],
    },
  ],
];

/** Patients to give series to: those already there (oldest first), or three made for the demo. */
async function demoPatients(
  deps: Deps,
): Promise<{ id: string; assignedSpecialistId: string | null }[]> {
  const existing = await livePatientsForSeed(deps.database.db, SERIES.length);
  if (existing.length) return existing;
  const specialist = await userIdByEmail(deps.database.db, DEMO.specialist);
  if (!specialist) return [];
  const viewer = { userId: specialist, role: 'specialist' as const, ip: null, requestId: 'seed' };
  const made = [];
  for (const p of DEMO_PATIENTS) {
    const input = createPatientSchema.parse({ ...p, assignedSpecialistId: specialist });
    const created = await createPatient(deps, viewer, input);
    made.push({ id: created.id, assignedSpecialistId: specialist });
  }
  return made;
}

export async function seedDemoQuestionnaires(deps: Deps): Promise<number> {
  const db = deps.database.db;
  if (await anySchedule(db)) return 0;
  const patients = await demoPatients(deps);
  const today = todayUtc();
  let responses = 0;
  await db.transaction(async (tx) => {
    for (const [i, patient] of patients.entries()) {
      for (const series of SERIES[i] ?? []) {
        const step = series.everyWeeks * 7;
        const count = series.answers.length + (series.open ? 1 : 0);
        // an open series' last occurrence is due today; the others' next one is due tomorrow, so
        // starting the demo releases nothing (and queues no notice) until then
        const startsOn = series.open
          ? addDays(today, -step * series.answers.length)
          : addDays(today, 1 - step * count);
        const schedule = await insertSchedule(tx, {
          patientId: patient.id,
          instrumentId: series.instrumentId,
          everyWeeks: series.everyWeeks,
          startsOn,
          until: null,
          nextDueOn: addDays(startsOn, step * count),
          createdBy: patient.assignedSpecialistId,
        });
        await appendAudit(
          tx,
          event(SEED, 'questionnaires.assign', schedule.id, patient.id, { source: 'seed' }),
        );
        for (const [k, answers] of series.answers.entries()) {
          const dueOn = addDays(startsOn, step * k);
          const assignment = (await insertAssignment(tx, {
            scheduleId: schedule.id,
            patientId: patient.id,
            instrumentId: series.instrumentId,
            dueOn,
          }))!;
          const result = score(series.instrumentId, answers);
          const outcomes = evaluateRules(series.instrumentId, result);
          await insertResponse(tx, {
            assignmentId: assignment.id,
            patientId: patient.id,
            instrumentId: series.instrumentId,
            answers,
            scorable: result.scorable,
            total: result.total,
            subscales: { ...result.subscales },
            band: result.band,
            flags: result.flags.map((f) => ({ ...f })),
            missingItems: [...result.missingItems],
            rules: outcomes.map((o) => ({
              ruleId: o.ruleId,
              severity: o.severity,
              action: o.action,
              audience: o.audience,
              title: o.title,
              explanation: o.explanation,
            })),
            // most by the patient's link; every third entered from paper at a visit
            source: k % 3 === 2 ? 'paper' : 'link',
            enteredBy: k % 3 === 2 ? patient.assignedSpecialistId : null,
            submittedAt: new Date(`${addDays(dueOn, 1 + (k % 2))}T10:30:00Z`),
          });
          await completeAssignment(tx, assignment.id);
          responses++;
        }
        if (series.open)
          await insertAssignment(tx, {
            scheduleId: schedule.id,
            patientId: patient.id,
            instrumentId: series.instrumentId,
            dueOn: addDays(startsOn, step * series.answers.length),
          });
      }
    }
  });
  return responses;
}
