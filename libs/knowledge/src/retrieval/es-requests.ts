import type { estypes } from '@elastic/elasticsearch';
import type { SearchFilters } from './types';

/**
 * Pure builders for every request body the Elasticsearch adapter sends (snapshot-tested).
 * Client 9.x style: parameters at the top level, no `body`.
 */
export interface EsIndexSpec {
  index: string;
  /** Absent: a BM25-only index without the dense_vector field. */
  dims?: number;
  embedder?: string;
  shards?: number;
  replicas?: number;
}

export const EMBEDDING_FIELD = 'embedding';
/** Title fields boosted like the embedded index's title weight (default DEFAULT_TITLE_BOOST). */
export const DEFAULT_TITLE_BOOST = 2;
export function lexicalFields(titleBoost: number = DEFAULT_TITLE_BOOST): string[] {
  return [`title.cjk^${titleBoost}`, `title.en^${titleBoost}`, 'text.cjk', 'text.en'];
}
export const SOURCE_EXCLUDES = [EMBEDDING_FIELD];

/** text → `standard`, `.cjk` → built-in `cjk` (cjk_width + lowercase + cjk_bigram + stop), `.en` → `english`. */
const analysedText: estypes.MappingProperty = {
  type: 'text',
  analyzer: 'standard',
  fields: {
    cjk: { type: 'text', analyzer: 'cjk' },
    en: { type: 'text', analyzer: 'english' },
  },
};

export function indexTemplateRequest(spec: EsIndexSpec): estypes.IndicesPutIndexTemplateRequest {
  return {
    name: `${spec.index}-template`,
    index_patterns: [spec.index],
    priority: 200,
    _meta: { managed_by: 'medagent', embedder: spec.embedder ?? null },
    template: {
      settings: {
        number_of_shards: spec.shards ?? 1,
        ...(spec.replicas !== undefined ? { number_of_replicas: spec.replicas } : {}),
      },
      mappings: {
        dynamic: 'strict',
        _meta: { embedder: spec.embedder ?? null, dims: spec.dims ?? 0 },
        properties: {
          id: { type: 'keyword' },
          lang: { type: 'keyword' },
          doc_type: { type: 'keyword' },
          topics: { type: 'keyword' },
          kb_version: { type: 'keyword' },
          title: analysedText,
          text: analysedText,
          source: {
            properties: {
              name: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 512 } } },
              year: { type: 'short' },
              url: { type: 'keyword', index: false },
            },
          },
          guideline: { type: 'object', enabled: false },
          ...(spec.dims
            ? {
                [EMBEDDING_FIELD]: {
                  type: 'dense_vector',
                  dims: spec.dims,
                  index: true,
                  similarity: 'cosine',
                  index_options: { type: 'int8_hnsw' },
                } satisfies estypes.MappingDenseVectorProperty,
              }
            : {}),
        },
      },
    },
  };
}

export function filterClauses(f: SearchFilters | undefined): estypes.QueryDslQueryContainer[] {
  if (!f) return [];
  const out: estypes.QueryDslQueryContainer[] = [];
  if (f.lang !== undefined) out.push({ term: { lang: f.lang } });
  if (f.kb_version !== undefined) out.push({ term: { kb_version: f.kb_version } });
  if (f.doc_type) out.push({ terms: { doc_type: f.doc_type } });
  if (f.topics) out.push({ terms: { topics: f.topics } });
  return out;
}

/** The analysed text match, summing the cjk and english sub-fields (most_fields). */
export function lexicalMatch(query: string, titleBoost?: number): estypes.QueryDslQueryContainer {
  return { multi_match: { query, type: 'most_fields', fields: lexicalFields(titleBoost) } };
}

export function lexicalQuery(
  query: string,
  f: SearchFilters | undefined,
  titleBoost?: number,
): estypes.QueryDslQueryContainer {
  return { bool: { must: [lexicalMatch(query, titleBoost)], filter: filterClauses(f) } };
}

export interface KnnParams {
  vector: number[];
  k: number;
  numCandidates: number;
  filters: SearchFilters | undefined;
}

export function knnRetriever(p: KnnParams): estypes.KnnRetriever {
  return {
    field: EMBEDDING_FIELD,
    query_vector: p.vector,
    k: p.k,
    num_candidates: p.numCandidates,
    filter: filterClauses(p.filters),
  };
}

const common = (index: string, size: number) => ({ index, size, _source: { excludes: SOURCE_EXCLUDES } });

export function bm25SearchRequest(
  index: string,
  query: string,
  size: number,
  f: SearchFilters | undefined,
  titleBoost?: number,
): estypes.SearchRequest {
  return { ...common(index, size), query: lexicalQuery(query, f, titleBoost) };
}

export function knnSearchRequest(index: string, size: number, p: KnnParams): estypes.SearchRequest {
  return { ...common(index, size), knn: knnRetriever(p) };
}

export interface RrfParams {
  titleBoost?: number;
  rankConstant: number;
  rankWindowSize: number;
  /** Omitted from the request when both are 1 (weighted RRF needs a newer Elasticsearch). */
  weights?: { bm25?: number; dense?: number };
}

/** One-request hybrid: the engine runs both retrievers and fuses them by RRF. */
export function hybridSearchRequest(
  index: string,
  query: string,
  size: number,
  knn: KnnParams,
  rrf: RrfParams,
): estypes.SearchRequest {
  const standard: estypes.RetrieverContainer = {
    standard: { query: lexicalQuery(query, knn.filters, rrf.titleBoost) },
  };
  const dense: estypes.RetrieverContainer = { knn: knnRetriever(knn) };
  const wb = rrf.weights?.bm25 ?? 1;
  const wd = rrf.weights?.dense ?? 1;
  const retrievers: estypes.RRFRetrieverEntry[] =
    wb === 1 && wd === 1
      ? [standard, dense]
      : [
          { retriever: standard, weight: wb },
          { retriever: dense, weight: wd },
        ];
  return {
    ...common(index, size),
    retriever: { rrf: { retrievers, rank_window_size: rrf.rankWindowSize, rank_constant: rrf.rankConstant } },
  };
}
