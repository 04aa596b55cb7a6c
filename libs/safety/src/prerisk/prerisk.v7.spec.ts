// Candidate prerisk-2026.12.2 (rules tuned on blind batch 7 + a learned signal that reads the rules'
// evidence, English character 4-grams and two thresholds) against the current 2026.12.1. Batches
// 2-7, the extra cases (1-6) and the benign corpus are tuning / training evidence for 12.2, not
// promotion evidence (libs/safety/PROMOTION.md, "Candidate prerisk-2026.12.2"); these tests guard
// its invariants: the version string alone selects rules + model, CURRENT_RULES_VERSION is not
// moved, 12.2 catches everything 12.1 catches on the consumed sets, its rules part raises no new
// false alarm over 12.1's, benign traffic stays within the escalation bound, trivial messages stay
// PASS, the dev thresholds hold, training is reproducible and the gate stays under 1 ms.
import { BENIGN_SOURCES_12_2, BLIND_BATCHES_12_2, EXTRA_SETS_12_2 } from '../classifier/corpus';
import { createCombinedGate, LEARNED_CATEGORY } from '../classifier/combine';
import { evidencePlan } from '../classifier/evidence';
import { Classifier, trainModel, type ClassifierModel } from '../classifier/logreg';
import { loadModel } from '../classifier/models';
import { CALIBRATION_2026_12_2 } from '../classifier/train';
import { CURRENT_RULES_VERSION, RULESETS } from '../rules/ruleset';
import { benignTrafficTest, candidatePair, consumedSets, describeConsumedSetGuards, expectTwoThresholdModel, hardNegativesStayQuiet, modelEqualsFreshTraining, trivialMessagesStayPass, tuningBatchTest, vetoSparesRedFlags } from './candidate.suite';

const CURRENT = 'prerisk-2026.12.1';
const CANDIDATE = 'prerisk-2026.12.2';
const MODEL_FILE = 'prerisk-2026.12.2.model.json';

// Consumed: extra cases 1-6, blind batches 2-7 (and the dev set).
const { sets: SETS, dev: DEV, blind: loadBlind } = consumedSets(BLIND_BATCHES_12_2, [EXTRA_SETS_12_2]);

/** Messages with no red flag at all (not in the training data): the learned signal must not fire. */
const TRIVIAL = ['今天天气不错', '气死我了，今天又加班', "my grandma passed away from a heart attack last spring and I'm still sad", '跑步后腿抽筋了，疼得厉害', 'ok thanks', '哈哈 好的'];

const pair = candidatePair(CANDIDATE, CURRENT);
const { candidate, candidateRules } = pair;

describe('prerisk-2026.12.2 candidate', () => {
  test('is registered with its own learned signal; current from batch 8 until 12.3 on batch 9', () => {
    expect(RULESETS[CANDIDATE]?.version).toBe(CANDIDATE);
    expect(RULESETS[CANDIDATE]?.learned?.model).toBe(MODEL_FILE);
    expect(RULESETS[CANDIDATE]?.learned?.reassurance2).toBe(true);
    expect(RULESETS[CURRENT]?.learned?.model).toBe('prerisk-2026.12.1.model.json');
    expect(RULESETS[CURRENT]?.learned?.reassurance2).toBeUndefined();
    expect(candidate.version).toBe(CANDIDATE);
    expect(candidateRules.version).toBe(CANDIDATE);
    // Adopted on unseen batch 8, superseded by 12.3 on batch 9 (PROMOTION.md).
    expect(CURRENT_RULES_VERSION).not.toBe(CURRENT);
  });

  test('the version string selects the model: evidence features, English char n-grams, two thresholds', () => {
    expectTwoThresholdModel(MODEL_FILE, 'prerisk-2026.12.1.model.json', 'suppressed');
    // Earlier models carry none of the new fields (unchanged files).
    const m121 = loadModel('prerisk-2026.12.1.model.json').model;
    expect([m121.evidence, m121.threshold_low, m121.en_char]).toEqual([undefined, undefined, undefined]);
  });

  trivialMessagesStayPass(pair, TRIVIAL);

  test('two thresholds: between threshold_low and threshold only a message with an affirmed red-flag concept escalates', () => {
    const base = trainModel([{ text: 'x', escalate: true }]);
    const mid = new Classifier({ ...base, bias: 0, idx: [], q: [], threshold: 0.9, threshold_low: 0.4 } as ClassifierModel);
    expect(mid.probability('anything')).toBeCloseTo(0.5);
    const gate = createCombinedGate(candidateRules, mid, 'two-threshold-test', { wideVeto: true, evidence: evidencePlan(RULESETS[CANDIDATE]?.rules ?? []) });
    // p = 0.5: no red-flag concept -> PASS; an affirmed red-flag concept the rules alone do not escalate -> ESCALATE.
    expect(gate.evaluate('今天天气不错').decision).toBe('PASS');
    const partial = '最近老是胸闷';
    expect(candidateRules.evaluate(partial).decision).toBe('PASS');
    const r = gate.evaluate(partial);
    expect([r.decision, r.category]).toEqual(['ESCALATE', LEARNED_CATEGORY]);
  });

  vetoSparesRedFlags(pair);

  tuningBatchTest(
    "blind batch 7 (tuning evidence for 12.2): the pattern families of 12.1's misses are caught by the rules part, its false alarms fixed",
    pair,
    () => loadBlind('7'),
    ['bl7-025', 'bl7-055', 'bl7-099', 'bl7-107', 'bl7-110', 'bl7-160', 'bl7-173'],
    ['bl7-062', 'bl7-109', 'bl7-180'],
  );

  hardNegativesStayQuiet(candidateRules, [
    '肺水肿会咳粉红色泡沫痰吗',
    'why do people with low blood sugar sometimes look drunk',
    "The tumbler test: what does it mean if a rash doesn't fade under a glass?",
    '宝宝长牙一直流口水，正常吗',
    '按时吃药烧还是不退，已经三天了',
    '晚上一躺下就咳嗽，白天还好',
    '我在公司天台上抽烟，想问一下尼古丁贴有用吗',
    '考试又挂了，真的想死的心都有了，怎么提高记忆力啊',
    "My son had a febrile convulsion at 18 months; he's 4 now and there's been nothing since. Should I worry?",
  ]);

  benignTrafficTest(pair, BENIGN_SOURCES_12_2);

  describeConsumedSetGuards(pair, SETS, DEV);

  modelEqualsFreshTraining(pair, { modelFile: MODEL_FILE, extraSets: EXTRA_SETS_12_2, batches: BLIND_BATCHES_12_2, benignSources: BENIGN_SOURCES_12_2, calibration: CALIBRATION_2026_12_2, evidenceMode: 'suppressed' });

});
