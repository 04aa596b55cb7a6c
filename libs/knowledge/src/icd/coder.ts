import * as fs from 'node:fs';
import * as path from 'node:path';
import { IcdError } from './errors';
import { buildScanIndex, scanMentions, type ScanIndex } from './mentions';
import { bigrams, enSimilarity, hasCjk, key, tokens, zhSimilarity } from './similarity';
import type { IcdCategory, IcdChapter, IcdLang, IcdLookupOptions, IcdMatch, IcdMatchKind, IcdMention } from './types';
import { nfkc } from '@medagent/zh-text';

/** The shipped list; tools/build.js copies data/ beside the compiled src/, so this holds in dist too. */
export const DEFAULT_ICD_FILE = path.join(__dirname, '..', '..', 'data', 'icd10', 'icd10.json');

const MAX_QUERY_LENGTH = 200;
const CODE_RE = /^([a-z]\d{2})(?:\.\d{0,2})?[+*†]?$/i;
// Fixed score bands keep the documented order: code > name > alias > secondary alias > fuzzy.
const SCORE = { code: 1, name: 0.97, alias: 0.95, secondary: 0.85, fuzzy: 0.8 };
const FUZZY_MIN = { zh: 0.5, en: 0.6 };

interface Term {
  code: string;
  text: string;
  key: string;
  lang: IcdLang;
  kind: 'name' | 'alias';
  secondary: boolean;
}

/** Per-language fuzzy index: bigram postings for Chinese, a token vocabulary for English. */
interface FuzzyIndex {
  terms: Term[];
  grams: Set<string>[];
  postings: Map<string, number[]>;
  toks: string[][];
  vocab: Set<string>;
}

/** Name variants worth matching: the full name, without brackets, the synonym in [..], the part before a comma. */
export function nameVariants(name: string): string[] {
  if (!/[[(（【,，]/.test(name)) return name.length >= 2 ? [name] : [];
  const out = new Set<string>([name]);
  out.add(name.replace(/[[(（【][^\])）】]*[\])）】]/g, ''));
  for (const m of name.matchAll(/\[([^\]]+)\]/g)) if (m[1]) out.add(m[1]);
  const head = name.split(/[,，]/)[0] ?? name;
  out.add(head.replace(/[[(（【][^\])）】]*[\])）】]/g, ''));
  return [...out].map((s) => s.trim()).filter((s) => s.length >= 2);
}

export class IcdCoder {
  private readonly byCode = new Map<string, IcdCategory>();
  private readonly chapterById = new Map<string, IcdChapter>();
  // Indexes are built on first use: loading stays a parse plus validation.
  private termList: Term[] | undefined;
  private exactIndex: Map<string, Term[]> | undefined;
  private readonly fuzzyIndexes = new Map<IcdLang, FuzzyIndex>();
  private scan: ScanIndex | undefined;

  private constructor(
    readonly chapters: readonly IcdChapter[],
    readonly categories: readonly IcdCategory[],
  ) {
    for (const c of chapters) this.chapterById.set(c.id, c);
    for (const cat of categories) this.byCode.set(cat.code, cat);
  }

  private get terms(): Term[] {
    if (this.termList) return this.termList;
    const terms: Term[] = [];
    for (const cat of this.categories) {
      const add = (text: string, kind: Term['kind'], secondary: boolean): void => {
        const k = key(text);
        if (k !== '') terms.push({ code: cat.code, text, key: k, lang: hasCjk(text) ? 'zh' : 'en', kind, secondary });
      };
      for (const v of nameVariants(cat.name_zh)) add(v, 'name', false);
      if (cat.name_en) add(cat.name_en, 'name', false);
      for (const a of cat.aliases ?? []) add(a, 'alias', false);
      for (const a of cat.secondary ?? []) add(a, 'alias', true);
    }
    this.termList = terms;
    return terms;
  }

  private get exact(): Map<string, Term[]> {
    if (this.exactIndex) return this.exactIndex;
    const index = new Map<string, Term[]>();
    for (const t of this.terms) {
      const list = index.get(t.key);
      if (list) list.push(t);
      else index.set(t.key, [t]);
    }
    this.exactIndex = index;
    return index;
  }

  static fromData(raw: unknown): IcdCoder {
    const { chapters, categories } = parseIcd(raw);
    return new IcdCoder(chapters, categories);
  }

  static load(file: string = DEFAULT_ICD_FILE): IcdCoder {
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    } catch (cause) {
      throw new IcdError('ICD_DATA_UNREADABLE', `cannot read ICD-10 data file ${path.basename(file)}`, { cause });
    }
    return IcdCoder.fromData(raw);
  }

  /** A category by code; accepts "E11", "e11", "E11.9", "I68*". */
  get(code: string): IcdCategory | undefined {
    const m = CODE_RE.exec(nfkc(code).trim());
    return m?.[1] ? this.byCode.get(m[1].toUpperCase()) : undefined;
  }

  chapterOf(code: string): IcdChapter | undefined {
    const cat = this.get(code);
    return cat ? this.chapterById.get(cat.chapter) : undefined;
  }

  /** Categories of a chapter, by roman numeral ("IV") or range ("E00-E90"). */
  inChapter(chapter: string): IcdCategory[] {
    const ch = this.chapters.find((c) => c.id === chapter || c.range === chapter);
    return ch ? this.categories.filter((c) => c.chapter === ch.id) : [];
  }

  /**
   * Exact code, exact name, alias, then fuzzy match (character-bigram Dice for Chinese, tokens
   * with a bounded edit distance for English). Unknown terms give an empty list: codes are
   * never invented.
   */
  lookup(query: string, options: IcdLookupOptions = {}): IcdMatch[] {
    if (typeof query !== 'string' || query.length > MAX_QUERY_LENGTH) {
      throw new IcdError('ICD_BAD_QUERY', `query must be a string of at most ${MAX_QUERY_LENGTH} characters`);
    }
    const q = nfkc(query).trim();
    const limit = Math.max(1, Math.min(options.limit ?? 5, 50));
    if (q === '') return [];
    const byCode = this.get(q);
    if (CODE_RE.test(q)) return byCode ? [this.match(byCode.code, SCORE.code, 'code', byCode.code)] : [];

    const lang: IcdLang = options.lang ?? (hasCjk(q) ? 'zh' : 'en');
    const best = new Map<string, IcdMatch>();
    const offer = (m: IcdMatch): void => {
      const cur = best.get(m.code);
      if (!cur || m.score > cur.score) best.set(m.code, m);
    };
    for (const t of this.exact.get(key(q)) ?? []) {
      if (t.lang !== lang) continue;
      const score = t.kind === 'name' ? SCORE.name : t.secondary ? SCORE.secondary : SCORE.alias;
      offer(this.match(t.code, score, t.kind, t.text));
    }
    for (const m of this.fuzzy(q, lang)) offer(m);
    return [...best.values()].sort((a, b) => b.score - a.score || a.code.localeCompare(b.code)).slice(0, limit);
  }

  /** Conditions mentioned in free Chinese/English text, in order of first mention. */
  extractFromText(text: string): IcdMention[] {
    const out: IcdMention[] = [];
    this.scan ??= buildScanIndex(this.terms);
    for (const hit of scanMentions(this.scan, text)) {
      if (out.some((m) => m.code === hit.code)) continue;
      const cat = this.byCode.get(hit.code);
      const chapter = cat ? this.chapterById.get(cat.chapter) : undefined;
      if (!cat || !chapter) continue;
      out.push({ code: cat.code, name_zh: cat.name_zh, name_en: cat.name_en ?? null, chapter, matched: hit.matched, negated: hit.negated });
    }
    return out;
  }

  private fuzzyIndex(lang: IcdLang): FuzzyIndex {
    const cached = this.fuzzyIndexes.get(lang);
    if (cached) return cached;
    const terms = this.terms.filter((t) => t.lang === lang);
    const index: FuzzyIndex = { terms, grams: [], postings: new Map(), toks: [], vocab: new Set() };
    terms.forEach((t, i) => {
      if (lang === 'zh') {
        const g = bigrams(t.key);
        index.grams.push(g);
        for (const b of g) {
          const list = index.postings.get(b);
          if (list) list.push(i);
          else index.postings.set(b, [i]);
        }
      } else {
        const tk = tokens(t.text);
        index.toks.push(tk);
        for (const w of tk) index.vocab.add(w);
      }
    });
    this.fuzzyIndexes.set(lang, index);
    return index;
  }

  private fuzzy(q: string, lang: IcdLang): IcdMatch[] {
    const idx = this.fuzzyIndex(lang);
    const scored: [number, number][] = lang === 'zh' ? this.fuzzyZh(q, idx) : this.fuzzyEn(q, idx);
    const out: IcdMatch[] = [];
    for (const [i, sim] of scored) {
      const t = idx.terms[i];
      if (!t || sim < FUZZY_MIN[lang]) continue;
      const score = Math.round(SCORE.fuzzy * sim * (t.secondary ? 0.9 : 1) * 1000) / 1000;
      out.push(this.match(t.code, score, 'fuzzy', t.text));
    }
    return out;
  }

  /** Only terms sharing a bigram with the query can reach the threshold. */
  private fuzzyZh(q: string, idx: FuzzyIndex): [number, number][] {
    const qk = key(q);
    const qg = bigrams(qk);
    const candidates = new Set<number>();
    for (const b of qg) for (const i of idx.postings.get(b) ?? []) candidates.add(i);
    return [...candidates].map((i) => [i, zhSimilarity(qk, qg, idx.terms[i]?.key ?? '', idx.grams[i] ?? new Set())]);
  }

  /** Query tokens are compared once against the vocabulary, then terms are scored from that table. */
  private fuzzyEn(q: string, idx: FuzzyIndex): [number, number][] {
    const qt = tokens(q);
    const near = new Map<string, Map<string, number>>();
    for (const w of qt) {
      const m = new Map<string, number>();
      for (const v of idx.vocab) {
        const sim = enSimilarity([w], [v]);
        if (sim > 0) m.set(v, sim);
      }
      near.set(w, m);
    }
    const out: [number, number][] = [];
    idx.toks.forEach((ct, i) => {
      if (ct.length === 0 || !ct.some((c) => qt.some((w) => near.get(w)?.has(c)))) return;
      out.push([i, enSimilarity(qt, ct, (w, c) => near.get(w)?.get(c) ?? 0)]);
    });
    return out;
  }

  private match(code: string, score: number, matched_by: IcdMatchKind, matched: string): IcdMatch {
    const cat = this.byCode.get(code) as IcdCategory;
    const chapter = this.chapterById.get(cat.chapter) as IcdChapter;
    return { code, name_zh: cat.name_zh, name_en: cat.name_en ?? null, chapter, score, matched_by, matched };
  }
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v !== '';

function parseIcd(raw: unknown): { chapters: IcdChapter[]; categories: IcdCategory[] } {
  const bad = (msg: string): IcdError => new IcdError('ICD_SCHEMA', msg);
  if (!isRec(raw) || !Array.isArray(raw['chapters']) || !Array.isArray(raw['categories'])) {
    throw bad('expected {"chapters": [...], "categories": [...]}');
  }
  const chapters = raw['chapters'].map((c, i): IcdChapter => {
    if (!isRec(c) || !['id', 'range', 'from', 'to', 'name_zh', 'name_en'].every((k) => isStr(c[k]))) {
      throw bad(`chapters[${i}] is incomplete`);
    }
    return { id: c['id'], range: c['range'], from: c['from'], to: c['to'], name_zh: c['name_zh'], name_en: c['name_en'] } as IcdChapter;
  });
  const chapterIds = new Set(chapters.map((c) => c.id));
  const seen = new Set<string>();
  const categories = raw['categories'].map((c, i): IcdCategory => {
    if (!isRec(c) || !isStr(c['code']) || !/^[A-Z]\d{2}$/.test(c['code']) || !isStr(c['name_zh']) || !isStr(c['chapter'])) {
      throw bad(`categories[${i}] is incomplete`);
    }
    if (seen.has(c['code'])) throw bad(`duplicate code ${c['code']}`);
    if (!chapterIds.has(c['chapter'])) throw bad(`${c['code']} refers to unknown chapter ${c['chapter']}`);
    seen.add(c['code']);
    const strs = (k: string): string[] | undefined => {
      const v = c[k];
      if (v === undefined) return undefined;
      if (!Array.isArray(v) || !v.every(isStr)) throw bad(`${String(c['code'])}.${k} must be an array of strings`);
      return v;
    };
    const cat: IcdCategory = { code: c['code'], name_zh: c['name_zh'], chapter: c['chapter'] };
    if (c['mark'] === 'dagger' || c['mark'] === 'asterisk') cat.mark = c['mark'];
    if (isStr(c['name_en'])) cat.name_en = c['name_en'];
    if (isStr(c['block'])) cat.block = c['block'];
    const aliases = strs('aliases');
    const secondary = strs('secondary');
    if (aliases) cat.aliases = aliases;
    if (secondary) cat.secondary = secondary;
    return cat;
  });
  return { chapters, categories };
}
