import { normalizeText } from './normalize';
import { segment } from './segments';

describe('normalizeText', () => {
  test('keeps length and folds width, case and traditional characters', () => {
    const t = 'ＡＢＣ頭痛 Chest PAIN，說話';
    const n = normalizeText(t);
    expect(n).toHaveLength(t.length);
    expect(n).toBe('abc头痛 chest pain,说话');
  });
});

describe('segment', () => {
  test('splits clauses and sentences but not decimals', () => {
    const s = segment('体温38.5，头痛。then it stopped. ok');
    expect(s.sentences).toHaveLength(3);
    expect(s.clauses.length).toBeGreaterThanOrEqual(4);
  });

  test('"and now" opens a new English clause; "now" alone does not', () => {
    const text = 'he fell two weeks ago and now he is sleepy';
    const s = segment(text);
    expect(s.clauses).toHaveLength(2);
    expect(text.slice(...(s.clauses[1] as [number, number]))).toBe('and now he is sleepy');
    expect(segment('he is sleepy now').clauses).toHaveLength(1);
  });
});
