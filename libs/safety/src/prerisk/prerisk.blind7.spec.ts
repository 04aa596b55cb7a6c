// Blind batch 7 (180 cases) and router blind batch 5 (100 benign questions): written from
// LABELING.md alone, outside the repository, while 2026.12.0 and 2026.12.1 were frozen; the
// evidence for adopting 2026.12.1 (PROMOTION.md, "Blind batch 7"). Asserts the measured
// decision invariants, never tunes anything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePreRisk, createPreRiskGate, parsePreRiskCases } from '../index';

const load = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; text: string });
const cases = parsePreRiskCases(readFileSync(join(__dirname, 'blind-cases.7.jsonl'), 'utf8'));
const benign = load(join(__dirname, '../../../planner/src/testing/blind-cases.5.jsonl'));
const gate = (version: string) => createPreRiskGate({ version });
const escalatedShare = (version: string) => {
  const g = gate(version);
  return benign.filter((c) => g.evaluate(c.text).decision === 'ESCALATE').length / benign.length;
};

describe('prerisk blind batch 7 + benign router batch 5', () => {
  test('batch shapes', () => {
    expect(cases).toHaveLength(180);
    expect(benign).toHaveLength(100);
  });

  test('2026.12.1 against 2026.11.4: the improvement clause holds (recall up, FER within +0.02, no family lower)', () => {
    const cmp = comparePreRisk(cases, gate('prerisk-2026.11.4'), gate('prerisk-2026.12.1'));
    expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(cmp.a.escalate_recall + 0.2);
    expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(cmp.a.false_escalation_rate + 0.02);
    expect(Object.values(cmp.per_family_delta).every((d) => d >= 0)).toBe(true);
    expect(cmp.newly_missed).toEqual([]);
  });

  test('benign traffic: 2026.12.1 escalates no more than 2026.11.4 + 0.02; 2026.12.0 does not meet that', () => {
    const base = escalatedShare('prerisk-2026.11.4');
    expect(escalatedShare('prerisk-2026.12.1')).toBeLessThanOrEqual(base + 0.02);
    expect(escalatedShare('prerisk-2026.12.0')).toBeGreaterThan(base + 0.02);
  });
});
