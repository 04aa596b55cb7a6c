import { assessRisk } from './assess-risk';
import { readMeasurements } from './measures';

describe('numbers against guideline bands', () => {
  it('reads HbA1c 6.1 % as prediabetes and 6.8 % as the diabetic range', () => {
    const [a] = readMeasurements('体检糖化6.1%，算糖尿病吗');
    expect(a).toMatchObject({ id: 'hba1c', value: 6.1 });
    expect(a?.band_zh).toContain('糖尿病前期');
    expect(readMeasurements('my A1c was 6.8%')[0]?.band_en).toContain('diabetes range');
  });

  it('converts mg/dL and grades blood pressure by the higher of the two numbers', () => {
    expect(readMeasurements('LDL 190 mg/dL')[0]?.value).toBeCloseTo(4.91, 1);
    const bp = readMeasurements('在家量血压总在145/102左右').find((m) => m.id === 'bp');
    expect(bp?.band_zh).toContain('2级');
  });

  it('does not read a target as a measurement', () => {
    expect(readMeasurements('尿酸要控制到360以下才算达标吗')).toEqual([]);
  });
});

describe('assess_risk: a condition needing a treatment decision is never self-care', () => {
  it.each([
    ['Just diagnosed with atrial fibrillation. I\'m 71 with high blood pressure. Do I need a blood thinner?', 'td_af_cha2ds2vasc'],
    ['41岁男，LDL 5.2，没有其他毛病，要吃他汀吗？', 'td_ldl_very_high'],
    ['My A1c is 7.4 and I feel fine', 'td_hba1c_diabetic'],
    ['My eGFR came back at 52', 'td_egfr_below_60'],
    ['血压165/102，没有不舒服', 'td_bp_grade2'],
  ])('%s', (text, rule) => {
    const a = assessRisk(text);
    expect(a.level).not.toBe('self_care');
    expect(a.treatment_decisions?.map((d) => d.rule_id)).toContain(rule);
    expect(`${a.advice_zh}${a.advice_en}`).toMatch(/数周内|within the next few weeks/);
  });

  it('AF at 50 with nothing else stays below the anticoagulation line', () => {
    expect(assessRisk('I am 50 and have atrial fibrillation, otherwise healthy').treatment_decisions).toBeUndefined();
  });
});

describe('assess_risk: a number outside its healthy band is not watchful waiting', () => {
  it('prediabetes-range HbA1c with obesity is at least routine, a normal HbA1c is not raised', () => {
    expect(assessRisk('I am 45, BMI 33, my A1c is 6.2').level).toBe('routine');
    expect(assessRisk('my A1c is 5.2, just curious').reasons.some((r) => r.code.startsWith('measure_'))).toBe(false);
  });
});
