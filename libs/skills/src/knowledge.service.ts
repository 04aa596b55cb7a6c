import { Injectable } from '@nestjs/common';
import {
  EmbeddedRetriever,
  defaultIcdCoder,
  loadStarterKb,
  type Hit,
  type IcdCoder,
  type KnowledgeDocument,
  type Retriever,
  type SearchFilters,
  type SearchOptions,
} from '@medagent/knowledge';
import { topicsIn } from './common';

export interface KnowledgeServiceOptions {
  /** An Elasticsearch (or other) retriever; default: embedded over the starter KB. */
  retriever?: Retriever;
  /** Extra documents to index beside the starter KB. */
  extraDocs?: KnowledgeDocument[];
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

  constructor(opts: KnowledgeServiceOptions = {}) {
    const docs = [...loadStarterKb(), ...(opts.extraDocs ?? [])];
    for (const d of docs) this.docs.set(d.id, d);
    if (opts.retriever) {
      this.retriever = opts.retriever;
    } else {
      const embedded = new EmbeddedRetriever({ name: 'starter-kb' });
      this.readyPromise = embedded.ingest(docs).then(() => undefined);
      this.retriever = embedded;
    }
  }

  async search(query: string, opts: SearchOptions = {}): Promise<Hit[]> {
    if (this.readyPromise) await this.readyPromise;
    return this.retriever.search(query, opts);
  }

  /**
   * Topic-first search: documents on the conditions the question names (diabetes for
   * "餐后血糖"), then the wider index, then other languages — so a diet question about
   * glucose is answered from diabetes documents before generic diet documents.
   */
  async focusedSearch(query: string, k: number, filters: SearchFilters = {}): Promise<Hit[]> {
    const out: Hit[] = [];
    const add = (hs: Hit[]) => {
      for (const h of hs) if (out.length < k && !out.some((o) => o.doc_id === h.doc_id)) out.push(h);
    };
    const topics = topicsIn(query);
    if (topics.length) add(await this.search(query, { k, filters: { ...filters, topics } }));
    if (out.length < k) add(await this.search(query, { k, filters }));
    if (out.length < 2 && filters.lang) {
      const { lang: _lang, ...rest } = filters;
      add(await this.search(query, { k, filters: rest }));
    }
    return out.map((h, i) => ({ ...h, rank: i + 1 }));
  }

  doc(id: string): KnowledgeDocument | undefined {
    return this.docs.get(id);
  }

  get icd(): IcdCoder {
    return defaultIcdCoder();
  }
}
