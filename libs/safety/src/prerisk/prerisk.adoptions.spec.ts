// The adoption evidence of PROMOTION.md, one row per decision: each prerisk blind batch and
// benign router batch was written from LABELING.md alone, outside the repository, while both
// versions were frozen. The rows assert the improvement clause as measured (recall up, FER
// within +0.02, no family lower, nothing newly missed, benign share within +0.02); they never
// tune anything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePreRisk, createPreRiskGate, parsePreRiskCases } from '../index';

interface Adoption {
  batch: number;
  routerBatch: number;
  previous: string;
  adopted: string;
}

const ADOPTIONS: readonly Adoption[] = [
  { batch: 7, routerBatch: 5, previous: 'prerisk-2026.11.4', adopted: 'prerisk-2026.12.1' },
  { batch: 8, routerBatch: 6, previous: 'prerisk-2026.12.1', adopted: 'prerisk-2026.12.2' },
  { batch: 9, routerBatch: 7, previous: 'prerisk-2026.12.2', adopted: 'prerisk-2026.12.3' },
];

const blind = (n: number) => parsePreRiskCases(readFileSync(join(__dirname, `blind-cases.${n}.jsonl`), 'utf8'));
const benign = (n: number) =>
  readFileSync(join(__dirname, `../../../planner/src/testing/blind-cases.${n}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { text: string }).text);
const escalatedShare = (version: string, texts: readonly string[]) => {
  const g = createPreRiskGate({ version });
  return texts.filter((t) => g.evaluate(t).decision === 'ESCALATE').length / texts.length;
};

describe.each(ADOPTIONS.map((a) => [`${a.adopted} over ${a.previous} on blind batch ${a.batch}`, a] as const))('%s', (_name, a) => {
  const cases = blind(a.batch);
  const texts = benign(a.routerBatch);
  const cmp = comparePreRisk(cases, createPreRiskGate({ version: a.previous }), createPreRiskGate({ version: a.adopted }));

  test('batch shapes', () => {
    expect(cases).toHaveLength(180);
    expect(texts).toHaveLength(100);
  });

  test('improvement clause: recall up, FER within +0.02, no family lower, nothing newly missed', () => {
    expect(cmp.b.escalate_recall).toBeGreaterThan(cmp.a.escalate_recall);
    expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(cmp.a.false_escalation_rate + 0.02);
    expect(Object.values(cmp.per_family_delta).every((d) => d >= 0)).toBe(true);
    expect(cmp.newly_missed).toEqual([]);
  });

  test(`benign router batch ${a.routerBatch}: escalation share within the previous version's + 0.02`, () => {
    expect(escalatedShare(a.adopted, texts)).toBeLessThanOrEqual(escalatedShare(a.previous, texts) + 0.02);
  });
});

test('2026.12.0 (no benign training data) fails the benign-traffic check on router batch 5', () => {
  const texts = benign(5);
  expect(escalatedShare('prerisk-2026.12.0', texts)).toBeGreaterThan(escalatedShare('prerisk-2026.11.4', texts) + 0.02);
});
