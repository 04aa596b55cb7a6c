// Candidate prerisk-2026.11.4 (tuned on blind batch 4) against the current 2026.11.3.
// Batch 4 is tuning evidence for 11.4, not promotion evidence (libs/safety/PROMOTION.md);
// these tests only guard the tuning invariants: 11.4 catches everything 11.3 catches and
// raises no new false alarm on the dev set, the extra cases and blind batches 2-4.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CURRENT_RULES_VERSION, RULESETS } from '../rules/ruleset';
import { comparePreRisk, parsePreRiskCases, PROMOTION_THRESHOLDS, type PreRiskCase } from './evaluate';
import { EXTRA_CASES } from './extra-cases';
import { EXTRA_CASES_2 } from './extra-cases-2';
import { EXTRA_CASES_3 } from './extra-cases-3';
import { EXTRA_CASES_4 } from './extra-cases-4';
import { createPreRiskGate } from './gate';

const CURRENT = 'prerisk-2026.11.3';
const CANDIDATE = 'prerisk-2026.11.4';

const REPO_ROOT = resolve(__dirname, '../../../..');
const DEV_SET = resolve(REPO_ROOT, '../shared/eval/prerisk.dev.jsonl');
const loadBlind = (n: 2 | 3 | 4) => parsePreRiskCases(readFileSync(resolve(__dirname, `blind-cases.${n}.jsonl`), 'utf8'));

const SETS: [string, readonly PreRiskCase[]][] = [
  ['extra cases', [...EXTRA_CASES, ...EXTRA_CASES_2, ...EXTRA_CASES_3, ...EXTRA_CASES_4]],
  ['blind batch 2', loadBlind(2)],
  ['blind batch 3', loadBlind(3)],
  ['blind batch 4', loadBlind(4)],
];
if (existsSync(DEV_SET)) SETS.unshift(['dev set', parsePreRiskCases(readFileSync(DEV_SET, 'utf8'))]);

const current = createPreRiskGate({ version: CURRENT });
const candidate = createPreRiskGate({ version: CANDIDATE });

describe('prerisk-2026.11.4 candidate', () => {
  test('is registered, and current only after the unseen batch-5 comparison (PROMOTION.md)', () => {
    expect(RULESETS[CANDIDATE]?.version).toBe(CANDIDATE);
    expect(candidate.version).toBe(CANDIDATE);
    // Promoted on batch 5, superseded by 2026.12.1 on batch 7 (PROMOTION.md).
    expect(CURRENT_RULES_VERSION).not.toBe(CURRENT);
  });

  describe.each(SETS)('%s', (_name, cases) => {
    const cmp = comparePreRisk(cases, current, candidate);

    test('11.4 catches everything 11.3 catches', () => {
      expect(cmp.newly_missed).toEqual([]);
      expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(cmp.a.escalate_recall);
    });

    test('11.4 raises no new false alarm', () => {
      expect(cmp.new_false_alarms).toEqual([]);
      expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(cmp.a.false_escalation_rate);
    });

    test('no family loses recall', () => {
      for (const [family, d] of Object.entries(cmp.per_family_delta)) expect([family, d >= 0]).toEqual([family, true]);
    });
  });

  test('dev set and extra cases stay at the promotion thresholds', () => {
    for (const [name, cases] of SETS.filter(([n]) => n === 'dev set' || n === 'extra cases')) {
      const r = comparePreRisk(cases, current, candidate).b;
      expect([name, r.escalate_recall >= PROMOTION_THRESHOLDS.minEscalateRecall]).toEqual([name, true]);
      expect([name, r.false_escalation_rate <= PROMOTION_THRESHOLDS.maxFalseEscalationRate]).toEqual([name, true]);
    }
  });

  test('blind batch 4 (tuning evidence): recall improved and >= 0.95 after tuning', () => {
    const cmp = comparePreRisk(loadBlind(4), current, candidate);
    expect(cmp.b.escalate_recall).toBeGreaterThan(cmp.a.escalate_recall);
    expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(0.95);
    expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
  });
});
