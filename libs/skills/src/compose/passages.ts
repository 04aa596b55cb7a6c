import type { Lang } from '@medagent/contracts';
import { extractConcepts, sharesConcept, type Hit, type KnowledgeDocument } from '@medagent/knowledge';
import { topicsIn } from '../common';
import { candidatesOf, selectSentences, type SentenceIntent } from './sentences';

const POPULATIONS: readonly [string, RegExp][] = [
  ['pregnancy', /妊娠|孕|产后|哺乳|pregnan|gestation|postpartum|breastfeed|antenatal/i],
  ['child', /儿童|婴|幼儿|宝宝|小儿|新生儿|青少年|孩子|儿子|女儿|小孩|月龄|child|infant|baby|babies|toddler|newborn|paediatric|pediatric|adolescent|under 5s|under 12s|month-old|year-old (son|daughter|boy|girl)|\bkids?\b|\bson\b|\bdaughter\b/i],
];

export interface Passage {
  hit: Hit;
  sentences: string[];
}

/** "…sentences…（source，year）" / "…sentences… (source, year)": one line per document. */
export function passageLine(p: Passage, lang: Lang): string {
  const s = p.hit.source;
  return lang === 'zh'
    ? `${p.sentences.join('')}（${s.name}，${s.year}）`
    : `${p.sentences.join(' ')} (${s.name}, ${s.year})`;
}

/**
 * Whole sentences from the hits' full documents that answer `question` for this section's
 * intent; only documents in the answer's language are quoted, and only documents quoted are
 * returned (so a source is cited only when one of its sentences is used).
 */
export function passagesFor(
  question: string,
  intent: SentenceIntent,
  hits: readonly Hit[],
  docOf: (id: string) => KnowledgeDocument | undefined,
  lang: Lang,
  opts: { max?: number; maxChars?: number } = {},
): Passage[] {
  const q = extractConcepts(question);
  // No concept recognised ("饭后两小时血糖9点多"): the knowledge base's own topic list decides.
  const topics = q.length === 0 ? topicsIn(question) : [];
  // The hits are already concept-filtered by the knowledge service (documents' main concepts).
  // A document written for a population the question does not name (pregnancy, children) is
  // not quoted: gestational diabetes is not the answer to an adult's glucose question.
  const forPopulation = (text: string): string[] =>
    POPULATIONS.filter(([, re]) => re.test(text)).map(([id]) => id);
  const asked = new Set(forPopulation(question));
  const docOnTopic = (h: Hit): boolean => {
    if (forPopulation(h.title).some((p) => !asked.has(p))) return false;
    if (q.length === 0) return topics.some((t) => docOf(h.doc_id)?.topics.includes(t) === true);
    // Only a broad topic in common ("skin" for eczema and acne): the document must name what
    // the question named (its words, or for Chinese one of their characters, in the title).
    if (q.every((c) => c.kind === 'topic')) {
      const head = `${h.title} ${(docOf(h.doc_id)?.text ?? '').slice(0, 300)}`.toLowerCase();
      const named = q.map((c) => question.slice(c.span[0], c.span[1]).toLowerCase());
      return named.some((n) => head.includes(n) || Array.from(n).some((ch) => /[\u4e00-\u9fff]/.test(ch) && !'了的是有不'.includes(ch) && h.title.includes(ch)));
    }
    return true;
  };
  const usable = hits.filter((h) => h.lang === lang && docOnTopic(h));
  const docs = usable.map((h) => ({ doc_id: h.doc_id, text: docOf(h.doc_id)?.text ?? h.snippet }));
  // Budgets are in Chinese characters; an English sentence needs about 2.5 times the characters.
  const maxChars = opts.maxChars === undefined ? undefined : lang === 'en' ? Math.round(opts.maxChars * 2.5) : opts.maxChars;
  const chosen = selectSentences(question, intent, candidatesOf(docs), { ...opts, ...(maxChars ? { maxChars } : {}), lang });
  // What is quoted from a document (with its title) must itself share a concept with the
  // question; when the question names none, nothing is quoted: never another disease's text.
  // The evidence snippet is the passage actually used.
  const quotedOnTopic = (h: Hit, quoted: string): boolean =>
    q.length > 0 ? sharesConcept(q, extractConcepts(`${h.title} ${quoted}`)) : true;
  const out: Passage[] = [];
  for (const h of usable) {
    const sentences = chosen.filter((c) => c.doc_id === h.doc_id).map((c) => c.text);
    if (sentences.length === 0) continue;
    const quoted = sentences.join(lang === 'zh' ? '' : ' ');
    if (!quotedOnTopic(h, quoted)) continue;
    out.push({ hit: { ...h, snippet: quoted.slice(0, 2000) }, sentences });
  }
  return out;
}
