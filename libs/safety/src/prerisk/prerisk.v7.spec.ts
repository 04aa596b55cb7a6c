// Candidate prerisk-2026.12.2 (rules tuned on blind batch 7 + a learned signal that reads the rules'
// evidence, English character 4-grams and two thresholds) against the current 2026.12.1. Batches
// 2-7, the extra cases (1-6) and the benign corpus are tuning / training evidence for 12.2, not
// promotion evidence (libs/safety/PROMOTION.md, "Candidate prerisk-2026.12.2"); these tests guard
// its invariants: the version string alone selects rules + model, CURRENT_RULES_VERSION is not
// moved, 12.2 catches everything 12.1 catches on the consumed sets, its rules part raises no new
// false alarm over 12.1's, benign traffic stays within the escalation bound, trivial messages stay
// PASS, the dev thresholds hold, training is reproducible and the gate stays under 1 ms.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BENIGN_SOURCES_12_2, BLIND_BATCHES_12_2, DEV_SET_PATH, EXTRA_SETS_12_2, loadBenign, loadCorpus, ROUTER_DEV_PATH, trainingCases12_1 } from '../classifier/corpus';
import { createCombinedGate, LEARNED_CATEGORY, LEARNED_VETO_CATEGORY } from '../classifier/combine';
import { evidencePlan } from '../classifier/evidence';
import { Classifier, trainModel, type ClassifierModel } from '../classifier/logreg';
import { loadModel, modelPath } from '../classifier/models';
import { CALIBRATION_2026_12_2, trainClassifier } from '../classifier/train';
import { CURRENT_RULES_VERSION, RULESETS } from '../rules/ruleset';
import { parsePreRiskCases, type PreRiskCase } from './evaluate';
import { EXTRA_CASES } from './extra-cases';
import { EXTRA_CASES_2 } from './extra-cases-2';
import { EXTRA_CASES_3 } from './extra-cases-3';
import { EXTRA_CASES_4 } from './extra-cases-4';
import { EXTRA_CASES_5 } from './extra-cases-5';
import { EXTRA_CASES_6 } from './extra-cases-6';
import { benignTrafficGuard, describeConsumedSetGuards, type CandidatePair } from './candidate.suite';
import { createPreRiskGate } from './gate';

const CURRENT = 'prerisk-2026.12.1';
const CANDIDATE = 'prerisk-2026.12.2';
const MODEL_FILE = 'prerisk-2026.12.2.model.json';

const loadBlind = (n: 2 | 3 | 4 | 5 | 6 | 7) => parsePreRiskCases(readFileSync(resolve(__dirname, `blind-cases.${n}.jsonl`), 'utf8'));

const SETS: [string, readonly PreRiskCase[]][] = [
  ['extra cases 1-6', [...EXTRA_CASES, ...EXTRA_CASES_2, ...EXTRA_CASES_3, ...EXTRA_CASES_4, ...EXTRA_CASES_5, ...EXTRA_CASES_6]],
  ['blind batch 2', loadBlind(2)],
  ['blind batch 3', loadBlind(3)],
  ['blind batch 4', loadBlind(4)],
  ['blind batch 5', loadBlind(5)],
  ['blind batch 6', loadBlind(6)],
  ['blind batch 7', loadBlind(7)],
];
const DEV = existsSync(DEV_SET_PATH) ? parsePreRiskCases(readFileSync(DEV_SET_PATH, 'utf8')) : [];
if (DEV.length > 0) SETS.unshift(['dev set', DEV]);

/** Messages with no red flag at all (not in the training data): the learned signal must not fire. */
const TRIVIAL = ['今天天气不错', '气死我了，今天又加班', "my grandma passed away from a heart attack last spring and I'm still sad", '跑步后腿抽筋了，疼得厉害', 'ok thanks', '哈哈 好的'];

const current = createPreRiskGate({ version: CURRENT });
const currentRules = createPreRiskGate({ version: CURRENT, rulesOnly: true });
const candidate = createPreRiskGate({ version: CANDIDATE });
const candidateRules = createPreRiskGate({ version: CANDIDATE, rulesOnly: true });
const pair: CandidatePair = { candidateName: '12.2', currentName: '12.1', baselineRulesName: '12.1', candidate, candidateRules, current, baselineRules: currentRules };

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
    const m = loadModel(MODEL_FILE);
    expect(m).not.toBe(loadModel('prerisk-2026.12.1.model.json'));
    expect(m.model.bias).toBe(-2);
    expect(m.model.norm_floor).toBe(40);
    expect(m.model.en_char).toBe(true);
    expect(m.evidenceMode).toBe('suppressed');
    expect(m.thresholdLow).toBeDefined();
    expect(m.thresholdLow as number).toBeLessThanOrEqual(m.threshold);
    expect(m.vetoBelow as number).toBeLessThan(m.thresholdLow as number);
    expect(m.threshold).toBeLessThan(1);
    // Earlier models carry none of the new fields (unchanged files).
    const m121 = loadModel('prerisk-2026.12.1.model.json').model;
    expect([m121.evidence, m121.threshold_low, m121.en_char]).toEqual([undefined, undefined, undefined]);
  });

  test.each(TRIVIAL)('trivial message stays PASS: %s', (text) => {
    const r = candidate.evaluate(text);
    expect(r.decision).toBe('PASS');
    expect(r.rules_version).toBe(CANDIDATE);
  });

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

  test('the veto never touches suicide / self-harm or vital-sign hits', () => {
    for (const text of ['我不想活了', 'BP 220/130 and a pounding headache', '血糖1.8 叫不醒']) {
      const a = candidate.analyze(text);
      expect([text, a.result.decision]).toEqual([text, 'ESCALATE']);
      expect(a.result.category).not.toBe(LEARNED_VETO_CATEGORY);
    }
  });

  test('blind batch 7 (tuning evidence for 12.2): the pattern families of 12.1\'s misses are caught by the rules part, its false alarms fixed', () => {
    const b7 = loadBlind(7);
    const text = (id: string) => b7.find((c) => c.id === id)?.text ?? '';
    for (const id of ['bl7-025', 'bl7-055', 'bl7-099', 'bl7-107', 'bl7-110', 'bl7-160', 'bl7-173']) expect([id, candidateRules.evaluate(text(id)).decision]).toEqual([id, 'ESCALATE']);
    for (const id of ['bl7-062', 'bl7-109', 'bl7-180']) expect([id, candidate.evaluate(text(id)).decision]).toEqual([id, 'PASS']);
  });

  test('new pattern families stay quiet on their hard negatives', () => {
    for (const text of [
      '肺水肿会咳粉红色泡沫痰吗',
      'why do people with low blood sugar sometimes look drunk',
      'The tumbler test: what does it mean if a rash doesn\'t fade under a glass?',
      '宝宝长牙一直流口水，正常吗',
      '按时吃药烧还是不退，已经三天了',
      '晚上一躺下就咳嗽，白天还好',
      '我在公司天台上抽烟，想问一下尼古丁贴有用吗',
      '考试又挂了，真的想死的心都有了，怎么提高记忆力啊',
      "My son had a febrile convulsion at 18 months; he's 4 now and there's been nothing since. Should I worry?",
    ]) expect([text, candidateRules.evaluate(text).decision]).toEqual([text, 'PASS']);
  });

  test('benign traffic (13 sources): escalation share <= 0.02 per source, never above 12.1 + 0.02', () => {
    benignTrafficGuard(pair, BENIGN_SOURCES_12_2);
  });

  describeConsumedSetGuards(pair, SETS, DEV);

  (existsSync(DEV_SET_PATH) && existsSync(ROUTER_DEV_PATH) ? test : test.skip)('the model equals a fresh training run (dev + extras 1-6 + batches 2-7 + 13 benign sources)', () => {
    const model = JSON.parse(readFileSync(modelPath(MODEL_FILE), 'utf8')) as ClassifierModel;
    const tr = trainingCases12_1(loadCorpus(DEV_SET_PATH, EXTRA_SETS_12_2, BLIND_BATCHES_12_2), loadBenign(undefined, BENIGN_SOURCES_12_2));
    const opts = { groups: tr.groups, ...CALIBRATION_2026_12_2, evidence: evidencePlan(RULESETS[CANDIDATE]?.rules ?? [], 'suppressed') };
    expect(trainClassifier(tr.cases, candidateRules, opts)).toEqual(model);
  }, 60_000);

});
