import { ClinicalInputError } from './errors';
import { deepFreeze, round } from './scoring';
import type { Bilingual } from './types';

/**
 * CDC 2022 morphine milligram equivalent factors (MMWR Recomm Rep 2022;71(3), Table; project
 * reference §2.7), versioned so a stored MME can say which table produced it. Doses are mg/day,
 * except transdermal fentanyl in mcg/hour. Buprenorphine is not included by the CDC.
 * Not the older table still in cqframework/opioid-cds-r4 (hydromorphone 4, tiered methadone).
 */
export const MME_TABLE = deepFreeze({
  version: 'CDC-2022',
  source:
    'Dowell D et al. CDC Clinical Practice Guideline for Prescribing Opioids for Pain — United States, 2022. MMWR Recomm Rep 2022;71(3):1–95, MME conversion factor table.',
  factors: {
    codeine: { factor: 0.15, unit: 'mg/day' },
    fentanylTransdermal: { factor: 2.4, unit: 'mcg/hour' },
    hydrocodone: { factor: 1, unit: 'mg/day' },
    hydromorphone: { factor: 5, unit: 'mg/day' },
    methadone: { factor: 4.7, unit: 'mg/day' },
    morphine: { factor: 1, unit: 'mg/day' },
    oxycodone: { factor: 1.5, unit: 'mg/day' },
    oxymorphone: { factor: 3, unit: 'mg/day' },
    tapentadol: { factor: 0.4, unit: 'mg/day' },
    tramadol: { factor: 0.2, unit: 'mg/day' },
  },
} as const);

export type Opioid = keyof typeof MME_TABLE.factors;

/** CDC 2022: overdose risk doubles at 50 to <100 MME/day vs <20 (offer naloxone, closer follow-up). */
export const MME_NALOXONE_THRESHOLD = 50;
/** CDC 2016 "avoid ≥90 MME/day or justify"; 2022 has no cap — a legacy, second-tier warning only. */
export const MME_LEGACY_2016_THRESHOLD = 90;

export interface OpioidDose {
  opioid: Opioid;
  /** mg/day, or mcg/hour for transdermal fentanyl. */
  dailyDose: number;
}

export type MmeAlert = {
  id: 'mme-50-naloxone' | 'mme-90-legacy-2016';
  severity: 'advisory' | 'info';
  message: Bilingual;
};

export interface MmeResult {
  version: typeof MME_TABLE.version;
  entries: { opioid: Opioid; dailyDose: number; unit: string; factor: number; mme: number }[];
  /** Total MME/day, rounded to one decimal. An estimate: never use it to convert between opioids. */
  total: number;
  /** Drugs the CDC asks for particular care with (methadone, transdermal fentanyl). */
  cautions: Opioid[];
  /** False for cancer-related pain, palliative or end-of-life care, and under-18s: CDC 2022 does not apply. */
  alertsApply: boolean;
  alerts: MmeAlert[];
}

const isOpioid = (name: unknown): name is Opioid =>
  typeof name === 'string' && Object.hasOwn(MME_TABLE.factors, name);

/**
 * Total daily MME of a regimen with the CDC 2022 factors, and the guideline's alerts.
 * `context.outOfScope` (cancer-related pain, palliative or end-of-life care, sickle-cell pain,
 * patients under 18) turns the CDC thresholds off; the MME is still computed.
 */
export const mme = (
  doses: readonly OpioidDose[],
  context: { outOfScope?: boolean } = {},
): MmeResult => {
  const entries = doses.map((dose, index) => {
    if (!isOpioid(dose.opioid)) {
      throw new ClinicalInputError(
        'unknown-opioid',
        `"${String(dose.opioid)}" has no CDC 2022 MME factor.`,
        index,
      );
    }
    if (
      typeof dose.dailyDose !== 'number' ||
      !Number.isFinite(dose.dailyDose) ||
      dose.dailyDose <= 0
    ) {
      throw new ClinicalInputError(
        'invalid-dose',
        `Dose ${index + 1} must be a positive number.`,
        index,
      );
    }
    const { factor, unit } = MME_TABLE.factors[dose.opioid];
    return {
      opioid: dose.opioid,
      dailyDose: dose.dailyDose,
      unit,
      factor,
      mme: round(dose.dailyDose * factor, 2),
    };
  });
  const total = round(
    entries.reduce((sum, e) => sum + e.mme, 0),
    1,
  );
  const alertsApply = context.outOfScope !== true;
  const alerts: MmeAlert[] = [];
  if (alertsApply && total >= MME_NALOXONE_THRESHOLD) {
    alerts.push({
      id: 'mme-50-naloxone',
      severity: 'advisory',
      message: {
        en: '50 MME/day or more: overdose risk is about doubled. Offer naloxone, increase follow-up and reassess benefits and risks (CDC 2022, Rec. 8).',
        es: '50 MME/día o más: el riesgo de sobredosis es aproximadamente el doble. Ofrezca naloxona, aumente el seguimiento y revise beneficios y riesgos (CDC 2022, rec. 8).',
      },
    });
  }
  if (alertsApply && total >= MME_LEGACY_2016_THRESHOLD) {
    alerts.push({
      id: 'mme-90-legacy-2016',
      severity: 'info',
      message: {
        en: '90 MME/day or more: the 2016 CDC guideline advised avoiding or carefully justifying this dose; the 2022 guideline sets no cap.',
        es: '90 MME/día o más: la guía de los CDC de 2016 aconsejaba evitar o justificar esta dosis; la guía de 2022 no fija un límite.',
      },
    });
  }
  const cautions = [...new Set(entries.map((e) => e.opioid))].filter(
    (o): o is Opioid => o === 'methadone' || o === 'fentanylTransdermal',
  );
  return { version: MME_TABLE.version, entries, total, cautions, alertsApply, alerts };
};
