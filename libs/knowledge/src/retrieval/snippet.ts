import type { Analyzer } from './analysis/analyzer';
import { SNIPPET_MAX_CHARS } from './types';

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
  const terms = sentences.map((s) => new Set(analyzer.tokens(s).filter((t) => query.has(t))));
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
      for (const t of terms[j] as Set<string>) seen.add(t);
    }
    let score = 0;
    for (const t of seen) score += idf(t);
    if (score > bestScore) {
      bestScore = score;
      best = sentences.slice(i, j).join(' ');
    }
  }
  return best.slice(0, max);
}
