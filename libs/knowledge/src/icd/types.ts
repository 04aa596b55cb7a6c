export type IcdLang = 'zh' | 'en';
export type IcdMatchKind = 'code' | 'name' | 'alias' | 'fuzzy';

export interface IcdChapter {
  /** Roman numeral, e.g. "IV". */
  id: string;
  /** Code range, e.g. "E00-E90". */
  range: string;
  from: string;
  to: string;
  name_zh: string;
  name_en: string;
}

export interface IcdCategory {
  /** Three-character category, e.g. "E11" (dagger/asterisk marks live in `mark`). */
  code: string;
  mark?: 'dagger' | 'asterisk';
  name_zh: string;
  name_en?: string;
  /** Chapter id (roman numeral). */
  chapter: string;
  /** Block range, e.g. "E10-E14". */
  block?: string;
  aliases?: string[];
  secondary?: string[];
}

export interface IcdMatch {
  code: string;
  name_zh: string;
  name_en: string | null;
  chapter: IcdChapter;
  /** 1 for an exact code; lower for names, aliases and fuzzy matches. */
  score: number;
  matched_by: IcdMatchKind;
  /** The name or alias the query matched. */
  matched: string;
}

export interface IcdLookupOptions {
  /** Restrict names/aliases to one language; by default inferred from the query. */
  lang?: IcdLang;
  /** Maximum number of results (default 5). */
  limit?: number;
}

export interface IcdMention {
  code: string;
  name_zh: string;
  name_en: string | null;
  chapter: IcdChapter;
  /** The wording found in the text (NFKC-normalised, lower case). */
  matched: string;
  /** Preceded by a simple negation ("没有", "无", "denies", "no history of"). */
  negated: boolean;
}
