import { ClinicalInputError } from './errors';
import { deepFreeze } from './scoring';
import type { Bilingual } from './types';

/**
 * Testosterone replacement therapy constants and checks as data (Endocrine Society 2018, project
 * reference §2.9). Advisories only: they tell the clinician what the guideline says, they never
 * block a prescription.
 */
export const TRT = deepFreeze({
  source:
    'Bhasin S et al. Testosterone therapy in men with hypogonadism: an Endocrine Society clinical practice guideline. J Clin Endocrinol Metab 2018;103(5):1715–1744 (project reference §2.9).',
  /** CDC-harmonized total testosterone, healthy non-obese men 19–39 (2.5th–97.5th percentile). */
  totalTestosteroneNgDl: {
    low: 264,
    high: 916,
    source: 'Travison TG et al. J Clin Endocrinol Metab 2017;102:1161–1173.',
  },
  /** Do not start without urological evaluation above these PSA values (ng/mL). */
  psaDoNotStartNgMl: 4,
  psaDoNotStartHighRiskNgMl: 3,
  /** Refer to urology in the first 12 months for a confirmed PSA rise above baseline of more than this (ng/mL). */
  psaRiseReferNgMl: 1.4,
  psaReferNgMl: 4,
  /** Stop testosterone above this haematocrit (%) until it falls to a safe level. */
  hematocritStopPercent: 54,
  /** AUA: baseline haematocrit should be below this (%) before starting. */
  hematocritBaselinePercent: 50,
  /** Evaluate response, adverse effects and adherence, and measure haematocrit, at 3–6 months, then yearly. */
  firstReviewMonths: { from: 3, to: 6 },
  /** IPSS total from which LUTS are severe (a contraindication to starting). */
  severeLutsIpss: 20,
} as const);

export type TrtAdvisoryId =
  | 'low-testosterone-confirm'
  | 'psa-above-start-limit'
  | 'hematocrit-elevated-at-baseline'
  | 'severe-luts'
  | 'contraindication'
  | 'psa-rise-refer-urology'
  | 'psa-above-refer-urology'
  | 'abnormal-dre-refer-urology'
  | 'hematocrit-stop';

export interface TrtAdvisory {
  id: TrtAdvisoryId;
  message: Bilingual;
  /** Always false: the guideline informs the decision, it never blocks care. */
  blocksCare: false;
}

/** Conditions in which the guideline recommends against starting testosterone. */
export const TRT_CONTRAINDICATIONS = deepFreeze({
  planningFertility: {
    en: 'planning fertility in the near term',
    es: 'desea fertilidad a corto plazo',
  },
  breastOrProstateCancer: { en: 'breast or prostate cancer', es: 'cáncer de mama o de próstata' },
  prostateNodule: {
    en: 'a palpable prostate nodule or induration',
    es: 'nódulo o induración prostática palpable',
  },
  untreatedSevereOsa: {
    en: 'untreated severe obstructive sleep apnoea',
    es: 'apnea obstructiva del sueño grave no tratada',
  },
  uncontrolledHeartFailure: {
    en: 'uncontrolled heart failure',
    es: 'insuficiencia cardiaca no controlada',
  },
  recentMiOrStroke: {
    en: 'myocardial infarction or stroke within the last 6 months',
    es: 'infarto de miocardio o ictus en los últimos 6 meses',
  },
  thrombophilia: { en: 'thrombophilia', es: 'trombofilia' },
} as const satisfies Record<string, Bilingual>);

export type TrtContraindication = keyof typeof TRT_CONTRAINDICATIONS;

const advisory = (id: TrtAdvisoryId, en: string, es: string): TrtAdvisory => ({
  id,
  message: { en, es },
  blocksCare: false,
});

const measured = (name: string, value: number | undefined): number | undefined => {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
    throw new ClinicalInputError('invalid-value', `${name} must be a non-negative number.`);
  }
  return value;
};

export interface TrtStartInput {
  /** Morning fasting total testosterone, ng/dL. */
  totalTestosteroneNgDl?: number;
  psaNgMl?: number;
  /** African American or a first-degree relative with prostate cancer. */
  highProstateCancerRisk?: boolean;
  hematocritPercent?: number;
  /** IPSS total (0–35), e.g. `score('ipss', …).total`. */
  ipssTotal?: number;
  contraindications?: readonly TrtContraindication[];
}

/** What the guideline says before starting testosterone, from the values that are known. */
export const trtStartChecks = (input: TrtStartInput): TrtAdvisory[] => {
  const out: TrtAdvisory[] = [];
  const t = measured('Total testosterone', input.totalTestosteroneNgDl);
  const psa = measured('PSA', input.psaNgMl);
  const hct = measured('Haematocrit', input.hematocritPercent);
  const ipss = measured('IPSS total', input.ipssTotal);
  if (t !== undefined && t < TRT.totalTestosteroneNgDl.low) {
    out.push(
      advisory(
        'low-testosterone-confirm',
        `Total testosterone below ${TRT.totalTestosteroneNgDl.low} ng/dL: confirm with a repeat morning fasting sample and measure LH and FSH before diagnosing hypogonadism.`,
        `Testosterona total por debajo de ${TRT.totalTestosteroneNgDl.low} ng/dL: confirme con otra muestra matinal en ayunas y mida LH y FSH antes de diagnosticar hipogonadismo.`,
      ),
    );
  }
  const psaLimit = input.highProstateCancerRisk
    ? TRT.psaDoNotStartHighRiskNgMl
    : TRT.psaDoNotStartNgMl;
  if (psa !== undefined && psa > psaLimit) {
    out.push(
      advisory(
        'psa-above-start-limit',
        `PSA above ${psaLimit} ng/mL: the guideline advises urological evaluation before starting testosterone.`,
        `PSA superior a ${psaLimit} ng/mL: la guía aconseja una valoración urológica antes de iniciar testosterona.`,
      ),
    );
  }
  if (hct !== undefined && hct >= TRT.hematocritBaselinePercent) {
    out.push(
      advisory(
        'hematocrit-elevated-at-baseline',
        `Haematocrit ${hct} %: elevated haematocrit is a reason not to start; AUA advises a baseline below ${TRT.hematocritBaselinePercent} %.`,
        `Hematocrito ${hct} %: un hematocrito elevado desaconseja iniciar; la AUA aconseja un valor basal inferior al ${TRT.hematocritBaselinePercent} %.`,
      ),
    );
  }
  if (ipss !== undefined && ipss >= TRT.severeLutsIpss) {
    out.push(
      advisory(
        'severe-luts',
        `IPSS ${ipss} (severe lower urinary tract symptoms): the guideline advises against starting testosterone.`,
        `IPSS ${ipss} (síntomas del tracto urinario inferior graves): la guía desaconseja iniciar testosterona.`,
      ),
    );
  }
  for (const key of input.contraindications ?? []) {
    const text = TRT_CONTRAINDICATIONS[key];
    out.push(
      advisory(
        'contraindication',
        `The guideline advises against starting testosterone with ${text.en}.`,
        `La guía desaconseja iniciar testosterona con ${text.es}.`,
      ),
    );
  }
  return out;
};

export interface TrtMonitoringInput {
  monthsOnTherapy: number;
  baselinePsaNgMl?: number;
  psaNgMl?: number;
  abnormalDre?: boolean;
  hematocritPercent?: number;
}

/** What the guideline says at a follow-up on testosterone. PSA findings need confirming on repeat testing. */
export const trtMonitoringChecks = (input: TrtMonitoringInput): TrtAdvisory[] => {
  const months = measured('Months on therapy', input.monthsOnTherapy);
  if (months === undefined)
    throw new ClinicalInputError('invalid-value', 'Months on therapy is required.');
  const baseline = measured('Baseline PSA', input.baselinePsaNgMl);
  const psa = measured('PSA', input.psaNgMl);
  const hct = measured('Haematocrit', input.hematocritPercent);
  const out: TrtAdvisory[] = [];
  const firstYear = months <= 12;
  if (
    firstYear &&
    psa !== undefined &&
    baseline !== undefined &&
    psa - baseline > TRT.psaRiseReferNgMl
  ) {
    out.push(
      advisory(
        'psa-rise-refer-urology',
        `PSA has risen more than ${TRT.psaRiseReferNgMl} ng/mL above baseline in the first year: if confirmed, refer to urology.`,
        `El PSA ha subido más de ${TRT.psaRiseReferNgMl} ng/mL sobre el basal en el primer año: si se confirma, derive a urología.`,
      ),
    );
  }
  if (firstYear && psa !== undefined && psa > TRT.psaReferNgMl) {
    out.push(
      advisory(
        'psa-above-refer-urology',
        `PSA above ${TRT.psaReferNgMl} ng/mL in the first year: if confirmed, refer to urology.`,
        `PSA superior a ${TRT.psaReferNgMl} ng/mL en el primer año: si se confirma, derive a urología.`,
      ),
    );
  }
  if (firstYear && input.abnormalDre) {
    out.push(
      advisory(
        'abnormal-dre-refer-urology',
        'Abnormal digital rectal examination in the first year: refer to urology.',
        'Tacto rectal anormal en el primer año: derive a urología.',
      ),
    );
  }
  if (hct !== undefined && hct > TRT.hematocritStopPercent) {
    out.push(
      advisory(
        'hematocrit-stop',
        `Haematocrit above ${TRT.hematocritStopPercent} %: stop testosterone until it falls to a safe level, evaluate for hypoxia and sleep apnoea, then restart at a reduced dose.`,
        `Hematocrito superior al ${TRT.hematocritStopPercent} %: suspenda la testosterona hasta que baje a un nivel seguro, valore hipoxia y apnea del sueño y reinicie a dosis menor.`,
      ),
    );
  }
  return out;
};
