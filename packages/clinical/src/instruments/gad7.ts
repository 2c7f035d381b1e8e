import type { Instrument } from '../instrument';
import { allAnswered, options, sum } from '../scoring';
import type { Flag } from '../types';
import { englishItems, pendingSpanish } from './common';

const scale = options([
  [0, 'Not at all', null],
  [1, 'Several days', null],
  [2, 'More than half the days', null],
  [3, 'Nearly every day', null],
]);

const TEXT = [
  'Feeling nervous, anxious, or on edge',
  'Not being able to stop or control worrying',
  'Worrying too much about different things',
  'Trouble relaxing',
  'Being so restless that it is hard to sit still',
  'Becoming easily annoyed or irritable',
  'Feeling afraid, as if something awful might happen',
];
/** Spitzer 2006: ≥10 warrants further evaluation (sensitivity 89 %, specificity 82 % for GAD). */
export const GAD7_EVALUATION_THRESHOLD = 10;

export const gad7: Instrument = {
  definition: {
    id: 'gad7',
    abbreviation: 'GAD-7',
    name: {
      en: 'Generalized Anxiety Disorder-7',
      es: 'Escala de Trastorno de Ansiedad Generalizada-7',
    },
    instructions: {
      en: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
      es: null,
    },
    items: englishItems(TEXT, () => scale),
    reverseItems: [],
    total: {
      min: 0,
      max: 21,
      description: { en: 'Sum of the 7 items (0–21).', es: 'Suma de los 7 ítems (0–21).' },
    },
    subscales: [],
    bands: [
      { id: 'minimal', min: 0, max: 4, label: { en: 'Minimal', es: 'Mínima' } },
      { id: 'mild', min: 5, max: 9, label: { en: 'Mild', es: 'Leve' } },
      { id: 'moderate', min: 10, max: 14, label: { en: 'Moderate', es: 'Moderada' } },
      { id: 'severe', min: 15, max: 21, label: { en: 'Severe', es: 'Grave' } },
    ],
    missingData: {
      en: 'All 7 items are needed (no proration here).',
      es: 'Se necesitan los 7 ítems (sin prorrateo).',
    },
    higherIsWorse: true,
    change: [
      {
        measure: 'total',
        thresholds: [
          {
            kind: 'points',
            mcid: 4,
            source:
              'Toussaint A et al. Sensitivity to change and minimal clinically important difference of the 7-item Generalized Anxiety Disorder Questionnaire (GAD-7). J Affect Disord 2020;265:395–401 (MCID 4 points on the total).',
          },
        ],
      },
    ],
    licence: {
      kind: 'public-domain',
      note: 'Developed by Drs Spitzer, Williams, Kroenke and colleagues with an educational grant from Pfizer Inc.; no permission required to reproduce, translate, display or distribute.',
    },
    source:
      'Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Arch Intern Med 2006;166:1092–1097 (bands 5 / 10 / 15; ≥10 further evaluation).',
    spanish: pendingSpanish(
      'the official Spanish GAD-7 (Pfizer / PHQ screeners); García-Campayo J et al., Health Qual Life Outcomes 2010;8:8 (Spanish validation)',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    const total = values ? sum(values) : null;
    const flags: Flag[] =
      total !== null && total >= GAD7_EVALUATION_THRESHOLD
        ? [{ id: 'gad7-further-evaluation' }]
        : [];
    return { total, subscales: {}, flags };
  },
};
