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
});
