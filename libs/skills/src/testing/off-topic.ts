// Off-topic source rate of knowledge retrieval on a labelled question set: the share of the
// top-3 cited sources whose main concepts (title, headings, KB topics) share no concept with
// the question, and with the question's labelled concept. Used by the spec and for reports.
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  ConceptTable,
  EmbeddedRetriever,
  extractConcepts,
  loadStarterKb,
  sharesConceptIds,
  type Hit,
  type KnowledgeDocument,
  type SearchFilters,
} from '@medagent/knowledge';
import { topicsIn } from '../common';
import { KnowledgeService } from '../knowledge.service';

export interface ConceptQuestion {
  id: string;
  lang: 'zh' | 'en';
  query: string;
  /** The concept a clinician would file the question under. */
  expect: string;
}

export interface OffTopicReport {
  questions: number;
  sources: number;
  /** Sources sharing no concept with the question's extracted concepts. */
  off_topic_rate: number;
  /** Sources not on the labelled concept. */
  off_expected_rate: number;
  /** Questions answered with no source at all. */
  no_source: number;
  /** The labelled concept is related to an extracted one (extractor recall). */
  concept_recall: number;
  per_question: Array<{ id: string; sources: string[]; off: string[]; coverage?: string }>;
}

export function readConceptQuestions(file = path.join(__dirname, '..', '..', '..', 'knowledge', 'data', 'eval', 'concept-questions.jsonl')): ConceptQuestion[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ConceptQuestion);
}

/** The starter KB as it was before the first-aid and primary-care additions. */
export function previousKb(): KnowledgeDocument[] {
  return loadStarterKb().filter((d) => !/^kb-(firstaid|primary)-/.test(d.id));
}

/** Retrieval as it was before concept-aware evidence: topic-first, then the wider index, classic RRF. */
export function previousSearch(docs: KnowledgeDocument[]): (q: string, k: number, f: SearchFilters) => Promise<Hit[]> {
  const r = new EmbeddedRetriever({ persist: false, rrf: { k: 60, weights: { bm25: 1, dense: 1 } } });
  const ready = r.ingest(docs);
  return async (query, k, filters) => {
    await ready;
    const out: Hit[] = [];
    const add = (hs: Hit[]): void => {
      for (const h of hs) if (out.length < k && !out.some((o) => o.doc_id === h.doc_id)) out.push(h);
    };
    const topics = topicsIn(query);
    if (topics.length) add(await r.search(query, { k, filters: { ...filters, topics } }));
    if (out.length < k) add(await r.search(query, { k, filters }));
    return out;
  };
}

export async function offTopicReport(
  questions: readonly ConceptQuestion[],
  search: (q: ConceptQuestion) => Promise<{ hits: Hit[]; coverage?: string }>,
  judge: ConceptTable,
): Promise<OffTopicReport> {
  let sources = 0;
  let off = 0;
  let offExpected = 0;
  let noSource = 0;
  let recall = 0;
  const per: OffTopicReport['per_question'] = [];
  for (const q of questions) {
    const ids = extractConcepts(q.query, { lang: q.lang }).map((c) => c.id);
    if (sharesConceptIds([q.expect], ids)) recall++;
    const r = await search(q);
    const top = r.hits.slice(0, 3);
    if (top.length === 0) noSource++;
    const offIds: string[] = [];
    for (const h of top) {
      const main = judge.get(h.doc_id)?.main ?? [];
      sources++;
      if (!sharesConceptIds(ids, main)) {
        off++;
        offIds.push(h.doc_id);
      }
      if (!sharesConceptIds([q.expect], main)) offExpected++;
    }
    per.push({ id: q.id, sources: top.map((h) => h.doc_id), off: offIds, ...(r.coverage ? { coverage: r.coverage } : {}) });
  }
  const rate = (n: number): number => (sources === 0 ? 0 : Math.round((n / sources) * 1000) / 1000);
  return {
    questions: questions.length,
    sources,
    off_topic_rate: rate(off),
    off_expected_rate: rate(offExpected),
    no_source: noSource,
    concept_recall: Math.round((recall / Math.max(1, questions.length)) * 1000) / 1000,
    per_question: per,
  };
}

/** Before (previous KB and search) and after (this KB, concept-aware evidence) on one question set. */
export async function compareOffTopic(questions: readonly ConceptQuestion[]): Promise<{ before: OffTopicReport; after: OffTopicReport }> {
  const judge = ConceptTable.build(loadStarterKb());
  const old = previousSearch(previousKb());
  const before = await offTopicReport(questions, async (q) => ({ hits: await old(q.query, 4, { lang: q.lang }) }), judge);
  const kb = new KnowledgeService({ conceptDir: null });
  const after = await offTopicReport(questions, (q) => kb.evidence(q.query, 4, { lang: q.lang }), judge);
  return { before, after };
}
