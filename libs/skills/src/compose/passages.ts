import type { Lang } from '@medagent/contracts';
import { extractConcepts, sharesConcept, type Hit, type KnowledgeDocument } from '@medagent/knowledge';
import { candidatesOf, selectSentences, type SentenceIntent } from './sentences';

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
  // A document is quoted only when it shares a medical concept with the question (when the
  // question names none, nothing is quoted): never another disease's text.
  const q = extractConcepts(question);
  const onTopic = (h: Hit) => q.length > 0 && sharesConcept(q, extractConcepts(`${h.title} ${docOf(h.doc_id)?.text.slice(0, 400) ?? h.snippet}`));
  const usable = hits.filter((h) => h.lang === lang && onTopic(h));
  const docs = usable.map((h) => ({ doc_id: h.doc_id, text: docOf(h.doc_id)?.text ?? h.snippet }));
  const chosen = selectSentences(question, intent, candidatesOf(docs), { ...opts, lang });
  const out: Passage[] = [];
  for (const h of usable) {
    const sentences = chosen.filter((c) => c.doc_id === h.doc_id).map((c) => c.text);
    if (sentences.length) out.push({ hit: h, sentences });
  }
  return out;
}
