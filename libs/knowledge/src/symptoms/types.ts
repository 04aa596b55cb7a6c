export type SymptomLang = 'zh' | 'en';

export interface AnalyzeOptions {
  /** Language of names and reasons; by default inferred from the text (any CJK → zh). */
  lang?: SymptomLang;
  /** Maximum number of candidates (default 5, at most 20). */
  limit?: number;
  age?: number;
  sex?: 'male' | 'female';
}

export interface ExtractedSymptom {
  /** Canonical wording in the request language (a KG-only term keeps its own wording). */
  canonical: string;
  /** The wording as it appears in the input. */
  matched: string;
  /** UTF-16 offsets into the input string. */
  start: number;
  end: number;
  negated: boolean;
}

export interface SymptomCandidate {
  condition_id: string;
  name: string;
  /** 0..1; comparable within one call only. */
  score: number;
  matched_symptoms: string[];
  reasons: string[];
  suggested_tests: string[];
  source: string;
}

export interface SymptomAnalysis {
  symptoms: ExtractedSymptom[];
  candidates: SymptomCandidate[];
  /** Fragments of the input that name no known symptom (filler words removed). */
  unrecognized: string[];
}

// ---- shipped data (see libs/knowledge/data/symptoms) ----

export interface KgDisease {
  id: string;
  name_zh: string;
  name_en: string;
  aliases_zh: string[];
  aliases_en: string[];
  site: string;
  site_en?: string;
  symptoms_zh: string[];
  symptoms_en: string[];
  description_zh?: string;
  population_zh?: string;
  population_en?: string;
  sex?: 'male' | 'female';
  age_group?: 'child' | 'older';
  source: string;
}

export interface SynonymGroup {
  id: string;
  zh: string[];
  en: string[];
}

export interface CuratedCondition {
  id: string;
  name_zh: string;
  name_en: string;
  symptoms_zh: string[];
  symptoms_en: string[];
  tests_zh: string[];
  tests_en: string[];
  source: string;
  /** KG diseases this entry replaces; their symptoms are merged in and they are not listed. */
  kg_ids?: string[];
}

export interface SiteTestRule {
  site: string[];
  tests_zh: string[];
  tests_en: string[];
}

export interface SymptomData {
  diseases: KgDisease[];
  groups: SynonymGroup[];
  /** Source terms that are not symptoms ("etc", "感染"); never matched in text. */
  ignore: string[];
  conditions: CuratedCondition[];
  siteTests: SiteTestRule[];
}
