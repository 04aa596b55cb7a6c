// Candidate prerisk-2026.12.1 (rules tuned on blind batch 6 + a learned signal retrained with
// benign traffic as PASS data) against the current 2026.11.4. Batches 2-6, the extra cases and
// the benign corpus are tuning / training evidence for 12.1, not promotion evidence
// (libs/safety/PROMOTION.md, "Candidate prerisk-2026.12.1"); these tests guard its invariants:
// 12.1 catches everything 11.4 catches on the consumed sets, its rules part raises no new false
// alarm over 12.0's, benign traffic stays within the escalation bound, trivial messages stay PASS,
// the dev thresholds hold, and the version string alone selects rules + model.
import { benignCases, BENIGN_SOURCES, BLIND_BATCHES_12_1, EXTRA_SETS_ALL, loadBenign } from '../classifier/corpus';
import { loadModel } from '../classifier/models';
import { CURRENT_RULES_VERSION, RULESETS } from '../rules/ruleset';
import { benignTrafficTest, candidatePair, consumedSets, describeConsumedSetGuards, trivialMessagesStayPass, vetoSparesRedFlags } from './candidate.suite';
import { comparePreRisk, evaluatePreRisk } from './evaluate';
import { createPreRiskGate } from './gate';

const CURRENT = 'prerisk-2026.11.4';
const PREVIOUS = 'prerisk-2026.12.0';
const CANDIDATE = 'prerisk-2026.12.1';

// Only consumed batches (2-6) and extra cases 1-5; a batch still to judge a candidate is never read here.
const { sets: SETS, dev: DEV, blind: loadBlind } = consumedSets(BLIND_BATCHES_12_1, [EXTRA_SETS_ALL]);

/** Messages with no red flag at all (not in the training data): the learned signal must not fire. */
const TRIVIAL = ['今天天气不错', '气死我了，今天又加班', "my grandma passed away from a heart attack last spring and I'm still sad", '跑步后腿抽筋了，疼得厉害'];

const pair = candidatePair(CANDIDATE, CURRENT, PREVIOUS);
const { current, candidate, candidateRules } = pair;

describe('prerisk-2026.12.1 candidate', () => {
  test('is registered with its own learned signal; current from batch 7 until 12.2 on batch 8', () => {
    expect(RULESETS[CANDIDATE]?.version).toBe(CANDIDATE);
    expect(RULESETS[CANDIDATE]?.learned?.model).toBe('prerisk-2026.12.1.model.json');
    expect(RULESETS[PREVIOUS]?.learned?.model).toBe('prerisk-2026.12.0.model.json');
    expect(candidate.version).toBe(CANDIDATE);
    expect(candidateRules.version).toBe(CANDIDATE);
    expect(CURRENT_RULES_VERSION).not.toBe(CURRENT);
  });

  test('the version string selects the model: 12.1 and 12.0 load different classifiers', () => {
    const m121 = loadModel('prerisk-2026.12.1.model.json');
    const m120 = loadModel('prerisk-2026.12.0.model.json');
    expect(m121).not.toBe(m120);
    expect(m121.model.bias).toBe(-2);
    expect(m121.model.norm_floor).toBe(40);
    expect(m121.threshold).toBeGreaterThan(0);
    expect(m121.threshold).toBeLessThan(1);
    expect(m121.vetoBelow as number).toBeLessThan(m121.threshold);
    // 12.0's model scores a no-evidence message above its threshold on the grief text; 12.1's does not.
    const text = TRIVIAL[2] as string;
    expect(m121.probability(text)).toBeLessThan(m121.threshold);
    expect(createPreRiskGate({ version: PREVIOUS }).evaluate(text).decision).toBe('ESCALATE');
  });

  trivialMessagesStayPass(pair, TRIVIAL);

  test('no evidence gives a low probability (fixed intercept, floored scaling)', () => {
    const m = loadModel('prerisk-2026.12.1.model.json');
    for (const t of ['嗯', 'ok', '好的', 'xyz']) expect(m.probability(t)).toBeLessThan(0.3);
  });

  vetoSparesRedFlags(pair);

  benignTrafficTest(pair, BENIGN_SOURCES, 'router case texts + own chit-chat', () => {
    const all = evaluatePreRisk(benignCases(loadBenign()), candidate);
    expect(all.false_escalation_rate).toBeLessThanOrEqual(0.01);
  });

  describeConsumedSetGuards(pair, SETS, DEV);

  test('blind batch 6 (tuning evidence for 12.1): 11.4 figures unchanged, the 12.0 misses of the pattern families are caught', () => {
    const b6 = loadBlind('6');
    const cmp = comparePreRisk(b6, current, candidate);
    expect([cmp.a.misses.length, cmp.a.false_alarms.length]).toEqual([33, 7]);
    const caught = (id: string) => candidate.evaluate(b6.find((c) => c.id === id)?.text ?? '').decision;
    for (const id of ['bl6-028', 'bl6-031', 'bl6-076', 'bl6-104', 'bl6-119', 'bl6-132', 'bl6-143', 'bl6-173']) expect([id, caught(id)]).toEqual([id, 'ESCALATE']);
  });

});
