import type { Instrument } from '../instrument';
import { allAnswered, nrs, round, sum } from '../scoring';
import { IMMPACT, pendingSpanish } from './common';

export const peg: Instrument = {
  definition: {
    id: 'peg',
    abbreviation: 'PEG',
    name: {
      en: 'PEG: pain, enjoyment of life, general activity',
      es: 'PEG: dolor, disfrute de la vida, actividad general',
    },
    instructions: { en: 'Answer each question about the past week.', es: null },
    items: [
      {
        number: 1,
        key: 'pain',
        text: { en: 'What number best describes your pain on average in the past week?', es: null },
        options: nrs(
          { en: 'No pain', es: null },
          { en: 'Pain as bad as you can imagine', es: null },
        ),
      },
      {
        number: 2,
        key: 'enjoyment',
        text: {
          en: 'What number best describes how, during the past week, pain has interfered with your enjoyment of life?',
          es: null,
        },
        options: nrs(
          { en: 'Does not interfere', es: null },
          { en: 'Completely interferes', es: null },
        ),
      },
      {
        number: 3,
        key: 'generalActivity',
        text: {
          en: 'What number best describes how, during the past week, pain has interfered with your general activity?',
          es: null,
        },
        options: nrs(
          { en: 'Does not interfere', es: null },
          { en: 'Completely interferes', es: null },
        ),
      },
    ],
    reverseItems: [],
    total: {
      min: 0,
      max: 10,
      description: { en: 'Mean of the three items (0–10).', es: 'Media de los tres ítems (0–10).' },
    },
    subscales: [],
    // Krebs 2009 published no severity bands; the PEG is a trend measure (project reference §2.2).
    bands: [],
    missingData: {
      en: 'All three items are needed (the score is their mean; no proration is published).',
      es: 'Se necesitan los tres ítems (la puntuación es su media; no se ha publicado prorrateo).',
    },
    higherIsWorse: true,
    change: [{ measure: 'total', thresholds: [IMMPACT] }],
    licence: { kind: 'free', note: 'Free to use (Krebs 2009; project reference §2.2).' },
    source:
      'Krebs EE et al. Development and initial validation of the PEG, a three-item scale assessing pain intensity and interference. J Gen Intern Med 2009;24(6):733–738. No published bands: change is judged with the IMMPACT pain-intensity thresholds (a project choice; Krebs published no MCID).',
    spanish: pendingSpanish(
      'a validated Spanish PEG (none identified; its items come from the Spanish BPI-SF, Badia 2003)',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    return { total: values ? round(sum(values) / 3) : null, subscales: {}, flags: [] };
  },
};
