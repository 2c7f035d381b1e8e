import type { Instrument } from '../instrument';
import { allAnswered, sum, yesNo } from '../scoring';
import { pendingSpanish } from './common';

const answer = yesNo({ en: 'Yes', es: null }, { en: 'No', es: null });

const ITEMS: readonly (readonly [string, string])[] = [
  [
    'snoring',
    'Snoring: Do you snore loudly (louder than talking or loud enough to be heard through closed doors)?',
  ],
  ['tired', 'Tired: Do you often feel tired, fatigued, or sleepy during daytime?'],
  ['observed', 'Observed: Has anyone observed you stop breathing during your sleep?'],
  ['pressure', 'Blood pressure: Do you have or are you being treated for high blood pressure?'],
  ['bmi', 'BMI: BMI more than 35 kg/m²?'],
  ['age', 'Age: Age over 50 years old?'],
  ['neck', 'Neck circumference: Neck circumference greater than 40 cm?'],
  ['gender', 'Gender: Gender male?'],
];

export const stopbang: Instrument = {
  definition: {
    id: 'stopbang',
    abbreviation: 'STOP-Bang',
    name: {
      en: 'STOP-Bang questionnaire (obstructive sleep apnoea)',
      es: 'Cuestionario STOP-Bang (apnea obstructiva del sueño)',
    },
    instructions: {
      en: 'Answer yes or no to each question. Items 5–8 may be completed by the clinician.',
      es: null,
    },
    items: ITEMS.map(([key, en], i) => ({
      number: i + 1,
      key,
      text: { en, es: null },
      options: answer,
    })),
    reverseItems: [],
    total: {
      min: 0,
      max: 8,
      description: { en: 'Number of "yes" answers (0–8).', es: 'Número de respuestas «sí» (0–8).' },
    },
    subscales: [
      {
        key: 'stop',
        name: { en: 'STOP (items 1–4)', es: 'STOP (ítems 1–4)' },
        items: [1, 2, 3, 4],
      },
    ],
    bands: [
      {
        id: 'low',
        min: 0,
        max: 2,
        label: {
          en: 'Low risk of moderate-to-severe OSA',
          es: 'Riesgo bajo de AOS moderada-grave',
        },
      },
      {
        id: 'intermediate',
        min: 3,
        max: 4,
        label: { en: 'Intermediate risk', es: 'Riesgo intermedio' },
      },
      {
        id: 'high',
        min: 5,
        max: 8,
        label: {
          en: 'High risk of moderate-to-severe OSA',
          es: 'Riesgo alto de AOS moderada-grave',
        },
      },
    ],
    missingData: { en: 'All 8 items are needed.', es: 'Se necesitan los 8 ítems.' },
    higherIsWorse: true,
    change: [],
    licence: {
      kind: 'permission-required',
      note: '© University Health Network (stopbang.ca): free for clinical use; ask UHN about use inside commercial software.',
    },
    source:
      'Chung F et al. STOP questionnaire: a tool to screen patients for obstructive sleep apnea. Anesthesiology 2008;108:812–821; Chung F et al. Br J Anaesth 2012;108:768–775 and Chest 2016;149:631–638 (0–2 low, 3–4 intermediate, 5–8 high; a total of 3–4 is high when STOP ≥ 2 with BMI > 35, neck > 40 cm or male sex).',
    spanish: pendingSpanish(
      'a validated Spanish STOP-Bang wording (stopbang.ca lists translations)',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    if (!values) return { total: null, subscales: { stop: null }, flags: [] };
    const total = sum(values);
    const stop = sum(values.slice(0, 4));
    const [, , , , bmi, , neck, male] = values;
    // Chung 2016 (Chest), stepwise: an intermediate total is high risk when at least 2 of the 4 STOP
    // answers are yes and so is BMI > 35, neck > 40 cm or male sex
    const high = total >= 3 && total <= 4 && stop >= 2 && (bmi === 1 || neck === 1 || male === 1);
    return { total, subscales: { stop }, flags: [], ...(high ? { bandId: 'high' } : {}) };
  },
};
