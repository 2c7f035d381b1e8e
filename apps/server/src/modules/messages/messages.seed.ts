/**
 * Demo conversations (SEED_DEMO), made once, when there are none: the demo patient (Pablo) and their
 * specialist (Dra. Sofía) in Spanish and in English, with read receipts; staff threads between the
 * specialist, the administrator and the researcher. The demo patient's account gets a patient record
 * (through the patients service: created, invited, claimed) when it has none, with the demo
 * specialist as its care team.
 */
import { DEMO } from '@painlab/shared/personas';
import { appendAudit } from '../../audit/audit';
import type { Deps } from '../../http/types';
import { createPatientSchema } from '@painlab/shared/patients';
import {
  claimInvite,
  createPatient,
  invitePatient,
  messagingContact,
} from '../patients/patients.service';
import { event } from './messages.policy';
import {
  addParticipants,
  anyThread,
  insertMessage,
  insertThread,
  markThreadRead,
} from './threads.repository';

type Line = [who: 'a' | 'b', minutesAgo: number, body: string, urgent?: boolean];

interface SeedThread {
  subject: string;
  kind: 'patient' | 'staff';
  a: string;
  b: string;
  lines: Line[];
  /** Whether `b` has read the last message (`a` always has read what came before). */
  bReadAll: boolean;
}

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

export async function seedDemoMessages(deps: Deps): Promise<number> {
  const db = deps.database.db;
  if (await anyThread(db)) return 0;
  const ids = new Map<string, string>();
  for (const email of Object.values(DEMO)) {
    const row = await db.query.user.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    if (row) ids.set(email, row.id);
  }
  const specialist = ids.get(DEMO.specialist);
  const admin = ids.get(DEMO.admin);
  const researcher = ids.get(DEMO.researcher);
  const patientUser = ids.get(DEMO.user);
  if (!specialist || !admin || !researcher || !patientUser) return 0;

  const seed = { ip: null, requestId: 'seed' };
  let contact = await messagingContact(deps, { userId: patientUser });
  // Tests link the demo patient account to records of their own (and count patients): under
  // NODE_ENV=test no record is made here, and the patient's threads are left to the tests.
  if (!contact && deps.env.NODE_ENV !== 'test') {
    const staff = { ...seed, userId: specialist, role: 'specialist' as const };
    const record = await createPatient(
      deps,
      staff,
      createPatientSchema.parse({
        name: 'Pablo Paciente',
        birthDate: '1976-03-14',
        gender: 'male',
        category: 'chronic_pain',
        priority: 'medium',
        status: 'in_treatment',
        email: DEMO.user,
        symptoms: ['Lumbalgia crónica'],
        currentMedications: ['Pregabalina 75 mg'],
        allergies: [],
        assignedSpecialistId: specialist,
      }),
    );
    const { link } = await invitePatient(deps, staff, record.id, { email: DEMO.user });
    const token = new URL(link).searchParams.get('invite')!;
    await claimInvite(deps, { ...seed, userId: patientUser, role: 'user' }, token);
    contact = await messagingContact(deps, { userId: patientUser });
  }
  const care = contact?.specialistId ?? specialist;

  const all: (SeedThread & { patientId: string | null })[] = [
    {
      subject: 'Dudas con la nueva dosis de pregabalina',
      kind: 'patient',
      patientId: contact?.id ?? null,
      a: patientUser,
      b: care,
      bReadAll: true,
      lines: [
        [
          'a',
          2 * 1440 + 95,
          'Buenos días, doctora. Desde que subimos la pregabalina a 75 mg por la noche me noto algo mareado por las mañanas. ¿Es normal?',
        ],
        [
          'b',
          2 * 1440 + 40,
          'Buenos días, Pablo. Es un efecto frecuente las primeras dos semanas y suele mejorar. Tómela una hora antes de acostarse y evite conducir si nota el mareo.',
        ],
        [
          'a',
          2 * 1440 + 20,
          'De acuerdo, así lo haré. ¿Sigo con los ejercicios de estiramiento igual?',
        ],
        [
          'b',
          1440 + 300,
          'Sí, continúe con ellos a diario. Si el mareo no mejora en una semana, escríbame y valoramos ajustar la dosis.',
        ],
        ['a', 180, 'Hoy ya estoy mejor, el mareo casi ha desaparecido. Gracias.'],
      ],
    },
    {
      subject: 'Home exercise plan after physiotherapy',
      kind: 'patient',
      patientId: contact?.id ?? null,
      a: care,
      b: patientUser,
      bReadAll: false,
      lines: [
        [
          'a',
          1440 + 600,
          'Hello Pablo, the physiotherapist sent me your report. I have added three exercises to your tasks: pelvic tilts, cat–camel and a 20-minute walk.',
        ],
        [
          'b',
          1440 + 560,
          'Thank you. Should I do them every day, even when the pain is at 6 or more?',
        ],
        [
          'a',
          45,
          'On days above 6, do only the walk, at a gentle pace. Please note the pain score before and after in your diary.',
        ],
      ],
    },
    {
      subject: 'Cambio de agenda del jueves',
      kind: 'staff',
      patientId: null,
      a: admin,
      b: specialist,
      bReadAll: false,
      lines: [
        [
          'a',
          300,
          'Sofía, el jueves por la tarde se cierra la sala 2 por mantenimiento. ¿Te parece si movemos tus bloqueos a la sala 3?',
        ],
        ['b', 250, 'Sin problema, pero necesito el ecógrafo portátil en la sala 3.'],
        ['a', 30, 'Hecho, lo he reservado de 15:00 a 19:00.'],
      ],
    },
    {
      subject: 'De-identified export for the pain-score study',
      kind: 'staff',
      patientId: null,
      a: researcher,
      b: specialist,
      bReadAll: true,
      lines: [
        [
          'a',
          3 * 1440,
          'Could you confirm that the NRS scores from the last quarter are complete before I run the de-identified export?',
        ],
        [
          'b',
          3 * 1440 - 120,
          'Two charts were missing follow-up scores; they are filled in now. Go ahead.',
        ],
      ],
    },
  ];

  const threads = all.filter((t) => t.kind === 'staff' || t.patientId !== null);
  const system = { userId: null, role: 'system', ...seed };
  for (const t of threads) {
    await db.transaction(async (tx) => {
      const id = await insertThread(tx, {
        kind: t.kind,
        subject: t.subject,
        patientId: t.patientId,
        createdBy: t.a,
      });
      await addParticipants(tx, id, [t.a, t.b]);
      let last = { seq: 0, at: new Date(0) };
      for (const [i, [who, minutes, body, urgent]] of t.lines.entries()) {
        const author = who === 'a' ? t.a : t.b;
        const other = who === 'a' ? t.b : t.a;
        const at = ago(minutes);
        const msg = await insertMessage(tx, {
          threadId: id,
          authorId: author,
          body,
          urgent: !!urgent,
          createdAt: at,
        });
        last = { seq: msg.seq, at };
        // the other read each message a few minutes later, except the last one when not `bReadAll`
        const isLast = i === t.lines.length - 1;
        if (!isLast || other === t.a || t.bReadAll)
          if (!(isLast && other === t.b && !t.bReadAll))
            await markThreadRead(tx, id, other, msg.seq, new Date(at.getTime() + 4 * 60_000));
      }
      await appendAudit(
        tx,
        event(system, 'messages.thread.create', { id, patientId: t.patientId }, { seed: true }),
      );
      void last;
    });
  }
  return threads.length;
}
