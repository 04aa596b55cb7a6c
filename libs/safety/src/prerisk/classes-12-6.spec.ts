// Failure classes added in prerisk-2026.12.6, each checked through the rule that must fire
// (not only the decision), plus the screen / joke / past / negated frames that must stay PASS.
// Sentences are our own neighbouring forms, not the blind batch's texts.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();
const fired = (t: string) => gate.analyze(t).fired.map((f) => f.rule.id);

describe('PreRiskGate 12.6 classes: the named rule fires', () => {
  test.each([
    ['poison.large_ingestion', '25片布洛芬 刚吞的'],
    ['poison.large_ingestion', 'she took the whole bottle of citalopram'],
    ['poison.unknown_count', '他吃了安眠药，不知道吃了多少片'],
    ['poison.child_high_risk_med', '孙子吞了爷爷降糖药，十分钟前'],
    ['poison.digoxin_toxicity', 'grandpa is on digoxin and today he is seeing everything yellow'],
    ['poison.hydrocarbon', '小孩嘴里一股煤油味，一直在咳'],
    ['poison.paracetamol_toxic', '服用对乙酰氨基酚约10 g，4小时血药浓度160 mg/L'],
    ['pregnancy.ectopic_picture', '6 weeks pregnant, pain low down on the right side and my shoulder tip hurts'],
    ['infant.neonatal_sepsis', '新生儿生后第8天，体温38.3℃，前囟饱满'],
  ])('%s: %s', (rule, text) => {
    expect(fired(text)).toContain(rule);
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe('PreRiskGate 12.6 classes: frames that stay PASS', () => {
  test.each([
    'just binged House, what actually is a pulmonary embolism',
    '加班被气到心肌梗塞了😂 说正经的，熬夜伤心脏吗',
    '女，68岁，服华法林，INR 2.3（目标2-3），无鼻出血、血尿、黑便。',
    '我外婆那辈人说误服农药要灌肥皂水，这个有科学依据吗',
    '上个月说过一次不想活了，其实就是气话，早和好了，最近睡眠不好',
    '我爸一直吃地高辛，要注意哪些饮食',
  ])('%s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});

describe('negation over an enumeration comma', () => {
  test('affirmed list items still escalate', () => {
    expect(gate.evaluate('口服华法林，有牙龈出血、黑便').decision).toBe('ESCALATE');
  });
});
