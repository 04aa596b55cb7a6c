import { numberSources, SOURCE_LIMIT, SOURCES_PER_CONTRIBUTION, type Contribution, type Evidence } from './index';

const ev = (source_id: string, score: number): Evidence => ({ source_id, title: source_id, snippet: '', score, kb_version: 'kb' }) as Evidence;
const contribution = (task_type: Contribution['task_type'], evidence: Evidence[]): Contribution =>
  ({ task_type, evidence }) as unknown as Contribution;

describe('numberSources', () => {
  it('reading order, best evidence of each contribution first, first sight wins', () => {
    const cs = [
      contribution('clinical_guideline', [ev('g1', 0.5), ev('g2', 0.9), ev('shared', 0.1)]),
      contribution('risk_triage', [ev('r1', 0.3), ev('shared', 0.8)]),
    ];
    // risk_triage reads first; within a contribution, by score.
    expect(numberSources(cs).map((e) => e.source_id)).toEqual(['shared', 'r1', 'g2', 'g1']);
    expect(numberSources(cs).find((e) => e.source_id === 'shared')?.score).toBe(0.8);
  });

  it(`at most ${SOURCES_PER_CONTRIBUTION} per contribution and ${SOURCE_LIMIT} in all`, () => {
    const many = (p: string) => Array.from({ length: 8 }, (_, i) => ev(`${p}${i}`, 1 - i / 10));
    const cs = (['risk_triage', 'general_consultation', 'clinical_guideline'] as const).map((t) => contribution(t, many(t)));
    const out = numberSources(cs);
    expect(out).toHaveLength(SOURCE_LIMIT);
    expect(out.filter((e) => e.source_id.startsWith('risk_triage'))).toHaveLength(SOURCES_PER_CONTRIBUTION);
  });
});
