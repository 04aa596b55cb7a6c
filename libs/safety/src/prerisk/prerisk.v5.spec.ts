// Candidate prerisk-2026.12.0 (rules tuned on blind batch 5 + the learned signal) against the
// current 2026.11.4. Batches 2-5 and the extra cases are tuning / training evidence for 12.0,
// not promotion evidence (libs/safety/PROMOTION.md); these tests guard the invariants only:
// 12.0 catches everything 11.4 catches, its rules part raises no new false alarm, the whole
// version's new false alarms are exactly the learned signal's known in-sample ones (mild
// complaints the underfit model still scores >= threshold; see PROMOTION.md), the dev
// thresholds hold, and the version string alone selects rules + model.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LEARNED_VETO_CATEGORY } from '../classifier/combine';
import { loadModel } from '../classifier/models';
import { CURRENT_RULES_VERSION, RULESETS } from '../rules/ruleset';
import { FAMILIES } from '../types';
import { comparePreRisk, evaluatePreRisk, parsePreRiskCases, PROMOTION_THRESHOLDS, type PreRiskCase } from './evaluate';
import { EXTRA_CASES } from './extra-cases';
import { EXTRA_CASES_2 } from './extra-cases-2';
import { EXTRA_CASES_3 } from './extra-cases-3';
import { EXTRA_CASES_4 } from './extra-cases-4';
import { EXTRA_CASES_5 } from './extra-cases-5';
import { createPreRiskGate } from './gate';

const CURRENT = 'prerisk-2026.11.4';
const CANDIDATE = 'prerisk-2026.12.0';

const REPO_ROOT = resolve(__dirname, '../../../..');
const DEV_SET = resolve(REPO_ROOT, '../shared/eval/prerisk.dev.jsonl');
// Only the consumed batches; a batch still to judge a candidate is never read here.
const loadBlind = (n: 2 | 3 | 4 | 5) => parsePreRiskCases(readFileSync(resolve(__dirname, `blind-cases.${n}.jsonl`), 'utf8'));

/** Learned-signal false alarms on its own training cases (recorded in PROMOTION.md). */
const KNOWN_LEARNED_FALSE_ALARMS: Record<string, readonly string[]> = {
  'extra cases 1-4': ['x-106', 'x-140', 'z-38', 'w-56', 'w-80', 'v-68', 'u-54', 'u-64'],
  'extra cases 5': ['v-407'],
  'blind batch 2': ['bl2-145'],
  'blind batch 3': ['bl3-080'],
  'blind batch 4': ['bl4-056'],
  'blind batch 5': ['bl5-087'],
};

const SETS: [string, readonly PreRiskCase[]][] = [
  ['extra cases 1-4', [...EXTRA_CASES, ...EXTRA_CASES_2, ...EXTRA_CASES_3, ...EXTRA_CASES_4]],
  ['extra cases 5', EXTRA_CASES_5],
  ['blind batch 2', loadBlind(2)],
  ['blind batch 3', loadBlind(3)],
  ['blind batch 4', loadBlind(4)],
  ['blind batch 5', loadBlind(5)],
];
const DEV = existsSync(DEV_SET) ? parsePreRiskCases(readFileSync(DEV_SET, 'utf8')) : [];
if (DEV.length > 0) SETS.unshift(['dev set', DEV]);

const current = createPreRiskGate({ version: CURRENT });
const candidate = createPreRiskGate({ version: CANDIDATE });
const candidateRules = createPreRiskGate({ version: CANDIDATE, rulesOnly: true });

describe('prerisk-2026.12.0 candidate', () => {
  test('is registered with its learned signal, and not current (decided on an unseen batch)', () => {
    expect(RULESETS[CANDIDATE]?.version).toBe(CANDIDATE);
    expect(RULESETS[CANDIDATE]?.learned?.model).toBe('prerisk-2026.12.0.model.json');
    expect(RULESETS[CURRENT]?.learned).toBeUndefined();
    expect(candidate.version).toBe(CANDIDATE);
    expect(candidateRules.version).toBe(CANDIDATE);
    // Never current: it escalated 8-9 % of benign questions (PROMOTION.md, batches 6 and 7).
    expect(CURRENT_RULES_VERSION).not.toBe(CANDIDATE);
  });

  test('the version string selects the classifier: an escalation only the model makes', () => {
    // Indirect intent without any cue group the rules know: the learned signal's domain.
    const texts = EXTRA_CASES_5.filter((c) => c.expected === 'ESCALATE').map((c) => c.text);
    const learnedOnly = [...loadBlind(3), ...loadBlind(5)].filter(
      (c) => candidate.evaluate(c.text).category === 'learned_signal' && candidateRules.evaluate(c.text).decision === 'PASS',
    );
    expect(texts.length).toBeGreaterThan(0);
    for (const c of learnedOnly) expect(candidate.evaluate(c.text).rules_version).toBe(CANDIDATE);
    const model = loadModel('prerisk-2026.12.0.model.json');
    expect(model.threshold).toBeGreaterThan(0);
    expect(model.threshold).toBeLessThan(1);
    expect(model.vetoBelow).toBeDefined();
    expect(model.vetoBelow as number).toBeLessThan(model.threshold);
  });

  test('the veto never touches suicide / self-harm or vital-sign hits', () => {
    for (const text of ['我不想活了', 'BP 220/130 and a pounding headache', '血糖1.8 叫不醒']) {
      const a = candidate.analyze(text);
      expect([text, a.result.decision]).toEqual([text, 'ESCALATE']);
      expect(a.result.category).not.toBe(LEARNED_VETO_CATEGORY);
    }
  });

  describe.each(SETS)('%s', (name, cases) => {
    const cmp = comparePreRisk(cases, current, candidate);
    const rulesCmp = comparePreRisk(cases, current, candidateRules);

    test('12.0 catches everything 11.4 catches', () => {
      expect(cmp.newly_missed).toEqual([]);
      expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(cmp.a.escalate_recall);
    });

    test('12.0 rules part raises no new false alarm', () => {
      expect(rulesCmp.new_false_alarms).toEqual([]);
      expect(rulesCmp.b.false_escalation_rate).toBeLessThanOrEqual(rulesCmp.a.false_escalation_rate);
    });

    test('whole version: only the known learned-signal false alarms, FER <= 0.07', () => {
      expect([...cmp.new_false_alarms].sort()).toEqual([...(KNOWN_LEARNED_FALSE_ALARMS[name] ?? [])].sort());
      for (const id of cmp.new_false_alarms) {
        const text = cases.find((c) => c.id === id)?.text ?? '';
        expect(candidate.evaluate(text).category).toBe('learned_signal');
      }
      expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
    });

    test('no family loses recall', () => {
      for (const [family, d] of Object.entries(cmp.per_family_delta)) expect([family, d >= 0]).toEqual([family, true]);
    });
  });

  (DEV.length > 0 ? test : test.skip)('dev set: recall >= 0.97, FER <= 0.07, every family full (rules part and whole version)', () => {
    for (const gate of [candidate, candidateRules]) {
      const r = evaluatePreRisk(DEV, gate);
      expect(r.misses).toEqual([]);
      expect(r.escalate_recall).toBeGreaterThanOrEqual(PROMOTION_THRESHOLDS.minEscalateRecall);
      expect(r.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
      for (const [family, s] of Object.entries(r.per_family)) expect([family, s.recall]).toEqual([family, 1]);
    }
  });

  test('blind batch 5 (tuning evidence for 12.0): 11.4 figures unchanged, 12.0 fits it', () => {
    const cmp = comparePreRisk(loadBlind(5), current, candidate);
    expect([cmp.a.misses.length, cmp.a.false_alarms.length]).toEqual([27, 4]);
    expect(cmp.b.escalate_recall).toBeGreaterThanOrEqual(0.97);
    expect(cmp.b.false_escalation_rate).toBeLessThanOrEqual(PROMOTION_THRESHOLDS.maxFalseEscalationRate);
  });

});

describe('extra pre-risk cases, batch 5 (prerisk-2026.12.0)', () => {
  test('cover every family and hard-negative kind', () => {
    const all = [...EXTRA_CASES, ...EXTRA_CASES_2, ...EXTRA_CASES_3, ...EXTRA_CASES_4, ...EXTRA_CASES_5];
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    const cats = new Set(EXTRA_CASES_5.map((c) => c.category));
    for (const f of FAMILIES) expect(cats).toContain(f);
    for (const k of ['negated', 'historical', 'knowledge', 'mild', 'none']) expect(cats).toContain(k);
  });

  const known = new Set(KNOWN_LEARNED_FALSE_ALARMS['extra cases 5']);
  test.each(EXTRA_CASES_5.filter((c) => !known.has(c.id)).map((c) => [c.id, c.expected, c.text] as const))('%s expects %s: %s', (_id, expected, text) => {
    expect(candidate.evaluate(text).decision).toBe(expected);
  });

  test.each(EXTRA_CASES_5.map((c) => [c.id, c.expected, c.text] as const))('rules part alone, %s expects %s: %s', (_id, expected, text) => {
    expect(candidateRules.evaluate(text).decision).toBe(expected);
  });
});
