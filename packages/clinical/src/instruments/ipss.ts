import type { Instrument } from '../instrument';
import { allAnswered, options, sum } from '../scoring';
import { pendingSpanish } from './common';

const frequency = options([
  [0, 'Not at all', null],
  [1, 'Less than 1 time in 5', null],
  [2, 'Less than half the time', null],
  [3, 'About half the time', null],
  [4, 'More than half the time', null],
  [5, 'Almost always', null],
]);
const nocturia = options([
  [0, 'None', null],
  [1, '1 time', null],
  [2, '2 times', null],
  [3, '3 times', null],
  [4, '4 times', null],
  [5, '5 or more times', null],
]);
const qol = options([
  [0, 'Delighted', null],
  [1, 'Pleased', null],
  [2, 'Mostly satisfied', null],
  [3, 'Mixed – about equally satisfied and dissatisfied', null],
  [4, 'Mostly dissatisfied', null],
  [5, 'Unhappy', null],
  [6, 'Terrible', null],
]);

const often = 'Over the past month, how often have you';
const SYMPTOMS: readonly (readonly [string, string])[] = [
  [
    'incompleteEmptying',
    `Incomplete emptying: ${often} had a sensation of not emptying your bladder completely after you finished urinating?`,
  ],
  [
    'frequency',
    `Frequency: ${often} had to urinate again less than two hours after you finished urinating?`,
  ],
  [
    'intermittency',
    `Intermittency: ${often} found you stopped and started again several times when you urinated?`,
  ],
  ['urgency', `Urgency: ${often} found it difficult to postpone urination?`],
  ['weakStream', `Weak stream: ${often} had a weak urinary stream?`],
  ['straining', `Straining: ${often} had to push or strain to begin urination?`],
];

export const ipss: Instrument = {
  definition: {
    id: 'ipss',
    abbreviation: 'IPSS',
    name: {
      en: 'International Prostate Symptom Score',
      es: 'Escala Internacional de Síntomas Prostáticos',
    },
    instructions: { en: 'Answer each question about the past month.', es: null },
    items: [
      ...SYMPTOMS.map(([key, en], i) => ({
        number: i + 1,
        key,
        text: { en, es: null },
        options: frequency,
      })),
      {
        number: 7,
        key: 'nocturia',
        text: {
          en: 'Nocturia: Over the past month, how many times did you most typically get up to urinate from the time you went to bed at night until the time you got up in the morning?',
          es: null,
        },
        options: nocturia,
      },
      {
        number: 8,
        key: 'qualityOfLife',
        text: {
          en: 'Quality of life due to urinary symptoms: If you were to spend the rest of your life with your urinary condition just the way it is now, how would you feel about that?',
          es: null,
        },
        options: qol,
        optional: true,
      },
    ],
    reverseItems: [],
    total: {
      min: 0,
      max: 35,
      description: {
        en: 'Sum of the seven symptom items (0–35). The quality-of-life item (0–6) is optional and reported as its own subscale.',
        es: 'Suma de los siete ítems de síntomas (0–35). El ítem de calidad de vida (0–6) es opcional y se informa como subescala.',
      },
    },
    subscales: [
      { key: 'qualityOfLife', name: { en: 'Quality of life', es: 'Calidad de vida' }, items: [8] },
    ],
    bands: [
      { id: 'mild', min: 0, max: 7, label: { en: 'Mildly symptomatic', es: 'Síntomas leves' } },
      {
        id: 'moderate',
        min: 8,
        max: 19,
        label: { en: 'Moderately symptomatic', es: 'Síntomas moderados' },
      },
      {
        id: 'severe',
        min: 20,
        max: 35,
        label: { en: 'Severely symptomatic', es: 'Síntomas graves' },
      },
    ],
    missingData: {
      en: 'All seven symptom items are needed; item 8 (quality of life) may be left out or sent as null.',
      es: 'Se necesitan los siete ítems de síntomas; el ítem 8 (calidad de vida) puede omitirse o enviarse como nulo.',
    },
    higherIsWorse: true,
    change: [
      {
        measure: 'total',
        thresholds: [
          {
            kind: 'points',
            mcid: 3,
            source:
              'Barry MJ et al. Benign prostatic hyperplasia specific health status measures in clinical research: how much change in the AUA symptom index is perceptible to patients? J Urol 1995;154:1770–1774 (≈3 points: slight improvement).',
          },
        ],
      },
    ],
    licence: {
      kind: 'free',
      note: 'The AUA Symptom Index (items 1–7) is published in the literature and used without fee; the IPSS adds the QoL item (WHO/ICUD). Confirm terms before distribution.',
    },
    source:
      'Barry MJ et al. The American Urological Association symptom index for benign prostatic hyperplasia. J Urol 1992;148:1549–1557 (0–7 mild, 8–19 moderate, 20–35 severe; project reference §2.9).',
    spanish: pendingSpanish(
      'Badia X, Garcia-Losa M, Dal-Ré R. Ten-language translation and harmonization of the International Prostate Symptom Score. Eur Urol 1997;31(2):129–140 (harmonized Spanish IPSS)',
    ),
  },
  compute(points) {
    const values = allAnswered(points.slice(0, 7));
    return {
      total: values ? sum(values) : null,
      subscales: { qualityOfLife: points[7] ?? null },
      flags: [],
    };
  },
};
