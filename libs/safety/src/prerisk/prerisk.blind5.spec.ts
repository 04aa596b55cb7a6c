// Blind batch 5: 150 cases written without looking at the rules, the prerisk sources or
// earlier blind/extra case files. Evidence for the 2026.11.3 -> 2026.11.4 promotion
// decision only: it asserts the measured comparison invariant, never absolute thresholds,
// and must not be used to tune rules (see libs/safety/PROMOTION.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePreRisk, createPreRiskGate, parsePreRiskCases } from '../index';

const CASES_FILE = join(__dirname, 'blind-cases.5.jsonl');

describe('prerisk blind batch 5 (2026.11.4 vs 2026.11.3)', () => {
  const cases = parsePreRiskCases(readFileSync(CASES_FILE, 'utf8'));
  const cmp = comparePreRisk(
    cases,
    createPreRiskGate({ version: 'prerisk-2026.11.3' }),
    createPreRiskGate({ version: 'prerisk-2026.11.4' }),
  );

  test('batch shape: 150 cases, both labels present', () => {
    expect(cases).toHaveLength(150);
    expect(cases.some((c) => c.expected === 'ESCALATE')).toBe(true);
    expect(cases.some((c) => c.expected === 'PASS')).toBe(true);
  });

  test('both reports are for the requested versions', () => {
    expect(cmp.a.rules_version).toBe('prerisk-2026.11.3');
    expect(cmp.b.rules_version).toBe('prerisk-2026.11.4');
  });

  test("11.3 recall on batch 5 is at least 11.1's", () => {
    expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(cmp.a.escalate_recall);
  });

  test("11.3 false-escalation rate on batch 5 is within 11.1's + 0.02", () => {
    expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(cmp.a.false_escalation_rate + 0.02);
  });
});
