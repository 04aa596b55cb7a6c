import { normalizeText } from './normalize';
import { parseVitals } from './vitals';

const parse = (t: string) => parseVitals(t, normalizeText(t));

describe('parseVitals', () => {
  test('blood pressure in slash, words and Chinese high/low forms', () => {
    expect(parse('血压160/100').bp[0]).toMatchObject({ systolic: 160, diastolic: 100 });
    expect(parse('高压180低压110').bp[0]).toMatchObject({ systolic: 180, diastolic: 110 });
    expect(parse('BP 185 over 120').bp[0]).toMatchObject({ systolic: 185, diastolic: 120 });
    expect(parse('血压１５０／９５').bp[0]).toMatchObject({ systolic: 150, diastolic: 95 });
    expect(parse('日期11/30，比分3/1').bp).toEqual([]);
  });

  test('fetal heart rate is read apart from the mother\'s heart rate', () => {
    const v = parse('孕36周，心率88次/分，胎心率100次/分');
    expect(v.fetalHeartRate.map((r) => r.value)).toEqual([100]);
    expect(new Set(v.heartRate.map((r) => r.value))).toEqual(new Set([88]));
    const e = parse('fetal heart rate 175 bpm, maternal HR 96');
    expect(e.fetalHeartRate.map((r) => r.value)).toEqual([175]);
    expect(new Set(e.heartRate.map((r) => r.value))).toEqual(new Set([96]));
    expect(parse('FHR 100').heartRate).toEqual([]);
  });

  test('glucose in mmol/L with context, mg/dL converted, meter HI/LO', () => {
    expect(parse('餐后血糖11.2').glucose[0]).toMatchObject({ mmol: 11.2, context: 'post_meal' });
    expect(parse('空腹6.8').glucose[0]).toMatchObject({ mmol: 6.8, context: 'fasting' });
    expect(parse('餐后2小时血糖10.2').glucose[0]).toMatchObject({ mmol: 10.2, context: 'post_meal' });
    expect(parse('glucose 250 mg/dL').glucose[0]).toMatchObject({ mmol: 13.9, unit: 'mg_dl' });
    expect(parse('blood sugar 54').glucose[0]).toMatchObject({ mmol: 3, unit: 'mg_dl' });
    expect(parse('测血糖33点几').glucose[0]).toMatchObject({ mmol: 33 });
    expect(parse('血糖仪显示HI').glucose[0]).toMatchObject({ unit: 'meter_hi', mmol: 33.3 });
  });

  test('temperature in C and F, with and without units', () => {
    expect(parse('38.5℃').temperatureC[0]?.value).toBe(38.5);
    expect(parse('发烧39.8').temperatureC[0]?.value).toBe(39.8);
    expect(parse('temp 101F').temperatureC[0]?.value).toBe(38.3);
    expect(parse('肛温38.3度').temperatureC[0]?.value).toBe(38.3);
    expect(parse('发烧2天了，最高38.6').temperatureC.map((t) => t.value)).toEqual([38.6]);
  });

  test('heart rate and SpO2', () => {
    expect(parse('心率125').heartRate[0]?.value).toBe(125);
    expect(parse('pulse is 48 bpm').heartRate[0]?.value).toBe(48);
    expect(parse('指脉氧86').spo2[0]?.value).toBe(86);
    expect(parse('sats 91%').spo2[0]?.value).toBe(91);
  });

  test('ages in Chinese and English', () => {
    expect(parse('62岁').ages[0]?.years).toBe(62);
    expect(parse('我爸62了，最近血压高').ages[0]?.years).toBe(62);
    expect(parse('3个月大的宝宝').ages[0]?.years).toBeCloseTo(0.25);
    expect(parse('七个月的宝宝').ages[0]?.years).toBeCloseTo(7 / 12);
    expect(parse('宝宝一个半月').ages[0]?.years).toBeCloseTo(1.5 / 12);
    expect(parse('出生才5周').ages[0]?.years).toBeCloseTo(35 / 365);
    expect(parse('my 3 month old').ages[0]?.years).toBeCloseTo(0.25);
    expect(parse("I'm 55 and smoke").ages[0]?.years).toBe(55);
    expect(parse('My dad (70) is unwell').ages[0]?.years).toBe(70);
  });

  test('pregnancy weeks', () => {
    expect(parse('怀孕32周').pregnancyWeeks[0]?.value).toBe(32);
    expect(parse('孕34+2周').pregnancyWeeks[0]?.value).toBe(34);
    expect(parse('28 weeks pregnant').pregnancyWeeks[0]?.value).toBe(28);
    expect(parse('停经七周').pregnancyWeeks[0]?.value).toBe(7);
  });

  test('spans point into the original text', () => {
    const text = '今天量了血压 200/120，空腹血糖 7.1';
    const v = parse(text);
    for (const r of [...v.bp, ...v.glucose]) expect(text.slice(r.span.start, r.span.end)).toBe(r.span.text);
  });
});
