// Our own cases (not the shared dev set): every family, typos, mixed language and each
// hard-negative kind. Each case is its own test so a regression names the phrasing.
import { FAMILIES } from '../types';
import { EXTRA_CASES } from './extra-cases';
import { EXTRA_CASES_2 } from './extra-cases-2';
import { EXTRA_CASES_3 } from './extra-cases-3';
import { EXTRA_CASES_4 } from './extra-cases-4';
import { evaluatePreRisk, PROMOTION_THRESHOLDS } from './evaluate';
import { defaultPreRiskGate } from './gate';

const ALL = [...EXTRA_CASES, ...EXTRA_CASES_2, ...EXTRA_CASES_3, ...EXTRA_CASES_4];
const gate = defaultPreRiskGate();

describe('extra pre-risk cases', () => {
  test('there are at least 80 of them, covering every family and hard-negative kind', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(80);
    expect(new Set(ALL.map((c) => c.id)).size).toBe(ALL.length);
    const cats = new Set(ALL.map((c) => c.category));
    for (const f of FAMILIES) expect(cats).toContain(f);
    for (const k of ['negated', 'historical', 'knowledge', 'mild', 'none']) expect(cats).toContain(k);
  });

  test.each(ALL.map((c) => [c.id, c.expected, c.text] as const))('%s expects %s: %s', (_id, expected, text) => {
    expect(gate.evaluate(text).decision).toBe(expected);
  });

  test('meet the promotion thresholds', () => {
    const report = evaluatePreRisk(ALL, gate);
    expect(report.escalate_recall).toBeGreaterThanOrEqual(PROMOTION_THRESHOLDS.minEscalateRecall);
    expect(report.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
  });
});
