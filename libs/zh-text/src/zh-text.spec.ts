import { HAS_TRADITIONAL, TRAD_TO_SIMP, detectLang, findEntries, MEDICATIONS, nfkcLower, normaliseZh, normalizeText, toSimplified, topicsIn } from './index';

describe('zh-text', () => {
  it('one table: every pair folds one character to one other, so folding keeps lengths', () => {
    expect(TRAD_TO_SIMP.size).toBeGreaterThan(150);
    for (const [from, to] of TRAD_TO_SIMP) {
      expect([from.length, to.length, from === to, TRAD_TO_SIMP.has(to)]).toEqual([1, 1, false, false]);
    }
  });

  it('the OpenCC pairs fold Traditional text and leave Simplified text alone', () => {
    expect(toSimplified('約30分鐘前遭高壓電擊，山上執返嚟嘅菇，尋晚')).toBe('约30分钟前遭高压电击，山上执返嚟嘅菇，寻晚');
    const simplified = '什么干里后着发面只台系松了余征借制冲准历周于云';
    expect(toSimplified(simplified)).toBe(simplified);
  });

  // [input, normalizeText, normaliseZh]: 暈 was only in the safety table, 檢 only in the planner's.
  const folds: [string, string, string][] = [
    ['頭暈ＡＢＣ\u3000“嚴重嗎”', '头晕abc "严重吗"', '头晕ＡＢＣ\u3000“严重吗”'],
    ['檢查HbA1c', '检查hba1c', '检查HbA1c'],
    ['系唔系好严重', '系唔系好严重', '是不是好严重'],
    ['咋办', '咋办', '怎么办'],
  ];
  it.each(folds)('%s: length-preserving normalisation, then dialect folding', (input, normalized, folded) => {
    expect(normalizeText(input)).toHaveLength(input.length);
    expect([normalizeText(input), normaliseZh(input)]).toEqual([normalized, folded]);
  });

  it('traditional detection, NFKC form, vocabulary and language', () => {
    expect([toSimplified('暈'), HAS_TRADITIONAL.test('头晕'), nfkcLower('ＨｂＡ１ｃ')]).toEqual(['晕', false, 'hba1c']);
    expect(findEntries('Is METFORMIN safe with 布洛芬?', MEDICATIONS).map((e) => e.id)).toEqual(['metformin', 'ibuprofen']);
    expect(topicsIn('餐后血糖偏高，血压也高')).toEqual(['diabetes', 'hypertension']);
    expect([detectLang('血糖高'), detectLang('high blood sugar')]).toEqual(['zh', 'en']);
  });
});
