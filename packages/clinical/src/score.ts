import { ClinicalInputError } from './errors';
import { instrument } from './registry';
import { bandOf } from './scoring';
import type {
  Answers,
  InstrumentDefinition,
  InstrumentId,
  ItemDefinition,
  ScoreResult,
} from './types';

/** How many answers the instrument takes: trailing optional items may be left out. */
const lengths = (def: InstrumentDefinition): { min: number; max: number } => {
  let min = def.items.length;
  while (min > 0 && (def.items[min - 1] as ItemDefinition).optional) min -= 1;
  return { min, max: def.items.length };
};

const pointsOf = (item: ItemDefinition, value: number): number => {
  const option = item.options.find((o) => o.value === value) as { points?: number; value: number };
  if (option.points !== undefined) return option.points;
  if (!item.reverse) return value;
  const values = item.options.map((o) => o.value);
  return Math.min(...values) + Math.max(...values) - value;
};

/**
 * Validates answers against the definition: an array in published item order, each `null`
 * (unanswered) or one of the item's option values. Throws ClinicalInputError otherwise.
 */
export const validate = (def: InstrumentDefinition, items: unknown): Answers => {
  if (!Array.isArray(items))
    throw new ClinicalInputError('not-an-array', `${def.abbreviation}: answers must be an array.`);
  const { min, max } = lengths(def);
  if (items.length < min || items.length > max) {
    const expected = min === max ? `${max}` : `${min}–${max}`;
    throw new ClinicalInputError(
      'wrong-length',
      `${def.abbreviation}: expected ${expected} answers, got ${items.length}.`,
    );
  }
  // An index loop, not forEach: a sparse array's holes must be refused, not skipped.
  for (let i = 0; i < items.length; i += 1) {
    const value: unknown = items[i];
    const item = def.items[i] as ItemDefinition;
    if (value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw new ClinicalInputError(
        'not-an-integer',
        `${def.abbreviation} item ${item.number}: answer must be an integer or null.`,
        item.number,
      );
    }
    if (!item.options.some((o) => o.value === value)) {
      const values = item.options.map((o) => o.value);
      throw new ClinicalInputError(
        'out-of-range',
        `${def.abbreviation} item ${item.number}: ${value} is not one of ${Math.min(...values)}–${Math.max(...values)}.`,
        item.number,
      );
    }
  }
  return Array.from(items as Answers);
};

/**
 * Scores one completed (or partly completed) instrument. `items` are the answers in the
 * instrument's published item order, `null` where unanswered. Pure and deterministic.
 */
export const score = (instrumentId: InstrumentId, items: Answers): ScoreResult => {
  const { definition: def, compute } = instrument(instrumentId);
  const answers = validate(def, items);
  const points = answers.map((value, i) =>
    value === null ? null : pointsOf(def.items[i] as ItemDefinition, value),
  );
  const computed = compute(points, answers);
  const missingItems = def.items
    .filter((item) => !item.optional && answers[item.number - 1] === null)
    .map((item) => item.number);
  const base = {
    instrumentId: def.id,
    subscales: computed.subscales,
    flags: computed.flags,
    missingItems,
    ...(computed.subscaleBands ? { subscaleBands: computed.subscaleBands } : {}),
  };
  if (computed.total === null)
    return { ...base, scorable: false, reason: 'too-many-missing', total: null, band: null };
  const named = def.bands.find((b) => b.id === computed.bandId);
  const band = named ? { id: named.id, label: named.label } : bandOf(def.bands, computed.total);
  return { ...base, scorable: true, total: computed.total, band };
};
