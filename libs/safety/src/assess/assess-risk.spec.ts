import { createPreRiskGate } from '../prerisk/gate';
import { assessRisk } from './assess-risk';

describe('assessRisk levels', () => {
  test('post-meal glucose high with occasional dizziness and no red flag is routine', () => {
    const r = assessRisk('体检餐后2小时血糖11.2，偶尔头晕，要紧吗');
    expect(r.level).toBe('routine');
    expect(r.seek_care).toBe('within_days');
    expect(r.vitals.glucose_mmol).toBe(11.2);
    expect(r.reasons.map((x) => x.code)).toContain('glucose_postmeal_diabetic');
    expect(r.advice_zh).toMatch(/复查/);
    expect(r.advice_en).toMatch(/HbA1c/);
  });

  test('reported raised glucose without numbers is routine', () => {
    expect(assessRisk('餐后血糖偏高、偶尔头晕').level).toBe('routine');
  });

  test('glucose 2.5 with confusion is an emergency', () => {
    const r = assessRisk('血糖2.5，人迷迷糊糊的，说话答非所问');
    expect(r.level).toBe('emergency');
    expect(r.seek_care).toBe('call_emergency_now');
    expect(r.reasons[0]?.code).toMatch(/^glucose\./);
    expect(r.reasons[0]?.evidence?.length).toBeGreaterThan(0);
  });

  test('extreme numbers without symptoms are urgent, not emergency', () => {
    expect(assessRisk('高压180低压110，没什么不舒服').level).toBe('urgent');
    expect(assessRisk('glucose 400 mg/dL, feel ok').level).toBe('urgent');
    expect(assessRisk('血糖2.8，手有点抖').level).toBe('urgent');
  });

  test('moderately abnormal numbers are routine; nothing abnormal is self-care', () => {
    expect(assessRisk('我爸62了，血压160/100').level).toBe('routine');
    expect(assessRisk('空腹6.8').level).toBe('routine');
    expect(assessRisk('二甲双胍缓释片跟普通片有啥区别').level).toBe('self_care');
  });

  test('a lone urgent symptom needs a same-day look unless described as mild', () => {
    expect(assessRisk('胸口闷，心率140').level).not.toBe('self_care');
    expect(assessRisk('偶尔胸口闷一下').level).toBe('routine');
  });

  test('pregnancy and infant context raise fever', () => {
    expect(assessRisk('怀孕32周，体温101F').level).toBe('urgent');
    expect(assessRisk('5个月的宝宝发烧38.5').level).toBe('urgent');
    // NICE NG143 (2019/2021): any infant under 3 months with T >= 38 is red (prerisk-2026.12.7).
    expect(assessRisk('出生3周的宝宝发烧38.2').level).toBe('emergency');
  });

  test('vitals are extracted and the age option overrides the text', () => {
    const r = assessRisk('怀孕32周，血压150/95，心率110，体温38.5℃，指脉氧93', { lang: 'zh' });
    expect(r.vitals).toMatchObject({ systolic: 150, diastolic: 95, heart_rate: 110, temperature_c: 38.5, spo2: 93, pregnancy_weeks: 32 });
    expect(r.level).toBe('urgent');
    expect(assessRisk('发烧38.3', { age: 0.1 }).vitals.age_years).toBe(0.1);
    expect(assessRisk('发烧38.3', { age: 0.1 }).level).not.toBe('self_care');
  });

  test('English works the same way', () => {
    const r = assessRisk("my dad's face is drooping and he can't lift his arm", { lang: 'en' });
    expect(r.level).toBe('emergency');
    expect(r.reasons[0]?.text_en).toMatch(/stroke/);
  });

  test('reports the rules version of the gate it used', () => {
    const gate = createPreRiskGate();
    expect(assessRisk('头痛', { gate }).rules_version).toBe(gate.version);
  });
});

describe('assessRisk with the coordinator verdict', () => {
  test('an escalated request is never graded below urgent, whatever text the task passes', () => {
    const plain = assessRisk('想问一下平时注意什么');
    expect(plain.level).toBe('self_care');
    const r = assessRisk('想问一下平时注意什么', { prerisk: { decision: 'ESCALATE', rule_ids: ['classifier'] } });
    expect(['urgent', 'emergency']).toContain(r.level);
    expect(r.emergency_guidance?.zh).toMatch(/今天/);
  });

  test('an emergency rule id from the gate makes it an emergency with that concept\'s guidance', () => {
    const r = assessRisk('他现在情况不太好', { prerisk: { decision: 'ESCALATE', rule_ids: ['arrest.not_breathing'] } });
    expect(r.level).toBe('emergency');
    expect(r.emergency_guidance?.zh).toMatch(/按压/);
    expect(r.emergency_guidance?.en).toMatch(/AED/);
  });

  test('a PASS verdict adds nothing', () => {
    const r = assessRisk('想问一下平时注意什么', { prerisk: { decision: 'PASS' } });
    expect(r.level).toBe('self_care');
    expect(r.emergency_guidance).toBeUndefined();
  });
});
