import { gram, orthonormalizeColumns, seededRandom, symmetricEigen } from './linalg';
import { LsaEmbedder } from './lsa';

/**
 * Planted structure: 4 topics with disjoint 40-word vocabularies; each document draws 12 words
 * from its topic and 8 from a shared background vocabulary. Any two documents of a topic share
 * few words, so only co-occurrence (what LSA recovers) links most of them.
 */
function plantedCorpus(docsPerTopic = 40, seed = 3): { texts: string[]; topic: number[]; vocab: string[][] } {
  const rnd = seededRandom(seed);
  const word = (prefix: string, i: number) =>
    `${prefix}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`;
  const vocab = [0, 1, 2, 3].map((t) => Array.from({ length: 40 }, (_, i) => word(`t${'abcd'[t]}`, i)));
  const background = Array.from({ length: 200 }, (_, i) => word('bg', i));
  const texts: string[] = [];
  const topic: number[] = [];
  for (let t = 0; t < 4; t++) {
    for (let d = 0; d < docsPerTopic; d++) {
      const words: string[] = [];
      for (let i = 0; i < 12; i++) words.push(vocab[t]![Math.floor(rnd() * 40)]!);
      for (let i = 0; i < 8; i++) words.push(background[Math.floor(rnd() * background.length)]!);
      texts.push(words.join(' '));
      topic.push(t);
    }
  }
  return { texts, topic, vocab };
}

const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('linear algebra', () => {
  it('symmetricEigen recovers a known spectrum', () => {
    // [[2,1],[1,2]] has eigenvalues 3 and 1 with eigenvectors (1,1)/√2 and (1,-1)/√2.
    const { values, vectors } = symmetricEigen(Float64Array.from([2, 1, 1, 2]), 2);
    expect(values[0]).toBeCloseTo(3, 12);
    expect(values[1]).toBeCloseTo(1, 12);
    expect(Math.abs(vectors[0]!)).toBeCloseTo(Math.SQRT1_2, 12);
    expect(Math.abs(vectors[1]!)).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('orthonormalizeColumns yields QᵀQ = I and zeroes dependent columns', () => {
    const n = 50;
    const rnd = seededRandom(1);
    const a = Float64Array.from({ length: n * 4 }, () => rnd() - 0.5);
    a.set(
      a.subarray(0, n).map((x) => 2 * x),
      3 * n,
    ); // column 3 = 2 × column 0
    orthonormalizeColumns(a, n, 4);
    const g = gram(a, n, 4);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect(g[i * 4 + j]).toBeCloseTo(i === j ? 1 : 0, 10);
    expect(g[15]).toBe(0);
  });
});

describe('LsaEmbedder', () => {
  const { texts, topic, vocab } = plantedCorpus();
  const lsa = new LsaEmbedder({ dim: 8, minDf: 1, seed: 42 });
  lsa.fit(texts);

  it('recovers the planted topics: nearest neighbours share the topic far above chance (25%)', async () => {
    const vecs = await lsa.embed(texts);
    let same = 0;
    let total = 0;
    vecs.forEach((v, i) => {
      const nn = vecs
        .map((w, j) => ({ j, s: j === i ? -Infinity : cos(v, w) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 10);
      same += nn.filter((x) => topic[x.j] === topic[i]).length;
      total += nn.length;
    });
    expect(same / total).toBeGreaterThan(0.9);
  });

  it('matches a query to documents of its topic that share none of its words', async () => {
    const query = vocab[2]!.slice(0, 3).join(' ');
    const [qv] = await lsa.embed([query]);
    const vecs = await lsa.embed(texts);
    const disjoint = texts
      .map((t, i) => ({ i, shares: vocab[2]!.slice(0, 3).some((w) => t.split(' ').includes(w)) }))
      .filter((d) => !d.shares && topic[d.i] === 2);
    expect(disjoint.length).toBeGreaterThan(5);
    const others = vecs.filter((_, i) => topic[i] !== 2).map((v) => cos(qv!, v));
    const maxOther = Math.max(...others);
    const wins = disjoint.filter((d) => cos(qv!, vecs[d.i]!) > maxOther).length;
    expect(wins / disjoint.length).toBeGreaterThan(0.8);
  });

  it('finds the leading singular values of an (almost) exact decomposition', () => {
    const state = lsa.exportState();
    expect(state.sigma[0]).toBeGreaterThan(state.sigma[1]!);
    // Reference: many power iterations and heavy oversampling converge to the exact spectrum.
    const exact = new LsaEmbedder({ dim: 8, minDf: 1, seed: 42, powerIterations: 8, oversample: 60 });
    exact.fit(texts);
    const ref = exact.exportState().sigma;
    const relErr = (s: Float32Array, i: number) => Math.abs(s[i]! - ref[i]!) / ref[i]!;
    // One power iteration (the default) is within 2% on the planted directions; three, within 0.1%.
    for (let i = 0; i < 4; i++) expect(relErr(state.sigma, i)).toBeLessThan(2e-2);
    const better = new LsaEmbedder({ dim: 8, minDf: 1, seed: 42, powerIterations: 3 });
    better.fit(texts);
    for (let i = 0; i < 4; i++) expect(relErr(better.exportState().sigma, i)).toBeLessThan(1e-3);
  });

  it('is deterministic for a seed and round-trips through its exported state', async () => {
    const again = new LsaEmbedder({ dim: 8, minDf: 1, seed: 42 });
    again.fit(texts);
    expect(Array.from(again.exportState().components)).toEqual(Array.from(lsa.exportState().components));
    const restored = new LsaEmbedder({ dim: 8, minDf: 1, seed: 42 });
    restored.loadState(lsa.exportState());
    expect(await restored.embed([texts[0]!])).toEqual(await lsa.embed([texts[0]!]));
  });

  it('returns unit vectors, a zero vector for out-of-vocabulary text, and refuses to embed before fit', async () => {
    const [v, z] = await lsa.embed([texts[5]!, 'qqqq zzzz']);
    expect(cos(v!, v!)).toBeCloseTo(1, 5);
    expect(Array.from(z!).every((x) => x === 0)).toBe(true);
    await expect(new LsaEmbedder().embed(['x'])).rejects.toThrow(/before fit/);
  });

  it('copes with a corpus smaller than its dimension', async () => {
    const tiny = new LsaEmbedder({ dim: 16, minDf: 1 });
    tiny.fit(['heart failure', 'heart attack', 'asthma inhaler']);
    const [a, b] = await tiny.embed(['heart', 'heart failure']);
    expect(a!.length).toBe(16);
    expect(cos(a!, b!)).toBeGreaterThan(0.5);
  });
});
