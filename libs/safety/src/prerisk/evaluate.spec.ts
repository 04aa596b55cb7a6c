import { InvalidEvalCasesError } from '../errors';
import { currentRuleset, withRules } from '../rules/ruleset';
import { benchPreRisk, checkPromotion, comparePreRisk, evaluatePreRisk, parsePreRiskCases, type PreRiskCase } from './evaluate';
import { createPreRiskGate, defaultPreRiskGate } from './gate';

const CASES: PreRiskCase[] = [
  { id: 'a', text: '突然嘴歪了，说话也不清楚', expected: 'ESCALATE', category: 'stroke' },
  { id: 'b', text: '胸口压榨样疼，出冷汗', expected: 'ESCALATE', category: 'heart_attack' },
  { id: 'c', text: '没有胸痛', expected: 'PASS', category: 'negated' },
  { id: 'd', text: '中风有哪些症状', expected: 'PASS', category: 'knowledge' },
];

describe('evaluatePreRisk', () => {
  test('scores recall, false escalations and per-family figures', () => {
    const r = evaluatePreRisk(CASES, defaultPreRiskGate());
    expect(r).toMatchObject({ n: 4, escalate_recall: 1, false_escalation_rate: 0, misses: [], false_alarms: [] });
    expect(r.per_family['stroke']).toEqual({ n: 1, caught: 1, recall: 1 });
    expect(r.per_pass_category['negated']).toEqual({ n: 1, false_alarms: 0, false_escalation_rate: 0 });
  });

  test('lists misses and false alarms with the matched rules', () => {
    const wrong: PreRiskCase[] = [
      { id: 'm', text: '今天天气不错', expected: 'ESCALATE', category: 'stroke' },
      { id: 'f', text: '突然嘴歪了', expected: 'PASS', category: 'none' },
    ];
    const r = evaluatePreRisk(wrong);
    expect(r.misses).toEqual([{ id: 'm', text: '今天天气不错', category: 'stroke' }]);
    expect(r.false_alarms[0]).toMatchObject({ id: 'f', matched: ['stroke.face_droop'] });
    expect(r.escalate_recall).toBe(0);
    expect(r.false_escalation_rate).toBe(1);
  });
});

describe('comparePreRisk and the promotion rule', () => {
  const weaker = createPreRiskGate({
    ruleset: withRules(currentRuleset(), 'prerisk-weaker', { remove: ['stroke.face_droop', 'stroke.two_signs', 'stroke.speech_sudden'] }),
    rulesOnly: true,
  });

  test('shows per-family deltas and blocks a candidate that loses a family', () => {
    const cmp = comparePreRisk(CASES, createPreRiskGate({ rulesOnly: true }), weaker);
    expect(cmp.newly_missed).toEqual(['a']);
    expect(cmp.per_family_delta['stroke']).toBe(-1);
    expect(cmp.delta.escalate_recall).toBeCloseTo(-0.5);
    expect(cmp.promotion.promote).toBe(false);
    expect(cmp.promotion.reasons.join(' ')).toMatch(/stroke recall drops/);
  });

  test('an equal candidate is promotable', () => {
    const same = createPreRiskGate({ ruleset: withRules(currentRuleset(), 'prerisk-same', {}) });
    const cmp = comparePreRisk(CASES, defaultPreRiskGate(), same);
    expect(cmp.promotion).toEqual({ promote: true, reasons: [] });
  });

  test('thresholds alone can block promotion', () => {
    const base = evaluatePreRisk(CASES);
    const poor = { ...base, escalate_recall: 0.9, false_escalation_rate: 0.1 };
    const d = checkPromotion(base, poor);
    expect(d.promote).toBe(false);
    expect(d.reasons).toHaveLength(2);
  });
});

describe('benchPreRisk', () => {
  test('reports mean latency per message', () => {
    const r = benchPreRisk(CASES.map((c) => c.text), defaultPreRiskGate(), 2);
    expect(r.messages).toBe(4);
    expect(r.iterations).toBe(2);
    expect(r.mean_us).toBeGreaterThan(0);
    expect(r.p95_us).toBeGreaterThanOrEqual(0);
  });
});

describe('parsePreRiskCases', () => {
  test('parses JSON lines and skips blanks', () => {
    const cases = parsePreRiskCases('{"id":"1","text":"x","expected":"PASS","category":"none"}\n\n');
    expect(cases).toHaveLength(1);
  });
  test('rejects malformed lines with a typed error', () => {
    expect(() => parsePreRiskCases('{oops')).toThrow(InvalidEvalCasesError);
    expect(() => parsePreRiskCases('{"id":"1","text":"x","expected":"MAYBE","category":"none"}')).toThrow(/line 1/);
  });
});
