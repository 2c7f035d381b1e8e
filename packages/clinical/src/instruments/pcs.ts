import type { Instrument } from '../instrument';
import { allAnswered, options, pick, sum } from '../scoring';
import type { Flag } from '../types';
import { englishItems, pendingSpanish } from './common';

const scale = options([
  [0, 'Not at all', null],
  [1, 'To a slight degree', null],
  [2, 'To a moderate degree', null],
  [3, 'To a great degree', null],
  [4, 'All the time', null],
]);

const TEXT = [
  'I worry all the time about whether the pain will end.',
  'I feel I can’t go on.',
  'It’s terrible and I think it’s never going to get any better.',
  'It’s awful and I feel that it overwhelms me.',
  'I feel I can’t stand it anymore.',
  'I become afraid that the pain will get worse.',
  'I keep thinking of other painful events.',
  'I anxiously want the pain to go away.',
  'I can’t seem to keep it out of my mind.',
  'I keep thinking about how much it hurts.',
  'I keep thinking about how badly I want the pain to stop.',
  'There’s nothing I can do to reduce the intensity of the pain.',
  'I wonder whether something serious may happen.',
];

const RUMINATION = [8, 9, 10, 11];
const MAGNIFICATION = [6, 7, 13];
const HELPLESSNESS = [1, 2, 3, 4, 5, 12];
/** PCS manual: a total of 30 (75th percentile) is clinically relevant catastrophizing. */
export const PCS_CLINICAL_THRESHOLD = 30;

const subscale = (points: readonly (number | null)[], numbers: number[]): number | null => {
  const values = allAnswered(pick(points, numbers));
  return values ? sum(values) : null;
};

export const pcs: Instrument = {
  definition: {
    id: 'pcs',
    abbreviation: 'PCS',
    name: { en: 'Pain Catastrophizing Scale', es: 'Escala de Catastrofización ante el Dolor' },
    instructions: {
      en: 'Listed below are thirteen statements describing different thoughts and feelings that may be associated with pain. Using the following scale, please indicate the degree to which you have these thoughts and feelings when you are experiencing pain. When I’m in pain…',
      es: null,
    },
    items: englishItems(TEXT, () => scale),
    reverseItems: [],
    total: {
      min: 0,
      max: 52,
      description: { en: 'Sum of the 13 items (0–52).', es: 'Suma de los 13 ítems (0–52).' },
    },
    subscales: [
      { key: 'rumination', name: { en: 'Rumination', es: 'Rumiación' }, items: RUMINATION },
      {
        key: 'magnification',
        name: { en: 'Magnification', es: 'Magnificación' },
        items: MAGNIFICATION,
      },
      {
        key: 'helplessness',
        name: { en: 'Helplessness', es: 'Desesperanza' },
        items: HELPLESSNESS,
      },
    ],
    bands: [
      {
        id: 'below-clinical',
        min: 0,
        max: 29,
        label: { en: 'Below the clinical threshold', es: 'Por debajo del umbral clínico' },
      },
      {
        id: 'clinically-relevant',
        min: 30,
        max: 52,
        label: {
          en: 'Clinically relevant catastrophizing',
          es: 'Catastrofización clínicamente relevante',
        },
      },
    ],
    missingData: {
      en: 'All 13 items are needed for the total, and all of a subscale’s items for that subscale (the manual publishes no proration).',
      es: 'Se necesitan los 13 ítems para el total, y todos los ítems de una subescala para esa subescala (el manual no publica prorrateo).',
    },
    higherIsWorse: true,
    change: [
      {
        measure: 'total',
        thresholds: [
          {
            kind: 'points',
            mcid: 8,
            source:
              'Monticone M et al. Responsiveness and minimal important change of the Pain Catastrophizing Scale in people with chronic low back pain undergoing multidisciplinary rehabilitation. Eur J Phys Rehabil Med 2022;58(1):68–75 (MIC 8 points; 11 points for patients starting above 30, not applied here).',
          },
        ],
      },
    ],
    licence: {
      kind: 'permission-required',
      note: 'Copyright 1995 Michael J. L. Sullivan. Listed as free for clinical use; the author asks to be contacted for use in software (project reference §2.3).',
    },
    source:
      'Sullivan MJL, Bishop SR, Pivik J. The Pain Catastrophizing Scale: development and validation. Psychol Assess 1995;7:524–532; PCS User Manual (Sullivan 2009): subscales rumination 8–11, magnification 6, 7, 13, helplessness 1–5, 12; a total of 30 is clinically relevant (75th percentile). The project reference writes ">30"; the product brief (issue 13) and the manual use 30 as the threshold, so ≥30 here.',
    spanish: pendingSpanish(
      'García Campayo J et al., Med Clin (Barc) 2008;131(13):487–492, Spanish PCS',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    const total = values ? sum(values) : null;
    const flags: Flag[] =
      total !== null && total >= PCS_CLINICAL_THRESHOLD ? [{ id: 'pcs-clinically-relevant' }] : [];
    return {
      total,
      subscales: {
        rumination: subscale(points, RUMINATION),
        magnification: subscale(points, MAGNIFICATION),
        helplessness: subscale(points, HELPLESSNESS),
      },
      flags,
    };
  },
};
