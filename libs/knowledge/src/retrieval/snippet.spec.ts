import { defaultAnalyzer } from './analysis/analyzer';
import { bestPassage } from './snippet';

const q = (s: string) => defaultAnalyzer.counts(s);

describe('bestPassage', () => {
  const filler = 'This sentence talks about general health topics. '.repeat(8);
  const text = `${filler}Metformin can cause nausea, so take it with food. ${filler}Insulin is injected.`;

  it('returns short texts whole, with whitespace collapsed', () => {
    expect(bestPassage('  Gout   is\npainful. ', q('gout'), () => 1, defaultAnalyzer)).toBe(
      'Gout is painful.',
    );
  });

  it('picks the ≤240-character run of sentences carrying the most query weight', () => {
    const s = bestPassage(text, q('metformin nausea'), () => 1, defaultAnalyzer);
    expect(s).toContain('Metformin can cause nausea');
    expect(s.length).toBeLessThanOrEqual(240);
  });

  it('weights terms by idf and falls back to the opening when nothing matches', () => {
    const idf = (t: string) => (t === 'insulin' ? 5 : 0.1);
    expect(bestPassage(text, q('metformin insulin'), idf, defaultAnalyzer)).toContain('Insulin is injected');
    expect(bestPassage(text, q('zzz'), idf, defaultAnalyzer).startsWith('This sentence')).toBe(true);
  });

  it('finds stems whose surface form differs (disability → disabl, happy → happi)', () => {
    const t = `${filler}Some people live with a disability and are happy. ${filler}`;
    expect(bestPassage(t, q('disabilities happiness'), () => 1, defaultAnalyzer)).toContain(
      'disability and are happy',
    );
  });

  it('cuts an over-long sentence at a space and works on Chinese punctuation', () => {
    const long = `${'很长的句子没有标点'.repeat(40)}。餐后血糖升高时应复查。`;
    const s = bestPassage(long, q('餐后血糖'), () => 1, defaultAnalyzer);
    expect(s.endsWith('标点。餐后血糖升高时应复查。')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(240);
  });
});
