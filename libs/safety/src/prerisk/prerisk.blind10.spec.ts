// Blind batch 10 (180 cases): written from LABELING.md alone, outside the repository, after
// 2026.12.3 was frozen and adopted; never used to tune anything. The release check of
// PROMOTION.md ("Release check: blind batch 10"): the current version meets both thresholds
// on it, and on batches 9 + 10 pooled. Asserts the measured figures as floors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_RULES_VERSION, PROMOTION_THRESHOLDS, createPreRiskGate, evaluatePreRisk, parsePreRiskCases } from '../index';

const load = (n: number) => parsePreRiskCases(readFileSync(join(__dirname, `blind-cases.${n}.jsonl`), 'utf8'));
const gate = createPreRiskGate({ version: 'prerisk-2026.12.3' });

describe('prerisk blind batch 10: release check of 2026.12.3', () => {
  test('2026.12.3 is the current version', () => {
    expect(CURRENT_RULES_VERSION).toBe('prerisk-2026.12.3');
  });

  test('meets recall >= 0.97 and FER <= 0.07 on batch 10', () => {
    const r = evaluatePreRisk(load(10), gate);
    expect(r.n).toBe(180);
    expect(r.escalate_recall).toBeGreaterThanOrEqual(PROMOTION_THRESHOLDS.minEscalateRecall);
    expect(r.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
  });

  test('meets both thresholds on batches 9 + 10 pooled (360 unseen cases)', () => {
    const r = evaluatePreRisk([...load(9), ...load(10)], gate);
    expect(r.escalate_recall).toBeGreaterThanOrEqual(PROMOTION_THRESHOLDS.minEscalateRecall);
    expect(r.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
  });
});
