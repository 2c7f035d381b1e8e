import type { Instrument } from '../instrument';
import { allAnswered, sum, yesNo } from '../scoring';
import type { Flag } from '../types';
import { pendingSpanish } from './common';

const answer = yesNo({ en: 'Yes', es: null }, { en: 'No', es: null });

/** [key, question group, item] — items 1–7 by interview, 8–10 by examination. */
const ITEMS: readonly (readonly [string, string, string])[] = [
  ['burning', 'Does the pain have one or more of the following characteristics?', 'Burning'],
  [
    'painfulCold',
    'Does the pain have one or more of the following characteristics?',
    'Painful cold',
  ],
  [
    'electricShocks',
    'Does the pain have one or more of the following characteristics?',
    'Electric shocks',
  ],
  [
    'tingling',
    'Is the pain associated with one or more of the following symptoms in the same area?',
    'Tingling',
  ],
  [
    'pinsAndNeedles',
    'Is the pain associated with one or more of the following symptoms in the same area?',
    'Pins and needles',
  ],
  [
    'numbness',
    'Is the pain associated with one or more of the following symptoms in the same area?',
    'Numbness',
  ],
  [
    'itching',
    'Is the pain associated with one or more of the following symptoms in the same area?',
    'Itching',
  ],
  [
    'hypoesthesiaTouch',
    'Is the pain located in an area where the physical examination may reveal one or more of the following characteristics?',
    'Hypoesthesia to touch',
  ],
  [
    'hypoesthesiaPinprick',
    'Is the pain located in an area where the physical examination may reveal one or more of the following characteristics?',
    'Hypoesthesia to pinprick',
  ],
  ['brushing', 'In the painful area, can the pain be caused or increased by:', 'Brushing'],
];
/** Bouhassira 2005: ≥4 of 10 suggests neuropathic pain. */
export const DN4_THRESHOLD = 4;

export const dn4: Instrument = {
  definition: {
    id: 'dn4',
    abbreviation: 'DN4',
    name: { en: 'DN4 neuropathic pain questionnaire', es: 'Cuestionario DN4 de dolor neuropático' },
    instructions: {
      en: 'Clinician-administered: items 1–7 by interviewing the patient, items 8–10 by examination. Yes = 1, No = 0.',
      es: null,
    },
    items: ITEMS.map(([key, group, item], i) => ({
      number: i + 1,
      key,
      text: { en: `${group} ${item}`, es: null },
      options: answer,
    })),
    reverseItems: [],
    total: {
      min: 0,
      max: 10,
      description: {
        en: 'Number of "yes" answers (0–10).',
        es: 'Número de respuestas «sí» (0–10).',
      },
    },
    subscales: [
      {
        key: 'interview',
        name: { en: 'Interview (items 1–7)', es: 'Entrevista (ítems 1–7)' },
        items: [1, 2, 3, 4, 5, 6, 7],
      },
      {
        key: 'examination',
        name: { en: 'Examination (items 8–10)', es: 'Exploración (ítems 8–10)' },
        items: [8, 9, 10],
      },
    ],
    bands: [
      {
        id: 'unlikely',
        min: 0,
        max: 3,
        label: { en: 'Neuropathic pain unlikely', es: 'Dolor neuropático poco probable' },
      },
      {
        id: 'likely',
        min: 4,
        max: 10,
        label: { en: 'Suggests neuropathic pain', es: 'Sugiere dolor neuropático' },
      },
    ],
    missingData: {
      en: 'All 10 items are needed (an unexamined item is not a "no").',
      es: 'Se necesitan los 10 ítems (un ítem no explorado no es un «no»).',
    },
    higherIsWorse: true,
    change: [],
    licence: {
      kind: 'permission-required',
      note: '© Bouhassira et al.; distributed by Mapi Research Trust (ePROVIDE) — check terms for software.',
    },
    source:
      'Bouhassira D et al. Comparison of pain syndromes associated with nervous or somatic lesions and development of a new neuropathic pain diagnostic questionnaire (DN4). Pain 2005;114:29–36 (≥4/10).',
    spanish: pendingSpanish(
      'Perez C et al. Validity and reliability of the Spanish version of the DN4 questionnaire. Health Qual Life Outcomes 2007;5:66',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    const total = values ? sum(values) : null;
    const flags: Flag[] =
      total !== null && total >= DN4_THRESHOLD ? [{ id: 'dn4-neuropathic' }] : [];
    return {
      total,
      subscales: values
        ? { interview: sum(values.slice(0, 7)), examination: sum(values.slice(7)) }
        : { interview: null, examination: null },
      flags,
    };
  },
};
