import { Injectable } from '@nestjs/common';
import {
  EmbeddedRetriever,
  defaultIcdCoder,
  loadStarterKb,
  type Hit,
  type IcdCoder,
  type KnowledgeDocument,
  type Retriever,
  type SearchOptions,
} from '@medagent/knowledge';

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

  doc(id: string): KnowledgeDocument | undefined {
    return this.docs.get(id);
  }

  get icd(): IcdCoder {
    return defaultIcdCoder();
  }
}
