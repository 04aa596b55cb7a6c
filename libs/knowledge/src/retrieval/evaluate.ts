import { ContractViolationError } from '@medagent/contracts';
import { loadCorpus, loadQueries, sampleQueries, type EvalQuery } from './corpus';
import { EmbeddedRetriever, type EmbeddedRetrieverOptions } from './embedded';
import type { KnowledgeDocument, RetrievalMode, Retriever } from './types';

export interface RetrievalEvalInput {
  /** Documents, or a path to a starter-KB / MedQuAD .jsonl file or directory. */
  corpus: KnowledgeDocument[] | string;
  queries: EvalQuery[] | string;
  mode?: RetrievalMode;
  /** Retrieval depth (default 10); nDCG and recall are cut at 10, MRR at k. */
  k?: number;
  /** Evaluate a fixed seeded sample of this many queries instead of all. */
  sample?: number;
  seed?: number;
  /** A ready retriever (e.g. one index shared by several modes); otherwise an EmbeddedRetriever is built. */
  retriever?: Retriever;
  /** Options for the EmbeddedRetriever built here; persist defaults to false so build_ms is a real build. */
  options?: EmbeddedRetrieverOptions;
  /** Unmeasured queries run first so JIT warm-up does not land in the percentiles. Default 20. */
  warmup?: number;
}

export interface RetrievalEvalResult {
  n: number;
  mode: RetrievalMode;
  k: number;
  ndcg_at_10: number;
  recall_at_10: number;
  mrr: number;
  /** Wall clock per search() call. */
  latency_ms: { p50: number; p99: number; mean: number };
  /** CPU time of this process per call: on a shared machine wall-clock tails include waiting for a core. */
  cpu_ms: { p50: number; p99: number };
  /** Time to build (or load) the index in this call; 0 for a retriever that was passed in ready. */
  build_ms: number;
  index_bytes?: number;
}

/** Binary-relevance nDCG@cut with the log2(rank+1) discount; the ideal ranks every relevant doc first. */
export function ndcgAt(ranked: readonly string[], relevant: ReadonlySet<string>, cut = 10): number {
  let dcg = 0;
  ranked.slice(0, cut).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.size, cut); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt(ranked: readonly string[], relevant: ReadonlySet<string>, cut = 10): number {
  if (relevant.size === 0) return 0;
  let found = 0;
  for (const id of ranked.slice(0, cut)) if (relevant.has(id)) found++;
  return found / relevant.size;
}

export function reciprocalRank(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const i = ranked.findIndex((id) => relevant.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

/** Nearest-rank percentile of an unsorted sample. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

export async function evaluateRetrieval(input: RetrievalEvalInput): Promise<RetrievalEvalResult> {
  const mode = input.mode ?? 'hybrid';
  const k = input.k ?? 10;
  const all = typeof input.queries === 'string' ? loadQueries(input.queries) : input.queries;
  const queries = input.sample ? sampleQueries(all, input.sample, input.seed) : all;
  if (queries.length === 0) throw new ContractViolationError('no queries to evaluate');
  let retriever = input.retriever;
  let build_ms = 0;
  if (!retriever) {
    const docs = typeof input.corpus === 'string' ? loadCorpus(input.corpus) : input.corpus;
    const embedded = new EmbeddedRetriever({ persist: false, ...input.options });
    await embedded.ingest(docs);
    const t0 = performance.now();
    await embedded.ready();
    build_ms = performance.now() - t0;
    retriever = embedded;
  }
  const stats = await retriever.stats();
  const index_bytes = stats.index?.bytes;

  const warmup = Math.min(input.warmup ?? 20, queries.length);
  for (let i = 0; i < warmup; i++) await retriever.search((queries[i] as EvalQuery).query, { k, mode });

  let ndcg = 0;
  let recall = 0;
  let mrr = 0;
  const latencies: number[] = [];
  const cpu: number[] = [];
  for (const q of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const hits = await retriever.search(q.query, { k, mode });
    latencies.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    const ranked = hits.map((h) => h.doc_id);
    const rel = new Set(q.relevant);
    ndcg += ndcgAt(ranked, rel);
    recall += recallAt(ranked, rel);
    mrr += reciprocalRank(ranked, rel);
  }
  const n = queries.length;
  return {
    n,
    mode,
    k,
    ndcg_at_10: round(ndcg / n),
    recall_at_10: round(recall / n),
    mrr: round(mrr / n),
    latency_ms: {
      p50: round(percentile(latencies, 50), 3),
      p99: round(percentile(latencies, 99), 3),
      mean: round(latencies.reduce((s, x) => s + x, 0) / n, 3),
    },
    cpu_ms: { p50: round(percentile(cpu, 50), 3), p99: round(percentile(cpu, 99), 3) },
    build_ms: Math.round(build_ms),
    ...(index_bytes !== undefined ? { index_bytes } : {}),
  };
}
