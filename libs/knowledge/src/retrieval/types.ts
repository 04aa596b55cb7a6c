import type { Lang } from '@medagent/contracts';

/** One record of the starter KB (libs/knowledge/data/kb/*.jsonl) or of any corpus mapped onto it. */
export interface KnowledgeSource {
  name: string;
  year: number;
  url?: string;
}

export interface GuidelineInfo {
  name: string;
  issuer: string;
  year: number;
  recommendations: ReadonlyArray<string | Record<string, unknown>>;
}

export interface KnowledgeDocument {
  id: string;
  lang: Lang;
  doc_type: string;
  title: string;
  text: string;
  topics: string[];
  source: KnowledgeSource;
  kb_version: string;
  guideline?: GuidelineInfo;
}

export type RetrievalMode = 'bm25' | 'dense' | 'hybrid';
export type MatchedBy = 'bm25' | 'dense';

/** All given filters must hold; list filters (doc_type, topics) match when any listed value matches. */
export interface SearchFilters {
  doc_type?: string[];
  lang?: Lang;
  kb_version?: string;
  topics?: string[];
}

export interface SearchOptions {
  k?: number;
  mode?: RetrievalMode;
  filters?: SearchFilters;
}

/** A hit carries enough provenance to be cited as Evidence without a second lookup. */
export interface Hit {
  doc_id: string;
  title: string;
  /** The best-matching passage of the document, at most 240 characters. */
  snippet: string;
  /** BM25 score, cosine similarity or fused RRF score, depending on the mode. */
  score: number;
  /** 1-based. */
  rank: number;
  source: KnowledgeSource;
  kb_version: string;
  lang: Lang;
  doc_type: string;
  matched_by: MatchedBy[];
}

export interface IngestResult {
  /** Documents received in this call. */
  received: number;
  /** Documents in the corpus afterwards (an existing id is replaced, not duplicated). */
  total: number;
}

export interface RetrieverStats {
  backend: 'embedded' | 'elasticsearch';
  docs: number;
  /** Modes this retriever can serve right now (dense needs an embedder). */
  modes: RetrievalMode[];
  embedder?: string;
  kb_versions: string[];
  /** Embedded: 'built' or 'loaded' from disk; Elasticsearch: whether fusion runs in the engine. */
  index?: {
    state: 'empty' | 'built' | 'loaded';
    key?: string;
    dir?: string;
    build_ms?: number;
    load_ms?: number;
    bytes?: number;
  };
  fusion?: 'engine' | 'client';
}

export interface Retriever {
  search(query: string, opts?: SearchOptions): Promise<Hit[]>;
  ingest(docs: KnowledgeDocument[]): Promise<IngestResult>;
  stats(): Promise<RetrieverStats>;
}

/** Embeddings port: vectors come back L2-normalised, in input order. */
export interface Embedder {
  readonly id: string;
  readonly dim: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** An embedder that must learn from the corpus before it can embed (LSA). */
export interface FittableEmbedder extends Embedder {
  readonly fitted: boolean;
  fit(texts: string[]): void;
}

export function isFittable(e: Embedder): e is FittableEmbedder {
  return typeof (e as Partial<FittableEmbedder>).fit === 'function';
}

export const SNIPPET_MAX_CHARS = 240;
