import { defaultAnalyzer } from './analysis/analyzer';
import { Bm25Index, DEFAULT_BM25, buildDocTermMatrix } from './bm25';

function index(texts: string[]): Bm25Index {
  const terms: string[] = [];
  return Bm25Index.fromMatrix(
    buildDocTermMatrix(
      texts.map((t) => defaultAnalyzer.counts(t)),
      new Map(),
      terms,
    ),
    terms,
  );
}
const q = (text: string) => defaultAnalyzer.counts(text);

describe('Bm25Index', () => {
  it('uses the Lucene idf and saturating tf', () => {
    const idx = index(['apple banana', 'apple cherry', 'apple', 'durian']);
    const id = idx.termId('appl') as number;
    expect(idx.df(id)).toBe(3);
    expect(idx.idf(id)).toBeCloseTo(Math.log(1 + (4 - 3 + 0.5) / (3 + 0.5)), 12);
    // One-term query on doc 2 ("apple", length 1; avgdl 1.5): idf * tf / (tf + k1 (1 - b + b dl/avgdl)).
    const [k1, b] = [DEFAULT_BM25.k1, DEFAULT_BM25.b];
    const expected = idx.idf(id) * (1 / (1 + k1 * (1 - b + (b * 1) / 1.5)));
    const top = idx.search(q('apple'), 4, DEFAULT_BM25);
    expect(top[0]?.id).toBe(2);
    expect(top[0]?.score).toBeCloseTo(expected, 6);
  });

  it('ranks rare matching terms above common ones', () => {
    const idx = index([
      'the heart and the lungs',
      'heart failure causes breathlessness',
      'heart rate',
      'heart valves',
      'lung cancer',
    ]);
    expect(idx.search(q('heart failure'), 5, DEFAULT_BM25)[0]?.id).toBe(1);
  });

  it('prefers higher term frequency and, at equal tf, shorter documents', () => {
    const idx = index(['gout gout gout diet', 'gout diet plan for people', 'gout diet']);
    const ranking = idx.search(q('gout'), 3, DEFAULT_BM25).map((r) => r.id);
    expect(ranking[0]).toBe(0);
    expect(ranking.indexOf(2)).toBeLessThan(ranking.indexOf(1));
  });

  it('b = 0 turns length normalisation off', () => {
    const idx = index(['gout', 'gout and many other words here']);
    const [a, b] = idx.search(q('gout'), 2, { k1: 1.2, b: 0 });
    expect(a?.score).toBeCloseTo(b?.score as number, 10);
  });

  it('honours the allowed mask and returns nothing for unknown terms', () => {
    const idx = index(['asthma inhaler', 'asthma', 'eczema']);
    expect(idx.search(q('asthma'), 3, DEFAULT_BM25, Uint8Array.from([0, 1, 1])).map((r) => r.id)).toEqual([
      1,
    ]);
    expect(idx.search(q('zzz'), 3, DEFAULT_BM25)).toEqual([]);
  });

  it('scores Chinese through bigrams: the query 餐后血糖 prefers the document containing it', () => {
    const idx = index(['空腹血糖升高', '餐后血糖升高，头晕', '血压升高']);
    expect(idx.search(q('餐后血糖高'), 3, DEFAULT_BM25)[0]?.id).toBe(1);
  });
});
