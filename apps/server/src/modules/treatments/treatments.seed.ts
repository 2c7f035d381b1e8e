/**
 * Demo treatment plans (SEED_DEMO), made once, when there are none: an active plan for each of the
 * three oldest patients — the ones the questionnaire seed gives BPI, PHQ-9 and PEG series, so their
 * goals show progress — one in English for the fourth (no results yet), a revision in the history,
 * and one for the demo patient account (Pablo), left for him to acknowledge at /my-plan. Made
 * through the service like any plan (versions and audit rows included).
 */
import { DEMO } from '@painlab/shared/personas';
import type { PlanContentInput } from '@painlab/shared/treatments';
import type { Deps } from '../../http/types';
import { changeStatus, create, revise } from './treatments.service';
import {
  anyPlan,
  findPatientIdOfUser,
  oldestPatientIds,
  userIdByEmail,
} from './treatments.repository';

const plus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Demo = { plan: PlanContentInput; revision?: Partial<PlanContentInput> };

const PLANS = (clinician: string): Demo[] => [
  {
    plan: {
      title: 'Lumbalgia crónica: recuperar la actividad diaria',
      summary:
        'Plan multimodal de seis meses: educación en dolor, ejercicio terapéutico progresivo y apoyo psicológico, con ajuste de la medicación neuropática.',
      problems: [
        { text: 'Lumbalgia crónica con irradiación a la pierna izquierda' },
        { text: 'El dolor interfiere con el trabajo y el sueño' },
        { text: 'Ánimo bajo desde hace meses' },
      ],
      goals: [
        {
          text: 'Que el dolor interfiera poco en la vida diaria (BPI interferencia ≤ 2)',
          measure: {
            instrumentId: 'bpi',
            measure: 'interference',
            comparator: 'lte',
            target: 2,
            baseline: 7.29,
          },
          targetDate: plus(60),
        },
        {
          text: 'Reducir la intensidad del dolor (BPI intensidad ≤ 3)',
          measure: {
            instrumentId: 'bpi',
            measure: 'severity',
            comparator: 'lte',
            target: 3,
            baseline: 7.5,
          },
          targetDate: plus(60),
        },
        {
          text: 'Ánimo en rango mínimo (PHQ-9 < 5)',
          measure: {
            instrumentId: 'phq9',
            measure: 'total',
            comparator: 'lt',
            target: 5,
            baseline: 12,
          },
          targetDate: plus(30),
        },
      ],
      interventions: [
        {
          kind: 'medication',
          title: 'Pregabalina 75 mg',
          details: 'Una cápsula por la noche. Avise si nota mareo o somnolencia durante el día.',
          frequency: 'daily',
          startsOn: plus(-150),
        },
        {
          kind: 'physiotherapy',
          title: 'Fisioterapia: ejercicio terapéutico de columna lumbar',
          details: 'Sesiones de 45 minutos con Daniel, en la clínica.',
          frequency: 'weekly',
          startsOn: plus(-140),
          endsOn: plus(40),
        },
        {
          kind: 'psychology',
          title: 'Terapia cognitivo-conductual para el dolor',
          details:
            'Ocho sesiones individuales: manejo del ritmo de actividad y del miedo al movimiento.',
          frequency: 'every_2_weeks',
          startsOn: plus(-120),
        },
        {
          kind: 'workshop',
          title: 'Taller de manejo del estrés',
          details: 'Grupo de los jueves a las 18:00.',
          frequency: 'once',
          startsOn: plus(9),
        },
        {
          kind: 'home_exercise',
          title: 'Puente de glúteos y gato-camello',
          details:
            '2 series de 10 repeticiones de cada ejercicio, despacio, sin pasar de un dolor 5 sobre 10. Anote cómo se siente después.',
          frequency: 'daily',
        },
        {
          kind: 'home_exercise',
          title: 'Caminar',
          details: 'Paseo de 20 minutos a ritmo cómodo; añada 5 minutos cada semana.',
          frequency: 'daily',
        },
      ],
      startsOn: plus(-150),
      reviewOn: plus(21),
      clinicianIds: [clinician],
    },
    revision: { reviewOn: plus(28) },
  },
  {
    plan: {
      title: 'Rehabilitación tras artroplastia de rodilla',
      summary:
        'Recuperar la marcha y la flexión de rodilla y retirar los opioides de forma progresiva.',
      problems: [
        { text: 'Dolor tras la prótesis total de rodilla derecha' },
        { text: 'Flexión de rodilla limitada a 95°' },
      ],
      goals: [
        {
          text: 'Dolor e interferencia bajos (PEG ≤ 3)',
          measure: {
            instrumentId: 'peg',
            measure: 'total',
            comparator: 'lte',
            target: 3,
            baseline: 7.67,
          },
          targetDate: plus(30),
        },
        { text: 'Subir y bajar escaleras sin apoyo', targetDate: plus(45) },
      ],
      interventions: [
        {
          kind: 'physiotherapy',
          title: 'Fisioterapia de rodilla',
          details: 'Movilidad, fuerza de cuádriceps y reeducación de la marcha.',
          frequency: 'weekly',
          startsOn: plus(-100),
        },
        {
          kind: 'medication',
          title: 'Paracetamol 1 g',
          details: 'Cada 8 horas si hay dolor; máximo 3 g al día.',
          frequency: 'daily',
        },
        {
          kind: 'home_exercise',
          title: 'Flexión de rodilla sentado',
          details: '3 series de 15, tres veces al día, con hielo 15 minutos después.',
          frequency: 'daily',
        },
      ],
      startsOn: plus(-100),
      reviewOn: plus(14),
      clinicianIds: [clinician],
    },
  },
  {
    plan: {
      title: 'Dolor generalizado: sueño, ritmo de actividad y ejercicio gradual',
      summary:
        'Plan centrado en dormir mejor y dosificar la actividad, con una prueba de amitriptilina a dosis baja y un curso de psicología del dolor.',
      problems: [
        { text: 'Dolor generalizado desde hace más de dos años' },
        { text: 'Sueño no reparador' },
      ],
      goals: [
        {
          text: 'Que el dolor interfiera menos en el día a día (BPI interferencia < 4)',
          measure: {
            instrumentId: 'bpi',
            measure: 'interference',
            comparator: 'lt',
            target: 4,
            baseline: 5.86,
          },
          targetDate: plus(90),
        },
        {
          text: 'Ánimo en rango leve o mejor (PHQ-9 < 10)',
          measure: {
            instrumentId: 'phq9',
            measure: 'total',
            comparator: 'lt',
            target: 10,
            baseline: 13,
          },
          targetDate: plus(60),
        },
      ],
      interventions: [
        {
          kind: 'medication',
          title: 'Amitriptilina 10 mg',
          details: 'Un comprimido dos horas antes de acostarse.',
          frequency: 'daily',
        },
        {
          kind: 'psychology',
          title: 'Curso grupal de psicología del dolor',
          details: 'Seis sesiones semanales: ritmo de actividad, sueño y plan para las crisis.',
          frequency: 'weekly',
          startsOn: plus(3),
          endsOn: plus(45),
        },
        {
          kind: 'home_exercise',
          title: 'Estiramientos suaves',
          details: '10 minutos cada mañana; pare si nota un dolor agudo.',
          frequency: 'daily',
        },
      ],
      startsOn: plus(-110),
      reviewOn: plus(20),
      clinicianIds: [clinician],
    },
  },
  {
    plan: {
      title: 'Chronic neck pain: posture, strength and flare-up plan',
      summary:
        'We start with neck-strengthening exercise and a flare-up plan, and measure how pain affects your days every four weeks.',
      problems: [
        { text: 'Neck pain for 18 months, worse after desk work' },
        { text: 'Headaches two or three times a week' },
      ],
      goals: [
        {
          text: 'Pain interferes less with work (BPI interference < 3)',
          measure: {
            instrumentId: 'bpi',
            measure: 'interference',
            comparator: 'lt',
            target: 3,
            baseline: 5.5,
          },
          targetDate: plus(90),
        },
        { text: 'Work a full day at the desk with two short breaks', targetDate: plus(60) },
      ],
      interventions: [
        {
          kind: 'physiotherapy',
          title: 'Physiotherapy: deep neck flexor training',
          details: 'Weekly 45-minute sessions at the clinic.',
          frequency: 'weekly',
          startsOn: plus(-7),
          endsOn: plus(56),
        },
        {
          kind: 'home_exercise',
          title: 'Chin tucks and shoulder blade squeezes',
          details: '3 sets of 10, morning and afternoon; hold each for 5 seconds.',
          frequency: 'daily',
        },
        {
          kind: 'workshop',
          title: 'Stress management workshop',
          details: 'Thursday group at 6 pm.',
          frequency: 'once',
          startsOn: plus(9),
        },
      ],
      startsOn: plus(-7),
      reviewOn: plus(28),
      clinicianIds: [clinician],
    },
  },
  {
    plan: {
      title: 'Lumbalgia crónica: plan de inicio',
      summary:
        'Empezamos con educación en dolor, ejercicio en casa y fisioterapia. Revisaremos el plan con sus cuestionarios en un mes.',
      problems: [{ text: 'Lumbalgia crónica de más de un año' }],
      goals: [
        {
          text: 'Que el dolor interfiera menos en su día a día (BPI interferencia < 4)',
          measure: {
            instrumentId: 'bpi',
            measure: 'interference',
            comparator: 'lt',
            target: 4,
            baseline: 6.4,
          },
          targetDate: plus(90),
        },
        { text: 'Volver a caminar 30 minutos seguidos', targetDate: plus(60) },
      ],
      interventions: [
        {
          kind: 'medication',
          title: 'Pregabalina 75 mg',
          details: 'Una cápsula por la noche.',
          frequency: 'daily',
        },
        {
          kind: 'physiotherapy',
          title: 'Fisioterapia: ejercicio terapéutico',
          details: 'Una sesión semanal en la clínica.',
          frequency: 'weekly',
          startsOn: plus(2),
        },
        {
          kind: 'home_exercise',
          title: 'Rodillas al pecho y báscula pélvica',
          details: '2 series de 10, mañana y tarde, sin forzar.',
          frequency: 'daily',
        },
        {
          kind: 'workshop',
          title: 'Escuela de espalda',
          details: 'Taller de dos horas sobre cómo entender el dolor.',
          frequency: 'once',
          startsOn: plus(10),
        },
      ],
      startsOn: plus(-3),
      reviewOn: plus(30),
      clinicianIds: [clinician],
    },
  },
];

export async function seedDemoTreatmentPlans(deps: Deps): Promise<number> {
  const db = deps.database.db;
  if (await anyPlan(db)) return 0;
  const clinician = await userIdByEmail(db, DEMO.specialist);
  if (!clinician) return 0;
  const viewer = { userId: clinician, role: 'specialist' as const, ip: null, requestId: 'seed' };
  const pablo = await userIdByEmail(db, DEMO.user);
  const pabloRecord = pablo ? await findPatientIdOfUser(db, pablo) : null;
  let made = 0;
  // the questionnaire seed's three patients (oldest first), a fourth, then the demo patient's record
  const oldest = (await oldestPatientIds(db, 4)).filter((id) => id !== pabloRecord);
  const plans = PLANS(clinician);
  const targets = [...plans.slice(0, -1).map((_, i) => oldest[i] ?? null), pabloRecord];
  for (const [i, demo] of plans.entries()) {
    const patientId = targets[i];
    if (!patientId) continue;
    const plan = await create(deps, viewer, { ...demo.plan, patientId });
    let current = await changeStatus(deps, viewer, plan.id, {
      status: 'active',
      version: plan.version,
    });
    if (demo.revision) {
      current = await revise(deps, viewer, plan.id, {
        ...demo.plan,
        ...demo.revision,
        problems: current.content.problems,
        goals: current.content.goals,
        interventions: current.content.interventions,
        version: current.version,
        note: 'Revisión a los cinco meses: se aplaza la revisión una semana.',
      });
    }
    made++;
  }
  return made;
}
