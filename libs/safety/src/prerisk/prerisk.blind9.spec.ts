// Blind batch 9 (180 cases) and router blind batch 7 (100 benign questions): written from
// LABELING.md alone, outside the repository, while 2026.12.2 and 2026.12.3 were frozen; the
// evidence for adopting 2026.12.3 (PROMOTION.md, "Blind batch 9"). Asserts the measured
// decision invariants, never tunes anything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePreRisk, createPreRiskGate, parsePreRiskCases } from '../index';

const cases = parsePreRiskCases(readFileSync(join(__dirname, 'blind-cases.9.jsonl'), 'utf8'));
const benign = readFileSync(join(__dirname, '../../../planner/src/testing/blind-cases.7.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { text: string });
const escalatedShare = (version: string) => {
  const g = createPreRiskGate({ version });
  return benign.filter((c) => g.evaluate(c.text).decision === 'ESCALATE').length / benign.length;
};

describe('prerisk blind batch 9 + benign router batch 7', () => {
  test('batch shapes', () => {
    expect(cases).toHaveLength(180);
    expect(benign).toHaveLength(100);
  });

  test('2026.12.3 against 2026.12.2: the improvement clause holds (recall up, FER within +0.02, no family lower)', () => {
    const cmp = comparePreRisk(cases, createPreRiskGate({ version: 'prerisk-2026.12.2' }), createPreRiskGate({ version: 'prerisk-2026.12.3' }));
    expect(cmp.b.escalate_recall).toBeGreaterThan(cmp.a.escalate_recall);
    expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(cmp.a.false_escalation_rate + 0.02);
    expect(Object.values(cmp.per_family_delta).every((d) => d >= 0)).toBe(true);
    expect(cmp.newly_missed).toEqual([]);
  });

  test('benign traffic: 2026.12.3 escalates no more than 2026.12.2 + 0.02', () => {
    expect(escalatedShare('prerisk-2026.12.3')).toBeLessThanOrEqual(escalatedShare('prerisk-2026.12.2') + 0.02);
  });
});
