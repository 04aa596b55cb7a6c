import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { evaluateRetrieval, ndcgAt, percentile, recallAt, reciprocalRank } from './evaluate';
import { smallCorpus } from './testing/fixtures';

describe('retrieval metrics (binary relevance)', () => {
  const rel = new Set(['a', 'b']);

  it('nDCG@10 uses the log2(rank + 1) discount and the ideal ordering', () => {
    expect(ndcgAt(['a', 'b', 'x'], rel)).toBeCloseTo(1, 12);
    // Relevant at ranks 2 and 3: (1/log2 3 + 1/log2 4) / (1 + 1/log2 3).
    expect(ndcgAt(['x', 'a', 'b'], rel)).toBeCloseTo((1 / Math.log2(3) + 0.5) / (1 + 1 / Math.log2(3)), 12);
    expect(ndcgAt(['x', 'y'], rel)).toBe(0);
    // Beyond the cut does not count.
    expect(ndcgAt([...'cdefghijkl'.split(''), 'a'], rel)).toBe(0);
  });

  it('recall@10 and reciprocal rank', () => {
    expect(recallAt(['x', 'a'], rel)).toBe(0.5);
    expect(recallAt([], new Set())).toBe(0);
    expect(reciprocalRank(['x', 'y', 'b'], rel)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(['x'], rel)).toBe(0);
  });

  it('nearest-rank percentiles', () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('evaluateRetrieval', () => {
  const queries = [
    { id: 'q1', query: 'metformin nausea', relevant: ['en-dm-2'] },
    { id: 'q2', query: 'wheeze at night', relevant: ['en-asthma'] },
    { id: 'q3', query: '低血糖 头晕 出汗', relevant: ['zh-hypo'] },
    { id: 'q4', query: 'uric acid big toe', relevant: ['en-gout'] },
  ];

  it.each(['bm25', 'dense', 'hybrid'] as const)('reports the standard figures in %s mode', async (mode) => {
    const r = await evaluateRetrieval({
      corpus: smallCorpus(),
      queries,
      mode,
      k: 10,
      options: { lsa: { dim: 8, minDf: 1 } },
    });
    expect(r).toMatchObject({ n: 4, mode, k: 10 });
    for (const m of [r.ndcg_at_10, r.recall_at_10, r.mrr]) {
      expect(m).toBeGreaterThanOrEqual(0);
      expect(m).toBeLessThanOrEqual(1);
    }
    expect(r.latency_ms.p99).toBeGreaterThanOrEqual(r.latency_ms.p50);
    expect(r.build_ms).toBeGreaterThanOrEqual(0);
    expect(r.index_bytes).toBeGreaterThan(0);
    if (mode !== 'dense') expect(r.mrr).toBe(1);
  });

  it('loads corpus and queries from files and evaluates a fixed sample', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medagent-eval-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'kb.jsonl'),
        smallCorpus()
          .map((d) => JSON.stringify(d))
          .join('\n'),
      );
      fs.writeFileSync(path.join(dir, 'q.jsonl'), queries.map((q) => JSON.stringify(q)).join('\n'));
      const r = await evaluateRetrieval({
        corpus: path.join(dir, 'kb.jsonl'),
        queries: path.join(dir, 'q.jsonl'),
        mode: 'bm25',
        sample: 2,
        options: { embedder: null },
      });
      expect(r.n).toBe(2);
      expect(r.recall_at_10).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
