import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadCorpus, loadQueries, sampleQueries } from './corpus';
import { EmbeddedRetriever, type EmbeddedRetrieverOptions } from './embedded';
import { evaluateRetrieval, type RetrievalEvalResult } from './evaluate';
import { findRepoRoot } from './index-store';
import type { RetrievalMode } from './types';

export interface MedquadBenchOptions {
  /** Default ../shared/data/medquad/docs.jsonl next to the workspace. */
  docs?: string;
  queries?: string;
  /** Seeded sample of queries (default 2000); 0 or a larger number evaluates all of them. */
  sample?: number;
  seed?: number;
  modes?: RetrievalMode[];
  k?: number;
  options?: EmbeddedRetrieverOptions;
  /** Where the index is persisted for the load-time measurement; default a temp dir, removed after. */
  indexRoot?: string;
  log?: (line: string) => void;
}

export interface MedquadBenchReport {
  corpus: { file: string; docs: number };
  queries: { file: string; total: number; evaluated: number; seed: number };
  index: {
    embedder: string | undefined;
    build_ms: number;
    load_ms: number;
    bytes: number | undefined;
    /** JS heap plus typed-array backing stores retained by the index (needs --expose-gc). */
    heap_delta_mb: number | undefined;
    rss_delta_mb: number;
  };
  results: RetrievalEvalResult[];
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
}

const mb = (b: number) => Number((b / 2 ** 20).toFixed(1));

export function defaultMedquadDir(): string {
  return path.join(findRepoRoot(), '..', 'shared', 'data', 'medquad');
}

/**
 * Builds one embedded index over MedQuAD, reloads it from disk (restart path), then evaluates
 * each mode on the same seeded query sample. Heap delta needs `node --expose-gc` to be
 * meaningful (reported as undefined otherwise); RSS delta is always reported.
 */
export async function benchMedquad(opts: MedquadBenchOptions = {}): Promise<MedquadBenchReport> {
  const log = opts.log ?? (() => undefined);
  const dir = defaultMedquadDir();
  const docsFile = opts.docs ?? path.join(dir, 'docs.jsonl');
  const queriesFile = opts.queries ?? path.join(dir, 'queries.dev.jsonl');
  const seed = opts.seed ?? 7;
  const docs = loadCorpus(docsFile);
  const allQueries = loadQueries(queriesFile);
  const sample = opts.sample ?? 2000;
  const queries = sample > 0 ? sampleQueries(allQueries, sample, seed) : allQueries;
  const indexRoot = opts.indexRoot ?? fs.mkdtempSync(path.join(os.tmpdir(), 'medagent-bench-'));
  const retrieverOptions: EmbeddedRetrieverOptions = {
    name: 'medquad',
    ...opts.options,
    persist: true,
    indexRoot,
  };
  log(`medquad: ${docs.length} docs, ${queries.length}/${allQueries.length} queries`);
  try {
    gc();
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const heap0 = used();
    const rss0 = process.memoryUsage().rss;
    const built = new EmbeddedRetriever(retrieverOptions);
    await built.ingest(docs);
    const t0 = performance.now();
    await built.ready();
    const build_ms = performance.now() - t0;
    gc();
    const heapDelta = used() - heap0;
    const rssDelta = process.memoryUsage().rss - rss0;
    const stats = await built.stats();
    log(`built in ${Math.round(build_ms)} ms (${stats.embedder ?? 'no embedder'})`);

    const reloaded = new EmbeddedRetriever(retrieverOptions);
    await reloaded.ingest(docs);
    const t1 = performance.now();
    await reloaded.ready();
    const load_ms = performance.now() - t1;
    log(`reloaded from disk in ${Math.round(load_ms)} ms`);

    const results: RetrievalEvalResult[] = [];
    for (const mode of opts.modes ?? (['bm25', 'dense', 'hybrid'] as const)) {
      const r = await evaluateRetrieval({
        corpus: docs,
        queries,
        mode,
        k: opts.k ?? 10,
        retriever: reloaded,
      });
      log(
        `${mode}: ndcg@10 ${r.ndcg_at_10} recall@10 ${r.recall_at_10} mrr ${r.mrr} p50 ${r.latency_ms.p50} ms p99 ${r.latency_ms.p99} ms (cpu p50 ${r.cpu_ms.p50} p99 ${r.cpu_ms.p99})`,
      );
      results.push({ ...r, build_ms: Math.round(build_ms) });
    }
    return {
      corpus: { file: docsFile, docs: docs.length },
      queries: { file: queriesFile, total: allQueries.length, evaluated: queries.length, seed },
      index: {
        embedder: stats.embedder,
        build_ms: Math.round(build_ms),
        load_ms: Math.round(load_ms),
        bytes: stats.index?.bytes,
        heap_delta_mb: (globalThis as { gc?: unknown }).gc ? mb(heapDelta) : undefined,
        rss_delta_mb: mb(rssDelta),
      },
      results,
    };
  } finally {
    if (!opts.indexRoot) fs.rmSync(indexRoot, { recursive: true, force: true });
  }
}
