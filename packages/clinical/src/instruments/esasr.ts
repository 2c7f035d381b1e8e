import type { Instrument } from '../instrument';
import { allAnswered, bandOf, deepFreeze, nrs, sum } from '../scoring';
import type { Band, BandRef, Flag } from '../types';
import { IMMPACT, pendingSpanish } from './common';

/**
 * [key, symptom as printed, best anchor, worst anchor, chart label en, chart label es] — the nine
 * ESAS-r symptoms then the optional "other problem". The chart labels name the subscales in the
 * application; they are not the instrument's wording.
 */
const SYMPTOMS: readonly (readonly [string, string, string, string, string, string])[] = [
  ['pain', 'Pain', 'No Pain', 'Worst Possible Pain', 'Pain', 'Dolor'],
  [
    'tiredness',
    'Tiredness (Tiredness = lack of energy)',
    'No Tiredness',
    'Worst Possible Tiredness',
    'Tiredness',
    'Cansancio',
  ],
  [
    'drowsiness',
    'Drowsiness (Drowsiness = feeling sleepy)',
    'No Drowsiness',
    'Worst Possible Drowsiness',
    'Drowsiness',
    'Somnolencia',
  ],
  ['nausea', 'Nausea', 'No Nausea', 'Worst Possible Nausea', 'Nausea', 'Náuseas'],
  [
    'appetite',
    'Lack of Appetite',
    'No Lack of Appetite',
    'Worst Possible Lack of Appetite',
    'Lack of appetite',
    'Falta de apetito',
  ],
  [
    'breath',
    'Shortness of Breath',
    'No Shortness of Breath',
    'Worst Possible Shortness of Breath',
    'Shortness of breath',
    'Falta de aire',
  ],
  [
    'depression',
    'Depression (Depression = feeling sad)',
    'No Depression',
    'Worst Possible Depression',
    'Depression',
    'Depresión',
  ],
  [
    'anxiety',
    'Anxiety (Anxiety = feeling nervous)',
    'No Anxiety',
    'Worst Possible Anxiety',
    'Anxiety',
    'Ansiedad',
  ],
  [
    'wellbeing',
    'Wellbeing (Wellbeing = how you feel overall)',
    'Best Wellbeing',
    'Worst Possible Wellbeing',
    'Wellbeing',
    'Bienestar',
  ],
  [
    'other',
    'Other Problem (for example constipation)',
    'No Other Problem',
    'Worst Possible Other Problem',
    'Other problem',
    'Otro problema',
  ],
];

/** Per-symptom severity (AHS ESAS-r manual 2019; ≥7 severe per Selby 2010). */
export const ESASR_SYMPTOM_BANDS: readonly Band[] = deepFreeze([
  { id: 'none', min: 0, max: 0, label: { en: 'None', es: 'Ninguno' } },
  { id: 'mild', min: 1, max: 3, label: { en: 'Mild', es: 'Leve' } },
  { id: 'moderate', min: 4, max: 6, label: { en: 'Moderate', es: 'Moderado' } },
  { id: 'severe', min: 7, max: 10, label: { en: 'Severe', es: 'Grave' } },
]);
export const ESASR_SEVERE = 7;

const KEYS = SYMPTOMS.map(([key]) => key);

/** One point on a symptom (Hui 2015); the total's improvement cutoff (Hui 2016). */
const ESASR_SYMPTOM_MCID = {
  kind: 'points',
  mcid: 1,
  source:
    'Hui D et al. Minimal clinically important differences in the Edmonton Symptom Assessment Scale in cancer patients: a prospective, multicenter study. Cancer 2015;121(17):3027–3035 (≥1 point for improvement and for deterioration on each symptom).',
} as const;
const ESASR_TOTAL_MCID = {
  kind: 'points',
  mcid: 3,
  source:
    'Hui D et al. Minimal clinically important difference in the physical, emotional, and total symptom distress scores of the ESAS. J Pain Symptom Manage 2016;51(2):262–269 (total symptom distress: ≥3 of 90 for improvement; the deterioration cutoff is 4, and one threshold, the smaller, is applied here).',
} as const;

export const esasr: Instrument = {
  definition: {
    id: 'esasr',
    abbreviation: 'ESAS-r',
    name: {
      en: 'Edmonton Symptom Assessment System – revised',
      es: 'Sistema de Evaluación de Síntomas de Edmonton – revisado',
    },
    instructions: {
      en: 'Please circle the number that best describes how you feel NOW.',
      es: null,
    },
    items: SYMPTOMS.map(([key, symptom, best, worst], i) => ({
      number: i + 1,
      key,
      text: { en: symptom, es: null },
      options: nrs({ en: best, es: null }, { en: worst, es: null }),
      ...(i === 9 ? { optional: true } : {}),
    })),
    reverseItems: [],
    total: {
      min: 0,
      max: 90,
      description: {
        en: 'Total symptom distress score: sum of the nine symptoms (0–90). Each symptom is also a subscale with its own band; the optional "other problem" is reported but not in the total.',
        es: 'Puntuación total de malestar: suma de los nueve síntomas (0–90). Cada síntoma es además una subescala con su propia banda; el «otro problema» opcional se informa pero no suma.',
      },
    },
    subscales: SYMPTOMS.map(([key, , , , en, es], i) => ({
      key,
      name: { en, es },
      items: [i + 1],
    })),
    bands: [],
    missingData: {
      en: 'Each symptom stands alone: answered symptoms are banded even when others are missing. The total needs all nine symptoms.',
      es: 'Cada síntoma es independiente: los síntomas respondidos tienen banda aunque falten otros. El total necesita los nueve síntomas.',
    },
    higherIsWorse: true,
    change: [
      { measure: 'total', thresholds: [ESASR_TOTAL_MCID] },
      // each of the nine symptoms; the optional "other problem" has no published MCID
      ...KEYS.filter((key) => key !== 'other').map((key) => ({
        measure: key,
        thresholds: key === 'pain' ? [IMMPACT, ESASR_SYMPTOM_MCID] : [ESASR_SYMPTOM_MCID],
      })),
    ],
    licence: {
      kind: 'free-with-acknowledgement',
      note: 'Alberta Health Services: free with acknowledgement; the ESAS-r may not be modified.',
    },
    source:
      'Watanabe SM et al. A multicenter study comparing two numerical versions of the ESAS in palliative care patients. J Pain Symptom Manage 2011;41:456–468 (ESAS-r); Alberta Health Services ESAS-r administration manual 2019; Selby D et al., J Pain Symptom Manage 2010;39:241–249 (≥7 severe). Change on the pain item uses the IMMPACT pain-intensity thresholds; MCIDs from Hui 2015 (each symptom) and Hui 2016 (total).',
    spanish: pendingSpanish(
      'Carvajal A, Hribernik N, Duarte E, Sanz-Rubiales A, Centeno C. The Spanish version of the Edmonton Symptom Assessment System-revised (ESAS-r): first psychometric analysis involving patients with advanced cancer. J Pain Symptom Manage 2013;45(1):129–136',
    ),
  },
  compute(points) {
    // The optional tenth symptom may be left out of the answers altogether.
    const values = SYMPTOMS.map((_, i) => points[i] ?? null);
    const subscales: Record<string, number | null> = {};
    const subscaleBands: Record<string, BandRef | null> = {};
    const flags: Flag[] = [];
    values.forEach((value, i) => {
      const key = KEYS[i] as string;
      subscales[key] = value;
      subscaleBands[key] = value === null ? null : bandOf(ESASR_SYMPTOM_BANDS, value);
      if (value !== null && value >= ESASR_SEVERE)
        flags.push({ id: 'esasr-severe-symptom', item: i + 1 });
    });
    const scored = allAnswered(values.slice(0, 9));
    return { total: scored ? sum(scored) : null, subscales, flags, subscaleBands };
  },
};
