import { describe, expect, it } from 'vitest';
import { score } from './score';
import { filled, summingTo } from './test/helpers';
import { INSTRUMENT_IDS, type Answers, type Flag, type InstrumentId } from './types';

/**
 * Worked examples for every instrument, computed BY HAND from the published scoring rules
 * (project reference §2 and the sources each definition cites), never from a run of score().
 * Each example carries its arithmetic in `why`; a disagreement with the code must be reported,
 * never "fixed" by copying the code's answer into the table.
 */
interface Example {
  /** What the example shows and the expected result, as the test's name. */
  name: string;
  /** Answers in published item order; `null` = unanswered. */
  items: Answers;
  /** The hand arithmetic from the published rule. */
  why: string;
  /** `null` when the missing-data rule says there is no total (not scorable). */
  total: number | null;
  /** Band id of the total; `null` when unscorable or the instrument publishes no bands. */
  band: string | null;
  flags: Flag[];
  subscales?: Record<string, number | null>;
  /** Per-subscale band ids (ESAS-r per-symptom severity). */
  subscaleBands?: Record<string, string | null>;
  missingItems?: number[];
}

const NAMES: Record<InstrumentId, string> = {
  bpi: 'BPI-SF',
  peg: 'PEG',
  pcs: 'PCS',
  tsk17: 'TSK-17',
  odi: 'ODI',
  phq9: 'PHQ-9',
  gad7: 'GAD-7',
  csi: 'CSI',
  startback: 'STarT Back',
  dn4: 'DN4',
  esasr: 'ESAS-r',
  stopbang: 'STOP-Bang',
  ipss: 'IPSS',
};

const EXAMPLES: Record<InstrumentId, Example[]> = {
  // BPI-SF (ePPOC/AHSRI guide): severity = mean of items 1–4 (all four needed), the total;
  // interference = mean of the answered items 5–11 when ≥4 of 7 are answered; bands on severity
  // 0–4 mild, 5–6 moderate, 7–10 severe. Means to two decimals.
  bpi: [
    {
      name: 'typical: severity 20/4 = 5 (moderate), interference 36/7 = 5.14',
      items: [7, 2, 5, 6, 5, 6, 4, 7, 3, 6, 5],
      why: 'severity 7+2+5+6 = 20, /4 = 5 → 5–6 moderate; interference 5+6+4+7+3+6+5 = 36, /7 = 5.142… → 5.14',
      total: 5,
      band: 'moderate',
      flags: [],
      subscales: { severity: 5, interference: 5.14 },
      missingItems: [],
    },
    {
      name: 'severity 4 is the top of mild',
      items: [6, 2, 4, 4, 0, 0, 0, 0, 0, 0, 0],
      why: '6+2+4+4 = 16, /4 = 4 → 0–4 mild; interference 0/7 = 0',
      total: 4,
      band: 'mild',
      flags: [],
      subscales: { severity: 4, interference: 0 },
    },
    {
      name: 'severity 5 is the bottom of moderate',
      items: [6, 3, 5, 6, 1, 1, 1, 1, 1, 1, 1],
      why: '6+3+5+6 = 20, /4 = 5 → 5–6 moderate; interference 7/7 = 1',
      total: 5,
      band: 'moderate',
      flags: [],
      subscales: { severity: 5, interference: 1 },
    },
    {
      name: 'severity 6 is the top of moderate',
      items: [8, 4, 6, 6, 2, 2, 2, 2, 2, 2, 2],
      why: '8+4+6+6 = 24, /4 = 6 → 5–6 moderate; interference 14/7 = 2',
      total: 6,
      band: 'moderate',
      flags: [],
      subscales: { severity: 6, interference: 2 },
    },
    {
      name: 'severity 7 is the bottom of severe',
      items: [9, 5, 7, 7, 10, 10, 10, 10, 10, 10, 10],
      why: '9+5+7+7 = 28, /4 = 7 → 7–10 severe; interference 70/7 = 10',
      total: 7,
      band: 'severe',
      flags: [],
      subscales: { severity: 7, interference: 10 },
    },
    {
      name: 'interference with exactly 4 of 7 answered is the mean of those 4 (3.75)',
      items: [5, 5, 5, 5, 2, null, 4, null, 6, null, 3],
      why: 'severity 20/4 = 5 moderate; interference answered 2,4,6,3 (4 of 7 ≥ 4) = 15, /4 = 3.75',
      total: 5,
      band: 'moderate',
      flags: [],
      subscales: { severity: 5, interference: 3.75 },
      missingItems: [6, 8, 10],
    },
    {
      name: 'interference with only 3 of 7 answered is not scored and flagged; severity still 2',
      items: [3, 1, 2, 2, 4, null, null, 5, null, 6, null],
      why: 'severity 3+1+2+2 = 8, /4 = 2 mild; interference 3 of 7 answered < 4 → no interference score',
      total: 2,
      band: 'mild',
      flags: [{ id: 'bpi-interference-unscorable' }],
      subscales: { severity: 2, interference: null },
      missingItems: [6, 7, 9, 11],
    },
    {
      name: 'an intensity item missing: severity not scorable, interference still 28/7 = 4',
      items: [7, null, 5, 6, 1, 2, 3, 4, 5, 6, 7],
      why: 'severity needs all 4 intensity items (no proration) → no total; interference 1+…+7 = 28, /7 = 4',
      total: null,
      band: null,
      flags: [],
      subscales: { severity: null, interference: 4 },
      missingItems: [2],
    },
  ],

  // PEG (Krebs 2009): mean of the 3 items (0–10), all three needed; no published bands.
  peg: [
    {
      name: 'typical: (6+5+7)/3 = 6',
      items: [6, 5, 7],
      why: '6+5+7 = 18, /3 = 6; Krebs published no bands → band null',
      total: 6,
      band: null,
      flags: [],
    },
    {
      name: '(5+4+4)/3 = 4.33 (two decimals, rounded down)',
      items: [5, 4, 4],
      why: '13/3 = 4.333… → 4.33',
      total: 4.33,
      band: null,
      flags: [],
    },
    {
      name: '(7+7+6)/3 = 6.67 (two decimals, rounded up)',
      items: [7, 7, 6],
      why: '20/3 = 6.666… → 6.67',
      total: 6.67,
      band: null,
      flags: [],
    },
    {
      name: 'floor: all 0 → 0',
      items: [0, 0, 0],
      why: '0/3 = 0',
      total: 0,
      band: null,
      flags: [],
    },
    {
      name: 'ceiling: all 10 → 10',
      items: [10, 10, 10],
      why: '30/3 = 10',
      total: 10,
      band: null,
      flags: [],
    },
    {
      name: 'enjoyment item missing: not scorable (no proration published)',
      items: [6, null, 5],
      why: 'all three items are needed → no score',
      total: null,
      band: null,
      flags: [],
      missingItems: [2],
    },
  ],

  // PCS (Sullivan 1995; manual 2009): 13 items 0–4, total 0–52; rumination 8–11, magnification
  // 6, 7, 13, helplessness 1–5, 12. The definition uses the manual's "total of 30 is clinically
  // relevant", i.e. ≥30 (the project reference writes ">30"; 31 is flagged under both readings).
  pcs: [
    {
      name: 'typical: 26, below the clinical threshold (R 10, M 6, H 10)',
      items: [2, 1, 3, 2, 1, 3, 1, 2, 3, 2, 3, 1, 2],
      why: 'R q8–11 2+3+2+3 = 10; M q6,7,13 3+1+2 = 6; H q1–5,12 2+1+3+2+1+1 = 10; 10+6+10 = 26 < 30',
      total: 26,
      band: 'below-clinical',
      flags: [],
      subscales: { rumination: 10, magnification: 6, helplessness: 10 },
    },
    {
      name: '29: one below the threshold, not flagged',
      items: [1, 1, 1, 1, 0, 3, 3, 4, 4, 4, 4, 0, 3],
      why: 'R 4×4 = 16; M 3+3+3 = 9; H 1+1+1+1+0+0 = 4; 16+9+4 = 29 < 30',
      total: 29,
      band: 'below-clinical',
      flags: [],
      subscales: { rumination: 16, magnification: 9, helplessness: 4 },
    },
    {
      name: '30: at the manual’s threshold, clinically relevant and flagged',
      items: [1, 1, 1, 1, 1, 3, 3, 4, 4, 4, 4, 0, 3],
      why: 'as 29 with q5 = 1: H 5; 16+9+5 = 30 ≥ 30 (manual: a total of 30 is clinically relevant)',
      total: 30,
      band: 'clinically-relevant',
      flags: [{ id: 'pcs-clinically-relevant' }],
      subscales: { rumination: 16, magnification: 9, helplessness: 5 },
    },
    {
      name: '31: helplessness-dominated, flagged (>30 under either reading)',
      items: [4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 4, 1],
      why: 'H q1–5,12 6×4 = 24; M q6,7,13 1+1+1 = 3; R q8–11 4×1 = 4; 24+3+4 = 31',
      total: 31,
      band: 'clinically-relevant',
      flags: [{ id: 'pcs-clinically-relevant' }],
      subscales: { rumination: 4, magnification: 3, helplessness: 24 },
    },
    {
      name: 'ceiling: all 4 → 52 (R 16, M 12, H 24)',
      items: filled(13, 4),
      why: '13×4 = 52; R 4×4 = 16, M 3×4 = 12, H 6×4 = 24',
      total: 52,
      band: 'clinically-relevant',
      flags: [{ id: 'pcs-clinically-relevant' }],
      subscales: { rumination: 16, magnification: 12, helplessness: 24 },
    },
    {
      name: 'floor: all 0 → 0',
      items: filled(13, 0),
      why: '13×0 = 0',
      total: 0,
      band: 'below-clinical',
      flags: [],
      subscales: { rumination: 0, magnification: 0, helplessness: 0 },
    },
    {
      name: 'item 10 missing: no total, no rumination; magnification 6 and helplessness 10 still scored',
      items: [2, 1, 3, 2, 1, 3, 1, 2, 3, null, 3, 1, 2],
      why: 'no proration: total and R (q8–11) need all their items; M 3+1+2 = 6; H 2+1+3+2+1+1 = 10',
      total: null,
      band: null,
      flags: [],
      subscales: { rumination: null, magnification: 6, helplessness: 10 },
      missingItems: [10],
    },
  ],

  // TSK-17 (Vlaeyen 1995): 17 items 1–4; reverse items 4, 8, 12, 16 (5 − x); total 17–68;
  // >37 = high kinesiophobia.
  tsk17: [
    {
      name: 'typical mixed answers: 32 + 11 reversed = 43, high',
      items: [3, 2, 3, 2, 3, 2, 2, 3, 3, 2, 2, 3, 3, 2, 2, 1, 3],
      why: 'forward 1,2,3,5,6,7,9,10,11,13,14,15,17: 3+2+3+3+2+2+3+2+2+3+2+2+3 = 32; reversed 4:5−2=3, 8:5−3=2, 12:5−3=2, 16:5−1=4 → 11; 43 > 37',
      total: 43,
      band: 'high',
      flags: [{ id: 'tsk17-high-kinesiophobia' }],
    },
    {
      name: '37: all "disagree" but item 4 "agree" is not high',
      items: [2, 2, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
      why: 'forward 13×2 = 26; reversed 4: 5−3 = 2, 8/12/16: 5−2 = 3 each → 2+9 = 11; 37, not > 37',
      total: 37,
      band: 'not-high',
      flags: [],
    },
    {
      name: '38: all "disagree" is high once items 4, 8, 12, 16 are reversed',
      items: filled(17, 2),
      why: 'forward 13×2 = 26; reversed 4×(5−2) = 12; 38 > 37 (unreversed it would be 34)',
      total: 38,
      band: 'high',
      flags: [{ id: 'tsk17-high-kinesiophobia' }],
    },
    {
      name: 'all "strongly disagree" → 29 (reversed items score 4)',
      items: filled(17, 1),
      why: 'forward 13×1 = 13; reversed 4×(5−1) = 16; 29',
      total: 29,
      band: 'not-high',
      flags: [],
    },
    {
      name: 'floor 17: forward items 1, reversed items 4',
      items: [1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 4, 1],
      why: 'forward 13×1 = 13; reversed 4×(5−4) = 4; 17',
      total: 17,
      band: 'not-high',
      flags: [],
    },
    {
      name: 'ceiling 68: forward items 4, reversed items 1',
      items: [4, 4, 4, 1, 4, 4, 4, 1, 4, 4, 4, 1, 4, 4, 4, 1, 4],
      why: 'forward 13×4 = 52; reversed 4×(5−1) = 16; 68',
      total: 68,
      band: 'high',
      flags: [{ id: 'tsk17-high-kinesiophobia' }],
    },
    {
      name: 'item 16 missing: not scorable, not flagged',
      items: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, null, 3],
      why: 'all 17 items needed (no proration published) → no total, so no >37 flag',
      total: null,
      band: null,
      flags: [],
      missingItems: [16],
    },
  ],

  // ODI (Fairbank & Pynsent 2000): 10 sections 0–5; % = sum / (5 × answered) × 100 (one decimal
  // per the definition); one missing section allowed (/45), two or more → not scored; bands 0–20
  // minimal, 21–40 moderate, 41–60 severe, 61–80 crippled, 81–100 bed-bound.
  odi: [
    {
      name: 'typical: 23 of 50 → 46 %, severe',
      items: [3, 2, 3, 2, 3, 2, 2, 1, 3, 2],
      why: '3+2+3+2+3+2+2+1+3+2 = 23; 23/50×100 = 46 → 41–60 severe',
      total: 46,
      band: 'severe',
      flags: [],
      missingItems: [],
    },
    {
      name: '10 of 50 → 20 %, top of minimal',
      items: filled(10, 1),
      why: '10×1 = 10; 10/50×100 = 20 → 0–20 minimal',
      total: 20,
      band: 'minimal',
      flags: [],
    },
    {
      name: '11 of 50 → 22 %, moderate',
      items: [2, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      why: '2+9×1 = 11; 11/50×100 = 22 → 21–40 moderate',
      total: 22,
      band: 'moderate',
      flags: [],
    },
    {
      name: '40 of 50 → 80 %, top of crippled',
      items: filled(10, 4),
      why: '10×4 = 40; 40/50×100 = 80 → 61–80 crippled',
      total: 80,
      band: 'crippled',
      flags: [],
    },
    {
      name: '41 of 50 → 82 %, bed-bound or exaggerating',
      items: [5, 4, 4, 4, 4, 4, 4, 4, 4, 4],
      why: '5+9×4 = 41; 41/50×100 = 82 → 81–100 bed-bound',
      total: 82,
      band: 'bed-bound',
      flags: [],
    },
    {
      name: 'one section unanswered, scored out of 45: 18/45 → 40 %, top of moderate',
      items: [2, 2, 2, 2, 2, 2, 2, null, 2, 2],
      why: '9 sections answered, 9×2 = 18; 18/(5×9)×100 = 40 → 21–40 moderate; one missing allowed',
      total: 40,
      band: 'moderate',
      flags: [{ id: 'odi-one-section-missing' }],
      missingItems: [8],
    },
    {
      name: 'one section unanswered: 19/45 → 42.2 %, severe',
      items: [3, 2, 2, 2, 2, 2, 2, null, 2, 2],
      why: '3+8×2 = 19; 19/45×100 = 42.22… → 42.2 → 41–60 severe',
      total: 42.2,
      band: 'severe',
      flags: [{ id: 'odi-one-section-missing' }],
      missingItems: [8],
    },
    {
      name: 'one section unanswered: 17/45 → 37.8 % (one decimal), moderate',
      items: [2, 2, 2, 2, 2, 2, 2, 2, 1, null],
      why: '8×2+1 = 17; 17/45×100 = 37.77… → 37.8 → moderate',
      total: 37.8,
      band: 'moderate',
      flags: [{ id: 'odi-one-section-missing' }],
      missingItems: [10],
    },
    {
      name: 'two sections unanswered: not scored',
      items: [2, 2, 2, 2, 2, 2, 2, null, 2, null],
      why: '2 missing sections > 1 allowed → no score',
      total: null,
      band: null,
      flags: [],
      missingItems: [8, 10],
    },
  ],

  // PHQ-9 (Kroenke 2001): 9 items 0–3, total 0–27; 0–4 minimal, 5–9 mild, 10–14 moderate,
  // 15–19 moderately severe, 20–27 severe; item 9 > 0 must raise the self-harm flag (also when
  // the total cannot be scored); an unanswered item 9 is flagged (definition).
  phq9: [
    {
      name: 'typical: 10, moderate, item 9 = 0 not flagged',
      items: [2, 2, 1, 2, 1, 1, 1, 0, 0],
      why: '2+2+1+2+1+1+1+0+0 = 10 → 10–14 moderate; item 9 = 0',
      total: 10,
      band: 'moderate',
      flags: [],
    },
    {
      name: '4: top of minimal',
      items: [1, 1, 1, 1, 0, 0, 0, 0, 0],
      why: '4×1 = 4 → 0–4 minimal',
      total: 4,
      band: 'minimal',
      flags: [],
    },
    {
      name: '5: bottom of mild',
      items: [1, 1, 1, 1, 1, 0, 0, 0, 0],
      why: '5×1 = 5 → 5–9 mild',
      total: 5,
      band: 'mild',
      flags: [],
    },
    {
      name: '9 with item 9 "several days": mild but self-harm flagged',
      items: [1, 1, 1, 1, 1, 1, 1, 1, 1],
      why: '9×1 = 9 → 5–9 mild; item 9 = 1 > 0 → self-harm flag on item 9',
      total: 9,
      band: 'mild',
      flags: [{ id: 'phq9-self-harm', item: 9 }],
    },
    {
      name: '14: top of moderate',
      items: [2, 2, 2, 2, 2, 2, 1, 1, 0],
      why: '6×2+1+1+0 = 14 → 10–14 moderate',
      total: 14,
      band: 'moderate',
      flags: [],
    },
    {
      name: '15: bottom of moderately severe',
      items: [2, 2, 2, 2, 2, 2, 2, 1, 0],
      why: '7×2+1+0 = 15 → 15–19 moderately severe',
      total: 15,
      band: 'moderately-severe',
      flags: [],
    },
    {
      name: '19: top of moderately severe',
      items: [3, 3, 3, 3, 3, 2, 1, 1, 0],
      why: '5×3+2+1+1+0 = 19 → 15–19 moderately severe',
      total: 19,
      band: 'moderately-severe',
      flags: [],
    },
    {
      name: '20: severe, yet item 9 = 0 raises no flag',
      items: [3, 3, 3, 3, 3, 2, 2, 1, 0],
      why: '5×3+2+2+1+0 = 20 → 20–27 severe; item 9 = 0 → no self-harm flag',
      total: 20,
      band: 'severe',
      flags: [],
    },
    {
      name: 'item 3 missing with item 9 = 2: not scorable, self-harm still flagged',
      items: [2, 2, null, 2, 2, 2, 2, 2, 2],
      why: 'all 9 needed for the total (no proration); item 9 = 2 > 0 → flag regardless',
      total: null,
      band: null,
      flags: [{ id: 'phq9-self-harm', item: 9 }],
      missingItems: [3],
    },
    {
      name: 'item 9 unanswered: not scorable, flagged as unanswered',
      items: [0, 0, 0, 0, 0, 0, 0, 0, null],
      why: 'item 9 missing → no total; an unanswered item 9 is flagged for follow-up',
      total: null,
      band: null,
      flags: [{ id: 'phq9-self-harm-unanswered', item: 9 }],
      missingItems: [9],
    },
  ],

  // GAD-7 (Spitzer 2006): 7 items 0–3, total 0–21; 5 / 10 / 15 = mild / moderate / severe;
  // ≥10 = further evaluation. All items needed.
  gad7: [
    {
      name: 'typical: 7, mild',
      items: [1, 2, 1, 1, 0, 1, 1],
      why: '1+2+1+1+0+1+1 = 7 → 5–9 mild; < 10',
      total: 7,
      band: 'mild',
      flags: [],
    },
    {
      name: '4: top of minimal',
      items: [1, 1, 1, 1, 0, 0, 0],
      why: '4×1 = 4 → 0–4 minimal',
      total: 4,
      band: 'minimal',
      flags: [],
    },
    {
      name: '5: bottom of mild',
      items: [1, 1, 1, 1, 1, 0, 0],
      why: '5×1 = 5 → 5–9 mild',
      total: 5,
      band: 'mild',
      flags: [],
    },
    {
      name: '9: mild, no further-evaluation flag',
      items: [2, 2, 1, 1, 1, 1, 1],
      why: '2+2+5×1 = 9 → mild; 9 < 10',
      total: 9,
      band: 'mild',
      flags: [],
    },
    {
      name: '10: moderate and flagged for further evaluation',
      items: [2, 2, 2, 1, 1, 1, 1],
      why: '3×2+4×1 = 10 → 10–14 moderate; ≥ 10 → flag',
      total: 10,
      band: 'moderate',
      flags: [{ id: 'gad7-further-evaluation' }],
    },
    {
      name: '14: top of moderate',
      items: filled(7, 2),
      why: '7×2 = 14 → moderate; ≥ 10 → flag',
      total: 14,
      band: 'moderate',
      flags: [{ id: 'gad7-further-evaluation' }],
    },
    {
      name: '15: bottom of severe',
      items: [3, 2, 2, 2, 2, 2, 2],
      why: '3+6×2 = 15 → 15–21 severe; flag',
      total: 15,
      band: 'severe',
      flags: [{ id: 'gad7-further-evaluation' }],
    },
    {
      name: 'item 5 missing: not scorable and not flagged although the answered items sum to 18',
      items: [3, 3, 3, 3, null, 3, 3],
      why: 'all 7 needed (no proration) → no total, so no ≥10 flag',
      total: null,
      band: null,
      flags: [],
      missingItems: [5],
    },
  ],

  // CSI Part A (Mayer 2012; Neblett 2013, 2017): 25 items 0–4, total 0–100; ≥40 suggests central
  // sensitivity; bands 0–29 subclinical, 30–39 mild, 40–49 moderate, 50–59 severe, 60–100 extreme.
  csi: [
    {
      name: 'typical: 26, subclinical',
      items: [2, 2, 1, 1, 0, 1, 1, 2, 2, 2, 0, 2, 1, 0, 2, 1, 2, 2, 0, 0, 1, 0, 1, 0, 0],
      why: 'items 1–5: 6; 6–10: 8; 11–15: 5; 16–20: 5; 21–25: 2 → 26 → 0–29 subclinical',
      total: 26,
      band: 'subclinical',
      flags: [],
    },
    {
      name: '29: top of subclinical',
      items: summingTo(25, 4, 29),
      why: '7×4 + 1 + 17×0 = 29',
      total: 29,
      band: 'subclinical',
      flags: [],
    },
    {
      name: '30: bottom of mild',
      items: summingTo(25, 4, 30),
      why: '7×4 + 2 + 17×0 = 30 → 30–39 mild',
      total: 30,
      band: 'mild',
      flags: [],
    },
    {
      name: '39: mild, below the central-sensitivity cutoff',
      items: summingTo(25, 4, 39),
      why: '9×4 + 3 + 15×0 = 39 → mild; 39 < 40',
      total: 39,
      band: 'mild',
      flags: [],
    },
    {
      name: '40: moderate and flagged for central sensitivity',
      items: filled(25, 0).map((_, i) => (i < 20 ? 2 : 0)),
      why: '20×2 + 5×0 = 40 → 40–49 moderate; ≥ 40 → flag',
      total: 40,
      band: 'moderate',
      flags: [{ id: 'csi-central-sensitivity' }],
    },
    {
      name: '50: bottom of severe',
      items: filled(25, 2),
      why: '25×2 = 50 → 50–59 severe; flag',
      total: 50,
      band: 'severe',
      flags: [{ id: 'csi-central-sensitivity' }],
    },
    {
      name: '60: bottom of extreme',
      items: summingTo(25, 4, 60),
      why: '15×4 + 10×0 = 60 → 60–100 extreme; flag',
      total: 60,
      band: 'extreme',
      flags: [{ id: 'csi-central-sensitivity' }],
    },
    {
      name: 'item 25 missing: not scorable and not flagged although 24 answers sum to 96',
      items: [...filled(24, 4), null],
      why: 'all 25 needed (no proration published) → no total, so no ≥40 flag',
      total: null,
      band: null,
      flags: [],
      missingItems: [25],
    },
  ],

  // STarT Back (Hill 2008; Keele): items 1–8 agree = 1; item 9 (0–4) scores 1 only for "very
  // much" (3) or "extremely" (4); psychosocial = items 5–9. Total ≤3 low; total ≥4 with
  // psychosocial ≤3 medium; psychosocial ≥4 high. No flags.
  startback: [
    {
      name: 'typical: total 4, psychosocial 1 → medium ("moderately" bothersome scores 0)',
      items: [1, 1, 1, 0, 1, 0, 0, 0, 2],
      why: 'items 1–8: 1+1+1+0+1+0+0+0 = 4; item 9 = 2 → 0; total 4; psychosocial 5–9: 1+0+0+0+0 = 1 ≤ 3 → medium',
      total: 4,
      band: 'medium',
      flags: [],
      subscales: { psychosocial: 1 },
    },
    {
      name: 'total 3 → low ("slightly" bothersome scores 0)',
      items: [1, 1, 0, 0, 0, 0, 0, 1, 1],
      why: '1+1+0+0+0+0+0+1 = 3, item 9 = 1 → 0; total 3 ≤ 3 → low; psychosocial 0+0+0+1+0 = 1',
      total: 3,
      band: 'low',
      flags: [],
      subscales: { psychosocial: 1 },
    },
    {
      name: 'same answers but item 9 "very much": total 4 → medium',
      items: [1, 1, 0, 0, 0, 0, 0, 1, 3],
      why: 'item 9 = 3 → 1; total 3+1 = 4 ≥ 4; psychosocial 0+0+0+1+1 = 2 ≤ 3 → medium',
      total: 4,
      band: 'medium',
      flags: [],
      subscales: { psychosocial: 2 },
    },
    {
      name: 'total 3 with psychosocial 3 is still low',
      items: [0, 0, 0, 0, 1, 1, 1, 0, 0],
      why: 'total 1+1+1 = 3 ≤ 3 → low, whatever the subscale (3)',
      total: 3,
      band: 'low',
      flags: [],
      subscales: { psychosocial: 3 },
    },
    {
      name: 'total 7 with psychosocial 3 → medium (below the high edge)',
      items: [1, 1, 1, 1, 1, 1, 1, 0, 0],
      why: 'total 7×1 = 7; psychosocial 1+1+1+0+0 = 3 ≤ 3 → medium',
      total: 7,
      band: 'medium',
      flags: [],
      subscales: { psychosocial: 3 },
    },
    {
      name: 'total 4 with psychosocial 4 → high (item 9 "extremely")',
      items: [0, 0, 0, 0, 1, 1, 0, 1, 4],
      why: 'items 5,6,8 = 3, item 9 = 4 → 1; total 4; psychosocial 1+1+0+1+1 = 4 ≥ 4 → high',
      total: 4,
      band: 'high',
      flags: [],
      subscales: { psychosocial: 4 },
    },
    {
      name: 'all positive: total 9, psychosocial 5 → high',
      items: [1, 1, 1, 1, 1, 1, 1, 1, 4],
      why: '8×1 + 1 = 9; psychosocial 4×1 + 1 = 5 → high',
      total: 9,
      band: 'high',
      flags: [],
      subscales: { psychosocial: 5 },
    },
    {
      name: 'item 2 missing: not scorable; the complete psychosocial subscale is still 3',
      items: [1, null, 1, 1, 1, 1, 0, 0, 4],
      why: 'all 9 needed for total and risk group; psychosocial items 5–9 all answered: 1+1+0+0+1 = 3',
      total: null,
      band: null,
      flags: [],
      subscales: { psychosocial: 3 },
      missingItems: [2],
    },
  ],

  // DN4 (Bouhassira 2005): 10 yes/no items (1–7 interview, 8–10 examination); total = yes count;
  // ≥4/10 suggests neuropathic pain. All 10 needed (an unexamined item is not a "no").
  dn4: [
    {
      name: 'typical: 6 of 10 (interview 4, examination 2) → likely neuropathic',
      items: [1, 1, 0, 1, 1, 0, 0, 1, 1, 0],
      why: 'interview 1+1+0+1+1+0+0 = 4; examination 1+1+0 = 2; 6 ≥ 4',
      total: 6,
      band: 'likely',
      flags: [{ id: 'dn4-neuropathic' }],
      subscales: { interview: 4, examination: 2 },
    },
    {
      name: '3 of 10: below the cutoff',
      items: [1, 0, 1, 0, 0, 0, 0, 1, 0, 0],
      why: 'interview 2, examination 1; 3 < 4 → unlikely',
      total: 3,
      band: 'unlikely',
      flags: [],
      subscales: { interview: 2, examination: 1 },
    },
    {
      name: '4 of 10: at the cutoff, flagged',
      items: [1, 0, 1, 1, 0, 0, 0, 1, 0, 0],
      why: 'interview 3, examination 1; 4 ≥ 4 → likely',
      total: 4,
      band: 'likely',
      flags: [{ id: 'dn4-neuropathic' }],
      subscales: { interview: 3, examination: 1 },
    },
    {
      name: '4 from the interview alone, examination negative: flagged',
      items: [1, 1, 1, 1, 0, 0, 0, 0, 0, 0],
      why: 'interview 4, examination 0; 4 ≥ 4',
      total: 4,
      band: 'likely',
      flags: [{ id: 'dn4-neuropathic' }],
      subscales: { interview: 4, examination: 0 },
    },
    {
      name: 'floor: all no → 0',
      items: filled(10, 0),
      why: 'no "yes" → 0',
      total: 0,
      band: 'unlikely',
      flags: [],
      subscales: { interview: 0, examination: 0 },
    },
    {
      name: 'ceiling: all yes → 10',
      items: filled(10, 1),
      why: 'interview 7, examination 3 → 10',
      total: 10,
      band: 'likely',
      flags: [{ id: 'dn4-neuropathic' }],
      subscales: { interview: 7, examination: 3 },
    },
    {
      name: 'hypoesthesia to touch not examined: not scorable',
      items: [1, 1, 0, 0, 0, 0, 0, null, 0, 0],
      why: 'all 10 needed (an unexamined item is not a "no") → no total, no flag',
      total: null,
      band: null,
      flags: [],
      missingItems: [8],
    },
  ],

  // ESAS-r (AHS manual 2019; Selby 2010): 9 symptoms 0–10 + optional "other problem"; per
  // symptom 0 none, 1–3 mild, 4–6 moderate, 7–10 severe (≥7 severe, flagged per item); total
  // symptom distress = sum of the 9 (needs all 9); no band on the total.
  esasr: [
    {
      name: 'typical: total 24, each symptom banded, none severe',
      items: [3, 5, 2, 0, 4, 1, 2, 3, 4],
      why: '3+5+2+0+4+1+2+3+4 = 24; 3 mild, 5 moderate, 2 mild, 0 none, 4 moderate, 1 mild, 2 mild, 3 mild, 4 moderate',
      total: 24,
      band: null,
      flags: [],
      subscales: { pain: 3, tiredness: 5, nausea: 0, other: null },
      subscaleBands: {
        pain: 'mild',
        tiredness: 'moderate',
        drowsiness: 'mild',
        nausea: 'none',
        appetite: 'moderate',
        breath: 'mild',
        depression: 'mild',
        anxiety: 'mild',
        wellbeing: 'moderate',
        other: null,
      },
      missingItems: [],
    },
    {
      name: 'band edges: 6 moderate, 3 mild, 4 moderate, 0 none, 1 mild; total 14',
      items: [6, 3, 4, 0, 1, 0, 0, 0, 0],
      why: '6+3+4+0+1 = 14; pain 6 (4–6), tiredness 3 (1–3), drowsiness 4 (4–6), nausea 0, appetite 1 (1–3); none ≥ 7',
      total: 14,
      band: null,
      flags: [],
      subscaleBands: {
        pain: 'moderate',
        tiredness: 'mild',
        drowsiness: 'moderate',
        nausea: 'none',
        appetite: 'mild',
      },
    },
    {
      name: 'pain 7 and wellbeing 10 are severe and flagged; total 31',
      items: [7, 2, 2, 2, 2, 2, 2, 2, 10],
      why: '7 + 7×2 + 10 = 31; pain 7 ≥ 7 and wellbeing 10 ≥ 7 → severe, flags on items 1 and 9',
      total: 31,
      band: null,
      flags: [
        { id: 'esasr-severe-symptom', item: 1 },
        { id: 'esasr-severe-symptom', item: 9 },
      ],
      subscaleBands: { pain: 'severe', tiredness: 'mild', wellbeing: 'severe' },
    },
    {
      name: 'optional "other problem" 8 is severe but not in the total (0)',
      items: [0, 0, 0, 0, 0, 0, 0, 0, 0, 8],
      why: 'total = sum of the 9 symptoms = 0; other 8 ≥ 7 → severe, flagged as item 10',
      total: 0,
      band: null,
      flags: [{ id: 'esasr-severe-symptom', item: 10 }],
      subscales: { other: 8 },
      subscaleBands: { pain: 'none', other: 'severe' },
    },
    {
      name: 'optional "other problem" left null: total 9, nothing missing',
      items: [1, 1, 1, 1, 1, 1, 1, 1, 1, null],
      why: '9×1 = 9; the tenth symptom is optional, so it is not a missing item',
      total: 9,
      band: null,
      flags: [],
      subscales: { other: null },
      subscaleBands: { wellbeing: 'mild', other: null },
      missingItems: [],
    },
    {
      name: 'tiredness missing: no total, but pain 8 is still banded severe and flagged',
      items: [8, null, 2, 2, 2, 2, 2, 2, 2],
      why: 'total needs all 9 → none; each symptom stands alone: pain 8 ≥ 7 severe → flag item 1; tiredness no band',
      total: null,
      band: null,
      flags: [{ id: 'esasr-severe-symptom', item: 1 }],
      subscales: { pain: 8, tiredness: null },
      subscaleBands: { pain: 'severe', tiredness: null, drowsiness: 'mild' },
      missingItems: [2],
    },
  ],

  // STOP-Bang (Chung 2008/2012/2016; project reference §2.9): 8 yes/no items, total 0–8;
  // 0–2 low, 3–4 intermediate, 5–8 high risk of moderate-to-severe OSA. STOP = items 1–4.
  // Chung 2016 (Chest), stepwise: a total of 3–4 is high when STOP ≥ 2 and BMI, neck or male is yes.
  stopbang: [
    {
      name: 'typical: 4 yes with STOP 3 and male → high (stepwise)',
      items: [1, 1, 0, 1, 0, 0, 0, 1],
      why: 'snoring, tired, pressure, gender = 1+1+0+1+0+0+0+1 = 4 → 3–4; STOP 1+1+0+1 = 3 ≥ 2 and male → high',
      total: 4,
      band: 'high',
      flags: [],
      subscales: { stop: 3 },
    },
    {
      name: '4 yes with STOP 3 but no BMI, neck or male → intermediate',
      items: [1, 1, 0, 1, 0, 1, 0, 0],
      why: 'snoring, tired, pressure, age = 4 → 3–4; STOP 3 but items 5, 7, 8 all no → intermediate',
      total: 4,
      band: 'intermediate',
      flags: [],
      subscales: { stop: 3 },
    },
    {
      name: '2 yes: top of low',
      items: [1, 0, 0, 0, 0, 0, 0, 1],
      why: 'snoring + male = 2 → 0–2 low; STOP 1',
      total: 2,
      band: 'low',
      flags: [],
      subscales: { stop: 1 },
    },
    {
      name: '3 yes: bottom of intermediate',
      items: [1, 0, 0, 0, 0, 1, 0, 1],
      why: 'snoring + age + male = 3 → 3–4 intermediate; STOP 1',
      total: 3,
      band: 'intermediate',
      flags: [],
      subscales: { stop: 1 },
    },
    {
      name: '5 yes: bottom of high',
      items: [1, 1, 1, 1, 1, 0, 0, 0],
      why: 'STOP 4 + BMI 1 = 5 → 5–8 high',
      total: 5,
      band: 'high',
      flags: [],
      subscales: { stop: 4 },
    },
    {
      name: 'floor: all no → 0, low',
      items: filled(8, 0),
      why: '0 → low',
      total: 0,
      band: 'low',
      flags: [],
      subscales: { stop: 0 },
    },
    {
      name: 'ceiling: all yes → 8, high',
      items: filled(8, 1),
      why: '8 → high; STOP 4',
      total: 8,
      band: 'high',
      flags: [],
      subscales: { stop: 4 },
    },
    {
      name: 'BMI item missing: not scorable',
      items: [1, 1, 1, 1, null, 1, 1, 1],
      why: 'all 8 needed → no total, no risk group',
      total: null,
      band: null,
      flags: [],
      missingItems: [5],
    },
  ],

  // IPSS (Barry 1992): symptom items 1–7 (0–5), total 0–35; 0–7 mild, 8–19 moderate, 20–35
  // severe; item 8 quality of life (0–6) optional, reported apart and not in the total.
  ipss: [
    {
      name: 'typical: 11, moderate, quality of life 3 reported apart',
      items: [1, 2, 0, 3, 2, 1, 2, 3],
      why: '1+2+0+3+2+1+2 = 11 → 8–19 moderate; item 8 = 3 not added',
      total: 11,
      band: 'moderate',
      flags: [],
      subscales: { qualityOfLife: 3 },
      missingItems: [],
    },
    {
      name: '7 with item 8 left out: top of mild',
      items: [1, 1, 1, 1, 1, 1, 1],
      why: '7×1 = 7 → 0–7 mild; item 8 optional, absent → QoL null, not missing',
      total: 7,
      band: 'mild',
      flags: [],
      subscales: { qualityOfLife: null },
      missingItems: [],
    },
    {
      name: '8 with item 8 null: bottom of moderate',
      items: [2, 1, 1, 1, 1, 1, 1, null],
      why: '2+6×1 = 8 → 8–19 moderate; item 8 null is allowed',
      total: 8,
      band: 'moderate',
      flags: [],
      subscales: { qualityOfLife: null },
      missingItems: [],
    },
    {
      name: '19: top of moderate',
      items: [3, 3, 3, 3, 3, 2, 2, 5],
      why: '5×3+2+2 = 19 → moderate; QoL 5 not added',
      total: 19,
      band: 'moderate',
      flags: [],
      subscales: { qualityOfLife: 5 },
    },
    {
      name: '20: bottom of severe (quality of life 6 not added, so not 26)',
      items: [3, 3, 3, 3, 3, 3, 2, 6],
      why: '6×3+2 = 20 → 20–35 severe; QoL 6 reported apart',
      total: 20,
      band: 'severe',
      flags: [],
      subscales: { qualityOfLife: 6 },
    },
    {
      name: 'ceiling: 35',
      items: [5, 5, 5, 5, 5, 5, 5, 0],
      why: '7×5 = 35 → severe; QoL 0 ("delighted")',
      total: 35,
      band: 'severe',
      flags: [],
      subscales: { qualityOfLife: 0 },
    },
    {
      name: 'urgency missing: not scorable; quality of life 2 still reported',
      items: [1, 1, 1, null, 1, 1, 1, 2],
      why: 'all seven symptom items needed → no total; item 8 = 2 stands alone',
      total: null,
      band: null,
      flags: [],
      subscales: { qualityOfLife: 2 },
      missingItems: [4],
    },
  ],
};

const CASES = INSTRUMENT_IDS.flatMap((id) =>
  EXAMPLES[id].map((example) => ({ id, label: `${NAMES[id]}: ${example.name}`, example })),
);

describe('worked examples from the published scoring rules', () => {
  it.each(INSTRUMENT_IDS)('%s has at least five worked examples', (id) => {
    expect(EXAMPLES[id].length).toBeGreaterThanOrEqual(5);
  });

  it.each(CASES.map((c) => [c.label, c] as const))('%s', (_label, { id, example }) => {
    const r = score(id, example.items);
    const why = `${NAMES[id]}: ${example.why}`;
    expect(r.scorable, why).toBe(example.total !== null);
    expect(r.total, why).toBe(example.total);
    expect(r.band?.id ?? null, why).toBe(example.band);
    expect(r.flags, why).toEqual(example.flags);
    for (const [key, value] of Object.entries(example.subscales ?? {}))
      expect(r.subscales[key], `${why} (subscale ${key})`).toBe(value);
    for (const [key, value] of Object.entries(example.subscaleBands ?? {}))
      expect(r.subscaleBands?.[key]?.id ?? null, `${why} (band of ${key})`).toBe(value);
    if (example.missingItems) expect(r.missingItems, why).toEqual(example.missingItems);
  });
});
