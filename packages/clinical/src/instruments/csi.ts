import type { Instrument } from '../instrument';
import { allAnswered, options, sum } from '../scoring';
import type { Flag } from '../types';
import { englishItems, pendingSpanish } from './common';

const scale = options([
  [0, 'Never', null],
  [1, 'Rarely', null],
  [2, 'Sometimes', null],
  [3, 'Often', null],
  [4, 'Always', null],
]);

const TEXT = [
  'I feel tired and unrefreshed when I wake from sleeping.',
  'My muscles feel stiff and achy.',
  'I have anxiety attacks.',
  'I grind or clench my teeth.',
  'I have problems with diarrhea and/or constipation.',
  'I need help in performing my daily activities.',
  'I am sensitive to bright lights.',
  'I get tired very easily when I am physically active.',
  'I feel pain all over my body.',
  'I have headaches.',
  'I feel discomfort in my bladder and/or burning when I urinate.',
  'I do not sleep well.',
  'I have difficulty concentrating.',
  'I have skin problems such as dryness, itchiness, or rashes.',
  'Stress makes my physical symptoms get worse.',
  'I feel sad or depressed.',
  'I have low energy.',
  'I have muscle tension in my neck and shoulders.',
  'I have pain in my jaw.',
  'Certain smells, such as perfumes, make me feel dizzy and nauseated.',
  'I have to urinate frequently.',
  'My legs feel uncomfortable and restless when I am trying to go to sleep at night.',
  'I have difficulty remembering things.',
  'I suffered trauma as a child.',
  'I have pain in my pelvic area.',
];
/** Neblett 2013: ≥40 suggests a central sensitivity syndrome. */
export const CSI_THRESHOLD = 40;

export const csi: Instrument = {
  definition: {
    id: 'csi',
    abbreviation: 'CSI',
    name: {
      en: 'Central Sensitization Inventory (Part A)',
      es: 'Inventario de Sensibilización Central (parte A)',
    },
    instructions: {
      en: 'Please circle the best response to the right of each statement.',
      es: null,
    },
    items: englishItems(TEXT, () => scale),
    reverseItems: [],
    total: {
      min: 0,
      max: 100,
      description: {
        en: 'Sum of the 25 Part A items (0–100); Part B (diagnoses) is not scored.',
        es: 'Suma de los 25 ítems de la parte A (0–100); la parte B (diagnósticos) no se puntúa.',
      },
    },
    subscales: [],
    bands: [
      { id: 'subclinical', min: 0, max: 29, label: { en: 'Subclinical', es: 'Subclínico' } },
      { id: 'mild', min: 30, max: 39, label: { en: 'Mild', es: 'Leve' } },
      { id: 'moderate', min: 40, max: 49, label: { en: 'Moderate', es: 'Moderado' } },
      { id: 'severe', min: 50, max: 59, label: { en: 'Severe', es: 'Grave' } },
      { id: 'extreme', min: 60, max: 100, label: { en: 'Extreme', es: 'Extremo' } },
    ],
    missingData: {
      en: 'All 25 items are needed (no proration is published).',
      es: 'Se necesitan los 25 ítems (no se ha publicado prorrateo).',
    },
    higherIsWorse: true,
    change: [],
    licence: {
      kind: 'free',
      note: 'Free to use from its authors (PRIDE Research Foundation, Dallas); no MCID is published.',
    },
    source:
      'Mayer TG et al. The development and psychometric validation of the Central Sensitization Inventory. Pain Pract 2012;12(4):276–285; Neblett R et al. J Pain 2013;14(5):438–445 (≥40); Neblett R et al. Establishing clinically relevant severity levels for the CSI. Pain Pract 2017;17(2):166–175 (bands 0–29 / 30–39 / 40–49 / 50–59 / 60–100).',
    spanish: pendingSpanish(
      'Cuesta-Vargas AI et al. Cross-cultural adaptation and validity of the Spanish Central Sensitization Inventory. SpringerPlus 2016;5:1837 (CSI-SV)',
    ),
  },
  compute(points) {
    const values = allAnswered(points);
    const total = values ? sum(values) : null;
    const flags: Flag[] =
      total !== null && total >= CSI_THRESHOLD ? [{ id: 'csi-central-sensitivity' }] : [];
    return { total, subscales: {}, flags };
  },
};
