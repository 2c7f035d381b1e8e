import { ClinicalInputError } from './errors';
import { deepFreeze } from './scoring';
import type { Bilingual } from './types';

/**
 * WHO analgesic ladder (1986; an educational framework in the WHO 2018 cancer-pain guideline),
 * project reference §2.8: step by pain intensity on a 0–10 NRS. If pain is not controlled, move
 * up a step, not across; many sources (ESMO) support skipping step 2.
 */
export interface LadderStep {
  step: 1 | 2 | 3;
  /** Inclusive NRS range. */
  min: number;
  max: number;
  label: Bilingual;
  analgesia: Bilingual;
}

export const WHO_LADDER: readonly LadderStep[] = deepFreeze([
  {
    step: 1,
    min: 1,
    max: 3,
    label: { en: 'Step 1 — mild pain', es: 'Escalón 1 — dolor leve' },
    analgesia: {
      en: 'Non-opioid (paracetamol / NSAID) ± adjuvant',
      es: 'No opioide (paracetamol / AINE) ± coadyuvante',
    },
  },
  {
    step: 2,
    min: 4,
    max: 6,
    label: { en: 'Step 2 — moderate pain', es: 'Escalón 2 — dolor moderado' },
    analgesia: {
      en: 'Weak opioid (codeine, tramadol) or low-dose strong opioid ± non-opioid ± adjuvant',
      es: 'Opioide débil (codeína, tramadol) u opioide potente a dosis baja ± no opioide ± coadyuvante',
    },
  },
  {
    step: 3,
    min: 7,
    max: 10,
    label: { en: 'Step 3 — severe pain', es: 'Escalón 3 — dolor intenso' },
    analgesia: {
      en: 'Strong opioid (morphine, oxycodone, hydromorphone, fentanyl, methadone) ± non-opioid ± adjuvant',
      es: 'Opioide potente (morfina, oxicodona, hidromorfona, fentanilo, metadona) ± no opioide ± coadyuvante',
    },
  },
]);

export const WHO_LADDER_PRINCIPLES: Bilingual = {
  en: 'By mouth, by the clock, by the ladder, for the individual, with attention to detail.',
  es: 'Por vía oral, a horas fijas, según la escalera, individualizado y con atención a los detalles.',
};

/** The ladder step for a 0–10 pain rating; `null` for 0 (no pain). */
export const whoLadderStep = (nrs: number): LadderStep | null => {
  if (!Number.isInteger(nrs) || nrs < 0 || nrs > 10) {
    throw new ClinicalInputError(
      'out-of-range',
      `Pain rating must be an integer 0–10, got ${String(nrs)}.`,
    );
  }
  return WHO_LADDER.find((s) => nrs >= s.min && nrs <= s.max) ?? null;
};
