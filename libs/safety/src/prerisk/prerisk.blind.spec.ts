// Blind batches 2 and 3 (blind-cases.*.jsonl): written from LABELING.md before the rules were
// read, measured untuned, then used to build prerisk-2026.11.2 / 2026.11.3 (see PROMOTION.md).
// After tuning they are regression sets, not promotion evidence. The released 2026.11.1 is
// pinned to its untuned figures so nobody edits a released version's patterns in place.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { evaluatePreRisk, parsePreRiskCases } from './evaluate';
import { createPreRiskGate } from './gate';

const load = (n: number) => parsePreRiskCases(readFileSync(resolve(__dirname, `blind-cases.${n}.jsonl`), 'utf8'));
const BLIND2 = load(2);
const BLIND3 = load(3);

/** Own thresholds for the blind batches (stricter than the promotion rule on FER). */
const BLIND_THRESHOLDS = { minEscalateRecall: 0.97, maxFalseEscalationRate: 0.05 } as const;

describe.each([
  ['blind batch 2', BLIND2, 'prerisk-2026.11.2'],
  ['blind batch 2', BLIND2, 'prerisk-2026.11.3'],
  ['blind batch 3', BLIND3, 'prerisk-2026.11.3'],
] as const)('%s on %s', (_name, cases, version) => {
  const report = evaluatePreRisk(cases, createPreRiskGate({ version }));

  test(`escalate_recall >= ${BLIND_THRESHOLDS.minEscalateRecall}`, () => {
    expect(report.misses).toEqual([]);
    expect(report.escalate_recall).toBeGreaterThanOrEqual(BLIND_THRESHOLDS.minEscalateRecall);
  });

  test(`false_escalation_rate <= ${BLIND_THRESHOLDS.maxFalseEscalationRate}`, () => {
    expect(report.false_alarms).toEqual([]);
    expect(report.false_escalation_rate).toBeLessThanOrEqual(BLIND_THRESHOLDS.maxFalseEscalationRate);
  });
});

describe('blind batches', () => {
  test('have the recorded shape', () => {
    expect(BLIND2).toHaveLength(160);
    expect(BLIND3).toHaveLength(80);
    expect(new Set([...BLIND2, ...BLIND3].map((c) => c.id)).size).toBe(240);
  });

  test('released prerisk-2026.11.1 keeps its untuned blind figures (not edited in place)', () => {
    const gate = createPreRiskGate({ version: 'prerisk-2026.11.1' });
    const b2 = evaluatePreRisk(BLIND2, gate);
    const b3 = evaluatePreRisk(BLIND3, gate);
    expect([b2.misses.length, b2.false_alarms.length]).toEqual([17, 5]);
    expect([b3.misses.length, b3.false_alarms.length]).toEqual([13, 4]);
  });

  test('each later version catches everything the earlier one caught', () => {
    const versions = ['prerisk-2026.11.1', 'prerisk-2026.11.2', 'prerisk-2026.11.3'];
    const reports = versions.map((version) => evaluatePreRisk([...BLIND2, ...BLIND3], createPreRiskGate({ version })));
    for (let i = 1; i < reports.length; i++) {
      const prev = new Set(reports[i - 1]!.misses.map((m) => m.id));
      for (const m of reports[i]!.misses) expect(prev).toContain(m.id);
    }
  });
});
