import * as path from 'node:path';
import { Injectable } from '@nestjs/common';
import {
  ConceptTable,
  EmbeddedRetriever,
  conceptSearch,
  defaultIcdCoder,
  defaultIndexRoot,
  isPackName,
  loadPack,
  type ConceptSearchResult,
  loadStarterKb,
  type Hit,
  type IcdCoder,
  type KnowledgeDocument,
  type Retriever,
  type SearchFilters,
  type SearchOptions,
} from '@medagent/knowledge';

export interface KnowledgeServiceOptions {
  /** An Elasticsearch (or other) retriever; default: embedded over the starter KB. */
  retriever?: Retriever;
  /** Extra documents to index beside the starter KB. */
  extraDocs?: KnowledgeDocument[];
  /** Where the documents' concept table is cached; default beside the embedded index. */
  conceptDir?: string | null;
  /** Optional knowledge packs to index beside the starter KB; default MEDAGENT_KB_PACKS (comma-separated, e.g. "medquad"). */
  packs?: string[];
}

/** Documents of the requested packs (MEDAGENT_KB_PACK_DIR overrides a pack's default directory). */
function packDocs(names: readonly string[]): KnowledgeDocument[] {
  return names.filter(isPackName).flatMap((n) => loadPack(n, process.env['MEDAGENT_KB_PACK_DIR'] || undefined).docs);
}

/**
 * The knowledge a worker's skills share: one retriever, the document table (guideline
 * recommendations live on the record), and the ICD coder. Built once per process.
 */
@Injectable()
export class KnowledgeService {
  readonly retriever: Retriever;
  private readonly docs = new Map<string, KnowledgeDocument>();
  private readyPromise: Promise<void> | undefined;
  private conceptTable: ConceptTable | undefined;
  private readonly conceptDir: string | undefined;

  constructor(opts: KnowledgeServiceOptions = {}) {
    const packs = (opts.packs ?? (process.env['MEDAGENT_KB_PACKS'] ?? '').split(',')).map((p) => p.trim()).filter(isPackName);
    const indexName = ['starter-kb', ...packs].join('-');
    this.conceptDir = opts.conceptDir === null ? undefined : (opts.conceptDir ?? path.join(defaultIndexRoot(), indexName));
    const docs = [...loadStarterKb(), ...packDocs(packs), ...(opts.extraDocs ?? [])];
    for (const d of docs) this.docs.set(d.id, d);
    if (opts.retriever) {
      this.retriever = opts.retriever;
    } else {
      const embedded = new EmbeddedRetriever({ name: indexName });
      this.readyPromise = embedded.ingest(docs).then(() => undefined);
      this.retriever = embedded;
    }
  }

  async search(query: string, opts: SearchOptions = {}): Promise<Hit[]> {
    if (this.readyPromise) await this.readyPromise;
    return this.retriever.search(query, opts);
  }

  /** Every document's concepts (title, headings, topics; text mentions), built once and cached on disk. */
  get concepts(): ConceptTable {
    this.conceptTable ??= ConceptTable.build([...this.docs.values()], this.conceptDir);
    return this.conceptTable;
  }

  /**
   * Concept-aware evidence: every hit shares a concept with the question (or `taskText`), those
   * on its main concept first; `coverage: 'none'` when the KB has nothing on it, and no
   * sources either when the question names no concept the extractor knows ('no_concept').
   */
  async evidence(query: string, k: number, filters: SearchFilters = {}, taskText?: string): Promise<ConceptSearchResult> {
    if (this.readyPromise) await this.readyPromise;
    const lang = filters.lang;
    const r = await conceptSearch(this.retriever, this.concepts, query, {
      k,
      filters,
      ...(lang ? { lang } : {}),
      ...(taskText ? { taskText } : {}),
    });
    return r;
  }

  /** Concept-aware search returning the hits only (see `evidence`). */
  async focusedSearch(query: string, k: number, filters: SearchFilters = {}): Promise<Hit[]> {
    return (await this.evidence(query, k, filters)).hits;
  }

  doc(id: string): KnowledgeDocument | undefined {
    return this.docs.get(id);
  }

  get icd(): IcdCoder {
    return defaultIcdCoder();
  }
}
