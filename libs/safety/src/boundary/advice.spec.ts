import { ADVICE_RULES, BLOCK_COMBINATIONS, DOSE_RULES, SAFE_FORMS } from './advice-rules';
import { screenAdvice, sentenceChunks, sentenceFindings, softenDoses } from './advice';
import { ADVICE_TEMPLATES, blockedFallback, homeWaitTemplate } from './templates';

describe('advice rules data', () => {
  test('ids are unique and every rule names a source', () => {
    const ids = [...ADVICE_RULES, ...SAFE_FORMS, ...DOSE_RULES, ...BLOCK_COMBINATIONS].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of [...ADVICE_RULES, ...DOSE_RULES]) expect(r.source.length).toBeGreaterThan(5);
  });

  test('no template or fallback matches a rule, with or without risk (what keeps the boundary idempotent)', () => {
    const texts = [
      ...Object.values(ADVICE_TEMPLATES).flatMap((t) => [t.zh, t.en]),
      ...(['zh', 'en'] as const).flatMap((l) => [homeWaitTemplate(l, '120'), blockedFallback(l, '911/112')]),
    ];
    for (const t of texts) {
      for (const risk of [false, true]) {
        expect({ t, risk, found: sentenceChunks(t).flatMap((s) => sentenceFindings(s.trim(), risk)) }).toEqual({ t, risk, found: [] });
        expect(softenDoses(t).count).toBe(0);
      }
    }
  });

  test('sentence chunks cover the text exactly', () => {
    for (const t of ['A. B! C? 中文。英文\n x', 'Take 2.5 ml. Then rest', '', '“引号。”后面']) expect(sentenceChunks(t).join('')).toBe(t);
  });

  test('a blocked answer is the fallback; its findings name every rule', () => {
    const r = screenAdvice('Rest well. Stop all your medicines now. No need to see a doctor.', { lang: 'en', risk: false, emergencyNumber: '999' });
    expect(r.text).toBe(blockedFallback('en', '999'));
    expect(r.blocked).toEqual(['adv.stop.en.all', 'block.stop_and_no_doctor']);
    expect(r.findings.map((f) => f.reason)).toEqual(expect.arrayContaining(['stop_medication', 'no_doctor_needed']));
  });
});
