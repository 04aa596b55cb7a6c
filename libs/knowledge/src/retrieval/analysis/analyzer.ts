import { porterStem } from './porter';
import { nfkcLower } from '@medagent/zh-text';

/**
 * One analyzer for Chinese, English and mixed text, mirroring what the Elasticsearch
 * adapter gets from its `cjk` + `english` multi-fields:
 * - NFKC normalisation folds full-width Latin/digits and half-width katakana (ES `cjk_width`);
 * - a run of CJK characters yields overlapping bigrams plus single characters (ES `cjk_bigram`
 *   with `output_unigrams`), so both "糖尿" queries and one-character terms like "痛" match;
 * - other letter/digit runs are lowercased, lose the possessive 's, drop Lucene's English stop
 *   words and are Porter-stemmed (ES `english`); decimals such as 11.1 stay one token.
 * Bump ANALYZER_VERSION whenever output changes: persisted indexes are keyed by it.
 */
export const ANALYZER_VERSION = 'mixed-cjk-en/1';

export interface AnalyzerOptions {
  /** Emit CJK single characters besides bigrams. Default true. */
  cjkUnigrams?: boolean;
  /** Porter-stem English words. Default true. */
  stem?: boolean;
  /** Drop English stop words. Default true. */
  stopwords?: boolean;
}

/** Lucene's EnglishAnalyzer stop set, so embedded and Elasticsearch BM25 agree. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’]\p{L}+|(?<=\p{N})\.\p{N}+)*/gu;
const ASCII_LOWER = /^[a-z]+$/;
const STEM_CACHE_LIMIT = 200_000;
const stemCache = new Map<string, string>();

function cachedStem(w: string): string {
  let s = stemCache.get(w);
  if (s === undefined) {
    s = porterStem(w);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(w, s);
  }
  return s;
}

/** Han (incl. extensions and compatibility), kana, Hangul, CJK symbols folded into words. */
export function isCjkCodePoint(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x3040 && cp <= 0x30ff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x3130 && cp <= 0x318f) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x20000 && cp <= 0x2ebef) ||
    cp === 0x3007
  );
}

export class Analyzer {
  readonly version: string;
  private readonly cjkUnigrams: boolean;
  private readonly stem: boolean;
  private readonly stopwords: boolean;

  constructor(opts: AnalyzerOptions = {}) {
    this.cjkUnigrams = opts.cjkUnigrams ?? true;
    this.stem = opts.stem ?? true;
    this.stopwords = opts.stopwords ?? true;
    this.version = `${ANALYZER_VERSION}:u${+this.cjkUnigrams}s${+this.stem}w${+this.stopwords}`;
  }

  tokens(text: string): string[] {
    const out: string[] = [];
    this.each(text, (t) => out.push(t));
    return out;
  }

  /** Adds `weight` per occurrence into `into` (used to weight title terms above body terms). */
  counts(text: string, into: Map<string, number> = new Map(), weight = 1): Map<string, number> {
    this.each(text, (t) => into.set(t, (into.get(t) ?? 0) + weight));
    return into;
  }

  private each(text: string, emit: (token: string) => void): void {
    const norm = nfkcLower(text);
    for (const m of norm.matchAll(WORD)) {
      const w = m[0];
      let start = 0;
      let cjk: boolean | undefined;
      for (let i = 0; i < w.length;) {
        const cp = w.codePointAt(i) as number;
        const width = cp > 0xffff ? 2 : 1;
        const isCjk = isCjkCodePoint(cp);
        if (cjk !== undefined && isCjk !== cjk) {
          this.emitRun(w.slice(start, i), cjk, emit);
          start = i;
        }
        cjk = isCjk;
        i += width;
      }
      if (cjk !== undefined) this.emitRun(w.slice(start), cjk, emit);
    }
  }

  private emitRun(run: string, cjk: boolean, emit: (token: string) => void): void {
    if (cjk) {
      const chars = Array.from(run);
      if (chars.length === 1 || this.cjkUnigrams) for (const c of chars) emit(c);
      for (let i = 0; i + 1 < chars.length; i++) emit((chars[i] as string) + (chars[i + 1] as string));
      return;
    }
    let word = run.replace(/['’]s$/, '');
    if (word.includes("'") || word.includes('’')) word = word.replace(/['’]/g, '');
    if (word.length === 0 || (this.stopwords && ENGLISH_STOP_WORDS.has(word))) return;
    emit(this.stem && ASCII_LOWER.test(word) ? cachedStem(word) : word);
  }
}

export const defaultAnalyzer = new Analyzer();
