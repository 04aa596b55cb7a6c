// Concept-aware retrieval: evidence must share a concept with the question (or its task), and
// when the knowledge base has nothing on the question's main concept the result says so.
import type { Hit, Retriever, SearchFilters } from '../retrieval/types';
import type { ConceptTable } from './documents';
import { extractConcepts } from './extract';
import { isWeakConcept, sharesConceptIds, expandConcept } from './relate';
import type { Concept, ConceptKind, ConceptLang } from './types';

/**
 * `covered`: sources on the main concept; `partial`: sources share another concept only;
 * `elsewhere`: the KB has documents on it, but none pass the filters (e.g. no guideline summary);
 * `none`: nothing in the KB is about it; `no_concept`: the text names no concept the extractor
 * knows (no sources).
 */
export type Coverage = 'covered' | 'partial' | 'elsewhere' | 'none' | 'no_concept';

export interface ConceptSearchResult {
  hits: Hit[];
  concepts: Concept[];
  /** The concept the question is mainly about (first of the most specific kind). */
  main?: Concept;
  coverage: Coverage;
}

export interface ConceptSearchOptions {
  k: number;
  filters?: SearchFilters;
  lang?: ConceptLang;
  /** Concepts of the task the question belongs to; evidence may share one of these instead. */
  taskText?: string;
}

// Most specific first: what to do now, then what the person has, then what they feel.
const KIND_ORDER: readonly ConceptKind[] = ['first_aid', 'disease', 'procedure', 'symptom', 'test', 'drug', 'topic'];
const CANDIDATES = 30;

/** The question's main concept: the first-mentioned concept of the most specific kind. */
export function mainConcept(concepts: readonly Concept[]): Concept | undefined {
  const strong = concepts.filter((c) => !isWeakConcept(c.id));
  const pool = strong.length > 0 ? strong : concepts;
  for (const kind of KIND_ORDER) {
    const c = pool.find((x) => x.kind === kind);
    if (c) return c;
  }
  return pool[0];
}

/** KB topic slugs a concept belongs to ("topic:acs" → "acs"), to pull on-topic documents by filter. */
function slugsOf(id: string): string[] {
  return [...expandConcept(id)].filter((x) => x.startsWith('topic:')).map((x) => x.slice('topic:'.length));
}

export async function conceptSearch(
  retriever: Retriever,
  table: ConceptTable,
  query: string,
  opts: ConceptSearchOptions,
): Promise<ConceptSearchResult> {
  const { k, filters = {} } = opts;
  const concepts = extractConcepts(query, opts.lang ? { lang: opts.lang } : {});
  const task = opts.taskText ? extractConcepts(opts.taskText, opts.lang ? { lang: opts.lang } : {}) : [];
  const all = [...concepts, ...task.filter((t) => !concepts.some((c) => c.id === t.id))];
  const main = mainConcept(concepts) ?? mainConcept(task);
  // Nothing to check a source against: cite nothing rather than risk another topic's text.
  if (!main) return { hits: [], concepts: all, coverage: 'no_concept' };
  const ids = all.map((c) => c.id);
  const onMain = (h: Hit): boolean => sharesConceptIds([main.id], table.get(h.doc_id)?.main ?? []);
  const onAny = (h: Hit): boolean => sharesConceptIds(ids, table.get(h.doc_id)?.main ?? []);

  const pool: Hit[] = [];
  const add = (hs: Hit[]): void => {
    for (const h of hs) if (!pool.some((p) => p.doc_id === h.doc_id) && onAny(h)) pool.push(h);
  };
  add(await retriever.search(query, { k: CANDIDATES, filters }));
  const slugs = slugsOf(main.id);
  if (pool.filter(onMain).length < k && slugs.length > 0)
    add(await retriever.search(`${query} ${main.label}`, { k: CANDIDATES, filters: { ...filters, topics: slugs } }));
  if (pool.length === 0 && filters.lang) {
    const { lang: _lang, ...rest } = filters;
    add(await retriever.search(query, { k: CANDIDATES, filters: rest }));
  }
  // On the main concept first, then sharing another concept; retrieval order within each group.
  const ranked = [...pool.filter(onMain), ...pool.filter((h) => !onMain(h))].slice(0, k);
  const hits = ranked.map((h, i) => ({ ...h, rank: i + 1 }));
  const coverage: Coverage =
    hits.length > 0 ? (hits.some(onMain) ? 'covered' : 'partial') : table.covers([main.id]) ? 'elsewhere' : 'none';
  return { hits, concepts: all, main, coverage };
}
