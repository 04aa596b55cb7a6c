import { analyzeSymptoms, defaultSymptomAnalyzer, SymptomError } from './index';
import type { SymptomAnalysis } from './types';

const ids = (r: SymptomAnalysis): string[] => r.candidates.map((c) => c.condition_id);
const top = (text: string, opts?: Parameters<typeof analyzeSymptoms>[1]): string | undefined =>
  ids(analyzeSymptoms(text, opts))[0];

describe('analyzeSymptoms: everyday presentations', () => {
  it('seed: post-meal high glucose with dizziness → diabetes in the top 3, with reasons and HbA1c/OGTT', () => {
    const r = analyzeSymptoms('我最近餐后血糖偏高、偶尔头晕');
    expect(r.symptoms.map((s) => s.canonical)).toEqual(['餐后血糖高', '头晕']);
    const rank = ids(r).indexOf('cc:diabetes-hyperglycaemia');
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(rank).toBeLessThan(3);
    const c = r.candidates[rank]!;
    expect(c.reasons[0]).toBe('症状『餐后血糖高』『头晕』与该病常见表现相符');
    expect(c.suggested_tests.join(' ')).toMatch(/HbA1c/);
    expect(c.suggested_tests.join(' ')).toMatch(/OGTT/);
    expect(c.source).toMatch(/ADA|糖尿病/);
    expect(r.unrecognized).toEqual([]);
  });

  it('night-time big-toe pain with a red, swollen, hot joint → gout first', () => {
    const r = analyzeSymptoms('最近老是半夜被大脚趾疼醒，关节又红又肿还发烫');
    expect(ids(r)[0]).toBe('cc:gout-flare');
    expect(r.candidates[0]!.matched_symptoms).toEqual(
      expect.arrayContaining(['大脚趾疼', '夜间疼痛', '关节红肿']),
    );
    expect(r.candidates[0]!.suggested_tests.join(' ')).toMatch(/尿酸/);
  });

  it('English: burning when peeing and frequency → UTI in the top 3 with English reasons', () => {
    const r = analyzeSymptoms('burning when I pee and need to go all the time');
    const rank = ids(r).indexOf('cc:uti');
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(rank).toBeLessThan(3);
    expect(r.candidates[rank]!.reasons[0]).toBe(
      'matches typical features: painful urination, frequent urination',
    );
    expect(r.candidates[rank]!.suggested_tests.join(' ')).toMatch(/urinalysis/i);
  });

  it.each([
    ['心慌手抖出冷汗，特别容易饿', 'cc:hypoglycaemia'],
    ['一站起来就头晕眼前发黑', 'cc:orthostatic-hypotension'],
    ['翻身时天旋地转，恶心想吐', 'cc:bppv'],
    ['怕冷、乏力、体重增加、便秘', 'cc:hypothyroidism'],
    ['反复咳嗽咳痰，活动后气短，双下肢水肿，夜间不能平卧', 'cc:heart-failure'],
    ['throbbing headache on one side with nausea and sensitivity to light', 'cc:migraine'],
    ["I feel tired all the time, gained weight and I'm always cold", 'cc:hypothyroidism'],
    ['sneezing, runny nose, itchy eyes every spring', 'cc:allergic-rhinitis'],
  ])('%s → %s first', (text, expected) => {
    expect(top(text)).toBe(expected);
  });
});

describe('negation', () => {
  it('Chinese: negated symptoms are listed but do not count', () => {
    const r = analyzeSymptoms('没有发烧，不咳嗽，就是嗓子疼');
    expect(r.symptoms.map((s) => [s.canonical, s.negated])).toEqual([
      ['发热', true],
      ['咳嗽', true],
      ['咽痛', false],
    ]);
    for (const c of r.candidates) expect(c.matched_symptoms).toEqual(['咽痛']);
  });

  it('Chinese: a negation carries across a 、 list but not past a new clause', () => {
    const r = analyzeSymptoms('没有发烧、咳嗽，但是拉肚子');
    expect(r.symptoms.map((s) => s.negated)).toEqual([true, true, false]);
    expect(analyzeSymptoms('没有明显诱因出现头痛').symptoms[0]?.negated).toBe(false);
    expect(analyzeSymptoms('头痛，未见发热').symptoms.map((s) => s.negated)).toEqual([false, true]);
  });

  it('English: "denies" covers a comma list; "no X, but Y" keeps Y', () => {
    const denied = analyzeSymptoms('denies chest pain, shortness of breath, or palpitations');
    expect(denied.symptoms.map((s) => s.negated)).toEqual([true, true, true]);
    expect(denied.candidates).toEqual([]);
    const r = analyzeSymptoms("no fever, but a bad cough and I don't feel dizzy");
    expect(r.symptoms.map((s) => [s.canonical, s.negated])).toEqual([
      ['fever', true],
      ['cough', false],
      ['dizziness', true],
    ]);
  });
});

describe('text handling', () => {
  it('folds full-width input and reports offsets into the original string', () => {
    const text = 'ｎｏ　ｆｅｖｅｒ，ｂｕｔ　ｓｏｒｅ　ｔｈｒｏａｔ';
    const r = analyzeSymptoms(text);
    expect(r.symptoms.map((s) => [s.canonical, s.negated])).toEqual([
      ['fever', true],
      ['sore throat', false],
    ]);
    for (const s of r.symptoms) expect(text.slice(s.start, s.end)).toBe(s.matched);
    expect(r.symptoms[1]!.matched).toBe('ｓｏｒｅ　ｔｈｒｏａｔ');
  });

  it('reports unknown words in both languages, without filler words', () => {
    expect(analyzeSymptoms('我最近总是咯咯哒然后头痛').unrecognized).toEqual(['咯咯哒']);
    const en = analyzeSymptoms('I have a headache and a zorblax in my elbow');
    expect(en.symptoms.map((s) => s.canonical)).toEqual(['headache']);
    expect(en.unrecognized).toEqual(['zorblax', 'elbow']);
  });

  it('handles empty and symptom-free text', () => {
    expect(analyzeSymptoms('')).toEqual({ symptoms: [], candidates: [], unrecognized: [] });
    const r = analyzeSymptoms('今天天气很好');
    expect(r.candidates).toEqual([]);
    expect(r.unrecognized).toEqual(['天气']);
  });
});

describe('options', () => {
  it('answers in the requested language regardless of the input language', () => {
    const r = analyzeSymptoms('尿痛，尿频', { lang: 'en', limit: 2 });
    expect(r.candidates).toHaveLength(2);
    expect(r.candidates[0]!.name).toBe('Urinary tract infection (cystitis)');
    expect(r.symptoms.map((s) => s.canonical)).toEqual(['painful urination', 'frequent urination']);
    expect(r.candidates[0]!.reasons.join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('drops conditions impossible for the given sex', () => {
    const text = '阴道出血，白带异常';
    expect(analyzeSymptoms(text, { sex: 'female' }).candidates.length).toBeGreaterThan(0);
    expect(analyzeSymptoms(text, { sex: 'male' }).candidates).toEqual([]);
  });

  it('ranks childhood conditions lower for adults and says so', () => {
    const child = analyzeSymptoms('喘鸣，发热', { age: 2 });
    const adult = analyzeSymptoms('喘鸣，发热', { age: 40 });
    expect(ids(child)[0]).toBe('mvqa:asthmatoid-bronchitis');
    const rank = ids(adult).indexOf('mvqa:asthmatoid-bronchitis');
    expect(rank).toBeGreaterThan(0);
    expect(adult.candidates[rank]!.reasons.join(' ')).toMatch(/儿童/);
  });

  it('defaults to 5 candidates and rejects malformed input', () => {
    expect(analyzeSymptoms('头痛').candidates).toHaveLength(5);
    const bad = (fn: () => unknown): void =>
      expect(fn).toThrow(expect.objectContaining({ name: 'SymptomError', code: 'SYMPTOM_BAD_INPUT' }));
    bad(() => analyzeSymptoms('x'.repeat(5001)));
    bad(() => analyzeSymptoms(42 as unknown as string));
    bad(() => analyzeSymptoms('头痛', { age: -1 }));
    expect(() => analyzeSymptoms('头痛', { lang: 'fr' as 'zh' })).toThrow(SymptomError);
  });
});

describe('runtime behaviour', () => {
  it('is a process-wide singleton and deterministic', () => {
    expect(defaultSymptomAnalyzer()).toBe(defaultSymptomAnalyzer());
    const text = '发烧咳嗽咳黄痰胸痛';
    expect(analyzeSymptoms(text)).toEqual(analyzeSymptoms(text));
    expect(top(text)).toBe('cc:community-pneumonia');
  });

  // Latency is a benchmark, not a timed test: `medagent bench latency` (budget 3 ms).
});
