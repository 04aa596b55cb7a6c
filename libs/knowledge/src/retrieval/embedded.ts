import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigError, ContractViolationError } from '@medagent/contracts';
import { Analyzer, defaultAnalyzer } from './analysis/analyzer';
import { DEFAULT_BM25, type Bm25Params } from './bm25';
import { cosineRank, exactCosineTopK, isZero, l2normalize } from './dense';
import { autoLsaDim, openIndex, type LiveIndex } from './embedded-index';
import { documentProblems, filterMask, normalizeSearchOptions } from './filters';
import { CALIBRATION_VERSION, calibrateFusion, pseudoQueries, type FusionCalibration, type ListsForQuery } from './calibrate';
import { rrfFuse, type RrfOptions } from './fusion';
import { defaultIndexRoot } from './index-store';
import { LSA_VERSION, LsaEmbedder, type LsaOptions } from './lsa';
import { bestPassage } from './snippet';
import type {
  Embedder,
  Hit,
  IngestResult,
  KnowledgeDocument,
  MatchedBy,
  Retriever,
  RetrieverStats,
  SearchOptions,
} from './types';

export interface EmbeddedRetrieverOptions {
  /** Index name: the directory under the index root. Default 'default'. */
  name?: string;
  analyzer?: Analyzer;
  /** k1/b are query-time; titleWeight (how many body occurrences a title occurrence counts as) is part of the index. */
  bm25?: Partial<Bm25Params> & { titleWeight?: number };
  /**
   * Fusion settings. Without `k` and `weights`, both are calibrated per index when it is built
   * (calibrate.ts: pseudo-queries from the corpus's own titles and first sentences).
   */
  rrf?: RrfOptions;
  /**
   * Default: an LsaEmbedder fitted on the corpus at build, with `lsa` options; when `lsa.dim` is
   * not given it is chosen from the corpus size (autoLsaDim). null disables dense and hybrid.
   */
  embedder?: Embedder | null;
  lsa?: LsaOptions;
  /** Persist the index and reuse it across restarts. Default true. */
  persist?: boolean;
  /** Root directory of persisted indexes. Default MEDAGENT_DATA_DIR/index or <repo>/.medagent/index. */
  indexRoot?: string;
}

/** Tuned on the starter KB query sets (see README); MedQuAD prefers other values (MEDQUAD_TUNED). */
export const DEFAULT_TITLE_WEIGHT = 2;
export const DEFAULT_RRF_WINDOW = 100;

/** In-process BM25 + dense + RRF: the default Retriever when no Elasticsearch is configured. */
export class EmbeddedRetriever implements Retriever {
  readonly name: string;
  private readonly analyzer: Analyzer;
  private readonly bm25Params: Bm25Params;
  private readonly titleWeight: number;
  private readonly rrf: RrfOptions;
  private readonly rrfExplicit: boolean;
  /** 'auto': an LsaEmbedder whose dimension is chosen from the corpus at build time. */
  private readonly embedderSpec: Embedder | 'auto' | null;
  private readonly lsaOptions: LsaOptions;
  private readonly persist: boolean;
  private readonly indexRoot: string;
  private readonly corpus = new Map<string, KnowledgeDocument>();
  private live: LiveIndex | undefined;
  private building: Promise<LiveIndex> | undefined;
  private generation = 0;

  constructor(opts: EmbeddedRetrieverOptions = {}) {
    this.name = opts.name ?? 'default';
    if (!/^[\w.-]+$/.test(this.name))
      throw new ConfigError(`index name must match [A-Za-z0-9_.-]+, got "${this.name}"`);
    this.analyzer = opts.analyzer ?? defaultAnalyzer;
    this.bm25Params = { ...DEFAULT_BM25, ...opts.bm25 };
    this.titleWeight = opts.bm25?.titleWeight ?? DEFAULT_TITLE_WEIGHT;
    this.rrf = { window: DEFAULT_RRF_WINDOW, ...opts.rrf };
    this.rrfExplicit = opts.rrf?.k !== undefined || opts.rrf?.weights !== undefined;
    this.lsaOptions = { ...opts.lsa, analyzer: this.analyzer };
    this.embedderSpec =
      opts.embedder === undefined
        ? opts.lsa?.dim
          ? new LsaEmbedder(this.lsaOptions)
          : 'auto'
        : opts.embedder;
    if (
      this.embedderSpec instanceof LsaEmbedder &&
      this.embedderSpec.analyzerVersion !== this.analyzer.version
    ) {
      throw new ConfigError(
        `LsaEmbedder analyzer ${this.embedderSpec.analyzerVersion} differs from the retriever's ${this.analyzer.version}`,
      );
    }
    this.persist = opts.persist ?? true;
    this.indexRoot = opts.indexRoot ?? defaultIndexRoot();
  }

  ingest(docs: KnowledgeDocument[]): Promise<IngestResult> {
    const details = docs.flatMap((d, i) => documentProblems(d, `docs[${i}]`)).slice(0, 20);
    if (details.length > 0)
      return Promise.reject(new ContractViolationError('invalid knowledge documents', { details }));
    for (const d of docs) this.corpus.set(d.id, d);
    this.live = undefined;
    this.building = undefined;
    this.generation++;
    return Promise.resolve({ received: docs.length, total: this.corpus.size });
  }

  /** Loads the persisted index for the current corpus, or builds (and persists) it. */
  async ready(): Promise<LiveIndex> {
    if (this.live) return this.live;
    if (!this.building) {
      const gen = this.generation;
      this.building = this.open().then((live) => {
        if (gen === this.generation) this.live = live;
        return live;
      });
      this.building.catch(() => (this.building = undefined));
    }
    return this.building;
  }

  private async open(): Promise<LiveIndex> {
    const live = await this.openRaw();
    if (!this.rrfExplicit && this.embedderSpec !== null) live.calibration = await this.calibrate(live);
    return live;
  }

  /** The calibration persisted beside the index, or a fresh one (written there when persisting). */
  private async calibrate(live: LiveIndex): Promise<FusionCalibration> {
    const window = this.rrf.window ?? DEFAULT_RRF_WINDOW;
    const { k1, b } = this.bm25Params;
    const file = live.dir ? path.join(live.dir, `calibration-k1${k1}-b${b}-w${window}.json`) : undefined;
    if (file && fs.existsSync(file)) {
      try {
        const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as FusionCalibration;
        if (saved.version === CALIBRATION_VERSION) return saved;
      } catch {
        // Recomputed below: calibration is deterministic.
      }
    }
    const pq = pseudoQueries(live.docs);
    const lists: ListsForQuery[] = [];
    for (const { query } of pq) {
      const q = this.analyzer.counts(query);
      const ids = (rs: Array<{ id: number }>): number[] => rs.map((r) => r.id);
      const bm25 = ids(live.bm25.search(q, window, this.bm25Params));
      const title = ids(live.titles.search(q, window, this.bm25Params));
      const dense = ids(await this.denseSearch(live, query, q, window));
      const local = ids(await this.denseSearch(live, query, q, window, undefined, new Set([...bm25, ...title])));
      lists.push({ bm25, title, dense, denseLocal: local });
    }
    const cal = calibrateFusion(pq, lists, !!live.vectors);
    if (file && cal.pseudo_queries > 0) {
      try {
        fs.writeFileSync(file, JSON.stringify(cal, null, 2));
      } catch {
        // A read-only index directory: the calibration is recomputed next time.
      }
    }
    return cal;
  }

  private openRaw(): Promise<LiveIndex> {
    const docs = [...this.corpus.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const embedder =
      this.embedderSpec === 'auto'
        ? new LsaEmbedder({ ...this.lsaOptions, dim: autoLsaDim(docs.length) })
        : this.embedderSpec;
    return openIndex({
      docs,
      analyzer: this.analyzer,
      titleWeight: this.titleWeight,
      embedder,
      dir: (key) => (this.persist ? path.join(this.indexRoot, this.name, key) : undefined),
    });
  }

  async search(query: string, opts?: SearchOptions): Promise<Hit[]> {
    const { k, mode, filters } = normalizeSearchOptions(opts, this.embedderSpec ? 'hybrid' : 'bm25');
    if (mode !== 'bm25' && !this.embedderSpec)
      throw new ConfigError(`mode "${mode}" needs an embedder; this retriever has none`);
    if (typeof query !== 'string') throw new ContractViolationError('query must be a string');
    const idx = await this.ready();
    const q = this.analyzer.counts(query);
    const allowed = filterMask(idx.docs, filters);
    const window = Math.max(k, this.rrf.window ?? DEFAULT_RRF_WINDOW);
    const fusion = this.fusionFor(idx);
    const weights = fusion.weights ?? {};
    const want = mode === 'hybrid' ? window : k;
    // A list the calibrated fusion gives no weight is not computed (no dense scan when dense is 0).
    const useBm25 = mode === 'bm25' || (mode === 'hybrid' && (weights.bm25 ?? 1) > 0);
    const useTitle = mode === 'hybrid' && (weights.title ?? 0) > 0;
    const useDense = mode === 'dense' || (mode === 'hybrid' && (weights.dense ?? 1) > 0);
    const bm25 = useBm25 ? idx.bm25.search(q, want, this.bm25Params, allowed) : [];
    const title = useTitle ? idx.titles.search(q, want, this.bm25Params, allowed) : [];
    const local =
      mode === 'hybrid' && this.fusionScope(idx) === 'candidates' ? new Set([...bm25, ...title].map((r) => r.id)) : undefined;
    const dense = useDense ? await this.denseSearch(idx, query, q, want, allowed, local) : [];
    let ranked: Array<{ id: number; score: number; matched_by: MatchedBy[] }>;
    if (mode === 'bm25') ranked = bm25.map((r) => ({ ...r, matched_by: ['bm25'] }));
    else if (mode === 'dense') ranked = dense.map((r) => ({ ...r, matched_by: ['dense'] }));
    else
      ranked = rrfFuse(
        [
          { name: 'bm25', ids: bm25.map((r) => r.id) },
          { name: 'title', ids: title.map((r) => r.id) },
          { name: 'dense', ids: dense.map((r) => r.id) },
        ],
        fusion,
      );
    return ranked.slice(0, k).map((r, i) => this.toHit(idx, q, r, i + 1));
  }

  /** Explicit fusion options win; otherwise the index's calibrated k and weights. */
  private fusionFor(idx: LiveIndex): RrfOptions {
    if (this.rrfExplicit || !idx.calibration) return this.rrf;
    return { ...this.rrf, k: idx.calibration.k, weights: idx.calibration.weights };
  }

  private fusionScope(idx: LiveIndex): 'all' | 'candidates' {
    return this.rrfExplicit ? 'all' : (idx.calibration?.dense_scope ?? 'all');
  }

  /** The calibrated fusion of the current index (undefined before it is opened or with explicit options). */
  async calibration(): Promise<FusionCalibration | undefined> {
    return (await this.ready()).calibration;
  }

  async stats(): Promise<RetrieverStats> {
    const live = this.live;
    return {
      backend: 'embedded',
      docs: this.corpus.size,
      modes: this.embedderSpec ? ['bm25', 'dense', 'hybrid'] : ['bm25'],
      ...(this.embedderSpec
        ? {
            embedder:
              live?.embedder?.id ??
              (this.embedderSpec === 'auto' ? `${LSA_VERSION}:auto` : this.embedderSpec.id),
          }
        : {}),
      kb_versions: [...new Set([...this.corpus.values()].map((d) => d.kb_version))].sort(),
      index: live
        ? {
            state: live.state,
            key: live.key,
            ...(live.dir ? { dir: live.dir } : {}),
            [live.state === 'built' ? 'build_ms' : 'load_ms']: live.ms,
            bytes: live.bytes,
          }
        : { state: 'empty' },
    };
  }

  private toHit(
    idx: LiveIndex,
    q: Map<string, number>,
    r: { id: number; score: number; matched_by: MatchedBy[] },
    rank: number,
  ): Hit {
    const d = idx.docs[r.id] as KnowledgeDocument;
    return {
      doc_id: d.id,
      title: d.title,
      snippet: bestPassage(d.text, q, (t) => idx.bm25.idfOf(t), this.analyzer),
      score: r.score,
      rank,
      source: d.source,
      kb_version: d.kb_version,
      lang: d.lang,
      doc_type: d.doc_type,
      matched_by: r.matched_by,
    };
  }

  private async denseSearch(
    idx: LiveIndex,
    query: string,
    q: Map<string, number>,
    k: number,
    allowed?: Uint8Array,
    /** Rank these documents only (the lexical candidates) instead of scanning the corpus. */
    only?: ReadonlySet<number>,
  ) {
    const e = idx.embedder;
    if (!idx.vectors || !e) return [];
    const qv =
      e instanceof LsaEmbedder
        ? e.embedCounts(q)
        : l2normalize(Float32Array.from((await e.embed([query]))[0] ?? []));
    if (qv.length !== idx.dim)
      throw new ConfigError(`query vector has ${qv.length} dimensions, index has ${idx.dim}`);
    if (isZero(qv)) return [];
    if (only) return cosineRank(idx.vectors, idx.dim, qv, only).slice(0, k);
    return exactCosineTopK(idx.vectors, idx.dim, qv, k, allowed);
  }
}
