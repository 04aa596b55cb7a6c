// Failure classes added in prerisk-2026.12.5, each checked through the rule that must fire
// (not only the decision), plus the knowledge / resolved-past frames that must stay PASS.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();
const fired = (t: string) => gate.analyze(t).fired.map((f) => f.rule.id);

describe('PreRiskGate 12.5 classes: the named rule fires', () => {
  test.each([
    ['suicide.burden_strong', '我就是家里的累赘，这个世界少了我一个也无所谓'],
    ['suicide.farewell_unreachable', '她发消息说以后你要好好照顾自己，然后把自己反锁在卧室里，敲门没有反应'],
    ['suicide.affairs_plus', '把游戏账号和密码都发给室友了，反正我以后也用不上了'],
    ['anaphylaxis.exposure_systemic', '吃了开心果以后吃了氯雷他定，嗓子还是越来越紧'],
    ['pregnancy.fetal_heart_abnormal', '孕37周，胎心率92次/分'],
    ['pregnancy.fetal_heart_abnormal', 'G2P1 at 36 weeks, FHR 178 on the monitor'],
    ['pregnancy.abruption_signs', '孕33周，突然腹痛，子宫张力高'],
    ['pregnancy.bleeding', '31wks preg, bleeding heavily'],
    ['poison.large_ingestion', '男，30岁，1小时前一次服用布洛芬约50片，目前无不适'],
    ['poison.qrs_after_ingestion', 'took a lot of amitriptyline, ECG shows a widened QRS'],
    ['poison.battery_magnet', '3岁孩子刚才把两颗磁力珠吞下去了'],
    ['poison.battery_magnet', 'my toddler swallowed a button battery from a watch'],
    ['glucose.ketones_plus', '1型糖尿病，呕吐腹痛，血糖25 mmol/L，血酮3.8 mmol/L'],
    ['glucose.high_dka_breathing', 'type 1 diabetic with Kussmaul breathing, glucose 30 mmol/L'],
    ['cardiac.chest_pain_plus', 'xiong kou teng, mao leng han'],
    ['headache.meningism', '头痛得厉害，脖子发硬，吐了好几次'],
  ])('%s: %s', (rule, text) => {
    expect(fired(text)).toContain(rule);
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe('PreRiskGate 12.5 classes: frames that stay PASS', () => {
  test.each([
    '心脏骤停到底是啥样的？我在写剧本要用',
    '脑出血发作时家属该做哪些事？想提前学一下以防万一',
    '去年孩子吃糖噎住过，当时拍背咳出来了，现在完全没事，想学学急救方法',
    '那时候压力大有过轻生的想法，现在治疗两年状态很好，想问怎么减药',
    '纽扣电池为什么这么危险？想给家里的收好',
    '孕29周，偶尔假性宫缩，不疼',
    '孕24周，胎心150次/分，一切正常',
    '我搬家把旧衣服都捐了，心情很好',
  ])('%s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});
