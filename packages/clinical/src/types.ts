/** The instruments this package scores. Ids are the names in lower case without punctuation. */
export const INSTRUMENT_IDS = [
  'bpi',
  'peg',
  'pcs',
  'tsk17',
  'odi',
  'phq9',
  'gad7',
  'csi',
  'startback',
  'dn4',
  'esasr',
  'stopbang',
  'ipss',
] as const;
export type InstrumentId = (typeof INSTRUMENT_IDS)[number];

export type Language = 'en' | 'es';

/** Text of the application itself (names, band labels, rule messages): always both languages. */
export interface Bilingual {
  en: string;
  es: string;
}

/**
 * Wording of the instrument. `es` is the wording of a validated Spanish version, or `null` while
 * no validated wording is held here (`spanish.status === 'pending validated translation'`):
 * an instrument is never machine-translated.
 */
export interface InstrumentText {
  en: string;
  es: string | null;
}

export interface ItemOption {
  /** The answer as recorded (what `score()` receives for this item). */
  value: number;
  /** What the answer contributes to the score when it differs from `value` (STarT Back item 9). */
  points?: number;
  label: InstrumentText;
}

export interface ItemDefinition {
  /** 1-based position in the published item order. */
  number: number;
  /** Stable key, e.g. `worst`, `q9`. */
  key: string;
  text: InstrumentText;
  options: readonly ItemOption[];
  /** Scored as (min + max − answer), e.g. TSK-17 items 4, 8, 12, 16 (5 − x). */
  reverse?: boolean;
  /** Not required and not in the total (IPSS quality-of-life item 8, ESAS-r "other problem"). */
  optional?: boolean;
}

export interface Band {
  id: string;
  /** Inclusive bounds on the banded measure. Non-integer measures (ODI %) use `max` as "≤". */
  min: number;
  max: number;
  label: Bilingual;
}

export type Licence =
  | { kind: 'public-domain'; note: string }
  | { kind: 'free-with-acknowledgement'; note: string }
  | { kind: 'free'; note: string }
  | { kind: 'permission-required'; note: string };

export type SpanishVersion =
  | { status: 'validated'; citation: string }
  | { status: 'pending validated translation'; note: string };

/** A published threshold for meaningful change on one measure. */
export type ChangeThreshold =
  | {
      kind: 'percent';
      /** IMMPACT: 10 % minimal, 30 % moderate, 50 % substantial (Dworkin 2008). */
      minimal: number;
      moderate: number;
      substantial: number;
      source: string;
    }
  | { kind: 'points'; mcid: number; source: string };

export interface ChangeRule {
  /** `total` or a subscale key. */
  measure: string;
  thresholds: readonly ChangeThreshold[];
}

export interface InstrumentDefinition {
  id: InstrumentId;
  abbreviation: string;
  name: Bilingual;
  /** Recall period / instructions shown above the items. */
  instructions: InstrumentText;
  items: readonly ItemDefinition[];
  /** 1-based item numbers scored in reverse. */
  reverseItems: readonly number[];
  total: { min: number; max: number; description: Bilingual };
  subscales: readonly { key: string; name: Bilingual; items: readonly number[] }[];
  /** The measure the bands apply to (`total`, or a subscale key for per-symptom bands). */
  bands: readonly Band[];
  missingData: Bilingual;
  /** Higher scores are worse for every instrument here; kept explicit for change(). */
  higherIsWorse: boolean;
  change: readonly ChangeRule[];
  licence: Licence;
  /** Citation of the instrument, its scoring rules and the English wording. */
  source: string;
  spanish: SpanishVersion;
}

export type FlagId =
  | 'phq9-self-harm'
  | 'phq9-self-harm-unanswered'
  | 'gad7-further-evaluation'
  | 'pcs-clinically-relevant'
  | 'tsk17-high-kinesiophobia'
  | 'csi-central-sensitivity'
  | 'dn4-neuropathic'
  | 'esasr-severe-symptom'
  | 'bpi-interference-unscorable'
  | 'odi-one-section-missing';

export interface Flag {
  id: FlagId;
  /** 1-based item number the flag is about, when it is about one item. */
  item?: number;
}

export type UnscorableReason = 'too-many-missing';

export interface BandRef {
  id: string;
  label: Bilingual;
}

interface ResultBase {
  instrumentId: InstrumentId;
  /** Subscale values; `null` when that subscale's own missing-data rule says it cannot be scored. */
  subscales: Readonly<Record<string, number | null>>;
  flags: readonly Flag[];
  /** 1-based numbers of the unanswered (non-optional) items. */
  missingItems: readonly number[];
  /** Per-subscale bands, for instruments banded per symptom (ESAS-r). */
  subscaleBands?: Readonly<Record<string, BandRef | null>>;
}

export interface ScorableResult extends ResultBase {
  scorable: true;
  total: number;
  band: BandRef | null;
}

/** The missing-data rule says there is no total. Flags and scorable subscales are still given. */
export interface UnscorableResult extends ResultBase {
  scorable: false;
  reason: UnscorableReason;
  total: null;
  band: null;
}

export type ScoreResult = ScorableResult | UnscorableResult;

export type Answers = readonly (number | null)[];
