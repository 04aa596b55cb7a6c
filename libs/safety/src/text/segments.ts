// Clause and sentence boundaries scope the context cues: a negation or a time word only
// reaches the symptoms in its own clause, a knowledge question or a film plot reaches
// its sentence. Boundaries are computed once per message as index -> id tables.

export interface Segments {
  /** clause id per character */
  clauseOf: Uint16Array;
  /** sentence id per character */
  sentenceOf: Uint16Array;
  /** [start, end) of every clause */
  clauses: [number, number][];
  /** [start, end) of every sentence */
  sentences: [number, number][];
  /** clause ids of each sentence, in order */
  clausesOfSentence: number[][];
}

const CLAUSE_PUNCT = new Set([...'，,；;：:、()（）【】[]~～—']);
const SENTENCE_PUNCT = new Set([...'。！？!?\n…']);

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** True when `text[i]` ends a sentence; a full stop inside "38.5" or "e.g" does not. */
function isSentenceEnd(text: string, i: number): boolean {
  const ch = text.charAt(i);
  if (SENTENCE_PUNCT.has(ch)) return true;
  if (ch !== '.') return false;
  const next = text.charAt(i + 1);
  if (isDigit(text.charAt(i - 1)) && isDigit(next)) return false;
  return next === '' || next === ' ' || next === '\n' || next === '"' || !/[a-z0-9]/.test(next);
}

export interface SegmentOptions {
  /**
   * Treat whitespace between two Chinese characters (or a Chinese character and a digit)
   * as a clause break: many users type spaces instead of "，" ("孕28周 从早上到现在…").
   * Latin-script boundaries never break ("胸痛 + sweating"). Off by default.
   */
  spaceBreaksClause?: boolean;
}

/**
 * "and now" / "but now" (and today, tonight, this morning) open a new clause in English: in "bitten
 * by a dog two months ago and now he is afraid of water" the time word of the first half must not
 * reach the second. Matched on the normalised (lower-case) text at a space.
 */
const EN_NARRATIVE_BREAKS = [' and now ', ' but now ', ' and today ', ' but today ', ' and tonight ', ' but tonight ', ' and this morning ', ' but this morning '];

function isNarrativeBreak(text: string, i: number): boolean {
  const next = text.charAt(i + 1);
  if (text.charAt(i) !== ' ' || (next !== 'a' && next !== 'b')) return false;
  return EN_NARRATIVE_BREAKS.some((w) => text.startsWith(w, i));
}

const CJK = /[\u3400-\u9fff]/;

function isCjk(ch: string | undefined): boolean {
  return ch !== undefined && CJK.test(ch);
}

/** True when the whitespace run starting at i separates two Chinese clauses. */
function isSpaceBreak(text: string, i: number): boolean {
  const ch = text.charAt(i);
  if (ch !== ' ' && ch !== '\t') return false;
  const prev = text.charAt(i - 1);
  if (prev === ' ' || prev === '\t') return false;
  let j = i + 1;
  while (text.charAt(j) === ' ' || text.charAt(j) === '\t') j++;
  const next = text.charAt(j);
  const ok = (c: string) => isCjk(c) || isDigit(c);
  return ok(prev) && ok(next) && (isCjk(prev) || isCjk(next));
}

export function segment(text: string, options: SegmentOptions = {}): Segments {
  const spaceBreaks = options.spaceBreaksClause === true;
  const n = text.length;
  const clauseOf = new Uint16Array(n);
  const sentenceOf = new Uint16Array(n);
  const clauses: [number, number][] = [];
  const sentences: [number, number][] = [];
  let clauseStart = 0;
  let sentenceStart = 0;
  let c = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    clauseOf[i] = c;
    sentenceOf[i] = s;
    const ch = text.charAt(i);
    const sentenceEnd = isSentenceEnd(text, i);
    // A comma between digits ("1,000") is a thousands separator, not a clause break.
    const clauseEnd =
      sentenceEnd ||
      (CLAUSE_PUNCT.has(ch) && !(ch === ',' && isDigit(text.charAt(i - 1)) && isDigit(text.charAt(i + 1)))) ||
      (spaceBreaks && isSpaceBreak(text, i)) ||
      isNarrativeBreak(text, i);
    if (clauseEnd) {
      clauses.push([clauseStart, i + 1]);
      clauseStart = i + 1;
      c++;
    }
    if (sentenceEnd) {
      sentences.push([sentenceStart, i + 1]);
      sentenceStart = i + 1;
      s++;
    }
  }
  clauses.push([clauseStart, n]);
  sentences.push([sentenceStart, n]);
  const clausesOfSentence: number[][] = sentences.map(() => []);
  clauses.forEach(([start], k) => {
    // An empty trailing clause sits at n; it belongs to the last sentence.
    const sid = start < n ? (sentenceOf[start] ?? 0) : sentences.length - 1;
    clausesOfSentence[sid]?.push(k);
  });
  return { clauseOf, sentenceOf, clauses, sentences, clausesOfSentence };
}

/** The clause or sentence id of a span, taken at its first character. */
export function idAt(table: Uint16Array, index: number): number {
  return table[Math.min(Math.max(index, 0), table.length - 1)] ?? 0;
}
