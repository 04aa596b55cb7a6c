// Concepts of knowledge documents, computed once per corpus and stored beside the index:
// `main` (what the document is about: its title, headings and KB topics) and `mentions`
// (everything its text names). Evidence is filtered on `main`, so a text that merely mentions
// dizziness does not become a source for every dizzy question.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KnowledgeDocument } from '../retrieval/types';
import { defaultConceptData, extractConcepts } from './extract';
import { isWeakConcept, sharesConceptIds, topicForSlug } from './relate';

export interface DocumentConcepts {
  main: string[];
  mentions: string[];
}

/** Short lines without sentence punctuation at the end: section headings of long documents. */
const HEADING = /^[^\n。！？.!?；;]{2,60}$/;

function headings(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => HEADING.test(l) && !/[，,:：]$/.test(l))
    .slice(0, 20);
}

export function documentConcepts(doc: KnowledgeDocument): DocumentConcepts {
  const lang = doc.lang;
  const main = new Set<string>();
  for (const c of extractConcepts(doc.title, { lang })) main.add(c.id);
  for (const h of headings(doc.text)) for (const c of extractConcepts(h, { lang })) main.add(c.id);
  for (const slug of doc.topics) {
    const t = topicForSlug(slug);
    if (t) main.add(t);
  }
  // A title that names only a population or a context ("婴儿的危险信号") says too little: the
  // first sentence's specific concepts join the main ones, so such a document is not on every
  // question about children.
  if (![...main].some((id) => !isWeakConcept(id))) {
    const first = doc.text.split(/(?<=[。！？!?])|(?<=\.)\s/)[0] ?? '';
    for (const c of extractConcepts(first, { lang })) if (!isWeakConcept(c.id)) main.add(c.id);
  }
  const mentions = new Set<string>(main);
  for (const c of extractConcepts(doc.text, { lang })) mentions.add(c.id);
  return { main: [...main], mentions: [...mentions] };
}

/** Version of the extraction: the lexicon and hierarchy it ran with. */
function dataVersion(): string {
  return createHash('sha256').update(JSON.stringify(defaultConceptData())).digest('hex').slice(0, 12);
}

function corpusHash(docs: readonly KnowledgeDocument[]): string {
  const h = createHash('sha256');
  for (const d of [...docs].sort((a, b) => (a.id < b.id ? -1 : 1)))
    h.update(`${d.id}\u0000${d.title}\u0000${d.topics.join(',')}\u0000${d.text}\u0001`);
  return h.digest('hex').slice(0, 16);
}

/** Document id → concepts, for one corpus. */
export class ConceptTable {
  private constructor(private readonly byId: Map<string, DocumentConcepts>) {}

  /**
   * Extracts every document's concepts, or reads them from `dir` (the index directory) when
   * the same corpus and concept data were seen before; writes them there otherwise.
   */
  static build(docs: readonly KnowledgeDocument[], dir?: string): ConceptTable {
    const file = dir ? path.join(dir, `concepts-${corpusHash(docs)}-${dataVersion()}.json`) : undefined;
    if (file && fs.existsSync(file)) {
      try {
        const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, DocumentConcepts>;
        return new ConceptTable(new Map(Object.entries(saved)));
      } catch {
        // Rebuilt below.
      }
    }
    const byId = new Map(docs.map((d) => [d.id, documentConcepts(d)] as const));
    if (file) {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(Object.fromEntries(byId)));
      } catch {
        // A read-only data directory: extraction simply runs again next time.
      }
    }
    return new ConceptTable(byId);
  }

  get(docId: string): DocumentConcepts | undefined {
    return this.byId.get(docId);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Whether any document is about (main concepts) something sharing a concept with `ids`. */
  covers(ids: readonly string[]): boolean {
    for (const d of this.byId.values()) if (sharesConceptIds(ids, d.main)) return true;
    return false;
  }
}
