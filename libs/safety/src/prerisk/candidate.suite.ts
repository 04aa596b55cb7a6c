// Guards every learned-signal candidate spec (prerisk.v6/v7/v8) shares: against the version it
// replaced, on the sets it was tuned or trained on, nothing caught is lost, the rules part adds no
// false alarm, FER stays under the bar, dev stays perfect, and benign traffic stays quiet.
// Test names carry the short version names, so a failure names the pair.
import { loadBenign, type BenignSource } from '../classifier/corpus';
import { comparePreRisk, evaluatePreRisk, PROMOTION_THRESHOLDS, type PreRiskCase } from './evaluate';
import type { PreRiskGate } from './gate';

export interface CandidatePair {
  /** Short names for test titles, e.g. '12.2' and '12.1'. */
  candidateName: string;
  currentName: string;
  /** The rules part the candidate's rules are compared with, and its short name. */
  baselineRulesName: string;
  candidate: PreRiskGate;
  candidateRules: PreRiskGate;
  current: PreRiskGate;
  baselineRules: PreRiskGate;
}

/** Per consumed set: no newly missed case, no family lower, no new rules false alarm, FER <= bar; dev perfect. */
export function describeConsumedSetGuards(p: CandidatePair, sets: readonly (readonly [string, readonly PreRiskCase[]])[], dev: readonly PreRiskCase[]): void {
  describe.each(sets.map(([name, cases]) => [name, cases] as const))('%s', (_name, cases) => {
    const cmp = comparePreRisk(cases, p.current, p.candidate);
    const rulesCmp = comparePreRisk(cases, p.baselineRules, p.candidateRules);

    test(`${p.candidateName} catches everything ${p.currentName} catches; no family loses recall`, () => {
      expect(cmp.newly_missed).toEqual([]);
      expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(cmp.a.escalate_recall);
      for (const [family, d] of Object.entries(cmp.per_family_delta)) expect([family, d >= 0]).toEqual([family, true]);
    });

    test(`${p.candidateName} rules part raises no new false alarm over ${p.baselineRulesName} rules part and misses nothing it caught`, () => {
      expect(rulesCmp.new_false_alarms).toEqual([]);
      expect(rulesCmp.newly_missed).toEqual([]);
    });

    test('whole version: FER <= 0.07', () => {
      expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
    });
  });

  (dev.length > 0 ? test : test.skip)('dev set: recall 1.0, FER 0.0 (rules part and whole version)', () => {
    for (const gate of [p.candidate, p.candidateRules]) {
      const r = evaluatePreRisk(dev, gate);
      expect(r.misses).toEqual([]);
      expect(r.false_alarms).toEqual([]);
    }
  });
}

/** Benign traffic: each source's escalation share <= 0.02 and never above the current version's + 0.02. */
export function benignTrafficGuard(p: CandidatePair, sources: readonly BenignSource[], benign = loadBenign(undefined, sources)): void {
  for (const s of sources) {
    const texts = benign.filter((b) => b.source === s);
    if (texts.length === 0) continue;
    const share = (g: PreRiskGate) => texts.filter((b) => g.evaluate(b.text).decision === 'ESCALATE').length / texts.length;
    const c = share(p.candidate);
    expect([s, c <= 0.02]).toEqual([s, true]);
    expect([s, c <= share(p.current) + 0.02]).toEqual([s, true]);
  }
}
