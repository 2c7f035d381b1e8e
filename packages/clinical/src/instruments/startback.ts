import type { Instrument } from '../instrument';
import { allAnswered, options, pick, sum } from '../scoring';
import type { ItemOption } from '../types';
import { englishItems, pendingSpanish } from './common';

const agree = options([
  [0, 'Disagree', null],
  [1, 'Agree', null],
]);
/** Item 9 is answered on a five-point scale; only "very much" and "extremely" score 1. */
const bothersome: ItemOption[] = [
  { value: 0, points: 0, label: { en: 'Not at all', es: null } },
  { value: 1, points: 0, label: { en: 'Slightly', es: null } },
  { value: 2, points: 0, label: { en: 'Moderately', es: null } },
  { value: 3, points: 1, label: { en: 'Very much', es: null } },
  { value: 4, points: 1, label: { en: 'Extremely', es: null } },
];

const TEXT = [
  'My back pain has spread down my leg(s) at some time in the last 2 weeks',
  'I have had pain in the shoulder or neck at some time in the last 2 weeks',
  'I have only walked short distances because of my back pain',
  'In the last 2 weeks, I have dressed more slowly than usual because of back pain',
  'It’s not really safe for a person with a condition like mine to be physically active',
  'Worrying thoughts have been going through my mind a lot of the time',
  'I feel that my back pain is terrible and it’s never going to get any better',
  'In general I have not enjoyed all the things I used to enjoy',
  'Overall, how bothersome has your back pain been in the last 2 weeks?',
];
const PSYCHOSOCIAL = [5, 6, 7, 8, 9];

export const startback: Instrument = {
  definition: {
    id: 'startback',
    abbreviation: 'SBST',
    name: {
      en: 'Keele STarT Back Screening Tool',
      es: 'Herramienta de cribado STarT Back de Keele',
    },
    instructions: {
      en: 'Thinking about the last 2 weeks tick your response to the following questions.',
      es: null,
    },
    items: englishItems(TEXT, (i) => (i === 8 ? bothersome : agree)),
    reverseItems: [],
    total: {
      min: 0,
      max: 9,
      description: {
        en: 'Items 1–8 score 1 for "agree"; item 9 scores 1 for "very much" or "extremely". Total 0–9; psychosocial subscale = items 5–9 (0–5).',
        es: 'Los ítems 1–8 puntúan 1 si «de acuerdo»; el ítem 9 puntúa 1 si «mucho» o «muchísimo». Total 0–9; subescala psicosocial = ítems 5–9 (0–5).',
      },
    },
    subscales: [
      {
        key: 'psychosocial',
        name: { en: 'Psychosocial subscale', es: 'Subescala psicosocial' },
        items: PSYCHOSOCIAL,
      },
    ],
    // The risk group is not a plain cut on the total: total ≥4 is medium or high by the
    // psychosocial subscale (startBackRisk). min/max here are the totals each group can have.
    bands: [
      { id: 'low', min: 0, max: 3, label: { en: 'Low risk', es: 'Riesgo bajo' } },
      { id: 'medium', min: 4, max: 9, label: { en: 'Medium risk', es: 'Riesgo medio' } },
      { id: 'high', min: 4, max: 9, label: { en: 'High risk', es: 'Riesgo alto' } },
    ],
    missingData: { en: 'All 9 items are needed.', es: 'Se necesitan los 9 ítems.' },
    higherIsWorse: true,
    change: [],
    licence: {
      kind: 'free-with-acknowledgement',
      note: '© Keele University; free for clinical use without modification (licence needed for commercial use).',
    },
    source:
      'Hill JC et al. A primary care back pain screening tool: identifying patient subgroups for initial treatment. Arthritis Rheum 2008;59(5):632–641; Keele scoring: total ≤3 low; total ≥4 and psychosocial ≤3 medium; psychosocial ≥4 high.',
    spanish: pendingSpanish(
      'Gusi N, del Pozo-Cruz B, Olivares PR, Hernández-Mocholí M, Hill JC. The Spanish version of the STarT Back Screening Tool (SBST) in different subgroups. Aten Primaria 2011;43(7):356–361 (Spanish SBST, from Keele University)',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    if (!values) {
      const psychosocial = allAnswered(pick(points, PSYCHOSOCIAL));
      return {
        total: null,
        subscales: { psychosocial: psychosocial ? sum(psychosocial) : null },
        flags: [],
      };
    }
    const total = sum(values);
    const psychosocial = sum(pick(values, PSYCHOSOCIAL));
    return {
      total,
      subscales: { psychosocial },
      flags: [],
      bandId: startBackRisk(total, psychosocial),
    };
  },
};

/** Keele's stratification: needs both the total and the psychosocial subscale. */
export const startBackRisk = (total: number, psychosocial: number): 'low' | 'medium' | 'high' =>
  total <= 3 ? 'low' : psychosocial >= 4 ? 'high' : 'medium';
