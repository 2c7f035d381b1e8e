import { describe, expect, it } from 'vitest';
import { ClinicalInputError } from './errors';
import { DEFINITIONS, definition, isInstrumentId } from './registry';
import { score } from './score';
import { INSTRUMENT_IDS, type Answers, type InstrumentId } from './types';

const rejects = (id: unknown, items: unknown) => {
  try {
    score(id as InstrumentId, items as Answers);
  } catch (error) {
    expect(error).toBeInstanceOf(ClinicalInputError);
    return error as ClinicalInputError;
  }
  throw new Error('expected a ClinicalInputError');
};

describe('score: input is validated, never guessed', () => {
  it('refuses an unknown instrument', () => {
    const error = rejects('phq-9', [0]);
    expect(error.code).toBe('unknown-instrument');
    expect(error.name).toBe('ClinicalInputError');
    expect(rejects(undefined, []).code).toBe('unknown-instrument');
    expect(isInstrumentId('phq9')).toBe(true);
    expect(isInstrumentId(9)).toBe(false);
  });

  it('refuses anything but an array', () => {
    expect(rejects('phq9', '000000000').code).toBe('not-an-array');
    expect(rejects('phq9', { 0: 1 }).code).toBe('not-an-array');
  });

  it('refuses the wrong number of answers for every instrument', () => {
    for (const def of DEFINITIONS) {
      const required = def.items.filter((i) => !i.optional).length;
      expect(rejects(def.id, new Array(required - 1).fill(null)).code).toBe('wrong-length');
      expect(rejects(def.id, new Array(def.items.length + 1).fill(null)).code).toBe('wrong-length');
    }
    expect(rejects('ipss', [1, 1, 1]).message).toBe('IPSS: expected 7–8 answers, got 3.');
    expect(rejects('phq9', [1]).message).toBe('PHQ-9: expected 9 answers, got 1.');
  });

  it('refuses non-integer answers, naming the item', () => {
    const error = rejects('phq9', [0, 0, 1.5, 0, 0, 0, 0, 0, 0]);
    expect(error.code).toBe('not-an-integer');
    expect(error.item).toBe(3);
    expect(rejects('phq9', [0, 0, 0, '1', 0, 0, 0, 0, 0]).code).toBe('not-an-integer');
    expect(rejects('phq9', [0, 0, 0, 0, undefined, 0, 0, 0, 0]).code).toBe('not-an-integer');
    expect(rejects('peg', [Number.NaN, 1, 1]).code).toBe('not-an-integer');
    // a hole in a sparse array is not an unanswered item: refused, never skipped
    // eslint-disable-next-line no-sparse-arrays
    const sparse = rejects('peg', [, 1, 1]);
    expect(sparse.code).toBe('not-an-integer');
    expect(sparse.item).toBe(1);
  });

  it('refuses answers outside the item’s options, for every instrument', () => {
    for (const def of DEFINITIONS) {
      const values = def.items[0]!.options.map((o) => o.value);
      const valid = def.items.map((item) => item.options[0]!.value);
      const tooHigh = [Math.max(...values) + 1, ...valid.slice(1)];
      const tooLow = [Math.min(...values) - 1, ...valid.slice(1)];
      expect(rejects(def.id, tooHigh).code).toBe('out-of-range');
      expect(rejects(def.id, tooLow).item).toBe(1);
    }
    expect(rejects('tsk17', new Array(17).fill(0)).message).toBe(
      'TSK-17 item 1: 0 is not one of 1–4.',
    );
    // IPSS item 8 goes to 6, the symptom items only to 5
    expect(rejects('ipss', [6, 0, 0, 0, 0, 0, 0]).code).toBe('out-of-range');
    expect(score('ipss', [0, 0, 0, 0, 0, 0, 0, 6]).scorable).toBe(true);
  });

  it('returns a scorable result with every field', () => {
    expect(score('gad7', [1, 1, 1, 1, 1, 1, 1])).toEqual({
      instrumentId: 'gad7',
      scorable: true,
      total: 7,
      subscales: {},
      band: { id: 'mild', label: { en: 'Mild', es: 'Leve' } },
      flags: [],
      missingItems: [],
    });
  });

  it('returns an unscorable result with a reason code', () => {
    expect(score('gad7', [1, 1, null, 1, 1, 1, 1])).toEqual({
      instrumentId: 'gad7',
      scorable: false,
      reason: 'too-many-missing',
      total: null,
      band: null,
      subscales: {},
      flags: [],
      missingItems: [3],
    });
  });

  it('is deterministic and does not modify its input', () => {
    const items = Object.freeze([1, 2, 3, 0, 1, 2, 3, 0, 1]);
    expect(score('phq9', items)).toEqual(score('phq9', items));
    expect(items).toEqual([1, 2, 3, 0, 1, 2, 3, 0, 1]);
  });
});

describe('definitions', () => {
  it('exports one definition per instrument id, in order, with the published item counts', () => {
    expect(DEFINITIONS.map((d) => d.id)).toEqual([...INSTRUMENT_IDS]);
    const counts = Object.fromEntries(DEFINITIONS.map((d) => [d.id, d.items.length]));
    expect(counts).toEqual({
      bpi: 11,
      peg: 3,
      pcs: 13,
      tsk17: 17,
      odi: 10,
      phq9: 9,
      gad7: 7,
      csi: 25,
      startback: 9,
      dn4: 10,
      esasr: 10,
      stopbang: 8,
      ipss: 8,
    });
    expect(definition('odi').id).toBe('odi');
  });

  it('numbers items 1…n with unique keys, and lists reverse items as the items say', () => {
    for (const def of DEFINITIONS) {
      expect(def.items.map((i) => i.number)).toEqual(def.items.map((_, i) => i + 1));
      expect(new Set(def.items.map((i) => i.key)).size).toBe(def.items.length);
      expect(def.items.filter((i) => i.reverse).map((i) => i.number)).toEqual(def.reverseItems);
      for (const s of def.subscales)
        expect(s.items.every((n) => n >= 1 && n <= def.items.length)).toBe(true);
    }
  });

  it('has application texts in both languages and a licence, a source and a Spanish status', () => {
    for (const def of DEFINITIONS) {
      for (const text of [
        def.name,
        def.total.description,
        def.missingData,
        ...def.bands.map((b) => b.label),
      ]) {
        expect(text.en.length).toBeGreaterThan(0);
        expect(text.es.length).toBeGreaterThan(0);
      }
      expect(def.source.length).toBeGreaterThan(20);
      expect(def.licence.note.length).toBeGreaterThan(10);
      expect(def.higherIsWorse).toBe(true);
      expect(def.items.every((i) => i.text.en.length > 0 && i.options.length >= 2)).toBe(true);
    }
  });

  it('never carries Spanish instrument wording without a validated version', () => {
    for (const def of DEFINITIONS) {
      const spanish = def.items.flatMap((i) => [
        i.text.es,
        i.options.every((o) => o.label.es !== null) ? 'options' : null,
      ]);
      if (def.spanish.status === 'pending validated translation') {
        expect(
          def.items.every((i) => i.text.es === null),
          def.id,
        ).toBe(true);
        expect(def.instructions.es, def.id).toBeNull();
        expect(def.spanish.note).toContain('do not machine-translate');
      } else {
        expect(
          spanish.every((s) => s !== null),
          def.id,
        ).toBe(true);
        expect(def.instructions.es).not.toBeNull();
      }
    }
    expect(DEFINITIONS.filter((d) => d.spanish.status === 'validated').map((d) => d.id)).toEqual([
      'phq9',
    ]);
  });

  it('is frozen: no caller can change a definition for everyone', () => {
    const def = definition('phq9');
    expect(Object.isFrozen(def)).toBe(true);
    expect(Object.isFrozen(def.items[8]!.options[0]!.label)).toBe(true);
    expect(() => {
      (def.bands[0] as { min: number }).min = 3;
    }).toThrow(TypeError);
  });

  it('keeps bands ascending and inside the total range', () => {
    for (const def of DEFINITIONS) {
      def.bands.forEach((band, i) => {
        expect(band.min).toBeLessThanOrEqual(band.max);
        expect(band.min).toBeGreaterThanOrEqual(def.total.min);
        expect(band.max).toBeLessThanOrEqual(def.total.max);
        if (i > 0) expect(band.min).toBeGreaterThanOrEqual(def.bands[i - 1]!.min);
      });
    }
  });
});
