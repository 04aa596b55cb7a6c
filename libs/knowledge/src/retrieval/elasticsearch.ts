import { Client, errors, type ClientOptions, type estypes } from '@elastic/elasticsearch';
import { ConfigError, ContractViolationError, MedagentError } from '@medagent/contracts';
import { defaultAnalyzer } from './analysis/analyzer';
import { RetrievalBackendError } from './errors';
import {
  DEFAULT_TITLE_BOOST,
  bm25SearchRequest,
  hybridSearchRequest,
  indexTemplateRequest,
  knnSearchRequest,
  lexicalMatch,
  type KnnParams,
} from './es-requests';
import { documentProblems, normalizeSearchOptions } from './filters';
import { DEFAULT_RRF_K, rrfFuse } from './fusion';
import { bestPassage } from './snippet';
import {
  isFittable,
  SNIPPET_MAX_CHARS,
  type Embedder,
  type Hit,
  type IngestResult,
  type KnowledgeDocument,
  type MatchedBy,
  type Retriever,
  type RetrieverStats,
  type SearchOptions,
} from './types';

export interface ElasticsearchRetrieverOptions {
  /** A configured client, or `node` (+ `auth`) to create one. */
  client?: Client;
  node?: string;
  auth?: ClientOptions['auth'];
  index?: string;
  /** Needed for dense and hybrid; documents are embedded client-side at ingest. */
  embedder?: Embedder | null;
  rrf?: { rankConstant?: number; rankWindowSize?: number; weights?: { bm25?: number; dense?: number } };
  /** Boost of the title sub-fields over the text ones. Default 2. */
  titleBoost?: number;
  /** kNN candidates per shard; default max(100, 2 × rank window). */
  numCandidates?: number;
  shards?: number;
  replicas?: number;
  bulkChunk?: number;
}

export type FusionPlace = 'engine' | 'client';

/**
 * Where RRF runs, remembered per client: a cluster that refused the rrf retriever once (Basic
 * licence, or a version without retrievers) will refuse it again, so later queries go straight
 * to two searches fused here instead of paying a failed round trip each time.
 */
const fusionByClient = new WeakMap<Client, FusionPlace>();

/** 403 licence refusal of RRF, or a 400 from a cluster that does not know the retriever. */
export function isRrfUnsupported(e: unknown): boolean {
  if (!(e instanceof errors.ResponseError)) return false;
  const err = (
    e.body as
      { error?: { type?: string; reason?: string; root_cause?: Array<{ reason?: string }> } } | undefined
  )?.error;
  const reasons = [err?.reason ?? '', ...(err?.root_cause ?? []).map((c) => c.reason ?? '')].join(' ');
  if (e.statusCode === 403)
    return (
      err?.type === 'security_exception' &&
      /non-compliant for \[Reciprocal Rank Fusion|\bRRF\b/i.test(reasons)
    );
  if (e.statusCode === 400)
    return (
      /retriever|\brrf\b/i.test(reasons) &&
      /unknown|unrecognized|not supported|no \[?retriever|START_OBJECT/i.test(reasons)
    );
  return false;
}

function toBackendError(e: unknown, what: string): MedagentError {
  if (e instanceof MedagentError) return e;
  if (e instanceof errors.ResponseError) {
    const status = e.statusCode ?? 0;
    const retryable = status === 429 || status >= 500;
    const reason = (e.body as { error?: { reason?: string } } | undefined)?.error?.reason ?? e.message;
    return new RetrievalBackendError(`elasticsearch ${what} failed (${status}): ${reason}`, {
      cause: e,
      retryable,
    });
  }
  if (
    e instanceof errors.ConnectionError ||
    e instanceof errors.TimeoutError ||
    e instanceof errors.NoLivingConnectionsError
  ) {
    return new RetrievalBackendError(`elasticsearch unreachable during ${what}: ${e.message}`, {
      cause: e,
      retryable: true,
    });
  }
  return new RetrievalBackendError(
    `elasticsearch ${what} failed: ${e instanceof Error ? e.message : String(e)}`,
    { cause: e },
  );
}

type EsHit = estypes.SearchHit<KnowledgeDocument>;

export class ElasticsearchRetriever implements Retriever {
  readonly index: string;
  private readonly client: Client;
  private readonly embedder: Embedder | null;
  private readonly rankConstant: number;
  private readonly rankWindowSize: number;
  private readonly titleBoost: number;
  private indexReady: Promise<void> | undefined;

  constructor(private readonly opts: ElasticsearchRetrieverOptions) {
    if (!opts.client && !opts.node)
      throw new ConfigError('ElasticsearchRetriever needs a client or a node URL');
    this.client =
      opts.client ?? new Client({ node: opts.node as string, ...(opts.auth ? { auth: opts.auth } : {}) });
    this.index = opts.index ?? 'medagent-kb';
    this.embedder = opts.embedder ?? null;
    this.rankConstant = opts.rrf?.rankConstant ?? DEFAULT_RRF_K;
    this.rankWindowSize = opts.rrf?.rankWindowSize ?? 100;
    this.titleBoost = opts.titleBoost ?? DEFAULT_TITLE_BOOST;
  }

  /** Where hybrid fusion runs for this client: unknown until the first hybrid query. */
  get fusion(): FusionPlace | undefined {
    return fusionByClient.get(this.client);
  }

  /** Puts the index template and creates the index if missing (idempotent). */
  ensureIndex(): Promise<void> {
    this.indexReady ??= this.createIndex().catch((e: unknown) => {
      this.indexReady = undefined;
      throw toBackendError(e, 'index setup');
    });
    return this.indexReady;
  }

  private async createIndex(): Promise<void> {
    const spec = {
      index: this.index,
      ...(this.embedder ? { dims: this.embedder.dim, embedder: this.embedder.id } : {}),
      ...(this.opts.shards ? { shards: this.opts.shards } : {}),
      ...(this.opts.replicas !== undefined ? { replicas: this.opts.replicas } : {}),
    };
    await this.client.indices.putIndexTemplate(indexTemplateRequest(spec));
    try {
      await this.client.indices.create({ index: this.index });
    } catch (e) {
      const type =
        e instanceof errors.ResponseError
          ? (e.body as { error?: { type?: string } } | undefined)?.error?.type
          : undefined;
      if (type !== 'resource_already_exists_exception') throw e;
    }
  }

  async ingest(docs: KnowledgeDocument[]): Promise<IngestResult> {
    const details = docs.flatMap((d, i) => documentProblems(d, `docs[${i}]`)).slice(0, 20);
    if (details.length > 0) throw new ContractViolationError('invalid knowledge documents', { details });
    await this.ensureIndex();
    const embedder = this.embedder;
    const texts = docs.map((d) => `${d.title}\n${d.text}`);
    // A corpus-fitted embedder (LSA) learns from what is ingested; fit it on the first batch.
    if (embedder && isFittable(embedder) && !embedder.fitted) embedder.fit(texts);
    const chunk = this.opts.bulkChunk ?? 500;
    for (let i = 0; i < docs.length; i += chunk) {
      const part = docs.slice(i, i + chunk);
      // Without an embedder the index is BM25-only (no dense_vector field in the mapping).
      const vectors = embedder ? await embedder.embed(texts.slice(i, i + chunk)) : [];
      const operations = part.flatMap((d, j) => [
        { index: { _index: this.index, _id: d.id } },
        embedder ? { ...d, embedding: Array.from(vectors[j] ?? []) } : d,
      ]);
      let res: estypes.BulkResponse;
      try {
        res = await this.client.bulk({ operations, refresh: 'wait_for' });
      } catch (e) {
        throw toBackendError(e, 'bulk ingest');
      }
      if (res.errors) {
        const failed = res.items.flatMap((it) => Object.values(it)).filter((r) => r?.error);
        throw new RetrievalBackendError(
          `bulk ingest: ${failed.length} of ${part.length} documents rejected`,
          {
            details: failed
              .slice(0, 10)
              .map((r) => ({ path: r?._id ?? '', message: `${r?.error?.type}: ${r?.error?.reason ?? ''}` })),
          },
        );
      }
    }
    const total = await this.count();
    return { received: docs.length, total };
  }

  async search(query: string, opts?: SearchOptions): Promise<Hit[]> {
    const { k, mode, filters } = normalizeSearchOptions(opts, this.embedder ? 'hybrid' : 'bm25');
    if (mode !== 'bm25' && !this.embedder)
      throw new ConfigError(`mode "${mode}" needs an embedder; this retriever has none`);
    if (mode === 'bm25')
      return this.toHits(
        await this.run(bm25SearchRequest(this.index, query, k, filters, this.titleBoost), query),
        query,
        () => ['bm25'],
      );
    const vector = Array.from((await (this.embedder as Embedder).embed([query]))[0] ?? []);
    const window = Math.max(k, this.rankWindowSize);
    const knn: KnnParams = {
      vector,
      k: mode === 'dense' ? k : window,
      numCandidates: this.opts.numCandidates ?? Math.max(100, 2 * window),
      filters,
    };
    if (mode === 'dense')
      return this.toHits(await this.run(knnSearchRequest(this.index, k, knn), query), query, () => ['dense']);

    if (this.fusion !== 'client') {
      const req = hybridSearchRequest(this.index, query, k, knn, {
        titleBoost: this.titleBoost,
        rankConstant: this.rankConstant,
        rankWindowSize: window,
        ...(this.opts.rrf?.weights ? { weights: this.opts.rrf.weights } : {}),
      });
      try {
        const hits = await this.raw(req, query);
        fusionByClient.set(this.client, 'engine');
        // The engine does not say which list a hit came from; a lexical highlight proves bm25.
        return this.toHits(hits, query, (h) => (h.highlight ? ['bm25'] : ['dense']));
      } catch (e) {
        if (!isRrfUnsupported(e)) throw toBackendError(e, 'hybrid search');
        fusionByClient.set(this.client, 'client');
      }
    }
    const [lexical, dense] = await Promise.all([
      this.run(bm25SearchRequest(this.index, query, window, filters, this.titleBoost), query),
      this.run(knnSearchRequest(this.index, window, knn), query),
    ]);
    const byId = new Map<string, EsHit>([...dense, ...lexical].map((h) => [h._id as string, h]));
    const fused = rrfFuse(
      [
        { name: 'bm25', ids: lexical.map((h) => h._id as string) },
        { name: 'dense', ids: dense.map((h) => h._id as string) },
      ],
      { k: this.rankConstant, window, ...(this.opts.rrf?.weights ? { weights: this.opts.rrf.weights } : {}) },
    ).slice(0, k);
    return this.toHits(
      fused.map((f) => ({ ...(byId.get(f.id) as EsHit), _score: f.score })),
      query,
      (h) => fused.find((f) => f.id === h._id)?.matched_by ?? [],
    );
  }

  async stats(): Promise<RetrieverStats> {
    const docs = await this.count();
    let versions: string[] = [];
    try {
      const res = await this.client.search({
        index: this.index,
        size: 0,
        aggs: { v: { terms: { field: 'kb_version', size: 100 } } },
      });
      const agg = res.aggregations?.['v'] as estypes.AggregationsStringTermsAggregate | undefined;
      versions = Array.isArray(agg?.buckets) ? agg.buckets.map((b) => String(b.key)).sort() : [];
    } catch (e) {
      throw toBackendError(e, 'stats');
    }
    return {
      backend: 'elasticsearch',
      docs,
      modes: this.embedder ? ['bm25', 'dense', 'hybrid'] : ['bm25'],
      ...(this.embedder ? { embedder: this.embedder.id } : {}),
      kb_versions: versions,
      ...(this.fusion ? { fusion: this.fusion } : {}),
    };
  }

  private async count(): Promise<number> {
    try {
      return (await this.client.count({ index: this.index })).count;
    } catch (e) {
      throw toBackendError(e, 'count');
    }
  }

  /** Adds a highlight of the best ≤240-character fragment (the snippet) driven by the lexical query. */
  private raw(req: estypes.SearchRequest, query: string): Promise<EsHit[]> {
    const highlight: estypes.SearchHighlight = {
      fields: { 'text.cjk': {}, 'text.en': {} },
      fragment_size: SNIPPET_MAX_CHARS,
      number_of_fragments: 1,
      pre_tags: [''],
      post_tags: [''],
      highlight_query: lexicalMatch(query, this.titleBoost),
    };
    return this.client.search<KnowledgeDocument>({ ...req, highlight }).then((r) => r.hits.hits);
  }

  private async run(req: estypes.SearchRequest, query: string): Promise<EsHit[]> {
    try {
      return await this.raw(req, query);
    } catch (e) {
      throw toBackendError(e, 'search');
    }
  }

  private toHits(hits: EsHit[], query: string, matched: (h: EsHit) => MatchedBy[]): Hit[] {
    const q = defaultAnalyzer.counts(query);
    return hits.flatMap((h, i) => {
      const d = h._source;
      if (!d) return [];
      const fragment = Object.values(h.highlight ?? {})
        .flat()
        .sort((a, b) => b.length - a.length)[0];
      return [
        {
          doc_id: h._id ?? d.id,
          title: d.title,
          snippet: (fragment ?? bestPassage(d.text, q, () => 1, defaultAnalyzer)).slice(0, SNIPPET_MAX_CHARS),
          score: h._score ?? 0,
          rank: i + 1,
          source: d.source,
          kb_version: d.kb_version,
          lang: d.lang,
          doc_type: d.doc_type,
          matched_by: matched(h),
        },
      ];
    });
  }
}
