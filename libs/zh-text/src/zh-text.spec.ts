import { HAS_TRADITIONAL, TRAD_TO_SIMP, detectLang, findEntries, MEDICATIONS, nfkcLower, normaliseZh, normalizeText, toSimplified, topicsIn } from './index';

describe('zh-text', () => {
  it('one table: every pair folds one character to one other, so folding keeps lengths', () => {
    expect(TRAD_TO_SIMP.size).toBeGreaterThan(150);
    for (const [from, to] of TRAD_TO_SIMP) {
      expect([from.length, to.length]).toEqual([1, 1]);
      expect(from).not.toBe(to);
      // A simplified form is never itself a key: folding twice changes nothing.
      expect(TRAD_TO_SIMP.has(to)).toBe(false);
    }
  });

  it('normalizeText is length-preserving: case, width, traditional characters, punctuation', () => {
    const t = '頭暈ＡＢＣ　“嚴重嗎”檢驗HbA1c';
    const n = normalizeText(t);
    expect(n).toHaveLength(t.length);
    expect(n).toBe('头晕abc "严重吗"检验hba1c');
  });

  it('safety and planner fold the same characters (the former two tables, merged)', () => {
    // 暈 was only in the safety table, 檢 only in the planner's.
    expect(toSimplified('暈')).toBe('晕');
    expect(normaliseZh('檢查')).toBe('检查');
    expect(normalizeText('檢')).toBe('检');
    expect(HAS_TRADITIONAL.test('头晕')).toBe(false);
  });

  it('dialect folding rewrites Cantonese and regional question forms', () => {
    expect(normaliseZh('系唔系好严重')).toBe('是不是好严重');
    expect(normaliseZh('咋办')).toBe('怎么办');
    expect(normaliseZh('空腹血糖多少算正常')).toBe('空腹血糖多少算正常');
  });

  it('NFKC comparison form, vocabulary and language detection', () => {
    expect(nfkcLower('ＨｂＡ１ｃ')).toBe('hba1c');
    expect(findEntries('Is METFORMIN safe with 布洛芬?', MEDICATIONS).map((e) => e.id)).toEqual(['metformin', 'ibuprofen']);
    expect(topicsIn('餐后血糖偏高，血压也高')).toEqual(['diabetes', 'hypertension']);
    expect(detectLang('血糖高')).toBe('zh');
    expect(detectLang('high blood sugar')).toBe('en');
  });
});
