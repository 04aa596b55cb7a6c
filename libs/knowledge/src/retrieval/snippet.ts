import type { Analyzer } from './analysis/analyzer';
import { SNIPPET_MAX_CHARS } from './types';
import { nfkcLower } from '@medagent/zh-text';

const SENTENCE = /[^。！？；!?;\n]+[。！？；!?;\n]*|[。！？；!?;\n]+/g;

/** Splits text into sentences, then cuts any sentence longer than `max` at a space or comma. */
function pieces(text: string, max: number): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SENTENCE)) {
    for (const part of m[0].split(/(?<=\.)\s+(?=\p{Lu}|\d)/u)) {
      let s = part.trim();
      while (s.length > max) {
        const window = s.slice(0, max);
        const cut = Math.max(window.lastIndexOf(' '), window.lastIndexOf('，'), window.lastIndexOf(','));
        const at = cut > max / 2 ? cut + 1 : max;
        out.push(s.slice(0, at).trim());
        s = s.slice(at).trim();
      }
      if (s) out.push(s);
    }
  }
  return out;
}

/**
 * A cheap necessary condition for `term` to be produced from a sentence: Porter stems differ
 * from the surface word in at most their last two letters (happi/happy, sensibl/sensibility),
 * CJK terms are literal substrings. Only sentences passing it are analysed, which keeps
 * snippet cost low on long documents without caching analysed text across queries.
 */
function probe(term: string): string {
  return /^[a-z]+$/.test(term) && term.length > 3 ? term.slice(0, Math.max(3, term.length - 2)) : term;
}

/** Query terms present in each sentence. */
function sentenceTerms(
  sentences: string[],
  query: ReadonlyMap<string, number>,
  analyzer: Analyzer,
): string[][] {
  const probes = [...query.keys()].map((t) => [t, probe(t)] as const);
  return sentences.map((s) => {
    const low = nfkcLower(s);
    const maybe = probes.filter(([, p]) => low.includes(p));
    if (maybe.length === 0) return [];
    const tokens = new Set(analyzer.tokens(s));
    return maybe.filter(([t]) => tokens.has(t)).map(([t]) => t);
  });
}

/**
 * The passage (a run of whole sentences, at most `max` characters) that covers the most
 * query weight: the sum of idf over distinct query terms it contains. Ties go to the earliest
 * passage, so a document's opening wins when nothing matches.
 */
export function bestPassage(
  text: string,
  query: ReadonlyMap<string, number>,
  idf: (term: string) => number,
  analyzer: Analyzer,
  max = SNIPPET_MAX_CHARS,
): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentences = pieces(flat, max);
  const terms = sentenceTerms(sentences, query, analyzer);
  let best = sentences[0] ?? flat.slice(0, max);
  let bestScore = -1;
  for (let i = 0; i < sentences.length; i++) {
    let len = 0;
    const seen = new Set<string>();
    let j = i;
    for (; j < sentences.length; j++) {
      const add = (sentences[j] as string).length + (j > i ? 1 : 0);
      if (len + add > max) break;
      len += add;
      for (const t of terms[j] as string[]) seen.add(t);
    }
    let score = 0;
    for (const t of seen) score += idf(t);
    if (score > bestScore) {
      bestScore = score;
      best = joinSentences(sentences.slice(i, j));
    }
  }
  return best.slice(0, max);
}

/** Chinese sentences follow each other without a space; others get one. */
function joinSentences(parts: string[]): string {
  return parts.reduce(
    (acc, p) =>
      acc === '' ? p : /[\u3000-\u303f\uff00-\uffef\u4e00-\u9fff]$/.test(acc) ? acc + p : `${acc} ${p}`,
    '',
  );
}
