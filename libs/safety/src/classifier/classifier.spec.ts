import { readFileSync } from 'node:fs';
import { createPreRiskGate } from '../prerisk/gate';
import { currentRuleset } from '../rules/ruleset';
import { modelPath } from './models';
import { Classifier, createCombinedGate, featurize, loadModel, trainModel, type ClassifierModel } from './index';

const rules = createPreRiskGate({ rulesOnly: true });

describe('features', () => {
  test('deterministic, sorted, negation-scoped', () => {
    const a = featurize('没有胸痛 but no chest pain');
    expect([...a]).toEqual([...featurize('没有胸痛 but no chest pain')]);
    expect([...a]).toEqual([...a].sort((x, y) => x - y));
    const plain = new Set(featurize('胸痛 chest pain'));
    expect([...a].some((k) => !plain.has(k))).toBe(true);
  });
});

describe('the frozen learned signal named by data/ruleset.json', () => {
  const file = currentRuleset().learned?.model ?? '';
  const model = JSON.parse(readFileSync(modelPath(file), 'utf8')) as ClassifierModel;

  test('is small, calibrated and two-threshold', () => {
    expect(file).toBe('learned-signal.model.json');
    expect(readFileSync(modelPath(file)).length).toBeLessThan(1.5 * 1024 * 1024);
    expect(model.threshold).toBeGreaterThan(0);
    expect(model.threshold).toBeLessThan(1);
    expect(loadModel(file).thresholdLow).toBeLessThan(model.threshold);
  });

  test('separates an emergency description from a benign question', () => {
    const c = loadModel(file);
    expect(c.probability('我爸突然胸口剧痛，满头大汗，喘不上气')).toBeGreaterThan(c.probability('体检甲状腺结节3类，需要手术吗'));
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
    let checked = 0;
    for (const text of ['心梗的早期症状有哪些？', '我三年前得过一次脑梗，现在恢复得挺好', '没有胸痛，也没有呼吸困难，就是有点咳嗽']) {
      const a = rules.analyze(text);
      if (a.result.decision === 'PASS' && (a.result.suppressed ?? []).length > 0) {
        checked++;
        expect(gate.evaluate(text).decision).toBe('PASS');
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('an always-escalating classifier escalates an unsuppressed message', () => {
    expect(gate.evaluate('今天有点不舒服').decision).toBe('ESCALATE');
  });
});
