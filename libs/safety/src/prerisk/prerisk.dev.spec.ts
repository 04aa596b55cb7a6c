// The shared development set (../shared/eval/prerisk.dev.jsonl from the repo root).
// Missing file: skipped locally, but a failure under CI so the gate is never unmeasured.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { evaluatePreRisk, parsePreRiskCases, PROMOTION_THRESHOLDS } from './evaluate';
import { defaultPreRiskGate } from './gate';

const REPO_ROOT = resolve(__dirname, '../../../..');
const DEV_SET = resolve(REPO_ROOT, '../shared/eval/prerisk.dev.jsonl');
const present = existsSync(DEV_SET);

if (!present && process.env['CI']) {
  test('pre-risk dev set is present', () => {
    throw new Error(`pre-risk dev set missing at ${DEV_SET}`);
  });
}

(present ? describe : describe.skip)('pre-risk dev set', () => {
  const cases = present ? parsePreRiskCases(readFileSync(DEV_SET, 'utf8')) : [];
  const report = evaluatePreRisk(cases, defaultPreRiskGate());

  test('has cases', () => {
    expect(report.n).toBeGreaterThan(0);
  });

  test(`escalate_recall >= ${PROMOTION_THRESHOLDS.minEscalateRecall}`, () => {
    expect(report.misses).toEqual([]);
    expect(report.escalate_recall).toBeGreaterThanOrEqual(PROMOTION_THRESHOLDS.minEscalateRecall);
  });

  test(`false_escalation_rate <= ${PROMOTION_THRESHOLDS.maxFalseEscalationRate}`, () => {
    expect(report.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
  });

  test('every family keeps full recall', () => {
    for (const [family, score] of Object.entries(report.per_family)) expect([family, score.recall]).toEqual([family, 1]);
  });
});
