// Public API of the retrieval layer (re-exported by libs/knowledge/src/index.ts).
export type {
  Embedder,
  FittableEmbedder,
  GuidelineInfo,
  Hit,
  IngestResult,
  KnowledgeDocument,
  KnowledgeSource,
  MatchedBy,
  RetrievalMode,
  Retriever,
  RetrieverStats,
  SearchFilters,
  SearchOptions,
} from './types';
export { SNIPPET_MAX_CHARS, isFittable } from './types';
export {
  Analyzer,
  ANALYZER_VERSION,
  ENGLISH_STOP_WORDS,
  defaultAnalyzer,
  type AnalyzerOptions,
} from './analysis/analyzer';
export { porterStem } from './analysis/porter';
export { DEFAULT_BM25, type Bm25Params } from './bm25';
export { DEFAULT_RRF_K, rrfFuse, type Fused, type ListName, type RankedList, type RrfOptions } from './fusion';
export {
  CALIBRATION_VERSION,
  CLASSIC_FUSION,
  calibrateFusion,
  pseudoQueries,
  type DenseScope,
  type FusionCalibration,
  type ListsForQuery,
} from './calibrate';
export { LsaEmbedder, LSA_VERSION, type LsaOptions } from './lsa';
export { OpenAIEmbedder, type OpenAIEmbedderOptions } from './openai-embedder';
export {
  EmbeddedRetriever,
  DEFAULT_RRF_WINDOW,
  DEFAULT_TITLE_WEIGHT,
  type EmbeddedRetrieverOptions,
} from './embedded';
export { autoLsaDim } from './embedded-index';
export { defaultIndexRoot } from './index-store';
export {
  ElasticsearchRetriever,
  isRrfUnsupported,
  type ElasticsearchRetrieverOptions,
  type FusionPlace,
} from './elasticsearch';
export { indexTemplateRequest, hybridSearchRequest, type EsIndexSpec } from './es-requests';
export { RetrievalBackendError } from './errors';
export {
  loadCorpus,
  loadQueries,
  loadStarterKb,
  medquadToDocument,
  sampleQueries,
  starterKbDir,
  MEDQUAD_KB_VERSION,
  type EvalQuery,
  type MedquadRecord,
} from './corpus';
export {
  evaluateRetrieval,
  ndcgAt,
  recallAt,
  reciprocalRank,
  percentile,
  type RetrievalEvalInput,
  type RetrievalEvalResult,
} from './evaluate';
export {
  benchMedquad,
  defaultMedquadDir,
  type MedquadBenchOptions,
  type MedquadBenchReport,
} from './bench-medquad';
export { KNOWLEDGE_PACKS, isPackName, loadPack, type KnowledgePack, type PackName } from './packs';
