import { createHash } from 'node:crypto';
import { ConfigError, hashOf } from '@medagent/contracts';
import type { Analyzer } from './analysis/analyzer';
import { Bm25Index, buildDocTermMatrix } from './bm25';
import { l2normalize } from './dense';
import {
  INDEX_FORMAT,
  directoryBytes,
  loadIndex,
  memoryBytes,
  saveIndex,
  type PersistedIndex,
} from './index-store';
import type { FusionCalibration } from './calibrate';
import { LsaEmbedder } from './lsa';
import { isFittable, type Embedder, type KnowledgeDocument } from './types';

/** The in-memory index the embedded retriever serves from, built or loaded for one corpus. */
export interface LiveIndex {
  key: string;
  embedder: Embedder | null;
  docs: KnowledgeDocument[];
  bm25: Bm25Index;
  /** BM25 over titles only: cheap, rebuilt at open, the hybrid's third list. */
  titles: Bm25Index;
  /** The hybrid's calibrated fusion (set by the retriever after opening). */
  calibration?: FusionCalibration;
  vectors: Float32Array | undefined;
  dim: number;
  state: 'built' | 'loaded';
  ms: number;
  dir: string | undefined;
  bytes: number;
}

/**
 * LSA rank from corpus size: about a third of the documents, between 16 and 256. Far fewer
 * dimensions than documents is what makes LSA generalise (on the 213-document starter KB, 48–96
 * dimensions beat 128+); large corpora saturate around 256, where the exact scan still costs a
 * few milliseconds.
 */
export function autoLsaDim(nDocs: number): number {
  return Math.max(16, Math.min(256, Math.round(nDocs / 3)));
}

export interface OpenIndexParams {
  /** Sorted by id: document i of the index is docs[i]. */
  docs: KnowledgeDocument[];
  analyzer: Analyzer;
  titleWeight: number;
  embedder: Embedder | null;
  /** The directory for an index key, or undefined to keep it in memory only. */
  dir: (key: string) => string | undefined;
}

function corpusKey(
  docs: KnowledgeDocument[],
  analyzer: Analyzer,
  titleWeight: number,
  embedder: Embedder | null,
): string {
  const h = createHash('sha256');
  for (const d of docs) h.update(`${d.id}\u0000${d.title}\u0000${d.text}\u0001`);
  return hashOf({
    format: INDEX_FORMAT,
    analyzer: analyzer.version,
    titleWeight,
    embedder: embedder?.id ?? null,
    corpus: h.digest('hex'),
  }).slice(0, 24);
}

/** Loads the persisted index for this corpus and configuration, or builds and persists it. */
export async function openIndex(p: OpenIndexParams): Promise<LiveIndex> {
  const { docs, analyzer, titleWeight, embedder } = p;
  const key = corpusKey(docs, analyzer, titleWeight, embedder);
  const dir = p.dir(key);
  const t0 = performance.now();
  const saved = dir ? loadIndex(dir, key) : undefined;
  if (dir && saved && adopt(embedder, saved)) {
    const bm25 = new Bm25Index(saved.bm25);
    return {
      key,
      embedder,
      docs,
      bm25,
      titles: titleIndex(docs, analyzer),
      vectors: saved.vectors,
      dim: saved.manifest.dim,
      state: 'loaded',
      ms: performance.now() - t0,
      dir,
      bytes: directoryBytes(dir),
    };
  }
  const rows = docs.map((d) => analyzer.counts(d.text, analyzer.counts(d.title, new Map(), titleWeight)));
  const terms: string[] = [];
  const bm25 = Bm25Index.fromMatrix(buildDocTermMatrix(rows, new Map(), terms), terms);
  const dense = embedder ? await embedCorpus(embedder, docs, rows) : undefined;
  const ms = performance.now() - t0;
  const dim = embedder?.dim ?? 0;
  const persisted: PersistedIndex = {
    manifest: {
      format: INDEX_FORMAT,
      key,
      analyzer: analyzer.version,
      embedder: embedder?.id ?? null,
      dim,
      doc_ids: docs.map((d) => d.id),
      n_terms: terms.length,
      build_ms: Math.round(ms),
      created_at: new Date().toISOString(),
    },
    bm25: bm25.data,
    ...dense,
  };
  const bytes = dir ? saveIndex(dir, persisted) : memoryBytes(persisted);
  return {
    key,
    embedder,
    docs,
    bm25,
    titles: titleIndex(docs, analyzer),
    vectors: dense?.vectors,
    dim,
    state: 'built',
    ms,
    dir,
    bytes,
  };
}

function titleIndex(docs: KnowledgeDocument[], analyzer: Analyzer): Bm25Index {
  const terms: string[] = [];
  const rows = docs.map((d) => analyzer.counts(d.title));
  return Bm25Index.fromMatrix(buildDocTermMatrix(rows, new Map(), terms), terms);
}

async function embedCorpus(
  embedder: Embedder,
  docs: KnowledgeDocument[],
  rows: Array<Map<string, number>>,
): Promise<Pick<PersistedIndex, 'vectors' | 'lsa'>> {
  const dim = embedder.dim;
  const vectors = new Float32Array(docs.length * dim);
  if (embedder instanceof LsaEmbedder) {
    // Reuse the BM25 analysis (title-weighted counts) instead of analysing the corpus twice.
    embedder.fitCounts(rows);
    rows.forEach((r, i) => vectors.set(embedder.embedCounts(r), i * dim));
    return { vectors, lsa: embedder.exportState() };
  }
  const texts = docs.map((d) => `${d.title}\n${d.text}`);
  if (isFittable(embedder)) embedder.fit(texts);
  const vs = await embedder.embed(texts);
  if (vs.length !== docs.length)
    throw new ConfigError(`embedder ${embedder.id} returned ${vs.length} vectors for ${docs.length} texts`);
  vs.forEach((v, i) => {
    if (v.length !== dim)
      throw new ConfigError(`embedder ${embedder.id} returned ${v.length} dimensions, declared ${dim}`);
    vectors.set(l2normalize(Float32Array.from(v)), i * dim);
  });
  return { vectors };
}

/** Restores the embedder's fitted state from disk; false when the saved index cannot serve it. */
function adopt(embedder: Embedder | null, saved: PersistedIndex): boolean {
  if (!embedder) return true;
  if (!saved.vectors || saved.manifest.dim !== embedder.dim) return false;
  if (embedder instanceof LsaEmbedder) {
    if (!saved.lsa) return false;
    embedder.loadState(saved.lsa);
    return true;
  }
  return !isFittable(embedder) || embedder.fitted;
}
