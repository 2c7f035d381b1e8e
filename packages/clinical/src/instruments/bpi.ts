import type { Instrument } from '../instrument';
import { allAnswered, answered, nrs, pick, round, sum } from '../scoring';
import type { Flag, ItemDefinition } from '../types';
import { IMMPACT, pendingSpanish } from './common';

const painScale = nrs(
  { en: 'No pain', es: null },
  { en: 'Pain as bad as you can imagine', es: null },
);
const interferenceScale = nrs(
  { en: 'Does not interfere', es: null },
  { en: 'Completely interferes', es: null },
);

const intensity = (key: string, en: string): Omit<ItemDefinition, 'number'> => ({
  key,
  text: { en, es: null },
  options: painScale,
});

const rate = 'Please rate your pain by circling the one number that best describes your pain';
const interference = (key: string, what: string): Omit<ItemDefinition, 'number'> => ({
  key,
  text: {
    en: `Circle the one number that describes how, during the past 24 hours, pain has interfered with your: ${what}`,
    es: null,
  },
  options: interferenceScale,
});

const items = [
  intensity('worst', `${rate} at its worst in the last 24 hours.`),
  intensity('least', `${rate} at its least in the last 24 hours.`),
  intensity('average', `${rate} on the average.`),
  intensity(
    'now',
    'Please rate your pain by circling the one number that tells how much pain you have right now.',
  ),
  interference('generalActivity', 'General activity'),
  interference('mood', 'Mood'),
  interference('walking', 'Walking ability'),
  interference('normalWork', 'Normal work (includes both work outside the home and housework)'),
  interference('relations', 'Relations with other people'),
  interference('sleep', 'Sleep'),
  interference('enjoyment', 'Enjoyment of life'),
].map((item, i) => ({ ...item, number: i + 1 }));

const SEVERITY = [1, 2, 3, 4];
const INTERFERENCE = [5, 6, 7, 8, 9, 10, 11];

export const bpi: Instrument = {
  definition: {
    id: 'bpi',
    abbreviation: 'BPI-SF',
    name: {
      en: 'Brief Pain Inventory (Short Form)',
      es: 'Cuestionario Breve del Dolor (forma abreviada)',
    },
    instructions: {
      en: 'For each question, choose the one number that best describes your pain: first how strong it has been in the last 24 hours and right now (0 = no pain, 10 = pain as bad as you can imagine), then how much it has interfered with your life in the last 24 hours (0 = does not interfere, 10 = completely interferes).',
      es: null,
    },
    items,
    reverseItems: [],
    total: {
      min: 0,
      max: 10,
      description: {
        en: 'Pain severity: mean of the four intensity items (the total of this result). Interference: mean of the seven interference items (subscale).',
        es: 'Intensidad del dolor: media de los cuatro ítems de intensidad (el total de este resultado). Interferencia: media de los siete ítems de interferencia (subescala).',
      },
    },
    subscales: [
      {
        key: 'severity',
        name: { en: 'Pain severity', es: 'Intensidad del dolor' },
        items: SEVERITY,
      },
      {
        key: 'interference',
        name: { en: 'Pain interference', es: 'Interferencia del dolor' },
        items: INTERFERENCE,
      },
    ],
    bands: [
      { id: 'mild', min: 0, max: 4, label: { en: 'Mild', es: 'Leve' } },
      { id: 'moderate', min: 5, max: 6, label: { en: 'Moderate', es: 'Moderado' } },
      { id: 'severe', min: 7, max: 10, label: { en: 'Severe', es: 'Grave' } },
    ],
    missingData: {
      en: 'Severity needs all four intensity items (the guide gives no proration for them). Interference is the mean of the answered interference items when at least 4 of 7 are answered; otherwise it is not scored.',
      es: 'La intensidad necesita los cuatro ítems de intensidad (la guía no prevé prorrateo). La interferencia es la media de los ítems respondidos si hay al menos 4 de 7; si no, no se puntúa.',
    },
    higherIsWorse: true,
    change: [
      { measure: 'total', thresholds: [IMMPACT] },
      { measure: 'severity', thresholds: [IMMPACT] },
      {
        measure: 'interference',
        thresholds: [
          IMMPACT,
          {
            kind: 'points',
            mcid: 1,
            source: 'BPI interference MCID ≈ 1 point (ePPOC BPI guide; project reference §2.1).',
          },
        ],
      },
    ],
    licence: {
      kind: 'permission-required',
      note: 'Copyright Charles S. Cleeland / MD Anderson Cancer Center: may not be used or reproduced without permission; fees may apply per language (project reference §2.1).',
    },
    source:
      'Cleeland CS, Ryan KM. Pain assessment: global use of the Brief Pain Inventory. Ann Acad Med Singapore 1994;23:129–138; BPI User Guide (MD Anderson). Bands 0–4 / 5–6 / 7–10 (ePPOC; Serlin et al., Pain 1995;61:277–284, whose 1–4 leaves 0 unlabelled: 0 is "mild" here, as in ePPOC); interference valid with ≥4 of 7 items (ePPOC/AHSRI BPI guide).',
    spanish: pendingSpanish(
      'Badia X et al., Med Clin (Barc) 2003;120(2):52–59, Spanish BPI-SF, licensed through MD Anderson',
    ),
  },
  compute(points) {
    const severityItems = allAnswered(pick(points, SEVERITY));
    const interferenceItems = answered(pick(points, INTERFERENCE));
    const severity = severityItems ? round(sum(severityItems) / 4) : null;
    const interference =
      interferenceItems.length >= 4
        ? round(sum(interferenceItems) / interferenceItems.length)
        : null;
    const flags: Flag[] = interference === null ? [{ id: 'bpi-interference-unscorable' }] : [];
    return { total: severity, subscales: { severity, interference }, flags };
  },
};
