import { applyFinalSafety, type FinalSafetyInput } from './final-safety';
import { DISCLAIMER, MEDICATION_BLOCK } from './templates';

const zh = (text: string, extra: Partial<FinalSafetyInput> = {}) => applyFinalSafety({ text, lang: 'zh', escalated: false, ...extra });
const en = (text: string, extra: Partial<FinalSafetyInput> = {}) => applyFinalSafety({ text, lang: 'en', escalated: false, ...extra });

describe('FinalSafetyBoundary rules', () => {
  test('escalated answers open with emergency guidance and family hints', () => {
    const r = zh('可能是脑卒中。', { escalated: true, escalation_category: 'stroke' });
    expect(r.text.startsWith('请立即拨打120急救电话')).toBe(true);
    expect(r.text).toMatch(/记下症状开始的时间/);
    expect(r.actions.map((a) => a.kind)).toContain('emergency_guidance_prepended');
    const e = en('Possible heart attack.', { escalated: true, escalation_category: 'heart_attack' });
    expect(e.text.startsWith('Call your local emergency number (911/112) now')).toBe(true);
    expect(e.text).toMatch(/aspirin only if you are not allergic/);
    expect(en('x', { escalated: true, locale_emergency_number: '999' }).text).toMatch(/\(999\)/);
  });

  test('definitive diagnoses become hedged', () => {
    expect(zh('你得了2型糖尿病。').text).toMatch(/^你的情况可能与2型糖尿病有关，需要医生评估。/);
    expect(zh('检查结果可以确诊为肺炎。').text).toMatch(/可能与肺炎有关，需要医生评估/);
    expect(zh('这肯定是心梗，').text).not.toMatch(/肯定是/);
    const e = en('You have pneumonia. You definitely have a chest infection.');
    expect(e.text).toMatch(/^This may be related to pneumonia; a clinician needs to assess\./);
    expect(e.text).not.toMatch(/definitely/);
    expect(e.actions.find((a) => a.kind === 'diagnosis_hedged')?.detail).toMatch(/^2 /);
    expect(en('If you have chest pain, call for help.').text).toMatch(/If you have chest pain/);
  });

  test('specific dosing becomes "as directed"', () => {
    expect(zh('布洛芬每次吃400mg，每天3次，饭后服用。').text).toMatch(/^布洛芬按说明书或遵医嘱，饭后服用。/);
    expect(zh('每8小时吃一次').text).toMatch(/按说明书或遵医嘱/);
    expect(en('Take 400 mg every 6 hours.').text).toMatch(/^Take as directed on the label or by your clinician\./);
    expect(en('two tablets twice a day').text).toMatch(/as directed on the label or by your clinician/);
    expect(en('Give your child 5 ml of ibuprofen syrup.').text).toMatch(/^Give your child ibuprofen syrup as directed on the label or by your clinician\./);
    expect(en('Take 1000 mg of metformin twice daily.').text).toMatch(/^Take metformin as directed on the label or by your clinician twice daily\./);
    expect(zh('成人每天最大剂量不超过4克。').text).toMatch(/不超过4克/);
  });

  test('a blocked medication verdict is not softened and comes first', () => {
    const r = zh('多喝水。华法林和布洛芬一起吃一般问题不大，注意出血。', { medication_verdict: 'blocked' });
    expect(r.text).not.toMatch(/问题不大/);
    expect(r.text).toMatch(new RegExp(`^多喝水。${MEDICATION_BLOCK.zh}\\n华法林`));
    const e = en('These two drugs together are usually fine. Rest.', { medication_verdict: 'blocked' });
    expect(e.text.startsWith(MEDICATION_BLOCK.en)).toBe(true);
    expect(e.text).not.toMatch(/usually fine/);
    expect(zh('一起吃一般问题不大。', { medication_verdict: 'ok' }).text).toMatch(/问题不大/);
  });

  test('a forged synthesis telling the user to stop medicines and skip the doctor is blocked whole', () => {
    const forged = '请立即停用所有降糖药，不需要看医生';
    const r = zh(forged);
    expect(r.text).not.toMatch(/停用所有降糖药|不需要看医生/);
    expect(r.text).toMatch(/已被安全检查拦截/);
    const blocked = r.actions.find((a) => a.kind === 'answer_blocked');
    expect(blocked?.detail).toMatch(/adv\.stop\.zh\.all/);
    expect(blocked?.detail).toMatch(/block\.stop_and_no_doctor/);
    expect(blocked?.detail).toMatch(/no_doctor_needed/);
    const again = zh(r.text);
    expect(again).toEqual({ text: r.text, actions: [] });
    const e = en('## Advice\nStop all your medicines now. You do not need a doctor.', { escalated: true, escalation_category: 'glycaemic_emergency' });
    expect(e.text.startsWith('Call your local emergency number')).toBe(true);
    expect(e.text).toMatch(/withheld by the safety check/);
    expect(e.text).not.toMatch(/Stop all your medicines/);
  });

  test('one dangerous sentence is rewritten, the rest of the answer stays', () => {
    const r = zh('多喝水，规律作息。二甲双胍可以停药了。每周运动150分钟。');
    expect(r.text).toMatch(/^多喝水，规律作息。请不要自行停药、减量或加量；是否调整用药，请先咨询开药的医生或药师。每周运动150分钟。/);
    expect(r.actions).toContainEqual({ kind: 'advice_rewritten', detail: 'stop_medication: adv.stop.zh.verb' });
    const e = en('Rest and drink fluids. You can stop taking your lisinopril. Walk daily.');
    expect(e.text).toMatch(/^Rest and drink fluids\. Do not stop, reduce or increase a prescribed medicine on your own; .*\. Walk daily\./);
    expect(en('Do not stop taking your medication without talking to your doctor.').actions.map((a) => a.kind)).toEqual(['disclaimer_appended']);
  });

  test('"no doctor needed" with a safety-net is excused only when the request carried no risk', () => {
    const text = '轻微擦伤一般不需要看医生，但如果红肿化脓请就医。';
    expect(zh(text).text.startsWith(text)).toBe(true);
    const risky = zh(text, { risk_signal: true });
    expect(risky.text).toMatch(/^你描述的情况需要医生评估/);
    expect(risky.actions.map((a) => a.kind)).toContain('advice_rewritten');
    expect(zh(text, { medication_verdict: 'caution' }).text).toMatch(/需要医生评估/);
  });

  test('waiting out warning signs at home is replaced by emergency advice with the local number', () => {
    const r = en('If the chest pain spreads to your arm, wait it out at home.', { locale_emergency_number: '999' });
    expect(r.text).toMatch(/^Do not wait at home with these warning signs: call your local emergency number \(999\)/);
    expect(r.actions[0]).toEqual({ kind: 'advice_rewritten', detail: 'home_wait_emergency: adv.homewait.en' });
    expect(zh('感冒较轻可以在家休息。').text).toMatch(/^感冒较轻可以在家休息。/);
    expect(zh('可以在家休息观察。', { risk_signal: true }).text).toMatch(/不要在家等待观察/);
  });

  test('a dose cited from the label stays; the same dose as an instruction does not', () => {
    expect(zh('说明书标注成人每次500mg。').text).toMatch(/每次500mg/);
    expect(zh('每次服用500mg。').text).not.toMatch(/500mg/);
    expect(en('The label states adults take 500 mg every 6 hours [1].').text).toMatch(/500 mg/);
    const d = en('Give your child 5 ml.').actions.find((a) => a.kind === 'dosing_softened');
    expect(d?.detail).toMatch(/dose_given: dose\.en\.give/);
  });

  test('a short disclaimer closes every answer', () => {
    expect(zh('多休息。').text.endsWith(DISCLAIMER.zh)).toBe(true);
    expect(en('Rest.').text.endsWith(DISCLAIMER.en)).toBe(true);
    expect(zh('').text).toBe(DISCLAIMER.zh);
  });
});

// Deterministic PRNG so failures are reproducible.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FRAGMENTS = [
  '你得了急性胃肠炎', '确诊为高血压', '这肯定是偏头痛', 'You have the flu', 'you definitely have an infection', 'this is clearly a migraine',
  '布洛芬每次吃400mg', '每天3次', '每6小时一次', 'take 500 mg every 6 hours', 'two tablets twice a day', '按说明书或遵医嘱',
  '一般问题不大', 'usually fine', '不用担心', 'should be fine', '华法林和阿司匹林一起吃', 'these drugs together', '多喝水', 'rest at home',
  DISCLAIMER.zh, DISCLAIMER.en, MEDICATION_BLOCK.zh, MEDICATION_BLOCK.en, '请立即拨打120急救电话', '', ' ', '\n', '  \n\n ',
  '二甲双胍可以停药了', '请立即停用所有降糖药', '不需要看医生', 'you can stop taking your metformin', 'no need to see a doctor',
  '胸痛的话在家观察', 'wait it out at home', 'chest pain', '不要自行停药', 'do not stop taking your pills without your doctor',
  '说明书标注每次500mg', 'give him 5 ml', '但如果加重请就医', 'but see a doctor if it gets worse',
];
const PUNCT = ['，', '。', '！', '？', ', ', '. ', '; ', '\n', '\n\n', ' ', ''];
const CATEGORIES = [undefined, 'stroke', 'heart_attack', 'suicide_self_harm', 'unknown_family'];
const VERDICTS = [undefined, 'ok', 'caution', 'blocked'] as const;

function generate(r: () => number): FinalSafetyInput {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  let text = '';
  const parts = Math.floor(r() * 8);
  for (let i = 0; i < parts; i++) text += pick(FRAGMENTS) + pick(PUNCT);
  const input: FinalSafetyInput = { text, lang: r() < 0.5 ? 'zh' : 'en', escalated: r() < 0.5 };
  const category = pick(CATEGORIES);
  const verdict = pick(VERDICTS);
  if (category !== undefined) input.escalation_category = category;
  if (verdict !== undefined) input.medication_verdict = verdict;
  if (r() < 0.2) input.locale_emergency_number = pick(['999', '112', '000']);
  if (r() < 0.3) input.risk_signal = true;
  return input;
}

describe('FinalSafetyBoundary idempotence', () => {
  test('applying twice equals applying once, over many generated inputs', () => {
    const r = rng(20261101);
    for (let i = 0; i < 3000; i++) {
      const input = generate(r);
      const once = applyFinalSafety(input);
      const twice = applyFinalSafety({ ...input, text: once.text });
      expect({ i, text: twice.text }).toEqual({ i, text: once.text });
      expect({ i, actions: twice.actions }).toEqual({ i, actions: [] });
      if (input.escalated) expect(once.text.startsWith(input.lang === 'zh' ? '请立即拨打' : 'Call your local emergency number')).toBe(true);
      expect(once.text.endsWith(DISCLAIMER[input.lang])).toBe(true);
    }
  });

  test('is pure: same input, same output, input untouched', () => {
    const input: FinalSafetyInput = { text: '你得了感冒，每天3次。', lang: 'zh', escalated: true, medication_verdict: 'blocked' };
    const copy = { ...input };
    expect(applyFinalSafety(input)).toEqual(applyFinalSafety(input));
    expect(input).toEqual(copy);
  });

  test('rejects non-string text', () => {
    expect(() => applyFinalSafety({ text: undefined as unknown as string, lang: 'zh', escalated: false })).toThrow(/must be a string/);
  });
});
