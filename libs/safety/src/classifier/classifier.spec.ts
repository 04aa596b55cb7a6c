import { existsSync, readFileSync } from 'node:fs';
import { createPreRiskGate } from '../prerisk/gate';
import { evaluatePreRisk } from '../prerisk/evaluate';
import { RULESETS } from '../rules/ruleset';
import { BENIGN_SOURCES, BLIND_BATCHES_12_1, DEV_SET_PATH, EXTRA_SETS_ALL, loadBenign, loadCorpus, ROUTER_DEV_PATH, trainingCases, trainingCases12_1 } from './corpus';
import { modelPath } from './models';
import { CALIBRATION_2026_12_0, CALIBRATION_2026_12_1, Classifier, createCombinedGate, featurize, MODEL_PATH, trainClassifier, trainModel, type ClassifierModel } from './index';

const rules = createPreRiskGate({ version: 'prerisk-2026.11.4' });

describe('features', () => {
  test('deterministic, sorted, negation-scoped', () => {
    const a = featurize('没有胸痛 but no chest pain');
    expect([...a]).toEqual([...featurize('没有胸痛 but no chest pain')]);
    expect([...a]).toEqual([...a].sort((x, y) => x - y));
    const plain = new Set(featurize('胸痛 chest pain'));
    expect([...a].some((k) => !plain.has(k))).toBe(true);
  });
});

describe('shipped model', () => {
  const model = JSON.parse(readFileSync(MODEL_PATH, 'utf8')) as ClassifierModel;

  test('is small and calibrated', () => {
    expect(readFileSync(MODEL_PATH).length).toBeLessThan(1.5 * 1024 * 1024);
    expect(model.threshold).toBeGreaterThan(0);
    expect(model.threshold).toBeLessThan(1);
  });


  (existsSync(DEV_SET_PATH) ? test : test.skip)('equals a fresh training run on all batches', () => {
    const tr = trainingCases(loadCorpus());
    expect(trainClassifier(tr.cases, rules, { groups: tr.groups })).toEqual(model);
  });
});

describe('combination', () => {
  const always = new Classifier({ ...trainModel([{ text: 'x', escalate: true }]), threshold: 0 });
  const gate = createCombinedGate(rules, always, 'test-combined');

  test('rules escalations are kept as they are', () => {
    const text = '我爸刚才突然胸口像压了块大石头，左胳膊发麻，出冷汗';
    const r = gate.evaluate(text);
    expect(r.decision).toBe('ESCALATE');
    expect(r.category).toBe(rules.evaluate(text).category);
    expect(r.rules_version).toBe('test-combined');
  });

  test('suppressed (knowledge / historical / negated) messages stay PASS', () => {
    for (const text of ['心梗的早期症状有哪些？', '我三年前得过一次脑梗，现在恢复得挺好', '没有胸痛，也没有呼吸困难，就是有点咳嗽']) {
      const a = rules.analyze(text);
      if (a.result.decision === 'PASS' && (a.result.suppressed ?? []).length > 0) expect(gate.evaluate(text).decision).toBe('PASS');
    }
  });
});

describe('leave-one-batch-out is reproducible (held-out batch 5)', () => {
  const corpus = loadCorpus();
  const tr = trainingCases(corpus, '5');
  const model = trainClassifier(tr.cases, rules, { groups: tr.groups });
  const held = corpus.blind['5'];
  const base = evaluatePreRisk(held, rules);
  const combined = evaluatePreRisk(held, createCombinedGate(rules, new Classifier(model)));

  test('no held-out text is in the training fold', () => {
    const heldTexts = new Set(held.map((c) => c.text));
    expect(tr.cases.some((c) => heldTexts.has(c.text))).toBe(false);
  });

  test('held-out recall is at least the rules-only recall, per family too', () => {
    expect(combined.escalate_recall).toBeGreaterThanOrEqual(base.escalate_recall);
    for (const [f, s] of Object.entries(base.per_family)) expect(combined.per_family[f]?.recall).toBeGreaterThanOrEqual(s.recall);
  });

  (existsSync(DEV_SET_PATH) ? test : test.skip)('matches the figures recorded in PROMOTION.md', () => {
    expect(model.threshold).toBe(0.54);
    expect(Math.round(base.escalate_recall * 1000) / 1000).toBe(0.71);
    expect(Math.round(combined.escalate_recall * 1000) / 1000).toBe(0.903);
    expect(Math.round(combined.false_escalation_rate * 1000) / 1000).toBe(0.105);
  });
});

describe('prerisk-2026.12.0 learned signal (libs/safety/data)', () => {
  const file = RULESETS['prerisk-2026.12.0']?.learned?.model ?? '';
  const model = JSON.parse(readFileSync(modelPath(file), 'utf8')) as ClassifierModel;
  const candidateRules = createPreRiskGate({ version: 'prerisk-2026.12.0', rulesOnly: true });

  test('is small, calibrated, with a veto below the threshold', () => {
    expect(readFileSync(modelPath(file)).length).toBeLessThan(1.5 * 1024 * 1024);
    expect(model.threshold).toBeGreaterThan(0);
    expect(model.threshold).toBeLessThan(1);
    expect(model.veto_below).toBeGreaterThan(0);
    expect(model.veto_below as number).toBeLessThan(model.threshold);
  });

  (existsSync(DEV_SET_PATH) ? test : test.skip)('equals a fresh training run on dev + extras 1-5 + batches 2-5', () => {
    const tr = trainingCases(loadCorpus(DEV_SET_PATH, EXTRA_SETS_ALL));
    expect(trainClassifier(tr.cases, candidateRules, { groups: tr.groups, ...CALIBRATION_2026_12_0 })).toEqual(model);
  });

  test('the veto removes only weak single hits', () => {
    const never = new Classifier({ ...model, threshold: 1, veto_below: 1 });
    const gate = createCombinedGate(candidateRules, never, 'veto-test', { vetoBelow: 1, wideVeto: true });
    // suicide family and vital-sign numbers are never vetoed, nor are two rules together
    for (const t of ['我不想活了', 'BP 220/130 with a severe headache', '胸口压着疼 出冷汗 左胳膊发麻 说话也不清楚了']) expect(gate.evaluate(t).decision).toBe('ESCALATE');
    expect(gate.evaluate('他突然晕倒了').category).toBe('learned_veto');
  });
});

describe('prerisk-2026.12.1 learned signal (benign traffic as PASS data)', () => {
  const file = RULESETS['prerisk-2026.12.1']?.learned?.model ?? '';
  const model = JSON.parse(readFileSync(modelPath(file), 'utf8')) as ClassifierModel;
  const rules121 = createPreRiskGate({ version: 'prerisk-2026.12.1', rulesOnly: true });

  test('fixed intercept, floored input scaling, calibrated threshold and veto', () => {
    expect(model.bias).toBe(CALIBRATION_2026_12_1.fixedBias);
    expect(model.norm_floor).toBe(CALIBRATION_2026_12_1.normFloor);
    expect(model.threshold).toBeGreaterThan(0.5);
    expect(model.threshold).toBeLessThan(1);
    expect(model.veto_below as number).toBeLessThan(model.threshold);
  });

  test('benign corpus: every source loaded, all PASS, no duplicate of a pre-risk case', () => {
    const benign = loadBenign();
    const sources = new Set(benign.map((b) => b.source));
    for (const s of BENIGN_SOURCES.filter((x) => x !== 'router-dev' || existsSync(ROUTER_DEV_PATH))) expect(sources).toContain(s);
    const key = (t: string) => t.replace(/\s+/g, '').toLowerCase();
    const c = loadCorpus(DEV_SET_PATH, EXTRA_SETS_ALL, BLIND_BATCHES_12_1);
    const prerisk = new Set([...c.dev, ...c.extra, ...Object.values(c.blind).flat()].map((x) => key(x.text)));
    expect(benign.filter((b) => prerisk.has(key(b.text)))).toEqual([]);
  });

  (existsSync(DEV_SET_PATH) && existsSync(ROUTER_DEV_PATH) ? test : test.skip)('equals a fresh training run on dev + extras 1-5 + batches 2-6 + benign traffic', () => {
    const tr = trainingCases12_1(loadCorpus(DEV_SET_PATH, EXTRA_SETS_ALL, BLIND_BATCHES_12_1), loadBenign());
    expect(trainClassifier(tr.cases, rules121, { groups: tr.groups, ...CALIBRATION_2026_12_1 })).toEqual(model);
  });

  test('a 12.0-style model (no fixedBias / normFloor) has no norm_floor and a learned bias', () => {
    const m = trainModel([{ text: '胸痛', escalate: true }, { text: '你好', escalate: false }]);
    expect(m.norm_floor).toBeUndefined();
    const f = trainModel([{ text: '胸痛', escalate: true }, { text: '你好', escalate: false }], { fixedBias: -2, normFloor: 40 });
    expect([f.bias, f.norm_floor]).toEqual([-2, 40]);
  });
});
