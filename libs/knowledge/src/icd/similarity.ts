import { nfkcLower } from '@medagent/zh-text';

// String similarity for the ICD coder: character bigrams for Chinese, tokens with a bounded
// edit distance for English. Kept dependency-free and deterministic.

const CJK = /[\u3400-\u9fff]/;

export function hasCjk(s: string): boolean {
  return CJK.test(s);
}

const NON_KEY = /[\s!-/:-@[-`{-~\u3000-\u303f\uff00-\uff0f\u2010-\u2027]+/g;

/** Comparison key: NFKC, lower case, whitespace and punctuation removed. */
export function key(s: string): string {
  return nfkcLower(s).replace(NON_KEY, '');
}

export function bigrams(s: string): Set<string> {
  const out = new Set<string>();
  if (s.length === 1) out.add(s);
  for (let i = 0; i + 1 < s.length; i += 1) out.add(s.slice(i, i + 2));
  return out;
}

export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const x of a) if (b.has(x)) common += 1;
  return (2 * common) / (a.size + b.size);
}

/** Chinese similarity: bigram Dice, raised when one string contains the other. */
export function zhSimilarity(q: string, qb: ReadonlySet<string>, c: string, cb: ReadonlySet<string>): number {
  const d = dice(qb, cb);
  const shorter = Math.min(q.length, c.length);
  if (shorter >= 2 && (q.includes(c) || c.includes(q))) return Math.max(d, 0.5 + (0.5 * shorter) / Math.max(q.length, c.length));
  return d;
}

const STOPWORDS = new Set([
  'of', 'the', 'and', 'with', 'in', 'on', 'or', 'a', 'an', 'due', 'to', 'by', 'for', 'other', 'unspecified',
  'not', 'elsewhere', 'classified', 'incl', 'including', 'specified', 'my', 'i', 'have', 'has',
]);

export function tokens(s: string): string[] {
  return nfkcLower(s)
    .split(/[^\p{L}\p{N}']+/u)
    .map((t) => t.replace(/'s$|'/g, ''))
    .filter((t) => t !== '' && !STOPWORDS.has(t));
}

/** Edit distance, giving up (returning max + 1) as soon as it must exceed `max`. */
export function levenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) prev[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] ?? max + 1;
}

/** Typo budget grows with word length; short words (and numbers) must match exactly. */
function tokenSimilarity(q: string, c: string): number {
  if (q === c) return 1;
  const longest = Math.max(q.length, c.length);
  if (Math.min(q.length, c.length) < 4 || /\d/.test(q + c)) return 0;
  if (c.startsWith(q) && q.length >= 5) return 0.85;
  const budget = longest <= 5 ? 1 : longest <= 8 ? 2 : 3;
  const d = levenshtein(q, c, budget);
  return d <= budget ? 1 - d / longest : 0;
}

/**
 * English similarity: best token pairing, Dice-style over token counts. `pair` lets a caller
 * supply precomputed token similarities.
 */
export function enSimilarity(
  qt: readonly string[],
  ct: readonly string[],
  pair: (q: string, c: string) => number = tokenSimilarity,
): number {
  if (qt.length === 0 || ct.length === 0) return 0;
  let sum = 0;
  for (const q of qt) {
    let best = 0;
    for (const c of ct) best = Math.max(best, pair(q, c));
    sum += best;
  }
  return (2 * sum) / (qt.length + ct.length);
}
