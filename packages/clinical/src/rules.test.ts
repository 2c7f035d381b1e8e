import { describe, expect, it } from 'vitest';
import { ClinicalInputError } from './errors';
import { CRISIS_RESOURCES, evaluateRules, RULES } from './rules';
import { score } from './score';
import type { Answers, InstrumentId } from './types';

const fire = (id: InstrumentId, items: Answers) =>
  evaluateRules(id, score(id, items)).map((o) => o.ruleId);

describe('rules as data', () => {
  it('PHQ-9 item 9 > 0: an urgent task for the care team and crisis resources for the patient', () => {
    const outcomes = evaluateRules('phq9', score('phq9', [0, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(outcomes.map((o) => [o.ruleId, o.audience, o.action, o.severity, o.immediate])).toEqual([
      ['phq9-self-harm-urgent-task', 'care-team', 'urgent-care-team-task', 'urgent', true],
      ['phq9-self-harm-crisis-resources', 'patient', 'patient-crisis-resources', 'urgent', true],
    ]);
    const patient = outcomes[1]!;
    expect(patient.resources).toBe(CRISIS_RESOURCES);
    expect(patient.explanation.es).toMatch(/pida ayuda ahora/);
    expect(outcomes[0]!.resources).toBeUndefined();
    expect(outcomes.every((o) => o.blocksCare === false)).toBe(true);
  });

  it('PHQ-9 item 9 fires even when the total cannot be scored, and not at 0 or unanswered', () => {
    expect(fire('phq9', [null, null, null, null, null, null, null, null, 3])).toHaveLength(2);
    expect(fire('phq9', [3, 3, 3, 3, 3, 3, 3, 3, 0])).toEqual([]);
    expect(fire('phq9', [3, 3, 3, 3, 3, 3, 3, 3, null])).toEqual([]);
  });

  it('crisis resources are given in both languages', () => {
    expect(CRISIS_RESOURCES.map((r) => r.phone)).toEqual(['112', '024', '988', null]);
    for (const r of CRISIS_RESOURCES) {
      expect(r.label.en.length).toBeGreaterThan(10);
      expect(r.label.es.length).toBeGreaterThan(10);
    }
  });

  it('PCS ≥ 30 suggests a pain-psychology referral; 29 does not', () => {
    expect(fire('pcs', [4, 4, 4, 4, 4, 4, 4, 2, 0, 0, 0, 0, 0])).toEqual([
      'pcs-psychology-referral',
    ]); // 30
    expect(fire('pcs', [4, 4, 4, 4, 4, 4, 4, 1, 0, 0, 0, 0, 0])).toEqual([]); // 29
    expect(fire('pcs', [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, null])).toEqual([]); // unscorable
  });

  it('TSK-17 > 37 suggests graded exposure; 37 does not', () => {
    // all 2 (reverse items answered 3, scored 2) = 34, then "agree" (3) on the listed items
    const agreeOn = (items: number[]) =>
      Array.from({ length: 17 }, (_, i) =>
        [4, 8, 12, 16].includes(i + 1) || items.includes(i + 1) ? 3 : 2,
      );
    expect(score('tsk17', agreeOn([1, 2, 3])).total).toBe(37);
    expect(fire('tsk17', agreeOn([1, 2, 3]))).toEqual([]);
    expect(score('tsk17', agreeOn([1, 2, 3, 5])).total).toBe(38);
    expect(fire('tsk17', agreeOn([1, 2, 3, 5]))).toEqual(['tsk17-graded-exposure-referral']);
  });

  it('STarT Back high risk → stratified-care pathway; medium and low do not', () => {
    expect(fire('startback', [0, 0, 0, 0, 1, 1, 1, 1, 0])).toEqual([
      'startback-high-stratified-care',
    ]);
    const outcome = evaluateRules('startback', score('startback', [0, 0, 0, 0, 1, 1, 1, 1, 0]))[0]!;
    expect(outcome).toMatchObject({
      action: 'care-pathway',
      severity: 'advisory',
      blocksCare: false,
    });
    expect(fire('startback', [1, 0, 0, 0, 1, 1, 1, 0, 0])).toEqual([]); // medium
    expect(fire('startback', [0, 0, 0, 0, 1, 1, 1, 0, 0])).toEqual([]); // low
    expect(fire('startback', [null, 0, 0, 0, 1, 1, 1, 1, 4])).toEqual([]); // unscorable
  });

  it('DN4 ≥ 4 → neuropathic-pain review; 3 does not', () => {
    expect(fire('dn4', [1, 1, 1, 1, 0, 0, 0, 0, 0, 0])).toEqual(['dn4-neuropathic-review']);
    expect(fire('dn4', [1, 1, 1, 0, 0, 0, 0, 0, 0, 0])).toEqual([]);
  });

  it('instruments without rules return none', () => {
    expect(fire('gad7', [3, 3, 3, 3, 3, 3, 3])).toEqual([]);
  });

  it('every rule is bilingual, sourced, and never blocks care', () => {
    for (const rule of RULES) {
      for (const text of [rule.title, rule.explanation]) {
        expect(text.en.length).toBeGreaterThan(5);
        expect(text.es.length).toBeGreaterThan(5);
      }
      expect(rule.source.length).toBeGreaterThan(5);
    }
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it('refuses a result of another instrument', () => {
    expect(() => evaluateRules('pcs', score('dn4', Array(10).fill(1)))).toThrow(ClinicalInputError);
  });
});
