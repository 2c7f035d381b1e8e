import { describe, expect, it } from 'vitest';
import { change, measureChange } from './change';
import { ClinicalInputError } from './errors';
import { IMMPACT } from './instruments/common';
import { score } from './score';

const bpi = (severity: number, interference: number | null) =>
  score('bpi', [
    severity,
    severity,
    severity,
    severity,
    ...(interference === null
      ? [null, null, null, null, null, null, null]
      : Array(7).fill(interference)),
  ]);

describe('change over time', () => {
  it('IMMPACT on BPI severity: 8 → 4 is a 50 % (substantial) improvement', () => {
    const result = change('bpi', bpi(8, 6), bpi(4, 5));
    const severity = result.measures.find((m) => m.measure === 'severity')!;
    expect(severity).toMatchObject({
      before: 8,
      after: 4,
      difference: -4,
      percentImprovement: 50,
      direction: 'improved',
    });
    expect(severity.assessments).toEqual([
      { kind: 'percent', level: 'substantial', source: IMMPACT.source },
    ]);
    expect(result.measures.map((m) => m.measure)).toEqual(['total', 'severity', 'interference']);
  });

  it('IMMPACT levels at their boundaries: 10 %, 30 %, 50 %', () => {
    const level = (before: number, after: number) =>
      change('peg', score('peg', [before, before, before]), score('peg', [after, after, after]))
        .measures[0]!.assessments[0];
    expect(level(10, 9)).toMatchObject({ level: 'minimal' }); // 10 %
    expect(level(10, 10)).toMatchObject({ level: 'below-threshold' }); // 0 %
    expect(level(10, 7)).toMatchObject({ level: 'moderate' }); // 30 %
    expect(level(10, 6)).toMatchObject({ level: 'moderate' }); // 40 %
    expect(level(10, 5)).toMatchObject({ level: 'substantial' }); // 50 %
    expect(level(10, 8)).toMatchObject({ level: 'minimal' }); // 20 %
    expect(level(0, 3)).toMatchObject({ level: 'not-assessable' }); // no baseline to take a percent of
  });

  it('just under a threshold is below it (BPI severity 10 → 7.25 is 27.5 %, minimal)', () => {
    const after = score('bpi', [7, 7, 7, 8, 0, 0, 0, 0, 0, 0, 0]);
    const severity = change('bpi', bpi(10, 0), after).measures[1]!;
    expect(severity.percentImprovement).toBe(27.5);
    expect(severity.assessments[0]).toMatchObject({ level: 'minimal' });
  });

  it('is direction-aware: a rise is a worsening, and its size is still assessed', () => {
    const m = change('peg', score('peg', [4, 4, 4]), score('peg', [6, 6, 6])).measures[0]!;
    expect(m.direction).toBe('worsened');
    expect(m.difference).toBe(2);
    expect(m.percentImprovement).toBe(-50);
    expect(m.assessments[0]).toMatchObject({ level: 'substantial' });
    const same = change('peg', score('peg', [4, 4, 4]), score('peg', [4, 4, 4])).measures[0]!;
    expect(same.direction).toBe('unchanged');
  });

  it('BPI interference: the 1-point MCID on both sides of the threshold', () => {
    const interference = (a: number, b: number) =>
      change('bpi', bpi(5, a), bpi(5, b)).measures.find((m) => m.measure === 'interference')!;
    const one = interference(6, 5);
    expect(one.assessments[1]).toMatchObject({ kind: 'points', mcid: 1, important: true });
    const partial = change(
      'bpi',
      score('bpi', [5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6]),
      score('bpi', [5, 5, 5, 5, 6, 6, 6, 6, 5, 5, 5]),
    ).measures[2]!;
    expect(partial.difference).toBe(-0.43);
    expect(partial.assessments[1]).toMatchObject({ important: false });
  });

  it('PHQ-9 MCID 5 points (Löwe 2004): 14 → 9 is important, 14 → 10 is not', () => {
    const before = score('phq9', [3, 3, 3, 3, 2, 0, 0, 0, 0]);
    expect(before.total).toBe(14);
    const important = change('phq9', before, score('phq9', [3, 3, 3, 0, 0, 0, 0, 0, 0]))
      .measures[0]!;
    expect(important.difference).toBe(-5);
    expect(important.assessments[0]).toMatchObject({ kind: 'points', mcid: 5, important: true });
    const notYet = change('phq9', before, score('phq9', [3, 3, 3, 1, 0, 0, 0, 0, 0])).measures[0]!;
    expect(notYet.assessments[0]).toMatchObject({ important: false });
  });

  it('ODI MCID 10 points (Ostelo 2008): 40 % → 30 % is important, 40 % → 32 % is not', () => {
    const odi = (sum: number) =>
      score(
        'odi',
        Array.from({ length: 10 }, (_, i) => Math.min(5, Math.max(0, sum - 5 * i))),
      );
    const m = change('odi', odi(20), odi(15)).measures[0]!;
    expect(m).toMatchObject({ before: 40, after: 30, difference: -10, percentImprovement: 25 });
    expect(m.assessments).toMatchObject([{ kind: 'points', mcid: 10, important: true }]);
    expect(change('odi', odi(20), odi(16)).measures[0]!.assessments[0]).toMatchObject({
      important: false,
    });
  });

  it('IPSS MCID 3 points (Barry 1995)', () => {
    const ipss = (v: number) => score('ipss', [v, v, v, v, v, v, v]);
    expect(change('ipss', ipss(3), ipss(2)).measures[0]!.assessments[0]).toMatchObject({
      important: true,
    }); // 21 → 14
  });

  it('instruments without a published threshold report the change without a judgement', () => {
    const m = change('csi', score('csi', Array(25).fill(2)), score('csi', Array(25).fill(1)))
      .measures[0]!;
    expect(m).toMatchObject({ difference: -25, direction: 'improved', assessments: [] });
  });

  it('a side that could not be scored makes the change not assessable', () => {
    const m = change('peg', score('peg', [5, null, 5]), score('peg', [3, 3, 3])).measures[0]!;
    expect(m).toMatchObject({
      before: null,
      after: 3,
      difference: null,
      percentImprovement: null,
      direction: null,
    });
    expect(m.assessments).toEqual([
      { kind: 'percent', level: 'not-assessable', source: IMMPACT.source },
    ]);
    const bpiNoInterference = change('bpi', bpi(5, null), bpi(5, 3)).measures[2]!;
    expect(bpiNoInterference.assessments[1]).toMatchObject({ important: false });
  });

  it('ESAS-r: IMMPACT on the pain symptom', () => {
    const esas = (pain: number) => score('esasr', [pain, 0, 0, 0, 0, 0, 0, 0, 0]);
    const pain = change('esasr', esas(8), esas(4)).measures.find((m) => m.measure === 'pain')!;
    expect(pain.assessments[0]).toMatchObject({ level: 'substantial' });
  });

  it('ESAS-r MCIDs (Hui 2015, 2016): 1 point on a symptom, 3 points on the total', () => {
    const esas = (pain: number, tiredness: number) =>
      score('esasr', [pain, tiredness, 2, 2, 2, 2, 2, 2, 2]);
    const measure = (before: number[], after: number[], key: string) =>
      change('esasr', esas(before[0]!, before[1]!), esas(after[0]!, after[1]!)).measures.find(
        (m) => m.measure === key,
      )!;
    // tiredness 5 → 4: one point, important; the total 26 → 25 is not
    expect(measure([5, 5], [5, 4], 'tiredness').assessments).toMatchObject([
      { kind: 'points', mcid: 1, important: true },
    ]);
    expect(measure([5, 5], [5, 4], 'total').assessments).toMatchObject([
      { kind: 'points', mcid: 3, important: false },
    ]);
    expect(measure([5, 5], [5, 5], 'tiredness').assessments[0]).toMatchObject({ important: false });
    // total 26 → 23 is important (and pain keeps IMMPACT before its point threshold)
    expect(measure([5, 5], [3, 4], 'total').assessments[0]).toMatchObject({ important: true });
    expect(measure([5, 5], [3, 4], 'pain').assessments).toMatchObject([
      { kind: 'percent', level: 'moderate' },
      { kind: 'points', mcid: 1, important: true },
    ]);
    // the optional "other problem" has no threshold
    const other = change(
      'esasr',
      score('esasr', [2, 2, 2, 2, 2, 2, 2, 2, 2, 6]),
      score('esasr', [2, 2, 2, 2, 2, 2, 2, 2, 2, 1]),
    ).measures.find((m) => m.measure === 'other')!;
    expect(other.assessments).toEqual([]);
  });

  it('GAD-7 MCID 4 points (Toussaint 2020): 12 → 8 is important, 12 → 9 is not', () => {
    const gad = (items: number[]) => score('gad7', items);
    const before = gad([3, 3, 2, 2, 1, 1, 0]);
    expect(before.total).toBe(12);
    expect(
      change('gad7', before, gad([3, 2, 1, 1, 1, 0, 0])).measures[0]!.assessments,
    ).toMatchObject([{ kind: 'points', mcid: 4, important: true }]);
    expect(
      change('gad7', before, gad([3, 2, 2, 1, 1, 0, 0])).measures[0]!.assessments[0],
    ).toMatchObject({ important: false });
    // a worsening of 4 is as large
    expect(change('gad7', gad([3, 2, 1, 1, 1, 0, 0]), before).measures[0]).toMatchObject({
      direction: 'worsened',
      assessments: [{ important: true }],
    });
  });

  it('PCS MIC 8 points (Monticone 2022) on the total; the subscales have none', () => {
    const pcs = (v: number, extra = 0) =>
      score('pcs', [v, v, v, v, v, v, v, v, v, v, v, v, Math.min(4, v + extra)]);
    const before = pcs(2, 2); // 26 + 2 = 28
    expect(before.total).toBe(28);
    const eight = change('pcs', before, pcs(1, 3)).measures; // 13 + 3 = 16: −12
    expect(eight[0]!.assessments).toMatchObject([{ kind: 'points', mcid: 8, important: true }]);
    const seven = change('pcs', pcs(2, 0), score('pcs', [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]));
    expect(seven.measures[0]!.difference).toBe(-7);
    expect(seven.measures[0]!.assessments[0]).toMatchObject({ important: false });
    expect(seven.measures.slice(1).every((m) => m.assessments.length === 0)).toBe(true);
  });

  it('a measure where higher is better improves when it rises', () => {
    const m = measureChange(false, 'total', [IMMPACT], 40, 60);
    expect(m).toMatchObject({ difference: 20, percentImprovement: 50, direction: 'improved' });
  });

  it('refuses results of another instrument', () => {
    expect(() => change('peg', score('gad7', Array(7).fill(0)), score('peg', [1, 1, 1]))).toThrow(
      ClinicalInputError,
    );
    expect(() => change('peg', score('peg', [1, 1, 1]), score('gad7', Array(7).fill(0)))).toThrow(
      /Both results must be PEG results/,
    );
  });
});
