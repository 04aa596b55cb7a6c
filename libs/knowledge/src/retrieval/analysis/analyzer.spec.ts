import { Analyzer, defaultAnalyzer } from './analyzer';

describe('Analyzer', () => {
  it('turns a CJK run into unigrams and overlapping bigrams (ES cjk_bigram with unigrams)', () => {
    expect(defaultAnalyzer.tokens('糖尿病')).toEqual(['糖', '尿', '病', '糖尿', '尿病']);
  });

  it('emits a lone CJK character as a unigram even without unigram output', () => {
    const a = new Analyzer({ cjkUnigrams: false });
    expect(a.tokens('糖尿病')).toEqual(['糖尿', '尿病']);
    expect(a.tokens('痛')).toEqual(['痛']);
  });

  it('does not bigram across punctuation or script changes', () => {
    const t = defaultAnalyzer.tokens('血糖，头晕');
    expect(t).toContain('血糖');
    expect(t).toContain('头晕');
    expect(t).not.toContain('糖头');
  });

  it('handles mixed Chinese and English: Latin words are stemmed, CJK bigrammed, digits kept', () => {
    const t = defaultAnalyzer.tokens('2型糖尿病患者的HbA1c≥6.5%，with diabetic complications');
    expect(t).toEqual(
      expect.arrayContaining(['2', '型糖', '糖尿', '尿病', 'hba1c', '6.5', 'diabet', 'complic']),
    );
    expect(t).not.toContain('with');
  });

  it('folds full-width Latin and digits (cjk_width) and lowercases', () => {
    expect(defaultAnalyzer.tokens('ＨＢＡ１Ｃ　１１．１')).toEqual(defaultAnalyzer.tokens('hba1c 11.1'));
  });

  it('applies English stop words and possessives like the ES english analyzer', () => {
    expect(defaultAnalyzer.tokens("The patient's symptoms are not specific")).toEqual([
      'patient',
      'symptom',
      'specif',
    ]);
  });

  it('counts with a weight, so title terms can count more than body terms', () => {
    const c = defaultAnalyzer.counts('heart failure', new Map(), 2);
    defaultAnalyzer.counts('heart', c);
    expect(c.get('heart')).toBe(3);
    expect(c.get('failur')).toBe(2);
  });

  it('encodes its options in its version (persisted indexes are keyed by it)', () => {
    expect(new Analyzer({ stem: false }).version).not.toBe(defaultAnalyzer.version);
  });
});
